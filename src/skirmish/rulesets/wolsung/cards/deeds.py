"""The Heroic Deed exchange: cards played after an opposed roll for extra successes (L217-L218,
L416; rules notes §1.9 and golden tests G5, G6).

After the dice (and any re-rolls, §7 item 40), the owner of a Hero in the test may discard
cards, each adding +2 successes for a court card or Ace and +1 otherwise, of the colour the
test takes (:mod:`.payments`). Only a Hero's side plays (§7 item 38). With Heroes on both
sides the one with fewer successes plays first, the target on a tie; then they take turns, one
card at a time. A player who passes is done, and the other may go on playing as many cards as
it likes; a War hero may come back after passing (L416). When both have passed the
successes are totalled. With one Hero, it alone plays until it passes.

:class:`DeedExchange` is a frozen value a game steps through, one decision per turn; its
``bonus`` then goes to :meth:`..combat.opposed.OpposedTest.with_deeds`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from skirmish.cards import Card
from skirmish.errors import IllegalActionError
from skirmish.rulesets.wolsung.cards.payments import (
    Contest,
    Payer,
    Use,
    UseKind,
    check_payment,
    deed_bonus,
    payment_problem,
)
from skirmish.rulesets.wolsung.house_rules import HouseRules

__all__ = ["ACTIVE", "DEFENDER", "PASS_NOT_FINAL", "DeedExchange", "open_exchange"]

ACTIVE = 0
DEFENDER = 1
SIDES = (ACTIVE, DEFENDER)

PASS_NOT_FINAL = frozenset({"war_hero"})
"""Keyword ids whose Hero may play again after passing (L416)."""


@dataclass(frozen=True, slots=True)
class DeedExchange:
    """A Heroic Deed exchange in progress: side 0 active, side 1 the defender (the target).

    ``payers`` are the Heroes' sides (``None``: no Hero, no deeds); ``to_play`` is the side
    whose turn it is (``None``: over); ``out`` have passed for good; ``passed`` have passed
    since the last card; ``bonus`` is the successes added to each side; ``played`` the cards in
    order, with their sides.
    """

    contest: Contest
    payers: tuple[Payer | None, Payer | None]
    to_play: int | None
    out: frozenset[int] = frozenset()
    passed: frozenset[int] = frozenset()
    bonus: tuple[int, int] = (0, 0)
    played: tuple[tuple[int, Card], ...] = ()

    @property
    def is_over(self) -> bool:
        """Whether both sides are done (L218)."""
        return self.to_play is None

    def playable(self, hand: Iterable[Card], rules: HouseRules) -> tuple[Card, ...]:
        """The cards of ``hand`` the side to play may lay now (none once it is over)."""
        payer = self._payer()
        if payer is None:
            return ()
        use = Use(UseKind.HEROIC_DEED, contest=self.contest)
        return tuple(c for c in hand if payment_problem(use, payer, c, rules) is None)

    def play(self, card: Card, rules: HouseRules) -> DeedExchange:
        """The side to play lays ``card``; the turn goes to the other side unless it is done.

        Raises:
            IllegalActionError: the exchange is over, or ``card`` may not pay (L217).
        """
        side, payer = self._turn()
        check_payment(Use(UseKind.HEROIC_DEED, contest=self.contest), payer, card, rules)
        active, defender = self.bonus
        gained = deed_bonus(card)
        bonus = (active + gained, defender) if side == ACTIVE else (active, defender + gained)
        other = 1 - side
        return replace(
            self,
            to_play=side if other in self.out else other,
            passed=frozenset(),
            bonus=bonus,
            played=(*self.played, (side, card)),
        )

    def pass_turn(self) -> DeedExchange:
        """The side to play passes: done for good unless a War hero (L416); the exchange ends
        once neither side has a card to come (L218).

        Raises:
            IllegalActionError: the exchange is over.
        """
        side, payer = self._turn()
        out = self.out if payer.keywords & PASS_NOT_FINAL else self.out | {side}
        passed = self.passed | {side}
        over = out | passed >= set(SIDES)
        return replace(self, to_play=None if over else 1 - side, out=out, passed=passed)

    def _payer(self) -> Payer | None:
        return None if self.to_play is None else self.payers[self.to_play]

    def _turn(self) -> tuple[int, Payer]:
        payer = self._payer()
        if self.to_play is None or payer is None:
            raise IllegalActionError("the Heroic Deed exchange is over (L218)")
        return self.to_play, payer


def open_exchange(
    contest: Contest, successes: tuple[int, int], payers: tuple[Payer | None, Payer | None]
) -> DeedExchange:
    """The exchange after a roll with ``successes`` (active, defender): the side with fewer
    plays first, the defender on a tie (L218); a side with no Hero takes no part."""
    out = frozenset(side for side in SIDES if payers[side] is None)
    behind = ACTIVE if successes[ACTIVE] < successes[DEFENDER] else DEFENDER
    first = next((side for side in (behind, 1 - behind) if side not in out), None)
    return DeedExchange(contest, payers, first, out=out)
