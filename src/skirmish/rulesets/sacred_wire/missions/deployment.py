"""Deployments (K1.3 Deployment table, K1.2; notes A82, A84, A88, A98): where each squad may
set up, who picks, and each squad's deployment edge.

Setup option ``deployment`` is a row id of the K1.3 Deployment table (``data/missions.toml``),
``standard`` by default. A squad's zones are named: an edge (``south``: bases wholly within 3"
of it), a corner (``south-west``: the 4" x 4" square there) or ``centre`` (bases wholly within
3" of the board's centre). Zones and picks, after notes A82:

* standard: the First Player picks its edge, the opponent takes the opposite one;
* flanked: the First Player picks an edge and one of the corners at its ends; the opponent
  takes the other; that edge is both squads' deployment edge;
* corners: the First Player picks a corner, the opponent takes the diagonally opposite one;
* split: the Aggressor picks two adjacent edges (named by the corner where they meet) and
  deploys within 3" of either; the Defender takes the opposite corner;
* center: the Defender deploys within 3" of the centre; the Aggressor picks an edge;
* crossfire: the Aggressor picks a corner, then the Defender, then the Aggressor; the Defender
  takes the last. A squad splits its models freely between its corners.

Split, Center and Crossfire name the mission's roles (K1.3), so they need a mission. A squad
whose zones touch more than one edge declares its deployment edge among them before deploying
(notes A98), the First Player first; the Center Defender has none (K1.2: the nearest board
edge stands in). Loot narrows the choices (notes A88): with a Trail the deployment edges run
parallel to it (north or south); no squad deploys along an Edge Stash's edge, nor declares it.
The Deployment entry decides who picks, the First Player otherwise, and the Defender's Edge
first advantage (K1.4) over both (notes A84): in Split and Center the Defender then picks the
Aggressor's edges and its own corner or the centre stays its own.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.errors import SkirmishError, quoted
from skirmish.geometry.board import Board, Edge
from skirmish.geometry.memo import Memo
from skirmish.geometry.shapes import CONTACT, Point, edge_distance
from skirmish.rulesets.sacred_wire.missions import advantages, loot, zones
from skirmish.rulesets.sacred_wire.missions.generator import (
    GENERATOR,
    SIGNAL,
    SOURCE,
    STANDARD,
    STANDARD_ONLY,
)
from skirmish.rulesets.sacred_wire.missions.zones import SETUP
from skirmish.rulesets.sacred_wire.rules_data.mission_tables import MissionTables

if TYPE_CHECKING:
    from skirmish.rulesets.sacred_wire.game.state import WireGame

DEPTH = 3.0  # notes A82: an edge zone holds bases wholly within 3" of the edge
CORNER = 4.0  # K1.2 "Corner": a 4" x 4" square in a corner of the board
CENTRE_RADIUS = 3.0  # K1.3 Center: within 3" of the centre
CENTRE = "centre"
WITH_ROLES = ("split", "center", "crossfire")  # they name the Aggressor or the Defender
BY_ROLE = ("split", "center")  # their zones are the Aggressor's and the Defender's, not a pick's
_SPOTS = "sacred-wire-deployment-spots"  # the board's memo of each zone's packing
_ALL = 10_000  # more bases than any zone holds: a packing of as many as fit
TOUCHED = 7  # the most spots of a packing of bases of one size that another base touches
Spot = tuple[Point, float, str | None]
"""A base down on the table: its centre, radius and level."""
Bases = Sequence[Spot]

#: Each corner by the two edges that bound it, the north or south one first.
CORNERS: dict[str, tuple[Edge, Edge]] = {
    "south-west": (Edge.SOUTH, Edge.WEST),
    "south-east": (Edge.SOUTH, Edge.EAST),
    "north-west": (Edge.NORTH, Edge.WEST),
    "north-east": (Edge.NORTH, Edge.EAST),
}
EDGES = tuple(e.value for e in Edge)  # the zones that are edge strips
DIAGONAL = {
    "south-west": "north-east",
    "north-east": "south-west",
    "south-east": "north-west",
    "north-west": "south-east",
}

Rect = tuple[float, float, float, float]
Zones = tuple[str, ...]
T = TypeVar("T")


# --- setup option --------------------------------------------------------------------------------


def normalize(options: dict[str, Any], tables: MissionTables) -> dict[str, Any]:
    """The ``deployment`` setup option, checked, with its default.

    Raises:
        SkirmishError: not a row of the Deployment table, or one that names the mission's
            roles without a mission.
    """
    kind = options.get("deployment", STANDARD)
    known = [e.id for e in tables.table("deployment").entries]
    if kind not in known:
        listed = ", ".join(known)
        raise SkirmishError(f"deployment: unknown Deployment {quoted(kind)}; known: {listed}")
    fixed = STANDARD_ONLY.get(str(options.get("mission")))
    if fixed is not None and kind != STANDARD:
        raise SkirmishError(f"deployment {kind!r}: {fixed}")
    if kind in WITH_ROLES and options.get("mission") is None:
        raise SkirmishError(
            f"deployment {kind!r} needs a mission (the mission option): it places the mission's "
            "Aggressor and Defender (K1.3)"
        )
    return {"deployment": kind}


def kind_of(game: WireGame) -> str:
    """The deployment the game is set up with; Breakthrough, rolled at random, ignores it
    (M6.1)."""
    if zones.mission(game) in STANDARD_ONLY:
        return STANDARD
    return str(game.setup.get("deployment", STANDARD))


# --- zones as geometry ---------------------------------------------------------------------------


def rect(board: Board, zone: str, r: float) -> Rect:
    """Where the centre of a base of radius ``r`` may stand inside ``zone`` (x0, y0, x1, y1);
    for the centre zone, the square around the circle."""
    w, h = board.width, board.height
    if zone == CENTRE:
        cx, cy, reach = w / 2, h / 2, CENTRE_RADIUS - r
        return (cx - reach, cy - reach, cx + reach, cy + reach)
    if zone in CORNERS:
        north_south, east_west = CORNERS[zone]
        x0 = r if east_west is Edge.WEST else w - CORNER + r
        y0 = r if north_south is Edge.SOUTH else h - CORNER + r
        return (x0, y0, x0 + CORNER - 2 * r, y0 + CORNER - 2 * r)
    return board.edge_zone(Edge(zone), DEPTH, r)


def inside(board: Board, zone: str, p: Point, r: float) -> bool:
    """Whether the whole base at ``p`` lies in ``zone`` (within contact)."""
    if not board.on_table(p, r):
        return False
    if zone == CENTRE:
        return math.dist(p, (board.width / 2, board.height / 2)) + r <= CENTRE_RADIUS + CONTACT
    if zone in CORNERS:
        x0, y0, x1, y1 = rect(board, zone, r)
        return x0 - CONTACT <= p[0] <= x1 + CONTACT and y0 - CONTACT <= p[1] <= y1 + CONTACT
    return board.in_edge_zone(p, r, Edge(zone), DEPTH)


def zone_gap(board: Board, zone: str, p: Point) -> float:
    """How far the point ``p`` lies from ``zone`` (0 inside it)."""
    if zone == CENTRE:
        return max(0.0, math.dist(p, (board.width / 2, board.height / 2)) - CENTRE_RADIUS)
    x0, y0, x1, y1 = rect(board, zone, 0.0)
    return math.hypot(max(x0 - p[0], 0.0, p[0] - x1), max(y0 - p[1], 0.0, p[1] - y1))


def zone_text(zone: str) -> str:
    """A zone in words: ``within 3" of the south edge``."""
    if zone == CENTRE:
        return f'within {CENTRE_RADIUS:g}" of the centre'
    if zone in CORNERS:
        return f'in the {CORNER:g}" {zone} corner'
    return f'within {DEPTH:g}" of the {zone} edge'


def zones_text(names: Zones) -> str:
    """A squad's zones in words, joined by "or"."""
    return " or ".join(zone_text(z) for z in names)


def room(board: Board, names: Zones, r: float, count: int) -> bool:
    """Whether ``count`` bases of radius ``r`` fit, apart, in these zones (a packing on a grid
    of half-radius steps, so a yes is certain and a no nearly so); kept per board."""
    memo = board.memo("sacred-wire-deployment-room")
    return bool(
        memo.remember((names, r, count), lambda: len(_pack(board, names, r, count, ())) >= count)
    )


def room_among(board: Board, names: Zones, r: float, count: int, bases: Bases) -> bool:
    """Whether ``count`` bases of radius ``r`` still fit, apart, in these zones among the
    ``bases`` already down (notes A82's room, run again as models deploy): with none down,
    :func:`room`; else a yes from the spots of the empty zones' own packing that no base
    touches is certain, and a packing around the bases decides the rest, as :func:`room`
    does."""
    if count <= 0:
        return True
    if not bases:
        return room(board, names, r, count)
    if len(free_spots(board, names, r, bases, count)) >= count:
        return True
    return len(_pack(board, names, r, count, bases)) >= count


def keeping_room(
    board: Board, names: Zones, r: float, count: int, bases: Bases, new: float, spots: list[Point]
) -> list[Point]:
    """Those of ``spots`` where a base of radius ``new`` (no larger than ``r``) leaves room
    for ``count`` more (:func:`room_among`), the ``bases`` already down: all of them while
    enough spots of the zones' packing stay free that a base touching as many as it may (one
    under it, six round it) leaves ``count``; else each one judged."""
    free = free_spots(board, names, r, bases, count + TOUCHED)
    if len(free) >= count + TOUCHED:
        return spots
    return [
        p
        for p in spots
        if sum(1 for q in free if edge_distance(q, r, p, new) >= 0.0) >= count
        or room_among(board, names, r, count, [*bases, (p, new, board.surface_at(p))])
    ]


def free_spots(board: Board, names: Zones, r: float, bases: Bases, enough: int) -> list[Point]:
    """The spots of the empty zones' packing of bases of radius ``r`` that none of ``bases``
    touches, up to ``enough`` of them."""
    found: list[Point] = []
    for spot, _, _ in _spots(board, names, r):
        if all(edge_distance(spot, r, q, rq) >= 0.0 for q, rq, _ in bases):
            found.append(spot)
            if len(found) >= enough:
                break
    return found


def _spots(board: Board, names: Zones, r: float) -> tuple[Spot, ...]:
    """The empty zones' packing of bases of radius ``r``, as many as fit; kept per board."""
    memo: Memo[tuple[Zones, float], tuple[Spot, ...]] = board.memo(_SPOTS)
    return memo.remember((names, r), lambda: tuple(_pack(board, names, r, _ALL, ())))


def _pack(board: Board, names: Zones, r: float, count: int, bases: Bases) -> list[Spot]:
    """Up to ``count`` bases of radius ``r`` packed in these zones, clear of ``bases``."""

    def accept(p: Point) -> bool:
        if not any(inside(board, z, p, r) for z in names):
            return False
        return not bases or board.placement_error(p, r, board.surface_at(p), bases) is None

    return board.pack([rect(board, z, r) for z in names], r, count, accept)


def edges_of(names: Zones) -> list[Edge]:
    """The edges the zones touch, in the order of :class:`Edge` (none for the centre)."""
    touched: set[Edge] = set()
    for zone in names:
        if zone in CORNERS:
            touched.update(CORNERS[zone])
        elif zone in EDGES:
            touched.add(Edge(zone))
    return [e for e in Edge if e in touched]


# --- the picks -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Assignment:
    """One way the zones may fall: each side's zones (side A first) and the edges the pick
    fixes as their deployment edges ("" where the squad declares or has none)."""

    zones: tuple[Zones, Zones]
    edges: tuple[str, str]


def _by_sides(chooser: int, mine: T, theirs: T) -> tuple[T, T]:
    return (mine, theirs) if chooser == 0 else (theirs, mine)


def assignments(kind: str, holder: int) -> Iterator[tuple[Action, Assignment]]:
    """Each option of the one-pick deployments with the zones it gives, the zones it names
    going to ``holder`` (:func:`holder`)."""
    if kind == STANDARD:
        for e in Edge:
            yield (
                Action("edge", (e.value,)),
                Assignment(
                    _by_sides(holder, (e.value,), (e.opposite.value,)),
                    _by_sides(holder, e.value, e.opposite.value),
                ),
            )
    elif kind == "flanked":
        for e in Edge:
            ends = [c for c, bound in CORNERS.items() if e in bound]
            for mine in ends:
                (theirs,) = [c for c in ends if c != mine]
                yield (
                    Action("flank", (e.value, mine)),
                    Assignment(_by_sides(holder, (mine,), (theirs,)), (e.value, e.value)),
                )
    elif kind == "corners":
        for c in CORNERS:
            yield (
                Action("corner", (c,)),
                Assignment(_by_sides(holder, (c,), (DIAGONAL[c],)), ("", "")),
            )
    elif kind == "split":
        for c, bound in CORNERS.items():
            strips = tuple(e.value for e in Edge if e in bound)
            yield (
                Action("split", (c,)),
                Assignment(_by_sides(holder, strips, (DIAGONAL[c],)), ("", "")),
            )
    elif kind == "center":
        for e in Edge:
            yield (
                Action("edge", (e.value,)),
                Assignment(
                    _by_sides(holder, (e.value,), (CENTRE,)), _by_sides(holder, e.value, "")
                ),
            )


def _crossfire(first: int) -> Iterator[Assignment]:
    """Every way the four corners may fall, two to each squad."""
    names = list(CORNERS)
    for a in names:
        for b in names:
            for c in names:
                if len({a, b, c}) < 3:
                    continue
                (d,) = [x for x in names if x not in (a, b, c)]
                yield Assignment(_by_sides(first, (a, c), (b, d)), ("", ""))


def _sizes(game: WireGame) -> tuple[int, int]:
    a, b = game.state.lineups[:2]  # the squads; hostiles and Coworkers come after
    return (len(a.models), len(b.models))


def _fits(board: Board, a: Assignment, sizes: tuple[int, int], r: float, bases: Bases = ()) -> bool:
    return all(room_among(board, a.zones[s], r, sizes[s], bases) for s in (0, 1))


def _down(game: WireGame) -> list[Spot]:
    """The bases on the table as the zones are picked: the Coworkers placed before them."""
    return [(m.pos, m.radius, m.level) for m in game.models if m.on_table]


def _roomy(game: WireGame, picks: list[tuple[T, Assignment]]) -> list[tuple[T, Assignment]]:
    """The picks with room for both squads among the bases down; on a table so crowded that
    none has, those with room on the board (K1.2, notes A82)."""
    r, sizes, bases = _radius(game), _sizes(game), _down(game)
    board = game.board
    return [(o, a) for o, a in picks if _fits(board, a, sizes, r, bases)] or [
        (o, a) for o, a in picks if _fits(board, a, sizes, r)
    ]


def has_room(board: Board, kind: str, sizes: tuple[int, int], r: float) -> bool:
    """Whether some pick of the deployment leaves both squads room (a setup check)."""
    found = _crossfire(0) if kind == "crossfire" else (a for _, a in assignments(kind, 0))
    return any(_fits(board, a, sizes, r) for a in found)


def _loot_allows(game: WireGame, a: Assignment) -> bool:
    """The Trail and the Edge Stash leave this pick possible (notes A88): no squad deploys
    along the stash edge, and the edges it fixes may be deployment edges."""
    for s in (0, 1):
        strips = [z for z in a.zones[s] if z in EDGES]
        if any(not loot.strip_allowed(game, Edge(z)) for z in strips):
            return False
        if a.edges[s] and not loot.edge_allowed(game, Edge(a.edges[s])):
            return False
    return True


def chooser(game: WireGame) -> int:
    """Who picks (first): the Defender with Edge first (K1.4), the Aggressor for Split,
    Center and Crossfire (K1.3), in The Signal the Discoverer (the Interceptor is its
    Defender, notes A96) and in The Source the Extractor, else the First Player (notes
    A84)."""
    if advantages.has(game, advantages.EDGE_FIRST):
        return advantages.defender(game)
    if kind_of(game) in WITH_ROLES or zones.mission(game) in (SIGNAL, SOURCE):
        defender = zones.defender(game)
        assert defender is not None
        return 1 - defender
    return game.state.first


def holder(game: WireGame, kind: str) -> int:
    """The side whose zones a pick names: the Aggressor's two edges in Split and its edge in
    Center (K1.3), whoever picks them (the Defender with Edge first, K1.4); else the zones of
    the side that picks (:func:`chooser`)."""
    if kind in BY_ROLE:
        defender = zones.defender(game)
        assert defender is not None
        return 1 - defender
    return chooser(game)


@dataclass(slots=True, eq=False)
class ChooseZones(Step):
    """The deployment's picks (K1.3 Deployment), then each squad's deployment edge
    (:class:`DeclareEdges`). ``picked`` are Crossfire's corners so far."""

    rule = SETUP
    picked: tuple[str, ...] = ()

    def run(self, game: WireGame, action: Action | None) -> Decision | list[Step]:
        kind = kind_of(game)
        if kind == "crossfire":
            return self._crossfire(game, action)
        side = chooser(game)
        offered = _offered(game, kind, holder(game, kind))
        if action is None:
            options = tuple(o for o, _ in offered)
            return Decision(side, options[0].kind, _PROMPTS[kind], options)
        self._settle(game, next(a for o, a in offered if o == action), side)
        return [DeclareEdges()]

    def _settle(self, game: WireGame, chosen: Assignment, side: int) -> None:
        st = game.state
        st.zones, st.edges = chosen.zones, chosen.edges
        if kind_of(game) == STANDARD:
            game.emit("edge", SETUP, (), side=side, edge=chosen.edges[side])
            return
        for s in (0, 1):
            game.emit("deployment-zone", GENERATOR, (), side=s, zones=list(chosen.zones[s]))

    def _crossfire(self, game: WireGame, action: Action | None) -> Decision | list[Step]:
        aggressor = chooser(game)
        order = (aggressor, 1 - aggressor, aggressor, 1 - aggressor)
        if action is not None:
            self.picked = (*self.picked, action.args[0])
        taken = [(a, a) for a in _crossfire(order[0]) if _crossfire_agrees(game, a, self.picked)]
        possible = [a for a, _ in _roomy(game, taken)]
        if len(self.picked) == 3 or len({a.zones for a in possible}) == 1:
            self._settle(game, possible[0], order[0])
            return [DeclareEdges()]
        side = order[len(self.picked)]
        nxt = sorted(
            {_crossfire_next(a, order[0], len(self.picked)) for a in possible},
            key=list(CORNERS).index,
        )
        options = tuple(Action("corner", (c,)) for c in nxt)
        return Decision(side, "corner", _PROMPTS["crossfire"], options)


def _offered(game: WireGame, kind: str, holder: int) -> list[tuple[Action, Assignment]]:
    """The picks with room for both squads that the loot allows; on a board so cramped that
    the loot leaves none, those with room."""
    roomy = _roomy(game, list(assignments(kind, holder)))
    return [(o, a) for o, a in roomy if _loot_allows(game, a)] or roomy


def _crossfire_next(a: Assignment, first: int, n: int) -> str:
    """The corner pick ``n`` (from 0) takes in assignment ``a``, the Aggressor being ``first``."""
    mine, theirs = a.zones[first], a.zones[1 - first]
    return (mine[0], theirs[0], mine[1])[n]


def _crossfire_agrees(game: WireGame, a: Assignment, picked: tuple[str, ...]) -> bool:
    """Whether assignment ``a`` gives the corners ``picked`` so far, in their order."""
    first = chooser(game)
    return all(_crossfire_next(a, first, n) == c for n, c in enumerate(picked))


def _radius(game: WireGame) -> float:
    return max(m.radius for m in game.models)


def edge_score(game: WireGame, action: Action) -> float:
    """How the heuristic player weighs an edge: the nearer the mission's markers, the better
    for its own edge (:func:`.zones.edge_score`), the worse for the Aggressor's edge that the
    Defender picks in Center with Edge first."""
    near = zones.edge_score(game, action)
    step = game.stack[-1] if game.stack else None
    given = isinstance(step, ChooseZones) and holder(game, kind_of(game)) != chooser(game)
    return -near if given else near


PICKS = ("corner", "flank", "split")
"""The kinds of option that pick corners (the edge picks are ``edge`` options)."""


def pick_score(game: WireGame, action: Action) -> float:
    """How the heuristic player weighs a corner pick: the nearer the mission's markers to
    the middle of the zones it gives the picker, the better (no markers: all alike)."""
    board, r = game.board, _radius(game)
    picked = action.args[1] if action.kind == "flank" else action.args[0]
    mine: Zones = (picked,)
    if action.kind == "split":
        strips = tuple(e.value for e in CORNERS[picked])
        mine = strips if holder(game, "split") == chooser(game) else (DIAGONAL[picked],)
    middles = [_middle(rect(board, z, r)) for z in mine]
    return -sum(min(math.dist(p, m) for m in middles) for _, p in zones.objectives(game))


def _middle(box: Rect) -> Point:
    return ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)


_PROMPTS = {
    STANDARD: "choose your table edge",
    "flanked": "choose the table edge and your corner on it (Flanked)",
    "corners": "choose your corner (Corners)",
    "split": "choose the two adjacent edges you deploy along, by their corner (Split)",
    "center": "choose your table edge; the Defender deploys at the centre (Center)",
    "crossfire": "choose a corner (Crossfire)",
}


@dataclass(slots=True, eq=False)
class DeclareEdges(Step):
    """A squad whose zones touch more than one edge declares one as its deployment edge, the
    First Player first (notes A98); with one possible edge it is declared for it."""

    rule = SETUP

    def run(self, game: WireGame, action: Action | None) -> Decision | list[Step]:
        st = game.state
        side = self._next(game)
        if action is not None and side is not None:
            self._declare(game, side, action.args[0])
        while (side := self._next(game)) is not None:
            touched = edges_of(st.zones[side])
            choices = [e for e in touched if loot.edge_allowed(game, e)] or touched
            if len(choices) == 1:
                self._declare(game, side, choices[0].value)
                continue
            options = tuple(Action("edge", (e.value,)) for e in choices)
            return Decision(side, "edge", "declare your deployment edge (notes A98)", options)
        return []

    @staticmethod
    def _next(game: WireGame) -> int | None:
        st = game.state
        for side in (st.first, 1 - st.first):
            if not st.edges[side] and CENTRE not in st.zones[side]:
                return side
        return None

    @staticmethod
    def _declare(game: WireGame, side: int, edge: str) -> None:
        st = game.state
        edges = list(st.edges)
        edges[side] = edge
        st.edges = (edges[0], edges[1])
        game.emit("edge", SETUP, (), side=side, edge=edge)
