"""Hostiles arriving in play (K1.2 Hostiles, K1.3, I1.4, I1.5): the faction and the Hostile
Timing are fixed at setup (rolled there when the setup says ``random``); each spawn of the
timing comes at the very start of its round, before the bag is filled (notes A56), rolls its
unit's d2, its groups and its own Spawn Location, and places the models as near the spawn point
as room allows, 1"+ from every other base and from the mission's markers, the nearest to the
board's centre first (notes A54). A Feral Automaton that rolled its Reboot stands up again at
the start of the next round (I6.1, notes A50).

Setup options: ``hostiles`` (``none``, a faction id such as ``feral-crews``, or ``random``) and
``hostile_timing`` (a Hostile Timing id such as ``standard``, or ``random``, the default). A
trigger mission with spawns of its own (The Signal, M13.1; The Source, M13.2) always has
hostiles (``random`` by default) and no Hostile Timing: its spawns come as it says, at the
middle of a random edge (with one model more for each failed Redirect, M13.1), at the centre,
or at the middle of the Extractor's or the Interceptor's edge (M13.2).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.errors import SkirmishError
from skirmish.geometry.board import Edge
from skirmish.geometry.shapes import Point, edge_distance
from skirmish.rulesets.sacred_wire.base import catalog_of
from skirmish.rulesets.sacred_wire.game.casualties import OUT_OF_ACTION
from skirmish.rulesets.sacred_wire.game.model import WireModel
from skirmish.rulesets.sacred_wire.game.space import (
    COWORKERS,
    HOSTILES,
    ROUNDED,
    clock_direction,
    in_play,
    nearest_spots,
    others,
    squad_models,
)
from skirmish.rulesets.sacred_wire.hostiles.spawning import (
    SPAWNING,
    SpawnRoll,
    roll_spawn,
    roll_unit,
)
from skirmish.rulesets.sacred_wire.missions import advantages, deployment, zones
from skirmish.rulesets.sacred_wire.rolls.contest import LoggedDice, roll_amount, roll_die
from skirmish.rulesets.sacred_wire.rules_data.effects import Reboot, effects_of
from skirmish.rulesets.sacred_wire.rules_data.hostile_tables import Faction, HostileUnit
from skirmish.rulesets.sacred_wire.rules_data.mission_tables import (
    ATTACKER_EDGE,
    CENTRE,
    DEFENDER_EDGE,
    RANDOM_EDGE,
    SPAWN_TABLE,
    Entry,
    MissionTables,
    Spawn,
)
from skirmish.rulesets.sacred_wire.squads.lineup import Lineup, hostile_profile
from skirmish.rulesets.sacred_wire.squads.roster import contract

if TYPE_CHECKING:
    from skirmish.rulesets.sacred_wire.game.state import WireGame

OPTIONS = ("hostiles", "hostile_timing")
NONE = "none"
RANDOM = "random"
SETUP = "K1.2"
GENERATOR = "K1.3"
APART = 1.0  # I1.4: the models of a spawn 1"+ apart; notes A54: 1"+ from enemies and markers
SPAWN_ANGLES = 36  # points on each ring searched for a spot
SPAWN_STEP = 0.25  # inches between those rings: a spawn needs no finer placing
#: Where each Spawn Location row puts the spawn point (K1.3); the off-centre rows roll theirs.
EDGE_ROWS = ("open-edge", "search-edge", "aggressor-edge")
CHOICE = "spawn-location"  # the Defender's pick with Spawn choice (K1.4)
PLACED = (RANDOM_EDGE, CENTRE, ATTACKER_EDGE, DEFENDER_EDGE)  # a mission's own spawns


def choices(tables: MissionTables) -> dict[str, tuple[str, ...]]:
    """The values each hostile option takes: the Hostile Type and Hostile Timing rows' ids."""
    return {
        "hostiles": (NONE, RANDOM, *(e.id for e in tables.table("hostile_type").entries)),
        "hostile_timing": (RANDOM, *(e.id for e in tables.table("hostile_timing").entries)),
    }


def normalize(options: dict[str, Any], tables: MissionTables) -> dict[str, Any]:
    """The hostile options checked against the Hostile Type and Hostile Timing tables.

    Raises:
        SkirmishError: an unknown faction or timing, or a timing without hostiles.
    """
    known = choices(tables)
    schedule = _schedule(options.get("mission"), tables)
    if schedule:
        return _scheduled(options, known, schedule[0].rule)
    faction = options.get("hostiles", NONE)
    if faction not in known["hostiles"]:
        listed = ", ".join(known["hostiles"])
        raise SkirmishError(f"hostiles: no faction {faction!r}; choose one of {listed}")
    if faction == NONE and options.get("hostile_timing", NONE) != NONE:
        raise SkirmishError("hostile_timing: no hostiles play (set hostiles to a faction)")
    timing = options.get("hostile_timing", NONE if faction == NONE else RANDOM)
    if faction != NONE and timing not in known["hostile_timing"]:
        listed = ", ".join(known["hostile_timing"])
        raise SkirmishError(f"hostile_timing: no timing {timing!r}; choose one of {listed}")
    return {"hostiles": faction, "hostile_timing": timing}


def _schedule(mission: object, tables: MissionTables) -> tuple[Entry, ...]:
    """The trigger mission ``mission``, if it spawns hostiles of its own."""
    return tuple(e for e in tables.triggers if e.id == mission and e.spawns)


def _scheduled(
    options: dict[str, Any], known: dict[str, tuple[str, ...]], rule: str
) -> dict[str, Any]:
    """The hostile options of a mission that spawns its own: a faction, no timing."""
    faction = options.get("hostiles", RANDOM)
    if faction == NONE or faction not in known["hostiles"]:
        listed = ", ".join(f for f in known["hostiles"] if f != NONE)
        raise SkirmishError(
            f"hostiles: the mission always has hostiles ({rule}); choose one of {listed}"
        )
    if options.get("hostile_timing", NONE) != NONE:
        raise SkirmishError(f"hostile_timing: the mission spawns its hostiles itself ({rule})")
    return {"hostiles": faction, "hostile_timing": NONE}


def in_game(setup: dict[str, Any]) -> bool:
    """Whether hostiles play in a game of this setup."""
    return str(setup.get("hostiles", NONE)) != NONE


def faction_of(game: WireGame) -> Faction:
    """The game's hostile faction."""
    return catalog_of(game).hostiles.faction(game.state.hostiles)


def opening(game: WireGame) -> list[Step]:
    """The hostiles' part of the setup: their faction and timing."""
    return [HostileSetup()] if in_game(game.setup) else []


@dataclass(slots=True, eq=False)
class HostileSetup(Step):
    """The Hostile Type and Hostile Timing of the game, rolled once at setup when the setup
    leaves them random (K1.2, K1.3); the hostiles' lineup starts empty."""

    rule = GENERATOR

    def run(self, game: WireGame, action: Action | None) -> Decision | list[Step]:
        st = game.state
        tables = catalog_of(game).missions
        st.hostiles = chosen_row(game, tables, "hostile_type", game.setup["hostiles"])
        st.hostile_timing = chosen_row(game, tables, "hostile_timing", game.setup["hostile_timing"])
        faction = faction_of(game)
        st.lineups = (*st.lineups[:HOSTILES], Lineup(faction.name, ()))
        game.emit("hostiles", SETUP, (), faction=faction.name, timing=st.hostile_timing)
        return []


def chosen_row(game: WireGame, tables: MissionTables, key: str, value: str) -> str:
    """The row id the setup names, or the one a roll on the table gives for ``random``."""
    table = tables.table(key)
    if value != RANDOM:
        return value
    return table.row(roll_die(game, table.die, table.purpose, table.rule)).id


def arrivals(game: WireGame) -> list[Step]:
    """The start of a round's hostile arrivals, when hostiles play."""
    return [Arrivals()] if in_game(game.setup) else []


@dataclass(slots=True, eq=False)
class Arrivals(Step):
    """The start of a round: rebooted Feral Automata stand up again (I6.1), then each spawn of
    the Hostile Timing due this round arrives (K1.3, notes A56), at the Spawn Location the
    Defender names with Spawn choice (K1.4); ``done`` counts the spawns of the round made."""

    rule = SPAWNING
    stage: str = "start"
    done: int = 0

    def run(self, game: WireGame, action: Action | None) -> Decision | list[Step]:
        st = game.state
        if self.stage == "start":
            self.stage = "spawns"
            for m in game.models:
                if m.reboot == st.round and m.removed == OUT_OF_ACTION:
                    _stand_up(game, m)
        due = [s for s in _spawns(game) if s.round == st.round]
        table = catalog_of(game).missions.table("spawn_location")
        if action is not None:
            spawn(game, due[self.done], table.get(action.args[0]))
            self.done += 1
        while self.done < len(due):
            nxt = due[self.done]
            if nxt.at == SPAWN_TABLE and advantages.has(game, advantages.SPAWN_CHOICE):
                options = tuple(Action(CHOICE, (e.id,)) for e in table.entries)
                prompt = f"Spawn choice: where does the {nxt.tier} spawn come (K1.4)?"
                return Decision(advantages.defender(game), CHOICE, prompt, options)
            spawn(game, nxt)
            self.done += 1
        return []


def _spawns(game: WireGame) -> tuple[Spawn, ...]:
    """The game's spawns: its mission's own (M13.1), else its Hostile Timing's (K1.3), the
    first one round late with Delayed spawn (K1.4, notes A56)."""
    tables = catalog_of(game).missions
    schedule = _schedule(zones.mission(game), tables)
    if schedule:
        return schedule[0].spawns
    spawns = tables.table("hostile_timing").get(game.state.hostile_timing).spawns
    if advantages.has(game, advantages.DELAYED_SPAWN):
        first = spawns[0]
        return (replace(first, round=first.round + 1), *spawns[1:])
    return spawns


def _stand_up(game: WireGame, m: WireModel) -> None:
    """Reboot: back where it fell, or on the nearest empty spot, with its rolled Health and
    nothing that ailed it before (I6.1, notes A50)."""
    terms = contract(game, m)
    (effect,) = effects_of(terms.effects, Reboot)
    m.reboot = 0
    board, rest = game.board, others(game, m)

    def empty(p: Point) -> bool:
        return board.placement_error(p, m.radius, m.level, rest) is None

    spots = nearest_spots(m.pos, empty, math.hypot(board.width, board.height), SPAWN_ANGLES)
    if not spots:
        game.emit("reboot-blocked", terms.rule, (m.id,))
        return
    m.health = min(m.max_health, roll_amount(game, effect.health, "reboot-health", terms.rule))
    m.x, m.y = spots[0]
    m.statuses, m.timed, m.fleeing, m.dissolve_round, m.lose_activation = (), (), False, 0, ""
    m.hijacked_by, m.hijack_at = -1, 0
    m.removed = None
    game.emit("rebooted", terms.rule, (m.id,), at=[round(m.x, 2), round(m.y, 2)], health=m.health)


def spawn(game: WireGame, due: Spawn, location: Entry | None = None) -> None:
    """One spawn: the d2, the groups and the Spawn Location rolled (or its row named,
    ``location``) and logged (I1.4), or for a mission's spawn at a random edge, that edge
    (M13.1); every model placed that has room, the first group one model larger for each surge
    (a failed Redirect, M13.1)."""
    st = game.state
    dice = LoggedDice(game, SPAWNING)
    if due.at in PLACED:
        _, unit = roll_unit(faction_of(game), due.tier, dice)
        point, where = _placed_spawn(game, due.at)
    else:
        tables = catalog_of(game).missions
        located = LoggedDice(game, GENERATOR)  # the Spawn Location is a K1.3 table
        rolled = roll_spawn(faction_of(game), due.tier, tables, dice, location, located)
        unit, point, where = rolled.unit, spawn_point(game, rolled), rolled.location.name
    game.emit(
        "spawn",
        SPAWNING,
        (),
        unit=unit.name,
        tier=due.tier,
        groups=unit.spawn,
        location=where,
        at=[round(point[0], 2), round(point[1], 2)],
    )
    sizes = list(unit.groups)
    sizes[0] += st.surge
    # Each model takes the spot nearest the point that the ones before it left free, and
    # spots are only taken: none lies on a ring nearer than the last one taken.
    spared = 0.0
    for size in sizes:
        name = new_group(game)
        for _ in range(size):
            m = place_hostile(game, unit, name, point, spared=spared)
            if m is not None:
                spared = math.dist(point, m.pos) - ROUNDED


def _placed_spawn(game: WireGame, at: str) -> tuple[Point, str]:
    """Where a mission's own spawn comes, and its words: the middle of a random edge (M13.1),
    the centre, or the middle of the Extractor's or the Interceptor's edge (M13.2)."""
    centre = zones.centre(game)
    if at == CENTRE:
        return centre, "the centre"
    st = game.state
    if at == RANDOM_EDGE:
        edge = random_edge(game, list(Edge), zones.MISSIONS[zones.mission(game)])
    else:
        edge = Edge(st.edges[st.defender if at == DEFENDER_EDGE else 1 - st.defender])
    return game.board.edge_contact(centre, 0.0, edge), f"the {edge.value} edge"


def new_group(game: WireGame) -> str:
    """The name of a new spawn group, with a token of its own in the bag (I1.1, I1.4)."""
    game.state.groups += 1
    return f"G{game.state.groups}"


def place_hostile(
    game: WireGame,
    unit: HostileUnit,
    group: str,
    near: Point,
    reach: float | None = None,
    spared: float = 0.0,
    also: Sequence[Point] = (),
) -> WireModel | None:
    """A new hostile of ``unit`` in ``group`` on the free spot nearest ``near`` (nearest the
    board's centre among equals, notes A54), within ``reach``" of it (default: anywhere), else
    of the first of ``also`` that has one; None, logged, when there is no room. ``spared``:
    see :func:`free_spot`."""
    radius = game.models[0].radius  # the squads' base size (notes A23)
    spots = (free_spot(game, p, radius, reach, spared) for p in (near, *also))
    spot = next((found for found in spots if found is not None), None)
    if spot is None:
        game.emit("spawn-blocked", SPAWNING, (), unit=unit.name)
        return None
    m = add_unit(game, HOSTILES, unit, group, spot)
    game.emit("spawned", SPAWNING, (m.id,), group=group, at=[round(spot[0], 2), round(spot[1], 2)])
    return m


ID_LETTERS = {HOSTILES: "H", COWORKERS: "C"}


def add_unit(game: WireGame, side: int, unit: HostileUnit, group: str, at: Point) -> WireModel:
    """A model of ``unit`` in ``group`` at ``at`` (negative: not yet placed), the next of
    ``side``'s lineup (H1, H2... for the hostiles, C1... for the Coworkers, with the squads'
    base size, notes A23); a lineup still missing is started, empty, under the side's name."""
    st = game.state
    lineups = list(st.lineups)
    while len(lineups) <= side:
        lineups.append(Lineup(game.ruleset.sides[len(lineups)], ()))
    mine = lineups[side]
    slot = len(mine.models)
    lineups[side] = Lineup(mine.name, (*mine.models, hostile_profile(unit)))
    st.lineups = tuple(lineups)
    m = WireModel(
        f"{ID_LETTERS[side]}{slot + 1}",
        side,
        unit.name,
        at[0],
        at[1],
        game.models[0].radius,
        slot=slot,
        health=unit.health,
        max_health=unit.health,
        weapons=(unit.weapon.name,),
        group=group,
    )
    game.add_model(m)
    return m


def free_spot(
    game: WireGame,
    near: Point,
    radius: float,
    reach: float | None = None,
    spared: float = 0.0,
    moving: WireModel | None = None,
) -> Point | None:
    """The spot nearest ``near``, within ``reach``" (default: anywhere), where a base of
    ``radius`` stands on the ground, 1"+ from every base in play but ``moving``'s own (the
    model the spot is for, when it stands already) and every mission marker (K1.2, notes
    A54; a carried package is where its carrier stands, a base kept 1" off already), the
    nearest the centre first. A caller that knows no spot lies nearer ``near`` than
    ``spared``" (a spawn's next model) spares the search of those rings."""
    board = game.board
    others = (m for m in in_play(game) if m is not moving)
    # The bases nearest the point first: a spot in the crowd is refused by the first asked.
    bases = sorted(((m.pos, m.radius) for m in others), key=lambda b: math.dist(near, b[0]))
    marks = [q for _, q in zones.objectives(game)]

    def fits(p: Point) -> bool:  # the cheap tests first: terrain costs most to ask
        if not board.on_table(p, radius):
            return False
        if any(edge_distance(p, radius, q, r) < APART for q, r in bases):
            return False
        if any(math.dist(p, q) - radius < APART for q in marks):
            return False
        return board.placement_error(p, radius, None) is None

    limit = math.hypot(board.width, board.height) if reach is None else reach
    bare = max(spared, crowded(near, radius, bases))
    spots = nearest_spots(near, fits, limit, SPAWN_ANGLES, SPAWN_STEP, bare)
    centre = zones.centre(game)
    ringed = min(spots, key=lambda p: math.dist(p, centre), default=None)
    ring = max((math.dist(near, p) for p in spots), default=limit)
    toward = ringed if ringed is not None and near == centre else centre
    nearer = [p for p in touching(near, radius, bases, ring, toward) if math.dist(near, p) < ring]
    closest = sorted(nearer, key=lambda p: (math.dist(near, p), math.dist(p, centre)))
    return next((p for p in closest if fits(p)), ringed)


def touching(
    near: Point, radius: float, bases: list[tuple[Point, float]], reach: float, toward: Point
) -> list[Point]:
    """Spots near where a base of ``radius`` stands exactly 1" from one of ``bases`` within
    ``reach``" of ``near`` (the one nearest ``near``; from a base at ``near``, the one
    toward ``toward``) or from two at once: where the spot nearest a point lies when bases crowd it
    (I1.4 "as close as possible, 1"+ apart", notes A54), which a search by rings only comes
    near. Points are kept to the hundredth of an inch: each comes as the points so kept round
    it, nearest first, for the caller to keep those 1" off every base."""
    circles = [
        (q, radius + r + APART)
        for q, r in bases
        if math.dist(near, q) <= reach + radius + r + APART
    ]
    pulls = [(toward if q == near else near, q, d) for q, d in circles]
    exact = [_nearest_on(p, q, d) for p, q, d in pulls if p != q]
    for k, (q1, d1) in enumerate(circles):
        for q2, d2 in circles[k + 1 :]:
            exact += _meeting(q1, d1, q2, d2)
    return [p for e in exact for p in _roundings(e)]


def _nearest_on(p: Point, q: Point, d: float) -> Point:
    """The point ``d``" from ``q`` nearest ``p``."""
    t = d / math.dist(p, q)
    return (q[0] + (p[0] - q[0]) * t, q[1] + (p[1] - q[1]) * t)


def _meeting(q1: Point, d1: float, q2: Point, d2: float) -> list[Point]:
    """The points ``d1``" from ``q1`` and ``d2``" from ``q2``."""
    apart = math.dist(q1, q2)
    if apart == 0.0 or apart > d1 + d2 or apart < abs(d1 - d2):
        return []
    along = (apart * apart + d1 * d1 - d2 * d2) / (2 * apart)
    side = math.sqrt(max(0.0, d1 * d1 - along * along))
    ux, uy = (q2[0] - q1[0]) / apart, (q2[1] - q1[1]) / apart
    mx, my = q1[0] + ux * along, q1[1] + uy * along
    return [(mx - uy * side, my + ux * side), (mx + uy * side, my - ux * side)]


def _roundings(p: Point) -> list[Point]:
    """The points kept to the hundredth of an inch round ``p``, nearest first."""
    x, y = math.floor(p[0] * 100), math.floor(p[1] * 100)
    grid = [((x + i) / 100, (y + j) / 100) for i in (-1, 0, 1, 2) for j in (-1, 0, 1, 2)]
    return sorted(grid, key=lambda q: math.dist(p, q))


def crowded(near: Point, radius: float, bases: list[tuple[Point, float]]) -> float:
    """How far from ``near`` no base of ``radius`` stands 1"+ from all of ``bases``, as far
    as one base alone shows it: a ring around ``near`` that lies whole within 1" of one base
    holds no spot (the models of a spawn gather on one point, each taking the next spot),
    a spot on it lying within :data:`.space.ROUNDED` of the ring."""
    return max((radius + r + APART - math.dist(near, q) - ROUNDED for q, r in bases), default=0.0)


# --- the Spawn Location (K1.3, notes A54, A55) --------------------------------------------------


def spawn_point(game: WireGame, rolled: SpawnRoll) -> Point:
    """Where a spawn's models gather: the centre, a rolled point off it, or the middle of the
    edge its row names (the point on that edge nearest the centre, notes A54)."""
    cx, cy = zones.centre(game)
    row = rolled.location.id
    if rolled.distance is not None and rolled.clock is not None:
        dx, dy = clock_direction(rolled.clock)
        return (cx + dx * rolled.distance, cy + dy * rolled.distance)
    if row not in EDGE_ROWS:
        return (cx, cy)
    edge = _spawn_edge(game, row)
    return game.board.edge_contact((cx, cy), 0.0, edge)


def _spawn_edge(game: WireGame, row: str) -> Edge:
    """The edge of an edge row of the Spawn Location table (K1.3, notes A55)."""
    st = game.state
    if row == "open-edge":
        used = {e for side in (0, 1) for e in deployment.edges_of(st.zones[side])}
        free = [e for e in Edge if e not in used]
        return random_edge(game, free or list(Edge))
    if row == "search-edge":
        if st.searched is None:
            return random_edge(game, list(Edge))
        return _nearest_edges(game, [(st.searched, 0.0)])
    aggressor = _aggressor(game)
    bases = [(m.pos, m.radius) for m in squad_models(game) if m.side == aggressor]
    return _nearest_edges(game, bases) if bases else random_edge(game, list(Edge))


def _aggressor(game: WireGame) -> int:
    """The Aggressor (K1.3); with no mission to name one, the two squads tie and a d2 picks,
    once a game (the Defender is the other)."""
    st = game.state
    if zones.defender(game) is None and st.defender < 0:
        st.defender = 2 - roll_die(game, 2, "aggressor", GENERATOR)
    return 1 - st.defender


def _nearest_edges(game: WireGame, bases: list[tuple[Point, float]]) -> Edge:
    """The edge nearest the base that is nearest any edge; ties by a die (notes A55)."""
    board = game.board
    gaps = {e: min(board.distance_to_edge(p, r, e) for p, r in bases) for e in Edge}
    best = min(gaps.values())
    return random_edge(game, [e for e in Edge if gaps[e] - best < 1e-9])


def random_edge(game: WireGame, edges: list[Edge], rule: str = GENERATOR) -> Edge:
    """One of ``edges``, by a die when there is a choice."""
    if len(edges) == 1:
        return edges[0]
    return edges[roll_die(game, len(edges), "spawn-edge", rule) - 1]
