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

from collections.abc import Mapping
from typing import Any, Final

from skirmish.dice import DiceSource
from skirmish.engine.events import Event
from skirmish.engine.game import Game
from skirmish.engine.registry import find_registered
from skirmish.players.base import play
from skirmish.players.heuristic import HeuristicPlayer
from skirmish.rulesets.sacred_wire.base import catalog_of
from skirmish.rulesets.sacred_wire.campaign.book import Book, CampaignError
from skirmish.rulesets.sacred_wire.campaign.outcome import Outcome
from skirmish.rulesets.sacred_wire.campaign.ruleset import PostGameRuleset
from skirmish.rulesets.sacred_wire.campaign.setup import PostGameOptions, post_game_setup
from skirmish.rulesets.sacred_wire.campaign.sheet import BookSheet, book_of
from skirmish.rulesets.sacred_wire.campaign.state import PostGame

__all__ = [
    "GAME_OVER",
    "MODEL_FIELDS_ADDED",
    "OUTCOME_FIELDS_ADDED",
    "SHEET_FIELDS_ADDED",
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


#: The fields a post-game's save gained after such saves were first written, each at what its
#: lack means in a save from before it, so that one resumes: ``signal_elsewhere`` and
#: ``signal_done`` came with The Signal's once a campaign (K1.2), ``slagged`` with slagged
#: pieces kept in the Lockers (notes A71). A book sheet (by its saved type) from before
#: ``signal_elsewhere`` is not marked, as a book file without the mark reads, and one from
#: before ``slagged`` has no slagged piece in its Lockers, as such a book file has none; an
#: outcome from before ``signal_done`` does not say The Signal was played, as an outcome file
#: without it reads. A save lacking any other field is refused as it always was (``lacks field
#: ...``, or state not its actions').
SHEET_FIELDS_ADDED: Final[Mapping[str, Mapping[str, object]]] = {
    f"{BookSheet.__module__}.{BookSheet.__qualname__}": {"signal_elsewhere": False, "slagged": []}
}
OUTCOME_FIELDS_ADDED: Final[Mapping[str, bool]] = {"signal_done": False}
#: The same for each model of the outcome: ``kill_ids`` came with kills named by their ids in
#: a game record (K3.1); an outcome from before names its kills by name alone.
MODEL_FIELDS_ADDED: Final[Mapping[str, object]] = {"kill_ids": []}


def saved_post_game(data: dict[str, Any]) -> dict[str, Any]:
    """A post-game's save with what a save from before a field came lacks of
    :data:`SHEET_FIELDS_ADDED`, :data:`OUTCOME_FIELDS_ADDED` and :data:`MODEL_FIELDS_ADDED`,
    so that it loads. Another
    ruleset's save, or data out of shape, is left for the restore to refuse in its own
    words."""
    if data.get("ruleset") != PostGameRuleset.id:
        return data
    saved = {key: _sheets_filled(value) for key, value in data.items()}
    setup = saved.get("setup")
    outcome = setup.get("outcome") if isinstance(setup, dict) else None
    if isinstance(setup, dict) and isinstance(outcome, dict):
        models = outcome.get("models")
        if isinstance(models, list):
            outcome = {**outcome, "models": [_model_filled(m) for m in models]}
        saved["setup"] = {**setup, "outcome": {**OUTCOME_FIELDS_ADDED, **outcome}}
    return saved


def _model_filled(model: object) -> object:
    """A model of a saved outcome given what it lacks of :data:`MODEL_FIELDS_ADDED`; data out
    of shape is left for the restore to refuse."""
    return {**MODEL_FIELDS_ADDED, **model} if isinstance(model, dict) else model


def _sheets_filled(value: object) -> object:
    """``value``, a part of a save, with each sheet in it given what it lacks of
    :data:`SHEET_FIELDS_ADDED`; a table whose ``type`` is not text (a list, a table) names no
    sheet, and is left as it is for the restore to read."""
    if isinstance(value, list):
        return [_sheets_filled(v) for v in value]
    if not isinstance(value, dict):
        return value
    filled = {key: _sheets_filled(v) for key, v in value.items()}
    kind = filled.get("type")
    added = SHEET_FIELDS_ADDED.get(kind, {}) if isinstance(kind, str) else {}
    return {**added, **filled}


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
