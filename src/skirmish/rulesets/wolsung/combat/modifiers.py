"""A dice pool as an explained sum: a characteristic and each modifier with its reason
(rules notes §1.6 steps 3-4, §1.7 step 3).

Every term of a pool names the rule that put it there (``-1 range 8.01-16" (L107)``), so a
log can cite each. Two rules do not simply add, and each becomes the term that gets the
pool where the rule says: Move Penalty takes the pool no lower than 1 (L226, §7 item 41,
:meth:`Pool.lowered`), and a Toppled model's Fight is 1 whatever else applies (L111, §7 item
25, :meth:`Pool.fixed`). A pool that ends at 0 or below rolls no dice (:mod:`.opposed`).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Modifier", "Pool"]


@dataclass(frozen=True, slots=True)
class Modifier:
    """One term of a pool or of damage: how much, and the rule that says so."""

    amount: int
    reason: str

    def __str__(self) -> str:
        return f"{self.amount:+d} {self.reason}"


@dataclass(frozen=True, slots=True)
class Pool:
    """The dice one side rolls: its terms in the order the rules apply them."""

    terms: tuple[Modifier, ...]

    @staticmethod
    def of(amount: int, reason: str) -> Pool:
        """A pool of a characteristic alone (``Pool.of(2, "Guns (L97)")``)."""
        return Pool((Modifier(amount, reason),))

    @property
    def dice(self) -> int:
        """The sum of the terms: the dice to roll (0 or fewer rolls none, §7 item 22)."""
        return sum(term.amount for term in self.terms)

    def plus(self, *terms: Modifier) -> Pool:
        """This pool with ``terms`` added after the others."""
        return Pool((*self.terms, *terms))

    def lowered(self, penalty: int, floor: int, reason: str) -> Pool:
        """This pool less ``penalty``, never taken below ``floor`` by it (L226); a pool
        already below the floor stays where it is."""
        return self.plus(Modifier(-min(penalty, max(0, self.dice - floor)), reason))

    def fixed(self, dice: int, reason: str) -> Pool:
        """This pool set to ``dice`` whatever its terms were (L111)."""
        return self.plus(Modifier(dice - self.dice, reason))

    def __str__(self) -> str:
        # A pool the terms take below 0 rolls none (§7 item 22): the log says so, not "-1".
        return f"{max(self.dice, 0)} dice: " + ", ".join(str(term) for term in self.terms)
