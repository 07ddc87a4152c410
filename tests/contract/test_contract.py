"""The engine contract, run for every registered ruleset: random games end without error and
keep their invariants; clones, saves and records reproduce the game exactly.

Besides the fixed seeds, a hundred seeds drawn from the commit under test are played, so
each commit tries games no earlier commit tried. The counts keep the whole suite within its
time on two cores; ``SKIRMISH_CONTRACT_GAMES=2000`` (and ``SKIRMISH_CONTRACT_ROTATING``) run
the long contract. A failure names the one command that plays its game again.
"""

from __future__ import annotations

import os
import subprocess
import zlib

import pytest
from tests.contract import bids  # noqa: F401  (registers test-bids, played here like the rest)

from skirmish.contract import ContractError, random_game, reproduce_line
from skirmish.rulesets import find_ruleset, ruleset_ids

GAMES = int(os.environ.get("SKIRMISH_CONTRACT_GAMES", "125"))
ROTATING = int(os.environ.get("SKIRMISH_CONTRACT_ROTATING", "25"))
PER_TEST = 25
DEEP_SEEDS = range(5000, 5020)
LONG = "SKIRMISH_CONTRACT_GAMES" in os.environ
COST = {"wolsung": 5, "strange-aeons": 2}
"""Rulesets whose random games take several times a usual one's time, by how many: their
default counts are that much smaller, to keep the suite within its time (a Wolsung Charge
declared at an enemy out of reach searches the whole way toward it; the Strange Aeons rulebook
plays bigger lists, and its own contract test plays them across scenarios and list seeds). A
long run plays every ruleset the counts it is given."""


def _count(ruleset_id: str, count: int) -> int:
    return count if LONG else max(1, count // COST.get(ruleset_id, 1))


def _batch_size(ruleset_id: str) -> int:
    """Seeds per test: fewer where games cost more, so the two workers stay evenly busy."""
    return max(1, PER_TEST // COST.get(ruleset_id, 1))


def _cases(first: int, count: int) -> list[tuple[str, range]]:
    """Each ruleset's batches of seeds from ``first``, ``count`` of them at most."""
    return [
        (ruleset_id, seeds)
        for ruleset_id in ruleset_ids()
        for seeds in _batches(first, _count(ruleset_id, count), _batch_size(ruleset_id))
    ]


def _case_id(value: object) -> str:
    """A case's id part: the ruleset's id, or the seeds as ``0-24``."""
    return f"{value.start}-{value.stop - 1}" if isinstance(value, range) else str(value)


def _commit_seed() -> int:
    """A number that changes with each commit (the time of day where git is missing)."""
    try:
        head = subprocess.run(
            ["git", "rev-parse", "HEAD"], capture_output=True, text=True, check=True, timeout=10
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        head = ""
    return zlib.crc32(head.encode()) if head else int.from_bytes(os.urandom(4), "big")


FIRST_ROTATING = 100_000 + _commit_seed() % 10_000_000


def _batches(first: int, count: int, size: int) -> list[range]:
    return [range(s, min(s + size, first + count)) for s in range(first, first + count, size)]


def _play(ruleset_id: str, seed: int, deep: bool) -> None:
    try:
        random_game(find_ruleset(ruleset_id), seed, deep=deep)
    except ContractError as exc:
        pytest.fail(f"{exc}\nreproduce: {reproduce_line(ruleset_id, seed, deep)}")


@pytest.mark.parametrize(("ruleset_id", "seeds"), _cases(0, GAMES), ids=_case_id)
def test_random_games_keep_the_contract(ruleset_id: str, seeds: range) -> None:
    for seed in seeds:
        # Every tenth game also checks clone, save/load and replay at power-of-two points.
        _play(ruleset_id, seed, deep=seed % 10 == 0)


@pytest.mark.parametrize(("ruleset_id", "seeds"), _cases(FIRST_ROTATING, ROTATING), ids=_case_id)
def test_games_of_this_commit_keep_the_contract(ruleset_id: str, seeds: range) -> None:
    for seed in seeds:
        _play(ruleset_id, seed, deep=seed % 10 == 0)


@pytest.mark.parametrize(
    ("ruleset_id", "seed"),
    [
        (ruleset_id, seed)
        for ruleset_id in ruleset_ids()
        for seed in DEEP_SEEDS[: _count(ruleset_id, len(DEEP_SEEDS))]
    ],
)
def test_every_game_replays_from_its_record(ruleset_id: str, seed: int) -> None:
    _play(ruleset_id, seed, deep=True)


@pytest.mark.parametrize(
    ("ruleset_id", "seed"),
    [("strange-aeons-intro", 2095), ("strange-aeons-intro", 4218)],
)
def test_seeds_that_once_broke_the_contract(ruleset_id: str, seed: int) -> None:
    # A Power push once left a base overhanging a roof edge in these games.
    _play(ruleset_id, seed, deep=True)


def test_a_broken_game_names_the_command_that_plays_it_again() -> None:
    assert reproduce_line("sacred-wire", 17, True) == (
        "uv run python -m skirmish.contract sacred-wire 17 --deep"
    )
