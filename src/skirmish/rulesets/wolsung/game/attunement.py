"""The Clockwork Servant's Attunement: a Special Action, Quick, once an activation, that puts one
of its effects on a friendly Scientist in base contact until the end of the turn (L695-L699;
rules notes §1.4, §2.6, §6 D13).

The effects are the rule's ``modes`` in ``data/keywords.toml``: +1 Reflex, +2 Armour, a
Control Range of 18" for the Golems the Scientist holds (L698, :mod:`.golems`), or one die of
each casting roll re-rolled (:mod:`.rerolls`). Quick lets the Servant Move first in the same
Action and choose the Scientist and the effect after it (L71, L228); a model in melee takes no
Special Action (L126).
"""

from __future__ import annotations

from dataclasses import dataclass

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.rulesets.wolsung.game.base import rules_of
from skirmish.rulesets.wolsung.game.effects import add_effect, current, lasting
from skirmish.rulesets.wolsung.game.model import WolsungModel
from skirmish.rulesets.wolsung.game.space import in_contact, in_melee
from skirmish.rulesets.wolsung.game.state import WolsungGame
from skirmish.rulesets.wolsung.rules_data.spell_effects import GainRule, Modify

__all__ = ["ATTUNE", "ChooseAttunement", "attune", "attune_options", "may_attune", "mode_name"]

ATTUNEMENT = "attunement"
SCIENTIST = "scientist"
ATTUNE = "L695"


def _modes(game: WolsungGame) -> tuple[Modify | GainRule, ...]:
    modes = rules_of(game).catalog.keywords[ATTUNEMENT].modes
    return tuple(e for e in modes if isinstance(e, Modify | GainRule))


def mode_name(effect: Modify | GainRule) -> str:
    """How an option names an effect: the characteristic it changes, or the rule it gives."""
    return effect.keyword if isinstance(effect, GainRule) else effect.stat.value


def _scientists(game: WolsungGame, m: WolsungModel) -> list[WolsungModel]:
    return [
        o
        for o in game.models
        if o.on_table and o.side == m.side and o.id != m.id and current(game, o).has(SCIENTIST)
    ]


def may_attune(game: WolsungGame, m: WolsungModel) -> bool:
    """Whether ``m`` has Attunement, stands out of melee, and has a friendly Scientist on the
    table to Move to (L126, L695)."""
    return current(game, m).has(ATTUNEMENT) and not in_melee(game, m) and bool(_scientists(game, m))


def attune_options(game: WolsungGame, m: WolsungModel) -> list[Action]:
    """Every Attunement ``m`` may make where it stands: each effect on each friendly Scientist
    in base contact (L695-L699)."""
    if not may_attune(game, m):
        return []
    near = [o for o in _scientists(game, m) if in_contact(game, m, o)]
    return [Action("attune", (m.id, o.id, mode_name(e))) for o in near for e in _modes(game)]


def attune(game: WolsungGame, servant: str, scientist: str, mode: str) -> None:
    """Put the effect ``mode`` on ``scientist`` until the end of the turn (L695)."""
    effect = next(e for e in _modes(game) if mode_name(e) == mode)
    game.emit("attunes", ATTUNE, (servant, scientist))
    add_effect(game, lasting(scientist, effect, ATTUNE, servant))


@dataclass(slots=True, eq=False)
class ChooseAttunement(Step):
    """The Scientist and effect of an Attunement whose Quick Move came first (L228, L695)."""

    rule = ATTUNE
    servant: str = ""

    def run(self, game: WolsungGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.servant)
        if action is not None:
            if action.kind == "attune":
                attune(game, *action.args)
            return []
        found = attune_options(game, m) if m.on_table else []
        if not found:
            return []
        return Decision(
            m.side,
            "attune",
            f"{m.name} attunes after its Move: choose the Scientist and the effect",
            (*found, Action("no-attune", (m.id,))),
        )
