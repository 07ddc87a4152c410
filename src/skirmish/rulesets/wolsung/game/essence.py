"""The Amulet of Life and Death's Essence tokens: every Wound a friend within 12" of the bearer
loses puts a token on the bearer, and each token spent re-rolls one die of a friend's Fight,
Guns or Reflex test (L756; rules notes §2.4, G48).

The bearer counts as a friend within 12" of itself, as an Aura reaches its own caster (§7
item 37). Tokens lie on the table, so every player sees them (notes §6). The re-roll itself
is one of the rules of :mod:`.rerolls`.
"""

from __future__ import annotations

from skirmish.rulesets.wolsung.game.base import member
from skirmish.rulesets.wolsung.game.model import WolsungModel
from skirmish.rulesets.wolsung.game.space import within_reach
from skirmish.rulesets.wolsung.game.state import WolsungGame

__all__ = ["AMULET", "ESSENCE", "amulet_near", "gain_essence", "spend_essence", "tokens"]

AMULET = "life_and_death"
ESSENCE = "L756"
REACH = 12.0
"""How near the bearer a friend must be, for its lost Wounds and its re-rolls (L756)."""


def tokens(game: WolsungGame, bearer: str) -> int:
    """The Essence tokens on ``bearer``."""
    return next((n for model, n in game.state.essence if model == bearer), 0)


def _set(game: WolsungGame, bearer: str, count: int) -> None:
    st = game.state
    st.essence = (*((b, n) for b, n in st.essence if b != bearer), (bearer, count))


def _bearers(game: WolsungGame, m: WolsungModel) -> list[WolsungModel]:
    """The friendly bearers on the table within 12" of ``m``, ``m`` itself included."""
    return [
        o
        for o in game.models
        if o.on_table
        and o.side == m.side
        and member(game, o.id).fighter.has(AMULET)
        and within_reach(game, o, m, REACH)
    ]


def gain_essence(game: WolsungGame, m: WolsungModel, lost: int) -> None:
    """``m`` has lost ``lost`` Wounds: as many tokens on each friendly bearer within 12"."""
    if lost <= 0:
        return
    for bearer in _bearers(game, m):
        _set(game, bearer.id, tokens(game, bearer.id) + lost)
        game.emit("essence", ESSENCE, (bearer.id, m.id), gained=lost, held=tokens(game, bearer.id))


def amulet_near(game: WolsungGame, m: WolsungModel) -> WolsungModel | None:
    """The friendly bearer within 12" of ``m`` holding tokens, if any: a club has one Amulet
    at most, as it is no common gadget (L250)."""
    return next((o for o in _bearers(game, m) if tokens(game, o.id)), None)


def spend_essence(game: WolsungGame, bearer: str, count: int) -> None:
    """Take ``count`` tokens off ``bearer``."""
    _set(game, bearer, tokens(game, bearer) - count)
    game.emit("essence-spent", ESSENCE, (bearer,), spent=count, held=tokens(game, bearer))
