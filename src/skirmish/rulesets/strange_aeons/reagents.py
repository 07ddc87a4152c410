"""The Reagent Table (R:793-801, rules notes §2.10): what the Mad Scientist's Diabolical Serum
does to the model it goes into (``data/reagent.toml``), and what a game whose Lurkers have a
Mad Scientist holds ready for it at set-up: the profile a Mutation makes of the model and the
weapon of a Volatile model's explosion (:mod:`.serum` plays them)."""

from __future__ import annotations

from importlib.resources import files
from typing import Literal

from pydantic import Field

from skirmish.data_files import read_data
from skirmish.rulesets.strange_aeons.catalog import Weapon
from skirmish.rulesets.strange_aeons.rules_data.records import Record

Result = Literal["failure", "volatile", "inert", "slight", "boost", "mutation"]
Stat = Literal["move", "dex", "con", "attacks", "wounds", "res"]
BLAST = "volatile_blast"
"""The id of the weapon a Volatile model explodes with."""
SPAWNED = ":"
"""Joins a side's letter and the book's profile a model of that side may become in play:
``L:blasphemous_construct``."""


class ReagentRow(Record):
    """A band of the 2D6 and its result, with the characteristics a boost adds."""

    low: int
    high: int
    result: Result
    name: str
    stats: dict[Stat, int] = Field(default_factory=dict)


class VolatileRule(Record):
    """Volatile!: the face that blows the model up, the hit's Damage bonus, the template."""

    blows_on: int
    damage: int
    template: Literal["S", "L"]


class ReagentTable(Record):
    """The table, the step and characteristics of a Slight Success, and the book's profile a
    Mutation makes of the model."""

    step: int
    slight: tuple[Stat, ...]
    becomes: str
    row: tuple[ReagentRow, ...]
    volatile: VolatileRule


def load_reagents() -> ReagentTable:
    """The Reagent Table, from the package's data."""
    return read_data(files(__package__) / "data", "reagent.toml", ReagentTable)


REAGENTS = load_reagents()


def row_of(table: ReagentTable, total: int) -> ReagentRow:
    """The row of the 2D6 ``total``."""
    return next(r for r in table.row if r.low <= total <= r.high)


def blast_weapon(table: ReagentTable) -> Weapon:
    """The explosion of a Volatile model, a weapon of its side's setup (R:797)."""
    rule = table.volatile
    return Weapon(
        id=BLAST,
        name="Volatile!",
        kind="ranged",
        damage=rule.damage,
        template=rule.template,
        specials=("blast_template",),
    )


def spawn_id(prefix: str, book_id: str) -> str:
    """The id of the profile ``book_id`` that a model of the side ``prefix`` may become."""
    return f"{prefix}{SPAWNED}{book_id}"
