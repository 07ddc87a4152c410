"""Companion commands for Wolsung SSG players at a physical table: ``check-club`` validates a
club list (notes §1.11, §1.13; L237-L259) and prints its sheets."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from skirmish.data_files import problem_list
from skirmish.documents import file_label
from skirmish.rulesets.wolsung.clubs.building import check_club
from skirmish.rulesets.wolsung.clubs.club_list import ClubListError, read_club_list
from skirmish.rulesets.wolsung.clubs.sheets import club_summary, summary_text
from skirmish.rulesets.wolsung.rules_data.catalog import load_catalog

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Wolsung SSG companion: club-list checks.",
)


@app.command("check-club")
def check_club_command(
    file: Annotated[Path, typer.Argument(help="a club list (.toml or .json)")],
) -> None:
    """Validate a club list against the list-building rules (L237-L259) and print its sheets."""
    catalog = load_catalog()
    club = read_club_list(file, catalog)
    problems = check_club(catalog, club)
    if problems:
        raise ClubListError(f"{file_label('club file', file)} is invalid: {problem_list(problems)}")
    typer.echo(summary_text(club_summary(catalog, club)))
