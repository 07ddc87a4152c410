"""The Frighteners (R:735; rules notes §3.4): the Restless Spirit's Move into or through
base-to-base contact with a model subject to psychology makes it test its Resolve; a model that
fails has 1 added to its Resolve for the rest of the game, and is never put to the test again.
Subject to psychology is as psychology's own tests ask it (:func:`.psychology.subject`): a
Normal model (R:205), not in a Mob (R:923) nor a Drug Crazed Lurker (R:932).

A Ghost never ends a Move in base-to-base with an enemy (R:116), and moves through models, so
the Frighteners are put on the enemies whose bases its path touches (our reading: enemies, as
a friend gains nothing). Each tests in turn, its owner may spend Lucky on the die; a Madman's
failure is its Frenzy, as with any test against its Resolve (R:806).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.geometry.shapes import CONTACT, point_segment_distance
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.psychology import Trial, madness, subject
from skirmish.rulesets.strange_aeons.space import models

if TYPE_CHECKING:
    from skirmish.engine.step import Step
    from skirmish.geometry.shapes import Point
    from skirmish.rulesets.strange_aeons.model import AeonsModel
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Restless Spirit: The Frighteners (R:735)"


def frights(game: AeonsGame, m: AeonsModel, points: tuple[Point, ...]) -> list[Frighten]:
    """The tests ``m``'s Move along ``points`` puts the Frighteners to: one for each enemy
    subject to psychology, not frightened yet, whose base the way touches."""
    if not catalog_of(game).profile(m.profile).can("the_frighteners"):
        return []
    return [
        Frighten(m.id, o.id)
        for o in touched(game, m, points)
        if o.id not in game.state.frightened and subject(game, o)
    ]


def touched(game: AeonsGame, m: AeonsModel, points: tuple[Point, ...]) -> list[AeonsModel]:
    """The enemies whose bases ``m``'s way along ``points`` touches, on its surface: those a
    Ghost's Move goes into or through base-to-base contact with (R:725, R:735)."""
    legs = list(itertools.pairwise(points)) or [(m.pos, m.pos)]
    return [
        o
        for o in models(game)
        if o.side != m.side
        and o.level == m.level
        and any(
            point_segment_distance(o.pos, a, b) <= m.radius + o.radius + CONTACT for a, b in legs
        )
    ]


@dataclass(slots=True, eq=False)
class Frighten(Trial):
    """The target's Resolve test, as the Evil Eye's (its owner may spend Lucky on it); +1 to
    its Resolve for the game if it fails."""

    rule = RULE
    kind = "frighteners"

    def failed(self, game: AeonsGame, target: AeonsModel) -> list[Step]:
        """What the failed test does: 1 added to the target's Resolve for the game."""
        game.state.frightened = (*game.state.frightened, target.id)
        return madness(game, target, False)
