"""Rulesets: one package per game, each holding its data and its rules.

They are declared in ``pyproject.toml`` as entry points of the group ``skirmish.ruleset``;
the engine finds them there, so a ruleset may as well ship as a package of its own.
"""

from __future__ import annotations

from skirmish.engine.ruleset import Ruleset, find_registered, registered_ids


def find_ruleset(name: str) -> Ruleset:
    """A ruleset by id or alias (``"strange-aeons-intro"``, ``"sa-intro"``).

    Raises:
        UnknownRulesetError: no ruleset has that name.
    """
    return find_registered(name)


def ruleset_ids() -> list[str]:
    """Ids of every installed ruleset."""
    return registered_ids()
