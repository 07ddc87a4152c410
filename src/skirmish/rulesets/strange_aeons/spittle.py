"""The Serpentman Warrior's Blinding Spittle (R:875): a shot of its own, Rate 1D with a Short
Spray Template, that does no damage. Each model it hits (under the template, its save
failed) takes a Dexterity test, harder on ice (R:266); failing, it is blinded: it cannot be
nominated in its side's next Turn, fights at -1 Attack (never below 1) and is never Alert
until that Turn is over (our reading of "the following Turn": the blinded model's own next
one, when a Nomination is made).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.rulesets.strange_aeons.afflictions import dex_need
from skirmish.rulesets.strange_aeons.model import AeonsModel

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Serpentman Warrior: Blinding Spittle (R:875)"
BLINDING = "blinding_spittle"


def blind(game: AeonsGame, struck: list[AeonsModel]) -> None:
    """Each model the spittle hit tests its Dexterity; one failing is blinded until its side's
    next Turn is over."""
    st = game.state
    for m in struck:
        need = dex_need(game, m)
        passed = game.roll("D6", "dexterity", RULE, m.id).value >= need
        game.emit("spittle-test", RULE, (m.id,), need=need, passed=passed)
        if not passed:
            until = st.turn + (1 if m.side != st.active else 2)
            st.blinded = (*(b for b in st.blinded if b[0] != m.id), (m.id, until))


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
