"""Plane geometry of the table: points, distances, segments and polygons.

Units are inches, continuous. Every function here is plain Python on floats, because single
queries from the engine's hot loop are dominated by call overhead: ``math.hypot`` on two tuples
beats any array library for one pair.

Tolerances (one set for the whole package):

- ``CONTACT`` (0.01"): two bases are *in contact* when ``edge_distance <= CONTACT`` and
  *overlap* when ``edge_distance < -CONTACT``. The same band applies to a base against a terrain
  piece (distance from the centre to the polygon's boundary compared with the radius) and to the
  table edge. So a base placed "touching" something, with whatever float error, is legal, and it
  is in contact.
- ``PATH_SLACK`` (``CONTACT / 2``): planned paths and slides never come closer than
  ``radius - PATH_SLACK`` to what they avoid, which keeps every point of a path a legal placement
  with room to spare for float error when a caller re-checks it.
- ``EPS`` (1e-9): only for degenerate float comparisons (zero-length vectors, collinearity).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final, TypeAlias

Point: TypeAlias = tuple[float, float]
"""A point on the table, ``(x, y)`` in inches; ``y = 0`` is the south edge."""

BBox: TypeAlias = tuple[float, float, float, float]
"""An axis-aligned box ``(min_x, min_y, max_x, max_y)``."""

EdgeList: TypeAlias = tuple[tuple[float, float, float, float], ...]
"""A polygon's edges as ``(x1, y1, x2, y2)``, closing edge included (see :func:`edges_of`)."""

MM_PER_INCH: Final = 25.4
"""Millimetres in one inch (base sizes are given in mm)."""

CONTACT: Final = 0.01
"""Contact tolerance in inches: in contact when edge distance <= CONTACT, overlapping when
edge distance < -CONTACT."""

PATH_SLACK: Final = CONTACT / 2
"""How far a planned path or slide may come inside an obstacle's reach (half the overlap band)."""

EPS: Final = 1e-9
"""Float noise threshold for degenerate comparisons."""


def mm_to_inches(mm: float) -> float:
    """Convert millimetres (base sizes) to inches."""
    return mm / MM_PER_INCH


def distance(a: Point, b: Point) -> float:
    """Centre-to-centre distance between two points."""
    return math.hypot(b[0] - a[0], b[1] - a[1])


def edge_distance(a: Point, ra: float, b: Point, rb: float) -> float:
    """Base edge to base edge distance of two circles: ``hypot - (ra + rb)``.

    Written with the radii summed first so that the result is exactly symmetric in float
    arithmetic (``d - ra - rb`` is not). Negative when the bases overlap.
    """
    return math.hypot(b[0] - a[0], b[1] - a[1]) - (ra + rb)


def in_contact(a: Point, ra: float, b: Point, rb: float) -> bool:
    """Whether two bases are in base-to-base contact (edge distance <= CONTACT)."""
    return math.hypot(b[0] - a[0], b[1] - a[1]) - (ra + rb) <= CONTACT


def overlaps(a: Point, ra: float, b: Point, rb: float) -> bool:
    """Whether two bases overlap (edge distance < -CONTACT)."""
    return math.hypot(b[0] - a[0], b[1] - a[1]) - (ra + rb) < -CONTACT


def polygon_bbox(polygon: Sequence[Point]) -> BBox:
    """Bounding box of a polygon's vertices."""
    xs = [p[0] for p in polygon]
    ys = [p[1] for p in polygon]
    return (min(xs), min(ys), max(xs), max(ys))


def polygon_area(polygon: Sequence[Point]) -> float:
    """Signed area (shoelace): positive when the vertices run counter-clockwise."""
    n = len(polygon)
    s = 0.0
    for i in range(n):
        x1, y1 = polygon[i]
        x2, y2 = polygon[(i + 1) % n]
        s += x1 * y2 - x2 * y1
    return s / 2.0


def edges_of(polygon: Sequence[Point]) -> EdgeList:
    """The polygon's edges as flat tuples, the closing edge included."""
    n = len(polygon)
    return tuple(
        (polygon[i][0], polygon[i][1], polygon[(i + 1) % n][0], polygon[(i + 1) % n][1])
        for i in range(n)
    )


def circle_terms(
    ax: float, ay: float, bx: float, by: float, cx: float, cy: float, r: float
) -> tuple[float, float, float, float, float]:
    """The segment ``ab`` against the circle of radius ``r`` round ``c``: its direction
    ``(dx, dy)`` and the terms ``a``, ``b``, ``c`` of ``a t^2 + 2 b t + c``, zero where the
    point ``a + t (dx, dy)`` lies on the circle (``c <= 0``: ``a`` lies within it; the roots
    are real where ``b^2 - a c >= 0``)."""
    dx = bx - ax
    dy = by - ay
    wx = ax - cx
    wy = ay - cy
    return dx, dy, dx * dx + dy * dy, wx * dx + wy * dy, wx * wx + wy * wy - r * r


def point_in_edges(x: float, y: float, edges: EdgeList) -> bool:
    """Crossing-number point-in-polygon test on an edge list (boundary points: either answer)."""
    inside = False
    for x1, y1, x2, y2 in edges:
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def point_in_polygon(p: Point, polygon: Sequence[Point]) -> bool:
    """Whether ``p`` lies inside a simple polygon (points on the boundary: either answer)."""
    return point_in_edges(p[0], p[1], edges_of(polygon))


def point_segment_distance(p: Point, a: Point, b: Point) -> float:
    """Distance from point ``p`` to segment ``ab``."""
    return math.sqrt(_point_segment_d2(p[0], p[1], a[0], a[1], b[0], b[1]))


def nearest_on_segment(p: Point, a: Point, b: Point) -> Point:
    """The point of segment ``ab`` nearest ``p``."""
    ex = b[0] - a[0]
    ey = b[1] - a[1]
    t = _segment_share(p[0] - a[0], p[1] - a[1], ex, ey)
    return (a[0] + t * ex, a[1] + t * ey)


def _point_segment_d2(px: float, py: float, x1: float, y1: float, x2: float, y2: float) -> float:
    ex = x2 - x1
    ey = y2 - y1
    t = _segment_share(px - x1, py - y1, ex, ey)
    dx = x1 + t * ex - px
    dy = y1 + t * ey - py
    return dx * dx + dy * dy


def _segment_share(vx: float, vy: float, ex: float, ey: float) -> float:
    """How far along a segment (0 to 1) lies the point nearest one ``(vx, vy)`` from its
    start, the segment running ``(ex, ey)``; 0 for a segment of no length."""
    ee = ex * ex + ey * ey
    if ee <= 0.0:
        return 0.0
    t = (vx * ex + vy * ey) / ee
    if t < 0.0:
        return 0.0
    if t > 1.0:
        return 1.0
    return t


def segments_intersect(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Whether closed segments ``ab`` and ``cd`` share at least one point."""
    return segment_segment_distance(a, b, c, d) == 0.0


def _orient(ax: float, ay: float, bx: float, by: float, cx: float, cy: float) -> float:
    return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)


def segment_segment_distance(a: Point, b: Point, c: Point, d: Point) -> float:
    """Minimum distance between closed segments ``ab`` and ``cd`` (0 when they cross)."""
    o1 = _orient(a[0], a[1], b[0], b[1], c[0], c[1])
    o2 = _orient(a[0], a[1], b[0], b[1], d[0], d[1])
    o3 = _orient(c[0], c[1], d[0], d[1], a[0], a[1])
    o4 = _orient(c[0], c[1], d[0], d[1], b[0], b[1])
    if ((o1 > 0 and o2 < 0) or (o1 < 0 and o2 > 0)) and (
        (o3 > 0 and o4 < 0) or (o3 < 0 and o4 > 0)
    ):
        return 0.0
    d2 = min(
        _point_segment_d2(a[0], a[1], c[0], c[1], d[0], d[1]),
        _point_segment_d2(b[0], b[1], c[0], c[1], d[0], d[1]),
        _point_segment_d2(c[0], c[1], a[0], a[1], b[0], b[1]),
        _point_segment_d2(d[0], d[1], a[0], a[1], b[0], b[1]),
    )
    return math.sqrt(d2)


def boundary_distance(p: Point, polygon: Sequence[Point]) -> float:
    """Distance from ``p`` to the polygon's boundary (whether ``p`` is inside or not)."""
    return math.sqrt(_edges_d2(p[0], p[1], edges_of(polygon)))


def _edges_d2(px: float, py: float, edges: EdgeList) -> float:
    best = math.inf
    for x1, y1, x2, y2 in edges:
        d2 = _point_segment_d2(px, py, x1, y1, x2, y2)
        if d2 < best:
            best = d2
    return best


def point_edges_distance(x: float, y: float, edges: EdgeList) -> float:
    """Distance from ``(x, y)`` to the nearest edge of an edge list."""
    return math.sqrt(_edges_d2(x, y, edges))


def segment_polygon_distance(a: Point, b: Point, polygon: Sequence[Point]) -> float:
    """Distance from segment ``ab`` to a polygon's area: 0 if it touches, crosses or lies in it."""
    edges = edges_of(polygon)
    if point_in_edges(a[0], a[1], edges):
        return 0.0
    return min(segment_segment_distance(a, b, (e[0], e[1]), (e[2], e[3])) for e in edges)


def segment_near_edges(
    ax: float, ay: float, bx: float, by: float, edges: EdgeList, d: float
) -> bool:
    """Whether segment ``ab`` crosses an edge or comes strictly closer than ``d`` (> 0) to one.

    The hot path of movement checks: each edge is first rejected by its box grown by ``d``.
    """
    if ax < bx:
        lox = ax - d
        hix = bx + d
    else:
        lox = bx - d
        hix = ax + d
    if ay < by:
        loy = ay - d
        hiy = by + d
    else:
        loy = by - d
        hiy = ay + d
    d2 = d * d
    abx = bx - ax
    aby = by - ay
    ab2 = abx * abx + aby * aby
    for x1, y1, x2, y2 in edges:
        if (
            (x1 < lox and x2 < lox)
            or (x1 > hix and x2 > hix)
            or (y1 < loy and y2 < loy)
            or (y1 > hiy and y2 > hiy)
        ):
            continue
        ex = x2 - x1
        ey = y2 - y1
        o1 = abx * (y1 - ay) - aby * (x1 - ax)
        o2 = abx * (y2 - ay) - aby * (x2 - ax)
        o3 = ex * (ay - y1) - ey * (ax - x1)
        o4 = ex * (by - y1) - ey * (bx - x1)
        if ((o1 > 0.0) != (o2 > 0.0)) and ((o3 > 0.0) != (o4 > 0.0)):
            return True
        ee = ex * ex + ey * ey
        # The segments do not cross, so their distance is one of the four endpoint distances.
        t = ((ax - x1) * ex + (ay - y1) * ey) / ee
        t = 0.0 if t < 0.0 else (1.0 if t > 1.0 else t)
        dx = x1 + t * ex - ax
        dy = y1 + t * ey - ay
        if dx * dx + dy * dy < d2:
            return True
        t = ((bx - x1) * ex + (by - y1) * ey) / ee
        t = 0.0 if t < 0.0 else (1.0 if t > 1.0 else t)
        dx = x1 + t * ex - bx
        dy = y1 + t * ey - by
        if dx * dx + dy * dy < d2:
            return True
        if ab2 > 0.0:
            t = ((x1 - ax) * abx + (y1 - ay) * aby) / ab2
            t = 0.0 if t < 0.0 else (1.0 if t > 1.0 else t)
            dx = ax + t * abx - x1
            dy = ay + t * aby - y1
            if dx * dx + dy * dy < d2:
                return True
            t = ((x2 - ax) * abx + (y2 - ay) * aby) / ab2
            t = 0.0 if t < 0.0 else (1.0 if t > 1.0 else t)
            dx = ax + t * abx - x2
            dy = ay + t * aby - y2
            if dx * dx + dy * dy < d2:
                return True
    return False
