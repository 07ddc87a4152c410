"""The Hybrid's Non-Lethal Force (R:855, rules notes §6 item 59).

A Threshold model's to-hit roll against a model with Non-Lethal Force, in close combat or
shooting, reads each 6 as a 1: a Critical Hit becomes a Critical Miss, and in shooting a
miss that may Jam. The faces are read so once the roll stands, after its re-rolls, before
anything counts them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from skirmish.dice import Roll, value_of
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.model import AeonsModel

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Hybrid: Non-Lethal Force (R:855, rules notes §6 item 59)"
THRESHOLD = 0
"""The side whose to-hit rolls the rule changes (notes §6 item 59)."""
HELD_BACK, READ_AS = 6, 1


def read(game: AeonsGame, roll: Roll, attacker: AeonsModel, target: AeonsModel) -> Roll:
    """``roll``, ``attacker``'s to hit against ``target``, with its 6s read as 1s where the
    rule holds back the blow."""
    read = held_back(game, roll, attacker, target)
    if read is not roll:
        game.emit("non-lethal", RULE, (attacker.id, target.id), sixes=roll.faces.count(HELD_BACK))
    return read


def held_back(game: AeonsGame, roll: Roll, attacker: AeonsModel, target: AeonsModel) -> Roll:
    """:func:`read` unlogged: ``roll`` as the rule reads it, or ``roll`` itself."""
    restrained = attacker.side == THRESHOLD and target.side != THRESHOLD
    if HELD_BACK not in roll.faces or not restrained:
        return roll
    if not catalog_of(game).profile(target.profile).can("non_lethal_force"):
        return roll
    faces = tuple(READ_AS if f == HELD_BACK else f for f in roll.faces)
    return replace(roll, faces=faces, value=value_of(roll.dice, faces))
