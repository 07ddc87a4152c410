"""Rulesets: one package per game, each holding its data and its rules."""

from __future__ import annotations

import importlib

from skirmish.engine.ruleset import Ruleset, find_registered, registered_ids

BUILTIN = ("skirmish.rulesets.strange_aeons", "skirmish.rulesets.sacred_wire")


def load_builtin() -> None:
    """Import every built-in ruleset so that it registers itself."""
    for module in BUILTIN:
        importlib.import_module(module)


def find_ruleset(name: str) -> Ruleset:
    """A ruleset by id or alias (``"strange-aeons-intro"``, ``"sa-intro"``).

    Raises:
        UnknownRulesetError: no ruleset has that name.
    """
    load_builtin()
    return find_registered(name)


def ruleset_ids() -> list[str]:
    """Ids of every built-in ruleset."""
    load_builtin()
    return registered_ids()
