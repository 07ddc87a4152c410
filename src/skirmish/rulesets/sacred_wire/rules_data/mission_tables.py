"""The mission generator's tables of ``data/missions.toml`` (K1.2-K1.4): the d12 missions and
the trigger missions, the d6 setup tables, the Evidence-gap bands, the advantage tables and the
pieces the Terrain advantage places (K1.4 Setup 4), validated at load into frozen records.
The catalogue holds them (:mod:`.catalog`); the generator that rolls on them is
:mod:`..missions.generator`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal, Self

from pydantic import Field, StrictBool, StrictInt, model_validator

from skirmish.data_files import Source, read_data
from skirmish.errors import SkirmishError
from skirmish.geometry.shapes import Point
from skirmish.geometry.terrain import Cover, Movement, Terrain
from skirmish.rulesets.sacred_wire.rules_data.reading import (
    DataModel,
    DataTable,
    Name,
    RollIndex,
    RuleId,
)

#: Every table of the file, with its title in the rulebook.
TITLES = {
    "missions": "Mission",
    "deployment": "Deployment",
    "coworker_setup": "Coworker Setup",
    "coworker_modifier": "Coworker Modifier",
    "hostile_timing": "Hostile Timing",
    "loot_layout": "Loot Layout",
    "hostile_type": "Hostile Type",
    "spawn_location": "Spawn Location",
    "loot_modifier": "Loot Modifier",
    "setup_advantage": "Setup",
    "tactical_advantage": "Tactical",
}


SPAWN_TABLE = "table"  # a spawn at the place the Spawn Location table gives (K1.3)
RANDOM_EDGE = "random-edge"  # a spawn at the middle of a random edge (M13.1)
CENTRE = "centre"  # a spawn at the centre (M13.2)
ATTACKER_EDGE = "attacker-edge"  # the middle of the Extractor's deployment edge (M13.2)
DEFENDER_EDGE = "defender-edge"  # the middle of the Interceptor's (M13.2)


@dataclass(frozen=True, slots=True)
class Spawn:
    """A hostile spawn of a Hostile Timing row or a trigger mission: its round and tier, and
    where it comes (:data:`SPAWN_TABLE`, :data:`RANDOM_EDGE`, :data:`CENTRE`,
    :data:`ATTACKER_EDGE` or :data:`DEFENDER_EDGE`)."""

    round: int
    tier: str
    at: str = SPAWN_TABLE


@dataclass(frozen=True, slots=True)
class Placing:
    """Where a Coworker Setup row puts the Coworkers (K1.3, notes A91): ``near`` the
    ``centre``, a ``loot`` marker, a random ``edge`` (placed there at once) or anywhere on the
    ``table``; each base within ``within``" of that point (0: no limit) and ``beyond``" or more
    from it, ``edge_gap``" or more from every edge."""

    near: str
    within: float = 0.0
    beyond: float = 0.0
    edge_gap: float = 0.0


@dataclass(frozen=True, slots=True)
class Entry:
    """One row of a table. ``rule`` is the mission's own ID for a mission, else the table's;
    ``roll`` is the face that selects it (0 for the trigger missions). Fields a table does not
    use keep their defaults: ``tier`` and ``placing`` (Coworker Setup), ``spawns`` (Hostile
    Timing, and a trigger mission's own), ``evidence`` (the Evidence that triggers M13.1 and
    M13.2) and ``last_round`` (a trigger mission that ends after that round, M13.2; 0: the
    K1.2 game length)."""

    table: str
    rule: str
    roll: int
    id: str
    name: str
    summary: str
    tier: str = ""
    spawns: tuple[Spawn, ...] = ()
    evidence: int = 0
    placing: Placing | None = None
    last_round: int = 0

    @property
    def title(self) -> str:
        """The table's title: ``"Loot Layout"``."""
        return TITLES.get(self.table, "Trigger mission")

    def to_dict(self) -> dict[str, Any]:
        """The row as JSON-ready data (the table and id find it again)."""
        return {
            "table": self.table,
            "rule": self.rule,
            "roll": self.roll,
            "id": self.id,
            "name": self.name,
            "summary": self.summary,
        }


@dataclass(frozen=True, slots=True)
class Table:
    """A d-table: its key in the file, rule, die and rows."""

    key: str
    rule: str
    die: int
    entries: tuple[Entry, ...]

    @property
    def purpose(self) -> str:
        """The dice purpose of its roll: ``"loot-layout"``."""
        return "mission" if self.key == "missions" else self.key.replace("_", "-")

    def row(self, face: int) -> Entry:
        """The row a face selects."""
        return next(e for e in self.entries if e.roll == face)

    def get(self, entry_id: str) -> Entry:
        """The row with this id.

        Raises:
            SkirmishError: no row has it.
        """
        for e in self.entries:
            if e.id == entry_id:
                return e
        known = ", ".join(e.id for e in self.entries)
        raise SkirmishError(f"no {entry_id!r} in the {TITLES[self.key]} table; known: {known}")


@dataclass(frozen=True, slots=True)
class Band:
    """A row of the gap bands (K1.4): the gaps it covers and the advantages it gives."""

    low: int
    high: int | None
    setup: int
    tactical: int
    either: int

    def covers(self, gap: int) -> bool:
        """Whether ``gap`` falls in the band."""
        return self.low <= gap and (self.high is None or gap <= self.high)

    @property
    def label(self) -> str:
        """``"2-3"``, ``"4+"``."""
        return f"{self.low}+" if self.high is None else f"{self.low}-{self.high}"


QUARTER = 90  # the one turn a piece that is not square may take (degrees)


@dataclass(frozen=True, slots=True)
class TerrainPiece:
    """A kind of piece the Terrain advantage places (K1.4 Setup 4): a ``width`` (east-west)
    by ``depth`` (north-south) rectangle in inches, with a board piece's movement, height, best
    cover and sight blocking."""

    id: str
    name: str
    summary: str
    movement: Movement
    width: float
    depth: float
    height: float
    cover: Cover
    blocks_sight: bool

    @property
    def turns(self) -> tuple[int, ...]:
        """The turns it may be placed at, in degrees: a square's turn changes nothing."""
        return (0,) if self.width == self.depth else (0, QUARTER)

    def extent(self, turn: int) -> tuple[float, float]:
        """Its (east-west, north-south) size placed at ``turn``."""
        return (self.depth, self.width) if turn == QUARTER else (self.width, self.depth)

    def box(self, centre: Point, turn: int) -> tuple[float, float, float, float]:
        """The rectangle (x0, y0, x1, y1) it covers with its centre at ``centre``."""
        (x, y), (w, d) = centre, self.extent(turn)
        return (x - w / 2, y - d / 2, x + w / 2, y + d / 2)

    def at(self, piece_id: str, centre: Point, turn: int) -> Terrain:
        """The piece on the table, its centre at ``centre``, under the board id ``piece_id``."""
        x0, y0, x1, y1 = self.box(centre, turn)
        corners = ((x0, y0), (x1, y0), (x1, y1), (x0, y1))
        return Terrain(
            piece_id, self.name, corners, self.height, self.movement, self.cover, self.blocks_sight
        )


@dataclass(frozen=True, slots=True)
class TerrainPieces:
    """The pieces of the Terrain advantage: how many the Defender places, and of what kinds."""

    rule: str
    placed: int
    kinds: tuple[TerrainPiece, ...]

    def kind(self, piece_id: str) -> TerrainPiece | None:
        """The kind of piece with this id, if any."""
        return next((k for k in self.kinds if k.id == piece_id), None)


@dataclass(frozen=True, slots=True)
class MissionTables:
    """The whole of ``data/missions.toml``."""

    tables: dict[str, Table]
    triggers: tuple[Entry, ...]
    bands: tuple[Band, ...]
    terrain: TerrainPieces

    def table(self, key: str) -> Table:
        """A table by its key (``"loot_layout"``)."""
        return self.tables[key]

    def trigger(self, entry_id: str) -> Entry:
        """The Signal or The Source."""
        return next(e for e in self.triggers if e.id == entry_id)

    def band(self, gap: int) -> Band:
        """The band of an Evidence gap."""
        return next(b for b in self.bands if b.covers(gap))

    def entry(self, table: str, entry_id: str) -> Entry:
        """A row of any table, trigger missions included."""
        if table == "triggers":
            return self.trigger(entry_id)
        return self.table(table).get(entry_id)


Slug = Annotated[str, Field(pattern=r"^[a-z][a-z0-9-]*$", strict=True)]
Count = Annotated[StrictInt, Field(ge=0)]
Tier = Literal["swarm", "normal", "elite"]


class _RowIn(DataModel):
    roll: RollIndex | None = None
    id: Slug
    name: Name
    summary: Name


class _MissionIn(_RowIn):
    rule: RuleId


class _SpawnIn(DataModel):
    round: Annotated[StrictInt, Field(ge=1, le=7)]
    tier: Tier
    at: Literal["table", "random-edge", "centre", "attacker-edge", "defender-edge"] = "table"


class _TriggerIn(_MissionIn):
    evidence: Annotated[StrictInt, Field(ge=1)]
    spawns: tuple[_SpawnIn, ...] = ()
    last_round: Annotated[StrictInt, Field(ge=1, le=7)] | None = None


Inches = Annotated[float, Field(ge=0, le=24)]


class _PlacingIn(DataModel):
    near: Literal["centre", "loot", "edge", "table"]
    within: Inches = 0.0
    beyond: Inches = 0.0
    edge_gap: Inches = 0.0


class _CoworkerSetupIn(_RowIn):
    tier: Tier
    placing: _PlacingIn


class _TimingIn(_RowIn):
    spawns: Annotated[list[_SpawnIn], Field(min_length=1)]


class _BandIn(DataModel):
    low: Count
    high: Count | None = None
    setup: Count
    tactical: Count
    either: Count


class _GapIn(DataModel):
    rule: RuleId
    bands: Annotated[list[_BandIn], Field(min_length=1)]

    @model_validator(mode="after")
    def _bands_cover_every_gap(self) -> Self:
        # From gap 0 upwards, each band starts where the last ended; only the last is open.
        start = 0
        for n, band in enumerate(self.bands):
            last = n == len(self.bands) - 1
            if band.low != start or (band.high is None) != last:
                raise ValueError("bands must run from 0 without gaps, the last one open ('4+')")
            if band.high is not None:
                start = band.high + 1
        return self


PieceSide = Annotated[float, Field(gt=0, le=6)]


class _PieceIn(DataModel):
    id: Slug
    name: Name
    summary: Name
    kind: Literal["open", "rough", "impassable"]  # a climbable piece would need its ladders
    width: PieceSide
    depth: PieceSide
    height: Annotated[float, Field(gt=0, le=12)]
    cover: Literal["none", "light", "medium", "heavy"]
    blocks_sight: StrictBool


class _PiecesIn(DataTable[_PieceIn]):
    placed: Annotated[StrictInt, Field(ge=1, le=6)]

    @model_validator(mode="after")
    def _ids_are_unique(self) -> Self:
        ids = [piece.id for piece in self.entries]
        if len(set(ids)) != len(ids):
            raise ValueError("two pieces have the same id")
        return self


class _MissionsFile(DataModel):
    missions: DataTable[_MissionIn]
    triggers: DataTable[_TriggerIn]
    deployment: DataTable[_RowIn]
    coworker_setup: DataTable[_CoworkerSetupIn]
    coworker_modifier: DataTable[_RowIn]
    hostile_timing: DataTable[_TimingIn]
    loot_layout: DataTable[_RowIn]
    hostile_type: DataTable[_RowIn]
    spawn_location: DataTable[_RowIn]
    loot_modifier: DataTable[_RowIn]
    gap: _GapIn
    setup_advantage: DataTable[_RowIn]
    tactical_advantage: DataTable[_RowIn]
    terrain_pieces: _PiecesIn


def _entry(key: str, table_rule: str, row: _RowIn) -> Entry:
    return Entry(
        table=key,
        rule=row.rule if isinstance(row, _MissionIn) else table_rule,
        roll=row.roll.low if row.roll else 0,
        id=row.id,
        name=row.name,
        summary=row.summary,
        tier=row.tier if isinstance(row, _CoworkerSetupIn) else "",
        spawns=tuple(Spawn(s.round, s.tier, s.at) for s in row.spawns)
        if isinstance(row, (_TimingIn, _TriggerIn))
        else (),
        evidence=row.evidence if isinstance(row, _TriggerIn) else 0,
        placing=_placing(row.placing) if isinstance(row, _CoworkerSetupIn) else None,
        last_round=(row.last_round or 0) if isinstance(row, _TriggerIn) else 0,
    )


def _placing(row: _PlacingIn) -> Placing:
    return Placing(row.near, row.within, row.beyond, row.edge_gap)


def _pieces(table: _PiecesIn) -> TerrainPieces:
    kinds = tuple(
        TerrainPiece(
            p.id,
            p.name,
            p.summary,
            Movement(p.kind),
            p.width,
            p.depth,
            p.height,
            Cover[p.cover.upper()],
            p.blocks_sight,
        )
        for p in table.entries
    )
    return TerrainPieces(table.rule, table.placed, kinds)


def load_mission_tables(source: Source) -> MissionTables:
    """Load and validate ``missions.toml`` of the data folder ``source``.

    Raises:
        RulesDataError: one line naming the file, the table, the entry and the bad value.
    """
    data = read_data(source, "missions.toml", _MissionsFile)
    tables: dict[str, Table] = {}
    for key in TITLES:
        raw: DataTable[Any] = getattr(data, key)
        assert raw.die is not None  # every table but the triggers has a die
        rows = tuple(_entry(key, raw.rule, row) for row in raw.entries)
        tables[key] = Table(key, raw.rule, raw.die, rows)
    triggers = tuple(_entry("triggers", data.triggers.rule, t) for t in data.triggers.entries)
    bands = tuple(Band(b.low, b.high, b.setup, b.tactical, b.either) for b in data.gap.bands)
    return MissionTables(tables, triggers, bands, _pieces(data.terrain_pieces))
