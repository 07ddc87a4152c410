"""Helpers for the Strange Aeons list tests: the book's data loaded once, and lists written as
TOML in the test itself."""

from __future__ import annotations

from functools import cache

from skirmish.rulesets.strange_aeons.lists.costs import team_total
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


def threshold_text(*models: str, head: str = "") -> str:
    """The list file of a Threshold team of these ``[[models]]`` bodies, with the ``head``
    lines given."""
    body = "".join(f"\n[[models]]\n{model}\n" for model in models)
    return f'name = "Test"\nfaction = "threshold"\n{head}\n{body}'


def threshold_team(*models: str, head: str = "") -> ThresholdList:
    """A Threshold team of these ``[[models]]`` bodies, with the ``head`` lines given."""
    return team(threshold_text(*models, head=head))


SPARE = "Spare"
"""The name of the model that :func:`padded` adds to a team."""


def spare(points: float) -> str:
    """The ``[[models]]`` body of a Civilian named :data:`SPARE` costing ``points``: its 1 PP,
    then close combat weapons for the rest, Swords (2 EP), a Cleaver (1) and a Knife (0.5)."""
    swords, rest = divmod(points - 1, 2)
    items = ["Sword"] * int(swords) + ["Cleaver"] * int(rest >= 1) + ["Knife"] * int(rest % 1 > 0)
    gear = ", ".join(f'"{item}"' for item in items)
    return f'profile = "Civilian"\nname = "{SPARE}"\ngear = [{gear}]'


def padded(text: str) -> str:
    """The Threshold list file ``text`` with a :func:`spare` after its models that spends what
    they leave of a new list's 15 Total Points (R:350, R:352). A game that places its models
    by hand leaves the spare out of play, so it takes no part in a test's dice."""
    left = promotion().starting_points - team_total(team(text))
    return f"{text.rstrip()}\n\n[[models]]\n{spare(left)}\n"


def spending_all(*models: str, head: str = "") -> ThresholdList:
    """A Threshold team of these ``[[models]]`` bodies, :func:`padded` to all of a new list's
    15 Total Points (R:350, R:352)."""
    return team(padded(threshold_text(*models, head=head)))
