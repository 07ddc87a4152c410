"""Rulesets are found through the entry-point group ``skirmish.ruleset``: the built-in ones are
declared there once, in ``pyproject.toml``, and a ruleset of another package is found the same
way."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest

from skirmish.engine import registry
from skirmish.errors import UnknownRulesetError
from skirmish.rulesets.strange_aeons.ruleset import StrangeAeonsIntro

PYPROJECT = Path(__file__).parents[2] / "pyproject.toml"


class ThirdPartyRuleset(StrangeAeonsIntro):
    """A ruleset another package could ship: here, the intro under another id."""

    id = "third-party-fight"
    aliases = ("tpf",)


@dataclass(frozen=True)
class FakeEntry:
    name: str
    target: object

    def load(self) -> object:
        return self.target


def test_the_built_in_rulesets_are_declared_once_in_pyproject() -> None:
    declared = tomllib.loads(PYPROJECT.read_text())["project"]["entry-points"]
    assert declared[registry.ENTRY_POINT_GROUP] == {
        "strange-aeons": "skirmish.rulesets.strange_aeons.rulebook:StrangeAeons",
        "strange-aeons-intro": "skirmish.rulesets.strange_aeons.ruleset:StrangeAeonsIntro",
        "sacred-wire": "skirmish.rulesets.sacred_wire.ruleset:SacredWire",
        "sacred-wire-post-game": "skirmish.rulesets.sacred_wire.campaign.ruleset:PostGameRuleset",
        "wolsung": "skirmish.rulesets.wolsung.ruleset:Wolsung",
    }
    built_in = {"strange-aeons", "strange-aeons-intro", "sacred-wire", "sacred-wire-post-game"}
    assert built_in | {"wolsung"} <= set(registry.registered_ids())


def test_a_ruleset_of_another_package_is_found_by_its_entry_point(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(registry, "_RULESETS", dict(registry._RULESETS))
    monkeypatch.setattr(registry, "_ALIASES", dict(registry._ALIASES))
    monkeypatch.setattr(
        registry, "entry_points", lambda group: [FakeEntry("tpf", ThirdPartyRuleset)]
    )
    assert registry.find_registered("tpf").id == "third-party-fight"


def test_an_entry_point_that_is_no_ruleset_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "entry_points", lambda group: [FakeEntry("odd", print)])
    with pytest.raises(UnknownRulesetError, match="entry point 'odd' is not a Ruleset class"):
        registry.find_registered("no-such-game")
