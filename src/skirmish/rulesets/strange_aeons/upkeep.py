"""The Upkeep phase (R:127): after the combats and before the nominations, the effects that
carry over from turn to turn are resolved for the side whose turn it is.

The Smoke Canisters' templates whose Turns are over lift first (R:1309, :mod:`.smoke`). The
Leng Spiders' eggs hatch in the Lurkers' Upkeep, once every model's Fire is resolved
(:mod:`.eggs`, R:596). The other effect played is Fire (notes §6 item 4,
:mod:`.afflictions`): each of the side's models on Fire, in the order they caught it, rolls
a D6; ``fire_out`` or more puts the flames out, anything less is a hit of 1D +
``fire_damage`` against its Constitution (armour counts), saved by the saves against all
hits (Tough's, R:1163), and it burns on; a rider's is his, never shared with his Horse
(R:1121). The Injury roll
of that hit is rolled by whoever set it alight; a model it removes owes its friends' tests
and a Wendigo's spirit its hunt (R:703), as any removal. Before them, a dormant Elder Thing
of the side has a lost Wound back (R:528, :mod:`.elder_thing`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.dice import Roll
from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.rulesets.strange_aeons import eggs, elder_thing, lucky, smoke
from skirmish.rulesets.strange_aeons.afflictions import FIRE, put_out
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.damage import Wound
from skirmish.rulesets.strange_aeons.hunger import Hungers
from skirmish.rulesets.strange_aeons.psychology import PsychologyCheck
from skirmish.rulesets.strange_aeons.transmogrify import Shifts

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

UPKEEP = "Turns: Upkeep (R:127)"


@dataclass(slots=True, eq=False)
class Upkeep(Step):
    """The active side's dormant Elder Things stir (R:528), then its models on Fire, one at
    a time, each once: put it out or burn on."""

    rule = UPKEEP
    done: tuple[str, ...] = ()
    roll: Roll | None = None
    stirred: bool = False

    def option_error(self, game: AeonsGame, action: Action) -> str | None:
        """A Lucky re-roll refused: the die is not one offered."""
        return lucky.refusal(game, action, self.roll)

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        smoke.lift(game)
        st = game.state
        if not self.stirred:
            self.stirred = True
            elder_thing.stir(game)
        waiting = [
            (mid, source)
            for mid, source in st.burning
            if mid not in self.done and game.model(mid).side == st.active
        ]
        if not waiting:
            eggs.hatch(game)
            return []
        mid, source = waiting[0]
        m = game.model(mid)
        if not m.on_table:
            put_out(game, m)
            return [self]
        scenario = catalog_of(game).scenario
        need = scenario.fire_out
        request = ("D6", "fire", FIRE, mid)
        self.roll, ask = lucky.roll(game, self.roll, action, request, lucky.under(need))
        if ask is not None:
            return ask
        passed = self.roll.value >= need
        self.roll, self.done = None, (*self.done, mid)
        game.emit("fire-out", FIRE, (mid,), need=need, passed=passed)
        if passed:
            put_out(game, m)
            return [self]
        game.emit("burns", FIRE, (mid,), damage=scenario.fire_damage)
        # The flames are the rider's own, no attack on the pair: none of it goes to his
        # Horse (R:1121 shares out the hits of an attack).
        hit = Wound(source, mid, 1, scenario.fire_damage, FIRE, saved="other", shared=True)
        return [hit, Hungers(), Shifts(), PsychologyCheck(), self]
