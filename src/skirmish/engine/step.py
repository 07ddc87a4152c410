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

if TYPE_CHECKING:
    from skirmish.engine.action import Action
    from skirmish.engine.decision import Decision
    from skirmish.engine.game import Game


class Step(Record, ABC):
    """One rule procedure; subclasses are slots dataclasses whose fields are plain values."""

    __slots__ = ()
    rule: ClassVar[str] = ""

    @abstractmethod
    def run(self, game: Game[Any, Any], action: Action | None) -> Decision | list[Step]:
        """Advance this step: return a decision to ask, or the steps to run next.

        ``action`` is the answer to the decision this step last returned, else ``None``.
        """

    def option_error(self, game: Game[Any, Any], action: Action) -> str | None:
        """Why ``action``, which is none of the decision's options, is refused, in the
        player's terms (``'out of range: 10" weapon, target 11.3" away'``); ``None`` when
        the step has nothing better to say than that it is not an option."""
        return None

    def point_error(self, game: Game[Any, Any], action: Action) -> str | None:
        """Why the point of ``action`` is not allowed, or ``None`` if it is."""
        return "this decision takes no point"
