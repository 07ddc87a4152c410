"""Prey picked after deployment: the Daemonic Hound's Stalker (R:562) and the Big Game
Hunter's Hunter (R:388). Once every model is deployed, before the first Turn, the player of
each may pick an enemy (a Lurker, for the Hunter) as its prey, or none. In close combat with
its prey the model adds 1 to its total (its +1 to hit; our reading: a bonus on the roll, no new
Critical Hit); the Hunter's shots at its prey need 1 less to hit too (:mod:`.shooting`).
Whenever a Hound may Charge its prey, that Charge is the only Action it may take (our reading
of "even if already engaged": a model in base-to-base Charges only those it touches, so it
must when the prey is one of them). A Hound summoned (R:688) comes into play after the prey is
picked, so it hunts none, as Stalker does not apply to it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.catalog import Ability
from skirmish.rulesets.strange_aeons.model import AeonsModel
from skirmish.rulesets.strange_aeons.space import models

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Daemonic Hound: Stalker (R:562)"
HUNTER = "Big Game Hunter: Hunter (R:388)"
RULES: dict[Ability, str] = {"stalker": RULE, "hunter": HUNTER}
"""The rules that pick a prey, and the rule each one's events cite."""
BONUS = 1
NONE = ""
"""The prey of a Hound whose player picked none."""


def hunters(game: AeonsGame) -> list[AeonsModel]:
    """The Stalkers and Hunters on the table whose player has not picked their prey yet."""
    asked = {h for h, _ in game.state.prey}
    return [m for m in models(game) if m.id not in asked and _rule(game, m)]


def _rule(game: AeonsGame, m: AeonsModel) -> str:
    """The rule by which ``m`` picks a prey, or ``""``."""
    prof = catalog_of(game).profile(m.profile)
    return next((rule for a, rule in RULES.items() if prof.can(a)), "")


@dataclass(slots=True, eq=False)
class Stalk(Step):
    """Each Stalker's player picks its prey among the enemies on the table, or none."""

    rule = RULE

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        st = game.state
        if action is not None:
            prey = action.args[1] if action.kind == "prey" else NONE
            st.prey = (*st.prey, (action.args[0], prey))
            if prey:
                game.emit("prey", _rule(game, game.model(action.args[0])), (action.args[0], prey))
        waiting = hunters(game)
        if not waiting:
            return []
        hound = waiting[0]
        options = [Action("prey", (hound.id, e.id)) for e in models(game) if e.side != hound.side]
        prompt = f"{hound.name} ({hound.id}) picks its prey ({_rule(game, hound)}), or none"
        return Decision(hound.side, "prey", prompt, (*options, Action("no-prey", (hound.id,))))


def _prey(game: AeonsGame, m: AeonsModel) -> str:
    return next((p for h, p in game.state.prey if h == m.id), NONE)


def bonus(game: AeonsGame, m: AeonsModel, foe: AeonsModel) -> int:
    """What ``m`` adds to its close combat total against ``foe``: 1 if it is its prey."""
    return BONUS if _prey(game, m) == foe.id else 0


def stalked(game: AeonsGame, m: AeonsModel, foe: AeonsModel) -> None:
    """Log the :func:`bonus` ``m`` fights ``foe`` with, if any."""
    if bonus(game, m, foe):
        game.emit("stalked", _rule(game, m), (m.id, foe.id), bonus=BONUS)


def aim(game: AeonsGame, m: AeonsModel, target: AeonsModel) -> int:
    """What ``m``'s shot at ``target`` needs less to hit: 1 if it is a Hunter's prey (R:388)."""
    if _prey(game, m) != target.id or not catalog_of(game).profile(m.profile).can("hunter"):
        return 0
    game.emit("prey-shot", HUNTER, (m.id, target.id), bonus=BONUS)
    return BONUS


def forced(game: AeonsGame, m: AeonsModel, offered: tuple[Action, ...]) -> Action | None:
    """The Charge at its prey a Stalker ``m`` must take now, if it is among the Actions
    ``offered``."""
    prey = _prey(game, m) if catalog_of(game).profile(m.profile).can("stalker") else NONE
    if not prey:  # as for nearly every model: no Charge made to look for
        return None
    charge = Action("charge", (m.id, prey))
    return charge if charge in offered else None
