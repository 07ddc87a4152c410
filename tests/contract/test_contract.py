"""The engine contract, run for every registered ruleset: random games end without error and
keep their invariants; clones, saves and records reproduce the game exactly."""

from __future__ import annotations

import os

import pytest

from skirmish.contract import random_game
from skirmish.rulesets import find_ruleset, ruleset_ids

GAMES = int(os.environ.get("SKIRMISH_CONTRACT_GAMES", "2000"))
CHUNKS = 20


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_the_contract(ruleset_id: str, chunk: int) -> None:
    ruleset = find_ruleset(ruleset_id)
    per_chunk = GAMES // CHUNKS
    for seed in range(chunk * per_chunk, (chunk + 1) * per_chunk):
        # Every tenth game also checks clone, save/load and replay at power-of-two points.
        random_game(ruleset, seed, deep=seed % 10 == 0)


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_every_game_replays_from_its_record(ruleset_id: str) -> None:
    ruleset = find_ruleset(ruleset_id)
    for seed in range(5000, 5020):
        random_game(ruleset, seed, deep=True)
