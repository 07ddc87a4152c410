"""Step 1b of the post-game sequence (notes A77): the side's finds reach the squad (K2.1, K2.2,
notes A90), then the mission's rewards and the winner's Evidence (K2.3); each Evidence lost
goes, the owner picking which, from what the squad held when it was lost (K2.4, notes A93: with
none left, no effect); then every unrecorded Evidence is recorded (K2.3): Leads spent first,
the type die rolled, a duplicate re-rolled once per Lead spent, a final duplicate giving 1 Lead
instead. Nine types win the campaign (K2)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.engine.step import Step
from skirmish.rulesets.sacred_wire.base import catalog_of
from skirmish.rulesets.sacred_wire.campaign.choices import Offer, OwnerChoice, Question
from skirmish.rulesets.sacred_wire.campaign.rolls import roll
from skirmish.rulesets.sacred_wire.campaign.state import PostGame
from skirmish.rulesets.sacred_wire.rules_data.campaign_tables import EvidenceRules
from skirmish.rulesets.sacred_wire.rules_data.effects import DamageDice

if TYPE_CHECKING:
    from skirmish.engine.decision import Decision, Sealed

__all__ = [
    "GATHERING",
    "LOSS",
    "FindsArrive",
    "LoseEvidence",
    "LoseLeads",
    "MissionRewards",
    "NextExtractor",
    "RecordEvidence",
    "RecordOne",
    "SignalElsewhere",
    "SignalPlayed",
    "SourceExtracted",
    "WinnerEvidence",
]

LOSS = "K2.4"
GATHERING = "K2"
"""Gathering Evidence (K2): the campaign won at nine types, and the finds of Search (K2.1)
and Interrogate (K2.2) together."""
#: The missions' rewards (the M missions), when the outcome does not name its mission.
MISSIONS = "M"
SOURCE_RULE = "M13.2"
TRIGGER = "K1.2"


def _rules(game: PostGame) -> EvidenceRules:
    return catalog_of(game).campaign.evidence


@dataclass(slots=True, eq=False)
class FindsArrive(Step):
    """The side's finds reach the squad after the game (K2.1, K2.2, notes A90): subs to the
    treasury, items (catalogue names) to the Lockers, Leads, and Evidence still to record.
    The outcome totals Search and Interrogate finds, so they cite their section, K2."""

    rule = GATHERING
    subs: int = 0
    items: tuple[str, ...] = ()
    leads: int = 0
    evidence: int = 0

    def run(self, game: PostGame, action: Action | None) -> Decision | Sealed | list[Step]:
        book = game.state.book
        game.state.book = replace(
            book,
            subs=book.subs + self.subs,
            lockers=book.lockers + self.items,
            leads=book.leads + self.leads,
            unrecorded=book.unrecorded + self.evidence,
        )
        game.emit(
            "finds",
            GATHERING,
            subs=self.subs,
            items=list(self.items),
            leads=self.leads,
            evidence=self.evidence,
        )
        return []


@dataclass(slots=True, eq=False)
class MissionRewards(Step):
    """The mission's rewards (the M missions, notes A77): Leads, and Evidence to record; they
    cite the ``mission``'s rule ID, or the missions (M) when the outcome does not name it."""

    rule = MISSIONS
    leads: int = 0
    evidence: int = 0
    mission: str = ""

    def run(self, game: PostGame, action: Action | None) -> Decision | Sealed | list[Step]:
        book = game.state.book
        game.state.book = replace(
            book, leads=book.leads + self.leads, unrecorded=book.unrecorded + self.evidence
        )
        game.emit("rewards", self.mission or MISSIONS, leads=self.leads, evidence=self.evidence)
        return []


@dataclass(slots=True, eq=False)
class WinnerEvidence(Step):
    """The mission's winner gains Evidence to record (K2.3)."""

    rule = "K2.3"
    n: int = 1

    def run(self, game: PostGame, action: Action | None) -> Decision | Sealed | list[Step]:
        book = game.state.book
        game.state.book = replace(book, unrecorded=book.unrecorded + self.n)
        game.emit("winner-evidence", _rules(game).rule, n=self.n)
        return []


@dataclass(slots=True, eq=False)
class LoseEvidence(OwnerChoice[int]):
    """One Evidence lost in play (K2.4): the owner picks an unrecorded one (0) or a recorded
    type; with none left, nothing is lost (notes A93)."""

    rule = LOSS
    kind = "lose-evidence"

    def question(self, game: PostGame) -> Question[int]:
        book = game.state.book
        offers = [Offer(Action("lose", (str(t),)), f"recorded type {t}", t) for t in book.evidence]
        if book.unrecorded:
            offers.append(Offer(Action("lose", ("unrecorded",)), "an unrecorded Evidence", 0))
        # The default first: an unrecorded one, else the lowest type.
        offers.sort(key=lambda offer: offer.value)
        return Question(LOSS, "", "which Evidence is lost?", tuple(offers))

    def nothing(self, game: PostGame) -> list[Step]:
        game.emit("nothing-to-lose", LOSS)
        return []

    def take(self, game: PostGame, offer: Offer[int]) -> list[Step]:
        book = game.state.book
        if offer.value == 0:
            game.state.book = replace(book, unrecorded=book.unrecorded - 1)
        else:
            kept = tuple(t for t in book.evidence if t != offer.value)
            game.state.book = replace(book, evidence=kept)
        game.emit("evidence-lost", LOSS, what=offer.label)
        return []


@dataclass(slots=True, eq=False)
class LoseLeads(Step):
    """The Source not extracted: the Extractor loses all its Leads (M13.2)."""

    rule = SOURCE_RULE

    def run(self, game: PostGame, action: Action | None) -> Decision | Sealed | list[Step]:
        book = game.state.book
        game.state.book = replace(book, leads=0)
        game.emit("leads-lost", SOURCE_RULE, n=book.leads)
        return []


@dataclass(slots=True, eq=False)
class NextExtractor(Step):
    """The Source not extracted: the squad is the Extractor of the next attempt when it held
    the Source at the end (``held``), else not (M13.2)."""

    rule = SOURCE_RULE
    held: bool

    def run(self, game: PostGame, action: Action | None) -> Decision | Sealed | list[Step]:
        game.state.book = replace(game.state.book, extractor=self.held)
        game.emit("next-extractor" if self.held else "not-extractor", SOURCE_RULE)
        return []


@dataclass(slots=True, eq=False)
class SignalPlayed(Step):
    """The squad played The Signal: the book keeps it, for The Signal comes once only (K1.2)."""

    rule = TRIGGER

    def run(self, game: PostGame, action: Action | None) -> Decision | Sealed | list[Step]:
        game.state.book = replace(game.state.book, signal_played=True)
        game.emit("signal-played", TRIGGER)
        return []


@dataclass(slots=True, eq=False)
class SignalElsewhere(Step):
    """The game's campaign had The Signal behind it, and the squad had not played it: the book
    keeps that others did, so the squad never plays it (K1.2, once a campaign)."""

    rule = TRIGGER

    def run(self, game: PostGame, action: Action | None) -> Decision | Sealed | list[Step]:
        game.state.book = replace(game.state.book, signal_elsewhere=True)
        game.emit("signal-elsewhere", TRIGGER)
        return []


@dataclass(slots=True, eq=False)
class SourceExtracted(Step):
    """The Source extracted: the squad wins the campaign (M13.2)."""

    rule = SOURCE_RULE

    def run(self, game: PostGame, action: Action | None) -> Decision | Sealed | list[Step]:
        game.emit("source-extracted", SOURCE_RULE)
        return []


@dataclass(slots=True, eq=False)
class RecordEvidence(Step):
    """Record every unrecorded Evidence, one at a time (K2.3); if that brings the recorded
    types to the campaign's victory, the squad wins it (K2). ``had``: the types recorded
    before (-1 until the step first runs)."""

    rule = "K2.3"
    had: int = -1

    def run(self, game: PostGame, action: Action | None) -> Decision | Sealed | list[Step]:
        book = game.state.book
        if self.had < 0:
            self.had = len(book.evidence)
        if book.unrecorded:
            return [RecordOne(), self]
        victory = _rules(game).victory
        if self.had < victory <= len(book.evidence):
            game.emit("campaign-won", GATHERING, types=len(book.evidence))
        return []


@dataclass(slots=True, eq=False)
class RecordOne(OwnerChoice[int]):
    """One Evidence recorded (K2.3): the owner spends Leads (none to spend, none asked), then
    the type die is rolled; a duplicate is re-rolled once per Lead spent, and a final
    duplicate gives 1 Lead instead."""

    rule = "K2.3"
    kind = "spend-leads"

    def question(self, game: PostGame) -> Question[int]:
        book, rules = game.state.book, _rules(game)
        offers = tuple(Offer(Action("spend", (str(n),)), str(n), n) for n in range(book.leads + 1))
        # The default: one Lead per Evidence once half the types are recorded.
        wise = int(2 * len(book.evidence) >= rules.die)
        text = "how many Leads to spend on recording this Evidence?"
        return Question(rules.rule, "", text, offers if book.leads else (), wise)

    def nothing(self, game: PostGame) -> list[Step]:
        return self.record(game, 0)

    def take(self, game: PostGame, offer: Offer[int]) -> list[Step]:
        return self.record(game, offer.value)

    def record(self, game: PostGame, spend: int) -> list[Step]:
        rules = _rules(game)
        book = game.state.book
        game.state.book = replace(book, unrecorded=book.unrecorded - 1, leads=book.leads - spend)
        if spend:
            game.emit("leads-spent", rules.rule, n=spend, leads=game.state.book.leads)
        face = _roll_type(game, spend, rules)
        book = game.state.book
        if face in book.evidence:
            game.state.book = replace(book, leads=book.leads + 1)
            game.emit("duplicate-lead", rules.rule, type=face, leads=book.leads + 1)
            return []
        game.state.book = replace(book, evidence=(*book.evidence, face))
        count = len(book.evidence) + 1
        game.emit("recorded", rules.rule, type=face, count=count, victory=rules.victory)
        return []


def _roll_type(game: PostGame, spend: int, rules: EvidenceRules) -> int:
    """The type die, re-rolled on a duplicate once per Lead spent (K2.3)."""
    die = DamageDice(1, rules.die)
    recorded = game.state.book.evidence
    face = roll(game, die, "evidence", rules.rule)
    for left in range(spend, 0, -1):
        if face not in recorded:
            break
        game.emit("duplicate", rules.rule, type=face, rerolls=left)
        face = roll(game, die, "evidence", rules.rule)
    return face
