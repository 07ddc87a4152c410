"""Templates on the table: where they lie, who is under them, what hurts those who stand or
walk in them, and their end (L52, L575, L612, L721-L723, L787; rules notes §1.3 IV, §5, §7
items 54, 76, 86, 95).

- A template is a disc lying on the level it was laid on: the Fire Template of a Scorcher,
  whose size is not printed, a 3" disc ([HOUSE] §7 item 76, the first of the notes' two
  shapes; the teardrop is not played), the Mist Template, 3" across (L723), and Heavy
  Smoker's Smoke Marker, whose size is not printed either, a 3" disc ([HOUSE] §7 item 61).
- A Mist Template or a Smoke Marker is laid in base contact with the model laying it, toward
  the point its player aims at, on the model's level (L744, L615).
- A model is under a template when its base, on that level, lies under it even in part
  (:class:`skirmish.geometry.templates.CircleTemplate`); wholly under it when all of its base
  is. A base touching a Fire Template's rim is under it, for the Fire attacks each model it
  touches (L575); one touching the rim of a Mist Template or a Smoke Marker is not, as they
  cover the models within them (L723, §7 item 61), so the model that lays one in base
  contact is not under it.
- Fire burns: a model that starts an Action under a Fire Template, or moves through one,
  takes an S1 Fire hit at the end of that Action, with no roll, 1 less its Armour (L575, §7
  item 76), once a template an Action; Resistance to Fire and Fire Immunity cut it as any
  Fire hit (§7 item 54). A model moves through a template when its base is under it at some
  point of the way it goes on the template's level, or where it ends.
- Acidic Fumes: while a model with the rule (Mr. Cheng) is on the table, a model that starts
  its activation under a Mist Template, or moves through one, loses 1 Wound, Armour ignored,
  whichever club it is (L787, §7 item 95), once a template an Action.
- Fire Templates and Smoke Markers are removed at the end of the turn (L52, L575, §7 item
  61); Mist Templates stay, as many as their club's Mistmakers (L721, :mod:`.mist`).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from typing import Literal

from skirmish.geometry.shapes import CONTACT, Point, point_segment_distance
from skirmish.geometry.templates import CircleTemplate
from skirmish.rulesets.wolsung.combat.hits import HitKind, damage_of
from skirmish.rulesets.wolsung.combat.modifiers import Modifier
from skirmish.rulesets.wolsung.game.base import house_of, member
from skirmish.rulesets.wolsung.game.damage import queue_damage, queue_wounds
from skirmish.rulesets.wolsung.game.effects import current
from skirmish.rulesets.wolsung.game.model import WolsungModel
from skirmish.rulesets.wolsung.game.space import on_table
from skirmish.rulesets.wolsung.game.state import Template, WolsungGame
from skirmish.rulesets.wolsung.rules_data.records import KeywordRef

__all__ = [
    "FIRE",
    "FIRE_RADIUS",
    "MIST",
    "MIST_RADIUS",
    "SMOKE",
    "SMOKE_RADIUS",
    "aim_error",
    "burn_at_start",
    "expire_templates",
    "fume_at_activation",
    "fumes",
    "hurt_along",
    "lay",
    "lift",
    "mists",
    "models_under",
    "smokes",
    "touching_centre",
    "under",
    "under_at",
]

FIRE = "fire"
MIST = "mist"
FIRE_RADIUS = 1.5
"""The Fire Template: a disc 3" across ([HOUSE] §7 item 76)."""
MIST_RADIUS = 1.5
"""The Mist Template: 3" across (L723)."""
SMOKE = "smoke"
SMOKE_RADIUS = 1.5
"""The Smoke Marker: a disc 3" across ([HOUSE] §7 item 61)."""
LAYING: Mapping[str, tuple[str, str, float, str]] = {
    MIST: ("Mistmaker", "Mist Template", MIST_RADIUS, "L744"),
    SMOKE: ("Heavy Smoker", "Smoke Marker", SMOKE_RADIUS, "L615"),
}
"""The templates a model lays in base contact: who lays it, its name, radius and rule."""
COVERING = (MIST, SMOKE)
"""The templates that cover the models within them, not those touching their rims."""
BURN = "L575"
FUMES = "L787"
ACIDIC_FUMES = "acidic_fumes"
FIRE_HIT = (Modifier(1, "Fire Template S1 (L575)"),)
FIRE_TRAIT = (KeywordRef("fire"),)


def lay(
    game: WolsungGame,
    kind: str,
    center: Point,
    radius: float,
    level: str | None,
    side: int,
    rule: str,
) -> Template:
    """Lay a template of ``kind`` on the table and log it, citing ``rule``, the one that lays
    it."""
    st = game.state
    st.laid += 1
    template = Template(f"{kind[0].upper()}{st.laid}", kind, *center, radius, level, side)
    st.templates = (*st.templates, template)
    at = [round(center[0], 2), round(center[1], 2)]
    game.emit("template-laid", rule, (), id=template.id, kind=kind, at=at)
    return template


def lift(game: WolsungGame, template: Template, rule: str) -> None:
    """Take ``template`` off the table and log it."""
    game.state.templates = tuple(t for t in game.state.templates if t.id != template.id)
    game.emit("template-lifted", rule, (), id=template.id, kind=template.kind)


def under_at(
    template: Template, point: Point, radius: float, level: str | None
) -> Literal["full", "partial"] | None:
    """How a base of ``radius`` at ``point`` on ``level`` lies under ``template``: wholly,
    in part, or not at all."""
    if level != template.level:
        return None
    lies = CircleTemplate((template.x, template.y), template.radius).covers(point, radius)
    if lies == "partial" and template.kind in COVERING:
        apart = math.dist(point, (template.x, template.y)) - (template.radius + radius)
        return lies if apart < -CONTACT else None
    return lies


def under(template: Template, m: WolsungModel) -> Literal["full", "partial"] | None:
    """How ``m``'s base lies under ``template``."""
    return under_at(template, m.pos, m.radius, m.level)


def models_under(game: WolsungGame, template: Template) -> list[WolsungModel]:
    """The models on the table under ``template``, in the game's order."""
    return [m for m in on_table(game) if under(template, m) is not None]


def mists(game: WolsungGame) -> list[Template]:
    """The Mist Templates on the table."""
    return [t for t in game.state.templates if t.kind == MIST]


def smokes(game: WolsungGame) -> list[Template]:
    """The Smoke Markers on the table."""
    return [t for t in game.state.templates if t.kind == SMOKE]


def touching_centre(m: WolsungModel, aim: Point, radius: float) -> Point:
    """The centre of a disc of ``radius`` laid in base contact with ``m``, toward ``aim``
    (L615, L744)."""
    apart = math.dist(m.pos, aim)
    reach = m.radius + radius
    return (m.x + (aim[0] - m.x) / apart * reach, m.y + (aim[1] - m.y) / apart * reach)


def aim_error(game: WolsungGame, m: WolsungModel, aim: Point, kind: str) -> str | None:
    """Why ``m`` may not lay a template of ``kind`` toward ``aim``, or ``None`` (L615,
    L744)."""
    maker, name, radius, rule = LAYING[kind]
    if math.dist(m.pos, aim) < CONTACT:
        return f"aim at a point off the centre of the {maker}'s base ({rule})"
    if not game.board.on_table(touching_centre(m, aim, radius), 0.0):
        return f"the {name} would lie off the table ({rule})"
    return None


def fumes(game: WolsungGame) -> WolsungModel | None:
    """The model whose Acidic Fumes are at work, if one is on the table (L787)."""
    return next((o for o in on_table(game) if member(game, o.id).fighter.has(ACIDIC_FUMES)), None)


def _hurt(game: WolsungGame, m: WolsungModel, template: Template, why: str) -> None:
    """``template`` hurts ``m``, once an Action: Fire's S1 hit (L575), or Acidic Fumes' Wound
    (L787), at the end of the Action."""
    st = game.state
    if (m.id, template.id) in st.burnt:
        return
    st.burnt = (*st.burnt, (m.id, template.id))
    if template.kind == FIRE:
        rules = house_of(game)
        hit = damage_of(FIRE_HIT, 0, FIRE_TRAIT, current(game, m), kind=HitKind.BURN, rules=rules)
        game.emit("burnt", BURN, (m.id,), id=template.id, why=why)
        queue_damage(game, m.id, hit, BURN, shielded=False, by=template.side)
        return
    cheng = fumes(game)
    assert cheng is not None
    game.emit("fumes", FUMES, (m.id, cheng.id), id=template.id, why=why)
    why_lost = "1 wound: Acidic Fumes, Armour ignored (L787)"
    queue_wounds(game, m.id, 1, why_lost, FUMES, shielded=False, by=cheng.side)


def _hurting(game: WolsungGame) -> list[Template]:
    """The templates that hurt those in them now: Fire, and Mist while Acidic Fumes work."""
    acid = fumes(game) is not None
    return [t for t in game.state.templates if t.kind == FIRE or (acid and t.kind == MIST)]


def burn_at_start(game: WolsungGame, m: WolsungModel) -> None:
    """``m`` starts an Action: each Fire Template it is under burns it (L575)."""
    for template in game.state.templates:
        if template.kind == FIRE and under(template, m) is not None:
            _hurt(game, m, template, "start")


def fume_at_activation(game: WolsungGame, m: WolsungModel) -> bool:
    """``m`` starts its activation: each Mist Template it is under hurts it while Acidic
    Fumes work (L787); whether one did."""
    if fumes(game) is None:
        return False
    hurting = [t for t in mists(game) if under(t, m) is not None]
    for template in hurting:
        _hurt(game, m, template, "start")
    return bool(hurting)


def hurt_along(game: WolsungGame, m: WolsungModel, points: Sequence[Point]) -> None:
    """``m`` has moved along ``points`` to where it stands: each template on its level that
    hurts (:func:`_hurting`) and that its base touched on the way, or touches now, hurts it
    (L575, L787)."""
    for template in _hurting(game):
        if template.level != m.level:
            continue
        reach = template.radius + m.radius + (CONTACT if template.kind == FIRE else -CONTACT)
        centre = (template.x, template.y)
        legs = list(itertools.pairwise(points)) or [(m.pos, m.pos)]
        if any(point_segment_distance(centre, a, b) <= reach for a, b in legs):
            _hurt(game, m, template, "move")


def expire_templates(game: WolsungGame) -> None:
    """The turn ends: the Fire Templates and Smoke Markers are removed (L52, L575, §7 item
    61)."""
    for template in game.state.templates:
        if template.kind in (FIRE, SMOKE):
            lift(game, template, "L52")
