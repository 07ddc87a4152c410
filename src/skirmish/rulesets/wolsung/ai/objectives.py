"""What the house scenarios' objectives are worth to a model, for the heuristic player's spots
and Moves (``wolsung-scenarios.md`` §4.2-§4.4).

A goal is a place a model may head for, what the club gains with the model there, and how far
a spot falls short of it. The gains come from the scenario's own scoring
(:mod:`..game.scoring`, :mod:`..table.scoring`), asked with the model standing at the goal and
with it off the table, at the next turn that scores:

- Rooftop Claims (S2): each marker, the model counting for it within the control range, 3D
  edge to edge (§4.0, §4.2).
- Four Districts (S4): each district, the model counting for it once its base's centre is in it
  (§4.4).
- The Stolen Blueprints (S3): each Clue not yet searched, the model touching it, worth the point
  of an empty one and its share of the Blueprints while they are hidden; the Blueprints dropped,
  the model touching them; for the carrier, its own table edge, which it leaves by to win
  (§4.3).

A model with no scenario objective (Back-Alley Brawl, S1) has no goals, and neither has one
lent to another club for a spell's Actions (Mind Control, L459): where it stands at the end of
the turn scores for its own club.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace

from skirmish.geometry.shapes import CONTACT, Point, nearest_on_segment, point_segment_distance
from skirmish.rulesets.wolsung.game.activation import Activation
from skirmish.rulesets.wolsung.game.base import common_of, scenario_of
from skirmish.rulesets.wolsung.game.model import WolsungModel
from skirmish.rulesets.wolsung.game.scoring import presences, spots
from skirmish.rulesets.wolsung.game.setup import zone_of
from skirmish.rulesets.wolsung.game.state import WolsungGame
from skirmish.rulesets.wolsung.table.measure import Presence, Spot, distance, within
from skirmish.rulesets.wolsung.table.records import Districts
from skirmish.rulesets.wolsung.table.scoring import (
    District,
    district_of,
    district_vp,
    objective_vp,
)

__all__ = ["ESCAPE", "Goal", "carried_worth", "goals", "shortfall", "way", "waypoint"]

ESCAPE = 2.0
"""The carrier's own edge, in Blueprints: leaving by it wins the game outright (§4.3)."""

Gap = Callable[[Point, float], float]
"""How far a base centred at a point, on a surface that high, falls short of a goal, in
inches (0: it counts for it)."""


@dataclass(frozen=True, slots=True)
class Goal:
    """A place for a model to head for: ``point`` on ``level`` (``None``: the ground), what the
    club gains with the model there (``worth``, in victory points), and ``gap``, how far a
    spot on that level falls short of it; ``anywhere``: a spot on any level counts (a
    district)."""

    point: Point
    level: str | None
    worth: float
    gap: Gap
    anywhere: bool = False


def shortfall(game: WolsungGame, goal: Goal, at: Point, level: str | None) -> float:
    """How far a spot falls short of ``goal``: its ``gap`` on the goal's level, else the way
    there by the ladders (:func:`way`)."""
    if goal.anywhere or level == goal.level:
        return goal.gap(at, game.board.surface_height(level))
    return way(game, at, level, goal)[0]


def waypoint(game: WolsungGame, at: Point, level: str | None, goal: Goal) -> Point:
    """Where a model standing at a spot on ``level`` heads for ``goal``: the goal itself on its
    level, else the first end of a ladder on the way (:func:`way`)."""
    if goal.anywhere or level == goal.level:
        return goal.point
    return way(game, at, level, goal)[1]


def way(game: WolsungGame, at: Point, level: str | None, goal: Goal) -> tuple[float, Point]:
    """The length of the way from a spot on ``level`` to ``goal`` on another, in straight legs
    between the ends of the ladders it climbs down and up, each climb counted at its height
    (L80), and the first point it heads for; through the air when no ladder leads there."""
    board = game.board
    downs = [lad for lad in board.ladders if lad.terrain == level] if level else [None]
    ups = [lad for lad in board.ladders if lad.terrain == goal.level] if goal.level else [None]
    routes = []
    for off in downs:
        for on in ups:
            length, first, here = 0.0, None, at
            if off is not None:
                length += math.dist(here, off.top) + _height(game, off.terrain)
                first, here = off.top, off.foot
            if on is not None:
                length += math.dist(here, on.foot) + _height(game, on.terrain)
                first, here = first or on.foot, on.top
            routes.append((length + math.dist(here, goal.point), first or goal.point))
    rise = abs(board.surface_height(goal.level) - board.surface_height(level))
    return min(routes, default=(math.dist(at, goal.point) + rise, goal.point))


def _height(game: WolsungGame, piece: str) -> float:
    return game.board.piece(piece).height


def goals(game: WolsungGame, m: WolsungModel) -> list[Goal]:
    """The goals of ``m`` in the scenario played, none in Back-Alley Brawl (S1) nor for a
    model lent to another club."""
    if _lent(game, m):
        return []
    scenario = scenario_of(game)
    if scenario.markers or scenario.districts is not None:
        return _held_goals(game, m)
    if scenario.clues is not None:
        return _blueprint_goals(game, m)
    return []


def _lent(game: WolsungGame, m: WolsungModel) -> bool:
    """Whether ``m`` acts now for a club not its own (Mind Control's Action, L459)."""
    step = game.stack[-1] if game.stack else None
    return isinstance(step, Activation) and step.model == m.id and step.lent_to >= 0


def carried_worth(game: WolsungGame, m: WolsungModel) -> int:
    """What ``m`` carries: the Blueprints' points, if it carries them (§4.3), else none."""
    clues = scenario_of(game).clues
    return clues.blueprints_vp if clues is not None and game.state.carrier == m.id else 0


# -- markers and districts (S2, S4) ------------------------------------------------------------


def _next_scoring(game: WolsungGame) -> int | None:
    """The first turn from this one that scores the markers or districts (§4.0)."""
    turn = game.state.turn
    return min((t for t in common_of(game).score_turns if t >= turn), default=None)


def _held_goals(game: WolsungGame, m: WolsungModel) -> list[Goal]:
    """A goal at each marker (S2) or district (S4): the lead the club would gain with ``m``
    counting for it, at the next scoring turn."""
    turn = _next_scoring(game)
    if turn is None or not m.on_table:
        return []
    # presences() lists the models on the table first, in the game's order
    i = [o for o in game.models if o.on_table].index(m)
    everyone = presences(game)
    mine, others = everyone[i], everyone[:i] + everyone[i + 1 :]
    without = _lead(game, turn, others, m.side)
    found = []
    for place in _places(game, m):
        x, y = place.point
        there = replace(mine, x=x, y=y, z=game.board.surface_height(place.level))
        worth = _lead(game, turn, [*others, there], m.side) - without
        if worth > 0:
            found.append(replace(place, worth=worth))
    return found


def _lead(game: WolsungGame, turn: int, models: list[Presence], side: int) -> float:
    """How many more points ``side`` scores at the end of ``turn`` than the best of the others,
    the models standing as ``models`` (§4.2, §4.4)."""
    scenario, common = scenario_of(game), common_of(game)
    seats = game.state.seats
    if scenario.markers:
        vp = objective_vp(turn, scenario.markers, spots(game), models, len(seats), common)
    else:
        assert scenario.districts is not None
        zones = [zone_of(game, seat) for seat in seats]
        vp = district_vp(turn, models, zones, common, scenario.districts)
    return vp[side] - max(v for seat, v in enumerate(vp) if seat != side)


def _places(game: WolsungGame, m: WolsungModel) -> list[Goal]:
    """Where ``m`` would count for each marker or district, worth nothing yet."""
    scenario = scenario_of(game)
    if scenario.markers:
        reach = common_of(game).control_range
        return [Goal(_at(s), s.level, 0.0, _marker_gap(m, s, reach)) for s in spots(game).values()]
    districts = scenario.districts
    assert districts is not None
    split, table = districts.split, common_of(game).table
    places = []
    for d in District:
        box = _box(d, split, table, m.radius)
        point = (min(max(m.x, box[0]), box[2]), min(max(m.y, box[1]), box[3]))
        places.append(Goal(point, None, 0.0, _district_gap(d, box, districts), anywhere=True))
    return places


def _at(s: Spot) -> Point:
    return (s.x, s.y)


def _marker_gap(m: WolsungModel, marker: Spot, reach: float) -> Gap:
    def gap(point: Point, z: float) -> float:
        base = Presence(m.side, point[0], point[1], z, m.radius, m.hero)
        return 0.0 if within(base, marker, reach) else distance(base, marker) - reach

    return gap


def _box(d: District, split: float, table: float, radius: float) -> tuple[float, ...]:
    """Where the centre of a base of ``radius`` may stand in district ``d``, wholly on the
    table: x0, y0, x1, y1 (§4.4)."""
    west = d in (District.SOUTH_WEST, District.NORTH_WEST)
    south = d in (District.SOUTH_WEST, District.SOUTH_EAST)
    xs = (radius, split - CONTACT) if west else (split, table - radius)
    ys = (radius, split - CONTACT) if south else (split, table - radius)
    return (xs[0], ys[0], xs[1], ys[1])


def _district_gap(d: District, box: tuple[float, ...], districts: Districts) -> Gap:
    def gap(point: Point, z: float) -> float:
        x, y = point
        if district_of(x, y, districts) is d:
            return 0.0
        return math.hypot(max(box[0] - x, 0.0, x - box[2]), max(box[1] - y, 0.0, y - box[3]))

    return gap


# -- the Blueprints (S3) -----------------------------------------------------------------------


def _blueprint_goals(game: WolsungGame, m: WolsungModel) -> list[Goal]:
    """The carrier's goal: its own table edge, the Blueprints' worth and the game won; any
    other model's: each Clue left and the Blueprints dropped (§4.3)."""
    st, clues = game.state, scenario_of(game).clues
    assert clues is not None
    if st.carrier == m.id:
        return [_edge_goal(game, m, ESCAPE * clues.blueprints_vp)]
    hidden = not st.carrier and st.blueprints is None
    share = clues.blueprints_vp / len(st.clues) if hidden and st.clues else 0.0
    found = [Goal(_at(c), c.level, clues.search_vp + share, _touch_gap(m, c)) for c in st.clues]
    dropped = st.blueprints
    if dropped is not None:
        found.append(Goal(_at(dropped), dropped.level, clues.blueprints_vp, _touch_gap(m, dropped)))
    return found


def _touch_gap(m: WolsungModel, marker: Spot) -> Gap:
    """How far a base falls short of touching ``marker``, as a Search or a pick-up needs."""

    def gap(point: Point, z: float) -> float:
        base = Presence(m.side, point[0], point[1], z, m.radius, m.hero)
        return max(0.0, distance(base, marker) - CONTACT)

    return gap


def _edge_goal(game: WolsungGame, m: WolsungModel, worth: float) -> Goal:
    """The nearest spot where ``m``'s base touches its club's own table edge (§4.0, C6)."""
    zone = zone_of(game, m.side)
    x, y = min(
        (nearest_on_segment(m.pos, a, b) for a, b in zone.edge), key=lambda p: math.dist(p, m.pos)
    )
    r, board = m.radius, game.board
    point = (min(max(x, r), board.width - r), min(max(y, r), board.height - r))

    def gap(at: Point, z: float) -> float:
        if zone.touches_edge(at[0], at[1], m.radius):
            return 0.0
        return min(point_segment_distance(at, a, b) for a, b in zone.edge) - m.radius

    return Goal(point, None, worth, gap)
