"""Kinesis (R:730; rules notes §3.4): the Poltergeist flings debris, a 12" shot of Rate 1D6
and Damage 1D+2, only while in base-to-base with scenery.

"In base-to-base with scenery" reads as Sneaky's "in scenery" (R:1136): a base touching or
overlapping a terrain piece, or standing on a roof. A Critical Miss of the shot (a 1 confirmed,
R:249) Jams nothing: the scenery the Poltergeist touches is depleted of debris instead, and
only other scenery serves it for Kinesis again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.geometry.shapes import CONTACT
from skirmish.rulesets.strange_aeons.base import catalog_of

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.catalog import Weapon
    from skirmish.rulesets.strange_aeons.model import AeonsModel
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Poltergeist: Kinesis (R:730)"


def scenery(game: AeonsGame, m: AeonsModel) -> list[str]:
    """The pieces of scenery ``m`` is in base-to-base with (or on the roof of)."""
    near = [t.id for t in game.board.terrain if t.base_overlaps(m.pos, m.radius, CONTACT)]
    return near if m.level is None or m.level in near else [m.level, *near]


def error(game: AeonsGame, m: AeonsModel, weapon: Weapon) -> str | None:
    """Why ``m`` may not fling debris with ``weapon`` now, or ``None`` (another weapon)."""
    if weapon.ability != "kinesis":
        return None
    usable = [p for p in scenery(game, m) if p not in game.state.depleted]
    if usable:
        return None
    return f"{m.id} is in base-to-base with no scenery it has not depleted ({RULE})"


def flung(game: AeonsGame, weapon_id: str) -> bool:
    """Whether ``weapon_id`` is a Kinesis shot, which a Critical Miss does not Jam."""
    return catalog_of(game).weapon(weapon_id).ability == "kinesis"


def deplete(game: AeonsGame, m: AeonsModel) -> None:
    """A Critical Miss of the shot: the scenery ``m`` touches has no debris left."""
    pieces = scenery(game, m)
    game.state.depleted = (*game.state.depleted, *pieces)
    game.emit("depleted", RULE, (m.id,), scenery=pieces)
