"""Building a Strange Aeons Threshold team: every rule it must meet.

:func:`check_team` returns every violation, one line each, naming the model and the rulebook
line. A Threshold team (R:343-378, R:459-460, R:489-502):

* one Character, and one only (R:347);
* the free Skill of a Character or an Agent, none for a Civilian or a Child (R:348-349), each
  meeting its Requirements (:mod:`.skills`); a Psychic Power only where tested or chosen
  (:mod:`.psychic`);
* Phobias from earlier games, each once, and those gained after Suicidal among them, the
  Skill's Requirement met by the others (R:227, R:1145, :mod:`.phobias`);
* items from the Master Weapons Table or the Extra Gear list (R:350, R:353); a Special Branch
  prototype once promoted, as many as the level allows, never two of one (R:493, R:500,
  R:1316, notes §6 item 77); Extra Gear up to 2 for a Character, 1 for an Agent or a
  Civilian, none for a Child (R:460);
  ammunition only for a weapon it fits, carried by the same model (R:1243); one 2-Hand weapon
  unless Burly (R:1057; the notes' placeholder for 2-Hand, §6 item 4); one piece of armour,
  the Lead Breastplate beside it (R:474, R:1157, :mod:`.gear`); Animals only for a model
  with Animal Handler (R:1365), a Mount for one with Ride too (R:1121), at their EP (R:1366);
* Special Agents: one Map Piece each (R:376), one at a time until promoted, never two of one
  profile, and as printed, with no Skill or item added (R:378), but a Psychic Operative's
  chosen Skills (R:418) and a permanent one's items (one from Gallantry in Action, any at
  Distinguished Service, R:496, R:500);
* points: the Personnel and Equipment Points within the level's maxima (R:494, R:497, R:500,
  R:2104, held at creation too: notes §6 item 26, :attr:`ListOptions.starting_caps`), each
  Accountant letting one of them go 2 beyond it (R:1036-1037; the list says which by what it
  spends), and a new list's Total Points all of its 15, no more and no fewer (R:346,
  R:350, R:352: what the models leave is spent on items; a refusal says where the EP they
  leave are more than the list may hold, so that it needs more Personnel).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from skirmish.rulesets.strange_aeons.lists.costs import (
    own_abilities,
    team_ep,
    team_pp,
    team_total,
)
from skirmish.rulesets.strange_aeons.lists.gear import (
    ammo_problems,
    armour_problems,
    two_hand_problems,
)
from skirmish.rulesets.strange_aeons.lists.list_file import ListData, Operative, ThresholdList
from skirmish.rulesets.strange_aeons.lists.phobias import phobia_problems
from skirmish.rulesets.strange_aeons.lists.promotion import Level, Promotion
from skirmish.rulesets.strange_aeons.lists.psychic import PsychicRules, power_problems
from skirmish.rulesets.strange_aeons.lists.skills import skill_problems
from skirmish.rulesets.strange_aeons.lists.wording import a, counted, points
from skirmish.rulesets.strange_aeons.rules_data.records import (
    Animal,
    BookCatalog,
    Item,
    Personnel,
    SpecialAgent,
    Table,
)

__all__ = [
    "ACCOUNTANT",
    "CHARACTER",
    "ListOptions",
    "check_team",
    "gear_problems",
    "handler_skills",
]

CHARACTER = "character"
"""The one Character a team has (R:347)."""
ANIMAL_HANDLER = "animal_handler"
"""The Skill a model needs to field Animals (R:1365)."""
ACCOUNTANT = "accountant"
"""The Skill that lets a team hold 2 PP or 2 EP beyond its level's maxima (R:1036-1037)."""
ACCOUNTED = 2
"""The points beyond a maximum each Accountant allows."""


@dataclass(frozen=True, slots=True)
class ListOptions:
    """List-building options. ``starting_caps``: a new team holds at most 10 PP and 10 EP
    within its 15 Total Points, the Re-equipment limit (R:2104) read as holding at creation too
    (notes §6 item 26); off, the 15 points split freely (R:346)."""

    starting_caps: bool = True


def check_team(
    book: BookCatalog,
    promotion: Promotion,
    team: ThresholdList,
    options: ListOptions | None = None,
    extras: ListData | None = None,
) -> list[str]:
    """Every violation of the list-building rules by ``team``, one line each; [] when valid.
    ``extras``: the Psychic Powers (and Plot Points), loaded when not given."""
    level = promotion.level_of(team.wins)
    chosen = options or ListOptions()
    powers = (extras or ListData.load()).psychic
    problems = list(_character_problems(team))
    for operative in team.operatives:
        problems += _operative_problems(book, powers, operative)
    problems += _agent_problems(team, level)
    problems += _prototype_problems(team, level)
    problems += _team_points_problems(promotion, team, level, chosen)
    return problems


def _character_problems(team: ThresholdList) -> Iterator[str]:
    characters = [op.name for op in team.operatives if op.profile.id == CHARACTER]
    if len(characters) != 1:
        named = f" ({', '.join(characters)})" if characters else ""
        yield (
            f"the team has {counted(len(characters), 'Character')}{named}; "
            "it needs exactly one (R:347)"
        )


def _operative_problems(
    book: BookCatalog, psychic: PsychicRules, operative: Operative
) -> Iterator[str]:
    profile, name, power = operative.profile, operative.name, operative.power
    yield from power_problems(psychic, name, profile, power, operative.skills, threshold=True)
    yield from phobia_problems(name, operative.phobias, operative.after_suicidal, operative.skills)
    if isinstance(profile, SpecialAgent):
        yield from _special_agent_problems(book, psychic, operative, profile)
        return
    if operative.permanent:
        yield f"{name}: only a Special Agent joins the team permanently (R:496)"
    free = profile.free_skills
    if len(operative.skills) > free:
        allowed = f"{free} free Skill" if free else "no Skill"
        taken = len(operative.skills)
        yield f"{name}: takes {counted(taken, 'Skill')}; {a(profile.name)} gets {allowed} (R:348)"
    before = len(set(operative.phobias) - set(operative.after_suicidal))
    yield from skill_problems(book, name, profile, operative.skills, True, power, before)
    yield from gear_problems(book, operative)
    yield from _animal_problems(book, operative)


def gear_problems(book: BookCatalog, operative: Operative) -> Iterator[str]:
    """What breaks the rules in the items ``operative`` carries: their tables and Extra Gear
    slots (R:350, R:460), ammunition (R:1243), 2-Hand weapons (R:1057) and armour (one piece,
    R:474)."""
    name, profile = operative.name, operative.profile
    yield from _threshold_item_problems(name, profile, operative.gear)
    yield from ammo_problems(book, name, profile, operative.gear)
    yield from armour_problems(book, name, profile, operative.gear)
    yield from two_hand_problems(book, name, profile, operative.gear, operative.skills)


def handler_skills(book: BookCatalog, animal: Animal) -> list[str]:
    """The Skills a model needs to be equipped with ``animal``: Animal Handler (R:1365), and
    Ride for a Mount (R:1121)."""
    own = [a.handler_skill for a in own_abilities(book, animal) if a.handler_skill is not None]
    return [ANIMAL_HANDLER, *own]


def _animal_problems(book: BookCatalog, operative: Operative) -> Iterator[str]:
    skills = {ref.id for ref in operative.profile.skills} | {s.id for s in operative.skills}
    for animal in operative.animals:
        for skill in handler_skills(book, animal):
            if skill not in skills:
                yield (
                    f"{operative.name}: {a(animal.name)} is equipped only to a model with "
                    f"{book.skills[skill].name} (R:{book.skills[skill].line})"
                )


def _special_agent_problems(
    book: BookCatalog, psychic: PsychicRules, operative: Operative, profile: SpecialAgent
) -> Iterator[str]:
    # A Psychic Operative's Skills are its own, chosen with its power (R:418); a permanent
    # agent may buy weapons and gear (R:496), checked as any operative's.
    name = operative.name
    specialist = psychic.specialist in profile.abilities
    bought = operative.gear or operative.animals
    if (bought and not operative.permanent) or (operative.skills and not specialist):
        added = "Skill" if operative.permanent else "Skill or item"
        yield f"{name}: a Special Agent comes as printed; no {added} may be added (R:378)"
    if specialist:
        yield from skill_problems(book, name, profile, operative.skills, True, operative.power)
    if operative.permanent:
        yield from gear_problems(book, operative)
        yield from _animal_problems(book, operative)


def _threshold_item_problems(
    name: str, profile: Personnel | SpecialAgent, gear: Sequence[Item]
) -> Iterator[str]:
    for item in gear:
        if not {Table.MASTER, Table.EXTRA_GEAR, Table.SPECIAL_BRANCH} & set(item.tables):
            yield (
                f"{name}: {item.name} is on neither the Master Weapons Table nor the Extra Gear "
                "list (R:350)"
            )
    extra = sum(1 for item in gear if Table.EXTRA_GEAR in item.tables)
    if isinstance(profile, Personnel) and extra > profile.extra_gear:
        yield (
            f"{name}: carries {counted(extra, 'Extra Gear item')}; {a(profile.name)} may carry "
            f"{profile.extra_gear} (R:460)"
        )


def _agent_problems(team: ThresholdList, level: Level) -> Iterator[str]:
    agents = [op.profile for op in team.operatives if isinstance(op.profile, SpecialAgent)]
    if len(agents) > team.map_pieces:
        yield (
            f"the team recruits {counted(len(agents), 'Special Agent')} with "
            f"{counted(team.map_pieces, 'Map Piece')}; "
            "each costs one (R:376)"
        )
    permanent = [
        op.name for op in team.operatives if op.permanent and isinstance(op.profile, SpecialAgent)
    ]
    if level.permanent_agents is not None and len(permanent) > level.permanent_agents:
        allowed = level.permanent_agents or "none"
        yield (
            f"the team keeps {counted(len(permanent), 'Special Agent')} for good "
            f"({', '.join(permanent)}); {level.name} allows {allowed} (R:496, R:500)"
        )
    if level.special_agents is not None and len(agents) > level.special_agents:
        yield (
            f"the team has {counted(len(agents), 'Special Agent')}; {level.name} allows "
            f"{level.special_agents} at a time until promoted (R:378)"
        )
    for profile, count in Counter(agent.name for agent in agents).items():
        if count > 1:
            yield (
                f"the team has {count} {profile}s; never two Special Agents of one profile (R:378)"
            )


def _prototype_problems(team: ThresholdList, level: Level) -> Iterator[str]:
    prototypes = [
        item.name
        for op in team.operatives
        for item in op.gear
        if Table.SPECIAL_BRANCH in item.tables
    ]
    if level.prototypes is not None and len(prototypes) > level.prototypes:
        allowed = f"{level.prototypes}" if level.prototypes else "none"
        yield (
            f"the team carries {counted(len(prototypes), 'Special Branch prototype')} "
            f"({', '.join(prototypes)}); {level.name} allows {allowed} ({level.prototypes_cited})"
        )
    for name, count in Counter(prototypes).items():
        if count > 1:
            yield f"the team carries {count} {name}s; one of each Special Branch prototype (R:1316)"


def _accounted(accountants: int) -> str:
    """What the team's Accountants allow beyond the maxima, as a refusal adds it."""
    if not accountants:
        return ""
    each = f"{ACCOUNTED} PP or {ACCOUNTED} EP each"
    return f"; beyond it, {counted(accountants, 'Accountant')} ({each}, R:1037) cannot cover it"


def _team_points_problems(
    promotion: Promotion, team: ThresholdList, level: Level, options: ListOptions
) -> Iterator[str]:
    capped = options.starting_caps or level.wins > 0
    cite = level.points_cited + (", notes §6 item 26" if level.wins == 0 else "")
    spent = {"PP": team_pp(team), "EP": team_ep(team)}
    caps: dict[str, int | None] = {
        "PP": level.pp if capped else None,
        "EP": level.ep if capped else None,
    }
    accountants = sum(any(s.id == ACCOUNTANT for s in op.skills) for op in team.operatives)
    if _accountants_needed(spent, caps) > accountants:
        for kind, held in spent.items():
            if (cap := caps[kind]) is not None and held > cap:
                yield (
                    f"the team holds {points(held)} {kind}; {level.name} allows "
                    f"{cap} ({cite}){_accounted(accountants)}"
                )
    total = team_total(team)
    if level.wins == 0 and total > promotion.starting_points:
        yield (
            f"the team costs {points(total)} Total Points; a new list has "
            f"{promotion.starting_points} (R:346)"
        )
    elif level.wins == 0 and total < promotion.starting_points:
        left = promotion.starting_points - spent["PP"]
        yield (
            f"the team costs {points(total)} Total Points; a new list spends all of its "
            f"{promotion.starting_points} (R:350, R:352)"
            f"{_short_of_personnel(spent, caps, left, accountants, cite)}"
        )


def _short_of_personnel(
    spent: dict[str, float], caps: dict[str, int | None], left: float, accountants: int, cite: str
) -> str:
    """What a new list short of its points is told where items alone cannot fill it: the
    ``left`` EP its models leave are more than it may hold, so it needs more Personnel."""
    filled = {**spent, "EP": left}
    if not _accountants_needed(spent, caps) <= accountants < _accountants_needed(filled, caps):
        return ""  # items fill it, or the maxima are already broken and named
    return (
        f", and its {points(spent['PP'])} PP leave {points(left)} EP, more than it may hold "
        f"({cite}): it needs more Personnel"
    )


def _accountants_needed(spent: dict[str, float], caps: dict[str, int | None]) -> int:
    """The Accountants that points ``spent`` beyond the ``caps`` call for (R:1036-1037)."""
    return sum(
        math.ceil((held - cap) / ACCOUNTED)
        for kind, held in spent.items()
        if (cap := caps[kind]) is not None and held > cap
    )
