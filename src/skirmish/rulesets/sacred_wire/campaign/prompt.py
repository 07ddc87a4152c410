"""The owner's prompt at the terminal during a post-game (K3): a post-game has no table, so
``help`` says what the post-game asks and how to answer, ``status`` shows the book as it
stands mid-step (not yet checked as a whole: the choice asked may be what it lacks) and what is
being decided, and ``map`` says there is no table to draw
(:meth:`~skirmish.engine.ruleset.Ruleset.prompt_commands`; the game's prompt is unchanged).
"""

from __future__ import annotations

from collections.abc import Callable

from skirmish.errors import SkirmishError
from skirmish.rulesets.sacred_wire.base import catalog_of
from skirmish.rulesets.sacred_wire.campaign.book import book_report
from skirmish.rulesets.sacred_wire.campaign.sheet import book_of, standing_book
from skirmish.rulesets.sacred_wire.campaign.state import PostGame

__all__ = ["HELP", "NO_MAP", "commands"]

HELP = """\
  The post-game applies one game to the campaign book, step by step (K2, K3), and asks the
  owner only what the rules leave open: whether to spend a Lead on an Evidence roll (K2.3),
  which Evidence is lost (K2.4), a Promotion's pick (K3.4) and a new Boss and its perk (K3).
  Answer with a number from the list, or the option in full as the list shows it.
  Commands: help (this text), status (the book as it stands and the choice asked),
  map (none: a post-game has no table), quit (stop; with --save the post-game is kept and
  --resume finishes it; the book is written only when the post-game is done)."""
NO_MAP = "  A post-game has no table to draw: status shows the book and the choice asked."


def _help(game: PostGame) -> str:
    return HELP


def status(game: PostGame) -> str:
    """The step the post-game is at, the choice it asks and the book as it stands (K3); what
    the book still lacks to be whole (a Boss while a Resource is promoted) is said, not
    raised, so the prompt goes on."""
    asked = f": {game.decision.prompt}" if game.decision is not None else ""
    catalog = catalog_of(game)
    book = book_report(standing_book(game.state.book, catalog), catalog)
    lines = [f"{game.ruleset.where(game)}{asked}", *book.splitlines()]
    try:
        book_of(game.state.book, catalog)
    except SkirmishError as exc:
        lines.append(f"Pending (the choices to come settle it): {exc}")
    return "\n".join(f"  {line}" for line in lines)


def _no_map(game: PostGame) -> str:
    return NO_MAP


def commands() -> dict[str, Callable[[PostGame], str]]:
    """The prompt's commands a post-game answers its own way."""
    return {"help": _help, "status": status, "map": _no_map}
