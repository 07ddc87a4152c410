"""Spawning hostiles (I1.4, I1.5, K1.3 Spawn Location): the tier's d2 picks the unit type, its
"#" column gives one group or a split into two (one activation token each), and every spawn
rolls its own Spawn Location (notes A56). The distance and clock direction of the two
locations off the centre are rolled with it (notes A33); where on an edge, and which edge when
the mission leaves a choice, are the mission's to place (notes A54, A55). Coworkers come as the
Coworker Setup row says instead: its tier and where they stand (K1.3).
"""

from __future__ import annotations

from dataclasses import dataclass

from skirmish.dice import Faces
from skirmish.rulesets.sacred_wire.missions.generator import roll_on
from skirmish.rulesets.sacred_wire.rules_data.hostile_tables import TIERS, Faction, HostileUnit
from skirmish.rulesets.sacred_wire.rules_data.mission_tables import Entry, MissionTables

SPAWNING = "I1.4"
TIER_TABLE = "I1.5"
#: The locations off the centre: the die of their distance and what is added to it (K1.3).
OFF_CENTRE = {"near-centre": (4, 0), "off-centre": (4, 2)}


@dataclass(frozen=True, slots=True)
class SpawnRoll:
    """One spawn: the tier's d2 face and the unit it picks, its groups, where it spawns (the
    Spawn Location row; for Coworkers, the Coworker Setup row) and, off the centre, how far
    (inches) and toward which clock face."""

    tier: str
    d2: int
    unit: HostileUnit
    location: Entry
    distance: int | None = None
    clock: int | None = None

    @property
    def groups(self) -> tuple[int, ...]:
        """The models of each group, one activation token each (I1.4)."""
        return self.unit.groups


def random_tier(dice: Faces) -> str:
    """A tier from the d6 table of I1.5: 1-2 Swarm, 3-4 Normal, 5-6 Elite."""
    return TIERS[(dice.faces(1, 6, "hostile-tier")[0] - 1) // 2]


def roll_unit(faction: Faction, tier: str, dice: Faces) -> tuple[int, HostileUnit]:
    """The d2 of ``tier`` and the unit of ``faction`` it picks (I1.5)."""
    d2 = dice.faces(1, 2, "spawn-unit")[0]
    return d2, faction.tier(tier)[d2 - 1]


def roll_spawn(
    faction: Faction,
    tier: str,
    missions: MissionTables,
    dice: Faces,
    location: Entry | None = None,
    where: Faces | None = None,
) -> SpawnRoll:
    """A spawn of ``faction`` in ``tier``: the unit's d2, then the Spawn Location, unless a
    player named its row (``location``, K1.4 Spawn choice); its random parts are rolled, the
    Spawn Location's with ``where`` (dice that cite its table, K1.3) where given."""
    d2, unit = roll_unit(faction, tier, dice)
    place = dice if where is None else where
    if location is None:
        location = roll_on(missions.table("spawn_location"), place)
    if location.id not in OFF_CENTRE:
        return SpawnRoll(tier, d2, unit, location)
    sides, bonus = OFF_CENTRE[location.id]
    distance = place.faces(1, sides, "spawn-distance")[0] + bonus
    clock = place.faces(1, 12, "spawn-direction")[0]
    return SpawnRoll(tier, d2, unit, location, distance, clock)


def roll_coworkers(faction: Faction, missions: MissionTables, dice: Faces) -> SpawnRoll:
    """The Coworkers of a mission: the Coworker Setup row (tier and placing), then the d2."""
    setup = roll_on(missions.table("coworker_setup"), dice)
    d2 = dice.faces(1, 2, "spawn-unit")[0]
    return SpawnRoll(setup.tier, d2, faction.tier(setup.tier)[d2 - 1], setup)
