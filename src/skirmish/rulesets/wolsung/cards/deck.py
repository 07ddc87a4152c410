"""Wolsung's reading of the shared 52-card deck: which card is higher, colours, high cards and
the heroes' suits (rules notes §4.1).

Wolsung plays one standard deck without Jokers (L7, L30). Cards compare by rank, Two low and
Ace high, and equal ranks by suit, Spades over Hearts over Diamonds over Clubs (L55-L59, notes
§7 item 11): exactly the order in which the kernel's deck file (``standard-52.toml``) lists
its ranks and suits, so the order is read from that data, not restated here. One deck holds
each card once, so two cards never tie. The deck file also gives each suit's colour (black
Spades and Clubs, red Hearts and Diamonds, L217) and flags the court cards (J, Q, K); Wolsung
adds the Ace to them wherever it speaks of "court cards and Aces" (L174, L218).
A hero's suit (L207) is the catalogue's :class:`~.records.Suit`; it names the deck's suit of
the same name.
"""

from __future__ import annotations

from collections.abc import Iterable

from skirmish.cards import Card, Deck, standard_deck
from skirmish.rulesets.wolsung.rules_data.records import Suit

__all__ = [
    "ACE",
    "beats",
    "card_key",
    "colour",
    "highest",
    "is_high",
    "suit_of",
    "wolsung_deck",
]

ACE = "A"
"""The rank code of the Ace, the one rank above the court cards (L55)."""


def wolsung_deck() -> Deck:
    """The deck Wolsung plays with: the standard 52, no Jokers (L30)."""
    return standard_deck()


def card_key(card: Card) -> tuple[int, int]:
    """A sort key: rank first, then suit, both lowest first (L55-L59)."""
    deck = wolsung_deck()
    return deck.rank(card).order, deck.suit(card).order


def beats(card: Card, other: Card) -> bool:
    """Whether ``card`` is higher than ``other`` (L55-L59)."""
    return card_key(card) > card_key(other)


def highest(cards: Iterable[Card]) -> Card:
    """The highest of ``cards`` (L46-L48: the card that wins a bid).

    Raises:
        ValueError: no cards.
    """
    return max(cards, key=card_key)


def colour(card: Card) -> str:
    """``"black"`` (Spades, Clubs) or ``"red"`` (Hearts, Diamonds) (L217)."""
    return wolsung_deck().suit(card).colour


def is_high(card: Card) -> bool:
    """Whether ``card`` is a court card or an Ace: the cards worth +2 in a Heroic Deed (L218)
    and the cards that pay a cost-2 spell (L174)."""
    rank = wolsung_deck().rank(card)
    return rank.court or rank.code == ACE


def suit_of(card: Card) -> Suit:
    """The card's suit as a hero's suit (L207)."""
    return Suit(wolsung_deck().suit(card).name.lower())
