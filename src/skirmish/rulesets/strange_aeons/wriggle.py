"""Wriggling free of a Winged Nightmare (Snatch, R:713): the snatched model's Action, a
Dexterity test (Chill's penalty added, as any Dexterity test); passed, it is placed Face Up 2"
from the Nightmare (:func:`.snatch.release`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.step import Step
from skirmish.rulesets.strange_aeons import snatch
from skirmish.rulesets.strange_aeons.afflictions import DexterityTest
from skirmish.rulesets.strange_aeons.damage import drop_carried

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.model import AeonsModel
    from skirmish.rulesets.strange_aeons.state import AeonsGame


@dataclass(slots=True, eq=False)
class Wriggle(DexterityTest):
    """A snatched model's try to wriggle free while still carried: a Dexterity test, as a
    snare is struggled against (:class:`.afflictions.Struggle`)."""

    rule = snatch.SNATCH_RULE
    event = "wriggle"

    def taken(self, game: AeonsGame, m: AeonsModel) -> bool:
        return snatch.snatcher_of(game, m) is not None

    def passes(self, game: AeonsGame, m: AeonsModel) -> list[Step]:
        nightmare = snatch.snatcher_of(game, m)
        if nightmare is not None:
            drop_carried(game, nightmare, snatch.WRIGGLED)
        return []
