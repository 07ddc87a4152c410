"""Arc (R:1224): the energy of an Arc weapon's hit jumps from model to model.

Once a shot that hit has been worked out against its target (saved or not), a D6 is rolled:
on 3+ the energy jumps to another model within 6" of the last model it struck (a template's
"initial targets", R:1224, are the models under it, the energy leaving from the one nearest
its centre), chosen at
random when there are several, friends included; the firer, like every model struck
already, is never chosen (a model is struck once, R:1224: our reading counts the firer as
the source). The model it jumps to takes one hit of the weapon: it saves with no cover
(the energy comes from the model beside it; the saves of its prone state, terrain and skills
still count, as against any shot), then rolls to wound with one die and the weapon's Damage.
Each later jump needs one more (4+, 5+, then 6), at most four in all; a failed roll, or no
model within 6", ends it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.rulesets.strange_aeons.ghosts import is_ghost
from skirmish.rulesets.strange_aeons.shooting import LoneHit, Shoot, random_index
from skirmish.rulesets.strange_aeons.space import gap, models

if TYPE_CHECKING:
    from skirmish.geometry.shapes import Point
    from skirmish.rulesets.strange_aeons.catalog import Weapon
    from skirmish.rulesets.strange_aeons.model import AeonsModel
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Weapon special rules: Arc (R:1224)"
ARC_REACH = 6.0  # R:1224
FIRST_NEED = 3  # R:1224: 3+, then 4+, 5+ and 6
MOST_JUMPS = 4  # R:1224


def arc_reach(game: AeonsGame, source: AeonsModel, spent: tuple[str, ...]) -> list[AeonsModel]:
    """The models the energy may jump to from ``source``: within 6" of it and in none of
    ``spent`` (the firer and the models struck)."""
    return [
        m
        for m in models(game)
        if m.id not in spent
        and m is not source
        and gap(game, source, m) <= ARC_REACH
        and not is_ghost(game, m)
    ]


@dataclass(slots=True, eq=False)
class Arc(Step):
    """The jumps of an Arc weapon's energy after its shot; ``spent`` holds the firer and
    every model struck, the last the one it jumps from."""

    rule = RULE
    shooter: str
    weapon: str
    spent: tuple[str, ...]
    jumps: int = 0

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        source = game.model(self.spent[-1])
        reach = arc_reach(game, source, self.spent)
        if self.jumps >= MOST_JUMPS or not reach:
            game.emit("arc-spent", RULE, (source.id,), jumps=self.jumps)
            return []
        need = FIRST_NEED + self.jumps
        face = game.roll("D6", "arc", RULE, self.shooter).value
        if face < need:
            game.emit("arc-spent", RULE, (source.id,), jumps=self.jumps, need=need)
            return []
        struck = reach[random_index(game, len(reach), self.shooter, RULE)]
        self.jumps += 1
        self.spent = (*self.spent, struck.id)
        game.emit("arc", RULE, (source.id, struck.id), jump=self.jumps, need=need)
        return [LoneHit(self.shooter, struck.id, self.weapon, RULE), self]


def template_arc(
    game: AeonsGame, shooter: str, weapon: Weapon, struck: list[AeonsModel], center: Point
) -> list[Step]:
    """The jumps of an Arc weapon's template (the Shock Canister, R:1308) once the models
    under it are worked out: from the one nearest its centre, none of them struck again. With
    no model under it (only an object) there is no model for the energy to leave from."""
    if not weapon.has("arc") or not struck:
        return []
    source = min(struck, key=lambda m: math.dist(m.pos, center))
    others = tuple(m.id for m in struck if m is not source)
    return [Arc(shooter, weapon.id, (shooter, *others, source.id))]


@dataclass(slots=True, eq=False)
class ArcShot(Shoot):
    """A Shoot Action with an Arc weapon: once its hits are worked out, the energy jumps."""

    def landed(self, game: AeonsGame, faces: tuple[int, ...]) -> list[Step]:
        """A shot that hit arcs after its saves and wounds."""
        steps = Shoot.landed(self, game, faces)
        if not self.hits:
            return steps
        return [*steps, Arc(self.shooter, self.weapon, (self.shooter, self.target))]
