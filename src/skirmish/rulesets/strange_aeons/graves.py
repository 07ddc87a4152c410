"""Grave-bound (R:720, R:735; rules notes §3.4): the Banshee's and the Restless Spirit's Grave
Marker.

The Ghost is set up late, as a Sneaky model is (:mod:`.sneaky`), once every other model is
placed: its player places it, and its Grave Marker is laid in base contact with it, on its side
toward the table's centre (our reading: the book places the marker outside the zones and the
Ghost in contact with it; placing the Ghost first asks its player one point, not two). Neither
the marker nor the Ghost lies, even in part, in a side's deployment zone (where models deploy
at random, in Free For All!'s quadrants, no zone is a side's and they go anywhere); where no
spot of the table is clear of both zones (Treasure Hunt's halves cover it), they keep out of
the enemy's alone (our reading, the nearest to the rule: no notes item settles it).

A Move that would take the Ghost more than 12" (``grave_tether``) from its marker, base edge
to marker edge, is refused; a move not its own that leaves it beyond (a gust's push, a Blessed
winner's Repel or Throw, its own Face Up escape) dispels it at once (:func:`.damage.astray`).
Purifying the marker dispels the Ghost (:mod:`.purifying`). A Ghost removed from play,
dispelled or otherwise (a Holy Book, a Sermon, straying, purified, a Blessed model's blows),
takes its marker along (:func:`marker_gone`, our reading: the book gives the marker no part
once its Ghost is gone); a Banished one keeps it, to come back at it. No attack on a marker is
played (markers are no targets in this game), so a marker is never destroyed.

A Mob of Grave-bound Ghosts (R:918) is set up as one body on its template (:mod:`.mobs`): the
member bearing it lays the one Grave Marker played, whose purifying dispels that member alone
(R:922); the template passes to a rider, and the riders' own markers are not played. The
marker is laid touching the template, not its bearer's own base (our reading, no notes item
settling it: the template is the Mob's base, R:921, notes §6 item 5, and the book places no
member on it); a marker is a model's base in size, whatever the body beside it, and the 12"
run from its edge.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from skirmish.geometry.shapes import edge_distance
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.space import base_radius, inches, placement_reason, table_grid

if TYPE_CHECKING:
    from skirmish.geometry.shapes import Point
    from skirmish.rulesets.strange_aeons.model import AeonsModel
    from skirmish.rulesets.strange_aeons.sneaky import Area
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Ghosts: Grave-bound (R:720)"
GRAVE = "grave"
"""The kind of the point a Grave-bound Ghost is set up at."""
GRID = 13
"""Spots along each side of the table, for the points a computer player weighs."""


def is_grave_bound(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` is a Grave-bound Ghost."""
    return catalog_of(game).profile(m.profile).can("grave_bound")


def grave_of(game: AeonsGame, ghost: str) -> Point | None:
    """Where ``ghost``'s Grave Marker lies, if it is on the table."""
    return next(((x, y) for g, x, y in game.state.graves if g == ghost), None)


def marker(game: AeonsGame, ghost: str) -> tuple[Point, float] | None:
    """The body of ``ghost``'s Grave Marker, if it is on the table: its centre and radius, a
    model's base whatever body stands beside it (our reading), so every rule measuring to it
    (the tether, purifying, a Banished Ghost's return, the Sermon) measures a Mob's template
    to the same marker as a single base."""
    grave = grave_of(game, ghost)
    return None if grave is None else (grave, base_radius(game))


def marker_gone(game: AeonsGame, m: AeonsModel) -> None:
    """``m`` has been removed from play: its Grave Marker, if it has one, goes with it, no Ghost
    left for it to bind nor for its purifying to dispel (our reading of R:720, R:735)."""
    st = game.state
    st.graves = tuple(g for g in st.graves if g[0] != m.id)


def place_error(
    game: AeonsGame, m: AeonsModel, point: Point, area: Area | None, kept: tuple[int, ...] = ()
) -> str | None:
    """Why the Grave-bound ``m`` cannot be set up at ``point``: it or its marker laid beside
    it in a deployment zone of ``area`` (none: no zone is a side's) that it keeps out of
    (``kept``, else :func:`kept_out`'s), or its spot not free."""
    board = game.board
    if not board.on_table(point, m.radius):
        return "the base would be off the table"
    sides = kept or kept_out(game, m, area)
    marker = ("its Grave Marker", marker_at(game, m, point), base_radius(game))
    for what, p, r in (("the base", point, m.radius), marker):
        side = next((s for s in sides if area is not None and area(game, s, p, r)), None)
        if side is not None:
            whose = "its own" if side == m.side else "the enemy's"
            where = "both" if len(sides) == 2 else "the enemy's, none being outside both"
            return f"{what} would be in {whose} deployment zone: it goes outside {where} ({RULE})"
    return placement_reason(game, m, point, board.surface_at(point))


def kept_out(game: AeonsGame, m: AeonsModel, area: Area | None) -> tuple[int, ...]:
    """The sides whose deployment zones of ``area`` the Grave-bound ``m`` and its marker keep
    out of: both, or the enemy's alone where no spot of the table is clear of both (our
    reading); none without zones."""
    if area is None:
        return ()
    both, r = (0, 1), base_radius(game)
    for p in table_grid(game.board, r, GRID):
        if not any(area(game, s, p, r) for s in both):
            return both
    return (1 - m.side,)


def spots(game: AeonsGame, m: AeonsModel, area: Area | None) -> list[Point]:
    """Spots on a grid where the Grave-bound ``m`` may be set up."""
    kept = kept_out(game, m, area)
    spots = table_grid(game.board, m.radius, GRID)
    return [p for p in spots if place_error(game, m, p, area, kept) is None]


def marker_at(game: AeonsGame, m: AeonsModel, point: Point) -> Point:
    """Where the Grave Marker of ``m`` set up at ``point`` lies: in base contact with it,
    toward the centre of the table; a Mob's, with its template, the body it stands on."""
    centre = (game.board.width / 2, game.board.height / 2)
    d = math.dist(point, centre)
    dx, dy = ((centre[0] - point[0]) / d, (centre[1] - point[1]) / d) if d else (1.0, 0.0)
    apart = m.radius + base_radius(game)
    return round(point[0] + apart * dx, 2), round(point[1] + apart * dy, 2)


def lay(game: AeonsGame, m: AeonsModel) -> None:
    """``m`` is set up: its Grave Marker is laid in base contact, toward the centre."""
    x, y = marker_at(game, m, m.pos)
    game.state.graves = (*game.state.graves, (m.id, x, y))
    game.emit("grave", RULE, (m.id,), at=[x, y])


def tether_error(game: AeonsGame, m: AeonsModel, point: Point) -> str | None:
    """Why ``m`` may not stand at ``point``: beyond the reach of its Grave Marker (a Move
    ending there is refused, any other move ending there dispels it)."""
    body = marker(game, m.id)
    if body is None:
        return None
    reach = catalog_of(game).scenario.grave_tether
    far = edge_distance(point, m.radius, *body)
    if far <= reach:
        return None
    return (
        f'{m.id} would be {inches(far)} from its Grave Marker: it stays within {reach:g}" ({RULE})'
    )


def wanted(game: AeonsGame, m: AeonsModel) -> list[Point]:
    """The Grave Markers ``m`` would purify (for the heuristic player)."""
    return [(x, y) for _, x, y in game.state.graves] if m.side == 0 else []
