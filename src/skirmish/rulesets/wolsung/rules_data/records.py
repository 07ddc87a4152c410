"""The Wolsung SSG catalogue's records: frozen pydantic models, one per kind of entry.

Each model mirrors a table of the rules notes (``notes/wolsung.md``): :class:`Race` §2.1 with
its gadget pool §2.2 (L260-L398), :class:`Club` and :class:`Profession` §1.13 and §2.3
(L399-L863), :class:`Gadget` §2.2, §2.4 and the named items of §2.5-§2.6, :class:`Hero` §2.5,
:class:`Henchman` §2.6, :class:`RangedWeapon` §2.7 (bands inclusive, L106-L107),
:class:`MeleeWeapon` §2.8, :class:`Spell` §2.9 (L165-L203; its effects typed by
:mod:`.spell_effects`), and :class:`Keyword`, the special
rules of §1.10, §1.12 and §1.13 as ids (the effects the game needs of some typed by
:mod:`.rule_effects`). Every model refuses unknown keys (``extra="forbid"``)
and strings where numbers belong; an entry that follows a §7 resolution of a cut-short or
missing printing is ``provisional`` with a ``note`` citing the item.
:class:`WolsungCatalog` holds the validated tables; :mod:`.catalog` loads it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Annotated, Literal, Self

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PlainValidator,
    StrictBool,
    StrictInt,
    StrictStr,
    model_validator,
)

from skirmish.rulesets.wolsung.rules_data.rule_effects import RuleEffect, parse_rule_effect
from skirmish.rulesets.wolsung.rules_data.spell_effects import (
    ModeEffect,
    SpellEffect,
    parse_effect,
    parse_mode_effect,
)
from skirmish.rulesets.wolsung.table.measure import no_farther

RULEBOOK_LINES = 863
"""Lines of the rulebook text; every cited line lies within it."""

StatName = Literal["A", "M", "F", "S", "G", "R", "W"]


class Suit(StrEnum):
    """The four card suits a hero may have (L207)."""

    SPADES = "spades"
    HEARTS = "hearts"
    DIAMONDS = "diamonds"
    CLUBS = "clubs"


class KeywordKind(StrEnum):
    """Where a special rule comes from: the rule lists of §1.10 (universal), §1.9 (hero),
    §1.12 (racial) and §1.13 (club and profession), weapon and spell traits, and the own
    rules of named models and gadgets (ability)."""

    UNIVERSAL = "universal"
    HERO = "hero"
    RACIAL = "racial"
    CLUB = "club"
    WEAPON_TRAIT = "weapon_trait"
    SPELL_TRAIT = "spell_trait"
    ABILITY = "ability"


class GadgetType(StrEnum):
    """The four gadget types (L248); ``none`` is an untyped gadget ("Other", §7 item 45)."""

    ARMOUR = "armour"
    TRINKET = "trinket"
    RANGED = "ranged"
    MELEE = "melee"
    NONE = "none"


class GadgetSource(StrEnum):
    """A race's pool, a club's pool (L245-L247), or one named model's own item."""

    RACIAL = "racial"
    CLUB = "club"
    NAMED = "named"


class SpellType(StrEnum):
    """The four spell types (L179-L181), plus Bloodboil's printed either-or (§7 item 96)."""

    PROJECTILE = "projectile"
    ATTACK = "attack"
    BUFF = "buff"
    AURA = "aura"
    ATTACK_OR_BUFF = "attack_or_buff"


_DIFFICULTY_TYPES = frozenset({SpellType.BUFF, SpellType.AURA, SpellType.ATTACK_OR_BUFF})


@dataclass(frozen=True, slots=True)
class KeywordRef:
    """A keyword as a profile cites it: ``fast_shot[2]`` is ``KeywordRef('fast_shot', 2)``."""

    id: str
    value: int | None = None

    def __str__(self) -> str:
        return self.id if self.value is None else f"{self.id}[{self.value}]"


_REF = re.compile(r"([a-z][a-z0-9_]*)(?:\[(\d{1,2})\])?")


def _keyword_ref(value: object) -> KeywordRef:
    if isinstance(value, KeywordRef):
        return value
    match = _REF.fullmatch(value) if isinstance(value, str) else None
    if match is None:
        raise ValueError(f"a keyword is written like 'quick' or 'fast_shot[2]', got {value!r}")
    return KeywordRef(match[1], int(match[2]) if match[2] else None)


Id = Annotated[StrictStr, Field(pattern=r"^[a-z][a-z0-9_]*$")]
Name = Annotated[StrictStr, Field(min_length=1, max_length=80)]
Line = Annotated[StrictInt, Field(ge=1, le=RULEBOOK_LINES)]
Funds = Annotated[StrictInt, Field(ge=0, le=10)]
Modifier = Annotated[StrictInt, Field(ge=-10, le=10)]
ArmourValue = Annotated[StrictInt, Field(ge=0, le=10)]
MagicAbility = Annotated[StrictInt, Field(ge=1, le=6)]
BaseSize = Literal[30, 40]
Ref = Annotated[KeywordRef, PlainValidator(_keyword_ref)]
Effect = Annotated[SpellEffect, PlainValidator(parse_effect)]
RuleEffectPhrase = Annotated[RuleEffect, PlainValidator(parse_rule_effect)]
ModePhrase = Annotated[ModeEffect, PlainValidator(parse_mode_effect)]
Span = tuple[Line, Line]


class Record(BaseModel):
    """Every catalogue record: frozen, and an unknown key is a load error."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Flagged(Record):
    """A record that may follow a §7 resolution: ``provisional`` needs a ``note`` citing it."""

    provisional: StrictBool = False
    note: Annotated[StrictStr, Field(min_length=1)] | None = None

    @model_validator(mode="after")
    def _provisional_cites_the_notes(self) -> Self:
        if self.provisional and (self.note is None or "§7" not in self.note):
            raise ValueError("a provisional entry needs a note citing its §7 item")
        return self


class Provisional(Flagged):
    """A flagged record the book may leave unusable: ``available = false`` (§7 item 52)."""

    available: StrictBool = True

    @model_validator(mode="after")
    def _unavailable_is_provisional(self) -> Self:
        if not self.available and not self.provisional:
            raise ValueError("an unavailable entry must be provisional")
        return self


class Profile(Record):
    """The seven printed characteristics (L17-L27)."""

    A: Annotated[StrictInt, Field(ge=1, le=5)]
    M: Annotated[StrictInt, Field(ge=1, le=12)]
    F: Annotated[StrictInt, Field(ge=1, le=15)]
    S: Annotated[StrictInt, Field(ge=0, le=15)]
    G: Annotated[StrictInt, Field(ge=0, le=10)]
    R: Annotated[StrictInt, Field(ge=0, le=10)]
    W: Annotated[StrictInt, Field(ge=1, le=30)]

    def stat(self, name: StatName) -> int:
        """One characteristic by its letter."""
        value: int = getattr(self, name)
        return value


class Bonus(Record):
    """Changes to characteristics (``MA``: the Magic Ability, for the Manic Battery)."""

    A: Modifier = 0
    M: Modifier = 0
    F: Modifier = 0
    S: Modifier = 0
    G: Modifier = 0
    R: Modifier = 0
    W: Modifier = 0
    MA: Modifier = 0

    def stat(self, name: StatName) -> int:
        """The change to one characteristic."""
        value: int = getattr(self, name)
        return value


class Mode(Record):
    """One of the choices a rule gives its player (Attunement's, L696-L699; Engineer's,
    L651-L653): its ``name``, as an option names it, the ``effects`` it puts on the model
    chosen (:data:`.spell_effects.MODE_EFFECTS`) and the ``line`` that prints it."""

    name: Annotated[StrictStr, Field(pattern=r"^[A-Za-z][A-Za-z0-9_]*$")]
    effects: Annotated[tuple[ModePhrase, ...], Field(min_length=1)]
    line: Line


class Keyword(Record):
    """A special rule: its id, kind, our one-line summary and the line that defines it, and
    ``also_at`` the lines where named models' own entries print it again; the ``effects`` the
    game plays beyond its name (:mod:`.rule_effects`); ``modes`` the choices it lets its player
    make one of (Attunement, L695-L699; Engineer, L650-L653)."""

    id: Id
    name: Name
    kind: KeywordKind
    line: Line
    summary: Annotated[StrictStr, Field(min_length=1, max_length=140)]
    also_at: tuple[Line, ...] = ()
    takes_value: StrictBool = False
    house: StrictBool = False
    house_ref: Annotated[StrictStr, Field(min_length=1)] | None = None
    effects: tuple[RuleEffectPhrase, ...] = ()
    modes: tuple[Mode, ...] = ()

    @model_validator(mode="after")
    def _house_cites_the_notes(self) -> Self:
        # A house rule says which notes item it follows; a printed rule needs no such item.
        if self.house != (self.house_ref is not None):
            raise ValueError("house = true and house_ref go together")
        return self


class Band(Record):
    """One range column: distances up to ``max`` inches, inclusive (L107), give ``mod`` Guns;
    ``mod`` is absent where the book cuts the row short."""

    max: Annotated[float, Field(gt=0)]
    mod: Modifier | None = None


class RangedWeapon(Provisional):
    """A ranged weapon row (§2.7): Strength, an optional printed Guns bonus, bands, traits."""

    id: Id
    name: Name
    strength: Annotated[StrictInt, Field(ge=0, le=15)] | None = None
    guns: Modifier = 0
    bands: Annotated[tuple[Band, ...], Field(min_length=1, max_length=3)]
    traits: tuple[Ref, ...] = ()
    line: Line

    @model_validator(mode="after")
    def _bands_widen(self) -> Self:
        bounds = [band.max for band in self.bands]
        if bounds != sorted(set(bounds)):
            raise ValueError(f"band bounds must grow, got {bounds}")
        return self

    @model_validator(mode="after")
    def _incomplete_is_unavailable(self) -> Self:
        if not self.is_complete and self.available:
            raise ValueError("a row with a missing Strength or modifier must be unavailable")
        return self

    @property
    def is_complete(self) -> bool:
        """Every modifier printed, and a Strength unless the weapon deals none (Shift)."""
        no_damage = any(trait.id == "shift" for trait in self.traits)
        has_strength = self.strength is not None or no_damage
        return has_strength and all(band.mod is not None for band in self.bands)

    @property
    def max_range(self) -> float:
        """The last band's bound; farther targets are missed automatically (L107)."""
        return self.bands[-1].max

    def band_at(self, distance: float) -> Band | None:
        """The first band whose bound is at least ``distance``; ``None`` beyond the last. A
        model placed at exactly a bound is within it (:func:`no_farther`)."""
        return next((band for band in self.bands if no_farther(distance, band.max)), None)


class MeleeWeapon(Flagged):
    """A melee weapon row (§2.8): the Fight and Strength it adds in melee, and its traits."""

    id: Id
    name: Name
    fight: Modifier = 0
    strength: Modifier = 0
    traits: tuple[Ref, ...] = ()
    line: Line


class Spell(Record):
    """A spell (§2.9, L168-L177); ``difficulty`` for Buffs and Auras, ``strength`` for
    Projectiles only; ``traits`` are its tags, ``effects`` what it does (:mod:`.spell_effects`)."""

    id: Id
    name: Name
    type: SpellType
    difficulty: Annotated[StrictInt, Field(ge=1, le=6)] | None = None
    cost: Literal[0, 1, 2]
    range: Annotated[StrictInt, Field(ge=1, le=48)]
    strength: Annotated[StrictInt, Field(ge=0, le=15)] | None = None
    traits: tuple[Ref, ...] = ()
    effects: tuple[Effect, ...] = ()
    lines: Annotated[tuple[Line, ...], Field(min_length=1)]
    summary: Annotated[StrictStr, Field(min_length=1, max_length=140)]

    @model_validator(mode="after")
    def _type_fields(self) -> Self:
        if (self.strength is not None) != (self.type is SpellType.PROJECTILE):
            raise ValueError("a Projectile and only a Projectile has a strength")
        if (self.difficulty is not None) != (self.type in _DIFFICULTY_TYPES):
            raise ValueError("a Buff or Aura and only those have a difficulty")
        return self


class Gadget(Provisional):
    """A gadget (L245-L253): where it is sold (or who owns it), its type, cost and effects."""

    id: Id
    name: Name
    source: GadgetSource
    type: GadgetType = GadgetType.NONE
    cost: Funds | None = None
    common: StrictBool = False
    owner: Id | None = None
    bonus: Bonus = Bonus()
    armour: ArmourValue = 0
    armour_against: Literal["all", "shooting"] = "all"
    magic_ability: MagicAbility | None = None
    magic_school: Name | None = None
    spells: tuple[Id, ...] = ()
    abilities: tuple[Ref, ...] = ()
    weapon: Id | None = None
    line: Line

    @model_validator(mode="after")
    def _source_fields(self) -> Self:
        # A named item belongs to one model and is never bought; pool gadgets have a price.
        named = self.source is GadgetSource.NAMED
        if named != (self.owner is not None) or named == (self.cost is not None):
            raise ValueError("a named item has an owner and no cost; a pool gadget a cost")
        return self

    @model_validator(mode="after")
    def _type_fields(self) -> Self:
        is_weapon = self.type in (GadgetType.RANGED, GadgetType.MELEE)
        if is_weapon != (self.weapon is not None):
            raise ValueError("a Ranged or Melee Weapon gadget and only those name a weapon")
        if self.armour and self.type is not GadgetType.ARMOUR:
            raise ValueError("only an Armour gadget gives Armour [x]")
        return self


class PoolEntry(Record):
    """A row of a race's gadget pool: the gadget, its name on that page, its weapon there."""

    gadget: Id
    printed: Name | None = None
    weapon: Id | None = None
    line: Line


class Race(Record):
    """A race template for custom heroes (§2.1): profile, Funds, racial ability, pool."""

    id: Id
    name: Name
    base_mm: BaseSize
    funds: Funds
    profile: Profile
    abilities: tuple[Ref, ...]
    pool: Annotated[tuple[PoolEntry, ...], Field(min_length=1)]
    line: Line

    def weapon_of(self, gadget: Gadget) -> Id | None:
        """The weapon row ``gadget`` gives a hero of this race: the one this race's page prints
        for it (the Dwarf's Pigeon Gun, L397, §7 item 51), or else the gadget's own."""
        printed = (row.weapon for row in self.pool if row.gadget == gadget.id and row.weapon)
        return next(printed, gadget.weapon)


class Profession(Flagged):
    """A Vocation / Title / Profession (§2.3): it sets the hero's suit (L244)."""

    id: Id
    name: Name
    cost: Funds
    common: StrictBool = False
    suit: Suit
    bonus: Bonus = Bonus()
    armour: ArmourValue = 0
    magic_ability: MagicAbility | None = None
    spells: tuple[Id, ...] = ()
    abilities: tuple[Ref, ...] = ()
    melee_traits: tuple[Ref, ...] = ()
    line: Line


class Club(Flagged):
    """A club (§1.13): races, club rules, club gadget pool and one profession per suit."""

    id: Id
    name: Name
    line: Line
    races: Annotated[tuple[Id, ...], Field(min_length=1)]
    rules: tuple[Ref, ...] = ()
    vocation_cost_by_race: dict[Id, Funds] = Field(default_factory=dict)
    gadgets: tuple[Id, ...] = ()
    professions: tuple[Profession, ...]
    unprinted_suits: tuple[Suit, ...] = ()

    @model_validator(mode="after")
    def _one_profession_per_suit(self) -> Self:
        suits = [p.suit for p in self.professions] + list(self.unprinted_suits)
        if sorted(suits) != sorted(Suit):
            raise ValueError(f"professions and unprinted_suits must cover each suit once: {suits}")
        return self


class Hero(Flagged):
    """A named hero (§2.5) with its final printed profile."""

    id: Id
    name: Name
    club: Id
    race: Id
    base_mm: BaseSize
    funds: Funds
    suit: Suit | None = None
    profile: Profile
    printed_base: dict[StatName, StrictInt] = Field(default_factory=dict)
    magic_ability: MagicAbility | None = None
    magic_school: Name | None = None
    spells: tuple[Id, ...] = ()
    gear: tuple[Id, ...] = ()
    abilities: tuple[Ref, ...] = ()
    span: Span


class Henchman(Flagged):
    """A henchman profile (§2.6): hired for ``cost``, or brought by a hero or race ability."""

    id: Id
    name: Name
    club: Id | None = None
    race: Id | None = None
    base_mm: BaseSize
    cost: Funds | None = None
    comes_with: Id | None = None
    count: Annotated[StrictInt, Field(ge=1, le=5)] = 1
    profile: Profile
    armour: ArmourValue = 0
    gear: tuple[Id, ...] = ()
    abilities: tuple[Ref, ...] = ()
    span: Span

    @model_validator(mode="after")
    def _hired_or_brought(self) -> Self:
        if (self.cost is None) == (self.comes_with is None):
            raise ValueError("a henchman has a cost or comes_with, not both")
        return self


@dataclass(frozen=True, slots=True)
class WolsungCatalog:
    """Every table of the catalogue, each keyed by id."""

    keywords: Mapping[str, Keyword]
    races: Mapping[str, Race]
    clubs: Mapping[str, Club]
    heroes: Mapping[str, Hero]
    henchmen: Mapping[str, Henchman]
    gadgets: Mapping[str, Gadget]
    ranged: Mapping[str, RangedWeapon]
    melee: Mapping[str, MeleeWeapon]
    spells: Mapping[str, Spell]

    @property
    def professions(self) -> dict[str, Profession]:
        """Every club's professions, keyed by id."""
        return {p.id: p for club in self.clubs.values() for p in club.professions}

    def printed_in(self, record: str, lines: Iterable[int]) -> int | None:
        """The first of ``lines`` within the entry of the named hero or henchman ``record``;
        ``None`` when none is, or for any other id (a custom hero's ``""``)."""
        entry = self.heroes.get(record) or self.henchmen.get(record)
        if entry is None:
            return None
        first, last = entry.span
        return next((line for line in lines if first <= line <= last), None)

    def gear_of(self, model: Hero | Henchman) -> tuple[Gadget, ...]:
        """The gadgets a named model carries."""
        return tuple(self.gadgets[g] for g in model.gear)

    def armour_of(self, model: Hero | Henchman, *, shooting: bool = False) -> int:
        """The model's Armour [x]: its own plus its gear's, which add up (§7 item 28);
        Armour against shooting only counts when ``shooting``."""
        own = model.armour if isinstance(model, Henchman) else 0
        return own + gear_armour(self.gear_of(model), shooting=shooting)

    def magic_ability_of(self, hero: Hero) -> int | None:
        """The hero's casting dice: printed on its profile, or given by a gadget (Mr. Cheng's
        Ring of Ichiko, L784); ``None`` if it cannot cast."""
        given = [g.magic_ability for g in self.gear_of(hero) if g.magic_ability is not None]
        return hero.magic_ability if hero.magic_ability is not None else max(given, default=None)


def gear_armour(gear: Iterable[Gadget], *, shooting: bool = False) -> int:
    """The Armour [x] that ``gear`` gives, added up (§7 item 28); Armour against shooting only
    counts when ``shooting``."""
    return sum(g.armour for g in gear if shooting or g.armour_against == "all")
