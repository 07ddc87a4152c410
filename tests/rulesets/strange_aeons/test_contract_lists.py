"""The engine contract across the rulebook game's scenarios and lists: each game plays a played
Basic Scenario, or a played Variant of one (named: a rolled scenario plays none, R:1536), in
turn, with both lists drawn at random from a list seed of its own, so the
games field every profile, skill and weapon that random lists draw (the kernel's contract suite
plays the default setup, one pair of lists, by the hundred). Every tenth game is deep (clone,
save and load, replay, views).

``SKIRMISH_AEONS_GAMES`` sets the number of games for a long run (``SKIRMISH_AEONS_GAMES=2000``).
"""

from __future__ import annotations

import os

import pytest

from skirmish.contract import ContractError, random_game
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.strange_aeons.forces import load_played
from skirmish.rulesets.strange_aeons.rulebook import StrangeAeons

GAMES = int(os.environ.get("SKIRMISH_AEONS_GAMES", "60"))
PER_TEST = 10
FIRST_LIST = 1000
SCENARIOS = [s.replace("_", "-") for s in load_played().scenarios]


def _cases() -> list[dict[str, str]]:
    """Each played scenario, then each played Variant with its scenario."""
    rules = find_ruleset("strange-aeons")
    assert isinstance(rules, StrangeAeons)
    played = rules.setup_choices()["variant"]
    variants = [
        {"scenario": name, "variant": v.id.replace("_", "-")}
        for name in SCENARIOS
        for v in rules.scenarios.scenario(name).variant
        if v.id.replace("_", "-") in played
    ]
    return [{"scenario": name} for name in SCENARIOS] + variants


CASES = _cases()


def _batches() -> list[range]:
    return [range(s, min(s + PER_TEST, GAMES)) for s in range(0, GAMES, PER_TEST)]


@pytest.mark.parametrize("seeds", _batches(), ids=lambda r: f"{r.start}-{r.stop - 1}")
def test_random_games_of_every_scenario_and_random_lists_keep_the_contract(seeds: range) -> None:
    rules = find_ruleset("strange-aeons")
    for seed in seeds:
        setup = {**CASES[seed % len(CASES)], "list-seed": FIRST_LIST + seed}
        try:
            random_game(rules, seed, setup, deep=seed % 10 == 0)
        except ContractError as exc:
            pytest.fail(f"{setup}, seed {seed}: {exc}")


@pytest.mark.parametrize(("scenario", "list_seed", "seed"), [("free-for-all", 1078, 78)])
def test_games_that_once_broke_the_contract(scenario: str, list_seed: int, seed: int) -> None:
    # Seven Sneaky Re-animated Limbs found no quadrant 5" from every model (R:1532): they
    # keep the spacing the crowded table allows.
    setup = {"scenario": scenario, "list-seed": list_seed}
    random_game(find_ruleset("strange-aeons"), seed, setup, deep=True)
