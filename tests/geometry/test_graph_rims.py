"""A goal's rim points and whether it is clean (geometry/graph.py), found side by side in a
compiled loop that skips the sides whose boxes lie beyond the stop distance: to the bit the
crossings numpy finds for every side at once, and the cleanness the free region's own
boundary gives, on the shipped boards, for goals anywhere and goals about the stop distance
from a wall (where the boundary's own distance decides)."""

from __future__ import annotations

import math

import numpy as np
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from skirmish.geometry import Board, default_board_path, mm_to_inches
from skirmish.geometry.clearance import Space, space_for
from skirmish.geometry.graph import Graph, graph_of, is_clean_goal, rim_points
from skirmish.geometry.shapes import Point

BOARDS = {name: Board.load(default_board_path(name)) for name in ("default", "sacred-wire")}
RADII = [mm_to_inches(mm) / 2 for mm in (25, 40)]


def _every_side(space: Space, graph: Graph, gx: float, gy: float, stop: float) -> list[Point]:
    """The crossings of every side with the goal's circle, in numpy, all at once: the
    reference."""
    if stop <= 0.0 or not graph.side_list:
        return []
    x1, y1, x2, y2 = (np.array(column) for column in zip(*graph.side_list, strict=True))
    dx = x2 - x1
    dy = y2 - y1
    wx = x1 - gx
    wy = y1 - gy
    a = dx * dx + dy * dy
    b = wx * dx + wy * dy
    disc = b * b - a * (wx * wx + wy * wy - stop * stop)
    found: list[Point] = []
    for sign in (-1.0, 1.0):
        with np.errstate(invalid="ignore", divide="ignore"):
            t = (-b + sign * np.sqrt(disc)) / a
        hit = np.flatnonzero((disc >= 0.0) & (a > 0.0) & (t >= 0.0) & (t <= 1.0))
        for x, y in zip((x1 + t * dx)[hit].tolist(), (y1 + t * dy)[hit].tolist(), strict=True):
            if space.segment_clear(x, y, x, y):
                found.append((x, y))
    return found


def _boundary_clean(graph: Graph, gx: float, gy: float, stop: float) -> bool:
    """Cleanness by the free region and its boundary's distance alone: the reference."""
    node_free = graph.node_free
    clean = bool(shapely.contains_xy(node_free, gx, gy))
    if clean and stop > 0.0:
        clean = bool(shapely.distance(graph.node_edge, shapely.Point(gx, gy)) > stop)
    return clean


@settings(max_examples=300, deadline=None)
@given(
    name=st.sampled_from(sorted(BOARDS)),
    radius=st.sampled_from(RADII),
    at=st.tuples(st.floats(0.0, 1.0), st.floats(0.0, 1.0)),
    stop=st.floats(0.0, 4.0),
)
def test_rim_points_and_cleanness_are_those_of_every_side(
    name: str, radius: float, at: tuple[float, float], stop: float
) -> None:
    board = BOARDS[name]
    space = space_for(board, radius, None, False)
    graph = graph_of(space)
    gx, gy = at[0] * board.width, at[1] * board.height
    assert rim_points(space, graph, gx, gy, stop) == _every_side(space, graph, gx, gy, stop)
    assert is_clean_goal(graph, gx, gy, stop) == _boundary_clean(graph, gx, gy, stop)


@settings(max_examples=300, deadline=None)
@given(
    name=st.sampled_from(sorted(BOARDS)),
    radius=st.sampled_from(RADII),
    side=st.integers(0, 10_000),
    along=st.floats(0.0, 1.0),
    stop=st.floats(0.1, 3.0),
    off=st.sampled_from([0.0, 1e-12, -1e-12, 1e-7, -1e-7, 1e-5, -1e-5]),
)
def test_a_goal_about_the_stop_from_a_wall_is_judged_as_the_boundary_judges_it(
    name: str, radius: float, side: int, along: float, stop: float, off: float
) -> None:
    """Goals ``stop`` (give or take a hair) out from a side of the boundary, square to it:
    the sides' own distance is within its slack of the stop there, and the boundary decides."""
    board = BOARDS[name]
    space = space_for(board, radius, None, False)
    graph = graph_of(space)
    x1, y1, x2, y2 = graph.side_list[side % len(graph.side_list)]
    length = math.hypot(x2 - x1, y2 - y1)
    nx, ny = (y2 - y1) / length, (x1 - x2) / length
    for sign in (-1.0, 1.0):
        d = sign * (stop + off)
        gx, gy = x1 + (x2 - x1) * along + nx * d, y1 + (y2 - y1) * along + ny * d
        assert is_clean_goal(graph, gx, gy, stop) == _boundary_clean(graph, gx, gy, stop)
        assert rim_points(space, graph, gx, gy, stop) == _every_side(space, graph, gx, gy, stop)
