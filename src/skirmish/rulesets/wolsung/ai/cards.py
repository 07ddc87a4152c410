"""Cards as the heuristic player weighs them: what a card in hand is worth, and when to bid one
for the initiative (L40, L45-L48, L55-L59, L173, L207, L211, L217-L218; rules notes §4).

- A card is worth what it may add to a test as a Heroic Deed, +2 for a court card or an Ace and
  +1 otherwise (L218), in a colour the club's Heroes need: black for melee, which every Hero
  may fight, red for shooting, needed by a Hero that shoots, less by one that is only shot at
  (L217). It is worth more in the suit of a living Hero, which pays its Heroic Recovery (L211)
  and, for a caster, its spells (L173); and a little more the higher it ranks, as a bid
  (L55). The hand is filled again every turn (L40), so no card is worth much.
- A bid is worth its gain times the chance that its card wins what passing would not, less
  the card (:func:`bid_score`); passing is worth nothing, so the player bids only where a card
  wins more than it is worth. The bidder's card wins unless the opponent answers with a higher
  one: it answers half the time (:data:`ANSWER`), with any card the player cannot see. A
  counter wins when it beats the bidder's card, any card the player cannot see (L55-L59). The
  First Player keeps its place when nobody bids a Steal (§7 item 8), so its card makes a
  difference only when the other bids, and bids lower (:func:`keep_chance`).
- Acting before the other club is worth a share of the best attack each club may make now,
  its own and theirs (:data:`TEMPO`; :func:`bid_gain`). An Additional Activation or a Steal gains
  that, a Steal also the First Player's first activation of the turns to come
  (:data:`FIRST`). A Delay gives it away for a look at the other club's move first
  (:data:`LOOK`), so it pays only when neither club has much to strike at. Countering a bid
  gains what the bid would have gained its opener, which is the same sum.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from skirmish.cards import Card
from skirmish.rulesets.wolsung.cards.deck import card_key, colour, suit_of, wolsung_deck
from skirmish.rulesets.wolsung.cards.payments import UseKind, deed_bonus
from skirmish.rulesets.wolsung.game.activation import weapons
from skirmish.rulesets.wolsung.game.base import member
from skirmish.rulesets.wolsung.game.state import WolsungGame
from skirmish.rulesets.wolsung.rules_data.records import Suit

__all__ = [
    "ANSWER",
    "Needs",
    "beaten_share",
    "bid_gain",
    "bid_score",
    "card_worth",
    "club_needs",
    "keep_chance",
    "win_chance",
]

DEED_WORTH = 0.1
"""What one success a card may add as a Heroic Deed is worth, in a colour the club needs."""
SHOT_AT = 0.5
"""The need for red cards of a club whose Heroes do not shoot but may be shot at (L217)."""
SUIT_WORTH = 0.05
"""What a card of a living Hero's suit is worth more, per Hero of that suit (L211)."""
RANK_WORTH = 0.02
"""What the highest rank is worth more than the lowest, as a bid (L55)."""
ANSWER = 0.5
"""The chance that an opponent answers a bid with a card."""
TEMPO = 0.25
"""The share of the best attacks of both clubs that acting first wins."""
FIRST = 0.2
"""What being First Player in the turns to come is worth (L46)."""
LOOK = 0.15
"""What seeing the other club move first is worth (L48)."""


@dataclass(frozen=True, slots=True)
class Needs:
    """What a club needs of its cards: how much of each colour (``"black"``, ``"red"``) for
    Heroic Deeds, and what a card of each suit is worth more."""

    colours: Mapping[str, float]
    suits: Mapping[Suit, float]


def club_needs(game: WolsungGame, side: int) -> Needs:
    """What ``side``'s Heroes still in play need of its cards (L173, L211, L217)."""
    heroes = [m for m in game.models if m.side == side and m.hero and m.in_play]
    shoots = any(weapons(game, h) for h in heroes)
    shot_at = any(weapons(game, e) for e in game.models if e.side != side and e.in_play)
    red = 1.0 if shoots else SHOT_AT if shot_at else 0.0
    suits: dict[Suit, float] = {}
    for h in heroes:
        hero = member(game, h.id)
        if hero.payer is not None and hero.payer.suit is not None:
            worth = SUIT_WORTH * (2 if hero.spells else 1)
            suits[hero.payer.suit] = suits.get(hero.payer.suit, 0.0) + worth
    return Needs({"black": 1.0 if heroes else 0.0, "red": red if heroes else 0.0}, suits)


def card_worth(card: Card, needs: Needs) -> float:
    """What keeping ``card`` is worth to a club with ``needs``."""
    deed = DEED_WORTH * deed_bonus(card) * needs.colours[colour(card)]
    ranks = len(wolsung_deck().ranks) - 1
    return deed + needs.suits.get(suit_of(card), 0.0) + RANK_WORTH * card_key(card)[0] / ranks


def beaten_share(card: Card, unseen: Sequence[Card]) -> float:
    """The share of the cards the player cannot see that beat ``card`` (L55-L59)."""
    if not unseen:
        return 0.0
    key = card_key(card)
    return sum(1 for c in unseen if card_key(c) > key) / len(unseen)


def win_chance(card: Card, unseen: Sequence[Card], opens: bool, answered: bool) -> float:
    """The chance that ``card`` wins its bid: as the bid (``opens``), unless an opponent that
    may (``answered``) answers with a higher card; as a counter, if it beats the bid's."""
    beaten = beaten_share(card, unseen)
    if not opens:
        return 1.0 - beaten
    return 1.0 - ANSWER * beaten if answered else 1.0


def keep_chance(card: Card, unseen: Sequence[Card], answered: bool) -> float:
    """The chance that the First Player's ``card`` keeps it First Player where passing would
    not: an opponent bids a Steal, with a lower card (§7 item 8)."""
    return ANSWER * (1.0 - beaten_share(card, unseen)) if answered else 0.0


def bid_gain(kind: UseKind, tempo: float) -> float:
    """What winning a bid of ``kind`` (or countering one) is worth, with ``tempo`` the worth
    of the best attacks both clubs may make now."""
    if kind is UseKind.DELAY:
        return LOOK - TEMPO * tempo
    return TEMPO * tempo + (FIRST if kind is UseKind.STEAL else 0.0)


def bid_score(gain: float, chance: float, worth: float) -> float:
    """What laying a card worth ``worth`` on a bid that gains ``gain`` and that it wins with
    ``chance`` is worth, against passing (0)."""
    return gain * chance - worth
