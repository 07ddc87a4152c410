"""Whole games: random and heuristic players finish them, every event cites a rule and reads
as a sentence, and records replay."""

from __future__ import annotations

import re

from skirmish.contract import random_game
from skirmish.players import HeuristicPlayer, RandomPlayer, play
from skirmish.rulesets import find_ruleset

RULESET = find_ruleset("sacred-wire")
RULE_ID = re.compile(r"^[CRIKM]\d+(\.\d+)?$")


def test_random_games_cite_a_rule_for_every_event_and_read_as_sentences() -> None:
    seen: set[str] = set()
    for seed in range(12):
        game = random_game(RULESET, seed, deep=seed == 0)
        assert game.result is not None
        for event in game.log:
            assert RULE_ID.match(event.rule), (event.kind, event.rule)
            line = game.describe(event)
            assert "{" not in line and not line.startswith(f"{event.kind} {{"), line
            seen.add(event.kind)
    assert {"attack", "damaged", "moved", "activation", "blessings", "game-over"} <= seen


def test_k1_2_game_length_is_five_to_seven_rounds_unless_no_squad_model_is_left() -> None:
    for seed in range(20):
        game = random_game(RULESET, seed)
        rounds = RULESET.game_length(game)
        assert game.result is not None
        if not any(e.kind == "no-squad-left" for e in game.log):
            assert 5 <= rounds <= 7


def test_heuristic_players_finish_a_game() -> None:
    game = RULESET.new_game({}, 3)
    play(game, [HeuristicPlayer(1), RandomPlayer(2)])
    assert game.result is not None


def test_other_squads_play_too() -> None:
    setup = {"squad_a": "night-shift", "squad_b": "wrecking-crew"}
    for seed in range(5):
        game = random_game(RULESET, seed, setup)
        assert game.result is not None
