"""A model on the table as the engine sees it: where it is, whose it is, whether it is in play;
and the count of writes to the models' standing (:data:`STANDING_WRITES`), by which a ruleset
holds answers that follow from where its models stand."""

from __future__ import annotations

from dataclasses import dataclass

from skirmish.engine.record import Record
from skirmish.geometry.shapes import Point


class Writes:
    """How many times a model's standing has been written, in any game of this process. Each
    ruleset's model counts the writes to what of it makes where, how and whose it stands; an
    answer found from the standing holds while the count is the one it was found at, so a
    write costs a recomputation, never a stale answer (a game is played by one thread at a
    time). A copy, a save read back or a model added writes no standing of the models an
    answer was found for: the answer names the parts of the game it holds for as well."""

    __slots__ = ("count",)

    def __init__(self) -> None:
        self.count = 0


STANDING_WRITES = Writes()


@dataclass(slots=True, eq=False)
class Model(Record):
    """Position and ownership of one model; each ruleset subclasses it to add its characteristics.

    ``level`` is ``None`` on the ground or the id of the terrain piece whose top the model
    stands on. ``removed`` is ``None`` while the model is on the table, else the reason.
    """

    id: str
    side: int
    name: str
    x: float
    y: float
    radius: float
    level: str | None = None
    removed: str | None = None

    @property
    def pos(self) -> Point:
        """The centre of the base."""
        return (self.x, self.y)

    @property
    def in_play(self) -> bool:
        """Whether the model is on the table."""
        return self.removed is None

    @property
    def deployed(self) -> bool:
        """Whether the model has been placed (undeployed models sit at negative x)."""
        return self.x >= 0.0

    @property
    def on_table(self) -> bool:
        """Whether the model is deployed and not removed."""
        return self.removed is None and self.x >= 0.0
