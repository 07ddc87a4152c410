"""A game played at the terminal: the players of each side from the command line, the log
printed as it happens (a secret only to its side), humans asked in turn with a screen passed
between them, and the game saved when it ends or a human stops it. The commands of
:mod:`skirmish.cli` and the rulesets' own (``skirmish sacred-wire mission --play``) share it.
"""

from __future__ import annotations

import sys
from collections.abc import Collection, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import typer

from skirmish.dice import read_seed
from skirmish.engine.events import Event
from skirmish.engine.game import Game
from skirmish.engine.ruleset import Ruleset
from skirmish.engine.sides import Sides
from skirmish.errors import SaveError, SkirmishError, quoted
from skirmish.files import check_target
from skirmish.legend import outcome_text
from skirmish.players.base import Player
from skirmish.players.factory import KINDS, RULES, make_player
from skirmish.players.factory import side_kinds as side_kinds_of
from skirmish.saves import write_save
from skirmish.terminal import InputEnded, Quit, ask_human, pass_screen


def echo(text: str = "") -> None:
    typer.echo(text)


def seed_option(about: str) -> Any:
    """A command's ``--seed`` option, described by ``about``: read by :func:`.read_seed`, so a
    seed out of range or no number is refused in the kernel's one wording, naming the option."""
    return typer.Option(parser=_seed, metavar="INTEGER", help=about)


def _seed(text: str) -> int:
    try:
        return read_seed(text)
    except SkirmishError as exc:
        # Typer names the option in a BadParameter; a ValueError it would word as its own.
        raise typer.BadParameter(str(exc)) from None


def side_kinds(
    ruleset: Ruleset[Any, Any],
    setup: dict[str, Any],
    chosen: list[str] | Mapping[str, str] | None,
    aliases: dict[str, str | None],
    human: bool,
    default: list[str] | None = None,
) -> list[str]:
    """The player kind of every side of a game of ``setup`` (normalized), from ``--side
    NAME=KIND`` (or a kind by side name, as the web gives them) and the side flags named
    after the two-sided rulesets' sides (``--threshold ai``); a side not chosen plays as in
    ``default`` (the AI when none is given; a save's players, :func:`saved_players`), an
    automaton side by the rules.

    Raises:
        SkirmishError: a side chosen twice, or one that takes no part in the game
            (:meth:`~skirmish.engine.ruleset.Ruleset.taking_part`), or played by the rules,
            or an unknown kind.
    """
    sides = ruleset.sides_of(setup)
    picked = _chosen_sides(sides, ruleset.taking_part(setup), chosen, aliases)
    allowed = (*KINDS, "human") if human else KINDS
    kinds = []
    for side, name in enumerate(sides.names):
        if side in sides.automata:
            if side in picked:
                raise SkirmishError(f"side {name} is played by the rules")
            kinds.append(RULES)
            continue
        kind = picked.get(side)
        # Only the command line's kinds are checked here: a save's were as it was read.
        if kind and kind not in allowed:
            raise SkirmishError(f"unknown player {quoted(kind)}; choose {', '.join(allowed)}")
        kinds.append(kind or (default[side] if default is not None else "ai"))
    return kinds


def saved_players(data: dict[str, Any], sides: Sides) -> list[str] | None:
    """The player kind of every side that a save records (``players``, written by
    :func:`drive`), or ``None`` for a save that records none (the AI then plays each side).

    Raises:
        SaveError: the field is not a list of players, one per side, the automata played by
            the rules: a save edited by hand, which would put the AI where a human played.
    """
    if "players" not in data:
        return None
    saved = data["players"]
    if isinstance(saved, list) and all(isinstance(kind, str) for kind in saved):
        kinds = side_kinds_of(sides, saved)  # a save from before the automata lacks theirs
        if len(kinds) == len(sides.names) and all(
            kind in (RULES if side in sides.automata else (*KINDS, "human"))
            for side, kind in enumerate(kinds)
        ):
            return list(kinds)
    raise SaveError(
        f"corrupt save file: field 'players' {quoted(saved, 60)} does not name a player "
        f"(ai, random or human) for each of its sides {', '.join(sides.names)}"
    )


def _chosen_sides(
    sides: Sides,
    taking_part: tuple[int, ...],
    chosen: list[str] | Mapping[str, str] | None,
    aliases: dict[str, str | None],
) -> dict[int, str]:
    """The kinds chosen on the command line (or the web), by side."""
    picked: dict[int, str] = {}
    for option, value in aliases.items():
        if value is not None:
            picked[_taking_part(sides, taking_part, option, f"--{option}")] = value
    if isinstance(chosen, Mapping):
        pairs = list(chosen.items())
    else:
        pairs = [_side_option(sides, item) for item in chosen or ()]
    for name, kind in pairs:
        side = _taking_part(sides, taking_part, name.strip(), "")
        if picked.get(side, kind.strip()) != kind.strip():
            named = sides.names[side]
            raise SkirmishError(
                f"side {named} is given two players: {quoted(picked[side])} and "
                f"{quoted(kind.strip())}"
            )
        picked[side] = kind.strip()
    return picked


def _side_option(sides: Sides, item: str) -> tuple[str, str]:
    """The side's name and its kind in a ``--side NAME=KIND``.

    Raises:
        SkirmishError: it is no such pair.
    """
    name, sep, kind = item.partition("=")
    if not sep or not name.strip():
        example = sides.names[0].lower()
        raise SkirmishError(f"--side takes NAME=KIND, e.g. {example}=ai, not {quoted(item)}")
    return name, kind


def _taking_part(sides: Sides, taking_part: tuple[int, ...], name: str, flag: str) -> int:
    """The side named ``name`` on the command line, by its flag (``--threshold``) or by
    ``--side`` (``flag`` empty).

    Raises:
        SkirmishError: no side of that name takes part in the game, naming those that do.
    """
    side = sides.find(name)
    if side is not None and side in taking_part:
        return side
    if side is not None:
        problem = f"side {sides.names[side]} takes no part in this game"
    elif flag:
        problem = f"{flag} does not apply to this game"
    else:
        problem = f"this game has no side {quoted(name)}"
    playing = ", ".join(sides.names[s] for s in taking_part)
    hint = " (--side NAME=KIND)" if side is None and flag else ""
    raise SkirmishError(f"{problem}; its sides are {playing}{hint}")


def against(names: tuple[str, ...], kinds: Sequence[str], shown: Collection[int]) -> str:
    """``"Threshold (human) against Lurkers (ai)"``: the sides ``shown`` (those that take part,
    :meth:`~skirmish.engine.ruleset.Ruleset.taking_part`) and who plays them."""
    pairs = enumerate(zip(names, kinds, strict=True))
    return " against ".join(f"{n} ({k})" for side, (n, k) in pairs if side in shown)


SPECTATOR = -1
"""Who reads the log at a table of several humans: no side, so no secret is printed."""


def print_events(game: Game[Any, Any], events: list[Event], reader: int | None) -> list[str]:
    """Print the events as ``reader`` sees them (``None``: all of them, secrets too); return
    the lines printed."""
    lines = [game.describe(event if reader is None else event.seen_by(reader)) for event in events]
    for line in lines:
        echo(line)
    return lines


def replay_reader(game: Game[Any, Any], side: str | None) -> int | None:
    """Whose view a replay of ``game`` prints: the side named; else all of it (``None``) once
    the game is over or where it keeps no secrets; else, while it goes on, no side's secrets
    (:data:`SPECTATOR`), as the web app shows a game with secrets whole only to its players
    until it ends.

    Raises:
        SkirmishError: ``side`` names no side that takes part in the game.
    """
    if side is not None:
        taking_part = game.ruleset.taking_part(game.setup)
        return _taking_part(game.sides, taking_part, side, "")
    if game.is_over or not game.ruleset.keeps_secrets(game):
        return None
    return SPECTATOR


def _reader(kinds: list[str]) -> int:
    """The side whose view the printed log follows: the one human, else nobody's secrets."""
    humans = [side for side, kind in enumerate(kinds) if kind == "human"]
    return humans[0] if len(humans) == 1 else SPECTATOR


def _players(game: Game[Any, Any], kinds: list[str]) -> list[Player | None]:
    """A computer player per side (``None`` for a human), seeded from the game's seed."""
    return [
        None if k == "human" else make_player(k, game.seed * 2 + 1 + i) for i, k in enumerate(kinds)
    ]


def drive(
    game: Game[Any, Any], kinds: list[str], save: Path | None, printed: Sequence[str] = ()
) -> None:
    """Play the game to its end, asking humans at the terminal; save it when it ends or a
    human stops it (``quit``, end of input, Ctrl-C), never after an error of the rules.
    ``printed`` is what was printed of the game before, shown again after a hot-seat pass."""
    players = _players(game, kinds)
    reader, at_screen = _reader(kinds), SPECTATOR
    # Only a hot-seat table passes the screen, showing again what was printed since a human
    # last answered.
    passed = reader == SPECTATOR and game.ruleset.keeps_secrets(game)
    since = list(printed)
    try:
        while game.decision is not None:
            side = game.decision.player
            player = players[side]
            if player is None:
                if passed and side != at_screen:
                    pass_screen(game.sides.names[side], sys.stdin, sys.stdout, since)
                at_screen = side
                events = ask_human(game, sys.stdin, echo)
                since = []
            else:
                events = game.apply(player.choose(game.view(side)))
            shown = print_events(game, events, reader)
            since += shown if passed else []
    except Quit:
        _write_save(game, kinds, save)
        where = f"; continue with: skirmish resume {save}" if save is not None else ""
        echo(f"Stopped at {game.ruleset.where(game)}{where}")
        return
    except (InputEnded, KeyboardInterrupt):
        _write_save(game, kinds, save)
        raise
    _write_save(game, kinds, save)
    echo(outcome_text(game))


def _write_save(game: Game[Any, Any], kinds: list[str], save: Path | None) -> None:
    if save is not None:
        write_save(save, {**game.to_json(), "players": kinds})


def play_new(
    ruleset: Ruleset[Any, Any],
    setup: dict[str, Any],
    seed: int,
    kinds: list[str],
    save: Path | None,
    inputs: Iterable[tuple[str, Path | None]] = (),
) -> None:
    """Start a game of ``setup`` and play it to its end at the terminal (:func:`drive`);
    ``inputs`` are the files the command read, which ``save`` must not be."""
    check_target(save, inputs)
    game = ruleset.new_game(setup, seed)
    sides = against(game.sides.names, kinds, ruleset.taking_part(game.setup))
    title = f"{ruleset.title}, seed {seed}: {sides} on {game.board.name}"
    echo(title)
    drive(game, kinds, save, [title, *print_events(game, game.log, _reader(kinds))])
