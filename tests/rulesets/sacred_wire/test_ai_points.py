"""The moves an AI weighs (game/points.py): every candidate is a legal move, and an approach
toward an enemy goes round the terrain first and round the bases where they stand in that
way."""

from __future__ import annotations

import math

from tests.rulesets.sacred_wire.helpers import TOUCH, R, board, rect, scenario

from skirmish.engine.decision import PointSpec
from skirmish.geometry.paths import plan_path
from skirmish.geometry.shapes import Point
from skirmish.rulesets.sacred_wire.game.movement import move_error
from skirmish.rulesets.sacred_wire.game.points import candidate_points
from skirmish.rulesets.sacred_wire.game.state import WireGame

AWAY = {"A5": (1.0, 1.0)}
WALL = {"id": "wall", "kind": "impassable", "height": 3.0, "polygon": rect(8.0, 4.0, 9.0, 12.0)}


def _moves(game: WireGame) -> tuple[PointSpec, list[Point]]:
    assert game.decision is not None
    spec = next(s for s in game.decision.points if s.kind == "move")
    found = candidate_points(game, spec)
    for p in found:
        assert move_error(game, game.model(spec.args[0]), p, "move") is None, p
    return spec, found


def _gap(game: WireGame, p: Point, target: str) -> float:
    e = game.model(target)
    return math.dist(p, e.pos) - R - e.radius


def test_an_approach_to_an_enemy_in_reach_ends_in_contact() -> None:
    game = scenario({"A1": (5.0, 5.0), "B1": (8.5, 5.0), **AWAY}, act="A1")  # Move 4"
    _, found = _moves(game)
    assert min(_gap(game, p, "B1") for p in found) <= 0.5 + 0.01


def test_an_approach_goes_round_a_friend_standing_in_the_way() -> None:
    # A2 stands where the straight way to B1 would end: the approach finds another spot.
    placed = {"A1": (5.0, 5.0), "A2": (8.5 - TOUCH, 5.0), "B1": (8.5, 5.0), **AWAY}
    game = scenario(placed, act="A1")
    _, found = _moves(game)
    best = min(found, key=lambda p: _gap(game, p, "B1"))
    assert _gap(game, best, "B1") <= 0.5 + 0.01
    assert math.dist(best, game.model("A2").pos) >= TOUCH - 0.01


def test_an_approach_to_an_enemy_out_of_reach_goes_round_the_terrain() -> None:
    # The wall stands between A1 and B1, 12" away: 4" along the shortest way round it.
    game = scenario({"A1": (5.0, 6.0), "B1": (17.0, 6.0), **AWAY}, act="A1", board=board(WALL))
    _, found = _moves(game)
    a1, b1 = game.model("A1"), game.model("B1")
    way = plan_path(game.board, a1.pos, b1.pos, R, [])
    assert way is not None and way.points[1][1] < 4.0  # round the wall's nearer, south end
    x, y = way.point_at(4.0)
    assert (round(x, 2), round(y, 2)) in found


def test_an_approach_out_of_reach_stops_short_of_a_friend_at_its_end() -> None:
    # A2 stands where 4" toward the far B1 would end: a point back along the way is offered.
    placed = {"A1": (5.0, 5.0), "A2": (9.0, 5.0), "B1": (20.0, 5.0), **AWAY}
    game = scenario(placed, act="A1")
    _, found = _moves(game)
    ahead = [p for p in found if abs(p[1] - 5.0) < 0.01 and p[0] > 5.0]
    assert ahead and max(p[0] for p in ahead) <= 9.0 - TOUCH + 0.01


def test_c2_4_a_zealot_approaches_with_two_more_inches_only_to_end_engaged() -> None:
    near = scenario({"A3": (5.0, 5.0), "B2": (5.0, 5.0 + 7.5 + TOUCH), **AWAY}, act="A3")
    _, found = _moves(near)
    assert min(_gap(near, p, "B2") for p in found) <= 1.0  # 6.6" of 5" + 2": Engaged
    far = scenario({"A3": (5.0, 5.0), "B2": (5.0, 20.0), **AWAY}, act="A3")
    _, found = _moves(far)
    toward = max(found, key=lambda p: p[1])
    assert math.isclose(toward[1], 10.0, abs_tol=0.01)  # the Zealot's Move 5", no more


def test_the_moves_weighed_are_found_anew_wherever_the_bases_stand() -> None:
    # Found once per placement of the models: an enemy that moves is approached where it is.
    game = scenario({"A1": (5.0, 5.0), "B1": (8.5, 5.0), **AWAY}, act="A1")
    _, first = _moves(game)
    game.model("B1").y = 8.5
    _, moved = _moves(game)
    assert min(_gap(game, p, "B1") for p in moved) <= 0.5 + 0.01
    assert moved != first
    game.model("B1").y = 5.0
    assert _moves(game)[1] == first
