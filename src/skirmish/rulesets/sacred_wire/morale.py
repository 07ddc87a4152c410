"""Morale and Flee (C4.19): when a squad's Boss goes Out of Action every friendly model tests
Wits against 2d6 (+1 DT with a friend within 3"); one that fails Flees, and a Fleeing model
retests at the start of each of its activations until it passes (notes A60, A61)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.rulesets.sacred_wire import blessings
from skirmish.rulesets.sacred_wire.contest import contest, final_faces, log_rolls, result, settle
from skirmish.rulesets.sacred_wire.model import WireModel
from skirmish.rulesets.sacred_wire.roster import rerolls_failed_wits, roll_modifiers, tier
from skirmish.rulesets.sacred_wire.space import friends, gap, in_play
from skirmish.rulesets.sacred_wire.tiers import Tier, TierModifier, TierRoll, roll_pair

if TYPE_CHECKING:
    from skirmish.engine.action import Action
    from skirmish.engine.game import Game

MORALE = "C4.19"
AGENT = "C2.4"
SUPPORT = 3.0


@dataclass(slots=True, eq=False)
class Morale(Step):
    """The Boss of ``side`` went Out of Action: every on-board model of the squad that is not
    already Fleeing tests at once (C4.19, notes A61)."""

    rule = MORALE
    side: int

    def run(self, game: Game, action: Action | None) -> Decision | list[Step]:
        testers = [m for m in in_play(game) if m.side == self.side and not m.fleeing]
        game.emit("morale", MORALE, tuple(m.id for m in testers), side=self.side)
        return [WitsTest(m.id, "morale") for m in testers]


def supported(game: Game, m: WireModel) -> bool:
    """Another friendly model, not Fleeing, within 3" (C4.19, notes A61)."""
    return any(gap(game, m, f) <= SUPPORT and not f.fleeing for f in friends(game, m))


@dataclass(slots=True, eq=False)
class WitsTest(Step):
    """A Wits test against a fixed 2d6 (C4.19; C1.10: no overflow either way). ``reason``:
    ``morale`` (fail: Flee) or ``flee`` (the retest; pass: it stops Fleeing). Boost may raise
    it, Reroll change a die; an Agent re-rolls a failed test once (C2.4, notes A3)."""

    rule = MORALE
    model: str
    reason: str
    stage: str = "boost"
    boost: bool = False
    sides: int = 6
    fixed: int = 6
    faces: tuple[int, ...] = ()
    target: tuple[int, ...] = ()

    def run(self, game: Game, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.model)
        assert isinstance(m, WireModel)
        if m.removed is not None:
            return []
        if self.stage == "boost":
            if action is None:
                ask = blessings.offer(game, m, ("Boost",), "Boost this Wits test?")
                if ask is not None:
                    return ask
            self.boost = blessings.chosen(game, m, action) == "Boost"
            action = None
            self._roll(game, m)
            self.stage = "reroll"
        if self.stage == "reroll":
            if action is None:
                ask = blessings.reroll_offer(game, m, "Wits")
                if ask is not None:
                    return ask
            new = blessings.reroll_die(game, m, action, self.faces, self.sides)
            if new is not None:
                self.faces = new
            self.stage = "done"
        passed = self._settle(game, m)
        if not passed and rerolls_failed_wits(game, m):
            total, rolls = roll_pair(Tier(self.sides), game.dice, "agent-reroll")
            log_rolls(game, rolls, AGENT, {None: m.id})
            self.faces = (total,)
            game.emit("agent-reroll", AGENT, (m.id,))
            passed = self._settle(game, m)
        game.emit(
            "wits-test",
            MORALE,
            (m.id,),
            reason=self.reason,
            passed=passed,
            total=sum(self.faces),
            against=sum(self.target),
        )
        if self.reason == "morale" and not passed:
            m.fleeing = True
            game.emit("flees", MORALE, (m.id,))
        elif self.reason == "flee" and passed:
            m.fleeing = False
            game.emit("rallies", MORALE, (m.id,))
        return []

    def _roll(self, game: Game, m: WireModel) -> None:
        mods: list[TierModifier] = []
        if supported(game, m):
            mods.append(TierModifier(+1, 'friend within 3"', MORALE))
        if self.boost:
            mods.append(TierModifier(+1, "Boost", blessings.BLESSING))
        mods += roll_modifiers(m, "wits", use=True)
        tiers = settle(
            game,
            TierRoll(tier(game, m, "wits"), tuple(mods)),
            TierRoll.fixed_2d6(),
            ("Wits", "against"),
            (m.id, None),
        )
        opposed = contest(game, tiers.first, tiers.second, ("wits", "test"), (m.id, None), MORALE)
        self.sides, self.fixed = int(tiers.first), int(tiers.second)
        self.faces = final_faces(opposed.rolls, "wits")
        self.target = final_faces(opposed.rolls, "test")

    def _settle(self, game: Game, m: WireModel) -> bool:
        """Whether the test passed; a tie at the same tier is rolled again (C1.9)."""
        while True:
            winner = result(Tier(self.sides), Tier(self.fixed), sum(self.faces), sum(self.target))
            if winner is not None:
                return winner == 0
            game.emit("tie", "C1.9", (m.id,))
            opposed = contest(
                game, Tier(self.sides), Tier(self.fixed), ("wits", "test"), (m.id, None), MORALE
            )
            self.faces = final_faces(opposed.rolls, "wits")
            self.target = final_faces(opposed.rolls, "test")
