"""The campaign book as game state: the book file's schema (:mod:`.book`) as frozen values, so
a post-game in progress saves, clones and replays like any game (K3).

A :class:`BookSheet` holds what the file holds, each model a :class:`MemberSheet` of names and
numbers (its contract, dice and kit by name, its Merits, changes, Powers, perk, Sidelined mark
and damage, K3.1-K3.4, notes A62, A66, A81). The steps of the sequence change it by replacing
values; what a model's names and numbers come to (its dice after the changes, its max Health,
whether it can Cast) is read from the :class:`~.book.Member` they build (:func:`member_of`).
The finished sheet is a book again (:func:`book_of`), checked as a whole like a book file.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from skirmish.engine.record import register_value
from skirmish.rulesets.sacred_wire.campaign.book import (
    STATE,
    Book,
    CampaignError,
    Member,
    Slagged,
    book_from_data,
    book_to_data,
    member_from_data,
    state_data,
)
from skirmish.rulesets.sacred_wire.rules_data.catalog import Catalog

__all__ = [
    "BookSheet",
    "ChangeEntry",
    "MemberSheet",
    "book_of",
    "member_of",
    "sheet_of",
    "standing_book",
]


@register_value
@dataclass(frozen=True, slots=True)
class ChangeEntry:
    """One permanent change of a model (K3.3, K3.4, R3.11): ``stat`` as the file writes it."""

    name: str
    rule: str
    stat: str
    n: int

    def to_data(self) -> dict[str, Any]:
        """The change as the book file writes it."""
        return {"name": self.name, "rule": self.rule, "stat": self.stat, "n": self.n}


@register_value
@dataclass(frozen=True, slots=True)
class MemberSheet:
    """One model of the book: the squad file's fields ("" for none) and the campaign's."""

    name: str
    contract: str
    array: str
    combat: str
    defense: str
    wits: str
    boss_bonus: str = ""
    weapons: tuple[str, ...] = ()
    armor: str = ""
    grenades: tuple[str, ...] = ()
    consumables: tuple[str, ...] = ()
    gear: tuple[str, ...] = ()
    power: str = ""
    merits: int = 0
    changes: tuple[ChangeEntry, ...] = ()
    powers: tuple[str, ...] = ()
    forgotten: tuple[str, ...] = ()
    promoted: str = ""
    sidelined: bool = False
    damage: int = 0
    slag: int = 0

    def to_data(self) -> dict[str, Any]:
        """The model as a ``[[models]]`` entry of the book file (empty fields left out)."""
        data: dict[str, Any] = {
            "name": self.name,
            "contract": self.contract,
            "array": self.array,
            "combat": self.combat,
            "defense": self.defense,
            "wits": self.wits,
        }
        fields: dict[str, Any] = {
            "boss_bonus": self.boss_bonus,
            "weapons": list(self.weapons),
            "armor": self.armor,
            "grenades": list(self.grenades),
            "consumables": list(self.consumables),
            "gear": list(self.gear),
            "power": self.power,
        }
        data.update((key, value) for key, value in fields.items() if value)
        data["merits"] = self.merits
        campaign: dict[str, Any] = {
            "sidelined": self.sidelined,
            "damage": self.damage,
            "slag": self.slag,
            "promoted": self.promoted,
            "powers": list(self.powers),
            "forgotten": list(self.forgotten),
            "changes": [c.to_data() for c in self.changes],
        }
        data.update((key, value) for key, value in campaign.items() if value)
        return data

    def without(self, item: str) -> MemberSheet:
        """This model without one ``item`` (a catalogue name) of its kit: used up (R3.9).

        :raises CampaignError: it carries no such item.
        """
        if self.armor == item:
            return replace(self, armor="")
        if item in self.weapons:
            return replace(self, weapons=_less(self.weapons, item))
        if item in self.grenades:
            return replace(self, grenades=_less(self.grenades, item))
        if item in self.consumables:
            return replace(self, consumables=_less(self.consumables, item))
        if item in self.gear:
            return replace(self, gear=_less(self.gear, item))
        raise CampaignError(f"{self.name} carries no {item} to have used up")


def _less(names: tuple[str, ...], name: str) -> tuple[str, ...]:
    """``names`` without the first ``name``."""
    index = names.index(name)
    return (*names[:index], *names[index + 1 :])


@register_value
@dataclass(frozen=True, slots=True)
class BookSheet:
    """The whole book (see :mod:`.book` for the fields): its campaign state is a field of each
    name in :data:`.book.STATE`, read and written by that list (:func:`.book.state_data`)."""

    name: str
    members: tuple[MemberSheet, ...]
    description: str = ""
    subs: int = 0
    leads: int = 0
    evidence: tuple[int, ...] = ()
    unrecorded: int = 0
    lockers: tuple[str, ...] = ()
    slagged: tuple[Slagged, ...] = ()
    games: int = 0
    records: tuple[str, ...] = ()
    extractor: bool = False
    signal_played: bool = False
    signal_elsewhere: bool = False

    def to_data(self) -> dict[str, Any]:
        """The book as plain data of the file schema, as :func:`.book.book_to_data` gives."""
        data: dict[str, Any] = {"name": self.name}
        if self.description:
            data["description"] = self.description
        data.update(state_data(self), models=[m.to_data() for m in self.members])
        return data

    def index(self, name: str) -> int:
        """The roster position of the model called ``name`` (exactly), or -1 when it is gone."""
        return next((i for i, m in enumerate(self.members) if m.name == name), -1)

    def member(self, name: str) -> MemberSheet | None:
        """The model called ``name`` (exactly), or None when it has left the squad."""
        found = self.index(name)
        return None if found < 0 else self.members[found]

    def with_member(self, sheet: MemberSheet) -> BookSheet:
        """The book with the model of ``sheet``'s name replaced by ``sheet``."""
        found = self.index(sheet.name)
        members = (*self.members[:found], sheet, *self.members[found + 1 :])
        return replace(self, members=members)

    def without_member(self, name: str) -> BookSheet:
        """The book without the model called ``name``."""
        return replace(self, members=tuple(m for m in self.members if m.name != name))


def sheet_of(book: Book) -> BookSheet:
    """The book as a sheet of values."""
    return sheet_from_data(book_to_data(book))


def sheet_from_data(data: Mapping[str, Any]) -> BookSheet:
    """A sheet of a book's plain data as :func:`.book.book_to_data` writes it (checked
    already: the data of a normalized setup)."""
    # By name (see book.STATE); a mark left out is not set: the sheet's default.
    state: dict[str, Any] = {key: _frozen(value) for key, value in data.items() if key in STATE}
    return BookSheet(
        name=data["name"],
        description=data.get("description", ""),
        members=tuple(_member_sheet(m) for m in data["models"]),
        **state,
    )


def _frozen(value: Any) -> Any:
    """``value`` with its lists as tuples, nested ones too: a sheet holds values only."""
    return tuple(_frozen(v) for v in value) if isinstance(value, list) else value


def _member_sheet(data: Mapping[str, Any]) -> MemberSheet:
    changes = tuple(
        ChangeEntry(c["name"], c["rule"], c["stat"], c["n"]) for c in data.get("changes", ())
    )
    return MemberSheet(
        name=data["name"],
        contract=data["contract"],
        array=data["array"],
        combat=data["combat"],
        defense=data["defense"],
        wits=data["wits"],
        boss_bonus=data.get("boss_bonus", ""),
        weapons=tuple(data.get("weapons", ())),
        armor=data.get("armor", ""),
        grenades=tuple(data.get("grenades", ())),
        consumables=tuple(data.get("consumables", ())),
        gear=tuple(data.get("gear", ())),
        power=data.get("power", ""),
        merits=data["merits"],
        changes=changes,
        powers=tuple(data.get("powers", ())),
        forgotten=tuple(data.get("forgotten", ())),
        promoted=data.get("promoted", ""),
        sidelined=data.get("sidelined", False),
        damage=data.get("damage", 0),
        slag=data.get("slag", 0),
    )


def book_of(sheet: BookSheet, catalog: Catalog) -> Book:
    """The sheet as a book, checked as a whole like a book file against ``catalog``.

    :raises CampaignError: one line listing every problem found.
    """
    return book_from_data(sheet.to_data(), catalog, f"campaign book {sheet.name!r}")


def standing_book(sheet: BookSheet, catalog: Catalog) -> Book:
    """The sheet as a book as it stands, each model checked but not the whole: mid-step a book
    may lack what the next choice gives it (a Boss while a Resource is being promoted, K3)."""
    return Book(
        name=sheet.name,
        description=sheet.description,
        members=[member_of(m, catalog) for m in sheet.members],
        **{key: getattr(sheet, key) for key in STATE},  # by name: see book.STATE
    )


def member_of(sheet: MemberSheet, catalog: Catalog) -> Member:
    """What a model's names and numbers come to in ``catalog``: its profile, dice and kit as
    catalogue records. A fresh copy each time (a shallow copy is whole: its fields are
    immutable)."""
    return replace(_member(sheet, catalog))


@lru_cache(maxsize=4096)
def _member(sheet: MemberSheet, catalog: Catalog) -> Member:
    # A sheet is a value and a catalogue hashes by identity, so the lookups and checks are made
    # once per value and catalogue: the steps of a post-game read the same models over and over.
    return member_from_data(sheet.to_data(), catalog)
