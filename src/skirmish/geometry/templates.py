"""Area templates (blasts, auras): which bases lie under them."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

from skirmish.geometry.shapes import CONTACT, Point

__all__ = ["CircleTemplate"]


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
