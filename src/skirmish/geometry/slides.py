"""Straight slides of a base: how far it goes along a direction before something stops it
(:func:`ray_move`), and a random point one straight move reaches (:func:`random_reachable_point`).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from skirmish.geometry.board import Board
from skirmish.geometry.clearance import Blockers, Space, blocker_list, space_for
from skirmish.geometry.shapes import EPS, PATH_SLACK, EdgeList, Point, point_in_edges

__all__ = ["first_stop", "random_reachable_point", "ray_move"]


def _capsule_entry(
    sx: float,
    sy: float,
    dx: float,
    dy: float,
    t_best: float,
    edges: EdgeList,
    rr: float,
) -> float:
    """First t in [0, t_best) where the centre comes within ``rr`` of an edge while closing in."""
    r2 = rr * rr
    for x1, y1, x2, y2 in edges:
        # The disc around the edge's first vertex (every vertex is some edge's first).
        if rr > 0.0:
            wx = sx - x1
            wy = sy - y1
            b = wx * dx + wy * dy
            if b < -EPS:
                c = wx * wx + wy * wy - r2
                if c <= 0.0:
                    return 0.0
                disc = b * b - c
                if disc >= 0.0:
                    t = -b - math.sqrt(disc)
                    if t < t_best:
                        t_best = t
        # The band along the edge, entered from the side the centre is on.
        ex = x2 - x1
        ey = y2 - y1
        length = math.hypot(ex, ey)
        nx = -ey / length
        ny = ex / length
        h0 = (sx - x1) * nx + (sy - y1) * ny
        rate = dx * nx + dy * ny
        if h0 < 0.0 or (h0 == 0.0 and rate > 0.0):
            h0 = -h0
            rate = -rate
        if rate >= -EPS:
            continue
        t = (h0 - rr) / -rate
        if t < 0.0:
            t = 0.0
        if t >= t_best:
            continue
        u = ((sx + dx * t - x1) * ex + (sy + dy * t - y1) * ey) / (length * length)
        if 0.0 <= u <= 1.0:
            t_best = t
    return t_best


def first_stop(
    space: Space,
    sx: float,
    sy: float,
    dx: float,
    dy: float,
    length: float,
    blist: list[tuple[float, float, float, int]],
    inset: bool,
) -> tuple[float, str | None]:
    """How far a base slides straight before something stops it, and what.

    ``inset``: stop when the base reaches the table edge or its roof's edge (paths) rather than
    when its centre crosses it (pushes).
    """
    board = space.board
    r = space.radius
    t_best = length
    why: str | None = None
    roof = space.roof
    if roof is None:
        lo_x = lo_y = r if inset else 0.0
        hi_x = board.width - lo_x
        hi_y = board.height - lo_y
        for pos, vel, lo, hi in ((sx, dx, lo_x, hi_x), (sy, dy, lo_y, hi_y)):
            if vel > EPS:
                t = max(0.0, (hi - pos) / vel)
            elif vel < -EPS:
                t = max(0.0, (lo - pos) / vel)
            else:
                continue
            if t < t_best:
                t_best = t
                why = "edge"
        ex = sx + dx * t_best
        ey = sy + dy * t_best
        lox, hix = (sx, ex) if sx < ex else (ex, sx)
        loy, hiy = (sy, ey) if sy < ey else (ey, sy)
        for ox0, oy0, ox1, oy1, edges, d, piece in space.obstacles:
            # Obstacles keep their path reach; a slide stops where the base reaches them.
            if (
                ox0 - PATH_SLACK > hix
                or ox1 + PATH_SLACK < lox
                or oy0 - PATH_SLACK > hiy
                or oy1 + PATH_SLACK < loy
            ):
                continue
            if point_in_edges(sx, sy, edges):
                t = 0.0
            else:
                t = _capsule_entry(sx, sy, dx, dy, t_best, edges, d + PATH_SLACK)
            if t < t_best:
                t_best = t
                why = f"terrain:{piece.id}"
    else:
        t = _capsule_entry(sx, sy, dx, dy, t_best, roof.edges, r if inset else 0.0)
        if t < t_best:
            t_best = t
            why = f"fall:{roof.id}"
    for cx, cy, reach, k in blist:
        rr = reach + PATH_SLACK  # blist keeps path reach; slides stop at exact contact
        wx = sx - cx
        wy = sy - cy
        b = wx * dx + wy * dy
        if b >= -EPS:
            continue  # not closing in
        c = wx * wx + wy * wy - rr * rr
        if c <= 0.0:
            t = 0.0
        else:
            disc = b * b - c
            if disc < 0.0:
                continue
            t = -b - math.sqrt(disc)
        if t < t_best:
            t_best = t
            why = f"base:{k}"
    return t_best, why


def ray_move(
    board: Board,
    start: Point,
    direction: Point,
    length: float,
    radius: float,
    blockers: Blockers,
    level: str | None = None,
    stay_on_roof: bool = False,
) -> tuple[Point, str | None]:
    """Slide a base straight from ``start`` along ``direction`` for up to ``length``.

    Returns the end point and what stopped the slide:

    - ``None``: the full length (the base may then overhang the table edge; check ``on_table``);
    - ``"edge"``: the base's centre reached the table edge line, i.e. the model left the table;
      the point returned is where the centre crossed that line;
    - ``"fall:<id>"`` (on a roof): the centre reached the roof's edge; the point is on it. With
      ``stay_on_roof`` (rules without falling) the slide stops where the base reaches the
      roof's edge instead, so the base never overhangs it;
    - ``"terrain:<id>"``: the base reached an impassable or climbable piece; the point is where
      it first touches it (edge distance 0), or the start if it already overlaps it;
    - ``"base:<k>"``: the base reached ``blockers[k]``; the point is in exact contact.

    Contacts only stop a base that is closing in: one sliding along a wall or a base it already
    touches goes on. Blockers the start already overlaps are ignored.
    """
    dx, dy = direction
    norm = math.hypot(dx, dy)
    sx, sy = start
    if norm == 0.0 or length <= 0.0:
        return (sx, sy), None
    dx /= norm
    dy /= norm
    space = space_for(board, radius, level, False)
    blist = blocker_list(sx, sy, radius, blockers)
    # On the ground, leaving the table is the centre crossing its edge, whatever the flag.
    inset = stay_on_roof and space.roof is not None
    t, why = first_stop(space, sx, sy, dx, dy, length, blist, inset)
    if why is None:
        t = length
    return (sx + dx * t, sy + dy * t), why


def random_reachable_point(
    board: Board,
    start: Point,
    radius: float,
    blockers: Blockers,
    level: str | None,
    max_length: float,
    rng_uniform: Callable[[], float],
) -> Point | None:
    """A random legal point reachable by one straight move of length <= ``max_length``.

    The direction and the distance are each uniform (from ``rng_uniform``, a uniform [0, 1)
    source); the move slides until something stops it. After a few draws that end off the
    table (or off the roof), None.
    """
    space = space_for(board, radius, level, False)
    sx, sy = start
    blist = blocker_list(sx, sy, radius, blockers)
    for _ in range(8):
        angle = 2.0 * math.pi * rng_uniform()
        want = max_length * rng_uniform()
        dx = math.cos(angle)
        dy = math.sin(angle)
        t, why = first_stop(space, sx, sy, dx, dy, want, blist, inset=True)
        if why is not None and t <= EPS:
            continue  # stuck against something in that direction: draw again
        return (sx + dx * t, sy + dy * t)
    return None
