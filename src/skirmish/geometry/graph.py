"""The static visibility graph of one :class:`~.clearance.Space`, and the guide it gives a
search toward a goal.

The graph is built once per space with shapely: each obstacle grown by the radius, unioned,
its reflex corners pushed a hair outward become the nodes; edges are the tangent node pairs
whose segment stays out of the grown obstacles. Its all-pairs shortest lengths (Floyd-Warshall,
in numpy: 50 ms for the 380 corners of a 25 mm base on a 35-piece table, once per process and
kind of mover) are built on first use. A :class:`Guide` toward a goal is, for each corner, the
shortest static way to a corner from which a last leg is clear (aimed at the goal, or to one of
its :func:`rim_points`), plus that leg, by the searches' own exact tests: :func:`estimates`
makes of it each bend corner's estimate for one search, and a way round the terrain alone is
read from it without one (see :mod:`.paths`). A point in contact with an obstacle gets an escape
corner (:func:`escape_of`), kept per point as the guides are per goal.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

import numpy as np
import shapely

from skirmish.geometry.clearance import Space
from skirmish.geometry.memo import Memo
from skirmish.geometry.shapes import (
    CONTACT,
    EPS,
    PATH_SLACK,
    Point,
    circle_terms,
    point_segment_distance,
)

if TYPE_CHECKING:
    from skirmish.geometry.nodes import Nodes, Ring

_QUAD_SEGS = 4
# GEOS rounds the number of segments of a round join, so one arc step may reach 1.5 times the
# nominal angle; growing by r / cos(0.75 * quantum) keeps every chord at least r from the
# corner it rounds.
_ARC_FACTOR = 1.0 / math.cos(0.75 * math.pi / (2 * _QUAD_SEGS))
# Graph nodes sit this far outside the grown obstacles that edges are tested against.
NODE_PUSH: Final = 1e-3
# Blocker bases join the graph as the corners of a circumscribed polygon: 16 keeps its corners
# within 2% of the circle, so gaps between bases are not closed off by the approximation.
# A leg longer than a way already found by more than this never ties with it, float sums
# in any order: leaving it out changes neither a guide's lengths nor the corners it picks.
DOMINATED: Final = 1e-9
_NEAR_SLACK: Final = 1e-6  # inches far above the rounding of a distance to a side, or a crossing
_GUIDES_LIMIT = 512  # guides kept per graph: one per goal asked about, the goals of a few turns
_ESCAPES_LIMIT = 4096  # escapes kept per graph: one per start or goal asked about
_SEEN_LIMIT = 256  # rows kept per graph: one per start a way round the terrain is read from
# Searches' corners kept per graph: the starts and bases of a decision or two (each holds the
# lengths from every static corner to each of its own, some hundred kilobytes).
_NODES_LIMIT = 32
# Rings kept per graph: the bases of a few turns (each with the lengths from every static
# corner to its corners and its corners' edges to them, some 60 kilobytes).
_RINGS_LIMIT = 128


class Graph:
    """Visibility graph of the reflex corners of the grown static obstacles."""

    __slots__ = (
        "adj",
        "ax",
        "ay",
        "escapes",
        "free",
        "guides",
        "hops",
        "node_edge",
        "node_free",
        "nodes",
        "px",
        "py",
        "qx",
        "qy",
        "rims",
        "rings",
        "seen",
        "side_list",
        "turns",
        "ways",
        "xs",
        "ys",
    )

    def __init__(self, space: Space) -> None:
        # Where a centre may go with room to spare (edges are tested against it).
        self.free: Any = _free_region(space, 0.0)
        shapely.prepare(self.free)
        # The same with the obstacles grown a hair more: its reflex corners are the nodes.
        self.node_free: Any = _free_region(space, NODE_PUSH)
        shapely.prepare(self.node_free)
        self.node_edge: Any = shapely.boundary(self.node_free)
        # The sides of that boundary one by one, x1, y1, x2, y2 (a compiled loop over a few
        # hundred sides costs less than a pass of numpy's).
        self.side_list: list[tuple[float, float, float, float]] = _sides(self.node_edge)
        # The points where each goal's circle crosses them, by goal and stop distance.
        self.rims: Memo[tuple[float, float, float], list[tuple[float, float]]] = Memo(_GUIDES_LIMIT)
        # Each point's escape corner, if it needs one (see escape_of), by point.
        self.escapes: Memo[Point, tuple[tuple[Point, bool] | None]] = Memo(_ESCAPES_LIMIT)
        xs, ys, px, py, qx, qy = _graph_nodes(self.node_free)
        self.xs = xs
        self.ys = ys
        self.ax = np.array(xs)
        self.ay = np.array(ys)
        # The shortest way between every two corners (inf: none), built on first use.
        self.ways: Any = None
        # Each corner's next hops toward every corner (see next_hop), built on first use.
        self.hops: dict[int, list[int]] = {}
        # Each goal's guide (see guide_to), by goal and stop distance.
        self.guides: Memo[tuple[float, float, float], Guide] = Memo(_GUIDES_LIMIT)
        # Each start's lengths and tangents to every corner (see seen_from), by start.
        self.seen: Memo[Point, tuple[Any, Any]] = Memo(_SEEN_LIMIT)
        # The corners of searches among other bases, by start and bases (see .nodes).
        self.nodes: Memo[tuple[Any, ...], Nodes] = Memo(_NODES_LIMIT)
        # The rings of corners round other bases, by their centre and reach (see .nodes).
        self.rings: Memo[tuple[float, float, float], Ring] = Memo(_RINGS_LIMIT)
        # Offsets to each node's neighbours along its ring: an edge at a node must be tangent
        # to the corner there (both neighbours on one side of it) to be on a shortest path.
        self.px = px
        self.py = py
        self.qx = qx
        self.qy = qy
        self.turns = np.array([px, py, qx, qy]).reshape(4, len(xs))  # the same, as numpy rows
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


def edge_lengths(graph: Graph) -> Any:
    """The graph's corners by corners: each edge's length, 0 from a corner to itself, and
    infinity between corners no edge joins."""
    n = len(graph.xs)
    lengths = np.full((n, n), math.inf)
    np.fill_diagonal(lengths, 0.0)
    for a, edges in enumerate(graph.adj):
        for b, length in edges:
            lengths[a, b] = length
    return lengths


def static_ways(graph: Graph) -> Any:
    """The graph's all-pairs shortest lengths (Floyd-Warshall in numpy), kept on the graph.
    A step through corner k changes no length to or from a corner with no way to k yet (the
    sum through it is inf), so leaving those out changes no bit. The lengths are symmetric to
    the last bit (each sum has its mirror of the same two terms), so a corner's row of them
    is also its column (:func:`_least_legs`, read by rows)."""
    if graph.ways is None:
        n = len(graph.xs)
        ways = edge_lengths(graph)
        for k in range(n):
            # Only corners with a way to k yet can gain one through it: while they are few
            # (early on, in a sparse graph), only their rows and columns are updated.
            joined = np.flatnonzero(ways[k] < math.inf)
            if len(joined) * 2 < n:
                block = np.ix_(joined, joined)
                ways[block] = np.minimum(ways[block], ways[joined, k, None] + ways[None, k, joined])
            else:
                np.minimum(ways, ways[:, k, None] + ways[None, k, :], out=ways)
        graph.ways = ways
    return graph.ways


def leg_end(ux: float, uy: float, gx: float, gy: float, stop: float) -> tuple[float, float, float]:
    """The last leg of a way from (ux, uy): straight toward the goal, cut where it comes within
    ``stop`` of it; its end and length (the point itself and 0 when already within)."""
    dx = gx - ux
    dy = gy - uy
    d = math.hypot(dx, dy)
    if d <= stop:
        return ux, uy, 0.0
    if stop > 0.0:
        k = (d - stop) / d
        return ux + dx * k, uy + dy * k, d - stop
    return gx, gy, d


def tangent(graph: Graph, v: int, dx: float, dy: float) -> bool:
    """Whether a way along (dx, dy) may bend at corner ``v``: both its ring neighbours lie on
    one side of the line (else the way cuts the corner, and a shorter one skips it)."""
    return (dx * graph.py[v] - dy * graph.px[v]) * (dx * graph.qy[v] - dy * graph.qx[v]) >= -EPS


def tangent_from(graph: Graph, sx: float, sy: float) -> Any:
    """:func:`tangent` of the leg from (sx, sy) to each corner, as a numpy row."""
    dx = graph.ax - sx
    dy = graph.ay - sy
    px, py, qx, qy = graph.turns
    return (dx * py - dy * px) * (dx * qy - dy * qx) >= -EPS


def seen_from(graph: Graph, x: float, y: float) -> tuple[Any, Any]:
    """The straight lengths from (x, y) to every corner and :func:`tangent_from` there, numpy
    rows kept on the graph by point: a decision asks from one start toward every enemy."""
    return graph.seen.remember(
        (x, y), lambda: (np.hypot(graph.ax - x, graph.ay - y), tangent_from(graph, x, y))
    )


def is_clean_goal(graph: Graph, gx: float, gy: float, stop: float) -> bool:
    """Whether every end of a last leg toward the goal lies outside the corners' rings (where
    a way bends at its last corner only if tangent there; see :mod:`.paths`): the goal lies in
    their free region, farther than ``stop`` from its boundary. The sides' distance decides
    unless it lies within ``_NEAR_SLACK`` of ``stop``, far above its rounding; there the
    boundary's own distance does."""
    node_free = graph.node_free
    clean = bool(shapely.contains_xy(node_free, gx, gy))
    if clean and stop > 0.0 and not node_free.is_empty:
        d = _sides_distance(graph, gx, gy, stop + 2 * _NEAR_SLACK)
        if abs(d - stop) <= _NEAR_SLACK:
            d = float(shapely.distance(graph.node_edge, shapely.Point(gx, gy)))
        clean = d > stop
    return clean


def _sides_distance(graph: Graph, gx: float, gy: float, within: float) -> float:
    """The distance from the goal to the nearest side of the free region's boundary, if it
    is ``within`` or less; else ``within`` (the sides whose boxes lie farther are skipped)."""
    best = within
    for x1, y1, x2, y2 in graph.side_list:
        if not _beyond(x1, y1, x2, y2, gx, gy, best):
            best = min(best, point_segment_distance((gx, gy), (x1, y1), (x2, y2)))
    return best


def _beyond(x1: float, y1: float, x2: float, y2: float, gx: float, gy: float, reach: float) -> bool:
    """Whether the segment's box lies farther than ``reach`` from the goal along an axis."""
    return (
        (x1 > gx + reach and x2 > gx + reach)
        or (x1 < gx - reach and x2 < gx - reach)
        or (y1 > gy + reach and y2 > gy + reach)
        or (y1 < gy - reach and y2 < gy - reach)
    )


def escape_of(graph: Graph, x: float, y: float) -> tuple[Point, bool] | None:
    """For a point inside the corners' rings (a base in contact with an obstacle), its escape
    corner: the nearest point of their free region, from which a way goes round them, and
    whether that point lies outside them; None for a point outside them. Kept on the graph
    by point: a decision asks it of one start toward every goal."""

    def build() -> tuple[tuple[Point, bool] | None]:
        node_free = graph.node_free
        if shapely.contains_xy(node_free, x, y):
            return (None,)
        ex, ey = shapely.shortest_line(node_free, shapely.Point(x, y)).coords[0]
        return (((float(ex), float(ey)), bool(shapely.contains_xy(node_free, ex, ey))),)

    return graph.escapes.remember((x, y), build)[0]


def _leg_ok(
    space: Space, graph: Graph, v: int, leg: tuple[float, float, float], clean: bool
) -> bool:
    """Whether a way may end with corner ``v``'s last leg (its :func:`leg_end`): clear of the
    terrain and, toward a clean goal, tangent at ``v``."""
    ux, uy = graph.xs[v], graph.ys[v]
    tx, ty, _ = leg
    if tx == ux and ty == uy:
        return True
    return (not clean or tangent(graph, v, tx - ux, ty - uy)) and space.segment_clear(
        ux, uy, tx, ty
    )


def rim_points(space: Space, graph: Graph, gx: float, gy: float, stop: float) -> list[Point]:
    """Where the circle of ``stop`` round the goal crosses the boundary of the corners' free
    region (none for a stop of 0), where a base may stand: the ends a way may have besides its
    last leg aimed at the goal. Where that leg is blocked, a way may still come within
    ``stop`` along a wall or the table's edge, and the nearest such place is one of these."""

    def build() -> list[Point]:
        if stop <= 0.0:
            return []
        # Each side's crossings, as numpy would find them for all at once (the same sums in
        # the same order, so the same bits): those where the line enters the circle, then
        # those where it leaves. A side whose box lies farther than ``stop`` (and a hair more,
        # far above their rounding) crosses nowhere.
        reach = stop + _NEAR_SLACK
        enters: list[Point] = []
        leaves: list[Point] = []
        for x1, y1, x2, y2 in graph.side_list:
            if _beyond(x1, y1, x2, y2, gx, gy, reach):
                continue
            dx, dy, a, b, c = circle_terms(x1, y1, x2, y2, gx, gy, stop)
            disc = b * b - a * c
            if not (disc >= 0.0 and a > 0.0):
                continue
            root = math.sqrt(disc)
            for sign, found in ((-1.0, enters), (1.0, leaves)):
                t = (-b + sign * root) / a
                if 0.0 <= t <= 1.0:
                    found.append((x1 + t * dx, y1 + t * dy))
        return [(x, y) for x, y in enters + leaves if space.segment_clear(x, y, x, y)]

    return graph.rims.remember((gx, gy, stop), build)


@dataclass(frozen=True, slots=True)
class Guide:
    """The static ways toward one goal (see the module docstring): each corner's shortest way
    along static edges to within ``stop`` of it (inf: none), the corner its last leg starts
    from (-1: none) and where that leg ends (-1 aimed at the goal, else that point of
    :func:`rim_points`), and whether each corner's own last leg may end a way, all by the
    searches' exact tests. ``near`` says some place with room to spare lies within ``stop`` of
    the goal (if none, a way toward it aims for the nearest such place instead); ``clean`` is
    :func:`is_clean_goal`."""

    ways: Any
    via: list[int]
    ends: list[int]
    last: list[bool]
    near: bool
    clean: bool


def guide_to(space: Space, graph: Graph, gx: float, gy: float, stop: float) -> Guide:
    """The guide toward the goal, kept on the graph by goal."""

    def build() -> Guide:
        xs, ys = graph.xs, graph.ys
        clean = is_clean_goal(graph, gx, gy, stop)
        n = len(xs)
        last = [False] * n
        aimed_lengths = [0.0] * n
        for v in range(n):
            leg = leg_end(xs[v], ys[v], gx, gy, stop)
            last[v] = _leg_ok(space, graph, v, leg, clean)
            aimed_lengths[v] = leg[2]
        free = graph.free
        near = (
            free.is_empty
            or bool(shapely.contains_xy(free, gx, gy))  # inside it: no distance to measure
            or bool(shapely.distance(free, shapely.Point(gx, gy)) <= stop)
        )
        # Every way's last leg: its corner, length and end (-1: aimed at the goal, else a rim
        # point's index).
        ways, via, ends = _least_legs(
            graph, [(b, aimed_lengths[b], -1) for b in range(n) if last[b]]
        )
        aimed = ways + DOMINATED
        rim_legs: list[tuple[int, float, int]] = []
        for k, (rx, ry) in enumerate(rim_points(space, graph, gx, gy, stop)):
            # A leg to a rim point is no shorter than the corner's own last leg, nor than any
            # way on from it that ends aimed at the goal: only those it may beat are tested.
            lengths = np.hypot(graph.ax - rx, graph.ay - ry)
            for b in np.flatnonzero(lengths <= aimed).tolist():
                if space.segment_clear(xs[b], ys[b], rx, ry):
                    rim_legs.append((b, math.hypot(rx - xs[b], ry - ys[b]), k))
        if rim_legs:
            rim_ways, rim_via, rim_ends = _least_legs(graph, rim_legs)
            shorter = rim_ways < ways  # a tie keeps the aimed leg, as the first of the least
            ways = np.where(shorter, rim_ways, ways)
            via = np.where(shorter, rim_via, via)
            ends = np.where(shorter, rim_ends, ends)
        reached = np.isfinite(ways)
        return Guide(
            ways,
            np.where(reached, via, -1).tolist(),
            np.where(reached, ends, -1).tolist(),
            last,
            near,
            clean,
        )

    return graph.guides.remember((gx, gy, stop), build)


def _least_legs(graph: Graph, legs: list[tuple[int, float, int]]) -> tuple[Any, Any, Any]:
    """For every corner, the least of its shortest static ways to a leg's corner plus that
    leg (inf: none), and the corner and end of the first leg, in their order, that gives it:
    numpy rows. The ways are symmetric, so a leg's row is its corner's row of them."""
    n = len(graph.xs)
    if not legs:
        return np.full(n, math.inf), np.full(n, -1), np.full(n, -1)
    corners = np.array([b for b, _, _ in legs])
    totals = static_ways(graph)[corners]
    totals += np.array([length for _, length, _ in legs])[:, None]
    best = totals.argmin(axis=0)
    ends = np.array([end for _, _, end in legs])
    return totals[best, np.arange(n)], corners[best], ends[best]


def next_hop(graph: Graph, a: int, b: int) -> int:
    """The corner after ``a`` on a shortest static way from ``a`` to ``b`` (``a != b``): the
    first of ``a``'s edges, in their order, whose length and static way on are least. A way is
    read hop by hop, so ``a``'s row of them, toward every corner, is built at once."""
    row = graph.hops.get(a)
    if row is None:
        ends = np.array([w for w, _ in graph.adj[a]])
        lengths = np.array([length for _, length in graph.adj[a]])
        row = graph.hops[a] = ends[
            (lengths[:, None] + static_ways(graph)[ends]).argmin(axis=0)
        ].tolist()
    return row[b]


def estimates(
    graph: Graph,
    guide: Guide,
    apart: tuple[Any, Any, Any],
    gx: float,
    gy: float,
    stop: float,
) -> list[float]:
    """The bend corners' estimates for one search (static corners first, then the blocker and
    escape corners; ``apart``: these others' x and y and the lengths from every static corner
    to each). A way that bends only at static corners is no shorter than the guide's; a way by
    the other corners no shorter than the straight line to the last of them, then either its
    last leg or the straight line to a static corner and that corner's static way. Every
    estimate is the least of these, never below the straight line: for a corner that is not
    static, its last leg (the least of its ways on, by another such corner or by itself at no
    length, is never more than its last leg)."""
    straight = np.maximum(np.hypot(graph.ax - gx, graph.ay - gy) - stop, 0.0)
    ox, oy, via = apart
    if len(ox) == 0:
        static: list[float] = np.maximum(straight, guide.ways).tolist()
        return static
    leg = np.maximum(np.hypot(ox - gx, oy - gy) - stop, 0.0)
    after = np.minimum(leg, (via + guide.ways[:, None]).min(axis=0))
    static_best = np.minimum(guide.ways, (via + after[None, :]).min(axis=1))
    estimates: list[float] = np.concatenate([np.maximum(straight, static_best), leg]).tolist()
    return estimates


def _free_region(space: Space, push: float) -> Any:
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


def _sides(edge: Any) -> list[tuple[float, float, float, float]]:
    """The segments of a boundary (shapely lines), each ``x1, y1, x2, y2``."""
    rows: list[tuple[float, float, float, float]] = []
    for line in shapely.get_parts(edge):
        coords = [(float(x), float(y)) for x, y in line.coords]
        rows += [(*a, *b) for a, b in itertools.pairwise(coords)]
    return rows


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


def graph_of(space: Space) -> Graph:
    g = space.graph
    if g is None:
        g = Graph(space)
        space.graph = g
    return g
