"""Whom a hostile attacks: the enemy it has the best chance to hit, ties to the closest (I1.3;
Engaged, only the enemies it is Engaged with), the chance computed exactly as notes §5.3 says.

An enemy within 1" is one it is Engaged with (I1.2, the game's own threshold): a situation the
enemies given contradict is refused (:func:`check_situation`).

The hostile rolls Combat, or Wits with a Power weapon (I1.3); a ranged unit that is Engaged
swings its weapon as Improvised Combat, -2 DT (R3.1, notes A45); a shot or a Power at a target
in Cover takes -1 DT (C4.13, notes A40), and -1 DT more at one Engaged with another model
(C4.11; its redirected misses are not part of the chance); Opportunists (I2.1) and Mob Up
(I3.1) add +1 DT to Combat. The target rolls its Defense with its armour's re-roll of low dice;
C1.10 settles the dice, and a tie at the same dice is rolled again (C1.9). The Defense-or-Riposte
choice of a target in melee is not part of the chance (notes §5.3 item 8).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from skirmish.errors import SkirmishError
from skirmish.rulesets.sacred_wire.attack.odds import opposed_odds
from skirmish.rulesets.sacred_wire.game.space import ENGAGEMENT_RANGE
from skirmish.rulesets.sacred_wire.rolls.tiers import (
    DiceTierError,
    SettledTiers,
    Tier,
    TierModifier,
    TierRoll,
    parse_tier,
    settle_tiers,
)
from skirmish.rulesets.sacred_wire.rules_data.hostile_tables import (
    HostileUnit,
    Situation,
    WeaponMode,
)

TARGETING = "I1.3"


@dataclass(frozen=True, slots=True)
class Enemy:
    """An enemy a hostile could attack, as the table sees it: its Defense dice, base-edge
    distance (inches; ``None`` when not given), whether it is in Cover, wounded, Engaged with
    the hostile, Engaged with another model (a shot at it goes into melee), how many low
    Defense faces its armour re-rolls (1 to 3, R3.6-R3.8), and the DT steps its own rules give
    its Defense (a Veteran below half Health, Camo in cover, a Stim: notes §5.3 item 3)."""

    name: str
    defense: Tier
    gap: float | None = None
    cover: bool = False
    wounded: bool = False
    engaged: bool = False
    in_melee: bool = False
    reroll: int = 0
    steps: int = 0

    @staticmethod
    def parse(text: str) -> Enemy:
        """An enemy written ``NAME=DEFENSE[,gap=INCHES][,cover][,wounded][,engaged][,in-melee]
        [,reroll=N][,dt=STEPS]``, e.g. ``"Mara=2d8,gap=4,cover"``. One within 1" is Engaged
        with the hostile, marked so or not (I1.2).

        Raises:
            SkirmishError: one line saying what is wrong with it.
        """
        name, _, rest = text.partition("=")
        defense, *flags = rest.split(",")
        if not name.strip() or not defense.strip():
            raise SkirmishError(f"an enemy is written NAME=DEFENSE[,gap=4,cover,...], not {text!r}")
        try:
            tier = parse_tier(defense.strip())
        except DiceTierError as exc:
            raise SkirmishError(f"enemy {name.strip()!r}: {exc}") from None
        seen: dict[str, str] = {}
        for flag in flags:
            key, _, value = flag.strip().partition("=")
            if key not in _FLAGS or (value == "") != (key in _SWITCHES) or key in seen:
                raise SkirmishError(
                    f"enemy {name.strip()!r}: {flag.strip()!r} is not one of gap=INCHES, cover, "
                    "wounded, engaged, in-melee, reroll=1-3, dt=-8..8 (each once)"
                )
            seen[key] = value
        gap = _number(name.strip(), "gap", seen["gap"], 0.0, 999.0) if "gap" in seen else None
        within = gap is not None and gap <= ENGAGEMENT_RANGE
        if "engaged" in seen and gap is not None and not within:
            raise SkirmishError(
                f'enemy {name.strip()!r}: engaged, yet {gap:g}" away; Engaged is within '
                f'{ENGAGEMENT_RANGE:g}" (I1.2): drop engaged, or give its gap of '
                f"{ENGAGEMENT_RANGE:g} or less"
            )
        return Enemy(
            name.strip(),
            tier,
            gap=gap,
            cover="cover" in seen,
            wounded="wounded" in seen,
            engaged="engaged" in seen or within,
            in_melee="in-melee" in seen,
            reroll=int(_number(name.strip(), "reroll", seen.get("reroll", "0"), 0, 3, whole=True)),
            steps=int(_number(name.strip(), "dt", seen.get("dt", "0"), -8, 8, whole=True)),
        )


_SWITCHES = ("cover", "wounded", "engaged", "in-melee")
_FLAGS = (*_SWITCHES, "gap", "reroll", "dt")


def _number(name: str, key: str, text: str, low: float, high: float, whole: bool = False) -> float:
    try:
        value = int(text) if whole else float(text)
    except ValueError:
        value = None
    if value is None or not low <= value <= high:
        kind = "a whole number" if whole else "a number"
        raise SkirmishError(f"enemy {name!r}: {key} must be {kind} from {low:g} to {high:g}")
    return value


@dataclass(frozen=True, slots=True)
class Chance:
    """The hostile's roll against one enemy, settled, and its chance to hit."""

    enemy: Enemy
    attacker: TierRoll
    defender: TierRoll
    settled: SettledTiers
    chance: Fraction


def attack_roll(unit: HostileUnit, behaviour: str, situation: Situation, enemy: Enemy) -> TierRoll:
    """The hostile's side of the opposed roll against ``enemy``, with each modifier's rule."""
    mode = unit.weapon.mode
    power = mode is WeaponMode.POWER
    modifiers: list[TierModifier] = []
    if mode is WeaponMode.RANGED and situation is Situation.ENGAGED:
        modifiers.append(TierModifier(-2, "Improvised Combat", "R3.1"))
    elif mode is not WeaponMode.MELEE:
        if enemy.cover:
            modifiers.append(TierModifier(-1, "target in Cover", "C4.13"))
        if enemy.in_melee:
            modifiers.append(TierModifier(-1, "shooting into melee", "C4.11"))
    if not power and enemy.wounded and unit.faction == "scrapers":
        modifiers.append(TierModifier(1, "Opportunists, target wounded", "I2.1"))
    if not power and behaviour == "mob-up":
        modifiers.append(TierModifier(1, "Mob Up", "I3.1"))
    return TierRoll(Tier(unit.wits if power else unit.combat), tuple(modifiers))


def ranked(
    unit: HostileUnit, behaviour: str, situation: Situation, enemies: list[Enemy]
) -> list[Chance]:
    """The enemies it may attack, best chance to hit first, ties to the closest (those with no
    gap given last), then in the order given (notes §5.3 item 7). Engaged, only those it is
    Engaged with (I1.3, notes A46), which :func:`check_situation` holds there are."""
    engaged = situation is Situation.ENGAGED
    pool = [e for e in enemies if e.engaged] if engaged else enemies
    chances = []
    for enemy in pool:
        attacker = attack_roll(unit, behaviour, situation, enemy)
        own = (TierModifier(enemy.steps, "its own rules", "C1.9"),) if enemy.steps else ()
        defender = TierRoll(enemy.defense, own)
        settled = settle_tiers(attacker, defender)
        odds = opposed_odds(settled.first, settled.second, 0, enemy.reroll)
        chances.append(Chance(enemy, attacker, defender, settled, odds.first_wins))
    return sorted(chances, key=lambda c: (-c.chance, distance(c.enemy)))  # stable: as given


def distance(enemy: Enemy) -> float:
    """Its gap, an enemy whose gap is not given counted the farthest."""
    return math.inf if enemy.gap is None else enemy.gap


def check_situation(situation: Situation, enemies: list[Enemy]) -> None:
    """Refuse ``enemies`` that contradict ``situation`` (I1.2: Engaged is an enemy within 1").

    Raises:
        SkirmishError: one line naming the contradiction and the way out.
    """
    engaged = [e for e in enemies if e.engaged]
    if situation is Situation.ENGAGED and enemies and not engaged:
        raise SkirmishError(
            f'--situation engaged, but no --target is within {ENGAGEMENT_RANGE:g}" (I1.2): '
            f"give the one it is Engaged with gap={ENGAGEMENT_RANGE:g} or less (or engaged), "
            "or say --situation has-los or no-los"
        )
    if situation is not Situation.ENGAGED and engaged:
        e = engaged[0]
        if e.gap is None:
            said, out = "is marked engaged", f"drop {e.name}'s engaged"
        else:
            said, out = f'is {e.gap:g}" away', f'give {e.name} a gap over {ENGAGEMENT_RANGE:g}"'
        raise SkirmishError(
            f"--target {e.name} {said}, so the model is Engaged (I1.2): say --situation "
            f"engaged, or {out}"
        )
