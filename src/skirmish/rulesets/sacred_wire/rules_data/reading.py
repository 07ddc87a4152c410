"""Reading the Sacred Wire rules data: the TOML boundary every table's module shares.

:func:`read_data` reads one ``data/*.toml`` file into a pydantic model built on
:class:`DataModel` (strict numbers and strings, no unknown keys) and turns any problem into one
:class:`~skirmish.errors.RulesDataError` line naming the file, the table, the entry and the bad
value. The field types (``Name``, ``RuleId``, ``Dice``, ``RollIndex`` ...) and
:class:`DataTable`, whose rolls must cover its die exactly once (:func:`check_rolls`), are the
vocabulary the catalogue (:mod:`.catalog`) and the loot, mission and campaign tables
(:mod:`.loot_tables`, :mod:`.mission_tables`, :mod:`.campaign_tables`) are written in.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Annotated, Any, Generic, Self, TypeVar

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PlainValidator,
    StrictInt,
    StrictStr,
    ValidationError,
    model_validator,
)

from skirmish.errors import FileError, RulesDataError
from skirmish.files import read_text
from skirmish.rulesets.sacred_wire.rules_data.effects import (
    DamageDice,
    Effect,
    parse_dice,
    parse_effect,
)


class WeaponType(StrEnum):
    """The eight weapon (damage) types, one Critical table each (C4.16, R6)."""

    BLADED = "bladed"
    BLUNT = "blunt"
    PROJECTILE = "projectile"
    ENERGY = "energy"
    EXPLOSIVE = "explosive"
    TOXIC = "toxic"
    STATIC = "static"
    BROADCAST = "broadcast"


#: The dice tiers an attribute can take (C1.9): the sides of the pair rolled.
TIER_SIDES = (4, 6, 8, 10, 12)


@dataclass(frozen=True, slots=True)
class RollRange:
    """The die results a table row covers: ``low`` to ``high``; ``high=None`` means "or more"."""

    low: int
    high: int | None

    def covers(self, total: int) -> bool:
        """True if ``total`` selects this row."""
        return self.low <= total and (self.high is None or total <= self.high)

    def __str__(self) -> str:
        if self.high is None:
            return f"{self.low}+"
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"


def name_key(name: str) -> str:
    """A name as every lookup compares it: case and extra spaces ignored."""
    return " ".join(name.casefold().split())


def _dice(value: object) -> DamageDice:
    if not isinstance(value, str):
        raise ValueError(f"dice must be a string such as 'd6', got {value!r}")
    return parse_dice(value)


_ATTRIBUTE_DICE = {f"2d{sides}": sides for sides in TIER_SIDES}


def _attribute_die(value: object) -> int:
    if not isinstance(value, str) or value not in _ATTRIBUTE_DICE:
        allowed = ", ".join(_ATTRIBUTE_DICE)
        raise ValueError(f"attribute dice must be one of {allowed}, got {value!r}")
    return _ATTRIBUTE_DICE[value]


def _die_sides(value: object) -> int:
    if not isinstance(value, str) or not value.startswith("d") or not value[1:].isdigit():
        raise ValueError(f"die must be written like 'd20', got {value!r}")
    return int(value[1:])


def _roll_index(value: object) -> RollRange:
    if isinstance(value, int) and not isinstance(value, bool) and value >= 1:
        return RollRange(value, value)
    if isinstance(value, str) and value.endswith("+") and value[:-1].isdigit():
        return RollRange(int(value[:-1]), None)
    raise ValueError(f"roll must be a number from 1 or a string like '6+', got {value!r}")


def _effects(value: object) -> tuple[Effect, ...]:
    if not isinstance(value, list):
        raise ValueError(f"special must be a list of effect strings, got {value!r}")
    return tuple(parse_effect(text) for text in value)


Name = Annotated[StrictStr, Field(min_length=1)]
RuleId = Annotated[StrictStr, Field(pattern=r"^[CRIKM]\d{1,2}(\.\d{1,2})?$")]
Positive = Annotated[StrictInt, Field(ge=1)]
Dice = Annotated[DamageDice, PlainValidator(_dice)]
AttributeDie = Annotated[int, PlainValidator(_attribute_die)]
DieSides = Annotated[int, PlainValidator(_die_sides)]
RollIndex = Annotated[RollRange, PlainValidator(_roll_index)]
Effects = Annotated[tuple[Effect, ...], PlainValidator(_effects)]


class DataModel(BaseModel):
    """The base of every rules-data model (here and in the other tables' modules): frozen,
    strict, and an unknown key is a load error."""

    model_config = ConfigDict(extra="forbid", frozen=True)


_EntryT = TypeVar("_EntryT", bound=DataModel)


class DataTable(DataModel, Generic[_EntryT]):
    """A table of named entries under its rule id; with a ``die``, the entries' rolls cover
    each of its results exactly once, in order (:func:`check_rolls`)."""

    rule: RuleId
    die: DieSides | None = None
    entries: Annotated[list[_EntryT], Field(min_length=1)]

    @model_validator(mode="after")
    def _names_are_unique(self) -> Self:
        seen: set[str] = set()
        for entry in self.entries:
            name = getattr(entry, "name", "")
            if name_key(name) in seen:
                raise ValueError(f"two entries are named {name!r}")
            seen.add(name_key(name))
        return self

    @model_validator(mode="after")
    def _rolls_cover_the_die(self) -> Self:
        rolls: list[RollRange | None] = [getattr(e, "roll", None) for e in self.entries]
        if self.die is None:
            if any(roll is not None for roll in rolls):
                raise ValueError("entries have a roll but the table has no die")
            return self
        check_rolls(self.die, rolls)
        return self


def check_rolls(die: int, rolls: Sequence[RollRange | None]) -> None:
    """Each result 1..``die`` is rolled by exactly one entry, in order; only the last may be
    "N+" (it covers every higher total).

    :raises ValueError: the rolls leave a gap, overlap or run out of order.
    """
    expected = [RollRange(n, n) for n in range(1, die + 1)]
    if rolls and rolls[-1] is not None and rolls[-1].high is None:
        expected[-1] = RollRange(die, None)
    if list(rolls) != expected:
        shown = ", ".join(str(roll) for roll in rolls)
        raise ValueError(f"rolls must run 1..{die} once each, in order; got {shown}")


_M = TypeVar("_M", bound=BaseModel)
Source = Path | Traversable


def read_data(source: Source, filename: str, model: type[_M]) -> _M:
    """Read the TOML file ``filename`` of the data folder ``source`` into ``model``.

    :raises RulesDataError: one line naming the file, the table, the entry and the bad value.
    """
    path = source / filename
    label = str(path)
    try:
        raw = tomllib.loads(_text(path))
    except tomllib.TOMLDecodeError as exc:
        raise RulesDataError(f"{label}: not valid TOML: {exc}") from None
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise RulesDataError(_describe(label, raw, exc)) from None


def _text(path: Source) -> str:
    """A data file's text: a folder on disk (the package's, or a user's data folder) through
    :func:`skirmish.files.read_text`; a zipped install's resource as it is."""
    try:
        if isinstance(path, Path):
            return read_text(path)
        return path.read_text(encoding="utf-8")
    except FileError as exc:
        raise RulesDataError(f"cannot read rules data: {exc}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise RulesDataError(f"{path}: cannot read rules data: {exc}") from None


def _describe(label: str, raw: Mapping[str, Any], exc: ValidationError) -> str:
    errors = exc.errors(include_url=False)
    first = errors[0]
    loc = first["loc"]
    name = _entry_name(raw, loc)
    entry = f" ({name!r})" if name else ""
    error = first.get("ctx", {}).get("error")
    message = str(error) if error is not None else f"{first['msg']} (got {first['input']!r})"
    more = f" (and {len(errors) - 1} more problems)" if len(errors) > 1 else ""
    return f"{label}: {location_text(loc) or '<top>'}{entry}: {message}{more}"


def location_text(loc: tuple[int | str, ...]) -> str:
    """A pydantic error location as written in a file's terms, e.g. ``models[2].changes``."""
    text = ""
    for part in loc:
        if isinstance(part, int):
            text += f"[{part}]"
        elif "[" not in part:  # skip pydantic's union-member tags such as "function-plain[...]"
            text += f".{part}" if text else part
    return text


def _entry_name(raw: Any, loc: tuple[int | str, ...]) -> str | None:
    # The deepest mapping along the error path that has a "name" is the entry in question.
    name = None
    node = raw
    for part in loc:
        if isinstance(node, Mapping) and isinstance(node.get("name"), str):
            name = node["name"]
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            break
    if isinstance(node, Mapping) and isinstance(node.get("name"), str):
        name = node["name"]
    return name
