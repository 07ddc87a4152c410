"""The Demolitionist's The Natural (R:398): when the template of its own Dynamite, thrown or
set off by its Detonator, comes down over it, its player may move the template off it.

Our reading of "move the Template off the model": its player picks one of the eight ways a
missed template scatters (:mod:`.templates`), and the template goes that way just far enough
to leave the Demolitionist's base uncovered, whoever it then covers; or the player leaves it
where it lies.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.geometry.shapes import CONTACT
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.shooting import DYNAMITE

if TYPE_CHECKING:
    from skirmish.geometry.shapes import Point
    from skirmish.rulesets.strange_aeons.model import AeonsModel
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Demolitionist: The Natural (R:398)"
SHIFT = "natural"
STAY = "no-natural"


def caught(game: AeonsGame, m: AeonsModel, weapon: str, covered: list[AeonsModel]) -> bool:
    """Whether ``m``, a Natural, lies under the template of its own Dynamite."""
    natural = catalog_of(game).profile(m.profile).can("the_natural")
    return natural and weapon == DYNAMITE and m in covered


def ask(m: AeonsModel, directions: tuple[int, ...]) -> Decision:
    """Its player's choice: a way to move the template off ``m``, or none."""
    ways = tuple(Action(SHIFT, (m.id, str(d))) for d in directions)
    prompt = f"{m.name} is under its own Dynamite: move the template off it one way, or not"
    return Decision(m.side, "the-natural", prompt, (*ways, Action(STAY, (m.id,))))


def off(center: Point, radius: float, m: AeonsModel, degrees: int) -> Point:
    """``center`` of a template of ``radius`` moved the way ``degrees`` points just far
    enough to uncover the base of ``m``."""
    rad = math.radians(degrees)
    ux, uy = math.cos(rad), math.sin(rad)
    vx, vy = center[0] - m.x, center[1] - m.y
    clear = radius + m.radius + 2 * CONTACT  # beyond touching the rim
    along = vx * ux + vy * uy
    distance = -along + math.sqrt(max(0.0, along * along - (vx * vx + vy * vy) + clear * clear))
    return (round(center[0] + distance * ux, 2), round(center[1] + distance * uy, 2))
