"""Points for players: a random legal point for the random player and candidate points for
AIs to rank, for deploying (K1.2), moving, jumping (C4.4, C4.6), the Scouts' move (C2.4),
throwing a grenade (C4.14) and placing a Terrain piece (K1.4, :mod:`..missions.terrain`).
Every point is checked by the rule that judges a human's point (``deploy_error``,
``move_error``, ``throw_error``, ``place_error``), so a player never offers an illegal one."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

from skirmish.geometry.board import Board, Edge
from skirmish.geometry.memo import Memo
from skirmish.geometry.paths import path_clear, reach_toward, reach_within
from skirmish.geometry.shapes import Point
from skirmish.geometry.slides import random_reachable_point, ray_move
from skirmish.rulesets.sacred_wire.game.items import THROW_RANGE, throw_error
from skirmish.rulesets.sacred_wire.game.model import WireModel
from skirmish.rulesets.sacred_wire.game.movement import climb_spots, climbable_pieces, may_move
from skirmish.rulesets.sacred_wire.game.setup import (
    deploy_error,
    deploy_rects,
    keeping_room,
    scout_move,
    zone_error,
)
from skirmish.rulesets.sacred_wire.game.space import (
    blockers,
    bystander,
    enemies,
    in_play,
    placement,
    rivals,
)
from skirmish.rulesets.sacred_wire.missions import interact, terrain, zones
from skirmish.rulesets.sacred_wire.missions.ways import along_way
from skirmish.rulesets.sacred_wire.squads.roster import engage_move_bonus, move_allowance

if TYPE_CHECKING:
    from skirmish.engine.action import Action
    from skirmish.engine.decision import PointSpec
    from skirmish.rulesets.sacred_wire.game.state import WireGame

MOVES = ("move", "move-again", "jump", "scout-move")
ROUNDING = 0.01  # a point kept to the hundredth of an inch lies at most this far off
NEAR_SLACK = 1.0  # an enemy this much beyond a move's reach as the crow flies may be in reach
OFF = 0.5  # how far past an edge the point of a move off the table lies
DEPLOYS = ("deploy", "redeploy")  # a spot of the model's own deployment zone (K1.2, K1.4)
SHARES = (1.0, 0.75, 0.5)  # of the way toward an enemy out of reach, tried in turn
TAKE_STOP = 0.5  # a way to a marker ends with the base this near its point: within 1" (C4.3)
_DEPLOY_SPOTS = "sacred-wire deploy spots"  # the board's memo of them, by placement and zone
_DEPLOY_SPOTS_KEPT = 2_000
_OPEN_SPOTS = "sacred-wire open deploy spots"  # the board's memo of them, by zones and base
_OPEN_SPOTS_KEPT = 200
_MOVE_POINTS = "sacred-wire move points"  # the board's memo of them, by placement and question
_MOVE_POINTS_KEPT = 5_000


def sample_point(game: WireGame, spec: PointSpec, uniform: Callable[[], float]) -> Point | None:
    """A random legal point of a model's point choice (``spec.args[0]`` is the model), or of
    a Terrain piece's (K1.4 Setup 4)."""
    if spec.kind == terrain.PLACE:
        return terrain.sample_point(game, spec, uniform)
    m = game.model(spec.args[0])
    if spec.kind in DEPLOYS:
        return _sample_deploy(game, m, uniform)
    if spec.kind in MOVES:
        return _sample_move(game, m, spec, uniform)
    if spec.kind == "throw":
        return _sample_throw(game, m, uniform)
    choices = candidate_points(game, spec)
    return choices[int(uniform() * len(choices))] if choices else None


def candidate_points(game: WireGame, spec: PointSpec) -> list[Point]:
    """Legal points of a model's point choice for an AI to rank: spots across its deployment
    zone, the enemies it may throw at, or moves in 12 directions and toward each enemy; and a
    Terrain piece's spots on a grid (K1.4 Setup 4)."""
    if spec.kind == terrain.PLACE:
        return terrain.candidate_points(game, spec)
    m = game.model(spec.args[0])
    if spec.kind in DEPLOYS:
        return _deploy_candidates(game, m)
    if spec.kind == "throw":
        found = []
        for e in enemies(game, m):
            p = _spot(e.pos)
            if throw_error(game, m, p) is None:
                found.append(p)
        return found
    return _move_candidates(game, m, spec)


def takes_point(game: WireGame, action: Action) -> bool:
    """Whether the rules take the point of ``action``, an answer to one of the pending
    decision's point choices (``game.point_error`` finds nothing), with no reason worked out:
    a move's by :func:`.may_move`, its way searched no further than its Move."""
    assert game.decision is not None and action.point is not None
    spec = game.decision.spec_for(action)
    if spec is not None and spec.kind in MOVES:
        return _ok(game, game.model(spec.args[0]), spec, action.point)
    return game.point_error(action) is None


def _sample_throw(game: WireGame, m: WireModel, uniform: Callable[[], float]) -> Point | None:
    for _ in range(20):
        angle = math.tau * uniform()
        d = m.radius + THROW_RANGE * math.sqrt(uniform())
        p = _spot((m.x + d * math.cos(angle), m.y + d * math.sin(angle)))
        if throw_error(game, m, p) is None:
            return p
    return None


def _reach(game: WireGame, m: WireModel, spec: PointSpec) -> float:
    if spec.kind == "scout-move":
        return scout_move(game, m)
    return move_allowance(game, m)


def _kind(spec: PointSpec) -> str:
    return "scout" if spec.kind == "scout-move" else spec.kind


def _ok(game: WireGame, m: WireModel, spec: PointSpec, p: Point) -> bool:
    return may_move(game, m, p, _kind(spec), _reach(game, m, spec))


def _sample_deploy(game: WireGame, m: WireModel, uniform: Callable[[], float]) -> Point | None:
    rects = deploy_rects(game, m)
    for _ in range(60):
        x0, y0, x1, y1 = rects[int(uniform() * len(rects))] if len(rects) > 1 else rects[0]
        p = _spot((x0 + (x1 - x0) * uniform(), y0 + (y1 - y0) * uniform()))
        if deploy_error(game, m, p) is None:
            return p
    spots = _deploy_candidates(game, m)  # a crowded corner: take a spot of the grid
    return spots[int(uniform() * len(spots))] if spots else None


def _deploy_candidates(game: WireGame, m: WireModel) -> list[Point]:
    """Spots on a grid across the model's deployment zones that :func:`deploy_error` takes:
    the same for every model of one base size waiting to deploy at one placement of the
    table (a deploy decision offers them all), so found once for them."""
    key = (
        placement(game),
        game.state.zones[m.side],
        m.radius,
        game.index[m.id] if m.on_table else -1,
    )
    memo: Memo[tuple[object, ...], tuple[Point, ...]] = game.board.memo(
        _DEPLOY_SPOTS, _DEPLOY_SPOTS_KEPT
    )
    return list(memo.remember(key, lambda: tuple(_deploy_grid(game, m))))


def _deploy_grid(game: WireGame, m: WireModel) -> list[Point]:
    """The spots of the grid the table, the zones and the terrain take (:func:`_open_spots`),
    but for those a base in play may overlap, which :func:`deploy_error` judges in full, and
    those that would leave the squad no room (:func:`.keeping_room`)."""
    bases = [(o.pos, o.radius + m.radius) for o in in_play(game) if o.id != m.id]
    spots = _open_spots(game, m)
    clear = {p for p in spots if all(math.dist(p, q) >= apart for q, apart in bases)}
    roomy = set(keeping_room(game, m, [p for p in spots if p in clear]))
    return [p for p in spots if p in roomy or (p not in clear and deploy_error(game, m, p) is None)]


def _open_spots(game: WireGame, m: WireModel) -> tuple[Point, ...]:
    """Spots on a grid across the model's deployment zones where its base stands wholly in
    them and clear of the terrain (:func:`.zone_error`, the board's placement with no base):
    the same wherever the models stand, so found once per board, zones and base."""
    memo: Memo[tuple[object, ...], tuple[Point, ...]] = game.board.memo(
        _OPEN_SPOTS, _OPEN_SPOTS_KEPT
    )
    return memo.remember((game.state.zones[m.side], m.radius), lambda: tuple(_zone_grid(game, m)))


def _zone_grid(game: WireGame, m: WireModel) -> list[Point]:
    board = game.board
    return [
        p
        for p in _grid(game, m)
        if zone_error(game, m, p) is None
        and board.placement_error(p, m.radius, board.surface_at(p)) is None
    ]


def _grid(game: WireGame, m: WireModel) -> list[Point]:
    """A grid across the model's deployment zones, each spot once."""
    found: dict[Point, None] = {}
    for x0, y0, x1, y1 in deploy_rects(game, m):
        long, short = (17, 3) if max(x1 - x0, y1 - y0) > 2 * min(x1 - x0, y1 - y0) else (7, 7)
        nx, ny = (long, short) if x1 - x0 >= y1 - y0 else (short, long)
        for i in range(nx):
            for j in range(ny):
                found[_spot((x0 + (x1 - x0) * i / (nx - 1), y0 + (y1 - y0) * j / (ny - 1)))] = None
    return list(found)


def _sample_move(
    game: WireGame, m: WireModel, spec: PointSpec, uniform: Callable[[], float]
) -> Point | None:
    reach = _reach(game, m, spec)
    if spec.kind != "scout-move" and uniform() < 0.2:
        p = _sample_change_of_level(game, m, spec, uniform)
        if p is not None:
            return p
    if spec.kind == "jump":
        return None
    for _ in range(8):
        p = random_reachable_point(
            game.board, m.pos, m.radius, blockers(game, m, m.level), m.level, reach, uniform
        )
        if p is None:
            continue
        p = _spot(p)
        if _ok(game, m, spec, p):
            return p
    return None


def _sample_change_of_level(
    game: WireGame, m: WireModel, spec: PointSpec, uniform: Callable[[], float]
) -> Point | None:
    """A point just up on a nearby climbable piece, or just down from the one it is on."""
    board = game.board
    if m.level is not None:
        spots = climb_spots(board, board.piece(m.level), m.radius)
        pick = [foot for foot, _, _ in spots]
    else:
        reach = _reach(game, m, spec) + 3.0
        pick = [
            top
            for piece in climbable_pieces(game)
            for _, top, wall in climb_spots(board, piece, m.radius)
            if math.dist(wall, m.pos) <= reach
        ]
    if not pick:
        return None
    for _ in range(3):
        p = _spot(pick[int(uniform() * len(pick))])
        if _ok(game, m, spec, p):
            return p
    return None


def rough_points(game: WireGame, spec: PointSpec, contact: bool = True) -> list[Point]:
    """A move's :func:`candidate_points` before the rules judge them (``spec.kind`` is one of
    :data:`MOVES`): judging a move plans its path, which costs more than weighing where it
    ends, so an AI weighs them all and asks the rules only about the best
    (``Ruleset.rough_points``). Without ``contact``, the spots in contact with a rival that
    only a search among the bases finds are left out (an AI that would never choose them)."""
    return _move_points(game, game.model(spec.args[0]), spec, contact)


def move_extent(game: WireGame, m: WireModel, spec: PointSpec) -> float:
    """How far from ``m`` any rough point of its move (``move`` or ``move-again``) lies, as
    the crow flies, exit edges aside: no farther than the longest way it plans (the Zealot's
    bonus included) and the rounding of a point."""
    return _reach(game, m, spec) + engage_move_bonus(game, m) + ROUNDING


def _move_candidates(game: WireGame, m: WireModel, spec: PointSpec) -> list[Point]:
    return [p for p in _move_points(game, m, spec, True) if _ok(game, m, spec, p)]


def _move_points(game: WireGame, m: WireModel, spec: PointSpec, contact: bool) -> list[Point]:
    """Straight moves in 12 directions (full and half), off each edge it may leave by, the
    way to each marker it may work with an Interact (:func:`.interact.work_points`), and
    approaches to each rival and
    Coworker, unjudged: found once per placement of the models
    and what else they depend on (a model that Aims, say, is asked again where it stands)."""
    reach = _reach(game, m, spec)
    moving = spec.kind != "jump"
    exits = zones.exit_edges(game, m) if spec.kind in ("move", "move-again") else ()
    bonus = engage_move_bonus(game, m) if moving else 0.0
    # The enemies an AI weighs a move against, and the Coworkers it may Interrogate.
    aims = rivals(game, m) + [e for e in enemies(game, m) if bystander(e)] if moving else []
    goals = interact.work_points(game, m) if moving else ()
    index = game.index
    key = (
        placement(game),
        index[m.id],
        spec.kind,
        reach,
        bonus,
        exits,
        tuple(index[e.id] for e in aims),
        goals,
        contact,
    )
    memo: Memo[tuple[object, ...], tuple[Point, ...]] = game.board.memo(
        _MOVE_POINTS, _MOVE_POINTS_KEPT
    )
    return list(
        memo.remember(
            key, lambda: tuple(_ends(game, m, moving, reach, bonus, exits, aims, goals, contact))
        )
    )


def _ends(
    game: WireGame,
    m: WireModel,
    moving: bool,
    reach: float,
    bonus: float,
    exits: tuple[Edge, ...],
    aims: list[WireModel],
    goals: tuple[Point, ...],
    contact: bool,
) -> list[Point]:
    """:func:`_move_points` (``moving``: not a jump down), to the hundredth of an inch."""
    board = game.board
    others = blockers(game, m, m.level)
    raw: list[Point] = []
    if moving:
        for k in range(12):
            angle = math.tau * k / 12
            end, _ = ray_move(
                board, m.pos, (math.cos(angle), math.sin(angle)), reach, m.radius, others, m.level
            )
            raw.append(end)
            raw.append(((m.x + end[0]) / 2, (m.y + end[1]) / 2))
    elif m.level is not None:
        raw += [foot for foot, _, _ in climb_spots(board, board.piece(m.level), m.radius)][::4]
    raw += [_beyond(board, m.pos, edge) for edge in exits]
    for edge in exits:  # along the shortest way round the terrain
        raw += _toward_edge(game, m, edge, reach)
    for goal in goals:  # the way round the terrain to within reach of a marker to work
        way = reach_toward(board, m.pos, goal, m.radius, (), m.level, reach, m.radius + TAKE_STOP)
        raw += [] if way is None else [way.end]
    for e in aims:
        raw += _approach(game, m, e, reach, bonus, others, contact or bystander(e))
    here = _spot(m.pos)
    return [p for p in dict.fromkeys(map(_spot, raw)) if p != here]


def _toward_edge(game: WireGame, m: WireModel, edge: Edge, reach: float) -> list[Point]:
    """How far ``m`` gets along the shortest way round the terrain to its exit ``edge`` this
    move, and off the table straight across from where that way leads."""
    if m.level is not None:  # the ways to an edge are the ground's
        return []
    board = game.board
    goal = along_way(board, m.pos, m.radius, edge, reach)
    if goal is None:
        return []
    way = reach_toward(board, m.pos, goal, m.radius, (), m.level, reach)
    spots = [] if way is None else [way.end]
    return [*spots, _beyond(board, goal, edge)]


def _beyond(board: Board, p: Point, edge: Edge) -> Point:
    """A point just past ``edge``, straight across from ``p`` (a move there leaves the table
    by that edge)."""
    x, y = p
    return {
        Edge.NORTH: (x, board.height + OFF),
        Edge.SOUTH: (x, -OFF),
        Edge.EAST: (board.width + OFF, y),
        Edge.WEST: (-OFF, y),
    }[edge]


def _approach(
    game: WireGame,
    m: WireModel,
    e: WireModel,
    reach: float,
    bonus: float,
    others: list[tuple[Point, float]],
    contact: bool,
) -> list[Point]:
    """How far ``m`` gets toward ``e`` this move. The way round the terrain alone comes
    first: where no base stands in it, it serves among the bases too. Otherwise, for an
    enemy within reach (with the Zealot's bonus if the move ends Engaged), the way among the
    bases to a spot in contact, if one is within that reach (a search that goes no further)
    and ``contact`` asks for it; for one out of reach, points back along the first way."""
    if e.level != m.level:
        return []
    stop = m.radius + e.radius + 0.5
    near = math.dist(m.pos, e.pos) - stop <= reach + bonus + NEAR_SLACK
    allowances = (reach + bonus, reach) if bonus and near else (reach,)
    way = reach_toward(game.board, m.pos, e.pos, m.radius, (), m.level, math.inf, stop)
    if way is None:
        return []
    spots = [
        way.point_at(allowance * share)
        for allowance in allowances
        for share in ((1.0,) if near else SHARES)
    ]
    if near and contact and not path_clear(way, m.radius, others):
        among = reach_within(
            game.board, m.pos, e.pos, m.radius, others, m.level, reach + bonus, stop
        )
        spots += [] if among is None else [among.end]
    return spots


def _spot(p: Point) -> Point:
    """A point to the hundredth of an inch, as a player names it."""
    return (round(p[0], 2), round(p[1], 2))
