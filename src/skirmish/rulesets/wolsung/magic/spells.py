"""What a Wolsung spell does to the models it reaches once it hits or works (L193, L202; rules
notes §2.9), as values a game can hold and a log can cite.

A Projectile deals its Strength plus the critical hits less the target's Armour (L193, through
:func:`..combat.opposed.damage`); then, as for any spell, each of its typed effects
(:mod:`..rules_data.spell_effects`) becomes outcomes in :func:`outcomes`, the one place each effect
is handled. The outcomes: :class:`Damage` (a hit's Wounds, which a Shield soaks), :class:`WoundLoss`
(Bloodboil's price, L797), :class:`Heal` (Leech, with no upper limit, L794, §7 item 91),
:class:`Toppled` (L777), :class:`Lasting` (a changed characteristic, a gained rule or an extra
activation, held until its :class:`..rules_data.spell_effects.Until`), :class:`ShieldField` (L597)
and :class:`NoEffect` (Mind Control on a Hero, L459). A Shield is one pool shared by the models the
Aura reached, until the end of the turn; it takes each hit's final Wounds, after the target's
Armour, less its own Armour, and ends at 0 or less, the target taking what is left over (§7 item 79,
:attr:`..house_rules.HouseRules.shared_shield`).

The models are :class:`Subject` values: what the game knows and measures of each (side,
distance, line of sight, Reflex, Armour, special rules); this module measures nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from typing import TypeAlias, assert_never

from skirmish.rulesets.wolsung.combat.opposed import damage
from skirmish.rulesets.wolsung.house_rules import HouseRules
from skirmish.rulesets.wolsung.rules_data.records import (
    Henchman,
    Hero,
    KeywordRef,
    Spell,
    SpellType,
    WolsungCatalog,
)
from skirmish.rulesets.wolsung.rules_data.spell_effects import (
    ExtraActivation,
    GainRule,
    Leech,
    LoseWounds,
    ModelKind,
    Modify,
    Shield,
    SpellEffect,
    Topple,
    Until,
)

__all__ = [
    "Damage",
    "Heal",
    "Lasting",
    "NoEffect",
    "Outcome",
    "ShieldField",
    "ShieldHit",
    "Subject",
    "Toppled",
    "WoundLoss",
    "outcomes",
    "reaches",
]

PROJECTILE_DAMAGE = "L193"
SHIELD_RULE = "L597, §7 item 79"


@dataclass(frozen=True, slots=True)
class Subject:
    """A model a spell may reach, as the game sees it now: ``friendly`` to the caster or not,
    ``distance`` in inches from the caster (base edge to base edge, L10), ``in_sight`` of the
    caster, its Reflex and Armour (Armour against shooting only does not count, §7 item 28), a
    ``henchman`` or a Hero, its special rules (its own, its gear's, its race's), and whether it
    holds a Crowd Token (L731)."""

    id: str
    friendly: bool
    distance: float
    in_sight: bool = True
    reflex: int = 0
    armour: int = 0
    henchman: bool = False
    keywords: frozenset[KeywordRef] = frozenset()
    crowd_token: bool = False

    def has(self, keyword: str) -> bool:
        """Whether the model has the special rule ``keyword``, with any value."""
        return any(ref.id == keyword for ref in self.keywords)

    def value_of(self, keyword: str) -> int:
        """The greatest ``[x]`` of the rule ``keyword`` the model has; 0 without it."""
        return max((ref.value or 0 for ref in self.keywords if ref.id == keyword), default=0)

    @staticmethod
    def of(
        catalog: WolsungCatalog,
        model: Hero | Henchman,
        *,
        friendly: bool,
        distance: float,
        in_sight: bool = True,
        crowd_token: bool = False,
    ) -> Subject:
        """A named model of the catalogue, with its rules and its gear's and race's."""
        gear = (ref for gadget in catalog.gear_of(model) for ref in gadget.abilities)
        race = catalog.races[model.race].abilities if model.race else ()
        return Subject(
            id=model.id,
            friendly=friendly,
            distance=distance,
            in_sight=in_sight,
            reflex=model.profile.R,
            armour=catalog.armour_of(model),
            henchman=isinstance(model, Henchman),
            keywords=frozenset((*model.abilities, *gear, *race)),
            crowd_token=crowd_token,
        )


def reaches(kind: ModelKind, subject: Subject) -> bool:
    """Whether an effect meant for ``kind`` reaches ``subject`` (L459 Henchmen, L563 Golems)."""
    match kind:
        case ModelKind.ANY:
            return True
        case ModelKind.HENCHMAN:
            return subject.henchman
        case ModelKind.GOLEM:
            return subject.has("golem")
        case _:
            assert_never(kind)


@dataclass(frozen=True, slots=True)
class Damage:
    """A hit's Wounds on ``model``, after Armour: a Shield around it takes them first."""

    model: str
    wounds: int
    rule: str


@dataclass(frozen=True, slots=True)
class WoundLoss:
    """Wounds ``model`` loses outright, with no Armour or Shield in the way."""

    model: str
    wounds: int
    rule: str


@dataclass(frozen=True, slots=True)
class Heal:
    """Wounds ``model`` gains, with no upper limit (§7 item 91)."""

    model: str
    wounds: int
    rule: str


@dataclass(frozen=True, slots=True)
class Toppled:
    """``model`` is Toppled."""

    model: str
    rule: str


@dataclass(frozen=True, slots=True)
class Lasting:
    """An effect ``model`` holds until ``effect.until``."""

    model: str
    effect: Modify | GainRule | ExtraActivation
    rule: str

    @property
    def until(self) -> Until:
        """When the effect ends."""
        return self.effect.until


@dataclass(frozen=True, slots=True)
class ShieldHit:
    """A hit on a Shield: the field afterwards (``None``: it ended) and the Wounds the model
    takes all the same."""

    field: ShieldField | None
    excess: int


@dataclass(frozen=True, slots=True)
class ShieldField:
    """A Shield's pool of ``wounds`` over the models it ``covers``, with its own Armour."""

    covers: frozenset[str]
    wounds: int
    armour: int
    until: Until
    rule: str = SHIELD_RULE

    def absorb(self, wounds: int) -> ShieldHit:
        """A hit of ``wounds`` (already less the target's Armour) on a covered model: the
        field's Armour takes it down, the pool takes the rest; at 0 or less the field ends and
        the model takes the excess (L597, §7 item 79)."""
        left = self.wounds - max(0, wounds - self.armour)
        if left > 0:
            return ShieldHit(replace(self, wounds=left), 0)
        return ShieldHit(None, -left)


@dataclass(frozen=True, slots=True)
class NoEffect:
    """A model the spell reached but could not change, and why."""

    model: str
    reason: str
    rule: str


Outcome: TypeAlias = Damage | WoundLoss | Heal | Toppled | Lasting | ShieldField | NoEffect


@dataclass(frozen=True, slots=True)
class _Hit:
    """What every effect's handler needs: the spell, its caster, who it reached, and the
    Wounds a Projectile dealt each."""

    spell: Spell
    caster: str
    targets: tuple[Subject, ...]
    rules: HouseRules
    dealt: Mapping[str, int]

    @property
    def rule(self) -> str:
        return f"L{self.spell.lines[0]}"


def outcomes(
    spell: Spell, caster: str, targets: Iterable[Subject], criticals: int, rules: HouseRules
) -> tuple[Outcome, ...]:
    """What ``spell`` does to ``targets`` once it hit (with ``criticals``) or worked."""
    reached = tuple(targets)
    dealt = _dealt(spell, reached, criticals)
    hit = _Hit(spell, caster, reached, rules, dealt)
    found: list[Outcome] = [Damage(t, w, PROJECTILE_DAMAGE) for t, w in dealt.items()]
    for effect in spell.effects:
        found.extend(_apply(effect, hit))
    return tuple(found)


def _dealt(spell: Spell, targets: tuple[Subject, ...], criticals: int) -> dict[str, int]:
    """A Projectile's Wounds on each target (L193); other spells deal none."""
    if spell.type is not SpellType.PROJECTILE or spell.strength is None:
        return {}
    return {t.id: damage(spell.strength, criticals, t.armour) for t in targets}


def _apply(effect: SpellEffect, hit: _Hit) -> Iterator[Outcome]:
    """The one place each kind of effect is handled."""
    match effect:
        case Topple():
            yield from (Toppled(t.id, hit.rule) for t in hit.targets)
        case Leech():
            yield Heal(hit.caster, sum(hit.dealt.values()), hit.rule)
        case LoseWounds(wounds):
            yield from (WoundLoss(t.id, wounds, hit.rule) for t in hit.targets)
        case Modify() | GainRule():
            yield from (Lasting(t.id, effect, hit.rule) for t in hit.targets)
        case ExtraActivation(only=only):
            for target in hit.targets:
                if reaches(only, target):
                    yield Lasting(target.id, effect, hit.rule)
                else:
                    yield NoEffect(target.id, f"it reaches only a {only}", hit.rule)
        case Shield(wounds, until, armour):
            yield from _shields(hit, wounds, until, armour)
        case _:
            assert_never(effect)


def _shields(hit: _Hit, wounds: int, until: Until, armour: int) -> Iterator[ShieldField]:
    ids = [t.id for t in hit.targets]
    groups = [frozenset(ids)] if hit.rules.shared_shield else [frozenset({i}) for i in ids]
    yield from (ShieldField(group, wounds, armour, until) for group in groups)
