"""Advanced terrain (R:252-266, rules notes §1.13.3): what the tags of a board's pieces do.

A board's piece carries tags (``shallow-water``, ``deep-water``, ``light-snow``,
``heavy-snow``, ``ice``, a pool's ``pool``, a river's ``flows-east``...); the catalog's
``terrain`` table says what each does (:class:`~.catalog.TerrainFeature`), so the
introduction, which has none, plays its boards as before. A piece is touched as a base
touches it: a Move whose path touches a piece pays its penalty for the whole Move, as for
rough terrain (rules notes item 50), water's deepest alone and never below 1" (R:256-257).
An Aquatic model ignores water (R:112; it still rolls a rolled Movement, rules notes item
14), a swimmer its Movement penalty (Swim, R:1151); a river's current costs every model 1"
more upstream (R:260).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from skirmish.geometry.paths import Path
from skirmish.geometry.shapes import Point
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.catalog import TerrainFeature
from skirmish.rulesets.strange_aeons.model import AeonsModel

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame


def features(game: AeonsGame, m: AeonsModel, points: tuple[Point, ...]) -> list[TerrainFeature]:
    """What the pieces that the base of ``m`` touches along ``points`` (one point: where it
    stands) do, on its surface: the ground's pieces, or the roof it stands on."""
    table = catalog_of(game).terrain
    if not table:
        return []
    board = game.board
    if m.level is not None:
        pieces = [board.piece(m.level)]
    else:
        pieces = [t for t in board.terrain if t.tags and t.swept_by(points, m.radius)]
    found = [table[tag] for t in pieces for tag in t.tags if tag in table]
    return list(dict.fromkeys(found))


def aquatic(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether water does nothing to ``m`` (the Special type Aquatic, R:112)."""
    return "aquatic" in catalog_of(game).profile(m.profile).types


def move_cost(game: AeonsGame, m: AeonsModel, points: tuple[Point, ...]) -> tuple[int, int]:
    """What a Move of ``m`` along ``points`` loses to the pieces it touches, and the least it
    keeps: the deepest water's penalty (none for an Aquatic model or a swimmer), every snow's,
    and a river's current's upstream, Aquatic or not (R:256-264)."""
    touched = features(game, m, points)
    if not touched:
        return 0, 0
    dry = aquatic(game, m) or catalog_of(game).profile(m.profile).has("swim")
    water = [f for f in touched if f.water and not dry]
    others = [f for f in touched if not f.water]
    penalty = max((f.move_penalty for f in water), default=0)
    penalty += sum(f.move_penalty for f in others)
    penalty += sum(f.upstream for f in touched if upstream(points, f))
    keeps = max((f.min_move for f in water), default=0)
    return penalty, keeps


def upstream(points: tuple[Point, ...], feature: TerrainFeature) -> bool:
    """Whether a Move along ``points`` goes against the current of ``feature`` (R:260): its
    start to its end has a part against the way the river flows."""
    if feature.flow is None:
        return False
    dx, dy = points[-1][0] - points[0][0], points[-1][1] - points[0][1]
    return dx * feature.flow[0] + dy * feature.flow[1] < -1e-9


def cover_saves(game: AeonsGame, m: AeonsModel) -> list[int]:
    """The saves the pieces ``m`` stands in give it against shooting (a pool, heavy snow),
    besides the one of the cover it has from the shooter."""
    return [f.cover for f in features(game, m, (m.pos,)) if f.cover is not None]


def prone_save(game: AeonsGame, m: AeonsModel) -> int | None:
    """The save a Face Up or Face Down model has instead of the usual 6+ where it lies
    (heavy snow's 5+, R:265; with the snow's own 6+ it makes 4+, rules notes item 43)."""
    found = [f.prone_cover for f in features(game, m, (m.pos,)) if f.prone_cover is not None]
    return min(found, default=None)


def drowning(game: AeonsGame, m: AeonsModel) -> TerrainFeature | None:
    """The water that removes ``m`` as a Major Injury in its present state (R:256-257), or
    ``None`` (never for an Aquatic model)."""
    if aquatic(game, m):
        return None
    for f in features(game, m, (m.pos,)):
        if m.state in f.drowns:
            return f
    return None


def slippery(game: AeonsGame, m: AeonsModel, path: Path, movement: float) -> TerrainFeature | None:
    """The ice a Move along ``path`` crosses faster than half the model's ``movement``,
    rounded up (R:266), which asks for a Dexterity test, or ``None``."""
    if path.length <= math.ceil(movement / 2):
        return None
    return next((f for f in features(game, m, path.points) if f.slippery), None)
