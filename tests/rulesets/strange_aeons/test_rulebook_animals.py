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
    board,
    dice_left,
    events,
    model,
    options,
    rect,
    refused,
    scenario,
)
from tests.rulesets.strange_aeons.lists import SPARE, padded
from tests.rulesets.strange_aeons.rulebook import (
    agent,
    animal,
    book,
    forces,
    handler,
    holding,
    mid_game,
)

from skirmish.dice import ScriptedDice
from skirmish.engine.game import Game
from skirmish.geometry.board import Edge
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.strange_aeons import ai, objectives, snatch, transporter
from skirmish.rulesets.strange_aeons.damage import INJURY, remove
from skirmish.rulesets.strange_aeons.forces import load_played, playable
from skirmish.rulesets.strange_aeons.lists.list_file import ListError
from skirmish.rulesets.strange_aeons.rulebook import StrangeAeons
from skirmish.rulesets.strange_aeons.state import Token

BOOK = "strange-aeons"
HANDLER = "Skills: Animal Handler (R:1045)"


@pytest.fixture(scope="module")
def rules() -> StrangeAeons:
    found = find_ruleset(BOOK)
    assert isinstance(found, StrangeAeons)
    return found


FAR = (34.0, 22.0)


def kennel(folder: Path, *animals: str) -> str:
    """A team file of one Character with Animal Handler and ``animals``, in ``folder``,
    :func:`padded` to 15 Total Points."""
    team = folder / "kennel.toml"
    bought = ", ".join(f'"{a}"' for a in animals)
    team.write_text(
        padded(
            f'name = "Kennel"\nfaction = "threshold"\n\n[[models]]\nname = "Ames"\n'
            f'profile = "Character"\nskills = ["Animal Handler"]\nanimals = [{bought}]\n'
        ),
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
    ames, dog, falcon, spare = setup["threshold"]["models"]
    assert spare["name"] == SPARE
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


def test_sa_animal_handler_a_horse_needs_a_rider_with_ride(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    assert playable(rules.book, load_played(), rules.book.animals["guard_dog"])
    riders = {"threshold": kennel(tmp_path, "Light Horse"), "lurkers": "random"}
    with pytest.raises(ListError, match=re.escape("a Light Horse is equipped only to a model")):
        rules.normalize_setup(riders)


def test_sa_animal_handler_random_teams_buy_animals(rules: StrangeAeons) -> None:
    setup = rules.normalize_setup({"threshold": "random", "lurkers": "random", "list-seed": 35})
    models = setup["threshold"]["models"]
    dogs = [m for m in models if m["handler"]]
    assert [(d["name"], d["handler"]) for d in dogs] == [
        ("Blake's Attack Dog", "T2"),
        ("Blake's Med Dog", "T2"),
    ]
    assert "animal_handler" in models[1]["skills"]


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


# -- Psychology: the Special type Animal, Shrill Whistle's Resolve (R:111, R:1131) -------------


def feared_dog(roll: int, *skills: str) -> Game:
    """T1's Dog T2 within 5" of the Fear-causing L1, T1 (Resolve 3+) 5" from it and beyond
    the Fear's reach, in the Threshold's turn with T1 nominated; the Dog's test rolls
    ``roll``."""
    game = book(
        handler("T1", *skills, res=3),
        animal("T2", "T1"),
        agent("L1", types=["daemon"], skills=["fear"]),
        placed={"T1": (10.0, 10.0), "T2": (15.5, 10.0), "L1": (20.0, 10.0)},
        dice=[("resolve", roll)],
    )
    apply_all(game, "nominate T1", "done", "pass T1")
    return game


def test_sa_animal_type_an_animal_tests_its_resolve_as_a_human_does() -> None:
    game = feared_dog(4)
    test = events(game, "resolve")[0]
    assert (test.models, test.data) == (
        ("T2",),
        {"situation": "fear:L1", "need": 4, "passed": True},
    )
    assert not events(game, "shared-resolve")
    assert not dice_left(game)


def test_sa_shrill_whistle_an_animal_within_10_tests_on_its_handlers_resolve() -> None:
    game = feared_dog(3, "shrill_whistle")
    lent = events(game, "shared-resolve")[0]
    assert (lent.rule, lent.models, lent.data) == (
        "Skills: Shrill Whistle (R:1131)",
        ("T2", "T1"),
        {"need": 3},
    )
    assert events(game, "resolve")[0].data["passed"]
    assert not dice_left(game)


# -- Removals: with the handler, Animal Lover (R:1045, R:1366, R:1047) -------------------------


def test_sa_animal_handler_its_animals_leave_play_with_it() -> None:
    game = book(
        handler("T1"),
        animal("T2", "T1"),
        agent("T3"),
        agent("T4"),
        agent("L1"),
        placed={
            "T1": {"pos": (10.0, 10.0), "state": "face-down"},
            "T2": (10.0, 20.0),
            "T3": (30.0, 20.0),
            "T4": (32.0, 20.0),
            "L1": (10.0 + TOUCH, 10.0),
        },
    )
    # T1, Face Down in base-to-base with an enemy, is removed as the turn begins.
    gone = [(e.models, e.rule, e.data["reason"]) for e in events(game, "removed")]
    assert gone == [
        (("T1",), "States: Face Down", "Major Injury"),
        (
            ("T2",),
            "Animals: removed with their handler (R:1045, R:1366; notes §6 item 30)",
            "Minor Injury",
        ),
    ]
    assert options(game) == ["nominate T3", "nominate T4"]
    assert not dice_left(game)


def test_r1045_a_handler_removed_takes_his_snatched_animal_along_r1366() -> None:
    # The Winged Nightmare L1 carries T1's Dog T2 off the table (R:713); T1 removed, T2
    # leaves play with him all the same, and L1 carries nothing any more.
    game = book(
        handler("T1"),
        agent("T3"),
        animal("T2", "T1"),
        agent("L1", abilities=["snatch"], types=["beast"]),
        placed={"T1": (10.0, 10.0), "T3": (5.0, 5.0), "T2": (13.0, 10.0), "L1": FAR},
    )
    snatch.seize(game, model(game, "L1"), model(game, "T2"))
    remove(game, model(game, "T1"), "Major Injury", INJURY)
    gone = [(e.models, e.data["reason"]) for e in events(game, "removed")]
    assert gone == [(("T1",), "Major Injury"), (("T2",), "Minor Injury")]
    assert game.state.snatched == ()
    assert snatch.release(game, model(game, "L1"), "passenger-dropped") is None


def test_r639_a_handler_removed_takes_his_carried_animal_along_r1045() -> None:
    # The Byakhee T4 carries T1's Dog T2 (R:639); T1 removed, T2 leaves play with him, and
    # T4 carries nothing any more: unslowed, free to lift again, nothing to set down.
    game = book(
        handler("T1"),
        agent("T3"),
        animal("T2", "T1"),
        agent("T4", abilities=["transporter"]),
        agent("L1"),
        placed={
            "T1": (10.0, 10.0),
            "T3": (5.0, 5.0),
            "T2": (13.0, 10.0),
            "T4": (14.0, 10.0),
            "L1": FAR,
        },
    )
    byakhee = model(game, "T4")
    transporter.lift(game, byakhee, model(game, "T2"))
    remove(game, model(game, "T1"), "Major Injury", INJURY)
    gone = [(e.models, e.data["reason"]) for e in events(game, "removed")]
    assert gone == [(("T1",), "Major Injury"), (("T2",), "Minor Injury")]
    assert game.state.carried == ()
    assert transporter.passenger_of(game, byakhee) is None
    assert transporter.load(game, byakhee) == 0
    assert transporter.set_down(game, byakhee, "passenger-dropped") is None


def test_sa_animal_type_a_handler_left_with_only_his_animals_is_the_last_model() -> None:
    game = book(
        handler("T1"),
        animal("T2", "T1"),
        agent("T3"),
        agent("L1"),
        agent("L2"),
        placed={
            "T1": (10.0, 10.0),
            "T2": (12.0, 10.0),
            "T3": {"pos": (30.0, 20.0), "state": "face-down"},
            "L1": (30.0 + TOUCH, 20.0),
            "L2": FAR,
        },
        dice=[("resolve", 4)],
    )
    # T3 is removed as the turn begins: T1 and its Dog are left, and Animals count as no
    # models of the list (R:1366), so T1 tests as the last of its side (R:214); the Dog not.
    last = events(game, "resolve")
    assert [(e.models, e.data["situation"]) for e in last] == [(("T1",), "last")]
    assert not dice_left(game)


def test_sa_animal_lover_frenzies_with_no_test_as_its_animal_is_removed() -> None:
    game = book(
        handler("T1", "animal_lover"),
        animal("T2", "T1"),
        agent("L1"),
        placed={
            "T1": (10.0, 3.0),
            "T2": {"pos": (10.0, 8.5), "state": "face-down"},
            "L1": (10.0, 8.5 + TOUCH),
        },
    )
    lover = events(game, "animal-lover")[0]
    assert (lover.rule, lover.models, lover.data) == (
        "Skills: Animal Lover (R:1047)",
        ("T1",),
        {"situation": "beloved:T2"},
    )
    # Frenzied, T1 passes the test for seeing T2 removed, and runs at L1 (R:223).
    passed = [e.data["situation"] for e in events(game, "frenzy-passes")]
    assert passed == ["removal:T2"]
    assert "T1" in game.state.frenzied
    assert model(game, "T1").pos != (10.0, 3.0)
    assert not dice_left(game)


# -- Guard Dog: Sacrifice (R:1376) --------------------------------------------------------------


def shot_at_handler(dog_at: tuple[float, float], *dice: tuple[str, int]) -> Game:
    """L1 shoots T1 (8" away in the open) with a .45 and wounds it; T1's Guard Dog stands at
    ``dog_at``."""
    game = book(
        handler("T1"),
        animal("T2", "T1", "sacrifice"),
        agent("L1", weapons=["unarmed", "handgun_45"]),
        placed={"T1": (10.0, 10.0), "T2": dog_at, "L1": (18.0, 10.0)},
        active=1,
        dice=[("to-hit", 5), ("to-wound", 4), *dice],  # 4 + 2 = 6 against Con 6: a Wound
    )
    apply_all(game, "nominate L1", "shoot L1 T1 handgun_45")
    return game


def test_sa_sacrifice_a_guard_dog_within_5_takes_its_handlers_wound() -> None:
    game = shot_at_handler((7.0, 10.0), ("resolve", 4))
    assert game.decision is not None and game.decision.kind == "sacrifice"
    assert options(game) == ["sacrifice T2", "spare T2"]
    game.apply("sacrifice T2")
    gift = events(game, "sacrifice")[0]
    assert (gift.rule, gift.models, gift.data) == (
        "Guard Dog: Sacrifice (R:1376)",
        ("T2", "T1"),
        {"wounds": 1},
    )
    assert model(game, "T2").removed == "Sacrificed"
    assert (model(game, "T1").wounds, model(game, "T1").state) == (1, "normal")
    assert not events(game, "wounded")
    # T1 saw its Dog go; it began alone, its Dog no model of the list, so is not tested as
    # the last of its side (R:214, R:1366).
    tests = [e.data["situation"] for e in events(game, "resolve")]
    assert tests == ["removal:T2"]
    assert not dice_left(game)


def test_sa_sacrifice_spared_the_handler_takes_the_wound() -> None:
    game = shot_at_handler((7.0, 10.0), ("injury", 3), ("injury", 3))
    game.apply("spare T2")
    assert events(game, "wounded")[0].models == ("T1",)
    assert model(game, "T1").state == "face-down"  # 6: Unconscious
    assert model(game, "T2").on_table
    assert not dice_left(game)


FROST_FIRE = {
    "id": "frost_fire",
    "name": "Frost Fire",
    "kind": "ranged",
    "damage": 2,
    "range": 10.0,
    "rate": 1,
    "specials": ["chill", "fire"],
}
"""A gun of Damage 2 whose hits Chill and set on Fire (notes §6 item 4)."""


@pytest.mark.parametrize("dog_at", [(7.0, 10.0), FAR])
def test_r1376_a_spared_dog_leaves_its_handler_the_hits_chill_and_fire(
    dog_at: tuple[float, float],
) -> None:
    # The Dog beside its burning handler tests its fear of Fire (R:113); the one far off not.
    near = [] if dog_at == FAR else [("resolve", 6)]
    game = book(
        handler("T1", wounds=2),
        animal("T2", "T1", "sacrifice"),
        agent("L1", weapons=["unarmed", FROST_FIRE["id"]]),
        placed={"T1": (10.0, 10.0), "T2": dog_at, "L1": (18.0, 10.0)},
        active=1,
        weapons={FROST_FIRE["id"]: FROST_FIRE},
        dice=[("to-hit", 5), ("to-wound", 4), *near],  # 4 + 2 = 6 against Con 6: a Wound
    )
    apply_all(game, "nominate L1", f"shoot L1 T1 {FROST_FIRE['id']}")
    if near:
        game.apply("spare T2")
    assert events(game, "wounded")[0].data["left"] == 1
    assert game.state.burning == (("T1", "L1"),)
    assert [e.models for e in events(game, "chilled")] == [("T1",)]
    assert not dice_left(game)


def test_sa_sacrifice_a_guard_dog_beyond_5_is_not_asked() -> None:
    game = shot_at_handler((10.0, 16.5), ("injury", 3), ("injury", 3))
    assert not events(game, "sacrifice")
    assert events(game, "wounded")[0].models == ("T1",)
    assert not dice_left(game)


def test_sa_sacrifice_a_guard_dog_the_same_template_leaves_no_wound_gives_none() -> None:
    game = book(
        handler("T1"),
        animal("T2", "T1", "sacrifice"),
        agent("L1", weapons=["unarmed", "dynamite"]),
        placed={"T1": (10.0, 10.0), "T2": (10.0 - TOUCH, 10.0), "L1": (15.0, 10.0)},
        active=1,
        dice=[("to-hit", 5), ("to-wound", 4), ("injury", 6), ("injury", 6)],  # 9 on both
    )
    apply_all(game, "nominate L1", "ready L1 dynamite", "shoot L1 T1 dynamite")
    assert not events(game, "sacrifice")
    assert [e.models for e in events(game, "wounded")] == [("T2",), ("T1",)]
    assert (model(game, "T1").removed, model(game, "T2").removed) == (
        "Major Injury",
        "Minor Injury",
    )
    assert not dice_left(game)


def raging_at_handler(*dice: tuple[str, int]) -> Game:
    """L1's Deadly Rage strikes T1 (2 Wounds) in base-to-base, whose Guard Dog stands 3"
    off: a Wound with no roll to wound."""
    game = book(
        handler("T1", wounds=2),
        animal("T2", "T1", "sacrifice"),
        agent("L1", types=["undead"], abilities=["deadly_rage"]),
        placed={"T1": (10.0 + TOUCH, 10.0), "T2": (13.0 + 2 * TOUCH, 10.0), "L1": (10.0, 10.0)},
        active=1,
        start="nominate",
        dice=list(dice),
    )
    apply_all(game, "nominate L1", "rage L1")
    return game


def test_r1376_a_guard_dog_takes_its_handlers_wound_from_a_deadly_rage() -> None:
    game = raging_at_handler(("resolve", 4))
    assert game.decision is not None and game.decision.kind == "sacrifice"
    assert options(game) == ["sacrifice T2", "spare T2"]
    game.apply("sacrifice T2")
    gift = events(game, "sacrifice")[0]
    assert (gift.rule, gift.models, gift.data) == (
        "Guard Dog: Sacrifice (R:1376)",
        ("T2", "T1"),
        {"wounds": 1},
    )
    assert model(game, "T2").removed == "Sacrificed"
    assert model(game, "T1").wounds == 2
    assert not events(game, "rage-wound")
    assert not dice_left(game)


def test_r1376_a_spared_guard_dog_leaves_its_handler_the_deadly_rage_s_wound() -> None:
    game = raging_at_handler()
    game.apply("spare T2")
    rage = events(game, "rage-wound")
    assert [(e.rule, e.models, e.data) for e in rage] == [
        ("Blasphemous Construct: Deadly Rage (R:892)", ("T1",), {"left": 1})
    ]
    assert model(game, "T2").on_table
    assert not dice_left(game)


# -- Med Dog: Medicine (R:1381) -----------------------------------------------------------------


def test_sa_medicine_a_face_down_friend_gets_up_in_one_action() -> None:
    game = book(
        handler("T1"),
        animal("T2", "T1", "medicine"),
        agent("L1"),
        placed={
            "T1": {"pos": (10.0, 10.0), "state": "face-down"},
            "T2": (10.0 + TOUCH, 10.0),
            "L1": FAR,
        },
    )
    apply_all(game, "nominate T1", "done", "change-state T1")
    tended = events(game, "medicine")[0]
    assert (tended.rule, tended.models) == ("Med Dog: Medicine (R:1381)", ("T2", "T1"))
    assert model(game, "T1").state == "normal"
    assert "pass T1" in options(game)  # its second Action is still to come
    assert not dice_left(game)


def test_sa_medicine_never_on_the_med_dog_itself() -> None:
    game = book(
        handler("T1"),
        animal("T2", "T1", "medicine"),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "T2": {"pos": (12.0, 10.0), "state": "face-down"}, "L1": FAR},
    )
    apply_all(game, "nominate T1", "nominate T2", "activate T2", "change-state T2")
    assert not events(game, "medicine")
    assert model(game, "T2").state == "face-up"


# -- Falcon: Flight and Targeted (R:1396) -------------------------------------------------------


def falcon(model_id: str, handler_id: str) -> dict[str, Any]:
    """A Falcon (R:1392: 10 | 3+ | 4 | 1 | 1 | 3+), Beak and Talons for a Club (C.C.B. +2; the
    Club's Dam. 1D+1 as theirs)."""
    return animal(
        model_id,
        handler_id,
        "flight",
        "targeted",
        name=f"Falcon {model_id}",
        move=10,
        dex=3,
        attacks=1,
        res=3,
        weapons=["unarmed", "club"],
        pack=False,
    )


def test_sa_flight_terrain_costs_a_falcon_nothing() -> None:
    rubble = board({"id": "rubble", "kind": "rough", "height": 1.0, "polygon": rect(12, 0, 13, 24)})
    game = book(
        handler("T1"),
        falcon("T2", "T1"),
        agent("L1"),
        placed={"T1": (10.0, 12.0), "T2": (10.0, 10.0), "L1": FAR},
        board=rubble,
    )
    apply_all(game, "nominate T1", "nominate T2", "activate T2")
    game.apply("move T2 20,10")  # 10" across the rubble: 8" for others (R:1396)
    assert model(game, "T2").pos == (20.0, 10.0)
    assert not dice_left(game)


def test_sa_flight_a_falcon_flies_over_impassable_terrain_never_ending_in_it_r1396_r168() -> None:
    wall = board(
        {"id": "wall", "kind": "impassable", "height": 3.0, "polygon": rect(12, 0, 13, 24)}
    )
    game = book(
        handler("T1"),
        falcon("T2", "T1"),
        agent("L1"),
        placed={"T1": (10.0, 12.0), "T2": (10.0, 10.0), "L1": FAR},
        board=wall,
    )
    apply_all(game, "nominate T1", "nominate T2", "activate T2")
    refused(game, "move T2 12.5,10", "the base would overlap the wall (impassable)")
    game.apply("move T2 15,10")  # straight over the wall
    assert model(game, "T2").pos == (15.0, 10.0)


def test_sa_flight_a_6_up_save_against_shots() -> None:
    game = book(
        handler("T1"),
        falcon("T2", "T1"),
        agent("L1", weapons=["unarmed", "handgun_45"]),
        placed={"T1": (10.0, 20.0), "T2": (10.0, 10.0), "L1": (18.0, 10.0)},
        active=1,
        dice=[("to-hit", 5), ("save", 6)],
    )
    apply_all(game, "nominate L1", "shoot L1 T2 handgun_45")
    assert events(game, "shot")[0].data["save"] == 6
    assert events(game, "saved")[0].data == {"saved": 1, "left": 0}
    assert not dice_left(game)


def falcon_took_out_l1() -> Game:
    """The Falcon T2 of handler T1 (at 14, 10) beside L1, which lies Face Down: T2 took out its
    target; L2 stands 7" off, L3 far away."""
    return book(
        handler("T1"),
        falcon("T2", "T1"),
        agent("L1"),
        agent("L2"),
        agent("L3"),
        placed={
            "L3": FAR,
            "T1": (14.0, 10.0),
            "T2": (20.0 - TOUCH, 10.0),
            "L1": {"pos": (20.0, 10.0), "state": "face-down"},
            "L2": (20.0, 17.0),
        },
    )


def test_sa_targeted_a_falcon_that_took_out_its_target_returns_before_charging() -> None:
    game = falcon_took_out_l1()
    mark = events(game, "falcon-targeted")[0]
    assert (mark.rule, mark.models) == ("Falcon: Targeted (R:1396)", ("T2", "L1"))
    apply_all(game, "nominate T1", "nominate T2", "activate T2")
    assert "charge T2 L2" not in options(game)
    refused(
        game,
        "charge T2 L2",
        "T2 took out its target: it goes back to its handler before it Charges (R:1396)",
    )
    game.apply(f"move T2 {14.0 + TOUCH:g},10")
    assert "charge T2 L2" in options(game)
    game.apply("pass T2")
    assert events(game, "falcon-returned")[0].models == ("T2",)
    assert game.state.targeted == ()
    assert not dice_left(game)


def test_r1396_a_falcon_owing_its_return_moves_into_no_base_to_base() -> None:
    # T2 took out L1: a Move into base-to-base with L2 would be a Charge (R:162).
    game = falcon_took_out_l1()
    apply_all(game, "nominate T1", "nominate T2", "activate T2")
    refused(
        game,
        f"move T2 20,{17.0 - TOUCH:g}",
        "a Move into base-to-base with L2 is a Charge (R:162): T2 took out its target",
    )
    game.apply("move T2 20,14")
    assert model(game, "T2").pos == (20.0, 14.0)
    assert not events(game, "charge") and not dice_left(game)


def test_r1396_a_frenzied_falcon_owing_its_return_makes_no_charge() -> None:
    # T2 took out L1, then Moves alone among three enemies within 5": its test fails and it
    # Frenzies (R:223), but it Charges no one until back with its handler.
    game = book(
        handler("T1", "shrill_whistle"),
        falcon("T2", "T1"),
        agent("L1"),
        agent("L2"),
        agent("L3"),
        agent("L4"),
        placed={
            "T1": (8.0, 10.0),
            "T2": (20.0 - TOUCH, 10.0),
            "L1": {"pos": (20.0, 10.0), "state": "face-down"},
            "L2": (18.0, 17.0),
            "L3": (16.0, 17.0),
            "L4": (20.0, 17.0),
        },
        dice=[("resolve", 1), ("insanity", 6)],
    )
    apply_all(game, "nominate T1", "nominate T2", "activate T2", f"move T2 {20.0 - TOUCH:g},13")
    assert events(game, "insanity")[0].data == {"result": "Frenzy"}
    held = events(game, "falcon-held")[0]
    assert (held.rule, held.models) == ("Falcon: Targeted (R:1396)", ("T2",))
    assert model(game, "T2").pos == (round(20.0 - TOUCH, 2), 13.0)
    assert not events(game, "charge") and not dice_left(game)


# -- Attack Dog: Man's Best Friend (R:1371) -------------------------------------------------------


def test_sa_mans_best_friend_the_dog_runs_to_its_charged_handler() -> None:
    game = book(
        handler("T1"),
        animal("T2", "T1", "mans_best_friend"),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "T2": (4.0, 10.0), "L1": (15.0, 10.0)},
        active=1,
        dice=[("close-combat", 3)] * 4,  # 3 + 1 each: a Draw
    )
    apply_all(game, "nominate L1", "charge L1 T1")
    run = events(game, "best-friend")[0]
    assert (run.rule, run.models) == ("Attack Dog: Man's Best Friend (R:1371)", ("T2", "T1"))
    dog, handler_ = model(game, "T2"), model(game, "T1")
    assert round(dog.x, 2) == round(10.0 - TOUCH, 2) and dog.y == 10.0
    assert handler_.pos == (10.0, 10.0)
    kinds = [e.kind for e in game.log if e.roll is None]
    assert kinds.index("best-friend") < kinds.index("draw")
    assert not dice_left(game)


def test_r1371_the_dog_runs_to_a_handler_a_move_into_base_to_base_reaches() -> None:
    # A Move that ends in base-to-base with T1 is a Charge at him (R:162).
    game = book(
        handler("T1"),
        animal("T2", "T1", "mans_best_friend"),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "T2": (4.0, 10.0), "L1": (15.0, 10.0)},
        active=1,
        dice=[("close-combat", 3)] * 4,  # 3 + 1 each: a Draw
    )
    apply_all(game, "nominate L1", f"move L1 {10.0 + TOUCH:g},10")
    assert events(game, "charge")[0].models == ("L1", "T1")
    assert events(game, "best-friend")[0].models == ("T2", "T1")
    assert round(model(game, "T2").x, 2) == round(10.0 - TOUCH, 2)
    assert not dice_left(game)


def test_r1371_the_dog_runs_to_a_handler_a_frenzy_charges() -> None:
    # L1, alone among three enemies within 5", fails its test and Frenzies (R:223): it
    # Charges T1, the closest, whose Dog runs to him before the round.
    game = book(
        handler("T1"),
        animal("T2", "T1", "mans_best_friend"),
        agent("T3"),
        agent("T4"),
        agent("L1"),
        placed={
            "T1": (11.0, 10.0),
            "T2": (4.0, 10.0),
            "T3": (15.0, 14.6),
            "T4": (19.4, 10.0),
            "L1": (15.0, 10.0),
        },
        active=1,
        dice=[("resolve", 1), ("insanity", 6)] + [("close-combat", 3)] * 6,
    )
    apply_all(game, "nominate L1", "pass L1")
    assert events(game, "insanity")[0].data == {"result": "Frenzy"}
    assert events(game, "best-friend")[0].models == ("T2", "T1")
    assert round(model(game, "T2").x, 2) == round(11.0 - TOUCH, 2)
    kinds = [e.kind for e in game.log if e.roll is None]
    assert kinds.index("best-friend") < kinds.index("combat-totals")
    assert not dice_left(game)


# -- The heuristic player ------------------------------------------------------------------------


def best(game: Game) -> str:
    """The heuristic's pick among the pending decision's options."""
    assert game.decision is not None
    found = list(game.decision.options)
    scores = ai.score_actions(game, found)
    return max(zip(scores, found, strict=True), key=lambda pair: pair[0])[1].to_text()


def dog_and_handler() -> Game:
    """T1 and its Dog T2 an inch or so apart, the Lurker far away."""
    return book(
        handler("T1"),
        animal("T2", "T1"),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "T2": (12.0, 10.0), "L1": FAR},
    )


def test_sa_animal_handler_heuristic_keeps_a_dog_within_its_handlers_reach() -> None:
    game = dog_and_handler()
    seen = ai.Outlook(game, model(game, "T2"))
    assert seen.leaders == [model(game, "T1")]
    assert ai._straggling(seen, (10.0 + TOUCH + 3.5, 10.0)) == 0.0  # within 5" less an inch
    assert ai._straggling(seen, (10.0 + TOUCH + 6.0, 10.0)) == pytest.approx(
        ai.ANIMAL_COHESION * 2.0
    )


def test_sa_animal_handler_heuristic_nominates_the_handlers_animal() -> None:
    game = dog_and_handler()
    game.apply("nominate T1")
    assert best(game) == "nominate T2"


def test_sa_sacrifice_heuristic_gives_the_dog_for_a_handler_with_one_wound_left() -> None:
    game = shot_at_handler((7.0, 10.0))
    assert best(game) == "sacrifice T2"
    model(game, "T1").wounds = 2
    assert best(game) == "spare T2"


# -- Objectives: an Animal never searches nor is the Bag Man, but carries (R:111, R:1366) -------


def test_sa_animal_type_an_animal_never_searches_an_objective() -> None:
    profiles = forces(handler("T1"), animal("T2", "T1"), agent("L1"))
    game = scenario(
        {"T1": (10.0, 16.0), "T2": (10.0 - TOUCH, 20.0), "L1": (30.0, 4.0)},
        ruleset_id=BOOK,
        setup={"scenario": "retrieve-the-artifacts", **profiles},
    )
    st = game.state
    st.tokens = (*st.tokens, Token("M1", "objective", 10.0, 20.0))
    apply_all(game, "nominate T1", "nominate T2", "activate T2")
    assert not [o for o in options(game) if o.startswith("search")]
    refused(game, "search T2 M1", "T2 is an Animal: Animals never search Objectives (R:111)")


def test_sa_animal_type_an_animal_is_never_named_the_bag_man() -> None:
    setup = {
        "board": "open",
        "scenario": "the-bag-man",
        **forces(handler("T1"), animal("T2", "T1"), agent("L1")),
    }
    dice = ScriptedDice([("roll-off first-turn", 5), ("roll-off first-turn", 2)])
    game = find_ruleset(BOOK).new_game(setup, 0, dice)
    apply_all(game, "edge west", "place L1 2,12", "place T1 34,10", "place T2 34,14")
    assert options(game) == ["bag-man T1"]
    game.apply("bag-man T1")
    assert not dice_left(game)


def test_r1569_an_animal_picks_up_the_package_and_carrying_it_off_the_lurker_edge_wins() -> None:
    # R:1569: any model Moving over the package picks it up; R:1570: carried off the Lurker
    # short edge it wins for the Threshold, an Animal carrying it as well as anyone.
    game = mid_game(
        "the-bag-man",
        handler("T1"),
        animal("T2", "T1"),
        agent("L1"),
        placed={"T1": (6.0, 14.0), "T2": (8.0, 10.0), "L1": (30.0, 3.0)},
        edges=("east", "west"),
    )
    holding(game, Token("P", "package", 4.0, 10.0), bag_man="T1", revealed=True)
    apply_all(game, "nominate T1", "nominate T2", "activate T2", "move T2 3,10")
    assert game.state.tokens[0].holder == "T2"
    assert objectives.goal_edges(game, model(game, "T2")) == (Edge.WEST,)
    game.apply("move T2 -1,10")
    assert model(game, "T2").removed == "Escaped"
    assert game.result is not None and game.result.winner == 0
    assert game.result.rule == "The Bag Man: objective (R:1570)"


def test_r1366_an_animal_off_the_escape_edge_takes_no_share_and_leaves_as_a_minor_injury() -> None:
    # R:1580: half the squad off the Lurker edge; an Animal is no model of the list (R:1366),
    # so its leaving meets nothing and is a Minor Injury (R:172).
    game = mid_game(
        "escape-into-danger",
        handler("T1"),
        animal("T2", "T1"),
        agent("L1"),
        placed={"T1": (8.0, 12.0), "T2": (5.0, 10.0), "L1": (30.0, 3.0)},
        edges=("east", "west"),
    )
    assert objectives.goal_edges(game, model(game, "T2")) == ()
    apply_all(game, "nominate T1", "nominate T2", "activate T2", "move T2 -1,10")
    assert model(game, "T2").removed == "Minor Injury" and not game.is_over
    assert not events(game, "escaped")


def test_sa_medicine_heuristic_a_med_dog_runs_to_a_face_down_friend() -> None:
    game = book(
        handler("T1"),
        animal("T2", "T1", "medicine"),
        agent("T3"),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "T2": (12.0, 10.0), "L1": FAR}
        | {"T3": {"pos": (20.0, 10.0), "state": "face-down"}},
    )
    seen = ai.Outlook(game, model(game, "T2"))
    assert seen.leaders == [model(game, "T3")]
    assert ai._straggling(seen, (20.0 - TOUCH, 10.0)) == pytest.approx(0.0)
    assert ai._straggling(seen, (12.0, 10.0)) > 0.0
