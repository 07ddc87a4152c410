"""Shots that hit every model in an area: the Fire Template of the Scorchers (L575, L612;
rules notes §5, §7 item 76).

- The shot is declared at an enemy in sight (L82) and the template laid centred on it (§7
  item 76, :mod:`.templates`); only then is the range measured, from the shooter's base to
  the template's nearest and farthest points (L10, L575).
- Nearest point beyond the weapon's range: the shot does nothing, and no template stays.
  Farthest point beyond: no attack, but the template stays on the table. Otherwise the
  template stays, and every model under it, friend or foe, the shooter aside, is shot: a shot
  of its own (:class:`.Shoot`), one after another, the declared target first, each with its
  own reaction, its own range band, cover and height, its Heroic Deeds, and its damage at
  the end of the Action (L575, §7 item 76). A model under the template is hit whoever it
  touches: no shot goes into a melee (L123).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.rulesets.wolsung.game.attacks import Shoot, weapon_of
from skirmish.rulesets.wolsung.game.model import WolsungModel
from skirmish.rulesets.wolsung.game.space import disc, surface
from skirmish.rulesets.wolsung.game.state import Template, WolsungGame
from skirmish.rulesets.wolsung.game.templates import FIRE, FIRE_RADIUS, lay, lift, models_under
from skirmish.rulesets.wolsung.table.measure import Spot, distance

__all__ = ["TEMPLATE", "TemplateShot", "template_reach"]

TEMPLATE = "L575"


def template_reach(
    game: WolsungGame, shooter: WolsungModel, template: Template
) -> tuple[float, float]:
    """How far ``template``'s nearest and farthest points are from ``shooter``'s base, in 3D
    (L10, L575)."""
    z = game.board.surface_height(template.level)
    near = distance(disc(game, shooter), Spot(template.x, template.y, z, template.radius))
    across = math.hypot(template.x - shooter.x, template.y - shooter.y)
    far = math.hypot(across + template.radius - shooter.radius, z - surface(game, shooter))
    return near, far


@dataclass(slots=True, eq=False)
class TemplateShot(Step):
    """``shooter`` fires the template ``weapon`` at ``target``: the template is laid, the
    range measured, and every model under it shot (L575); ``moved`` and ``first_shot`` as for
    :class:`.Shoot`."""

    rule = TEMPLATE
    shooter: str = ""
    weapon: str = ""
    target: str = ""
    moved: bool = False
    first_shot: bool = True

    def run(self, game: WolsungGame, action: Action | None) -> Decision | list[Step]:
        m, target = game.model(self.shooter), game.model(self.target)
        template = lay(game, FIRE, target.pos, FIRE_RADIUS, target.level, m.side)
        near, far = template_reach(game, m, template)
        most = weapon_of(game, m.id, self.weapon).bands[-1].max
        reached = "all" if far <= most else "part" if near <= most else "none"
        game.emit(
            "template-range",
            TEMPLATE,
            (m.id,),
            id=template.id,
            near=round(near, 2),
            far=round(far, 2),
            reached=reached,
        )
        if reached == "none":
            lift(game, template, TEMPLATE)
        if reached != "all":
            return []
        under = [o for o in models_under(game, template) if o.id != m.id]
        under.sort(key=lambda o: o.id != target.id)
        return [
            Shoot(
                shooter=m.id,
                weapon=self.weapon,
                target=o.id,
                moved=self.moved,
                first_shot=self.first_shot,
                area=True,
            )
            for o in under
        ]
