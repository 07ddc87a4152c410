"""The one family of errors that skirmish raises for bad input.

Every error is a ``ValueError`` whose message is one line that quotes the input and enough
state to reproduce the problem. Front doors print the message and exit non-zero.
"""

from __future__ import annotations


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
