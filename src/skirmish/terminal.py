"""A human player at the terminal: the prompt of a decision, its commands, and the answers.

At every prompt a player may type ``help`` (the commands), ``status`` (every model's place,
state and health, and the distance, sight and cover to each enemy), ``map`` (a character
map of the table) or ``quit`` (stop here; the game is saved when ``--save`` was given); a
ruleset whose game has no table answers ``help``, ``status`` and ``map`` its own way
(:meth:`~skirmish.engine.ruleset.Ruleset.prompt_commands`). Any
other line answers the decision: a number from the menu, ``x,y`` for the one point choice,
or an action in full. A refused answer says why and the same decision is asked again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TextIO

from skirmish.cards import Pile
from skirmish.engine.action import Action
from skirmish.engine.decision import Decision, PointSpec
from skirmish.engine.events import Event
from skirmish.engine.game import UNKNOWN_CARD, Game, View
from skirmish.engine.model import Model
from skirmish.errors import IllegalActionError, InvalidActionError, SkirmishError
from skirmish.geometry.shapes import edge_distance
from skirmish.textmap import text_map

HELP = """\
  Answer with a number from the list, x,y for a point (12.5,4), or an action in full
  (move T1 12.5,4). Points are in inches from the south-west corner of the table.
  Commands: help (this text), status (models, health, distance, sight and cover),
  map (the table in characters), quit (stop; the game is saved if --save was given)."""


class Quit(Exception):
    """The human asked to stop the game."""


class InputEnded(SkirmishError):
    """Standard input ended while a human was to answer."""


CLEAR = "\x1b[H\x1b[2J\x1b[3J"
"""Clear a terminal's screen and, where the terminal keeps one, its scrollback (ECMA-48 ED 3)."""


def pass_screen(side: str, read: TextIO, out: TextIO, public: Sequence[str] = ()) -> None:
    """At a hot-seat game with secrets, hide the screen until the next player is at it.

    On a terminal the screen (and its scrollback) is cleared before the prompt, so the last
    player's hand and answer are gone, and again once Enter is pressed; the ``public`` lines
    (what every player may read of what happened since the last answer) are then shown
    again. Output that is no terminal (a pipe, a file) gets plain text.

    Raises:
        InputEnded: the input ended before the next player pressed Enter.
    """
    screen = out.isatty()
    prompt = f"-- Pass the screen to {side}, then press Enter --\n"
    out.write((CLEAR if screen else "\n" * 3) + prompt)
    out.flush()
    if not read.readline():
        raise InputEnded("input ended before the game did")
    if screen:
        out.write(CLEAR + "".join(f"{line}\n" for line in public))
        out.flush()


def ask_human(game: Game[Any, Any], read: TextIO, echo: Callable[[str], None]) -> list[Event]:
    """Show the decision, answer commands, read answers until one is legal; apply it.
    Everything shown comes from the view of the side that decides.

    Raises:
        Quit: the human typed ``quit``.
        InputEnded: the input ended before the game did.
    """
    assert game.decision is not None
    seen = game.view(game.decision.player)
    show_decision(seen, echo)
    while True:
        line = read.readline()
        if not line:
            raise InputEnded("input ended before the game did")
        text = line.strip()
        if text.lower() == "quit":
            raise Quit
        command = commands(seen).get(ALIASES.get(text.lower(), text.lower()))
        if command is not None:
            # A command that cannot answer says why; it never ends the game.
            try:
                echo(command(seen))
            except SkirmishError as exc:
                echo(f"  ! {exc}")
            continue
        try:
            return game.apply(read_answer(seen, text))
        except (IllegalActionError, InvalidActionError) as exc:
            echo(f"  ! {exc}")


def show_decision(game: Game[Any, Any], echo: Callable[[str], None]) -> None:
    """The prompt and the numbered menu, with the models named and, under an option, the
    ruleset's exact odds of what it would do, where the rules give odds."""
    decision = game.decision
    assert decision is not None
    echo(f"\n[{game.sides.names[decision.player]}] {decision.prompt}")
    for n, option in enumerate(decision.options, start=1):
        echo(f"  {n:2d}. {option}{named(game, option.args)}")
        odds = game.ruleset.action_odds(game, option)
        if odds:
            echo(f"      odds: {odds}")
    for spec in decision.points:
        echo(f"   *  {spec.to_text()}  ({spec.hint}){named(game, spec.args)}")
    echo("  (help, status, map, quit)")


def named(game: Game[Any, Any], args: tuple[str, ...]) -> str:
    """The names of the models an action names (``"  - T1 Frank Howard, L2 Cultist"``)."""
    names = [f"{a} {game.model(a).name}" for a in args if a in game.index]
    return f"  - {', '.join(names)}" if names else ""


def read_answer(game: Game[Any, Any], text: str) -> Action:
    """A number picks an option; ``x,y`` answers the only point choice; else action text.

    Raises:
        InvalidActionError: a number outside the menu, a bare point where there is not exactly
            one point choice, or text that is no action; the message says what to type.
    """
    decision = game.decision
    assert decision is not None
    if text.isdigit():
        if 1 <= int(text) <= len(decision.options):
            return decision.options[int(text) - 1]
        raise InvalidActionError(_menu_range(decision, int(text)))
    if text and "," in text and " " not in text:
        if len(decision.points) != 1:
            raise InvalidActionError(_which_point(decision, text))
        return Action.parse(_with_point(decision.points[0], text))
    return Action.parse(text)


def _with_point(spec: PointSpec, point: str) -> str:
    """The action of a point choice at ``point``: ``deploy A1 3.96,2.13``."""
    return " ".join([spec.kind, *spec.args, point])


def _which_point(decision: Decision, point: str) -> str:
    """Why a bare ``x,y`` answers no point choice here, and what to type instead."""
    if not decision.points:
        return "no point is asked for here; pick a number or type an action"
    return (
        f"{len(decision.points)} point choices are open (the * lines): type the one you mean "
        f"in full, e.g. {_with_point(decision.points[0], point)}"
    )


def _menu_range(decision: Decision, number: int) -> str:
    count = len(decision.options)
    if count == 1:
        return f"there is no option {number}; the only option is 1"
    if count > 1:
        return f"there is no option {number}; choose 1 to {count}"
    what = "a number picks a numbered option and none is listed here"
    if len(decision.points) == 1:
        return f"there is no option {number}: {what}; type a point x,y (12.5,4)"
    if decision.points:
        example = _with_point(decision.points[0], "12.5,4")
        return f"there is no option {number}: {what}; type a * line in full, e.g. {example}"
    return f"there is no option {number}: {what}; type an action"


def status(game: Game[Any, Any]) -> str:
    """Every pile of cards (those hidden from the player by their size); the secrets of the
    player whose view it is (of every side in a whole game); every model on the table: where,
    state and health; then each enemy it faces."""
    rs = game.ruleset
    lines = [f"  {rs.where(game)}", *(f"  {pile_line(game, p)}" for p in game.piles)]
    lines += (
        f"  {game.sides.names[side]}'s secret: {line}"
        for side in _readers(game)
        for line in rs.own_secrets(game, side)
    )
    placed = [m for m in game.models if m.on_table]
    for m in game.models:
        lines.append(f"  {_model_line(game, m)}")
        if not m.on_table:
            continue
        for enemy in (o for o in placed if o.side != m.side):
            lines.append(f"      {_enemy_line(game, m, enemy)}")
    return "\n".join(lines)


def _readers(game: Game[Any, Any]) -> range | tuple[int]:
    """The sides whose secrets ``game`` holds: a view's player, or all of them."""
    return (game.viewer,) if isinstance(game, View) else range(len(game.sides.names))


def pile_line(game: Game[Any, Any], pile: Pile) -> str:
    """A pile as one line, named as the ruleset titles it: its cards, or only how many when
    they are hidden from the reader."""
    title = game.pile_title(pile.name)
    if any(c == UNKNOWN_CARD for c in pile.cards) or not pile.cards:
        return f"{title}: {len(pile.cards)} cards"
    return f"{title}: {', '.join(c.text for c in pile.cards)}"


def _model_line(game: Game[Any, Any], m: Model) -> str:
    side = game.sides.names[m.side]
    if m.removed is not None:
        return f"{m.id} {m.name} ({side}): {m.removed}"
    if not m.deployed:
        return f"{m.id} {m.name} ({side}): not deployed"
    shown = game.ruleset.model_status(game, m)
    level = "" if m.level is None else f" on {game.board.piece(m.level).name}"
    parts = [p for p in (shown.health, *shown.conditions) if p]
    return f"{m.id} {m.name} ({side}) at {m.x:.2f},{m.y:.2f}{level}: {', '.join(parts) or 'ok'}"


def _enemy_line(game: Game[Any, Any], m: Model, enemy: Model) -> str:
    gap = max(0.0, edge_distance(m.pos, m.radius, enemy.pos, enemy.radius))
    seen = game.ruleset.sight_report(game, m, enemy)
    sight = f"in sight, {seen.cover or 'no cover'}" if seen.visible else "not in sight"
    return f'{enemy.id} {enemy.name}: {gap:.1f}" away, {sight}'


def _help(game: Game[Any, Any]) -> str:
    return HELP


COMMANDS: dict[str, Callable[[Game[Any, Any]], str]] = {
    "help": _help,
    "status": status,
    "map": text_map,
}
"""The prompt's commands for a game on a table."""
ALIASES = {"?": "help"}


def commands(game: Game[Any, Any]) -> dict[str, Callable[[Game[Any, Any]], str]]:
    """The prompt's commands for ``game``: the table's, with those its ruleset answers its own
    way (:meth:`~skirmish.engine.ruleset.Ruleset.prompt_commands`)."""
    return {**COMMANDS, **game.ruleset.prompt_commands()}
