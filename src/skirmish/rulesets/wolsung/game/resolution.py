"""What follows the roll of every test a model makes: the re-rolls, then the Heroic Deeds, then
the outcome (L217-L218, L222, L415, L492, L699, L756; rules notes §6 D16, D17, §7 items 38,
40).

A shot, a melee attack, the Leaving Melee test and a cast each roll their own dice, but from
there on they go the same way: the re-rolls (:mod:`.rerolls`), the active side's pool first;
then what the dice decide before the cards (the model a shot into a melee hits, L123);
then the Heroic Deeds of the test's colour (:mod:`.heroics`), the side behind first; then the
test's outcome with the successes the cards added. :class:`ResolvedTest` is that order, once,
for the steps of those tests (:mod:`.attacks`, :mod:`.movement`, :mod:`.casting`); each says
where its faces go, who plays the Heroic Deeds, and what its outcome does.
"""

from __future__ import annotations

from abc import abstractmethod
from dataclasses import dataclass

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.rulesets.wolsung.cards.payments import Contest
from skirmish.rulesets.wolsung.combat.opposed import OpposedTest
from skirmish.rulesets.wolsung.game.heroics import Deeds, answer_deeds, deeds_decision, open_deeds
from skirmish.rulesets.wolsung.game.rerolls import (
    Rerolls,
    RolledPool,
    answer_rerolls,
    open_rerolls,
    rerolls_decision,
)
from skirmish.rulesets.wolsung.game.state import WolsungGame

__all__ = ["ResolvedTest", "opposed_deeds"]


def opposed_deeds(
    game: WolsungGame,
    contest: Contest,
    models: tuple[str, str],
    active: tuple[int, ...],
    defender: tuple[int, ...],
) -> Deeds | None:
    """The Heroic Deeds of an opposed test between ``models`` whose dice stand at ``active``
    and ``defender``."""
    test = OpposedTest(active, defender)
    return open_deeds(game, contest, models, (test.active_successes, test.defender_successes))


@dataclass(slots=True, eq=False)
class ResolvedTest(Step):
    """A step whose test, once rolled, takes its ``rerolls`` and then its ``deeds`` before its
    outcome (§7 item 40)."""

    rerolls: Rerolls | None = None
    deeds: Deeds | None = None

    def rolled(
        self, game: WolsungGame, contest: Contest, pools: tuple[RolledPool, ...]
    ) -> Decision | list[Step]:
        """The test's dice are down as ``pools`` (the active side's first): on to the
        re-rolls."""
        self.rerolls = open_rerolls(game, contest, pools)
        return self._after_rerolls(game)

    def resume(self, game: WolsungGame, action: Action | None) -> Decision | list[Step]:
        """Go on past the roll with the answer ``action`` to a re-roll or a Heroic Deed, or
        with ``None`` to ask again what waits."""
        assert self.rerolls is not None
        if self.deeds is None:
            if action is not None and not self.rerolls.over:
                self.rerolls = answer_rerolls(game, self.rerolls, action)
                self.rerolled(self.rerolls.pools)
            return self._after_rerolls(game)
        if action is not None:
            self.deeds = answer_deeds(game, self.deeds, action)
        if not self.deeds.over:
            return deeds_decision(game, self.deeds)
        return self._outcome(game)

    def _after_rerolls(self, game: WolsungGame) -> Decision | list[Step]:
        assert self.rerolls is not None
        if not self.rerolls.over:
            return rerolls_decision(game, self.rerolls)
        waiting = self.settle(game)
        if waiting is not None:
            return waiting
        self.deeds = self.heroic_deeds(game)
        if self.deeds is not None:
            return deeds_decision(game, self.deeds)
        return self._outcome(game)

    def _outcome(self, game: WolsungGame) -> list[Step]:
        return self.finish(game, (0, 0) if self.deeds is None else self.deeds.bonus)

    def settle(self, game: WolsungGame) -> Decision | None:
        """Settle what the dice, re-rolled, decide before the Heroic Deeds, or ask the choice
        that waits on them (the model a shot into a melee hits, L123); ``None`` once settled.
        A step that asks answers the choice itself, then resumes with ``None``."""
        return None

    @abstractmethod
    def rerolled(self, pools: tuple[RolledPool, ...]) -> None:
        """Keep the faces of ``pools`` as they stand after a re-roll."""

    @abstractmethod
    def heroic_deeds(self, game: WolsungGame) -> Deeds | None:
        """The Heroic Deeds of the test as its dice stand, or ``None`` if no side may play."""

    @abstractmethod
    def finish(self, game: WolsungGame, bonus: tuple[int, int]) -> list[Step]:
        """The outcome of the test, with the successes ``bonus`` the cards added to each
        side."""
