"""Ice (R:266, rules notes §1.13.3): a Move that crosses ice faster than half the model's
Movement, rounded up, asks for a Dexterity test, made harder by the ice; a failure leaves the
model Face Up where the Move ends.

Every Move across ice asks it, whatever made the model go: a Move Action (the one Bait
forces too, R:464), a Charge (one that falls short of its target and counts as a Move too,
rules notes item 49), and the free Moves and Charges the Insanity Table forces (Revulsion,
Frenzy, R:222-224: a Move is a Move, free or not). A model that terrain does not slow takes
none (:func:`.space.terrain_free`): a Ghost, which no Movement penalty touches (R:116), Ether
Wings, unaffected by terrain (R:550), and the Strider, Tiny, Hover, Flight and Winged (R:708,
R:617, R:860, R:1396, R:663), to which ice is terrain as water and snow are.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.rulesets.strange_aeons.afflictions import dex_need
from skirmish.rulesets.strange_aeons.damage import set_state
from skirmish.rulesets.strange_aeons.model import FACE_UP
from skirmish.rulesets.strange_aeons.space import terrain_free
from skirmish.rulesets.strange_aeons.terrain import slippery

if TYPE_CHECKING:
    from skirmish.geometry.paths import Path
    from skirmish.rulesets.strange_aeons.model import AeonsModel
    from skirmish.rulesets.strange_aeons.state import AeonsGame


def slip(game: AeonsGame, m: AeonsModel, path: Path, movement: float) -> None:
    """Crossing ice along ``path`` faster than half its ``movement``, ``m`` takes a
    Dexterity test, made harder by the ice; failing, it goes Face Up where its Move ends."""
    ice = slippery(game, m, path, movement)
    if ice is None or terrain_free(game, m):
        return
    need = dex_need(game, m, path.points)
    passed = game.roll("D6", "dexterity", ice.rule, m.id).value >= need
    game.emit("slip-test", ice.rule, (m.id,), feature=ice.name, need=need, passed=passed)
    if not passed:
        set_state(game, m, FACE_UP, ice.rule)
