"""Loading the Strange Aeons rulebook's data: ``data/book/*.toml`` read, validated, cross-checked.

The data follows the rules notes (``notes/strange_aeons.md``) §3 "Counts and name lists",
names and numbers as the rulebook prints them (cited R:<line>), summaries in our own words;
where the book leaves an entry missing, abridged or undefined, the entry carries the
resolution the notes suggest (§3.9, §6), ``provisional = true`` and the items it follows.
:func:`load_book` reads each file with :func:`skirmish.data_files.read_data` into its records
(:mod:`.records`), refuses an id used twice in a namespace (profiles, items, skills,
abilities, weapon rules), then checks the references between tables (:mod:`.checks`). Any
problem is one :class:`~skirmish.errors.RulesDataError` line naming the file and the record.
A catalog is owned by whoever loads it; nothing here keeps one.
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Protocol, TypeVar

from skirmish.data_files import Source, read_data
from skirmish.errors import RulesDataError
from skirmish.rulesets.strange_aeons.rules_data.checks import catalog_problems
from skirmish.rulesets.strange_aeons.rules_data.records import (
    Ability,
    Ammo,
    Animal,
    Armour,
    BookCatalog,
    Gear,
    Lurker,
    Personnel,
    Record,
    ScenarioProfile,
    Skill,
    SpecialAgent,
    Weapon,
    WeaponRule,
)

__all__ = ["BOOK", "BookCatalog", "load_book"]

BOOK: Traversable = files("skirmish.rulesets.strange_aeons") / "data" / "book"
"""The rulebook's data shipped with the package."""


class _Personnel(Record):
    personnel: tuple[Personnel, ...]
    agent: tuple[SpecialAgent, ...]


class _Lurkers(Record):
    lurker: tuple[Lurker, ...]


class _ScenarioProfiles(Record):
    profile: tuple[ScenarioProfile, ...]


class _Animals(Record):
    animal: tuple[Animal, ...]


class _Skills(Record):
    skill: tuple[Skill, ...]


class _Abilities(Record):
    ability: tuple[Ability, ...]


class _WeaponRules(Record):
    rule: tuple[WeaponRule, ...]


class _Weapons(Record):
    weapon: tuple[Weapon, ...]
    ammo: tuple[Ammo, ...]
    armour: tuple[Armour, ...]


class _Prototypes(Record):
    weapon: tuple[Weapon, ...]
    gear: tuple[Gear, ...]


class _Gear(Record):
    gear: tuple[Gear, ...]


class _HasId(Protocol):
    @property
    def id(self) -> str: ...


_EntryT = TypeVar("_EntryT", bound=_HasId)


class _Namespace:
    """The ids of one namespace across files: a second use names both places."""

    def __init__(self, source: Source) -> None:
        self._source = source
        self.origins: dict[str, str] = {}
        """Each id's file and table."""

    def index(self, where: str, entries: Sequence[_EntryT]) -> dict[str, _EntryT]:
        """``entries`` keyed by id, each id new to the namespace."""
        for entry in entries:
            first = self.origins.get(entry.id)
            if first is not None:
                again = "" if first == where else f" (first in {first})"
                raise RulesDataError(
                    f"{self._source}: {where} {entry.id!r}: the id is used twice{again}"
                )
            self.origins[entry.id] = where
        return {entry.id: entry for entry in entries}


def load_book(folder: Source | None = None) -> BookCatalog:
    """The rulebook's catalog in ``folder`` (the package's ``data/book`` by default), checked.

    Raises:
        RulesDataError: a file is missing, is not TOML, or holds a value its model refuses;
            an id is used twice; or a reference does not resolve. One line naming the file,
            the record and every problem found.
    """
    source = BOOK if folder is None else folder
    people = read_data(source, "personnel.toml", _Personnel)
    weapons = read_data(source, "weapons.toml", _Weapons)
    prototypes = read_data(source, "prototypes.toml", _Prototypes)
    profiles, items = _Namespace(source), _Namespace(source)
    catalog = BookCatalog(
        personnel=profiles.index("personnel.toml: personnel", people.personnel),
        agents=profiles.index("personnel.toml: agent", people.agent),
        lurkers=profiles.index(
            "lurkers.toml: lurker", read_data(source, "lurkers.toml", _Lurkers).lurker
        ),
        scenario_profiles=profiles.index(
            "scenario_profiles.toml: profile",
            read_data(source, "scenario_profiles.toml", _ScenarioProfiles).profile,
        ),
        animals=profiles.index(
            "animals.toml: animal", read_data(source, "animals.toml", _Animals).animal
        ),
        skills=_Namespace(source).index(
            "skills.toml: skill", read_data(source, "skills.toml", _Skills).skill
        ),
        abilities=_Namespace(source).index(
            "abilities.toml: ability", read_data(source, "abilities.toml", _Abilities).ability
        ),
        weapon_rules=_Namespace(source).index(
            "weapon_rules.toml: rule", read_data(source, "weapon_rules.toml", _WeaponRules).rule
        ),
        weapons={
            **items.index("weapons.toml: weapon", weapons.weapon),
            **items.index("prototypes.toml: weapon", prototypes.weapon),
        },
        ammo=items.index("weapons.toml: ammo", weapons.ammo),
        armour=items.index("weapons.toml: armour", weapons.armour),
        gear={
            **items.index("gear.toml: gear", read_data(source, "gear.toml", _Gear).gear),
            **items.index("prototypes.toml: gear", prototypes.gear),
        },
    )
    problems = list(catalog_problems(catalog, profiles.origins, items.origins))
    if problems:
        raise RulesDataError(f"{source}: " + "; ".join(problems))
    return catalog
