"""The engine contract for Sacred Wire games as the missions set them up (K1.2-K1.4): each seed
draws its mission (any of the 14, or ``random``), deployment, hostile faction, Coworker Setup
and Modifier, Loot Layout and Modifier, the squads' Evidence and Leads (so the gap advantages
are rolled) or a list of advantages, and plays a random game that must keep every invariant;
every tenth also checks clone, save/load and replay. Solo games (house variant X1) draw their
faction, loot and Coworkers the same way. ``SKIRMISH_SETUP_GAMES`` sets how many
(2,000 for the long run)."""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from typing import Any

import pytest
from tests.rulesets.sacred_wire.helpers import CATALOG

from skirmish.contract import ContractError, random_game
from skirmish.errors import SkirmishError
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.sacred_wire.missions import zones
from skirmish.rulesets.sacred_wire.missions.advantages import known
from skirmish.rulesets.sacred_wire.missions.generator import SIGNAL

RULESET = find_ruleset("sacred-wire")
GAMES = int(os.environ.get("SKIRMISH_SETUP_GAMES", "10"))
PER_TEST = 10
FIRST = 70_000  # seeds of their own, apart from the plain contract's
FIRST_SOLO = 90_000


def _ids(table: str) -> list[str]:
    return [e.id for e in CATALOG.missions.table(table).entries]


def setup_of(seed: int) -> dict[str, Any]:
    """The setup a seed plays: every choice drawn from the seed."""
    pick = random.Random(seed)
    mission = pick.choice([*zones.MISSIONS, zones.RANDOM])
    setup: dict[str, Any] = {
        "mission": mission,
        "deployment": pick.choice(_ids("deployment")),
        "hostiles": pick.choice([*_ids("hostile_type"), "random"]),
        "evidence_a": pick.randint(0, 8),
        "leads_a": pick.randint(0, 3),
        "evidence_b": pick.randint(0, 8),
        "leads_b": pick.randint(0, 3),
    }
    if mission != SIGNAL:
        setup["coworkers"] = pick.choice(["none", "random", *_ids("coworker_setup")])
        setup["loot"] = pick.choice(_ids("loot_layout"))
        if setup["loot"] != "none":
            setup["loot_modifier"] = pick.choice(_ids("loot_modifier"))
    if pick.random() < 0.3 and mission not in ("the-signal", "the-source"):
        setup["advantages"] = pick.sample(list(known(CATALOG.missions)), pick.randint(1, 4))
    return setup


def _playable(seed: int) -> dict[str, Any]:
    """The seed's setup, on the Standard deployment where its own leaves no room."""
    setup = setup_of(seed)
    try:
        RULESET.normalize_setup(setup)
    except SkirmishError:
        setup["deployment"] = "standard"
    return setup


def solo_setup(seed: int) -> dict[str, Any]:
    """A solo game's setup drawn from the seed (house variant X1): faction, loot and its
    modifier, Coworkers."""
    pick = random.Random(seed)
    return {
        "solo": True,
        "hostiles": pick.choice([*(h for h in _ids("hostile_type") if h != "none"), "random"]),
        "loot": pick.choice([x for x in _ids("loot_layout") if x != "none"]),
        "loot_modifier": pick.choice([x for x in _ids("loot_modifier") if x != "decoys"]),
        "coworkers": pick.choice(["none", "random", *_ids("coworker_setup")]),
    }


def keep_contract(seeds: range, setup_for: Callable[[int], dict[str, Any]]) -> None:
    """A random game of each seed's setup keeps the contract; every tenth checks copies."""
    for seed in seeds:
        setup = setup_for(seed)
        try:
            random_game(RULESET, seed, setup, deep=seed % 10 == 0)
        except ContractError as exc:
            again = f"random_game(find_ruleset('sacred-wire'), {seed}, {setup!r})"
            pytest.fail(f"{exc}\nreproduce: {again}")


def _chunks(first: int) -> list[range]:
    return [
        range(s, min(s + PER_TEST, first + GAMES)) for s in range(first, first + GAMES, PER_TEST)
    ]


@pytest.mark.parametrize("seeds", _chunks(FIRST), ids=lambda r: f"{r.start}-{r.stop - 1}")
def test_random_games_of_every_mission_setup_keep_the_contract(seeds: range) -> None:
    keep_contract(seeds, _playable)


@pytest.mark.parametrize("seeds", _chunks(FIRST_SOLO), ids=lambda r: f"{r.start}-{r.stop - 1}")
def test_x1_random_solo_games_keep_the_contract(seeds: range) -> None:
    keep_contract(seeds, solo_setup)
