"""The Daemonic Hound's Stalker (R:562): once every model is deployed, before the first Turn,
each Hound's player may pick an enemy as its prey. In close combat with its prey the Hound
adds 1 to its total (its +1 to hit; our reading: a bonus on the roll, no new Critical Hit);
whenever it may Charge its prey, that Charge is the only Action it may take (our reading of
"even if already engaged": a model in base-to-base Charges only those it touches, so it
must when the prey is one of them).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.model import AeonsModel
from skirmish.rulesets.strange_aeons.space import models

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Daemonic Hound: Stalker (R:562)"
BONUS = 1
NONE = ""
"""The prey of a Hound whose player picked none."""


def hunters(game: AeonsGame) -> list[AeonsModel]:
    """The Stalkers on the table whose player has not picked their prey yet."""
    cat, asked = catalog_of(game), {h for h, _ in game.state.prey}
    return [m for m in models(game) if m.id not in asked and cat.profile(m.profile).can("stalker")]


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
                game.emit("prey", RULE, (action.args[0], prey))
        waiting = hunters(game)
        if not waiting:
            return []
        hound = waiting[0]
        options = [Action("prey", (hound.id, e.id)) for e in models(game) if e.side != hound.side]
        prompt = f"{hound.name} ({hound.id}) is a Stalker: pick its prey, or none"
        return Decision(hound.side, "prey", prompt, (*options, Action("no-prey", (hound.id,))))


def _prey(game: AeonsGame, m: AeonsModel) -> str:
    return next((p for h, p in game.state.prey if h == m.id), NONE)


def bonus(game: AeonsGame, m: AeonsModel, foe: AeonsModel) -> int:
    """What ``m`` adds to its close combat total against ``foe``: 1 if it is its prey."""
    if _prey(game, m) != foe.id:
        return 0
    game.emit("stalked", RULE, (m.id, foe.id), bonus=BONUS)
    return BONUS


def forced(game: AeonsGame, m: AeonsModel, offered: tuple[Action, ...]) -> Action | None:
    """The Charge at its prey ``m`` must take now, if it is among the Actions ``offered``."""
    prey = _prey(game, m)
    charge = Action("charge", (m.id, prey))
    return charge if prey and charge in offered else None
