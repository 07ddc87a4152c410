"""Infect, the Wolfman's and the Werewolf's (R:627, R:632): a Threshold model one of them
removes with a Major Injury is Infected on a 6 of 1D6, rolled at once and kept in the game's
state (``infected``) and log. What Infection does comes after the game, in the campaign: no
Major Injury roll for it, the D6 before each later game that makes it a Wolfman, its Black
Marks; the campaign is not played, so the game ends with the roll.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.model import MAJOR_INJURY, AeonsModel

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Wolfman and Werewolf: Infect (R:627)"
INFECTS = 6
THRESHOLD = 0
"""The Threshold's side."""


def bitten(game: AeonsGame, m: AeonsModel, reason: str, by: tuple[str, ...]) -> None:
    """Roll for the Infection of ``m``, removed for ``reason`` by the models ``by``, if one of
    them Infects and it is a Threshold model removed with a Major Injury."""
    cat = catalog_of(game)
    infects = any(cat.profile(game.model(b).profile).can("infect") for b in by)
    if not (infects and reason == MAJOR_INJURY and m.side == THRESHOLD):
        return
    infected = game.roll("D6", "infect", RULE, m.id).value == INFECTS
    game.emit("infected" if infected else "uninfected", RULE, (m.id,))
    if infected:
        game.state.infected = (*game.state.infected, m.id)
