"""Shots that hit every model in an area: the Fire Template of the Scorchers and the Sun
Spear's Beam, relayed by Mirror Servants (L575, L612, L625, L637; rules notes §5, §7 items
76, 81).

- The shot is declared at an enemy in sight (L82) and the template laid centred on it (§7
  item 76, :mod:`.templates`); only then is the range measured, from the shooter's base to
  the template's nearest and farthest points (L10, L575).
- Nearest point beyond the weapon's range: the shot does nothing, and no template stays.
  Farthest point beyond: no attack, but the template stays on the table. Otherwise the
  template stays, and every model under it, friend or foe, the shooter aside, is shot: a shot
  of its own (:class:`.Shoot`), one after another, the declared target first, each with its
  own reaction, its own range band, cover and height, its Heroic Deeds, and its damage at
  the end of the Action (L575, §7 item 76). A shot is made at another model, one the shooter
  sees and measures to (L81-L91), so a template over the shooter's own base shoots it not; it
  burns it as it burns any model there (:mod:`.templates`). A model under the template is hit
  whoever it touches: no shot goes into a melee (L123).
- Beam: the shooter aims at a point of the table, and the beam runs straight from her through
  it to the table's edge (L625). Every model whose base the line crosses (it has no width,
  §7 item 81) and that she sees is shot, a shot of its own as under a template, nearest
  first. The models on the line do not hide one another from her: the beam goes through them
  ([HOUSE] reading, with bodies blocking sight, §7 item 20).
- Mirror: her Mirror Servants may relay the beam, each once: it runs from her to the first,
  from each to the next, each in the sight of the one before, and from the last through the
  point aimed at to the table's edge (L637, §7 item 81). On each leg the models crossed that
  its start sees are shot, seen from there (cover included); the Servants relaying are not.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.geometry.shapes import Point, point_segment_distance
from skirmish.rulesets.wolsung.game.attacks import Shoot, weapon_of
from skirmish.rulesets.wolsung.game.effects import current
from skirmish.rulesets.wolsung.game.model import WolsungModel
from skirmish.rulesets.wolsung.game.sight import body, seen_from, sight
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
    "mirror_chains",
    "template_reach",
]

TEMPLATE = "L575"
BEAM = "L625"
MIRROR_RULE = "L637"
MIRROR = "mirror"


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
        template = lay(game, FIRE, target.pos, FIRE_RADIUS, target.level, m.side, TEMPLATE)
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


def beam_end(game: WolsungGame, origin: WolsungModel, aim: Point) -> Point:
    """Where the beam from ``origin`` through ``aim`` leaves the table (L625)."""
    (x, y), (dx, dy) = origin.pos, (aim[0] - origin.x, aim[1] - origin.y)
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


def beam_error(game: WolsungGame, origin: WolsungModel, aim: Point) -> str | None:
    """Why the last leg of a beam from ``origin`` (the shooter or its last Mirror) may not be
    aimed at ``aim``, or ``None``: a point of the table off its base (L625)."""
    if not game.board.on_table(aim, 0.0):
        return "aim at a point of the table (L625)"
    if math.dist(origin.pos, aim) <= origin.radius:
        return f"aim at a point off {origin.name}'s own base (L625)"
    return None


def mirror_chains(game: WolsungGame, shooter: WolsungModel) -> list[tuple[str, ...]]:
    """The ways ``shooter``'s Mirror Servants may relay her Beam: none, or a chain of her club's
    Servants on the table, each in the sight of the link before it, each once (L637, §7 item
    81)."""
    servants = [
        o for o in on_table(game) if o.side == shooter.side and current(game, o).has(MIRROR)
    ]
    chains: list[tuple[str, ...]] = [()]
    for chain in chains:  # grows as it goes: each chain found is extended in turn
        last = game.model(chain[-1]) if chain else shooter
        chains += [
            (*chain, o.id) for o in servants if o.id not in chain and sight(game, last, o).visible
        ]
    return chains


def _legs(
    game: WolsungGame, shooter: WolsungModel, relays: tuple[str, ...], aim: Point
) -> list[tuple[WolsungModel, Point, Point]]:
    """The straight legs of a beam: from the shooter to each Mirror in turn, and from the last
    through ``aim`` to the table's edge, each with the model it starts from."""
    path = [shooter, *(game.model(r) for r in relays)]
    legs = [(a, a.pos, b.pos) for a, b in itertools.pairwise(path)]
    return [*legs, (path[-1], path[-1].pos, beam_end(game, path[-1], aim))]


def beam_targets(
    game: WolsungGame, shooter: WolsungModel, aim: Point, relays: tuple[str, ...] = ()
) -> list[tuple[WolsungModel, WolsungModel]]:
    """The models the beam of ``shooter``, relayed by the Mirrors ``relays``, crosses on each
    leg, seen from where the leg starts, nearest first, each with the model that sees it
    (L625, L637, §7 item 81)."""
    found: list[tuple[WolsungModel, WolsungModel]] = []
    aside = {shooter.id, *relays}
    for viewer, a, b in _legs(game, shooter, relays, aim):
        crossed = [
            o
            for o in on_table(game)
            if o.id not in aside and point_segment_distance(o.pos, a, b) <= o.radius
        ]
        line = (viewer.id, *(o.id for o in crossed))
        seen = [o for o in crossed if seen_from(game, body(viewer), body(o), line).visible]
        found += [(o, viewer) for o in sorted(seen, key=lambda o: math.dist(a, o.pos))]
        aside |= {o.id for o in crossed}
    return found


@dataclass(slots=True, eq=False)
class BeamShot(Step):
    """``shooter`` fires the beam ``weapon`` through ``x, y``, relayed by the Mirror Servants
    ``relays`` in turn: every model on its legs that the leg's start sees is shot (L625,
    L637); ``moved`` and ``first_shot`` as for :class:`.Shoot`."""

    rule = BEAM
    shooter: str = ""
    weapon: str = ""
    x: float = 0.0
    y: float = 0.0
    relays: tuple[str, ...] = ()
    moved: bool = False
    first_shot: bool = True

    def run(self, game: WolsungGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.shooter)
        aim = (self.x, self.y)
        last = game.model(self.relays[-1]) if self.relays else m
        end = beam_end(game, last, aim)
        targets = beam_targets(game, m, aim, self.relays)
        to = [round(end[0], 2), round(end[1], 2)]
        line = tuple(o.id for o, _ in targets)
        rule = BEAM if not self.relays else MIRROR_RULE
        game.emit("beam", rule, (m.id, *line), to=to, relays=list(self.relays))
        return [
            Shoot(
                shooter=m.id,
                weapon=self.weapon,
                target=o.id,
                moved=self.moved,
                first_shot=self.first_shot,
                area=True,
                through=line,
                viewer=viewer.id,
            )
            for o, viewer in targets
        ]
