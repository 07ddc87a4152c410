"""Sneaky (R:1136): a Sneaky model is placed after every other model has deployed, in its own
zone as usual or anywhere on the board in scenery, at least 10" from every enemy; where models
deploy at random it is never queued and picks its area (R:1532).

"In scenery" reads as a base touching or overlapping a terrain piece, or standing on a roof.
A Thousand Young's Mimic (R:622) places it the same way, late, in a stand of trees (a piece
with one of the catalog's ``mimic_terrain`` tags) at least 10" from every enemy, as rules notes
§3.15 reads it beside Sneaky.
A Grave-bound Ghost is set up late the same way, it and its Grave Marker beside it outside the
sides' zones (:mod:`.graves`).
The deployments leave these models out (:func:`is_sneaky`) and end with :class:`Sneak`, whose
normal zone is the scenario's own (the Fight's strip, a Basic Scenario's zone, Free For All!'s
quadrants, any of them), registered in :data:`ZONES` by the module that deploys that way.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision, PointSpec
from skirmish.engine.step import Step
from skirmish.geometry.shapes import CONTACT, Point, edge_distance
from skirmish.rulesets.strange_aeons import graves
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.model import AeonsModel
from skirmish.rulesets.strange_aeons.space import inches, models, placement_reason, set_down

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Skills: Sneaky (R:1136)"
MIMIC = "Thousand Young: Mimic (R:622)"
SNEAK = "sneak"
AWAY = 10.0
"""How far from every enemy a Sneaky model placed in scenery stands (R:1136)."""
Zone = Callable[["AeonsGame", AeonsModel, Point], "str | None"]
"""Why a model cannot deploy at a point by the scenario's own rules, or ``None``."""
ZONES: dict[str, Zone] = {}
"""Each deployment's own zone by name, registered by the module that deploys that way (the
Fight's strips, a Basic Scenario's zones, Free For All!'s quadrants)."""
Area = Callable[["AeonsGame", int, Point, float], bool]
"""Whether a base of the radius at the point lies, even in part, in a side's deployment zone."""
AREAS: dict[str, Area] = {}
"""Each deployment's zones as areas, by the name of :data:`ZONES`, registered with them: none
for Free For All!'s quadrants, no zone being a side's."""


def is_sneaky(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` deploys last, by Sneaky, Mimic or Grave-bound."""
    prof = catalog_of(game).profile(m.profile)
    return prof.has("sneaky") or prof.can("mimic") or prof.can("grave_bound")


def _mimic_only(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` deploys late by Mimic alone: in trees, not any scenery."""
    return not catalog_of(game).profile(m.profile).has("sneaky")


@dataclass(slots=True, eq=False)
class Sneak(Step):
    """The Sneaky models, once every other model is placed: the first deployer's first."""

    rule = RULE
    zone: str
    """The name of the deployment's own zone (:data:`ZONES`)."""

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        if action is not None:
            assert action.point is not None
            m = game.model(action.args[0])
            set_down(game, m, action.point)
            bound = graves.is_grave_bound(game, m)
            rule = graves.RULE if bound else MIMIC if _mimic_only(game, m) else RULE
            game.emit("deployed", rule, (m.id,), at=list(action.point))
            if bound:
                graves.lay(game, m)
        waiting = self.waiting(game)
        if not waiting:
            return []
        m = waiting[0]
        if graves.is_grave_bound(game, m):
            hint = "a point outside both sides' deployment zones, its Grave Marker laid beside it"
            spec = PointSpec(graves.GRAVE, (m.id,), hint)
            return Decision(m.side, "deploy", f"deploy {m.name} ({m.id}), Grave-bound", (), (spec,))
        mimic = _mimic_only(game, m)
        where = "in trees" if mimic else "in scenery"
        hint = f'a point of its own zone, or {where} at least {AWAY:g}" from every enemy'
        spec = PointSpec(SNEAK, (m.id,), hint)
        late = "Mimic" if mimic else "Sneaky"
        return Decision(m.side, "deploy", f"deploy {m.name} ({m.id}), {late}", (), (spec,))

    def waiting(self, game: AeonsGame) -> list[AeonsModel]:
        """The Sneaky models not yet placed, the first deployer's first."""
        first = max(game.state.deploy_first, 0)
        left = [m for m in game.models if not m.deployed and m.removed is None]
        return sorted(left, key=lambda m: m.side != first)

    def point_error(self, game: AeonsGame, action: Action) -> str | None:
        assert action.point is not None
        m = game.model(action.args[0])
        if action.kind == graves.GRAVE:
            return graves.place_error(game, m, action.point, self.kept_zone())
        return self.error(game, m, action.point)

    def kept_zone(self) -> Area | None:
        """The deployment's zones, which a Grave-bound Ghost and its marker keep out of: none
        where models deploy at random (Free For All!'s quadrants), no zone being a side's."""
        return AREAS.get(self.zone)

    def error(self, game: AeonsGame, m: AeonsModel, point: Point) -> str | None:
        """Why ``m`` cannot be placed at ``point``, or ``None``."""
        own = ZONES[self.zone](game, m, point)
        if own is None:
            return None
        scenery = scenery_error(game, m, point)
        late = "Mimic" if _mimic_only(game, m) else "Sneaky"
        return None if scenery is None else f"{own}; or, {late}, {scenery}"

    def option_error(self, game: AeonsGame, action: Action) -> str | None:
        """Sneaky models deploy one at a time."""
        waiting = self.waiting(game)
        if (
            action.kind not in (SNEAK, graves.GRAVE)
            or not waiting
            or action.args[:1] == (waiting[0].id,)
        ):
            return None
        return f"{waiting[0].id} deploys next"


def scenery_error(game: AeonsGame, m: AeonsModel, point: Point) -> str | None:
    """Why ``m`` cannot stand at ``point`` in scenery (in trees, by Mimic alone), 10" from
    every enemy, or ``None``."""
    board = game.board
    level = board.surface_at(point)
    line = "R:622" if _mimic_only(game, m) else "R:1136"
    if not board.on_table(point, m.radius):
        return "the base would be off the table"
    if _mimic_only(game, m):
        trees = catalog_of(game).scenario.mimic_terrain
        pieces = [t for t in board.terrain if set(t.tags) & set(trees)]
        if not any(t.base_overlaps(point, m.radius, CONTACT) for t in pieces):
            return f"the base must touch a stand of trees ({line})"
    elif level is None and not any(
        t.base_overlaps(point, m.radius, CONTACT) for t in board.terrain
    ):
        return f"the base must touch scenery ({line})"
    for e in models(game):
        gap = edge_distance(point, m.radius, e.pos, e.radius)
        if e.side != m.side and gap < AWAY:
            return f'the base would be {inches(gap)} from {e.id}: at least {AWAY:g}" ({line})'
    return placement_reason(game, m, point, level)


def sneak_points(game: AeonsGame, m: AeonsModel, zone_points: list[Point]) -> list[Point]:
    """Spots where the Sneaky ``m`` may be placed: those of its own zone given, and around
    each terrain piece."""
    found = list(zone_points)
    for piece in game.board.terrain:
        cx, cy = piece.middle()
        for x, y in (*piece.polygon, (cx, cy)):
            d = math.hypot(x - cx, y - cy) or 1.0
            p = (round(x + (x - cx) / d * m.radius, 2), round(y + (y - cy) / d * m.radius, 2))
            if p not in found and scenery_error(game, m, p) is None:
                found.append(p)
    return found
