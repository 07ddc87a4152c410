"""How the book's data cites one entry from another, parsed into typed references.

- :class:`SkillRef`: a skill on a profile; ``command*`` is the book's limited Command, the
  profile's own ability says whom it may Nominate (R:557, R:596, R:632, R:902).
- :class:`RuleRef`: a special weapon rule with its parameter, ``ap[2]`` for AP2 (R:1223),
  ``blast_template[L]`` and ``spray_template[S]`` for a template's size (R:1226).
- :class:`GearRef`: an item a profile carries, with the name it goes by on that profile when
  the book gives one (the Undertaker's Shovel counts as a Club, R:458).
- :class:`Condition`: one requirement of a skill (R:1034), alternatives joined by ``or``.

Every parser raises ``ValueError`` with a one-line reason; the records turn it into a load
error naming the file and the entry.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal, get_args

_ID = r"[a-z][a-z0-9_]*"


@dataclass(frozen=True, slots=True)
class SkillRef:
    """A skill id; ``limited`` for a Command marked ``*``."""

    id: str
    limited: bool = False

    def __str__(self) -> str:
        return f"{self.id}*" if self.limited else self.id


def skill_ref(value: object) -> SkillRef:
    """``'tough'`` or ``'command*'``."""
    if isinstance(value, SkillRef):
        return value
    match = re.fullmatch(rf"({_ID})(\*?)", value) if isinstance(value, str) else None
    if match is None:
        raise ValueError(f"a skill is written like 'tough' or 'command*', got {value!r}")
    return SkillRef(match[1], bool(match[2]))


TemplateSize = Literal["S", "L"]
_SIZES: dict[str, TemplateSize] = {"S": "S", "L": "L"}


@dataclass(frozen=True, slots=True)
class RuleRef:
    """A special weapon rule id with its number (AP) or template size, if it takes one."""

    id: str
    value: int | TemplateSize | None = None

    def __str__(self) -> str:
        return self.id if self.value is None else f"{self.id}[{self.value}]"


def rule_ref(value: object) -> RuleRef:
    """``'poison'``, ``'ap[2]'`` or ``'blast_template[L]'``."""
    if isinstance(value, RuleRef):
        return value
    match = re.fullmatch(rf"({_ID})(?:\[(\d|S|L)\])?", value) if isinstance(value, str) else None
    if match is None:
        raise ValueError(
            f"a weapon rule is written like 'poison', 'ap[2]' or 'blast_template[L]', got {value!r}"
        )
    raw = match[2]
    parameter: int | TemplateSize | None = None
    if raw is not None:
        parameter = _SIZES[raw] if raw in _SIZES else int(raw)
    return RuleRef(match[1], parameter)


@dataclass(frozen=True, slots=True)
class GearRef:
    """An item id and, if the book names it otherwise on this profile, that name."""

    item: str
    name: str | None = None

    def __str__(self) -> str:
        return self.item if self.name is None else f"{self.item} ({self.name})"


def gear_ref(value: object) -> GearRef:
    """``'knife'`` or ``{ item = 'club', name = 'Shovel' }``."""
    if isinstance(value, GearRef):
        return value
    if isinstance(value, str) and re.fullmatch(_ID, value):
        return GearRef(value)
    if isinstance(value, Mapping) and set(value) == {"item", "name"}:
        item, name = value["item"], value["name"]
        if isinstance(item, str) and re.fullmatch(_ID, item) and isinstance(name, str) and name:
            return GearRef(item, name)
    raise ValueError(
        f"an item is written like 'knife' or {{ item = 'club', name = 'Shovel' }}, got {value!r}"
    )


Group = Literal["threshold", "humans", "agents", "non_human_lurkers", "named_profiles"]
"""Who alone may take a skill: Threshold models (R:1037), Humans (R:1045), Agents (R:1097),
Lurkers that are not Human (R:1214), the profiles that print it (Command, R:1061)."""

Power = Literal["any", "pyrokinesis", "telekinesis", "astral_projection", "clairvoyance"]
"""A psychic power a psychic skill needs; ``any`` for "Psychic" (R:1170)."""

Stat = Literal["con", "attacks", "wounds"]
Target = Literal["dex", "res"]
Tally = Literal["phobias", "major_injuries"]


@dataclass(frozen=True, slots=True)
class AtLeast:
    """Constitution, Attacks or Wounds of at least ``value`` (``con 7``, ``attacks 3``)."""

    stat: Stat
    value: int


@dataclass(frozen=True, slots=True)
class TargetAtMost:
    """Dexterity or Resolve of ``value``+ or better (``dex 4+``, R:1043)."""

    stat: Target
    value: int


@dataclass(frozen=True, slots=True)
class HasSkill:
    """Another skill first (``skill command``)."""

    id: str


@dataclass(frozen=True, slots=True)
class HasPower:
    """A psychic power (``power telekinesis``; ``power any`` for any Psychic)."""

    power: Power


@dataclass(frozen=True, slots=True)
class OnlyProfile:
    """One profile alone (``profile mummy``: the Nemesis skills, R:1194)."""

    id: str


@dataclass(frozen=True, slots=True)
class OnlyGroup:
    """One kind of model alone (``only humans``)."""

    group: Group


@dataclass(frozen=True, slots=True)
class Tallied:
    """At least ``value`` Phobias (R:1145) or permanent Major Injuries (R:1075)."""

    tally: Tally
    value: int


Condition = AtLeast | TargetAtMost | HasSkill | HasPower | OnlyProfile | OnlyGroup | Tallied


@dataclass(frozen=True, slots=True)
class Requirement:
    """One requirement: met when any of its alternatives is."""

    any_of: tuple[Condition, ...]


def requirement(value: object) -> Requirement:
    """``'dex 4+'``, ``'wounds 3 or con 7'``, ``'skill cunning'``, ``'only humans'`` ..."""
    if isinstance(value, Requirement):
        return value
    if not isinstance(value, str):
        raise ValueError(f"a requirement is a text like 'dex 4+', got {value!r}")
    return Requirement(tuple(_condition(part.strip()) for part in value.split(" or ")))


_STATS: dict[str, Stat] = {s: s for s in get_args(Stat)}
_TARGETS: dict[str, Target] = {t: t for t in get_args(Target)}
_TALLIES: dict[str, Tally] = {t: t for t in get_args(Tally)}
_POWERS: dict[str, Power] = {p: p for p in get_args(Power)}
_GROUPS: dict[str, Group] = {g: g for g in get_args(Group)}


def _condition(text: str) -> Condition:
    word, _, rest = text.partition(" ")
    if word in _TARGETS and re.fullmatch(r"[2-6]\+", rest):
        return TargetAtMost(_TARGETS[word], int(rest[0]))
    if word in _STATS and rest.isdigit():
        return AtLeast(_STATS[word], int(rest))
    if word in _TALLIES and rest.isdigit():
        return Tallied(_TALLIES[word], int(rest))
    if word == "skill" and re.fullmatch(_ID, rest):
        return HasSkill(rest)
    if word == "profile" and re.fullmatch(_ID, rest):
        return OnlyProfile(rest)
    if word == "power" and rest in _POWERS:
        return HasPower(_POWERS[rest])
    if word == "only" and rest in _GROUPS:
        return OnlyGroup(_GROUPS[rest])
    raise ValueError(
        f"unknown requirement {text!r}: write 'dex 4+', 'res 4+', 'con 7', 'attacks 3', "
        "'wounds 3', 'phobias 1', 'major_injuries 3', 'skill <id>', 'profile <id>', "
        "'power <name>' or 'only <group>'"
    )
