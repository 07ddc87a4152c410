"""A test-only ruleset with every kind of secret the kernel keeps: three sides, one of them an
automaton; hands dealt from a shuffled 52-card deck, each seen only by its owner; an open
decision; and a bid that both players seal and reveal together.

Each round the leader (North in odd rounds, South in even ones) stakes 1 or 2 points in the
open (B2). Then both seal a card from their hand as their bid (B3); once both are in they are
revealed together, the higher card (by rank, then suit) wins the stake, and the bids go to the
discard pile. The House, an automaton, then turns the deck's top card face up; if it beats both
bids the House scores a point (B4). Each player draws a card, the discard pile shuffled back
into the deck when it runs out (B5). After six rounds the most points place first (B6).

With the setup option ``fold``, a player may fold instead of bidding, which the other learns at
once (the sealed answers' kinds are public): a bid against a fold wins the stake, two folds
win nobody anything, and the House reads only the cards bid.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from skirmish.cards import Card, standard_deck
from skirmish.engine.action import Action
from skirmish.engine.decision import Decision, Sealed
from skirmish.engine.events import Event
from skirmish.engine.game import Game
from skirmish.engine.model import Model
from skirmish.engine.record import Record
from skirmish.engine.registry import register_ruleset
from skirmish.engine.ruleset import Ruleset
from skirmish.engine.step import Step
from skirmish.errors import SkirmishError
from skirmish.geometry.board import Board, load_board

DEAL, STAKE, BID, HOUSE, DRAW, END = "B1", "B2", "B3", "B4", "B5", "B6"
HAND = 3
ROUNDS = 6
PLAYERS = (0, 1)
HOUSE_SIDE = 2
DECK = standard_deck()
FOLD = Action("fold")


@dataclass(slots=True, eq=False)
class BidState(Record):
    round: int = 1
    scores: tuple[int, ...] = (0, 0, 0)


BidGame = Game[Model, BidState]


def hand(side: int) -> str:
    return f"hand {side}"


def _beats(a: Card, b: Card) -> bool:
    return (DECK.rank(a).order, DECK.suit(a).order) > (DECK.rank(b).order, DECK.suit(b).order)


def _score(game: BidGame, side: int, points: int, rule: str) -> None:
    st = game.state
    st.scores = tuple(s + (points if i == side else 0) for i, s in enumerate(st.scores))
    game.emit("score", rule, (), side=side, points=points)


def _placing(scores: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(1 + sum(1 for other in scores if other > mine) for mine in scores)


@dataclass(slots=True, eq=False)
class Deal(Step):
    rule = DEAL

    def run(self, game: BidGame, action: Action | None) -> Decision | Sealed | list[Step]:
        game.shuffle("deck", DEAL)
        for side in PLAYERS:
            game.draw("deck", hand(side), HAND, DEAL)
        return [Round()]


@dataclass(slots=True, eq=False)
class Round(Step):
    """One round: the open stake, then the sealed bids (asked again when run anew)."""

    rule = BID
    stake: int = 0

    def run(self, game: BidGame, action: Action | None) -> Decision | Sealed | list[Step]:
        leader = (game.state.round + 1) % 2
        if self.stake == 0 and action is None:
            options = (Action("stake", ("1",)), Action("stake", ("2",)))
            return Decision(leader, "stake", "stake 1 or 2 points on this round", options)
        if action is not None:
            self.stake = int(action.args[0])
            game.emit("stake", STAKE, (), side=leader, points=self.stake)
        order = (leader, 1 - leader)
        fold = bool(game.setup.get("fold"))
        return Sealed(tuple(self._bid(game, side, fold) for side in order), kinds_public=fold)

    @staticmethod
    def _bid(game: BidGame, side: int, fold: bool) -> Decision:
        cards = game.pile(hand(side)).cards
        options = tuple(Action("bid", (c.text,)) for c in cards)
        if fold:
            options = (*options, FOLD)
        return Decision(side, "bid", "bid a card of your hand, face down", options)

    def reveal(self, game: BidGame, answers: tuple[Action, ...]) -> Decision | Sealed | list[Step]:
        leader = (game.state.round + 1) % 2
        bids = {
            side: DECK.card(a.args[0])
            for side, a in zip((leader, 1 - leader), answers, strict=True)
            if a != FOLD
        }
        for side in sorted(bids):
            game.discard(hand(side), (bids[side],), "discard", BID)
        if len(bids) == 2:
            _score(game, 0 if _beats(bids[0], bids[1]) else 1, self.stake, BID)
        elif bids:
            (bidder,) = bids
            _score(game, bidder, self.stake, BID)
        texts = [bids[side].text if side in bids else "" for side in PLAYERS]
        return [HouseTurn(*texts), Refill()]


@dataclass(slots=True, eq=False)
class HouseTurn(Step):
    """The automaton's turn: the rules decide it, no player."""

    rule = HOUSE
    north: str = ""
    south: str = ""
    """The cards bid, ``""`` for a fold."""

    def run(self, game: BidGame, action: Action | None) -> Decision | Sealed | list[Step]:
        game.draw("deck", "house", 1, HOUSE, reshuffle=("discard", HOUSE))
        (card,) = game.pile("house").cards[:1]
        if all(_beats(card, DECK.card(bid)) for bid in (self.north, self.south) if bid):
            _score(game, HOUSE_SIDE, 1, HOUSE)
        return []


@dataclass(slots=True, eq=False)
class Refill(Step):
    rule = DRAW

    def run(self, game: BidGame, action: Action | None) -> Decision | Sealed | list[Step]:
        for side in PLAYERS:
            game.draw("deck", hand(side), 1, DRAW, reshuffle=("discard", DRAW))
        st = game.state
        if st.round >= ROUNDS:
            game.end_placed(_placing(st.scores), "six rounds played", END)
            return []
        st.round += 1
        return [Round()]


@register_ruleset
class BidsRuleset(Ruleset[Model, BidState]):
    id = "test-bids"
    title = "Sealed bids (test)"
    sides = ("North", "South", "House")
    automata = frozenset({HOUSE_SIDE})
    hidden_information = True
    max_actions = ROUNDS * 3
    setup_keys = ("fold",)

    def normalize_setup(self, options: dict[str, Any]) -> dict[str, Any]:
        if set(options) - set(self.setup_keys):
            raise SkirmishError("the bidding game takes only the setup option fold")
        return {"fold": True} if options.get("fold") else {}

    def board(self, setup: dict[str, Any]) -> Board:
        return load_board("open")

    def new_state(self, setup: dict[str, Any]) -> BidState:
        return BidState()

    def start(self, game: BidGame) -> None:
        game.add_pile("deck", DECK.cards(), audience=())
        for side in PLAYERS:
            game.add_pile(hand(side), audience=(side,))
        game.add_pile("discard")
        game.add_pile("house")
        game.begin([Deal()])

    def describe(self, game: BidGame, event: Event) -> str:
        if event.kind in ("commit", "sealed-reveal"):
            return game.sealed_text(event)
        if event.kind in ("shuffle", "reshuffle", "draw", "discard", "reveal"):
            return game.card_text(event)
        return f"{event.kind} {event.data}  [{event.rule}]"

    def where(self, game: BidGame) -> str:
        return f"round {game.state.round}"
