"""Shooting and melee as the game plays them: the target's reaction, the measures, the roll,
the Heroic Deeds and the damage, applied at the end of the Action (L81-L164, L44, L63;
rules notes §1.6, §1.7, §6 D14, D15, D17).

The pools, the rolls and what a hit does are :mod:`..combat.shooting` and
:mod:`..combat.melee`; this module measures what they look at on the table
(:mod:`.space`), asks the players their choices, and keeps each step's progress as plain
values, so a game saved between the roll and the deeds goes on identically.

- A shot's target, an enemy in sight, or for a Shift weapon a friend too (L579), is declared
  before anything is measured (L10, L63, no pre-measuring); then the distance is measured
  (L90): beyond the weapon's last band the shot misses with no reaction and no roll (L107).
  Otherwise the target's owner picks Hold Nerves or Dive For Cover (L93-L95), or for Mary
  Fearless Rencontre, her Guns against the shot, which with more successes turns it on the
  shooter (L513; optional, §7 item 69); then its height and cover are measured.
- A shot at a model in base contact with the shooter's friends goes into the melee: it and
  every model touching it roll Reflex, the smaller bases +1 when a larger one is anywhere in
  the melee (:func:`.space.melee_of`), and once each may have re-rolled its dice the fewest
  successes is hit, the shooter's owner choosing among a tie (L122-L124, §6 D18). The log
  shows every pool with its terms before the dice, as for any shot, then the model hit and,
  among a tie, which one the shooter's player picked.
- A melee attack (a Fight, or the one that ends a Charge, L127) is met by Fence or Parry
  (L131-L133), a Swift defender rolling its Reflex in place of its Fight if its player likes
  (L377); the attacker's friends in contact with the target support it (L155-L158).
- After the roll come the re-rolls (:mod:`.rerolls`), then the Heroic Deeds (§7 item 40).
- Damage goes to the model hit at the end of the Action (L44); a model left with no Wounds
  is out of the game (L27). Topple and Bash topple the model hit (L664, L845). A Shift
  weapon's hit deals none: it moves the model hit (L579, :mod:`.shift`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.rulesets.wolsung.cards.payments import Contest
from skirmish.rulesets.wolsung.combat.melee import (
    Charge,
    Fight,
    Fighter,
    Reaction,
    Strike,
    attack_pool,
    defence_pool,
    fight_purposes,
    reactions,
    swift_choices,
)
from skirmish.rulesets.wolsung.combat.opposed import OpposedTest, roll_opposed, successes
from skirmish.rulesets.wolsung.combat.shooting import (
    MILITARY_EXPERIENCE,
    MILITARY_REACH,
    Shooter,
    Shot,
    ShotReaction,
    Target,
    aim_into_melee,
    can_rencontre,
    fewest_successes,
    guns_pool,
    reflex_pool,
    roll_into_melee,
    shot_purposes,
)
from skirmish.rulesets.wolsung.game.base import house_of, member
from skirmish.rulesets.wolsung.game.crowd import attacks, in_crowd
from skirmish.rulesets.wolsung.game.damage import queue_damage
from skirmish.rulesets.wolsung.game.effects import current
from skirmish.rulesets.wolsung.game.heroics import Deeds
from skirmish.rulesets.wolsung.game.model import WolsungModel
from skirmish.rulesets.wolsung.game.rerolls import RolledPool
from skirmish.rulesets.wolsung.game.resolution import ResolvedTest, opposed_deeds
from skirmish.rulesets.wolsung.game.rolls import LoggedDice
from skirmish.rulesets.wolsung.game.shift import Shift, is_shift, shifted_friend
from skirmish.rulesets.wolsung.game.sight import (
    body,
    seen_from,
    sees_through_smoke,
    sight,
    smoke_cover,
)
from skirmish.rulesets.wolsung.game.space import (
    contacts,
    gap,
    in_contact,
    melee_of,
    on_table,
    rise,
    surface,
    touching,
    within_reach,
)
from skirmish.rulesets.wolsung.game.state import WolsungGame
from skirmish.rulesets.wolsung.game.templates import mists, under
from skirmish.rulesets.wolsung.rules_data.records import RangedWeapon

__all__ = [
    "FIGHT",
    "SHOOT",
    "ChooseShot",
    "MeleeAttack",
    "Shoot",
    "fighter",
    "fire",
    "is_swift",
    "melee_targets",
    "reaction_option",
    "shot_targets",
    "weapon_of",
]

SHOOT = "L88"
INTO_MELEE = "L123"
RENCONTRE = "L513"
FIGHT = "L128"


def fighter(game: WolsungGame, m: WolsungModel) -> Fighter:
    """``m`` as melee sees it: profile, Toppled, the height of its base, enemies in contact."""
    return Fighter(current(game, m), m.toppled, surface(game, m), len(contacts(game, m)))


def _friends_in_melee(game: WolsungGame, m: WolsungModel, foe: WolsungModel) -> list[WolsungModel]:
    """``m``'s friends in base contact with ``foe``: they support ``m`` against it (L157)."""
    return [
        o
        for o in game.models
        if o.on_table and o.side == m.side and o.id != m.id and in_contact(game, o, foe)
    ]


def melee_targets(game: WolsungGame, m: WolsungModel) -> list[WolsungModel]:
    """The enemies ``m`` may make a melee attack on: every one in base contact with it, all
    of them in melee with it (L129, L155), none Concealed in the Crowd (L731)."""
    return [o for o in contacts(game, m) if not in_crowd(game, o)]


# -- shooting --------------------------------------------------------------------------------


def veteran_near(game: WolsungGame, m: WolsungModel) -> bool:
    """Whether another friendly model with Military Experience stands within 3" of ``m``
    (L477): the shooting rules give a Noble +1 Guns for it."""
    return any(
        o.on_table
        and o.side == m.side
        and o.id != m.id
        and current(game, o).has(MILITARY_EXPERIENCE)
        and within_reach(game, o, m, MILITARY_REACH)
        for o in game.models
    )


def shot_targets(
    game: WolsungGame, m: WolsungModel, weapon: RangedWeapon | None = None
) -> list[WolsungModel]:
    """The models ``m`` may declare a shot of ``weapon`` at: the enemies in its line of sight
    (L82), and for a Shift weapon its friends there too (L579); none Concealed in the Crowd
    (L731)."""
    friends = weapon is not None and is_shift(weapon)
    aimed = [o for o in on_table(game) if o.id != m.id and (friends or o.side != m.side)]
    return [o for o in aimed if sight(game, m, o).visible and not in_crowd(game, o)]


def weapon_of(game: WolsungGame, model_id: str, weapon_id: str) -> RangedWeapon:
    """The ranged weapon ``weapon_id`` of the model ``model_id``."""
    return next(w for w in member(game, model_id).fighter.ranged if w.id == weapon_id)


def fire(m: WolsungModel) -> bool:
    """``m`` fires a shot now: whether it is the first of its activation (Hidden, L451). A shot
    held or never chosen is none."""
    first, m.fired = not m.fired, True
    return first


@dataclass(slots=True, eq=False)
class ChooseShot(Step):
    """The next shot of a Shoot Action, its target chosen now: the later shots of a Fast shot
    weapon (L230), or the shot after a Quick Move (L228); or the free shot of an ``instant``
    weapon as any Action ends (L818). The player may hold fire."""

    rule = "L230"
    shooter: str = ""
    weapon: str = ""
    shot: int = 1
    quick: bool = False
    moved: bool = False
    instant: bool = False

    def run(self, game: WolsungGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.shooter)
        if action is not None:
            if action.kind == "hold-fire":
                return []
            return [self._shoot(m, action.args[2])]
        weapon = weapon_of(game, m.id, self.weapon)
        targets = shot_targets(game, m, weapon) if m.on_table else []
        if not targets:
            return []
        if self.instant:
            kind, does = "instant-shot", f"may fire {weapon.name} as its Action ends (L818)"
        else:
            why = "after its Quick Move (L228)" if self.quick else f"shot {self.shot} (L230)"
            kind, does = "next-shot", f"fires {weapon.name} again, {why}"
        return Decision(
            m.side,
            kind,
            f"{m.name} {does}: choose a target or hold fire",
            (
                *(Action("shoot", (m.id, self.weapon, o.id)) for o in targets),
                Action("hold-fire", (m.id,)),
            ),
        )

    def _shoot(self, m: WolsungModel, target: str) -> Shoot:
        return Shoot(
            shooter=self.shooter,
            weapon=self.weapon,
            target=target,
            moved=self.moved,
            shot=self.shot,
            quick=self.quick,
            first_shot=fire(m),
        )


@dataclass(slots=True, eq=False)
class Shoot(ResolvedTest):
    """One shot of a Shoot Action: ``shooter`` fires ``weapon`` at ``target`` (L88-L124).

    ``moved``: a Move or Charge earlier in the activation (L226); ``shot``: its place in a Fast
    shot Action (L230); ``quick``: after a Quick Move in this Action (L228); ``first_shot``:
    the activation's first (L451). It holds the measures (``distance``, taken before the
    reaction, ``height`` of the target over the shooter, ``hidden`` share of its body), whether the
    target was Toppled before, the faces rolled, and for a shot into a melee the models that
    rolled Reflex (``engaged``, the declared target first), with the one hit (``hit``, open
    until the re-rolls are over), and the ``rerolls`` after the roll: the shooter's, then each
    Reflex roll's in that order, so that a re-roll may change the model hit (L123, L222,
    L756, §7 item 40). An ``area`` shot is one of the shots at every model under a
    template (:mod:`.area_shots`): it hits the model it is aimed at, whoever touches it;
    ``through`` are the models on a Beam's line, which hide nothing from the shooter (L625);
    ``viewer`` the Mirror Servant whose sight the shot takes when it relays a Beam (L637).
    """

    rule = SHOOT
    shooter: str = ""
    weapon: str = ""
    target: str = ""
    moved: bool = False
    shot: int = 1
    quick: bool = False
    first_shot: bool = True
    reaction: str = ""
    was_toppled: bool = False
    distance: float = 0.0
    height: float = 0.0
    hidden: float = 0.0
    guns: tuple[int, ...] = ()
    engaged: tuple[str, ...] = ()
    reflexes: tuple[tuple[int, ...], ...] = ()
    hit: int = -1
    area: bool = False
    through: tuple[str, ...] = ()
    viewer: str = ""

    def run(self, game: WolsungGame, action: Action | None) -> Decision | list[Step]:
        if not self.reaction:
            if action is None:
                attacks(game, game.model(self.shooter))
                return self._ask_reaction(game) if self._in_range(game) else []
            self._react(game, action.kind)
            return self._roll(game)
        if self._picking() and action is not None:
            self.hit = int(action.args[0])
            self._log_hit(game)
            return self.resume(game, None)
        return self.resume(game, action)

    def _picking(self) -> bool:
        """Whether the shooter's owner is asked which of a tie for the fewest is hit: the
        re-rolls are over, the model hit still open (L123)."""
        return self.hit < 0 and self.rerolls is not None and self.rerolls.over

    def _in_range(self, game: WolsungGame) -> bool:
        """Measures the distance to the declared target before it reacts (L90): beyond the
        weapon's last band the shot misses, and the target is asked nothing (L107)."""
        self.distance = gap(game, game.model(self.shooter), game.model(self.target))
        game.emit("measured", "L10", (self.shooter, self.target), distance=round(self.distance, 2))
        if weapon_of(game, self.shooter, self.weapon).band_at(self.distance) is not None:
            return True
        game.emit("out-of-range", "L107", (self.shooter, self.target), weapon=self.weapon)
        return False

    def _ask_reaction(self, game: WolsungGame) -> Decision:
        target, shooter = game.model(self.target), game.model(self.shooter)
        answer = can_rencontre(current(game, target))
        return Decision(
            target.side,
            "shot-reaction",
            f"{shooter.name} shoots at {target.name}: Hold Nerves or Dive For Cover (L93-L95)"
            + (", or Rencontre (L513)" if answer else ""),
            (
                Action("hold-nerves", (target.id,)),
                Action("dive-for-cover", (target.id,)),
                *((Action("rencontre", (target.id,)),) if answer else ()),
            ),
        )

    def _react(self, game: WolsungGame, kind: str) -> None:
        target = game.model(self.target)
        self.was_toppled = target.toppled
        self.reaction = {"dive-for-cover": "dive", "rencontre": "rencontre"}.get(kind, "hold")
        if kind == "dive-for-cover":
            target.toppled = True
        if kind == "rencontre":
            game.emit("shot-reaction", RENCONTRE, (target.id,), reaction="Rencontre")
            return
        game.emit("shot-reaction", "L93", (target.id,), reaction=self._reaction().value)

    def _reaction(self) -> ShotReaction:
        if self.reaction == "dive":
            return ShotReaction.DIVE_FOR_COVER
        return ShotReaction.HOLD_NERVES

    def _shooter(self, game: WolsungGame) -> Shooter:
        return Shooter(
            current(game, game.model(self.shooter)),
            weapon_of(game, self.shooter, self.weapon),
            moved=self.moved,
            quick_move=self.quick,
            shot=self.shot,
            first_shot=self.first_shot,
            veteran_near=veteran_near(game, game.model(self.shooter)),
        )

    def _target(self, game: WolsungGame, model_id: str) -> Target:
        shooter, m = game.model(self.shooter), game.model(model_id)
        declared = model_id == self.target
        profile = current(game, m)
        if m.side == shooter.side and is_shift(weapon_of(game, self.shooter, self.weapon)):
            profile = shifted_friend(profile)
        return Target(
            profile,
            distance=gap(game, shooter, m),
            rise=rise(game, shooter, m),
            hidden=self._hidden(game, m),
            toppled=self.was_toppled if declared else m.toppled,
            reaction=self._reaction() if declared else ShotReaction.HOLD_NERVES,
            rencontre=declared and self.reaction == "rencontre",
            misted=any(under(t, m) is not None for t in mists(game)),
            smoke=smoke_cover(game, self._eye(game), m, self._aside(game, m)),
            veteran_near=veteran_near(game, m),
            declared=declared,
        )

    def _eye(self, game: WolsungGame) -> WolsungModel:
        """Whose sight the shot takes: the shooter's, or the Mirror's relaying it (L637)."""
        return game.model(self.viewer or self.shooter)

    def _aside(self, game: WolsungGame, m: WolsungModel) -> tuple[str, ...]:
        """The models that hide nothing of ``m`` from the eye: the shooter, the eye, ``m``
        and those on a Beam's line (L625)."""
        return (self.shooter, self._eye(game).id, m.id, *self.through)

    def _hidden(self, game: WolsungGame, m: WolsungModel) -> float:
        """The share of ``m``'s body hidden from the shooter, or from the Mirror relaying the
        shot, smoke aside to an eye that sees through it (L109, L398, L470, L637)."""
        eye = self._eye(game)
        through = sees_through_smoke(game, eye)
        return seen_from(game, body(eye), body(m), self._aside(game, m), through).blocked_fraction

    def _roll(self, game: WolsungGame) -> Decision | list[Step]:
        shooter = game.model(self.shooter)
        target = self._target(game, self.target)
        self.distance, self.height, self.hidden = target.distance, target.rise, target.hidden
        aimed = game.model(self.target)
        # The shooter never rolls against its own shot: only a shot free in a melee (the
        # Fireball's Instant, L818) has it touching its target.
        engaged = tuple(o.id for o in touching(game, aimed) if o.id != self.shooter)
        into = aimed.side != shooter.side and any(
            game.model(o).side == shooter.side for o in engaged
        )
        if not self.area and into:
            return self._roll_into_melee(game, target, engaged)
        weapon = self._shooter(game)
        band = weapon.weapon.band_at(target.distance)
        guns, reflex = guns_pool(weapon, target, band), reflex_pool(weapon, target)
        game.emit(
            "pools", SHOOT, (self.shooter, self.target), active=str(guns), defender=str(reflex)
        )
        dice = LoggedDice(game, SHOOT, (self.shooter, self.target))
        test = roll_opposed(dice, guns.dice, reflex.dice, shot_purposes(target))
        self.guns, self.engaged, self.reflexes, self.hit = (
            test.active,
            (self.target,),
            (test.defender,),
            0,
        )
        return self._after_roll(game)

    def _roll_into_melee(
        self, game: WolsungGame, target: Target, others: tuple[str, ...]
    ) -> Decision | list[Step]:
        rollers = (self.shooter, self.target, *others)
        engaged = [self._target(game, o) for o in others]
        melee = melee_of(game, game.model(self.target))
        bases = tuple(current(game, m).base_mm for m in melee)
        aimed = aim_into_melee(
            self._shooter(game), target, engaged, house_of(game), melee_bases=bases
        )
        game.emit(
            "melee-pools",
            INTO_MELEE,
            rollers,
            active=str(aimed.guns),
            engaged=[str(pool) for pool in aimed.reflexes],
        )
        rolled = roll_into_melee(LoggedDice(game, INTO_MELEE, rollers), aimed)
        self.guns, self.engaged, self.reflexes = rolled.active, rollers[1:], rolled.rolls
        return self._after_roll(game)

    def settle(self, game: WolsungGame) -> Decision | None:
        """Into a melee, the model hit once the Reflex rolls stand, re-rolled or not: the
        fewest successes, the shooter's owner choosing among a tie (L123)."""
        if self.hit >= 0:
            return None
        fewest = fewest_successes(self.reflexes)
        if len(fewest) == 1:
            self.hit = fewest[0]
            self._log_hit(game)
            return None
        return Decision(
            game.model(self.shooter).side,
            "into-melee",
            "the shot into the melee hits one of the fewest successes: choose (L123)",
            tuple(Action("hit", (str(i), self.engaged[i])) for i in fewest),
        )

    def _log_hit(self, game: WolsungGame) -> None:
        """Logs the model the shot into the melee goes to: the one with the fewest successes,
        or the one the shooter's owner picked among those tied for them (L123)."""
        fewest = fewest_successes(self.reflexes)
        game.emit(
            "melee-hit",
            INTO_MELEE,
            (self.shooter, self.engaged[self.hit], *(self.engaged[i] for i in fewest)),
            successes=successes(self.reflexes[self.hit]),
        )

    def _after_roll(self, game: WolsungGame) -> Decision | list[Step]:
        guns = RolledPool(self.shooter, "G", self.target, "guns", self.guns)
        answers = (self._answer(game, i) for i in range(len(self.engaged)))
        return self.rolled(game, Contest.SHOOTING, (guns, *answers))

    def _answer(self, game: WolsungGame, index: int) -> RolledPool:
        """The dice the ``index``-th model rolled against the shot: its Reflex, or Mary's Guns
        in a Rencontre (L513)."""
        model = self.engaged[index]
        answer = self._target(game, model)
        stat = "G" if answer.rencontre else "R"
        purpose = shot_purposes(answer)[1]
        return RolledPool(model, stat, self.shooter, purpose, self.reflexes[index])

    def rerolled(self, pools: tuple[RolledPool, ...]) -> None:
        self.guns = pools[0].faces
        self.reflexes = tuple(p.faces for p in pools[1:])

    def heroic_deeds(self, game: WolsungGame) -> Deeds | None:
        models = (self.shooter, self.engaged[self.hit])
        return opposed_deeds(game, Contest.SHOOTING, models, self.guns, self.reflexes[self.hit])

    def _shot(self, game: WolsungGame, bonus: tuple[int, int]) -> Shot:
        shooter, hit = self._shooter(game), self.engaged[self.hit]
        target = self._target(game, hit)
        if hit == self.target:
            target = replace(
                target,
                distance=self.distance,
                rise=self.height,
                hidden=self.hidden,
                toppled=self.was_toppled,
                reaction=self._reaction(),
            )
        band = shooter.weapon.band_at(target.distance)
        test = OpposedTest(self.guns, self.reflexes[self.hit]).with_deeds(*bonus)
        guns, reflex = guns_pool(shooter, target, band), reflex_pool(shooter, target)
        return Shot(shooter, target, guns, reflex, band, test, house_of(game))

    def finish(self, game: WolsungGame, bonus: tuple[int, int]) -> list[Step]:
        shot = self._shot(game, bonus)
        target = self.engaged[self.hit]
        test = shot.test
        assert test is not None
        game.emit(
            "shot",
            SHOOT,
            (self.shooter, target),
            hit=shot.hits,
            successes=[test.active_successes, test.defender_successes],
        )
        if shot.hits and is_shift(shot.shooter.weapon):
            return [Shift(shooter=self.shooter, target=target)]
        damage = shot.damage
        if damage is not None and shot.hits:
            by = game.model(self.shooter).side
            queue_damage(game, target, damage, "L119", shielded=True, by=by, shooter=self.shooter)
        elif damage is not None and shot.reflected:
            game.emit("rencontre", RENCONTRE, (target, self.shooter))
            by = game.model(target).side
            queue_damage(
                game, self.shooter, damage, RENCONTRE, shielded=True, by=by, shooter=target
            )
        return []


# -- melee -----------------------------------------------------------------------------------

SWIFT_WORD = "swift"
"""The word that marks a melee reaction rolled with Reflex (L377)."""


def reaction_option(defender: str, reaction: Reaction, swift: bool) -> Action:
    """The answer ``react DEFENDER REACTION [swift]`` to a melee attack (L131-L133, L377)."""
    return Action("react", (defender, reaction.value, *((SWIFT_WORD,) if swift else ())))


def is_swift(action: Action) -> bool:
    """Whether a melee reaction is rolled with Reflex (L377)."""
    return SWIFT_WORD in action.args[2:]


@dataclass(slots=True, eq=False)
class MeleeAttack(ResolvedTest):
    """One melee attack of ``attacker`` on ``defender`` in base contact: a Fight Action, or
    the attack that ends a Charge (``charge``, begun at ``start_height``) (L127-L158), with
    the ``rerolls`` after its roll."""

    rule = FIGHT
    attacker: str = ""
    defender: str = ""
    charge: bool = False
    start_height: float = 0.0
    reaction: str = ""
    swift: bool = False
    active: tuple[int, ...] = ()
    passive: tuple[int, ...] = ()

    def run(self, game: WolsungGame, action: Action | None) -> Decision | list[Step]:
        if not self.reaction:
            if action is None:
                attacks(game, self._a(game))
            defender = fighter(game, self._d(game))
            allowed = reactions(fighter(game, self._a(game)), defender)
            swift = swift_choices(defender)
            if len(allowed) * len(swift) > 1 and action is None:
                return self._ask_reaction(game, allowed, swift)
            chosen = allowed[0] if action is None else Reaction(action.args[1])
            self.reaction, self.swift = chosen.value, action is not None and is_swift(action)
            game.emit("melee-reaction", "L131", (self.defender,), reaction=chosen.value)
            if self.swift:
                game.emit("swift", "L377", (self.defender,))
            return self._roll(game)
        return self.resume(game, action)

    def _a(self, game: WolsungGame) -> WolsungModel:
        return game.model(self.attacker)

    def _d(self, game: WolsungGame) -> WolsungModel:
        return game.model(self.defender)

    def _ask_reaction(
        self, game: WolsungGame, allowed: tuple[Reaction, ...], swift: tuple[bool, ...]
    ) -> Decision:
        a, d = self._a(game), self._d(game)
        how = ", rolling Reflex if Swift (L377)" if len(swift) > 1 else ""
        return Decision(
            d.side,
            "melee-reaction",
            f"{a.name} attacks {d.name}: choose its reaction (L131-L133){how}",
            tuple(reaction_option(d.id, r, s) for s in swift for r in allowed),
        )

    def _fight(self, game: WolsungGame) -> Fight:
        a, d = self._a(game), self._d(game)
        return Fight(
            fighter(game, a),
            fighter(game, d),
            Reaction(self.reaction),
            support=tuple(fighter(game, f) for f in _friends_in_melee(game, a, d)),
            defender_support=tuple(fighter(game, f) for f in _friends_in_melee(game, d, a)),
            charge=Charge(self.start_height) if self.charge else None,
            with_reflex=self.swift,
        )

    def _roll(self, game: WolsungGame) -> Decision | list[Step]:
        fight = self._fight(game)
        attack, defence = attack_pool(fight), defence_pool(fight, house_of(game))
        game.emit(
            "pools",
            FIGHT,
            (self.attacker, self.defender),
            active=str(attack),
            defender=str(defence),
        )
        dice = LoggedDice(game, FIGHT, (self.attacker, self.defender))
        test = roll_opposed(dice, attack.dice, defence.dice, fight_purposes(fight))
        self.active, self.passive = test.active, test.defender
        defence_stat = "R" if self.swift else "F"
        pools = (
            RolledPool(self.attacker, "F", self.defender, "fight", self.active),
            RolledPool(
                self.defender, defence_stat, self.attacker, fight_purposes(fight)[1], self.passive
            ),
        )
        return self.rolled(game, Contest.MELEE, pools)

    def rerolled(self, pools: tuple[RolledPool, ...]) -> None:
        self.active, self.passive = (p.faces for p in pools)

    def heroic_deeds(self, game: WolsungGame) -> Deeds | None:
        models = (self.attacker, self.defender)
        return opposed_deeds(game, Contest.MELEE, models, self.active, self.passive)

    def finish(self, game: WolsungGame, bonus: tuple[int, int]) -> list[Step]:
        fight = self._fight(game)
        test = OpposedTest(self.active, self.passive).with_deeds(*bonus)
        rules = house_of(game)
        strike = Strike(fight, attack_pool(fight), defence_pool(fight, rules), test, rules)
        game.emit(
            "strike",
            FIGHT,
            (self.attacker, self.defender),
            hit=strike.hits,
            countered=strike.countered,
            successes=[test.active_successes, test.defender_successes],
        )
        damage = strike.damage
        if damage is not None:
            hit, by = (
                (self.defender, self.attacker) if strike.hits else (self.attacker, self.defender)
            )
            queue_damage(game, hit, damage, "L145", shielded=False, by=game.model(by).side)
        return []
