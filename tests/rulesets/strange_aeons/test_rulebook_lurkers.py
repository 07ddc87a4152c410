"""The Lurker profiles' own rules (notes §3.4), each with scripted dice on forces written by
hand, named after the ability and the rulebook line it plays."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from tests.rulesets.strange_aeons.helpers import (
    TOUCH,
    apply_all,
    dice_left,
    events,
    model,
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


# -- Blasphemous Construct: Stupid and Deadly Rage (R:892) --------------------------------------


def test_sa_stupid_a_1_before_an_action_forfeits_it() -> None:
    game = book(
        agent("T1"),
        undead("L1", abilities=["stupid"]),
        placed={"T1": (30.0, 20.0), "L1": (10.0, 10.0)},
        active=1,
        dice=[("stupid", 1), ("stupid", 4)],
    )
    game.apply("nominate L1")
    stupid = events(game, "stupid")[0]
    assert (stupid.rule, stupid.models) == ("Stupid (R:892, rules notes item 4)", ("L1",))
    assert game.decision is not None and "Action 2 of 2" in game.decision.prompt
    game.apply("pass L1")
    assert len(events(game, "stupid")) == 1 and len(events(game, "pass")) == 1
    assert not dice_left(game)


def test_sa_stupid_lucky_may_re_roll_the_1() -> None:
    game = book(
        agent("T1"),
        undead("L1", abilities=["stupid"], skills=["lucky"]),
        placed={"T1": (30.0, 20.0), "L1": (10.0, 10.0)},
        active=1,
        dice=[("stupid", 1), ("stupid", 5), ("stupid", 2)],
    )
    game.apply("nominate L1")
    assert options(game) == ["reroll L1 1", "keep L1"]
    refused(game, "pass L1", "may use Lucky to re-roll a die of the stupid roll [1]")
    apply_all(game, "reroll L1 1", "pass L1", "pass L1")
    assert not events(game, "stupid") and len(events(game, "pass")) == 2
    assert model(game, "L1").lucky_used
    assert not dice_left(game)


def test_sa_deadly_rage_wounds_every_model_in_base_to_base_once_a_game() -> None:
    game = book(
        agent("T1", wounds=2),
        agent("T2"),
        undead("L1", abilities=["deadly_rage"]),
        undead("L2"),
        placed={
            "T1": (10.0 + TOUCH, 10.0),
            "T2": (10.0, 10.0 + TOUCH),
            "L1": (10.0, 10.0),
            "L2": (10.0 - TOUCH, 10.0),
            "T3": {"pos": (30.0, 20.0), "profile": "T2"},
        },
        active=1,
        start="nominate",
        dice=[("injury", 1), ("injury", 2), ("injury", 4), ("injury", 5)],
    )
    game.apply("nominate L1")
    assert "rage L1" in options(game)
    game.apply("rage L1")
    assert [(e.models, e.data) for e in events(game, "rage-wound")] == [
        (("T1",), {"left": 1}),
        (("T2",), {"left": 0}),
        (("L2",), {"left": 0}),
    ]
    assert events(game, "deadly-rage")[0].rule == "Blasphemous Construct: Deadly Rage (R:892)"
    assert model(game, "T2").state == "face-up"  # 1 + 2 = 3: Stunned
    assert model(game, "L2").removed == "Major Injury"  # 4 + 5 = 9
    assert "rage L1" not in options(game)
    refused(game, "rage L1", "L1 has used its Deadly Rage (once a game, R:892)")
    assert not dice_left(game)


def test_sa_stupid_and_deadly_rage_make_the_blasphemous_construct_playable(
    rules: StrangeAeons,
) -> None:
    construct = rules.book.lurkers["blasphemous_construct"]
    assert playable(rules.book, load_played(), construct)
    assert {"stupid", "deadly_rage"} <= set(construct.abilities)
