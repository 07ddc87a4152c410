"""What a row of the Injury table (K3.3) or the Promotion table (K3.4) does to one model: its
effects one by one, the owner picking where the row leaves a choice (options that would do
nothing at the limits dropped while another does something, notes A79), each change kept
within the attribute limits (K3.3), a model that is Terminated or reaches max Health 0 removed
with its kit to the Lockers (K3.3), and a dead Boss replaced by a promoted Resource (K3, notes
A81)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import combinations
from typing import TYPE_CHECKING, Literal

from skirmish.engine.action import Action
from skirmish.engine.step import Step
from skirmish.rulesets.sacred_wire.base import catalog_of
from skirmish.rulesets.sacred_wire.campaign.book import (
    SLAG,
    Member,
    Perk,
    change_text,
    perks,
    to_lockers,
)
from skirmish.rulesets.sacred_wire.campaign.choices import Offer, OwnerChoice, Question, word
from skirmish.rulesets.sacred_wire.campaign.sheet import ChangeEntry
from skirmish.rulesets.sacred_wire.campaign.state import PostGame, member, put
from skirmish.rulesets.sacred_wire.rolls.tiers import Tier
from skirmish.rulesets.sacred_wire.rules_data.campaign_tables import (
    CampaignRules,
    ChoiceEffect,
    Effect,
    Limits,
    MissGame,
    PowerEffect,
    RollTable,
    Row,
    StatEffect,
    Terminated,
    TierEffect,
)
from skirmish.rulesets.sacred_wire.rules_data.catalog import Catalog, Power
from skirmish.rulesets.sacred_wire.rules_data.dispatch import DataRow, EffectTable
from skirmish.rulesets.sacred_wire.rules_data.effects import Penalty
from skirmish.rulesets.sacred_wire.squads.squad import Attribute

if TYPE_CHECKING:
    from skirmish.engine.decision import Decision, Sealed

__all__ = [
    "GAINS",
    "ROW_EFFECTS",
    "SQUAD",
    "ChooseBoss",
    "ChoosePerk",
    "Gain",
    "RowEffect",
    "Table",
    "apply_row",
    "remove",
    "row_problems",
    "table",
]

#: The unlabelled blocks of the campaign rules (the Post-Game Sequence, the squad), cited K3.
SQUAD = "K3"
#: The tables whose rows change a model.
Table = Literal["injury", "promotion"]

_ORDER = tuple(Attribute)
_DEMOTION_ORDER = tuple(reversed(Attribute))


def table(game: PostGame, name: Table) -> RollTable:
    """The Injury (K3.3) or the Promotion (K3.4) table of the game's catalogue."""
    rules = catalog_of(game).campaign
    return rules.injury if name == "injury" else rules.promotion


def apply_row(game: PostGame, name: str, table_name: Table, row: Row) -> list[Step]:
    """The steps of ``row``'s effects on the model called ``name``, in order."""
    rows = table(game, table_name)
    if not row.effects:
        game.emit("no-effect", rows.rule, (name,), row=row.name)
    index = rows.entries.index(row)
    return [RowEffect(name, table_name, index, n) for n in range(len(row.effects))]


@dataclass(slots=True, eq=False)
class RowEffect(Step):
    """Effect ``effect`` of row ``row`` of ``table`` on the model ``name``, if it is still in
    the squad: Terminated, Sidelined, or a change it gains (:class:`Gain`)."""

    name: str
    table: Table
    row: int
    effect: int

    def run(self, game: PostGame, action: Action | None) -> Decision | Sealed | list[Step]:
        if game.state.book.member(self.name) is None:
            return []
        effect = table(game, self.table).entries[self.row].effects[self.effect]
        return ROW_EFFECTS.apply(effect, Landing(game, self))


@dataclass(frozen=True, slots=True)
class Landing:
    """The effect of ``step`` landing on its model in ``game``."""

    game: PostGame
    step: RowEffect

    @property
    def name(self) -> str:
        """The model's name."""
        return self.step.name


ROW_EFFECTS: EffectTable[Effect, Landing, Step] = EffectTable(
    "an Injury or Promotion row (K3.3, K3.4; campaign/rows.py)"
)
"""What each effect of an Injury or Promotion row does to its model as the row applies."""


@ROW_EFFECTS.on(Terminated)
def _terminated(effect: Terminated, at: Landing) -> list[Step]:
    rows = table(at.game, at.step.table)
    return remove(at.game, at.name, rows.entries[at.step.row].name, rows.rule)


@ROW_EFFECTS.on(MissGame)
def _miss_game(effect: MissGame, at: Landing) -> list[Step]:
    sheet = at.game.state.book.member(at.name)
    assert sheet is not None, "a row's effect lands on a model of the squad"
    rule = table(at.game, at.step.table).rule
    put(at.game, replace(sheet, sidelined=True))
    at.game.emit("sidelined", rule, (at.name,))
    return []


def _gain(effect: TierEffect | StatEffect | PowerEffect | ChoiceEffect, at: Landing) -> list[Step]:
    """A change the model gains, the owner picking where the row offers several."""
    step = at.step
    return [Gain(step.name, step.table, step.row, step.effect)]


ROW_EFFECTS.on(TierEffect)(_gain)
ROW_EFFECTS.on(StatEffect)(_gain)
ROW_EFFECTS.on(PowerEffect)(_gain)
ROW_EFFECTS.on(ChoiceEffect)(_gain)


@dataclass(frozen=True, slots=True)
class Option:
    """One concrete change a row offers: steps of stats, or a Power."""

    label: str
    steps: tuple[tuple[Penalty, int], ...] = ()
    power: Power | None = None

    @property
    def action(self) -> Action:
        """``gain wits+1``, ``gain combat+1 defense+1``, ``gain power Neural_Trap``."""
        if self.power is not None:
            return Action("gain", ("power", word(self.power.name)))
        return Action("gain", tuple(f"{stat.value}{n:+d}" for stat, n in self.steps))


@dataclass(slots=True, eq=False)
class Gain(OwnerChoice[Option]):
    """A change the model gains from a row; the owner picks one where the row offers several
    (notes A79: options that would change nothing go while another changes something)."""

    kind = "gain"
    name: str
    table: Table
    row: int
    effect: int

    def question(self, game: PostGame) -> Question[Option]:
        rows = table(game, self.table)
        row = rows.entries[self.row]
        gainer = member(game, self.name)
        assert gainer is not None, "a row's effect is gained by a model of the squad"
        options = GAINS.apply(row.effects[self.effect], Gainer(gainer, catalog_of(game)))
        limits = catalog_of(game).campaign.limits
        least = min((waste(gainer, o, limits) for o in options), default=0)
        kept = tuple(
            Offer(o.action, o.label, o) for o in options if waste(gainer, o, limits) == least
        )
        return Question(rows.rule, self.name, f"{row.name}: what does {self.name} gain?", kept)

    def nothing(self, game: PostGame) -> list[Step]:
        rows = table(game, self.table)
        game.emit("no-effect", rows.rule, (self.name,), row=rows.entries[self.row].name)
        return []

    def take(self, game: PostGame, offer: Offer[Option]) -> list[Step]:
        rows = table(game, self.table)
        row, option = rows.entries[self.row].name, offer.value
        after: list[Step] = []
        for stat, n in option.steps:
            if game.state.book.member(self.name) is None:
                break  # it left the squad at max Health 0
            after = change(game, self.name, stat, n, row, rows.rule)
        sheet = game.state.book.member(self.name)
        if option.power is not None and sheet is not None:
            put(game, replace(sheet, powers=(*sheet.powers, option.power.name)))
            game.emit("power", rows.rule, (self.name,), power=option.power.name)
        return after


@dataclass(frozen=True, slots=True)
class Gainer:
    """The model ``member`` gaining a change; Powers are ``catalog``'s."""

    member: Member
    catalog: Catalog


GAINS: EffectTable[Effect, Gainer, Option] = EffectTable(
    "a change gained from an Injury or Promotion row (K3.3, K3.4; campaign/rows.py)"
)
"""The concrete options each gained effect offers, the default policy's pick first."""


@GAINS.on(ChoiceEffect)
def _choice(effect: ChoiceEffect, at: Gainer) -> list[Option]:
    return [option for inner in effect.options for option in GAINS.apply(inner, at)]


@GAINS.on(StatEffect)
def _stat(effect: StatEffect, at: Gainer) -> list[Option]:
    stat = Penalty(effect.kind)
    return [Option(change_text(stat, effect.n), ((stat, effect.n),))]


@GAINS.on(PowerEffect)
def _power(effect: PowerEffect, at: Gainer) -> list[Option]:
    if not at.member.can_cast:
        return []  # only a Broadcaster casts (notes A66)
    held = (*at.member.all_powers, *at.member.forgotten)  # R7.3: forgotten for good
    return [Option(f"the Power {p.name}", power=p) for p in at.catalog.powers if p not in held]


@GAINS.on(TierEffect)
def _tier_options(effect: TierEffect, at: Gainer) -> list[Option]:
    gainer = at.member
    picks: list[tuple[Attribute, ...]]
    if effect.attribute == "lowest":
        lowest = min(gainer.tier(a) for a in Attribute)
        picks = [(a,) for a in _DEMOTION_ORDER if gainer.tier(a) == lowest]
    elif effect.attribute == "any":
        ranked = sorted(_ORDER, key=lambda a: gainer.tier(a).rank)
        picks = list(combinations(ranked, effect.count))
    else:
        picks = [(Attribute(effect.attribute),)]
    return [
        Option(
            " and ".join(change_text(Penalty(a.value), effect.n) for a in pick),
            tuple((Penalty(a.value), effect.n) for a in pick),
        )
        for pick in picks
    ]


def waste(gainer: Member, option: Option, limits: Limits) -> int:
    """How many of the option's changes would do nothing at the limits."""
    return sum(1 for stat, n in option.steps if effective(gainer, stat, n, limits) == 0)


def effective(gainer: Member, stat: Penalty, n: int, limits: Limits) -> int:
    """The part of a change that takes effect within the limits (K3.3)."""
    if stat in (Penalty.MAX_HEALTH, Penalty.RANGED):
        return n
    if stat is Penalty.MOVE:
        return max(limits.min_move, gainer.move + n) - gainer.move
    now = gainer.tier(Attribute(stat.value))
    return limits.clamp(Tier.at(now.rank + n)).rank - now.rank


def change(game: PostGame, name: str, stat: Penalty, n: int, row: str, rule: str) -> list[Step]:
    """One change of a stat, within the limits; at max Health 0 the model leaves the squad
    (K3.3). Returns the steps its leaving brings (a new Boss), else none."""
    limits = catalog_of(game).campaign.limits
    changed = member(game, name)
    sheet = game.state.book.member(name)
    assert changed is not None and sheet is not None
    done = effective(changed, stat, n, limits)
    if done == 0:
        game.emit("wasted", limits.rule, (name,), change=change_text(stat, n))
        return []
    put(game, replace(sheet, changes=(*sheet.changes, ChangeEntry(row, rule, stat.value, done))))
    game.emit("change", rule, (name,), change=change_text(stat, done), row=row)
    after = member(game, name)
    if after is not None and after.max_health <= 0:
        return remove(game, name, "max Health 0", limits.rule)
    return []


def remove(game: PostGame, name: str, why: str, rule: str) -> list[Step]:
    """The model leaves the squad, its kit to the Lockers (K3.3), a slagged armour piece as it
    is, its damage persisting (R6.4, notes A71); a dead Boss is replaced by a promoted
    Resource (K3, notes A81)."""
    leaving = member(game, name)
    assert leaving is not None
    piece = leaving.model.armor
    armor = piece.name if piece is not None else ""
    book = game.state.book.without_member(name)
    slagged = to_lockers(book.slagged, armor, leaving.slag)
    game.state.book = replace(book, lockers=book.lockers + leaving.kit, slagged=slagged)
    game.emit("removed", rule, (name,), why=why, kit=list(leaving.kit))
    if armor and leaving.slag:
        game.emit("armor-stored", SLAG, (name,), armor=armor, slag=leaving.slag)
    return [ChooseBoss()] if leaving.is_boss else []


@dataclass(slots=True, eq=False)
class ChooseBoss(OwnerChoice[str]):
    """The Boss is dead: a Resource becomes the Boss (K3, notes A81); with none left, the next
    one hired will be."""

    rule = SQUAD
    kind = "new-boss"

    def question(self, game: PostGame) -> Question[str]:
        roster = game.state.book.members
        # sorted() is stable: roster order breaks ties of Merits.
        ranked = sorted(range(len(roster)), key=lambda i: -roster[i].merits)
        offers = tuple(
            Offer(
                Action("boss", (str(i + 1), word(roster[i].name))), roster[i].name, roster[i].name
            )
            for i in ranked
        )
        return Question(SQUAD, "", "the Boss is dead: which Resource becomes the Boss?", offers)

    def nothing(self, game: PostGame) -> list[Step]:
        game.emit("no-boss", SQUAD)
        return []

    def take(self, game: PostGame, offer: Offer[str]) -> list[Step]:
        return [ChoosePerk(offer.value)]


@dataclass(slots=True, eq=False)
class ChoosePerk(OwnerChoice[Perk]):
    """What the new Boss gains: a perk that changes something for its contract (K3, A81)."""

    rule = SQUAD
    kind = "boss-perk"
    name: str

    def question(self, game: PostGame) -> Question[Perk]:
        chosen = member(game, self.name)
        assert chosen is not None
        offers = tuple(
            Offer(Action("perk", (perk.value,)), perk.text, perk)
            for perk in perks(chosen.model.contract)
        )
        text = f"what does {self.name} gain as the new Boss?"
        return Question(SQUAD, self.name, text, offers)

    # No Resource's contract has both weapon accesses and heavy armour (data/personnel.toml),
    # so some perk always changes something and ``nothing`` is never reached.

    def take(self, game: PostGame, offer: Offer[Perk]) -> list[Step]:
        sheet = game.state.book.member(self.name)
        assert sheet is not None
        put(game, replace(sheet, promoted=offer.value.value))
        game.emit("boss-promoted", SQUAD, (self.name,), perk=offer.value.text)
        return []


def row_problems(rules: CampaignRules) -> list[str]:
    """A message for each effect of the Injury and Promotion rows, or of the choices they
    offer, that no rule here applies (checked when the post-game ruleset loads)."""
    rows = [
        DataRow(f"{t.rule} {row.name}", row.effects)
        for t in (rules.injury, rules.promotion)
        for row in t.entries
    ]
    choices: list[DataRow[Effect]] = [
        DataRow(f"{row.where}, a choice", choice.options)
        for row in rows
        for choice in row.effects
        if isinstance(choice, ChoiceEffect)
    ]
    return ROW_EFFECTS.unknown(rows) + GAINS.unknown(choices)
