"""The Sacred Wire 28 campaign book: a squad between games, and the campaign's tables.

The tables (``data/campaign.toml``: Merits, Evidence, Exploration, Injury, Promotion,
thresholds, limits, the Trading Post) load into :class:`CampaignRules`; every effect is a typed
table checked at load, so an unknown effect kind is a load error.

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
    games = 0             # post-games applied

    [[models]]            # at most five: the squad file's fields (name, contract, dice, kit)...
    name = "Mara Voss"
    contract = "Boss"
    ...
    merits = 3            # ...and the campaign's (K3.1)
    sidelined = false     # misses the next game (K3.3 Sidelined)
    damage = 0            # Performance Review damage carried into the next game (notes A62)
    promoted = "armor"    # a Resource made Boss when the Boss died: "both-weapons" or "armor"
    powers = ["Focus"]    # Powers gained by Promotion (Broadcasters only, notes A66)
    changes = [{ name = "Hobbled", rule = "K3.3", stat = "move", n = -1 }]

``changes`` are the model's permanent changes in order (Injuries K3.3, Promotions K3.4, and the
cybernetics bought to repair a penalty, rule R3.11, notes A70); ``stat`` is one of combat,
defense, wits, move, max-health, and ``n`` the change that took effect within the limits.

Validation reuses :mod:`.squad`'s checks of each model (C2.1, C2.3, C2.4, R3.5, names), without
the 60-sub budget (kit is bought later with the squad's subs), with at most five models and
exactly one Boss: the Boss contract, or a Resource promoted when the Boss died (K3, notes A81),
whose perk widens its contract's weapon access or armour. Attributes stay within 2d4..2d12, max
Health above 0 and Move at 1" or more (K3.3). Every problem is reported on one line.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import cache
from importlib.resources import files
from itertools import pairwise
from pathlib import Path
from typing import Annotated, Any, Literal, Self

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    PlainValidator,
    StrictBool,
    StrictInt,
    ValidationError,
    model_validator,
)

from skirmish.errors import SkirmishError
from skirmish.rulesets.sacred_wire.catalog import (
    ArmorClass,
    AttributeDie,
    Catalog,
    Contract,
    Cybernetic,
    Item,
    Power,
    RollRange,
    RuleId,
    UnknownEntryError,
    WeaponAccess,
    _loc_text,
    _Model,
    _read,
    load_catalog,
)
from skirmish.rulesets.sacred_wire.catalog import Dice as DiceField
from skirmish.rulesets.sacred_wire.catalog import DieSides as DieField
from skirmish.rulesets.sacred_wire.catalog import Name as TableName
from skirmish.rulesets.sacred_wire.effects import CanCast, Penalty, RepairPenalty, effects_of
from skirmish.rulesets.sacred_wire.squad import (
    _KIND_OF,
    Attribute,
    Name,
    Names,
    Squad,
    SquadModel,
    SquadOptions,
    Text,
    _check_model,
    _check_model_names,
    _decode,
    _Draft,
    _hint,
    _model_label,
    _ModelIn,
    _plural,
    _resolve,
    dice_text,
    load_sample_squad,
    load_squad,
    sample_squad_names,
    squad_to_data,
)
from skirmish.rulesets.sacred_wire.squad import _build_model as _build_squad_model
from skirmish.rulesets.sacred_wire.tiers import Tier

__all__ = [
    "LOCKERS",
    "Book",
    "CampaignError",
    "CampaignRules",
    "Change",
    "Member",
    "Perk",
    "book_from_data",
    "book_report",
    "book_to_data",
    "buy",
    "change_text",
    "dismiss",
    "hire",
    "load_book",
    "load_campaign_rules",
    "move_item",
    "new_book",
    "parse_book",
    "perks",
    "save_book",
    "sell",
    "shape_problems",
    "squad_for_book",
    "stock_item",
]

#: Where kit is stored between games (K3): the holder name of the Lockers.
LOCKERS = "lockers"
CYBERNETICS = "R3.11"
_FORMATS = ("toml", "json")
_OPTIONS = SquadOptions()


class CampaignError(SkirmishError):
    """A campaign book that cannot be read or breaks the rules, or a bookkeeping step that the
    rules do not allow."""


# --------------------------------------------------------------------------------------------
# The campaign's tables
# --------------------------------------------------------------------------------------------


def _nonzero(value: int) -> int:
    if value == 0:
        raise ValueError("a change of 0 does nothing")
    return value


def _band(value: object) -> RollRange:
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return RollRange(value, value)
    if isinstance(value, str):
        low, sep, high = value.partition("-")
        if value.endswith("+") and value[:-1].isdigit():
            return RollRange(int(value[:-1]), None)
        if sep and low.isdigit() and high.isdigit() and int(low) <= int(high):
            return RollRange(int(low), int(high))
    raise ValueError(f"a roll is a number, 'A-B' or 'N+', got {value!r}")


Signed = Annotated[StrictInt, AfterValidator(_nonzero)]
Count = Annotated[StrictInt, Field(ge=0)]
Positive = Annotated[StrictInt, Field(ge=1)]
Band = Annotated[RollRange, PlainValidator(_band)]


class TierEffect(_Model):
    """``n`` DT steps on an attribute (K3.3, K3.4): a named one, ``any`` (the owner picks
    ``count`` different ones) or the model's ``lowest`` (ties: the owner's, notes A79)."""

    kind: Literal["tier"]
    attribute: Literal["combat", "defense", "wits", "any", "lowest"]
    n: Signed
    count: Annotated[StrictInt, Field(ge=1, le=3)] = 1

    @model_validator(mode="after")
    def _only_any_counts(self) -> Self:
        if self.count > 1 and self.attribute != "any":
            raise ValueError("only attribute = 'any' takes a count")
        return self


class StatEffect(_Model):
    """``n`` max Health or inches of Move (K3.3, K3.4)."""

    kind: Literal["max-health", "move"]
    n: Signed


class MarkEffect(_Model):
    """``power``: a Power of the owner's choice (Broadcasters, notes A66); ``miss-game``:
    Sidelined; ``terminated``: removed, kit to the Lockers (K3.3)."""

    kind: Literal["power", "miss-game", "terminated"]


Simple = Annotated[TierEffect | StatEffect | MarkEffect, Field(discriminator="kind")]


class ChoiceEffect(_Model):
    """The owner picks one of ``options`` (K3.4 rows 5, 7, 9)."""

    kind: Literal["choice"]
    options: Annotated[tuple[Simple, ...], Field(min_length=2)]


Effect = Annotated[TierEffect | StatEffect | MarkEffect | ChoiceEffect, Field(discriminator="kind")]


class Row(_Model):
    """One row of the Injury or Promotion table."""

    roll: Band
    name: TableName
    effects: tuple[Effect, ...]


class ExplorationBand(_Model):
    """One band of Exploration totals and the subs it brings (K3.2)."""

    total: Band
    name: TableName
    subs: Count


def _check_bands(bands: Sequence[RollRange], low: int, high: int | None) -> None:
    """Bands run from ``low`` in order without gaps or overlaps; the last ends at ``high``
    (``None``: it is open, "N+")."""
    start = low
    for band in bands:
        if band.low != start or (band.high is None and band is not bands[-1]):
            shown = ", ".join(str(b) for b in bands)
            raise ValueError(f"rolls must run from {low} without gaps or overlaps; got {shown}")
        start = band.high + 1 if band.high is not None else start
    last = bands[-1].high
    if (high is None and last is not None) or (high is not None and last not in (high, None)):
        raise ValueError(f"the last row must end at {high or 'N+'}, got {bands[-1]}")


class ExplorationTable(_Model):
    """K3.2: the sum of the Wits totals picks a band."""

    rule: RuleId
    entries: Annotated[tuple[ExplorationBand, ...], Field(min_length=1)]

    @model_validator(mode="after")
    def _bands_cover_every_total(self) -> Self:
        _check_bands([e.total for e in self.entries], 1, None)
        return self

    def band(self, total: int) -> ExplorationBand:
        """The band of ``total``; a total below the first band reads as the first."""
        return next((e for e in self.entries if e.total.covers(total)), self.entries[0])


class RollTable(_Model):
    """A table rolled on ``dice`` (K3.3, K3.4); every total is covered once."""

    rule: RuleId
    dice: DiceField
    entries: Annotated[tuple[Row, ...], Field(min_length=1)]

    @model_validator(mode="after")
    def _rows_cover_the_dice(self) -> Self:
        _check_bands([e.roll for e in self.entries], self.dice.min, self.dice.max)
        return self

    def row(self, total: int) -> Row:
        """The row of a modified total, read within the dice's range (notes: "3 or less")."""
        clamped = min(max(total, self.dice.min), self.dice.max)
        return next(e for e in self.entries if e.roll.covers(clamped))


class PromotionTable(RollTable):
    """K3.4 (notes A79): one roll per threshold of cumulative Merits crossed (notes A78)."""

    thresholds: Annotated[tuple[Positive, ...], Field(min_length=2)]
    gap_growth: Count

    @model_validator(mode="after")
    def _gaps_grow_steadily(self) -> Self:
        gaps = [b - a for a, b in pairwise(self.thresholds)]
        if min(gaps) < 1:
            raise ValueError(f"thresholds must increase: {self.thresholds}")
        if any(b - a != self.gap_growth for a, b in pairwise(gaps)):
            raise ValueError(f"threshold gaps must grow by {self.gap_growth}: {self.thresholds}")
        return self

    def _ladder(self, up_to: int) -> list[int]:
        ladder = list(self.thresholds)
        gap = ladder[-1] - ladder[-2]
        while ladder[-1] < up_to:
            gap += self.gap_growth
            ladder.append(ladder[-1] + gap)
        return ladder

    def crossed(self, before: int, after: int) -> list[int]:
        """The thresholds passed going from ``before`` to ``after`` Merits."""
        return [t for t in self._ladder(after) if before < t <= after]

    def next_threshold(self, merits: int) -> int:
        """The first threshold above ``merits``."""
        return next(t for t in self._ladder(merits + 1) if t > merits)


class MeritRules(_Model):
    """K3.1: Merits for an enemy player model put Out of Action, and more for its Boss."""

    rule: RuleId
    kill: Positive
    boss: Positive


class EvidenceRules(_Model):
    """K2.3: the type die, the winner's Evidence, the types that win the campaign (L878)."""

    rule: RuleId
    die: DieField
    winner: Count
    victory: Positive


class Limits(_Model):
    """K3.3: dice between ``lowest`` and ``highest``; Move never below ``min_move``."""

    rule: RuleId
    lowest: AttributeDie
    highest: AttributeDie
    min_move: Positive

    def clamp(self, tier: Tier) -> Tier:
        """``tier`` kept within the limits."""
        return Tier(min(max(tier, self.lowest), self.highest))


class TradingPost(_Model):
    """K3 squad management: sold kit brings its cost divided by ``sell_divisor``, rounded
    down (notes A81)."""

    rule: RuleId
    sell_divisor: Positive


class Review(_Model):
    """C4.20: the damage of the Performance Review."""

    rule: RuleId
    dice: DiceField


class CampaignRules(_Model):
    """Every table of ``data/campaign.toml``."""

    merits: MeritRules
    evidence: EvidenceRules
    exploration: ExplorationTable
    injury: RollTable
    promotion: PromotionTable
    limits: Limits
    trading_post: TradingPost
    performance_review: Review


@cache
def _default_rules() -> CampaignRules:
    return _read(files("skirmish.rulesets.sacred_wire") / "data", "campaign.toml", CampaignRules)


def load_campaign_rules(data_dir: Path | None = None) -> CampaignRules:
    """Load and validate ``campaign.toml``; the packaged file is loaded once.

    :raises RulesDataError: one line naming the file, the table, the entry and the bad value.
    """
    if data_dir is None:
        return _default_rules()
    return _read(data_dir, "campaign.toml", CampaignRules)


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


_STAT_TEXT = {
    Penalty.COMBAT: "{n:+d} DT Combat",
    Penalty.DEFENSE: "{n:+d} DT Defense",
    Penalty.WITS: "{n:+d} DT Wits",
    Penalty.MOVE: '{n:+d}" Move',
    Penalty.MAX_HEALTH: "{n:+d} max Health",
}


def change_text(stat: Penalty, n: int) -> str:
    """``-1" Move``, ``+1 DT Wits``."""
    return _STAT_TEXT[stat].format(n=n)


@dataclass(frozen=True, slots=True)
class Change:
    """A permanent change of one model: an Injury (K3.3), a Promotion (K3.4) or a cybernetic's
    repair (R3.11); ``stat`` is combat, defense, wits, move or max-health."""

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
        """Its starting Power and those gained by Promotion."""
        start = (self.model.power,) if self.model.power else ()
        return (*start, *self.powers)

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
        """Move after the campaign's changes."""
        return self.model.move + self.steps(Penalty.MOVE)

    @property
    def kit(self) -> tuple[str, ...]:
        """The names of everything it carries."""
        return tuple(item.name for item in self.model.items)

    def promote(self, perk: Perk) -> None:
        """This Resource becomes the Boss, its contract widened by ``perk`` (K3, notes A81)."""
        self.promoted = perk
        self.model = replace(self.model, contract=_perked(self.model.contract, perk))


@dataclass(slots=True)
class Book:
    """A campaign squad between games."""

    name: str
    description: str = ""
    members: list[Member] = field(default_factory=list)
    subs: int = 0
    leads: int = 0
    evidence: tuple[int, ...] = ()
    unrecorded: int = 0
    lockers: tuple[str, ...] = ()
    games: int = 0

    def member(self, name: str) -> Member:
        """The model called ``name`` (any case).

        :raises CampaignError: no such model.
        """
        for member in self.members:
            if _key(member.name) == _key(name):
                return member
        names = [m.name for m in self.members]
        raise CampaignError(f"no model {name!r} in {self.name!r}{_hint(name, names)}")

    @property
    def boss(self) -> Member | None:
        """The squad's Boss (None only when no model is left)."""
        return next((m for m in self.members if m.is_boss), None)


def _key(name: str) -> str:
    return " ".join(name.casefold().split())


def new_book(squad: Squad) -> Book:
    """A campaign starts: the squad's models with no Merits, its unspent subs in the treasury
    (notes A67), no Evidence and no Leads (K2)."""
    return Book(
        squad.name,
        squad.description,
        [Member(model) for model in squad.models],
        subs=squad.unspent,
    )


def squad_for_book(spec: str) -> Squad:
    """A shipped sample squad by name, or a squad file."""
    if spec in sample_squad_names():
        return load_sample_squad(spec)
    return load_squad(spec)


# --------------------------------------------------------------------------------------------
# Reading
# --------------------------------------------------------------------------------------------


class _ChangeIn(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: Name
    rule: RuleId
    stat: Literal["combat", "defense", "wits", "move", "max-health"]
    n: Signed


class _MemberIn(_ModelIn):
    merits: Count = 0
    changes: tuple[_ChangeIn, ...] = ()
    powers: Names = ()
    promoted: Perk | None = None
    sidelined: StrictBool = False
    damage: Count = 0


class _BookIn(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: Name
    description: Text = ""
    subs: Count = 0
    leads: Count = 0
    evidence: tuple[Positive, ...] = ()
    unrecorded: Count = 0
    lockers: Names = ()
    games: Count = 0
    models: list[_MemberIn]


def load_book(path: str | Path) -> Book:
    """Read and validate a campaign book; ``.toml`` or ``.json`` picks the format.

    :raises CampaignError: one line listing every problem found.
    """
    path = Path(path)
    label = f"campaign book {str(path)!r}"
    fmt = _format(path, label)
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise CampaignError(f"{label}: cannot read it: {' '.join(str(exc).split())}") from None
    return parse_book(text, fmt, label=label)


def parse_book(text: str, fmt: str, *, label: str = "campaign book") -> Book:
    """Validate a book given as TOML or JSON text.

    :raises CampaignError: one line listing every problem found.
    """
    try:
        raw = _decode(text, fmt, label)
    except SkirmishError as exc:
        raise CampaignError(str(exc)) from None
    return book_from_data(raw, label)


def book_from_data(raw: object, label: str = "campaign book") -> Book:
    """Validate a book given as plain data (the file's schema).

    :raises CampaignError: one line listing every problem found.
    """
    try:
        spec = _BookIn.model_validate(raw)
    except ValidationError as exc:
        raise CampaignError(f"{label} is invalid: {shape_problems(raw, exc)}") from None
    header = f"campaign book {spec.name!r}"
    catalog, rules = load_catalog(), load_campaign_rules()
    problems: list[str] = []
    drafts = [_draft(i, model, catalog, problems) for i, model in enumerate(spec.models)]
    _check_model_names(drafts, problems)
    _check_roster(drafts, spec.models, catalog, problems)
    lockers = _lockers(spec.lockers, catalog, problems)
    _check_evidence(spec.evidence, rules, problems)
    if problems:
        raise CampaignError(f"{header} is invalid: {'; '.join(problems)}")
    members = [_member(d, s, catalog, problems) for d, s in zip(drafts, spec.models, strict=True)]
    for member in members:
        _check_member(member, rules, catalog, problems)
    if problems:
        raise CampaignError(f"{header} is invalid: {'; '.join(problems)}")
    return Book(
        spec.name,
        spec.description,
        members,
        spec.subs,
        spec.leads,
        spec.evidence,
        spec.unrecorded,
        lockers,
        spec.games,
    )


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
        elif cause is None:
            message = f"{message} (got {str(error['input'])[:40]!r})"
        text = f"{where}: {message}" if where else message
        if text not in seen:
            seen.append(text)
    return "; ".join(seen)


def _where(raw: object, loc: tuple[int | str, ...]) -> str:
    """``model 3 'Pike': changes[0].stat`` for a problem inside a model."""
    if len(loc) >= 2 and loc[0] == "models" and isinstance(loc[1], int):
        models = raw.get("models") if isinstance(raw, dict) else None
        index = loc[1]
        node = models[index] if isinstance(models, list) and index < len(models) else None
        rest = _loc_text(loc[2:])
        label = _model_label(index, node)
        return f"{label}: {rest}" if rest else label
    return _loc_text(loc)


def _draft(index: int, spec: _MemberIn, catalog: Catalog, problems: list[str]) -> _Draft:
    """The squad file's checks of one model (C2.1-C2.4, R3.5), its contract widened by the
    perk of a promoted Boss (notes A81)."""
    label = f"model {index + 1} {spec.name!r}"
    if spec.cybernetics:
        problems.append(
            f"{label} lists cybernetics: a book keeps a bought cybernetic among the changes "
            "it repaired (R3.11, notes A70)"
        )
        spec = spec.model_copy(update={"cybernetics": ()})
    draft = _resolve(index, spec, catalog, problems)
    if spec.promoted is not None and draft.contract is not None:
        if spec.promoted not in perks(draft.contract):
            problems.append(
                f"{label} is a {draft.contract.name}: the perk {spec.promoted.value!r} would "
                f"change nothing (K3, notes A81)"
            )
        draft.contract = _perked(draft.contract, spec.promoted)
    _check_model(draft, _OPTIONS, problems)
    return draft


def _check_roster(
    drafts: Sequence[_Draft], specs: Sequence[_MemberIn], catalog: Catalog, problems: list[str]
) -> None:
    """At most five models (C2); contracts within their "Max" (C2.4); one Boss, the Boss
    contract or a promoted Resource (C2, K3)."""
    size = catalog.squad.models
    if len(drafts) > size:
        problems.append(f"{_plural(len(drafts), 'model')} (at most {size}, C2)")
    counts = Counter(d.contract.name for d in drafts if d.contract is not None)
    for contract in catalog.contracts:
        if counts[contract.name] > contract.max_per_squad:
            rule = "C2" if contract.unique else "C2.4"
            shown = _plural(counts[contract.name], contract.name)
            problems.append(f"{shown} (at most {contract.max_per_squad}, {rule})")
    bosses = [
        s.name
        for d, s in zip(drafts, specs, strict=True)
        if (d.contract is not None and d.contract.unique) or s.promoted is not None
    ]
    if drafts and len(bosses) != 1:
        problems.append(
            f"{_plural(len(bosses), 'Boss')} (exactly 1: the Boss, or the Resource promoted "
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


def _check_evidence(types: Sequence[int], rules: CampaignRules, problems: list[str]) -> None:
    """K2.3: each recorded type is a face of the type die, recorded once."""
    die = rules.evidence.die
    bad = [t for t in types if not 1 <= t <= die]
    if bad:
        problems.append(f"evidence: type {bad[0]} is not a face of the d{die} (K2.3)")
    repeated = [t for t, n in Counter(types).items() if n > 1]
    if repeated:
        problems.append(f"evidence: type {repeated[0]} is recorded twice (K2.3)")


def _member(draft: _Draft, spec: _MemberIn, catalog: Catalog, problems: list[str]) -> Member:
    powers = []
    for name in spec.powers:
        try:
            powers.append(catalog.power(name))
        except UnknownEntryError:
            known = [p.name for p in catalog.powers]
            problems.append(f"{draft.label}: unknown Power {name!r}{_hint(name, known)}")
    changes = tuple(Change(c.name, c.rule, Penalty(c.stat), c.n) for c in spec.changes)
    return Member(
        _build_squad_model(draft, catalog, _OPTIONS),
        spec.merits,
        changes,
        tuple(powers),
        spec.promoted,
        spec.sidelined,
        spec.damage,
    )


def _check_member(
    member: Member, rules: CampaignRules, catalog: Catalog, problems: list[str]
) -> None:
    """Gained Powers (notes A66), repairs (notes A70) and the limits (K3.3, notes A62)."""
    label = f"model {member.name!r}"
    if member.powers and not member.can_cast:
        problems.append(f"{label} is a {member.model.contract.name} with gained Powers (C2.4, A66)")
    names = [p.name for p in member.all_powers]
    if len(set(names)) != len(names):
        problems.append(f"{label} has a Power twice (notes A66)")
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


def _check_repairs(member: Member, catalog: Catalog, problems: list[str]) -> None:
    """R3.11, notes A70: each cybernetic repairs one matching penalty, +1 each."""
    repairs: Counter[Penalty] = Counter()
    penalties: Counter[Penalty] = Counter()
    for change in member.changes:
        if change.rule != CYBERNETICS:
            penalties[change.stat] += change.n < 0
            continue
        repairs[change.stat] += 1
        if _repaired(change.name, catalog) is not change.stat or change.n != 1:
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
    data.update(
        subs=book.subs,
        leads=book.leads,
        evidence=list(book.evidence),
        unrecorded=book.unrecorded,
        lockers=list(book.lockers),
        games=book.games,
        models=models,
    )
    return data


def _member_data(member: Member) -> dict[str, Any]:
    data: dict[str, Any] = {"merits": member.merits}
    if member.sidelined:
        data["sidelined"] = True
    if member.damage:
        data["damage"] = member.damage
    if member.promoted is not None:
        data["promoted"] = member.promoted.value
    if member.powers:
        data["powers"] = [p.name for p in member.powers]
    if member.changes:
        data["changes"] = [
            {"name": c.name, "rule": c.rule, "stat": c.stat.value, "n": c.n} for c in member.changes
        ]
    return data


def save_book(book: Book, path: str | Path) -> None:
    """Write the book atomically (a temporary file, then a rename); it is checked first, so a
    file is never replaced by one that does not load.

    :raises CampaignError: the path has no .toml/.json name or cannot be written.
    """
    path = Path(path)
    label = f"campaign book {str(path)!r}"
    fmt = _format(path, label)
    data = book_to_data(book)
    text = _toml(data) if fmt == "toml" else json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    parse_book(text, fmt, label=label)
    tmp = path.with_name(f".{path.name}.tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise CampaignError(f"{label}: cannot write it: {' '.join(str(exc).split())}") from None


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


def book_report(book: Book) -> str:
    """A readable sheet of the campaign squad."""
    rules = load_campaign_rules()
    types = ", ".join(str(t) for t in sorted(book.evidence)) or "none"
    lines = [
        f"Campaign book {book.name!r}: {_plural(book.games, 'game')} played, "
        f"{book.subs} subs, {_plural(book.leads, 'Lead')}",
        f"Evidence: {len(book.evidence)} of {rules.evidence.victory} types recorded ({types}), "
        f"{book.unrecorded} unrecorded",
        f"Lockers: {_counted(book.lockers) or 'empty'}",
    ]
    for number, member in enumerate(book.members, start=1):
        lines.extend(_member_report(number, member, rules))
    return "\n".join(lines)


def _counted(names: Iterable[str]) -> str:
    return ", ".join(n if c == 1 else f"{n} x{c}" for n, c in Counter(names).items())


def _member_report(number: int, member: Member, rules: CampaignRules) -> list[str]:
    promoted = member.promoted
    role = "" if promoted is None else f", promoted Boss with {promoted.text}"
    tiers = ", ".join(f"{a.value.title()} {dice_text(member.tier(a).sides)}" for a in Attribute)
    health = f"Health {member.max_health}"
    if member.damage:
        health += f" (starts the next game at {member.health}, A62)"
    nxt = rules.promotion.next_threshold(member.merits)
    lines = [
        f"{number}. {member.name}: {member.model.contract.name}{role}, "
        f"{_plural(member.merits, 'Merit')} (next Promotion at {nxt})",
        f'   {tiers}; {health}, Move {member.move}"',
        f"   Kit: {', '.join(member.kit) or 'none'}",
    ]
    if member.all_powers:
        lines.append(f"   Powers: {', '.join(p.name for p in member.all_powers)}")
    if member.changes:
        lines.append(f"   Changes: {'; '.join(str(c) for c in member.changes)}")
    if member.sidelined:
        lines.append("   Sidelined: misses the next game (K3.3)")
    return lines


# --------------------------------------------------------------------------------------------
# Squad management: post-game steps 5-8 (K3)
# --------------------------------------------------------------------------------------------

_NEW_MODEL_KEYS = frozenset({"name", "contract", "array", "combat", "defense", "wits", "power"})


def buy(book: Book, item: str, to: str = LOCKERS) -> Book:
    """Step 5: buy ``item`` at its list price for a model or the Lockers (K3); a cybernetic is
    fitted at once and repairs one matching penalty of that model (R3.11, notes A70).

    :raises CampaignError: unknown item, too few subs, or a kit the rules do not allow.
    """
    catalog = load_catalog()
    record = stock_item(item, catalog)
    cost = record.cost or 0
    if cost > book.subs:
        raise CampaignError(f"{record.name} costs {cost} subs; the squad has {book.subs} (K3)")
    if isinstance(record, Cybernetic):
        return _fit(book, record, to)
    data = book_to_data(book)
    data["subs"] -= cost
    _put(data, record, to)
    return _rebuilt(data)


def sell(book: Book, item: str, source: str = LOCKERS) -> Book:
    """Step 5: sell ``item`` from a model or the Lockers for half its cost, rounded down (K3,
    notes A81)."""
    rules = load_campaign_rules()
    record = stock_item(item, load_catalog())
    data = book_to_data(book)
    _take(data, record, source)
    data["subs"] += (record.cost or 0) // rules.trading_post.sell_divisor
    return _rebuilt(data)


def dismiss(book: Book, name: str) -> Book:
    """Step 6: a model leaves the squad; its kit goes to the Lockers (K3). The Boss stays: it
    only leaves when it dies (our choice; the rules promote a Resource only then, notes A81)."""
    member = book.member(name)
    if member.is_boss:
        raise CampaignError(f"{member.name} is the Boss and cannot be dismissed (K3)")
    data = book_to_data(book)
    data["models"] = [m for m in data["models"] if m["name"] != member.name]
    data["lockers"] += list(member.kit)
    return _rebuilt(data)


def hire(book: Book, model: Mapping[str, Any], perk: Perk | None = None) -> Book:
    """Step 7: a new Resource, free, with base attributes and no kit (K3, notes A80). The Boss
    is never replaced: a squad left without one promotes the newcomer with ``perk`` (or the
    first perk that changes something, notes A81).

    ``model`` holds the squad file's model fields: name, contract, array, combat, defense,
    wits, and a Broadcaster's starting power.
    """
    extra = sorted(set(model) - _NEW_MODEL_KEYS)
    if extra:
        raise CampaignError(
            f"a new Resource has base attributes and no kit, not {extra[0]!r} (K3, notes A80)"
        )
    contract = _contract(str(model.get("contract", "")))
    if contract is not None and contract.unique:
        raise CampaignError("the Boss is never replaced: a Resource is promoted instead (K3)")
    if book.boss is not None and perk is not None:
        raise CampaignError(f"{book.boss.name} is the Boss: the newcomer gets no perk (K3)")
    new = {**model, "merits": 0}
    if book.boss is None and contract is not None:
        chosen = perk or next(iter(perks(contract)), None)
        if chosen is not None:
            new["promoted"] = chosen.value
    data = book_to_data(book)
    data["models"].append(new)
    return _rebuilt(data)


def move_item(book: Book, item: str, source: str, to: str) -> Book:
    """Step 8: move ``item`` between models and the Lockers (K3); the new kit must be one the
    model's contract allows (C2.3, C2.4, R3.5)."""
    record = stock_item(item, load_catalog())
    data = book_to_data(book)
    _take(data, record, source)
    _put(data, record, to)
    return _rebuilt(data)


def _contract(name: str) -> Contract | None:
    try:
        return load_catalog().contract(name)
    except UnknownEntryError:
        return None  # the validation of the new model reports it


def _rebuilt(data: dict[str, Any]) -> Book:
    return book_from_data(data, f"campaign book {data['name']!r}")


def _holder(data: dict[str, Any], name: str) -> dict[str, Any]:
    for model in data["models"]:
        if _key(model["name"]) == _key(name):
            found: dict[str, Any] = model
            return found
    names = [m["name"] for m in data["models"]]
    raise CampaignError(f"no model {name!r} (nor the {LOCKERS!r}){_hint(name, names)}")


def _put(data: dict[str, Any], record: Item, to: str) -> None:
    if _key(to) == LOCKERS:
        data["lockers"].append(record.name)
        return
    model = _holder(data, to)
    key = _KIND_OF[type(record)][0]
    if key == "armor":
        if "armor" in model:
            raise CampaignError(
                f"{model['name']} already wears {model['armor']}: one armour piece (R3.5)"
            )
        model["armor"] = record.name
    else:
        model[key] = [*model.get(key, []), record.name]


def _take(data: dict[str, Any], record: Item, source: str) -> None:
    if _key(source) == LOCKERS:
        items: list[str] = data["lockers"]
        if record.name not in items:
            raise CampaignError(f"{record.name} is not in the Lockers")
        items.remove(record.name)
        return
    model = _holder(data, source)
    key = _KIND_OF[type(record)][0]
    where = model["name"]
    if key == "armor":
        if model.get("armor") != record.name:
            raise CampaignError(f"{where} does not wear {record.name}")
        del model["armor"]
        return
    carried = list(model.get(key, []))
    if record.name not in carried:
        raise CampaignError(f"{where} does not carry {record.name}")
    carried.remove(record.name)
    model[key] = carried


def _fit(book: Book, cybernetic: Cybernetic, to: str) -> Book:
    """R3.11, notes A70: fitted at purchase; it repairs one matching penalty (Regenerator: the
    next game missed), never a plain bonus."""
    if _key(to) == LOCKERS:
        raise CampaignError(f"{cybernetic.name} is fitted to a model when bought (R3.11)")
    member = book.member(to)
    penalty = effects_of(cybernetic.effects, RepairPenalty)[0].penalty
    data = book_to_data(book)
    data["subs"] -= cybernetic.cost
    model = _holder(data, member.name)
    if penalty is Penalty.MISSED_GAME:
        if not member.sidelined:
            raise CampaignError(f"{member.name} is not Sidelined: nothing to repair (A70)")
        model["sidelined"] = False
        return _rebuilt(data)
    if _unrepaired(member, penalty) < 1:
        raise CampaignError(
            f"{member.name} has no {penalty.value} penalty for {cybernetic.name} to repair (A70)"
        )
    change = {"name": cybernetic.name, "rule": CYBERNETICS, "stat": penalty.value, "n": 1}
    model["changes"] = [*model.get("changes", []), change]
    return _rebuilt(data)


def _unrepaired(member: Member, stat: Penalty) -> int:
    penalties = sum(1 for c in member.changes if c.stat is stat and c.n < 0)
    repairs = sum(1 for c in member.changes if c.stat is stat and c.rule == CYBERNETICS)
    return penalties - repairs
