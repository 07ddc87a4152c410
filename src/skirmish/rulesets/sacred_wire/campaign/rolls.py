"""The post-game's dice: the campaign tables' dice (``2d6``, ``d10``, the Performance Review's
``d6`` and the Rage Stim's ``d4``, K2.3, K3.2-K3.4, C4.20, R3.9) rolled on the game's own dice,
each roll an event of the log."""

from __future__ import annotations

from skirmish.rulesets.sacred_wire.campaign.state import PostGame
from skirmish.rulesets.sacred_wire.rules_data.effects import DamageDice

__all__ = ["roll"]


def roll(game: PostGame, dice: DamageDice, purpose: str, rule: str, model: str = "") -> int:
    """Roll ``dice`` for ``purpose`` (by ``model``, "" for the squad); return the total."""
    rolled = game.roll(dice.notation, purpose, rule, model or None)
    return rolled.value + dice.bonus
