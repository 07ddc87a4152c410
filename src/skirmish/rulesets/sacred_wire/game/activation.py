"""One model's activation (C4.1): one Move and one Action in either order, bonus actions up
to two actions. The draws that start it are :mod:`.draws`, the rounds around them :mod:`.rounds`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.rulesets.sacred_wire.base import catalog_of
from skirmish.rulesets.sacred_wire.game import actions, blessings, casualties
from skirmish.rulesets.sacred_wire.game.bag import ACTIVATION
from skirmish.rulesets.sacred_wire.game.model import (
    ADVANCE,
    BONUS_ACTION,
    WireModel,
    gain_bonus_action,
)
from skirmish.rulesets.sacred_wire.game.morale import MORALE, WitsTest
from skirmish.rulesets.sacred_wire.game.movement import FleeMove
from skirmish.rulesets.sacred_wire.game.space import has_timed, side_of
from skirmish.rulesets.sacred_wire.rolls.contest import roll_amount
from skirmish.rulesets.sacred_wire.rules_data.catalog import Catalog
from skirmish.rulesets.sacred_wire.rules_data.dispatch import DataRow, EffectTable
from skirmish.rulesets.sacred_wire.rules_data.effects import BonusAction, Effect, Heal

if TYPE_CHECKING:
    from skirmish.rulesets.sacred_wire.game.state import WireGame

MAX_ACTIONS = 2


@dataclass(slots=True, eq=False)
class Activation(Step):
    """One model's activation (C4.1): start-of-activation effects, then Move and Action in
    either order until it ends or has nothing left to do."""

    rule = ACTIVATION
    model: str
    stage: str = "start"
    move_used: bool = False
    actions_used: int = 0
    bonus: int = 0
    cast_done: bool = False

    @property
    def capped(self) -> bool:
        """Whether the model may take two actions already: a bonus action adds none (C4.1,
        notes A9)."""
        return 1 + self.bonus >= MAX_ACTIONS

    @property
    def actions_left(self) -> int:
        """Actions still to take: one, plus bonus actions, never more than two (C4.1, A9)."""
        return min(MAX_ACTIONS, 1 + self.bonus) - self.actions_used

    def run(self, game: WireGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.model)
        if self.stage == "start":
            self.stage = "lost"
            steps = self._begin(game, m)
            if steps:
                return [*steps, self]
        if m.removed is not None or game.is_over:
            return self._finish(game, m)
        if self.stage == "lost":
            self.stage = "flee"
            if m.lose_activation:
                game.emit("activation-lost", m.lose_activation, (m.id,))
                m.lose_activation = ""
                return self._finish(game, m)
        if self.stage == "flee":
            self.stage = "fled"
            if m.fleeing:
                return [WitsTest(m.id, "flee"), self]
        if self.stage == "fled":
            self.stage = "bless"
            if m.fleeing:
                self.stage = "end"
                return [FleeMove(m.id), self]
        if self.stage == "bless":
            if action is None:
                ask = blessings.start_offer(game, m)
                if ask is not None:
                    return ask
            steps = self._blessing(game, m, blessings.chosen(game, m, action))
            action = None
            self.stage = "advance"
            if steps:
                return [*steps, self]
        if self.stage == "advance":
            self.stage = "main"
            if has_timed(m, ADVANCE):
                forced = actions.delirium_move(game, m)
                if forced is not None:
                    self.move_used = True
                    return [forced, self]
        if self.stage == "main" and m.fleeing:
            # Made to Flee by its own action (a counter-Critical, a Fumble): it acts no more
            # this activation, and flees from the next (C4.19, R6.7, R6.8).
            game.emit("stops-acting", MORALE, (m.id,))
            return self._finish(game, m)
        if self.stage == "main":
            if m.earned:  # bonus actions earned since (a blessing, K2.2 Misdirection)
                self.bonus += m.earned
                m.earned = 0
            if action is None:
                options, points = actions.action_options(game, m, self)
                prompt = (
                    f"{m.name} ({m.id}): {'Move and ' if not self.move_used else ''}"
                    f"{self.actions_left} action(s) left"
                )
                return Decision(side_of(m), "act", prompt, options, points)
            return actions.perform(game, m, self, action)
        return self._finish(game, m)

    def point_error(self, game: WireGame, action: Action) -> str | None:
        m = game.model(self.model)
        return actions.point_error(game, m, self, action)

    def option_error(self, game: WireGame, action: Action) -> str | None:
        """Why ``action`` is not one of the activation's options (:func:`.actions.option_error`),
        or None: the reason a refusal gives."""
        m = game.model(self.model)
        if self.stage != "main":
            return None  # a blessing offer: its options say it all
        return actions.option_error(game, m, self, action)

    def _begin(self, game: WireGame, m: WireModel) -> list[Step]:
        st = game.state
        m.start_activation(st.round)
        st.active = m.id
        game.emit("activation", ACTIVATION, (m.id,), round=st.round)
        if m.hijacked:
            game.emit("controlled", "R6.7", (m.id,), side=m.hijacked_by)
        # Most models have no timed effect: their count of Focus is read without a generator.
        if m.timed:
            self.bonus = sum(1 for e in m.timed if e.kind == BONUS_ACTION and m.applies(e))
        return casualties.damage_over_time(game, m)

    def _blessing(self, game: WireGame, m: WireModel, name: str | None) -> list[Step]:
        """The blessing spent on the start of the activation, through :data:`AT_START`."""
        if name is None:
            return []
        blessed = Blessed(game, m, self, name)
        steps: list[Step] = []
        for effect in catalog_of(game).blessing(name).effects:
            steps += AT_START.apply(effect, blessed)
        return steps

    def _finish(self, game: WireGame, m: WireModel) -> list[Step]:
        """The activation ends: effects that last through it expire (notes A32)."""
        m.end_activation()
        game.state.active = ""
        if m.removed is None:
            game.emit("activation-end", ACTIVATION, (m.id,))
        return []


# --- the blessings spent on the start of an activation (C4.2) ------------------------------------


@dataclass(frozen=True, slots=True)
class Blessed:
    """The blessing ``name`` spent on ``m``'s ``activation`` as it starts."""

    game: WireGame
    m: WireModel
    activation: Activation
    name: str


def _at_start(catalog: Catalog) -> Iterator[DataRow[Effect]]:
    return (DataRow(name, catalog.blessing(name).effects) for name in blessings.AT_START)


AT_START: EffectTable[Effect, Blessed, Step] = EffectTable(
    "a blessing at the start of an activation (C4.2; game/activation.py)", _at_start
)
"""What each effect of Denied, Overtime, Synergy and Wellness does to the activation."""


@AT_START.on(BonusAction)
def _bonus_action(effect: BonusAction, at: Blessed) -> list[Step]:
    # Synergy's ally within 6" is a condition of its offer (blessings.start_offer, notes A10);
    # a Focus may give the second action already (capped).
    gain_bonus_action(at.game, at.m, at.activation.capped, blessings.BLESSING, at.name)
    return []


@AT_START.on(Heal)
def _wellness(effect: Heal, at: Blessed) -> list[Step]:
    amount = roll_amount(at.game, effect.dice, "heal", blessings.BLESSING, at.m.id)
    casualties.heal(at.game, at.m, amount, blessings.BLESSING, at.name)
    return []
