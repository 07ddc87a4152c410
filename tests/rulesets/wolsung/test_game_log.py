"""Every event of a Wolsung game reads as a sentence of the log citing its rule, for the whole
game and for each player's view of it: random games of each house scenario, clubs that cast
spells included."""

from __future__ import annotations

import re

import pytest

from skirmish.contract import random_game
from skirmish.rulesets import find_ruleset

RULE = re.compile(r"\[[^\]]+\]$")


@pytest.mark.parametrize(
    ("scenario", "clubs"),
    [
        ("s1", "triad,ash-and-oak"),
        ("s2", "inventors,triad"),
        ("s3", "ash-and-oak,inventors"),
        ("s4", "triad,inventors"),
    ],
)
def test_every_event_is_a_sentence_citing_its_rule(scenario: str, clubs: str) -> None:
    game = random_game(find_ruleset("wolsung"), 7, setup={"scenario": scenario, "clubs": clubs})
    for player in (0, 1):
        seen = game.view(player)
        for event in seen.log:
            line = seen.describe(event)
            assert RULE.search(line), line
