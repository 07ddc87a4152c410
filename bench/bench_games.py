"""Whole-game throughput on one core, clone time and save size; prints one JSON line.

Usage: uv run python bench/bench_games.py [--ruleset strange-aeons-intro] [--games 200]
"""

from __future__ import annotations

import argparse
import json
import time
import timeit

from skirmish.players import HeuristicPlayer, RandomPlayer, play
from skirmish.rulesets import find_ruleset


def games_per_second(ruleset_id: str, kind: str, games: int) -> tuple[float, float]:
    """Games per second and mean actions per game for ``kind`` against itself."""
    ruleset = find_ruleset(ruleset_id)
    make = RandomPlayer if kind == "random" else HeuristicPlayer
    actions = 0
    start = time.perf_counter()
    for seed in range(games):
        game = ruleset.new_game(None, seed)
        play(game, [make(seed * 2 + 1), make(seed * 2 + 2)])
        actions += len(game.actions)
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / games


def clone_and_save(ruleset_id: str) -> tuple[float, int, int]:
    """Microseconds per clone mid-game, and the bytes of a mid-game and a final save."""
    ruleset = find_ruleset(ruleset_id)
    game = ruleset.new_game(None, 7)
    players = [HeuristicPlayer(1), HeuristicPlayer(2)]
    play(game, players, max_actions=40)
    loops = 2000
    clone_us = timeit.timeit(game.clone, number=loops) / loops * 1e6
    mid = len(game.dumps().encode())
    play(game, players)
    return clone_us, mid, len(game.dumps().encode())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--ruleset", default="strange-aeons-intro")
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    random_gps, random_len = games_per_second(args.ruleset, "random", args.games)
    ai_gps, ai_len = games_per_second(args.ruleset, "heuristic", max(args.games // 4, 10))
    clone_us, mid_bytes, final_bytes = clone_and_save(args.ruleset)
    print(
        json.dumps(
            {
                "ruleset": args.ruleset,
                "random_vs_random_games_per_s": round(random_gps, 1),
                "random_mean_actions": round(random_len, 1),
                "heuristic_vs_heuristic_games_per_s": round(ai_gps, 1),
                "heuristic_mean_actions": round(ai_len, 1),
                "clone_us": round(clone_us, 1),
                "save_bytes_mid_game": mid_bytes,
                "save_bytes_final": final_bytes,
            }
        )
    )


if __name__ == "__main__":
    main()
