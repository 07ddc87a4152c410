"""What a model sees: line of sight to another model's body and the share of it hidden (L83,
L108-L109, L398, L470, L723; rules notes §5, §7 items 20, 61, 86).

Rays run from the viewer's head to the target's body (:mod:`skirmish.geometry.sight`), and
terrain blocks them. Under :attr:`.HouseRules.models_block_sight`, the bodies of the other
models on the table block them too, the viewer's and the target's aside: an upright cylinder
on each base, as tall as the model (§7 item 20: bodies block sight and give cover as terrain
does; bases, flat, never do). A Mist Template blocks every ray that passes through or over
it, unless the viewer or the target stands under it: a model in the mist sees out and is
seen, with Cover [1] (L723, §7 item 86). A Smoke Marker does the same (§7 item 61), but to a
viewer with Night Vision (L398) or the Arcantric Monocle (L470), who see through it; through
the Monocle, a target the smoke would hide is in Cover [2]. The share of the rays blocked is
the share of the body hidden, whatever hides it.

A piece of rough ground is a solid prism to the rays, yet models stand in it on the ground,
crossing it by climbing over and among its crates and walls (L78). So, a reading: the rough
ground a model's base stands in never blocks sight to or from it (L83), only hides the body
of the target that stands in it, giving Cover by the share of the rays it would block
(L109). A model in a crate heap taller than its body is thus seen, in Cover [2], from
anywhere the rest of the table lets it be seen, a viewer in the same heap too; the heap a
viewer alone stands in hides nothing from it (:func:`stood_in`).
"""

from __future__ import annotations

import dataclasses
import math

from skirmish.geometry.board import Board
from skirmish.geometry.memo import Memo
from skirmish.geometry.shapes import CONTACT
from skirmish.geometry.sight import Body, Column, Sight, sight_among
from skirmish.geometry.terrain import Movement, Terrain
from skirmish.rulesets.wolsung.game.base import house_of
from skirmish.rulesets.wolsung.game.effects import current
from skirmish.rulesets.wolsung.game.model import WolsungModel
from skirmish.rulesets.wolsung.game.space import on_table
from skirmish.rulesets.wolsung.game.state import Template, WolsungGame
from skirmish.rulesets.wolsung.game.templates import mists, smokes, under, under_at

__all__ = [
    "Bodies",
    "bodies",
    "body",
    "seen_from",
    "sees_through_smoke",
    "sight",
    "smoke_cover",
    "stood_in",
]

NIGHT_VISION = "night_vision"
MONOCLE = "arcantric_monocle"
MONOCLE_COVER = 2
"""The Cover of a target seen through smoke with the Arcantric Monocle (L470)."""
SMOKE_COVER = 1
"""The Cover of a model in a Smoke Marker ([HOUSE] §7 item 61)."""
_BODIES = "wolsung bodies"  # the board's memo of the models' bodies, by where they stand
_BODIES_KEPT = 2_000
_CLEARED = "wolsung sight without"  # the board's memo of itself less the rough ground stood in
_CLEARED_KEPT = 64
_ROUGH_NEAR = "wolsung rough near"  # the board's rough pieces by cell of a grid, per base radius
_CELL = 2.0  # the grid's cell, in inches: a few pieces' boxes meet each
_NONE: frozenset[str] = frozenset()
Standing = tuple[str, float, float, float, str | None, float]
"""A model's id, place (x, y), base radius, level and body height."""
Bodies = tuple[tuple[str, Column], ...]
"""Each model's id and body."""


def body(m: WolsungModel) -> Body:
    """The model's body for sight: its base and its height (notes §5)."""
    return Body(m.pos, m.radius, m.level, m.height)


def bodies(game: WolsungGame) -> Bodies:
    """Each model on the table, by id, with its body as sight meets it: made once per
    standing of the models (each one's id, place, base and height) and kept on the board,
    since an AI asks sight of hundreds of spots while nobody moves."""
    standing = tuple([(o.id, o.x, o.y, o.radius, o.level, o.height) for o in on_table(game)])
    memo: Memo[tuple[Standing, ...], Bodies] = game.board.memo(_BODIES, _BODIES_KEPT)
    return memo.remember(standing, lambda: _columns(game.board, standing))


def _columns(board: Board, standing: tuple[Standing, ...]) -> Bodies:
    """Each model's id and body, from its id, place, base and height."""
    found = []
    for mid, x, y, radius, level, height in standing:
        floor = board.surface_height(level)
        found.append((mid, Column((x, y), radius, floor, floor + height)))
    return tuple(found)


def _veils(game: WolsungGame, viewer: Body, target: Body, through_smoke: bool) -> list[Column]:
    """The Mist Templates, and the Smoke Markers unless the viewer sees through them, that
    neither body stands under, as sight meets them (L723, §7 item 61)."""
    board = game.board
    lying: list[Template] = [*mists(game), *([] if through_smoke else smokes(game))]
    return [
        Column((t.x, t.y), t.radius, board.surface_height(t.level), math.inf)
        for t in lying
        if under_at(t, viewer.center, viewer.radius, viewer.level) is None
        and under_at(t, target.center, target.radius, target.level) is None
    ]


def seen_from(
    game: WolsungGame,
    viewer: Body,
    target: Body,
    aside: tuple[str, ...],
    through_smoke: bool = False,
    everyone: Bodies | None = None,
) -> Sight:
    """Line of sight from ``viewer``'s head to ``target``'s body, wherever they stand (a player
    weighs spots a model may move to), the models ``aside`` out of the way: the two models
    themselves; Smoke Markers hide nothing ``through_smoke`` (L83, L109, L398, L470, L723).
    ``everyone`` is :func:`bodies`, where the caller holds it (an AI, for one decision)."""
    columns: list[Column] = []
    if house_of(game).models_block_sight:
        found = bodies(game) if everyone is None else everyone
        columns = [column for mid, column in found if mid not in aside]
    blocking = [*columns, *_veils(game, viewer, target, through_smoke)]
    board = game.board
    eyes_in, body_in = stood_in(board, viewer), stood_in(board, target)
    if not eyes_in and not body_in:
        return sight_among(board, viewer, target, blocking)
    # The target's own rough ground hides its body for Cover, but neither model's blocks sight.
    seen = sight_among(_without(board, eyes_in - body_in), viewer, target, blocking)
    if seen.visible or not body_in:
        return seen
    clear = sight_among(_without(board, eyes_in | body_in), viewer, target, blocking)
    return dataclasses.replace(seen, visible=clear.visible)


def stood_in(board: Board, who: Body) -> frozenset[str]:
    """The pieces of rough ground ``who``'s base stands in on the ground (L78)."""
    if who.level is not None:
        return _NONE
    x, y = who.center
    near = _rough_near(board, who.radius).get((math.floor(x / _CELL), math.floor(y / _CELL)))
    if near is None:
        return _NONE
    return frozenset(t.id for t in near if t.base_overlaps(who.center, who.radius, CONTACT))


def _rough_near(board: Board, radius: float) -> dict[tuple[int, int], tuple[Terrain, ...]]:
    """The rough pieces a base of ``radius`` whose centre lies in a cell of the grid may reach
    into, by cell: the pieces whose box, grown by that reach, meets the cell. A sight check
    asks this of two bodies, an AI's of hundreds of spots, so the board keeps it."""
    memo: Memo[float, dict[tuple[int, int], tuple[Terrain, ...]]] = board.memo(_ROUGH_NEAR)
    return memo.remember(radius, lambda: _rough_cells(board, radius - CONTACT))


def _rough_cells(board: Board, reach: float) -> dict[tuple[int, int], tuple[Terrain, ...]]:
    """Each cell of the grid, with the rough pieces whose box grown by ``reach`` meets it: a
    base whose centre lies farther out than that is clear of the piece (its
    :meth:`.Terrain.base_overlaps` says no from the box alone)."""
    cells: dict[tuple[int, int], list[Terrain]] = {}
    for t in board.terrain:
        if t.movement is not Movement.ROUGH:
            continue
        x0, y0, x1, y1 = t.bbox
        for i in range(math.floor((x0 - reach) / _CELL), math.floor((x1 + reach) / _CELL) + 1):
            for j in range(math.floor((y0 - reach) / _CELL), math.floor((y1 + reach) / _CELL) + 1):
                cells.setdefault((i, j), []).append(t)
    return {cell: tuple(pieces) for cell, pieces in cells.items()}


def _without(board: Board, ids: frozenset[str]) -> Board:
    """``board`` less the pieces ``ids``, kept on it: its sight lines are remembered there."""
    if not ids:
        return board
    memo: Memo[frozenset[str], Board] = board.memo(_CLEARED, _CLEARED_KEPT)
    return memo.remember(ids, lambda: board.without_terrain(sorted(ids)))


def sees_through_smoke(game: WolsungGame, m: WolsungModel) -> bool:
    """Whether ``m`` sees through the Smoke Markers on the table: Night Vision (L398) or the
    Arcantric Monocle (L470); no while none lies there, where it makes no difference."""
    if not smokes(game):
        return False
    now = current(game, m)
    return now.has(NIGHT_VISION) or now.has(MONOCLE)


def sight(game: WolsungGame, viewer: WolsungModel, target: WolsungModel) -> Sight:
    """Line of sight from ``viewer``'s head to ``target``'s body, with the share hidden (L83,
    L109, L398, L470)."""
    through = sees_through_smoke(game, viewer)
    return seen_from(game, body(viewer), body(target), (viewer.id, target.id), through)


def smoke_cover(
    game: WolsungGame, eye: WolsungModel, target: WolsungModel, aside: tuple[str, ...]
) -> int:
    """The Cover smoke gives ``target`` seen by ``eye``, the models ``aside`` out of the way:
    2 when ``eye`` sees it through a Smoke Marker with the Arcantric Monocle and no Night
    Vision (L470), 1 when it stands in one (§7 item 61), else none."""
    lying = smokes(game)
    if not lying:
        return 0
    now = current(game, eye)
    if now.has(MONOCLE) and not now.has(NIGHT_VISION):
        veiled = seen_from(game, body(eye), body(target), aside).blocked_fraction
        clear = seen_from(game, body(eye), body(target), aside, True).blocked_fraction
        if veiled > clear:
            return MONOCLE_COVER
    return SMOKE_COVER if any(under(t, target) is not None for t in lying) else 0
