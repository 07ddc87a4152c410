"""Micro-benchmark of the geometry hot paths on the default board with 5 blocker bases.

Prints one JSON line: CPU microseconds per call (best of several repeats, to damp VM noise). Path
queries are timed with the board's memory of routes cleared before each call, the guided search
beside the plain one (``guide=False``), and once remembered. On each shipped board, the way
round the terrain toward a base an AI asks for (``reach_toward`` with no base in the way), with
the goal's guide kept and with it built anew, the guide alone, and the graph's all-pairs
lengths; and the ways among bases from one start toward several of them, the search's corners
kept, built anew, and built anew with the bases' rings.
Run: ``uv run python bench/bench_geometry.py``.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable

from skirmish.geometry import (
    Board,
    Body,
    default_board_path,
    line_of_sight,
    mm_to_inches,
    plan_path,
    random_reachable_point,
    ray_move,
    reach_toward,
    reach_within,
)
from skirmish.geometry.clearance import space_for
from skirmish.geometry.graph import Graph, graph_of, guide_to, static_ways

R = mm_to_inches(32) / 2
BLOCKERS = [
    ((20.0, 3.0), R),
    ((8.0, 20.0), R),
    ((27.0, 18.0), R),
    ((18.0, 12.0), R),
    ((5.0, 12.0), R),
]


def per_call_us(fn: Callable[[], object], n: int, repeats: int = 5) -> float:
    """CPU microseconds a call, the best of ``repeats`` runs of ``n`` calls."""
    best = float("inf")
    for _ in range(repeats):
        t0 = time.process_time()
        for _ in range(n):
            fn()
        best = min(best, time.process_time() - t0)
    return round(best / n * 1e6, 2)


def fresh(board: Board, fn: Callable[[], object]) -> Callable[[], object]:
    """``fn`` with the board's memory of routes cleared before each call."""

    def call() -> object:
        board.routes.values.clear()
        return fn()

    return call


def terrain_ways(name: str) -> dict[str, float]:
    """The way round the terrain toward a base from spots across the board's table, as an AI
    asks it: microseconds a question, and the guide and all-pairs lengths it reads."""
    board = Board.load(default_board_path(name))
    space = space_for(board, R, None, False)
    graph = graph_of(space)
    t0 = time.process_time()
    static_ways(Graph(space))  # a graph of its own: the board's may have them already
    ways_ms = (time.process_time() - t0) * 1e3
    spots = [
        (board.width * (i + 0.5) / 6, board.height * (j + 0.5) / 6)
        for i in range(6)
        for j in range(6)
    ]
    spots = [p for p in spots if space.segment_clear(*p, *p)]
    goals, starts = spots[::3], spots[1::3]
    stop = 2 * R + 0.5

    def ask() -> None:
        for goal in goals:
            for start in starts:
                reach_toward(board, start, goal, R, (), None, math.inf, stop)

    def ask_anew() -> None:
        graph.guides.values.clear()
        ask()

    def guides() -> None:
        graph.guides.values.clear()
        for gx, gy in goals:
            guide_to(space, graph, gx, gy, stop)

    questions = len(goals) * len(starts)
    return {
        f"{name}_corners": len(graph.xs),
        f"{name}_static_ways_ms": round(ways_ms, 1),
        f"{name}_reach_terrain_us": round(per_call_us(fresh(board, ask), 5) / questions, 2),
        f"{name}_reach_terrain_guide_anew_us": round(
            per_call_us(fresh(board, ask_anew), 5) / questions, 2
        ),
        f"{name}_guide_us": round(per_call_us(guides, 5) / len(goals), 2),
    }


def among_bases(name: str) -> dict[str, float]:
    """The ways among bases from one start toward each of several of them (how far toward
    each, cut at a move, and whether a charge reaches it), as a player weighs its moves:
    microseconds a question, the search's corners kept from the decision's first question,
    built anew for each (the bases' rings kept, as for a start that moved among bases that
    did not), and built anew with the rings too (the goals' guides kept in all three)."""
    board = Board.load(default_board_path(name))
    space = space_for(board, R, None, False)
    graph = graph_of(space)
    spots = [
        (board.width * (i + 0.5) / 5, board.height * (j + 0.5) / 4)
        for i in range(5)
        for j in range(4)
    ]
    bases = [(p, R) for p in spots if space.segment_clear(*p, *p)]
    start, goals = bases[0][0], [p for p, _ in bases[-6:]]
    stop = 2 * R + 0.5

    def ask(anew: bool, rings_anew: bool = False) -> Callable[[], None]:
        def questions() -> None:
            for goal in goals:
                if anew:
                    graph.nodes.values.clear()
                if rings_anew:
                    graph.rings.values.clear()
                others = [b for b in bases[1:] if b[0] != goal]
                reach_toward(board, start, goal, R, others, None, 6.0, stop)
                reach_within(board, start, goal, R, others, None, 8.0, stop)

        return fresh(board, questions)

    ask(True)()  # the guides, kept
    count = 2 * len(goals)
    return {
        f"{name}_among_bases_kept_us": round(per_call_us(ask(False), 5) / count, 2),
        f"{name}_among_bases_anew_us": round(per_call_us(ask(True), 5) / count, 2),
        f"{name}_among_bases_rings_anew_us": round(per_call_us(ask(True, True), 5) / count, 2),
    }


def main() -> None:
    board = Board.load(default_board_path())
    t0 = time.perf_counter()
    plan_path(board, (2.0, 12.0), (34.0, 12.0), R, BLOCKERS)  # builds the graph
    build_ms = (time.perf_counter() - t0) * 1e3

    # A 6" move across open ground between the crates and the rubble: straight and clear.
    straight = plan_path(board, (10.0, 4.0), (15.5, 6.0), R, BLOCKERS)
    assert straight is not None and len(straight.points) == 2
    # Around the blocker at (5, 12) and the farmhouse: needs A*.
    around = plan_path(board, (2.0, 12.0), (34.0, 12.0), R, BLOCKERS)
    assert around is not None and len(around.points) > 2
    # Over the low wall, into the rocks, in the open: three different sight checks.
    sights = [
        (Body((6.0, 3.5), R), Body((6.5, 8.0), R)),
        (Body((20.0, 14.0), R), Body((29.0, 15.0), R)),
        (Body((3.0, 20.0), R), Body((33.0, 4.0), R)),
    ]
    seq = iter(range(10**9))

    def uniform() -> float:
        return (next(seq) * 0.6180339887) % 1.0

    result = {
        "bench": "geometry",
        "board": board.name,
        "pieces": len(board.terrain),
        "blockers": len(BLOCKERS),
        "graph_build_ms": round(build_ms, 2),
        "straight_clear_us": per_call_us(
            fresh(board, lambda: plan_path(board, (10.0, 4.0), (15.5, 6.0), R, BLOCKERS)), 5000
        ),
        "astar_warm_us": per_call_us(
            fresh(board, lambda: plan_path(board, (2.0, 12.0), (34.0, 12.0), R, BLOCKERS)), 300
        ),
        "astar_plain_us": per_call_us(
            fresh(
                board,
                lambda: plan_path(board, (2.0, 12.0), (34.0, 12.0), R, BLOCKERS, guide=False),
            ),
            300,
        ),
        "reach_toward_us": per_call_us(
            fresh(
                board,
                lambda: reach_toward(board, (2.0, 12.0), (34.0, 12.0), R, BLOCKERS, None, 6.0, 1.5),
            ),
            300,
        ),
        "route_remembered_us": per_call_us(
            lambda: plan_path(board, (2.0, 12.0), (34.0, 12.0), R, BLOCKERS), 5000
        ),
        "line_of_sight_us": per_call_us(
            lambda: [line_of_sight(board, v, t) for v, t in sights], 2000
        )
        / len(sights),
        "ray_move_us": per_call_us(
            lambda: ray_move(board, (2.0, 12.0), (1.0, 0.0), 30.0, R, BLOCKERS), 5000
        ),
        "random_reachable_point_us": per_call_us(
            lambda: random_reachable_point(board, (18.0, 4.0), R, BLOCKERS, None, 6.0, uniform),
            5000,
        ),
    }
    for name in ("default", "sacred-wire"):
        result |= terrain_ways(name) | among_bases(name)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
