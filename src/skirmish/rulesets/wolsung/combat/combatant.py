"""A model as shooting and melee see it: its final profile, base, Armour, special rules and
weapons, drawn from the catalogue (rules notes §0, §2.5-§2.8; L17-L27, L120, L146).

A named hero's or a henchman's printed profile is final (notes §2.5, §2.6). Where the book
prints a base value beside a stat (``printed_base``, L432), the melee weapon's bonus to that
stat is already in the profile and is not added again (Thorvald's S 7 holds the Golemic
Arm, §7 item 78); where it prints none, the weapon's bonus comes on top (Alice's Huge
Wrench, §7 item 63). Armour adds up over the gear, Armour against shooting apart (§7 item
28). A model's special rules are its own and its gear's; weapon traits stay with the weapon.
Golems are not living (L556), which the Umbrella asks (L448, §7 item 65).
"""

from __future__ import annotations

from dataclasses import dataclass

from skirmish.rulesets.wolsung.rules_data.records import (
    GadgetType,
    Henchman,
    Hero,
    KeywordRef,
    MeleeWeapon,
    Profile,
    RangedWeapon,
    WolsungCatalog,
)

__all__ = ["Combatant", "combatant", "has_keyword", "keyword_value"]

NOT_LIVING = "golem"
"""The keyword of models that are not living (L556)."""


@dataclass(frozen=True, slots=True)
class Combatant:
    """A model's fighting profile.

    ``armour`` counts against every hit, ``shot_armour`` against shooting only (L570);
    ``melee_printed`` holds the stats whose printed value already has the melee weapon's bonus;
    ``melee_traits`` are traits of every melee attack the model makes, with a weapon or without
    (a profession's, L735, L739).
    """

    name: str
    profile: Profile
    base_mm: int = 30
    armour: int = 0
    shot_armour: int = 0
    rules: tuple[KeywordRef, ...] = ()
    melee: MeleeWeapon | None = None
    melee_printed: frozenset[str] = frozenset()
    melee_traits: tuple[KeywordRef, ...] = ()
    ranged: tuple[RangedWeapon, ...] = ()
    hero: bool = False

    def has(self, keyword: str) -> bool:
        """Whether the model has the special rule ``keyword``."""
        return has_keyword(self.rules, keyword)

    @property
    def is_living(self) -> bool:
        """Whether the model is living: Golems are not (L556)."""
        return not self.has(NOT_LIVING)

    @property
    def weapon_fight(self) -> int:
        """The Fight the melee weapon adds that the profile does not already hold."""
        return 0 if self.melee is None or "F" in self.melee_printed else self.melee.fight

    @property
    def weapon_strength(self) -> int:
        """The Strength the melee weapon adds that the profile does not already hold."""
        return 0 if self.melee is None or "S" in self.melee_printed else self.melee.strength


def has_keyword(refs: tuple[KeywordRef, ...], keyword: str) -> bool:
    """Whether ``keyword`` is among ``refs``."""
    return any(ref.id == keyword for ref in refs)


def keyword_value(refs: tuple[KeywordRef, ...], keyword: str) -> int | None:
    """The ``x`` of ``keyword[x]`` among ``refs``; ``None`` if it is absent or has none."""
    return next((ref.value for ref in refs if ref.id == keyword), None)


def combatant(catalog: WolsungCatalog, model: Hero | Henchman) -> Combatant:
    """A named hero or henchman as it fights, with its gear's rules, Armour and weapons."""
    gear = catalog.gear_of(model)
    melee = [catalog.melee[g.weapon] for g in gear if g.type is GadgetType.MELEE and g.weapon]
    ranged = [catalog.ranged[g.weapon] for g in gear if g.type is GadgetType.RANGED and g.weapon]
    armour = catalog.armour_of(model)
    printed = frozenset(model.printed_base) if isinstance(model, Hero) else frozenset()
    return Combatant(
        name=model.name,
        profile=model.profile,
        base_mm=model.base_mm,
        armour=armour,
        shot_armour=catalog.armour_of(model, shooting=True) - armour,
        rules=(*model.abilities, *(ref for g in gear for ref in g.abilities)),
        melee=melee[0] if melee else None,
        melee_printed=printed,
        ranged=tuple(ranged),
        hero=isinstance(model, Hero),
    )
