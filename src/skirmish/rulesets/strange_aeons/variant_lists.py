"""How a Variant changes the lists (R:1536, rules notes §2.15), from
``data/variant_lists.toml``: Last Stand fields one model of the team (R:1593), Street Fight
takes Human Lurkers only and close combat weapons only, the team's Ranged weapons not counted
in its points (R:1594, :func:`.lists.scenarios.answered_total`), Strength in Numbers lets a
single Mob stand for Monster Attack!'s single model (R:1621), and Capture the Courier needs a
Human or Humanoid Lurker to be the courier (R:1573). A Variant's own limits on the Lurker
list are checked with the scenario's and cited by the Variant's name and line.

Readings: Last Stand's Lurkers "may still field" the team's Total Points, so their list answers
the whole team as in the Fight (R:1587), and the Threshold player names the model that stands
when the game is set up, as it names its list (the first of the list when it names none). In
Street Fight a weapon a model carries as an item is "equipped"; a profile's own natural
attacks are not, and the ammunition of a Ranged weapon goes with it. The Black Mark Last Stand
and The Monster's Lair remove belong to the campaign, not played yet.
"""

from __future__ import annotations

from dataclasses import replace
from importlib.resources import files
from typing import Annotated, Any

from pydantic import Field, StrictBool, StrictInt

from skirmish.data_files import read_data
from skirmish.errors import SkirmishError
from skirmish.rulesets.strange_aeons.lists.list_file import ThresholdList
from skirmish.rulesets.strange_aeons.lists.scenarios import Restriction
from skirmish.rulesets.strange_aeons.rules_data.records import (
    Id,
    Line,
    Record,
    SpecialType,
)
from skirmish.rulesets.strange_aeons.rules_data.scenario_records import Scenario, Variant

__all__ = [
    "ListChange",
    "find_variant",
    "load_list_changes",
    "ranged_left_out",
    "standing",
]


class ListChange(Record):
    """One Variant's changes to the lists (see the data file's header)."""

    id: Id
    scenario: Id
    line: Line
    fielded: Annotated[StrictInt, Field(ge=1)] | None = None
    humans_only: StrictBool = False
    mob_for_one: StrictBool = False
    close_combat_only: StrictBool = False
    courier: tuple[SpecialType, ...] = ()

    def restriction(self, rule: Restriction, name: str) -> Restriction:
        """The scenario's Lurker restriction as this Variant, printed as ``name``, plays it."""
        return rule.model_copy(
            update={
                "humans_only": rule.humans_only or self.humans_only,
                "mob_for_one": rule.mob_for_one or self.mob_for_one,
                "close_combat_only": self.close_combat_only,
                "courier": self.courier,
                "variant": name,
                "variant_line": self.line,
            }
        )


class _Changes(Record):
    variant: tuple[ListChange, ...]


def load_list_changes() -> dict[str, ListChange]:
    """Every entry of the package's ``data/variant_lists.toml``, by Variant id."""
    found = read_data(files(__package__) / "data", "variant_lists.toml", _Changes).variant
    return {v.id: v for v in found}


def find_variant(scenario: Scenario, given: object) -> Variant | None:
    """The Variant of ``scenario`` called ``given`` (its id or printed name, any case,
    hyphens or spaces for underscores), if any."""
    wanted = str(given).lower().replace("-", "_").replace(" ", "_")
    return next(
        (v for v in scenario.variant if wanted in (v.id, v.name.lower().replace(" ", "_"))), None
    )


def ranged_left_out(side: dict[str, Any]) -> dict[str, Any]:
    """A side's setup with the Ranged weapons its models carry as items left out: only close
    combat weapons may be equipped (Street Fight, R:1594). The profiles a model may take in
    play (``spawns``: Back Up's kits, a Field Tester's chosen prototype) are equipped so too."""
    gone = {w["id"] for w in side["weapons"] if w["kind"] == "ranged" and w["item"]}

    def unarmed(models: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [{**m, "weapons": [w for w in m["weapons"] if w not in gone]} for m in models]

    left = {**side, "models": unarmed(side["models"])}
    return left | ({"spawns": unarmed(side["spawns"])} if "spawns" in side else {})


def standing(team: ThresholdList, count: int, name: object) -> ThresholdList:
    """The ``count`` models of ``team`` that stand (Last Stand, R:1593): the one ``name``d,
    else the first of the list.

    Raises:
        SkirmishError: the team has no model of that name.
    """
    if name is None:
        return replace(team, operatives=team.operatives[:count])
    found = [op for op in team.operatives if op.name == name]
    if not found:
        names = ", ".join(op.name for op in team.operatives)
        raise SkirmishError(f"stand: the team has no model {name!r}; its models: {names}")
    return replace(team, operatives=tuple(found[:count]))
