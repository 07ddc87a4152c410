"""The sides of one game: their names and those the rules drive. A game's setup makes them
(:meth:`~skirmish.engine.ruleset.Ruleset.sides_of`), because one ruleset may be played by a
number of sides the setup chooses."""

from __future__ import annotations

from dataclasses import dataclass

from skirmish.errors import SkirmishError, quoted


@dataclass(frozen=True, slots=True)
class Sides:
    """The sides of a game: ``names`` in side order (a side is its index) and ``automata``,
    the sides the rules drive themselves (no player ever decides for them).

    Raises:
        SkirmishError: no side, two sides of one name, or an automaton that is no side.
    """

    names: tuple[str, ...]
    automata: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        folded = {name.lower() for name in self.names}
        if not self.names or len(folded) != len(self.names):
            raise SkirmishError(f"a game has one or more sides of distinct names: {self.names}")
        if not self.automata <= set(range(len(self.names))):
            raise SkirmishError(
                f"automata {sorted(self.automata)} are not all sides of {self.names}"
            )

    @property
    def players(self) -> tuple[int, ...]:
        """The sides a player decides for: every side but the automata."""
        return tuple(s for s in range(len(self.names)) if s not in self.automata)

    def find(self, name: str) -> int | None:
        """The side named ``name`` (in any case), or ``None``."""
        folded = name.lower()
        return next((s for s, n in enumerate(self.names) if n.lower() == folded), None)

    def index(self, name: str) -> int:
        """The side named ``name`` (in any case).

        Raises:
            SkirmishError: this game has no such side.
        """
        side = self.find(name)
        if side is None:
            raise SkirmishError(
                f"this game has no side {quoted(name)}; its sides are {', '.join(self.names)}"
            )
        return side
