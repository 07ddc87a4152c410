"""The Conqueror Worm's Burrower (R:557): it moves beneath the surface, so rough terrain costs
its Moves nothing (the book's "Difficult" read as rough, our reading) and it passes under
impassable terrain (the catalog's ``rough_free`` and ``over_impassable``, :mod:`.space`);
yet it never ends a Move in rough or impassable terrain (every model keeps out of the
latter), and never Charges a model standing in rough terrain (``burrowers``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.geometry.shapes import CONTACT, Point
from skirmish.geometry.terrain import Movement
from skirmish.rulesets.strange_aeons.base import catalog_of

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.model import AeonsModel
    from skirmish.rulesets.strange_aeons.state import AeonsGame


def burrows(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` moves beneath the surface."""
    cat = catalog_of(game)
    return any(cat.profile(m.profile).can(a) for a in cat.scenario.burrowers)


def in_rough(game: AeonsGame, p: Point, radius: float, level: str | None) -> bool:
    """Whether a base of ``radius`` at ``p`` on the ground stands in rough terrain."""
    rough = (t for t in game.board.terrain if t.movement is Movement.ROUGH)
    return level is None and any(t.base_overlaps(p, radius, CONTACT) for t in rough)


def end_error(game: AeonsGame, m: AeonsModel, p: Point, level: str | None) -> str | None:
    """Why ``m`` may not end a Move at ``p``: a burrower surfaces out of rough terrain."""
    if burrows(game, m) and in_rough(game, p, m.radius, level):
        return f"{m.id} burrows: it never ends a Move in rough terrain (R:557)"
    return None


def charge_error(game: AeonsGame, m: AeonsModel, target: AeonsModel) -> str | None:
    """Why ``m`` may not Charge ``target``: a burrower never Charges a model in rough terrain."""
    if burrows(game, m) and in_rough(game, target.pos, target.radius, target.level):
        return f"{target.id} stands in rough terrain: {m.id} burrows and never Charges it (R:557)"
    return None
