"""The Stolen Blueprints (S3) in play: the Clues the players place, searching them, carrying
the Blueprints, dropping and picking them up, and escaping with them by the club's own table
edge (house scenario, ``wolsung-scenarios.md`` §4.3, golden check C6).

- Before the First Player is found, a random player places the first Clue, then the players
  take turns; the last one lies at the centre (§4.3, L219: markers go down with the terrain).
- Search is a Special Action (L71) of a model in base contact with a Clue, not Toppled and not
  in a melee: the Clue is taken away, and it either held the Blueprints or scores its club a
  point. One Clue, chosen at random, holds them, and nobody knows which: the game draws it
  only as each Clue is searched, the Blueprints being in it with a chance of one in the Clues
  left (the last one always holds them) - the same chances as a Clue drawn at the start, with
  no secret to keep. Once they are found, the Clues left are all empty.
- A carrier put out of action drops the Blueprints where it stood; a model in base contact
  picks them up with a Special Action. At the end of every Action, a carrier whose base
  touches its club's own table edge may leave the table with them, at no cost, Toppled or in
  a melee too (the note sets no condition): the game ends at once and its club wins.
- At the end of the last turn the club carrying the Blueprints scores 4 points.
"""

from __future__ import annotations

from dataclasses import dataclass

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision, PointSpec
from skirmish.engine.step import Step
from skirmish.geometry.shapes import CONTACT
from skirmish.rulesets.wolsung.game.base import common_of, last_turn, scenario_of
from skirmish.rulesets.wolsung.game.model import WolsungModel
from skirmish.rulesets.wolsung.game.setup import zone_of
from skirmish.rulesets.wolsung.game.space import disc, in_melee, surface
from skirmish.rulesets.wolsung.game.state import WolsungGame
from skirmish.rulesets.wolsung.table.markers import clue_error, marker_radius, place_marker
from skirmish.rulesets.wolsung.table.measure import Presence, Spot, distance
from skirmish.rulesets.wolsung.table.scoring import placing
from skirmish.rulesets.wolsung.table.zones import may_leave

__all__ = [
    "BLUEPRINTS",
    "LeaveTable",
    "PlaceClues",
    "blueprint_options",
    "carried_vp",
    "drop",
    "pick_up",
    "search",
]

BLUEPRINTS = "wolsung-scenarios.md §4.3"


def _touches(game: WolsungGame, m: WolsungModel, spot: Spot) -> bool:
    """Whether ``m``'s base touches a marker's disc, in 3D (a marker counts as a base)."""
    return distance(disc(game, m), spot) <= CONTACT


def _centre(game: WolsungGame) -> Spot:
    """Where the centre Clue lies (§4.3)."""
    clues = scenario_of(game).clues
    assert clues is not None
    return place_marker(game.board, clues.centre, common_of(game))


@dataclass(slots=True, eq=False)
class PlaceClues(Step):
    """The players place the Clues in turn, a random one first; the last lies at the centre
    (§4.3). ``first`` is the seat that placed first (-1: not drawn yet)."""

    rule = BLUEPRINTS
    first: int = -1

    def run(self, game: WolsungGame, action: Action | None) -> Decision | list[Step]:
        st, clues = game.state, scenario_of(game).clues
        assert clues is not None
        if self.first < 0:
            seats = len(st.seats)
            self.first = game.roll(f"D{seats}", "clue placer", BLUEPRINTS).value - 1
        if action is not None and action.point is not None:
            level = game.board.surface_at(action.point)
            height = game.board.surface_height(level)
            st.clues = (*st.clues, Spot(*action.point, height, _radius(game), level))
            game.emit("clue", BLUEPRINTS, (), at=list(action.point))
        if len(st.clues) < clues.count - 1:
            seat = st.seats[(self.first + len(st.clues)) % len(st.seats)]
            spec = PointSpec("clue", (), 'a point for a Clue: 10 <= y <= 26, 6" from the others')
            return Decision(seat, "clue", f"place Clue {len(st.clues) + 1}", points=(spec,))
        centre = _centre(game)
        st.clues = (*st.clues, centre)
        game.emit("clue", BLUEPRINTS, (), at=[centre.x, centre.y])
        return []

    def point_error(self, game: WolsungGame, action: Action) -> str | None:
        """Why a Clue may not go at the point, or ``None`` (§4.3)."""
        assert action.point is not None
        clues = scenario_of(game).clues
        assert clues is not None
        placed = (*game.state.clues, _centre(game))
        return clue_error(game.board, action.point, placed, clues, common_of(game))


def _radius(game: WolsungGame) -> float:
    return marker_radius(common_of(game))


def blueprint_options(game: WolsungGame, m: WolsungModel) -> list[Action]:
    """The S3 Special Actions ``m`` may take now: Search a Clue it touches, or pick up the
    Blueprints (§4.3)."""
    st = game.state
    if scenario_of(game).clues is None or m.toppled or in_melee(game, m):
        return []
    found = [
        Action("search", (m.id, str(n))) for n, c in enumerate(st.clues) if _touches(game, m, c)
    ]
    if st.blueprints is not None and _touches(game, m, st.blueprints):
        found.append(Action("pick-up", (m.id,)))
    return found


def _at_own_edge(game: WolsungGame, m: WolsungModel) -> bool:
    """Whether ``m``'s base touches its club's own table edge (§4.3, C6)."""
    here = Presence(m.side, m.x, m.y, surface(game, m), m.radius, m.hero, m.toppled)
    return may_leave(here, zone_of(game, m.side))


def search(game: WolsungGame, m: WolsungModel, clue: int) -> None:
    """``m`` searches Clue number ``clue``: it is taken away, and holds the Blueprints with a
    chance of one in the Clues left, else scores its club a point (§4.3). Once the Blueprints
    are found, every Clue left is empty: nothing is rolled."""
    st, clues = game.state, scenario_of(game).clues
    assert clues is not None
    hidden = not st.carrier and st.blueprints is None
    left = len(st.clues)
    st.clues = tuple(c for n, c in enumerate(st.clues) if n != clue)
    if hidden and game.roll(f"D{left}", "search", BLUEPRINTS, m.id).value == 1:
        st.carrier = m.id
        game.emit("blueprints-found", BLUEPRINTS, (m.id,))
        return
    st.scored = tuple(
        vp + clues.search_vp if seat == m.side else vp for seat, vp in enumerate(st.scored)
    )
    game.emit("clue-empty", BLUEPRINTS, (m.id,), vp=clues.search_vp)


def pick_up(game: WolsungGame, m: WolsungModel) -> None:
    """``m`` picks up the Blueprints it touches (§4.3)."""
    game.state.blueprints, game.state.carrier = None, m.id
    game.emit("blueprints-taken", BLUEPRINTS, (m.id,))


def drop(game: WolsungGame, m: WolsungModel) -> None:
    """A carrier put out of action drops the Blueprints where its base was (§4.3)."""
    st = game.state
    if st.carrier != m.id:
        return
    st.carrier, st.blueprints = "", Spot(m.x, m.y, surface(game, m), _radius(game), m.level)
    game.emit("blueprints-dropped", BLUEPRINTS, (m.id,))


def _escape(game: WolsungGame, m: WolsungModel) -> None:
    """The carrier leaves the table by its own edge: its club wins at once (§4.3, C6)."""
    st = game.state
    m.removed, st.carrier = "escaped with the Blueprints", ""
    game.emit("escaped", BLUEPRINTS, (m.id,))
    game.end_placed(placing(st.vp, st.casualties, m.side), "the Blueprints escaped", BLUEPRINTS)


@dataclass(slots=True, eq=False)
class LeaveTable(Step):
    """The end of an Action: the carrier's player may have it leave the table, if its base
    touches its club's own edge (§4.3, C6)."""

    rule = BLUEPRINTS

    def run(self, game: WolsungGame, action: Action | None) -> Decision | list[Step]:
        st = game.state
        if action is not None:
            if action.kind == "escape":
                _escape(game, game.model(action.args[0]))
            return []
        m = game.model(st.carrier) if st.carrier else None
        if m is None or not m.on_table or not _at_own_edge(game, m):
            return []
        prompt = f"{m.name} touches your table edge: leave the table with the Blueprints? (§4.3)"
        return Decision(m.side, "escape", prompt, (Action("escape", (m.id,)), Action("stay")))


def carried_vp(game: WolsungGame) -> tuple[int, ...]:
    """The points for carrying the Blueprints at the end of the last turn (§4.3)."""
    st, clues = game.state, scenario_of(game).clues
    if clues is None or not st.carrier or st.turn < last_turn(game):
        return (0,) * len(st.seats)
    side = game.model(st.carrier).side
    return tuple(clues.blueprints_vp if seat == side else 0 for seat in st.seats)
