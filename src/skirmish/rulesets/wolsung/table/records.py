"""The records of ``data/scenarios.toml``: frozen pydantic models, unknown keys refused.

The rulebook has no scenarios (notes ``wolsung.md`` §1.14), so every table here is a house
rule of ``notes/wolsung-scenarios.md``: :class:`Common` holds the rules of §4.0 and the
parameters of §5, :class:`Scenario` one of S1-S4 (§4.1-§4.4). Each record says ``house = true``
and cites its section in ``ref``; the checks between fields (players a deployment allows,
markers on the table, scoring turns within the game) are made here, so that a bad file is
refused at load time with one line.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal, Self

from pydantic import Field, StrictBool, StrictFloat, StrictInt, StrictStr, model_validator

from skirmish.errors import SkirmishError
from skirmish.rulesets.wolsung.rules_data.records import Id, Name, Record

__all__ = [
    "Casualties",
    "Clues",
    "Common",
    "Control",
    "Corners",
    "Deployment",
    "Districts",
    "Line",
    "Marker",
    "Scenario",
    "ScenarioBook",
]

Length = Annotated[StrictFloat, Field(ge=0, le=240, allow_inf_nan=False)]
Turn = Annotated[StrictInt, Field(ge=1, le=20)]
Score = Annotated[StrictInt, Field(ge=0, le=20)]
Players = Annotated[StrictInt, Field(ge=2, le=8)]
Ref = Annotated[StrictStr, Field(pattern=r"§4")]
"""A citation of the scenarios note: every record names the §4 section it follows."""


class Deployment(StrEnum):
    """The two deployment types of §4.0."""

    LINE = "line"
    CORNERS = "corners"


class House(Record):
    """A house record: ``house = true`` and the note's section in ``ref``."""

    house: Literal[True]
    ref: Ref


class Seats(Record):
    """How many players a deployment or a scenario takes, both bounds included."""

    players: tuple[Players, Players]

    @model_validator(mode="after")
    def _bounds_in_order(self) -> Self:
        if self.players[0] > self.players[1]:
            raise ValueError(f"players: {self.players[0]} is more than {self.players[1]}")
        return self

    def takes(self, players: int) -> bool:
        """Whether ``players`` players may play."""
        return self.players[0] <= players <= self.players[1]

    @property
    def seat_text(self) -> str:
        """The players taken, in words: "2 players", "2 to 4 players"."""
        low, high = self.players
        return f"{low} players" if low == high else f"{low} to {high} players"


class Line(Seats):
    """Line deployment: bands ``depth`` deep along two opposite edges."""

    depth: Length


class Corners(Seats):
    """Corners deployment: squares of ``size`` in the corners."""

    size: Length


class Control(Record):
    """What a model adds to its club's total for an objective or a district (§4.0)."""

    hero: Score
    henchman: Score
    toppled: Score


class Casualties(Record):
    """Casualty VP for a removed enemy (§4.0): ``spawned`` for models that entered during the
    game; ``tally = "funds"`` scores a model's Funds instead (the option of §4.0)."""

    hero: Score
    henchman: Score
    spawned: Score
    tally: Literal["value", "funds"]


class Common(House):
    """The rules every scenario shares (§4.0) with the parameters of §5."""

    table: Length
    elevated: Length
    line: Line
    corners: Corners
    marker_mm: Annotated[StrictFloat, Field(gt=0, le=100)]
    control_range: Length
    control: Control
    casualties: Casualties
    turns: Turn
    extra_turn_roll: StrictBool
    score_turns: tuple[Turn, ...]
    sudden_death: StrictBool

    @model_validator(mode="after")
    def _fits_the_table(self) -> Self:
        if self.line.depth * 2 > self.table or self.corners.size * 2 > self.table:
            raise ValueError("deployment zones overlap on a table this size")
        if any(turn > self.turns for turn in self.score_turns):
            raise ValueError(f"score_turns {self.score_turns} go past turn {self.turns}")
        return self


class Marker(Record):
    """An objective marker of a scenario: where it goes and what holding it scores.
    ``roof_within``: an elevated piece this near carries it (S2's marker B, §4.2)."""

    id: Name
    x: Length
    y: Length
    vp: Score
    roof_within: Length | None = None


class Clues(Record):
    """S3's Clue markers (§4.3): how many, the centre clue, where players may place the rest,
    and the VP of a search and of the Blueprints at the end."""

    count: Annotated[StrictInt, Field(ge=1, le=12)]
    centre: tuple[Length, Length]
    y_min: Length
    y_max: Length
    side_margin: Length
    spacing: Length
    search_vp: Score
    blueprints_vp: Score

    @model_validator(mode="after")
    def _band_in_order(self) -> Self:
        if self.y_min > self.y_max:
            raise ValueError(f"y_min {self.y_min:g} is above y_max {self.y_max:g}")
        return self


class Districts(Record):
    """S4's four districts (§4.4): split at ``split`` in x and y, half-open; VP per district
    held, more for one that holds an enemy's deployment corner."""

    split: Length
    vp: Score
    enemy_corner_vp: Score


class Scenario(House, Seats):
    """One house scenario (§4.1-§4.4). ``scores_casualties``: its VP are the Casualty VP
    (S1, §4.1); otherwise they only break a tie (§4.0, §4.2-§4.4)."""

    id: Id
    name: Name
    deployment: Deployment
    scores_casualties: StrictBool = False
    markers: tuple[Marker, ...] = ()
    clues: Clues | None = None
    districts: Districts | None = None

    @model_validator(mode="after")
    def _markers_named_once(self) -> Self:
        ids = [marker.id for marker in self.markers]
        if len(ids) != len(set(ids)):
            raise ValueError(f"marker ids repeat: {ids}")
        return self


class ScenarioBook(Record):
    """The whole file: the common rules and the scenarios, checked against each other."""

    common: Common
    scenario: tuple[Scenario, ...]

    @model_validator(mode="after")
    def _scenarios_fit(self) -> Self:
        for scenario in self.scenario:
            problem = _misfit(scenario, self.common)
            if problem is not None:
                raise ValueError(f"scenario {scenario.id!r}: {problem}")
        ids = [scenario.id for scenario in self.scenario]
        if len(ids) != len(set(ids)):
            raise ValueError(f"scenario ids repeat: {ids}")
        return self

    def get(self, id: str) -> Scenario:
        """The scenario with this id.

        Raises:
            SkirmishError: no scenario has it.
        """
        for scenario in self.scenario:
            if scenario.id == id:
                return scenario
        known = ", ".join(scenario.id for scenario in self.scenario)
        raise SkirmishError(f"no Wolsung scenario {id!r}; known: {known}")


def _misfit(scenario: Scenario, common: Common) -> str | None:
    """Why a scenario does not fit the common rules, or None."""
    seats = common.line if scenario.deployment is Deployment.LINE else common.corners
    if not all(seats.takes(n) for n in scenario.players):
        return f"{scenario.deployment} deployment takes {seats.seat_text}"
    table = common.table
    off = [m.id for m in scenario.markers if m.x > table or m.y > table]
    if off:
        return f'markers {off} are off the {table:g}" table'
    clues = scenario.clues
    if clues is not None and (max(clues.centre) > table or clues.y_max > table):
        return f'clues go off the {table:g}" table'
    return None
