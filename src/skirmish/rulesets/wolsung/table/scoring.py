"""Scoring the house scenarios: who controls what, the VP of a turn and of casualties, sudden
death and the final placing (notes ``wolsung-scenarios.md`` §4.0, §4.2, §4.4, §5).

Control (§4.0): every model that counts adds its value to its club's total: a Hero 2, a
Henchman 1, a Toppled model 0, a model not on the table 0. The club with the highest total
controls; a tie, or no total above 0, controls nothing. Control is checked afresh at the end
of every turn, and a model counts for every objective and district it qualifies for.

VP tallies are tuples with one entry per seat, as the kernel's ``Outcome.placing`` is.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from skirmish.errors import SkirmishError
from skirmish.rulesets.wolsung.table.measure import Presence, Spot, within
from skirmish.rulesets.wolsung.table.records import (
    Casualties,
    Common,
    Control,
    Districts,
    Marker,
)
from skirmish.rulesets.wolsung.table.zones import Zone

__all__ = [
    "Casualty",
    "District",
    "casualty_vp",
    "control_value",
    "controller",
    "district_controller",
    "district_of",
    "district_vp",
    "objective_controller",
    "objective_vp",
    "placing",
    "standing",
    "sudden_death",
    "worth",
]


class District(StrEnum):
    """S4's four districts (§4.4)."""

    SOUTH_WEST = "south-west"
    NORTH_WEST = "north-west"
    NORTH_EAST = "north-east"
    SOUTH_EAST = "south-east"


@dataclass(frozen=True, slots=True)
class Casualty:
    """A model removed from the game: its ``side``, the ``scorer`` who removed it (None: no
    enemy did, as in a fall), whether it was a ``hero`` or ``spawned`` during the game, and
    its ``funds`` (a Hero's Funds or a Henchman's cost; only the Funds tally reads them)."""

    side: int
    scorer: int | None
    hero: bool
    spawned: bool = False
    funds: int = 0


def control_value(model: Presence, control: Control) -> int:
    """What a model adds to its club's total (§4.0): Hero or Henchman, or the Toppled value;
    nothing while it is not on the table."""
    if not model.on_table:
        return 0
    if model.toppled:
        return control.toppled
    return control.hero if model.hero else control.henchman


def controller(models: Iterable[Presence], control: Control) -> int | None:
    """The side whose counting models have the highest total, or None on a tie or when no
    total is above 0 (§4.0; golden checks C1, C2, C4)."""
    totals: dict[int, int] = {}
    for model in models:
        totals[model.side] = totals.get(model.side, 0) + control_value(model, control)
    best = max(totals.values(), default=0)
    leaders = [side for side, total in totals.items() if total == best]
    return leaders[0] if best > 0 and len(leaders) == 1 else None


def objective_controller(marker: Spot, models: Iterable[Presence], common: Common) -> int | None:
    """Who controls a marker: the models within ``control_range`` of it count, measured in 3D
    edge to edge (§4.0, L10; golden checks C1-C4)."""
    near = [m for m in models if within(m, marker, common.control_range)]
    return controller(near, common.control)


def district_of(x: float, y: float, districts: Districts) -> District:
    """The district holding the point (x, y): west below ``split`` in x, east from it; south
    below it in y, north from it (half-open, §4.4; golden check C5)."""
    east = x >= districts.split
    if y >= districts.split:
        return District.NORTH_EAST if east else District.NORTH_WEST
    return District.SOUTH_EAST if east else District.SOUTH_WEST


def district_controller(
    district: District, models: Iterable[Presence], common: Common, districts: Districts
) -> int | None:
    """Who controls a district: the models whose base centre lies in it count (§4.4)."""
    inside = [m for m in models if district_of(m.x, m.y, districts) is district]
    return controller(inside, common.control)


def objective_vp(
    turn: int,
    markers: Sequence[Marker],
    spots: Mapping[str, Spot],
    models: Sequence[Presence],
    players: int,
    common: Common,
) -> tuple[int, ...]:
    """Each seat's VP at the end of ``turn`` for the markers it controls (S2, §4.2): each
    marker's ``vp`` on a scoring turn, nothing on the others. ``spots`` are where the markers
    lie, by id (:func:`.markers.scenario_markers`)."""
    scores = [0] * players
    if turn in common.score_turns:
        for marker in markers:
            side = objective_controller(spots[marker.id], models, common)
            if side is not None:
                scores[side] += marker.vp
    return tuple(scores)


def district_vp(
    turn: int,
    models: Sequence[Presence],
    zones: Sequence[Zone],
    common: Common,
    districts: Districts,
) -> tuple[int, ...]:
    """Each seat's VP at the end of ``turn`` for the districts it controls (S4, §4.4):
    ``districts.vp`` each, ``enemy_corner_vp`` for one that holds another seat's deployment
    corner, nothing off the scoring turns. ``zones[seat]`` is that seat's corner."""
    scores = [0] * len(zones)
    if turn not in common.score_turns:
        return tuple(scores)
    corners = {seat: district_of(*zone.centre, districts) for seat, zone in enumerate(zones)}
    for district in District:
        side = district_controller(district, models, common, districts)
        if side is None:
            continue
        enemy = any(d is district and seat != side for seat, d in corners.items())
        scores[side] += districts.enemy_corner_vp if enemy else districts.vp
    return tuple(scores)


def casualty_vp(casualties: Iterable[Casualty], players: int, common: Common) -> tuple[int, ...]:
    """Each seat's Casualty VP (§4.0): for every enemy it removed, a Hero's or a Henchman's
    value, nothing for a model that entered during the game; with ``tally = "funds"`` the
    model's Funds instead (the option of §4.0, after ``wolsung.md`` §1.14)."""
    scores = [0] * players
    for casualty in casualties:
        if casualty.scorer is not None and casualty.scorer != casualty.side:
            scores[casualty.scorer] += worth(casualty, common.casualties)
    return tuple(scores)


def worth(casualty: Casualty, values: Casualties) -> int:
    """What ``casualty`` scores its enemy (§4.0): a Hero's or a Henchman's value, or its
    Funds with the Funds tally; nothing for one that entered during the game."""
    if casualty.spawned:
        return values.spawned
    if values.tally == "funds":
        return casualty.funds
    return values.hero if casualty.hero else values.henchman


def standing(models: Iterable[Presence]) -> frozenset[int]:
    """The clubs still in the game: those with a model on the table or still to arrive (an
    Infiltrator before turn 2 has not been wiped out)."""
    return frozenset(model.side for model in models)


def sudden_death(models: Iterable[Presence], common: Common) -> bool:
    """Whether the game ends after this turn's scoring because one club at most still has
    models (§4.0); the one left, if any, then places first (:func:`placing`). With three or
    four clubs play goes on while two stand: a club wiped out keeps its VP and, with no models
    left, scores no more."""
    return common.sudden_death and len(standing(models)) <= 1


def placing(
    vp: Sequence[int], casualty_vp: Sequence[int], first: int | None = None
) -> tuple[int, ...]:
    """Each seat's place, 1 for first (§4.0): the most VP, ties broken by Casualty VP; seats
    still level share a place, and the next place counts the seats ahead (1, 1, 3). ``first``
    is a seat that won outright (the last club standing, S3's escaped carrier) and places
    first alone; the rest are placed behind it the same way.

    Raises:
        SkirmishError: the tallies are not one per seat, or ``first`` is not a seat.
    """
    seats = range(len(vp))
    if len(casualty_vp) != len(vp) or (first is not None and first not in seats):
        raise SkirmishError(
            f"a placing needs one tally per seat and a seat first: "
            f"vp {tuple(vp)}, casualty vp {tuple(casualty_vp)}, first {first}"
        )

    def rank(seat: int) -> tuple[bool, int, int]:
        return (seat == first, vp[seat], casualty_vp[seat])

    return tuple(1 + sum(rank(other) > rank(seat) for other in seats) for seat in seats)
