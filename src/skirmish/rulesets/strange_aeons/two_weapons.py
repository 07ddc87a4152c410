"""Firing two Ranged weapons in one Shoot Action (R:285) and Shoot 'em Up (R:1128).

A model may fire two of its Ranged weapons, neither 2-Hand, in one Shoot Action, each at its
own Rate and Damage and at 1 more Dexterity needed, Shoot 'em Up sparing it. Both go at one
target, chosen once (one test to shoot past a closer enemy, R:177: a failure turns both on
the closest, a Madman's Frenzy after them); the two are the weapons of its turn (R:174),
fired together or alone for the rest of it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.rulesets.strange_aeons.model import AeonsModel
from skirmish.rulesets.strange_aeons.shooting import THROWN, Shoot, has_skill
from skirmish.rulesets.strange_aeons.templates import shot

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Fighting with Two Weapons: Shooting (R:285)"
SHOOT_EM_UP = "Skills: Shoot 'em Up (R:1128)"
PENALTY = 1


def pair_penalty(game: AeonsGame, m: AeonsModel) -> int:
    """What firing two weapons adds to the Dexterity ``m`` needs: 1, none with Shoot 'em Up."""
    return 0 if has_skill(game, m, "shoot_em_up") else PENALTY


@dataclass(slots=True, eq=False)
class PairShot(Shoot):
    """One Shoot Action with the weapons ``weapon`` and ``second``: the target chosen, then
    a shot with each."""

    rule = RULE
    second: str = ""

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        shooter = game.model(self.shooter)
        ask = self._priority(game, shooter, action)
        if isinstance(ask, Decision):
            return ask
        if self.phase == THROWN:  # his Horse threw him at the test: both shots spent (R:1121)
            return ask or []
        st = game.state
        if (shooter.id, self.second) not in st.turn_weapons:
            st.turn_weapons = (*st.turn_weapons, (shooter.id, self.second))
        penalty = pair_penalty(game, shooter)
        cite = RULE if penalty else SHOOT_EM_UP
        weapons = (self.weapon, self.second)
        game.emit("two-guns", cite, (shooter.id, self.target), weapons=weapons, penalty=penalty)
        # A failed test has turned both shots on the closest enemy; a Madman's Frenzy follows.
        return [
            *(
                shot(game, shooter.id, self.target, w, penalty=penalty, sure=self.sure, chosen=True)
                for w in weapons
            ),
            *(ask or ()),
        ]
