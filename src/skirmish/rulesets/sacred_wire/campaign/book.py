"""The Sacred Wire 28 campaign book: a squad between games (K2, K3).

The campaign's tables are the catalogue's (:mod:`..rules_data.campaign_tables`), the post-game
sequence that turns a book and a game's outcome into the next book in :mod:`.post_game` (a game of
the kernel whose state holds the book as values, :mod:`.sheet`), and the owner's bookkeeping of
post-game steps 5-8 in :mod:`.management`.

The book file
=============

A book is one TOML or JSON document (chosen by the file extension). It is a squad file (see
:mod:`.squad`) whose models carry what the campaign adds, plus the squad's campaign state::

    name = "Wrecking Crew"
    subs = 0              # the treasury: the squad's unspent subs (notes A67) and all income
    leads = 0             # Leads (K2.3)
    evidence = [3, 7]     # recorded Evidence types, the d10 faces (K2.3)
    unrecorded = 0        # Evidence found but not recorded yet (K2.3)
    lockers = ["Sword"]   # kit in storage, unlimited (K3)
    slagged = [["Heavy Cuirass", 1]]  # the Lockers' armour pieces Slag Armor took classes off,
                          # each a piece of ``lockers`` and the classes it lost (R6.4, notes
                          # A71); left out when none
    games = 0             # post-games applied
    records = ["3f1c..."] # the games applied: a record's SHA-256 of setup, seed and actions,
                          # a table game's of its outcome (label included)
    extractor = true      # held the Source at the end of the last attempt: the Extractor of
                          # the next (M13.2); left out when not
    signal_played = true  # played The Signal, which comes once only (K1.2); left out when not
    signal_elsewhere = true  # played against a book that had The Signal behind it: other
                          # squads played it, once a campaign (K1.2); left out when not

    [[models]]            # at most five: the squad file's fields (name, contract, dice, kit)...
    name = "Mara Voss"
    contract = "Boss"
    ...
    merits = 3            # ...and the campaign's (K3.1)
    sidelined = false     # misses the next game (K3.3 Sidelined)
    damage = 0            # Performance Review damage carried into the next game (notes A62)
    slag = 0              # armour classes its piece lost to Slag Armor (R6.4, notes A71)
    promoted = "armor"    # a Resource made Boss when the Boss died: "both-weapons" or "armor"
    powers = ["Focus"]    # Powers gained by Promotion (Broadcasters only, notes A66)
    forgotten = ["Ping"]  # Powers Broadcast Storm took for good (R7.3): never cast again
    changes = [{ name = "Hobbled", rule = "K3.3", stat = "move", n = -1 }]

``records`` lets a game's post-game count once (:func:`.outcome.applied_id`); a book written before
it existed has none. Merits, Leads and unrecorded Evidence are at most
:data:`..rules_data.campaign_tables.MOST`; names are printable text of up to 40 characters.

``changes`` are the model's permanent changes in order (Injuries K3.3, Promotions K3.4, losses in
play R6, and the cybernetics bought to repair a penalty, rule R3.11, notes A70); ``stat`` is one of
combat, defense, wits, move, max-health or ranged (Burned Out), and ``n`` the change that took
effect within the limits. A cybernetic repairs only the penalty of an Injury or of a Critical or
Fumble in play, as R3.9 names them, never a Promotion roll's Demotion (K3.4); Targeting repairs a
Combat penalty, Burned Out included, as that is a Combat penalty on ranged attacks (notes A72).

Validation reuses :mod:`.squad`'s checks of each model (C2.1, C2.3, C2.4, R3.5, names), without the
60-sub budget (kit is bought later with the squad's subs), with at most five models and exactly one
Boss: the Boss contract, or a Resource promoted when the Boss died (K3, notes A81), whose perk
widens its contract's weapon access or armour. Attributes stay within 2d4..2d12, max Health above 0
and Move at 1" or more (K3.3). Every problem is reported on one line."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, ValidationError

from skirmish.data_files import TABLE_ERRORS, location_text
from skirmish.errors import FileError, SkirmishError, quoted
from skirmish.files import write_text
from skirmish.rulesets.sacred_wire.rolls.tiers import Tier
from skirmish.rulesets.sacred_wire.rules_data.campaign_tables import (
    Bounded,
    CampaignRules,
    Positive,
    Signed,
)
from skirmish.rulesets.sacred_wire.rules_data.catalog import (
    Armor,
    ArmorClass,
    Catalog,
    Contract,
    Item,
    Power,
    UnknownEntryError,
    WeaponAccess,
)
from skirmish.rulesets.sacred_wire.rules_data.effects import (
    CanCast,
    Penalty,
    RepairPenalty,
    effects_of,
)
from skirmish.rulesets.sacred_wire.rules_data.reading import (
    RuleId,
    name_key,
)
from skirmish.rulesets.sacred_wire.squads.lineup import Lineup, Profile, profile_of
from skirmish.rulesets.sacred_wire.squads.roster import slag_move, worn_armor
from skirmish.rulesets.sacred_wire.squads.squad import (
    Attribute,
    ModelDraft,
    ModelSpec,
    Name,
    Names,
    Squad,
    SquadModel,
    SquadOptions,
    Text,
    build_model,
    check_model,
    check_model_names,
    decode_document,
    dice_text,
    did_you_mean,
    file_label,
    load_sample_squad,
    load_squad,
    model_label,
    plural,
    problem_list,
    read_document,
    resolve_model,
    sample_squad_names,
    squad_to_data,
)

if TYPE_CHECKING:
    from skirmish.rulesets.sacred_wire.campaign.sheet import BookSheet

__all__ = [
    "CYBERNETICS",
    "HIRE",
    "LATER",
    "LOCKERS",
    "LOSS_IN_PLAY",
    "PART",
    "STATE",
    "Book",
    "CampaignError",
    "Change",
    "Member",
    "Perk",
    "Slagged",
    "book_from_data",
    "book_report",
    "book_to_data",
    "change_text",
    "from_lockers",
    "is_book_data",
    "load_book",
    "matching",
    "member_from_data",
    "new_book",
    "parse_book",
    "perks",
    "repairable",
    "save_book",
    "shape_problems",
    "squad_for_book",
    "state_data",
    "stock_item",
    "to_lockers",
]

#: Where kit is stored between games (K3): the holder name of the Lockers.
LOCKERS = "lockers"
#: The command that hires a new Resource (post-game step 7, K3, notes A80).
HIRE = (
    "skirmish sacred-wire campaign hire BOOK --name NAME --contract CONTRACT --array ARRAY "
    "--combat DICE --defense DICE --wits DICE"
)
#: The rule of the cybernetics, which repair a model's penalties (notes A70).
CYBERNETICS = "R3.11"
#: The rule of a permanent loss a Critical or Fumble dealt in play, kept as a change (notes A72).
LOSS_IN_PLAY = "R6"
#: The penalties a cybernetic's repair matches beyond its own: Targeting's Combat repair also
#: matches Burned Out, a Combat penalty on ranged attacks only (R3.9, notes A72); the plain
#: Combat penalty comes first, as it weighs on every attack.
_MATCHES = {Penalty.COMBAT: (Penalty.COMBAT, Penalty.RANGED)}
_FORMATS = ("toml", "json")
_OPTIONS = SquadOptions()
#: A game record's identifier: the hex SHA-256 of its canonical JSON.
RecordId = Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]


class CampaignError(SkirmishError):
    """A campaign book that cannot be read or breaks the rules, or a bookkeeping step that the
    rules do not allow."""


# --------------------------------------------------------------------------------------------
# The book
# --------------------------------------------------------------------------------------------


class Perk(StrEnum):
    """What a Resource promoted to Boss gains (K3, notes A81)."""

    BOTH_WEAPONS = "both-weapons"
    ARMOR = "armor"

    @property
    def text(self) -> str:
        """What the perk gives, in words."""
        if self is Perk.BOTH_WEAPONS:
            return "access to melee and ranged weapons"
        return "one heavier armour class (Light, Medium, Heavy)"


def perks(contract: Contract) -> tuple[Perk, ...]:
    """The perks that would change something for a Resource of ``contract``."""
    found = []
    if contract.weapons is not WeaponAccess.BOTH:
        found.append(Perk.BOTH_WEAPONS)
    if contract.max_armor is not ArmorClass.HEAVY:
        found.append(Perk.ARMOR)
    return tuple(found)


def _perked(contract: Contract, perk: Perk) -> Contract:
    if perk is Perk.BOTH_WEAPONS:
        return replace(contract, weapons=WeaponAccess.BOTH)
    classes = list(ArmorClass)
    return replace(contract, max_armor=classes[min(contract.max_armor.rank + 1, 2)])


#: The most subs, games or damage a book holds. TOML integers are 64-bit, so a larger number
#: written back would be no TOML; a campaign earns tens of subs a game, so a billion is never
#: reached in play, and the sums of a post-game stay far inside 64 bits.
TALLY_MOST = 1_000_000_000
#: A book's count of 0 to :data:`TALLY_MOST`.
Tally = Annotated[StrictInt, Field(ge=0, le=TALLY_MOST)]
SLAG_MOST = 3  # notes A71: three classes down destroys any armour piece
SLAG = "R6.4"  # Slag Armor: the armour piece a class down, for good

_STAT_TEXT = {
    Penalty.COMBAT: "{n:+d} DT Combat",
    Penalty.DEFENSE: "{n:+d} DT Defense",
    Penalty.WITS: "{n:+d} DT Wits",
    Penalty.MOVE: '{n:+d}" Move',
    Penalty.MAX_HEALTH: "{n:+d} max Health",
    Penalty.RANGED: "{n:+d} DT Combat on ranged attacks",
}


def change_text(stat: Penalty, n: int) -> str:
    """``-1" Move``, ``+1 DT Wits``."""
    return _STAT_TEXT[stat].format(n=n)


@dataclass(frozen=True, slots=True)
class Change:
    """A permanent change of one model: an Injury (K3.3), a Promotion (K3.4) or a cybernetic's
    repair (R3.11), a loss in play (R6); ``stat`` is combat, defense, wits, move, max-health
    or ranged (Burned Out: Combat on ranged attacks only, notes A72)."""

    name: str
    rule: str
    stat: Penalty
    n: int

    def __str__(self) -> str:
        return f"{change_text(self.stat, self.n)} ({self.name}, {self.rule})"


@dataclass(slots=True)
class Member:
    """One model of the campaign squad: its squad profile and kit (:class:`SquadModel`) and what
    the campaign added to it."""

    model: SquadModel
    merits: int = 0
    changes: tuple[Change, ...] = ()
    powers: tuple[Power, ...] = ()
    promoted: Perk | None = None
    sidelined: bool = False
    damage: int = 0
    slag: int = 0
    forgotten: tuple[Power, ...] = ()

    @property
    def name(self) -> str:
        """The model's name."""
        return self.model.name

    @property
    def is_boss(self) -> bool:
        """The Boss, or the Resource promoted in its place (K3, notes A81)."""
        return self.model.is_boss or self.promoted is not None

    @property
    def can_cast(self) -> bool:
        """Only a contract that can Cast takes a Power (C2.4, notes A66)."""
        return bool(effects_of(self.model.contract.effects, CanCast))

    @property
    def all_powers(self) -> tuple[Power, ...]:
        """Its starting Power and those gained by Promotion, but those it forgot (R7.3)."""
        start = (self.model.power,) if self.model.power else ()
        return tuple(p for p in (*start, *self.powers) if p not in self.forgotten)

    def steps(self, stat: Penalty) -> int:
        """The sum of its changes of ``stat``."""
        return sum(c.n for c in self.changes if c.stat is stat)

    def tier(self, attribute: Attribute) -> Tier:
        """An attribute's dice after the campaign's changes."""
        base = Tier(self.model.tiers.get(attribute))
        return Tier.at(base.rank + self.steps(Penalty(attribute.value)))

    @property
    def max_health(self) -> int:
        """Max Health after the campaign's changes."""
        return self.model.health + self.steps(Penalty.MAX_HEALTH)

    @property
    def health(self) -> int:
        """The Health it starts the next game with (notes A62: never below 1)."""
        return max(1, self.max_health - self.damage)

    @property
    def move(self) -> int:
        """Move after the campaign's changes, its armour whole: the Move its profile carries
        into play, where Slag Armor's change is added (:meth:`move_in_play`)."""
        return self.model.move + self.steps(Penalty.MOVE)

    def move_in_play(self, catalog: Catalog) -> int:
        """The Move it plays with: :attr:`move` and what its slagged armour changes, by play's
        own reckoning (notes A71: Heavy's -1" goes when the piece drops to Medium)."""
        worn = self.model.armor.name if self.model.armor else None
        return self.move + slag_move(catalog, self.model.contract, worn, worn, self.slag)

    @property
    def kit(self) -> tuple[str, ...]:
        """The names of everything it carries."""
        return tuple(item.name for item in self.model.items)

    def profile(self) -> Profile:
        """The model as it takes the table in the squad's next game: its dice, Max Health and
        Move after the campaign's changes, every Power it has, the Health its Performance
        Review took (notes A62), its slagged armour (R6.4, notes A71) and Burned Out (notes
        A72); a promoted Resource leads as the Boss (notes A81)."""
        return replace(
            profile_of(self.model),
            boss=self.is_boss,
            combat=self.tier(Attribute.COMBAT).sides,
            defense=self.tier(Attribute.DEFENSE).sides,
            wits=self.tier(Attribute.WITS).sides,
            health=self.max_health,
            move=self.move,
            powers=tuple(p.name for p in self.all_powers),
            damage=self.damage,
            slag=self.slag,
            burned=-self.steps(Penalty.RANGED),
        )

    def promote(self, perk: Perk) -> None:
        """This Resource becomes the Boss, its contract widened by ``perk`` (K3, notes A81)."""
        self.promoted = perk
        self.model = replace(self.model, contract=_perked(self.model.contract, perk))


#: A campaign state field's metadata: the words that say the part differs (a record applies to
#: the book as it stood, :func:`.outcome.book_parts`).
PART = "part"
#: A campaign state field's metadata: the field came after books were first written, so the
#: file leaves it out while unset or empty, and a book (or a record's digest of it) from before
#: it reads and writes the same.
LATER = "later"
#: A slagged armour piece in the Lockers: its name and the classes Slag Armor took (R6.4, A71).
Slagged = tuple[str, int]


@dataclass(slots=True)
class Book:
    """A campaign squad between games: a squad's name, description and roster, then its
    campaign state (:data:`STATE`), each field with the words for it (:data:`PART`)."""

    name: str
    description: str = ""
    members: list[Member] = field(default_factory=list)
    subs: int = field(default=0, metadata={PART: "its subs"})
    leads: int = field(default=0, metadata={PART: "its Leads"})
    evidence: tuple[int, ...] = field(default=(), metadata={PART: "its Evidence"})
    unrecorded: int = field(default=0, metadata={PART: "its unrecorded Evidence"})
    lockers: tuple[str, ...] = field(default=(), metadata={PART: "its Lockers"})
    slagged: tuple[Slagged, ...] = field(
        default=(), metadata={PART: "its slagged pieces in the Lockers", LATER: True}
    )
    games: int = field(default=0, metadata={PART: "its games played"})
    records: tuple[str, ...] = field(default=(), metadata={PART: "the games it took"})
    extractor: bool = field(
        default=False, metadata={PART: "its Extractor mark (M13.2)", LATER: True}
    )
    signal_played: bool = field(
        default=False, metadata={PART: "its Signal mark (K1.2)", LATER: True}
    )
    signal_elsewhere: bool = field(
        default=False,
        metadata={PART: "its mark of The Signal played by others (K1.2)", LATER: True},
    )

    @property
    def signal_done(self) -> bool:
        """The Signal is behind the squad's campaign (once a campaign, K1.2): the squad played
        it (``signal_played``), or a game against a book that knew it showed other squads had
        (``signal_elsewhere``); either way the squad never plays it."""
        return self.signal_played or self.signal_elsewhere

    def member(self, name: str) -> Member:
        """The model called ``name`` (any case).

        :raises CampaignError: no such model.
        """
        for member in self.members:
            if name_key(member.name) == name_key(name):
                return member
        names = [m.name for m in self.members]
        raise CampaignError(f"no model {name!r} in {self.name!r}{did_you_mean(name, names)}")

    @property
    def boss(self) -> Member | None:
        """The squad's Boss (None only when no model is left)."""
        return next((m for m in self.members if m.is_boss), None)

    def short_of(self, size: int) -> int:
        """How many models the roster lacks of a squad's ``size``, the Sidelined counted: they
        stay home, but a dead model is replaced (K3)."""
        return max(0, size - len(self.members))

    def lineup(self, size: int) -> Lineup:
        """The squad that plays the book's next game: every model but the Sidelined (K3.3),
        each as :meth:`Member.profile` makes it; a squad of ``size`` models always, so the
        dead are replaced first (K3).

        :raises CampaignError: the roster is short of ``size``, or every model is Sidelined.
        """
        short = self.short_of(size)
        if short:
            raise CampaignError(
                f"{self.name!r} has {plural(len(self.members), 'model')}: a squad always has "
                f"{size}, so hire {short} first, free (K3): {HIRE}"
            )
        playing = tuple(m.profile() for m in self.members if not m.sidelined)
        if not playing:
            raise CampaignError(f"{self.name!r} has no model fit to play its next game (K3.3)")
        return Lineup(self.name, playing)


#: The book's campaign state, the fields of :class:`Book` after its roster in the file's order,
#: with the words for each: read and written by name wherever a whole book is (its file, the
#: post-game's :class:`.sheet.BookSheet`, a record's digests), so that a new one is a field of
#: :class:`Book`, of :class:`_BookIn` and of the sheet, and nothing more. A book or a sheet is
#: made from it as keywords by name (``Book(**state)``), which mypy does not check: its typed
#: form names every field at every call, the second list of the state this one replaces, so the
#: kinds are checked by the round trip of every form instead
#: (``test_k3_the_books_campaign_state_is_listed_once_and_held_by_every_form_of_the_book``).
STATE: Mapping[str, str] = {
    f.name: str(f.metadata[PART]) for f in fields(Book) if PART in f.metadata
}
_LATER = frozenset(f.name for f in fields(Book) if f.metadata.get(LATER))


def state_data(book: Book | BookSheet) -> dict[str, Any]:
    """The campaign state (:data:`STATE`) of a :class:`Book` or a :class:`.sheet.BookSheet`
    as the file writes it: sequences as lists, and a field that came later (:data:`LATER`)
    only when set, so that a book from before it reads and writes the same."""
    data: dict[str, Any] = {}
    for key in STATE:
        value = getattr(book, key)
        if key in _LATER and not value:
            continue
        data[key] = _listed(value)
    return data


def _listed(value: Any) -> Any:
    """``value`` with its tuples as lists, nested ones too: the file's arrays."""
    return [_listed(v) for v in value] if isinstance(value, tuple) else value


def to_lockers(slagged: Sequence[Slagged], armor: str, slag: int) -> tuple[Slagged, ...]:
    """The Lockers' slagged pieces once the piece ``armor`` ("" for none), ``slag`` classes
    down, is stored there: it keeps its damage (R6.4, notes A71), and the Lockers keep any kit
    (K3, no limits)."""
    kept = tuple(slagged)
    return (*kept, (armor, slag)) if armor and slag else kept


def from_lockers(
    lockers: Sequence[str], slagged: Sequence[Slagged], name: str
) -> tuple[tuple[Slagged, ...], int]:
    """Which of the Lockers' pieces called ``name`` (one there) leaves them: a whole one while
    there is one, else the least slagged. Returns the slagged pieces left and the classes the
    one leaving lost, which go with it (R6.4, notes A71)."""
    kept = list(slagged)
    mine = [entry for entry in kept if entry[0] == name]
    if lockers.count(name) > len(mine):
        return tuple(kept), 0
    least = min(mine, key=lambda entry: entry[1])
    kept.remove(least)
    return tuple(kept), least[1]


def new_book(squad: Squad) -> Book:
    """A campaign starts: the squad's models with no Merits, its unspent subs in the treasury
    (notes A67), no Evidence and no Leads (K2)."""
    return Book(
        squad.name,
        squad.description,
        [Member(model) for model in squad.models],
        subs=squad.unspent,
    )


def squad_for_book(spec: str, catalog: Catalog) -> Squad:
    """A shipped sample squad by name, or a squad file, validated against ``catalog``."""
    if spec in sample_squad_names():
        return load_sample_squad(spec, catalog=catalog)
    return load_squad(spec, catalog=catalog)


# --------------------------------------------------------------------------------------------
# Reading
# --------------------------------------------------------------------------------------------


class _ChangeIn(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: Name
    rule: RuleId
    stat: Literal["combat", "defense", "wits", "move", "max-health", "ranged"]
    n: Signed


class _MemberIn(ModelSpec):
    merits: Bounded = 0
    changes: tuple[_ChangeIn, ...] = ()
    powers: Names = ()
    forgotten: Names = ()
    promoted: Perk | None = None
    sidelined: StrictBool = False
    damage: Tally = 0
    slag: Annotated[StrictInt, Field(ge=0, le=SLAG_MOST)] = 0


class _BookIn(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: Name
    description: Text = ""
    subs: Tally = 0
    leads: Bounded = 0
    evidence: tuple[Positive, ...] = ()
    unrecorded: Bounded = 0
    lockers: Names = ()
    slagged: tuple[tuple[Name, Annotated[StrictInt, Field(ge=1, le=SLAG_MOST)]], ...] = ()
    games: Tally = 0
    records: tuple[RecordId, ...] = ()
    extractor: StrictBool = False
    signal_played: StrictBool = False
    signal_elsewhere: StrictBool = False
    models: list[_MemberIn]


def is_book_data(raw: object) -> bool:
    """Whether a squad or book file's data is a campaign book's: a model carries its Merits
    (K3.1), which every book file has written for every model (:func:`book_to_data`) and a
    squad file has no field for; a book written by hand may leave them out of the others (0
    by default). Keys of the campaign state cannot tell them apart: they all have defaults, so
    a squad file with one stray is a squad still, refused for the key, not a book spared the
    squad's checks."""
    models = raw.get("models") if isinstance(raw, dict) else None
    return isinstance(models, list) and any(isinstance(m, dict) and "merits" in m for m in models)


def load_book(path: str | Path, catalog: Catalog) -> Book:
    """Read and validate a campaign book against ``catalog``; ``.toml`` or ``.json`` picks the
    format.

    :raises CampaignError: one line listing every problem found.
    """
    try:
        text, fmt = read_document(path, "campaign book")
    except SkirmishError as exc:
        raise CampaignError(str(exc)) from None
    return parse_book(text, fmt, catalog, label=file_label("campaign book", path))


def parse_book(text: str, fmt: str, catalog: Catalog, *, label: str = "campaign book") -> Book:
    """Validate a book given as TOML or JSON text.

    :raises CampaignError: one line listing every problem found.
    """
    try:
        raw = decode_document(text, fmt, label)
    except SkirmishError as exc:
        raise CampaignError(str(exc)) from None
    return book_from_data(raw, catalog, label)


def book_from_data(
    raw: object, catalog: Catalog, label: str = "campaign book", *, change: str = ""
) -> Book:
    """Validate a book given as plain data (the file's schema). ``change`` names the
    bookkeeping step that made ``raw`` (``"hire 'Vex'"``): its problems then read as what the
    step may not do, not as a broken book.

    :raises CampaignError: one line listing every problem found.
    """
    try:
        spec = _BookIn.model_validate(raw)
    except ValidationError as exc:
        header = f"cannot {change}" if change else f"{label} is invalid"
        raise CampaignError(f"{header}: {shape_problems(raw, exc)}") from None
    header = f"cannot {change}" if change else f"campaign book {spec.name!r} is invalid"
    rules = catalog.campaign
    problems: list[str] = []
    drafts = [_draft(i, model, catalog, problems) for i, model in enumerate(spec.models)]
    check_model_names(drafts, problems)
    _check_roster(drafts, spec.models, catalog, problems)
    lockers = _lockers(spec.lockers, catalog, problems)
    slagged = _slagged(spec.slagged, lockers, catalog, problems)
    _check_evidence(spec.evidence, rules, problems)
    if len(set(spec.records)) != len(spec.records):
        problems.append("records: a game record is listed twice (each counts once, K3)")
    if problems:
        raise CampaignError(f"{header}: {problem_list(problems)}")
    members = [_member(d, s, catalog, problems) for d, s in zip(drafts, spec.models, strict=True)]
    for member in members:
        _check_member(member, rules, catalog, problems)
    if problems:
        raise CampaignError(f"{header}: {problem_list(problems)}")
    state = {key: getattr(spec, key) for key in STATE}  # by name: see STATE
    named = {"lockers": lockers, "slagged": slagged}  # as the catalogue spells them
    return Book(spec.name, spec.description, members, **(state | named))


def member_from_data(raw: Mapping[str, Any], catalog: Catalog) -> Member:
    """One model of a book given as plain data (a ``[[models]]`` entry of the file), checked as
    a squad file's model is (C2.1-C2.4, R3.5) but not against the limits nor the rest of the
    squad: the post-game sequence reads its models so between steps (:mod:`.sheet`).

    :raises CampaignError: one line listing every problem found.
    """
    label = f"model {raw.get('name')!r}"
    try:
        spec = _MemberIn.model_validate(raw)
    except ValidationError as exc:
        raise CampaignError(f"{label} is invalid: {shape_problems(raw, exc)}") from None
    problems: list[str] = []
    draft = _draft(0, spec, catalog, problems)
    member = None if problems else _member(draft, spec, catalog, problems)
    if member is None or problems:
        raise CampaignError(f"{label} is invalid: {problem_list(problems)}")
    return member


def _format(path: Path, label: str) -> str:
    fmt = path.suffix.lower().lstrip(".")
    if fmt not in _FORMATS:
        raise CampaignError(f"{label}: the file name must end in .toml or .json")
    return fmt


def shape_problems(raw: object, exc: ValidationError) -> str:
    """Every problem of a file's shape on one line, each with where it is."""
    seen: list[str] = []
    for error in exc.errors(include_url=False):
        where = _where(raw, error["loc"])
        cause = error.get("ctx", {}).get("error")
        message = str(cause) if cause is not None else error["msg"].lower()
        if error["type"] == "extra_forbidden":
            message = "unknown field"
        elif error["type"] == "missing":
            message = "missing field"
        elif error["type"] in TABLE_ERRORS:
            message = f"must be a table of fields (got {quoted(error['input'])})"
        elif cause is None:
            message = f"{message} (got {quoted(error['input'])})"
        text = f"{where}: {message}" if where else message
        if text not in seen:
            seen.append(text)
    return problem_list(seen)


def _where(raw: object, loc: tuple[int | str, ...]) -> str:
    """``model 3 'Pike': changes[0].stat`` for a problem inside a model."""
    if len(loc) >= 2 and loc[0] == "models" and isinstance(loc[1], int):
        models = raw.get("models") if isinstance(raw, dict) else None
        index = loc[1]
        node = models[index] if isinstance(models, list) and index < len(models) else None
        rest = location_text(loc[2:])
        label = model_label(index, node)
        return f"{label}: {rest}" if rest else label
    return location_text(loc)


def _draft(index: int, spec: _MemberIn, catalog: Catalog, problems: list[str]) -> ModelDraft:
    """The squad file's checks of one model (C2.1-C2.4, R3.5), its contract widened by the
    perk of a promoted Boss (notes A81)."""
    label = f"model {index + 1} {spec.name!r}"
    if spec.cybernetics:
        problems.append(
            f"{label} lists cybernetics: a book keeps a bought cybernetic among the changes "
            "it repaired (R3.11, notes A70)"
        )
        spec = spec.model_copy(update={"cybernetics": ()})
    draft = resolve_model(index, spec, catalog, problems)
    if spec.promoted is not None and draft.contract is not None:
        if spec.promoted not in perks(draft.contract):
            problems.append(
                f"{label} is a {draft.contract.name}: the perk {spec.promoted.value!r} would "
                f"change nothing (K3, notes A81)"
            )
        draft.contract = _perked(draft.contract, spec.promoted)
    check_model(draft, _OPTIONS, problems)
    return draft


def _check_roster(
    drafts: Sequence[ModelDraft], specs: Sequence[_MemberIn], catalog: Catalog, problems: list[str]
) -> None:
    """At most five models (C2); contracts within their "Max" (C2.4); one Boss, the Boss
    contract or a promoted Resource (C2, K3)."""
    size = catalog.squad.models
    if len(drafts) > size:
        problems.append(f"{plural(len(drafts), 'model')} (at most {size}, C2)")
    counts = Counter(d.contract.name for d in drafts if d.contract is not None)
    for contract in catalog.contracts:
        if counts[contract.name] > contract.max_per_squad:
            rule = "C2" if contract.unique else "C2.4"
            shown = plural(counts[contract.name], contract.name)
            problems.append(f"{shown} (at most {contract.max_per_squad}, {rule})")
    bosses = [
        s.name
        for d, s in zip(drafts, specs, strict=True)
        if (d.contract is not None and d.contract.unique) or s.promoted is not None
    ]
    if drafts and len(bosses) != 1:
        problems.append(
            f"{plural(len(bosses), 'Boss')} (exactly 1: the Boss, or the Resource promoted "
            "when it died, C2, K3)"
        )


def _lockers(names: Iterable[str], catalog: Catalog, problems: list[str]) -> tuple[str, ...]:
    found: list[str] = []
    for name in names:
        try:
            found.append(stock_item(name, catalog).name)
        except CampaignError as exc:
            problems.append(f"lockers: {exc}")
    return tuple(found)


def _slagged(
    pieces: Iterable[tuple[str, int]], lockers: Sequence[str], catalog: Catalog, problems: list[str]
) -> tuple[Slagged, ...]:
    """Each a piece of armour in the Lockers, not slagged below Light (R6.4, notes A71)."""
    found: list[Slagged] = []
    for name, slag in pieces:
        try:
            item = stock_item(name, catalog)
        except CampaignError as exc:
            problems.append(f"slagged: {exc}")
            continue
        if not isinstance(item, Armor):
            problems.append(f"slagged: {item.name} is no armour piece (R6.4)")
        elif worn_armor(catalog, item.name, slag) is None:
            down = plural(slag, "class")
            problems.append(f"slagged: {item.name} {down} down is destroyed (R6.4, A71)")
        else:
            found.append((item.name, slag))
    held, slagged = Counter(lockers), Counter(name for name, _ in found)
    for name, n in slagged.items():
        if n > held[name]:
            problems.append(f"slagged: {n} {name} but the Lockers hold {held[name]} (R6.4)")
    return tuple(found)


def _check_evidence(types: Sequence[int], rules: CampaignRules, problems: list[str]) -> None:
    """K2.3: each recorded type is a face of the type die, recorded once."""
    die = rules.evidence.die
    bad = [t for t in types if not 1 <= t <= die]
    if bad:
        problems.append(f"evidence: type {bad[0]} is not a face of the d{die} (K2.3)")
    repeated = [t for t, n in Counter(types).items() if n > 1]
    if repeated:
        problems.append(f"evidence: type {repeated[0]} is recorded twice (K2.3)")


def _member(draft: ModelDraft, spec: _MemberIn, catalog: Catalog, problems: list[str]) -> Member:
    changes = tuple(Change(c.name, c.rule, Penalty(c.stat), c.n) for c in spec.changes)
    return Member(
        build_model(draft, catalog, _OPTIONS),
        spec.merits,
        changes,
        _powers(draft, spec.powers, catalog, problems),
        spec.promoted,
        spec.sidelined,
        spec.damage,
        spec.slag,
        _powers(draft, spec.forgotten, catalog, problems),
    )


def _powers(
    draft: ModelDraft, names: Iterable[str], catalog: Catalog, problems: list[str]
) -> tuple[Power, ...]:
    found = []
    for name in names:
        try:
            found.append(catalog.power(name))
        except UnknownEntryError:
            known = [p.name for p in catalog.powers]
            problems.append(f"{draft.label}: unknown Power {name!r}{did_you_mean(name, known)}")
    return tuple(found)


def _check_member(
    member: Member, rules: CampaignRules, catalog: Catalog, problems: list[str]
) -> None:
    """Gained Powers (notes A66), repairs (notes A70) and the limits (K3.3, notes A62)."""
    label = f"model {member.name!r}"
    if member.powers and not member.can_cast:
        problems.append(f"{label} is a {member.model.contract.name} with gained Powers (C2.4, A66)")
    held = [p.name for p in (*member.all_powers, *member.forgotten)]
    if len(set(held)) != len(held):
        problems.append(f"{label} has a Power twice (notes A66)")
    start = (member.model.power,) if member.model.power else ()
    strange = [p.name for p in member.forgotten if p not in (*start, *member.powers)]
    if strange:
        problems.append(f"{label} forgot {strange[0]}, a Power it never had (R7.3)")
    _check_repairs(member, catalog, problems)
    limits = rules.limits
    low, high = Tier(limits.lowest), Tier(limits.highest)
    for attribute in Attribute:
        rank = Tier(member.model.tiers.get(attribute)).rank
        rank += member.steps(Penalty(attribute.value))
        if not low.rank <= rank <= high.rank:
            problems.append(
                f"{label}'s {attribute.value.title()} leaves {low}..{high} ({limits.rule})"
            )
    if member.max_health <= 0:
        problems.append(f"{label} has max Health {member.max_health} (it leaves the squad, K3.3)")
    if member.move < limits.min_move:
        problems.append(f'{label} has Move {member.move}" (at least {limits.min_move}", K3.3)')
    if member.max_health > 0 and member.damage >= member.max_health:
        problems.append(f"{label} carries {member.damage} damage (at most max Health - 1, A62)")


def matching(penalty: Penalty) -> tuple[Penalty, ...]:
    """The penalties a cybernetic repairing ``penalty`` matches, the first first (R3.9)."""
    return _MATCHES.get(penalty, (penalty,))


def repairable(change: Change, catalog: Catalog) -> bool:
    """Whether a cybernetic may repair ``change``: a penalty of an Injury (K3.3) or of a
    Critical or Fumble in play (R6), the ones R3.9 names; a Demotion (K3.4) is none."""
    return change.n < 0 and change.rule in (catalog.campaign.injury.rule, LOSS_IN_PLAY)


def _check_repairs(member: Member, catalog: Catalog, problems: list[str]) -> None:
    """R3.11, notes A70: each cybernetic repairs one matching penalty, +1 each (R3.9)."""
    repairs: Counter[Penalty] = Counter()
    penalties: Counter[Penalty] = Counter()
    for change in member.changes:
        if change.rule != CYBERNETICS:
            penalties[change.stat] += repairable(change, catalog)
            continue
        repairs[change.stat] += 1
        repaired = _repaired(change.name, catalog)
        if repaired is None or change.stat not in matching(repaired) or change.n != 1:
            problems.append(
                f"model {member.name!r}: {change.name!r} does not repair {change} (R3.11)"
            )
    for stat, count in repairs.items():
        if count > penalties[stat]:
            problems.append(
                f"model {member.name!r} has more {stat.value} repairs than penalties (A70)"
            )


def _repaired(name: str, catalog: Catalog) -> Penalty | None:
    try:
        cybernetic = catalog.cybernetic(name)
    except UnknownEntryError:
        return None
    return effects_of(cybernetic.effects, RepairPenalty)[0].penalty


def stock_item(name: str, catalog: Catalog) -> Item:
    """The catalogue's item called ``name``: one that can be bought, stored and sold (K3).

    :raises CampaignError: no such item, or one never bought (Improvised Combat, R3.1).
    """
    try:
        record = catalog.item(name)
    except UnknownEntryError as exc:
        raise CampaignError(str(exc)) from None
    if record.cost is None:
        raise CampaignError(f"{record.name!r} is never bought or stored (R3.1)")
    return record


# --------------------------------------------------------------------------------------------
# Writing
# --------------------------------------------------------------------------------------------


def book_to_data(book: Book) -> dict[str, Any]:
    """The book as plain data of the file schema."""
    squad = Squad(book.name, book.description, tuple(m.model for m in book.members), 0)
    models: list[dict[str, Any]] = squad_to_data(squad)["models"]
    for entry, member in zip(models, book.members, strict=True):
        entry.update(_member_data(member))
    data: dict[str, Any] = {"name": book.name}
    if book.description:
        data["description"] = book.description
    data.update(state_data(book), models=models)
    return data


def _member_data(member: Member) -> dict[str, Any]:
    data: dict[str, Any] = {"merits": member.merits}
    if member.sidelined:
        data["sidelined"] = True
    if member.damage:
        data["damage"] = member.damage
    if member.slag:
        data["slag"] = member.slag
    if member.promoted is not None:
        data["promoted"] = member.promoted.value
    if member.powers:
        data["powers"] = [p.name for p in member.powers]
    if member.forgotten:
        data["forgotten"] = [p.name for p in member.forgotten]
    if member.changes:
        data["changes"] = [
            {"name": c.name, "rule": c.rule, "stat": c.stat.value, "n": c.n} for c in member.changes
        ]
    return data


def save_book(book: Book, path: str | Path, catalog: Catalog) -> None:
    """Write the book atomically (:func:`skirmish.files.write_text`); it is checked first
    against ``catalog``, so a file is never replaced by one that does not load.

    :raises CampaignError: the path has no .toml/.json name or cannot be written; the file is
        left as it was.
    """
    path = Path(path)
    label = file_label("campaign book", path)
    fmt = _format(path, label)
    data = book_to_data(book)
    text = _toml(data) if fmt == "toml" else json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    parse_book(text, fmt, catalog, label=label)
    try:
        write_text(path, text)
    except FileError as exc:
        raise CampaignError(f"campaign book: {exc}") from None


def _toml(data: Mapping[str, Any]) -> str:
    """TOML text of the book's plain data: scalars and arrays first, then arrays of tables."""
    lines = [f"{key} = {_toml_value(value)}" for key, value in data.items() if not _tables(value)]
    for key, value in data.items():
        if _tables(value):
            for table in value:
                lines += ["", f"[[{key}]]"]
                lines += [f"{k} = {_toml_value(v)}" for k, v in table.items()]
    return "\n".join(lines) + "\n"


def _tables(value: object) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        # A JSON string is a TOML basic string, except that TOML wants DEL escaped.
        return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_toml_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"no TOML form for {value!r}")


# --------------------------------------------------------------------------------------------
# The sheet
# --------------------------------------------------------------------------------------------


def book_report(book: Book, catalog: Catalog) -> str:
    """A readable sheet of the campaign squad, by the tables of ``catalog``."""
    rules = catalog.campaign
    types = ", ".join(str(t) for t in sorted(book.evidence)) or "none"
    lines = [
        f"Campaign book {book.name!r}: {plural(book.games, 'game')} played, "
        f"{book.subs} subs, {plural(book.leads, 'Lead')}",
        f"Evidence: {len(book.evidence)} of {rules.evidence.victory} types recorded ({types}), "
        f"{book.unrecorded} unrecorded",
        f"Lockers: {_counted(book.lockers) or 'empty'}",
    ]
    if book.slagged:
        down = ", ".join(f"{name} {plural(n, 'class')} down" for name, n in book.slagged)
        lines.append(f"Slag Armor in the Lockers: {down} (R6.4, A71)")
    if book.extractor:
        lines.append("The Source: the squad is the Extractor of the next attempt (M13.2)")
    if book.signal_played:
        lines.append("The Signal: played, it comes once only (K1.2)")
    if book.signal_elsewhere:
        lines.append("The Signal: played by other squads, it comes once a campaign (K1.2)")
    for number, member in enumerate(book.members, start=1):
        lines.extend(_member_report(number, member, catalog))
    return "\n".join(lines)


def _counted(names: Iterable[str]) -> str:
    return ", ".join(n if c == 1 else f"{n} x{c}" for n, c in Counter(names).items())


def _member_report(number: int, member: Member, catalog: Catalog) -> list[str]:
    promoted = member.promoted
    role = "" if promoted is None else f", promoted Boss with {promoted.text}"
    tiers = ", ".join(f"{a.value.title()} {dice_text(member.tier(a).sides)}" for a in Attribute)
    health = f"Health {member.max_health}"
    if member.damage:
        health += f" (starts the next game at {member.health}, A62)"
    nxt = catalog.campaign.promotion.next_threshold(member.merits)
    lines = [
        f"{number}. {member.name}: {member.model.contract.name}{role}, "
        f"{plural(member.merits, 'Merit')} (next Promotion at {nxt})",
        f'   {tiers}; {health}, Move {member.move_in_play(catalog)}"',
        f"   Kit: {', '.join(member.kit) or 'none'}",
    ]
    if member.all_powers:
        lines.append(f"   Powers: {', '.join(p.name for p in member.all_powers)}")
    if member.forgotten:
        lines.append(f"   Forgotten: {', '.join(p.name for p in member.forgotten)} (R7.3)")
    if member.changes:
        lines.append(f"   Changes: {'; '.join(str(c) for c in member.changes)}")
    if member.sidelined:
        lines.append("   Sidelined: misses the next game (K3.3)")
    if member.slag:
        lines.append(f"   Slag Armor: its armour {plural(member.slag, 'class')} down (R6.4, A71)")
    return lines
