"""Shooting: choosing a target, cover, Rate dice against Dexterity, saves, damage and Power;
where the catalog plays them, critical hits and Jams (:mod:`.criticals`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.dice import Roll
from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.geometry.terrain import Cover
from skirmish.rulesets.strange_aeons import criticals, lucky
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.catalog import Weapon
from skirmish.rulesets.strange_aeons.damage import Wound, is_prone
from skirmish.rulesets.strange_aeons.dice import d3
from skirmish.rulesets.strange_aeons.model import AeonsModel
from skirmish.rulesets.strange_aeons.movement import Push
from skirmish.rulesets.strange_aeons.psychology import madness, resolve_of
from skirmish.rulesets.strange_aeons.saves import NO_SAVE, combined, skill_saves
from skirmish.rulesets.strange_aeons.space import (
    Placement,
    contacts,
    gap,
    inches,
    models,
    sees,
    sight,
)
from skirmish.rulesets.strange_aeons.terrain import cover_saves, prone_save

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Shooting"
PRIORITY = "Shooting: Choose Target"
COVER = "Cover Saves"
PRONE = "Back To Normal: prone save"
DAMAGE = "Shooting: Damage"
POWER = "Weapon special rules: Power"
INTO_COMBAT = "Shooting into close combat (rules notes item 40)"


def weapons_for_turn(game: AeonsGame, m: AeonsModel) -> list[Weapon]:
    """The ranged weapons ``m`` may fire now: one is chosen for the whole turn."""
    cat = catalog_of(game)
    chosen = game.state.turn_weapon(m.id)
    if chosen is not None:
        return [cat.weapon(chosen)]
    return cat.ranged_weapons(cat.profile(m.profile))


def shooter_error(game: AeonsGame, m: AeonsModel) -> str | None:
    """Why ``m`` may not Shoot at all now: only a Normal model with a ranged weapon and no
    enemy in base-to-base may."""
    if not m.normal:
        return f"{m.id} is {m.state_name}: its Actions are Change State or forfeit"
    if not weapons_for_turn(game, m):
        return f"{m.id} carries no ranged weapon"
    foes = contacts(game, m)
    if foes:
        return f"{m.id} is in base-to-base with {foes[0].id}: it may only Charge or forfeit"
    return None


def target_error(game: AeonsGame, m: AeonsModel, target: AeonsModel, weapon: Weapon) -> str | None:
    """Why ``m`` cannot Shoot ``target`` with ``weapon``: it must be an enemy within the
    weapon's range and in sight."""
    if target.side == m.side:
        return f"{target.id} is not an enemy of {m.id}"
    d = gap(game, m, target)
    if d > weapon.range:
        return f'out of range: {weapon.range:g}" {weapon.name}, {target.id} {inches(d)} away'
    if not sees(game, m, target):
        return f"{target.id} is not in sight of {m.id}"
    return None


def shot_error(game: AeonsGame, m: AeonsModel, target: AeonsModel, weapon_id: str) -> str | None:
    """Why ``m`` cannot Shoot ``target`` with the weapon ``weapon_id`` now, or ``None``."""
    why = shooter_error(game, m)
    if why is not None:
        return why
    cat = catalog_of(game)
    carried = {w.id: w for w in cat.ranged_weapons(cat.profile(m.profile))}
    if weapon_id not in carried:
        return f"{m.id} carries no ranged weapon {weapon_id!r}"
    chosen = weapons_for_turn(game, m)
    if carried[weapon_id] not in chosen:
        return f"{m.id} shoots the {chosen[0].name} this turn: one ranged weapon per turn"
    if game.state.is_jammed(m.id, weapon_id):
        return f"the {carried[weapon_id].name} of {m.id} is Jammed: an Action cleans it"
    if not ready_to_fire(game, m, carried[weapon_id]):
        return f"the {carried[weapon_id].name} of {m.id} is a Ready weapon: an Action readies it"
    return target_error(game, m, target, carried[weapon_id])


def shot_options(game: AeonsGame, table: Placement, m: AeonsModel) -> list[Action]:
    """Every (target, weapon) the model may Shoot now: in sight and within range, the shots
    :func:`shot_error` refuses none of (``table`` being the game's placement)."""
    state = game.state
    weapons = [
        w
        for w in weapons_for_turn(game, m)
        if not state.is_jammed(m.id, w.id) and ready_to_fire(game, m, w)
    ]
    if not m.normal or not weapons or table.contacts(game, m):
        return []
    found = []
    for e in table.models(game):
        if e.side == m.side:
            continue
        d = gap(game, m, e)
        in_range = [w for w in weapons if d <= w.range]
        if in_range and table.sight(game, m, e).visible:
            found += [Action("shoot", (m.id, e.id, w.id)) for w in in_range]
    return found


def ready_to_fire(game: AeonsGame, m: AeonsModel, weapon: Weapon) -> bool:
    """Whether ``weapon`` may fire: a Ready weapon only once an Action has primed it."""
    return not weapon.has("ready") or game.state.is_readied(m.id, weapon.id)


def closest_threats(game: AeonsGame, m: AeonsModel) -> list[AeonsModel]:
    """The closest enemies within 5" and in sight that are not in close combat; these must be
    shot first unless a Resolve test is passed."""
    reach = catalog_of(game).scenario.target_priority_range
    near = [
        (gap(game, m, e), e)
        for e in models(game)
        if e.side != m.side
        and not contacts(game, e)
        and gap(game, m, e) <= reach
        and sees(game, m, e)
    ]
    if not near:
        return []
    best = min(d for d, _ in near)
    return [e for d, e in near if d <= best + 1e-9]


def combat_of(game: AeonsGame, m: AeonsModel) -> list[AeonsModel]:
    """``m`` and every model of its close combat: all those joined to it by base-to-base
    contact with an enemy, friends included (rules notes item 40)."""
    group = [m]
    for fighter in group:  # the list grows while it is read
        group.extend(o for o in contacts(game, fighter) if o not in group)
    return group


def needs_priority_test(game: AeonsGame, m: AeonsModel, target: AeonsModel) -> bool:
    """Whether shooting ``target`` first needs a passed Resolve test."""
    threats = closest_threats(game, m)
    return bool(threats) and target not in threats


def save_against(game: AeonsGame, shooter: AeonsModel, target: AeonsModel) -> tuple[Cover, int]:
    """The cover the target has from the shooter and the save it gets: the better of its
    cover's and, prone, 6+ (as the introduction plays them; 5+ in heavy snow), combined with
    the saves of the terrain it stands in and of its skills (:mod:`.terrain`, :mod:`.saves`)."""
    cat = catalog_of(game)
    cover = sight(game, shooter, target).cover
    save = cat.cover_saves[cover - 1] if cover > Cover.NONE else NO_SAVE
    if is_prone(target):
        save = min(save, prone_save(game, target) or cat.scenario.prone_save)
    prof = cat.profile(target.profile)
    # A cover save of its own (Elusive, R:586) is cover: the better one counts.
    save = min([save, *(s for a, s in cat.scenario.cover_saves_of.items() if prof.can(a))])
    found = [save, *cover_saves(game, target), *skill_saves(game, target, shooting=True)]
    return cover, combined(found)


def damage_bonus(game: AeonsGame, shooter: AeonsModel, target: AeonsModel, weapon: Weapon) -> int:
    """The weapon's Damage, +1 with Blast when the target is within 6"."""
    reach = catalog_of(game).scenario.blast_range
    blast = weapon.has("blast") and gap(game, shooter, target) <= reach
    return weapon.damage + (1 if blast else 0)


@dataclass(slots=True, eq=False)
class Shoot(Step):
    """One Shoot Action, from choosing the target to the Power push."""

    rule = RULE
    shooter: str
    target: str
    weapon: str
    phase: str = "priority"
    roll: Roll | None = None
    save: int = 7
    hits: int = 0
    need: int = 0
    critical: int = 0
    dice: int = 0
    """To-hit dice: the weapon's Rate, unless an Alert shot's one (R:245)."""

    def option_error(self, game: AeonsGame, action: Action) -> str | None:
        """A Lucky re-roll refused: the die is not one offered."""
        return lucky.refusal(game, action, self.roll)

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        shooter = game.model(self.shooter)
        if self.phase == "priority":
            ask = self._priority(game, shooter, action)
            if isinstance(ask, Decision):
                return ask
            action = None
            self.phase = "into-combat"
            if ask:
                return [self, *ask]
        target = game.model(self.target)
        if self.phase == "into-combat":
            target = self._into_combat(game, target)
            cover, self.save = save_against(game, shooter, target)
            game.emit(
                "shot",
                RULE,
                (shooter.id, target.id),
                weapon=self.weapon,
                cover=cover.name.lower(),
                save=self.save,
            )
            self.phase = "to-hit"
        if self.phase == "to-hit":
            return self._to_hit(game, shooter, action)
        if self.phase == "saves":
            return self._saves(game, target, action)
        return self._power(game, shooter, target)

    def _priority(
        self, game: AeonsGame, shooter: AeonsModel, action: Action | None
    ) -> Decision | list[Step] | None:
        """The test to shoot past the closest enemy, if one is owed: a failure turns the shot
        on the closest, and the steps a Madman's failure brings come after the shot."""
        state = game.state
        if state.turn_weapon(shooter.id) is None:
            state.turn_weapons = (*state.turn_weapons, (shooter.id, self.weapon))
        target = game.model(self.target)
        if self.roll is None:
            if not needs_priority_test(game, shooter, target):
                return None
            self.need = resolve_of(game, shooter)[0]
        request = ("D6", "resolve", PRIORITY, shooter.id)
        self.roll, ask = lucky.roll(game, self.roll, action, request, lucky.under(self.need))
        if ask is not None:
            return ask
        passed = self.roll.value >= self.need
        game.emit("priority-test", PRIORITY, (shooter.id,), need=self.need, passed=passed)
        if not passed:
            closest = closest_threats(game, shooter)[0]
            self.target = closest.id
            game.emit("retarget", PRIORITY, (shooter.id, closest.id))
        self.roll = None
        return None if passed else madness(game, shooter, False)

    def _into_combat(self, game: AeonsGame, target: AeonsModel) -> AeonsModel:
        fighters = combat_of(game, target)
        if len(fighters) == 1:
            return target
        chosen = fighters[_random_index(game, len(fighters), self.shooter)]
        self.target = chosen.id
        game.emit("random-target", INTO_COMBAT, (chosen.id,))
        return chosen

    def _to_hit(
        self, game: AeonsGame, shooter: AeonsModel, action: Action | None
    ) -> Decision | list[Step]:
        cat = catalog_of(game)
        dex = cat.profile(shooter.profile).dex
        weapon = cat.weapon(self.weapon)
        if weapon.has("ready") and self.roll is None:
            state = game.state
            state.readied = tuple(r for r in state.readied if r != (shooter.id, weapon.id))
        rate = self.dice or weapon.rate
        request = (f"{rate}D6", "to-hit", RULE, shooter.id)
        self.roll, ask = lucky.roll(game, self.roll, action, request, lucky.under(dex))
        if ask is not None:
            return ask
        self.hits = sum(1 for f in self.roll.faces if f >= dex)
        game.emit("hits", RULE, (shooter.id,), hits=self.hits, need=dex)
        if self.hits:
            self.critical = criticals.critical_hit(game, self.roll, shooter.id)
        if criticals.jams(game, self.roll, shooter.id):
            state = game.state
            state.jammed = (*state.jammed, (shooter.id, self.weapon))
            game.emit("jammed", criticals.RULE, (shooter.id,), weapon=self.weapon)
        self.roll = None
        if self.hits == 0:
            return []
        self.phase = "saves" if self.save <= 6 else "damage"
        return [self]

    def _saves(
        self, game: AeonsGame, target: AeonsModel, action: Action | None
    ) -> Decision | list[Step]:
        request = (f"{self.hits}D6", "save", COVER, target.id)
        self.roll, ask = lucky.roll(game, self.roll, action, request, lucky.under(self.save))
        if ask is not None:
            return ask
        saved = sum(1 for f in self.roll.faces if f >= self.save)
        self.hits -= saved
        game.emit("saved", COVER, (target.id,), saved=saved, left=self.hits)
        self.roll = None
        self.phase = "damage"
        return [self] if self.hits else []

    def _power(self, game: AeonsGame, shooter: AeonsModel, target: AeonsModel) -> list[Step]:
        weapon = catalog_of(game).weapon(self.weapon)
        if self.phase == "damage":
            self.phase = "power"
            bonus = damage_bonus(game, shooter, target, weapon) + self.critical
            if bonus - self.critical > weapon.damage:
                scenario = catalog_of(game).scenario
                name, reach = scenario.close_range_name, scenario.blast_range
                cite = f"Weapon special rules: {name}"
                game.emit("blast", cite, (target.id,), name=name, reach=reach)
            wound = Wound(shooter.id, target.id, self.hits, bonus, DAMAGE, ap=weapon.ap)
            return [wound, self]
        if weapon.has("power") and target.removed is None:
            push = d3(game.roll("D6", "power", POWER, shooter.id).value)
            return [Push(target.id, shooter.x, shooter.y, float(push), POWER)]
        return []


def _random_index(game: AeonsGame, count: int, shooter: str) -> int:
    """One of ``count`` models at random, read from a D6 (the game uses no other die): 1-3 or
    4-6 for two, the D3 for three, faces past the last whole share rolled again."""
    share = 6 // count
    while True:
        face = game.roll("D6", "random-target", INTO_COMBAT, shooter).value
        if face <= share * count:
            return (face - 1) // share
