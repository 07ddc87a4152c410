"""A Strange Aeons model in play: its profile, Wounds left, state and what it has faced."""

from __future__ import annotations

from dataclasses import dataclass

from skirmish.engine.model import Model

NORMAL = "normal"
FACE_UP = "face-up"
FACE_DOWN = "face-down"
DORMANT = "dormant"
"""A dormant Elder Thing's state (R:528, :mod:`.elder_thing`)."""
STATE_NAMES = {NORMAL: "Normal", FACE_UP: "Face Up", FACE_DOWN: "Face Down", DORMANT: "Dormant"}


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

    @property
    def normal(self) -> bool:
        """Whether the model is in the Normal state."""
        return self.state == NORMAL

    @property
    def state_name(self) -> str:
        """The state as the rules name it: Normal, Face Up or Face Down."""
        return STATE_NAMES[self.state]
