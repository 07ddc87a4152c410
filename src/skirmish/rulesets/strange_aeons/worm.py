"""The Conqueror Worm's Sweep and Expectorate (R:557).

Sweep: an Action, in close combat or out of it: every other model within 2" (``sweep_range``),
friend or foe (the book says "all models"), takes a hit of 1D+3 (``sweep_damage``), saved as
a close combat hit is (Tough, Duck and the own rules' saves, notes §6 item 42); each one hit
and still on the table is pushed 1D3" straight away from the Worm (as Power pushes, R:167)
and placed Face Up if it was Normal.

Expectorate: its two shots of goo, each an ordinary Shoot Action with the one its player
picks, a stream (Rate 1D, 1D+3, AP1, Long Spray Template) or a ball (12", Rate 1D, 1D+2, AP1,
Large Blast Template). Each model it hits (under the template, its save failed, as Blinding
Spittle reads a hit) is coated for the rest of the game: 1 more on the Dexterity it needs,
for each coat, never past 6+ (the worst the rules read, notes §0), whether the hit wounds it
or not.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.step import Step
from skirmish.rulesets.strange_aeons import lucky
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.catalog import CHANGED
from skirmish.rulesets.strange_aeons.damage import Wound, set_state
from skirmish.rulesets.strange_aeons.dice import d3
from skirmish.rulesets.strange_aeons.model import FACE_UP
from skirmish.rulesets.strange_aeons.mutations import WORST_DEX
from skirmish.rulesets.strange_aeons.push import Push
from skirmish.rulesets.strange_aeons.saves import combined, skill_saves
from skirmish.rulesets.strange_aeons.space import gap, models

if TYPE_CHECKING:
    from skirmish.dice import Roll
    from skirmish.engine.action import Action
    from skirmish.engine.decision import Decision
    from skirmish.rulesets.strange_aeons.model import AeonsModel
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Conqueror Worm: Expectorate (R:557)"
SWEEP = "Conqueror Worm: Sweep (R:557)"
SWEEPS = "sweep"
"""The Sweep Action: ``sweep L1``."""
EXPECTORATE = "expectorate"
COAT = f"{CHANGED}dex+1"
"""The change a coat of goo makes to a profile."""


def coat(game: AeonsGame, struck: list[AeonsModel]) -> None:
    """Each model the goo hit needs 1 more on its Dexterity for the rest of the game."""
    cat = catalog_of(game)
    for m in struck:
        if cat.profile(m.profile).dex < WORST_DEX:
            m.profile += COAT
        game.emit("coated", RULE, (m.id,), dex=cat.profile(m.profile).dex)


def can_sweep(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` may take the Sweep Action (a Normal model with the rule)."""
    return m.normal and catalog_of(game).profile(m.profile).can("sweep")


def swept(game: AeonsGame, m: AeonsModel) -> list[AeonsModel]:
    """The models ``m``'s Sweep hits: every other model within its reach."""
    reach = catalog_of(game).scenario.sweep_range
    return [o for o in models(game) if o.id != m.id and gap(game, m, o) <= reach]


def sweep(game: AeonsGame, m: AeonsModel) -> list[Step]:
    """The Action: the hit on each model near, saved, then wounding, then the pushes."""
    struck = tuple(o.id for o in swept(game, m))
    game.emit("sweep", SWEEP, (m.id, *struck))
    return [Sweep(m.id, struck)] if struck else []


@dataclass(slots=True, eq=False)
class Sweep(Step):
    """Each model struck saves, one at a time (its owner may spend Lucky on it); those that
    fail take the 1D+3; then the survivors are pushed and placed Face Up."""

    rule = SWEEP
    model: str
    struck: tuple[str, ...]
    saving: int = 0
    hurt: tuple[str, ...] = ()
    roll: Roll | None = None

    def option_error(self, game: AeonsGame, action: Action) -> str | None:
        """A Lucky re-roll refused: the die is not one offered."""
        return lucky.refusal(game, action, self.roll)

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        while self.saving < len(self.struck):
            m = game.model(self.struck[self.saving])
            save = combined(skill_saves(game, m, False))
            if save <= lucky.TOP:
                request = ("D6", "save", SWEEP, m.id)
                self.roll, ask = lucky.roll(game, self.roll, action, request, lucky.under(save))
                if ask is not None:
                    return ask
                action, passed, self.roll = None, self.roll.value >= save, None
                game.emit("saved", SWEEP, (m.id,), saved=int(passed), left=int(not passed))
                self.hurt += () if passed else (m.id,)
            else:
                self.hurt += (m.id,)
            self.saving += 1
        damage = catalog_of(game).scenario.sweep_damage
        wounds: list[Step] = [Wound(self.model, h, 1, damage, SWEEP) for h in self.hurt]
        return [*wounds, Swept(self.model, self.struck)]


@dataclass(slots=True, eq=False)
class Swept(Step):
    """The models the Sweep hit and left on the table: Face Up if Normal, pushed 1D3"."""

    rule = SWEEP
    model: str
    struck: tuple[str, ...]

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        worm = game.model(self.model)
        pushes: list[Step] = []
        for o in (game.model(s) for s in self.struck):
            if not o.on_table:
                continue
            if o.normal:
                set_state(game, o, FACE_UP, SWEEP)
            length = d3(game.roll("D6", "sweep push", SWEEP, o.id).value)
            pushes.append(Push(o.id, worm.x, worm.y, float(length), SWEEP))
        return pushes
