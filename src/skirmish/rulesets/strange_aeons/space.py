"""Measuring the table for Strange Aeons: distances between models, contact, sight and paths,
and why a base cannot stand or go somewhere, in the words a refusal gives the player."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from skirmish.geometry.paths import Path, plan_path, reach_toward
from skirmish.geometry.shapes import CONTACT, Point, edge_distance
from skirmish.geometry.sight import Body, Sight, sight_between
from skirmish.geometry.slides import ray_move
from skirmish.geometry.terrain import Movement
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.model import AeonsModel

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

# Sights per board, keyed by the board's id with a weak reference to it: CPython reuses the
# id of a board that is gone, and a sight of the old board must not be read for the new one.


def models(game: AeonsGame) -> list[AeonsModel]:
    """Models on the table (deployed and not removed)."""
    return [m for m in game.models if m.on_table]


def gap(game: AeonsGame, a: AeonsModel, b: AeonsModel) -> float:
    """Base edge to base edge, counting the height between the surfaces they stand on."""
    flat = edge_distance(a.pos, a.radius, b.pos, b.radius)
    if a.level == b.level:
        return flat
    dz = game.board.surface_height(a.level) - game.board.surface_height(b.level)
    return math.hypot(max(flat, 0.0), dz)


def in_contact(a: AeonsModel, b: AeonsModel) -> bool:
    """Base-to-base: touching bases on the same surface."""
    return a.level == b.level and edge_distance(a.pos, a.radius, b.pos, b.radius) <= CONTACT


def contacts(game: AeonsGame, m: AeonsModel) -> list[AeonsModel]:
    """Enemy models in base-to-base with ``m``."""
    return [o for o in models(game) if o.side != m.side and in_contact(m, o)]


def body(m: AeonsModel, height: float) -> Body:
    """The model's body for line of sight; the catalog gives every model the same ``height``."""
    return Body(m.pos, m.radius, m.level, height)


def sight(game: AeonsGame, viewer: AeonsModel, target: AeonsModel) -> Sight:
    """Line of sight and cover from ``viewer`` to ``target``."""
    height = catalog_of(game).scenario.body_height
    return sight_between(game.board, body(viewer, height), body(target, height))


def sees(game: AeonsGame, viewer: AeonsModel, target: AeonsModel) -> bool:
    """Whether ``viewer`` can see any part of ``target``."""
    return sight(game, viewer, target).visible


def blockers(
    game: AeonsGame, m: AeonsModel, ignore: tuple[str, ...] = ()
) -> list[tuple[Point, float]]:
    """Bases that ``m`` may not move through: every other model on its surface."""
    return [
        (o.pos, o.radius)
        for o in models(game)
        if o.id != m.id and o.level == m.level and o.id not in ignore
    ]


def move_path(game: AeonsGame, m: AeonsModel, goal: Point, allowance: float) -> Path | None:
    """The path of a Move to ``goal`` within ``allowance``, or ``None`` (see move_route)."""
    found = move_route(game, m, goal, allowance)
    return found if isinstance(found, Path) else None


def move_route(
    game: AeonsGame, m: AeonsModel, goal: Point, allowance: float, what: str = "the point"
) -> Path | str:
    """The path of a Move to ``goal`` within ``allowance``, or why there is none (the goal
    called ``what``).

    A path that touches rough terrain costs the rough penalty from the allowance
    (rules notes item 50), so a detour around rough terrain may reach where a straight
    path through it may not.
    """
    straight = math.dist(m.pos, goal)
    if straight > allowance + 1e-9:
        # No path is shorter than the straight line.
        return f'{what} is {inches(straight)} away, more than the {allowance:g}" allowed'
    board, penalty = game.board, catalog_of(game).scenario.rough_penalty
    others = blockers(game, m)
    shortest = plan_path(board, m.pos, goal, m.radius, others, m.level)
    if shortest is None:
        blocker = in_the_way(game, m, goal)
        return f"no path: {blocker} is in the way" if blocker else f"no path to {what}"
    if shortest.length <= allowance - (penalty if shortest.touches_rough else 0) + 1e-9:
        return shortest
    within = f'no path within {allowance:g}"'
    if not shortest.touches_rough:
        blocker = in_the_way(game, m, goal)
        around = f"the shortest path is {inches(shortest.length)}"
        return f"{within}: {blocker} blocks the way, {around}" if blocker else f"{within}: {around}"
    clear = plan_path(board, m.pos, goal, m.radius, others, m.level, avoid_rough=True)
    if clear is not None and clear.length <= allowance + 1e-9:
        return clear
    detour = "" if clear is None else f"; round it, {inches(clear.length)}"
    return (
        f'{within}: rough terrain on the path costs {penalty:g}", leaving '
        f'{allowance - penalty:g}" for a {inches(shortest.length)} path{detour}'
    )


def inches(d: float) -> str:
    """A distance as a refusal states it: to the hundredth, rounded up, so that a distance
    beyond a limit never reads as the limit itself."""
    return f'{math.ceil(d * 100 - 1e-6) / 100:g}"'


def surface_name(game: AeonsGame, level: str | None) -> str:
    """What a model stands on: the ground or a roof."""
    return "the ground" if level is None else f"the {game.board.piece(level).name}"


def in_the_way(
    game: AeonsGame, m: AeonsModel, goal: Point, ignore: tuple[str, ...] = ()
) -> str | None:
    """What first stops ``m`` going straight to ``goal``: a model, a terrain piece or the edge
    of its roof (``None`` if nothing does)."""
    d = math.dist(m.pos, goal)
    if d == 0.0:
        return None
    skip = (m.id, *ignore)
    others = [o for o in models(game) if o.id not in skip and o.level == m.level]
    direction = ((goal[0] - m.x) / d, (goal[1] - m.y) / d)
    bases = [(o.pos, o.radius) for o in others]
    _, stop = ray_move(game.board, m.pos, direction, d, m.radius, bases, m.level, True)
    if stop is None or stop == "edge":
        return None
    kind, _, what = stop.partition(":")
    if kind == "base":
        return others[int(what)].id
    name = game.board.piece(what).name
    return f"the edge of the {name}" if kind == "fall" else f"the {name}"


def placement_reason(game: AeonsGame, m: AeonsModel, p: Point, level: str | None) -> str | None:
    """Why the base of ``m`` cannot stand at ``p`` on ``level`` (off the table, on another
    base, over its roof's edge, on terrain no model enters), or ``None``."""
    board = game.board
    others = [o for o in models(game) if o.id != m.id]
    spots = [(o.pos, o.radius, o.level) for o in others]
    kernel = board.placement_error(p, m.radius, level, spots)
    if kernel is None:
        return None
    if not board.on_table(p, m.radius):
        return "the base would be off the table"
    for o in others:
        if o.level == level and edge_distance(p, m.radius, o.pos, o.radius) < -CONTACT:
            return f"the base would overlap {o.id}"
    if level is not None:
        return f"the base would hang over the edge of {surface_name(game, level)}"
    walls = (Movement.IMPASSABLE, Movement.CLIMBABLE)
    for t in board.terrain:
        if t.movement in walls and t.base_overlaps(p, m.radius, CONTACT):
            return f"the base would overlap the {t.name} ({t.movement.value})"
    return kernel


def path_toward(
    game: AeonsGame,
    m: AeonsModel,
    goal: Point,
    allowance: float,
    stop: float,
    ignore: tuple[str, ...],
) -> Path | None:
    """The furthest a Move of ``allowance`` gets toward ``goal`` (stopping ``stop`` short)."""
    board, penalty = game.board, catalog_of(game).scenario.rough_penalty
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


def walk(game: AeonsGame, m: AeonsModel, path: Path, rule: str) -> None:
    """Move ``m`` to the end of ``path`` and log it."""
    if path.length <= 0.0:
        return
    m.x, m.y = path.points[-1]
    game.emit(
        "moved", rule, (m.id,), to=[round(m.x, 2), round(m.y, 2)], length=round(path.length, 2)
    )
