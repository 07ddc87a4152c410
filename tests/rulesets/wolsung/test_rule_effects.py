"""Special rules' effects as typed phrases (L356, L493, L499, L535, L556, L629, L668, L698;
rules notes §7 items 50, 58, 68, 70, 82): the effects the catalogue reads from
``keywords.toml``, the canonical phrase, every refusal of a phrase no rule handles, and the
cross references of the henchmen a rule brings."""

from __future__ import annotations

from dataclasses import replace

import pytest

from skirmish.errors import RulesDataError
from skirmish.rulesets.wolsung.rules_data.catalog import WolsungCatalog, load_catalog
from skirmish.rulesets.wolsung.rules_data.checks import catalog_problems
from skirmish.rulesets.wolsung.rules_data.rule_effects import (
    Accompany,
    Activating,
    Before,
    Control,
    Infiltrate,
    Pack,
    RuleEffect,
    Summon,
    Then,
    format_rule_effect,
    parse_rule_effect,
)


@pytest.fixture(scope="module")
def catalog() -> WolsungCatalog:
    return load_catalog()


EXPECTED: dict[str, tuple[RuleEffect, ...]] = {
    "natural_engineer": (Summon("gnome_golem"),),
    "release_the_hounds": (Summon("hound", Before.QUICK, Then.NEXT),),
    "hunting_pack": (Pack(6.0),),
    "mirror_servants": (Accompany("mirror_servant", Activating.TOGETHER),),
    "infiltrator": (Infiltrate(3, 12.0, 2, 1),),
    "scientist": (Control(12.0),),
    "wide_control_range": (Control(18.0),),
}


@pytest.mark.parametrize("keyword", list(EXPECTED))
def test_rule_effects_as_the_catalogue_reads_them(catalog: WolsungCatalog, keyword: str) -> None:
    assert catalog.keywords[keyword].effects == EXPECTED[keyword]


def test_no_other_keyword_has_effects(catalog: WolsungCatalog) -> None:
    assert {k.id for k in catalog.keywords.values() if k.effects} == set(EXPECTED)


@pytest.mark.parametrize(
    "effect", [e for effects in EXPECTED.values() for e in effects], ids=format_rule_effect
)
def test_the_canonical_phrase_reads_back(effect: RuleEffect) -> None:
    assert parse_rule_effect(format_rule_effect(effect)) == effect


def test_phrases_take_fields_bare_in_order_or_by_name() -> None:
    assert parse_rule_effect("summon hound quick next") == Summon("hound", Before.QUICK, Then.NEXT)
    assert parse_rule_effect("infiltrate turn=2 markers=3 penalty=1 apart=12") == Infiltrate(
        3, 12.0, 2, 1
    )
    assert format_rule_effect(Summon("gnome_golem")) == "summon gnome_golem"
    assert format_rule_effect(Summon("hound", then=Then.NEXT)) == "summon hound then=next"


REFUSALS = {
    "unknown-name": ("teleport 6", r"unknown rule effect 'teleport' in 'teleport 6'"),
    "close-name": ("summons hound", r"\(did you mean 'summon'\?\)"),
    "unknown-field": ("pack 6 width=2", r"'pack 6 width=2': pack has no field 'width'"),
    "bad-number": ("pack six", r"'six' is no reach"),
    "bad-before": ("summon hound before=charge", r"'charge' is no before"),
    "bad-activation": ("accompany mirror_servant apart", r"'apart' is no activation"),
    "missing-field": ("infiltrate 3 12", r"'infiltrate 3 12': infiltrate needs turn, penalty"),
    "empty": ("", r"a rule effect is a phrase like 'pack 6', got ''"),
}


@pytest.mark.parametrize(("phrase", "error"), list(REFUSALS.values()), ids=list(REFUSALS))
def test_a_phrase_no_rule_handles_is_refused(phrase: object, error: str) -> None:
    with pytest.raises(RulesDataError, match=error):
        parse_rule_effect(phrase)


def test_a_rule_may_not_bring_a_hired_henchman(catalog: WolsungCatalog) -> None:
    bad = catalog.keywords["natural_engineer"].model_copy(update={"effects": (Summon("butler"),)})
    broken = replace(catalog, keywords={**catalog.keywords, bad.id: bad})
    problems = list(catalog_problems(broken))
    assert "keywords.toml: keyword 'natural_engineer': henchman 'butler' is hired, not " in (
        " ".join(problems)
    )
    # and the Gnome's Golem, brought by no rule now, is refused too (§7 item 50)
    assert (
        "henchmen.toml: henchman 'gnome_golem': no rule of 'gnome' brings it "
        "(a summon or accompany effect)"
    ) in problems


def test_a_rule_naming_no_henchman_is_refused(catalog: WolsungCatalog) -> None:
    bad = catalog.keywords["release_the_hounds"].model_copy(update={"effects": (Summon("hounds"),)})
    broken = replace(catalog, keywords={**catalog.keywords, bad.id: bad})
    assert any(
        "unknown henchman 'hounds' (did you mean 'hound'" in p for p in catalog_problems(broken)
    )
