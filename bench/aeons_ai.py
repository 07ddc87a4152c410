"""How the Strange Aeons heuristic player does against the random player on each side of each
played Basic Scenario of the rulebook game, each game with lists of its own: game ``i`` draws
both lists with list seed ``first + i`` and plays on the ``i``-th seed spawned from ``--seed``
(as ``skirmish simulate`` spawns them). Prints one JSON line per scenario and side, then a
Markdown table (scenario, side, wins, rate, 95% Wilson interval).

The figures quoted in the docs are on root seeds the heuristic was not tuned on (12345, 999).

Usage: uv run python bench/aeons_ai.py [--games 400] [--seed 12345] [--workers 2]
    [--scenario fight] [--first-list 1]
"""

from __future__ import annotations

import argparse
import json
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from arguments import count

from skirmish.rulesets.strange_aeons.forces import load_played
from skirmish.sim.runner import GameResult, game_seeds, play_one
from skirmish.sim.stats import wilson_interval

RULESET = "strange-aeons"
SIDES = ("threshold", "lurkers")


def _game(scenario: str, list_seed: int, seed: int, players: tuple[str, ...]) -> GameResult:
    setup: dict[str, Any] = {"scenario": scenario.replace("_", "-"), "list-seed": list_seed}
    return play_one(RULESET, seed, players, setup)


def side_rate(
    scenario: str, side: int, games: int, seed: int, first_list: int, pool: ProcessPoolExecutor
) -> dict[str, object]:
    """The heuristic's wins as ``side`` in ``games`` games of ``scenario``."""
    players = tuple("ai" if s == side else "random" for s in range(len(SIDES)))
    seeds = game_seeds(seed, games)
    lists = range(first_list, first_list + games)
    results = list(pool.map(_game, [scenario] * games, lists, seeds, [players] * games))
    wins = sum(1 for r in results if r.winner == side)
    low, high = wilson_interval(wins, games)
    return {
        "scenario": scenario,
        "side": SIDES[side],
        "games": games,
        "wins": wins,
        "drawn": sum(1 for r in results if r.drawn),
        "rate": round(wins / games, 3),
        "low": round(low, 3),
        "high": round(high, 3),
        "seed": seed,
        "first_list": first_list,
        "mean_rounds": round(sum(r.rounds for r in results) / games, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=count(1), default=400)
    parser.add_argument("--seed", type=int, default=12345)
    parser.add_argument("--workers", type=count(1), default=2)
    parser.add_argument("--first-list", type=count(0), default=1)
    parser.add_argument("--scenario", action="append", help="a played scenario id (repeatable)")
    args = parser.parse_args()
    scenarios = args.scenario or list(load_played().scenarios)
    rows = []
    with ProcessPoolExecutor(args.workers) as pool:
        for scenario in scenarios:
            for side in range(len(SIDES)):
                row = side_rate(scenario, side, args.games, args.seed, args.first_list, pool)
                print(json.dumps(row), flush=True)
                rows.append(row)
    print("\n| scenario | heuristic plays | wins | rate | 95% interval |\n|---|---|---|---|---|")
    for r in rows:
        print(
            f"| {r['scenario']} | {r['side']} | {r['wins']}/{r['games']} | {r['rate']:.1%} "
            f"| {r['low']:.1%}–{r['high']:.1%} |"
        )


if __name__ == "__main__":
    main()
