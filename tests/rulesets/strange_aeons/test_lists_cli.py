"""``skirmish strange-aeons check-list``, run in the test process: what a valid list is and
costs, every violation in one line with a non-zero status and nothing printed, a Lurker list
checked against a team and in a scenario, and one line for a bad file."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from tests.command import Ran

from skirmish.data_files import SHOWN_PROBLEMS
from skirmish.documents import file_label
from skirmish.rulesets.strange_aeons.lists.list_file import SAMPLES

SAMPLE = Path(str(SAMPLES))

OVERSPENT = """
name = "Too many"
faction = "threshold"

[[models]]
profile = "Agent"
skills = ["Command"]
gear = ["Elephant Gun", "Dynamite"]

[[models]]
profile = "Child"
gear = ["Garlic", "Elephant Gun", "Dynamite", "Sword", "Cleaver", "Heavy Armoured Vest"]
"""


def test_r504_check_list_prints_the_sample_lists_points_and_tillinghasts_vest(
    cli: Callable[..., Ran],
) -> None:
    done = cli("strange-aeons", "check-list", str(SAMPLE / "sample_list.toml"))
    assert done.status == 0, done.err
    lines = done.out.splitlines()
    assert lines[0] == (
        'Threshold team "Howard\'s team" (New list, 0 wins, 0 Map Pieces): 3 models, '
        "7 PP + 8 EP = 15 of 15 Total Points"
    )
    assert lines[1] == (
        "1. Professor Tillinghast: Character, 4 PP + 4 EP; M 5/4, Dex 4+, Con 6/7, A 3, W 2, "
        "Res 3+; Skills: Command, Munitions Expert; "
        "gear: .45 Handgun, Knife, Light Armoured Vest, Dynamite"
    )


def test_check_list_names_every_violation_in_one_line(
    cli: Callable[..., Ran], tmp_path: Path
) -> None:
    path = tmp_path / "too_many.toml"
    path.write_text(OVERSPENT, encoding="utf-8")
    done = cli("strange-aeons", "check-list", str(path))
    assert done.status != 0 and done.out == ""
    (line,) = done.err.strip().splitlines()
    assert line.startswith(f"error: {file_label('list file', path)} is invalid: the team has 0")
    for rule in ("(R:347)", "(R:1060)", "(R:460)", "R:2104", "(R:346)"):
        assert rule in line


def test_check_list_lurkers_against_a_team_in_a_scenario(cli: Callable[..., Ran]) -> None:
    cult = str(SAMPLE / "example_of_play_lurkers.toml")
    against = ("--against", str(SAMPLE / "sample_list.toml"))
    done = cli("strange-aeons", "check-list", cult, *against, "--scenario", "Fight")
    assert done.status == 0, done.err
    assert done.out.startswith(
        'Fight: Lurker list "Uncle Mike\'s cult": 5 models, 15 points against 15\n'
    )
    refused = cli("strange-aeons", "check-list", cult, *against, "--scenario", "monster attack")
    assert refused.status != 0 and refused.out == ""
    assert "Monster Attack! (R:1616): the list fields 5 models; exactly 1 may" in refused.err
    unknown = cli("strange-aeons", "check-list", cult, "--scenario", "Fihgt")
    assert unknown.err.startswith("error: unknown Basic Scenario 'Fihgt' (did you mean 'Fight'?)")


def test_check_list_scenario_and_against_are_for_lurkers(cli: Callable[..., Ran]) -> None:
    team = str(SAMPLE / "sample_list.toml")
    done = cli("strange-aeons", "check-list", team, "--scenario", "fight")
    assert done.status != 0
    assert "--scenario and --against check a Lurker list, not a team" in done.err
    cult = str(SAMPLE / "example_of_play_lurkers.toml")
    wrong = cli("strange-aeons", "check-list", cult, "--against", cult)
    assert "--against takes a Threshold team, not a Lurker list" in wrong.err


def test_check_list_bad_file_is_one_line(cli: Callable[..., Ran], tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text("name = [\n", encoding="utf-8")
    done = cli("strange-aeons", "check-list", str(path))
    assert done.status != 0 and "Traceback" not in done.err
    (line,) = done.err.strip().splitlines()
    assert line.startswith(f"error: {file_label('list file', path)} is not valid TOML:")
    missing = cli("strange-aeons", "check-list", str(tmp_path / "gone.json"))
    assert missing.err.strip() == f"error: list file: no such file: {tmp_path / 'gone.json'}"


def test_check_list_of_the_wrong_kind_of_file_shows_some_problems_and_counts_the_rest(
    cli: Callable[..., Ran], tmp_path: Path
) -> None:
    path = tmp_path / "save.json"
    models = [{"id": f"T{n}", "side": 0, "x": 1.0, "y": 2.0} for n in range(40)]
    path.write_text(json.dumps({"format": "skirmish-save", "models": models}), encoding="utf-8")
    done = cli("strange-aeons", "check-list", str(path))
    assert done.status == 2 and done.out == ""
    (line,) = done.err.strip().splitlines()
    shown, more = line.rsplit("; and ", 1)
    assert shown.count("; ") == SHOWN_PROBLEMS - 1
    assert re.fullmatch(r"\d+ more problems", more), more


def test_check_list_against_an_invalid_team_names_the_teams_violations(
    cli: Callable[..., Ran], tmp_path: Path
) -> None:
    team = tmp_path / "too_many.json"
    team.write_text(
        '{"name": "Two heads", "faction": "threshold", "models": '
        '[{"profile": "Character", "name": "A", "gear": ["Elephant Gun", "Sword", "Sword"]}, '
        '{"profile": "Character", "name": "B"}]}',
        encoding="utf-8",
    )
    cult = str(SAMPLE / "example_of_play_lurkers.toml")
    done = cli("strange-aeons", "check-list", cult, "--against", str(team))
    assert done.status != 0 and done.out == ""
    assert done.err.strip() == (
        f"error: {file_label('list file', team)} is invalid: the team has 2 Characters (A, B); "
        "it needs exactly one (R:347)"
    )


GROWN = """
name = "Grown"
faction = "lurkers"

[[models]]
profile = "Godling"
upgrades = ["Winged"]

[[models]]
profile = "Deep One"
upgrades = ["Barnacle Encrusted"]

[[models]]
profile = "Mi-Go"
gear = ["Heavy Deflector"]

[[models]]
profile = "Hybrid"
gear = ["Heavy Armoured Vest"]
"""


def test_r663_r568_r550_check_list_shows_the_characteristics_the_game_builds(
    cli: Callable[..., Ran], tmp_path: Path
) -> None:
    # Winged adds 3 to the Godling's 4 (R:663), Barnacle Encrusted an armour point to the Deep
    # One's 7/8 (R:568), and a Mi-Go's Ether Wings ignore its Deflector's -1 (R:550); the
    # Hybrid's rolled Movement takes its vest's -2 as the game rolls it (R:1256).
    path = tmp_path / "grown.toml"
    path.write_text(GROWN, encoding="utf-8")
    done = cli("strange-aeons", "check-list", str(path))
    assert done.status == 0, done.err
    moves = re.findall(r"; M ([^,]+), Dex [^,]+, Con ([^,]+),", done.out)
    assert moves == [("7", "9/11"), ("1D3+3", "7/9"), ("5", "4/9"), ("1D6-2", "5/8")]


@pytest.mark.parametrize(
    ("name", "points"),
    [("cult.toml", "1e308"), ("cult.toml", "inf"), ("cult.toml", "nan"), ("cult.json", "1e400")],
)
def test_r514_a_list_of_points_no_game_plays_is_one_line(
    cli: Callable[..., Ran], tmp_path: Path, name: str, points: str
) -> None:
    path = tmp_path / name
    if name.endswith(".toml"):
        text = f'name = "x"\nfaction = "lurkers"\npoints = {points}\n[[models]]\nprofile = "Zombie"'
    else:
        text = f'{{"name": "x", "faction": "lurkers", "points": {points}, "models": []}}'
    path.write_text(text, encoding="utf-8")
    before = path.read_bytes()
    done = cli("strange-aeons", "check-list", str(path))
    assert done.status == 2 and done.out == ""
    (line,) = done.err.strip().splitlines()
    assert re.search(r"points: a cost is 0 to 10,000 points, got (1e\+308|inf|nan)", line), line
    assert path.read_bytes() == before
