"""Deployment in the Basic Scenarios beyond the Fight and Free For All! (R:1561-1660, rules
notes §3.15): who deploys first, the edge picked, each side's zone and the first Turn.

The book's record of the scenario says who picks the edge (the Lurker player in The Bag Man,
R:1565; the Threshold player in Escape ... Into Danger!, R:1577; the higher of a D6 each in
Retrieve the Artifacts and Treasure Hunt, R:1626, R:1646), and that player deploys first; in
Monster Attack! no edge is picked and the Threshold deploys first (R:1617). Each side's zone is
``data/scenario_play.toml``'s: within 5" of its edge, in base contact with it (R:1626), its half
of the board with the centre line parallel to the short edges (R:1577, R:1646, rules notes
item 69), within 8" of the centre point (R:1617) or in base contact with any edge (R:1617),
the side deploying second at least ``away`` from every enemy already placed (R:1617, R:1646:
the first deployer, its Sneaky models too, stands anywhere in its zone). In The Raid the Lurkers
are placed first by Random Deployment, then the Threshold in base contact with either short
edge (R:1595). The first Turn is the Lurkers' in Monster Attack! (R:1618), else a roll-off.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.geometry.board import Board, Edge
from skirmish.geometry.shapes import CONTACT, Point, edge_distance
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.model import AeonsModel
from skirmish.rulesets.strange_aeons.quadrants import (
    QuadrantDeployment,
    any_quadrant_error,
    areas,
    quadrant_points,
    room_spacing,
)
from skirmish.rulesets.strange_aeons.scenario_play import Setting, Zone
from skirmish.rulesets.strange_aeons.setup import ChooseEdge, Deploy, RollOff
from skirmish.rulesets.strange_aeons.sneaky import AREAS, ZONES, Sneak
from skirmish.rulesets.strange_aeons.space import inches, models, placement_reason

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

PLACE = "place"
"""The kind of the point a model is deployed at in these scenarios."""
GRID = 9
"""Spots along a side of a zone, for the points a computer player weighs."""
STRIP = 6.0
"""A zone this narrow (inches) is a strip along an edge: its spots are a base apart."""
STRIP_SPOTS = 48


def setting_of(game: AeonsGame) -> Setting:
    """The Basic Scenario the game plays (only games of such a scenario ask)."""
    found = catalog_of(game).setting
    assert found is not None
    return found


def deployment(game: AeonsGame) -> list[Step]:
    """The steps that deploy both sides: who deploys first, the edge, then each side; or the
    side placed by Random Deployment, then the other (The Raid, R:1595)."""
    randomly = setting_of(game).play.random_side()
    if randomly is not None:
        return [QuadrantDeployment(only=randomly), Place(1 - randomly), Sneak(PLACE)]
    chooser = setting_of(game).book.deployment.chosen_by
    if chooser == "roll_off":
        first: list[Step] = [RollOff("set-up")]
    else:
        first = [FirstToDeploy(1 if chooser == "lurker" else 0)]
    return [*first, Deployment()]


def first_turn(game: AeonsGame) -> list[Step]:
    """Who takes the first Turn: the Lurkers in Monster Attack! (R:1618), else a roll-off."""
    if setting_of(game).book.first == "lurker":
        return [FirstTurn(1)]
    return [RollOff("first-turn")]


def _rule(game: AeonsGame, zone: Zone | None = None) -> str:
    book = setting_of(game).book
    line = book.at.setup if zone is None else zone.line
    return f"{book.name}: set-up (R:{line})"


@dataclass(slots=True, eq=False)
class FirstToDeploy(Step):
    """The player the scenario names deploys first, picking the edge where there is one (none
    in Monster Attack!, R:1617)."""

    rule = "Basic Scenarios: set-up"
    side: int

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        game.state.deploy_first = self.side
        game.emit("deploys-first", _rule(game), (), side=self.side, picks=_has_edges(game))
        return []


@dataclass(slots=True, eq=False)
class FirstTurn(Step):
    """The side the scenario names takes the first Turn."""

    rule = "Basic Scenarios: first Turn"
    side: int

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        game.state.first = self.side
        book = setting_of(game).book
        game.emit("first-turn", f"{book.name}: first Turn (R:{book.at.first})", (), side=self.side)
        return []


@dataclass(slots=True, eq=False)
class Deployment(Step):
    """The edge picked where the scenario has one, then the first deployer's models, then the
    other side's."""

    rule = "Basic Scenarios: set-up"

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        first = game.state.deploy_first
        places: list[Step] = [Place(first), Place(1 - first), Sneak(PLACE)]
        if _has_edges(game):
            return [ChooseEdge(), *places]
        return places


def _has_edges(game: AeonsGame) -> bool:
    play = setting_of(game).play
    return any(z.kind in ("edge", "contact", "half") for z in (play.threshold, play.lurkers))


@dataclass(slots=True, eq=False)
class Place(Deploy):
    """A side places its models, one at a time in roster order, each in its zone."""

    rule = "Basic Scenarios: set-up"
    kind = PLACE

    def placed_rule(self, game: AeonsGame) -> str:
        return _rule(game, setting_of(game).play.zone(self.side))

    def hint(self, game: AeonsGame, m: AeonsModel) -> str:
        return zone_hint(game, m)

    def place_error(self, game: AeonsGame, m: AeonsModel, point: Point) -> str | None:
        return zone_error(game, m, point)


def zone_hint(game: AeonsGame, m: AeonsModel) -> str:
    """Where ``m`` may deploy, in words."""
    zone = setting_of(game).play.zone(m.side)
    apart = _away(game, m, zone)
    keeps = f', at least {apart:g}" from every enemy' if apart else ""
    return f"a point with the base {_where(game, m, zone)}{keeps}"


def _away(game: AeonsGame, m: AeonsModel, zone: Zone) -> float:
    """How far from every enemy ``m`` deploys in its ``zone``: the zone's ``away`` for the
    side deploying second, nothing for the first (R:1646)."""
    return 0.0 if m.side == game.state.deploy_first else zone.away


def _where(game: AeonsGame, m: AeonsModel, zone: Zone) -> str:
    edges = game.state.edges
    edge = edges[m.side] if edges else ""
    return {
        "edge": f'wholly within {zone.within:g}" of the {edge} edge',
        "contact": f"in base contact with the {edge} edge",
        "half": f"wholly in the half of the board at the {edge} edge",
        "centre": f'wholly within {zone.within:g}" of the centre point',
        "any_edge": "in base contact with a table edge",
        "short_edges": "in base contact with a short table edge",
        "random": "in a section of the Random Deployment",
    }[zone.kind]


def zone_error(game: AeonsGame, m: AeonsModel, point: Point) -> str | None:
    """Why ``m`` cannot deploy at ``point``, or ``None``."""
    board = game.board
    if not board.on_table(point, m.radius):
        return "the base would be off the table"
    zone = setting_of(game).play.zone(m.side)
    outside = _outside(game, m, zone, point)
    if outside is not None:
        return outside
    apart = _away(game, m, zone)
    for e in models(game):
        gap = edge_distance(point, m.radius, e.pos, e.radius)
        if e.side != m.side and gap < apart:
            return f'the base would be {inches(gap)} from {e.id}: at least {apart:g}" apart'
    return placement_reason(game, m, point, board.surface_at(point))


def _outside(game: AeonsGame, m: AeonsModel, zone: Zone, point: Point) -> str | None:
    """Why ``point`` is outside ``m``'s zone, or ``None``."""
    board, r = game.board, m.radius
    if zone.kind == "centre":
        far = math.dist(point, (board.width / 2, board.height / 2)) + r
        if far > zone.within + CONTACT:
            return f"the base must be {_where(game, m, zone)}"
        return None
    if zone.kind == "random":
        return any_quadrant_error(game, m, point)
    if zone.kind in ("any_edge", "short_edges"):
        edges = _short_edges(board) if zone.kind == "short_edges" else tuple(Edge)
        if min(board.distance_to_edge(point, r, e) for e in edges) > CONTACT:
            return f"the base must be {_where(game, m, zone)}"
        return None
    edge = Edge(game.state.edges[m.side])
    if not board.in_edge_zone(point, r, edge, _depth(board, zone, edge, r)):
        return f"the base must be {_where(game, m, zone)}"
    return None


def _depth(board: Board, zone: Zone, edge: Edge, r: float) -> float:
    """How deep a zone along ``edge`` is, for a base of radius ``r``."""
    return {"edge": zone.within, "contact": 2 * r, "half": half_depth(board, edge)}[zone.kind]


def in_zone(game: AeonsGame, side: int, point: Point, r: float) -> bool:
    """Whether a base of radius ``r`` at ``point`` lies, even in part, in ``side``'s zone:
    never in a Random Deployment's, no zone being a side's."""
    board = game.board
    zone = setting_of(game).play.zone(side)
    if zone.kind == "random":
        return False
    if zone.kind == "centre":
        far = math.dist(point, (board.width / 2, board.height / 2)) - r
        return far < zone.within - CONTACT
    if zone.kind in ("any_edge", "short_edges"):
        edges = _short_edges(board) if zone.kind == "short_edges" else tuple(Edge)
        return min(board.distance_to_edge(point, r, e) for e in edges) < 2 * r - CONTACT
    edge = Edge(game.state.edges[side])
    return board.distance_to_edge(point, r, edge) < _depth(board, zone, edge, r) - CONTACT


def _short_edges(board: Board) -> tuple[Edge, ...]:
    """The table's short edges (the west and east ones of a table wider than deep)."""
    across = (Edge.WEST, Edge.EAST) if board.width >= board.height else (Edge.SOUTH, Edge.NORTH)
    return across


def half_depth(board: Board, edge: Edge) -> float:
    """How deep the half of the board at ``edge`` is."""
    return (board.height if edge in (Edge.NORTH, Edge.SOUTH) else board.width) / 2


def zone_points(game: AeonsGame, m: AeonsModel) -> list[Point]:
    """Spots of ``m``'s zone where it may deploy, on a grid."""
    board, r = game.board, m.radius
    zone = setting_of(game).play.zone(m.side)
    if zone.kind == "centre":
        c, w = (board.width / 2, board.height / 2), zone.within - r
        boxes = [(c[0] - w, c[1] - w, c[0] + w, c[1] + w)]
    elif zone.kind == "random":
        spacing = room_spacing(game, m)
        sections = range(1, areas(game) + 1)
        return [p for q in sections for p in quadrant_points(game, m, q, spacing)]
    elif zone.kind in ("any_edge", "short_edges"):
        edges = _short_edges(board) if zone.kind == "short_edges" else tuple(Edge)
        boxes = [board.edge_zone(e, 2 * r, r) for e in edges]
    else:
        edge = Edge(game.state.edges[m.side])
        boxes = [board.edge_zone(edge, _depth(board, zone, edge, r), r)]
    found = []
    for box in boxes:
        for p in _grid(box, r):
            if p not in found and zone_error(game, m, p) is None:
                found.append(p)
    return found


def _spots(length: float, r: float) -> int:
    """How many spots a side of a strip is tried at: along it a base apart, across it 3 (1
    where the strip is a base deep)."""
    if length > STRIP:
        return min(STRIP_SPOTS, math.ceil(length / (2 * r)) + 1)
    return 3 if length > 0 else 1


def _grid(box: tuple[float, float, float, float], r: float) -> list[Point]:
    """Spots of ``box``: a 9 x 9 grid, or a base's width apart along a strip (a strip along
    an edge holds a whole list, a base beside the next)."""
    x0, y0, x1, y1 = box
    thin = min(x1 - x0, y1 - y0) <= STRIP
    counts = [_spots(length, r) if thin else GRID for length in (x1 - x0, y1 - y0)]
    return [
        (
            round(x0 + (x1 - x0) * i / max(1, counts[0] - 1), 2),
            round(y0 + (y1 - y0) * j / max(1, counts[1] - 1), 2),
        )
        for i in range(counts[0])
        for j in range(counts[1])
    ]


ZONES[PLACE] = zone_error
AREAS[PLACE] = in_zone
