"""What both drawings of the table name, the SVG legend and the terminal map's key: the
terrain kinds present, side names, the models on the table, lengths in inches."""

from __future__ import annotations

from typing import Any

from skirmish.engine.game import Game
from skirmish.engine.model import Model
from skirmish.geometry.board import Board
from skirmish.geometry.terrain import Movement


def kinds_present(board: Board) -> tuple[Movement, ...]:
    """The movement kinds of the board's terrain, in the order :class:`Movement` lists them."""
    found = {t.movement for t in board.terrain}
    return tuple(k for k in Movement if k in found)


def side_name(game: Game[Any, Any], side: int) -> str:
    """A side's name from the ruleset (``"side 3"`` for a side it does not name)."""
    names = game.ruleset.sides
    return names[side] if 0 <= side < len(names) else f"side {side}"


def on_table(game: Game[Any, Any]) -> list[Model]:
    """The models deployed and not removed, in the game's order."""
    return [m for m in game.models if m.on_table]


def inches(value: float) -> str:
    """A length as a table reads it: ``3"``, ``0.8"``."""
    return f'{value:g}"'
