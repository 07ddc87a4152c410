"""The post-game sequence of a Sacred Wire campaign, played to its end: a campaign book and
what happened in one game give the book after it, step by step, each step an event citing
its rule (K2.1-K2.4, K3.1-K3.4, C4.20, R3.9; notes A62, A76-A81, A90, A93).

The sequence is a game of the kernel (:mod:`.ruleset`, ``sacred-wire-post-game``): its steps
are in :mod:`.sequence`, the owner's choices and the default policy in :mod:`.choices`, what
happened in the game in :mod:`.outcome`. :func:`post_game` makes that game and lets the
heuristic player, which plays the default policy, answer every choice; a front door that asks
the owner drives the game itself (:func:`new_post_game`) and reads the book at the end
(:func:`final_book`).
"""

from __future__ import annotations

from typing import Any

from skirmish.dice import DiceSource
from skirmish.engine.events import Event
from skirmish.engine.game import Game
from skirmish.engine.registry import find_registered
from skirmish.errors import SkirmishError
from skirmish.players.base import play
from skirmish.players.heuristic import HeuristicPlayer
from skirmish.rulesets.sacred_wire.base import catalog_of
from skirmish.rulesets.sacred_wire.campaign.book import Book, CampaignError
from skirmish.rulesets.sacred_wire.campaign.outcome import Outcome
from skirmish.rulesets.sacred_wire.campaign.ruleset import PostGameRuleset
from skirmish.rulesets.sacred_wire.campaign.setup import PostGameOptions, post_game_setup
from skirmish.rulesets.sacred_wire.campaign.sheet import book_of, filled
from skirmish.rulesets.sacred_wire.campaign.state import PostGame

__all__ = [
    "GAME_OVER",
    "final_book",
    "is_post_game",
    "new_post_game",
    "post_game",
    "saved_post_game",
    "sequence_events",
]

#: The kernel's last event of every game; the sequence's own events come before it.
GAME_OVER = "game-over"


def post_game(
    book: Book,
    outcome: Outcome,
    dice: DiceSource,
    options: PostGameOptions | None = None,
) -> tuple[Book, list[Event]]:
    """Apply the post-game sequence to a copy of ``book`` with the default policy's choices;
    return the new book and the events.

    :raises CampaignError: a game record the book took already, an outcome that does not fit
        the book (an unknown or Sidelined model, kit it does not carry) or that no game can
        have (:func:`.outcome.check_outcome`). The book is unchanged.
    """
    game = new_post_game(book, outcome, dice, options)
    play(game, [HeuristicPlayer()])
    return final_book(game), sequence_events(game)


def new_post_game(
    book: Book,
    outcome: Outcome,
    dice: DiceSource | None = None,
    options: PostGameOptions | None = None,
    seed: int = 0,
) -> PostGame:
    """The post-game of ``outcome`` for ``book``, run to the owner's first choice; its dice
    are ``dice``, else seeded with ``seed``.

    :raises CampaignError: the outcome cannot be applied to the book (see :func:`post_game`).
    """
    ruleset = find_registered(PostGameRuleset.id)
    return ruleset.new_game(post_game_setup(book, outcome, options), seed, dice)


def saved_post_game(data: dict[str, Any]) -> dict[str, Any]:
    """A post-game's save as this version writes it, so that one saved before a field came
    loads: its setup normalized again (an outcome's ``signal_done`` it lacks reads as not
    said) and each sheet in it given the fields added since (:func:`.sheet.filled`: the book's
    ``signal_elsewhere`` not marked, K1.2). Another ruleset's save, or a setup the ruleset
    refuses, is left for the restore to refuse in its own words."""
    if data.get("ruleset") != PostGameRuleset.id or not isinstance(data.get("setup"), dict):
        return data
    try:
        setup = find_registered(PostGameRuleset.id).normalize_setup(data["setup"])
    except SkirmishError:
        return data
    return {**filled(data), "setup": setup}


def is_post_game(game: Game[Any, Any]) -> bool:
    """Whether ``game`` (a restored save, say) is a post-game."""
    return game.ruleset.id == PostGameRuleset.id


def final_book(game: PostGame) -> Book:
    """The book a finished post-game built.

    :raises CampaignError: the post-game is not finished.
    """
    if not game.is_over:
        raise CampaignError(
            f"the post-game is not finished: it stopped at {game.ruleset.where(game)}"
        )
    return book_of(game.state.book, catalog_of(game))


def sequence_events(game: PostGame) -> list[Event]:
    """The events of the sequence so far, without the kernel's end of the game."""
    return [event for event in game.log if event.kind != GAME_OVER]
