"""The Security Golem's Juggernaut: it strides over rough ground at no cost and through
impassable terrain, but no Move of it ends inside impassable terrain (L687; rules notes §1.5,
§7 items 19, 33, 72).

- The book's "Difficult Terrain" is rough ground (§7 item 19): the Golem's Moves and Charges
  are planned on :func:`ground`, the table as it walks it, with no terrain on it at all. So
  rough ground costs it no more than open ground, and impassable pieces (walls, and the
  ground floor of every building, L79) are in its way no more than open ground is. Other
  models still are (L73).
- It stays on its level: a Golem on the ground walks through a building beneath its roof,
  passing the models up there, and climbs no higher; one that stands on a roof walks that roof
  as any model does, for no wall stands on a roof ([HOUSE] reading).
- Wherever a Move, a Charge or a Move back toward a Scientist ends, its base must fit out of
  every impassable piece: a Move ending inside one is refused (:func:`walled_in`); a Charge
  that would end inside one, or in contact inside one, stops at the last spot short of it
  where the base fits, touching it (:func:`last_fit`), falling short if it must, unless
  the way round the piece, or a Move of its allowance through the pieces to the spot
  nearest its target where its base fits (:func:`nearest_fit`), leaves less of the way to
  its target (§7 item 33, :func:`.charge.charge_path`). A Move back toward a Scientist
  likewise goes the straight way cut short of the piece, or round the pieces as any model's
  Move would, whichever leaves less of the way to the Scientist (:func:`nearer_of`,
  :func:`.golems.way_back`, L556). What is left of the way is the straight line when each
  piece on it is less than a Move deep, for the Golem steps across it, else the way a Move
  of any model takes; a way that does not move the Golem never beats one that does.
- A Shift (L579) is no Move of the Golem: it already ignores terrain for every model, its base
  fitting where it ends, so it is the same for the Golem. A Security Golem is a Henchman and
  makes no Heroic Move (L213).
"""

from __future__ import annotations

import functools
import math
from typing import Any

import shapely
from shapely.ops import substring

from skirmish.geometry.board import Board
from skirmish.geometry.clearance import Blockers
from skirmish.geometry.paths import Path, reach_toward
from skirmish.geometry.shapes import CONTACT, Point
from skirmish.geometry.terrain import Movement, nearest_in
from skirmish.rulesets.wolsung.game.effects import current
from skirmish.rulesets.wolsung.game.model import WolsungModel
from skirmish.rulesets.wolsung.game.state import WolsungGame

__all__ = ["JUGGERNAUT", "ground", "last_fit", "nearer_of", "nearest_fit", "strides", "walled_in"]

JUGGERNAUT = "L687"
KEYWORD = "juggernaut"
BARRING = (Movement.IMPASSABLE, Movement.CLIMBABLE)
"""The pieces no base may stand in on the ground (L79): walls and the buildings' ground floor."""
ROUND_SEGMENTS = 16
"""Segments of a quarter circle where a piece's outline is grown by a base's radius: the
chords then fall well within ``PATH_SLACK`` of the true circle for bases up to an inch
across, so a base on them still touches the piece rather than overlaps it."""


def strides(game: WolsungGame, m: WolsungModel) -> bool:
    """Whether ``m`` walks through terrain as a Juggernaut: it has the rule and stands on the
    ground (L687)."""
    return m.level is None and current(game, m).has(KEYWORD)


def ground(game: WolsungGame, m: WolsungModel) -> Board:
    """The table as ``m`` walks it: with no terrain for a Juggernaut (L687, §7 item 19), the
    board itself for any other model."""
    board = game.board
    if not strides(game, m):
        return board
    memo = board.memo("wolsung-juggernaut")
    bare: Board = memo.remember("ground", lambda: Board(board.name, board.width, board.height))
    return bare


def walled_in(game: WolsungGame, m: WolsungModel, point: Point) -> str:
    """The id of the impassable piece ``m``'s base would stand in at ``point`` on the ground,
    or ``""`` (L79)."""
    pieces = game.board.terrain
    inside = (
        t.id for t in pieces if t.movement in BARRING and t.base_overlaps(point, m.radius, CONTACT)
    )
    return next(inside, "")


def last_fit(game: WolsungGame, m: WolsungModel, path: Path, most: float = math.inf) -> Path:
    """The first ``most`` inches of ``path`` (all of it by default), cut back, for a model
    that :func:`strides`, to the farthest point where its base stands in no impassable piece
    (L687)."""
    length = min(most, path.length)
    if len(path.points) > 1 and strides(game, m):
        length = _fitting(game, m, path, length)
    if length >= path.length:
        return path
    if length <= 0.0:
        return Path((path.start,), 0.0, path.touches_rough)
    cut = substring(shapely.LineString(path.points), 0.0, length)
    return Path(tuple((x, y) for x, y in cut.coords), length, path.touches_rough)


def nearer_of(
    game: WolsungGame,
    m: WolsungModel,
    path: Path,
    around: Path | None,
    goal: WolsungModel,
    others: Blockers,
    most: float,
) -> Path:
    """``around``, the way round the pieces any model's Move takes, when it leaves less of the
    way to ``goal`` than ``path``, a Juggernaut's way cut short of them, or when only it moves
    ``m``; else ``path``: the rule only adds ways, and a building too deep to cross in one
    Move would else hold it at the wall (L687). ``others`` are the bases in its way, ``most``
    its Move."""
    if around is None or around.length <= 0.0:
        return path
    if path.length <= 0.0:
        return around
    left = functools.partial(_left, game, m, goal, others, most)
    return around if left(around.end) < left(path.end) else path


def _left(
    game: WolsungGame,
    m: WolsungModel,
    goal: WolsungModel,
    others: Blockers,
    most: float,
    start: Point,
) -> float:
    """How far ``m`` has still to go from ``start`` into base contact with ``goal``: straight
    when each impassable piece on the way is less than a Move deep, so that it steps across it
    (L687); else the way a Move of any model takes (L73)."""
    stop = m.radius + goal.radius
    straight = math.dist(start, goal.pos) - stop
    if straight <= 0.0:
        return 0.0
    line = substring(shapely.LineString((start, goal.pos)), 0.0, straight)
    crossed = shapely.get_parts(shapely.intersection(line, _walls(game.board, m.radius)))
    if all(shapely.length(piece) < most for piece in crossed):
        return straight
    way = reach_toward(game.board, start, goal.pos, m.radius, others, m.level, stop_distance=stop)
    if way is None:
        return math.inf
    return way.length + max(0.0, math.dist(way.end, goal.pos) - stop)


def nearest_fit(
    game: WolsungGame,
    m: WolsungModel,
    goal: Point,
    most: float,
    kept_off: list[tuple[Point, float]],
) -> Point | None:
    """The spot nearest ``goal``, ``most`` inches of ``m`` at most as the crow flies, where its
    base stands on the table in no impassable piece, its centre beyond each of ``kept_off``
    (a centre and how far to keep from it); ``None`` if there is none. A Juggernaut's Move
    goes through the pieces (L687), so this is where one of its allowance toward ``goal``
    may end, the models it would pass aside (§7 item 33)."""
    board, inset = game.board, m.radius + CONTACT
    table = shapely.box(inset, inset, board.width - inset, board.height - inset)
    room = shapely.Point(m.pos).buffer(most, quad_segs=ROUND_SEGMENTS).intersection(table)
    kept = [shapely.Point(c).buffer(r, quad_segs=ROUND_SEGMENTS) for c, r in kept_off]
    room = shapely.difference(room, shapely.union_all([_walls(board, m.radius), *kept]))
    return nearest_in(room, goal)


def _fitting(game: WolsungGame, m: WolsungModel, path: Path, length: float) -> float:
    """How far along ``path``, ``length`` inches at most, ``m``'s base last stands in no
    impassable piece."""
    line = shapely.LineString(path.points)
    ahead = substring(line, 0.0, length)
    x, y = shapely.get_coordinates(ahead)[-1]
    if not walled_in(game, m, (float(x), float(y))):
        return length
    free = shapely.get_coordinates(shapely.difference(ahead, _walls(game.board, m.radius)))
    return max((line.project(shapely.Point(p)) for p in free), default=0.0)


def _walls(board: Board, radius: float) -> Any:
    """Where the centre of a base of ``radius`` may not stand on the ground: every
    impassable piece grown by the radius, so that the outline's points leave the base touching
    the piece and a way planned round the piece may start there."""
    memo = board.memo("wolsung-juggernaut")
    found = memo.remember(
        ("walls", radius),
        lambda: (
            shapely.union_all(
                [
                    shapely.Polygon(t.polygon).buffer(radius, quad_segs=ROUND_SEGMENTS)
                    for t in board.terrain
                    if t.movement in BARRING
                ]
            ),
        ),
    )
    return found[0]
