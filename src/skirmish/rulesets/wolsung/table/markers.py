"""Where scenario markers lie, and where S3's Clues may go (notes ``wolsung-scenarios.md``
§4.0, §4.2, §4.3; markers are placed with the terrain, L219).

A marker is a flat 30 mm disc. It lies on the ground, or on the top of a climbable piece, where
the whole disc fits: on the table, clear of solid pieces on the ground, wholly on its roof up
there (the board's own placement test, :meth:`Board.placement_error`). A point inside a piece
moves to the nearest spot that fits: on that piece's top if it is climbable (the highest such
piece first), on the ground beside it if it is solid. S2's marker B climbs onto an elevated
piece that covers its point or lies within ``roof_within`` of it.
"""

from __future__ import annotations

from collections.abc import Sequence

import shapely

from skirmish.errors import BoardError
from skirmish.geometry.board import Board
from skirmish.geometry.shapes import Point, mm_to_inches
from skirmish.geometry.terrain import Movement, Terrain
from skirmish.rulesets.wolsung.table.measure import Spot, distance
from skirmish.rulesets.wolsung.table.records import Clues, Common, Marker

__all__ = ["clue_error", "marker_radius", "place_marker", "scenario_markers", "spot_at"]

ARC_SEGMENTS = 16
"""Segments per quarter circle when rounding a piece by a disc's radius: the chords then come
inside the true arc by under 0.001" for a 30 mm disc, well within CONTACT."""


def marker_radius(common: Common) -> float:
    """A marker disc's radius in inches (30 mm across, §4.0)."""
    return mm_to_inches(common.marker_mm) / 2


def spot_at(board: Board, point: Point, radius: float) -> Spot | None:
    """The disc at ``point`` on the highest surface there, if it fits there; else None."""
    level = board.surface_at(point)
    if board.placement_error(point, radius, level) is not None:
        return None
    return Spot(point[0], point[1], board.surface_height(level), radius, level)


def place_marker(
    board: Board, point: Point, common: Common, roof_within: float | None = None
) -> Spot:
    """Where a marker meant for ``point`` lies (§4.0; with ``roof_within``, S2's marker B,
    §4.2): on the nearest elevated piece within that reach if one has room; else on the
    highest climbable piece over the point that has room; else at the point, or the nearest
    spot beside it on the ground.

    Raises:
        BoardError: the ground has no room for the disc anywhere.
    """
    radius = marker_radius(common)
    lifts: list[Terrain] = []
    if roof_within is not None:
        near = [t for t in _elevated(board, common) if _gap(t, point) <= roof_within]
        lifts = sorted(near, key=lambda t: (_gap(t, point), -t.height))
    over = sorted((t for t in _climbable(board) if t.contains(point)), key=lambda t: -t.height)
    return (
        _first_roof([*lifts, *over], point, radius)
        or spot_at(board, point, radius)
        or _nearest_on_ground(board, point, radius)
    )


def scenario_markers(board: Board, markers: Sequence[Marker], common: Common) -> dict[str, Spot]:
    """Where each of a scenario's markers lies on ``board``, by id (§4.0, §4.2)."""
    return {m.id: place_marker(board, (m.x, m.y), common, m.roof_within) for m in markers}


def clue_error(
    board: Board, point: Point, placed: Sequence[Spot], clues: Clues, common: Common
) -> str | None:
    """Why a player may not place a Clue at ``point``, or None (S3, §4.3): its centre at
    ``y_min <= y <= y_max``, its disc ``side_margin`` or more from the west and east edges and
    ``spacing`` or more from every Clue in ``placed`` (3D, edge to edge, L10), and room for the
    disc on the surface there (a roof will do). The centre Clue's place is known from the
    start, so the caller counts it among ``placed``."""
    x, y = point
    if not clues.y_min <= y <= clues.y_max:
        return f"a Clue goes at {clues.y_min:g} <= y <= {clues.y_max:g}, not at y = {y:g}"
    spot = spot_at(board, point, marker_radius(common))
    if spot is None:
        return f"no room for a Clue's disc at ({x:g}, {y:g})"
    if min(x, board.width - x) - spot.radius < clues.side_margin:
        return f'a Clue goes {clues.side_margin:g}" or more from the side edges'
    near = [other for other in placed if distance(spot, other) < clues.spacing]
    if near:
        return (
            f'a Clue goes {clues.spacing:g}" or more from the others; the one at '
            f"({near[0].x:g}, {near[0].y:g}) is nearer"
        )
    return None


def _climbable(board: Board) -> list[Terrain]:
    return [t for t in board.terrain if t.movement is Movement.CLIMBABLE]


def _elevated(board: Board, common: Common) -> list[Terrain]:
    """The climbable pieces tall enough to be Elevated Terrain (L34)."""
    return [t for t in _climbable(board) if t.height >= common.elevated]


def _gap(piece: Terrain, point: Point) -> float:
    """How far ``point`` is from a piece's footprint: 0 inside it."""
    return 0.0 if piece.contains(point) else piece.boundary_distance(point)


def _first_roof(pieces: Sequence[Terrain], point: Point, radius: float) -> Spot | None:
    """The spot nearest ``point`` on the first of ``pieces`` whose top has room for the disc."""
    for piece in pieces:
        spot = _nearest_on_roof(piece, point, radius)
        if spot is not None:
            return spot
    return None


def _nearest_on_roof(piece: Terrain, point: Point, radius: float) -> Spot | None:
    """The spot on a piece's top nearest ``point`` where the whole disc fits, if any."""
    room = shapely.Polygon(piece.polygon).buffer(-radius, quad_segs=ARC_SEGMENTS)
    if room.is_empty:
        return None
    x, y = _nearest(room, point)
    return Spot(x, y, piece.height, radius, piece.id)


def _nearest_on_ground(board: Board, point: Point, radius: float) -> Spot:
    """The spot on the ground nearest ``point`` where the whole disc fits."""
    table = shapely.box(radius, radius, board.width - radius, board.height - radius)
    solid = [
        shapely.Polygon(t.polygon).buffer(radius, quad_segs=ARC_SEGMENTS)
        for t in board.terrain
        if t.movement in (Movement.IMPASSABLE, Movement.CLIMBABLE)
    ]
    room = table.difference(shapely.union_all(solid))
    if room.is_empty:
        raise BoardError(f"board {board.name!r}: no room on the ground for a marker")
    x, y = _nearest(room, point)
    return Spot(x, y, 0.0, radius)


def _nearest(room: shapely.Geometry, point: Point) -> Point:
    """The point of ``room`` nearest ``point`` (the point itself if it lies in it)."""
    near = shapely.shortest_line(room, shapely.Point(point))
    x, y = near.coords[0]
    return (float(x), float(y))
