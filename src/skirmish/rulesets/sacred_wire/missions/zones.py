"""The missions the two-squad game plays, chosen by the setup option ``mission``: the zone
missions Control (M2.1), Quadrants (M3.1), Seizure (M4.1) and Uplink (M10.1), the exits of
Breakthrough (M6.1, K1.2 Mission Exits), and the markers and scores of those worked by
Interact, Triangulation (M7.1), Heist (M9.1) and Lockdown (M11.1), whose action is
:mod:`.interact`, Extraction (M1.1) and Escort (M12.1), whose package is carried
(:mod:`.carry`), and Sabotage (M8.1, :mod:`.sabotage`).

The squads' Evidence and Leads name the Aggressor and the Defender (K1.3). After the Boss
roll-off the Defender places the mission's markers, 3"+ from the edges; a spot that terrain
blocks moves to the nearest legal one (K1.2). Only models on the board that are not Fleeing
count (notes A103). Seizure scores at the end of every round, the last included (notes A104);
Heist and Lockdown are won at once by the first side to 3; the others count at the end. At the
end the mission picks the winner; ties go to the most surviving models, then to the Defender
(K1.2). A wipe-out ends nothing: the other squad plays on to the end (K1.2). The reward,
the winner's Lead, each mission's bonus and the loser's Lead where a mission gives one, is kept
for the campaign: :func:`result`.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision, PointSpec
from skirmish.engine.record import register_value
from skirmish.engine.ruleset import Marker
from skirmish.engine.step import Step
from skirmish.errors import SkirmishError, quoted
from skirmish.geometry.board import Edge
from skirmish.geometry.memo import Memo
from skirmish.geometry.shapes import Point
from skirmish.rulesets.sacred_wire.base import catalog_of
from skirmish.rulesets.sacred_wire.game import space
from skirmish.rulesets.sacred_wire.game.model import WireModel
from skirmish.rulesets.sacred_wire.game.space import (
    HOSTILES,
    base_fits,
    friends,
    point_gap,
    squad_models,
)
from skirmish.rulesets.sacred_wire.game.state import Objective
from skirmish.rulesets.sacred_wire.missions.generator import (
    GENERATOR,
    SIGNAL,
    SOURCE,
    TIE,
    Standing,
    discoverer,
    reaches,
    roles,
)
from skirmish.rulesets.sacred_wire.missions.ways import way_to_edge, way_to_reach
from skirmish.rulesets.sacred_wire.rules_data.campaign_tables import MOST, CampaignRules
from skirmish.rulesets.sacred_wire.rules_data.mission_tables import MissionTables
from skirmish.rulesets.sacred_wire.squads.roster import leaves_freely

if TYPE_CHECKING:
    from skirmish.rulesets.sacred_wire.game.state import WireGame

#: The missions the two-squad game plays, by setup option value.
MISSIONS = {
    "extraction": "M1.1",
    "control": "M2.1",
    "quadrants": "M3.1",
    "seizure": "M4.1",
    "assassination": "M5.1",
    "breakthrough": "M6.1",
    "triangulation": "M7.1",
    "sabotage": "M8.1",
    "heist": "M9.1",
    "uplink": "M10.1",
    "lockdown": "M11.1",
    "escort": "M12.1",
    "the-signal": "M13.1",
    "the-source": "M13.2",
}
COUNTS = ("evidence_a", "leads_a", "evidence_b", "leads_b")
AGGRESSOR = "aggressor"  # the side a tie's die made the Aggressor, rolled already (K1.3)
EXTRACTOR = "extractor"  # The Source: the side that held it at the end of the last attempt
#: The owner's word that The Signal is behind the campaign, played by other squads (K1.2)
SIGNAL_DONE = "signal_done"
LETTERS = ("a", "b")  # the sides as an option names them
OPTIONS = ("mission", *COUNTS, AGGRESSOR, EXTRACTOR, SIGNAL_DONE)
TIE_FACES = {"a": 1, "b": 2}  # the roles' d2: 1 makes side A the Aggressor (K1.3)
RANDOM = "random"  # the setup's mission rolled on the K1.3 Mission d12 at the start
SIGNAL_REDIRECT = 2  # M13.1: the Evidence a successful Redirect gains
REDIRECTED = "redirected"  # a squad's Redirect that succeeded (M13.1); "failed" otherwise
SETUP = "K1.2"
ZONE = 3.0  # every zone mission counts models within 3"
EDGE_GAP = 3.0  # K1.2: markers 3"+ from the table edges
NODE_GAP = 6.0  # M10.1: relay nodes 6"+ apart
NODES = 3
GOAL = 3  # M9.1, M11.1: the first to 3 downloads or steps wins at once
EXITED = "exited"  # a model that left the board for the mission (K1.2 Mission Exits)
EXIT_FROM = 3  # M6.1: no model exits before the end of Round 2
BEACON = "beacon"
RELAY = "relay"  # the point choice of a relay node's spot
#: The one marker at the centre of a mission (the marker's id, also the kind of the Defender's
#: choice of its spot when terrain blocks the centre: one of the legal spots nearest it).
CENTRAL = {
    "extraction": "objective",
    "seizure": BEACON,
    "heist": "terminal",
    "lockdown": "terminal",
    "escort": "informant",
    "the-signal": "relay",
    "the-source": "source",
}
#: The missions whose central marker is a package a model carries off the table (M1.1, M12.1,
#: M13.2).
CARRIED = ("extraction", "escort", "the-source")
#: The three markers a mission spreads out 6"+ apart: the kind of the Defender's point choice,
#: the prefix of the markers' ids and their name.
SPREAD = {"uplink": (RELAY, "N", "relay node"), "triangulation": ("signal", "S", "signal marker")}
SPREAD_KINDS = tuple(kind for kind, _, _ in SPREAD.values())
#: The Defender's choices of a marker's spot.
MARKER_KINDS = (*SPREAD_KINDS, *dict.fromkeys(CENTRAL.values()))
QUADRANTS = ("south-west", "south-east", "north-west", "north-east")
EXIT_PULL = 2.0  # the heuristic's pull of a Breakthrough exit edge (M6.1)
CARRY_PULL = 8.0  # and of a carrier's: taking the package off wins the game (M1.1, M12.1)
TAKE_PULL = 8.0  # of a marker to work (a package on the ground, M1.1), for the model nearest it
TAKE_REACH = 1.0  # C4.3: a model within 1" works the marker with Interact
TAKE_SPAN = 24.0  # the taker's pull fades to nothing over this much more: a board across
IN_REACH = 0.25  # and the share of it that being in reach adds: the Interact is one action away
SEARCH_ANGLES = 72  # points on each ring searched for the nearest legal spot
_SPOTS = "sacred-wire marker spots"  # the board's memo of them, by point, markers and base
_SPOTS_KEPT = 2_000  # questions a board remembers before it forgets them all
#: The bonus Lead of each mission: ("margin" over the loser | the winner's "score", at least).
BONUS = {
    "control": ("margin", 3, 'more models within 3" by 3 or more'),
    "quadrants": ("score", 3, "3 or more quadrants held"),
    "seizure": ("margin", 4, "ahead by 4 or more points"),
    "breakthrough": ("score", 3, "3 or more models exited"),
    "triangulation": ("score", NODES, "all 3 signal markers held"),
    "heist": ("score", GOAL, "3 downloads completed"),
    "uplink": ("score", 3, "3 or more live nodes"),
    "lockdown": ("score", GOAL, "all 3 steps completed"),
}
#: The model that gains +1 Merit when its side wins (M1.1, M8.1, M12.1), in words.
MERIT = {
    "extraction": "carrying the objective at victory",
    "assassination": "killed the target",
    "sabotage": "completed the sever",
    "escort": "escorting the informant at victory",
}
#: Intel: +1 Evidence for the winner when its score reaches this (M7.1, M9.1, M10.1).
INTEL = {
    "triangulation": (NODES, "Intel: all 3 signal markers"),
    "heist": (GOAL, "Intel: 3 downloads"),
    "uplink": (NODES, "Intel: all 3 relay nodes"),
}
#: The missions paying beyond these tables: the winner's Intel for its target killed (M5.1),
#: the loser's Lead for the informant it held (M12.1).
KILL_INTEL, HELD_CONSOLATION = "assassination", "escort"
#: The loser's Lead when its score reaches this (M9.1, M11.1).
CONSOLATION = {
    "heist": (1, "at least 1 download"),
    "lockdown": (1, "at least 1 step"),
}
LABELS = {
    "the-signal": "relay control",
    "the-source": "models holding the Source",
    "extraction": "models holding the objective",
    "assassination": "targets taken",
    "sabotage": "conduits severed",
    "escort": "models escorting the informant",
    "control": 'models within 3" of the centre',
    "quadrants": "quadrants held",
    "seizure": "Seizure points",
    "breakthrough": "models exited",
    "triangulation": "signal markers held",
    "heist": "downloads",
    "uplink": "live relay nodes",
    "lockdown": "steps of progress",
}


# --- setup options and roles ------------------------------------------------------------------


def normalize(
    options: dict[str, Any],
    rules: CampaignRules,
    books: tuple[dict[str, Any] | None, ...] = (None, None),
) -> dict[str, Any]:
    """The mission options of a setup, checked: the mission and the squads' Evidence and
    Leads, which only pick its roles (K1.3), 0 by default; a side whose squad comes from a
    campaign book (``books``) has the book's (:func:`book_counts`); ``signal_done``, kept
    only when true (:func:`signal_option`). Without a mission there are none.

    Raises:
        SkirmishError: an unknown mission, a count without a mission, a count that is not
            a whole number within its bounds (:func:`standing_count`) or that contradicts a
            book, or a ``signal_done`` that is not true or false or comes without a mission.
    """
    kind = options.get("mission")
    told = signal_option(options)
    counts = [key for key in OPTIONS[1:] if key in options and key != SIGNAL_DONE]
    if kind is None:
        if counts:
            raise SkirmishError(
                f"{counts[0]} needs a mission (the mission option, one of {', '.join(MISSIONS)}): "
                "the Evidence and Leads only pick a mission's roles (K1.3)"
            )
        if told:
            raise SkirmishError(
                f"{SIGNAL_DONE} needs a mission (the mission option): it lets a squad due The "
                "Signal play another, as The Signal comes once a campaign (K1.2)"
            )
        return {}
    if not isinstance(kind, str) or kind not in (*MISSIONS, RANDOM):
        known = ", ".join((*MISSIONS, RANDOM))
        raise SkirmishError(f"unknown mission {quoted(kind)}; known: {known}")
    if kind == SIGNAL and options.get("loot", "none") != "none":
        raise SkirmishError("loot: The Signal is played without Loot Markers (notes A96)")
    out: dict[str, Any] = {"mission": kind}
    for key in COUNTS:
        out[key] = standing_count(key, options.get(key, 0), rules)
    out |= book_counts(options, books)
    named = options.get(AGGRESSOR)
    if named is not None:
        out[AGGRESSOR] = _tie_aggressor(named, out)
    return out | ({SIGNAL_DONE: True} if told else {})  # false: left out, as before it came


def signal_option(options: dict[str, Any]) -> bool:
    """The ``signal_done`` option, false by default: the owner's word that The Signal is
    behind the campaign, played by other squads (K1.2, once a campaign), so a book due it by
    its own Evidence plays the mission given, and its post-game marks the book.

    Raises:
        SkirmishError: a value that is not true or false.
    """
    told = options.get(SIGNAL_DONE, False)
    if not isinstance(told, bool):
        raise SkirmishError(
            f"{SIGNAL_DONE}: true or false (The Signal was played by other squads, K1.2), "
            f"not {quoted(told)}"
        )
    return told


def book_counts(
    options: dict[str, Any], books: tuple[dict[str, Any] | None, ...]
) -> dict[str, int]:
    """The Evidence (recorded types) and Leads of each side whose squad comes from a campaign
    book, read from the book as the mission generator reads them (K2, K1.3).

    Raises:
        SkirmishError: a count option that says otherwise than the book.
    """
    out: dict[str, int] = {}
    for face, book in zip(LETTERS, books, strict=True):
        if book is None:
            continue
        held = {f"evidence_{face}": len(book["evidence"]), f"leads_{face}": book["leads"]}
        for key, value in held.items():
            if key in options and options[key] != value:
                raise SkirmishError(
                    f"{key}={quoted(options[key])} contradicts side {face.upper()}'s campaign "
                    f"book {book['name']!r}, which holds {value}: a book's squad plays with its "
                    "own Evidence and Leads (K1.3); leave the option out"
                )
        out |= held
    return out


def check_trigger(
    setup: dict[str, Any], books: tuple[dict[str, Any] | None, ...], tables: MissionTables
) -> None:
    """A trigger mission with a squad from a campaign book only as the campaign calls it
    (K1.2): The Signal once a squad has reached its Evidence and no book has it behind the
    campaign (M13.1, :func:`signal_behind`), The Source with an Extractor that has its Evidence
    (M13.2); and no other mission (a random one included) for a book due The Signal
    (:func:`signal_due`: not when the other book has it behind the campaign), which its
    post-game would refuse (:func:`.outcome.check_called`). Without a book the game is free:
    the designer plays either at will (the Extractor then as :class:`Roles` finds it). The
    setup's ``signal_done`` puts The Signal behind the campaign as a book's mark does
    (:func:`campaign_signal_done`), books or none.

    Raises:
        SkirmishError: a trigger mission the books' campaign does not call (one line).
    """
    kind = setup.get("mission")
    done = campaign_signal_done(setup, books)
    if kind not in (None, SIGNAL):  # a book due The Signal plays no other mission
        for book in filter(None, books):
            due = signal_due(book["name"], len(book["evidence"]), done, tables)
            if due is not None:
                raise SkirmishError(
                    f"mission {kind}: {due}; give mission {SIGNAL}, or {SIGNAL_DONE}=true if "
                    "other squads played it"
                )
    if kind == SIGNAL and setup.get(SIGNAL_DONE):
        raise SkirmishError(
            f"mission {SIGNAL}: {SIGNAL_DONE} says other squads played The Signal already, "
            "which comes once a campaign (K1.2)"
        )
    if kind not in (SIGNAL, SOURCE) or not any(books):
        return
    least = tables.trigger(kind).evidence
    evidence = (setup["evidence_a"], setup["evidence_b"])
    standing = f"side A has {evidence[0]} Evidence, side B {evidence[1]}"
    if kind == SIGNAL:
        behind = next((book for book in books if book and signal_behind(book)), None)
        if behind is not None:
            played = bool(behind.get("signal_played"))
            raise SkirmishError(f"mission {SIGNAL}: {signal_done(behind['name'], played)}")
        if not reaches(tables, SIGNAL, max(evidence)):
            raise SkirmishError(
                f"mission {SIGNAL}: {standing}; The Signal comes when the first squad reaches "
                f"{least} (K1.2, M13.1)"
            )
        return
    holder = setup.get(EXTRACTOR)
    if holder is None:
        if not reaches(tables, SOURCE, max(evidence)):
            raise SkirmishError(f"mission {SOURCE}: {standing}; {source_needs(least)}")
        return
    held = evidence[LETTERS.index(holder)]
    # only the holder may call it, and only once it has the Evidence
    if not reaches(tables, SOURCE, held):
        raise SkirmishError(
            f"mission {SOURCE}: side {holder.upper()} held the Source at the end of the last "
            f"attempt, so only it calls the next, but it has {held} Evidence; "
            f"{source_needs(least)}"
        )


def source_needs(least: int) -> str:
    """Who may call The Source, its Extractor (K1.2, M13.2): the end of a refusal."""
    return f"The Source is called by a squad with {least} or more Evidence (K1.2, M13.2)"


def signal_due(book: str, evidence: int, done: bool, tables: MissionTables) -> str | None:
    """Why a book with ``evidence`` Evidence plays no other mission (K1.2: the first time a
    squad reaches the Signal's Evidence, its next game is The Signal), or None when it may: it
    has, or its campaign has The Signal behind it (``done``: it comes once a campaign)."""
    if done or not reaches(tables, SIGNAL, evidence):
        return None
    least = tables.trigger(SIGNAL).evidence
    return (
        f"{book!r} has {evidence} Evidence and has not played The Signal: the first time a "
        f"squad reaches {least} it plays The Signal instead of a generated mission (K1.2)"
    )


def signal_behind(book: dict[str, Any]) -> bool:
    """Whether a book's data has The Signal behind its campaign (K1.2, once a campaign): its
    squad played it, or learnt in a game that other squads had (:class:`.book.Book`)."""
    return bool(book.get("signal_played") or book.get("signal_elsewhere"))


def campaign_signal_done(setup: dict[str, Any], books: tuple[dict[str, Any] | None, ...]) -> bool:
    """Whether a game's campaign has The Signal behind it (K1.2, once a campaign): a book in
    the game has it (:func:`signal_behind`), or the setup says so (``signal_done``, the
    owner's word)."""
    return bool(setup.get(SIGNAL_DONE)) or any(signal_behind(book) for book in books if book)


def signal_done(book: str, played: bool) -> str:
    """Why a book that has The Signal behind its campaign plays it no more (K1.2): it
    ``played`` it, or other squads did."""
    who = f"{book!r}" if played else f"{book!r} knows other squads"
    return f"{who} played The Signal already, which comes once a campaign (K1.2)"


def _tie_aggressor(named: object, counts: dict[str, Any]) -> str:
    """The ``aggressor`` option: ``a`` or ``b``, the die a full tie of the standings rolls
    (K1.3, rolled already, as by the mission generator); with no tie the standings decide.

    Raises:
        SkirmishError: another value, or standings that do not tie.
    """
    if named not in TIE_FACES:
        raise SkirmishError(
            f"aggressor is a or b (the side a tie's die made the Aggressor), not {quoted(named)}"
        )
    a = Standing(counts["evidence_a"], counts["leads_a"])
    b = Standing(counts["evidence_b"], counts["leads_b"])
    if roles(a, b, lambda: TIE_FACES[str(named)]).decided != TIE:
        raise SkirmishError(
            "aggressor: only a full tie of Evidence and Leads is settled by a die (K1.3); these "
            "standings name the Aggressor themselves"
        )
    return str(named)


def extractor_option(
    options: dict[str, Any], kind: str | None, books: tuple[dict[str, Any] | None, ...]
) -> dict[str, Any]:
    """The ``extractor`` option of The Source (``kind``): ``a`` or ``b``, the side that held
    the Source at the end of the last attempt and so is the Extractor of this one (M13.2),
    given or recorded by that side's campaign book (``books``); none without.

    Raises:
        SkirmishError: another value, the option without The Source, or both sides named.
    """
    named = options.get(EXTRACTOR)
    if named is not None and named not in LETTERS:
        raise SkirmishError(
            f"extractor is a or b (the side that held the Source), not {quoted(named)}"
        )
    if kind != SOURCE:
        if named is not None:
            raise SkirmishError(
                f"extractor names the Extractor of The Source only (the mission option {SOURCE})"
            )
        return {}  # a book's record waits for The Source
    held = [
        face == named or bool(book and book.get(EXTRACTOR))
        for face, book in zip(LETTERS, books, strict=True)
    ]
    side = held_by(held)
    return {} if side is None else {EXTRACTOR: LETTERS[side]}


def held_by(held: Sequence[bool]) -> int | None:
    """The one side named (by the setup or its book) as holding the Source at the end of the
    last attempt, so the Extractor of the next (M13.2), or None.

    Raises:
        SkirmishError: both sides are named.
    """
    named = [side for side, holds in enumerate(held) if holds]
    if len(named) > 1:
        raise SkirmishError(
            "extractor: both sides are named as holding the Source at the end of the last "
            "attempt; only one can be its next Extractor (M13.2)"
        )
    return named[0] if named else None


def standing_count(key: str, value: object, rules: CampaignRules) -> int:
    """A squad's Evidence (0 to the 9 types that win the campaign, K2) or Leads (0 to
    :data:`..rules_data.campaign_tables.MOST`) as the setup option or generator flag ``key``.

    Raises:
        SkirmishError: not a whole number, or out of those bounds.
    """
    most = rules.evidence.victory if "evidence" in key else MOST
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= most:
        raise SkirmishError(f"{key} must be a whole number from 0 to {most}, not {quoted(value)}")
    return value


def mission(game: WireGame) -> str:
    """The mission played (``"uplink"``), or ``""``."""
    return game.state.mission


def last_round(game: WireGame) -> int:
    """The round after which the mission ends without a roll (M13.2: Round 6), or 0."""
    kind = mission(game)
    triggers = catalog_of(game).missions.triggers
    return next((e.last_round for e in triggers if e.id == kind), 0)


def roll_mission(game: WireGame) -> None:
    """A setup's ``random`` mission: the K1.3 Mission d12, rolled first of all (purpose
    ``mission``). A rolled Breakthrough ignores the setup's deployment (M6.1)."""
    if game.setup.get("mission") != RANDOM:
        return
    table = catalog_of(game).missions.table("missions")
    face = game.roll(f"D{table.die}", table.purpose, table.rule).value
    row = table.row(face)
    game.emit("mission", table.rule, (), mission=row.id, name=row.name, rule_id=row.rule)
    game.state.mission = row.id


def defender(game: WireGame) -> int | None:
    """The Defender's side when a mission is played (K1.3), else None."""
    return game.state.defender if mission(game) else None


def opening(game: WireGame) -> list[Step]:
    """The mission's own set-up, after the Boss roll-off: roles, then markers."""
    return [Roles(), PlaceMarkers()] if mission(game) else []


@dataclass(slots=True, eq=False)
class Roles(Step):
    """The higher total of Evidence and Leads is the Aggressor, the lower the Defender; equal
    totals, more Evidence; still equal, a die (K1.3, purpose ``roles``: 1 makes A the
    Aggressor)."""

    rule = GENERATOR

    def run(self, game: WireGame, action: Action | None) -> Decision | list[Step]:
        s = game.setup
        a, b = Standing(s["evidence_a"], s["leads_a"]), Standing(s["evidence_b"], s["leads_b"])
        named = s.get(AGGRESSOR)
        gap = roles(
            a,
            b,
            lambda: TIE_FACES[named] if named else game.roll("D2", "roles", GENERATOR).value,
        )
        game.state.defender = gap.defender
        kind = mission(game)
        if kind in (SIGNAL, SOURCE):  # the Interceptor stands where the Defender would
            tables = catalog_of(game).missions
            reached = [s for s, st in enumerate((a, b)) if reaches(tables, kind, st.evidence)]
            found = discoverer(a, b, reached, gap)
            if kind == SOURCE and EXTRACTOR in s:  # the holder at the last attempt's end
                found = LETTERS.index(s[EXTRACTOR])
            game.state.defender = 1 - found
            event = "discoverer" if kind == SIGNAL else "extractor"
            game.emit(event, MISSIONS[kind], (), side=found)
            return []
        game.emit(
            "roles",
            GENERATOR,
            (),
            winner=gap.aggressor,
            side=gap.defender,
            gap=gap.gap,
            totals=[a.total, b.total],
            decided=gap.decided,
        )
        return []


# --- markers (K1.2) -----------------------------------------------------------------------------


def centre(game: WireGame) -> Point:
    """The geometric centre of the board (K1.2 "at center")."""
    return (game.board.width / 2, game.board.height / 2)


def objectives(game: WireGame) -> list[tuple[str, Point]]:
    """The mission markers on the table: id and point (a carried package's is its
    carrier's)."""
    return [
        (o.marker, game.model(o.carrier).pos if o.carrier else o.point)
        for o in game.state.objectives
    ]


def carrier(game: WireGame) -> WireModel | None:
    """The model carrying the mission's package (M1.1, M12.1), if any."""
    carrying = [o.carrier for o in game.state.objectives if o.carrier]
    return game.model(carrying[0]) if carrying else None


def holder(game: WireGame) -> WireModel | None:
    """The squad model holding the package at the end (M1.1, M12.1, M13.2): its carrier,
    but not one the hostiles control, nor a Fleeing one, which counts for nothing at the end
    (notes A103; M1.1: a carrier that Flees drops it, :mod:`.carry`)."""
    m = carrier(game)
    if m is None or m.fleeing or space.side_of(m) >= HOSTILES:
        return None
    return m


def packages_down(game: WireGame) -> tuple[Point, ...]:
    """Where the mission's package lies on the ground, for a model to take (M1.1, M12.1,
    M13.2): nothing while a model carries it, or in a mission without one."""
    if mission(game) not in CARRIED:
        return ()
    return tuple((o.x, o.y) for o in game.state.objectives if not o.carrier)


def table_markers(game: WireGame) -> tuple[Marker, ...]:
    """The mission markers, for drawing (kind ``objective``)."""
    return tuple(Marker(p, oid, "objective") for oid, p in objectives(game))


def rule_error(game: WireGame, p: Point, placed: Iterable[Point]) -> str | None:
    """Why the rules forbid a marker at ``p``: 3"+ from every edge (K1.2), 6"+ from the
    other markers (M7.1, M10.1)."""
    x, y = p
    board = game.board
    nearest = min(x, y, board.width - x, board.height - y)
    if nearest < EDGE_GAP - 1e-9:
        return (
            f'a marker must be {EDGE_GAP:g}" or more from every table edge; this point is '
            f'{nearest:.2f}" from one'
        )
    name = SPREAD.get(mission(game), SPREAD["uplink"])[2]
    for q in placed:
        if math.dist(p, q) < NODE_GAP - 1e-9:
            return (
                f'{name}s must be {NODE_GAP:g}" or more apart; this point is '
                f'{math.dist(p, q):.2f}" from the {name} at {q[0]:g},{q[1]:g}'
            )
    return None


def legal(game: WireGame, p: Point, placed: Iterable[Point]) -> bool:
    """Whether a marker may go at ``p``: the rules allow it and a model could stand there."""
    return rule_error(game, p, placed) is None and base_fits(game, p)


def nearest_spots(game: WireGame, want: Point, placed: list[Point]) -> list[Point]:
    """The legal spots nearest ``want``: ``want`` itself, else every legal spot on the first
    ring around it that has one (:func:`.space.nearest_spots`, anywhere on the board). Found
    once per board and question (the point, the markers placed, the largest base): a piece
    across the centre of a board costs a search of many rings in every game on it."""
    reach = max(game.board.width, game.board.height)

    def search() -> tuple[Point, ...]:
        return tuple(
            space.nearest_spots(want, lambda p: legal(game, p, placed), reach, SEARCH_ANGLES)
        )

    key = (want, tuple(placed), max((m.radius for m in game.models), default=0.0))
    memo: Memo[tuple[object, ...], tuple[Point, ...]] = game.board.memo(_SPOTS, _SPOTS_KEPT)
    return list(memo.remember(key, search))


def relay_error(game: WireGame, p: Point) -> str | None:
    """Why a spread marker cannot go at ``p`` (a spot in terrain is nudged, not refused)."""
    placed = [q for _, q in objectives(game)]
    error = rule_error(game, p, placed)
    if error is None and not nearest_spots(game, p, placed):
        error = f"no legal spot for a {SPREAD[mission(game)][2]} near this point"
    return error


@dataclass(slots=True, eq=False)
class PlaceMarkers(Step):
    """The Defender places the mission's markers (K1.2): the beacon or the terminal at the
    centre (M4.1, M9.1, M11.1), three relay nodes or signal markers (M10.1, M7.1). Control and
    Quadrants have none."""

    rule = SETUP

    def run(self, game: WireGame, action: Action | None) -> Decision | list[Step]:
        st = game.state
        kind = mission(game)
        if action is not None:
            assert action.point is not None
            self._place(game, action.point)
        if kind in CENTRAL and not st.objectives:
            marker = CENTRAL[kind]
            spots = nearest_spots(game, centre(game), []) or [centre(game)]
            if len(spots) == 1:
                self._place(game, spots[0])
                return []
            options = tuple(Action.at(marker, (), x, y) for x, y in spots)
            prompt = f"terrain blocks the centre: place the {marker} as close to it as you can"
            return Decision(st.defender, marker, prompt, options)
        if kind in SPREAD and len(st.objectives) < NODES:
            choice, prefix, name = SPREAD[kind]
            marker = f"{prefix}{len(st.objectives) + 1}"
            hint = (
                f'a point {EDGE_GAP:g}"+ from every edge and {NODE_GAP:g}"+ from the other '
                f"{name}s (in terrain: moved to the nearest legal spot)"
            )
            prompt = f"place {name} {marker}"
            return Decision(st.defender, choice, prompt, (), (PointSpec(choice, (marker,), hint),))
        return []

    def point_error(self, game: WireGame, action: Action) -> str | None:
        assert action.point is not None
        return relay_error(game, action.point)

    def _place(self, game: WireGame, chosen: Point) -> None:
        st = game.state
        kind = mission(game)
        placed = [q for _, q in objectives(game)]
        if kind in CENTRAL:  # the spot is one of the legal spots nearest the centre
            marker, want, spot = CENTRAL[kind], centre(game), chosen
        else:
            marker, want = f"{SPREAD[kind][1]}{len(placed) + 1}", chosen
            spot = nearest_spots(game, chosen, placed)[0]
        st.objectives = (*st.objectives, Objective(marker, spot[0], spot[1]))
        if spot != want:
            game.emit("marker-nudged", SETUP, (), marker=marker, at=list(want), to=list(spot))
        rule = MISSIONS[kind]
        game.emit("marker-placed", rule, (), side=st.defender, marker=marker, at=list(spot))


# --- counting -----------------------------------------------------------------------------------


def scoring(game: WireGame) -> list[WireModel]:
    """The models a mission counts: the squads' on the board and not Fleeing (notes A103)."""
    return [m for m in squad_models(game) if not m.fleeing]


def near(game: WireGame, p: Point) -> tuple[int, int]:
    """How many counting models of each side are within 3" of ``p``."""
    level = game.board.surface_at(p)
    counts = [0, 0]
    for m in scoring(game):
        if point_gap(game, m, p, level) <= ZONE:
            counts[m.side] += 1
    return (counts[0], counts[1])


def _ahead(counts: tuple[int, int]) -> int | None:
    """The side with more, or None when equal."""
    if counts[0] == counts[1]:
        return None
    return 0 if counts[0] > counts[1] else 1


def end_of_round(game: WireGame) -> None:
    """Heist: the round's downloaders are forgotten (M9.1). Seizure: the side with more models
    within 3" of the beacon scores a point at the end of every round, the last one included
    (M4.1, notes A104)."""
    st = game.state
    st.downloaders = ("", "")
    if mission(game) != "seizure" or game.is_over:
        return
    counts = near(game, objectives(game)[0][1])
    scorer = _ahead(counts)
    if scorer is not None:
        points = list(st.seized)
        points[scorer] += 1
        st.seized = (points[0], points[1])
    game.emit(
        "seizure",
        MISSIONS["seizure"],
        (),
        round=st.round,
        winner=scorer,
        counts=list(counts),
        points=list(st.seized),
    )


def _quadrants_of(game: WireGame, m: WireModel) -> tuple[int, ...]:
    """The quadrants a model's base lies in (several when it is on a line); 0 is south-west,
    1 south-east, 2 north-west, 3 north-east."""
    cx, cy = centre(game)
    xs = (0, 1) if abs(m.x - cx) < m.radius else ((0,) if m.x < cx else (1,))
    ys = (0, 1) if abs(m.y - cy) < m.radius else ((0,) if m.y < cy else (1,))
    return tuple(2 * y + x for y in ys for x in xs)


def quadrant_counts(game: WireGame) -> list[tuple[int, int]]:
    """Each quadrant's counting models per side (M3.1). A model on a line counts where its
    controller chooses: the Aggressor chooses first, the Defender replies; each side takes the
    choice that leaves it most quadrants ahead of the other, then most quadrants held (our
    reading: the rules let each controller choose without saying in which order)."""
    fixed = [[0] * 4, [0] * 4]
    free: tuple[list[tuple[int, ...]], list[tuple[int, ...]]] = ([], [])
    for m in scoring(game):
        spots = _quadrants_of(game, m)
        if len(spots) == 1:
            fixed[m.side][spots[0]] += 1
        else:
            free[m.side].append(spots)
    d = game.state.defender
    a = 1 - d

    def counts(pa: tuple[int, ...], pd: tuple[int, ...]) -> list[tuple[int, int]]:
        tally = [list(fixed[0]), list(fixed[1])]
        for side, picks in ((a, pa), (d, pd)):
            for q in picks:
                tally[side][q] += 1
        return [(tally[0][q], tally[1][q]) for q in range(4)]

    def value(c: list[tuple[int, int]], side: int) -> tuple[int, int]:
        held = [_ahead(pair) for pair in c]
        return (held.count(side) - held.count(1 - side), held.count(side))

    def reply(pa: tuple[int, ...]) -> tuple[int, ...]:
        return max(itertools.product(*free[d]), key=lambda pd: value(counts(pa, pd), d))

    best = max(itertools.product(*free[a]), key=lambda pa: value(counts(pa, reply(pa)), a))
    return counts(best, reply(best))


def _control(game: WireGame) -> tuple[tuple[int, int], tuple[int, int] | None]:
    counts = near(game, centre(game))
    game.emit("control", MISSIONS["control"], (), counts=list(counts))
    return counts, None


def _quadrants(game: WireGame) -> tuple[tuple[int, int], tuple[int, int] | None]:
    held = [0, 0]
    for name, counts in zip(QUADRANTS, quadrant_counts(game), strict=True):
        holder = _ahead(counts)
        if holder is not None:
            held[holder] += 1
        game.emit(
            "quadrant", MISSIONS["quadrants"], (), quadrant=name, winner=holder, counts=list(counts)
        )
    return (held[0], held[1]), None


def _seizure(game: WireGame) -> tuple[tuple[int, int], tuple[int, int] | None]:
    counts = near(game, objectives(game)[0][1])
    points = game.state.seized
    game.emit("seizure-end", MISSIONS["seizure"], (), points=list(points), counts=list(counts))
    return points, counts


def _uplink(game: WireGame) -> tuple[tuple[int, int], tuple[int, int] | None]:
    live = [0, 0]
    for node, p in objectives(game):
        counts = near(game, p)
        # Live for a side with a model there while the other has none; both: contested.
        holder = _ahead(counts) if 0 in counts else None
        if holder is not None:
            live[holder] += 1
        game.emit("node", MISSIONS["uplink"], (), marker=node, winner=holder, counts=list(counts))
    return (live[0], live[1]), None


def _breakthrough(game: WireGame) -> tuple[tuple[int, int], tuple[int, int] | None]:
    gone = [m.side for m in game.models if m.removed == EXITED]
    return (gone.count(0), gone.count(1)), None


def _triangulation(game: WireGame) -> tuple[tuple[int, int], tuple[int, int] | None]:
    held = [o.held_by for o in game.state.objectives]
    return (held.count(0), held.count(1)), None


def _progress(game: WireGame) -> tuple[tuple[int, int], tuple[int, int] | None]:
    return game.state.progress, None


def _relay(game: WireGame) -> tuple[tuple[int, int], tuple[int, int] | None]:
    """The squad that controls the relay, as found at the start of the round (M13.1): 1."""
    held = [0, 0]
    if game.state.control >= 0:
        held[game.state.control] = 1
    return (held[0], held[1]), None


def _taken(game: WireGame) -> tuple[tuple[int, int], tuple[int, int] | None]:
    """Targets each side took (M5.1)."""
    return game.state.taken, None


def _holder(game: WireGame) -> tuple[tuple[int, int], tuple[int, int] | None]:
    """The side whose model holds the package at the end (M1.1, M12.1)."""
    held = [0, 0]
    m = holder(game)
    if m is not None:
        held[space.side_of(m)] = 1
    return (held[0], held[1]), None


def _severed(game: WireGame) -> tuple[tuple[int, int], tuple[int, int] | None]:
    """Enemy conduits each side has severed (M8.1)."""
    done = [0, 0]
    for o in game.state.objectives:
        if o.cuts >= 2:
            done[1 - o.owner] += 1
    return (done[0], done[1]), None


TALLY: dict[str, Callable[[WireGame], tuple[tuple[int, int], tuple[int, int] | None]]] = {
    "extraction": _holder,
    "control": _control,
    "quadrants": _quadrants,
    "seizure": _seizure,
    "assassination": _taken,
    "breakthrough": _breakthrough,
    "triangulation": _triangulation,
    "sabotage": _severed,
    "heist": _progress,
    "uplink": _uplink,
    "lockdown": _progress,
    "escort": _holder,
    "the-signal": _relay,
    "the-source": _holder,
}


# --- the end of the game --------------------------------------------------------------------------


def survivors(game: WireGame) -> tuple[int, int]:
    """Models of each side still on the board (K1.2 "most surviving models")."""
    counts = [0, 0]
    for m in squad_models(game):
        counts[m.side] += 1
    return (counts[0], counts[1])


@dataclass(frozen=True, slots=True)
class Verdict:
    """How a mission ends: the winner, why, the rule that decided, and the mission's count."""

    winner: int
    reason: str
    rule: str
    scores: tuple[int, int]


def decide(game: WireGame) -> Verdict:
    """The winner at the end: the mission's count; for Seizure then the models at the beacon
    (M4.1); then the most surviving models; then the Defender (K1.2). The Signal is the
    squad's that controls the relay (M13.1); The Source not extracted by the end is the
    Interceptor's (M13.2)."""
    kind = mission(game)
    rule = MISSIONS[kind]
    scores, beacon = TALLY[kind](game)
    if kind == SOURCE:  # only an extraction wins it for the Extractor (M13.2)
        return Verdict(game.state.defender, "the Source was not extracted", rule, scores)
    if kind == SIGNAL and game.state.control >= 0:
        return Verdict(game.state.control, "controls the relay", rule, scores)
    levels = [(LABELS[kind], scores, rule)]
    if beacon is not None:
        levels.append(('models within 3" of the beacon', beacon, rule))
    levels.append(("surviving models", survivors(game), SETUP))
    for n, (label, counts, cited) in enumerate(levels):
        winner = _ahead(counts)
        if winner is not None:
            tied = f"tied on {levels[0][0]}, " if n else ""
            reason = f"{tied}most {label} ({counts[winner]} to {counts[1 - winner]})"
            return Verdict(winner, reason, cited, scores)
    reason = f"tied on {LABELS[kind]} and survivors: the Defender wins"
    return Verdict(game.state.defender, reason, SETUP, scores)


def finish(game: WireGame) -> bool:
    """End the game by the mission (K1.2 game length); False when no mission is played."""
    if not mission(game):
        return False
    verdict = decide(game)
    game.end(verdict.winner, verdict.reason, verdict.rule)
    _reward(game, verdict.scores)
    return True


def scores_exits(game: WireGame) -> bool:
    """Whether the mission counts the models that exit (M6.1 Breakthrough)."""
    return mission(game) == "breakthrough"


def exit_edges(game: WireGame, m: WireModel) -> tuple[Edge, ...]:
    """The edges ``m`` may exit across for the mission: in Breakthrough the opposite edge, the
    one the enemy deployed on (M6.1); the carrier of a package its own side's deployment edge,
    and for the Center Defender, which has none, the nearest board edge, that is the one it
    crosses (M1.1, M12.1, K1.2); the Extractor carrying the Source the Interceptor's edge
    (M13.2); else none (and never for a hostile, which belongs to no squad). A Fleeing
    carrier has none: fleeing off the table is no Mission Exit (K1.2 Mission Exits), and it
    lets go of the package at the edge (M1.1)."""
    st = game.state
    kind = mission(game)
    if kind == "breakthrough" and m.side < HOSTILES:
        return (Edge(st.edges[1 - m.side]),)
    side = space.side_of(m)
    if kind not in CARRIED or side >= HOSTILES or m.fleeing:
        return ()
    if not any(o.carrier == m.id for o in st.objectives):
        return ()
    if kind == SOURCE:  # the Extractor's way out is the far edge; the Interceptor has none
        return () if side == st.defender else (Edge(st.edges[st.defender]),)
    return (Edge(st.edges[side]),) if st.edges[side] else tuple(Edge)


def exits(game: WireGame, m: WireModel, edge: Edge) -> bool:
    """Whether leaving across ``edge`` now is the mission's exit, not a C4.20 leave: its exit
    edge, in Breakthrough after Round 2 (M6.1)."""
    return edge in exit_edges(game, m) and (not scores_exits(game) or game.state.round >= EXIT_FROM)


def exit_error(game: WireGame, m: WireModel, edge: Edge) -> str | None:
    """Why ``m`` may not cross ``edge`` now, for the mission, or None (M6.1): not before the
    end of Round 2, and not while Engaged unless it has Disengaged. Engaged is one-sided: a
    Cable Whip's holder is Engaged 2" from an enemy, the enemy only within 1" (C4.5, notes
    A17); a Scout or an Inhibitor's carrier leaves engagement freely, with no Disengage
    (C2.4, R3.10, notes A18)."""
    if not scores_exits(game) or edge not in exit_edges(game, m):
        return None
    if game.state.round < EXIT_FROM:
        return f"no model exits across the {edge} edge before the end of Round 2 (M6.1)"
    held = space.engaged_with(game, m) and not leaves_freely(game, m)
    if held and not m.disengaged:
        return f"{m.label} is Engaged: it must Disengage before it exits (M6.1)"
    return None


def win_now(game: WireGame, side: int, reason: str) -> None:
    """The mission is won at once (M9.1, M11.1: the first to 3), with its reward."""
    game.end(side, reason, MISSIONS[mission(game)])
    _reward(game, TALLY[mission(game)](game)[0])


# --- the reward, for the campaign --------------------------------------------------------------


@register_value
@dataclass(frozen=True, slots=True)
class MissionResult:
    """A finished mission: who defended, who won, each side's count (models in the zone,
    quadrants held, Seizure points, live nodes), and what each side gains: Leads (the
    winner's +1 and the bonus) and Intel Evidence, and the models that gain a Merit (M1.1,
    M8.1, M12.1), and the Evidence each side loses (M13.1). K2.3's Evidence for the winner is
    the campaign's to add (notes A101: Intel stacks with it; The Signal's replaces it).
    ``reasons`` says why, in words. The Source: ``leads_lost``, the side that wins the
    ``campaign``, and the ``extractor`` of the next attempt, the side holding the Source at the
    end when it was not extracted (M13.2)."""

    mission: str
    rule: str
    defender: int
    winner: int | None
    scores: tuple[int, int]
    leads: tuple[int, int]
    evidence: tuple[int, int]
    reasons: tuple[str, ...]
    merits: tuple[str, ...] = ()
    evidence_lost: tuple[int, int] = (0, 0)
    leads_lost: tuple[bool, bool] = (False, False)
    campaign: int | None = None
    extractor: int | None = None


def result(game: WireGame) -> MissionResult | None:
    """The mission's result and reward once the game is over; None without a mission or
    before the end."""
    return game.state.mission_result


@dataclass(slots=True)
class _Gains:
    """What each side takes from a mission, being worked out: Leads, Evidence, Evidence lost,
    why, the models that gain a Merit, whether each side loses all its Leads, the side that
    wins the campaign and the Extractor of the next attempt (M13.2)."""

    leads: list[int]
    evidence: list[int]
    lost: list[int]
    reasons: list[str]
    merits: tuple[str, ...] = ()
    leads_lost: list[bool] = field(default_factory=lambda: [False, False])
    campaign: int | None = None
    extractor: int | None = None


def _reward(game: WireGame, scores: tuple[int, int]) -> None:
    """Every mission: the winner gains 1 Lead; the bonus, Intel and Merit as the mission
    says. The Signal has its own rewards instead (:func:`_signal_gains`)."""
    assert game.result is not None
    kind = mission(game)
    winner = game.result.winner
    if kind == "assassination":  # the game is over: both targets are revealed (M5.1)
        game.emit("targets-revealed", MISSIONS[kind], (), targets=list(game.state.targets))
    if kind == SIGNAL:
        gains = _signal_gains(game, winner)
    elif kind == SOURCE:
        gains = source_gains(game)
    else:
        gains = _gains(game, winner, scores)
    outcome = MissionResult(
        kind,
        MISSIONS[kind],
        game.state.defender,
        winner,
        scores,
        (gains.leads[0], gains.leads[1]),
        (gains.evidence[0], gains.evidence[1]),
        tuple(gains.reasons),
        gains.merits,
        (gains.lost[0], gains.lost[1]),
        (gains.leads_lost[0], gains.leads_lost[1]),
        gains.campaign,
        gains.extractor,
    )
    game.state.mission_result = outcome
    game.emit(
        "mission-reward",
        MISSIONS[kind],
        (),
        winner=winner,
        leads=list(outcome.leads),
        evidence=list(outcome.evidence),
        because="; ".join(outcome.reasons) or "no winner",
    )


def _gains(game: WireGame, winner: int | None, scores: tuple[int, int]) -> _Gains:
    """The rewards of the generator's missions (M1.1-M12.1)."""
    kind = mission(game)
    gains = _Gains([0, 0], [0, 0], [0, 0], [])
    if winner is None:
        return gains
    leads, evidence, reasons = gains.leads, gains.evidence, gains.reasons
    leads[winner] += 1
    reasons.append("winner +1 Lead")
    if kind in BONUS:
        measure, least, why = BONUS[kind]
        margin = scores[winner] - scores[1 - winner]
        if (margin if measure == "margin" else scores[winner]) >= least:
            leads[winner] += 1
            reasons.append(f"+1 Lead: {why}")
    if kind in INTEL and scores[winner] >= INTEL[kind][0]:
        evidence[winner] += 1
        reasons.append(f"+1 Evidence: {INTEL[kind][1]}")
    if kind == KILL_INTEL and game.state.deed_by:
        evidence[winner] += 1
        reasons.append("+1 Evidence: Intel, the target killed")
    if kind in CONSOLATION and scores[1 - winner] >= CONSOLATION[kind][0]:
        leads[1 - winner] += 1
        reasons.append(f"loser +1 Lead: {CONSOLATION[kind][1]}")
    if kind == HELD_CONSOLATION and game.state.carried[1 - winner]:
        leads[1 - winner] += 1
        reasons.append("loser +1 Lead: controlled the informant")
    gains.merits = _merits(game, winner)
    reasons += [f"{game.label(mid)} +1 Merit: {MERIT[kind]}" for mid in gains.merits]
    return gains


def _signal_gains(game: WireGame, winner: int | None) -> _Gains:
    """The Signal (M13.1, notes A96): each squad keeps what it examined; the winner gains 2
    Evidence when it redirected the signal, else 1 (no +1 Lead, and these replace K2.3's
    Evidence for the winner); a squad with no model left on the board loses 1 Evidence."""
    st = game.state
    gains = _Gains(list(st.examined), list(st.signalled), [0, 0], [])
    for side in (0, 1):
        if st.examined[side] or st.signalled[side]:
            gains.reasons.append(
                f"side {game.ruleset.sides[side]} examined the relay: "
                f"+{st.examined[side]} Lead(s) +{st.signalled[side]} Evidence"
            )
    if winner is not None:
        bonus = SIGNAL_REDIRECT if st.redirects[winner] == REDIRECTED else 1
        gains.evidence[winner] += bonus
        gains.reasons.append(f"winner +{bonus} Evidence")
    standing = survivors(game)
    for side in (0, 1):
        if not standing[side]:
            gains.lost[side] = 1
            gains.reasons.append(f"side {game.ruleset.sides[side]} wiped out: -1 Evidence")
    return gains


def source_gains(game: WireGame) -> _Gains:
    """The Source (M13.2, notes A97): extracted, the Extractor wins the campaign; else
    Interception, the Extractor loses d6 Evidence and all its Leads; and Failure (the Source
    lost to hostiles, or no Extractor model left) the same again. No Lead, no K2.3 Evidence.
    Not extracted, the squad holding the Source is the Extractor of the next attempt."""
    st = game.state
    attacker = 1 - st.defender
    gains = _Gains([0, 0], [0, 0], [0, 0], [])
    name = f"side {game.ruleset.sides[attacker]}"
    if st.extracted:
        gains.campaign = attacker
        gains.reasons.append(f"{name} extracted the Source: it wins the campaign")
        return gains
    failures = [("Interception", "the Source was not extracted")]
    lost = _source_lost(game)
    if lost or not survivors(game)[attacker]:
        failures.append(("Failure", lost or "no Extractor model is left"))
    for what, why in failures:
        n = game.roll("D6", "evidence-lost", MISSIONS[SOURCE]).value
        gains.lost[attacker] += n
        gains.leads_lost[attacker] = True
        gains.reasons.append(f"{what} ({why}): {name} loses {n} Evidence and all its Leads")
    held = holder(game)
    if held is not None:
        gains.extractor = space.side_of(held)
        gains.reasons.append(
            f"side {game.ruleset.sides[gains.extractor]} holds the Source: it is the Extractor "
            "of the next attempt"
        )
    return gains


def _source_lost(game: WireGame) -> str:
    """Why the Source is lost to hostiles (notes A97): no squad model holds it at the end,
    and the last to hold it was put Out of Action by a hostile; "" when it is not."""
    (o,) = game.state.objectives
    if holder(game) is not None or not o.last:
        return ""
    last = game.model(o.last)
    by = game.model(last.ooa_by) if last.ooa_by else None
    if by is not None and by.side == HOSTILES:
        return f"{last.label} fell to {by.label} with it"
    return ""


def _merits(game: WireGame, winner: int) -> tuple[str, ...]:
    """The winner's model that gains +1 Merit: the package's carrier at victory (M1.1,
    M12.1), the model that completed the sever (M8.1) or killed the target (M5.1)."""
    kind = mission(game)
    if kind in CARRIED:
        m = holder(game)
        return (m.id,) if m is not None and space.side_of(m) == winner else ()
    if game.state.deed_by:  # the model that severed the conduit or killed the target
        return (game.state.deed_by,)
    return ()


# --- for the players ----------------------------------------------------------------------------


def sample_point(game: WireGame, uniform: Callable[[], float]) -> Point | None:
    """A random legal spot for the next relay node (the random player)."""
    placed = [q for _, q in objectives(game)]
    board = game.board
    for _ in range(60):
        x = EDGE_GAP + (board.width - 2 * EDGE_GAP) * uniform()
        y = EDGE_GAP + (board.height - 2 * EDGE_GAP) * uniform()
        p = (round(x, 2), round(y, 2))
        if legal(game, p, placed):
            return p
    spots = candidate_points(game)
    return spots[int(uniform() * len(spots))] if spots else None


def candidate_points(game: WireGame) -> list[Point]:
    """Legal spots for the next relay node on a 1" grid (for AIs to rank)."""
    placed = [q for _, q in objectives(game)]
    board = game.board
    xs = range(int(EDGE_GAP), int(board.width - EDGE_GAP) + 1)
    ys = range(int(EDGE_GAP), int(board.height - EDGE_GAP) + 1)
    return [(float(x), float(y)) for x in xs for y in ys if legal(game, (x, y), placed)]


def _targets(game: WireGame, m: WireModel) -> list[tuple[Point, bool]]:
    """The points the heuristic player heads for, and whether one model there is enough
    (Uplink's nodes, the quadrants' middles, a package on the ground, a conduit) or every model
    counts (the centre, the beacon, a carrier to guard or to bring down)."""
    kind, side = mission(game), space.side_of(m)
    if kind in CARRIED:
        ((_, p),) = objectives(game)
        return [(p, carrier(game) is None)]
    if kind == "assassination":  # its own target, if it knows it
        target = game.state.targets[side] if side < HOSTILES else ""
        return [(game.model(target).pos, False)] if target else []
    if kind == "sabotage":  # the enemy's conduit
        return [(o.point, True) for o in game.state.objectives if o.owner != side]
    if kind == "control":
        return [(centre(game), False)]
    if kind == "quadrants":
        cx, cy = centre(game)
        return [((cx + dx * cx / 2, cy + dy * cy / 2), True) for dy in (-1, 1) for dx in (-1, 1)]
    return [(p, kind not in ("seizure", SIGNAL)) for _, p in objectives(game)]


@dataclass(frozen=True, slots=True)
class Pull:
    """What ``m``'s side's mission makes of where it would stand (heuristic player), worked
    out once for all the spots one decision weighs (:func:`mission_pull`): the exit edges it
    heads for, the marker it goes to work with an Interact (a package on the ground, a signal
    marker, a conduit, a terminal, the relay; with the surface there), or the scoring points
    with the surface there, whether one model there is enough and how many friends already
    hold it; and their weight."""

    edges: tuple[Edge, ...]
    targets: tuple[tuple[Point, str | None, bool, int], ...]
    weight: float
    take: tuple[Point, str | None] | None = None
    taken: float = 0.0  # the worth of the marker to work from where the model stands now

    def value(self, game: WireGame, spot: WireModel) -> float:
        """Standing where ``spot`` stands: the nearer the exit edge, the better (M1.1, M6.1,
        M12.1); every inch nearer Interact's reach of the marker to work, along the way round
        the terrain (:func:`work_gap`); else being within
        3" of a scoring point, or closing in on one, where one model is enough most for a
        point no friend holds."""
        if self.edges:
            return self.weight * (1.0 - self.way_out(game, spot) / game.board.height)
        if self.take is not None:
            return self.weight * (_taking(work_gap(game, spot, self.take)) - self.taken)
        best = 0.0
        for p, level, one_enough, held in self.targets:
            best = max(best, _worth(point_gap(game, spot, p, level), one_enough, held))
        return self.weight * best

    def way_out(self, game: WireGame, spot: WireModel) -> float:
        """How far ``spot`` stands from its nearest exit edge, by the shortest way round the
        terrain (:func:`.ways.way_to_edge`)."""
        board = game.board
        return min(way_to_edge(board, spot.pos, spot.radius, spot.level, e) for e in self.edges)

    def ceiling(self, at: Point, radius: float, extent: float) -> float:
        """More than :meth:`value` gives a base of ``radius`` anywhere within ``extent`` of
        ``at``: it comes no nearer a scoring point than ``at`` does, less ``extent`` (a spot
        up on a piece is no nearer than its flat gap, nor one round the terrain than the
        straight line); the weight toward an exit edge."""
        if self.edges:
            return self.weight
        if self.take is not None:
            near = max(0.0, math.dist(at, self.take[0]) - extent - radius)
            return self.weight * (_taking(near) - self.taken)
        best = 0.0
        for p, _, one_enough, held in self.targets:
            nearest = max(0.0, math.dist(at, p) - extent - radius)
            best = max(best, _worth(nearest, one_enough, held))
        return self.weight * best


def work_gap(game: WireGame, spot: WireModel, goal: tuple[Point, str | None]) -> float:
    """How far ``spot`` stands from the marker at ``goal`` (its point and surface) for an
    Interact: beyond reach on the ground, the reach and the shortest way round the terrain to
    it (:func:`.ways.way_to_reach`), never less than the straight gap; else the straight gap
    (within reach already, or up on a piece, which the ways do not know)."""
    straight = point_gap(game, spot, *goal)
    if straight <= TAKE_REACH or spot.level is not None or goal[1] is not None:
        return straight
    way = way_to_reach(game.board, spot.pos, spot.radius, goal[0], TAKE_REACH)
    return straight if way is None else max(straight, TAKE_REACH + way)


def _taking(d: float) -> float:
    """What standing ``d`` from the marker to work is worth: most within Interact's reach,
    less by the inch beyond, so that every step toward it counts alike."""
    if d <= TAKE_REACH:
        return 1.0 + IN_REACH
    return max(0.0, 1.0 - (d - TAKE_REACH) / TAKE_SPAN)


def _worth(d: float, one_enough: bool, held: int) -> float:
    """What standing ``d`` from a scoring point is worth: all of it within 3", less beyond;
    where one model is enough, shared with the friends already holding it."""
    value = 1.0 if d <= ZONE else ZONE / d
    return value / (1 + held) if one_enough else value


def mission_pull(game: WireGame, m: WireModel, work: tuple[Point, ...]) -> Pull:
    """The :class:`Pull` of ``m``'s mission: it grows as the game nears its end (K1.2: it
    may end after Round 5); nothing for a Fleeing model or with no mission to head for.
    A marker ``m``'s side may work with an Interact (``work``: a package on the ground, a
    signal marker to claim, the enemy's conduit, the terminal, the relay) pulls only the model
    of the side nearest it, the one to work it (:func:`_taker_pull`); a package's other models
    none, and a friend carrying it toward its exit none of the others: they are free to fight,
    not to crowd round it in the way (M1.1, M12.1, M13.2). The others head for the mission's
    scoring points."""
    edges = exit_edges(game, m)
    if edges and not m.fleeing:
        return Pull(tuple(edges), (), EXIT_PULL if scores_exits(game) else CARRY_PULL)
    targets = _targets(game, m)
    if not targets or m.fleeing or _escorting(game, m):
        return Pull((), (), 0.0)
    others = [f for f in friends(game, m) if not f.fleeing]
    if work and m.on_table:  # deploying, all head for the scoring points
        taker = _taker_pull(game, m, work, others)
        # in a package's mission ``work`` is the package down (:func:`packages_down`, as the
        # caller found it): the models not to take it are pulled nowhere
        if taker.take is not None or mission(game) in CARRIED:
            return taker
    spots = []
    for p, one_enough in targets:
        level = game.board.surface_at(p)
        held = sum(1 for f in others if point_gap(game, f, p, level) <= ZONE) if one_enough else 0
        spots.append((p, level, one_enough, held))
    return Pull((), tuple(spots), 0.5 * min(max(game.state.round, 1), 5))


def _escorting(game: WireGame, m: WireModel) -> bool:
    """Whether a friend of ``m`` carries the package toward its exit edge."""
    held = carrier(game) if mission(game) in CARRIED else None
    if held is None or held is m or space.side_of(held) != space.side_of(m):
        return False
    return bool(exit_edges(game, held))


def _taker_pull(
    game: WireGame, m: WireModel, work: tuple[Point, ...], others: list[WireModel]
) -> Pull:
    """The nearest of the markers at ``work`` that no friend stands nearer than ``m`` pulls it
    by every inch it would come nearer (from where it stands now, so that a move that gains
    nothing scores nothing and the Interact, or an attack, may come first), measured along
    the way round the terrain (:func:`work_gap`); with none, nothing pulls it."""
    mine = []
    for p in work:
        goal = (p, game.board.surface_at(p))
        gap = work_gap(game, m, goal)
        if not any(work_gap(game, f, goal) < gap for f in others):
            mine.append((gap, goal))
    if not mine:
        return Pull((), (), 0.0)
    gap, goal = min(mine)
    return Pull((), (), TAKE_PULL, goal, _taking(gap))


def marker_score(game: WireGame, action: Action) -> float:
    """Where the Defender's AI puts a marker: near the centre when the opponent will pick the
    table edges (no edge is nearer the markers), 6" toward the south edge when it picks them
    itself (it then takes the south edge, see :func:`edge_score`)."""
    assert action.point is not None
    st = game.state
    cx, cy = centre(game)
    aim = (cx, cy - NODE_GAP) if st.first == st.defender else (cx, cy)
    return -math.dist(action.point, aim)


def edge_score(game: WireGame, action: Action) -> float:
    """The First Player's AI takes the edge nearest the mission's markers."""
    edge = Edge(action.args[0])
    board = game.board
    return -sum(board.distance_to_edge(p, 0.0, edge) for _, p in objectives(game))
