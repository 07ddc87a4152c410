"""A Strange Aeons game's data: profiles, weapons, tables and scenario numbers, from TOML.

Nothing here holds a loaded catalog: the ruleset instance loads its own data file and owns
the result (DESIGN, second edition of the contract: Data), so a variant ruleset is the same
rules with another file.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from skirmish.documents import decode_document
from skirmish.errors import RulesDataError
from skirmish.geometry.shapes import CONTACT
from skirmish.rulesets.strange_aeons.rules_data.scenario_records import DeploymentTable
from skirmish.rulesets.strange_aeons.scenario_play import Setting

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

Effect = Literal[
    "face-up", "face-down", "removed", "revulsion", "frenzy", "revulsion-away", "frenzy-charge"
]
"""What a table row does; the introduction's Revulsion runs to the model's own edge and its
Frenzy moves, the rulebook's Revulsion moves away from the source and its Frenzy Charges."""
WeaponSpecial = Literal[
    "unarmed",
    "parry",
    "blast",
    "power",
    "ready",
    "blast_template",
    "spray_template",
    "dangerous",
    "poison",
    "two_hand",
    "loader",
    "stun",
    "fire",
    "chill",
    "ensnare",
    "confusion",
    "disrupt",
    "repel",
    "strafe",
    "arc",
    "one_shot",
    "banish",
]
Skill = Literal[
    "command",
    "cunning",
    "tactician",
    "lieutenant",
    "smart",
    "heroic",
    "lucky",
    "tough",
    "dodge",
    "parry",
    "sneaky",
    "thick_skin",
    "fearless",
    "rugged",
    "duck",
    "martial_artist",
    "enlightened",
    "fists_of_iron",
    "strike_to_kill",
    "combat_veteran",
    "thunderous_charge",
    "inspire",
    "presence",
    "improved_command",
    "two_fisted",
    "feint",
    "grapple",
    "throw",
    "hide",
    "team_player",
    "destroy_weapon",
    "suicidal",
    "med_student",
    "surly",
    "jump_up",
    "barbaric_yawp",
    "hideous",
    "fear",
    "terror",
    "crack_shot",
    "armour_piercing",
    "master_shot",
    "deadeye",
    "firearms_enthusiast",
    "lightning_fast",
    "enemy_cover",
    "munitions_expert",
    "ambush",
    "accurate",
    "shoot_em_up",
    "sprint",
    "action_hero",
    "swim",
    "surefooted",
    "animal_handler",
    "animal_lover",
    "pack_master",
    "shrill_whistle",
    "ride",
    "trick_rider",
]
"""A profile's skills, and the Special types that cause psychology (Hideous, Fear, Terror)."""
Ability = Literal[
    "blissful_ignorance",
    "child_psychology",
    "father_knows_best",
    "stupid",
    "deadly_rage",
    "madman",
    "filthy",
    "violator",
    "chosen_of_yog_sothoth",
    "partially_visible",
    "stunted",
    "skeletal",
    "strider",
    "evil_eye",
    "unnerving",
    "tiny",
    "dead_thing",
    "elusive",
    "ravenous",
    "infectious_hunger",
    "tenacity",
    "mans_best_friend",
    "sacrifice",
    "medicine",
    "flight",
    "targeted",
    "fire_born",
    "scorching_burst",
    "gaseous_rot",
    "field_tester",
    "lurch",
    "hover",
    "non_lethal_force",
    "constrictor",
    "crushing_grasp",
    "mesmerize",
    "stomp",
    "mimic",
    "primal_scream",
    "baleful_howl",
    "mating_pair",
    "implacable",
    "maddening_gibber",
    "blinding_spittle",
    "war_display",
    "predator",
    "stalker",
    "engulf",
    "master_villain",
    "diabolical_serum",
    "self_medicate",
    "absorb",
    "ooze",
    "assimilate",
    "expectorate",
    "sweep",
    "bolt",
    "mount",
    "hive_mind",
    "surgical_precision",
    "ether_wings",
    "float",
    "highly_conductive",
    "whistling_winds",
    "mind_transfer",
    "neural_shock",
    "transmogrify",
    "infect",
    "bark_at_the_moon",
    "mutilate",
    "pack_leader",
    "cocoon",
    "egg_layer",
    "brood_mother",
    "spider_tide",
    "winged",
    "inbred",
    "spit_goo",
    "deep_one_fish_sauce",
    "swallow_whole",
    "scrawny_swallow_whole",
    "the_stars_are_right",
    "lost_soul",
    "kinesis",
    "grave_bound",
    "the_frighteners",
    "scream",
    "crazy_with_hate",
    "wushu_master",
    "hunter",
    "ever_watchful",
    "sniper_deadeye",
    "dissector",
    "medical_bag",
    "combat_doctor",
    "trapper",
    "the_natural",
    "imprisoned",
    "teleport",
    "celestial_herald",
    "summoner",
    "dark_spawn",
    "compelling_gaze",
    "mind_bomb",
    "node",
    "flopping_wings",
    "transporter",
    "drain",
    "regenerate",
    "snatch",
    "drop",
    "nest",
    "re_emerge",
    "radial_symmetry",
    "dormant",
    "consume",
    "transdimensional_visitor",
    "burrower",
    "worm_spawn",
    "man_of_faith",
    "sermon",
    "icy_touch",
    "possessor",
    "back_up",
    "altered_beast",
]
"""A profile's own rules that the rules act on (the rulebook's Civilian and Child, R:369,
R:374, and the Lurkers', notes §3.4)."""
Equipment = Literal[
    "whip",
    "lucky_charm",
    "tight_boots",
    "firearm_cleaning_kit",
    "garlic",
    "wolfsbane",
    "holy_book",
    "morphine",
    "detonator",
    "bait",
    "table_salt",
    "antivenom",
    "jet_pack",
    "invisibility_suit",
]
"""The Extra Gear and Special Branch gear a model carries that the rules act on (R:459-488,
:mod:`.extra_gear`; the Jet Pack, R:1332; the Invisibility Suit, R:1330)."""
Phobia = Literal[
    "acrophobia",
    "agoraphobia",
    "ballistophobia",
    "bibliophobia",
    "claustrophobia",
    "enochlophobia",
    "haphephobia",
    "hemaphobia",
    "hydrophobia",
    "mysophobia",
    "teratophobia",
    "pyrophobia",
]
"""The Phobias a model carries that the rules act on (R:228-237; notes §6 item 7)."""
ModelType = Literal[
    "human",
    "humanoid",
    "undead",
    "beast",
    "daemon",
    "alien",
    "aquatic",
    "animal",
    "ghost",
]
LOST = "~"
"""Joins a profile's id and an item Destroy Weapon took from it (R:1069)."""
BECOMES = ">"
"""Ends the id of the profile a Wolfman becomes when it Transmogrifies (R:627)."""
UNARMED = "unarmed"
"""The Unarmed row's id, the weapon of a model with none (R:1231)."""
CHANGED = "!"
"""Joins a profile's id and a characteristic changed in play, with the change (the Reagent
Table, R:799-800): ``L3!con+1``; or a Skill gained or lost in play (Assimilate, R:612; Mind
Transfer, R:543): ``L3!+dodge``, ``L3!-dodge``."""
CHANGE = re.compile(r"(move|dex|con|armour|attacks|wounds|res)([+-]\d+)|([+-])([a-z_]+)")
LOADED = "+"
"""Joins a weapon's id and the ammunition it fires (R:1243): ``short_bow+fire_arrows``."""
SETTING = "."
"""Joins a weapon's id and one of the settings printed for it, a line of its own: an item's
(``heat_ray.low``, R:1323) or a profile's (``conqueror_worm.expectorate-ball``, R:557)."""

NONE = 7
"""A Dexterity or Resolve printed "-" (the Ghosts', R:116): a target no D6 reaches, so the
model passes no test of it and hits nothing (rules notes §6 item 61)."""
PSYCHOLOGY_TYPES = frozenset({"human", "animal"})
"""Special types subject to psychology (R:111, R:113-121); Undead, Humanoids and the rest are
not."""


def base_weapon_id(weapon_id: str) -> str:
    """The id of the one weapon a load or a setting is fired from, whatever its ammunition
    (R:1222) or setting (R:1323): ``short_bow`` for ``short_bow+fire_arrows``, ``heat_ray``
    for ``heat_ray.low``, and itself for a weapon of one line not loaded."""
    return weapon_id.partition(LOADED)[0].partition(SETTING)[0]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Weapon(_Strict):
    """A weapon of the log sheets' Weapons Table."""

    id: str
    name: str
    kind: Literal["close", "ranged"]
    damage: int = Field(ge=-1)
    ccb: int = 0
    ccb_d3: bool = False
    """A C.C. bonus of 1D3, rolled for each round of close combat (rules notes item 51)."""
    ap: int = Field(default=0, ge=0)
    range: float = 0.0
    rate: int = Field(default=0, ge=0)
    rate_die: Literal[0, 3, 6] = 0
    """A rolled Rate's die (the Hand Cannon's 1D3+2, R:1322), ``rate`` then added to it."""
    smoke_die: Literal[0, 3, 6] = 0
    """A Smoke Canister's die (R:1309): its template hurts no one and blocks line of sight
    for a roll of it plus ``smoke_turns`` Turns; 0 for every other shot."""
    smoke_turns: int = Field(default=0, ge=0)
    specials: tuple[WeaponSpecial, ...] = ()
    item: bool = False
    """Whether it is an item of a Weapons Table (not a profile's own claws or fists)."""
    template: Literal["S", "L"] | None = None
    """The size of its Blast Template (R:1226), Small or Large, or of its Spray Template,
    Short or Long (notes §6 item 5)."""
    bonus_against: tuple[str, ...] = ()
    """The book's profiles against which it adds ``against_bonus`` Damage (Silver Bullets
    against Werewolves and Wolfmen, R:1252)."""
    against_bonus: int = 0
    earthly: bool = False
    """An item sold on the Master Weapons Table, an "earthly" weapon (Surgical Precision,
    R:550)."""
    ability: Ability | None = None
    """The profile's own rule that gives a shot of its own: one that plays instead of its
    damage (Blinding Spittle, R:875), or one fired once a Turn (Scorching Burst, R:655)."""
    harmless: bool = False
    """A Damage of none or 0: a shot's (the Net Gun's, R:1337; Spit Goo's, R:664), a hit
    that gets through the saves rolls no die to wound, only the weapon's rules taking hold; a
    close combat weapon's printed "-" or "*" (the Repulsor's, R:1295), its free hits none."""
    shots: int = Field(default=0, ge=0)
    """The shots it has for a game (the Net Gun's three, R:1334); 0: no end of them."""

    def has(self, special: WeaponSpecial) -> bool:
        """Whether the weapon has this special rule."""
        return special in self.specials

    @property
    def typical_rate(self) -> int:
        """The Rate the heuristic weighs: fixed, or a rolled one's middle (rounded up)."""
        return self.rate + (self.rate_die + 1) // 2

    @property
    def rate_text(self) -> str:
        """The Rate as the book prints it: ``2`` or ``1D3+2``."""
        return _rolled_text(self.rate, self.rate_die)


class ArmourPiece(_Strict):
    """A piece of armour a model wears: the Constitution it adds, the Movement it costs."""

    id: str
    name: str
    con: int = Field(ge=1)
    move: int = Field(le=0)


class Profile(_Strict):
    """A model's characteristics, skills and gear (Dex and Res are target numbers, :data:`NONE`
    where a Ghost prints none); ``armour`` counts the points of the ``worn`` pieces and of its
    own hide.

    A rolled Movement (R:2116) has ``move_die`` sides (3 or 6) and adds ``move`` to the die,
    armour included; a fixed one is ``move`` alone. Rolled Attacks (rules notes item 51) are
    ``attacks_die`` and ``attacks`` alike."""

    id: str
    name: str
    side: int = Field(ge=0, le=1)
    move: int = Field(ge=-3)
    move_die: Literal[0, 3, 6] = 0
    dex: int = Field(ge=2, le=NONE)
    con: int = Field(ge=1)
    armour: int = Field(default=0, ge=0)
    attacks: int = Field(ge=0)
    attacks_die: Literal[0, 3, 6] = 0
    wounds: int = Field(ge=1)
    res: int = Field(ge=2, le=NONE)
    types: tuple[ModelType, ...]
    skills: tuple[Skill, ...]
    weapons: tuple[str, ...]
    abilities: tuple[Ability, ...] = ()
    worn: tuple[ArmourPiece, ...] = ()
    res_rolled: bool = False
    """Its Resolve is a D6 rolled for each test (R:753, R:806; rules notes item 51); ``res``
    then holds the die's middle, 4, which only the heuristic player reads."""
    command_types: tuple[ModelType, ...] = ()
    """The Special types a limited Command nominates (the Mummy's Undead, R:902); none: any."""
    command_kinds: tuple[str, ...] = ()
    """The book's profiles, by id, a limited Command nominates (the Queen's Swarms, R:617);
    none: any."""
    equipment: tuple[Equipment, ...] = ()
    handler: str = ""
    """An Animal's handler, the model it is equipped to (R:1366); empty for any other."""
    pack: bool = False
    """An Animal that is a Dog, of which Pack Master nominates three (R:1111)."""
    kind: str = ""
    """The book's profile it is, by id, for the rules that name a profile (the Ghoul King's
    Ghouls, R:850; Silver Bullets' Werewolves and Wolfmen, R:1252)."""
    becomes: Profile | None = None
    """The profile that replaces it when it Transmogrifies: a Wolfman's unarmed Cultist
    (R:627)."""
    mob: str = ""
    """The Mob the model begins the game in, by its list entry's name (R:919); empty for
    a model of no Mob."""
    eggs: int = Field(default=0, ge=0)
    """The eggs bought for it before the game, placed at the end of the Lurker deployment
    (Pre-laid Egg, R:596)."""
    phobias: tuple[Phobia, ...] = ()
    later_phobias: int = Field(default=0, ge=0)
    """How many of its ``phobias`` it gained after taking Suicidal (R:1145)."""

    @model_validator(mode="after")
    def _fixed_stats(self) -> Profile:
        if not self.move_die and self.move < 1:
            raise ValueError(f"profile {self.id!r}: a fixed Movement is at least 1")
        # A Ghost printed with no Attacks ("-") has none: it never fights back (R:116).
        if not self.attacks_die and self.attacks < 1 and "ghost" not in self.types:
            raise ValueError(f"profile {self.id!r}: fixed Attacks are at least 1")
        return self

    @property
    def typical_attacks(self) -> int:
        """The Attacks the heuristic weighs: fixed, or a rolled one's middle (rounded up)."""
        return max(1, self.attacks + (self.attacks_die + 1) // 2)

    @property
    def move_text(self) -> str:
        """The Movement as the book prints it: ``5"`` or ``1D6+1"``."""
        return f'{_rolled_text(self.move, self.move_die)}"'

    @property
    def attacks_text(self) -> str:
        """The Attacks as the book prints them: ``2`` or ``1D3``."""
        return _rolled_text(self.attacks, self.attacks_die)

    @property
    def top_move(self) -> int:
        """The most a Move may cover: the Movement, or the highest its roll gives."""
        return max(1, self.move + self.move_die)

    def has(self, skill: Skill) -> bool:
        """Whether the profile has this skill."""
        return skill in self.skills

    def fears(self, phobia: Phobia) -> bool:
        """Whether the model carries this Phobia."""
        return phobia in self.phobias

    def can(self, ability: Ability) -> bool:
        """Whether the profile has this ability of its own."""
        return ability in self.abilities

    @property
    def primary(self) -> ModelType | None:
        """The first Special type listed, whose limits win over the later ones' (R:108);
        ``None`` for a profile with none the game plays."""
        return self.types[0] if self.types else None

    def carries(self, item: Equipment) -> bool:
        """Whether the model carries this item of Extra Gear."""
        return item in self.equipment

    @property
    def subject_to_psychology(self) -> bool:
        """Only Human models and Animals take Resolve tests for psychology (Undead are
        immune; R:111)."""
        return bool(PSYCHOLOGY_TYPES.intersection(self.types)) and "undead" not in self.types


def _rolled_text(value: int, die: int) -> str:
    """A characteristic as the book prints it: fixed, or a die plus a number."""
    if not die:
        return str(value)
    return f"1D{die}{value:+d}" if value else f"1D{die}"


class TerrainFeature(_Strict):
    """What a tag of a board's terrain piece does (advanced terrain, R:252-266): a Move whose
    path touches the piece loses ``move_penalty`` inches (never below ``min_move``), unless it
    is ``water`` and the model Aquatic or a swimmer; a model that goes into one of the
    ``drowns`` states while touching it is removed as a Major Injury (not an Aquatic one); a
    model in it gains the ``cover`` save, ``prone_cover`` when Face Up or Face Down; a Move of
    more than half the model's Movement across a ``slippery`` piece asks for a Dexterity
    test, and every Dexterity test taken on it is ``dex_penalty`` harder; a piece with a
    ``con`` is an inanimate object of that Constitution and ``wounds`` (R:272-281); a river
    whose water goes the way of ``flow`` costs a Move against it ``upstream`` more (R:260);
    a marker lying in it takes ``dig`` more search Actions (Heavy Snow, R:265)."""

    name: str
    rule: str
    move_penalty: int = Field(default=0, ge=0)
    min_move: int = Field(default=0, ge=0)
    water: bool = False
    drowns: tuple[Literal["face-up", "face-down"], ...] = ()
    cover: int | None = Field(default=None, ge=2, le=6)
    prone_cover: int | None = Field(default=None, ge=2, le=6)
    slippery: bool = False
    dex_penalty: int = Field(default=0, ge=0)
    con: int | None = Field(default=None, ge=1)
    wounds: int = Field(default=0, ge=0)
    flow: tuple[float, float] | None = None
    upstream: int = Field(default=0, ge=0)
    dig: int = Field(default=0, ge=0)


class TableRow(_Strict):
    """One band of a dice table."""

    low: int
    high: int
    name: str
    effect: Effect


class Scenario(_Strict):
    """The numbers of the Fight scenario and of the rules it plays with.

    Where the introduction and the rulebook differ (rules notes §1.15), the data says which
    rule a game plays: ``ladder_climb`` inches up a ladder (``None``: the model's Movement);
    ``deployment_edges`` the edges a side may deploy on; ``fear_range`` and ``terror_range``
    the reach of the Fear and Terror triggers (``None``: no such trigger) and
    ``terror_modifier`` what Terror adds to the Insanity roll; ``tough_save`` the save Tough
    gives against every hit (``None``: none) and ``dodge_save`` Dodge's against shooting;
    ``parries_cancel`` whether each Parry of a model cancels one of its opponent's (R:1113);
    ``command_out_of_combat`` whether a Command or
    Lieutenant model must be out of close combat to nominate; ``lieutenant_range`` and
    ``lieutenant_extra`` the Lieutenant's reach and nominations; ``two_weapons`` whether a
    model may fight with two close combat weapons (R:284) and fire two Ranged weapons in one
    Shoot Action (R:285); ``critical_hits`` whether
    to-hit 6s and 1s make critical hits and misses (R:246-251); ``alert_range`` the reach of
    an Alert model's shot (``None``: no Alert, R:245); ``violator_range`` the reach of
    the test for a friend removed by a Violator (R:757; ``None``: the usual);
    ``ability_saves`` and ``shooting_saves`` the saves profiles' own rules give against every
    hit and against shooting (Partially Visible, R:777; Stunted, R:880; Dead Thing, R:693;
    Skeletal, R:887); ``cover_saves_of`` the cover saves they give at all times, which count
    as cover, the better of it and the cover's (Elusive, R:586);
    ``evil_eye_range`` the reach of the Watcher's Evil Eye (R:708), ``hunger_range`` of the
    Wendigo's Infectious Hunger (R:703), ``unnerving_range`` of
    the Re-animated Limb's Unnerving (R:907); ``terrain_free`` the profiles' own rules that
    let terrain cost their Moves nothing (Strider, R:708; Tiny, R:617);
    ``close_range_name`` the name of the +1 Damage within ``blast_range`` (the
    introduction's Blast, the rulebook's Close Range: rules notes item 20); ``falling``
    whether a Face Down model near a roof's edge falls and a push carries a model over it
    (R:268-269); ``jumping`` whether a model may jump from one surface to another (R:271).
    """

    name: str
    deployment_depth: float
    command_range: float
    command_extra: int
    resolve_share_range: float
    psychology_range: float
    isolation_enemies: int
    target_priority_range: float
    ladder_climb: float | None = None
    rough_penalty: int
    face_up_escape: float
    blast_range: float
    close_range_name: str
    prone_save: int
    base_mm: float
    body_height: float
    round_limit: int
    deployment_edges: Literal["any", "short", "long"] = "any"
    fear_range: float | None = None
    terror_range: float | None = None
    terror_modifier: int = 0
    tough_save: int | None = None
    dodge_save: int | None = None
    parries_cancel: bool = False
    command_out_of_combat: bool = False
    lieutenant_range: float = 0.0
    lieutenant_extra: int = 0
    critical_hits: bool = False
    alert_range: float | None = None
    blast_radius: tuple[float, float] = (0.0, 0.0)
    """The Small and the Large Blast Template's radius (R:1226; sizes as notes §6 item 5)."""
    spray_length: tuple[float, float] = (0.0, 0.0)
    """The Short and the Long Spray Template's length (notes §6 item 5)."""
    spray_ends: tuple[float, float] = (0.0, 0.0)
    """The radius of a Spray Template's narrow end and of its wide end."""
    poison_injury: int = 0
    """What a Poison weapon adds to the Injury roll (notes §6 item 4)."""
    two_weapons: bool = False
    """Whether a model may fight with two close combat weapons (R:284) and fire two Ranged
    weapons in one Shoot Action (R:285)."""
    violator_range: float | None = None
    ability_saves: dict[Ability, int] = Field(default_factory=dict)
    shooting_saves: dict[Ability, int] = Field(default_factory=dict)
    cover_saves_of: dict[Ability, int] = Field(default_factory=dict)
    further_cover: int = Field(default=0, ge=0)
    """What each piece of cover beyond the first takes off a cover save (R:187; none in the
    introduction, which has no such rule)."""
    medium_up_to_half: bool = False
    """Whether terrain hiding some of the target, up to half of it, gives Medium cover, no
    better than its sturdiness (R:185, notes §4.1 item 7); the introduction grades it Light,
    Medium being for terrain covering at least half."""
    evil_eye_range: float = 0.0
    hates: dict[Ability, tuple[ModelType, ...]] = Field(default_factory=dict)
    """The Special types of the Lurkers each profile's own rule Hates (Crazy with Hate,
    R:393)."""
    hate_attacks: int = 0
    """What Hate adds to the Attacks against a Hated model (R:239)."""
    hate_ccb: int = 0
    """What Hate adds to the C.C. bonus against a Hated model (R:239)."""
    alert_ready: tuple[Ability, ...] = ()
    """The profiles' own rules that fire Ready weapons when Alert (Ever Watchful, R:423)."""
    alert_ranges: dict[Ability, float] = Field(default_factory=dict)
    """The reach of an Alert shot that a profile's own rule sets (the Sniper's Deadeye,
    R:423)."""
    medical_bag: tuple[Equipment, ...] = ()
    """The items of which the Medic's Medical Bag gives one dose a game (R:413)."""
    combat_doctor_range: float = 0.0
    """How near a friend's removal a Combat Doctor's failed test is re-rolled (R:413)."""
    dissector: int = 0
    """What the Undertaker's Dissector adds to its Injury rolls against :attr:`dissected`
    (R:458)."""
    dissected: tuple[str, ...] = ()
    """The Special types and book profiles, by id, Dissector acts against: Undead and Ghouls
    (R:458)."""
    hunger_range: float = 0.0
    unnerving_range: float = 0.0
    terrain_free: tuple[Ability, ...] = ()
    rough_free: tuple[Ability, ...] = ()
    """The profiles' own rules that rough terrain alone costs nothing (Float, R:533)."""
    over_impassable: tuple[Ability, ...] = ()
    """The profiles' own rules that fly over impassable terrain, never ending a Move in it
    (Ether Wings, R:550; Float, R:533; Hover, R:860; Flight, R:1396; Winged, R:663; R:168)."""
    break_from_combat: bool = False
    """Whether a model in base-to-base may Move out of its combat, its Normal opponents
    rolling to wound it first (R:157; the introduction has no such Move)."""
    rough_stops_charges: bool = False
    """Whether no Charge goes through rough terrain (R:166; the introduction has no such
    rule)."""
    burrowers: tuple[Ability, ...] = ()
    """The profiles' own rules that never end a Move in rough terrain nor Charge a model in
    it (Burrower, R:557)."""
    lurch_move: float = 0.0
    """How far a Zombie goes when its Movement die shows a 6 (Lurch, R:912)."""
    mesmerize_range: float = 0.0
    """How far the Giant Snake's Mesmerize reaches (R:580)."""
    gaze_range: float = 0.0
    """How far the Dark Puppeteer's Compelling Gaze reaches (R:645)."""
    node_range: float = 0.0
    """How near a Puppet a Compelled model has its Resolve made worse (Node, R:650)."""
    stomp_range: float = 0.0
    """How far the Thousand Young's Stomp shakes the ground (R:622)."""
    sweep_range: float = 0.0
    """How far the Conqueror Worm's Sweep reaches (R:557)."""
    sweep_damage: int = 0
    """What the Sweep's hit adds to its D6 (R:557)."""
    mimic_terrain: tuple[str, ...] = ()
    """The tags of the board's pieces that are stands of trees, where Mimic deploys (R:622)."""
    yithian_range: float = 0.0
    """How far a Yithian's Mind Transfer and Neural Shock reach (R:543, R:545)."""
    shock_penalty: int = 0
    """What a victim of a Mind Transfer adds to the Resolve it needs against a Neural Shock
    (R:545)."""
    gust_range: float = 0.0
    """How near a Polyp's gust makes models test (Whistling Winds, R:536)."""
    swirl_save: int = 7
    """The cover save a Polyp's swirling winds give it (Whistling Winds, R:536)."""
    gibber_range: float = 0.0
    """How near the Ghoul King its Ghouls are nominated with it (Maddening Gibber, R:850)."""
    hive_mind_range: float = 0.0
    """How near a nominated Mi-Go another is that it may nominate (Hive Mind, R:550)."""
    howl_ranges: dict[Ability, float] = Field(default_factory=dict)
    """How far each howl reaches (Primal Scream, R:601; Baleful Howl, R:562; Bark at the Moon,
    R:632)."""
    howl_insanity: dict[Ability, int] = Field(default_factory=dict)
    """What a howl adds to the Insanity roll of a model failing its test (Bark at the Moon,
    R:632); a howl not here brings Revulsion with no roll."""
    falling: bool = False
    jumping: bool = False
    fire_out: int = 7
    """A model on Fire puts it out in its side's Upkeep on a D6 of this or more (R:127)."""
    fire_damage: int = 0
    """A model that does not put it out takes a hit of 1D plus this (R:127)."""
    fire_fear: tuple[ModelType, ...] = ()
    """The Special types that suffer Fear from Fire weapons and models on Fire (R:111,
    R:113)."""
    chill_move: int = 0
    """The Movement a Chill hit takes off until the end of the target's next Turn."""
    chill_dex: int = 0
    """What a Chill hit adds to the Dexterity the target needs for as long."""
    confusion_actions: int = 0
    """The Actions a Confusion hit takes from the target at its next Nomination."""
    once_a_turn: dict[Ability, int] = Field(default_factory=dict)
    swallows: dict[Ability, tuple[Literal["face-up", "face-down"], ...]] = Field(
        default_factory=dict
    )
    """The states of the enemies each Swallow Whole swallows (R:665, R:683)."""
    rerolls: dict[Ability, int] = Field(default_factory=dict)
    """The re-rolls a game the profiles' own rules give (The Stars are Right's, R:667)."""
    """The profiles' own rules whose shot is fired once a Turn, with the line that says so
    (Scorching Burst, R:655; Spit Goo, R:664)."""
    pistols: tuple[str, ...] = ()
    """The weapons, by id, that a rider fires from the saddle as freely as a Rate 1D one
    (R:1121)."""
    lost_soul_zones: tuple[int, int] = (1, 1)
    """The zones a Lost Soul's remains are searched in: columns across the board's long side,
    rows across its short one (R:725)."""
    remains_found: int = 7
    """A search of a zone finds a Lost Soul's remains on a D6 of this or more (R:725)."""
    purify_actions: int = 0
    """The Actions that purify a Ghost's remains or Grave Marker and dispel it (R:720,
    R:725)."""
    grave_tether: float = 0.0
    """How far a Grave-bound Ghost may go from its Grave Marker (R:720)."""
    pentacles: int = 0
    """The Pentacles the Scrawny Ones' player places at the start of the game (R:683)."""
    piping_less: int = 0
    """What a Servitor's piping gains: a D6 less this (R:688)."""
    summon_range: float = 0.0
    """How near its Servitor a Daemon summoned is placed (R:688)."""
    summon_must: tuple[float, str] | None = None
    """The Points from which a Servitor's summon must be this profile (R:688)."""
    back_up_calls: int = 7
    """The least D6 that brings the Agent a Squad Leader's Back Up calls for (R:453)."""

    @cached_property
    def alert_reach(self) -> float:
        """The farthest any Alert shot reaches: :attr:`alert_range` or a profile's own
        (:attr:`alert_ranges`); found once, as every Action's check measures each enemy."""
        return max((self.alert_range or 0.0, *self.alert_ranges.values()))

    @cached_property
    def situations_reach(self) -> float:
        """The farthest a model's lasting psychology situations look from it: isolation's,
        Fear's and Terror's reach and base-to-base (:mod:`.psychology`); found once, as each
        situation carried from the placement before asks it."""
        reaches = (self.psychology_range, self.fear_range, self.terror_range, CONTACT)
        return max(r for r in reaches if r is not None)


class _Sides(_Strict):
    names: tuple[str, str]


class _CoverSaves(_Strict):
    light: int
    medium: int
    heavy: int


class _Roster(_Strict):
    threshold: tuple[str, ...] = ()
    lurkers: tuple[str, ...] = ()


class _CatalogFile(_Strict):
    scenario: Scenario
    sides: _Sides
    cover_saves: _CoverSaves
    injury: tuple[TableRow, ...]
    insanity: tuple[TableRow, ...]
    weapon: tuple[Weapon, ...] = ()
    profile: tuple[Profile, ...] = ()
    roster: _Roster = _Roster()
    terrain: dict[str, TerrainFeature] = {}

    @model_validator(mode="after")
    def _references(self) -> _CatalogFile:
        weapons = {w.id for w in self.weapon}
        profiles = {p.id for p in self.profile}
        for p in self.profile:
            for w in p.weapons:
                if w not in weapons:
                    raise ValueError(f"profile {p.id!r} carries unknown weapon {w!r}")
        for pid in (*self.roster.threshold, *self.roster.lurkers):
            if pid not in profiles:
                raise ValueError(f"roster names unknown profile {pid!r}")
        return self


@dataclass(frozen=True, slots=True)
class Catalog:
    """Everything the rules read from a data file; a game whose models come from its setup
    has a catalog of its own, ``forces`` a digest of them (empty for a data file's), so that
    what is remembered of one game's models is never read for another's; ``quadrants`` the
    table that deploys its models where its scenario deploys at random (Free For All!);
    ``setting`` the Basic Scenario played where it is not the Fight nor Free For All!;
    ``terrain`` what each tag a board's pieces carry does (none in the introduction)."""

    scenario: Scenario
    side_names: tuple[str, str]
    cover_saves: tuple[int, int, int]  # light, medium, heavy
    injury: tuple[TableRow, ...]
    insanity: tuple[TableRow, ...]
    weapons: dict[str, Weapon]
    profiles: dict[str, Profile]
    roster: tuple[tuple[str, ...], tuple[str, ...]]
    forces: str = ""
    quadrants: DeploymentTable | None = None
    setting: Setting | None = None
    terrain: Mapping[str, TerrainFeature] = field(default_factory=dict)
    stripped: dict[str, Profile] = field(default_factory=dict)
    offers: dict[str, tuple[tuple[int, bool], ...]] = field(default_factory=dict, compare=False)
    """The rows of :data:`.offers.OFFERS` each profile, by id, may answer, each with whether
    it answers it by itself (else the game is asked): found once per profile."""
    ranges: dict[str, float] = field(default_factory=dict, compare=False)
    """The farthest each profile, by id, shoots (:func:`.shooting.longest_range`): found once
    per profile."""

    def weapon(self, weapon_id: str) -> Weapon:
        """A weapon by id."""
        return self.weapons[weapon_id]

    def profile(self, profile_id: str) -> Profile:
        """A profile by id; ``base~item`` is ``base`` without that weapon or armour, which
        Destroy Weapon took (R:1069); ``base!con+1`` is ``base`` with that characteristic
        changed in play (the Reagent Table, R:799-800), ``base!+skill`` and ``base!-skill`` with
        and without a Skill gained or lost in play (R:612, R:543); ``base>`` the profile
        ``base`` becomes (Transmogrify, R:627)."""
        found = self.profiles.get(profile_id)
        if found is not None:
            return found
        found = self.stripped.get(profile_id)
        if found is None:
            cut = max(profile_id.rfind(mark) for mark in (LOST, CHANGED, BECOMES))
            if cut < 0:
                raise KeyError(profile_id)
            base, mark, what = profile_id[:cut], profile_id[cut], profile_id[cut + 1 :]
            found = self.stripped[profile_id] = _derived(self.profile(base), mark, what)
        return found

    def close_weapon(self, profile: Profile) -> Weapon:
        """The close combat weapon a model fights with: its best one, else Unarmed.

        The introductory weapons are strictly ordered (a higher C.C. bonus never comes with
        less damage), so fighting with the best loses no choice.
        """
        close = self.close_weapons(profile)
        return close[0] if close else self.weapons["unarmed"]

    def close_weapons(self, profile: Profile) -> list[Weapon]:
        """The model's close combat weapons, the best first (C.C. bonus, Damage, Parry), the
        Unarmed row last: any weapon is fought with before it (a Stone's 1D-1 too, R:1233)."""
        close = [self.weapons[w] for w in profile.weapons if self.weapons[w].kind == "close"]
        return sorted(
            close,
            key=lambda w: (w.id != UNARMED, w.ccb, w.damage, w.has("parry")),
            reverse=True,
        )

    def ranged_weapons(self, profile: Profile) -> list[Weapon]:
        """The model's ranged weapons."""
        return [self.weapons[w] for w in profile.weapons if self.weapons[w].kind == "ranged"]

    def table_row(self, table: tuple[TableRow, ...], value: int) -> TableRow:
        """The band of ``table`` that ``value`` falls in, clamped to the table's ends."""
        value = max(table[0].low, min(table[-1].high, value))
        return next(row for row in table if row.low <= value <= row.high)


def _derived(profile: Profile, mark: str, what: str) -> Profile:
    """``profile`` without the item ``what``, with the change ``what``, or the profile it
    becomes (Transmogrify, R:627)."""
    if mark == BECOMES and profile.becomes is not None:
        return profile.becomes
    if mark == CHANGED:
        return _changed(profile, what)
    return _without(profile, what)


def _without(profile: Profile, lost: str) -> Profile:
    """``profile`` without the weapon (with every ammunition it fires and every setting it
    has) or the armour ``lost``."""
    piece = next((a for a in profile.worn if a.id == lost), None)
    if piece is None:
        kept = tuple(w for w in profile.weapons if base_weapon_id(w) != lost)
        return profile.model_copy(update={"weapons": kept})
    return profile.model_copy(
        update={
            "worn": tuple(a for a in profile.worn if a is not piece),
            "armour": profile.armour - piece.con,
            "move": profile.move - piece.move,
        }
    )


def _changed(profile: Profile, change: str) -> Profile:
    """``profile`` with the characteristic of ``change`` (``con+1``) moved by its number, or
    with or without the Skill it names (``+dodge``, ``-dodge``)."""
    found = CHANGE.fullmatch(change)
    if found is None:
        raise KeyError(f"{profile.id}: {change!r} is no change of a characteristic")
    stat, by, sign, skill = found.groups()
    if sign == "+":
        return profile.model_copy(update={"skills": (*profile.skills, skill)})
    if sign == "-":
        return profile.model_copy(update={"skills": tuple(s for s in profile.skills if s != skill)})
    return profile.model_copy(update={stat: getattr(profile, stat) + int(by)})


def parse_catalog(text: str, source: str = "intro.toml") -> Catalog:
    """Validate the TOML text of the introductory data.

    Raises:
        RulesDataError: the text is not valid TOML or does not match the schema.
    """
    raw = decode_document(text, "toml", source, RulesDataError)
    try:
        data = _CatalogFile.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"])
        raise RulesDataError(f"{source}: {where}: {err['msg']}") from None
    _check_table(data.injury, "injury", source)
    _check_table(data.insanity, "insanity", source)
    c = data.cover_saves
    return Catalog(
        scenario=data.scenario,
        side_names=data.sides.names,
        cover_saves=(c.light, c.medium, c.heavy),
        injury=data.injury,
        insanity=data.insanity,
        weapons={w.id: w for w in data.weapon},
        profiles={p.id: p for p in data.profile},
        roster=(data.roster.threshold, data.roster.lurkers),
        terrain=data.terrain,
    )


def _check_table(rows: tuple[TableRow, ...], name: str, source: str) -> None:
    for before, after in itertools.pairwise(rows):
        if after.low != before.high + 1:
            raise RulesDataError(f"{source}: {name} table has a gap or overlap at {after.low}")


def load_catalog(file: Traversable) -> Catalog:
    """The catalog in ``file``, for a ruleset to load once and keep.

    Raises:
        RulesDataError: the file cannot be read, or its text is not a valid catalog.
    """
    try:
        text = file.read_text(encoding="utf-8")
    except OSError as exc:
        raise RulesDataError(f"{file.name}: cannot be read: {exc}") from None
    return parse_catalog(text, file.name)
