"""Wolsung's card order, colours, high cards and suits (L30, L55-L59, L174, L207, L217-L218;
rules notes §4.1, §7 item 11, golden example X5 and golden test G2)."""

from __future__ import annotations

from itertools import pairwise

import pytest

from skirmish.cards import Card
from skirmish.rulesets.wolsung.cards.deck import (
    beats,
    card_key,
    colour,
    highest,
    is_high,
    suit_of,
    wolsung_deck,
)
from skirmish.rulesets.wolsung.rules_data.records import Suit


def card(text: str) -> Card:
    return wolsung_deck().card(text)


def test_l30_one_deck_of_52_cards_without_jokers() -> None:
    cards = wolsung_deck().cards()
    assert len(cards) == len(set(cards)) == 52
    assert all(c.suit for c in cards)


def test_x5_l55_nine_beats_eight_and_the_ace_beats_court_cards() -> None:
    assert beats(card("9C"), card("8S"))
    for court in ("KS", "QS", "JS"):
        assert beats(card("AC"), card(court))
    ranks = sorted({c.rank for c in wolsung_deck().cards()}, key=lambda r: card_key(card(r + "C")))
    assert ranks == ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def test_l55_suit_breaks_rank_ties() -> None:
    order = ["7S", "7H", "7D", "7C"]
    for higher, lower in pairwise(order):
        assert beats(card(higher), card(lower))
        assert not beats(card(lower), card(higher))


@pytest.mark.parametrize(
    ("higher", "lower"), [("QS", "QH"), ("10D", "10C"), ("AC", "KS"), ("3C", "2S")]
)
def test_g2_card_comparisons(higher: str, lower: str) -> None:
    assert beats(card(higher), card(lower))
    assert not beats(card(lower), card(higher))


def test_l55_l59_no_two_cards_tie() -> None:
    cards = sorted(wolsung_deck().cards(), key=card_key)
    assert len({card_key(c) for c in cards}) == 52
    assert [cards[0].text, cards[1].text, cards[-2].text, cards[-1].text] == [
        "2C",
        "2D",
        "AH",
        "AS",
    ]


def test_l46_highest_card_of_a_bid() -> None:
    assert highest([card("9C"), card("9S"), card("8S")]) == card("9S")
    with pytest.raises(ValueError, match="empty"):
        highest([])


@pytest.mark.parametrize(("text", "shade"), [("2S", "black"), ("KC", "black"), ("AH", "red")])
def test_l217_black_spades_and_clubs_red_hearts_and_diamonds(text: str, shade: str) -> None:
    assert colour(card(text)) == shade
    assert colour(card("5D")) == "red"


def test_l218_court_cards_and_aces_are_high() -> None:
    high = sorted({c.rank for c in wolsung_deck().cards() if is_high(c)})
    assert high == ["A", "J", "K", "Q"]


@pytest.mark.parametrize(
    ("text", "suit"),
    [("2S", Suit.SPADES), ("10H", Suit.HEARTS), ("QD", Suit.DIAMONDS), ("AC", Suit.CLUBS)],
)
def test_l207_a_card_names_a_heros_suit(text: str, suit: Suit) -> None:
    assert suit_of(card(text)) is suit
