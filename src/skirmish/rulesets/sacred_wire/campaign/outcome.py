"""What one game meant for one side's campaign: its outcome (K2.1-K2.4, K3.1, K3.3, C4.20),
read from a played ``sacred-wire`` game (:func:`outcome_of`) or from the outcome file of a game
played at a table (:func:`load_outcome`), and checked against the book it is applied to.

The outcome file
================

A game played at a physical table is described by a small TOML (or JSON) file of
:class:`Outcome` fields; every field may be left out::

    won = true                    # the side won the mission (K2.3: +1 Evidence)
    winner_evidence = true        # left out: the mission decides (none after The Signal and
                                  # The Source, notes A96, A97); a mission not known: false
                                  # when it replaced K2.3's winner Evidence
    evidence_lost = 0             # Evidence lost at the game's end, after the finds and the
                                  # mission's rewards (K2.4: the owner picks which)
    leads_lost = false            # The Source not extracted: all Leads are lost (M13.2)
    campaign_won = false          # The Source extracted: the campaign is won (M13.2)
    next_extractor = true         # The Source not extracted: true if the side held it at the
                                  # end, the Extractor of the next attempt (M13.2), false if
                                  # not; left out after an extraction or another mission
    mission = "M13.2"             # the mission played, by its rule ID: its rewards cite it;
                                  # after The Signal (M13.1) the book records it (K1.2); left
                                  # out: not known (the rewards cite the missions, M)
    label = "game 4, 12 March"    # any words that tell this game from another whose outcome
                                  # file is the same, which the book would refuse as applied
    signal_done = true            # the other side's book had The Signal behind the campaign:
                                  # this one never plays it (K1.2, once a campaign)

    [finds]                       # what the side found (Search K2.1, Interrogate K2.2)
    subs = 12
    items = ["Frag"]              # to the Lockers (notes A90)
    evidence = 1                  # unrecorded until step 1b
    leads = 1
    losses = [0]                  # each Evidence lost in play (False Data, K2.2), in order:
                                  # how many Evidence the side had found before it

    [rewards]                     # the mission's rewards (notes A77): at most what it gives
                                  # the winner or the loser
    leads = 1
    evidence = 0

    [[models]]                    # every model that played; the others stayed home
    name = "Mara Voss"
    fate = "out-of-action"        # on-board (default), out-of-action, fled, left, exited
    kills = ["Ilse Marrow"]       # enemy player models it put Out of Action (K3.1)
                                  # (a game record adds kill_ids, their model ids there)
    boss_kill = true              # one of them was the enemy Boss
    merits = 0                    # Merits from missions, Search or Interrogate
    injury = -2                   # the Injury roll's modifier from Criticals (R6)
    rage_stim = 0                 # the Rage Stims it took, a d4 each at step 10 (R3.9),
                                  # each one of its own, so in spent; true or false, as
                                  # files wrote it before, is 1 or 0
    spent = ["Medkit"]            # one-use items used up, weapons destroyed
    lost = ["combat", "move"]     # permanent losses in play, a step each (R6, notes A72):
                                  # combat, defense, wits, ranged (Burned Out) or move
    slag = 1                      # armour classes Slag Armor took off its piece (R6.4, A71)
    forgotten = ["Focus"]         # Powers Broadcast Storm took for good (R7.3)

An outcome read from a game that a book's squad played names that book, the games it had
applied and a digest of each part of its data (``played``, :class:`Played`, :func:`book_parts`):
it applies to that book as it stood then, and no other; the record of a side that played
without a book applies to no book.

``fled`` and ``left`` face the Performance Review (C4.20); ``exited`` left the board by a
Mission Exit and does not (K1.2): the carrier of a package, whose exit wins (M1.1, M12.1, and
M13.2, where it wins the campaign), or Breakthrough's (M6.1).

:func:`check_outcome` refuses what no game gives: a model among its own kills or its squad's,
unless a game record names the kill as the enemy's by its model id (``kill_ids``: mirror squads
share names), ``kill_ids`` in an outcome not read from a record, or of both sides, an enemy put
Out of Action twice, more kills than an enemy squad has models or two enemy Bosses (K3.1, C2),
an Injury modifier above 0 (Criticals only lower it), more Rage Stims taken than
the model used up (R3.9), counts beyond the bounds of ``data/campaign.toml [outcome]``, and
fields the mission contradicts: the winner's Evidence other than the mission gives it (K2.3,
notes A96, A97), The Source's fields after another mission or one not known, and after The
Source an end it cannot have (M13.2: an extraction, won, that costs nothing, or none, where the
Extractor loses its Leads with Evidence and each side says whether it holds the Source),
rewards beyond what the mission gives its winner or loser (M1.1-M13.2; a mission not known, or
The Signal's examinations, within the bound), a model ``exited`` in a mission with no Mission
Exit, or not as its carrier's exit goes (K1.2). Before it, :func:`check_roster` refuses an
outcome that is not of the book's squad: played from another book, from this one as it no
longer stands or from a copy that differs in any part (K3), a record of a side with no book,
or with models the book does not have (the other side's, all named), repeated or Sidelined
(K3.3, :func:`played`). A game record's outcome carries the record's identifier
(:func:`record_id`), a table game's outcome is its own (the SHA-256 of the outcome, its
``label`` included, :func:`applied_id`); the book keeps it, so a post-game is applied once
(:func:`check_applied_once`).
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Mapping
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    ValidationError,
)

from skirmish.errors import SkirmishError
from skirmish.rulesets.sacred_wire.campaign.book import (
    SLAG_MOST,
    STATE,
    Book,
    CampaignError,
    Member,
    RecordId,
    book_to_data,
    shape_problems,
)
from skirmish.rulesets.sacred_wire.game.casualties import LEFT, OUT_OF_ACTION
from skirmish.rulesets.sacred_wire.game.model import WireModel
from skirmish.rulesets.sacred_wire.game.setup import book_played
from skirmish.rulesets.sacred_wire.missions import loot, zones
from skirmish.rulesets.sacred_wire.missions.generator import SIGNAL, SOURCE, reaches
from skirmish.rulesets.sacred_wire.missions.zones import (
    BONUS,
    CARRIED,
    CONSOLATION,
    EXITED,
    HELD_CONSOLATION,
    INTEL,
    KILL_INTEL,
    MISSIONS,
)
from skirmish.rulesets.sacred_wire.rules_data.campaign_tables import (
    MOST,
    Bounded,
    CampaignRules,
    Count,
)
from skirmish.rulesets.sacred_wire.rules_data.catalog import Catalog
from skirmish.rulesets.sacred_wire.rules_data.loot_tables import FindKind
from skirmish.rulesets.sacred_wire.rules_data.mission_tables import MissionTables
from skirmish.rulesets.sacred_wire.rules_data.reading import RuleId, name_key
from skirmish.rulesets.sacred_wire.squads.lineup import Profile
from skirmish.rulesets.sacred_wire.squads.roster import profile
from skirmish.rulesets.sacred_wire.squads.squad import (
    Name,
    Text,
    decode_document,
    did_you_mean,
    file_label,
    plural,
    problem_list,
    read_document,
)

if TYPE_CHECKING:
    from skirmish.rulesets.sacred_wire.game.state import WireGame

__all__ = [
    "BOOK_PARTS",
    "REVIEWED",
    "Fate",
    "Finds",
    "ModelOutcome",
    "Outcome",
    "Rewards",
    "applied_id",
    "book_parts",
    "check_applied_once",
    "check_called",
    "check_outcome",
    "check_roster",
    "load_outcome",
    "most_rewards",
    "outcome_from_data",
    "outcome_of",
    "played",
    "record_id",
]

RULESET = "sacred-wire"
#: The keys every saved game (play --save) has, and no outcome file.
GAME_RECORD = frozenset({"ruleset", "setup", "seed", "actions"})
RAGE_STIM = "Rage Stim"
#: The missions whose own rewards replace K2.3's Evidence for the winner (notes A96, A97).
OWN_EVIDENCE = (MISSIONS[SIGNAL], MISSIONS[SOURCE])
#: The missions whose package's carrier exits with it and wins at once (M1.1, M12.1, M13.2).
CARRIER_EXITS = tuple(MISSIONS[kind] for kind in CARRIED)
#: The missions with a Mission Exit (K1.2): those and Breakthrough's (M6.1).
MISSION_EXITS = (*CARRIER_EXITS, MISSIONS["breakthrough"])


class Fate(StrEnum):
    """Where a model ended the game."""

    ON_BOARD = "on-board"
    OUT_OF_ACTION = "out-of-action"
    FLED = "fled"  # left the board while Fleeing (C4.19, C4.20)
    LEFT = "left"  # left the board by its own move (C4.20)
    EXITED = "exited"  # left the board for a mission objective: no Performance Review (K1.2)


#: The fates that face the Performance Review (C4.20) and earn no Merits.
REVIEWED = (Fate.FLED, Fate.LEFT)
Names = tuple[Name, ...]
#: A model's id in a game: the letter of the side it stood on and its roster slot (``B2``).
ModelId = Annotated[str, Field(pattern=r"^[AB][1-9][0-9]*$")]


class _Record(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _uses(value: object) -> object:
    """An outcome written before the count said true or false: one use or none."""
    return int(value) if isinstance(value, bool) else value


#: The Rage Stims a model took in play (R3.9): a count, or the true or false of before.
RageStims = Annotated[Bounded, BeforeValidator(_uses)]
Lost = Literal["combat", "defense", "wits", "ranged", "move"]
"""A permanent loss of a Critical or Fumble in play (R6): a DT, a ranged DT or an inch."""


class ModelOutcome(_Record):
    """One model that played: its fate, the enemy player models it put Out of Action (K3.1)
    and, read from a game record, their ids in the game (``kill_ids``, one a kill, so that a
    kill sharing a name with a model of the squad is still known as the enemy's), its other
    Merits, its Injury modifier (R6), the Rage Stims it took (R3.9), the kit it used
    up, the permanent losses its Criticals and Fumbles dealt it, one entry a step (R6, notes
    A72), and the Powers Broadcast Storm made it forget (R7.3)."""

    name: Name
    fate: Fate = Fate.ON_BOARD
    kills: Names = ()
    kill_ids: tuple[ModelId, ...] = ()
    boss_kill: StrictBool = False
    merits: Bounded = 0
    injury: Annotated[StrictInt, Field(ge=-MOST, le=MOST)] = 0
    rage_stim: RageStims = 0
    spent: Names = ()
    lost: tuple[Lost, ...] = ()
    slag: Annotated[StrictInt, Field(ge=0, le=SLAG_MOST)] = 0
    forgotten: Names = ()


class Finds(_Record):
    """What the side found in play (K2.1, K2.2): it reaches the squad after the game (A90).
    ``losses``: each Evidence lost in play (False Data, K2.2), as the number of Evidence found
    before it, so that it takes only what the squad held then (K2.4)."""

    subs: Bounded = 0
    items: Names = ()
    evidence: Bounded = 0
    leads: Bounded = 0
    losses: tuple[Bounded, ...] = ()


class Rewards(_Record):
    """The mission's rewards to the side (the M missions, notes A77)."""

    leads: Bounded = 0
    evidence: Bounded = 0


#: The parts of a book's data a record holds a digest of, each with the words that say it
#: differs (:func:`book_parts`).
BOOK_PARTS = {
    "name": "its name",
    "description": "its description",
    **STATE,
    "models": "its roster",
}
Digests = tuple[tuple[str, str], ...]


class Played(_Record):
    """The campaign book a side played from (:meth:`.Book.lineup`): its name, the games it
    had applied then and the digest of each part of its data (:func:`book_parts`; none in a
    record read before they were kept)."""

    book: Name
    games: Count
    parts: Digests = ()


class Outcome(_Record):
    """What one game meant for one side's campaign; ``record`` identifies the game record it
    was read from (:func:`record_id`; "" for a table game), ``played`` the book whose squad
    played it (None for a squad file or a table game), ``mission`` the mission's rule ID (""
    when not known), ``winner_evidence`` whether the mission left the winner K2.3's Evidence
    (None: the mission says, :attr:`gives_winner_evidence`), ``label`` the owner's words that
    tell a table game from another with the same outcome (:func:`applied_id`), ``signal_done``
    that The Signal was behind the campaign when it was played (a book in the game said so,
    :func:`.zones.campaign_signal_done`, or the setup's ``signal_done``; the owner's word for a
    table game, K1.2)."""

    models: tuple[ModelOutcome, ...] = ()
    won: StrictBool = False
    winner_evidence: StrictBool | None = None
    evidence_lost: Bounded = 0
    leads_lost: StrictBool = False
    campaign_won: StrictBool = False
    next_extractor: StrictBool | None = None
    mission: RuleId | Literal[""] = ""
    finds: Finds = Finds()
    rewards: Rewards = Rewards()
    record: RecordId | Literal[""] = ""
    played: Played | None = None
    label: Text = ""
    signal_done: StrictBool = False

    @property
    def gives_winner_evidence(self) -> bool:
        """The mission leaves the winner K2.3's Evidence: every mission but those with their
        own rewards (notes A96, A97); a mission not known, unless the outcome says not."""
        if self.winner_evidence is not None:
            return self.winner_evidence
        return self.mission not in OWN_EVIDENCE

    @property
    def signal(self) -> bool:
        """The game was The Signal (M13.1), which comes once only (K1.2)."""
        return self.mission == MISSIONS[SIGNAL]


def load_outcome(path: str | Path) -> Outcome:
    """Read an outcome file (TOML or JSON, see the module docstring).

    :raises CampaignError: one line naming the problem.
    """
    label = file_label("outcome file", path)
    try:
        raw = decode_document(*read_document(path, "outcome file"), label)
    except SkirmishError as exc:
        raise CampaignError(str(exc)) from None
    if isinstance(raw, dict) and raw.keys() >= GAME_RECORD:
        raise CampaignError(
            f"{label} is a game record, not an outcome file: give it as --record FILE "
            "--side A|B (the outcome is read from the game)"
        )
    return outcome_from_data(raw, label)


def record_id(record: Mapping[str, Any]) -> str:
    """A game record's identifier: the hex SHA-256 of its setup, seed and actions as canonical
    JSON (sorted keys, no spaces), so the same game always has the same one."""
    return _digest({key: record[key] for key in ("setup", "seed", "actions")})


def applied_id(outcome: Outcome) -> str:
    """The identifier the book keeps of an outcome it took (K3: once): its game record's, or
    a table game's own, the hex SHA-256 of the whole outcome (defaults filled in, its
    ``label`` included), so the same outcome file, in TOML or JSON, is the same game."""
    # signal_done came later: left out while false, an outcome taken before keeps its id;
    # kill_ids too, which only a record's outcome has, whose id is the record's.
    later: dict[str, Any] = {"models": {"__all__": {"kill_ids"}}}
    if not outcome.signal_done:
        later["signal_done"] = True
    return outcome.record or _digest(outcome.model_dump(mode="json", exclude=later))


def _digest(data: Mapping[str, Any]) -> str:
    """The hex SHA-256 of ``data`` as canonical JSON (sorted keys, no spaces)."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def outcome_of(game: WireGame, side: int) -> Outcome:
    """The outcome of a finished ``sacred-wire`` game for ``side`` (0 = A): each model's fate,
    the enemies it put Out of Action (``WireModel.ooa_by``), its Merits from its finds, Injury
    modifier, the Rage Stims it took and used-up kit; the side's finds (:func:`.loot.findings`,
    Search and Interrogate, with False Data's losses among them, K2.2), the Evidence the
    mission takes at the end, the mission's rule ID and rewards (:func:`.zones.result`, with a
    model's mission Merit), whether it won, after The Source not extracted whether it is
    the Extractor of the next attempt, and whether The Signal was behind the campaign: a book
    in the game had it, or the setup gave the owner's word (``signal_done``, K1.2).

    :raises CampaignError: not a finished Sacred Wire game, or no such side.
    """
    if game.ruleset.id != RULESET:
        raise CampaignError(f"a {game.ruleset.id} game is not a Sacred Wire game")
    if game.result is None:
        raise CampaignError("the game is not finished: play it to the end first")
    if side not in (0, 1):
        raise CampaignError(f"no side {side} (0 = A, 1 = B)")
    # Only the other squad's models count: hostiles give no Merits (K3.1).
    enemies = [m for m in game.models if m.side == 1 - side]
    found = loot.findings(game, side)
    mission = zones.result(game)
    rewards = Rewards()
    honoured: tuple[str, ...] = ()
    lost, leads_lost, campaign_won = 0, False, False
    next_extractor: bool | None = None
    if mission is not None:
        rewards = Rewards(leads=mission.leads[side], evidence=mission.evidence[side])
        honoured, lost = mission.merits, mission.evidence_lost[side]
        leads_lost, campaign_won = mission.leads_lost[side], mission.campaign == side
        if mission.mission == SOURCE and mission.campaign is None:
            next_extractor = mission.extractor == side
    return Outcome(
        models=tuple(
            _model_outcome(game, m, enemies, found, honoured) for m in game.models if m.side == side
        ),
        won=game.result.winner == side,
        evidence_lost=lost,
        leads_lost=leads_lost,
        campaign_won=campaign_won,
        next_extractor=next_extractor,
        mission="" if mission is None else mission.rule,
        finds=_finds(found),
        rewards=rewards,
        record=record_id(game.record()),
        played=_played(book_played(game.setup, side)),
        signal_done=zones.campaign_signal_done(game.setup, _books(game)),
    )


def _books(game: WireGame) -> tuple[dict[str, Any] | None, ...]:
    """The data of the campaign books the game's squads played from (None: a squad file)."""
    return (book_played(game.setup, 0), book_played(game.setup, 1))


def _played(book: dict[str, Any] | None) -> Played | None:
    if book is None:
        return None
    return Played(book=book["name"], games=book["games"], parts=book_parts(book))


def book_parts(data: Mapping[str, Any]) -> Digests:
    """The digest of each part of a book's data (:data:`BOOK_PARTS`, as
    :func:`.book.book_to_data` writes it; a part left out is None), so a record tells the book
    that played it, as it stood, from any other."""
    return tuple((key, _digest({key: data.get(key)})) for key in BOOK_PARTS)


def _model_outcome(
    game: WireGame,
    m: WireModel,
    enemies: list[WireModel],
    found: tuple[loot.Finding, ...],
    honoured: tuple[str, ...],
) -> ModelOutcome:
    kills = [e for e in enemies if e.removed == OUT_OF_ACTION and e.ooa_by == m.id]
    merits = [f.amount for f in found if f.model == m.id and f.kind is FindKind.MERIT]
    merits += [1 for mid in honoured if mid == m.id]  # M1.1, M8.1, M12.1
    return ModelOutcome(
        name=m.name,
        fate=_fate(m),
        kills=tuple(e.name for e in kills),
        kill_ids=tuple(e.id for e in kills),
        boss_kill=any(profile(game, e).is_boss for e in kills),
        merits=sum(merits),
        injury=m.injury,
        rage_stim=sum(entry.startswith(RAGE_STIM.lower()) for entry in m.post_game),
        spent=_spent(game, m),
        lost=_lost(m, profile(game, m)),
        slag=m.slag - profile(game, m).slag,
        forgotten=m.forgotten,
    )


def _lost(m: WireModel, start: Profile) -> tuple[Lost, ...]:
    """The permanent losses ``m`` took in play, a step each (R6, notes A72): a campaign
    squad's earlier Burned Out is its book's already (:class:`.lineup.Profile`)."""
    losses = m.losses
    counts: tuple[tuple[Lost, int], ...] = (
        ("combat", losses.combat),
        ("defense", losses.defense),
        ("wits", losses.wits),
        ("ranged", losses.ranged - start.burned),
        ("move", m.move_loss),
    )
    return tuple(stat for stat, n in counts for _ in range(n))


def _finds(found: tuple[loot.Finding, ...]) -> Finds:
    """A side's Search and Interrogate finds, totalled (K2.1, K2.2), with each Evidence it lost
    in play and the Evidence it had found by then (K2.4); its Merits go to the models that
    found them (K3.1)."""

    def total(kind: FindKind) -> int:
        return sum(f.amount for f in found if f.kind is kind)

    losses: list[int] = []
    evidence = 0
    for f in found:
        if f.kind is FindKind.EVIDENCE:
            evidence += f.amount
        elif f.kind is FindKind.EVIDENCE_LOST:
            losses += [evidence] * f.amount
    return Finds(
        subs=total(FindKind.SUBS),
        items=tuple(f.item for f in found if f.kind is FindKind.ITEM),
        evidence=evidence,
        leads=total(FindKind.LEAD),
        losses=tuple(losses),
    )


def _fate(m: WireModel) -> Fate:
    if m.removed == OUT_OF_ACTION:
        return Fate.OUT_OF_ACTION
    if m.removed == LEFT:
        return Fate.FLED if m.fleeing else Fate.LEFT
    if m.removed == EXITED:
        return Fate.EXITED
    return Fate.ON_BOARD


def _spent(game: WireGame, m: WireModel) -> tuple[str, ...]:
    """One-use items it no longer has (R3.9) and weapons a Fumble destroyed (R7.1, R7.2).
    Dropped weapons are picked up after the game (our choice)."""
    p = profile(game, m)
    left = [*m.grenades, *m.consumables]
    used = [*p.grenades, *p.consumables]
    for name in left:
        used.remove(name)
    destroyed = [
        str(e.data["weapon"]) for e in game.log if e.kind == "destroyed" and e.models[:1] == (m.id,)
    ]
    return (*used, *destroyed)


def outcome_from_data(raw: object, label: str = "outcome") -> Outcome:
    """Validate an outcome given as plain data (the file's schema).

    :raises CampaignError: one line naming every problem of its shape.
    """
    try:
        return Outcome.model_validate(raw)
    except ValidationError as exc:
        raise CampaignError(f"{label} is invalid: {shape_problems(raw, exc)}") from None


def check_applied_once(book: Book, outcome: Outcome) -> None:
    """A game's post-game counts once (K3): the book keeps the game records and the table
    games' outcomes it took (:func:`applied_id`).

    :raises CampaignError: the book took this record, or this outcome, already.
    """
    taken = applied_id(outcome)
    if taken not in book.records:
        return
    if outcome.record:
        raise CampaignError(
            f"{book.name!r} took this game record already (record {taken[:12]}...): "
            "a game's post-game counts once (K3)"
        )
    raise CampaignError(
        f"{book.name!r} took this outcome already (outcome {taken[:12]}...): a game's "
        "post-game counts once (K3); if it is another game's, tell it apart with a label"
    )


def _check_played(book: Book, outcome: Outcome) -> None:
    """A game played from a book applies to that book as it stood: not to another, nor to it
    after a later post-game, nor to a copy that differs in any part (K3); a game record of a
    side that played without a book applies to no book."""
    played = outcome.played
    if played is None:
        if outcome.record:
            raise CampaignError(
                "the side played from a squad file, not a campaign book: its game record "
                f"applies to no book, {book.name!r} neither (K3); play the book's squad "
                "(-o squad_a=BOOK, or sacred-wire mission --book-a BOOK --play)"
            )
        return
    if name_key(played.book) != name_key(book.name) or played.games != book.games:
        raise CampaignError(
            f"the game was played by {played.book!r} after {plural(played.games, 'game')}; "
            f"this book is {book.name!r} after {plural(book.games, 'game')}"
        )
    now = dict(book_parts(book_to_data(book)))
    differs = [
        _differs(key, book, outcome) for key, digest in played.parts if now.get(key) != digest
    ]
    if differs:
        raise CampaignError(
            f"the game was played by {played.book!r} as it stood then; this book differs in "
            f"{' and '.join(differs)}: a record applies to that book alone (K3)"
        )


def _differs(key: str, book: Book, outcome: Outcome) -> str:
    """The words for a part of the book that differs; for the roster, the models that played
    and are no longer in it (dismissed, or Terminated, since the game)."""
    words = BOOK_PARTS.get(key, key)
    gone = _gone(book, outcome) if key == "models" else []
    if not gone:
        return words
    return f"{words} ({', '.join(gone)} played and is not in it now: dismissed since the game?)"


def _gone(book: Book, outcome: Outcome) -> list[str]:
    """The models of the outcome the book does not have."""
    keys = {name_key(m.name) for m in book.members}
    return [r.name for r in outcome.models if name_key(r.name) not in keys]


def check_outcome(book: Book, outcome: Outcome, rules: CampaignRules, catalog: Catalog) -> None:
    """What no game can give a side, or no model of ``book`` can have done (K3.1, C2, and the
    bounds of ``data/campaign.toml [outcome]``).

    :raises CampaignError: one line naming every problem.
    """
    limits, size = rules.outcome, catalog.squad.models
    problems = _kill_problems(book, outcome)
    for result in outcome.models:
        who = result.name
        if result.merits > limits.merits:
            problems.append(f"{who}: {result.merits} Merits beyond kills (at most {limits.merits})")
        if not limits.injury <= result.injury <= 0:
            problems.append(
                f"{who}: Injury modifier {result.injury:+d} (Criticals only lower the roll, "
                f"{limits.injury} to 0, R6, K3.3)"
            )
        problems += _stim_problems(result, catalog)
        powers = {
            p.name for m in book.members if name_key(m.name) == name_key(who) for p in m.all_powers
        }
        problems += [
            f"{who} has no Power {power} to forget (R7.3)"
            for power in result.forgotten
            if power not in powers
        ]
    victims = [victim for r in outcome.models for victim in _victims(r)]
    kills = Counter(key for key, _ in victims)
    twice = [name for key, name in victims if kills[key] > 1]
    if twice:
        problems.append(f"{twice[0]} is put Out of Action twice (once a game, K3.1)")
    if sum(kills.values()) > size:
        problems.append(f"{sum(kills.values())} kills (an enemy squad has {size} models, C2)")
    bosses = [r.name for r in outcome.models if r.boss_kill]
    if len(bosses) > 1:
        problems.append(f"{' and '.join(bosses)} each put the enemy Boss Out of Action (one, C2)")
    counts = [
        ("finds.subs", outcome.finds.subs, limits.subs),
        ("finds.items", len(outcome.finds.items), limits.items),
        ("finds.evidence", outcome.finds.evidence, limits.evidence),
        ("finds.leads", outcome.finds.leads, limits.leads),
    ]
    if most_rewards(outcome.mission, outcome.won) is None:
        counts += [
            ("rewards.leads", outcome.rewards.leads, limits.rewards),
            ("rewards.evidence", outcome.rewards.evidence, limits.rewards),
        ]
    problems += [f"{key} {n} (at most {most} in one game)" for key, n, most in counts if n > most]
    problems += _loss_problems(outcome, limits.evidence_lost)
    if outcome.mission and outcome.mission not in MISSIONS.values():
        problems.append(f"mission {outcome.mission} is none of the missions (M)")
    problems += _mission_problems(outcome)
    if problems:
        raise CampaignError(f"the outcome is impossible: {problem_list(problems)}")


def _kill_problems(book: Book, outcome: Outcome) -> list[str]:
    """Only enemy player models earn Merits (K3.1): a kill named as the model itself or one of
    its squad is refused, unless the game record names it by its id, as the enemy's (mirror
    squads share names), one id a kill; ids come from a record alone."""
    ours = {name_key(m.name): m.name for m in book.members}
    problems = []
    for result in outcome.models:
        who, ids = result.name, result.kill_ids
        if ids:
            if not outcome.record:
                problems.append(f"{who}: kill_ids come only from a game record (K3.1)")
            if len(ids) != len(result.kills):
                problems.append(
                    f"{who}: {plural(len(ids), 'kill id')} for "
                    f"{plural(len(result.kills), 'kill')} (one each, K3.1)"
                )
            continue
        for kill in result.kills:
            if name_key(kill) == name_key(who):
                problems.append(f"{who} cannot put itself Out of Action (K3.1)")
            elif name_key(kill) in ours:
                problems.append(
                    f"{who}'s kill {ours[name_key(kill)]} is of its own squad: only enemy "
                    "player models earn Merits (K3.1)"
                )
    sides = {i[0] for r in outcome.models for i in r.kill_ids}
    if len(sides) > 1:
        problems.append(f"kill_ids of sides {' and '.join(sorted(sides))}: one enemy (K3.1)")
    return problems


def _victims(result: ModelOutcome) -> list[tuple[str, str]]:
    """Each kill of ``result`` as the key that tells one enemy from another (its id in the
    game record, else its name) and its name."""
    keys = result.kill_ids or tuple(name_key(kill) for kill in result.kills)
    return list(zip(keys, result.kills, strict=False))


def _stim_problems(result: ModelOutcome, catalog: Catalog) -> list[str]:
    """A Rage Stim is taken by the model that carries it, and used up (R3.9): each one counted
    in ``rage_stim`` is one of the model's ``spent``."""
    stims = sum(name_key(item) == name_key(RAGE_STIM) for item in result.spent)
    if result.rage_stim <= stims:
        return []
    rule = catalog.consumable(RAGE_STIM).rule
    return [
        f"{result.name}: rage_stim {result.rage_stim} but {plural(stims, RAGE_STIM)} in spent "
        f"(each one taken is one of its own used up, {rule})"
    ]


def _mission_problems(outcome: Outcome) -> list[str]:
    """The fields that contradict the mission played: the winner's Evidence other than the
    mission gives it (K2.3, notes A96, A97), and The Source's own outcomes after another
    mission, or one not known (M13.2)."""
    mission, source = outcome.mission, MISSIONS[SOURCE]
    named = f"mission {mission}" if mission else "a mission not known"
    problems = []
    if outcome.winner_evidence and mission in OWN_EVIDENCE:
        problems.append(
            f"winner_evidence true on {named}: its own rewards replace the winner's Evidence "
            "(K2.3, notes A96, A97)"
        )
    if outcome.winner_evidence is False and mission and mission not in OWN_EVIDENCE:
        problems.append(
            f"winner_evidence false on {named}: it leaves the winner its Evidence (K2.3)"
        )
    sources = (
        ("leads_lost", outcome.leads_lost),
        ("campaign_won", outcome.campaign_won),
        ("next_extractor", outcome.next_extractor is not None),
    )
    if mission != source:
        problems += [
            f"{key} on {named}: only The Source has it ({source})"
            for key, given in sources
            if given
        ]
    else:
        problems += _source_problems(outcome)
    return problems + _reward_problems(outcome, named) + _exit_problems(outcome, named)


def most_rewards(mission: str, won: bool) -> Rewards | None:
    """The most the reward of ``mission`` gives its winner (``won``) or its loser, as
    :func:`.zones.result` gives it in play: the winner's Lead and its bonus Lead (``BONUS``),
    Intel's Evidence (``INTEL``, the Assassination's target), the loser's Lead
    (``CONSOLATION``, the Escort's informant held); nothing after The Source (M13.2). None
    after The Signal, whose examinations have no fixed cap (M13.1), or a mission not known."""
    kind = next((k for k, rule in MISSIONS.items() if rule == mission), None)
    if kind is None or kind == SIGNAL:
        return None
    if kind == SOURCE:
        return Rewards()
    if won:
        return Rewards(leads=1 + (kind in BONUS), evidence=(kind in INTEL) + (kind == KILL_INTEL))
    return Rewards(leads=(kind in CONSOLATION) + (kind == HELD_CONSOLATION))


def _reward_problems(outcome: Outcome, named: str) -> list[str]:
    """Rewards beyond what the mission's reward gives a winner or a loser (M1.1-M13.2)."""
    most = most_rewards(outcome.mission, outcome.won)
    if most is None:
        return []
    side = "winner" if outcome.won else "loser"
    counts = (
        ("leads", outcome.rewards.leads, most.leads),
        ("evidence", outcome.rewards.evidence, most.evidence),
    )
    return [
        f"rewards.{key} {n} on {named}: its {side} gains at most {top} ({outcome.mission})"
        for key, n, top in counts
        if n > top
    ]


def _exit_problems(outcome: Outcome, named: str) -> list[str]:
    """A model exits the board only by a Mission Exit (K1.2): Breakthrough's (M6.1), or the
    package's carrier, one model, whose exit wins the game (M1.1, M12.1, M13.2). Off the board
    any other way it left or fled, and faces the Performance Review (C4.20)."""
    exited = [r.name for r in outcome.models if r.fate is Fate.EXITED]
    mission = outcome.mission
    if not exited or not mission:
        return []
    if mission not in MISSION_EXITS:
        return [
            f"{who}: fate exited on {named}, which has no Mission Exit (K1.2): off the board it "
            "left or fled (C4.20)"
            for who in exited
        ]
    problems = []
    if mission in CARRIER_EXITS and len(exited) > 1:
        problems.append(
            f"fate exited for {' and '.join(exited)} on {named}: only the carrier of its "
            f"package exits ({mission})"
        )
    # The Source's carrier exiting is the extraction: it wins the campaign as well (M13.2).
    source = mission == MISSIONS[SOURCE]
    key, won = ("campaign_won", outcome.campaign_won) if source else ("won", outcome.won)
    if mission in CARRIER_EXITS and not won:
        problems.append(
            f"fate exited with {key} false on {named}: the carrier's exit wins it ({mission})"
        )
    return problems


def _source_problems(outcome: Outcome) -> list[str]:
    """The Source ends one of four ways for a side, as :func:`.zones.source_gains` gives
    them (M13.2, notes A97): extracted, the Extractor wins the game and the campaign, its
    carrier exited, and the Interceptor loses the game, both losing nothing; not extracted,
    the Extractor loses the game, all its Leads and a d6 of Evidence (two on a Failure), the
    Interceptor wins the game, and each says whether it holds the Source for the next
    attempt."""
    rule = MISSIONS[SOURCE]
    lost, holder = outcome.evidence_lost, outcome.next_extractor
    problems = []
    if outcome.campaign_won:
        wrong = (
            ("won false", not outcome.won, "the extraction wins the game"),
            ("leads_lost", outcome.leads_lost, "an extracted Source costs nothing"),
            (f"evidence_lost {lost}", lost > 0, "an extracted Source costs nothing"),
            ("next_extractor", holder is not None, "there is no next attempt"),
        )
        problems += [f"campaign_won with {key}: {why} ({rule})" for key, bad, why in wrong if bad]
    elif outcome.leads_lost:
        failed = (
            ("won true", outcome.won, "the Interceptor wins the game the Extractor loses"),
            ("evidence_lost 0", lost == 0, "the Leads go with a d6 of Evidence"),
            ("next_extractor left out", holder is None, "say whether it holds the Source"),
        )
        problems += [f"leads_lost with {key}: {why} ({rule})" for key, bad, why in failed if bad]
    else:
        if lost:
            problems.append(
                f"evidence_lost {lost} without leads_lost: only the Extractor that fails loses "
                f"Evidence, and all its Leads with it ({rule})"
            )
        if outcome.won and holder is None:
            problems.append(
                f"won true without campaign_won or next_extractor: the Source not extracted, "
                f"say whether the side holds it ({rule})"
            )
        if not outcome.won and holder is not None:
            problems.append(
                f"next_extractor with won false: the Interceptor loses only to an extraction, "
                f"which ends the attempts ({rule})"
            )
    return problems


def _loss_problems(outcome: Outcome, most: int) -> list[str]:
    """Each loss in play comes after the Evidence found before it, in order, and the game's
    losses together stay within the bound (K2.4)."""
    losses, found = outcome.finds.losses, outcome.finds.evidence
    problems = []
    if list(losses) != sorted(losses) or any(n > found for n in losses):
        problems.append(
            f"finds.losses {list(losses)} (each the Evidence found before it, in order, "
            f"0 to finds.evidence {found})"
        )
    lost = outcome.evidence_lost + len(losses)
    if lost > most:
        problems.append(
            f"{lost} Evidence lost (evidence_lost and finds.losses, at most {most} in one game)"
        )
    return problems


def check_called(book: Book, outcome: Outcome, tables: MissionTables) -> None:
    """A trigger mission's outcome only for a book the campaign called it for (K1.2): The
    Signal while neither the book nor the outcome has it behind the campaign (M13.1, once a
    campaign), and no other mission for one that reached the Signal's Evidence without
    playing it, whose next game is The Signal, unless the outcome has it behind the campaign
    (the other side's book had it; a mission not known takes the owner's word); The Source's
    Extractor (its outcome wins the campaign or loses the Leads) with the Evidence to call it,
    and the book that held the Source at the end of the last attempt only as its Extractor
    (M13.2).

    :raises CampaignError: one line naming the problem.
    """
    done = book.signal_done or outcome.signal_done
    if outcome.signal and done:
        raise CampaignError(zones.signal_done(book.name, book.signal_played))
    due = zones.signal_due(book.name, len(book.evidence), done, tables)
    if due is not None and outcome.mission and not outcome.signal:
        raise CampaignError(
            f"{due}, not mission {outcome.mission} (where other squads played it, the game's "
            "setup or the outcome file says signal_done = true)"
        )
    if outcome.mission != MISSIONS[SOURCE]:
        return
    least = tables.trigger(SOURCE).evidence
    extractor = outcome.campaign_won or outcome.leads_lost
    if extractor and not reaches(tables, SOURCE, len(book.evidence)):
        raise CampaignError(
            f"{book.name!r} has {len(book.evidence)} Evidence, and the outcome makes it The "
            f"Source's Extractor; {zones.source_needs(least)}"
        )
    if book.extractor and not extractor:
        raise CampaignError(
            f"{book.name!r} held the Source at the end of the last attempt: it is the Extractor "
            "of the next, and the outcome makes it the Interceptor (M13.2)"
        )


def check_roster(book: Book, outcome: Outcome) -> list[tuple[Member, ModelOutcome]]:
    """Whether the outcome is of this book's squad, before anything it says is weighed: the
    book it was played from, as it stood then (K3), and the book's own models (:func:`played`).

    :raises CampaignError: the first problem (one line).
    """
    _check_played(book, outcome)
    return played(book, outcome)


def played(book: Book, outcome: Outcome) -> list[tuple[Member, ModelOutcome]]:
    """The book's models that played, in roster order, with their outcomes.

    :raises CampaignError: models the book does not have (all named: an outcome applies to the
        book of the squad that played, not to its enemy's), one listed twice, one Sidelined
        (K3.3: it missed this game), or a ``boss_kill`` without kills.
    """
    ours = [m.name for m in book.members]
    strangers = _gone(book, outcome)
    if strangers:
        hint = did_you_mean(strangers[0], ours) if len(strangers) == 1 else ""
        # Some of its models the book's: the rest left it since (dismissed, or misnamed).
        why = (
            "the squad played it, so was it dismissed or renamed since? an outcome applies to "
            "the book as it stood when it played (K3)"
            if len(strangers) < len(outcome.models)
            else "an outcome applies only to the book of the squad that played it (is it the "
            "other side's?)"
        )
        raise CampaignError(
            f"no model {', '.join(repr(name) for name in strangers)} in {book.name!r}{hint}: {why}"
        )
    found: dict[str, ModelOutcome] = {}
    for result in outcome.models:
        member = book.member(result.name)
        if member.name in found:
            raise CampaignError(f"{member.name} is in the outcome twice")
        if member.sidelined:
            raise CampaignError(f"{member.name} is Sidelined: it misses this game (K3.3)")
        if result.boss_kill and not result.kills:
            raise CampaignError(f"{member.name}: boss_kill needs the Boss among its kills")
        found[member.name] = result
    return [(m, found[m.name]) for m in book.members if m.name in found]
