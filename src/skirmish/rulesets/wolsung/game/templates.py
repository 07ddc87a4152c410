"""Templates on the table: where they lie, who is under them, the Fire they burn with, and
their end (L52, L575, L612; rules notes §1.3 IV, §5, §7 items 54, 76).

- A template is a disc lying on the level it was laid on. The Fire Template's size is not
  printed: it is a 3" disc ([HOUSE] §7 item 76, the first of the notes' two shapes; the
  teardrop is not played).
- A model is under a template when its base, on that level, lies under it even in part,
  touching its rim included (:class:`skirmish.geometry.templates.CircleTemplate`).
- Fire burns: a model that starts an Action under a Fire Template, or moves through one,
  takes an S1 Fire hit at the end of that Action, with no roll, 1 less its Armour (L575, §7
  item 76), once a template an Action; Resistance to Fire and Fire Immunity cut it as any
  Fire hit (§7 item 54). A model moves through a template when its base touches it along
  the way it goes on the template's level, or where it ends.
- Fire Templates are removed at the end of the turn (L52, L575).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Literal

from skirmish.geometry.shapes import CONTACT, Point, point_segment_distance
from skirmish.geometry.templates import CircleTemplate
from skirmish.rulesets.wolsung.combat.hits import damage_of
from skirmish.rulesets.wolsung.combat.modifiers import Modifier
from skirmish.rulesets.wolsung.game.base import house_of
from skirmish.rulesets.wolsung.game.damage import queue_damage
from skirmish.rulesets.wolsung.game.effects import current
from skirmish.rulesets.wolsung.game.model import WolsungModel
from skirmish.rulesets.wolsung.game.space import on_table
from skirmish.rulesets.wolsung.game.state import Template, WolsungGame
from skirmish.rulesets.wolsung.rules_data.records import KeywordRef

__all__ = [
    "FIRE",
    "FIRE_RADIUS",
    "burn_along",
    "burn_at_start",
    "expire_templates",
    "lay",
    "lift",
    "models_under",
    "under",
]

FIRE = "fire"
FIRE_RADIUS = 1.5
"""The Fire Template: a disc 3" across ([HOUSE] §7 item 76)."""
BURN = "L575"
FIRE_HIT = (Modifier(1, "Fire Template S1 (L575)"),)
FIRE_TRAIT = (KeywordRef("fire"),)


def lay(
    game: WolsungGame, kind: str, center: Point, radius: float, level: str | None, side: int
) -> Template:
    """Lay a template of ``kind`` on the table and log it."""
    st = game.state
    st.laid += 1
    template = Template(f"{kind[0].upper()}{st.laid}", kind, *center, radius, level, side)
    st.templates = (*st.templates, template)
    at = [round(center[0], 2), round(center[1], 2)]
    rule = BURN if kind == FIRE else "L723"
    game.emit("template-laid", rule, (), id=template.id, kind=kind, at=at)
    return template


def lift(game: WolsungGame, template: Template, rule: str) -> None:
    """Take ``template`` off the table and log it."""
    game.state.templates = tuple(t for t in game.state.templates if t.id != template.id)
    game.emit("template-lifted", rule, (), id=template.id, kind=template.kind)


def under(template: Template, m: WolsungModel) -> Literal["full", "partial"] | None:
    """How ``m``'s base lies under ``template``: wholly, in part, or not at all."""
    if m.level != template.level:
        return None
    return CircleTemplate((template.x, template.y), template.radius).covers(m.pos, m.radius)


def models_under(game: WolsungGame, template: Template) -> list[WolsungModel]:
    """The models on the table under ``template``, in the game's order."""
    return [m for m in on_table(game) if under(template, m) is not None]


def _burn(game: WolsungGame, m: WolsungModel, template: Template, why: str) -> None:
    """``template`` burns ``m``: an S1 Fire hit at the end of the Action, once an Action."""
    st = game.state
    if (m.id, template.id) in st.burnt:
        return
    st.burnt = (*st.burnt, (m.id, template.id))
    hit = damage_of(FIRE_HIT, 0, FIRE_TRAIT, current(game, m), shooting=False, rules=house_of(game))
    game.emit("burnt", BURN, (m.id,), id=template.id, why=why)
    queue_damage(game, m.id, hit, BURN, shielded=False, by=template.side)


def _fires(game: WolsungGame) -> list[Template]:
    return [t for t in game.state.templates if t.kind == FIRE]


def burn_at_start(game: WolsungGame, m: WolsungModel) -> None:
    """``m`` starts an Action: each Fire Template it is under burns it (L575)."""
    for template in _fires(game):
        if under(template, m) is not None:
            _burn(game, m, template, "start")


def burn_along(game: WolsungGame, m: WolsungModel, points: Sequence[Point]) -> None:
    """``m`` has moved along ``points`` to where it stands: each Fire Template on its level
    that its base touched on the way, or touches now, burns it (L575)."""
    for template in _fires(game):
        if template.level != m.level:
            continue
        reach = template.radius + m.radius + CONTACT
        centre = (template.x, template.y)
        legs = list(itertools.pairwise(points)) or [(m.pos, m.pos)]
        if any(point_segment_distance(centre, a, b) <= reach for a, b in legs):
            _burn(game, m, template, "move")


def expire_templates(game: WolsungGame) -> None:
    """The turn ends: the Fire Templates are removed (L52, L575)."""
    for template in _fires(game):
        lift(game, template, "L52")
