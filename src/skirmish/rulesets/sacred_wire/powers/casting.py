"""Casting and the eight Broadcast Powers (C5.1, R5.1, R7.3).

A Broadcaster casts its Power as an action, once per activation, at a model it sees (no range
limit). Offensive Powers roll Wits against the target's Wits, at an enemy only (C5.1 names
only the Support Powers' targets; an Offensive Power harms the model it lands on); Support
Powers Wits against a fixed 2d6, on a friendly model other than the caster. A Triple spreads
the effect to every valid target within 3" of the target (never for Focus and Swap; no extra
rolls, notes A64); the opponent's Triple makes the caster roll the Broadcast Fumble table
(R7.3). A Power cast again on a model still under its timed effect renews it, adding nothing
(our reading of R5.1, by analogy with notes A73).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.rulesets.sacred_wire.base import catalog_of
from skirmish.rulesets.sacred_wire.game import blessings, casualties, conditions
from skirmish.rulesets.sacred_wire.game.model import (
    BONUS_ACTION,
    IGNORE_COVER,
    NEURAL_TRAP,
    SEE_WALLS,
    TimedEffect,
    WireModel,
)
from skirmish.rulesets.sacred_wire.game.movement import push
from skirmish.rulesets.sacred_wire.game.space import (
    clock_direction,
    enemies,
    friends,
    gap,
    others,
    sees,
    side_of,
)
from skirmish.rulesets.sacred_wire.hostiles import coworkers
from skirmish.rulesets.sacred_wire.missions import carry, signal
from skirmish.rulesets.sacred_wire.rolls.contest import (
    OPPOSED,
    contest,
    final_faces,
    log_rolls,
    result,
    roll_die,
    settle,
)
from skirmish.rulesets.sacred_wire.rolls.tiers import (
    TRIPLE,
    Tier,
    TierModifier,
    TierRoll,
    multiple,
    roll_pair,
)
from skirmish.rulesets.sacred_wire.rules_data.catalog import Catalog, FumbleTable, Power, PowerKind
from skirmish.rulesets.sacred_wire.rules_data.dispatch import DataRow, EffectTable
from skirmish.rulesets.sacred_wire.rules_data.effects import (
    BonusAction,
    DropWeapon,
    Effect,
    HitAlly,
    IgnoresCover,
    MoveTrap,
    Push,
    SeesThroughWalls,
    SelfDamage,
    Swap,
    TimedTierBonus,
)
from skirmish.rulesets.sacred_wire.squads.roster import (
    CONTRACTS,
    armor,
    rerolls_failed_wits,
    roll_modifiers,
    tier,
)

if TYPE_CHECKING:
    from skirmish.rulesets.sacred_wire.game.state import WireGame

CAST = "C5.1"
POWER = "R5.1"
SPREAD = 3.0


def power_named(game: WireGame, m: WireModel, extra: tuple[str, ...]) -> str | None:
    """The Power a cast's text names (its slug after the target), or the caster's one Power
    when it names none; None when it names no Power of the caster's."""
    if not extra:
        return m.powers[0] if len(m.powers) == 1 else None
    name = catalog_of(game).slug_name(extra[0])
    return name if name in m.powers else None


def cast_targets(game: WireGame, m: WireModel, power: Power) -> list[WireModel]:
    """Models the caster may target now with ``power``: enemies it sees (Offensive), friends
    other than itself it sees (Support); Swap also within 12" with both places legal (C5.1,
    R5.1)."""
    pool = enemies(game, m) if power.kind is PowerKind.OFFENSIVE else friends(game, m)
    found = [o for o in pool if sees(game, m, o)]
    swap = next((e for e in power.effects if isinstance(e, Swap)), None)
    if swap is not None:
        found = [o for o in found if gap(game, m, o) <= swap.max_range and swap_legal(game, m, o)]
    return found


def cast_error(game: WireGame, m: WireModel, target: WireModel, power: Power) -> str | None:
    """Why ``m``'s ``power`` cannot target ``target`` now (C5.1, R5.1, notes A65), or None:
    the refusal's reason, on the conditions of :func:`cast_targets`."""
    if power.kind is PowerKind.OFFENSIVE and target not in enemies(game, m):
        return f"{power.name} is an Offensive Power: it targets an enemy, not {target.label} (C5.1)"
    if power.kind is not PowerKind.OFFENSIVE and target not in friends(game, m):
        return (
            f"{power.name} is a Support Power: it targets a friend other than {m.label}, not "
            f"{target.label} (C5.1)"
        )
    if not sees(game, m, target):
        return f"{target.label} is not in sight of {m.label} (C4.9)"
    swap = next((e for e in power.effects if isinstance(e, Swap)), None)
    if swap is not None and gap(game, m, target) > swap.max_range:
        return (
            f'out of range: Swap reaches {swap.max_range}", {target.label} is '
            f'{gap(game, m, target):.2f}" away (R5.1)'
        )
    if swap is not None and not swap_legal(game, m, target):
        return f"{m.label} and {target.label} cannot stand in each other's places (notes A65)"
    return None


def swap_legal(game: WireGame, a: WireModel, b: WireModel) -> bool:
    """Both bases fit where the other stood (notes A65)."""
    board = game.board
    rest = [o for o in others(game, a) if (o[0], o[2]) != (b.pos, b.level)]
    if board.placement_error(b.pos, a.radius, b.level, rest) is not None:
        return False
    rest = [o for o in others(game, b) if (o[0], o[2]) != (a.pos, a.level)]
    return board.placement_error(a.pos, b.radius, a.level, rest) is None


@dataclass(slots=True, eq=False)
class Cast(Step):
    """One Cast: Boost pauses, the roll, Reroll pauses, then the effect or the Fumble."""

    rule = CAST
    caster: str
    target: str
    power: str
    stage: str = "boost-c"
    boost_c: bool = False
    boost_t: bool = False
    c_tier: int = 6
    t_tier: int = 6
    c_faces: tuple[int, ...] = ()
    t_faces: tuple[int, ...] = ()

    def run(self, game: WireGame, action: Action | None) -> Decision | list[Step]:
        c, t = game.model(self.caster), game.model(self.target)
        if c.removed is not None or t.removed is not None:
            return []
        power = catalog_of(game).power(self.power)
        offensive = power.kind is PowerKind.OFFENSIVE
        if self.stage == "boost-c":
            if action is None:
                game.emit("cast", CAST, (c.id, t.id), power=power.name, mode=str(power.kind))
                if offensive:
                    coworkers.mark(game, t, f"targeted by {c.label}'s {power.name}")
                ask = blessings.offer(game, c, ("Boost",), "Boost this Cast?")
                if ask is not None:
                    return ask
            self.boost_c = blessings.chosen(game, c, action) == "Boost"
            action = None
            self.stage = "boost-t"
        if self.stage == "boost-t":
            if action is None and offensive:
                ask = blessings.offer(game, t, ("Boost",), "Boost the Wits roll against it?")
                if ask is not None:
                    return ask
            self.boost_t = blessings.chosen(game, t, action) == "Boost"
            action = None
            self._roll(game, c, t, offensive)
            self.stage = "reroll-c"
        if self.stage == "reroll-c":
            if action is None:
                ask = blessings.reroll_offer(game, c, "Cast")
                if ask is not None:
                    return ask
            new = blessings.reroll_die(game, c, action, self.c_faces, self.c_tier, "cast")
            if new is not None:
                self.c_faces = new
            action = None
            self.stage = "reroll-t"
        if self.stage == "reroll-t":
            if action is None and offensive:
                ask = blessings.reroll_offer(game, t, "Wits")
                if ask is not None:
                    return ask
            new = blessings.reroll_die(game, t, action, self.t_faces, self.t_tier, "resist")
            if new is not None:
                self.t_faces = new
        return self._resolve(game, c, t, power, offensive)

    def _roll(self, game: WireGame, c: WireModel, t: WireModel, offensive: bool) -> None:
        mods: list[TierModifier] = [
            *roll_modifiers(c, "cast", use=True),
            *signal.broadcast_penalty(game),
            *carry.source_penalty(game, c),
        ]
        if self.boost_c:
            mods.append(TierModifier(+1, "Boost", blessings.BLESSING))
        first = TierRoll(tier(game, c, "wits"), tuple(mods))
        ids: tuple[str | None, str | None]
        if offensive:
            theirs: list[TierModifier] = list(roll_modifiers(t, "resist", use=True))
            if self.boost_t:
                theirs.append(TierModifier(+1, "Boost", blessings.BLESSING))
            second = TierRoll(tier(game, t, "wits"), tuple(theirs))
            names, ids, purposes = ("caster Wits", "target Wits"), (c.id, t.id), ("cast", "resist")
        else:
            second = TierRoll.fixed_2d6()
            names, ids, purposes = ("caster Wits", "against"), (c.id, None), ("cast", "test")
        tiers = settle(game, first, second, names, ids)
        opposed = contest(game, tiers.first, tiers.second, purposes, ids, CAST)
        self.c_tier, self.t_tier = int(tiers.first), int(tiers.second)
        self.c_faces = final_faces(opposed.rolls, purposes[0])
        self.t_faces = final_faces(opposed.rolls, purposes[1])

    def _winner(self) -> int | None:
        return result(Tier(self.c_tier), Tier(self.t_tier), sum(self.c_faces), sum(self.t_faces))

    def reroll_chances(self, game: WireGame, die: int) -> blessings.RerollChances:
        """What a Reroll of die ``die`` of the roll on offer (the caster's, then the
        target's) may make of it: a caster tripled Fumbles (C5.1), and a target tripled by a
        Power that spreads takes its friends with it."""
        tiers = (self.c_tier, self.t_tier)
        if self.stage == "reroll-c":
            faces, against, side, margin = self.c_faces, sum(self.t_faces), 0, blessings.from_triple
        else:
            spreads = catalog_of(game).power(self.power).spreads
            margin = blessings.at_triple if spreads else blessings.plain
            faces, against, side = self.t_faces, sum(self.c_faces), 1
        return blessings.reroll_chances(faces, against, tiers, side, die, margin)

    def _resolve(
        self, game: WireGame, c: WireModel, t: WireModel, power: Power, offensive: bool
    ) -> list[Step]:
        purposes = ("cast", "resist" if offensive else "test")
        ids = (c.id, t.id if offensive else None)
        while self._winner() is None:
            game.emit("tie", OPPOSED, (c.id, t.id))
            opposed = contest(game, Tier(self.c_tier), Tier(self.t_tier), purposes, ids, CAST)
            self.c_faces = final_faces(opposed.rolls, purposes[0])
            self.t_faces = final_faces(opposed.rolls, purposes[1])
        if offensive and self._winner() == 0 and rerolls_failed_wits(game, t):
            total, rolls = roll_pair(Tier(self.t_tier), game.dice, "agent-reroll")
            log_rolls(game, rolls, CONTRACTS, {None: t.id})
            self.t_faces = (total,)
            game.emit("agent-reroll", CONTRACTS, (t.id,))
            while self._winner() is None:
                opposed = contest(game, Tier(self.c_tier), Tier(self.t_tier), purposes, ids, CAST)
                self.c_faces = final_faces(opposed.rolls, purposes[0])
                self.t_faces = final_faces(opposed.rolls, purposes[1])
        winner = self._winner()
        a, b = sum(self.c_faces), sum(self.t_faces)
        k = multiple(a, b) if winner == 0 else multiple(b, a)
        game.emit("cast-result", CAST, (c.id, t.id), success=winner == 0, multiple=k, totals=[a, b])
        if winner == 0:
            targets = [t]
            if k >= TRIPLE and power.spreads:
                pool = enemies(game, c) if offensive else friends(game, c)
                targets += [o for o in pool if o.id != t.id and gap(game, t, o) <= SPREAD]
                game.emit("cast-spreads", CAST, tuple(o.id for o in targets))
            steps: list[Step] = []
            for target in targets:
                if offensive:  # a Coworker the spread reaches is attacked too (I8.1)
                    coworkers.mark(game, target, f"hit by {c.label}'s {power.name}")
                steps += apply_power(game, c, target, power)
            return steps
        if k >= TRIPLE:
            return broadcast_fumble(game, c, k, power.name)
        return []


def apply_power(game: WireGame, c: WireModel, t: WireModel, power: Power) -> list[Step]:
    """A Power's effect on one target (R5.1; notes A32, A65), through :data:`POWERS`, after
    :func:`renew` has cleared what the same Power left on it."""
    renew(game, t, power)
    steps: list[Step] = []
    for effect in power.effects:
        steps += POWERS.apply(effect, Target(game, c, t, power))
    return steps


def renew(game: WireGame, t: WireModel, power: Power) -> None:
    """A Power cast on a model still under its own timed effect renews it: the earlier effect
    goes, so the new one lasts from this cast and nothing adds up; different Powers combine
    (R5.1 is silent; our reading, by analogy with notes A73 for conditions)."""
    held = tuple(e for e in t.timed if e.rule == POWER and e.source == power.name)
    if held:
        t.timed = tuple(e for e in t.timed if e not in held)
        game.emit("renewed", POWER, (t.id,), power=power.name)


@dataclass(frozen=True, slots=True)
class Target:
    """A Power ``power`` cast by ``caster`` landing on ``target``."""

    game: WireGame
    caster: WireModel
    target: WireModel
    power: Power


def _powers(catalog: Catalog) -> Iterator[DataRow[Effect]]:
    return (DataRow(p.name, p.effects) for p in catalog.powers)


POWERS: EffectTable[Effect, Target, Step] = EffectTable(
    "a Power's effect (R5.1; powers/casting.py)", _powers
)
"""What each effect of a Broadcast Power does to its target."""


@POWERS.on(TimedTierBonus)
def _timed_tier(effect: TimedTierBonus, at: Target) -> list[Step]:
    conditions.mark(at.game, at.target, effect, at.power.name, POWER)
    return []


@POWERS.on(DropWeapon)
def _weapon_lock(effect: DropWeapon, at: Target) -> list[Step]:
    return [conditions.ChooseDrop(at.target.id, side_of(at.caster), POWER)]


@POWERS.on(MoveTrap)
def _neural_trap(effect: MoveTrap, at: Target) -> list[Step]:
    # Its caster is credited if it springs (K3.1).
    t = at.target
    nxt = t.next_activation()
    t.add_timed(TimedEffect(NEURAL_TRAP, effect.dice.sides, "", nxt, nxt, at.power.name, POWER))
    t.inflict(at.power.name, at.caster.id)
    at.game.emit("trapped", POWER, (t.id,))
    return []


@POWERS.on(Push)
def _resonance_push(effect: Push, at: Target) -> list[Step]:
    return [PushChoice(at.caster.id, at.target.id)]


@POWERS.on(BonusAction)
def _focus(effect: BonusAction, at: Target) -> list[Step]:
    t = at.target
    nxt = t.next_activation()
    t.add_timed(TimedEffect(BONUS_ACTION, 1, "", nxt, nxt, at.power.name, POWER))
    at.game.emit("focused", POWER, (t.id,))
    return []


@POWERS.on(Swap)
def _swap(effect: Swap, at: Target) -> list[Step]:
    c, t = at.caster, at.target
    c.x, c.y, c.level, t.x, t.y, t.level = t.x, t.y, t.level, c.x, c.y, c.level
    c.aim = t.aim = ""
    at.game.emit("swapped", POWER, (c.id, t.id))
    return []


@POWERS.on(IgnoresCover)
def _ignores_cover(effect: IgnoresCover, at: Target) -> list[Step]:
    nxt = at.target.next_activation()
    at.target.add_timed(TimedEffect(IGNORE_COVER, 0, "", 0, nxt, at.power.name, POWER))
    return []


@POWERS.on(SeesThroughWalls)
def _ping(effect: SeesThroughWalls, at: Target) -> list[Step]:
    t = at.target
    nxt = t.next_activation()
    t.add_timed(TimedEffect(SEE_WALLS, 0, "", 0, nxt, at.power.name, POWER))
    at.game.emit("pinged", POWER, (t.id,))
    return []


@dataclass(slots=True, eq=False)
class PushChoice(Step):
    """Resonance Push: the caster picks the direction, the target is pushed d6" that way
    (R5.1; falls and the board edge per notes A65). "Any direction" is offered as the twelve
    hours of a clock (our reading: the clock A33 gives random directions, as a player names
    one at the table). It is no Knockback, which only weapons deal (C4.6), so what lessens or
    ignores Knockback (R3.6, R3.8, R3.10) leaves it whole."""

    rule = POWER
    caster: str
    target: str

    def run(self, game: WireGame, action: Action | None) -> Decision | list[Step]:
        t = game.model(self.target)
        c = game.model(self.caster)
        if t.removed is not None:
            return []
        if action is None:
            options = tuple(Action("push", (t.id, str(h))) for h in range(1, 13))
            prompt = f'push {t.name} ({t.id}) d6" toward which hour of the clock (12 = north)?'
            return Decision(side_of(c), "push", prompt, options)
        inches = game.roll("D6", "push", POWER, t.id).value
        return push(game, t, clock_direction(int(action.args[1])), inches, POWER, c.id)


def broadcast_fumble(game: WireGame, c: WireModel, k: int, power: str) -> list[Step]:
    """The caster of ``power`` (a Power, or a hostile's Power weapon) rolls the Broadcast
    Fumble table at +(k - 3) (C5.1, R7.3); a row that locks or forgets locks that one."""
    table = catalog_of(game).fumble_table("broadcast")
    face = game.roll("D6", "fumble", "C4.17", c.id).value
    row = table.row(face + k - TRIPLE)
    steps: list[Step] = []
    for effect in row.effects:
        if isinstance(effect, SelfDamage) and effect.dice is not None:
            steps += _d4_damage(game, c, effect.dice.sides, table)
        elif isinstance(effect, HitAlly) and effect.dice is not None:
            allies = [f for f in friends(game, c) if gap(game, c, f) <= effect.within]
            victim = c
            if allies:
                pick = 0
                if len(allies) > 1:
                    pick = roll_die(game, len(allies), "ally", table.rule) - 1
                victim = allies[pick]
            steps += _d4_damage(game, victim, effect.dice.sides, table)
    if c.removed is None:
        steps += conditions.apply_row(game, c, row.effects, table.rule, row.name, None, power)
    return steps


def _d4_damage(game: WireGame, m: WireModel, sides: int, table: FumbleTable) -> list[Step]:
    """A Broadcast Fumble's d4 damage: armour applies as for any damage roll (C4.18)."""
    rolled = game.roll(f"D{sides}", "fumble-damage", table.rule, m.id).value
    piece = armor(game, m)
    amount = max(0, rolled - (piece.reduction if piece else 0))
    return casualties.wound(game, m, amount, table.rule, source=table.name)
