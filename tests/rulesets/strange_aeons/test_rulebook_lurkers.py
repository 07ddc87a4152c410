"""The Lurker profiles' own rules (notes §3.4), each with scripted dice on forces written by
hand, named after the ability and the rulebook line it plays."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from tests.dice_script import script, scripted
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
from tests.rulesets.strange_aeons.rulebook import agent, commanding, forces

from skirmish.engine.game import Game
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.strange_aeons.forces import force_setup, load_played, playable, unplayed
from skirmish.rulesets.strange_aeons.lists.list_file import SAMPLES, ListError, read_list
from skirmish.rulesets.strange_aeons.mutations import load_mutations, mutate
from skirmish.rulesets.strange_aeons.rulebook import StrangeAeons

BOOK = "strange-aeons"
TEAM = str(SAMPLES / "fight_team.toml")


@pytest.fixture(scope="module")
def rules() -> StrangeAeons:
    found = find_ruleset(BOOK)
    assert isinstance(found, StrangeAeons)
    return found


BITE = {"id": "bite", "name": "Bite", "kind": "close", "damage": 1, "ccb_d3": True, "ap": 1}
"""The Giant Vermin's Bite: C.C.B. +1D3, Dam. 1D+1, AP1 (R:582)."""


def book(*profiles: dict[str, Any], **kwargs: Any) -> Game:
    """A rulebook game mid-turn with these forces, placed as ``placed`` says; the Lurkers
    may also carry the Bite."""
    placed = kwargs.pop("placed")
    setup = forces(*({**p, "weapons": [w for w in p["weapons"] if w != "bite"]} for p in profiles))
    given = {p["id"]: p for p in profiles}
    for side in setup.values():
        side["models"] = [given[m["id"]] for m in side["models"]]
    setup["lurkers"]["weapons"].append(BITE)
    return scenario(placed, ruleset_id=BOOK, setup=setup, **kwargs)


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
    game = commanding(mummy("L1"), undead("L2"), agent("L3"))
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


# -- Maniac and Degenerate: Resolve 1D6 (notes §6 item 51), Madman (R:806) --------------------


def maniac(model_id: str, **fields: Any) -> dict[str, Any]:
    """A Human with a rolled Resolve and Madman, slow so its Frenzy reaches nobody."""
    return agent(model_id, res_rolled=True, abilities=["madman"], move=1, **fields)


def test_sa_madman_resolve_rolled_for_the_test_and_a_failure_is_a_frenzy() -> None:
    game = book(
        agent("T1", skills=["fear"]),
        maniac("L1"),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0)},
        dice=[("rolled resolve", 5), ("resolve", 3)],
    )
    apply_all(game, "nominate T1", "pass T1")
    rolled = next(e for e in game.log if e.roll is not None)
    assert (rolled.rule, rolled.roll and rolled.roll.faces) == (
        "Resolve rolled for each test (R:806, rules notes item 51)",
        (5,),
    )
    assert events(game, "resolve")[0].data["need"] == 5
    madman = events(game, "madman")[0]
    assert (madman.rule, madman.models) == ("Maniac: Madman (R:806)", ("L1",))
    assert not events(game, "insanity")  # no roll on the Insanity Table
    assert game.state.frenzied == ("L1",)
    assert not dice_left(game)


def test_sa_madman_a_rolled_resolve_of_1_passes_whatever_the_die() -> None:
    game = book(
        agent("T1", skills=["fear"]),
        maniac("L1"),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0)},
        dice=[("rolled resolve", 1), ("resolve", 1)],
    )
    apply_all(game, "nominate T1", "pass T1")
    assert events(game, "resolve")[0].data == {
        "situation": "fear:T1",
        "need": 1,
        "passed": True,
    }
    assert not events(game, "madman") and game.state.frenzied == ()
    assert not dice_left(game)


def test_sa_madman_a_failed_test_to_shoot_past_the_closest_is_a_frenzy_after_the_shot() -> None:
    game = book(
        agent("T1"),
        agent("T2"),
        maniac("L1", weapons=["unarmed", "handgun_45"]),
        placed={"T1": (10.0, 14.0), "T2": (18.0, 10.0), "L1": (10.0, 10.0)},
        active=1,
        dice=[("rolled resolve", 4), ("resolve", 2), ("to-hit", 2)],
    )
    apply_all(game, "nominate L1", "shoot L1 T2 handgun_45")
    assert events(game, "retarget")[0].models == ("L1", "T1")
    assert [e.kind for e in game.log if e.kind in ("hits", "madman")] == ["madman", "hits"]
    assert game.state.frenzied == ("L1",)
    assert not dice_left(game)


def test_sa_madman_the_maniac_and_the_degenerate_play(rules: StrangeAeons) -> None:
    played = load_played()
    for name in ("maniac", "degenerate"):
        assert playable(rules.book, played, rules.book.lurkers[name])


# -- Degenerate: Filthy and Violator (R:757) ---------------------------------------------------


def test_sa_filthy_a_to_hit_1_jams_with_no_die_to_confirm() -> None:
    game = book(
        agent("T1"),
        agent("L1", abilities=["filthy"], weapons=["unarmed", "handgun_22"]),
        placed={"T1": (10.0, 16.0), "L1": (10.0, 10.0)},
        active=1,
        dice=[("to-hit", 1), ("to-hit", 5), ("to-wound", 1)],
    )
    apply_all(game, "nominate L1", "shoot L1 T1 handgun_22")
    filthy = events(game, "filthy")[0]
    assert (filthy.rule, filthy.models) == ("Degenerate: Filthy (R:757)", ("L1",))
    assert events(game, "jammed")[0].data == {"weapon": "handgun_22"}
    assert game.state.jammed == (("L1", "handgun_22"),)
    assert events(game, "hits")[0].data["hits"] == 1  # the hits of the Action count (R:251)
    assert not dice_left(game)


def test_sa_violator_a_friend_removed_by_it_is_tested_for_within_10() -> None:
    game = book(
        agent("T1"),
        agent("T2"),
        agent("T3"),
        agent("L1", abilities=["violator"], weapons=["unarmed", "handgun_45"]),
        placed={
            "T1": (10.0, 18.0),
            "T2": (18.0, 18.0),
            "T3": (34.0, 2.0),
            "L1": (10.0, 10.0),
        },
        active=1,
        dice=[
            ("to-hit", 5),
            ("to-wound", 6),  # 6 + 2 = 8 against Con 6: 3 Wounds, 2 past the last
            ("injury", 4),
            ("injury", 3),  # 7 + 2 = 9: Major Injury
            ("resolve", 4),  # T2, 8" away, sees T1 fall
        ],
    )
    apply_all(game, "nominate L1", "shoot L1 T1 handgun_45")
    assert model(game, "T1").removed == "Major Injury"
    violator = events(game, "violator")[0]
    assert (violator.rule, violator.models, violator.data) == (
        "Degenerate: Violator (R:757)",
        ("T1",),
        {"reach": 10.0},
    )
    assert [(e.models, e.data["situation"]) for e in events(game, "resolve")] == [
        (("T2",), "removal:T1")
    ]
    assert not dice_left(game)


def test_r672_a_god_spawns_kill_cites_its_own_violator() -> None:
    # R:665: God-Spawn L1 swallows T1, Face Up in base-to-base, whole; R:672: T2, 7" from T1
    # base to base and in sight, tests for it.
    game = book(
        agent("T1"),
        agent("T2"),
        agent("L1", kind="god_spawn", abilities=["violator", "swallow_whole"]),
        placed={
            "T1": {"pos": (10.0 + TOUCH, 10.0), "state": "face-up"},
            "T2": (10.0 + TOUCH, 18.0),
            "L1": (10.0, 10.0),
        },
        active=1,
        start="nominate",
        dice=[("resolve", 4)] * 2,  # T2 tests again, now the last of its side (R:214)
    )
    apply_all(game, "nominate L1", "swallow L1")
    assert model(game, "T1").removed == "Swallowed whole"
    violator = events(game, "violator")[0]
    assert (violator.rule, violator.models, violator.data) == (
        "God-Spawn: Violator (R:672)",
        ("T1",),
        {"reach": 10.0},
    )
    assert [(e.models, e.data["situation"]) for e in events(game, "resolve")] == [
        (("T2",), "removal:T1"),
        (("T2",), "last"),
    ]
    assert not dice_left(game)


# -- The Kindred: Chosen of Yog-Sothoth (R:772-781) ---------------------------------------------


def kindred(model_id: str) -> dict[str, Any]:
    """The Kindred's profile (R:768: 5 | 5+ | 5 | 1 | 1 | 4+)."""
    return agent(model_id, con=5, attacks=1, abilities=["chosen_of_yog_sothoth"])


def test_sa_chosen_of_yog_sothoth_each_kindred_rolls_its_mutation_at_set_up(
    rules: StrangeAeons,
) -> None:
    setup = forces(agent("T1"), kindred("L1"), kindred("L2"), kindred("L3"), agent("L4"))
    lurkers = mutate(load_mutations(), setup["lurkers"], scripted("mutation", 3, 6, 2))
    goat, massive, visible, plain = lurkers["models"]
    assert lurkers["mutations"] == [["L1", 3], ["L2", 6], ["L3", 2]]
    assert goat["move"] == 7  # Goat Legs: +2 M (R:779)
    assert (massive["move"], massive["con"], massive["wounds"]) == (4, 7, 2)  # R:781
    assert visible["abilities"] == ["chosen_of_yog_sothoth", "partially_visible"]  # R:777
    assert plain == setup["lurkers"]["models"][3]
    game = rules.new_game(
        rules.normalize_setup({"threshold": setup["threshold"], "lurkers": lurkers}), seed=1
    )
    opening = [e for e in game.log if e.kind == "mutation"]
    assert [(e.models, e.data) for e in opening] == [
        (("L1",), {"roll": 3, "name": "Goat Legs"}),
        (("L2",), {"roll": 6, "name": "Massive Build"}),
        (("L3",), {"roll": 2, "name": "Partially Visible"}),
    ]
    assert opening[0].rule == "Chosen of Yog-Sothoth: Kindred Mutations (R:772-781)"


def test_sa_chosen_of_yog_sothoth_tentacles_grotesque_and_multiple_eyes() -> None:
    side = forces(kindred("L1"), kindred("L2"))["lurkers"]
    tentacles, grotesque = mutate(load_mutations(), side, scripted("mutation", 4, 1))["models"]
    assert (tentacles["skills"], tentacles["attacks"]) == (["parry"], 2)  # R:780
    assert grotesque["skills"] == ["hideous"]  # R:776
    eyes = load_mutations().mutation[4]
    assert (eyes.name, eyes.skills, eyes.stats) == ("Multiple Eyes", ("ambush",), {"dex": -1})


def test_sa_chosen_of_yog_sothoth_the_kindred_plays_when_its_mutations_skills_do(
    rules: StrangeAeons,
) -> None:
    played = load_played()
    assert playable(rules.book, played, rules.book.lurkers["the_kindred"]) == (
        "ambush" in played.skills
    )


# -- Saves of the profiles' own rules: Partially Visible, Stunted, Skeletal ---------------------


def shot_at(target: dict[str, Any], save: int) -> Game:
    """T1 shoots ``target`` (L1, 8" away in the open) with a .45: a hit, saved by ``save``."""
    game = book(
        agent("T1", weapons=["unarmed", "handgun_45"]),
        target,
        placed={"T1": (10.0, 10.0), "L1": (18.0, 10.0)},
        dice=[("to-hit", 5), ("save", save)],
    )
    apply_all(game, "nominate T1", "shoot T1 L1 handgun_45")
    assert events(game, "saved")[0].data == {"saved": 1, "left": 0}
    assert not dice_left(game)
    return game


def test_sa_partially_visible_a_6_up_save_against_shots() -> None:
    game = shot_at(agent("L1", abilities=["partially_visible"]), 6)
    assert events(game, "shot")[0].data["save"] == 6  # R:777


def test_sa_stunted_a_5_up_save_in_close_combat() -> None:
    game = book(
        agent("T1"),
        agent("L1", abilities=["stunted"]),
        placed={"T1": (10.0, 10.0), "L1": (10.0 + TOUCH + 2.0, 10.0)},
        # T1 6 against L1 4: two hits, Stunted saves one (R:880), 1 + 1 does not wound.
        dice=script("close-combat", 5, 2, 3, 2, "save", 5, 4, "to-wound", 1),
    )
    apply_all(game, "nominate T1", "charge T1 L1", "wound T1")
    assert events(game, "saved")[0].data == {"saved": 1, "left": 1}
    assert not dice_left(game)


def test_sa_skeletal_a_5_up_save_against_shots() -> None:
    game = shot_at(undead("L1", abilities=["skeletal"]), 5)
    assert events(game, "shot")[0].data["save"] == 5  # R:887


# -- Watcher: Evil Eye and Strider (R:708) ----------------------------------------------------


def watcher(model_id: str) -> dict[str, Any]:
    return agent(model_id, types=["daemon", "beast"], abilities=["evil_eye", "strider"])


def test_sa_evil_eye_a_failed_resolve_test_places_the_target_face_down() -> None:
    game = book(
        agent("T1"),
        agent("T2"),
        watcher("L1"),
        placed={"T1": (14.0, 10.0), "T2": (10.0, 18.0), "L1": (10.0, 10.0)},
        active=1,
        dice=[("resolve", 3)],
    )
    game.apply("nominate L1")
    assert "evil-eye L1 T1" in options(game) and "evil-eye L1 T2" not in options(game)
    refused(game, "evil-eye L1 T2", 'T2 is 7.02" away: the Evil Eye reaches 6"')
    game.apply("evil-eye L1 T1")
    eye = events(game, "evil-eye")[0]
    assert (eye.rule, eye.models, eye.data) == (
        "Watcher: Evil Eye (R:708)",
        ("L1", "T1"),
        {"need": 4, "passed": False},
    )
    assert model(game, "T1").state == "face-down"
    refused(game, "evil-eye L1 T1", "T1 is not a Normal model subject to psychology (R:708)")
    assert not dice_left(game)


def test_r223_a_frenzied_model_passes_the_evil_eye_with_no_roll() -> None:
    game = book(
        agent("T1"),
        watcher("L1"),
        placed={"T1": (14.0, 10.0), "L1": (10.0, 10.0)},
        active=1,
    )
    game.apply("nominate L1")
    game.state.frenzied = ("T1",)  # a Frenzy rolled earlier this turn (a Fear test failed)
    game.apply("evil-eye L1 T1")
    passed = events(game, "frenzy-passes-test")[0]
    assert (passed.rule, passed.models, passed.data) == (
        "Insanity Table: Frenzy (R:223)",
        ("T1",),
        {"test": "Watcher: Evil Eye (R:708)"},
    )
    assert not events(game, "evil-eye")
    assert model(game, "T1").state == "normal"
    assert not dice_left(game)


def test_sa_strider_rough_terrain_costs_it_no_movement() -> None:
    rubble = board({"id": "rubble", "kind": "rough", "height": 1.0, "polygon": rect(12, 0, 13, 24)})
    game = book(
        agent("T1"),
        watcher("L1"),
        placed={"T1": (30.0, 20.0), "L1": (10.0, 10.0)},
        board=rubble,
        active=1,
    )
    game.apply("nominate L1")
    game.apply("move L1 15,10")  # 5" across the rubble: 3" for others (R:708, notes item 50)
    assert model(game, "L1").pos == (15.0, 10.0)
    assert not dice_left(game)


def test_sa_evil_eye_and_strider_make_the_watcher_playable(rules: StrangeAeons) -> None:
    assert playable(rules.book, load_played(), rules.book.lurkers["watcher"])


# -- Re-animated Limb: Unnerving (R:907) ------------------------------------------------------


def test_sa_unnerving_humans_within_5_add_1_to_their_resolve() -> None:
    game = book(
        agent("T1"),
        undead("L1", abilities=["unnerving"]),
        undead("L2", skills=["fear"]),
        placed={"T1": (10.0, 10.0), "L1": (10.0, 14.0), "L2": (14.0, 10.0)},
        active=1,
        dice=[("resolve", 5)],
    )
    apply_all(game, "nominate L2", "pass L2")
    unnerved = events(game, "unnerved")[0]
    assert (unnerved.rule, unnerved.models) == ("Re-animated Limb: Unnerving (R:907)", ("T1", "L1"))
    assert events(game, "resolve")[0].data == {"situation": "fear:L2", "need": 5, "passed": True}
    assert not dice_left(game)


# -- Swarm: 1D3 models per point, Tiny (R:613-617) ----------------------------------------------


def test_sa_tiny_the_swarm_rolls_1d3_models_for_each_point_at_set_up(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    nest = tmp_path / "nest.toml"
    nest.write_text(
        'name = "Nest"\nfaction = "lurkers"\n\n[[models]]\nprofile = "Swarm"\ncount = 3\n\n'
        '[[models]]\nprofile = "Cultist"\ncount = 3\n',
        "utf-8",
    )
    found = read_list(str(nest), rules.book)
    side = force_setup(rules.book, found, 1, "nest.toml", scripted("swarm", 2, 5, 6))
    assert side["swarms"] == [["Swarm", [1, 3, 3]]]  # a D3 read from each D6
    names = [m["name"] for m in side["models"]]
    assert names[:8] == [*(f"Swarm {n}" for n in range(1, 8)), "Cultist 1"]
    assert side["models"][0]["abilities"] == ["tiny"]
    team = rules.normalize_setup({})["threshold"]
    game = rules.new_game(rules.normalize_setup({"threshold": team, "lurkers": side}), seed=1)
    swarm = events(game, "swarm")[0]
    assert (swarm.rule, swarm.data) == (
        "Swarm: 1D3 models per point (R:613)",
        {"name": "Swarm", "rolled": [1, 3, 3], "models": 7},
    )
    assert playable(rules.book, load_played(), rules.book.lurkers["swarm"])


def test_sa_tiny_rough_terrain_costs_nothing_and_a_5_up_save_against_every_hit() -> None:
    rubble = board({"id": "rubble", "kind": "rough", "height": 1.0, "polygon": rect(12, 0, 13, 24)})
    game = book(
        agent("T1", weapons=["unarmed", "handgun_45"]),
        agent("L1", types=["beast"], abilities=["tiny"]),
        placed={"T1": (20.0, 16.0), "L1": (10.0, 10.0)},
        board=rubble,
        active=1,
        dice=[("to-hit", 5), ("save", 5)],
    )
    apply_all(game, "nominate L1", "move L1 15,10")  # 5" across the rubble (R:617)
    game.apply("alert T1 L1 handgun_45")
    assert events(game, "shot")[0].data["save"] == 5  # R:617
    assert events(game, "saved")[0].data == {"saved": 1, "left": 0}
    assert not dice_left(game)


# -- God-Spawn: Minor God, Psychic Resonance (R:672); Shambler: Dead Thing (R:693) ----------------


def test_sa_psychic_resonance_holds_as_no_psychic_power_is_played(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    played = load_played()
    assert playable(rules.book, played, rules.book.lurkers["god_spawn"])
    team = tmp_path / "psychic.toml"
    team.write_text(
        'name = "Psychics"\nfaction = "threshold"\n\n[[models]]\nprofile = "Character"\n'
        'skills = ["Lucky"]\ngear = ["Elephant Gun", "Sword", "Sword"]\n\n[[models]]\n'
        'name = "Seer"\nprofile = "Agent"\nskills = ["Tough"]\npower = "Telekinesis"\n'
        'gear = ["Sword"]\n',
        "utf-8",
    )
    with pytest.raises(ListError, match=re.escape("Psychic Power Telekinesis (R:309)")):
        rules.normalize_setup({"threshold": str(team)})


def test_sa_minor_god_the_god_spawn_buys_one_upgrade_black_arts_not_played(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    spawn = tmp_path / "spawn.toml"
    spawn.write_text(
        'name = "Spawn"\nfaction = "lurkers"\n\n[[models]]\nprofile = "God-Spawn"\n'
        'upgrades = ["Black Arts"]\n',
        "utf-8",
    )
    # The one Eldritch Power it may buy is checked with the list (R:672); Black Arts' spells
    # are not played yet.
    found = unplayed(rules.book, load_played(), read_list(str(spawn), rules.book))
    assert found == ["God-Spawn (God-Spawn): upgrade Black Arts (R:662) is not played yet"]


def test_sa_dead_thing_a_5_up_save_against_every_hit() -> None:
    game = shot_at(undead("L1", abilities=["dead_thing"]), 5)
    assert events(game, "shot")[0].data["save"] == 5  # R:693


# -- Giant Vermin: Elusive (R:586) and its Bite's C.C. bonus of 1D3 (notes §6 item 51) -----------


def test_sa_elusive_a_6_up_cover_save_at_all_times() -> None:
    game = shot_at(agent("L1", types=["beast"], abilities=["elusive"]), 6)
    assert events(game, "shot")[0].data == {
        "weapon": "handgun_45",
        "cover": "none",
        "save": 6,  # R:586, though in the open
    }


def test_r582_the_giant_vermin_plays_its_bite_rolling_1d3_each_round_notes_6_item_51(
    rules: StrangeAeons,
) -> None:
    assert playable(rules.book, load_played(), rules.book.lurkers["giant_vermin"])
    game = book(
        agent("T1"),
        agent("L1", types=["beast"], abilities=["elusive"], weapons=["bite"]),
        placed={"T1": (10.0, 10.0), "L1": (10.0 + TOUCH + 2.0, 10.0)},
        # T1 4 + 1 = 5; L1 3 + D3 (a 6: 3) = 6, wins by 1; 5 + 1 against Con 6: a Wound.
        dice=script("rolled ccb", 6, "close-combat", 4, 2, 3, 2, "to-wound", 5, "injury", 3, 3),
    )
    apply_all(game, "nominate T1", "charge T1 L1")
    rolled = next(e for e in game.log if e.roll is not None)
    assert (rolled.rule, rolled.models) == (
        "C.C. bonus 1D3, rolled each round (rules notes item 51)",
        ("L1",),
    )
    assert events(game, "combat-totals")[0].data == {"totals": [5, 6]}
    game.apply("wound L1")
    assert model(game, "T1").state == "face-down"  # 3 + 3 = 6: Unconscious
    assert not dice_left(game)


# -- Wendigo: Ravenous and Infectious Hunger (R:703) --------------------------------------------

# The charger rolls 5, 2 (+1: 6) against 3, 2 (+1: 4): two hits; 5 + 1 wounds (Con 6) once,
# and 5 + 5 on the Injury table is a Major Injury.
KILL = script("close-combat", 5, 2, 3, 2, "to-wound", 5, 4, "injury", 5, 5)


def test_sa_ravenous_the_next_action_eats_a_corpse_removed_in_base_to_base() -> None:
    game = book(
        agent("T1"),
        undead("T2"),  # the last of its side, but no Human: no test
        agent("L1", abilities=["ravenous"]),
        placed={"T1": (10.0 + TOUCH, 10.0), "T2": (30.0, 20.0), "L1": (10.0, 10.0)},
        active=1,
        start="nominate",
        dice=KILL,
    )
    apply_all(game, "nominate L1", "charge L1 T1", "wound L1")
    assert model(game, "T1").removed == "Major Injury"
    ravenous = events(game, "ravenous")[0]
    assert (ravenous.rule, ravenous.models) == ("Wendigo: Ravenous (R:703)", ("L1", "T1"))
    assert options(game) == ["feast L1"]
    refused(game, "pass L1", "L1 is Ravenous: this Action eats the corpse it owes (R:703)")
    game.apply("feast L1")
    assert events(game, "feast")[0].models == ("L1",) and game.state.feasts == ()
    assert not dice_left(game)


def hungry(*tests: int) -> Game:
    """T1 (no host: neither Human nor Humanoid) about to kill the Wendigo L1, the hosts T2 4"
    west and T3 4" north of it, the ``tests`` of Infectious Hunger to roll."""
    return book(
        undead("T1"),
        agent("T2"),
        agent("T3"),
        agent("L1", abilities=["infectious_hunger"]),
        undead("L2"),
        placed={
            "T1": (10.0 + TOUCH, 10.0),
            "T2": (4.0, 10.0),
            "T3": (10.0, 14.0),
            "L1": (10.0, 10.0),
            "L2": (30.0, 20.0),
        },
        start="nominate",
        dice=[*KILL, *(("resolve", face) for face in tests)],
    )


def test_sa_infectious_hunger_the_first_host_to_fail_rises_as_a_wendigo() -> None:
    game = hungry(4, 2)
    apply_all(game, "nominate T1", "charge T1 L1", "wound T1")
    assert sorted(options(game)) == ["hunger L1 T2", "hunger L1 T3"]  # the killer's order
    game.apply("hunger L1 T3")
    tests = [(e.models, e.data) for e in events(game, "hunger-test")]
    assert tests == [
        (("T3", "L1"), {"need": 4, "passed": True}),
        (("T2", "L1"), {"need": 4, "passed": False}),
    ]
    assert model(game, "T2").removed == "Major Injury"
    reborn = model(game, "L1T2")
    assert (reborn.side, reborn.profile, reborn.pos) == (1, "L1", (4.0, 10.0))
    assert events(game, "possessed")[0].rule == "Wendigo: Infectious Hunger (R:703)"
    assert not dice_left(game)


def test_r223_a_frenzied_host_passes_the_infectious_hunger_with_no_roll() -> None:
    game = hungry(2)
    game.apply("nominate T1")
    game.state.frenzied = ("T3",)  # a Frenzy rolled earlier this turn
    apply_all(game, "charge T1 L1", "wound T1", "hunger L1 T3")
    passed = events(game, "frenzy-passes-test")[0]
    assert (passed.models, passed.data) == (("T3",), {"test": "Wendigo: Infectious Hunger (R:703)"})
    tests = [(e.models, e.data) for e in events(game, "hunger-test")]
    assert tests == [(("T2", "L1"), {"need": 4, "passed": False})]
    assert model(game, "T3").removed is None and model(game, "T2").removed == "Major Injury"
    assert not dice_left(game)


def test_sa_infectious_hunger_a_friend_s_sweep_its_player_orders_the_tests_r703() -> None:
    game = book(
        agent("T1"),
        agent("T2"),
        agent("L1", types=["beast"], abilities=["sweep"]),
        agent("L2", types=["daemon", "beast"], abilities=["infectious_hunger"]),
        placed={
            "T1": (10.0, 16.0),
            "T2": (15.0, 12.0),
            "L1": (10.0, 10.0),
            "L2": (10.0, 10.0 + TOUCH + 1.0),  # the Worm's friend, 1" off: swept (R:557)
        },
        active=1,
        start="nominate",
        dice=script("to-wound", 6, "injury", 5, 5, "resolve", 5, 4),
    )
    apply_all(game, "nominate L1", "sweep L1")
    assert model(game, "L2").removed == "Major Injury"
    assert game.decision is not None and game.decision.player == 1  # the Worm's, who killed it
    assert sorted(options(game)) == ["hunger L2 T1", "hunger L2 T2"]
    game.apply("hunger L2 T2")
    tests = [(e.models, e.data["passed"]) for e in events(game, "hunger-test")]
    assert tests == [(("T2", "L2"), True), (("T1", "L2"), True)]
    assert events(game, "spirit-destroyed")[0].models == ("L2",)
    assert not dice_left(game)


def test_sa_infectious_hunger_no_host_near_destroys_the_spirit(rules: StrangeAeons) -> None:
    assert playable(rules.book, load_played(), rules.book.lurkers["wendigo"])
    game = book(
        undead("T1"),
        agent("L1", abilities=["infectious_hunger"]),
        undead("L2"),
        placed={"T1": (10.0 + TOUCH, 10.0), "L1": (10.0, 10.0), "L2": (30.0, 20.0)},
        start="nominate",
        dice=KILL,
    )
    apply_all(game, "nominate T1", "charge T1 L1", "wound T1")
    assert events(game, "spirit-destroyed")[0].models == ("L1",)
    assert len(game.models) == 3
    assert not dice_left(game)


# -- Conglomerate: Tenacity (R:897) -------------------------------------------------------------


def test_sa_tenacity_three_actions_a_turn() -> None:
    game = book(
        agent("T1"),
        undead("L1", abilities=["tenacity"]),
        placed={"T1": (30.0, 20.0), "L1": (10.0, 10.0)},
        active=1,
    )
    game.apply("nominate L1")
    assert game.decision is not None and game.decision.prompt.endswith("Action 1 of 3")
    apply_all(game, "pass L1", "pass L1", "pass L1")
    assert len(events(game, "pass")) == 3
    assert game.state.active == 0  # its three taken, the Lurker turn is over
    assert not dice_left(game)


def test_sa_body_part_the_re_animated_limb_plays_its_2_hand_weapons_refused_with_the_list(
    rules: StrangeAeons,
) -> None:
    # Body Part is checked with the list (test_r907_a_re_animated_limb_carries_no_2_hand_weapon).
    assert playable(rules.book, load_played(), rules.book.lurkers["reanimated_limb"])
