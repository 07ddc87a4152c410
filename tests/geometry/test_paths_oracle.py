"""The board's precomputed ways against plain searches, their oracle.

What :mod:`skirmish.geometry.graph` keeps per board and kind of mover (the static graph's
all-pairs shortest lengths, a goal's guide, a point's escape corner) answers "how far toward
this base" without a search (:func:`reach_toward` with no base in the way): on the shipped
boards and random ones, the lengths are those of Dijkstra's search over the graph's edges, a
guide's ways those of every last leg tried one by one, and the ways toward a base (from
starts in contact with terrain too) those of the plain search (``guide=False``): the same
answer, a way or none, of the same length to within 1e-6". The corners a search among bases
keeps per start and bases (:mod:`skirmish.geometry.nodes`) give every later search the very
way, to the last bit, that corners built anew give, whatever moved, came or went meanwhile.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from pathlib import Path as FilePath
from typing import Any

import numpy as np
import pytest
import shapely
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.geometry.test_geometry_guide import RADII, SHIPPED, boards
from tests.geometry.test_geometry_paths import shortest_lengths

from skirmish.geometry import (
    Board,
    Path,
    default_board_path,
    plan_path,
    reach_toward,
    reach_within,
)
from skirmish.geometry.clearance import blocker_list, space_for
from skirmish.geometry.graph import (
    edge_lengths,
    escape_of,
    estimates,
    graph_of,
    guide_to,
    leg_end,
    next_hop,
    rim_points,
    seen_from,
    static_ways,
    tangent,
    tangent_from,
)
from skirmish.geometry.nodes import Nodes, nodes_of, ring_at, ring_of
from skirmish.geometry.shapes import Point

SETTINGS = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
STOPS = [0.0, 1.0, 1.5, 3.0]


@SETTINGS
@given(boards(), st.sampled_from(RADII))
def test_the_static_ways_are_the_shortest_over_the_graphs_edges(board: Board, r: float) -> None:
    graph = graph_of(space_for(board, r, None, False))
    ways = static_ways(graph)
    assert (ways == ways.T).all()  # the guide reads a corner's row for its column
    for source in range(0, len(graph.xs), max(1, len(graph.xs) // 12)):
        expected = shortest_lengths(graph.adj, source)
        assert ways[source].tolist() == pytest.approx(expected, abs=1e-9)


@SETTINGS
@given(boards(), st.sampled_from(RADII))
def test_the_static_ways_are_those_of_every_step_of_floyd_warshall_to_the_last_bit(
    board: Board, r: float
) -> None:
    """Steps that leave out the corners with no way yet to the step's corner change nothing."""
    graph = graph_of(space_for(board, r, None, False))
    plain = edge_lengths(graph)
    for k in range(len(graph.xs)):
        np.minimum(plain, plain[:, k, None] + plain[None, k, :], out=plain)
    assert (static_ways(graph) == plain).all()


@SETTINGS
@given(boards(), st.sampled_from(RADII), st.data(), st.sampled_from(STOPS))
def test_a_guide_is_the_least_static_way_over_every_last_leg(
    board: Board, r: float, data: st.DataObject, stop: float
) -> None:
    """Each corner's way is the least, over every corner whose last leg the searches' own
    tests pass and over every clear leg to a rim point, of the static way there and that leg;
    the corner and end it names are those of the first such leg (the aimed legs by corner,
    then the rim points' legs) to give that very sum, so that ways that tie are read alike."""
    space = space_for(board, r, None, False)
    graph = graph_of(space)
    gx = data.draw(st.floats(0.0, board.width))
    gy = data.draw(st.floats(0.0, board.height))
    guide = guide_to(space, graph, gx, gy, stop)
    xs, ys = graph.xs, graph.ys
    ways = static_ways(graph).tolist() if graph.xs else []
    rims = rim_points(space, graph, gx, gy, stop)
    legs = [
        (b, leg_end(xs[b], ys[b], gx, gy, stop)[2], -1) for b in range(len(xs)) if guide.last[b]
    ]
    legs += [
        (b, math.hypot(rx - xs[b], ry - ys[b]), k)
        for k, (rx, ry) in enumerate(rims)
        for b in range(len(xs))
        if space.segment_clear(xs[b], ys[b], rx, ry)
    ]
    for a in range(len(xs)):
        least = min((ways[a][b] + length for b, length, _ in legs), default=math.inf)
        assert float(guide.ways[a]) == pytest.approx(least, abs=1e-9)
        if least == math.inf:
            assert guide.via[a] == -1
            continue
        b, end = guide.via[a], guide.ends[a]
        ex, ey = leg_end(xs[b], ys[b], gx, gy, stop)[:2] if end < 0 else rims[end]
        named = ways[a][b] + math.hypot(ex - xs[b], ey - ys[b])
        assert named == pytest.approx(least, abs=1e-9)
        # Among the legs the guide weighed (the rim legs it may have left out are longer),
        # the first of the least sums.
        weighed = [leg for leg in legs if leg[2] < 0 or ways[a][leg[0]] + leg[1] <= least]
        sums = [ways[a][b] + length for b, length, _ in weighed]
        first = weighed[sums.index(min(sums))]
        assert float(guide.ways[a]) == min(sums)
        assert (guide.via[a], guide.ends[a]) == (first[0], first[2])


@SETTINGS
@given(boards(), st.sampled_from(RADII), st.data())
def test_a_next_hop_is_the_first_edge_of_least_length_and_way_on(
    board: Board, r: float, data: st.DataObject
) -> None:
    """Read from a row built per corner, as each edge tried one by one in its order."""
    graph = graph_of(space_for(board, r, None, False))
    if not graph.xs:
        return
    ways = static_ways(graph).tolist()
    n = len(graph.xs)
    for a in data.draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=8)):
        if not graph.adj[a]:
            continue
        for b in range(n):
            if b != a and ways[a][b] < math.inf:
                expected = min(graph.adj[a], key=lambda edge: edge[1] + ways[edge[0]][b])[0]
                assert next_hop(graph, a, b) == expected


@SETTINGS
@given(boards(), st.sampled_from(RADII), st.data())
def test_the_tangents_from_a_point_are_each_corners_own_test(
    board: Board, r: float, data: st.DataObject
) -> None:
    graph = graph_of(space_for(board, r, None, False))
    sx, sy = data.draw(st.floats(0.0, board.width)), data.draw(st.floats(0.0, board.height))
    expected = [
        tangent(graph, v, x - sx, y - sy)
        for v, (x, y) in enumerate(zip(graph.xs, graph.ys, strict=True))
    ]
    assert tangent_from(graph, sx, sy).tolist() == expected
    lengths, tangents = seen_from(graph, sx, sy)  # kept for the point's next question
    assert tangents.tolist() == expected
    assert lengths.tolist() == np.hypot(graph.ax - sx, graph.ay - sy).tolist()
    assert seen_from(graph, sx, sy)[0] is lengths


def _touching(board: Board, r: float, k: int, t: float) -> Point | None:
    """A centre in contact with piece ``k`` (modulo the pieces) of the board, ``t`` of the
    way round its outline, if a base of radius ``r`` may stand there."""
    if not board.terrain:
        return None
    piece = board.terrain[k % len(board.terrain)]
    outline = list(piece.polygon)
    n = len(outline)
    i = int(t * n) % n
    (ax, ay), (bx, by) = outline[i], outline[(i + 1) % n]
    mx, my = (ax + bx) / 2, (ay + by) / 2
    length = math.hypot(bx - ax, by - ay)
    if length == 0.0:
        return None
    for side in (1.0, -1.0):  # whichever normal points away from the piece
        p = (mx + side * (by - ay) / length * r, my - side * (bx - ax) / length * r)
        if space_for(board, r, None, False).segment_clear(*p, *p) and not piece.contains(p):
            return p
    return None


@SETTINGS
@given(
    st.sampled_from(sorted(SHIPPED)),
    st.sampled_from(RADII),
    st.integers(0, 200),
    st.floats(0.0, 1.0),
    st.lists(st.tuples(st.floats(0.0, 1.0), st.floats(0.0, 1.0)), min_size=1, max_size=4),
    st.sampled_from([math.inf, 5.0, 8.0]),
)
def test_the_ways_toward_bases_from_one_start_agree_with_the_plain_search(
    name: str,
    r: float,
    k: int,
    t: float,
    goals: list[tuple[float, float]],
    allowance: float,
) -> None:
    """As a player weighs its moves: one start (often a base in contact with terrain, whose
    escape corner is kept on the board) toward several bases, each to contact; the way cut at
    the move's allowance is the whole way cut there."""
    board = SHIPPED[name]
    start = _touching(board, r, k, t)
    if start is None:
        start = (t * board.width, (k % 24) / 24 * board.height)
    for u, v in goals:
        goal = (u * board.width, v * board.height)
        stop = r + RADII[k % len(RADII)] + 0.5
        fast = reach_toward(board, start, goal, r, (), None, math.inf, stop)
        plain = reach_toward(board, start, goal, r, (), None, math.inf, stop, guide=False)
        assert (fast is None) == (plain is None), (fast, plain)
        if fast is not None and plain is not None:
            assert fast.length == pytest.approx(plain.length, abs=1e-6), (fast, plain)
            assert math.dist(fast.end, goal) == pytest.approx(math.dist(plain.end, goal), abs=1e-6)
            # Cut at the allowance, each is its whole way cut there: two ways may tie (the
            # shipped boards are symmetric), and the two searches need not take the same one.
            cut = reach_toward(board, start, goal, r, (), None, allowance, stop)
            assert cut is not None and cut.end == fast.point_at(allowance)


def test_an_escape_corner_is_kept_per_point_and_lies_near_it() -> None:
    board = SHIPPED["sacred-wire"]
    r = RADII[1]
    graph = graph_of(space_for(board, r, None, False))
    start = next(
        p
        for k in range(len(board.terrain))
        if (p := _touching(board, r, k, 0.3)) is not None and escape_of(graph, *p) is not None
    )
    found = escape_of(graph, *start)
    assert found is not None
    (ex, ey), _ = found
    assert math.dist(start, (ex, ey)) < 0.05  # out of the rounded corners' reach, no more
    assert graph.escapes.get(start) == (found,)
    inside = graph.node_free.representative_point()
    assert escape_of(graph, inside.x, inside.y) is None  # clear of every obstacle: none needed


def _ask(board: Board, kind: int, start: Point, goal: Point, r: float, others: list) -> object:
    """One question of a player weighing a move, by ``kind``: how far toward a base (cut at
    an allowance), whether a base is within reach, or the way to a spot."""
    stop = 2 * r + 0.5
    if kind == 0:
        return reach_toward(board, start, goal, r, others, None, 6.0, stop)
    if kind == 1:
        return reach_within(board, start, goal, r, others, None, 8.0, stop)
    return plan_path(board, start, goal, r, others)


def _forget(board: Board, r: float) -> None:
    """Forget all but the static graph, its lengths and guides."""
    board.routes.values.clear()
    graph = graph_of(space_for(board, r, None, False))
    graph.nodes.values.clear()
    graph.rings.values.clear()


Bases = list[tuple[Point, float]]
# A player weighing its moves: the board, its base's radius, where it stands and where the
# other bases stand (as fractions of the table's width and height).
Weighing = tuple[Board, float, tuple[float, float], list[tuple[float, float]]]


def _weighing(
    weighing: Weighing, steps: list[tuple[int, int]]
) -> Iterator[tuple[Point, Point, Bases]]:
    """As a player weighs its moves: from one start among the same bases, toward each of
    them in turn, and again after a base moved, came or went (``change`` 1, 2 and 3): the
    start, the goal and the other bases of each question."""
    board, r, start_at, placed = weighing
    scale = (board.width, board.height)
    start = (start_at[0] * scale[0], start_at[1] * scale[1])
    others = [((u * scale[0], v * scale[1]), r) for u, v in placed]
    for which, change in steps:
        if change == 1:
            (x, y), rb = others[which % len(others)]
            others[which % len(others)] = ((x + 1.5, y), rb)
        elif change == 2:
            others.append(((scale[0] - start[0], start[1]), r))
        elif change == 3 and len(others) > 1:
            others.pop(which % len(others))
        goal = others[which % len(others)][0]
        yield start, goal, [b for b in others if b[0] != goal]


bases = st.lists(st.tuples(st.floats(0.0, 1.0), st.floats(0.0, 1.0)), min_size=1, max_size=10)
weighings = st.tuples(
    boards(), st.sampled_from(RADII), st.tuples(st.floats(0.0, 1.0), st.floats(0.0, 1.0)), bases
)


@SETTINGS
@given(
    weighings,
    st.lists(st.tuples(st.integers(0, 2), st.integers(0, 9), st.integers(0, 3)), max_size=12),
)
def test_searches_from_kept_corners_find_the_ways_of_corners_built_anew(
    weighing: Weighing, questions: list[tuple[int, int, int]]
) -> None:
    """As a player weighs its moves (:func:`_weighing`): each answer is the one asked with
    nothing kept, Path for Path, float for float."""
    board, r = weighing[:2]
    steps = [(which, change) for _, which, change in questions]
    kinds = [kind for kind, _, _ in questions]
    for kind, (start, goal, rest) in zip(kinds, _weighing(weighing, steps), strict=True):
        kept = _ask(board, kind, start, goal, r, rest)
        board.routes.values.clear()  # the way asked again, from the corners kept
        again = _ask(board, kind, start, goal, r, rest)
        _forget(board, r)
        fresh = _ask(board, kind, start, goal, r, rest)
        assert kept == again == fresh
        assert kept is None or isinstance(kept, Path)


@SETTINGS
@given(boards(), st.sampled_from(RADII), bases)
def test_a_ring_kept_on_the_graph_holds_its_corners_own_tests(
    board: Board, r: float, placed: list[tuple[float, float]]
) -> None:
    """Kept by the base's centre and reach: each corner's place on the table, whether it lies
    outside the static rings and its lengths from every static corner, as tested anew."""
    space = space_for(board, r, None, False)
    graph = graph_of(space)
    for u, v in placed:
        cx, cy, reach = u * board.width, v * board.height, 2 * r
        ring = ring_at(space, graph, cx, cy, reach)
        assert ring_at(space, graph, cx, cy, reach) is ring
        corners = ring_of(cx, cy, reach)
        assert ring.corners == corners
        assert ring.free == [space.segment_clear(x, y, x, y) for x, y in corners]
        assert ring.clean == [shapely.contains_xy(graph.node_free, x, y) for x, y in corners]
        ring.lengths()  # kept from the second search that asks on
        lengths = ring.lengths()
        for k, (x, y) in enumerate(corners):
            assert lengths[:, k].tolist() == np.hypot(graph.ax - x, graph.ay - y).tolist()


@SETTINGS
@given(weighings, st.lists(st.tuples(st.integers(0, 9), st.integers(0, 3)), max_size=6))
def test_a_search_reads_from_kept_rings_the_edges_and_offers_of_corners_built_anew(
    weighing: Weighing, steps: list[tuple[int, int]]
) -> None:
    """As a player weighs its moves (:func:`_weighing`): each corner's edges and offers, where
    a ring's corners read theirs to static corners from the ring kept on the graph, are those
    of corners built with every ring anew, index for index and float for float."""
    board, r = weighing[:2]
    space = space_for(board, r, None, False)
    graph = graph_of(space)
    for start, _, rest in _weighing(weighing, steps):
        blist = blocker_list(*start, r, rest)
        active = list(range(len(blist)))
        kept = Nodes(space, graph, start, blist, active, [])
        graph.rings.values.clear()
        anew = Nodes(space, graph, start, blist, active, [])
        for v in range(kept.n_static, kept.n_bend + 1):
            assert kept.joined(v) == anew.joined(v)
            (w, lengths), (w_anew, lengths_anew) = kept.offers_from(v), anew.offers_from(v)
            assert w.tolist() == w_anew.tolist()
            assert lengths.tolist() == lengths_anew.tolist()


def _matrix_estimates(nodes: Nodes, guide: Any, gx: float, gy: float, stop: float) -> list[float]:
    """The estimates of a search's corners from the whole matrices of lengths, from the static
    corners to the others and among those, each one numpy sum: the oracle of the lengths kept
    per ring and of the last legs taken for the others' estimates."""
    n = nodes.n_static
    ox = np.array(nodes.xs[n : nodes.n_bend])
    oy = np.array(nodes.ys[n : nodes.n_bend])
    straight = np.maximum(np.hypot(nodes.ax - gx, nodes.ay - gy) - stop, 0.0)
    if len(ox) == 0:
        return list(np.maximum(straight, guide.ways).tolist())
    via = np.hypot(nodes.ax[:, None] - ox[None, :], nodes.ay[:, None] - oy[None, :])
    among = np.hypot(ox[:, None] - ox[None, :], oy[:, None] - oy[None, :])
    leg = np.maximum(np.hypot(ox - gx, oy - gy) - stop, 0.0)
    after = np.minimum(leg, (via + guide.ways[:, None]).min(axis=0))
    static_best = np.minimum(guide.ways, (via + after[None, :]).min(axis=1))
    other_best = (among + after[None, :]).min(axis=1)
    return list(
        np.concatenate([np.maximum(straight, static_best), np.maximum(leg, other_best)]).tolist()
    )


@SETTINGS
@given(
    weighings,
    st.lists(st.tuples(st.integers(0, 9), st.integers(0, 3), st.sampled_from(STOPS)), max_size=8),
)
def test_estimates_from_kept_rings_are_those_of_the_whole_matrix_to_the_last_bit(
    weighing: Weighing, questions: list[tuple[int, int, float]]
) -> None:
    """As a player weighs its moves (:func:`_weighing`), among all the other bases or every
    other one of them: the estimates from the lengths kept per ring on the graph (whatever was
    asked before) are those of the whole matrix, with the lengths among the corners that are
    not static, float for float; with an escape corner for a start in contact with terrain."""
    board, r = weighing[:2]
    space = space_for(board, r, None, False)
    graph = graph_of(space)
    if not graph.xs:
        return  # no static corners: a search there goes without a guide
    steps = [(which, change) for which, change, _ in questions]
    stops = [stop for _, _, stop in questions]
    for stop, (start, (gx, gy), rest) in zip(stops, _weighing(weighing, steps), strict=True):
        found = escape_of(graph, *start) if not graph.node_free.is_empty else None
        escapes = [] if found is None else [found[0]]
        blist = blocker_list(*start, r, rest)
        guide = guide_to(space, graph, gx, gy, stop)
        for active in (list(range(len(blist))), list(range(0, len(blist), 2))):
            nodes = nodes_of(space, graph, start, (gx, gy), stop, blist, active, escapes)
            expected = _matrix_estimates(nodes, guide, gx, gy, stop)
            assert estimates(graph, guide, nodes.apart(), gx, gy, stop) == expected


DATA = FilePath(__file__).parent / "data"
RECORDED = json.loads((DATA / "recorded_ways.json").read_text())


def _replay(board: Board, q: dict[str, Any]) -> Path | None:
    """One recorded question, asked of ``board``."""
    start, goal = tuple(q["start"]), tuple(q["goal"])
    others = [((x, y), rb) for x, y, rb in q["blockers"]]
    r, level = q["radius"], q["level"]
    if q["ask"] == "plan":
        return plan_path(board, start, goal, r, others, level, q["avoid_rough"])
    allowance = math.inf if q["max_length"] is None else q["max_length"]
    ask = reach_toward if q["ask"] == "reach" else reach_within
    return ask(board, start, goal, r, others, level, allowance, q["stop"], q["avoid_rough"])


@pytest.mark.parametrize("order", [1, -1])
def test_recorded_questions_get_their_recorded_ways_to_the_last_bit(order: int) -> None:
    # The default board as it was when the questions were recorded (its crates impassable,
    # its crater rough): the answers are the search's on that board.
    boards = {
        "default": Board.load(DATA / "default_as_recorded.toml"),
        "sacred-wire": Board.load(default_board_path("sacred-wire")),
    }
    for q in RECORDED[::order]:
        way = _replay(boards[q["board"]], q)
        if q["way"] is None:
            assert way is None, q
        else:
            assert way is not None, q
            points = [tuple(p) for p in q["way"]["points"]]
            assert (list(way.points), way.length) == (points, q["way"]["length"]), q
            assert way.touches_rough == q["way"]["touches_rough"]
