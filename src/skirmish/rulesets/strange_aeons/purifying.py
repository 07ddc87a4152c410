"""Purifying a Ghost's mortal remains, a Lost Soul's (R:725) or a Grave-bound one's Grave
Marker (R:720): Actions spent by any of the models allowed, counted for each Ghost, dispel it
once enough are spent (R:116).

A Threshold model (not an Animal) in base contact with a Grave Marker purifies it with
``purify_actions`` Actions, one more where the marker lies in Heavy Snow, dug out first
(R:265): its Ghost is dispelled, and the marker goes with it (:func:`.graves.marker_gone`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.geometry.shapes import CONTACT, edge_distance
from skirmish.rulesets.strange_aeons import animals
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.damage import remove
from skirmish.rulesets.strange_aeons.ghosts import DISPELLED
from skirmish.rulesets.strange_aeons.graves import RULE, grave_of, marker
from skirmish.rulesets.strange_aeons.terrain import features

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.model import AeonsModel
    from skirmish.rulesets.strange_aeons.state import AeonsGame

PURIFY = "purify-grave"
ARITY = {PURIFY: 2}


def purify(game: AeonsGame, m: AeonsModel, ghost: str, needed: int, rule: str) -> bool:
    """An Action of ``m`` purifying ``ghost``'s remains: whether it was the last ``needed``,
    which dispels it."""
    st = game.state
    done = dict(st.purifying).get(ghost, 0) + 1
    game.emit("purifying", rule, (m.id, ghost), done=done, needed=needed)
    st.purifying = (*((g, n) for g, n in st.purifying if g != ghost), (ghost, done))
    if done < needed:
        return False
    remove(game, game.model(ghost), DISPELLED, rule, injured=False)
    return True


def grave_options(game: AeonsGame, m: AeonsModel) -> list[Action]:
    """The Grave Markers ``m`` may spend an Action purifying now."""
    return [
        Action(PURIFY, (m.id, g))
        for g, _, _ in game.state.graves
        if grave_error(game, m, g) is None
    ]


def grave_error(game: AeonsGame, m: AeonsModel, ghost: str) -> str | None:
    """Why ``m`` may not purify ``ghost``'s Grave Marker now, or ``None``."""
    if m.side != 0 or animals.is_animal(game, m):
        return f"only a Threshold model, not an Animal, purifies a Grave Marker ({RULE})"
    body = marker(game, ghost)
    if body is None:
        return f"{ghost} has no Grave Marker on the table ({RULE})"
    if edge_distance(m.pos, m.radius, *body) > CONTACT:
        return f"{m.id} is not in base contact with the Grave Marker of {ghost} ({RULE})"
    return None


def purify_grave(game: AeonsGame, m: AeonsModel, ghost: str) -> None:
    """An Action purifying ``ghost``'s Grave Marker, dug out of Heavy Snow first (R:265)."""
    grave = grave_of(game, ghost)
    assert grave is not None
    dig = max((f.dig for f in features(game, m, (grave,))), default=0)
    needed = catalog_of(game).scenario.purify_actions + dig
    purify(game, m, ghost, needed, RULE)  # the Ghost dispelled takes its marker along
