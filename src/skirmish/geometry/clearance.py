"""What a base of one radius may travel through on one level: the exact tests of a straight
move against the table, the pieces in the way and the other bases.

:class:`Space` holds, per ``(board, radius, level, avoid_rough)``, everything a straight segment
is tested against; it is built once and shared by equal boards (a small module-level cache, as
well as the board's own memory). Its segment test is exact, in plain Python: bounding-box
rejects, then an edge-distance test.

Clearances: a path keeps every point a legal placement with ``PATH_SLACK`` (CONTACT / 2) to
spare: its base never reaches more than PATH_SLACK into an impassable or climbable piece, off the
table, off its roof, or into a blocker base (touching is fine); with ``avoid_rough`` it stays more
than ``CONTACT + PATH_SLACK`` away from rough pieces, so it never touches them. A start overlapping
a blocker (beyond PATH_SLACK) ignores that blocker, so that overlapping bases can separate.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from skirmish.geometry.board import Board
from skirmish.geometry.shapes import (
    CONTACT,
    PATH_SLACK,
    EdgeList,
    Point,
    point_in_edges,
    segment_near_edges,
)
from skirmish.geometry.terrain import Movement, Terrain

if TYPE_CHECKING:
    from skirmish.geometry.graph import Graph

Blockers = Sequence[tuple[Point, float]]
"""Other bases in the way: ``(centre, radius)``."""


class Space:
    """Everything a straight segment is tested against, precomputed for one kind of mover."""

    __slots__ = (
        "avoid_rough",
        "blocker",
        "board",
        "box",
        "circles",
        "graph",
        "level",
        "obstacles",
        "radius",
        "roof",
        "roof_reach",
        "rough",
    )

    def __init__(self, board: Board, radius: float, level: str | None, avoid_rough: bool) -> None:
        self.board = board
        self.radius = radius
        self.level = level
        self.avoid_rough = avoid_rough
        self.graph: Graph | None = None
        reach = radius - PATH_SLACK
        obstacles: list[tuple[float, float, float, float, EdgeList, float, Terrain]] = []
        self.rough: tuple[tuple[float, float, float, float, EdgeList], ...] = ()
        self.roof: Terrain | None = None
        self.roof_reach = reach
        if level is None:
            self.box = (reach, reach, board.width - reach, board.height - reach)
            specs = [(t, reach) for t in board._ground_obstacles]
            if avoid_rough:
                specs += [(t, radius + CONTACT + PATH_SLACK) for t in board._rough]
            for t, d in specs:
                b = t.bbox
                obstacles.append((b[0] - d, b[1] - d, b[2] + d, b[3] + d, t.edges, d, t))
            touch = radius + CONTACT
            self.rough = tuple(
                (
                    t.bbox[0] - touch,
                    t.bbox[1] - touch,
                    t.bbox[2] + touch,
                    t.bbox[3] + touch,
                    t.edges,
                )
                for t in board._rough
            )
        else:
            roof = board.piece(level)
            if roof.movement is not Movement.CLIMBABLE:
                raise ValueError(f"level {level!r} is not a climbable piece")
            self.roof = roof
            self.box = roof.bbox
        self.obstacles = tuple(obstacles)
        # Each obstacle's centre and the square of a radius round it that holds all of it,
        # grown by its reach (a hair more for rounding): a segment that passes farther from
        # the centre is clear of it, found without walking its edges.
        self.circles = tuple(_circle(t.bbox, d) for *_, d, t in obstacles)
        # The obstacle that blocked the last segment found blocked, tried first: a guide's
        # legs run to one goal, a search's edges from one corner, and are mostly blocked by
        # the same piece. Which one blocks changes no answer, only how soon it is found.
        self.blocker = 0

    def segment_clear(self, ax: float, ay: float, bx: float, by: float) -> bool:
        """Whether a base may travel straight from a to b, ignoring other bases."""
        x0, y0, x1, y1 = self.box
        if ax < x0 or bx < x0 or ax > x1 or bx > x1 or ay < y0 or by < y0 or ay > y1 or by > y1:
            return False
        roof = self.roof
        if roof is not None:
            return point_in_edges(ax, ay, roof.edges) and not segment_near_edges(
                ax, ay, bx, by, roof.edges, self.roof_reach
            )
        if ax < bx:
            lox, hix = ax, bx
        else:
            lox, hix = bx, ax
        if ay < by:
            loy, hiy = ay, by
        else:
            loy, hiy = by, ay
        obstacles = self.obstacles
        first = self.blocker
        if first < len(obstacles) and self._blocks(first, ax, ay, bx, by, lox, loy, hix, hiy):
            return False
        for k in range(len(obstacles)):
            if k != first and self._blocks(k, ax, ay, bx, by, lox, loy, hix, hiy):
                self.blocker = k
                return False
        return True

    def _blocks(
        self,
        k: int,
        ax: float,
        ay: float,
        bx: float,
        by: float,
        lox: float,
        loy: float,
        hix: float,
        hiy: float,
    ) -> bool:
        """Whether obstacle ``k`` blocks the segment ab (its box lox..hix, loy..hiy)."""
        ox0, oy0, ox1, oy1, edges, d, _ = self.obstacles[k]
        if ox0 > hix or ox1 < lox or oy0 > hiy or oy1 < loy:
            return False
        abx = bx - ax
        aby = by - ay
        ab2 = abx * abx + aby * aby
        cx, cy, far2 = self.circles[k]
        t = ((cx - ax) * abx + (cy - ay) * aby) / ab2 if ab2 > 0.0 else 0.0
        t = 0.0 if t < 0.0 else (1.0 if t > 1.0 else t)
        dx = ax + t * abx - cx
        dy = ay + t * aby - cy
        if dx * dx + dy * dy > far2:
            return False
        # Near no edge, the segment lies wholly inside or wholly outside, as its start does.
        return segment_near_edges(ax, ay, bx, by, edges, d) or point_in_edges(ax, ay, edges)

    def touches_rough(self, points: Sequence[Point]) -> bool:
        """Whether the base swept along ``points`` touches a rough piece."""
        if not self.rough:
            return False
        d = self.radius + CONTACT
        n = len(points)
        for i in range(max(1, n - 1)):
            ax, ay = points[i]
            bx, by = points[i + 1] if n > 1 else points[i]
            lox, hix = (ax, bx) if ax < bx else (bx, ax)
            loy, hiy = (ay, by) if ay < by else (by, ay)
            for ox0, oy0, ox1, oy1, edges in self.rough:
                if ox0 > hix or ox1 < lox or oy0 > hiy or oy1 < loy:
                    continue
                if segment_near_edges(ax, ay, bx, by, edges, d) or point_in_edges(ax, ay, edges):
                    return True
        return False


def _circle(bbox: tuple[float, float, float, float], reach: float) -> tuple[float, float, float]:
    """The centre of ``bbox`` and the square of its half diagonal grown by ``reach``."""
    x0, y0, x1, y1 = bbox
    far = math.hypot(x1 - x0, y1 - y0) / 2 + reach + _ROUNDING
    return (x0 + x1) / 2, (y0 + y1) / 2, far * far


_ROUNDING: Final = 1e-6  # inches: more than float rounding ever moves a distance here

_SPACES: OrderedDict[tuple[Any, ...], Space] = OrderedDict()
_SPACES_MAX = 64


def space_for(board: Board, radius: float, level: str | None, avoid_rough: bool) -> Space:
    return board.spaces.remember(
        (radius, level, avoid_rough), lambda: _shared_space(board, radius, level, avoid_rough)
    )


def _shared_space(board: Board, radius: float, level: str | None, avoid_rough: bool) -> Space:
    """Equal boards loaded separately (one per game) share their spaces and graphs here."""
    key = (board, radius, level, avoid_rough)
    sp = _SPACES.get(key)
    if sp is None:
        sp = Space(board, radius, level, avoid_rough)
        _SPACES[key] = sp
        if len(_SPACES) > _SPACES_MAX:
            _SPACES.popitem(last=False)
    else:
        _SPACES.move_to_end(key)
    return sp


def blocker_list(
    sx: float, sy: float, radius: float, blockers: Blockers
) -> list[tuple[float, float, float, int]]:
    out: list[tuple[float, float, float, int]] = []
    for k, ((bx, by), rb) in enumerate(blockers):
        reach = radius + rb - PATH_SLACK
        dx = bx - sx
        dy = by - sy
        if dx * dx + dy * dy < reach * reach:
            # The start already overlaps it (within the slack of a contact): the bases may
            # separate, never close in further.
            reach = math.hypot(dx, dy)
        out.append((bx, by, reach, k))
    return out


def blocked_by(
    ax: float,
    ay: float,
    bx: float,
    by: float,
    blist: list[tuple[float, float, float, int]],
) -> int:
    """Index (into ``blist``) of the first blocker circle that the segment enters, else -1."""
    abx = bx - ax
    aby = by - ay
    ab2 = abx * abx + aby * aby
    lox, hix = (ax, bx) if ax < bx else (bx, ax)
    loy, hiy = (ay, by) if ay < by else (by, ay)
    for n, (cx, cy, reach, _) in enumerate(blist):
        if cx + reach < lox or cx - reach > hix or cy + reach < loy or cy - reach > hiy:
            continue
        if ab2 > 0.0:
            t = ((cx - ax) * abx + (cy - ay) * aby) / ab2
            t = 0.0 if t < 0.0 else (1.0 if t > 1.0 else t)
            dx = ax + t * abx - cx
            dy = ay + t * aby - cy
        else:
            dx = ax - cx
            dy = ay - cy
        if dx * dx + dy * dy < reach * reach:
            return n
    return -1
