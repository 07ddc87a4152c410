"""Loot Markers: their tables, placement, rounds and finds (K1.2, K1.3; notes A88, A89).

Setup option ``loot`` is a Loot Layout id of the K1.3 table or a list of points; ``none`` (the
default) puts no markers on the table. ``loot_modifier`` is a Loot Modifier id (``standard``
by default). The layouts, modifiers and the K2.1 find table are data (``data/loot.toml``).

Placement is K1.2 step 1: after the Boss roll-off and before the table edge, the Second Player
places first and the players alternate (``place-loot x,y``). Fixed points (Trail, Heavy Drop)
and listed points need no decision; they are shared out alternately all the same, since a
Decoys placer marks fakes among the markers it placed. A fixed point that terrain blocks moves
to the nearest spot where a model's base fits (K1.2 "Mission markers"). Mission objectives go
down first: a fixed or listed marker within 1" of one moves to the nearest clear spot, and a
placed one may not go there (K1.2 "Placement order"); one within 1" of an objective placed
after the loot (Sabotage's conduits) moves to the nearest clear spot then. Choices where the
notes leave the geometry open (notes A88), because the table edge is picked after the loot:

* Edge Stash: the first placer picks the stash edge (``stash-edge north``); no squad then
  deploys along it or declares it its deployment edge (:mod:`.deployment`).
* Trail: the markers run along the east-west centreline, so the deployment edges are north or
  south and the trail stays parallel to them.

Place the loot (K1.4 Setup 5, :mod:`.advantages`): the Defender places every marker of the
layout (or every listed point) itself, anywhere clear of impassable terrain and 1"+ from the
objectives; it picks an Edge Stash's edge and marks every fake.

Decoys (notes A89): half the markers, rounded down, are fake; once all are down each placer,
Second Player first, marks its share (``decoy L3``): the Second Player half the fakes rounded
up, the First Player the rest. Each side's marks are its secret until a Search reveals them
(:mod:`.decoys`).

A marker is a point, not a body: models move and stand over it. The Search action and the
rolls on its find table are :mod:`.search`; what it found is kept per side, with the
searcher, for the post-game (:func:`findings`). Contaminated: every model that completed a
Search loses 1 Health at the start of each later round (notes A89); Timed: the markers go at
the end of Round 4.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision, PointSpec
from skirmish.engine.ruleset import Marker
from skirmish.engine.step import Step
from skirmish.errors import SkirmishError, quoted
from skirmish.geometry.board import Board, Edge
from skirmish.geometry.terrain import Movement
from skirmish.rulesets.sacred_wire.ai.lure import Lure
from skirmish.rulesets.sacred_wire.base import catalog_of
from skirmish.rulesets.sacred_wire.game import casualties
from skirmish.rulesets.sacred_wire.game.model import WireModel
from skirmish.rulesets.sacred_wire.game.space import base_fits, in_play, nearest_spots, point_gap
from skirmish.rulesets.sacred_wire.game.state import LootMarker
from skirmish.rulesets.sacred_wire.missions import advantages, solo
from skirmish.rulesets.sacred_wire.missions.generator import GENERATOR
from skirmish.rulesets.sacred_wire.missions.zones import SETUP
from skirmish.rulesets.sacred_wire.rules_data.loot_tables import (
    MAX_MARKERS,
    FindKind,
    Layout,
    LootModifier,
    LootTables,
    Shape,
)

if TYPE_CHECKING:
    from skirmish.geometry.shapes import Point
    from skirmish.rulesets.sacred_wire.game.state import WireGame

REACH = 1.0  # C4.3: a model Searches a marker within 1"
OBJECTIVE_GAP = 1.0  # K1.2: loot within 1" of a mission objective moves clear of it
STANDARD = "standard"  # the Loot Modifier that changes nothing, the default
EPS = 1e-9  # "within" and "or more" are inclusive; points are kept to 0.01"
_GRID = 0.5  # spacing of candidate placement points
_NUDGE_REACH = 12.0  # how far a marker may move to a clear spot
_NUDGE_ANGLES = 32  # points on each ring searched for a clear spot


# --- setup options ------------------------------------------------------------------------------


def normalize(options: dict[str, Any], board: Board, tables: LootTables) -> dict[str, Any]:
    """The ``loot`` and ``loot_modifier`` setup options, checked, with their defaults.

    Raises:
        SkirmishError: an unknown layout or modifier, or a listed point that is not usable.
    """
    spec = options.get("loot", "none")
    modifier = options.get("loot_modifier", STANDARD)
    if modifier not in [m.id for m in tables.modifiers]:
        known = ", ".join(m.id for m in tables.modifiers)
        raise SkirmishError(
            f"loot_modifier: unknown Loot Modifier {quoted(modifier)}; known: {known}"
        )
    if spec in ("none", []) and modifier != STANDARD:
        raise SkirmishError(
            f"loot_modifier {modifier!r} needs Loot Markers to modify (-o loot=..., K1.3)"
        )
    if isinstance(spec, str):
        if spec not in [x.id for x in tables.layouts]:
            known = ", ".join(x.id for x in tables.layouts)
            raise SkirmishError(f"loot: unknown Loot Layout {quoted(spec)}; known: {known}")
        return {"loot": spec, "loot_modifier": modifier}
    if not isinstance(spec, list | tuple):
        raise SkirmishError(
            f"loot: a Loot Layout id or a list of [x, y] points, not {quoted(spec)}"
        )
    if len(spec) > MAX_MARKERS:
        raise SkirmishError(f"loot: at most {MAX_MARKERS} Loot Markers (C1.8), got {len(spec)}")
    return {
        "loot": [_listed_point(board, n, p) for n, p in enumerate(spec, 1)],
        "loot_modifier": modifier,
    }


def _listed_point(board: Board, n: int, raw: Any) -> list[float]:
    numbers = isinstance(raw, list | tuple) and len(raw) == 2
    if not numbers or not all(_finite(v) for v in raw):
        raise SkirmishError(f"loot: point {n} must be [x, y] in inches, got {quoted(raw)}")
    point = (float(raw[0]), float(raw[1]))
    why = blocked(board, point)
    if why is not None:
        raise SkirmishError(f"loot: point {n} {list(point)} is {why}")
    return list(point)


def _finite(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def in_game(setup: dict[str, Any]) -> bool:
    """Whether a normalized setup puts Loot Markers on the table."""
    return setup.get("loot", "none") not in ("none", [])


def layout_of(game: WireGame) -> Layout | None:
    """The game's Loot Layout, or None when the markers are listed points."""
    spec = game.setup["loot"]
    return catalog_of(game).loot.layout(spec) if isinstance(spec, str) else None


def modifier_of(game: WireGame) -> LootModifier:
    """The game's Loot Modifier."""
    return catalog_of(game).loot.modifier(game.setup["loot_modifier"])


# --- where markers may go -----------------------------------------------------------------------


def blocked(board: Board, p: Point) -> str | None:
    """Why a marker cannot stand at ``p``: off the board or inside impassable terrain."""
    x, y = p
    if not (0.0 <= x <= board.width and 0.0 <= y <= board.height):
        return "off the board"
    for piece in board.terrain:
        if piece.movement is Movement.IMPASSABLE and piece.contains(p):
            return f"inside impassable terrain ({piece.id})"
    return None


def _objectives(game: WireGame) -> list[Point]:
    """Mission objectives on the table (the ruleset's markers of kind ``objective``), which
    are placed before the loot (K1.2 "Placement order")."""
    return [mk.point for mk in game.ruleset.markers(game) if mk.kind == "objective"]


def _near_objective(game: WireGame, p: Point) -> bool:
    return any(math.dist(p, q) <= OBJECTIVE_GAP + EPS for q in _objectives(game))


def _centre(board: Board) -> Point:
    return (board.width / 2, board.height / 2)


def _edge_gap(board: Board, p: Point, edge: Edge) -> float:
    return board.distance_to_edge(p, 0.0, edge)


def place_error(game: WireGame, p: Point) -> str | None:
    """Why the next placed marker cannot go at ``p`` under the game's layout (K1.3), or None."""
    layout = layout_of(game)
    board = game.board
    why = blocked(board, p)
    if why is not None:
        return f"the point is {why}"
    if _near_objective(game, p):
        return f'the point is within {OBJECTIVE_GAP:g}" of a mission objective (K1.2)'
    if layout is None or free(game):
        return None
    if layout.shape is Shape.SCATTERED:
        edge = min(Edge, key=lambda e: _edge_gap(board, p, e))
        if _edge_gap(board, p, edge) < layout.edge_gap - EPS:
            return (
                f'a Scattered marker goes {layout.edge_gap:g}" or more from every edge; this '
                f'point is {_edge_gap(board, p, edge):.2f}" from the {edge} edge'
            )
        for mk in game.state.loot:
            if math.dist(p, mk.point) < layout.apart - EPS:
                return (
                    f'a Scattered marker goes {layout.apart:g}" or more from the others; this '
                    f'point is {math.dist(p, mk.point):.2f}" from {mk.marker}'
                )
    elif layout.shape is Shape.CENTRE:
        if math.dist(p, _centre(board)) > layout.radius + EPS:
            return (
                f'a Central Cache marker goes within {layout.radius:g}" of the centre; this '
                f'point is {math.dist(p, _centre(board)):.2f}" from it'
            )
    elif layout.shape is Shape.EDGE:
        edge = _stash_edge(game)
        if _edge_gap(board, p, edge) > layout.depth + EPS:
            return (
                f'an Edge Stash marker goes within {layout.depth:g}" of the {edge} edge; this '
                f'point is {_edge_gap(board, p, edge):.2f}" from it'
            )
    return None


def _stash_edge(game: WireGame) -> Edge:
    """The edge of the Edge Stash, picked by the first placer (notes A88)."""
    return Edge(game.state.stash_edge)


def _region(game: WireGame) -> tuple[float, float, float, float]:
    """The box the next placed marker must lie in (x0, y0, x1, y1)."""
    layout = layout_of(game)
    w, h = game.board.width, game.board.height
    if layout is None or free(game):
        return (0.0, 0.0, w, h)
    if layout.shape is Shape.SCATTERED:
        g = layout.edge_gap
        return (g, g, w - g, h - g)
    if layout.shape is Shape.CENTRE:
        (cx, cy), r = _centre(game.board), layout.radius
        return (cx - r, cy - r, cx + r, cy + r)
    d = layout.depth
    return {
        Edge.SOUTH: (0.0, 0.0, w, d),
        Edge.NORTH: (0.0, h - d, w, h),
        Edge.WEST: (0.0, 0.0, d, h),
        Edge.EAST: (w - d, 0.0, w, h),
    }[_stash_edge(game)]


def _grid(game: WireGame) -> Iterator[Point]:
    """Valid points for the next placed marker, on a 0.5" grid."""
    x0, y0, x1, y1 = _region(game)
    nx, ny = int((x1 - x0) / _GRID + EPS), int((y1 - y0) / _GRID + EPS)
    for i in range(nx + 1):
        for j in range(ny + 1):
            p = (round(x0 + i * _GRID, 2), round(y0 + j * _GRID, 2))
            if place_error(game, p) is None:
                yield p


def candidate_points(game: WireGame) -> list[Point]:
    """Valid points for the next placed marker, on a 0.5" grid (AIs rank them)."""
    return list(_grid(game))


def sample_point(game: WireGame, uniform: Callable[[], float]) -> Point | None:
    """A random valid point for the next placed marker (the random player's choice)."""
    x0, y0, x1, y1 = _region(game)
    for _ in range(20):
        p = (round(x0 + (x1 - x0) * uniform(), 2), round(y0 + (y1 - y0) * uniform(), 2))
        if place_error(game, p) is None:
            return p
    choices = candidate_points(game)
    return choices[int(uniform() * len(choices))] if choices else None


def fixed_points(board: Board, layout: Layout) -> list[Point]:
    """Where a fixed layout's markers go before any nudge (notes A88)."""
    cx, cy = _centre(board)
    if layout.shape is Shape.CENTRELINE:
        n = layout.markers
        return [(round(board.width * k / (n + 1), 2), cy) for k in range(1, n + 1)]
    d = layout.radius / math.sqrt(2.0)
    corners = [(sx, sy) for sy in (-1, 1) for sx in (-1, 1)]
    return [(cx, cy), *((round(cx + sx * d, 2), round(cy + sy * d, 2)) for sx, sy in corners)]


def nearest_clear(game: WireGame, p: Point, base: bool = True) -> Point | None:
    """``p`` or, if it is not clear, the nearest clear spot (K1.2 "as close as possible",
    :func:`.space.nearest_spots`); None if there is none within 12". Clear: more than 1" from
    every mission objective, not in impassable terrain and, with ``base``, where a model's
    base fits."""

    def fits(q: Point) -> bool:
        if _near_objective(game, q) or blocked(game.board, q) is not None:
            return False
        return not base or base_fits(game, q)

    spots = nearest_spots(p, fits, _NUDGE_REACH, _NUDGE_ANGLES)
    return spots[0] if spots else None


def shift_clear(game: WireGame) -> None:
    """A mission objective placed after the loot (Sabotage's conduits): each Loot Marker
    within 1" of one moves to the nearest clear spot (K1.2 placement order,
    :func:`nearest_clear`); with none, it goes off the table."""
    st = game.state
    kept = []
    for mk in st.loot:
        if not _near_objective(game, mk.point):
            kept.append(mk)
            continue
        spot = nearest_clear(game, mk.point)
        if spot is None:
            game.emit("loot-no-room", SETUP, (), marker=mk.marker)
            continue
        level = game.board.surface_at(spot) or ""
        kept.append(replace(mk, x=spot[0], y=spot[1], level=level))
        game.emit("loot-shifted", SETUP, (), marker=mk.marker, to=[spot[0], spot[1]])
    st.loot = tuple(kept)


def edge_allowed(game: WireGame, edge: Edge) -> bool:
    """Whether the loot lets ``edge`` be a squad's deployment edge (notes A88): a Trail runs
    parallel to the deployment edges, and no squad deploys along an Edge Stash's edge."""
    layout = layout_of(game) if in_game(game.setup) else None
    if layout is not None and layout.shape is Shape.CENTRELINE:
        return edge in (Edge.NORTH, Edge.SOUTH)
    return strip_allowed(game, edge)


def strip_allowed(game: WireGame, edge: Edge) -> bool:
    """Whether a squad may deploy along ``edge``: not an Edge Stash's edge (notes A88)."""
    layout = layout_of(game) if in_game(game.setup) else None
    return layout is None or layout.shape is not Shape.EDGE or edge is not _stash_edge(game)


# --- placing the markers ------------------------------------------------------------------------


def free(game: WireGame) -> bool:
    """Place the loot (K1.4 Setup 5): the Defender places every marker, free of the layout's
    limits."""
    return advantages.has(game, advantages.PLACE_LOOT)


def _placer(game: WireGame, index: int) -> int:
    """Who places marker ``index`` (from 0): the Second Player first, then alternately; the
    Defender every one with Place the loot (K1.4); a solo game's squad every one (X1)."""
    if solo.played(game.setup):
        return 0
    if free(game):
        return advantages.defender(game)
    first = game.state.first
    return 1 - first if index % 2 == 0 else first


def _put(game: WireGame, p: Point, nudged_from: Point | None = None) -> None:
    st = game.state
    side = _placer(game, len(st.loot))
    marker = f"L{len(st.loot) + 1}"
    st.loot = (*st.loot, LootMarker(marker, p[0], p[1], game.board.surface_at(p) or "", side))
    st.laid += 1
    data: dict[str, Any] = {"marker": marker, "side": side, "at": [p[0], p[1]]}
    if nudged_from is not None:
        data["nudged_from"] = [nudged_from[0], nudged_from[1]]
    game.emit("loot-placed", GENERATOR, (), **data)


def _put_near(game: WireGame, p: Point, base: bool) -> None:
    """A marker at ``p`` or the nearest clear spot; none if there is no clear spot."""
    spot = nearest_clear(game, p, base)
    if spot is None:
        game.emit("loot-no-room", GENERATOR, (), marker=f"L{len(game.state.loot) + 1}")
    else:
        _put(game, spot, None if spot == p else p)


def decoy_share(game: WireGame, side: int) -> int:
    """How many fakes ``side`` marks: half the markers rounded down in all, the Second
    Player's share rounded up (notes A89); all of them by the Defender who placed them all
    (K1.4)."""
    total = game.state.laid // 2
    if free(game):
        return total if side == advantages.defender(game) else 0
    return (total + 1) // 2 if side != game.state.first else total // 2


@dataclass(slots=True, eq=False)
class PlaceLoot(Step):
    """K1.2 step 1: the Loot Markers of the layout go on the table, then Decoys are marked."""

    rule = SETUP
    stage: str = "start"

    def run(self, game: WireGame, action: Action | None) -> Decision | list[Step]:
        if not in_game(game.setup):
            return []
        if action is not None:
            self._answer(game, action)
        if self.stage == "start":
            self.stage = "place"
            ask = self._lay_out(game)
            if ask is not None:
                return ask
        if self.stage == "place":
            ask = self._next_placement(game)
            if ask is not None:
                return ask
            self.stage = "decoys"
        return self._next_decoy(game)

    def point_error(self, game: WireGame, action: Action) -> str | None:
        assert action.point is not None
        return place_error(game, action.point)

    def _answer(self, game: WireGame, action: Action) -> None:
        st = game.state
        if action.kind == "stash-edge":
            st.stash_edge = action.args[0]
            game.emit("stash-edge", GENERATOR, (), side=_placer(game, 0), edge=st.stash_edge)
        elif action.kind == "place-loot":
            assert action.point is not None
            _put(game, action.point)
        else:
            mine = action.args[0]
            st.loot = tuple(replace(mk, decoy=True) if mk.marker == mine else mk for mk in st.loot)
            side = next(mk.side for mk in st.loot if mk.marker == mine)
            game.emit(
                "decoy-marked",
                GENERATOR,
                (),
                audience=(side,),
                secret=("marker",),
                side=side,
                marker=mine,
            )

    def _lay_out(self, game: WireGame) -> Decision | None:
        """Listed and fixed points go down at once; an Edge Stash first needs its edge."""
        layout = layout_of(game)
        if free(game) and (layout is None or layout.shape is not Shape.EDGE):
            return None  # the Defender places them all (K1.4)
        if layout is None:
            # Listed points were checked against the terrain; only objectives move them.
            for x, y in game.setup["loot"]:
                _put_near(game, (x, y), base=False)
            return None
        if layout.shape in (Shape.CENTRELINE, Shape.DROP):
            for p in fixed_points(game.board, layout):
                _put_near(game, p, base=True)
            return None
        if layout.shape is Shape.EDGE:
            side = _placer(game, 0)
            options = tuple(Action("stash-edge", (e.value,)) for e in Edge)
            return Decision(side, "stash-edge", "choose the edge of the Edge Stash", options)
        return None

    def _next_placement(self, game: WireGame) -> Decision | None:
        layout = layout_of(game)
        st = game.state
        placed = free(game) or (layout is not None and layout.shape.placed)
        if not placed or len(st.loot) >= _count(game):
            return None
        if next(_grid(game), None) is None:
            game.emit("loot-no-room", GENERATOR, (), marker=f"L{len(st.loot) + 1}")
            return None
        side = _placer(game, len(st.loot))
        hint = _hint(game)
        spec = PointSpec("place-loot", (), hint)
        return Decision(side, "place-loot", f"place Loot Marker L{len(st.loot) + 1}", (), (spec,))

    def _next_decoy(self, game: WireGame) -> Decision | list[Step]:
        st = game.state
        if not modifier_of(game).decoys:
            return []
        for side in (1 - st.first, st.first):
            mine = [mk for mk in st.loot if mk.side == side]
            if sum(1 for mk in mine if mk.decoy) < decoy_share(game, side):
                options = tuple(Action("decoy", (mk.marker,)) for mk in mine if not mk.decoy)
                return Decision(side, "decoy", "mark one of your Loot Markers as a decoy", options)
        return []


def _count(game: WireGame) -> int:
    """How many markers go down: the layout's, or the listed points'."""
    layout = layout_of(game)
    return len(game.setup["loot"]) if layout is None else layout.markers


def _hint(game: WireGame) -> str:
    layout = layout_of(game)
    if free(game) or layout is None:
        return 'a point clear of terrain, 1"+ from the objectives (Place the loot, K1.4)'
    if layout.shape is Shape.SCATTERED:
        return (
            f'a point {layout.edge_gap:g}"+ from every edge and {layout.apart:g}"+ from the others'
        )
    if layout.shape is Shape.CENTRE:
        return f'a point within {layout.radius:g}" of the centre'
    return f'a point within {layout.depth:g}" of the {_stash_edge(game)} edge'


# --- what Searches found ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Finding:
    """One thing a squad found by Search (K2.1), for the post-game: ``amount`` subs, Evidence
    (unrecorded, K2.3), Leads or Merits (the searcher's, K3.1), or one ``item`` by its
    catalogue name. ``model`` is the searcher, ``round`` when it searched."""

    side: int
    model: str
    round: int
    kind: FindKind
    amount: int
    item: str = ""


def findings(game: WireGame, side: int) -> tuple[Finding, ...]:
    """What ``side`` found by Search or Interrogate this game, in the order it was found."""
    return tuple(
        Finding(f.side, f.searcher, f.round, FindKind(f.kind), f.amount, f.item)
        for f in game.state.finds
        if f.side == side
    )


# --- the Loot Modifier at the edges of rounds ---------------------------------------------------


def contamination(game: WireGame) -> list[Step]:
    """Contaminated: every model that completed a Search in an earlier round loses Health at
    the start of this one (K1.3, notes A89), not one that only Interrogated (K2.2) or made the
    free search, which searches no marker (K1.4 Tactical 6); the steps its losses set off."""
    damage = modifier_of(game).carrier_damage
    st = game.state
    if not damage:
        return []
    searched: dict[str, int] = {}
    for find in st.finds:
        if not find.rule:  # a Search's at a marker
            searched.setdefault(find.searcher, find.round)
    steps: list[Step] = []
    for m in in_play(game):
        if m.id in searched and searched[m.id] < st.round:
            steps += casualties.wound(game, m, damage, GENERATOR, source="Contaminated")
    return steps


@dataclass(slots=True, eq=False)
class ExpireLoot(Step):
    """Timed: every Loot Marker left is removed at the end of the round (K1.3)."""

    rule = GENERATOR

    def run(self, game: WireGame, action: Action | None) -> Decision | list[Step]:
        st = game.state
        if st.loot and modifier_of(game).expires_after_round == st.round:
            st.loot = ()
            game.emit("loot-expired", GENERATOR, (), round=st.round)
        return []


# --- what others read ---------------------------------------------------------------------------


def table_markers(game: WireGame) -> tuple[Marker, ...]:
    """Loot Markers and dropped weapons on the table, for drawing."""
    st = game.state
    loot = (Marker(mk.point, mk.marker, "loot") for mk in st.loot)
    dropped = (Marker(d.point, d.marker, "weapon") for d in st.dropped)
    return (*loot, *dropped)


def lure(game: WireGame, m: WireModel, within: float = 12.0) -> Lure | None:
    """What the heuristic player sees in moving ``m`` toward the nearest Loot Marker within
    ``within`` (:class:`.Lure`: ending within reach of it, it may Search, C4.3); None with no
    marker that near."""
    spots = [(mk.point, mk.level or None) for mk in game.state.loot]
    if not spots:
        return None
    before = min(point_gap(game, m, p, level) for p, level in spots)
    if before > within:
        return None
    return Lure(
        lambda ghost: min(point_gap(game, ghost, p, level) for p, level in spots),
        before,
        REACH,
        0.0,
    )
