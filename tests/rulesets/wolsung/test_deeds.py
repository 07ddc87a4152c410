"""The Heroic Deed exchange after an opposed roll (L217-L218, L416; rules notes §1.9, §7 items
38 and 39; golden tests G5, G6 and G40's Heroic Deed)."""

from __future__ import annotations

import pytest

from skirmish.cards import Card
from skirmish.errors import IllegalActionError
from skirmish.rulesets.wolsung.cards.deck import wolsung_deck
from skirmish.rulesets.wolsung.cards.deeds import ACTIVE, DEFENDER, DeedExchange, open_exchange
from skirmish.rulesets.wolsung.cards.payments import Contest, Payer
from skirmish.rulesets.wolsung.combat.opposed import OpposedTest
from skirmish.rulesets.wolsung.house_rules import HouseRules
from skirmish.rulesets.wolsung.rules_data.records import Suit

RULES = HouseRules()
HERO = Payer(Suit.HEARTS, hero=True)
WAR_HERO = Payer(Suit.DIAMONDS, frozenset({"war_hero"}), hero=True)


def card(text: str) -> Card:
    return wolsung_deck().card(text)


def melee(
    active: int, defender: int, payers: tuple[Payer | None, Payer | None] = (HERO, HERO)
) -> DeedExchange:
    return open_exchange(Contest.MELEE, (active, defender), payers)


def test_g6_heroic_deed_exchange() -> None:
    exchange = melee(2, 3)
    assert exchange.to_play == ACTIVE
    exchange = exchange.play(card("QS"), RULES)
    assert exchange.bonus == (2, 0)
    assert exchange.to_play == DEFENDER
    exchange = exchange.pass_turn()
    assert exchange.to_play == ACTIVE
    exchange = exchange.play(card("3C"), RULES)
    assert exchange.to_play == ACTIVE, "the defender passed and may not come back"
    exchange = exchange.pass_turn()
    assert exchange.is_over
    assert exchange.bonus == (3, 0)
    assert exchange.played == ((ACTIVE, card("QS")), (ACTIVE, card("3C")))


def test_g6_l218_on_a_tie_the_target_plays_first() -> None:
    assert melee(3, 3).to_play == DEFENDER
    assert melee(4, 3).to_play == DEFENDER


def test_l218_the_sides_take_turns_one_card_at_a_time() -> None:
    exchange = melee(1, 2).play(card("5S"), RULES)
    exchange = exchange.play(card("KC"), RULES)
    exchange = exchange.play(card("AS"), RULES)
    assert exchange.bonus == (3, 2)
    assert exchange.to_play == DEFENDER


def test_l218_both_passing_ends_the_exchange_and_totals_the_successes() -> None:
    exchange = melee(2, 1).play(card("JS"), RULES).pass_turn().pass_turn()
    assert exchange.is_over
    test = OpposedTest((6, 5), (4,)).with_deeds(*exchange.bonus)
    assert (test.active_successes, test.defender_successes) == (2, 3)
    assert not test.active_wins


def test_l416_a_war_hero_may_play_again_after_passing() -> None:
    exchange = melee(2, 3, (HERO, WAR_HERO)).play(card("QS"), RULES)
    exchange = exchange.pass_turn()
    assert exchange.to_play == ACTIVE
    exchange = exchange.play(card("2C"), RULES)
    assert exchange.to_play == DEFENDER, "the War hero comes back after a card"
    exchange = exchange.play(card("KH"), RULES)
    assert exchange.bonus == (3, 2)
    exchange = exchange.pass_turn().pass_turn()
    assert exchange.is_over


def test_l416_a_war_hero_who_passed_ends_it_when_the_other_passes_too() -> None:
    exchange = melee(3, 3, (WAR_HERO, HERO)).pass_turn()
    assert exchange.to_play == ACTIVE
    assert exchange.pass_turn().is_over


def test_item_38_with_one_hero_it_plays_alone_until_it_passes() -> None:
    exchange = melee(3, 1, (HERO, None))
    assert exchange.to_play == ACTIVE
    exchange = exchange.play(card("2S"), RULES).play(card("3S"), RULES)
    assert exchange.to_play == ACTIVE
    assert exchange.pass_turn().is_over


def test_item_38_without_heroes_there_is_no_exchange() -> None:
    exchange = melee(0, 1, (None, None))
    assert exchange.is_over
    with pytest.raises(IllegalActionError, match=r"exchange is over \(L218\)"):
        exchange.pass_turn()


def test_g5_a_black_card_is_no_heroic_deed_in_shooting() -> None:
    exchange = open_exchange(Contest.SHOOTING, (1, 1), (HERO, HERO))
    with pytest.raises(IllegalActionError, match=r"KS cannot pay .* it takes a red card \(L217\)"):
        exchange.play(card("KS"), RULES)
    assert exchange.play(card("KD"), RULES).bonus == (0, 2)
    veteran = open_exchange(Contest.SHOOTING, (1, 1), (HERO, WAR_HERO))
    assert veteran.play(card("KS"), RULES).bonus == (0, 2)


def test_l217_the_side_to_play_is_offered_the_cards_it_may_lay() -> None:
    hand = (card("2S"), card("QH"), card("AC"))
    assert melee(1, 2).playable(hand, RULES) == (card("2S"), card("AC"))
    assert melee(0, 0, (None, None)).playable(hand, RULES) == ()


def test_g40_a_black_five_lifts_a_buff_from_one_success_to_two() -> None:
    exchange = open_exchange(Contest.BUFF, (1, 0), (HERO, None))
    assert exchange.play(card("5C"), RULES).pass_turn().bonus == (1, 0)
