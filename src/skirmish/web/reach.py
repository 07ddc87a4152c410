"""Where a model may go: the points of a pending point choice that the engine accepts, found
by asking the step that asked (``Game.point_error``), never by rules of the page's own.

Around a model on the table, rays every 15 degrees are walked out in half-inch steps until the
points stop being accepted, so the reach is drawn as the points accepted and the outline of the
farthest along each ray. A model not yet on the table (deployment) gets a grid over the whole
board instead.

Each point is rounded to the hundredth of an inch a page sends before the engine is asked, so
a dot clicked (the page sends the dot's own point) is the point the engine accepted; the rays
stop a little short of each step, so a dot at the limit keeps that margin inside it for a
click that misses it by a pixel.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from skirmish.engine.action import Action
from skirmish.engine.decision import PointSpec
from skirmish.engine.game import Game
from skirmish.geometry.shapes import Point

RAYS = 24
STEP = 0.5
GIVE_UP = 3.0
"""Inches of refused points along a ray, past the last accepted one, before the ray stops."""
GRID_POINTS = 900
MARGIN = 0.05
"""Inches each ray's points stand short of its half-inch steps, inside a limit that falls on one."""
PLACES = 2
"""Decimal places of a point as a page sends it."""


@dataclass(frozen=True, slots=True)
class Reach:
    """The accepted points of one point choice, and the outline of the farthest per ray
    (empty for a grid)."""

    spec: PointSpec
    points: tuple[Point, ...]
    outline: tuple[Point, ...]


def spec_of(game: Game[Any, Any], model_id: str) -> PointSpec | None:
    """The pending point choice that names ``model_id``, if any."""
    decision = game.decision
    if decision is None:
        return None
    return next((s for s in decision.points if model_id in s.args), None)


def reach(game: Game[Any, Any], spec: PointSpec, model_id: str) -> Reach:
    """The points of ``spec`` the engine accepts, around the model or over the board."""
    model = game.model(model_id)
    if model.on_table:
        return _rays(game, spec, model.pos)
    return Reach(spec, tuple(p for p in _grid(game) if _accepted(game, spec, p)), ())


def _accepted(game: Game[Any, Any], spec: PointSpec, p: Point) -> bool:
    return game.point_error(Action.at(spec.kind, spec.args, *p)) is None


def _sent(x: float, y: float) -> Point:
    """The point as a page sends it."""
    return (round(x, PLACES), round(y, PLACES))


def _rays(game: Game[Any, Any], spec: PointSpec, centre: Point) -> Reach:
    board = game.board
    points: list[Point] = []
    outline: list[Point] = []
    for n in range(RAYS):
        angle = 2 * math.pi * n / RAYS
        dx, dy = math.cos(angle), math.sin(angle)
        far, r = 0.0, STEP - MARGIN
        while r - far <= GIVE_UP:
            p = _sent(centre[0] + dx * r, centre[1] + dy * r)
            if not (0 <= p[0] <= board.width and 0 <= p[1] <= board.height):
                break
            if _accepted(game, spec, p):
                points.append(p)
                far = r
            r += STEP
        outline.append((centre[0] + dx * far, centre[1] + dy * far))
    return Reach(spec, tuple(points), tuple(outline))


def _grid(game: Game[Any, Any]) -> list[Point]:
    w, h = game.board.width, game.board.height
    step = max(0.5, math.sqrt(w * h / GRID_POINTS))
    cols, rows = int(w / step), int(h / step)
    return [
        _sent((i + 0.5) * w / cols, (j + 0.5) * h / rows) for i in range(cols) for j in range(rows)
    ]
