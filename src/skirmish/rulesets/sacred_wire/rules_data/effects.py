"""Typed effects: the vocabulary that every Sacred Wire 28 "special" is written in.

A special in the data files is one short keyword phrase, and only this form is accepted::

    keyword [first-value] [field=value ...]

The first field of an effect may be given bare; every other field is written ``field=value``
(underscores in field names become hyphens), and fields left at their default are omitted.
Examples: ``"knockback 1"``, ``"reroll 1 roll=damage"``, ``"tier-bonus +1 roll=combat
when=riposting"``. :func:`format_effect` writes exactly this canonical form, and
:func:`parse_effect` reads it back; an unknown keyword, field or value raises
:class:`~skirmish.errors.RulesDataError` and is never skipped.

Each effect names the rule it comes from in its docstring ("R3.2" = Requisitions 3.2, "C4.6" =
Core Rules 4.6). Where the rules text is ambiguous, the docstring cites the suggested resolution of
the rules notes (``notes A15`` = item A15 of ``shared/notes/sacred_wire.md``).
"""

from __future__ import annotations

import difflib
import re
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from dataclasses import MISSING, dataclass, field, fields
from enum import StrEnum
from typing import Any, ClassVar, TypeVar

from skirmish.errors import RulesDataError

# --------------------------------------------------------------------------------------------
# Dice
# --------------------------------------------------------------------------------------------

#: Die sizes the game uses: the tier ladder (C1.9), the d20 tables, and a d2 read odd/even (C1.8).
DIE_SIDES = frozenset({2, 3, 4, 6, 8, 10, 12, 20})

_DICE_RE = re.compile(r"^(?:(?P<count>\d*)d(?P<sides>\d+)(?:\+(?P<bonus>\d+))?|(?P<fixed>\d+))$")


@dataclass(frozen=True, slots=True)
class DamageDice:
    """A damage (or random distance) expression: ``count`` dice of ``sides`` plus ``bonus``.

    A fixed amount such as the Knuckles' "2" (R3.2) has no dice: ``count == sides == 0`` and the
    amount is the ``bonus``. Also used for random distances (Blown Back d6", R6.5). The data and
    the log write it the rulebook's way (``str``: ``"2d6+1"``); the dice are rolled in the
    kernel's notation (:attr:`notation`: ``"2D6"``).
    """

    count: int
    sides: int
    bonus: int = 0

    def __post_init__(self) -> None:
        fixed = self.count == 0 and self.sides == 0
        rolled = self.count >= 1 and self.sides in DIE_SIDES
        if not (fixed or rolled) or self.bonus < 0 or (fixed and self.bonus < 1):
            raise RulesDataError(
                f"bad dice: count={self.count} sides={self.sides} bonus={self.bonus}"
            )

    @property
    def is_fixed(self) -> bool:
        """True when no die is rolled (a printed flat amount)."""
        return self.count == 0

    @property
    def notation(self) -> str:
        """The dice rolled, in the kernel's notation, the bonus left out: ``"2D6"``, ``"D4"``."""
        return f"{self.count}D{self.sides}" if self.count > 1 else f"D{self.sides}"

    @property
    def min(self) -> int:
        """The lowest total the expression can give."""
        return self.count + self.bonus

    @property
    def max(self) -> int:
        """The highest total: the "maximum damage" of a Double (C4.16)."""
        return self.count * self.sides + self.bonus

    def doubled(self) -> DamageDice:
        """The dice a Riposted attacker rolls on a hit (C4.7): twice the dice, bonus once.

        A fixed amount doubles too (Knuckles 2 -> 4), per notes A25.
        """
        if self.is_fixed:
            return DamageDice(0, 0, self.bonus * 2)
        return DamageDice(self.count * 2, self.sides, self.bonus)

    def __str__(self) -> str:
        if self.is_fixed:
            return str(self.bonus)
        count = "" if self.count == 1 else str(self.count)
        bonus = f"+{self.bonus}" if self.bonus else ""
        return f"{count}d{self.sides}{bonus}"


def parse_dice(text: str) -> DamageDice:
    """Read ``"d6"``, ``"2d6"``, ``"d4+1"`` or a fixed ``"2"``; raise RulesDataError otherwise."""
    match = _DICE_RE.match(text.strip()) if isinstance(text, str) else None
    if match is None:
        raise RulesDataError(
            f"bad dice expression {text!r} (expected e.g. 'd6', '2d6', 'd4+1', '2')"
        )
    if match["fixed"] is not None:
        return DamageDice(0, 0, int(match["fixed"]))
    count = int(match["count"]) if match["count"] else 1
    try:
        return DamageDice(count, int(match["sides"]), int(match["bonus"] or 0))
    except RulesDataError:
        raise RulesDataError(f"bad dice expression {text!r} (no such die)") from None


# --------------------------------------------------------------------------------------------
# Enumerations used as effect arguments
# --------------------------------------------------------------------------------------------


class Roll(StrEnum):
    """Which roll a modifier touches."""

    COMBAT = "combat"
    DEFENSE = "defense"
    WITS = "wits"
    ALL = "all"  # every roll the model makes (all three attributes when permanent)
    ANY = "any"  # one roll of the owner's choice (Boost, C4.2)
    ATTACK = "attack"  # the Combat roll of an attack, melee or ranged
    RANGED_ATTACK = "ranged-attack"
    CAST = "cast"
    DAMAGE = "damage"


class When(StrEnum):
    """The situation in which a passive modifier applies."""

    ALWAYS = "always"
    RIPOSTING = "riposting"  # C4.7
    VS_WOUNDED = "vs-wounded"  # the target is below its max Health (C4.18)
    NOT_MOVED = "not-moved"  # the model has not moved this activation (C4.10)
    MELEE = "melee"  # a melee attack
    IN_COVER = "in-cover"  # the model is in Cover (C4.13)
    VS_TOXIC = "vs-toxic"  # defending against a Toxic attack
    VS_RANGED = "vs-ranged"  # defending against a ranged attack
    ENGAGED_WITH_2 = "engaged-with-2"  # Engaged with two or more enemies (notes A19)
    BELOW_HALF_HEALTH = "below-half-health"  # current Health < max / 2 (notes A21)
    SEARCHING = "searching"  # a Search roll (C4.3)
    ALLY_WITHIN_6 = "ally-within-6"  # an ally within 6" at activation start (notes A10)


class Duration(StrEnum):
    """How long an inflicted or granted effect lasts."""

    PASSIVE = "passive"  # while the item is carried or the rule holds
    NEXT_ACTIVATION = "next-activation"  # every roll during its next activation (notes A32)
    UNTIL_NEXT_ACTIVATION = "until-next-activation"  # through the end of it (notes A32)
    END_OF_ROUND = "end-of-round"
    END_OF_SCENARIO = "end-of-scenario"
    NEXT_ROLL = "next-roll"  # the model's next roll of that kind
    DECLARED_ROLL = "declared-roll"  # one roll the owner declares before rolling (C4.2)


class Status(StrEnum):
    """Damage-over-time conditions from the critical tables (R6)."""

    BLEED = "bleed"
    PUNCTURED = "punctured"
    CORRODING = "corroding"


class Penalty(StrEnum):
    """A permanent penalty that a cybernetic can repair (R3.9, R3.11, notes A70)."""

    COMBAT = "combat"  # -1 DT Combat
    DEFENSE = "defense"  # -1 DT Defense
    WITS = "wits"  # -1 DT Wits
    MOVE = "move"  # -1" Move
    MAX_HEALTH = "max-health"  # -1 max Health
    RANGED = "ranged"  # -1 DT Combat on ranged attacks only (Burned Out, notes A72)
    MISSED_GAME = "missed-game"  # "miss next game" (Injury: Sidelined)


class WeaponPick(StrEnum):
    """Who decides which weapon is dropped."""

    USED = "used"  # the weapon that was being used (fumbles)
    INFLICTER = "inflicter"  # the caster or attacker that caused the drop (notes A65)


class Direction(StrEnum):
    """Direction of a forced move."""

    AWAY = "away"  # straight away from the attacker (C4.6)
    CHOSEN = "chosen"  # any direction the caster picks (R5.1)


# --------------------------------------------------------------------------------------------
# Effects
# --------------------------------------------------------------------------------------------

#: ``field(metadata=SIGNED)``: the int is a signed modifier (any non-zero value, written "+1").
SIGNED: Mapping[str, bool] = types.MappingProxyType({"signed": True})


@dataclass(frozen=True, slots=True)
class Effect:
    """Base of every effect. Subclasses are registered under a keyword by :func:`_effect`."""

    keyword: ClassVar[str] = ""


_REGISTRY: dict[str, type[Effect]] = {}
_E = TypeVar("_E", bound=type[Effect])


def _effect(keyword: str) -> Callable[[_E], _E]:
    def register(cls: _E) -> _E:
        if keyword in _REGISTRY:
            raise RuntimeError(f"effect keyword {keyword!r} registered twice")
        cls.keyword = keyword
        _REGISTRY[keyword] = cls
        return cls

    return register


# --- dice and damage -------------------------------------------------------------------------


@_effect("reroll")
@dataclass(frozen=True, slots=True)
class Reroll(Effect):
    """Re-roll each die of ``roll`` showing ``up_to`` or less, once (R3.2, R3.3, R3.6-R3.8).

    Weapon re-rolls apply to the damage dice (notes E10), armour re-rolls to Defense; each
    qualifying die is re-rolled once and the new value kept (notes A3).
    """

    up_to: int
    roll: Roll


@_effect("reroll-failed")
@dataclass(frozen=True, slots=True)
class RerollFailed(Effect):
    """After losing a ``roll`` test, re-roll the whole roll once (C2.4 Agent, notes A3)."""

    roll: Roll


@_effect("reroll-die")
@dataclass(frozen=True, slots=True)
class RerollDie(Effect):
    """Re-roll ``count`` die of the model's own roll (C4.2 Reroll).

    Declared after the roll it changes (notes A3, A8).
    """

    count: int = 1


@_effect("damage-bonus")
@dataclass(frozen=True, slots=True)
class DamageBonus(Effect):
    """Add ``n`` damage when ``when`` holds (R3.2, R3.3, C2.4 Brute); added once (notes A25)."""

    n: int
    when: When


@_effect("extra-damage")
@dataclass(frozen=True, slots=True)
class ExtraDamage(Effect):
    """Roll ``dice`` more damage on top of the maximum damage of a Triple (R6, C4.18)."""

    dice: DamageDice


@_effect("max-damage")
@dataclass(frozen=True, slots=True)
class MaxDamage(Effect):
    """One attack deals maximum weapon damage (C4.2 Severance, notes A11)."""


@_effect("ap")
@dataclass(frozen=True, slots=True)
class ArmorPiercing(Effect):
    """Ignore ``n`` points of the target's armour reduction (C4.6 "AP N")."""

    n: int


@_effect("overcharge")
@dataclass(frozen=True, slots=True)
class Overcharge(Effect):
    """Optional, declared before rolling: -``n`` DT Combat, max damage on a hit (R3.3).

    Per notes A31.
    """

    n: int = 1


@_effect("chain-hit")
@dataclass(frozen=True, slots=True)
class ChainHit(Effect):
    """On a hit, also hit the ``count`` models nearest the target within ``within``" (R3.3).

    Extra hits need no Defense roll, roll normal damage, armour applies, no Critical; any
    faction but the shooter; ties random (notes A30).
    """

    count: int
    within: int


@_effect("self-damage")
@dataclass(frozen=True, slots=True)
class SelfDamage(Effect):
    """The fumbling model takes damage (R7): ``dice``, else its weapon's (maximum if set)."""

    dice: DamageDice | None = None
    maximum: bool = False


@_effect("hit-ally")
@dataclass(frozen=True, slots=True)
class HitAlly(Effect):
    """An ally within ``within``" takes ``dice`` (else weapon damage); none -> the fumbler (R7).

    Several allies qualifying: one at random (notes section 5.1).
    """

    within: int
    dice: DamageDice | None = None


@_effect("dot")
@dataclass(frozen=True, slots=True)
class DamageOverTime(Effect):
    """``damage`` at the start of each of its activations this game (R6.1-R6.3, R6.6, C4.18).

    Ignores armour; the same status does not stack, different ones do (notes A73).
    """

    status: Status
    damage: int


@_effect("move-trap")
@dataclass(frozen=True, slots=True)
class MoveTrap(Effect):
    """If the target moves in its next activation it takes ``dice``, ignoring armour (R5.1).

    Any voluntary move triggers it, Flee moves included (notes A65).
    """

    dice: DamageDice


@_effect("post-game-damage")
@dataclass(frozen=True, slots=True)
class PostGameDamage(Effect):
    """Take ``dice`` at the Performance Review, after Health is restored (R3.9, C4.20)."""

    dice: DamageDice


@_effect("heal")
@dataclass(frozen=True, slots=True)
class Heal(Effect):
    """Restore ``dice`` Health, up to max Health (R3.9 Medkit, C4.2 Wellness, notes A68)."""

    dice: DamageDice


# --- dice tiers --------------------------------------------------------------------------------


@_effect("tier-bonus")
@dataclass(frozen=True, slots=True)
class TierBonus(Effect):
    """Passive: ``n`` DT on the holder's ``roll`` while ``when`` holds (C1.9; R3.1, R3.2, R3.10)."""

    n: int = field(metadata=SIGNED)
    roll: Roll
    when: When = When.ALWAYS


@_effect("range-tier")
@dataclass(frozen=True, slots=True)
class RangeTierModifier(Effect):
    """``n`` DT on a ranged attack at a target more than ``beyond``" away (R3.3, R3.10, C4.14)."""

    n: int = field(metadata=SIGNED)
    beyond: int


@_effect("timed-tier")
@dataclass(frozen=True, slots=True)
class TimedTierBonus(Effect):
    """Inflicted or granted: ``n`` DT on ``roll`` for ``duration`` (R3.2, R3.9, R5.1, R6.8, R7).

    "Next activation" covers every roll during it; "until next activation" lasts through its end
    (notes A32).
    """

    n: int = field(metadata=SIGNED)
    roll: Roll
    duration: Duration
    when: When = When.ALWAYS


@_effect("tier-loss")
@dataclass(frozen=True, slots=True)
class PermanentTierLoss(Effect):
    """-``n`` DT on ``roll`` permanently (R6); kept between games like an Injury (notes A72).

    ``roll=all`` hits all three attributes (notes A70); ``ranged-attack`` is Burned Out's Combat
    penalty for ranged attacks only (notes A72).
    """

    roll: Roll
    n: int = 1


@_effect("attribute-choice")
@dataclass(frozen=True, slots=True)
class ChosenAttributeBonus(Effect):
    """+``n`` DT to one attribute chosen when the model is created (C2.1, C2.4 Boss)."""

    n: int = 1


@_effect("critical-bonus")
@dataclass(frozen=True, slots=True)
class CriticalRollBonus(Effect):
    """+``n`` to this weapon's Critical table rolls (R3.2 Arc Claw, C4.16)."""

    n: int


@_effect("critical-resistance")
@dataclass(frozen=True, slots=True)
class CriticalResistance(Effect):
    """-``n`` to Critical table rolls against the wearer, never below 1 (R3.6, notes A37)."""

    n: int


@_effect("no-fumbles")
@dataclass(frozen=True, slots=True)
class NoFumbles(Effect):
    """This weapon never fumbles; a defender's Triple is a plain miss (R3.3, notes A37)."""


# --- movement ---------------------------------------------------------------------------------


@_effect("move")
@dataclass(frozen=True, slots=True)
class MoveModifier(Effect):
    """Passive: ``inches`` added to Move while worn (R3.6-R3.8); Brutes ignore the penalties."""

    inches: int = field(metadata=SIGNED)


@_effect("timed-move")
@dataclass(frozen=True, slots=True)
class TimedMoveBonus(Effect):
    """``inches`` added to Move for ``duration`` (R3.9 Adrenaline)."""

    inches: int = field(metadata=SIGNED)
    duration: Duration


@_effect("move-loss")
@dataclass(frozen=True, slots=True)
class PermanentMoveLoss(Effect):
    """-``inches`` Move permanently (R6); kept between games (notes A72)."""

    inches: int = 1


@_effect("engaged-move")
@dataclass(frozen=True, slots=True)
class EngageMoveBonus(Effect):
    """+``inches`` Move on a move that ends Engaged (C2.4 Zealot, notes A19)."""

    inches: int


@_effect("deploy-move")
@dataclass(frozen=True, slots=True)
class PostDeploymentMove(Effect):
    """Move ``inches`` once after deployment (C2.4 Scout).

    After all models are deployed, before Round 1, not ending within 1" of an enemy (notes A20).
    """

    inches: int


@_effect("ignore-armor-move-penalty")
@dataclass(frozen=True, slots=True)
class IgnoreArmorMovePenalty(Effect):
    """Every armour-imposed Move penalty is ignored (C2.4 Brute, notes A22)."""


@_effect("steady-shot")
@dataclass(frozen=True, slots=True)
class IgnoreMovingShotPenalty(Effect):
    """No -1 DT for shooting after moving (C2.4 Gunner, C4.10)."""


@_effect("free-disengage")
@dataclass(frozen=True, slots=True)
class FreeDisengage(Effect):
    """The Scout's free Disengage: leaving engagement provokes no free attacks and costs no
    action (C2.4, notes A18). It is a Disengage, so a carrier that cannot Disengage has none
    (M1.1)."""


@_effect("ignore-free-attacks")
@dataclass(frozen=True, slots=True)
class IgnoreFreeAttacks(Effect):
    """The Inhibitor: leaving engagement provokes no free attacks, and needs no Disengage
    (R3.10, notes A18). It is no Disengage, so carrying a package takes nothing from it."""


@_effect("free-climb")
@dataclass(frozen=True, slots=True)
class FreeClimb(Effect):
    """Climbing costs no extra movement, up to ``max_vertical``" of height (R3.10, C4.6)."""

    max_vertical: int


@_effect("reach")
@dataclass(frozen=True, slots=True)
class Reach(Effect):
    """Engaged with, and may Riposte, enemies within ``inches``" (R3.2, C4.5).

    One-sided: the enemy is Engaged only within its own 1" (notes A17).
    """

    inches: int


@_effect("knockback")
@dataclass(frozen=True, slots=True)
class Knockback(Effect):
    """On a damaging hit, push the target ``inches``" straight away from the attacker (C4.6).

    Along the centre line, stopping at terrain or another base; also on a winning Riposte
    (notes A15).
    """

    inches: int


@_effect("knockback-reduction")
@dataclass(frozen=True, slots=True)
class KnockbackReduction(Effect):
    """Knockback against the wearer is ``inches``" shorter (R3.6, R3.8)."""

    inches: int


@_effect("ignore-knockback")
@dataclass(frozen=True, slots=True)
class IgnoreKnockback(Effect):
    """The model is never knocked back (R3.10 Mag Boots)."""


@_effect("push")
@dataclass(frozen=True, slots=True)
class Push(Effect):
    """Move the target ``distance``" in ``direction`` (R6.5 Blown Back, R5.1 Resonance Push).

    Falls apply off an edge; stops at the board edge and obstacles (C4.6, notes A65).
    """

    distance: DamageDice
    direction: Direction


@_effect("swap")
@dataclass(frozen=True, slots=True)
class Swap(Effect):
    """Caster and target swap places; target within ``max_range``" (R5.1 Swap).

    The caster must see both positions and both must be legal (notes A65).
    """

    max_range: int


@_effect("advance-on-enemy")
@dataclass(frozen=True, slots=True)
class ForcedAdvance(Effect):
    """In its next activation the model must move toward the nearest enemy (R6.6 Delirium)."""


# --- attacks, cover, sight -----------------------------------------------------------------------


@_effect("ignores-cover")
@dataclass(frozen=True, slots=True)
class IgnoresCover(Effect):
    """No Cover penalty for the attacker (R3.3, R3.4, R5.1 Ping, C4.13, notes A28).

    On a grenade it has no effect: blasts never check cover (notes A34).
    """

    duration: Duration = Duration.PASSIVE


@_effect("see-through-walls")
@dataclass(frozen=True, slots=True)
class SeesThroughWalls(Effect):
    """Terrain does not block the model's line of sight for ``duration`` (R5.1 Ping, C4.9)."""

    duration: Duration


@_effect("no-riposte")
@dataclass(frozen=True, slots=True)
class NoRiposte(Effect):
    """A model fighting with this cannot Riposte (R3.1)."""


@_effect("always-available")
@dataclass(frozen=True, slots=True)
class AlwaysAvailable(Effect):
    """Every model has it without buying it (R3.1 Unarmed)."""


@_effect("club")
@dataclass(frozen=True, slots=True)
class RangedWeaponAsClub(Effect):
    """Available to a model carrying a ranged weapon, swung as a club (R3.1, C2.3)."""


@_effect("smoke")
@dataclass(frozen=True, slots=True)
class SmokeCloud(Effect):
    """A smoke column of ``radius``" blocks LoS until the next round starts (R3.4).

    Radius, unlimited height and duration per notes A34.
    """

    radius: int


@_effect("bonus-action")
@dataclass(frozen=True, slots=True)
class BonusAction(Effect):
    """The model gains a bonus action (C4.1, C4.2, R5.1); 2 actions at most (notes A7, A9)."""

    when: When = When.ALWAYS


@_effect("surplus")
@dataclass(frozen=True, slots=True)
class ExtraBlessingRolls(Effect):
    """Replace this blessing by ``count`` more rolls, re-rolling ``reroll_face`` (C4.2).

    Surplus, per notes A12.
    """

    count: int
    reroll_face: int


@_effect("can-cast")
@dataclass(frozen=True, slots=True)
class CanCast(Effect):
    """May take the Cast action and starts with one free Power (C2.3, C2.4, C5.1)."""


@_effect("power-attack")
@dataclass(frozen=True, slots=True)
class PowerAttack(Effect):
    """A hostile's Power weapon (I1.3, notes A40): it attacks with Wits against the target's
    Defense, needs only sight (no range limit) and may be used while Engaged; the target
    cannot Riposte it."""


# --- hostile factions --------------------------------------------------------------------------


@_effect("reboot")
@dataclass(frozen=True, slots=True)
class Reboot(Effect):
    """Feral Automata (I6.1, notes A50): going Out of Action, it rolls a d6; on ``on`` or more
    it returns at the start of the next round with ``health`` Health where it fell."""

    on: int
    health: DamageDice


@_effect("consume")
@dataclass(frozen=True, slots=True)
class Consume(Effect):
    """Cable Feeders (I7.1, notes A51): when its own attack puts its target Out of Action, it
    regains ``dice`` Health, never above its max."""

    dice: DamageDice


# --- items ----------------------------------------------------------------------------------------


@_effect("cure")
@dataclass(frozen=True, slots=True)
class Cure(Effect):
    """End one of the listed statuses the target has (R3.9 Coagulant, Antidote): of a model
    with both of the Coagulant's Bleed and Punctured (notes A73), the user names which."""

    statuses: tuple[Status, ...]


@_effect("negate-critical")
@dataclass(frozen=True, slots=True)
class NegateCritical(Effect):
    """Reaction: cancel a Critical table result on an adjacent model (R3.9, notes A69).

    The maximum damage of the Triple still applies.
    """


@_effect("repair")
@dataclass(frozen=True, slots=True)
class RepairPenalty(Effect):
    """Cancel one matching permanent ``penalty``; never a plain buff (R3.9, R3.11).

    An all-attributes penalty needs three cybernetics (notes A70).
    """

    penalty: Penalty


# --- conditions and results ---------------------------------------------------------------------


@_effect("lose-activation")
@dataclass(frozen=True, slots=True)
class LoseNextActivation(Effect):
    """The model's next activation is spent doing nothing (R6.2, R6.5, R7, notes A38)."""


@_effect("drop-weapon")
@dataclass(frozen=True, slots=True)
class DropWeapon(Effect):
    """A weapon is dropped at the model's position; ``pick`` says which (R5.1, R6, R7).

    The inflicter picks for Weapon Lock (notes A65) and, by the same reading, for Disarmed and
    Shot Through; a fumble drops the weapon used.

    A hostile that drops its weapon fights Unarmed for the rest of the game (notes A43).
    """

    pick: WeaponPick


@_effect("destroy-weapon")
@dataclass(frozen=True, slots=True)
class DestroyWeapon(Effect):
    """The weapon used is destroyed (R7.1, R7.2)."""


@_effect("lock-power")
@dataclass(frozen=True, slots=True)
class LockPower(Effect):
    """The Power just cast cannot be cast again this scenario (R7.3)."""


@_effect("forget-power")
@dataclass(frozen=True, slots=True)
class ForgetPower(Effect):
    """The Power just cast is lost for good (R7.3, notes A66)."""


@_effect("out-of-action")
@dataclass(frozen=True, slots=True)
class OutOfAction(Effect):
    """The model goes Out of Action at once; ``injury_modifier`` to its Injury roll (R6, K3.3)."""

    injury_modifier: int = field(metadata=SIGNED)


@_effect("dissolved")
@dataclass(frozen=True, slots=True)
class Dissolved(Effect):
    """Acts normally, then Out of Action at the end of the next round whatever its Health.

    The round after the current one (R6.6, notes A74); ``injury_modifier`` to its Injury roll.
    """

    injury_modifier: int = field(metadata=SIGNED)


@_effect("slag-armor")
@dataclass(frozen=True, slots=True)
class ArmorSlag(Effect):
    """Armour drops ``tiers`` class(es): Heavy -> Medium -> Light -> destroyed (R6.4).

    The piece keeps its own special; Heavy's -1" goes with the class (notes A71).
    """

    tiers: int = 1


@_effect("flee")
@dataclass(frozen=True, slots=True)
class Flee(Effect):
    """The model starts Fleeing toward the nearest board edge (R6.7, R6.8, C4.19).

    Full Move each activation, retest at its start (notes A60); hostiles stop at the edge
    (notes A43).
    """


@_effect("hijacked")
@dataclass(frozen=True, slots=True)
class Hijacked(Effect):
    """Its next activation is run by whoever dealt the Critical (R6.7, notes A39)."""


# --------------------------------------------------------------------------------------------
# Parsing and formatting
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _FieldSpec:
    name: str
    key: str  # the name as written in data: hyphens for underscores
    kind: Any  # the resolved type hint
    signed: bool
    default: Any  # MISSING when required


_SPECS: dict[type[Effect], tuple[_FieldSpec, ...]] = {}


def _specs(cls: type[Effect]) -> tuple[_FieldSpec, ...]:
    # Type hints are resolved once per class: parsing runs for every special at load time.
    if cls not in _SPECS:
        _SPECS[cls] = _build_specs(cls)
    return _SPECS[cls]


def _build_specs(cls: type[Effect]) -> tuple[_FieldSpec, ...]:
    hints = typing.get_type_hints(cls)
    return tuple(
        _FieldSpec(
            name=f.name,
            key=f.name.replace("_", "-"),
            kind=hints[f.name],
            signed=bool(f.metadata.get("signed")),
            default=f.default,
        )
        for f in fields(cls)
    )


_F = TypeVar("_F", bound=Effect)


def effects_of(effects: Iterable[Effect], kind: type[_F]) -> tuple[_F, ...]:
    """The effects of one class among ``effects``, e.g. every Knockback of a weapon."""
    return tuple(effect for effect in effects if isinstance(effect, kind))


def effect_classes() -> tuple[type[Effect], ...]:
    """Every registered effect class, in registration order."""
    return tuple(_REGISTRY.values())


def field_kinds(cls: type[Effect]) -> dict[str, tuple[Any, bool]]:
    """Field name -> (resolved type, is signed) for building test strategies."""
    return {spec.name: (spec.kind, spec.signed) for spec in _specs(cls)}


def _convert(spec: _FieldSpec, value: str) -> Any:
    return _convert_kind(spec.kind, spec.signed, value)


def _convert_kind(kind: Any, signed: bool, value: str) -> Any:
    if typing.get_origin(kind) in (typing.Union, types.UnionType):
        inner = [arg for arg in typing.get_args(kind) if arg is not type(None)]
        return _convert_kind(inner[0], signed, value)
    if typing.get_origin(kind) is tuple:
        return _convert_tuple(typing.get_args(kind)[0], value)
    if kind is bool:
        return _convert_bool(value)
    if kind is int:
        return _convert_int(value, signed)
    if kind is DamageDice:
        return parse_dice(value)
    if isinstance(kind, type) and issubclass(kind, StrEnum):
        return _convert_enum(kind, value)
    raise TypeError(f"no converter for {kind!r}")


def _convert_int(value: str, signed: bool) -> int:
    if not re.fullmatch(r"[+-]?\d+", value):
        raise ValueError(f"{value!r} is not a whole number")
    number = int(value)
    if signed and number == 0:
        raise ValueError("a modifier of 0 does nothing")
    if not signed and number < 1:
        raise ValueError(f"{value!r} must be at least 1")
    return number


def _convert_bool(value: str) -> bool:
    if value not in ("true", "false"):
        raise ValueError(f"{value!r} is not true or false")
    return value == "true"


def _convert_enum(kind: type[StrEnum], value: str) -> StrEnum:
    try:
        return kind(value)
    except ValueError:
        allowed = ", ".join(member.value for member in kind)
        raise ValueError(f"{value!r} is not one of: {allowed}") from None


def _convert_tuple(item: type[StrEnum], value: str) -> tuple[StrEnum, ...]:
    parts = [_convert_enum(item, part) for part in value.split(",")]
    if len(set(parts)) != len(parts):
        raise ValueError(f"{value!r} repeats a value")
    return tuple(parts)


def _format_value(spec: _FieldSpec, value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int) and spec.signed:
        return f"{value:+d}"
    if isinstance(value, tuple):
        return ",".join(str(item) for item in value)
    return str(value)


def _bind(cls: type[Effect], args: list[str]) -> dict[str, Any]:
    specs = _specs(cls)
    by_key = {spec.key: spec for spec in specs}
    raw: dict[str, str] = {}
    for index, arg in enumerate(args):
        key, sep, value = arg.partition("=")
        if not sep:
            if index != 0 or not specs:
                raise ValueError(f"unexpected value {arg!r} (write field=value)")
            key, value = specs[0].key, arg
        if key not in by_key:
            known = ", ".join(by_key) or "none"
            raise ValueError(f"unknown field {key!r} (fields: {known})")
        if key in raw:
            raise ValueError(f"field {key!r} given twice")
        raw[key] = value
    missing = [s.key for s in specs if s.default is MISSING and s.key not in raw]
    if missing:
        raise ValueError(f"missing {', '.join(missing)}")
    return {by_key[key].name: _convert(by_key[key], value) for key, value in raw.items()}


def parse_effect(text: object, *, where: str = "") -> Effect:
    """Read one special written in the canonical keyword form (see the module docstring).

    ``where`` (e.g. ``"weapons.toml: melee[7] 'Sword'"``) prefixes the error message.

    :raises RulesDataError: unknown keyword, unknown or missing field, or a bad value.
    """
    prefix = f"{where}: " if where else ""
    if not isinstance(text, str) or not text.split():
        raise RulesDataError(f"{prefix}an effect must be a non-empty string, got {text!r}")
    keyword, *args = text.split()
    cls = _REGISTRY.get(keyword)
    if cls is None:
        close = difflib.get_close_matches(keyword, _REGISTRY, n=3)
        hint = f" (did you mean {', '.join(close)}?)" if close else ""
        raise RulesDataError(f"{prefix}unknown effect keyword {keyword!r} in {text!r}{hint}")
    try:
        return cls(**_bind(cls, args))
    except (ValueError, TypeError) as exc:
        raise RulesDataError(f"{prefix}bad effect {text!r}: {exc}") from None


def format_effect(effect: Effect) -> str:
    """Write ``effect`` in the canonical form that :func:`parse_effect` reads back."""
    words = [effect.keyword]
    for index, spec in enumerate(_specs(type(effect))):
        value = getattr(effect, spec.name)
        if spec.default is not MISSING and value == spec.default:
            continue
        text = _format_value(spec, value)
        words.append(text if index == 0 else f"{spec.key}={text}")
    return " ".join(words)
