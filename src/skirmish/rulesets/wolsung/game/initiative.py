"""Who activates next: the Steal before the turn's first activation, the activations going
round clockwise, Additional Activation and Delay bids, and the surplus activations of the last
club with models to activate (L42-L50, L434; rules notes §1.3 II-III, §4.3, §4.4, §6 D9-D11,
D21, D25).

The bids are the kernel's sealed decisions: going clockwise from the player who opens it, each
player asked lays a card face down or passes, and all are revealed together
(:class:`BidRound`); a club wiped out is asked for no bid or counter (our house reading, see
:mod:`.turn`); what they decide is :func:`..cards.bids.resolve_bid`. An Additional
Activation or a Delay is first declared in the open (the card laid face down is public, its
value is not), so only a declared bid sends the others a card to answer.

- Steal: each turn, just before the First Player's first activation, every player may bid;
  the highest card is First Player from now on and activates first (L46, §7 item 8). Before
  the bid, a player whose Sir Oakroot on the table still has his top-hat may take the Steal
  with no card and no contest, once a game (L434, §7 item 64): asked clockwise from the First
  Player, the first to take it is First Player, and nobody bids.
- Additional Activation: right after its activation a player may bid to activate again; it
  must beat every counter (L47).
- Delay: right after the initiative comes to it, a player may bid to make the previous player
  activate another model first, after which the initiative comes back (L48); not while that
  player has nothing left to activate (§7 item 9), nor before the turn's first activation,
  when nobody has passed the initiative on yet. The previous player is the one whose
  activation came last, passing the initiative on: with three or more clubs, a club passed
  over for having nothing left to activate is not it.
- A player with a Mindless model on the table still to activate this turn activates only
  Mindless models, and may not Steal (top-hat or bid) or Delay (L43), nor open an Additional
  Activation bid by default (§7 item 3, :func:`..cards.bids.mindless_barred`); it may still
  counter another's bid, which the book does not bar.
- Once one club alone has models to activate, it activates them in any order, with no bids
  (L49-L50), its Mindless models still first (L43).
- Models that activate together make one activation: activating one, their player then
  activates the others, choosing the order (L71, L499, L629; :class:`JointActivation`). The
  Hounds a Release calls in activate right after their bringer's activation, before any bid
  (L493, §7 item 68).
- An Infiltrator that came in this turn may not be the turn's first model activated (L535):
  a player with nothing else to activate passes the initiative to the next who has, unless
  nobody has.
"""

from __future__ import annotations

from dataclasses import dataclass

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision, Sealed
from skirmish.engine.step import Step
from skirmish.rulesets.wolsung.cards.bids import (
    Bid,
    BidOutcome,
    automatic_steal,
    bidders,
    clockwise_from,
    mindless_barred,
    resolve_bid,
)
from skirmish.rulesets.wolsung.cards.hand import spend
from skirmish.rulesets.wolsung.cards.payments import UseKind
from skirmish.rulesets.wolsung.game.activation import Activation
from skirmish.rulesets.wolsung.game.base import house_of, member
from skirmish.rulesets.wolsung.game.hands import card_actions, card_of, hand
from skirmish.rulesets.wolsung.game.infiltration import barred
from skirmish.rulesets.wolsung.game.model import WolsungModel
from skirmish.rulesets.wolsung.game.packs import mates
from skirmish.rulesets.wolsung.game.scoring import in_game
from skirmish.rulesets.wolsung.game.state import WolsungGame

__all__ = [
    "ACTIVATIONS",
    "Activations",
    "BidRound",
    "JointActivation",
    "Steal",
    "mindless_left",
    "seats_to_activate",
]

ACTIVATIONS = "L43"
SURPLUS = "L50"
RULE = {UseKind.STEAL: "L46", UseKind.ADDITIONAL: "L47", UseKind.DELAY: "L48"}
PASS = Action("pass")
TOP_HAT = "top_hat"
TOP_HAT_RULE = "L434"
MINDLESS = "mindless"


def seats_to_activate(game: WolsungGame) -> list[int]:
    """The seats, clockwise, with a model on the table still to activate this turn."""
    waiting = {m.side for m in game.models if m.on_table and not m.activated}
    return [seat for seat in game.state.seats if seat in waiting]


def _next_seat(game: WolsungGame, seat: int, left: list[int]) -> int:
    """The first seat after ``seat``, clockwise, with models to activate."""
    order = clockwise_from(game.state.seats, seat)
    return next(s for s in (*order[1:], order[0]) if s in left)


def _waiting(game: WolsungGame, seat: int) -> list[WolsungModel]:
    """``seat``'s models on the table still to activate this turn."""
    return [m for m in game.models if m.side == seat and m.on_table and not m.activated]


def _is_mindless(game: WolsungGame, m: WolsungModel) -> bool:
    return member(game, m.id).fighter.has(MINDLESS)


def mindless_left(game: WolsungGame) -> list[int]:
    """The seats with a Mindless model on the table still to activate this turn (L43)."""
    return [
        seat
        for seat in game.state.seats
        if any(_is_mindless(game, m) for m in _waiting(game, seat))
    ]


def _due(game: WolsungGame, seat: int) -> list[WolsungModel]:
    """``seat``'s models to activate, its Mindless ones while any is left (L43)."""
    waiting = _waiting(game, seat)
    return [m for m in waiting if _is_mindless(game, m)] or waiting


def _choosable(game: WolsungGame, seat: int) -> list[WolsungModel]:
    """The models ``seat`` may activate now: Mindless ones first (L43), not an Infiltrator
    barred from going first (L535)."""
    return [m for m in _due(game, seat) if not barred(game, m)]


def _first_free(game: WolsungGame, seat: int, left: list[int]) -> int:
    """``seat``, or the next seat clockwise with a model it may activate first, when ``seat``
    has only an Infiltrator barred from it (L535); ``seat`` if nobody has one."""
    order = clockwise_from(game.state.seats, seat)
    return next((s for s in order if s in left and _choosable(game, s)), seat)


@dataclass(slots=True, eq=False)
class Activations(Step):
    """The turn's activations, one model at a time, until no model is left to activate."""

    rule = ACTIVATIONS

    def run(self, game: WolsungGame, action: Action | None) -> Decision | list[Step] | Sealed:
        st = game.state
        if action is not None:
            return self._answer(game, action)
        left = seats_to_activate(game)
        if not left:
            return []
        if len(left) == 1:
            return _choose(game, left[0], SURPLUS)
        if not st.stolen:
            st.stolen = True
            return [Steal(), self]
        if st.initiative not in left:
            st.initiative, st.offer_delay = _next_seat(game, st.initiative, left), True
        free = _first_free(game, st.initiative, left)
        if free != st.initiative:
            # Passed on only so that an Infiltrator does not go first: no Delay back to it.
            st.initiative, st.offer_delay = free, False
        seat = st.initiative
        if st.offer_delay and self._may_delay(game, seat, left):
            return Decision(
                seat,
                "delay",
                "the initiative is yours: bid a card to Delay, making the previous player "
                "activate another model first? (L48)",
                (Action("delay"), Action("no-delay")),
            )
        return _choose(game, seat, ACTIVATIONS)

    def _may_delay(self, game: WolsungGame, seat: int, left: list[int]) -> bool:
        previous = game.state.last_active
        return (
            bool(hand(game, seat))
            and previous in left
            and previous != seat
            and seat not in mindless_barred(UseKind.DELAY, mindless_left(game), house_of(game))
        )

    def _answer(self, game: WolsungGame, action: Action) -> Decision | list[Step] | Sealed:
        st = game.state
        if action.kind == "activate":
            st.offer_delay = False
            m = game.model(action.args[0])
            st.last_active = m.side
            rest = tuple(o.id for o in mates(game, m) if not o.activated)
            joint = [JointActivation(models=rest)] if rest else []
            return [Activation(model=m.id), *joint, AfterActivation(seat=m.side), self]
        st.offer_delay = False
        if action.kind == "delay":
            return [BidRound(kind=UseKind.DELAY.value, opener=st.initiative, declared=True), self]
        return self.run(game, None)


def _choose(game: WolsungGame, seat: int, rule: str) -> Decision:
    waiting = _choosable(game, seat) or _due(game, seat)
    prompt = "activate a model" + (" (surplus activations, L50)" if rule == SURPLUS else "")
    return Decision(seat, "activate", prompt, tuple(Action("activate", (m.id,)) for m in waiting))


def _top_hat(game: WolsungGame, asked: tuple[int, ...]) -> WolsungModel | None:
    """The next model, clockwise from the First Player's club, whose top-hat is still unused,
    of a club not yet asked (L434)."""
    st = game.state
    order = clockwise_from(st.seats, st.first)
    no_steal = mindless_barred(UseKind.STEAL, mindless_left(game), house_of(game))
    hats = (
        m
        for m in game.models
        if m.on_table
        and m.side not in asked
        and m.side not in no_steal
        and member(game, m.id).fighter.has(TOP_HAT)
        and (m.id, TOP_HAT) not in st.used_this_game
    )
    return min(hats, key=lambda m: order.index(m.side), default=None)


@dataclass(slots=True, eq=False)
class Steal(Step):
    """The turn's Steal: a top-hat first, if a club takes one (L434, §7 item 64), else the
    sealed bid (L46); ``asked`` are the clubs asked about their top-hat."""

    rule = "L46"
    asked: tuple[int, ...] = ()

    def run(self, game: WolsungGame, action: Action | None) -> Decision | list[Step]:
        st = game.state
        if action is not None:
            owner = game.model(action.args[0])
            self.asked = (*self.asked, owner.side)
            if action.kind == "top-hat":
                st.used_this_game = (*st.used_this_game, (owner.id, TOP_HAT))
                st.first = st.initiative = automatic_steal(owner.side).acts_next
                game.emit("top-hat", TOP_HAT_RULE, (owner.id,), seat=owner.side)
                return []
        hat = _top_hat(game, self.asked)
        if hat is not None:
            return Decision(
                hat.side,
                "top-hat",
                f"{hat.name}'s top-hat: take the Steal with no card, once a game? (L434)",
                (Action("top-hat", (hat.id,)), Action("no-top-hat", (hat.id,))),
            )
        steal = BidRound(kind=UseKind.STEAL.value, opener=st.first)
        return [steal] if steal.asked(game) else []


@dataclass(slots=True, eq=False)
class JointActivation(Step):
    """The rest of one activation shared by ``models``: each still on the table and not yet
    activated activates in turn, its player choosing which goes next (L71, L499, L629)."""

    rule = "L71"
    models: tuple[str, ...] = ()

    def run(self, game: WolsungGame, action: Action | None) -> Decision | list[Step]:
        if action is not None:
            return [Activation(model=action.args[0]), self]
        left = [game.model(mid) for mid in self.models]
        waiting = [m for m in left if m.on_table and not m.activated]
        if len(waiting) <= 1:
            return [Activation(model=m.id) for m in waiting]
        prompt = "activate the next model of the same activation (L71)"
        options = tuple(Action("activate", (m.id,)) for m in waiting)
        return Decision(waiting[0].side, "activate", prompt, options)


@dataclass(slots=True, eq=False)
class AfterActivation(Step):
    """Right after ``seat`` activated a model: first the models that must activate next (the
    Hounds a Release called in, L493); then back to the player a Delay interrupted, or an
    Additional Activation bid offered, or the initiative passes on clockwise (L47, L48)."""

    rule = "L47"
    seat: int = 0

    def run(self, game: WolsungGame, action: Action | None) -> Decision | list[Step] | Sealed:
        st = game.state
        if st.next_up:
            coming, st.next_up = st.next_up, ()
            return [JointActivation(models=coming), self]
        left = seats_to_activate(game)
        if st.returns_to >= 0:
            st.initiative, st.returns_to, st.offer_delay = st.returns_to, -1, True
            return []
        if action is not None:
            if action.kind == "additional":
                return [BidRound(kind=UseKind.ADDITIONAL.value, opener=self.seat, declared=True)]
            return self._pass_on(game, left)
        if len(left) > 1 and self.seat in left and hand(game, self.seat) and self._may_bid(game):
            return Decision(
                self.seat,
                "additional",
                "bid a card to activate another model now? (L47)",
                (Action("additional"), Action("no-additional")),
            )
        return self._pass_on(game, left)

    def _may_bid(self, game: WolsungGame) -> bool:
        """Whether no Mindless model bars the seat's Additional Activation bid (L43, §7 item 3)."""
        return self.seat not in mindless_barred(
            UseKind.ADDITIONAL, mindless_left(game), house_of(game)
        )

    def _pass_on(self, game: WolsungGame, left: list[int]) -> list[Step]:
        st = game.state
        if left:
            st.initiative, st.offer_delay = _next_seat(game, self.seat, left), True
        return []


@dataclass(slots=True, eq=False)
class BidRound(Step):
    """A bid of ``kind`` opened by ``opener``: each player asked, clockwise from the opener,
    lays a card face down or passes, all revealed together (notes §4.4); whether each laid a
    card is public as it is laid, which card is not (step 2). A ``declared`` Additional or
    Delay opener has said it bids, so it must lay a card."""

    rule = "L45"
    kind: str = ""
    opener: int = 0
    declared: bool = False

    def _order(self, game: WolsungGame) -> list[int]:
        kind, rules = UseKind(self.kind), house_of(game)
        order = bidders(
            kind, game.state.seats, self.opener, rules, mindless_left=mindless_left(game)
        )
        playing = in_game(game)
        return [seat for seat in order if seat in playing and hand(game, seat)]

    def asked(self, game: WolsungGame) -> bool:
        """Whether anyone holds a card to bid with."""
        return bool(self._order(game))

    def run(self, game: WolsungGame, action: Action | None) -> Decision | list[Step] | Sealed:
        kind = UseKind(self.kind)
        parts = []
        for seat in self._order(game):
            cards = card_actions("bid", hand(game, seat))
            must = self.declared and seat == self.opener
            prompt = f"{kind} bid: lay a card face down" + ("" if must else ", or pass")
            parts.append(Decision(seat, "bid", prompt, cards if must else (*cards, PASS)))
        return Sealed(tuple(parts), kinds_public=True)

    def reveal(
        self, game: WolsungGame, answers: tuple[Action, ...]
    ) -> Decision | list[Step] | Sealed:
        kind, st = UseKind(self.kind), game.state
        seats = self._order(game)
        bids = [
            Bid(seat, None if a.kind == "pass" else card_of(a.args[0]))
            for seat, a in zip(seats, answers, strict=True)
        ]
        bids.sort(key=lambda b: clockwise_from(st.seats, self.opener).index(b.seat))
        previous = st.last_active if st.last_active >= 0 else None  # -1: nobody has yet
        outcome = resolve_bid(kind, st.seats, self.opener, bids, house_of(game), previous)
        for bid in outcome.discarded:
            assert bid.card is not None
            spend(game, bid.seat, (bid.card,), RULE[kind])
        game.emit(
            "bid-won" if outcome.won else "bid-lost",
            RULE[kind],
            (),
            kind=self.kind,
            opener=self.opener,
            winner=outcome.winner,
        )
        self._apply(game, outcome)
        return []

    def _apply(self, game: WolsungGame, outcome: BidOutcome) -> None:
        st = game.state
        if outcome.kind is UseKind.STEAL:
            st.first = st.initiative = outcome.acts_next
            return
        st.initiative = outcome.acts_next
        st.offer_delay = outcome.kind is UseKind.ADDITIONAL and not outcome.won
        if outcome.returns_to is not None:
            st.returns_to = outcome.returns_to
