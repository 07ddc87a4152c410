"""Man about town: each time its Hero activates, it may draw two cards and then discard one of
the hand, any card (L414; rules notes §4.2, §4.3, §6 D12).

The draw is offered whatever the hand holds, so asking tells nobody anything of it; only a deck
that cannot supply two cards, which every player can count, withholds it (with the discard
pile reshuffled into it by default, §7 item 6). The card discarded is chosen in secret and
lands face up, as the turn's discards do (L40).
"""

from __future__ import annotations

from dataclasses import dataclass

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.rulesets.wolsung.cards.hand import (
    MAN_ABOUT_TOWN_DRAW,
    MAN_ABOUT_TOWN_RULE,
    can_draw,
    draw_for_man_about_town,
    spend,
)
from skirmish.rulesets.wolsung.cards.payments import Use, UseKind, payment_problem
from skirmish.rulesets.wolsung.game.base import house_of, member
from skirmish.rulesets.wolsung.game.hands import card_actions, card_of, hand
from skirmish.rulesets.wolsung.game.model import WolsungModel
from skirmish.rulesets.wolsung.game.state import WolsungGame

__all__ = ["TownDiscard", "draw_two", "may_draw"]

MAN_ABOUT_TOWN = "man_about_town"
DISCARD_USE = Use(UseKind.MAN_ABOUT_TOWN)


def may_draw(game: WolsungGame, m: WolsungModel) -> bool:
    """Whether ``m``'s Hero is a Man about town and the deck can supply the two cards."""
    payer = member(game, m.id).payer
    if payer is None or MAN_ABOUT_TOWN not in payer.keywords:
        return False
    return can_draw(game, MAN_ABOUT_TOWN_DRAW, house_of(game))


def draw_two(game: WolsungGame, m: WolsungModel) -> TownDiscard:
    """Draw the two cards into ``m``'s player's hand; the discard comes next."""
    draw_for_man_about_town(game, m.side, house_of(game))
    return TownDiscard(model=m.id)


@dataclass(slots=True, eq=False)
class TownDiscard(Step):
    """After Man about town's draw, its player discards one card of the hand (L414)."""

    rule = MAN_ABOUT_TOWN_RULE
    model: str = ""

    def run(self, game: WolsungGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.model)
        if action is not None:
            spend(game, m.side, (card_of(action.args[0]),), MAN_ABOUT_TOWN_RULE)
            return []
        payer, rules = member(game, m.id).payer, house_of(game)
        assert payer is not None  # only a Hero is a Man about town
        cards = tuple(
            c for c in hand(game, m.side) if payment_problem(DISCARD_USE, payer, c, rules) is None
        )
        return Decision(
            m.side,
            "discard",
            f"{m.name}, Man about town: discard one card of the hand (L414)",
            card_actions("discard", cards),
        )
