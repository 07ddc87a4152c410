"""Companion commands for Sacred Wire 28 players at a physical table."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Annotated, Any, Literal

import typer

from skirmish.dice import SeededDice, seed_or_fresh
from skirmish.engine.events import Event
from skirmish.engine.registry import find_registered
from skirmish.engine.restore import replay, restore_checked
from skirmish.errors import SkirmishError
from skirmish.files import check_target
from skirmish.players.heuristic import HeuristicPlayer
from skirmish.rulesets.sacred_wire.attack.grenade import GrenadeContext, resolve_grenade
from skirmish.rulesets.sacred_wire.attack.odds import (
    attack_context_from_options,
    attack_odds,
    format_grenade_odds,
    format_odds,
    grenade_context_from_options,
    grenade_odds,
)
from skirmish.rulesets.sacred_wire.attack.resolution import Combatant, check_range, resolve
from skirmish.rulesets.sacred_wire.base import catalog_of, ruleset_catalog
from skirmish.rulesets.sacred_wire.campaign.book import (
    LOCKERS,
    Book,
    CampaignError,
    Perk,
    book_report,
    book_to_data,
    load_book,
    new_book,
    save_book,
    squad_for_book,
)
from skirmish.rulesets.sacred_wire.campaign.log import describe
from skirmish.rulesets.sacred_wire.campaign.management import buy, dismiss, hire, move_item, sell
from skirmish.rulesets.sacred_wire.campaign.outcome import (
    Outcome,
    check_applied_once,
    load_outcome,
    outcome_of,
)
from skirmish.rulesets.sacred_wire.campaign.post_game import (
    GAME_OVER,
    final_book,
    is_post_game,
    new_post_game,
    saved_post_game,
)
from skirmish.rulesets.sacred_wire.campaign.rolls import GENERATOR, post_game_stream, stream_seed
from skirmish.rulesets.sacred_wire.campaign.setup import PostGameOptions
from skirmish.rulesets.sacred_wire.campaign.state import OWNER, PostGame
from skirmish.rulesets.sacred_wire.game.setup import book_played
from skirmish.rulesets.sacred_wire.hostiles.behaviour import group_roll, read
from skirmish.rulesets.sacred_wire.hostiles.companion import (
    activation_lines,
    interrogation_lines,
    spawn_lines,
)
from skirmish.rulesets.sacred_wire.hostiles.interrogation import interrogate as interrogate_once
from skirmish.rulesets.sacred_wire.hostiles.interrogation import (
    interrogation,
    interrogation_odds,
)
from skirmish.rulesets.sacred_wire.hostiles.spawning import (
    random_tier,
    roll_coworkers,
    roll_spawn,
)
from skirmish.rulesets.sacred_wire.hostiles.targeting import Enemy, check_situation
from skirmish.rulesets.sacred_wire.missions.generator import MissionSetup, Standing, generate
from skirmish.rulesets.sacred_wire.missions.zones import SIGNAL_DONE, held_by, standing_count
from skirmish.rulesets.sacred_wire.rolls.tiers import DiceTierError, parse_tier
from skirmish.rulesets.sacred_wire.rules_data.catalog import Catalog
from skirmish.rulesets.sacred_wire.rules_data.hostile_tables import Situation
from skirmish.rulesets.sacred_wire.rules_data.reading import name_key
from skirmish.rulesets.sacred_wire.ruleset import SacredWire
from skirmish.rulesets.sacred_wire.squads.squad import load_squad, squad_report
from skirmish.saves import read_save, write_save
from skirmish.session import play_new, seed_option, side_kinds
from skirmish.terminal import InputEnded, Quit, ask_human

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Sacred Wire 28 companion: squad checks, exact attack odds, the mission generator, "
    "hostiles and their spawns, and the campaign book.",
)

Name = Annotated[str | None, typer.Option()]


def _answer(as_json: bool, data: Mapping[str, object], heading: str, lines: list[str]) -> None:
    """Print a companion's answer: ``data`` as JSON, or its heading (if any) and lines."""
    if as_json:
        typer.echo(json.dumps(data, indent=2))
        return
    typer.echo("\n".join([heading, *lines] if heading else lines))


def _catalog() -> Catalog:
    """The catalogue of the registered ruleset ``sacred-wire``: the commands with no game read
    the rules data the games do (a variant registers its own ruleset)."""
    return ruleset_catalog(find_registered(SacredWire.id))


@app.command("check-squad")
def check_squad(
    file: Annotated[Path, typer.Argument(help="a squad file (.toml or .json)")],
) -> None:
    """Validate a squad against the squad-building rules (C2) and print its sheet."""
    typer.echo(squad_report(load_squad(file, catalog=_catalog())))


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
    seed: Annotated[int, seed_option("seed of the dice for --roll")] = 0,
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
            catalog=_catalog(),
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
        catalog=_catalog(),
    )
    typer.echo(format_odds(attack_odds(ctx, _catalog())))
    if roll:
        typer.echo(f"\nOne attack rolled with seed {seed}:")
        typer.echo(resolve(ctx, SeededDice(seed), _catalog()).describe())


def _throw(
    ctx: GrenadeContext, armor: str | None, range_inches: float | None, roll: bool, seed: int
) -> None:
    """The odds of a grenade throw (C4.15), and one throw rolled."""
    check_range(range_inches, ctx.grenade.range, f"{ctx.grenade.name} is thrown")
    worn = _catalog().armor(armor) if armor else None
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
    seed: Seed = None,
    signal_done: Annotated[
        bool,
        typer.Option(
            help="The Signal was played already, by other squads (a book records it); with "
            "--play the game's setup says so too (-o signal_done=true)"
        ),
    ] = False,
    either: Annotated[
        Literal["setup", "tactical"], typer.Option(help="the Defender's table for its extra pick")
    ] = "setup",
    as_json: Annotated[bool, typer.Option("--json", help="print the setup as JSON")] = False,
    play: Annotated[bool, typer.Option(help="then play the mission on screen")] = False,
    book_a: Annotated[
        Path | None, typer.Option(help="side A's campaign book: its Evidence, Leads and squad")
    ] = None,
    book_b: Annotated[
        Path | None, typer.Option(help="side B's campaign book: its Evidence, Leads and squad")
    ] = None,
    a: Annotated[str | None, typer.Option(help="with --play: ai, random or human")] = None,
    b: Annotated[str | None, typer.Option(help="with --play: ai, random or human")] = None,
    save: Annotated[Path | None, typer.Option(help="with --play: write the game here")] = None,
) -> None:
    """Generate the next campaign mission: Evidence gap, roles, tables, advantages (K1.3, K1.4);
    with --play, play it on screen on the default board, with the books' squads (--book-a,
    --book-b, which also give each side's Evidence and Leads, and whether The Signal was
    played, K1.2) or the default ones. The generator rolls on its own stream of the seed, the
    game on the seed itself (:func:`.campaign.rolls.stream_seed`)."""
    counts = {"evidence_a": evidence_a, "leads_a": leads_a}
    counts |= {"evidence_b": evidence_b, "leads_b": leads_b}
    catalog = _catalog()
    for key, value in counts.items():
        standing_count(f"--{key.replace('_', '-')}", value, catalog.campaign)
    books = {"a": book_a, "b": book_b}
    loaded = {
        side: None if path is None else load_book(path, catalog) for side, path in books.items()
    }
    standings = {
        side: _standing(side, loaded[side], counts[f"evidence_{side}"], counts[f"leads_{side}"])
        for side in books
    }
    seed = seed_or_fresh(seed)
    setup = generate(
        catalog.missions,
        standings["a"],
        standings["b"],
        SeededDice(stream_seed(seed, GENERATOR)),
        signal_done=signal_done or any(book.signal_done for book in loaded.values() if book),
        either=either,
        extractor=_extractor(loaded["a"], loaded["b"]),
    )
    if play and as_json:
        raise SkirmishError("--play plays the mission at the terminal: leave out --json")
    if not play and (a or b or save):
        raise SkirmishError("--a, --b and --save choose the players of --play")
    if as_json:
        typer.echo(json.dumps({"seed": seed, **setup.to_dict()}, indent=2))
        return
    typer.echo(f"Mission generator, seed {seed}")
    typer.echo(setup.describe(catalog.missions))
    if play:
        _play_mission(setup, seed, {"a": a, "b": b}, books, save, signal_done)


def _standing(side: str, book: Book | None, evidence: int, leads: int) -> Standing:
    """A side's Evidence and Leads: its book's recorded Evidence types and Leads (K2), or the
    counts given.

    :raises CampaignError: a book and counts both given.
    """
    if book is None:
        return Standing(evidence, leads)
    if evidence or leads:
        raise CampaignError(
            f"--book-{side} gives side {side.upper()}'s Evidence and Leads: leave out "
            f"--evidence-{side} and --leads-{side}"
        )
    return Standing(len(book.evidence), book.leads)


def _extractor(book_a: Book | None, book_b: Book | None) -> int | None:
    """The side whose book records that it held the Source at the end of the last attempt
    (M13.2), or None (:func:`.missions.zones.held_by`)."""
    return held_by([bool(book and book.extractor) for book in (book_a, book_b)])


def _play_mission(
    setup: MissionSetup,
    seed: int,
    players: dict[str, str | None],
    books: dict[str, Path | None],
    save: Path | None,
    signal_done: bool,
) -> None:
    """Play the generated mission on screen (the seed itself), its advantages included, with the
    books' squads where they were given (``books`` by side); ``save`` is none of them. The
    owner's word that The Signal was played (``signal_done``) goes with it, so a book due it by
    its own Evidence plays the mission and its post-game marks it (K1.2)."""
    squads = {f"squad_{side}": str(path) for side, path in books.items() if path is not None}
    told = {SIGNAL_DONE: True} if signal_done else {}
    ruleset = find_registered(SacredWire.id)
    options = ruleset.normalize_setup({**setup.options(), **squads, **told})
    kinds = side_kinds(ruleset, options, None, players, human=True)
    play_new(ruleset, options, seed, kinds, save, [(f"--book-{s}", p) for s, p in books.items()])


# --- hostiles and Coworkers (I1-I8) -------------------------------------------------------------

FactionId = Annotated[
    str,
    typer.Option(
        help="scrapers, feral-crews, wave-callers, static-wraiths, feral-automata, "
        "cable-feeders, or coworkers"
    ),
]
Seed = Annotated[int | None, seed_option("seed of the dice (default: fresh)")]
AsJson = Annotated[bool, typer.Option("--json", help="print the answer as JSON")]


@app.command()
def hostiles(
    faction: FactionId,
    situation: Annotated[
        Situation, typer.Option(help="the model's situation (I1.2): no-los, has-los, engaged")
    ],
    unit: Annotated[str | None, typer.Option(help="the unit, e.g. Gunner")] = None,
    attacked: Annotated[
        bool, typer.Option(help="a Coworker group that was attacked (the Attacked table, I8.1)")
    ] = False,
    target: Annotated[
        list[str] | None,
        typer.Option(
            help="an enemy it may attack, NAME=DEFENSE[,gap=INCHES][,cover][,wounded]"
            "[,engaged][,in-melee][,reroll=N][,dt=STEPS] (repeat for each; needs --unit)"
        ),
    ] = None,
    cluster: Annotated[
        int | None,
        typer.Option(
            min=1,
            max=99,
            help='Wave Callers: the models of its cluster (within 1" of one another), for Summon',
        ),
    ] = None,
    seed: Seed = None,
    as_json: AsJson = False,
) -> None:
    """Roll what a hostile (or Coworker) group does now and explain it, rule by rule (I1.1-I1.3);
    with --unit and --target, whom it attacks, by the exact chance to hit (notes §5.3)."""
    tables = _catalog().hostiles
    group = tables.faction(faction)
    if attacked and "attacked" not in group.tables:
        raise SkirmishError(f"only Coworkers read an Attacked table (I8.1), not {group.name}")
    if cluster is not None and group.special_rule.id != "summon":
        raise SkirmishError(f"only Wave Callers Summon (I4.1): --cluster is not for {group.name}")
    picked = group.unit(unit) if unit is not None else None
    enemies = tuple(Enemy.parse(text) for text in target or ())
    names = [e.name for e in enemies]
    twice = next((n for n in names if names.count(n) > 1), None)
    if twice is not None:
        raise SkirmishError(f"--target names {twice!r} twice: each enemy once")
    if enemies and picked is None:
        raise SkirmishError("--target needs --unit: the chance to hit is the unit's (notes §5.3)")
    check_situation(situation, list(enemies))
    seed = seed_or_fresh(seed)
    dice = SeededDice(seed)
    reading = read(tables, group, group_roll(dice), situation, dice, attacked)
    lines = activation_lines(reading, picked, enemies, cluster)
    answer = {
        "seed": seed,
        "faction": group.id,
        "situation": situation.value,
        "table": reading.table,
        "roll": reading.face,
        "behaviour": reading.behaviour.id,
        "rolls": dict(reading.extras),
        "unit": None if picked is None else picked.name,
        "explanation": lines,
    }
    _answer(as_json, answer, f"{group.name} ({group.rule}), seed {seed}", lines)


@app.command()
def spawn(
    faction: FactionId,
    tier: Annotated[
        Literal["swarm", "normal", "elite", "random"],
        typer.Option(help="the tier the mission's timing names, or random (the d6 of I1.5)"),
    ] = "random",
    seed: Seed = None,
    as_json: AsJson = False,
) -> None:
    """Roll a hostile spawn: the unit within its tier, its groups and the Spawn Location (I1.4);
    for the Coworkers, the Coworker Setup row and the unit (K1.3)."""
    catalog = _catalog()
    group = catalog.hostiles.faction(faction)
    if group.id == "coworkers" and tier != "random":
        raise SkirmishError("the Coworkers' tier is the Coworker Setup row's (K1.3): leave --tier")
    seed = seed_or_fresh(seed)
    dice = SeededDice(seed)
    if group.id == "coworkers":
        rolled = roll_coworkers(group, catalog.missions, dice)
    else:
        chosen = random_tier(dice) if tier == "random" else tier
        rolled = roll_spawn(group, chosen, catalog.missions, dice)
    lines = spawn_lines(rolled, group.name)
    answer = {
        "seed": seed,
        "faction": group.id,
        "tier": rolled.tier,
        "unit": rolled.unit.name,
        "groups": list(rolled.groups),
        "location": rolled.location.id,
        "distance": rolled.distance,
        "clock": rolled.clock,
        "explanation": lines,
    }
    _answer(as_json, answer, f"{group.name} spawn ({group.rule}), seed {seed}", lines)


@app.command()
def interrogate(
    wits: Annotated[str, typer.Option(help="the interrogator's Wits dice, e.g. 2d6")],
    coworker: Annotated[str, typer.Option(help="the Coworker, e.g. 'Data Clerk'")],
    wounded: Annotated[bool, typer.Option(help="the Coworker is wounded (+1 DT, K2.2)")] = False,
    cooperates: Annotated[bool, typer.Option(help="the Coworker Cooperates (+1 DT, I8.1)")] = False,
    modifier: Annotated[
        str,
        typer.Option(
            help="the mission's Coworker Modifier (K1.3): standard, skittish, buddy-system, "
            "grudge-holder, talkative, claustrophobic"
        ),
    ] = "standard",
    roll: Annotated[bool, typer.Option(help="also roll it once, with seeded dice")] = False,
    seed: Seed = None,
    as_json: AsJson = False,
) -> None:
    """Exact odds of an Interrogate (K2.2) and of its table, and with --roll one roll of it."""
    catalog = _catalog()
    tables = catalog.hostiles
    unit = tables.faction("coworkers").unit(coworker)
    entry = catalog.missions.table("coworker_modifier").get(modifier)
    try:
        tier = parse_tier(wits)
    except DiceTierError as exc:
        raise SkirmishError(f"--wits: {exc}") from None
    it = interrogation(tier, unit, wounded, cooperates, talkative=entry.id == "talkative")
    odds = interrogation_odds(it, tables)
    seed = seed_or_fresh(seed)
    rolled = interrogate_once(it, tables, SeededDice(seed)) if roll else None
    lines = interrogation_lines(it, unit, odds, entry, rolled)
    answer = {
        "coworker": unit.name,
        "success": str(odds.success),
        "rows": {row.id: str(p) for row, p in odds.rows},
        "seed": seed if roll else None,
        "rolled": None if rolled is None or rolled.row is None else rolled.row.id,
        "explanation": lines,
    }
    _answer(as_json, answer, f"Seed {seed}" if roll else "", lines)


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
    check_target(out, [("SQUAD", Path(squad))])
    book = new_book(squad_for_book(squad, _catalog()))
    save_book(book, out, _catalog())
    typer.echo(book_report(book, _catalog()))
    typer.echo(f"wrote {out}")


@campaign_app.command("show")
def campaign_show(book: BookPath) -> None:
    """Print the campaign squad's sheet."""
    catalog = _catalog()
    typer.echo(book_report(load_book(book, catalog), catalog))


@campaign_app.command("post-game")
def campaign_post_game(
    book: BookPath,
    record: Annotated[Path | None, typer.Option(help="a game saved by play --save")] = None,
    side: Annotated[str | None, typer.Option(help="the book's side in --record: A or B")] = None,
    manual: Annotated[Path | None, typer.Option(help="an outcome file of a table game")] = None,
    seed: Annotated[
        int | None,
        seed_option("seed of the dice (default: the side's stream of the game's, or fresh)"),
    ] = None,
    interactive: Annotated[bool, typer.Option(help="ask each of the owner's choices")] = False,
    exploration_excludes_ooa: Annotated[
        bool, typer.Option(help="only models still standing roll Exploration (notes A76)")
    ] = False,
    save: Annotated[
        Path | None, typer.Option(help="write the post-game here, stopped (for --resume) or done")
    ] = None,
    resume: Annotated[
        Path | None, typer.Option(help="continue a post-game saved by --save, then write BOOK")
    ] = None,
) -> None:
    """Apply the post-game sequence of one game to the book and print it, rule by rule; the
    book is written once, when the sequence is done, and only if it did not change meanwhile."""
    current = load_book(book, _catalog())
    read = [("BOOK", book), ("--record", record), ("--manual", manual)]
    if resume is not None:
        given = {"--record": record, "--side": side, "--manual": manual, "--seed": seed}
        given["--exploration-excludes-ooa"] = exploration_excludes_ooa or None
        game = _resumed(current, book, resume, [flag for flag, v in given.items() if v is not None])
        heading = f"seed {game.seed}, resumed at {game.ruleset.where(game)}"
    else:
        outcome, seed = _game_outcome(current, record, side, manual, seed)
        options = PostGameOptions(exploration_excludes_ooa)
        game = new_post_game(current, outcome, options=options, seed=seed)
        heading = f"seed {seed}"
    # Every file written is checked before any choice is asked, so none is written alone.
    target = resume if save is None else save
    check_target(book, [*read[1:], ("--resume", resume)])
    check_target(target, read)
    typer.echo(f"Post-game of {current.name!r}, {heading}")
    if resume is None:
        _print_events(game.log)
    if _drive(game, interactive, book, target):
        changed = f"{book} changed while the post-game ran: not written over; run it again"
        _check_started_from(game, load_book(book, catalog_of(game)), changed)
        save_book(final_book(game), book, catalog_of(game))
        typer.echo(f"wrote {book}")
        if target is not None:
            write_save(target, game.to_json())


def _game_outcome(
    book: Book, record: Path | None, side: str | None, manual: Path | None, seed: int | None
) -> tuple[Outcome, int]:
    """The outcome of a played game's record or of a table game's file, and the seed: the
    one given, else the side's own stream of the game's seed, else a fresh one.

    :raises CampaignError: the record's other side is the one ``book`` played (after the
        record taken once, :func:`.outcome.check_applied_once`, as the post-game checks).
    """
    if record is not None and manual is None:
        game = replay(read_save(record))
        chosen = _side(side)
        outcome = outcome_of(game, chosen)
        check_applied_once(book, outcome)
        if _played_by(book, game.setup, 1 - chosen) and not _played_by(book, game.setup, chosen):
            ours, theirs = "AB"[1 - chosen], "AB"[chosen]
            raise CampaignError(
                f"{book.name!r} played side {ours} of {record}, not side {theirs}: give "
                f"--side {ours}"
            )
        default = post_game_stream(game.seed, chosen)
        return outcome, default if seed is None else seed
    if manual is not None and record is None:
        return load_outcome(manual), seed_or_fresh(seed)
    raise CampaignError("give either --record GAME.json --side A|B, or --manual FILE")


def _played_by(book: Book, setup: dict[str, Any], side: int) -> bool:
    """Whether ``side`` of a recorded game's ``setup`` played from a book of ``book``'s name
    (read from the setup: the other side's outcome is not built only to word a refusal)."""
    played = book_played(setup, side)
    return played is not None and name_key(played["name"]) == name_key(book.name)


def _resumed(current: Book, book: Path, resume: Path, given: list[str]) -> PostGame:
    """The post-game saved in ``resume``, which must have started from ``current``."""
    if given:
        raise CampaignError(f"--resume continues a saved post-game as it began: no {given[0]}")
    game = restore_checked(saved_post_game(read_save(resume)))
    if not is_post_game(game):
        raise CampaignError(f"{resume} holds a {game.ruleset.id} game, not a saved post-game")
    if game.decision is None:
        raise CampaignError(f"{resume} holds a finished post-game: its book was written then")
    _check_started_from(
        game,
        current,
        f"{book} is not the book the post-game in {resume} started from: it changed since, "
        "or it is another book",
    )
    return game


def _check_started_from(game: PostGame, book: Book, problem: str) -> None:
    """Refuse a book that is not the one ``game`` started from: a post-game applies one game
    to the book as it was (K2), never over changes made to it meanwhile.

    :raises CampaignError: ``problem``.
    """
    if game.setup["book"] != book_to_data(book):
        raise CampaignError(problem)


def _drive(game: PostGame, interactive: bool, book: Path, save: Path | None) -> bool:
    """Answer the owner's choices (at the terminal, or by the default policy) to the end;
    ``False`` when the owner stopped it first (it is then saved in ``save``)."""
    player = HeuristicPlayer()
    try:
        while game.decision is not None:
            if interactive:
                events = ask_human(game, sys.stdin, typer.echo)
            else:
                events = game.apply(player.choose(game.view(OWNER)))
            _print_events(events)
    except Quit:
        _keep(game, save)
        typer.echo(f"Stopped at {game.ruleset.where(game)}: {_going_on(book, save)}")
        return False
    except InputEnded:
        _keep(game, save)
        stopped = _going_on(book, save)
        raise CampaignError(f"input ended before the post-game did: {stopped}") from None
    except KeyboardInterrupt:
        _keep(game, save)
        raise
    return True


def _keep(game: PostGame, save: Path | None) -> None:
    """Save the unfinished post-game, if asked to; the book stays as it was."""
    if save is not None:
        write_save(save, game.to_json())


def _going_on(book: Path, save: Path | None) -> str:
    if save is None:
        return f"{book} is unchanged (give --save FILE to keep a post-game you stop)"
    again = f"skirmish sacred-wire campaign post-game {book} --resume {save}"
    return f"{book} is unchanged; go on with: {again}"


def _print_events(events: list[Event]) -> None:
    for event in events:
        if event.kind != GAME_OVER:
            typer.echo(describe(event))


@campaign_app.command("buy")
def campaign_buy(book: BookPath, item: str, to: Holder = LOCKERS) -> None:
    """Step 5: buy an item at its list price for a model or the Lockers (K3)."""
    _update(book, lambda b: buy(b, item, to, catalog=_catalog()), f"bought {item} for {to}")


@campaign_app.command("sell")
def campaign_sell(
    book: BookPath,
    item: str,
    source: Annotated[str, typer.Option("--from", help="a model's name, or 'lockers'")] = LOCKERS,
) -> None:
    """Step 5: sell an item for half its cost, rounded down (K3, notes A81)."""
    _update(book, lambda b: sell(b, item, source, catalog=_catalog()), f"sold {item}")


@campaign_app.command("dismiss")
def campaign_dismiss(book: BookPath, name: str) -> None:
    """Step 6: a model leaves the squad; its kit goes to the Lockers (K3)."""
    _update(book, lambda b: dismiss(b, name, catalog=_catalog()), f"dismissed {name}")


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
    _update(book, lambda b: hire(b, model, perk, catalog=_catalog()), f"hired {name}")


@campaign_app.command("move")
def campaign_move(
    book: BookPath,
    item: str,
    source: Annotated[str, typer.Option("--from", help="a model's name, or 'lockers'")],
    to: Holder,
) -> None:
    """Step 8: move an item between models and the Lockers (C2.3, C2.4, R3.5 still apply)."""
    _update(
        book, lambda b: move_item(b, item, source, to, catalog=_catalog()), f"moved {item} to {to}"
    )


def _update(path: Path, change: Callable[[Book], Book], what: str) -> None:
    book = change(load_book(path, _catalog()))
    save_book(book, path, _catalog())
    typer.echo(f"{what}; {book.subs} subs in the treasury; wrote {path}")


def _side(side: str | None) -> int:
    if side is None or side.strip().upper() not in ("A", "B"):
        raise CampaignError(f"--side must be A or B (got {side!r})")
    return "AB".index(side.strip().upper())
