"""The Wolfman's Transmogrify (R:627): a Wolfman that loses a Wound (:class:`.damage.Wound`
notes it in ``shifting``) takes a Resolve test once the Action or combat is over, with the
Infectious Hunger's tests and the mate's roll; if it is still on the table and fails, it is
removed from play (not by an Injury, so no friend tests for it) and an unarmed Cultist takes
its place as it lies, its Wounds whole (the profile it ``becomes``, set up with it). An
Infected Threshold model's return belongs to the campaign (:mod:`.infection`), not played.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.step import Step
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.catalog import BECOMES
from skirmish.rulesets.strange_aeons.damage import remove
from skirmish.rulesets.strange_aeons.model import AeonsModel
from skirmish.rulesets.strange_aeons.psychology import Trial

if TYPE_CHECKING:
    from skirmish.engine.action import Action
    from skirmish.engine.decision import Decision
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Wolfman: Transmogrify (R:627)"
SHIFTED = "Transmogrified"
"""Why the Wolfman leaves play."""


@dataclass(slots=True, eq=False)
class Shifts(Step):
    """The tests owed by the Wolfmen that lost a Wound, one at a time."""

    rule = RULE

    @staticmethod
    def due(game: AeonsGame) -> bool:
        """Whether a Transmogrify test is owed, or owed ones to forget once the game is over
        (:class:`.turn.Owed`)."""
        return bool(game.state.shifting)

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        st = game.state
        while st.shifting and not game.is_over:
            wolf, st.shifting = game.model(st.shifting[0]), st.shifting[1:]
            if wolf.on_table:
                return [Shift(wolf.id, wolf.id), self]
        st.shifting = ()
        return []


@dataclass(slots=True, eq=False)
class Shift(Trial):
    """The Wolfman's Resolve test; failing, an unarmed Cultist takes its place."""

    rule = RULE
    kind = "transmogrify"

    def failed(self, game: AeonsGame, target: AeonsModel) -> list[Step]:
        """The Cultist is set where the Wolfman lies before it leaves, so its side is not
        left without a model between the two."""
        becomes = f"{target.profile}{BECOMES}"
        cultist = catalog_of(game).profile(becomes)
        heir = AeonsModel(
            f"{target.id}C",
            target.side,
            cultist.name,
            target.x,
            target.y,
            target.radius,
            level=target.level,
            profile=becomes,
            wounds=cultist.wounds,
            state=target.state,
        )
        game.add_model(heir)
        game.emit("transmogrified", RULE, (target.id, heir.id))
        remove(game, target, SHIFTED, RULE, injured=False)
        return []
