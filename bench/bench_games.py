"""Whole-game speed per ruleset; prints one JSON line.

For each ruleset: games per second in CPU time (``time.process_time``) and microseconds per
action, heuristic against heuristic and random against random, on its default board and on a
board with twice its terrain pieces (how the cost grows), and in the setups of
:data:`VARIANTS` (Sacred Wire with hostiles, and in a mission rolled per game; Wolsung's four
clubs); the wall-time speed-up of ``simulate`` with two workers over one (random games, the
best of three runs each), with the machine's load average while it was measured and the
start-up of a pool of two workers; clone time and save sizes; and the run's own wall time.

How long it takes with the defaults (``--games 40``, a quarter of them heuristic, each figure
played anew on the doubled board and in each variant; each worker run of 200 random games, 40
of Wolsung's, three times with one worker and three with two), on two idle cores: Strange
Aeons intro and Sacred Wire about 2.5 minutes each, the full Strange Aeons (the Fight between
seeded random lists) about 7, Wolsung about 20 (a heuristic game of its
four clubs takes 50 s); twice that or more on a busy machine (``bench_seconds`` in the output
says). ``--games 8`` takes about a third of it. The speed-up means something only over runs
of many games: a pool's overhead is about one game (the first, which warms it, and the last
one of a worker), so a worker run of fewer than 40 games reads low.

Usage: uv run python bench/bench_games.py [--ruleset sacred-wire] [--games 40] [--sim-games 200]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import time
import timeit
from typing import Any

import shapely
from arguments import count
from shapely import affinity

from skirmish.geometry.board import Board
from skirmish.players import HeuristicPlayer, RandomPlayer, play
from skirmish.rulesets import find_ruleset
from skirmish.sim.runner import collecting_seldom, local_pool, simulate

RULESETS = ("strange-aeons-intro", "strange-aeons", "sacred-wire", "wolsung")
EDGE_ROOM = 3.0  # added pieces keep this far from every table edge, clear of deployment
APART = 0.5  # and this far from every other piece
SCALES = (0.5, 0.35, 0.25, 0.15)  # the sizes of a copy tried, of its piece's
TRIALS = 3  # runs of each worker count for the speed-up
SIM_GAMES = {"wolsung": 40}
"""Games of a worker run where 200 (the default) would take minutes: Wolsung's take a second."""
#: Setups measured besides the default one, by name: a faction rolled per game, its timing too.
VARIANTS: dict[str, dict[str, dict[str, Any]]] = {
    "sacred-wire": {
        "hostiles": {"hostiles": "random"},
        "mission_hostiles": {"mission": "random", "hostiles": "random"},
    },
    "wolsung": {"four_clubs": {"scenario": "s4", "clubs": "ash-and-oak,triad,inventors,triad"}},
}


def speed(ruleset_id: str, kind: str, games: int, setup: dict[str, Any] | None) -> dict[str, float]:
    """Games per CPU second and microseconds per action of ``kind`` against itself, with the
    collector set as ``simulate`` sets it."""
    ruleset = find_ruleset(ruleset_id)
    make = RandomPlayer if kind == "random" else HeuristicPlayer
    ruleset.new_game(setup, 0)  # the data loaded; the board's caches fill in the first game
    actions = 0
    start = time.process_time()
    with collecting_seldom():
        for seed in range(games):
            game = ruleset.new_game(setup, seed)
            play(game, [make(seed * 2 + 1 + side) for side in range(len(game.sides.names))])
            actions += len(game.actions)
    spent = time.process_time() - start
    return {
        "games_per_s": round(games / spent, 2),
        "us_per_action": round(spent / actions * 1e6, 1),
        "mean_actions": round(actions / games, 1),
    }


def doubled(board: Board) -> dict[str, Any]:
    """The board with a copy of each piece, at half its size or less, where one fits: mirrored
    across the table, or else at the first free spot of a 1" grid."""
    data = board.to_dict()
    shipped = [shapely.Polygon(t["polygon"]) for t in data["terrain"]]
    taken = list(shipped)
    room = shapely.box(EDGE_ROOM, EDGE_ROOM, board.width - EDGE_ROOM, board.height - EDGE_ROOM)
    spots = [(board.width - p.centroid.x, p.centroid.y) for p in shipped]
    spots += [(x, y) for x in range(1, int(board.width)) for y in range(1, int(board.height))]
    copies = []
    for n, (piece, polygon) in enumerate(zip(data["terrain"], shipped, strict=True)):
        copy = _fit(polygon, [spots[n], *spots[len(shipped) :]], taken, room)
        if copy is not None:
            taken.append(copy)
            ring = [[round(a, 3), round(b, 3)] for a, b in list(copy.exterior.coords)[:-1]]
            copies.append({**piece, "id": f"{piece['id']}-copy", "polygon": ring})
    return {**data, "name": f"{board.name} (doubled)", "terrain": data["terrain"] + copies}


def _fit(polygon: Any, spots: list[tuple[float, float]], taken: list[Any], room: Any) -> Any:
    """The polygon shrunk (by each of ``SCALES`` in turn) and moved to the first spot where it
    is in ``room`` and clear of ``taken``; None if it fits nowhere."""
    for scale in SCALES:
        small = affinity.scale(polygon, scale, scale)
        centre = small.centroid
        for x, y in spots:
            moved = affinity.translate(small, x - centre.x, y - centre.y)
            if room.contains(moved) and not any(moved.distance(t) < APART for t in taken):
                return moved
    return None


def workers_speedup(ruleset_id: str, games: int) -> dict[str, float]:
    """Wall time of ``simulate`` with one worker over its time with two (random players): the
    least of ``TRIALS`` runs each, taken in turn, so that a slow spell of a shared machine
    does not pass for a speed-up; with the highest one-minute load average seen meanwhile
    (others' work on the cores makes the figure mean less) and the start-up of the pool."""
    best = {1: math.inf, 2: math.inf}
    load = os.getloadavg()[0]
    for _ in range(TRIALS):
        for workers in best:
            start = time.perf_counter()
            simulate(ruleset_id, games, seed=1, players=("random", "random"), workers=workers)
            best[workers] = min(best[workers], time.perf_counter() - start)
            load = max(load, os.getloadavg()[0])
    return {
        "sim_games": games,
        "two_workers_speedup": round(best[1] / best[2], 2),
        "load_average": round(load, 2),
        "pool_start_s": pool_start(ruleset_id),
    }


def pool_start(ruleset_id: str) -> float:
    """Seconds to start a local pool of two workers, hand each a task and close it: what two
    workers cost beyond their games (the first game warms the pool, and is one of the run)."""
    ruleset = find_ruleset(ruleset_id)
    setup = ruleset.normalize_setup({})
    start = time.perf_counter()
    with local_pool(2, ruleset_id, setup, ruleset.sides_of(setup), lambda: None) as pool:
        list(pool.map(abs, (1, 2)))
    return round(time.perf_counter() - start, 3)


def clone_and_save(ruleset_id: str) -> dict[str, float]:
    """Microseconds per clone mid-game, and the bytes of a mid-game and a final save."""
    ruleset = find_ruleset(ruleset_id)
    game = ruleset.new_game(None, 7)
    players = [HeuristicPlayer(1), HeuristicPlayer(2)]
    play(game, players, max_actions=40)
    loops = 2000
    clone_us = timeit.timeit(game.clone, number=loops) / loops * 1e6
    mid = len(game.dumps().encode())
    play(game, players)
    return {
        "clone_us": round(clone_us, 1),
        "save_bytes_mid_game": mid,
        "save_bytes_final": len(game.dumps().encode()),
    }


def figures(ruleset_id: str, games: int, sim_games: int | None) -> dict[str, Any]:
    started = time.perf_counter()
    ruleset = find_ruleset(ruleset_id)
    board = ruleset.board(ruleset.normalize_setup({}))
    double = ruleset.normalize_setup({"board": doubled(board)})
    heuristic_games = max(games // 4, 4)
    return {
        "terrain_pieces": len(board.terrain),
        "heuristic": speed(ruleset_id, "heuristic", heuristic_games, None),
        "random": speed(ruleset_id, "random", games, None),
        "doubled_terrain_pieces": len(double["board"]["terrain"]),
        "doubled_heuristic": speed(ruleset_id, "heuristic", heuristic_games, double),
        "doubled_random": speed(ruleset_id, "random", games, double),
        **{
            f"{name}_{kind}": speed(ruleset_id, kind, count, ruleset.normalize_setup(setup))
            for name, setup in VARIANTS.get(ruleset_id, {}).items()
            for kind, count in (("heuristic", heuristic_games), ("random", games))
        },
        **(
            workers_speedup(ruleset_id, sim_games or SIM_GAMES.get(ruleset_id, 200))
            if sim_games != 0
            else {}
        ),
        **clone_and_save(ruleset_id),
        "bench_seconds": round(time.perf_counter() - started),
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--ruleset", choices=RULESETS, help="one ruleset (default: all four)")
    parser.add_argument(
        "--games", type=count(1), default=40, help="random games (a quarter heuristic)"
    )
    parser.add_argument(
        "--sim-games",
        type=count(0),
        help="games of each worker run (default: 200, Wolsung 40; 0 skips the worker runs)",
    )
    args = parser.parse_args()
    chosen = (args.ruleset,) if args.ruleset else RULESETS
    print(json.dumps({r: figures(r, args.games, args.sim_games) for r in chosen}))


if __name__ == "__main__":
    main()
