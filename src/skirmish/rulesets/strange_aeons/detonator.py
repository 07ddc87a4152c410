"""The Detonator (R:466, rules notes §3.3): Extra Gear that sets Dynamite off from afar.

A model that carries a Detonator and Dynamite may, as an Action, place a Dynamite marker
where it stands (its base touches the marker, which lies on its surface); it has one marker
out at a time, and a Munitions Expert's dud Dynamite (R:1108) places none. Later an Action
from within 15" of the marker, sight or not, sets it off: the Dynamite's Blast Template comes
down over the marker with no roll to hit, and every model under it saves and takes the one
roll to wound as under any template (:mod:`.templates`); the marker is gone.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.extra_gear import RULES, carries
from skirmish.rulesets.strange_aeons.shooting import DYNAMITE
from skirmish.rulesets.strange_aeons.templates import TemplateShot

if TYPE_CHECKING:
    from skirmish.engine.decision import Decision
    from skirmish.engine.step import Step
    from skirmish.geometry.shapes import Point
    from skirmish.rulesets.strange_aeons.model import AeonsModel
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = RULES["detonator"]
REACH = 15.0
"""How far from the marker the Detonator sets it off (R:466)."""
PLANT = "plant"
DETONATE = "detonate"
ARITY = {PLANT: 1, DETONATE: 1}
"""The Detonator's Actions, with how many arguments each has, the model first."""


def marker(game: AeonsGame, m: AeonsModel) -> tuple[Point, str | None] | None:
    """Where ``m``'s Dynamite marker lies and on which surface, if it has one out."""
    for owner, x, y, level in game.state.planted:
        if owner == m.id:
            return (x, y), level or None
    return None


def options(game: AeonsGame, m: AeonsModel) -> list[Action]:
    """The Detonator's Actions ``m`` may take now."""
    return [Action(kind, (m.id,)) for kind in ARITY if error(game, m, kind) is None]


def error(game: AeonsGame, m: AeonsModel, kind: str) -> str | None:
    """Why ``m`` may not place (``plant``) or set off (``detonate``) its Dynamite now."""
    if not carries(game, m, "detonator"):
        return f"{m.id} carries no Detonator (R:466)"
    placed = marker(game, m)
    if kind == PLANT:
        weapons = catalog_of(game).profile(m.profile).weapons
        if DYNAMITE not in weapons or (m.id, DYNAMITE) in game.state.duds:
            return f"{m.id} has no Dynamite to place (R:466)"
        if placed is not None:
            return f"{m.id} has a Dynamite marker out already: it sets that one off first"
        return None
    if placed is None:
        return f"{m.id} has no Dynamite marker out to set off"
    far = math.dist(m.pos, placed[0]) - m.radius
    if far > REACH:
        return f'{m.id} is {far:.1f}" from its Dynamite marker: the Detonator reaches 15" (R:466)'
    return None


def perform(game: AeonsGame, m: AeonsModel, kind: str) -> list[Step]:
    """Place the marker, or set it off."""
    st = game.state
    if kind == PLANT:
        st.planted = (*st.planted, (m.id, m.x, m.y, m.level or ""))
        game.emit("planted", RULE, (m.id,), at=m.pos)
        return []
    placed = marker(game, m)
    assert placed is not None
    st.planted = tuple(p for p in st.planted if p[0] != m.id)
    center, level = placed
    game.emit("detonated", RULE, (m.id,), at=center)
    return [Detonation(m.id, m.id, DYNAMITE, phase=DETONATE, center=center, level=level)]


@dataclass(slots=True, eq=False)
class Detonation(TemplateShot):
    """The Dynamite set off by a Detonator: its template laid over the marker, no roll to
    hit, then the saves and the roll to wound of any template."""

    rule = RULE

    def resolve(
        self, game: AeonsGame, shooter: AeonsModel, action: Action | None
    ) -> Decision | list[Step]:
        if self.phase == DETONATE:
            return self._lay(game)
        return TemplateShot.resolve(self, game, shooter, action)
