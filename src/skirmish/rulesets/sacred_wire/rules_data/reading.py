"""Reading the Sacred Wire rules data: the field types and tables every table's module shares.

:func:`skirmish.data_files.read_data` reads each ``data/*.toml`` file into a pydantic model
built on :class:`DataModel` (strict numbers and strings, no unknown keys). The field types
(``Name``, ``RuleId``, ``Dice``, ``RollIndex`` ...) and :class:`DataTable`, whose rolls must
cover its die exactly once (:func:`check_rolls`), are the vocabulary the catalogue
(:mod:`.catalog`) and the loot, mission and campaign tables (:mod:`.loot_tables`,
:mod:`.mission_tables`, :mod:`.campaign_tables`) are written in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Annotated, Generic, Self, TypeVar

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PlainValidator,
    StrictInt,
    StrictStr,
    model_validator,
)

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
