"""The Giant Snake's Mesmerize (R:580): as an Action, it sets its gaze on a Human model within
the catalog's ``mesmerize_range``; each rolls a D6 and adds its Resolve, and when the Snake's
total is the lower (a Resolve is a number to roll, so the lower the better), the target loses
one Action the next Turn it is nominated. Only enemies are targets, none already losing an
Action so (our reading, as the Evil Eye's); sight is not asked, as the book asks none.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.model import AeonsModel
from skirmish.rulesets.strange_aeons.psychology import own_resolve
from skirmish.rulesets.strange_aeons.space import models, reach_error

if TYPE_CHECKING:
    from skirmish.engine.step import Step
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Giant Snake: Mesmerize (R:580)"


def targets(game: AeonsGame, m: AeonsModel) -> list[AeonsModel]:
    """The models ``m`` may Mesmerize now (none without the rule)."""
    if not catalog_of(game).profile(m.profile).can("mesmerize"):
        return []
    return [t for t in models(game) if error(game, m, t) is None]


def error(game: AeonsGame, m: AeonsModel, target: AeonsModel) -> str | None:
    """Why ``m`` may not Mesmerize ``target``."""
    cat = catalog_of(game)
    if not cat.profile(m.profile).can("mesmerize"):
        return f"{m.id} cannot Mesmerize (R:580)"
    human = "human" in cat.profile(target.profile).types
    if target.side == m.side or not target.on_table or not human:
        return f"{target.id} is not a Human enemy on the table: only one is Mesmerized (R:580)"
    if target.id in game.state.mesmerized:
        return f"{target.id} is Mesmerized already"
    return reach_error(game, m, target, cat.scenario.mesmerize_range, "Mesmerize")


def perform(game: AeonsGame, m: AeonsModel, target: AeonsModel) -> list[Step]:
    """Both roll a D6 and add their Resolve; the Snake's lower total entrances the target."""
    totals = [_total(game, x) for x in (m, target)]
    entranced = totals[0] < totals[1]
    # The target's side of the roll is a test it passes unless entranced.
    game.emit("mesmerize", RULE, (m.id, target.id), totals=totals, passed=not entranced)
    if entranced:
        game.state.mesmerized = (*game.state.mesmerized, target.id)
    return []


def _total(game: AeonsGame, m: AeonsModel) -> int:
    return game.roll("D6", "mesmerize", RULE, m.id).value + own_resolve(game, m)


def lost_actions(game: AeonsGame, m: AeonsModel) -> int:
    """The Actions ``m`` loses as it is nominated: one if it is Mesmerized, which then ends."""
    st = game.state
    if m.id not in st.mesmerized:
        return 0
    st.mesmerized = tuple(x for x in st.mesmerized if x != m.id)
    game.emit("entranced", RULE, (m.id,))
    return 1
