"""Terrain pieces and ladders: the static things on a board.

A piece is a simple polygon (it may be non-convex) standing on the ground, with a height, a
movement kind and the best cover it can grant. Geometry derived from the polygon (bounding box,
edge list) is computed once at construction, because every movement and sight query reads it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import IntEnum, StrEnum

import shapely
import shapely.ops
from shapely.geometry.base import BaseGeometry

from skirmish.errors import BoardError
from skirmish.geometry.shapes import (
    CONTACT,
    BBox,
    EdgeList,
    Point,
    edges_of,
    point_edges_distance,
    point_in_edges,
    polygon_area,
    polygon_bbox,
)


class Movement(StrEnum):
    """What a piece does to movement at ground level."""

    OPEN = "open"
    """No effect on movement."""
    ROUGH = "rough"
    """Passable; each ruleset charges for it (``Path.touches_rough`` reports contact)."""
    IMPASSABLE = "impassable"
    """Bases may not overlap it."""
    CLIMBABLE = "climbable"
    """Impassable at ground level; its top is a surface (a level) reached by ladders."""


class Cover(IntEnum):
    """Cover grades, ordered: a piece's ``cover`` is the best grade it can grant."""

    NONE = 0
    LIGHT = 1
    MEDIUM = 2
    HEAVY = 3


@dataclass(frozen=True, slots=True)
class Terrain:
    """One terrain piece: a simple polygon on the ground with a height (inches).

    ``cover`` is the best grade this piece can ever grant; ``blocks_sight`` says whether sight
    lines below ``height`` over the polygon are blocked; ``tags`` name what a ruleset makes of
    the piece beyond its movement kind (water, snow, a wall that can be destroyed): the
    geometry only carries them. The derived ``bbox`` and ``edges`` are computed at
    construction (not compared, not serialised).
    """

    id: str
    name: str
    polygon: tuple[Point, ...]
    height: float
    movement: Movement
    cover: Cover
    blocks_sight: bool = True
    tags: tuple[str, ...] = ()
    bbox: BBox = field(init=False, repr=False, compare=False)
    edges: EdgeList = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        pts = [(float(x), float(y)) for x, y in self.polygon]
        if len(pts) > 1 and pts[0] == pts[-1]:
            pts.pop()  # a closed ring written with its first vertex repeated
        where = f"terrain {self.id!r}"
        if not all(math.isfinite(v) for p in pts for v in p):
            raise BoardError(f"{where}: polygon has a non-finite coordinate")
        if len(pts) < 3:
            raise BoardError(f"{where}: polygon needs at least 3 vertices, got {len(pts)}")
        for i in range(len(pts)):
            if pts[i] == pts[i - 1]:
                raise BoardError(f"{where}: polygon repeats vertex {list(pts[i])}")
        shape = shapely.Polygon(pts)
        if shapely.area(shapely.convex_hull(shape)) <= 1e-9:
            raise BoardError(f"{where}: polygon has no area")
        if not shapely.is_valid(shape) or abs(polygon_area(pts)) <= 1e-9:
            reason = shapely.is_valid_reason(shape)
            raise BoardError(f"{where}: polygon is not simple ({reason})")
        if not math.isfinite(self.height) or self.height < 0:
            raise BoardError(f"{where}: height must be >= 0, got {self.height}")
        object.__setattr__(self, "polygon", tuple(pts))
        object.__setattr__(self, "tags", tuple(self.tags))
        object.__setattr__(self, "movement", Movement(self.movement))
        object.__setattr__(self, "cover", Cover(self.cover))
        object.__setattr__(self, "bbox", polygon_bbox(pts))
        object.__setattr__(self, "edges", edges_of(pts))

    def middle(self) -> Point:
        """The mean of the polygon's corners: where a piece is aimed at or gone round from."""
        corners = self.polygon
        return (
            sum(x for x, _ in corners) / len(corners),
            sum(y for _, y in corners) / len(corners),
        )

    def contains(self, p: Point) -> bool:
        """Whether point ``p`` lies inside the polygon (boundary points: either answer)."""
        x, y = p
        b = self.bbox
        if x < b[0] or x > b[2] or y < b[1] or y > b[3]:
            return False
        return point_in_edges(x, y, self.edges)

    def boundary_distance(self, p: Point) -> float:
        """Distance from ``p`` to the polygon's boundary (inside or outside)."""
        return point_edges_distance(p[0], p[1], self.edges)

    def base_overlaps(self, p: Point, r: float, tolerance: float) -> bool:
        """Whether a base at ``p`` of radius ``r`` reaches more than ``tolerance`` into the piece.

        ``tolerance`` = CONTACT tests overlap; ``-CONTACT`` tests overlap-or-touch.
        """
        x, y = p
        reach = r - tolerance
        b = self.bbox
        if x < b[0] - reach or x > b[2] + reach or y < b[1] - reach or y > b[3] + reach:
            return False
        if point_in_edges(x, y, self.edges):
            return True
        return point_edges_distance(x, y, self.edges) < reach

    def swept_by(self, points: tuple[Point, ...], r: float) -> bool:
        """Whether a base of radius ``r`` moved along the polyline ``points`` overlaps or
        touches (within CONTACT) the piece anywhere, its ends included."""
        if len(points) == 1:
            return self.base_overlaps(points[0], r, -CONTACT)
        line = shapely.LineString(points)
        return bool(shapely.distance(line, shapely.Polygon(self.polygon)) <= r + CONTACT)

    def inside_length(self, a: Point, b: Point) -> float:
        """How much of the segment from ``a`` to ``b`` lies over the piece."""
        if a == b:
            return 0.0
        line = shapely.LineString((a, b))
        return float(shapely.length(shapely.intersection(line, shapely.Polygon(self.polygon))))

    def room(self, r: float) -> shapely.Polygon:
        """Where the centre of a base of radius ``r`` stands wholly on the piece (with CONTACT
        to spare): empty if no base that wide fits on it."""
        return shapely.Polygon(self.polygon).buffer(-(r + CONTACT))

    def spots_around(self, p: Point, r: float, step: float) -> list[Point]:
        """Centres, ``step`` apart, where a base of radius ``r`` stands just outside the piece
        touching it, nearest to ``p`` first: where something leaving its edge comes down."""
        ring = shapely.Polygon(self.polygon).buffer(r + CONTACT / 2).exterior
        count = max(1, int(ring.length / step))
        spots = [ring.interpolate(i * ring.length / count) for i in range(count)]
        found = [(float(q.x), float(q.y)) for q in spots]
        return sorted(found, key=lambda q: math.dist(p, q))


def nearest_in(room: BaseGeometry, p: Point) -> Point | None:
    """The point of ``room`` (a :meth:`Terrain.room`, or any area where a centre may stand)
    nearest to ``p``: the centre nearest to ``p`` where a base stands wholly on the piece, or
    ``None`` if none that wide fits."""
    if room.is_empty:
        return None
    q = shapely.ops.nearest_points(room, shapely.Point(p))[0]
    return (float(q.x), float(q.y))


@dataclass(frozen=True, slots=True)
class Ladder:
    """A ladder from the ground (``foot``, outside the piece) to a climbable piece's roof
    (``top``, just inside its edge)."""

    id: str
    terrain: str
    foot: Point
    top: Point

    def __post_init__(self) -> None:
        object.__setattr__(self, "foot", (float(self.foot[0]), float(self.foot[1])))
        object.__setattr__(self, "top", (float(self.top[0]), float(self.top[1])))
