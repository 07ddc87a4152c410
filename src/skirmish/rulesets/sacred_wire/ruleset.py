"""Sacred Wire 28 as a ruleset: the two-squad game of the Core Rules, to the last squad
standing or the end of the game (K1.2)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from skirmish.engine.action import Action
from skirmish.engine.events import Event
from skirmish.engine.registry import register_ruleset
from skirmish.engine.ruleset import Marker, ModelStatus, Ruleset, SightReport
from skirmish.geometry.board import Board
from skirmish.geometry.paths import random_reachable_point, ray_move, reach_toward
from skirmish.geometry.shapes import Point
from skirmish.rulesets.sacred_wire import ai, log, loot, missions
from skirmish.rulesets.sacred_wire.activation import Activation
from skirmish.rulesets.sacred_wire.items import throw_error
from skirmish.rulesets.sacred_wire.loot import PlaceLoot
from skirmish.rulesets.sacred_wire.model import WireModel
from skirmish.rulesets.sacred_wire.movement import climb_spots, climbable_pieces, move_error
from skirmish.rulesets.sacred_wire.roster import (
    BY_SLUG,
    engage_move_bonus,
    move_allowance,
    squad_text,
    state,
)
from skirmish.rulesets.sacred_wire.setup import (
    SETUP_KEYS,
    BossRollOff,
    ChooseEdge,
    Deploy,
    ScoutMoves,
    add_models,
    deploy_error,
    deploy_zone,
    load_board,
    normalize_setup,
    scout_move,
)
from skirmish.rulesets.sacred_wire.space import blockers, enemies, in_cover, in_play, sees
from skirmish.rulesets.sacred_wire.state import WireState

if TYPE_CHECKING:
    from skirmish.engine.decision import PointSpec
    from skirmish.rulesets.sacred_wire.state import WireGame

MOVES = ("move", "move-again", "jump", "scout-move")


@register_ruleset
class SacredWire(Ruleset[WireModel, WireState]):
    """Two squads of five contractors fight it out on a 24" board of dense terrain."""

    id = "sacred-wire"
    title = "Sacred Wire 28 (v0.9.0-beta): two squads"
    aliases = ("sw28", "sacred-wire-28")
    sides = ("A", "B")
    max_actions = 20_000
    setup_keys = SETUP_KEYS

    def normalize_setup(self, options: dict[str, Any]) -> dict[str, Any]:
        return normalize_setup(options)

    def board(self, setup: dict[str, Any]) -> Board:
        return load_board(setup["board"])

    def new_state(self, setup: dict[str, Any]) -> WireState:
        return WireState(squads=(squad_text(setup["squad_a"]), squad_text(setup["squad_b"])))

    def start(self, game: WireGame) -> None:
        add_models(game)
        game.begin(
            [
                BossRollOff(),
                *missions.opening(game),  # objectives before loot (K1.2 placement order)
                PlaceLoot(),
                ChooseEdge(),
                Deploy(),
                ScoutMoves(),
                loot.game_loop(game),
            ]
        )

    def describe(self, game: WireGame, event: Event) -> str:
        return log.describe(game, event)

    def where(self, game: WireGame) -> str:
        st = state(game)
        if st.round == 0:
            return "set-up"
        if st.active:
            return f"round {st.round}, {st.active} activating"
        return f"round {st.round}"

    def game_length(self, game: WireGame) -> int:
        return state(game).round

    def markers(self, game: WireGame) -> tuple[Marker, ...]:
        return loot.table_markers(game) + missions.table_markers(game)

    def model_status(self, game: WireGame, model: WireModel) -> ModelStatus:
        m = _model(game, model.id)
        conditions = tuple(s.capitalize() for s in m.statuses)
        if m.fleeing:
            conditions = ("Fleeing", *conditions)
        return ModelStatus(f"{m.health}/{m.max_health} Health", m.wounded, conditions)

    def sight_report(self, game: WireGame, viewer: WireModel, target: WireModel) -> SightReport:
        a, b = _model(game, viewer.id), _model(game, target.id)
        if not sees(game, a, b):
            return SightReport(False)
        return SightReport(True, "in cover" if in_cover(game, a, b) else "")

    def invariant_errors(self, game: WireGame) -> list[str]:
        errors = []
        if (game.decision is None) != game.is_over:
            errors.append("a decision must be pending exactly while the game is on")
        placed = in_play(game)
        errors += _placement_errors(game, placed)
        for m in placed:
            if not 0 < m.health <= m.max_health:
                errors.append(f"{m.id} in play with {m.health} of {m.max_health} Health")
        for step in game.stack:
            if isinstance(step, Activation) and step.actions_used > 2:
                errors.append(f"{step.model} took {step.actions_used} actions (C4.1: at most 2)")
        actives = [m.id for m in placed if m.active]
        if len(actives) > 1:
            errors.append(f"several models activating at once: {actives}")
        return errors

    def score_actions(self, game: WireGame, candidates: list[Action]) -> list[float]:
        return ai.score_actions(game, candidates)

    # --- points for players ---------------------------------------------------------------

    def sample_point(
        self, game: WireGame, spec: PointSpec, uniform: Callable[[], float]
    ) -> Point | None:
        if spec.kind == "deploy":
            return _sample_deploy(game, _model(game, spec.args[0]), uniform)
        if spec.kind == "place-loot":
            return loot.sample_point(game, uniform)
        if spec.kind == missions.RELAY:
            return missions.sample_point(game, uniform)
        m = _model(game, spec.args[0])
        if spec.kind in MOVES:
            return _sample_move(game, m, spec, uniform)
        if spec.kind == "throw":
            for _ in range(20):
                angle = math.tau * uniform()
                d = m.radius + 6.0 * math.sqrt(uniform())
                p = (round(m.x + d * math.cos(angle), 2), round(m.y + d * math.sin(angle), 2))
                if throw_error(game, m, p) is None:
                    return p
            return None
        choices = self.candidate_points(game, spec)
        return choices[int(uniform() * len(choices))] if choices else None

    def candidate_points(self, game: WireGame, spec: PointSpec) -> list[Point]:
        if spec.kind == "place-loot":
            return loot.candidate_points(game)
        if spec.kind == missions.RELAY:
            return missions.candidate_points(game)
        m = _model(game, spec.args[0])
        if spec.kind == "deploy":
            return _deploy_candidates(game, m)
        if spec.kind == "throw":
            found = []
            for e in enemies(game, m):
                p = (round(e.x, 2), round(e.y, 2))
                if throw_error(game, m, p) is None:
                    found.append(p)
            return found
        return _move_candidates(game, m, spec)


_CHECKED: dict[tuple[object, ...], bool] = {}


def _placement_errors(game: WireGame, placed: list[WireModel]) -> list[str]:
    """Bases off the table, in terrain or overlapping (checked once per set of positions)."""
    key = (id(game.board), *((m.x, m.y, m.level, m.radius) for m in placed))
    if key in _CHECKED:
        return []
    errors = []
    for m in placed:
        rest = [(o.pos, o.radius, o.level) for o in placed if o.id != m.id]
        where = game.board.placement_error(m.pos, m.radius, m.level, rest)
        if where is not None:
            errors.append(f"{m.id} at {m.x:.2f},{m.y:.2f}: {where}")
    if not errors:
        if len(_CHECKED) > 100_000:
            _CHECKED.clear()
        _CHECKED[key] = True
    return errors


def _model(game: WireGame, mid: str) -> WireModel:
    m = game.model(mid)
    assert isinstance(m, WireModel)
    return m


def _reach(game: WireGame, m: WireModel, spec: PointSpec) -> float:
    if spec.kind == "scout-move":
        return scout_move(game, m)
    return move_allowance(game, m)


def _kind(spec: PointSpec) -> str:
    return "scout" if spec.kind == "scout-move" else spec.kind


def _ok(game: WireGame, m: WireModel, spec: PointSpec, p: Point) -> bool:
    return move_error(game, m, p, _kind(spec), _reach(game, m, spec)) is None


def _sample_deploy(game: WireGame, m: WireModel, uniform: Callable[[], float]) -> Point | None:
    x0, y0, x1, y1 = deploy_zone(game, m)
    for _ in range(60):
        p = (round(x0 + (x1 - x0) * uniform(), 2), round(y0 + (y1 - y0) * uniform(), 2))
        if deploy_error(game, m, p) is None:
            return p
    return None


def _deploy_candidates(game: WireGame, m: WireModel) -> list[Point]:
    x0, y0, x1, y1 = deploy_zone(game, m)
    nx, ny = (17, 3) if x1 - x0 >= y1 - y0 else (3, 17)
    found = []
    for i in range(nx):
        for j in range(ny):
            p = (round(x0 + (x1 - x0) * i / (nx - 1), 2), round(y0 + (y1 - y0) * j / (ny - 1), 2))
            if deploy_error(game, m, p) is None:
                found.append(p)
    return found


def _sample_move(
    game: WireGame, m: WireModel, spec: PointSpec, uniform: Callable[[], float]
) -> Point | None:
    reach = _reach(game, m, spec)
    if spec.kind != "scout-move" and uniform() < 0.2:
        p = _sample_change_of_level(game, m, spec, uniform)
        if p is not None:
            return p
    if spec.kind == "jump":
        return None
    for _ in range(8):
        p = random_reachable_point(
            game.board, m.pos, m.radius, blockers(game, m), m.level, reach, uniform
        )
        if p is None:
            continue
        p = (round(p[0], 2), round(p[1], 2))
        if _ok(game, m, spec, p):
            return p
    return None


def _sample_change_of_level(
    game: WireGame, m: WireModel, spec: PointSpec, uniform: Callable[[], float]
) -> Point | None:
    """A point just up on a nearby climbable piece, or just down from the one it is on."""
    board = game.board
    if m.level is not None:
        spots = climb_spots(board, board.piece(m.level), m.radius)
        pick = [foot for foot, _, _ in spots]
    else:
        reach = _reach(game, m, spec) + 3.0
        pick = [
            top
            for piece in climbable_pieces(game)
            for _, top, wall in climb_spots(board, piece, m.radius)
            if math.dist(wall, m.pos) <= reach
        ]
    if not pick:
        return None
    for _ in range(3):
        x, y = pick[int(uniform() * len(pick))]
        p = (round(x, 2), round(y, 2))
        if _ok(game, m, spec, p):
            return p
    return None


def _move_candidates(game: WireGame, m: WireModel, spec: PointSpec) -> list[Point]:
    """Straight moves in 12 directions (full and half), approaches to each enemy."""
    reach = _reach(game, m, spec)
    board = game.board
    others = blockers(game, m)
    raw: list[Point] = []
    if spec.kind != "jump":
        for k in range(12):
            angle = math.tau * k / 12
            end, _ = ray_move(
                board, m.pos, (math.cos(angle), math.sin(angle)), reach, m.radius, others, m.level
            )
            raw.append(end)
            raw.append(((m.x + end[0]) / 2, (m.y + end[1]) / 2))
        bonus = engage_move_bonus(game, m)
        for e in enemies(game, m):
            if e.level != m.level:
                continue
            stop = m.radius + e.radius + 0.5
            path = reach_toward(board, m.pos, e.pos, m.radius, others, m.level, reach + bonus, stop)
            if path is not None:
                raw.append(path.points[-1])
    elif m.level is not None:
        raw += [foot for foot, _, _ in climb_spots(board, board.piece(m.level), m.radius)][::4]
    found: list[Point] = []
    for x, y in raw:
        p = (round(x, 2), round(y, 2))
        if p not in found and p != (round(m.x, 2), round(m.y, 2)) and _ok(game, m, spec, p):
            found.append(p)
    return found


def weapon_name(token: str) -> str:
    """The catalogue name of a slug used in action texts."""
    return BY_SLUG[token]


__all__ = ["Action", "SacredWire", "weapon_name"]
