"""What the front doors name in words, the SVG legend, the terminal map's key and the web
pages: the terrain kinds present, side names, the models on the table, lengths in inches and
how a game ended."""

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
    """A side's name in the game (``"side 3"`` for a side it does not name)."""
    names = game.sides.names
    return names[side] if 0 <= side < len(names) else f"side {side}"


def on_table(game: Game[Any, Any]) -> list[Model]:
    """The models deployed and not removed, in the game's order."""
    return [m for m in game.models if m.on_table]


def inches(value: float) -> str:
    """A length as a table reads it: ``3"``, ``0.8"``."""
    return f'{value:g}"'


def outcome_text(game: Game[Any, Any]) -> str:
    """How the game ended, as one sentence (or that it has not)."""
    result = game.result
    names = game.sides.names
    if result is None:
        return "The game is not finished."
    if len(names) == 1:
        return f"Finished: {result.reason}."
    if result.drawn:
        return f"Result: a draw ({result.reason})."
    first = " and ".join(names[s] for s in result.winners)
    verb = "won" if result.winner is not None else "share the win"
    places = ""
    # A side that takes no part in this game (no hostiles) has a place but is not named.
    shown = game.ruleset.taking_part(game.setup)
    if len(shown) > 2:
        places = "; places: " + ", ".join(f"{names[s]} {result.placing[s]}" for s in shown)
    return f"Result: {first} {verb} ({result.reason}){places}."
