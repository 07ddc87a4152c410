"""Line of sight and cover, computed from rays between model bodies.

A model's body is a cylinder of its base radius and ``height`` standing on its level's surface.
The viewer looks from one eye point (its centre, at 0.9 of its height); the target is sampled at
9 points: 3 lateral positions (its centre and +/- 0.9 radius perpendicular to the sight line)
times 3 heights (0.15, 0.5 and 0.85 of its height). A ray is blocked by a piece that blocks
sight when the ray, over the piece's polygon, is lower than the piece's height. Terrain stands
on the ground, so a roof is a blocker like any piece: a model in the middle of a roof cannot see
the foot of the wall below it.

Cover is graded from the blocked fraction ``f`` of the 9 rays (see :func:`cover_for_fraction`),
then capped at the best ``cover`` among the pieces that block a ray. With 9 rays ``f`` is never
exactly 1/2, so MEDIUM comes from a cap (a MEDIUM piece hiding more than half the body).

The rays walk the edges only of the pieces whose box meets the triangle of the eye and the
target's outer samples, which holds every ray (:func:`_fan_pieces`): a few bounding-box sums
pass by most pieces of a long sight line, never one that a ray crosses.

Models never block sight in :func:`line_of_sight`. A ruleset whose models, or markers, hide
what is behind them passes them as :class:`Column` s to :func:`sight_among`: upright cylinders
that block the rays through them as the pieces do, with no cap on the cover they give.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, NamedTuple

from skirmish.geometry.board import Board
from skirmish.geometry.shapes import Point, circle_terms, point_in_edges
from skirmish.geometry.terrain import Cover, Terrain

__all__ = ["Body", "Column", "Sight", "cover_for_fraction", "line_of_sight", "sight_among"]

EYE_HEIGHT: Final = 0.9
"""The viewer's eye, as a fraction of its body height above its surface."""
SAMPLE_HEIGHTS = (0.15, 0.5, 0.85)
"""Target sample heights, as fractions of its body height."""
SAMPLE_SPREAD: Final = 0.9
"""Lateral target samples, as a fraction of its radius either side of its centre."""
FAN_SLACK: Final = 1e-7
"""How far (inches) a piece's box must lie off every ray for the rays to skip it unwalked."""


class Body(NamedTuple):
    """A model for sight purposes: where it stands and how tall it is (inches). A named
    tuple, not a dataclass: the rules make one for each side of every sight question, and
    a frozen dataclass takes several times as long to make."""

    center: Point
    radius: float
    level: str | None = None
    height: float = 1.1


@dataclass(frozen=True, slots=True)
class Sight:
    """The result of a line-of-sight check.

    ``pieces`` are the ids of the pieces that block at least one ray, in board order; ``rays``
    the rays blocked, bit ``3 * k + j`` for lateral sample ``k`` and height ``j`` (see the
    module docstring); ``cap`` the best cover among the blockers.
    """

    visible: bool
    blocked_fraction: float
    cover: Cover
    pieces: tuple[str, ...]
    rays: int = 0
    cap: Cover = Cover.NONE


@dataclass(frozen=True, slots=True)
class Column:
    """An upright cylinder that blocks the rays passing through it between heights ``bottom``
    and ``top`` (which may be ``math.inf``): a model's body, a marker of smoke or mist."""

    center: Point
    radius: float
    bottom: float
    top: float


def cover_for_fraction(f: float) -> Cover:
    """Cover grade of a blocked fraction: 0 NONE, below 1/2 LIGHT, 1/2 MEDIUM, above HEAVY."""
    if f <= 0.0:
        return Cover.NONE
    if f < 0.5:
        return Cover.LIGHT
    if f == 0.5:
        return Cover.MEDIUM
    return Cover.HEAVY


_CLEAR = Sight(True, 0.0, Cover.NONE, ())


def line_of_sight(board: Board, viewer: Body, target: Body) -> Sight:
    """Rays from the viewer's eye to 9 points of the target's body; see the module docstring."""
    ex, ey = viewer.center
    tx, ty = target.center
    ez = board.surface_height(viewer.level) + EYE_HEIGHT * viewer.height
    base_z = board.surface_height(target.level)
    th = target.height
    z0 = base_z + SAMPLE_HEIGHTS[0] * th
    z1 = base_z + SAMPLE_HEIGHTS[1] * th
    z2 = base_z + SAMPLE_HEIGHTS[2] * th
    dx = tx - ex
    dy = ty - ey
    d = math.hypot(dx, dy)
    spread = SAMPLE_SPREAD * target.radius
    if d > 0.0:
        px = -dy / d * spread
        py = dx / d * spread
    else:
        px = spread
        py = 0.0
    low_z = z0 if z0 < ez else ez
    blocked = [False] * 9
    blockers: list[str] = []
    best_cover = Cover.NONE
    for piece, eye_in in _fan_pieces(board, ex, ey, tx, ty, px, py, low_z):
        h = piece.height
        edges = piece.edges
        b = piece.bbox
        hit_any = False
        for k in range(3):
            sx = tx + (k - 1) * px
            sy = ty + (k - 1) * py
            span = _crossing_span(ex, ey, sx, sy, edges, b, eye_in)
            if span is None:
                continue
            t_in, t_out = span
            base = 3 * k
            for j, zs in enumerate((z0, z1, z2)):
                dz = zs - ez
                # The ray is linear in z, so its lowest point over the piece is at entry or exit.
                if ez + dz * t_in < h or ez + dz * t_out < h:
                    blocked[base + j] = True
                    hit_any = True
        if hit_any:
            blockers.append(piece.id)
            if piece.cover > best_cover:
                best_cover = piece.cover
    if not blockers:
        return _CLEAR
    n = sum(blocked)
    f = n / 9.0
    cover = cover_for_fraction(f)
    if cover > best_cover:
        cover = best_cover
    rays = sum(1 << i for i in range(9) if blocked[i])
    return Sight(n < 9, f, cover, tuple(blockers), rays, best_cover)


def _fan_pieces(
    board: Board, ex: float, ey: float, tx: float, ty: float, px: float, py: float, low_z: float
) -> list[tuple[Terrain, bool]]:
    """The pieces that may block a ray from the eye ``(ex, ey)`` to the target's samples
    ``(tx, ty) + s * (px, py)``, ``s`` in -1, 0, 1, each with whether the eye stands in it:
    those taller than ``low_z``, the lowest any ray goes, whose box meets the triangle of the
    eye and the two outer samples, which holds every ray. Most pieces of a long sight line
    lie off it, so their edges are never walked."""
    reach = abs(px) + abs(py)
    lox = min(ex, tx - reach)
    hix = max(ex, tx + reach)
    loy = min(ey, ty - reach)
    hiy = max(ey, ty + reach)
    lx, ly = tx - px, ty - py
    rx, ry = tx + px, ty + py
    ax, ay, ac = _outer_side(ex, ey, lx, ly, rx, ry)
    bx, by, bc = _outer_side(ex, ey, rx, ry, lx, ly)
    cx, cy, cc = _outer_side(lx, ly, rx, ry, ex, ey)
    found: list[tuple[Terrain, bool]] = []
    for h, x0, y0, x1, y1, piece in board._sight_blockers:
        if h <= low_z:
            continue  # every ray stays at or above it
        if x0 > hix or x1 < lox or y0 > hiy or y1 < loy:
            continue
        if (
            _beyond(x0, y0, x1, y1, ax, ay, ac)
            or _beyond(x0, y0, x1, y1, bx, by, bc)
            or _beyond(x0, y0, x1, y1, cx, cy, cc)
        ):
            continue
        eye_in = x0 <= ex <= x1 and y0 <= ey <= y1 and point_in_edges(ex, ey, piece.edges)
        found.append((piece, eye_in))
    return found


def _outer_side(
    ax: float, ay: float, bx: float, by: float, cx: float, cy: float
) -> tuple[float, float, float]:
    """The line through ``a`` and ``b`` as ``(nx, ny, c)``: the triangle ``abc`` lies where
    ``nx * x + ny * y <= c``, and a box wholly beyond it (:func:`_beyond`) misses it by more
    than :data:`FAN_SLACK`, far above the rounding of the exact crossing test."""
    nx = ay - by
    ny = bx - ax
    if nx * (cx - ax) + ny * (cy - ay) > 0.0:
        nx = -nx
        ny = -ny
    return nx, ny, nx * ax + ny * ay + FAN_SLACK * (abs(nx) + abs(ny))


def _beyond(x0: float, y0: float, x1: float, y1: float, nx: float, ny: float, c: float) -> bool:
    """Whether the box ``(x0, y0)-(x1, y1)`` lies wholly where ``nx * x + ny * y > c``."""
    return nx * (x0 if nx >= 0.0 else x1) + ny * (y0 if ny >= 0.0 else y1) > c


def _crossing_span(
    ax: float,
    ay: float,
    bx: float,
    by: float,
    edges: tuple[tuple[float, float, float, float], ...],
    bbox: tuple[float, float, float, float],
    a_in: bool,
) -> tuple[float, float] | None:
    """First and last parameter ``t`` in [0, 1] where segment ``ab`` is over the polygon
    (``a_in``: whether ``a`` is inside it)."""
    if (
        (ax < bbox[0] and bx < bbox[0])
        or (ax > bbox[2] and bx > bbox[2])
        or (ay < bbox[1] and by < bbox[1])
        or (ay > bbox[3] and by > bbox[3])
    ):
        return None
    dx = bx - ax
    dy = by - ay
    t_lo = 0.0 if a_in else 2.0
    t_hi = -1.0
    for x1, y1, x2, y2 in edges:
        ex = x2 - x1
        ey = y2 - y1
        den = dx * ey - dy * ex
        if den == 0.0:
            continue  # parallel: a grazing overlap is caught at the neighbouring edges
        wx = x1 - ax
        wy = y1 - ay
        t = (wx * ey - wy * ex) / den
        if t < 0.0 or t > 1.0:
            continue
        u = (wx * dy - wy * dx) / den
        if u < 0.0 or u > 1.0:
            continue
        if t < t_lo:
            t_lo = t
        if t > t_hi:
            t_hi = t
    if bbox[0] <= bx <= bbox[2] and bbox[1] <= by <= bbox[3] and point_in_edges(bx, by, edges):
        t_hi = 1.0
    if t_hi < t_lo:
        return None
    return (t_lo, t_hi)


def sight_among(board: Board, viewer: Body, target: Body, columns: Sequence[Column]) -> Sight:
    """:func:`sight_between`, the rays through ``columns`` blocked too; the cover they give is
    graded by the share of rays blocked, uncapped (a column hides what it hides)."""
    seen = sight_between(board, viewer, target)
    if not columns:
        return seen
    ex, ey = viewer.center
    tx, ty = target.center
    ez = board.surface_height(viewer.level) + EYE_HEIGHT * viewer.height
    base_z = board.surface_height(target.level)
    dx, dy = tx - ex, ty - ey
    d = math.hypot(dx, dy)
    spread = SAMPLE_SPREAD * target.radius
    if d > 0.0:
        px, py = -dy / d * spread, dx / d * spread
    else:
        px, py = spread, 0.0
    rays = seen.rays
    for k in range(3):
        sx, sy = tx + (k - 1) * px, ty + (k - 1) * py
        for j in range(3):
            bit = 1 << (3 * k + j)
            if rays & bit:
                continue
            sz = base_z + SAMPLE_HEIGHTS[j] * target.height
            if any(_through(ex, ey, ez, sx, sy, sz, c) for c in columns):
                rays |= bit
    if rays == seen.rays:
        return seen
    n = bin(rays).count("1")
    f = n / 9.0
    return Sight(n < 9, f, cover_for_fraction(f), seen.pieces, rays, Cover.HEAVY)


def _through(
    ex: float, ey: float, ez: float, sx: float, sy: float, sz: float, column: Column
) -> bool:
    """Whether the ray from ``(ex, ey, ez)`` to ``(sx, sy, sz)`` passes through ``column``."""
    cx, cy = column.center
    _, _, a, b, c = circle_terms(ex, ey, sx, sy, cx, cy, column.radius)
    if a == 0.0:
        if c > 0.0:
            return False
        t0, t1 = 0.0, 1.0
    else:
        disc = b * b - a * c
        if disc < 0.0:
            return False
        root = math.sqrt(disc)
        t0, t1 = max(0.0, (-b - root) / a), min(1.0, (-b + root) / a)
        if t0 > t1:
            return False
    z0, z1 = ez + (sz - ez) * t0, ez + (sz - ez) * t1
    return max(z0, z1) >= column.bottom and min(z0, z1) <= column.top


def sight_between(board: Board, viewer: Body, target: Body) -> Sight:
    """:func:`line_of_sight`, remembered on the board."""
    return board.sights.remember((viewer, target), lambda: line_of_sight(board, viewer, target))


# The rays of line_of_sight in the order most likely to be clear first: upper body, centre.
_RAYS = ((1, 2), (1, 1), (0, 2), (2, 2), (1, 0), (0, 1), (2, 1), (0, 0), (2, 0))


def any_ray_clear(board: Board, viewer: Body, target: Body) -> bool:
    """Whether ``viewer`` sees any part of ``target``: the rays of :func:`line_of_sight`,
    stopping at the first clear one (no cover grading, so several times faster)."""
    ex, ey = viewer.center
    tx, ty = target.center
    ez = board.surface_height(viewer.level) + EYE_HEIGHT * viewer.height
    base_z = board.surface_height(target.level)
    zs = tuple(base_z + f * target.height for f in SAMPLE_HEIGHTS)
    dx, dy = tx - ex, ty - ey
    d = math.hypot(dx, dy)
    spread = SAMPLE_SPREAD * target.radius
    if d > 0.0:
        px, py = -dy / d * spread, dx / d * spread
    else:
        px, py = spread, 0.0
    low_z = zs[0] if zs[0] < ez else ez
    pieces = _fan_pieces(board, ex, ey, tx, ty, px, py, low_z)
    if not pieces:
        return True
    count = len(pieces)
    # Each piece's span along each lateral ray (slot 3 * piece + lateral), found once needed.
    spans: list[tuple[float, float] | None] = [None] * (3 * count)
    found = [False] * (3 * count)
    last = 0  # the piece that blocked the last ray, the likeliest to block the next: tried first
    for k, j in _RAYS:
        dz = zs[j] - ez
        blocker = -1
        for step in range(count):
            n = (last + step) % count
            piece, eye_in = pieces[n]
            slot = 3 * n + k
            if not found[slot]:
                sx, sy = tx + (k - 1) * px, ty + (k - 1) * py
                spans[slot] = _crossing_span(ex, ey, sx, sy, piece.edges, piece.bbox, eye_in)
                found[slot] = True
            span = spans[slot]
            if span is None:
                continue
            h = piece.height
            if ez + dz * span[0] < h or ez + dz * span[1] < h:
                blocker = n
                break
        if blocker < 0:
            return True
        last = blocker
    return False


def visible_between(board: Board, viewer: Body, target: Body) -> bool:
    """:func:`any_ray_clear`, remembered on the board like :func:`sight_between`."""
    known = board.sights.get((viewer, target))
    if known is not None:
        return known.visible
    return board.clear_rays.remember((viewer, target), lambda: any_ray_clear(board, viewer, target))
