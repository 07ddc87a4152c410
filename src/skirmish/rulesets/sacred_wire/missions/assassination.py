"""Assassination (M5.1; notes A100): each side's secret target.

Once the squads are set up, each side, the First Player first, names one enemy model on the
board as its target (``target B3``), in secret: the other side's view shows that a target
was chosen, never which (the game keeps secrets, :meth:`.ruleset.SacredWire.keeps_secrets`;
:func:`redact` and :func:`resample`).

* A target put Out of Action by a model of its hunter's side, or made to Flee by that side
  (its attack or its critical, or by a Morale test after that side took the target's Boss
  Out of Action; notes A100), wins the game at once for the hunter. Harms resolve one at a
  time, so when two targets fall in one activation the first to fall wins (M5.1).
* A target removed otherwise (hostiles, a fall of its own, leaving the board) is revealed, and
  its hunter names a new target at the start of its next activation.
* With no target taken by the end, both are revealed and the most surviving models win
  (:mod:`.zones`). The killer gains +1 Merit, and the winner +1 Evidence of Intel when it
  killed its target.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.game import HIDDEN_ACTION
from skirmish.engine.step import Step
from skirmish.rulesets.sacred_wire.game.model import WireModel
from skirmish.rulesets.sacred_wire.game.space import HOSTILES, side_of, squad_models
from skirmish.rulesets.sacred_wire.missions import zones

if TYPE_CHECKING:
    import random

    from skirmish.engine.game import View
    from skirmish.rulesets.sacred_wire.game.state import WireGame, WireState

RULE = "M5.1"
TARGET = "target"
UNKNOWN = "?"  # another side's target, as a view shows it


def played(game: WireGame) -> bool:
    """Whether the game is Assassination."""
    return zones.mission(game) == "assassination"


def opening(game: WireGame) -> list[Step]:
    """The step in which both sides name their targets, once the squads are set up."""
    return [NameTargets()] if played(game) else []


def candidates(game: WireGame, side: int) -> list[WireModel]:
    """The enemy models on the board that ``side`` may name."""
    return [m for m in squad_models(game) if m.side == 1 - side]


@dataclass(slots=True, eq=False)
class NameTargets(Step):
    """After deployment, each side names its target, the First Player first (M5.1): the
    First Player is read as the step runs, since the roll-off comes after the setup's steps
    are laid out."""

    rule = RULE

    def run(self, game: WireGame, action: Action | None) -> Decision | list[Step]:
        first = game.state.first
        return [ChooseTarget(first), ChooseTarget(1 - first)]


@dataclass(slots=True, eq=False)
class ChooseTarget(Step):
    """``side`` names its target, in secret."""

    rule = RULE
    side: int

    def run(self, game: WireGame, action: Action | None) -> Decision | list[Step]:
        if action is None:
            options = tuple(Action(TARGET, (m.id,)) for m in candidates(game, self.side))
            if not options:
                return []
            prompt = "name your target in secret: an enemy model on the board"
            return Decision(self.side, TARGET, prompt, options)
        st = game.state
        targets = list(st.targets)
        targets[self.side] = action.args[0]
        st.targets = (targets[0], targets[1])
        game.emit(
            "target-chosen",
            RULE,
            (),
            audience=(self.side,),
            secret=(TARGET,),
            side=self.side,
            target=action.args[0],
        )
        return []


def renew(game: WireGame, side: int) -> list[Step]:
    """At the start of ``side``'s activation, a new target if its last one was removed."""
    if not played(game) or side >= HOSTILES or game.state.targets[side]:
        return []
    return [ChooseTarget(side)]


def fallen(game: WireGame, m: WireModel, by: str | None, fled: bool) -> None:
    """``m`` went Out of Action, Fled or left the board (``by``: the model credited, if
    any). If it is a hunter's target: credited to the hunter's side, the hunter wins;
    removed otherwise, the hunter names a new target (an uncredited Flee changes nothing)."""
    if not played(game) or game.is_over:
        return
    st = game.state
    for hunter in (0, 1):
        if st.targets[hunter] != m.id:
            continue
        scorer = game.model(by) if by else None
        if scorer is not None and scorer.side < HOSTILES and side_of(scorer) == hunter:
            _taken(game, hunter, m, scorer, fled)
        elif m.removed is not None:
            targets = list(st.targets)
            targets[hunter] = ""
            st.targets = (targets[0], targets[1])
            game.emit("target-lost", RULE, (m.id,), side=hunter)


def _taken(game: WireGame, hunter: int, m: WireModel, scorer: WireModel, fled: bool) -> None:
    st = game.state
    taken = list(st.taken)
    taken[hunter] = 1
    st.taken = (taken[0], taken[1])
    if not fled:
        st.deed_by = scorer.id
    how = "made it Flee" if fled else "took it Out of Action"
    game.emit("target-taken", RULE, (m.id, scorer.id), side=hunter, fled=fled)
    zones.win_now(game, hunter, f"{how}: the first to take its target")


# --- what a player may know --------------------------------------------------------------------


def redact(view: View[WireModel, WireState], player: int) -> None:
    """Hide the other side's target from ``player``'s view while the game goes on: in the
    state, and its answer among the actions."""
    if view.is_over:
        return
    st = view.state
    st.targets = (
        _seen(st.targets[0], 0, player),
        _seen(st.targets[1], 1, player),
    )
    view.actions = [
        HIDDEN_ACTION if a.kind == TARGET and _chooser(view, a) != player else a
        for a in view.actions
    ]


def own_secrets(game: WireGame, side: int) -> tuple[str, ...]:
    """The target ``side`` named, to that side while the game goes on."""
    target = game.state.targets[side] if side in (0, 1) else ""
    if game.is_over or not target or target == UNKNOWN:
        return ()
    return (f"its target is {game.label(target)}  [{RULE}]",)


def _seen(target: str, side: int, player: int) -> str:
    return target if side == player or not target else UNKNOWN


def _chooser(game: WireGame, action: Action) -> int:
    """The side that named this target: the other side than the target's."""
    return 1 - game.model(action.args[0]).side


def resample(game: WireGame, player: int, rng: random.Random) -> None:
    """In a game determinized for ``player``, the other side's unknown target becomes one of
    ``player``'s models on the board."""
    st = game.state
    if UNKNOWN not in st.targets:
        return
    mine = [m.id for m in candidates(game, 1 - player)]
    targets = list(st.targets)
    targets[1 - player] = rng.choice(mine) if mine else ""
    st.targets = (targets[0], targets[1])
