"""The Mad Scientist's Diabolical Serum and Self-Medicate (R:792-801, rules notes §2.10).

As an Action, a Normal Mad Scientist out of close combat injects a friendly Zombie (the
book's profile, ``Profile.kind``) in base-to-base (``inject L1 L4``), each model once
(R:792); the last model of his side on the table, he may inject himself (``inject L1 L1``,
Self-Medicate), once as well. The 2D6 on the Reagent Table (:mod:`.reagents`) says what the
serum does to the injected model:

- Failure!: it is removed from play (no Injury: no test nor feast is owed for it);
- Volatile!: before each of its Move Actions it rolls a D6, and a 1 blows it up: a Large Blast
  Template over it, every model under it (itself too) saving as under any template and
  taking the hit of 1D+3; the Move goes on if it is still on the table and Normal;
- Inert!: nothing;
- Slight Success!: its player moves one characteristic 1 up or down (``reagent L4 con+1``);
  a change the rules cannot read (Wounds or Attacks of 0, a Dexterity or Resolve past 2+ or
  6+, a Movement below 1, a rolled one's least judged: a Zombie's 1D3+1 goes down to 1D3) is
  not offered; a Wound gained is a Wound more now;
- Metabolic Boost!: +3 Movement and +1 Constitution for the rest of the game;
- Mutation!!!: it becomes the Blasphemous Construct its side's setup holds ready, Wounds
  whole, and its first Action as a Normal model is its Deadly Rage, whoever is (or is not)
  in base-to-base (:mod:`.rage`).

A changed characteristic is the model's own profile with the change (``catalog.CHANGED``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.catalog import CHANGED, Profile
from skirmish.rulesets.strange_aeons.damage import remove
from skirmish.rulesets.strange_aeons.detonator import DETONATE, Detonation
from skirmish.rulesets.strange_aeons.movement import MoveTo
from skirmish.rulesets.strange_aeons.reagents import (
    BLAST,
    REAGENTS,
    ReagentRow,
    Stat,
    row_of,
    spawn_id,
)
from skirmish.rulesets.strange_aeons.space import in_contact, models

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.model import AeonsModel
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Mad Scientist: Diabolical Serum (R:792)"
SELF = "Mad Scientist: Self-Medicate (R:792)"
TABLE = "Reagent Table (R:793-801)"
VOLATILE = "Reagent Table: Volatile! (R:797)"
INJECT = "inject"
CHANGE = "reagent"
ARITY = {INJECT: 2}
"""The serum's Action, with how many arguments it has, the Mad Scientist first."""
ZOMBIE = "zombie"
"""The book's profile the serum goes into (R:792)."""
LIMITS: dict[Stat, tuple[int, int]] = {
    "move": (1, 99),
    "dex": (2, 6),
    "con": (1, 99),
    "attacks": (1, 99),
    "wounds": (1, 99),
    "res": (2, 6),
}
"""The values of each characteristic the rules read: a Slight Success stays within them."""
DIE_OF: dict[Stat, str] = {"move": "move_die", "attacks": "attacks_die"}
"""The characteristics that may be rolled, with the profile's field naming the die added."""


def options(game: AeonsGame, m: AeonsModel) -> list[Action]:
    """The injections ``m`` may give now (a Normal model out of close combat)."""
    if not catalog_of(game).profile(m.profile).can("diabolical_serum"):
        return []  # its error for every model on the table, asked of none
    return [Action(INJECT, (m.id, t.id)) for t in models(game) if error(game, m, t) is None]


def error(game: AeonsGame, m: AeonsModel, target: AeonsModel) -> str | None:
    """Why ``m`` may not inject ``target`` now."""
    prof = catalog_of(game).profile(m.profile)
    if not prof.can("diabolical_serum"):
        return f"{m.id} has no Diabolical Serum (R:792)"
    if target.id in game.state.injected:
        return f"{target.id} has been injected already: once a model (R:792)"
    if target.id == m.id:
        if not prof.can("self_medicate"):
            return f"{m.id} may not inject himself (R:792)"
        if any(o.side == m.side and o.id != m.id for o in models(game)):
            return f"{m.id} injects himself only as the last model of his side (R:792)"
        return None
    kind = catalog_of(game).profile(target.profile).kind
    if target.side != m.side or not target.on_table or kind != ZOMBIE:
        return f"{target.id} is not a friendly Zombie on the table: only Zombies are injected"
    if not in_contact(m, target):
        return f"{target.id} is not in base-to-base with {m.id}"
    return None


def perform(game: AeonsGame, m: AeonsModel, action: Action) -> list[Step]:
    """The injection: the model is injected, its roll on the table follows."""
    target = action.args[1]
    game.state.injected = (*game.state.injected, target)
    game.emit("injected", SELF if target == m.id else RULE, (m.id, target))
    return [Reagent(target)]


@dataclass(slots=True, eq=False)
class Reagent(Step):
    """The 2D6 on the Reagent Table for the injected model, and what it does; a Slight
    Success asks its player which characteristic moves, and which way."""

    rule = TABLE
    model: str

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.model)
        if action is not None:
            _change(game, m, action.args[1])
            return []
        total = game.roll("2D6", "reagent", TABLE, m.id).value
        row = row_of(REAGENTS, total)
        game.emit("reagent", TABLE, (m.id,), roll=total, result=row.name)
        if row.result != "slight":
            _apply(game, m, row)
            return []
        prof = catalog_of(game).profile(m.profile)
        changes = tuple(Action(CHANGE, (m.id, c)) for c in slight_changes(prof))
        prompt = f"{m.name}: a Slight Success! moves one characteristic 1 up or down"
        return Decision(m.side, CHANGE, prompt, changes)


def slight_changes(prof: Profile) -> list[str]:
    """The changes a Slight Success may make to ``prof`` (``con+1``), within what the rules
    read: a rolled characteristic (a Zombie's 1D3+1 Movement) by the least its roll gives."""
    step = REAGENTS.step
    found = []
    for stat in REAGENTS.slight:
        low, high = LIMITS[stat]
        value = getattr(prof, stat)
        least = value + (1 if stat in DIE_OF and getattr(prof, DIE_OF[stat]) else 0)
        found += [
            f"{stat}{by:+d}" for by in (step, -step) if low <= least + by and value + by <= high
        ]
    return found


def _apply(game: AeonsGame, m: AeonsModel, row: ReagentRow) -> None:
    st = game.state
    if row.result == "failure":
        remove(game, m, "destroyed", TABLE, injured=False)
    elif row.result == "volatile":
        st.volatile = (*st.volatile, m.id)
    elif row.result == "boost":
        for stat, by in row.stats.items():
            _change(game, m, f"{stat}{by:+d}")
    elif row.result == "mutation":
        _mutate(game, m)


def _change(game: AeonsGame, m: AeonsModel, change: str) -> None:
    """One characteristic of ``m`` changed for the rest of the game; Wounds gained are had."""
    before = catalog_of(game).profile(m.profile).wounds
    m.profile = f"{m.profile}{CHANGED}{change}"
    wounds = catalog_of(game).profile(m.profile).wounds
    m.wounds = max(0, min(wounds, m.wounds + wounds - before))
    game.emit("serum-change", TABLE, (m.id,), change=change)


def _mutate(game: AeonsGame, m: AeonsModel) -> None:
    """``m`` becomes the Blasphemous Construct its side holds ready, Wounds whole; its first
    Action is its Deadly Rage."""
    spawn = spawn_id("TL"[m.side], REAGENTS.becomes)
    construct = catalog_of(game).profile(spawn)
    m.profile, m.wounds = spawn, construct.wounds
    game.state.raging = (*game.state.raging, m.id)
    game.emit("mutated", TABLE, (m.id,), becomes=construct.name)


def before_move(game: AeonsGame, m: AeonsModel, move: MoveTo) -> list[Step]:
    """A Move Action: a Volatile model rolls first."""
    if m.id not in game.state.volatile:
        return [move]
    return [Volatility(m.id, move.x, move.y, move.reach, move.token)]


@dataclass(slots=True, eq=False)
class Volatility(Step):
    """A Volatile model's D6 before its Move to (``x``, ``y``): the blow-up on a 1, then the
    Move if it is still Normal on the table."""

    rule = VOLATILE
    model: str
    x: float
    y: float
    reach: float
    token: str = ""
    blown: bool = False

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.model)
        move = MoveTo(m.id, self.x, self.y, self.reach, self.token)
        if self.blown:
            return [move] if m.on_table and m.normal else []
        face = game.roll("D6", "volatile", VOLATILE, m.id).value
        self.blown = face == REAGENTS.volatile.blows_on
        game.emit("volatile", VOLATILE, (m.id,), roll=face, blows=self.blown)
        if not self.blown:
            return [move]
        return [Blowup(m.id, m.id, BLAST, phase=DETONATE, center=m.pos, level=m.level), self]


@dataclass(slots=True, eq=False)
class Blowup(Detonation):
    """The Volatile model's Large Blast Template laid over it: no roll to hit, the saves and
    the roll to wound of any template (R:797)."""

    rule = VOLATILE
