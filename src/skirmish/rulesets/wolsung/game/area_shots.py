"""Shots that hit every model in an area: the Fire Template of the Scorchers and the Sun
Spear's Beam (L575, L612, L625; rules notes §5, §7 items 76, 81).

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
- Beam: the shooter aims at a point of the table, and the beam runs straight from her through
  it to the table's edge (L625). Every model whose base the line crosses (it has no width,
  §7 item 81) and that she sees is shot, a shot of its own as under a template, nearest
  first. The models on the line do not hide one another from her: the beam goes through them
  ([HOUSE] reading, with bodies blocking sight, §7 item 20). Her Mirror Servants are not
  fielded, so no Mirror relays the beam (L637).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.geometry.shapes import Point, point_segment_distance
from skirmish.rulesets.wolsung.game.attacks import Shoot, weapon_of
from skirmish.rulesets.wolsung.game.model import WolsungModel
from skirmish.rulesets.wolsung.game.sight import body, seen_from
from skirmish.rulesets.wolsung.game.space import disc, on_table, surface
from skirmish.rulesets.wolsung.game.state import Template, WolsungGame
from skirmish.rulesets.wolsung.game.templates import FIRE, FIRE_RADIUS, lay, lift, models_under
from skirmish.rulesets.wolsung.table.measure import Spot, distance

__all__ = [
    "BEAM",
    "TEMPLATE",
    "BeamShot",
    "TemplateShot",
    "beam_end",
    "beam_error",
    "beam_targets",
    "template_reach",
]

TEMPLATE = "L575"
BEAM = "L625"


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


def beam_end(game: WolsungGame, shooter: WolsungModel, aim: Point) -> Point:
    """Where the beam from ``shooter`` through ``aim`` leaves the table (L625)."""
    (x, y), (dx, dy) = shooter.pos, (aim[0] - shooter.x, aim[1] - shooter.y)
    board = game.board
    reaches = [
        (edge - start) / step
        for start, step, far in ((x, dx, board.width), (y, dy, board.height))
        if step
        for edge in (0.0, far)
        if (edge - start) / step > 0
    ]
    t = min(reaches)
    return (x + dx * t, y + dy * t)


def beam_error(game: WolsungGame, shooter: WolsungModel, aim: Point) -> str | None:
    """Why ``shooter`` may not aim a beam at ``aim``, or ``None``: a point of the table off
    her own base (L625)."""
    if not game.board.on_table(aim, 0.0):
        return "aim at a point of the table (L625)"
    if math.dist(shooter.pos, aim) <= shooter.radius:
        return "aim at a point off the shooter's own base (L625)"
    return None


def beam_targets(game: WolsungGame, shooter: WolsungModel, aim: Point) -> list[WolsungModel]:
    """The models the beam of ``shooter`` through ``aim`` crosses and she sees, nearest first
    (L625, §7 item 81)."""
    end = beam_end(game, shooter, aim)
    crossed = [
        o
        for o in on_table(game)
        if o.id != shooter.id and point_segment_distance(o.pos, shooter.pos, end) <= o.radius
    ]
    line = (shooter.id, *(o.id for o in crossed))
    seen = [o for o in crossed if seen_from(game, body(shooter), body(o), line).visible]
    return sorted(seen, key=lambda o: math.dist(shooter.pos, o.pos))


@dataclass(slots=True, eq=False)
class BeamShot(Step):
    """``shooter`` fires the beam ``weapon`` through ``x, y``: every model on the line that she
    sees is shot (L625); ``moved`` and ``first_shot`` as for :class:`.Shoot`."""

    rule = BEAM
    shooter: str = ""
    weapon: str = ""
    x: float = 0.0
    y: float = 0.0
    moved: bool = False
    first_shot: bool = True

    def run(self, game: WolsungGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.shooter)
        end = beam_end(game, m, (self.x, self.y))
        targets = beam_targets(game, m, (self.x, self.y))
        to = [round(end[0], 2), round(end[1], 2)]
        line = tuple(o.id for o in targets)
        game.emit("beam", BEAM, (m.id, *line), to=to)
        return [
            Shoot(
                shooter=m.id,
                weapon=self.weapon,
                target=o.id,
                moved=self.moved,
                first_shot=self.first_shot,
                area=True,
                through=line,
            )
            for o in targets
        ]
