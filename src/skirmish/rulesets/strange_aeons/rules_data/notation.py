"""The rulebook's notation for numbers, parsed into typed values (rules notes §0).

- :class:`DiceExpr` is a rolled number: ``1D3+2`` (a Movement, R:556), ``1D6`` (a Resolve,
  R:756, or a Rate, R:730), ``1D+2`` (a Damage: one D6 plus 2, R:151), ``0`` (a Damage of
  nothing, R:569).
- :func:`parse_rate` reads a Rate: ``1D``, ``2D`` and ``3D`` are that many to-hit dice (R:181),
  ``1D3+2`` a rolled number of them (R:1322).
- :class:`Characteristics` is a stat row as the book prints it, ``M | Dex | Con | A | W |
  Res`` (R:88-105): a second Movement or Constitution after a slash is the value with armour
  (``6/7``, notes §0), a figure in parentheses counts only against Blessed attackers
  (Ghosts, R:116), ``-`` is no value, and Dex and Res are target numbers (``4+`` is 4).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, TypeVar

Sides = Literal[3, 6]
_T = TypeVar("_T")

_DICE = re.compile(r"(\d)D([36]?)([+-]\d+)?")


@dataclass(frozen=True, slots=True)
class DiceExpr:
    """``count`` dice of ``sides`` sides plus ``plus``; ``count`` 0 is the fixed ``plus``."""

    count: int
    sides: Sides = 6
    plus: int = 0

    def __str__(self) -> str:
        if self.count == 0:
            return str(self.plus)
        plus = f"{self.plus:+d}" if self.plus else ""
        return f"{self.count}D{self.sides}{plus}"

    @property
    def as_damage(self) -> str:
        """As the book writes a Damage, one D6 as ``1D``: ``1D+2``, ``1D``, ``0``."""
        return str(self).replace("1D6", "1D", 1) if self.count == 1 else str(self)

    @property
    def low(self) -> int:
        """The smallest result."""
        return self.count + self.plus

    @property
    def high(self) -> int:
        """The largest result."""
        return self.count * self.sides + self.plus


def parse_dice(text: str) -> DiceExpr:
    """``1D3+2``, ``1D6``, ``1D+2``, ``1D-1`` or a plain number (``0``).

    Raises:
        ValueError: the text is no dice expression.
    """
    if text.lstrip("-").isdigit():
        return DiceExpr(0, 6, int(text))
    match = _DICE.fullmatch(text)
    if match is None:
        raise ValueError(f"a roll is written like '1D3+2', '1D6' or '1D+2', got {text!r}")
    sides: Sides = 3 if match[2] == "3" else 6
    return DiceExpr(int(match[1]), sides, int(match[3] or 0))


def parse_value(text: str) -> int | DiceExpr:
    """A fixed number (``2``, ``+1``) or a roll (``1D3``, ``+1D3``)."""
    bare = text.removeprefix("+")
    return int(bare) if bare.isdigit() else parse_dice(bare)


def parse_rate(text: str) -> int | DiceExpr:
    """A Rate: ``1D``, ``2D``, ``3D`` are that many dice; ``1D3+2`` or ``1D6`` roll for it."""
    if re.fullmatch(r"\dD", text):
        return int(text[0])
    return parse_dice(text)


def show(value: int | DiceExpr | None) -> str:
    """A value as printed: ``-`` for none."""
    return "-" if value is None else str(value)


Column = Literal["M", "Dex", "Con", "A", "W", "Res"]
COLUMNS: tuple[Column, ...] = ("M", "Dex", "Con", "A", "W", "Res")


@dataclass(frozen=True, slots=True)
class Characteristics:
    """A stat row. ``move_armoured`` and ``con_armoured`` are the printed values after a
    slash; ``against_blessed`` names the columns printed in parentheses."""

    move: int | DiceExpr | None
    dex: int | None
    con: int | None
    attacks: int | DiceExpr | None
    wounds: int | None
    resolve: int | DiceExpr | None
    move_armoured: int | None = None
    con_armoured: int | None = None
    against_blessed: frozenset[Column] = frozenset()

    def __str__(self) -> str:
        cells = {
            "M": _pair(self.move, self.move_armoured),
            "Dex": _target(self.dex),
            "Con": _pair(self.con, self.con_armoured),
            "A": show(self.attacks),
            "W": show(self.wounds),
            "Res": _target(self.resolve),
        }
        return " | ".join(
            f"({cells[c]})" if c in self.against_blessed else cells[c] for c in COLUMNS
        )


def _pair(first: int | DiceExpr | None, second: int | None) -> str:
    return show(first) if second is None else f"{show(first)}/{second}"


def _target(value: int | DiceExpr | None) -> str:
    return f"{value}+" if isinstance(value, int) else show(value)


def parse_characteristics(text: str) -> Characteristics:
    """A stat row written ``M | Dex | Con | A | W | Res``, e.g. ``5/4 | 5+ | 6/7 | 2 | 1 | 4+``.

    Raises:
        ValueError: not six cells, or a cell the notation does not allow in its column.
    """
    cells = [cell.strip() for cell in text.split("|")]
    if len(cells) != len(COLUMNS):
        raise ValueError(f"a stat row has 6 cells 'M | Dex | Con | A | W | Res', got {text!r}")
    inner: dict[Column, str] = {}
    blessed: set[Column] = set()
    for column, cell in zip(COLUMNS, cells, strict=True):
        if cell.startswith("(") and cell.endswith(")"):
            blessed.add(column)
            cell = cell[1:-1]
        inner[column] = cell
    try:
        move, move_armoured = _split(inner["M"], parse_value)
        con, con_armoured = _split(inner["Con"], int)
        return Characteristics(
            move=move,
            dex=_or_none(inner["Dex"], _target_number),
            con=con,
            attacks=_or_none(inner["A"], parse_value),
            wounds=_or_none(inner["W"], int),
            resolve=_or_none(inner["Res"], _resolve),
            move_armoured=move_armoured,
            con_armoured=con_armoured,
            against_blessed=frozenset(blessed),
        )
    except ValueError as exc:
        raise ValueError(f"stat row {text!r}: {exc}") from None


def _or_none(cell: str, parse: Callable[[str], _T]) -> _T | None:
    return None if cell == "-" else parse(cell)


def _split(cell: str, parse: Callable[[str], _T]) -> tuple[_T | None, int | None]:
    first, slash, second = cell.partition("/")
    if not slash:
        return _or_none(first, parse), None
    if not second.isdigit():
        raise ValueError(f"the value after '/' must be a number, got {cell!r}")
    return _or_none(first, parse), int(second)


def _target_number(cell: str) -> int:
    if re.fullmatch(r"[2-6]\+", cell) is None:
        raise ValueError(f"a target number is written '2+' to '6+', got {cell!r}")
    return int(cell[0])


def _resolve(cell: str) -> int | DiceExpr:
    return _target_number(cell) if cell.endswith("+") else parse_dice(cell)
