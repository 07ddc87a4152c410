"""Wolsung SSG club lists: the file a player writes, read into typed frozen values.

The club-list file
==================

One TOML or JSON document (by the file extension; the same schema in both), read through
:mod:`skirmish.documents`. Every name is matched without regard to case, accents, punctuation
or extra spaces, and may be the catalogue's id; a gadget may be any of the names printed for
it, split at "/" (notes §7 item 46)::

    name = "Pemberton's Irregulars"      # required
    club = "Ash and Oak"                 # Ash and Oak, Inventors or Triad of Lotus Dragon (L399)

    [[heroes]]                           # a named hero (notes §2.5): complete as printed (L238)
    named = "Sir Lance Oakroot"

    [[heroes]]                           # a custom hero (L239-L247)
    name = "Lord Pemberton"              # required, unique among the heroes
    race = "Human"                       # one of the club's races (L240)
    profession = "Man about town"        # exactly one of the club's (L244)
    suit = "hearts"                      # optional: the profession sets it (L244)
    gadgets = ["Windbüchse", "Hidden Umbrella Blade"]   # from its race's and club's pools

    [[henchmen]]
    henchman = "Butler"                  # a hireable henchman of the club (notes §2.6)
    count = 2                            # optional, 1 by default

A named hero's entry takes only ``named`` (and ``gadgets``, which the rules then refuse,
notes §7 item 49); a henchman's ``gadgets`` are read too, so that buying one is reported as
the rule it breaks (L257) rather than a typo.

:func:`read_club_list` and :func:`parse_club_list` raise one :class:`ClubListError` line for a
file that cannot be read, is not TOML or JSON, has the wrong shape, or names what the
catalogue lacks (each unknown name with its close matches, all at once). The rules of list
building are checked afterwards, by :func:`skirmish.rulesets.wolsung.clubs.building.check_club`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Annotated, Self, TypeVar

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictInt,
    ValidationError,
    model_validator,
)

from skirmish.data_files import problem_list, shape_problems
from skirmish.documents import (
    FORMATS,
    Text,
    decode_document,
    file_label,
    name_key,
    read_document,
)
from skirmish.errors import SkirmishError
from skirmish.rulesets.wolsung.rules_data.checks import unknown_name
from skirmish.rulesets.wolsung.rules_data.records import (
    Club,
    Gadget,
    Henchman,
    Hero,
    Profession,
    Race,
    Suit,
    WolsungCatalog,
)

__all__ = [
    "SAMPLES",
    "ClubList",
    "ClubListError",
    "CustomHero",
    "FieldedHero",
    "Hire",
    "NamedPick",
    "parse_club_list",
    "read_club_list",
    "sample_club_lists",
]

SAMPLES: Traversable = files("skirmish.rulesets.wolsung") / "data" / "samples"
"""The sample club lists shipped with the package, one per club."""

MAX_HEROES = 30
"""A file-format bound, not a rule: the book sets no number of heroes (notes §1.11)."""
MAX_HIRES = 60


class ClubListError(SkirmishError):
    """A club-list file that cannot be read, or that names what the catalogue lacks."""


@dataclass(frozen=True, slots=True)
class NamedPick:
    """A named hero as fielded, with any gadgets the file asks to add (refused by the rules)."""

    hero: Hero
    gadgets: tuple[Gadget, ...] = ()

    @property
    def name(self) -> str:
        """The hero's name as printed."""
        return self.hero.name


@dataclass(frozen=True, slots=True)
class CustomHero:
    """A custom hero: a race template, one profession and gadgets bought (L239-L247); ``suit``
    is the one the file states, if it states one."""

    name: str
    race: Race
    profession: Profession
    gadgets: tuple[Gadget, ...] = ()
    suit: Suit | None = None


FieldedHero = NamedPick | CustomHero


@dataclass(frozen=True, slots=True)
class Hire:
    """``count`` henchmen of one profile, and any gadgets the file asks them to buy."""

    henchman: Henchman
    count: int = 1
    gadgets: tuple[Gadget, ...] = ()


@dataclass(frozen=True, slots=True)
class ClubList:
    """A club list with every name resolved to its catalogue record; not yet checked."""

    name: str
    club: Club
    heroes: tuple[FieldedHero, ...]
    henchmen: tuple[Hire, ...] = ()

    @property
    def henchman_count(self) -> int:
        """How many henchmen are hired (L258)."""
        return sum(hire.count for hire in self.henchmen)


# --------------------------------------------------------------------------------------------
# The file's shape
# --------------------------------------------------------------------------------------------


class _Entry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class _HeroIn(_Entry):
    named: Text | None = None
    name: Text | None = None
    race: Text | None = None
    profession: Text | None = None
    suit: Text | None = None
    gadgets: Annotated[tuple[Text, ...], Field(max_length=12)] = ()

    @model_validator(mode="after")
    def _named_or_custom(self) -> Self:
        printed = [k for k in ("name", "race", "profession", "suit") if getattr(self, k)]
        if self.named is not None and printed:
            raise ValueError(f"a named hero's {', '.join(printed)} are printed: give only 'named'")
        missing = [k for k in ("name", "race", "profession") if not getattr(self, k)]
        if self.named is None and missing:
            raise ValueError(
                f"a custom hero needs {', '.join(missing)} (or 'named' for a named one)"
            )
        return self


class _HireIn(_Entry):
    henchman: Text
    count: Annotated[StrictInt, Field(ge=1, le=MAX_HIRES)] = 1
    gadgets: Annotated[tuple[Text, ...], Field(max_length=12)] = ()


class _ClubListIn(_Entry):
    name: Text
    club: Text
    heroes: Annotated[tuple[_HeroIn, ...], Field(max_length=MAX_HEROES)]
    henchmen: Annotated[tuple[_HireIn, ...], Field(max_length=MAX_HIRES)] = ()


# --------------------------------------------------------------------------------------------
# Reading
# --------------------------------------------------------------------------------------------


def read_club_list(path: str | Path, catalog: WolsungCatalog) -> ClubList:
    """The club list in the file ``path`` (``.toml`` or ``.json``), its names resolved.

    Raises:
        ClubListError: one line: the file cannot be read, is not valid TOML or JSON, has the
            wrong shape, or names something the catalogue lacks (every such name at once).
    """
    text, fmt = read_document(path, "club file", ClubListError)
    return _club_list(text, fmt, file_label("club file", path), catalog)


def parse_club_list(text: str, fmt: str, catalog: WolsungCatalog) -> ClubList:
    """The club list given as TOML or JSON text (``fmt`` is ``"toml"`` or ``"json"``).

    Raises:
        ClubListError: as :func:`read_club_list`.
    """
    if fmt not in FORMATS:
        raise ClubListError(f"unknown club-list format {fmt!r} (one of: {', '.join(FORMATS)})")
    return _club_list(text, fmt, "club list", catalog)


def sample_club_lists() -> dict[str, Traversable]:
    """The shipped sample club lists, keyed by file name without ``.toml``."""
    found = (r for r in SAMPLES.iterdir() if r.is_file() and r.name.endswith(".toml"))
    return {r.name.removesuffix(".toml"): r for r in sorted(found, key=lambda r: r.name)}


def _club_list(text: str, fmt: str, label: str, catalog: WolsungCatalog) -> ClubList:
    raw = decode_document(text, fmt, label, ClubListError)
    try:
        spec = _ClubListIn.model_validate(raw)
    except ValidationError as exc:
        raise ClubListError(f"{label} is invalid: {shape_problems(exc)}") from None
    problems: list[str] = []
    resolved = _Resolver(catalog, problems).club_list(spec)
    problems.extend(_repeated_names(spec.heroes))
    if resolved is None or problems:
        raise ClubListError(f"{label} is invalid: {problem_list(problems)}")
    return resolved


def _repeated_names(heroes: Iterable[_HeroIn]) -> Iterator[str]:
    # Each hero is named in logs and in every message, so two may not share a name.
    counts = Counter(name_key(hero.name) for hero in heroes if hero.name)
    for hero in heroes:
        if hero.name and counts.pop(name_key(hero.name), 0) > 1:
            yield f"two heroes are named {hero.name!r}; each needs its own name"


# --------------------------------------------------------------------------------------------
# Names
# --------------------------------------------------------------------------------------------

_RecordT = TypeVar("_RecordT")


def _index(entries: Iterable[tuple[Iterable[str], _RecordT]]) -> dict[str, _RecordT]:
    return {name_key(name): record for names, record in entries for name in names}


def _gadget_names(catalog: WolsungCatalog) -> Iterator[tuple[list[str], Gadget]]:
    """Every gadget under its id and its printed names, whole and split at "/"; a race page
    that prints another name adds it (notes §7 item 46)."""
    for gadget in catalog.gadgets.values():
        yield [gadget.id, gadget.name, *gadget.name.split("/")], gadget
    for race in catalog.races.values():
        for row in race.pool:
            if row.printed:
                yield [row.printed, *row.printed.split("/")], catalog.gadgets[row.gadget]


def _club_names(club: Club) -> list[str]:
    return [club.id, club.name, club.name.removesuffix(" Club")]


class _Resolver:
    """Looks every name of a file up in the catalogue, noting each unknown one."""

    def __init__(self, catalog: WolsungCatalog, problems: list[str]) -> None:
        self.problems = problems
        self.clubs = _index((_club_names(c), c) for c in catalog.clubs.values())
        self.races = _index(([r.id, r.name], r) for r in catalog.races.values())
        self.professions = _index(([p.id, p.name], p) for p in catalog.professions.values())
        self.heroes = _index(([h.id, h.name], h) for h in catalog.heroes.values())
        self.henchmen = _index(([h.id, h.name], h) for h in catalog.henchmen.values())
        self.gadgets = _index(_gadget_names(catalog))
        self.suits = _index(([s.value], s) for s in Suit)
        self.shown: dict[str, list[str]] = {
            "club": [c.name for c in catalog.clubs.values()],
            "race": [r.name for r in catalog.races.values()],
            "profession": [p.name for p in catalog.professions.values()],
            "named hero": [h.name for h in catalog.heroes.values()],
            "henchman": [h.name for h in catalog.henchmen.values()],
            "gadget": [n for g in catalog.gadgets.values() for n in g.name.split("/")],
            "suit": [s.value for s in Suit],
        }

    def club_list(self, spec: _ClubListIn) -> ClubList | None:
        club = self._find(self.clubs, "club", spec.club, "club")
        heroes = [self._hero(f"heroes[{i}]", hero) for i, hero in enumerate(spec.heroes)]
        hires = [self._hire(f"henchmen[{i}]", hire) for i, hire in enumerate(spec.henchmen)]
        known_heroes = [hero for hero in heroes if hero is not None]
        known_hires = [hire for hire in hires if hire is not None]
        if club is None or len(known_heroes) < len(heroes) or len(known_hires) < len(hires):
            return None
        return ClubList(spec.name, club, tuple(known_heroes), tuple(known_hires))

    def _hero(self, where: str, spec: _HeroIn) -> FieldedHero | None:
        if spec.named is not None:
            hero = self._find(self.heroes, where, spec.named, "named hero")
            gadgets = self._gadgets(where, spec.gadgets)
            return None if hero is None or gadgets is None else NamedPick(hero, gadgets)
        race = self._find(self.races, where, spec.race or "", "race")
        job = self._find(self.professions, where, spec.profession or "", "profession")
        suit = self._find(self.suits, where, spec.suit, "suit") if spec.suit else None
        gadgets = self._gadgets(where, spec.gadgets)
        if race is None or job is None or gadgets is None or (spec.suit and suit is None):
            return None
        return CustomHero(spec.name or "", race, job, gadgets, suit)

    def _hire(self, where: str, spec: _HireIn) -> Hire | None:
        henchman = self._find(self.henchmen, where, spec.henchman, "henchman")
        gadgets = self._gadgets(where, spec.gadgets)
        return None if henchman is None or gadgets is None else Hire(henchman, spec.count, gadgets)

    def _gadgets(self, where: str, names: Iterable[str]) -> tuple[Gadget, ...] | None:
        found = [self._find(self.gadgets, where, name, "gadget") for name in names]
        known = [gadget for gadget in found if gadget is not None]
        return tuple(known) if len(known) == len(found) else None

    def _find(
        self, index: Mapping[str, _RecordT], where: str, name: str, kind: str
    ) -> _RecordT | None:
        record = index.get(name_key(name))
        if record is None:
            self.problems.append(f"{where}: {unknown_name(kind, name, self.shown[kind])}")
        return record
