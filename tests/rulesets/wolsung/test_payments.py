"""Which card pays for what (rules notes §4.3): the book's needs by use (L46-L48, L171-L178,
L207-L218, L414, L789, L806), the overrides keyed by catalogue keyword (L416, L417, L434,
L546, L572, L609, L664, L805), §7 items 34, 35 and 38, golden tests G5 and G44 and golden
example X17."""

from __future__ import annotations

from typing import Any

import pytest

from skirmish.cards import Card
from skirmish.errors import IllegalActionError, SkirmishError
from skirmish.rulesets.wolsung.cards.deck import wolsung_deck
from skirmish.rulesets.wolsung.cards.payments import (
    DEED_COLOUR,
    OVERRIDES,
    Contest,
    Payer,
    Use,
    UseKind,
    card_needed,
    check_payment,
    deed_bonus,
    payment_problem,
    power_of_blood,
)
from skirmish.rulesets.wolsung.house_rules import HouseRules
from skirmish.rulesets.wolsung.rules_data.catalog import WolsungCatalog, load_catalog
from skirmish.rulesets.wolsung.rules_data.records import Suit

RULES = HouseRules()
PLAYER = Payer()
RECOVERY = Use(UseKind.HEROIC_RECOVERY)
MOVE = Use(UseKind.HEROIC_MOVE)


@pytest.fixture(scope="module")
def catalog() -> WolsungCatalog:
    return load_catalog()


def card(text: str) -> Card:
    return wolsung_deck().card(text)


def hero(suit: Suit | None, *keywords: str) -> Payer:
    return Payer(suit, frozenset(keywords), hero=True)


def professional(catalog: WolsungCatalog, profession: str) -> Payer:
    """A custom Hero of a profession: its suit and its abilities (L244)."""
    job = catalog.professions[profession]
    return hero(job.suit, *(ref.id for ref in job.abilities))


def deed(contest: Contest) -> Use:
    return Use(UseKind.HEROIC_DEED, contest=contest)


def spell(cost: int) -> Use:
    return Use(UseKind.SPELL, cost=cost)


def ok(use: Use, payer: Payer, text: str, rules: HouseRules = RULES) -> bool:
    return payment_problem(use, payer, card(text), rules) is None


# --- the book --------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", [UseKind.STEAL, UseKind.ADDITIONAL, UseKind.DELAY])
def test_l46_l48_any_card_bids(kind: UseKind) -> None:
    assert all(ok(Use(kind), PLAYER, text) for text in ("2C", "AS", "7H"))
    assert card_needed(Use(kind), PLAYER)


def test_l211_heroic_recovery_takes_a_card_of_the_heros_suit() -> None:
    thomas = hero(Suit.HEARTS)
    assert ok(RECOVERY, thomas, "2H")
    refusal = r"^2D cannot pay for Heroic Recovery: it takes a card of the Hero's suit, Hearts"
    with pytest.raises(IllegalActionError, match=refusal + r" \(L211\)$"):
        check_payment(RECOVERY, thomas, card("2D"), RULES)


def test_l213_heroic_move_takes_a_card_of_the_heros_suit() -> None:
    assert ok(MOVE, hero(Suit.CLUBS), "KC")
    assert payment_problem(MOVE, hero(Suit.CLUBS), card("KS"), RULES) == (
        "KS cannot pay for Heroic Move: it takes a card of the Hero's suit, Clubs (L213)"
    )


@pytest.mark.parametrize(
    ("text", "bonus"), [("KS", 2), ("AH", 2), ("JD", 2), ("10C", 1), ("2S", 1)]
)
def test_g5_deed_cards_add_two_for_court_cards_and_aces_one_otherwise(
    text: str, bonus: int
) -> None:
    assert deed_bonus(card(text)) == bonus


def test_g5_shooting_deeds_take_red_cards_of_any_suit() -> None:
    spades_hero = hero(Suit.SPADES)
    assert ok(deed(Contest.SHOOTING), spades_hero, "5H")
    assert ok(deed(Contest.SHOOTING), spades_hero, "QD")
    with pytest.raises(
        IllegalActionError,
        match=r"KS cannot pay for Heroic Deed in shooting: it takes a red card \(L217\)",
    ):
        check_payment(deed(Contest.SHOOTING), spades_hero, card("KS"), RULES)


@pytest.mark.parametrize("contest", list(Contest))
def test_l217_deed_colour_by_test(contest: Contest) -> None:
    black = contest in (Contest.MELEE, Contest.BUFF, Contest.AURA, Contest.LEAVING_MELEE)
    assert DEED_COLOUR[contest] == ("black" if black else "red")
    assert ok(deed(contest), hero(Suit.HEARTS), "4C") is black
    assert ok(deed(contest), hero(Suit.HEARTS), "4H") is not black


def test_item_34_leaving_a_melee_takes_black_deeds() -> None:
    assert ok(deed(Contest.LEAVING_MELEE), hero(Suit.DIAMONDS), "9S")
    assert not ok(deed(Contest.LEAVING_MELEE), hero(Suit.DIAMONDS), "9D")


def test_l172_l174_spell_costs_none_suit_or_high_card() -> None:
    xen = hero(Suit.HEARTS)
    assert not card_needed(spell(0), xen)
    assert payment_problem(spell(0), xen, card("2H"), RULES) == (
        "2H cannot pay for a cost-0 spell: a cost-0 spell takes no card (L172)"
    )
    assert ok(spell(1), xen, "2H")
    assert not ok(spell(1), xen, "AS")
    assert ok(spell(2), xen, "JH")


def test_g44_cost_2_takes_a_court_card_or_ace_of_the_heros_suit_read_strictly() -> None:
    thorvald = hero(Suit.DIAMONDS)
    with pytest.raises(
        IllegalActionError, match=r"10D .*: it takes a court card or an Ace \(L174\)"
    ):
        check_payment(spell(2), thorvald, card("10D"), RULES)
    assert ok(spell(2), thorvald, "AD")
    with pytest.raises(IllegalActionError, match=r"§7 item 35"):
        check_payment(spell(2), thorvald, card("KS"), RULES)
    assert ok(spell(2), thorvald, "KS", HouseRules(spell_suit_for_cost_2=False))


def test_item_38_only_heroes_make_heroic_uses_and_cast() -> None:
    for use in (RECOVERY, MOVE, deed(Contest.MELEE), spell(1)):
        problem = payment_problem(use, Payer(Suit.HEARTS), card("AH"), RULES)
        assert problem is not None
        assert "only a Hero pays" in problem


def test_x17_l789_power_of_blood_adds_a_casting_die_per_spade(catalog: WolsungCatalog) -> None:
    cheng = Payer.of(catalog, catalog.heroes["mr_cheng"])
    assert power_of_blood(cheng, (card("2S"), card("9S")), RULES) == 2
    assert power_of_blood(cheng, (), RULES) == 0
    with pytest.raises(IllegalActionError, match=r"it takes Spades \(L789\)"):
        power_of_blood(cheng, (card("2S"), card("9H")), RULES)
    with pytest.raises(IllegalActionError, match=r"up to 3 cards, not 4 \(L789\)"):
        power_of_blood(cheng, (card("2S"), card("3S"), card("4S"), card("5S")), RULES)
    with pytest.raises(IllegalActionError, match="only a model with power_of_blood"):
        power_of_blood(hero(Suit.SPADES), (card("2S"),), RULES)


def test_l806_true_identity_takes_the_dead_heros_suit(catalog: WolsungCatalog) -> None:
    actor = Payer.of(catalog, catalog.heroes["wandering_actor"])
    phoenix = Use(UseKind.TRUE_IDENTITY, suit=catalog.heroes["phoenix"].suit)
    assert ok(phoenix, actor, "3D")
    assert payment_problem(phoenix, actor, card("3H"), RULES) == (
        "3H cannot pay for True Identity: it takes Diamonds (L806)"
    )
    assert not ok(phoenix, hero(Suit.DIAMONDS), "3D")


def test_l414_man_about_town_discards_any_card(catalog: WolsungCatalog) -> None:
    use = Use(UseKind.MAN_ABOUT_TOWN)
    assert ok(use, professional(catalog, "man_about_town"), "2C")
    assert not ok(use, professional(catalog, "war_hero"), "2C")


@pytest.mark.parametrize(
    ("kind", "details", "wants"),
    [
        (UseKind.HEROIC_DEED, {}, "a contest"),
        (UseKind.SPELL, {}, "a cost of 0, 1 or 2"),
        (UseKind.SPELL, {"cost": 3}, "a cost of 0, 1 or 2"),
        (UseKind.TRUE_IDENTITY, {}, "a suit"),
        (UseKind.HEROIC_MOVE, {"cost": 1}, "no details"),
    ],
)
def test_a_use_refuses_missing_or_stray_details(
    kind: UseKind, details: dict[str, Any], wants: str
) -> None:
    with pytest.raises(SkirmishError, match=f"^{kind} takes {wants}: Use"):
        Use(kind, **details)


# --- the overrides ---------------------------------------------------------------------------


def test_overrides_are_keyed_by_catalogue_keywords_at_their_lines(
    catalog: WolsungCatalog,
) -> None:
    for keyword, overrides in OVERRIDES.items():
        assert {o.line for o in overrides} == {catalog.keywords[keyword].line}, keyword


def test_l416_war_hero_deeds_in_any_colour_and_recovery_without_a_card(
    catalog: WolsungCatalog,
) -> None:
    veteran = professional(catalog, "war_hero")
    assert ok(deed(Contest.SHOOTING), veteran, "KS")
    assert ok(deed(Contest.MELEE), veteran, "KH")
    assert not card_needed(RECOVERY, veteran)
    assert payment_problem(RECOVERY, veteran, card("2D"), RULES) == (
        "2D cannot pay for Heroic Recovery: Heroic Recovery takes no card (war_hero (L416))"
    )
    assert card_needed(MOVE, veteran)


def test_l417_famous_explorer_heroic_move_without_a_card(catalog: WolsungCatalog) -> None:
    explorer = professional(catalog, "famous_explorer")
    assert not card_needed(MOVE, explorer)
    assert card_needed(RECOVERY, explorer)
    assert not ok(MOVE, explorer, "2C")


def test_l572_l609_magneton_boots_free_move_and_recovery(catalog: WolsungCatalog) -> None:
    thomas = Payer.of(catalog, catalog.heroes["thomas_rockheart"])
    assert "magneton_boots" in thomas.keywords
    assert not card_needed(MOVE, thomas)
    assert not card_needed(RECOVERY, thomas)
    assert card_needed(deed(Contest.SHOOTING), thomas)


def test_l664_golemic_flea_heroic_move_without_a_card(catalog: WolsungCatalog) -> None:
    snorri = Payer.of(catalog, catalog.heroes["snorri"])
    assert not card_needed(MOVE, snorri)
    assert card_needed(RECOVERY, snorri)


def test_l546_helping_hand_lets_a_noble_hero_move_on_any_card(catalog: WolsungCatalog) -> None:
    oakroot = catalog.heroes["oakroot"]
    assert not ok(MOVE, Payer.of(catalog, oakroot), "2H")
    helped = Payer.of(catalog, oakroot, "helping_hand")
    assert ok(MOVE, helped, "2H")
    assert not ok(RECOVERY, helped, "2H")


def test_l805_all_suits_wandering_actor_pays_with_any_suit(catalog: WolsungCatalog) -> None:
    actor = Payer.of(catalog, catalog.heroes["wandering_actor"])
    assert actor.suit is None
    assert ok(MOVE, actor, "2H")
    assert ok(RECOVERY, actor, "AS")
    assert payment_problem(MOVE, hero(None), card("2H"), RULES) == (
        "2H cannot pay for Heroic Move: this Hero has no suit (L213)"
    )


def test_l434_top_hat_steals_without_a_card(catalog: WolsungCatalog) -> None:
    oakroot = Payer.of(catalog, catalog.heroes["oakroot"])
    steal = Use(UseKind.STEAL)
    assert not card_needed(steal, oakroot)
    with pytest.raises(IllegalActionError, match=r"takes no card \(top_hat \(L434\)\)"):
        check_payment(steal, oakroot, card("AS"), RULES)
    assert card_needed(Use(UseKind.ADDITIONAL), oakroot)


def test_the_loosest_override_wins() -> None:
    both = hero(Suit.HEARTS, "all_suits", "famous_explorer")
    assert not card_needed(MOVE, both)
    assert ok(RECOVERY, both, "2S")
