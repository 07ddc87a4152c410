"""The Exorcist's Sermon (R:403): his Holy Book's one use (R:472), read to 10".

As an Action the Exorcist preaches: the Holy Book acts to 10" instead of 5" (every Ghost there
dispelled, every Normal Daemon there testing Resolve or rolling on the Insanity Table at -2,
:mod:`.wards`), and every Grave Marker within 10" (base edge to marker edge, the marker a
base in size even beside a Mob's template, :func:`.graves.marker`) is purified: taken away,
its Ghost dispelled (R:720), a Banished one too. It is the book's once-a-game use, so neither
is offered after the other. As the Holy Book is, it is offered only where it would do
something: a Normal Daemon, a Ghost or a Grave Marker within 10".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.geometry.shapes import edge_distance
from skirmish.rulesets.strange_aeons import graves, wards
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.damage import remove
from skirmish.rulesets.strange_aeons.ghosts import BANISHED, DISPELLED

if TYPE_CHECKING:
    from skirmish.engine.step import Step
    from skirmish.rulesets.strange_aeons.model import AeonsModel
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Exorcist: Sermon (R:403)"
SERMON = "sermon"
REACH = 10.0
"""How far the Holy Book reaches in a Sermon (R:403)."""


def options(game: AeonsGame, m: AeonsModel) -> list[Action]:
    """The Sermon, where ``m`` may preach it now."""
    return [] if error(game, m) else [Action(SERMON, (m.id,))]


def error(game: AeonsGame, m: AeonsModel) -> str | None:
    """Why ``m`` may not preach a Sermon now, or ``None``."""
    if not catalog_of(game).profile(m.profile).can("sermon"):
        return f"{m.id} preaches no Sermon (R:403)"
    unread = wards.unread_error(game, m)
    if unread is not None:
        return f"{unread}: the Sermon is its one use ({RULE})"
    near = wards.daemons_near(game, m, REACH) or wards.ghosts_near(game, m, REACH)
    if not near and not graves_near(game, m):
        return f'no Normal Daemon, Ghost nor Grave Marker is within {REACH:g}" of {m.id} ({RULE})'
    return None


def graves_near(game: AeonsGame, m: AeonsModel) -> list[str]:
    """The Ghosts whose Grave Markers lie within 10" of ``m``."""
    return [g for g, _, _ in game.state.graves if _within(game, m, g)]


def _within(game: AeonsGame, m: AeonsModel, ghost: str) -> bool:
    """Whether ``ghost``'s Grave Marker lies within 10" of ``m``, edge to edge."""
    body = graves.marker(game, ghost)
    return body is not None and edge_distance(m.pos, m.radius, *body) <= REACH


def preach(game: AeonsGame, m: AeonsModel) -> list[Step]:
    """The Sermon: the Holy Book read to 10", and the Grave Markers there purified."""
    game.emit(SERMON, RULE, (m.id,), daemons=len(wards.daemons_near(game, m, REACH)))
    purified = graves_near(game, m)
    steps = wards.purge(game, m, REACH)
    st = game.state
    st.graves = tuple(g for g in st.graves if g[0] not in purified)
    for ghost_id in purified:
        game.emit("sermon-grave", RULE, (m.id, ghost_id))
        ghost = game.model(ghost_id)
        if ghost.removed in (None, BANISHED):
            remove(game, ghost, DISPELLED, RULE, injured=False)
    return steps
