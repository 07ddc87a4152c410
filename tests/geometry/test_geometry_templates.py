"""Circle templates: full, partial or no cover of a base."""

from __future__ import annotations

from skirmish.geometry import CONTACT, CircleTemplate


def test_template_grades_bases_full_partial_or_none() -> None:
    t = CircleTemplate((10.0, 10.0), 1.5)
    assert t.covers((10.0, 10.0), 0.5) == "full"
    assert t.covers((11.0, 10.0), 0.5) == "full"  # touching the rim from inside
    assert t.covers((11.5, 10.0), 0.5) == "partial"
    assert t.covers((12.0, 10.0), 0.5) == "partial"  # touching the rim from outside
    assert t.covers((12.0 + 2 * CONTACT, 10.0), 0.5) is None
    assert t.covers((10.0, 10.0), 2.0) == "partial"  # a base larger than the template
