"""The Wooden Stake (R:486, rules notes §3.3): Extra Gear carried as a close combat weapon,
C.C. bonus +1 and Damage 1D, with 2 more Damage against a Night Stalker and a Critical Hit
from a 5 against any Daemon.

A model fights a round with its best close combat weapon (:meth:`.Catalog.close_weapon`); a
winner that carries a Stake as well may wound a Daemon with the Stake instead, where the
Stake's C.C. bonus is as good as the one it fought with, so that the round's totals stand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.rulesets.strange_aeons.extra_gear import NIGHT_STALKER

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.catalog import Catalog, Profile, Weapon
    from skirmish.rulesets.strange_aeons.state import AeonsGame

STAKE = "wooden_stake"
RULE = "Extra Gear: Wooden Stake (R:486)"
NIGHT_STALKER_DAMAGE = 2
DAEMON_CRITICAL = 5
"""The lowest to-hit face that is, and that confirms, a Critical Hit against a Daemon."""


def offered(cat: Catalog, winner: Profile, loser: Profile) -> bool:
    """Whether ``winner`` may wound ``loser`` with its Stake in place of the weapon it fought
    with: a Daemon, and the Stake's C.C. bonus as good as that weapon's."""
    if STAKE not in winner.weapons or "daemon" not in loser.types:
        return False
    best = cat.close_weapon(winner)
    return best.id != STAKE and cat.weapon(STAKE).ccb >= best.ccb


def critical_face(face: int, weapon: Weapon, loser: Profile) -> int:
    """The lowest Critical Hit face of a blow with ``weapon`` at ``loser``, ``face`` as it is
    otherwise: a 5 for a Stake at a Daemon."""
    if weapon.id == STAKE and "daemon" in loser.types:
        return min(face, DAEMON_CRITICAL)
    return face


def damage(game: AeonsGame, weapon: Weapon, winner: str, loser: Profile) -> int:
    """What ``weapon`` adds to the Damage of ``winner``'s blows at ``loser``: 2 for a Stake at
    a Night Stalker, logged."""
    if weapon.id != STAKE or loser.kind != NIGHT_STALKER:
        return 0
    game.emit("stake", RULE, (winner,), bonus=NIGHT_STALKER_DAMAGE)
    return NIGHT_STALKER_DAMAGE
