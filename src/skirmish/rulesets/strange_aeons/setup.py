"""Setting up the Fight: roll-offs, the choice of table edge and deployment within 5"."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision, PointSpec
from skirmish.engine.step import Step
from skirmish.geometry.board import Board, Edge
from skirmish.geometry.shapes import CONTACT, Point, mm_to_inches
from skirmish.rulesets.strange_aeons import cunning
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.catalog import Catalog
from skirmish.rulesets.strange_aeons.model import AeonsModel
from skirmish.rulesets.strange_aeons.sneaky import AREAS, ZONES, Sneak, is_sneaky
from skirmish.rulesets.strange_aeons.space import inches, placement_reason, set_down

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

SETUP = "Fight: set-up"
"""The rule a step names; events cite the scenario played (:func:`setup_rule`)."""
TIES = "Roll-off ties are rolled again (rules notes item 70)"


@dataclass(slots=True, eq=False)
class RollOff(Step):
    """Each player rolls a D6; the higher wins, ties roll again, unless one list holds a
    Cunning model (:mod:`.cunning`, R:1065). ``purpose`` says what for: ``"deployment"`` (the
    winner picks a table edge and deploys first; with ``edges`` off, only deploys first, as
    in Free For All!'s quadrants), ``"set-up"`` (the winner deploys first, a Basic Scenario
    saying how) or ``"first-turn"``."""

    rule = SETUP
    purpose: str
    edges: bool = True
    dice: tuple[int, int] = (0, 0)

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        if action is not None:
            if action.kind == cunning.REROLL:
                self.dice = cunning.reroll(game, self.dice, self.purpose)
            return self._won(game)
        cunning_side = cunning.cunning_side(game)
        while True:
            a = game.roll("D6", f"roll-off {self.purpose}", setup_rule(game)).value
            b = game.roll("D6", f"roll-off {self.purpose}", setup_rule(game)).value
            if a != b or cunning_side is not None:
                break
            game.emit("roll-off-tie", TIES, ())
        self.dice = (a, b)
        ask = cunning.offer(game, self.dice)
        return ask if ask is not None else self._won(game)

    def _won(self, game: AeonsGame) -> list[Step]:
        """The roll-off's winner: the higher die, or the Cunning player on a tie."""
        st = game.state
        a, b = self.dice
        winner = 0 if a > b else 1
        cunning_side = cunning.cunning_side(game)
        if a == b and cunning_side is not None:  # a tie stops the rolls only for Cunning
            winner = cunning_side
            game.emit("cunning-tie", cunning.RULE, (), side=winner)
        game.emit(
            "roll-off", setup_rule(game), (), purpose=self.purpose, winner=winner, dice=[a, b]
        )
        if self.purpose == "deployment" and self.edges:
            st.deploy_first = winner
            return [ChooseEdge(), Deploy(winner), Deploy(1 - winner), Sneak("deploy")]
        if self.purpose != "first-turn":
            # A Basic Scenario whose winner picks and deploys first (:mod:`.zones`).
            st.deploy_first = winner
            return []
        st.first = winner
        return []


def setup_rule(game: AeonsGame) -> str:
    """The set-up rule of the scenario played, as events cite it."""
    return f"{catalog_of(game).scenario.name}: set-up"


def deployable_edges(cat: Catalog, board: Board) -> tuple[Edge, ...]:
    """The edges a side may pick: where its strip and the opposite one each hold a force.

    It takes the catalog, not a game: setup options are checked before any game exists.
    """
    radius = mm_to_inches(cat.scenario.base_mm) / 2
    count = max(len(roster) for roster in cat.roster)
    found = board.deployable_edges(cat.scenario.deployment_depth, radius, count)
    if cat.scenario.deployment_edges == "any":
        return found
    if cat.scenario.deployment_edges == "long":
        longest = max(board.width, board.height)
        return tuple(e for e in found if _length(board, e) >= longest)
    shortest = min(board.width, board.height)
    return tuple(e for e in found if _length(board, e) <= shortest)


def _length(board: Board, edge: Edge) -> float:
    """How long a table edge is: the rulebook's Fight deploys on a short edge (R:1588)."""
    return board.width if edge in (Edge.NORTH, Edge.SOUTH) else board.height


def deployment_room_error(cat: Catalog, board: Board) -> str | None:
    """Why no game with ``cat``'s forces can be set up on ``board``, or ``None``."""
    if deployable_edges(cat, board):
        return None
    depth = cat.scenario.deployment_depth
    which = "" if cat.scenario.deployment_edges == "any" else f"{cat.scenario.deployment_edges} "
    return (
        f"board {board.name!r} has no room to deploy: no two opposite {which}edges each have "
        f'{depth:g}" strips with space for every model'
    )


@dataclass(slots=True, eq=False)
class ChooseEdge(Step):
    """The winner of the first roll-off picks the table edge to deploy on; the opponent takes
    the opposite edge."""

    rule = SETUP

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        st = game.state
        if action is None:
            choices = deployable_edges(catalog_of(game), game.board)
            options = tuple(Action("edge", (e.value,)) for e in choices)
            return Decision(st.deploy_first, "edge", "choose the table edge to deploy on", options)
        mine = Edge(action.args[0])
        edges = [mine.value, mine.opposite.value]
        if st.deploy_first == 1:
            edges.reverse()
        st.edges = tuple(edges)
        game.emit("edge", setup_rule(game), (), side=st.deploy_first, edge=mine.value)
        return []


@dataclass(slots=True, eq=False)
class Deploy(Step):
    """A side places its models, each with its whole base within 5" of its table edge."""

    rule = SETUP
    kind = "deploy"
    """The kind of the point asked for (a Basic Scenario's zones ask another, :mod:`.zones`)."""
    side: int

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        if action is not None:
            assert action.point is not None
            m = game.model(action.args[0])
            set_down(game, m, action.point)
            game.emit("deployed", self.placed_rule(game), (m.id,), at=list(action.point))
        waiting = self.waiting(game)
        if not waiting:
            return []
        m = waiting[0]
        return Decision(
            self.side,
            "deploy",
            f"deploy {m.name} ({m.id})",
            (),
            (PointSpec(self.kind, (m.id,), self.hint(game, m)),),
        )

    def placed_rule(self, game: AeonsGame) -> str:
        """The rule a deployment cites."""
        return setup_rule(game)

    def hint(self, game: AeonsGame, m: AeonsModel) -> str:
        """Where ``m`` may deploy, in words."""
        depth = catalog_of(game).scenario.deployment_depth
        edge = game.state.edges[self.side]
        return f'a point with the whole base within {depth:g}" of the {edge} edge'

    def place_error(self, game: AeonsGame, m: AeonsModel, point: Point) -> str | None:
        """Why ``m`` cannot deploy at ``point``, or ``None``."""
        return deploy_error(game, m, point)

    def waiting(self, game: AeonsGame) -> list[AeonsModel]:
        """This side's models not yet on the table, in roster order; Sneaky ones wait for
        the rest (R:1136)."""
        return [
            m
            for m in game.models
            if m.side == self.side
            and not m.deployed
            and m.removed is None
            and not is_sneaky(game, m)
        ]

    def point_error(self, game: AeonsGame, action: Action) -> str | None:
        assert action.point is not None
        return self.place_error(game, game.model(action.args[0]), action.point)

    def option_error(self, game: AeonsGame, action: Action) -> str | None:
        """Models deploy one at a time, in roster order."""
        waiting = self.waiting(game)
        if action.kind != self.kind or not waiting or action.args[:1] == (waiting[0].id,):
            return None
        return f"{waiting[0].id} deploys next: the models deploy in roster order"


def deploy_error(game: AeonsGame, m: AeonsModel, point: Point) -> str | None:
    """Why ``m`` cannot be deployed at ``point``, or ``None``."""
    st = game.state
    depth = catalog_of(game).scenario.deployment_depth
    edge = Edge(st.edges[m.side])
    board = game.board
    if not board.on_table(point, m.radius):
        return "the base would be off the table"
    if not board.in_edge_zone(point, m.radius, edge, depth):
        far = board.distance_to_edge(point, m.radius, edge) + 2 * m.radius
        return (
            f'the base must be wholly within {depth:g}" of the {edge.value} edge; '
            f"its far side would be {inches(far)} from it"
        )
    return placement_reason(game, m, point, board.surface_at(point))


def in_strip(game: AeonsGame, side: int, point: Point, r: float) -> bool:
    """Whether a base of radius ``r`` at ``point`` lies, even in part, in ``side``'s strip
    along its table edge."""
    depth = catalog_of(game).scenario.deployment_depth
    edge = Edge(game.state.edges[side])
    return game.board.distance_to_edge(point, r, edge) < depth - CONTACT


ZONES["deploy"] = deploy_error
AREAS["deploy"] = in_strip
