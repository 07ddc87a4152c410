"""A Wolsung model on the table: the kernel's position and side, and what the rules change
during a game (rules notes §0, §1.3-§1.7, §5).

Models have no printed height; the body that sight and base contact use stands 1.25" tall
on a 30 mm base and 1.75" on a larger one ([HOUSE] notes §5, :data:`BODY_HEIGHT`).
"""

from __future__ import annotations

from dataclasses import dataclass

from skirmish.engine.model import Model

__all__ = ["BODY_HEIGHT", "WolsungModel", "body_height"]

BODY_HEIGHT: tuple[tuple[int, float], ...] = ((30, 1.25), (999, 1.75))
"""Body height by base size: up to the base's mm, this height ([HOUSE] notes §5)."""


def body_height(base_mm: int) -> float:
    """The height of a model's body on a base of ``base_mm`` ([HOUSE] notes §5)."""
    return next(height for most, height in BODY_HEIGHT if base_mm <= most)


@dataclass(slots=True, eq=False)
class WolsungModel(Model):
    """A model in play: ``wounds`` left (W, L27), of which ``gained`` over its W (Leech Soul
    has no upper limit, §7 item 91), ``toppled`` (L110-L111), whether it has ``activated``
    this turn (L44), its body ``height``, whether its Hero paid for a ``heroic`` Move in the
    activation under way (L213), and whether it has ``fired`` a shot in it (Hidden, L451)."""

    hero: bool = False
    wounds: int = 0
    gained: int = 0
    toppled: bool = False
    activated: bool = False
    heroic: bool = False
    fired: bool = False
    height: float = 1.25
