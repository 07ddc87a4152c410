"""The Strange Aeons rules as the engine sees them, and the introductory game as a ruleset:
the Fight between two fixed forces.

:class:`AeonsRules` holds every hook both Strange Aeons rulesets share, reading the game's
catalog (:func:`~.base.catalog_of`); the introduction's ruleset is it with its data file's
roster, the rulebook's (:mod:`.rulebook`) with the models of the setup's lists.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from importlib import resources
from typing import TYPE_CHECKING, Any

from skirmish.engine.action import Action, kept
from skirmish.engine.events import Event
from skirmish.engine.registry import register_ruleset
from skirmish.engine.ruleset import Marker, ModelStatus, SightReport, TableTemplate
from skirmish.engine.step import Step
from skirmish.errors import SkirmishError
from skirmish.geometry.board import Board, Edge, load_board, shipped_boards
from skirmish.geometry.memo import Memo
from skirmish.geometry.paths import reach_toward
from skirmish.geometry.shapes import CONTACT, Point, edge_distance, mm_to_inches
from skirmish.geometry.slides import random_reachable_point, ray_move
from skirmish.geometry.terrain import Cover
from skirmish.rulesets.strange_aeons import (
    afflictions,
    ai,
    back_up,
    banish,
    card,
    eggs,
    graves,
    log,
    mating,
    objectives,
    odds,
    pentacles,
    puppets,
    salt,
    saltes,
    scene,
    sneaky,
    summoning,
    templates,
    tokens,
    transporter,
    trap,
    worm,
    zones,
)
from skirmish.rulesets.strange_aeons.base import AeonsRuleset, catalog_of
from skirmish.rulesets.strange_aeons.combat import away_points, escape_points, throw_points
from skirmish.rulesets.strange_aeons.eggs import PreLaid
from skirmish.rulesets.strange_aeons.jet_pack import landing_points
from skirmish.rulesets.strange_aeons.jumping import jump_spots
from skirmish.rulesets.strange_aeons.model import AeonsModel
from skirmish.rulesets.strange_aeons.movement import allowance, move_error
from skirmish.rulesets.strange_aeons.quadrants import (
    areas,
    deployment_spacing,
    quadrant_box,
    quadrant_error,
    quadrant_points,
    room_spacing,
)
from skirmish.rulesets.strange_aeons.setup import RollOff, deploy_error, deployment_room_error
from skirmish.rulesets.strange_aeons.shooting import SHOOT_AT
from skirmish.rulesets.strange_aeons.space import (
    blockers,
    master_of,
    models,
    move_path,
    reach_along,
    sight,
)
from skirmish.rulesets.strange_aeons.state import AeonsState
from skirmish.rulesets.strange_aeons.turn import ROUND_LIMIT, GameLoop
from skirmish.rulesets.strange_aeons.ways import ladder_ends

if TYPE_CHECKING:
    from skirmish.engine.decision import PointSpec
    from skirmish.rulesets.strange_aeons.state import AeonsGame

STATES = ("normal", "face-up", "face-down", "dormant")
STATE_NAMES: dict[str, tuple[str, ...]] = {
    "normal": (),
    "face-up": ("Face Up",),
    "face-down": ("Face Down",),
    "dormant": ("Dormant",),
}


class AeonsRules(AeonsRuleset):
    """The hooks of every Strange Aeons ruleset: its models come from the game's catalog,
    the rules read every number through it."""

    sides = ("Threshold", "Lurkers")
    max_actions = 20_000
    safeguards = frozenset({ROUND_LIMIT})

    def refuse_unknown(self, options: dict[str, Any]) -> None:
        """Refuse setup options the ruleset does not know.

        Raises:
            SkirmishError: naming the unknown options and the known ones.
        """
        unknown = set(options) - set(self.setup_keys)
        if unknown:
            raise SkirmishError(
                f"unknown setup option(s): {', '.join(sorted(unknown))}; "
                f"known: {', '.join(self.setup_keys)}"
            )

    def board(self, setup: dict[str, Any]) -> Board:
        return load_board(setup["board"])

    def new_state(self, setup: dict[str, Any]) -> AeonsState:
        return AeonsState()

    def start(self, game: AeonsGame) -> None:
        for side in (0, 1):
            self.add_side(game, side)
        game.begin(self.opening(game))

    def add_side(self, game: AeonsGame, side: int) -> None:
        """Put ``side``'s models of the game's catalog into the game, off the table."""
        cat = catalog_of(game)
        radius = mm_to_inches(cat.scenario.base_mm) / 2
        prefix = "TL"[side]
        for n, pid in enumerate(cat.roster[side], start=1):
            prof = cat.profile(pid)
            game.add_model(
                AeonsModel(
                    f"{prefix}{n}",
                    side,
                    prof.name,
                    -1.0,
                    -1.0,
                    radius,
                    profile=pid,
                    wounds=prof.wounds,
                )
            )

    def opening(self, game: AeonsGame) -> list[Step]:
        """The steps of the set-up and the game: the Fight's roll-offs and edges."""
        return [RollOff("deployment"), PreLaid(), RollOff("first-turn"), GameLoop()]

    def describe(self, game: AeonsGame, event: Event) -> str:
        return log.describe(game, event)

    def where(self, game: AeonsGame) -> str:
        st = game.state
        if st.round == 0:
            return "set-up"
        return f"round {st.round}, {catalog_of(game).side_names[st.active]} turn"

    def invariant_errors(self, game: AeonsGame) -> list[str]:
        errors = []
        if (game.decision is None) != game.is_over:
            errors.append("a decision must be pending exactly while the game is on")
        placed = list(models(game))
        for m in placed:
            others = [(o.pos, o.radius, o.level) for o in placed if o.id != m.id]
            where = game.board.placement_error(m.pos, m.radius, m.level, others)
            if where is not None:
                errors.append(f"{m.id} at {m.x:.2f},{m.y:.2f}: {where}")
            top = catalog_of(game).profile(m.profile).wounds
            if not 0 <= m.wounds <= top:
                errors.append(f"{m.id} has {m.wounds} Wounds of {top}")
            if m.state not in STATES:
                errors.append(f"{m.id} is in an unknown state {m.state!r}")
        return errors

    def sample_point(
        self, game: AeonsGame, spec: PointSpec, uniform: Callable[[], float]
    ) -> Point | None:
        if spec.kind not in ("deploy", "move"):
            choices = self.candidate_points(game, spec)
            return choices[int(uniform() * len(choices))] if choices else None
        m = game.model(spec.args[0])
        if spec.kind == "deploy":
            if len(spec.args) > 1:
                return _sample_quadrant(game, m, int(spec.args[1]), uniform)
            return _sample_deploy(game, m, uniform)
        if spec.kind == "move":
            reach, others = allowance(game, m), blockers(game, m)
            for _ in range(8):
                p = random_reachable_point(
                    game.board, m.pos, m.radius, others, m.level, reach, uniform
                )
                if p is not None and move_error(game, m, _at(spec, p)) is None:
                    return p
        return None

    def markers(self, game: AeonsGame) -> tuple[Marker, ...]:
        """A Basic Scenario's markers lying on the table (:mod:`.tokens`)."""
        return tuple(Marker((t.x, t.y), t.id, t.kind) for t in tokens.on_table(game))

    def templates(self, game: AeonsGame) -> tuple[TableTemplate, ...]:
        """The Smoke Canisters' templates on the table, numbered in the order they came down
        (R:1309, :mod:`.smoke`)."""
        return tuple(
            TableTemplate(
                f"S{n}",
                "Smoke Canister",
                (s.x, s.y),
                s.radius,
                f"{'on ' + s.level + ', ' if s.level else ''}lifts in round {s.lifts}",
            )
            for n, s in enumerate(game.state.smoke, start=1)
        )

    def model_status(self, game: AeonsGame, model: AeonsModel) -> ModelStatus:
        m = model
        top = catalog_of(game).profile(m.profile).wounds
        conditions = (*STATE_NAMES[m.state], *afflictions.conditions(game, m))
        conditions += ("Compelled",) if master_of(game, m) else ()  # R:645
        return ModelStatus(f"{m.wounds}/{top} Wounds", m.wounds < top, conditions)

    def sight_report(self, game: AeonsGame, viewer: AeonsModel, target: AeonsModel) -> SightReport:
        a, b = viewer, target
        seen = sight(game, a, b)
        cover = seen.cover if seen.visible else Cover.NONE
        return SightReport(seen.visible, f"{cover.name.lower()} cover" if cover else "")

    def game_length(self, game: AeonsGame) -> int:
        return game.state.round

    def setup_choices(self) -> dict[str, tuple[str, ...]]:
        return {"board": shipped_boards()}

    def model_card(self, game: AeonsGame, model: AeonsModel) -> tuple[tuple[str, str], ...]:
        return card.model_card(game, model)

    def action_odds(self, game: AeonsGame, action: Action) -> str:
        return odds.action_odds(game, action)

    def score_actions(self, game: AeonsGame, candidates: list[Action]) -> list[float]:
        return ai.score_actions(game, candidates)

    def points_ceiling(self, game: AeonsGame, spec: PointSpec) -> float:
        return ai.points_ceiling(game, spec)

    def candidate_points(self, game: AeonsGame, spec: PointSpec) -> list[Point]:
        if spec.kind == "marker":
            return tokens.marker_points(game)
        if spec.kind == pentacles.PENTACLE:
            return pentacles.place_points(game)
        if spec.kind == scene.SCENE:
            return scene.place_points(game)
        m = game.model(spec.args[0])
        if spec.kind == pentacles.ARRIVE:
            return pentacles.arrival_points(game, m, spec.args[1])
        if spec.kind == summoning.ARRIVES:
            return summoning.spots(game, summoning.newcomer(game))
        if spec.kind == puppets.PUPPET:
            return puppets.spots(game, m)
        if spec.kind == saltes.RAISED:
            return saltes.spots(game, m, spec.args[1])
        if spec.kind == mating.MATE:
            return mating.spots(game, m)
        if spec.kind == back_up.ARRIVES:
            return back_up.spots(game, m, spec.args[1])
        if spec.kind == worm.PLACE_GRUB:
            return worm.grub_spots(game, m)
        if spec.kind == banish.RETURN:
            return banish.spots(game, m)
        if spec.kind == graves.GRAVE:
            top = game.stack[-1]
            assert isinstance(top, sneaky.Sneak)
            return graves.spots(game, m, top.kept_zone())
        if spec.kind == sneaky.SNEAK:
            return sneaky.sneak_points(game, m, _own_zone_points(game, m))
        if spec.kind == zones.PLACE:
            return zones.zone_points(game, m)
        if spec.kind == tokens.DRAG:
            return [
                p for p in _drag_spots(game, m, spec) if move_error(game, m, _at(spec, p)) is None
            ]
        if spec.kind == "deploy":
            if len(spec.args) > 1:
                return quadrant_points(game, m, int(spec.args[1]), deployment_spacing(game))
            return _deploy_candidates(game, m)
        if spec.kind == "move":
            spots = _move_spots(game, m) + _exit_spots(game, m)
            return [p for p in spots if move_error(game, m, _at(spec, p)) is None]
        if spec.kind == "throw":
            return throw_points(game, game.model(spec.args[1]))
        if spec.kind == "jump":
            return jump_spots(game, m)
        if spec.kind == SHOOT_AT:
            return templates.blast_spots(game, m, spec.args[1])
        if spec.kind == salt.LINE:
            return salt.line_points(game, m)
        if spec.kind == trap.SET:
            return trap.spots(game, m)
        if spec.kind == "jet":
            return landing_points(game, m)
        if spec.kind == eggs.LAY:
            return eggs.spots(game, m)
        if spec.kind == eggs.PLACE:
            return eggs.prelay_spots(game, m)
        if spec.kind == "escape":
            return escape_points(game, m)
        return away_points(game, m, allowance(game, m), spec.kind)

    def rough_points(self, game: AeonsGame, spec: PointSpec) -> list[Point]:
        # Judging a Move's path costs more than weighing where it ends.
        if spec.kind == "move":
            m = game.model(spec.args[0])
            return _move_spots(game, m) + _exit_spots(game, m)
        if spec.kind == tokens.DRAG:
            return _drag_spots(game, game.model(spec.args[0]), spec)
        return self.candidate_points(game, spec)


@register_ruleset
class StrangeAeonsIntro(AeonsRules):
    """The introductory Fight: Frank Howard and an Agent against a Cult Leader, a Cultist and
    a Zombie, to the last side standing, as the log sheets of ``data/intro.toml`` give them.

    It is the rulebook's game (:mod:`.rulebook`) with another catalog: where the two differ
    (rules notes §1.15) the data file says which rule to play."""

    id = "strange-aeons-intro"
    title = "Strange Aeons: An Introduction (Fight)"
    aliases = ("sa-intro", "strange-aeons-introduction")
    catalog_file = resources.files(__package__) / "data" / "intro.toml"

    def normalize_setup(self, options: dict[str, Any]) -> dict[str, Any]:
        self.refuse_unknown(options)
        board = load_board(options.get("board"))
        room = deployment_room_error(self.catalog, board)
        if room is not None:
            raise SkirmishError(room)
        return {"board": board.to_dict()}


def _at(spec: PointSpec, p: Point) -> Action:
    return Action.at(spec.kind, spec.args, *p)


def _zone(game: AeonsGame, m: AeonsModel) -> tuple[float, float, float, float]:
    """The deployment strip of ``m``'s side as (x0, y0, x1, y1) for base centres."""
    b, r = game.board, m.radius
    depth = catalog_of(game).scenario.deployment_depth
    edge = Edge(game.state.edges[m.side])
    if edge == Edge.SOUTH:
        return (r, r, b.width - r, depth - r)
    if edge == Edge.NORTH:
        return (r, b.height - depth + r, b.width - r, b.height - r)
    if edge == Edge.WEST:
        return (r, r, depth - r, b.height - r)
    return (b.width - depth + r, r, b.width - r, b.height - r)


def _sample_deploy(game: AeonsGame, m: AeonsModel, uniform: Callable[[], float]) -> Point | None:
    x0, y0, x1, y1 = _zone(game, m)
    for _ in range(60):
        p = (round(x0 + (x1 - x0) * uniform(), 2), round(y0 + (y1 - y0) * uniform(), 2))
        if deploy_error(game, m, p) is None:
            return p
    return None


def _sample_quadrant(
    game: AeonsGame, m: AeonsModel, quadrant: int, uniform: Callable[[], float]
) -> Point | None:
    x0, y0, x1, y1 = quadrant_box(game, m, quadrant)
    spacing = deployment_spacing(game)
    for _ in range(60):
        p = (round(x0 + (x1 - x0) * uniform(), 2), round(y0 + (y1 - y0) * uniform(), 2))
        if quadrant_error(game, m, p, quadrant, spacing) is None:
            return p
    found = quadrant_points(game, m, quadrant, spacing)
    return found[int(uniform() * len(found))] if found else None


def _deploy_candidates(game: AeonsGame, m: AeonsModel) -> list[Point]:
    x0, y0, x1, y1 = _zone(game, m)
    found = []
    for i in range(9):
        for j in range(3):
            p = (round(x0 + (x1 - x0) * i / 8, 2), round(y0 + (y1 - y0) * j / 2, 2))
            if deploy_error(game, m, p) is None:
                found.append(p)
    return found


def _own_zone_points(game: AeonsGame, m: AeonsModel) -> list[Point]:
    """Where a Sneaky model might stand in its deployment's own zone (the Sneak step on top
    names it)."""
    top = game.stack[-1]
    assert isinstance(top, sneaky.Sneak)
    if top.zone == zones.PLACE:
        return zones.zone_points(game, m)
    if top.zone == "quadrant":
        spacing = room_spacing(game, m)
        quadrants = range(1, areas(game) + 1)
        return [p for q in quadrants for p in quadrant_points(game, m, q, spacing)]
    return _deploy_candidates(game, m)


def _exit_spots(game: AeonsGame, m: AeonsModel) -> list[Point]:
    """Points just beyond the edges by which ``m`` would meet a scenario's objective."""
    return [_beyond(game, m, edge) for edge in objectives.goal_edges(game, m)]


def _beyond(game: AeonsGame, m: AeonsModel, edge: Edge) -> Point:
    x, y = game.board.edge_contact(m.pos, m.radius, edge)
    dx, dy = {Edge.WEST: (-1, 0), Edge.EAST: (1, 0), Edge.SOUTH: (0, -1), Edge.NORTH: (0, 1)}[edge]
    return (round(x + dx * (m.radius + 0.5), 2), round(y + dy * (m.radius + 0.5), 2))


def _drag_spots(game: AeonsGame, m: AeonsModel, spec: PointSpec) -> list[Point]:
    """Ends of Moves taking a marker along: straight moves within the reduced Movement, and
    beyond the edges it wins by."""
    reach = allowance(game, m) - tokens.penalty(game, m, spec.args[1])
    edges = objectives.goal_edges(game, m, spec.args[1])
    return _move_spots(game, m, reach) + [_beyond(game, m, e) for e in edges]


def _reaches(game: AeonsGame, m: AeonsModel, reach: float) -> list[float]:
    """``reach``, and what is left of it once the terrain ``m`` stands in is paid for (rough
    terrain, water, snow: R:166, R:256-264), when that is less: a Move out of it goes no
    further."""
    here = move_path(game, m, m.pos, reach)
    left = reach if here is None else reach_along(game, m, here, reach)
    return [reach, left] if 0.0 < left < reach else [reach]


DIRECTIONS = tuple((math.cos(math.tau * k / 12), math.sin(math.tau * k / 12)) for k in range(12))
"""The 12 directions of the straight Moves weighed, a twelfth of a turn apart."""
COVER_MIDDLES = "strange-aeons cover middles"  # the board's memo of them (:func:`_cover_middles`)
EASE = 0.02
"""Inches a Move's end at its full reach is brought back, so that rounding it to hundredths
cannot put it beyond the reach."""


def _eased(end: Point, toward: Point) -> Point:
    """``end`` brought :data:`EASE` back toward ``toward``."""
    d = math.dist(end, toward)
    if d <= EASE:
        return toward
    return (end[0] + (toward[0] - end[0]) * EASE / d, end[1] + (toward[1] - end[1]) * EASE / d)


def _move_spots(game: AeonsGame, m: AeonsModel, reach: float | None = None) -> list[Point]:
    """Ends of Moves worth weighing, not yet judged by the rules: straight moves in 12
    directions (within ``reach``, the model's Movement unless given), approaches to each
    enemy on its surface and to the ladders toward one on another (:mod:`.ways`), onto each
    marker it seeks (:func:`.ai.sought`), and spots beside terrain."""
    others, board = blockers(game, m), game.board
    pos, radius, level = m.pos, m.radius, m.level
    x, y = pos
    reach = allowance(game, m) if reach is None else reach
    raw: list[Point] = []
    for most in _reaches(game, m, reach):
        for direction in DIRECTIONS:
            end, _ = ray_move(board, pos, direction, most, radius, others, level)
            raw.append(end)
            raw.append(((x + end[0]) / 2, (y + end[1]) / 2))
            if math.dist(pos, end) > most - EASE:
                raw.append(_eased(end, pos))
    enemies = [e for e in models(game) if e.side != m.side]
    goals = [(e.pos, radius + e.radius + 1.0) for e in enemies if e.level == level]
    if any(e.level != level for e in enemies):
        # An enemy on another surface is reached by a ladder: the Move to its end first.
        goals += [(end, 0.0) for end in ladder_ends(board, level)]
    # A Byakhee flies to a friend it would lift (R:639).
    goals += [(f.pos, radius + f.radius + CONTACT / 2) for f in transporter.fares(game, m)]
    # Onto a marker it seeks: in contact with it, to search or purify it.
    goals += [(p, radius) for p in ai.sought(game, m)]
    for goal, stop in goals:
        path = reach_toward(board, pos, goal, radius, others, level, reach, stop)
        if path is not None:
            raw.append(path.points[-1])
        if path is not None and len(path.points) > 1 and path.length > reach - EASE:
            raw.append(_eased(path.points[-1], path.points[-2]))
    for cx, cy in _cover_middles(board):
        # Up against a nearby piece of cover, on the straight line towards its middle.
        d = math.hypot(cx - x, cy - y)
        if 0.0 < d <= reach + 3.0:
            toward = ((cx - x) / d, (cy - y) / d)
            raw.append(ray_move(board, pos, toward, reach, radius, others, level)[0])
    spots = list(dict.fromkeys(map(kept, raw)))  # in order, once each
    # A Move into base-to-base is a Charge; charges are candidates of their own.
    for centre, r in [(e.pos, e.radius) for e in enemies if e.level == level]:
        spots = [p for p in spots if edge_distance(p, radius, centre, r) > CONTACT]
    return spots


def _cover_middles(board: Board) -> tuple[Point, ...]:
    """The middle (:meth:`.Terrain.middle`) of each piece that gives cover, in the board's
    order: a Move up against one is weighed. Of the board alone, so found once for it."""
    memo: Memo[str, tuple[Point, ...]] = board.memo(COVER_MIDDLES)
    return memo.remember(
        COVER_MIDDLES,
        lambda: tuple(piece.middle() for piece in board.terrain if piece.cover > Cover.NONE),
    )
