"""Actions: a player's answer to a decision, with a canonical text form for records.

The text form needs no game to read: ``move T1 12.5,4``, ``shoot T1 L2 shotgun``,
``nominate L1``. Points are kept to a hundredth of an inch, so the text of an action
round-trips exactly and a record replays bit for bit.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from skirmish.errors import InvalidActionError, quoted
from skirmish.geometry.shapes import Point

SHOWN = 80
"""The most characters of an action a message quotes: a pasted page stays one short line."""
KEPT_PLAY = 0.01
"""What keeping a point to the hundredth of an inch may add to or take from a distance."""


def kept(point: Point) -> Point:
    """``point`` rounded to the hundredth of an inch an action's record keeps: a spot a rule
    offers is checked as it will be played."""
    return (round(point[0], 2), round(point[1], 2))


@dataclass(frozen=True, slots=True)
class Action:
    """A kind, its arguments (model ids, names) and an optional point on the table."""

    kind: str
    args: tuple[str, ...] = ()
    point: Point | None = None

    @staticmethod
    def at(kind: str, args: tuple[str, ...], x: float, y: float) -> Action:
        """An action aimed at a point, rounded to the hundredth of an inch records keep."""
        return Action(kind, args, kept((x, y)))

    def quantized(self) -> Action:
        """This action with its point rounded as records keep it."""
        if self.point is None:
            return self
        x, y = self.point
        if (x, y) == (round(x, 2), round(y, 2)):
            return self
        return Action.at(self.kind, self.args, x, y)

    def to_text(self) -> str:
        """The canonical text, parsed back by :meth:`parse`."""
        parts = [self.kind, *self.args]
        if self.point is not None:
            parts.append(f"{_num(self.point[0])},{_num(self.point[1])}")
        return " ".join(parts)

    @staticmethod
    def parse(text: str) -> Action:
        """Read an action's canonical text.

        >>> Action.parse("move T1 12.5,4")
        Action(kind='move', args=('T1',), point=(12.5, 4.0))

        Raises:
            InvalidActionError: the text is empty or its point is malformed, or it is no
                text (read from a file edited by hand).
        """
        if not isinstance(text, str):
            raise InvalidActionError(f"an action is text, not {quoted(text, SHOWN)}")
        words = text.split()
        if not words:
            raise InvalidActionError("empty action")
        point = None
        if "," in words[-1]:
            point = _parse_point(words[-1], text)
            words = words[:-1]
        if not words:
            raise InvalidActionError(f"action {quoted(text, SHOWN)} has no kind")
        return Action(words[0], tuple(words[1:]), point).quantized()

    def __str__(self) -> str:
        return self.to_text()


def _num(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


def _parse_point(word: str, text: str) -> Point:
    try:
        xs, ys = word.split(",")
        x, y = float(xs), float(ys)
    except ValueError:
        raise InvalidActionError(
            f"bad point {quoted(word, SHOWN)} in action {quoted(text, SHOWN)}; write x,y"
        ) from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise InvalidActionError(
            f"bad point {quoted(word, SHOWN)} in action {quoted(text, SHOWN)}: not a number"
        )
    return (x, y)
