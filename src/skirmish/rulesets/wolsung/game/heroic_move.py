"""Heroic Move: a Hero that pays a card of its suit as its activation begins may climb and
jump until it ends (L79, L213-L215; rules notes §1.5, §4.3, §8.1 X9, G45).

- Climb: a Move Action straight up the side of an elevated piece the Hero is in base contact
  with, no more than its M up, onto the top's edge nearest where it stood (in base contact
  with the edge of the floor); or down any distance from the edge of the top it stands on,
  its base touching the edge ([HOUSE] reading: the climb is straight down, as the climb up
  is straight up from beside the wall), to the nearest place below, lower than the top it
  leaves: never onto a taller piece beside the wall, whose floor it may not pass (L214). Its
  base must fit at the end: where it does not fit the nearest spot, it lands at the nearest
  along the same edge where it does, as close to its start as there is room for.
- Jump: a Move Action of up to M in a straight line, over any terrain up to 2" above the
  surface it jumps from (so from building to building across the gap), ending no more than 2"
  higher than it began (L215). A piece taller than that is in the way ([HOUSE] reading: the
  base's swept path over it, as for other Moves). No jump goes through another model (L73):
  [HOUSE] reading, the bases standing on the surface it leaves or the one it lands on that its
  straight way crosses are in the way; those on other levels it passes over or under.
- Either may take a Hero where no other Move goes: up a wall, across impassable ground (L79).
- A template that hurts, on the level the Hero reaches, hurts a Hero whose jump goes
  through it along its straight way, as a Move through it along its path, or whose climb
  lands on it (L575, L787; :mod:`.templates`).
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
from skirmish.rulesets.wolsung.table.measure import inches, no_farther

__all__ = [
    "CLIMB",
    "HEROIC_MOVE",
    "JUMP",
    "HeroicClimb",
    "Jump",
    "Landing",
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
SPOT_STEP = 0.05
"""How far apart along an edge a climb tries spots for the base when the nearest has no room."""

Landing = tuple[str, Point, str | None]
"""Where a climb lands: the piece's id or ``"ground"``, the point and the level."""


def _placed(game: WolsungGame, m: WolsungModel, foes_aside: bool = False) -> list[WolsungModel]:
    """The other models on the table, ``m``'s enemies left out if ``foes_aside``."""
    others = [o for o in game.models if o.on_table and o.id != m.id]
    return [o for o in others if o.side == m.side] if foes_aside else others


def _fits(
    game: WolsungGame,
    m: WolsungModel,
    point: Point,
    level: str | None,
    bases: list[WolsungModel],
    charge: bool = False,
) -> bool:
    """Whether ``m``'s base fits at ``point`` on ``level`` among ``bases``, out of contact
    with enemies unless it ``charge``s (L73, L127)."""
    others = [(o.pos, o.radius, o.level) for o in bases]
    if game.board.placement_error(point, m.radius, level, others) is not None:
        return False
    if charge:
        return True
    shade = ghost(m, point, level)
    return not any(in_contact(game, shade, o) for o in enemies(game, m))


def _outline(piece: Terrain, up: bool, radius: float) -> shapely.Geometry:
    """Where the centre of a base of ``radius`` climbing ``up`` onto ``piece`` (or down
    beside it) lands: just inside the edge of its top, wholly on it (or just outside its
    wall); empty where no base fits on the top."""
    reach = radius + EDGE_GAP
    return shapely.boundary(shapely.buffer(shapely.Polygon(piece.polygon), -reach if up else reach))


def _nearest(outline: shapely.Geometry, start: Point) -> Point:
    """The point of ``outline`` nearest ``start``."""
    x, y = shapely.shortest_line(outline, shapely.Point(start)).coords[0]
    return (float(x), float(y))


def _taken(
    m: WolsungModel, bases: list[WolsungModel], piece: Terrain, up: bool, charge: bool
) -> shapely.Geometry:
    """Where the centre of ``m``'s base may not land for those of ``bases`` on the top of
    ``piece`` it climbs ``up`` onto (or, down, off it): over a base, or touching an enemy's
    unless it ``charge``s (L73, L127)."""
    on_top = [o for o in bases if (o.level == piece.id) == up]
    return shapely.union_all([shapely.Point(o.pos).buffer(_keep_off(m, o, charge)) for o in on_top])


def _keep_off(m: WolsungModel, o: WolsungModel, charge: bool) -> float:
    """How near ``o``'s centre ``m``'s may not land: bases may touch a friend's, or any a
    Charge's; an enemy's they otherwise keep clear of by more than contact (L73, L127)."""
    apart = m.radius + o.radius
    return apart if charge or o.side == m.side else apart + 2 * CONTACT


def _nearest_first(outline: shapely.Geometry, start: Point) -> list[Point]:
    """Spots all along ``outline``, :data:`SPOT_STEP` apart, the nearer ``start`` the
    earlier, the nearest of all first; none on an empty outline."""
    if shapely.is_empty(outline):
        return []
    along = shapely.get_coordinates(shapely.segmentize(outline, SPOT_STEP))
    spots = sorted(((float(x), float(y)) for x, y in along), key=lambda p: math.dist(p, start))
    return [_nearest(outline, start), *spots]


def _at_edge(piece: Terrain, m: WolsungModel) -> bool:
    """Whether ``m``'s base touches ``piece``'s wall from beside it, or its top's edge from
    on it: where a climb sets a base."""
    return piece.boundary_distance(m.pos) <= m.radius + CONTACT + EDGE_GAP


def _climbs(game: WolsungGame, m: WolsungModel) -> list[tuple[Terrain, bool]]:
    """The pieces a Heroic climb of ``m`` may go up (``True``: one it is in base contact with,
    no more than M above it) or down (``False``: the top it stands on, at its edge) (L214)."""
    board, height = game.board, surface(game, m)
    most = current(game, m).profile.M
    found: list[tuple[Terrain, bool]] = []
    for piece in board.terrain:
        if piece.movement is not Movement.CLIMBABLE or piece.id == m.level:
            continue
        if _at_edge(piece, m) and height < piece.height and no_farther(piece.height - height, most):
            found.append((piece, True))
    if m.level is not None and _at_edge(board.piece(m.level), m):
        found.append((board.piece(m.level), False))
    return found


def _landing(
    game: WolsungGame, m: WolsungModel, piece: Terrain, up: bool, point: Point
) -> Landing | None:
    """A climb's landing at ``point``: onto ``piece`` ``up``; else onto what lies below, none
    where the surface there is no lower than ``m`` stands (a climb down goes only down, and
    through no floor, L214)."""
    if up:
        return (piece.id, point, piece.id)
    below = game.board.surface_at(point)
    if game.board.surface_height(below) >= surface(game, m):
        return None
    return (below or GROUND, point, below)


def climb_targets(
    game: WolsungGame, m: WolsungModel, charge: bool = False, foes_aside: bool = False
) -> list[Landing]:
    """Where a Heroic climb of ``m`` lands: (the piece's id or ``"ground"``, the point, the
    level), up a piece it is in base contact with no more than M above it, or down from the
    edge of the top it stands on, to the spot along the edge nearest where it stands where its
    base fits, out of contact with enemies unless it ``charge``s (L127); none where it fits
    nowhere along it (L214, L73). ``foes_aside``: as if no enemy took any room (L150)."""
    bases = _placed(game, m, foes_aside)
    found: list[Landing] = []
    for piece, up in _climbs(game, m):
        free = shapely.difference(
            _outline(piece, up, m.radius), _taken(m, bases, piece, up, charge)
        )
        landings = (_landing(game, m, piece, up, p) for p in _nearest_first(free, m.pos))
        landing = next(
            (t for t in landings if t is not None and _fits(game, m, t[1], t[2], bases, charge)),
            None,
        )
        if landing is not None:
            found.append(landing)
    return found


def _in_the_way(
    game: WolsungGame, m: WolsungModel, point: Point, level: str | None
) -> WolsungModel | None:
    """A model on the surface ``m`` jumps from or lands on whose base the jump's straight way
    to ``point`` crosses (L73): a Charge's target too, a landing in contact with it never
    coming that near."""
    ends = (m.level, level)
    return next(
        (
            o
            for o in game.models
            if o.on_table
            and o.id != m.id
            and o.level in ends
            and point_segment_distance(o.pos, m.pos, point) < m.radius + o.radius - CONTACT
        ),
        None,
    )


def jump_error(
    game: WolsungGame, m: WolsungModel, point: Point, charge: bool = False
) -> str | None:
    """Why ``m`` may not jump to ``point``, or ``None`` (L215); a Charge's jump (``charge``)
    may land in base contact with enemies (L127)."""
    board = game.board
    most, length = current(game, m).profile.M, distance(m.pos, point)
    if not no_farther(length, most):
        return f'a jump goes {most:g}" at most, not {inches(length, (most,))}" (L215)'
    start, level = surface(game, m), board.surface_at(point)
    if not no_farther(board.surface_height(level) - start, JUMP_OVER):
        return f'a jump may not land more than {JUMP_OVER:g}" higher than it began (L215)'
    path = shapely.LineString([m.pos, point]).buffer(m.radius - CONTACT)
    for piece in board.terrain:
        landing = piece.id in (m.level, level)
        if landing or piece.height <= start + JUMP_OVER:
            continue
        if path.intersects(shapely.Polygon(piece.polygon)):
            return f'{piece.name} is more than {JUMP_OVER:g}" above the jump (L215)'
    blocker = _in_the_way(game, m, point, level)
    if blocker is not None:
        return f"{blocker.name} is in the way: a jump passes through no model (L73)"
    if not _fits(game, m, point, level, _placed(game, m), charge=charge):
        return "the base does not fit there, or would touch an enemy (L73)"
    return None


def land(game: WolsungGame, m: WolsungModel, rule: str, point: Point, level: str | None) -> None:
    """Set ``m`` down at the end of a Heroic climb (``CLIMB``) or jump (``JUMP``) and log it."""
    start, length = m.pos, math.dist(m.pos, point)
    (m.x, m.y), m.level = point, level
    if rule == CLIMB:
        to = GROUND if level is None else level
        game.emit("heroic-climb", CLIMB, (m.id,), to=to)
    else:
        at = [round(point[0], 2), round(point[1], 2)]
        game.emit("jumped", JUMP, (m.id,), to=at, length=round(length, 2))
    # A jump crosses the level along its straight way; a climb goes up or down the wall, and
    # meets the level it reaches only where it lands.
    hurt_along(game, m, (start, point) if rule == JUMP else (point,))


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
