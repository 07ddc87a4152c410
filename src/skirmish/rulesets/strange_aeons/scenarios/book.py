"""The scenario chapter as one book: the data of ``rules_data.scenario_records`` joined to the
Basic Scenarios' Lurker restrictions (``lurker_restrictions.toml``, read by
``lists.scenarios``), each Basic Scenario linked to its entry and each entry to its scenario,
so the restrictions are written once. Looking a scenario or a table up by name refuses an
unknown one in one :class:`ScenarioError` line listing the valid names.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TypeVar

from skirmish.data_files import Source
from skirmish.documents import name_key
from skirmish.errors import RulesDataError, SkirmishError
from skirmish.rulesets.strange_aeons.lists.scenarios import Restriction, load_restrictions
from skirmish.rulesets.strange_aeons.rules_data.checks import unknown
from skirmish.rulesets.strange_aeons.rules_data.scenario_records import (
    LootTable,
    Scenario,
    ScenarioData,
    SelectionTable,
    load_scenario_data,
)

__all__ = ["ScenarioBook", "ScenarioError", "load_scenario_book"]


class ScenarioError(SkirmishError):
    """A scenario or a table asked for by a name the book does not have."""


@dataclass(frozen=True, slots=True)
class ScenarioBook:
    """The scenarios, their tables and the Basic Scenarios' Lurker restrictions."""

    data: ScenarioData
    restrictions: Mapping[str, Restriction]

    def restriction(self, scenario: Scenario) -> Restriction | None:
        """A Basic Scenario's Lurker restriction; ``None`` for the others."""
        return None if scenario.restriction is None else self.restrictions[scenario.restriction]

    def scenario(self, name: str) -> Scenario:
        """The scenario called ``name`` (its id or its printed name, in any case).

        Raises:
            ScenarioError: no scenario is called so.
        """
        return _find("scenario", name, self.data.scenarios.values())

    def selection(self, name: str) -> SelectionTable:
        """The Scenario Table ``basic`` or ``advanced`` (or its printed name).

        Raises:
            ScenarioError: no Scenario Table is called so.
        """
        return _find("Scenario Table", name, self.data.selection.values())

    def loot(self, name: str) -> LootTable:
        """The loot or effect table called ``name`` (its id or printed name), one a player
        rolls on by itself: a Contents table is rolled from its Type.

        Raises:
            ScenarioError: no such table, or one rolled only from another table.
        """
        return _find("table", name, [t for t in self.data.loot.values() if not t.step])


_Named = TypeVar("_Named", Scenario, SelectionTable, LootTable)


def _find(kind: str, name: str, entries: Iterable[_Named]) -> _Named:
    listed = list(entries)
    by_key = {name_key(key): e for e in listed for key in (e.id, e.name)}
    found = by_key.get(name_key(name))
    if found is None:
        ids = [e.id for e in listed]
        raise ScenarioError(f"{unknown(kind, name, ids)}; one of: {', '.join(ids)}")
    return found


def load_scenario_book(folder: Source | None = None) -> ScenarioBook:
    """The scenario data in ``folder`` (the package's by default) with the package's Lurker
    restrictions, linked both ways.

    Raises:
        RulesDataError: the data does not load (:func:`load_scenario_data`), a Basic Scenario
            names a restriction that does not exist, or a restriction has no scenario.
    """
    data = load_scenario_data(folder)
    restrictions = load_restrictions()
    named = {s.restriction for s in data.scenarios.values() if s.restriction is not None}
    missing = sorted(named - set(restrictions))
    unused = sorted(set(restrictions) - named)
    if missing or unused:
        raise RulesDataError(
            f"scenarios.toml and lurker_restrictions.toml disagree: restrictions missing "
            f"{missing}, restrictions of no scenario {unused}"
        )
    return ScenarioBook(data, restrictions)
