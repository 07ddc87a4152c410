"""Setting up a rulebook game: the two lists read, checked and turned into models (notes §0),
or drawn at random of only what the game plays; whatever it does not play is refused."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from skirmish.contract import random_game
from skirmish.errors import SkirmishError
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.forces import load_played, playable
from skirmish.rulesets.strange_aeons.lists.list_file import SAMPLES, ListError
from skirmish.rulesets.strange_aeons.rulebook import StrangeAeons

TEAM = str(SAMPLES / "fight_team.toml")
CULT = str(SAMPLES / "fight_cult.toml")


@pytest.fixture(scope="module")
def rules() -> StrangeAeons:
    found = find_ruleset("sa")
    assert isinstance(found, StrangeAeons)
    return found


def test_lists_become_models_with_armour_and_their_weapons(rules: StrangeAeons) -> None:
    setup = rules.normalize_setup({"threshold": TEAM, "lurkers": CULT, "board": "open"})
    game = rules.new_game(setup, seed=2)
    cat = catalog_of(game)
    armitage = cat.profile("T1")
    # Character 5 | 4+ | 6 | 3 | 2 | 3+ (R:355); the Light Armoured Vest: -1 M, +1 Con.
    assert (armitage.name, armitage.move, armitage.con, armitage.armour) == (
        "Henry Armitage",
        4,
        6,
        1,
    )
    assert armitage.skills == ("command", "lucky")
    assert [cat.weapon(w).name for w in armitage.weapons] == ["Unarmed", ".45 Handgun", "Knife"]
    assert cat.weapon("knife").ap == 1 and cat.weapon("double_barrelled_shotgun").has("power")
    assert len(cat.roster[1]) == 10 and cat.profile("L2").name == "Cultists with knives 1"
    assert setup["threshold"]["from"] == "fight_team.toml"


def test_shipped_samples_are_named_and_offered(rules: StrangeAeons) -> None:
    setup = rules.normalize_setup({"threshold": "fight_team", "lurkers": "fight_cult"})
    assert setup == rules.normalize_setup({"threshold": TEAM, "lurkers": CULT})
    choices = rules.setup_choices()
    assert choices["threshold"] == ("random", "fight_team")
    assert choices["lurkers"] == ("random", "fight_cult")
    assert choices["scenario"] == (
        "fight",
        "free-for-all",
        "the-bag-man",
        "escape-into-danger",
        "monster-attack",
        "retrieve-the-artifacts",
        "treasure-hunt",
        "random",
    )


def test_a_normalized_setup_normalizes_to_itself(rules: StrangeAeons) -> None:
    setup = rules.normalize_setup({"threshold": TEAM})
    assert rules.normalize_setup(setup) == setup


def test_random_lists_hold_only_what_the_game_plays(rules: StrangeAeons) -> None:
    played = load_played()
    for seed in range(12):
        setup = rules.normalize_setup({"list-seed": seed})
        for side in ("threshold", "lurkers"):
            assert setup[side]["from"] == "random"
        assert len(setup["lurkers"]["models"]) > len(setup["threshold"]["models"])  # R:1587
    assert not playable(rules.book, played, rules.book.skills["speak_languages"])
    assert not playable(rules.book, played, rules.book.lurkers["witch"])  # her Familiars, R:822
    assert playable(rules.book, played, rules.book.lurkers["cultist"])
    # Internal Espionage only buys a prototype, which the list checks (R:811).
    assert playable(rules.book, played, rules.book.lurkers["rogue_threshold_agent"])


def test_a_list_with_what_is_not_played_is_refused_naming_each_entry(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    # The Sample List with a Skill the game does not play yet (every Extra Gear plays).
    text = (SAMPLES / "sample_list.toml").read_text("utf-8")
    text = text.replace('"Munitions Expert"', '"Speak Languages"')
    team = tmp_path / "unplayed.toml"
    team.write_text(text, "utf-8")
    with pytest.raises(ListError) as refused:
        rules.normalize_setup({"threshold": str(team)})
    text = str(refused.value)
    assert text.count("\n") == 0
    assert "Sarah Green" not in text  # Heroic
    for entry in ("Professor Tillinghast (Character): the Skill Speak Languages (R:",):
        assert entry in text


def test_a_psychic_power_is_refused_as_not_played(rules: StrangeAeons, tmp_path: Path) -> None:
    team = tmp_path / "psychics.toml"
    team.write_text(
        'name = "Psychics"\nfaction = "threshold"\n\n[[models]]\nprofile = "Character"\n'
        'skills = ["Lucky"]\ngear = ["Elephant Gun", "Sword", "Sword"]\n\n[[models]]\n'
        'name = "Dr. Armitage"\nprofile = "Agent"\nskills = ["Tough"]\npower = "Telekinesis"\n'
        'gear = ["Sword"]\n',
        "utf-8",
    )
    expected = "Dr. Armitage (Agent): Psychic Power Telekinesis (R:309) is not played yet"
    with pytest.raises(ListError, match=re.escape(expected)):
        rules.normalize_setup({"threshold": str(team)})


def test_a_lurker_list_with_an_ability_not_played_is_refused(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    # A spell-caster: no spell is played.
    serpentman = tmp_path / "serpentman.toml"
    serpentman.write_text(
        'name = "Serpentmen"\nfaction = "lurkers"\n\n[[models]]\nprofile = "Serpentman"\n\n'
        '[[models]]\nprofile = "Cultist"\ncount = 3\n',
        "utf-8",
    )
    expected = "Serpentman (Serpentman): Spell-caster (R:865) is not played yet"
    with pytest.raises(ListError, match=re.escape(expected)):
        rules.normalize_setup({"threshold": TEAM, "lurkers": str(serpentman)})


def test_a_lurker_list_breaking_the_fight_restriction_is_refused(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    few = tmp_path / "few.toml"
    few.write_text(
        'name = "Few"\nfaction = "lurkers"\n\n[[models]]\nprofile = "Cultist"\ncount = 3\n',
        "utf-8",
    )
    with pytest.raises(ListError, match=re.escape("Fight (R:1587)")):
        rules.normalize_setup({"threshold": TEAM, "lurkers": str(few)})


def test_setup_options_refused_with_one_line(rules: StrangeAeons) -> None:
    with pytest.raises(SkirmishError, match="scenario Surrounded is not played yet"):
        rules.normalize_setup({"scenario": "surrounded"})
    with pytest.raises(SkirmishError, match="unknown setup option"):
        rules.normalize_setup({"squad": TEAM})
    with pytest.raises(SkirmishError, match="list-seed is a whole number"):
        rules.normalize_setup({"list-seed": "x"})
    with pytest.raises(ListError, match="takes a Threshold team"):
        rules.normalize_setup({"threshold": CULT})
    built = rules.normalize_setup({})
    with pytest.raises(SkirmishError, match="checked against its Threshold team's list"):
        rules.normalize_setup({"threshold": built["threshold"], "lurkers": "random"})


def test_games_from_lists_keep_the_contract_and_replay(rules: StrangeAeons) -> None:
    setup = {"threshold": TEAM, "lurkers": CULT}
    game = random_game(rules, 3, setup, deep=True)
    assert game.is_over
    assert random_game(rules, 4, {"list-seed": 9}, deep=True).is_over
    # List seed 2's game 5 once offered a Sneaky spot ('sneak L9 17.51,0.49') it then refused.
    free_for_all = {"scenario": "free-for-all", "list-seed": 2}
    for seed in range(5, 8):
        assert random_game(rules, seed, free_for_all, deep=seed == 5).is_over
    assert random_game(rules, 9, {"scenario": "random", "list-seed": 6}, deep=True).is_over
