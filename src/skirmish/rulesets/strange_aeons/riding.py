"""Riding (Ride, R:1121; Trick Rider, R:1165; the Horses' Mount and Bolt, R:1387, R:1392;
rules notes §3.6): who rides what, mounting and dismounting, where a thrown rider lands.

How a mounted pair stands (our reading; the book gives no base sizes, notes §4.1 item 2, and
every model here stands on the same base): as one model, the rider, on his own base where he
stood when he mounted; the Horse is carried, off the table, until he dismounts or is thrown.
The pair moves with the Horse's Movement (a Revulsion's and a Frenzy's Moves too), Charges
with it, fights with the rider's weapons (the Horse, a transport, strikes no blow while
ridden) and is shot at as one, its cover the rider's; the hits of a shot or a round of close
combat that get through its saves are shared out on a D6 each, 1-4 the Horse and 5-6 the
rider, each rolled to wound against its own Constitution (R:1121). A template's hit, whose
one roll to wound serves every model under it, falls on the rider, as do a fall and a fire.

A model with Ride mounts one of its own Horses (an Animal with Mount equipped to it, R:1366)
in base-to-base with an Action, both out of close combat (a Horse mounted from one would
leave it with no free roll to wound, R:157), and dismounts with another, the Horse set down
in base-to-base (R:1121); a Trick Rider may do either at the end of each of its Moves for no
Action, out of close combat too (R:1165). A rider knocked Face Up or Face Down stays in the
saddle (the book says nothing of it). A Horse keeps to the ground, ridden or not: no
ladder, jump nor Jet Pack takes it up (our reading), so a pair never stands on a roof. A
rider who leaves play takes his Horse with him, as a handler does his Animals (R:1366).

The rider's Resolve tests are the pair's (:mod:`.psychology`): the Horse tests too, on the
rider's Resolve when it is better; a Horse that fails, or loses its last Wound, throws its
rider: the Horse stands where the pair stood and the rider lands 2" away (the first free
spot, turning from the direction of the table's centre), Face Up; a Trick Rider thrown by a
failed test lands there Normal (R:1165). A Horse that has thrown its rider stays where it is
unless something forces it to Move (a Revulsion), until he mounts it again (R:1121).

Shooting from the saddle is 1 harder to hit with; models never block a line of sight here,
so firing over their bases changes nothing; a pistol (the data's ``pistols``) or a Rate 1D
weapon fires freely, any other first needs the Horse's own Resolve test, whose failure
throws the rider and spends the Shoot Action (R:1121); an Alert shot, fired with one die
(R:245), needs none.

Bolt (R:1387): a Horse that fails a Resolve test suffers Revulsion at once, rolling nothing
on the Insanity Table (every failed test here leads to that table).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.geometry.shapes import CONTACT, Point
from skirmish.rulesets.strange_aeons import animals
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.catalog import Weapon, base_weapon_id
from skirmish.rulesets.strange_aeons.model import AeonsModel
from skirmish.rulesets.strange_aeons.space import (
    Options,
    contacts,
    in_contact,
    placement_reason,
)

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RIDE = "Skills: Ride (R:1121)"
TRICK_RIDER = "Skills: Trick Rider (R:1165)"
BOLT = "Horses: Bolt (R:1387)"
HITS = "Skills: Ride, hits on a Mounted model (R:1121)"
THROWN = "Skills: Ride, a thrown rider (R:1121)"
STEADY = "Skills: Ride, firing a heavy weapon from the saddle (R:1121)"
MOUNT_FACES = 4
"""A hit on the pair goes to the Horse on a D6 of this or less, else to the rider."""
THROW = 2.0
"""How far a thrown rider lands from where the pair stood."""
PENALTY = 1
"""What the saddle adds to the Dexterity a shot needs."""
ARITY = {"mount": 2, "dismount": 1}
STAY = "stay"
"""A Trick Rider's answer that takes no free mounting or dismounting after its Move."""
MOVES = ("charge", "climb", "smash")
"""The Actions besides Moves that a Horse which has thrown its rider takes no more."""
OFF_THE_GROUND = ("climb", "jump", "jet", "prep-jet")
"""What a Horse, ridden or not, never does: it keeps to the ground (our reading)."""
TURNS = 12
"""The directions tried, evenly around, for a spot to set a model down."""


def mount_of(game: AeonsGame, rider: AeonsModel) -> AeonsModel | None:
    """The Horse ``rider`` is mounted on, if any."""
    return partner(game, game.state.mounts, rider, 0)


def rider_of(game: AeonsGame, horse: AeonsModel) -> AeonsModel | None:
    """The model riding ``horse``, if it carries one."""
    return partner(game, game.state.mounts, horse, 1)


def standing_for(game: AeonsGame, m: AeonsModel) -> AeonsModel:
    """The model ``m`` is measured from: its rider when it is a ridden Horse, carried off the
    table where he stands (R:1121), else itself."""
    return rider_of(game, m) or m


def partner(
    game: AeonsGame, pairs: tuple[tuple[str, str], ...], m: AeonsModel, at: int
) -> AeonsModel | None:
    """The other model of the pair of ``pairs`` holding ``m`` at index ``at``, if any (a
    rider and his Horse; a Byakhee and its passenger, :mod:`.transporter`)."""
    if not pairs:
        return None  # asked of every Move's reach: most games pair nobody
    found = next((p[1 - at] for p in pairs if p[at] == m.id), None)
    return game.model(found) if found else None


def bearer(game: AeonsGame, m: AeonsModel) -> AeonsModel:
    """The model whose Movement ``m`` goes with: its Horse when mounted (R:1121)."""
    return mount_of(game, m) or m


def stationary(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` is a Horse that has thrown its rider, which stays where it is unless
    forced to Move (R:1121)."""
    return m.id in game.state.threw


def awaits(game: AeonsGame, horse: AeonsModel, handler: AeonsModel) -> bool:
    """Whether ``horse`` is a Mount whose handler may ride it and rides nothing yet."""
    cat = catalog_of(game)
    mount = cat.profile(horse.profile).can("mount")
    return mount and cat.profile(handler.profile).has("ride") and mount_of(game, handler) is None


def grounded(game: AeonsGame, m: AeonsModel, found: Options) -> Options:
    """``found``, the Actions of ``m``, without those that leave the ground when ``m`` is a
    Horse or rides one: no ladder, jump nor flight takes a Horse up."""
    if not catalog_of(game).profile(bearer(game, m).profile).can("mount"):
        return found
    kept = tuple(a for a in found[0] if a.kind not in OFF_THE_GROUND)
    return kept, tuple(p for p in found[1] if p.kind not in OFF_THE_GROUND)


def horses(game: AeonsGame, m: AeonsModel) -> list[AeonsModel]:
    """The Horses ``m`` may mount now (:func:`_mount_error`)."""
    if not catalog_of(game).profile(m.profile).has("ride"):
        return []  # as for nearly every model: no Animal is looked at
    return [h for h in animals.animals_of(game, m) if _mount_error(game, m, h) is None]


def options(game: AeonsGame, m: AeonsModel) -> list[Action]:
    """Mounting one of its Horses, or dismounting where the Horse has room."""
    found = [Action("mount", (m.id, h.id)) for h in horses(game, m)]
    if _dismount_error(game, m) is None:
        found.append(Action("dismount", (m.id,)))
    return found


def after_move(game: AeonsGame, m: AeonsModel) -> list[Step]:
    """A Trick Rider's free mounting or dismounting at the end of its Move (R:1165)."""
    return [TrickRide(m.id)] if catalog_of(game).profile(m.profile).has("trick_rider") else []


@dataclass(slots=True, eq=False)
class TrickRide(Step):
    """A Trick Rider at the end of a Move may mount or dismount for no Action (R:1165), out
    of close combat as the Actions are: not after a Move that became a Charge (R:162) and
    left him in base-to-base with an enemy."""

    rule = TRICK_RIDER
    model: str

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.model)
        if action is not None:
            if action.kind != STAY:
                perform(game, m, action, TRICK_RIDER)
            return []
        free = m.on_table and m.normal and not contacts(game, m)
        found = options(game, m) if free else []
        if not found:
            return []
        return Decision(
            m.side,
            "trick-rider",
            f"{m.name} ({m.id}) ends its Move: mount or dismount for no Action (R:1165)?",
            (*found, Action(STAY, (m.id,))),
        )


def error(game: AeonsGame, m: AeonsModel, action: Action) -> str | None:
    """Why ``m`` may not mount or dismount now, or ``None``."""
    if not catalog_of(game).profile(m.profile).has("ride"):
        return f"{m.id} has no Ride skill (R:1121)"
    if action.kind == "dismount":
        return _dismount_error(game, m)
    return _mount_error(game, m, game.model(action.args[1]))


def _dismount_error(game: AeonsGame, m: AeonsModel) -> str | None:
    """Why ``m`` may not dismount now: it rides no Horse, or has no room to set it down."""
    horse = mount_of(game, m)
    if horse is None:
        return f"{m.id} is not mounted"
    if spot(game, horse, m.pos, m.radius + horse.radius, m.level) is None:
        return f"there is no room beside {m.id} to set its Horse down"
    return None


def _mount_error(game: AeonsGame, m: AeonsModel, horse: AeonsModel) -> str | None:
    """Why ``m``, riding nothing, may not mount ``horse`` now, or ``None``: one of its own
    Mounts, Normal, in base-to-base (R:1121) and out of close combat, which it would leave
    with no free roll to wound (R:157)."""
    if mount_of(game, m) is not None:
        return f"{m.id} is mounted already"
    if horse not in animals.animals_of(game, m) or not catalog_of(game).profile(horse.profile).can(
        "mount"
    ):
        return f"{horse.id} is not a Mount of {m.id} (R:1121)"
    if not horse.normal:
        return f"{horse.id} is {horse.state_name}: only a Normal Horse is mounted"
    foes = contacts(game, horse)
    if foes:
        return (
            f"{horse.id} is in close combat with {foes[0].id}: it is mounted only out of it (R:157)"
        )
    if not in_contact(m, horse):
        return f"{m.id} is not in base-to-base with {horse.id} (R:1121)"
    return None


def perform(game: AeonsGame, m: AeonsModel, action: Action, rule: str = RIDE) -> None:
    """Mount or dismount."""
    if action.kind == "mount":
        mount(game, m, game.model(action.args[1]), rule)
    else:
        dismount(game, m, rule)


def mount(game: AeonsGame, rider: AeonsModel, horse: AeonsModel, rule: str) -> None:
    """``rider`` climbs on ``horse``, which leaves the table to carry him."""
    st = game.state
    st.mounts = (*st.mounts, (rider.id, horse.id))
    st.threw = tuple(h for h in st.threw if h != horse.id)
    horse.x, horse.y, horse.level = -1.0, -1.0, None
    game.emit("mounted", rule, (rider.id, horse.id))


def dismount(game: AeonsGame, rider: AeonsModel, rule: str) -> None:
    """``rider`` gets down, his Horse set down in base-to-base beside him."""
    horse = mount_of(game, rider)
    assert horse is not None
    found = spot(game, horse, rider.pos, rider.radius + horse.radius, rider.level)
    assert found is not None
    _unpair(game, rider)
    horse.x, horse.y = found
    horse.level = rider.level
    game.emit("dismounted", rule, (rider.id, horse.id), at=[round(v, 2) for v in found])


def throw(game: AeonsGame, rider: AeonsModel, rule: str) -> AeonsModel:
    """The pair splits: the Horse stands where it stood, the rider lands 2" away (further,
    when nothing is free there) and is returned (R:1121)."""
    horse = mount_of(game, rider)
    assert horse is not None
    at = rider.pos
    _unpair(game, rider)
    game.state.threw = (*game.state.threw, horse.id)
    rider.x, rider.y = -1.0, -1.0
    horse.x, horse.y, horse.level = *at, rider.level
    found = free_spot(game, rider, at, THROW, rider.level)
    rider.x, rider.y = found
    game.emit("thrown", rule, (rider.id, horse.id), at=[round(v, 2) for v in found])
    return rider


def leaves(game: AeonsGame, rider: AeonsModel) -> None:
    """The Horse ``rider`` rides, leaving play with him, carries him no more (R:1366): it
    leaves where he stands, so what it holds falls there (The Bag Man's package, R:1569)."""
    horse = mount_of(game, rider)
    if horse is not None:
        _unpair(game, rider)
        horse.x, horse.y, horse.level = rider.x, rider.y, rider.level


def _unpair(game: AeonsGame, rider: AeonsModel) -> None:
    st = game.state
    st.mounts = tuple(p for p in st.mounts if p[0] != rider.id)


def free_spot(game: AeonsGame, m: AeonsModel, at: Point, far: float, level: str | None) -> Point:
    """The first point ``far`` from ``at``, or 2", 4"... further, where ``m`` may stand."""
    board = game.board
    reaches = (far + THROW * n for n in range(math.ceil(board.width + board.height)))
    return next(p for p in (spot(game, m, at, r, level) for r in reaches) if p)


def spot(
    game: AeonsGame,
    m: AeonsModel,
    at: Point,
    far: float,
    level: str | None = None,
    toward: Point | None = None,
) -> Point | None:
    """The first point ``far`` from ``at`` where ``m`` may stand, turning from the direction
    of ``toward``, the table's centre when none is given, or ``None``."""
    board = game.board
    aim = toward or (board.width / 2, board.height / 2)
    start = math.atan2(aim[1] - at[1], aim[0] - at[0])
    reach = far + CONTACT / 2
    for i in range(TURNS):
        turn = start + 2 * math.pi * i / TURNS
        p = (at[0] + reach * math.cos(turn), at[1] + reach * math.sin(turn))
        if placement_reason(game, m, p, level) is None:
            return p
    return None


def steadied(game: AeonsGame, m: AeonsModel, weapon: Weapon) -> AeonsModel | None:
    """The Horse that must pass a Resolve test before ``m`` fires ``weapon`` from the
    saddle: any weapon but a pistol or a Rate 1D one (R:1121)."""
    horse = mount_of(game, m)
    if horse is None or (weapon.rate <= 1 and not weapon.rate_die):
        return None
    return None if base_weapon_id(weapon.id) in catalog_of(game).scenario.pistols else horse


def penalty(game: AeonsGame, m: AeonsModel) -> int:
    """What the saddle adds to the Dexterity ``m``'s shot needs (R:1121)."""
    return PENALTY if mount_of(game, m) is not None else 0
