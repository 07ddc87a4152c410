"""The heuristic player with a package to carry off (M13.2 The Source; the same scoring serves
M1.1 and M12.1), models placed by hand: the model nearest the package goes to take it and
takes it before any attack, and no other friend is pulled to it; the carrier's friends are
free of it; the carrier's moves are worth the inches they gain along the shortest way to its
exit edge round the terrain (``missions/ways.py``), a move back loses, and an attack is worth
half as much to it."""

from __future__ import annotations

import math

import pytest
from tests.rulesets.sacred_wire.helpers import R, board, rect
from tests.rulesets.sacred_wire.test_source import AT_SOURCE, carried, source_game

from skirmish.engine.action import Action
from skirmish.geometry.board import Edge
from skirmish.players import HeuristicPlayer
from skirmish.rulesets.sacred_wire.ai import heuristic
from skirmish.rulesets.sacred_wire.game.activation import Activation
from skirmish.rulesets.sacred_wire.game.state import WireGame
from skirmish.rulesets.sacred_wire.missions import interact, ways, zones

CENTRE = (12.0, 12.0)  # where the Source lies
#: A wall between the centre and the north edge (the Interceptor's, the Extractor's way out),
#: its east end the nearer.
WALL = board({"id": "wall", "kind": "impassable", "height": 3.0, "polygon": rect(4, 15, 16, 16)})


def _pull(game: WireGame, mid: str) -> zones.Pull:
    """The heuristic's mission pull of model ``mid``."""
    m = game.model(mid)
    return zones.mission_pull(game, m, interact.work_points(game, m))


def test_m13_2_the_ai_sends_the_model_nearest_the_source_to_take_it() -> None:
    placed = {"A2": (12.0, 8.5), "A4": (12.0, 4.0), "B1": (20.0, 22.0)}
    game = source_game(placed, round=1, steps=[Activation("A2")])
    assert _pull(game, "A2").take is not None
    assert _pull(game, "A4").weight == 0.0  # a friend is nearer
    choice = HeuristicPlayer(0).choose(game)
    assert choice.kind == "move" and choice.point is not None
    assert math.dist(choice.point, CENTRE) - R <= 1.0  # within reach of the Source


def test_m13_2_the_ai_takes_the_source_before_any_attack() -> None:
    game = source_game({"A1": AT_SOURCE, "B2": (12.0, 16.0)}, round=2, steps=[Activation("A1")])
    assert game.decision is not None
    assert any(a.kind == "shoot" for a in game.decision.options)
    assert HeuristicPlayer(0).choose(game).kind == "interact"


def test_m13_2_the_carriers_friends_are_free_of_it_its_enemies_hunt_it() -> None:
    placed = {"A1": (12.0, 14.0), "A2": (12.0, 10.0), "B1": (20.0, 22.0)}
    game = source_game(placed, carried("A1", 12.0, 14.0), round=3, steps=[])
    assert _pull(game, "A2").weight == 0.0
    assert _pull(game, "B1").targets[0][0] == (12.0, 14.0)


def test_m13_2_the_way_out_goes_round_the_terrain() -> None:
    game = source_game({"A2": (12.0, 13.0), "B1": (2.0, 2.0)}, board=WALL, steps=[])
    spot = game.board
    straight = spot.distance_to_edge((12.0, 13.0), R, Edge.NORTH)
    assert ways.way_to_edge(spot, (12.0, 13.0), R, None, Edge.NORTH) > straight + 2.0
    goal = ways.along_way(spot, (12.0, 13.0), R, Edge.NORTH, 3.0)
    assert goal is not None and goal[0] > 13.0  # toward the wall's nearer end


def test_m13_2_the_carrier_heads_round_the_wall_not_into_it() -> None:
    game = source_game(
        {"A2": (12.0, 13.0), "B1": (2.0, 2.0)},
        carried("A2", 12.0, 13.0),
        round=3,
        steps=[Activation("A2")],
        board=WALL,
    )
    into, round_end = Action.at("move", ("A2",), 12, 14.4), Action.at("move", ("A2",), 15, 13)
    nearer_edge, on_the_way = heuristic.score_actions(game, [into, round_end])
    assert on_the_way > nearer_edge
    choice = HeuristicPlayer(0).choose(game)
    assert choice.kind == "move" and choice.point is not None and choice.point[0] > 13.5


def test_m13_2_a_carriers_move_back_loses() -> None:
    game = source_game(
        {"A1": (12.0, 14.0), "B1": (2.0, 2.0)},
        carried("A1", 12.0, 14.0),
        round=3,
        steps=[Activation("A1")],
    )
    back, on = Action.at("move", ("A1",), 12, 11), Action.at("move", ("A1",), 12, 17)
    backward, forward = heuristic.score_actions(game, [back, on])
    assert backward < 0.0 < forward
    assert forward == pytest.approx(heuristic.CARRY * 3.0)


def test_m13_2_an_attack_is_worth_half_to_the_carrier() -> None:
    placed = {"A1": (12.0, 14.0), "B2": (12.0, 8.0)}
    free = source_game(placed, round=3, steps=[Activation("A1")])
    holding = source_game(placed, carried("A1", 12.0, 14.0), round=3, steps=[Activation("A1")])
    assert holding.decision is not None
    shot = next(o for o in holding.decision.options if o.kind == "shoot")
    (worth,) = heuristic.score_actions(free, [shot])
    (carrying,) = heuristic.score_actions(holding, [shot])
    assert carrying == worth * heuristic.CARRIER_FIGHT
