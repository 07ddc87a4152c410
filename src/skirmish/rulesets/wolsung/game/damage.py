"""Damage at the end of the Action: every hit an Action lands waits until the Action ends, then
each takes its Wounds off in turn; a model left with none is out of the game (L27, L44, L63,
L236; rules notes §1.3 II, §7 item 43).

A model hit is still on the table until its Action ends, so a later shot of the same Action
may target it again (§7 item 43). Hard to Kill leaves on 1 Wound a model that had more than 1
when a hit would take it to 0, hit by hit (L236, §7 item 43). Topple and Bash topple the model
hit (L664, L845).
"""

from __future__ import annotations

from dataclasses import dataclass

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.rulesets.wolsung.combat.hits import Damage
from skirmish.rulesets.wolsung.game.base import member
from skirmish.rulesets.wolsung.game.state import Hit, WolsungGame

__all__ = ["END_OF_ACTION", "ApplyDamage", "queue_damage"]

END_OF_ACTION = "L44"
OUT = "L27"
HARD_TO_KILL = "L236"


def queue_damage(game: WolsungGame, model_id: str, damage: Damage, rule: str) -> None:
    """Keep a hit's damage for the end of the Action (L44)."""
    hit = Hit(model_id, damage.wounds, str(damage), rule, damage.topples or "")
    game.state.pending = (*game.state.pending, hit)


def _apply(game: WolsungGame, hit: Hit) -> None:
    m = game.model(hit.model)
    if not m.on_table:
        return
    wounds = hit.wounds
    if m.wounds > 1 and wounds >= m.wounds and member(game, m.id).fighter.has("hard_to_kill"):
        wounds = m.wounds - 1
        game.emit("hard-to-kill", HARD_TO_KILL, (m.id,))
    m.wounds -= wounds
    game.emit("wounded", hit.rule, (m.id,), wounds=wounds, left=max(m.wounds, 0), why=hit.why)
    if m.wounds <= 0:
        m.removed = "out of action"
        game.emit("out-of-action", OUT, (m.id,))
    elif hit.topples and not m.toppled:
        m.toppled = True
        game.emit("toppled", hit.rule, (m.id,), why=hit.topples)


@dataclass(slots=True, eq=False)
class ApplyDamage(Step):
    """The end of an Action: its hits take their Wounds, one after another (L44, §7 item 43)."""

    rule = END_OF_ACTION

    def run(self, game: WolsungGame, action: Action | None) -> Decision | list[Step]:
        pending, game.state.pending = game.state.pending, ()
        for hit in pending:
            _apply(game, hit)
        return []
