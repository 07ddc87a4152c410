"""The Compact Matter Shifter's Shift: a hit moves the model hit in place of any damage (L576-
L579; rules notes §2.7, §5, §7 item 77, G51).

- A Shift weapon may be fired at a friendly model in sight as well as at an enemy; a friend so
  targeted has its Reflex at 0 for the shot (L579): the characteristic, so cover, a Dive For
  Cover or height still add to the dice, as they would to any Reflex ([HOUSE] reading).
- A hit deals no damage. A D6 is rolled, and the shooter's player moves the model hit up to
  that many inches, centre to centre, in a straight line in any direction, terrain and models
  on the way ignored; it stays on its level, its base must fit where it ends, and it may end
  in base contact with an enemy (L579, §7 item 77). Staying put is moving none of it.
- The model pushed through a template that hurts is hurt as a model moving through it is
  (L575, L787; :mod:`.templates`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision, PointSpec
from skirmish.engine.step import Step
from skirmish.geometry.shapes import Point
from skirmish.rulesets.wolsung.combat.combatant import Combatant, has_keyword
from skirmish.rulesets.wolsung.game.model import WolsungModel
from skirmish.rulesets.wolsung.game.space import on_table
from skirmish.rulesets.wolsung.game.state import WolsungGame
from skirmish.rulesets.wolsung.game.templates import hurt_along
from skirmish.rulesets.wolsung.rules_data.records import RangedWeapon
from skirmish.rulesets.wolsung.table.measure import inches, no_farther

__all__ = ["SHIFT", "Shift", "is_shift", "shift_error", "shifted_friend"]

SHIFT = "L579"
SHIFT_TRAIT = "shift"


def is_shift(weapon: RangedWeapon) -> bool:
    """Whether ``weapon`` shifts the model it hits in place of damaging it (L579)."""
    return has_keyword(weapon.traits, SHIFT_TRAIT)


def shifted_friend(target: Combatant) -> Combatant:
    """A friendly model a Shift weapon is fired at, its Reflex at 0 for the shot (L579)."""
    return replace(target, profile=target.profile.model_copy(update={"R": 0}))


def shift_error(game: WolsungGame, m: WolsungModel, reach: int, point: Point) -> str | None:
    """Why the model ``m`` may not be shifted to ``point`` by a roll of ``reach``, or ``None``
    (L579)."""
    apart = math.dist(m.pos, point)
    if not no_farther(apart, reach):
        return f'{inches(apart, (reach,))}" is more than the {reach}" rolled (L579)'
    others = [(o.pos, o.radius, o.level) for o in on_table(game) if o.id != m.id]
    where = game.board.placement_error(point, m.radius, m.level, others)
    return None if where is None else f"no room for {m.name}'s base there: {where} (L579)"


@dataclass(slots=True, eq=False)
class Shift(Step):
    """The ``target`` a Shift weapon of ``shooter`` hit is moved: the D6 rolled (``reach``),
    then the point the shooter's player chooses (L579, G51)."""

    rule = SHIFT
    shooter: str = ""
    target: str = ""
    reach: int = 0

    def run(self, game: WolsungGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.target)
        if not m.on_table:
            return []
        if action is not None:
            assert action.point is not None
            self._move(game, m, action.point)
            return []
        if not self.reach:
            self.reach = game.roll("D6", "shift", SHIFT, self.shooter).value
        hint = f'a point within {self.reach}" of {m.name}, in a straight line, terrain ignored'
        return Decision(
            game.model(self.shooter).side,
            "shift",
            f'{m.name} is shifted up to {self.reach}": choose where (L579)',
            points=(PointSpec("shift", (m.id,), f"{hint} (L579)"),),
        )

    def _move(self, game: WolsungGame, m: WolsungModel, point: Point) -> None:
        start = m.pos
        m.x, m.y = point
        game.emit(
            "shifted",
            SHIFT,
            (m.id,),
            to=[round(m.x, 2), round(m.y, 2)],
            length=round(math.dist(start, point), 2),
        )
        hurt_along(game, m, (start, point))

    def point_error(self, game: WolsungGame, action: Action) -> str | None:
        assert action.point is not None
        return shift_error(game, game.model(self.target), self.reach, action.point)
