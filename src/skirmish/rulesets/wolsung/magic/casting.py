"""Casting a Wolsung spell: who may, what it costs, the roll, and what it does (L165-L203;
rules notes §1.8, §4.3, §7 items 35-38, 53, 65, 96; golden tests G38-G44, X17).

A cast goes in the book's order, one value per stage, so a game can stop for the Heroic
Deeds between the roll and the result:

1. :func:`declare`: the caster has a Magic Ability (L167), knows the spell and is not in a
   melee (L126); the target is one the spell may choose, in the caster's line of sight
   (L183, L185, L195, L197), not hidden in a crowd (L731) nor wearing the Jade Amulet (L785),
   a Golem for Command (L563); a Buff may be the caster itself and an Aura reaches it too
   (§7 item 37), all asked of :func:`target_problem`, which the heuristic player asks too;
   one friendly Shield at a time (L597). The model may have moved first as
   part of the Action, with no penalty (L75, L178). Then the cost is paid (L178, through
   :mod:`..cards.payments`: none, a card of the Hero's suit, a court card or Ace, §7 item 35), and
   only then is the range measured (L185-L187, L197-L199): out of range, the spell fails and
   the card stays spent (§7 item 36, [HOUSE]). An Aura reaches every friend in range and in
   sight (L203).
2. :func:`roll_casting`: a Projectile or Attack rolls the caster's Magic Ability against the
   target's Reflex (L188-L191), with special rules only: Power of Blood on the caster (L789,
   :func:`blood_modifier`), Magic Protection (L314, L719, §7 item 53, [HOUSE]) and the
   Umbrella (L448, §7 item 65) on the target; no cover, height or reaction. A Buff or Aura
   rolls the Magic Ability against its Difficulty (L200-L202). Bloodboil is an Attack on an
   enemy and a Buff on a friend (§7 item 96).
3. :meth:`Casting.deeds`: the Heroic Deed exchange (:mod:`..cards.deeds`), red cards for
   Projectiles and Attacks, black for Buffs and Auras (L217).
4. :meth:`Casting.result`: the caster hits with as many successes as the target or more
   (L192), a Buff or Aura works with as many as its Difficulty (L202), and the spell's
   outcomes follow (:mod:`.spells`).

The :class:`CastResult` lists the card, each pool with its modifiers (amount, reason, rule),
the faces, the Heroic Deeds' successes and each outcome with its rule.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from skirmish.cards import Card
from skirmish.dice import Faces
from skirmish.errors import IllegalActionError
from skirmish.rulesets.wolsung.cards.deeds import DeedExchange, open_exchange
from skirmish.rulesets.wolsung.cards.payments import (
    Contest,
    Payer,
    Use,
    UseKind,
    card_needed,
    check_payment,
    power_of_blood,
    requirement,
)
from skirmish.rulesets.wolsung.combat.opposed import (
    OpposedTest,
    pool_size,
    roll_opposed,
    roll_pool,
)
from skirmish.rulesets.wolsung.combat.shooting import UMBRELLA_RANGE
from skirmish.rulesets.wolsung.house_rules import HouseRules
from skirmish.rulesets.wolsung.magic.spells import Outcome, Subject, outcomes, reaches
from skirmish.rulesets.wolsung.rules_data.records import Hero, Spell, SpellType, WolsungCatalog
from skirmish.rulesets.wolsung.rules_data.spell_effects import ExtraActivation, Shield
from skirmish.rulesets.wolsung.table.measure import no_farther

__all__ = [
    "CastResult",
    "Caster",
    "Casting",
    "Declaration",
    "Modifier",
    "Pool",
    "blood_modifier",
    "contest_of",
    "declare",
    "roll_casting",
    "target_problem",
]

CASTING = "casting"
REFLEX = "reflex"


@dataclass(frozen=True, slots=True)
class Modifier:
    """A change to a pool: ``amount`` dice, for ``reason``, by ``rule``."""

    amount: int
    reason: str
    rule: str


@dataclass(frozen=True, slots=True)
class Pool:
    """One side's dice: ``model``'s characteristic ``stat`` (``base``) and its modifiers."""

    model: str
    stat: str
    base: int
    modifiers: tuple[Modifier, ...] = ()

    @property
    def dice(self) -> int:
        """The dice rolled: none when modifiers leave 0 or fewer (§7 item 22)."""
        return pool_size(self.base + sum(m.amount for m in self.modifiers))


@dataclass(frozen=True, slots=True)
class Caster:
    """A model that would cast: its Magic Ability (``None``: it has none), the spells it
    knows (ids), who pays its cards, whether it is in a melee, and the changes to its Magic
    Ability at work now (Power of Blood until the end of its activation)."""

    id: str
    magic_ability: int | None
    spells: frozenset[str]
    payer: Payer
    in_melee: bool = False
    modifiers: tuple[Modifier, ...] = ()

    @staticmethod
    def of(
        catalog: WolsungCatalog,
        hero: Hero,
        *,
        in_melee: bool = False,
        modifiers: tuple[Modifier, ...] = (),
    ) -> Caster:
        """A named Hero as printed: its Magic Ability (its own or its gear's), its spells."""
        return Caster(
            id=hero.id,
            magic_ability=catalog.magic_ability_of(hero),
            spells=frozenset(hero.spells),
            payer=Payer.of(catalog, hero),
            in_melee=in_melee,
            modifiers=modifiers,
        )


def blood_modifier(payer: Payer, cards: Iterable[Card], rules: HouseRules) -> Modifier:
    """Power of Blood: the Spades discarded at the start of the activation, +1 Magic Ability
    each until it ends (L789, golden example X17).

    Raises:
        IllegalActionError: more than three cards, or one that is no Spade, or no such rule.
    """
    return Modifier(power_of_blood(payer, cards, rules), "Power of Blood", "L789")


def contest_of(spell: Spell, target: Subject | None) -> Contest:
    """The test a spell rolls, which sets its Heroic Deed colour (L217): Bloodboil is an
    Attack on an enemy and a Buff on a friend (§7 item 96)."""
    kind = spell.type
    if kind is SpellType.ATTACK_OR_BUFF:
        kind = SpellType.BUFF if target is None or target.friendly else SpellType.ATTACK
    return _CONTESTS[kind]


_CONTESTS = {
    SpellType.PROJECTILE: Contest.PROJECTILE,
    SpellType.ATTACK: Contest.ATTACK,
    SpellType.BUFF: Contest.BUFF,
    SpellType.AURA: Contest.AURA,
}
_OPPOSED = frozenset({Contest.PROJECTILE, Contest.ATTACK})
_SIGHT_RULE = {True: "L185", False: "L197"}
"""The line that asks for sight: a Projectile's or Attack's (opposed), a Buff's or Aura's."""
_RANGE_RULE = {True: "L187", False: "L199"}
"""The line that measures the range, likewise."""


@dataclass(frozen=True, slots=True)
class Declaration:
    """A cast declared and paid for: the models it reaches (none when out of range), the
    card spent, and whether the model moved first."""

    spell: Spell
    caster: Caster
    contest: Contest
    target: Subject | None
    reached: tuple[Subject, ...]
    card: Card | None
    moved: bool
    rules: HouseRules

    @property
    def in_range(self) -> bool:
        """Whether any model was in range once measured (L187, L199)."""
        return bool(self.reached)

    @property
    def opposed(self) -> bool:
        """Whether the target rolls Reflex against the caster (L188-L191)."""
        return self.contest in _OPPOSED

    @property
    def range_rule(self) -> str:
        """The line that measures this spell's range: a Projectile's or Attack's (L187), a
        Buff's or Aura's (L199)."""
        return _RANGE_RULE[self.opposed]

    def fizzle(self) -> CastResult:
        """The result of a cast out of range: no roll, no effect, the card spent by default
        (§7 item 36)."""
        spent = self.card is not None and self.rules.out_of_range_loses_card
        return CastResult(self, spent, (), None, False, 0, ())


def declare(
    spell: Spell,
    caster: Caster,
    rules: HouseRules,
    *,
    target: Subject | None = None,
    friends: tuple[Subject, ...] = (),
    card: Card | None = None,
    moved: bool = False,
    shield_in_effect: bool = False,
) -> Declaration:
    """Declare ``caster`` casting ``spell`` at ``target`` (an Aura: at the ``friends`` the
    game measured), paying with ``card``; ``moved`` if it moved first in this Action.

    Raises:
        IllegalActionError: the caster may not cast this spell, the target may not be
            chosen, or the card does not pay the cost (the reason and its rule, in one line).
    """
    _check_caster(spell, caster)
    contest = contest_of(spell, target)
    if spell.type is SpellType.AURA:
        _check_aura(spell, target, shield_in_effect)
        candidates = _aura_candidates(caster, friends, rules)
    else:
        candidates = (_check_target(spell, caster, target, rules),)
    _pay(spell, caster, card, rules)
    reached = tuple(s for s in candidates if no_farther(s.distance, spell.range))
    return Declaration(spell, caster, contest, target, reached, card, moved, rules)


def _check_caster(spell: Spell, caster: Caster) -> None:
    if caster.magic_ability is None or caster.magic_ability <= 0:
        raise IllegalActionError(f"{caster.id} has no Magic Ability and cannot cast (L167)")
    if spell.id not in caster.spells:
        raise IllegalActionError(f"{caster.id} does not know {spell.name} (L168)")
    if caster.in_melee:
        raise IllegalActionError(f"{caster.id} is in a melee: only Move or Fight (L126)")


def _check_target(
    spell: Spell, caster: Caster, target: Subject | None, rules: HouseRules
) -> Subject:
    if target is None:
        raise IllegalActionError(f"{spell.name} needs a target (L185, L197)")
    problem = target_problem(spell, caster.id, target, rules)
    if problem is not None:
        raise IllegalActionError(problem)
    return target


def target_problem(spell: Spell, caster: str, target: Subject, rules: HouseRules) -> str | None:
    """Why ``caster`` may not choose ``target`` for ``spell``, its range aside (measured only
    once paid for, L185-L187, L197-L199), or ``None`` if it may: the side the spell takes
    (L183, L195, §7 items 37, 96), the caster's line of sight (L185, L197), no Crowd Token
    (L731) nor Jade Amulet (L785), and the kind of model a Buff reaches (L563)."""
    return (
        _side_problem(spell, caster, target, rules)
        or _reach_problem(spell, contest_of(spell, target) in _OPPOSED, target)
        or _kind_problem(spell, target)
    )


def _kind_problem(spell: Spell, target: Subject) -> str | None:
    # A Buff chooses a model its effect can reach ("choose a Golem", L563); an Attack that
    # reaches only Henchmen may still hit a Hero, to no effect (L459).
    if spell.type is not SpellType.BUFF:
        return None
    limits = (e.only for e in spell.effects if isinstance(e, ExtraActivation))
    wrong = next((kind for kind in limits if not reaches(kind, target)), None)
    return None if wrong is None else f"{spell.name} targets a {wrong} (L563)"


def _side_problem(spell: Spell, caster: str, target: Subject, rules: HouseRules) -> str | None:
    kind = spell.type
    if kind is SpellType.ATTACK_OR_BUFF and not target.friendly:
        if not rules.bloodboil_on_enemies:
            return f"{spell.name} targets a friend as a Buff (§7 item 96)"
        return None
    if kind in (SpellType.PROJECTILE, SpellType.ATTACK) and target.friendly:
        return f"{spell.name} targets an enemy (L183)"
    if kind in (SpellType.BUFF, SpellType.ATTACK_OR_BUFF) and not target.friendly:
        return f"{spell.name} targets a friend (L195)"
    if target.id == caster and not rules.buff_on_caster:
        return f"{spell.name} may not target its caster (§7 item 37)"
    return None


def _reach_problem(spell: Spell, opposed: bool, target: Subject) -> str | None:
    if not target.in_sight:
        return f"{target.id} is not in the caster's line of sight ({_SIGHT_RULE[opposed]})"
    problem = _untargetable(target)
    return None if problem is None else f"{spell.name} cannot target {target.id}: {problem}"


def _untargetable(subject: Subject) -> str | None:
    if subject.crowd_token:
        return "it is Concealed in the Crowd (L731)"
    if subject.has("jade_amulet"):
        return "it wears the Jade Amulet (L785)"
    return None


def _check_aura(spell: Spell, target: Subject | None, shield_in_effect: bool) -> None:
    if target is not None:
        raise IllegalActionError(f"{spell.name} is an Aura: it chooses no target (L203)")
    if shield_in_effect and any(isinstance(e, Shield) for e in spell.effects):
        raise IllegalActionError("a friendly Shield is in effect already: one at a time (L597)")


def _aura_candidates(
    caster: Caster, friends: tuple[Subject, ...], rules: HouseRules
) -> tuple[Subject, ...]:
    """The caster (§7 item 37) and every friend in its sight that a spell may target (L203)."""
    itself = (Subject(caster.id, friendly=True, distance=0.0),) if rules.aura_covers_caster else ()
    others = (
        f
        for f in friends
        if f.friendly and f.in_sight and f.id != caster.id and _untargetable(f) is None
    )
    return (*itself, *others)


def _pay(spell: Spell, caster: Caster, card: Card | None, rules: HouseRules) -> None:
    use = Use(UseKind.SPELL, cost=spell.cost)
    if card is not None:
        check_payment(use, caster.payer, card, rules)
    elif card_needed(use, caster.payer):
        needed = requirement(use, caster.payer)
        raise IllegalActionError(
            f"{spell.name} costs {needed.need} before the range is measured ({needed.source}, L178)"
        )


@dataclass(frozen=True, slots=True)
class Casting:
    """A cast rolled, before the Heroic Deeds: the pools (the caster's first) and the faces.
    A Buff or Aura has no defender: its caster's successes meet the Difficulty."""

    declaration: Declaration
    pools: tuple[Pool, ...]
    test: OpposedTest

    @property
    def difficulty(self) -> int | None:
        """The successes a Buff or Aura needs (L195); ``None`` for an opposed cast."""
        return None if self.declaration.opposed else self.declaration.spell.difficulty

    def deeds(self, target_payer: Payer | None = None) -> DeedExchange:
        """The Heroic Deed exchange after this roll (L217-L218): the caster plays if it is a
        Hero, and so does a Hero target (``target_payer``) of a Projectile or Attack."""
        decl = self.declaration
        caster = decl.caster.payer if decl.caster.payer.hero else None
        defender = target_payer if decl.opposed else None
        against = self.test.defender_successes if decl.opposed else self.difficulty or 0
        return open_exchange(
            decl.contest, (self.test.active_successes, against), (caster, defender)
        )

    def result(self, bonus: tuple[int, int] = (0, 0)) -> CastResult:
        """Whether the spell hit or worked once the Heroic Deeds added ``bonus`` (the caster's
        successes, the target's), and what it does (L192-L193, L202-L203).

        Raises:
            IllegalActionError: successes added to a defender a Buff or Aura does not have.
        """
        if bonus[1] and not self.declaration.opposed:
            raise IllegalActionError("a Buff or Aura has no defender to add successes to (L200)")
        test = self.test.with_deeds(*bonus)
        decl = self.declaration
        if decl.opposed:
            works, criticals = test.active_wins, test.criticals
        else:
            works, criticals = test.active_successes >= (self.difficulty or 0), 0
        found = _outcomes(decl, criticals) if works else ()
        return CastResult(decl, decl.card is not None, self.pools, test, works, criticals, found)


def _outcomes(decl: Declaration, criticals: int) -> tuple[Outcome, ...]:
    return outcomes(decl.spell, decl.caster.id, decl.reached, criticals, decl.rules)


def roll_casting(declaration: Declaration, dice: Faces) -> Casting:
    """Roll the cast: Magic Ability against Reflex, or against the Difficulty (L188-L191,
    L200-L201), each pool with the special rules at work and nothing else.

    Raises:
        IllegalActionError: the spell was out of range, so nothing is rolled (L187, L199).
    """
    if not declaration.in_range:
        rule = declaration.range_rule
        raise IllegalActionError(f"{declaration.spell.name} is out of range: no roll ({rule})")
    caster = declaration.caster
    mine = Pool(caster.id, "MA", caster.magic_ability or 0, caster.modifiers)
    if not declaration.opposed:
        return Casting(declaration, (mine,), OpposedTest(roll_pool(dice, mine.dice, CASTING), ()))
    target = declaration.reached[0]
    theirs = Pool(target.id, "R", target.reflex, _reflex_modifiers(target, declaration.rules))
    test = roll_opposed(dice, mine.dice, theirs.dice, (CASTING, REFLEX))
    return Casting(declaration, (mine, theirs), test)


def _reflex_modifiers(target: Subject, rules: HouseRules) -> tuple[Modifier, ...]:
    """The target's special rules against a Projectile or Attack (L189-L191)."""
    found: list[Modifier] = []
    protection = max(target.value_of("magic_protection"), int(target.has("sunnir_techniques")))
    if protection and rules.magic_protection_dice:
        found.append(Modifier(protection, "Magic Protection", "L314, L719, §7 item 53"))
    if target.has("umbrella") and no_farther(target.distance, UMBRELLA_RANGE):
        found.append(Modifier(1, "Umbrella", "L448, §7 item 65"))
    return tuple(found)


@dataclass(frozen=True, slots=True)
class CastResult:
    """A finished cast: the declaration, whether its card is spent, each pool, the faces and
    Heroic Deed successes (``None``: out of range, nothing rolled), whether it hit or worked,
    the critical hits, and the outcomes with their rules."""

    declaration: Declaration
    card_spent: bool
    pools: tuple[Pool, ...]
    test: OpposedTest | None
    works: bool
    criticals: int
    outcomes: tuple[Outcome, ...]

    @property
    def rule(self) -> str:
        """The rule that decided: out of range, a hit, or a Difficulty met or missed."""
        if self.test is None:
            return f"{self.declaration.range_rule}, §7 item 36"
        return "L192" if self.declaration.opposed else "L202"
