"""The corners of a search among other bases (:mod:`.paths`), kept per start and bases.

A search runs on the static corners of :mod:`.graph`, the corners of the rings round the
blocker bases in its way, the escape corners and its start. A decision asks from one start
among the same bases toward several goals (each enemy, each spot it weighs), so what hangs on
those alone is built once and kept on the graph (``graph.nodes``), keyed by everything it is
made from: the corners and their exact tests, whether each lies outside the static rings, the
lengths from every static corner to every other corner (for a guided search's estimates,
:func:`.graph.estimates`) and, per corner, the bend corners an edge from it may go to and
their lengths (a guided search's offers). A search then adds only what its goal changes: the
same tests and sums in the same order, the same ways to the last bit.

A base that has not moved has the same ring of corners in every search among it, whatever the
start and the other bases: what hangs on the ring and the terrain alone (its corners' tests
against the terrain, their edges to static corners and the lengths of those, the lengths from
every static corner to them) is kept per ring on the graph (:class:`Ring`, ``graph.rings``, by
the base's centre and reach).
"""

from __future__ import annotations

import math
from typing import Any, Final

import numpy as np
import shapely

from skirmish.geometry.clearance import Space, blocked_by
from skirmish.geometry.graph import NODE_PUSH, Graph
from skirmish.geometry.shapes import EPS, PATH_SLACK, Point

RING_SIDES: Final = 16
RING = tuple(
    (
        math.cos((k + 0.5) * 2 * math.pi / RING_SIDES),
        math.sin((k + 0.5) * 2 * math.pi / RING_SIDES),
    )
    for k in range(RING_SIDES)
)
RING_FACTOR = 1.0 / math.cos(math.pi / RING_SIDES)
STATIC: Final = -1.0  # marks a static corner in the search's per-corner ring radius
FREE: Final = -2.0  # marks an escape corner (and the start): no tangency test there
_NO_SIDES = (0.0, 0.0, 0.0, 0.0)
_NO_RING = (0.0, 0.0, FREE)


def ring_reach(reach: float) -> float:
    """The radius of the ring of corners round a blocker whose circle has ``reach``."""
    return (reach + PATH_SLACK) * RING_FACTOR + NODE_PUSH


def ring_of(cx: float, cy: float, reach: float) -> list[Point]:
    """The corners of the ring round a blocker at (cx, cy) whose circle has ``reach``."""
    rr = ring_reach(reach)
    return [(cx + rr * c, cy + rr * s) for c, s in RING]


class Nodes:
    """A search's corners: the static ones, then the corners of the active blockers' rings,
    the escape corners (``bends`` holds these two kinds), then the start; per corner its
    position, the directions to its ring neighbours, its ring's centre and squared radius
    (or :data:`STATIC`, or :data:`FREE`: never tested for tangency) and whether it lies
    outside the static rings."""

    __slots__ = (
        "ax",
        "ay",
        "bends",
        "clean",
        "lengths",
        "n_bend",
        "n_static",
        "offered",
        "origins",
        "px",
        "py",
        "qx",
        "qy",
        "rcx",
        "rcy",
        "rings",
        "rows",
        "rr2",
        "xs",
        "ys",
    )

    def __init__(
        self,
        space: Space,
        graph: Graph,
        start: Point,
        blist: list[tuple[float, float, float, int]],
        active: list[int],
        escapes: list[Point],
    ) -> None:
        n_static = self.n_static = len(graph.xs)
        self.ax = graph.ax
        self.ay = graph.ay
        self.xs = list(graph.xs)
        self.ys = list(graph.ys)
        self.px = list(graph.px)
        self.py = list(graph.py)
        self.qx = list(graph.qx)
        self.qy = list(graph.qy)
        self.rcx = [0.0] * n_static
        self.rcy = [0.0] * n_static
        self.rr2 = [STATIC] * n_static
        segment_clear = space.segment_clear
        # Each active blocker's ring and the corners of it kept; each such corner's ring and
        # its place on it.
        self.rings: list[tuple[Ring, list[int]]] = []
        self.origins: dict[int, tuple[Ring, int]] = {}
        clean: list[bool] = []
        for bi in active:
            cx, cy, reach, _ = blist[bi]
            rr = ring_reach(reach)
            ring = ring_at(space, graph, cx, cy, reach)
            r2 = rr * rr * (1.0 - 1e-9)
            kept: list[int] = []
            for k in range(RING_SIDES):
                vx, vy = ring.corners[k]
                if not ring.free[k] or blocked_by(vx, vy, vx, vy, blist) >= 0:
                    continue
                ax, ay = ring.corners[k - 1]
                bx, by = ring.corners[(k + 1) % RING_SIDES]
                self._add(vx, vy, (ax - vx, ay - vy, bx - vx, by - vy), (cx, cy, r2))
                self.origins[len(self.xs) - 1] = (ring, k)
                kept.append(k)
                clean.append(ring.clean[k])
            self.rings.append((ring, kept))
        first_escape = len(self.xs)
        for vx, vy in escapes:
            if not segment_clear(vx, vy, vx, vy) or blocked_by(vx, vy, vx, vy, blist) >= 0:
                continue
            self._add(vx, vy, _NO_SIDES, _NO_RING)
        self.n_bend = len(self.xs)
        self.bends = list(zip(self.xs[n_static:], self.ys[n_static:], strict=True))
        self._add(start[0], start[1], _NO_SIDES, _NO_RING)
        # Whether each corner lies outside the static rings (a ring's corners kept with it).
        extra = shapely.contains_xy(graph.node_free, self.xs[first_escape:], self.ys[first_escape:])
        self.clean = [True] * n_static + clean + extra.tolist()
        self.lengths: tuple[Any, Any, Any] | None = None
        self.rows: dict[int, list[int]] = {}
        self.offered: dict[int, tuple[Any, Any]] = {}

    def _add(
        self,
        x: float,
        y: float,
        sides: tuple[float, float, float, float],
        ring: tuple[float, float, float],
    ) -> None:
        self.xs.append(x)
        self.ys.append(y)
        self.px.append(sides[0])
        self.py.append(sides[1])
        self.qx.append(sides[2])
        self.qy.append(sides[3])
        self.rcx.append(ring[0])
        self.rcy.append(ring[1])
        self.rr2.append(ring[2])

    def apart(self) -> tuple[Any, Any, Any]:
        """The bend corners that are not static (x and y) and the lengths from every static
        corner to each: numpy arrays. A ring's lengths are kept on it once a second search
        asks for them (:meth:`Ring.lengths`); the others are the numpy ``hypot`` of the same
        numbers, each on its own."""
        if self.lengths is None:
            n = self.n_static
            ox = np.array(self.xs[n : self.n_bend])
            oy = np.array(self.ys[n : self.n_bend])
            via = np.empty((n, len(ox)))
            fresh: list[int] = []  # the columns computed here
            col = 0
            for ring, kept in self.rings:
                lengths = ring.lengths()
                if lengths is None:
                    fresh += range(col, col + len(kept))
                else:
                    via[:, col : col + len(kept)] = lengths[:, kept]
                col += len(kept)
            fresh += range(col, len(ox))  # the escape corners
            via[:, fresh] = np.hypot(
                self.ax[:, None] - ox[None, fresh], self.ay[:, None] - oy[None, fresh]
            )
            self.lengths = (ox, oy, via)
        return self.lengths

    def joined(self, v: int) -> list[int]:
        """The bend corners an edge from corner ``v`` may go to, kept per corner: from a static
        corner, only those that are not (its edges to static ones are the graph's). The edge
        must be tangent to the corner at each end where the other end lies outside that
        corner's ring (see :func:`.paths._search`); never tested at an escape corner or the
        start. A ring's corner keeps the static ones on its ring (:class:`Ring`): they hang on
        the ring and the terrain alone."""
        found = self.rows.get(v)
        if found is None:
            origin = self.origins.get(v)
            if origin is None:
                found = self._joined(v, self.n_static if v < self.n_static else 0)
            else:
                ring, k = origin
                static = ring.rows.get(k)
                if static is None:
                    static = ring.rows[k] = self._joined(v, 0, self.n_static)
                found = static + self._joined(v, self.n_static)
            self.rows[v] = found
        return found

    def _joined(self, v: int, first: int, last: int = -1) -> list[int]:
        """:meth:`joined` among the corners from ``first`` up to ``last`` (-1: every bend
        corner)."""
        # The search's hot loop: the tests at both ends inlined.
        xs, ys, px, py, qx, qy = self.xs, self.ys, self.px, self.py, self.qx, self.qy
        rcx, rcy, rr2, clean = self.rcx, self.rcy, self.rr2, self.clean
        vx, vy, vr2, vcx, vcy = xs[v], ys[v], rr2[v], rcx[v], rcy[v]
        vpx, vpy, vqx, vqy = px[v], py[v], qx[v], qy[v]
        v_clean = clean[v]
        found: list[int] = []
        for w in range(first, self.n_bend if last < 0 else last):
            if w == v:
                continue
            wx = xs[w]
            wy = ys[w]
            dx = wx - vx
            dy = wy - vy
            if vr2 >= 0.0:
                need = (wx - vcx) * (wx - vcx) + (wy - vcy) * (wy - vcy) >= vr2
            else:
                need = vr2 == STATIC and clean[w]
            if need and (dx * vpy - dy * vpx) * (dx * vqy - dy * vqx) < -EPS:
                continue
            wr2 = rr2[w]
            if wr2 >= 0.0:
                ox = vx - rcx[w]
                oy = vy - rcy[w]
                need = ox * ox + oy * oy >= wr2
            else:
                need = wr2 == STATIC and v_clean
            if need and (dx * py[w] - dy * px[w]) * (dx * qy[w] - dy * qx[w]) < -EPS:
                continue
            found.append(w)
        return found

    def offers_from(self, v: int) -> tuple[Any, Any]:
        """The corners a non-static corner ``v`` may go to (:meth:`joined`) and their lengths
        (by numpy's hypot, as the estimates' are), numpy rows kept per corner; a ring's
        corner keeps those to static corners on its ring."""
        found = self.offered.get(v)
        if found is None:
            w = self.joined(v)
            origin = self.origins.get(v)
            if origin is None:
                found = self._offers(v, w)
            else:
                ring, k = origin
                n = len(ring.rows[k])
                static = ring.offers.get(k)
                if static is None:
                    static = ring.offers[k] = self._offers(v, w[:n])
                rest = self._offers(v, w[n:])
                found = (np.concatenate([static[0], rest[0]]), np.concatenate([static[1], rest[1]]))
            self.offered[v] = found
        return found

    def _offers(self, v: int, w: list[int]) -> tuple[Any, Any]:
        """The corners ``w`` as a numpy row, and their lengths from corner ``v``."""
        vx, vy = self.xs[v], self.ys[v]
        dx = np.array([self.xs[k] - vx for k in w])
        dy = np.array([self.ys[k] - vy for k in w])
        return np.array(w, dtype=np.intp), np.hypot(dx, dy)


class Ring:
    """The ring of corners round a blocker base on one graph, and what hangs on it and the
    terrain alone: whether each corner is a place a base may stand, whether it lies outside
    the static rings, the lengths from every static corner to each (from its second guided
    search on), and the static corners an edge from each may go to, with their lengths.
    Kept on the graph by the base's centre and reach (:func:`ring_at`): a base that has not
    moved has the same ring in every search among it, whatever the start and the other bases."""

    __slots__ = ("asked", "ax", "ay", "clean", "corners", "free", "kept_lengths", "offers", "rows")

    def __init__(self, space: Space, graph: Graph, cx: float, cy: float, reach: float) -> None:
        self.corners = ring_of(cx, cy, reach)
        self.free = [space.segment_clear(x, y, x, y) for x, y in self.corners]
        xs = [x for x, _ in self.corners]
        ys = [y for _, y in self.corners]
        self.clean: list[bool] = shapely.contains_xy(graph.node_free, xs, ys).tolist()
        self.ax = graph.ax
        self.ay = graph.ay
        self.kept_lengths: Any = None
        self.asked = False  # whether a search asked for the lengths before
        # Per corner, the static corners an edge from it may go to (see Nodes.joined) and
        # their lengths (Nodes.offers_from).
        self.rows: dict[int, list[int]] = {}
        self.offers: dict[int, tuple[Any, Any]] = {}

    def lengths(self) -> Any:
        """The lengths from every static corner to each corner (a numpy array, static corners
        by the ring's), or None the first time: a ring met once costs no more than its corners
        a search keeps."""
        if self.kept_lengths is None and self.asked:
            rx = np.array([x for x, _ in self.corners])
            ry = np.array([y for _, y in self.corners])
            self.kept_lengths = np.hypot(
                self.ax[:, None] - rx[None, :], self.ay[:, None] - ry[None, :]
            )
        self.asked = True
        return self.kept_lengths


def ring_at(space: Space, graph: Graph, cx: float, cy: float, reach: float) -> Ring:
    """The ring round a blocker at (cx, cy) whose circle has ``reach``, kept on the graph."""
    return graph.rings.remember((cx, cy, reach), lambda: Ring(space, graph, cx, cy, reach))


def nodes_of(
    space: Space,
    graph: Graph,
    start: Point,
    goal: Point,
    stop: float,
    blist: list[tuple[float, float, float, int]],
    active: list[int],
    escapes: list[Point],
) -> Nodes:
    """The corners of a search from ``start`` toward ``goal`` among the ``active`` blockers
    of ``blist``, with the static rings' ``escapes``: kept on the graph. An end inside a
    blocker's ring (the start, or the goal with no stop distance) gets an escape corner on it
    too, the nearest point of the ring."""
    ends = [start] if stop > 0.0 else [start, goal]
    for bi in active:
        cx, cy, reach, _ = blist[bi]
        rr = ring_reach(reach)
        r2 = rr * rr * (1.0 - 1e-9)
        for ex, ey in ends:
            dx = ex - cx
            dy = ey - cy
            d2 = dx * dx + dy * dy
            if 0.0 < d2 < r2:
                out = math.sqrt(r2 / d2) * (1.0 + 1e-9)
                escapes = [*escapes, (cx + dx * out, cy + dy * out)]
    key = (start, tuple(blist), tuple(active), tuple(escapes))
    return graph.nodes.remember(key, lambda: Nodes(space, graph, start, blist, active, escapes))
