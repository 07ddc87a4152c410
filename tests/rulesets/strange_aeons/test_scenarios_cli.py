"""``skirmish strange-aeons scenario`` and ``loot``, run in the test process: a seeded roll
names its dice, the row and the scenario's parts with their lines; ``--name`` looks one up;
``loot`` explains a table's roll; an unknown scenario or table, or a bonus a table does not
take, is one line listing what is valid, with a non-zero status and nothing printed."""

from __future__ import annotations

from collections.abc import Callable

from tests.command import Ran

from skirmish.dice import SeededDice
from skirmish.rulesets.strange_aeons.scenarios.book import load_scenario_book
from skirmish.rulesets.strange_aeons.scenarios.loot import roll_loot
from skirmish.rulesets.strange_aeons.scenarios.selection import roll_scenario


def test_r1521_scenario_rolls_one_die_per_player_and_prints_the_scenario(
    cli: Callable[..., Ran],
) -> None:
    book = load_scenario_book()
    expected = roll_scenario(book.selection("basic"), SeededDice(3))
    throw = expected.throws[-1]
    done = cli("strange-aeons", "scenario", "--seed", "3")
    assert done.status == 0, done.err
    lines = done.out.splitlines()
    assert lines[:2] == [
        "Seed 3",
        "Scenario roll (R:1521), Basic Scenario Table (R:1537-1548):",
    ]
    assert lines[2].startswith(
        f"  Threshold player {throw.threshold} + Lurker player {throw.lurker} = {throw.total}: "
    )
    if expected.row.scenario is not None:
        scenario = book.data.scenarios[expected.row.scenario]
        assert lines[4].startswith(f"{scenario.name}: Basic Scenario")
        assert any(line.startswith(f"Lurkers (R:{scenario.at.lurkers}): ") for line in lines)


def test_r1614_scenario_name_looks_up_monster_attack(cli: Callable[..., Ran]) -> None:
    done = cli("strange-aeons", "scenario", "--name", "monster attack!")
    assert done.status == 0, done.err
    lines = done.out.splitlines()
    assert lines[0] == "Monster Attack!: Basic Scenario, p.134 (R:1614-1622)"
    assert lines[1] == "Lurkers (R:1616): exactly 1 Lurker model, upgraded as usual"
    assert "First Turn (R:1618): the Lurker player takes the first Turn" in lines
    assert "Threshold wins (R:1619): the Lurker model is removed" in lines
    assert lines[-1].startswith("  - The Monster's Lair (R:1622): Random Deployment")


def test_r2004_a_quest_prints_its_cost_and_its_provisional_table(cli: Callable[..., Ran]) -> None:
    done = cli("strange-aeons", "scenario", "--name", "rescue_the_agent")
    assert done.status == 0, done.err
    assert done.out.startswith("Rescue the Agent: Quest Scenario, 3 Map Pieces, p.160")
    assert "  - rolls on the Obelisk Table (R:2016-2017) [provisional, notes §6 item 9" in done.out


def test_scenario_unknown_name_is_one_line_listing_the_scenarios(cli: Callable[..., Ran]) -> None:
    done = cli("strange-aeons", "scenario", "--name", "Fihgt")
    assert done.status != 0 and done.out == ""
    (line,) = done.err.strip().splitlines()
    assert line.startswith("error: unknown scenario 'Fihgt' (did you mean 'fight'?); one of: ")
    assert line.endswith(", save_the_artifacts, the_thing_in_the_well")


def test_r1521_scenario_wins_pick_the_table_and_never_with_table(cli: Callable[..., Ran]) -> None:
    done = cli("strange-aeons", "scenario", "--wins", "12", "--seed", "4")
    assert done.status == 0, done.err
    assert done.out.splitlines()[1] == (
        "Scenario roll (R:1521), Advanced Scenario Table (R:1549-1560):"
    )
    both = cli("strange-aeons", "scenario", "--wins", "12", "--table", "basic")
    assert both.status != 0 and both.out == ""
    assert both.err.strip() == (
        "error: --wins chooses the Scenario Table (R:1521): leave out --table"
    )


def test_scenario_name_rolls_nothing_so_takes_no_seed(cli: Callable[..., Ran]) -> None:
    done = cli("strange-aeons", "scenario", "--name", "fight", "--seed", "2")
    assert done.status != 0 and done.out == ""
    assert "--name looks a scenario up" in done.err


def test_2_17_loot_rolls_a_table_and_explains_it(cli: Callable[..., Ran]) -> None:
    book = load_scenario_book()
    expected = roll_loot(book.data, book.loot("body_snatchers"), SeededDice(5))
    done = cli("strange-aeons", "loot", "--table", "Body Snatchers Table", "--seed", "5")
    assert done.status == 0, done.err
    assert done.out.splitlines() == [
        "Seed 5",
        f"Body Snatchers Table (R:1671-1677): D6 {expected.face} -> "
        f"{'-'.join(map(str, sorted(set(expected.row.rolls))))}: {expected.row.found}",
        "Rolled for each Threshold model searching the graveyard.",
    ]


def test_2_17_loot_unknown_table_and_bad_bonus_are_one_line(cli: Callable[..., Ran]) -> None:
    unknown = cli("strange-aeons", "loot", "--table", "treasur")
    assert unknown.status != 0 and unknown.out == ""
    assert unknown.err.startswith("error: unknown table 'treasur' (did you mean 'treasure'")
    assert "; one of: retrieve_artifact, treasure, " in unknown.err
    bonus = cli("strange-aeons", "loot", "--table", "treasure", "--bonus", "2")
    assert bonus.status != 0
    assert bonus.err.strip() == "error: Treasure Table takes a bonus of none, not 2"
