"""The Game Turn: the cards drawn and discarded at its start and the rules that come then, the
activations, and its end, when effects expire, the scenario scores and the game may end
(L38-L52; rules notes §1.3, §4.2, §6 D6, D7).

- Every player draws 3 cards and one per Hero the club fielded at the start of the game, dead
  ones counted, then discards down to that many (L40-L41, §7 item 5); on the first turn the
  hand is exactly that size. A player discards one card at a time, seen by no one else until
  it lands face up on the discard pile. A deck that cannot supply the whole draw, even with
  the discard pile reshuffled into it, gives what it holds and the short draw is logged (our
  house reading of §7 item 6); that hand discards only what it holds over 3 + H0.
- A club wiped out, with no model on the table and none still to arrive, is out of the card
  game (our house reading beside scenarios §4.0 and §7 item 6): it discarded its hand as its
  last model fell (:func:`.scoring.leave_card_game`), draws nothing, is asked for no bid or
  counter (:class:`.initiative.BidRound`) and, with no Hero, for no Heroic Deed; the First
  Player passes from it to the next club clockwise still in the game.
- Then the start-of-turn rules: the Wandering Actor's True Identity (L806, §7 item 4), then the
  Infiltrators due come in (:mod:`.infiltration`, L535; cards first, §7 item 4).
- Each model activates at most once a turn (L44, L62).
- At the end of the turn spells' and Fire's effects end, a club with more Mist Templates than
  Mistmakers takes the surplus off (L721), and the scenario scores (:mod:`.scoring`); after
  its last turn, or once one club alone has models on the table, the game ends.
"""

from __future__ import annotations

from dataclasses import dataclass

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.rulesets.wolsung.cards.bids import clockwise_from
from skirmish.rulesets.wolsung.cards.hand import (
    DECK_OUT_RULE,
    DRAW_RULE,
    discards_due,
    draw_for_turn,
    hand_size,
    spend,
)
from skirmish.rulesets.wolsung.game.base import house_of
from skirmish.rulesets.wolsung.game.effects import end_turn_effects
from skirmish.rulesets.wolsung.game.hands import card_actions, card_of, hand
from skirmish.rulesets.wolsung.game.infiltration import Arrivals
from skirmish.rulesets.wolsung.game.initiative import Activations
from skirmish.rulesets.wolsung.game.mist import answer_lift, lift_decision, too_many
from skirmish.rulesets.wolsung.game.scoring import end_of_turn, in_game
from skirmish.rulesets.wolsung.game.state import WolsungGame
from skirmish.rulesets.wolsung.game.templates import expire_templates
from skirmish.rulesets.wolsung.game.true_identity import TrueIdentity

__all__ = ["TURN", "Expiry", "GameLoop"]

TURN = "L38"
END_OF_TURN = "L51"
EXPIRY = "L52"


@dataclass(slots=True, eq=False)
class GameLoop(Step):
    """Game Turns, one after another, until the scenario ends the game."""

    rule = TURN

    def run(self, game: WolsungGame, action: Action | None) -> Decision | list[Step]:
        st = game.state
        st.turn += 1
        st.stolen, st.offer_delay, st.returns_to = False, False, -1
        # Nobody has activated this turn, so nobody has passed the initiative on to Delay (L48).
        st.last_active = -1
        st.first = _first_player(game)
        st.initiative = st.first
        for m in game.models:
            m.activated = False
        game.emit("turn", TURN, (), turn=st.turn, first=st.first)
        playing = in_game(game)
        # From the First Player clockwise, so that a deck too short for every hand (§7 item
        # 6) leaves short a club that changes as the First Player does, not always the last.
        for seat in clockwise_from(st.seats, st.first):
            if seat in playing:
                _draw(game, seat)
        return [Discards(), TrueIdentity(), Arrivals(), Activations(), EndTurn(), self]


def _first_player(game: WolsungGame) -> int:
    """The First Player, or, its club wiped out, the next club clockwise still in the game
    (our house reading: a club wiped out is out of the card game, :mod:`.scoring`)."""
    st = game.state
    playing = in_game(game)
    return next((s for s in clockwise_from(st.seats, st.first) if s in playing), st.first)


def _draw(game: WolsungGame, seat: int) -> None:
    """``seat``'s draw at the start of the turn (L40), logged as short when the deck could not
    supply it all (§7 item 6)."""
    heroes = game.state.heroes_fielded[seat]
    drawn = draw_for_turn(game, seat, heroes, house_of(game))
    due = hand_size(heroes)
    if len(drawn) < due:
        game.emit("short-draw", DECK_OUT_RULE, (), seat=seat, drawn=len(drawn), due=due)


@dataclass(slots=True, eq=False)
class Discards(Step):
    """Each player, in seat order, discards down to 3 + H0 cards, one card at a time (L40)."""

    rule = DRAW_RULE

    def run(self, game: WolsungGame, action: Action | None) -> Decision | list[Step]:
        st = game.state
        if action is not None:
            seat = self._seat(game)
            assert seat is not None
            spend(game, seat, (card_of(action.args[0]),), DRAW_RULE)
        seat = self._seat(game)
        if seat is None:
            return []
        due = discards_due(game, seat, st.heroes_fielded[seat])
        return Decision(
            seat,
            "discard",
            f"discard {due} more card(s) to keep {len(hand(game, seat)) - due} (L40)",
            card_actions("discard", hand(game, seat)),
        )

    def _seat(self, game: WolsungGame) -> int | None:
        st = game.state
        return next((s for s in st.seats if discards_due(game, s, st.heroes_fielded[s]) > 0), None)


@dataclass(slots=True, eq=False)
class EndTurn(Step):
    """The end of the turn: what lasts until then ends (:class:`Expiry`), then the scenario
    scores (L51-L52); ``ended`` once the first is under way."""

    rule = END_OF_TURN
    ended: bool = False

    def run(self, game: WolsungGame, action: Action | None) -> Decision | list[Step]:
        if not self.ended:
            self.ended = True
            game.emit("turn-ends", END_OF_TURN, (), turn=game.state.turn)
            return [Expiry(), self]
        end_of_turn(game)
        return []


@dataclass(slots=True, eq=False)
class Expiry(Step):
    """What lasts until the end of the turn ends: effects, Shields, Fire Templates and Smoke
    Markers go, then each club with more Mist Templates than Mistmakers takes the surplus off,
    one at a time (``ended`` once the rest is done) (L52, L575, L721). Run as the turn ends and
    as the Despotic Ring's activations end (:mod:`.despotic`)."""

    rule = EXPIRY
    ended: bool = False

    def run(self, game: WolsungGame, action: Action | None) -> Decision | list[Step]:
        if not self.ended:
            self.ended = True
            end_turn_effects(game)
            expire_templates(game)
        if action is not None:
            answer_lift(game, action)
        over = next((seat for seat in game.state.seats if too_many(game, seat)), None)
        if over is None:
            return []
        why = (
            "The club holds more Mist Templates than Mistmakers as what lasts until the end of "
            "the turn ends"
        )
        return lift_decision(game, over, why)
