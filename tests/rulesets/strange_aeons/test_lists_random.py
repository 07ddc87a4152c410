"""Random legal lists: every seed gives a Threshold team and, for it, a Lurker list legal in
each of the 7 Basic Scenarios (and in none); the same seed gives the same lists."""

from __future__ import annotations

from tests.rulesets.strange_aeons.lists import book, promotion, restrictions

from skirmish.rulesets.strange_aeons.lists.costs import lurker_total, team_total
from skirmish.rulesets.strange_aeons.lists.lurkers import check_lurkers
from skirmish.rulesets.strange_aeons.lists.random_lists import random_lurkers, random_team
from skirmish.rulesets.strange_aeons.lists.team import check_team

SEEDS = range(60)


def test_many_seeds_give_legal_teams_and_lurkers_in_every_basic_scenario() -> None:
    scenarios = [None, *restrictions().values()]
    for seed in SEEDS:
        team = random_team(book(), promotion(), seed)
        assert check_team(book(), promotion(), team) == [], seed
        assert team_total(team) <= 15
        for scenario in scenarios:
            lurkers = random_lurkers(book(), team, seed, scenario)
            assert check_lurkers(book(), lurkers, team, scenario) == [], (seed, scenario)
            assert lurker_total(book(), lurkers) <= team_total(team)


def test_the_same_seed_gives_the_same_lists_and_seeds_differ() -> None:
    fight = restrictions()["fight"]
    teams = [random_team(book(), promotion(), seed) for seed in (3, 3, 4)]
    assert teams[0] == teams[1] != teams[2]
    lurkers = [random_lurkers(book(), teams[0], seed, fight) for seed in (5, 5, 6)]
    assert lurkers[0] == lurkers[1] != lurkers[2]
