"""The two-squad game's own slice of state: round, roll-off, edges, blessings, markers."""

from __future__ import annotations

from dataclasses import dataclass

from skirmish.engine.record import Record

#: A dropped weapon on the table: (marker id, weapon name, x, y, level or "").
DroppedWeapon = tuple[str, str, float, float, str]
#: A smoke column: (x, y, radius, round it was thrown in).
SmokeColumn = tuple[float, float, float, int]


@dataclass(slots=True, eq=False)
class WireState(Record):
    """Where the game stands.

    ``squads`` holds the two squads' data as canonical JSON text (side A first), so that the
    profiles are read once per game and shared by clones. ``first`` is the First Player of the
    Boss roll-off (K1.2), ``edges`` the deployment edges of sides A and B. ``blessings`` are the
    Corporate Blessings each side still holds this round (C4.2). ``first_draw`` is True until
    the First Player has taken the first activation of Round 1 (K1.2, notes A83).
    """

    squads: tuple[str, str] = ("", "")
    round: int = 0
    first: int = -1
    edges: tuple[str, str] = ("", "")
    blessings: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    first_draw: bool = True
    dropped: tuple[DroppedWeapon, ...] = ()
    markers: int = 0
    smoke: tuple[SmokeColumn, ...] = ()
    deployed: tuple[str, ...] = ()
    active: str = ""

    def held(self, side: int) -> tuple[str, ...]:
        """The blessings ``side`` still holds this round."""
        return self.blessings[side]
