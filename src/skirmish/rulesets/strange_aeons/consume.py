"""Consume, the Formless Thing's and the Tentacle's (R:575, R:698): a shot of no damage, 8" from
the Formless Thing's Pseudopods, 6" from a Tentacle, Rate 1D, fired by a Shoot Action (an
Alert shot too). Rolled to hit and saved as any shot; when a hit gets through, the shooter
drags the target into base-to-base with it: it is placed touching the shooter, on its side
of the shooter or the nearest spot round it where its base may stand (none: it stays where
it is, our reading; nor is a Mob's member dragged out of its Mob, nor a rider from his
Horse or a Horse from its rider). That is a Charge by the shooter, and a round of close
combat follows at once, after the Resolve tests a Hideous model in base-to-base asks for
(R:117).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.rulesets.strange_aeons import mobs
from skirmish.rulesets.strange_aeons.catalog import Weapon
from skirmish.rulesets.strange_aeons.psychology import round_after_tests
from skirmish.rulesets.strange_aeons.riding import mount_of, rider_of, spot

if TYPE_CHECKING:
    from skirmish.engine.step import Step
    from skirmish.rulesets.strange_aeons.model import AeonsModel
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Consume (R:575, R:698)"


def drags(weapon: Weapon) -> bool:
    """Whether a hit of ``weapon`` drags its target in (a Consume shot)."""
    return weapon.ability == "consume"


def drag(game: AeonsGame, shooter: AeonsModel, target: AeonsModel) -> list[Step]:
    """``target``, hit, is dragged into base-to-base with ``shooter``, and they fight."""
    far = shooter.radius + target.radius
    at = spot(game, target, shooter.pos, far, shooter.level, toward=target.pos)
    # A Mob is one body, and a Horse carries its rider: neither is torn apart (our reading).
    held = mobs.in_mob(game, target) or mount_of(game, target) or rider_of(game, target)
    if at is None or held:
        game.emit("consume-held", RULE, (shooter.id, target.id))
        return []
    target.x, target.y = at
    target.level = shooter.level
    game.emit("consumed", RULE, (shooter.id, target.id), to=[round(at[0], 2), round(at[1], 2)])
    return round_after_tests(shooter.id, target.id, charge=True)
