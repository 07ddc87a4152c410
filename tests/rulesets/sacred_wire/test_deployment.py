"""The six deployments of the K1.3 Deployment table in play: the option, who picks, the zones,
the declared deployment edges, the loot's limits, and deployment inside the zones (K1.2;
notes A82, A84, A88, A98)."""

from __future__ import annotations

import os
from typing import Any

import pytest
from tests.rulesets.sacred_wire.helpers import (
    advance_to,
    board,
    events,
    open_board,
    options,
    rect,
    script,
    text,
    unchanged,
)

from skirmish.contract import random_game
from skirmish.dice import ScriptedDice
from skirmish.engine.game import Game
from skirmish.errors import SkirmishError
from skirmish.geometry.shapes import mm_to_inches
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.sacred_wire.game.state import Objective, WireGame
from skirmish.rulesets.sacred_wire.missions import deployment
from skirmish.rulesets.sacred_wire.missions.deployment import CORNERS

RULESET = find_ruleset("sacred-wire")
# Mara Voss 5 against Ilse Marrow 9: side B is First Player. With a mission, A has more
# Evidence, so A is the Aggressor and B the Defender (K1.3).
B_FIRST = script("roll-off", 2, 3, "roll-off", 4, 5)
A_FIRST = script("roll-off", 4, 5, "roll-off", 2, 3)


def _game(dice: list[tuple[str, int]], **options: Any) -> WireGame:
    setup = RULESET.normalize_setup({"board": open_board(), **options})
    game: WireGame = Game(RULESET, setup, 0, ScriptedDice(dice))
    RULESET.start(game)
    return game


def _mission(kind: str, dice: list[tuple[str, int]] = B_FIRST) -> WireGame:
    return _game(dice, deployment=kind, mission="control", evidence_a=2, advantages=[])


def test_k1_3_deployment_option_defaults_to_standard() -> None:
    setup = RULESET.normalize_setup({})
    assert setup["deployment"] == "standard"
    assert RULESET.setup_choices()["deployment"] == (
        "standard",
        "flanked",
        "corners",
        "split",
        "center",
        "crossfire",
    )


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"deployment": "wedge"}, r"deployment: unknown Deployment 'wedge'; known: standard, "),
        ({"deployment": 3}, r"unknown Deployment 3"),
        ({"deployment": "split"}, r"deployment 'split' needs a mission .*Aggressor and Defender"),
        ({"deployment": "center"}, r"deployment 'center' needs a mission"),
        ({"deployment": "crossfire"}, r"deployment 'crossfire' needs a mission"),
    ],
)
def test_k1_3_deployment_option_errors_are_one_line(
    options: dict[str, object], message: str
) -> None:
    with pytest.raises(SkirmishError, match=message) as err:
        RULESET.normalize_setup(options)
    assert "\n" not in str(err.value)


def test_k1_2_a_board_without_room_for_a_deployment_is_refused() -> None:
    # A board whose four corners are solid: no corner deployment fits.
    solid = [(0, 0), (20, 0), (0, 20), (20, 20)]
    walled = board(
        *(
            {"id": f"c{i}", "kind": "impassable", "height": 3, "polygon": rect(x, y, x + 4, y + 4)}
            for i, (x, y) in enumerate(solid)
        )
    )
    with pytest.raises(SkirmishError, match=r"no pick of the corners deployment leaves"):
        RULESET.normalize_setup({"board": walled, "deployment": "corners"})
    assert RULESET.normalize_setup({"board": walled})["deployment"] == "standard"


def test_k1_3_standard_first_player_picks_the_edge_opponent_opposite() -> None:
    game = _game(B_FIRST)
    assert options(game) == ["edge north", "edge south", "edge east", "edge west"]
    game.apply("edge west")
    assert game.state.zones == (("east",), ("west",))
    assert game.state.edges == ("east", "west")


def test_k1_3_flanked_both_squads_share_one_edge_from_opposite_corners() -> None:
    game = _game(B_FIRST, deployment="flanked")
    assert game.decision is not None and game.decision.player == 1  # the First Player
    assert "flank south south-west" in options(game) and len(options(game)) == 8
    game.apply("flank south south-east")
    st = game.state
    assert st.zones == (("south-west",), ("south-east",))
    assert st.edges == ("south", "south")
    assert 'side B (Firing Line) deploys in the 4" south-east corner  [K1.3]' in text(game)
    # Deployment: the Second Player (A) first, inside its corner only.
    unchanged(
        game,
        "deploy A1 6,2",
        r'the base must be wholly in the 4" south-west corner \(K1\.2, notes A82\)$',
    )
    game.apply("deploy A1 2,2")
    unchanged(game, "deploy B1 19.8,2", r"wholly in the 4\" south-east corner")
    game.apply("deploy B1 22,2")


def test_a98_corners_each_squad_declares_an_edge_of_its_corner() -> None:
    game = _game(A_FIRST, deployment="corners")
    assert options(game) == [f"corner {c}" for c in CORNERS]
    game.apply("corner north-west")
    assert game.state.zones == (("north-west",), ("south-east",))
    # The First Player (A) declares first, then B, each among its corner's two edges.
    assert game.decision is not None and game.decision.player == 0
    assert options(game) == ["edge north", "edge west"]
    game.apply("edge west")
    assert game.decision.player == 1 and options(game) == ["edge south", "edge east"]
    game.apply("edge south")
    assert game.state.edges == ("west", "south")
    assert [e.data for e in events(game, "edge")] == [
        {"side": 0, "edge": "west"},
        {"side": 1, "edge": "south"},
    ]
    assert game.decision.kind == "deploy"


def test_k1_3_split_aggressor_along_two_edges_defender_in_the_far_corner() -> None:
    game = _mission("split")  # B is First Player, but A, the Aggressor, picks (notes A84)
    advance_to(game, "split")
    assert game.decision is not None and game.decision.player == 0
    game.apply("split south-west")
    assert game.state.zones == (("south", "west"), ("north-east",))
    # B (First Player) declares first, then A between its two edges.
    assert options(game) == ["edge north", "edge east"]
    game.apply("edge north")
    assert options(game) == ["edge south", "edge west"]
    game.apply("edge west")
    assert game.state.edges == ("west", "north")
    game.apply("deploy A1 1,12")  # the west strip
    game.apply("deploy B1 22,22")
    game.apply("deploy A2 12,1")  # the south strip
    unchanged(
        game,
        "deploy B2 12,12",
        r'wholly in the 4" north-east corner \(K1\.2, notes A82\)$',
    )


def test_k1_3_center_defender_near_the_centre_aggressor_picks_an_edge() -> None:
    game = _mission("center")
    advance_to(game, "edge")
    assert game.decision is not None and game.decision.player == 0  # the Aggressor
    game.apply("edge east")
    st = game.state
    assert st.zones == (("east",), ("centre",)) and st.edges == ("east", "")
    assert game.decision.kind == "deploy"  # the Defender has no edge to declare (K1.2)
    game.apply("deploy A1 23,12")  # the Second Player (A) deploys first
    assert 'within 3" of the centre' in game.decision.points[0].hint
    unchanged(game, "deploy B1 12,15", r'wholly within 3" of the centre \(K1\.2, notes A82\)$')
    game.apply("deploy B1 12,14.4")


def test_k1_3_crossfire_aggressor_picks_first_then_the_squads_alternate() -> None:
    game = _mission("crossfire")
    advance_to(game, "corner")
    assert game.decision is not None and game.decision.player == 0
    game.apply("corner south-west")
    assert game.decision.player == 1
    assert options(game) == ["corner south-east", "corner north-west", "corner north-east"]
    game.apply("corner north-east")
    assert game.decision.player == 0
    assert options(game) == ["corner south-east", "corner north-west"]
    game.apply("corner north-west")
    assert game.state.zones == (("south-west", "north-west"), ("north-east", "south-east"))
    assert game.decision.kind == "edge"
    assert options(game) == ["edge north", "edge south", "edge east"]  # B's corners touch three


def test_a88_a_trail_keeps_deployment_edges_north_or_south() -> None:
    game = _game(A_FIRST, deployment="corners", loot="trail")
    advance_to(game, "corner")
    game.apply("corner south-east")
    # Each corner touches one of north and south: declared for both squads, no question.
    assert game.state.edges == ("south", "north")
    assert game.decision is not None and game.decision.kind == "deploy"


def test_a88_the_split_aggressor_keeps_off_the_edge_stash() -> None:
    game = _game(
        A_FIRST,
        deployment="split",
        mission="control",
        evidence_a=2,
        loot="edge-stash",
        advantages=[],
    )
    advance_to(game, "stash-edge")
    game.apply("stash-edge west")
    advance_to(game, "split")
    assert options(game) == ["split south-east", "split north-east"]


@pytest.mark.parametrize("kind", ["standard", "flanked", "corners", "split", "center", "crossfire"])
def test_k1_3_every_deployment_plays_random_games_to_the_end(kind: str) -> None:
    count = int(os.environ.get("SKIRMISH_DEPLOYMENT_GAMES", "3"))
    setup = {"deployment": kind, "mission": "control", "loot": "scattered"}
    for seed in range(count):
        game = random_game(RULESET, seed, setup)
        assert game.result is not None
        for e in events(game, "deployed"):
            m = game.model(e.models[0])
            at = (e.data["at"][0], e.data["at"][1])
            names = game.state.zones[m.side]
            assert any(deployment.inside(game.board, z, at, m.radius) for z in names), e


def test_heuristic_picks_the_corner_nearest_the_mission_markers() -> None:
    game = _game(A_FIRST, deployment="corners")
    game.state.objectives = (Objective("O1", 20.0, 3.0),)
    assert game.decision is not None
    scores = RULESET.score_actions(game, list(game.decision.options))
    best = game.decision.options[scores.index(max(scores))]
    assert best.to_text() == "corner south-east"


def test_k1_2_a_model_may_not_deploy_where_its_squad_would_have_no_room_left() -> None:
    # A wall fills the south-west corner above 2.2": two rows of bases fit below it. A base in
    # the middle of both rows leaves room for the other four, but a second one further along
    # would leave room for one model only: refused, and the squad still deploys in full.
    wall = {"id": "wall", "kind": "impassable", "height": 3, "polygon": rect(0, 2.2, 4, 4)}
    game = _game(B_FIRST, board=board(wall), deployment="flanked")
    game.apply("flank south south-east")
    game.apply("deploy A1 0.98,1.1")
    game.apply("deploy B1 22,2")
    unchanged(
        game,
        "deploy A2 2.95,1.1",
        r"^illegal action 'deploy A2 2\.95,1\.1': Tobias Valdez \(A2\) there would leave no room "
        r'in the 4" south-west corner for the 3 models still to deploy \(K1\.2, notes A82\)$',
    )
    game.apply("deploy A2 2.46,0.49")
    while game.decision is not None and game.decision.kind == "deploy":
        spec = game.decision.points[0]
        spot = RULESET.candidate_points(game, spec)[0]
        game.apply(f"deploy {spec.args[0]} {spot[0]},{spot[1]}")
    assert all(m.deployed for m in game.models if m.side < 2)


def test_k1_2_random_deployments_never_close_off_a_corner() -> None:
    # The setup whose random deployment once left its last model nowhere to stand: the
    # Defender's barricade in its own flank corner, the first four bases spread across it.
    setup = {
        "mission": "lockdown",
        "deployment": "flanked",
        "hostiles": "wave-callers",
        "evidence_a": 2,
        "leads_a": 3,
        "evidence_b": 1,
        "leads_b": 1,
        "coworkers": "normal-loot",
        "loot": "edge-stash",
        "loot_modifier": "timed",
        "advantages": ["place-loot", "redeploy", "free-search", "terrain"],
    }
    game = random_game(RULESET, 71870, setup)
    assert game.result is not None


def test_a82_room_counts_the_bases_already_down() -> None:
    # An open 4" corner holds sixteen 25 mm bases in a grid; a base down in its middle takes
    # four of those spots, and a packing round it finds no more than twelve.
    board_ = _game(B_FIRST).board
    r = mm_to_inches(25) / 2
    corner = ("south-west",)
    assert deployment.room_among(board_, corner, r, 16, ())
    assert not deployment.room_among(board_, corner, r, 17, ())
    middle = [((2.0, 2.0), r, None)]
    assert deployment.room_among(board_, corner, r, 12, middle)
    assert not deployment.room_among(board_, corner, r, 13, middle)
