"""Rolling at the table with fixed dice: the Basic and Advanced Scenario Tables (notes §2.15,
R:1521, R:1537-1560) with every kind of row and the missing rows of §6 item 2, Random
Deployment and the Free For All Deployment Table (§2.16, R:1530, R:1600-1609), and the loot
and effect tables (§2.17, §2.14): a plain row, a Type then its Contents, a rolled amount, a
row that rolls again, a bonus, and the Obelisk Table read as §6 item 9 suggests."""

from __future__ import annotations

import pytest
from tests.dice_script import scripted

from skirmish.rulesets.strange_aeons.scenarios.book import (
    ScenarioBook,
    ScenarioError,
    load_scenario_book,
)
from skirmish.rulesets.strange_aeons.scenarios.deployment import place
from skirmish.rulesets.strange_aeons.scenarios.describe import loot_lines, roll_lines
from skirmish.rulesets.strange_aeons.scenarios.loot import LootRoll, roll_loot
from skirmish.rulesets.strange_aeons.scenarios.selection import (
    LURKER_DIE,
    THRESHOLD_DIE,
    ScenarioOptions,
    SelectionRoll,
    Throw,
    choices,
    roll_scenario,
    table_for,
)


@pytest.fixture(scope="module")
def book() -> ScenarioBook:
    return load_scenario_book()


def rolled(book: ScenarioBook, table: str, *faces: int, missing: str = "notes") -> SelectionRoll:
    dice = []
    for threshold, lurker in zip(faces[::2], faces[1::2], strict=True):
        dice += [THRESHOLD_DIE, threshold, LURKER_DIE, lurker]
    options = ScenarioOptions("reroll" if missing == "reroll" else "notes")
    return roll_scenario(book.selection(table), scripted(*dice), options)


def loot(book: ScenarioBook, table: str, *script: str | int, bonus: int = 0) -> LootRoll:
    return roll_loot(book.data, book.loot(table), scripted(*script), bonus)


# --- Scenario Tables (notes §2.15) -------------------------------------------------------------


def test_2_15_basic_table_seven_is_fight(book: ScenarioBook) -> None:
    roll = rolled(book, "basic", 3, 4)
    assert roll.throws == (Throw(3, 4),)
    assert roll.row.scenario == "fight" and roll.row.line == 1544
    assert (
        roll_lines(book, roll)[-1] == "  Threshold player 3 + Lurker player 4 = 7: Fight (R:1544)"
    )


@pytest.mark.parametrize(
    ("threshold", "lurker", "scenario"),
    [
        (1, 3, "free_for_all"),
        (2, 3, "treasure_hunt"),
        (5, 1, "escape_into_danger"),
        (4, 4, "retrieve_the_artifacts"),
        (6, 3, "the_bag_man"),
        (5, 5, "monster_attack"),
        (5, 6, "monster_attack"),
    ],
)
def test_2_15_basic_table_rows_4_to_11(
    book: ScenarioBook, threshold: int, lurker: int, scenario: str
) -> None:
    assert rolled(book, "basic", threshold, lurker).row.scenario == scenario


def test_2_15_basic_table_two_or_three_the_lurker_chooses_basic_or_advanced(
    book: ScenarioBook,
) -> None:
    row = rolled(book, "basic", 1, 2).row
    assert (row.chooser, row.kinds, row.provisional) == ("lurker", ("basic", "advanced"), False)
    allowed = choices(book.data, row)
    assert len(allowed) == 16 and "The Bad Place" not in allowed
    assert roll_lines(book, rolled(book, "basic", 1, 1))[-1] == (
        "  Threshold player 1 + Lurker player 1 = 2: the Lurker player chooses a Basic or "
        "Advanced Scenario (R:1540)"
    )


def test_2_15_basic_table_twelve_the_threshold_chooses_notes_6_item_2(book: ScenarioBook) -> None:
    roll = rolled(book, "basic", 6, 6)
    assert (roll.row.chooser, roll.row.kinds, roll.row.provisional) == (
        "threshold",
        ("basic",),
        True,
    )
    assert len(choices(book.data, roll.row)) == 7
    assert "[provisional, notes §6 item 2: printed empty" in roll_lines(book, roll)[-1]


def test_2_15_missing_rows_reroll_rolls_both_dice_again(book: ScenarioBook) -> None:
    roll = rolled(book, "basic", 6, 6, 2, 5, missing="reroll")
    assert roll.throws == (Throw(6, 6), Throw(2, 5)) and roll.row.scenario == "fight"
    assert "rolled again (--missing-rows reroll)" in roll_lines(book, roll)[1]
    again = rolled(book, "advanced", 4, 6, 6, 5, 3, 3, missing="reroll")
    assert len(again.throws) == 3 and again.row.scenario == "trophy_hunt"


def test_2_15_advanced_table_two_the_lurker_chooses_quests_up_to_2_map_pieces(
    book: ScenarioBook,
) -> None:
    row = rolled(book, "advanced", 1, 1).row
    assert (row.chooser, row.quest_map_pieces) == ("lurker", 2)
    allowed = choices(book.data, row)
    assert "The Crypt" in allowed and "Rescue the Agent" not in allowed
    assert len(allowed) == 7 + 9 + 13


@pytest.mark.parametrize(
    ("total", "scenario"),
    [
        (3, "we_meet_at_last"),
        (4, "rescue_the_innocents"),
        (5, "body_snatchers"),
        (6, "trophy_hunt"),
        (7, "surrounded"),
        (8, "specimen_collection"),
        (9, "the_devils_hop_yard"),
    ],
)
def test_2_15_advanced_table_rows_3_to_9(book: ScenarioBook, total: int, scenario: str) -> None:
    roll = rolled(book, "advanced", total // 2, total - total // 2)
    assert (roll.row.scenario, roll.row.provisional) == (scenario, False)


def test_2_15_advanced_table_ten_to_twelve_notes_6_item_2(book: ScenarioBook) -> None:
    ten, eleven, twelve = (rolled(book, "advanced", t // 2, t - t // 2).row for t in (10, 11, 12))
    assert (ten.scenario, eleven.scenario, twelve.chooser) == (
        "the_restless_dead",
        "supply_drop",
        "threshold",
    )
    assert ten.provisional and eleven.provisional and twelve.provisional


def test_r1521_the_teams_wins_choose_the_table(book: ScenarioBook) -> None:
    tables = {wins: table_for(book.data, wins).id for wins in (0, 9, 10, 14, 15, 40)}
    assert tables == {
        0: "basic",
        9: "basic",
        10: "advanced",
        14: "advanced",
        15: "distinguished_service",
        40: "distinguished_service",
    }


def test_r1521_from_15_wins_an_even_sum_the_threshold_chooses_an_odd_the_lurker(
    book: ScenarioBook,
) -> None:
    even = rolled(book, "distinguished_service", 3, 5)
    odd = rolled(book, "distinguished_service", 3, 4)
    assert (even.row.chooser, odd.row.chooser) == ("threshold", "lurker")
    assert len(choices(book.data, even.row)) == 32
    assert roll_lines(book, odd)[-1] == (
        "  Threshold player 3 + Lurker player 4 = 7: the Lurker player chooses a Basic, Advanced "
        "or Quest Scenario (R:1521): a Quest costs no Map Piece (R:1523)"
    )
    assert even.row.summary == "a Quest costs one Map Piece less (R:1522)"


def test_2_15_unknown_table_is_one_line_naming_the_tables(book: ScenarioBook) -> None:
    with pytest.raises(ScenarioError, match=r"unknown Scenario Table 'quest'; one of: basic, "):
        book.selection("quest")


# --- Deployment (notes §2.16, R:1530) ----------------------------------------------------------


def test_2_16_free_for_all_one_to_four_is_the_quadrant(book: ScenarioBook) -> None:
    table = book.data.deployment["free_for_all"]
    placed = place(table, scripted("Free For All Deployment Table: quadrant", 3), True)
    assert (placed.result, placed.area, placed.rerolled) == ("area", 3, ())


def test_2_16_free_for_all_five_sends_the_model_back_six_lets_its_player_choose(
    book: ScenarioBook,
) -> None:
    table = book.data.deployment["free_for_all"]
    purpose = "Free For All Deployment Table: quadrant"
    assert place(table, scripted(purpose, 5), True).result == "requeue"
    chosen = place(table, scripted(purpose, 6), True)
    assert (chosen.result, chosen.area) == ("choose", None)


def test_2_16_free_for_all_five_rolled_again_when_only_one_player_has_models_left(
    book: ScenarioBook,
) -> None:
    table = book.data.deployment["free_for_all"]
    placed = place(table, scripted("Free For All Deployment Table: quadrant", 5, 5, 2), False)
    assert (placed.result, placed.area, placed.rerolled) == ("area", 2, (5, 5))


def test_r1531_random_deployment_the_face_is_the_section(book: ScenarioBook) -> None:
    table = book.data.deployment["random"]
    for face in range(1, 7):
        placed = place(table, scripted("Random Deployment: section", face), False)
        assert (placed.result, placed.area) == ("area", face)


# --- Loot and effect tables (notes §2.17, §2.14) -----------------------------------------------


def test_2_17_treasure_table_rows(book: ScenarioBook) -> None:
    found = [loot(book, "treasure", "Treasure Table", f).row.found for f in range(1, 7)]
    assert found == ["Lucky Idol", "Scroll", "Scroll", "Map Piece", "Map Piece", "Ring of Power"]


def test_2_17_retrieve_the_artifacts_type_then_contents(book: ScenarioBook) -> None:
    roll = loot(
        book,
        "retrieve_artifact",
        "Artifact Table, Retrieve the Artifacts",
        5,
        "Artifact Table, Retrieve the Artifacts: Rare Item contents",
        6,
    )
    assert roll.row.found == "Rare Item"
    assert roll.next is not None and roll.next.row.found == "Lucky Idol"


def test_2_17_save_the_artifacts_mystical_item(book: ScenarioBook) -> None:
    roll = loot(
        book,
        "save_artifact",
        "Artifact Table, Save the Artifacts",
        6,
        "Artifact Table, Save the Artifacts: Mystical Item contents",
        3,
    )
    assert roll.next is not None and roll.next.row.found == "Amulet of Protection"


def test_2_17_a_rolled_amount_d3_from_a_d6(book: ScenarioBook) -> None:
    roll = loot(book, "serpent_altar", "Serpent Altar Table", 3, "Scroll: 1D3", 5)
    assert (roll.row.found, roll.amount) == ("Scroll", 3)
    crypt = loot(book, "crypt_treasure", "Crypt Treasure Table", 1, "Scroll: 1D3+1", 2)
    assert crypt.amount == 2
    lines = loot_lines(loot(book, "new_agent", "New Agent Table", 4, "Kung-Fu Expert: 1D3+1", 6))
    assert lines == [
        "New Agent Table (R:2019-2027): D6 4 -> 4: Kung-Fu Expert for 4 games (1D3+1 rolled): "
        "joins the list for that many games"
    ]


def test_2_17_a_random_magical_artifact_rolls_on_the_magical_artifacts_table(
    book: ScenarioBook,
) -> None:
    roll = loot(book, "hermit", "Hermit Table", 5, "Magical Artifacts Table", 2)
    assert roll.row.found == "Random Magical Artifact"
    assert roll.next is not None and roll.next.row.found == "Chalice of the Wyld"


def test_2_14_cursed_rolls_again_re_rolling_further_cursed(book: ScenarioBook) -> None:
    roll = loot(book, "magical_artifacts", "Magical Artifacts Table", 1, 1, 1, 6)
    assert roll.row.found == "Cursed!"
    assert roll.next is not None
    assert (roll.next.row.found, roll.next.rerolled) == ("Dark Pendant", (1, 1))
    lines = loot_lines(roll)
    assert lines[1] == (
        "  Magical Artifacts Table (R:1497-1505): D6 1 (rolled again), 1 (rolled again), 6 -> 6: "
        "Dark Pendant"
    )


def test_2_17_alien_artefact_adds_one_per_secured_marker(book: ScenarioBook) -> None:
    roll = loot(book, "alien_artefact", "Alien Artefact Table", 6, bonus=6)
    assert (roll.total, roll.row.found) == (12, "Breakthrough")
    # A 1 with no marker secured lies below the first row (2-4): nothing is found.
    assert loot(book, "alien_artefact", "Alien Artefact Table", 1).row.found == "Nothing"


def test_2_17_a_bonus_the_table_does_not_take_is_refused(book: ScenarioBook) -> None:
    with pytest.raises(ScenarioError, match=r"^Treasure Table takes a bonus of none, not 1$"):
        roll_loot(book.data, book.loot("treasure"), scripted(), 1)
    with pytest.raises(ScenarioError, match=r"takes a bonus of 0 to 6 \(secured"):
        roll_loot(book.data, book.loot("alien_artefact"), scripted(), 7)


def test_notes_6_item_9_the_obelisk_table_reads_the_devils_hop_yard(book: ScenarioBook) -> None:
    roll = loot(book, "Obelisk Table", "Devil's Hop Yard Table", 5)
    assert roll.stands_for is not None and roll.stands_for.id == "obelisk"
    assert (roll.table.id, roll.row.found) == ("devils_hop_yard", "Dark Pendant")
    assert loot_lines(roll)[0].startswith(
        "Obelisk Table (R:2016-2017) [provisional, notes §6 item 9"
    )


def test_2_17_a_contents_table_is_rolled_from_its_type(book: ScenarioBook) -> None:
    with pytest.raises(ScenarioError, match=r"^unknown table 'retrieve_rare_item'"):
        book.loot("retrieve_rare_item")
