"""The Wandering Actor's True Identity: at the start of a turn, his player may discard a card of
a dead Hero's suit to take the Actor off the table and put that Hero in his place, as if it had
just entered play (L806; rules notes §1.3 I, §4.3, §6 D7, G57, §7 items 4, 98).

It comes after the turn's draw and discards, the clubs in turn clockwise from the First Player
(§7 item 4). The Hero comes back with its full Wounds, standing, free to activate this turn,
with nothing that lasted on it before; what it spent once a game stays spent (§7 item 98). A
player whose club has an Actor on the table and a dead Hero is asked whenever the hand holds a
card, whichever cards they are, so the asking tells the others nothing of the hand. The Actor
leaves the table but is no casualty; the Hero put out of action again scores nothing, being a
model that entered play during the game (``wolsung-scenarios.md`` §4.0). An Actor carrying
The Stolen Blueprints drops them where he stood, as any carrier removed (§4.3).
"""

from __future__ import annotations

from dataclasses import dataclass

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.rulesets.wolsung.cards.bids import clockwise_from
from skirmish.rulesets.wolsung.cards.hand import spend
from skirmish.rulesets.wolsung.cards.payments import Use, UseKind, payment_problem
from skirmish.rulesets.wolsung.game.base import house_of, member
from skirmish.rulesets.wolsung.game.blueprints import drop
from skirmish.rulesets.wolsung.game.hands import card_of, hand
from skirmish.rulesets.wolsung.game.model import WolsungModel
from skirmish.rulesets.wolsung.game.state import WolsungGame

__all__ = ["TRUE_IDENTITY", "TrueIdentity", "dead_heroes"]

TRUE_IDENTITY = "L806"
ACTOR = "true_identity"


def dead_heroes(game: WolsungGame, seat: int) -> list[WolsungModel]:
    """The Heroes of ``seat``'s club put out of action and not back, that have a suit."""
    fallen = dict.fromkeys(model for model, _ in game.state.fallen)
    found = (game.model(model) for model in fallen)
    return [
        m
        for m in found
        if m.side == seat and m.hero and not m.on_table and _suit_use(game, m) is not None
    ]


def _suit_use(game: WolsungGame, hero: WolsungModel) -> Use | None:
    payer = member(game, hero.id).payer
    if payer is None or payer.suit is None:
        return None
    return Use(UseKind.TRUE_IDENTITY, suit=payer.suit)


def _actor(game: WolsungGame, seat: int) -> WolsungModel | None:
    return next(
        (
            m
            for m in game.models
            if m.on_table and m.side == seat and member(game, m.id).fighter.has(ACTOR)
        ),
        None,
    )


def _offers(game: WolsungGame, actor: WolsungModel) -> tuple[Action, ...]:
    """Each dead Hero with each card of its suit in the hand (L806)."""
    payer, rules = member(game, actor.id).payer, house_of(game)
    assert payer is not None  # the Actor is a Hero
    found = []
    for hero in dead_heroes(game, actor.side):
        use = _suit_use(game, hero)
        assert use is not None
        found += [
            Action("reveal", (actor.id, hero.id, card.text))
            for card in hand(game, actor.side)
            if payment_problem(use, payer, card, rules) is None
        ]
    return tuple(found)


def _reveal(game: WolsungGame, actor: WolsungModel, hero: WolsungModel, card: str) -> None:
    """The Actor leaves; the Hero stands in his place, as new to the game (§7 item 98)."""
    st = game.state
    spend(game, actor.side, (card_of(card),), TRUE_IDENTITY)
    hero.x, hero.y, hero.level = actor.x, actor.y, actor.level
    hero.removed, hero.toppled, hero.activated = None, False, False
    hero.wounds, hero.gained = member(game, hero.id).fighter.profile.W, 0
    actor.removed = f"revealed as {hero.name}"
    st.effects = tuple(e for e in st.effects if e.model != hero.id)
    st.essence = tuple((bearer, n) for bearer, n in st.essence if bearer != hero.id)
    game.emit("true-identity", TRUE_IDENTITY, (actor.id, hero.id), wounds=hero.wounds)
    drop(game, actor)


@dataclass(slots=True, eq=False)
class TrueIdentity(Step):
    """At the start of the turn, after the discards, each club with a Wandering Actor and a dead
    Hero, clockwise from the First Player, may reveal (L806); ``asked`` are the clubs done."""

    rule = TRUE_IDENTITY
    asked: tuple[int, ...] = ()

    def run(self, game: WolsungGame, action: Action | None) -> Decision | list[Step]:
        if action is not None:
            seat = self._seat(game)
            assert seat is not None
            self.asked = (*self.asked, seat)
            if action.kind == "reveal":
                by, hero, card = action.args
                _reveal(game, game.model(by), game.model(hero), card)
        seat = self._seat(game)
        if seat is None:
            return []
        actor = _actor(game, seat)
        assert actor is not None
        prompt = f"{actor.name}: True Identity, a card of a dead Hero's suit to bring it in? (L806)"
        return Decision(seat, "true-identity", prompt, (*_offers(game, actor), Action("no-reveal")))

    def option_error(self, game: WolsungGame, action: Action) -> str | None:
        """Why a reveal is refused, in the player's terms: the card does not pay (L806)."""
        if action.kind != "reveal" or len(action.args) != 3 or action.args[1] not in game.index:
            return None
        by, hero, card = action.args
        payer, use = member(game, by).payer, _suit_use(game, game.model(hero))
        if payer is None or use is None:
            return None
        return payment_problem(use, payer, card_of(card), house_of(game))

    def _seat(self, game: WolsungGame) -> int | None:
        """The next club to ask: an Actor on the table, a dead Hero, a card in the hand."""
        st = game.state
        return next(
            (
                seat
                for seat in clockwise_from(st.seats, st.first)
                if seat not in self.asked
                and _actor(game, seat) is not None
                and dead_heroes(game, seat)
                and hand(game, seat)
            ),
            None,
        )
