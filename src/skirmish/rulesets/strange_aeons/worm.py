"""The Conqueror Worm's Sweep and Expectorate (R:557).

Sweep: an Action, in close combat or out of it: every other model within 2" (``sweep_range``),
friend or foe (the book says "all models") but a Ghost (no attack is made against one, R:116),
takes a hit of 1D+3 (``sweep_damage``), saved as a close combat hit is (Tough, Duck and the own
rules' saves, notes §6 item 42); each one hit and still on the table is pushed 1D3" straight
away from the Worm (as Power pushes, R:167) and placed Face Up if it was Normal.

Expectorate: its two shots of goo, each an ordinary Shoot Action with the one its player
picks, a stream (Rate 1D, 1D+3, AP1, Long Spray Template) or a ball (12", Rate 1D, 1D+2, AP1,
Large Blast Template). Each model it hits (under the template, its save failed, as Blinding
Spittle reads a hit) is coated for the rest of the game: 1 more on the Dexterity it needs,
for each coat, never past 6+ (the worst the rules read, notes §0), whether the hit wounds it
or not.

Worm-Spawn: each Wound the Worm suffers (not those beyond its last) owes a Grave Grub, placed
by its player in base-to-base with the Worm once the Action or combat that wounded it is
over (as Mating Pair's mate, our reading of "any time"), one Grub at a time; a Worm no longer
on the table places none, nor does one with no room about its base. A Grub placed touching
an enemy that wounded the Worm in that Turn fights it a round of close combat at once, the
one its player picks when it touches several. The Grubs are Lurker models of the book's
profile (the setup holds it, ``spawns``), nominated as usual; the Worm's Command nominates
only its own Grubs (R:557, R:1060).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision, PointSpec
from skirmish.engine.step import Step
from skirmish.geometry.shapes import CONTACT, Point, edge_distance
from skirmish.rulesets.strange_aeons import lucky
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.blessed import close_error
from skirmish.rulesets.strange_aeons.catalog import CHANGED
from skirmish.rulesets.strange_aeons.combat import CombatRound
from skirmish.rulesets.strange_aeons.damage import GRUB, WORM_SPAWN, Wound, can_fight, set_state
from skirmish.rulesets.strange_aeons.dice import d3
from skirmish.rulesets.strange_aeons.model import FACE_UP, AeonsModel
from skirmish.rulesets.strange_aeons.mutations import WORST_DEX
from skirmish.rulesets.strange_aeons.push import Push
from skirmish.rulesets.strange_aeons.reagents import spawn_id
from skirmish.rulesets.strange_aeons.saves import save_hit
from skirmish.rulesets.strange_aeons.space import (
    contacts,
    gap,
    models,
    placement_reason,
    ring,
    set_down,
)

if TYPE_CHECKING:
    from skirmish.dice import Roll
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Conqueror Worm: Expectorate (R:557)"
PLACE_GRUB = "grub"
"""The decision placing a Grub: ``grub L1 x,y``."""
FIGHT_GRUB = "grub-fight"
"""The decision of whom a Grub touching several wounders fights: ``grub-fight L1G1 T2``."""
TURNS = 12
"""The spots round the Worm offered for a Grub."""
SWEEP = "Conqueror Worm: Sweep (R:557)"
SWEEPS = "sweep"
"""The Sweep Action: ``sweep L1``."""
EXPECTORATE = "expectorate"
COAT = f"{CHANGED}dex+1"
"""The change a coat of goo makes to a profile."""


def coat(game: AeonsGame, struck: list[AeonsModel]) -> None:
    """Each model the goo hit needs 1 more on its Dexterity for the rest of the game."""
    cat = catalog_of(game)
    for m in struck:
        if cat.profile(m.profile).dex < WORST_DEX:
            m.profile += COAT
        game.emit("coated", RULE, (m.id,), dex=cat.profile(m.profile).dex)


def can_sweep(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` may take the Sweep Action (a Normal model with the rule)."""
    return m.normal and catalog_of(game).profile(m.profile).can("sweep")


def swept(game: AeonsGame, m: AeonsModel) -> list[AeonsModel]:
    """The models ``m``'s Sweep hits: every other model within its reach but a Ghost it is
    not Blessed against (R:116)."""
    reach = catalog_of(game).scenario.sweep_range
    return [
        o
        for o in models(game)
        if o.id != m.id and gap(game, m, o) <= reach and close_error(game, m, o) is None
    ]


def sweep(game: AeonsGame, m: AeonsModel) -> list[Step]:
    """The Action: the hit on each model near, saved, then wounding, then the pushes."""
    struck = tuple(o.id for o in swept(game, m))
    game.emit("sweep", SWEEP, (m.id, *struck))
    return [Sweep(m.id, struck)] if struck else []


@dataclass(slots=True, eq=False)
class Sweep(Step):
    """Each model struck saves, one at a time (its owner may spend Lucky on it); those that
    fail take the 1D+3; then the survivors are pushed and placed Face Up."""

    rule = SWEEP
    model: str
    struck: tuple[str, ...]
    saving: int = 0
    hurt: tuple[str, ...] = ()
    roll: Roll | None = None

    def option_error(self, game: AeonsGame, action: Action) -> str | None:
        """A Lucky re-roll refused: the die is not one offered."""
        return lucky.refusal(game, action, self.roll)

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        while self.saving < len(self.struck):
            m = game.model(self.struck[self.saving])
            self.roll, ask, saved = save_hit(game, m, "close", SWEEP, self.roll, action)
            if ask is not None:
                return ask
            action, self.roll = None, None
            self.hurt += () if saved else (m.id,)
            self.saving += 1
        damage = catalog_of(game).scenario.sweep_damage
        wounds: list[Step] = [Wound(self.model, h, 1, damage, SWEEP) for h in self.hurt]
        return [*wounds, Swept(self.model, self.struck)]


@dataclass(slots=True, eq=False)
class Swept(Step):
    """The models the Sweep hit and left on the table: Face Up if Normal, pushed 1D3"."""

    rule = SWEEP
    model: str
    struck: tuple[str, ...]

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        worm = game.model(self.model)
        pushes: list[Step] = []
        for o in (game.model(s) for s in self.struck):
            if not o.on_table:
                continue
            if o.normal:
                set_state(game, o, FACE_UP, SWEEP)
            length = d3(game.roll("D6", "sweep push", SWEEP, o.id).value)
            pushes.append(Push(o.id, worm.x, worm.y, float(length), SWEEP, worm.id))
        return pushes


def own_grub(game: AeonsGame, worm: AeonsModel, m: AeonsModel) -> bool:
    """Whether ``m`` is a Grub ``worm`` spawned, the only models its Command nominates."""
    return (m.id, worm.id) in game.state.grubs


def grub_spots(game: AeonsGame, worm: AeonsModel) -> list[Point]:
    """Spots in base-to-base with ``worm`` where a Grub's base may stand, as an action keeps
    them."""
    reach = 2 * worm.radius
    return [p for p in ring(worm.pos, reach, TURNS) if spot_error(game, worm, p) is None]


def spot_error(game: AeonsGame, worm: AeonsModel, p: Point) -> str | None:
    """Why a Grub of ``worm`` may not be placed at ``p``."""
    if not -CONTACT <= edge_distance(p, worm.radius, worm.pos, worm.radius) <= CONTACT:
        return f"a Grub is placed in base-to-base with {worm.id} (R:557)"
    return placement_reason(game, worm, p, worm.level)


def wounders(game: AeonsGame, grub: AeonsModel, worm: str) -> list[AeonsModel]:
    """The enemies ``grub`` touches that wounded its Worm in this Turn."""
    st = game.state
    hurt = {a for w, a, turn in st.wormed if w == worm and turn == st.turn}
    return [o for o in contacts(game, grub) if o.id in hurt and can_fight(o)]


@dataclass(slots=True, eq=False)
class Spawns(Step):
    """The Grubs owed, one at a time: its player places each; one touching an enemy that
    wounded its Worm this Turn fights it at once."""

    rule = WORM_SPAWN

    @staticmethod
    def due(game: AeonsGame) -> bool:
        """Whether a Worm's Grub is owed (:class:`.turn.Owed`)."""
        return bool(game.state.spawns) and not game.is_over

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        st = game.state
        if action is not None and action.kind == FIGHT_GRUB:
            return [CombatRound(action.args[0], action.args[1]), self]
        if action is not None:
            assert action.point is not None
            return self._place(game, game.model(st.spawns[0]), action.point)
        while self.due(game):
            worm = game.model(st.spawns[0])
            if worm.on_table and grub_spots(game, worm):
                spec = PointSpec(PLACE_GRUB, (worm.id,), f"a point in base-to-base with {worm.id}")
                prompt = f"a Grave Grub crawls out of {worm.name}: place it"
                return Decision(worm.side, PLACE_GRUB, prompt, (), (spec,))
            st.spawns = st.spawns[1:]
            game.emit("no-grub", WORM_SPAWN, (worm.id,))
        return []

    def point_error(self, game: AeonsGame, action: Action) -> str | None:
        assert action.point is not None
        return spot_error(game, game.model(game.state.spawns[0]), action.point)

    def _place(self, game: AeonsGame, worm: AeonsModel, p: Point) -> Decision | list[Step]:
        st = game.state
        st.spawns = st.spawns[1:]
        count = sum(1 for _, w in st.grubs if w == worm.id) + 1
        profile = spawn_id("TL"[worm.side], GRUB)
        prof = catalog_of(game).profile(profile)
        grub = AeonsModel(
            f"{worm.id}G{count}",
            worm.side,
            f"{prof.name} {count} of {worm.name}",
            -1.0,
            -1.0,
            worm.radius,
            profile=profile,
            wounds=prof.wounds,
        )
        game.add_model(grub)
        set_down(game, grub, p)
        st.grubs = (*st.grubs, (grub.id, worm.id))
        game.emit("grub", WORM_SPAWN, (grub.id, worm.id), at=[round(p[0], 2), round(p[1], 2)])
        foes = wounders(game, grub, worm.id)
        if len(foes) > 1:
            options = tuple(Action(FIGHT_GRUB, (grub.id, f.id)) for f in foes)
            prompt = f"{grub.name} touches several that wounded {worm.name}: which does it fight?"
            return Decision(worm.side, FIGHT_GRUB, prompt, options)
        return [CombatRound(grub.id, foes[0].id), self] if foes else [self]
