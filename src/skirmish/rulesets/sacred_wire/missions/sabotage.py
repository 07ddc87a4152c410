"""Sabotage (M8.1): each squad's conduit, and severing the enemy's.

Once the deployment zones are known, each side places its own conduit (``conduit CA 6,5``;
the Defender first, our reading: K1.2 has the Defender place every other marker): within 6"
of one of its deployment zones, 3"+ from every edge and 6"+ from the other conduit. A spot
in terrain moves to the nearest legal one (K1.2). The conduits are ``CA`` (side A's) and
``CB``. Placed after the loot and the Coworkers, a conduit moves each Loot Marker and Coworker
within 1" of it to the nearest clear spot (K1.2 placement order).

``interact B1 CA`` (:mod:`.interact`) is one successful cut of the enemy's conduit: the first
marks it, the second severs it and wins the game at once. At the start of the next round
the mark is removed if no model of the cutting side stands within 1" of its conduit; a mark
kept then stays. Hostiles ignore the
conduits; the mission's count at the end is the conduits severed, so a game that ends with
none goes to the most surviving models (K1.2).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision, PointSpec
from skirmish.engine.step import Step
from skirmish.geometry.shapes import Point
from skirmish.rulesets.sacred_wire.game import space
from skirmish.rulesets.sacred_wire.game.model import WireModel
from skirmish.rulesets.sacred_wire.game.space import base_fits, point_gap, side_of, squad_models
from skirmish.rulesets.sacred_wire.game.state import Objective
from skirmish.rulesets.sacred_wire.hostiles import coworkers
from skirmish.rulesets.sacred_wire.missions import deployment, loot, zones
from skirmish.rulesets.sacred_wire.missions.loot import EPS, REACH

if TYPE_CHECKING:
    from skirmish.rulesets.sacred_wire.game.state import WireGame

RULE = "M8.1"
CONDUIT = "conduit"  # the kind of a side's choice of its conduit's spot
HOME = 6.0  # a conduit stands within 6" of its side's deployment zone
CUTS = 2  # two successful Interacts sever a conduit


def marker(game: WireGame, side: int) -> str:
    """The id of ``side``'s conduit: ``CA``, ``CB``."""
    return f"C{game.ruleset.sides[side]}"


def opening(game: WireGame) -> list[Step]:
    """The conduits' placing, once the zones are chosen (Sabotage only)."""
    return [PlaceConduits()] if zones.mission(game) == "sabotage" else []


def rule_error(game: WireGame, side: int, p: Point) -> str | None:
    """Why the rules forbid ``side``'s conduit at ``p``: within 6" of its deployment zone,
    3"+ from the edges (K1.2) and 6"+ from the other conduit (M8.1)."""
    error = zones.rule_error(game, p, [])
    if error is not None:
        return error
    board = game.board
    home = min(deployment.zone_gap(board, z, p) for z in game.state.zones[side])
    if home > HOME + 1e-9:
        return (
            f"a conduit stands within {HOME:g}\" of its side's deployment zone; this point is "
            f'{home:.2f}" from it ({RULE})'
        )
    for _, q in zones.objectives(game):
        if math.dist(p, q) < zones.NODE_GAP - 1e-9:
            return (
                f'the conduits stand {zones.NODE_GAP:g}" or more apart; this point is '
                f'{math.dist(p, q):.2f}" from the other ({RULE})'
            )
    return None


def _fits(game: WireGame, side: int) -> Callable[[Point], bool]:
    return lambda p: rule_error(game, side, p) is None and base_fits(game, p)


def spot_for(game: WireGame, side: int, p: Point) -> Point | None:
    """Where ``side``'s conduit chosen at ``p`` goes: there, else the nearest legal spot."""
    reach = max(game.board.width, game.board.height)
    spots = space.nearest_spots(p, _fits(game, side), reach, zones.SEARCH_ANGLES)
    return spots[0] if spots else None


@dataclass(slots=True, eq=False)
class PlaceConduits(Step):
    """The Defender places its conduit, then the Aggressor (see the module docstring)."""

    rule = RULE

    def run(self, game: WireGame, action: Action | None) -> Decision | list[Step]:
        st = game.state
        if action is not None:
            assert action.point is not None
            self._place(game, _next(game), action.point)
        if len(st.objectives) == 2:
            return []
        side = _next(game)
        name = marker(game, side)
        hint = (
            f'a point within {HOME:g}" of your deployment zone, 3"+ from every edge and '
            f'{zones.NODE_GAP:g}"+ from the other conduit (in terrain: moved to the nearest '
            "legal spot)"
        )
        spec = PointSpec(CONDUIT, (name,), hint)
        return Decision(side, CONDUIT, f"place your conduit {name}", (), (spec,))

    def option_error(self, game: WireGame, action: Action) -> str | None:
        return f"place the conduit {marker(game, _next(game))}"

    def point_error(self, game: WireGame, action: Action) -> str | None:
        assert action.point is not None
        side = _next(game)
        error = rule_error(game, side, action.point)
        if error is None and spot_for(game, side, action.point) is None:
            error = "no legal spot for a conduit near this point"
        return error

    def _place(self, game: WireGame, side: int, chosen: Point) -> None:
        st = game.state
        spot = spot_for(game, side, chosen)
        assert spot is not None
        name = marker(game, side)
        st.objectives = (*st.objectives, Objective(name, spot[0], spot[1], owner=side))
        if spot != chosen:
            game.emit("marker-nudged", zones.SETUP, (), marker=name, at=list(chosen), to=list(spot))
        game.emit("marker-placed", RULE, (), side=side, marker=name, at=list(spot))
        loot.shift_clear(game)  # placed after them, the conduit moves them clear (K1.2)
        coworkers.shift_clear(game)


def _next(game: WireGame) -> int:
    """The side placing its conduit now: the Defender, then the Aggressor."""
    st = game.state
    return st.defender if not st.objectives else 1 - st.defender


# --- cutting -----------------------------------------------------------------------------------


def cut_error(game: WireGame, m: WireModel, o: Objective) -> str | None:
    """The mission's own reason against ``m`` cutting the conduit ``o``, or None."""
    if o.owner == side_of(m):
        name = game.ruleset.sides[o.owner]
        return f"{o.marker} is side {name}'s own conduit: sever the enemy's ({RULE})"
    return None


def cut(game: WireGame, m: WireModel, name: str) -> None:
    """One successful cut of the conduit ``name``: the first marks it, the second severs it
    and wins the game."""
    st = game.state
    (o,) = [c for c in st.objectives if c.marker == name]
    done = replace(o, cuts=o.cuts + 1, marked=o.marked or st.round)
    st.objectives = tuple(done if c.marker == name else c for c in st.objectives)
    side = side_of(m)
    game.emit("cut", RULE, (m.id,), marker=name, side=side, cuts=done.cuts)
    if done.cuts >= CUTS:
        st.deed_by = m.id
        zones.win_now(game, side, f"severed the enemy's conduit {name}")


def clear_marks(game: WireGame) -> None:
    """At the start of the round after a mark was made, the mark is removed if no model of
    the cutting side stands within 1" of its conduit; a mark kept then stays (M8.1)."""
    st = game.state
    if zones.mission(game) != "sabotage":
        return
    kept = []
    for o in st.objectives:
        if o.cuts == 1 and o.marked == st.round - 1 and not _watched(game, o):
            o = replace(o, cuts=0, marked=0)
            game.emit("mark-removed", RULE, (), marker=o.marker, side=1 - o.owner)
        kept.append(o)
    st.objectives = tuple(kept)


def _watched(game: WireGame, o: Objective) -> bool:
    level = game.board.surface_at(o.point)
    return any(
        side_of(m) == 1 - o.owner and point_gap(game, m, o.point, level) <= REACH + EPS
        for m in squad_models(game)
    )


# --- for the players ---------------------------------------------------------------------------


def sample_point(game: WireGame, uniform: Callable[[], float]) -> Point | None:
    """A random legal spot for the placing side's conduit (the random player)."""
    spots = candidate_points(game)
    return spots[int(uniform() * len(spots))] if spots else None


def candidate_points(game: WireGame) -> list[Point]:
    """Legal spots for the placing side's conduit on a 1" grid (for players to rank)."""
    side = _next(game)
    fits = _fits(game, side)
    board = game.board
    return [
        (float(x), float(y))
        for x in range(int(board.width) + 1)
        for y in range(int(board.height) + 1)
        if fits((x, y))
    ]


def conduit_score(game: WireGame, action: Action) -> float:
    """The AI puts its conduit as far from the enemy's deployment zones as it may."""
    assert action.point is not None
    side = _next(game)
    board = game.board
    return min(deployment.zone_gap(board, z, action.point) for z in game.state.zones[1 - side])
