"""The two-squad game's own slice of state: round, roll-off, edges, blessings, markers."""

from __future__ import annotations

from dataclasses import dataclass

from skirmish.engine.game import Game
from skirmish.engine.record import Record
from skirmish.rulesets.sacred_wire.game.model import WireModel

#: A dropped weapon on the table: (marker id, weapon name, x, y, level or "").
DroppedWeapon = tuple[str, str, float, float, str]
#: A smoke column: (x, y, radius, round it was thrown in).
SmokeColumn = tuple[float, float, float, int]
#: A Loot Marker (K1.3): (marker id, x, y, level or "", side that placed it, is a decoy).
LootMarker = tuple[str, float, float, str, int, bool]
#: A Search find (K2.1): (side, searcher id, round, kind, amount, item name or "").
Find = tuple[int, str, int, str, int, str]
#: A mission marker (K1.2): (marker id, x, y).
Objective = tuple[str, float, float]


@dataclass(slots=True, eq=False)
class WireState(Record):
    """Where the game stands.

    ``squads`` holds the two squads' data as canonical JSON text (side A first), so that the
    profiles are read once per game and shared by clones. ``first`` is the First Player of the
    Boss roll-off (K1.2), ``edges`` the deployment edges of sides A and B. ``blessings`` are the
    Corporate Blessings each side still holds this round (C4.2). ``first_draw`` is True until
    the First Player has taken the first activation of Round 1 (K1.2, notes A83). ``loot`` are
    the Loot Markers on the table, ``stash_edge`` the Edge Stash's edge, ``finds`` what
    Searches found (see :mod:`.loot`). With a mission (:mod:`.zones`): ``defender`` is the
    Defender's side (K1.3), ``objectives`` the mission markers, ``seized`` the Seizure points
    of sides A and B, ``mission_result`` the result and reward as JSON text once the game ends.
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
    loot: tuple[LootMarker, ...] = ()
    stash_edge: str = ""
    finds: tuple[Find, ...] = ()
    defender: int = -1
    objectives: tuple[Objective, ...] = ()
    seized: tuple[int, int] = (0, 0)
    mission_result: str = ""

    def held(self, side: int) -> tuple[str, ...]:
        """The blessings ``side`` still holds this round."""
        return self.blessings[side]


WireGame = Game[WireModel, WireState]
"""A game of this ruleset: its models are ``WireModel``, its state ``WireState``."""
