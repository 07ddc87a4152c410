"""The post-game's dice: the campaign tables' dice (``2d6``, ``d10``, the Performance Review's
``d6`` and the Rage Stim's ``d4``, K2.3, K3.2-K3.4, C4.20, R3.9) rolled on the game's own dice,
each roll an event of the log.

One seed gives a campaign round its dice: the game's own seed plays the game, and everything
else rolls on its own stream of it (:func:`stream_seed`): the mission generator (K1.3) and each
side's post-game, so no two of them draw the same faces and a given seed still gives the same
round.
"""

from __future__ import annotations

import hashlib

from skirmish.dice import MAX_SEED
from skirmish.rulesets.sacred_wire.campaign.state import PostGame
from skirmish.rulesets.sacred_wire.rules_data.effects import DamageDice

__all__ = ["GENERATOR", "post_game_stream", "roll", "stream_seed"]

#: The mission generator's stream of a seed (K1.3).
GENERATOR = "mission generator"


def stream_seed(seed: int, purpose: str) -> int:
    """The seed of ``purpose``'s own dice stream of ``seed``: the first 8 bytes of the SHA-256
    of ``"<seed>/<purpose>"``, big-endian, within the seeds' range."""
    digest = hashlib.sha256(f"{seed}/{purpose}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % (MAX_SEED + 1)


def post_game_stream(seed: int, side: int) -> int:
    """The seed of the post-game of side ``side`` (0 = A) of the game of ``seed`` (K3)."""
    return stream_seed(seed, f"post-game {'AB'[side]}")


def roll(game: PostGame, dice: DamageDice, purpose: str, rule: str, model: str = "") -> int:
    """Roll ``dice`` for ``purpose`` (by ``model``, "" for the squad); return the total."""
    rolled = game.roll(dice.notation, purpose, rule, model or None)
    return rolled.value + dice.bonus
