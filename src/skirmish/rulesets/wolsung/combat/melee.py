"""One melee attack of a Fight or Charge, Trample, and the test to leave a melee (L125-L164;
rules notes §1.7, §1.10, §5; golden tests G29-G37, G56).

The game says who is in base contact with whom, how high each base stands, where a Charge
began and which friends share the melee; this module turns that into pools and outcomes:

1. The target is in base contact (L129); a model already in melee may not Charge (L127); a
   Charge is a Move that ends in contact plus one attack (L127), or Fast strike [x] attacks
   in one Fight or Charge, each later one at a further -1F (L232).
2. The defender reacts (:func:`reactions`): Fence, or Parry for +2F and no counter-damage
   (L131-L133). A Toppled model may only Fence (L111), an attacker with a rule of
   :data:`NO_FENCE` forbids Fence (Hypnotic Aura L224, Find the Prey! L500), and with both
   the defender has no reaction at all (§7 item 24).
3. Each side rolls F (L134): plus its melee weapon's Fight where the weapon's conditions hold
   (:data:`WEAPON_CONDITIONS`: the Duellist's Sabre wants exactly one enemy in contact, L748),
   its rules (:data:`ATTACK_RULES`, :data:`DEFENCE_RULES`), +1 from 1" or more higher (L153),
   +1 for a Charge begun 3" or more above the target (L154), the two adding up (§7 item 31).
   The attacker adds the Fight of each friend in the same melee, in contact with the target,
   on a base no smaller than the target's (L155-L158, G31; §7 item 32); the defender's
   friends do the same only under :attr:`.HouseRules.defender_support`. A Swift defender may
   roll R in place of F, without the weapon's Fight (L377, G36). A Toppled model's pool is 1
   whatever else applies (L111, §7 item 25), and so is its Fight as a supporter or holder.
4. Both roll (purposes ``fight``, or ``reflex`` for Swift); ties hit (L139, §7 item 23).
   Heroic Deeds (black cards) come before the damage (:meth:`Strike.exchange`,
   :meth:`Strike.with_deeds`; L217).
5. A hit deals the attacker's S plus its weapon's Strength (L141-L147) and the critical
   hits, less Armour; a Fencing defender that wins deals its own S and weapon with its
   surplus successes as critical hits ([HOUSE] §7 item 30); Parry deals nothing (L139).
   Bash topples the model hit (L664, :mod:`.hits`).

Trample (L686) attacks every enemy within 1" (:data:`TRAMPLE_REACH`) with one Action and
needs one in contact (§7 item 85): the game offers it and finds its enemies
(:mod:`..game.activation`), each fought as any melee attack. Leaving a melee (L163-L164):
the leaver rolls R against the F of the single enemy in that fight with the highest Fight,
current values (§7 item 34); with as many successes or more it moves on, else the Action is
lost (:func:`leave_melee`).

Not here: re-rolls between the roll and the Heroic Deeds (§7 item 40), Dark Energy's Wound
thresholds (L788) and splitting melees (L159-L162), which are the game's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from skirmish.dice import Faces
from skirmish.errors import IllegalActionError
from skirmish.rulesets.wolsung.cards.deeds import DeedExchange, open_exchange
from skirmish.rulesets.wolsung.cards.payments import Contest, Payer
from skirmish.rulesets.wolsung.combat.combatant import Combatant, keyword_value
from skirmish.rulesets.wolsung.combat.hits import Damage, HitKind, damage_of
from skirmish.rulesets.wolsung.combat.modifiers import Modifier, Pool
from skirmish.rulesets.wolsung.combat.opposed import OpposedTest, roll_opposed
from skirmish.rulesets.wolsung.house_rules import HouseRules
from skirmish.rulesets.wolsung.rules_data.records import KeywordRef

__all__ = [
    "ATTACK_RULES",
    "DEFENCE_RULES",
    "NO_FENCE",
    "WEAPON_CONDITIONS",
    "Charge",
    "Fight",
    "Fighter",
    "Leaving",
    "Reaction",
    "Strike",
    "attack_pool",
    "defence_pool",
    "fight_purposes",
    "fight_value",
    "leave_melee",
    "reactions",
    "strike",
    "swift_choices",
]

HIGHER = 1.0
"""Inches above the opponent that give +1F (L153)."""
CHARGE_FROM_ABOVE = 3.0
"""Inches above the target a Charge must begin to give +1F (L154)."""
PARRY_BONUS = 2
TOPPLED_FIGHT = 1
TRAMPLE_REACH = 1.0
SWIFT = "swift"


class Reaction(StrEnum):
    """The defender's reaction to a melee attack (L131-L133), or none (§7 item 24)."""

    FENCE = "Fence"
    PARRY = "Parry"
    NONE = "no reaction"


@dataclass(frozen=True, slots=True)
class Fighter:
    """A model in a melee: its profile, Toppled or not, the height of its base, and how many
    enemies are in base contact with it."""

    model: Combatant
    toppled: bool = False
    height: float = 0.0
    enemies_in_contact: int = 1


@dataclass(frozen=True, slots=True)
class Charge:
    """A Charge: the height of the charger's base where it began, and whether it was already
    in melee then (L127, L154)."""

    start_height: float = 0.0
    from_melee: bool = False


@dataclass(frozen=True, slots=True)
class Fight:
    """One melee attack as declared: ``support`` are the attacker's friends in the same melee
    in contact with the defender, ``defender_support`` the defender's in contact with the
    attacker; ``strike`` is its place among Fast strike attacks; ``with_reflex`` a Swift
    defence."""

    attacker: Fighter
    defender: Fighter
    reaction: Reaction = Reaction.FENCE
    support: tuple[Fighter, ...] = ()
    defender_support: tuple[Fighter, ...] = ()
    charge: Charge | None = None
    strike: int = 1
    with_reflex: bool = False
    in_contact: bool = True


NO_FENCE: Mapping[str, int] = {"hypnotic_aura": 224, "find_the_prey": 500}
"""Attacker keywords that forbid the defender to Fence, with their line."""

WEAPON_CONDITIONS: Mapping[str, Callable[[Fighter], bool]] = {
    "single_opponent": lambda fighter: fighter.enemies_in_contact == 1,
}
"""Weapon traits that say when the weapon's Fight counts (L748)."""

FightRule = Callable[[Fight, int | None], Modifier | None]


def _fast_strike(fight: Fight, value: int | None) -> Modifier | None:
    later = fight.strike - 1
    return Modifier(-later, f"Fast strike: attack {fight.strike} (L232)") if later else None


def _umbrella(fight: Fight, value: int | None) -> Modifier | None:
    living = fight.attacker.model.is_living
    return Modifier(1, "Umbrella: a living attacker (L448, §7 item 65)") if living else None


ATTACK_RULES: Mapping[str, FightRule] = {"fast_strike": _fast_strike}
"""The attacker's keywords that change its Fight pool, by catalogue keyword id."""

DEFENCE_RULES: Mapping[str, FightRule] = {"umbrella": _umbrella}
"""The defender's keywords that change its pool."""


def reactions(attacker: Fighter, defender: Fighter) -> tuple[Reaction, ...]:
    """The reactions open to ``defender`` (L131-L133, L111, L224, L500, §7 item 24)."""
    fence = not any(attacker.model.has(keyword) for keyword in NO_FENCE)
    allowed = (Reaction.FENCE,) * fence + (Reaction.PARRY,) * (not defender.toppled)
    return allowed or (Reaction.NONE,)


def swift_choices(defender: Fighter) -> tuple[bool, ...]:
    """Whether ``defender`` may roll its Fight (``False``) or its Reflex (``True``) in defence:
    a Swift model may take either (L377); a Toppled one rolls 1 die whatever it takes (L111),
    so it is offered its Fight alone."""
    return (False, True) if defender.model.has(SWIFT) and not defender.toppled else (False,)


def fight_purposes(fight: Fight) -> tuple[str, str]:
    """What each side's dice are rolled as: Fight, or the defender's Reflex when Swift (L377)."""
    return ("fight", "reflex" if fight.with_reflex else "fight")


def fight_value(fighter: Fighter) -> int:
    """The model's current Fight: F and its weapon, or 1 when Toppled (L111, §7 items 32, 34)."""
    return _toppled(_fight(fighter), fighter).dice


@dataclass(frozen=True, slots=True)
class Strike:
    """One melee attack rolled: both pools and the roll, Heroic Deeds included once applied."""

    fight: Fight
    attack: Pool
    defence: Pool
    test: OpposedTest
    rules: HouseRules

    @property
    def hits(self) -> bool:
        """Whether the attacker hits: as many successes as the defender or more (L139)."""
        return self.test.active_wins

    @property
    def countered(self) -> bool:
        """Whether a Fencing defender turns the blow on the attacker (L139)."""
        return not self.hits and self.fight.reaction is Reaction.FENCE

    @property
    def damage(self) -> Damage | None:
        """The damage of the blow: to the defender on a hit, to the attacker on a Fence
        counter (§7 item 30); ``None`` when a Parry or no reaction stops it."""
        attacker, defender = self.fight.attacker.model, self.fight.defender.model
        if self.hits:
            return _blow(attacker, defender, self.test.criticals, self.rules)
        if self.countered:
            return _blow(defender, attacker, self.test.counter_criticals, self.rules)
        return None

    def exchange(self, payers: tuple[Payer | None, Payer | None]) -> DeedExchange:
        """The Heroic Deed exchange on this roll, black cards (L217); ``payers`` are the
        attacker's and the defender's Heroes (``None``: no Hero)."""
        test = self.test
        return open_exchange(
            Contest.MELEE, (test.active_successes, test.defender_successes), payers
        )

    def with_deeds(self, bonus: tuple[int, int]) -> Strike:
        """This attack with the successes Heroic Deeds added to each side."""
        return replace(self, test=self.test.with_deeds(*bonus))


def strike(source: Faces, fight: Fight, rules: HouseRules | None = None) -> Strike:
    """Roll one melee attack of a Fight or Charge.

    Raises:
        IllegalActionError: the defender is not in base contact, a Charge from a melee, a
            reaction the defender may not choose, a Swift defence without Swift, or an attack
            past the Fast strike limit.
    """
    _check(fight)
    return _roll(source, fight, rules or HouseRules())


def _roll(source: Faces, fight: Fight, rules: HouseRules) -> Strike:
    attack, defence = attack_pool(fight), defence_pool(fight, rules)
    test = roll_opposed(source, attack.dice, defence.dice, fight_purposes(fight))
    return Strike(fight, attack, defence, test, rules)


def attack_pool(fight: Fight) -> Pool:
    """The attacker's dice (L134-L137, L153-L158, L232)."""
    attacker, defender = fight.attacker, fight.defender
    pool = _fight(attacker).plus(*_rules(ATTACK_RULES, attacker.model.rules, fight))
    pool = pool.plus(*_support(fight.support, defender))
    pool = pool.plus(*_elevation(attacker, defender))
    if fight.charge and fight.charge.start_height - defender.height >= CHARGE_FROM_ABOVE:
        rise = fight.charge.start_height - defender.height
        pool = pool.plus(Modifier(1, f'Charge begun {rise:g}" above the target (L154)'))
    return _toppled(pool, attacker)


def defence_pool(fight: Fight, rules: HouseRules) -> Pool:
    """The defender's dice (L133-L137, L153, L377; §7 item 32 under ``defender_support``)."""
    attacker, defender = fight.attacker, fight.defender
    swift = Pool.of(defender.model.profile.R, "Reflex in place of Fight: Swift (L377)")
    pool = swift if fight.with_reflex else _fight(defender)
    pool = pool.plus(*_rules(DEFENCE_RULES, defender.model.rules, fight))
    if fight.reaction is Reaction.PARRY:
        pool = pool.plus(Modifier(PARRY_BONUS, "Parry (L133)"))
    if rules.defender_support:
        pool = pool.plus(*_support(fight.defender_support, attacker))
    return _toppled(pool.plus(*_elevation(defender, attacker)), defender)


def _fight(fighter: Fighter) -> Pool:
    model = fighter.model
    pool = Pool.of(model.profile.F, "Fight (L134)")
    weapon = model.melee
    if weapon is None or not model.weapon_fight:
        return pool
    conditions = (WEAPON_CONDITIONS[t.id] for t in weapon.traits if t.id in WEAPON_CONDITIONS)
    if all(holds(fighter) for holds in conditions):
        pool = pool.plus(Modifier(model.weapon_fight, f"{weapon.name} (L{weapon.line})"))
    return pool


def _toppled(pool: Pool, fighter: Fighter) -> Pool:
    if not fighter.toppled:
        return pool
    return pool.fixed(TOPPLED_FIGHT, "Toppled: the pool is 1 (L111, §7 item 25)")


def _support(friends: Sequence[Fighter], target: Fighter) -> tuple[Modifier, ...]:
    big_enough = (f for f in friends if f.model.base_mm >= target.model.base_mm)
    return tuple(Modifier(fight_value(f), f"support of {f.model.name} (L157)") for f in big_enough)


def _elevation(fighter: Fighter, opponent: Fighter) -> tuple[Modifier, ...]:
    rise = fighter.height - opponent.height
    return (Modifier(1, f'{rise:g}" higher than its opponent (L153)'),) if rise >= HIGHER else ()


def _rules(
    table: Mapping[str, FightRule], refs: Sequence[KeywordRef], fight: Fight
) -> tuple[Modifier, ...]:
    found = (rule(fight, ref.value) for ref in refs if (rule := table.get(ref.id)))
    return tuple(term for term in found if term is not None)


def _blow(hitter: Combatant, hit: Combatant, criticals: int, rules: HouseRules) -> Damage:
    strength = [Modifier(hitter.profile.S, f"{hitter.name} S (L145)")]
    if hitter.weapon_strength and hitter.melee is not None:
        strength.append(Modifier(hitter.weapon_strength, f"{hitter.melee.name} (L147)"))
    traits = hitter.melee.traits if hitter.melee is not None else ()
    attack = (*traits, *hitter.melee_traits, *hitter.rules)
    return damage_of(tuple(strength), criticals, attack, hit, kind=HitKind.BLOW, rules=rules)


def _check(fight: Fight) -> None:
    attacker, defender = fight.attacker.model, fight.defender.model
    strikes = keyword_value(attacker.rules, "fast_strike") or 1
    problems = (
        (not fight.in_contact, f"{defender.name} is not in base contact (L129)"),
        (
            fight.charge is not None and fight.charge.from_melee,
            "a model in melee may not Charge (L127)",
        ),
        (
            not 1 <= fight.strike <= strikes,
            f"it makes {strikes} attack(s) an Action, not attack {fight.strike} (L232)",
        ),
        (
            fight.with_reflex and not defender.has(SWIFT),
            f"{defender.name} has no Swift to defend with Reflex (L377)",
        ),
        (fight.reaction not in reactions(fight.attacker, fight.defender), _reaction_problem(fight)),
    )
    problem = next((message for broken, message in problems if broken), None)
    if problem is not None:
        raise IllegalActionError(f"{attacker.name} cannot attack {defender.name}: {problem}")


def _reaction_problem(fight: Fight) -> str:
    barring = [f"{k} (L{line})" for k, line in NO_FENCE.items() if fight.attacker.model.has(k)]
    if fight.reaction is Reaction.PARRY:
        return "a Toppled defender may only Fence, not Parry (L111)"
    if fight.reaction is Reaction.FENCE:
        return f"the attacker's {', '.join(barring)} forbids Fence"
    return (
        f"the defender must choose {' or '.join(reactions(fight.attacker, fight.defender))} (L131)"
    )


@dataclass(frozen=True, slots=True)
class Leaving:
    """The test to leave a melee: the leaver's R against the holder's F (L164)."""

    leaver: Fighter
    holder: Fighter
    escape: Pool
    hold: Pool
    test: OpposedTest

    @property
    def leaves(self) -> bool:
        """Whether the leaver moves off: as many successes as the holder or more (L164)."""
        return self.test.active_wins

    def exchange(self, payers: tuple[Payer | None, Payer | None]) -> DeedExchange:
        """The Heroic Deed exchange on this roll, black cards (L164, §7 item 34)."""
        test = self.test
        successes = (test.active_successes, test.defender_successes)
        return open_exchange(Contest.LEAVING_MELEE, successes, payers)

    def with_deeds(self, bonus: tuple[int, int]) -> Leaving:
        """This test with the successes Heroic Deeds added to each side."""
        return replace(self, test=self.test.with_deeds(*bonus))


def leave_melee(source: Faces, leaver: Fighter, enemies: Sequence[Fighter]) -> Leaving:
    """Roll to leave a melee against ``enemies``, the models of that fight; the one with the
    highest current Fight holds (the first of them on a tie, whose pools are alike).

    Raises:
        IllegalActionError: no enemy is in the fight.
    """
    if not enemies:
        raise IllegalActionError(f"{leaver.model.name} is in no melee to leave (L164)")
    holder = max(enemies, key=fight_value)
    escape = Pool.of(leaver.model.profile.R, "Reflex to leave the melee (L164)")
    hold = _toppled(_fight(holder), holder)
    test = roll_opposed(source, escape.dice, hold.dice, ("reflex", "fight"))
    return Leaving(leaver, holder, escape, hold, test)
