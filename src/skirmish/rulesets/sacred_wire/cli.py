"""Companion commands for Sacred Wire 28 players at a physical table."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from skirmish.dice import SeededDice
from skirmish.rulesets.sacred_wire.attack import resolve
from skirmish.rulesets.sacred_wire.attack_odds import (
    attack_context_from_options,
    attack_odds,
    format_odds,
)
from skirmish.rulesets.sacred_wire.squad import load_squad, squad_report

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Sacred Wire 28 companion: squad checks and exact attack odds.",
)

Name = Annotated[str | None, typer.Option()]


@app.command("check-squad")
def check_squad(
    file: Annotated[Path, typer.Argument(help="a squad file (.toml or .json)")],
) -> None:
    """Validate a squad against the squad-building rules (C2) and print its sheet."""
    typer.echo(squad_report(load_squad(file)))


@app.command()
def attack(
    combat: Annotated[str, typer.Option(help="attacker's Combat dice, e.g. 2d8")],
    defense: Annotated[str, typer.Option(help="defender's Defense dice, e.g. 2d6")],
    weapon: Annotated[str, typer.Option(help="attacking weapon, e.g. Sword")],
    armor: Annotated[str | None, typer.Option(help="defender's armour piece")] = None,
    cover: Annotated[bool, typer.Option(help="the target is in cover (C4.13)")] = False,
    moved: Annotated[bool, typer.Option(help="the shooter moved first (C4.10)")] = False,
    aim: Annotated[bool, typer.Option(help="the shooter aimed (C4.3)")] = False,
    into_melee: Annotated[bool, typer.Option(help="shooting into melee (C4.11)")] = False,
    riposte: Annotated[bool, typer.Option(help="the defender ripostes (C4.7)")] = False,
    defender_combat: Annotated[str | None, typer.Option(help="for a Riposte")] = None,
    defender_weapon: Annotated[str | None, typer.Option(help="for a Riposte")] = None,
    boost: Annotated[bool, typer.Option(help="Boost blessing on the attack (C4.2)")] = False,
    severance: Annotated[bool, typer.Option(help="Severance blessing (C4.2)")] = False,
    free_attack: Annotated[bool, typer.Option(help="a free attack at -1 DT (C4.5)")] = False,
    wounded: Annotated[bool, typer.Option(help="the defender is wounded")] = False,
    contract: Name = None,
    defender_contract: Name = None,
    range_inches: Annotated[float | None, typer.Option(help="range to the target")] = None,
    roll: Annotated[bool, typer.Option(help="also resolve it once with dice")] = False,
    seed: Annotated[int, typer.Option(help="seed of the dice for --roll")] = 0,
) -> None:
    """Exact odds of one attack (hit, double, triple, fumble, damage dealt)."""
    ctx = attack_context_from_options(
        combat=combat,
        defense=defense,
        weapon=weapon,
        armor=armor,
        cover=cover,
        moved=moved,
        aim=aim,
        into_melee=into_melee,
        riposte=riposte,
        defender_combat=defender_combat,
        defender_weapon=defender_weapon,
        boost=boost,
        severance=severance,
        free_attack=free_attack,
        wounded=wounded,
        contract=contract,
        defender_contract=defender_contract,
        range_inches=range_inches,
    )
    typer.echo(format_odds(attack_odds(ctx)))
    if roll:
        typer.echo(f"\nOne attack rolled with seed {seed}:")
        typer.echo(resolve(ctx, SeededDice(seed)).describe())
