"""Heroic Deeds as the players play them: after an opposed roll, each side with a Hero in the
test lays cards of the test's colour for more successes, the side behind first, then one card
at a time until both have passed (L217-L218, L164, L416; rules notes §1.9, §4.3, §7 item 38).

The exchange itself, who plays next and what a card adds, is :mod:`..cards.deeds`; this
module keeps it in the game's state (:class:`Deeds`, a plain value), asks each turn of it and
pays each card from the hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.record import register_value
from skirmish.rulesets.wolsung.cards.deeds import DeedExchange, open_exchange
from skirmish.rulesets.wolsung.cards.hand import spend
from skirmish.rulesets.wolsung.cards.payments import Contest, Payer, deed_bonus
from skirmish.rulesets.wolsung.game.base import house_of, member
from skirmish.rulesets.wolsung.game.hands import card_actions, card_of, hand
from skirmish.rulesets.wolsung.game.state import WolsungGame

__all__ = ["DEED", "Deeds", "answer_deeds", "deeds_decision", "open_deeds"]

DEED = "L217"
OVER = -1
"""``Deeds.to_play`` once the exchange is over."""
PASS = Action("pass")


@register_value
@dataclass(frozen=True, slots=True)
class Deeds:
    """An exchange under way: the contest, the two models whose Heroes may play (the active
    one first), whose turn it is, who is out or has passed, and the successes added;
    ``solo`` when the test has no defender (a Buff or Aura against its Difficulty, L200)."""

    contest: str
    models: tuple[str, str]
    to_play: int
    out: tuple[int, ...] = ()
    passed: tuple[int, ...] = ()
    bonus: tuple[int, int] = (0, 0)
    solo: bool = False

    @property
    def over(self) -> bool:
        """Whether both sides are done; ``bonus`` then holds what the cards added."""
        return self.to_play == OVER


def _payers(
    game: WolsungGame, models: tuple[str, str], solo: bool
) -> tuple[Payer | None, Payer | None]:
    defender = None if solo else member(game, models[1]).payer
    return (member(game, models[0]).payer, defender)


def _exchange(game: WolsungGame, deeds: Deeds) -> DeedExchange:
    return DeedExchange(
        Contest(deeds.contest),
        _payers(game, deeds.models, deeds.solo),
        deeds.to_play,
        frozenset(deeds.out),
        frozenset(deeds.passed),
        deeds.bonus,
    )


def _kept(deeds: Deeds, exchange: DeedExchange) -> Deeds:
    return Deeds(
        deeds.contest,
        deeds.models,
        OVER if exchange.to_play is None else exchange.to_play,
        tuple(sorted(exchange.out)),
        tuple(sorted(exchange.passed)),
        exchange.bonus,
        deeds.solo,
    )


def open_deeds(
    game: WolsungGame,
    contest: Contest,
    models: tuple[str, str],
    successes: tuple[int, int],
    *,
    solo: bool = False,
) -> Deeds | None:
    """The exchange after a roll with ``successes`` (active, defender, or the Difficulty when
    ``solo``); ``None`` when no side has a Hero in the test with a card to play (§7 item 38),
    so no card changes the roll."""
    exchange = open_exchange(contest, successes, _payers(game, models, solo))
    deeds = _skip_empty(game, Deeds(contest.value, models, OVER, solo=solo), exchange)
    return None if deeds.over else deeds


def _skip_empty(game: WolsungGame, deeds: Deeds, exchange: DeedExchange) -> Deeds:
    """Pass for a side with no card in hand: it could only pass. A side holding cards is
    asked even if none may play, so that the others learn nothing of its hand."""
    while exchange.to_play is not None:
        side = game.model(deeds.models[exchange.to_play]).side
        if hand(game, side):
            break
        exchange = exchange.pass_turn()
    return _kept(deeds, exchange)


def deeds_decision(game: WolsungGame, deeds: Deeds) -> Decision:
    """Ask the side whose turn it is: a card of the test's colour, or pass (L217-L218)."""
    exchange = _exchange(game, deeds)
    model = game.model(deeds.models[deeds.to_play])
    cards = exchange.playable(hand(game, model.side), house_of(game))
    total = deeds.bonus[deeds.to_play]
    return Decision(
        model.side,
        "heroic-deed",
        f"Heroic Deed for {model.name} in {deeds.contest} (+{total} so far): a card, or pass",
        (*card_actions("deed", cards), PASS),
    )


def answer_deeds(game: WolsungGame, deeds: Deeds, action: Action) -> Deeds:
    """Play the card ``action`` names, or pass; the exchange as it then stands."""
    exchange = _exchange(game, deeds)
    model = game.model(deeds.models[deeds.to_play])
    if action.kind == "pass":
        game.emit("deed-pass", DEED, (model.id,))
        return _skip_empty(game, deeds, exchange.pass_turn())
    card = card_of(action.args[0])
    exchange = exchange.play(card, house_of(game))
    spend(game, model.side, (card,), DEED)
    game.emit("deed", DEED, (model.id,), card=card.text, successes=deed_bonus(card))
    return _skip_empty(game, deeds, exchange)
