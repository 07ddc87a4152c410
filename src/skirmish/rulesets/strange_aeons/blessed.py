"""Blessed (R:116, R:403; rules notes §1.14, §3.10): what may attack a Ghost.

No Shooting or Close Combat attack is made against a Ghost unless the model or the weapon
used is Blessed (R:116), the Ghost's figures printed in parentheses then fighting (they are
its profile's figures here, a Ghost being attacked by nothing else). The Exorcist's Man of
Faith makes him Blessed in close combat against Ghosts and Undead (R:403): he may Charge a
Ghost and fight it, the Ghost fighting back as its profile allows. Against an Undead being
Blessed changes nothing the book defines (notes §3.10: Blessed is what damages Ghosts). A
Banish weapon may target a Ghost too (notes §6 item 60, :mod:`.banish`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.ghosts import is_ghost, untouchable_error

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.model import AeonsModel
    from skirmish.rulesets.strange_aeons.state import AeonsGame


def in_close_combat(game: AeonsGame, m: AeonsModel, foe: AeonsModel) -> bool:
    """Whether ``m`` is Blessed in close combat against ``foe``: a Man of Faith against a
    Ghost or an Undead (R:403)."""
    cat = catalog_of(game)
    holy = cat.profile(m.profile).can("man_of_faith")
    return holy and (is_ghost(game, foe) or "undead" in cat.profile(foe.profile).types)


def engaged(game: AeonsGame, a: AeonsModel, b: AeonsModel) -> bool:
    """Whether ``a`` and ``b``, enemies in base contact, are engaged in close combat: not
    where one is a Ghost the other is not Blessed against (R:116; a Spectre faded, R:740)."""
    pairs = ((a, b), (b, a))
    return all(not is_ghost(game, g) or in_close_combat(game, o, g) for g, o in pairs)


def close_error(game: AeonsGame, m: AeonsModel, target: AeonsModel) -> str | None:
    """Why ``m`` may not attack ``target``, a Ghost, in close combat: only a Blessed model
    may (R:116), or ``None``."""
    if in_close_combat(game, m, target):
        return None
    return untouchable_error(game, target)
