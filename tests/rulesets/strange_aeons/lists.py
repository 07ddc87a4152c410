"""Helpers for the Strange Aeons list tests: the book's data loaded once, and lists written as
TOML in the test itself."""

from __future__ import annotations

from functools import cache

from skirmish.rulesets.strange_aeons.lists.list_file import (
    ForceList,
    LurkerList,
    ThresholdList,
    parse_list,
)
from skirmish.rulesets.strange_aeons.lists.promotion import Promotion, load_promotion
from skirmish.rulesets.strange_aeons.lists.scenarios import Restriction, load_restrictions
from skirmish.rulesets.strange_aeons.rules_data.catalog import BookCatalog, load_book

SAMPLE_LIST = """
name = "Howard's team"
faction = "threshold"

[[models]]
name = "Professor Tillinghast"
profile = "Character"
skills = ["Munitions Expert"]
gear = [".45 Handgun", "Knife", "Light Armoured Vest", "Dynamite"]

[[models]]
name = "Sarah Green"
profile = "Agent"
skills = ["Heroic"]
gear = ["Double-Barrelled Shotgun", "Cleaver"]

[[models]]
name = "Ashton Winfield"
profile = "Civilian"
gear = ["Knife", ".22 Handgun"]
"""
"""The book's Sample List (R:504-507), as its sample file has it."""


@cache
def book() -> BookCatalog:
    """The rulebook's data, loaded once for these tests (frozen records)."""
    return load_book()


@cache
def promotion() -> Promotion:
    """The promotion levels, loaded once."""
    return load_promotion()


@cache
def restrictions() -> dict[str, Restriction]:
    """The 7 Basic Scenarios' Lurker restrictions, loaded once."""
    return load_restrictions()


def force(text: str) -> ForceList:
    """The list written as TOML."""
    return parse_list(text, "toml", book())


def team(text: str) -> ThresholdList:
    """A Threshold team written as TOML."""
    found = force(text)
    assert isinstance(found, ThresholdList)
    return found


def lurkers(text: str) -> LurkerList:
    """A Lurker list written as TOML."""
    found = force(text)
    assert isinstance(found, LurkerList)
    return found


def lurker_list(*models: str, head: str = "") -> LurkerList:
    """A Lurker list of these ``[[models]]`` bodies, with the ``head`` lines given."""
    body = "".join(f"\n[[models]]\n{model}\n" for model in models)
    return lurkers(f'name = "Test"\nfaction = "lurkers"\n{head}\n{body}')


def threshold_team(*models: str, head: str = "") -> ThresholdList:
    """A Threshold team of these ``[[models]]`` bodies, with the ``head`` lines given."""
    body = "".join(f"\n[[models]]\n{model}\n" for model in models)
    return team(f'name = "Test"\nfaction = "threshold"\n{head}\n{body}')
