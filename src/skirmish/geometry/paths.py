"""Movement of circular bases: shortest paths, reaching toward a point, straight slides.

How a path is found (all checks are exact, in plain Python, except the one-time build):

1. The straight segment is tested first: the table, the pieces in the way (bounding-box
   rejects, then an edge-distance test) and the blocker circles. Most moves end here.
2. Otherwise A* runs on a visibility graph. Its static part (terrain and table edges) is built
   once per ``(board, radius, level, avoid_rough)`` with shapely (each obstacle grown by the
   radius, unioned, its reflex corners pushed a hair outward become the nodes; edges are the
   tangent node pairs whose segment stays out of the grown obstacles) and cached on the board
   and in a small module-level cache. Blocker bases join as the corners of a 16-gon only once
   they block an edge that the search tried (the search then restarts with them), or once a
   way is found, if one of their corners could bend a shorter one (the search then runs again
   with them, so the answer is the same whatever order the search tried edges in). Edges that
   meet the start, the end or a blocker corner are verified lazily, when the search pops them.
   A start or goal in contact with something lies inside the grown obstacles' corners; it
   gets an extra "escape" corner on them, the nearest point from which it can go round.
3. The search is guided by the static graph's all-pairs shortest lengths (Floyd-Warshall once
   per graph, in numpy). A way from a static corner to the goal either bends at static corners
   only, along static edges, and so is no shorter than the shortest static way to a corner from
   which the last leg may be clear (tested for every corner at once, in numpy, a superset of
   what the exact test passes), plus that leg; or it passes a blocker or escape corner of the
   search, and so is no shorter than the straight line to that corner and from it. The least
   of these, never below the straight line, is each static corner's estimate: never more than
   the way the search would find, so the search stays exact, while it pops the corners of the
   way it returns and few others instead of every corner nearer the goal as the crow flies.
   Blocker and start corners keep the straight-line estimate, so the estimate is not
   consistent and a corner is expanded again when a shorter way to it turns up. The goal's
   static ways are kept on the graph. ``guide=False`` searches with the straight line alone:
   the reference the guided search is tested against.

Clearances: a path keeps every point a legal placement with ``PATH_SLACK`` (CONTACT / 2) to
spare: its base never reaches more than PATH_SLACK into an impassable or climbable piece, off the
table, off its roof, or into a blocker base (touching is fine); with ``avoid_rough`` it stays more
than ``CONTACT + PATH_SLACK`` away from rough pieces, so it never touches them. A start overlapping
a blocker (beyond PATH_SLACK) ignores that blocker, so that overlapping bases can separate.
"""

from __future__ import annotations

import heapq
import math
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import shapely

from skirmish.geometry.board import Board
from skirmish.geometry.memo import Memo
from skirmish.geometry.shapes import (
    CONTACT,
    EPS,
    PATH_SLACK,
    EdgeList,
    Point,
    point_in_edges,
    segment_near_edges,
)
from skirmish.geometry.terrain import Movement, Terrain

__all__ = ["Path", "plan_path", "random_reachable_point", "ray_move", "reach_toward"]

Blockers = Sequence[tuple[Point, float]]

_QUAD_SEGS = 4
# GEOS rounds the number of segments of a round join, so one arc step may reach 1.5 times the
# nominal angle; growing by r / cos(0.75 * quantum) keeps every chord at least r from the
# corner it rounds.
_ARC_FACTOR = 1.0 / math.cos(0.75 * math.pi / (2 * _QUAD_SEGS))
# Graph nodes sit this far outside the grown obstacles that edges are tested against.
_NODE_PUSH = 1e-3
# Blocker bases join the graph as the corners of a circumscribed polygon: 16 keeps its corners
# within 2% of the circle, so gaps between bases are not closed off by the approximation.
_RING_SIDES = 16
_RING = tuple(
    (
        math.cos((k + 0.5) * 2 * math.pi / _RING_SIDES),
        math.sin((k + 0.5) * 2 * math.pi / _RING_SIDES),
    )
    for k in range(_RING_SIDES)
)
_RING_FACTOR = 1.0 / math.cos(math.pi / _RING_SIDES)
_NO_SIDES = (0.0, 0.0, 0.0, 0.0)
_STATIC = -1.0  # marks a static corner in the search's per-corner ring radius
_FREE = -2.0  # marks an escape corner (and the start): no tangency test there
_NO_RING = (0.0, 0.0, _FREE)
_GUIDES_LIMIT = 512  # guides kept per graph: one per goal asked about, the goals of a few turns


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


# --- the exact checks of one (board, radius, level, avoid_rough) -------------------------------


class _Space:
    """Everything a straight segment is tested against, precomputed for one kind of mover."""

    __slots__ = (
        "avoid_rough",
        "board",
        "box",
        "graph",
        "level",
        "obstacles",
        "radius",
        "roof",
        "roof_reach",
        "rough",
        "walls",
    )

    def __init__(self, board: Board, radius: float, level: str | None, avoid_rough: bool) -> None:
        self.board = board
        self.radius = radius
        self.level = level
        self.avoid_rough = avoid_rough
        self.graph: _Graph | None = None
        reach = radius - PATH_SLACK
        obstacles: list[tuple[float, float, float, float, EdgeList, float, Terrain]] = []
        self.rough: tuple[tuple[float, float, float, float, EdgeList], ...] = ()
        self.roof: Terrain | None = None
        self.roof_reach = reach
        if level is None:
            self.box = (reach, reach, board.width - reach, board.height - reach)
            specs = [(t, reach) for t in board._ground_obstacles]
            if avoid_rough:
                specs += [(t, radius + CONTACT + PATH_SLACK) for t in board._rough]
            for t, d in specs:
                b = t.bbox
                obstacles.append((b[0] - d, b[1] - d, b[2] + d, b[3] + d, t.edges, d, t))
            touch = radius + CONTACT
            self.rough = tuple(
                (
                    t.bbox[0] - touch,
                    t.bbox[1] - touch,
                    t.bbox[2] + touch,
                    t.bbox[3] + touch,
                    t.edges,
                )
                for t in board._rough
            )
        else:
            roof = board.piece(level)
            if roof.movement is not Movement.CLIMBABLE:
                raise ValueError(f"level {level!r} is not a climbable piece")
            self.roof = roof
            self.box = roof.bbox
        self.obstacles = tuple(obstacles)
        self.walls = _walls(self)

    def segment_clear(self, ax: float, ay: float, bx: float, by: float) -> bool:
        """Whether a base may travel straight from a to b, ignoring other bases."""
        x0, y0, x1, y1 = self.box
        if ax < x0 or bx < x0 or ax > x1 or bx > x1 or ay < y0 or by < y0 or ay > y1 or by > y1:
            return False
        roof = self.roof
        if roof is not None:
            return point_in_edges(ax, ay, roof.edges) and not segment_near_edges(
                ax, ay, bx, by, roof.edges, self.roof_reach
            )
        if ax < bx:
            lox, hix = ax, bx
        else:
            lox, hix = bx, ax
        if ay < by:
            loy, hiy = ay, by
        else:
            loy, hiy = by, ay
        for ox0, oy0, ox1, oy1, edges, d, _ in self.obstacles:
            if ox0 > hix or ox1 < lox or oy0 > hiy or oy1 < loy:
                continue
            if segment_near_edges(ax, ay, bx, by, edges, d):
                return False
            # Clear of every edge: the segment is wholly inside or wholly outside.
            if point_in_edges(ax, ay, edges):
                return False
        return True

    def clear_rows(self, ax: Any, ay: Any, bx: Any, by: Any) -> Any:
        """Which segments from ``(ax, ay)`` to ``(bx, by)`` (numpy columns, one segment a row)
        a base may travel, as a boolean array: every one :meth:`segment_clear` lets through and,
        within float noise, a few more (so that a guide built on it never overestimates). The
        starts are graph corners: on the table or roof, outside every obstacle."""
        x1, y1, x2, y2, d2 = self.walls
        clear = np.ones(len(ax), dtype=bool)
        if x1.shape[1] == 0:
            return clear
        abx = bx - ax
        aby = by - ay
        ex = x2 - x1
        ey = y2 - y1
        crosses = (
            (abx * (y1 - ay) - aby * (x1 - ax)) * (abx * (y2 - ay) - aby * (x2 - ax)) < 0.0
        ) & ((ex * (ay - y1) - ey * (ax - x1)) * (ex * (by - y1) - ey * (bx - x1)) < 0.0)
        clear &= ~crosses.any(axis=1)
        # The distance tests only for the segments that cross no edge.
        k = np.flatnonzero(clear)
        ax, ay, bx, by, abx, aby = ax[k], ay[k], bx[k], by[k], abx[k], aby[k]
        near = (
            (_point_segment_d2(ax, ay, x1, y1, ex, ey) < d2)
            | (_point_segment_d2(bx, by, x1, y1, ex, ey) < d2)
            | (_point_segment_d2(x1, y1, ax, ay, abx, aby) < d2)
            | (_point_segment_d2(x2, y2, ax, ay, abx, aby) < d2)
        )
        clear[k] = ~near.any(axis=1)
        return clear

    def touches_rough(self, points: Sequence[Point]) -> bool:
        """Whether the base swept along ``points`` touches a rough piece."""
        if not self.rough:
            return False
        d = self.radius + CONTACT
        n = len(points)
        for i in range(max(1, n - 1)):
            ax, ay = points[i]
            bx, by = points[i + 1] if n > 1 else points[i]
            lox, hix = (ax, bx) if ax < bx else (bx, ax)
            loy, hiy = (ay, by) if ay < by else (by, ay)
            for ox0, oy0, ox1, oy1, edges in self.rough:
                if ox0 > hix or ox1 < lox or oy0 > hiy or oy1 < loy:
                    continue
                if segment_near_edges(ax, ay, bx, by, edges, d) or point_in_edges(ax, ay, edges):
                    return True
        return False


def _walls(space: _Space) -> tuple[Any, Any, Any, Any, Any]:
    """The edges a straight move is tested against, as numpy rows ``x1, y1, x2, y2`` with the
    squared distance to keep from each, a hair less (:meth:`_Space.seen_from`)."""
    if space.roof is not None:
        rows = [(*e, space.roof_reach) for e in space.roof.edges]
    else:
        rows = [(*e, d) for *_, edges, d, _ in space.obstacles for e in edges]
    if not rows:
        return (np.empty((1, 0)),) * 5
    x1, y1, x2, y2, d = (np.array(column)[None, :] for column in zip(*rows, strict=True))
    return x1, y1, x2, y2, d * d * (1.0 - 1e-9) - 1e-12


def _point_segment_d2(px: Any, py: Any, x1: Any, y1: Any, ex: Any, ey: Any) -> Any:
    """Squared distance from points to segments from ``(x1, y1)`` along ``(ex, ey)`` (numpy,
    broadcast)."""
    ee = ex * ex + ey * ey
    t = np.clip(((px - x1) * ex + (py - y1) * ey) / np.where(ee > 0.0, ee, 1.0), 0.0, 1.0)
    dx = x1 + t * ex - px
    dy = y1 + t * ey - py
    return dx * dx + dy * dy


_SPACES: OrderedDict[tuple[Any, ...], _Space] = OrderedDict()
_SPACES_MAX = 64


def _space(board: Board, radius: float, level: str | None, avoid_rough: bool) -> _Space:
    return board.spaces.remember(
        (radius, level, avoid_rough), lambda: _shared_space(board, radius, level, avoid_rough)
    )


def _shared_space(board: Board, radius: float, level: str | None, avoid_rough: bool) -> _Space:
    """Equal boards loaded separately (one per game) share their spaces and graphs here."""
    key = (board, radius, level, avoid_rough)
    sp = _SPACES.get(key)
    if sp is None:
        sp = _Space(board, radius, level, avoid_rough)
        _SPACES[key] = sp
        if len(_SPACES) > _SPACES_MAX:
            _SPACES.popitem(last=False)
    else:
        _SPACES.move_to_end(key)
    return sp


# --- the static visibility graph ----------------------------------------------------------------


class _Graph:
    """Visibility graph of the reflex corners of the grown static obstacles."""

    __slots__ = (
        "adj",
        "ax",
        "ay",
        "free",
        "guides",
        "node_edge",
        "node_free",
        "px",
        "py",
        "qx",
        "qy",
        "ways",
        "xs",
        "ys",
    )

    def __init__(self, space: _Space) -> None:
        # Where a centre may go with room to spare (edges are tested against it).
        self.free: Any = _free_region(space, 0.0)
        shapely.prepare(self.free)
        # The same with the obstacles grown a hair more: its reflex corners are the nodes.
        self.node_free: Any = _free_region(space, _NODE_PUSH)
        shapely.prepare(self.node_free)
        self.node_edge: Any = shapely.boundary(self.node_free)
        xs, ys, px, py, qx, qy = _graph_nodes(self.node_free)
        self.xs = xs
        self.ys = ys
        self.ax = np.array(xs)
        self.ay = np.array(ys)
        # The shortest way between every two corners (inf: none), built on first use.
        self.ways: Any = None
        # Each goal's guide (see _guide), by goal and stop distance.
        self.guides: Memo[tuple[float, float, float], _Guide] = Memo(_GUIDES_LIMIT)
        # Offsets to each node's neighbours along its ring: an edge at a node must be tangent
        # to the corner there (both neighbours on one side of it) to be on a shortest path.
        self.px = px
        self.py = py
        self.qx = qx
        self.qy = qy
        self.adj: list[list[tuple[int, float]]] = [[] for _ in xs]
        n = len(xs)
        if n < 2:
            return
        x = np.array(xs)
        y = np.array(ys)
        i, j = np.triu_indices(n, 1)
        dx = x[j] - x[i]
        dy = y[j] - y[i]
        pxa, pya, qxa, qya = np.array(px), np.array(py), np.array(qx), np.array(qy)
        tan_i = (dx * pya[i] - dy * pxa[i]) * (dx * qya[i] - dy * qxa[i]) >= -EPS
        tan_j = (dx * pya[j] - dy * pxa[j]) * (dx * qya[j] - dy * qxa[j]) >= -EPS
        keep = tan_i & tan_j
        i = i[keep]
        j = j[keep]
        if len(i) == 0:
            return
        coords = np.stack([np.stack([x[i], y[i]], axis=1), np.stack([x[j], y[j]], axis=1)], axis=1)
        lines = shapely.linestrings(coords)
        ok = shapely.covers(self.free, lines)
        lengths = np.hypot(x[j] - x[i], y[j] - y[i])
        adj = self.adj
        for a, b, w in zip(i[ok].tolist(), j[ok].tolist(), lengths[ok].tolist(), strict=True):
            adj[a].append((b, w))
            adj[b].append((a, w))


def _ways(graph: _Graph) -> Any:
    """The graph's all-pairs shortest lengths (Floyd-Warshall in numpy), kept on the graph."""
    if graph.ways is None:
        n = len(graph.xs)
        ways = np.full((n, n), math.inf)
        np.fill_diagonal(ways, 0.0)
        for a, edges in enumerate(graph.adj):
            for b, length in edges:
                ways[a, b] = length
        for k in range(n):
            np.minimum(ways, ways[:, k, None] + ways[None, k, :], out=ways)
        graph.ways = ways
    return graph.ways


@dataclass(frozen=True, slots=True)
class _Guide:
    """What guides the searches toward one goal (see the module docstring): each static
    corner's shortest static way to within ``stop`` of it (inf: none), and whether its last
    leg, straight toward the goal and cut at ``stop``, may be clear (if not, it is not)."""

    ways: Any
    last: list[bool]


def _guide(space: _Space, graph: _Graph, gx: float, gy: float, stop: float) -> _Guide:
    """The guide toward the goal, kept on the graph by goal."""

    def build() -> _Guide:
        crow = np.hypot(graph.ax - gx, graph.ay - gy)
        leg = np.maximum(crow - stop, 0.0)
        cut = np.where(crow > stop, stop / np.where(crow > 0.0, crow, 1.0), 1.0)
        ends_x = gx + (graph.ax - gx) * cut
        ends_y = gy + (graph.ay - gy) * cut
        col = np.s_[:, None]
        last = space.clear_rows(graph.ax[col], graph.ay[col], ends_x[col], ends_y[col])
        if not last.any():
            return _Guide(np.full(len(graph.xs), math.inf), last.tolist())
        return _Guide((_ways(graph)[:, last] + leg[last][None, :]).min(axis=1), last.tolist())

    return graph.guides.remember((gx, gy, stop), build)


def _estimates(
    graph: _Graph,
    guide: _Guide,
    xs: list[float],
    ys: list[float],
    n_bend: int,
    gx: float,
    gy: float,
    stop: float,
) -> list[float]:
    """The bend corners' estimates for one search (static corners first, then the blocker and
    escape corners). A way that bends only at static corners is no shorter than the guide's; a
    way by the other corners no shorter than the straight line to the last of them, then either
    its last leg or the straight line to a static corner and that corner's static way. Every
    estimate is the least of these, never below the straight line."""
    n = len(graph.xs)
    straight = np.maximum(np.hypot(graph.ax - gx, graph.ay - gy) - stop, 0.0)
    if n_bend == n:
        static: list[float] = np.maximum(straight, guide.ways).tolist()
        return static
    ox = np.array(xs[n:n_bend])
    oy = np.array(ys[n:n_bend])
    via = np.hypot(graph.ax[:, None] - ox[None, :], graph.ay[:, None] - oy[None, :])
    leg = np.maximum(np.hypot(ox - gx, oy - gy) - stop, 0.0)
    after = np.minimum(leg, (via + guide.ways[:, None]).min(axis=0))
    static_best = np.minimum(guide.ways, (via + after[None, :]).min(axis=1))
    among = np.hypot(ox[:, None] - ox[None, :], oy[:, None] - oy[None, :])
    other_best = (among + after[None, :]).min(axis=1)
    estimates: list[float] = np.concatenate(
        [np.maximum(straight, static_best), np.maximum(leg, other_best)]
    ).tolist()
    return estimates


def _free_region(space: _Space, push: float) -> Any:
    """Where a base centre may be, its obstacles grown by ``push`` more (shapely geometry)."""
    board = space.board
    r = space.radius
    if space.roof is not None:
        return shapely.buffer(
            shapely.Polygon(space.roof.polygon), -(r * _ARC_FACTOR + push), quad_segs=_QUAD_SEGS
        )
    inset = r + push
    table = shapely.box(inset, inset, board.width - inset, board.height - inset)
    grown = [
        shapely.buffer(shapely.Polygon(t.polygon), r * _ARC_FACTOR + push, quad_segs=_QUAD_SEGS)
        for t in board._ground_obstacles
    ]
    if space.avoid_rough:
        rr = (r + CONTACT + 2 * PATH_SLACK) * _ARC_FACTOR + push
        grown += [
            shapely.buffer(shapely.Polygon(t.polygon), rr, quad_segs=_QUAD_SEGS)
            for t in board._rough
        ]
    if not grown:
        return table
    return shapely.difference(table, shapely.union_all(grown))


def _graph_nodes(
    region: Any,
) -> tuple[list[float], list[float], list[float], list[float], list[float], list[float]]:
    xs: list[float] = []
    ys: list[float] = []
    px: list[float] = []
    py: list[float] = []
    qx: list[float] = []
    qy: list[float] = []
    if region.is_empty:
        return xs, ys, px, py, qx, qy
    for part in shapely.get_parts(region):
        if part.geom_type != "Polygon" or part.is_empty:
            continue
        part = shapely.orient_polygons(part)  # exterior CCW, holes CW: free space on the left
        for ring in (part.exterior, *part.interiors):
            pts = list(ring.coords)[:-1]
            m = len(pts)
            for k in range(m):
                ax, ay = pts[k - 1]
                vx, vy = pts[k]
                bx, by = pts[(k + 1) % m]
                # A right turn bulges into free space: a corner a shortest path can bend at.
                if (vx - ax) * (by - vy) - (vy - ay) * (bx - vx) < -1e-12:
                    xs.append(vx)
                    ys.append(vy)
                    px.append(ax - vx)
                    py.append(ay - vy)
                    qx.append(bx - vx)
                    qy.append(by - vy)
    return xs, ys, px, py, qx, qy


def _graph(space: _Space) -> _Graph:
    g = space.graph
    if g is None:
        g = _Graph(space)
        space.graph = g
    return g


# --- blockers ----------------------------------------------------------------------------------


def _blocker_list(
    sx: float, sy: float, radius: float, blockers: Blockers
) -> list[tuple[float, float, float, int]]:
    out: list[tuple[float, float, float, int]] = []
    for k, ((bx, by), rb) in enumerate(blockers):
        reach = radius + rb - PATH_SLACK
        dx = bx - sx
        dy = by - sy
        if dx * dx + dy * dy < reach * reach:
            continue  # the start already overlaps it: let the bases separate
        out.append((bx, by, reach, k))
    return out


def _blocked_by(
    ax: float,
    ay: float,
    bx: float,
    by: float,
    blist: list[tuple[float, float, float, int]],
) -> int:
    """Index (into ``blist``) of the first blocker circle that the segment enters, else -1."""
    abx = bx - ax
    aby = by - ay
    ab2 = abx * abx + aby * aby
    lox, hix = (ax, bx) if ax < bx else (bx, ax)
    loy, hiy = (ay, by) if ay < by else (by, ay)
    for n, (cx, cy, reach, _) in enumerate(blist):
        if cx + reach < lox or cx - reach > hix or cy + reach < loy or cy - reach > hiy:
            continue
        if ab2 > 0.0:
            t = ((cx - ax) * abx + (cy - ay) * aby) / ab2
            t = 0.0 if t < 0.0 else (1.0 if t > 1.0 else t)
            dx = ax + t * abx - cx
            dy = ay + t * aby - cy
        else:
            dx = ax - cx
            dy = ay - cy
        if dx * dx + dy * dy < reach * reach:
            return n
    return -1


# --- search ------------------------------------------------------------------------------------


class _Result:
    __slots__ = ("bends", "points", "reached")

    def __init__(
        self, points: list[Point] | None, reached: list[Point], bends: list[Point]
    ) -> None:
        self.points = points
        self.reached = reached
        self.bends = bends  # the search's blocker and escape corners


def _search(
    space: _Space,
    graph: _Graph,
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
    guide: _Guide | None,
) -> tuple[_Result, set[int]]:
    """A* from the start to within ``stop`` of the goal; returns the result and new blockers.

    Nodes: the static corners, then the corners of the active blockers' rings, then the start.
    An edge must be tangent at each corner it bends at (both ring neighbours on one side), but
    only where the other end lies outside that corner's ring of grown obstacles: the start or
    the goal may lie between the grown obstacles and the pushed-out corners (a base touching a
    wall does), and there the test would wrongly reject the edge. ``goal_clean`` says every
    end point near the goal lies outside the static rings.

    Such an end point also gets an escape corner (``escapes`` for the static rings, radial ones
    for the blocker rings computed here): the nearest point of the ring, from which it can
    follow the ring; a chord from inside the ring to a ring corner could cut into what the
    ring goes round.

    ``guide`` is the goal's static ways (:func:`_guide`), or None for the straight-line
    estimate alone; with a guide a corner is expanded again when a shorter way to it turns up.
    """
    n_static = len(graph.xs)
    xs = list(graph.xs)
    ys = list(graph.ys)
    px = list(graph.px)
    py = list(graph.py)
    qx = list(graph.qx)
    qy = list(graph.qy)
    # For each corner, its ring's centre and squared radius (blocker corners), or _STATIC,
    # or _FREE (escape corners, never tested for tangency).
    rcx = [0.0] * n_static
    rcy = [0.0] * n_static
    rr2 = [_STATIC] * n_static
    ring_c: list[tuple[float, float, float]] = []  # centre and squared radius of each ring

    def add_node(
        x: float,
        y: float,
        sides: tuple[float, float, float, float],
        ring: tuple[float, float, float],
    ) -> None:
        """A corner: its position, the directions to its neighbours, its ring (see above)."""
        xs.append(x)
        ys.append(y)
        px.append(sides[0])
        py.append(sides[1])
        qx.append(sides[2])
        qy.append(sides[3])
        rcx.append(ring[0])
        rcy.append(ring[1])
        rr2.append(ring[2])

    segment_clear = space.segment_clear
    for bi in active:
        cx, cy, reach, _ = blist[bi]
        rr = (reach + PATH_SLACK) * _RING_FACTOR + _NODE_PUSH
        ring = [(cx + rr * c, cy + rr * s) for c, s in _RING]
        r2 = rr * rr * (1.0 - 1e-9)
        ring_c.append((cx, cy, r2))
        for k in range(_RING_SIDES):
            vx, vy = ring[k]
            if not segment_clear(vx, vy, vx, vy) or _blocked_by(vx, vy, vx, vy, blist) >= 0:
                continue
            ax, ay = ring[k - 1]
            bx, by = ring[(k + 1) % _RING_SIDES]
            add_node(vx, vy, (ax - vx, ay - vy, bx - vx, by - vy), (cx, cy, r2))
    ends = [(sx, sy)] if stop > 0.0 else [(sx, sy), (gx, gy)]
    for cx, cy, r2 in ring_c:
        for ex, ey in ends:
            dx = ex - cx
            dy = ey - cy
            d2 = dx * dx + dy * dy
            if 0.0 < d2 < r2:
                out = math.sqrt(r2 / d2) * (1.0 + 1e-9)
                escapes = [*escapes, (cx + dx * out, cy + dy * out)]
    for vx, vy in escapes:
        if not segment_clear(vx, vy, vx, vy) or _blocked_by(vx, vy, vx, vy, blist) >= 0:
            continue
        add_node(vx, vy, _NO_SIDES, _NO_RING)
    n_bend = len(xs)  # nodes a path may bend at (static and blocker corners, escapes)
    bends = list(zip(xs[n_static:], ys[n_static:], strict=True))
    start = n_bend
    add_node(sx, sy, _NO_SIDES, _NO_RING)
    n = n_bend + 1
    # Whether each node lies outside the static rings (static corners do by construction).
    clean = [True] * n
    if n > n_static:
        extra = shapely.contains_xy(graph.node_free, xs[n_static:], ys[n_static:])
        clean[n_static:] = extra.tolist()
    hyp = math.hypot
    first = n_bend if guide is not None else 0
    h = [max(0.0, hyp(xs[v] - gx, ys[v] - gy) - stop) for v in range(first, n)]
    if guide is not None:
        h = _estimates(graph, guide, xs, ys, n_bend, gx, gy, stop) + h
        leg_ok = guide.last + [True] * (n - n_static)
    else:
        leg_ok = [True] * n
    reopen = guide is not None
    # The g each corner was expanded at (inf: not yet); without a guide, once is final.
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
    offers = (
        _batch_maker(xs, ys, px, py, qx, qy, rcx, rcy, rr2, clean, h, n_bend) if reopen else None
    )
    end_point: Point | None = None
    end_parent = -1
    reached: list[Point] = []

    def terminal(u: int) -> tuple[float, float, float]:
        ux = xs[u]
        uy = ys[u]
        dx = gx - ux
        dy = gy - uy
        d = hyp(dx, dy)
        if d <= stop:
            return ux, uy, 0.0
        if stop > 0.0:
            k = (d - stop) / d
            return ux + dx * k, uy + dy * k, d - stop
        return gx, gy, d

    def bends_ok(v: int, dx: float, dy: float, ox: float, oy: float, other_clean: bool) -> bool:
        """Whether the edge from corner ``v`` along (dx, dy) to (ox, oy) may bend at ``v``."""
        r2 = rr2[v]
        if r2 >= 0.0:
            if (ox - rcx[v]) * (ox - rcx[v]) + (oy - rcy[v]) * (oy - rcy[v]) < r2:
                return True
        elif r2 != _STATIC or not other_clean:
            return True
        return (dx * py[v] - dy * px[v]) * (dx * qy[v] - dy * qx[v]) >= -EPS

    while heap:
        entry = heapq.heappop(heap)
        _, g, v, u = entry[:4]
        if len(entry) > 4:
            k, i = entry[4:]
            fs, gs, ws = batches[k]
            if i + 1 < len(ws):
                heapq.heappush(heap, (fs[i + 1], gs[i + 1], ws[i + 1], u, k, i + 1))
        if v == target:
            tx, ty, _ = terminal(u)
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
        if g >= done[v] or (not reopen and done[v] < math.inf):
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
        done[v] = g
        parent[v] = u
        vx = xs[v]
        vy = ys[v]
        # The goal, straight from here.
        tx, ty, tcost = terminal(v)
        if leg_ok[v] and (v == start or bends_ok(v, tx - vx, ty - vy, tx, ty, goal_clean)):
            heapq.heappush(heap, (g + tcost, g + tcost, target, v))
        if v < n_static:
            for w, length in adj[v]:
                ng = g + length
                if (
                    ng < done[w]
                    and (reopen or done[w] == math.inf)
                    and ng < gbest[w]
                    and (
                        not has_blockers
                        or _check_blockers(vx, vy, xs[w], ys[w], blist, active_set, new_blockers)
                    )
                ):
                    gbest[w] = ng
                    heapq.heappush(heap, (ng + h[w], ng, w, v))
            others: range = range(n_static, n_bend)
        elif offers is not None:
            batch = offers(v, g)
            if batch[2]:
                heapq.heappush(heap, (batch[0][0], batch[1][0], batch[2][0], v, len(batches), 0))
                batches.append(batch)
            continue
        else:
            others = range(n_bend)
        # Tangency at both corners, inlined: this loop is the search's hot spot.
        v_clean = clean[v]
        v_bend = v != start
        vr2 = rr2[v]
        vcx = rcx[v]
        vcy = rcy[v]
        vpx = px[v]
        vpy = py[v]
        vqx = qx[v]
        vqy = qy[v]
        for w in others:
            if w == v or g >= done[w] or (not reopen and done[w] < math.inf):
                continue
            wx = xs[w]
            wy = ys[w]
            dx = wx - vx
            dy = wy - vy
            if v_bend:
                if vr2 >= 0.0:
                    need = (wx - vcx) * (wx - vcx) + (wy - vcy) * (wy - vcy) >= vr2
                else:
                    need = vr2 == _STATIC and clean[w]
                if need and (dx * vpy - dy * vpx) * (dx * vqy - dy * vqx) < -EPS:
                    continue
            wr2 = rr2[w]
            if wr2 >= 0.0:
                ox = vx - rcx[w]
                oy = vy - rcy[w]
                need = ox * ox + oy * oy >= wr2
            else:
                need = wr2 == _STATIC and v_clean
            if need and (dx * py[w] - dy * px[w]) * (dx * qy[w] - dy * qx[w]) < -EPS:
                continue
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


def _batch_maker(
    xs: list[float],
    ys: list[float],
    px: list[float],
    py: list[float],
    qx: list[float],
    qy: list[float],
    rcx: list[float],
    rcy: list[float],
    rr2: list[float],
    clean: list[bool],
    h: list[float],
    n_bend: int,
) -> Callable[[int, float], tuple[list[float], list[float], list[int]]]:
    """For one search, the offers of a non-static corner to every bend corner it may go to
    (the tangency tests of the search's inner loop, in numpy), sorted by f: fs, gs, corners."""
    x, y = np.array(xs[:n_bend]), np.array(ys[:n_bend])
    ppx, ppy, pqx, pqy = (np.array(a[:n_bend]) for a in (px, py, qx, qy))
    ccx, ccy, cr2 = np.array(rcx[:n_bend]), np.array(rcy[:n_bend]), np.array(rr2[:n_bend])
    ring, static = cr2 >= 0.0, cr2 == _STATIC
    estimate = np.array(h[:n_bend])

    def offers(v: int, g: float) -> tuple[list[float], list[float], list[int]]:
        vx, vy = xs[v], ys[v]
        dx = x - vx
        dy = y - vy
        ok = np.ones(n_bend, dtype=bool)
        if v < n_bend and rr2[v] >= 0.0:  # a blocker corner: tangent there, seen from outside
            outside = (x - rcx[v]) ** 2 + (y - rcy[v]) ** 2 >= rr2[v]
            turn = (dx * py[v] - dy * px[v]) * (dx * qy[v] - dy * qx[v])
            ok &= ~(outside & (turn < -EPS))
        need = ring & ((vx - ccx) ** 2 + (vy - ccy) ** 2 >= cr2)
        if clean[v]:
            need |= static
        ok &= ~(need & ((dx * ppy - dy * ppx) * (dx * pqy - dy * pqx) < -EPS))
        if v < n_bend:
            ok[v] = False
        w = np.flatnonzero(ok)
        gs = g + np.hypot(dx[w], dy[w])
        fs = gs + estimate[w]
        order = np.argsort(fs, kind="stable")
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
    hit = _blocked_by(ax, ay, bx, by, blist)
    if hit < 0:
        return True
    if hit not in active:
        new.add(hit)
    return False


def _nearest_in(region: Any, x: float, y: float) -> Point:
    """The point of a shapely region nearest to (x, y)."""
    cx, cy = shapely.shortest_line(region, shapely.Point(x, y)).coords[0]
    return (float(cx), float(cy))


def _route(
    space: _Space,
    sx: float,
    sy: float,
    gx: float,
    gy: float,
    stop: float,
    blist: list[tuple[float, float, float, int]],
    want_reached: bool,
    guide: bool,
) -> _Result:
    """Shortest polyline from the start to within ``stop`` of the goal (graph search, guided
    unless ``guide`` is False)."""
    graph = _graph(space)
    # Blockers across the direct line join the graph at once; others when they get in the way.
    tx, ty = gx, gy
    d = math.hypot(gx - sx, gy - sy)
    if stop > 0.0 and d > stop:
        tx = sx + (gx - sx) * (d - stop) / d
        ty = sy + (gy - sy) * (d - stop) / d
    active = [
        n
        for n in range(len(blist))
        if _blocked_by(sx, sy, tx, ty, blist[n : n + 1]) >= 0  # every blocker on the direct line
    ]
    node_free = graph.node_free
    escapes: list[Point] = []
    goal_clean = bool(shapely.contains_xy(node_free, gx, gy))
    if not node_free.is_empty:
        if not shapely.contains_xy(node_free, sx, sy):
            escapes.append(_nearest_in(node_free, sx, sy))
        if stop > 0.0:
            goal_clean = goal_clean and (
                shapely.distance(graph.node_edge, shapely.Point(gx, gy)) > stop
            )
        elif not goal_clean:
            escapes.append(_nearest_in(node_free, gx, gy))
    guides = _guide(space, graph, gx, gy, stop) if guide and graph.xs else None
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
            goal_clean,
            escapes,
            guides,
        )
        if not new:
            length = math.inf if result.points is None else _polyline_length(result.points)
            ways = _guide(space, graph, gx, gy, stop).ways if graph.xs else None
            new = _could_shorten(
                space, graph, ways, result.bends, blist, active, (sx, sy), (gx, gy), stop, length
            )
            if not new:
                return result
        active = sorted(set(active) | new)


def _could_shorten(
    space: _Space,
    graph: _Graph,
    ways: Any,
    bends: list[Point],
    blist: list[tuple[float, float, float, int]],
    active: list[int],
    start: Point,
    goal: Point,
    stop: float,
    length: float,
) -> set[int]:
    """The inactive blockers with a ring corner that a way shorter than ``length`` could bend
    at. A ring adds corners to aim at the goal from, so without these the answer would hang on
    which edges the search happened to try. A corner could, if the straight line to it and a
    lower bound of the way on from it are shorter: on from the last such corner, the way is
    its last leg (if that is clear), or the straight line to a static corner and that corner's
    static way (``ways``), or the straight line to one of the search's other bend corners
    (``bends``) and from there to the goal."""
    sx, sy = start
    gx, gy = goal
    found: set[int] = set()
    for b in sorted(set(range(len(blist))) - set(active)):
        cx, cy, reach, _ = blist[b]
        rr = (reach + PATH_SLACK) * _RING_FACTOR + _NODE_PUSH
        for c, s in _RING:
            x = cx + rr * c
            y = cy + rr * s
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
            if ways is not None:
                on = min(on, float((np.hypot(graph.ax - x, graph.ay - y) + ways).min()))
            if to + on < length or _leg_clear(space, blist, x, y, gx, gy, stop):
                found.add(b)
                break
    return found


def _leg_clear(
    space: _Space,
    blist: list[tuple[float, float, float, int]],
    x: float,
    y: float,
    gx: float,
    gy: float,
    stop: float,
) -> bool:
    """Whether the last leg from (x, y), straight toward the goal and cut at ``stop``, is
    clear of terrain and bases."""
    d = math.hypot(gx - x, gy - y)
    if d <= stop:
        return True
    k = (d - stop) / d
    tx, ty = x + (gx - x) * k, y + (gy - y) * k
    return space.segment_clear(x, y, tx, ty) and _blocked_by(x, y, tx, ty, blist) < 0


# --- public API --------------------------------------------------------------------------------


def _polyline_length(points: Sequence[Point]) -> float:
    return sum(
        math.hypot(points[i + 1][0] - points[i][0], points[i + 1][1] - points[i][1])
        for i in range(len(points) - 1)
    )


def _make_path(space: _Space, points: list[Point]) -> Path:
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
    space = _space(board, radius, level, avoid_rough)
    sx, sy = start
    gx, gy = goal
    blist = _blocker_list(sx, sy, radius, blockers)
    if not space.segment_clear(gx, gy, gx, gy) or _blocked_by(gx, gy, gx, gy, blist) >= 0:
        return None
    if sx == gx and sy == gy:
        return _make_path(space, [(sx, sy)])
    if space.segment_clear(sx, sy, gx, gy) and _blocked_by(sx, sy, gx, gy, blist) < 0:
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
    key = (
        "reach",
        start,
        goal,
        radius,
        tuple(blockers),
        level,
        max_length,
        stop_distance,
        avoid_rough,
        guide,
    )
    return board.routes.remember(
        key,
        lambda: (
            _reach_toward(
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
            ),
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
) -> Path | None:
    space = _space(board, radius, level, avoid_rough)
    sx, sy = start
    gx, gy = goal
    blist = _blocker_list(sx, sy, radius, blockers)
    stop = max(0.0, stop_distance)
    if not space.segment_clear(sx, sy, sx, sy):
        return None
    d = math.hypot(gx - sx, gy - sy)
    if d <= stop or max_length <= 0.0:
        return _make_path(space, [(sx, sy)])
    tx, ty = gx, gy
    if stop > 0.0:
        tx = sx + (gx - sx) * (d - stop) / d
        ty = sy + (gy - sy) * (d - stop) / d
    points: list[Point] | None = None
    if space.segment_clear(sx, sy, tx, ty) and _blocked_by(sx, sy, tx, ty, blist) < 0:
        points = [(sx, sy), (tx, ty)]
    else:
        points = _reach(space, sx, sy, gx, gy, stop, blist, guide)
    points = _cut_at_circle(points, gx, gy, stop)
    points = _cut_at_length(points, max_length)
    return _make_path(space, points)


def _reach(
    space: _Space,
    sx: float,
    sy: float,
    gx: float,
    gy: float,
    stop: float,
    blist: list[tuple[float, float, float, int]],
    guide: bool,
) -> list[Point]:
    """Shortest polyline to within ``stop`` of the goal, or else as near to it as possible."""
    graph = _graph(space)
    free = graph.free
    goal = shapely.Point(gx, gy)
    if not free.is_empty and shapely.distance(free, goal) > stop:
        # No legal place within reach of the goal (say, it is inside a rock): aim instead for
        # the legal place nearest to it, without searching the whole graph first.
        nx, ny = shapely.shortest_line(free, goal).coords[0]
        if space.segment_clear(nx, ny, nx, ny) and _blocked_by(nx, ny, nx, ny, blist) < 0:
            result = _route(space, sx, sy, nx, ny, 0.0, blist, False, guide)
            if result.points is not None:
                return result.points
    result = _route(space, sx, sy, gx, gy, stop, blist, True, guide)
    if result.points is not None:
        return result.points
    return _closest_approach(space, result.reached, sx, sy, gx, gy, stop, blist, guide)


def _closest_approach(
    space: _Space,
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
        t, _ = _first_stop(space, bx, by, ux, uy, d - stop, blist, inset=True)
        if t > EPS:
            points.append((bx + ux * t, by + uy * t))
    return points


def _cut_at_circle(points: list[Point], gx: float, gy: float, stop: float) -> list[Point]:
    if stop <= 0.0:
        return points
    s2 = stop * stop
    for i in range(len(points) - 1):
        ax, ay = points[i]
        bx, by = points[i + 1]
        dx = bx - ax
        dy = by - ay
        wx = ax - gx
        wy = ay - gy
        a = dx * dx + dy * dy
        b = wx * dx + wy * dy
        c = wx * wx + wy * wy - s2
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


# --- straight slides ---------------------------------------------------------------------------


def _capsule_entry(
    sx: float,
    sy: float,
    dx: float,
    dy: float,
    t_best: float,
    edges: EdgeList,
    rr: float,
) -> float:
    """First t in [0, t_best) where the centre comes within ``rr`` of an edge while closing in."""
    r2 = rr * rr
    for x1, y1, x2, y2 in edges:
        # The disc around the edge's first vertex (every vertex is some edge's first).
        if rr > 0.0:
            wx = sx - x1
            wy = sy - y1
            b = wx * dx + wy * dy
            if b < -EPS:
                c = wx * wx + wy * wy - r2
                if c <= 0.0:
                    return 0.0
                disc = b * b - c
                if disc >= 0.0:
                    t = -b - math.sqrt(disc)
                    if t < t_best:
                        t_best = t
        # The band along the edge, entered from the side the centre is on.
        ex = x2 - x1
        ey = y2 - y1
        length = math.hypot(ex, ey)
        nx = -ey / length
        ny = ex / length
        h0 = (sx - x1) * nx + (sy - y1) * ny
        rate = dx * nx + dy * ny
        if h0 < 0.0 or (h0 == 0.0 and rate > 0.0):
            h0 = -h0
            rate = -rate
        if rate >= -EPS:
            continue
        t = (h0 - rr) / -rate
        if t < 0.0:
            t = 0.0
        if t >= t_best:
            continue
        u = ((sx + dx * t - x1) * ex + (sy + dy * t - y1) * ey) / (length * length)
        if 0.0 <= u <= 1.0:
            t_best = t
    return t_best


def _first_stop(
    space: _Space,
    sx: float,
    sy: float,
    dx: float,
    dy: float,
    length: float,
    blist: list[tuple[float, float, float, int]],
    inset: bool,
) -> tuple[float, str | None]:
    """How far a base slides straight before something stops it, and what.

    ``inset``: stop when the base reaches the table edge or its roof's edge (paths) rather than
    when its centre crosses it (pushes).
    """
    board = space.board
    r = space.radius
    t_best = length
    why: str | None = None
    roof = space.roof
    if roof is None:
        lo_x = lo_y = r if inset else 0.0
        hi_x = board.width - lo_x
        hi_y = board.height - lo_y
        for pos, vel, lo, hi in ((sx, dx, lo_x, hi_x), (sy, dy, lo_y, hi_y)):
            if vel > EPS:
                t = max(0.0, (hi - pos) / vel)
            elif vel < -EPS:
                t = max(0.0, (lo - pos) / vel)
            else:
                continue
            if t < t_best:
                t_best = t
                why = "edge"
        ex = sx + dx * t_best
        ey = sy + dy * t_best
        lox, hix = (sx, ex) if sx < ex else (ex, sx)
        loy, hiy = (sy, ey) if sy < ey else (ey, sy)
        for ox0, oy0, ox1, oy1, edges, d, piece in space.obstacles:
            # Obstacles keep their path reach; a slide stops where the base reaches them.
            if (
                ox0 - PATH_SLACK > hix
                or ox1 + PATH_SLACK < lox
                or oy0 - PATH_SLACK > hiy
                or oy1 + PATH_SLACK < loy
            ):
                continue
            if point_in_edges(sx, sy, edges):
                t = 0.0
            else:
                t = _capsule_entry(sx, sy, dx, dy, t_best, edges, d + PATH_SLACK)
            if t < t_best:
                t_best = t
                why = f"terrain:{piece.id}"
    else:
        t = _capsule_entry(sx, sy, dx, dy, t_best, roof.edges, r if inset else 0.0)
        if t < t_best:
            t_best = t
            why = f"fall:{roof.id}"
    for cx, cy, reach, k in blist:
        rr = reach + PATH_SLACK  # blist keeps path reach; slides stop at exact contact
        wx = sx - cx
        wy = sy - cy
        b = wx * dx + wy * dy
        if b >= -EPS:
            continue  # not closing in
        c = wx * wx + wy * wy - rr * rr
        if c <= 0.0:
            t = 0.0
        else:
            disc = b * b - c
            if disc < 0.0:
                continue
            t = -b - math.sqrt(disc)
        if t < t_best:
            t_best = t
            why = f"base:{k}"
    return t_best, why


def ray_move(
    board: Board,
    start: Point,
    direction: Point,
    length: float,
    radius: float,
    blockers: Blockers,
    level: str | None = None,
    stay_on_roof: bool = False,
) -> tuple[Point, str | None]:
    """Slide a base straight from ``start`` along ``direction`` for up to ``length``.

    Returns the end point and what stopped the slide:

    - ``None``: the full length (the base may then overhang the table edge; check ``on_table``);
    - ``"edge"``: the base's centre reached the table edge line, i.e. the model left the table;
      the point returned is where the centre crossed that line;
    - ``"fall:<id>"`` (on a roof): the centre reached the roof's edge; the point is on it. With
      ``stay_on_roof`` (rules without falling) the slide stops where the base reaches the
      roof's edge instead, so the base never overhangs it;
    - ``"terrain:<id>"``: the base reached an impassable or climbable piece; the point is where
      it first touches it (edge distance 0), or the start if it already overlaps it;
    - ``"base:<k>"``: the base reached ``blockers[k]``; the point is in exact contact.

    Contacts only stop a base that is closing in: one sliding along a wall or a base it already
    touches goes on. Blockers the start already overlaps are ignored.
    """
    dx, dy = direction
    norm = math.hypot(dx, dy)
    sx, sy = start
    if norm == 0.0 or length <= 0.0:
        return (sx, sy), None
    dx /= norm
    dy /= norm
    space = _space(board, radius, level, False)
    blist = _blocker_list(sx, sy, radius, blockers)
    # On the ground, leaving the table is the centre crossing its edge, whatever the flag.
    inset = stay_on_roof and space.roof is not None
    t, why = _first_stop(space, sx, sy, dx, dy, length, blist, inset)
    if why is None:
        t = length
    return (sx + dx * t, sy + dy * t), why


def random_reachable_point(
    board: Board,
    start: Point,
    radius: float,
    blockers: Blockers,
    level: str | None,
    max_length: float,
    rng_uniform: Callable[[], float],
) -> Point | None:
    """A random legal point reachable by one straight move of length <= ``max_length``.

    The direction and the distance are each uniform (from ``rng_uniform``, a uniform [0, 1)
    source); the move slides until something stops it. After a few draws that end off the
    table (or off the roof), None.
    """
    space = _space(board, radius, level, False)
    sx, sy = start
    blist = _blocker_list(sx, sy, radius, blockers)
    for _ in range(8):
        angle = 2.0 * math.pi * rng_uniform()
        want = max_length * rng_uniform()
        dx = math.cos(angle)
        dy = math.sin(angle)
        t, why = _first_stop(space, sx, sy, dx, dy, want, blist, inset=True)
        if why is not None and t <= EPS:
            continue  # stuck against something in that direction: draw again
        return (sx + dx * t, sy + dy * t)
    return None
