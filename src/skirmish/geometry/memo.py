"""Answers remembered by key: what a board's caches are made of.

A board never changes (a setup that adds terrain makes a new one, with new memos), and rules
and AIs ask the same questions of it again and again (can this body see that one, how far is
it around the terrain), so each kind of answer is kept in a :class:`Memo` of its own, named on
the board.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Memo(Generic[K, V]):
    """Values by key, computed once; a memo with a ``limit`` forgets everything when full
    (cheaper than an ordering, and a game's questions repeat within short spans). A value
    is never ``None``."""

    __slots__ = ("limit", "values")

    def __init__(self, limit: int = 0) -> None:
        self.limit = limit
        self.values: dict[K, V] = {}

    def get(self, key: K) -> V | None:
        """The value remembered for ``key``, if any."""
        return self.values.get(key)

    def remember(self, key: K, compute: Callable[[], V]) -> V:
        """The value for ``key``: remembered, or ``compute()`` kept for next time."""
        values = self.values
        found = values.get(key)
        if found is None:
            if self.limit and len(values) >= self.limit:
                values.clear()
            found = values[key] = compute()
        return found
