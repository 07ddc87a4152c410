"""Companion commands for Sacred Wire 28 players at a physical table."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from skirmish.rulesets.sacred_wire.squad import load_squad, squad_report

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Sacred Wire 28 companion: squad checks and exact attack odds.",
)


@app.command("check-squad")
def check_squad(
    file: Annotated[Path, typer.Argument(help="a squad file (.toml or .json)")],
) -> None:
    """Validate a squad against the squad-building rules (C2) and print its sheet."""
    typer.echo(squad_report(load_squad(file)))
