"""The Actions that skills give a Normal model out of close combat (rules notes §3.8a).

Med Student (R:1107): an Action restores one lost Wound to a friend in base-to-base, never
above the Wounds its profile starts with (so only a model of several Wounds gains by it).
Surly (R:1149): an Action makes the model cause Fear in enemy models until the start of its
side's next turn; psychology (:mod:`.psychology`) reads who is menacing so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.engine.step import Step
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.model import AeonsModel
from skirmish.rulesets.strange_aeons.space import in_contact, models

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

MED_STUDENT = "Skills: Med Student (R:1107)"
SURLY = "Skills: Surly (R:1149)"
ARITY = {"treat": 2, "menace": 1}
"""The Actions skills give, with how many arguments each has, its model first."""


def options(game: AeonsGame, m: AeonsModel) -> list[Action]:
    """The skills' Actions ``m`` may take now (a Normal model out of close combat)."""
    prof = catalog_of(game).profile(m.profile)
    found = [Action("treat", (m.id, f.id)) for f in _patients(game, m)]
    if prof.has("surly") and m.id not in game.state.surly:
        found.append(Action("menace", (m.id,)))
    return found


def _patients(game: AeonsGame, m: AeonsModel) -> list[AeonsModel]:
    """The friends in base-to-base ``m`` may restore a Wound to."""
    cat = catalog_of(game)
    if not cat.profile(m.profile).has("med_student"):
        return []
    return [
        f
        for f in models(game)
        if f.side == m.side
        and f.id != m.id
        and in_contact(m, f)
        and f.wounds < cat.profile(f.profile).wounds
    ]


def error(game: AeonsGame, m: AeonsModel, action: Action) -> str | None:
    """Why ``m`` may not take the skill's ``action`` now (a Normal model out of combat)."""
    prof = catalog_of(game).profile(m.profile)
    if action.kind == "menace":
        if not prof.has("surly"):
            return f"{m.id} is not Surly (R:1149)"
        return f"{m.id} already causes Fear until its side's next turn"
    if not prof.has("med_student"):
        return f"{m.id} is no Med Student (R:1107)"
    friend = game.model(action.args[1])
    if friend.side != m.side or not friend.on_table or not in_contact(m, friend):
        return f"{friend.id} is not a friend in base-to-base with {m.id}"
    return f"{friend.id} has lost no Wound"


def perform(game: AeonsGame, m: AeonsModel, action: Action) -> list[Step]:
    """Carry out a skill's Action."""
    st = game.state
    if action.kind == "menace":
        st.surly = (*st.surly, m.id)
        game.emit("menace", SURLY, (m.id,))
        return []
    friend = game.model(action.args[1])
    friend.wounds += 1
    game.emit("treated", MED_STUDENT, (m.id, friend.id), wounds=friend.wounds)
    return []
