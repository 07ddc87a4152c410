"""Measuring the table: who is in play, distances, engagement, sight, cover, edges and the
nearest spot where something fits.

Who is in play, each model's enemies and their gaps, whom it is Engaged with and who threatens
it, and their placement are found once per standing of a game's models (:class:`Table`),
though the rules and the AI ask them many times an action; sight, once per pair of bases where
they stand.

All distances are base edge to base edge (C4.4), with the height between the surfaces two
models stand on counted in (a model on a gantry is not Engaged with one below it). "Within X"
is inclusive.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, ClassVar

from skirmish.engine.model import STANDING_WRITES
from skirmish.geometry.board import Board, Edge
from skirmish.geometry.memo import Memo
from skirmish.geometry.shapes import Point, edge_distance, point_segment_distance
from skirmish.geometry.sight import Body, Sight, any_ray_clear, line_of_sight
from skirmish.rulesets.sacred_wire.game.model import IGNORE_COVER, SEE_WALLS, WireModel
from skirmish.rulesets.sacred_wire.squads.roster import reach

if TYPE_CHECKING:
    from skirmish.rulesets.sacred_wire.game.state import WireGame

#: Body height for line of sight (a 28 mm figure on a 25 mm base, notes section 4).
BODY_HEIGHT = 1.25
ENGAGEMENT_RANGE = 1.0  # C4.5: Engaged within 1"
ADJACENT = 1.0  # notes A68: "adjacent" (R3.9) is within 1"
RING_STEP = 0.1  # inches between the rings searched for the nearest spot (K1.2)
ROUNDED = 0.01  # a spot on a ring is rounded to the hundredth: it lies within 0.0071" of it

PLACEMENTS = "sacred-wire placements"  # the board's memo of Placement, by placement
PLACEMENTS_KEPT = 4_096  # placements a board remembers before it forgets them all

# Sight between two models is asked again and again by the rules and the AI until either
# moves: each answer is kept per pair of bases where they stand (centre, radius, level), a
# key cheaper to look up than the bodies the kernel's own memos are keyed with, so those are
# passed by: the kernel is asked once per pair and question.
SIGHTS = "sacred-wire sights"
VISIBLE = "sacred-wire visible"
SIGHTS_KEPT = 200_000  # pairs of bases a board remembers before it forgets them all
Bases = tuple[float, float, float, str | None, float, float, float, str | None]
"""Two bases as a sight question: the viewer's centre, radius and level, then the target's."""


HOSTILES = 2
"""The side of the hostiles (I1): the rules play it, never a player."""

COWORKERS = 3
"""The side of the Coworkers (I8.1), a fourth faction the rules play as well."""


class Placement:
    """Where every model stands, as one object per placement of a board's models
    (:func:`placement`). It holds nothing itself: it stands for the positions in the keys of
    the answers that follow from them alone (a move's way, :mod:`.movement`), so that those
    keys stay small and cheap to compare however many models are in play, and the rules work
    each answer out once however often they ask it (a move's way is asked when the point is
    sampled, when it is checked and twice as the move is made).

    Every game at this placement shares it: the game a few steps later, its clones and
    views, the AI's look-aheads. A model that moves, is placed or leaves play makes another
    placement, so no answer is ever stale; and none is in a game's state or its save. The
    answers name a model by its index in ``game.models``: every game at this placement has
    the same models there.
    """

    __slots__ = ()


def placement(game: WireGame) -> Placement:
    """The placement of ``game``'s models now (see :class:`Placement`), by each model's id,
    name, base, position, level and removal."""
    now = table(game)
    if now.placement is None:
        key = tuple([(m.id, m.name, m.radius, m.x, m.y, m.level, m.removed) for m in game.models])
        memo: Memo[tuple[object, ...], Placement] = game.board.memo(PLACEMENTS, PLACEMENTS_KEPT)
        now.placement = memo.remember(key, Placement)
    return now.placement


@dataclass(slots=True, eq=False)
class Table:
    """The answers that follow from where a game's models stand and whose enemies they are
    (:data:`.model.STANDING`), each found when first asked: the models in play (``on``), and
    by model (the object, so a twin measured from is never taken for it) its enemies
    (``foes``), each with its gap to it (``gaps``), the enemies it is Engaged with
    (``engaged``) and those Engaged with it from their side (``threats``); by the id of a
    model and a level, the bases in its way there (``blocking``, :func:`blockers`: a twin
    measured from, whatever its own place, has its model's) and every other base in play
    (``others``, :func:`others`, by the id alone); why it may not
    deploy at a point in its side's zones (``deploys``, :func:`.setup.deploy_error`, asked
    when a player's point is sampled and again when it is played); and the
    :class:`Placement`. (Sight is kept by the board, per pair of bases, :func:`sight`: a
    table is dropped too often in an AI's look-ahead to hold it.)

    The last table found is held (:attr:`last`) for the game whose list of models, count of
    models and board it was found for, until a model's standing is written (``writes``, the
    count of :data:`.engine.model.STANDING_WRITES` it was found at): another game, a clone, a game
    read back or a model added finds a new one. A view shares its game's models, and so its
    table. The lists it hands out are not to be changed."""

    last: ClassVar[Table | None] = None

    models: list[WireModel]
    count: int
    board: Board
    writes: int
    on: list[WireModel] | None = None
    foes: dict[WireModel, list[WireModel]] = field(default_factory=dict)
    engaged: dict[WireModel, list[WireModel]] = field(default_factory=dict)
    threats: dict[WireModel, list[WireModel]] = field(default_factory=dict)
    gaps: dict[WireModel, list[tuple[WireModel, float]]] = field(default_factory=dict)
    blocking: dict[tuple[str, str | None], list[tuple[Point, float]]] = field(default_factory=dict)
    others: dict[str, list[tuple[Point, float, str | None]]] = field(default_factory=dict)
    deploys: dict[tuple[WireModel, Point, tuple[str, ...]], str | None] = field(
        default_factory=dict
    )
    placement: Placement | None = None


def table(game: WireGame) -> Table:
    """The :class:`Table` of ``game`` now."""
    found = Table.last
    # Checked here, not by a method: the rules ask for the table a dozen times an action.
    if (
        found is None
        or found.writes != STANDING_WRITES.count
        or found.models is not game.models
        or found.count != len(game.models)
        or found.board is not game.board
    ):
        writes = STANDING_WRITES.count
        found = Table.last = Table(game.models, len(game.models), game.board, writes)
    return found


def in_play(game: WireGame) -> list[WireModel]:
    """Models on the table: deployed, not Out of Action, not gone off the board."""
    now = table(game)
    if now.on is None:
        now.on = [m for m in game.models if m.on_table]
    return now.on


def squad_models(game: WireGame) -> list[WireModel]:
    """The squads' models on the table (the hostiles win nothing and count for no squad)."""
    return [m for m in in_play(game) if m.side < HOSTILES]


def side_of(m: WireModel) -> int:
    """The side a model fights for now: its controller while Hijacked (R6.7, notes A39)."""
    # Asked for every pair of models; hardly any model is ever Hijacked, so its controller is
    # read first and the activation it holds looked at only when there is one.
    if m.hijacked_by >= 0 and m.hijacked:
        return m.hijacked_by
    return m.side


def hostile_to(a: WireModel, b: WireModel) -> bool:
    """Whether two models are enemies (C4.1 "Enemy"): of different factions, or one of them a
    Coworker marked Hostile, which treats every other model as an enemy (I8.1)."""
    return _hostile(a, side_of(a), b)


def _hostile(a: WireModel, side: int, b: WireModel) -> bool:
    """:func:`hostile_to`, with ``side``, the side of ``a``, read once for many ``b``: a
    Coworker marked Hostile is every model's enemy, but for the activation another side
    controls it, whose models are then its friends (R6.7, notes A39)."""
    if side != side_of(b):
        return True
    return a.id != b.id and ((a.marked and not a.hijacked) or (b.marked and not b.hijacked))


def enemies(game: WireGame, m: WireModel) -> list[WireModel]:
    """Every model in play that is an enemy of ``m`` (C4.1 "Enemy", I8.1)."""
    now = table(game)
    found = now.foes.get(m)
    if found is None:
        side = side_of(m)
        found = now.foes[m] = [o for o in in_play(game) if _hostile(m, side, o)]
    return found


def rivals(game: WireGame, m: WireModel) -> list[WireModel]:
    """The enemies whose losses decide a squad's game: the other squad (K1.2); the hostiles
    and Hostile Coworkers only once none of it is left. Coworkers not marked Hostile are
    never among them (they fight nobody, I8.1)."""
    foes = [e for e in enemies(game, m) if not bystander(e)]
    return [e for e in foes if e.side < HOSTILES] or foes


def friends(game: WireGame, m: WireModel) -> list[WireModel]:
    """The other models of its own side in play (none for a Coworker marked Hostile)."""
    side = side_of(m)
    return [o for o in in_play(game) if o.id != m.id and not _hostile(m, side, o)]


def bystander(m: WireModel) -> bool:
    """A Coworker not marked Hostile: it Engages nobody and nobody is Engaged with it (I8.1,
    notes A42)."""
    return m.side == COWORKERS and not m.marked


def height(game: WireGame, m: WireModel) -> float:
    """Height of the surface the model stands on."""
    return game.board.surface_height(m.level)


def gap(game: WireGame, a: WireModel, b: WireModel) -> float:
    """Base edge to base edge, counting the height between their surfaces."""
    flat = edge_distance((a.x, a.y), a.radius, (b.x, b.y), b.radius)
    if a.level == b.level:
        return flat
    dz = game.board.surface_height(a.level) - game.board.surface_height(b.level)
    return math.hypot(max(flat, 0.0), dz)


def adjacent(game: WireGame, m: WireModel, other: WireModel) -> bool:
    """Whether ``other`` is adjacent to ``m``: within 1", ``m`` itself included (notes A68).
    R3.9 names no side: an enemy, a hostile or a Coworker is an adjacent model too."""
    return other.id == m.id or gap(game, m, other) <= ADJACENT


def point_gap(game: WireGame, m: WireModel, p: Point, level: str | None = None) -> float:
    """From a point (on ``level``) to the model's base edge."""
    flat = max(0.0, math.dist(m.pos, p) - m.radius)
    if m.level == level:
        return flat
    dz = game.board.surface_height(m.level) - game.board.surface_height(level)
    return math.hypot(flat, dz)


def engaged_with(game: WireGame, m: WireModel) -> list[WireModel]:
    """Enemies ``m`` is Engaged with: within 1", or its weapon's Reach (C4.5, notes A17)."""
    now = table(game)
    found = now.engaged.get(m)
    if found is None:
        found = now.engaged[m] = _engaged_among(game, m, gaps(game, m))
    return found


def gaps(game: WireGame, m: WireModel) -> list[tuple[WireModel, float]]:
    """Each enemy of ``m`` with its :func:`gap` to ``m``: engagement, threats and the attacks
    on offer measure them all (C4.4)."""
    now = table(game)
    found = now.gaps.get(m)
    if found is None:
        found = now.gaps[m] = [(e, gap(game, m, e)) for e in enemies(game, m)]
    return found


def _engaged_among(
    game: WireGame, m: WireModel, foes: list[tuple[WireModel, float]]
) -> list[WireModel]:
    """:func:`engaged_with` among ``foes``, the enemies of ``m`` with their gaps."""
    if bystander(m):
        return []
    limit = max(ENGAGEMENT_RANGE, reach(game, m))
    return [e for e, d in foes if d <= limit and not bystander(e)]


def is_engaged(game: WireGame, m: WireModel) -> bool:
    """Whether ``m`` is Engaged (and so cannot shoot, C4.5)."""
    return bool(engaged_with(game, m))


def engaged_text(game: WireGame, m: WireModel) -> str | None:
    """``Mara Voss (A1) is Engaged with Corin Hale (B2)`` (C4.5), or None when it is not."""
    found = engaged_with(game, m)
    if not found:
        return None
    return f"{m.label} is Engaged with {' and '.join(e.label for e in found)}"


def threats(game: WireGame, m: WireModel) -> list[WireModel]:
    """Enemies Engaged with ``m`` from their side: within 1" or their own Reach. They get a
    free attack if ``m`` leaves them without Disengaging (C4.5, notes A17); a bystander
    Coworker neither gives nor takes one (notes A42)."""
    now = table(game)
    found = now.threats.get(m)
    if found is None:
        found = now.threats[m] = _threats_among(game, m, gaps(game, m))
    return found


def _threats_among(
    game: WireGame, m: WireModel, foes: list[tuple[WireModel, float]]
) -> list[WireModel]:
    """:func:`threats` among ``foes``, the enemies of ``m`` with their gaps."""
    if bystander(m):
        return []
    # Within 1" is read first: the reach of each enemy is looked up only beyond it.
    return [
        e for e, d in foes if not bystander(e) and (d <= ENGAGEMENT_RANGE or d <= reach(game, e))
    ]


def body(m: WireModel) -> Body:
    """The model's body for line of sight: legs, torso and head (C4.9)."""
    return Body(m.pos, m.radius, m.level, BODY_HEIGHT)


def sight(game: WireGame, viewer: WireModel, target: WireModel) -> Sight:
    """Sight from ``viewer`` to ``target`` through terrain."""
    memo: Memo[Bases, Sight] = game.board.memo(SIGHTS, SIGHTS_KEPT)
    return memo.remember(
        _bases(viewer, target), lambda: line_of_sight(game.board, body(viewer), body(target))
    )


def visible(game: WireGame, viewer: WireModel, target: WireModel) -> bool:
    """Whether some ray from ``viewer`` reaches ``target``'s body, without grading cover: read
    from their :func:`sight` where the rules have graded it, else the kernel's early-exit
    check of the same rays."""
    key = _bases(viewer, target)
    memo: Memo[Bases, bool] = game.board.memo(VISIBLE, SIGHTS_KEPT)
    found = memo.get(key)  # the graded sight is looked for only on a pair new to this memo
    if found is None:
        graded: Sight | None = game.board.memo(SIGHTS, SIGHTS_KEPT).get(key)
        if graded is not None:
            return graded.visible
        found = memo.remember(key, lambda: any_ray_clear(game.board, body(viewer), body(target)))
    return found


def _bases(viewer: WireModel, target: WireModel) -> Bases:
    return (
        viewer.x,
        viewer.y,
        viewer.radius,
        viewer.level,
        target.x,
        target.y,
        target.radius,
        target.level,
    )


def has_timed(m: WireModel, kind: str) -> bool:
    """Whether a timed effect of ``kind`` applies to ``m`` now."""
    # Asked for every sight, and most models have no timed effect: none makes no generator.
    return bool(m.timed) and any(e.kind == kind and m.applies(e) for e in m.timed)


def smoke_between(game: WireGame, a: Point, b: Point) -> bool:
    """Whether a smoke column stands across the line from ``a`` to ``b`` (R3.4, notes A34)."""
    return any(point_segment_distance((s.x, s.y), a, b) < s.radius for s in game.state.smoke)


def sees(game: WireGame, viewer: WireModel, target: WireModel) -> bool:
    """Line of sight to part of the target's body (C4.9): some ray clear of terrain, no smoke
    column across it (R3.4); Ping sees through walls (R5.1)."""
    if game.state.smoke and smoke_between(game, viewer.pos, target.pos):
        return False
    if viewer.timed and has_timed(viewer, SEE_WALLS):
        return True
    return visible(game, viewer, target)


class Looks:
    """Whether one model sees each of many (:func:`sees`), each answer kept: the options of
    its activation ask it of an enemy for each attack and again for Aim, and nothing is
    placed, moved nor blessed while they are found. Made for those options alone."""

    __slots__ = ("_game", "_seen", "_viewer")

    def __init__(self, game: WireGame, viewer: WireModel) -> None:
        self._game = game
        self._viewer = viewer
        self._seen: dict[WireModel, bool] = {}

    def __call__(self, target: WireModel) -> bool:
        found = self._seen.get(target)
        if found is None:
            found = self._seen[target] = sees(self._game, self._viewer, target)
        return found


def in_cover(game: WireGame, viewer: WireModel, target: WireModel) -> bool:
    """Cover: any body part obscured by terrain (C4.13); Ping ignores it (R5.1)."""
    if has_timed(viewer, IGNORE_COVER):
        return False
    return sight(game, viewer, target).blocked_fraction > 0.0


def blockers(
    game: WireGame, m: WireModel, level: str | None, ignore: tuple[str, ...] = ()
) -> list[tuple[Point, float]]:
    """Bases that ``m`` may not move through on ``level`` (``None``: the ground, as a path
    reads it): but for those ``ignore`` names, kept by the table, as a move's point is
    sampled and its way planned on the same bases."""
    if ignore:
        return _blockers(game, m.id, level, ignore)
    now = table(game)
    found = now.blocking.get((m.id, level))
    if found is None:
        found = now.blocking[(m.id, level)] = _blockers(game, m.id, level, ())
    return found


def _blockers(
    game: WireGame, model: str, level: str | None, ignore: tuple[str, ...]
) -> list[tuple[Point, float]]:
    return [
        (o.pos, o.radius)
        for o in in_play(game)
        if o.id != model and o.level == level and o.id not in ignore
    ]


def others(game: WireGame, m: WireModel) -> list[tuple[Point, float, str | None]]:
    """Every other base in play, for placement checks: kept by the table, as each point a
    move or a deployment is judged at asks them of the same bases."""
    now = table(game)
    found = now.others.get(m.id)
    if found is None:
        found = now.others[m.id] = [(o.pos, o.radius, o.level) for o in _others_of(game, m)]
    return found


def _others_of(game: WireGame, m: WireModel) -> list[WireModel]:
    return [o for o in in_play(game) if o.id != m.id]


def placement_problem(game: WireGame, m: WireModel, p: Point, level: str | None) -> str | None:
    """Why ``m``'s base cannot stand at ``p`` on ``level`` among the other bases in play, in
    the game's words (the piece's name, the model it would overlap), or None."""
    where = game.board.placement_error(p, m.radius, level, others(game, m))
    if where is None:
        return None
    if where.startswith("overlaps base "):
        overlapped = _others_of(game, m)[int(where.rsplit(" ", 1)[1])]
        return f"the base would overlap {overlapped.label}"
    if where.startswith("overlaps "):
        return f"the base would overlap {game.board.piece(where.removeprefix('overlaps ')).name}"
    if where.startswith("not fully on "):
        return (
            f"the base would hang off {game.board.piece(where.removeprefix('not fully on ')).name}"
        )
    return f"the base would be {where}"


def nearest_edge(game: WireGame, m: WireModel) -> Edge:
    """The board edge nearest the model (C4.19 Flee)."""
    board = game.board
    return min(Edge, key=lambda e: (board.distance_to_edge(m.pos, m.radius, e), e.value))


def clock_direction(hour: int) -> Point:
    """A d12 read as a clock face, 12 o'clock = board north (C4.12, notes A33)."""
    angle = math.radians(30.0 * (hour % 12))
    return (math.sin(angle), math.cos(angle))


def base_fits(game: WireGame, p: Point) -> bool:
    """Whether terrain leaves room at ``p`` for the largest base in the game, on the surface
    there (a marker that must stay reachable, K1.2)."""
    board = game.board
    radius = max(m.radius for m in game.models)
    return board.placement_error(p, radius, board.surface_at(p)) is None


def nearest_spots(
    want: Point,
    fits: Callable[[Point], bool],
    reach: float,
    angles: int,
    step: float = RING_STEP,
    bare: float = 0.0,
) -> list[Point]:
    """The spots nearest ``want`` that ``fits`` accepts (K1.2 "as close as possible"):
    ``[want]`` itself, else every one on the first ring around it that has one, in order of
    angle; ``[]`` if there is none within ``reach``. Rings are ``step`` apart (0.1") with
    ``angles`` points each, kept to the hundredth of an inch (:data:`ROUNDED`). A caller
    that knows no spot lies nearer ``want`` than ``bare`` spares the search of those rings."""
    if bare <= 0.0 and fits(want):
        return [want]
    for n in range(1, int(reach / step) + 1):
        r = n * step
        if r < bare:
            continue
        ring: list[Point] = []
        for cos, sin in _compass(angles):
            p = (round(want[0] + r * cos, 2), round(want[1] + r * sin, 2))
            if p not in ring and fits(p):
                ring.append(p)
        if ring:
            return ring
    return []


@cache  # a few counts of angles, and a spawn's search asks for every ring
def _compass(angles: int) -> tuple[tuple[float, float], ...]:
    """The cosine and sine of ``angles`` angles evenly round the circle, from 0."""
    return tuple(
        (math.cos(math.tau * k / angles), math.sin(math.tau * k / angles)) for k in range(angles)
    )
