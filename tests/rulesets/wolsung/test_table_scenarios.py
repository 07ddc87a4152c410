"""The house scenarios file, ``data/scenarios.toml``: S1-S4 and the common parameters with the
numbers of notes ``wolsung-scenarios.md`` §4 and §5, every record a cited house rule, and the
one-line refusals of a bad file."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from skirmish.errors import RulesDataError, SkirmishError
from skirmish.geometry import mm_to_inches
from skirmish.rulesets.wolsung.rules_data.catalog import DATA
from skirmish.rulesets.wolsung.table.records import Deployment, ScenarioBook
from skirmish.rulesets.wolsung.table.scenarios import load_scenarios


@pytest.fixture(scope="module")
def book() -> ScenarioBook:
    return load_scenarios()


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    """A writable copy of the shipped scenarios file."""
    shutil.copy(Path(str(DATA)) / "scenarios.toml", tmp_path / "scenarios.toml")
    return tmp_path


def edit(folder: Path, old: str, new: str) -> None:
    """Replace the one occurrence of ``old`` in the copied scenarios file."""
    path = folder / "scenarios.toml"
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} must occur once"
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_four_house_scenarios_each_citing_its_section(book: ScenarioBook) -> None:
    names = {s.id: s.name for s in book.scenario}
    assert names == {
        "s1": "Back-Alley Brawl",
        "s2": "Rooftop Claims",
        "s3": "The Stolen Blueprints",
        "s4": "Four Districts",
    }
    for number, scenario in enumerate(book.scenario, start=1):
        assert scenario.house and scenario.ref.endswith(f"§4.{number}")
    assert book.common.house and "§4.0" in book.common.ref and "§5" in book.common.ref


def test_s5_common_parameters(book: ScenarioBook) -> None:
    common = book.common
    assert common.table == 36.0 and common.elevated == 3.0
    assert (common.line.depth, common.corners.size) == (6.0, 10.0)
    assert round(mm_to_inches(common.marker_mm), 2) == 1.18
    assert common.control_range == 1.0
    assert (common.control.hero, common.control.henchman, common.control.toppled) == (2, 1, 0)
    assert (common.turns, common.extra_turn_roll, common.score_turns) == (6, False, (2, 3, 4, 5, 6))
    casualties = common.casualties
    assert (casualties.hero, casualties.henchman, casualties.spawned) == (2, 1, 0)
    assert casualties.tally == "value" and common.sudden_death


def test_deployments_and_players_allowed(book: ScenarioBook) -> None:
    assert book.common.line.players == (2, 2)
    assert book.common.corners.players == (2, 4)
    seats = {s.id: (s.deployment, s.players) for s in book.scenario}
    assert seats == {
        "s1": (Deployment.LINE, (2, 2)),
        "s2": (Deployment.LINE, (2, 2)),
        "s3": (Deployment.LINE, (2, 2)),
        "s4": (Deployment.CORNERS, (2, 4)),
    }


def test_s1_casualties_only(book: ScenarioBook) -> None:
    s1 = book.get("s1")
    assert (s1.markers, s1.clues, s1.districts) == ((), None, None)
    # the casualty VP are S1's VP; elsewhere they only break a tie (§4.0)
    assert [s.scores_casualties for s in book.scenario] == [True, False, False, False]


def test_s2_three_markers_most_possible_20(book: ScenarioBook) -> None:
    markers = {m.id: (m.x, m.y, m.vp, m.roof_within) for m in book.get("s2").markers}
    assert markers == {
        "A": (6.0, 18.0, 1, None),
        "B": (18.0, 18.0, 2, 4.0),
        "C": (30.0, 18.0, 1, None),
    }
    most = sum(m.vp for m in book.get("s2").markers) * len(book.common.score_turns)
    assert most == 20


def test_s3_clue_rules(book: ScenarioBook) -> None:
    clues = book.get("s3").clues
    assert clues is not None
    assert (clues.count, clues.centre) == (5, (18.0, 18.0))
    assert (clues.y_min, clues.y_max, clues.side_margin, clues.spacing) == (10, 26, 3, 6)
    assert (clues.search_vp, clues.blueprints_vp) == (1, 4)


def test_s4_districts(book: ScenarioBook) -> None:
    districts = book.get("s4").districts
    assert districts is not None
    assert (districts.split, districts.vp, districts.enemy_corner_vp) == (18.0, 1, 2)


def test_unknown_scenario_refused(book: ScenarioBook) -> None:
    with pytest.raises(SkirmishError, match=r"no Wolsung scenario 's9'; known: s1, s2, s3, s4"):
        book.get("s9")


REFUSALS = {
    "unknown key": ('id = "s1"', 'id = "s1"\nvictory = "all"', r"victory.*Extra inputs"),
    "not house": (
        'house = true\nref = "wolsung-scenarios.md §4.1"',
        'house = false\nref = "x §4.1"',
        r"scenario\[0\]\.house.*should be True",
    ),
    "no section": ('ref = "wolsung-scenarios.md §4.1"', 'ref = "the note"', r"ref.*§4"),
    "text for a number": ("turns = 6", 'turns = "6"', r"common\.turns.*valid integer"),
    "three on a line": (
        'deployment = "line"\nplayers = [2, 2]\nscores_casualties',
        'deployment = "line"\nplayers = [2, 3]\nscores_casualties',
        "scenario 's1': line deployment takes 2 players",
    ),
    "marker off the table": (
        "x = 30.0, y = 18.0",
        "x = 37.0, y = 18.0",
        r"markers \['C'\] are off",
    ),
    "scoring past the end": (
        "score_turns = [2, 3, 4, 5, 6]",
        "score_turns = [2, 7]",
        "go past turn 6",
    ),
    "clue band upside down": ("y_min = 10.0", "y_min = 27.0", "y_min 27 is above y_max 26"),
}


@pytest.mark.parametrize(("old", "new", "message"), REFUSALS.values(), ids=REFUSALS.keys())
def test_bad_file_refused_in_one_line(data_copy: Path, old: str, new: str, message: str) -> None:
    edit(data_copy, old, new)
    with pytest.raises(RulesDataError, match=message) as caught:
        load_scenarios(data_copy)
    assert "\n" not in str(caught.value)


def test_missing_file_refused(tmp_path: Path) -> None:
    with pytest.raises(RulesDataError, match=r"no such file: .*scenarios\.toml"):
        load_scenarios(tmp_path)
