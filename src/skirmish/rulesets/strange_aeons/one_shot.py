"""1-Shot (R:1233; rules notes §6 item 4): a 1-Shot weapon is discarded after one use.

The book names the rule and never says what it does; the notes' suggested reading is played.
The one 1-Shot weapon printed is the Stone, a close combat weapon: it is used when its model
fights a round of close combat with it (its best weapon, or the second of two it fights
with, R:284), and is gone once that round is over, its model fighting on with what it has
left, as after Destroy Weapon (R:1069). A model fights with any weapon before the Unarmed row
(:meth:`.catalog.Catalog.close_weapons`), so a Stone is thrown before fists are raised.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.step import Step
from skirmish.rulesets.strange_aeons import fighter
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.catalog import LOST, Catalog

if TYPE_CHECKING:
    from skirmish.engine.action import Action
    from skirmish.engine.decision import Decision
    from skirmish.rulesets.strange_aeons.model import AeonsModel
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Weapon special rules: 1-Shot (R:1233; notes §6 item 4)"


def after_round(cat: Catalog, a: AeonsModel, b: AeonsModel) -> list[Step]:
    """The step that discards what the round of ``a`` and ``b`` used, when either carries a
    1-Shot weapon."""
    armed = [w for m in (a, b) for w in cat.close_weapons(cat.profile(m.profile))]
    return [Discard(a.id, b.id)] if any(w.has("one_shot") for w in armed) else []


def fought_with(game: AeonsGame, m: AeonsModel, paired: bool) -> None:
    """Note the 1-Shot weapons ``m`` fights this round with (its best, and its second when
    ``paired``)."""
    cat, st = catalog_of(game), game.state
    prof = cat.profile(m.profile)
    second = fighter.second_weapon(cat, prof) if paired else None
    used = [cat.close_weapon(prof), *([second] if second is not None else [])]
    st.one_shots = (*st.one_shots, *((m.id, w.id) for w in used if w.has("one_shot")))


@dataclass(slots=True, eq=False)
class Discard(Step):
    """After a round of close combat: the 1-Shot weapons its two models used are gone."""

    rule = RULE
    a: str
    b: str

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        st = game.state
        for model_id, weapon_id in st.one_shots:
            if model_id in (self.a, self.b):
                m = game.model(model_id)
                m.profile = f"{m.profile}{LOST}{weapon_id}"
                game.emit("one-shot-spent", RULE, (model_id,), weapon=weapon_id)
        st.one_shots = tuple(p for p in st.one_shots if p[0] not in (self.a, self.b))
        return []
