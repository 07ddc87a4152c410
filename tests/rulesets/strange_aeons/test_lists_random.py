"""Random legal lists: every seed gives a Threshold team and, for it, a Lurker list legal in
each of the 7 Basic Scenarios (and in none), promoted teams with Special Agents and prototypes
included; the same seed gives the same lists."""

from __future__ import annotations

from tests.rulesets.strange_aeons.lists import book, promotion, restrictions

from skirmish.rulesets.strange_aeons.lists.costs import lurker_total, team_ep, team_total
from skirmish.rulesets.strange_aeons.lists.lurkers import check_lurkers
from skirmish.rulesets.strange_aeons.lists.random_lists import random_lurkers, random_team
from skirmish.rulesets.strange_aeons.lists.scenarios import alone_problem
from skirmish.rulesets.strange_aeons.lists.team import check_team
from skirmish.rulesets.strange_aeons.rules_data.records import Armour, Table

SEEDS = range(60)
PROTOTYPES = {item.id for item in book().on_table(Table.SPECIAL_BRANCH)}


def test_many_seeds_give_legal_teams_and_lurkers_in_every_basic_scenario() -> None:
    scenarios = [None, *restrictions().values()]
    mobs = 0
    for seed in SEEDS:
        team = random_team(book(), promotion(), seed)
        assert check_team(book(), promotion(), team) == [], seed
        assert team_total(team) <= 15
        for scenario in scenarios:
            lurkers = random_lurkers(book(), team, seed, scenario)
            assert check_lurkers(book(), lurkers, team, scenario) == [], (seed, scenario)
            assert lurker_total(book(), lurkers) <= team_total(team)
            mobs += sum(1 for pick in lurkers.picks if pick.mob)
    assert mobs > 0  # Mobs come too (R:919)


def test_sa_a_random_new_team_spends_all_of_its_15_total_points() -> None:
    """R:350, R:352: every random new team costs 15 Total Points, its EP within the 10 a new
    list holds (R:2104), so those whose first draws were too few models recruit one more."""
    teams = [random_team(book(), promotion(), seed) for seed in SEEDS]
    assert {team_total(team) for team in teams} == {15}
    assert all(team_ep(team) <= 10 for team in teams)
    assert min(len(team.operatives) for team in teams) >= 2


def test_r1616_a_random_monster_attack_list_is_one_model_that_plays_alone() -> None:
    # Never a Swarm (1D3 models a point, R:613) nor a Scrawny One, which alone would never
    # enter play (R:683): list seeds 23, 24, 81 and 82 drew one.
    monster = restrictions()["monster_attack"]
    for seed in (*SEEDS, 81, 82):
        team = random_team(book(), promotion(), seed)
        lurkers = random_lurkers(book(), team, seed, monster)
        assert [alone_problem(pick.profile) for pick in lurkers.picks] == [None], seed


def test_promoted_teams_with_map_pieces_are_legal_and_use_what_their_level_allows() -> None:
    fight = restrictions()["fight"]
    agents = prototypes = 0
    for seed in range(20):
        for wins in (5, 10, 15):
            team = random_team(book(), promotion(), seed, wins=wins, map_pieces=2)
            assert check_team(book(), promotion(), team) == [], (seed, wins)
            agents += sum(1 for op in team.operatives if op.profile.id in book().agents)
            prototypes += sum(
                1 for op in team.operatives for item in op.gear if item.id in PROTOTYPES
            )
            lurkers = random_lurkers(book(), team, seed, fight)
            assert check_lurkers(book(), lurkers, team, fight) == [], (seed, wins)
    assert agents > 0 and prototypes > 0


def test_the_same_seed_gives_the_same_lists_and_seeds_differ() -> None:
    fight = restrictions()["fight"]
    teams = [random_team(book(), promotion(), seed) for seed in (3, 3, 4)]
    assert teams[0] == teams[1] != teams[2]
    lurkers = [random_lurkers(book(), teams[0], seed, fight) for seed in (5, 5, 6)]
    assert lurkers[0] == lurkers[1] != lurkers[2]


def test_r474_a_random_model_never_draws_a_second_piece_of_armour() -> None:
    # Seed 70 at 5 wins drew its Character a Light and a Heavy Armoured Vest; one is worn.
    team = random_team(book(), promotion(), 70, wins=5, map_pieces=2)
    assert check_team(book(), promotion(), team) == []
    worn = [[i.id for i in op.gear if isinstance(i, Armour)] for op in team.operatives]
    assert all(len(pieces) <= 1 for pieces in worn), worn
