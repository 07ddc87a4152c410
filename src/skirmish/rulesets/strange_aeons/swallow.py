"""Swallow Whole: the Eldritch Power of a Godling or a God-Spawn (R:665) and the Scrawny
Ones' own rule (R:683), one rule with the states each swallows (``swallows`` in
``data/rulebook.toml``): Face Up or Face Down for the Eldritch Power, Face Down only for the
Scrawny Ones.

As an Action, a Normal model with the rule swallows every enemy in base-to-base in a state it
swallows (its player may not spare one: "all models", R:665; our reading: friends are never
swallowed). Each is removed from play, Dead, which friends nearby see as a removal by Injury
(R:214). What comes after the game (a Dead model, or the Scrawny Ones' roll in the Major
Injury Phase, R:683) is the campaign's, not played yet.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.catalog import Ability
from skirmish.rulesets.strange_aeons.damage import remove
from skirmish.rulesets.strange_aeons.model import STATE_NAMES
from skirmish.rulesets.strange_aeons.space import contacts

if TYPE_CHECKING:
    from skirmish.engine.step import Step
    from skirmish.rulesets.strange_aeons.model import AeonsModel
    from skirmish.rulesets.strange_aeons.state import AeonsGame

SWALLOW = "swallow"
LINES: dict[Ability, int] = {"swallow_whole": 665, "scrawny_swallow_whole": 683}
"""The line of each profile's rule."""
SWALLOWED = "Swallowed whole"


def _cite(rule: Ability) -> str:
    return f"Swallow Whole (R:{LINES[rule]})"


def _rule(game: AeonsGame, m: AeonsModel) -> Ability | None:
    """The Swallow Whole rule ``m`` has, if any."""
    cat = catalog_of(game)
    prof = cat.profile(m.profile)
    return next((a for a in cat.scenario.swallows if prof.can(a)), None)


def prey(game: AeonsGame, m: AeonsModel) -> list[AeonsModel]:
    """The enemies ``m`` would swallow now."""
    rule = _rule(game, m)
    if rule is None or not m.normal:
        return []
    states = catalog_of(game).scenario.swallows[rule]
    return [e for e in contacts(game, m) if e.state in states]


def error(game: AeonsGame, m: AeonsModel) -> str | None:
    """Why ``m`` may not Swallow Whole now."""
    rule = _rule(game, m)
    if rule is None:
        return f"{m.id} has no Swallow Whole"
    if not prey(game, m):
        states = " or ".join(STATE_NAMES[s] for s in catalog_of(game).scenario.swallows[rule])
        return f"{m.id} touches no enemy {states}: nothing to swallow (R:{LINES[rule]})"
    return None


def perform(game: AeonsGame, m: AeonsModel) -> list[Step]:
    """The Action: every enemy it may swallow is removed, Dead."""
    rule = _rule(game, m)
    if rule is None:
        return []
    for e in prey(game, m):
        game.emit("swallowed", _cite(rule), (m.id, e.id))
        remove(game, e, SWALLOWED, _cite(rule), by=(m.id,))
    return []
