"""Wriggling free of a Winged Nightmare (Snatch, R:713): the snatched model's Action, a
Dexterity test (Chill's penalty added, as any Dexterity test); passed, it is placed Face Up 2"
from the Nightmare (:func:`.snatch.release`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.step import Step
from skirmish.rulesets.strange_aeons import snatch
from skirmish.rulesets.strange_aeons.afflictions import Struggle, dexterity_test
from skirmish.rulesets.strange_aeons.damage import drop_carried

if TYPE_CHECKING:
    from skirmish.engine.action import Action
    from skirmish.engine.decision import Decision
    from skirmish.rulesets.strange_aeons.state import AeonsGame


@dataclass(slots=True, eq=False)
class Wriggle(Struggle):
    """A snatched model's try to wriggle free: a Dexterity test, as a snare is struggled
    against (:class:`.afflictions.Struggle`)."""

    rule = snatch.SNATCH_RULE

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.model)
        nightmare = snatch.snatcher_of(game, m)
        if nightmare is None:
            return []
        need, (self.roll, ask) = dexterity_test(game, m, self.roll, action, snatch.SNATCH_RULE)
        if ask is not None:
            return ask
        passed = self.roll.value >= need
        game.emit("wriggle", snatch.SNATCH_RULE, (m.id,), need=need, passed=passed)
        if passed:
            drop_carried(game, nightmare, snatch.WRIGGLED)
        return []
