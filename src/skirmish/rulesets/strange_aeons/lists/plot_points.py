"""The Plot Points a Lurker list buys (rules notes §3.14; R:927-935).

``data/book/plot_points.toml`` holds the nine Plot Points (seven printed, two named but never
defined, which follow notes §6 item 8 and are provisional). A list buys each at 4 points
(:data:`PLOT_POINT_POINTS`), once; all of them together take
at most half its starting points (R:928: the team's Total Points it answers, else its own
total); Dark Night and Full Moon never go together (R:931, R:935); Essential Saltes need a
Human or Humanoid model to carry them (R:933). :func:`plot_point_problems` names every breach.

A list with Essential Saltes may name the entry carrying them (``saltes_carrier``) and bank
points for them (``saltes_bank``): points its list leaves unspent, which raise the worth of
the profile the Saltes bring one for one (R:933, the notes' reading of §6 item 68);
:func:`saltes_problems` names a carrier that cannot carry them and a bank the list cannot
afford.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from typing import Annotated, Literal, Self

from pydantic import Field, model_validator

from skirmish.data_files import read_data
from skirmish.documents import name_key
from skirmish.rulesets.strange_aeons.lists.wording import counted, points
from skirmish.rulesets.strange_aeons.rules_data.catalog import BOOK
from skirmish.rulesets.strange_aeons.rules_data.records import (
    Flagged,
    Id,
    Line,
    Name,
    Profile,
    Record,
    SpecialType,
    Summary,
)

__all__ = [
    "PLOT_POINT_POINTS",
    "SALTES",
    "SHARE",
    "PlotPoint",
    "load_plot_points",
    "plot_point_problems",
    "saltes_problems",
]

PLOT_POINT_POINTS = 4.0
"""A Plot Point a Lurker list buys (R:928)."""
SHARE = 0.5
"""The part of its starting points a list may spend on Plot Points (R:928)."""
SALTES = "essential_saltes"
"""The Plot Point a model carries and empties as an Action (R:933)."""


class PlotPoint(Flagged):
    """One Plot Point: what it does in our words, what it excludes, who must carry it, the
    kinds of models it acts on and the save or Critical Hit confirmation it gives them."""

    id: Id
    name: Name
    line: Line
    summary: Summary
    excludes: tuple[Id, ...] = ()
    carrier: tuple[SpecialType, ...] = ()
    kinds: tuple[SpecialType, ...] = ()
    save: Annotated[int, Field(ge=2, le=6)] | None = None
    confirm: Annotated[int, Field(ge=2, le=6)] | None = None
    summon_less: Annotated[int, Field(ge=0)] = 0
    rerolls: Literal["resolve", "fire"] | None = None
    stumble: Annotated[int, Field(ge=1, le=6)] | None = None
    shot_limit: Annotated[float, Field(gt=0)] | None = None
    raises: tuple[SpecialType, ...] = ()
    raise_points: Annotated[float, Field(gt=0)] | None = None


class _PlotPoints(Record):
    plot_point: Annotated[tuple[PlotPoint, ...], Field(min_length=1)]

    @model_validator(mode="after")
    def _excludes_known(self) -> Self:
        known = {plot.id for plot in self.plot_point}
        for plot in self.plot_point:
            if not set(plot.excludes) <= known:
                raise ValueError(f"{plot.id}: excludes an unknown Plot Point {plot.excludes}")
        return self


def load_plot_points() -> dict[str, PlotPoint]:
    """The Plot Points of the book's data (``data/book/plot_points.toml``), keyed by id."""
    data = read_data(BOOK, "plot_points.toml", _PlotPoints)
    return {plot.id: plot for plot in data.plot_point}


def plot_point_problems(
    plots: Mapping[str, PlotPoint],
    bought: Sequence[PlotPoint],
    models: Sequence[Profile],
    starting: float,
) -> Iterator[str]:
    """Every way the Plot Points ``bought`` by a list of ``models`` with ``starting`` points
    break their rules."""
    for plot, count in Counter(bought).items():
        if count > 1:
            yield f"{plot.name} is bought {count} times; each Plot Point once (R:928)"
    spent = PLOT_POINT_POINTS * len(bought)
    if spent > starting * SHARE:
        yield (
            f"{counted(len(bought), 'Plot Point')} cost {points(spent)} points; they may take "
            f"half the {points(starting)} starting points at most (R:928)"
        )
    ids = {plot.id for plot in bought}
    for plot in bought:
        for other in plot.excludes:
            if other in ids and plot.id < other:
                yield f"{plot.name} is never taken with {plots[other].name} (R:{plot.line})"
        if plot.carrier and not any(m.is_a(t) for m in models for t in plot.carrier):
            kinds = " or ".join(t.value.title() for t in plot.carrier)
            yield f"{plot.name} needs a {kinds} Lurker to carry it (R:{plot.line})"


def saltes_problems(
    plot: PlotPoint,
    bought: bool,
    carrier: str | None,
    bank: float,
    entries: Sequence[tuple[str, Profile]],
    unspent: float,
) -> Iterator[str]:
    """Every way a list's Essential Saltes fields break their rules: given though ``plot`` is
    not ``bought``, a ``carrier`` none of the list's ``entries`` (name, profile) of its kinds,
    a ``bank`` beyond the points the list leaves ``unspent`` (R:933, notes §6 item 68)."""
    cite = f"(R:{plot.line})"
    if not bought:
        if carrier is not None or bank:
            yield f"saltes_carrier and saltes_bank go with the Plot Point {plot.name} {cite}"
        return
    if carrier is not None:
        kinds = " or ".join(t.value.title() for t in plot.carrier)
        found = [p for name, p in entries if name_key(name) == name_key(carrier)]
        if not any(p.is_a(t) for p in found for t in plot.carrier):
            yield f"the {plot.name}' carrier {carrier!r} is no {kinds} model of the list {cite}"
    if bank > unspent:
        yield (
            f"the list banks {points(bank)} points for its {plot.name} but leaves "
            f"{points(max(0.0, unspent))} unspent (R:{plot.line}, notes §6 item 68)"
        )
