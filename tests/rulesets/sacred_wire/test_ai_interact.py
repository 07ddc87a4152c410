"""The heuristic squad works the missions played by an Interact within 1" (C4.3): the model of
a side nearest a marker it may work goes to within reach of it, along the way round the
terrain, and there works it before it moves or attacks: a signal marker to claim (M7.1), the
enemy's conduit to cut (M8.1), the terminal (M9.1, M11.1), the relay to Examine (M13.1)."""

from __future__ import annotations

import math

import pytest
from tests.rulesets.sacred_wire.helpers import R, board, rect
from tests.rulesets.sacred_wire.test_interact_missions import AT_S1, AT_TERMINAL, SIGNALS, TERMINAL
from tests.rulesets.sacred_wire.test_missions import ended
from tests.rulesets.sacred_wire.test_sabotage import AT_CB, CONDUITS
from tests.rulesets.sacred_wire.test_signal import AT_RELAY, RELAY

from skirmish.engine.action import Action
from skirmish.engine.game import Game
from skirmish.players import HeuristicPlayer
from skirmish.rulesets.sacred_wire.ai import heuristic
from skirmish.rulesets.sacred_wire.game.activation import Activation
from skirmish.rulesets.sacred_wire.game.state import Objective, WireGame
from skirmish.rulesets.sacred_wire.missions import interact, zones

#: A wall between a model at (12, 13) and the enemy's conduit CB at (12, 18), its east end the
#: nearer.
WALL = board({"id": "wall", "kind": "impassable", "height": 3.0, "polygon": rect(4, 15, 16, 16)})


def _pull(game: WireGame, mid: str) -> zones.Pull:
    """The heuristic's mission pull of model ``mid``."""
    m = game.model(mid)
    return zones.mission_pull(game, m, interact.work_points(game, m))


@pytest.mark.parametrize(
    ("kind", "markers", "at", "marker", "state"),
    [
        ("triangulation", SIGNALS, AT_S1, "S1", {}),
        ("sabotage", CONDUITS, AT_CB, "CB", {}),
        ("heist", TERMINAL, AT_TERMINAL, "terminal", {}),
        ("lockdown", TERMINAL, AT_TERMINAL, "terminal", {}),
        ("the-signal", RELAY, AT_RELAY, "relay", {"control": 0, "redirects": ("failed", "")}),
    ],
)
def test_c4_3_the_ai_works_a_marker_in_reach_before_it_moves_or_shoots(
    kind: str,
    markers: tuple[Objective, ...],
    at: tuple[float, float],
    marker: str,
    state: dict[str, object],
) -> None:
    # Mara Voss (A1) stands 0.51" from the marker, Ilse (B1) in her sights 7" off with 2
    # Health left: a shot may well take her Out of Action, but the mission comes first.
    placed = {"A1": at, "B1": {"pos": (at[0] + 7.0, at[1]), "health": 2}}
    game: Game = ended(kind, placed, markers, round=2, steps=[Activation("A1")], **state)
    assert game.decision is not None
    assert any(o.kind == "shoot" for o in game.decision.options)
    assert HeuristicPlayer(0).choose(game) == Action("interact", ("A1", marker))


def test_m7_1_the_model_nearest_an_unclaimed_marker_goes_within_reach_of_it() -> None:
    # S1 at (6, 12): Mara Voss (A1) 4" off, Rook (A2) further; S2 and S3 are claimed already.
    claimed = (SIGNALS[0], *(Objective(o.marker, o.x, o.y, held_by=0) for o in SIGNALS[1:]))
    placed = {"A1": (6.0, 7.5), "A2": (6.0, 2.0), "B1": (20.0, 22.0)}
    game = ended("triangulation", placed, claimed, round=2, steps=[Activation("A1")])
    assert _pull(game, "A1").take == ((6.0, 12.0), None)
    assert _pull(game, "A2").take is None  # a friend is nearer: it holds the markers' zones
    choice = HeuristicPlayer(0).choose(game)
    assert choice.kind == "move" and choice.point is not None
    assert math.dist(choice.point, (6.0, 12.0)) - R <= 1.0


def test_m8_1_the_ai_heads_round_the_terrain_for_the_enemy_conduit() -> None:
    placed = {"A1": (12.0, 13.0), "B1": (2.0, 22.0)}
    game = ended("sabotage", placed, CONDUITS, round=2, steps=[Activation("A1")], board=WALL)
    a1 = game.model("A1")
    goal = ((12.0, 18.0), None)
    straight = math.dist(a1.pos, goal[0]) - R
    assert zones.work_gap(game, a1, goal) > straight + 2.0  # round the wall's end
    into, round_end = Action.at("move", ("A1",), 12, 14.4), Action.at("move", ("A1",), 15, 13)
    nearer, on_the_way = heuristic.score_actions(game, [into, round_end])
    assert on_the_way > nearer
    choice = HeuristicPlayer(0).choose(game)
    assert choice.kind == "move" and choice.point is not None and choice.point[0] > 13.5
