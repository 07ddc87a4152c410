"""Spell effects as typed phrases (rules notes §2.9; L459, L460, L563, L595-L597, L775, L777,
L794, L797): each of the ten spells' effects as the catalogue reads them, the canonical
phrase, and every refusal of a phrase no rule handles."""

from __future__ import annotations

import pytest

from skirmish.errors import RulesDataError
from skirmish.rulesets.wolsung.rules_data.catalog import WolsungCatalog, load_catalog
from skirmish.rulesets.wolsung.rules_data.spell_effects import (
    ExtraActivation,
    GainRule,
    Leech,
    LoseWounds,
    ModelKind,
    Modify,
    Shield,
    SpellEffect,
    Stat,
    Topple,
    Until,
    format_effect,
    parse_effect,
)


@pytest.fixture(scope="module")
def catalog() -> WolsungCatalog:
    return load_catalog()


EXPECTED: dict[str, tuple[SpellEffect, ...]] = {
    "lightning": (),  # L594: its damage is its type's (L193); Galvanic is a tag
    "mind_control": (ExtraActivation(1, Until.CASTER_ACTIVATION_END, ModelKind.HENCHMAN),),
    "inspire": (Modify(Stat.A, 1, Until.NEXT_ACTIVATION),),
    "command": (ExtraActivation(1, Until.CASTER_ACTIVATION_END, ModelKind.GOLEM),),
    "shimmer_field": (Shield(10, Until.END_OF_TURN),),
    "deflecting_astral_field": (Shield(10, Until.END_OF_TURN, armour=2),),
    "mistification": (GainRule("mistwalker", Until.END_OF_TURN),),
    "ki_strike": (Topple(),),
    "leech_soul": (Leech(),),
    "bloodboil": (
        LoseWounds(2),
        Modify(Stat.S, 2, Until.END_OF_TURN),
        Modify(Stat.F, 2, Until.END_OF_TURN),
    ),
}


@pytest.mark.parametrize("spell", list(EXPECTED))
def test_spell_effects_as_the_catalogue_reads_them(catalog: WolsungCatalog, spell: str) -> None:
    assert catalog.spells[spell].effects == EXPECTED[spell]


def test_every_spell_is_covered(catalog: WolsungCatalog) -> None:
    assert set(catalog.spells) == set(EXPECTED)


@pytest.mark.parametrize(
    "effect", [effect for effects in EXPECTED.values() for effect in effects], ids=format_effect
)
def test_the_canonical_phrase_reads_back(effect: SpellEffect) -> None:
    assert parse_effect(format_effect(effect)) == effect


def test_phrases_take_fields_bare_in_order_or_by_name() -> None:
    assert parse_effect("modify S +2 end_of_turn") == Modify(Stat.S, 2, Until.END_OF_TURN)
    assert parse_effect("modify until=end_of_turn amount=-1 stat=MA") == Modify(
        Stat.MA, -1, Until.END_OF_TURN
    )
    assert format_effect(Shield(10, Until.END_OF_TURN)) == "shield 10 end_of_turn"
    assert format_effect(Modify(Stat.A, 1, Until.NEXT_ACTIVATION)) == "modify A +1 next_activation"


REFUSALS = {
    "unknown-name": ("knockdown", r"unknown spell effect 'knockdown'"),
    "close-name": ("lose_wound 2", r"'lose_wound' in 'lose_wound 2' \(did you mean 'lose_wounds'"),
    "unknown-field": ("topple wounds=2", r"'topple wounds=2': topple has no field 'wounds'"),
    "bad-number": ("lose_wounds two", r"'two' is no wounds"),
    "bad-stat": ("modify Q +1 end_of_turn", r"'Q' is no stat"),
    "bad-duration": ("gain mistwalker forever", r"'forever' is no until"),
    "bad-kind": ("extra_activation 1 end_of_turn only=hero", r"'hero' is no only"),
    "missing-field": ("modify S +2", r"'modify S \+2': modify needs until"),
    "too-many-values": ("leech 3", r"'leech 3': 1 values for 0 fields"),
    "given-twice": ("lose_wounds 2 wounds=3", r"field 'wounds' given twice"),
    "empty": ("", r"a spell effect is a phrase like 'topple', got ''"),
    "not-text": (3, r"a spell effect is a phrase like 'topple', got 3"),
}


@pytest.mark.parametrize(("phrase", "error"), list(REFUSALS.values()), ids=list(REFUSALS))
def test_a_phrase_no_rule_handles_is_refused(phrase: object, error: str) -> None:
    with pytest.raises(RulesDataError, match=error):
        parse_effect(phrase)
