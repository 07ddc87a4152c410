"""What the heuristic player sees in closing in on the nearest of some spots (a Loot Marker,
:mod:`..missions.loot`; a bystander Coworker, :mod:`..hostiles.coworkers`, K2.2): worked out
once per mover and decision, then read for each spot a move may end at."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from skirmish.rulesets.sacred_wire.game.model import WireModel

EPS = 1e-9  # "within" is inclusive; points are kept to 0.01"
PER_INCH = 0.1  # each inch closer
WITHIN = 0.4  # ending within reach


@dataclass(frozen=True, slots=True)
class Lure:
    """``nearest`` gives the gap from where a model would stand to the nearest spot (never
    below ``floor``), ``before`` that gap from where the mover stands now, ``reach`` how near
    is near enough."""

    nearest: Callable[[WireModel], float]
    before: float
    reach: float
    floor: float

    def value(self, ghost: WireModel) -> float:
        """A little per inch closer, more for ending within reach."""
        after = self.nearest(ghost)
        return PER_INCH * (self.before - after) + (WITHIN if after <= self.reach + EPS else 0.0)

    def ceiling(self) -> float:
        """More than :meth:`value` gives anywhere."""
        return PER_INCH * (self.before - self.floor) + WITHIN


def value(lure: Lure | None, ghost: WireModel) -> float:
    """:meth:`Lure.value`, or nothing without a lure."""
    return 0.0 if lure is None else lure.value(ghost)


def ceiling(lure: Lure | None) -> float:
    """:meth:`Lure.ceiling`, or nothing without a lure."""
    return 0.0 if lure is None else lure.ceiling()
