"""The table drawn in characters for a terminal, with a key below it.

The board is a grid of cells at a fixed scale: a column is ``0.5"`` wide and a line ``1"`` tall
(twice as tall, because terminal characters are), coarser only when the board would not fit the
width asked for. Terrain is drawn by movement kind, ladders and markers by a character each, and
each model on the table by its label (its id) in the cells around its centre. Rulers every 6"
frame the grid, so a player can read off a point to type (``move T1 12.5,4``). The key lists
every terrain piece, marker and model, with coordinates: a model whose label would cover another
one's is still listed, and said not to be drawn.

:func:`text_map` gives plain text; :func:`rich_map` the same with colours. The few helpers both
this key and the SVG legend use (:func:`kinds_present`, :func:`side_name`, :func:`on_table`,
:func:`inches`) live here too, so that the two displays name things alike.
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import groupby
from operator import itemgetter
from typing import Any

import shapely
from rich.text import Text

from skirmish.engine.game import Game
from skirmish.engine.model import Model
from skirmish.engine.ruleset import Marker
from skirmish.geometry.board import Board
from skirmish.geometry.shapes import Point
from skirmish.geometry.terrain import Movement, Terrain
from skirmish.legend import inches, kinds_present, on_table, side_name

__all__ = ["rich_map", "text_map"]

KIND_CHARS = {
    Movement.OPEN: ".",
    Movement.ROUGH: ":",
    Movement.IMPASSABLE: "#",
    Movement.CLIMBABLE: "=",
}
KIND_STYLES = {
    Movement.OPEN: "green",
    Movement.ROUGH: "yellow",
    Movement.IMPASSABLE: "bold white",
    Movement.CLIMBABLE: "magenta",
}
SIDE_STYLES = ("bold cyan", "bold red", "bold green", "bold yellow")  # cycled past four sides
LADDER = ("H", "bold magenta")
MARKER = ("*", "bold yellow")
BLANK = " "
FRAME_STYLE = "dim"

COLUMN_INCHES = 0.5  # the finest scale; doubled until the map fits
RULER_INCHES = 6.0
RULER_GAP = 4  # fewest characters between two ruler numbers
DEFAULT_WIDTH = 100

Run = tuple[str, str]  # printed text and its rich style


# --- the grid ------------------------------------------------------------------------------


@dataclass(slots=True)
class _Sheet:
    """Cells of ``sx`` by ``sy`` inches; row 0 is the northernmost, as printed."""

    board: Board
    sx: float
    sy: float
    chars: list[list[str]]
    styles: list[list[str]]

    @classmethod
    def blank(cls, board: Board, sx: float) -> _Sheet:
        sy = 2.0 * sx
        cols, rows = math.ceil(board.width / sx), math.ceil(board.height / sy)
        return cls(
            board,
            sx,
            sy,
            [[BLANK] * cols for _ in range(rows)],
            [[""] * cols for _ in range(rows)],
        )

    @property
    def cols(self) -> int:
        return len(self.chars[0])

    @property
    def rows(self) -> int:
        return len(self.chars)

    def cell(self, p: Point) -> tuple[int, int]:
        """The (column, row) of the cell holding point ``p``, kept on the sheet."""
        col = min(max(int(p[0] / self.sx), 0), self.cols - 1)
        # A cell holds its west and south edges: x in [x0, x1), y in [y0, y1).
        row = min(max(math.ceil((self.board.height - p[1]) / self.sy) - 1, 0), self.rows - 1)
        return col, row

    def put(self, col: int, row: int, char: str, style: str) -> None:
        self.chars[row][col] = char
        self.styles[row][col] = style

    def cell_box(self, col: int, row: int) -> tuple[float, float, float, float]:
        top = self.board.height - row * self.sy
        return (col * self.sx, top - self.sy, (col + 1) * self.sx, top)


def _paint_terrain(sheet: _Sheet) -> None:
    # Obstacles come later in Movement's order, so a cell an obstacle touches shows the obstacle.
    for kind in Movement:
        for piece in sheet.board.terrain:
            if piece.movement is kind:
                _paint_piece(sheet, piece)


def _paint_piece(sheet: _Sheet, piece: Terrain) -> None:
    shape = shapely.Polygon(piece.polygon)
    x0, y0, x1, y1 = piece.bbox
    c0, r1 = sheet.cell((x0, y0))
    c1, r0 = sheet.cell((x1, y1))
    for row in range(r0, r1 + 1):
        for col in range(c0, c1 + 1):
            # Any overlap with area counts, so thin walls show though they miss every cell centre.
            cell = shapely.box(*sheet.cell_box(col, row))
            if shape.intersection(cell).area > 1e-9:
                sheet.put(col, row, KIND_CHARS[piece.movement], KIND_STYLES[piece.movement])


def _paint_points(sheet: _Sheet, points: Iterable[Point], glyph: Run) -> None:
    for p in points:
        sheet.put(*sheet.cell(p), *glyph)


def _paint_models(game: Game[Any, Any], sheet: _Sheet) -> dict[str, str]:
    """Write each model's label centred on its x; returns ``{hidden id: id covering it}``."""
    owner: dict[tuple[int, int], str] = {}
    hidden: dict[str, str] = {}
    for m in on_table(game):
        cells = _label_cells(sheet, m)
        blocker = next((owner[c] for c in cells if c in owner), None)
        if blocker is not None:
            hidden[m.id] = blocker
            continue
        style = SIDE_STYLES[m.side % len(SIDE_STYLES)]
        for (col, row), char in zip(cells, m.id[: len(cells)], strict=True):
            sheet.put(col, row, char, style)
            owner[col, row] = m.id
    return hidden


def _label_cells(sheet: _Sheet, m: Model) -> list[tuple[int, int]]:
    """The cells of ``m``'s label: they straddle the column boundary nearest its centre."""
    row = sheet.cell(m.pos)[1]
    n = min(len(m.id), sheet.cols)
    start = round(m.x / sheet.sx) - n // 2
    start = min(max(start, 0), sheet.cols - n)
    return [(start + i, row) for i in range(n)]


# --- the frame: border and rulers ----------------------------------------------------------


def _ruler_step(sx: float) -> float:
    """Ruler numbers every 6", or every 12", 18"... when 6" is too few columns apart."""
    step = RULER_INCHES
    while step / sx < RULER_GAP:
        step += RULER_INCHES
    return step


def _ticks(length: float, step: float) -> list[float]:
    return [i * step for i in range(int(length / step + 1e-9) + 1)]


def _margin(board: Board) -> int:
    """Columns for the ruler numbers either side of the grid (wide enough for any)."""
    return max(len(f"{board.width:g}"), len(f"{board.height:g}")) + 1


def _frame_width(board: Board, sx: float) -> int:
    return 2 * _margin(board) + math.ceil(board.width / sx) + 2


def _x_ruler(sheet: _Sheet, first: int) -> Run:
    """Numbers over the columns whose west edge they give; ``first`` is column 0's position."""
    line = [BLANK] * (first + sheet.cols + len(f"{sheet.board.width:g}") + 1)
    for x in _ticks(sheet.board.width, _ruler_step(sheet.sx)):
        at = first + round(x / sheet.sx)
        number = f"{x:g}"
        line[at : at + len(number)] = number
    return ("".join(line).rstrip(), FRAME_STYLE)


def _y_numbers(sheet: _Sheet) -> dict[int, str]:
    """Ruler numbers by row: each on the row whose south edge it gives, so the north edge's
    number is on the top border (row -1)."""
    return {
        round((sheet.board.height - y) / sheet.sy) - 1: f"{y:g}"
        for y in _ticks(sheet.board.height, _ruler_step(sheet.sx))
    }


def _framed(sheet: _Sheet) -> list[list[Run]]:
    """The grid inside its border, numbered on all four sides."""
    margin = _margin(sheet.board)
    numbers = _y_numbers(sheet)
    edge: list[Run] = [("+" + "-" * sheet.cols + "+", FRAME_STYLE)]
    rows = [
        [("|", FRAME_STYLE), *zip(sheet.chars[r], sheet.styles[r], strict=True), ("|", FRAME_STYLE)]
        for r in range(sheet.rows)
    ]
    lines = [
        _numbered(numbers.get(row, ""), line, margin)
        for row, line in enumerate([edge, *rows, edge], start=-1)
    ]
    ruler = [_x_ruler(sheet, margin + 1)]
    return [ruler, *lines, ruler]


def _numbered(number: str, line: list[Run], margin: int) -> list[Run]:
    left = (number.rjust(margin - 1) + BLANK, FRAME_STYLE)
    return [left, *line, (BLANK + number, FRAME_STYLE)]


# --- the key -------------------------------------------------------------------------------


def _aligned(rows: Sequence[Sequence[str]]) -> list[str]:
    """Rows as indented columns; a column empty in every row is left out."""
    columns = [c for c in zip(*rows, strict=True) if any(c)]
    widths = [max(map(len, c)) for c in columns]
    return [
        "  " + "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip()
        for row in zip(*columns, strict=True)
    ]


def _symbols(board: Board, has_markers: bool) -> str:
    pairs = [(KIND_CHARS[k], k.value) for k in kinds_present(board)]
    if board.ladders:
        pairs.append((LADDER[0], "ladder"))
    if has_markers:
        pairs.append((MARKER[0], "marker"))
    return "  ".join(f"{c} {name}" for c, name in pairs)


def _cover(piece: Terrain) -> str:
    return f"{piece.cover.name.lower()} cover" if piece.cover else "no cover"


def _span(piece: Terrain) -> str:
    x0, y0, x1, y1 = piece.bbox
    return f"x={x0:g}-{x1:g} y={y0:g}-{y1:g}"


def _terrain_key(board: Board, has_markers: bool) -> list[str]:
    if not board.terrain:
        return ["Terrain: none"]
    rows = [
        (t.id, t.name, t.movement.value, inches(t.height), _cover(t), _span(t))
        for t in board.terrain
    ]
    return [f"Terrain ({_symbols(board, has_markers)}):", *_aligned(rows)]


def _at(p: Point) -> str:
    return f"at {p[0]:.1f},{p[1]:.1f}"


def _model_row(game: Game[Any, Any], m: Model, hidden: dict[str, str]) -> tuple[str, ...]:
    status = game.ruleset.model_status(game, m)
    where = _at(m.pos) + (f" on {game.board.piece(m.level).name}" if m.level else "")
    note = f"(not drawn: {hidden[m.id]} covers it)" if m.id in hidden else ""
    conditions = ", ".join(status.conditions)
    return (m.id, m.name, side_name(game, m.side), status.health, conditions, where, note)


def _model_key(game: Game[Any, Any], hidden: dict[str, str]) -> list[str]:
    placed = on_table(game)
    lines = ["Models:", *_aligned([_model_row(game, m, hidden) for m in placed])] if placed else []
    off = [f"{m.id} {m.name}" for m in game.models if not m.on_table]
    if off:
        lines.append("Not on the table: " + ", ".join(off))
    return lines


def _marker_key(markers: Sequence[Marker]) -> list[str]:
    if not markers:
        return []
    return ["Markers:", *_aligned([(mk.label, mk.kind, _at(mk.point)) for mk in markers])]


def _key(
    game: Game[Any, Any], markers: Sequence[Marker], hidden: dict[str, str], width: int
) -> list[str]:
    lines = [
        *_terrain_key(game.board, bool(markers)),
        *_marker_key(markers),
        *_model_key(game, hidden),
    ]
    # Wrapped lines are indented under the first; a range such as 10.8-13.2 is never split.
    wrap = textwrap.TextWrapper(width, subsequent_indent="      ", break_on_hyphens=False)
    return [part for line in lines for part in wrap.wrap(line)]


# --- the map -------------------------------------------------------------------------------


def _scale(board: Board, width: int) -> float:
    """The finest column width (0.5", doubled as needed) at which the framed map fits."""
    if _frame_width(board, board.width) > width:  # not even with one column for the table
        raise ValueError(f"a map of {board.name!r} needs more than {width} columns")
    sx = COLUMN_INCHES
    while _frame_width(board, sx) > width:
        sx *= 2.0
    return sx


def _title(board: Board, sheet: _Sheet) -> str:
    return (
        f"{board.name}, {inches(board.width)} x {inches(board.height)}: 1 column = "
        f"{inches(sheet.sx)}, 1 line = {inches(sheet.sy)}; north up"
    )


def _runs(game: Game[Any, Any], width: int) -> list[list[Run]]:
    """Every printed line of the map and its key, as (text, style) runs."""
    board = game.board
    markers = game.ruleset.markers(game)
    sheet = _Sheet.blank(board, _scale(board, width))
    _paint_terrain(sheet)
    _paint_points(sheet, (p for lad in board.ladders for p in (lad.foot, lad.top)), LADDER)
    _paint_points(sheet, (mk.point for mk in markers), MARKER)
    hidden = _paint_models(game, sheet)
    title = [[(line, "bold")] for line in textwrap.wrap(_title(board, sheet), width)]
    key = [[(line, "")] for line in _key(game, markers, hidden, width)]
    return [*title, *_framed(sheet), *key]


def text_map(game: Game[Any, Any], width_chars: int = DEFAULT_WIDTH) -> str:
    """The table of ``game`` in characters, at most ``width_chars`` wide, with its key.

    Raises:
        ValueError: the board cannot be drawn in that width.
    """
    return "\n".join(
        "".join(text for text, _ in runs).rstrip() for runs in _runs(game, width_chars)
    )


def rich_map(game: Game[Any, Any], width_chars: int = DEFAULT_WIDTH) -> Text:
    """:func:`text_map` with colours: terrain by kind, model labels by side."""
    out = Text()
    for runs in _runs(game, width_chars):
        # One span per stretch of a style, not per character.
        for style, same in groupby(runs, key=itemgetter(1)):
            out.append("".join(text for text, _ in same), style)
        out.rstrip()
        out.append("\n")
    out.rstrip()
    return out
