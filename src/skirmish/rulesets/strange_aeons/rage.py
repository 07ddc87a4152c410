"""Deadly Rage (R:892, notes §3.4.7): once a game, as an Action, every model in base-to-base
with the raging model, friend or foe, suffers a Wound, with no roll to hit and no save; a
Ghost none, no attack being made against one (R:116). A Blasphemous Construct the Diabolical
Serum mutated takes it as its first Action, whoever is in base-to-base (R:801,
:mod:`.serum`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.blessed import close_error
from skirmish.rulesets.strange_aeons.damage import suffer
from skirmish.rulesets.strange_aeons.space import contacts, in_contact, models

if TYPE_CHECKING:
    from skirmish.engine.step import Step
    from skirmish.rulesets.strange_aeons.model import AeonsModel
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Blasphemous Construct: Deadly Rage (R:892)"


def rage_error(game: AeonsGame, m: AeonsModel) -> str | None:
    """Why ``m`` may not take the Deadly Rage Action now (its other conditions, Normal and
    in base-to-base with an enemy, are the Action's, checked with the others)."""
    if not catalog_of(game).profile(m.profile).can("deadly_rage"):
        return f"{m.id} has no Deadly Rage"
    if m.id in game.state.rage_used:
        return f"{m.id} has used its Deadly Rage (once a game, R:892)"
    if not contacts(game, m) and m.id not in game.state.raging:
        return f"{m.id} is in base-to-base with no enemy: its Deadly Rage would strike nobody"
    return None


def struck(game: AeonsGame, m: AeonsModel) -> list[AeonsModel]:
    """The models a Deadly Rage of ``m`` strikes: all in base-to-base, friends too, but a
    Ghost it is not Blessed against (R:116)."""
    return [
        o
        for o in models(game)
        if o.id != m.id and in_contact(m, o) and close_error(game, m, o) is None
    ]


def deadly_rage(game: AeonsGame, m: AeonsModel) -> list[Step]:
    """The Action: a Wound on each model in base-to-base, the Injury rolls after."""
    st = game.state
    st.rage_used = (*st.rage_used, m.id)
    st.raging = tuple(r for r in st.raging if r != m.id)
    game.emit("deadly-rage", RULE, (m.id,))
    steps: list[Step] = []
    for other in struck(game, m):
        steps += suffer(game, m.id, other, 1, RULE, "rage-wound")
    return steps
