"""What every rules module of the Wolsung game reaches through the game: the catalogue, the
house rules in force, the scenario and the models the clubs field.

A setup holds each club list as data (its TOML or JSON document), so a record replays on any
machine; the clubs are read from it once per ruleset instance and kept. This module imports
no rules, so every rules module may import it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import fields
from typing import Any, Generic, TypeVar

from skirmish.engine.ruleset import Ruleset
from skirmish.rulesets.wolsung.clubs.club_list import ClubList, parse_club_list
from skirmish.rulesets.wolsung.game.model import WolsungModel
from skirmish.rulesets.wolsung.game.roster import Member, roster
from skirmish.rulesets.wolsung.game.state import WolsungGame, WolsungState
from skirmish.rulesets.wolsung.house_rules import HouseRules
from skirmish.rulesets.wolsung.rules_data.catalog import load_catalog
from skirmish.rulesets.wolsung.rules_data.records import WolsungCatalog
from skirmish.rulesets.wolsung.table.records import Common, Scenario, ScenarioBook
from skirmish.rulesets.wolsung.table.scenarios import load_scenarios

__all__ = [
    "HOUSE_OPTIONS",
    "WolsungRuleset",
    "club_lists",
    "common_of",
    "house_of",
    "last_turn",
    "member",
    "rules_of",
    "scenario_of",
]

KEPT = 64
"""Setups whose parts are remembered by identity at a time (a batch run plays many)."""
T = TypeVar("T")
HOUSE_OPTIONS: tuple[str, ...] = tuple(f.name for f in fields(HouseRules))
"""The house rules a setup may switch (:class:`.HouseRules`, notes §7)."""


class WolsungRuleset(Ruleset[WolsungModel, WolsungState]):
    """A Wolsung ruleset: the catalogue loaded once per instance, and each setup's clubs and
    house rules read once and kept."""

    def __init__(self) -> None:
        self.catalog: WolsungCatalog = load_catalog()
        self.scenarios: ScenarioBook = load_scenarios()
        self._members: Kept[Mapping[str, Member]] = Kept()
        self._house: Kept[HouseRules] = Kept()

    def members(self, setup: Mapping[str, Any]) -> Mapping[str, Member]:
        """Every model the setup's clubs field, by model id."""
        return self._members.read(setup["clubs"], self._roster)

    def _roster(self, documents: list[Any]) -> Mapping[str, Member]:
        lists = club_lists(self.catalog, documents)
        return {
            m.key: m for side, club in enumerate(lists) for m in roster(self.catalog, side, club)
        }

    def house(self, setup: Mapping[str, Any]) -> HouseRules:
        """The house rules the setup plays by."""
        return self._house.read(setup["house"], lambda rules: HouseRules(**rules))


class Kept(Generic[T]):
    """What is read from one part of a setup (its clubs, its house rules), kept by its text
    and found first by the part's identity: a game, its clones and its views share one setup,
    and the rules ask many times an action, where writing the text each time cost more than
    the rest of the question."""

    def __init__(self) -> None:
        self._by_text: dict[str, T] = {}
        # The part itself is kept with what was read, so its id is not reused meanwhile.
        self._by_object: dict[int, tuple[Any, T]] = {}

    def read(self, part: Any, make: Callable[[Any], T]) -> T:
        """What ``make`` reads from ``part``, made once per text of it."""
        seen = self._by_object.get(id(part))
        if seen is not None:
            return seen[1]
        key = json.dumps(part, sort_keys=True)
        found = self._by_text.get(key)
        if found is None:
            found = self._by_text[key] = make(part)
        if len(self._by_object) >= KEPT:
            self._by_object.clear()
        self._by_object[id(part)] = (part, found)
        return found


def club_lists(catalog: WolsungCatalog, documents: list[Any]) -> tuple[ClubList, ...]:
    """The club lists of a setup, each read from its document.

    Raises:
        ClubListError: a document is not a valid club list.
    """
    return tuple(parse_club_list(json.dumps(doc), "json", catalog) for doc in documents)


def rules_of(game: WolsungGame) -> WolsungRuleset:
    """The Wolsung ruleset ``game`` plays.

    Raises:
        TypeError: the game is not played by a Wolsung ruleset.
    """
    ruleset = game.ruleset
    if not isinstance(ruleset, WolsungRuleset):
        raise TypeError(f"{ruleset.id} is not a Wolsung ruleset")
    return ruleset


def member(game: WolsungGame, model_id: str) -> Member:
    """The club member behind a model: its profile, weapons and the Hero who pays its cards."""
    return rules_of(game).members(game.setup)[model_id]


def house_of(game: WolsungGame) -> HouseRules:
    """The house rules of ``game``."""
    return rules_of(game).house(game.setup)


def scenario_of(game: WolsungGame) -> Scenario:
    """The house scenario ``game`` plays (``wolsung-scenarios.md`` §4)."""
    return rules_of(game).scenarios.get(game.setup["scenario"])


def common_of(game: WolsungGame) -> Common:
    """The rules every house scenario shares (``wolsung-scenarios.md`` §4.0)."""
    return rules_of(game).scenarios.common


def last_turn(game: WolsungGame) -> int:
    """The game's last turn: the scenario's, or the one after it once the roll for a seventh
    turn is won (``wolsung-scenarios.md`` §4.0)."""
    return common_of(game).turns + game.state.extra_turn
