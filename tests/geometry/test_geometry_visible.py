"""The fast visibility test agrees with the full line of sight everywhere."""

from __future__ import annotations

import random

from skirmish.geometry.board import Board, default_board_path
from skirmish.geometry.sight import Body, any_ray_clear, line_of_sight, visible_between


def _bodies(board: Board, seed: int, count: int) -> list[Body]:
    rng = random.Random(seed)
    levels: list[str | None] = [None, *(p.id for p in board.terrain if p.movement == "climbable")]
    found: list[Body] = []
    while len(found) < count:
        level = rng.choice(levels)
        p = (rng.uniform(0, board.width), rng.uniform(0, board.height))
        if board.surface_at(p) == level and board.placement_error(p, 0.492, level) is None:
            found.append(Body(p, 0.492, level, 1.1))
    return found


def test_any_ray_clear_matches_line_of_sight() -> None:
    for name in ("default", "sacred-wire"):
        board = Board.load(default_board_path(name))
        bodies = _bodies(board, 3, 120)
        for viewer, target in zip(bodies, reversed(bodies), strict=True):
            expected = line_of_sight(board, viewer, target).visible
            assert any_ray_clear(board, viewer, target) == expected
            assert visible_between(board, viewer, target) == expected
