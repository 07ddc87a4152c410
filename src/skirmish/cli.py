"""The ``skirmish`` command: play, replay, render and simulate games, and serve them to a browser.

Bad input (an unknown ruleset, a malformed file, an illegal move) ends with one line on
standard error and a non-zero exit status, never a traceback.
"""

from __future__ import annotations

import sys
import time
from importlib.metadata import entry_points
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import Progress

# Typer ships its own Click and types its group's hooks with it.
from typer._click.core import Command, Context
from typer.core import TyperGroup

try:
    from dask.distributed import Client as DaskClient
    from distributed.comm.addressing import get_address_host_port, parse_address
    from distributed.comm.registry import Backend, get_backend
except ImportError:  # dask is an optional extra: skirmish[dask]
    DaskClient = None

from skirmish.documents import FORMATS
from skirmish.engine.restore import replay, restore_checked
from skirmish.engine.ruleset import Ruleset, list_items, setup_value
from skirmish.errors import SkirmishError, quoted
from skirmish.files import check_target, write_text
from skirmish.geometry.board import Board
from skirmish.legend import outcome_text
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.sacred_wire.cli import app as sacred_wire_app
from skirmish.rulesets.strange_aeons.cli import app as strange_aeons_app
from skirmish.rulesets.wolsung.cli import app as wolsung_app
from skirmish.saves import read_save
from skirmish.session import (
    SPECTATOR,
    against,
    drive,
    echo,
    play_new,
    print_events,
    replay_reader,
    saved_players,
    seed_option,
    side_kinds,
)
from skirmish.sim.runner import SimReport, useful_workers, workers_limit_reason
from skirmish.sim.runner import simulate as run_simulation
from skirmish.svg import render_svg

COMMANDS = "skirmish.command"
"""The entry-point group of commands loaded only when they run or are listed, each a Typer
app of one command (``serve``: the web stack takes seconds to import)."""


class Commands(TyperGroup):
    """The commands defined here, then those declared in :data:`COMMANDS`."""

    def list_commands(self, ctx: Context) -> list[str]:
        here = super().list_commands(ctx)
        return here + [e.name for e in entry_points(group=COMMANDS) if e.name not in here]

    def get_command(self, ctx: Context, cmd_name: str) -> Command | None:
        found = super().get_command(ctx, cmd_name)
        if found is not None:
            return found
        for entry in entry_points(group=COMMANDS, name=cmd_name):
            loaded = entry.load()
            if not isinstance(loaded, typer.Typer):
                raise SkirmishError(f"entry point {entry.name!r} is not a Typer app")
            return typer.main.get_command(loaded)
        return None


app = typer.Typer(
    cls=Commands,
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help="Tabletop skirmish wargames played, enforced and analysed by computer.",
)

app.add_typer(sacred_wire_app, name="sacred-wire")
app.add_typer(strange_aeons_app, name="strange-aeons")
app.add_typer(wolsung_app, name="wolsung")

MAX_GAMES = 10_000_000
INTERRUPTED = 130

Seed = Annotated[int, seed_option("seed of the dice")]
SideOption = Annotated[str | None, typer.Option(help="ai, random or human (a two-sided game)")]
Sides = Annotated[
    list[str] | None,
    typer.Option(
        "--side", help="a side's player as NAME=ai|random|human (repeatable), e.g. lurkers=random"
    ),
]
SetupOptions = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        "-o",
        help="a setup option of the ruleset as KEY=VALUE (repeatable), e.g. mission=uplink",
    ),
]


Clubs = Annotated[
    list[Path] | None,
    typer.Option(
        "--club", help="a club-list file, once per club in seat order (repeatable; Wolsung)"
    ),
]


def _setup(
    rs: Ruleset[Any, Any],
    board: Path | None,
    options: list[str] | None,
    files: dict[str, Path | list[Path] | None] | None = None,
) -> dict[str, Any]:
    """The setup of a game from the command line, normalized by the ruleset before any game
    (the setup says what sides play, so it is known before their players are).

    ``files`` are setup options given as their own flags (``--squad-a``; ``--club``, once per
    club, a list), keyed by option.
    """
    setup: dict[str, Any] = {} if board is None else {"board": Board.load(board).to_dict()}
    flags = {"board": "--board"} if board is not None else {}
    for key, given in (files or {}).items():
        if not given:
            continue
        flags[key] = _flag(key)
        if key not in rs.setup_keys:
            raise SkirmishError(
                f"{flags[key]} does not apply to {rs.id}; its setup options are "
                f"{', '.join(rs.setup_keys)}"
            )
        setup[key] = [str(p) for p in given] if isinstance(given, list) else str(given)
    for item in options or ():
        key, sep, text = item.partition("=")
        if not sep or not key.strip():
            raise SkirmishError(f"a setup option is KEY=VALUE, not {item!r}")
        if key.strip() in flags:
            # Neither may silently win: which one the player meant is not known.
            raise SkirmishError(
                f"{flags[key.strip()]} and -o {item} both set {key.strip()}; give one of them"
            )
        setup[key.strip()] = setup_value(key.strip(), text.strip())
    return rs.normalize_setup(setup)


def _flag(key: str) -> str:
    """The flag of a setup option given as its own flag: ``--squad-a``, ``--club``."""
    return "--" + {"clubs": "club"}.get(key, key.replace("_", "-"))


def _setup_files(
    board: Path | None, options: list[str] | None, files: dict[str, Path | list[Path] | None]
) -> list[tuple[str, Path | None]]:
    """What a setup read from files, by flag (a setup option may name a file too): a game is
    saved to none of them."""
    found: list[tuple[str, Path | None]] = [("--board", board)]
    for key, given in files.items():
        found += [(_flag(key), path) for path in (given if isinstance(given, list) else [given])]
    for item in options or ():
        key, sep, text = item.partition("=")
        if sep:
            found += [(f"-o {key.strip()}", path) for path in _named_files(key, text.strip())]
    return found


def _named_files(key: str, text: str) -> list[Path]:
    """The files the value of setup option ``key`` names: each of its parts, split as a setup
    splits a list (a JSON list's texts, else at commas), whose name ends in .toml or .json, as
    only such a name is read as a file; any other part is a name (``scenario=s1``)."""
    value = setup_value(key, text)  # as the setup reads it: '"a.toml"' names a.toml
    if isinstance(value, list):
        parts = value
    elif isinstance(value, str):
        parts = [value, *list_items(key, value)]  # the whole too: a name may hold a comma
    else:
        parts = []
    names = {part for part in parts if isinstance(part, str)}
    return [Path(name) for name in sorted(names) if Path(name).suffix.lower()[1:] in FORMATS]


@app.command()
def play(
    ruleset: Annotated[str, typer.Argument(help="ruleset id, e.g. strange-aeons-intro")],
    seed: Seed = 0,
    side: Sides = None,
    threshold: SideOption = None,
    lurkers: SideOption = None,
    a: SideOption = None,
    b: SideOption = None,
    squad_a: Annotated[Path | None, typer.Option(help="squad file of side A")] = None,
    squad_b: Annotated[Path | None, typer.Option(help="squad file of side B")] = None,
    club: Clubs = None,
    board: Annotated[Path | None, typer.Option(help="board TOML file")] = None,
    option: SetupOptions = None,
    save: Annotated[Path | None, typer.Option(help="write the game here, finished or not")] = None,
) -> None:
    """Play a game and print its log, rule by rule, and the winner."""
    rs = find_ruleset(ruleset)
    aliases = {"threshold": threshold, "lurkers": lurkers, "a": a, "b": b}
    files = {"squad_a": squad_a, "squad_b": squad_b, "clubs": club}
    setup = _setup(rs, board, option, files)
    kinds = side_kinds(rs, setup, side, aliases, human=True)
    play_new(rs, setup, seed, kinds, save, _setup_files(board, option, files))


@app.command()
def resume(
    file: Annotated[Path, typer.Argument(help="a game saved unfinished by play --save")],
    side: Sides = None,
    threshold: SideOption = None,
    lurkers: SideOption = None,
    a: SideOption = None,
    b: SideOption = None,
    save: Annotated[
        Path | None, typer.Option(help="write the game here (default: back to FILE)")
    ] = None,
) -> None:
    """Continue a saved game where it stopped, with the same players unless told otherwise."""
    data = read_save(file)
    game = restore_checked(data)
    rs = game.ruleset
    if game.decision is None:
        raise SkirmishError(f"{file} holds a finished game; replay it with: skirmish replay {file}")
    aliases = {"threshold": threshold, "lurkers": lurkers, "a": a, "b": b}
    kinds = side_kinds(rs, game.setup, side, aliases, True, saved_players(data, game.sides))
    target = file if save is None else save
    check_target(target)
    header = f"{rs.title}, seed {game.seed}, resumed at {rs.where(game)} on {game.board.name}"
    echo(header)
    drive(game, kinds, target, [header])


@app.command("replay")
def replay_command(
    file: Annotated[Path, typer.Argument(help="a saved game or record (JSON)")],
    side: Annotated[
        str | None, typer.Option("--side", help="print the log as this side sees it")
    ] = None,
) -> None:
    """Replay a saved game or a record from its seed and actions, printing the log: all of it
    once the game is over, what every player sees while it goes on, or one side's view."""
    game = replay(read_save(file))
    reader = replay_reader(game, side)
    if reader == SPECTATOR:
        echo("The game goes on: its log as every player sees it (--side NAME for a side's view)")
    elif reader is not None:
        echo(f"The log as side {game.sides.names[reader]} sees it")
    print_events(game, game.log, reader)
    echo(outcome_text(game))


@app.command()
def render(
    file: Annotated[Path, typer.Argument(help="a board (TOML), or a saved game or record")],
    svg: Annotated[Path, typer.Option(help="the SVG file to write")],
) -> None:
    """Draw a board, its terrain and the models of a game as SVG."""
    check_target(svg, [("FILE", file)])
    if file.suffix.lower() == ".toml":
        drawing = render_svg(Board.load(file))
    else:
        game = replay(read_save(file))
        if not game.ruleset.has_table:
            raise SkirmishError(
                f"{file} is a game of {game.ruleset.id}, which has no table to draw"
            )
        drawing = render_svg(game.board, game, game.ruleset.title)
    write_text(svg, drawing)
    echo(f"wrote {svg}")


@app.command()
def simulate(
    ruleset: Annotated[str, typer.Argument(help="ruleset id")],
    games: Annotated[int, typer.Option(min=1, max=MAX_GAMES, help="number of games")] = 100,
    workers: Annotated[int, typer.Option(min=1, help="worker processes")] = 1,
    seed: Seed = 0,
    side: Sides = None,
    threshold: SideOption = None,
    lurkers: SideOption = None,
    a: SideOption = None,
    b: SideOption = None,
    club: Clubs = None,
    board: Annotated[Path | None, typer.Option(help="board TOML file")] = None,
    option: SetupOptions = None,
    executor: Annotated[str, typer.Option(help="process or dask")] = "process",
    scheduler: Annotated[str | None, typer.Option(help="Dask scheduler HOST:PORT")] = None,
) -> None:
    """Play many computer games and print win rates with 95% confidence intervals."""
    rs = find_ruleset(ruleset)
    aliases = {"threshold": threshold, "lurkers": lurkers, "a": a, "b": b}
    setup = _setup(rs, board, option, {"clubs": club})
    kinds = side_kinds(rs, setup, side, aliases, human=False)
    if executor == "process":
        useful = useful_workers(workers, games)
        if useful < workers:
            # On stderr with the progress bar: stdout holds the figures alone.
            typer.echo(f"using {useful} worker(s): {workers_limit_reason(games)}", err=True)
        workers = useful
    start = time.perf_counter()
    # No refresh thread: a local pool forks this process, and a fork takes no other thread.
    # On stderr: the figures on stdout stay clean to pipe or save.
    bar = Progress(console=Console(stderr=True), transient=True, auto_refresh=False)

    def advance(n: int) -> None:
        bar.advance(task, n)
        bar.refresh()

    with _Executor(executor, scheduler) as pool, bar:
        task = bar.add_task(f"{games} games", total=games)
        report = run_simulation(
            rs.id,
            games,
            seed,
            tuple(kinds),
            executor=pool,
            workers=workers,
            setup=setup,
            progress=advance,
        )
    elapsed = time.perf_counter() - start
    shown = rs.taking_part(setup)
    echo(f"{rs.title}: {games} games, {against(report.sides, kinds, shown)}, seed {seed}")
    lines = _rate_lines(report, shown)
    width = max(16, *(len(label) for label, _, _ in lines))
    for label, count, (rate, low, high) in lines:
        echo(f"  {label:<{width}} {count:6d}  {rate:6.1%}  (95% CI {low:.1%} to {high:.1%})")
    length = f"{report.mean_rounds():.1f} rounds, {report.mean_actions():.0f} actions"
    echo(f"  {'mean length':<{width}} {length}")
    echo(f"  {'time':<{width}} {elapsed:.1f} s ({games / elapsed:.1f} games/s)")


def _rate_lines(
    report: SimReport, shown: tuple[int, ...]
) -> list[tuple[str, int, tuple[float, ...]]]:
    """The sole wins of each side ``shown`` (those that take part: a side seated with nothing
    to play wins nothing), its shared wins where there were any, the draws, and the games a
    safeguard stopped where there were any (the program's limit, not the rules, ended them)."""
    lines: list[tuple[str, int, tuple[float, ...]]] = []
    for side in shown:
        name = report.sides[side]
        lines.append((f"{name} win", report.wins(side), report.rate(side)))
        if report.shared_wins(side):
            lines.append((f"{name} shared", report.shared_wins(side), report.shared_rate(side)))
    lines.append(("draws", report.wins(None), report.rate(None)))
    if report.stops():
        lines.append(("stopped by a safeguard", report.stops(), report.stop_rate()))
    return lines


class _Executor:
    """The executor a simulation runs on: ``None`` (local pool) or a Dask cluster's."""

    def __init__(self, kind: str, scheduler: str | None) -> None:
        if kind not in ("process", "dask"):
            raise SkirmishError(f"unknown executor {kind!r}; choose process or dask")
        if kind == "dask" and not scheduler:
            raise SkirmishError("--executor dask needs --scheduler HOST:PORT")
        if kind != "dask" and scheduler:
            raise SkirmishError("--scheduler is for --executor dask; the local pool needs none")
        self.kind, self.scheduler = kind, scheduler or ""  # "" for the local pool
        self.client: Any = None

    def __enter__(self) -> Any:
        if self.kind == "process":
            return None
        if DaskClient is None:
            raise SkirmishError("the dask executor needs the dask extra: uv sync --extra dask")
        # Read here, at once: a client reads it on its own event loop within its connect
        # timeout, where a busy machine can make a bad address look like one unreachable.
        _check_scheduler(self.scheduler)
        try:
            self.client = DaskClient(self.scheduler, timeout=10)
        except OSError as exc:
            raise SkirmishError(
                f"cannot reach the Dask scheduler {self.scheduler}: {exc}"
            ) from None
        return self.client.get_executor()

    def __exit__(self, *exc: object) -> None:
        if self.client is not None:
            self.client.close()


def _check_scheduler(address: str) -> None:
    """Refuse a scheduler address whose host and port Dask cannot read, as Dask reads them.

    Raises:
        SkirmishError: an address that does not parse, of a scheme Dask does not know, or of
            one whose backend here reads no host and port (``ucx://``, its backend gone from
            Dask unless installed apart; ``inproc://``).
    """
    shown = quoted(address, 80)
    try:  # Dask's word for an address it cannot parse, or a scheme it knows not
        scheme, _ = parse_address(address)
        if type(get_backend(scheme)).get_address_host_port is not Backend.get_address_host_port:
            get_address_host_port(address)
            return
    except ValueError as exc:
        raise SkirmishError(f"--scheduler {shown} is no Dask scheduler address: {exc}") from None
    raise SkirmishError(
        f"--scheduler {shown} is an address of scheme {scheme}, whose host and port this "
        "machine's Dask cannot read; give HOST:PORT or tcp://HOST:PORT"
    )


def main() -> None:
    """Entry point: run the command, turning bad input into one line and exit status 2."""
    try:
        status = app(standalone_mode=False)
    except (SkirmishError, typer.TyperException) as exc:
        message = exc.format_message() if isinstance(exc, typer.TyperException) else str(exc)
        if message.strip():  # a bare command has shown its help already
            typer.echo(f"error: {' '.join(message.split())}", err=True)
        sys.exit(2)
    except (KeyboardInterrupt, typer.Abort):
        status = INTERRUPTED
    if status == INTERRUPTED:
        typer.echo("interrupted", err=True)
    sys.exit(status if isinstance(status, int) else 0)


if __name__ == "__main__":  # python -m skirmish.cli, as python -m skirmish
    main()
