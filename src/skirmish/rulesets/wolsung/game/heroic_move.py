"""Heroic Move: a Hero that pays a card of its suit as its activation begins may climb and
jump until it ends (L79, L213-L215; rules notes §1.5, §4.3, §8.1 X9, G45).

- Climb: a Move Action straight up the side of an elevated piece the Hero is in base contact
  with, no more than its M up, onto the top's edge nearest where it stood (in base contact
  with the edge of the floor); or down any distance, to the nearest place below where its
  base fits (L214). Its base must fit at the end.
- Jump: a Move Action of up to M in a straight line, over any terrain up to 2" above the
  surface it jumps from (so from building to building across the gap), ending no more than 2"
  higher than it began (L215). A piece taller than that is in the way ([HOUSE] reading: the
  base's swept path over it, as for other Moves). No jump goes through another model (L73):
  [HOUSE] reading, the bases standing on the surface it leaves or the one it lands on that its
  straight way crosses are in the way; those on other levels it passes over or under.
- Either may take a Hero where no other Move goes: up a wall, across impassable ground (L79).
- A Hero that lands on a template that hurts is hurt (L575, L787; :mod:`.templates`).
- War hero, Famous Explorer, Magneton Boots and the other rules of :data:`..cards.payments.
  OVERRIDES` change or waive the card.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import shapely

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.geometry.shapes import CONTACT, Point, distance, point_segment_distance
from skirmish.geometry.terrain import Movement, Terrain
from skirmish.rulesets.wolsung.game.effects import current
from skirmish.rulesets.wolsung.game.model import WolsungModel
from skirmish.rulesets.wolsung.game.space import enemies, ghost, in_contact, surface
from skirmish.rulesets.wolsung.game.state import WolsungGame
from skirmish.rulesets.wolsung.game.templates import hurt_along

__all__ = [
    "CLIMB",
    "HEROIC_MOVE",
    "JUMP",
    "HeroicClimb",
    "Jump",
    "climb_landings",
    "climb_targets",
    "jump_error",
    "land",
]

HEROIC_MOVE = "L213"
CLIMB = "L214"
JUMP = "L215"
JUMP_OVER = 2.0
"""How high above its take-off a jump clears terrain, and may land (L215)."""
GROUND = "ground"
EDGE_GAP = 0.02
"""How far inside a roof's edge, or outside a wall, a climb sets the base: in contact."""


def _others(game: WolsungGame, m: WolsungModel) -> list[tuple[Point, float, str | None]]:
    return [(o.pos, o.radius, o.level) for o in game.models if o.on_table and o.id != m.id]


def _fits(
    game: WolsungGame, m: WolsungModel, point: Point, level: str | None, charge: bool = False
) -> bool:
    """Whether ``m``'s base fits at ``point`` on ``level``, out of contact with enemies unless
    it ``charge``s (L73, L127)."""
    if game.board.placement_error(point, m.radius, level, _others(game, m)) is not None:
        return False
    if charge:
        return True
    shade = ghost(m, point, level)
    return not any(in_contact(game, shade, o) for o in enemies(game, m))


def _onto(piece: Terrain, start: Point, radius: float) -> Point | None:
    """The point of ``piece``'s top nearest ``start`` where a base of ``radius`` lies wholly
    on it, just inside the edge."""
    inner = shapely.Polygon(piece.polygon).buffer(-(radius + EDGE_GAP))
    if inner.is_empty:
        return None
    x, y = shapely.shortest_line(inner, shapely.Point(start)).coords[0]
    return (x, y)


def _off(game: WolsungGame, piece: Terrain, start: Point, radius: float) -> Point:
    """The point beside ``piece`` nearest ``start`` where a base of ``radius`` would touch its
    wall from outside."""
    outline = shapely.Polygon(piece.polygon).buffer(radius + EDGE_GAP).exterior
    near = outline.interpolate(outline.project(shapely.Point(start)))
    return (near.x, near.y)


def climb_landings(game: WolsungGame, m: WolsungModel) -> list[tuple[str, Point, str | None]]:
    """Where a Heroic climb of ``m`` would land, models aside: (the piece's id or
    ``"ground"``, the point, the level), up a piece it is in base contact with no more than M
    above it, or down from the top it stands on (L214)."""
    board, height = game.board, surface(game, m)
    found: list[tuple[str, Point, str | None]] = []
    most = current(game, m).profile.M
    for piece in board.terrain:
        if piece.movement is not Movement.CLIMBABLE or piece.id == m.level:
            continue
        touching = piece.boundary_distance(m.pos) <= m.radius + CONTACT + EDGE_GAP
        if not touching or not height < piece.height <= height + most + 1e-9:
            continue
        point = _onto(piece, m.pos, m.radius)
        if point is not None:
            found.append((piece.id, point, piece.id))
    if m.level is not None:
        point = _off(game, board.piece(m.level), m.pos, m.radius)
        below = board.surface_at(point)
        found.append((below or GROUND, point, below))
    return found


def climb_targets(game: WolsungGame, m: WolsungModel) -> list[tuple[str, Point, str | None]]:
    """The :func:`climb_landings` where ``m``'s base fits, out of contact with enemies (L214,
    L73)."""
    return [t for t in climb_landings(game, m) if _fits(game, m, t[1], t[2])]


def _in_the_way(
    game: WolsungGame, m: WolsungModel, point: Point, level: str | None, target: str
) -> WolsungModel | None:
    """A model on the surface ``m`` jumps from or lands on whose base the jump's straight way
    to ``point`` crosses, but ``target`` (L73)."""
    ends = (m.level, level)
    return next(
        (
            o
            for o in game.models
            if o.on_table
            and o.id not in (m.id, target)
            and o.level in ends
            and point_segment_distance(o.pos, m.pos, point) < m.radius + o.radius - CONTACT
        ),
        None,
    )


def jump_error(game: WolsungGame, m: WolsungModel, point: Point, target: str = "") -> str | None:
    """Why ``m`` may not jump to ``point``, or ``None`` (L215); a Charge at ``target`` may land
    in base contact with enemies, ``target`` among them (L127)."""
    board = game.board
    most, length = current(game, m).profile.M, distance(m.pos, point)
    if length > most + 1e-9:
        return f'a jump goes {most:g}" at most, not {length:.2f}" (L215)'
    start, level = surface(game, m), board.surface_at(point)
    if board.surface_height(level) > start + JUMP_OVER + 1e-9:
        return f'a jump may not land more than {JUMP_OVER:g}" higher than it began (L215)'
    path = shapely.LineString([m.pos, point]).buffer(m.radius - CONTACT)
    for piece in board.terrain:
        landing = piece.id in (m.level, level)
        if landing or piece.height <= start + JUMP_OVER:
            continue
        if path.intersects(shapely.Polygon(piece.polygon)):
            return f'{piece.name} is more than {JUMP_OVER:g}" above the jump (L215)'
    blocker = _in_the_way(game, m, point, level, target)
    if blocker is not None:
        return f"{blocker.name} is in the way: a jump passes through no model (L73)"
    if not _fits(game, m, point, level, charge=bool(target)):
        return "the base does not fit there, or would touch an enemy (L73)"
    return None


def land(game: WolsungGame, m: WolsungModel, rule: str, point: Point, level: str | None) -> None:
    """Set ``m`` down at the end of a Heroic climb (``CLIMB``) or jump (``JUMP``) and log it."""
    length = math.dist(m.pos, point)
    (m.x, m.y), m.level = point, level
    if rule == CLIMB:
        to = GROUND if level is None else level
        game.emit("heroic-climb", CLIMB, (m.id,), to=to)
    else:
        at = [round(point[0], 2), round(point[1], 2)]
        game.emit("jumped", JUMP, (m.id,), to=at, length=round(length, 2))
    hurt_along(game, m, (point,))


@dataclass(slots=True, eq=False)
class HeroicClimb(Step):
    """A Heroic climb of ``model`` onto ``to`` (a piece's id, or ``"ground"``) (L214)."""

    rule = CLIMB
    model: str = ""
    to: str = ""

    def run(self, game: WolsungGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.model)
        _, point, level = next(t for t in climb_targets(game, m) if t[0] == self.to)
        land(game, m, CLIMB, point, level)
        return []


@dataclass(slots=True, eq=False)
class Jump(Step):
    """A Heroic jump of ``model`` to ``x, y`` that :func:`jump_error` passed (L215)."""

    rule = JUMP
    model: str = ""
    x: float = 0.0
    y: float = 0.0

    def run(self, game: WolsungGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.model)
        point = (self.x, self.y)
        land(game, m, JUMP, point, game.board.surface_at(point))
        return []
