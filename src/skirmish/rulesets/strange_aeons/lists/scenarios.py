"""What each of the 7 Basic Scenarios allows the Lurker list (rules notes §3.15; R:1561-1650).

``data/book/lurker_restrictions.toml`` holds one entry per scenario, each restriction a field:
at least half the Total Points, rounded up, on Human Lurkers (The Bag Man R:1564, Free For All!
R:1598), or all of them (Street Fight, R:1594); no single model worth more than 10 points with
its gear and upgrades (Escape ... Into Danger! R:1576, Treasure Hunt R:1645); at least one more
model than the Threshold team and nothing bought for a profile of 15 basic points or more,
which keeps only what it starts with (the Godling's Eldritch Power, R:660) (Fight R:1587,
Retrieve the Artifacts R:1625); exactly one model (Monster Attack! R:1616), or
one Mob in its place (Strength in Numbers, R:1621), and never a Swarm, which fields 1D3 models a
point (R:613), nor a Scrawny One, which only another model's suicide brings forth (R:683, our
reading: :func:`alone_problem`); no Ranged weapon bought (Street Fight,
R:1594), the EP of the team's Ranged weapons and their ammunition, bought or printed with a
Special Agent, left out of the Total Points the list answers (:func:`answered_total`, R:1594);
a Human or Humanoid model, not a
Ghost, to be the courier (Capture the Courier, R:1573). A Mob counts as five models (R:919);
a Variant's changes come from the game's data (``variant_lists.toml``), its breaches cited by
the Variant's name and line.
:func:`restriction_problems` names every breach of one scenario.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Annotated

from pydantic import Field, StrictBool, StrictInt

from skirmish.data_files import read_data
from skirmish.documents import name_key
from skirmish.rulesets.strange_aeons.lists.costs import (
    items_ep,
    kit_items,
    lurker_total,
    model_points,
    pick_points,
    starting_upgrades,
    team_total,
)
from skirmish.rulesets.strange_aeons.lists.list_file import (
    ListError,
    LurkerList,
    LurkerPick,
    Operative,
    ThresholdList,
)
from skirmish.rulesets.strange_aeons.lists.wording import counted, points
from skirmish.rulesets.strange_aeons.rules_data.catalog import BOOK
from skirmish.rulesets.strange_aeons.rules_data.checks import unknown
from skirmish.rulesets.strange_aeons.rules_data.records import (
    Ammo,
    BookCatalog,
    Id,
    Item,
    Line,
    Lurker,
    Name,
    Record,
    SpecialAgent,
    SpecialType,
    Weapon,
)

__all__ = [
    "Opposition",
    "Restriction",
    "alone_problem",
    "answered_total",
    "find_scenario",
    "is_ranged",
    "load_restrictions",
    "lurker_models",
    "restriction_problems",
]

Small = Annotated[StrictInt, Field(ge=1, le=40)]
IMPRISONED = "imprisoned"
"""The Scrawny Ones' rule: each comes forth only when a model commits suicide in base-to-base
with a Pentacle (R:683)."""


class Restriction(Record):
    """One Basic Scenario's limits on the Lurker list; a field left out is no limit."""

    id: Id
    name: Name
    line: Line
    humans_at_least_half: StrictBool = False
    model_points_at_most: Small | None = None
    models_more_than_threshold: Small | None = None
    no_upgrades_from: Small | None = None
    models_exactly: Small | None = None
    humans_only: StrictBool = False
    mob_for_one: StrictBool = False
    """A Mob may stand for one of the ``models_exactly`` (Strength in Numbers, R:1621)."""
    close_combat_only: StrictBool = False
    """No Ranged weapon nor its ammunition bought: only close combat weapons may be equipped
    (Street Fight, R:1594)."""
    courier: tuple[SpecialType, ...] = ()
    """The list holds a model of one of these types, not a Ghost, to be the courier (Capture
    the Courier, R:1573)."""
    variant: Name | None = None
    """The Variant played, whose own limits are cited by its name and ``variant_line``."""
    variant_line: Line | None = None


class _Restrictions(Record):
    scenario: tuple[Restriction, ...]


@dataclass(frozen=True, slots=True)
class Opposition:
    """The Threshold team a Lurker list answers: its Total Points (R:514) and its models,
    each ``None`` when not known."""

    points: float | None = None
    models: int | None = None


def load_restrictions() -> dict[str, Restriction]:
    """The 7 Basic Scenarios' Lurker restrictions, keyed by id, in the book's order."""
    data = read_data(BOOK, "lurker_restrictions.toml", _Restrictions)
    return {entry.id: entry for entry in data.scenario}


def find_scenario(restrictions: Mapping[str, Restriction], name: str) -> Restriction:
    """The scenario called ``name`` (its id or its printed name, in any case).

    Raises:
        ListError: no Basic Scenario is called so.
    """
    by_key = {name_key(key): r for r in restrictions.values() for key in (r.id, r.name)}
    found = by_key.get(name_key(name))
    if found is None:
        known = [r.name for r in restrictions.values()]
        raise ListError(f"{unknown('Basic Scenario', name, known)}; one of: {', '.join(known)}")
    return found


def answered_total(book: BookCatalog, team: ThresholdList, rule: Restriction | None) -> float:
    """The Total Points a Lurker list answering ``team`` in the scenario ``rule`` may spend:
    the team's, less the EP of all its Ranged weapons and their ammunition where only close
    combat weapons are equipped (Street Fight, R:1594), a Special Agent's printed ones too."""
    if rule is None or not rule.close_combat_only:
        return team_total(team)
    printed = sum(_printed_ranged_ep(book, op) for op in team.operatives)
    return team_total(_without_ranged(team)) - printed


def _printed_ranged_ep(book: BookCatalog, operative: Operative) -> float:
    """What of a Special Agent's printed EP pays for the Ranged weapons it comes with, each
    at the EP its kit is priced at (:func:`.costs.kit_items`), never more than that EP."""
    profile = operative.profile
    if not isinstance(profile, SpecialAgent):
        return 0.0
    return min(profile.ep, items_ep([i for i in kit_items(book, profile) if is_ranged(i)]))


def _without_ranged(team: ThresholdList) -> ThresholdList:
    kept = tuple(
        replace(op, gear=tuple(i for i in op.gear if not is_ranged(i))) for op in team.operatives
    )
    return replace(team, operatives=kept)


def lurker_models(picks: Iterable[LurkerPick]) -> int:
    """How many models these entries field: a Mob is five (R:919), a Swarm at least one
    (R:613)."""
    return sum(pick.count for pick in picks)


def restriction_problems(
    book: BookCatalog, rule: Restriction, lurkers: LurkerList, against: Opposition
) -> Iterator[str]:
    """Every way ``lurkers`` breaks the Lurker restrictions of the scenario ``rule``."""
    cite = f"{rule.name} (R:{rule.line})"
    if rule.humans_at_least_half:
        total = against.points if against.points is not None else lurker_total(book, lurkers)
        need = math.ceil(total / 2)
        human = sum(
            pick_points(book, pick, lurkers.picks)
            for pick in lurkers.picks
            if pick.profile.is_a(SpecialType.HUMAN)
        )
        if human < need:
            yield (
                f"{cite}: {points(human)} of the {points(total)} points go to Human Lurkers; "
                f"at least {need} must"
            )
    own = cite if rule.variant is None else f"{rule.variant} (R:{rule.variant_line})"
    if rule.humans_only:
        for pick in lurkers.picks:
            if not pick.profile.is_a(SpecialType.HUMAN):
                yield f"{own}: {pick.name} is not Human; only Human Lurkers may be used"
    if rule.close_combat_only:
        for pick in lurkers.picks:
            for item in filter(is_ranged, pick.gear):
                yield (
                    f"{own}: {pick.name} buys {item.name}, a Ranged weapon or its ammunition; "
                    "only close combat weapons may be equipped"
                )
    if rule.courier and not any(_courier(rule, pick) for pick in lurkers.picks):
        kinds = " or ".join(t.value.capitalize() for t in rule.courier)
        yield f"{own}: the list holds no {kinds} Lurker to be the courier; it needs one"
    if rule.model_points_at_most is not None:
        for pick in lurkers.picks:
            worth = model_points(book, pick, lurkers.picks)
            if worth > rule.model_points_at_most:
                yield (
                    f"{cite}: {pick.name} is worth {points(worth)} points; no Lurker model may "
                    f"be worth more than {rule.model_points_at_most}"
                )
    if rule.no_upgrades_from is not None:
        for pick in lurkers.picks:
            base = pick.profile.points or 0.0
            # The upgrades it starts with come with the profile, not bought (R:660).
            bought = len(pick.upgrades) > starting_upgrades(book, pick.profile)
            if base >= rule.no_upgrades_from and (pick.skills or bought or pick.gear or pick.mob):
                yield (
                    f"{cite}: {pick.name} ({points(base)} points) buys Skills, upgrades or "
                    f"gear; a profile of {rule.no_upgrades_from} points or more is taken as "
                    "printed"
                )
    yield from _model_count_problems(own if rule.mob_for_one else cite, rule, lurkers, against)


def is_ranged(item: Item) -> bool:
    """Whether ``item`` is a Ranged weapon or ammunition for one (R:1594)."""
    return isinstance(item, Ammo) or (isinstance(item, Weapon) and item.is_ranged)


def _courier(rule: Restriction, pick: LurkerPick) -> bool:
    """Whether ``pick``'s model may be the courier: of one of the types, not a Ghost, which
    takes no objectives (R:116)."""
    profile = pick.profile
    return not profile.is_a(SpecialType.GHOST) and any(profile.is_a(t) for t in rule.courier)


def alone_problem(profile: Lurker) -> str | None:
    """Why a model of ``profile`` cannot be the one model of a list of one (Monster Attack!,
    R:1616), or ``None``: a Swarm fields 1D3 models a point at the table (R:613), more than
    one; a Scrawny One enters play only when another model commits suicide at a Pentacle
    (R:683), and such a list has no other, so the game would end before its first Turn."""
    if profile.models_per_point is not None:
        return f"a Swarm fields {profile.models_per_point} models a point (R:613), not one"
    if IMPRISONED in profile.abilities:
        return (
            "an Imprisoned model comes forth only when another model commits suicide at a "
            "Pentacle (R:683), and the list has no other (our reading)"
        )
    return None


def _model_count_problems(
    cite: str, rule: Restriction, lurkers: LurkerList, against: Opposition
) -> Iterator[str]:
    models = lurker_models(lurkers.picks)
    if rule.mob_for_one:
        models = sum(1 if pick.mob else pick.count for pick in lurkers.picks)
    if rule.models_exactly is not None and models != rule.models_exactly:
        yield (
            f"{cite}: the list fields {counted(models, 'model')}; exactly {rule.models_exactly} may"
        )
    if rule.models_exactly is not None:
        for pick in lurkers.picks:
            problem = alone_problem(pick.profile)
            if problem is not None:
                yield f"{cite}: {pick.name}: {problem}"
    more = rule.models_more_than_threshold
    if more is None:
        return
    if against.models is None:
        yield (
            f"{cite}: needs the Threshold team's number of models: give --against its list "
            "or threshold_models in this one"
        )
    elif models < against.models + more:
        yield (
            f"{cite}: the list fields {counted(models, 'model')} against the Threshold's "
            f"{against.models}; it needs at least {against.models + more}"
        )
