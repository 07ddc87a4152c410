"""The guided path search against the plain one, its reference (``guide=False``).

The guide only orders the search (see :mod:`skirmish.geometry.paths`): on the shipped boards
and on random ones, with random bases in the way, every question gets the same answer, a way
or none, and ways of the same length to within 1e-6". Here every search runs past its budget
of plain pops at the first one, so that each is guided (most searches of a game end sooner).
"""

from __future__ import annotations

import math

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from skirmish.geometry import (
    Board,
    Path,
    default_board_path,
    mm_to_inches,
    path_clear,
    paths,
    plan_path,
    reach_toward,
    reach_within,
)
from skirmish.geometry.board import shipped_boards
from skirmish.geometry.shapes import Point


@pytest.fixture(autouse=True)
def guided_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(paths, "PLAIN_BUDGET", 1)


RADII = [mm_to_inches(mm) / 2 for mm in (25, 32, 40, 50)]
SHIPPED = {name: Board.load(default_board_path(name)) for name in shipped_boards()}
KINDS = ("impassable", "climbable", "rough")


def _piece(n: int, kind: str, x: float, y: float, w: float, h: float, turn: float) -> dict:
    """A rectangle of ``w`` by ``h`` centred at (x, y), turned by ``turn`` radians, kept on a
    24" table."""
    c, s = math.cos(turn), math.sin(turn)
    corners = [(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)]
    polygon = [
        [
            min(max(round(x + c * a - s * b, 3), 0.0), 24.0),
            min(max(round(y + s * a + c * b, 3), 0.0), 24.0),
        ]
        for a, b in corners
    ]
    return {"id": f"p{n}", "name": f"Piece {n}", "kind": kind, "height": 2.0, "polygon": polygon}


pieces = st.lists(
    st.tuples(
        st.sampled_from(KINDS),
        st.floats(2.0, 22.0),
        st.floats(2.0, 22.0),
        st.floats(0.3, 6.0),
        st.floats(0.3, 6.0),
        st.floats(0.0, math.pi),
    ),
    min_size=1,
    max_size=8,
)


@st.composite
def boards(draw: st.DrawFn) -> Board:
    """A shipped board, or a 24" table with up to eight random pieces (overlaps allowed)."""
    if draw(st.booleans()):
        return SHIPPED[draw(st.sampled_from(sorted(SHIPPED)))]
    terrain = [_piece(n, *spec) for n, spec in enumerate(draw(pieces))]
    return Board.from_dict({"name": "Random", "width": 24.0, "height": 24.0, "terrain": terrain})


def points(board: Board) -> st.SearchStrategy[Point]:
    return st.tuples(st.floats(0.0, board.width), st.floats(0.0, board.height))


@st.composite
def questions(draw: st.DrawFn) -> tuple[Board, Point, Point, float, list[tuple[Point, float]]]:
    board = draw(boards())
    start, goal = draw(points(board)), draw(points(board))
    radius = draw(st.sampled_from(RADII))
    blockers = draw(st.lists(st.tuples(points(board), st.sampled_from(RADII)), max_size=8))
    return board, start, goal, radius, blockers


def assert_same(guided: Path | None, plain: Path | None) -> None:
    assert (guided is None) == (plain is None), (guided, plain)
    if guided is not None and plain is not None:
        assert guided.length == pytest.approx(plain.length, abs=1e-6), (guided, plain)


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(questions(), st.booleans())
def test_guided_plan_path_agrees_with_the_plain_search(
    question: tuple[Board, Point, Point, float, list[tuple[Point, float]]], avoid_rough: bool
) -> None:
    board, start, goal, radius, blockers = question
    guided = plan_path(board, start, goal, radius, blockers, avoid_rough=avoid_rough)
    plain = plan_path(board, start, goal, radius, blockers, avoid_rough=avoid_rough, guide=False)
    assert_same(guided, plain)


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    questions(),
    st.sampled_from([math.inf, 4.0, 8.0, 14.0]),
    st.sampled_from([0.0, 1.0, 1.5, 3.0]),
)
def test_guided_reach_toward_agrees_with_the_plain_search(
    question: tuple[Board, Point, Point, float, list[tuple[Point, float]]],
    max_length: float,
    stop: float,
) -> None:
    board, start, goal, radius, blockers = question
    guided = reach_toward(board, start, goal, radius, blockers, None, max_length, stop)
    plain = reach_toward(board, start, goal, radius, blockers, None, max_length, stop, guide=False)
    assert_same(guided, plain)
    if guided is not None and plain is not None:
        assert math.dist(guided.end, goal) == pytest.approx(math.dist(plain.end, goal), abs=1e-6)


@settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    questions(),
    st.sampled_from([math.inf, 4.0, 8.0, 14.0]),
    st.sampled_from([0.0, 1.0, 1.5, 3.0]),
)
def test_the_way_round_the_terrain_alone_agrees_with_the_plain_search(
    question: tuple[Board, Point, Point, float, list[tuple[Point, float]]],
    max_length: float,
    stop: float,
) -> None:
    """With no base in the way, reach_toward answers from the graph's static ways (the
    goal's guide and the shortest lengths between corners) without a search: the same answer
    as the plain search, a way or none, of the same length, ending as near the goal."""
    board, start, goal, radius, _ = question
    fast = reach_toward(board, start, goal, radius, (), None, max_length, stop)
    plain = reach_toward(board, start, goal, radius, (), None, max_length, stop, guide=False)
    assert_same(fast, plain)
    if fast is not None and plain is not None:
        assert math.dist(fast.end, goal) == pytest.approx(math.dist(plain.end, goal), abs=1e-6)


def test_guided_paths_on_a_roof_agree_with_the_plain_search() -> None:
    board = SHIPPED["default"]
    roof = next(t for t in board.terrain if t.movement.value == "climbable")
    x0, y0, x1, y1 = roof.bbox
    corners = [(x0 + 0.6, y0 + 0.6), (x1 - 0.6, y1 - 0.6), (x0 + 0.6, y1 - 0.6)]
    bases = [(((x0 + x1) / 2, (y0 + y1) / 2), RADII[0])]
    for a in corners:
        for b in corners:
            guided = plan_path(board, a, b, RADII[0], bases, roof.id)
            assert_same(guided, plan_path(board, a, b, RADII[0], bases, roof.id, guide=False))


@settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(questions(), st.sampled_from([0.0, 1.0, 1.5, 3.0]))
@example(  # the goal's circle is reached along a wall, its last leg aimed at the goal blocked
    (
        SHIPPED["sacred-wire"],
        (17.426402404307012, 20.410300423754023),
        (17.457878319893116, 16.35362548904638),
        RADII[0],
        [((16.254543373497413, 14.758080992317044), RADII[3])],
    ),
    1.5,
)
@example((SHIPPED["default"], (2.0, 1.0), (0.0, 0.0), RADII[0], [((0.0, 1.0), RADII[0])]), 1.0)
def test_a_way_round_the_terrain_clear_of_the_bases_is_a_way_among_them(
    question: tuple[Board, Point, Point, float, list[tuple[Point, float]]], stop: float
) -> None:
    """Where the way round the terrain alone comes within ``stop`` of the goal, the search
    among the bases finds a way no longer (it may be shorter: a base's corners give a start in
    contact with terrain more places to bend at than its escape corner). Where it does not,
    both are the fallback's way as near as it gets, which bases may make longer or shorter."""
    board, start, goal, radius, blockers = question
    alone = reach_toward(board, start, goal, radius, (), None, math.inf, stop)
    if alone is None or not path_clear(alone, radius, blockers):
        return
    if math.dist(alone.end, goal) > stop + 1e-6:
        return
    among = reach_toward(board, start, goal, radius, blockers, None, math.inf, stop)
    assert among is not None
    assert among.length <= alone.length + 1e-6, (alone, among)
    assert math.dist(among.end, goal) <= math.dist(alone.end, goal) + 1e-6, (alone, among)


@settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    questions(),
    st.sampled_from([2.0, 4.0, 8.0, 14.0]),
    st.sampled_from([0.0, 1.0, 1.5, 3.0]),
)
def test_reach_within_agrees_with_the_unbounded_search(
    question: tuple[Board, Point, Point, float, list[tuple[Point, float]]],
    max_length: float,
    stop: float,
) -> None:
    """A way found within the bound is the way the unbounded search finds; and where that
    search's way ends on the goal's circle within the bound, the bounded one finds it (a way
    that only a slide along a wall takes into the circle is the unbounded search's fallback,
    which the bounded one does not try)."""
    board, start, goal, radius, blockers = question
    bounded = reach_within(board, start, goal, radius, blockers, None, max_length, stop)
    full = reach_toward(board, start, goal, radius, blockers, None, math.inf, stop, guide=False)
    if bounded is not None:
        assert full is not None
        assert bounded.length <= max_length + 1e-9
        assert math.dist(bounded.end, goal) <= stop + 1e-6
        assert bounded.length == pytest.approx(full.length, abs=1e-6), (bounded, full)
    elif full is not None and full.length < max_length - 1e-6:
        on_circle = math.isclose(math.dist(full.end, goal), stop, abs_tol=1e-6)
        assert not on_circle, (bounded, full)
