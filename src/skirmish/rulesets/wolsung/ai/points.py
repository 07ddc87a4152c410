"""The spots the heuristic player weighs for a point choice: where a Move (a plain one, one out
of a melee, or a Quick one before a shot) may end, where a model may be deployed or come into
play, and where a Beam or a Mist Template is aimed (L30, L73, L164, L228, L356, L493, L535,
L625, L744; rules notes §1.5, §6 D3, D13).

A modest set, weighed before the rules judge any of it (``Ruleset.rough_points``): straight
slides in eight directions, the whole Move and half of it (a Security Golem's through walls, and
short of a wall it would end in, L687), which take the model away from threats or along the
line; beside the corners of the pieces that block sight within reach, for cover (L108-L109);
toward each enemy, stopping just short of base contact, which a Move may not end in (L73); and
toward each of the scenario's goals (:mod:`.objectives`), as far as the Move goes and half as
far along the shortest way round the terrain and the bases, or toward the first ladder on the
way to a goal on another level (L80). A Move is measured as it is made (L11), and the rules
refuse a spot beyond it. Deployment spots are a grid over the club's zone; a model called into
play, the spots in base contact with its bringer; an Infiltrator's markers and arrival, a grid
over the table. A Beam is aimed at each enemy in sight, and between two whose directions are
near enough for one line to cross both. A Mist Template is aimed all round the model and toward
each enemy (L744); a Mistwalk goes to the other template's middle, or slides on from it as a
Move does (L725); Retreat to Shadows goes to the middle of a Mist Template (L834). A model a
Shift hit stays, or goes all round as far as the roll and half as far (L579).
"""

from __future__ import annotations

import math

from skirmish.geometry.paths import Path, plan_path
from skirmish.geometry.shapes import Point
from skirmish.geometry.slides import ray_move
from skirmish.rulesets.wolsung.ai.objectives import goals, waypoint
from skirmish.rulesets.wolsung.game.base import member, scenario_of
from skirmish.rulesets.wolsung.game.carry import carry_ring
from skirmish.rulesets.wolsung.game.juggernaut import ground, last_fit
from skirmish.rulesets.wolsung.game.model import WolsungModel
from skirmish.rulesets.wolsung.game.movement import allowance
from skirmish.rulesets.wolsung.game.setup import zone_box
from skirmish.rulesets.wolsung.game.shift import Shift
from skirmish.rulesets.wolsung.game.sight import sight
from skirmish.rulesets.wolsung.game.space import blockers, enemies
from skirmish.rulesets.wolsung.game.state import WolsungGame
from skirmish.rulesets.wolsung.game.summons import contact_spots
from skirmish.rulesets.wolsung.game.templates import mists

__all__ = [
    "arrival_points",
    "beam_points",
    "carry_points",
    "deploy_points",
    "mist_points",
    "mistwalk_points",
    "move_points",
    "place_points",
    "shadow_points",
    "shift_points",
]

DIRECTIONS = 8
SHORT_OF_CONTACT = 0.3
"""How far short of base contact an approach stops, in inches (a Move may not end there)."""
DEPLOY_STEP = 3.0
"""Inches between deployment spots along the zone."""
DEPLOY_ROWS = 3
DEPLOY_GAP = 0.1
"""Inches between bases on the fine grid of a crowded zone."""
BEAM_PAIR = math.radians(10.0)
"""Two enemies whose directions from the shooter are this near share a Beam's aim."""
ARRIVAL_STEP = 3.0
"""Inches between the spots weighed for an Infiltrator's markers and its arrival."""


def move_points(game: WolsungGame, m: WolsungModel) -> list[Point]:
    """Where a Move of ``m`` might end, unjudged."""
    reach = allowance(game, m)
    others = blockers(game, m)
    board = ground(game, m)
    raw: list[Point] = []
    for k in range(DIRECTIONS):
        angle = math.tau * k / DIRECTIONS
        heading = (math.cos(angle), math.sin(angle))
        end, _ = ray_move(
            board, m.pos, heading, reach, m.radius, others, m.level, stay_on_roof=True
        )
        # A Juggernaut's slide goes through walls (L687): beyond a thin one, or short of it.
        short = last_fit(game, m, Path((m.pos, end), math.dist(m.pos, end), False)).end
        raw += [end, short, ((m.x + end[0]) / 2, (m.y + end[1]) / 2)]
    for e in enemies(game, m):
        if e.level == m.level:
            raw.append(_toward(m, e, reach))
    for goal in goals(game, m):
        raw += _heading_for(game, m, waypoint(game, m.pos, m.level, goal), reach)
    return _distinct(game, m, raw + _cover_spots(game, m, reach))


def _heading_for(game: WolsungGame, m: WolsungModel, goal: Point, reach: float) -> list[Point]:
    """As far toward ``goal`` as ``reach`` goes, and half as far: along the shortest way round
    the terrain and the bases, or straight until something stops it when there is none (the
    goal on another level, or under a base)."""
    board, others = ground(game, m), blockers(game, m)
    way = plan_path(board, m.pos, goal, m.radius, others, m.level)
    if way is not None:
        return [way.point_at(reach), way.point_at(reach / 2)]
    apart = math.dist(m.pos, goal)
    if apart <= 0.0:
        return []
    heading = ((goal[0] - m.x) / apart, (goal[1] - m.y) / apart)
    end, _ = ray_move(
        board, m.pos, heading, min(reach, apart), m.radius, others, m.level, stay_on_roof=True
    )
    return [end]


def _cover_spots(game: WolsungGame, m: WolsungModel, reach: float) -> list[Point]:
    """Spots just outside each corner of the pieces that block sight, within ``reach`` of
    ``m`` in a straight line, when ``m`` stands on the ground."""
    if m.level is not None:
        return []
    spots = []
    for piece in game.board.terrain:
        if not piece.blocks_sight:
            continue
        cx, cy = piece.middle()
        for x, y in piece.polygon:
            out = math.hypot(x - cx, y - cy)
            if out <= 0.0:
                continue
            step = (m.radius + SHORT_OF_CONTACT) / out
            spot = (x + (x - cx) * step, y + (y - cy) * step)
            if math.dist(m.pos, spot) <= reach:
                spots.append(spot)
    return spots


def _toward(m: WolsungModel, e: WolsungModel, reach: float) -> Point:
    """As far toward ``e`` as ``reach`` goes in a straight line, short of base contact."""
    dx, dy = e.x - m.x, e.y - m.y
    apart = math.hypot(dx, dy)
    go = min(reach, apart - m.radius - e.radius - SHORT_OF_CONTACT)
    if apart <= 0.0 or go <= 0.0:
        return m.pos
    return (m.x + dx / apart * go, m.y + dy / apart * go)


def _distinct(game: WolsungGame, m: WolsungModel, raw: list[Point]) -> list[Point]:
    """The points to the hundredth of an inch, once each, on the table and not where ``m``
    stands."""
    found: list[Point] = []
    for x, y in raw:
        p = (round(x, 2), round(y, 2))
        if p not in found and p != m.pos and game.board.on_table(p, m.radius):
            found.append(p)
    return found


def beam_points(game: WolsungGame, m: WolsungModel, relays: tuple[str, ...]) -> list[Point]:
    """Where ``m`` might aim a Beam, relayed by the Mirrors ``relays``, unjudged: at each enemy
    in sight of the last leg's start, and between two whose directions from there are within
    :data:`BEAM_PAIR` of each other (L625, L637)."""
    origin = game.model(relays[-1]) if relays else m
    seen = [e for e in enemies(game, origin) if sight(game, origin, e).visible]
    raw = [e.pos for e in seen]
    for i, a in enumerate(seen):
        for b in seen[i + 1 :]:
            ta = math.atan2(a.y - origin.y, a.x - origin.x)
            tb = math.atan2(b.y - origin.y, b.x - origin.x)
            turn = (tb - ta + math.pi) % math.tau - math.pi
            if abs(turn) <= BEAM_PAIR:
                near = min(math.dist(origin.pos, a.pos), math.dist(origin.pos, b.pos))
                mid = ta + turn / 2
                raw.append((origin.x + near * math.cos(mid), origin.y + near * math.sin(mid)))
    return [(round(x, 2), round(y, 2)) for x, y in raw]


def _around(centre: Point, reach: float) -> list[Point]:
    """Eight spots ``reach`` from ``centre``, all round."""
    turns = (math.tau * k / DIRECTIONS for k in range(DIRECTIONS))
    return [(centre[0] + reach * math.cos(a), centre[1] + reach * math.sin(a)) for a in turns]


def mist_points(game: WolsungGame, m: WolsungModel) -> list[Point]:
    """Where ``m`` might aim a Mist Template, unjudged: all round it, and toward each enemy
    (L744)."""
    toward = [_toward(m, e, 1.0) for e in enemies(game, m)]
    return _distinct(game, m, [*_around(m.pos, 1.0), *toward])


def mistwalk_points(game: WolsungGame, m: WolsungModel, template_id: str) -> list[Point]:
    """Where a Mistwalk of ``m`` into ``template_id`` might end, unjudged: the template's middle,
    and all round it as far as the Move and half as far (L725)."""
    t = next(t for t in mists(game) if t.id == template_id)
    reach = allowance(game, m)
    spots = [(t.x, t.y), *_around((t.x, t.y), reach), *_around((t.x, t.y), reach / 2)]
    return _distinct(game, m, spots)


def shadow_points(game: WolsungGame) -> list[Point]:
    """Where Retreat to Shadows might place its model, unjudged: each Mist Template's middle
    (L834)."""
    return [(round(t.x, 2), round(t.y, 2)) for t in mists(game)]


def shift_points(game: WolsungGame, m: WolsungModel) -> list[Point]:
    """Where the Shift under way might put ``m``, unjudged: where it stands, and all round it
    as far as the roll and half as far (L579)."""
    step = game.stack[-1]
    assert isinstance(step, Shift)
    spots = [*_around(m.pos, step.reach), *_around(m.pos, step.reach / 2)]
    return [m.pos, *_distinct(game, m, spots)]


def deploy_points(game: WolsungGame, m: WolsungModel) -> list[Point]:
    """A grid of spots over ``m``'s deployment zone, unjudged (L30); a grid as fine as ``m``'s
    base once every spot of the coarse one is taken, as a club fills a small corner zone."""
    x0, y0, x1, y1 = zone_box(game, m.side, m.radius)
    columns = max(1, int((x1 - x0) // DEPLOY_STEP))
    coarse = _grid(x0, y0, x1, y1, columns, DEPLOY_ROWS)
    bases = blockers(game, m)
    if any(all(math.dist(p, c) >= r + m.radius for c, r in bases) for p in coarse):
        return coarse
    step = 2 * m.radius + DEPLOY_GAP
    fine = (max(1, int((x1 - x0) // step) + 1), max(2, int((y1 - y0) // step) + 1))
    return _grid(x0, y0, x1, y1, *fine)


def _grid(x0: float, y0: float, x1: float, y1: float, columns: int, rows: int) -> list[Point]:
    xs = [x0 + (x1 - x0) * (i + 0.5) / columns for i in range(columns)]
    ys = [y0 + (y1 - y0) * j / (rows - 1) for j in range(rows)]
    return [(round(x, 2), round(y, 2)) for x in xs for y in ys]


def clue_points(game: WolsungGame) -> list[Point]:
    """A grid of spots over the band of the table The Stolen Blueprints' Clues take, unjudged
    (scenarios §4.3)."""
    clues = scenario_of(game).clues
    if clues is None:
        return []
    xs = range(math.ceil(clues.side_margin) + 1, int(game.board.width - clues.side_margin), 3)
    ys = range(math.ceil(clues.y_min), int(clues.y_max) + 1, 2)
    return [(float(x), float(y)) for x in xs for y in ys]


def place_points(game: WolsungGame, m: WolsungModel) -> list[Point]:
    """Where ``m`` may come into play in base contact with its bringer, to the hundredth of
    an inch (L356, L493)."""
    b = game.model(member(game, m.id).bringer)
    others = [(o.pos, o.radius, o.level) for o in game.models if o.on_table]
    spots = contact_spots(game, b.pos, b.radius, b.level, m.radius, others)
    return list(dict.fromkeys((round(x, 2), round(y, 2)) for x, y in spots))


def carry_points(game: WolsungGame, m: WolsungModel, carrier: WolsungModel) -> list[Point]:
    """Where ``m`` might be carried along to, in base contact with ``carrier``, to the
    hundredth of an inch, unjudged (L572, L664)."""
    spots = carry_ring(game, carrier, m)
    return list(dict.fromkeys((round(x, 2), round(y, 2)) for x, y in spots))


def arrival_points(game: WolsungGame) -> list[Point]:
    """A grid of spots over the whole table, for an Infiltrator's markers and its arrival,
    unjudged (L535)."""
    board = game.board
    xs = [ARRIVAL_STEP * (i + 0.5) for i in range(int(board.width // ARRIVAL_STEP))]
    ys = [ARRIVAL_STEP * (j + 0.5) for j in range(int(board.height // ARRIVAL_STEP))]
    return [(x, y) for x in xs for y in ys]
