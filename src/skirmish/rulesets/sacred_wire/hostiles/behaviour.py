"""What a hostile group (or a Coworker group) does when its token is drawn (I1.1-I1.3, I8.1).

One d6 is rolled for the whole group (I1.1); each model reads it on the column of its own
situation (I1.2: Engaged, else Has LoS, else No LoS; notes A48), Coworkers that were attacked
on the Attacked table and the others on the Normal one (I8.1). A behaviour with a random part
rolls it as it is read: Phase its d6" and its d12 clock direction (notes A52, A33), Patrol the
clock direction it takes when no Loot Marker is in sight (notes A47).
"""

from __future__ import annotations

from dataclasses import dataclass

from skirmish.dice import Faces
from skirmish.rulesets.sacred_wire.rules_data.hostile_tables import (
    Behaviour,
    BehaviourRow,
    Faction,
    HostileTables,
    Situation,
)

ACTIVATION = "I1.1"
SITUATION = "I1.2"
COWORKERS = "I8.1"
GROUP_ROLL = "hostile-behaviour"


@dataclass(frozen=True, slots=True)
class Reading:
    """A group's roll read for one model: the table and row (``columns``: the behaviour of
    each situation, in :class:`Situation` order), its situation, the behaviour and the faces of
    its random part (``("phase-distance", 4)``, ``("phase-direction", 7)``)."""

    faction: Faction
    table: str
    face: int
    row: BehaviourRow
    columns: tuple[Behaviour, ...]
    situation: Situation
    extras: tuple[tuple[str, int], ...] = ()

    @property
    def behaviour(self) -> Behaviour:
        """What the model does."""
        return self.columns[list(Situation).index(self.situation)]

    def extra(self, purpose: str) -> int | None:
        """The face rolled for ``purpose``, if any."""
        return next((face for p, face in self.extras if p == purpose), None)


def group_roll(dice: Faces) -> int:
    """The one d6 of the whole group (I1.1)."""
    return dice.faces(1, 6, GROUP_ROLL)[0]


def table_for(faction: Faction, attacked: bool) -> str:
    """The table a model reads: a Coworker that was attacked, the Attacked one (I8.1)."""
    return "attacked" if attacked and "attacked" in faction.tables else "normal"


def read(
    tables: HostileTables,
    faction: Faction,
    face: int,
    situation: Situation,
    dice: Faces | None,
    attacked: bool = False,
) -> Reading:
    """The group's ``face`` read for a model in ``situation``, its random part rolled with
    ``dice``, as a table explains it; with None, in play, each behaviour rolls its own as it
    acts, under its own rule, and a Patrol only once no Loot Marker is in sight
    (:func:`phase_roll`, :func:`patrol_direction`)."""
    table = table_for(faction, attacked)
    row = faction.row(table, face)
    columns = tuple(tables.behaviours[row.on(s)] for s in Situation)
    behaviour = tables.behaviours[row.on(situation)]
    extras: tuple[tuple[str, int], ...] = ()
    if behaviour.id == "phase" and dice is not None:
        distance, clock = phase_roll(dice)
        extras = (("phase-distance", distance), ("phase-direction", clock))
    elif behaviour.id == "patrol" and dice is not None:
        extras = (("patrol-direction", patrol_direction(dice)),)
    return Reading(faction, table, face, row, columns, situation, extras)


def phase_roll(dice: Faces) -> tuple[int, int]:
    """How far a Phase goes (d6 inches) and toward which clock face (I5.1, notes A52)."""
    return dice.faces(1, 6, "phase-distance")[0], _clock(dice, "phase")


def patrol_direction(dice: Faces) -> int:
    """Where a Patrol with no Loot Marker in sight heads, as a clock face (I1.3)."""
    return _clock(dice, "patrol")


def _clock(dice: Faces, what: str) -> int:
    """A random direction as a d12 clock face, 12 o'clock the board's north (notes A33)."""
    return dice.faces(1, 12, f"{what}-direction")[0]
