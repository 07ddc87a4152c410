"""Random Lurker lists for play field every played profile: over 200 list seeds and the 7
Basic Scenarios (notes §3.15), each profile that can open a list of a seed's team is drawn,
the dear ones too, so that the contract games play them."""

from __future__ import annotations

import math
from collections import Counter

from tests.rulesets.strange_aeons.lists import book, promotion, restrictions

from skirmish.rulesets.strange_aeons.forces import load_played, mob_playable, playable
from skirmish.rulesets.strange_aeons.lists.costs import team_total
from skirmish.rulesets.strange_aeons.lists.list_file import ThresholdList
from skirmish.rulesets.strange_aeons.lists.random_lists import (
    Entry,
    ListFilter,
    random_lurkers,
    random_team,
)
from skirmish.rulesets.strange_aeons.lists.scenarios import Restriction
from skirmish.rulesets.strange_aeons.rules_data.records import Lurker, SpecialType

SEEDS = range(200)


def _played() -> ListFilter:
    data, played = book(), load_played()

    def allows(entry: Entry) -> bool:
        return playable(data, played, entry)

    return ListFilter(allows, mobs_of=mob_playable)


def _openers(team: ThresholdList, scenario: Restriction, sold: list[Lurker]) -> set[str]:
    """The profiles a list for ``team`` may open with: within its points, keeping the
    cheapest price for each model it still needs, the scenario's cap, and room for the
    Human points owed (the cheapest Human's price less one to spare)."""
    budget = team_total(team)
    need = len(team.operatives) + (scenario.models_more_than_threshold or 0)
    need = scenario.models_exactly or need
    spend = budget - (need - 1) * min(p.points or 0.0 for p in sold)
    humans = [p for p in sold if p.is_a(SpecialType.HUMAN)]
    owed = 0.0
    if scenario.humans_at_least_half:
        owed = math.ceil(budget / 2) + min(p.points or 0.0 for p in humans) - 1
    cap = scenario.model_points_at_most or math.inf
    return {
        p.id
        for p in (humans if scenario.humans_only else sold)
        if (p.points or 0.0) <= min(cap, spend - (0.0 if p.is_a(SpecialType.HUMAN) else owed))
    }


def test_random_lurker_lists_field_every_played_profile_that_fits() -> None:
    """R:514, notes §3.15: each profile that can open a seed's list in some Basic Scenario is
    drawn in some list (the Elder Thing, the Leng Spider, the Formless Thing, the Byakhee...
    as the cheap ones), so that the contract games, which play all seven, play it."""
    only = _played()
    sold = [
        p for p in book().lurkers.values() if p.bought == "list" and p.points and only.allows(p)
    ]
    teams = [random_team(book(), promotion(), seed, map_pieces=1, only=only) for seed in SEEDS]
    fits, drawn = Counter[str](), Counter[str]()
    for scenario in restrictions().values():
        for seed, team in zip(SEEDS, teams, strict=True):
            fits.update(_openers(team, scenario, sold))
            lurkers = random_lurkers(book(), team, seed, scenario, only=only)
            drawn.update({pick.profile.id for pick in lurkers.picks})
    assert set(fits) <= set(drawn), set(fits) - set(drawn)
