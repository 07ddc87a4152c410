"""The Sacred Wire 28 rules data: TOML validated at load time, then plain frozen records.

Each ``data/*.toml`` file is read by :mod:`.reading` into a pydantic model (strict numbers and
strings, no unknown keys, every d-table covering its die exactly once, every special parsed into a
typed :class:`~skirmish.rulesets.sacred_wire.rules_data.effects.Effect`). Any problem becomes one
:class:`~skirmish.errors.RulesDataError` line naming the file, the table, the entry and the bad
value. Validated data is converted into ``@dataclass(frozen=True, slots=True)`` records held by a
:class:`Catalog` with case-insensitive name lookups.

A catalogue is loaded by the ruleset that owns it (:mod:`..base`, DESIGN, second edition of the
contract: Data), once per ruleset instance; nothing here keeps one of its own.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import lru_cache
from typing import Any, Generic, Protocol, Self, TypeVar

from pydantic import (
    StrictBool,
    model_validator,
)

from skirmish.data_files import Source, read_data
from skirmish.errors import RulesDataError, SkirmishError
from skirmish.rulesets.sacred_wire.rules_data.campaign_tables import (
    CampaignRules,
    load_campaign_tables,
)
from skirmish.rulesets.sacred_wire.rules_data.effects import (
    DamageDice,
    Dissolved,
    Effect,
    OutOfAction,
    PowerAttack,
)
from skirmish.rulesets.sacred_wire.rules_data.hostile_tables import (
    Faction,
    HostileTables,
    WeaponMode,
    load_hostile_tables,
)
from skirmish.rulesets.sacred_wire.rules_data.loot_tables import LootTables, load_loot_tables
from skirmish.rulesets.sacred_wire.rules_data.mission_tables import (
    MissionTables,
    load_mission_tables,
)
from skirmish.rulesets.sacred_wire.rules_data.reading import (
    AttributeDie,
    DataModel,
    DataTable,
    Dice,
    Effects,
    Name,
    Positive,
    RollIndex,
    RollRange,
    RuleId,
    WeaponType,
    name_key,
)

__all__ = [
    "Armor",
    "ArmorClass",
    "ArmorClassInfo",
    "AttributeArray",
    "Blessing",
    "Catalog",
    "Consumable",
    "Contract",
    "CriticalRow",
    "CriticalTable",
    "Cybernetic",
    "FumbleKind",
    "FumbleRow",
    "FumbleTable",
    "Gear",
    "Grenade",
    "ItemTarget",
    "ItemTiming",
    "MeleeWeapon",
    "Power",
    "PowerKind",
    "RangedWeapon",
    "SampleModel",
    "SquadRules",
    "TableRow",
    "UnknownEntryError",
    "WeaponAccess",
    "WeaponType",
    "load_catalog",
    "slug",
]


class UnknownEntryError(SkirmishError):
    """A catalogue lookup by a name that is not in the rules data."""


# --------------------------------------------------------------------------------------------
# Vocabulary of the tables
# --------------------------------------------------------------------------------------------


class ArmorClass(StrEnum):
    """Armour classes, lightest first (R3.6-R3.8); a contract caps the class (C2.4)."""

    LIGHT = "light"
    MEDIUM = "medium"
    HEAVY = "heavy"

    @property
    def rank(self) -> int:
        """0 for Light up to 2 for Heavy, to compare against a contract's cap."""
        return list(ArmorClass).index(self)


class WeaponAccess(StrEnum):
    """Which weapon lists a contract may buy from (C2.3)."""

    MELEE = "melee"
    RANGED = "ranged"
    BOTH = "both"


class PowerKind(StrEnum):
    """Offensive: Wits vs. target Wits; Support: Wits vs. 2d6 on a friend (C5.1)."""

    OFFENSIVE = "offensive"
    SUPPORT = "support"


class FumbleKind(StrEnum):
    """The three Fumble tables (R7): close combat, shooting, casting."""

    MELEE = "melee"
    RANGED = "ranged"
    BROADCAST = "broadcast"


class ItemTarget(StrEnum):
    """Who a consumable works on (R3.9); "adjacent" = within 1" (notes A68)."""

    SELF = "self"
    ADJACENT = "adjacent"


class ItemTiming(StrEnum):
    """An action in the owner's activation, or a reaction (only the Trauma Kit, R3.9)."""

    ACTION = "action"
    REACTION = "reaction"


# --------------------------------------------------------------------------------------------
# Records
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MeleeWeapon:
    """A melee weapon (R3.2), or one of the two improvised ones (R3.1: no cost, no roll)."""

    name: str
    rule: str
    roll: int | None
    weapon_type: WeaponType
    damage: DamageDice
    cost: int | None
    effects: tuple[Effect, ...]

    @property
    def improvised(self) -> bool:
        """True for Unarmed and Improvised, which are never bought."""
        return self.cost is None


@dataclass(frozen=True, slots=True)
class RangedWeapon:
    """A ranged weapon (R3.3); ``range`` in inches."""

    name: str
    rule: str
    roll: int
    weapon_type: WeaponType
    damage: DamageDice
    range: int
    cost: int
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Grenade:
    """A grenade (R3.4): thrown ``range``" at a point, ``blast``" radius (C4.14, C4.15)."""

    name: str
    rule: str
    roll: int
    weapon_type: WeaponType | None  # Smoke and Flash print no type
    damage: DamageDice
    cost: int
    range: int
    blast: int
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class ArmorClassInfo:
    """What every piece of a class gives (R3.6-R3.8): its reduction and base effects."""

    armor_class: ArmorClass
    rule: str
    reduction: int
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Armor:
    """An armour piece; ``effects`` are its own special, the class's are separate (A71)."""

    name: str
    rule: str
    roll: int
    armor_class: ArmorClass
    reduction: int
    cost: int
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Consumable:
    """A one-use item (R3.9)."""

    name: str
    rule: str
    roll: int
    cost: int
    target: ItemTarget
    timing: ItemTiming
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Gear:
    """A passive piece of gear (R3.10)."""

    name: str
    rule: str
    roll: int
    cost: int
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Cybernetic:
    """A cybernetic (R3.11): it repairs a matching permanent penalty (notes A70)."""

    name: str
    rule: str
    roll: int
    cost: int
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Power:
    """A Broadcast Power (R5.1); ``spreads`` is False for Focus and Swap (C5.1)."""

    name: str
    rule: str
    roll: int
    kind: PowerKind
    spreads: bool
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class TableRow:
    """One result of a Critical or Fumble table."""

    roll: RollRange
    name: str
    effects: tuple[Effect, ...]

    @property
    def takes_out(self) -> bool:
        """The row puts the model Out of Action whatever its Health: at once (the Critical
        tables' 6+ rows, R6) or at the end of the next round (Dissolved, R6.6)."""
        return any(isinstance(e, OutOfAction | Dissolved) for e in self.effects)


CriticalRow = TableRow
FumbleRow = TableRow


def _row_for(rows: Sequence[TableRow], total: int) -> TableRow:
    # A total below 1 (Protective Lining on a plain Triple) reads as 1 (notes A37).
    clamped = max(total, 1)
    return next(row for row in rows if row.roll.covers(clamped))


@dataclass(frozen=True, slots=True)
class CriticalTable:
    """The Critical table of one weapon type (R6.1-R6.8)."""

    weapon_type: WeaponType
    rule: str
    rows: tuple[TableRow, ...]

    def row(self, total: int) -> TableRow:
        """The result for a modified d6 total (6+ for anything above 5, 1 below 1)."""
        return _row_for(self.rows, total)


@dataclass(frozen=True, slots=True)
class FumbleTable:
    """One of the three Fumble tables (R7.1-R7.3)."""

    kind: FumbleKind
    rule: str
    rows: tuple[TableRow, ...]

    @property
    def name(self) -> str:
        """The table's title: Melee, Ranged or Broadcast Fumble."""
        return f"{self.kind.value.title()} Fumble"

    def row(self, total: int) -> TableRow:
        """The result for a modified d6 total (6+ for anything above 5)."""
        return _row_for(self.rows, total)


@dataclass(frozen=True, slots=True)
class Contract:
    """A contract type (C2.4); ``unique``: exactly one per squad, never replaced (the Boss)."""

    name: str
    rule: str
    health: int
    move: int
    weapons: WeaponAccess
    max_armor: ArmorClass
    max_per_squad: int
    unique: bool
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class AttributeArray:
    """An attribute array (C2.1): three dice tiers, given as the sides of each pair."""

    name: str
    rule: str
    dice: tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Blessing:
    """A Corporate Blessing (C4.2)."""

    name: str
    rule: str
    roll: int
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class SampleModel:
    """A ready-made model (R8); attributes are the sides of each pair, final values."""

    name: str
    rule: str
    contract: str
    cost: int
    health: int
    move: int
    combat: int
    defense: int
    wits: int
    kit: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SquadRules:
    """Squad size and budget (C2, C2.3)."""

    rule: str
    models: int
    budget: int


Item = MeleeWeapon | RangedWeapon | Grenade | Armor | Consumable | Gear | Cybernetic


# --------------------------------------------------------------------------------------------
# Name lookups
# --------------------------------------------------------------------------------------------


class _Named(Protocol):
    @property
    def name(self) -> str: ...


_T = TypeVar("_T", bound=_Named)


@lru_cache(maxsize=1024)  # names come from the catalogue; every option offered spells one
def slug(name: str) -> str:
    """A name as one word for action texts: ``"Needle Gun"`` -> ``"needle-gun"``."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


class NameIndex(Generic[_T]):
    """Case-insensitive lookup of records by name; a miss lists the close matches."""

    __slots__ = ("_by_key", "_by_name", "_kind")

    def __init__(self, kind: str, records: Iterable[_T]) -> None:
        self._kind = kind
        self._by_key: dict[str, _T] = {}
        for record in records:
            key = name_key(record.name)
            if key in self._by_key:
                raise RulesDataError(f"two {kind} entries are named {record.name!r}")
            self._by_key[key] = record
        # The rules look records up by the names the catalogue spells, over and over.
        self._by_name = {record.name: record for record in self._by_key.values()}

    def find(self, name: str) -> _T | None:
        """The record called ``name`` (any case), or None."""
        found = self._by_name.get(name)
        return found if found is not None else self._by_key.get(name_key(name))

    def get(self, name: str) -> _T:
        """The record called ``name`` (any case); raise UnknownEntryError otherwise."""
        found = self.find(name)
        if found is not None:
            return found
        names = [record.name for record in self._by_key.values()]
        close = difflib.get_close_matches(name, names, n=3, cutoff=0.5)
        hint = f"; close matches: {', '.join(close)}" if close else ""
        raise UnknownEntryError(f"unknown {self._kind} {name!r}{hint}")

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name_key(name) in self._by_key


# --------------------------------------------------------------------------------------------
# The catalogue
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, eq=False)
class Catalog:
    """Every table of the Requisitions booklet plus the Core personnel tables and blessings,
    the loot tables, the mission generator's, the campaign's and the hostiles'.

    A catalogue is one ruleset's data, compared and hashed by identity: plans and odds cached
    per catalogue cost one pointer to look up, never a walk over the tables.
    """

    improvised_weapons: tuple[MeleeWeapon, ...]
    melee_weapons: tuple[MeleeWeapon, ...]
    ranged_weapons: tuple[RangedWeapon, ...]
    grenades: tuple[Grenade, ...]
    armor_classes: tuple[ArmorClassInfo, ...]
    armor_pieces: tuple[Armor, ...]
    consumables: tuple[Consumable, ...]
    gear_items: tuple[Gear, ...]
    cybernetics: tuple[Cybernetic, ...]
    powers: tuple[Power, ...]
    critical_tables: tuple[CriticalTable, ...]
    fumble_tables: tuple[FumbleTable, ...]
    contracts: tuple[Contract, ...]
    arrays: tuple[AttributeArray, ...]
    blessings: tuple[Blessing, ...]
    samples: tuple[SampleModel, ...]
    squad: SquadRules
    loot: LootTables
    missions: MissionTables
    campaign: CampaignRules
    hostiles: HostileTables
    _weapons: NameIndex[MeleeWeapon | RangedWeapon] = field(init=False, repr=False, compare=False)
    _squad_weapons: NameIndex[MeleeWeapon | RangedWeapon] = field(
        init=False, repr=False, compare=False
    )
    _hostile_weapons: NameIndex[MeleeWeapon | RangedWeapon] = field(
        init=False, repr=False, compare=False
    )
    _items: NameIndex[Item] = field(init=False, repr=False, compare=False)
    _others: dict[str, NameIndex[Any]] = field(init=False, repr=False, compare=False)
    _slugs: dict[str, str] = field(init=False, repr=False, compare=False)
    _kits: dict[tuple[str, ...], tuple[MeleeWeapon | RangedWeapon, ...]] = field(
        init=False, repr=False, compare=False, default_factory=dict
    )
    _hostile_rules: dict[str, Contract] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        players: tuple[MeleeWeapon | RangedWeapon, ...] = (
            *self.improvised_weapons,
            *self.melee_weapons,
            *self.ranged_weapons,
        )
        hostile = _hostile_weapons(self.hostiles, {name_key(w.name) for w in players})
        weapons = (*players, *hostile)
        bought: tuple[Item, ...] = (
            *self.melee_weapons,
            *self.ranged_weapons,
            *self.grenades,
            *self.armor_pieces,
        )
        items: tuple[Item, ...] = (
            *bought,
            *self.consumables,
            *self.gear_items,
            *self.cybernetics,
        )
        others: dict[str, Iterable[Any]] = {
            "grenade": self.grenades,
            "armour piece": self.armor_pieces,
            "consumable": self.consumables,
            "gear": self.gear_items,
            "cybernetic": self.cybernetics,
            "power": self.powers,
            "contract": self.contracts,
            "attribute array": self.arrays,
            "blessing": self.blessings,
            "sample model": self.samples,
        }
        object.__setattr__(self, "_weapons", NameIndex("weapon", weapons))
        object.__setattr__(self, "_squad_weapons", NameIndex("weapon", players))
        object.__setattr__(self, "_hostile_weapons", NameIndex("hostile weapon", hostile))
        object.__setattr__(self, "_items", NameIndex("item", items))
        object.__setattr__(self, "_others", {k: NameIndex(k, v) for k, v in others.items()})
        names = (
            *(w.name for w in weapons),
            *(g.name for g in self.grenades),
            *(c.name for c in self.consumables),
            *(p.name for p in self.powers),
            *(b.name for b in self.blessings),
        )
        object.__setattr__(self, "_slugs", {slug(name): name for name in names})
        rules = {f.id: _hostile_rules(f) for f in self.hostiles.factions.values()}
        object.__setattr__(self, "_hostile_rules", rules)

    def slug_name(self, word: str) -> str | None:
        """The name of the weapon, grenade, consumable, Power or blessing an action text
        names by its :func:`slug`, or None."""
        return self._slugs.get(word)

    def weapon(self, name: str) -> MeleeWeapon | RangedWeapon:
        """A melee, improvised or ranged weapon by name (any case)."""
        return self._weapons.get(name)

    def squad_weapon(self, name: str) -> MeleeWeapon | RangedWeapon:
        """A weapon of the R3 lists by name (any case), the improvised ones among them: the
        weapons a squad may list (C2.3), never a hostile's."""
        return self._squad_weapons.get(name)

    def hostile_weapon(self, name: str) -> MeleeWeapon | RangedWeapon | None:
        """A hostile's weapon by name (any case), or None: one no squad may list (C2.3)."""
        return self._hostile_weapons.find(name)

    def kit(self, names: tuple[str, ...]) -> tuple[MeleeWeapon | RangedWeapon, ...]:
        """The weapons of these names, in order: a model's kit, looked up once per catalogue
        (the rules ask for a model's weapons at nearly every step)."""
        found = self._kits.get(names)
        if found is None:
            found = self._kits[names] = tuple(self._weapons.get(name) for name in names)
        return found

    def find_weapon(self, name: str) -> MeleeWeapon | RangedWeapon | None:
        """A weapon by name (any case), or None when ``name`` names no weapon."""
        return self._weapons.find(name)

    def melee_weapon(self, name: str) -> MeleeWeapon:
        """A melee or improvised weapon by name."""
        found = self.weapon(name)
        if not isinstance(found, MeleeWeapon):
            raise UnknownEntryError(f"{found.name!r} is a ranged weapon, not a melee weapon")
        return found

    def ranged_weapon(self, name: str) -> RangedWeapon:
        """A ranged weapon by name."""
        found = self.weapon(name)
        if not isinstance(found, RangedWeapon):
            raise UnknownEntryError(f"{found.name!r} is a melee weapon, not a ranged weapon")
        return found

    def item(self, name: str) -> Item:
        """Anything that can be bought: weapon, grenade, armour, consumable, gear, cybernetic."""
        return self._items.get(name)

    def grenade(self, name: str) -> Grenade:
        """A grenade by name."""
        found: Grenade = self._others["grenade"].get(name)
        return found

    def armor(self, name: str) -> Armor:
        """An armour piece by name."""
        found: Armor = self._others["armour piece"].get(name)
        return found

    def armor_class(self, armor_class: ArmorClass | str) -> ArmorClassInfo:
        """The base rules of an armour class."""
        wanted = _enum_member(ArmorClass, armor_class, "armour class")
        return next(info for info in self.armor_classes if info.armor_class is wanted)

    def consumable(self, name: str) -> Consumable:
        """A consumable by name."""
        found: Consumable = self._others["consumable"].get(name)
        return found

    def gear(self, name: str) -> Gear:
        """A piece of gear by name."""
        found: Gear = self._others["gear"].get(name)
        return found

    def cybernetic(self, name: str) -> Cybernetic:
        """A cybernetic by name."""
        found: Cybernetic = self._others["cybernetic"].get(name)
        return found

    def power(self, name: str) -> Power:
        """A Broadcast Power by name."""
        found: Power = self._others["power"].get(name)
        return found

    def contract(self, name: str) -> Contract:
        """A contract type by name."""
        found: Contract = self._others["contract"].get(name)
        return found

    def model_contract(self, name: str) -> Contract:
        """The terms a model in play is played by: a squad model's contract by name, or the
        rules of a hostile faction by its id (:func:`_hostile_rules`)."""
        return self._hostile_rules.get(name) or self.contract(name)

    def array(self, name: str) -> AttributeArray:
        """An attribute array by name."""
        found: AttributeArray = self._others["attribute array"].get(name)
        return found

    def blessing(self, name: str) -> Blessing:
        """A Corporate Blessing by name."""
        found: Blessing = self._others["blessing"].get(name)
        return found

    def sample(self, name: str) -> SampleModel:
        """A sample model by name."""
        found: SampleModel = self._others["sample model"].get(name)
        return found

    def critical_table(self, weapon_type: WeaponType | str) -> CriticalTable:
        """The Critical table of a weapon type."""
        wanted = _enum_member(WeaponType, weapon_type, "weapon type")
        return next(table for table in self.critical_tables if table.weapon_type is wanted)

    def fumble_table(self, kind: FumbleKind | str) -> FumbleTable:
        """The Fumble table for close combat, shooting or casting."""
        wanted = _enum_member(FumbleKind, kind, "fumble table")
        return next(table for table in self.fumble_tables if table.kind is wanted)


_S = TypeVar("_S", bound=StrEnum)


def _enum_member(kind: type[_S], value: _S | str, what: str) -> _S:
    try:
        return kind(value.casefold() if isinstance(value, str) else value)
    except ValueError:
        allowed = ", ".join(member.value for member in kind)
        raise UnknownEntryError(f"unknown {what} {value!r} (one of: {allowed})") from None


# --------------------------------------------------------------------------------------------
# Validation models (the TOML boundary)
# --------------------------------------------------------------------------------------------


class _Entry(DataModel):
    name: Name
    roll: RollIndex | None = None
    special: Effects


class _ImprovisedIn(_Entry):
    type: WeaponType
    damage: Dice


class _MeleeIn(_ImprovisedIn):
    cost: Positive


class _RangedIn(_MeleeIn):
    range: Positive


class _GrenadeIn(_Entry):
    type: WeaponType | None = None
    damage: Dice
    cost: Positive


class _PricedIn(_Entry):
    cost: Positive


class _ConsumableIn(_PricedIn):
    target: ItemTarget
    timing: ItemTiming = ItemTiming.ACTION


class _PowerIn(_Entry):
    kind: PowerKind
    spreads: StrictBool = True


class _ContractIn(DataModel):
    name: Name
    health: Positive
    move: Positive
    weapons: WeaponAccess
    max_armor: ArmorClass
    max_per_squad: Positive
    unique: StrictBool = False
    special: Effects


class _ArrayIn(DataModel):
    name: Name
    dice: tuple[AttributeDie, AttributeDie, AttributeDie]


class _SampleIn(DataModel):
    rule: RuleId
    name: Name
    contract: Name
    cost: Positive
    health: Positive
    move: Positive
    combat: AttributeDie
    defense: AttributeDie
    wits: AttributeDie
    kit: tuple[Name, ...]


class _SquadIn(DataModel):
    rule: RuleId
    models: Positive
    budget: Positive


class _ResultTable(DataTable[_Entry]):
    """A Critical or Fumble table: its last row covers every higher total ("6+")."""

    @model_validator(mode="after")
    def _last_row_is_open(self) -> Self:
        last = self.entries[-1].roll
        if last is None or last.high is not None:
            raise ValueError(f"the last row must cover every higher total, e.g. '6+'; got {last}")
        return self


class _GrenadeTable(DataTable[_GrenadeIn]):
    range: Positive
    blast: Positive


class _ArmorTable(DataTable[_PricedIn]):
    reduction: Positive
    special: Effects


class _WeaponsFile(DataModel):
    improvised: DataTable[_ImprovisedIn]
    melee: DataTable[_MeleeIn]
    ranged: DataTable[_RangedIn]
    grenades: _GrenadeTable


class _ArmorFile(DataModel):
    light: _ArmorTable
    medium: _ArmorTable
    heavy: _ArmorTable


class _EquipmentFile(DataModel):
    consumables: DataTable[_ConsumableIn]
    gear: DataTable[_PricedIn]
    cybernetics: DataTable[_PricedIn]


class _PowersFile(DataModel):
    powers: DataTable[_PowerIn]


class _CriticalsFile(DataModel):
    bladed: _ResultTable
    blunt: _ResultTable
    projectile: _ResultTable
    energy: _ResultTable
    explosive: _ResultTable
    toxic: _ResultTable
    static: _ResultTable
    broadcast: _ResultTable


class _FumblesFile(DataModel):
    melee: _ResultTable
    ranged: _ResultTable
    broadcast: _ResultTable


class _PersonnelFile(DataModel):
    squad: _SquadIn
    arrays: DataTable[_ArrayIn]
    contracts: DataTable[_ContractIn]


class _BlessingsFile(DataModel):
    blessings: DataTable[_Entry]


class _SamplesFile(DataModel):
    samples: DataTable[_SampleIn]


# --------------------------------------------------------------------------------------------
# Reading files and reporting errors
# --------------------------------------------------------------------------------------------

# --------------------------------------------------------------------------------------------
# Conversion to records
# --------------------------------------------------------------------------------------------


def _roll_range(entry: _Entry) -> RollRange:
    if entry.roll is None:  # DataTable guarantees a roll on every entry of a table with a die
        raise RulesDataError(f"entry {entry.name!r} has no roll")
    return entry.roll


def _roll(entry: _Entry) -> int:
    return _roll_range(entry).low


def _melee(table: DataTable[_ImprovisedIn] | DataTable[_MeleeIn]) -> tuple[MeleeWeapon, ...]:
    return tuple(
        MeleeWeapon(
            name=e.name,
            rule=table.rule,
            roll=e.roll.low if e.roll else None,
            weapon_type=e.type,
            damage=e.damage,
            cost=e.cost if isinstance(e, _MeleeIn) else None,
            effects=e.special,
        )
        for e in table.entries
    )


def _ranged(table: DataTable[_RangedIn]) -> tuple[RangedWeapon, ...]:
    return tuple(
        RangedWeapon(e.name, table.rule, _roll(e), e.type, e.damage, e.range, e.cost, e.special)
        for e in table.entries
    )


HOSTILE_RANGE = 36
"""A hostile's ranged weapon reaches 36", as the players' guns do (notes A40)."""
POWER_RANGE = 999
"""A hostile's Power weapon needs only sight (notes A40): no board is this long."""


def _hostile_weapons(
    tables: HostileTables, taken: set[str]
) -> tuple[MeleeWeapon | RangedWeapon, ...]:
    """The hostiles' weapons as weapon records, once per name (a name two factions share
    must mean the same weapon), never one of the players' weapons; they are never bought."""
    found: dict[str, MeleeWeapon | RangedWeapon] = {}
    for faction in tables.factions.values():
        for unit in faction.units:
            w = unit.weapon
            record: MeleeWeapon | RangedWeapon
            if w.mode is WeaponMode.MELEE:
                record = MeleeWeapon(w.name, faction.rule, None, w.weapon_type, w.damage, None, ())
            else:
                power = w.mode is WeaponMode.POWER
                reach = POWER_RANGE if power else HOSTILE_RANGE
                effects: tuple[Effect, ...] = (PowerAttack(),) if power else ()
                record = RangedWeapon(
                    w.name, faction.rule, 0, w.weapon_type, w.damage, reach, 0, effects
                )
            before = found.setdefault(w.name, record)
            same = before is record or before == replace(record, rule=before.rule)
            if name_key(w.name) in taken or not same:
                raise RulesDataError(
                    f"hostiles.toml: {faction.name} weapon {w.name!r} clashes with another "
                    "weapon of that name"
                )
    return tuple(found.values())


def _hostile_rules(faction: Faction) -> Contract:
    """A hostile faction's model as the attack rules read a contract: no armour, any weapon,
    and its special rule's effects (I2.1-I7.1, I8.1)."""
    return Contract(
        faction.name,
        faction.rule,
        0,
        0,
        WeaponAccess.BOTH,
        ArmorClass.LIGHT,
        0,
        False,
        faction.special_rule.effects,
    )


def _grenades(table: _GrenadeTable) -> tuple[Grenade, ...]:
    return tuple(
        Grenade(
            e.name,
            table.rule,
            _roll(e),
            e.type,
            e.damage,
            e.cost,
            table.range,
            table.blast,
            e.special,
        )
        for e in table.entries
    )


def _armor(data: _ArmorFile) -> tuple[tuple[ArmorClassInfo, ...], tuple[Armor, ...]]:
    classes: list[ArmorClassInfo] = []
    pieces: list[Armor] = []
    for armor_class in ArmorClass:
        table: _ArmorTable = getattr(data, armor_class.value)
        classes.append(ArmorClassInfo(armor_class, table.rule, table.reduction, table.special))
        pieces.extend(
            Armor(e.name, table.rule, _roll(e), armor_class, table.reduction, e.cost, e.special)
            for e in table.entries
        )
    return tuple(classes), tuple(pieces)


def _priced(table: DataTable[_PricedIn], kind: Callable[..., _T]) -> tuple[_T, ...]:
    return tuple(kind(e.name, table.rule, _roll(e), e.cost, e.special) for e in table.entries)


def _consumables(table: DataTable[_ConsumableIn]) -> tuple[Consumable, ...]:
    return tuple(
        Consumable(e.name, table.rule, _roll(e), e.cost, e.target, e.timing, e.special)
        for e in table.entries
    )


def _powers(table: DataTable[_PowerIn]) -> tuple[Power, ...]:
    return tuple(
        Power(e.name, table.rule, _roll(e), e.kind, e.spreads, e.special) for e in table.entries
    )


def _rows(table: DataTable[_Entry]) -> tuple[TableRow, ...]:
    return tuple(TableRow(_roll_range(e), e.name, e.special) for e in table.entries)


def _criticals(data: _CriticalsFile) -> tuple[CriticalTable, ...]:
    tables = [(kind, getattr(data, kind.value)) for kind in WeaponType]
    return tuple(CriticalTable(kind, table.rule, _rows(table)) for kind, table in tables)


def _fumbles(data: _FumblesFile) -> tuple[FumbleTable, ...]:
    tables = [(kind, getattr(data, kind.value)) for kind in FumbleKind]
    return tuple(FumbleTable(kind, table.rule, _rows(table)) for kind, table in tables)


def _contracts(table: DataTable[_ContractIn]) -> tuple[Contract, ...]:
    return tuple(
        Contract(
            e.name,
            table.rule,
            e.health,
            e.move,
            e.weapons,
            e.max_armor,
            e.max_per_squad,
            e.unique,
            e.special,
        )
        for e in table.entries
    )


def _arrays(table: DataTable[_ArrayIn]) -> tuple[AttributeArray, ...]:
    return tuple(AttributeArray(e.name, table.rule, e.dice) for e in table.entries)


def _blessings(table: DataTable[_Entry]) -> tuple[Blessing, ...]:
    return tuple(Blessing(e.name, table.rule, _roll(e), e.special) for e in table.entries)


def _samples(table: DataTable[_SampleIn]) -> tuple[SampleModel, ...]:
    return tuple(
        SampleModel(
            e.name,
            e.rule,
            e.contract,
            e.cost,
            e.health,
            e.move,
            e.combat,
            e.defense,
            e.wits,
            e.kit,
        )
        for e in table.entries
    )


def _check_samples(catalog: Catalog, label: str) -> None:
    # Cross-file references: each sample's contract and kit must exist, and its kit must add up
    # to its printed cost.
    for index, sample in enumerate(catalog.samples):
        where = f"{label}: samples.entries[{index}] ({sample.name!r})"
        try:
            catalog.contract(sample.contract)
            costs = [catalog.item(name).cost or 0 for name in sample.kit]
        except UnknownEntryError as exc:
            raise RulesDataError(f"{where}: {exc}") from None
        if sum(costs) != sample.cost:
            raise RulesDataError(f"{where}: kit costs {sum(costs)} subs, printed {sample.cost}")


@dataclass(frozen=True, slots=True)
class _Files:
    """The validated contents of every data file."""

    weapons: _WeaponsFile
    armor: _ArmorFile
    equipment: _EquipmentFile
    powers: _PowersFile
    criticals: _CriticalsFile
    fumbles: _FumblesFile
    personnel: _PersonnelFile
    blessings: _BlessingsFile
    samples: _SamplesFile
    loot: LootTables
    missions: MissionTables
    campaign: CampaignRules
    hostiles: HostileTables


def _read_all(source: Source) -> _Files:
    return _Files(
        weapons=read_data(source, "weapons.toml", _WeaponsFile),
        armor=read_data(source, "armor.toml", _ArmorFile),
        equipment=read_data(source, "equipment.toml", _EquipmentFile),
        powers=read_data(source, "powers.toml", _PowersFile),
        criticals=read_data(source, "criticals.toml", _CriticalsFile),
        fumbles=read_data(source, "fumbles.toml", _FumblesFile),
        personnel=read_data(source, "personnel.toml", _PersonnelFile),
        blessings=read_data(source, "blessings.toml", _BlessingsFile),
        samples=read_data(source, "samples.toml", _SamplesFile),
        loot=load_loot_tables(source),
        missions=load_mission_tables(source),
        campaign=load_campaign_tables(source),
        hostiles=load_hostile_tables(source),
    )


def _build(data: _Files) -> Catalog:
    armor_classes, armor_pieces = _armor(data.armor)
    squad = data.personnel.squad
    return Catalog(
        improvised_weapons=_melee(data.weapons.improvised),
        melee_weapons=_melee(data.weapons.melee),
        ranged_weapons=_ranged(data.weapons.ranged),
        grenades=_grenades(data.weapons.grenades),
        armor_classes=armor_classes,
        armor_pieces=armor_pieces,
        consumables=_consumables(data.equipment.consumables),
        gear_items=_priced(data.equipment.gear, Gear),
        cybernetics=_priced(data.equipment.cybernetics, Cybernetic),
        powers=_powers(data.powers.powers),
        critical_tables=_criticals(data.criticals),
        fumble_tables=_fumbles(data.fumbles),
        contracts=_contracts(data.personnel.contracts),
        arrays=_arrays(data.personnel.arrays),
        blessings=_blessings(data.blessings.blessings),
        samples=_samples(data.samples.samples),
        squad=SquadRules(squad.rule, squad.models, squad.budget),
        loot=data.loot,
        missions=data.missions,
        campaign=data.campaign,
        hostiles=data.hostiles,
    )


def load_catalog(source: Source) -> Catalog:
    """Load and validate the rules data of the folder ``source`` (a ruleset's ``data_folder``,
    :mod:`..base`).

    :raises RulesDataError: one line naming the file, table, entry and the bad value.
    """
    data = _read_all(source)
    try:
        catalog = _build(data)
    except RulesDataError as exc:  # a name used twice across the tables of one index
        raise RulesDataError(f"{source}: {exc}") from None
    _check_samples(catalog, str(source / "samples.toml"))
    return catalog
