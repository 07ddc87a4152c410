"""What a hit does: Strength plus critical hits less Armour, and the rules that change it,
each table keyed by catalogue keyword ids with the line keywords.toml gives (L119-L121,
L145-L148, L234, L421, L556, L664, L845; rules notes §7 items 27, 54, 55 and 56; G19)."""

from __future__ import annotations

from collections.abc import Mapping

import pytest
from tests.rulesets.wolsung.clubs import catalog
from tests.rulesets.wolsung.fighters import model, refs

from skirmish.rulesets.wolsung.combat.combatant import Combatant
from skirmish.rulesets.wolsung.combat.hits import (
    ARMOUR_RULES,
    FIRE_IMMUNE,
    FIRE_RESISTANT,
    TOPPLES_ON_HIT,
    HitKind,
    damage_of,
)
from skirmish.rulesets.wolsung.combat.modifiers import Modifier
from skirmish.rulesets.wolsung.house_rules import HouseRules

S4 = (Modifier(4, "S"),)
RULES = HouseRules()


def test_l119_strength_plus_criticals_less_armour() -> None:
    hit = damage_of(S4, 2, (), model("bruiser"), kind=HitKind.BLOW, rules=RULES)
    assert hit.wounds == 4 + 2 - 1


def test_l146_l148_a_melee_blow_cites_the_melee_lines_a_shot_the_shooting_ones() -> None:
    blow = damage_of(S4, 2, (), model("bruiser"), kind=HitKind.BLOW, rules=RULES)
    assert str(blow) == "5 wounds: +4 S, +2 critical hits (L148), -1 Armour (L146)"
    shot = damage_of(S4, 2, (), model("bruiser"), kind=HitKind.SHOT, rules=RULES)
    assert str(shot) == "5 wounds: +4 S, +2 critical hits (L121), -1 Armour (L120)"


def test_item_27_damage_is_never_below_zero() -> None:
    assert damage_of(S4, 0, (), model("security_golem"), kind=HitKind.BLOW, rules=RULES).wounds == 0


def test_item_55_armour_piercing_stops_at_zero_armour() -> None:
    hit = damage_of(
        S4, 0, refs("armour_piercing[2]"), model("bruiser"), kind=HitKind.BLOW, rules=RULES
    )
    assert [t.amount for t in hit.armour] == [1, -1]
    assert hit.wounds == 4


def test_item_56_gruesome_damage_only_under_its_house_rule() -> None:
    gruesome = refs("gruesome_damage")
    assert damage_of(S4, 2, gruesome, model("butler"), kind=HitKind.BLOW, rules=RULES).wounds == 6
    on = HouseRules(gruesome_damage=True)
    assert damage_of(S4, 2, gruesome, model("butler"), kind=HitKind.BLOW, rules=on).wounds == 8


def test_l234_resistance_to_fire_of_a_given_value() -> None:
    hardy = Combatant("Hardy", model("butler").profile, rules=refs("resistance_to_fire[2]"))
    assert damage_of(S4, 1, refs("fire"), hardy, kind=HitKind.SHOT, rules=RULES).wounds == 3


@pytest.mark.parametrize("table", [FIRE_IMMUNE, TOPPLES_ON_HIT], ids=["fire immune", "topples"])
def test_every_rule_table_cites_its_keywords_line(table: Mapping[str, int]) -> None:
    assert {k: catalog().keywords[k].line for k in table} == table


def test_the_other_tables_are_keyed_by_catalogue_keyword_ids() -> None:
    assert set(ARMOUR_RULES) | set(FIRE_RESISTANT) <= set(catalog().keywords)
