"""A friend carried along by a model that Moves: Snorri Rottstein's Ride on his Golemic Flea
(L664) and the Magneton Boots (L572, L609; rules notes §5, §6 D13, D22, §7 items 75, 83).

- Ride: a Special Action, Quick, once an activation, not in a melee (L71, L126, L228): Snorri
  Moves, then a friendly model on a small (30 mm) base that was in base contact with him as
  the Action began may be put in base contact with him again, into or out of a melee (§7
  item 83).
- Magneton Boots: when a friendly Golem on a larger base than the wearer's begins an Action
  with a Move (a Move, a Move back, a climb, a Quick Move; a Charge is an Action of its own,
  L64-L66) in base contact with the wearer, the wearer may be put in base contact with it
  again once the Action is over (L572; L609's moving along ends the same, §7 item 75). The
  book does not let the wearer go into or out of a melee as Ride does (L664), so a wearer in
  a melee stays, and no spot touching an enemy is offered.
- The carried model's player picks its spot: in base contact with the carrier, on the
  carrier's surface, where its base fits on the table overlapping none; or leaves it where
  it stands. Where no spot is left, it stays where it is and the log says so. A carrier that
  did not move (a Leaving Melee test failed) carries nobody.
"""

from __future__ import annotations

from dataclasses import dataclass

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision, PointSpec
from skirmish.engine.step import Step
from skirmish.geometry.shapes import CONTACT, Point, edge_distance
from skirmish.rulesets.wolsung.game.base import member
from skirmish.rulesets.wolsung.game.effects import current
from skirmish.rulesets.wolsung.game.model import WolsungModel
from skirmish.rulesets.wolsung.game.movement import ends_in_contact
from skirmish.rulesets.wolsung.game.space import in_contact, in_melee
from skirmish.rulesets.wolsung.game.state import WolsungGame
from skirmish.rulesets.wolsung.game.summons import contact_spots
from skirmish.rulesets.wolsung.table.measure import inches

__all__ = [
    "BOOTS",
    "RIDE",
    "CarryAlong",
    "boot_riders",
    "carry_error",
    "carry_ring",
    "carry_spots",
    "may_ride",
    "ride_riders",
]

RIDE = "L664"
BOOTS = "L572"
SMALL_BASE_MM = 30
"""A "small based" model's base (notes §5)."""


def _friends_touching(game: WolsungGame, m: WolsungModel) -> list[WolsungModel]:
    return [
        o
        for o in game.models
        if o.on_table and o.side == m.side and o.id != m.id and in_contact(game, m, o)
    ]


def ride_riders(game: WolsungGame, snorri: WolsungModel) -> tuple[str, ...]:
    """The friends on small bases in base contact with ``snorri``, whom Ride may carry."""
    return tuple(
        o.id
        for o in _friends_touching(game, snorri)
        if member(game, o.id).fighter.base_mm <= SMALL_BASE_MM
    )


def may_ride(game: WolsungGame, m: WolsungModel) -> bool:
    """Whether ``m`` has Ride, stands out of melee (L126) and has a friend to carry."""
    return current(game, m).has("ride") and not in_melee(game, m) and bool(ride_riders(game, m))


def boot_riders(game: WolsungGame, golem: WolsungModel) -> tuple[str, ...]:
    """The friends in Magneton Boots in base contact with ``golem`` on smaller bases than its
    own, out of melee, whom its Move carries along."""
    if not current(game, golem).has("golem"):
        return ()
    size = member(game, golem.id).fighter.base_mm
    return tuple(
        o.id
        for o in _friends_touching(game, golem)
        if current(game, o).has("magneton_boots")
        and member(game, o.id).fighter.base_mm < size
        and not in_melee(game, o)
    )


def carry_error(
    game: WolsungGame, carrier: WolsungModel, rider: WolsungModel, point: Point, melee: bool
) -> str | None:
    """Why ``rider`` may not be put at ``point`` beside ``carrier``, or ``None``: in base
    contact with it on its surface, where the base fits; touching no enemy unless ``melee``."""
    gap = edge_distance(point, rider.radius, carrier.pos, carrier.radius)
    if gap > CONTACT:
        shown = inches(gap, (CONTACT,))
        return f'{rider.name} goes in base contact with {carrier.name}: {shown}" apart'
    fits = game.board.placement_error(point, rider.radius, carrier.level, _others(game, rider))
    if fits is not None:
        return f"{rider.name}'s base does not fit there: {fits}"
    enemy = "" if melee else ends_in_contact(game, rider, point, carrier.level)
    if enemy:
        return f"{rider.name} may not be carried into base contact with an enemy ({enemy})"
    return None


def carry_spots(
    game: WolsungGame, carrier: WolsungModel, rider: WolsungModel, melee: bool
) -> list[Point]:
    """Where ``rider`` may be put beside ``carrier`` (spots all round it)."""
    ring = carry_ring(game, carrier, rider)
    return [p for p in ring if carry_error(game, carrier, rider, p, melee) is None]


def carry_ring(game: WolsungGame, carrier: WolsungModel, rider: WolsungModel) -> list[Point]:
    """The spots all round ``carrier`` where ``rider``'s base would touch it, unjudged."""
    others = _others(game, rider)
    return contact_spots(game, carrier.pos, carrier.radius, carrier.level, rider.radius, others)


def _others(game: WolsungGame, rider: WolsungModel) -> list[tuple[Point, float, str | None]]:
    """Every base on the table but ``rider``'s, as placements read them."""
    return [(o.pos, o.radius, o.level) for o in game.models if o.on_table and o.id != rider.id]


@dataclass(slots=True, eq=False)
class CarryAlong(Step):
    """After ``carrier``'s Move from ``start``, one of ``riders`` (in base contact with it as
    the Action began) may be put in base contact with it again, by ``rule``; into or out of a
    melee if ``melee``."""

    rule = RIDE
    carrier: str = ""
    riders: tuple[str, ...] = ()
    start: tuple[float, float] = (0.0, 0.0)
    by: str = RIDE
    melee: bool = False

    def run(self, game: WolsungGame, action: Action | None) -> Decision | list[Step]:
        carrier = game.model(self.carrier)
        if action is not None:
            if action.point is not None:
                rider = game.model(action.args[0])
                (rider.x, rider.y), rider.level = action.point, carrier.level
                at = [round(rider.x, 2), round(rider.y, 2)]
                game.emit("carried", self.by, (rider.id, carrier.id), at=at)
            return []
        if not carrier.on_table or carrier.pos == self.start:
            return []
        riders = [game.model(r) for r in self.riders if game.model(r).on_table]
        room = [r for r in riders if carry_spots(game, carrier, r, self.melee)]
        for r in riders:
            if r not in room:
                game.emit("no-room-to-carry", self.by, (r.id, carrier.id))
        if not room:
            return []
        points = tuple(
            PointSpec("carry", (r.id, carrier.id), f"a point in base contact with {carrier.name}")
            for r in room
        )
        names = " or ".join(r.name for r in room)
        prompt = f"put {names} in base contact with {carrier.name} again, or leave it?"
        return Decision(carrier.side, "carry", prompt, (Action("no-carry", (carrier.id,)),), points)

    def point_error(self, game: WolsungGame, action: Action) -> str | None:
        """Why the model may not be put at the point, or ``None``."""
        assert action.point is not None
        rider = game.model(action.args[0])
        if rider.id not in self.riders:
            return f"{rider.name} was not in base contact with the carrier as the Action began"
        return carry_error(game, game.model(self.carrier), rider, action.point, self.melee)
