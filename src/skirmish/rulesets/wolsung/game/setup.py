"""Setting up a Wolsung game: the clubs, the scenario, the house rules and the board of a
setup; the models; the First Player; the deployment (L28-L31, L219; rules notes §1.2, §6 D3,
§7 item 103; house scenarios ``wolsung-scenarios.md`` §4.0).

- A setup names each club as a shipped sample (``ash-and-oak``, ``inventors``, ``triad``) or
  a club-list file, or gives the list itself; it keeps the list's data, so a record replays
  anywhere. Every club must pass club building (:func:`..clubs.building.check_club`); the
  setup is refused with every violation in one message.
- ``extra_turn_roll`` switches on the roll for a seventh turn after the sixth
  (``wolsung-scenarios.md`` §4.0, §5; off by default, :mod:`.scoring`).
- The First Player is found by a roll-off, each player rolling a D6 and the ties rolling again
  (L30, any random method).
- The First Player picks a deployment zone and places all its models; then each other club in
  turn, clockwise, picks its zone and places its models (L30, §7 item 103). The zones are the
  scenario's: two bands along opposite edges (Line, two clubs) or the corners (Corners, two
  to four clubs), as :mod:`..table.zones` draws them (``wolsung-scenarios.md`` §4.0).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from skirmish.data_files import problem_list
from skirmish.documents import decode_document, file_label, read_document
from skirmish.engine.action import Action
from skirmish.engine.decision import Decision, PointSpec
from skirmish.engine.ruleset import Area, list_items
from skirmish.engine.step import Step
from skirmish.errors import SkirmishError
from skirmish.geometry.board import Board, load_board
from skirmish.geometry.shapes import Point, mm_to_inches
from skirmish.legend import side_name
from skirmish.rulesets.wolsung.cards.hand import lay_out
from skirmish.rulesets.wolsung.clubs.building import check_club
from skirmish.rulesets.wolsung.clubs.club_list import ClubList, ClubListError, sample_club_lists
from skirmish.rulesets.wolsung.game.base import (
    HOUSE_OPTIONS,
    WolsungRuleset,
    club_lists,
    common_of,
    member,
    scenario_of,
)
from skirmish.rulesets.wolsung.game.model import WolsungModel, body_height
from skirmish.rulesets.wolsung.game.roster import Arrival
from skirmish.rulesets.wolsung.game.state import WolsungGame, WolsungState
from skirmish.rulesets.wolsung.table.zones import (
    Zone,
    deploy_order,
    deployment_zones,
    open_zones,
)

__all__ = ["SETUP_KEYS", "Deploy", "FirstPlayer", "add_models", "normalize_setup"]

SETUP_KEYS = ("clubs", "scenario", "board", "house", "extra_turn_roll")
DEFAULT_CLUBS = ("ash-and-oak", "inventors")
DEFAULT_SCENARIO = "s1"
DEFAULT_BOARD = "wolsung"
FIRST_PLAYER = "L30"
DEPLOY = "L30"


def _club_document(spec: str | dict[str, Any]) -> Any:
    """A club list's data from a sample name, a file name or the data itself (the setup has
    refused any other kind of club)."""
    if isinstance(spec, dict):
        return spec
    samples = sample_club_lists()
    if spec in samples:
        return decode_document(samples[spec].read_text("utf-8"), "toml", spec, ClubListError)
    if not spec.endswith((".toml", ".json")):
        known = ", ".join(samples)
        raise SkirmishError(f"unknown club {spec!r}: a sample ({known}) or a .toml/.json file")
    text, fmt = read_document(Path(spec), "club file", ClubListError)
    return decode_document(text, fmt, spec, ClubListError)


def _club_list(ruleset: WolsungRuleset, n: int, spec: Any, document: Any) -> ClubList:
    """The club list of the setup's ``n``-th club, given as ``spec``.

    Raises:
        ClubListError: the list does not read, naming the club's place and its file.
    """
    try:
        (club,) = club_lists(ruleset.catalog, [document])
    except ClubListError as exc:
        given = file_label("club file", spec) if isinstance(spec, str) else "a table"
        raise ClubListError(f"club {n} ({given}): {exc}") from None
    return club


def normalize_setup(ruleset: WolsungRuleset, options: dict[str, Any]) -> dict[str, Any]:
    """Check a setup and fill its defaults: the clubs' data, the board, the house rules.

    Raises:
        SkirmishError: one line naming every problem (an unknown option, a club that cannot
            be read or breaks club building, an unknown house rule, a seventh turn roll
            neither true nor false).
    """
    unknown = sorted(set(options) - set(SETUP_KEYS))
    if unknown:
        raise SkirmishError(
            f"unknown setup option(s) {', '.join(unknown)}; known: {', '.join(SETUP_KEYS)}"
        )
    scenario = ruleset.scenarios.get(str(options.get("scenario", DEFAULT_SCENARIO)).lower())
    clubs = options.get("clubs", list(DEFAULT_CLUBS))
    if isinstance(clubs, str):
        clubs = list_items("clubs", clubs)
    listed = isinstance(clubs, list) and all(isinstance(c, str | dict) for c in clubs)
    if not listed or not clubs:
        # Not a count of clubs gone wrong but no list of clubs at all (none, a number, a table,
        # a list of lists): say what the option holds.
        raise SkirmishError(
            "clubs: a list of clubs, each a club name "
            f"({', '.join(sample_club_lists())}), a club-list file or a table, "
            "as ash-and-oak,inventors"
        )
    low, high = scenario.players
    if not low <= len(clubs) <= high:
        count = f"{low}" if low == high else f"{low} to {high}"
        raise SkirmishError(
            f"clubs: {scenario.name} ({scenario.id}) is played by {count} clubs, as "
            "ash-and-oak,inventors"
        )
    documents = [json.loads(json.dumps(_club_document(c))) for c in clubs]
    read = [
        _club_list(ruleset, n, spec, document)
        for n, (spec, document) in enumerate(zip(clubs, documents, strict=True), start=1)
    ]
    problems = [
        f"club {n} ({club.name}): {problem}"
        for n, club in enumerate(read, start=1)
        for problem in check_club(ruleset.catalog, club)
    ]
    if problems:
        raise SkirmishError(problem_list(problems))
    house = options.get("house", {})
    if not isinstance(house, dict) or not all(isinstance(v, bool) for v in house.values()):
        raise SkirmishError("house: a table of house rules, each true or false")
    wrong = sorted(set(house) - set(HOUSE_OPTIONS))
    if wrong:
        raise SkirmishError(
            f"unknown house rule(s) {', '.join(wrong)}; known: {', '.join(HOUSE_OPTIONS)}"
        )
    board = options.get("board", DEFAULT_BOARD)
    size = ruleset.scenarios.common.table
    table = load_board(board, DEFAULT_BOARD)
    if (table.width, table.height) != (size, size):
        raise SkirmishError(
            f'board: the scenarios are played on a {size:g}" x {size:g}" table, not '
            f'{table.width:g}" x {table.height:g}" ({table.name})'
        )
    extra = options.get("extra_turn_roll", ruleset.scenarios.common.extra_turn_roll)
    if not isinstance(extra, bool):
        raise SkirmishError(f"extra_turn_roll: true or false, not {extra!r}")
    return {
        "clubs": documents,
        "scenario": scenario.id,
        "board": board,
        "house": house,
        "extra_turn_roll": extra,
    }


def board_of(setup: dict[str, Any]) -> Board:
    """The board a setup plays on."""
    return load_board(setup["board"], DEFAULT_BOARD)


def new_state(setup: dict[str, Any]) -> WolsungState:
    """The state of a game not yet begun."""
    seats = tuple(range(len(setup["clubs"])))
    zero = (0,) * len(seats)
    return WolsungState(seats=seats, vp=zero, casualties=zero, scored=zero)


def add_models(ruleset: WolsungRuleset, game: WolsungGame) -> None:
    """Put every club's models in the game, off the table until deployed, and lay out the
    cards (L30)."""
    heroes = [0] * len(game.state.seats)
    for n, one in enumerate(ruleset.members(game.setup).values()):
        base = one.fighter.base_mm
        m = WolsungModel(one.key, one.club, one.name, -1.0 - n, -1.0, mm_to_inches(base) / 2)
        m.hero, m.wounds, m.height = one.hero, one.fighter.profile.W, body_height(base)
        game.add_model(m)
        heroes[one.club] += one.hero
    game.state.heroes_fielded = tuple(heroes)
    lay_out(game, game.state.seats)


@dataclass(slots=True, eq=False)
class FirstPlayer(Step):
    """The roll-off for First Player: each player rolls a D6, the highest is First Player, the
    tied highest roll again (L30)."""

    rule = FIRST_PLAYER

    def run(self, game: WolsungGame, action: Action | None) -> Decision | list[Step]:
        st = game.state
        rolling = list(st.seats)
        while True:
            rolls = {seat: game.roll("D6", "first player", FIRST_PLAYER).value for seat in rolling}
            best = max(rolls.values())
            rolling = [seat for seat, value in rolls.items() if value == best]
            if len(rolling) == 1:
                break
        st.first = st.initiative = rolling[0]
        game.emit("first-player", FIRST_PLAYER, (), seat=st.first)
        return [ChooseZone(), Deploy()]


def _open(game: WolsungGame) -> tuple[Zone, ...]:
    """The zones the next seat may choose, clockwise from the First Player (L30, §4.0)."""
    scenario, st = scenario_of(game), game.state
    taken = [zone for _, zone in st.zones]
    return open_zones(scenario.deployment, common_of(game), len(st.seats), taken)


def _next_to_choose(game: WolsungGame) -> int:
    st = game.state
    return deploy_order(st.first, len(st.seats))[len(st.zones)]


@dataclass(slots=True, eq=False)
class ChooseZone(Step):
    """The next club clockwise from the First Player picks its deployment zone: any for the
    First Player; with two clubs the other takes the opposite one unasked, with more each
    picks a free corner, seeing where the clubs before it stand (L30, §4.0)."""

    rule = DEPLOY

    def run(self, game: WolsungGame, action: Action | None) -> Decision | list[Step]:
        seat = _next_to_choose(game)
        if action is not None:
            zone = action.args[0]
        else:
            zones = _open(game)
            if len(zones) > 1:
                return Decision(
                    seat,
                    "zone",
                    "choose your deployment zone (L30)",
                    tuple(Action("zone", (z.name,)) for z in zones),
                )
            zone = zones[0].name
        self._take(game, seat, zone)
        return []

    def _take(self, game: WolsungGame, seat: int, zone: str) -> None:
        st = game.state
        st.zones = (*st.zones, (seat, zone))
        game.emit("zone", DEPLOY, (), seat=seat, zone=zone)


def zone_of(game: WolsungGame, seat: int) -> Zone:
    """The deployment zone ``seat`` took (L30, §4.0): its own for the whole game, whoever is
    First Player now (L46)."""
    name = dict(game.state.zones)[seat]
    zones = deployment_zones(scenario_of(game).deployment, common_of(game))
    return next(z for z in zones if z.name == name)


def zone_areas(game: WolsungGame) -> tuple[Area, ...]:
    """The deployment zones while a club chooses one or deploys (L30, §4.0): a taken zone
    labelled with its club, a free one with its name, as the zone choice names it."""
    decision = game.decision
    if decision is None or not (
        decision.kind == "zone" or any(s.kind == "deploy" for s in decision.points)
    ):
        return ()
    taken = {zone: seat for seat, zone in game.state.zones}
    return tuple(
        Area(
            ((z.x0, z.y0), (z.x1, z.y0), (z.x1, z.y1), (z.x0, z.y1)),
            z.name if z.name not in taken else f"{z.name}: {side_name(game, taken[z.name])}",
            "zone",
        )
        for z in deployment_zones(scenario_of(game).deployment, common_of(game))
    )


def zone_box(game: WolsungGame, seat: int, radius: float) -> tuple[float, float, float, float]:
    """Where the centre of a base of ``radius`` may stand in ``seat``'s zone."""
    zone = zone_of(game, seat)
    return (zone.x0 + radius, zone.y0 + radius, zone.x1 - radius, zone.y1 - radius)


def deploy_error(game: WolsungGame, m: WolsungModel, point: Point) -> str | None:
    """Why ``m`` may not be deployed at ``point``, or ``None``: its whole base in its zone,
    where it fits (L30; ``wolsung-scenarios.md`` §4.0)."""
    zone = zone_of(game, m.side)
    if not zone.holds(point[0], point[1], m.radius):
        return f"not wholly in its deployment zone ({zone.name})"
    others = [(o.pos, o.radius, o.level) for o in game.models if o.on_table]
    return game.board.placement_error(point, m.radius, game.board.surface_at(point), others)


def to_deploy(game: WolsungGame) -> list[WolsungModel]:
    """The models still to deploy of the clubs that have picked their zones, the First
    Player's first, then clockwise (§7 item 103): each club places all its models before the
    next picks (L30, §4.0). Models that come in during the game are not deployed
    (:class:`.roster.Arrival`)."""
    st = game.state
    order = deploy_order(st.first, len(st.seats))
    picked = {seat for seat, _ in st.zones}
    waiting = [
        m
        for m in game.models
        if m.side in picked
        and not m.deployed
        and m.removed is None
        and member(game, m.id).arrival is Arrival.DEPLOYED
    ]
    return sorted(waiting, key=lambda m: order.index(m.side))


@dataclass(slots=True, eq=False)
class Deploy(Step):
    """Each model of the club that picked its zone last placed in it; then the next club
    clockwise picks its zone and deploys, until every club has (L30, §4.0)."""

    rule = DEPLOY

    def run(self, game: WolsungGame, action: Action | None) -> Decision | list[Step]:
        if action is not None and action.point is not None:
            m = game.model(action.args[0])
            m.x, m.y = action.point
            m.level = game.board.surface_at(action.point)
            game.emit("deployed", DEPLOY, (m.id,), at=[m.x, m.y])
        waiting = to_deploy(game)
        if not waiting:
            st = game.state
            return [ChooseZone(), Deploy()] if len(st.zones) < len(st.seats) else []
        m = waiting[0]
        spec = PointSpec("deploy", (m.id,), f"a point in the {zone_of(game, m.side).name} zone")
        return Decision(m.side, "deploy", f"deploy {m.name}", points=(spec,))

    def point_error(self, game: WolsungGame, action: Action) -> str | None:
        """Why a model may not be deployed at the point, or ``None``."""
        assert action.point is not None
        return deploy_error(game, game.model(action.args[0]), action.point)
