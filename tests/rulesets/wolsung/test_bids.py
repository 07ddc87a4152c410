"""Initiative bids: Steal, Additional Activation and Delay (L43, L46-L48, L434; rules notes
§4.4, §7 items 3, 7, 8, 9 and 64; golden tests G3 and G4). Seats are listed clockwise."""

from __future__ import annotations

import pytest

from skirmish.cards import Card
from skirmish.errors import IllegalActionError, SkirmishError
from skirmish.rulesets.wolsung.cards.bids import (
    Bid,
    BidOutcome,
    automatic_steal,
    bidders,
    clockwise_from,
    resolve_bid,
)
from skirmish.rulesets.wolsung.cards.deck import wolsung_deck
from skirmish.rulesets.wolsung.cards.payments import UseKind
from skirmish.rulesets.wolsung.house_rules import HouseRules

RULES = HouseRules()
TWO = (0, 1)
THREE = (0, 1, 2)
STEAL, ADDITIONAL, DELAY = UseKind.STEAL, UseKind.ADDITIONAL, UseKind.DELAY


def card(text: str) -> Card:
    return wolsung_deck().card(text)


def bid(seat: int, text: str | None = None) -> Bid:
    return Bid(seat, None if text is None else card(text))


def test_l46_clockwise_from_a_seat() -> None:
    assert clockwise_from((3, 0, 2), 0) == (0, 2, 3)
    with pytest.raises(SkirmishError, match=r"seat 5 is not at the table \(0, 1\)"):
        clockwise_from(TWO, 5)


def test_l46_steal_asks_everyone_clockwise_from_the_first_player() -> None:
    assert bidders(STEAL, THREE, 1, RULES) == (1, 2, 0)


def test_l47_l48_the_opener_is_asked_first_then_each_opponent_clockwise() -> None:
    assert bidders(ADDITIONAL, THREE, 2, RULES) == (2, 0, 1)
    assert bidders(DELAY, THREE, 0, RULES) == (0, 1, 2)


def test_g4_steal_the_higher_card_is_first_player_from_now_on() -> None:
    outcome = resolve_bid(STEAL, TWO, 0, (bid(0, "9C"), bid(1, "9S")), RULES)
    assert outcome == BidOutcome(
        STEAL, winner=1, won=True, acts_next=1, discarded=(bid(0, "9C"), bid(1, "9S"))
    )


def test_item_8_the_first_player_may_defend_the_initiative() -> None:
    outcome = resolve_bid(STEAL, THREE, 0, (bid(0, "KD"), bid(1, "QS"), bid(2)), RULES)
    assert (outcome.winner, outcome.acts_next) == (0, 0)


def test_item_8_a_steal_nobody_bids_for_changes_nothing() -> None:
    outcome = resolve_bid(STEAL, TWO, 1, (bid(1), bid(0)), RULES)
    assert outcome == BidOutcome(STEAL, winner=None, won=False, acts_next=1)


def test_g3_additional_activation_bid() -> None:
    won = resolve_bid(ADDITIONAL, TWO, 0, (bid(0, "7H"), bid(1, "7D")), RULES)
    assert (won.won, won.acts_next) == (True, 0)
    lost = resolve_bid(ADDITIONAL, TWO, 0, (bid(0, "7H"), bid(1, "JC")), RULES)
    assert (lost.winner, lost.won, lost.acts_next) == (1, False, 1)


def test_l47_the_opener_must_beat_every_counter() -> None:
    bids = (bid(1, "QH"), bid(2, "JS"), bid(0, "KC"))
    outcome = resolve_bid(ADDITIONAL, THREE, 1, bids, RULES)
    assert (outcome.winner, outcome.won, outcome.acts_next) == (0, False, 2)


def test_l47_an_uncontested_bid_wins_and_still_costs_its_card() -> None:
    outcome = resolve_bid(ADDITIONAL, TWO, 1, (bid(1, "2C"), bid(0)), RULES)
    assert outcome == BidOutcome(
        ADDITIONAL, winner=1, won=True, acts_next=1, discarded=(bid(1, "2C"),)
    )


def test_l48_a_won_delay_makes_the_previous_player_activate_again() -> None:
    outcome = resolve_bid(DELAY, THREE, 1, (bid(1, "AS"), bid(2, "AH"), bid(0)), RULES)
    assert (outcome.won, outcome.acts_next, outcome.returns_to) == (True, 0, 1)
    two = resolve_bid(DELAY, TWO, 0, (bid(0, "5S"), bid(1)), RULES)
    assert (two.acts_next, two.returns_to) == (1, 0)


def test_l48_a_won_delay_makes_the_player_that_passed_the_initiative_activate_again() -> None:
    # Seat 1 had nothing left: seat 0's activation passed the initiative to seat 2.
    outcome = resolve_bid(DELAY, THREE, 2, (bid(2, "AS"), bid(0)), RULES, previous=0)
    assert (outcome.won, outcome.acts_next, outcome.returns_to) == (True, 0, 2)
    assert bidders(DELAY, THREE, 2, RULES, models_left=(0, 2), previous=0) == (2, 0, 1)


def test_l48_a_lost_delay_leaves_the_initiative_with_the_bidder() -> None:
    outcome = resolve_bid(DELAY, TWO, 0, (bid(0, "5S"), bid(1, "6C")), RULES)
    assert (outcome.winner, outcome.won, outcome.acts_next, outcome.returns_to) == (
        1,
        False,
        0,
        None,
    )


def test_item_9_no_delay_when_the_previous_player_has_nothing_to_activate() -> None:
    with pytest.raises(IllegalActionError, match=r"seat 2 has no model left .* §7 item 9"):
        bidders(DELAY, THREE, 0, RULES, models_left=(0, 1))
    assert bidders(DELAY, THREE, 0, RULES, models_left=(0, 2)) == (0, 1, 2)


def test_l43_mindless_models_bar_steal_and_delay() -> None:
    assert bidders(STEAL, THREE, 0, RULES, mindless_left=(1,)) == (0, 2)
    with pytest.raises(IllegalActionError, match=r"seat 1 still has a Mindless model .* \(L43\)"):
        bidders(DELAY, THREE, 1, RULES, mindless_left=(1,))
    assert bidders(DELAY, THREE, 0, RULES, mindless_left=(1,)) == (0, 1, 2)


def test_item_3_mindless_models_bar_additional_unless_switched_off() -> None:
    with pytest.raises(IllegalActionError, match="no Additional Activation bid"):
        bidders(ADDITIONAL, TWO, 0, RULES, mindless_left=(0,))
    lenient = HouseRules(mindless_blocks_additional=False)
    assert bidders(ADDITIONAL, TWO, 0, lenient, mindless_left=(0,)) == (0, 1)


def test_item_7_every_revealed_card_is_discarded_unless_switched_off() -> None:
    bids = (bid(0, "9C"), bid(1, "9S"))
    kept = resolve_bid(STEAL, TWO, 0, bids, HouseRules(discard_bids=False))
    assert (kept.discarded, kept.returned) == ((), bids)


def test_l434_the_top_hat_steals_without_a_card_or_a_contest() -> None:
    assert automatic_steal(1) == BidOutcome(STEAL, winner=1, won=True, acts_next=1)


def test_l47_an_additional_or_delay_bid_opens_with_the_openers_card() -> None:
    with pytest.raises(IllegalActionError, match=r"Delay opens with seat 0 laying a card \(L48\)"):
        resolve_bid(DELAY, TWO, 0, (bid(0), bid(1, "2C")), RULES)
    with pytest.raises(IllegalActionError, match="Additional Activation opens with seat 1"):
        resolve_bid(ADDITIONAL, TWO, 1, (bid(0, "2C"), bid(1, "3C")), RULES)
    with pytest.raises(IllegalActionError, match="opens with seat 1"):
        resolve_bid(ADDITIONAL, TWO, 1, (), RULES)


def test_l46_each_seat_bids_once_and_each_card_is_unique() -> None:
    with pytest.raises(IllegalActionError, match=r"bids at most once, not \[0, 0\]"):
        resolve_bid(STEAL, TWO, 0, (bid(0, "2C"), bid(0, "3C")), RULES)
    with pytest.raises(IllegalActionError, match="bids at most once"):
        resolve_bid(STEAL, TWO, 0, (bid(4, "2C"),), RULES)
    with pytest.raises(IllegalActionError, match=r"each card once: \['2C', '2C'\]"):
        resolve_bid(STEAL, TWO, 0, (bid(0, "2C"), bid(1, "2C")), RULES)


def test_only_the_three_initiative_bids_go_round() -> None:
    with pytest.raises(SkirmishError, match="Heroic Move is not an initiative bid"):
        bidders(UseKind.HEROIC_MOVE, TWO, 0, RULES)
