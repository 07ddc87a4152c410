"""Strange Aeons lists: the file a player writes, read into typed frozen values.

The list file
=============

One TOML or JSON document (by the file extension; the same schema in both), read through
:mod:`skirmish.documents`. Names are matched without regard to case, accents, punctuation or
extra spaces, and may be the book data's ids. A Threshold team (R:343-352)::

    name = "Howard's team"               # required
    faction = "threshold"
    wins = 0                             # optional: the wins that set its promotion (R:490)
    map_pieces = 0                       # optional: the Map Pieces it holds (R:376)

    [[models]]
    name = "Professor Tillinghast"       # optional: the profile's name by default
    profile = "Character"                # Character, Agent, Civilian, Child or a Special Agent
    skills = ["Munitions Expert"]        # the free Skill (R:348)
    power = "Telekinesis"                # optional: the Psychic Power its test gave (R:311)
    permanent = false                    # a Special Agent that joined for good (R:496)
    animals = ["Attack Dog"]             # Animals equipped to it, with Animal Handler (R:1365)
    phobias = ["Hydrophobia"]            # its Phobias from earlier games, each once (R:227)
    after_suicidal = []                  # those of its Phobias gained after Suicidal (R:1145)
    gear = [".45 Handgun", "Knife", "Light Armoured Vest", "Dynamite"]   # weapons and Extra Gear

A Lurker list (R:509-521)::

    name = "Uncle Mike's cult"
    faction = "lurkers"
    points = 15                          # optional: the Threshold Total Points it answers (R:514)
    threshold_models = 3                 # optional: the Threshold's models, for the scenarios
    plot_points = ["Dark Night"]         # optional: Plot Points bought, 4 points each (R:928)
    saltes_carrier = "Cult Leader"       # optional: the model with the Essential Saltes (R:933)
    saltes_bank = 0                      # optional: points banked for them (notes §6 item 68)

    [[models]]
    profile = "Cultist"
    count = 3                            # optional, 1 by default: identical models
    gear = ["Knife"]
    skills = []                          # bought at 1 point each (R:518)
    upgrades = []                        # the profile's own upgrades (abilities with a cost)
    mob = false                          # five models of the entry upgraded to a Mob (R:919)
    power = "Pyrokinesis"                # optional: a Human's rolled Psychic Power (R:336)
    power_bought = false                 # a Rogue's power chosen for 4 points (R:336)

A model's ``gear`` lists what it buys; a profile's printed kit is carried without listing it.
A Special Agent's entry takes ``profile`` and ``name`` (a Psychic Operative its ``power`` and
Skills too, R:418; a permanent one its ``gear``, R:496): ``skills`` and ``gear`` are read
otherwise as well, so that buying them is reported as the rule it breaks (R:378) rather than
as a typo.

:func:`read_list` and :func:`parse_list` raise one :class:`ListError` line for a file that
cannot be read, is not TOML or JSON, has the wrong shape, or names what the book lacks (every
unknown name at once, with close matches). The rules of list building are checked afterwards,
by :mod:`.team` and :mod:`.lurkers`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from types import MappingProxyType
from typing import Annotated, Literal, Self, TypeVar

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
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
from skirmish.rulesets.strange_aeons.lists.phobias import Phobia, load_phobias
from skirmish.rulesets.strange_aeons.lists.plot_points import PlotPoint, load_plot_points
from skirmish.rulesets.strange_aeons.lists.psychic import PsychicPower, PsychicRules, load_psychic
from skirmish.rulesets.strange_aeons.rules_data.checks import unknown
from skirmish.rulesets.strange_aeons.rules_data.records import (
    Ability,
    Animal,
    BookCatalog,
    Item,
    Lurker,
    Personnel,
    Points,
    Skill,
    SpecialAgent,
)

__all__ = [
    "SAMPLES",
    "ForceList",
    "ListData",
    "ListError",
    "LurkerList",
    "LurkerPick",
    "Operative",
    "ThresholdList",
    "parse_list",
    "read_list",
    "refuse_invalid",
    "sample_lists",
]

SAMPLES: Traversable = files("skirmish.rulesets.strange_aeons") / "data" / "samples"
"""The sample lists shipped with the package, Threshold teams and Lurker lists."""

MAX_MODELS = 40
"""A file-format bound, not a rule: the book sets no number of models (R:347)."""
MAX_COUNT = 40
MAX_PICKS = 12


SHAPE_WORDING = {
    "model_type": "a table (TOML) or an object (JSON) is needed here",  # not our model's name
    "tuple_type": "a list of names is needed here",
}


class ListError(SkirmishError):
    """A list file that cannot be read, names what the book lacks, or breaks the rules of
    list building (every violation in one line)."""


@dataclass(frozen=True, slots=True)
class Operative:
    """A Threshold model: its profile, the Skills and items it takes (R:348-350)."""

    name: str
    profile: Personnel | SpecialAgent
    skills: tuple[Skill, ...] = ()
    gear: tuple[Item, ...] = ()
    power: PsychicPower | None = None
    permanent: bool = False
    animals: tuple[Animal, ...] = ()
    phobias: tuple[Phobia, ...] = ()
    after_suicidal: tuple[Phobia, ...] = ()
    """Those of its ``phobias`` gained after it took Suicidal (R:1145)."""


@dataclass(frozen=True, slots=True)
class ThresholdList:
    """A Threshold team with every name resolved; not yet checked."""

    name: str
    operatives: tuple[Operative, ...]
    wins: int = 0
    map_pieces: int = 0


@dataclass(frozen=True, slots=True)
class LurkerPick:
    """``count`` identical Lurker models of one profile, with what each buys (R:517-518)."""

    name: str
    profile: Lurker
    count: int = 1
    skills: tuple[Skill, ...] = ()
    upgrades: tuple[Ability, ...] = ()
    gear: tuple[Item, ...] = ()
    mob: bool = False
    power: PsychicPower | None = None
    power_bought: bool = False


@dataclass(frozen=True, slots=True)
class LurkerList:
    """A Lurker list with every name resolved; ``points`` and ``threshold_models`` say what
    it was built against, when the file says so."""

    name: str
    picks: tuple[LurkerPick, ...]
    points: float | None = None
    threshold_models: int | None = None
    plot_points: tuple[PlotPoint, ...] = ()
    saltes_carrier: str | None = None
    """The entry whose (first) model carries the Essential Saltes (R:933); by default the
    first Human or Humanoid model out of a Mob."""
    saltes_bank: float = 0.0
    """The points banked to raise what the Saltes bring (R:933, notes §6 item 68)."""


ForceList = ThresholdList | LurkerList


@dataclass(frozen=True, slots=True)
class ListData:
    """What lists name beside the book's catalog: the Psychic Powers, the Plot Points and the
    Phobias."""

    psychic: PsychicRules
    plot_points: Mapping[str, PlotPoint]
    phobias: Mapping[str, Phobia]

    @classmethod
    def load(cls) -> ListData:
        """All three, from the book's data: read once, since the package's data files do not
        change while it runs and what they hold is frozen (the tables read-only views)."""
        return _book_data()


@cache
def _book_data() -> ListData:
    return ListData(
        load_psychic(),
        MappingProxyType(load_plot_points()),
        MappingProxyType(load_phobias()),
    )


def refuse_invalid(label: str, problems: Sequence[str]) -> None:
    """Raise one :class:`ListError` naming every problem of the list ``label``, if any."""
    if problems:
        raise ListError(f"{label} is invalid: {problem_list(problems)}")


# --------------------------------------------------------------------------------------------
# The file's shape
# --------------------------------------------------------------------------------------------

Names = Annotated[tuple[Text, ...], Field(max_length=MAX_PICKS)]


class _Entry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class _ModelIn(_Entry):
    name: Text | None = None
    profile: Text
    count: Annotated[StrictInt, Field(ge=1, le=MAX_COUNT)] = 1
    skills: Names = ()
    upgrades: Names = ()
    gear: Names = ()
    mob: StrictBool = False
    power: Text | None = None
    power_bought: StrictBool = False
    permanent: StrictBool = False
    animals: Names = ()
    phobias: Names = ()
    after_suicidal: Names = ()


_THRESHOLD_ONLY = ("permanent", "animals", "phobias", "after_suicidal")
_LURKER_ONLY = ("count", "upgrades", "mob", "power_bought")


class _ListIn(_Entry):
    name: Text
    faction: Literal["threshold", "lurkers"]
    wins: Annotated[StrictInt, Field(ge=0, le=1000)] = 0
    map_pieces: Annotated[StrictInt, Field(ge=0, le=1000)] = 0
    points: Points | None = None
    threshold_models: Annotated[StrictInt, Field(ge=1, le=MAX_MODELS)] | None = None
    plot_points: Names = ()
    saltes_carrier: Text | None = None
    saltes_bank: Points = 0.0
    # At least one model, checked after the models themselves: a model that fails its own
    # check is not reported again as a missing one.
    models: Annotated[tuple[_ModelIn, ...], Field(max_length=MAX_MODELS)]

    @model_validator(mode="after")
    def _fields_of_its_faction(self) -> Self:
        if not self.models:
            raise ValueError("a list has at least one model")
        given: list[str]
        if self.faction == "threshold":
            lurker_fields = (
                "points",
                "threshold_models",
                "plot_points",
                "saltes_carrier",
                "saltes_bank",
            )
            given = [k for k in lurker_fields if k in self.model_fields_set]
            for model in self.models:
                given += [k for k in _LURKER_ONLY if k in model.model_fields_set]
        else:
            given = [k for k in ("wins", "map_pieces") if k in self.model_fields_set]
            for model in self.models:
                given += [k for k in _THRESHOLD_ONLY if k in model.model_fields_set]
        if given:
            other = "a Lurker list" if self.faction == "threshold" else "a Threshold team"
            raise ValueError(f"{', '.join(sorted(set(given)))}: only {other} takes these")
        return self


# --------------------------------------------------------------------------------------------
# Reading
# --------------------------------------------------------------------------------------------


def read_list(path: str | Path, book: BookCatalog, extras: ListData | None = None) -> ForceList:
    """The list in the file ``path`` (``.toml`` or ``.json``), its names resolved against the
    book's data and the Psychic Powers and Plot Points of ``extras`` (loaded when not given).

    Raises:
        ListError: one line: the file cannot be read, is not valid TOML or JSON, has the
            wrong shape, or names something the book lacks (every such name at once).
    """
    text, fmt = read_document(path, "list file", ListError)
    return _force_list(text, fmt, file_label("list file", path), book, extras)


def parse_list(text: str, fmt: str, book: BookCatalog, extras: ListData | None = None) -> ForceList:
    """The list given as TOML or JSON text (``fmt`` is ``"toml"`` or ``"json"``).

    Raises:
        ListError: as :func:`read_list`.
    """
    if fmt not in FORMATS:
        raise ListError(f"unknown list format {fmt!r} (one of: {', '.join(FORMATS)})")
    return _force_list(text, fmt, "list", book, extras)


def sample_lists() -> dict[str, Traversable]:
    """The shipped sample lists, keyed by file name without ``.toml``."""
    found = (r for r in SAMPLES.iterdir() if r.is_file() and r.name.endswith(".toml"))
    return {r.name.removesuffix(".toml"): r for r in sorted(found, key=lambda r: r.name)}


def _force_list(
    text: str, fmt: str, label: str, book: BookCatalog, extras: ListData | None
) -> ForceList:
    raw = decode_document(text, fmt, label, ListError)
    try:
        spec = _ListIn.model_validate(raw)
    except ValidationError as exc:
        raise ListError(f"{label} is invalid: {shape_problems(exc, SHAPE_WORDING)}") from None
    problems: list[str] = []
    resolved = _Resolver(book, extras or ListData.load(), problems).force_list(spec)
    problems.extend(_repeated_names(spec))
    if resolved is None or problems:
        raise ListError(f"{label} is invalid: {problem_list(problems)}")
    return resolved


def _repeated_names(spec: _ListIn) -> Iterator[str]:
    # Every message and log names a model, so two entries may not share a name.
    names = [_entry_name(model) for model in spec.models]
    counts = Counter(name_key(name) for name in names)
    for name in names:
        if counts.pop(name_key(name), 0) > 1:
            yield f"two models are named {name!r}; give each its own name"


def _entry_name(model: _ModelIn) -> str:
    return model.name or model.profile


# --------------------------------------------------------------------------------------------
# Names
# --------------------------------------------------------------------------------------------

_RecordT = TypeVar("_RecordT")


def _index(entries: Iterable[tuple[str, str, _RecordT]]) -> dict[str, _RecordT]:
    return {name_key(name): record for ident, shown, record in entries for name in (ident, shown)}


class _Resolver:
    """Looks every name of a file up in the book's data, noting each unknown one."""

    def __init__(self, book: BookCatalog, extras: ListData, problems: list[str]) -> None:
        powers = extras.psychic.power
        self.problems = problems
        people: list[Personnel | SpecialAgent] = [*book.personnel.values(), *book.agents.values()]
        self.operatives = _index((p.id, p.name, p) for p in people)
        self.lurkers = _index((p.id, p.name, p) for p in book.lurkers.values())
        self.skills = _index((s.id, s.name, s) for s in book.skills.values())
        self.upgrades = _index((a.id, a.name, a) for a in book.abilities.values() if a.cost)
        self.items = _index((i.id, i.name, i) for i in book.items.values())
        self.powers = _index((p.id, p.name, p) for p in powers)
        self.animals = _index((p.id, p.name, p) for p in book.animals.values())
        self.plots = _index((p.id, p.name, p) for p in extras.plot_points.values())
        self.phobias = _index((p.id, p.name, p) for p in extras.phobias.values())
        self.shown: dict[str, list[str]] = {
            "Threshold profile": [p.name for p in people],
            "Lurker profile": [p.name for p in book.lurkers.values()],
            "skill": [s.name for s in book.skills.values()],
            "upgrade": [a.name for a in book.abilities.values() if a.cost],
            "item": [i.name for i in book.items.values()],
            "Psychic Power": [p.name for p in powers],
            "Animal": [p.name for p in book.animals.values()],
            "Plot Point": [p.name for p in extras.plot_points.values()],
            "Phobia": [p.name for p in extras.phobias.values()],
        }

    def force_list(self, spec: _ListIn) -> ForceList | None:
        if spec.faction == "threshold":
            operatives = [self._operative(f"models[{i}]", m) for i, m in enumerate(spec.models)]
            known = [op for op in operatives if op is not None]
            if len(known) < len(operatives):
                return None
            return ThresholdList(spec.name, tuple(known), spec.wins, spec.map_pieces)
        picks = [self._pick(f"models[{i}]", m) for i, m in enumerate(spec.models)]
        found = [pick for pick in picks if pick is not None]
        plots = self._all(self.plots, "plot_points", spec.plot_points, "Plot Point")
        if len(found) < len(picks) or plots is None:
            return None
        return LurkerList(
            spec.name,
            tuple(found),
            spec.points,
            spec.threshold_models,
            plots,
            spec.saltes_carrier,
            spec.saltes_bank,
        )

    def _operative(self, where: str, spec: _ModelIn) -> Operative | None:
        profile = self._find(self.operatives, where, spec.profile, "Threshold profile")
        skills = self._all(self.skills, where, spec.skills, "skill")
        gear = self._all(self.items, where, spec.gear, "item")
        power = self._power(where, spec.power)
        animals = self._all(self.animals, where, spec.animals, "Animal")
        phobias = self._all(self.phobias, where, spec.phobias, "Phobia")
        later = self._all(self.phobias, where, spec.after_suicidal, "Phobia")
        if profile is None or skills is None or gear is None or power is None or animals is None:
            return None
        if phobias is None or later is None:
            return None
        first = next(iter(power), None)
        name = _entry_name(spec)
        return Operative(
            name, profile, skills, gear, first, spec.permanent, animals, phobias, later
        )

    def _pick(self, where: str, spec: _ModelIn) -> LurkerPick | None:
        profile = self._find(self.lurkers, where, spec.profile, "Lurker profile")
        skills = self._all(self.skills, where, spec.skills, "skill")
        upgrades = self._all(self.upgrades, where, spec.upgrades, "upgrade")
        gear = self._all(self.items, where, spec.gear, "item")
        power = self._power(where, spec.power)
        if profile is None or skills is None or upgrades is None or gear is None or power is None:
            return None
        return LurkerPick(
            _entry_name(spec),
            profile,
            spec.count,
            skills,
            upgrades,
            gear,
            spec.mob,
            next(iter(power), None),
            spec.power_bought,
        )

    def _power(self, where: str, name: str | None) -> tuple[PsychicPower, ...] | None:
        # () for a model without a power; None when the name is unknown (noted).
        return self._all(self.powers, where, [name] if name else [], "Psychic Power")

    def _all(
        self, index: Mapping[str, _RecordT], where: str, names: Iterable[str], kind: str
    ) -> tuple[_RecordT, ...] | None:
        found = [self._find(index, where, name, kind) for name in names]
        known = [record for record in found if record is not None]
        return tuple(known) if len(known) == len(found) else None

    def _find(
        self, index: Mapping[str, _RecordT], where: str, name: str, kind: str
    ) -> _RecordT | None:
        record = index.get(name_key(name))
        if record is None:
            self.problems.append(f"{where}: {unknown(kind, name, self.shown[kind])}")
        return record
