"""One shot of a Shoot Action, from the measured situation to the damage (L81-L124; rules
notes §1.6, §1.10, §5; golden tests G14-G25).

The game measures and passes in what the rules look at: the edge-to-edge distance (L10),
whether the shooter's eye sees the target's body (L83), the share of the body hidden (L109),
the height between the two bases (L113-L114), and what the shooter did before (a Move or
Charge earlier in the activation, a Quick Move in this Action, the shot's place in a Fast
shot Action). Then:

1. The shot needs a ranged weapon whose profile is printed (§7 item 52), line of sight
   (L82) and a shooter out of melee (L126). The target reacts: Hold Nerves, or Dive For
   Cover, which topples it at once (L93-L95).
2. The first range band whose bound is the distance or more gives its modifier (L107,
   bounds inclusive, X7); beyond the last the shot misses with no roll and the Action is
   spent (L107, §2.7).
3. Guns: G, the band, the weapon's printed Guns bonus (the Windbüchse's +1G, §7 item 63), the
   weapon's and shooter's rules (:data:`SHOOTER_RULES`), +1 for a Noble with another friendly
   model of Military Experience within 3" (L477; the game measures that), +1 from 3" or more
   above the target (L113); then Move Penalty [x], which takes the pool no lower than 1
   (L226, §7 item 41): a weapon's after a Move or Charge in the activation (a Quick Move in
   this Action among them, a Move Action too, L228), a model's own on every shot (the
   Infiltrator's on the turn it comes in, L535, G50), the two added up; then Quick's -1
   after a Move in the same Action, last of all (L228, §7 item 42).
4. Reflex: R, +1 from 3" or more above the shooter (L114), cover +1 for a body partly hidden
   and +2 for more than half (L109), +1 at least under a Mist Template (Cover [1], L723, §7
   item 86), as the target's rules change it (:data:`COVER_RULES`), +2 when Toppled (L111),
   and the target's rules (:data:`TARGET_RULES`).
5. Both roll (:func:`.opposed.roll_opposed`, purposes ``guns`` and ``reflex``); ties hit
   (L104, §7 item 23). Heroic Deeds (red cards) come before the damage: :meth:`Shot.exchange`
   opens the exchange and :meth:`Shot.with_deeds` applies its bonus (L217-L218, §7 item 40).
6. A hit deals the weapon's S plus the critical hits less the Armour, Armour against
   shooting included, with the weapon's traits and the shooter's rules that reach its shots,
   as Gruesome Damage from the Amulet of Burning Hatred (L119-L121, L750, §7 items 28, 56;
   :mod:`.hits`).

Shooting into a melee (L122-L124, §7 item 29): the declared target and every model in base
contact with it roll their own Reflex, each with its own modifiers, and +1 for a smaller
base when a larger one is anywhere in that melee, touching the target or not (L155); the
one with fewest successes is the target, the shooter's owner choosing among a tie, and its
roll meets the shooter's (:func:`aim_into_melee`, :func:`roll_into_melee`,
:meth:`IntoMelee.shot`). Friends of the shooter can be hit.

Rencontre (L513, §7 item 69, optional): a target with it rolls its bare G in place of its
Reflex pool; with more successes than the shooter it deals its own first ranged weapon's
damage to the shooter, its surplus as critical hits (:attr:`Shot.reflected`, G28); Military
Experience adds to those Guns as to a shooter's, a special rule of the model (§7 item 69).

Not here: re-rolls (Beginner's Luck, "Master" Gunner, §7 item 40) and What do I pay you for!
(L547, the game's ``butlers.py``), which need the game's knowledge of other models.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from skirmish.dice import Faces
from skirmish.errors import IllegalActionError
from skirmish.rulesets.wolsung.cards.deeds import DeedExchange, open_exchange
from skirmish.rulesets.wolsung.cards.payments import Contest, Payer
from skirmish.rulesets.wolsung.combat.combatant import Combatant, has_keyword, keyword_value
from skirmish.rulesets.wolsung.combat.hits import Damage, HitKind, damage_of, shot_rules
from skirmish.rulesets.wolsung.combat.modifiers import Modifier, Pool
from skirmish.rulesets.wolsung.combat.opposed import OpposedTest, roll_opposed, roll_pool, successes
from skirmish.rulesets.wolsung.house_rules import HouseRules
from skirmish.rulesets.wolsung.rules_data.records import Band, KeywordRef, RangedWeapon
from skirmish.rulesets.wolsung.table.measure import inches, no_farther

__all__ = [
    "COVER_RULES",
    "MILITARY_EXPERIENCE",
    "MILITARY_REACH",
    "SHOOTER_RULES",
    "TARGET_RULES",
    "IntoMelee",
    "Shooter",
    "Shot",
    "ShotReaction",
    "Target",
    "aim_into_melee",
    "can_rencontre",
    "cover_grade",
    "fewest_successes",
    "guns_pool",
    "reflex_pool",
    "roll_into_melee",
    "shoot",
    "shot_purposes",
]

ELEVATION = 3.0
"""Inches above the other model that give +1 Guns or +1 Reflex (L113-L114, G17)."""
HEAVY_COVER = 0.5
"""The hidden share of the body above which cover is +2R (L109, G18)."""
MIST_COVER = 1
SMOKE_REASONS = {
    1: "cover: in a Smoke Marker (§7 item 61)",
    2: "cover: seen through smoke with the Arcantric Monocle (L470)",
}
"""Why smoke gives a target its Cover, by the Cover it gives."""
"""The cover a Mist Template gives the models under it (L723, §7 item 86)."""
TOPPLED_REFLEX = 2
MOVE_PENALTY = "move_penalty"
MOVE_PENALTY_FLOOR = 1
QUICK_PENALTY = 1
UMBRELLA_RANGE = 12.0
"""How close a living attacker must be for the Umbrella's +1 Reflex, shot or spell (L448)."""
RENCONTRE = "rencontre"
NOBLE = "noble"
MILITARY_EXPERIENCE = "military_experience"
MILITARY_REACH = 3.0
"""How near a model with Military Experience a friendly Noble must stand for +1G (L477)."""


class ShotReaction(StrEnum):
    """The target's reaction to a shot (L93-L95)."""

    HOLD_NERVES = "Hold Nerves"
    DIVE_FOR_COVER = "Dive For Cover"


@dataclass(frozen=True, slots=True)
class Shooter:
    """The shooting model and its weapon, and what it did before this shot.

    ``moved``: a Move or Charge Action earlier in this activation, a Quick Move in this
    Action among them (Move Penalty, L226, L228);
    ``quick_move``: this Action began with a Move (Quick, L228); ``shot``: this shot's place
    in a Fast shot Action (L230); ``first_shot``: the first shot of the activation (Hidden,
    L451); ``in_melee``: in base contact with an enemy (L126); ``veteran_near``: another
    friendly model with Military Experience within 3" (L477).
    """

    model: Combatant
    weapon: RangedWeapon
    moved: bool = False
    quick_move: bool = False
    shot: int = 1
    first_shot: bool = True
    in_melee: bool = False
    veteran_near: bool = False


@dataclass(frozen=True, slots=True)
class Target:
    """A model shot at, as the game measured it from the shooter.

    ``distance``: edge to edge in 3D (L10); ``rise``: its base's height above the shooter's
    (negative when below, L113-L114); ``hidden``: the share of its body the shooter cannot
    see, 0 to 1 (L109); ``toppled``: Toppled before the shot (L111); ``rencontre``: it
    answers with Rencontre (L513); ``misted``: under a Mist Template (L723); ``smoke``: the
    Cover smoke gives it, 1 in a Smoke Marker, 2 seen through one with the Arcantric Monocle
    (L470, §7 item 61); ``veteran_near``: another of its friends with Military Experience
    within 3", for the Guns of its Rencontre (L477); ``declared``: the model the shot was
    declared at, not one that rolls its Reflex only as it touches that one in a melee (L123).
    """

    model: Combatant
    distance: float
    rise: float = 0.0
    hidden: float = 0.0
    toppled: bool = False
    reaction: ShotReaction = ShotReaction.HOLD_NERVES
    in_sight: bool = True
    rencontre: bool = False
    misted: bool = False
    smoke: int = 0
    veteran_near: bool = False
    declared: bool = True

    @property
    def is_toppled(self) -> bool:
        """Toppled for this shot: before it, or by Diving For Cover (L95)."""
        return self.toppled or self.reaction is ShotReaction.DIVE_FOR_COVER


def can_rencontre(model: Combatant) -> bool:
    """Whether ``model`` may answer a shot with Rencontre: it has the rule and a ranged weapon
    to deal the damage with (L513, §7 item 69)."""
    return model.has(RENCONTRE) and bool(model.ranged)


def shot_purposes(target: Target) -> tuple[str, str]:
    """What each side's dice are rolled as: Guns against Reflex, or against Guns for a
    Rencontre (L513)."""
    return ("guns", "guns" if target.rencontre else "reflex")


ShotRule = Callable[[Shooter, Target, int | None], Modifier | None]


def _hidden(shooter: Shooter, target: Target, value: int | None) -> Modifier | None:
    return (
        Modifier(1, "Hidden: first shot of the activation (L451)") if shooter.first_shot else None
    )


def _fast_shot(shooter: Shooter, target: Target, value: int | None) -> Modifier | None:
    later = shooter.shot - 1
    return Modifier(-later, f"Fast shot: shot {shooter.shot} (L230)") if later else None


def _umbrella(shooter: Shooter, target: Target, value: int | None) -> Modifier | None:
    # Only the model targeted: one rolling beside it in a melee is not (L123, L448).
    near = (
        target.declared and no_farther(target.distance, UMBRELLA_RANGE) and shooter.model.is_living
    )
    return Modifier(1, 'Umbrella: a living shooter within 12" (L448, §7 item 65)') if near else None


SHOOTER_RULES: Mapping[str, ShotRule] = {"hidden": _hidden, "fast_shot": _fast_shot}
"""The weapon's and shooter's keywords that add to the Guns pool, by catalogue keyword id."""

TARGET_RULES: Mapping[str, ShotRule] = {"umbrella": _umbrella}
"""The target's keywords that add to its Reflex pool against a shot."""

COVER_RULES: Mapping[str, tuple[Callable[[int], int], str]] = {
    "no_cover": (lambda cover: 0, "D'Armanini Dress Suit: never in cover (L435)"),
    "mistress_of_concealment": (lambda cover: 2 * cover, "Mistress of Concealment (L833)"),
    "concealment_art_adept": (
        lambda cover: max(cover, min(2, 2 * cover)),
        "Concealment Art Adept (L856)",
    ),
}
"""The target's keywords that change its cover bonus (X18, X19), applied in this order."""


def _military_experience(model: Combatant, veteran_near: bool) -> tuple[Modifier, ...]:
    """+1 Guns for a Noble with another friendly model of Military Experience within 3" (L477)."""
    if not (veteran_near and model.has(NOBLE)):
        return ()
    return (Modifier(1, 'Military Experience: a friend with it within 3" (L477)'),)


def cover_grade(hidden: float) -> int:
    """The cover bonus for a body ``hidden`` (0 to 1): none, +1R partly, +2R over half (L109)."""
    return 0 if hidden <= 0 else 1 if hidden <= HEAVY_COVER else 2


@dataclass(frozen=True, slots=True)
class Shot:
    """One shot resolved up to the damage: both pools, the band (``None``: beyond the last,
    an automatic miss with no roll) and the roll, Heroic Deeds included once applied."""

    shooter: Shooter
    target: Target
    guns: Pool
    reflex: Pool
    band: Band | None
    test: OpposedTest | None
    rules: HouseRules

    @property
    def hits(self) -> bool:
        """Whether the shot hits: in range, with as many successes as the target (L104)."""
        return self.test is not None and self.test.active_wins

    @property
    def reflected(self) -> bool:
        """Whether a Rencontre beat the shot and turns it on the shooter (L513)."""
        return self.target.rencontre and self.test is not None and not self.hits

    @property
    def damage(self) -> Damage | None:
        """The damage of the shot: to the target on a hit (L119-L121), to the shooter when
        :attr:`reflected`; ``None`` on a miss."""
        if self.test is None or not (self.hits or self.reflected):
            return None
        if self.hits:
            return _shot_damage(
                self.shooter.model,
                self.shooter.weapon,
                self.test.criticals,
                self.target.model,
                self.rules,
            )
        rencontre = self.target.model
        return _shot_damage(
            rencontre,
            rencontre.ranged[0],
            self.test.counter_criticals,
            self.shooter.model,
            self.rules,
        )

    def exchange(self, payers: tuple[Payer | None, Payer | None]) -> DeedExchange:
        """The Heroic Deed exchange on this roll, red cards (L217); ``payers`` are the
        shooter's and the target's Heroes (``None``: no Hero).

        Raises:
            IllegalActionError: the shot was out of range and rolled nothing.
        """
        test = self._rolled()
        return open_exchange(
            Contest.SHOOTING, (test.active_successes, test.defender_successes), payers
        )

    def with_deeds(self, bonus: tuple[int, int]) -> Shot:
        """This shot with the successes Heroic Deeds added to each side.

        Raises:
            IllegalActionError: the shot was out of range and rolled nothing.
        """
        return replace(self, test=self._rolled().with_deeds(*bonus))

    def _rolled(self) -> OpposedTest:
        if self.test is None:
            raise IllegalActionError(
                f"{self.shooter.model.name}'s shot at "
                f'{inches(self.target.distance, (b.max for b in self.shooter.weapon.bands))}" is '
                f"beyond {self.shooter.weapon.name}'s range: it missed with no roll (L107)"
            )
        return self.test


def _shot_damage(
    shooter: Combatant, weapon: RangedWeapon, criticals: int, target: Combatant, rules: HouseRules
) -> Damage:
    strength = (Modifier(weapon.strength or 0, f"{weapon.name} S (L119)"),)
    attack = (*weapon.traits, *shot_rules(shooter))
    return damage_of(strength, criticals, attack, target, kind=HitKind.SHOT, rules=rules)


def shoot(source: Faces, shooter: Shooter, target: Target, rules: HouseRules | None = None) -> Shot:
    """Resolve one shot at a target not in base contact with any model of the shooter's side.

    Raises:
        IllegalActionError: no line of sight, the shooter is in melee, the weapon's profile is
            not printed, a Quick Move without Quick, a Rencontre without the rule, or a shot
            past the Fast shot limit.
    """
    _check(shooter, target)
    band = shooter.weapon.band_at(target.distance)
    guns = guns_pool(shooter, target, band)
    reflex = reflex_pool(shooter, target)
    test = (
        None
        if band is None
        else roll_opposed(source, guns.dice, reflex.dice, shot_purposes(target))
    )
    return Shot(shooter, target, guns, reflex, band, test, rules or HouseRules())


def guns_pool(shooter: Shooter, target: Target, band: Band | None) -> Pool:
    """The shooter's dice against ``target`` (L97-L100, L226, L228)."""
    weapon = shooter.weapon
    pool = Pool.of(shooter.model.profile.G, "Guns (L97)")
    if band is not None and band.mod is not None:
        shown = inches(target.distance, (b.max for b in weapon.bands))
        pool = pool.plus(Modifier(band.mod, f'range {shown}" up to {band.max:g}" (L107)'))
    if weapon.guns:
        pool = pool.plus(Modifier(weapon.guns, f"{weapon.name} (L{weapon.line}, §7 item 63)"))
    pool = pool.plus(
        *_rules(SHOOTER_RULES, (*weapon.traits, *shooter.model.rules), shooter, target),
        *_military_experience(shooter.model, shooter.veteran_near),
    )
    if -target.rise >= ELEVATION:
        pool = pool.plus(Modifier(1, f'{-target.rise:g}" above the target (L113)'))
    weapon_penalty = keyword_value(weapon.traits, MOVE_PENALTY) if shooter.moved else None
    model_penalty = keyword_value(shooter.model.rules, MOVE_PENALTY)
    penalty = (weapon_penalty or 0) + (model_penalty or 0)
    if penalty:
        why = f"Move Penalty [{penalty}], not below 1 (L226, §7 item 41"
        why += ", the Infiltrator's on its arrival turn, L535, G50)" if model_penalty else ")"
        pool = pool.lowered(penalty, MOVE_PENALTY_FLOOR, why)
    if shooter.quick_move:
        pool = pool.plus(
            Modifier(-QUICK_PENALTY, "Quick: shot after a Move in this Action, last (L228)")
        )
    return pool


def reflex_pool(shooter: Shooter, target: Target, *, smaller_base: bool = False) -> Pool:
    """The target's dice against ``shooter`` (L101-L103, L109, L111, L114, L124), or its bare
    Guns for a Rencontre (L513, §7 item 69)."""
    if target.rencontre:
        pool = Pool.of(target.model.profile.G, "Guns in place of Reflex: Rencontre (L513)")
        return pool.plus(*_military_experience(target.model, target.veteran_near))
    pool = Pool.of(target.model.profile.R, "Reflex (L101)")
    if target.rise >= ELEVATION:
        pool = pool.plus(Modifier(1, f'{target.rise:g}" above the shooter (L114)'))
    pool = pool.plus(*_cover(target))
    if target.is_toppled:
        why = "Dived For Cover, Toppled (L95, L111)" if not target.toppled else "Toppled (L111)"
        pool = pool.plus(Modifier(TOPPLED_REFLEX, why))
    pool = pool.plus(*_rules(TARGET_RULES, target.model.rules, shooter, target))
    if smaller_base:
        pool = pool.plus(Modifier(1, "smaller base in a melee with a larger one (L124)"))
    return pool


def _rules(
    table: Mapping[str, ShotRule], refs: Sequence[KeywordRef], shooter: Shooter, target: Target
) -> tuple[Modifier, ...]:
    found = (rule(shooter, target, ref.value) for ref in refs if (rule := table.get(ref.id)))
    return tuple(term for term in found if term is not None)


def _cover(target: Target) -> tuple[Modifier, ...]:
    cover = cover_grade(target.hidden)
    reasons = [f"cover: {target.hidden:.0%} of the body hidden (L109)"]
    if target.misted and cover < MIST_COVER:
        cover, reasons = MIST_COVER, ["cover: under a Mist Template (L723)"]
    if target.smoke > cover:
        cover, reasons = target.smoke, [SMOKE_REASONS[target.smoke]]
    for keyword, (change, why) in COVER_RULES.items():
        if target.model.has(keyword):
            cover, reasons = change(cover), [*reasons, why]
    return (Modifier(cover, "; ".join(reasons)),) if cover else ()


def _check(shooter: Shooter, target: Target) -> None:
    weapon, shots = shooter.weapon, keyword_value(shooter.weapon.traits, "fast_shot") or 1
    problems = (
        (not target.in_sight, f"{target.model.name} is not in its line of sight (L82)"),
        (shooter.in_melee, "it is in melee and may only Move or Fight (L126)"),
        (not weapon.available, f"{weapon.name}'s profile is not printed ({weapon.note})"),
        (
            shooter.quick_move and not has_keyword(weapon.traits, "quick"),
            f"{weapon.name} is not Quick: no shot after a Move in the same Action (L228)",
        ),
        (
            target.rencontre and not can_rencontre(target.model),
            f"{target.model.name} has no Rencontre and ranged weapon to answer with (L513)",
        ),
        (
            not 1 <= shooter.shot <= shots,
            f"{weapon.name} fires {shots} shot(s) a Shoot Action, not shot {shooter.shot} (L230)",
        ),
    )
    problem = next((message for broken, message in problems if broken), None)
    if problem is not None:
        who, whom = shooter.model.name, target.model.name
        raise IllegalActionError(f"{who} cannot shoot {whom}: {problem}")


def fewest_successes(rolls: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """The indices of the rolls with the fewest successes: the models a shot into a melee
    may hit (L123)."""
    scores = [successes(faces) for faces in rolls]
    return tuple(i for i, score in enumerate(scores) if score == min(scores))


@dataclass(frozen=True, slots=True)
class IntoMelee:
    """A shot into a melee after the Reflex rolls: ``targets`` are the declared target first,
    then every model in base contact with it, each with its pool and faces (L123-L124)."""

    shooter: Shooter
    targets: tuple[Target, ...]
    guns: Pool
    band: Band | None
    active: tuple[int, ...]
    reflexes: tuple[Pool, ...]
    rolls: tuple[tuple[int, ...], ...]
    rules: HouseRules

    @property
    def fewest(self) -> tuple[int, ...]:
        """The indices of the models with the fewest successes, one of which is the target
        (L123); the declared target alone when the shot was out of range."""
        if self.band is None:
            return (0,)
        return fewest_successes(self.rolls)

    def shot(self, choice: int | None = None) -> Shot:
        """The shot at the model with fewest successes, or at ``choice`` among a tie, chosen
        by the shooter's owner (L123).

        Raises:
            IllegalActionError: ``choice`` is missing among a tie, or is not among the fewest.
        """
        fewest = self.fewest
        picked = fewest[0] if choice is None and len(fewest) == 1 else choice
        if picked not in fewest:
            names = ", ".join(f"{i} {self.targets[i].model.name}" for i in fewest)
            raise IllegalActionError(
                f"the shot into melee must go to one of the fewest successes ({names}), "
                f"not {choice} (L123)"
            )
        target, reflex = self.targets[picked], self.reflexes[picked]
        test = None if self.band is None else OpposedTest(self.active, self.rolls[picked])
        return Shot(self.shooter, target, self.guns, reflex, self.band, test, self.rules)


def aim_into_melee(
    shooter: Shooter,
    target: Target,
    engaged: Sequence[Target],
    rules: HouseRules | None = None,
    melee_bases: Sequence[int] = (),
) -> IntoMelee:
    """A shot at ``target`` while ``engaged`` (every model in base contact with it) are in its
    melee, before any die is rolled: the shooter's Guns pool, then each model's Reflex pool,
    the declared target first. ``melee_bases`` are the bases (mm) of the rest of the melee,
    models that touch no one rolling among them: a larger one gives the smaller bases that
    roll +1R (L124).

    Raises:
        IllegalActionError: as for :func:`shoot`, or no model is in base contact with it.
    """
    if not engaged:
        raise IllegalActionError(f"{target.model.name} is in no melee: shoot it directly (L123)")
    _check(shooter, target)
    band = shooter.weapon.band_at(target.distance)
    guns = guns_pool(shooter, target, band)
    targets = (target, *engaged)
    largest = max((*(t.model.base_mm for t in targets), *melee_bases))
    reflexes = tuple(
        reflex_pool(shooter, t, smaller_base=t.model.base_mm < largest) for t in targets
    )
    return IntoMelee(shooter, targets, guns, band, (), reflexes, (), rules or HouseRules())


def roll_into_melee(source: Faces, aimed: IntoMelee) -> IntoMelee:
    """The shot ``aimed`` into a melee rolled: the shooter's Guns, then each model's Reflex in
    turn (L123); no dice when the shot was out of range."""
    if aimed.band is None:
        return aimed
    active = roll_pool(source, aimed.guns.dice, "guns")
    rolls = tuple(
        roll_pool(source, pool.dice, shot_purposes(t)[1])
        for t, pool in zip(aimed.targets, aimed.reflexes, strict=True)
    )
    return replace(aimed, active=active, rolls=rolls)
