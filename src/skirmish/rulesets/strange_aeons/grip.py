"""Holds that tighten with each Turn in the same close combat: the Giant Snake's Constrictor
(+1 C.C. bonus, R:580), the Thousand Young's Crushing Grasp (+1 Damage, R:622) and the Kung Fu
Expert's Wushu Master (+1 C.C. bonus, R:408).

Combats are fought at the start of every Turn, so a model fighting the same opponent in Turns
one after another holds it tighter: nothing in the first of them, +1 in the second, +2 in the
third and so on (our reading: the grip is got, then squeezes). The hold ends with the
combat: a pair no longer in base-to-base as a Turn begins lets go, and so does a pair that
misses a Turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.catalog import Ability
from skirmish.rulesets.strange_aeons.model import AeonsModel
from skirmish.rulesets.strange_aeons.space import in_contact
from skirmish.rulesets.strange_aeons.state import Grip

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

CONSTRICTOR: Ability = "constrictor"
CRUSHING_GRASP: Ability = "crushing_grasp"
WUSHU_MASTER: Ability = "wushu_master"
RULES: dict[Ability, str] = {
    CONSTRICTOR: "Giant Snake: Constrictor (R:580)",
    CRUSHING_GRASP: "Thousand Young: Crushing Grasp (R:622)",
    WUSHU_MASTER: "Kung Fu Expert: Wushu Master (R:408)",
}


def tighten(game: AeonsGame, a: AeonsModel, b: AeonsModel) -> None:
    """A round of ``a`` against ``b`` is fought this Turn: each that holds counts it."""
    for holder, foe in ((a, b), (b, a)):
        held = _holds(game, holder)
        if held:
            _count(game, holder, foe, held)


def _holds(game: AeonsGame, m: AeonsModel) -> tuple[Ability, ...]:
    prof = catalog_of(game).profile(m.profile)
    return tuple(a for a in RULES if prof.can(a))


def _count(game: AeonsGame, holder: AeonsModel, foe: AeonsModel, held: tuple[Ability, ...]) -> None:
    st = game.state
    old = _grip(game, holder.id, foe.id)
    if old is not None and old.last == st.turn:
        return
    kept = old is not None and old.last == st.turn - 1
    grip = Grip(holder.id, foe.id, old.since if old is not None and kept else st.turn, st.turn)
    st.grips = (*(g for g in st.grips if g != old), grip)
    if grip.squeeze:
        for ability in held:
            game.emit("grip", RULES[ability], (holder.id, foe.id), bonus=grip.squeeze)


def _grip(game: AeonsGame, holder: str, foe: str) -> Grip | None:
    return next((g for g in game.state.grips if (g.holder, g.foe) == (holder, foe)), None)


def _bonus(game: AeonsGame, holder: AeonsModel, foe: AeonsModel, ability: Ability) -> int:
    grip = _grip(game, holder.id, foe.id)
    if grip is None or ability not in _holds(game, holder):
        return 0
    return grip.squeeze


def ccb(game: AeonsGame, holder: AeonsModel, foe: AeonsModel) -> int:
    """What Constrictor and Wushu Master add to ``holder``'s C.C. bonus against ``foe`` this
    round."""
    return _bonus(game, holder, foe, CONSTRICTOR) + _bonus(game, holder, foe, WUSHU_MASTER)


def damage(game: AeonsGame, holder: AeonsModel, foe: AeonsModel) -> int:
    """What Crushing Grasp adds to the Damage of ``holder``'s hits on ``foe`` this round."""
    return _bonus(game, holder, foe, CRUSHING_GRASP)


def loosen(game: AeonsGame) -> None:
    """As a Turn begins, the holds of pairs no longer in base-to-base end with their combat."""
    st = game.state
    if st.grips:
        st.grips = tuple(g for g in st.grips if _engaged(game, g))


def _engaged(game: AeonsGame, grip: Grip) -> bool:
    holder, foe = game.model(grip.holder), game.model(grip.foe)
    return holder.on_table and foe.on_table and in_contact(holder, foe)
