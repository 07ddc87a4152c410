"""Strange Aeons list building: every rule a Threshold team or a Lurker list must meet.

:func:`check_team` and :func:`check_lurkers` return every violation, one line each, naming
the model and the rulebook line.

A Threshold team (R:343-378, R:459-460, R:489-502):

* one Character, and one only (R:347);
* the free Skill of a Character or an Agent, none for a Civilian or a Child (R:348-349), each
  meeting its Requirements (:mod:`.skills`); a Psychic Power only where tested or chosen
  (:mod:`.psychic`);
* items from the Master Weapons Table or the Extra Gear list (R:350, R:353); a Special Branch
  prototype once promoted, as many as the level allows (R:493, R:500, notes §6 item 77); Extra
  Gear up to 2 for a Character, 1 for an Agent or a Civilian, none for a Child (R:460);
  ammunition only for a weapon it fits, carried by the same model (R:1243); one 2-Hand weapon
  unless Burly (R:1057; the notes' placeholder for 2-Hand, §6 item 4);
* Special Agents: one Map Piece each (R:376), one at a time until promoted, never two of one
  profile, and as printed, with no Skill or item added (R:378);
* points: the Personnel and Equipment Points within the level's maxima (R:492, R:497, R:500,
  R:2104, held at creation too: notes §6 item 26, :attr:`ListOptions.starting_caps`), and a new
  list's Total Points within 15 (R:346).

A Lurker list (R:509-521, R:613, R:646, R:698, R:822, R:919):

* profiles bought with the list: never one only summoned (the Tentacle, R:698) or spawned (the
  Puppet, R:646), a Familiar only with a Witch (R:822); one model at most of a Unique profile
  (R:515), or of one made Unique by its upgrade (Archaic Shaman, R:887);
* a Psychic Power only on a Human, rolled, or bought for 4 points by a Rogue (:mod:`.psychic`);
* Skills at 1 point each, five at most with the upgrades that count as Skills (R:518, R:567),
  fewer where the profile says (Simple-minded, R:772), each meeting its Requirements; upgrades
  only the profile's own, each once (R:660), as many as it allows (Minor God, R:672);
* items only from the tables the profile buys from, never Extra Gear (R:460), a Special Branch
  prototype only where the profile may buy one (Internal Espionage, R:811), ammunition only for
  a weapon the model carries; one 2-Hand weapon unless Burly, none for a Re-animated Limb
  (R:907);
* a Mob is five models of the entry (R:919);
* points: the list's total within the Threshold's Total Points (R:514, R:521), known from the
  team it answers (``--against``) or its own ``points``; and, when a scenario is named, that
  scenario's Lurker restrictions (:mod:`.scenarios`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from skirmish.rulesets.strange_aeons.lists.costs import (
    lurker_total,
    own_abilities,
    points,
    team_ep,
    team_pp,
    team_total,
)
from skirmish.rulesets.strange_aeons.lists.list_file import (
    ListError,
    LurkerList,
    LurkerPick,
    Operative,
    ThresholdList,
)
from skirmish.rulesets.strange_aeons.lists.promotion import Level, Promotion
from skirmish.rulesets.strange_aeons.lists.psychic import PsychicRules, load_psychic, power_problems
from skirmish.rulesets.strange_aeons.lists.scenarios import (
    Opposition,
    Restriction,
    restriction_problems,
)
from skirmish.rulesets.strange_aeons.lists.skills import skill_problems
from skirmish.rulesets.strange_aeons.lists.wording import a, counted
from skirmish.rulesets.strange_aeons.rules_data.records import (
    Ammo,
    BookCatalog,
    Item,
    Lurker,
    Personnel,
    Profile,
    Skill,
    SpecialAgent,
    SpecialType,
    Table,
    Weapon,
)

__all__ = [
    "CHARACTER",
    "ListOptions",
    "check_lurkers",
    "check_team",
    "is_two_hand",
    "opposition",
    "refuse_invalid",
    "two_hand_limit",
]

CHARACTER = "character"
"""The one Character a team has (R:347)."""
MOB_MODELS = 5
"""The models of one profile that upgrade to a Mob (R:919)."""
MAX_BOUGHT_SKILLS = 5
"""Skills a Lurker may buy (R:518)."""
TWO_HAND = "two_hand"
"""The special weapon rule of a weapon held in both hands."""
TWO_HAND_WEAPONS = 1
"""The 2-Hand weapons a model carries: one, as the notes' placeholder for 2-Hand says (§6 item
4), since Burly lets a model carry any number (R:1057)."""
BURLY = "burly"
"""The Skill that lifts the one 2-Hand weapon limit (R:1057)."""


@dataclass(frozen=True, slots=True)
class ListOptions:
    """List-building options. ``starting_caps``: a new team holds at most 10 PP and 10 EP
    within its 15 Total Points, the Re-equipment limit (R:2104) read as holding at creation too
    (notes §6 item 26); off, the 15 points split freely (R:346)."""

    starting_caps: bool = True


def refuse_invalid(label: str, problems: Sequence[str]) -> None:
    """Raise one :class:`ListError` naming every problem of the list ``label``, if any."""
    if problems:
        raise ListError(f"{label} is invalid: {'; '.join(problems)}")


# --------------------------------------------------------------------------------------------
# Threshold
# --------------------------------------------------------------------------------------------


def check_team(
    book: BookCatalog,
    promotion: Promotion,
    team: ThresholdList,
    options: ListOptions | None = None,
    psychic: PsychicRules | None = None,
) -> list[str]:
    """Every violation of the list-building rules by ``team``, one line each; [] when valid.
    ``psychic``: the Psychic Powers' rules, loaded when not given."""
    level = promotion.level_of(team.wins)
    chosen = options or ListOptions()
    powers = psychic or load_psychic()
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
    yield from skill_problems(book, name, profile, operative.skills, True, power)
    yield from _threshold_item_problems(name, profile, operative.gear)
    yield from _ammo_problems(book, name, profile, operative.gear)
    yield from _two_hand_problems(book, name, profile, operative.gear, operative.skills)


def _special_agent_problems(
    book: BookCatalog, psychic: PsychicRules, operative: Operative, profile: SpecialAgent
) -> Iterator[str]:
    # A Psychic Operative's Skills are its own, chosen with its power (R:418); a permanent
    # agent may buy weapons and gear (R:496), checked as any operative's.
    name = operative.name
    specialist = psychic.specialist in profile.abilities
    if (operative.gear and not operative.permanent) or (operative.skills and not specialist):
        added = "Skill" if operative.permanent else "Skill or item"
        yield f"{name}: a Special Agent comes as printed; no {added} may be added (R:378)"
    if specialist:
        yield from skill_problems(book, name, profile, operative.skills, True, operative.power)
    if operative.permanent:
        yield from _threshold_item_problems(name, profile, operative.gear)
        yield from _ammo_problems(book, name, profile, operative.gear)
        yield from _two_hand_problems(book, name, profile, operative.gear, operative.skills)


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


def _ammo_problems(
    book: BookCatalog, name: str, profile: Profile, gear: Sequence[Item]
) -> Iterator[str]:
    carried = {ref.item for ref in profile.gear} | {item.id for item in gear}
    for item in gear:
        if isinstance(item, Ammo) and not carried & set(item.weapons):
            fits = " or ".join(book.weapons[w].name for w in item.weapons)
            yield (
                f"{name}: {item.name} is ammunition for a {fits}, which it does not carry "
                f"(R:{item.line})"
            )


def _two_hand_problems(
    book: BookCatalog,
    name: str,
    profile: Profile,
    gear: Sequence[Item],
    skills: Sequence[Skill],
) -> Iterator[str]:
    limit, cite = two_hand_limit(book, profile, skills)
    carried = [book.items[ref.item] for ref in profile.gear] + list(gear)
    held = [item.name for item in carried if is_two_hand(item)]
    if limit is not None and len(held) > limit:
        yield (
            f"{name}: carries {counted(len(held), '2-Hand weapon')} ({', '.join(held)}); "
            f"it may carry {limit} ({cite})"
        )


def is_two_hand(item: Item) -> bool:
    """Whether ``item`` is a weapon held in both hands."""
    return isinstance(item, Weapon) and any(
        rule.id == TWO_HAND for line in item.lines for rule in line.specials
    )


def two_hand_limit(
    book: BookCatalog, profile: Profile, skills: Sequence[Skill]
) -> tuple[int | None, str]:
    """How many 2-Hand weapons a model may carry (``None``: any, with Burly) and the rule."""
    if BURLY in {ref.id for ref in profile.skills} | {skill.id for skill in skills}:
        return None, "R:1057"
    limit, cite = TWO_HAND_WEAPONS, "R:1057, notes §6 item 4"
    for ability in own_abilities(book, profile):
        if ability.two_hand_weapons is not None and ability.two_hand_weapons < limit:
            limit, cite = ability.two_hand_weapons, f"{ability.name}, R:{ability.lines[0]}"
    return limit, cite


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
            f"({', '.join(prototypes)}); {level.name} allows {allowed} ({level.cited})"
        )


def _team_points_problems(
    promotion: Promotion, team: ThresholdList, level: Level, options: ListOptions
) -> Iterator[str]:
    capped = options.starting_caps or level.wins > 0
    cite = f"{level.cited}, notes §6 item 26" if level.wins == 0 else level.cited
    for kind, spent, cap in (("PP", team_pp(team), level.pp), ("EP", team_ep(team), level.ep)):
        if capped and cap is not None and spent > cap:
            yield f"the team holds {points(spent)} {kind}; {level.name} allows {cap} ({cite})"
    total = team_total(team)
    if level.wins == 0 and total > promotion.starting_points:
        yield (
            f"the team costs {points(total)} Total Points; a new list has "
            f"{promotion.starting_points} (R:346)"
        )


# --------------------------------------------------------------------------------------------
# Lurkers
# --------------------------------------------------------------------------------------------


def opposition(lurkers: LurkerList, team: ThresholdList | None) -> Opposition:
    """What ``lurkers`` answers: the team given, else what the list file says."""
    if team is not None:
        return Opposition(team_total(team), len(team.operatives))
    return Opposition(lurkers.points, lurkers.threshold_models)


def check_lurkers(
    book: BookCatalog,
    lurkers: LurkerList,
    team: ThresholdList | None = None,
    scenario: Restriction | None = None,
    psychic: PsychicRules | None = None,
) -> list[str]:
    """Every violation of the list-building rules by ``lurkers`` against ``team`` (when given)
    and in ``scenario`` (when given), one line each; [] when valid. ``psychic``: the Psychic
    Powers' rules, loaded when not given."""
    against = opposition(lurkers, team)
    powers = psychic or load_psychic()
    problems = list(_stated_problems(lurkers, against, team))
    for pick in lurkers.picks:
        problems += _pick_problems(book, lurkers, pick)
        problems += power_problems(
            powers, pick.name, pick.profile, pick.power, pick.skills, False, pick.power_bought
        )
    problems += _unique_problems(book, lurkers)
    total = lurker_total(book, lurkers)
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
    if team is None:
        return
    if lurkers.points is not None and lurkers.points != against.points:
        yield (
            f"the list says it answers {points(lurkers.points)} points; the team "
            f"{team.name!r} has {points(team_total(team))} (R:514)"
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
        yield f"{name}: {a(profile.name)} is only ever summoned, never bought with the list {cite}"
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
    if bought > limit:
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
        if count > 1:
            yield f"{pick.name}: buys {upgrade.name} {count} times; each upgrade once (R:660)"
    limits = [a.upgrade_limit for a in own_abilities(book, profile) if a.upgrade_limit is not None]
    if limits and len(pick.upgrades) > min(limits):
        yield (
            f"{pick.name}: buys {counted(len(pick.upgrades), 'upgrade')}; {a(profile.name)} buys "
            f"{min(limits)} at most (R:{profile.lines[0]})"
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
    yield from _ammo_problems(book, name, profile, pick.gear)
    yield from _two_hand_problems(book, name, profile, pick.gear, pick.skills)


def _unique_problems(book: BookCatalog, lurkers: LurkerList) -> Iterator[str]:
    unique: Counter[str] = Counter()
    for pick in lurkers.picks:
        made = any(upgrade.makes_unique for upgrade in pick.upgrades)
        if pick.profile.is_a(SpecialType.UNIQUE) or made:
            unique[pick.profile.name] += pick.count
    for profile, count in unique.items():
        if count > 1:
            yield f"the list has {count} {profile} models; a Unique one is taken once (R:515)"
