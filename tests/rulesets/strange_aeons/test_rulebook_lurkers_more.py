"""More Lurker profiles' own rules (notes §3.4), each with scripted dice on forces written by
hand, named after the ability and the rulebook line it plays."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.dice_script import script
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
from tests.rulesets.strange_aeons.rulebook import BOOK, agent, engaged, forces
from tests.rulesets.strange_aeons.test_rulebook_lurkers import TEAM, book, rules, shot_at

from skirmish.dice import ScriptedDice
from skirmish.engine.game import Game
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.strange_aeons import ai
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.forces import load_played, playable, unplayed
from skirmish.rulesets.strange_aeons.lists.list_file import read_list
from skirmish.rulesets.strange_aeons.rulebook import StrangeAeons
from skirmish.rulesets.strange_aeons.state import Token

__all__ = ["rules"]  # the ruleset, a fixture of the tests of the other Lurker profiles


def lurker_list(tmp_path: Path, text: str) -> str:
    """A Lurker list file of ``text``'s entries."""
    path = tmp_path / "lurkers.toml"
    path.write_text(f'name = "Lurkers"\nfaction = "lurkers"\n\n{text}\n', "utf-8")
    return str(path)


# -- Zombie: Lurch (R:912) --------------------------------------------------------------------


def zombie(model_id: str) -> dict[str, Any]:
    """A Zombie's Movement of 1D3+1 with Lurch (R:912)."""
    return agent(model_id, types=["undead"], move=1, move_die=3, abilities=["lurch"])


def test_sa_lurch_a_6_on_the_movement_die_moves_the_zombie_6_inches_r912() -> None:
    game = book(
        agent("T1"),
        zombie("L1"),
        placed={"T1": (30.0, 20.0), "L1": (5.0, 10.0)},
        active=1,
        dice=[("movement", 6)],
    )
    apply_all(game, "nominate L1", "move L1 11,10")  # 6" away: beyond the 4" a D3 + 1 gives
    lurch = events(game, "lurch")[0]
    assert (lurch.rule, lurch.models, lurch.data) == ("Lurch (R:912)", ("L1",), {"movement": 6.0})
    assert model(game, "L1").pos == (11.0, 10.0)
    assert not dice_left(game)


def test_sa_lurch_another_face_is_read_as_a_d3_r912() -> None:
    game = book(
        agent("T1"),
        zombie("L1"),
        placed={"T1": (30.0, 20.0), "L1": (5.0, 10.0)},
        active=1,
        dice=[("movement", 5)],
    )
    apply_all(game, "nominate L1", "move L1 11,10")  # a D3 of 3: 3 + 1 = 4" of the 6"
    assert not events(game, "lurch")
    assert events(game, "movement-rolled")[0].data == {"movement": 4}
    assert model(game, "L1").pos == (9.0, 10.0)
    assert not dice_left(game)


def test_r912_a_6_moves_a_boosted_zombie_its_own_7_inches_r800() -> None:
    boosted = agent("L1", types=["undead"], move=4, move_die=3, abilities=["lurch"])
    game = book(
        agent("T1"),
        boosted,
        placed={"T1": (30.0, 20.0), "L1": (5.0, 10.0)},
        active=1,
        dice=[("movement", 6)],
    )
    apply_all(game, "nominate L1", "move L1 12,10")  # a D3 of 3 + 4 = 7": more than Lurch's 6
    assert not events(game, "lurch")
    assert events(game, "movement-rolled")[0].data == {"movement": 7}
    assert model(game, "L1").pos == (12.0, 10.0)
    assert not dice_left(game)


def test_sa_lurch_a_move_beyond_6_inches_is_refused_r912() -> None:
    game = book(agent("T1"), zombie("L1"), placed={"T1": (30.0, 20.0), "L1": (5.0, 10.0)}, active=1)
    game.apply("nominate L1")
    refused(game, "move L1 11.5,10", 'the point is 6.5" away, more than the 6" allowed')


def test_sa_lurch_makes_the_zombie_playable(rules: StrangeAeons, tmp_path: Path) -> None:
    assert playable(rules.book, load_played(), rules.book.lurkers["zombie"])
    given = lurker_list(tmp_path, '[[models]]\nprofile = "Zombie"\ncount = 5\n')
    game = rules.new_game({"threshold": TEAM, "lurkers": given}, 1)
    zombie = catalog_of(game).profile("L1")
    assert (zombie.move, zombie.move_die, zombie.abilities) == (1, 3, ("lurch",))


# -- Night-gaunt: Hover and Faceless (R:860) ---------------------------------------------------


def test_sa_hover_terrain_costs_it_no_movement_r860() -> None:
    rubble = board({"id": "rubble", "kind": "rough", "height": 1.0, "polygon": rect(12, 0, 13, 24)})
    game = book(
        agent("T1"),
        agent("L1", abilities=["hover"]),
        placed={"T1": (30.0, 20.0), "L1": (10.0, 10.0)},
        board=rubble,
        active=1,
    )
    apply_all(game, "nominate L1", "move L1 15,10")  # 5" across the rubble: 3" for others
    assert model(game, "L1").pos == (15.0, 10.0)
    assert not dice_left(game)


def test_sa_hover_flies_over_impassable_terrain_never_ending_a_move_in_it_r860_r168() -> None:
    wall = board(
        {"id": "wall", "kind": "impassable", "height": 3.0, "polygon": rect(11, 0, 12, 24)}
    )
    game = book(
        agent("T1"),
        agent("L1", abilities=["hover"]),
        placed={"T1": (30.0, 20.0), "L1": (10.0, 10.0)},
        board=wall,
        active=1,
    )
    game.apply("nominate L1")
    refused(game, "move L1 11.5,10", "the base would overlap the wall (impassable)")
    refused(game, "move L1 15.1,10", 'the point is 5.1" away, more than the 5" allowed')
    game.apply("move L1 13.5,10")  # straight over the wall, clearing it
    assert model(game, "L1").pos == (13.5, 10.0)


def test_sa_hover_a_6_up_save_against_shots_r860() -> None:
    game = shot_at(agent("L1", abilities=["hover"]), 6)
    assert events(game, "shot")[0].data["save"] == 6


def test_sa_faceless_the_night_gaunt_uses_only_its_close_combat_weapons_r860(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    assert playable(rules.book, load_played(), rules.book.lurkers["night_gaunt"])
    given = lurker_list(
        tmp_path,
        '[[models]]\nprofile = "Night-gaunt"\ngear = ["Knife", "Short Bow"]\n\n'
        '[[models]]\nprofile = "Re-animated Limb"\ncount = 3\n',
    )
    game = rules.new_game({"threshold": TEAM, "lurkers": given}, 1)
    gaunt = catalog_of(game).profile("L1")
    assert gaunt.weapons == ("night_gaunt.barbed-tail", "knife")
    assert gaunt.abilities == ("hover",)


# -- Hybrid: Non-Lethal Force (R:855, notes §6 item 59) ---------------------------------------


def hybrid(model_id: str) -> dict[str, Any]:
    return agent(model_id, types=["humanoid", "aquatic"], abilities=["non_lethal_force"])


def hybrid_charged(*faces: int) -> Game:
    """T1 charges the Hybrid L1, their close combat dice given by ``faces``."""
    game = book(
        agent("T1"),
        hybrid("L1"),
        placed={"T1": (10.0, 10.0), "L1": (10.0 + TOUCH + 2.0, 10.0)},
        dice=script("close-combat", *faces),
    )
    apply_all(game, "nominate T1", "charge T1 L1")
    return game


def test_sa_non_lethal_force_a_threshold_to_hit_6_in_close_combat_is_a_1_r855() -> None:
    # T1's 6 reads as a 1: 3 + 1 = 4, and the 1 adds to L1's 4 + 1: 6 (no Critical Hit).
    game = hybrid_charged(6, 3, 4, 2)
    held = events(game, "non-lethal")[0]
    assert (held.rule, held.models, held.data) == (
        "Hybrid: Non-Lethal Force (R:855, rules notes §6 item 59)",
        ("T1", "L1"),
        {"sixes": 1},
    )
    assert events(game, "critical-miss")[0].models == ("T1", "L1")
    assert events(game, "combat-totals")[0].data == {"totals": [4, 6]}
    assert events(game, "combat-won")[0].models == ("L1", "T1")
    assert not dice_left(game)


def test_sa_non_lethal_force_the_hybrids_own_6s_stand_r855() -> None:
    game = hybrid_charged(2, 2, 6, 3)
    assert not events(game, "non-lethal")
    assert events(game, "combat-totals")[0].data == {"totals": [3, 7]}
    assert not dice_left(game)


def test_sa_non_lethal_force_a_threshold_shot_s_6_is_a_1_that_may_jam_r855() -> None:
    game = book(
        agent("T1", weapons=["unarmed", "handgun_45"]),
        hybrid("L1"),
        placed={"T1": (10.0, 10.0), "L1": (18.0, 10.0)},
        dice=[("to-hit", 6), ("jam", 1)],
    )
    apply_all(game, "nominate T1", "shoot T1 L1 handgun_45")
    assert events(game, "non-lethal")[0].data == {"sixes": 1}
    assert events(game, "hits")[0].data == {"hits": 0, "need": 5}
    assert game.state.is_jammed("T1", "handgun_45")
    assert not dice_left(game)


def test_sa_non_lethal_force_makes_the_hybrid_playable(rules: StrangeAeons, tmp_path: Path) -> None:
    assert playable(rules.book, load_played(), rules.book.lurkers["hybrid"])
    given = lurker_list(tmp_path, '[[models]]\nprofile = "Hybrid"\ncount = 5\n')
    game = rules.new_game({"threshold": TEAM, "lurkers": given}, 1)
    hybrid = catalog_of(game).profile("L1")
    assert (hybrid.move_die, hybrid.types, hybrid.abilities) == (
        6,
        ("humanoid", "aquatic"),
        ("non_lethal_force",),
    )
    assert hybrid.weapons == ("club",)


# -- Giant Snake: Mesmerize and Constrictor (R:580) -------------------------------------------


def snake(model_id: str) -> dict[str, Any]:
    return agent(model_id, types=["beast"], abilities=["constrictor", "mesmerize"])


def gazed(*faces: int) -> Game:
    """The Giant Snake L1 Mesmerizes T1, 5" away, the two rolling ``faces``."""
    game = book(
        agent("T1"),
        snake("L1"),
        placed={"T1": (15.0, 10.0), "L1": (10.0, 10.0)},
        active=1,
        dice=script("mesmerize", *faces),
    )
    apply_all(game, "nominate L1", "mesmerize L1 T1")
    return game


def test_sa_mesmerize_the_lower_total_costs_the_target_an_action_when_next_nominated_r580() -> None:
    game = gazed(2, 5)  # 2 + 4 = 6 against 5 + 4 = 9
    gaze = events(game, "mesmerize")[0]
    assert (gaze.rule, gaze.models, gaze.data) == (
        "Giant Snake: Mesmerize (R:580)",
        ("L1", "T1"),
        {"totals": [6, 9], "passed": False},
    )
    assert game.state.mesmerized == ("T1",)
    refused(game, "mesmerize L1 T1", "T1 is Mesmerized already")
    apply_all(game, "pass L1", "nominate T1")
    assert events(game, "entranced")[0].models == ("T1",)
    assert game.decision is not None and "Action 1 of 1" in game.decision.prompt
    assert game.state.mesmerized == ()
    assert not dice_left(game)


def test_sa_mesmerize_an_equal_total_leaves_the_target_be_r580() -> None:
    game = gazed(3, 3)
    assert events(game, "mesmerize")[0].data == {"totals": [7, 7], "passed": True}
    assert game.state.mesmerized == ()
    assert not dice_left(game)


def test_sa_mesmerize_only_a_human_within_6_inches_r580() -> None:
    game = book(
        agent("T1", types=["undead"]),
        agent("T2"),
        snake("L1"),
        placed={"T1": (14.0, 10.0), "T2": (10.0, 18.0), "L1": (10.0, 10.0)},
        active=1,
    )
    game.apply("nominate L1")
    refused(
        game,
        "mesmerize L1 T1",
        "T1 is not a Human enemy on the table: only one is Mesmerized (R:580)",
    )
    refused(game, "mesmerize L1 T2", 'T2 is 7.02" away: Mesmerize reaches 6"')


def test_sa_constrictor_plus_1_ccb_for_each_turn_in_a_row_in_the_same_combat_r580() -> None:
    game = engaged(
        agent("T1"),
        snake("L1"),
        *(4, 2, 4, 3),  # Turn 1: 4 + 1 against 4 + 1, a Draw
        *(4, 3, 5, 2),  # Turn 2: L1 4 + 1 + 1 against T1 5 + 1, a Draw
        *(5, 2, 4, 2),  # Turn 3: T1 5 + 1 against L1 4 + 1 + 2: L1 wins by 1
    )
    apply_all(game, "nominate T1", "pass T1", "pass T1")  # Turn 2's combat follows
    grips = events(game, "grip")
    assert [(g.rule, g.models, g.data) for g in grips] == [
        ("Giant Snake: Constrictor (R:580)", ("L1", "T1"), {"bonus": 1}),
    ]
    apply_all(game, "nominate L1", "pass L1", "pass L1")
    assert [e.data["bonus"] for e in events(game, "grip")] == [1, 2]
    totals = [e.data["totals"] for e in events(game, "combat-totals")]
    assert totals == [[5, 5], [6, 6], [6, 7]]
    assert events(game, "combat-won")[0].models == ("L1", "T1")
    assert not dice_left(game)


def test_sa_constrictor_the_hold_ends_with_the_combat_r580() -> None:
    game = engaged(
        agent("T1"),
        snake("L1"),
        *(5, 2, 3, 2),  # Turn 1: T1 5 + 1 against 3 + 1: T1 wins and leaves the combat
        *(4, 3, 4, 2),  # Turn 2: L1 Charges T1 again: 4 + 1 against 4 + 1, no hold yet
    )
    apply_all(game, "withdraw T1 8,10", "nominate T1", "pass T1", "pass T1")
    assert game.state.grips == ()
    apply_all(game, "nominate L1", "charge L1 T1")
    assert not events(game, "grip")
    assert [e.data["totals"] for e in events(game, "combat-totals")] == [[6, 4], [5, 5]]
    assert not dice_left(game)


def test_sa_mesmerize_and_constrictor_make_the_giant_snake_playable(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    assert playable(rules.book, load_played(), rules.book.lurkers["giant_snake"])


# -- Thousand Young: Stomp, Crushing Grasp and Mimic (R:622) ----------------------------------


def test_sa_stomp_every_model_within_6_inches_tests_dexterity_or_goes_face_up_r622() -> None:
    game = book(
        agent("T1"),
        agent("T2"),
        agent("T3"),
        agent("L1", abilities=["stomp"]),
        agent("L2"),
        placed={
            "T1": (14.0, 10.0),
            "T2": (10.0, 15.0),
            "T3": (30.0, 20.0),
            "L1": (10.0, 10.0),
            "L2": (6.0, 10.0),
        },
        active=1,
        dice=script("dexterity", 3, 5, 4),  # T1 fails, T2 passes, the friend L2 fails
    )
    apply_all(game, "nominate L1", "stomp L1")
    tests = events(game, "stomp-test")
    assert [(t.rule, t.models, t.data["passed"]) for t in tests] == [
        ("Thousand Young: Stomp (R:622)", ("T1", "L1"), False),
        ("Thousand Young: Stomp (R:622)", ("T2", "L1"), True),
        ("Thousand Young: Stomp (R:622)", ("L2", "L1"), False),
    ]
    assert [model(game, m).state for m in ("T1", "T2", "T3", "L2")] == [
        "face-up",
        "normal",
        "normal",
        "face-up",
    ]
    assert not dice_left(game)


def test_r1101_lucky_re_rolls_the_stomp_test_r622() -> None:
    game = book(
        agent("T1", skills=["lucky"]),
        agent("T2"),
        agent("L1", abilities=["stomp"]),
        placed={"T1": (14.0, 10.0), "T2": (10.0, 15.0), "L1": (10.0, 10.0)},
        active=1,
        dice=script("dexterity", 3, 6, 4),  # T1 fails, re-rolls a 6; T2 fails
    )
    apply_all(game, "nominate L1", "stomp L1")
    assert game.decision is not None and game.decision.kind == "lucky"
    game.apply("reroll T1 1")
    tests = events(game, "stomp-test")
    assert [(t.models, t.data["passed"]) for t in tests] == [
        (("T1", "L1"), True),
        (("T2", "L1"), False),
    ]
    assert (model(game, "T1").state, model(game, "T2").state) == ("normal", "face-up")
    assert not dice_left(game)


def test_sa_crushing_grasp_plus_1_damage_for_each_turn_in_a_row_in_the_same_combat_r622() -> None:
    game = engaged(
        agent("T1"),
        agent("L1", abilities=["crushing_grasp"]),
        *(4, 2, 4, 3),  # Turn 1: 4 + 1 against 4 + 1, a Draw
        *(5, 3, 3, 2),  # Turn 2: L1 5 + 1 against T1 3 + 1: L1 wins by 2
        "to-wound",
        *(3, 2),  # the highest, 3, + 1 + 1 against Constitution 6
    )
    apply_all(game, "nominate T1", "pass T1", "pass T1", "wound L1")
    grip = events(game, "grip")[0]
    assert (grip.rule, grip.models, grip.data) == (
        "Thousand Young: Crushing Grasp (R:622)",
        ("L1", "T1"),
        {"bonus": 1},
    )
    assert [e.data["total"] for e in events(game, "no-wound")] == [5]
    assert not dice_left(game)


TREES = {
    "id": "copse",
    "kind": "rough",
    "height": 3.0,
    "polygon": rect(24, 2, 28, 6),
    "tags": ["trees"],
}
RUBBLE = {"id": "rubble", "kind": "rough", "height": 0.0, "polygon": rect(16, 10, 20, 14)}


def test_sa_mimic_deploys_last_in_a_stand_of_trees_10_from_every_enemy_r622() -> None:
    setup = {
        "board": board(TREES, RUBBLE),
        **forces(agent("T1"), agent("L1", abilities=["mimic"]), agent("L2")),
    }
    first = script("roll-off deployment", 5, 2, "roll-off first-turn", 5, 2)
    game = find_ruleset(BOOK).new_game(setup, 0, ScriptedDice(first))
    apply_all(game, "edge west", "deploy T1 2,12", "deploy L2 34,12")
    assert game.decision is not None and game.decision.prompt == "deploy Agent L1 (L1), Mimic"
    refused(game, "sneak L1 20.3,12", "the base must touch a stand of trees (R:622)")
    game.apply("sneak L1 26,4")
    assert events(game, "deployed")[-1].rule == "Thousand Young: Mimic (R:622)"
    assert model(game, "L1").pos == (26.0, 4.0)
    assert not dice_left(game)


def test_sa_stomp_crushing_grasp_and_mimic_make_the_thousand_young_playable(
    rules: StrangeAeons,
) -> None:
    assert playable(rules.book, load_played(), rules.book.lurkers["thousand_young"])


# -- Missing Link: Primal Scream and Mating Pair (R:601) --------------------------------------


def test_sa_primal_scream_models_within_10_inches_test_or_suffer_revulsion_r601() -> None:
    game = book(
        agent("T1"),
        agent("T2"),
        agent("L1", types=["beast", "humanoid"], abilities=["primal_scream"]),
        agent("L2"),
        agent("L3", types=["undead"]),
        placed={
            "T1": (18.0, 10.0),
            "T2": (10.0, 22.0),
            "L1": (10.0, 10.0),
            "L2": (6.0, 10.0),
            "L3": (10.0, 6.0),
        },
        active=1,
        dice=script("resolve", 2, 5),  # T1 fails, the friend L2 passes; T2 is 11" off
    )
    apply_all(game, "nominate L1", "howl L1")
    assert events(game, "howl")[0].rule == "Missing Link: Primal Scream (R:601)"
    tests = [(e.models, e.data["situation"], e.data["passed"]) for e in events(game, "resolve")]
    assert tests == [(("T1",), "howl:L1", False), (("L2",), "howl:L1", True)]
    assert not events(game, "insanity")  # Revulsion with no roll on the table
    assert model(game, "T1").pos == (23.0, 10.0)  # a Move directly away from L1 (R:222)
    refused(game, "howl L1", "L1 has howled already: once a game")
    assert not dice_left(game)


def test_sa_baleful_howl_reaches_6_inches_once_a_game_r562() -> None:
    game = book(
        agent("T1"),
        agent("T2"),
        agent("L1", types=["beast", "daemon"], abilities=["baleful_howl"]),
        placed={"T1": (15.0, 10.0), "T2": (17.0, 10.0), "L1": (10.0, 10.0)},
        active=1,
        dice=script("resolve", 4),  # T1, 4" off, passes; T2, 6.02" off, hears nothing
    )
    apply_all(game, "nominate L1", "howl L1")
    assert events(game, "howl")[0].rule == "Daemonic Hound: Baleful Howl (R:562)"
    assert [e.models for e in events(game, "resolve")] == [("T1",)]
    assert "howl L1" not in options(game)
    assert not dice_left(game)


def mating(*faces: int) -> Game:
    """T1 shoots the Missing Link L1 off the table, and its player rolls ``faces`` for a mate."""
    game = book(
        agent("T1", weapons=["unarmed", "handgun_45"]),
        agent("L1", abilities=["mating_pair"]),
        agent("L2", types=["undead"]),
        placed={"T1": (10.0, 10.0), "L1": (18.0, 10.0), "L2": (30.0, 20.0)},
        dice=script("to-hit", 5, "to-wound", 6, "injury", 6, 5, "mating pair", *faces),
    )
    apply_all(game, "nominate T1", "shoot T1 L1 handgun_45")
    assert model(game, "L1").removed == "Major Injury"
    return game


def test_sa_mating_pair_a_6_brings_another_missing_link_on_a_table_edge_r601() -> None:
    game = mating(6)
    called = events(game, "mating-pair")[0]
    assert (called.rule, called.models, called.data) == (
        "Missing Link: Mating Pair (R:601)",
        ("L1",),
        {"called": True},
    )
    refused(game, "mate L1 5,12", "its base must touch one")
    game.apply("mate L1 0.5,12")
    mate = model(game, "L1M")
    assert (mate.side, mate.profile, mate.pos, mate.wounds) == (1, "L1", (0.5, 12.0), 1)
    assert events(game, "mate")[0].models == ("L1M", "L1")
    assert not dice_left(game)


def test_sa_mating_pair_another_face_brings_none_r601() -> None:
    game = mating(5)
    assert events(game, "mating-pair")[0].data == {"called": False}
    assert [m.id for m in game.models] == ["T1", "L1", "L2"]
    assert not dice_left(game)


def test_sa_primal_scream_and_mating_pair_make_the_missing_link_playable(
    rules: StrangeAeons,
) -> None:
    assert playable(rules.book, load_played(), rules.book.lurkers["missing_link"])


# -- Ghoul: Implacable and Corpse Eater (R:845) -----------------------------------------------


def test_sa_implacable_a_ghoul_moves_a_marker_along_at_no_movement_penalty_r845() -> None:
    setup = {"scenario": "retrieve-the-artifacts", **forces(agent("T1"), ghoul("L1"))}
    placed = {"T1": (30.0, 4.0), "L1": (10.0, 20.0 - TOUCH)}
    game = scenario(placed, active=1, ruleset_id=BOOK, setup=setup)
    game.state.tokens = (Token("M1", "objective", 10.0, 20.0),)
    game.apply("nominate L1")
    refused(game, "drag L1 M1 15.5,19", 'more than the 5" allowed')
    game.apply("drag L1 M1 14.5,19")  # 4.5": 3" for another Lurker (R:1629)
    assert model(game, "L1").pos == (14.5, 19.0)
    assert not dice_left(game)


def ghoul(model_id: str) -> dict[str, Any]:
    return agent(model_id, types=["humanoid"], abilities=["implacable"])


def test_sa_implacable_and_corpse_eater_make_the_ghoul_playable(rules: StrangeAeons) -> None:
    assert playable(rules.book, load_played(), rules.book.lurkers["ghoul"])


# -- Ghoul King: Maddening Gibber (R:850) -----------------------------------------------------


def test_sa_maddening_gibber_ghouls_within_5_inches_are_nominated_with_the_king_r850() -> None:
    game = book(
        agent("T1"),
        agent("L1", types=["humanoid"], abilities=["maddening_gibber"], kind="ghoul_king"),
        agent("L2", types=["humanoid"], kind="ghoul"),
        agent("L3", types=["humanoid"], kind="ghoul"),
        agent("L4", types=["humanoid"]),
        placed={
            "T1": (30.0, 20.0),
            "L1": (10.0, 10.0),
            "L2": (14.0, 10.0),
            "L3": (10.0, 17.0),
            "L4": (10.0, 13.0),
        },
        active=1,
    )
    game.apply("nominate L1")
    gathered = events(game, "nominated")[1]
    assert (gathered.rule, gathered.models) == ("Ghoul King: Maddening Gibber (R:850)", ("L2",))
    assert game.state.nominated == ("L1", "L2")  # L3 is 6.02" off, L4 no Ghoul
    assert not dice_left(game)


def test_sa_maddening_gibber_makes_the_ghoul_king_playable(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    assert playable(rules.book, load_played(), rules.book.lurkers["ghoul_king"])
    given = lurker_list(
        tmp_path,
        '[[models]]\nprofile = "Ghoul"\n\n[[models]]\nprofile = "Re-animated Limb"\ncount = 3\n',
    )
    game = rules.new_game({"threshold": TEAM, "lurkers": given}, 1)
    assert catalog_of(game).profile("L1").kind == "ghoul"


# -- Serpentman Warrior: War Display and Blinding Spittle (R:875) -----------------------------


def test_sa_war_display_causes_fear_until_its_sides_next_turn_r875() -> None:
    game = book(
        agent("T1"),
        agent("L1", types=["humanoid"], abilities=["war_display"]),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0)},
        active=1,
        dice=script("resolve", 4),
    )
    apply_all(game, "nominate L1", "menace L1")
    assert events(game, "war-display")[0].rule == "Serpentman Warrior: War Display (R:875)"
    test = events(game, "resolve")[0]
    assert (test.models, test.data["situation"]) == (("T1",), "fear:L1")
    refused(game, "menace L1", "L1 already causes Fear until its side's next turn")
    apply_all(game, "pass L1", "nominate T1", "pass T1", "pass T1")
    assert (game.state.active, game.state.surly) == (1, ())
    assert not dice_left(game)


SPITTLE = {
    "id": "spittle",
    "name": "Blinding Spittle",
    "kind": "ranged",
    "damage": 0,
    "rate": 1,
    "specials": ["spray_template"],
    "template": "S",
    "ability": "blinding_spittle",
}
"""The Serpentman Warrior's spit: Rate 1D, Dam. 0, a Short Spray Template (R:871, R:875)."""


def spat(*faces: str | int, **target: Any) -> Game:
    """The Warrior L1 spits at T1, 4" off (T2 far away), the dice given by ``faces``; T1's
    own fields ``target``."""
    setup = forces(agent("T1", **target), agent("T2"), agent("L1", types=["humanoid"]))
    setup["lurkers"]["models"][0]["weapons"].append("spittle")
    setup["lurkers"]["weapons"].append(SPITTLE)
    placed = {"T1": (14.0, 10.0), "T2": (30.0, 20.0), "L1": (10.0, 10.0)}
    game = scenario(placed, script(*faces), active=1, ruleset_id=BOOK, setup=setup)
    apply_all(game, "nominate L1", "shoot L1 T1 spittle")
    return game


def test_sa_blinding_spittle_a_failed_dexterity_test_keeps_the_model_from_nomination_r875() -> None:
    game = spat("to-hit", 5, "dexterity", 2)  # T1 needs 5+: blinded
    spit = events(game, "spittle-test")[0]
    assert (spit.rule, spit.models, spit.data) == (
        "Serpentman Warrior: Blinding Spittle (R:875)",
        ("T1",),
        {"need": 5, "passed": False},
    )
    assert not events(game, "no-wound") and not events(game, "wounded")  # no damage
    game.apply("pass L1")
    assert options(game) == ["nominate T2"]
    refused(game, "nominate T1", "T1 is clearing the spittle from its eyes this Turn (R:875)")
    apply_all(game, "nominate T2", "pass T2", "pass T2")
    assert (game.state.active, game.state.blinded) == (1, ())
    assert not dice_left(game)


def test_sa_blinding_spittle_a_blinded_model_fights_back_at_minus_1_attack_r875() -> None:
    game = spat("to-hit", 5, "dexterity", 1, "close-combat", 3, 2, 4)
    game.apply("charge L1 T1")
    assert events(game, "blinded")[0].models == ("T1",)
    assert events(game, "combat-totals")[0].data == {"totals": [4, 5]}  # T1 rolled one die
    assert not dice_left(game)


def test_sa_blinding_spittle_a_passed_test_leaves_the_model_be_r875() -> None:
    game = spat("to-hit", 5, "dexterity", 5)
    assert game.state.blinded == ()
    assert not dice_left(game)


def test_r1101_r476_lucky_and_the_lucky_charm_are_offered_on_the_spittle_test_r875() -> None:
    gear: dict[str, Any] = {"skills": ["lucky"], "equipment": ["lucky_charm"]}
    game = spat("to-hit", 5, "dexterity", 2, "dexterity", 5, **gear)
    assert options(game) == ["reroll T1 1", "keep T1"]  # a 2 is two short of 5+: no Charm
    game.apply("reroll T1 1")
    assert events(game, "reroll")[0].rule == "Skills: Lucky"
    assert events(game, "spittle-test")[0].data == {"need": 5, "passed": True}
    assert game.state.blinded == ()
    assert not dice_left(game)
    game = spat("to-hit", 5, "dexterity", 4, **gear)
    assert options(game) == ["reroll T1 1", "charm T1 1", "keep T1"]  # a 4 is one short
    game.apply("charm T1 1")
    assert events(game, "spittle-test")[0].data == {"need": 5, "passed": True}
    assert game.state.gear_used == (("T1", "lucky_charm"),)
    assert not dice_left(game)


def test_sa_war_display_and_blinding_spittle_make_the_serpentman_warrior_playable(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    assert playable(rules.book, load_played(), rules.book.lurkers["serpentman_warrior"])
    given = lurker_list(
        tmp_path,
        '[[models]]\nprofile = "Serpentman Warrior"\n\n'
        '[[models]]\nprofile = "Re-animated Limb"\ncount = 3\n',
    )
    game = rules.new_game({"threshold": TEAM, "lurkers": given}, 1)
    spit = catalog_of(game).weapon("serpentman_warrior.blinding-spittle")
    assert (spit.rate, spit.damage, spit.template, spit.ability) == (1, 0, "S", "blinding_spittle")


# -- Daemonic Hound: Baleful Howl, Stalker and Predator (R:562) -------------------------------


def hound(model_id: str) -> dict[str, Any]:
    return agent(model_id, types=["beast", "daemon"], abilities=["stalker", "predator"])


def test_sa_predator_two_moves_in_a_turn_make_shots_at_it_1_harder_r562() -> None:
    game = book(
        agent("T1", weapons=["unarmed", "handgun_45"]),
        hound("L1"),
        placed={"T1": (10.0, 10.0), "L1": (18.0, 10.0)},
        active=1,
        dice=script("to-hit", 5),  # a 5 needed 5+; now 6+
    )
    apply_all(game, "nominate L1", "move L1 18,12", "no-alert", "move L1 18,14")
    game.apply("alert T1 L1 handgun_45")
    predator = events(game, "predator")[0]
    assert (predator.rule, predator.models) == ("Daemonic Hound: Predator (R:562)", ("L1",))
    assert events(game, "hits")[0].data == {"hits": 0, "need": 6}
    assert not dice_left(game)


def test_r562_a_climb_is_a_move_action_predator_counts() -> None:
    """R:562, R:170: a Move to a ladder's foot then a climb up it are two Move Actions."""
    tower = {"id": "tower", "kind": "climbable", "height": 3.0, "polygon": rect(20, 10, 24, 14)}
    ladder = {"id": "lad", "terrain": "tower", "foot": [22.0, 9.4], "top": [22.0, 10.6]}
    game = book(
        agent("T1", weapons=["unarmed", "handgun_45"]),
        hound("L1"),
        placed={"T1": (22.0, 4.0), "L1": (22.0, 7.0)},
        active=1,
        board=board(tower, ladders=(ladder,)),
        dice=script("to-hit", 5),  # a 5 needed 5+; now 6+
    )
    apply_all(game, "nominate L1", "move L1 22,9.4", "no-alert", "climb L1 lad")
    assert model(game, "L1").level == "tower"
    game.apply("alert T1 L1 handgun_45")
    assert events(game, "predator")[0].models == ("L1",)
    assert events(game, "hits")[0].data == {"hits": 0, "need": 6}
    assert not dice_left(game)


def test_r562_r131_a_charge_is_a_move_action_predator_counts() -> None:
    """R:562, R:131: a Charge that takes out the Face Down T2, then a Move, are two Move
    Actions."""
    game = book(
        agent("T1", weapons=["unarmed", "handgun_45"]),
        agent("T2"),
        hound("L1"),
        placed={
            "T1": (10.0, 4.0),
            "L1": (18.0, 10.0),
            "T2": {"pos": (18.0, 13.0), "state": "face-down"},
        },
        active=1,
        dice=script("resolve", 6, "to-hit", 5),  # T1 tests, left alone; a 5 needed 5+, now 6+
    )
    apply_all(game, "nominate L1", "charge L1 T2", "move L1 15,10")
    assert model(game, "T2").removed == "Major Injury"
    game.apply("alert T1 L1 handgun_45")
    assert events(game, "predator")[0].models == ("L1",)
    assert events(game, "hits")[0].data == {"hits": 0, "need": 6}
    assert not dice_left(game)


def test_sa_stalker_picks_its_prey_once_every_model_is_deployed_r562() -> None:
    leader = agent("T2", skills=["command"])
    setup = {"board": "open", **forces(agent("T1"), leader, hound("L1"), agent("L2"))}
    first = script("roll-off deployment", 5, 2, "roll-off first-turn", 5, 2)
    game = find_ruleset(BOOK).new_game(setup, 0, ScriptedDice(first))
    apply_all(game, "edge west", "deploy T1 2,12", "deploy T2 2,16", "deploy L1 34,12")
    game.apply("deploy L2 34,16")
    assert options(game) == ["prey L1 T1", "prey L1 T2", "no-prey L1"]
    assert game.decision is not None
    scores = ai.score_actions(game, list(game.decision.options))
    assert scores.index(max(scores)) == 1  # the heuristic hunts the Command model
    game.apply("prey L1 T2")
    assert events(game, "prey")[0].rule == "Daemonic Hound: Stalker (R:562)"
    assert game.state.prey == (("L1", "T2"),)
    assert game.state.turn == 1
    assert not dice_left(game)


def test_sa_stalker_must_charge_its_prey_and_adds_1_against_it_r562() -> None:
    game = book(
        agent("T1"),
        agent("T2"),
        hound("L1"),
        placed={"T1": (14.0, 10.0), "T2": (10.0, 14.0), "L1": (10.0, 10.0)},
        active=1,
        dice=script("close-combat", 3, 2, 4, 2),  # 3 + 1 + 1 against 4 + 1
    )
    game.state.prey = (("L1", "T1"),)
    game.apply("nominate L1")
    assert options(game) == ["charge L1 T1"]
    refused(game, "charge L1 T2", "L1 must Charge its prey T1 with this Action (R:562)")
    game.apply("charge L1 T1")
    assert events(game, "stalked")[0].models == ("L1", "T1")
    assert events(game, "combat-totals")[0].data == {"totals": [5, 5]}
    assert not dice_left(game)


def test_sa_baleful_howl_stalker_and_predator_make_the_daemonic_hound_playable(
    rules: StrangeAeons,
) -> None:
    assert playable(rules.book, load_played(), rules.book.lurkers["daemonic_hound"])


# -- Grave Grub: Engulf (R:591) ----------------------------------------------------------------


def grub_charged(*faces: int) -> Game:
    """T1 Charges the Grave Grub L1 and loses: the Grub latches on; L2 stands 4" off T1 (and
    L3 far away, so that L2 is not the last of its side)."""
    game = book(
        agent("T1"),
        agent("L1", types=["beast"], attacks=1, abilities=["engulf"]),
        agent("L2"),
        agent("L3"),
        placed={
            "T1": (10.0, 10.0),
            "L1": (10.0 + TOUCH + 1.0, 10.0),
            "L2": (10.0, 14.0),
            "L3": (30.0, 20.0),
        },
        dice=script("close-combat", 2, 2, 5, *faces),  # 2 + 1 against 5 + 1
    )
    apply_all(game, "nominate T1", "charge T1 L1")
    return game


def test_sa_engulf_a_winning_grub_latches_on_and_is_removed_r591() -> None:
    game = grub_charged()
    latched = events(game, "engulfed")[0]
    assert (latched.rule, latched.models) == ("Grave Grub: Engulf (R:591)", ("L1", "T1"))
    assert model(game, "L1").removed == "Engulf"
    assert game.state.engulfed == ("T1",)
    assert not events(game, "combat-won") and not events(game, "resolve")
    assert not dice_left(game)


def test_sa_engulf_the_loser_fights_at_minus_1_ccb_r591() -> None:
    game = grub_charged(3, 2, 3, 2)  # then T1 3 + 1 - 1 against L2 3 + 1
    game.apply("charge T1 L2")
    assert events(game, "combat-totals")[1].data == {"totals": [3, 4]}
    assert not dice_left(game)


def test_sa_engulf_two_actions_in_a_row_pull_the_grub_off_r591() -> None:
    game = grub_charged()
    apply_all(game, "pull T1", "nominate L3", "pass L3", "pass L3", "nominate T1")
    game.apply("pull T1")
    assert [e.data["done"] for e in events(game, "pull")] == [1, 2]
    assert game.state.engulfed == ()
    refused(game, "pull T1", "T1 has no Grave Grub on it (R:591)")
    assert not dice_left(game)


def test_sa_engulf_another_action_between_the_pulls_starts_again_r591() -> None:
    game = grub_charged()
    apply_all(game, "pull T1", "nominate L3", "pass L3", "pass L3", "nominate T1")
    apply_all(game, "move T1 9,10", "pull T1")
    assert [e.data["done"] for e in events(game, "pull")] == [1, 1]
    assert game.state.engulfed == ("T1",)
    assert not dice_left(game)


def test_sa_engulf_makes_the_grave_grub_playable(rules: StrangeAeons) -> None:
    assert playable(rules.book, load_played(), rules.book.lurkers["grave_grub"])


# -- Deep One: Ichthyic Adaptations (R:567) ---------------------------------------------------


def test_sa_ichthyic_adaptations_the_deep_one_plays_with_its_adaptations_r567(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    assert playable(rules.book, load_played(), rules.book.lurkers["deep_one"])
    adapted = lurker_list(
        tmp_path,
        '[[models]]\nprofile = "Deep One"\nupgrades = ["Barnacle Encrusted"]\n\n'
        '[[models]]\nprofile = "Re-animated Limb"\ncount = 3\n',
    )
    assert unplayed(rules.book, load_played(), read_list(adapted, rules.book)) == []
