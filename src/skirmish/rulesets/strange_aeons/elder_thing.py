"""The Elder Thing's own rules (R:524-528): Radial Symmetry and Dormant.

- **Radial Symmetry**: a model fighting it in close combat gets no extra Attack for the other
  friends in base-to-base with it (R:155 does not apply).
- **Dormant**: brought to 0 Wounds, it goes dormant (a state of its own, ``dormant``) instead
  of an Injury roll. Dormant, it is never nominated, fights nobody (no combat holds a model in
  base-to-base with it), and is no model in play when the game counts the models standing
  (notes §6 item 71): a Lurker side of none but dormant models has lost. Its enemies may still
  attack it: a round of close combat against it is one automatic hit, rolled to wound with
  one die and the weapon's Damage, and shots roll to hit as usual (our reading). Each Wound
  taken while dormant is lost too, and so is each beyond its last when it falls (our reading
  of "removing Wounds as usual"): each is one more Upkeep of sleep. In the Upkeep of each of
  its side's Turns one lost Wound comes back, those beyond its last first; back to its full
  Wounds, it wakes Normal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.model import DORMANT, NORMAL, AeonsModel

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RADIAL = "Elder Thing: Radial Symmetry (R:528)"
RULE = "Elder Thing: Dormant (R:528; notes §6 item 71)"


def radial(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether no extra Attacks are had against ``m`` for friends in base-to-base with it."""
    return catalog_of(game).profile(m.profile).can("radial_symmetry")


def sleeps(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` goes dormant at 0 Wounds instead of an Injury roll."""
    return catalog_of(game).profile(m.profile).can("dormant")


def is_dormant(m: AeonsModel) -> bool:
    """Whether ``m`` is dormant: never nominated, fighting nobody, not in play."""
    return m.state == DORMANT


def fall(game: AeonsGame, m: AeonsModel, beyond: int) -> None:
    """``m`` at 0 Wounds goes dormant, or sleeps on; ``beyond`` the Wounds lost past its
    last, each one more Upkeep of sleep."""
    st = game.state
    st.slumber = (*st.slumber, *(m.id,) * beyond)
    if not is_dormant(m):
        m.state = DORMANT
        game.emit("dormant", RULE, (m.id,))
    if beyond:
        game.emit("sleeps-on", RULE, (m.id,), lost=st.slumber.count(m.id))


def stir(game: AeonsGame) -> None:
    """The Upkeep: each dormant model of the side whose Turn it is has one lost Wound back,
    one lost beyond its last first; back to its full Wounds, it wakes Normal."""
    st = game.state
    for m in (m for m in game.models if m.on_table and is_dormant(m) and m.side == st.active):
        if m.id in st.slumber:
            at = st.slumber.index(m.id)
            st.slumber = (*st.slumber[:at], *st.slumber[at + 1 :])
        else:
            m.wounds += 1
        game.emit("stirs", RULE, (m.id,), wounds=m.wounds, lost=st.slumber.count(m.id))
        if m.wounds >= catalog_of(game).profile(m.profile).wounds:
            m.state = NORMAL
            game.emit("wakes", RULE, (m.id,))
