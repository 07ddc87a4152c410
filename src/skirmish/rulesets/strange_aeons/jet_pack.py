"""The Jet Pack (R:1332), a Special Branch prototype: after an Action to prepare it, the
wearer may be placed anywhere up to 12" from where it stands, scenery and the rules of
movement ignored, never in Impassable terrain.

Our reading: preparing is an Action of its own (``prep-jet M``), which stays ready until the
flight; the flight is an Action too (``jet M x,y``), taken by a Normal wearer out of close
combat, measured centre to centre; the wearer lands on whatever surface is there (a roof
too), never on another base, off the table nor in base-to-base with an enemy (a placement is
no Charge).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.engine.decision import PointSpec
from skirmish.engine.step import Step
from skirmish.geometry.shapes import CONTACT, Point, edge_distance
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.model import AeonsModel
from skirmish.rulesets.strange_aeons.space import contacts, models, placement_reason, ring, set_down

if TYPE_CHECKING:
    from skirmish.engine.decision import Decision
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Special Branch: Jet Pack (R:1332)"
JET_REACH = 12.0  # R:1332
ARITY = {"prep-jet": 1}
"""The Action preparing the Jet Pack; the flight is a point choice (``jet M x,y``)."""
HINT = 'a point within 12" (centre to centre), not on a base, off the table nor by an enemy'
WAYS = 16
"""The directions the candidate landing points are spread along."""
RINGS = (4.0, 8.0, 12.0)
"""The distances of the candidate landing points."""


def worn(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` wears a Jet Pack."""
    return catalog_of(game).profile(m.profile).carries("jet_pack")


def options(game: AeonsGame, m: AeonsModel) -> tuple[list[Action], list[PointSpec]]:
    """The Jet Pack's Action ``m`` may take now: to prepare it, or, prepared, to fly."""
    if not worn(game, m) or not m.normal or contacts(game, m):
        return [], []
    if m.id in game.state.jets:
        return [], [PointSpec("jet", (m.id,), HINT)]
    return [Action("prep-jet", (m.id,))], []


def error(game: AeonsGame, m: AeonsModel, action: Action) -> str | None:
    """Why ``m`` may not prepare its Jet Pack now (a Normal model out of combat)."""
    if not worn(game, m):
        return f"{m.id} wears no Jet Pack (R:1332)"
    return f"the Jet Pack of {m.id} is prepared already: its next Action may fly"


def jet_error(game: AeonsGame, m: AeonsModel, point: Point) -> str | None:
    """Why ``m`` may not fly its Jet Pack to ``point`` now."""
    if not worn(game, m):
        return f"{m.id} wears no Jet Pack (R:1332)"
    if m.id not in game.state.jets:
        return f"the Jet Pack of {m.id} is not prepared: an Action prepares it"
    far = math.dist(m.pos, point)
    if far > JET_REACH + 1e-9:
        return f'the Jet Pack goes 12" at most: {far:.2f}" away'
    level = game.board.surface_at(point)
    placed = placement_reason(game, m, point, level)
    if placed is not None:
        return placed
    near = [
        e
        for e in models(game)
        if e.side != m.side
        and e.level == level
        and edge_distance(point, m.radius, e.pos, e.radius) <= CONTACT
    ]
    return f"{near[0].id} is there: a placement is no Charge" if near else None


def landing_points(game: AeonsGame, m: AeonsModel) -> list[Point]:
    """Where the prepared Jet Pack may land: points on rings around ``m``, those allowed."""
    found = [p for reach in RINGS for p in ring(m.pos, reach, WAYS)]
    return [p for p in found if jet_error(game, m, p) is None]


def prepare(game: AeonsGame, m: AeonsModel) -> list[Step]:
    """The Action that prepares the Jet Pack."""
    game.state.jets = (*game.state.jets, m.id)
    game.emit("jet-ready", RULE, (m.id,))
    return []


@dataclass(slots=True, eq=False)
class Flight(Step):
    """The Jet Pack's flight: the wearer placed at ``to``."""

    rule = RULE
    model: str
    to: tuple[float, float]

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.model)
        st = game.state
        st.jets = tuple(j for j in st.jets if j != m.id)
        set_down(game, m, self.to)
        game.emit("jetted", RULE, (m.id,), to=list(self.to))
        return []
