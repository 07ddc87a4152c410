"""What spells do once they hit or work (L193, L459, L563, L597, L777, L788, L794; rules notes
§7 items 28, 53, 79, 91, 92): the outcomes of each effect, the Shield's pool, the models as a
spell sees them, and Dark Energy."""

from __future__ import annotations

import pytest

from skirmish.rulesets.wolsung.combat.dark_energy import dark_energy
from skirmish.rulesets.wolsung.house_rules import HouseRules
from skirmish.rulesets.wolsung.magic.spells import (
    Damage,
    Heal,
    ShieldField,
    Subject,
    Toppled,
    outcomes,
    reaches,
)
from skirmish.rulesets.wolsung.rules_data.catalog import WolsungCatalog, load_catalog
from skirmish.rulesets.wolsung.rules_data.records import KeywordRef
from skirmish.rulesets.wolsung.rules_data.spell_effects import ModelKind, Until

RULES = HouseRules()


@pytest.fixture(scope="module")
def catalog() -> WolsungCatalog:
    return load_catalog()


def test_l193_projectile_damage_is_strength_plus_criticals_less_armour(
    catalog: WolsungCatalog,
) -> None:
    golem = Subject("golem", friendly=False, distance=5.0, armour=8)
    found = outcomes(catalog.spells["ki_strike"], "xen", (golem,), 1, RULES)
    assert found == (Damage("golem", 0, "L193"), Toppled("golem", "L777"))  # 6 + 1 - 8 -> 0


def test_spell_leech_soul_heals_nothing_when_armour_stops_it(catalog: WolsungCatalog) -> None:
    golem = Subject("golem", friendly=False, distance=5.0, armour=8)
    found = outcomes(catalog.spells["leech_soul"], "mr_cheng", (golem,), 2, RULES)
    assert found == (Damage("golem", 0, "L193"), Heal("mr_cheng", 0, "L793"))


def test_spell_deflecting_astral_field_armour_takes_each_hit_down_first() -> None:
    field = ShieldField(frozenset({"a"}), 10, 2, Until.END_OF_TURN)
    hit = field.absorb(5)
    assert hit.excess == 0 and hit.field is not None and hit.field.wounds == 7
    assert field.absorb(1).field == field  # Armour [2] stops it all


def test_l597_a_field_at_exactly_zero_ends_with_nothing_left_over() -> None:
    field = ShieldField(frozenset({"a"}), 4, 0, Until.END_OF_TURN)
    assert (field.absorb(4).field, field.absorb(4).excess) == (None, 0)


def test_subject_of_a_named_model_reads_its_rules(catalog: WolsungCatalog) -> None:
    xen = Subject.of(catalog, catalog.heroes["xen_jidao"], friendly=False, distance=4.0)
    assert (xen.reflex, xen.value_of("magic_protection"), xen.henchman) == (6, 1, False)
    cheng = Subject.of(catalog, catalog.heroes["mr_cheng"], friendly=True, distance=0.0)
    assert cheng.has("jade_amulet")
    golem = Subject.of(catalog, catalog.henchmen["security_golem"], friendly=True, distance=2.0)
    assert (golem.armour, golem.henchman, reaches(ModelKind.GOLEM, golem)) == (8, True, True)


def test_reaches_only_the_kind_an_effect_names() -> None:
    hero = Subject("hero", friendly=True, distance=1.0, keywords=frozenset({KeywordRef("noble")}))
    assert reaches(ModelKind.ANY, hero)
    assert not reaches(ModelKind.HENCHMAN, hero)
    assert not reaches(ModelKind.GOLEM, hero)


@pytest.mark.parametrize(("wounds", "bonus"), [(10, 0), (13, 0), (14, 2), (20, 2), (21, 5)])
def test_l788_dark_energy(wounds: int, bonus: int) -> None:
    assert dark_energy(wounds) == bonus
