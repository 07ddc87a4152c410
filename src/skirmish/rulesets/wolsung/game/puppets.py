"""The Death Puppet of the Karoa Temple: at the start of the game the bearer's player ties it to
an enemy Hero; from then on, the Wounds either one loses, the other gains, with no upper limit
(L754; rules notes §1.2, §2.4, §6 D5, G47, §7 item 91).

The bearers choose before the first turn, clockwise from the First Player (L31). A gain needs
the gainer on the table; the Wounds lost are those the model had to lose, not a hit's excess.
"""

from __future__ import annotations

from dataclasses import dataclass

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.rulesets.wolsung.cards.bids import clockwise_from
from skirmish.rulesets.wolsung.game.base import member
from skirmish.rulesets.wolsung.game.model import WolsungModel
from skirmish.rulesets.wolsung.game.space import enemies
from skirmish.rulesets.wolsung.game.state import WolsungGame

__all__ = ["PUPPET", "ChoosePuppets", "puppet_gains"]

PUPPET = "L754"
DEATH_PUPPET = "death_puppet"


def puppet_gains(game: WolsungGame, m: WolsungModel, lost: int) -> list[tuple[WolsungModel, int]]:
    """The models that gain Wounds as ``m`` loses ``lost``: the other end of each Death Puppet
    tying it, if on the table (L754)."""
    if lost <= 0:
        return []
    tied = [hero for bearer, hero in game.state.puppets if bearer == m.id]
    tied += [bearer for bearer, hero in game.state.puppets if hero == m.id]
    return [(game.model(o), lost) for o in tied if game.model(o).on_table]


@dataclass(slots=True, eq=False)
class ChoosePuppets(Step):
    """Each bearer of a Death Puppet on the table, clockwise from the First Player, chooses the
    enemy Hero it is tied to (L754, §6 D5); ``asked`` are the bearers done."""

    rule = PUPPET
    asked: tuple[str, ...] = ()

    def run(self, game: WolsungGame, action: Action | None) -> Decision | list[Step]:
        st = game.state
        if action is not None:
            bearer, hero = action.args
            st.puppets = (*st.puppets, (bearer, hero))
            self.asked = (*self.asked, bearer)
            game.emit("puppet", PUPPET, (bearer, hero))
        order = clockwise_from(st.seats, st.first)
        bearers = sorted(
            (
                m
                for m in game.models
                if m.on_table
                and m.id not in self.asked
                and member(game, m.id).fighter.has(DEATH_PUPPET)
            ),
            key=lambda m: order.index(m.side),
        )
        for m in bearers:
            heroes = [o for o in enemies(game, m) if o.hero]
            if heroes:
                return Decision(
                    m.side,
                    "puppet",
                    f"{m.name}'s Death Puppet: choose the enemy Hero it is tied to (L754)",
                    tuple(Action("puppet", (m.id, o.id)) for o in heroes),
                )
        return []
