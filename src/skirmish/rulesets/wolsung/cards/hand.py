"""Wolsung's cards on the table: the shared deck, the discard pile and each player's hand, and
the draw at the start of every turn (L30, L40-L41; rules notes §1.3 I and §4.2).

One shuffled deck serves every player (L30). At the start of each turn a player draws three
cards and one more per Hero fielded at the start of the game, dead Heroes included (§7 item
5), then discards cards of their choice until the hand holds that many again (L40; L41 gives
three Heroes: draw six, keep six). The first turn's hand is exactly that size, so nothing is
discarded. The book does not say what happens when the deck runs out; by default the discard
pile is shuffled into a new deck (:attr:`.HouseRules.reshuffle_discards`, §7 item 6). The
turn's draw is no player's choice, so it is never refused: when the deck cannot supply it in
full even so, the player draws what the deck holds and the hand is short this turn (our house
reading of §7 item 6).

Hands are seen only by their owner; the deck by nobody; the discard pile by everyone (notes
§4.2). Man about town draws two more as its Hero activates (L414). The moves go through the
game's own card table, which logs each one.
"""

from __future__ import annotations

from collections.abc import Iterable

from skirmish.cards import Card
from skirmish.engine.piles import CardTable
from skirmish.errors import IllegalActionError, SkirmishError
from skirmish.rulesets.wolsung.cards.deck import wolsung_deck
from skirmish.rulesets.wolsung.house_rules import HouseRules

__all__ = [
    "BASE_HAND",
    "DECK",
    "DECK_OUT_RULE",
    "DISCARDS",
    "MAN_ABOUT_TOWN_DRAW",
    "MAN_ABOUT_TOWN_RULE",
    "can_draw",
    "discard_down",
    "discards_due",
    "draw",
    "draw_for_man_about_town",
    "draw_for_turn",
    "drawable",
    "hand_owner",
    "hand_pile",
    "hand_size",
    "lay_out",
    "spend",
]

DECK = "deck"
DISCARDS = "discards"
BASE_HAND = 3
"""The cards a hand holds before counting Heroes (L40)."""

MAN_ABOUT_TOWN_DRAW = 2
"""The cards Man about town draws at each activation (L414)."""

SHUFFLE_RULE = "L30"
DRAW_RULE = "L40"
MAN_ABOUT_TOWN_RULE = "L414"
DECK_OUT_RULE = "§7 item 6"
"""The deck running out: the discard pile reshuffled, or a turn's draw left short."""


def hand_pile(side: int) -> str:
    """The name of a player's hand on the table."""
    return f"hand {side}"


def hand_owner(pile: str) -> int | None:
    """The side whose hand ``pile`` is, or None for a pile that is no hand."""
    prefix, _, side = pile.partition(" ")
    return int(side) if prefix == "hand" and side.isdigit() else None


def hand_size(heroes_fielded: int) -> int:
    """How many cards a player draws each turn and keeps: 3 + H0 (L40, golden test G1).

    Raises:
        SkirmishError: a negative number of Heroes.
    """
    if heroes_fielded < 0:
        raise SkirmishError(f"a club fields no fewer than 0 Heroes, not {heroes_fielded}")
    return BASE_HAND + heroes_fielded


def lay_out(table: CardTable, sides: Iterable[int]) -> None:
    """Lay the deck (face down), the discard pile (face up) and an empty hand per side, and
    shuffle the deck (L30)."""
    table.add_pile(DECK, wolsung_deck().cards(), audience=())
    table.add_pile(DISCARDS)
    for side in sides:
        table.add_pile(hand_pile(side), audience=(side,))
    table.shuffle(DECK, SHUFFLE_RULE)


def draw(table: CardTable, side: int, count: int, rule: str, rules: HouseRules) -> tuple[Card, ...]:
    """Draw ``count`` cards into a player's hand; return them.

    Raises:
        CardError: the deck cannot supply them (counting the discard pile only when
            ``rules.reshuffle_discards``, §7 item 6); nothing moved.
    """
    reshuffle = (DISCARDS, DECK_OUT_RULE) if rules.reshuffle_discards else None
    return table.draw(DECK, hand_pile(side), count, rule, reshuffle=reshuffle)


def drawable(table: CardTable, rules: HouseRules) -> int:
    """How many cards the deck can supply: what it holds, and the discard pile when that is
    to be reshuffled into it (§7 item 6)."""
    spare = len(table.pile(DISCARDS).cards) if rules.reshuffle_discards else 0
    return len(table.pile(DECK).cards) + spare


def can_draw(table: CardTable, count: int, rules: HouseRules) -> bool:
    """Whether the deck can supply ``count`` cards (§7 item 6)."""
    return drawable(table, rules) >= count


def draw_for_turn(
    table: CardTable, side: int, heroes_fielded: int, rules: HouseRules
) -> tuple[Card, ...]:
    """Draw a player's 3 + H0 cards at the start of the turn (L40); return them. A deck that
    cannot supply them all, the discard pile reshuffled into it if the rules say so, gives
    what it holds, and the hand is short this turn (house reading of §7 item 6)."""
    count = min(hand_size(heroes_fielded), drawable(table, rules))
    return draw(table, side, count, DRAW_RULE, rules) if count else ()


def draw_for_man_about_town(table: CardTable, side: int, rules: HouseRules) -> tuple[Card, ...]:
    """Man about town's two cards as its Hero activates (L414); one card of the hand is then
    spent on it (:func:`spend`, any card).

    Raises:
        CardError: the deck cannot supply them; nothing moved.
    """
    return draw(table, side, MAN_ABOUT_TOWN_DRAW, MAN_ABOUT_TOWN_RULE, rules)


def spend(table: CardTable, side: int, cards: Iterable[Card], rule: str) -> None:
    """Discard cards a player pays with (a Heroic Deed, a spell, a revealed bid) from the hand.

    Raises:
        CardError: a card is not in the hand; nothing moved.
    """
    table.discard(hand_pile(side), cards, DISCARDS, rule)


def discards_due(table: CardTable, side: int, heroes_fielded: int) -> int:
    """How many cards a player must discard after the turn's draw (L40): what the hand
    holds over 3 + H0."""
    held = len(table.pile(hand_pile(side)).cards)
    return max(0, held - hand_size(heroes_fielded))


def discard_down(table: CardTable, side: int, heroes_fielded: int, cards: Iterable[Card]) -> None:
    """Discard the cards a player chose so that the hand holds 3 + H0 again (L40).

    Raises:
        IllegalActionError: not exactly the cards due.
        CardError: a card is not in the hand; nothing moved.
    """
    chosen = tuple(cards)
    due = discards_due(table, side, heroes_fielded)
    if len(chosen) != due:
        keep = hand_size(heroes_fielded)
        raise IllegalActionError(
            f"{hand_pile(side)} keeps {keep} cards (L40): discard {due}, not {len(chosen)}"
        )
    spend(table, side, chosen, DRAW_RULE)
