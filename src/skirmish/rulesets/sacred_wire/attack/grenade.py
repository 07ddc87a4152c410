"""A grenade, die by die (C4.15, R3.4): the throw, Combat against a fixed 2d6 with no overflow
either way (C1.10), where it lands (on the aim point, scattered d6" toward a d12 clock direction,
or at the thrower's feet on a 2d6 triple, notes A33, A35), and its damage to each model in the
blast, never maximum nor a Critical (notes A34, A35). Pure, like :mod:`.resolution`: the game
applies the result (:mod:`..game.items`), :mod:`.odds` shares :func:`plan_throw`.

Dice purposes, in the order they are rolled (tests script them by name):

``"throw"``/``"throw-target"``  the thrower's Combat and the fixed 2d6
``"scatter"``           a missed grenade's d6"; ``"scatter-direction"`` its d12 clock (notes A33)
``"blast-damage"``      the grenade's damage, once per model in the blast
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from skirmish.dice import DiceSource, Roll
from skirmish.rulesets.sacred_wire.attack.resolution import (
    Combatant,
    Damage,
    Log,
    Side,
    Step,
    own_modifiers,
    weapon_roll,
)
from skirmish.rulesets.sacred_wire.rolls.tiers import (
    TRIPLE,
    OpposedRoll,
    SettledTiers,
    Tier,
    TierModifier,
    TierRoll,
    roll_opposed,
    settle_tiers,
)
from skirmish.rulesets.sacred_wire.rules_data.catalog import Grenade
from skirmish.rulesets.sacred_wire.rules_data.effects import (
    Effect,
    IgnoreMovingShotPenalty,
    effects_of,
)

__all__ = [
    "BLAST_DAMAGE",
    "SCATTER",
    "SCATTER_DIRECTION",
    "THROW",
    "THROW_TARGET",
    "BlastHit",
    "GrenadeContext",
    "GrenadeResult",
    "GrenadeThrow",
    "Landing",
    "contest_throw",
    "grenade_blast",
    "land_throw",
    "plan_throw",
    "resolve_grenade",
    "roll_throw",
    "throw_grenade",
]

THROW = "throw"
THROW_TARGET = "throw-target"
SCATTER = "scatter"
SCATTER_DIRECTION = "scatter-direction"
BLAST_DAMAGE = "blast-damage"


class Landing(StrEnum):
    """Where a thrown grenade comes down (C4.15)."""

    ON_TARGET = "on-target"
    SCATTERED = "scattered"  # d6" in a d12 clock direction from the aim point (notes A33)
    AT_FEET = "at-feet"  # the 2d6 tripled the thrower: the Fumble of a grenade (notes A35)


@dataclass(frozen=True, slots=True)
class GrenadeContext:
    """A grenade throw: the thrower's Combat and kit, the grenade, and whether it moved first.

    The thrower's weapon is irrelevant; its contract matters for the Gunner (C4.10, notes A34).
    """

    thrower: Combatant
    grenade: Grenade
    moved: bool = False


@dataclass(frozen=True, slots=True)
class GrenadeThrow:
    """The throw: Combat vs. a fixed 2d6 (C4.15), and where the grenade landed."""

    opposed: OpposedRoll
    landing: Landing
    scatter_inches: int | None
    scatter_clock: int | None
    steps: tuple[Step, ...]


@dataclass(frozen=True, slots=True)
class BlastHit:
    """A grenade's damage to one model in the 3" blast, and its effects (Flash, EMP, Smoke)."""

    damage: Damage
    effects: tuple[Effect, ...]
    steps: tuple[Step, ...]


@dataclass(frozen=True, slots=True)
class GrenadeResult:
    """A whole grenade: the throw, then one :class:`BlastHit` per model caught in the blast."""

    throw: GrenadeThrow
    hits: tuple[BlastHit, ...]

    def describe(self) -> str:
        """The log of the throw and the blast, one rule-tagged line per step."""
        steps = (*self.throw.steps, *(step for hit in self.hits for step in hit.steps))
        return "\n".join(str(step) for step in steps)


def plan_throw(ctx: GrenadeContext) -> tuple[TierRoll, SettledTiers]:
    """The thrower's Combat roll with its modifiers, and the tiers of the throw against the
    fixed 2d6 (no overflow either way, C1.10): the dice-free part :mod:`.odds` shares."""
    thrower_roll = TierRoll(ctx.thrower.combat, _throw_modifiers(ctx))
    return thrower_roll, settle_tiers(thrower_roll, TierRoll.fixed_2d6())


def throw_grenade(ctx: GrenadeContext, dice: DiceSource) -> GrenadeThrow:
    """Combat vs. fixed 2d6 (no overflow either way, C1.10); fail: scatter d6"; 2d6 triple: at
    the thrower's feet (C4.15, notes A35). No Critical, whatever the margin."""
    opening, _, opposed = roll_throw(ctx, dice)
    return land_throw(opposed, dice, opening)


def roll_throw(
    ctx: GrenadeContext, dice: DiceSource
) -> tuple[tuple[Step, ...], SettledTiers, OpposedRoll]:
    """The throw's opening lines, its tiers and its opposed roll, Combat vs. the fixed 2d6
    (C4.15, C1.10, C1.9): what a Reroll blessing may change before it lands."""
    thrower_roll, tiers = plan_throw(ctx)
    log = Log()
    log.add("C4.15", f'throws a {ctx.grenade.name} grenade at a point within {ctx.grenade.range}"')
    log.add(
        "C1.10", tiers.describe(thrower_roll, TierRoll.fixed_2d6(), ("thrower Combat", "grenade"))
    )
    return tuple(log.steps), tiers, contest_throw(tiers.first, tiers.second, dice)


def contest_throw(thrower: Tier, grenade: Tier, dice: DiceSource) -> OpposedRoll:
    """The throw's opposed roll at the tiers ``thrower`` and ``grenade`` (the fixed 2d6), ties
    re-rolled (C1.9)."""
    return roll_opposed(
        thrower, grenade, dice, purposes=(THROW, THROW_TARGET), models=(Side.ATTACKER.value, None)
    )


def land_throw(
    opposed: OpposedRoll, dice: DiceSource, opening: tuple[Step, ...] = ()
) -> GrenadeThrow:
    """Where the grenade of the throw ``opposed`` lands: on the aim point when the thrower
    wins; at its feet when the 2d6 triples it; else scattered a d6" toward a d12 o'clock
    (C4.15, C4.12, notes A33, A35)."""
    log = Log()
    log.steps.extend(opening)
    log.add("C1.9", opposed.describe(("throw", "2d6")), opposed.rolls)
    if opposed.first_wins:
        log.add("C4.15", "the grenade lands on the aim point")
        return GrenadeThrow(opposed, Landing.ON_TARGET, None, None, tuple(log.steps))
    if opposed.multiple >= TRIPLE:
        log.add("C4.15", f"the 2d6 triples the thrower (x{opposed.multiple}): it lands at its feet")
        return GrenadeThrow(opposed, Landing.AT_FEET, None, None, tuple(log.steps))
    inches = dice.faces(1, 6, SCATTER)[0]
    clock = dice.faces(1, 12, SCATTER_DIRECTION)[0]
    rolls = (
        Roll(SCATTER, "D6", (inches,), inches),
        Roll(SCATTER_DIRECTION, "D12", (clock,), clock),
    )
    log.add(
        "C4.15", f"missed: scatters {inches}\" toward {clock} o'clock (C4.12, notes A33)", rolls
    )
    return GrenadeThrow(opposed, Landing.SCATTERED, inches, clock, tuple(log.steps))


def _throw_modifiers(ctx: GrenadeContext) -> tuple[TierModifier, ...]:
    found: list[TierModifier] = []
    contract = ctx.thrower.contract
    steady = contract is not None and bool(effects_of(contract.effects, IgnoreMovingShotPenalty))
    if ctx.moved and not steady:
        found.append(TierModifier(-1, "moved this activation", "C4.10"))
    return (*found, *own_modifiers(ctx.thrower))


def grenade_blast(
    grenade: Grenade, targets: Sequence[Combatant], dice: DiceSource
) -> tuple[BlastHit, ...]:
    """Roll the grenade's damage separately for each model in the blast (C4.15).

    Never maximum, never a Critical (C4.15, notes A35); armour applies with no AP, so Smoke and
    Flash may deal 0 yet their effects still land (notes A34).
    """
    hits: list[BlastHit] = []
    for target in targets:
        rolled, rolls = weapon_roll(grenade.damage, 0, False, dice, BLAST_DAMAGE, Side.DEFENDER)
        armor = target.armor.reduction if target.armor else 0
        damage = Damage(str(grenade.damage), rolled, False, 0, 0, armor)
        step = Step("C4.15", f"{grenade.name} blast deals {damage}", rolls)
        hits.append(BlastHit(damage, grenade.effects, (step,)))
    return tuple(hits)


def resolve_grenade(
    ctx: GrenadeContext,
    dice: DiceSource,
    in_blast: Callable[[GrenadeThrow], Sequence[Combatant]] | None = None,
) -> GrenadeResult:
    """Throw, then damage every model ``in_blast`` reports for the landing point (C4.15).

    ``in_blast`` is the game's geometry: the models within the 3" blast of where the throw
    landed. Without it only the throw is resolved.
    """
    throw = throw_grenade(ctx, dice)
    targets = in_blast(throw) if in_blast is not None else ()
    return GrenadeResult(throw, grenade_blast(ctx.grenade, targets, dice))
