"""Rolling a scenario's loot or effect table (notes §2.17) and what its row leads to.

A D6, plus the table's bonus (the Alien Artefact Table adds one per secured marker, R:1815;
a total below its first row reads as that row), picks the row. A row may then roll a number
(``amount``: "1D3" Scrolls, "1D3+1" games, a D3 being a D6 halved, notes §0), another table
(``then``: an Artifact Table's Contents by its Type, R:1628; a random Magical Artifact,
R:1497), or this table again, re-rolling that row (Cursed!, R:1511). A table the book names but
never prints is read as the one the notes suggest (the Obelisk Table, §6 item 9).
"""

from __future__ import annotations

from dataclasses import dataclass

from skirmish.dice import Faces
from skirmish.rulesets.strange_aeons.dice import d3
from skirmish.rulesets.strange_aeons.rules_data.notation import DiceExpr
from skirmish.rulesets.strange_aeons.rules_data.scenario_records import (
    LootRow,
    LootTable,
    ScenarioData,
)
from skirmish.rulesets.strange_aeons.scenarios.book import ScenarioError

__all__ = ["LootRoll", "roll_loot"]


@dataclass(frozen=True, slots=True)
class LootRoll:
    """One roll on ``table``: the face, the bonus added, the row read, the faces rolled again
    for a row that re-rolls itself, the ``amount`` rolled for the row, and what it led to
    (``next``: the table ``then`` named, or this table again). ``stands_for``: the unprinted
    table this one was read for."""

    table: LootTable
    face: int
    bonus: int
    row: LootRow
    rerolled: tuple[int, ...] = ()
    amount: int | None = None
    next: LootRoll | None = None
    stands_for: LootTable | None = None

    @property
    def total(self) -> int:
        """The face plus the bonus."""
        return self.face + self.bonus


def roll_loot(data: ScenarioData, table: LootTable, dice: Faces, bonus: int = 0) -> LootRoll:
    """Roll ``table`` with ``bonus`` added, and whatever its row leads to.

    Raises:
        ScenarioError: a bonus the table does not take, or beyond its limit.
    """
    if table.same_as is not None:
        rolled = roll_loot(data, data.loot[table.same_as], dice, bonus)
        return LootRoll(
            rolled.table,
            rolled.face,
            rolled.bonus,
            rolled.row,
            rolled.rerolled,
            rolled.amount,
            rolled.next,
            stands_for=table,
        )
    if not 0 <= bonus <= table.bonus_at_most:
        takes = f"0 to {table.bonus_at_most} ({table.bonus})" if table.bonus else "none"
        raise ScenarioError(f"{table.name} takes a bonus of {takes}, not {bonus}")
    return _roll(data, table, dice, bonus, again=False)


def _roll(data: ScenarioData, table: LootTable, dice: Faces, bonus: int, again: bool) -> LootRoll:
    """A roll of ``table``; ``again``: rolling once more after a row that re-rolls itself,
    whose further results are rolled again."""
    rerolled: list[int] = []
    while True:
        (face,) = dice.faces(1, 6, table.name)
        row = _row(table, face + bonus)
        if not (again and row.again):
            break
        rerolled.append(face)
    amount = None if row.amount is None else _amount(row.amount, dice, f"{row.found}: {row.amount}")
    follow = None
    if row.then is not None:
        follow = _roll(data, data.loot[row.then], dice, 0, again=False)
    elif row.again:
        follow = _roll(data, table, dice, bonus, again=True)
    return LootRoll(table, face, bonus, row, tuple(rerolled), amount, follow)


def _row(table: LootTable, total: int) -> LootRow:
    lowest = table.row[0]
    if total < lowest.rolls[0]:
        return lowest
    return next(r for r in table.row if r.rolls[0] <= total <= r.rolls[1])


def _amount(expr: DiceExpr, dice: Faces, purpose: str) -> int:
    faces = dice.faces(expr.count, 6, purpose)
    return sum(d3(f) if expr.sides == 3 else f for f in faces) + expr.plus
