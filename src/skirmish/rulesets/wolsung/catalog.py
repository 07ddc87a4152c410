"""Loading the Wolsung SSG catalogue: ``data/*.toml`` read, validated and cross-checked.

The data follows the rules notes (``notes/wolsung.md``) §2 "Tables" and §3 "Counts and name
lists", numbers and names as the rulebook prints them (cited as Lnnn), summaries in our own
words; where §7 says an entry is cut short or missing it carries that item's resolution,
``provisional = true`` and a note. :func:`load_catalog` reads each file through
:func:`skirmish.files.read_text` (or the installed package's resource), validates it against
its records (:mod:`.records`), then checks the references between tables (:mod:`.checks`).
Any problem becomes one :class:`~skirmish.errors.RulesDataError` line naming the file, the
entry and the bad value; every problem found is listed in that line.
A catalogue is owned by whoever loads it; nothing here keeps one.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, Protocol, TypeVar

from pydantic import ValidationError
from pydantic_core import ErrorDetails

from skirmish.errors import FileError, RulesDataError
from skirmish.files import read_text
from skirmish.rulesets.wolsung.checks import catalog_problems
from skirmish.rulesets.wolsung.records import (
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

Source = Path | Traversable
_FileT = TypeVar("_FileT", bound=Record)


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
    weapons = _read(source, "weapons.toml", _Weapons)
    catalog = WolsungCatalog(
        keywords=_index(source, "keyword", _read(source, "keywords.toml", _Keywords).keyword),
        races=_index(source, "race", _read(source, "races.toml", _Races).race),
        clubs=_index(source, "club", _read(source, "clubs.toml", _Clubs).club),
        heroes=_index(source, "hero", _read(source, "heroes.toml", _Heroes).hero),
        henchmen=_index(source, "henchman", _read(source, "henchmen.toml", _Henchmen).henchman),
        gadgets=_index(source, "gadget", _read(source, "gadgets.toml", _Gadgets).gadget),
        ranged=_index(source, "ranged", weapons.ranged),
        melee=_index(source, "melee", weapons.melee),
        spells=_index(source, "spell", _read(source, "spells.toml", _Spells).spell),
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


def _read(source: Source, filename: str, model: type[_FileT]) -> _FileT:
    path = source / filename
    try:
        raw = tomllib.loads(_text(path))
    except tomllib.TOMLDecodeError as exc:
        raise RulesDataError(f"{path}: not valid TOML: {exc}") from None
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise RulesDataError(f"{path}: {_describe(raw, exc)}") from None


def _text(path: Source) -> str:
    # A folder on disk goes through the project's file helper; an installed package's data
    # may be a zip resource, read as it is.
    try:
        if isinstance(path, Path):
            return read_text(path)
        text: str = path.read_text(encoding="utf-8")
        return text
    except FileError as exc:
        raise RulesDataError(f"cannot read rules data: {exc}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise RulesDataError(f"{path}: cannot read rules data: {exc}") from None


def _describe(raw: Mapping[str, Any], exc: ValidationError) -> str:
    return "; ".join(_describe_one(raw, error) for error in exc.errors(include_url=False))


def _describe_one(raw: Mapping[str, Any], error: ErrorDetails) -> str:
    loc = error["loc"]
    where = ".".join(str(part) for part in loc if "[" not in str(part)) or "<top>"
    entry = _entry_id(raw, loc)
    label = f"{where} ({entry!r})" if entry else where
    cause = error.get("ctx", {}).get("error")
    message = str(cause) if cause is not None else f"{error['msg']} (got {error['input']!r})"
    return f"{label}: {message}"


def _entry_id(raw: Any, loc: Sequence[int | str]) -> str | None:
    # The deepest table along the error's path that has an id is the entry at fault.
    found = None
    node = raw
    for part in (*loc, None):
        if isinstance(node, Mapping) and isinstance(node.get("id"), str):
            found = node["id"]
        if part is None:
            break
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            break
    return found
