"""The Dark Puppeteer's Compelling Gaze (R:645; rules notes §1.13.4, §6 item 62).

- **The Gaze.** As an Action a Normal Dark Puppeteer out of base-to-base with any enemy (as
  any Action of this game) takes a Resolve test, its owner free to spend Lucky, to Compel a
  Human model on the table within the catalog's ``gaze_range`` (15", base to base). Our
  readings: the target is a Human it fights against (a Lurker Human of its own list is none);
  sight is not asked, as the book asks none (as Mesmerize's reading); and it Compels no one
  while it holds a model still on the table (one at a time, R:645).
- **The hold.** Passed, the model is Compelled (``compelled``, :func:`.space.master_of`):
  it fights for the Puppeteer's side in every rule that reads friend or enemy in an attack
  (:func:`.space.allegiance`: Shoot, its target priority, Templates, Charge, close combat,
  Alert), so it may Shoot and Charge its own friends, they may Shoot and Charge it, and the
  Lurkers leave it be; the rules that name a side's models keep it its own (its player
  Nominates it, psychology's friends, objectives, the end).
- **Its Actions.** The Puppeteer spends an Action (``direct``) to make it take one: a Move,
  Shoot or Charge of those it may take then (the book's "if the model has the capacity",
  :data:`DIRECTED`), the Puppeteer's player choosing it and answering the decisions of its
  fights and shots. Nominated by its own player, its first Action is the Resolve test to
  regain control (``regain``, notes §6 item 62: it costs an Action); passed, it is free and
  takes the rest; failed, its Actions are spent (our reading, as the Compel spells say,
  R:1427, R:1447).
- **The end.** The hold lasts until the model regains control, is removed, or the Puppeteer
  is removed from play (our reading: no one is left to control it). While held within the
  catalog's ``node_range`` of a Puppet, the model's Resolve is 1 worse (Node, R:650,
  :func:`.psychology.resolve_of`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.model import AeonsModel
from skirmish.rulesets.strange_aeons.psychology import Trial
from skirmish.rulesets.strange_aeons.shooting import SHOTS
from skirmish.rulesets.strange_aeons.space import foes, master_of, models, reach_error

if TYPE_CHECKING:
    from skirmish.engine.step import Step
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Dark Puppeteer: Compelling Gaze (R:645)"
GAZE = "gaze"
"""The Puppeteer's Action at a Human, with its target."""
DIRECT = "direct"
"""The Puppeteer's Action that makes the model it Compels act."""
REGAIN = "regain"
"""A Compelled model's Action, Nominated by its own player: the test to break free."""
ARITY = {GAZE: 2, DIRECT: 1, REGAIN: 1}
DIRECTED = ("move", *SHOTS, "charge")
"""The Actions a Compelled model takes at its Puppeteer's bidding (R:645)."""


def victim_of(game: AeonsGame, m: AeonsModel) -> AeonsModel | None:
    """The model ``m`` Compels now, if any: one still on the table."""
    for victim, master in game.state.compelled:
        if master == m.id and game.model(victim).on_table:
            return game.model(victim)
    return None


def options(game: AeonsGame, m: AeonsModel) -> list[Action]:
    """The Gazes ``m`` may cast now, or the Action directing the model it holds (it is Normal
    and out of combat: the caller's; the held model's capacity too)."""
    if not catalog_of(game).profile(m.profile).can("compelling_gaze"):
        return []
    if victim_of(game, m) is not None:
        return [Action(DIRECT, (m.id,))]
    return [Action(GAZE, (m.id, t.id)) for t in models(game) if target_error(game, m, t) is None]


def error(game: AeonsGame, m: AeonsModel, action: Action) -> str | None:
    """Why ``m`` may not take the Gaze, direct its victim or regain control now."""
    if action.kind == REGAIN:
        return None if master_of(game, m) else f"{m.id} is not Compelled ({RULE})"
    if not catalog_of(game).profile(m.profile).can("compelling_gaze"):
        return f"{m.id} has no Compelling Gaze ({RULE})"
    victim = victim_of(game, m)
    if action.kind == DIRECT:
        return None if victim else f"{m.id} Compels no model ({RULE})"
    if victim is not None:
        return f"{m.id} Compels {victim.id} already: one model at a time ({RULE})"
    return target_error(game, m, game.model(action.args[1]))


def target_error(game: AeonsGame, m: AeonsModel, target: AeonsModel) -> str | None:
    """Why ``m``'s Gaze cannot fall on ``target``: a Human it fights against, on the table,
    within reach."""
    human = "human" in catalog_of(game).profile(target.profile).types
    if not (human and target.on_table and foes(game, m, target)):
        return f"{target.id} is not a Human enemy on the table: only one is Compelled ({RULE})"
    return reach_error(game, m, target, catalog_of(game).scenario.gaze_range, "the Gaze")


def perform(game: AeonsGame, m: AeonsModel, action: Action) -> list[Step]:
    """The Gaze's test, or the regaining's (``direct`` is the turn's: an Activation)."""
    if action.kind == GAZE:
        return [Gaze(m.id, m.id, victim=action.args[1])]
    return [Regain(m.id, m.id)]


@dataclass(slots=True, eq=False)
class Gaze(Trial):
    """The Puppeteer's Resolve test; passed, ``victim`` is Compelled."""

    rule = RULE
    kind = "gaze"
    victim: str = ""

    def passes(self, game: AeonsGame, target: AeonsModel) -> list[Step]:
        """The hold begins (an earlier one of this Puppeteer's is over)."""
        st = game.state
        kept = tuple(pair for pair in st.compelled if pair[1] != target.id)
        st.compelled = (*kept, (self.victim, target.id))
        game.emit("compelled", RULE, (target.id, self.victim))
        return []


@dataclass(slots=True, eq=False)
class Regain(Trial):
    """A Compelled model's Resolve test (Node's penalty in it); passed, the hold is over.
    Failed, its Actions are spent (the turn's :class:`.turn.Activation`)."""

    rule = RULE
    kind = "regain"

    def passes(self, game: AeonsGame, target: AeonsModel) -> list[Step]:
        """Free again."""
        st = game.state
        st.compelled = tuple(pair for pair in st.compelled if pair[0] != target.id)
        game.emit("regained", RULE, (target.id,))
        return []
