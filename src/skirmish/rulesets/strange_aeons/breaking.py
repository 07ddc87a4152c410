"""Breaking from close combat with a Move Action, the rulebook's rule (R:157).

A model in base-to-base with an enemy may spend a Move Action to leave its combat. Each
Normal opponent first makes a free roll to wound it, one die and its weapon's Damage (notes
§6 item 47); still on the table and Normal, the model then makes its Move, declared to end
out of base-to-base with those it leaves (:func:`.movement.move_error`). A rolled Movement
that stops it short still touching one of them (R:2116) has not left, as a winner's Move
out of a combat (:func:`.combat.held_back`): no Charge, and the combat goes on. With only non-Normal
opponents it leaves with no roll. A Grappler's win holds a model in its combat (notes §6
item 6). The introduction has no such Move: its models leave a combat by winning it or by
Revulsion (the catalog's ``break_from_combat``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.rulesets.strange_aeons import fighter, riding, serum
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.damage import break_away
from skirmish.rulesets.strange_aeons.model import AeonsModel
from skirmish.rulesets.strange_aeons.movement import MoveTo

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

BREAK = "Leaving Close Combat: breaking away (R:157; notes §6 item 47)"
BREAK_HINT = "a point out of base-to-base within its Move, after free rolls to wound (R:157)"


def may_break(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m``, in base-to-base with an enemy, may Move out of its combat: in the
    rulebook, unless a Grappler holds it."""
    return catalog_of(game).scenario.break_from_combat and not fighter.held(game, m)


def leave(game: AeonsGame, m: AeonsModel, move: MoveTo) -> list[Step]:
    """``m`` breaking from its combat with ``move``: the free rolls to wound of its Normal
    opponents, then the Move."""
    game.emit("breaks-away", BREAK, (m.id,))
    return [*break_away(game, m, BREAK), BreakAway(m.id, move.x, move.y, move.reach)]


@dataclass(slots=True, eq=False)
class BreakAway(Step):
    """The Move out of a combat to (``x``, ``y``), made only by a model still on the table
    and Normal once its opponents have rolled to wound it."""

    rule = BREAK
    model: str
    x: float
    y: float
    reach: float

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.model)
        if not m.on_table or not m.normal:
            return []
        move = MoveTo(m.id, self.x, self.y, self.reach)
        return [*serum.before_move(game, m, move), *riding.after_move(game, m)]
