"""Splitting a melee that a Charge joins (L159-L162; rules notes §1.7, §5, §6 D19, §8.1 X8).

A Charge brings its model into base contact with enemies (L127, L162: two at once if its Move
allows). When one of them was already in contact with a friend of the charger that also
fights another enemy, the melee splits in two at once (L160-L161): the charger's fight (the
charger, the enemies it touches, and the friends that touch only those) and the rest of the
melee, each friend there keeping the enemies it touches outside the charger's fight, so every
friend already in a melee keeps an enemy in contact (L162). One of the two fights steps half
an inch aside, away from the other, so that no enemies of the two touch any more; the player
holding the initiative chooses which (L161). A side step must leave every base where it fits
and out of contact with models of neither fight; with room on one side only the game makes
that one, and with room on neither the melee stays whole (a reading: the book leaves it out).
A split is made before the Charge's attack, so the support of friends (L157-L158) is that of
the fights as split.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.geometry.shapes import Point
from skirmish.rulesets.wolsung.game.model import WolsungModel
from skirmish.rulesets.wolsung.game.space import contacts, ghost, in_contact, melee_of, on_table
from skirmish.rulesets.wolsung.game.state import WolsungGame

__all__ = ["SPLIT", "Layout", "SplitMelee", "split_layouts"]

SPLIT = "L161"
ASIDE = 0.5
"""How far one fight steps aside from the other (L161)."""


@dataclass(frozen=True, slots=True)
class Layout:
    """One way to split the melee: the models that step aside (``moved``) and by how much."""

    moved: tuple[str, ...]
    shift: Point


def _fights(
    game: WolsungGame, charger: WolsungModel
) -> tuple[list[WolsungModel], list[WolsungModel]] | None:
    """The charger's fight and the rest of its melee when the melee must split (L160), or
    ``None``."""
    foes = {o.id for o in contacts(game, charger)}
    melee = melee_of(game, charger)
    friends = [o for o in melee if o.side == charger.side and o.id != charger.id]
    touched = {f.id: {o.id for o in contacts(game, f)} for f in friends}
    if not any(held & foes and held - foes for held in touched.values()):
        return None
    ours = {charger.id, *foes, *(f.id for f in friends if touched[f.id] <= foes)}
    return [o for o in melee if o.id in ours], [o for o in melee if o.id not in ours]


def _apart(ours: list[WolsungModel], rest: list[WolsungModel], game: WolsungGame) -> Point:
    """The way from the rest of the melee to the charger's fight: along the contacts between
    enemies of the two, else between their middles."""
    pairs = [(a, b) for a in ours for b in rest if a.side != b.side and in_contact(game, a, b)]
    dx = sum(_unit(b.pos, a.pos)[0] for a, b in pairs)
    dy = sum(_unit(b.pos, a.pos)[1] for a, b in pairs)
    if math.hypot(dx, dy) < 1e-9:
        dx, dy = _unit(_middle(rest), _middle(ours))
    length = math.hypot(dx, dy)
    return (dx / length, dy / length) if length > 1e-9 else (1.0, 0.0)


def _unit(a: Point, b: Point) -> Point:
    d = math.dist(a, b)
    return ((b[0] - a[0]) / d, (b[1] - a[1]) / d) if d > 0 else (0.0, 0.0)


def _middle(models: list[WolsungModel]) -> Point:
    return (sum(m.x for m in models) / len(models), sum(m.y for m in models) / len(models))


def _fits(game: WolsungGame, moving: list[WolsungModel], shift: Point) -> bool:
    """Whether ``moving`` may step by ``shift``: each base fits, and no moved model touches an
    enemy that stays (L161)."""
    moved = [ghost(m, (m.x + shift[0], m.y + shift[1]), m.level) for m in moving]
    ids = {m.id for m in moving}
    others = [o for o in on_table(game) if o.id not in ids]
    bases = [(o.pos, o.radius, o.level) for o in others]
    if any(game.board.placement_error(g.pos, g.radius, g.level, bases) is not None for g in moved):
        return False
    return not any(g.side != o.side and in_contact(game, g, o) for g in moved for o in others)


def split_layouts(game: WolsungGame, charger: WolsungModel) -> list[Layout] | None:
    """The ways the melee ``charger`` has just joined may split (L161): the charger's fight
    stepping aside, or the rest, whichever fits; ``None`` when it need not split."""
    fights = _fights(game, charger)
    if fights is None:
        return None
    ours, rest = fights
    dx, dy = _apart(ours, rest, game)
    ways = ((ours, (ASIDE * dx, ASIDE * dy)), (rest, (-ASIDE * dx, -ASIDE * dy)))
    return [
        Layout(tuple(m.id for m in moving), shift)
        for moving, shift in ways
        if _fits(game, moving, shift)
    ]


def _step_aside(game: WolsungGame, layout: Layout) -> None:
    for model_id in layout.moved:
        m = game.model(model_id)
        m.x, m.y = m.x + layout.shift[0], m.y + layout.shift[1]
    game.emit("split", SPLIT, layout.moved, by=ASIDE)


@dataclass(slots=True, eq=False)
class SplitMelee(Step):
    """The melee ``charger``'s Charge has joined splits in two, if it must (L159-L162)."""

    rule = SPLIT
    charger: str = ""

    def run(self, game: WolsungGame, action: Action | None) -> Decision | list[Step]:
        charger = game.model(self.charger)
        layouts = split_layouts(game, charger)
        if layouts is None:
            return []
        if action is not None:
            _step_aside(game, next(k for k in layouts if k.moved == action.args))
            return []
        if not layouts:
            game.emit("no-split", SPLIT, (charger.id,))
            return []
        if len(layouts) == 1:
            _step_aside(game, layouts[0])
            return []
        return Decision(
            game.state.initiative,
            "split",
            f'{charger.name} joins a melee that splits in two: which fight steps 0.5" aside? '
            "(L161)",
            tuple(Action("step-aside", k.moved) for k in layouts),
        )
