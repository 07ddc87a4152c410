"""Line of sight and cover from rays between bodies."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from skirmish.geometry import (
    Board,
    Body,
    Column,
    Cover,
    Movement,
    Terrain,
    cover_for_fraction,
    line_of_sight,
    sight_among,
)

R = 0.63


def _board(*pieces: Terrain) -> Board:
    return Board("test", 36.0, 24.0, pieces)


def _rect(
    id: str, x0: float, y0: float, x1: float, y1: float, h: float, cover: Cover, **kw: object
) -> Terrain:
    movement = kw.pop("movement", Movement.IMPASSABLE)
    assert isinstance(movement, Movement)
    blocks = kw.pop("blocks_sight", True)
    assert isinstance(blocks, bool)
    return Terrain(id, id, ((x0, y0), (x1, y0), (x1, y1), (x0, y1)), h, movement, cover, blocks)


TALL = _board(_rect("wall", 17.5, 4.0, 18.5, 20.0, 3.0, Cover.HEAVY))


def test_open_ground_is_clear(open_board: Board) -> None:
    s = line_of_sight(open_board, Body((2, 2), R), Body((30, 20), R))
    assert s.visible and s.blocked_fraction == 0.0 and s.cover is Cover.NONE and s.pieces == ()


def test_tall_wall_hides_both_ways() -> None:
    a = Body((10.0, 12.0), R)
    b = Body((26.0, 12.0), R)
    ab = line_of_sight(TALL, a, b)
    ba = line_of_sight(TALL, b, a)
    assert not ab.visible and not ba.visible
    assert ab.blocked_fraction == 1.0 and ab.pieces == ("wall",)
    assert ab.cover is Cover.HEAVY


@settings(max_examples=60)
@given(
    st.floats(1, 16.5),
    st.floats(5, 19),
    st.floats(19.5, 35),
    st.floats(5, 19),
    st.booleans(),
)
def test_visibility_is_symmetric_on_flat_ground_with_a_tall_wall(
    x1: float, y1: float, x2: float, y2: float, same_side: bool
) -> None:
    if same_side:
        x2 = 36.0 - x2  # both west of the wall
    a = Body((x1, y1), R)
    b = Body((x2, y2), R)
    ab = line_of_sight(TALL, a, b).visible
    assert ab == line_of_sight(TALL, b, a).visible
    assert ab == same_side


def test_low_wall_gives_light_or_medium_cover() -> None:
    viewer = Body((8.0, 12.0), R)
    target = Body((18.7, 12.0), R)  # hugging the wall's far side
    low = _board(_rect("wall", 17.5, 8.0, 18.0, 16.0, 0.5, Cover.MEDIUM))
    s = line_of_sight(low, viewer, target)
    assert s.visible and s.blocked_fraction == 3 / 9 and s.cover is Cover.LIGHT
    higher = _board(_rect("wall", 17.5, 8.0, 18.0, 16.0, 0.75, Cover.MEDIUM))
    s = line_of_sight(higher, viewer, target)
    # two thirds hidden would be HEAVY, but this wall grants at most MEDIUM
    assert s.visible and s.blocked_fraction == 6 / 9 and s.cover is Cover.MEDIUM
    assert s.pieces == ("wall",)


def test_a_model_on_a_roof_sees_over_a_low_wall() -> None:
    board = _board(
        _rect("house", 4.0, 9.0, 9.0, 15.0, 3.0, Cover.HEAVY, movement=Movement.CLIMBABLE),
        _rect("wall", 17.5, 8.0, 18.0, 16.0, 1.2, Cover.MEDIUM),
    )
    target = Body((20.0, 12.0), R)  # 2" behind a wall taller than a model
    assert not line_of_sight(board, Body((14.0, 12.0), R), target).visible
    s = line_of_sight(board, Body((8.2, 12.0), R, "house"), target)
    assert s.visible and s.pieces == ("wall",) and s.cover is Cover.MEDIUM
    s = line_of_sight(board, Body((8.2, 12.0), R, "house"), Body((24.0, 12.0), R))
    assert s.visible and s.cover is Cover.NONE


def test_a_roof_hides_the_foot_of_its_own_wall() -> None:
    board = _board(
        _rect("house", 4.0, 9.0, 9.0, 15.0, 3.0, Cover.HEAVY, movement=Movement.CLIMBABLE),
    )
    on_roof = Body((6.5, 12.0), R, "house")
    below = Body((9.7, 12.0), R)
    s = line_of_sight(board, on_roof, below)
    assert not s.visible and s.pieces == ("house",)
    assert line_of_sight(board, Body((8.3, 12.0), R, "house"), Body((14, 12), R)).visible


def test_pieces_that_do_not_block_sight_are_ignored() -> None:
    board = _board(
        _rect("mist", 17.5, 4.0, 18.5, 20.0, 3.0, Cover.HEAVY, blocks_sight=False),
        _rect("rug", 12.0, 4.0, 13.0, 20.0, 0.0, Cover.HEAVY),
    )
    s = line_of_sight(board, Body((10.0, 12.0), R), Body((26.0, 12.0), R))
    assert s.visible and s.pieces == ()


def test_a_model_in_a_crater_is_in_light_cover(board: Board) -> None:
    s = line_of_sight(board, Body((20.0, 3.0), R), Body((29.6, 7.5), R))
    assert s.visible and s.cover is Cover.LIGHT and s.pieces == ("crater",)


def test_cover_grades_from_the_blocked_fraction() -> None:
    assert cover_for_fraction(0.0) is Cover.NONE
    assert cover_for_fraction(1 / 9) is Cover.LIGHT
    assert cover_for_fraction(4 / 9) is Cover.LIGHT
    assert cover_for_fraction(0.5) is Cover.MEDIUM
    assert cover_for_fraction(5 / 9) is Cover.HEAVY
    assert cover_for_fraction(1.0) is Cover.HEAVY


def test_viewer_and_target_at_one_spot_does_not_fail(board: Board) -> None:
    s = line_of_sight(board, Body((2.0, 12.0), R), Body((2.0, 12.0), R))
    assert s.visible


def test_a_column_on_the_line_hides_the_body_behind_it(open_board: Board) -> None:
    viewer, target = Body((10.0, 12.0), R), Body((20.0, 12.0), R)
    body = Column((15.0, 12.0), R, 0.0, 1.1)
    s = sight_among(open_board, viewer, target, [body])
    assert not s.visible and s.blocked_fraction == 1.0 and s.cover is Cover.HEAVY
    assert s.rays == 0b111111111 and s.pieces == ()


def test_a_column_beside_the_line_hides_one_side_of_the_body(open_board: Board) -> None:
    viewer, target = Body((10.0, 12.0), R), Body((20.0, 12.0), R)
    # Just beside the target, off the line: it hides the rays to the target's near side.
    s = sight_among(open_board, viewer, target, [Column((19.0, 12.9), R, 0.0, 1.1)])
    assert s.visible and s.blocked_fraction == 3 / 9 and s.cover is Cover.LIGHT
    assert s.rays == 0b111000000


def test_a_low_column_blocks_only_the_rays_below_its_top(open_board: Board) -> None:
    viewer, target = Body((10.0, 12.0), R), Body((20.0, 12.0), R)
    # The eye is at 0.99, the samples at 0.165, 0.55 and 0.935: a column 0.6 high by the
    # target hides its two lower rows.
    s = sight_among(open_board, viewer, target, [Column((19.0, 12.0), R, 0.0, 0.6)])
    assert s.visible and s.blocked_fraction == 6 / 9 and s.rays == 0b011011011


def test_a_column_out_of_the_way_changes_nothing(open_board: Board) -> None:
    viewer, target = Body((10.0, 12.0), R), Body((20.0, 12.0), R)
    clear = line_of_sight(open_board, viewer, target)
    assert sight_among(open_board, viewer, target, [Column((15.0, 20.0), R, 0.0, 1.1)]) == clear
    assert sight_among(open_board, viewer, target, []) == clear


def test_a_column_adds_to_the_rays_terrain_blocks_uncapped() -> None:
    viewer = Body((8.0, 12.0), R)
    target = Body((18.7, 12.0), R)
    low = _board(_rect("wall", 17.5, 8.0, 18.0, 16.0, 0.5, Cover.LIGHT))
    walled = line_of_sight(low, viewer, target)
    assert walled.blocked_fraction == 3 / 9 and walled.cap is Cover.LIGHT
    # A thin column on the line hides the middle rays; with the wall's low ones, 5 of 9: more
    # than half, HEAVY, though the wall alone grants at most LIGHT.
    s = sight_among(low, viewer, target, [Column((13.0, 12.0), 0.1, 0.0, 1.1)])
    assert s.pieces == ("wall",) and s.rays == 0b001111001
    assert s.blocked_fraction == 5 / 9 and s.cover is Cover.HEAVY
