"""One attack of Sacred Wire 28, die by die: C4.7-C4.18 with every weapon and armour special.

The game's attack step builds an :class:`AttackContext` (who attacks whom, with what, in which
situation) and calls :func:`resolve` with its dice. Resolution is pure: it reads the context,
rolls the dice and returns an :class:`AttackResult` that records every roll, every step with the
rule it applies, the damage to each side and the Critical/Fumble rows whose effects the game
applies (bleed, stun, drop weapon...). :func:`plan_attack` is the dice-free part (tiers,
modifiers, damage terms) that :mod:`.odds` shares, so the odds and the resolution cannot
disagree about a rule.

Dice purposes, in the order they are rolled (tests script them by name):

``"attack"``            the attacker's two Combat dice (Wits for a hostile Power weapon)
``"defense"``           the defender's two Defense dice; ``"defense-reroll"`` for armour re-rolls
``"riposte"``           a Riposting defender's two Combat dice (C4.7)
                        (a tie at the same tier re-rolls both pairs: attack, defense, attack...)
``"damage"``            the winner's weapon damage dice; ``"damage-reroll"`` for re-rolled 1s
``"critical"``          the d6 on a Critical table (C4.16); ``"critical-damage"`` its +d4/+d6
``"fumble"``            the d6 on a Fumble table (C4.17); ``"fumble-damage"`` the fumbler's own
                        weapon damage for "take weapon damage" (``"fumble-damage-reroll"``)

A grenade is no attack: its throw and blast are :mod:`.grenade` (C4.15), which shares the
combatants, the log of steps and the weapon roll defined here.

Ambiguities follow the suggested resolutions of the rules notes (``notes A4`` = item A4 of
``shared/notes/sacred_wire.md``); each place that does cites the item.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache

from skirmish.dice import DiceSource, Roll
from skirmish.errors import SkirmishError
from skirmish.rulesets.sacred_wire.rolls.tiers import (
    DOUBLE,
    REROLL_SUFFIX,
    TRIPLE,
    OpposedRoll,
    SettledTiers,
    Tier,
    TierModifier,
    TierRoll,
    roll_dice,
    roll_opposed,
    settle_tiers,
)
from skirmish.rulesets.sacred_wire.rules_data.catalog import (
    Armor,
    Catalog,
    Contract,
    CriticalTable,
    FumbleKind,
    FumbleTable,
    Gear,
    MeleeWeapon,
    RangedWeapon,
    TableRow,
    WeaponType,
)
from skirmish.rulesets.sacred_wire.rules_data.effects import (
    ArmorPiercing,
    ChainHit,
    CriticalResistance,
    CriticalRollBonus,
    DamageBonus,
    DamageDice,
    Effect,
    ExtraDamage,
    HitAlly,
    IgnoreKnockback,
    IgnoreMovingShotPenalty,
    IgnoresCover,
    Knockback,
    KnockbackReduction,
    NoFumbles,
    NoRiposte,
    Overcharge,
    RangeTierModifier,
    Reroll,
    SelfDamage,
    TierBonus,
    TimedTierBonus,
    When,
)
from skirmish.rulesets.sacred_wire.rules_data.effects import Roll as RollKind

__all__ = [
    "ATTACK",
    "CRITICAL",
    "CRITICAL_DAMAGE",
    "DAMAGE",
    "DEFENSE",
    "FUMBLE",
    "FUMBLE_DAMAGE",
    "RIPOSTE",
    "AttackContext",
    "AttackKind",
    "AttackPlan",
    "AttackResult",
    "Combatant",
    "Damage",
    "Hit",
    "Log",
    "Side",
    "Step",
    "Strike",
    "TableRoll",
    "ally_hit",
    "check_range",
    "finish_attack",
    "own_modifiers",
    "plan_attack",
    "resolve",
    "resolve_ally_hit",
    "resolve_chain_hit",
    "resolve_redirect",
    "roll_attack",
    "weapon_roll",
]

ATTACK = "attack"
DEFENSE = "defense"
RIPOSTE = "riposte"
DAMAGE = "damage"
CRITICAL = "critical"
CRITICAL_DAMAGE = "critical-damage"
FUMBLE = "fumble"
FUMBLE_DAMAGE = "fumble-damage"

Weapon = MeleeWeapon | RangedWeapon


class Side(StrEnum):
    """The two sides of an attack."""

    ATTACKER = "attacker"
    DEFENDER = "defender"

    @property
    def other(self) -> Side:
        """The opposite side."""
        return Side.DEFENDER if self is Side.ATTACKER else Side.ATTACKER


class AttackKind(StrEnum):
    """Melee (C4.7), ranged (C4.8), or a hostile's Power weapon: Wits vs. Defense (I1.3)."""

    MELEE = "melee"
    RANGED = "ranged"
    POWER = "power"

    @property
    def is_ranged(self) -> bool:
        """Ranged and Power attacks take the shooting modifiers and cannot be Riposted."""
        return self is not AttackKind.MELEE


# --------------------------------------------------------------------------------------------
# The context
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Combatant:
    """One side of an attack as the rules see it at that moment.

    ``combat`` is the Combat tier (for a hostile Power weapon, pass its Wits, I1.3); ``weapon`` is
    the weapon used (the attacker's, or the defender's for a Riposte). ``wounded`` = below max
    Health (C4.18); ``below_half_health`` = current < max / 2 (Veteran, notes A21);
    ``engaged_with_2`` = Engaged with two or more enemies (Zealot, Peripheral Sensors, notes A19).
    ``boost`` = a Boost blessing on this side's roll (+1 DT, C4.2). ``modifiers`` are any other DT
    modifiers on its roll (statuses, stims, injuries, criticals, faction rules...).
    """

    combat: Tier = Tier.D6
    defense: Tier = Tier.D6
    weapon: Weapon | None = None
    armor: Armor | None = None
    contract: Contract | None = None
    gear: tuple[Gear, ...] = ()
    wounded: bool = False
    below_half_health: bool = False
    engaged_with_2: bool = False
    boost: bool = False
    modifiers: tuple[TierModifier, ...] = ()

    def __post_init__(self) -> None:
        if self.below_half_health and not self.wounded:
            raise SkirmishError("a model below half Health is wounded too (C4.18)")


@dataclass(frozen=True, slots=True)
class AttackContext:
    """Everything one attack depends on (C4.7-C4.18).

    ``riposte``: the defender Ripostes a melee attack (C4.7). ``cover``: the target is in Cover
    (C4.13; ranged attacks only, notes A28; Ping = pass False). ``moved``: the attacker moved
    earlier this activation (C4.10). ``aim``: an Aim on this target is active (C4.3, notes A13).
    ``into_melee``: the target is Engaged with another model (C4.11, notes A27). ``free_attack``:
    the attack provoked by leaving engagement, -1 DT, Defense only (C4.5, notes A18).
    ``severance``: the Severance blessing, maximum damage (C4.2). ``overcharge``: the Rifle's
    Overcharge (R3.3, notes A31). ``range_inches``: the distance, for range-dependent specials,
    or any distance they read alike (:func:`range_band`).
    """

    attacker: Combatant
    defender: Combatant
    kind: AttackKind = AttackKind.MELEE
    riposte: bool = False
    cover: bool = False
    moved: bool = False
    aim: bool = False
    into_melee: bool = False
    free_attack: bool = False
    severance: bool = False
    overcharge: bool = False
    range_inches: float | None = None

    def __post_init__(self) -> None:
        weapon = self.attacker.weapon
        if weapon is None:
            raise SkirmishError("an attack needs the attacker's weapon")
        _check_kind(self, weapon)
        _check_situation(self)
        if self.riposte:
            _check_riposte(self)
        if self.overcharge and not _has(weapon.effects, Overcharge):
            raise SkirmishError(f"{weapon.name} has no Overcharge (R3.3)")

    @property
    def attacker_weapon(self) -> Weapon:
        """The attacking weapon (validated to exist)."""
        weapon = self.attacker.weapon
        if weapon is None:  # __post_init__ rejects this; kept for the type checker
            raise SkirmishError("an attack needs the attacker's weapon")
        return weapon


def _check_kind(ctx: AttackContext, weapon: Weapon) -> None:
    if ctx.kind is AttackKind.MELEE and isinstance(weapon, RangedWeapon):
        raise SkirmishError(
            f"{weapon.name} is a ranged weapon: in melee use Improvised Combat (R3.1, C4.5)"
        )
    if ctx.kind is AttackKind.RANGED and isinstance(weapon, MeleeWeapon):
        raise SkirmishError(f"{weapon.name} is a melee weapon and cannot shoot")
    reach = _max_range(weapon) if ctx.kind is AttackKind.RANGED else math.inf
    check_range(ctx.range_inches, reach, f"{weapon.name} reaches")


def check_range(inches: float | None, reach: float, what: str) -> None:
    """A range given for an attack or a throw: a finite distance of 0" or more, within
    ``reach`` (C4.14); ``what`` says who reaches it (``"Frag is thrown"``).

    :raises SkirmishError: one line with the distance.
    """
    if inches is None:
        return
    if not (math.isfinite(inches) and inches >= 0):
        raise SkirmishError(f'a range is a distance of 0" or more, not {inches}')
    if inches > reach:
        raise SkirmishError(
            f'out of range: {what} {reach:g}", the target is {inches:g}" away (C4.14)'
        )


def range_band(attacker: Combatant, inches: float, cat: Catalog) -> float:
    """The range of ``attacker``'s shot at a target ``inches`` away as the rules read it: the
    least of the ranges they compare it with that is not below it, its weapon's (C4.14) and
    each "beyond" of a range special of the weapon or the kit (R3.3, R3.10); the distance
    itself beyond them all (out of range). Every distance of a band reads alike, so the shots
    of a band share one context, planned once (:func:`plan_attack`)."""
    weapon = attacker.weapon
    marks = [] if weapon is None else [_max_range(weapon)]
    marks += [e.beyond for e in _own_effects(attacker, cat) if isinstance(e, RangeTierModifier)]
    inches = max(0.0, inches)
    return float(min((mark for mark in marks if mark >= inches), default=inches))


def counts_engagement(me: Combatant, cat: Catalog) -> bool:
    """Whether a special of ``me`` holds while it is Engaged with two enemies or more (the
    Zealot, Peripheral Sensors; notes A19): only then does an attack read how many enemies it
    is Engaged with (``engaged_with_2``), so only then are they counted."""
    return reads_engagement(_own_effects(me, cat))


def reads_engagement(effects: Iterable[Effect]) -> bool:
    """Whether one of ``effects`` holds while Engaged with two enemies or more (notes A19)."""
    return any(
        isinstance(e, (TierBonus, DamageBonus)) and e.when is When.ENGAGED_WITH_2 for e in effects
    )


def _own_effects(me: Combatant, cat: Catalog) -> list[Effect]:
    """The specials of ``me`` an attack reads: its weapon's (the one it attacks or Ripostes
    with), contract's, armour's and gear's (:func:`_sources`)."""
    effects = _all_effects(_kit(me, cat))
    return effects if me.weapon is None else [*me.weapon.effects, *effects]


def _max_range(weapon: Weapon) -> float:
    return weapon.range if isinstance(weapon, RangedWeapon) else float("inf")


def _check_situation(ctx: AttackContext) -> None:
    if ctx.kind is AttackKind.MELEE:
        # Cover, Aim and shooting into melee are shooting rules (C4.3, C4.11, notes A28).
        for flag, rule in (("cover", "C4.13"), ("aim", "C4.3"), ("into_melee", "C4.11")):
            if getattr(ctx, flag):
                raise SkirmishError(f"{flag} applies to ranged attacks only ({rule}, notes A28)")
    elif ctx.free_attack:
        raise SkirmishError("a free attack for leaving engagement is a melee attack (C4.5)")


def _check_riposte(ctx: AttackContext) -> None:
    if ctx.kind.is_ranged:
        raise SkirmishError("ranged attacks allow Defense only, no Riposte (C4.8, notes A40)")
    if ctx.free_attack:
        raise SkirmishError("a model leaving engagement rolls Defense only (C4.5, notes A18)")
    weapon = ctx.defender.weapon
    if not isinstance(weapon, MeleeWeapon):
        raise SkirmishError("a Riposte needs the defender's melee weapon (C4.7)")
    if _has(weapon.effects, NoRiposte):
        raise SkirmishError(f"{weapon.name} cannot Riposte (R3.1)")


def _has(effects: Iterable[Effect], kind: type[Effect]) -> bool:
    return any(isinstance(effect, kind) for effect in effects)


# --------------------------------------------------------------------------------------------
# The plan: everything that does not depend on dice
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Strike:
    """How one side's weapon damages the other when that side wins (C4.18).

    ``dice`` are already doubled for a hit on a Riposting defender (C4.7, notes A25);
    ``always_max`` is (why, rule) when damage is always the maximum (Severance, Overcharge);
    ``armor`` is the target's reduction after AP (C4.6).
    """

    by: Side
    weapon: str
    weapon_rule: str
    dice: DamageDice
    reroll_up_to: int
    always_max: tuple[str, str] | None
    bonus: int
    bonus_sources: tuple[str, ...]
    armor: int
    armor_source: str
    critical: CriticalTable
    critical_modifier: int
    knockback: int
    on_hit: tuple[Effect, ...]
    chain: ChainHit | None


@dataclass(frozen=True, slots=True)
class AttackPlan:
    """The dice-free part of an attack: final tiers, re-rolls, damage terms and tables."""

    context: AttackContext
    attacker_roll: TierRoll
    defender_roll: TierRoll
    tiers: SettledTiers
    defense_purpose: str
    defense_reroll: int
    defense_reroll_source: str
    defense_reroll_rule: str
    strike: Strike
    counter: Strike | None
    fumble_table: FumbleTable | None
    counter_fumble_table: FumbleTable | None
    opening: tuple[Step, ...]  # the declaration (C4.7/C4.8) and tiers (C1.10) lines of a log

    @property
    def attacker_tier(self) -> Tier:
        """The tier the attacker rolls after C1.10."""
        return self.tiers.first

    @property
    def defender_tier(self) -> Tier:
        """The tier the defender rolls after C1.10."""
        return self.tiers.second


@lru_cache(maxsize=4096)
def plan_attack(ctx: AttackContext, cat: Catalog) -> AttackPlan:
    """Work out the tiers, re-rolls, damage terms and tables of an attack (no dice), reading
    the catalogue ``cat`` (the ruleset's, :mod:`..base`).

    Plans are cached per context and catalogue (a catalogue is hashed by identity): a game, a
    simulation or the odds ask for the same few contexts over and over, and planning costs far
    more than rolling.
    """
    attacker_roll = TierRoll(ctx.attacker.combat, _attacker_modifiers(ctx, cat))
    defender_roll = _defender_roll(ctx, cat)
    reroll, reroll_source, reroll_rule = _defense_reroll(ctx, cat)
    counter = _strike(ctx, Side.DEFENDER, cat) if ctx.riposte else None
    tiers = settle_tiers(attacker_roll, defender_roll)
    return AttackPlan(
        context=ctx,
        attacker_roll=attacker_roll,
        defender_roll=defender_roll,
        tiers=tiers,
        defense_purpose=RIPOSTE if ctx.riposte else DEFENSE,
        defense_reroll=reroll,
        defense_reroll_source=reroll_source,
        defense_reroll_rule=reroll_rule,
        strike=_strike(ctx, Side.ATTACKER, cat),
        counter=counter,
        fumble_table=_fumble_table(ctx, ctx.attacker_weapon, cat),
        counter_fumble_table=(
            _fumble_table(ctx, ctx.defender.weapon, cat) if ctx.riposte else None
        ),
        opening=_opening(ctx, attacker_roll, defender_roll, tiers),
    )


def _opening(
    ctx: AttackContext, attacker: TierRoll, defender: TierRoll, tiers: SettledTiers
) -> tuple[Step, ...]:
    rolls = "attacker Wits" if ctx.kind is AttackKind.POWER else "attacker Combat"  # I1.3
    names = (rolls, "defender Riposte" if ctx.riposte else "defender Defense")
    declared = "C4.7" if ctx.kind is AttackKind.MELEE else "C4.8"
    text = tiers.describe(attacker, defender, names)
    return Step(declared, _declaration(ctx)), Step("C1.10", text)


# --- sources of effects ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Source:
    """Effects with the thing that grants them, for log lines."""

    name: str
    rule: str
    effects: tuple[Effect, ...]


def _sources(ctx: AttackContext, side: Side, cat: Catalog) -> list[_Source]:
    """Everything that can modify ``side``'s roll or damage in this attack.

    The weapon counts only while it is used: the attacker's weapon, or the defender's when it
    Ripostes (a defender rolling Defense does not use its weapon).
    """
    me = _combatant(ctx, side)
    weapon = me.weapon if side is Side.ATTACKER or ctx.riposte else None
    used = [_Source(weapon.name, weapon.rule, weapon.effects)] if weapon is not None else []
    return used + _kit(me, cat)


def _kit(me: Combatant, cat: Catalog) -> list[_Source]:
    """A model's own specials apart from its weapon: contract, armour (piece and class), gear."""
    found: list[_Source] = []
    if me.contract is not None:
        found.append(_Source(me.contract.name, me.contract.rule, me.contract.effects))
    if me.armor is not None:
        info = cat.armor_class(me.armor.armor_class)
        found.append(_Source(me.armor.name, me.armor.rule, me.armor.effects))
        found.append(_Source(f"{info.armor_class} armour", info.rule, info.effects))
    found.extend(_Source(gear.name, gear.rule, gear.effects) for gear in me.gear)
    return found


def _combatant(ctx: AttackContext, side: Side) -> Combatant:
    return ctx.attacker if side is Side.ATTACKER else ctx.defender


def _all_effects(sources: Iterable[_Source]) -> list[Effect]:
    return [effect for source in sources for effect in source.effects]


# --- dice tier modifiers --------------------------------------------------------------------


def _attacker_modifiers(ctx: AttackContext, cat: Catalog) -> tuple[TierModifier, ...]:
    """The attacker's DT modifiers (C4.3, C4.5, C4.10, C4.11, C4.13, weapon and kit specials)."""
    sources = _sources(ctx, Side.ATTACKER, cat)
    found: list[TierModifier] = []
    if ctx.free_attack:
        found.append(TierModifier(-1, "free attack", "C4.5"))
    if ctx.kind.is_ranged:
        found += _shooting_modifiers(ctx, sources)
    rolling = RollKind.WITS if ctx.kind is AttackKind.POWER else RollKind.COMBAT
    found += _passive_modifiers(ctx, Side.ATTACKER, rolling, sources)
    return (*found, *own_modifiers(ctx.attacker))


def _shooting_modifiers(ctx: AttackContext, sources: list[_Source]) -> list[TierModifier]:
    effects = _all_effects(sources)
    weapon = ctx.attacker_weapon
    found: list[TierModifier] = []
    if ctx.moved and not _has(effects, IgnoreMovingShotPenalty):
        found.append(TierModifier(-1, "moved this activation", "C4.10"))
    if _in_cover(ctx):
        found.append(TierModifier(-1, "target in cover", "C4.13"))
    if ctx.into_melee:
        found.append(TierModifier(-1, "shooting into melee", "C4.11"))
    if ctx.aim:
        found.append(TierModifier(+1, "aimed", "C4.3"))
    for overcharge in (e for e in weapon.effects if isinstance(e, Overcharge)):
        if ctx.overcharge:
            found.append(TierModifier(-overcharge.n, f"{weapon.name} Overcharge", weapon.rule))
    if ctx.range_inches is not None:
        for source in sources:
            for effect in source.effects:
                if isinstance(effect, RangeTierModifier) and ctx.range_inches > effect.beyond:
                    text = f'{source.name} beyond {effect.beyond}"'
                    found.append(TierModifier(effect.n, text, source.rule))
    return found


def _in_cover(ctx: AttackContext) -> bool:
    """Whether the target of a shot counts as in cover: it is, and the weapon does not ignore
    cover (R3.3), which spares it Camo's +1 DT too (R3.10, notes A28)."""
    return ctx.cover and not _has(ctx.attacker_weapon.effects, IgnoresCover)


def _defender_roll(ctx: AttackContext, cat: Catalog) -> TierRoll:
    """Defense, or Combat at -1 DT when Riposting (C4.7), with the defender's modifiers."""
    sources = _sources(ctx, Side.DEFENDER, cat)
    found: list[TierModifier] = []
    if ctx.riposte:
        found.append(TierModifier(-1, "Riposte", "C4.7"))
        rolling, base = RollKind.COMBAT, ctx.defender.combat
    else:
        rolling, base = RollKind.DEFENSE, ctx.defender.defense
    found += _passive_modifiers(ctx, Side.DEFENDER, rolling, sources)
    return TierRoll(base, (*found, *own_modifiers(ctx.defender)))


def own_modifiers(me: Combatant) -> tuple[TierModifier, ...]:
    boost = (TierModifier(+1, "Boost", "C4.2"),) if me.boost else ()
    return (*boost, *me.modifiers)


def _passive_modifiers(
    ctx: AttackContext, side: Side, rolling: RollKind, sources: list[_Source]
) -> list[TierModifier]:
    """Passive "+N DT" specials (TierBonus) of weapon, contract, armour and gear that apply."""
    found: list[TierModifier] = []
    for source in sources:
        for effect in source.effects:
            if not isinstance(effect, TierBonus):
                continue
            if _roll_matches(effect.roll, rolling, side, ctx) and _holds(effect.when, ctx, side):
                text = source.name if effect.when is When.ALWAYS else f"{source.name} {effect.when}"
                found.append(TierModifier(effect.n, text, source.rule))
    return found


def _roll_matches(wanted: RollKind, rolling: RollKind, side: Side, ctx: AttackContext) -> bool:
    if wanted is RollKind.ALL:
        return True
    if wanted is RollKind.ATTACK:
        return side is Side.ATTACKER
    if wanted is RollKind.RANGED_ATTACK:
        return side is Side.ATTACKER and ctx.kind.is_ranged
    return wanted is rolling


def _holds(when: When, ctx: AttackContext, side: Side) -> bool:
    """Does a special's condition hold for ``side`` in this attack?"""
    defending = side is Side.DEFENDER
    match when:
        case When.ALWAYS:
            return True
        case When.RIPOSTING:
            return defending and ctx.riposte
        case When.VS_WOUNDED:
            return _combatant(ctx, side.other).wounded
        case When.NOT_MOVED:
            return not defending and not ctx.moved
        case When.MELEE:
            return ctx.kind is AttackKind.MELEE
        case When.IN_COVER:
            # Cover is a shooting rule (notes A28): Camo's "in cover" uses the same test.
            return defending and ctx.kind.is_ranged and _in_cover(ctx)
        case When.VS_TOXIC:
            return defending and ctx.attacker_weapon.weapon_type is WeaponType.TOXIC
        case When.VS_RANGED:
            return defending and ctx.kind.is_ranged
        case When.ENGAGED_WITH_2:
            return _combatant(ctx, side).engaged_with_2
        case When.BELOW_HALF_HEALTH:
            return _combatant(ctx, side).below_half_health
    return False  # Searching, an ally within 6": never during an attack


def _defense_reroll(ctx: AttackContext, cat: Catalog) -> tuple[int, str, str]:
    """Armour "re-roll 1s (and 2s...) on Defense" (R3.6-R3.8, notes A3); not on a Riposte."""
    if ctx.riposte:
        return 0, "", ""
    found = [
        (effect.up_to, source.name, source.rule)
        for source in _sources(ctx, Side.DEFENDER, cat)
        for effect in source.effects
        if isinstance(effect, Reroll) and effect.roll is RollKind.DEFENSE
    ]
    return max(found, default=(0, "", ""))


# --- damage terms ---------------------------------------------------------------------------


def _strike(ctx: AttackContext, side: Side, cat: Catalog) -> Strike:
    """The damage terms of ``side``'s weapon against the other side (C4.18, C4.6)."""
    me = _combatant(ctx, side)
    target = _combatant(ctx, side.other)
    weapon = me.weapon
    if weapon is None:  # the context guarantees the attacker's and a Riposter's weapon
        raise SkirmishError(f"the {side} has no weapon")
    sources = _sources(ctx, side, cat)
    bonus, bonus_sources = _damage_bonus(ctx, side, sources)
    armor, armor_source = _armor_after_ap(weapon, target)
    target_kit = _all_effects(_kit(target, cat))
    # A hit on a Riposting defender rolls double the weapon's dice (C4.7, notes A25).
    doubled = side is Side.ATTACKER and ctx.riposte
    return Strike(
        by=side,
        weapon=weapon.name,
        weapon_rule=weapon.rule,
        dice=weapon.damage.doubled() if doubled else weapon.damage,
        reroll_up_to=_damage_reroll(weapon),
        always_max=_always_max(ctx) if side is Side.ATTACKER else None,
        bonus=bonus,
        bonus_sources=bonus_sources,
        armor=armor,
        armor_source=armor_source,
        critical=cat.critical_table(weapon.weapon_type),
        critical_modifier=_critical_modifier(weapon, target_kit),
        knockback=_knockback(weapon, target_kit),
        on_hit=tuple(e for e in weapon.effects if isinstance(e, TimedTierBonus)),
        chain=_chain(weapon) if side is Side.ATTACKER and ctx.kind.is_ranged else None,
    )


def _damage_bonus(
    ctx: AttackContext, side: Side, sources: list[_Source]
) -> tuple[int, tuple[str, ...]]:
    """Flat damage bonuses (Brute +1 melee, +1 vs wounded), added once (notes A25)."""
    total, names = 0, []
    for source in sources:
        for effect in source.effects:
            if isinstance(effect, DamageBonus) and _holds(effect.when, ctx, side):
                total += effect.n
                names.append(f"{source.name} {effect.n:+d}")
    return total, tuple(names)


def _armor_after_ap(weapon: Weapon, target: Combatant) -> tuple[int, str]:
    """The target's armour reduction minus the weapon's AP, never below 0 (C4.6, C4.18)."""
    if target.armor is None:
        return 0, "no armour"
    ap = sum(effect.n for effect in weapon.effects if isinstance(effect, ArmorPiercing))
    reduction = max(0, target.armor.reduction - ap)
    text = f"{target.armor.name} {target.armor.reduction}"
    return reduction, text + (f" - AP {ap}" if ap else "")


def _damage_reroll(weapon: Weapon) -> int:
    # "Re-roll 1s" on a weapon re-rolls its damage dice (notes E10, A3).
    found = [e.up_to for e in weapon.effects if isinstance(e, Reroll) and e.roll is RollKind.DAMAGE]
    return max(found, default=0)


def _always_max(ctx: AttackContext) -> tuple[str, str] | None:
    if ctx.severance:
        return "Severance", "C4.2"
    if ctx.overcharge:
        weapon = ctx.attacker_weapon
        return f"{weapon.name} Overcharge", weapon.rule
    return None


def _critical_modifier(weapon: Weapon, target_kit: list[Effect]) -> int:
    """Arc Claw's +1 and Protective Lining's -1 on Critical rolls (R3.2, R3.6)."""
    bonus = sum(e.n for e in weapon.effects if isinstance(e, CriticalRollBonus))
    return bonus - sum(e.n for e in target_kit if isinstance(e, CriticalResistance))


def _knockback(weapon: Weapon, target_kit: list[Effect]) -> int:
    """Knockback inches after Padded Vest/Industrial Frame; 0 with Mag Boots (C4.6, R3.10)."""
    push = sum(e.inches for e in weapon.effects if isinstance(e, Knockback))
    if push == 0 or _has(target_kit, IgnoreKnockback):
        return 0
    return max(0, push - sum(e.inches for e in target_kit if isinstance(e, KnockbackReduction)))


def _chain(weapon: Weapon) -> ChainHit | None:
    return next((e for e in weapon.effects if isinstance(e, ChainHit)), None)


def _fumble_table(ctx: AttackContext, weapon: Weapon | None, cat: Catalog) -> FumbleTable | None:
    """Melee, Ranged or (hostile Power weapons, notes A40) Broadcast; None: "no fumbles"."""
    if weapon is None or _has(weapon.effects, NoFumbles):
        return None
    kinds = {
        AttackKind.MELEE: FumbleKind.MELEE,
        AttackKind.RANGED: FumbleKind.RANGED,
        AttackKind.POWER: FumbleKind.BROADCAST,
    }
    return cat.fumble_table(kinds[ctx.kind])


# --------------------------------------------------------------------------------------------
# The result
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Step:
    """One step of the resolution as a log shows it: the rule applied and what happened."""

    rule: str
    text: str
    rolls: tuple[Roll, ...] = ()
    #: The entry of what re-rolls low faces among ``rolls`` (an armour's, a weapon's, notes
    #: A3): their re-roll events cite it, not the step's own rule.
    reroll_rule: str = ""

    def __str__(self) -> str:
        return f"[{self.rule}] {self.text}"


@dataclass(frozen=True, slots=True)
class Damage:
    """The damage one hit deals (C4.18): weapon roll or maximum, + bonuses, - armour, >= 0."""

    dice: str
    rolled: int
    maximum: bool
    bonus: int
    critical: int
    armor: int

    @property
    def total(self) -> int:
        """Health lost: never below 0 (notes A36)."""
        return max(0, self.rolled + self.bonus + self.critical - self.armor)

    def __str__(self) -> str:
        base = f"{self.dice} {'max ' if self.maximum else ''}{self.rolled}"
        extra = f" {self.bonus:+d}" if self.bonus else ""
        extra += f" +{self.critical} critical" if self.critical else ""
        extra += f" -{self.armor} armour" if self.armor else ""
        return f"{base}{extra} = {self.total}"


@dataclass(frozen=True, slots=True)
class TableRoll:
    """A roll on a Critical (R6) or Fumble (R7) table and its row.

    ``roller`` rolls it; its effects fall on ``affects`` (the loser for a Critical, the roller
    for a Fumble). ``damage`` is a Fumble's "take weapon damage" when it is certain to land on the
    roller; "hit an ally" rows are left to the game, which knows who stands nearby (R7).
    """

    rule: str
    table: str
    roller: Side
    affects: Side
    face: int
    modifier: int
    row: TableRow
    damage: Damage | None = None

    @property
    def total(self) -> int:
        """The modified d6."""
        return self.face + self.modifier

    @property
    def effects(self) -> tuple[Effect, ...]:
        """The row's effects, for the game to apply."""
        return self.row.effects


@dataclass(frozen=True, slots=True)
class Hit:
    """A weapon landing: on the defender, or on the attacker from a winning Riposte.

    ``effects`` are the weapon's on-hit specials for the game to apply to the target (e.g. the
    Prod's -1 DT next activation); ``knockback`` the inches to push it (C4.6); ``chain`` the
    extra automatic hits of a Tesla Gun or Arc Cannon (resolve each with
    :func:`resolve_chain_hit`, notes A30).
    """

    by: Side
    target: Side
    damage: Damage
    critical: TableRoll | None
    knockback: int
    effects: tuple[Effect, ...]
    chain: ChainHit | None


@dataclass(frozen=True, slots=True)
class AttackResult:
    """What one attack did, die by die.

    ``winner`` won the opposed roll by ``multiple``. ``hit`` is the attacker's weapon on the
    defender; ``counter`` a winning Riposte on the attacker (C4.7). ``fumble`` is whichever side
    rolled a Fumble table. ``redirect``: a missed shot into melee goes straight to damage on a
    random model within 1" of the target (C4.11; the game picks it and calls
    :func:`resolve_redirect`).
    """

    plan: AttackPlan
    opposed: OpposedRoll
    winner: Side
    multiple: int
    hit: Hit | None
    counter: Hit | None
    fumble: TableRoll | None
    redirect: bool
    steps: tuple[Step, ...]

    @property
    def rolls(self) -> tuple[Roll, ...]:
        """Every roll, in the order rolled."""
        return tuple(roll for step in self.steps for roll in step.rolls)

    @property
    def damage_to_defender(self) -> int:
        """Health the defender loses from the attacker's weapon (C4.18)."""
        return self.hit.damage.total if self.hit else 0

    @property
    def damage_to_attacker(self) -> int:
        """Health the attacker loses from a winning Riposte (C4.7)."""
        return self.counter.damage.total if self.counter else 0

    def self_damage(self, side: Side) -> int:
        """Health ``side`` loses from its own Fumble ("take weapon damage", R7)."""
        fumble = self.fumble
        if fumble is None or fumble.roller is not side or fumble.damage is None:
            return 0
        return fumble.damage.total

    def describe(self) -> str:
        """The log of the attack, one rule-tagged line per step."""
        return "\n".join(str(step) for step in self.steps)


# --------------------------------------------------------------------------------------------
# Resolution
# --------------------------------------------------------------------------------------------


@dataclass(slots=True)
class Log:
    """Steps gathered while resolving."""

    steps: list[Step] = field(default_factory=list)

    def add(self, rule: str, text: str, rolls: Sequence[Roll] = (), reroll_rule: str = "") -> None:
        self.steps.append(Step(rule, text, tuple(rolls), reroll_rule))


def resolve(ctx: AttackContext, dice: DiceSource, catalog: Catalog) -> AttackResult:
    """Resolve one attack (C4.7, C4.8, C1.9, C1.10, C4.16-C4.18) with ``dice``.

    The game applies the result: Health loss, the rows' effects, knockback, redirects, chain
    hits. See the module docstring for the dice purposes, in rolling order. This is
    :func:`roll_attack` then :func:`finish_attack`; a game that lets a player change the opposed
    roll first (the Reroll blessing, notes A3, A8) calls the two itself.
    """
    plan = plan_attack(ctx, catalog)
    return finish_attack(plan, roll_attack(plan, dice), dice)


def roll_attack(plan: AttackPlan, dice: DiceSource) -> OpposedRoll:
    """The opposed roll of an attack: Combat vs. Defense or Riposte, ties re-rolled (C1.9)."""
    return roll_opposed(
        plan.attacker_tier,
        plan.defender_tier,
        dice,
        purposes=(ATTACK, plan.defense_purpose),
        rerolls=(0, plan.defense_reroll),
        models=(Side.ATTACKER.value, Side.DEFENDER.value),
    )


def finish_attack(plan: AttackPlan, opposed: OpposedRoll, dice: DiceSource) -> AttackResult:
    """Everything after the opposed roll: hit or miss, multiples, tables, damage (C4.7-C4.18)."""
    ctx = plan.context
    log = Log()
    log.steps.extend(plan.opening)
    names = (f"{ctx.kind} attack", "Riposte" if ctx.riposte else "Defense")
    log.add("C1.9", opposed.describe(names), opposed.rolls, plan.defense_reroll_rule)
    if any(roll.purpose == f"{DEFENSE}{REROLL_SUFFIX}" for roll in opposed.rolls):
        text = f"{plan.defense_reroll_source}: Defense dice up to {plan.defense_reroll} re-rolled"
        log.add(plan.defense_reroll_rule, text)
    if opposed.first_wins:
        return _attacker_wins(plan, opposed, dice, log)
    return _defender_wins(plan, opposed, dice, log)


def _declaration(ctx: AttackContext) -> str:
    weapon = ctx.attacker_weapon
    text = f"{ctx.kind} attack with {weapon.name} ({weapon.damage} {weapon.weapon_type})"
    if ctx.riposte and ctx.defender.weapon is not None:
        return text + f"; the defender Ripostes with {ctx.defender.weapon.name}"
    return text + "; the defender rolls Defense"


def _attacker_wins(
    plan: AttackPlan, opposed: OpposedRoll, dice: DiceSource, log: Log
) -> AttackResult:
    k = opposed.multiple
    hit = _land(plan.strike, k, dice, log)
    fumble = None
    if plan.context.riposte and k >= TRIPLE:
        # Either side tripling in a Riposte: the lower side rolls Melee Fumble (C4.16, notes A26).
        fumble = _fumble(plan, Side.DEFENDER, k, dice, log)
    return AttackResult(plan, opposed, Side.ATTACKER, k, hit, None, fumble, False, tuple(log.steps))


def _defender_wins(
    plan: AttackPlan, opposed: OpposedRoll, dice: DiceSource, log: Log
) -> AttackResult:
    ctx = plan.context
    k = opposed.multiple
    counter = _land(plan.counter, k, dice, log) if plan.counter is not None else None
    if counter is None:
        log.add("C4.7", "the attack is avoided")
    fumble = _fumble(plan, Side.ATTACKER, k, dice, log) if k >= TRIPLE else None
    redirect = ctx.into_melee and ctx.kind.is_ranged and fumble is None
    if redirect:
        log.add("C4.11", 'the missed shot goes to a random model within 1" of the target')
    return AttackResult(
        plan, opposed, Side.DEFENDER, k, None, counter, fumble, redirect, tuple(log.steps)
    )


def _land(strike: Strike, k: int, dice: DiceSource, log: Log) -> Hit:
    """A winning weapon's damage (C4.18): max on a Double, max and a Critical on a Triple."""
    target = strike.by.other
    if k >= DOUBLE:
        grade = "Triple" if k >= TRIPLE else "Double"
        log.add(
            "C4.16", f"{grade} (x{k}): maximum damage" + (", Critical table" if k >= TRIPLE else "")
        )
    maximum = k >= DOUBLE or strike.always_max is not None
    if strike.always_max is not None and k < DOUBLE:
        reason, rule = strike.always_max
        log.add(rule, f"{reason}: maximum damage")
    rolled, rolls = weapon_roll(strike.dice, strike.reroll_up_to, maximum, dice, DAMAGE, strike.by)
    critical = _critical(strike, k, dice, log) if k >= TRIPLE else None
    extra = _extra_damage(critical, dice, log, strike.by) if critical else 0
    damage = Damage(str(strike.dice), rolled, maximum, strike.bonus, extra, strike.armor)
    log.add("C4.18", _damage_text(strike, damage), rolls, strike.weapon_rule)
    if strike.knockback:
        log.add("C4.6", f'Knockback {strike.knockback}" straight away from the {strike.by}')
    return Hit(strike.by, target, damage, critical, strike.knockback, strike.on_hit, strike.chain)


def _damage_text(strike: Strike, damage: Damage) -> str:
    bonus = f" (bonus: {', '.join(strike.bonus_sources)})" if strike.bonus_sources else ""
    armour = f" (armour: {strike.armor_source})" if damage.armor else ""
    return f"{strike.weapon} deals {damage} to the {strike.by.other}{bonus}{armour}"


def weapon_roll(
    dmg: DamageDice, reroll_up_to: int, maximum: bool, dice: DiceSource, purpose: str, by: Side
) -> tuple[int, tuple[Roll, ...]]:
    """The weapon's damage roll, or its maximum (no dice rolled: C4.18 step 1)."""
    if maximum or dmg.is_fixed:
        return (dmg.max if maximum else dmg.bonus), ()
    faces, rolls = roll_dice(
        dmg.count, dmg.sides, dice, purpose, reroll_up_to=reroll_up_to, model=by.value
    )
    return sum(faces) + dmg.bonus, rolls


def _critical(strike: Strike, k: int, dice: DiceSource, log: Log) -> TableRoll:
    """The winner's Critical table: d6 + (k - 3) + weapon/armour modifiers (C4.16, R6)."""
    table = strike.critical
    modifier = (k - TRIPLE) + strike.critical_modifier
    face = dice.faces(1, 6, CRITICAL)[0]
    row = table.row(face + modifier)
    result = TableRoll(
        table.rule, f"{table.weapon_type} Critical", strike.by, strike.by.other, face, modifier, row
    )
    roll = Roll(CRITICAL, "D6", (face,), face + modifier, strike.by.value)
    log.add(
        table.rule, f"{result.table}: d6 {face} {modifier:+d} = {result.total}: {row.name}", [roll]
    )
    return result


def _extra_damage(critical: TableRoll, dice: DiceSource, log: Log, by: Side) -> int:
    """A Critical row's bonus damage dice (+d4, +d6), added before armour (C4.18 step 2)."""
    total = 0
    for effect in critical.effects:
        if isinstance(effect, ExtraDamage):
            extra = effect.dice
            faces = dice.faces(extra.count, extra.sides, CRITICAL_DAMAGE) if extra.count else ()
            value = sum(faces) + extra.bonus
            total += value
            roll = Roll(CRITICAL_DAMAGE, extra.notation, faces, value, by.value)
            log.add(critical.rule, f"{critical.row.name}: +{value} damage", [roll])
    return total


def _fumble(plan: AttackPlan, roller: Side, k: int, dice: DiceSource, log: Log) -> TableRoll | None:
    """The loser of a Triple rolls its Fumble table at +(k - 3) (C4.17, R7)."""
    table = plan.fumble_table if roller is Side.ATTACKER else plan.counter_fumble_table
    if table is None:
        log.add("C4.17", f"the {roller}'s weapon never fumbles: a plain miss (notes A37)")
        return None
    modifier = k - TRIPLE
    face = dice.faces(1, 6, FUMBLE)[0]
    row = table.row(face + modifier)
    roll = Roll(FUMBLE, "D6", (face,), face + modifier, roller.value)
    log.add("C4.17", f"the {roller} fumbles (x{k}): {table.name}")
    log.add(
        table.rule, f"{table.name}: d6 {face} {modifier:+d} = {face + modifier}: {row.name}", [roll]
    )
    damage = _self_damage(plan.context, roller, row, dice, log)
    return TableRoll(table.rule, table.name, roller, roller, face, modifier, row, damage)


def _self_damage(
    ctx: AttackContext, roller: Side, row: TableRow, dice: DiceSource, log: Log
) -> Damage | None:
    """A Fumble's "take weapon damage" on the roller, armour applying as usual (C4.18, R7),
    or the row's own dice (Feedback's and Frequency Lock's d4, R7.3).

    Only the weapon's own damage (its dice and re-rolls, AP against the roller's own armour):
    situational bonuses such as Brute's +1 belong to hitting an enemy.
    """
    effect = next((e for e in row.effects if isinstance(e, SelfDamage)), None)
    me = _combatant(ctx, roller)
    if effect is None or me.weapon is None:
        return None
    if effect.dice is not None:
        dmg, reroll = effect.dice, 0
        armor = me.armor.reduction if me.armor else 0
        what = f"{row.name}'s {dmg} damage"
    else:
        dmg, reroll = me.weapon.damage, _damage_reroll(me.weapon)
        armor, _ = _armor_after_ap(me.weapon, me)
        what = "its own weapon damage"
    rolled, rolls = weapon_roll(dmg, reroll, effect.maximum, dice, FUMBLE_DAMAGE, roller)
    damage = Damage(str(dmg), rolled, effect.maximum, 0, 0, armor)
    log.add("C4.18", f"the {roller} takes {what}: {damage}", rolls, me.weapon.rule)
    return damage


def resolve_ally_hit(
    ctx: AttackContext, fumble: TableRoll, ally: Combatant | None, dice: DiceSource
) -> tuple[Damage, tuple[Step, ...]]:
    """A Fumble's "hit an ally within N" (or take weapon damage)" row (R7.1-R7.3).

    The game picks ``ally`` (at random among those in reach, notes section 5.1) or passes None,
    and the fumbler takes the damage itself. The fumbler's weapon damage (dice, re-rolls, AP)
    or the row's own dice (Wave Bounce's d4), armour applying as usual (C4.18).
    """
    effect = next((e for e in fumble.effects if isinstance(e, HitAlly)), None)
    if effect is None:
        raise SkirmishError(f"{fumble.row.name} does not hit an ally")
    me = _combatant(ctx, fumble.roller)
    return ally_hit(effect, me, ally, dice, fumble.rule, fumble.row.name, fumble.roller)


def ally_hit(
    effect: HitAlly,
    me: Combatant,
    ally: Combatant | None,
    dice: DiceSource,
    rule: str,
    row: str,
    roller: Side,
) -> tuple[Damage, tuple[Step, ...]]:
    """The damage of a Fumble row's :class:`.HitAlly` from ``me`` (the fumbler, its weapon the
    one it fumbled with) on ``ally``, or on ``me`` with None: the row's own dice (Wave Bounce's
    d4) through the target's armour, else the weapon's damage with its re-rolls and AP."""
    if me.weapon is None:
        raise SkirmishError(f"{row} hits with the fumbler's weapon, and it has none")
    target = ally if ally is not None else me
    if effect.dice is not None:
        dmg, reroll = effect.dice, 0
        armor = target.armor.reduction if target.armor else 0
    else:
        dmg, reroll = me.weapon.damage, _damage_reroll(me.weapon)
        armor, _ = _armor_after_ap(me.weapon, target)
    rolled, rolls = weapon_roll(dmg, reroll, False, dice, FUMBLE_DAMAGE, roller)
    damage = Damage(str(dmg), rolled, False, 0, 0, armor)
    who = "an ally" if ally is not None else f"no ally in reach: the {roller}"
    return damage, (Step(rule, f"{row}: {who} takes {damage}", rolls, me.weapon.rule),)


# --- hits without an opposed roll -------------------------------------------------------------


def _direct_hit(
    ctx: AttackContext,
    target: Combatant,
    dice: DiceSource,
    rule: str,
    text: str,
    catalog: Catalog,
) -> tuple[Hit, tuple[Step, ...]]:
    """A hit that skips the Defense roll: normal damage roll, armour applies, no maximum and no
    Critical (notes A27, A30)."""
    struck = AttackContext(ctx.attacker, target, ctx.kind, range_inches=None)
    strike = _strike(struck, Side.ATTACKER, catalog)
    log = Log()
    log.add(rule, text)
    rolled, rolls = weapon_roll(
        strike.dice, strike.reroll_up_to, False, dice, DAMAGE, Side.ATTACKER
    )
    damage = Damage(str(strike.dice), rolled, False, strike.bonus, 0, strike.armor)
    log.add("C4.18", _damage_text(strike, damage), rolls, strike.weapon_rule)
    hit = Hit(Side.ATTACKER, Side.DEFENDER, damage, None, strike.knockback, strike.on_hit, None)
    return hit, tuple(log.steps)


def resolve_redirect(
    ctx: AttackContext, target: Combatant, dice: DiceSource, catalog: Catalog
) -> tuple[Hit, tuple[Step, ...]]:
    """A missed shot into melee lands on ``target``, a random model within 1" (C4.11, A27)."""
    return _direct_hit(
        ctx, target, dice, "C4.11", 'the missed shot hits a model within 1"', catalog
    )


def resolve_chain_hit(
    ctx: AttackContext, target: Combatant, dice: DiceSource, catalog: Catalog
) -> tuple[Hit, tuple[Step, ...]]:
    """A Tesla Gun / Arc Cannon extra hit on ``target`` near the struck model (R3.3, A30)."""
    weapon = ctx.attacker_weapon
    return _direct_hit(
        ctx, target, dice, weapon.rule, f"{weapon.name} also hits a nearby model", catalog
    )
