"""A model that tends a friend in base contact: a Special Action, Quick, once an activation,
that puts one of its rule's modes (``modes`` in ``data/keywords.toml``) on that friend (rules
notes §1.4, §2.6, §6 D13).

- The Clockwork Servant's Attunement, on a friendly Scientist until the end of the turn: +1
  Reflex, +2 Armour, a Control Range of 18" for the Golems the Scientist holds (L698,
  :mod:`.golems`), or one die of each casting roll re-rolled (:mod:`.rerolls`) (L695-L699).
- Alice Tinkerly's Engineer, on a friendly Golem: Power Flux, +2 Armour until the end of the
  turn; Overcharge, +2 M and +2 S through the Golem's next activation if it comes this turn;
  Repair, the Golem back at its full Wounds at once (L650-L653).

Quick lets the model Move first in the same Action and choose the friend and the mode after it
(L71, L228); a model in melee takes no Special Action (L126).
"""

from __future__ import annotations

from dataclasses import dataclass

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.rulesets.wolsung.game.base import member, rules_of
from skirmish.rulesets.wolsung.game.damage import gain_wounds
from skirmish.rulesets.wolsung.game.effects import add_effect, current, lasting
from skirmish.rulesets.wolsung.game.model import WolsungModel
from skirmish.rulesets.wolsung.game.space import in_contact, in_melee
from skirmish.rulesets.wolsung.game.state import WolsungGame
from skirmish.rulesets.wolsung.rules_data.records import Mode
from skirmish.rulesets.wolsung.rules_data.spell_effects import Repair

__all__ = [
    "ATTUNE",
    "ENGINEER",
    "TENDINGS",
    "ChooseTending",
    "Tending",
    "may_tend",
    "tend",
    "tend_options",
    "tending_of",
]


@dataclass(frozen=True, slots=True)
class Tending:
    """A rule (``keyword``) whose modes go on a friend with the rule ``friend``: its Action
    is ``kind`` (``kind-move`` after a Quick Move), its log event ``event``."""

    keyword: str
    friend: str
    kind: str
    event: str
    rule: str


ATTUNE = "L695"
ENGINEER = "L650"
TENDINGS = (
    Tending("attunement", "scientist", "attune", "attunes", ATTUNE),
    Tending("engineer", "golem", "engineer", "engineers", ENGINEER),
)


def tending_of(kind: str) -> Tending:
    """The tending whose Action (or Quick Move first) is ``kind``."""
    return next(t for t in TENDINGS if kind in (t.kind, f"{t.kind}-move", f"no-{t.kind}"))


def _modes(game: WolsungGame, tending: Tending) -> tuple[Mode, ...]:
    return rules_of(game).catalog.keywords[tending.keyword].modes


def _friends(game: WolsungGame, m: WolsungModel, tending: Tending) -> list[WolsungModel]:
    return [
        o
        for o in game.models
        if o.on_table and o.side == m.side and o.id != m.id and current(game, o).has(tending.friend)
    ]


def may_tend(game: WolsungGame, m: WolsungModel, tending: Tending) -> bool:
    """Whether ``m`` has the rule of ``tending``, stands out of melee, and has a friend on the
    table it may Move to (L126)."""
    return (
        current(game, m).has(tending.keyword)
        and not in_melee(game, m)
        and bool(_friends(game, m, tending))
    )


def tend_options(game: WolsungGame, m: WolsungModel, tending: Tending) -> list[Action]:
    """Every use of ``tending`` ``m`` may make where it stands: each mode on each friend in
    base contact."""
    if not may_tend(game, m, tending):
        return []
    near = [o for o in _friends(game, m, tending) if in_contact(game, m, o)]
    return [
        Action(tending.kind, (m.id, o.id, mode.name))
        for o in near
        for mode in _modes(game, tending)
    ]


def tend(game: WolsungGame, kind: str, by: str, friend: str, mode: str) -> None:
    """Put the mode ``mode`` of the tending ``kind`` of ``by`` on ``friend``."""
    tending = tending_of(kind)
    chosen = next(md for md in _modes(game, tending) if md.name == mode)
    game.emit(tending.event, tending.rule, (by, friend), mode=mode)
    rule = f"L{chosen.line}"
    for effect in chosen.effects:
        if isinstance(effect, Repair):
            _repair(game, game.model(friend), rule)
        else:
            add_effect(game, lasting(friend, effect, rule, by))


def _repair(game: WolsungGame, m: WolsungModel, rule: str) -> None:
    """``m`` is back at its full Wounds (L653); none lost, nothing happens."""
    lost = member(game, m.id).fighter.profile.W - m.wounds
    if lost > 0:
        gain_wounds(game, m, lost, rule)


@dataclass(slots=True, eq=False)
class ChooseTending(Step):
    """The friend and mode of a tending (``kind``) whose Quick Move came first (L228)."""

    rule = "L228"
    model: str = ""
    kind: str = ""

    def run(self, game: WolsungGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.model)
        if action is not None:
            if action.kind == self.kind:
                tend(game, self.kind, *action.args)
            return []
        tending = tending_of(self.kind)
        found = tend_options(game, m, tending) if m.on_table else []
        if not found:
            return []
        name = rules_of(game).catalog.keywords[tending.keyword].name
        friend = tending.friend.capitalize()
        return Decision(
            m.side,
            self.kind,
            f"{m.name}, {name} after its Move: choose the {friend} and the effect",
            (*found, Action(f"no-{self.kind}", (m.id,))),
        )
