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
from skirmish.errors import SkirmishError, quoted
from skirmish.geometry.board import Board, Edge
from skirmish.geometry.board import load_board as board_from_spec
from skirmish.geometry.shapes import Point, mm_to_inches
from skirmish.rulesets.sacred_wire.campaign.book import (
    Book,
    book_from_data,
    book_to_data,
    is_book_data,
)
from skirmish.rulesets.sacred_wire.game.model import Losses, WireModel
from skirmish.rulesets.sacred_wire.game.movement import move_error, plan_route, walk
from skirmish.rulesets.sacred_wire.game.space import in_play, placement_problem, table
from skirmish.rulesets.sacred_wire.hostiles import arrival, coworkers
from skirmish.rulesets.sacred_wire.missions import (
    advantages,
    deployment,
    loot,
    solo,
    terrain,
    zones,
)
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
    decode_document,
    file_label,
    load_sample_squad,
    parse_squad,
    read_document,
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
NO_SQUAD = "no squad"  # side B of a solo game (X1)


# --- setup options ----------------------------------------------------------------------------


def load_board(spec: Any) -> Board:
    """The board of a setup: a shipped name (``"sacred-wire"`` by default), a file or a table."""
    return board_from_spec(spec, DEFAULT_BOARD)


#: The key under which a setup embeds a campaign book's data in place of a squad's.
BOOK = "book"


def _squad_from_file(spec: str, catalog: Catalog) -> Squad | Book:
    if spec in sample_squad_names():
        return _sample(spec, catalog)
    # Read on every call, parsed once per text: a book changes after each post-game.
    text, fmt = read_document(spec, "squad file")
    return _squad_or_book(text, fmt, file_label("squad file", spec), catalog)


@lru_cache(maxsize=64)
def _sample(name: str, catalog: Catalog) -> Squad:
    return load_sample_squad(name, catalog=catalog)


@lru_cache(maxsize=64)
def _squad_or_book(text: str, fmt: str, label: str, catalog: Catalog) -> Squad | Book:
    raw = decode_document(text, fmt, label)
    if is_book_data(raw):
        return book_from_data(raw, catalog, label.replace("squad file", "campaign book"))
    return squad_from_data(raw, catalog=catalog, label=label)


def load_squad_spec(spec: Any, key: str, catalog: Catalog) -> dict[str, Any]:
    """A squad as plain data from a sample name, a squad file path, or squad data, validated
    against ``catalog``; or a campaign book (a book file, or ``{"book": data}``), embedded as
    ``{"book": data}``: the squad of its next game (K3, :meth:`.Book.lineup`).

    Raises:
        SkirmishError: the squad cannot be read or breaks the squad-building rules (C2), or
            the book is invalid, short of a squad (K3) or has no model fit to play.
    """
    found: Squad | Book
    if isinstance(spec, dict) and set(spec) == {BOOK}:
        found = _book_from_json(json.dumps(spec[BOOK], sort_keys=True), catalog)
    elif isinstance(spec, dict):
        found = _squad_from_json(json.dumps(spec, sort_keys=True), catalog)
    elif isinstance(spec, str | Path):
        found = _squad_from_file(str(spec), catalog)
    else:
        raise SkirmishError(
            f"{key}: a squad is a sample name, a squad file, a campaign book or squad data, "
            f"not {type(spec).__name__}"
        )
    if isinstance(found, Squad):
        return squad_to_data(found)
    found.lineup(catalog.squad.models)
    return {BOOK: book_to_data(found)}


@lru_cache(maxsize=64)
def _book_from_json(text: str, catalog: Catalog) -> Book:
    return book_from_data(json.loads(text), catalog)


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
    solo.OPTION,
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
    alone = solo.played(options)
    options = solo.normalize(options)
    board = load_board(options.get("board"))
    squads = {
        "squad_a": load_squad_spec(options.get("squad_a", DEFAULT_SQUADS[0]), "squad_a", catalog),
        **_second_squad(options, alone, catalog),
    }
    books = (book_played(squads, 0), book_played(squads, 1))
    setup = {
        "board": board.to_dict(),
        **squads,
        **loot.normalize(options, board, catalog.loot),
        **zones.normalize(options, catalog.campaign, books),
        **deployment.normalize(options, catalog.missions),
        **arrival.normalize(options, catalog.missions),
        **coworkers.normalize(options, catalog.missions),
        **advantages.normalize(options, catalog.missions),
    }
    setup |= zones.extractor_option(options, setup.get("mission"), books)
    zones.check_trigger(setup, books, catalog.missions)
    kind = setup["deployment"]
    sizes = (_playing(setup["squad_a"]), _playing(setup.get("squad_b")))
    if not deployment.has_room(board, kind, sizes, RADIUS):
        raise SkirmishError(
            f"board {board.name!r} has no room to deploy: no pick of the {kind} deployment "
            "leaves both squads space for their models (K1.2, notes A82)"
        )
    return setup


def _second_squad(options: dict[str, Any], alone: bool, catalog: Catalog) -> dict[str, Any]:
    """Side B's squad, or in a solo game none (:mod:`..missions.solo`)."""
    if alone:
        return {solo.OPTION: True}
    spec = options.get("squad_b", DEFAULT_SQUADS[1])
    return {"squad_b": load_squad_spec(spec, "squad_b", catalog)}


def lineups(setup: dict[str, Any], catalog: Catalog) -> tuple[Lineup, Lineup]:
    """The squads of a normalized setup as the state keeps them, side A first; a solo game's
    side B has no model."""
    return (_lineup(setup["squad_a"], catalog), _lineup(setup.get("squad_b"), catalog))


def book_played(setup: dict[str, Any], side: int) -> dict[str, Any] | None:
    """The data of the campaign book whose squad plays ``side`` (0 = A), or None."""
    found: dict[str, Any] | None = setup.get(("squad_a", "squad_b")[side], {}).get(BOOK)
    return found


def _playing(data: dict[str, Any] | None) -> int:
    """How many models a squad's data puts on the table: a book's Sidelined sit out (K3.3)."""
    if data is None:
        return 0
    models = data[BOOK]["models"] if BOOK in data else data["models"]
    return sum(1 for model in models if not model.get("sidelined", False))


def _lineup(data: dict[str, Any] | None, catalog: Catalog) -> Lineup:
    if data is None:
        return Lineup(NO_SQUAD, ())
    if BOOK in data:
        book = _book_from_json(json.dumps(data[BOOK], sort_keys=True), catalog)
        return book.lineup(catalog.squad.models)
    return lineup_of(_squad_from_json(json.dumps(data, sort_keys=True), catalog))


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
                    health=max(1, p.health - p.damage),
                    max_health=p.health,
                    weapons=p.weapons,
                    grenades=p.grenades,
                    consumables=p.consumables,
                    gear=p.gear,
                    armor=p.armor,
                    slag=p.slag,
                    losses=Losses(ranged=p.burned),
                    powers=p.powers,
                )
            )


# --- the steps ------------------------------------------------------------------------------


def boss(game: WireGame, side: int) -> WireModel:
    """The side's Boss (C2); a campaign squad whose Boss is Sidelined (K3.3) is led by its
    model of the best Wits, the first in its roster on a tie (our reading: the book has no
    rule for a game without the Boss)."""
    squad = [m for m in game.models if m.side == side]
    found = next((m for m in squad if profile(game, m).is_boss), None)
    return found or max(squad, key=lambda m: (profile(game, m).wits, -m.slot))


@dataclass(slots=True, eq=False)
class BossRollOff(Step):
    """Each Boss rolls Wits against the other's; the winner is First Player for the whole
    setup (K1.2). Ties: the lower DT wins, the same DT rolls again (C1.9). A solo game's
    squad is First Player with no roll (X1)."""

    rule = SETUP

    def run(self, game: WireGame, action: Action | None) -> Decision | list[Step]:
        if solo.played(game.setup):
            game.state.first = 0
            game.emit("first-player", solo.RULE, (), side=0)
            return []
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
    """Why ``m`` cannot be deployed at ``point``, or None: judged once though the rules ask
    when a player's point is sampled and when it is played. Kept by the :class:`.Table`,
    which is dropped as any model is placed, with the zones of its side: the answer reads
    them, the board, the bases in play and the models still to deploy, never where ``m``
    itself stands (its own base is left out of the others)."""
    zones = game.state.zones[m.side]
    kept = table(game).deploys
    key = (m, point, zones)
    if key not in kept:
        kept[key] = _deploy_error(game, m, point)
    return kept[key]


def _deploy_error(game: WireGame, m: WireModel, point: Point) -> str | None:
    level = game.board.surface_at(point)
    where = zone_error(game, m, point) or placement_problem(game, m, point, level)
    return where or room_error(game, m, point, level)


def room_error(game: WireGame, m: WireModel, point: Point, level: str | None) -> str | None:
    """Why ``m`` deployed at ``point`` would leave the models of its squad still to deploy no
    room in its zones, or None: the room notes A82 asks of the zones before deployment, kept
    as each model goes down (bases placed one by one may close off a corner that held them
    all, and the rules never leave a model nowhere to deploy)."""
    question = _room_question(game, m)
    if question is None:
        return None
    names, r, count, bases = question
    board = game.board
    if deployment.room_among(board, names, r, count, [*bases, (point, m.radius, level)]):
        return None
    if not deployment.room_among(board, names, r, count + 1, bases):
        return None  # no spot leaves room that was not lacking already: none is refused
    models = "model" if count == 1 else "models"
    return (
        f"{m.label} there would leave no room {deployment.zones_text(names)} for the "
        f"{count} {models} still to deploy (K1.2, notes A82)"
    )


def keeping_room(game: WireGame, m: WireModel, spots: list[Point]) -> list[Point]:
    """Those of ``spots``, each one :func:`deploy_error` takes but for its room, where ``m``
    deployed leaves its squad room (:func:`room_error`)."""
    question = _room_question(game, m)
    if question is None:
        return spots
    names, r, count, bases = question
    if not deployment.room_among(game.board, names, r, count + 1, bases):
        return spots  # as room_error: the room was lacking already
    return deployment.keeping_room(game.board, names, r, count, bases, m.radius, spots)


def _room_question(
    game: WireGame, m: WireModel
) -> tuple[deployment.Zones, float, int, list[deployment.Spot]] | None:
    """What :func:`room_error` asks when ``m`` deploys: its side's zones, the largest base
    and the number of the models still to deploy after it, and the bases down but its own;
    None when no model is left after it."""
    left = [o for o in _waiting(game, m.side) if o.id != m.id]
    if not left:
        return None
    bases = [(o.pos, o.radius, o.level) for o in in_play(game) if o.id != m.id]
    return game.state.zones[m.side], max(max(o.radius for o in left), m.radius), len(left), bases


def _waiting(game: WireGame, side: int) -> list[WireModel]:
    """The side's models not yet on the table (K1.2)."""
    return [m for m in game.models if m.side == side and not m.deployed and m.removed is None]


def zone_error(game: WireGame, m: WireModel, point: Point) -> str | None:
    """Why a base of ``m`` at ``point`` is not wholly on the table and in one of its side's
    deployment zones (K1.2), or None: what of :func:`deploy_error` no other base bears on."""
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
    return None


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
        return _waiting(game, side)

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
