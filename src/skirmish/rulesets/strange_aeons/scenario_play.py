"""How the game plays a Basic Scenario beyond the Fight and Free For All! (R:1561-1660, rules
notes §3.15): the book's record of the scenario (``data/book/scenarios.toml``: its edge, who
picks it, the first Turn, the Enclosed edges) joined to ``data/scenario_play.toml``, which
gives in numbers what the record says in words: each side's deployment zone, the markers, the
searches, leaving the board as an objective and the Bag Man's secret (the Threshold's, or the
Lurkers' courier in Capture the Courier, R:1573).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from importlib.resources import files
from typing import Annotated, Any, Literal

from pydantic import Field, StrictBool, StrictInt, model_validator

from skirmish.data_files import read_data
from skirmish.rulesets.strange_aeons.rules_data.records import Id, Line, Record, SpecialType
from skirmish.rulesets.strange_aeons.rules_data.scenario_records import (
    Enclosed,
    Scenario,
    ScenarioData,
)

__all__ = [
    "BagMan",
    "Exit",
    "Markers",
    "Play",
    "PlayedEnclosed",
    "Search",
    "Setting",
    "VariantPlay",
    "Zone",
    "load_plays",
    "narrowed",
]

Side = Literal["threshold", "lurkers"]
SIDES: tuple[Side, Side] = ("threshold", "lurkers")
Distance = Annotated[float, Field(ge=0.0, le=36.0)]


class Zone(Record):
    """Where one side deploys (see the data file's header)."""

    kind: Literal["edge", "contact", "half", "centre", "any_edge", "short_edges", "random"]
    within: Distance = 0.0
    away: Distance = 0.0
    line: Line


class Markers(Record):
    """The scenario's markers: their kind, how many each player places and how far apart
    (the book's ``line``), who moves one in base contact and at what cost (``drag_line``),
    and whether the Lurker edge loses it."""

    kind: Literal["objective", "treasure", "package"]
    each: Annotated[StrictInt, Field(ge=0, le=4)] = 0
    spacing: Distance = 0.0
    dragged_by: tuple[Side, ...] = ()
    penalty: Annotated[StrictInt, Field(ge=0, le=6)] = 0
    lost_at_lurker_edge: StrictBool = False
    line: Line
    drag_line: Line | None = None

    @model_validator(mode="after")
    def _cited(self) -> Markers:
        if self.dragged_by and self.drag_line is None:
            raise ValueError("markers a side may move need the drag_line that says so")
        return self


class Search(Record):
    """Search Actions by the sides ``by``: on a marker (rolled on ``table``) or in a board
    section where the searching side has more Normal models (a D6 of ``found_on`` finds the
    Treasure), ``actions`` of them before the roll."""

    actions: Annotated[StrictInt, Field(ge=1, le=4)]
    by: tuple[Side, ...] = ("threshold",)
    from_round: Annotated[StrictInt, Field(ge=1)] = 1
    table: Id | None = None
    section: StrictBool = False
    columns: Annotated[StrictInt, Field(ge=1, le=6)] = 1
    rows: Annotated[StrictInt, Field(ge=1, le=6)] = 1
    found_on: Annotated[StrictInt, Field(ge=0, le=6)] = 0
    line: Line


class Exit(Record):
    """Leaving the board as an objective: a model of ``side`` off ``edge`` carrying a marker
    of the kind it ``carries`` wins; without one, ``share`` of the side's models must leave."""

    side: Side
    edge: Literal["lurker_short", "threshold_short", "any"]
    carries: Literal["treasure", "package"] | None = None
    share: Annotated[float, Field(ge=0.0, le=1.0)] = 0.0
    line: Line


class BagMan(Record):
    """Who names the Bag Man in secret (R:1566), among its models of the Special ``types``
    (none: any)."""

    side: Side = "threshold"
    types: tuple[SpecialType, ...] = ()
    line: Line = 1566


class PlayedEnclosed(Enclosed):
    """Enclosed edges this file gives where they are not the record's (a Variant's, or those
    to the Lurker models where the record's stop the Threshold's alone, Capture the Courier),
    and the line printing them."""

    line: Line


class VariantPlay(Record):
    """What a Variant played changes (R:1536): the parts it gives replace the scenario's."""

    id: Id
    threshold: Zone | None = None
    lurkers: Zone | None = None
    markers: Markers | None = None
    search: Search | None = None
    random: StrictBool = False
    enclosed: PlayedEnclosed | None = None
    exits: tuple[Exit, ...] | None = None
    width: Distance | None = None
    bag_man: BagMan | None = None
    lurkers_enclosed: PlayedEnclosed | None = None


class Play(Record):
    """One scenario's entry of ``scenario_play.toml``."""

    id: Id
    threshold: Zone
    lurkers: Zone
    markers: Markers | None = None
    search: Search | None = None
    exits: tuple[Exit, ...] = ()
    secret: StrictBool = False
    bag_man: BagMan = BagMan()
    random: StrictBool = False
    enclosed: PlayedEnclosed | None = None
    lurkers_enclosed: PlayedEnclosed | None = None
    width: Distance | None = None
    variant_only: StrictBool = False
    """The scenario is set up by the ruleset's own steps (the Fight, R:1588); only its
    Variants here are played from this entry."""
    variant: tuple[VariantPlay, ...] = ()

    def with_variant(self, variant_id: str) -> Play:
        """The scenario as ``variant_id`` plays it (as it is where the Variant changes only
        the lists, :mod:`.variant_lists`)."""
        found = next((v for v in self.variant if v.id == variant_id), None)
        if found is None:
            return self
        return self.model_copy(
            update={k: getattr(found, k) for k in found.model_fields_set - {"id"}}
        )

    def zone(self, side: int) -> Zone:
        """The deployment zone of ``side`` (0 Threshold, 1 Lurkers)."""
        return self.lurkers if side else self.threshold

    def plays(self, variant: str | None) -> bool:
        """Whether a game of the scenario and ``variant`` is played from this entry."""
        return not self.variant_only or variant in {v.id for v in self.variant}

    def random_side(self) -> int | None:
        """The one side placed by Random Deployment before the other deploys, or ``None``."""
        found = [side for side in (0, 1) if self.zone(side).kind == "random"]
        return found[0] if len(found) == 1 else None


def narrowed(board: dict[str, Any], width: float) -> dict[str, Any]:
    """``board`` (a board's plain data) cut down to ``width`` across its short edges (Run the
    Gauntlet, R:1583): the middle strip kept, the pieces and ladders wholly in it moved with
    it, the others left out; a board no wider is kept as it is."""
    across = "height" if board["height"] <= board["width"] else "width"
    if board[across] <= width:
        return board
    axis = 1 if across == "height" else 0
    low = (board[across] - width) / 2

    def inside(p: Sequence[float]) -> bool:
        return bool(low <= p[axis] <= low + width)

    def moved(p: Sequence[float]) -> list[float]:
        q = list(p)
        q[axis] = round(q[axis] - low, 4)
        return q

    pieces = [
        {**t, "polygon": [moved(p) for p in t["polygon"]]}
        for t in board["terrain"]
        if all(inside(p) for p in t["polygon"])
    ]
    kept = {t["id"] for t in pieces}
    ladders = [
        {**lad, "foot": moved(lad["foot"]), "top": moved(lad["top"])}
        for lad in board.get("ladder", [])
        if lad["terrain"] in kept and inside(lad["foot"]) and inside(lad["top"])
    ]
    name = f'{board["name"]}, {width:g}" wide'
    return {**board, "name": name, across: width, "terrain": pieces, "ladder": ladders}


class _Plays(Record):
    scenario: tuple[Play, ...]


def load_plays() -> dict[str, Play]:
    """Every entry of the package's ``data/scenario_play.toml``, by scenario id."""
    plays = read_data(files(__package__) / "data", "scenario_play.toml", _Plays).scenario
    return {p.id: p for p in plays}


@dataclass(frozen=True, slots=True)
class Setting:
    """A Basic Scenario as a game plays it: the book's record, how it is played, and the
    scenario chapter's tables its searches roll on."""

    book: Scenario
    play: Play
    data: ScenarioData

    def side_of(self, name: Side) -> int:
        """0 for the Threshold, 1 for the Lurkers."""
        return SIDES.index(name)
