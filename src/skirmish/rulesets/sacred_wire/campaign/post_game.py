"""The post-game sequence of a Sacred Wire campaign: a campaign book and what happened in one
game give the book after it, step by step, each step an event citing its rule.

The steps, in order (the Post-Game Sequence of the campaign booklet, with notes A77's step 1b):

* before the first: a model that sat this game out as Sidelined is available again (K3.3);
  one-use items used up and weapons destroyed leave the kit (R3.9, R7);
* 1 log Merits (K3.1); a model that left the board earns none (C4.20);
* 1b the side's finds (K2.1, K2.2, notes A90), mission rewards, then lost Evidence (K2.4) and
  the recording of every unrecorded Evidence (K2.3); nine types win the campaign (K2);
* 2 Exploration: the models that played roll Wits (K3.2, notes A76: OoA ones too, unless
  :attr:`PostGameOptions.exploration_excludes_ooa`);
* 3 Injury for each model put Out of Action (K3.3); a removed model's kit goes to the Lockers,
  and a dead Boss is replaced by a promoted Resource (K3, notes A81);
* 4 one Promotion roll per threshold of Merits crossed (K3.4, notes A78, A79);
* 9 every model back to full Health (K3);
* 10 the Performance Review: the d6 of a model that left the board or fled (C4.20), the Rage
  Stim's d4 (R3.9); the damage is carried into the next game (notes A62).

Steps 5-8 are the owner's bookkeeping: :func:`.management.buy`, :func:`.management.sell`,
:func:`.management.dismiss`, :func:`.management.hire`, :func:`.management.move_item`.

The owner's choices (Leads to spend, which Evidence to lose, the options of Promotion rows 5, 7,
9 and 12, Demotion ties, the new Boss and its perk) go to a :data:`Chooser`; each
:class:`Choice` carries the default policy's pick, which :func:`default_choice` takes:

* Leads: spend one on each Evidence once half the types are recorded, else none;
* Evidence lost: an unrecorded one first, else the lowest recorded type;
* "+1 DT to any attribute": the lowest one (ties Combat, Defense, Wits), never one at 2d12
  while another option does something (notes A79); "+1 DT Combat or a Power": Combat, unless
  it is at 2d12; "two different attributes": the two lowest;
* Demotion tie: Wits goes down before Defense, Defense before Combat;
* the new Boss: the Resource with the most Merits (roster order breaks ties), which takes the
  first perk that changes something (weapon access before armour).

The outcome file
================

A game played at a physical table is described by a small TOML (or JSON) file of
:class:`Outcome` fields; every field may be left out::

    won = true                    # the side won the mission (K2.3: +1 Evidence)
    winner_evidence = true        # false when the mission replaces K2.3's winner Evidence
    evidence_lost = 0             # Evidence lost in play (K2.4: the owner picks which)

    [finds]                       # what the side found (Search K2.1, Interrogate K2.2)
    subs = 12
    items = ["Frag"]              # to the Lockers (notes A90)
    evidence = 1                  # unrecorded until step 1b
    leads = 1

    [rewards]                     # the mission's rewards (notes A77)
    leads = 1
    evidence = 0

    [[models]]                    # every model that played; the others stayed home
    name = "Mara Voss"
    fate = "out-of-action"        # on-board (default), out-of-action, fled, left, exited
    kills = ["Ilse Marrow"]       # enemy player models it put Out of Action (K3.1)
    boss_kill = true              # one of them was the enemy Boss
    merits = 0                    # Merits from missions, Search or Interrogate
    injury = -2                   # the Injury roll's modifier from Criticals (R6)
    rage_stim = false             # it took a Rage Stim (R3.9)
    spent = ["Medkit"]            # one-use items used up, weapons destroyed

``fled`` and ``left`` face the Performance Review (C4.20); ``exited`` left the board for a
mission objective and does not (K1.2).

:func:`check_outcome` refuses what no game gives: a model among its own kills or its squad's,
an enemy put Out of Action twice, more kills than an enemy squad has models or two enemy
Bosses (K3.1, C2), an Injury modifier above 0 (Criticals only lower it), and counts beyond the
bounds of ``data/campaign.toml [outcome]``. A game record's outcome carries the record's
identifier (:func:`record_id`), which the book keeps, so its post-game is applied once.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from itertools import combinations
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, ValidationError

from skirmish.dice import DiceSource, Roll
from skirmish.engine.events import Event
from skirmish.errors import SkirmishError
from skirmish.rulesets.sacred_wire.campaign.book import (
    Book,
    CampaignError,
    Change,
    Member,
    RecordId,
    book_from_data,
    book_to_data,
    change_text,
    perks,
    shape_problems,
    stock_item,
)
from skirmish.rulesets.sacred_wire.campaign.tables import (
    MOST,
    Bounded,
    CampaignRules,
    ChoiceEffect,
    Effect,
    MarkEffect,
    Row,
    StatEffect,
    TierEffect,
    load_campaign_rules,
)
from skirmish.rulesets.sacred_wire.game.casualties import LEFT, OUT_OF_ACTION
from skirmish.rulesets.sacred_wire.game.model import WireModel
from skirmish.rulesets.sacred_wire.missions import loot, zones
from skirmish.rulesets.sacred_wire.rolls.tiers import Tier
from skirmish.rulesets.sacred_wire.rules_data.catalog import Catalog, Power, load_catalog, name_key
from skirmish.rulesets.sacred_wire.rules_data.effects import (
    DamageDice,
    Penalty,
    PostGameDamage,
    effects_of,
)
from skirmish.rulesets.sacred_wire.squads.roster import profile
from skirmish.rulesets.sacred_wire.squads.squad import (
    Attribute,
    Name,
    SquadModel,
    decode_document,
    file_label,
    problem_list,
    read_document,
)

if TYPE_CHECKING:
    from skirmish.rulesets.sacred_wire.game.state import WireGame

__all__ = [
    "Choice",
    "Chooser",
    "Fate",
    "Finds",
    "ModelOutcome",
    "Outcome",
    "PostGameOptions",
    "Rewards",
    "check_outcome",
    "default_choice",
    "describe",
    "load_outcome",
    "outcome_of",
    "post_game",
    "record_id",
]

RULESET = "sacred-wire"
SQUAD = "K3"
SIDELINED = "K3.3"
SPENT = "R3.9"
FINDS = "K2.1"
LOSS = "K2.4"
VICTORY = "K2"
RAGE_STIM = "Rage Stim"


# --------------------------------------------------------------------------------------------
# What happened in the game
# --------------------------------------------------------------------------------------------


class Fate(StrEnum):
    """Where a model ended the game."""

    ON_BOARD = "on-board"
    OUT_OF_ACTION = "out-of-action"
    FLED = "fled"  # left the board while Fleeing (C4.19, C4.20)
    LEFT = "left"  # left the board by its own move (C4.20)
    EXITED = "exited"  # left the board for a mission objective: no Performance Review (K1.2)


_REVIEWED = (Fate.FLED, Fate.LEFT)
Names = tuple[Name, ...]


class _Record(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ModelOutcome(_Record):
    """One model that played: its fate, the enemy player models it put Out of Action (K3.1),
    its other Merits, its Injury modifier (R6), Rage Stim (R3.9) and the kit it used up."""

    name: Name
    fate: Fate = Fate.ON_BOARD
    kills: Names = ()
    boss_kill: StrictBool = False
    merits: Bounded = 0
    injury: Annotated[StrictInt, Field(ge=-MOST, le=MOST)] = 0
    rage_stim: StrictBool = False
    spent: Names = ()


class Finds(_Record):
    """What the side found in play (K2.1, K2.2): it reaches the squad after the game (A90)."""

    subs: Bounded = 0
    items: Names = ()
    evidence: Bounded = 0
    leads: Bounded = 0


class Rewards(_Record):
    """The mission's rewards to the side (the M missions, notes A77)."""

    leads: Bounded = 0
    evidence: Bounded = 0


class Outcome(_Record):
    """What one game meant for one side's campaign; ``record`` identifies the game record it
    was read from (:func:`record_id`; "" for a table game)."""

    models: tuple[ModelOutcome, ...] = ()
    won: StrictBool = False
    winner_evidence: StrictBool = True
    evidence_lost: Bounded = 0
    finds: Finds = Finds()
    rewards: Rewards = Rewards()
    record: RecordId | Literal[""] = ""


def load_outcome(path: str | Path) -> Outcome:
    """Read an outcome file (TOML or JSON, see the module docstring).

    :raises CampaignError: one line naming the problem.
    """
    label = file_label("outcome file", path)
    try:
        raw = decode_document(*read_document(path, "outcome file"), label)
        return Outcome.model_validate(raw)
    except ValidationError as exc:
        raise CampaignError(f"{label} is invalid: {shape_problems(raw, exc)}") from None
    except SkirmishError as exc:
        raise CampaignError(str(exc)) from None


def record_id(record: Mapping[str, Any]) -> str:
    """A game record's identifier: the hex SHA-256 of its setup, seed and actions as canonical
    JSON (sorted keys, no spaces), so the same game always has the same one."""
    game = {key: record[key] for key in ("setup", "seed", "actions")}
    text = json.dumps(game, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def outcome_of(game: WireGame, side: int) -> Outcome:
    """The outcome of a finished ``sacred-wire`` game for ``side`` (0 = A): each model's fate,
    the enemies it put Out of Action (``WireModel.ooa_by``), its Merits from Search, Injury
    modifier, Rage Stim and used-up kit; the side's finds (:func:`.loot.findings`), the
    mission's rewards (:func:`.zones.result`) and whether it won.

    :raises CampaignError: not a finished Sacred Wire game, or no such side.
    """
    if game.ruleset.id != RULESET:
        raise CampaignError(f"a {game.ruleset.id} game is not a Sacred Wire game")
    if game.result is None:
        raise CampaignError("the game is not finished: play it to the end first")
    if side not in (0, 1):
        raise CampaignError(f"no side {side} (0 = A, 1 = B)")
    models = [m for m in game.models if isinstance(m, WireModel)]
    enemies = [m for m in models if m.side != side]
    found = loot.findings(game, side)
    mission = zones.result(game)
    rewards = Rewards()
    if mission is not None:
        rewards = Rewards(leads=mission.leads[side], evidence=mission.evidence[side])
    return Outcome(
        models=tuple(_model_outcome(game, m, enemies, found) for m in models if m.side == side),
        won=game.result.winner == side,
        finds=_finds(found),
        rewards=rewards,
        record=record_id(game.record()),
    )


def _model_outcome(
    game: WireGame, m: WireModel, enemies: list[WireModel], found: tuple[loot.Finding, ...]
) -> ModelOutcome:
    kills = [e for e in enemies if e.removed == OUT_OF_ACTION and e.ooa_by == m.id]
    merits = [f.amount for f in found if f.model == m.id and f.kind is loot.FindKind.MERIT]
    return ModelOutcome(
        name=m.name,
        fate=_fate(m),
        kills=tuple(e.name for e in kills),
        boss_kill=any(profile(game, e).is_boss for e in kills),
        merits=sum(merits),
        injury=m.injury,
        rage_stim=any(entry.startswith(RAGE_STIM.lower()) for entry in m.post_game),
        spent=_spent(game, m),
    )


def _finds(found: tuple[loot.Finding, ...]) -> Finds:
    """A side's Search finds, totalled (K2.1); its Merits go to the searchers (K3.1)."""

    def total(kind: loot.FindKind) -> int:
        return sum(f.amount for f in found if f.kind is kind)

    return Finds(
        subs=total(loot.FindKind.SUBS),
        items=tuple(f.item for f in found if f.kind is loot.FindKind.ITEM),
        evidence=total(loot.FindKind.EVIDENCE),
        leads=total(loot.FindKind.LEAD),
    )


def _fate(m: WireModel) -> Fate:
    if m.removed == OUT_OF_ACTION:
        return Fate.OUT_OF_ACTION
    if m.removed == LEFT:
        return Fate.FLED if m.fleeing else Fate.LEFT
    return Fate.ON_BOARD


def _spent(game: WireGame, m: WireModel) -> tuple[str, ...]:
    """One-use items it no longer has (R3.9) and weapons a Fumble destroyed (R7.1, R7.2).
    Dropped weapons are picked up after the game (our choice)."""
    p = profile(game, m)
    left = [*m.grenades, *m.consumables]
    used = [g.name for g in p.grenades] + [c.name for c in p.consumables]
    for name in left:
        used.remove(name)
    destroyed = [
        str(e.data["weapon"]) for e in game.log if e.kind == "destroyed" and e.models[:1] == (m.id,)
    ]
    return (*used, *destroyed)


# --------------------------------------------------------------------------------------------
# The owner's choices
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Choice:
    """A decision the rules leave to the squad's owner: a question about ``model`` ("" for
    the squad), its options, and the default policy's pick."""

    rule: str
    model: str
    question: str
    options: tuple[str, ...]
    default: int = 0


#: Answers a :class:`Choice` with the index of an option.
Chooser = Callable[[Choice], int]


def default_choice(choice: Choice) -> int:
    """The default policy (see the module docstring): the AI's and the non-interactive CLI's."""
    return choice.default


@dataclass(frozen=True, slots=True)
class PostGameOptions:
    """``exploration_excludes_ooa``: only models still standing roll Exploration, as K3.2's
    "each surviving model" reads; off by default, as worked example E18 rolls for all five
    (notes A76)."""

    exploration_excludes_ooa: bool = False


# --------------------------------------------------------------------------------------------
# The sequence
# --------------------------------------------------------------------------------------------


def post_game(
    book: Book,
    outcome: Outcome,
    dice: DiceSource,
    chooser: Chooser = default_choice,
    options: PostGameOptions | None = None,
) -> tuple[Book, list[Event]]:
    """Apply the post-game sequence to a copy of ``book``; return it and the events.

    :raises CampaignError: a game record the book took already, an outcome that does not fit
        the book (an unknown or Sidelined model, kit it does not carry) or that no game can
        have (:func:`check_outcome`), or a choice out of range. The book is unchanged.
    """
    rules = load_campaign_rules()
    if outcome.record and outcome.record in book.records:
        raise CampaignError(
            f"{book.name!r} took this game record already (record {outcome.record[:12]}...): "
            "a game's post-game counts once (K3)"
        )
    check_outcome(book, outcome, rules)
    run = _Run(book, dice, chooser, rules, load_catalog())
    played = run.played(outcome)
    before = {member.name: member.merits for member in run.book.members}
    run.back_from_sidelines()
    run.spend(played)
    run.merits(played)
    run.evidence(outcome)
    run.exploration(played, options or PostGameOptions())
    run.injuries(played)
    run.promotions(before)
    run.restore()
    run.review(played)
    run.book.games += 1
    if outcome.record:
        run.book.records += (outcome.record,)
    done = book_from_data(book_to_data(run.book), f"campaign book {book.name!r}")
    return done, run.events


def check_outcome(book: Book, outcome: Outcome, rules: CampaignRules) -> None:
    """What no game can give a side, or no model of ``book`` can have done (K3.1, C2, and the
    bounds of ``data/campaign.toml [outcome]``).

    :raises CampaignError: one line naming every problem.
    """
    limits, size = rules.outcome, load_catalog().squad.models
    ours = {name_key(m.name): m.name for m in book.members}
    problems = []
    for result in outcome.models:
        who = result.name
        for kill in result.kills:
            if name_key(kill) == name_key(who):
                problems.append(f"{who} cannot put itself Out of Action (K3.1)")
            elif name_key(kill) in ours:
                problems.append(
                    f"{who}'s kill {ours[name_key(kill)]} is of its own squad: only enemy "
                    "player models earn Merits (K3.1)"
                )
        if result.merits > limits.merits:
            problems.append(f"{who}: {result.merits} Merits beyond kills (at most {limits.merits})")
        if not limits.injury <= result.injury <= 0:
            problems.append(
                f"{who}: Injury modifier {result.injury:+d} (Criticals only lower the roll, "
                f"{limits.injury} to 0, R6, K3.3)"
            )
    kills = Counter(name_key(k) for r in outcome.models for k in r.kills)
    twice = [k for r in outcome.models for k in r.kills if kills[name_key(k)] > 1]
    if twice:
        problems.append(f"{twice[0]} is put Out of Action twice (once a game, K3.1)")
    if sum(kills.values()) > size:
        problems.append(f"{sum(kills.values())} kills (an enemy squad has {size} models, C2)")
    bosses = [r.name for r in outcome.models if r.boss_kill]
    if len(bosses) > 1:
        problems.append(f"{' and '.join(bosses)} each put the enemy Boss Out of Action (one, C2)")
    counts = (
        ("finds.subs", outcome.finds.subs, limits.subs),
        ("finds.items", len(outcome.finds.items), limits.items),
        ("finds.evidence", outcome.finds.evidence, limits.evidence),
        ("finds.leads", outcome.finds.leads, limits.leads),
        ("rewards.leads", outcome.rewards.leads, limits.rewards),
        ("rewards.evidence", outcome.rewards.evidence, limits.rewards),
        ("evidence_lost", outcome.evidence_lost, limits.evidence_lost),
    )
    problems += [f"{key} {n} (at most {most} in one game)" for key, n, most in counts if n > most]
    if problems:
        raise CampaignError(f"the outcome is impossible: {problem_list(problems)}")


@dataclass(frozen=True, slots=True)
class _Option:
    """One concrete choice: changes of stats, or a Power."""

    label: str
    steps: tuple[tuple[Penalty, int], ...] = ()
    power: Power | None = None


_ORDER = tuple(Attribute)
_DEMOTION_ORDER = tuple(reversed(Attribute))


class _Run:
    """One post-game: the book being changed, the dice, the owner and the events so far."""

    def __init__(
        self,
        book: Book,
        dice: DiceSource,
        chooser: Chooser,
        rules: CampaignRules,
        catalog: Catalog,
    ) -> None:
        self.book = replace(book, members=[replace(m) for m in book.members])
        self.dice = dice
        self.chooser = chooser
        self.rules = rules
        self.catalog = catalog
        self.events: list[Event] = []

    # -- plumbing ---------------------------------------------------------------------------

    def emit(self, kind: str, rule: str, model: str = "", **data: Any) -> None:
        self.events.append(Event(kind, rule, (model,) if model else (), data))

    def roll(self, dice: DamageDice, purpose: str, rule: str, model: str = "") -> int:
        faces = self.dice.faces(dice.count, dice.sides, purpose)
        notation = f"{dice.count if dice.count > 1 else ''}D{dice.sides}"
        roll = Roll(purpose, notation, faces, sum(faces) + dice.bonus, model or None)
        self.events.append(Event("roll", rule, (model,) if model else (), {}, roll))
        return roll.value

    def ask(self, choice: Choice) -> int:
        if len(choice.options) == 1:
            return 0
        pick = self.chooser(choice)
        if not 0 <= pick < len(choice.options):
            raise CampaignError(f"no option {pick + 1} for {choice.question!r}")
        answer = choice.options[pick]
        self.emit("choice", choice.rule, choice.model, question=choice.question, answer=answer)
        return pick

    def played(self, outcome: Outcome) -> list[tuple[Member, ModelOutcome]]:
        """The book's models that played, in roster order, with their outcomes."""
        found: dict[str, ModelOutcome] = {}
        for result in outcome.models:
            member = self.book.member(result.name)
            if member.name in found:
                raise CampaignError(f"{member.name} is in the outcome twice")
            if member.sidelined:
                raise CampaignError(f"{member.name} is Sidelined: it misses this game (K3.3)")
            if result.boss_kill and not result.kills:
                raise CampaignError(f"{member.name}: boss_kill needs the Boss among its kills")
            found[member.name] = result
        return [(m, found[m.name]) for m in self.book.members if m.name in found]

    # -- before step 1 ------------------------------------------------------------------------

    def back_from_sidelines(self) -> None:
        """A Sidelined model has now missed its game (K3.3)."""
        for member in self.book.members:
            if member.sidelined:
                member.sidelined = False
                self.emit("back", SIDELINED, member.name)

    def spend(self, played: list[tuple[Member, ModelOutcome]]) -> None:
        """Items used up in play leave the kit (R3.9, R7)."""
        for member, result in played:
            for name in result.spent:
                member.model = _without(member.model, stock_item(name, self.catalog).name)
            if result.spent:
                self.emit("spent", SPENT, member.name, items=list(result.spent))

    # -- step 1: Merits -----------------------------------------------------------------------

    def merits(self, played: list[tuple[Member, ModelOutcome]]) -> None:
        rules = self.rules.merits
        for member, result in played:
            kills = len(result.kills) * rules.kill
            boss = rules.boss if result.boss_kill else 0
            gained = kills + boss + result.merits
            if result.fate in _REVIEWED:
                if gained:
                    self.emit("no-merits", "C4.20", member.name, lost=gained)
                continue
            if gained:
                member.merits += gained
                self.emit(
                    "merits",
                    rules.rule,
                    member.name,
                    gained=gained,
                    kills=kills,
                    boss=boss,
                    other=result.merits,
                    merits=member.merits,
                )

    # -- step 1b: finds, rewards, Evidence ----------------------------------------------------

    def evidence(self, outcome: Outcome) -> None:
        book, rule = self.book, self.rules.evidence.rule
        finds, rewards = outcome.finds, outcome.rewards
        items = tuple(stock_item(name, self.catalog).name for name in finds.items)
        if finds != Finds():
            book.subs += finds.subs
            book.lockers += items
            book.leads += finds.leads
            book.unrecorded += finds.evidence
            self.emit(
                "finds",
                FINDS,
                subs=finds.subs,
                items=list(items),
                leads=finds.leads,
                evidence=finds.evidence,
            )
        if rewards != Rewards():
            book.leads += rewards.leads
            book.unrecorded += rewards.evidence
            self.emit("rewards", rule, leads=rewards.leads, evidence=rewards.evidence)
        if outcome.won and outcome.winner_evidence and self.rules.evidence.winner:
            book.unrecorded += self.rules.evidence.winner
            self.emit("winner-evidence", rule, n=self.rules.evidence.winner)
        for _ in range(outcome.evidence_lost):
            self.lose()
        had = len(book.evidence)
        while book.unrecorded:
            self.record()
        victory = self.rules.evidence.victory
        if had < victory <= len(book.evidence):
            self.emit("campaign-won", VICTORY, types=len(book.evidence))

    def lose(self) -> None:
        """K2.4: the owner picks an unrecorded Evidence or a recorded type (notes A93: none
        left, no effect)."""
        book = self.book
        losses: list[int | None] = [None] if book.unrecorded else []  # None: an unrecorded one
        losses += sorted(book.evidence)
        if not losses:
            self.emit("nothing-to-lose", LOSS)
            return
        labels = tuple(
            "an unrecorded Evidence" if t is None else f"recorded type {t}" for t in losses
        )
        pick = self.ask(Choice(LOSS, "", "which Evidence is lost?", labels))
        lost = losses[pick]
        if lost is None:
            book.unrecorded -= 1
        else:
            book.evidence = tuple(t for t in book.evidence if t != lost)
        self.emit("evidence-lost", LOSS, what=labels[pick])

    def record(self) -> None:
        """K2.3: spend Leads, roll the type; a duplicate re-rolls once per Lead spent, and a
        final duplicate gives 1 Lead instead."""
        book, rules = self.book, self.rules.evidence
        book.unrecorded -= 1
        spend = 0
        if book.leads:
            wise = int(2 * len(book.evidence) >= rules.die)
            question = "how many Leads to spend on recording this Evidence?"
            options = tuple(str(n) for n in range(book.leads + 1))
            spend = self.ask(Choice(rules.rule, "", question, options, wise))
        if spend:
            book.leads -= spend
            self.emit("leads-spent", rules.rule, n=spend, leads=book.leads)
        die = DamageDice(1, rules.die)
        face = self.roll(die, "evidence", rules.rule)
        for left in range(spend, 0, -1):
            if face not in book.evidence:
                break
            self.emit("duplicate", rules.rule, type=face, rerolls=left)
            face = self.roll(die, "evidence", rules.rule)
        if face in book.evidence:
            book.leads += 1
            self.emit("duplicate-lead", rules.rule, type=face, leads=book.leads)
            return
        book.evidence += (face,)
        self.emit(
            "recorded", rules.rule, type=face, count=len(book.evidence), victory=rules.victory
        )

    # -- step 2: Exploration ------------------------------------------------------------------

    def exploration(
        self, played: list[tuple[Member, ModelOutcome]], options: PostGameOptions
    ) -> None:
        table = self.rules.exploration
        total = 0
        for member, result in played:
            if options.exploration_excludes_ooa and result.fate is Fate.OUT_OF_ACTION:
                continue
            wits = DamageDice(2, member.tier(Attribute.WITS).sides)
            total += self.roll(wits, "exploration", table.rule, member.name)
        band = table.band(total)
        self.book.subs += band.subs
        self.emit(
            "exploration",
            table.rule,
            total=total,
            band=band.name,
            subs=band.subs,
            treasury=self.book.subs,
        )

    # -- step 3: Injuries ---------------------------------------------------------------------

    def injuries(self, played: list[tuple[Member, ModelOutcome]]) -> None:
        table = self.rules.injury
        for member, result in played:
            if result.fate is not Fate.OUT_OF_ACTION:
                continue
            rolled = self.roll(table.dice, "injury", table.rule, member.name)
            row = table.row(rolled + result.injury)
            self.emit(
                "injury",
                table.rule,
                member.name,
                row=row.name,
                total=rolled + result.injury,
                modifier=result.injury,
            )
            self.apply(member, row, table.rule)

    # -- step 4: Promotions -------------------------------------------------------------------

    def promotions(self, before: dict[str, int]) -> None:
        table = self.rules.promotion
        for member in list(self.book.members):
            start = before.get(member.name, member.merits)
            for threshold in table.crossed(start, member.merits):
                if member not in self.book.members:
                    break
                self.emit("threshold", table.rule, member.name, threshold=threshold)
                rolled = self.roll(table.dice, "promotion", table.rule, member.name)
                row = table.row(rolled)
                self.emit("promotion", table.rule, member.name, row=row.name, total=rolled)
                self.apply(member, row, table.rule)

    # -- steps 9 and 10 -----------------------------------------------------------------------

    def restore(self) -> None:
        """Step 9: every model back to full Health."""
        for member in self.book.members:
            member.damage = 0
        self.emit("restored", SQUAD)

    def review(self, played: list[tuple[Member, ModelOutcome]]) -> None:
        """Step 10: the Performance Review's d6 (C4.20) and the Rage Stim's d4 (R3.9), taken
        after Health is restored and kept into the next game, never below 1 Health (A62)."""
        review = self.rules.performance_review
        stim = self.catalog.consumable(RAGE_STIM)
        for member, result in played:
            if member not in self.book.members:
                continue
            if result.fate in _REVIEWED:
                self.hurt(member, review.dice, review.rule, "Performance Review")
            if result.rage_stim:
                dice = effects_of(stim.effects, PostGameDamage)[0].dice
                self.hurt(member, dice, stim.rule, RAGE_STIM)

    def hurt(self, member: Member, dice: DamageDice, rule: str, source: str) -> None:
        amount = self.roll(dice, "review", rule, member.name)
        member.damage = min(member.damage + amount, member.max_health - 1)
        self.emit("review", rule, member.name, source=source, amount=amount, health=member.health)

    # -- table rows ---------------------------------------------------------------------------

    def apply(self, member: Member, row: Row, rule: str) -> None:
        """The effects of an Injury or Promotion row on ``member``."""
        if not row.effects:
            self.emit("no-effect", rule, member.name, row=row.name)
        for effect in row.effects:
            if member not in self.book.members:
                return
            if isinstance(effect, MarkEffect) and effect.kind == "terminated":
                self.remove(member, row.name, rule)
            elif isinstance(effect, MarkEffect) and effect.kind == "miss-game":
                member.sidelined = True
                self.emit("sidelined", rule, member.name)
            else:
                self.gain(member, effect, row.name, rule)

    def gain(self, member: Member, effect: Effect, row: str, rule: str) -> None:
        """A change the owner may have to pick; options that would do nothing are dropped
        while another does something (notes A79)."""
        options = self.options(member, effect)
        if not options:
            self.emit("no-effect", rule, member.name, row=row)
            return
        least = min(self.waste(member, o) for o in options)
        options = [o for o in options if self.waste(member, o) == least]
        question = f"{row}: what does {member.name} gain?"
        labels = tuple(o.label for o in options)
        option = options[self.ask(Choice(rule, member.name, question, labels))]
        for stat, n in option.steps:
            self.change(member, stat, n, row, rule)
        if option.power is not None:
            member.powers += (option.power,)
            self.emit("power", rule, member.name, power=option.power.name)

    def options(self, member: Member, effect: Effect) -> list[_Option]:
        """The concrete options of an effect, the default policy's pick first."""
        if isinstance(effect, ChoiceEffect):
            return [o for inner in effect.options for o in self.options(member, inner)]
        if isinstance(effect, StatEffect):
            stat = Penalty(effect.kind)
            return [_Option(change_text(stat, effect.n), ((stat, effect.n),))]
        if isinstance(effect, MarkEffect):
            if effect.kind != "power" or not member.can_cast:
                return []
            held = member.all_powers
            return [
                _Option(f"the Power {p.name}", power=p)
                for p in self.catalog.powers
                if p not in held
            ]
        return self.tier_options(member, effect)

    def tier_options(self, member: Member, effect: TierEffect) -> list[_Option]:
        picks: list[tuple[Attribute, ...]]
        if effect.attribute == "lowest":
            lowest = min(member.tier(a) for a in Attribute)
            picks = [(a,) for a in _DEMOTION_ORDER if member.tier(a) == lowest]
        elif effect.attribute == "any":
            ranked = sorted(_ORDER, key=lambda a: member.tier(a).rank)
            picks = list(combinations(ranked, effect.count))
        else:
            picks = [(Attribute(effect.attribute),)]
        return [
            _Option(
                " and ".join(change_text(Penalty(a.value), effect.n) for a in pick),
                tuple((Penalty(a.value), effect.n) for a in pick),
            )
            for pick in picks
        ]

    def waste(self, member: Member, option: _Option) -> int:
        """How many of the option's changes would do nothing at the limits."""
        return sum(1 for stat, n in option.steps if self.effective(member, stat, n) == 0)

    def effective(self, member: Member, stat: Penalty, n: int) -> int:
        """The part of a change that takes effect within the limits (K3.3)."""
        limits = self.rules.limits
        if stat is Penalty.MAX_HEALTH:
            return n
        if stat is Penalty.MOVE:
            return max(limits.min_move, member.move + n) - member.move
        now = member.tier(Attribute(stat.value))
        return limits.clamp(Tier.at(now.rank + n)).rank - now.rank

    def change(self, member: Member, stat: Penalty, n: int, row: str, rule: str) -> None:
        effective = self.effective(member, stat, n)
        if effective == 0:
            self.emit("wasted", self.rules.limits.rule, member.name, change=change_text(stat, n))
            return
        member.changes += (Change(row, rule, stat, effective),)
        self.emit("change", rule, member.name, change=change_text(stat, effective), row=row)
        if member.max_health <= 0:
            self.remove(member, "max Health 0", self.rules.limits.rule)

    def remove(self, member: Member, why: str, rule: str) -> None:
        """The model leaves the squad, its kit to the Lockers (K3.3); a dead Boss is replaced
        by a promoted Resource (K3, notes A81)."""
        self.book.members.remove(member)
        self.book.lockers += member.kit
        self.emit("removed", rule, member.name, why=why, kit=list(member.kit))
        if member.is_boss:
            self.promote_boss()

    def promote_boss(self) -> None:
        candidates = sorted(self.book.members, key=lambda m: -m.merits)
        if not candidates:
            self.emit("no-boss", SQUAD)
            return
        question = "the Boss is dead: which Resource becomes the Boss?"
        names = tuple(m.name for m in candidates)
        chosen = candidates[self.ask(Choice(SQUAD, "", question, names))]
        offers = perks(chosen.model.contract)
        question = f"what does {chosen.name} gain as the new Boss?"
        labels = tuple(p.text for p in offers)
        perk = offers[self.ask(Choice(SQUAD, chosen.name, question, labels))]
        chosen.promote(perk)
        self.emit("boss-promoted", SQUAD, chosen.name, perk=perk.text)


def _without(model: SquadModel, name: str) -> SquadModel:
    """``model`` without one ``name`` from its kit."""
    if model.armor is not None and model.armor.name == name:
        return replace(model, armor=None)
    kit: dict[str, tuple[Any, ...]] = {
        "weapons": model.weapons,
        "grenades": model.grenades,
        "consumables": model.consumables,
        "gear": model.gear,
    }
    for key, items in kit.items():
        names = [item.name for item in items]
        if name in names:
            index = names.index(name)
            change: dict[str, Any] = {key: (*items[:index], *items[index + 1 :])}
            return replace(model, **change)
    raise CampaignError(f"{model.name} carries no {name} to have used up")


# --------------------------------------------------------------------------------------------
# The log
# --------------------------------------------------------------------------------------------

TEMPLATES: dict[str, str] = {
    "back": "{a} sat out this game as Sidelined and is available again",
    "spent": "{a} used up {item_list}",
    "merits": "{a} logs {gained_text} ({detail}): {merits} in all",
    "no-merits": "{a} left the board: it earns no Merits this game ({lost} lost)",
    "finds": "The squad's finds reach it: {find_list}",
    "rewards": "Mission rewards: Leads +{leads}, Evidence +{evidence}",
    "winner-evidence": "The winner gains {n} Evidence to record",
    "nothing-to-lose": "No Evidence left to lose",
    "evidence-lost": "Lost: {what}",
    "leads-spent": "Leads spent: {n} ({leads} left)",
    "duplicate": "Type {type} is recorded already: a spent Lead re-rolls it",
    "duplicate-lead": "Type {type} is recorded already: 1 Lead instead ({leads} now)",
    "recorded": "Evidence type {type} is recorded ({count} of {victory} types)",
    "campaign-won": "{types} Evidence types: the squad wins the campaign",
    "exploration": "Exploration: the Wits total {total} is {band}, +{subs} subs ({treasury} now)",
    "injury": "{a}'s Injury roll: {total}{modifier_text}, {row}",
    "threshold": "{a} passes Promotion threshold {threshold}: a Promotion roll",
    "promotion": "{a}'s Promotion roll: {total}, {row}",
    "no-effect": "{a}: {row}, no effect",
    "sidelined": "{a} is Sidelined: it misses the next game",
    "change": "{a}: {change} ({row})",
    "wasted": "{a}: {change} would leave the limits, no effect",
    "power": "{a} gains the Power {power}",
    "removed": "{a} leaves the squad ({why}); its kit goes to the Lockers: {kit_list}",
    "boss-promoted": "{a} becomes the Boss and gains {perk}",
    "no-boss": "No Resource is left to become the Boss: the next one hired will be",
    "restored": "Every model restores full Health",
    "review": "{a} takes {amount} damage ({source}): it starts the next game at {health} Health",
    "choice": "{question} {answer}",
}


def describe(event: Event) -> str:
    """One line of the post-game log, ending with the rule it applies."""
    if event.roll is not None:
        roll = event.roll
        who = roll.model or "The squad"
        faces = ", ".join(str(f) for f in roll.faces)
        return f"{who} rolls {roll.purpose} {roll.dice}: [{faces}] = {roll.value}  [{event.rule}]"
    data = dict(event.data)
    data["a"] = event.models[0] if event.models else "The squad"
    if "items" in data:
        data["item_list"] = ", ".join(data["items"])
    if "kit" in data:
        data["kit_list"] = ", ".join(data["kit"]) or "nothing"
    if event.kind == "merits":
        data["gained_text"] = f"{data['gained']} Merit{'s' if data['gained'] != 1 else ''}"
        parts = [
            f"{data['kills']} for kills",
            f"{data['boss']} for the Boss",
            f"{data['other']} more",
        ]
        data["detail"] = ", ".join(p for p in parts if not p.startswith("0 "))
    if event.kind == "finds":
        data["find_list"] = _finds_text(data)
    modifier = data.get("modifier", 0)
    data["modifier_text"] = f" ({modifier:+d})" if modifier else ""
    return f"{TEMPLATES[event.kind].format(**data)}  [{event.rule}]"


def _finds_text(data: dict[str, Any]) -> str:
    parts = [(data["subs"], "subs +"), (data["leads"], "Leads +"), (data["evidence"], "Evidence +")]
    shown = [f"{label}{n}" for n, label in parts if n]
    if data["items"]:
        shown.append(", ".join(data["items"]))
    return "; ".join(shown) or "nothing"
