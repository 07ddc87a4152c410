"""Where a model falls from (R:268): a model that goes Face Down within 1" of the edge of the
roof it stands on falls off it, unless it is Surefooted (R:1147), and one pushed over the edge
comes down beside it, falling if it drops 2" or more; the introduction has no falling
(``falling`` in its data). The fall's damage is :mod:`.damage`'s.

It comes down beside the edge nearest to it, on the first spot there where its base stands
clear of every other base; the book's model that is fallen upon and moved aside (R:269) is
read as the faller taking the nearest free spot instead, which leaves nobody to move.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.geometry.shapes import Point
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.model import FACE_DOWN, AeonsModel
from skirmish.rulesets.strange_aeons.space import placement_reason

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

FALLING = "Advanced Terrain: Falling (R:268-269)"
EDGE = 1.0
"""A Face Down model this close to its roof's edge falls (R:268)."""
DROP = 2.0
"""A model pushed down this far or more falls (R:268)."""
STEP = 0.25
"""Inches between the spots tried beside a roof's edge."""


@dataclass(frozen=True, slots=True)
class Fall:
    """Where a falling model lands and how far it drops."""

    point: Point
    level: str | None
    height: float


def edge_fall(game: AeonsGame, m: AeonsModel) -> Fall | None:
    """The fall of ``m``, Face Down near its roof's edge, or ``None``."""
    if m.level is None or m.state != FACE_DOWN or not catalog_of(game).scenario.falling:
        return None
    if catalog_of(game).profile(m.profile).has("surefooted"):
        return None
    roof = game.board.piece(m.level)
    if roof.boundary_distance(m.pos) - m.radius > EDGE:
        return None
    return landing(game, m)


def landing(game: AeonsGame, m: AeonsModel, toward: Point | None = None) -> Fall | None:
    """Where ``m``, going over the edge of its roof, comes down: the free spot beside the
    edge nearest to it (or to ``toward``), ``None`` if the roof has none."""
    assert m.level is not None
    board = game.board
    roof = board.piece(m.level)
    for spot in roof.spots_around(toward or m.pos, m.radius, STEP):
        level = board.surface_at(spot)
        if level != m.level and placement_reason(game, m, spot, level) is None:
            return Fall(spot, level, roof.height - board.surface_height(level))
    return None
