"""Exact odds of Wolsung's opposed tests, and what a hit's Wounds are worth, for the heuristic
player (rules notes §0; L9, L104, L119-L121, L139, L145, L236; house scenarios §4.0).

Each side rolls its pool and counts the 4+ (p = 1/2, L9); the active side wins with as many
successes or more, ties included (L104, L139); every success over the defender's is a critical
hit, +1 damage (L121). So a test is the distribution of the margin, the active side's successes
less the defender's (:func:`margins`), exact from :func:`skirmish.odds.binomial`.

A hit is worth the casualty points it may score (Hero 2, Henchman 1, §4.0): all of them when it
takes the model's last Wounds, a share of them for Wounds short of that (:class:`Stake`);
Hard to Kill leaves a model that had more than 1 Wound on 1 (L236).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from skirmish.odds import binomial

__all__ = ["PROGRESS", "Stake", "blow_harm", "counter_harm", "hit_chance", "margins", "rolls"]

SUCCESS = Fraction(1, 2)
"""The chance of a 4+ on a D6 (L9)."""
PROGRESS = 0.6
"""What Wounds short of a kill are worth, as a share of their part of the Wounds left: they
bring the casualty nearer, but score nothing yet."""


@cache
def rolls(dice: int) -> tuple[tuple[int, float], ...]:
    """The chance of each number of successes of a pool of ``dice``; a pool of 0 or fewer rolls
    none (§7 item 22)."""
    return tuple((k, float(p)) for k, p in binomial(max(dice, 0), SUCCESS).items())


@cache
def margins(active: int, defender: int) -> tuple[tuple[int, float], ...]:
    """The chance of each margin, the active side's successes less the defender's."""
    out: dict[int, float] = {}
    for a, pa in rolls(active):
        for d, pd in rolls(defender):
            out[a - d] = out.get(a - d, 0.0) + pa * pd
    return tuple(sorted(out.items()))


def hit_chance(active: int, defender: int) -> float:
    """The chance that the active side wins: as many successes as the defender or more."""
    return sum(p for k, p in margins(active, defender) if k >= 0)


@dataclass(frozen=True, slots=True)
class Stake:
    """What a model's Wounds are worth: its casualty ``points``, the Wounds it has ``left``,
    and whether it is Hard to Kill."""

    points: int
    left: int
    hard_to_kill: bool = False

    def harm(self, wounds: int) -> float:
        """What taking ``wounds`` off the model is worth (L236 for Hard to Kill)."""
        if wounds <= 0:
            return 0.0
        if wounds < self.left:
            return self.points * PROGRESS * wounds / self.left
        if self.hard_to_kill and self.left > 1:
            return self.points * PROGRESS * (self.left - 1) / self.left
        return float(self.points)


@cache
def blow_harm(active: int, defender: int, base: int, stake: Stake) -> float:
    """The expected worth of the active side's hit: ``base`` Wounds (Strength less Armour)
    and one more per critical hit, on a margin of 0 or more (L104, L119-L121)."""
    return sum(p * stake.harm(base + k) for k, p in margins(active, defender) if k >= 0)


@cache
def counter_harm(active: int, defender: int, base: int, stake: Stake) -> float:
    """The expected worth of a Fencing defender's blow back: ``base`` Wounds and one more per
    success over the attacker's, when it has more (L139, §7 item 30)."""
    return sum(p * stake.harm(base - k) for k, p in margins(active, defender) if k < 0)
