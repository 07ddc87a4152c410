"""Do games play exactly as they did at an earlier commit? Compares the hash of every game's
log, per ruleset, AI vs AI and random vs random, with the same games played by the sources of
``--base`` (checked out into a temporary work tree). Prints one JSON line; exits 1 on any
difference, naming the first games that differ.

Usage: uv run python bench/compare_logs.py [--base HEAD] [--games 200] [--jobs 2]
[--kinds random] [--rulesets wolsung]

The default base is the last commit, so a change not yet committed is checked against it; a
base must find its rulesets where the installed entry points name them (a commit before a
ruleset's modules were moved cannot be asked). The base's geometry runs from its sources,
not compiled. Its hashes are kept under ``bench/.cache/`` (not committed), so a second run
plays only the current sources."""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from arguments import count

from skirmish.players.base import play
from skirmish.players.factory import make_player
from skirmish.rulesets import find_ruleset

RULESETS = ("strange-aeons-intro", "strange-aeons", "sacred-wire", "wolsung")
KINDS = ("ai", "random")
ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / "bench" / ".cache"


def log_hash(ruleset_id: str, kind: str, seed: int) -> str:
    """The SHA-256 of the log of one game, as its sentences read.

    Only names that every commit since the first edition has are used: ``find_ruleset``,
    ``make_player`` and a player per side seeded ``seed * 2 + 1 + side``.
    """
    ruleset = find_ruleset(ruleset_id)
    game = ruleset.new_game(None, seed)
    play(game, [make_player(kind, seed * 2 + 1 + side) for side in range(2)])
    text = "\n".join(game.describe(event) for event in game.log)
    return hashlib.sha256(text.encode()).hexdigest()


def _hash_all(games: int, jobs: int, rulesets: list[str], kinds: list[str]) -> dict[str, list[str]]:
    """Every hash, keyed ``"ruleset/kind"``, for the sources this process imports."""
    keys = [(r, k) for r in rulesets for k in kinds]
    with ProcessPoolExecutor(jobs) as pool:
        futures = {
            f"{r}/{k}": [pool.submit(log_hash, r, k, seed) for seed in range(games)]
            for r, k in keys
        }
        return {key: [f.result() for f in fs] for key, fs in futures.items()}


def _hashes_at(
    base: str, games: int, jobs: int, rulesets: list[str], kinds: list[str]
) -> dict[str, list[str]]:
    """The hashes of the games as the sources of commit ``base`` play them (cached)."""
    rev = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--short", base],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    cached = CACHE / f"logs-{rev}-{games}-{'-'.join(rulesets)}-{'-'.join(kinds)}.json"
    if cached.exists():
        return dict(json.loads(cached.read_text()))
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp) / "base"
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(tree), rev],
            check=True,
            capture_output=True,
        )
        try:
            env = {**os.environ, "PYTHONPATH": str(tree / "src")}
            run = [sys.executable, __file__, "--hashes-only", f"--games={games}", f"--jobs={jobs}"]
            run += [f"--rulesets={','.join(rulesets)}", f"--kinds={','.join(kinds)}"]
            out = subprocess.run(run, check=True, capture_output=True, text=True, env=env)
        finally:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=True
            )
    CACHE.mkdir(parents=True, exist_ok=True)
    cached.write_text(out.stdout)
    return dict(json.loads(out.stdout))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--base", default="HEAD")
    parser.add_argument("--games", type=count(1), default=200)
    parser.add_argument("--jobs", type=count(1), default=os.cpu_count() or 1)
    parser.add_argument("--rulesets", default=",".join(RULESETS), help="comma-separated ids")
    parser.add_argument("--kinds", default=",".join(KINDS), help="players: ai, random or both")
    parser.add_argument("--hashes-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    rulesets, kinds = args.rulesets.split(","), args.kinds.split(",")
    if args.hashes_only:
        print(json.dumps(_hash_all(args.games, args.jobs, rulesets, kinds)))
        return
    before = _hashes_at(args.base, args.games, args.jobs, rulesets, kinds)
    now = _hash_all(args.games, args.jobs, rulesets, kinds)
    differ = {
        key: [seed for seed, (a, b) in enumerate(zip(before[key], now[key], strict=True)) if a != b]
        for key in now
    }
    report = {
        "base": args.base,
        "games_per_kind": args.games,
        "identical": {key: args.games - len(seeds) for key, seeds in differ.items()},
        "first_differing_seeds": {key: seeds[:5] for key, seeds in differ.items() if seeds},
    }
    print(json.dumps(report))
    sys.exit(1 if any(differ.values()) else 0)


if __name__ == "__main__":
    main()
