"""Damage: rolling to wound, the Injury table, removal from the table and the end of the Fight.

Morphine (R:478): once a game, a model the Injury table removes (a Minor or a Major Injury)
may stay in play, Normal, for one Turn of its side and is then removed with that Injury: the
Turn in progress when it is its side's (hurt in a combat as the Turn begins or by an Alert
shot, the model still acts in it), else its side's next Turn; injured again before, it is
removed at once as a Major Injury, no roll taken. Its player is asked at the removal, the
Minor Injury's risk of a Major being the choice.

Antivenom (R:462): Poison as played adds to the Injury roll when the hit lands (notes §6 item
4), its one effect, so Antivenom negates it there: once a game, where leaving the Poison out
changes the Injury, the target or a Normal friend in base-to-base carrying it may take it; the
Action it costs is the first of the bearer's next activation.

An Elder Thing goes dormant instead of its Injury roll, and a dormant one counts for no side
standing (R:528, :mod:`.elder_thing`).

A model Face Down in base-to-base with an enemy able to fight is engaged in close combat and
removed as a Major Injury at once, no dice rolled (R:140, R:160, :func:`remove_helpless`).

A free hit (:func:`free_hit`) is one close combat hit with no roll to hit: each Normal
opponent has one on a model leaving its combat (R:157, :func:`break_away`), as on an Unarmed
model and a dormant Elder Thing.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from skirmish.dice import Roll
from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.record import register_value
from skirmish.engine.step import Step
from skirmish.rulesets.strange_aeons import (
    afflictions,
    animals,
    elder_thing,
    fighter,
    graves,
    hate,
    infection,
    lucky,
    mating,
    mobs,
    mutilate,
    objectives,
    riding,
    shoggoth,
    snatch,
    tokens,
    transporter,
)
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.catalog import Profile, Weapon, WeaponSpecial
from skirmish.rulesets.strange_aeons.constitution import constitution
from skirmish.rulesets.strange_aeons.extra_gear import RULES, spend, unspent
from skirmish.rulesets.strange_aeons.falling import FALLING, Fall, edge_fall
from skirmish.rulesets.strange_aeons.ghosts import DISPELLED, POSSESSING, POSSESSOR
from skirmish.rulesets.strange_aeons.model import (
    FACE_DOWN,
    FACE_UP,
    MAJOR_INJURY,
    MINOR_INJURY,
    NORMAL,
    AeonsModel,
)
from skirmish.rulesets.strange_aeons.saves import RULE as SAVES
from skirmish.rulesets.strange_aeons.saves import Hit, save_at_once, save_hit
from skirmish.rulesets.strange_aeons.space import contacts, gap, in_contact, models, sees
from skirmish.rulesets.strange_aeons.terrain import drowning

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

INJURY = "Injuries"
POISON = "Weapon special rules: Poison (R:1240; notes §6 item 4)"
STUN = "Weapon special rules: Stun (R:1344; notes §6 item 4)"
TOUGH = "Skills: Tough"
TOUGH_INJURY = -2
"""What Tough adds to its model's Injury rolls."""
SURGICAL = "Mi-Go: Surgical Precision (R:550)"
CONDUCTIVE = "Flying Polyp: Highly Conductive (R:538)"
DISSECTOR = "Undertaker: Dissector (R:458)"
HIGHLY_CONDUCTIVE = 2
"""What a hit of an Arc or Stun weapon adds to its roll to wound a Polyp (R:538)."""
VIOLATOR = "Degenerate: Violator (R:757)"
VIOLATORS = {"god_spawn": "God-Spawn: Violator (R:672)"}
"""The rule a Violator's kill cites, by the book's profile printing it; any other's is the
Degenerate's (:data:`VIOLATOR`)."""
RAVENOUS = "Wendigo: Ravenous (R:703)"
WORM_SPAWN = "Conqueror Worm: Worm-Spawn (R:557)"
GRUB = "grave_grub"
"""The book's profile of a Conqueror Worm's spawn (R:557)."""
MORPHINE = RULES["morphine"]
ANTIVENOM = RULES["antivenom"]
FACE_DOWN_RULE = "States: Face Down"
VICTORY = "last side standing"
"""Cited after the scenario's name: the Fight and Free For All! end when one side has none."""


def wounds_caused(total: int, con: int) -> int:
    """Wounds from a damage total: one if it equals Constitution, one more per point over."""
    return 0 if total < con else total - con + 1


def poison_bonus(game: AeonsGame, weapon: Weapon) -> int:
    """What a hit of ``weapon`` adds to the Injury roll it causes: Poison's bonus, +1 in the
    rulebook (notes §6 item 4)."""
    return catalog_of(game).scenario.poison_injury if weapon.has("poison") else 0


def conductive_bonus(game: AeonsGame, weapon: Weapon, target: AeonsModel) -> int:
    """What a hit of ``weapon`` adds to its roll to wound ``target``: +2 for an Arc or Stun
    weapon's on a Highly Conductive Polyp (R:538), which the log says."""
    electric = weapon.has("arc") or weapon.has("stun")
    if not (electric and catalog_of(game).profile(target.profile).can("highly_conductive")):
        return 0
    game.emit("conductive", CONDUCTIVE, (target.id,), bonus=HIGHLY_CONDUCTIVE)
    return HIGHLY_CONDUCTIVE


def surgical_bonus(attacker: Profile, weapon: Weapon) -> int:
    """What a close combat hit adds to the Injury roll it causes: Surgical Precision's +1,
    unless the weapon is an "earthly" one of the Master Weapons Table (R:550)."""
    return int(attacker.can("surgical_precision") and not weapon.earthly)


def free_hit(game: AeonsGame, foe: AeonsModel, victim: AeonsModel, cite: str) -> list[Step]:
    """One hit of ``foe``'s close combat weapon on ``victim``, no roll to hit: saved as close
    combat hits are (Tough, R:1163; Duck, R:1073), then rolled to wound with one die and the
    weapon's Damage, AP, Poison and Disrupt, no status (an Unarmed model's, one leaving its
    combat's, a dormant Elder Thing's, R:528). A weapon of no Damage (the Repulsor's, notes
    §6 item 4) has no roll to wound to make, and its hit carries no status: nothing follows."""
    cat = catalog_of(game)
    prof = cat.profile(foe.profile)
    weapon = cat.close_weapon(prof)
    if weapon.harmless:
        game.emit("harmless-hit", afflictions.HARMLESS, (victim.id,), weapon=weapon.id)
        return []
    bonus, ap = fighter.damage(cat, prof), fighter.armour_piercing(cat, prof)
    carried = Carried(
        poison=poison_bonus(game, weapon),
        precise=surgical_bonus(prof, weapon),
        effects=afflictions.damage_rules(weapon),
    )
    bonus += conductive_bonus(game, weapon, victim)
    return [Wound(foe.id, victim.id, 1, bonus, cite, ap=ap, carried=carried, saved="close")]


def break_away(game: AeonsGame, m: AeonsModel, cite: str = "Leaving Close Combat") -> list[Step]:
    """A model breaking from combat suffers a free Wound from each Normal opponent first (and
    a Polyp stirring its Whistling Winds in base-to-base, ``cite`` its rule, R:537)."""
    normal = [enemy for enemy in contacts(game, m) if enemy.normal]
    return [hit for enemy in normal for hit in free_hit(game, enemy, m, cite)]


@register_value
@dataclass(frozen=True, slots=True)
class Carried:
    """What a hit carries past its roll to wound to the model that takes its Wounds, kept
    whole wherever they go (a Guard Dog's handler, a Mob's member)."""

    poison: int = 0
    """What a Poison weapon adds to the Injury roll that follows."""
    precise: int = 0
    """What Surgical Precision adds to it (R:550)."""
    stun: bool = False
    """A Stun weapon's hit: one that wounds places a Normal target Face Up."""
    effects: tuple[WeaponSpecial, ...] = ()
    """The status rules the weapon's hit carries (:mod:`.afflictions`)."""


@dataclass(slots=True, eq=False)
class Wound(Step):
    """Roll to wound: one die per hit, the highest plus the damage bonus against Constitution."""

    attacker: str
    target: str
    dice: int
    bonus: int
    cite: str
    roll: Roll | None = None
    ap: int = 0
    carried: Carried = Carried()
    shared: bool = False
    """Whether the hits on a Mounted model have been shared out already, or are the rider's
    alone (a fire's, R:1121)."""
    saved: Hit | None = None
    """The kind of a hit no roll to hit brought, which its target saves first (an Unarmed
    model's, a free roll to wound, Fire's: :func:`.saves.save_hit`); ``None`` once saved, or
    for a hit saved before it came here."""

    def option_error(self, game: AeonsGame, action: Action) -> str | None:
        """A Lucky re-roll refused: the die is not one offered."""
        return lucky.refusal(game, action, self.roll)

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        target = game.model(self.target)
        if target.removed is not None:
            return []
        horse = riding.mount_of(game, target)
        if horse is not None and not self.shared:
            return self._share(game, target, horse)
        if self.saved is not None:
            self.roll, ask, saved = save_hit(game, target, self.saved, SAVES, self.roll, action)
            if ask is not None:
                return ask
            if saved:
                return []
            self.saved, self.roll, action = None, None, None
        request = (f"{self.dice}D6", "to-wound", self.cite, self.attacker)
        self.roll, ask = lucky.roll(game, self.roll, action, request, lucky.below_max)
        if ask is not None:
            return ask
        return self.apply(game, target, self.roll.highest + self.bonus)

    def at_stake(self, game: AeonsGame, holder: str) -> tuple[Roll, lucky.Harm]:
        """The roll to wound, and the Wounds each result causes the target (:mod:`.lucky`'s
        re-rolls, weighed by the heuristic)."""
        assert self.roll is not None
        return self.roll, lambda roll: {self.target: self.caused(game, roll.highest + self.bonus)}

    def caused(self, game: AeonsGame, total: int) -> int:
        """The Wounds a damage ``total`` causes the target, as :meth:`apply` finds them."""
        prof = catalog_of(game).profile(game.model(self.target).profile)
        return wounds_caused(total, constitution(prof, self.ap, "disrupt" in self.carried.effects))

    def _share(self, game: AeonsGame, rider: AeonsModel, horse: AeonsModel) -> list[Step]:
        """A D6 for each hit on the Mounted ``rider``: 1-4 strike his Horse, 5-6 him, each
        rolled to wound on its own (R:1121)."""
        faces = game.roll(f"{self.dice}D6", "mount-or-rider", riding.HITS, self.attacker).faces
        low = sum(1 for f in faces if f <= riding.MOUNT_FACES)
        game.emit(
            "hits-shared", riding.HITS, (horse.id, rider.id), mount=low, rider=len(faces) - low
        )
        parts = ((horse.id, low), (rider.id, len(faces) - low))
        return [replace(self, target=t, dice=n, shared=True) for t, n in parts if n]

    def apply(self, game: AeonsGame, target: AeonsModel, total: int) -> list[Step]:
        """The Wounds a damage ``total`` causes ``target``, and its Injury roll if it has no
        Wounds left (a template's one roll is applied to each model under it this way); a
        Disrupt hit ignores its armour and the status rules take hold (:mod:`.afflictions`)."""
        prof = catalog_of(game).profile(target.profile)
        effects = self.carried.effects
        disrupt = "disrupt" in effects
        if disrupt and prof.armour:
            game.emit("disrupted", afflictions.DISRUPT, (self.target,))
        con = constitution(prof, self.ap, disrupt)
        caused = self.caused(game, total)
        if caused == 0:
            game.emit("no-wound", self.cite, (self.target,), total=total, con=con)
            afflictions.strike(game, self.attacker, target, effects, False)
            return []
        rolled = (total, con)
        taker = _taker(game, self.attacker, target, self.cite, caused, rolled, self.carried)
        return taker or self.take(game, target, total, con, caused)

    def take(
        self, game: AeonsGame, target: AeonsModel, total: int, con: int, caused: int
    ) -> list[Step]:
        """``target`` loses the ``caused`` Wounds of a damage ``total`` against ``con``."""
        before = target.wounds
        carried = self.carried
        steps = lose_wounds(self.attacker, target, caused, carried.poison, carried.precise)
        _owe_grubs(game, target, self.attacker, before - target.wounds)
        # A Wolfman that loses a Wound tests once the Action or combat is over (R:627).
        if catalog_of(game).profile(target.profile).can("transmogrify"):
            game.state.shifting = (*game.state.shifting, target.id)
        game.emit(
            "wounded",
            self.cite,
            (self.target,),
            total=total,
            con=con,
            wounds=caused,
            left=target.wounds,
        )
        rider = riding.rider_of(game, target)
        if steps and rider is not None:
            # A Mount at its last Wound carries no more: thrown before its Injury is rolled.
            unseat(game, rider, False)
        afflictions.strike(game, self.attacker, target, carried.effects, True)
        if not steps and carried.stun and target.normal:
            set_state(game, target, FACE_UP, STUN)
        return steps


def _taker(
    game: AeonsGame,
    attacker: str,
    target: AeonsModel,
    cite: str,
    caused: int,
    rolled: tuple[int, int] | None = None,
    carried: Carried = Carried(),
    report: str = "",
) -> list[Step]:
    """The step that asks who takes the ``caused`` Wounds of ``target``, a hit's or those
    that come with no roll to wound (``rolled`` none): a member of its Mob (R:926), or its
    Guard Dog within 5" (R:1376); none where it takes them itself."""
    if mobs.riders(game, target):
        return [MobWounds(attacker, target.id, cite, caused, rolled, carried, report)]
    dog = animals.guard_dog(game, target)
    if dog is None:
        return []
    return [Sacrifice(attacker, target.id, cite, caused, rolled, carried, report, dog=dog.id)]


@dataclass(slots=True, eq=False)
class OwedWounds(Step):
    """Wounds of ``target`` whose taker a player chooses first (:func:`_taker`): a hit's
    (``rolled``: its damage total and the Constitution it was against; ``carried``: what it
    carries) or those that come with no roll to wound (``rolled`` none; ``report``: the event,
    if any, that tells the Wounds left, :func:`suffer`)."""

    rule = ""
    attacker: str
    target: str
    cite: str
    wounds: int
    rolled: tuple[int, int] | None = None
    carried: Carried = Carried()
    report: str = ""

    def _fall_on(self, game: AeonsGame, m: AeonsModel, carried: Carried) -> list[Step]:
        """``m`` takes the Wounds: with no roll, lost at once; a hit's through its roll."""
        if self.rolled is None:
            return _lose(game, self.attacker, m, self.wounds, self.cite, self.report)
        wound = Wound(self.attacker, m.id, 1, 0, self.cite, carried=carried)
        return wound.take(game, m, *self.rolled, self.wounds)


@dataclass(slots=True, eq=False)
class Sacrifice(OwedWounds):
    """A Guard Dog within 5" of its handler may take the Wounds he takes instead, a hit's or
    those that come with no roll to wound (a Deadly Rage's): it is removed from play, and he
    loses none (R:1376); its side chooses. Spared, it leaves him the whole hit: its Wounds
    and the status rules it carries (notes §6 item 4)."""

    rule = animals.SACRIFICE
    dog: str = ""

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        target, dog = game.model(self.target), game.model(self.dog)
        if target.removed is not None:
            return []
        if animals.guard_dog(game, target) is None:  # the same template took the Dog first
            action = Action("spare", (dog.id,))
        if action is None:
            return Decision(
                dog.side,
                "sacrifice",
                f"{dog.name} may take the Wound(s) of {target.name} and leave play (R:1376)",
                (Action("sacrifice", (dog.id,)), Action("spare", (dog.id,))),
            )
        if action.kind == "spare":
            return self._fall_on(game, target, self.carried)
        game.emit("sacrifice", animals.SACRIFICE, (dog.id, target.id), wounds=self.wounds)
        remove(game, dog, "Sacrificed", animals.SACRIFICE, by=(self.attacker,))
        return []


@dataclass(slots=True, eq=False)
class MobWounds(OwedWounds):
    """The Wounds the Mob suffers go to the member riding on its template that its player
    chooses, whatever its State: a hit's, and those that come with no roll to wound; the
    status rules of a hit take hold on the member on the table, the one targeted, and the
    rest of what it carries (Poison, Surgical Precision, Stun) on the member that takes its
    Wounds (R:926, :mod:`.mobs`)."""

    rule = mobs.CARRIED_AWAY

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        body = game.model(self.target)
        riders = mobs.riders(game, body)
        if not riders:
            return self._take(game, body)
        if action is None:
            return Decision(
                body.side,
                mobs.ASSIGN,
                f"the Mob of {body.name} takes {self.wounds} Wound(s): which member takes "
                "them (R:926)?",
                tuple(Action(mobs.ASSIGN, (body.id, m.id)) for m in riders),
            )
        member = game.model(action.args[1])
        mobs.ride(member, body)  # where it falls, should it fall, is where the template lies
        game.emit(mobs.ASSIGN, mobs.CARRIED_AWAY, (member.id, body.id), wounds=self.wounds)
        return self._take(game, member)

    def _take(self, game: AeonsGame, member: AeonsModel) -> list[Step]:
        if self.rolled is not None:  # a hit's status rules take hold on the body
            body = game.model(self.target)
            afflictions.strike(game, self.attacker, body, self.carried.effects, True)
        return self._fall_on(game, member, replace(self.carried, effects=()))


def suffer(
    game: AeonsGame, attacker: str, target: AeonsModel, caused: int, cite: str, report: str = ""
) -> list[Step]:
    """``target`` suffers ``caused`` Wounds that come with no roll to wound (a Deadly Rage's,
    a Regenerate's, a bear trap's): the Injury roll follows at its last; a Mob's go to the
    member its player chooses, as a hit's do (R:926, :class:`MobWounds`), and a handler's
    Guard Dog within 5" may take them (R:1376, :class:`Sacrifice`). ``report``, an event
    kind, tells the Wounds ``target`` has left once it has taken them."""
    taker = _taker(game, attacker, target, cite, caused, report=report)
    return taker or _lose(game, attacker, target, caused, cite, report)


def _lose(
    game: AeonsGame, attacker: str, target: AeonsModel, caused: int, cite: str, report: str
) -> list[Step]:
    """``target`` loses ``caused`` Wounds that come with no roll to wound, and the event
    ``report``, if any, tells what it has left."""
    steps = lose_wounds(attacker, target, caused)
    if report:
        game.emit(report, cite, (target.id,), left=target.wounds)
    return steps


def tough_injury(prof: Profile) -> int:
    """What Tough takes off an Injury roll on a model of ``prof``: :data:`TOUGH_INJURY`, or
    nothing when it is not Tough."""
    return TOUGH_INJURY if prof.has("tough") else 0


def _tough(game: AeonsGame, target: AeonsModel) -> bool:
    """Whether ``target`` is Tough, taking :data:`TOUGH_INJURY` off its Injury rolls."""
    return bool(tough_injury(catalog_of(game).profile(target.profile)))


def _dissection(game: AeonsGame, attacker: str, target: AeonsModel) -> int:
    """What Dissector adds to the attacker's Injury roll against ``target``, an Undead or a
    Ghoul (R:458)."""
    cat = catalog_of(game)
    scenario = cat.scenario
    if not scenario.dissector or attacker not in game.index:
        return 0
    prof = cat.profile(target.profile)
    undead = {*prof.types, prof.kind} & set(scenario.dissected)
    if not (undead and cat.profile(game.model(attacker).profile).can("dissector")):
        return 0
    return scenario.dissector


def _owe_grubs(game: AeonsGame, target: AeonsModel, attacker: str, suffered: int) -> None:
    """Each Wound a Conqueror Worm suffered owes a Grave Grub, and an enemy's is remembered
    for the Turn (R:557); :class:`.worm.Spawns` places them once the Action or combat is
    over."""
    if not suffered or not catalog_of(game).profile(target.profile).can("worm_spawn"):
        return
    st = game.state
    st.spawns = (*st.spawns, *(target.id,) * suffered)
    if game.model(attacker).side != target.side:
        st.wormed = (*st.wormed, (target.id, attacker, st.turn))
    game.emit("worm-spawn", WORM_SPAWN, (target.id,), grubs=suffered)


def lose_wounds(
    attacker: str, target: AeonsModel, caused: int, poison: int = 0, precise: int = 0
) -> list[Step]:
    """Take ``caused`` Wounds off ``target``: the Injury roll follows when it had no more,
    one point higher for each Wound beyond its last, ``poison`` higher for a Poison
    weapon's hit and ``precise`` for Surgical Precision's (R:550)."""
    before = target.wounds
    target.wounds = max(0, before - caused)
    if caused < before:
        return []
    return [Injury(attacker, target.id, caused - before, poison=poison, precise=precise)]


def injury_added(
    game: AeonsGame, attacker: str, target: AeonsModel, poison: int = 0, precise: int = 0
) -> int:
    """What :meth:`Injury.added` adds to an Injury roll by ``attacker`` on ``target`` with
    ``poison`` and ``precise``, the Wounds beyond its last left out: the odds' sum of the
    roll's modifiers, the one play rolls with."""
    return Injury(attacker, target.id, 0, poison=poison, precise=precise).added(game, target)


@dataclass(slots=True, eq=False)
class Injury(Step):
    """The Injury table: 2D6 rolled by the attacker, +1 per excess Wound, Tough -2, a
    Poison weapon's bonus and Surgical Precision's (R:550); ``result`` the removing Injury
    Morphine is offered against."""

    rule = INJURY
    attacker: str
    target: str
    excess: int
    roll: Roll | None = None
    poison: int = 0
    precise: int = 0
    result: str = ""
    antidote: bool = False
    """Whether Antivenom has been offered against this roll's Poison."""

    def option_error(self, game: AeonsGame, action: Action) -> str | None:
        """A Lucky re-roll refused: the die is not one offered."""
        return lucky.refusal(game, action, self.roll)

    def at_stake(self, game: AeonsGame, holder: str) -> tuple[Roll, lucky.Harm]:
        """The Injury roll, and the row of the Injury Table each result gives the target,
        every modifier added (:mod:`.lucky`'s re-rolls, weighed by the heuristic)."""
        assert self.roll is not None
        target = game.model(self.target)
        cat = catalog_of(game)
        added = self.added(game, target)

        def row(roll: Roll) -> dict[str, int]:
            found = cat.table_row(cat.injury, roll.value + added)
            return {target.id: cat.injury.index(found)}

        return self.roll, row

    def added(self, game: AeonsGame, target: AeonsModel) -> int:
        """What is added to the Injury roll on ``target``: the Wounds beyond its last, Tough's
        -2, the Poison's bonus (none once Antivenom negates it), Surgical Precision's (R:550)
        and Dissector's (R:458); :meth:`_log_added` tells each."""
        tough = tough_injury(catalog_of(game).profile(target.profile))
        added = self.excess + tough + self.poison + self.precise
        return added + _dissection(game, self.attacker, target)

    def _log_added(self, game: AeonsGame, target: AeonsModel) -> None:
        """The log's word for each modifier of :meth:`added` that the roll has."""
        if _tough(game, target):
            game.emit("tough", TOUGH, (self.target,))
        if self.poison:
            game.emit("poisoned", POISON, (self.target,), bonus=self.poison)
        if self.precise:
            game.emit("surgical-precision", SURGICAL, (self.target,), bonus=self.precise)
        dissection = _dissection(game, self.attacker, target)
        if dissection:
            game.emit("dissector", DISSECTOR, (self.attacker, target.id), bonus=dissection)

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        target = game.model(self.target)
        if target.removed not in (None, mobs.CARRIED):
            return []
        if elder_thing.sleeps(game, target):
            elder_thing.fall(game, target, self.excess)
            _check_victory(game)
            return []
        if action is not None and action.kind in ("morphine", "no-morphine"):
            return self._morphine(game, target, action)
        if action is not None and action.kind in ("antivenom", "no-antivenom"):
            self.poison = 0 if action.kind == "antivenom" else self.poison
            if action.kind == "antivenom":
                _antivenom(game, game.model(action.args[0]), target)
            action = None
        if self.roll is None and _numbed(game, target):
            remove(game, target, MAJOR_INJURY, MORPHINE, by=(self.attacker,))
            return []
        request = ("2D6", "injury", INJURY, self.attacker)
        self.roll, ask = lucky.roll(game, self.roll, action, request, lucky.below_max)
        if ask is not None:
            return ask
        value = self.roll.value + self.added(game, target)
        if self.poison and not self.antidote:
            self.antidote = True
            offer = _antivenom_offer(game, target, value, self.poison)
            if offer is not None:
                return offer
        self._log_added(game, target)
        cat = catalog_of(game)
        row = cat.table_row(cat.injury, value)
        game.emit("injury", INJURY, (self.target,), value=value, result=row.name)
        if row.effect == "removed" and unspent(game, target, "morphine"):
            self.result = row.name
            return Decision(
                target.side,
                "morphine",
                f"{target.name} suffers a {row.name}: take Morphine to stay in play, Normal, "
                f"until the end of {_numbed_until(game, target)} (once a game)?",
                (Action("morphine", (target.id,)), Action("no-morphine", (target.id,))),
            )
        if row.effect == "removed":
            remove(game, target, row.name, INJURY, by=(self.attacker,))
        else:
            set_state(game, target, row.effect, INJURY)
        return []

    def _morphine(self, game: AeonsGame, target: AeonsModel, action: Action) -> list[Step]:
        """The answer to Morphine's offer: the model stays a while, or goes now."""
        if action.kind == "no-morphine":
            remove(game, target, self.result, INJURY, by=(self.attacker,))
            return []
        spend(game, target, "morphine")
        st = game.state
        until = _numbed_until(game, target)
        last = st.turn + (0 if st.active == target.side else 1)
        st.numbed = (*st.numbed, (target.id, self.result, last))
        target.state = NORMAL
        game.emit("morphine", MORPHINE, (target.id,), result=self.result, until=until)
        return []


def _numbed_until(game: AeonsGame, target: AeonsModel) -> str:
    """The one Turn of its side Morphine keeps ``target`` in play for (R:478): this one when
    its side is active, else its side's next."""
    return "this Turn" if game.state.active == target.side else "its side's next Turn"


def _antivenom_offer(
    game: AeonsGame, target: AeonsModel, total: int, poison: int
) -> Decision | None:
    """Antivenom offered against the ``poison`` of an Injury roll of ``total``, every modifier
    in it: where leaving the Poison out changes the result, by the target or a Normal friend
    in base-to-base that carries it, the target first (R:462)."""
    cat = catalog_of(game)
    value = total - poison
    if cat.table_row(cat.injury, value) == cat.table_row(cat.injury, total):
        return None
    near = [f for f in models(game) if f.side == target.side and in_contact(f, target)]
    bearers = [m for m in (target, *near) if m.normal and unspent(game, m, "antivenom")]
    if not bearers:
        return None
    bearer = bearers[0]
    return Decision(
        bearer.side,
        "antivenom",
        f"{bearer.name} may spend its Antivenom and an Action to negate the Poison on "
        f"{target.name}: {value} on the Injury roll, not {total} (once a game)?",
        (Action("antivenom", (bearer.id, target.id)), Action("no-antivenom", (bearer.id,))),
    )


def _antivenom(game: AeonsGame, bearer: AeonsModel, target: AeonsModel) -> None:
    """Antivenom taken: the Poison counts for nothing, and the bearer owes an Action, the
    first of its next activation (R:462)."""
    spend(game, bearer, "antivenom")
    st = game.state
    st.owed = (*st.owed, bearer.id)
    game.emit("antivenom", ANTIVENOM, (bearer.id, target.id))


def owed_actions(game: AeonsGame, model_id: str) -> int:
    """How many Actions ``model_id``'s Antivenom took from this activation, no longer owed."""
    st = game.state
    owed = st.owed.count(model_id)
    if owed:
        st.owed = tuple(o for o in st.owed if o != model_id)
        game.emit("owed-action", ANTIVENOM, (model_id,), actions=owed)
    return owed


def _numbed(game: AeonsGame, m: AeonsModel) -> bool:
    return any(n[0] == m.id for n in game.state.numbed)


def _wake(game: AeonsGame, m: AeonsModel) -> None:
    st = game.state
    st.numbed = tuple(n for n in st.numbed if n[0] != m.id)


def wear_off(game: AeonsGame) -> bool:
    """At the end of a Turn, remove the models whose Morphine wears off now, with the Injury
    they suffered (R:478); whether any was. A model removed otherwise before then is kept
    no longer (:func:`remove`), nor one that went along with another's removal here."""
    st = game.state
    # A Turn's own end may come after this (a Frenzy's Charge at the end of a Turn): a model
    # numbed then has had its Turn already, and goes at the next end of a Turn.
    ending = [(game.model(mid), result) for mid, result, last in st.numbed if last <= st.turn]
    for m, result in ending:
        if _numbed(game, m):
            remove(game, m, result, MORPHINE)
    return bool(ending)


def set_state(game: AeonsGame, m: AeonsModel, state: str, rule: str) -> None:
    """Place a model Face Up or Face Down (it never worsens its own state by choice); its
    Ready weapons are primed no more (rules notes item 57), and it drops what it holds
    (The Bag Man's package, R:1569). In water that drowns it in that state it is removed
    (R:256-257); Face Down in close combat it is removed (:func:`remove_helpless`); Face
    Down near its roof's edge it falls (R:268)."""
    if m.state != state:
        m.state = state
        game.emit(state, rule, (m.id,))
        st = game.state
        if st.readied:
            st.readied = tuple(r for r in st.readied if r[0] != m.id)
        tokens.drop(game, m)
        _where_it_lies(game, m)
        if state != NORMAL:
            drop_carried(game, m, "passenger-dropped")


def drop_carried(game: AeonsGame, carrier: AeonsModel, event: str) -> None:
    """``carrier`` lets go of what it carries, which lands Face Up: a Byakhee's passenger
    beside it (R:639), a Winged Nightmare's foe 2" away (R:713); ``event`` names why."""
    passenger = transporter.set_down(game, carrier, event)
    foe = snatch.release(game, carrier, event)
    for carried, rule in ((passenger, transporter.RULE), (foe, snatch.rule_of(event))):
        if carried is not None and carried.normal:
            set_state(game, carried, FACE_UP, rule)


def unseat(game: AeonsGame, rider: AeonsModel, failed: bool) -> None:
    """``rider``'s Mount throws him 2", Face Up when he was Normal; a Trick Rider whose Mount
    ``failed`` a Resolve test gets down there safely and stays Normal (R:1121, R:1165)."""
    trick = failed and catalog_of(game).profile(rider.profile).has("trick_rider")
    riding.throw(game, rider, riding.TRICK_RIDER if trick else riding.THROWN)
    if not trick and rider.normal:
        set_state(game, rider, FACE_UP, riding.THROWN)


def drowned(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether the water where ``m`` lies drowns it in its state, removing it as a Major
    Injury (R:256-257): asked when it goes Face Up or Face Down, and when it comes to rest
    somewhere new already so (pushed, thrown, fallen), whatever put it there."""
    water = drowning(game, m)
    if water is None:
        return False
    game.emit("drowned", water.rule, (m.id,), state_name=m.state_name, feature=water.name)
    remove(game, m, MAJOR_INJURY, water.rule)
    return True


def _where_it_lies(game: AeonsGame, m: AeonsModel) -> None:
    if drowned(game, m):
        return
    if remove_helpless(game, m):
        return  # removed where it lies, before any fall from there
    fall = edge_fall(game, m)
    if fall is not None:
        fall_down(game, m, fall)


def fall_down(game: AeonsGame, m: AeonsModel, fall: Fall) -> None:
    """A fall: the model comes down where ``fall`` lands it and suffers a hit of 1D plus the
    inches fallen against its Constitution, which the saves against all hits save first
    (Tough's, a profile's own, :func:`.saves.save_at_once`); a Wound it has not got left
    removes it as a Major Injury (R:269). It lies Face Up where it lands (still Face Down if
    it was), so water there may drown it. A Grave-bound Ghost it lands beyond its tether is
    dispelled as it lands (R:720, :func:`astray`). Worked out at once inside what made the
    model fall (a push, a jump, :func:`set_state`), where no player can be asked, the Wounds
    are the model's own: no Guard Dog is offered them (R:1376), no Mob's rider (R:926)."""
    piece = game.board.piece(m.level).name if m.level is not None else "the ground"
    m.x, m.y = fall.point
    m.level = fall.level
    game.emit("fell", FALLING, (m.id,), height=fall.height, piece=piece)
    astray(game, m)
    if m.removed is not None:
        return
    if not save_at_once(game, m, "other", FALLING):
        total = game.roll("D6", "fall", FALLING, m.id).value + round(fall.height)
        con = constitution(catalog_of(game).profile(m.profile))
        caused = wounds_caused(total, con)
        game.emit("fall-damage", FALLING, (m.id,), total=total, con=con, wounds=caused)
        if caused and m.wounds <= caused:
            m.wounds = 0
            remove(game, m, MAJOR_INJURY, FALLING)
            return
        m.wounds -= caused
    if m.state == NORMAL:
        set_state(game, m, FACE_UP, FALLING)
    else:
        _where_it_lies(game, m)


def remove(
    game: AeonsGame,
    m: AeonsModel,
    reason: str,
    rule: str,
    injured: bool = True,
    by: tuple[str, ...] = (),
    left_table: bool = False,
) -> None:
    """Take a model off the table; friends who see it fall within 5" owe a Resolve test,
    within 10" when one of the models ``by`` which it falls is a Violator (R:757, R:672), and so do
    Hemaphobic enemies (R:235, :mod:`.phobias`).

    ``injured`` is false for a model removed otherwise than by an Injury (one that leaves the
    table counts as a Minor Injury but is not a removal "due to Injury" for psychology).
    ``left_table`` says the model went off an edge: a Byakhee that does takes its passenger
    along, one removed otherwise drops it (R:639; our reading beyond "removed by Injury"); a
    Winged Nightmare removed drops its foe (R:713); a Mob's template off an edge takes its
    members along (R:921), where any other removal takes one member (R:922). A Mob that
    disbands sets its members down (R:922): once the removal is complete, a Grave-bound Ghost
    among them set down beyond its tether is dispelled (R:720, :func:`astray`).
    """
    for member in _take_off(game, m, reason, rule, injured, by, left_table):
        astray(game, member)


def _take_off(
    game: AeonsGame,
    m: AeonsModel,
    reason: str,
    rule: str,
    injured: bool,
    by: tuple[str, ...],
    left_table: bool,
) -> list[AeonsModel]:
    """:func:`remove`'s removal, and the members of a Mob it disbanded, set down."""
    passenger = transporter.leaves(game, m) if left_table else None
    drop_carried(game, m, "passenger-dropped")
    if injured:
        _owe_tests(game, m, by)
        _owe_feasts(game, m, by)
        mating.owed(game, m)
        shoggoth.removed_by(game, m, by)
        infection.bitten(game, m, reason, by)
        mutilate.mutilated(game, m, reason, by)
    if reason != objectives.ESCAPED:
        tokens.drop(game, m)
    m.removed = reason
    snatch.lost(game, m)
    transporter.lost(game, m)
    _wake(game, m)  # gone from play, Morphine keeps it no longer (R:478)
    graves.marker_gone(game, m)
    game.emit("removed", rule, (m.id,), reason=reason)
    # A possession ends as its Mojo is dispelled or its model leaves play, not at the next
    # Turn (R:725): the model is no Lurker's a moment longer.
    for host, mojo, _ in game.state.possessed:
        if m.id in (host, mojo):
            dispossess(game, host)
    _animal_removals(game, m, by)
    if passenger is not None:
        remove(game, passenger, reason, transporter.RULE, injured=False)
    taken, set_down = mobs.fallen(game, m, left_table)
    for member in taken:
        remove(game, member, reason, rule, injured=False, left_table=True)
    _check_victory(game)
    return set_down


def astray(game: AeonsGame, m: AeonsModel) -> None:
    """``m`` has been moved otherwise than by a Move of its own (pushed, thrown, fallen, set
    down by a rule): a Grave-bound Ghost it left beyond its Grave Marker's tether is
    dispelled at once (R:720). Here, not in :mod:`.graves`: it removes the Ghost."""
    if m.removed is None and graves.tether_error(game, m, m.pos) is not None:
        remove(game, m, DISPELLED, graves.RULE, injured=False)


def _animal_removals(game: AeonsGame, m: AeonsModel, by: tuple[str, ...]) -> None:
    """What a removal does to Animals: a handler's leave with him as Minor Injuries, those
    off the table too (his Horse from where he stands, one snatched from its Nightmare's
    grip or carried by a Byakhee) (R:1045, R:1366); an Animal Lover within 5" of a friendly
    Animal removed owes a Frenzy (R:1047); a Falcon that took out its target owes a return to
    its handler (R:1396)."""
    riding.leaves(game, m)
    for animal in animals.equipped(game, m):
        remove(game, animal, MINOR_INJURY, animals.LEAVES, injured=False)
    st = game.state
    beloved = tuple((f.id, f"{animals.BELOVED}{m.id}") for f in animals.lovers(game, m))
    if beloved:
        # The Frenzy comes before the tests of the same removal, which it then passes.
        st.pending_tests = (*beloved, *st.pending_tests)
    animals.dispatched(game, m, by)


def _owe_tests(game: AeonsGame, fallen: AeonsModel, by: tuple[str, ...]) -> None:
    cat = catalog_of(game)
    reach = cat.scenario.psychology_range
    violator = cat.scenario.violator_range
    violators = [p for p in (cat.profile(game.model(b).profile) for b in by) if p.can("violator")]
    if violator is not None and violators:
        reach = violator
        rule = VIOLATORS.get(violators[0].kind, VIOLATOR)
        game.emit("violator", rule, (fallen.id,), reach=violator)
    state = game.state
    owed = list(state.pending_tests)
    for friend in models(game):
        own = cat.profile(friend.profile)
        kind = "removal" if friend.side == fallen.side else "hemaphobia"
        if friend.id == fallen.id or (kind == "hemaphobia" and not own.fears("hemaphobia")):
            continue
        # Hate spares the test of a friend's removal by Hated enemies, and Hemaphobia's of a
        # Hated enemy's (R:239).
        hated = (
            hate.unmoved(game, friend, by)
            if kind == "removal"
            else hate.hates(game, friend, fallen)
        )
        if hated:
            continue
        if not friend.normal or not own.subject_to_psychology:
            continue
        if mobs.in_mob(game, friend):  # immune as the friend fell, if it disbands too (R:923)
            continue
        if gap(game, friend, fallen) <= reach and sees(game, friend, fallen):
            owed.append((friend.id, f"{kind}:{fallen.id}"))
    state.pending_tests = tuple(owed)


def _owe_feasts(game: AeonsGame, fallen: AeonsModel, by: tuple[str, ...]) -> None:
    """A Ravenous model in base-to-base with a model removed by an Injury owes an Action
    eating it, one a turn however many fall (R:703); a Wendigo so removed frees its spirit,
    the side of the model ``by`` which it fell choosing the order of the tests, a friend's
    too (a Sweep, R:557), the enemy's when no model felled it (our reading) (R:703)."""
    cat, st = catalog_of(game), game.state
    for o in models(game):
        owes = o.id not in st.feasts and o.id not in st.fed
        if (
            o.id != fallen.id
            and owes
            and in_contact(o, fallen)
            and cat.profile(o.profile).can("ravenous")
        ):
            st.feasts = (*st.feasts, o.id)
            game.emit("ravenous", RAVENOUS, (o.id, fallen.id))
    if cat.profile(fallen.profile).can("infectious_hunger"):
        killer = game.model(by[0]).side if by else 1 - fallen.side
        st.hungers = (*st.hungers, (fallen.id, killer))


def _check_victory(game: AeonsGame) -> None:
    if objectives.settled(game):
        return
    standing = objectives.standing_models(game)
    cat = catalog_of(game)
    names = cat.side_names
    if standing[0] and standing[1]:
        return
    rule = f"{cat.scenario.name}: {VICTORY}"
    if not standing[0] and not standing[1]:
        objectives.end(game, None, "both sides have left the table", rule)
    else:
        winner = 0 if standing[0] else 1
        objectives.end(game, winner, f"the {names[1 - winner]} have no models left", rule)


def can_fight(m: AeonsModel) -> bool:
    """Face Down models can do nothing in close combat, nor dormant ones (R:528)."""
    return m.removed is None and m.state != FACE_DOWN and not elder_thing.is_dormant(m)


def dispossess(game: AeonsGame, host_id: str) -> None:
    """The possession of ``host_id`` over (R:725): the model is the Threshold's again, and its
    Mojo, if it still possesses (the time up, the model removed), is dispelled."""
    st = game.state
    mojo = game.model(next(mojo for host, mojo, _ in st.possessed if host == host_id))
    st.possessed = tuple(p for p in st.possessed if p[0] != host_id)
    game.model(host_id).side = 1 - mojo.side
    game.emit("possession-over", POSSESSOR, (host_id, mojo.id))
    if mojo.removed == POSSESSING:
        remove(game, mojo, DISPELLED, POSSESSOR, injured=False)


def remove_helpless(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` was removed now: lying Face Down in base-to-base with enemies able to
    fight, it is engaged in close combat, so they remove it as a Major Injury at once, with
    no dice (R:140, R:160; notes §1.7 item 10). Asked wherever a model comes to lie so: as
    it falls Face Down (an Injury, Insanity, a landing), as a round with it would begin, as
    the start-of-turn combats begin. Enemies Face Down or dormant engage nobody."""
    if m.removed is not None or m.state != FACE_DOWN:
        return False
    able = tuple(o.id for o in contacts(game, m) if can_fight(o))
    if not able:
        return False
    game.emit("helpless", FACE_DOWN_RULE, (m.id,))
    remove(game, m, MAJOR_INJURY, FACE_DOWN_RULE, by=able)
    return True


def remove_helpless_around(game: AeonsGame, m: AeonsModel) -> None:
    """Remove the Face Down enemies ``m`` touches as it comes into base-to-base (a Move, a
    Charge, one short of its target, a Frenzy): :func:`remove_helpless` for each."""
    for lying in contacts(game, m):
        remove_helpless(game, lying)


def is_prone(m: AeonsModel) -> bool:
    """Face Up and Face Down models lie prone."""
    return m.state in (FACE_UP, FACE_DOWN)
