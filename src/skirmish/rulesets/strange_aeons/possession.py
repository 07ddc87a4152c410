"""The Mojo's Possessor (R:725; rules notes §3.4 and §6 item 56): a Human it touches may
become a Lurker for a while.

A Move of the Mojo into or through base-to-base contact with an enemy Human (its way touching
the base, as The Frighteners', :func:`.frighteners.touched`) puts it to a Resolve test, its
owner free to spend Lucky. A failure possesses it for 1D3 Lurker Turns (player Turns, item
56): the Mojo leaves the table (``possessing``), the model changes sides and acts as a Lurker,
nominated by the Lurker player in each of the Lurker Turns that follow, that many. The Mojo
possesses one model at a time: once it has, the other tests of the same Move are not taken.
The possession ends as the Turn after the last of them begins, or at once when the Mojo is
dispelled (its remains purified, :mod:`.lost_soul`, which may be done while it possesses) or
the model removed from play (:func:`.damage.dispossess`): the model is the Threshold's again
(if in play), and the Mojo, if still possessing, is dispelled. A model freed in the
Threshold's Turn was not among the models nominated as it began (R:128), so it takes no Action
in it (nor with Team Player, whose pairs are found as the Turn begins); in the Lurkers' next
Turn it is Alert, not nominated in the Turn before (R:245).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.damage import dispossess
from skirmish.rulesets.strange_aeons.dice import d3
from skirmish.rulesets.strange_aeons.frighteners import touched
from skirmish.rulesets.strange_aeons.ghosts import POSSESSING, POSSESSOR
from skirmish.rulesets.strange_aeons.psychology import Trial

if TYPE_CHECKING:
    from skirmish.engine.decision import Decision
    from skirmish.engine.step import Step
    from skirmish.geometry.shapes import Point
    from skirmish.rulesets.strange_aeons.model import AeonsModel
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = POSSESSOR
TURNS_A_ROUND = 2


def possessions(game: AeonsGame, m: AeonsModel, points: tuple[Point, ...]) -> list[Possess]:
    """The tests ``m``'s Move along ``points`` puts its Possessor to: one for each enemy
    Human whose base the way touches."""
    cat = catalog_of(game)
    if not cat.profile(m.profile).can("possessor"):
        return []
    return [
        Possess(m.id, o.id)
        for o in touched(game, m, points)
        if "human" in cat.profile(o.profile).types
    ]


@dataclass(slots=True, eq=False)
class Possess(Trial):
    """The target's Resolve test (its owner may spend Lucky on it); possessed if it fails,
    unless the Mojo has possessed another already."""

    rule = RULE
    kind = "possessor"

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        if game.model(self.model).removed is not None:
            return []
        return Trial.run(self, game, action)

    def failed(self, game: AeonsGame, target: AeonsModel) -> list[Step]:
        """The target possessed for 1D3 Lurker Turns: it turns Lurker, the Mojo leaves."""
        st, mojo = game.state, game.model(self.model)
        turns = d3(game.roll("D6", "possession", RULE, mojo.id).value)
        st.possessed = (*st.possessed, (target.id, mojo.id, st.turn + TURNS_A_ROUND * turns))
        target.side = mojo.side
        mojo.removed = POSSESSING
        game.emit("mojo-possession", RULE, (target.id, mojo.id), turns=turns)
        return []


def expire(game: AeonsGame) -> None:
    """As a Turn begins, the possessions whose time is up end (:func:`.damage.dispossess`)."""
    st = game.state
    for host_id, _, last in st.possessed:
        if st.turn > last:
            dispossess(game, host_id)
