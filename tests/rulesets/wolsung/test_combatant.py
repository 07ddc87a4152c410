"""Models as they fight, drawn from the catalogue: final printed profiles, melee weapons
already printed or added on top, Armour against shooting apart, rules from the gear, living
or not (notes §2.5-§2.8; L432, L556, L570, L587; §7 items 28, 63 and 78; X13, X14)."""

from __future__ import annotations

from tests.rulesets.wolsung.fighters import model


def test_x13_oakroots_rapier_is_printed_in_his_fight() -> None:
    oakroot = model("oakroot")
    assert oakroot.profile.F == 9
    assert oakroot.melee is not None and oakroot.melee.fight == 3
    assert oakroot.weapon_fight == 0


def test_x14_item_78_thorvalds_arm_is_printed_in_his_strength() -> None:
    assert model("thorvald").weapon_strength == 0


def test_item_63_alices_wrench_is_not_printed_so_it_adds() -> None:
    assert model("alice_tinkerly").weapon_strength == 2


def test_l570_item_28_armour_against_shooting_stands_apart() -> None:
    thorvald = model("thorvald")
    assert (thorvald.armour, thorvald.shot_armour) == (0, 3)
    assert (model("bruiser").armour, model("bruiser").shot_armour) == (1, 0)


def test_l664_gear_rules_join_the_models_own() -> None:
    snorri = model("snorri")
    assert snorri.has("bash") and snorri.has("scientist")
    assert snorri.base_mm == 40


def test_l556_golems_are_not_living() -> None:
    assert not model("security_golem").is_living
    assert model("butler").is_living


def test_ranged_weapons_come_from_the_gear() -> None:
    assert [w.id for w in model("mary_fearless").ranged] == ["colt_navy"]
    assert model("mary_fearless").hero and not model("butler").hero
