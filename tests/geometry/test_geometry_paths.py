"""Paths, reaching, slides and random moves for circular bases.

The property tests sample every returned polyline densely and re-check each sample with the
board's own placement rules, and compare path lengths with a brute-force shapely reference.
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Sequence

import pytest
import shapely
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from skirmish.geometry import (
    CONTACT,
    Board,
    Cover,
    Movement,
    Path,
    Terrain,
    distance,
    edge_distance,
    mm_to_inches,
    plan_path,
    random_reachable_point,
    ray_move,
    reach_toward,
)
from skirmish.geometry.shapes import Point

RADII = [mm_to_inches(mm) / 2 for mm in (25, 32, 40, 50)]
R = RADII[1]
Blockers = list[tuple[Point, float]]


def samples(points: Sequence[Point], step: float = 0.05) -> list[Point]:
    """Points along a polyline, no further apart than ``step``, ends included."""
    out = [points[0]]
    for (ax, ay), (bx, by) in itertools.pairwise(points):
        n = max(1, math.ceil(math.hypot(bx - ax, by - ay) / step))
        out += [(ax + (bx - ax) * k / n, ay + (by - ay) * k / n) for k in range(1, n + 1)]
    return out


def assert_legal(
    board: Board, points: Sequence[Point], r: float, blockers: Blockers, level: str | None = None
) -> None:
    others = [(c, rb, level) for c, rb in blockers]
    for p in samples(points):
        why = board.placement_error(p, r, level, others)
        assert why is None, f"{p}: {why}"


def polyline_length(points: Sequence[Point]) -> float:
    return sum(distance(a, b) for a, b in itertools.pairwise(points))


def reference_length(
    board: Board, start: Point, goal: Point, r: float, blockers: Blockers, grow: float
) -> float | None:
    """Brute-force shortest path with shapely: obstacles grown by ``r + grow`` (None: no path,
    or start/goal outside that region)."""
    g = r + grow
    table = shapely.box(g, g, board.width - g, board.height - g)
    obs = [
        shapely.buffer(shapely.Polygon(t.polygon), g, quad_segs=8)
        for t in board.terrain
        if t.movement in (Movement.IMPASSABLE, Movement.CLIMBABLE)
    ]
    obs += [shapely.buffer(shapely.Point(c), rb + g, quad_segs=8) for c, rb in blockers]
    free = shapely.difference(table, shapely.union_all(obs)) if obs else table
    shapely.prepare(free)
    if not (free.covers(shapely.Point(start)) and free.covers(shapely.Point(goal))):
        return None
    nodes = [start, goal]
    for part in shapely.get_parts(free):
        for ring in (part.exterior, *part.interiors):
            nodes += list(ring.coords)[:-1]
    n = len(nodes)
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
    lines = shapely.linestrings([[nodes[i], nodes[j]] for i, j in pairs])
    ok = shapely.covers(free, lines)
    adj: list[list[tuple[int, float]]] = [[] for _ in range(n)]
    for (i, j), good in zip(pairs, ok, strict=True):
        if good:
            w = distance(nodes[i], nodes[j])
            adj[i].append((j, w))
            adj[j].append((i, w))
    length = shortest_lengths(adj, 0)[1]
    return None if length == math.inf else length


def shortest_lengths(adj: list[list[tuple[int, float]]], source: int) -> list[float]:
    """Dijkstra's shortest lengths from ``source`` over weighted edges (inf: unreachable)."""
    best = [math.inf] * len(adj)
    best[source] = 0.0
    heap = [(0.0, source)]
    while heap:
        d, v = heapq.heappop(heap)
        if d > best[v]:
            continue
        for w, length in adj[v]:
            if d + length < best[w]:
                best[w] = d + length
                heapq.heappush(heap, (d + length, w))
    return best


xs = st.floats(0.0, 36.0)
ys = st.floats(0.0, 24.0)
points = st.tuples(xs, ys)
blocker_lists = st.lists(st.tuples(points, st.sampled_from(RADII)), max_size=5)


def legal_start(board: Board, p: Point, r: float, blockers: Blockers) -> bool:
    # A little margin keeps the test away from the "start already overlaps" leniency.
    return (
        board.placement_error(p, r + 2 * CONTACT, None, [(c, rb, None) for c, rb in blockers])
        is None
    )


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(points, points, st.sampled_from(RADII), blocker_lists)
def test_paths_stay_legal_and_on_the_board(
    board: Board, start: Point, goal: Point, r: float, blockers: Blockers
) -> None:
    assume(legal_start(board, start, r, blockers))
    path = plan_path(board, start, goal, r, blockers)
    if path is None:
        return
    assert path.points[0] == start and path.points[-1] == goal
    assert_legal(board, path.points, r, blockers)
    assert all(board.on_table(p, r) for p in path.points)
    assert math.isclose(path.length, polyline_length(path.points), rel_tol=1e-12)
    assert path.length >= distance(start, goal) - 1e-9
    touched = any(
        t.movement is Movement.ROUGH
        for p in samples(path.points)
        for t in board.pieces_touching(p, r, None)
    )
    assert path.touches_rough == touched or not touched  # sampling can miss a graze


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(
    points,
    points,
    st.sampled_from(RADII),
    st.lists(st.tuples(points, st.sampled_from(RADII)), max_size=3),
)
def test_paths_are_as_short_as_a_brute_force_reference(
    board: Board, start: Point, goal: Point, r: float, blockers: Blockers
) -> None:
    assume(legal_start(board, start, r, blockers))
    path = plan_path(board, start, goal, r, blockers)
    outer = reference_length(board, start, goal, r, blockers, 0.06)
    if outer is not None:
        assert path is not None, "the reference found a path with room to spare"
        assert path.length <= outer + 1e-6
    if path is not None:
        inner = reference_length(board, start, goal, r, blockers, -0.02)
        assert inner is not None and inner <= path.length + 1e-6


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(points, points, st.sampled_from(RADII), blocker_lists)
def test_plan_path_returns_the_straight_segment_when_it_is_clear(
    board: Board, start: Point, goal: Point, r: float, blockers: Blockers
) -> None:
    # Clear with room to spare: a slightly larger base fits along the whole segment.
    roomy = [(c, rb + CONTACT) for c, rb in blockers]
    others = [(c, rb, None) for c, rb in roomy]
    assume(
        all(
            board.placement_error(p, r + 2 * CONTACT, None, others) is None
            for p in samples([start, goal])
        )
    )
    path = plan_path(board, start, goal, r, blockers)
    assert path is not None and path.points == ((start, goal) if start != goal else (start,))
    assert path.length == distance(start, goal)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(
    points, points, st.sampled_from(RADII), blocker_lists, st.floats(0.0, 12.0), st.floats(0.0, 3.0)
)
def test_reach_toward_respects_max_length_and_stop_distance(
    board: Board,
    start: Point,
    goal: Point,
    r: float,
    blockers: Blockers,
    max_length: float,
    stop: float,
) -> None:
    assume(legal_start(board, start, r, blockers))
    path = reach_toward(board, start, goal, r, blockers, max_length=max_length, stop_distance=stop)
    assert path is not None
    assert path.points[0] == start
    assert path.length <= max_length + 1e-9
    assert_legal(board, path.points, r, blockers)
    # it stops no nearer than stop_distance, unless it started nearer
    if distance(start, goal) > stop:
        assert distance(path.end, goal) >= stop - 1e-9
    full = plan_path(board, start, goal, r, blockers)
    if full is not None and distance(start, goal) > stop and full.length <= max_length:
        assert math.isclose(distance(path.end, goal), stop, abs_tol=1e-6) or stop == 0.0


def test_charge_ends_in_base_contact(board: Board) -> None:
    target, rt = (22.0, 11.0), RADII[3]  # just south of the rocks
    start = (13.0, 7.5)  # south of the farmhouse
    path = reach_toward(board, start, target, R, [((17.0, 9.0), R)], stop_distance=R + rt)
    assert path is not None and len(path.points) >= 2
    assert abs(edge_distance(path.end, R, target, rt)) < 1e-9
    assert_legal(board, path.points, R, [((17.0, 9.0), R)])


def test_charge_around_a_building_reaches_the_far_side(board: Board) -> None:
    target, rt = (12.0, 16.0), R  # north of the farmhouse
    start = (12.0, 8.0)  # south of it
    path = reach_toward(board, start, target, R, [], stop_distance=R + rt)
    assert path is not None and len(path.points) > 2
    assert abs(edge_distance(path.end, R, target, rt)) < 1e-9
    assert_legal(board, path.points, R, [])


def test_charge_reaches_a_target_whose_centre_the_charger_cannot_occupy() -> None:
    board = Board("t", 36, 24, (_rect("rock", 10, 0, 12, 24, Movement.IMPASSABLE),))
    big = RADII[3]
    target, rt = (12.0 + RADII[0], 12.0), RADII[0]  # a small base touching the rock
    path = reach_toward(board, (20.0, 12.0), target, big, [], stop_distance=big + rt)
    assert path is not None
    assert abs(edge_distance(path.end, big, target, rt)) < 1e-9


def _rect(
    id: str, x0: float, y0: float, x1: float, y1: float, movement: Movement, h: float = 2.0
) -> Terrain:
    return Terrain(id, id, ((x0, y0), (x1, y0), (x1, y1), (x0, y1)), h, movement, Cover.HEAVY)


def test_unreachable_goals(board: Board) -> None:
    assert plan_path(board, (2.0, 12.0), (24.5, 14.5), R, []) is None  # inside the rocks
    ring = [((5.0 + 1.3 * math.cos(a), 12.0 + 1.3 * math.sin(a)), R) for a in (0, 1.6, 3.2, 4.8)]
    ring += [((5.0 + 1.3 * math.cos(a), 12.0 + 1.3 * math.sin(a)), R) for a in (0.8, 2.4, 4.0, 5.6)]
    assert plan_path(board, (5.0, 12.0), (30.0, 12.0), R, ring) is None  # boxed in
    stuck = reach_toward(board, (5.0, 12.0), (30.0, 12.0), R, ring, max_length=6.0)
    assert stuck is not None and stuck.length < 0.1
    near = reach_toward(board, (18.0, 14.0), (24.5, 14.5), R, [])
    assert near is not None
    assert board.placement_error(near.end, R, None, ()) is None
    assert distance(near.end, (24.5, 14.5)) < 3.0  # got up against the rocks


def test_goal_overlapping_a_blocker_is_unreachable(open_board: Board) -> None:
    assert plan_path(open_board, (2.0, 2.0), (10.0, 10.0), R, [((10.5, 10.0), R)]) is None


def test_a_start_overlapping_a_blocker_may_move_away(open_board: Board) -> None:
    path = plan_path(open_board, (10.0, 10.0), (5.0, 10.0), R, [((10.5, 10.0), R)])
    assert path is not None and path.points == ((10.0, 10.0), (5.0, 10.0))


def test_a_start_overlapping_a_blocker_never_closes_in_on_it(open_board: Board) -> None:
    # The bases overlap by a contact's tolerance; the goal lies past the blocker.
    start, other = (10.0, 10.0), (10.0 + 2 * R - CONTACT, 10.0)
    path = reach_toward(open_board, start, (20.0, 10.0), R, [(other, R)], None, 3.0)
    assert path is not None
    before = distance(start, other)
    assert all(distance(p, other) >= before - 1e-9 for p in samples(path.points))


def test_avoid_rough_keeps_clear_of_rough_pieces(board: Board) -> None:
    start, goal = (6.0, 4.5), (6.0, 9.0)  # across the low wall
    through = plan_path(board, start, goal, R, [])
    assert through is not None and through.touches_rough and len(through.points) == 2
    around = plan_path(board, start, goal, R, [], avoid_rough=True)
    assert around is not None and not around.touches_rough and around.length > through.length
    for p in samples(around.points):
        assert all(t.movement is not Movement.ROUGH for t in board.pieces_touching(p, R, None))
    assert plan_path(board, (6.0, 6.0), goal, R, [], avoid_rough=True) is None  # starts touching


L_ROOF = Terrain(
    "tower",
    "L-shaped tower",
    ((4.0, 4.0), (14.0, 4.0), (14.0, 8.0), (8.0, 8.0), (8.0, 16.0), (4.0, 16.0)),
    4.0,
    Movement.CLIMBABLE,
    Cover.HEAVY,
)


def test_paths_on_a_roof_stay_on_it() -> None:
    board = Board("roof", 36, 24, (L_ROOF,))
    start, goal = (12.5, 5.5), (5.5, 14.5)
    path = plan_path(board, start, goal, R, [], level="tower")
    assert path is not None and len(path.points) >= 3  # around the inner corner
    assert all(p[0] < 8.0 and p[1] < 8.0 for p in path.points[1:-1])
    assert_legal(board, path.points, R, [], level="tower")
    blockers = [((6.0, 6.0), R)]
    path = plan_path(board, start, goal, R, blockers, level="tower")
    assert path is not None
    assert_legal(board, path.points, R, blockers, level="tower")
    assert plan_path(board, start, (11.0, 12.0), R, [], level="tower") is None  # off the roof
    # a roof is not an obstacle for models on it, but is one on the ground below
    assert plan_path(board, (2.0, 10.0), (10.0, 10.0), R, []) is not None
    assert plan_path(board, (2.0, 10.0), (6.0, 10.0), R, []) is None


def test_ray_move_stops_at_what_it_meets(board: Board, open_board: Board) -> None:
    p, why = ray_move(open_board, (2.0, 12.0), (-1.0, 0.0), 5.0, R, [])
    assert why == "edge" and p == pytest.approx((0.0, 12.0))
    p, why = ray_move(open_board, (2.0, 12.0), (1.0, 0.0), 5.0, R, [])
    assert why is None and p == pytest.approx((7.0, 12.0))
    p, why = ray_move(board, (12.0, 7.0), (0.0, 1.0), 5.0, R, [])
    assert why == "terrain:house" and p == pytest.approx((12.0, 10.0 - R))
    p, why = ray_move(open_board, (15.0, 12.0), (1.0, 0.0), 10.0, R, [((1, 1), R), ((20, 12), R)])
    assert why == "base:1" and p == pytest.approx((20.0 - 2 * R, 12.0))
    # a base already touching slides along, but not into
    p, why = ray_move(board, (12.0, 10.0 - R), (1.0, 0.0), 2.0, R, [])
    assert why is None and p == pytest.approx((14.0, 10.0 - R))
    p, why = ray_move(board, (12.0, 10.0 - R), (0.0, 1.0), 2.0, R, [])
    assert why == "terrain:house" and p == pytest.approx((12.0, 10.0 - R))
    # pushed off a roof
    p, why = ray_move(board, (12.0, 12.5), (0.0, 1.0), 5.0, R, [], level="house")
    assert why == "fall:house" and p == pytest.approx((12.0, 15.0))
    # kept on a roof: the base stops at the roof's edge, its centre well before it
    p, why = ray_move(board, (12.0, 12.5), (0.0, 1.0), 5.0, R, [], "house", stay_on_roof=True)
    assert why == "fall:house" and p == pytest.approx((12.0, 15.0 - R))
    p, why = ray_move(board, (12.0, 14.0), (0.0, 1.0), 0.2, R, [], "house", stay_on_roof=True)
    assert why is None and p == pytest.approx((12.0, 14.2))
    # on the ground the flag changes nothing: the centre still leaves by the table edge
    p, why = ray_move(open_board, (2.0, 12.0), (-1.0, 0.0), 5.0, R, [], stay_on_roof=True)
    assert why == "edge" and p == pytest.approx((0.0, 12.0))
    # pieces passable on the ground do not stop a slide
    p, why = ray_move(board, (6.0, 5.0), (0.0, 1.0), 3.0, R, [])
    assert why is None and p == pytest.approx((6.0, 8.0))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(
    points,
    st.sampled_from(RADII),
    blocker_lists,
    st.floats(0.5, 10.0),
    st.randoms(use_true_random=False),
)
def test_random_reachable_points_are_legal_and_in_reach(
    board: Board, start: Point, r: float, blockers: Blockers, max_length: float, rng: object
) -> None:
    assume(legal_start(board, start, r, blockers))
    uniform = rng.random  # type: ignore[attr-defined]
    p = random_reachable_point(board, start, r, blockers, None, max_length, uniform)
    if p is None:
        return
    assert distance(start, p) <= max_length + 1e-9
    assert_legal(board, [start, p], r, blockers)


def test_random_reachable_point_on_a_roof() -> None:
    board = Board("roof", 36, 24, (L_ROOF,))
    values = iter([0.1 * k % 1.0 for k in range(1, 200)])
    for _ in range(20):
        p = random_reachable_point(board, (6.0, 10.0), R, [], "tower", 6.0, lambda: next(values))
        assert p is not None
        assert board.placement_error(p, R, "tower", ()) is None


def test_movement_structures_are_cached_per_board_and_shared_between_equal_boards(
    board: Board,
) -> None:
    plan_path(board, (2.0, 12.0), (34.0, 12.0), R, [])
    space = board.spaces.get((R, None, False))
    assert space.graph is not None
    twin = Board.from_dict(board.to_dict())
    plan_path(twin, (2.0, 12.0), (34.0, 12.0), R, [])
    assert twin.spaces.get((R, None, False)) is space is not None


def test_a_path_that_does_not_move_has_one_point(board: Board) -> None:
    path = plan_path(board, (2.0, 12.0), (2.0, 12.0), R, [])
    assert path == Path(((2.0, 12.0),), 0.0, False)
    assert path.start == path.end == (2.0, 12.0)


def test_bases_touching_walls_take_the_short_way_round(board: Board) -> None:
    # Touching the farmhouse's south wall, then its north wall: round its west end.
    start, goal = (10.0, 10.0 - R), (10.0, 15.0 + R)
    path = plan_path(board, start, goal, R, [])
    assert path is not None
    assert_legal(board, path.points, R, [])
    lower = reference_length(board, start, goal, R, [], -0.02)
    assert lower is not None and path.length <= lower * 1.02 + 0.05
    # and touching a blocker base at both ends
    blockers = [((4.0, 18.0), R)]
    start, goal = (4.0 - 2 * R, 18.0), (4.0 + 2 * R, 18.0)
    path = plan_path(board, start, goal, R, blockers)
    assert path is not None
    assert_legal(board, path.points, R, blockers)
    lower = reference_length(board, start, goal, R, blockers, -0.02)
    assert lower is not None and path.length <= lower * 1.02 + 0.05


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(
    points,
    points,
    st.floats(0, 2 * math.pi),
    st.floats(0, 2 * math.pi),
    st.sampled_from(RADII),
    blocker_lists,
)
def test_paths_between_bases_in_contact_are_not_detours(
    board: Board, s0: Point, g0: Point, a: float, b: float, r: float, blockers: Blockers
) -> None:
    # Slide both ends until they touch something, and compare with ends backed off a little.
    assume(legal_start(board, s0, r, blockers) and legal_start(board, g0, r, blockers))
    s, why_s = ray_move(board, s0, (math.cos(a), math.sin(a)), 40.0, r, blockers)
    g, why_g = ray_move(board, g0, (math.cos(b), math.sin(b)), 40.0, r, blockers)
    assume(why_s not in (None, "edge") and why_g not in (None, "edge"))
    assume(board.on_table(s, r) and board.on_table(g, r))
    back = 0.1
    s_off = (s[0] - back * math.cos(a), s[1] - back * math.sin(a))
    g_off = (g[0] - back * math.cos(b), g[1] - back * math.sin(b))
    assume(distance(s_off, s0) <= distance(s, s0) and distance(g_off, g0) <= distance(g, g0))
    touching = plan_path(board, s, g, r, blockers)
    backed = plan_path(board, s_off, g_off, r, blockers)
    if backed is None:
        return
    assert touching is not None
    assert_legal(board, touching.points, r, blockers)
    assert touching.length <= (backed.length + 2 * back) * 1.02 + 0.1


def test_a_point_along_a_path_follows_its_legs() -> None:
    path = Path(((0.0, 0.0), (3.0, 0.0), (3.0, 4.0)), 7.0, False)
    assert path.point_at(0.0) == (0.0, 0.0)
    assert path.point_at(2.0) == (2.0, 0.0)
    assert path.point_at(5.0) == (3.0, 2.0)
    assert path.point_at(9.0) == (3.0, 4.0)  # past its end: the end
