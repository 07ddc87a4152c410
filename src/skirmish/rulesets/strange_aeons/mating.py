"""The Missing Link's Mating Pair (R:601): when a Missing Link is removed by an Injury, its
player rolls a D6, and on a 6 another Missing Link of the same profile appears at once on
any table edge its player chooses (its base touching the edge, in a place a base may stand),
with its Wounds whole. It is a Missing Link too, with a mate of its own. The roll is made
after the Action or combat that removed it, with the Infectious Hunger's tests; a game
already over (a side with no models) ends there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision, PointSpec
from skirmish.engine.step import Step
from skirmish.geometry.shapes import Point
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.model import AeonsModel
from skirmish.rulesets.strange_aeons.space import edge_error, edge_spots, set_down

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Missing Link: Mating Pair (R:601)"
MATE = "mate"
CALLS = 6
"""The D6 face that brings the mate."""


def owed(game: AeonsGame, fallen: AeonsModel) -> None:
    """A model with a mate, removed by an Injury, owes the roll."""
    if catalog_of(game).profile(fallen.profile).can("mating_pair"):
        game.state.mates = (*game.state.mates, fallen.id)


@dataclass(slots=True, eq=False)
class Mates(Step):
    """The rolls owed for the Missing Links removed, one at a time; a 6 asks where the mate
    appears."""

    rule = RULE
    fallen: str = ""

    @staticmethod
    def due(game: AeonsGame) -> bool:
        """Whether a mate's roll is owed (:class:`.turn.Owed`)."""
        return bool(game.state.mates) and not game.is_over

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        st = game.state
        if action is not None:
            assert action.point is not None
            _appear(game, game.model(self.fallen), action.point)
            self.fallen = ""
        if not self.due(game):
            return []
        fallen, st.mates = game.model(st.mates[0]), st.mates[1:]
        face = game.roll("D6", "mating pair", RULE, fallen.id).value
        game.emit("mating-pair", RULE, (fallen.id,), called=face == CALLS)
        if face != CALLS:
            return [self]
        self.fallen = fallen.id
        hint = "a point where its base touches a table edge"
        spec = PointSpec(MATE, (fallen.id,), hint)
        prompt = f"a mate of {fallen.name} appears: place it on a table edge"
        return Decision(fallen.side, MATE, prompt, (), (spec,))

    def point_error(self, game: AeonsGame, action: Action) -> str | None:
        assert action.point is not None
        return spot_error(game, game.model(self.fallen), action.point)


def spot_error(game: AeonsGame, fallen: AeonsModel, p: Point) -> str | None:
    """Why ``fallen``'s mate cannot appear at ``p``, or ``None``."""
    return edge_error(game, fallen, p, "the mate", RULE)


def spots(game: AeonsGame, fallen: AeonsModel) -> list[Point]:
    """Spots along the table edges where ``fallen``'s mate may appear."""
    return edge_spots(game, fallen, "the mate", RULE)


def _appear(game: AeonsGame, fallen: AeonsModel, p: Point) -> None:
    prof = catalog_of(game).profile(fallen.profile)
    mate = AeonsModel(
        f"{fallen.id}M",
        fallen.side,
        f"{fallen.name} (mate)",
        -1.0,
        -1.0,
        fallen.radius,
        profile=fallen.profile,
        wounds=prof.wounds,
    )
    game.add_model(mate)
    set_down(game, mate, p)
    game.emit("mate", RULE, (mate.id, fallen.id), at=list(p))
