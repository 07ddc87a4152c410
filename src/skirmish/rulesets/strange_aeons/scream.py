"""Scream (R:720; rules notes §3.4): the Banshee's 8" shot of Rate 1D and no Damage. Each model
it hits tests its Resolve, every time it is hit (its owner may spend Lucky on the die, a
Madman's failure its Frenzy, as the Evil Eye's test); a model that fails attacks itself: a hit
that needs no roll, which its saves may stop (no cover stands between), then as many dice to
wound as the Attacks of its profile (rolled where they are, notes §6 item 51), with one of its
weapons chosen at random (our reading of "the last weapon used or at random": the game keeps
no last weapon), the Unarmed row if it has none.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.catalog import UNARMED
from skirmish.rulesets.strange_aeons.combat import own_attacks
from skirmish.rulesets.strange_aeons.psychology import Trial, madness
from skirmish.rulesets.strange_aeons.shooting import LoneHit, Shoot, random_index

if TYPE_CHECKING:
    from skirmish.engine.step import Step
    from skirmish.rulesets.strange_aeons.model import AeonsModel
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Banshee: Scream (R:720)"


@dataclass(slots=True, eq=False)
class ScreamShot(Shoot):
    """A Shoot Action with the Scream: each model hit tests its Resolve, no damage done."""

    def landed(self, game: AeonsGame, faces: tuple[int, ...]) -> list[Step]:
        """A hit, however many, asks the target its one test."""
        return [Screamed(self.shooter, self.target)] if self.hits else []


@dataclass(slots=True, eq=False)
class Screamed(Trial):
    """The Resolve test of a model the Scream hit; failing, it attacks itself."""

    rule = RULE
    kind = "scream"

    def failed(self, game: AeonsGame, target: AeonsModel) -> list[Step]:
        """The model's attack on itself, with a weapon of its own chosen at random."""
        weapons = catalog_of(game).profile(target.profile).weapons or (UNARMED,)
        weapon = weapons[random_index(game, len(weapons), target.id, RULE)]
        dice = own_attacks(game, target)
        game.emit("self-attack", RULE, (target.id,), weapon=weapon, dice=dice)
        return [
            LoneHit(target.id, target.id, weapon, RULE, dice=dice),
            *madness(game, target, False),
        ]
