"""Cards as players answer with them: a card's text in an action (``deed QH``), the hand a
player holds, and paying cards from it (L40, L217; rules notes §4)."""

from __future__ import annotations

from skirmish.cards import Card
from skirmish.engine.action import Action
from skirmish.errors import IllegalActionError
from skirmish.rulesets.wolsung.cards.hand import hand_pile
from skirmish.rulesets.wolsung.game.state import WolsungGame

__all__ = ["card_actions", "card_of", "hand"]


def hand(game: WolsungGame, side: int) -> tuple[Card, ...]:
    """The cards ``side`` holds."""
    return game.pile(hand_pile(side)).cards


def card_actions(kind: str, cards: tuple[Card, ...], *args: str) -> tuple[Action, ...]:
    """One action per card, ``kind`` with ``args`` and the card's text (``deed QH``)."""
    return tuple(Action(kind, (*args, card.text)) for card in cards)


def card_of(text: str) -> Card:
    """The card an action names by its text (``"10S"``: ten of spades).

    Raises:
        IllegalActionError: the text names no card.
    """
    if len(text) < 2:
        raise IllegalActionError(f"{text!r} names no card; write rank then suit, as QH or 10S")
    return Card(text[:-1], text[-1])
