"""Attack resolution with fixed dice: C4.7-C4.18, grenades (C4.15), weapon and armour specials,
and the worked examples E3, E4, E6, E7, E10, E13, E14 of notes section 3."""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import pytest
from tests.dice_script import scripted
from tests.rulesets.sacred_wire.helpers import CATALOG

from skirmish.dice import ScriptedDice
from skirmish.errors import SkirmishError
from skirmish.rulesets.sacred_wire.attack.grenade import (
    GrenadeContext,
    GrenadeThrow,
    Landing,
    plan_throw,
    resolve_grenade,
)
from skirmish.rulesets.sacred_wire.attack.resolution import (
    AttackContext,
    AttackKind,
    AttackResult,
    Combatant,
    Side,
    TableRoll,
    finish_attack,
    plan_attack,
    resolve,
    resolve_ally_hit,
    resolve_chain_hit,
    resolve_redirect,
    roll_attack,
)
from skirmish.rulesets.sacred_wire.rolls.tiers import Tier, TierModifier
from skirmish.rulesets.sacred_wire.rules_data.catalog import RangedWeapon, WeaponType
from skirmish.rulesets.sacred_wire.rules_data.effects import (
    ChainHit,
    DestroyWeapon,
    OutOfAction,
    SmokeCloud,
    TimedTierBonus,
    parse_dice,
)

D4, D6, D8, D10, D12 = Tier.D4, Tier.D6, Tier.D8, Tier.D10, Tier.D12

#: Every purpose the attack code may roll under (module docstring of attack.py).
PURPOSES = {
    "attack",
    "defense",
    "defense-reroll",
    "riposte",
    "damage",
    "damage-reroll",
    "critical",
    "critical-damage",
    "fumble",
    "fumble-damage",
    "fumble-damage-reroll",
    "throw",
    "throw-target",
    "scatter",
    "scatter-direction",
    "blast-damage",
}


Run = Callable[..., AttackResult]


@pytest.fixture
def run() -> Iterator[Run]:
    """Resolve with scripted dice and check that every scripted face was used."""
    used: list[ScriptedDice] = []

    def _run(ctx: AttackContext, *items: str | int) -> AttackResult:
        dice = scripted(*items)
        used.append(dice)
        return resolve(ctx, dice, CATALOG)

    yield _run
    for dice in used:
        dice.assert_done()


def fighter(
    combat: Tier = D6,
    defense: Tier = D6,
    weapon: str | None = None,
    armor: str | None = None,
    contract: str | None = None,
    gear: tuple[str, ...] = (),
    **flags: Any,
) -> Combatant:
    return Combatant(
        combat=combat,
        defense=defense,
        weapon=CATALOG.weapon(weapon) if weapon else None,
        armor=CATALOG.armor(armor) if armor else None,
        contract=CATALOG.contract(contract) if contract else None,
        gear=tuple(CATALOG.gear(name) for name in gear),
        **flags,
    )


def melee(attacker: Combatant, defender: Combatant, **flags: Any) -> AttackContext:
    return AttackContext(attacker, defender, AttackKind.MELEE, **flags)


def ranged(attacker: Combatant, defender: Combatant, **flags: Any) -> AttackContext:
    return AttackContext(attacker, defender, AttackKind.RANGED, **flags)


def critical_of(result: AttackResult) -> TableRoll:
    assert result.hit is not None and result.hit.critical is not None
    return result.hit.critical


def tiers(ctx: AttackContext) -> tuple[Tier, Tier]:
    plan = plan_attack(ctx, CATALOG)
    return plan.attacker_tier, plan.defender_tier


# --- C4.7 Defense and Riposte --------------------------------------------------------------------


def test_c4_7_example_e10a_defense_hit_rolls_normal_damage(run: Run) -> None:
    # E10 (a): Brute Combat 2d8 (R8.2: Sword) vs Veteran Defense 2d6: 11 vs 6, a plain hit.
    ctx = melee(fighter(D8, weapon="Sword", contract="Brute"), fighter(contract="Veteran"))
    result = run(ctx, "attack", 5, 6, "defense", 2, 4, "damage", 3)
    assert result.winner is Side.ATTACKER
    assert result.multiple == 1  # 11 < 12: no Double
    assert result.hit is not None and not result.hit.damage.maximum
    assert result.damage_to_defender == 3 + 1  # d6 + Brute's +1 melee damage (C2.4)
    assert result.counter is None and result.fumble is None


def test_c4_7_example_e10b_riposte_doubles_the_damage_dice(run: Run) -> None:
    # E10 (b): the Veteran Ripostes with a Sword: Combat 2d6 -1 DT +1 DT (Sword) = 2d6; the
    # Brute still wins 11 vs 7 and rolls double its weapon's dice: 2d6 +1, re-rolling 1s.
    ctx = melee(
        fighter(D8, weapon="Sword", contract="Brute"),
        fighter(D6, weapon="Sword", contract="Veteran"),
        riposte=True,
    )
    assert tiers(ctx) == (D8, D6)
    result = run(ctx, "attack", 5, 6, "riposte", 3, 4, "damage", 1, 4, "damage-reroll", 5)
    assert result.hit is not None
    assert result.hit.damage.dice == "2d6"
    assert result.damage_to_defender == 5 + 4 + 1
    assert result.damage_to_attacker == 0


def test_c4_7_winning_riposte_deals_its_weapon_damage(run: Run) -> None:
    ctx = melee(
        fighter(D8, weapon="Sword", contract="Brute"),
        fighter(D6, weapon="Mace", contract="Veteran"),
        riposte=True,
    )
    # Combat 2d6 -1 DT (Riposte) = 2d4 for the Mace.
    assert tiers(ctx) == (D8, D4)
    result = run(ctx, "attack", 2, 3, "riposte", 3, 4, "damage", 4)
    assert result.winner is Side.DEFENDER
    assert result.hit is None
    assert result.counter is not None and result.counter.target is Side.ATTACKER
    assert result.damage_to_attacker == 4
    # Knockback applies to a winning Riposte too (notes A15).
    assert result.counter.knockback == 1


def test_c4_7_riposte_double_deals_maximum_damage(run: Run) -> None:
    # notes A4: a Riposting defender that doubles the attacker deals its maximum.
    ctx = melee(fighter(D6, weapon="Knife"), fighter(D8, weapon="Sword"), riposte=True)
    result = run(ctx, "attack", 2, 2, "riposte", 4, 5)
    assert result.multiple == 2
    assert result.counter is not None and result.counter.damage.maximum
    assert result.damage_to_attacker == 6


def test_c4_8_ranged_attacks_cannot_be_riposted() -> None:
    with pytest.raises(SkirmishError, match=r"C4\.8"):
        ranged(fighter(weapon="Pistol"), fighter(weapon="Sword"), riposte=True)


def test_r3_1_unarmed_cannot_riposte_and_fights_at_minus_two() -> None:
    with pytest.raises(SkirmishError, match=r"cannot Riposte \(R3\.1\)"):
        melee(fighter(weapon="Sword"), fighter(weapon="Unarmed"), riposte=True)
    assert tiers(melee(fighter(D8, weapon="Unarmed"), fighter())) == (D4, D6)


# --- C1.9 inside an attack -----------------------------------------------------------------------


def test_c1_9_example_e5_attack_tie_goes_to_the_lower_tier(run: Run) -> None:
    # E5: Veteran Combat 2d6 vs Brute Defense 2d8, both 9: the attack hits.
    ctx = melee(fighter(D6, weapon="Sword"), fighter(defense=D8))
    result = run(ctx, "attack", 4, 5, "defense", 3, 6, "damage", 2)
    assert result.winner is Side.ATTACKER
    assert result.damage_to_defender == 2


def test_c1_9_attack_tie_at_the_same_tier_rerolls(run: Run) -> None:
    # 7 vs 7 at 2d8 each: both re-roll; then 3 vs 10 is a Triple for the defender (C4.17).
    ctx = melee(fighter(D8, weapon="Knife"), fighter(defense=D8))
    result = run(ctx, "attack", 3, 4, "defense", 2, 5, "attack", 1, 2, "defense", 5, 5, "fumble", 2)
    assert result.opposed.attempts == 2
    assert (result.winner, result.multiple) == (Side.DEFENDER, 3)
    assert result.fumble is not None and result.fumble.row.name == "Off Balance"


# --- C4.16 criticals -----------------------------------------------------------------------------


def test_c4_16_example_e3_double_deals_maximum_damage(run: Run) -> None:
    # E3 (L113): Veteran Combat 2d6, Sword, vs Gunner Defense 2d6 in Medium armour: 9 vs 4 is a
    # Double: no damage roll, 6 - 2 armour = 4; the Gunner drops from 14 to 10 Health.
    ctx = melee(
        fighter(D6, weapon="Sword", contract="Veteran"),
        fighter(defense=D6, armor="Standard Cuirass", contract="Gunner"),
    )
    result = run(ctx, "attack", 4, 5, "defense", 1, 3)
    assert result.multiple == 2
    assert result.hit is not None
    assert (result.hit.damage.rolled, result.hit.damage.armor) == (6, 2)
    assert result.hit.critical is None
    assert 14 - result.damage_to_defender == 10
    assert all(roll.purpose != "damage" for roll in result.rolls)


def test_c4_16_example_e4_triple_rolls_critical(run: Run) -> None:
    # E4 (L118): Gunner Combat 2d6 shoots a Brute (Defense 2d8) with a Pistol: 12 vs 4 = Triple:
    # maximum 4 damage and the Projectile Critical table at +0.
    ctx = ranged(fighter(D6, weapon="Pistol", contract="Gunner"), fighter(defense=D8))
    result = run(ctx, "attack", 6, 6, "defense", 2, 2, "critical", 3)
    assert result.multiple == 3
    hit = result.hit
    assert hit is not None and hit.critical is not None
    assert (hit.critical.rule, hit.critical.modifier, hit.critical.row.name) == (
        "R6.3",
        0,
        "Staggered",
    )
    assert (hit.critical.roller, hit.critical.affects) == (Side.ATTACKER, Side.DEFENDER)
    assert result.damage_to_defender == 4


def test_c4_16_example_e4_quadruple_adds_one(run: Run) -> None:
    # E4: "at a total of 16 it would be quadruple": +1 on the Critical roll (5 + 1 = 6+).
    ctx = ranged(fighter(D8, weapon="Pistol"), fighter(defense=D8))
    result = run(ctx, "attack", 8, 8, "defense", 2, 2, "critical", 5)
    critical = critical_of(result)
    assert (result.multiple, critical.modifier, critical.total) == (4, 1, 6)
    assert critical.row.name == "Gutshot"
    assert any(isinstance(e, OutOfAction) for e in critical.effects)


def test_c4_16_derived_24_vs_2_reads_six_plus(run: Run) -> None:
    # Derived vector: 24 vs 2 is x12: +9 on the d6, so even a 1 reads "6+".
    ctx = melee(fighter(D12, weapon="Knife"), fighter(defense=D4))
    result = run(ctx, "attack", 12, 12, "defense", 1, 1, "critical", 1)
    critical = critical_of(result)
    assert (result.multiple, critical.modifier, critical.total) == (12, 9, 10)
    assert critical.row.name == "Severed"


def test_c4_18_critical_bonus_damage_before_armour(run: Run) -> None:
    # Gash: +d4 on top of the maximum, then armour (C4.18 steps 2 and 3).
    ctx = melee(fighter(D8, weapon="Knife"), fighter(defense=D4, armor="Standard Cuirass"))
    result = run(ctx, "attack", 7, 8, "defense", 2, 3, "critical", 1, "critical-damage", 3)
    assert result.hit is not None
    damage = result.hit.damage
    assert (damage.rolled, damage.critical, damage.armor, damage.total) == (4, 3, 2, 5)


def test_r3_6_protective_lining_never_drops_the_roll_below_one(run: Run) -> None:
    # -1 to Critical rolls against the wearer; a total of 0 reads row 1 (notes A37).
    ctx = melee(fighter(D6, weapon="Knife"), fighter(defense=D4, armor="Protective Lining"))
    result = run(ctx, "attack", 6, 6, "defense", 2, 2, "critical", 1, "critical-damage", 2)
    critical = critical_of(result)
    assert (critical.modifier, critical.total, critical.row.name) == (-1, 0, "Gash")
    assert result.damage_to_defender == 4 + 2 - 1


def test_r3_2_arc_claw_adds_one_to_the_critical_roll(run: Run) -> None:
    ctx = melee(fighter(D8, weapon="Arc Claw"), fighter(defense=D4))
    result = run(ctx, "attack", 6, 6, "defense", 2, 2, "critical", 5)
    critical = critical_of(result)
    assert (critical.modifier, critical.row.name) == (1, "Total Corruption")


def test_c4_16_riposte_triple_by_the_attacker_both_tables(run: Run) -> None:
    # notes A26: the higher side rolls its Critical table, the lower the Melee Fumble table.
    ctx = melee(
        fighter(D8, weapon="Sword", contract="Brute"),
        fighter(D6, weapon="Sword", armor="Standard Cuirass"),
        riposte=True,
    )
    result = run(
        ctx,
        "attack", 6, 6, "riposte", 2, 2,
        "critical", 1, "critical-damage", 3,
        "fumble", 3, "fumble-damage", 1, "fumble-damage-reroll", 4,
    )  # fmt: skip
    hit = result.hit
    assert hit is not None and hit.critical is not None
    # Maximum of the doubled dice (12), Brute +1, Gash +3, armour 2.
    assert result.damage_to_defender == 12 + 1 + 3 - 2
    fumble = result.fumble
    assert fumble is not None
    assert (fumble.rule, fumble.roller, fumble.row.name) == ("R7.1", Side.DEFENDER, "Self-Wound")
    # The defender's own Sword: the re-rolled 1 becomes 4, minus its own armour 2.
    assert result.self_damage(Side.DEFENDER) == 2
    assert result.self_damage(Side.ATTACKER) == 0


def test_c4_16_riposte_triple_by_the_defender_both_tables(run: Run) -> None:
    ctx = melee(fighter(D6, weapon="Knife"), fighter(D8, weapon="Sword"), riposte=True)
    result = run(ctx, "attack", 1, 2, "riposte", 4, 5, "critical", 3, "fumble", 1)
    assert result.multiple == 3
    counter = result.counter
    assert counter is not None and counter.critical is not None
    assert (counter.critical.rule, counter.critical.row.name) == ("R6.1", "Hamstrung")
    assert counter.critical.affects is Side.ATTACKER
    assert result.damage_to_attacker == 6
    assert result.fumble is not None
    assert (result.fumble.roller, result.fumble.row.name) == (Side.ATTACKER, "Stumbled")


# --- C4.17 fumbles -------------------------------------------------------------------------------


def test_c4_17_example_e4_swapped_defender_triples(run: Run) -> None:
    # E4 swapped: the Brute triples the Gunner: the Ranged Fumble table at +0.
    ctx = ranged(fighter(D6, weapon="Pistol", contract="Gunner"), fighter(defense=D8))
    result = run(ctx, "attack", 2, 2, "defense", 6, 6, "fumble", 1)
    fumble = result.fumble
    assert fumble is not None
    assert (fumble.rule, fumble.modifier, fumble.row.name) == ("R7.2", 0, "Jammed")
    assert result.hit is None and result.damage_to_attacker == 0


def test_c4_17_fumble_takes_own_weapon_damage_through_armour(run: Run) -> None:
    ctx = ranged(fighter(D6, weapon="Carbine", armor="Standard Cuirass"), fighter(defense=D6))
    result = run(
        ctx, "attack", 1, 1, "defense", 3, 4, "fumble", 3,
        "fumble-damage", 1, "fumble-damage-reroll", 6,
    )  # fmt: skip
    assert result.fumble is not None and result.fumble.row.name == "Backfire"
    assert result.self_damage(Side.ATTACKER) == 6 - 2


def test_c4_17_quadruple_fumble_adds_one(run: Run) -> None:
    # 8 vs 2 = x4: +1; a 5 reads 6+: Exploded, weapon destroyed, maximum own damage.
    ctx = ranged(fighter(D6, weapon="Carbine"), fighter(defense=D6))
    result = run(ctx, "attack", 1, 1, "defense", 4, 4, "fumble", 5)
    fumble = result.fumble
    assert fumble is not None
    assert (fumble.modifier, fumble.row.name) == (1, "Exploded")
    assert any(isinstance(e, DestroyWeapon) for e in fumble.effects)
    assert result.self_damage(Side.ATTACKER) == 8


def test_c4_17_wild_swing_is_left_to_the_game(run: Run) -> None:
    # "Hit an ally within 1" (or take weapon damage)" needs the board: no dice here.
    ctx = melee(fighter(D6, weapon="Knife"), fighter(defense=D8))
    result = run(ctx, "attack", 1, 1, "defense", 3, 3, "fumble", 4)
    assert result.fumble is not None and result.fumble.row.name == "Wild Swing"
    assert result.fumble.damage is None


def test_r7_1_wild_swing_hits_an_ally_or_the_fumbler(run: Run) -> None:
    ctx = melee(fighter(D6, weapon="Machete", armor="Flak Wrap"), fighter(defense=D8))
    result = run(ctx, "attack", 1, 1, "defense", 3, 3, "fumble", 4)
    assert result.fumble is not None
    dice = scripted("fumble-damage", 1, "fumble-damage-reroll", 6)
    ally = fighter(armor="Standard Cuirass")
    damage, steps = resolve_ally_hit(ctx, result.fumble, ally, dice)
    dice.assert_done()
    assert (damage.total, steps[0].rule) == (6 - 2, "R7.1")
    dice = scripted("fumble-damage", 5)
    damage, _ = resolve_ally_hit(ctx, result.fumble, None, dice)
    assert damage.total == 5 - 1  # no ally in reach: the fumbler's own Flak Wrap


def test_r3_3_arc_pistol_never_fumbles(run: Run) -> None:
    # notes A37: a defender's Triple against a weapon with no fumbles is a plain miss.
    ctx = ranged(fighter(D6, weapon="Arc Pistol"), fighter(defense=D8))
    result = run(ctx, "attack", 1, 1, "defense", 3, 3)
    assert result.multiple == 3 and result.fumble is None
    assert any("notes A37" in step.text for step in result.steps)


def test_i1_3_power_weapon_fumbles_on_the_broadcast_table(run: Run) -> None:
    # A hostile Power weapon rolls Wits vs. Defense and fumbles on R7.3 (notes A40).
    hiss = RangedWeapon("Static Hiss", "I2.1", 0, WeaponType.BROADCAST, parse_dice("d6"), 36, 0, ())
    ctx = AttackContext(Combatant(combat=D8, weapon=hiss), fighter(defense=D4), AttackKind.POWER)
    result = run(ctx, "attack", 1, 1, "defense", 3, 3, "fumble", 3, "fumble-damage", 2)
    fumble = result.fumble
    assert fumble is not None and (fumble.rule, fumble.row.name) == ("R7.3", "Feedback")
    assert result.self_damage(Side.ATTACKER) == 2


# --- C4.18 damage --------------------------------------------------------------------------------


def test_c4_18_armour_after_ap(run: Run) -> None:
    ctx = melee(fighter(D6, weapon="Corrosive Blade"), fighter(armor="Standard Cuirass"))
    result = run(ctx, "attack", 5, 5, "defense", 3, 3, "damage", 7)
    assert result.hit is not None and result.hit.damage.armor == 2 - 1
    assert result.damage_to_defender == 6


def test_c4_18_damage_never_below_zero(run: Run) -> None:
    # Knuckles' fixed 2 rolls no dice; Heavy armour takes 3 (notes A36).
    ctx = melee(fighter(D6, weapon="Knuckles"), fighter(armor="Heavy Cuirass"))
    result = run(ctx, "attack", 4, 4, "defense", 1, 6)
    assert result.hit is not None
    assert (result.hit.damage.rolled, result.damage_to_defender) == (2, 0)


def test_r3_2_reroll_ones_keeps_the_new_face(run: Run) -> None:
    # notes A3: each die is re-rolled once; a second 1 stays.
    ctx = melee(fighter(D6, weapon="Machete"), fighter())
    result = run(ctx, "attack", 4, 4, "defense", 3, 4, "damage", 1, "damage-reroll", 1)
    assert result.damage_to_defender == 1


def test_r3_2_saber_rerolls_ones_and_twos(run: Run) -> None:
    ctx = melee(fighter(D6, weapon="Saber"), fighter())
    result = run(ctx, "attack", 4, 4, "defense", 3, 4, "damage", 2, "damage-reroll", 7)
    assert result.damage_to_defender == 7


def test_r3_2_shiv_plus_one_against_the_wounded(run: Run) -> None:
    ctx = melee(fighter(D6, weapon="Shiv"), fighter(wounded=True))
    assert run(ctx, "attack", 4, 4, "defense", 3, 4, "damage", 2).damage_to_defender == 3
    ctx = melee(fighter(D6, weapon="Shiv"), fighter())
    assert run(ctx, "attack", 4, 4, "defense", 3, 4, "damage", 2).damage_to_defender == 2


def test_c2_4_brute_bonus_is_melee_only(run: Run) -> None:
    ctx = ranged(fighter(D6, weapon="Stapler", contract="Brute"), fighter())
    assert run(ctx, "attack", 4, 4, "defense", 3, 4).damage_to_defender == 2


def test_c4_2_severance_deals_maximum_damage(run: Run) -> None:
    # E16 (L274): Tobias Valdez takes Severance: one attack of his deals maximum weapon damage.
    ctx = melee(fighter(D6, weapon="Sword"), fighter(), severance=True)
    result = run(ctx, "attack", 4, 4, "defense", 3, 4)
    assert result.damage_to_defender == 6
    assert any(step.rule == "C4.2" for step in result.steps)


def test_c4_2_severance_on_a_riposted_hit_maxes_the_doubled_dice(run: Run) -> None:
    # notes A11: 2 x max when the dice are doubled by a Riposte.
    ctx = melee(fighter(D8, weapon="Sword"), fighter(weapon="Knife"), riposte=True, severance=True)
    assert run(ctx, "attack", 4, 4, "riposte", 3, 4).damage_to_defender == 12


def test_r3_3_rifle_overcharge(run: Run) -> None:
    # notes A31: -1 DT Combat, maximum damage on a hit.
    ctx = ranged(fighter(D10, weapon="Rifle"), fighter(), overcharge=True)
    assert tiers(ctx) == (D8, D6)
    assert run(ctx, "attack", 4, 4, "defense", 3, 4).damage_to_defender == 12
    with pytest.raises(SkirmishError, match="Overcharge"):
        ranged(fighter(weapon="Carbine"), fighter(), overcharge=True)


def test_c4_2_reroll_blessing_between_roll_and_finish() -> None:
    # A Reroll (one die, declared after seeing it, notes A3/A8) is the game's decision: it rolls
    # with roll_attack, changes the pair, and finishes the attack with the new totals.
    ctx = melee(fighter(D6, weapon="Knife"), fighter())
    plan = plan_attack(ctx, CATALOG)
    dice = scripted("attack", 1, 4, "defense", 3, 4, "damage", 3)
    opposed = roll_attack(plan, dice)
    assert not opposed.first_wins
    rerolled = replace(opposed, first_total=4 + 6, winner=0)  # the 1 re-rolled into a 6
    result = finish_attack(plan, rerolled, dice)
    dice.assert_done()
    assert (result.winner, result.damage_to_defender) == (Side.ATTACKER, 3)


# --- armour re-rolls on Defense (R3.6-R3.8) ------------------------------------------------------


def test_r3_7_patrol_harness_rerolls_defense_ones(run: Run) -> None:
    ctx = melee(fighter(D6, weapon="Knife"), fighter(armor="Patrol Harness"))
    result = run(ctx, "attack", 4, 4, "defense", 1, 5, "defense-reroll", 4)
    assert result.opposed.second_total == 9
    assert result.winner is Side.DEFENDER
    assert any(step.rule == "R3.7" for step in result.steps)


def test_r3_8_fortress_plating_rerolls_up_to_three(run: Run) -> None:
    ctx = melee(fighter(D6, weapon="Knife"), fighter(armor="Fortress Plating"))
    result = run(ctx, "attack", 4, 4, "defense", 2, 3, "defense-reroll", 1, 4, "damage", 4)
    assert result.opposed.second_total == 5
    assert result.damage_to_defender == 4 - 3


def test_r3_7_no_defense_rerolls_on_a_riposte(run: Run) -> None:
    ctx = melee(
        fighter(D6, weapon="Knife"), fighter(weapon="Knife", armor="Patrol Harness"), riposte=True
    )
    # Armour re-rolls are "on Defense": a Riposting defender's 1 stays.
    result = run(ctx, "attack", 2, 3, "riposte", 1, 3, "damage", 1, 1)
    # The doubled Knife rolls 2d4 = 2, and Medium armour takes 2.
    assert (result.winner, result.damage_to_defender) == (Side.ATTACKER, 0)


# --- DT modifiers of shooting (C4.3, C4.10, C4.11, C4.13) and of kit -----------------------------


def test_c4_10_moving_shot_at_minus_one_gunner_exempt() -> None:
    assert tiers(ranged(fighter(D8, weapon="Carbine"), fighter(), moved=True)) == (D6, D6)
    gunner = fighter(D8, weapon="Carbine", contract="Gunner")
    assert tiers(ranged(gunner, fighter(), moved=True)) == (D8, D6)


def test_c4_10_example_e7_moved_and_cover_overflow(run: Run) -> None:
    # E7: Veteran Combat 2d6 moves, shoots at a target in Cover: 2d4 vs the target's 2d8.
    ctx = ranged(
        fighter(D6, weapon="Pistol", contract="Veteran"), fighter(), moved=True, cover=True
    )
    assert tiers(ctx) == (D4, D8)
    result = run(ctx, "attack", 4, 4, "defense", 2, 5, "damage", 3)
    assert result.winner is Side.ATTACKER  # 8 vs 7
    assert "overflow" in result.steps[1].text


def test_c4_13_cover_and_weapons_that_ignore_it() -> None:
    assert tiers(ranged(fighter(D8, weapon="Carbine"), fighter(), cover=True)) == (D6, D6)
    assert tiers(ranged(fighter(D8, weapon="Flamer"), fighter(), cover=True)) == (D8, D6)


def test_c4_13_cover_is_a_shooting_rule() -> None:
    # notes A28: no cover in melee.
    with pytest.raises(SkirmishError, match="A28"):
        melee(fighter(weapon="Knife"), fighter(), cover=True)


def test_c4_11_into_melee_minus_one_and_a_miss_is_redirected(run: Run) -> None:
    ctx = ranged(fighter(D8, weapon="Carbine"), fighter(), into_melee=True)
    assert tiers(ctx) == (D6, D6)
    result = run(ctx, "attack", 2, 3, "defense", 4, 4)
    assert result.redirect and result.fumble is None
    target = fighter(armor="Flak Wrap")
    dice = scripted("damage", 5)
    hit, steps = resolve_redirect(ctx, target, dice, CATALOG)
    dice.assert_done()
    # Straight to damage: normal roll, armour applies, no maximum, no Critical (notes A27).
    assert (hit.damage.total, hit.critical) == (4, None)
    assert steps[0].rule == "C4.11"


def test_c4_11_a_fumble_into_melee_is_not_redirected(run: Run) -> None:
    ctx = ranged(fighter(D8, weapon="Carbine"), fighter(), into_melee=True)
    result = run(ctx, "attack", 1, 1, "defense", 3, 3, "fumble", 2)
    assert result.fumble is not None and not result.redirect


def test_c4_3_aim_plus_one() -> None:
    assert tiers(ranged(fighter(D8, weapon="Carbine"), fighter(), aim=True)) == (D10, D6)


def test_c4_2_boost_on_either_side() -> None:
    assert tiers(melee(fighter(D8, weapon="Knife", boost=True), fighter())) == (D10, D6)
    assert tiers(melee(fighter(D8, weapon="Knife"), fighter(boost=True))) == (D8, D8)


def test_c4_5_example_e14_free_attack_at_minus_one() -> None:
    # E14: the Brute's (2d8) and the Scout's (2d6) free attacks roll 2d6 and 2d4.
    brute = fighter(D8, weapon="Sword", contract="Brute")
    scout = fighter(D6, weapon="Knife", contract="Scout")
    veteran = fighter(contract="Veteran")
    assert tiers(melee(brute, veteran, free_attack=True)) == (D6, D6)
    assert tiers(melee(scout, veteran, free_attack=True)) == (D4, D6)
    with pytest.raises(SkirmishError, match="A18"):
        melee(brute, fighter(weapon="Sword"), free_attack=True, riposte=True)


def test_caller_modifiers_apply_to_their_side() -> None:
    stim = (TierModifier(+2, "Rage Stim", "R3.9"),)
    jam = (TierModifier(-1, "Signal Jam", "R5.1"),)
    ctx = melee(fighter(D6, weapon="Knife", modifiers=stim), fighter(D8, modifiers=jam))
    assert tiers(ctx) == (D10, D4)


def test_r3_3_laser_plus_one_when_not_moved() -> None:
    assert tiers(ranged(fighter(D6, weapon="Laser"), fighter())) == (D8, D6)
    assert tiers(ranged(fighter(D6, weapon="Laser"), fighter(), moved=True)) == (D4, D6)


def test_r3_3_pistol_and_scope_by_range() -> None:
    near = ranged(fighter(D8, weapon="Pistol", gear=("Scope",)), fighter(), range_inches=6)
    assert tiers(near) == (D8, D6)
    mid = ranged(fighter(D8, weapon="Pistol", gear=("Scope",)), fighter(), range_inches=10)
    assert tiers(mid) == (D6, D6)
    far = ranged(fighter(D8, weapon="Pistol", gear=("Scope",)), fighter(), range_inches=13)
    assert tiers(far) == (D8, D6)


def test_r3_3_stapler_out_of_range() -> None:
    with pytest.raises(SkirmishError, match='reaches 6"'):
        ranged(fighter(weapon="Stapler"), fighter(), range_inches=6.5)


def test_r3_2_static_blade_and_sonic_gun_vs_wounded() -> None:
    assert tiers(melee(fighter(D6, weapon="Static Blade"), fighter(wounded=True))) == (D8, D6)
    assert tiers(melee(fighter(D6, weapon="Static Blade"), fighter())) == (D6, D6)
    assert tiers(ranged(fighter(D6, weapon="Sonic Gun"), fighter(wounded=True))) == (D8, D6)


def test_r3_2_sword_bonus_only_when_riposting() -> None:
    # The Sword's +1 DT is for the Riposte, not for attacking with it.
    assert tiers(melee(fighter(D6, weapon="Sword"), fighter())) == (D6, D6)


def test_c2_4_veteran_below_half_health_and_zealot_against_two() -> None:
    veteran = fighter(defense=D6, contract="Veteran", wounded=True, below_half_health=True)
    assert tiers(melee(fighter(D6, weapon="Knife"), veteran)) == (D6, D8)
    zealot = fighter(D8, weapon="Injector", contract="Zealot", engaged_with_2=True)
    assert tiers(melee(zealot, fighter())) == (D10, D6)
    with pytest.raises(SkirmishError, match="wounded"):
        fighter(below_half_health=True)


def test_r3_10_defensive_gear() -> None:
    masked = fighter(gear=("Mask",))
    assert tiers(melee(fighter(D6, weapon="Injector"), masked)) == (D6, D8)
    assert tiers(melee(fighter(D6, weapon="Knife"), masked)) == (D6, D6)
    camo = fighter(gear=("Camo",))
    assert tiers(ranged(fighter(D8, weapon="Carbine"), camo, cover=True)) == (D6, D8)
    sensors = fighter(gear=("Peripheral Sensors",), engaged_with_2=True)
    assert tiers(melee(fighter(D6, weapon="Knife"), sensors)) == (D6, D8)


# --- on-hit specials -----------------------------------------------------------------------------


def test_c4_6_example_e13_mace_knockback(run: Run) -> None:
    # E13: a Mace hit pushes the Gunner 1" (the fall itself is the game's geometry).
    ctx = melee(fighter(D6, weapon="Mace"), fighter(contract="Gunner"))
    result = run(ctx, "attack", 5, 5, "defense", 3, 4, "damage", 4)
    assert result.hit is not None and result.hit.knockback == 1
    assert any(step.rule == "C4.6" for step in result.steps)


@pytest.mark.parametrize(
    ("weapon", "armor", "gear", "inches"),
    [
        ("Mace", "Padded Vest", (), 0),
        ("Shock Maul", "Padded Vest", (), 1),
        ("Shock Maul", "Industrial Frame", (), 1),
        ("Shock Maul", None, ("Mag Boots",), 0),
        ("Sword", None, (), 0),
    ],
)
def test_c4_6_knockback_reductions(
    weapon: str, armor: str | None, gear: tuple[str, ...], inches: int
) -> None:
    ctx = melee(fighter(weapon=weapon), fighter(armor=armor, gear=gear))
    assert plan_attack(ctx, CATALOG).strike.knockback == inches


def test_r3_2_prod_marks_the_target(run: Run) -> None:
    ctx = melee(fighter(D6, weapon="Prod"), fighter())
    result = run(ctx, "attack", 5, 5, "defense", 3, 4, "damage", 2)
    assert result.hit is not None
    assert [type(e) for e in result.hit.effects] == [TimedTierBonus]


def test_r3_3_tesla_gun_chain_hit(run: Run) -> None:
    # notes A30: the extra hit needs no Defense roll, rolls normal damage, armour applies.
    ctx = ranged(fighter(D8, weapon="Tesla Gun"), fighter())
    result = run(ctx, "attack", 5, 5, "defense", 3, 4, "damage", 2)
    assert result.hit is not None and result.hit.chain == ChainHit(1, 2)
    dice = scripted("damage", 7)
    hit, _ = resolve_chain_hit(ctx, fighter(armor="Standard Cuirass"), dice, CATALOG)
    dice.assert_done()
    assert (hit.damage.total, hit.critical) == (5, None)


# --- the record ----------------------------------------------------------------------------------


def test_every_roll_and_step_is_recorded_with_its_rule(run: Run) -> None:
    ctx = melee(
        fighter(D8, weapon="Sword", contract="Brute"),
        fighter(D6, weapon="Sword", armor="Patrol Harness"),
        riposte=True,
    )
    result = run(
        ctx, "attack", 6, 6, "riposte", 2, 2, "critical", 1, "critical-damage", 3,
        "fumble", 3, "fumble-damage", 1, "fumble-damage-reroll", 4,
    )  # fmt: skip
    assert [(r.purpose, r.faces) for r in result.rolls] == [
        ("attack", (6, 6)),
        ("riposte", (2, 2)),
        ("critical", (1,)),
        ("critical-damage", (3,)),
        ("fumble", (3,)),
        ("fumble-damage", (1,)),
        ("fumble-damage-reroll", (4,)),
    ]
    assert {r.purpose for r in result.rolls} <= PURPOSES
    rules = [step.rule for step in result.steps]
    assert all(re.fullmatch(r"[CR]\d+\.\d+", rule) for rule in rules)
    assert rules[:3] == ["C4.7", "C1.10", "C1.9"]
    assert {"C4.16", "R6.1", "C4.18", "C4.17", "R7.1"} <= set(rules)
    assert result.describe().splitlines()[0].startswith("[C4.7] melee attack with Sword")


# --- context checks ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: melee(fighter(), fighter()), "needs the attacker's weapon"),
        (lambda: melee(fighter(weapon="Carbine"), fighter()), "Improvised Combat"),
        (lambda: ranged(fighter(weapon="Sword"), fighter()), "cannot shoot"),
        (lambda: melee(fighter(weapon="Sword"), fighter(), riposte=True), "defender's melee"),
        (lambda: melee(fighter(weapon="Sword"), fighter(), aim=True), "A28"),
        (
            lambda: ranged(fighter(weapon="Carbine"), fighter(), range_inches=-1),
            'a range is a distance of 0" or more, not -1',
        ),
        (
            lambda: ranged(fighter(weapon="Carbine"), fighter(), range_inches=math.nan),
            "not nan",
        ),
        (
            lambda: melee(fighter(weapon="Sword"), fighter(), range_inches=math.inf),
            "not inf",
        ),
        (lambda: ranged(fighter(weapon="Carbine"), fighter(), free_attack=True), "C4.5"),
    ],
)
def test_impossible_attacks_are_one_line_errors(
    build: Callable[[], AttackContext], message: str
) -> None:
    with pytest.raises(SkirmishError, match=message) as info:
        build()
    assert "\n" not in str(info.value)


# --- C4.15 grenades ------------------------------------------------------------------------------


def grenade(name: str, thrower: Combatant | None = None, moved: bool = False) -> GrenadeContext:
    return GrenadeContext(
        thrower or fighter(D6),
        CATALOG.grenades[[g.name for g in CATALOG.grenades].index(name)],
        moved,
    )


def test_c4_15_example_e6_frag_scatters_and_hits_everyone() -> None:
    # E6 (L154): Gunner Combat 2d6 throws a Frag 5" away: 3+5 = 8 vs 4+6 = 10, a miss but no
    # Fumble (10 < 24): it scatters d6 = 4" (direction: d12 clock, notes A33), and every model
    # within 3" takes its own d8.
    ctx = grenade("Frag", fighter(D6, contract="Gunner"))
    caught = [fighter(contract="Gunner"), fighter(armor="Standard Cuirass")]
    seen: list[GrenadeThrow] = []

    def in_blast(throw: GrenadeThrow) -> list[Combatant]:
        seen.append(throw)
        return caught

    dice = scripted(
        "throw", 3, 5, "throw-target", 4, 6, "scatter", 4, "scatter-direction", 3,
        "blast-damage", 6, "blast-damage", 5,
    )  # fmt: skip
    result = resolve_grenade(ctx, dice, in_blast)
    dice.assert_done()
    throw = result.throw
    assert (throw.landing, throw.scatter_inches, throw.scatter_clock) == (Landing.SCATTERED, 4, 3)
    assert seen == [throw]
    assert [hit.damage.total for hit in result.hits] == [6, 5 - 2]
    assert all(not hit.damage.maximum for hit in result.hits)


def test_c4_15_grenade_fumble_lands_at_the_throwers_feet() -> None:
    dice = scripted("throw", 1, 2, "throw-target", 4, 5)
    throw = resolve_grenade(grenade("Gas"), dice).throw
    dice.assert_done()
    assert throw.landing is Landing.AT_FEET
    assert throw.scatter_inches is None


def test_c4_15_grenades_never_crit() -> None:
    # A triple on the throw is just a hit on the aim point: no Critical, no maximum.
    dice = scripted("throw", 6, 6, "throw-target", 1, 1, "blast-damage", 2)
    result = resolve_grenade(grenade("Frag"), dice, lambda throw: [fighter()])
    dice.assert_done()
    assert result.throw.landing is Landing.ON_TARGET
    assert result.hits[0].damage.total == 2


def test_c4_15_fixed_2d6_takes_no_overflow() -> None:
    # C1.10: the thrower's 2d6 -1 (moved) drops to 2d4; the fixed 2d6 is not raised.
    ctx = grenade("Frag", fighter(D4), moved=True)
    throw = resolve_grenade(ctx, scripted("throw", 4, 4, "throw-target", 3, 5)).throw
    assert (throw.opposed.first, throw.opposed.second) == (D4, D6)
    assert plan_throw(ctx)[1].lost == 1
    assert throw.landing is Landing.ON_TARGET  # 8 vs 8: the lower DT wins the tie


def test_c4_15_gunner_throws_on_the_move_without_penalty() -> None:
    dice = scripted("throw", 5, 5, "throw-target", 3, 5)
    throw = resolve_grenade(grenade("Frag", fighter(D8, contract="Gunner"), moved=True), dice).throw
    dice.assert_done()
    assert throw.opposed.first is D8
    assert throw.landing is Landing.ON_TARGET


def test_c4_15_same_tier_tie_rerolls_the_throw() -> None:
    dice = scripted("throw", 3, 4, "throw-target", 2, 5, "throw", 6, 5, "throw-target", 1, 2)
    throw = resolve_grenade(grenade("Frag"), dice).throw
    dice.assert_done()
    assert throw.opposed.attempts == 2 and throw.landing is Landing.ON_TARGET


def test_r3_4_smoke_through_armour_keeps_its_effect() -> None:
    # notes A34: 1 damage - 1 armour = 0, but the smoke column still rises.
    dice = scripted("throw", 6, 6, "throw-target", 1, 1, "blast-damage")
    result = resolve_grenade(grenade("Smoke"), dice, lambda throw: [fighter(armor="Flak Wrap")])
    dice.assert_done()
    hit = result.hits[0]
    assert hit.damage.total == 0
    assert any(isinstance(e, SmokeCloud) for e in hit.effects)
