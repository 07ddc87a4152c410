"""The post-game sequence of a Sacred Wire campaign as a game of the kernel (K3): one side, the
squad's owner, who makes the choices the rules leave open; the book being built is the game's
state, so a post-game stopped at a choice saves, resumes and replays like any game.

Its setup is in :mod:`.setup`, its steps in :mod:`.sequence` (with :mod:`.evidence` and
:mod:`.rows`), the owner's choices and the default policy in :mod:`.choices`, its log in
:mod:`.log`, the owner's prompt at the terminal in :mod:`.prompt`. The heuristic player plays
the default policy: :meth:`score_actions` scores the default pick of each choice above every
other option.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from skirmish.engine.action import Action
from skirmish.engine.events import Event
from skirmish.engine.model import Model
from skirmish.engine.registry import register_ruleset
from skirmish.errors import expect
from skirmish.geometry.board import Board, load_board
from skirmish.rulesets.sacred_wire.base import WireRuleset
from skirmish.rulesets.sacred_wire.campaign import log, prompt
from skirmish.rulesets.sacred_wire.campaign.book import CampaignError, Member
from skirmish.rulesets.sacred_wire.campaign.choices import OwnerChoice
from skirmish.rulesets.sacred_wire.campaign.outcome import outcome_from_data
from skirmish.rulesets.sacred_wire.campaign.rows import row_problems
from skirmish.rulesets.sacred_wire.campaign.sequence import opening
from skirmish.rulesets.sacred_wire.campaign.setup import SETUP_KEYS, normalize_setup
from skirmish.rulesets.sacred_wire.campaign.sheet import (
    BookSheet,
    book_of,
    member_of,
    sheet_from_data,
)
from skirmish.rulesets.sacred_wire.campaign.state import PostGame, PostGameState
from skirmish.rulesets.sacred_wire.rules_data.campaign_tables import MOST, Limits
from skirmish.rulesets.sacred_wire.rules_data.catalog import Catalog
from skirmish.rulesets.sacred_wire.rules_data.dispatch import UnhandledEffectError
from skirmish.rulesets.sacred_wire.squads.squad import Attribute

__all__ = ["PostGameRuleset"]

#: The most one game can add to the Evidence to record: finds, rewards and the winner's
#: (data/campaign.toml [outcome] and [evidence]).
_ONE_GAME = 14 + 99 + 1


@register_ruleset
class PostGameRuleset(WireRuleset[Model, PostGameState]):
    """The owner applies one game's outcome to the campaign book, step by step, reading the
    catalogue of ``data_folder`` (:mod:`..base`)."""

    id = "sacred-wire-post-game"
    title = "Sacred Wire 28 (v0.9.0-beta): a campaign's post-game sequence"
    sides = ("Owner",)
    # Each Evidence to record asks once (at most MOST in the book and one game's more), each
    # one lost once, and each Injury or Promotion row at most a gain, a new Boss and its perk.
    max_actions = 2 * (MOST + _ONE_GAME) + 500
    setup_keys = SETUP_KEYS
    has_table = False  # the sequence is played on the book (K2, K3)

    def __init__(self) -> None:
        super().__init__()
        problems = row_problems(self.catalog.campaign)
        if problems:
            raise UnhandledEffectError(f"campaign.toml: {'; '.join(problems)}")

    def normalize_setup(self, options: dict[str, Any]) -> dict[str, Any]:
        return normalize_setup(options, self.catalog, self.data_folder)

    def board(self, setup: dict[str, Any]) -> Board:
        return load_board("open")  # a placeholder: a post-game has no table (has_table)

    def new_state(self, setup: dict[str, Any]) -> PostGameState:
        # A restored save's setup is not normalized again: a book edited out of a table is
        # refused as a part of the save, not failed on.
        book = sheet_from_data(expect(setup["book"], dict, "its book"))
        before = tuple((m.name, m.merits) for m in book.members)
        return PostGameState(book, before)

    def start(self, game: PostGame) -> None:
        book = book_of(game.state.book, self.catalog)
        outcome = outcome_from_data(game.setup["outcome"])
        excludes = bool(game.setup["exploration_excludes_ooa"])
        game.begin(opening(book, outcome, excludes, self.catalog))

    def describe(self, game: PostGame, event: Event) -> str:
        return log.describe(event)

    def prompt_commands(self) -> dict[str, Callable[[PostGame], str]]:
        return prompt.commands()

    def where(self, game: PostGame) -> str:
        return f"post-game {game.state.stage}"

    def game_length(self, game: PostGame) -> int:
        """The owner's choices made."""
        return len(game.actions)

    def invariant_errors(self, game: PostGame) -> list[str]:
        errors = []
        if (game.decision is None) != game.is_over:
            errors.append("a decision must be pending exactly while the post-game goes on")
        errors += _book_errors(game.state.book, self.catalog)
        if game.is_over:
            errors += _finished_errors(game.state.book, self.catalog)
        return errors

    def score_actions(self, game: PostGame, candidates: list[Action]) -> list[float]:
        """1 for the default policy's pick (:mod:`.choices`), 0 for every other option."""
        asking = game.stack[-1] if game.stack else None
        best = asking.default(game) if isinstance(asking, OwnerChoice) else None
        return [1.0 if action == best else 0.0 for action in candidates]


def _book_errors(book: BookSheet, catalog: Catalog) -> list[str]:
    """Counts and each model within their bounds (K2.3, K3, K3.3, notes A62), at any moment."""
    rules = catalog.campaign
    errors = [
        f"{key} {n} is below 0"
        for key, n in (("subs", book.subs), ("leads", book.leads), ("unrecorded", book.unrecorded))
        if n < 0
    ]
    if len(set(book.evidence)) != len(book.evidence) or not all(
        1 <= t <= rules.evidence.die for t in book.evidence
    ):
        errors.append(f"Evidence types {book.evidence} are not distinct faces of the type die")
    if len(book.members) > catalog.squad.models:
        errors.append(f"{len(book.members)} models in the squad")
    bosses = [m.name for m in book.members if member_of(m, catalog).is_boss]
    if len(bosses) > 1:
        errors.append(f"{len(bosses)} Bosses: {bosses}")
    members = [member_of(m, catalog) for m in book.members]
    return errors + [e for m in members for e in _member_errors(m, rules.limits)]


def _member_errors(m: Member, limits: Limits) -> list[str]:
    errors = []
    if m.merits < 0 or m.damage < 0:
        errors.append(f"{m.name} has {m.merits} Merits and {m.damage} damage")
    if m.max_health <= 0 or m.move < limits.min_move:
        errors.append(f'{m.name} has max Health {m.max_health} and Move {m.move}" in the squad')
    tiers = [m.tier(a) for a in Attribute]
    if any(limits.clamp(t) != t for t in tiers):
        errors.append(f"{m.name}'s dice {tiers} leave the limits")
    return errors


def _finished_errors(book: BookSheet, catalog: Catalog) -> list[str]:
    """A finished post-game leaves a book that reads back as a book file."""
    try:
        book_of(book, catalog)
    except CampaignError as exc:
        return [str(exc)]
    return []
