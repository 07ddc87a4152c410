"""Concealed in the Crowd: the Crowd Tokens of the Triad's Fishermen, Traders and Wandering
Actor (L727-L731, L750; rules notes §1.13, §7 items 87, 89; golden test G60).

- Every model with the rule starts the game with a Crowd Token, once all are deployed (L31,
  implied by L750, §7 item 87); under the Amulet of Burning Hatred its club's models have
  Gruesome Damage in its place (:mod:`.roster`, L750, §7 item 89).
- A model holding one is no target of a shot, a melee attack (a Fight, or a Charge declared
  at it) or a spell (L731, §7 item 87): the shots, Charges and Fights offered leave it out,
  and a spell's target carries the token for the casting rules to refuse
  (:attr:`..magic.spells.Subject.crowd_token`). What targets nobody (a shot into a melee that
  strays onto it) still reaches it (§7 item 87).
- It loses the token when it attacks an enemy, as a shot or a melee attack is made (L728, §7
  item 87; none of the models with the rule casts spells); when it ends its activation
  within 3" of an enemy (L729); or when an enemy ends its activation within 3" of it (L730).
  Distances are edge to edge in 3D, 3" included (L10).
"""

from __future__ import annotations

from dataclasses import dataclass

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.rulesets.wolsung.game.effects import current
from skirmish.rulesets.wolsung.game.model import WolsungModel
from skirmish.rulesets.wolsung.game.space import enemies, within_reach
from skirmish.rulesets.wolsung.game.state import WolsungGame

__all__ = [
    "CONCEALED",
    "NEAR",
    "CrowdTokens",
    "attacks",
    "crowd_problem",
    "in_crowd",
    "leave_crowd_near",
]

CONCEALED = "concealed_in_the_crowd"
NEAR = 3.0
"""How near an enemy a model with a Crowd Token may end an activation, or have one end it,
and keep the token (L729, L730)."""
GIVEN = "L727"
ATTACKS = "L728"
ENDS_NEAR = "L729"
ENEMY_ENDS_NEAR = "L730"
NO_TARGET = "L731"


def in_crowd(game: WolsungGame, m: WolsungModel) -> bool:
    """Whether ``m`` holds a Crowd Token (L727)."""
    return m.id in game.state.crowd


def crowd_problem(game: WolsungGame, target: WolsungModel) -> str | None:
    """Why ``target`` may not be shot at or attacked in melee: it holds a Crowd Token (L731);
    ``None`` if it may."""
    if not in_crowd(game, target):
        return None
    return (
        f"{target.name} is Concealed in the Crowd: no target of a shot or an attack ({NO_TARGET})"
    )


def _lose(game: WolsungGame, m: WolsungModel, rule: str, near: str = "") -> None:
    st = game.state
    st.crowd = tuple(k for k in st.crowd if k != m.id)
    game.emit("crowd-token-lost", rule, (m.id, *((near,) if near else ())))


def attacks(game: WolsungGame, attacker: WolsungModel) -> None:
    """``attacker`` attacks an enemy: a Crowd Token it holds is lost (L728)."""
    if in_crowd(game, attacker):
        _lose(game, attacker, ATTACKS)


def leave_crowd_near(game: WolsungGame, m: WolsungModel) -> None:
    """``m``'s activation ends: it loses its Crowd Token within 3" of an enemy (L729), and
    every enemy within 3" of it loses its own (L730)."""
    if not m.on_table:
        return
    near = [o for o in enemies(game, m) if within_reach(game, m, o, NEAR)]
    if near and in_crowd(game, m):
        _lose(game, m, ENDS_NEAR, near[0].id)
    for o in near:
        if in_crowd(game, o):
            _lose(game, o, ENEMY_ENDS_NEAR, m.id)


@dataclass(slots=True, eq=False)
class CrowdTokens(Step):
    """Once every model is deployed, each with Concealed in the Crowd takes its Crowd Token
    (L727, L31)."""

    rule = GIVEN

    def run(self, game: WolsungGame, action: Action | None) -> Decision | list[Step]:
        concealed = [m for m in game.models if m.on_table and current(game, m).has(CONCEALED)]
        game.state.crowd = tuple(m.id for m in concealed)
        for m in concealed:
            game.emit("crowd-token", GIVEN, (m.id,))
        return []
