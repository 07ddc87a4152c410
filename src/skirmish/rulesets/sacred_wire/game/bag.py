"""The activation bag (C4.1): one token per player model. Tokens are faction-generic: the token
drawn says which player activates, and that player picks any of its models not yet activated
this round (notes A5); a model that leaves play takes one token with it if it had not
activated. So the bag always holds one token per model in play that has not activated; the
draws themselves are :class:`.draws.Draws`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.rulesets.sacred_wire.game.model import WireModel
from skirmish.rulesets.sacred_wire.game.space import HOSTILES, in_play

if TYPE_CHECKING:
    from skirmish.rulesets.sacred_wire.game.state import WireGame

ACTIVATION = "C4.1"


def waiting(game: WireGame, side: int) -> list[WireModel]:
    """``side``'s models in play that have not activated this round (their tokens)."""
    r = game.state.round
    return [m for m in in_play(game) if m.side == side and m.activated_round != r]


def discard_token(game: WireGame, m: WireModel) -> None:
    """``m`` leaves play: its token leaves the bag with it if it had not activated this round
    (C4.1, notes A5); a hostile or Coworker group's one token only with its last model in
    play (C4.1, I1.1)."""
    if m.activated_round == game.state.round:
        return
    if m.side >= HOSTILES and any(o.group == m.group for o in in_play(game) if o.id != m.id):
        return
    game.emit("token-discarded", ACTIVATION, (m.id,), side=m.side)
