"""Draws from the activation bag (:mod:`.bag`, C4.1): each token drawn starts an activation,
until the bag is empty.

The bag holds a token for each squad model that has not activated this round and one for each
hostile spawn group or Coworker group whose models have not (I1.1, I8.1). A draw is a roll of
one die with as many faces as tokens (purpose ``token``): faces 1..n for side A's n tokens,
then side B's, then the hostile groups' in the order they spawned, then the Coworkers'. Once
every token left is one player's, no die is needed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.rulesets.sacred_wire.game.activation import Activation
from skirmish.rulesets.sacred_wire.game.bag import ACTIVATION, waiting
from skirmish.rulesets.sacred_wire.game.space import in_play
from skirmish.rulesets.sacred_wire.hostiles import coworkers
from skirmish.rulesets.sacred_wire.hostiles.group import (
    GroupActivation,
    group_side,
    waiting_groups,
)
from skirmish.rulesets.sacred_wire.missions import advantages, assassination
from skirmish.rulesets.sacred_wire.missions.zones import SETUP
from skirmish.rulesets.sacred_wire.rolls.contest import roll_die

if TYPE_CHECKING:
    from skirmish.rulesets.sacred_wire.game.state import WireGame


@dataclass(slots=True, eq=False)
class Draws(Step):
    """Draw tokens until the bag is empty (C4.1). In Round 1 the First Player takes the first
    activation (K1.2 "First Draw", notes A83), the Defender with First token (K1.4)."""

    rule = ACTIVATION

    def run(self, game: WireGame, action: Action | None) -> Decision | list[Step]:
        if action is not None:
            return [*activation(game, action.args[0]), self]
        coworkers.crowding(game)  # after the placements no move judged: deploys, spawns, reboots
        st = game.state
        tokens = (waiting(game, 0), waiting(game, 1))
        counts = [len(tokens[0]), len(tokens[1])]
        groups = waiting_groups(game)
        bag: list[int | str] = [*([0] * counts[0]), *([1] * counts[1]), *groups]
        if not bag:
            return []
        shown: dict[str, Any] = {"tokens": counts, **({"groups": len(groups)} if groups else {})}
        opener = first_drawer(game)
        if st.first_draw and counts[opener]:
            st.first_draw = False
            side = opener
            held = advantages.has(game, advantages.FIRST_TOKEN)
            game.emit("first-draw", advantages.ADVANTAGES if held else SETUP, (), side=side)
        else:
            st.first_draw = False
            token = bag[0]
            if len(set(bag)) > 1:
                token = bag[roll_die(game, len(bag), "token", ACTIVATION) - 1]
            if isinstance(token, str):
                side = group_side(game, token)
                game.emit("group-token", ACTIVATION, (), side=side, group=token, **shown)
                return [GroupActivation(token), self]
            side = token
            game.emit("token", ACTIVATION, (), side=side, **shown)
        choices = tokens[side]
        if len(choices) == 1:
            return [*activation(game, choices[0].id), self]
        options = tuple(Action("activate", (m.id,)) for m in choices)
        return Decision(side, "activate", "choose the model to activate", options)

    def option_error(self, game: WireGame, action: Action) -> str | None:
        """Why a model cannot activate now (C4.1), or None: the reason a refusal gives."""
        decision = game.decision
        if decision is None or action.kind != "activate" or len(action.args) != 1:
            return None
        m = next((o for o in in_play(game) if o.id == action.args[0]), None)
        if m is None:
            return f"{action.args[0]} is not a model on the table"
        if m.side != decision.player:
            return f"{m.label} is not of the side whose token was drawn (C4.1)"
        return f"{m.label} has activated this round already (C4.1)"


def first_drawer(game: WireGame) -> int:
    """Who takes the first activation of Round 1: the First Player (K1.2), the Defender with
    First token (K1.4, notes A83)."""
    if advantages.has(game, advantages.FIRST_TOKEN):
        return advantages.defender(game)
    return game.state.first


def activation(game: WireGame, model: str) -> list[Step]:
    """The activation of a squad model: its own, or, Hijacked by hostiles, one played by their
    behaviour table with the hostiles as its friends (R6.7, notes A39); in Assassination, a
    side whose target was removed names a new one first (M5.1)."""
    m = game.model(model)
    renewal = assassination.renew(game, m.side)
    if m.hijacked_next() in game.ruleset.automata:
        return [*renewal, GroupActivation(m.id, members=(m.id,))]
    return [*renewal, Activation(m.id)]
