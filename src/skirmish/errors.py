"""The one family of errors that skirmish raises for bad input.

Every error is a ``ValueError`` whose message is one line that quotes the input and enough
state to reproduce the problem. Front doors print the message and exit non-zero.
"""

from __future__ import annotations

import re
from typing import Any, TypeVar

T = TypeVar("T")


class SkirmishError(ValueError):
    """Base of every error caused by bad input (actions, files, options)."""


class InvalidActionError(SkirmishError):
    """An action text that cannot be parsed."""


class IllegalActionError(SkirmishError):
    """A well-formed action that the rules do not allow now."""


class AmbiguousActionError(SkirmishError):
    """An action text that matches several options."""


class RulesDataError(SkirmishError):
    """Rules data (TOML) that fails to load or validate."""


class BoardError(SkirmishError):
    """A board file that fails to load or validate."""


class SaveError(SkirmishError):
    """A saved game or record that cannot be read."""


class UnknownRulesetError(SkirmishError):
    """A ruleset id or alias that is not registered."""


class FileError(SkirmishError):
    """A file that cannot be read or written (missing, a folder, refused by the system)."""


class StoreError(SkirmishError):
    """The game store cannot be opened, or refused a change (nothing was changed)."""


class SeatError(SkirmishError):
    """A seat token that does not let its holder see or do what it asked."""


class NotFoundError(SkirmishError):
    """No stored game, or no model of a game, has the id asked for."""


_REPR_UNIT = re.compile(r"\\(?:x[0-9a-f]{2}|u[0-9a-f]{4}|U[0-9a-f]{8}|.)|.", re.DOTALL)
"""A character of a repr, or an escape sequence written for one (``\\x00``, ``\\u2028``)."""


def quoted(value: object, limit: int = 40) -> str:
    """``repr(value)`` cut to ``limit`` characters: how every message quotes what a file, an
    option or a form gave, so that a huge value still makes a short line. The cut falls
    before an escape sequence it would split, never leaving half of one on screen."""
    text = repr(value)
    if len(text) <= limit:
        return text
    cut = 0
    for unit in _REPR_UNIT.finditer(text):
        if unit.end() > limit - 3:
            break
        cut = unit.end()
    return text[:cut] + "..."


_KINDS: dict[type[Any], str] = {
    dict: "a table",
    list: "a list",
    str: "text",
    int: "a whole number",
    bool: "true or false",
}


def expect(value: object, kind: type[T], what: str) -> T:
    """``value``, read from a file, if it is a ``kind`` (``dict``, ``list``, ``str``, ``int``
    or ``bool``; a ``bool`` is no ``int`` here): each part of a save is checked where it is
    read, so a file edited out of shape is refused naming the part, not failed on later.

    Raises:
        SaveError: naming ``what``, the kind it must be and the value found.
    """
    if isinstance(value, kind) and (kind is bool or not isinstance(value, bool)):
        return value
    raise SaveError(f"{what} is not {_KINDS[kind]}: {quoted(value, 60)}")
