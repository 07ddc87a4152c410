"""Bait (R:464, rules notes §3.3): Extra Gear that lures Beasts.

The bearer may, as an Action, place its Bait as a marker where it stands. A Beast within 10"
of Bait, carried or placed (the height between their surfaces counted, as between any two
models), tests its Resolve before each Action it takes (a forfeit takes none); failing, that
Action is a Move toward the closest Bait instead, as far as its Movement goes (rolled for
the Move when it is, R:2116; notes §0), stopping short of the bearer of a carried one, and
slipping on the ice it crosses as any Move (R:266). A Beast in base-to-base with a Bait
marker spends its next Action eating it, and the marker is gone. A Beast in base-to-base
with an enemy takes no test: it may only fight on or forfeit (R:177), which leaves no Move
to make.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.geometry.shapes import CONTACT
from skirmish.rulesets.strange_aeons import tokens
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.extra_gear import RULES, spend, unspent
from skirmish.rulesets.strange_aeons.ice import slip
from skirmish.rulesets.strange_aeons.movement import move_allowance
from skirmish.rulesets.strange_aeons.pace import sprint_bonus, stride
from skirmish.rulesets.strange_aeons.space import contacts, gap, lifted, models, path_toward

if TYPE_CHECKING:
    from skirmish.engine.step import Step
    from skirmish.geometry.shapes import Point
    from skirmish.rulesets.strange_aeons.model import AeonsModel
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = RULES["bait"]
REACH = 10.0
"""How far Bait lures a Beast from (R:464)."""
PLACE = "place-bait"
EAT = "eat-bait"
ARITY = {PLACE: 1, EAT: 1}
"""Bait's Actions, with how many arguments each has, the model first."""
TEST = ("bait", RULE)
"""The event and the rule of a Beast's test against Bait."""


def _lures(game: AeonsGame, m: AeonsModel) -> list[tuple[float, str, Point, float]]:
    """Each Bait within 10" of the Beast ``m``: how far, its bearer, where it is and how far
    short of it a Move toward it stops (the bearer's base, or none for a marker)."""
    found = []
    for o in models(game):
        if o.side != m.side and unspent(game, o, "bait"):
            found.append((gap(game, m, o), o.id, o.pos, o.radius + 2 * CONTACT))
    for owner, x, y, level in game.state.baits:
        apart = lifted(game, math.dist(m.pos, (x, y)) - m.radius, m.level, level or None)
        found.append((apart, owner, (x, y), 0.0))
    return sorted(f for f in found if f[0] <= REACH)


def _is_beast(game: AeonsGame, m: AeonsModel) -> bool:
    return "beast" in catalog_of(game).profile(m.profile).types


def lure(game: AeonsGame, m: AeonsModel, action: Action) -> str | None:
    """The bearer of the closest Bait that makes the Beast ``m`` test before ``action``."""
    if action.kind in ("pass", EAT) or not _is_beast(game, m) or contacts(game, m):
        return None
    lures = _lures(game, m)
    return lures[0][1] if lures else None


def drawn(game: AeonsGame, m: AeonsModel) -> list[Step]:
    """A failed test: the Action is a Move toward the closest Bait, its Movement rolled
    when it is (R:2116) and the ice it crosses slipped on, as any Move Action's."""
    lures = _lures(game, m)
    if not lures:
        return []
    _, owner, point, short = lures[0]
    ignore = (owner,) if short else ()
    path = path_toward(game, m, point, move_allowance(game, m), m.radius + short, ignore)
    game.emit("lured", RULE, (m.id, owner), at=point)
    if path is not None:
        walked, movement = stride(game, m, path, sprint_bonus(game, m))
        tokens.travel(game, m, walked, RULE)
        slip(game, m, walked, movement)
    return []


def owed(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether the Beast ``m`` touches a Bait marker, which its next Action eats."""
    # The markers first: nearly no game has Bait, and every decision asks.
    return bool(game.state.baits) and bool(_touched(game, m)) and _is_beast(game, m)


def _touched(game: AeonsGame, m: AeonsModel) -> list[tuple[str, float, float, str]]:
    return [
        b
        for b in game.state.baits
        if (b[3] or None) == m.level and math.dist(m.pos, b[1:3]) <= m.radius + CONTACT
    ]


def options(game: AeonsGame, m: AeonsModel) -> list[Action]:
    """Placing Bait, while the model carries it."""
    return [Action(PLACE, (m.id,))] if unspent(game, m, "bait") else []


def error(game: AeonsGame, m: AeonsModel, kind: str) -> str | None:
    """Why ``m`` may not place Bait, or eat one, now."""
    if kind == EAT:
        return None if owed(game, m) else f"{m.id} is a Beast in base-to-base with no Bait"
    return None if unspent(game, m, "bait") else f"{m.id} carries no Bait to place (R:464)"


def perform(game: AeonsGame, m: AeonsModel, kind: str) -> list[Step]:
    """Place the Bait where ``m`` stands, or eat the Bait ``m`` touches."""
    st = game.state
    if kind == PLACE:
        spend(game, m, "bait")
        st.baits = (*st.baits, (m.id, m.x, m.y, m.level or ""))
        game.emit("bait-placed", RULE, (m.id,), at=m.pos)
        return []
    eaten = _touched(game, m)[0]
    st.baits = tuple(b for b in st.baits if b != eaten)
    game.emit("bait-eaten", RULE, (m.id,), at=eaten[1:3])
    return []
