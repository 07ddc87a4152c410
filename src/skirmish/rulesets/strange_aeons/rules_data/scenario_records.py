"""The rulebook's scenario chapter as typed records (rules notes §2.14-§2.17, §3.15;
R:1518-2063), read from ``data/book/scenarios.toml`` and ``data/book/scenario_tables.toml``.

- :class:`Scenario`: one of the 32 scenarios (7 Basic, 9 Advanced, 16 Quest): its Lurker
  line (a Basic Scenario's names its entry of ``lurker_restrictions.toml``, R:1561-1650),
  :class:`Deployment`, set-up, first Turn, :class:`Enclosed` edges (R:1529), special rules,
  objectives, aftermath, the tables it rolls on and its :class:`Variant` s (R:1536), each part
  with the line that prints it (``at``).
- :class:`SelectionTable`: the Basic and Advanced Scenario Tables (§2.15, R:1537-1560); the
  rows the book leaves empty or out follow notes §6 item 2 and are provisional.
- :class:`DeploymentTable`: the Free For All Deployment Table (§2.16, R:1600-1609) and Random
  Deployment's six sections (R:1530-1532).
- :class:`LootTable`: the scenarios' loot and effect tables (§2.17) and the Magical Artifacts
  Table their rows roll on (§2.14, R:1497-1505); the garbled Artifact Tables read as the notes
  reconstruct them (§6 item 13), the unprinted Obelisk Table as §6 item 9 suggests.

:func:`load_scenario_data` reads both files and checks what ties them together: every table a
scenario or a row names exists, every scenario a selection row names exists, a dice table
covers each total once. Any problem is one :class:`~skirmish.errors.RulesDataError` line.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Annotated, Literal, Self, TypeVar

from pydantic import Field, PlainValidator, StrictBool, StrictInt, model_validator

from skirmish.data_files import Source, read_data
from skirmish.errors import RulesDataError
from skirmish.rulesets.strange_aeons.rules_data.catalog import BOOK
from skirmish.rulesets.strange_aeons.rules_data.checks import unknown
from skirmish.rulesets.strange_aeons.rules_data.records import (
    Flagged,
    Id,
    Inches,
    Line,
    Name,
    Record,
    Roll,
    Span,
    Summary,
)

__all__ = [
    "Deployment",
    "DeploymentTable",
    "Enclosed",
    "Kind",
    "LootRow",
    "LootTable",
    "Scenario",
    "ScenarioData",
    "SelectionRow",
    "SelectionTable",
    "Variant",
    "load_scenario_data",
]


class Kind(StrEnum):
    """Basic (R:1561), Advanced (R:1661) or Quest (R:1786) scenario."""

    BASIC = "basic"
    ADVANCED = "advanced"
    QUEST = "quest"


Side = Literal["threshold", "lurkers"]
Chooser = Literal["lurker", "threshold", "roll_off"]
"""Who decides: a player, or the higher of a D6 each (R:1526)."""


def _faces(value: object) -> tuple[int, int]:
    # A row's dice results: one total [7], or the first and last of a run [2, 3].
    if (
        not isinstance(value, list | tuple)
        or len(value) not in (1, 2)
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise ValueError(
            f"rolls are one total or a first and last, like [7] or [2, 3], got {value!r}"
        )
    low, high = value[0], value[-1]
    if not 1 <= low <= high <= 12:
        raise ValueError(f"rolls run upward from 1 to 12 at most, got {list(value)}")
    return low, high


Faces = Annotated[tuple[int, int], PlainValidator(_faces)]


class Variant(Record):
    """A scenario's Variant (R:1536): what it changes, in a line of ours, and our readings
    where the book leaves it half said."""

    id: Id
    name: Name
    line: Line
    summary: Summary
    readings: tuple[Summary, ...] = ()


class Deployment(Record):
    """Where the sides deploy: at an ``edge`` (short or long) that ``chosen_by`` picks, the
    other side at the opposite one, ``within`` inches of it or in base ``contact``; the sides
    placed by Random Deployment (``random``) on the areas of ``table`` (R:1530, R:1600). What
    this does not say is in the scenario's ``setup``."""

    edge: Literal["short", "long"] | None = None
    chosen_by: Chooser | None = None
    within: Inches | None = None
    contact: StrictBool = False
    random: tuple[Side, ...] = ()
    table: Id = "random"

    @model_validator(mode="after")
    def _one_distance(self) -> Self:
        if self.within is not None and self.contact:
            raise ValueError("a side deploys within some inches of an edge or touching it")
        return self


class Enclosed(Record):
    """Edges that nothing (or only ``only``) crosses, terrain to Agoraphobia and
    Claustrophobia (R:1529)."""

    edges: Literal["all", "all_but_lurker_short", "all_but_threshold_short", "long"]
    only: Name | None = None


class Cited(Record):
    """The line printing each part of a scenario."""

    lurkers: Line
    threshold: Line | None = None
    setup: Line
    first: Line
    enclosed: Line | None = None
    special: Line | None = None
    threshold_wins: Line
    lurkers_win: Line
    aftermath: Line


Part = Annotated[tuple[Summary, ...], Field(min_length=1)]


class Scenario(Flagged):
    """One scenario of the book (R:1561-2063): see the file's header for each field."""

    id: Id
    name: Name
    kind: Kind
    page: Annotated[StrictInt, Field(ge=130, le=162)] | None = None
    map_pieces: Annotated[StrictInt, Field(ge=1, le=3)] | None = None
    lines: Span
    at: Cited
    restriction: Id | None = None
    lurkers: Summary | None = None
    threshold: Summary | None = None
    scenery: Literal["lurker", "both", "alternate"]
    deployment: Deployment = Deployment()
    setup: Part
    first: Chooser
    enclosed: Enclosed | None = None
    special: tuple[Summary, ...] = ()
    threshold_wins: Summary
    lurkers_win: Summary
    aftermath: Summary
    tables: tuple[Id, ...] = ()
    variant: tuple[Variant, ...] = ()

    @model_validator(mode="after")
    def _parts_of_its_kind(self) -> Self:
        if (self.kind is Kind.QUEST) != (self.map_pieces is not None):
            raise ValueError("a Quest, and only a Quest, costs Map Pieces (R:1790)")
        if (self.kind is Kind.BASIC) != (self.restriction is not None):
            raise ValueError("a Basic Scenario, and only one, names its Lurker restriction")
        if (self.kind is Kind.BASIC) == (self.lurkers is not None):
            raise ValueError("a Basic Scenario's Lurker line is its restriction; others write it")
        cited = {
            "threshold": self.threshold is not None,
            "enclosed": self.enclosed is not None,
            "special": bool(self.special),
        }
        for part, present in cited.items():
            if present != (getattr(self.at, part) is not None):
                raise ValueError(f"'{part}' is given with its line in 'at', or neither")
        first, last = self.lines
        lines = [v for v in self.at.model_dump().values() if v is not None]
        lines += [variant.line for variant in self.variant]
        if not first <= min(lines) <= max(lines) <= last:
            raise ValueError(f"every cited line lies within the scenario's {list(self.lines)}")
        return self


class SelectionRow(Flagged):
    """A row of a Scenario Table: the ``scenario`` it gives, or the player who chooses
    (``chooser``) among ``kinds``, a Quest at most ``quest_map_pieces`` (R:1540, R:1552);
    ``summary``: what else the choice says (a Quest's cost, R:1523)."""

    rolls: Faces
    scenario: Id | None = None
    chooser: Literal["lurker", "threshold"] | None = None
    kinds: tuple[Kind, ...] = ()
    quest_map_pieces: Annotated[StrictInt, Field(ge=1, le=3)] | None = None
    summary: Summary | None = None
    line: Line

    @model_validator(mode="after")
    def _scenario_or_choice(self) -> Self:
        if (self.scenario is None) == (self.chooser is None):
            raise ValueError("a row gives a scenario or a player's choice, one of the two")
        if (self.chooser is None) != (not self.kinds):
            raise ValueError("a choice names the kinds of scenario chosen from, and only a choice")
        if (self.quest_map_pieces is not None) and Kind.QUEST not in self.kinds:
            raise ValueError("a Map Piece limit goes with a choice that includes Quests")
        return self


class SelectionTable(Record):
    """A Scenario Table: 2D6, one die per player (R:1521), rows covering 2 to 12, rolled by a
    team of ``wins`` wins or more (up to the next table's)."""

    id: Id
    name: Name
    wins: Annotated[StrictInt, Field(ge=0, le=15)]
    lines: Span
    row: tuple[SelectionRow, ...]

    @model_validator(mode="after")
    def _covers(self) -> Self:
        _check_runs([r.rolls for r in self.row], 2, 12)
        return self


class DeploymentRow(Record):
    """A D6 of Random Deployment: the model goes to the ``area`` of the face, to the back of
    its queue (``requeue``), or to the area its player picks (``choose``)."""

    rolls: Faces
    result: Literal["area", "requeue", "choose"]


class DeploymentTable(Record):
    """Random Deployment's areas (six sections, or Free For All's four quadrants) and the
    D6 that places each model."""

    id: Id
    name: Name
    area: Literal["section", "quadrant"]
    areas: Annotated[StrictInt, Field(ge=2, le=6)]
    lines: Span
    row: tuple[DeploymentRow, ...]

    @model_validator(mode="after")
    def _covers(self) -> Self:
        _check_runs([r.rolls for r in self.row], 1, 6)
        for row in self.row:
            if row.result == "area" and row.rolls[1] > self.areas:
                raise ValueError(f"an area row {list(row.rolls)} goes past the {self.areas} areas")
        return self


class LootRow(Record):
    """A row of a loot or effect table: what is ``found``, a number of it rolled
    (``amount``; of what it ``counts`` when not the item: the New Agent's games, R:2023), the
    table rolled ``then``, or ``again`` on this one (Cursed!, R:1511)."""

    rolls: Faces
    found: Name
    amount: Roll | None = None
    counts: Name | None = None
    then: Id | None = None
    again: StrictBool = False
    summary: Summary | None = None

    @model_validator(mode="after")
    def _counts_an_amount(self) -> Self:
        if self.counts is not None and self.amount is None:
            raise ValueError("'counts' says what a rolled amount counts: give the amount")
        return self


class LootTable(Flagged):
    """A scenario's loot or effect table, a D6 plus ``bonus`` (up to ``bonus_at_most``, the
    Alien Artefact Table's secured markers, R:1815); ``each`` says who rolls when not one
    roll for the team; ``step``: rolled only from another table's row; ``same_as``: never
    printed, read as that table (§6 item 9)."""

    id: Id
    name: Name
    lines: Span
    step: StrictBool = False
    each: Summary | None = None
    bonus: Summary | None = None
    bonus_at_most: Annotated[StrictInt, Field(ge=0, le=6)] = 0
    same_as: Id | None = None
    row: tuple[LootRow, ...] = ()

    @model_validator(mode="after")
    def _rows_or_stand_in(self) -> Self:
        if (self.same_as is None) == (not self.row):
            raise ValueError("a table prints its rows, or names the table it is read as")
        if (self.bonus is None) != (self.bonus_at_most == 0):
            raise ValueError("a bonus says what it counts and how far it goes, together")
        if self.row:
            low = self.row[0].rolls[0] if self.bonus else 1
            _check_runs([r.rolls for r in self.row], low, 6 + self.bonus_at_most)
        return self


def _check_runs(runs: Sequence[tuple[int, int]], low: int, high: int) -> None:
    """The rows cover ``low`` to ``high``, each total once, in order."""
    expected = low
    for first, last in runs:
        if first != expected:
            raise ValueError(f"the rows should go on from {expected}, got {first}")
        expected = last + 1
    if expected != high + 1:
        raise ValueError(f"the rows should end at {high}, got {expected - 1}")


class _Scenarios(Record):
    scenario: tuple[Scenario, ...]


class _Tables(Record):
    selection: tuple[SelectionTable, ...]
    deployment: tuple[DeploymentTable, ...]
    loot: tuple[LootTable, ...]


@dataclass(frozen=True, slots=True)
class ScenarioData:
    """The scenario chapter, each table keyed by id, in the book's order."""

    scenarios: Mapping[str, Scenario]
    selection: Mapping[str, SelectionTable]
    deployment: Mapping[str, DeploymentTable]
    loot: Mapping[str, LootTable]


def load_scenario_data(folder: Source | None = None) -> ScenarioData:
    """The scenarios and their tables in ``folder`` (the package's ``data/book`` by default).

    Raises:
        RulesDataError: a file is missing or malformed, an id is used twice, or a reference
            does not resolve; one line naming the file and every problem.
    """
    source = BOOK if folder is None else folder
    scenarios = read_data(source, "scenarios.toml", _Scenarios).scenario
    tables = read_data(source, "scenario_tables.toml", _Tables)
    data = ScenarioData(
        scenarios=_keyed(source, "scenarios.toml: scenario", scenarios),
        selection=_keyed(source, "scenario_tables.toml: selection", tables.selection),
        deployment=_keyed(source, "scenario_tables.toml: deployment", tables.deployment),
        loot=_keyed(source, "scenario_tables.toml: loot", tables.loot),
    )
    problems = list(_problems(data))
    if problems:
        raise RulesDataError(f"{source}: " + "; ".join(problems))
    return data


_Entry = TypeVar("_Entry", Scenario, SelectionTable, DeploymentTable, LootTable)


def _keyed(source: Source, where: str, entries: Sequence[_Entry]) -> dict[str, _Entry]:
    keyed: dict[str, _Entry] = {}
    for entry in entries:
        if entry.id in keyed:
            raise RulesDataError(f"{source}: {where} {entry.id!r}: the id is used twice")
        keyed[entry.id] = entry
    return keyed


def _problems(data: ScenarioData) -> Iterator[str]:
    for scenario in data.scenarios.values():
        where = f"scenarios.toml: scenario {scenario.id!r}"
        for table in scenario.tables:
            if table not in data.loot:
                yield f"{where}: {unknown('loot table', table, data.loot)}"
        placing = scenario.deployment.table
        if placing not in data.deployment:
            yield f"{where}: {unknown('deployment table', placing, data.deployment)}"
    for selection in data.selection.values():
        for row in selection.row:
            if row.scenario is not None and row.scenario not in data.scenarios:
                where = f"scenario_tables.toml: selection {selection.id!r}"
                yield f"{where}: {unknown('scenario', row.scenario, data.scenarios)}"
    for loot in data.loot.values():
        where = f"scenario_tables.toml: loot {loot.id!r}"
        named = [loot.same_as] if loot.same_as is not None else []
        named += [row.then for row in loot.row if row.then is not None]
        for name in named:
            if name not in data.loot:
                yield f"{where}: {unknown('loot table', name, data.loot)}"
