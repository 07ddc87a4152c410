"""The state of a post-game in progress: the book being built (a :class:`~.sheet.BookSheet`),
the Merits each model had before the game (for the Promotion thresholds crossed, K3.4, notes
A78) and the step of the Post-Game Sequence it is at (K3)."""

from __future__ import annotations

from dataclasses import dataclass

from skirmish.engine.game import Game
from skirmish.engine.model import Model
from skirmish.engine.record import Record
from skirmish.rulesets.sacred_wire.base import catalog_of
from skirmish.rulesets.sacred_wire.campaign.book import Member
from skirmish.rulesets.sacred_wire.campaign.sheet import BookSheet, MemberSheet, member_of

__all__ = ["OWNER", "PostGame", "PostGameState", "member", "put"]

#: The one side: the squad's owner, who makes every choice the rules leave open.
OWNER = 0


@dataclass(slots=True, eq=False)
class PostGameState(Record):
    """``book`` as it stands; ``merits_before`` each model's Merits when the game ended, by
    name; ``stage`` the step of the sequence being run (for messages)."""

    book: BookSheet
    merits_before: tuple[tuple[str, int], ...] = ()
    stage: str = "before step 1"


PostGame = Game[Model, PostGameState]
"""A post-game: no models on a table, the book in its state."""


def member(game: PostGame, name: str) -> Member | None:
    """The model called ``name`` as it stands, or None when it has left the squad."""
    sheet = game.state.book.member(name)
    return None if sheet is None else member_of(sheet, catalog_of(game))


def put(game: PostGame, sheet: MemberSheet) -> None:
    """The model of ``sheet``'s name is now ``sheet``."""
    game.state.book = game.state.book.with_member(sheet)
