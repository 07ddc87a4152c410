"""Rulesets: one package per game, each holding its data and its rules.

They are declared in ``pyproject.toml`` as entry points of the group ``skirmish.ruleset``;
the engine finds them there, so a ruleset may as well ship as a package of its own.
"""

from __future__ import annotations

from typing import Any

from skirmish.engine.registry import find_registered, registered_ids
from skirmish.engine.ruleset import Ruleset


def find_ruleset(name: str) -> Ruleset[Any, Any]:
    """A ruleset by id or alias (``"strange-aeons-intro"``, ``"sa-intro"``).

    Raises:
        UnknownRulesetError: no ruleset has that name.
    """
    return find_registered(name)


def ruleset_ids() -> list[str]:
    """Ids of every installed ruleset."""
    return registered_ids()
