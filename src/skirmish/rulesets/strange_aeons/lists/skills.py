"""Skills taken at list building and their Requirements (R:348, R:518, R:1033-1214).

A Skill a model takes must meet every one of its Requirements (R:348, R:1034); the Skills a
profile prints need not (notes §6 item 32). A model takes a Skill once and never one it has;
Nemesis Skills are for an active Nemesis (R:1191), which lists do not build yet, and so is the
Command a Nemesis alone may buy (R:1060, R:1199). Psychic Skills need the Psychic Power the
list records for the model (:mod:`.psychic`), a real one (R:331). Phobias are those the list
records for the model from earlier games, those it had when it took the Skill
(:mod:`.phobias`, R:1145); a new model has no Major Injuries (R:1075).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from skirmish.rulesets.strange_aeons.lists.psychic import PsychicPower
from skirmish.rulesets.strange_aeons.rules_data.notation import DiceExpr
from skirmish.rulesets.strange_aeons.rules_data.records import (
    BookCatalog,
    Profile,
    Skill,
    SkillKind,
    SpecialType,
)
from skirmish.rulesets.strange_aeons.rules_data.refs import (
    AtLeast,
    Condition,
    HasPower,
    HasSkill,
    OnlyGroup,
    OnlyProfile,
    Tallied,
    TargetAtMost,
)

__all__ = ["skill_problems"]

AGENT = "agent"
"""The profile that "Agents only" names (Lieutenant, R:1097)."""

_STATS = {"con": "Con", "attacks": "Attacks", "wounds": "Wounds"}
_GROUPS = {
    "threshold": "a Threshold model",
    "humans": "a Human",
    "agents": "an Agent",
    "non_human_lurkers": "a Lurker that is not Human",
    "named_profiles": "a profile that prints it",
}


def skill_problems(
    book: BookCatalog,
    name: str,
    profile: Profile,
    taken: Sequence[Skill],
    threshold: bool,
    power: PsychicPower | None = None,
    phobias: int = 0,
) -> Iterator[str]:
    """Every Skill of ``taken`` that model ``name`` of ``profile`` with ``power`` and
    ``phobias`` Phobias may not take; ``threshold`` says whose side it is on."""
    printed = {ref.id for ref in profile.skills}
    owned = printed | {skill.id for skill in taken}
    seen: set[str] = set()
    for skill in taken:
        cite = f"(R:{skill.line})"
        if skill.id in printed or skill.id in seen:
            yield f"{name}: has {skill.name} already {cite}"
        seen.add(skill.id)
        if skill.kind is SkillKind.NEMESIS:
            yield f"{name}: {skill.name} is a Nemesis Skill, for an active Nemesis only {cite}"
            continue
        for requirement in skill.requires:
            met = (_met(c, profile, owned, threshold, power, phobias) for c in requirement.any_of)
            if not any(met):
                needs = " or ".join(_condition_text(book, c) for c in requirement.any_of)
                yield f"{name}: {skill.name} needs {needs} {cite}"


def _met(
    condition: Condition,
    profile: Profile,
    owned: set[str],
    threshold: bool,
    power: PsychicPower | None,
    phobias: int,
) -> bool:
    stats = profile.stats
    match condition:
        case AtLeast(stat, value):
            have = {"con": stats.con, "attacks": stats.attacks, "wounds": stats.wounds}[stat]
            return _least(have) >= value
        case TargetAtMost(stat, value):
            target = stats.dex if stat == "dex" else stats.resolve
            return isinstance(target, int) and target <= value
        case HasSkill(skill):
            return skill in owned
        case OnlyProfile(ident):
            return profile.id == ident
        case OnlyGroup(group):
            return _in_group(group, profile, threshold)
        case HasPower(needed):
            # A Very Minor Psychic Power buys no Psychic Skill (R:331).
            return power is not None and power.real and needed in ("any", power.id)
        case Tallied("phobias", value):
            return phobias >= value
        case Tallied():
            return False
    return False


def _in_group(group: str, profile: Profile, threshold: bool) -> bool:
    human = profile.is_a(SpecialType.HUMAN)
    return {
        "threshold": threshold,
        "humans": human,
        "agents": threshold and profile.id == AGENT,
        "non_human_lurkers": not threshold and not human,
        "named_profiles": False,
    }[group]


def _least(value: int | DiceExpr | None) -> int:
    # A rolled figure meets a Requirement only if its lowest roll does.
    if value is None:
        return 0
    return value if isinstance(value, int) else value.low


def _condition_text(book: BookCatalog, condition: Condition) -> str:
    match condition:
        case AtLeast(stat, value):
            return f"{_STATS[stat]} {value}"
        case TargetAtMost(stat, value):
            return f"{'Dex' if stat == 'dex' else 'Res'} {value}+"
        case HasSkill(skill):
            return f"the {book.skills[skill].name} Skill"
        case OnlyProfile(ident):
            return f"to be a {book.profiles[ident].name}"
        case OnlyGroup(group):
            return f"to be {_GROUPS[group]}"
        case HasPower(power):
            return "a Psychic Power" if power == "any" else f"the {power.replace('_', ' ')} power"
        case Tallied(tally, value):
            return f"{value} {tally.replace('_', ' ')}"
    return str(condition)
