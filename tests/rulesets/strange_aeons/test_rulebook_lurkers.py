"""The Lurker profiles' own rules (notes §3.4), each with scripted dice on forces written by
hand, named after the ability and the rulebook line it plays."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from tests.rulesets.strange_aeons.helpers import (
    dice_left,
    events,
    options,
    refused,
    scenario,
)
from tests.rulesets.strange_aeons.rulebook import agent, forces

from skirmish.engine.game import Game
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.strange_aeons.forces import load_played, playable
from skirmish.rulesets.strange_aeons.lists.list_file import SAMPLES, ListError
from skirmish.rulesets.strange_aeons.rulebook import StrangeAeons

BOOK = "strange-aeons"
TEAM = str(SAMPLES / "fight_team.toml")


@pytest.fixture(scope="module")
def rules() -> StrangeAeons:
    found = find_ruleset(BOOK)
    assert isinstance(found, StrangeAeons)
    return found


def book(*profiles: dict[str, Any], **kwargs: Any) -> Game:
    """A rulebook game mid-turn with these forces, placed as ``placed`` says."""
    placed = kwargs.pop("placed")
    return scenario(placed, ruleset_id=BOOK, setup=forces(*profiles), **kwargs)


def undead(model_id: str, **fields: Any) -> dict[str, Any]:
    """An Agent's profile made Undead."""
    return agent(model_id, types=["undead"], **fields)


# -- Zombie Dog: Altered Beast (R:917) ---------------------------------------------------------


def test_sa_altered_beast_the_zombie_dog_plays_and_carries_no_weapon(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    assert playable(rules.book, load_played(), rules.book.lurkers["zombie_dog"])
    dogs = tmp_path / "dogs.toml"
    dogs.write_text(
        'name = "Dogs"\nfaction = "lurkers"\n\n[[models]]\nprofile = "Zombie Dog"\n'
        'gear = ["Knife"]\n\n[[models]]\nprofile = "Cultist"\ncount = 6\n',
        "utf-8",
    )
    with pytest.raises(ListError, match=re.escape("Knife is not on the tables")):
        rules.normalize_setup({"threshold": TEAM, "lurkers": str(dogs)})


# -- Mummy: Pharaonic Authority (R:902) --------------------------------------------------------


def mummy(model_id: str) -> dict[str, Any]:
    return undead(model_id, skills=["command"], command_types=["undead"])


def test_sa_pharaonic_authority_the_mummy_nominates_only_undead() -> None:
    game = book(
        agent("T1"),
        mummy("L1"),
        undead("L2"),
        agent("L3"),
        placed={"T1": (30.0, 20.0), "L1": (10.0, 10.0), "L2": (14.0, 10.0), "L3": (10.0, 14.0)},
        active=1,
    )
    game.apply("nominate L1")
    assert options(game) == ["nominate L2", "done"]
    refused(
        game, "nominate L3", "L3 is not Undead: the Command of L1 nominates only Undead (R:902)"
    )
    game.apply("nominate L2")
    assert [e.models for e in events(game, "nominated")] == [("L1",), ("L2",)]
    assert not dice_left(game)


def test_sa_pharaonic_authority_the_mummy_plays_with_its_command_limited(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    tomb = tmp_path / "tomb.toml"
    tomb.write_text(
        'name = "Tomb"\nfaction = "lurkers"\n\n[[models]]\nprofile = "Mummy"\n\n'
        '[[models]]\nprofile = "Zombie Dog"\ncount = 5\n',
        "utf-8",
    )
    setup = rules.normalize_setup({"threshold": TEAM, "lurkers": str(tomb)})
    mummy, dog = setup["lurkers"]["models"][:2]
    assert (mummy["skills"], mummy["command_types"]) == (
        ["command", "tough", "fear", "hideous"],
        ["undead"],
    )
    assert dog["command_types"] == []
