"""Shortest paths of circular bases, and reaching toward a point.

How a path is found (the tests of :mod:`.clearance` are exact, in plain Python):

1. The straight segment is tested first: the table, the pieces in the way and the blocker
   circles. Most moves end here.
2. Otherwise A* runs on the static visibility graph of :mod:`.graph` (terrain and table edges,
   built once per ``(board, radius, level, avoid_rough)``). Blocker bases across the straight
   line join at once as the corners of a 16-gon; the others only once one of them blocks an
   edge that the search tried, or once a way is found, if one of their corners could bend a
   shorter one. The search then runs again with every base (so the answer is the same whatever
   order the search tried edges in): on a crowded table, bases found one run at a time cost
   more runs than the larger graph costs (with some twenty bases, half the time of a search
   of a far goal). Edges that meet the start, the end or a blocker corner are verified
   lazily, when the search pops them. A start or goal in contact with something lies inside
   the grown obstacles' corners; it gets an extra "escape" corner on them, the nearest point
   from which it can go round. The corners a search adds, with their tests and what it
   derives from them alone, are kept per start and bases (:mod:`.nodes`): a decision asks
   from one start among the same bases toward several goals.
3. A search toward a goal asked about before, or one that runs past ``PLAIN_BUDGET`` pops
   (it then starts again), is guided by the graph's all-pairs shortest lengths
   (:class:`.graph.Guide`; building one tests every corner, more than most searches cost). A
   way from a static corner to the goal either bends at static corners only, along static
   edges, and so is no shorter than the shortest static way to a corner from which a last
   leg is clear (by the search's own exact tests), plus that leg; or it passes a blocker or
   escape corner of the search, and so is no shorter than the straight line to the last of
   them and a bound of the way on from it.
   The least of these, never below the straight line, is each corner's estimate: never more
   than the way the search would find, so the search stays exact, while it pops the corners of
   the way it returns and few others instead of every corner nearer the goal as the crow flies.
   The start keeps the straight-line estimate, so the estimate is not consistent and a corner
   is expanded again when a shorter way to it turns up. ``guide=False`` searches with the
   straight line alone: the reference the guided search is tested against.

4. A way toward a goal ends with its last leg aimed at the goal, cut where it comes within the
   stop distance, or with a straight leg to a point where the goal's circle meets the boundary
   of the free region (:func:`.graph.rim_points`): where the aimed leg is blocked by a wall or
   the table's edge, the circle may still be reached along it, and the nearest place on the
   circle is then one of those points.
5. With no base in the way (:func:`reach_toward` with no blockers, an AI's question of how far
   it gets toward an enemy, or blockers that the way round the terrain alone passes clear of:
   no way among them is shorter), no search runs: the goal's guide, built with the searches' exact
   tests, holds every corner's shortest static way to the goal, so the shortest way is the one
   through the first corner, in the order of the straight line to it plus its static way, that
   the start sees (tangent there, as in the search); a start in contact with terrain may go
   through its escape corner first. It is the search's answer (a property test holds them to
   1e-6"); where there is none, or the goal itself is in contact with terrain with no stop
   distance, the search answers.

The board remembers every answer (``board.routes``): they are pure functions of the question.
Straight slides are :mod:`.slides`.
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import shapely

from skirmish.geometry.board import Board
from skirmish.geometry.clearance import Blockers, Space, blocked_by, blocker_list, space_for
from skirmish.geometry.graph import (
    Graph,
    Guide,
    escape_of,
    estimates,
    graph_of,
    guide_to,
    is_clean_goal,
    leg_end,
    next_hop,
    rim_points,
    seen_from,
)
from skirmish.geometry.nodes import STATIC, Nodes, nodes_of, ring_of
from skirmish.geometry.shapes import EPS, Point, circle_terms
from skirmish.geometry.slides import first_stop

__all__ = ["Path", "path_clear", "plan_path", "reach_toward", "reach_within"]

PLAIN_BUDGET = 4096
"""Pops a search makes without a guide before it builds one. A guide tests every corner's last
leg, which costs more than even a long search among the bases of a move's new point pops: only
a search through a maze runs this far."""
_FIRST_TRIES = 4  # corners tried one least at a time before the rest are sorted


@dataclass(frozen=True, slots=True)
class Path:
    """A polyline for a base's centre: ``points[0]`` the start, ``points[-1]`` the end.

    ``length`` is the polyline's length; ``touches_rough`` whether the swept base touches or
    overlaps a rough piece anywhere (ends included). A path that does not move has one point.
    """

    points: tuple[Point, ...]
    length: float
    touches_rough: bool

    @property
    def start(self) -> Point:
        """Where the path starts."""
        return self.points[0]

    @property
    def end(self) -> Point:
        """Where the path ends."""
        return self.points[-1]

    def point_at(self, length: float) -> Point:
        """The point ``length`` along the path (its end if the path is shorter)."""
        return _cut_at_length(list(self.points), length)[-1]


# --- search ------------------------------------------------------------------------------------


class _Result:
    __slots__ = ("bends", "long", "points", "reached")

    def __init__(
        self,
        points: list[Point] | None,
        reached: list[Point],
        bends: list[Point],
        long: bool = False,
    ) -> None:
        self.points = points
        self.reached = reached
        self.bends = bends  # the search's blocker and escape corners
        self.long = long  # it gave up at its budget of pops


def _search(
    space: Space,
    graph: Graph,
    sx: float,
    sy: float,
    gx: float,
    gy: float,
    stop: float,
    blist: list[tuple[float, float, float, int]],
    active: list[int],
    want_reached: bool,
    goal_clean: bool,
    escapes: list[Point],
    rims: list[Point],
    guide: Guide | None,
    budget: int,
    bound: float = math.inf,
) -> tuple[_Result, set[int]]:
    """A* from the start to within ``stop`` of the goal; returns the result and new blockers.

    Nodes: the static corners, then the corners of the active blockers' rings, then the start.
    An edge must be tangent at each corner it bends at (both ring neighbours on one side), but
    only where the other end lies outside that corner's ring of grown obstacles: the start or
    the goal may lie between the grown obstacles and the pushed-out corners (a base touching a
    wall does), and there the test would wrongly reject the edge. ``goal_clean`` says every
    end point near the goal lies outside the static rings.

    Such an end point also gets an escape corner (``escapes`` for the static rings, radial ones
    for the blocker rings, :func:`.nodes.nodes_of`): the nearest point of the ring, from which
    it can follow the ring; a chord from inside the ring to a ring corner could cut into what
    the ring goes round. The corners, built from the start and the bases alone, are kept for
    the next search from that start among those bases.

    A way ends with its last leg aimed at the goal, or with a straight leg to one of ``rims``
    (:func:`.graph.rim_points`), where the goal's circle meets a wall or the table's edge.

    ``guide`` is the goal's static ways (:func:`.graph.guide_to`), or None for the
    straight-line estimate alone; with a guide a corner is expanded again when a shorter way to
    it turns up. With a ``budget`` (0: none) the search gives up after so many pops; without
    one it stops at the first new blocker it meets. It finds no way longer than ``bound``:
    every estimate is a lower bound, so once the least way left to try is longer, none is
    within it.
    """
    n_static = len(graph.xs)
    nodes = nodes_of(space, graph, (sx, sy), (gx, gy), stop, blist, active, escapes)
    xs, ys, px, py, qx, qy = nodes.xs, nodes.ys, nodes.px, nodes.py, nodes.qx, nodes.qy
    rcx, rcy, rr2 = nodes.rcx, nodes.rcy, nodes.rr2
    n_bend = nodes.n_bend  # nodes a path may bend at (static and blocker corners, escapes)
    bends = nodes.bends
    start = n_bend
    n = n_bend + 1
    segment_clear = space.segment_clear
    hyp = math.hypot
    first = n_bend if guide is not None else 0
    h = [max(0.0, hyp(xs[v] - gx, ys[v] - gy) - stop) for v in range(first, n)]
    if guide is not None:
        h = estimates(graph, guide, nodes.apart(), gx, gy, stop) + h
        leg_ok = guide.last + [True] * (n - n_static)
    else:
        leg_ok = [True] * n
    reopen = guide is not None
    # The g each corner was expanded at (inf: not yet). Without a guide, once is final: -inf,
    # so that one comparison with it serves both searches.
    done = [math.inf] * n
    parent = [-1] * n
    gbest = [math.inf] * n
    adj = graph.adj
    new_blockers: set[int] = set()
    active_set = set(active)
    has_blockers = bool(blist)
    target = -1
    # An entry is (f, g, node, parent), or (f, g, node, parent, batch, index) for an offer of
    # a batch (guided only): the corners a blocker, escape or start corner sees, sorted by f
    # in numpy, pushed one at a time as the last one comes out.
    heap: list[tuple[float, float, int, int] | tuple[float, float, int, int, int, int]] = [
        (h[start], 0.0, start, -1)
    ]
    batches: list[tuple[list[float], list[float], list[int]]] = []
    offers = _offers(nodes, h) if reopen else None
    end_point: Point | None = None
    end_parent = -1
    reached: list[Point] = []

    def terminal(u: int) -> tuple[float, float, float]:
        return leg_end(xs[u], ys[u], gx, gy, stop)

    def bends_ok(v: int, dx: float, dy: float, ox: float, oy: float, other_clean: bool) -> bool:
        """Whether the edge from corner ``v`` along (dx, dy) to (ox, oy) may bend at ``v``."""
        r2 = rr2[v]
        if r2 >= 0.0:
            if (ox - rcx[v]) * (ox - rcx[v]) + (oy - rcy[v]) * (oy - rcy[v]) < r2:
                return True
        elif r2 != STATIC or not other_clean:
            return True
        return (dx * py[v] - dy * px[v]) * (dx * qy[v] - dy * qx[v]) >= -EPS

    pops = 0
    while heap:
        if new_blockers and not budget:
            # The search runs again with every base (see _route), whatever this run finds;
            # a run with a budget goes on, since running past it decides how the next runs.
            break
        pops += 1
        if pops == budget:
            return _Result(None, reached, bends, long=True), new_blockers
        entry = heapq.heappop(heap)
        f, g, v, u = entry[:4]
        if f > bound:
            break
        if len(entry) > 4:
            k, i = entry[4:]
            fs, gs, ws = batches[k]
            if i + 1 < len(ws):
                heapq.heappush(heap, (fs[i + 1], gs[i + 1], ws[i + 1], u, k, i + 1))
        if v < 0:  # an end: aimed at the goal (target), or a rim point
            tx, ty = terminal(u)[:2] if v == target else rims[target - 1 - v]
            ux = xs[u]
            uy = ys[u]
            if (tx != ux or ty != uy) and not (
                segment_clear(ux, uy, tx, ty)
                and _check_blockers(ux, uy, tx, ty, blist, active_set, new_blockers)
            ):
                continue
            end_point = (tx, ty)
            end_parent = u
            break
        if g >= done[v]:
            continue
        # Offers along static edges were verified when pushed; the others are verified now.
        if u >= 0 and (u >= n_static or v >= n_static):
            ux = xs[u]
            uy = ys[u]
            vx = xs[v]
            vy = ys[v]
            if not (
                segment_clear(ux, uy, vx, vy)
                and _check_blockers(ux, uy, vx, vy, blist, active_set, new_blockers)
            ):
                continue
        if want_reached and done[v] == math.inf:
            reached.append((xs[v], ys[v]))
        done[v] = g if reopen else -math.inf
        parent[v] = u
        vx = xs[v]
        vy = ys[v]
        # The goal, straight from here.
        tx, ty, tcost = terminal(v)
        if leg_ok[v] and (v == start or bends_ok(v, tx - vx, ty - vy, tx, ty, goal_clean)):
            heapq.heappush(heap, (g + tcost, g + tcost, target, v))
        for k, (rx, ry) in enumerate(rims):
            rcost = g + hyp(rx - vx, ry - vy)
            heapq.heappush(heap, (rcost, rcost, target - 1 - k, v))
        if v < n_static:
            for w, length in adj[v]:
                ng = g + length
                if (
                    ng < done[w]
                    and ng < gbest[w]
                    and (
                        not has_blockers
                        or _check_blockers(vx, vy, xs[w], ys[w], blist, active_set, new_blockers)
                    )
                ):
                    gbest[w] = ng
                    heapq.heappush(heap, (ng + h[w], ng, w, v))
        elif offers is not None:
            batch = offers(v, g)
            if batch[2]:
                heapq.heappush(heap, (batch[0][0], batch[1][0], batch[2][0], v, len(batches), 0))
                batches.append(batch)
            continue
        for w in nodes.joined(v):
            if g >= done[w]:
                continue
            dx = xs[w] - vx
            dy = ys[w] - vy
            ng = g + hyp(dx, dy)
            if ng < gbest[w] and ng < done[w]:
                heapq.heappush(heap, (ng + h[w], ng, w, v))
    if end_point is None:
        return _Result(None, reached, bends), new_blockers
    pts: list[Point] = [end_point]
    v = end_parent
    if (xs[v], ys[v]) != end_point:
        pts.append((xs[v], ys[v]))
    while parent[v] >= 0:
        v = parent[v]
        pts.append((xs[v], ys[v]))
    pts.reverse()
    return _Result(pts, reached, bends), new_blockers


def _offers(
    nodes: Nodes, h: list[float]
) -> Callable[[int, float], tuple[list[float], list[float], list[int]]]:
    """For one search, the offers of a non-static corner to every bend corner it may go to
    (:meth:`.nodes.Nodes.offers_from`), sorted by f: fs, gs, corners."""
    estimate = np.array(h[: nodes.n_bend])

    def offers(v: int, g: float) -> tuple[list[float], list[float], list[int]]:
        w, lengths = nodes.offers_from(v)
        gs = g + lengths
        fs = gs + estimate[w]
        order = fs.argsort(kind="stable")
        return fs[order].tolist(), gs[order].tolist(), w[order].tolist()

    return offers


def _check_blockers(
    ax: float,
    ay: float,
    bx: float,
    by: float,
    blist: list[tuple[float, float, float, int]],
    active: set[int],
    new: set[int],
) -> bool:
    hit = blocked_by(ax, ay, bx, by, blist)
    if hit < 0:
        return True
    if hit not in active:
        new.add(hit)
    return False


def _route(
    space: Space,
    sx: float,
    sy: float,
    gx: float,
    gy: float,
    stop: float,
    blist: list[tuple[float, float, float, int]],
    want_reached: bool,
    guide: bool,
    bound: float = math.inf,
) -> _Result:
    """Shortest polyline from the start to within ``stop`` of the goal (graph search, guided
    unless ``guide`` is False), if one is no longer than ``bound``."""
    graph = graph_of(space)
    # Blockers across the direct line join the graph at once; the others all together when one
    # gets in the way (see the module docstring).
    tx, ty = gx, gy
    d = math.hypot(gx - sx, gy - sy)
    if stop > 0.0 and d > stop:
        tx = sx + (gx - sx) * (d - stop) / d
        ty = sy + (gy - sy) * (d - stop) / d
    active = [
        n
        for n in range(len(blist))
        if blocked_by(sx, sy, tx, ty, blist[n : n + 1]) >= 0  # every blocker on the direct line
    ]
    node_free = graph.node_free
    escapes: list[Point] = []
    # A guide costs a test of every corner: a goal asked about before has one, and a search
    # that runs long gets one; a short one goes without.
    guides = graph.guides.get((gx, gy, stop)) if guide and graph.xs else None
    budget = PLAIN_BUDGET if guide and graph.xs and guides is None else 0
    clean = is_clean_goal(graph, gx, gy, stop) if guides is None else guides.clean
    rims = rim_points(space, graph, gx, gy, stop)
    if not node_free.is_empty:
        ends = [(sx, sy), (gx, gy)] if stop <= 0.0 and not clean else [(sx, sy)]
        for x, y in ends:
            found = escape_of(graph, x, y)
            if found is not None:
                escapes.append(found[0])
    while True:
        result, new = _search(
            space,
            graph,
            sx,
            sy,
            gx,
            gy,
            stop,
            blist,
            active,
            want_reached,
            clean,
            escapes,
            rims,
            guides,
            budget,
            bound,
        )
        if result.long:
            guides, budget = guide_to(space, graph, gx, gy, stop), 0
            continue
        if not new:
            length = bound if result.points is None else _polyline_length(result.points)
            ways = None if guides is None else guides.ways
            new = _could_shorten(
                space,
                graph,
                ways,
                result.bends,
                blist,
                active,
                (sx, sy),
                (gx, gy),
                stop,
                rims,
                length,
            )
            if not new:
                return result
        active = list(range(len(blist)))


def _could_shorten(
    space: Space,
    graph: Graph,
    ways: Any,
    bends: list[Point],
    blist: list[tuple[float, float, float, int]],
    active: list[int],
    start: Point,
    goal: Point,
    stop: float,
    rims: list[Point],
    length: float,
) -> set[int]:
    """The inactive blockers with a ring corner that a way shorter than ``length`` could bend
    at. A ring adds corners to aim at the goal from, so without these the answer would hang on
    which edges the search happened to try. A corner could, if the straight line to it and a
    lower bound of the way on from it are shorter: on from the last such corner, the way is
    its last leg or a leg to a rim point (if clear), or the straight line to a static corner
    and that corner's static way (``ways``; without them, no shorter than the straight line to
    the goal), or the straight line to one of the search's other bend corners (``bends``) and
    from there to the goal."""
    sx, sy = start
    gx, gy = goal
    found: set[int] = set()
    for b in sorted(set(range(len(blist))) - set(active)):
        cx, cy, reach, _ = blist[b]
        for x, y in ring_of(cx, cy, reach):
            to = math.hypot(x - sx, y - sy)
            leg = max(math.hypot(gx - x, gy - y) - stop, 0.0)
            if to + leg >= length:
                continue
            on = (
                min(
                    (math.hypot(bx - x, by - y) + max(math.hypot(gx - bx, gy - by) - stop, 0.0))
                    for bx, by in bends
                )
                if bends
                else math.inf
            )
            if ways is None:
                on = min(on, leg)
            else:
                on = min(on, float((np.hypot(graph.ax - x, graph.ay - y) + ways).min()))
            if to + on < length or _end_clear(space, blist, x, y, goal, stop, rims, length - to):
                found.add(b)
                break
    return found


def _end_clear(
    space: Space,
    blist: list[tuple[float, float, float, int]],
    x: float,
    y: float,
    goal: Point,
    stop: float,
    rims: list[Point],
    within: float,
) -> bool:
    """Whether a way may end straight from (x, y), clear of terrain and bases: by its last leg
    (:func:`.graph.leg_end`), or by a leg shorter than ``within`` to a rim point."""
    tx, ty, _ = leg_end(x, y, goal[0], goal[1], stop)
    ends = [(tx, ty), *(q for q in rims if math.hypot(q[0] - x, q[1] - y) < within)]
    return any(
        (ex == x and ey == y)
        or (space.segment_clear(x, y, ex, ey) and blocked_by(x, y, ex, ey, blist) < 0)
        for ex, ey in ends
    )


# --- public API --------------------------------------------------------------------------------


def _polyline_length(points: Sequence[Point]) -> float:
    return sum(
        math.hypot(points[i + 1][0] - points[i][0], points[i + 1][1] - points[i][1])
        for i in range(len(points) - 1)
    )


def _make_path(space: Space, points: list[Point]) -> Path:
    return Path(tuple(points), _polyline_length(points), space.touches_rough(points))


def plan_path(
    board: Board,
    start: Point,
    goal: Point,
    radius: float,
    blockers: Blockers,
    level: str | None = None,
    avoid_rough: bool = False,
    guide: bool = True,
) -> Path | None:
    """Shortest path for a base of ``radius`` from ``start`` to ``goal`` on ``level``.

    The base never overlaps impassable or climbable pieces (on the ground), the blocker bases
    (``(centre, radius)`` on the same level; touching is allowed), nor leaves the table (or its
    roof); with ``avoid_rough`` it never touches a rough piece. None if no such path exists
    (including when ``goal`` itself is not a legal place for the base). ``guide=False``: the
    reference search (see the module docstring).
    """
    key = ("plan", start, goal, radius, tuple(blockers), level, avoid_rough, guide)
    return board.routes.remember(
        key, lambda: (_plan_path(board, start, goal, radius, blockers, level, avoid_rough, guide),)
    )[0]


def _plan_path(
    board: Board,
    start: Point,
    goal: Point,
    radius: float,
    blockers: Blockers,
    level: str | None,
    avoid_rough: bool,
    guide: bool,
) -> Path | None:
    space = space_for(board, radius, level, avoid_rough)
    sx, sy = start
    gx, gy = goal
    blist = blocker_list(sx, sy, radius, blockers)
    if not space.segment_clear(gx, gy, gx, gy) or blocked_by(gx, gy, gx, gy, blist) >= 0:
        return None
    if sx == gx and sy == gy:
        return _make_path(space, [(sx, sy)])
    if space.segment_clear(sx, sy, gx, gy) and blocked_by(sx, sy, gx, gy, blist) < 0:
        return _make_path(space, [(sx, sy), (gx, gy)])
    result = _route(space, sx, sy, gx, gy, 0.0, blist, False, guide)
    if result.points is None:
        return None
    return _make_path(space, result.points)


def reach_toward(
    board: Board,
    start: Point,
    goal: Point,
    radius: float,
    blockers: Blockers,
    level: str | None = None,
    max_length: float = math.inf,
    stop_distance: float = 0.0,
    avoid_rough: bool = False,
    guide: bool = True,
) -> Path | None:
    """The shortest path toward ``goal``, cut where it first comes within ``stop_distance`` of
    it (centre distance) or at ``max_length``, whichever comes first.

    For a charge, pass the sum of the two radii as ``stop_distance`` and leave the target's own
    base out of ``blockers``: the path ends in base contact. When no point within
    ``stop_distance`` can be reached, the path goes to the reachable graph corner nearest the
    goal and then straight toward the goal until something stops it. None only when the start
    itself is not a legal place to move from. ``guide=False``: the reference search (see the
    module docstring).
    """
    return _remembered_reach(
        board,
        start,
        goal,
        radius,
        blockers,
        level,
        max_length,
        stop_distance,
        avoid_rough,
        guide,
        within=False,
    )


def _remembered_reach(
    board: Board,
    start: Point,
    goal: Point,
    radius: float,
    blockers: Blockers,
    level: str | None,
    max_length: float,
    stop_distance: float,
    avoid_rough: bool,
    guide: bool,
    within: bool,
) -> Path | None:
    """One question of :func:`reach_toward` or :func:`reach_within`, remembered on the board."""
    question = (start, goal, radius, tuple(blockers), level, max_length, stop_distance)
    key = ("within" if within else "reach", *question, avoid_rough, guide)
    return board.routes.remember(
        key,
        lambda: (
            _reach_toward(board, *question, avoid_rough=avoid_rough, guide=guide, within=within),
        ),
    )[0]


def _reach_toward(
    board: Board,
    start: Point,
    goal: Point,
    radius: float,
    blockers: Blockers,
    level: str | None,
    max_length: float,
    stop_distance: float,
    avoid_rough: bool,
    guide: bool,
    within: bool,
) -> Path | None:
    """:func:`reach_toward`, or with ``within`` :func:`reach_within`."""
    space = space_for(board, radius, level, avoid_rough)
    sx, sy = start
    gx, gy = goal
    blist = blocker_list(sx, sy, radius, blockers)
    stop = max(0.0, stop_distance)
    if not space.segment_clear(sx, sy, sx, sy):
        return None
    d = math.hypot(gx - sx, gy - sy)
    if d <= stop or (max_length <= 0.0 and not within):
        return _make_path(space, [(sx, sy)])
    if within and d - stop > max_length:
        return None
    tx, ty = gx, gy
    if stop > 0.0:
        tx = sx + (gx - sx) * (d - stop) / d
        ty = sy + (gy - sy) * (d - stop) / d
    points: list[Point] | None = None
    if space.segment_clear(sx, sy, tx, ty) and blocked_by(sx, sy, tx, ty, blist) < 0:
        points = [(sx, sy), (tx, ty)]
    elif within:
        points = _route(space, sx, sy, gx, gy, stop, blist, False, guide, max_length).points
        if points is None:
            return None
    else:
        found = _round_terrain(space, sx, sy, gx, gy, stop) if guide else None
        if found is not None and not _clear_of(found, blist):
            found = None
        points = found if found is not None else _reach(space, sx, sy, gx, gy, stop, blist, guide)
    points = _cut_at_circle(points, gx, gy, stop)
    points = _cut_at_length(points, max_length)
    return _make_path(space, points)


def reach_within(
    board: Board,
    start: Point,
    goal: Point,
    radius: float,
    blockers: Blockers,
    level: str | None = None,
    max_length: float = math.inf,
    stop_distance: float = 0.0,
    avoid_rough: bool = False,
) -> Path | None:
    """The shortest path to within ``stop_distance`` of ``goal`` (centre distance), if it is
    no longer than ``max_length``; else None, found without searching past that length.

    It answers "can this base get there with this move, and how" (a charge into contact, with
    the sum of the radii as ``stop_distance``), where :func:`reach_toward` also says how near
    it gets when it cannot, at the cost of a search of everything the way might go round. The
    way is :func:`reach_toward`'s search, whose last leg heads for the goal; where only a slide
    along a wall gets into reach (its fallback), this finds none.
    """
    return _remembered_reach(
        board,
        start,
        goal,
        radius,
        blockers,
        level,
        max_length,
        stop_distance,
        avoid_rough,
        True,
        within=True,
    )


def _round_terrain(
    space: Space, sx: float, sy: float, gx: float, gy: float, stop: float
) -> list[Point] | None:
    """The shortest way to within ``stop`` of the goal round the terrain alone, from the
    graph's static ways: to the first corner it sees, then along static edges, then the last
    leg (see the module docstring); None where the search must answer (a goal in contact with
    terrain and no stop distance, no place near the goal, no way at all). A start in contact
    with terrain may first step to its escape corner, as in the search."""
    graph = graph_of(space)
    if not graph.xs:
        return None
    guide = guide_to(space, graph, gx, gy, stop)
    if not guide.near or (stop <= 0.0 and not guide.clean):
        return None
    escape = escape_of(graph, sx, sy)
    entries = [(sx, sy, 0.0, escape is None)]
    if escape is not None:
        (ex, ey), clean = escape
        if space.segment_clear(ex, ey, ex, ey) and space.segment_clear(sx, sy, ex, ey):
            entries.append((ex, ey, math.hypot(ex - sx, ey - sy), clean))
    rims = rim_points(space, graph, gx, gy, stop)
    best: tuple[float, list[Point]] | None = None
    for ex, ey, cost, tangent_there in entries:
        start: list[Point] = [(sx, sy)] if cost == 0.0 else [(sx, sy), (ex, ey)]
        found = _first_corner(space, graph, guide, ex, ey, tangent_there)
        if found is not None and (best is None or cost + found[0] < best[0]):
            v = found[1]
            last = guide.via[v]
            points = [*start, (graph.xs[v], graph.ys[v])]
            while v != last:
                v = next_hop(graph, v, last)
                points.append((graph.xs[v], graph.ys[v]))
            end = guide.ends[v]
            points.append(leg_end(*points[-1], gx, gy, stop)[:2] if end < 0 else rims[end])
            best = (cost + found[0], points)
        direct = _straight_end(space, ex, ey, gx, gy, stop, rims)
        if direct is not None and (best is None or cost + direct[0] < best[0]):
            best = (cost + direct[0], [*start, direct[1]])
    if best is None:
        return None
    points = best[1]
    return points[:-1] if points[-1] == points[-2] else points


def _straight_end(
    space: Space, x: float, y: float, gx: float, gy: float, stop: float, rims: list[Point]
) -> tuple[float, Point] | None:
    """The shortest clear leg from (x, y) that ends a way: aimed at the goal, or to a rim
    point; its length and end."""
    tx, ty, length = leg_end(x, y, gx, gy, stop)
    ends = [(length, (tx, ty))] + [(math.hypot(rx - x, ry - y), (rx, ry)) for rx, ry in rims]
    clear = [(d, p) for d, p in ends if space.segment_clear(x, y, p[0], p[1])]
    return min(clear) if clear else None


def _first_corner(
    space: Space, graph: Graph, guide: Guide, sx: float, sy: float, tangent_there: bool
) -> tuple[float, int] | None:
    """The corner a shortest way from (sx, sy) along static edges goes to first, and that
    way's length: the ways in the order of their length (ties by corner), were the first leg
    clear (and, where the search asks it, tangent at its corner, tested for all at once); the
    first that is, is the shortest. The first few are taken one least at a time, since one of
    them mostly is."""
    lengths, tangent = seen_from(graph, sx, sy)
    ways = lengths + guide.ways
    if tangent_there:
        ways[~tangent] = math.inf
    for _ in range(_FIRST_TRIES):
        a = int(ways.argmin())  # the first of the least: the stable order's next
        if ways[a] == math.inf:
            return None
        if space.segment_clear(sx, sy, graph.xs[a], graph.ys[a]):
            return float(ways[a]), a
        ways[a] = math.inf  # tried: the rest keep their order
    left = np.flatnonzero(ways < math.inf)
    for a in left[ways[left].argsort(kind="stable")].tolist():
        if space.segment_clear(sx, sy, graph.xs[a], graph.ys[a]):
            return float(ways[a]), a
    return None


def _reach(
    space: Space,
    sx: float,
    sy: float,
    gx: float,
    gy: float,
    stop: float,
    blist: list[tuple[float, float, float, int]],
    guide: bool,
) -> list[Point]:
    """Shortest polyline to within ``stop`` of the goal, or else as near to it as possible."""
    graph = graph_of(space)
    free = graph.free
    goal = shapely.Point(gx, gy)
    # The goal's guide, if it has one, knows whether a legal place lies within reach of it.
    known = graph.guides.get((gx, gy, stop)) if guide else None
    near = (
        known.near if known is not None else free.is_empty or shapely.distance(free, goal) <= stop
    )
    if not near:
        # No legal place within reach of the goal (say, it is inside a rock): aim instead for
        # the legal place nearest to it, without searching the whole graph first.
        nx, ny = shapely.shortest_line(free, goal).coords[0]
        if space.segment_clear(nx, ny, nx, ny) and blocked_by(nx, ny, nx, ny, blist) < 0:
            result = _route(space, sx, sy, nx, ny, 0.0, blist, False, guide)
            if result.points is not None:
                return result.points
    result = _route(space, sx, sy, gx, gy, stop, blist, True, guide)
    if result.points is not None:
        return result.points
    return _closest_approach(space, result.reached, sx, sy, gx, gy, stop, blist, guide)


def _closest_approach(
    space: Space,
    reached: list[Point],
    sx: float,
    sy: float,
    gx: float,
    gy: float,
    stop: float,
    blist: list[tuple[float, float, float, int]],
    guide: bool,
) -> list[Point]:
    """A path to the reachable corner nearest the goal, then straight on until stopped."""
    best = min(reached or [(sx, sy)], key=lambda p: math.hypot(gx - p[0], gy - p[1]))
    if best == (sx, sy):
        points: list[Point] = [(sx, sy)]
    else:
        result = _route(space, sx, sy, best[0], best[1], 0.0, blist, False, guide)
        points = result.points if result.points is not None else [(sx, sy)]
    bx, by = points[-1]
    d = math.hypot(gx - bx, gy - by)
    if d > stop and d > 0.0:
        ux = (gx - bx) / d
        uy = (gy - by) / d
        t, _ = first_stop(space, bx, by, ux, uy, d - stop, blist, inset=True)
        if t > EPS:
            points.append((bx + ux * t, by + uy * t))
    return points


def _clear_of(points: list[Point], blist: list[tuple[float, float, float, int]]) -> bool:
    return all(
        blocked_by(ax, ay, bx, by, blist) < 0 for (ax, ay), (bx, by) in itertools.pairwise(points)
    )


def path_clear(path: Path, radius: float, blockers: Blockers) -> bool:
    """Whether a base of ``radius`` moving along ``path`` stays clear of the blocker bases
    (touching allowed, as in :func:`plan_path`): a way round the terrain alone that is, is a
    way among them too, and the search among them finds none longer."""
    sx, sy = path.start
    return _clear_of(list(path.points), blocker_list(sx, sy, radius, blockers))


def _cut_at_circle(points: list[Point], gx: float, gy: float, stop: float) -> list[Point]:
    if stop <= 0.0:
        return points
    for i in range(len(points) - 1):
        ax, ay = points[i]
        bx, by = points[i + 1]
        dx, dy, a, b, c = circle_terms(ax, ay, bx, by, gx, gy, stop)
        if c <= 0.0:
            return points[: i + 1]
        disc = b * b - a * c
        if a == 0.0 or disc < 0.0:
            continue
        t = (-b - math.sqrt(disc)) / a
        if 0.0 <= t <= 1.0:
            return [*points[: i + 1], (ax + dx * t, ay + dy * t)]
    return points


def _cut_at_length(points: list[Point], max_length: float) -> list[Point]:
    if max_length == math.inf:
        return points
    left = max_length
    for i in range(len(points) - 1):
        ax, ay = points[i]
        bx, by = points[i + 1]
        seg = math.hypot(bx - ax, by - ay)
        if seg >= left:
            if left <= 0.0:
                return points[: i + 1]
            k = left / seg
            return [*points[: i + 1], (ax + (bx - ax) * k, ay + (by - ay) * k)]
        left -= seg
    return points
