"""Evil Eye (R:708, notes §3.4.3): as an Action, the Watcher makes an enemy subject to
psychology within 6" and in sight test its Resolve; a failure places it Face Down. The +1
penalty per Black Mark is not played: the campaign's Black Marks are not (a game's models
have none). Only enemies are targets (our reading of "any model": a friend gains nothing)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.step import Step
from skirmish.rulesets.strange_aeons import lucky
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.damage import set_state
from skirmish.rulesets.strange_aeons.invisibility import unseen_error
from skirmish.rulesets.strange_aeons.model import FACE_DOWN, AeonsModel
from skirmish.rulesets.strange_aeons.psychology import madness, test_need
from skirmish.rulesets.strange_aeons.space import models, reach_error, sees

if TYPE_CHECKING:
    from skirmish.dice import Roll
    from skirmish.engine.action import Action
    from skirmish.engine.decision import Decision
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Watcher: Evil Eye (R:708)"


def evil_eye_targets(game: AeonsGame, m: AeonsModel) -> list[AeonsModel]:
    """The models ``m``'s Evil Eye may target now (none without it)."""
    return [t for t in models(game) if evil_eye_error(game, m, t) is None]


def evil_eye_error(game: AeonsGame, m: AeonsModel, target: AeonsModel) -> str | None:
    """Why ``m`` may not turn its Evil Eye on ``target``."""
    cat = catalog_of(game)
    if not cat.profile(m.profile).can("evil_eye"):
        return f"{m.id} has no Evil Eye"
    if target.side == m.side or not target.on_table:
        return f"{target.id} is not an enemy on the table"
    unseen = unseen_error(game, m, target)
    if unseen is not None:
        return unseen
    if not (target.normal and cat.profile(target.profile).subject_to_psychology):
        return f"{target.id} is not a Normal model subject to psychology (R:708)"
    far = reach_error(game, m, target, cat.scenario.evil_eye_range, "the Evil Eye")
    if far is not None:
        return far
    if not sees(game, m, target):
        return f"{m.id} cannot see {target.id}"
    return None


@dataclass(slots=True, eq=False)
class EvilEye(Step):
    """The target's Resolve test (its owner may spend Lucky on it); Face Down if it fails."""

    rule = RULE
    event = "evil-eye"
    model: str
    target: str
    roll: Roll | None = None
    need: int = 0

    def option_error(self, game: AeonsGame, action: Action) -> str | None:
        """A Lucky re-roll refused: the die is not one offered."""
        return lucky.refusal(game, action, self.roll)

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        target = game.model(self.target)
        if self.roll is None:
            self.need = test_need(game, target)
        request = ("D6", "resolve", self.rule, target.id)
        self.roll, ask = lucky.roll(game, self.roll, action, request, lucky.under(self.need))
        if ask is not None:
            return ask
        passed = self.roll.value >= self.need
        game.emit(self.event, self.rule, (self.model, target.id), need=self.need, passed=passed)
        if passed:
            return []
        return [*self.failed(game, target), *madness(game, target, False)]

    def failed(self, game: AeonsGame, target: AeonsModel) -> list[Step]:
        """What the failed test does: the target goes Face Down."""
        set_state(game, target, FACE_DOWN, self.rule)
        return []
