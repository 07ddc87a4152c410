"""Wolsung's initiative bids: Steal, Additional Activation and Delay (L43, L45-L48; rules
notes §1.3 II and §4.4), as pure functions over seats and cards.

Seats are the players' side numbers, listed clockwise (L43, L46-L48). A bid opens at its
moment: Steal just before the First Player's first activation of the turn (L46), Additional
Activation just after a player's activation (L47), Delay just after a player receives the
initiative (L48). Going clockwise from the player who opens it (a Steal from the First
Player, [HOUSE] notes §4.4), each player asked lays a card face down or passes; a game asks
them through the kernel's sealed decisions with their kinds public, so later players know
whether earlier ones laid a card but not which (§4.4 step 2). Then all are revealed and the
highest card (:func:`.deck.beats`) wins.

- Steal: anyone may bid, the First Player too; the highest card's player is First Player from
  now on and activates first; if nobody bids nothing changes (§7 item 8). Sir Oakroot's
  top-hat takes it once a game with no card and no contest (L434, §7 item 64).
- Additional Activation and Delay: the opener must lay a card; the others may counter. The
  opener wins only with a card higher than every counter, so an uncontested bid always wins
  (notes §4.4 step 6). Additional: the winner activates another model at once; otherwise the
  initiative passes on clockwise. Delay: the previous player (the opponent, with two) must
  activate another model before the initiative comes back; it may not be opened if that
  player has nothing left to activate (§7 item 9). With three or more the previous player is
  the one whose activation passed the initiative to the opener: the seat before it, unless
  seats with nothing left to activate were passed over (L48).
- A player with a Mindless model still to activate may not Steal or Delay (L43), nor bid for
  an Additional Activation by default (§7 item 3, :attr:`.HouseRules.mindless_blocks_additional`).
- Every revealed card is discarded, the winner's too ([HOUSE] §7 item 7,
  :attr:`.HouseRules.discard_bids`); bids may be repeated as long as cards last (L47, L48).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from skirmish.cards import Card
from skirmish.errors import IllegalActionError, SkirmishError
from skirmish.rulesets.wolsung.cards.deck import card_key
from skirmish.rulesets.wolsung.cards.payments import UseKind
from skirmish.rulesets.wolsung.house_rules import HouseRules

__all__ = [
    "BID_KINDS",
    "Bid",
    "BidOutcome",
    "automatic_steal",
    "bidders",
    "clockwise_from",
    "mindless_barred",
    "resolve_bid",
]

BID_KINDS = (UseKind.STEAL, UseKind.ADDITIONAL, UseKind.DELAY)
"""The three initiative bids (L46-L48), named as card uses."""

_LINE = {UseKind.STEAL: "L46", UseKind.ADDITIONAL: "L47", UseKind.DELAY: "L48"}


@dataclass(frozen=True, slots=True)
class Bid:
    """One player's answer when a bid goes round: a card laid face down, or ``None`` to pass."""

    seat: int
    card: Card | None = None


@dataclass(frozen=True, slots=True)
class BidOutcome:
    """What a revealed bid decides.

    ``winner`` laid the highest card (``None``: no card was laid). ``won`` says whether the
    bid did what it was opened for: a Steal changed hands or was defended, an Additional or
    Delay opener beat every counter. ``acts_next`` activates a model next; after a won Delay,
    the initiative then ``returns_to`` the opener. ``discarded`` go to the discard pile,
    ``returned`` back to their owners' hands.
    """

    kind: UseKind
    winner: int | None
    won: bool
    acts_next: int
    returns_to: int | None = None
    discarded: tuple[Bid, ...] = ()
    returned: tuple[Bid, ...] = ()


def clockwise_from(seats: Sequence[int], seat: int) -> tuple[int, ...]:
    """Every seat once, clockwise, starting at ``seat``.

    Raises:
        SkirmishError: ``seat`` is not at the table.
    """
    if seat not in seats:
        raise SkirmishError(f"seat {seat} is not at the table {tuple(seats)}")
    at = list(seats).index(seat)
    return (*seats[at:], *seats[:at])


def bidders(
    kind: UseKind,
    seats: Sequence[int],
    opener: int,
    rules: HouseRules,
    *,
    mindless_left: Collection[int] = (),
    models_left: Collection[int] | None = None,
    previous: int | None = None,
) -> tuple[int, ...]:
    """Who is asked, in order, when ``opener`` opens a bid of ``kind``: for a Steal the First
    Player (``opener``) and then clockwise, less those barred by a Mindless model still to
    activate (``mindless_left``, L43); for the others the opener and then every opponent
    clockwise. ``models_left`` are the seats with models still to activate (``None``: all);
    ``previous`` the player a Delay makes activate again (``None``: the seat before the
    opener).

    Raises:
        IllegalActionError: the opener may not open this bid now (L43, §7 items 3 and 9).
    """
    _check_kind(kind)
    order = clockwise_from(seats, opener)
    barred = mindless_barred(kind, mindless_left, rules)
    if kind is UseKind.STEAL:
        return tuple(seat for seat in order if seat not in barred)
    if opener in barred:
        raise IllegalActionError(
            f"seat {opener} still has a Mindless model to activate: no {kind} bid (L43)"
        )
    waiting = order[-1] if previous is None else previous
    if kind is UseKind.DELAY and models_left is not None and waiting not in models_left:
        raise IllegalActionError(
            f"seat {waiting} has no model left to activate: no Delay (L48, §7 item 9)"
        )
    return order


def resolve_bid(
    kind: UseKind,
    seats: Sequence[int],
    opener: int,
    bids: Sequence[Bid],
    rules: HouseRules,
    previous: int | None = None,
) -> BidOutcome:
    """Reveal the bids laid when ``opener`` opened a bid of ``kind`` and say what they decide;
    a won Delay makes ``previous`` activate again (``None``: the seat before the opener).

    Raises:
        IllegalActionError: a seat bids twice or is not at the table, two bids show one
            card, or an Additional or Delay opener laid no card.
    """
    _check_kind(kind)
    order = clockwise_from(seats, opener)
    _check_bids(kind, order, bids)
    laid = tuple(bid for bid in bids if bid.card is not None)
    winner = _top(bids)
    spent = (laid, ()) if rules.discard_bids else ((), laid)
    if kind is UseKind.STEAL:
        first = opener if winner is None else winner
        return BidOutcome(kind, winner, winner is not None, first, None, *spent)
    won = winner == opener
    if kind is UseKind.ADDITIONAL:
        return BidOutcome(kind, winner, won, opener if won else order[1], None, *spent)
    if won:
        delayed = order[-1] if previous is None else previous
        return BidOutcome(kind, winner, won, delayed, opener, *spent)
    return BidOutcome(kind, winner, won, opener, None, *spent)


def automatic_steal(seat: int) -> BidOutcome:
    """Sir Oakroot's top-hat: ``seat`` takes the Steal with no card and no contest (L434, §7
    item 64); the game keeps it to once a game."""
    return BidOutcome(UseKind.STEAL, seat, True, seat)


def _check_kind(kind: UseKind) -> None:
    if kind not in BID_KINDS:
        raise SkirmishError(f"{kind} is not an initiative bid: {', '.join(BID_KINDS)}")


def mindless_barred(
    kind: UseKind, mindless_left: Collection[int], rules: HouseRules
) -> Collection[int]:
    """The seats of ``mindless_left``, with a Mindless model still to activate, that may not
    open a bid of ``kind``, nor join a Steal (L43, §7 item 3)."""
    if kind is UseKind.ADDITIONAL and not rules.mindless_blocks_additional:
        return ()
    return mindless_left


def _check_bids(kind: UseKind, order: Sequence[int], bids: Sequence[Bid]) -> None:
    seats = [bid.seat for bid in bids]
    cards = [bid.card for bid in bids if bid.card is not None]
    if len(set(seats)) != len(seats) or not set(seats) <= set(order):
        raise IllegalActionError(f"each seat of {tuple(order)} bids at most once, not {seats}")
    if len(set(cards)) != len(cards):
        raise IllegalActionError(f"one deck holds each card once: {[c.text for c in cards]}")
    opening = bids[0] if bids else Bid(order[0])
    if kind is not UseKind.STEAL and (opening.seat != order[0] or opening.card is None):
        raise IllegalActionError(f"{kind} opens with seat {order[0]} laying a card ({_LINE[kind]})")


def _top(bids: Sequence[Bid]) -> int | None:
    """The seat of the highest card laid, if any (L55-L59)."""
    laid = {bid.card: bid.seat for bid in bids if bid.card is not None}
    return laid[max(laid, key=card_key)] if laid else None
