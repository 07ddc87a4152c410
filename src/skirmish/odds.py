"""Exact distributions of dice outcomes, as immutable values (after icepool).

A :class:`Dist` maps each outcome to its exact probability (a ``Fraction``). Operations
return new distributions. Rulesets build their odds from these pieces; the AIs read the
same numbers as floats.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from functools import cache
from typing import Any


class Dist:
    """An exact probability distribution over hashable outcomes."""

    __slots__ = ("_p",)

    def __init__(self, weights: Mapping[Any, Fraction | int]) -> None:
        total = sum(weights.values())
        if total <= 0:
            raise ValueError("a distribution needs positive total weight")
        self._p: dict[Any, Fraction] = {
            k: Fraction(v) / total for k, v in sorted(weights.items()) if v
        }

    @staticmethod
    def always(outcome: Any) -> Dist:
        """The outcome for certain."""
        return Dist({outcome: 1})

    def items(self) -> Iterable[tuple[Any, Fraction]]:
        """(outcome, probability) pairs, outcomes in order."""
        return self._p.items()

    def __getitem__(self, outcome: Any) -> Fraction:
        return self._p.get(outcome, Fraction(0))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Dist) and self._p == other._p

    def __hash__(self) -> int:
        return hash(tuple(self._p.items()))

    def __repr__(self) -> str:
        inner = ", ".join(f"{k!r}: {v}" for k, v in self._p.items())
        return f"Dist({{{inner}}})"

    def map(self, fn: Callable[[Any], Any]) -> Dist:
        """The distribution of ``fn(outcome)``."""
        out: dict[Any, Fraction] = {}
        for k, p in self._p.items():
            key = fn(k)
            out[key] = out.get(key, Fraction(0)) + p
        return Dist(out)

    def bind(self, fn: Callable[[Any], Dist]) -> Dist:
        """Mix ``fn(outcome)`` weighted by each outcome's probability."""
        out: dict[Any, Fraction] = {}
        for k, p in self._p.items():
            for k2, p2 in fn(k).items():
                out[k2] = out.get(k2, Fraction(0)) + p * p2
        return Dist(out)

    def __add__(self, other: Dist) -> Dist:
        """The distribution of the sum of two independent outcomes."""
        return self.bind(lambda a: other.map(lambda b: a + b))

    def probability(self, predicate: Callable[[Any], bool]) -> Fraction:
        """The probability that ``predicate`` holds."""
        return sum((p for k, p in self._p.items() if predicate(k)), Fraction(0))

    def mean(self) -> Fraction:
        """The expected outcome (numeric outcomes only)."""
        return sum((k * p for k, p in self._p.items()), Fraction(0))


@cache
def die(sides: int) -> Dist:
    """One fair die."""
    return Dist({f: 1 for f in range(1, sides + 1)})


@cache
def dice_sum(count: int, sides: int) -> Dist:
    """The sum of ``count`` dice."""
    total = Dist.always(0)
    for _ in range(count):
        total = total + die(sides)
    return total


@cache
def highest(count: int, sides: int) -> Dist:
    """The highest of ``count`` dice (0 when no dice are rolled)."""
    if count == 0:
        return Dist.always(0)
    weights = {f: f**count - (f - 1) ** count for f in range(1, sides + 1)}
    return Dist(weights)


@cache
def binomial(count: int, chance: Fraction) -> Dist:
    """Successes among ``count`` independent trials of probability ``chance``."""
    out = Dist.always(0)
    trial = Dist({1: chance, 0: 1 - chance}) if 0 < chance < 1 else Dist.always(int(chance))
    for _ in range(count):
        out = out + trial
    return out
