"""The Despotic Ring: before the first turn, each model of the bearer's club may make a whole
activation, and loses half its Wounds, rounded down, at the end of it (L752; rules notes §1.2,
§2.4, §6 D5, G46, §7 items 89, 90).

The bearer's "group" is its whole club (§7 item 89), while the bearer is on the table; the
Wounds lost are half of those the model has at the end of its activation, which nothing stops
(§7 item 90; :class:`.Activation` ``despotic``). The clubs with a Ring take these activations
in turn, one model each, clockwise from the First Player, as the turn's activations go round,
and a club that passes is done ([HOUSE] §7 item 90, :attr:`.HouseRules.despotic_in_turn`;
off, each club makes all of its own, the First Player's club first). No hand is drawn before
the first turn (L40), so these activations have no cards to play.

The activations are played before the first turn, not in it: once the last is made, what lasts
until the end of the turn ends, as at a turn's end (:class:`.turn.Expiry`; L52, L721; our
reading of L752), so a spell cast in them does not last through turn 1. The scenario does not
score then.
"""

from __future__ import annotations

from dataclasses import dataclass

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.rulesets.wolsung.cards.bids import clockwise_from
from skirmish.rulesets.wolsung.game.activation import Activation
from skirmish.rulesets.wolsung.game.base import house_of, member
from skirmish.rulesets.wolsung.game.model import WolsungModel
from skirmish.rulesets.wolsung.game.state import WolsungGame
from skirmish.rulesets.wolsung.game.turn import Expiry

__all__ = ["DESPOTIC", "RingActivations"]

DESPOTIC = "L752"
DESPOTIC_END = "L752, L52"
RING = "despotic_ring"


def _waiting(game: WolsungGame, seat: int) -> list[WolsungModel]:
    """The models of ``seat``'s club still free to activate before the first turn, while a
    Ring's bearer of that club is on the table (§7 item 89)."""
    club = [m for m in game.models if m.on_table and m.side == seat]
    if not any(member(game, m.id).fighter.has(RING) for m in club):
        return []
    return [m for m in club if not m.activated]


@dataclass(slots=True, eq=False)
class RingActivations(Step):
    """The Despotic Ring's activations before the first turn: ``seat`` is the club choosing
    now, ``last`` the club that activated last, ``passed`` the clubs done (L752)."""

    rule = DESPOTIC
    seat: int = -1
    last: int = -1
    passed: tuple[int, ...] = ()

    def run(self, game: WolsungGame, action: Action | None) -> Decision | list[Step]:
        if action is not None:
            if action.kind == "no-ring":
                self.passed = (*self.passed, self.seat)
                return self.run(game, None)
            self.last = self.seat
            return [Activation(model=action.args[0], despotic=True), self]
        seat = self._next(game)
        if seat is None:
            return self._end(game)
        self.seat = seat
        models = _waiting(game, seat)
        return Decision(
            seat,
            "ring",
            "the Despotic Ring: activate a model before the first turn, for half its Wounds "
            "(L752)?",
            (*(Action("ring", (m.id,)) for m in models), Action("no-ring")),
        )

    def _end(self, game: WolsungGame) -> list[Step]:
        """The activations are over: what lasts until the end of the turn ends, when any was
        made (L52, L752)."""
        if self.last < 0:
            return []
        game.emit("ring-ends", DESPOTIC_END, ())
        return [Expiry()]

    def _next(self, game: WolsungGame) -> int | None:
        """The club to choose next: clockwise after the last to activate, in turn by default;
        else the first club not done (§7 item 90)."""
        st = game.state
        if self.last >= 0 and house_of(game).despotic_in_turn:
            after = clockwise_from(st.seats, self.last)
            order = (*after[1:], after[0])
        else:
            order = clockwise_from(st.seats, st.first)
        left = [s for s in order if s not in self.passed and _waiting(game, s)]
        return left[0] if left else None
