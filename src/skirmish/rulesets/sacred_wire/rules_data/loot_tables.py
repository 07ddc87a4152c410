"""The Loot tables of ``data/loot.toml``: the Loot Layouts and Loot Modifiers of the mission
generator (K1.3, notes A88-A90) and the find table of the Search action (K2.1), validated at load
into frozen records. The catalogue holds them (:mod:`.catalog`); placing markers and searching
them are :mod:`..missions.loot` and :mod:`..missions.search`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Annotated, Generic, Self, TypeVar

from pydantic import Field, PositiveFloat, StrictBool, StrictInt, model_validator

from skirmish.data_files import Source, read_data
from skirmish.rulesets.sacred_wire.rules_data.effects import DamageDice
from skirmish.rulesets.sacred_wire.rules_data.reading import (
    DataModel,
    Dice,
    DieSides,
    Name,
    RollIndex,
    RuleId,
    check_rolls,
)

MAX_MARKERS = 5  # C1.8: up to 5 Loot Markers


class Shape(StrEnum):
    """How a Loot Layout lays its markers out (K1.3, notes A88)."""

    NONE = "none"
    SCATTERED = "scattered"  # placed: away from the edges and from each other
    CENTRE = "centre"  # placed: near the centre
    EDGE = "edge"  # placed: near one undeployed edge
    CENTRELINE = "centreline"  # fixed: evenly along the east-west centreline
    DROP = "drop"  # fixed: the centre and the four diagonals

    @property
    def placed(self) -> bool:
        """Whether the players place the markers one by one (else they go on fixed points)."""
        return self in (Shape.SCATTERED, Shape.CENTRE, Shape.EDGE)


#: The distances each shape needs.
_SHAPE_FIELDS: dict[Shape, tuple[str, ...]] = {
    Shape.NONE: (),
    Shape.SCATTERED: ("edge_gap", "apart"),
    Shape.CENTRE: ("radius",),
    Shape.EDGE: ("depth",),
    Shape.CENTRELINE: (),
    Shape.DROP: ("radius",),
}
#: The marker count a shape implies (the others take their count from the data).
_SHAPE_COUNT = {Shape.NONE: 0, Shape.DROP: 5}


class ItemTable(StrEnum):
    """The Requisitions tables a find may name (K2.1)."""

    GRENADE = "grenade"
    LIGHT_ARMOUR = "light-armour"
    MELEE = "melee"
    CONSUMABLE = "consumable"
    RANGED = "ranged"
    MEDIUM_ARMOUR = "medium-armour"
    GEAR = "gear"
    HEAVY_ARMOUR = "heavy-armour"


class FindKind(StrEnum):
    """What a find gives (K2.1, K2.2)."""

    SUBS = "subs"
    ITEM = "item"
    EVIDENCE = "evidence"  # unrecorded until the post-game (K2.3)
    LEAD = "lead"
    MERIT = "merit"  # to the searcher (K3.1)
    EVIDENCE_LOST = "evidence-lost"  # False Data (K2.2): the owner picks which (K2.4)


@dataclass(frozen=True, slots=True)
class Layout:
    """A Loot Layout (K1.3): its marker count, shape and the distances of that shape."""

    id: str
    name: str
    roll: int
    markers: int
    shape: Shape
    edge_gap: float = 0.0
    apart: float = 0.0
    radius: float = 0.0
    depth: float = 0.0


@dataclass(frozen=True, slots=True)
class LootModifier:
    """A Loot Modifier (K1.3, notes A89, A90) as the numbers the rules read."""

    id: str
    name: str
    roll: int
    search_tier: int = 0
    decoys: bool = False
    expires_after_round: int = 0
    helpers: int = 0
    fumble_damage: DamageDice | None = None
    carrier_damage: int = 0


@dataclass(frozen=True, slots=True)
class FindRow:
    """A row of the K2.1 find table; ``again`` rolls more, ignoring this row."""

    roll: int
    subs: int = 0
    item: ItemTable | None = None
    evidence: int = 0
    leads: int = 0
    merits: int = 0
    again: int = 0


@dataclass(frozen=True, slots=True)
class LootTables:
    """Everything ``data/loot.toml`` holds."""

    layouts: tuple[Layout, ...]
    modifiers: tuple[LootModifier, ...]
    finds: tuple[FindRow, ...]

    def layout(self, layout_id: str) -> Layout:
        """A layout by id (setup options are checked against the ids first)."""
        return next(x for x in self.layouts if x.id == layout_id)

    def modifier(self, modifier_id: str) -> LootModifier:
        """A modifier by id."""
        return next(x for x in self.modifiers if x.id == modifier_id)

    def find(self, face: int) -> FindRow:
        """The row of a d20 face."""
        return next(x for x in self.finds if x.roll == face)


Count = Annotated[StrictInt, Field(ge=0)]


class _RowIn(DataModel):
    roll: RollIndex


class _LayoutIn(_RowIn):
    id: Name
    name: Name
    markers: Annotated[StrictInt, Field(ge=0, le=MAX_MARKERS)]
    shape: Shape
    edge_gap: PositiveFloat | None = None
    apart: PositiveFloat | None = None
    radius: PositiveFloat | None = None
    depth: PositiveFloat | None = None

    @model_validator(mode="after")
    def _fields_fit_the_shape(self) -> Self:
        given = {
            f for f in ("edge_gap", "apart", "radius", "depth") if getattr(self, f) is not None
        }
        wanted = set(_SHAPE_FIELDS[self.shape])
        if given != wanted:
            names = ", ".join(sorted(wanted)) or "no distances"
            raise ValueError(f"shape {self.shape.value!r} takes {names}")
        count = _SHAPE_COUNT.get(self.shape)
        if count is not None and self.markers != count:
            raise ValueError(f"shape {self.shape.value!r} has {count} markers")
        return self


class _ModifierIn(_RowIn):
    id: Name
    name: Name
    search_tier: Annotated[StrictInt, Field(ge=-2, le=2)] = 0
    decoys: StrictBool = False
    expires_after_round: Count = 0
    helpers: Count = 0
    fumble_damage: Dice | None = None
    carrier_damage: Count = 0


class _FindIn(_RowIn):
    subs: Count = 0
    item: ItemTable | None = None
    evidence: Count = 0
    leads: Count = 0
    merits: Count = 0
    again: Count = 0

    @model_validator(mode="after")
    def _gives_something(self) -> Self:
        gains = (self.subs, self.item, self.evidence, self.leads, self.merits)
        if self.again and any(gains):
            raise ValueError("a row that rolls again gives nothing itself")
        if not self.again and not any(gains):
            raise ValueError("a row must give subs, an item, evidence, leads or merits")
        return self


_EntryT = TypeVar("_EntryT", bound=_RowIn)


class _LootTable(DataModel, Generic[_EntryT]):
    rule: RuleId
    die: DieSides
    entries: Annotated[list[_EntryT], Field(min_length=1)]

    @model_validator(mode="after")
    def _rolls_cover_the_die_and_ids_differ(self) -> Self:
        check_rolls(self.die, [e.roll for e in self.entries])
        ids = [getattr(e, "id", str(n)) for n, e in enumerate(self.entries)]
        if len(set(ids)) != len(ids):
            raise ValueError("two entries share an id")
        return self


class _LootFile(DataModel):
    layouts: _LootTable[_LayoutIn]
    modifiers: _LootTable[_ModifierIn]
    finds: _LootTable[_FindIn]


def load_loot_tables(source: Source) -> LootTables:
    """Load and validate ``loot.toml`` of the data folder ``source``.

    Raises:
        RulesDataError: one line naming the file, the table, the entry and the bad value.
    """
    data = read_data(source, "loot.toml", _LootFile)
    layouts = tuple(
        Layout(
            e.id,
            e.name,
            e.roll.low,
            e.markers,
            e.shape,
            e.edge_gap or 0.0,
            e.apart or 0.0,
            e.radius or 0.0,
            e.depth or 0.0,
        )
        for e in data.layouts.entries
    )
    modifiers = tuple(
        LootModifier(
            e.id,
            e.name,
            e.roll.low,
            e.search_tier,
            e.decoys,
            e.expires_after_round,
            e.helpers,
            e.fumble_damage,
            e.carrier_damage,
        )
        for e in data.modifiers.entries
    )
    finds = tuple(
        FindRow(e.roll.low, e.subs, e.item, e.evidence, e.leads, e.merits, e.again)
        for e in data.finds.entries
    )
    return LootTables(layouts, modifiers, finds)
