"""Setting up the two-squad game: options, the Boss roll-off, table edges, deployment and the
Scouts' move (K1.2, C2.4), and the board (K1.1)."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest
from tests.rulesets.sacred_wire.helpers import dice_left, events, options, script

from skirmish.dice import ScriptedDice
from skirmish.engine.game import Game
from skirmish.errors import SkirmishError
from skirmish.geometry.sight import Body, line_of_sight
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.sacred_wire.squads.squad import sample_squad_path

RULESET = find_ruleset("sacred-wire")


def test_ruleset_ids_and_sides() -> None:
    assert find_ruleset("sw28") is RULESET
    assert find_ruleset("sacred-wire-28") is RULESET
    assert RULESET.sides == ("A", "B", "Hostiles", "Coworkers")
    assert RULESET.automata == frozenset({2, 3}) and RULESET.default_sides().players == (0, 1)


def test_setup_defaults_embed_both_squads_as_data() -> None:
    setup = RULESET.normalize_setup({})
    assert setup["board"]["name"] == "Conduit Junction"
    assert setup["squad_a"]["name"] == "Wrecking Crew"
    assert setup["squad_b"]["name"] == "Firing Line"
    # Normalizing a normalized setup changes nothing (records replay anywhere).
    assert RULESET.normalize_setup(json.loads(json.dumps(setup))) == setup


def test_setup_accepts_sample_names_files_and_data(tmp_path: Path) -> None:
    setup = RULESET.normalize_setup(
        {"squad_a": "night-shift", "squad_b": str(sample_squad_path("wrecking-crew"))}
    )
    assert (setup["squad_a"]["name"], setup["squad_b"]["name"]) == ("Night Shift", "Wrecking Crew")
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(setup["squad_a"]))
    again = RULESET.normalize_setup({"squad_a": str(path)})
    assert again["squad_a"] == setup["squad_a"]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"colour": "red"}, "unknown setup option"),
        ({"squad_a": "no-such-squad"}, "no-such-squad"),
        ({"squad_b": 3}, "squad_b"),
        ({"board": "no-such-board"}, "no shipped board"),
        ({"squad_a": {"name": "Two", "models": []}}, "exactly 5"),
    ],
)
def test_setup_errors_are_one_line(options: dict[str, object], message: str) -> None:
    with pytest.raises(SkirmishError, match=message) as err:
        RULESET.normalize_setup(options)
    assert "\n" not in str(err.value)


def _game(dice: list[tuple[str, int]]) -> Game:
    game = Game(RULESET, RULESET.normalize_setup({}), 0, ScriptedDice(dice))
    RULESET.start(game)
    return game


def test_k1_2_boss_roll_off_then_the_first_player_picks_an_edge() -> None:
    # Mara Voss (Wits 2d6) 5 against Ilse Marrow (Wits 2d6) 9: side B is First Player.
    game = _game(script("roll-off", 2, 3, "roll-off", 4, 5))
    assert events(game, "roll-off")[0].data == {"winner": 1, "totals": [5, 9]}
    assert game.decision is not None and game.decision.player == 1
    assert options(game) == ["edge north", "edge south", "edge east", "edge west"]
    game.apply("edge west")
    assert game.state.edges == ("east", "west")


def test_k1_2_roll_off_tie_at_the_same_tier_rolls_again() -> None:
    game = _game(script("roll-off", 3, 3, "roll-off", 4, 2, "roll-off", 1, 1, "roll-off", 1, 2))
    assert game.state.first == 1
    assert dice_left(game) == []


def test_k1_2_second_player_deploys_first_then_alternate_within_3() -> None:
    game = _game(script("roll-off", 6, 6, "roll-off", 1, 1))
    game.apply("edge south")  # side A is First Player: side B deploys first, on the north
    assert game.decision is not None and game.decision.player == 1
    assert len(game.decision.points) == 5
    with pytest.raises(SkirmishError, match='within 3"'):
        game.apply("deploy B1 5,20.9")  # the base would reach 3.59" from the edge
    game.apply("deploy B1 5,21.5")
    assert game.decision is not None and game.decision.player == 0
    game.apply("deploy A1 5,2.5")
    assert game.decision is not None and game.decision.player == 1


def test_k1_2_first_player_takes_the_first_activation() -> None:
    game = _game(script("roll-off", 6, 6, "roll-off", 1, 1, "blessing", 1, 2, 3, 4, 5, 6))
    game.apply("edge south")
    for n in range(1, 6):
        game.apply(f"deploy B{n} {2 + 4 * n},22")
        game.apply(f"deploy A{n} {2 + 4 * n},2")
    # Wren Okafor (B4), the Scout, may move 3" after deployment (C2.4).
    assert game.decision is not None and game.decision.kind == "scout"
    game.apply("skip B4")
    assert game.decision is not None
    assert events(game, "first-draw")[0].data["side"] == 0
    assert game.decision.player == 0 and game.decision.kind == "activate"


def test_scout_moves_in_deployment_order() -> None:
    squads = {"squad_a": "night-shift", "squad_b": "firing-line"}
    game = Game(
        RULESET,
        RULESET.normalize_setup(squads),
        0,
        ScriptedDice(script("roll-off", 6, 6, "roll-off", 1, 1)),
    )
    RULESET.start(game)
    game.apply("edge south")
    for n in (4, 1, 2, 3, 5):
        game.apply(f"deploy B{n} {2 + 4 * n},22")
        game.apply(f"deploy A{n} {2 + 4 * n},2")
    # B4 deployed first, then A4 (Tamsin Reyes, the Night Shift's Scout).
    assert [e.kind for e in game.log if e.kind == "deployed"][:1] == ["deployed"]
    assert game.decision is not None and game.decision.prompt.startswith("Wren Okafor")
    game.apply("scout-move B4 18,20")
    assert game.model("B4").pos == (18.0, 20.0)
    assert game.decision is not None and game.decision.prompt.startswith("Tamsin Reyes")


# --- the board (K1.1) ---------------------------------------------------------------------------


def test_k1_1_board_is_24_by_24_with_dense_terrain() -> None:
    board = RULESET.board(RULESET.normalize_setup({}))
    assert (board.width, board.height) == (24.0, 24.0)
    rng = random.Random(7)
    r = 0.492

    def spot() -> tuple[float, float]:
        while True:
            p = (rng.uniform(r, 24 - r), rng.uniform(r, 24 - r))
            if board.placement_error(p, r, None) is None:
                return p

    seen = covered = long_open = 0
    for _ in range(1500):
        a, b = spot(), spot()
        s = line_of_sight(board, Body(a, r, None, 1.25), Body(b, r, None, 1.25))
        if s.visible:
            seen += 1
            covered += s.blocked_fraction > 0
            long_open += s.blocked_fraction == 0 and math.dist(a, b) > 12
    assert covered / seen >= 0.5  # at least half of the firing lanes give cover
    assert long_open / 1500 < 0.03  # open lanes longer than 12" are rare
    # No model sees across the whole board: edge strip to edge strip is nearly always blind.
    across = 0
    for _ in range(300):
        a = (rng.uniform(1, 23), rng.uniform(r, 3 - r))
        b = (rng.uniform(1, 23), rng.uniform(21 + r, 24 - r))
        across += line_of_sight(board, Body(a, r, None, 1.25), Body(b, r, None, 1.25)).visible
    assert across / 300 < 0.15
