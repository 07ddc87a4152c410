"""A Strange Aeons model in play: its profile, Wounds left, state and what it has faced; and
the answers held while no model changes where or how it stands (:class:`Held`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from skirmish.engine.model import Model

T = TypeVar("T")

NORMAL = "normal"
FACE_UP = "face-up"
FACE_DOWN = "face-down"
DORMANT = "dormant"
"""A dormant Elder Thing's state (R:528, :mod:`.elder_thing`)."""
STATE_NAMES = {NORMAL: "Normal", FACE_UP: "Face Up", FACE_DOWN: "Face Down", DORMANT: "Dormant"}
STANDING = ("id", "side", "profile", "radius", "x", "y", "level", "state", "removed")
"""What of a model makes where and how it stands (:func:`.space.placement`)."""
_WATCHED = frozenset(STANDING)
"""The same, looked up at every write to a model."""


class Held(Generic[T]):
    """One answer held until any model's standing (:data:`STANDING`) is written, in any game:
    a change drops every answer held (:func:`held`), which costs a recomputation, never a
    stale answer (a game is played by one thread at a time, so a change to its models drops
    the answer before the game asks again). A copy, a save read back or a model added writes
    no standing of the models held for: what is held names the parts of the game it holds
    for (:func:`.space.placement`)."""

    __slots__ = ("value",)

    def __init__(self) -> None:
        self.value: T | None = None


_HELD: list[Held[Any]] = []


def held() -> Held[Any]:
    """A new answer held, dropped whenever a model's standing changes."""
    box: Held[Any] = Held()
    _HELD.append(box)
    return box


@dataclass(slots=True, eq=False)
class AeonsModel(Model):
    """A model with its Wounds, its state (Normal, Face Up, Face Down) and once-per-game uses.

    ``faced`` holds the psychology situations the model has already tested against, so it
    does not test again until a new situation arises.
    """

    profile: str = ""
    wounds: int = 1
    state: str = NORMAL
    lucky_used: bool = False
    faced: tuple[str, ...] = ()

    def __setattr__(self, name: str, value: object) -> None:
        object.__setattr__(self, name, value)
        if name in _WATCHED:
            for box in _HELD:
                box.value = None

    @property
    def normal(self) -> bool:
        """Whether the model is in the Normal state."""
        return self.state == NORMAL

    @property
    def state_name(self) -> str:
        """The state as the rules name it: Normal, Face Up or Face Down."""
        return STATE_NAMES[self.state]
