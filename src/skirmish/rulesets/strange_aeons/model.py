"""A Strange Aeons model in play: its profile, Wounds left, state and what it has faced. A
write that changes what makes where and how it stands (:data:`STANDING`) is counted
(:data:`.engine.model.STANDING_WRITES`), which drops the placement held
(:func:`.space.placement`); one that writes what was there already keeps it (the Armour and
Terror that wear off each Turn are taken off every model's profile, nearly always none). The
model written last is noted (:class:`Written`), so that the placement after a Move is found
from the one model that moved."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from skirmish.engine.model import STANDING_WRITES, Model

NORMAL = "normal"
FACE_UP = "face-up"
FACE_DOWN = "face-down"
DORMANT = "dormant"
"""A dormant Elder Thing's state (R:528, :mod:`.elder_thing`)."""
MINOR_INJURY = "Minor Injury"
MAJOR_INJURY = "Major Injury"
"""The Injuries a model is removed with (``removed``): the Injury table's two removing rows
(R:196-R:203), and what a fall, drowning or leaving the table counts as."""
STATE_NAMES = {NORMAL: "Normal", FACE_UP: "Face Up", FACE_DOWN: "Face Down", DORMANT: "Dormant"}
STANDING = ("id", "side", "profile", "radius", "x", "y", "level", "state", "removed")
"""What of a model makes where and how it stands (:func:`.space.placement`)."""
_WATCHED = frozenset(STANDING)
"""The same, looked up at every write to a model."""
_UNSET = object()
"""What a field not yet written reads as."""


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
        if name in _WATCHED and getattr(self, name, _UNSET) != value:
            if Written.model is not self:
                Written.model, Written.since = self, STANDING_WRITES.count
            STANDING_WRITES.count += 1
        object.__setattr__(self, name, value)

    @property
    def normal(self) -> bool:
        """Whether the model is in the Normal state."""
        return self.state == NORMAL

    @property
    def state_name(self) -> str:
        """The state as the rules name it: Normal, Face Up or Face Down."""
        return STATE_NAMES[self.state]

    def attacks_in_state(self, attacks: int) -> int:
        """``attacks`` as the model's state leaves them: Face Up, one fewer, down to 1
        (R:139)."""
        return max(1, attacks - 1) if self.state == FACE_UP else attacks


class Written:
    """The model whose standing was written last (:attr:`model`), and the count of
    :data:`.engine.model.STANDING_WRITES` before the first of its writes since another
    model's (:attr:`since`): every write counted after ``since`` was to it, in whatever
    game it plays. Read by identity (:func:`.space.placement`)."""

    model: ClassVar[AeonsModel | None] = None
    since: ClassVar[int] = 0
