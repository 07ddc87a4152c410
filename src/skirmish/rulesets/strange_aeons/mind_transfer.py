"""The Great Race of Yith's Mind Transfer (R:543): as an Action, a Yithian reaches for the mind
of an enemy within the catalog's ``yithian_range`` (our reading: enemies only, as the
Mesmerize's; no sight asked, the book asks none), and each rolls a D6 and adds its Resolve
(a Resolve is a number to roll, so the lower total wins). A lower total lets the Yithian learn
one Skill of the target for the rest of the game, its player's choice (``learn Y T skill``);
on a 6 it steals it, the target forgetting it. On a 1 the target overwhelms the link instead
and steals one of the Yithian's Skills, if it has any, its own player's choice. Its profile
changes so (:data:`.catalog.CHANGED`). A Threshold model's other
choice, Alien technology without penalty, lasts beyond the game (the campaign, not played).
The Special types that cause psychology (Hideous, Fear, Terror) are no Skills.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.catalog import CHANGED
from skirmish.rulesets.strange_aeons.model import AeonsModel
from skirmish.rulesets.strange_aeons.psychology import own_resolve
from skirmish.rulesets.strange_aeons.space import models, reach_error

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Great Race of Yith: Mind Transfer (R:543)"
TRANSFER = "transfer"
"""The Action, with the Yithian and its target."""
LEARN = "learn"
"""The choice of the Skill taken, with the model that takes it, the one it is taken from and
the Skill."""
STEAL_FACE = 6
FAIL_FACE = 1
NO_SKILLS = frozenset({"hideous", "fear", "terror"})
"""Special types a profile carries among its skills, which no Mind Transfer takes."""


def targets(game: AeonsGame, m: AeonsModel) -> list[AeonsModel]:
    """The models ``m`` may reach with a Mind Transfer now (none without the rule)."""
    if not catalog_of(game).profile(m.profile).can("mind_transfer"):
        return []
    return [t for t in models(game) if error(game, m, t) is None]


def error(game: AeonsGame, m: AeonsModel, target: AeonsModel) -> str | None:
    """Why ``m`` may not reach for the mind of ``target``."""
    cat = catalog_of(game)
    if not cat.profile(m.profile).can("mind_transfer"):
        return f"{m.id} has no Mind Transfer (R:543)"
    if target.side == m.side or not target.on_table:
        return f"{target.id} is not an enemy on the table"
    return reach_error(game, m, target, cat.scenario.yithian_range, "Mind Transfer")


def skills(game: AeonsGame, m: AeonsModel) -> list[str]:
    """The Skills of ``m`` a Mind Transfer may take."""
    return [s for s in catalog_of(game).profile(m.profile).skills if s not in NO_SKILLS]


def perform(game: AeonsGame, m: AeonsModel, target: AeonsModel) -> list[Step]:
    """Both roll a D6 and add their Resolve: the Yithian learns or steals on the lower total,
    and is robbed on a 1."""
    faces = [game.roll("D6", "mind-transfer", RULE, x.id).value for x in (m, target)]
    totals = [face + own_resolve(game, x) for face, x in zip(faces, (m, target), strict=True)]
    won = faces[0] != FAIL_FACE and totals[0] < totals[1]
    game.emit("mind-transfer", RULE, (m.id, target.id), totals=totals, passed=not won)
    if faces[0] == FAIL_FACE:
        return [Take(target.id, m.id, True)]
    if not won:
        return []
    game.state.transferred = (*game.state.transferred, target.id)
    return [Take(m.id, target.id, faces[0] == STEAL_FACE)]


@dataclass(slots=True, eq=False)
class Take(Step):
    """``taker`` takes one Skill of ``source`` that it has not, its player's choice: learned,
    or stolen (``source`` forgets it)."""

    rule = RULE
    taker: str
    source: str
    steals: bool

    def option_error(self, game: AeonsGame, action: Action) -> str | None:
        """Why ``action`` takes no Skill."""
        if action.kind != LEARN or len(action.args) != 3:
            return None
        return f"{self.source} has no Skill {action.args[2]!r} that {self.taker} lacks (R:543)"

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        taker, source = game.model(self.taker), game.model(self.source)
        known = set(skills(game, taker))
        offered = [s for s in skills(game, source) if s not in known]
        if not offered:
            game.emit("no-skill", RULE, (taker.id, source.id))
            return []
        if action is None:
            return Decision(
                taker.side,
                LEARN,
                f"{taker.name} takes a Skill of {source.name} (R:543)",
                tuple(Action(LEARN, (taker.id, source.id, s)) for s in offered),
            )
        skill = action.args[2]
        taker.profile = f"{taker.profile}{CHANGED}+{skill}"
        if self.steals:
            source.profile = f"{source.profile}{CHANGED}-{skill}"
        game.emit("learned", RULE, (taker.id, source.id), skill=skill, stolen=self.steals)
        return []
