"""The Strange Aeons scenario chapter as data: the 32 scenarios, their variants and tables
counted against rules notes §3.0 and §3.15, the Basic Scenarios tied to their Lurker
restrictions, the provisional rows and tables with the §6 items they follow, and the load
errors for broken references and tables that skip or repeat a total."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from skirmish.errors import RulesDataError
from skirmish.rulesets.strange_aeons.rules_data.catalog import BOOK
from skirmish.rulesets.strange_aeons.rules_data.scenario_records import (
    Kind,
    load_scenario_data,
)
from skirmish.rulesets.strange_aeons.scenarios.book import ScenarioBook, load_scenario_book
from skirmish.rulesets.strange_aeons.scenarios.describe import restriction_text, scenario_lines


@pytest.fixture(scope="module")
def book() -> ScenarioBook:
    return load_scenario_book()


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "book"
    shutil.copytree(Path(str(BOOK)), folder)
    return folder


def edit(folder: Path, filename: str, old: str, new: str) -> None:
    path = folder / filename
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} must occur once in {filename}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def refusal(folder: Path) -> str:
    with pytest.raises(RulesDataError) as caught:
        load_scenario_data(folder)
    message = str(caught.value)
    assert "\n" not in message
    return message


def names(book: ScenarioBook, kind: Kind) -> list[str]:
    return [s.name for s in book.data.scenarios.values() if s.kind is kind]


def test_notes_3_15_32_scenarios_7_basic_9_advanced_16_quest(book: ScenarioBook) -> None:
    assert Counter(s.kind for s in book.data.scenarios.values()) == {
        Kind.BASIC: 7,
        Kind.ADVANCED: 9,
        Kind.QUEST: 16,
    }
    assert names(book, Kind.BASIC) == [
        "The Bag Man",
        "Escape ... Into Danger!",
        "Fight",
        "Free For All!",
        "Monster Attack!",
        "Retrieve the Artifacts",
        "Treasure Hunt",
    ]
    assert names(book, Kind.ADVANCED) == [
        "Body Snatchers",
        "The Devil's Hop Yard",
        "Rescue the Innocents",
        "The Restless Dead",
        "Specimen Collection",
        "Supply Drop",
        "Surrounded",
        "Trophy Hunt",
        "We Meet at Last...",
    ]


def test_r1790_quests_by_map_piece_cost_8_5_3(book: ScenarioBook) -> None:
    costs: dict[int, list[str]] = {}
    for scenario in book.data.scenarios.values():
        if scenario.map_pieces is not None:
            costs.setdefault(scenario.map_pieces, []).append(scenario.name)
    assert {cost: len(quests) for cost, quests in costs.items()} == {1: 8, 2: 5, 3: 3}
    assert costs[3] == ["Rescue the Agent", "Save the Artifacts", "The Thing in the Well"]


def test_notes_3_0_10_scenario_variants_all_on_basic_scenarios(book: ScenarioBook) -> None:
    variants = {s.id: [v.name for v in s.variant] for s in book.data.scenarios.values()}
    assert sum(len(v) for v in variants.values()) == 10
    assert variants["fight"] == ["Last Stand", "Street Fight", "The Raid"]
    assert variants["monster_attack"] == ["Strength in Numbers", "The Monster's Lair"]
    assert all(not v for key, v in variants.items() if book.data.scenarios[key].kind != "basic")


def test_notes_3_0_17_printed_scenario_tables_and_the_missing_obelisk(book: ScenarioBook) -> None:
    loot = book.data.loot
    # The 16 loot and effect tables of notes §2.17 (a Type and its Contents are one table) and
    # the Free For All Deployment Table; the Magical Artifacts Table is §2.14's, not a scenario's.
    printed = [t.id for t in loot.values() if not t.step and t.same_as is None]
    printed.remove("magical_artifacts")
    assert len(printed) + len(["free_for_all"]) == 17
    assert "free_for_all" in book.data.deployment
    missing = [t for t in loot.values() if t.same_as is not None]
    assert [(t.name, t.same_as, t.provisional, t.follows) for t in missing] == [
        ("Obelisk Table", "devils_hop_yard", True, ("§6 item 9",))
    ]


def test_notes_3_15_basic_scenarios_read_their_lurker_restrictions(book: ScenarioBook) -> None:
    for scenario in book.data.scenarios.values():
        rule = book.restriction(scenario)
        if scenario.kind is Kind.BASIC:
            assert rule is not None and rule.line == scenario.at.lurkers
            assert scenario.lurkers is None
        else:
            assert rule is None and scenario.lurkers
    monster = book.restriction(book.scenario("Monster Attack!"))
    assert monster is not None
    assert restriction_text(monster) == "exactly 1 Lurker model, upgraded as usual"
    fight = book.restriction(book.scenario("fight"))
    assert fight is not None
    assert restriction_text(fight) == (
        "at least 1 model more than the Threshold list; "
        "a profile of 15 points or more is taken as printed"
    )


def test_r1526_first_turn_roll_off_unless_the_scenario_says(book: ScenarioBook) -> None:
    first = {s.name: s.first for s in book.data.scenarios.values() if s.first != "roll_off"}
    assert first == {
        "Monster Attack!": "lurker",
        "The Hermit": "threshold",
        "The Problem with Dead Things": "threshold",
        "The Strange Old Man": "lurker",
        "The Crypt": "threshold",
        "The Hound of the Ackervilles": "threshold",
    }


def test_r1529_enclosed_edges_and_whom_they_stop(book: ScenarioBook) -> None:
    enclosed = {
        s.id: (s.enclosed.edges, s.enclosed.only)
        for s in book.data.scenarios.values()
        if s.enclosed is not None
    }
    assert enclosed == {
        "the_bag_man": ("all_but_lurker_short", "Threshold models"),
        "escape_into_danger": ("all_but_lurker_short", None),
        "treasure_hunt": ("long", None),
        "specimen_collection": ("all", "the specimen"),
        "trophy_hunt": ("all", None),
        "cave_of_the_serpent_lord": ("all", None),
        "the_devils_bargain": ("all", "the Witch"),
        "sinister_spelunking": ("all", None),
    }


def test_r1600_deployment_free_for_all_quadrants_and_random_sections(book: ScenarioBook) -> None:
    ffa = book.scenario("Free For All!").deployment
    assert (ffa.random, ffa.table) == (("threshold", "lurkers"), "free_for_all")
    tables = book.data.deployment
    assert (tables["free_for_all"].area, tables["free_for_all"].areas) == ("quadrant", 4)
    assert (tables["random"].area, tables["random"].areas) == ("section", 6)
    retrieve = book.scenario("Retrieve the Artifacts").deployment
    assert (retrieve.edge, retrieve.chosen_by, retrieve.contact) == ("long", "roll_off", True)
    assert scenario_lines(book, book.scenario("Free For All!"))[2] == (
        "Set-up (R:1599): the players set up the scenery to mutual satisfaction; Random "
        "Deployment for Threshold and the Lurkers on 4 quadrants (Free For All Deployment "
        "Table, R:1600-1609)"
    )


def test_notes_6_item_2_missing_rows_are_provisional(book: ScenarioBook) -> None:
    flagged = [
        (table.id, row.rolls, row.scenario or row.chooser)
        for table in book.data.selection.values()
        for row in table.row
        if row.provisional
    ]
    assert flagged == [
        ("basic", (12, 12), "threshold"),
        ("advanced", (10, 10), "the_restless_dead"),
        ("advanced", (11, 11), "supply_drop"),
        ("advanced", (12, 12), "threshold"),
    ]
    rows = [row for table in book.data.selection.values() for row in table.row if row.provisional]
    assert {row.follows for row in rows} == {("§6 item 2",)}


def test_notes_6_item_13_artifact_tables_read_as_reconstructed(book: ScenarioBook) -> None:
    retrieve = book.data.loot["retrieve_artifact"]
    assert [(r.rolls, r.found, r.then) for r in retrieve.row] == [
        ((1, 4), "Common Item", "retrieve_common_item"),
        ((5, 6), "Rare Item", "retrieve_rare_item"),
    ]
    assert retrieve.follows == ("§6 item 13",) and not retrieve.provisional


def test_refused_a_scenario_naming_an_unknown_table(data_copy: Path) -> None:
    edit(data_copy, "scenarios.toml", 'tables = ["treasure"]', 'tables = ["treasur"]')
    message = refusal(data_copy)
    assert "scenario 'treasure_hunt': unknown loot table 'treasur' (did you mean 'treasure'" in (
        message
    )


def test_refused_a_selection_table_that_skips_a_total(data_copy: Path) -> None:
    edit(
        data_copy,
        "scenario_tables.toml",
        "{ rolls = [10, 11], scenario",
        "{ rolls = [10], scenario",
    )
    assert "the rows should go on from 11, got 12" in refusal(data_copy)


def test_refused_a_basic_scenario_without_its_restriction(data_copy: Path) -> None:
    edit(data_copy, "scenarios.toml", 'restriction = "fight"\n', "")
    assert "a Basic Scenario, and only one, names its Lurker restriction" in refusal(data_copy)


def test_refused_a_part_without_its_line(data_copy: Path) -> None:
    edit(data_copy, "scenarios.toml", "enclosed = 1773, ", "")
    assert "'enclosed' is given with its line in 'at', or neither" in refusal(data_copy)


def test_refused_a_restriction_link_that_does_not_hold(data_copy: Path) -> None:
    edit(data_copy, "scenarios.toml", 'restriction = "fight"', 'restriction = "fihgt"')
    with pytest.raises(RulesDataError) as caught:
        load_scenario_book(data_copy)
    assert str(caught.value) == (
        "scenarios.toml and lurker_restrictions.toml disagree: restrictions missing ['fihgt'], "
        "restrictions of no scenario ['fight']"
    )
