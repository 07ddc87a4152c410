"""How far a base stands from an exit edge, or from a marker's reach, by the shortest way
round the terrain, for the heuristic's pulls toward the edge a model leaves by for its mission
(K1.2 Mission Exits; M1.1, M6.1, M12.1, M13.2) and toward a marker it goes to Interact with
(C4.3): a wall between a model and its goal makes the straight line a poor guide, and a move
along it that leads round the wall is progress.

The ways are a distance field over a grid of ``STEP`` inches on the ground: from each spot
where the base fits, the length of the shortest way through such spots to the edge, or to a
spot within reach of the marker. It is found once per board, goal and base (the board's memo)
and read at the nearest spots.
"""

from __future__ import annotations

import heapq
import math
from typing import TYPE_CHECKING

from skirmish.geometry.board import Board, Edge
from skirmish.geometry.memo import Memo
from skirmish.geometry.shapes import Point

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator

STEP = 0.5  # inches between the grid's spots: half the narrowest base
DIAGONAL = STEP * math.sqrt(2)  # the length of a step to a spot diagonally next
_FIELDS = "sacred-wire ways"  # the board's memo of the fields, by goal and base
_FIELDS_KEPT = 200  # fields a board remembers before it forgets them all (4 edges a base)
_FITS = "sacred-wire way spots"  # the board's memo of the spots a base fits on, by base
#: What a field leads to: an exit edge, or within a reach of a marker's point.
Goal = Edge | tuple[Point, float]
#: A field: the way's length from each spot, by column and row (None where the base fits not).
Field = tuple[tuple[float | None, ...], ...]


def way_to_edge(board: Board, p: Point, radius: float, level: str | None, edge: Edge) -> float:
    """The length of the shortest way from a base of ``radius`` at ``p`` to ``edge``, round
    the terrain: through the nearest spots of the grid it fits on. Up on a piece, or where it
    fits on none of them, the straight distance (the field knows the ground alone)."""
    straight = board.distance_to_edge(p, radius, edge)
    if level is not None:
        return straight
    best = _read(_field(board, radius, edge), board, p)
    return straight if best is None else max(straight, best)


def way_to_reach(board: Board, p: Point, radius: float, goal: Point, reach: float) -> float | None:
    """The length of the shortest way round the terrain from a base of ``radius`` on the
    ground at ``p`` to within ``reach`` of the point ``goal`` (its base's edge that near), or
    None where it fits on no spot near ``p`` or no way leads there."""
    return _read(_field(board, radius, (goal, reach)), board, p)


def _read(field: Field, board: Board, p: Point) -> float | None:
    """The way's length from ``p``, through the nearest spot of the field it fits on."""
    known = _lengths(field, _around(board, p))
    return min((d + math.dist(p, _spot(i, j)) for d, i, j in known), default=None)


def along_way(board: Board, p: Point, radius: float, edge: Edge, length: float) -> Point | None:
    """The spot about ``length`` along the shortest way from ``p`` to ``edge`` round the
    terrain (the field's steepest way down, spot by spot), or None where the field has no
    spot near ``p``: a move's goal toward the edge."""
    field = _field(board, radius, edge)
    known = min(_lengths(field, _around(board, p)), default=None)
    if known is None:
        return None
    d, i, j = known
    walked = math.dist(p, _spot(i, j))
    while walked < length:
        lower = min(_downhill(field, i, j), default=None)
        if lower is None or lower[0] >= d:
            break  # at the edge
        a, b = lower[1], lower[2]
        walked += DIAGONAL if a != i and b != j else STEP
        d, i, j = lower
    return _spot(i, j)


def _downhill(field: Field, i: int, j: int) -> Iterator[tuple[float, int, int]]:
    """The neighbours of spot ``(i, j)`` the base fits on, with their ways' lengths."""
    near = (
        (a, b)
        for a in range(max(i - 1, 0), min(i + 2, len(field)))
        for b in range(max(j - 1, 0), min(j + 2, len(field[a])))
        if (a, b) != (i, j)
    )
    return _lengths(field, near)


def _lengths(field: Field, spots: Iterable[tuple[int, int]]) -> Iterator[tuple[float, int, int]]:
    """The ways' lengths from those of ``spots`` the base fits on, with the spots."""
    for i, j in spots:
        found = field[i][j]
        if found is not None:
            yield found, i, j


def _around(board: Board, p: Point) -> Iterator[tuple[int, int]]:
    """The four spots of the grid around ``p`` (fewer at the table's rim)."""
    cols, rows = _size(board)
    i0 = min(max(int(p[0] / STEP - 0.5), 0), cols - 1)
    j0 = min(max(int(p[1] / STEP - 0.5), 0), rows - 1)
    for i in range(i0, min(i0 + 2, cols)):
        for j in range(j0, min(j0 + 2, rows)):
            yield i, j


def _size(board: Board) -> tuple[int, int]:
    return max(1, int(board.width / STEP)), max(1, int(board.height / STEP))


def _spot(i: int, j: int) -> Point:
    return ((i + 0.5) * STEP, (j + 0.5) * STEP)


def _field(board: Board, radius: float, goal: Goal) -> Field:
    """The field of ``goal`` for a base of ``radius`` on ``board``, found once."""
    memo: Memo[tuple[Goal, float], Field] = board.memo(_FIELDS, _FIELDS_KEPT)
    return memo.remember((goal, radius), lambda: _search(board, radius, goal))


def _fits(board: Board, radius: float) -> tuple[tuple[bool, ...], ...]:
    """Whether a base of ``radius`` fits on each spot of the grid, found once per base."""
    memo: Memo[float, tuple[tuple[bool, ...], ...]] = board.memo(_FITS, _FIELDS_KEPT)
    cols, rows = _size(board)
    return memo.remember(
        radius,
        lambda: tuple(
            tuple(board.placement_error(_spot(i, j), radius, None) is None for j in range(rows))
            for i in range(cols)
        ),
    )


def _start(board: Board, radius: float, goal: Goal, spot: Point) -> float | None:
    """How far a base at ``spot`` stands from ``goal`` where the field starts there: next to
    the edge, or within reach of the marker (its way there is then nothing); else None."""
    if isinstance(goal, Edge):
        near = board.distance_to_edge(spot, radius, goal)
        return max(0.0, near) if near <= STEP else None
    point, reach = goal
    return 0.0 if math.dist(spot, point) - radius <= reach else None


def _search(board: Board, radius: float, goal: Goal) -> Field:
    """Dijkstra's search from the spots where ``goal`` is reached, to their eight neighbours
    where the base fits (a diagonal step only where both spots beside it fit too: no corner
    cut)."""
    cols, rows = _size(board)
    fits = _fits(board, radius)
    length: list[list[float | None]] = [[None] * rows for _ in range(cols)]
    queue: list[tuple[float, int, int]] = []
    for i in range(cols):
        for j in range(rows):
            start = _start(board, radius, goal, _spot(i, j)) if fits[i][j] else None
            if start is not None:
                queue.append((start, i, j))
    heapq.heapify(queue)
    while queue:
        d, i, j = heapq.heappop(queue)
        if length[i][j] is not None:
            continue
        length[i][j] = d
        for di in (-1, 0, 1):
            for dj in (-1, 0, 1):
                a, b = i + di, j + dj
                if not (0 <= a < cols and 0 <= b < rows) or not fits[a][b]:
                    continue
                if length[a][b] is not None or (di and dj and not (fits[a][j] and fits[i][b])):
                    continue
                heapq.heappush(queue, (d + (DIAGONAL if di and dj else STEP), a, b))
    return tuple(tuple(column) for column in length)
