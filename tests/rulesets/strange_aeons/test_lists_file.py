"""The Strange Aeons list file: TOML and JSON read alike, names matched loosely, and one line
naming every unknown name or misplaced field; the shipped samples load and are legal."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from tests.rulesets.strange_aeons.lists import SAMPLE_LIST, book, force, promotion, restrictions

from skirmish.rulesets.strange_aeons.lists.list_file import (
    ListData,
    ListError,
    LurkerList,
    ThresholdList,
    parse_list,
    read_list,
    sample_lists,
)
from skirmish.rulesets.strange_aeons.lists.lurkers import check_lurkers
from skirmish.rulesets.strange_aeons.lists.phobias import load_phobias
from skirmish.rulesets.strange_aeons.lists.plot_points import load_plot_points
from skirmish.rulesets.strange_aeons.lists.psychic import load_psychic
from skirmish.rulesets.strange_aeons.lists.team import check_team


def test_toml_and_json_read_alike_and_names_match_loosely() -> None:
    as_json = json.dumps(tomllib.loads(SAMPLE_LIST))
    assert parse_list(as_json, "json", book()) == force(SAMPLE_LIST)
    loose = SAMPLE_LIST.replace("Munitions Expert", "munitions_expert").replace(
        "Double-Barrelled Shotgun", "double barrelled SHOTGUN"
    )
    assert force(loose) == force(SAMPLE_LIST)


def test_every_unknown_name_in_one_line_with_close_matches() -> None:
    text = SAMPLE_LIST.replace('"Agent"', '"Agnet"').replace('"Cleaver"', '"Cleever"')
    text = text.replace('"Heroic"', '"Heroik"')
    with pytest.raises(ListError) as caught:
        force(text)
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith("list is invalid: models[1]: unknown Threshold profile 'Agnet'")
    assert "(did you mean 'Agent'" in message
    assert "models[1]: unknown skill 'Heroik' (did you mean 'Heroic'?)" in message
    assert "models[1]: unknown item 'Cleever' (did you mean 'Cleaver'?)" in message


def test_fields_of_the_other_faction_are_refused() -> None:
    text = SAMPLE_LIST.replace('faction = "threshold"', 'faction = "threshold"\npoints = 15')
    text += '\n[[models]]\nprofile = "Agent"\nname = "Mob"\ncount = 5\nmob = true\n'
    with pytest.raises(
        ListError, match=r"list is invalid: <top>: count, mob, points: only a Lurker list takes"
    ):
        force(text)
    lurkers = 'name = "L"\nfaction = "lurkers"\nwins = 3\n[[models]]\nprofile = "Zombie"\n'
    lurkers += 'permanent = true\nanimals = ["Falcon"]\n'
    with pytest.raises(ListError, match=r"animals, permanent, wins: only a Threshold team takes"):
        force(lurkers)


def test_plot_points_are_named_as_printed_and_bought_by_lurkers_only() -> None:
    cult = 'name = "L"\nfaction = "lurkers"\nplot_points = ["Dark Nite"]\n'
    cult += '[[models]]\nprofile = "Zombie"\n'
    with pytest.raises(
        ListError, match=r"plot_points: unknown Plot Point 'Dark Nite' \(did you mean 'Dark Night'"
    ):
        force(cult)
    team = SAMPLE_LIST.replace('faction = "threshold"', 'faction = "threshold"\nplot_points = []')
    with pytest.raises(ListError, match=r"plot_points: only a Lurker list takes these"):
        force(team)


def test_two_models_of_one_name_are_refused() -> None:
    text = SAMPLE_LIST + '\n[[models]]\nprofile = "Agent"\nname = "sarah green"\n'
    with pytest.raises(ListError, match=r"two models are named 'Sarah Green'; give each its own"):
        force(text)


def test_a_bad_shape_is_one_line() -> None:
    with pytest.raises(ListError, match=r"list is invalid: faction: input should be 'threshold'"):
        force('name = "X"\nfaction = "cultists"\n[[models]]\nprofile = "Zombie"\n')
    with pytest.raises(ListError, match=r"unknown list format 'yaml'"):
        parse_list("", "yaml", book())


@pytest.mark.parametrize(
    ("fmt", "text", "message"),
    [
        ("toml", 'name = "x"\nfaction = "lurkers"\nmodels = []', "<top>: a list has at least one"),
        ("json", "[1, 2]", "<top>: a table (TOML) or an object (JSON) is needed here"),
        (
            "json",
            '{"name": "x", "faction": "threshold", '
            '"models": [{"profile": "Agent", "skills": "Duck"}]}',
            "models[0].skills: a list of names is needed here",
        ),
        (
            "toml",
            'name = "x"\nfaction = "lurkers"\npoints = 15.3\n[[models]]\nprofile = "Zombie"',
            "points: a cost is 0 or more in halves",
        ),
    ],
)
def test_every_shape_problem_in_its_own_words(fmt: str, text: str, message: str) -> None:
    with pytest.raises(ListError) as caught:
        parse_list(text, fmt, book())
    # One problem, in the file's terms, and nothing said twice.
    assert str(caught.value).startswith(f"list is invalid: {message}")
    assert ";" not in str(caught.value)


def test_read_list_needs_toml_or_json(tmp_path: Path) -> None:
    path = tmp_path / "team.txt"
    path.write_text(SAMPLE_LIST, encoding="utf-8")
    with pytest.raises(ListError, match=r"the file name must end in .toml or .json"):
        read_list(path, book())


def test_every_shipped_sample_is_legal() -> None:
    samples = sample_lists()
    assert set(samples) == {
        "sample_list",
        "example_of_play_lurkers",
        "promoted_team",
        "monster_attack_lurkers",
        "fight_team",
        "fight_cult",
    }
    for name, resource in samples.items():
        found = read_list(Path(str(resource)), book())
        if isinstance(found, ThresholdList):
            assert check_team(book(), promotion(), found) == [], name
        else:
            assert isinstance(found, LurkerList)
            assert check_lurkers(book(), found) == [], name
    cult = read_list(Path(str(samples["example_of_play_lurkers"])), book())
    howard = read_list(Path(str(samples["sample_list"])), book())
    assert isinstance(cult, LurkerList) and isinstance(howard, ThresholdList)
    assert check_lurkers(book(), cult, howard, restrictions()["fight"]) == []
    monster = read_list(Path(str(samples["monster_attack_lurkers"])), book())
    promoted = read_list(Path(str(samples["promoted_team"])), book())
    assert isinstance(monster, LurkerList) and isinstance(promoted, ThresholdList)
    assert check_lurkers(book(), monster, promoted, restrictions()["monster_attack"]) == []
    fight_cult = read_list(Path(str(samples["fight_cult"])), book())
    fight_team = read_list(Path(str(samples["fight_team"])), book())
    assert isinstance(fight_cult, LurkerList) and isinstance(fight_team, ThresholdList)
    assert check_lurkers(book(), fight_cult, fight_team, restrictions()["fight"]) == []


def test_a_psychic_power_is_named_as_the_table_prints_it() -> None:
    text = SAMPLE_LIST.replace('skills = ["Heroic"]', 'skills = ["Heroic"]\npower = "Telekenisis"')
    with pytest.raises(
        ListError, match=r"unknown Psychic Power 'Telekenisis' \(did you mean 'Telekinesis'\?\)"
    ):
        force(text)
    bought = SAMPLE_LIST.replace('skills = ["Heroic"]', 'skills = ["Heroic"]\npower_bought = true')
    with pytest.raises(ListError, match=r"power_bought: only a Lurker list takes these"):
        force(bought)


def test_the_book_list_data_is_read_once_and_cannot_be_changed() -> None:
    # Every game's lists read it: shared, it must be what a fresh read gives, and read-only.
    data = ListData.load()
    assert ListData.load() is data
    assert dict(data.phobias) == load_phobias()
    assert dict(data.plot_points) == load_plot_points()
    assert data.psychic == load_psychic()
    with pytest.raises(TypeError, match="does not support item assignment"):
        data.phobias["acrophobia"] = data.phobias["acrophobia"]  # type: ignore[index]
