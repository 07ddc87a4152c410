"""Companion commands for Strange Aeons players at a physical table: ``check-list`` validates
a Threshold team or a Lurker list (R:343-521, notes §3.15) and prints what it is and costs;
``scenario`` rolls (or looks up) a scenario and says how it plays (R:1518-2063, notes §2.15,
§3.15); ``loot`` rolls one of the scenarios' loot and effect tables (notes §2.17)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

import typer

from skirmish.dice import SeededDice, seed_or_fresh
from skirmish.documents import file_label
from skirmish.rulesets.strange_aeons.lists.list_file import (
    ListError,
    ThresholdList,
    read_list,
    refuse_invalid,
)
from skirmish.rulesets.strange_aeons.lists.lurkers import check_lurkers, opposition
from skirmish.rulesets.strange_aeons.lists.promotion import load_promotion
from skirmish.rulesets.strange_aeons.lists.scenarios import (
    Restriction,
    find_scenario,
    load_restrictions,
)
from skirmish.rulesets.strange_aeons.lists.sheets import lurker_sheet, team_sheet
from skirmish.rulesets.strange_aeons.lists.team import check_team
from skirmish.rulesets.strange_aeons.rules_data.catalog import BookCatalog, load_book
from skirmish.rulesets.strange_aeons.scenarios.book import ScenarioError, load_scenario_book
from skirmish.rulesets.strange_aeons.scenarios.describe import (
    loot_lines,
    roll_lines,
    scenario_lines,
)
from skirmish.rulesets.strange_aeons.scenarios.loot import roll_loot
from skirmish.rulesets.strange_aeons.scenarios.selection import (
    ScenarioOptions,
    choices,
    roll_scenario,
    table_for,
)
from skirmish.rulesets.strange_aeons.variant_lists import find_variant, load_list_changes
from skirmish.session import seed_option

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Strange Aeons companion: list checks, the scenario roll and the scenarios' tables.",
)


@app.command("check-list")
def check_list_command(
    file: Annotated[
        Path, typer.Argument(help="a Threshold team or a Lurker list (.toml or .json)")
    ],
    scenario: Annotated[
        str | None, typer.Option(help="a Basic Scenario whose Lurker restrictions apply")
    ] = None,
    against: Annotated[
        Path | None, typer.Option(help="the Threshold team (.toml or .json) a Lurker list answers")
    ] = None,
    variant: Annotated[
        str | None, typer.Option(help="a Variant of --scenario, whose own restrictions apply too")
    ] = None,
) -> None:
    """Validate a list against the list-building rules (R:343-521) and print what it costs."""
    if variant is not None and scenario is None:
        raise ListError("--variant names a Variant of the --scenario given")
    book = load_book()
    promotion = load_promotion()
    force = read_list(file, book)
    label = file_label("list file", file)
    if isinstance(force, ThresholdList):
        if scenario is not None or against is not None:
            raise ListError(f"{label}: --scenario and --against check a Lurker list, not a team")
        refuse_invalid(label, check_team(book, promotion, force))
        typer.echo(team_sheet(book, promotion, force))
        return
    team = None if against is None else _team(book, against)
    rule = None if scenario is None else find_scenario(load_restrictions(), scenario)
    if rule is not None and variant is not None:
        rule = _variant_rule(rule, variant)
    refuse_invalid(label, check_lurkers(book, force, team, rule))
    heading = "" if rule is None else f"{rule.name}: "
    if rule is not None and rule.variant is not None:
        heading = f"{rule.name}, {rule.variant}: "
    typer.echo(heading + lurker_sheet(book, force, opposition(book, force, team, rule)))


def _variant_rule(rule: Restriction, given: str) -> Restriction:
    """The scenario's Lurker restriction as its Variant ``given`` plays it (R:1536): the
    scenario's own, and the Variant's where it changes the lists.

    Raises:
        ListError: the scenario has no Variant of that name.
    """
    scenario = load_scenario_book().scenario(rule.id)
    found = find_variant(scenario, given)
    if found is None:
        names = ", ".join(v.name for v in scenario.variant) or "none"
        raise ListError(f"{rule.name} has no Variant {given!r}; its Variants: {names}")
    change = load_list_changes().get(found.id)
    base = rule.model_copy(update={"variant": found.name, "variant_line": found.line})
    return base if change is None else change.restriction(rule, found.name)


def _team(book: BookCatalog, path: Path) -> ThresholdList:
    team = read_list(path, book)
    label = file_label("list file", path)
    if not isinstance(team, ThresholdList):
        raise ListError(f"{label}: --against takes a Threshold team, not a Lurker list")
    refuse_invalid(label, check_team(book, load_promotion(), team))
    return team


Seed = Annotated[int | None, seed_option("seed of the dice (default: fresh, printed)")]


@app.command()
def scenario(
    table: Annotated[
        Literal["basic", "advanced"] | None,
        typer.Option(help="the Scenario Table (default: basic, or the one --wins reaches)"),
    ] = None,
    wins: Annotated[
        int | None,
        typer.Option(
            min=0, help="the team's wins: basic under 10, advanced 10-14, 15+ who chooses (R:1521)"
        ),
    ] = None,
    seed: Seed = None,
    name: Annotated[
        str | None, typer.Option(help="look this scenario up instead of rolling (any of the 32)")
    ] = None,
    missing_rows: Annotated[
        Literal["notes", "reroll"],
        typer.Option(help="rows the book leaves blank: as notes §6 item 2 suggests, or roll again"),
    ] = "notes",
) -> None:
    """Roll a scenario, one D6 per player (R:1521), or look one up with --name, and print
    how it plays: its Lurker restriction, set-up, first Turn, special rules, objectives,
    aftermath and variants, each with its rulebook line."""
    book = load_scenario_book()
    if name is not None:
        if seed is not None or wins is not None:
            raise ScenarioError(
                "--name looks a scenario up: it rolls nothing, so leave out --seed and --wins"
            )
        typer.echo("\n".join(scenario_lines(book, book.scenario(name))))
        return
    if table is not None and wins is not None:
        raise ScenarioError("--wins chooses the Scenario Table (R:1521): leave out --table")
    chosen = table_for(book.data, wins) if wins is not None else book.selection(table or "basic")
    seed = seed_or_fresh(seed)
    rolled = roll_scenario(chosen, SeededDice(seed), ScenarioOptions(missing_rows))
    lines = [f"Seed {seed}", *roll_lines(book, rolled), ""]
    if rolled.row.scenario is not None:
        lines += scenario_lines(book, book.data.scenarios[rolled.row.scenario])
    else:
        lines.append("May be chosen: " + ", ".join(choices(book.data, rolled.row)))
        lines.append("Look one up with: skirmish strange-aeons scenario --name NAME")
    typer.echo("\n".join(lines))


@app.command()
def loot(
    table: Annotated[str, typer.Option(help="a scenario's loot or effect table, e.g. treasure")],
    seed: Seed = None,
    bonus: Annotated[
        int, typer.Option(help="added to the D6: the Alien Artefact Table's secured markers")
    ] = 0,
) -> None:
    """Roll one of the scenarios' loot and effect tables (notes §2.17) and explain the result,
    with whatever its row leads to (a Contents table, a Magical Artifact, a number rolled)."""
    book = load_scenario_book()
    chosen = book.loot(table)
    seed = seed_or_fresh(seed)
    lines = [f"Seed {seed}", *loot_lines(roll_loot(book.data, chosen, SeededDice(seed), bonus))]
    if chosen.each is not None:
        lines.append(f"Rolled for {chosen.each}.")
    typer.echo("\n".join(lines))
