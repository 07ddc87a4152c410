"""Loading the house scenarios, ``data/scenarios.toml`` (notes ``wolsung-scenarios.md`` §4, §5).

:func:`load_scenarios` reads the file with :func:`skirmish.data_files.read_data` into a
:class:`~.records.ScenarioBook`; any problem, a key the records do not know included, is one
:class:`~skirmish.errors.RulesDataError` line naming the file, the entry and the value. A book
is owned by whoever loads it; nothing here keeps one.
"""

from __future__ import annotations

from skirmish.data_files import Source, read_data
from skirmish.rulesets.wolsung.rules_data.catalog import DATA
from skirmish.rulesets.wolsung.table.records import ScenarioBook

__all__ = ["load_scenarios"]


def load_scenarios(folder: Source | None = None) -> ScenarioBook:
    """The scenarios in ``folder`` (the package's ``data`` by default), checked.

    Raises:
        RulesDataError: the file is missing, is not TOML, or holds a value its records refuse.
    """
    return read_data(DATA if folder is None else folder, "scenarios.toml", ScenarioBook)
