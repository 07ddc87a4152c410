"""Morale and Flee (C4.19): when a squad's Boss goes Out of Action every friendly model tests
Wits against 2d6 (+1 DT with a friend within 3"); one that fails Flees, and a Fleeing model
retests at the start of each of its activations until it passes (notes A60, A61)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.rulesets.sacred_wire.game.model import WireModel
from skirmish.rulesets.sacred_wire.game.space import friends, gap, in_play
from skirmish.rulesets.sacred_wire.missions import assassination, carry
from skirmish.rulesets.sacred_wire.rolls.tiers import TierModifier
from skirmish.rulesets.sacred_wire.rolls.wits import WitsRoll
from skirmish.rulesets.sacred_wire.squads.roster import profile

if TYPE_CHECKING:
    from skirmish.engine.action import Action
    from skirmish.rulesets.sacred_wire.game.state import WireGame

MORALE = "C4.19"
SUPPORT = 3.0


@dataclass(slots=True, eq=False)
class Morale(Step):
    """The Boss of ``side`` went Out of Action: every on-board model of the squad that is not
    already Fleeing tests at once (C4.19, notes A61)."""

    rule = MORALE
    side: int

    def run(self, game: WireGame, action: Action | None) -> Decision | list[Step]:
        testers = [m for m in in_play(game) if m.side == self.side and not m.fleeing]
        game.emit("morale", MORALE, tuple(m.id for m in testers), side=self.side)
        # The squad tests at once: a friend that fails first still steadies the others.
        return [WitsTest(m.id, "morale", supported(game, m)) for m in testers]


def flee(game: WireGame, m: WireModel, rule: str, by: str | None) -> None:
    """``m`` starts to Flee (C4.19, or the table row ``rule`` says so), the doing of ``by``
    if anyone's; a hunter who made its target Flee wins (M5.1). A package it carries goes
    with it until its Flee ends (:mod:`..missions.carry`, M1.1)."""
    m.fleeing = True
    game.emit("flees", rule, (m.id,))
    assassination.fallen(game, m, by, fled=True)


def boss_killer(game: WireGame, side: int) -> str | None:
    """Who put ``side``'s Boss Out of Action: the Morale tests it sets off are its doing
    (notes A100)."""
    bosses = [m for m in game.models if m.side == side and m.ooa_by and profile(game, m).is_boss]
    return bosses[0].ooa_by if bosses else None


def supported(game: WireGame, m: WireModel) -> bool:
    """Another friendly model, not Fleeing, within 3" (C4.19, notes A61)."""
    return any(gap(game, m, f) <= SUPPORT and not f.fleeing for f in friends(game, m))


@dataclass(slots=True, eq=False)
class WitsTest(WitsRoll):
    """The Morale test (C4.19): Wits against a fixed 2d6, +1 DT with a friend within 3".
    ``reason``: ``morale`` (fail: Flee) or ``flee`` (the retest; pass: it stops Fleeing).
    The squad's tests are one batch: who steadies whom is judged before any of them rolls."""

    rule = MORALE
    purposes = ("wits", "test")
    labels = ("Wits", "against")
    blessing_name = "Wits test"
    reroll_name = "Wits"
    reason: str
    steadied: bool | None = None
    """Whether a friend within 3" steadies the model, judged as the squad's Morale tests
    began; ``None``: when the test rolls (a Fleeing model's retest)."""

    def begin(self, game: WireGame, m: WireModel) -> bool:
        return m.removed is None

    def modifiers(self, game: WireGame, m: WireModel) -> list[TierModifier]:
        steadied = supported(game, m) if self.steadied is None else self.steadied
        support = [TierModifier(+1, 'friend within 3"', MORALE)] if steadied else []
        return [*support, *self.boosted()]

    def outcome(self, game: WireGame, m: WireModel, passed: bool) -> list[Step]:
        game.emit(
            "wits-test",
            MORALE,
            (m.id,),
            reason=self.reason,
            passed=passed,
            total=self.total,
            against=self.against,
        )
        if self.reason == "morale" and not passed:
            flee(game, m, MORALE, boss_killer(game, m.side))
        elif self.reason == "flee" and passed:
            m.fleeing = False
            game.emit("rallies", MORALE, (m.id,))
            carry.rallies(game, m)
        return []
