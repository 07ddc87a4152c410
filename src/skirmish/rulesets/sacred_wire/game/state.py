"""The two-squad game's own slice of state: round, roll-off, edges, blessings, markers.

Everything it holds is a plain value or a frozen value type registered with the kernel
(DESIGN, second edition of the contract: State), so a shallow copy is a full copy and a save
needs nothing of its own: the squads as :class:`.Lineup` values, each marker on the table as
a named value.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.game import Game
from skirmish.engine.record import Record, register_value
from skirmish.geometry.shapes import Point
from skirmish.rulesets.sacred_wire.game.model import WireModel
from skirmish.rulesets.sacred_wire.squads.lineup import Lineup

if TYPE_CHECKING:
    from skirmish.rulesets.sacred_wire.missions.zones import MissionResult


@register_value
@dataclass(frozen=True, slots=True)
class DroppedWeapon:
    """A dropped weapon on the table (R6.1, R7; picked up by Interact, C4.3): its marker id,
    the weapon's name, where it lies and the terrain top it lies on ("" for the ground)."""

    marker: str
    weapon: str
    x: float
    y: float
    level: str = ""

    @property
    def point(self) -> Point:
        """Where it lies."""
        return (self.x, self.y)


@register_value
@dataclass(frozen=True, slots=True)
class SmokeColumn:
    """A Smoke grenade's column (R3.4, notes A34): its centre, radius and the round it was
    thrown in (it lasts until the start of the next round)."""

    x: float
    y: float
    radius: float
    round: int


@register_value
@dataclass(frozen=True, slots=True)
class LootMarker:
    """A Loot Marker (K1.3): its id, where it lies and the terrain top it lies on ("" for the
    ground), the side that placed it, and whether that side marked it a decoy."""

    marker: str
    x: float
    y: float
    level: str = ""
    side: int = 0
    decoy: bool = False

    @property
    def point(self) -> Point:
        """Where it lies."""
        return (self.x, self.y)


@register_value
@dataclass(frozen=True, slots=True)
class Find:
    """What one Search found (K2.1): the finder's side and id, the round, the kind of find (a
    :class:`.loot.FindKind` value), how many, the item's name ("" for none), and the rule it
    was found by where that was no Search at a marker (``rule``: an Interrogate's K2.2, the
    free search's K1.4)."""

    side: int
    searcher: str
    round: int
    kind: str
    amount: int
    item: str = ""
    rule: str = ""


@register_value
@dataclass(frozen=True, slots=True)
class Objective:
    """A mission marker (K1.2): its id, where it stands and the side that last claimed it
    (M7.1; -1 for none). A package (M1.1, M12.1, M13.2) names its ``carrier``, the model it
    moves with ("" while it lies on the table), and ``last``, the last model that held it; a
    conduit (M8.1) its ``owner``'s side, its ``cuts``, the enemy's successful Interacts so
    far (1 marks it, 2 sever it), and the round it was ``marked``."""

    marker: str
    x: float
    y: float
    held_by: int = -1
    carrier: str = ""
    last: str = ""
    owner: int = -1
    cuts: int = 0
    marked: int = 0

    @property
    def point(self) -> Point:
        """Where it stands."""
        return (self.x, self.y)


@dataclass(slots=True, eq=False)
class WireState(Record):
    """Where the game stands.

    ``lineups`` are the two squads as their files built them (side A first). ``first`` is
    the First Player of the Boss roll-off (K1.2), ``zones`` where sides A and B deploy and
    ``edges`` their deployment edges ("" for none), see :mod:`.deployment`. ``blessings``
    are the Corporate Blessings each side still holds this round (C4.2).
    ``first_draw`` is True until the First Player has taken the first activation of Round 1
    (K1.2, notes A83). ``loot`` are the Loot Markers on the table, ``stash_edge`` the Edge
    Stash's edge, ``finds`` what Searches found (see :mod:`.loot`), ``laid`` how many markers
    the setup laid and ``recovered`` those a Search took (a solo game's haul, :mod:`.solo`).
    With a mission
    (:mod:`.zones`): ``mission`` is its id (rolled at the start for ``random``),
    ``defender`` is the Defender's side (K1.3), ``objectives`` the mission
    markers, ``seized`` the Seizure points of sides A and B, ``progress`` their downloads
    (Heist) or steps (Lockdown), ``downloaders`` the model of each side that downloaded this
    round (Heist), ``carried`` whether each side has held the package (M12.1), ``targets``
    each side's secret target and ``taken`` whether it took it (M5.1), ``deed_by`` the model
    whose deed earns the mission's Merit (it severed the conduit, M8.1, or killed the target,
    M5.1), ``mission_result`` the result and reward once the game ends.

    With hostiles (:mod:`..hostiles.arrival`): ``hostiles`` is the faction's id and
    ``hostile_timing`` the Hostile Timing row's (K1.3), both rolled at setup when random;
    ``lineups`` gains a third lineup, the hostiles spawned so far; ``groups`` counts the spawn
    groups (I1.4), ``summoned`` is the last round a Summon brought Flickers (I4.1, notes A49) and
    ``searched`` where the last Search or Interrogate was made (K1.3 Spawn Location), ``surge``
    the models each later spawn brings more (M13.1).

    ``advantages`` are the ids of the Defender's Evidence-gap advantages (K1.4,
    :mod:`.advantages`).

    With Coworkers (:mod:`..hostiles.coworkers`): ``coworker_setup`` and ``coworker_modifier``
    are the Coworker Setup and Coworker Modifier rows' ids (K1.3); ``lineups`` gains a fourth
    lineup (the third stays empty when no hostiles play).

    In The Signal (:mod:`.signal`): ``control`` is the squad controlling the relay (-1:
    nobody), ``examined`` the Leads and ``signalled`` the Evidence each squad gained from it,
    ``redirects`` how each squad's Redirect went ("", "failed" or "redirected"). In The Source
    (M13.2) ``extracted`` is True once the Extractor took it off the far edge.
    """

    lineups: tuple[Lineup, ...] = ()
    round: int = 0
    first: int = -1
    edges: tuple[str, str] = ("", "")
    zones: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
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
    laid: int = 0
    recovered: tuple[str, ...] = ()
    mission: str = ""
    defender: int = -1
    objectives: tuple[Objective, ...] = ()
    seized: tuple[int, int] = (0, 0)
    progress: tuple[int, int] = (0, 0)
    downloaders: tuple[str, str] = ("", "")
    carried: tuple[bool, bool] = (False, False)
    targets: tuple[str, str] = ("", "")
    taken: tuple[int, int] = (0, 0)
    deed_by: str = ""
    mission_result: MissionResult | None = None
    hostiles: str = ""
    hostile_timing: str = ""
    groups: int = 0
    summoned: int = 0
    searched: tuple[float, float] | None = None
    surge: int = 0
    coworker_setup: str = ""
    coworker_modifier: str = ""
    advantages: tuple[str, ...] = ()
    control: int = -1
    examined: tuple[int, int] = (0, 0)
    signalled: tuple[int, int] = (0, 0)
    redirects: tuple[str, str] = ("", "")
    extracted: bool = False

    def held(self, side: int) -> tuple[str, ...]:
        """The blessings ``side`` still holds this round (hostiles hold none)."""
        return self.blessings[side] if side < len(self.blessings) else ()


WireGame = Game[WireModel, WireState]
"""A game of this ruleset: its models are ``WireModel``, its state ``WireState``."""
