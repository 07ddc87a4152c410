"""Evil Eye (R:708, notes §3.4.3): as an Action, the Watcher makes an enemy subject to
psychology within 6" and in sight test its Resolve; a failure places it Face Down. The +1
penalty per Black Mark is not played: the campaign's Black Marks are not (a game's models
have none). Only enemies are targets (our reading of "any model": a friend gains nothing)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.step import Step
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.damage import set_state
from skirmish.rulesets.strange_aeons.invisibility import unseen_error
from skirmish.rulesets.strange_aeons.model import FACE_DOWN, AeonsModel
from skirmish.rulesets.strange_aeons.psychology import Trial, madness, subject
from skirmish.rulesets.strange_aeons.space import models, reach_error, sees

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Watcher: Evil Eye (R:708)"


def evil_eye_targets(game: AeonsGame, m: AeonsModel) -> list[AeonsModel]:
    """The models ``m``'s Evil Eye may target now (none without it)."""
    if not _watches(game, m):  # as nearly every model: no target is worth looking at
        return []
    return [t for t in models(game) if evil_eye_error(game, m, t) is None]


def _watches(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` has an Evil Eye."""
    return catalog_of(game).profile(m.profile).can("evil_eye")


def evil_eye_error(game: AeonsGame, m: AeonsModel, target: AeonsModel) -> str | None:
    """Why ``m`` may not turn its Evil Eye on ``target``."""
    if not _watches(game, m):
        return f"{m.id} has no Evil Eye"
    cat = catalog_of(game)
    if target.side == m.side or not target.on_table:
        return f"{target.id} is not an enemy on the table"
    unseen = unseen_error(game, m, target)
    if unseen is not None:
        return unseen
    if not subject(game, target):
        return f"{target.id} is not a Normal model subject to psychology (R:708)"
    far = reach_error(game, m, target, cat.scenario.evil_eye_range, "the Evil Eye")
    if far is not None:
        return far
    if not sees(game, m, target):
        return f"{m.id} cannot see {target.id}"
    return None


@dataclass(slots=True, eq=False)
class EvilEye(Trial):
    """The target's Resolve test (its owner may spend Lucky on it); Face Down if it fails."""

    rule = RULE
    kind = "evil-eye"

    def failed(self, game: AeonsGame, target: AeonsModel) -> list[Step]:
        """Face Down, and a Madman's madness (R:806)."""
        set_state(game, target, FACE_DOWN, RULE)
        return madness(game, target, False)
