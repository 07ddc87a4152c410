"""Cards as players answer with them: a card's text in an action (``deed QH``), the hand a
player holds, and paying cards from it (L40, L217; rules notes §4)."""

from __future__ import annotations

from dataclasses import replace

from skirmish.cards import Card
from skirmish.engine.action import Action
from skirmish.errors import IllegalActionError
from skirmish.rulesets.wolsung.cards.hand import hand_pile
from skirmish.rulesets.wolsung.cards.payments import Use, card_needed, payment_problem
from skirmish.rulesets.wolsung.game.base import house_of, member
from skirmish.rulesets.wolsung.game.model import WolsungModel
from skirmish.rulesets.wolsung.game.state import WolsungGame

__all__ = ["card_actions", "card_of", "card_offers", "hand"]


def hand(game: WolsungGame, side: int) -> tuple[Card, ...]:
    """The cards ``side`` holds."""
    return game.pile(hand_pile(side)).cards


def card_actions(kind: str, cards: tuple[Card, ...], *args: str) -> tuple[Action, ...]:
    """One action per card, ``kind`` with ``args`` and the card's text (``deed QH``)."""
    return tuple(Action(kind, (*args, card.text)) for card in cards)


def card_offers(
    game: WolsungGame, m: WolsungModel, use: Use, kind: str, also: frozenset[str] = frozenset()
) -> tuple[Action, ...] | None:
    """What ``m``'s Hero may pay ``use`` with, as actions of ``kind``: each card of the hand
    that pays (perhaps none), or one free action where its rule waives the card; ``None``
    when there is nothing to ask: ``m`` is no Hero, or a card is needed and the hand is empty.
    ``also`` are rules a friend gives the Hero for this payment (Helping Hand, L546).
    Whether to ask turns only on what every player may know (who is a Hero, how many cards a
    hand holds), so asking tells the others nothing about the cards."""
    payer = member(game, m.id).payer
    if payer is None:
        return None
    payer = replace(payer, keywords=payer.keywords | also)
    if not card_needed(use, payer):
        return (Action(kind, (m.id,)),)
    held = hand(game, m.side)
    if not held:
        return None
    rules = house_of(game)
    paying = tuple(c for c in held if payment_problem(use, payer, c, rules) is None)
    return card_actions(kind, paying, m.id)


def card_of(text: str) -> Card:
    """The card an action names by its text (``"10S"``: ten of spades).

    Raises:
        IllegalActionError: the text names no card.
    """
    if len(text) < 2:
        raise IllegalActionError(f"{text!r} names no card; write rank then suit, as QH or 10S")
    return Card(text[:-1], text[-1])
