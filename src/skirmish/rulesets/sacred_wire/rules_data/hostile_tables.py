"""The hostile factions and Coworkers of ``data/hostiles.toml`` (Inhuman Resources I1-I8),
validated at load into frozen records: each faction's six units by tier (I1.5), its special
rule, its behaviour table by situation (I1.2, I1.3; the Coworkers' Normal and Attacked tables,
I8.1), what each behaviour does, and the table of an Interrogate (K2.2). The catalogue holds
them (:mod:`.catalog`); the rules that roll on them are :mod:`..hostiles`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Annotated, Self

from pydantic import Field, PlainValidator, StrictInt, model_validator

from skirmish.data_files import Source, read_data
from skirmish.errors import SkirmishError
from skirmish.rulesets.sacred_wire.rules_data.effects import DamageDice, Effect
from skirmish.rulesets.sacred_wire.rules_data.reading import (
    AttributeDie,
    DataModel,
    Dice,
    Effects,
    Name,
    Positive,
    RollRange,
    RuleId,
    WeaponType,
    check_rolls,
    name_key,
)

TIERS = ("swarm", "normal", "elite")
"""The unit tiers by d6 row: 1-2 Swarm, 3-4 Normal, 5-6 Elite (I1.5)."""


class Situation(StrEnum):
    """The column a model reads its group's behaviour roll on (I1.2)."""

    NO_LOS = "no-los"
    HAS_LOS = "has-los"
    ENGAGED = "engaged"

    @property
    def heading(self) -> str:
        """``"Has LoS"``, as the tables head the column."""
        return {"no-los": "No LoS", "has-los": "Has LoS", "engaged": "Engaged"}[self.value]


class WeaponMode(StrEnum):
    """How a hostile weapon attacks: in melee, shooting (36", notes A40), or as a Power (Wits
    against the target's Defense, I1.3)."""

    MELEE = "melee"
    RANGED = "ranged"
    POWER = "power"


#: The behaviours every faction's table may name (I1.3); a faction's own special rule may be
#: a behaviour of its table too (Mob Up, Summon, Phase, Cooperate).
COMMON = ("attack", "cover", "regroup", "flee", "wait", "frenzy", "patrol")


@dataclass(frozen=True, slots=True)
class HostileWeapon:
    """A hostile's one weapon: name, damage type, damage dice and mode."""

    name: str
    weapon_type: WeaponType
    damage: DamageDice
    mode: WeaponMode


@dataclass(frozen=True, slots=True)
class HostileUnit:
    """A unit type of a faction: its d6 row, its spawn groups (``(4, 4)`` for "4+4", I1.4),
    its attribute dice (the sides of the pair rolled), Health, Move and weapon."""

    faction: str
    roll: int
    name: str
    groups: tuple[int, ...]
    combat: int
    defense: int
    wits: int
    health: int
    move: int
    weapon: HostileWeapon

    @property
    def tier(self) -> str:
        """``"swarm"``, ``"normal"`` or ``"elite"`` (I1.5)."""
        return TIERS[(self.roll - 1) // 2]

    @property
    def spawn(self) -> str:
        """The "#" column as printed: ``"4+4"``."""
        return "+".join(str(n) for n in self.groups)


@dataclass(frozen=True, slots=True)
class SpecialRule:
    """A faction's special rule: its id (the behaviour's, where it is one), name, summary
    and the effects it has on every model of the faction in play (none where it is a
    behaviour result)."""

    id: str
    name: str
    summary: str
    effects: tuple[Effect, ...] = ()


@dataclass(frozen=True, slots=True)
class BehaviourRow:
    """A row of a behaviour table: the faces it covers and the behaviour on each column."""

    faces: RollRange
    no_los: str
    has_los: str
    engaged: str

    def on(self, situation: Situation) -> str:
        """The behaviour this row gives a model in ``situation``."""
        return {
            Situation.NO_LOS: self.no_los,
            Situation.HAS_LOS: self.has_los,
            Situation.ENGAGED: self.engaged,
        }[situation]


@dataclass(frozen=True, slots=True)
class Behaviour:
    """What a behaviour does: its rule, the notes item that settles what the rule leaves open
    (``"A45"``, or ``""``) and the project's reading of it."""

    id: str
    name: str
    rule: str
    notes: str
    summary: str

    @property
    def cited(self) -> str:
        """Its rule and notes item as a log cites them: ``"I1.3, notes A45"``."""
        return f"{self.rule}, notes {self.notes}" if self.notes else self.rule


@dataclass(frozen=True, slots=True)
class Faction:
    """A hostile faction (or the Coworkers): units by d6 row, special rule, behaviour tables
    by name (``"normal"``; the Coworkers also ``"attacked"``)."""

    id: str
    name: str
    rule: str
    special_rule: SpecialRule
    units: tuple[HostileUnit, ...]
    tables: dict[str, tuple[BehaviourRow, ...]]

    def unit(self, name: str) -> HostileUnit:
        """A unit by name (case and extra spaces ignored).

        Raises:
            SkirmishError: the faction has no such unit.
        """
        for u in self.units:
            if name_key(u.name) == name_key(name):
                return u
        known = ", ".join(u.name for u in self.units)
        raise SkirmishError(f"{self.name} have no unit {name!r}; known: {known}")

    def tier(self, tier: str) -> tuple[HostileUnit, HostileUnit]:
        """The two units of a tier, in d2 order (I1.4, I1.5)."""
        first, second = (u for u in self.units if u.tier == tier)
        return first, second

    def row(self, table: str, face: int) -> BehaviourRow:
        """The row of a behaviour table that a d6 face selects."""
        return next(r for r in self.tables[table] if r.faces.covers(face))


@dataclass(frozen=True, slots=True)
class InterrogateRow:
    """A row of the Interrogate table (K2.2): its 2d4 total and what the squad gains (Evidence
    may be lost), or a bonus action for the interrogator."""

    roll: int
    id: str
    name: str
    evidence: int = 0
    leads: int = 0
    subs: int = 0
    merits: int = 0
    bonus_action: bool = False

    @property
    def gains(self) -> str:
        """What it gives, in words: ``"1 Evidence, 1 Lead"``, ``"loses 1 Evidence"``."""
        if self.bonus_action:
            return "nothing learned; the interrogator gains a bonus action"
        amounts = (
            (self.evidence, "Evidence", "Evidence"),
            (self.leads, "Lead", "Leads"),
            (self.subs, "sub", "subs"),
            (self.merits, "Merit", "Merits"),
        )
        parts = [f"{n} {one if n == 1 else many}" for n, one, many in amounts if n > 0]
        if self.evidence < 0:
            parts.append(f"loses {-self.evidence} Evidence")
        return ", ".join(parts)


@dataclass(frozen=True, slots=True)
class HostileTables:
    """The whole of ``data/hostiles.toml``."""

    factions: dict[str, Faction]
    behaviours: dict[str, Behaviour]
    interrogate: tuple[InterrogateRow, ...]

    def interrogation(self, total: int) -> InterrogateRow:
        """The row of a 2d4 total (one past the last row reads as the last, K2.2)."""
        last = self.interrogate[-1]
        return next((r for r in self.interrogate if r.roll == total), last)

    def faction(self, faction_id: str) -> Faction:
        """A faction by id (``"feral-crews"``).

        Raises:
            SkirmishError: no faction has it.
        """
        if faction_id not in self.factions:
            known = ", ".join(self.factions)
            raise SkirmishError(f"no hostile faction {faction_id!r}; known: {known}")
        return self.factions[faction_id]


# --- the file ------------------------------------------------------------------------------------

Slug = Annotated[str, Field(pattern=r"^[a-z][a-z0-9-]*$", strict=True)]


def _groups(value: object) -> tuple[int, ...]:
    parts = value.split("+") if isinstance(value, str) else []
    if not 1 <= len(parts) <= 2 or not all(p.isdigit() and int(p) >= 1 for p in parts):
        raise ValueError(f"spawn must be a count ('3') or a split ('2+2'), got {value!r}")
    return tuple(int(p) for p in parts)


def _top(faces: RollRange) -> int:
    return faces.low if faces.high is None else faces.high


def _faces(value: object) -> RollRange:
    low, _, high = value.partition("-") if isinstance(value, str) else ("", "", "")
    if not low.isdigit() or not (high == "" or high.isdigit()):
        raise ValueError(f"roll must be a face such as '5' or a range such as '1-4', got {value!r}")
    return RollRange(int(low), int(high or low))


class _WeaponIn(DataModel):
    name: Name
    type: WeaponType
    damage: Dice
    mode: WeaponMode


class _UnitIn(DataModel):
    roll: Annotated[StrictInt, Field(ge=1, le=6)]
    name: Name
    spawn: Annotated[tuple[int, ...], PlainValidator(_groups)]
    combat: AttributeDie
    defense: AttributeDie
    wits: AttributeDie
    health: Positive
    move: Positive
    weapon: _WeaponIn


class _RowIn(DataModel):
    roll: Annotated[RollRange, PlainValidator(_faces)]
    no_los: Slug = Field(alias="no-los")
    has_los: Slug = Field(alias="has-los")
    engaged: Slug


class _SpecialIn(DataModel):
    id: Slug
    name: Name
    summary: Name


class _FactionIn(DataModel):
    id: Slug
    name: Name
    rule: RuleId
    special_rule: _SpecialIn
    special: Effects = ()
    units: Annotated[list[_UnitIn], Field(min_length=6, max_length=6)]
    behaviour: dict[str, Annotated[list[_RowIn], Field(min_length=1)]]

    @model_validator(mode="after")
    def _tables_are_whole(self) -> Self:
        if [u.roll for u in self.units] != list(range(1, 7)):
            raise ValueError("units must be rolled 1..6 once each, in order")
        if "normal" not in self.behaviour:
            raise ValueError("a faction needs a 'normal' behaviour table")
        allowed = {*COMMON, self.special_rule.id}
        for name, rows in self.behaviour.items():
            faces = [RollRange(f, f) for r in rows for f in range(r.roll.low, _top(r.roll) + 1)]
            try:
                check_rolls(6, faces)
            except ValueError as exc:
                raise ValueError(f"behaviour table {name!r}: {exc}") from None
            for row in rows:
                for action in (row.no_los, row.has_los, row.engaged):
                    if action not in allowed:
                        known = ", ".join(sorted(allowed))
                        raise ValueError(
                            f"behaviour table {name!r}: {action!r} is no behaviour of "
                            f"{self.name} (known: {known})"
                        )
        return self


class _BehaviourIn(DataModel):
    id: Slug
    name: Name
    rule: RuleId
    notes: Annotated[str, Field(pattern=r"^A\d+$", strict=True)] = ""
    summary: Name


class _InterrogateRowIn(DataModel):
    roll: Annotated[StrictInt, Field(ge=2, le=8)]
    id: Slug
    name: Name
    evidence: Annotated[StrictInt, Field(ge=-1, le=1)] = 0
    leads: Annotated[StrictInt, Field(ge=0)] = 0
    subs: Annotated[StrictInt, Field(ge=0)] = 0
    merits: Annotated[StrictInt, Field(ge=0)] = 0
    bonus_action: bool = False

    @model_validator(mode="after")
    def _does_something(self) -> Self:
        if not (self.evidence or self.leads or self.subs or self.merits or self.bonus_action):
            raise ValueError("a row must give or take something")
        return self


class _InterrogateIn(DataModel):
    rule: RuleId
    entries: Annotated[list[_InterrogateRowIn], Field(min_length=7, max_length=7)]

    @model_validator(mode="after")
    def _rows_cover_two_to_eight(self) -> Self:
        if [r.roll for r in self.entries] != list(range(2, 9)):
            raise ValueError("rows must be the 2d4 totals 2..8 once each, in order")
        return self


class _HostilesFile(DataModel):
    behaviours: Annotated[list[_BehaviourIn], Field(min_length=1)]
    factions: Annotated[list[_FactionIn], Field(min_length=1)]
    interrogate: _InterrogateIn

    @model_validator(mode="after")
    def _behaviours_match_the_tables(self) -> Self:
        described = {b.id for b in self.behaviours}
        used = {
            action
            for f in self.factions
            for rows in f.behaviour.values()
            for row in rows
            for action in (row.no_los, row.has_los, row.engaged)
        }
        if used != described:
            missing = ", ".join(sorted(used - described)) or "none"
            unused = ", ".join(sorted(described - used)) or "none"
            raise ValueError(
                f"every behaviour of a table is described once: missing {missing}; unused {unused}"
            )
        return self


def _faction(raw: _FactionIn) -> Faction:
    units = tuple(
        HostileUnit(
            faction=raw.id,
            roll=u.roll,
            name=u.name,
            groups=u.spawn,
            combat=u.combat,
            defense=u.defense,
            wits=u.wits,
            health=u.health,
            move=u.move,
            weapon=HostileWeapon(u.weapon.name, u.weapon.type, u.weapon.damage, u.weapon.mode),
        )
        for u in raw.units
    )
    tables = {
        name: tuple(BehaviourRow(r.roll, r.no_los, r.has_los, r.engaged) for r in rows)
        for name, rows in raw.behaviour.items()
    }
    rule = raw.special_rule
    special = SpecialRule(rule.id, rule.name, rule.summary, raw.special)
    return Faction(raw.id, raw.name, raw.rule, special, units, tables)


def load_hostile_tables(source: Source) -> HostileTables:
    """Load and validate ``hostiles.toml`` of the data folder ``source``.

    Raises:
        RulesDataError: one line naming the file, the table, the entry and the bad value.
    """
    data = read_data(source, "hostiles.toml", _HostilesFile)
    factions = {f.id: _faction(f) for f in data.factions}
    behaviours = {
        b.id: Behaviour(b.id, b.name, b.rule, b.notes, b.summary) for b in data.behaviours
    }
    rows = tuple(
        InterrogateRow(r.roll, r.id, r.name, r.evidence, r.leads, r.subs, r.merits, r.bonus_action)
        for r in data.interrogate.entries
    )
    return HostileTables(factions, behaviours, rows)
