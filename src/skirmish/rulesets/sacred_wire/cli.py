"""Companion commands for Sacred Wire 28 players at a physical table."""

from __future__ import annotations

import json
import secrets
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Literal

import typer

from skirmish.dice import SeededDice
from skirmish.engine.restore import replay
from skirmish.errors import SkirmishError
from skirmish.rulesets.sacred_wire.attack.odds import (
    attack_context_from_options,
    attack_odds,
    format_grenade_odds,
    format_odds,
    grenade_context_from_options,
    grenade_odds,
)
from skirmish.rulesets.sacred_wire.attack.resolution import (
    Combatant,
    GrenadeContext,
    check_range,
    resolve,
    resolve_grenade,
)
from skirmish.rulesets.sacred_wire.campaign.book import (
    LOCKERS,
    Book,
    CampaignError,
    Perk,
    book_report,
    load_book,
    new_book,
    save_book,
    squad_for_book,
)
from skirmish.rulesets.sacred_wire.campaign.management import buy, dismiss, hire, move_item, sell
from skirmish.rulesets.sacred_wire.campaign.post_game import (
    Choice,
    PostGameOptions,
    default_choice,
    describe,
    load_outcome,
    outcome_of,
    post_game,
)
from skirmish.rulesets.sacred_wire.missions.generator import Standing, generate
from skirmish.rulesets.sacred_wire.missions.zones import standing_count
from skirmish.rulesets.sacred_wire.rules_data.catalog import load_catalog
from skirmish.rulesets.sacred_wire.squads.squad import load_squad, squad_report
from skirmish.saves import read_save

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Sacred Wire 28 companion: squad checks, exact attack odds, the mission generator and "
    "the campaign book.",
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
    combat: Annotated[str, typer.Option(help="attacker's (or thrower's) Combat dice, e.g. 2d8")],
    defense: Annotated[str | None, typer.Option(help="defender's Defense dice, e.g. 2d6")] = None,
    weapon: Annotated[str | None, typer.Option(help="attacking weapon, e.g. Sword")] = None,
    grenade: Annotated[
        str | None, typer.Option(help="throw this grenade instead: Combat against 2d6 (C4.15)")
    ] = None,
    armor: Annotated[
        str | None, typer.Option(help="defender's armour (a grenade: a model's in the blast)")
    ] = None,
    attacker_armor: Annotated[
        str | None, typer.Option(help="attacker's armour: it reduces a Riposte's damage (R3.5)")
    ] = None,
    cover: Annotated[bool, typer.Option(help="the target is in cover (C4.13)")] = False,
    moved: Annotated[bool, typer.Option(help="the attacker moved this activation (C4.10)")] = False,
    aim: Annotated[
        bool, typer.Option(help="its Aim at the target holds: declared after any move (C4.3)")
    ] = False,
    into_melee: Annotated[bool, typer.Option(help="shooting into melee (C4.11)")] = False,
    riposte: Annotated[bool, typer.Option(help="the defender ripostes (C4.7)")] = False,
    defender_combat: Annotated[str | None, typer.Option(help="for a Riposte")] = None,
    defender_weapon: Annotated[str | None, typer.Option(help="for a Riposte")] = None,
    boost: Annotated[bool, typer.Option(help="Boost blessing on the attack (C4.2)")] = False,
    severance: Annotated[bool, typer.Option(help="Severance blessing (C4.2)")] = False,
    overcharge: Annotated[bool, typer.Option(help="the Rifle's Overcharge (R3.3)")] = False,
    free_attack: Annotated[bool, typer.Option(help="a free attack at -1 DT (C4.5)")] = False,
    wounded: Annotated[bool, typer.Option(help="the defender is wounded (C4.18)")] = False,
    below_half: Annotated[
        bool, typer.Option(help="the defender is below half Health (Veteran, notes A21)")
    ] = False,
    attacker_wounded: Annotated[bool, typer.Option(help="the attacker is wounded")] = False,
    engaged_with_2: Annotated[
        bool, typer.Option(help="the attacker is Engaged with 2+ enemies (Zealot, notes A19)")
    ] = False,
    defender_engaged_with_2: Annotated[
        bool, typer.Option(help="the defender is Engaged with 2+ enemies (notes A19)")
    ] = False,
    modifier: Annotated[
        int, typer.Option(help="other DT steps on the attacker's roll, -8 to 8 (C1.9)")
    ] = 0,
    defense_modifier: Annotated[
        int, typer.Option(help="other DT steps on the defender's roll, -8 to 8 (C1.9)")
    ] = 0,
    gear: Annotated[list[str] | None, typer.Option(help="attacker's gear (repeatable)")] = None,
    defender_gear: Annotated[
        list[str] | None, typer.Option(help="defender's gear (repeatable)")
    ] = None,
    contract: Name = None,
    defender_contract: Name = None,
    range_inches: Annotated[float | None, typer.Option(help="range to the target")] = None,
    roll: Annotated[bool, typer.Option(help="also resolve it once with dice")] = False,
    seed: Annotated[int, typer.Option(help="seed of the dice for --roll")] = 0,
) -> None:
    """Exact odds of one attack (hit, double, triple, fumble, damage dealt), or of a grenade
    throw with --grenade (where it lands, the blast's damage)."""
    if grenade is not None:
        attack_only = {
            "--defense": defense,
            "--weapon": weapon,
            "--attacker-armor": attacker_armor,
            "--cover": cover,
            "--aim": aim,
            "--into-melee": into_melee,
            "--riposte": riposte,
            "--defender-combat": defender_combat,
            "--defender-weapon": defender_weapon,
            "--severance": severance,
            "--overcharge": overcharge,
            "--free-attack": free_attack,
            "--wounded": wounded,
            "--below-half": below_half,
            "--attacker-wounded": attacker_wounded,
            "--engaged-with-2": engaged_with_2,
            "--defender-engaged-with-2": defender_engaged_with_2,
            "--defense-modifier": defense_modifier,
            "--gear": gear,
            "--defender-gear": defender_gear,
            "--defender-contract": defender_contract,
        }
        given = [flag for flag, value in attack_only.items() if value]
        if given:
            raise SkirmishError(
                f"{given[0]} does not apply to a grenade: its throw is Combat against a fixed "
                "2d6 (C4.15)"
            )
        thrown = grenade_context_from_options(
            combat=combat,
            grenade=grenade,
            moved=moved,
            boost=boost,
            contract=contract,
            modifier=modifier,
        )
        _throw(thrown, armor, range_inches, roll, seed)
        return
    if defense is None or weapon is None:
        raise SkirmishError("an attack needs --defense and --weapon (or throw a --grenade)")
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
        overcharge=overcharge,
        free_attack=free_attack,
        wounded=wounded,
        below_half=below_half,
        engaged_with_2=engaged_with_2,
        defender_engaged_with_2=defender_engaged_with_2,
        attacker_wounded=attacker_wounded,
        attacker_armor=attacker_armor,
        contract=contract,
        defender_contract=defender_contract,
        gear=gear or (),
        defender_gear=defender_gear or (),
        range_inches=range_inches,
        modifier=modifier,
        defense_modifier=defense_modifier,
    )
    typer.echo(format_odds(attack_odds(ctx)))
    if roll:
        typer.echo(f"\nOne attack rolled with seed {seed}:")
        typer.echo(resolve(ctx, SeededDice(seed)).describe())


def _throw(
    ctx: GrenadeContext, armor: str | None, range_inches: float | None, roll: bool, seed: int
) -> None:
    """The odds of a grenade throw (C4.15), and one throw rolled."""
    check_range(range_inches, ctx.grenade.range, f"{ctx.grenade.name} is thrown")
    worn = load_catalog().armor(armor) if armor else None
    typer.echo(format_grenade_odds(grenade_odds(ctx, worn)))
    if roll:
        typer.echo(f"\nOne throw rolled with seed {seed} (a model in the blast):")
        caught = [Combatant(armor=worn)]
        typer.echo(resolve_grenade(ctx, SeededDice(seed), lambda _: caught).describe())


Evidence = Annotated[int, typer.Option(help="recorded Evidence types, 0 to 9 (K2)")]
Leads = Annotated[int, typer.Option(help="Leads, 0 to 999 (K2.3)")]


@app.command()
def mission(
    evidence_a: Evidence = 0,
    leads_a: Leads = 0,
    evidence_b: Evidence = 0,
    leads_b: Leads = 0,
    seed: Annotated[int | None, typer.Option(help="seed of the dice (default: fresh)")] = None,
    signal_done: Annotated[bool, typer.Option(help="The Signal was played already")] = False,
    either: Annotated[
        Literal["setup", "tactical"], typer.Option(help="the Defender's table for its extra pick")
    ] = "setup",
    as_json: Annotated[bool, typer.Option("--json", help="print the setup as JSON")] = False,
) -> None:
    """Generate the next campaign mission: Evidence gap, roles, tables, advantages (K1.3, K1.4)."""
    counts = {"evidence_a": evidence_a, "leads_a": leads_a}
    counts |= {"evidence_b": evidence_b, "leads_b": leads_b}
    for key, value in counts.items():
        standing_count(f"--{key.replace('_', '-')}", value)
    if seed is None:
        seed = secrets.randbelow(2**31)
    setup = generate(
        Standing(evidence_a, leads_a),
        Standing(evidence_b, leads_b),
        SeededDice(seed),
        signal_done=signal_done,
        either=either,
    )
    if as_json:
        typer.echo(json.dumps({"seed": seed, **setup.to_dict()}, indent=2))
        return
    typer.echo(f"Mission generator, seed {seed}")
    typer.echo(setup.describe())


# --- the campaign book (K2, K3) ------------------------------------------------------------------

campaign_app = typer.Typer(
    no_args_is_help=True,
    help="Campaign books: start one, show it, apply a game's post-game sequence (K2, K3), and "
    "the Trading Post, dismissals, new hires and the Lockers (post-game steps 5-8).",
)
app.add_typer(campaign_app, name="campaign")

BookPath = Annotated[Path, typer.Argument(help="a campaign book (.toml or .json)")]
Holder = Annotated[str, typer.Option(help="a model's name, or 'lockers'")]


@campaign_app.command("new")
def campaign_new(
    squad: Annotated[str, typer.Argument(help="a sample squad name or a squad file")],
    out: Annotated[Path, typer.Argument(help="the book to write (.toml or .json)")],
    force: Annotated[bool, typer.Option(help="replace an existing book")] = False,
) -> None:
    """Start a campaign book from a squad: no Merits, no Evidence, its unspent subs saved."""
    if out.exists() and not force:
        raise CampaignError(f"{out} exists already (pass --force to replace it)")
    book = new_book(squad_for_book(squad))
    save_book(book, out)
    typer.echo(book_report(book))
    typer.echo(f"wrote {out}")


@campaign_app.command("show")
def campaign_show(book: BookPath) -> None:
    """Print the campaign squad's sheet."""
    typer.echo(book_report(load_book(book)))


@campaign_app.command("post-game")
def campaign_post_game(
    book: BookPath,
    record: Annotated[Path | None, typer.Option(help="a game saved by play --save")] = None,
    side: Annotated[str | None, typer.Option(help="the book's side in --record: A or B")] = None,
    manual: Annotated[Path | None, typer.Option(help="an outcome file of a table game")] = None,
    seed: Annotated[
        int | None, typer.Option(help="seed of the dice (default: the game's, or fresh)")
    ] = None,
    interactive: Annotated[bool, typer.Option(help="ask each of the owner's choices")] = False,
    exploration_excludes_ooa: Annotated[
        bool, typer.Option(help="only models still standing roll Exploration (notes A76)")
    ] = False,
) -> None:
    """Apply the post-game sequence of one game to the book and print it, rule by rule."""
    current = load_book(book)
    if record is not None and manual is None:
        game = replay(read_save(record))
        outcome = outcome_of(game, _side(side))
        seed = game.seed if seed is None else seed
    elif manual is not None and record is None:
        outcome = load_outcome(manual)
        seed = secrets.randbelow(2**31) if seed is None else seed
    else:
        raise CampaignError("give either --record GAME.json --side A|B, or --manual FILE")
    chooser = _ask if interactive else default_choice
    options = PostGameOptions(exploration_excludes_ooa)
    done, events = post_game(current, outcome, SeededDice(seed), chooser, options)
    typer.echo(f"Post-game of {current.name!r}, seed {seed}")
    for event in events:
        typer.echo(describe(event))
    save_book(done, book)
    typer.echo(f"wrote {book}")


@campaign_app.command("buy")
def campaign_buy(book: BookPath, item: str, to: Holder = LOCKERS) -> None:
    """Step 5: buy an item at its list price for a model or the Lockers (K3)."""
    _update(book, lambda b: buy(b, item, to), f"bought {item} for {to}")


@campaign_app.command("sell")
def campaign_sell(
    book: BookPath,
    item: str,
    source: Annotated[str, typer.Option("--from", help="a model's name, or 'lockers'")] = LOCKERS,
) -> None:
    """Step 5: sell an item for half its cost, rounded down (K3, notes A81)."""
    _update(book, lambda b: sell(b, item, source), f"sold {item}")


@campaign_app.command("dismiss")
def campaign_dismiss(book: BookPath, name: str) -> None:
    """Step 6: a model leaves the squad; its kit goes to the Lockers (K3)."""
    _update(book, lambda b: dismiss(b, name), f"dismissed {name}")


@campaign_app.command("hire")
def campaign_hire(
    book: BookPath,
    name: Annotated[str, typer.Option(help="the new model's name")],
    contract: Annotated[str, typer.Option(help="its contract, not Boss (C2.4)")],
    array: Annotated[str, typer.Option(help="Technician or Operative (C2.1)")],
    combat: Annotated[str, typer.Option(help="Combat dice of the array, e.g. 2d8")],
    defense: Annotated[str, typer.Option(help="Defense dice of the array")],
    wits: Annotated[str, typer.Option(help="Wits dice of the array")],
    power: Annotated[str | None, typer.Option(help="a Broadcaster's starting Power")] = None,
    perk: Annotated[Perk | None, typer.Option(help="when it becomes the Boss (A81)")] = None,
) -> None:
    """Step 7: replace a dead model for free, with base attributes and no kit (notes A80)."""
    model = {"name": name, "contract": contract, "array": array}
    model |= {"combat": combat, "defense": defense, "wits": wits}
    if power is not None:
        model["power"] = power
    _update(book, lambda b: hire(b, model, perk), f"hired {name}")


@campaign_app.command("move")
def campaign_move(
    book: BookPath,
    item: str,
    source: Annotated[str, typer.Option("--from", help="a model's name, or 'lockers'")],
    to: Holder,
) -> None:
    """Step 8: move an item between models and the Lockers (C2.3, C2.4, R3.5 still apply)."""
    _update(book, lambda b: move_item(b, item, source, to), f"moved {item} to {to}")


def _update(path: Path, change: Callable[[Book], Book], what: str) -> None:
    book = change(load_book(path))
    save_book(book, path)
    typer.echo(f"{what}; {book.subs} subs in the treasury; wrote {path}")


def _side(side: str | None) -> int:
    if side is None or side.strip().upper() not in ("A", "B"):
        raise CampaignError(f"--side must be A or B (got {side!r})")
    return "AB".index(side.strip().upper())


def _ask(choice: Choice) -> int:
    """The owner answers on standard input; an empty line takes the default."""
    who = f"[{choice.model}] " if choice.model else ""
    typer.echo(f"\n{who}{choice.question} ({choice.rule})")
    for number, option in enumerate(choice.options, start=1):
        mark = "  (default)" if number - 1 == choice.default else ""
        typer.echo(f"  {number:2d}. {option}{mark}")
    while True:
        line = sys.stdin.readline()
        if not line:
            raise CampaignError("input ended before the post-game did")
        text = line.strip()
        if not text:
            return choice.default
        if text.isdigit() and 1 <= int(text) <= len(choice.options):
            return int(text) - 1
        typer.echo(f"  ! answer with a number from 1 to {len(choice.options)}")
