"""The Serpentman Warrior's Blinding Spittle (R:875): a shot of its own, Rate 1D with a Short
Spray Template, that does no damage. Each model it hits (under the template, its save
failed) takes a Dexterity test, harder on ice (R:266), Lucky and the Lucky Charm offered on
it (R:1101, R:476); failing, it is blinded: it cannot be nominated in its side's next Turn,
fights at -1 Attack (never below 1) and is never Alert until that Turn is over (our reading
of "the following Turn": the blinded model's own next one, when a Nomination is made).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.step import Step
from skirmish.rulesets.strange_aeons.afflictions import DexterityTest
from skirmish.rulesets.strange_aeons.model import AeonsModel

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Serpentman Warrior: Blinding Spittle (R:875)"
BLINDING = "blinding_spittle"


def blind(hurt: tuple[str, ...]) -> list[Step]:
    """The Dexterity test of each model the spittle hit, ``hurt``, one after another."""
    return [Spat(model_id) for model_id in hurt]


@dataclass(slots=True, eq=False)
class Spat(DexterityTest):
    """A model the spittle hit: its Dexterity test, Lucky and the Lucky Charm offered (R:1101,
    R:476); failing, it is blinded until its side's next Turn is over."""

    rule = RULE
    event = "spittle-test"

    def fails(self, game: AeonsGame, m: AeonsModel) -> list[Step]:
        st = game.state
        until = st.turn + (1 if m.side != st.active else 2)
        st.blinded = (*(b for b in st.blinded if b[0] != m.id), (m.id, until))
        return []


def is_blinded(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` is blinded now: -1 Attack, never Alert."""
    return any(mid == m.id and game.state.turn <= until for mid, until in game.state.blinded)


def unseeing(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` cannot be nominated now: this is the Turn it spends clearing its eyes."""
    return (m.id, game.state.turn) in game.state.blinded


def recover(game: AeonsGame) -> None:
    """As a Turn begins, the models whose blinded Turn is over see again."""
    st = game.state
    if st.blinded:
        st.blinded = tuple(b for b in st.blinded if b[1] >= st.turn)
