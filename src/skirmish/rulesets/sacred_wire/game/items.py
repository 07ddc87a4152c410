"""Grenades (C4.15, R3.4) and consumables (R3.9).

A grenade is thrown as an action at a point within 6" of the thrower's base (C4.14), not while
Engaged and at -1 DT after moving (notes A34). A throw that fails scatters d6" toward a d12
clock direction (C4.12, notes A33), ignoring terrain and staying on the board; a 2d6 triple
drops it at the thrower's feet. Every model within 3" of where it lands takes its own damage
roll, armour applying, never maximum or Critical (C4.15, notes A35).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.rulesets.sacred_wire.attack.combat import combatant, log_steps
from skirmish.rulesets.sacred_wire.attack.grenade import (
    THROW,
    GrenadeContext,
    Landing,
    contest_throw,
    grenade_blast,
    land_throw,
    roll_throw,
)
from skirmish.rulesets.sacred_wire.base import catalog_of
from skirmish.rulesets.sacred_wire.game import blessings, casualties, conditions
from skirmish.rulesets.sacred_wire.game.model import MOVE, ROUND, TimedEffect, WireModel
from skirmish.rulesets.sacred_wire.game.space import (
    ADJACENT,
    adjacent,
    clock_direction,
    gap,
    in_play,
    point_gap,
)
from skirmish.rulesets.sacred_wire.game.state import SmokeColumn
from skirmish.rulesets.sacred_wire.hostiles import coworkers
from skirmish.rulesets.sacred_wire.rolls.contest import (
    OPPOSED,
    final_faces,
    log_rolls,
    rebuilt,
    result,
    roll_amount,
)
from skirmish.rulesets.sacred_wire.rolls.tiers import OpposedRoll, Tier
from skirmish.rulesets.sacred_wire.rules_data.catalog import (
    Catalog,
    Consumable,
    Grenade,
    ItemTiming,
)
from skirmish.rulesets.sacred_wire.rules_data.dispatch import DataRow, EffectTable
from skirmish.rulesets.sacred_wire.rules_data.effects import (
    Cure,
    Effect,
    Heal,
    IgnoresCover,
    PostGameDamage,
    SmokeCloud,
    Status,
    TimedMoveBonus,
    TimedTierBonus,
    effects_of,
)

if TYPE_CHECKING:
    from skirmish.geometry.shapes import Point
    from skirmish.rulesets.sacred_wire.game.state import WireGame

GRENADES_RULE = "C4.15"
ITEMS = "R3.9"
THROW_RANGE = 6.0  # C4.14, R3.4: every grenade is thrown at a point up to 6" away


def throw_error(game: WireGame, m: WireModel, point: Point) -> str | None:
    """Why ``m`` cannot throw at ``point``: within 6" of its base and on the board (C4.14)."""
    x, y = point
    board = game.board
    if not (0.0 <= x <= board.width and 0.0 <= y <= board.height):
        return f'the aim point is off the {board.width:g}" x {board.height:g}" board'
    distance = point_gap(game, m, point, board.surface_at(point))
    if distance > THROW_RANGE + 1e-9:
        return (
            f'out of range: a grenade is thrown {THROW_RANGE:g}", the point is {distance:.2f}" '
            f"from {m.label} (C4.14)"
        )
    return None


@dataclass(slots=True, eq=False)
class Throw(Step):
    """Throw a grenade (C4.15): Boost pause, Combat vs. fixed 2d6, the Reroll blessing on one
    of the thrower's dice (C4.2, notes A3), a tie it leaves rolled again at the same tiers
    (C1.9), landing, blast. ``tiers``, ``faces`` and ``against``: the throw as rolled so far."""

    rule = GRENADES_RULE
    model: str
    grenade: str
    x: float
    y: float
    stage: str = "boost"
    tiers: tuple[int, int] = (0, 0)
    faces: tuple[int, ...] = ()
    against: int = 0

    def run(self, game: WireGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.model)
        if m.removed is not None:
            return []
        if self.stage == "boost":
            if action is None:
                at = [self.x, self.y]
                game.emit("throw", GRENADES_RULE, (m.id,), grenade=self.grenade, at=at)
                ask = blessings.offer(game, m, ("Boost",), "Boost this throw?")
                if ask is not None:
                    return ask
            self._roll(game, m, blessings.chosen(game, m, action) == "Boost")
            action = None
            self.stage = "reroll"
        if action is None and self._winner() != 0:
            ask = blessings.reroll_offer(game, m, "throw")
            if ask is not None:
                return ask
        new = blessings.reroll_die(game, m, action, self.faces, self.tiers[0], THROW)
        if new is not None:
            self.faces = new
        return self._land(game, m)

    def reroll_chances(self, game: WireGame, die: int) -> blessings.RerollChances:
        """What a Reroll of the thrower's die ``die`` may make of the throw: a miss tripled
        lands at its feet (C4.15)."""
        return blessings.reroll_chances(
            self.faces, self.against, self.tiers, 0, die, blessings.at_triple
        )

    def _winner(self) -> int | None:
        thrower, grenade = self.tiers
        return result(Tier(thrower), Tier(grenade), sum(self.faces), self.against)

    def _roll(self, game: WireGame, m: WireModel, boost: bool) -> None:
        """Spend the grenade and roll the throw, its opening lines and dice logged."""
        items = list(m.grenades)
        items.remove(self.grenade)
        m.grenades = tuple(items)
        grenade = catalog_of(game).grenade(self.grenade)
        ctx = GrenadeContext(combatant(game, m, None, "throw", False, boost), grenade, m.moved)
        opening, tiers, opposed = roll_throw(ctx, game.dice)
        log_steps(game, opening, {"attacker": m.id}, (m.id,))
        self._keep(game, m, (int(tiers.first), int(tiers.second)), opposed)

    def _keep(
        self, game: WireGame, m: WireModel, tiers: tuple[int, int], opposed: OpposedRoll
    ) -> None:
        log_rolls(game, opposed.rolls, OPPOSED, {"attacker": m.id})
        self.tiers = tiers
        self.faces = final_faces(opposed.rolls, THROW)
        self.against = opposed.second_total

    def _land(self, game: WireGame, m: WireModel) -> list[Step]:
        """A tie the Reroll left is rolled again at the same tiers (C1.9); then the grenade
        lands and its blast strikes every model within it (C4.15)."""
        thrower, grenade = Tier(self.tiers[0]), Tier(self.tiers[1])
        while self._winner() is None:
            game.emit("tie", OPPOSED, (m.id,))
            self._keep(game, m, self.tiers, contest_throw(thrower, grenade, game.dice))
        opposed = rebuilt(thrower, grenade, sum(self.faces), self.against)
        item = catalog_of(game).grenade(self.grenade)
        throw = land_throw(opposed, game.dice)
        log_steps(game, throw.steps, {"attacker": m.id}, (m.id,))
        point = self._landing(game, m, throw.landing, throw.scatter_inches, throw.scatter_clock)
        level = game.board.surface_at(point)
        game.emit(
            "lands",
            GRENADES_RULE,
            (m.id,),
            at=[round(point[0], 2), round(point[1], 2)],
            landing=str(throw.landing),
        )
        steps: list[Step] = []
        for effect in item.effects:
            steps += LANDS.apply(effect, Landed(game, m, item, point))
        caught = [o for o in in_play(game) if point_gap(game, o, point, level) <= item.blast]
        hits = grenade_blast(
            item, [combatant(game, o, None, "defense", True) for o in caught], game.dice
        )
        for o, hit in zip(caught, hits, strict=True):
            coworkers.mark(game, o, f"caught in {m.label}'s blast")
            log_steps(game, hit.steps, {"defender": o.id}, (o.id,))
            steps.append(BlastHit(o.id, m.id, item.name, hit.damage.total))
        return steps

    def _landing(
        self, game: WireGame, m: WireModel, landing: Landing, inches: int | None, clock: int | None
    ) -> Point:
        if landing is Landing.AT_FEET:
            return m.pos
        if landing is Landing.SCATTERED and inches is not None and clock is not None:
            dx, dy = clock_direction(clock)
            board = game.board
            x = min(max(self.x + dx * inches, 0.0), board.width)
            y = min(max(self.y + dy * inches, 0.0), board.height)
            return (x, y)
        return (self.x, self.y)


@dataclass(slots=True, eq=False)
class BlastHit(Step):
    """One model caught in a blast: its damage, then the grenade's effect (Flash, EMP: -1 DT
    next activation, R3.4; they land even when armour stops the damage, notes A34)."""

    rule = GRENADES_RULE
    model: str
    by: str
    grenade: str
    amount: int

    def run(self, game: WireGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.model)
        steps = casualties.wound(game, m, self.amount, GRENADES_RULE, self.by, self.grenade)
        grenade = catalog_of(game).grenade(self.grenade)
        if m.removed is None:
            for effect in grenade.effects:
                steps += HITS.apply(effect, Caught(game, m, grenade))
        return steps


# --- consumables --------------------------------------------------------------------------------


def consumable_targets(game: WireGame, m: WireModel, name: str) -> list[WireModel]:
    """Who a consumable can be used on now: the user, or an adjacent model of any side,
    offered only where it does something (R3.9, notes A68)."""
    item = catalog_of(game).consumable(name)
    if item.timing != "action":
        return []
    if item.target == "self":
        return [m]
    near = [m, *(o for o in in_play(game) if o.id != m.id and adjacent(game, m, o))]
    heals = any(isinstance(effect, Heal) for effect in item.effects)
    return [o for o in near if (heals and o.wounded) or curable(item, o)]


def curable(item: Consumable, target: WireModel) -> list[Status]:
    """The conditions of ``target`` that ``item`` ends, one a use (R3.9): a Coagulant ends
    Bleed or Punctured, so of a model with both (notes A73) the other stays."""
    return [
        s for cure in effects_of(item.effects, Cure) for s in cure.statuses if s in target.statuses
    ]


def consumable_uses(game: WireGame, m: WireModel, name: str) -> list[tuple[str, ...]]:
    """The words after the item of each use of ``name`` on offer: the target, and the
    condition it ends where the target has more than one the item ends (R3.9)."""
    item = catalog_of(game).consumable(name)
    uses: list[tuple[str, ...]] = []
    for t in consumable_targets(game, m, name):
        ends = curable(item, t)
        uses += [(t.id, str(s)) for s in ends] if len(ends) > 1 else [(t.id,)]
    return uses


def use_error(
    game: WireGame, m: WireModel, name: str, target: WireModel, status: str | None = None
) -> str | None:
    """Why ``m`` cannot use its consumable ``name`` on ``target`` now, ending the condition
    ``status`` if named (R3.9, notes A68), or None: the refusal's reason, on the conditions of
    :func:`consumable_targets` and :func:`consumable_uses`."""
    item = catalog_of(game).consumable(name)
    if item.timing != "action":
        return f"a {item.name} is not used as an action (R3.9)"
    if item.target == "self":
        return None if target.id == m.id else f"a {item.name} is for {m.label} itself (R3.9)"
    if not adjacent(game, m, target):
        return (
            f'a {item.name} is used on {m.label} or a model within {ADJACENT:g}": '
            f'{target.label} is {gap(game, m, target):.2f}" away (notes A68)'
        )
    if target not in consumable_targets(game, m, name):
        return f"a {item.name} would do nothing for {target.label} now (R3.9)"
    ends = [str(s) for s in curable(item, target)]
    if status is not None and status not in ends:
        return f"a {item.name} cannot end {status} on {target.label} now (R3.9)"
    return None


@dataclass(slots=True, eq=False)
class Use(Step):
    """Use a consumable: one use, one action (R3.9); ``status``, the condition it ends where
    the user named one."""

    rule = ITEMS
    model: str
    item: str
    target: str
    status: str = ""

    def run(self, game: WireGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.model)
        t = game.model(self.target)
        items = list(m.consumables)
        items.remove(self.item)
        m.consumables = tuple(items)
        item = catalog_of(game).consumable(self.item)
        game.emit("uses", ITEMS, (m.id, t.id), item=item.name)
        steps: list[Step] = []
        for effect in item.effects:
            steps += USE.apply(effect, Used(game, t, item, self.status))
        return steps


# --- what the effects of grenades and consumables do ----------------------------------------


@dataclass(frozen=True, slots=True)
class Landed:
    """Where a thrown ``grenade`` came down: at ``point``, thrown by ``thrower``."""

    game: WireGame
    thrower: WireModel
    grenade: Grenade
    point: Point


@dataclass(frozen=True, slots=True)
class Caught:
    """A model ``m`` caught in the blast of ``grenade`` and still in play after its damage."""

    game: WireGame
    m: WireModel
    grenade: Grenade


@dataclass(frozen=True, slots=True)
class Used:
    """A consumable ``item`` used on the model ``target`` (R3.9), to end the condition
    ``status`` ("": the one it ends)."""

    game: WireGame
    target: WireModel
    item: Consumable
    status: str


def _grenades(catalog: Catalog) -> Iterator[DataRow[Effect]]:
    return (DataRow(g.name, g.effects) for g in catalog.grenades)


def _consumables(catalog: Catalog) -> Iterator[DataRow[Effect]]:
    # Reactions are no action: the Trauma Kit cancels a Critical as it lands (attack/combat.py).
    used = (c for c in catalog.consumables if c.timing == ItemTiming.ACTION)
    return (DataRow(c.name, c.effects) for c in used)


NO_COVER = "nothing: blasts never check cover (notes A34)"
LANDS: EffectTable[Effect, Landed, Step] = EffectTable(
    "a grenade landing (C4.15, R3.4; game/items.py)", _grenades
)
"""What each special of a grenade does where it lands."""
LANDS.elsewhere("each model the blast catches (game/items.py HITS)", TimedTierBonus)
LANDS.elsewhere(NO_COVER, IgnoresCover)
HITS: EffectTable[Effect, Caught, Step] = EffectTable(
    "a grenade's blast on a model (C4.15, R3.4; game/items.py)", _grenades
)
"""What each special of a grenade does to a model its blast catches."""
HITS.elsewhere("where it lands (game/items.py LANDS)", SmokeCloud)
HITS.elsewhere(NO_COVER, IgnoresCover)
USE: EffectTable[Effect, Used, Step] = EffectTable(
    "a consumable used (R3.9; game/items.py)", _consumables
)
"""What each special of a consumable does to the model it is used on."""


@LANDS.on(SmokeCloud)
def _smoke(effect: SmokeCloud, at: Landed) -> list[Step]:
    st = at.game.state
    x, y = at.point
    st.smoke = (*st.smoke, SmokeColumn(x, y, float(effect.radius), st.round))
    at.game.emit("smoke", at.grenade.rule, (at.thrower.id,), at=[round(x, 2), round(y, 2)])
    return []


@HITS.on(TimedTierBonus)
def _blast_mark(effect: TimedTierBonus, at: Caught) -> list[Step]:
    conditions.mark(at.game, at.m, effect, at.grenade.name, at.grenade.rule)
    return []


@USE.on(TimedTierBonus)
def _stim(effect: TimedTierBonus, at: Used) -> list[Step]:
    conditions.mark(at.game, at.target, effect, at.item.name, ITEMS)
    return []


@USE.on(TimedMoveBonus)
def _adrenaline(effect: TimedMoveBonus, at: Used) -> list[Step]:
    at.target.add_timed(TimedEffect(MOVE, effect.inches, "", 0, ROUND, at.item.name, ITEMS))
    return []


@USE.on(Heal)
def _heal(effect: Heal, at: Used) -> list[Step]:
    amount = roll_amount(at.game, effect.dice, "heal", ITEMS, at.target.id)
    casualties.heal(at.game, at.target, amount, ITEMS, at.item.name)
    return []


@USE.on(Cure)
def _cure(effect: Cure, at: Used) -> list[Step]:
    t = at.target
    ends = at.status or str(curable(at.item, t)[0])
    t.statuses = tuple(s for s in t.statuses if s != ends)
    at.game.emit("cured", ITEMS, (t.id,), statuses=[ends])
    return []


@USE.on(PostGameDamage)
def _after_the_game(effect: PostGameDamage, at: Used) -> list[Step]:
    t = at.target
    t.post_game = (*t.post_game, f"{at.item.name.lower()} {effect.dice}")
    return []
