"""The Fight scenario: the last side standing wins; a safeguard ends endless games."""

from __future__ import annotations

from dataclasses import replace

import pytest
from tests.rulesets.strange_aeons.helpers import (
    TOUCH,
    apply_all,
    dice_left,
    events,
    model,
    refused,
    scenario,
)

from skirmish.players.random import RandomPlayer
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.strange_aeons import turn
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.catalog import Catalog
from skirmish.rulesets.strange_aeons.state import AeonsGame, AeonsState
from skirmish.sim.runner import play_one


def test_fight_ends_when_one_side_has_no_models_the_other_wins() -> None:
    game = scenario(
        {"T1": (10.0, 10.0), "T2": (2.0, 22.0), "L1": (10.0 + TOUCH + 7.0, 10.0)},
        dice=[("to-hit", 3), ("to-hit", 1), ("to-wound", 4), ("injury", 4), ("injury", 4)],
    )
    apply_all(game, "nominate T1", "shoot T1 L1 double-barrelled-shotgun")
    assert model(game, "L1").removed == "Minor Injury"
    assert game.is_over and game.decision is None
    assert game.result is not None
    assert (game.result.winner, game.result.rule) == (0, "Fight: last side standing")
    over = events(game, "game-over")[0]
    assert over.data == {
        "winner": 0,
        "placing": [1, 2],
        "reason": "the Lurkers have no models left",
    }
    refused(game, "pass T1", "the game is over")
    assert not dice_left(game)


def test_fight_lurkers_win_when_the_threshold_are_gone() -> None:
    game = scenario(
        {
            "L1": (10.0, 10.0),
            "L2": (2.0, 2.0),
            "T2": {"pos": (10.0 + TOUCH + 7.0, 10.0), "lucky_used": True},
        },
        active=1,
        dice=[("to-hit", 4), ("to-wound", 6), ("injury", 6), ("injury", 6)],
    )
    apply_all(game, "nominate L1", "shoot L1 T2 shotgun")
    assert game.result is not None and game.result.winner == 1


def test_fight_round_limit_safeguard_is_a_draw() -> None:
    """A game still running after 100 rounds ends as a draw (a safeguard, not a rule)."""
    game = scenario(
        {"T1": (2.0, 2.0), "T2": (2.0, 22.0), "L1": (34.0, 22.0), "L2": (34.0, 2.0)}, active=1
    )
    st = game.state
    assert isinstance(st, AeonsState)
    st.round, st.turn = 100, 2  # the second turn of round 100
    apply_all(game, "nominate L1", "pass L1", "pass L1")
    assert game.result is not None
    assert (game.result.winner, game.result.rule) == (None, "Round limit (safeguard)")
    assert game.result.rule in find_ruleset("strange-aeons-intro").safeguards


def test_sa_a_simulated_game_the_round_limit_ends_is_stopped_not_drawn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A game the safeguard ends is no draw of the Fight's: a simulation counts it apart."""

    def one_round(game: AeonsGame) -> Catalog:
        cat = catalog_of(game)
        return replace(cat, scenario=cat.scenario.model_copy(update={"round_limit": 1}))

    monkeypatch.setattr(turn, "catalog_of", one_round)
    result = play_one("strange-aeons-intro", 5, ("random", "random"))
    assert (result.reason, result.rounds) == ("round limit of 1 reached", 1)
    assert result.placing == (1, 1) and result.stopped
    assert not result.drawn and result.winner is None


def test_fight_whole_game_from_set_up_to_the_end() -> None:
    """A whole introductory game between random players reaches a winner (or the limit)."""
    game = find_ruleset("strange-aeons-intro").new_game({"board": "default"}, 7)
    players = [RandomPlayer(1), RandomPlayer(2)]
    steps = 0
    while not game.is_over:
        assert game.decision is not None
        game.apply(players[game.decision.player].choose(game))
        steps += 1
        assert steps < 20_000
    assert game.result is not None
    st = game.state
    assert isinstance(st, AeonsState) and st.round >= 1
