"""The Strange Aeons rulebook's records: frozen pydantic models, one per kind of entry.

Each mirrors a list of the rules notes (``notes/strange_aeons.md``) §3: :class:`Personnel` the
Threshold personnel (§3.1, R:353-374), :class:`SpecialAgent` (§3.2, R:375-458),
:class:`Gear` the Extra Gear and the two Special Branch gear prototypes (§3.3, R:459-488;
§3.9d), :class:`Lurker` (§3.4, R:522-917), :class:`ScenarioProfile` the relic and
scenario-only profiles (§3.5), :class:`Animal` (§3.6, R:1365-1396), :class:`Skill` the
general, psychic and Nemesis skills (§3.8, R:1033-1214), :class:`Weapon`, :class:`Ammo` and
:class:`Armour` the weapon tables (§3.9, R:1215-1364), :class:`WeaponRule` the special weapon
rules (§3.10, R:1219-1226), and :class:`Ability` a profile's own rules and upgrades, each
defined once however many profiles print it (Hover, R:645, R:650, R:713, R:860).

Numbers keep the book's notation, parsed by :mod:`.notation`; references to other entries
are typed by :mod:`.refs`. Every model refuses unknown keys and strings where numbers
belong. An entry the book leaves missing, abridged or undefined follows the notes' suggested
resolution: ``provisional = true``, ``follows`` naming the notes' items (``"§6 item 3"``) and
a ``note`` saying what was supplied. :class:`BookCatalog` holds the tables; :mod:`.catalog`
loads it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
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

from skirmish.errors import quoted
from skirmish.rulesets.strange_aeons.rules_data.notation import (
    Characteristics,
    DiceExpr,
    parse_characteristics,
    parse_dice,
    parse_rate,
    parse_value,
)
from skirmish.rulesets.strange_aeons.rules_data.refs import (
    GearRef,
    Requirement,
    RuleRef,
    SkillRef,
    gear_ref,
    requirement,
    rule_ref,
    skill_ref,
)

RULEBOOK_LINES = 2140
"""Lines of the rulebook text; every cited line lies within it."""


class Category(StrEnum):
    """The seven Lurker categories of the book (R:522, R:551, R:633, R:714, R:741, R:828,
    R:881)."""

    ALIENS = "aliens"
    BEASTS = "beasts"
    DAEMONS = "daemons"
    GHOSTS = "ghosts"
    HUMANS = "humans"
    HUMANOIDS = "humanoids"
    UNDEAD = "undead"


class SpecialType(StrEnum):
    """The Special types (R:108-123); the first a profile lists is its primary one (R:108).
    ``inanimate_object`` is the dormant Living Idol's (R:997, R:275)."""

    ALIEN = "alien"
    ANIMAL = "animal"
    AQUATIC = "aquatic"
    BEAST = "beast"
    DAEMON = "daemon"
    FEAR = "fear"
    GHOST = "ghost"
    HIDEOUS = "hideous"
    HUMAN = "human"
    HUMANOID = "humanoid"
    NEMESIS = "nemesis"
    TERROR = "terror"
    UNDEAD = "undead"
    UNIQUE = "unique"
    INANIMATE_OBJECT = "inanimate_object"


class Table(StrEnum):
    """Where an item is bought: the four weapon tables (R:1227, R:1258, R:1287), Special
    Branch (R:1315) and the Extra Gear list (R:459)."""

    MASTER = "master"
    ANCIENT = "ancient"
    BACKWOODS = "backwoods"
    ALIEN = "alien"
    SPECIAL_BRANCH = "special_branch"
    EXTRA_GEAR = "extra_gear"


WEAPON_TABLES = frozenset(
    {Table.MASTER, Table.ANCIENT, Table.BACKWOODS, Table.ALIEN, Table.SPECIAL_BRANCH}
)
GEAR_TABLES = frozenset({Table.EXTRA_GEAR, Table.SPECIAL_BRANCH})


class SkillKind(StrEnum):
    """General (R:1036-1167), psychic (R:1168-1190) or Nemesis-only (R:1191-1214)."""

    GENERAL = "general"
    PSYCHIC = "psychic"
    NEMESIS = "nemesis"


class RuleSource(StrEnum):
    """Where a special weapon rule is defined: the rulebook (R:1221-1226), only the
    introduction (I:3), or nowhere (notes §3.10)."""

    RULEBOOK = "rulebook"
    INTRO = "intro"
    UNDEFINED = "undefined"


MAX_POINTS = 10_000
"""The most points a cost or a list's total may be: a game's Total Points are tens (R:514);
far beyond, a number is a typo, and halves stay exact (an infinity or 1e308 is no cost)."""


def _half_points(value: object) -> float:
    # Costs come in halves (0.5 PP, 0.5 EP); a string or a bool is refused, not coerced.
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"a cost is a number, got {quoted(value, 30)}")
    if not 0 <= value <= MAX_POINTS:  # NaN fails this too
        raise ValueError(f"a cost is 0 to {MAX_POINTS:,} points, got {quoted(value, 30)}")
    if (value * 2) != int(value * 2):
        raise ValueError(f"a cost is 0 or more in halves (0.5, 1, 1.5 ...), got {value!r}")
    return float(value)


def _value(value: object) -> int | DiceExpr:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str):
        return parse_value(value)
    raise ValueError(f"a number or a roll like '1D3' is needed, got {value!r}")


def _damage(value: object) -> DiceExpr | None:
    # '-' is no Damage; '*' is the book's mark that the profile's ability replaces it.
    if not isinstance(value, str):
        raise ValueError(f"a Damage is written like '1D+2', '0' or '-', got {value!r}")
    return None if value in ("-", "*") else parse_dice(value)


def _roll(value: object) -> DiceExpr:
    if not isinstance(value, str):
        raise ValueError(f"a roll is written like '1D3', got {value!r}")
    return parse_dice(value)


def _rate(value: object) -> int | DiceExpr:
    if not isinstance(value, str):
        raise ValueError(f"a Rate is written like '1D', '2D' or '1D3+2', got {value!r}")
    return parse_rate(value)


def _stats(value: object) -> Characteristics:
    if not isinstance(value, str):
        raise ValueError(f"a stat row is a text 'M | Dex | Con | A | W | Res', got {value!r}")
    return parse_characteristics(value)


_NOTE_ITEM = re.compile(r"§\d+(\.\d+[a-z]?)?( item \d+)?")

Id = Annotated[StrictStr, Field(pattern=r"^[a-z][a-z0-9_]*$")]
Name = Annotated[StrictStr, Field(min_length=1, max_length=80)]
Summary = Annotated[StrictStr, Field(min_length=1, max_length=260)]
Line = Annotated[StrictInt, Field(ge=1, le=RULEBOOK_LINES)]
Span = tuple[Line, Line]
Points = Annotated[float, PlainValidator(_half_points)]
Inches = Annotated[StrictInt, Field(ge=1, le=36)]
Count = Annotated[StrictInt, Field(ge=0, le=10)]
Modifier = Annotated[StrictInt, Field(ge=-6, le=6)]
NoteItem = Annotated[StrictStr, Field(pattern=_NOTE_ITEM.pattern)]
Value = Annotated[int | DiceExpr, PlainValidator(_value)]
Damage = Annotated[DiceExpr | None, PlainValidator(_damage)]
Rate = Annotated[int | DiceExpr, PlainValidator(_rate)]
Roll = Annotated[DiceExpr, PlainValidator(_roll)]
Stats = Annotated[Characteristics, PlainValidator(_stats)]
SkillCited = Annotated[SkillRef, PlainValidator(skill_ref)]
RuleCited = Annotated[RuleRef, PlainValidator(rule_ref)]
GearCited = Annotated[GearRef, PlainValidator(gear_ref)]
Needs = Annotated[Requirement, PlainValidator(requirement)]


class Record(BaseModel):
    """Every record: frozen, and an unknown key is a load error."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Flagged(Record):
    """A record that may follow the notes' resolution of a gap in the book.

    ``provisional`` marks what the book does not give (a missing row, an undefined rule):
    it needs the notes' items it ``follows`` and a ``note`` of what was supplied. A record
    the book prints but that needs reading (a misprint, notes §6 items 34-35) cites its items
    without being provisional.
    """

    provisional: StrictBool = False
    follows: tuple[NoteItem, ...] = ()
    note: Summary | None = None

    @model_validator(mode="after")
    def _cites_its_items(self) -> Self:
        if self.provisional and not self.follows:
            raise ValueError("a provisional entry names the notes' items it follows")
        if bool(self.follows) != (self.note is not None):
            raise ValueError("follows and note go together: the items and what they supplied")
        return self


class CloseLine(Record):
    """A close combat stat line: C.C. Bonus, Damage and special rules (R:1229)."""

    name: Name | None = None
    ccb: Value
    damage: Damage
    specials: tuple[RuleCited, ...] = ()


class RangedLine(Record):
    """A shooting stat line: Range (none for a template fired from the base), Rate, Damage
    and special rules (R:1237); ``ability`` names the rule that says what the shot does."""

    name: Name | None = None
    range: Inches | None = None
    rate: Rate
    damage: Damage
    specials: tuple[RuleCited, ...] = ()
    ability: Id | None = None


class Profile(Flagged):
    """What every model's profile holds (R:88-107): stats, skills, Special types, its own
    weapons (``close``) and shooting attacks (``shots``), the items it carries, its
    abilities, and the first and last line of its entry."""

    id: Id
    name: Name
    stats: Stats
    skills: tuple[SkillCited, ...] = ()
    types: Annotated[tuple[SpecialType, ...], Field(min_length=1)]
    close: tuple[CloseLine, ...] = ()
    shots: tuple[RangedLine, ...] = ()
    gear: tuple[GearCited, ...] = ()
    abilities: tuple[Id, ...] = ()
    lines: Span

    @model_validator(mode="after")
    def _profile_shape(self) -> Self:
        if len(set(self.types)) != len(self.types):
            raise ValueError(f"a Special type is listed twice: {[str(t) for t in self.types]}")
        if any(w.name is None for w in self.close) or any(s.name is None for s in self.shots):
            raise ValueError("a profile's own weapons and shots are named as printed")
        if self.stats.against_blessed and SpecialType.GHOST not in self.types:
            raise ValueError("only a Ghost prints characteristics in parentheses (R:116)")
        if self.lines[0] > self.lines[1]:
            raise ValueError(f"lines run first to last, got {list(self.lines)}")
        return self

    @property
    def primary(self) -> SpecialType:
        """The first Special listed, whose rules win over the others' (R:108)."""
        return self.types[0]

    def is_a(self, kind: SpecialType) -> bool:
        """Whether the profile has this Special type."""
        return kind in self.types


class Personnel(Profile):
    """A Threshold personnel profile (R:353-374): its PP, free Skills (R:348), Extra Gear
    slots (R:460) and the Advancements it may earn (R:2098)."""

    pp: Points
    free_skills: Count
    extra_gear: Count
    advancements: Count


class SpecialAgent(Profile):
    """A Special Agent (R:375-458): recruited as printed, PP and EP as its cost (R:376)."""

    pp: Points
    ep: Points


class Lurker(Profile):
    """A Lurker profile (R:522-917).

    ``points`` is its cost, absent only for a model that is never bought (the Puppet,
    spawned by the Dark Puppeteer, R:646); ``models_per_point`` is the Swarm's "1D3 models
    per point" (R:613); ``bought`` says when it may be taken: with the list, only when
    summoned (the Tentacle, R:698), only spawned, or only with a Witch (the Familiar, R:823).
    ``free_gear_ep`` is its "any up to X EP" of gear (R:747); ``tables`` the weapon tables it
    may buy from; ``upgrades`` the abilities it may buy.
    """

    category: Category
    points: Points | None = None
    bought: Literal["list", "summoned", "spawned", "with_witch"] = "list"
    models_per_point: Roll | None = None
    free_gear_ep: Points = 0.0
    tables: tuple[Table, ...] = ()
    upgrades: tuple[Id, ...] = ()

    @model_validator(mode="after")
    def _bought_how(self) -> Self:
        if (self.points is None) != (self.bought == "spawned"):
            raise ValueError("only a spawned model has no points")
        if not set(self.tables) <= WEAPON_TABLES - {Table.SPECIAL_BRANCH}:
            raise ValueError("a Lurker buys from the Master, Ancient, Backwoods or Alien table")
        return self


class ScenarioProfile(Profile):
    """A profile brought by an Arcane Relic or a scenario (notes §3.5), never bought."""

    appears_in: Name


class Animal(Profile):
    """An Animal (R:1365-1396): equipped to a handler for its EP (R:1366); ``pack``: a Dog,
    of which Pack Master nominates three (R:1111)."""

    ep: Points
    pack: StrictBool = False


class Skill(Flagged):
    """A skill (R:1033-1214): its kind, requirements (all must be met; R:1034), what it does
    in a line of ours, and the shooting attacks it grants. ``limitable``: profiles may print
    it with ``*``, limited to the models their own ability names (Command)."""

    id: Id
    name: Name
    kind: SkillKind
    requires: tuple[Needs, ...] = ()
    limitable: StrictBool = False
    shots: tuple[RangedLine, ...] = ()
    summary: Summary
    line: Line


class CommandLimit(Record):
    """Whom a limited Command may Nominate: these profiles, or models of these types."""

    profiles: tuple[Id, ...] = ()
    types: tuple[SpecialType, ...] = ()

    @model_validator(mode="after")
    def _names_someone(self) -> Self:
        if not self.profiles and not self.types:
            raise ValueError("a Command limit names profiles or types")
        return self


class Followers(Record):
    """Models of a profile bought only alongside this one, ``free`` of them at no cost (the
    Witch's three Familiars, R:822)."""

    profile: Id
    free: Count


class Cheaper(Record):
    """A profile a list buys for ``points`` less a model while it holds the ability's
    profile (Father of Serpents' Giant Snakes, R:870)."""

    profile: Id
    points: Points


class Ability(Flagged):
    """A profile's own rule, defined once for every profile that prints it.

    ``cost``: an upgrade bought for that many points per model (the Swarm's Queen, R:617);
    ``counts_as_skill``: it counts towards the five bought Skills (R:567); ``as_skill``: the
    same rule as that skill (the Degenerate's Violator, R:757, R:1214); ``command_only``: the
    profile's ``command*`` reaches only these (R:632); ``shots``: an upgrade's shooting
    attack (an innate one is on the profile).

    What it changes in list building (R:509-521): ``skill_limit`` lowers the five bought
    Skills (Simple-minded, R:772); the profile starts with ``free_upgrades`` of its upgrades,
    taken at no cost (the Godling's first Eldritch Power, R:660); ``upgrade_limit`` caps how
    many are bought (Minor God, R:672); ``makes_unique``: the model bought with it is Unique
    (Archaic Shaman, R:887); ``prototypes``: Special Branch prototypes it may buy (Internal
    Espionage, R:811); ``followers``: the models that come with it (Dark Allegiance, R:822);
    ``two_hand_weapons``: the 2-Hand weapons it may carry, if not the usual one (Body Part's
    none, R:907); ``handler_skill``: the Skill an Animal's handler needs besides Animal Handler
    (a Mount's rider, Ride, R:1121); ``close_weapons_only``: of its weapons it uses only the
    close combat ones (Faceless, R:860); ``no_damage``: its own weapons' Damage "*" is this
    rule instead (Engulf, R:591).

    What an upgrade changes in the model it is bought for: ``armour`` points it adds with no
    Movement penalty (Barnacle Encrusted, R:568), ``move`` inches it adds (Winged, R:663),
    ``close_specials`` the rules its own close combat weapons gain (Poisonous Barbs, R:570),
    ``skills`` the Skills it gains (the Queen's Command, R:617); ``each``: it is bought once for
    each of what it brings, as many as the list pays for (the Pre-laid Eggs, R:596).
    """

    id: Id
    name: Name
    summary: Summary
    lines: Annotated[tuple[Line, ...], Field(min_length=1)]
    cost: Points | None = None
    counts_as_skill: StrictBool = False
    as_skill: Id | None = None
    command_only: CommandLimit | None = None
    shots: tuple[RangedLine, ...] = ()
    skill_limit: Count | None = None
    free_upgrades: Count = 0
    each: StrictBool = False
    upgrade_limit: Count | None = None
    makes_unique: StrictBool = False
    prototypes: Count = 0
    followers: Followers | None = None
    cheapens: Cheaper | None = None
    two_hand_weapons: Count | None = None
    handler_skill: Id | None = None
    close_weapons_only: StrictBool = False
    no_damage: StrictBool = False
    armour: Count = 0
    move: Count = 0
    close_specials: tuple[RuleCited, ...] = ()
    skills: tuple[Id, ...] = ()


class WeaponRule(Flagged):
    """A special weapon rule (R:1219-1226): ``takes`` a number (APX) or a template size;
    where it is defined; our one-line summary. Rules the book leaves undefined carry the
    notes' placeholder (§6 item 4) and are provisional."""

    id: Id
    name: Name
    takes: Literal["number", "size"] | None = None
    source: RuleSource
    summary: Summary
    lines: Annotated[tuple[Line, ...], Field(min_length=1)]

    @model_validator(mode="after")
    def _unprinted_is_provisional(self) -> Self:
        if self.source is not RuleSource.RULEBOOK and not self.provisional:
            raise ValueError("a rule the rulebook does not define is provisional")
        return self


class Item(Flagged):
    """Anything bought with EP: its id and name, the tables selling it, its cost and the line
    printing it. A row with no cost (Unarmed, Stick, Stone) is free (R:1231)."""

    id: Id
    name: Name
    tables: Annotated[tuple[Table, ...], Field(min_length=1)]
    ep: Points | None = None
    line: Line


class Weapon(Item):
    """A weapon row: a close combat line or shooting lines (the Heat Ray has a line per
    setting, R:1324); ``shots_per_game`` for the Net Gun's three (R:1334)."""

    close: CloseLine | None = None
    ranged: tuple[RangedLine, ...] = ()
    shots_per_game: Annotated[StrictInt, Field(ge=1)] | None = None

    @model_validator(mode="after")
    def _one_kind(self) -> Self:
        if (self.close is None) == (not self.ranged):
            raise ValueError("a weapon has a close line or ranged lines, one of the two")
        if not set(self.tables) <= WEAPON_TABLES:
            raise ValueError("a weapon is sold on a weapon table or by Special Branch")
        if len(self.ranged) > 1 and any(line.name is None for line in self.ranged):
            raise ValueError("each setting of a weapon with several lines is named")
        return self

    @property
    def is_ranged(self) -> bool:
        """Whether it shoots."""
        return bool(self.ranged)

    @property
    def lines(self) -> tuple[CloseLine | RangedLine, ...]:
        """Its stat lines: the close combat one, or one per shooting setting."""
        return (self.close,) if self.close is not None else self.ranged

    @property
    def ammo_choice(self) -> bool:
        """Whether it has Ammo Choice: it comes with one type of its special ammunition, and
        may buy more (R:1222)."""
        return has_ammo_choice(self.lines)


def has_ammo_choice(lines: Sequence[CloseLine | RangedLine]) -> bool:
    """Whether weapon lines have Ammo Choice (R:1222)."""
    return any(r.id == "ammo_choice" for line in lines for r in line.specials)


class Ammo(Item):
    """A special ammunition row (R:1243-1252, R:1275-1281, R:1303-1309), bought per weapon
    upgraded: the weapons it fits, and what it changes. ``damage`` replaces the weapon's
    (Rock Salt's 0, a canister's own); the bonuses add to it; ``only_against`` limits the
    Damage bonus to those profiles (Silver Bullets); ``blocks_sight`` the Turns its template
    blocks line of sight (the Smoke Canister's 1D3+1)."""

    weapons: Annotated[tuple[Id, ...], Field(min_length=1)]
    damage: Damage = None
    damage_bonus: Modifier = 0
    range_bonus: Modifier = 0
    ap_bonus: Modifier = 0
    specials: tuple[RuleCited, ...] = ()
    only_against: tuple[Id, ...] = ()
    blocks_sight: Roll | None = None
    summary: Summary | None = None


class Armour(Item):
    """An armour row (R:1253-1257, R:1282-1286, R:1310-1314): the Movement it costs and the
    Constitution it adds."""

    move: Annotated[StrictInt, Field(ge=-3, le=0)]
    con: Annotated[StrictInt, Field(ge=1, le=3)]


class Gear(Item):
    """An Extra Gear item (R:459-488) or a Special Branch gear prototype (R:1329-1332): its
    uses per game, the Movement it costs, a close combat line if it is one (the Wooden
    Stake, R:486), and what it does in a line of ours."""

    uses_per_game: Annotated[StrictInt, Field(ge=1)] | None = None
    move: Annotated[StrictInt, Field(ge=-3, le=0)] = 0
    close: CloseLine | None = None
    summary: Summary

    @model_validator(mode="after")
    def _on_one_list(self) -> Self:
        if len(self.tables) != 1 or self.tables[0] not in GEAR_TABLES:
            raise ValueError("gear is on the Extra Gear list or Special Branch, one of the two")
        return self


@dataclass(frozen=True, slots=True)
class BookCatalog:
    """Every table of the rulebook's data, each keyed by id."""

    personnel: Mapping[str, Personnel]
    agents: Mapping[str, SpecialAgent]
    lurkers: Mapping[str, Lurker]
    scenario_profiles: Mapping[str, ScenarioProfile]
    animals: Mapping[str, Animal]
    skills: Mapping[str, Skill]
    abilities: Mapping[str, Ability]
    weapon_rules: Mapping[str, WeaponRule]
    weapons: Mapping[str, Weapon]
    ammo: Mapping[str, Ammo]
    armour: Mapping[str, Armour]
    gear: Mapping[str, Gear]

    @property
    def profiles(self) -> dict[str, Profile]:
        """Every profile, whatever its kind, keyed by id (one namespace)."""
        tables: tuple[Mapping[str, Profile], ...] = (
            self.personnel,
            self.agents,
            self.lurkers,
            self.scenario_profiles,
            self.animals,
        )
        return {key: profile for table in tables for key, profile in table.items()}

    @property
    def items(self) -> dict[str, Item]:
        """Every item bought with EP, keyed by id (one namespace)."""
        tables: tuple[Mapping[str, Item], ...] = (self.weapons, self.ammo, self.armour, self.gear)
        return {key: item for table in tables for key, item in table.items()}

    def on_table(self, table: Table) -> tuple[Item, ...]:
        """The items a table sells, in file order."""
        return tuple(item for item in self.items.values() if table in item.tables)

    def standard_ammo(self, weapon: str) -> Ammo:
        """The special type an Ammo Choice weapon comes with where none is listed for it: the
        first the book prints for it (a Short Bow's Fire Arrows, R:1222)."""
        return next(a for a in self.ammo.values() if weapon in a.weapons)

    def armour_of(self, profile: Profile) -> tuple[int, int]:
        """The Movement and Constitution that the armour a profile carries changes."""
        worn = [self.armour[g.item] for g in profile.gear if g.item in self.armour]
        return sum(a.move for a in worn), sum(a.con for a in worn)
