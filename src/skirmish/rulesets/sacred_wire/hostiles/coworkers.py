"""Coworkers in play (I8.1, K1.2, K1.3): a fourth faction the rules play, placed at setup.

Setup options: ``coworkers`` (``none``, the default; ``random``; or a Coworker Setup id such as
``swarm-centre``) and ``coworker_modifier`` (``random``, the default with Coworkers, or a
Coworker Modifier id such as ``skittish``). The Signal has none (notes A96).

Setup (K1.2 step 2, after the Loot Markers): the Coworker Setup row gives the tier, whose d2
picks the unit (notes A91); a "2+2" unit comes as two groups, one activation token each. The
players place the Coworkers in turn, the First Player first (``place-coworker C1 x,y``), each
base where the row says: near the centre, near a Loot Marker (the centre when there is none),
or anywhere 6"+ from the edges, never within 1" of a mission objective (K1.2 placement order);
a Sabotage conduit, placed later, moves those within 1" of it to the nearest clear spot.
At a random edge nothing is left to choose: they stand as near its middle as room allows, like
a spawn (notes A54, A91).

In play (I8.1, notes A42): a Coworker is an enemy of every squad and of the hostiles, but one
not marked Hostile (a bystander, :func:`.space.bystander`) Engages nobody. It is marked when
it is attacked (by anyone), when a Grudge Holder resists an Interrogate, and, Claustrophobic,
when 2+ models stand within 1" of it after a move (notes A92); marked, it reads the Attacked
table and treats every other model as an enemy. Cooperate lasts through the end of the next
round (notes A94). The Interrogate action is :mod:`.interrogation`.

With Place the Coworkers (K1.4 Setup 6) the Defender places every one, anywhere its base fits
1"+ from the objectives, a random-edge row included.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision, PointSpec
from skirmish.engine.step import Step
from skirmish.errors import SkirmishError
from skirmish.geometry.board import Edge
from skirmish.geometry.shapes import Point
from skirmish.rulesets.sacred_wire.ai.lure import Lure
from skirmish.rulesets.sacred_wire.base import catalog_of
from skirmish.rulesets.sacred_wire.game.model import WireModel
from skirmish.rulesets.sacred_wire.game.space import (
    COWORKERS,
    gap,
    in_play,
    placement_problem,
)
from skirmish.rulesets.sacred_wire.hostiles.arrival import (
    RANDOM,
    add_unit,
    chosen_row,
    free_spot,
    random_edge,
)
from skirmish.rulesets.sacred_wire.hostiles.behaviour import COWORKERS as COWORKER_RULE
from skirmish.rulesets.sacred_wire.hostiles.spawning import roll_unit
from skirmish.rulesets.sacred_wire.missions import advantages, solo, zones
from skirmish.rulesets.sacred_wire.missions.generator import SIGNAL
from skirmish.rulesets.sacred_wire.rolls.contest import LoggedDice
from skirmish.rulesets.sacred_wire.rules_data.hostile_tables import Faction, HostileUnit
from skirmish.rulesets.sacred_wire.rules_data.mission_tables import Entry, MissionTables, Placing

if TYPE_CHECKING:
    from skirmish.rulesets.sacred_wire.game.state import WireGame

OPTIONS = ("coworkers", "coworker_modifier")
NONE = "none"
SETUP = "K1.2"
GENERATOR = "K1.3"
FACTION = "coworkers"
PLACE = "place-coworker"
OBJECTIVE_GAP = 1.0  # K1.2: nothing within 1" of a mission objective
CROWD = 2  # Claustrophobic: 2+ models within 1" (notes A92)
NEAR = 1.0
QUIET = 12.0  # the heuristic leans toward a Coworker this near
EPS = 1e-9
_GRID = 0.5  # spacing of candidate placement points

STANDARD = "standard"
SKITTISH = "skittish"
BUDDY_SYSTEM = "buddy-system"
GRUDGE_HOLDER = "grudge-holder"
TALKATIVE = "talkative"
CLAUSTROPHOBIC = "claustrophobic"


# --- setup options ------------------------------------------------------------------------------


def choices(tables: MissionTables) -> dict[str, tuple[str, ...]]:
    """The values each Coworker option takes: the Coworker Setup and Modifier rows' ids."""
    return {
        "coworkers": (NONE, RANDOM, *(e.id for e in tables.table("coworker_setup").entries)),
        "coworker_modifier": (
            RANDOM,
            *(e.id for e in tables.table("coworker_modifier").entries),
        ),
    }


def normalize(options: dict[str, Any], tables: MissionTables) -> dict[str, Any]:
    """The Coworker options, checked against the Coworker Setup and Modifier tables.

    Raises:
        SkirmishError: an unknown row, a modifier without Coworkers, or Coworkers in The Signal.
    """
    known = choices(tables)
    setup = options.get("coworkers", NONE)
    if setup not in known["coworkers"]:
        raise SkirmishError(
            f"coworkers: no Coworker Setup {setup!r}; choose one of {', '.join(known['coworkers'])}"
        )
    if setup == NONE:
        if options.get("coworker_modifier", NONE) != NONE:
            raise SkirmishError("coworker_modifier: no Coworkers play (set coworkers)")
        return {"coworkers": NONE, "coworker_modifier": NONE}
    if options.get("mission") == SIGNAL:
        raise SkirmishError("coworkers: The Signal is played without Coworkers (notes A96)")
    modifier = options.get("coworker_modifier", RANDOM)
    if modifier not in known["coworker_modifier"]:
        listed = ", ".join(known["coworker_modifier"])
        raise SkirmishError(f"coworker_modifier: no modifier {modifier!r}; choose one of {listed}")
    return {"coworkers": setup, "coworker_modifier": modifier}


def in_game(setup: dict[str, Any]) -> bool:
    """Whether Coworkers play in a game of this setup."""
    return str(setup.get("coworkers", NONE)) != NONE


def opening(game: WireGame) -> list[Step]:
    """The Coworkers' part of the setup (K1.2 step 2): the rows rolled, the models placed."""
    return [CoworkerSetup(), PlaceCoworkers()] if in_game(game.setup) else []


def faction_of(game: WireGame) -> Faction:
    """The Coworkers' table and units (I8.1)."""
    return catalog_of(game).hostiles.faction(FACTION)


def modifier(game: WireGame) -> str:
    """The game's Coworker Modifier id ("" without Coworkers)."""
    return game.state.coworker_modifier


def setup_row(game: WireGame) -> Entry:
    """The game's Coworker Setup row."""
    return catalog_of(game).missions.table("coworker_setup").get(game.state.coworker_setup)


# --- the setup steps ----------------------------------------------------------------------------


@dataclass(slots=True, eq=False)
class CoworkerSetup(Step):
    """The Coworker Setup and Coworker Modifier rows (rolled when the setup says ``random``),
    the d2 of the row's tier (notes A91) and the Coworkers made, one group per token; at a
    random edge they are placed at once (K1.3, notes A91)."""

    rule = GENERATOR

    def run(self, game: WireGame, action: Action | None) -> Decision | list[Step]:
        st = game.state
        tables = catalog_of(game).missions
        st.coworker_setup = chosen_row(game, tables, "coworker_setup", game.setup["coworkers"])
        st.coworker_modifier = chosen_row(
            game, tables, "coworker_modifier", game.setup["coworker_modifier"]
        )
        row = setup_row(game)
        faction = faction_of(game)
        _, unit = roll_unit(faction, row.tier, LoggedDice(game, GENERATOR))
        game.emit(
            "coworkers",
            GENERATOR,
            (),
            setup=row.name,
            modifier=tables.table("coworker_modifier").get(st.coworker_modifier).name,
            unit=unit.name,
            groups=unit.spawn,
        )
        for n, size in enumerate(unit.groups, 1):
            for _ in range(size):
                add_coworker(game, unit, f"CW{n}")
        placing = row.placing
        if placing is not None and placing.near == "edge" and not free(game):
            _at_edge(game)
        return []


def add_coworker(game: WireGame, unit: HostileUnit, group: str) -> WireModel:
    """A new Coworker of ``unit`` in ``group``, not yet placed (``C1``, ``C2``...)."""
    return add_unit(game, COWORKERS, unit, group, (-1.0, -1.0))


def waiting(game: WireGame) -> list[WireModel]:
    """The Coworkers not yet placed, in order."""
    return [m for m in game.models if m.side == COWORKERS and not m.deployed and not m.removed]


def _at_edge(game: WireGame) -> None:
    """A random edge (K1.3): each Coworker on the free spot nearest its middle (notes A54)."""
    edge = random_edge(game, list(Edge))
    point = game.board.edge_contact(zones.centre(game), 0.0, edge)
    game.emit("coworker-edge", GENERATOR, (), edge=edge.value)
    for m in waiting(game):
        spot = free_spot(game, point, m.radius)
        if spot is None:
            m.removed = "no-room"
            game.emit("coworker-no-room", SETUP, (m.id,))
            continue
        _stand(game, m, spot)


def shift_clear(game: WireGame) -> None:
    """A mission objective placed after the Coworkers (Sabotage's conduits): each Coworker
    within 1" of one moves to the nearest clear spot, found as a spawn's is (K1.2 placement
    order, notes A54); with none, it goes off the table."""
    for m in [c for c in in_play(game) if c.side == COWORKERS]:
        if _clear_of_objectives(game, m.pos, m.radius) is None:
            continue
        spot = free_spot(game, m.pos, m.radius, moving=m)
        if spot is None:
            m.removed = "no-room"
            game.emit("coworker-no-room", SETUP, (m.id,))
            continue
        m.x, m.y = spot
        m.level = game.board.surface_at(spot)
        game.emit("coworker-shifted", SETUP, (m.id,), to=[round(spot[0], 2), round(spot[1], 2)])


def _stand(game: WireGame, m: WireModel, p: Point) -> None:
    m.x, m.y = p
    m.level = game.board.surface_at(p)
    game.emit("coworker-placed", SETUP, (m.id,), at=[round(p[0], 2), round(p[1], 2)])


@dataclass(slots=True, eq=False)
class PlaceCoworkers(Step):
    """The players place the Coworkers in turn, the First Player first (K1.2); one that no
    spot takes stays off the table. Claustrophobic Coworkers are judged once all stand."""

    rule = SETUP

    def run(self, game: WireGame, action: Action | None) -> Decision | list[Step]:
        if action is not None:
            assert action.point is not None
            _stand(game, game.model(action.args[0]), action.point)
        for m in waiting(game):
            if next(_grid(game, m), None) is None:
                m.removed = "no-room"
                game.emit("coworker-no-room", SETUP, (m.id,))
                continue
            hint = f"a point {_zone_text(game)}"
            spec = PointSpec(PLACE, (m.id,), hint)
            return Decision(placer(game), PLACE, f"place a Coworker ({m.name})", (), (spec,))
        crowding(game)
        return []

    def point_error(self, game: WireGame, action: Action) -> str | None:
        assert action.point is not None
        return place_error(game, game.model(action.args[0]), action.point)


def free(game: WireGame) -> bool:
    """Place the Coworkers (K1.4 Setup 6): the Defender places every one, free of the row's
    limits."""
    return advantages.has(game, advantages.PLACE_COWORKERS)


def placer(game: WireGame) -> int:
    """Who places the next Coworker: the First Player first, then alternately (K1.2); the
    Defender every one with Place the Coworkers (K1.4); a solo game's squad every one (X1)."""
    if solo.played(game.setup):
        return 0
    if free(game):
        return advantages.defender(game)
    st = game.state
    placed = sum(1 for m in game.models if m.side == COWORKERS and m.deployed)
    return st.first if placed % 2 == 0 else 1 - st.first


# --- where a Coworker may stand -----------------------------------------------------------------


def _anchors(game: WireGame, placing: Placing) -> list[Point]:
    """The points a row measures from: the centre, or every Loot Marker (none: the centre)."""
    if placing.near == "loot" and game.state.loot:
        return [mk.point for mk in game.state.loot]
    return [zones.centre(game)]


def _zone_text(game: WireGame) -> str:
    placing = setup_row(game).placing
    assert placing is not None
    if free(game):
        return "anywhere its base fits (Place the Coworkers, K1.4)"
    if placing.near == "table":
        return f'{placing.edge_gap:g}" or more from every edge'
    what = "a Loot Marker" if placing.near == "loot" and game.state.loot else "the centre"
    if placing.beyond:
        return f'{placing.beyond:g}" to {placing.within:g}" from {what}'
    return f'within {placing.within:g}" of {what}'


def place_error(game: WireGame, m: WireModel, p: Point) -> str | None:
    """Why Coworker ``m`` cannot be placed at ``p`` (K1.2, K1.3, notes A91), or None."""
    if m.side != COWORKERS or m.deployed:
        return f"{m.label} is no Coworker waiting to be placed"
    placing = setup_row(game).placing
    assert placing is not None
    board, r = game.board, m.radius
    if not board.on_table(p, r):
        return "the base would be off the table"
    if free(game):
        return _clear_of_objectives(game, p, r) or placement_problem(
            game, m, p, board.surface_at(p)
        )
    reach = min((math.dist(p, a) - r for a in _anchors(game, placing)), default=0.0)
    where = _zone_text(game)
    if placing.within and reach > placing.within + EPS:
        return f'the base must be {where} (K1.3); it would be {reach:.2f}" away'
    if placing.beyond and reach < placing.beyond - EPS:
        return f'the base must be {where} (K1.3); it would be {reach:.2f}" away'
    edge = min(Edge, key=lambda e: board.distance_to_edge(p, r, e))
    if board.distance_to_edge(p, r, edge) < placing.edge_gap - EPS:
        return f"the base must be {where} (K1.3); it would be nearer the {edge.value} edge"
    return _clear_of_objectives(game, p, r) or placement_problem(game, m, p, board.surface_at(p))


def _clear_of_objectives(game: WireGame, p: Point, r: float) -> str | None:
    """Why a base at ``p`` would be within 1" of a mission objective (K1.2), or None."""
    for marker, q in zones.objectives(game):
        if math.dist(p, q) - r < OBJECTIVE_GAP - EPS:
            return f'the base would be within {OBJECTIVE_GAP:g}" of the objective {marker} (K1.2)'
    return None


def _box(game: WireGame, m: WireModel) -> tuple[float, float, float, float]:
    """The box every legal centre of ``m`` lies in (x0, y0, x1, y1)."""
    placing = setup_row(game).placing
    assert placing is not None
    w, h, r = game.board.width, game.board.height, m.radius
    if free(game):
        return (r, r, w - r, h - r)
    if placing.near == "table":
        g = placing.edge_gap + r
        return (g, g, w - g, h - g)
    reach = placing.within + r
    points = _anchors(game, placing)
    x0 = max(r, min(x for x, _ in points) - reach)
    y0 = max(r, min(y for _, y in points) - reach)
    x1 = min(w - r, max(x for x, _ in points) + reach)
    y1 = min(h - r, max(y for _, y in points) + reach)
    return (x0, y0, x1, y1)


def _grid(game: WireGame, m: WireModel) -> Iterator[Point]:
    """Legal spots for ``m`` on a 0.5" grid."""
    x0, y0, x1, y1 = _box(game, m)
    nx, ny = int((x1 - x0) / _GRID + EPS), int((y1 - y0) / _GRID + EPS)
    for i in range(nx + 1):
        for j in range(ny + 1):
            p = (round(x0 + i * _GRID, 2), round(y0 + j * _GRID, 2))
            if place_error(game, m, p) is None:
                yield p


def candidate_points(game: WireGame, spec: PointSpec) -> list[Point]:
    """Legal spots for the Coworker ``spec`` places, on a 0.5" grid (AIs rank them)."""
    return list(_grid(game, game.model(spec.args[0])))


def sample_point(game: WireGame, spec: PointSpec, uniform: Callable[[], float]) -> Point | None:
    """A random legal spot for the Coworker ``spec`` places (the random player's choice)."""
    m = game.model(spec.args[0])
    x0, y0, x1, y1 = _box(game, m)
    for _ in range(20):
        p = (round(x0 + (x1 - x0) * uniform(), 2), round(y0 + (y1 - y0) * uniform(), 2))
        if place_error(game, m, p) is None:
            return p
    spots = candidate_points(game, spec)
    return spots[int(uniform() * len(spots))] if spots else None


# --- marked Hostile, Cooperate, Claustrophobic ---------------------------------------------------


def mark(game: WireGame, m: WireModel, why: str, rule: str = COWORKER_RULE) -> None:
    """Mark Coworker ``m`` Hostile (I8.1): from now on it reads the Attacked table."""
    if m.side != COWORKERS or m.marked:
        return
    m.marked = True
    game.emit("coworker-hostile", rule, (m.id,), why=why)


def cooperate(game: WireGame, m: WireModel) -> None:
    """Cooperate (I8.1): Interrogations of ``m`` roll at +1 DT through the end of the next
    round (notes A94)."""
    m.cooperates = game.state.round + 1
    game.emit("cooperates", COWORKER_RULE, (m.id,), until=m.cooperates)


def cooperating(game: WireGame, m: WireModel) -> bool:
    """Whether ``m``'s Cooperate still lasts."""
    return m.cooperates >= game.state.round > 0


def crowding(game: WireGame) -> None:
    """Claustrophobic (K1.3, notes A92): a Coworker with 2+ models of any side within 1" turns
    Hostile; judged after every move, forced or not, and before each token is drawn (after
    the placements: deployment, spawns, reboots)."""
    if modifier(game) != CLAUSTROPHOBIC:
        return
    placed = in_play(game)
    for m in placed:
        if m.side != COWORKERS or m.marked:
            continue
        near = sum(1 for o in placed if o.id != m.id and gap(game, m, o) <= NEAR + EPS)
        if near >= CROWD:
            mark(game, m, f'{near} models within 1" (Claustrophobic)', GENERATOR)


def lure(game: WireGame, m: WireModel) -> Lure | None:
    """What the heuristic player sees in moving ``m`` toward the nearest bystander Coworker
    within 12" (:class:`.Lure`: ending within 1" of it, it may Interrogate it, K2.2); None
    with none that near."""
    near = [c for c in in_play(game) if c.side == COWORKERS and not c.marked]
    if not near:
        return None
    before = min(gap(game, m, c) for c in near)
    if before > QUIET:
        return None
    overlap = m.radius + max(c.radius for c in near)  # an unjudged spot may overlap a base
    return Lure(lambda ghost: min(gap(game, ghost, c) for c in near), before, NEAR, -overlap)
