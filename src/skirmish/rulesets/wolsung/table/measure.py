"""What the table's rules measure: models as scoring sees them, marker discs, and the 3D
distance between two discs (L10, L12; notes ``wolsung-scenarios.md`` §4.0).

A model and a marker are both a flat disc at a height: a model's base on the surface it stands
on, a marker lying on the ground or on a roof. Every distance is from the nearest edge of one
disc to the nearest edge of the other, in three dimensions (L10), and every "within" includes
its bound (notes ``wolsung.md`` §5).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from skirmish.geometry.shapes import EPS

__all__ = ["Disc", "Presence", "Spot", "distance", "inches", "no_farther", "within"]


class Disc(Protocol):
    """A flat disc of ``radius`` centred at (x, y) at height z: a base or a marker."""

    @property
    def x(self) -> float: ...
    @property
    def y(self) -> float: ...
    @property
    def z(self) -> float: ...
    @property
    def radius(self) -> float: ...


@dataclass(frozen=True, slots=True)
class Presence:
    """A model as scoring sees it (notes §4.0).

    ``side``: its club's seat; ``x, y``: its base's centre; ``z``: the height of the surface it
    stands on; ``radius``: its base's; ``hero``: a Hero, not a Henchman; ``toppled``: lying
    down (L111); ``on_table``: deployed (False for an Infiltrator before turn 2, L535);
    ``spawned``: it entered during the game (Hounds, summoned and replacement models).
    """

    side: int
    x: float
    y: float
    z: float
    radius: float
    hero: bool
    toppled: bool = False
    on_table: bool = True
    spawned: bool = False


@dataclass(frozen=True, slots=True)
class Spot:
    """Where a marker lies: a disc of ``radius`` at (x, y) on ``level`` (a climbable piece's
    id, None for the ground), whose surface is ``z`` high."""

    x: float
    y: float
    z: float
    radius: float
    level: str | None = None


def distance(a: Disc, b: Disc) -> float:
    """The 3D distance between the nearest edges of two discs (L10): the horizontal gap
    between their rims, none if one lies over the other, with the height between them."""
    gap = math.hypot(b.x - a.x, b.y - a.y) - (a.radius + b.radius)
    return math.hypot(max(gap, 0.0), b.z - a.z)


def no_farther(measured: float, bound: float) -> bool:
    """Whether a measured distance is ``bound`` or less (inclusive; EPS forgives float noise,
    so a model placed at exactly a range or a band's bound counts)."""
    return measured <= bound + EPS


def inches(measured: float, bounds: Iterable[float]) -> str:
    """A measured distance as the log and a refusal give it: to the hundredth, or to as many
    more places as keep it on its side of each bound (:func:`no_farther`), so one just past a
    range or a limit never reads as the bound itself; a float's noise below them dropped."""
    limits = tuple(bounds)
    places = 2
    while places < 9 and any(
        no_farther(round(measured, places), b) != no_farther(measured, b) for b in limits
    ):
        places += 1
    return f"{measured:.{places}f}".rstrip("0").rstrip(".")


def within(a: Disc, b: Disc, reach: float) -> bool:
    """Whether two discs are ``reach`` or nearer (:func:`no_farther`)."""
    return no_farther(distance(a, b), reach)
