"""A Threshold team's promotion level and the limits it sets on the list (rules notes §2.20).

``data/book/promotion.toml`` holds the Total Points of a new list (R:346) and the four levels
reached at 0, 5, 10 and 15 wins (R:489-502): the Personnel and Equipment Points a list may hold
(R:494, R:497, R:500, and R:2104 for a new list, held at creation too as notes §6 item 26
suggests), how many Special Agents serve at once (one until the first promotion, R:378), how
many may join for good (one from Gallantry in Action, any at Distinguished Service: R:496,
R:500) and how many Special Branch prototypes it may carry (none until promoted, R:1316; one
from Extraordinary Heroism, any number at Distinguished Service: R:493, R:500, notes §6 item
77), each with the lines a refusal cites. :func:`load_promotion` reads it;
:meth:`Promotion.level_of` finds a team's level by its wins.
"""

from __future__ import annotations

from functools import cache
from typing import Annotated, Self

from pydantic import Field, StrictInt, model_validator

from skirmish.data_files import read_data
from skirmish.rulesets.strange_aeons.rules_data.catalog import BOOK
from skirmish.rulesets.strange_aeons.rules_data.records import Id, Line, Name, Record

__all__ = ["Level", "Promotion", "load_promotion"]

Limit = Annotated[StrictInt, Field(ge=0, le=100)]
Lines = Annotated[tuple[Line, ...], Field(min_length=1)]


class Level(Record):
    """One promotion level: the wins that reach it and the limits it sets (``None``: none)."""

    id: Id
    name: Name
    wins: Limit
    pp: Limit | None = None
    ep: Limit | None = None
    special_agents: Limit | None = None
    permanent_agents: Limit | None = None
    prototypes: Limit | None = None
    points_lines: Lines
    """Where the book sets its PP and EP maxima."""
    prototype_lines: Lines
    """Where the book sets how many prototypes it carries."""

    @property
    def points_cited(self) -> str:
        """Where its PP and EP maxima are set, as messages cite it: ``R:494``."""
        return _cited(self.points_lines)

    @property
    def prototypes_cited(self) -> str:
        """Where its prototype limit is set, as messages cite it: ``R:493, R:1316``."""
        return _cited(self.prototype_lines)


class Promotion(Record):
    """A new list's Total Points and the promotion levels, from the lowest up."""

    starting_points: Limit
    level: Annotated[tuple[Level, ...], Field(min_length=1)]

    @model_validator(mode="after")
    def _from_no_wins_up(self) -> Self:
        wins = [level.wins for level in self.level]
        if wins[0] != 0 or wins != sorted(set(wins)):
            raise ValueError(f"the levels start at 0 wins and rise, got {wins}")
        return self

    def level_of(self, wins: int) -> Level:
        """The level a team with ``wins`` wins has reached (R:490)."""
        return [level for level in self.level if level.wins <= wins][-1]


@cache
def load_promotion() -> Promotion:
    """The promotion levels of the book's data (``data/book/promotion.toml``), read once: the
    package's data files do not change while it runs, and the record is frozen."""
    return read_data(BOOK, "promotion.toml", Promotion)


def _cited(lines: tuple[Line, ...]) -> str:
    return ", ".join(f"R:{line}" for line in lines)
