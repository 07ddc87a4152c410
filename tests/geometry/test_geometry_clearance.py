"""The straight-segment test of a space (geometry/clearance.py): an obstacle whose circle,
grown by its reach, the segment passes outside of is skipped without walking its edges, and
the answer is the one the edges give, on the shipped boards."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from skirmish.geometry import Board, default_board_path, mm_to_inches
from skirmish.geometry.clearance import Space, space_for
from skirmish.geometry.shapes import point_in_edges, segment_near_edges

BOARDS = {name: Board.load(default_board_path(name)) for name in ("default", "sacred-wire")}
RADII = [mm_to_inches(mm) / 2 for mm in (25, 40)]


def _walked(space: Space, ax: float, ay: float, bx: float, by: float) -> bool:
    """The segment test walking every obstacle's edges, boxes aside: the reference."""
    x0, y0, x1, y1 = space.box
    if not all(x0 <= x <= x1 for x in (ax, bx)) or not all(y0 <= y <= y1 for y in (ay, by)):
        return False
    return not any(
        segment_near_edges(ax, ay, bx, by, edges, d) or point_in_edges(ax, ay, edges)
        for *_, edges, d, _ in space.obstacles
    )


@settings(max_examples=400, deadline=None)
@given(
    name=st.sampled_from(sorted(BOARDS)),
    radius=st.sampled_from(RADII),
    ends=st.tuples(*[st.floats(0.0, 1.0)] * 4),
)
def test_a_segment_is_clear_as_the_obstacles_edges_say(
    name: str, radius: float, ends: tuple[float, float, float, float]
) -> None:
    board = BOARDS[name]
    space = space_for(board, radius, None, False)
    ax, ay, bx, by = ends
    w, h = board.width, board.height
    segment = (ax * w, ay * h, bx * w, by * h)
    assert space.segment_clear(*segment) == _walked(space, *segment)


@settings(max_examples=400, deadline=None)
@given(
    name=st.sampled_from(sorted(BOARDS)),
    radius=st.sampled_from(RADII),
    ends=st.tuples(*[st.floats(0.0, 1.0)] * 4),
    first=st.integers(0, 40),
)
def test_the_obstacle_tried_first_changes_no_answer(
    name: str, radius: float, ends: tuple[float, float, float, float], first: int
) -> None:
    """A space tries first the obstacle that blocked its last blocked segment: whichever it
    is (or none, past the last), the answer is the edges' own, and a blocked segment leaves
    its blocker to be tried first next."""
    board = BOARDS[name]
    space = space_for(board, radius, None, False)
    ax, ay, bx, by = ends
    w, h = board.width, board.height
    segment = (ax * w, ay * h, bx * w, by * h)
    space.blocker = first
    clear = space.segment_clear(*segment)
    assert clear == _walked(space, *segment)
    if not clear and 0 <= space.blocker < len(space.obstacles):
        _, _, _, _, edges, d, _ = space.obstacles[space.blocker]
        x0, y0, x1, y1 = space.box
        inside = all(x0 <= x <= x1 for x in segment[::2]) and all(
            y0 <= y <= y1 for y in segment[1::2]
        )
        assert (
            not inside
            or segment_near_edges(*segment, edges, d)
            or (point_in_edges(segment[0], segment[1], edges))
        )
