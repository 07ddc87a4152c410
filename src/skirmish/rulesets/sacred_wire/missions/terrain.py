"""Terrain (K1.4 Setup 4; notes A82, A87): the Defender places two terrain pieces before
deployment.

The pieces are data (``terrain_pieces`` of ``data/missions.toml``): a few kinds of rectangle
in the board file's terms (movement kind, height, cover, sight), the rulebook naming none. Once
the deployment zones are known, before the first model deploys, the Defender places each piece
with one decision: ``place-terrain crate 0 10.5,12`` puts a crate's centre at (10.5, 12), and
``place-terrain barricade 90 6,8`` a barricade turned a quarter, its length north-south (a
piece that is not square may be turned; a square one is placed at 0). The game then plays on a
new board with the piece added (:meth:`.Board.with_terrain`, :meth:`.Game.replace_board`), so
moves, sight, cover, saves, replays and drawings all see it.

Where a piece may go (our reading, since the rulebook sets no limits):

* wholly on the table;
* sharing no area with another terrain piece, those placed before it included;
* 1"+ from every marker on the table (objectives, Loot Markers, conduits), which K1.2 keeps
  reachable;
* overlapping no model already on the table (the Coworkers);
* leaving each squad's deployment zones room for all the models it has still to deploy: the
  K1.2 room check of notes A82 (:func:`.deployment.room`) run again on the board with the
  piece. A piece clear of the zones always does.

A spot refused gets one line saying why, and nothing changes. A piece for which no spot of the
1" grid clear of the zones is legal is not placed, and the log says so. The AIs choose among
those grid spots; the heuristic Defender puts its cover just in front of its own zones, on the
side toward the enemy (:func:`placement_score`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import shapely

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision, PointSpec
from skirmish.engine.step import Step
from skirmish.errors import quoted
from skirmish.geometry.board import Board
from skirmish.geometry.memo import Memo
from skirmish.geometry.shapes import CONTACT, Point
from skirmish.rulesets.sacred_wire.base import catalog_of
from skirmish.rulesets.sacred_wire.game.space import in_play
from skirmish.rulesets.sacred_wire.missions import advantages, deployment
from skirmish.rulesets.sacred_wire.missions.advantages import ADVANTAGES
from skirmish.rulesets.sacred_wire.rules_data.mission_tables import TerrainPiece, TerrainPieces

if TYPE_CHECKING:
    from skirmish.geometry.terrain import Terrain
    from skirmish.rulesets.sacred_wire.game.model import WireModel
    from skirmish.rulesets.sacred_wire.game.state import WireGame

PLACE = "place-terrain"
MARKER_GAP = 1.0  # a piece stays 1"+ from every marker, so each stays reachable (K1.2)
GRID = 1.0  # the AIs' candidate centres lie on a grid this fine
SAMPLES = 20  # random spots the random player tries before it takes a grid spot
FRONT = 2.0  # the heuristic puts a piece's centre this far in front of its own zones
BEHIND = 3.0  # what the heuristic takes off a spot nearer the enemy's zones than its own
SHAPES = "sacred-wire-terrain-shapes"  # the board memo of its pieces' shapes
ID_PREFIX = "placed"  # placed pieces are placed-1, placed-2... on the board

Box = tuple[float, float, float, float]


def opening(game: WireGame) -> list[Step]:
    """The Terrain step, where the Defender holds the advantage (K1.4 Setup 4)."""
    return [PlaceTerrain()] if advantages.has(game, advantages.TERRAIN) else []


def pieces(game: WireGame) -> TerrainPieces:
    """The kinds of piece the advantage places, and how many (``data/missions.toml``)."""
    return catalog_of(game).missions.terrain


def specs(game: WireGame) -> tuple[PointSpec, ...]:
    """The point choices of a placement: one per kind of piece and turn."""
    return tuple(
        PointSpec(PLACE, (kind.id, str(turn)), _hint(kind, turn))
        for kind in pieces(game).kinds
        for turn in kind.turns
    )


def _hint(kind: TerrainPiece, turn: int) -> str:
    w, d = kind.extent(turn)
    return f'the centre of the {kind.name}, {w:g}" x {d:g}": {kind.summary}'


def kind_of(game: WireGame, args: tuple[str, ...]) -> tuple[TerrainPiece, int] | None:
    """The kind of piece and the turn an action's arguments name, if they name a legal pair."""
    if len(args) != 2:
        return None
    kind = pieces(game).kind(args[0])
    if kind is None or args[1] not in [str(t) for t in kind.turns]:
        return None
    return kind, int(args[1])


# --- where a piece may go ---------------------------------------------------------------------


def place_error(game: WireGame, kind: TerrainPiece, turn: int, centre: Point) -> str | None:
    """Why the Defender may not place ``kind`` at ``turn`` with its centre at ``centre``, in one
    line, or None (see the module docstring)."""
    box = kind.box(centre, turn)
    board = game.board
    hit = _overlaps(board, [box]).get(0)
    return (
        _table_error(board, kind, box)
        or (None if hit is None else _overlap_text(board, kind, hit))
        or _placed_error(game, kind, turn, centre)
    )


def _placed_error(game: WireGame, kind: TerrainPiece, turn: int, centre: Point) -> str | None:
    """What the pieces and models already placed forbid (markers, bases, zones' room)."""
    box = kind.box(centre, turn)
    return (
        _marker_error(game, kind, box)
        or _model_error(game, kind, box)
        or _room_error(game, kind, turn, centre)
    )


def _table_error(board: Board, kind: TerrainPiece, box: Box) -> str | None:
    x0, y0, x1, y1 = box
    inside = min(x0, y0, board.width - x1, board.height - y1)
    return f"the {kind.name} would go off the table" if inside < -CONTACT else None


def _overlaps(board: Board, boxes: list[Box]) -> dict[int, int]:
    """For each box that reaches into a piece of the board (beyond a contact: pieces may
    touch), by its index, the index of the first such piece. All boxes in one query."""
    x0, y0, x1, y1 = (np.array(side) for side in zip(*boxes, strict=True))
    insets = shapely.box(x0 + CONTACT, y0 + CONTACT, x1 - CONTACT, y1 - CONTACT)
    first: dict[int, int] = {}
    for i, t in zip(*_shapes(board).query(insets, predicate="intersects").tolist(), strict=True):
        first[i] = min(t, first.get(i, t))
    return first


def _overlap_text(board: Board, kind: TerrainPiece, index: int) -> str:
    t = board.terrain[index]
    return f"the {kind.name} would overlap {t.name} ({t.id})"


def _shapes(board: Board) -> shapely.STRtree:
    """The board's pieces as a shapely tree, built once per board."""
    memo: Memo[str, shapely.STRtree] = board.memo(SHAPES)
    return memo.remember(
        SHAPES, lambda: shapely.STRtree([shapely.Polygon(t.polygon) for t in board.terrain])
    )


def _box_gap(box: Box, p: Point) -> float:
    """From a point to the nearest point of a box (0 inside it)."""
    x0, y0, x1, y1 = box
    return math.hypot(max(x0 - p[0], 0.0, p[0] - x1), max(y0 - p[1], 0.0, p[1] - y1))


def _marker_error(game: WireGame, kind: TerrainPiece, box: Box) -> str | None:
    for mk in game.ruleset.markers(game):
        gap = _box_gap(box, mk.point)
        if gap < MARKER_GAP - 1e-9:
            return (
                f'the {kind.name} would be {gap:.2f}" from marker {mk.label}; a piece stays '
                f'{MARKER_GAP:g}" or more from every marker (K1.2)'
            )
    return None


def _model_error(game: WireGame, kind: TerrainPiece, box: Box) -> str | None:
    for m in in_play(game):
        if _box_gap(box, m.pos) < m.radius - CONTACT:
            return f"the {kind.name} would overlap {m.label}"
    return None


def _to_deploy(game: WireGame, side: int) -> list[WireModel]:
    return [m for m in game.models if m.side == side and not m.deployed and m.removed is None]


def _zone_boxes(game: WireGame, side: int) -> list[Box]:
    return [deployment.rect(game.board, zone, 0.0) for zone in game.state.zones[side]]


def _in_zones(zones: list[Box], box: Box) -> bool:
    """Whether the box shares area with one of the zones (a circle's square stands for it)."""
    x0, y0, x1, y1 = box
    return any(
        min(x1, zx1) - max(x0, zx0) > CONTACT and min(y1, zy1) - max(y0, zy0) > CONTACT
        for zx0, zy0, zx1, zy1 in zones
    )


def _room_error(game: WireGame, kind: TerrainPiece, turn: int, centre: Point) -> str | None:
    box = kind.box(centre, turn)
    crowded = [s for s in (0, 1) if _to_deploy(game, s) and _in_zones(_zone_boxes(game, s), box)]
    if not crowded:
        return None
    board = game.board.with_terrain((_piece(game, kind, turn, centre),))
    for side in crowded:
        waiting = _to_deploy(game, side)
        radius = max(m.radius for m in waiting)
        if not deployment.room(board, game.state.zones[side], radius, len(waiting)):
            return (
                f"the {kind.name} would leave side {game.ruleset.sides[side]} too little room "
                f"to deploy its {len(waiting)} models (K1.2, notes A82)"
            )
    return None


def _piece(game: WireGame, kind: TerrainPiece, turn: int, centre: Point) -> Terrain:
    """The piece as the board holds it, under the first free id ``placed-N``."""
    n = 1
    while any(t.id == f"{ID_PREFIX}-{n}" for t in game.board.terrain):
        n += 1
    return kind.at(f"{ID_PREFIX}-{n}", centre, turn)


# --- points for players ---------------------------------------------------------------------


def candidate_points(game: WireGame, spec: PointSpec) -> list[Point]:
    """Legal centres for the piece of ``spec`` on a 1" grid, clear of every deployment zone
    (AIs rank them): the same checks as :func:`place_error`, the terrain's for all at once."""
    found = kind_of(game, spec.args)
    assert found is not None  # the step asks only for the pairs it offers
    kind, turn = found
    board = game.board
    zones = _zone_boxes(game, 0) + _zone_boxes(game, 1)
    spots = [
        p
        for p in _grid(board)
        if not _in_zones(zones, kind.box(p, turn))
        and _table_error(board, kind, kind.box(p, turn)) is None
    ]
    if not spots:
        return []
    hits = _overlaps(board, [kind.box(p, turn) for p in spots])
    return [
        p
        for n, p in enumerate(spots)
        if n not in hits and _placed_error(game, kind, turn, p) is None
    ]


def _grid(board: Board) -> list[Point]:
    cols, rows = int(board.width / GRID), int(board.height / GRID)
    return [((i + 0.5) * GRID, (j + 0.5) * GRID) for i in range(cols) for j in range(rows)]


def sample_point(game: WireGame, spec: PointSpec, uniform: Callable[[], float]) -> Point | None:
    """A random legal centre for the piece of ``spec`` (the random player's choice)."""
    found = kind_of(game, spec.args)
    assert found is not None
    kind, turn = found
    (w, d), board = kind.extent(turn), game.board
    for _ in range(SAMPLES):
        x = round(w / 2 + (board.width - w) * uniform(), 2)
        p = (x, round(d / 2 + (board.height - d) * uniform(), 2))
        if place_error(game, kind, turn, p) is None:
            return p
    spots = candidate_points(game, spec)
    return spots[int(uniform() * len(spots))] if spots else None


def placement_score(game: WireGame, action: Action) -> float:
    """How the heuristic Defender weighs a spot: best ``FRONT`` inches in front of its own
    zones, where its models deploy behind the piece, and worse nearer the enemy's zones."""
    assert action.point is not None
    side, board, zones = advantages.defender(game), game.board, game.state.zones
    own = min(deployment.zone_gap(board, z, action.point) for z in zones[side])
    foe = min(deployment.zone_gap(board, z, action.point) for z in zones[1 - side])
    return -abs(own - FRONT) - (BEHIND if foe < own else 0.0)


# --- the step ---------------------------------------------------------------------------------


@dataclass(slots=True, eq=False)
class PlaceTerrain(Step):
    """Terrain (K1.4 Setup 4): the Defender places each piece, one decision each, on the
    board that the pieces placed before it have made. ``done`` counts the pieces dealt with:
    placed, or left out for want of a spot."""

    rule = ADVANTAGES
    done: int = 0

    def run(self, game: WireGame, action: Action | None) -> Decision | list[Step]:
        if action is not None:
            _place(game, action)
            self.done += 1
        total = pieces(game).placed
        while self.done < total:
            if any(candidate_points(game, s) for s in specs(game)):
                prompt = f"Terrain: place terrain piece {self.done + 1} of {total} (K1.4)"
                return Decision(advantages.defender(game), PLACE, prompt, (), specs(game))
            game.emit("terrain-no-room", ADVANTAGES, (), piece=self.done + 1)
            self.done += 1
        return []

    def point_error(self, game: WireGame, action: Action) -> str | None:
        found = kind_of(game, action.args)
        assert found is not None and action.point is not None  # it answers one of the specs
        return place_error(game, *found, action.point)

    def option_error(self, game: WireGame, action: Action) -> str | None:
        if action.kind != PLACE:
            return None
        kinds = pieces(game).kinds
        kind = pieces(game).kind(action.args[0]) if action.args else None
        if kind is None:
            named = quoted(action.args[0]) if action.args else "none"
            return f"no terrain piece {named}; the pieces: {', '.join(k.id for k in kinds)}"
        turns = " or ".join(str(t) for t in kind.turns)
        if kind_of(game, action.args) is None:
            return f"the {kind.name} is placed turned {turns} degrees: {PLACE} {kind.id} 0 x,y"
        return None  # a kind and turn without the spot: the kernel asks for the whole answer


def _place(game: WireGame, action: Action) -> None:
    found = kind_of(game, action.args)
    assert found is not None and action.point is not None
    kind, turn = found
    piece = _piece(game, kind, turn, action.point)
    game.replace_board(game.board.with_terrain((piece,)))
    x, y = action.point
    side = advantages.defender(game)
    game.emit(
        "terrain-placed",
        ADVANTAGES,
        (),
        side=side,
        piece=piece.id,
        name=kind.name,
        at=[x, y],
        turn=turn,
    )
