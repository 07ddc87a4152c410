"""Sight walks the edges only of the pieces whose box meets the fan of rays from the eye to
the target (``sight._fan_pieces``): a piece it passes by blocks no ray, so every answer is the
one the exact test of every piece gives."""

from __future__ import annotations

import random

from skirmish.geometry import Board, Body, Cover, Movement, Terrain, default_board_path
from skirmish.geometry.shapes import point_in_edges
from skirmish.geometry.sight import (
    EYE_HEIGHT,
    SAMPLE_HEIGHTS,
    SAMPLE_SPREAD,
    _crossing_span,
    _fan_pieces,
    any_ray_clear,
    line_of_sight,
)

R = 0.5


def _wall(id: str, x0: float, y0: float, x1: float, y1: float) -> Terrain:
    polygon = ((x0, y0), (x1, y0), (x1, y1), (x0, y1))
    return Terrain(id, id, polygon, 3.0, Movement.IMPASSABLE, Cover.HEAVY, True)


def _fan(board: Board, viewer: Body, target: Body) -> tuple[list[str], list[str]]:
    """The pieces the fan keeps, and those whose edges some lateral ray crosses."""
    ex, ey = viewer.center
    tx, ty = target.center
    ez = board.surface_height(viewer.level) + EYE_HEIGHT * viewer.height
    low = min(ez, board.surface_height(target.level) + SAMPLE_HEIGHTS[0] * target.height)
    dx, dy = tx - ex, ty - ey
    d = (dx * dx + dy * dy) ** 0.5
    s = SAMPLE_SPREAD * target.radius
    px, py = (-dy / d * s, dx / d * s) if d > 0.0 else (s, 0.0)
    kept = [piece.id for piece, _ in _fan_pieces(board, ex, ey, tx, ty, px, py, low)]
    crossed = []
    for piece in board.terrain:
        if not piece.blocks_sight or piece.height <= low:
            continue
        eye_in = point_in_edges(ex, ey, piece.edges)
        for k in (-1, 0, 1):
            sx, sy = tx + k * px, ty + k * py
            if _crossing_span(ex, ey, sx, sy, piece.edges, piece.bbox, eye_in) is not None:
                crossed.append(piece.id)
                break
    return kept, crossed


def _bodies(board: Board, rng: random.Random, count: int) -> list[Body]:
    levels: list[str | None] = [None, *(p.id for p in board.terrain if p.movement == "climbable")]
    found: list[Body] = []
    while len(found) < count:
        level = rng.choice(levels)
        p = (round(rng.uniform(0, board.width), 2), round(rng.uniform(0, board.height), 2))
        if board.surface_at(p) == level:
            found.append(Body(p, rng.choice((0.5, 0.63, 1.0)), level, rng.choice((0.1, 1.25))))
    return found


def test_the_fan_keeps_every_piece_a_ray_crosses_and_few_others() -> None:
    rng = random.Random(7)
    kept_in_all = passed_by = 0
    for name in ("default", "sacred-wire"):
        board = Board.load(default_board_path(name))
        bodies = _bodies(board, rng, 300)
        pairs = [*zip(bodies, reversed(bodies), strict=True), (bodies[0], bodies[0])]
        for viewer, target in pairs:
            kept, crossed = _fan(board, viewer, target)
            assert set(crossed) <= set(kept)
            assert set(line_of_sight(board, viewer, target).pieces) <= set(kept)
            kept_in_all += len(kept)
            passed_by += len(board._sight_blockers) - len(kept)
    assert passed_by > 4 * kept_in_all  # most pieces of a long line are never walked


def test_a_wall_beside_the_rays_but_inside_their_box_is_passed_by() -> None:
    # The line runs corner to corner; the wall sits in its box, clear of the rays.
    board = Board("fan", 24.0, 24.0, (_wall("aside", 14.0, 2.0, 16.0, 4.0),))
    viewer, target = Body((2.0, 2.0), R, None, 1.25), Body((22.0, 22.0), R, None, 1.25)
    assert _fan(board, viewer, target) == ([], [])
    assert any_ray_clear(board, viewer, target)
    assert line_of_sight(board, viewer, target).pieces == ()


def test_a_wall_that_grazes_one_outer_ray_is_walked_and_blocks_it() -> None:
    # The upper outer ray ends at (22, 12.45) and runs at y 12.405-12.4275 over x 20-21: a
    # wall from y = 12.4 there cuts it, and it alone (the middle ray stays at y = 12).
    board = Board("fan", 24.0, 24.0, (_wall("graze", 20.0, 12.4, 21.0, 14.0),))
    viewer, target = Body((2.0, 12.0), R, None, 1.25), Body((22.0, 12.0), R, None, 1.25)
    assert _fan(board, viewer, target) == (["graze"], ["graze"])
    seen = line_of_sight(board, viewer, target)
    assert seen.visible and seen.pieces == ("graze",) and seen.cover == Cover.LIGHT
    assert any_ray_clear(board, viewer, target)
