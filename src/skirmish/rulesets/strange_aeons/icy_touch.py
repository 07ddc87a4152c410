"""The Spectre's Icy Touch (R:740): an Action makes it physical until its next Turn begins.

Manifested, the Spectre is no Ghost for Movement, combat, searching and damage
(:func:`.ghosts.is_ghost`): it may Charge and be Charged, Shot and hit by templates, terrain
slows it, bases stop it, it may search. It is still a Ghost to what dispels one (a Holy Book,
a Sermon) and to Banish (:func:`.ghosts.is_spirit`). It fades as its side's next Turn begins,
before the combats: a Ghost again, it is engaged with no enemy that is not Blessed against it
(:func:`.blessed.engaged`), so a combat it was in ends there. The book forbids the Action in
Impassable terrain, where no model stands in this game (a Ghost included), so it never bites.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.rulesets.strange_aeons.base import catalog_of

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.model import AeonsModel
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Spectre: Icy Touch (R:740)"
MANIFEST = "icy-touch"
ARITY = {MANIFEST: 1}


def options(game: AeonsGame, m: AeonsModel) -> list[Action]:
    """Manifesting, where ``m`` may now."""
    return [] if error(game, m) else [Action(MANIFEST, (m.id,))]


def error(game: AeonsGame, m: AeonsModel) -> str | None:
    """Why ``m`` may not manifest a physical form now, or ``None``."""
    if not catalog_of(game).profile(m.profile).can("icy_touch"):
        return f"{m.id} has no Icy Touch ({RULE})"
    if m.id in game.state.manifest:
        return f"{m.id} has a physical form already, until its next Turn ({RULE})"
    return None


def manifest(game: AeonsGame, m: AeonsModel) -> None:
    """``m`` takes a physical form until its side's next Turn begins."""
    game.state.manifest = (*game.state.manifest, m.id)
    game.emit("manifest", RULE, (m.id,))


def fade(game: AeonsGame) -> None:
    """As a Turn begins, the Spectres of the side whose Turn it is fade, Ghosts again."""
    st = game.state
    fading = [mid for mid in st.manifest if game.model(mid).side == st.active]
    for mid in fading:
        game.emit("fade", RULE, (mid,))
    st.manifest = tuple(mid for mid in st.manifest if mid not in fading)
