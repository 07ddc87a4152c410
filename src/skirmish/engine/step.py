"""Steps: the rules run as records on a stack (botbowl's procedures, FFB's steps).

A step's :meth:`Step.run` either asks for a decision (and stays on the stack until it gets
the answer) or finishes, returning the steps to run next in execution order, itself
included if it wants to continue afterwards. An interrupt, a reaction or a free attack is a
step returned on top.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, ClassVar

from skirmish.engine.record import Record
from skirmish.errors import SkirmishError

if TYPE_CHECKING:
    from skirmish.engine.action import Action
    from skirmish.engine.decision import Decision, Sealed
    from skirmish.engine.game import Game


class Step(Record, ABC):
    """One rule procedure; subclasses are slots dataclasses whose fields are plain values."""

    __slots__ = ()
    rule: ClassVar[str] = ""

    @abstractmethod
    def run(self, game: Game[Any, Any], action: Action | None) -> Decision | Sealed | list[Step]:
        """Advance this step: return a decision to ask, or the steps to run next.

        ``action`` is the answer to the decision this step last returned, else ``None``.
        In a ruleset with hidden information, a step that asks a decision must ask it again,
        and do nothing else, when run anew with ``None``: a game determinized for another
        player asks it again from the re-dealt cards.
        """

    def reveal(
        self, game: Game[Any, Any], answers: tuple[Action, ...]
    ) -> Decision | Sealed | list[Step]:
        """Go on once every part of the sealed decision this step asked is answered:
        ``answers`` in the order of its parts. Returns what :meth:`run` returns.

        Raises:
            SkirmishError: this step asks no sealed decision.
        """
        raise SkirmishError(f"{type(self).__name__} asked no sealed decision")

    def option_error(self, game: Game[Any, Any], action: Action) -> str | None:
        """Why ``action``, which is none of the decision's options, is refused, in the
        player's terms (``'out of range: 10" weapon, target 11.3" away'``); ``None`` when
        the step has nothing better to say than that it is not an option."""
        return None

    def point_error(self, game: Game[Any, Any], action: Action) -> str | None:
        """Why the point of ``action`` is not allowed, or ``None`` if it is."""
        return "this decision takes no point"
