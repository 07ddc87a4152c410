"""Movement (C4.4, C4.6): moves along legal paths, climbing, jumping, falling, knockback and
pushes, the Flee move (C4.19) and leaving the board (C4.20). A model's Move, with the free
attacks it provokes (C4.5), is the step :class:`.actions.MoveTo`, which walks the route planned
here.

A move is measured from the base edge along the shortest legal path: no base passes through
another base or impassable terrain, and there is no difficult terrain (notes A24). A climbable
piece's top is a surface (a *level*). Going up costs 2" per 1" of height, or nothing with a
Grapple up to 3" (R3.10), and must be finished within the one move (C4.6); the base's own
shuffle across the wall is not counted. Coming down is a jump, free, with falling damage past
3" (C4.6); from higher than 3" a ``move`` climbs down instead (2"/1", no fall) and ``jump``
jumps (notes A16). A gap of up to 2" between two tops may be jumped, down or level but never
up, at 1" per 1" of the centre's flight from top to top: the gap and the base's own width.
A move changes surface once at most, but for two ways that change it twice (notes A24): from
the ground over one piece to the ground (up, straight across its top, down, the centre's way
counted from foot to foot), and down from a raised piece and off the board (C4.20).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.geometry.board import Board, Edge
from skirmish.geometry.memo import Memo
from skirmish.geometry.paths import plan_path, reach_toward, reach_within
from skirmish.geometry.shapes import (
    Point,
    point_segment_distance,
    polygon_area,
    segment_near_edges,
)
from skirmish.geometry.slides import ray_move
from skirmish.geometry.terrain import Movement, Terrain
from skirmish.rulesets.sacred_wire.game import casualties
from skirmish.rulesets.sacred_wire.game.casualties import LEAVE, VERTICAL
from skirmish.rulesets.sacred_wire.game.model import WireModel
from skirmish.rulesets.sacred_wire.game.morale import MORALE
from skirmish.rulesets.sacred_wire.game.space import (
    ENGAGEMENT_RANGE,
    HOSTILES,
    blockers,
    bystander,
    enemies,
    gap,
    in_play,
    nearest_edge,
    others,
    placement,
    placement_problem,
    threats,
)
from skirmish.rulesets.sacred_wire.hostiles import coworkers
from skirmish.rulesets.sacred_wire.missions import carry, zones
from skirmish.rulesets.sacred_wire.squads.roster import (
    CONTRACTS,
    engage_move_bonus,
    free_climb,
    leaves_freely,
    move_allowance,
    reach,
)

if TYPE_CHECKING:
    from skirmish.engine.action import Action
    from skirmish.rulesets.sacred_wire.game.state import WireGame

MOVE = "C4.4"
SLACK = 0.008  # points are kept to the hundredth of an inch (0.0071" at worst)
GAP_JUMP = 2.0  # C4.6: a gap of up to 2" between two tops may be jumped
FREE_JUMP = 3.0  # C4.6: a drop of up to 3" is free; from higher, move climbs down (notes A16)
_SPOT_GAP = 0.02  # how far from the wall a foot or top spot stands
_SPOT_STEP = 0.5  # spacing of climb spots along a wall
_ROUNDED = 1e-9  # a path's length and its legs' straight lines may differ by the rounding
_TRIES = 4  # climb spots tried with real paths, best lower bounds first
_AROUND = 16  # spots round a goal on another surface that a hostile's move weighs (A45)
_ROUTES = "sacred-wire routes"  # the board's memo of routes, by placement and question
_ROUTES_KEPT = 20_000  # routes a board remembers before it forgets them all


@dataclass(frozen=True, slots=True)
class Via:
    """Where a move changes surface: it walks ``walked``" on its own surface to ``start``,
    spends ``change``" going up, down, across or over there, and goes on from ``land``."""

    start: Point
    walked: float
    change: float
    land: Point


@dataclass(frozen=True, slots=True)
class Route:
    """How a move gets to its end: its cost in inches, end point and surface, the height
    jumped down (falling damage past 3", C4.6), the edge it leaves by (C4.20), the piece
    it climbs over on its way, if it does, and where it changes surface, if it does."""

    cost: float
    end: Point
    level: str | None
    drop: float = 0.0
    exits: Edge | None = None
    climbed: bool = False
    over: str | None = None  # the piece a move from the ground to the ground climbs over
    via: Via | None = None


# --- climbing spots -------------------------------------------------------------------------


ClimbSpot = tuple[Point, Point, Point]
"""Where a climb starts, ends and touches the wall: (foot, top, wall point)."""
_CLIMB_SPOTS = "sacred-wire climb spots"
_WALL_SPOTS = "sacred-wire wall spots"


def climb_spots(board: Board, piece: Terrain, r: float) -> tuple[ClimbSpot, ...]:
    """Places along a climbable piece's walls as (foot, top, wall point): the foot spot on the
    ground touching the wall, the top spot on the piece at its edge (cached per board, and
    handed out as kept: every move up or down a piece reads them)."""
    memo: Memo[tuple[str, float], tuple[ClimbSpot, ...]] = board.memo(_CLIMB_SPOTS)
    return memo.remember((piece.id, r), lambda: _climb_spots(board, piece, r))


def _climb_spots(board: Board, piece: Terrain, r: float) -> tuple[ClimbSpot, ...]:
    return tuple(
        spot
        for spot in wall_spots(board, piece, r)
        if board.placement_error(spot[1], r, piece.id) is None
    )


def wall_spots(board: Board, piece: Terrain, r: float) -> tuple[ClimbSpot, ...]:
    """The places of :func:`climb_spots` with a clear foot, a base standing at their top or
    not: a move climbing over the piece crosses its top without standing on it (cached)."""
    memo: Memo[tuple[str, float], tuple[ClimbSpot, ...]] = board.memo(_WALL_SPOTS)
    return memo.remember((piece.id, r), lambda: _wall_spots(board, piece, r))


def _wall_spots(board: Board, piece: Terrain, r: float) -> tuple[ClimbSpot, ...]:
    spots: list[ClimbSpot] = []
    ccw = polygon_area(piece.polygon) > 0
    for x1, y1, x2, y2 in piece.edges:
        length = math.hypot(x2 - x1, y2 - y1)
        if length < 2 * r:
            continue
        nx, ny = (y2 - y1) / length, -(x2 - x1) / length
        if not ccw:
            nx, ny = -nx, -ny
        count = max(1, int((length - 2 * r) / _SPOT_STEP) + 1)
        for k in range(count):
            t = (r + (length - 2 * r) * (k + 0.5) / count) / length
            bx, by = x1 + (x2 - x1) * t, y1 + (y2 - y1) * t
            d = r + _SPOT_GAP
            foot = (bx + nx * d, by + ny * d)
            top = (bx - nx * d, by - ny * d)
            if board.placement_error(foot, r, None) is None:
                spots.append((foot, top, (bx, by)))
    return tuple(spots)


def _climb_cost(game: WireGame, m: WireModel, h: float) -> float:
    """2" per 1" up (C4.6); free with a Grapple up to 3" (R3.10)."""
    return 0.0 if free_climb(game, m) >= h else 2.0 * h


def _path_length(
    game: WireGame, m: WireModel, a: Point, b: Point, level: str | None, bound: float = math.inf
) -> float | None:
    """The length of the shortest legal way from ``a`` to ``b`` on ``level``, or None: there
    is none, or none within a finite ``bound``, searched no further (the way found within it
    is the one the full search finds)."""
    if a == b:
        return 0.0
    others = blockers(game, m, level)
    if bound < math.inf:
        path = reach_within(game.board, a, b, m.radius, others, level, bound)
    else:
        path = plan_path(game.board, a, b, m.radius, others, level)
    return None if path is None else path.length


def plan_route(game: WireGame, m: WireModel, goal: Point, jump: bool = False) -> Route | None:
    """The cheapest legal way for ``m`` to reach ``goal``, or None (C4.4, C4.6).

    A goal beyond a table edge means leaving the board by that edge (C4.20).
    """
    route = _plan(game, m, goal, jump)
    return route if isinstance(route, Route) else None


def _plan(
    game: WireGame, m: WireModel, goal: Point, jump: bool, bound: float = math.inf
) -> Route | str | None:
    """:func:`plan_route`, or why there is no legal way (for the refusal's message): found
    once per placement of the models, though a move asks it when its point is sampled, when
    it is checked and twice as it is made. Besides the bases, the way depends only on the
    height a Grapple climbs for free.

    A move's check gives a finite ``bound`` (its Move): a way on the model's own surface is
    then searched no further, and None is the answer where it is longer (a refusal, not
    kept: its message asks again with no bound). A way found is the one the full search
    finds, and kept as the answer."""
    key = (placement(game), game.index[m.id], goal, jump, free_climb(game, m))
    memo: Memo[tuple[object, ...], Route | str] = game.board.memo(_ROUTES, _ROUTES_KEPT)
    found = memo.get(key)
    if found is not None:
        return found
    answer = _route(game, m, goal, jump, bound)
    if answer is None:
        return None
    return memo.remember(key, lambda: answer)


def _route(
    game: WireGame, m: WireModel, goal: Point, jump: bool, bound: float
) -> Route | str | None:
    board = game.board
    edge = game.board.beyond_edge(goal)
    if edge is not None:
        return _leave(game, m, edge, jump)
    level = board.surface_at(goal)
    where = placement_problem(game, m, goal, level)
    if where is not None:
        return where
    if level == m.level:
        return _same_surface(game, m, goal, bound)
    if m.level is None and level is not None:
        return _climb_up(game, m, goal, board.piece(level))
    if m.level is not None and level is None:
        return _come_down(game, m, goal, board.piece(m.level), jump)
    assert m.level is not None and level is not None
    return _gap_jump(game, m, goal, board.piece(m.level), board.piece(level))


def _leave(game: WireGame, m: WireModel, edge: Edge, jump: bool) -> Route | str:
    """Off the table by ``edge`` (C4.20): a walk to it, from a raised piece after coming down
    as :func:`_come_down` does (C4.6), all within the one move."""
    board = game.board
    if m.level is None:
        to = board.edge_contact(m.pos, m.radius, edge)
        length = _path_length(game, m, m.pos, to, None)
        if length is None:
            return f"no path to the {edge.value} edge: {_in_the_way(game, m, to, None)}"
        return Route(length, to, None, exits=edge)
    piece = board.piece(m.level)
    down, drop = _descent(game, m, piece, jump)
    options = []
    for foot, top, _ in climb_spots(board, piece, m.radius):
        to = board.edge_contact(foot, m.radius, edge)
        options.append((math.dist(m.pos, top) + down + math.dist(foot, to), top, foot, down, to))
    best = _best(game, m, options, (piece.id, None))
    if best is None:
        return f"no way down from {piece.name} to the {edge.value} edge: no clear spot below it"
    return Route(best[0], best[1], None, drop=drop, exits=edge, via=best[2])


def _same_surface(game: WireGame, m: WireModel, goal: Point, bound: float) -> Route | str | None:
    """The way to ``goal`` on ``m``'s own surface, or from the ground to the ground over a
    piece where that is shorter; None where there is none within a finite ``bound``."""
    length = _path_length(game, m, m.pos, goal, m.level, bound)
    if m.level is None:
        over = _over_a_piece(game, m, goal, bound if length is None else length)
        if over is not None:
            return over
    if length is None and bound < math.inf:
        return None
    if length is None:
        return f"no path there: {_in_the_way(game, m, goal, m.level)}"
    return Route(length, goal, m.level)


def _in_the_way(game: WireGame, m: WireModel, goal: Point, level: str | None) -> str:
    """What stops ``m`` from reaching ``goal`` on ``level``, in words."""
    blocker = _blocker(game, m, goal, level)
    if blocker is None:
        return "terrain and bases close every way"
    return f"{blocker} blocks the straight line and there is no way round"


def _blocker(game: WireGame, m: WireModel, goal: Point, level: str | None) -> str | None:
    """The terrain piece or model that a straight slide of ``m`` toward ``goal`` meets first."""
    bases = [o for o in in_play(game) if o.id != m.id and o.level == level]
    ahead = (goal[0] - m.x, goal[1] - m.y)
    circles = [(o.pos, o.radius) for o in bases]
    _, why = ray_move(game.board, m.pos, ahead, math.dist(m.pos, goal), m.radius, circles, level)
    if why is not None and why.startswith("terrain:"):
        return game.board.piece(why.removeprefix("terrain:")).name
    if why is not None and why.startswith("base:"):
        return bases[int(why.removeprefix("base:"))].label
    return None


Change = tuple[float, Point, Point, float, Point]
"""A candidate change of surface: (lower bound, from, to, fixed cost, end of the move)."""


def _best(
    game: WireGame, m: WireModel, options: list[Change], levels: tuple[str | None, str | None]
) -> tuple[float, Point, Via] | None:
    """The cheapest of candidate changes of surface, as (cost, end, where it changes)."""
    best: tuple[float, Point, Via] | None = None
    for bound, a, b, fixed, end in sorted(options)[:_TRIES]:
        if best is not None and bound >= best[0]:
            break
        first = _path_length(game, m, m.pos, a, levels[0])
        if first is None:
            continue
        second = _path_length(game, m, b, end, levels[1])
        if second is None:
            continue
        cost = first + fixed + second
        if best is None or cost < best[0]:
            best = (cost, end, Via(a, first, fixed, b))
    return best


def _climb_up(game: WireGame, m: WireModel, goal: Point, piece: Terrain) -> Route | str:
    best = _best(game, m, _climbs(game, m, goal, piece), (None, piece.id))
    if best is None:
        return f"no way up onto {piece.name}: no clear spot along its walls to climb from"
    return Route(best[0], goal, piece.id, climbed=True, via=best[2])


def _climbs(game: WireGame, m: WireModel, goal: Point, piece: Terrain) -> list[Change]:
    """The ways up onto ``piece`` toward ``goal`` that :func:`_best` weighs: from each foot
    spot, its bound (the legs as the crow flies and the climb), foot, top, climb and goal."""
    up = _climb_cost(game, m, piece.height)
    return [
        (math.dist(m.pos, foot) + up + math.dist(top, goal), foot, top, up, goal)
        for foot, top, _ in climb_spots(game.board, piece, m.radius)
    ]


def _descent(game: WireGame, m: WireModel, piece: Terrain, jump: bool) -> tuple[float, float]:
    """What coming down ``piece`` costs and the height jumped: a jump is free (falling damage
    past 3"); from higher than 3" a ``move`` climbs down at 2" per 1" (C4.6, notes A16)."""
    if not jump and piece.height > FREE_JUMP:
        return _climb_cost(game, m, piece.height), 0.0
    return 0.0, piece.height


def _come_down(
    game: WireGame, m: WireModel, goal: Point, piece: Terrain, jump: bool
) -> Route | str:
    down, drop = _descent(game, m, piece, jump)
    options = [
        (math.dist(m.pos, top) + down + math.dist(foot, goal), top, foot, down, goal)
        for foot, top, _ in climb_spots(game.board, piece, m.radius)
    ]
    best = _best(game, m, options, (piece.id, None))
    if best is None:
        return f"no way down from {piece.name} to there: no clear spot below its walls"
    return Route(best[0], goal, None, drop=drop, via=best[2])


def _over_a_piece(game: WireGame, m: WireModel, goal: Point, than: float) -> Route | None:
    """The cheapest way from the ground to ``goal`` on the ground over one climbable piece
    (up, across its top, down: C4.6 within one move, notes A24) shorter than ``than``, or
    None. Its way across, foot to foot, is never shorter than the straight line, so a piece
    whose climb and descent alone make up the difference is not searched."""
    best: Route | None = None
    straight = math.dist(m.pos, goal)
    for piece in climbable_pieces(game):
        down, drop = _descent(game, m, piece, False)
        up_down = _climb_cost(game, m, piece.height) + down
        shortest = than if best is None else best.cost
        if straight + up_down + _ROUNDED >= shortest:
            continue
        found = _best(game, m, _crossings(game, m, goal, piece, up_down, shortest), (None, None))
        if found is not None and found[0] < shortest:
            best = Route(found[0], goal, None, drop=drop, over=piece.id, via=found[2])
    return best


def _crossings(
    game: WireGame, m: WireModel, goal: Point, piece: Terrain, up_down: float, than: float
) -> list[Change]:
    """The ways over ``piece`` toward ``goal`` that :func:`_best` weighs, each bound (the legs
    as the crow flies, the climb and descent, the way across) shorter than ``than``: from a
    foot spot, up, straight across the top to another wall, clear of the bases up there, and
    down to its foot spot. The way across is the centre's, from foot to foot."""
    spots = wall_spots(game.board, piece, m.radius)
    if not spots:
        return []
    to_start = [math.dist(m.pos, foot) for foot, _, _ in spots]
    to_goal = [math.dist(foot, goal) for foot, _, _ in spots]
    least = than - up_down
    firsts = [(d, s) for d, s in zip(to_start, spots, strict=True) if d + min(to_goal) < least]
    lasts = [(d, s) for d, s in zip(to_goal, spots, strict=True) if d + min(to_start) < least]
    bases = blockers(game, m, piece.id)
    options: list[Change] = []
    for d1, (foot, _, wall) in firsts:
        for d2, (foot2, _, wall2) in lasts:
            across = math.dist(foot, wall) + math.dist(wall, wall2) + math.dist(wall2, foot2)
            bound = d1 + up_down + across + d2
            if bound < than and _across_the_top(piece, wall, wall2, m.radius, bases):
                options.append((bound, foot, foot2, up_down + across, goal))
    return options


def _across_the_top(
    piece: Terrain, a: Point, b: Point, r: float, bases: list[tuple[Point, float]]
) -> bool:
    """Whether the straight line between wall points ``a`` and ``b`` crosses ``piece``'s top
    (inside it, along no wall) with no base of radius ``r`` on it in the way."""
    length = math.dist(a, b)
    if length < 2 * _SPOT_GAP:
        return False
    t = _SPOT_GAP / length  # its ends drawn in off the walls they start and end on
    ax, ay = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
    bx, by = b[0] - (b[0] - a[0]) * t, b[1] - (b[1] - a[1]) * t
    if not piece.contains(((ax + bx) / 2, (ay + by) / 2)):
        return False
    if segment_near_edges(ax, ay, bx, by, piece.edges, _ROUNDED):
        return False
    return all(point_segment_distance(c, a, b) >= r + rc for c, rc in bases)


def _gap_jump(
    game: WireGame, m: WireModel, goal: Point, here: Terrain, there: Terrain
) -> Route | str:
    if there.height > here.height:
        return (
            f'no jumping up from {here.name} ({here.height:g}") to {there.name} '
            f'({there.height:g}", C4.6, notes A16)'
        )
    spots = climb_spots(game.board, there, m.radius)
    options = []
    for _, top, wall in climb_spots(game.board, here, m.radius):
        for _, top2, wall2 in spots:
            if math.dist(wall, wall2) <= GAP_JUMP:
                across = math.dist(top, top2)  # the gap and the base's own width: 1" per 1"
                bound = math.dist(m.pos, top) + across + math.dist(top2, goal)
                options.append((bound, top, top2, across, goal))
    if not options:
        return f'no gap of {GAP_JUMP:g}" or less to jump from {here.name} to {there.name} (C4.6)'
    best = _best(game, m, options, (here.id, there.id))
    if best is None:
        return f"no clear way across from {here.name} to {there.name}"
    return Route(best[0], goal, there.id, drop=here.height - there.height, via=best[2])


def ends_engaged(game: WireGame, m: WireModel, p: Point, level: str | None) -> bool:
    """Whether a base of ``m`` at ``p`` would be Engaged (the Zealot's +2", C2.4): a Coworker
    not marked Hostile Engages nobody (I8.1, notes A42)."""
    limit = max(ENGAGEMENT_RANGE, reach(game, m))
    ghost = m.standing_at(p, level)
    return any(gap(game, ghost, e) <= limit for e in enemies(game, m) if not bystander(e))


def _allowance_text(limit: float, bonus: float) -> str:
    """``5"``, or ``5" (+2" to end Engaged, C2.4)`` for a Zealot: the Move a refusal quotes."""
    return f'{limit:g}"' + (f' (+{bonus:g}" to end Engaged, C2.4)' if bonus else "")


def move_error(
    game: WireGame, m: WireModel, point: Point, kind: str, allowance: float | None = None
) -> str | None:
    """Why a move of ``m`` to ``point`` is not legal, or None (C4.4, C4.6, C2.4 Zealot): one
    line with the distances and what is in the way. The way is searched no further than the
    Move (the Zealot's bonus too) but to tell how long a longer one is."""
    limit = move_allowance(game, m) if allowance is None else allowance
    refused = _unplanned_error(game, m, point, kind, limit)
    if refused is not None:
        return refused
    route = _plan(game, m, point, kind == "jump", _bound(game, m, limit))
    if route is None:
        route = _plan(game, m, point, kind == "jump")
    assert route is not None  # with no bound, a way or why there is none
    return _route_error(game, m, point, kind, limit, route)


def may_move(
    game: WireGame, m: WireModel, point: Point, kind: str, allowance: float | None = None
) -> bool:
    """Whether :func:`move_error` finds the move legal, asked with no way searched past the
    Move and no reason worked out, and without planning the way when it climbs onto a piece
    by ways all longer than the Move (the Zealot's bonus too) as the crow flies and climbing
    (C4.4, C4.6): as most of a random player's points up on a piece do."""
    limit = move_allowance(game, m) if allowance is None else allowance
    bound = _bound(game, m, limit)
    if _least_climb(game, m, point) > bound:
        return False
    if _unplanned_error(game, m, point, kind, limit) is not None:
        return False
    route = _plan(game, m, point, kind == "jump", bound)
    return route is not None and _route_error(game, m, point, kind, limit, route) is None


def _bound(game: WireGame, m: WireModel, limit: float) -> float:
    """The longest way a move with ``limit`` may take (with the Zealot's bonus), and the
    rounding of the search's sum beside the way's own."""
    return limit + engage_move_bonus(game, m) + SLACK + _ROUNDED


def _unplanned_error(
    game: WireGame, m: WireModel, point: Point, kind: str, limit: float
) -> str | None:
    """Why the move is not legal, found without its way: a Scout's off the board, a jump
    from the ground, a point too far as the crow flies (C2.4, C4.4, C4.6)."""
    if kind == "scout" and game.board.beyond_edge(point) is not None:
        return "the Scout's move stays on the board (C2.4)"
    if kind == "jump" and m.level is None:
        return f"{m.label} stands on the ground: only a model up on terrain jumps down (C4.6)"
    bonus = engage_move_bonus(game, m)
    straight = math.dist(m.pos, point)
    if game.board.surface_at(point) != m.level:
        straight -= 2 * m.radius + 2 * _SPOT_GAP  # the shuffle across a wall is not counted
    if straight > limit + bonus + SLACK and game.board.beyond_edge(point) is None:
        return (
            f'too far: the point is {straight:.2f}" away in a straight line, '
            f"Move {_allowance_text(limit, bonus)} (C4.4)"
        )
    return None


def _route_error(
    game: WireGame, m: WireModel, point: Point, kind: str, limit: float, route: Route | str
) -> str | None:
    """Why the move along ``route`` (or the reason there is none) is not legal, or None."""
    if isinstance(route, str):
        return route
    if route.exits is not None:
        refused = zones.exit_error(game, m, route.exits)
        if refused is not None:
            return refused
    if kind == "jump" and route.level is not None:
        return f"a jump ends on the ground, not on {game.board.piece(route.level).name} (C4.6)"
    bonus = engage_move_bonus(game, m)
    if route.cost > limit + SLACK and (
        route.exits is not None
        or route.cost > limit + bonus + SLACK
        or not ends_engaged(game, m, route.end, route.level)
    ):
        engaged = " and does not end Engaged" if bonus and route.cost <= limit + bonus else ""
        rule = VERTICAL if _vertical(m, route) else MOVE
        reach = _allowance_text(limit, bonus)
        return f"no path within {reach}: {_longer(game, m, point, route)}{engaged} ({rule})"
    if kind == "scout":
        ghost = m.standing_at(route.end, route.level)
        for e in enemies(game, m):
            if gap(game, ghost, e) <= ENGAGEMENT_RANGE:
                return (
                    f"the Scout's move may not end within 1\" of an enemy: {e.label} would be "
                    f'{max(gap(game, ghost, e), 0.0):.2f}" away (notes A20)'
                )
    return None


def _least_climb(game: WireGame, m: WireModel, goal: Point) -> float:
    """A length no way of ``m`` up onto the piece at ``goal`` is shorter than (the least
    bound of :func:`_climbs`; infinite where there is none), or 0 for a move that climbs onto
    no piece: a way's legs are no shorter than the straight lines (:func:`_route`)."""
    board = game.board
    if m.level is not None or board.beyond_edge(goal) is not None:
        return 0.0
    level = board.surface_at(goal)
    if level is None:
        return 0.0
    ways = _climbs(game, m, goal, board.piece(level))
    return min((bound for bound, *_ in ways), default=math.inf)


def _vertical(m: WireModel, route: Route) -> bool:
    """Whether ``m``'s move along ``route`` climbs or jumps (C4.6): it changes surface or
    climbs over a piece."""
    return route.level != m.level or route.over is not None


def _longer(game: WireGame, m: WireModel, goal: Point, route: Route) -> str:
    """Why the way to ``goal`` is too long, with its length."""
    length = f'{route.cost:.2f}"'
    if route.over is not None:
        piece = game.board.piece(route.over)
        return f'the way there is {length}, climbing {piece.height:g}" over {piece.name}'
    if route.climbed and route.level is not None:
        piece = game.board.piece(route.level)
        return (
            f'the way there is {length}, climbing {piece.height:g}" onto {piece.name} at 2" per 1"'
        )
    if m.level is not None and route.level is not None and route.level != m.level:
        here, there = game.board.piece(m.level), game.board.piece(route.level)
        return f'the way there is {length}, jumping from {here.name} to {there.name} at 1" per 1"'
    if m.level is not None and route.level != m.level:
        piece = game.board.piece(m.level)
        how = 'climbing down at 2" per 1"' if route.drop == 0 else "jumping down"
        return f'the way there is {length}, {how} from {piece.name} ({piece.height:g}")'

    blocker = _blocker(game, m, goal, route.level)
    if blocker is None:
        return f"the way there is {length}"
    return f"{blocker} blocks the straight line: the way round is {length}"


# --- walking a route--------------------------------------------------------------------------


def walk(game: WireGame, m: WireModel, route: Route, kind: str) -> list[Step]:
    """Carry out a planned route: Neural Trap (R5.1, a model it takes Out of Action makes no
    move, C4.18), the move itself, falls, leaving the board."""
    steps = _sets_off(game, m)
    if m.removed is not None:  # a model the trap takes Out of Action stops where it stands
        return steps
    rule = _move_rule(m, route, kind)
    m.x, m.y = route.end
    m.level = route.level
    m.aim = ""
    if kind != "scout":
        m.moved = True
    game.emit(
        "moved",
        rule,
        (m.id,),
        to=[round(m.x, 2), round(m.y, 2)],
        length=round(route.cost, 2),
        level=m.level,
        how=kind,
    )
    coworkers.crowding(game)
    if route.drop > FREE_JUMP:  # it lands before it walks on, off the board too
        steps += casualties.fall(game, m, route.drop)
    if route.exits is not None and zones.exits(game, m, route.exits):
        return [*steps, *casualties.exit_board(game, m, route.exits.value)]
    if route.exits is not None:
        return [*steps, *casualties.leave_board(game, m, LEAVE)]
    return steps


def _move_rule(m: WireModel, route: Route, kind: str) -> str:
    """The rule a move cites: the Scout's move after deployment (C2.4, never off the board),
    leaving the board, a climb or jump, or a plain move."""
    if kind == "scout":
        return CONTRACTS
    if route.exits is not None:
        return LEAVE
    return VERTICAL if _vertical(m, route) else MOVE


def _sets_off(game: WireGame, m: WireModel) -> list[Step]:
    """``m`` moves, walking or fleeing: an Engaged escort lets go of the informant (M12.1),
    a Neural Trap springs (R5.1, notes A65)."""
    carry.before_move(game, m)
    return casualties.neural_trap(game, m)


# --- forced moves ---------------------------------------------------------------------------


def landing_spot(game: WireGame, m: WireModel, p: Point, level: str | None) -> Point | None:
    """The legal spot nearest ``p`` on ``level`` for ``m``'s base (spiral search)."""
    board = game.board
    rest = others(game, m)
    if board.placement_error(p, m.radius, level, rest) is None:
        return p
    for ring in range(1, 25):
        d = ring * 0.1
        for k in range(16):
            a = k * math.tau / 16
            q = (p[0] + d * math.cos(a), p[1] + d * math.sin(a))
            if board.surface_at(q) == level and (
                board.placement_error(q, m.radius, level, rest) is None
            ):
                return q
    return None


def push(
    game: WireGame,
    m: WireModel,
    direction: Point,
    inches: float,
    rule: str,
    by: str | None = None,
) -> list[Step]:
    """``by`` pushes ``m`` straight along ``direction`` (knockback C4.6, Blown Back R6.5,
    Resonance Push R5.1): it stops at obstacles, bases and the board edge, and falls off a
    raised surface, taking falling damage (C4.6, notes A15, A65) credited to ``by`` (K3.1)."""
    norm = math.hypot(*direction)
    if inches <= 0 or norm == 0.0 or m.removed is not None:
        return []
    ux, uy = direction[0] / norm, direction[1] / norm
    board = game.board
    bases = blockers(game, m, m.level)
    end, why = ray_move(board, m.pos, (ux, uy), inches, m.radius, bases, m.level)
    steps: list[Step] = []
    level = m.level
    drop = 0.0
    if why is not None and why.startswith("fall:"):
        ground = (end[0] + ux * (m.radius + 0.05), end[1] + uy * (m.radius + 0.05))
        spot = landing_spot(game, m, ground, None)
        if spot is not None:
            drop = board.surface_height(m.level)
            end, level = spot, None
        else:
            end = _last_footing(game, m, (ux, uy), math.dist(m.pos, end))
    elif not board.on_table(end, m.radius) or (
        board.placement_error(end, m.radius, level, others(game, m)) is not None
    ):
        end = _last_footing(game, m, (ux, uy), math.dist(m.pos, end))
    moved = math.dist(m.pos, end)
    m.x, m.y = end
    m.level = level
    m.aim = ""
    game.emit(
        "pushed",
        rule,
        (m.id,),
        to=[round(m.x, 2), round(m.y, 2)],
        length=round(moved, 2),
        level=level,
    )
    coworkers.crowding(game)
    if drop > FREE_JUMP:
        steps += casualties.fall(game, m, drop, by)
    elif drop > 0.0:
        game.emit("fell", VERTICAL, (m.id,), height=drop, dice=0)
    return steps


def _last_footing(game: WireGame, m: WireModel, direction: Point, length: float) -> Point:
    """The furthest legal point along a push (within the table and its surface)."""
    lo, hi = 0.0, length
    rest = others(game, m)
    board = game.board
    for _ in range(20):
        mid = (lo + hi) / 2
        p = (m.x + direction[0] * mid, m.y + direction[1] * mid)
        if board.placement_error(p, m.radius, m.level, rest) is None:
            lo = mid
        else:
            hi = mid
    return (m.x + direction[0] * lo, m.y + direction[1] * lo)


TABLE_FLEE = "I1.3"  # a behaviour table's Flee: toward the nearest edge, stopping there


@dataclass(slots=True, eq=False)
class FleeMove(Step):
    """A Fleeing model moves its full Move toward the nearest board edge by the shortest path,
    jumping down from a raised surface first; reaching the edge, a squad model leaves the board
    (C4.19, C4.20, notes A60), a hostile stops there (I1.3, notes A43). A package it carries
    goes along, at half Move, and lies at the edge if it flees off the table (M1.1, C4.20). It
    provokes no free attacks (C4.5). A behaviour table's Flee (``table``) is the same move, by I1.3:
    whoever makes it, a squad model Hijacked by a table's side too, stops at the edge."""

    rule = MORALE
    model: str
    table: bool = False

    def run(self, game: WireGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.model)
        if m.removed is not None:
            return []
        steps, edge = self._move(game, m, TABLE_FLEE if self.table else MORALE)
        if m.removed is not None:
            return steps
        if edge is not None and m.side < HOSTILES and not self.table:
            if zones.exits(game, m, edge):  # off its own exit edge it counts as exited (M6.1)
                return [*steps, *casualties.exit_board(game, m, edge.value)]
            steps += casualties.leave_board(game, m, LEAVE)
        return steps

    def _move(self, game: WireGame, m: WireModel, cite: str) -> tuple[list[Step], Edge | None]:
        """The move itself: the steps it sets off, and the edge it reached, if it did."""
        steps: list[Step] = []
        left = move_allowance(game, m)
        board = game.board
        edge = nearest_edge(game, m)
        if m.level is not None:
            piece = board.piece(m.level)
            target = game.board.edge_contact(m.pos, m.radius, edge)
            spots = climb_spots(board, piece, m.radius)
            if not spots:
                game.emit("flee-blocked", cite, (m.id,))
                return steps, None
            foot, top, _ = min(spots, key=lambda s: math.dist(s[0], target))
            length = _path_length(game, m, m.pos, top, m.level) or 0.0
            if length > left + SLACK:  # its Move ends on the way to the drop (C4.19)
                return self._walk(game, m, top, left, cite), None
            spot = landing_spot(game, m, foot, None)
            if spot is None:
                game.emit("flee-blocked", cite, (m.id,))
                return steps, None
            steps += _sets_off(game, m)
            if m.removed is not None:
                return steps, None
            m.x, m.y, m.level = spot[0], spot[1], None
            left = max(0.0, left - length)
            game.emit(
                "moved",
                cite,
                (m.id,),
                to=[round(m.x, 2), round(m.y, 2)],
                length=round(length, 2),
                level=None,
                how="flee",
            )
            if piece.height > FREE_JUMP:
                steps += casualties.fall(game, m, piece.height)
            if m.removed is not None:
                return steps, None
            edge = nearest_edge(game, m)
        goal = game.board.edge_contact(m.pos, m.radius, edge)
        steps += self._walk(game, m, goal, left, cite)
        at_edge = m.removed is None and board.distance_to_edge(m.pos, m.radius, edge) <= 0.01
        return steps, edge if at_edge else None

    def _walk(
        self, game: WireGame, m: WireModel, goal: Point, left: float, cite: str
    ) -> list[Step]:
        """``m``'s flight along its level toward ``goal``, ``left`` inches at most: the steps
        it sets off (a trap it springs, R5.1, notes A65)."""
        path = reach_toward(
            game.board, m.pos, goal, m.radius, blockers(game, m, m.level), m.level, left
        )
        if path is None:
            game.emit("flee-blocked", cite, (m.id,))
            return []
        if path.length <= SLACK:  # no move to log (or to spring a trap)
            edge = nearest_edge(game, m)
            at_edge = game.board.distance_to_edge(m.pos, m.radius, edge) <= SLACK
            game.emit("at-edge" if at_edge else "flee-spent", cite, (m.id,))
            return []
        steps = _sets_off(game, m)
        if m.removed is not None:
            return steps
        m.x, m.y = path.points[-1]
        m.aim = ""
        game.emit(
            "moved",
            cite,
            (m.id,),
            to=[round(m.x, 2), round(m.y, 2)],
            length=round(path.length, 2),
            level=m.level,
            how="flee",
        )
        coworkers.crowding(game)
        return steps


def advance_point(game: WireGame, m: WireModel) -> Point | None:
    """Delirium: the end of a full move toward the nearest enemy (R6.6)."""
    foes = enemies(game, m)
    if not foes:
        return None
    target = min(foes, key=lambda e: (gap(game, m, e), e.id))
    if gap(game, m, target) <= ENGAGEMENT_RANGE:
        return None
    return reach_point(game, m, target.pos, m.radius + target.radius + 0.5)


def reach_point(
    game: WireGame, m: WireModel, goal: Point, stop: float, ignore: tuple[str, ...] = ()
) -> Point | None:
    """The end of a move of up to ``m``'s full Move toward ``goal`` along the shortest legal
    path, ``stop``" (centre to point) short of it, the bases of ``ignore`` not in the way (a
    charge's target); None when it cannot get nearer (C4.4, notes A45). A goal on another
    surface is made for as a squad model's move goes there (:func:`plan_route`: climbing,
    jumping down, C4.6), to the cheapest spot ``stop``" from it on its surface; a way longer
    than the Move is cut there, short of a change of surface it cannot finish (C4.6)."""
    left = move_allowance(game, m)
    flat = _walk_toward(game, m, m.pos, m.level, goal, stop, ignore, left)
    level = game.board.surface_at(goal)
    if level == m.level:
        return flat
    ways = [
        (route.cost, spot, route)
        for spot in _spots_round(game, m, goal, stop, level)
        if (route := plan_route(game, m, spot)) is not None
    ]
    if not ways:
        return flat
    cost, spot, route = min(ways)
    if cost <= left + SLACK:
        return spot
    via = route.via
    assert via is not None  # a way to another surface changes surface
    if via.walked + via.change > left:
        return _walk_toward(game, m, m.pos, m.level, via.start, 0.0, ignore, left)
    rest = left - via.walked - via.change
    return _walk_toward(game, m, via.land, level, goal, stop, ignore, rest) or via.land


def _walk_toward(
    game: WireGame,
    m: WireModel,
    start: Point,
    level: str | None,
    goal: Point,
    stop: float,
    ignore: tuple[str, ...],
    length: float,
) -> Point | None:
    """The end of a walk of up to ``length``" from ``start`` on ``level`` toward ``goal``,
    ``stop``" short of it; None when it gets no nearer."""
    bases = blockers(game, m, level, ignore=ignore)
    path = reach_toward(game.board, start, goal, m.radius, bases, level, length, stop)
    if path is None or path.length <= 0.0:
        return None
    return path.points[-1]


def _spots_round(
    game: WireGame, m: WireModel, goal: Point, stop: float, level: str | None
) -> list[Point]:
    """Where ``m``'s base may stand ``stop``" from ``goal`` on ``level``: ``goal`` itself
    when ``stop`` is 0, else spots round it (:data:`_AROUND` of them)."""
    if stop <= 0.0:
        around = [goal]
    else:
        around = [
            (goal[0] + stop * math.cos(a), goal[1] + stop * math.sin(a))
            for a in (math.tau * k / _AROUND for k in range(_AROUND))
        ]
    board = game.board
    return [
        p
        for p in around
        if board.surface_at(p) == level and placement_problem(game, m, p, level) is None
    ]


def leaves_engagement(
    game: WireGame, m: WireModel, p: Point, level: str | None, exits: bool
) -> list[WireModel]:
    """Enemies Engaged with ``m`` now that a move to ``p`` leaves (C4.5)."""
    before = threats(game, m)
    if exits or not before:  # most moves leave nobody: no twin is made to measure from
        return before
    ghost = m.standing_at(p, level)
    return [e for e in before if gap(game, ghost, e) > max(ENGAGEMENT_RANGE, reach(game, e))]


def free_of_attacks(game: WireGame, m: WireModel) -> bool:
    """A Fleeing model, a Scout (not Extraction's carrier) and a model with an Inhibitor provoke
    no free attacks (C4.5, :func:`.roster.leaves_freely`)."""
    return m.fleeing or leaves_freely(game, m)


def climbable_pieces(game: WireGame) -> list[Terrain]:
    """The board's climbable pieces (surfaces a model may stand on)."""
    return [t for t in game.board.terrain if t.movement is Movement.CLIMBABLE]
