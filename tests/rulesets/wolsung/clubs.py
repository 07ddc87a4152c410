"""Club lists for tests, written as the file schema's data (``club_list.py``)."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from skirmish.rulesets.wolsung.clubs.building import check_club
from skirmish.rulesets.wolsung.clubs.club_list import ClubList, parse_club_list
from skirmish.rulesets.wolsung.rules_data.catalog import load_catalog
from skirmish.rulesets.wolsung.rules_data.records import WolsungCatalog


@cache
def catalog() -> WolsungCatalog:
    """The shipped catalogue, loaded once for the tests."""
    return load_catalog()


def custom(name: str, race: str, profession: str, *gadgets: str, **more: str) -> dict[str, Any]:
    """A custom hero's entry."""
    return {"name": name, "race": race, "profession": profession, "gadgets": list(gadgets), **more}


def named(hero: str, *gadgets: str) -> dict[str, Any]:
    """A named hero's entry (gadgets only to test their refusal)."""
    return {"named": hero, "gadgets": list(gadgets)} if gadgets else {"named": hero}


def hire(henchman: str, count: int = 1, *gadgets: str) -> dict[str, Any]:
    """A henchman entry."""
    return {"henchman": henchman, "count": count, "gadgets": list(gadgets)}


def club_list(
    club: str, *heroes: dict[str, Any], henchmen: tuple[dict[str, Any], ...] = ()
) -> ClubList:
    """The club list of these entries, names resolved."""
    data = {"name": "Test Club", "club": club, "heroes": heroes, "henchmen": henchmen}
    return parse_club_list(json.dumps(data), "json", catalog())


def problems(
    club: str,
    *heroes: dict[str, Any],
    henchmen: tuple[dict[str, Any], ...] = (),
) -> list[str]:
    """Every violation of the club list of these entries."""
    return check_club(catalog(), club_list(club, *heroes, henchmen=henchmen))
