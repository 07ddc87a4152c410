"""The static visibility graph of one :class:`~.clearance.Space`, and the guide it gives a
search toward a goal.

The graph is built once per space with shapely: each obstacle grown by the radius, unioned,
its reflex corners pushed a hair outward become the nodes; edges are the tangent node pairs
whose segment stays out of the grown obstacles. Its all-pairs shortest lengths (Floyd-Warshall,
in numpy) are built on first use. A :class:`Guide` toward a goal is, for each corner, the
shortest static way to a corner from which the last leg toward the goal may be clear, plus
that leg; :func:`estimates` makes of it each bend corner's estimate for one search (see
:mod:`.paths`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np
import shapely

from skirmish.geometry.clearance import Space
from skirmish.geometry.memo import Memo
from skirmish.geometry.shapes import CONTACT, EPS, PATH_SLACK

_QUAD_SEGS = 4
# GEOS rounds the number of segments of a round join, so one arc step may reach 1.5 times the
# nominal angle; growing by r / cos(0.75 * quantum) keeps every chord at least r from the
# corner it rounds.
_ARC_FACTOR = 1.0 / math.cos(0.75 * math.pi / (2 * _QUAD_SEGS))
# Graph nodes sit this far outside the grown obstacles that edges are tested against.
NODE_PUSH = 1e-3
# Blocker bases join the graph as the corners of a circumscribed polygon: 16 keeps its corners
# within 2% of the circle, so gaps between bases are not closed off by the approximation.
_GUIDES_LIMIT = 512  # guides kept per graph: one per goal asked about, the goals of a few turns


class Graph:
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

    def __init__(self, space: Space) -> None:
        # Where a centre may go with room to spare (edges are tested against it).
        self.free: Any = _free_region(space, 0.0)
        shapely.prepare(self.free)
        # The same with the obstacles grown a hair more: its reflex corners are the nodes.
        self.node_free: Any = _free_region(space, NODE_PUSH)
        shapely.prepare(self.node_free)
        self.node_edge: Any = shapely.boundary(self.node_free)
        xs, ys, px, py, qx, qy = _graph_nodes(self.node_free)
        self.xs = xs
        self.ys = ys
        self.ax = np.array(xs)
        self.ay = np.array(ys)
        # The shortest way between every two corners (inf: none), built on first use.
        self.ways: Any = None
        # Each goal's guide (see guide_to), by goal and stop distance.
        self.guides: Memo[tuple[float, float, float], Guide] = Memo(_GUIDES_LIMIT)
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


def _ways(graph: Graph) -> Any:
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
class Guide:
    """What guides the searches toward one goal (see the module docstring): each static
    corner's shortest static way to within ``stop`` of it (inf: none), and whether its last
    leg, straight toward the goal and cut at ``stop``, may be clear (if not, it is not)."""

    ways: Any
    last: list[bool]


def guide_to(space: Space, graph: Graph, gx: float, gy: float, stop: float) -> Guide:
    """The guide toward the goal, kept on the graph by goal."""

    def build() -> Guide:
        crow = np.hypot(graph.ax - gx, graph.ay - gy)
        leg = np.maximum(crow - stop, 0.0)
        cut = np.where(crow > stop, stop / np.where(crow > 0.0, crow, 1.0), 1.0)
        ends_x = gx + (graph.ax - gx) * cut
        ends_y = gy + (graph.ay - gy) * cut
        col = np.s_[:, None]
        last = space.clear_rows(graph.ax[col], graph.ay[col], ends_x[col], ends_y[col])
        if not last.any():
            return Guide(np.full(len(graph.xs), math.inf), last.tolist())
        return Guide((_ways(graph)[:, last] + leg[last][None, :]).min(axis=1), last.tolist())

    return graph.guides.remember((gx, gy, stop), build)


def estimates(
    graph: Graph,
    guide: Guide,
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
