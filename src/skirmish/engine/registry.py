"""The ruleset registry: every ruleset by id and alias, filled from the entry points that
installed packages declare, so the kernel imports no ruleset."""

from __future__ import annotations

from importlib.metadata import entry_points
from typing import Any

from skirmish.engine.game import M, S
from skirmish.engine.ruleset import Ruleset
from skirmish.errors import UnknownRulesetError

ENTRY_POINT_GROUP = "skirmish.ruleset"
"""Where installed packages declare what they add, one ``id = "module:Class"`` each."""

_RULESETS: dict[str, type[Ruleset[Any, Any]]] = {}
_ALIASES: dict[str, str] = {}
_INSTANCES: dict[str, Ruleset[Any, Any]] = {}


def register_ruleset(cls: type[Ruleset[M, S]]) -> type[Ruleset[M, S]]:
    """Class decorator: make a ruleset findable by its id and aliases."""
    _RULESETS[cls.id] = cls
    for name in (cls.id, *cls.aliases):
        _ALIASES[name.lower()] = cls.id
    return cls


def discover() -> None:
    """Register every ruleset that an installed package declares in the entry-point group
    ``skirmish.ruleset`` (skirmish's own among them, in its ``pyproject.toml``).

    Raises:
        UnknownRulesetError: an entry point names something that is not a ruleset class.
    """
    for entry in entry_points(group=ENTRY_POINT_GROUP):
        found = entry.load()
        if not (isinstance(found, type) and issubclass(found, Ruleset)):
            raise UnknownRulesetError(f"entry point {entry.name!r} is not a Ruleset class")
        if found.id not in _RULESETS:
            register_ruleset(found)


def find_registered(name: str) -> Ruleset[Any, Any]:
    """The shared instance of a registered ruleset, by id or alias.

    Raises:
        UnknownRulesetError: no ruleset has that name.
    """
    rid = _ALIASES.get(str(name).lower())
    if rid is None:
        discover()
        rid = _ALIASES.get(str(name).lower())
    if rid is None:
        known = ", ".join(sorted(_RULESETS))
        raise UnknownRulesetError(f"unknown ruleset {name!r}; known: {known}")
    if rid not in _INSTANCES:
        _INSTANCES[rid] = _RULESETS[rid]()
    return _INSTANCES[rid]


def registered_ids() -> list[str]:
    """Ids of every ruleset registered or declared by an installed package."""
    discover()
    return sorted(_RULESETS)
