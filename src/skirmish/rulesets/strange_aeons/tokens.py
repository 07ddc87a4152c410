"""The markers of the Basic Scenarios (rules notes §3.15): Retrieve the Artifacts' Objective
Markers, Treasure Hunt's Treasure and The Bag Man's package.

- **Objective Markers** (R:1626-1629): each player places two, alternately, the first
  deployer first, at least 8" from every model and marker (where no spot is, as far as the
  farthest spot of the table: the book is silent). A Threshold model in base contact
  searches one with search Actions; the second rolls the Artifact Table (a D6 for the Type, a
  D6 for the Contents, rules notes §6 item 13) and the marker is taken; the search Actions on
  a marker count whoever spends them (our reading of "two Actions"). A Lurker in base contact
  drags one along with its Move at -2 Movement; one that touches the Lurker edge is lost to
  Threshold. The Stash (R:1642): one marker each, a Rare Item's Contents rolled. A marker in
  Heavy Snow is dug out first: one search Action more (R:265).
- **The Treasure** (R:1648, rules notes item 69): from round 3 (item 56), a Threshold model in
  a sixth of the board where the Threshold has more Normal models than the Lurkers may search;
  after two search Actions in that section a D6 of 6 places the Treasure in base contact with
  the last searcher. A model in base contact moves it along with its Move at -2 Movement.
  Treasure Map (R:1660): the Lurkers search too, where they have more Normal models.
- **The package** (R:1566-1569): the Threshold player names the Bag Man in secret (the
  Lurkers' view never shows him, :func:`redact`, till the game ends and the log shows who he
  was, :func:`unmask`); he holds the package until he goes Face Up
  or Face Down or is removed, when he is revealed and drops it in base contact (carried off
  the table, with its carrier, R:639, R:713: never off the table); any model then picks it
  up by Moving over it (any Move: :func:`travel`), with no Movement penalty.
  In Capture the Courier (R:1573) the Lurker player names the courier so, a Human or
  Humanoid of its own, hidden from the Threshold's view (our reading: "as the Bag Man", whose
  naming is secret).

A marker moved along keeps its side of its mover, in base contact; markers never block a
Move. An Animal never searches (R:111) nor is named the Bag Man, being no model of the list
(R:1366); a Beast never searches (R:113), but for one whose primary Special type is another
(a 'Daemon, Beast', R:108); a Zombie Dog neither searches nor moves a marker,
nor picks up the package (Altered Beast, R:917); a Ghost takes no objectives at all (R:116).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision, PointSpec
from skirmish.engine.game import HIDDEN_ACTION
from skirmish.engine.step import Step
from skirmish.geometry.board import Edge
from skirmish.geometry.paths import Path
from skirmish.geometry.shapes import CONTACT, Point, edge_distance, point_segment_distance
from skirmish.rulesets.strange_aeons import animals, snatch, transporter
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.catalog import Ability
from skirmish.rulesets.strange_aeons.ether_wings import unslowed
from skirmish.rulesets.strange_aeons.ghosts import is_ghost, objective_error
from skirmish.rulesets.strange_aeons.model import AeonsModel
from skirmish.rulesets.strange_aeons.quadrants import LoggedDice
from skirmish.rulesets.strange_aeons.scenario_play import SIDES, Markers, Search
from skirmish.rulesets.strange_aeons.scenarios.loot import LootRoll, roll_loot
from skirmish.rulesets.strange_aeons.space import inches, models, table_grid, walk
from skirmish.rulesets.strange_aeons.state import Token
from skirmish.rulesets.strange_aeons.terrain import features
from skirmish.rulesets.strange_aeons.zones import setting_of

if TYPE_CHECKING:
    import random

    from skirmish.engine.game import View
    from skirmish.rulesets.strange_aeons.state import AeonsGame, AeonsState

SEARCH = "search"
DRAG = "drag"
BAG_MAN = "bag-man"
SEARCHED = "searched"
"""The holder of an Objective Marker searched and taken off the table."""
UNKNOWN = "?"
"""The Bag Man as the Lurkers' view shows him before he is revealed."""
GRID = 13
ALTERED_BEAST: Ability = "altered_beast"
"""The Zombie Dog's rule: it never searches for nor moves an Objective (R:917)."""


def markers_of(game: AeonsGame) -> Markers | None:
    """The markers of the scenario played, if it has any."""
    setting = catalog_of(game).setting
    return None if setting is None else setting.play.markers


def _rule(game: AeonsGame, what: str, line: int) -> str:
    return f"{setting_of(game).book.name}: {what} (R:{line})"


def on_table(game: AeonsGame) -> list[Token]:
    """The markers lying on the table (not held, not gone)."""
    return [t for t in game.state.tokens if not t.holder and t.x >= 0.0]


def token(game: AeonsGame, token_id: str) -> Token:
    """A marker by id."""
    return next(t for t in game.state.tokens if t.id == token_id)


def _set(st: AeonsState, new: Token) -> None:
    st.tokens = tuple(new if t.id == new.id else t for t in st.tokens)


def _radius(game: AeonsGame) -> float:
    return game.models[0].radius


def touching(game: AeonsGame, m: AeonsModel, t: Token) -> bool:
    """Whether ``m`` is in base contact with the marker (or overlaps it)."""
    r = _radius(game)
    return edge_distance(m.pos, m.radius, (t.x, t.y), r) <= CONTACT


# -- set-up -----------------------------------------------------------------------------------


def setup(game: AeonsGame) -> list[Step]:
    """The markers' part of the set-up: the Objective Markers placed, or the Bag Man named."""
    markers = markers_of(game)
    if markers is None:
        return []
    if markers.each:
        return [PlaceMarkers()]
    if setting_of(game).play.secret:
        return [ChooseBagMan()]
    return []


@dataclass(slots=True, eq=False)
class PlaceMarkers(Step):
    """The players place the Objective Markers alternately, the first deployer first."""

    rule = "Basic Scenarios: markers"
    placed: int = 0

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        markers = markers_of(game)
        assert markers is not None
        st = game.state
        if action is not None:
            assert action.point is not None
            t = Token(f"M{self.placed + 1}", markers.kind, *action.point)
            st.tokens = (*st.tokens, t)
            side = self._side(game)
            game.emit(
                "marker",
                _rule(game, "markers", markers.line),
                (),
                side=side,
                marker=t.id,
                at=list(action.point),
            )
            self.placed += 1
        if self.placed == 2 * markers.each:
            return []
        hint = f'a point at least {_spacing(game):g}" from every model and marker'
        spec = PointSpec("marker", (f"M{self.placed + 1}",), hint)
        return Decision(self._side(game), "marker", "place an Objective Marker", (), (spec,))

    def _side(self, game: AeonsGame) -> int:
        first = game.state.deploy_first
        return first if self.placed % 2 == 0 else 1 - first

    def point_error(self, game: AeonsGame, action: Action) -> str | None:
        assert action.point is not None
        return marker_error(game, action.point)


def marker_error(game: AeonsGame, point: Point) -> str | None:
    """Why an Objective Marker cannot be placed at ``point``, or ``None``."""
    return _marker_error(game, point, _spacing(game))


def _marker_error(game: AeonsGame, point: Point, spacing: float) -> str | None:
    r = _radius(game)
    if not _on_ground(game, point):
        return "the marker must lie on the table, on the ground"
    for what, pos in _others(game):
        gap = edge_distance(point, r, pos, r)
        if gap < spacing:
            return f'the marker would be {inches(gap)} from {what}: at least {spacing:g}" apart'
    return None


def _on_ground(game: AeonsGame, point: Point) -> bool:
    board, r = game.board, _radius(game)
    return (
        board.on_table(point, r)
        and board.surface_at(point) is None
        and board.placement_error(point, r, None) is None
    )


def _others(game: AeonsGame) -> list[tuple[str, Point]]:
    """What a marker keeps its distance from: the models and the markers on the table."""
    return [(m.id, m.pos) for m in models(game)] + [(t.id, (t.x, t.y)) for t in on_table(game)]


def _spacing(game: AeonsGame) -> float:
    """How far apart a marker must be placed: the scenario's distance, or, where no spot of
    the table is that far from every model and marker (the book is silent), the farthest any
    spot of the grid is, rounded down to a tenth of an inch."""
    markers = markers_of(game)
    assert markers is not None
    r, others = _radius(game), _others(game)
    best = 0.0
    for p in _grid(game):
        if _on_ground(game, p):
            gap = min((edge_distance(p, r, pos, r) for _, pos in others), default=math.inf)
            if gap >= markers.spacing:
                return markers.spacing
            best = max(best, gap)
    return math.floor(best * 10) / 10


def _grid(game: AeonsGame) -> list[Point]:
    return table_grid(game.board, _radius(game), GRID)


def marker_points(game: AeonsGame) -> list[Point]:
    """Spots of the table where an Objective Marker may be placed, on a grid."""
    spacing = _spacing(game)
    return [p for p in _grid(game) if _marker_error(game, p, spacing) is None]


@dataclass(slots=True, eq=False)
class ChooseBagMan(Step):
    """A player names the Bag Man, in secret (R:1566): the Threshold's, or the Lurkers'
    courier (Capture the Courier, R:1573)."""

    rule = "The Bag Man: the Bag Man"

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        side = naming_side(game)
        if action is None:
            options = tuple(Action(BAG_MAN, (m.id,)) for m in _named(game))
            prompt = "name the Bag Man in secret: he holds the package"
            return Decision(side, BAG_MAN, prompt, options)
        st = game.state
        st.bag_man = action.args[0]
        st.tokens = (*st.tokens, Token("P", "package", holder=action.args[0]))
        rule = f"{self.rule} (R:{setting_of(game).play.bag_man.line})"
        chosen = {"model": action.args[0]}
        game.emit("bag-man", rule, (), audience=(side,), secret=("model",), side=side, **chosen)
        return []


def naming_side(game: AeonsGame) -> int:
    """The side whose model is the Bag Man: 0 the Threshold, 1 the Lurkers."""
    return setting_of(game).side_of(setting_of(game).play.bag_man.side)


def _named(game: AeonsGame) -> list[AeonsModel]:
    """The models that may be the Bag Man: the naming side's, of the types it must have (any
    where none is given); not an Animal, no model of the list (R:1366), nor a Ghost, taking
    no objectives (R:116)."""
    side, types = naming_side(game), setting_of(game).play.bag_man.types
    cat = catalog_of(game)
    return [
        m
        for m in models(game)
        if m.side == side
        and not animals.is_animal(game, m)
        and not is_ghost(game, m)
        and (not types or any(t in cat.profile(m.profile).types for t in types))
    ]


def redact(view: View[AeonsModel, AeonsState], player: int) -> None:
    """Hide the Bag Man from the other side's view until he is revealed: in the state, the
    package's holder and the naming player's answer among the actions."""
    st = view.state
    if not _secret(view) or player == naming_side(view):
        return
    st.bag_man = UNKNOWN
    st.tokens = tuple(
        replace(t, holder=UNKNOWN) if t.kind == "package" and t.holder else t for t in st.tokens
    )
    view.actions = [HIDDEN_ACTION if a.kind == BAG_MAN else a for a in view.actions]


def _secret(game: AeonsGame) -> bool:
    """Whether the Bag Man is named and still a secret: not revealed, the game not over."""
    st = game.state
    return bool(st.bag_man) and not st.revealed and not game.is_over


def own_secrets(game: AeonsGame, side: int) -> tuple[str, ...]:
    """The Bag Man, to the side that named him while he is its secret (R:1566)."""
    if not _secret(game) or side != naming_side(game) or game.state.bag_man == UNKNOWN:
        return ()
    rule = f"R:{setting_of(game).play.bag_man.line}"
    return (f"the Bag Man is {game.label(game.state.bag_man)}  [{rule}]",)


def unmask(game: AeonsGame) -> None:
    """The game ends with the Bag Man still a secret, his escape, or the package he holds,
    perhaps deciding it: the mark under his base shows everyone who he was (R:1566). This is
    not his reveal (R:1569), which would cost him the aftermath's Map Piece (R:1572)."""
    st = game.state
    if st.bag_man in ("", UNKNOWN) or st.revealed:
        return
    rule = f"{ChooseBagMan.rule} (R:{setting_of(game).play.bag_man.line})"
    game.emit("unmasked", rule, (st.bag_man,))


def resample(game: AeonsGame, player: int, rng: random.Random) -> None:
    """In a game determinized for the side not naming him, the unknown Bag Man becomes one
    of the models on the table that may be named."""
    st = game.state
    if st.bag_man != UNKNOWN:
        return
    chosen = rng.choice([m.id for m in _named(game)])
    st.bag_man = chosen
    st.tokens = tuple(replace(t, holder=chosen) if t.holder == UNKNOWN else t for t in st.tokens)


# -- in play ----------------------------------------------------------------------------------


def held_by(game: AeonsGame, m: AeonsModel) -> list[Token]:
    """The markers ``m`` holds (the package)."""
    return [t for t in game.state.tokens if t.holder == m.id and t.x < 0.0]


def drop(game: AeonsGame, m: AeonsModel) -> None:
    """``m`` went Face Up or Face Down or is removed: what it holds falls on the table in
    base contact with it, or with the model carrying it off the table, and a Bag Man is
    revealed (R:1569)."""
    for t in held_by(game, m):
        st = game.state
        if m.id == st.bag_man and not st.revealed:
            st.revealed = True
            game.emit("revealed", _rule(game, "the package", 1569), (m.id,))
        ground = _drops_beside(game, m)
        at = _beside(game, ground, ground.pos)
        _set(st, replace(t, x=at[0], y=at[1], holder=""))
        game.emit("dropped", _rule(game, "the package", 1569), (m.id,), marker=t.id, at=list(at))


def _drops_beside(game: AeonsGame, m: AeonsModel) -> AeonsModel:
    """The model beside which what ``m`` holds falls: ``m``, or the Byakhee or the Winged
    Nightmare carrying it off the table (R:639, R:713)."""
    if m.deployed:
        return m
    return transporter.carrier_of(game, m) or snatch.snatcher_of(game, m) or m


def _beside(game: AeonsGame, m: AeonsModel, behind: Point) -> Point:
    """A spot on the table in base contact with ``m``, the one nearest ``behind`` first."""
    r, board = _radius(game), game.board
    reach = m.radius + r + CONTACT / 2
    start = math.atan2(behind[1] - m.y, behind[0] - m.x) if behind != m.pos else 0.0
    for k in range(16):
        turn = (k + 1) // 2 * (1 if k % 2 else -1)
        angle = start + turn * math.pi / 8
        p = (round(m.x + reach * math.cos(angle), 2), round(m.y + reach * math.sin(angle), 2))
        if board.on_table(p, r) and board.placement_error(p, r, m.level) is None:
            return p
    return m.pos


def travel(game: AeonsGame, m: AeonsModel, path: Path, rule: str) -> None:
    """``m`` Moves along ``path`` (logged under ``rule``), picking up the package it passes
    over (R:1569): any Move, a Move Action's, a Charge's, one short of its target or of its
    jump (notes §6 item 49), one out of a combat won, or one the Insanity Table, Bait or Man's
    Best Friend forces; a jump's landing picks it up too (:func:`land`)."""
    walk(game, m, path, rule)
    _pick_up(game, m, lambda p, reach: _passes(path, p, reach))


def land(game: AeonsGame, m: AeonsModel) -> None:
    """``m``, set down where a jump lands it (R:271: a Move across the gap), picks up the
    package lying there (R:1569)."""
    _pick_up(game, m, lambda p, reach: math.dist(m.pos, p) <= reach)


def _pick_up(game: AeonsGame, m: AeonsModel, over: Callable[[Point, float], bool]) -> None:
    """A Normal model that Moved ``over`` the package (its point, within the reach of the two
    bases) picks it up (R:1569)."""
    if not m.normal or m.removed is not None or _unmoving(game, m) is not None:
        return
    for t in on_table(game):
        if t.kind == "package" and over((t.x, t.y), m.radius + _radius(game)):
            _set(game.state, replace(t, x=-1.0, y=-1.0, holder=m.id))
            game.emit("picked-up", _rule(game, "the package", 1569), (m.id,), marker=t.id)


def _passes(path: Path, p: Point, reach: float) -> bool:
    pts = path.points
    if len(pts) == 1:
        return math.dist(pts[0], p) <= reach
    return any(point_segment_distance(p, a, b) <= reach for a, b in itertools.pairwise(pts))


def draggable(game: AeonsGame, m: AeonsModel) -> list[Token]:
    """The markers ``m`` may move along with a Move: in base contact, its side allowed."""
    markers = markers_of(game)
    if markers is None or ("threshold", "lurkers")[m.side] not in markers.dragged_by:
        return []
    if _unmoving(game, m) is not None:
        return []
    return [t for t in on_table(game) if touching(game, m, t)]


def wanted(game: AeonsGame, m: AeonsModel) -> list[Point]:
    """Where the markers lie that ``m`` would take (for the heuristic player): the package,
    the Treasure if its side moves it, to win; an Objective Marker that ``m`` may search or
    drag, the loot it holds (R:1628) or keeps from the Threshold (R:1629); and the package's
    holder as ``m``'s side sees him: an enemy to take it from, or a friend to guard where he
    wins nothing by an edge (Capture the Courier's courier, R:1573)."""
    markers = markers_of(game)
    if markers is None or _unmoving(game, m) is not None:
        return []
    moves = ("threshold", "lurkers")[m.side] in markers.dragged_by
    if markers.kind == "objective":
        search = search_of(game)
        searches = search is not None and _may_search(game, search, m)
        return [(t.x, t.y) for t in on_table(game)] if moves or searches else []
    if not (moves or markers.kind == "package"):
        return []
    return [(t.x, t.y) for t in on_table(game)] + [h.pos for h in _carriers(game, m)]


def loose_package(game: AeonsGame, m: AeonsModel) -> list[Point]:
    """Where the package lies on the table, if ``m``'s side wins by carrying it off (for the
    heuristic player: the objective itself, R:1570-1571, R:1573)."""
    if _unmoving(game, m) is not None or SIDES[m.side] not in _package_exits(game):
        return []
    return [(t.x, t.y) for t in on_table(game) if t.kind == "package"]


def _package_exits(game: AeonsGame) -> set[str]:
    """The sides that win by carrying the package off an edge."""
    setting = catalog_of(game).setting
    exits = () if setting is None else setting.play.exits
    return {ex.side for ex in exits if ex.carries == "package"}


def _carriers(game: AeonsGame, m: AeonsModel) -> list[AeonsModel]:
    """The models on the table, ``m`` aside, holding the package where ``m``'s side knows it:
    enemies, and friends whose side wins nothing by carrying it off."""
    known = [t.holder for t in game.state.tokens if t.kind == "package" and t.x < 0.0]
    found = [o for o in models(game) if o.id in known and o.id != m.id]
    exits = _package_exits(game)
    return [o for o in found if o.side != m.side or SIDES[o.side] not in exits]


def drag_error(game: AeonsGame, m: AeonsModel, token_id: str) -> str | None:
    """Why ``m`` may not move the marker ``token_id`` along, or ``None``."""
    if token_id in [t.id for t in draggable(game, m)]:
        return None
    barred = _unmoving(game, m)
    if barred is not None:
        return barred
    markers = markers_of(game)
    line = f" (R:{markers.drag_line or markers.line})" if markers is not None else ""
    return f"{m.id} cannot move marker {token_id!r}: its side must be allowed and touch it{line}"


def penalty(game: AeonsGame, m: AeonsModel, token_id: str) -> int:
    """What moving the marker along takes off ``m``'s Movement (none: no marker, an
    Implacable Ghoul, R:845, whatever marker it moves: our reading of its Objective Markers,
    or a Mi-Go, whose Movement nothing reduces, R:550)."""
    if not token_id:  # as for nearly every Move: neither the markers nor the profile read
        return 0
    markers = markers_of(game)
    prof = catalog_of(game).profile(m.profile)
    if markers is None or prof.can("implacable") or unslowed(prof):
        return 0
    return markers.penalty


def follow(game: AeonsGame, m: AeonsModel, token_id: str, start: Point) -> None:
    """The marker moved along keeps its side of ``m``, which came from ``start``: in base
    contact, held on the table where that side is beyond an edge (then touching it), beside
    ``m`` where terrain is in the way; an Objective Marker touching the Lurker edge is lost
    (R:1629). A model that went nowhere (its rolled Movement spent on the marker) leaves it."""
    markers = markers_of(game)
    if not token_id or markers is None or m.pos == start:
        return
    t = token(game, token_id)
    at = trail(game, m, t, start)
    if game.board.placement_error(at, _radius(game), m.level) is not None:
        at = _beside(game, m, at)
    moved = replace(t, x=at[0], y=at[1])
    st = game.state
    _set(st, moved)
    rule = _rule(game, "moving a marker", markers.drag_line or markers.line)
    game.emit("dragged", rule, (m.id,), marker=t.id, to=list(at))
    if lost_at(game, at):
        _set(st, replace(moved, x=-1.0, y=-1.0, holder="lost"))
        lost = _rule(game, "markers", markers.drag_line or markers.line)
        game.emit("marker-lost", lost, (), marker=t.id)


def trail(
    game: AeonsGame, m: AeonsModel, t: Token, start: Point, end: Point | None = None
) -> Point:
    """Where the marker ``t`` ends when ``m`` moves it along from ``start`` to ``end`` (where
    it stands, by default): on its side of ``m``, in base contact, held on the table."""
    x0, y0 = m.pos if end is None else end
    r, board = _radius(game), game.board
    dx, dy = t.x - start[0], t.y - start[1]
    reach = (m.radius + r + CONTACT / 2) / (math.hypot(dx, dy) or 1.0)
    x = min(max(x0 + dx * reach, r), board.width - r)
    y = min(max(y0 + dy * reach, r), board.height - r)
    return (round(x, 2), round(y, 2))


def lost_at(game: AeonsGame, at: Point) -> bool:
    """Whether a marker moved to ``at`` is lost there: an Objective Marker touching the
    Lurker edge (R:1629)."""
    markers, edges = markers_of(game), game.state.edges
    if markers is None or not markers.lost_at_lurker_edge or not edges:
        return False
    return game.board.distance_to_edge(at, _radius(game), Edge(edges[1])) <= CONTACT


def carry_off(game: AeonsGame, m: AeonsModel, token_id: str) -> None:
    """``m`` leaves the table with the marker it drags: the marker goes with it."""
    if token_id:
        _set(game.state, replace(token(game, token_id), x=-1.0, y=-1.0, holder=m.id))


# -- searching --------------------------------------------------------------------------------


def search_of(game: AeonsGame) -> Search | None:
    """The scenario's searches, if it has any."""
    setting = catalog_of(game).setting
    return None if setting is None else setting.play.search


def section(game: AeonsGame, p: Point) -> int:
    """The board section (1 to columns x rows, west to east, then south to north) of ``p``."""
    search = search_of(game)
    assert search is not None
    board = game.board
    col = min(search.columns - 1, int(p[0] * search.columns / board.width))
    row = min(search.rows - 1, int(p[1] * search.rows / board.height))
    return row * search.columns + col + 1


def search_options(game: AeonsGame, m: AeonsModel) -> list[Action]:
    """The search Actions ``m`` may take now."""
    search = search_of(game)
    if search is None or not _may_search(game, search, m):
        return []
    if not search.section:
        return [Action(SEARCH, (m.id, t.id)) for t in on_table(game) if touching(game, m, t)]
    if any(t.kind == "treasure" for t in game.state.tokens):
        return []
    where = section(game, m.pos)
    count = [0, 0]
    for o in models(game):
        if o.normal and section(game, o.pos) == where:
            count[o.side] += 1
    mine, theirs = count[m.side], count[1 - m.side]
    return [Action(SEARCH, (m.id, f"S{where}"))] if mine > theirs else []


def _may_search(game: AeonsGame, search: Search, m: AeonsModel) -> bool:
    """Whether ``m`` may search now where it stands right (:func:`_search_refusal`)."""
    return _search_refusal(game, search, m) is None


def _search_refusal(game: AeonsGame, search: Search, m: AeonsModel) -> str | None:
    """Why ``m`` may search nowhere now, or ``None``: its side must search, from the
    scenario's round, a model that ever searches (a marker, not a Mysophobic one)."""
    if not _searches(search, m):
        return "only Threshold models search (rules notes item 69)"
    barred = _unsearching(game, m)
    if barred is not None:
        return barred
    if game.state.round < search.from_round:
        return f"no model searches before round {search.from_round} (R:{search.line})"
    if not search.section and _mysophobic(game, m):
        return f"{m.id} is Mysophobic: it never searches a marker (R:237)"
    return None


def _searches(search: Search, m: AeonsModel) -> bool:
    """Whether ``m``'s side searches (the Threshold alone but in Treasure Map, item 69)."""
    return ("threshold", "lurkers")[m.side] in search.by


def _unsearching(game: AeonsGame, m: AeonsModel) -> str | None:
    """Why ``m`` never searches an Objective, whatever the scenario, or ``None``."""
    if animals.is_animal(game, m):
        return f"{m.id} is an Animal: Animals never search Objectives (R:111)"
    # A Beast only by a later Special type searches as its primary one lets it (R:108).
    if catalog_of(game).profile(m.profile).primary == "beast":
        return f"{m.id} is a Beast: Beasts never search Objectives (R:113)"
    return _unmoving(game, m)


def _unmoving(game: AeonsGame, m: AeonsModel) -> str | None:
    """Why ``m`` never moves an Objective nor picks up the package, or ``None``."""
    if catalog_of(game).profile(m.profile).can(ALTERED_BEAST):
        return f"{m.id} is an Altered Beast: it never searches for nor moves an Objective (R:917)"
    return objective_error(game, m)


def _mysophobic(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` never searches a marker (Mysophobia, R:237)."""
    return catalog_of(game).profile(m.profile).fears("mysophobia")


def search_error(game: AeonsGame, m: AeonsModel, where: str) -> str:
    """Why ``m`` may not search ``where`` now: why it may search nowhere, else why not there."""
    search = search_of(game)
    if search is None:
        return "there is nothing to search in this scenario"
    barred = _search_refusal(game, search, m)
    if barred is not None:
        return barred
    if search.section:
        return (
            f"{m.id} may search only its own section, where its side has more Normal "
            f"models than the other, before the Treasure is found (R:{search.line})"
        )
    return f"{m.id} is not in base contact with a marker {where!r} (R:{search.line})"


def searched(game: AeonsGame, m: AeonsModel, where: str) -> None:
    """A search Action of ``m`` at ``where`` (a marker or a section); the last one needed
    rolls (R:1628, R:1648)."""
    search = search_of(game)
    assert search is not None
    st = game.state
    done = dict(st.searches).get(where, 0) + 1
    rule = _rule(game, "searching", search.line)
    needed = search.actions + _dig(game, m, where)
    game.emit("searched", rule, (m.id,), where=where, done=done, needed=needed)
    if done < needed:
        st.searches = (*((k, v) for k, v in st.searches if k != where), (where, done))
        return
    st.searches = tuple((k, v) for k, v in st.searches if k != where)
    if search.section:
        _seek_treasure(game, m, search, rule)
        return
    setting = setting_of(game)
    assert search.table is not None
    table = setting.data.loot[search.table]
    found = roll_loot(setting.data, table, LoggedDice(game, m.id, rule))
    names = []
    step: LootRoll | None = found
    while step is not None:
        names.append(step.row.found)
        step = step.next
    _set(st, replace(token(game, where), x=-1.0, y=-1.0, holder=SEARCHED))
    game.emit("found", rule, (m.id,), marker=where, found=" / ".join(names))


def _dig(game: AeonsGame, m: AeonsModel, where: str) -> int:
    """The search Actions more that digging a marker out of the terrain it lies in takes
    (Heavy Snow, R:265); a board section is not dug."""
    if where not in [t.id for t in on_table(game)]:
        return 0
    t = token(game, where)
    return max((f.dig for f in features(game, m, ((t.x, t.y),))), default=0)


def _seek_treasure(game: AeonsGame, m: AeonsModel, search: Search, rule: str) -> None:
    face = game.roll("D6", "treasure", rule, m.id).value
    if face < search.found_on:
        return
    at = _beside(game, m, m.pos)
    st = game.state
    st.tokens = (*st.tokens, Token("T", "treasure", *at))
    game.emit("treasure", rule, (m.id,), at=list(at))
