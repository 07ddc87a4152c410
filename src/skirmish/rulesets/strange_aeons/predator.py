"""The Daemonic Hound's Predator (R:562): in a Turn in which it has taken two Move Actions (a
Charge is one, R:131), every shot at it that Turn needs 1 more to hit (the Alert shots its
Moves draw: our reading of "on any Turn", the shots of the opponent's Turn being of another).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.model import AeonsModel

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Daemonic Hound: Predator (R:562)"
MOVES = 2
"""The Move Actions in a Turn that make it hard to hit."""
PENALTY = 1


def strode(game: AeonsGame, m: AeonsModel) -> None:
    """``m`` takes a Move Action this Turn."""
    game.state.strides = (*game.state.strides, m.id)


def penalty(game: AeonsGame, target: AeonsModel) -> int:
    """What a shot at ``target`` adds to the roll it needs to hit."""
    if game.state.strides.count(target.id) < MOVES:
        return 0
    if not catalog_of(game).profile(target.profile).can("predator"):
        return 0
    game.emit("predator", RULE, (target.id,), penalty=PENALTY)
    return PENALTY
