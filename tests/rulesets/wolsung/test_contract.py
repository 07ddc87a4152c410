"""The engine contract across Wolsung's setups: two, three and four clubs in each house
scenario, and clubs of the heroes and gadgets whose rules the samples do not field. The
kernel's contract suite plays the default setup (two clubs, Back-Alley Brawl) by the hundred;
these play the others a few games each. Every third game is deep (clone, save and load,
replay, every player's view and a determinized game) where two clubs play; with three or four
a deep game takes minutes, so it is deep only in a long run.

``SKIRMISH_WOLSUNG_GAMES`` sets the games per setup for a long run (2,000 in all:
``SKIRMISH_WOLSUNG_GAMES=200``), whose every third game is deep.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from skirmish.contract import ContractError, random_game
from skirmish.rulesets import find_ruleset

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
"""Clubs whose models come into play during the game: Zachary Third's Hounds (L493), Abhinav
Singh on his markers (L535), Ingrid's Mirror Servants (L629), Snorri's Golem (L668)."""
DEFAULT_GAMES = 2
GAMES = int(os.environ.get("SKIRMISH_WOLSUNG_GAMES", str(DEFAULT_GAMES)))
NAMED: dict[str, Any] = {
    "name": "Heroes of Note",
    "club": "Ash and Oak",
    "heroes": [
        {"named": "Zachary Fiercebatten Third"},
        {"named": "Sir Zachary Fiercebatten"},
        {"named": "Sir Lance Oakroot"},
    ],
    "henchmen": [{"henchman": "Abhinav Singh"}, {"henchman": "Butler"}, {"henchman": "Bruiser"}],
}
"""An Ash and Oak club of "Master" Gunner and Abhinav Singh, the Wheelchair beside a Butler and
a Bruiser, and the top-hat."""
GADGETS: dict[str, Any] = {
    "name": "Masks and Rings",
    "club": "Triad of Lotus Dragon",
    "heroes": [
        {"named": "Wandering Actor"},
        {"named": "Phoenix"},
        {
            "name": "Lord Fang",
            "race": "Orc",
            "profession": "Bodyguard",
            "gadgets": ["Despotic Ring", "Death Puppet of the Karoa Temple"],
        },
        {
            "name": "Madame Lo",
            "race": "Orc",
            "profession": "Bodyguard",
            "gadgets": ["Amulet of Life and Death"],
        },
    ],
    "henchmen": [{"henchman": "Fisherman"}, {"henchman": "Trader"}],
}
"""A Triad club of True Identity, the Despotic Ring, the Death Puppet and the Amulet of Life and
Death."""
SMOKE_AND_SHIFT: dict[str, Any] = {
    "name": "The Rockheart Displacement",
    "club": "Inventors",
    "heroes": [
        {"named": "Thomas Rockheart Jr."},
        {
            "name": "Ada Quill",
            "race": "Human",
            "profession": "Golemologist",
            "suit": "spades",
            "gadgets": ["Compact Matter Shifter"],
        },
    ],
    "henchmen": [{"henchman": "Lab Assistant"}],
}
"""An Inventors club of Heavy Smoker's Smoke Marker and Night Vision, and the Compact Matter
Shifter."""
GOLEM_WORKS: dict[str, Any] = {
    "name": "The Flea Circus",
    "club": "Inventors",
    "heroes": [
        {"named": "Alice Tinkerly"},
        {"named": "Snorri Rottstein"},
        {"named": "Thomas Rockheart Jr."},
    ],
    "henchmen": [{"henchman": "Security Golem"}, {"henchman": "Lab Assistant"}],
}
"""An Inventors club of Alice Tinkerly's Engineer, Snorri's Ride and Thomas's Magneton Boots
beside a Security Golem and a Lab Assistant."""
SETUPS: dict[str, dict[str, Any]] = {
    "s2-two-clubs": {"scenario": "s2", "clubs": "inventors,triad"},
    "s3-two-clubs": {"scenario": "s3", "clubs": "triad,ash-and-oak"},
    "s4-two-clubs": {"scenario": "s4", "clubs": "ash-and-oak,triad"},
    "s4-three-clubs": {"scenario": "s4", "clubs": "triad,inventors,ash-and-oak"},
    "s4-four-clubs": {"scenario": "s4", "clubs": "ash-and-oak,triad,inventors,triad"},
    "s1-custom-heroes": {"scenario": "s1", "clubs": "inventors,ash-and-oak"},
    "s2-models-coming-in": {"scenario": "s2", "clubs": ARRIVING, "extra_turn_roll": True},
    "s1-heroes-and-gadgets": {"scenario": "s1", "clubs": [NAMED, GADGETS]},
    "s1-smoke-and-shift": {"scenario": "s1", "clubs": [SMOKE_AND_SHIFT, NAMED]},
    "s1-golem-works": {"scenario": "s1", "clubs": [GOLEM_WORKS, "triad"]},
}


LONG_RUN_FINDS = [("s2-models-coming-in", 56), ("s3-two-clubs", 61), ("s1-custom-heroes", 132)]
"""Games a long run once failed: a Hound's last spot in contact that fitted only unrounded,
against a wall; the last open ground for a Clue that forty random draws missed; and a hand,
re-dealt for the other player's search, that could not pay for the spell being cast."""


def _play(name: str, seed: int) -> None:
    setup = SETUPS[name]
    long_run = GAMES > DEFAULT_GAMES
    clubs = setup["clubs"]
    count = len(clubs) if isinstance(clubs, list) else len(clubs.split(","))
    deep = seed % 3 == 0 and (long_run or count == 2)
    try:
        random_game(find_ruleset("wolsung"), seed, setup=setup, deep=deep)
    except ContractError as exc:
        pytest.fail(f"{name}, seed {seed}: {exc}")


@pytest.mark.parametrize("name", SETUPS)
@pytest.mark.parametrize("seed", range(GAMES))
def test_random_games_keep_the_contract(name: str, seed: int) -> None:
    _play(name, seed)


@pytest.mark.parametrize(("name", "seed"), LONG_RUN_FINDS)
def test_games_a_long_run_found_keep_the_contract(name: str, seed: int) -> None:
    _play(name, seed)
