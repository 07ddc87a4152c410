"""The ``skirmish`` command: play, replay, render and simulate games.

Bad input (an unknown ruleset, a malformed file, an illegal move) ends with one line on
standard error and a non-zero exit status, never a traceback.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Annotated, Any

import typer

from skirmish.engine.action import Action
from skirmish.engine.events import Event
from skirmish.engine.game import Game
from skirmish.engine.ruleset import Ruleset
from skirmish.errors import IllegalActionError, InvalidActionError, SkirmishError
from skirmish.geometry.board import Board
from skirmish.players.factory import KINDS, make_player
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.sacred_wire.cli import app as sacred_wire_app
from skirmish.saves import read_save, write_save
from skirmish.sim.runner import simulate as run_simulation
from skirmish.svg import render_svg

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help="Tabletop skirmish wargames played, enforced and analysed by computer.",
)

app.add_typer(sacred_wire_app, name="sacred-wire")

SideOption = Annotated[str | None, typer.Option(help="ai, random or human")]
SetupOptions = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        "-o",
        help="a setup option of the ruleset as KEY=VALUE (repeatable), e.g. mission=uplink",
    ),
]


def _echo(text: str = "") -> None:
    typer.echo(text)


def _side_kinds(ruleset: Ruleset, chosen: dict[str, str | None], human: bool) -> list[str]:
    """The player kind of each side from options named after the ruleset's sides."""
    names = [s.lower() for s in ruleset.sides]
    for option, value in chosen.items():
        if value is not None and option not in names:
            raise SkirmishError(
                f"--{option} does not apply to {ruleset.id}; use --{names[0]} and --{names[1]}"
            )
    kinds = [chosen.get(name) or "ai" for name in names]
    allowed = (*KINDS, "human") if human else KINDS
    for kind in kinds:
        if kind not in allowed:
            raise SkirmishError(f"unknown player {kind!r}; choose {', '.join(allowed)}")
    return kinds


def _setup(rs: Ruleset, board: Path | None, options: list[str] | None) -> dict[str, Any]:
    """The setup of a game from the command line, checked by the ruleset before any game."""
    setup: dict[str, Any] = {} if board is None else {"board": Board.load(board).to_dict()}
    for item in options or ():
        key, sep, text = item.partition("=")
        if not sep or not key.strip():
            raise SkirmishError(f"a setup option is KEY=VALUE, not {item!r}")
        setup[key.strip()] = _option_value(text.strip())
    rs.normalize_setup(dict(setup))
    return setup


def _option_value(text: str) -> Any:
    """A number, list or table written as JSON; any other text is a string."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def _print_events(game: Game, events: list[Event]) -> None:
    for event in events:
        _echo(game.describe(event))


def _ask_human(game: Game) -> None:
    """Show the decision, read answers until one is legal, and apply it."""
    decision = game.decision
    assert decision is not None
    _echo(f"\n[{game.ruleset.sides[decision.player]}] {decision.prompt}")
    for n, option in enumerate(decision.options, start=1):
        _echo(f"  {n:2d}. {option}")
    for spec in decision.points:
        _echo(f"   *  {spec.to_text()}  ({spec.hint})")
    while True:
        line = sys.stdin.readline()
        if not line:
            raise SkirmishError("input ended before the game did")
        try:
            events = game.apply(_read_answer(game, line.strip()))
        except (IllegalActionError, InvalidActionError) as exc:
            _echo(f"  ! {exc}")
            continue
        _print_events(game, events)
        return


def _read_answer(game: Game, text: str) -> Action:
    """A number picks an option; ``x,y`` answers the only point choice; else action text."""
    decision = game.decision
    assert decision is not None
    if text.isdigit() and 1 <= int(text) <= len(decision.options):
        return decision.options[int(text) - 1]
    if text and "," in text and " " not in text and len(decision.points) == 1:
        spec = decision.points[0]
        return Action.parse(" ".join([spec.kind, *spec.args, text]))
    return Action.parse(text)


def _outcome(game: Game) -> str:
    result = game.result
    if result is None:
        return "The game is not finished."
    if result.winner is None:
        return f"Result: a draw ({result.reason})."
    return f"Result: {game.ruleset.sides[result.winner]} won ({result.reason})."


@app.command()
def play(
    ruleset: Annotated[str, typer.Argument(help="ruleset id, e.g. strange-aeons-intro")],
    seed: Annotated[int, typer.Option(help="seed of the game's dice")] = 0,
    threshold: SideOption = None,
    lurkers: SideOption = None,
    a: SideOption = None,
    b: SideOption = None,
    squad_a: Annotated[Path | None, typer.Option(help="squad file of side A")] = None,
    squad_b: Annotated[Path | None, typer.Option(help="squad file of side B")] = None,
    board: Annotated[Path | None, typer.Option(help="board TOML file")] = None,
    option: SetupOptions = None,
    save: Annotated[Path | None, typer.Option(help="write the finished game here")] = None,
) -> None:
    """Play a game and print its log, rule by rule, and the winner."""
    rs = find_ruleset(ruleset)
    chosen = {"threshold": threshold, "lurkers": lurkers, "a": a, "b": b}
    kinds = _side_kinds(rs, chosen, human=True)
    setup = _setup(rs, board, option)
    for key, path in (("squad_a", squad_a), ("squad_b", squad_b)):
        if path is not None:
            setup[key] = str(path)
    game = rs.new_game(setup, seed)
    players = [
        None if k == "human" else make_player(k, seed * 2 + 1 + i) for i, k in enumerate(kinds)
    ]
    _echo(
        f"{rs.title}, seed {seed}: {rs.sides[0]} ({kinds[0]}) against {rs.sides[1]} "
        f"({kinds[1]}) on {game.board.name}"
    )
    _print_events(game, game.log)
    try:
        while game.decision is not None:
            player = players[game.decision.player]
            if player is None:
                _ask_human(game)
            else:
                _print_events(game, game.apply(player.choose(game)))
    finally:
        if save is not None:
            write_save(save, game.to_json())
    _echo(_outcome(game))


@app.command()
def replay(file: Annotated[Path, typer.Argument(help="a saved game or record (JSON)")]) -> None:
    """Replay a saved game or a record from its seed and actions, printing the log."""
    game = Game.replay(read_save(file))
    _print_events(game, game.log)
    _echo(_outcome(game))


@app.command()
def render(
    file: Annotated[Path, typer.Argument(help="a board (TOML), or a saved game or record")],
    svg: Annotated[Path, typer.Option(help="the SVG file to write")],
) -> None:
    """Draw a board, its terrain and the models of a game as SVG."""
    if file.suffix.lower() == ".toml":
        drawing = render_svg(Board.load(file))
    else:
        game = Game.replay(read_save(file))
        drawing = render_svg(game.board, game, game.ruleset.title)
    tmp = svg.with_name(f".{svg.name}.tmp")
    tmp.write_text(drawing, encoding="utf-8")
    os.replace(tmp, svg)
    _echo(f"wrote {svg}")


@app.command()
def simulate(
    ruleset: Annotated[str, typer.Argument(help="ruleset id")],
    games: Annotated[int, typer.Option(min=1, help="number of games")] = 100,
    workers: Annotated[int, typer.Option(min=1, help="worker processes")] = 1,
    seed: Annotated[int, typer.Option(help="root seed of all games")] = 0,
    threshold: SideOption = None,
    lurkers: SideOption = None,
    a: SideOption = None,
    b: SideOption = None,
    board: Annotated[Path | None, typer.Option(help="board TOML file")] = None,
    option: SetupOptions = None,
    executor: Annotated[str, typer.Option(help="process or dask")] = "process",
    scheduler: Annotated[str | None, typer.Option(help="Dask scheduler HOST:PORT")] = None,
) -> None:
    """Play many computer games and print win rates with 95% confidence intervals."""
    rs = find_ruleset(ruleset)
    chosen = {"threshold": threshold, "lurkers": lurkers, "a": a, "b": b}
    kinds = _side_kinds(rs, chosen, human=False)
    setup = _setup(rs, board, option)
    from rich.progress import Progress

    start = time.perf_counter()
    with _Executor(executor, scheduler) as pool, Progress(transient=True) as bar:
        task = bar.add_task(f"{games} games", total=games)
        report = run_simulation(
            rs.id,
            games,
            seed,
            (kinds[0], kinds[1]),
            executor=pool,
            workers=workers,
            setup=setup,
            progress=lambda n: bar.advance(task, n),
        )
    elapsed = time.perf_counter() - start
    _echo(
        f"{rs.title}: {games} games, {rs.sides[0]} ({kinds[0]}) against "
        f"{rs.sides[1]} ({kinds[1]}), seed {seed}"
    )
    for side, name in ((0, rs.sides[0]), (1, rs.sides[1]), (None, "draws")):
        rate, low, high = report.rate(side)
        label = f"{name} win" if side is not None else "draws"
        _echo(
            f"  {label:<16} {report.wins(side):6d}  {rate:6.1%}  (95% CI {low:.1%} to {high:.1%})"
        )
    _echo(
        f"  mean length      {report.mean_rounds():.1f} rounds, {report.mean_actions():.0f} actions"
    )
    _echo(f"  time             {elapsed:.1f} s ({games / elapsed:.1f} games/s)")


class _Executor:
    """The executor a simulation runs on: ``None`` (local pool) or a Dask cluster's."""

    def __init__(self, kind: str, scheduler: str | None) -> None:
        if kind not in ("process", "dask"):
            raise SkirmishError(f"unknown executor {kind!r}; choose process or dask")
        if kind == "dask" and not scheduler:
            raise SkirmishError("--executor dask needs --scheduler HOST:PORT")
        self.kind, self.scheduler = kind, scheduler
        self.client: Any = None

    def __enter__(self) -> Any:
        if self.kind == "process":
            return None
        try:
            from dask.distributed import Client
        except ImportError:
            raise SkirmishError("the dask executor needs: pip install 'skirmish[dask]'") from None
        try:
            self.client = Client(self.scheduler, timeout=10)
        except OSError as exc:
            raise SkirmishError(
                f"cannot reach the Dask scheduler {self.scheduler}: {exc}"
            ) from None
        return self.client.get_executor()

    def __exit__(self, *exc: object) -> None:
        if self.client is not None:
            self.client.close()


def main() -> None:
    """Entry point: run the command, turning bad input into one line and exit status 2."""
    try:
        app()
    except SkirmishError as exc:
        typer.echo(f"error: {exc}", err=True)
        sys.exit(2)
    except KeyboardInterrupt:
        typer.echo("interrupted", err=True)
        sys.exit(130)


if __name__ == "__main__":
    main()
