"""The board: a rectangular table with terrain pieces and ladders, and its placement queries.

Coordinates are inches, ``(0, 0)`` the south-west corner: ``y = 0`` is the SOUTH edge,
``y = height`` the NORTH edge, ``x = 0`` WEST and ``x = width`` EAST.

Levels: ``None`` is the ground; a string is the id of a CLIMBABLE piece whose top (its polygon
at its height) is the surface a model stands on.

Board file format (TOML; a board's ``to_dict()`` has exactly this shape)::

    name = "Farmstead"          # required
    width = 36.0                # required, inches, > 0 and <= 240
    height = 24.0               # required, inches, > 0 and <= 240

    [[terrain]]                 # zero or more pieces
    id = "house"                # required, unique
    name = "Farmhouse"          # required
    kind = "climbable"          # required: open | rough | impassable | climbable
    height = 3.0                # required, inches, >= 0 (> 0 for climbable), <= 100
    cover = "heavy"             # optional, default "none": none | light | medium | heavy
    blocks_sight = true         # optional, default true
    tags = ["deep-water"]       # optional, default none: what a ruleset makes of the piece
    polygon = [[10.0, 8.0], [16.0, 8.0], [16.0, 13.0], [10.0, 13.0]]
                                # required: a simple polygon (may be non-convex), >= 3 vertices,
                                # every vertex on the board

    [[ladder]]                  # zero or more
    id = "L1"                   # required, unique
    terrain = "house"           # required: id of a climbable piece
    foot = [13.0, 7.2]          # on the ground, on the board, outside the piece
    top = [13.0, 8.8]           # on the roof, inside the piece

Names and ids are printable text of 1 to 80 characters; a board has at most 400 pieces of
at most 400 vertices each, and its file at most 1 MB. Unknown keys are errors. Any problem
raises :class:`skirmish.errors.BoardError` with a one-line message.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

import shapely
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from skirmish.documents import decode_document, one_line
from skirmish.errors import BoardError, FileError
from skirmish.files import read_text
from skirmish.geometry.memo import Memo
from skirmish.geometry.shapes import CONTACT, Point, edge_distance
from skirmish.geometry.terrain import Cover, Ladder, Movement, Terrain

if TYPE_CHECKING:
    from skirmish.geometry.clearance import Space
    from skirmish.geometry.paths import Path as Route
    from skirmish.geometry.sight import Body, Sight

__all__ = ["Board", "Edge", "default_board_path"]

SightBlocker = tuple[float, float, float, float, float, Terrain]
"""A piece that blocks sight as the sight kernel reads it: height, box (x0, y0, x1, y1), piece."""
SIGHT_MEMO_LIMIT = 200_000
"""Pairs of bodies whose sight a board remembers before it starts over."""
ROUTE_MEMO_LIMIT = 20_000
"""Routes a board remembers before it starts over: those of a few turns."""
ROOM_ARCS = 32
"""Segments a quarter circle is drawn with in the regions where bases may stand."""
STANDING = "standing-room"
"""The board's memo of :meth:`Board.standing_room`, by base radius."""


def grown(shape: shapely.Geometry, distance: float) -> shapely.Geometry:
    """``shape`` grown by ``distance``, its arcs drawn just outside their true line: a polygon
    drawn through points of a circle cuts across it, so the radius is stretched until the
    polygon holds the whole circle, and a region left outside it is truly clear."""
    stretch = 1 / math.cos(math.pi / (4 * ROOM_ARCS))
    return shapely.buffer(shape, distance * stretch, quad_segs=ROOM_ARCS)


class Edge(StrEnum):
    """A table edge."""

    NORTH = "north"
    SOUTH = "south"
    EAST = "east"
    WEST = "west"

    @property
    def opposite(self) -> Edge:
        """The edge across the table."""
        return _OPPOSITE[self]


_OPPOSITE = {
    Edge.NORTH: Edge.SOUTH,
    Edge.SOUTH: Edge.NORTH,
    Edge.EAST: Edge.WEST,
    Edge.WEST: Edge.EAST,
}


# --- the file boundary (pydantic) -------------------------------------------------------------


MAX_SIDE = 240.0
"""The longest table edge a board may have (inches): twenty feet, beyond any real table."""
MAX_HEIGHT = 100.0
"""The tallest terrain piece (inches)."""
MAX_PIECES = 400
MAX_VERTICES = 400
MAX_TAGS = 8
MAX_BOARD_BYTES = 1_000_000

# Printable text of a sensible length: names and ids end up in logs, menus and drawings.
Text = Annotated[str, Field(min_length=1, max_length=80, pattern=r"^[^\x00-\x1f\x7f]+$")]
Coordinate = Annotated[float, Field(allow_inf_nan=False)]
Vertex = tuple[Coordinate, Coordinate]


class _TerrainModel(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=False)

    id: Text
    name: Text
    kind: Literal["open", "rough", "impassable", "climbable"]
    height: float = Field(ge=0, le=MAX_HEIGHT, allow_inf_nan=False)
    cover: Literal["none", "light", "medium", "heavy"] = "none"
    blocks_sight: bool = True
    tags: list[Text] = Field(default=[], max_length=MAX_TAGS)
    polygon: list[Vertex] = Field(min_length=3, max_length=MAX_VERTICES)


class _LadderModel(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: Text
    terrain: Text
    foot: Vertex
    top: Vertex


class _BoardModel(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: Text
    width: float = Field(gt=0, le=MAX_SIDE, allow_inf_nan=False)
    height: float = Field(gt=0, le=MAX_SIDE, allow_inf_nan=False)
    terrain: list[_TerrainModel] = Field(default=[], max_length=MAX_PIECES)
    ladder: list[_LadderModel] = Field(default=[], max_length=MAX_PIECES)


def _validation_message(err: ValidationError, raw: Any) -> str:
    first = err.errors()[0]
    loc = first["loc"]
    parts: list[str] = []
    for i, key in enumerate(loc):
        if isinstance(key, int):
            parts[-1] += f"[{key}]"
            # name the piece too: "terrain[2] ('rock')" reads better than an index alone
            if i == 1 and isinstance(raw, dict):
                try:
                    pid = raw[loc[0]][key].get("id")
                except (KeyError, IndexError, TypeError, AttributeError):
                    pid = None
                if isinstance(pid, str):
                    parts[-1] += f" ({pid!r})"
        else:
            parts.append(str(key))
    where = ".".join(parts) or "board"
    more = len(err.errors()) - 1
    tail = f" (and {more} more error{'s' if more > 1 else ''})" if more else ""
    return one_line(f"bad board: {where}: {first['msg']}{tail}")


# --- the board ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Board:
    """A table of ``width`` x ``height`` inches with terrain pieces and ladders.

    Immutable; derived lookups and the movement caches live in private fields that are neither
    compared nor pickled. Constructing one validates it (raises ``BoardError``).
    """

    name: str
    width: float
    height: float
    terrain: tuple[Terrain, ...] = ()
    ladders: tuple[Ladder, ...] = ()
    _by_id: dict[str, Terrain] = field(init=False, repr=False, compare=False)
    _ground_obstacles: tuple[Terrain, ...] = field(init=False, repr=False, compare=False)
    _rough: tuple[Terrain, ...] = field(init=False, repr=False, compare=False)
    _climbable: tuple[Terrain, ...] = field(init=False, repr=False, compare=False)
    _sight_blockers: tuple[SightBlocker, ...] = field(init=False, repr=False, compare=False)
    """Each piece that blocks sight, with its height and box unpacked for the sight kernel."""
    sights: Memo[tuple[Body, Body], Sight] = field(init=False, repr=False, compare=False)
    """Line of sight between two bodies (:func:`.sight.sight_between`)."""
    clear_rays: Memo[tuple[Body, Body], bool] = field(init=False, repr=False, compare=False)
    """Whether any ray between two bodies is clear (:func:`.sight.visible_between`)."""
    spaces: Memo[tuple[float, str | None, bool], Space] = field(
        init=False, repr=False, compare=False
    )
    """The free space and graph of paths per base radius, level and rough-avoidance."""
    routes: Memo[tuple[Any, ...], tuple[Route | None]] = field(
        init=False, repr=False, compare=False
    )
    """Routes asked for, by the whole question (:mod:`.paths`): the rules, the AI and the move
    itself ask the same one in turn."""
    zone_rooms: Memo[tuple[Edge, float, float, int], bool] = field(
        init=False, repr=False, compare=False
    )
    """Whether a deployment zone holds so many bases (:meth:`zone_room`)."""
    _memos: dict[str, Memo[Any, Any]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not (math.isfinite(self.width) and self.width > 0):
            raise BoardError(f"board {self.name!r}: width must be > 0, got {self.width}")
        if not (math.isfinite(self.height) and self.height > 0):
            raise BoardError(f"board {self.name!r}: height must be > 0, got {self.height}")
        object.__setattr__(self, "width", float(self.width))
        object.__setattr__(self, "height", float(self.height))
        object.__setattr__(self, "terrain", tuple(self.terrain))
        object.__setattr__(self, "ladders", tuple(self.ladders))
        by_id: dict[str, Terrain] = {}
        tol = 1e-9
        for t in self.terrain:
            if t.id in by_id:
                raise BoardError(f"board {self.name!r}: duplicate terrain id {t.id!r}")
            by_id[t.id] = t
            x0, y0, x1, y1 = t.bbox
            if x0 < -tol or y0 < -tol or x1 > self.width + tol or y1 > self.height + tol:
                raise BoardError(
                    f"terrain {t.id!r}: polygon goes off the {self.width:g}x{self.height:g} board"
                )
            if t.movement is Movement.CLIMBABLE and t.height <= 0:
                raise BoardError(f"terrain {t.id!r}: a climbable piece needs a height > 0")
        ladder_ids: set[str] = set()
        for lad in self.ladders:
            where = f"ladder {lad.id!r}"
            if lad.id in ladder_ids:
                raise BoardError(f"board {self.name!r}: duplicate ladder id {lad.id!r}")
            ladder_ids.add(lad.id)
            piece = by_id.get(lad.terrain)
            if piece is None:
                raise BoardError(f"{where}: no terrain piece {lad.terrain!r}")
            if piece.movement is not Movement.CLIMBABLE:
                raise BoardError(f"{where}: terrain {lad.terrain!r} is not climbable")
            if not self.on_table(lad.foot, 0.0):
                raise BoardError(f"{where}: foot {list(lad.foot)} is off the board")
            if piece.contains(lad.foot):
                raise BoardError(f"{where}: foot {list(lad.foot)} is inside {lad.terrain!r}")
            if not piece.contains(lad.top):
                raise BoardError(f"{where}: top {list(lad.top)} is not on {lad.terrain!r}")
        object.__setattr__(self, "_by_id", by_id)
        ground = tuple(
            t for t in self.terrain if t.movement in (Movement.IMPASSABLE, Movement.CLIMBABLE)
        )
        object.__setattr__(self, "_ground_obstacles", ground)
        object.__setattr__(
            self, "_rough", tuple(t for t in self.terrain if t.movement is Movement.ROUGH)
        )
        object.__setattr__(
            self, "_climbable", tuple(t for t in self.terrain if t.movement is Movement.CLIMBABLE)
        )
        object.__setattr__(
            self,
            "_sight_blockers",
            tuple((t.height, *t.bbox, t) for t in self.terrain if t.blocks_sight and t.height > 0),
        )
        object.__setattr__(self, "sights", Memo(SIGHT_MEMO_LIMIT))
        object.__setattr__(self, "clear_rays", Memo(SIGHT_MEMO_LIMIT))
        object.__setattr__(self, "spaces", Memo())
        object.__setattr__(self, "routes", Memo(ROUTE_MEMO_LIMIT))
        object.__setattr__(self, "zone_rooms", Memo())
        object.__setattr__(self, "_memos", {})

    def __reduce__(self) -> tuple[Any, ...]:
        # Rebuild from the public fields so that pickles (process pools) carry no caches.
        return (Board, (self.name, self.width, self.height, self.terrain, self.ladders))

    # --- constructors and serialisation ---------------------------------------------------------

    @classmethod
    def from_dict(cls, data: Any) -> Board:
        """Build a board from the dict form of a board file (see the module docstring)."""
        try:
            model = _BoardModel.model_validate(data)
        except ValidationError as err:
            raise BoardError(_validation_message(err, data)) from None
        pieces = tuple(
            Terrain(
                id=t.id,
                name=t.name,
                polygon=tuple(t.polygon),
                height=t.height,
                movement=Movement(t.kind),
                cover=Cover[t.cover.upper()],
                blocks_sight=t.blocks_sight,
                tags=tuple(t.tags),
            )
            for t in model.terrain
        )
        ladders = tuple(
            Ladder(id=lad.id, terrain=lad.terrain, foot=lad.foot, top=lad.top)
            for lad in model.ladder
        )
        return cls(model.name, model.width, model.height, pieces, ladders)

    @classmethod
    def from_toml(cls, text: str) -> Board:
        """Parse a board file's text (one line for any syntax, a board nested too deeply too)."""
        return cls.from_dict(decode_document(text, "toml", "the board", BoardError))

    @classmethod
    def load(cls, path: str | Path) -> Board:
        """Read and parse a board file."""
        try:
            text = read_text(Path(path), MAX_BOARD_BYTES)
        except FileError as err:
            raise BoardError(f"cannot read board file: {err}") from None
        try:
            return cls.from_toml(text)
        except BoardError as err:
            raise BoardError(f"{path}: {err}") from None

    def to_dict(self) -> dict[str, Any]:
        """The board as plain data with the board file's shape (JSON- and TOML-writable)."""
        return {
            "name": self.name,
            "width": self.width,
            "height": self.height,
            "terrain": [
                {
                    "id": t.id,
                    "name": t.name,
                    "kind": t.movement.value,
                    "height": t.height,
                    "cover": t.cover.name.lower(),
                    "blocks_sight": t.blocks_sight,
                    **({"tags": list(t.tags)} if t.tags else {}),
                    "polygon": [[x, y] for x, y in t.polygon],
                }
                for t in self.terrain
            ],
            "ladder": [
                {
                    "id": lad.id,
                    "terrain": lad.terrain,
                    "foot": [lad.foot[0], lad.foot[1]],
                    "top": [lad.top[0], lad.top[1]],
                }
                for lad in self.ladders
            ],
        }

    def with_terrain(self, pieces: Sequence[Terrain]) -> Board:
        """A new board: this one with ``pieces`` added (a game's setup that places terrain).

        Boards are values: this one is left as it is, and the new one, validated like any
        board, starts with caches of its own, since every remembered route and sight line may
        change with the terrain.

        Raises:
            BoardError: a piece goes off the board or repeats an id.
        """
        return Board(self.name, self.width, self.height, (*self.terrain, *pieces), self.ladders)

    def without_terrain(self, ids: Sequence[str]) -> Board:
        """A new board: this one with the pieces of ``ids`` and their ladders taken away (a
        game's rule that destroys terrain), with caches of its own like :meth:`with_terrain`'s."""
        gone = set(ids)
        kept = tuple(t for t in self.terrain if t.id not in gone)
        ladders = tuple(lad for lad in self.ladders if lad.terrain not in gone)
        return Board(self.name, self.width, self.height, kept, ladders)

    # --- queries -----------------------------------------------------------------------------

    def piece(self, id: str) -> Terrain:
        """The terrain piece with this id (``KeyError`` if none)."""
        try:
            return self._by_id[id]
        except KeyError:
            raise KeyError(f"board {self.name!r} has no terrain piece {id!r}") from None

    def on_table(self, p: Point, r: float) -> bool:
        """Whether a base at ``p`` of radius ``r`` is fully on the table (within CONTACT)."""
        x, y = p
        reach = r - CONTACT
        return (
            x - reach >= 0.0
            and y - reach >= 0.0
            and x + reach <= self.width
            and y + reach <= self.height
        )

    def distance_to_edge(self, p: Point, r: float, edge: Edge) -> float:
        """Distance from the base's nearest point to a table edge (negative if over it)."""
        x, y = p
        if edge is Edge.SOUTH:
            return y - r
        if edge is Edge.NORTH:
            return self.height - y - r
        if edge is Edge.WEST:
            return x - r
        return self.width - x - r

    def in_edge_zone(self, p: Point, r: float, edge: Edge, depth: float) -> bool:
        """Whether the base is on the table and entirely within ``depth`` of ``edge``.

        "Entirely" means the base's far side: ``distance_to_edge + 2r <= depth`` (within CONTACT).
        """
        return self.on_table(p, r) and self.distance_to_edge(p, r, edge) + 2.0 * r <= (
            depth + CONTACT
        )

    def edge_zone(self, edge: Edge, depth: float, r: float) -> tuple[float, float, float, float]:
        """Where the centre of a base of radius ``r`` may stand with the whole base within
        ``depth`` of ``edge``: the rectangle (x0, y0, x1, y1)."""
        w, h = self.width, self.height
        if edge is Edge.SOUTH:
            return (r, r, w - r, depth - r)
        if edge is Edge.NORTH:
            return (r, h - depth + r, w - r, h - r)
        if edge is Edge.WEST:
            return (r, r, depth - r, h - r)
        return (w - depth + r, r, w - r, h - r)

    def memo(self, name: str, limit: int = 0) -> Memo[Any, Any]:
        """A memo of the board kept under a ruleset's own ``name``, for what its rules derive
        from the board alone (where its models may climb); the caller types it. ``limit``
        bounds a memo of keys that keep coming (see :class:`.Memo`)."""
        found = self._memos.get(name)
        if found is None:
            found = self._memos[name] = Memo(limit)
        return found

    def zone_room(self, edge: Edge, depth: float, r: float, count: int) -> bool:
        """Whether ``count`` bases of radius ``r`` fit, apart, on the ground or on roofs,
        wholly within ``depth`` of ``edge`` (a packing on a grid of half-radius steps, so a
        yes is certain and a no nearly so)."""
        return self.zone_rooms.remember(
            (edge, depth, r, count), lambda: len(self._zone_spots(edge, depth, r, count)) >= count
        )

    def deployable_edges(self, depth: float, r: float, count: int) -> tuple[Edge, ...]:
        """The edges whose strip of ``depth`` holds ``count`` bases of radius ``r``, and whose
        opposite strip does too: the edges two forces facing each other can deploy from."""
        return tuple(
            e
            for e in Edge
            if self.zone_room(e, depth, r, count) and self.zone_room(e.opposite, depth, r, count)
        )

    def _zone_spots(
        self, edge: Edge, depth: float, r: float, count: int
    ) -> list[tuple[Point, float, str | None]]:
        return self.pack([self.edge_zone(edge, depth, r)], r, count)

    def pack(
        self,
        boxes: Sequence[tuple[float, float, float, float]],
        r: float,
        count: int,
        accept: Callable[[Point], bool] | None = None,
    ) -> list[tuple[Point, float, str | None]]:
        """Up to ``count`` bases of radius ``r`` placed apart, on the ground or on roofs,
        greedily on a grid of half-radius steps over the boxes of centres (x0, y0, x1, y1) in
        turn, keeping only the centres ``accept`` takes (all, without it): (point, r, level).
        A base is judged against those placed in the cells of side ``2r`` round its own, the
        only ones it may overlap (a zone's packing places dozens)."""
        step = max(r / 2, 0.05)
        side = max(2 * r, step)
        placed: list[tuple[Point, float, str | None]] = []
        cells: dict[tuple[int, int], list[tuple[Point, float, str | None]]] = {}
        for x0, y0, x1, y1 in boxes:
            for i in range(int(max(0.0, x1 - x0) / step) + 1):
                for j in range(int(max(0.0, y1 - y0) / step) + 1):
                    p = (x0 + i * step, y0 + j * step)
                    if accept is not None and not accept(p):
                        continue
                    level = self.surface_at(p)
                    cx, cy = math.floor(p[0] / side), math.floor(p[1] / side)
                    near = [
                        base
                        for dx in (-1, 0, 1)
                        for dy in (-1, 0, 1)
                        for base in cells.get((cx + dx, cy + dy), ())
                    ]
                    if self.placement_error(p, r, level, near) is None:
                        placed.append((p, r, level))
                        cells.setdefault((cx, cy), []).append((p, r, level))
                        if len(placed) >= count:
                            return placed
        return placed

    def standing_room(self, r: float) -> shapely.Geometry:
        """Where the centre of a base of radius ``r`` may stand by :meth:`placement_error`,
        other bases aside: on the table, on the ground clear of impassable and climbable
        pieces, or wholly on the roof of the highest piece under it. A region, so that no spot
        is missed; drawn a hair inside its true line (see :func:`grown`)."""
        memo: Memo[float, shapely.Geometry] = self.memo(STANDING)
        return memo.remember(r, lambda: self._standing_room(r))

    def _standing_room(self, r: float) -> shapely.Geometry:
        reach = r - CONTACT
        table = shapely.box(reach, reach, self.width - reach, self.height - reach)
        solid = [grown(shapely.Polygon(t.polygon), reach) for t in self._ground_obstacles]
        ground = shapely.difference(table, shapely.union_all(solid))
        return shapely.union_all([ground, *(self._roof_room(t, r) for t in self._climbable)])

    def _roof_room(self, piece: Terrain, r: float) -> shapely.Geometry:
        """Where a base stands wholly on ``piece``'s roof, less where a piece :meth:`surface_at`
        puts above it covers it (a higher one, or one as high listed before it)."""
        order = self._climbable.index(piece)
        above = [
            shapely.Polygon(t.polygon)
            for i, t in enumerate(self._climbable)
            if t.height > piece.height or (t.height == piece.height and i < order)
        ]
        return shapely.difference(piece.room(r), shapely.union_all(above))

    def beyond_edge(self, p: Point) -> Edge | None:
        """The table edge a point lies beyond, if any (a move there leaves the table)."""
        x, y = p
        if x < 0.0:
            return Edge.WEST
        if x > self.width:
            return Edge.EAST
        if y < 0.0:
            return Edge.SOUTH
        if y > self.height:
            return Edge.NORTH
        return None

    def edge_contact(self, p: Point, r: float, edge: Edge) -> Point:
        """The nearest spot to ``p`` where a base of radius ``r`` touches ``edge``."""
        x, y = p
        if edge == Edge.SOUTH:
            return (x, r)
        if edge == Edge.NORTH:
            return (x, self.height - r)
        if edge == Edge.WEST:
            return (r, y)
        return (self.width - r, y)

    def surface_at(self, p: Point) -> str | None:
        """Id of the climbable piece whose top contains ``p`` (the highest if several), or None."""
        best: Terrain | None = None
        for t in self._climbable:
            if t.contains(p) and (best is None or t.height > best.height):
                best = t
        return None if best is None else best.id

    def surface_height(self, level: str | None) -> float:
        """Height of a level's surface: 0 for the ground, else the piece's height."""
        if level is None:
            return 0.0
        return self.piece(level).height

    def pieces_touching(self, p: Point, r: float, level: str | None) -> tuple[Terrain, ...]:
        """Pieces that a base at ``p`` overlaps or touches (within CONTACT) at that level.

        On the ground: every piece, whatever its kind. On a roof: just that roof's piece.
        """
        if level is not None:
            return (self.piece(level),)
        return tuple(t for t in self.terrain if t.base_overlaps(p, r, -CONTACT))

    def placement_error(
        self,
        p: Point,
        r: float,
        level: str | None,
        others: Sequence[tuple[Point, float, str | None]] = (),
    ) -> str | None:
        """Why a base at ``p`` of radius ``r`` on ``level`` cannot stand there, or None.

        A base must be on the table, not overlap (beyond CONTACT) impassable or climbable pieces
        on the ground, lie fully on its roof (within CONTACT) on a roof, and not overlap the bases
        in ``others`` that stand on the same level (``(centre, radius, level)`` each).
        """
        if not self.on_table(p, r):
            return "off the table"
        if level is None:
            for t in self._ground_obstacles:
                if t.base_overlaps(p, r, CONTACT):
                    return f"overlaps {t.id}"
        else:
            roof = self._by_id.get(level)
            if roof is None or roof.movement is not Movement.CLIMBABLE:
                return f"no roof {level!r}"
            if not roof.contains(p) or roof.boundary_distance(p) < r - CONTACT:
                return f"not fully on {roof.id}"
        for i, (q, rq, lq) in enumerate(others):
            if lq == level and edge_distance(p, r, q, rq) < -CONTACT:
                return f"overlaps base {i}"
        return None


def shipped_boards() -> tuple[str, ...]:
    """The names of the boards shipped with skirmish, sorted."""
    folder = resources.files("skirmish").joinpath("boards")
    return tuple(
        sorted(p.name.removesuffix(".toml") for p in folder.iterdir() if p.name.endswith(".toml"))
    )


def default_board_path(name: str = "default") -> Path:
    """Path of a board file shipped with skirmish (``default``, ``open``)."""
    target = resources.files("skirmish").joinpath("boards").joinpath(f"{name}.toml")
    if not target.is_file():
        raise BoardError(f"no shipped board {name!r}; known: {', '.join(shipped_boards())}")
    return Path(str(target))


@lru_cache(maxsize=32)
def _board_from_text(text: str) -> Board:
    return Board.from_dict(json.loads(text))


@lru_cache(maxsize=16)
def _shipped_board(name: str) -> Board:
    return Board.load(default_board_path(name))


def load_board(spec: Any, default: str = "default") -> Board:
    """A board from a shipped name (``"default"``), a TOML file path, or its table (a dict).

    Boards are cached: games on the same board share one object and its movement caches.

    Raises:
        BoardError: the board cannot be read.
    """
    if spec is None:
        spec = default
    if isinstance(spec, dict):
        return _board_from_text(json.dumps(spec, sort_keys=True))
    if isinstance(spec, Path) or (isinstance(spec, str) and spec.endswith(".toml")):
        return Board.load(spec)
    if isinstance(spec, str):
        return _shipped_board(spec)
    raise BoardError(f"a board is a name, a file or a table, not {type(spec).__name__}")
