"""Loading the Wolsung SSG catalogue: ``data/*.toml`` read, validated and cross-checked.

The data follows the rules notes (``notes/wolsung.md``) §2 "Tables" and §3 "Counts and name
lists", numbers and names as the rulebook prints them (cited as Lnnn), summaries in our own
words; where §7 says an entry is cut short or missing it carries that item's resolution,
``provisional = true`` and a note. :func:`load_catalog` reads each file with
:func:`skirmish.data_files.read_data` into its records (:mod:`.records`), then checks the
references between tables (:mod:`.checks`). Any problem becomes one
:class:`~skirmish.errors.RulesDataError` line: a file's first problem (with how many more), or
every broken reference.
A catalogue is owned by whoever loads it; nothing here keeps one.
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Protocol, TypeVar

from skirmish.data_files import Source, read_data
from skirmish.errors import RulesDataError
from skirmish.rulesets.wolsung.rules_data.checks import catalog_problems
from skirmish.rulesets.wolsung.rules_data.records import (
    Club,
    Gadget,
    Henchman,
    Hero,
    Keyword,
    MeleeWeapon,
    Race,
    RangedWeapon,
    Record,
    Spell,
    WolsungCatalog,
)

__all__ = ["DATA", "WolsungCatalog", "load_catalog"]

DATA: Traversable = files("skirmish.rulesets.wolsung") / "data"
"""The catalogue shipped with the package."""


class _Keywords(Record):
    keyword: tuple[Keyword, ...]


class _Weapons(Record):
    ranged: tuple[RangedWeapon, ...]
    melee: tuple[MeleeWeapon, ...]


class _Spells(Record):
    spell: tuple[Spell, ...]


class _Gadgets(Record):
    gadget: tuple[Gadget, ...]


class _Races(Record):
    race: tuple[Race, ...]


class _Clubs(Record):
    club: tuple[Club, ...]


class _Heroes(Record):
    hero: tuple[Hero, ...]


class _Henchmen(Record):
    henchman: tuple[Henchman, ...]


def load_catalog(folder: Source | None = None) -> WolsungCatalog:
    """The catalogue in ``folder`` (the package's ``data`` by default), fully checked.

    Raises:
        RulesDataError: a file is missing, is not TOML, or holds a value its model refuses,
            or a reference does not resolve; one line naming every problem found.
    """
    source = DATA if folder is None else folder
    weapons = read_data(source, "weapons.toml", _Weapons)
    catalog = WolsungCatalog(
        keywords=_index(source, "keyword", read_data(source, "keywords.toml", _Keywords).keyword),
        races=_index(source, "race", read_data(source, "races.toml", _Races).race),
        clubs=_index(source, "club", read_data(source, "clubs.toml", _Clubs).club),
        heroes=_index(source, "hero", read_data(source, "heroes.toml", _Heroes).hero),
        henchmen=_index(source, "henchman", read_data(source, "henchmen.toml", _Henchmen).henchman),
        gadgets=_index(source, "gadget", read_data(source, "gadgets.toml", _Gadgets).gadget),
        ranged=_index(source, "ranged", weapons.ranged),
        melee=_index(source, "melee", weapons.melee),
        spells=_index(source, "spell", read_data(source, "spells.toml", _Spells).spell),
    )
    problems = list(catalog_problems(catalog))
    if problems:
        raise RulesDataError(f"{source}: " + "; ".join(problems))
    return catalog


class _HasId(Protocol):
    @property
    def id(self) -> str: ...


_EntryT = TypeVar("_EntryT", bound=_HasId)


def _index(source: Source, table: str, entries: Sequence[_EntryT]) -> dict[str, _EntryT]:
    """A table keyed by id; an id used twice is refused (it would hide the first entry)."""
    index: dict[str, _EntryT] = {}
    for entry in entries:
        if entry.id in index:
            raise RulesDataError(f"{source}: {table} {entry.id!r}: the id is used twice")
        index[entry.id] = entry
    return index
