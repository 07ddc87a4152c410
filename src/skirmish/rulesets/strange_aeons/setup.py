"""Setting up the Fight: roll-offs, the choice of table edge and deployment within 5"."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision, PointSpec
from skirmish.engine.step import Step
from skirmish.geometry.board import Edge
from skirmish.rulesets.strange_aeons.catalog import intro_catalog
from skirmish.rulesets.strange_aeons.model import AeonsModel
from skirmish.rulesets.strange_aeons.space import models
from skirmish.rulesets.strange_aeons.state import AeonsState

if TYPE_CHECKING:
    from skirmish.engine.game import Game

SETUP = "Fight: set-up"
TIES = "Roll-off ties are rolled again (rules notes item 70)"


@dataclass(slots=True, eq=False)
class RollOff(Step):
    """Each player rolls a D6; the higher wins, ties roll again. ``purpose`` says what for:
    ``"deployment"`` (the winner picks a table edge and deploys first) or ``"first-turn"``."""

    rule = SETUP
    purpose: str

    def run(self, game: Game, action: Action | None) -> Decision | list[Step]:
        st = cast(AeonsState, game.state)
        while True:
            a = game.roll("D6", f"roll-off {self.purpose}", SETUP).value
            b = game.roll("D6", f"roll-off {self.purpose}", SETUP).value
            if a != b:
                break
            game.emit("roll-off-tie", TIES, ())
        winner = 0 if a > b else 1
        game.emit("roll-off", SETUP, (), purpose=self.purpose, winner=winner, dice=[a, b])
        if self.purpose == "deployment":
            st.deploy_first = winner
            return [ChooseEdge(), Deploy(winner), Deploy(1 - winner)]
        st.first = winner
        return []


@dataclass(slots=True, eq=False)
class ChooseEdge(Step):
    """The winner of the first roll-off picks the table edge to deploy on; the opponent takes
    the opposite edge."""

    rule = SETUP

    def run(self, game: Game, action: Action | None) -> Decision | list[Step]:
        st = cast(AeonsState, game.state)
        if action is None:
            options = tuple(Action("edge", (e.value,)) for e in Edge)
            return Decision(st.deploy_first, "edge", "choose the table edge to deploy on", options)
        mine = Edge(action.args[0])
        edges = [mine.value, mine.opposite.value]
        if st.deploy_first == 1:
            edges.reverse()
        st.edges = tuple(edges)
        game.emit("edge", SETUP, (), side=st.deploy_first, edge=mine.value)
        return []


@dataclass(slots=True, eq=False)
class Deploy(Step):
    """A side places its models, each with its whole base within 5" of its table edge."""

    rule = SETUP
    side: int

    def run(self, game: Game, action: Action | None) -> Decision | list[Step]:
        if action is not None:
            assert action.point is not None
            m = cast(AeonsModel, game.model(action.args[0]))
            m.x, m.y = action.point
            m.level = game.board.surface_at(action.point)
            game.emit("deployed", SETUP, (m.id,), at=list(action.point))
        waiting = self.waiting(game)
        if not waiting:
            return []
        m = waiting[0]
        depth = intro_catalog().scenario.deployment_depth
        edge = cast(AeonsState, game.state).edges[self.side]
        hint = f'a point with the whole base within {depth:g}" of the {edge} edge'
        return Decision(
            self.side,
            "deploy",
            f"deploy {m.name} ({m.id})",
            (),
            (PointSpec("deploy", (m.id,), hint),),
        )

    def waiting(self, game: Game) -> list[AeonsModel]:
        """This side's models not yet on the table, in roster order."""
        return [
            cast(AeonsModel, m)
            for m in game.models
            if m.side == self.side and not m.deployed and m.removed is None
        ]

    def point_error(self, game: Game, action: Action) -> str | None:
        assert action.point is not None
        waiting = self.waiting(game)
        if not waiting or action.args[0] != waiting[0].id:
            return "deploy the models in roster order"
        m = waiting[0]
        return deploy_error(game, m, action.point)


def deploy_error(game: Game, m: AeonsModel, point: tuple[float, float]) -> str | None:
    """Why ``m`` cannot be deployed at ``point``, or ``None``."""
    st = cast(AeonsState, game.state)
    depth = intro_catalog().scenario.deployment_depth
    edge = Edge(st.edges[m.side])
    if not game.board.in_edge_zone(point, m.radius, edge, depth):
        return f'the base must be entirely within {depth:g}" of the {edge.value} edge'
    level = game.board.surface_at(point)
    others = [(o.pos, o.radius, o.level) for o in models(game) if o.id != m.id]
    return game.board.placement_error(point, m.radius, level, others)
