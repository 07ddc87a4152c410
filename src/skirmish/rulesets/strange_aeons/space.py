"""Measuring the table for Strange Aeons: distances between models, contact, sight and paths."""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import TYPE_CHECKING, cast

from skirmish.geometry.paths import Path, plan_path, reach_toward
from skirmish.geometry.shapes import CONTACT, Point, edge_distance
from skirmish.geometry.sight import Body, Sight, sight_between
from skirmish.rulesets.strange_aeons.catalog import intro_catalog
from skirmish.rulesets.strange_aeons.model import AeonsModel

if TYPE_CHECKING:
    from skirmish.engine.game import Game

# Sights per board, keyed by the board's id with a weak reference to it: CPython reuses the
# id of a board that is gone, and a sight of the old board must not be read for the new one.


def models(game: Game) -> Iterator[AeonsModel]:
    """Models on the table (deployed and not removed)."""
    for m in game.models:
        if m.on_table:
            yield cast(AeonsModel, m)


def gap(game: Game, a: AeonsModel, b: AeonsModel) -> float:
    """Base edge to base edge, counting the height between the surfaces they stand on."""
    flat = edge_distance(a.pos, a.radius, b.pos, b.radius)
    if a.level == b.level:
        return flat
    dz = game.board.surface_height(a.level) - game.board.surface_height(b.level)
    return math.hypot(max(flat, 0.0), dz)


def in_contact(a: AeonsModel, b: AeonsModel) -> bool:
    """Base-to-base: touching bases on the same surface."""
    return a.level == b.level and edge_distance(a.pos, a.radius, b.pos, b.radius) <= CONTACT


def contacts(game: Game, m: AeonsModel) -> list[AeonsModel]:
    """Enemy models in base-to-base with ``m``."""
    return [o for o in models(game) if o.side != m.side and in_contact(m, o)]


def engaged(game: Game, m: AeonsModel) -> bool:
    """Whether ``m`` is in base-to-base with an enemy (in close combat)."""
    return any(o.side != m.side and in_contact(m, o) for o in models(game))


def body(m: AeonsModel) -> Body:
    """The model's body for line of sight."""
    return Body(m.pos, m.radius, m.level, intro_catalog().scenario.body_height)


def sight(game: Game, viewer: AeonsModel, target: AeonsModel) -> Sight:
    """Line of sight and cover from ``viewer`` to ``target``."""
    return sight_between(game.board, body(viewer), body(target))


def sees(game: Game, viewer: AeonsModel, target: AeonsModel) -> bool:
    """Whether ``viewer`` can see any part of ``target``."""
    return sight(game, viewer, target).visible


def blockers(game: Game, m: AeonsModel, ignore: tuple[str, ...] = ()) -> list[tuple[Point, float]]:
    """Bases that ``m`` may not move through: every other model on its surface."""
    return [
        (o.pos, o.radius)
        for o in models(game)
        if o.id != m.id and o.level == m.level and o.id not in ignore
    ]


def move_path(game: Game, m: AeonsModel, goal: Point, allowance: float) -> Path | None:
    """The path of a Move to ``goal`` within ``allowance``, or ``None``.

    A path that touches rough terrain costs the rough penalty from the allowance
    (rules notes item 50), so a detour around rough terrain may reach where a straight
    path through it may not.
    """
    if math.dist(m.pos, goal) > allowance + 1e-9:
        return None  # no path is shorter than the straight line
    board, penalty = game.board, intro_catalog().scenario.rough_penalty
    others = blockers(game, m)
    shortest = plan_path(board, m.pos, goal, m.radius, others, m.level)
    if shortest is None:
        return None
    if shortest.length <= allowance - (penalty if shortest.touches_rough else 0) + 1e-9:
        return shortest
    if not shortest.touches_rough:
        return None
    clear = plan_path(board, m.pos, goal, m.radius, others, m.level, avoid_rough=True)
    if clear is not None and clear.length <= allowance + 1e-9:
        return clear
    return None


def path_toward(
    game: Game, m: AeonsModel, goal: Point, allowance: float, stop: float, ignore: tuple[str, ...]
) -> Path | None:
    """The furthest a Move of ``allowance`` gets toward ``goal`` (stopping ``stop`` short)."""
    board, penalty = game.board, intro_catalog().scenario.rough_penalty
    others = blockers(game, m, ignore)
    clear = reach_toward(board, m.pos, goal, m.radius, others, m.level, allowance, stop, True)
    if clear is not None and _ends_at(clear, goal, stop):
        return clear
    rough = reach_toward(board, m.pos, goal, m.radius, others, m.level, allowance, stop)
    if rough is not None and rough.touches_rough:
        shorter = max(allowance - penalty, 0.0)
        rough = reach_toward(board, m.pos, goal, m.radius, others, m.level, shorter, stop)
    if rough is None:
        return clear
    if clear is None or _remaining(rough, goal) < _remaining(clear, goal) - 1e-9:
        return rough
    return clear


def _remaining(path: Path, goal: Point) -> float:
    end = path.points[-1]
    return math.hypot(goal[0] - end[0], goal[1] - end[1])


def _ends_at(path: Path, goal: Point, stop: float) -> bool:
    return _remaining(path, goal) <= stop + CONTACT


def walk(game: Game, m: AeonsModel, path: Path, rule: str) -> None:
    """Move ``m`` to the end of ``path`` and log it."""
    if path.length <= 0.0:
        return
    m.x, m.y = path.points[-1]
    game.emit(
        "moved", rule, (m.id,), to=[round(m.x, 2), round(m.y, 2)], length=round(path.length, 2)
    )
