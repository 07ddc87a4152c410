"""Area templates (blasts, auras, sprays): which bases and which terrain pieces lie under
them."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

import shapely

from skirmish.geometry.shapes import CONTACT, Point

__all__ = ["CircleTemplate", "SprayTemplate"]


@dataclass(frozen=True, slots=True)
class CircleTemplate:
    """A circular template of ``radius`` inches centred on ``center``."""

    center: Point
    radius: float

    def covers(self, center: Point, r: float) -> Literal["full", "partial"] | None:
        """How a base at ``center`` of radius ``r`` lies under the template.

        ``"full"``: the whole base is under it (within CONTACT); ``"partial"``: some of it is,
        touching the rim included (edge distance <= CONTACT, as for base contact); None: not.
        """
        d = math.hypot(center[0] - self.center[0], center[1] - self.center[1])
        if d + r <= self.radius + CONTACT:
            return "full"
        if d - (self.radius + r) <= CONTACT:
            return "partial"
        return None

    def reaches(self, polygon: tuple[Point, ...]) -> bool:
        """Whether the template lies over any of ``polygon``, touching its rim included."""
        shape = shapely.Polygon(polygon)
        return bool(shapely.distance(shape, shapely.Point(self.center)) <= self.radius + CONTACT)


@dataclass(frozen=True, slots=True)
class SprayTemplate:
    """A teardrop template ``length`` inches long from its narrow tip at ``tip`` toward
    ``toward``: the hull of a circle of ``narrow`` radius at the tip end and one of ``wide``
    radius at the far end (the shape of a flame or spray template)."""

    tip: Point
    toward: Point
    length: float
    narrow: float
    wide: float

    def covers(self, center: Point, r: float) -> Literal["full", "partial"] | None:
        """How a base at ``center`` of radius ``r`` lies under the template, read as
        :meth:`CircleTemplate.covers` reads it."""
        d = self._signed_distance(center)
        if d + r <= CONTACT:
            return "full"
        if d - r <= CONTACT:
            return "partial"
        return None

    def reaches(self, polygon: tuple[Point, ...]) -> bool:
        """Whether the template lies over any of ``polygon``, touching its rim included: the
        hull of its two end circles within CONTACT of the polygon."""
        dx, dy = self.toward[0] - self.tip[0], self.toward[1] - self.tip[1]
        norm = math.hypot(dx, dy) or 1.0
        ux, uy = dx / norm, dy / norm
        near = (self.tip[0] + ux * self.narrow, self.tip[1] + uy * self.narrow)
        reach = self.length - self.wide
        far = (self.tip[0] + ux * reach, self.tip[1] + uy * reach)
        ends = shapely.union(
            shapely.Point(near).buffer(self.narrow, quad_segs=32),
            shapely.Point(far).buffer(self.wide, quad_segs=32),
        )
        shape = shapely.convex_hull(ends)
        return bool(shapely.distance(shapely.Polygon(polygon), shape) <= CONTACT)

    def _signed_distance(self, p: Point) -> float:
        """Distance from ``p`` to the template's outline, negative inside."""
        dx, dy = self.toward[0] - self.tip[0], self.toward[1] - self.tip[1]
        norm = math.hypot(dx, dy) or 1.0
        ux, uy = dx / norm, dy / norm
        # Local frame: along the axis from the narrow circle's centre, and across it.
        h = self.length - self.narrow - self.wide
        px, py = p[0] - self.tip[0], p[1] - self.tip[1]
        along = px * ux + py * uy - self.narrow
        across = abs(-px * uy + py * ux)
        b = (self.narrow - self.wide) / h
        a = math.sqrt(1.0 - b * b)
        k = -b * across + a * along
        if k < 0.0:
            return math.hypot(across, along) - self.narrow
        if k > a * h:
            return math.hypot(across, along - h) - self.wide
        return a * across + b * along - self.narrow
