"""One melee attack: reactions, Fight pools with weapons, support, elevation, Charge, Topple,
Swift, Fast strike, the Duellist's Sabre, counter-damage, Bash, Trample, Heroic Deeds before
the damage, and leaving a melee (L125-L164, L224, L232, L377, L500, L664, L686, L748; rules
notes §1.7, §7 items 24, 25, 30, 31, 32, 34, 63, 78 and 85; golden tests X13, X14, X16,
G29-G37, G56). Dice are scripted."""

from __future__ import annotations

import pytest
from tests.dice_script import scripted
from tests.rulesets.wolsung.clubs import catalog
from tests.rulesets.wolsung.fighters import model, refs

from skirmish.errors import IllegalActionError
from skirmish.rulesets.wolsung.cards.deck import wolsung_deck
from skirmish.rulesets.wolsung.cards.deeds import DEFENDER
from skirmish.rulesets.wolsung.cards.payments import Payer
from skirmish.rulesets.wolsung.combat.combatant import Combatant
from skirmish.rulesets.wolsung.combat.melee import (
    ATTACK_RULES,
    DEFENCE_RULES,
    NO_FENCE,
    WEAPON_CONDITIONS,
    Charge,
    Fight,
    Fighter,
    Reaction,
    attack_pool,
    defence_pool,
    fight_value,
    leave_melee,
    reactions,
    strike,
)
from skirmish.rulesets.wolsung.house_rules import HouseRules
from skirmish.rulesets.wolsung.rules_data.records import Profile

BRUISER, BUTLER = Fighter(model("bruiser")), Fighter(model("butler"))


def dummy(f: int = 4, *rules: str, r: int = 2, melee: str | None = None) -> Combatant:
    """A test model with the given Fight, rules, Reflex and melee weapon."""
    profile = Profile(A=2, M=5, F=f, S=3, G=2, R=r, W=9)
    weapon = catalog().melee[melee] if melee else None
    return Combatant("Dummy", profile, rules=refs(*rules), melee=weapon)


def attack(fight: Fight) -> int:
    return attack_pool(fight).dice


def defence(fight: Fight, rules: HouseRules | None = None) -> int:
    return defence_pool(fight, rules or HouseRules()).dice


def test_g29_bruiser_hits_a_fencing_butler() -> None:
    blow = strike(scripted("fight", 6, 4, 1, 1, "fight", 5, 2), Fight(BRUISER, BUTLER))
    assert blow.hits
    assert blow.damage is not None
    assert blow.damage.wounds == 8
    assert str(blow.damage) == "8 wounds: +7 Bruiser S (L145), +1 critical hits (L148)"


def test_g30_a_fence_counter_uses_the_defenders_strength() -> None:
    blow = strike(scripted("fight", 6, 1, 1, 1, "fight", 5, 4), Fight(BRUISER, BUTLER))
    assert not blow.hits and blow.countered
    assert blow.damage is not None
    assert (
        str(blow.damage)
        == "3 wounds: +3 Butler S (L145), +1 critical hits (L148), -1 Armour (L146)"
    )


def test_g30_a_parry_adds_two_and_deals_no_counter_damage() -> None:
    parry = Fight(BRUISER, BUTLER, Reaction.PARRY)
    assert defence(parry) == 4
    blow = strike(scripted("fight", 1, 1, 1, 1, "fight", 5, 1, 1, 1), parry)
    assert not blow.hits and not blow.countered
    assert blow.damage is None


def test_l111_toppled_fences_with_f1() -> None:
    toppled = Fighter(model("bruiser"), toppled=True)
    assert reactions(BUTLER, toppled) == (Reaction.FENCE,)
    pool = defence_pool(Fight(BUTLER, toppled), HouseRules())
    assert pool.dice == 1
    assert str(pool.terms[-1]) == "-3 Toppled: the pool is 1 (L111, §7 item 25)"


@pytest.mark.dice_may_remain
def test_l111_a_toppled_model_may_not_parry() -> None:
    toppled = Fighter(model("butler"), toppled=True)
    with pytest.raises(IllegalActionError, match=r"may only Fence, not Parry \(L111\)"):
        strike(scripted(), Fight(BRUISER, toppled, Reaction.PARRY))


def test_item_25_a_toppled_attacker_rolls_one_die_whatever_its_bonuses() -> None:
    toppled = Fighter(model("oakroot"), toppled=True, height=2)
    assert attack(Fight(toppled, BUTLER)) == 1


@pytest.mark.dice_may_remain
def test_l224_hypnotic_aura_forbids_fence() -> None:
    oakroot = Fighter(model("oakroot"))
    assert reactions(oakroot, BUTLER) == (Reaction.PARRY,)
    with pytest.raises(IllegalActionError, match=r"hypnotic_aura \(L224\) forbids Fence"):
        strike(scripted(), Fight(oakroot, BUTLER, Reaction.FENCE))


def test_g33_hypnotic_aura_on_a_toppled_butler_leaves_no_reaction() -> None:
    oakroot, toppled = Fighter(model("oakroot")), Fighter(model("butler"), toppled=True)
    assert reactions(oakroot, toppled) == (Reaction.NONE,)
    fight = Fight(oakroot, toppled, Reaction.NONE)
    blow = strike(scripted("fight", *[1] * 9, "fight", 6), fight)
    assert blow.defence.dice == 1
    assert not blow.hits and not blow.countered
    assert blow.damage is None


@pytest.mark.dice_may_remain
def test_l131_a_defender_with_a_choice_must_react() -> None:
    with pytest.raises(IllegalActionError, match=r"must choose Fence or Parry \(L131\)"):
        strike(scripted(), Fight(BRUISER, BUTLER, Reaction.NONE))


def test_l500_find_the_prey_forbids_fence() -> None:
    assert reactions(Fighter(model("hound")), BUTLER) == (Reaction.PARRY,)


def test_x13_oakroots_rapier_is_already_in_his_printed_fight() -> None:
    pool = attack_pool(Fight(Fighter(model("oakroot")), BUTLER))
    assert [t.amount for t in pool.terms] == [9]


def test_l143_a_melee_weapon_not_printed_in_the_profile_adds_its_fight() -> None:
    pool = attack_pool(Fight(Fighter(dummy(3, melee="harper_sword")), BUTLER))
    assert [str(t) for t in pool.terms] == [
        "+3 Fight (L134)",
        "+3 Harper's Crafted Dueling Sword (L294)",
    ]


def test_x14_thorvalds_golemic_arm_is_in_his_printed_strength() -> None:
    blow = strike(
        scripted("fight", 6, 1, 1, 1, "fight", 1, 1), Fight(Fighter(model("thorvald")), BUTLER)
    )
    assert blow.damage is not None and blow.damage.wounds == 7 + 1


def test_x16_phoenixs_fire_sabre_is_in_her_printed_strength() -> None:
    phoenix = catalog().heroes["phoenix"]
    assert phoenix.printed_base["S"] + catalog().melee["fire_sabre"].strength == 7
    blow = strike(
        scripted("fight", 6, 1, 1, 1, 1, 1, "fight", 1, 1), Fight(Fighter(model("phoenix")), BUTLER)
    )
    assert blow.damage is not None and blow.damage.wounds == 7 + 1


def test_item_63_alices_wrench_adds_to_her_printed_strength() -> None:
    alice = Fighter(model("alice_tinkerly"))
    blow = strike(scripted("fight", 6, 1, 1, "fight", 1, 1), Fight(alice, BUTLER))
    assert blow.damage is not None
    assert blow.damage.wounds == 4 + 2 + 1


def test_g31_support_from_a_friend_on_a_base_no_smaller() -> None:
    fisherman = Fighter(model("fisherman"))
    fight = Fight(BUTLER, fisherman, support=(BRUISER,))
    assert attack(fight) == 6
    assert str(attack_pool(fight).terms[-1]) == "+4 support of Bruiser (L157)"
    golem = Fighter(model("security_golem"))
    assert attack(Fight(BUTLER, golem, support=(BRUISER,))) == 2


def test_item_32_a_toppled_supporter_adds_its_fight_of_one() -> None:
    toppled = Fighter(model("bruiser"), toppled=True)
    assert attack(Fight(BUTLER, Fighter(model("fisherman")), support=(toppled,))) == 3


def test_item_32_defender_support_only_under_its_house_rule() -> None:
    fight = Fight(BRUISER, BUTLER, defender_support=(Fighter(model("butler")),))
    assert defence(fight) == 2
    assert defence(fight, HouseRules(defender_support=True)) == 4


def test_g32_melee_elevation_and_a_charge_from_above() -> None:
    low = Fighter(model("butler"), height=0.0)
    assert attack(Fight(Fighter(model("bruiser"), height=1.0), low)) == 5
    assert attack(Fight(Fighter(model("bruiser"), height=0.9), low)) == 4
    charge = Charge(start_height=3.0)
    assert attack(Fight(BRUISER, low, charge=charge)) == 5
    both = Fight(Fighter(model("bruiser"), height=1.0), low, charge=charge)
    assert attack(both) == 6
    assert defence(Fight(BRUISER, Fighter(model("butler"), height=1.0))) == 3


@pytest.mark.dice_may_remain
def test_l127_a_model_in_melee_may_not_charge() -> None:
    with pytest.raises(IllegalActionError, match=r"may not Charge \(L127\)"):
        strike(scripted(), Fight(BRUISER, BUTLER, charge=Charge(from_melee=True)))


@pytest.mark.dice_may_remain
def test_l129_the_target_must_be_in_base_contact() -> None:
    with pytest.raises(IllegalActionError, match=r"Butler is not in base contact \(L129\)"):
        strike(scripted(), Fight(BRUISER, BUTLER, in_contact=False))


def test_l127_a_charge_makes_one_attack() -> None:
    blow = strike(
        scripted("fight", 6, 1, 1, 1, "fight", 1, 1), Fight(BRUISER, BUTLER, charge=Charge())
    )
    assert blow.hits


def test_g35_duellists_sabre_wants_exactly_one_enemy() -> None:
    duellist = dummy(3, melee="duellists_sabre")
    assert attack(Fight(Fighter(duellist), BUTLER)) == 7
    assert attack(Fight(Fighter(duellist, enemies_in_contact=2), BUTLER)) == 3


def test_g36_a_swift_halfling_defends_with_reflex() -> None:
    halfling = Fighter(dummy(2, "swift", r=5))
    fight = Fight(BRUISER, halfling, with_reflex=True)
    assert defence(fight) == 5
    blow = strike(scripted("fight", 1, 1, 1, 1, "reflex", 4, 1, 1, 1, 1), fight)
    assert blow.countered


@pytest.mark.dice_may_remain
def test_l377_only_a_swift_model_defends_with_reflex() -> None:
    with pytest.raises(IllegalActionError, match=r"has no Swift .* \(L377\)"):
        strike(scripted(), Fight(BRUISER, BUTLER, with_reflex=True))


def test_g37_fast_strike_costs_a_die_per_later_attack() -> None:
    striker = Fighter(dummy(4, "fast_strike[2]"))
    assert [attack(Fight(striker, BUTLER, strike=n)) for n in (1, 2)] == [4, 3]


@pytest.mark.dice_may_remain
def test_l232_no_more_attacks_than_fast_strike_allows() -> None:
    with pytest.raises(IllegalActionError, match=r"1 attack\(s\) an Action, not attack 2 \(L232\)"):
        strike(scripted(), Fight(BRUISER, BUTLER, strike=2))


def test_g56_snorri_bashes_the_butler_over() -> None:
    snorri = Fighter(model("snorri"))
    blow = strike(scripted("fight", 5, 1, "fight", 1, 1), Fight(snorri, BUTLER))
    assert blow.damage is not None
    assert blow.damage.topples == "bash (L664)"


def test_l448_the_umbrella_against_a_living_attacker() -> None:
    ellendeanne = Fighter(model("ellendeanne"))
    assert defence(Fight(BRUISER, ellendeanne)) == 3 + 1
    assert defence(Fight(Fighter(model("security_golem")), ellendeanne)) == 3


def test_l217_a_defenders_heroic_deed_comes_before_the_damage() -> None:
    mary = Fighter(model("mary_fearless"))
    blow = strike(scripted("fight", 6, 5, 1, 1, "fight", 5, 1, 1), Fight(BRUISER, mary))
    assert blow.hits
    exchange = blow.exchange((None, Payer.of(catalog(), catalog().heroes["mary_fearless"])))
    assert exchange.to_play == DEFENDER
    exchange = exchange.play(wolsung_deck().card("KS"), HouseRules()).pass_turn()
    saved = blow.with_deeds(exchange.bonus)
    assert saved.countered
    assert saved.damage is not None and saved.damage.wounds == 3 + 1 - 1


def test_g34_leaving_melee_against_the_highest_fight() -> None:
    trader = Fighter(model("trader"))
    leaving = leave_melee(
        scripted("reflex", 5, 4, 1, "fight", 6, 5, 1, 1), BUTLER, (trader, BRUISER)
    )
    assert leaving.holder is BRUISER
    assert (leaving.escape.dice, leaving.hold.dice) == (3, 4)
    assert leaving.leaves
    stays = leave_melee(scripted("reflex", 5, 1, 1, "fight", 6, 5, 1, 1), BUTLER, (trader, BRUISER))
    assert not stays.leaves


def test_item_34_a_toppled_enemy_holds_with_its_fight_of_one() -> None:
    toppled = Fighter(model("bruiser"), toppled=True)
    assert fight_value(toppled) == 1
    leaving = leave_melee(
        scripted("reflex", 1, 1, 1, "fight", 1, 1, 1), BUTLER, (toppled, Fighter(model("trader")))
    )
    assert leaving.holder.model.name == "Trader"


def test_l164_a_heroic_deed_lets_the_leaver_go() -> None:
    mary = Fighter(model("mary_fearless"))
    leaving = leave_melee(scripted("reflex", 1, 1, 1, 1, "fight", 6, 1, 1, 1), mary, (BRUISER,))
    assert not leaving.leaves
    exchange = leaving.exchange((Payer.of(catalog(), catalog().heroes["mary_fearless"]), None))
    exchange = exchange.play(wolsung_deck().card("2C"), HouseRules()).pass_turn()
    assert leaving.with_deeds(exchange.bonus).leaves


@pytest.mark.dice_may_remain
def test_l164_leaving_needs_an_enemy() -> None:
    with pytest.raises(IllegalActionError, match=r"in no melee to leave \(L164\)"):
        leave_melee(scripted(), BUTLER, ())


def test_no_fence_cites_each_keywords_line() -> None:
    assert {k: catalog().keywords[k].line for k in NO_FENCE} == NO_FENCE


def test_every_rule_table_is_keyed_by_catalogue_keyword_ids() -> None:
    tables = (ATTACK_RULES, DEFENCE_RULES, WEAPON_CONDITIONS)
    assert set().union(*tables) <= set(catalog().keywords)
