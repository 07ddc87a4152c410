"""Rolling a scenario (R:1521, notes §2.15): each player rolls a D6 and the sum is read on the
Basic or Advanced Scenario Table (R:1537-1560), by the team's wins: under 10 the Basic, 10-14
the Advanced; from 15 the sum only says who chooses, even the Threshold player, odd the Lurker
player (:func:`table_for`).

A row gives a scenario or a player's choice. The rows the book leaves empty or out (Basic 12,
Advanced 10-12) read as notes §6 item 2 suggests, which the data marks provisional; the item
asks to keep them configurable, so :class:`ScenarioOptions` ``missing_rows="reroll"`` instead
rolls both dice again whenever they land on such a row.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from skirmish.dice import Faces
from skirmish.rulesets.strange_aeons.rules_data.scenario_records import (
    ScenarioData,
    SelectionRow,
    SelectionTable,
)

__all__ = [
    "LURKER_DIE",
    "THRESHOLD_DIE",
    "ScenarioOptions",
    "SelectionRoll",
    "Throw",
    "choices",
    "roll_scenario",
    "table_for",
]

THRESHOLD_DIE = "scenario roll: Threshold player"
LURKER_DIE = "scenario roll: Lurker player"

MissingRows = Literal["notes", "reroll"]


@dataclass(frozen=True, slots=True)
class ScenarioOptions:
    """How the scenario roll reads the rows the book does not print: ``notes`` as §6 item 2
    suggests (the default), ``reroll`` by rolling again."""

    missing_rows: MissingRows = "notes"


@dataclass(frozen=True, slots=True)
class Throw:
    """One D6 per player."""

    threshold: int
    lurker: int

    @property
    def total(self) -> int:
        """The 2D6 read on the table."""
        return self.threshold + self.lurker


@dataclass(frozen=True, slots=True)
class SelectionRoll:
    """A scenario rolled on ``table``: every throw (more than one when a missing row was
    rolled again) and the row the last one gave."""

    table: SelectionTable
    throws: tuple[Throw, ...]
    row: SelectionRow


def table_for(data: ScenarioData, wins: int) -> SelectionTable:
    """The table a team of ``wins`` wins rolls on (R:1521): the one of most wins it reaches."""
    reached = [table for table in data.selection.values() if table.wins <= wins]
    return max(reached, key=lambda table: table.wins)


def roll_scenario(
    table: SelectionTable, dice: Faces, options: ScenarioOptions = ScenarioOptions()
) -> SelectionRoll:
    """Roll a D6 for each player and read the sum on ``table`` (R:1521)."""
    throws: list[Throw] = []
    while True:
        (threshold,) = dice.faces(1, 6, THRESHOLD_DIE)
        (lurker,) = dice.faces(1, 6, LURKER_DIE)
        throws.append(Throw(threshold, lurker))
        row = next(r for r in table.row if r.rolls[0] <= threshold + lurker <= r.rolls[1])
        if not (row.provisional and options.missing_rows == "reroll"):
            return SelectionRoll(table, tuple(throws), row)


def choices(data: ScenarioData, row: SelectionRow) -> list[str]:
    """The scenarios a choosing row allows, by name: its kinds, a Quest within its Map
    Pieces (R:1552)."""
    most = row.quest_map_pieces
    return [
        s.name
        for s in data.scenarios.values()
        if s.kind in row.kinds and (s.map_pieces is None or most is None or s.map_pieces <= most)
    ]
