"""Companion commands for Strange Aeons players at a physical table: ``check-list`` validates
a Threshold team or a Lurker list (R:343-521, notes §3.15) and prints what it is and costs."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from skirmish.documents import file_label
from skirmish.rulesets.strange_aeons.lists.list_file import (
    ListError,
    ThresholdList,
    read_list,
    refuse_invalid,
)
from skirmish.rulesets.strange_aeons.lists.lurkers import check_lurkers, opposition
from skirmish.rulesets.strange_aeons.lists.promotion import load_promotion
from skirmish.rulesets.strange_aeons.lists.scenarios import find_scenario, load_restrictions
from skirmish.rulesets.strange_aeons.lists.sheets import lurker_sheet, team_sheet
from skirmish.rulesets.strange_aeons.lists.team import check_team
from skirmish.rulesets.strange_aeons.rules_data.catalog import BookCatalog, load_book

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Strange Aeons companion: list checks.",
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
) -> None:
    """Validate a list against the list-building rules (R:343-521) and print what it costs."""
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
    refuse_invalid(label, check_lurkers(book, force, team, rule))
    heading = "" if rule is None else f"{rule.name}: "
    typer.echo(heading + lurker_sheet(book, force, opposition(force, team)))


def _team(book: BookCatalog, path: Path) -> ThresholdList:
    team = read_list(path, book)
    label = file_label("list file", path)
    if not isinstance(team, ThresholdList):
        raise ListError(f"{label}: --against takes a Threshold team, not a Lurker list")
    refuse_invalid(label, check_team(book, load_promotion(), team))
    return team
