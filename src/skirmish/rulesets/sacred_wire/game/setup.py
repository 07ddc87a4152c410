"""Setting up the two-squad game (K1.1, K1.2): the board and squads of the setup options, the
Boss roll-off, the table edge, alternate deployment along opposite edges, and the Scouts' 3"
move after deployment (C2.4).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision, PointSpec
from skirmish.engine.step import Step
from skirmish.errors import SkirmishError
from skirmish.geometry.board import Board, Edge
from skirmish.geometry.board import load_board as board_from_spec
from skirmish.geometry.shapes import Point, mm_to_inches
from skirmish.rulesets.sacred_wire.game.model import WireModel
from skirmish.rulesets.sacred_wire.game.movement import move_error, plan_route, walk
from skirmish.rulesets.sacred_wire.game.space import placement_problem
from skirmish.rulesets.sacred_wire.hostiles import arrival, coworkers
from skirmish.rulesets.sacred_wire.missions import advantages, deployment, loot, terrain, zones
from skirmish.rulesets.sacred_wire.missions.deployment import Rect
from skirmish.rulesets.sacred_wire.missions.zones import SETUP
from skirmish.rulesets.sacred_wire.rolls.contest import contest
from skirmish.rulesets.sacred_wire.rules_data.catalog import Catalog
from skirmish.rulesets.sacred_wire.rules_data.effects import PostDeploymentMove
from skirmish.rulesets.sacred_wire.squads.lineup import Lineup, lineup_of
from skirmish.rulesets.sacred_wire.squads.roster import (
    CONTRACTS,
    contract_effects,
    profile,
    tier,
)
from skirmish.rulesets.sacred_wire.squads.squad import (
    Squad,
    load_sample_squad,
    load_squad,
    parse_squad,
    quoted,
    sample_squad_names,
    squad_from_data,
    squad_to_data,
)

if TYPE_CHECKING:
    from skirmish.rulesets.sacred_wire.game.state import WireGame

DEFAULT_BOARD = "sacred-wire"
DEFAULT_SQUADS = ("wrecking-crew", "firing-line")
DEPLOY_DEPTH = deployment.DEPTH
BASE_MM = 25.0  # notes A23
RADIUS = mm_to_inches(BASE_MM) / 2
SIDES = ("A", "B")


# --- setup options ----------------------------------------------------------------------------


def load_board(spec: Any) -> Board:
    """The board of a setup: a shipped name (``"sacred-wire"`` by default), a file or a table."""
    return board_from_spec(spec, DEFAULT_BOARD)


@lru_cache(maxsize=64)
def _squad_from_file(spec: str, catalog: Catalog) -> Squad:
    if spec in sample_squad_names():
        return load_sample_squad(spec, catalog=catalog)
    return load_squad(spec, catalog=catalog)


def load_squad_spec(spec: Any, key: str, catalog: Catalog) -> dict[str, Any]:
    """A squad as plain data from a sample name, a squad file path, or squad data, validated
    against ``catalog``.

    Raises:
        SkirmishError: the squad cannot be read or breaks the squad-building rules (C2).
    """
    if isinstance(spec, dict):
        squad = _squad_from_json(json.dumps(spec, sort_keys=True), catalog)
    elif isinstance(spec, str | Path):
        squad = _squad_from_file(str(spec), catalog)
    else:
        raise SkirmishError(
            f"{key}: a squad is a sample name, a squad file or squad data, "
            f"not {type(spec).__name__}"
        )
    return squad_to_data(squad)


@lru_cache(maxsize=64)
def _squad_from_json(text: str, catalog: Catalog) -> Squad:
    return parse_squad(text, "json", catalog=catalog)


SETUP_KEYS = (
    "board",
    "squad_a",
    "squad_b",
    "deployment",
    "loot",
    "loot_modifier",
    *zones.OPTIONS,
    *arrival.OPTIONS,
    *coworkers.OPTIONS,
    advantages.OPTION,
)
"""Every setup option a game takes."""


def normalize_setup(options: dict[str, Any], catalog: Catalog) -> dict[str, Any]:
    """Check the setup options and embed the board and both squads as data, the squads
    validated against ``catalog`` (the ruleset's).

    Raises:
        SkirmishError: an unknown option, or a board or squad that cannot be used.
    """
    if not isinstance(options, dict):
        raise SkirmishError("setup options must be a table of board, squad_a and squad_b")
    known = SETUP_KEYS
    unknown = sorted(quoted(key) for key in set(options) - set(known))
    if unknown:
        raise SkirmishError(
            f"unknown setup option(s): {', '.join(unknown)}; known: {', '.join(known)}"
        )
    nulls = [key for key in known if key in options and options[key] is None]
    if nulls:
        raise SkirmishError(
            f"{nulls[0]}: null is not a value; leave {nulls[0]} out for its default"
        )
    board = load_board(options.get("board"))
    setup = {
        "board": board.to_dict(),
        "squad_a": load_squad_spec(options.get("squad_a", DEFAULT_SQUADS[0]), "squad_a", catalog),
        "squad_b": load_squad_spec(options.get("squad_b", DEFAULT_SQUADS[1]), "squad_b", catalog),
        **loot.normalize(options, board, catalog.loot),
        **zones.normalize(options, catalog.campaign),
        **deployment.normalize(options, catalog.missions),
        **arrival.normalize(options, catalog.missions),
        **coworkers.normalize(options, catalog.missions),
        **advantages.normalize(options, catalog.missions),
    }
    kind = setup["deployment"]
    sizes = (len(setup["squad_a"]["models"]), len(setup["squad_b"]["models"]))
    if not deployment.has_room(board, kind, sizes, RADIUS):
        raise SkirmishError(
            f"board {board.name!r} has no room to deploy: no pick of the {kind} deployment "
            "leaves both squads space for their models (K1.2, notes A82)"
        )
    return setup


def lineups(setup: dict[str, Any], catalog: Catalog) -> tuple[Lineup, Lineup]:
    """The squads of a normalized setup as the state keeps them, side A first."""
    a, b = (squad_from_data(setup[key], catalog=catalog) for key in ("squad_a", "squad_b"))
    return (lineup_of(a), lineup_of(b))


def add_models(game: WireGame) -> None:
    """Put both squads' models into the game, undeployed: ids A1-A5 and B1-B5."""
    for side, lineup in enumerate(game.state.lineups):
        for slot, p in enumerate(lineup.models):
            game.add_model(
                WireModel(
                    f"{SIDES[side]}{slot + 1}",
                    side,
                    p.name,
                    -1.0,
                    -1.0,
                    RADIUS,
                    slot=slot,
                    health=p.health,
                    max_health=p.health,
                    weapons=p.weapons,
                    grenades=p.grenades,
                    consumables=p.consumables,
                    gear=p.gear,
                    armor=p.armor,
                    power=p.power,
                )
            )


# --- the steps ------------------------------------------------------------------------------


def boss(game: WireGame, side: int) -> WireModel:
    """The side's Boss (C2)."""
    return next(m for m in game.models if m.side == side and profile(game, m).is_boss)


@dataclass(slots=True, eq=False)
class BossRollOff(Step):
    """Each Boss rolls Wits against the other's; the winner is First Player for the whole
    setup (K1.2). Ties: the lower DT wins, the same DT rolls again (C1.9)."""

    rule = SETUP

    def run(self, game: WireGame, action: Action | None) -> Decision | list[Step]:
        a, b = boss(game, 0), boss(game, 1)
        opposed = contest(
            game,
            tier(game, a, "wits"),
            tier(game, b, "wits"),
            ("roll-off", "roll-off"),
            (a.id, b.id),
            SETUP,
        )
        game.state.first = opposed.winner
        game.emit(
            "roll-off",
            SETUP,
            (a.id, b.id),
            winner=opposed.winner,
            totals=[opposed.first_total, opposed.second_total],
        )
        return []


def deploy_rects(game: WireGame, m: WireModel) -> list[Rect]:
    """Where ``m``'s centre may go, zone by zone (:func:`.deployment.rect`)."""
    return [deployment.rect(game.board, z, m.radius) for z in game.state.zones[m.side]]


def deploy_error(game: WireGame, m: WireModel, point: Point) -> str | None:
    """Why ``m`` cannot be deployed at ``point``, or None."""
    names = game.state.zones[m.side]
    board = game.board
    if not board.on_table(point, m.radius):
        return "the base would be off the table"
    if not any(deployment.inside(board, z, point, m.radius) for z in names):
        if len(names) == 1 and names[0] in deployment.EDGES:
            edge = Edge(names[0])
            reach = board.distance_to_edge(point, m.radius, edge) + 2 * m.radius
            return (
                f'the base must be wholly within {DEPLOY_DEPTH:g}" of the {edge.value} edge; its '
                f'far side would be {reach:.2f}" from it (K1.2, notes A82)'
            )
        return f"the base must be wholly {deployment.zones_text(names)} (K1.2, notes A82)"
    return placement_problem(game, m, point, board.surface_at(point))


@dataclass(slots=True, eq=False)
class Deploy(Step):
    """The Second Player deploys first; the players alternate one model at a time (K1.2),
    unless the Defender deploys last (K1.4). The Defender's Terrain pieces go down first
    (K1.4 Setup 4): ``laid`` says they have."""

    rule = SETUP
    laid: bool = False

    def run(self, game: WireGame, action: Action | None) -> Decision | list[Step]:
        if not self.laid:
            self.laid = True
            return [*terrain.opening(game), self]
        st = game.state
        if action is not None:
            assert action.point is not None
            m = game.model(action.args[0])
            m.x, m.y = action.point
            m.level = game.board.surface_at(action.point)
            st.deployed = (*st.deployed, m.id)
            game.emit("deployed", SETUP, (m.id,), at=list(action.point))
        side = self.turn(game)
        if side is None:
            return []
        hint = f"a point with the whole base {deployment.zones_text(st.zones[side])}"
        specs = tuple(PointSpec("deploy", (m.id,), hint) for m in self.waiting(game, side))
        return Decision(side, "deploy", "deploy a model", (), specs)

    def waiting(self, game: WireGame, side: int) -> list[WireModel]:
        """The side's models not yet on the table."""
        return [
            game.model(m.id)
            for m in game.models
            if m.side == side and not m.deployed and m.removed is None
        ]

    def turn(self, game: WireGame) -> int | None:
        """Whose turn it is to deploy: the Second Player first, then alternately; with Deploy
        last, the Aggressor's every model first (K1.4)."""
        st = game.state
        second = 1 - st.first
        order = (second, st.first) if len(st.deployed) % 2 == 0 else (st.first, second)
        if advantages.has(game, advantages.DEPLOY_LAST):
            last = advantages.defender(game)
            order = (1 - last, last)
        for side in order:
            if self.waiting(game, side):
                return side
        return None

    def point_error(self, game: WireGame, action: Action) -> str | None:
        assert action.point is not None
        return deploy_error(game, game.model(action.args[0]), action.point)


@dataclass(slots=True, eq=False)
class Redeploy(Step):
    """Redeploy (K1.4 Setup 1): once every model is down, the Defender may move one Aggressor
    model to another legal spot of the Aggressor's zone (``redeploy A2 x,y``, or ``skip``)."""

    rule = advantages.ADVANTAGES

    def run(self, game: WireGame, action: Action | None) -> Decision | list[Step]:
        if not advantages.has(game, advantages.REDEPLOY):
            return []
        if action is not None:
            if action.point is not None:
                m = game.model(action.args[0])
                m.x, m.y = action.point
                m.level = game.board.surface_at(action.point)
                game.emit("redeployed", advantages.ADVANTAGES, (m.id,), at=list(action.point))
            return []
        side = advantages.defender(game)
        movable = [m for m in game.models if m.side == 1 - side and m.on_table]
        if not movable:
            return []
        hint = f"a point with the whole base {deployment.zones_text(game.state.zones[1 - side])}"
        specs = tuple(PointSpec("redeploy", (m.id,), hint) for m in movable)
        prompt = "Redeploy: move one Aggressor model to another legal spot (K1.4)"
        return Decision(side, "redeploy", prompt, (Action("skip", ()),), specs)

    def point_error(self, game: WireGame, action: Action) -> str | None:
        assert action.point is not None
        return deploy_error(game, game.model(action.args[0]), action.point)


def scout_move(game: WireGame, m: WireModel) -> float:
    """The inches ``m`` may move after deployment (C2.4 Scout), else 0."""
    return float(
        max(
            (e.inches for e in contract_effects(game, m) if isinstance(e, PostDeploymentMove)),
            default=0,
        )
    )


@dataclass(slots=True, eq=False)
class ScoutMoves(Step):
    """Once every model is deployed, each Scout may move 3", in deployment order, not ending
    within 1" of an enemy (C2.4, notes A20)."""

    rule = CONTRACTS
    done: int = 0

    def run(self, game: WireGame, action: Action | None) -> Decision | list[Step]:
        st = game.state
        if action is not None:
            m = game.model(action.args[0])
            self.done += 1
            if action.kind == "skip":
                game.emit("scout-stays", CONTRACTS, (m.id,))
            else:
                assert action.point is not None
                route = plan_route(game, m, action.point)
                assert route is not None
                walk(game, m, route, "scout")
        while self.done < len(st.deployed):
            m = game.model(st.deployed[self.done])
            inches = scout_move(game, m)
            if inches <= 0 or m.removed is not None:
                self.done += 1
                continue
            hint = f'a point within {inches:g}", not within 1" of an enemy'
            return Decision(
                m.side,
                "scout",
                f'{m.name} ({m.id}) may move {inches:g}" after deployment',
                (Action("skip", (m.id,)),),
                (PointSpec("scout-move", (m.id,), hint),),
            )
        return []

    def point_error(self, game: WireGame, action: Action) -> str | None:
        assert action.point is not None
        m = game.model(action.args[0])
        return move_error(game, m, action.point, "scout", scout_move(game, m))
