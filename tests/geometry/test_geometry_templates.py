"""Templates: full, partial or no cover of a base; whether they lie over a polygon."""

from __future__ import annotations

from skirmish.geometry import CONTACT, CircleTemplate
from skirmish.geometry.templates import SprayTemplate


def test_template_grades_bases_full_partial_or_none() -> None:
    t = CircleTemplate((10.0, 10.0), 1.5)
    assert t.covers((10.0, 10.0), 0.5) == "full"
    assert t.covers((11.0, 10.0), 0.5) == "full"  # touching the rim from inside
    assert t.covers((11.5, 10.0), 0.5) == "partial"
    assert t.covers((12.0, 10.0), 0.5) == "partial"  # touching the rim from outside
    assert t.covers((12.0 + 2 * CONTACT, 10.0), 0.5) is None
    assert t.covers((10.0, 10.0), 2.0) == "partial"  # a base larger than the template


def square(x: float, y: float, side: float = 1.0) -> tuple[tuple[float, float], ...]:
    return ((x, y), (x + side, y), (x + side, y + side), (x, y + side))


def test_a_circle_template_reaches_a_polygon_it_lies_over_or_touches() -> None:
    t = CircleTemplate((10.0, 10.0), 1.5)
    assert t.reaches(square(9.5, 9.5))  # the centre inside
    assert t.reaches(square(11.5, 9.5))  # touching the rim
    assert not t.reaches(square(11.5 + 2 * CONTACT, 9.5))
    assert t.reaches(square(5.0, 5.0, 10.0))  # a piece all round the template


def test_a_spray_template_reaches_polygons_along_its_length_only() -> None:
    # 8" long from its tip at 10,10 toward the east: 0.5" wide at the tip, 1.5" at the end.
    t = SprayTemplate((10.0, 10.0), (20.0, 10.0), 8.0, 0.5, 1.5)
    assert t.reaches(square(16.0, 10.8))  # beside its wide end
    assert t.reaches(square(17.9, 9.5))  # at its far end
    assert not t.reaches(square(18.1, 9.5))  # beyond it
    assert not t.reaches(square(11.0, 11.0))  # beside its narrow end
    assert not t.reaches(square(7.0, 9.5))  # behind the tip
