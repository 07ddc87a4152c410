"""The steps of the post-game sequence of a Sacred Wire campaign, in order (the Post-Game
Sequence of the campaign booklet, with notes A77's step 1b), each a step of the game's stack:

* before the first: a model that sat this game out as Sidelined is available again (K3.3);
  one-use items used up (R3.9) and weapons a Fumble destroyed (R7.1, R7.2) leave the kit;
* 1 log Merits (K3.1); a model that left the board earns none (C4.20);
* 1b the side's finds, mission rewards, lost Evidence and the recording of Evidence
  (:mod:`.evidence`: K2.1-K2.4, notes A90);
* 2 Exploration: the models that played roll Wits (K3.2, notes A76: Out of Action ones too,
  unless ``exploration_excludes_ooa``);
* 3 Injury for each model put Out of Action (K3.3), its row's effects in :mod:`.rows`;
* 4 one Promotion roll per threshold of Merits crossed (K3.4, notes A78, A79);
* 9 every model back to full Health (K3);
* 10 the Performance Review: the d6 of a model that left the board or fled (C4.20), a d4 for
  each Rage Stim it took (R3.9); the damage is carried into the next game (notes A62);
* last, a roster left short of a squad says how many to hire before the next game (K3).

Steps 5-8 are the owner's bookkeeping between games (:mod:`.management`). :func:`opening`
gives the steps of one post-game from the book and the outcome.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from itertools import pairwise
from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.engine.step import Step
from skirmish.rulesets.sacred_wire.base import catalog_of
from skirmish.rulesets.sacred_wire.campaign.book import (
    HIRE,
    LOSS_IN_PLAY,
    SLAG,
    SLAG_MOST,
    Book,
    stock_item,
)
from skirmish.rulesets.sacred_wire.campaign.evidence import (
    FindsArrive,
    LoseEvidence,
    LoseLeads,
    MissionRewards,
    NextExtractor,
    RecordEvidence,
    SignalElsewhere,
    SignalPlayed,
    SourceExtracted,
    WinnerEvidence,
)
from skirmish.rulesets.sacred_wire.campaign.outcome import (
    RAGE_STIM,
    REVIEWED,
    Fate,
    Outcome,
    Rewards,
    applied_id,
    played,
)
from skirmish.rulesets.sacred_wire.campaign.rolls import roll
from skirmish.rulesets.sacred_wire.campaign.rows import SQUAD, apply_row, change, table
from skirmish.rulesets.sacred_wire.campaign.sheet import MemberSheet, book_of
from skirmish.rulesets.sacred_wire.campaign.state import PostGame, member, put
from skirmish.rulesets.sacred_wire.game.casualties import LEAVE
from skirmish.rulesets.sacred_wire.game.items import ITEMS
from skirmish.rulesets.sacred_wire.rules_data.catalog import (
    Catalog,
    FumbleKind,
    MeleeWeapon,
    RangedWeapon,
)
from skirmish.rulesets.sacred_wire.rules_data.effects import (
    DamageDice,
    Penalty,
    PostGameDamage,
    effects_of,
)
from skirmish.rulesets.sacred_wire.squads.roster import worn_armor
from skirmish.rulesets.sacred_wire.squads.squad import Attribute

if TYPE_CHECKING:
    from skirmish.engine.decision import Decision, Sealed

__all__ = ["DONE", "opening"]

SIDELINED = "K3.3"
DONE = "the post-game sequence is done"
#: The Fumble table that can destroy each kind of weapon (R7.1, R7.2).
FUMBLES = {MeleeWeapon: FumbleKind.MELEE, RangedWeapon: FumbleKind.RANGED}


@dataclass(slots=True, eq=False)
class Stage(Step):
    """The sequence reaches one of its steps (for messages: "post-game step 3 (Injuries)")."""

    rule = SQUAD
    name: str

    def run(self, game: PostGame, action: Action | None) -> Decision | Sealed | list[Step]:
        game.state.stage = self.name
        return []


@dataclass(slots=True, eq=False)
class BackFromSidelines(Step):
    """A Sidelined model has now missed its game and is available again (K3.3)."""

    rule = SIDELINED

    def run(self, game: PostGame, action: Action | None) -> Decision | Sealed | list[Step]:
        for sheet in game.state.book.members:
            if sheet.sidelined:
                put(game, replace(sheet, sidelined=False))
                game.emit("back", SIDELINED, (sheet.name,))
        return []


@dataclass(slots=True, eq=False)
class Spend(Step):
    """The kit the model lost in play leaves it (``items`` as the outcome names them): the
    one-use items it used up (R3.9) and the weapons a Fumble destroyed, each citing its
    weapon's Fumble table (R7.1, R7.2)."""

    rule = ITEMS
    name: str
    items: tuple[str, ...]

    def run(self, game: PostGame, action: Action | None) -> Decision | Sealed | list[Step]:
        sheet = game.state.book.member(self.name)
        assert sheet is not None
        catalog = catalog_of(game)
        used: list[str] = []
        destroyed: list[tuple[str, str]] = []
        for item in self.items:
            record = stock_item(item, catalog)
            sheet = sheet.without(record.name)
            fumble = FUMBLES.get(type(record))
            if fumble is None:
                used.append(item)
            else:
                destroyed.append((record.name, catalog.fumble_table(fumble).rule))
        put(game, sheet)
        if used:
            game.emit("spent", ITEMS, (self.name,), items=used)
        for weapon, rule in destroyed:
            game.emit("destroyed", rule, (self.name,), weapon=weapon)
        return []


@dataclass(slots=True, eq=False)
class LogMerits(Step):
    """Step 1: Merits for the enemy player models it put Out of Action, the enemy Boss among
    them, and other sources (K3.1); none for a model that left the board or fled (C4.20)."""

    rule = "K3.1"
    name: str
    kills: int
    boss_kill: bool
    other: int
    reviewed: bool

    def run(self, game: PostGame, action: Action | None) -> Decision | Sealed | list[Step]:
        rules = catalog_of(game).campaign.merits
        kills = self.kills * rules.kill
        boss = rules.boss if self.boss_kill else 0
        gained = kills + boss + self.other
        if not gained:
            return []
        if self.reviewed:
            game.emit("no-merits", LEAVE, (self.name,), lost=gained)
            return []
        sheet = game.state.book.member(self.name)
        assert sheet is not None
        put(game, replace(sheet, merits=sheet.merits + gained))
        game.emit(
            "merits",
            rules.rule,
            (self.name,),
            gained=gained,
            kills=kills,
            boss=boss,
            other=self.other,
            merits=sheet.merits + gained,
        )
        return []


@dataclass(slots=True, eq=False)
class Exploration(Step):
    """Step 2: the models ``names`` roll their Wits; the total's band brings subs (K3.2). A
    Wits step a Critical took in this game (``lowered``, one count a name) is lost already,
    "permanently" from the moment it landed (R6), though the book records it at step 3."""

    rule = "K3.2"
    names: tuple[str, ...]
    lowered: tuple[int, ...]

    def run(self, game: PostGame, action: Action | None) -> Decision | Sealed | list[Step]:
        bands = catalog_of(game).campaign.exploration
        total = 0
        for name, lost in zip(self.names, self.lowered, strict=True):
            explorer = member(game, name)
            assert explorer is not None
            wits = DamageDice(2, explorer.tier(Attribute.WITS).step(-lost).sides)
            total += roll(game, wits, "exploration", bands.rule, name)
        band = bands.band(total)
        book = game.state.book
        game.state.book = replace(book, subs=book.subs + band.subs)
        game.emit(
            "exploration",
            bands.rule,
            total=total,
            band=band.name,
            subs=band.subs,
            treasury=book.subs + band.subs,
        )
        return []


@dataclass(slots=True, eq=False)
class Injury(Step):
    """Step 3: the Injury roll of a model put Out of Action, lowered by its Criticals'
    ``modifier`` (K3.3, R6), and its row's effects."""

    rule = "K3.3"
    name: str
    modifier: int

    def run(self, game: PostGame, action: Action | None) -> Decision | Sealed | list[Step]:
        injuries = table(game, "injury")
        rolled = roll(game, injuries.dice, "injury", injuries.rule, self.name)
        total = rolled + self.modifier
        row = injuries.row(total)
        game.emit(
            "injury",
            injuries.rule,
            (self.name,),
            row=row.name,
            total=total,
            modifier=self.modifier,
        )
        return apply_row(game, self.name, "injury", row)


@dataclass(slots=True, eq=False)
class Scar(Step):
    """A permanent loss a Critical or Fumble dealt in play stays with the model (R6, notes
    A72): one step of ``stat``, as an Injury's would, until a cybernetic repairs it."""

    rule = LOSS_IN_PLAY
    name: str
    stat: str

    def run(self, game: PostGame, action: Action | None) -> Decision | Sealed | list[Step]:
        if game.state.book.member(self.name) is None:
            return []  # it left the squad (Terminated)
        return change(game, self.name, Penalty(self.stat), -1, "a loss in play", self.rule)


def on_member(game: PostGame, name: str, change: Callable[[MemberSheet], None]) -> list[Step]:
    """Apply ``change`` to the sheet of the model called ``name`` if it is still in the squad
    (a Terminated model left it); no steps follow."""
    sheet = game.state.book.member(name)
    if sheet is not None:
        change(sheet)
    return []


@dataclass(slots=True, eq=False)
class Slag(Step):
    """Slag Armor in play stays with the model's armour (R6.4, notes A71): ``classes`` more
    lost; a piece slagged below Light is destroyed, gone from the kit."""

    rule = SLAG
    name: str
    classes: int

    def run(self, game: PostGame, action: Action | None) -> Decision | Sealed | list[Step]:
        return on_member(game, self.name, lambda sheet: self._slag(game, sheet))

    def _slag(self, game: PostGame, sheet: MemberSheet) -> None:
        slag = min(SLAG_MOST, sheet.slag + self.classes)
        if sheet.armor and worn_armor(catalog_of(game), sheet.armor, slag) is None:
            put(game, replace(sheet, armor="", slag=0))
            game.emit("armor-destroyed", self.rule, (self.name,), armor=sheet.armor)
            return
        put(game, replace(sheet, slag=slag))
        game.emit("slagged", self.rule, (self.name,), slag=slag)


@dataclass(slots=True, eq=False)
class Forget(Step):
    """A Power that Broadcast Storm made the model forget in play is gone for good (R7.3)."""

    rule = "R7.3"
    name: str
    power: str

    def run(self, game: PostGame, action: Action | None) -> Decision | Sealed | list[Step]:
        return on_member(game, self.name, lambda sheet: self._forget(game, sheet))

    def _forget(self, game: PostGame, sheet: MemberSheet) -> None:
        if self.power not in sheet.forgotten:
            put(game, replace(sheet, forgotten=(*sheet.forgotten, self.power)))
        game.emit("forgets", self.rule, (self.name,), power=self.power)


@dataclass(slots=True, eq=False)
class Promotions(Step):
    """Step 4: each model of the squad rolls once per Promotion threshold its Merits crossed
    since the game ended (K3.4, notes A78)."""

    rule = "K3.4"

    def run(self, game: PostGame, action: Action | None) -> Decision | Sealed | list[Step]:
        ladder = catalog_of(game).campaign.promotion
        before = dict(game.state.merits_before)
        return [
            Promote(m.name, tuple(ladder.crossed(before.get(m.name, m.merits), m.merits)))
            for m in game.state.book.members
        ]


@dataclass(slots=True, eq=False)
class Promote(Step):
    """The Promotion rolls of one model, one per threshold in ``thresholds``, while it is in
    the squad (K3.4)."""

    rule = "K3.4"
    name: str
    thresholds: tuple[int, ...]

    def run(self, game: PostGame, action: Action | None) -> Decision | Sealed | list[Step]:
        if not self.thresholds or game.state.book.member(self.name) is None:
            return []
        ladder = table(game, "promotion")
        game.emit("threshold", ladder.rule, (self.name,), threshold=self.thresholds[0])
        rolled = roll(game, ladder.dice, "promotion", ladder.rule, self.name)
        row = ladder.row(rolled)
        game.emit("promotion", ladder.rule, (self.name,), row=row.name, total=rolled)
        rest = Promote(self.name, self.thresholds[1:])
        return [*apply_row(game, self.name, "promotion", row), rest]


@dataclass(slots=True, eq=False)
class Restore(Step):
    """Step 9: every model back to full Health (K3)."""

    rule = SQUAD

    def run(self, game: PostGame, action: Action | None) -> Decision | Sealed | list[Step]:
        book = game.state.book
        members = tuple(replace(m, damage=0) for m in book.members)
        game.state.book = replace(book, members=members)
        game.emit("restored", SQUAD)
        return []


@dataclass(slots=True, eq=False)
class Review(Step):
    """Step 10 for one model that played, if still in the squad: the Performance Review's d6
    if it left the board or fled (C4.20), a d4 for each of the ``rage_stim`` Rage Stims it took
    (R3.9); taken after Health is restored and kept into the next game, never below 1 Health
    (notes A62)."""

    rule = LEAVE
    name: str
    reviewed: bool
    rage_stim: int

    def run(self, game: PostGame, action: Action | None) -> Decision | Sealed | list[Step]:
        if game.state.book.member(self.name) is None:
            return []
        if self.reviewed:
            review = catalog_of(game).campaign.performance_review
            _hurt(game, self.name, review.dice, review.rule, "Performance Review")
        stim = catalog_of(game).consumable(RAGE_STIM)
        dice = effects_of(stim.effects, PostGameDamage)[0].dice
        for _ in range(self.rage_stim):
            _hurt(game, self.name, dice, stim.rule, RAGE_STIM)
        return []


def _hurt(game: PostGame, name: str, dice: DamageDice, rule: str, source: str) -> None:
    amount = roll(game, dice, "review", rule, name)
    sheet, hurt = game.state.book.member(name), member(game, name)
    assert sheet is not None and hurt is not None
    damage = min(hurt.damage + amount, hurt.max_health - 1)
    put(game, replace(sheet, damage=damage))
    health = max(1, hurt.max_health - damage)
    game.emit("review", rule, (name,), source=source, amount=amount, health=health)


@dataclass(slots=True, eq=False)
class ShortHanded(Step):
    """A squad always has its five models, the Sidelined among them: a roster the game left
    short hires the rest, free, before its next game (K3, step 7), or cannot play it."""

    rule = SQUAD

    def run(self, game: PostGame, action: Action | None) -> Decision | Sealed | list[Step]:
        catalog = catalog_of(game)
        book = book_of(game.state.book, catalog)
        size = catalog.squad.models
        short = book.short_of(size)
        if short:
            game.emit("short", SQUAD, models=len(book.members), size=size, short=short, hire=HIRE)
        return []


@dataclass(slots=True, eq=False)
class Finish(Step):
    """The book counts one more game, and the game record or table game's outcome it took
    (K3, :func:`.outcome.applied_id`); the post-game ends."""

    rule = SQUAD
    record: str = ""

    def run(self, game: PostGame, action: Action | None) -> Decision | Sealed | list[Step]:
        book = game.state.book
        records = (*book.records, self.record) if self.record else book.records
        game.state.book = replace(book, games=book.games + 1, records=records)
        game.state.stage = "done"
        game.end_placed((1,), DONE, SQUAD)
        return []


def opening(book: Book, outcome: Outcome, excludes_ooa: bool, catalog: Catalog) -> list[Step]:
    """The steps of the post-game of ``outcome`` for ``book`` (checked to fit it already)."""
    results = played(book, outcome)
    rolling = [(m, r) for m, r in results if not (excludes_ooa and r.fate is Fate.OUT_OF_ACTION)]
    wits = Penalty.WITS.value
    return [
        Stage("before step 1"),
        BackFromSidelines(),
        *(Spend(m.name, r.spent) for m, r in results if r.spent),
        Stage("step 1 (Merits)"),
        *(
            LogMerits(m.name, len(r.kills), r.boss_kill, r.merits, r.fate in REVIEWED)
            for m, r in results
        ),
        Stage("step 1b (finds and Evidence)"),
        *_income(outcome, catalog),
        *([LoseLeads()] if outcome.leads_lost else []),
        *([] if outcome.next_extractor is None else [NextExtractor(outcome.next_extractor)]),
        *([SignalPlayed()] if outcome.signal else []),
        *([SignalElsewhere()] if outcome.signal_done and not book.signal_done else []),
        RecordEvidence(),
        *([SourceExtracted()] if outcome.campaign_won else []),
        Stage("step 2 (Exploration)"),
        Exploration(
            tuple(m.name for m, _ in rolling), tuple(r.lost.count(wits) for _, r in rolling)
        ),
        Stage("step 3 (Injuries)"),
        # Slag first: the armour a model leaving the squad takes off is as the game left it.
        *(Slag(m.name, r.slag) for m, r in results if r.slag),
        *(Injury(m.name, r.injury) for m, r in results if r.fate is Fate.OUT_OF_ACTION),
        *(Scar(m.name, stat) for m, r in results for stat in r.lost),
        *(Forget(m.name, power) for m, r in results for power in r.forgotten),
        Stage("step 4 (Promotions)"),
        Promotions(),
        Stage("step 9 (Health)"),
        Restore(),
        Stage("step 10 (Performance Review)"),
        *(Review(m.name, r.fate in REVIEWED, r.rage_stim) for m, r in results),
        ShortHanded(),
        Finish(applied_id(outcome)),
    ]


def _income(outcome: Outcome, catalog: Catalog) -> list[Step]:
    """What reaches the squad before the Evidence is recorded, each loss taking only what the
    squad held when it happened (K2.1, K2.3, K2.4, notes A77, A90, A93): the finds, each
    Evidence lost in play after the Evidence found before it; the mission's rewards; the
    losses at the game's end; then the winner's Evidence."""
    found, rewards = outcome.finds, outcome.rewards
    steps: list[Step] = []
    items = tuple(stock_item(name, catalog).name for name in found.items)
    first = found.losses[0] if found.losses else found.evidence
    if found.subs or items or found.leads or first:
        steps.append(FindsArrive(found.subs, items, found.leads, first))
    for before, after in pairwise((*found.losses, found.evidence)):
        steps.append(LoseEvidence())
        if after > before:
            steps.append(FindsArrive(evidence=after - before))
    if rewards != Rewards():
        steps.append(MissionRewards(rewards.leads, rewards.evidence, outcome.mission))
    steps += [LoseEvidence() for _ in range(outcome.evidence_lost)]
    winner = catalog.campaign.evidence.winner
    if outcome.won and outcome.gives_winner_evidence and winner:
        steps.append(WinnerEvidence(winner))
    return steps
