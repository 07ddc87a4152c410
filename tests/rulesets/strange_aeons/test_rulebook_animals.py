"""Animals and the skills that act on them (R:1365-1396, R:1045-1131, notes §3.6), each with
scripted dice on forces written by hand, named after the rule they play."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from tests.rulesets.strange_aeons.helpers import (
    TOUCH,
    apply_all,
    events,
    options,
    refused,
)
from tests.rulesets.strange_aeons.rulebook import agent, book

from skirmish.rulesets import find_ruleset
from skirmish.rulesets.strange_aeons.forces import load_played, playable
from skirmish.rulesets.strange_aeons.lists.list_file import ListError
from skirmish.rulesets.strange_aeons.rulebook import StrangeAeons

BOOK = "strange-aeons"
HANDLER = "Skills: Animal Handler (R:1045)"


@pytest.fixture(scope="module")
def rules() -> StrangeAeons:
    found = find_ruleset(BOOK)
    assert isinstance(found, StrangeAeons)
    return found


def animal(model_id: str, handler: str, *abilities: str, **fields: Any) -> dict[str, Any]:
    """An Animal of ``handler``: a Dog's profile (the Attack Dog's, R:1367: 7 | 4+ | 4 | 3 |
    1 | 4+) with a Knife for its Teeth and Claws (C.C.B. +1, Dam. 1D+1, R:1371; the Knife adds
    AP1), changed by ``fields``."""
    dog: dict[str, Any] = {
        "name": f"Dog {model_id}",
        "move": 7,
        "dex": 4,
        "con": 4,
        "attacks": 3,
        "types": ["animal"],
        "weapons": ["unarmed", "knife"],
        "abilities": list(abilities),
        "handler": handler,
        "pack": True,
    }
    return agent(model_id, **{**dog, **fields})


def handler(model_id: str, *skills: str, **fields: Any) -> dict[str, Any]:
    """An Agent with Animal Handler and ``skills``."""
    return agent(model_id, skills=["animal_handler", *skills], **fields)


FAR = (34.0, 22.0)


def kennel(folder: Path, *animals: str) -> str:
    """A team file of one Character with Animal Handler and ``animals``, in ``folder``."""
    team = folder / "kennel.toml"
    bought = ", ".join(f'"{a}"' for a in animals)
    team.write_text(
        f'name = "Kennel"\nfaction = "threshold"\n\n[[models]]\nname = "Ames"\n'
        f'profile = "Character"\nskills = ["Animal Handler"]\nanimals = [{bought}]\n',
        "utf-8",
    )
    return str(team)


# -- Lists: Animals bought for EP by a handler (R:1365-1366) -----------------------------------


def test_sa_animal_handler_a_team_fields_its_animals_as_models_of_their_handler(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    setup = rules.normalize_setup(
        {"threshold": kennel(tmp_path, "Attack Dog", "Falcon"), "lurkers": "random"}
    )
    ames, dog, falcon = setup["threshold"]["models"]
    assert (dog["id"], dog["name"], dog["handler"], dog["pack"]) == (
        "T2",
        "Ames's Attack Dog",
        "T1",
        True,
    )
    assert (dog["types"], dog["abilities"], dog["skills"]) == (
        ["animal"],
        ["mans_best_friend"],
        [],
    )
    assert (falcon["handler"], falcon["pack"], falcon["abilities"]) == (
        "T1",
        False,
        ["flight", "targeted"],
    )
    assert ames["handler"] == ""


def test_sa_animal_handler_horses_are_not_played_yet(rules: StrangeAeons, tmp_path: Path) -> None:
    assert not playable(rules.book, load_played(), rules.book.animals["light_horse"])
    assert playable(rules.book, load_played(), rules.book.animals["guard_dog"])
    riders = {"threshold": kennel(tmp_path, "Light Horse"), "lurkers": "random"}
    with pytest.raises(ListError, match=re.escape("a Light Horse is equipped only to a model")):
        rules.normalize_setup(riders)


def test_sa_animal_handler_random_teams_buy_animals(rules: StrangeAeons) -> None:
    setup = rules.normalize_setup({"threshold": "random", "lurkers": "random", "list-seed": 45})
    models = setup["threshold"]["models"]
    dogs = [m for m in models if m["handler"]]
    assert [(d["name"], d["handler"]) for d in dogs] == [("Eliot's Med Dog", "T5")]
    assert "animal_handler" in models[4]["skills"]


# -- Nominations: Animal Handler, Shrill Whistle, Pack Master (R:1045, R:1131, R:1111) ---------


def test_sa_animal_handler_nominates_one_animal_of_its_own_within_5() -> None:
    game = book(
        handler("T1"),
        animal("T2", "T1"),
        animal("T3", "T1"),
        animal("T4", "T1"),
        agent("L1"),
        placed={"T1": (10.0, 10.0), **{t: (10.0, y) for t, y in (("T2", 15.0), ("T3", 5.0))}}
        | {"T4": (10.0 + TOUCH + 5.5, 10.0), "L1": FAR},
    )
    assert options(game) == ["nominate T1"]  # an Animal is never the first Nomination
    refused(game, "nominate T2", "T2 is an Animal: only its handler nominates it (R:1045)")
    game.apply("nominate T1")
    assert game.decision is not None and game.decision.kind == "handler"
    assert options(game) == ["nominate T2", "nominate T3", "done"]
    refused(game, "nominate T4", 'T4 is 5.5" from T1: Skills: Animal Handler (R:1045) reaches 5"')
    game.apply("nominate T2")
    assert game.state.nominated == ("T1", "T2")
    assert events(game, "nominated")[-1].rule == HANDLER
    assert game.decision is not None and game.decision.kind == "activate"


def test_sa_shrill_whistle_nominates_an_animal_within_15() -> None:
    game = book(
        handler("T1", "shrill_whistle"),
        animal("T2", "T1"),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "T2": (10.0 + TOUCH + 14.0, 10.0), "L1": FAR},
    )
    apply_all(game, "nominate T1", "nominate T2")
    assert events(game, "nominated")[-1].rule == "Skills: Shrill Whistle (R:1131)"


def test_sa_pack_master_nominates_up_to_three_dogs() -> None:
    dogs = {"T2": (12.0, 10.0), "T3": (8.0, 10.0), "T4": (10.0, 12.0), "T5": (10.0, 8.0)}
    game = book(
        handler("T1", "pack_master"),
        *(animal(d, "T1") for d in dogs),
        agent("L1"),
        placed={"T1": (10.0, 10.0), **dogs, "L1": FAR},
    )
    apply_all(game, "nominate T1", "nominate T2", "nominate T3")
    assert events(game, "nominated")[-1].rule == "Skills: Pack Master (R:1111)"
    assert options(game) == ["nominate T4", "nominate T5", "done"]
    game.apply("nominate T5")
    assert game.state.nominated == ("T1", "T2", "T3", "T5")
    assert game.decision is not None and game.decision.kind == "activate"


def test_sa_pack_master_nominates_one_animal_that_is_no_dog() -> None:
    game = book(
        handler("T1", "pack_master"),
        animal("T2", "T1", "flight", pack=False),
        animal("T3", "T1"),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "T2": (12.0, 12.0), "T3": (14.0, 12.0), "L1": FAR},
    )
    apply_all(game, "nominate T1", "nominate T2")
    assert game.decision is not None and game.decision.kind == "activate"


def test_sa_animal_handler_an_animal_is_never_nominated_by_command() -> None:
    game = book(
        agent("T1", skills=["command"]),
        handler("T2"),
        animal("T3", "T2"),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "T2": (12.0, 12.0), "T3": (14.0, 12.0), "L1": FAR},
    )
    game.apply("nominate T1")
    assert options(game) == ["nominate T2", "done"]
    refused(game, "nominate T3", "T3 is an Animal: only its handler nominates it (R:1045)")
    game.apply("nominate T2")  # the handler, nominated by Command, nominates its Dog
    assert options(game) == ["nominate T3", "done"]
