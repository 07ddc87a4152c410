"""The Great Race of Yith's Neural Shock (R:545): as an Action, a Yithian strikes at the mind of
an enemy within the catalog's ``yithian_range`` (our reading: enemies only; no sight asked, the
book asks none). The target takes a Resolve test, its owner free to spend Lucky on it, needing
``shock_penalty`` more if a Yithian's Mind Transfer has won against it (:mod:`.mind_transfer`;
:func:`penalty`, which the heuristic player reads too); failing, it suffers a 1D+1 hit with
Confusion (:mod:`.afflictions`), rolled to wound as any hit with no save (a blow to the mind,
as Deadly Rage's, our reading).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.step import Step
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.damage import Carried, Wound
from skirmish.rulesets.strange_aeons.model import AeonsModel
from skirmish.rulesets.strange_aeons.psychology import Trial
from skirmish.rulesets.strange_aeons.space import models, reach_error

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Great Race of Yith: Neural Shock (R:545)"
SHOCK = "shock"
"""The Action, with the Yithian and its target."""
DAMAGE = 1
"""The hit's Damage: 1D+1 (R:545)."""


def targets(game: AeonsGame, m: AeonsModel) -> list[AeonsModel]:
    """The models ``m`` may shock now (none without the rule)."""
    if not catalog_of(game).profile(m.profile).can("neural_shock"):
        return []
    return [t for t in models(game) if error(game, m, t) is None]


def error(game: AeonsGame, m: AeonsModel, target: AeonsModel) -> str | None:
    """Why ``m`` may not shock ``target``."""
    cat = catalog_of(game)
    if not cat.profile(m.profile).can("neural_shock"):
        return f"{m.id} has no Neural Shock (R:545)"
    if target.side == m.side or not target.on_table:
        return f"{target.id} is not an enemy on the table"
    return reach_error(game, m, target, cat.scenario.yithian_range, "Neural Shock")


def penalty(game: AeonsGame, target: AeonsModel) -> int:
    """What ``target``'s test needs more: 2 for a victim of a Mind Transfer (R:545)."""
    victim = target.id in game.state.transferred
    return victim * catalog_of(game).scenario.shock_penalty


@dataclass(slots=True, eq=False)
class Shock(Trial):
    """The target's Resolve test; a 1D+1 Confusion hit if it fails."""

    rule = RULE
    kind = "neural-shock"

    def penalty(self, game: AeonsGame, target: AeonsModel) -> int:
        """2 worse for a victim of a Mind Transfer (:func:`penalty`)."""
        return penalty(game, target)

    def failed(self, game: AeonsGame, target: AeonsModel) -> list[Step]:
        """The 1D+1 hit with Confusion."""
        confused = Carried(effects=("confusion",))
        return [Wound(self.model, target.id, 1, DAMAGE, RULE, carried=confused)]
