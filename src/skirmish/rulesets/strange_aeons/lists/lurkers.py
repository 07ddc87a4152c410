"""Building a Strange Aeons Lurker list: every rule it must meet.

:func:`check_lurkers` returns every violation, one line each, naming the model and the rulebook
line. A Lurker list (R:509-521, R:613, R:646, R:698, R:822, R:919):

* profiles bought with the list: never one only summoned (the Tentacle, R:698) or spawned (the
  Puppet, R:646), a Familiar only with a Witch (R:822); one model at most of a Unique profile
  (R:515), or of one made Unique by its upgrade (Archaic Shaman, R:887);
* a Psychic Power only on a Human, rolled, or bought for 4 points by a Rogue (:mod:`.psychic`);
* Skills at 1 point each, five at most with the upgrades that count as Skills (R:518, R:567),
  fewer where the profile says (Simple-minded, R:772), none bought for a Ghost (R:116, whose
  printed Skills are its own), each meeting its Requirements; upgrades
  only the profile's own, each once (R:660), as many as it allows (Minor God, R:672), and at
  least those it starts with (the Godling's Eldritch Power, R:660);
* items only from the tables the profile buys from, never Extra Gear (R:460), a Special Branch
  prototype only where the profile may buy one (Internal Espionage, R:811), ammunition only for
  a weapon the model carries; one 2-Hand weapon unless Burly, none for a Re-animated Limb
  (R:907); one piece of armour, printed or bought (R:474, R:1157, :mod:`.gear`);
* a Mob is five models of the entry (R:919);
* Essential Saltes: the carrier the list names one of its Human or Humanoid entries, its
  banked points no more than it leaves unspent (R:933, notes §6 item 68);
* points: the list's total within the Threshold's Total Points (R:514, R:521), known from the
  team it answers (``--against``) or its own ``points``; and, when a scenario is named, that
  scenario's Lurker restrictions (:mod:`.scenarios`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from skirmish.rulesets.strange_aeons.lists.costs import (
    lurker_total,
    own_abilities,
    starting_upgrades,
    upgrade_limit,
)
from skirmish.rulesets.strange_aeons.lists.gear import (
    ammo_problems,
    armour_problems,
    two_hand_problems,
)
from skirmish.rulesets.strange_aeons.lists.list_file import (
    ListData,
    LurkerList,
    LurkerPick,
    ThresholdList,
)
from skirmish.rulesets.strange_aeons.lists.plot_points import (
    SALTES,
    plot_point_problems,
    saltes_problems,
)
from skirmish.rulesets.strange_aeons.lists.psychic import power_problems
from skirmish.rulesets.strange_aeons.lists.scenarios import (
    Opposition,
    Restriction,
    answered_total,
    restriction_problems,
)
from skirmish.rulesets.strange_aeons.lists.skills import skill_problems
from skirmish.rulesets.strange_aeons.lists.wording import a, counted, points
from skirmish.rulesets.strange_aeons.rules_data.records import (
    BookCatalog,
    Lurker,
    SpecialType,
    Table,
)

__all__ = ["check_lurkers", "opposition"]

MOB_MODELS = 5
"""The models of one profile that upgrade to a Mob (R:919)."""
MAX_BOUGHT_SKILLS = 5
"""Skills a Lurker may buy (R:518)."""
SUMMONED_ONLY = "transdimensional_visitor"
"""The rule by which a profile is only ever summoned, never bought (the Tentacle's, R:698)."""


def opposition(
    book: BookCatalog,
    lurkers: LurkerList,
    team: ThresholdList | None,
    scenario: Restriction | None = None,
) -> Opposition:
    """What ``lurkers`` answers in ``scenario``: the team given, else what the list file
    says."""
    if team is not None:
        return Opposition(answered_total(book, team, scenario), len(team.operatives))
    return Opposition(lurkers.points, lurkers.threshold_models)


def check_lurkers(
    book: BookCatalog,
    lurkers: LurkerList,
    team: ThresholdList | None = None,
    scenario: Restriction | None = None,
    extras: ListData | None = None,
) -> list[str]:
    """Every violation of the list-building rules by ``lurkers`` against ``team`` (when given)
    and in ``scenario`` (when given), one line each; [] when valid. ``extras``: the Psychic
    Powers and Plot Points, loaded when not given."""
    against = opposition(book, lurkers, team, scenario)
    data = extras or ListData.load()
    powers, plots = data.psychic, data.plot_points
    problems = list(_stated_problems(lurkers, against, team))
    for pick in lurkers.picks:
        problems += _pick_problems(book, lurkers, pick)
        problems += power_problems(
            powers, pick.name, pick.profile, pick.power, pick.skills, False, pick.power_bought
        )
    problems += _unique_problems(book, lurkers)
    total = lurker_total(book, lurkers)
    starting = against.points if against.points is not None else total
    models = [pick.profile for pick in lurkers.picks]
    problems += plot_point_problems(plots, lurkers.plot_points, models, starting)
    saltes = plots[SALTES]
    problems += saltes_problems(
        saltes,
        saltes in lurkers.plot_points,
        lurkers.saltes_carrier,
        lurkers.saltes_bank,
        [(pick.name, pick.profile) for pick in lurkers.picks],
        starting - total,
    )
    if against.points is not None and total > against.points:
        problems.append(
            f"the list spends {points(total)} points; the Threshold team it answers has "
            f"{points(against.points)} (R:514, R:521)"
        )
    if scenario is not None:
        problems += restriction_problems(book, scenario, lurkers, against)
    return problems


def _stated_problems(
    lurkers: LurkerList, against: Opposition, team: ThresholdList | None
) -> Iterator[str]:
    if team is None or against.points is None:  # a team given: both known
        return
    if lurkers.points is not None and lurkers.points != against.points:
        yield (
            f"the list says it answers {points(lurkers.points)} points; the team "
            f"{team.name!r} has {points(against.points)} (R:514)"
        )
    if lurkers.threshold_models is not None and lurkers.threshold_models != against.models:
        yield (
            f"the list says it faces {lurkers.threshold_models} models; the team "
            f"{team.name!r} has {len(team.operatives)}"
        )


def _pick_problems(book: BookCatalog, lurkers: LurkerList, pick: LurkerPick) -> Iterator[str]:
    profile, name = pick.profile, pick.name
    cite = f"(R:{profile.lines[0]})"
    if profile.bought == "summoned":
        rule = f"(R:{book.abilities[SUMMONED_ONLY].lines[0]})"  # its rule, not its heading
        yield f"{name}: {a(profile.name)} is only ever summoned, never bought with the list {rule}"
    elif profile.bought == "spawned":
        yield f"{name}: {a(profile.name)} is only ever spawned, never bought with the list {cite}"
    elif profile.bought == "with_witch" and not _leader_of(book, lurkers, profile):
        yield f"{name}: {a(profile.name)} comes only with the profile it serves {cite}"
    if pick.mob and pick.count != MOB_MODELS:
        yield f"{name}: a Mob is {MOB_MODELS} models of one profile, not {pick.count} (R:919)"
    yield from _bought_skill_problems(book, pick)
    yield from _upgrade_problems(book, pick)
    yield from _lurker_item_problems(book, pick)


def _leader_of(book: BookCatalog, lurkers: LurkerList, follower: Lurker) -> bool:
    return any(
        ability.followers is not None and ability.followers.profile == follower.id
        for pick in lurkers.picks
        for ability in own_abilities(book, pick.profile)
    )


def _bought_skill_problems(book: BookCatalog, pick: LurkerPick) -> Iterator[str]:
    own = own_abilities(book, pick.profile)
    limits = [ability.skill_limit for ability in own if ability.skill_limit is not None]
    limit = min([MAX_BOUGHT_SKILLS, *limits])
    bought = len(pick.skills) + sum(1 for u in pick.upgrades if u.counts_as_skill)
    if pick.skills and pick.profile.is_a(SpecialType.GHOST):
        yield f"{pick.name}: a Ghost may not have Skills bought (R:116)"
    elif bought > limit:
        cite = "R:518" if limit == MAX_BOUGHT_SKILLS else "R:518, R:772"
        yield (
            f"{pick.name}: buys {counted(bought, 'Skill')}; {a(pick.profile.name)} buys "
            f"{limit} at most ({cite})"
        )
    yield from skill_problems(book, pick.name, pick.profile, pick.skills, False, pick.power)


def _upgrade_problems(book: BookCatalog, pick: LurkerPick) -> Iterator[str]:
    profile = pick.profile
    for upgrade in pick.upgrades:
        if upgrade.id not in profile.upgrades:
            yield f"{pick.name}: {upgrade.name} is not an upgrade of the {profile.name}"
    for upgrade, count in Counter(pick.upgrades).items():
        if count > 1 and not upgrade.each:
            yield f"{pick.name}: buys {upgrade.name} {count} times; each upgrade once (R:660)"
    own = own_abilities(book, profile)
    # The upgrades a profile starts with free are taken, not merely offered (R:660).
    least = starting_upgrades(book, profile)
    if len(pick.upgrades) < least:
        cite = ", ".join(f"R:{ability.lines[0]}" for ability in own if ability.free_upgrades)
        yield (
            f"{pick.name}: takes {counted(len(pick.upgrades), 'upgrade')}; {a(profile.name)} "
            f"starts with {least} of its own ({cite})"
        )
    most = upgrade_limit(book, profile)
    if most is not None and len(pick.upgrades) > most:
        yield (
            f"{pick.name}: buys {counted(len(pick.upgrades), 'upgrade')}; {a(profile.name)} buys "
            f"{most} at most (R:{profile.lines[0]})"
        )


def _lurker_item_problems(book: BookCatalog, pick: LurkerPick) -> Iterator[str]:
    profile, name = pick.profile, pick.name
    prototypes = sum(a.prototypes for a in own_abilities(book, profile))
    tables = ", ".join(t.value.replace("_", " ").title() for t in profile.tables) or "none"
    for item in pick.gear:
        if Table.EXTRA_GEAR in item.tables:
            yield f"{name}: {item.name} is Extra Gear, which no Lurker may carry (R:460)"
        elif Table.SPECIAL_BRANCH in item.tables:
            if not prototypes:
                yield f"{name}: {a(profile.name)} may not buy Special Branch prototypes (R:811)"
        elif not set(item.tables) & set(profile.tables):
            yield (
                f"{name}: {item.name} is not on the tables {a(profile.name)} buys from "
                f"({tables}) (R:{profile.lines[0]})"
            )
    bought = sum(1 for item in pick.gear if Table.SPECIAL_BRANCH in item.tables)
    if prototypes and bought > prototypes:
        yield (
            f"{name}: buys {counted(bought, 'prototype')}; {a(profile.name)} may buy "
            f"{prototypes} (R:811)"
        )
    yield from ammo_problems(book, name, profile, pick.gear)
    yield from armour_problems(book, name, profile, pick.gear)
    yield from two_hand_problems(book, name, profile, pick.gear, pick.skills)


def _unique_problems(book: BookCatalog, lurkers: LurkerList) -> Iterator[str]:
    unique: Counter[str] = Counter()
    for pick in lurkers.picks:
        made = any(upgrade.makes_unique for upgrade in pick.upgrades)
        if pick.profile.is_a(SpecialType.UNIQUE) or made:
            unique[pick.profile.name] += pick.count
    for profile, count in unique.items():
        if count > 1:
            yield f"the list has {count} {profile} models; a Unique one is taken once (R:515)"
