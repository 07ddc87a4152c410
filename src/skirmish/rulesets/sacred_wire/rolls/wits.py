"""A model's Wits rolled against a fixed 2d6 or another model's Wits, the one flow the Morale
test (C4.19), the Search (K2.1), the Interrogate (K2.2) and The Signal's relay (M13.1) share:
Boost offered before the roll and Reroll after it (C4.2), the tiers settled (C1.10; a fixed
2d6 takes no overflow, so it stays 2d6), a tie at the same tier rolled again (C1.9) and the
Agent's re-roll of a failed test (C2.4, notes A3). A kind of test says its modifiers, what it
rolls against, its dice purposes and labels, and what a pass or a fail does."""

from __future__ import annotations

from abc import abstractmethod
from dataclasses import KW_ONLY, dataclass
from typing import TYPE_CHECKING, ClassVar

from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.rulesets.sacred_wire.game import blessings
from skirmish.rulesets.sacred_wire.game.model import WireModel
from skirmish.rulesets.sacred_wire.rolls.contest import (
    OPPOSED,
    contest,
    final_faces,
    log_rolls,
    result,
    settle,
)
from skirmish.rulesets.sacred_wire.rolls.tiers import Tier, TierModifier, TierRoll, roll_pair
from skirmish.rulesets.sacred_wire.squads.roster import (
    CONTRACTS,
    rerolls_failed_wits,
    roll_modifiers,
    tier,
)

if TYPE_CHECKING:
    from skirmish.engine.action import Action
    from skirmish.rulesets.sacred_wire.game.state import WireGame


@dataclass(slots=True, eq=False)
class WitsRoll(Step):
    """The model's Wits against a fixed 2d6, or what :meth:`opposing` names; ``rule`` cites
    the test in its dice and events.

    A kind of test names ``purposes`` (its Wits dice, the other side's), ``labels`` (both
    sides in the tiers line), ``blessing_name`` and ``reroll_name`` (the Boost and Reroll
    prompts), and implements :meth:`begin`, :meth:`modifiers` and :meth:`outcome`.
    """

    purposes: ClassVar[tuple[str, str]]
    labels: ClassVar[tuple[str, str]]
    blessing_name: ClassVar[str]
    reroll_name: ClassVar[str]

    model: str
    _: KW_ONLY
    stage: str = "start"
    boost: bool = False
    sides: int = 6
    other: int = 6
    faces: tuple[int, ...] = ()
    target: tuple[int, ...] = ()

    def run(self, game: WireGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.model)
        if self.stage == "start":
            if not self.begin(game, m):
                return []
            self.stage = "boost"
        if self.stage == "boost":
            if action is None:
                ask = blessings.offer(game, m, ("Boost",), f"Boost this {self.blessing_name}?")
                if ask is not None:
                    return ask
            self.boost = blessings.chosen(game, m, action) == "Boost"
            action = None
            self._roll(game, m)
            self.stage = "reroll"
        if action is None:
            ask = blessings.reroll_offer(game, m, self.reroll_name)
            if ask is not None:
                return ask
        new = blessings.reroll_die(game, m, action, self.faces, self.sides, self.purposes[0])
        if new is not None:
            self.faces = new
        passed = self._settle(game, m)
        if not passed and rerolls_failed_wits(game, m):
            total, rolls = roll_pair(Tier(self.sides), game.dice, "agent-reroll")
            log_rolls(game, rolls, CONTRACTS, {None: m.id})
            self.faces = (total,)
            game.emit("agent-reroll", CONTRACTS, (m.id,))
            passed = self._settle(game, m)
        return self.outcome(game, m, passed)

    @abstractmethod
    def begin(self, game: WireGame, m: WireModel) -> bool:
        """Whether the test is made at all (it may end before any die is rolled)."""

    @abstractmethod
    def modifiers(self, game: WireGame, m: WireModel) -> list[TierModifier]:
        """The test's own DT modifiers, Boost among them (:meth:`boosted`), in the order the
        log lists them; the model's timed modifiers on Wits follow."""

    def opposing(self, game: WireGame) -> tuple[TierRoll, str | None]:
        """What the Wits are rolled against, and the model that rolls it (None: nobody)."""
        return TierRoll.fixed_2d6(), None

    @abstractmethod
    def outcome(self, game: WireGame, m: WireModel, passed: bool) -> list[Step]:
        """What the result does, its event first; returns the steps to run next."""

    def boosted(self) -> list[TierModifier]:
        """The Boost blessing's +1 DT, when it was spent on this test (C4.2)."""
        return [TierModifier(+1, "Boost", blessings.BLESSING)] if self.boost else []

    @property
    def total(self) -> int:
        """The Wits total."""
        return sum(self.faces)

    def reroll_chances(self, game: WireGame, die: int) -> blessings.RerollChances:
        """What a Reroll of die ``die`` may make of the test: passed or not, whatever the
        margin of a failure."""
        tiers = (self.sides, self.other)
        return blessings.reroll_chances(self.faces, self.against, tiers, 0, die)

    @property
    def against(self) -> int:
        """The other side's total."""
        return sum(self.target)

    def _roll(self, game: WireGame, m: WireModel) -> None:
        mods = [*self.modifiers(game, m), *roll_modifiers(m, "wits", use=True)]
        against, by = self.opposing(game)
        wits = TierRoll(tier(game, m, "wits"), tuple(mods))
        tiers = settle(game, wits, against, self.labels, (m.id, by))
        self.sides, self.other = int(tiers.first), int(tiers.second)
        self._contest(game, m)

    def _contest(self, game: WireGame, m: WireModel) -> None:
        ids = (m.id, self.opposing(game)[1])
        opposed = contest(game, Tier(self.sides), Tier(self.other), self.purposes, ids, self.rule)
        self.faces = final_faces(opposed.rolls, self.purposes[0])
        self.target = final_faces(opposed.rolls, self.purposes[1])

    def _settle(self, game: WireGame, m: WireModel) -> bool:
        """Whether the test passed; a tie at the same tier is rolled again (C1.9)."""
        while True:
            winner = result(Tier(self.sides), Tier(self.other), self.total, self.against)
            if winner is not None:
                return winner == 0
            game.emit("tie", OPPOSED, (m.id,))
            self._contest(game, m)
