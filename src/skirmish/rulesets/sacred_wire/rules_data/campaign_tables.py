"""The Sacred Wire 28 campaign's tables: ``data/campaign.toml`` (K2.3, K3.1-K3.4, C4.20).

Merits, Evidence, Exploration, Injury, Promotion and its thresholds, the attribute limits, the
Trading Post, the Performance Review and the bounds of one game's outcome load into
:class:`CampaignRules`. Every effect of a
table row is a typed model checked at load, so an unknown effect kind is a load error; every
d-table covers its dice exactly once. The catalogue holds them (:mod:`.catalog`); the
campaign book (:mod:`..campaign.book`) and the post-game sequence (:mod:`..campaign.sequence`,
:mod:`..campaign.evidence`, :mod:`..campaign.rows`) read them there.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import Annotated, Literal, Self

from pydantic import AfterValidator, Field, PlainValidator, StrictInt, model_validator

from skirmish.data_files import Source, read_data
from skirmish.rulesets.sacred_wire.rolls.tiers import Tier
from skirmish.rulesets.sacred_wire.rules_data.reading import (
    AttributeDie,
    DataModel,
    RollRange,
    RuleId,
)
from skirmish.rulesets.sacred_wire.rules_data.reading import (
    Dice as DiceField,
)
from skirmish.rulesets.sacred_wire.rules_data.reading import (
    DieSides as DieField,
)
from skirmish.rulesets.sacred_wire.rules_data.reading import (
    Name as TableName,
)

__all__ = [
    "MOST",
    "Band",
    "Bounded",
    "CampaignRules",
    "ChoiceEffect",
    "Count",
    "Effect",
    "EvidenceRules",
    "ExplorationBand",
    "ExplorationTable",
    "Limits",
    "MeritRules",
    "MissGame",
    "OutcomeLimits",
    "Positive",
    "PowerEffect",
    "PromotionTable",
    "Review",
    "RollTable",
    "Row",
    "Signed",
    "StatEffect",
    "Terminated",
    "TierEffect",
    "TradingPost",
    "load_campaign_tables",
]


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


#: The largest Merits, Leads or Evidence count a book or a setup holds: no rule caps them, no
#: campaign comes near, and a post-game step then never loops for long over a hand-edited book.
MOST = 999
#: A count of 0 to :data:`MOST`.
Bounded = Annotated[StrictInt, Field(ge=0, le=MOST)]
#: A change of a whole number, never 0.
Signed = Annotated[StrictInt, AfterValidator(_nonzero)]
#: A whole number of 0 or more.
Count = Annotated[StrictInt, Field(ge=0)]
#: A whole number of 1 or more.
Positive = Annotated[StrictInt, Field(ge=1)]
#: A row's rolls: ``7``, ``"5-6"`` or an open ``"61+"``.
Band = Annotated[RollRange, PlainValidator(_band)]


class TierEffect(DataModel):
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


class StatEffect(DataModel):
    """``n`` max Health or inches of Move (K3.3, K3.4)."""

    kind: Literal["max-health", "move"]
    n: Signed


class PowerEffect(DataModel):
    """A Power of the owner's choice (K3.4, Broadcasters only, notes A66)."""

    kind: Literal["power"]


class MissGame(DataModel):
    """Sidelined: the model misses the next game (K3.3)."""

    kind: Literal["miss-game"]


class Terminated(DataModel):
    """Removed from the squad, its kit to the Lockers (K3.3)."""

    kind: Literal["terminated"]


Simple = Annotated[
    TierEffect | StatEffect | PowerEffect | MissGame | Terminated, Field(discriminator="kind")
]


class ChoiceEffect(DataModel):
    """The owner picks one of ``options`` (K3.4 rows 5, 7, 9)."""

    kind: Literal["choice"]
    options: Annotated[tuple[Simple, ...], Field(min_length=2)]


Effect = Annotated[
    TierEffect | StatEffect | PowerEffect | MissGame | Terminated | ChoiceEffect,
    Field(discriminator="kind"),
]


class Row(DataModel):
    """One row of the Injury or Promotion table."""

    roll: Band
    name: TableName
    effects: tuple[Effect, ...]


class ExplorationBand(DataModel):
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


class ExplorationTable(DataModel):
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


class RollTable(DataModel):
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


class MeritRules(DataModel):
    """K3.1: Merits for an enemy player model put Out of Action, and more for its Boss."""

    rule: RuleId
    kill: Positive
    boss: Positive


class EvidenceRules(DataModel):
    """K2.3: the type die, the winner's Evidence, the types that win the campaign (L878)."""

    rule: RuleId
    die: DieField
    winner: Count
    victory: Positive


class Limits(DataModel):
    """K3.3: dice between ``lowest`` and ``highest``; Move never below ``min_move``."""

    rule: RuleId
    lowest: AttributeDie
    highest: AttributeDie
    min_move: Positive

    def clamp(self, tier: Tier) -> Tier:
        """``tier`` kept within the limits."""
        return Tier(min(max(tier, self.lowest), self.highest))


class TradingPost(DataModel):
    """K3 squad management: sold kit brings its cost divided by ``sell_divisor``, rounded
    down (notes A81)."""

    rule: RuleId
    sell_divisor: Positive


class Review(DataModel):
    """C4.20: the damage of the Performance Review."""

    rule: RuleId
    dice: DiceField


class OutcomeLimits(DataModel):
    """The most one game can give a side (K3, our reading of C1.8, K1.4, K2.1, K2.2, C2): a table
    game's outcome file is checked against these. ``merits`` are per model beyond its kills;
    ``injury`` is the lowest Injury modifier (Criticals only lower the roll, R6)."""

    rule: RuleId
    merits: Count
    subs: Count
    items: Count
    evidence: Count
    leads: Count
    rewards: Count
    evidence_lost: Count
    injury: Annotated[StrictInt, Field(le=0)]


class CampaignRules(DataModel):
    """Every table of ``data/campaign.toml``."""

    merits: MeritRules
    evidence: EvidenceRules
    exploration: ExplorationTable
    injury: RollTable
    promotion: PromotionTable
    limits: Limits
    trading_post: TradingPost
    performance_review: Review
    outcome: OutcomeLimits


def load_campaign_tables(source: Source) -> CampaignRules:
    """Load and validate ``campaign.toml`` of the data folder ``source``.

    :raises RulesDataError: one line naming the file, the table, the entry and the bad value.
    """
    return read_data(source, "campaign.toml", CampaignRules)
