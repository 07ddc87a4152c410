"""Every event of a Wolsung game reads as a sentence of the log citing its rule, for the whole
game and for each player's view of it: random games of each house scenario, clubs that cast
spells included, and clubs whose models come into play during the game (Hounds, Mirror
Servants, an Infiltrator) with the roll for a seventh turn."""

from __future__ import annotations

import re

import pytest

from skirmish.contract import random_game
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.wolsung.game.state import WolsungGame

RULE = re.compile(r"\[[^\]]+\]$")
ARRIVING = [
    {
        "name": "The Fiercebattens",
        "club": "Ash and Oak",
        "heroes": [{"named": "Zachary Fiercebatten Third"}, {"named": "Sir Lance Oakroot"}],
        "henchmen": [{"henchman": "Abhinav Singh"}],
    },
    {
        "name": "The Sun Works",
        "club": "Inventors",
        "heroes": [{"named": "Ingrid Rangvaldottir"}, {"named": "Snorri Rottstein"}],
        "henchmen": [{"henchman": "Lab Assistant"}],
    },
]
"""Zachary Third's Hounds (L493), Abhinav Singh's markers (L535), Ingrid's Mirror Servants
(L629) and Snorri's Golem (L668)."""


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
    _read_by_both(game)


def test_every_event_of_models_coming_in_is_a_sentence_citing_its_rule() -> None:
    setup = {"clubs": ARRIVING, "extra_turn_roll": True}
    game = random_game(find_ruleset("wolsung"), 3, setup=setup)
    kinds = {event.kind for event in game.log}
    assert kinds >= {"summons", "enters", "marker", "infiltration", "infiltrated", "extra-turn"}
    _read_by_both(game)


def _read_by_both(game: WolsungGame) -> None:
    for player in (0, 1):
        seen = game.view(player)
        for event in seen.log:
            line = seen.describe(event)
            assert RULE.search(line), line
