"""The rulebook's rules where they differ from the introduction's (rules notes §1.15), each
with scripted dice, on forces written by hand (an Agent: 5 | 5+ | 6 | 2 | 1 | 4+, Knife +1,
1D+1, AP1). Each test is named after the rulebook line it plays."""

from __future__ import annotations

import pytest
from tests.dice_script import script
from tests.rulesets.strange_aeons.helpers import (
    HEDGE_PIECES,
    HEDGES,
    TOUCH,
    R,
    apply_all,
    board,
    dice_left,
    events,
    kinds,
    model,
    options,
    rect,
    refused,
    scenario,
)
from tests.rulesets.strange_aeons.rulebook import BOOK, RUBBLE, agent, book, cc, duel

from skirmish.engine.game import Game
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.strange_aeons import ai
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.breaking import BREAK
from skirmish.rulesets.strange_aeons.damage import set_state
from skirmish.rulesets.strange_aeons.model import FACE_UP
from skirmish.rulesets.strange_aeons.odds import target_of
from skirmish.rulesets.strange_aeons.space import sight

# -- Tough: a 6+ save against every hit (R:1163) ----------------------------------------------


def test_r1163_tough_saves_hits_in_close_combat() -> None:
    game = book(
        agent("T1"),
        agent("L1", skills=["tough"]),
        placed={"T1": (10.0, 10.0), "L1": (10.0 + TOUCH + 2.0, 10.0)},
        dice=[
            ("close-combat", 5),
            ("close-combat", 2),  # T1: 5 + 1 = 6
            ("close-combat", 3),
            ("close-combat", 2),  # L1: 3 + 1 = 4: T1 wins by 2
            ("save", 6),
            ("save", 2),  # Tough saves one hit
            ("to-wound", 5),  # 5 + 1 = 6 against Con 6: one Wound
            ("injury", 3),
            ("injury", 3),  # 6 - 2 (Tough) = 4: Stunned
        ],
    )
    apply_all(game, "nominate T1", "charge T1 L1", "wound T1")
    saved = events(game, "saved")[0]
    assert (saved.rule, saved.models, saved.data) == (
        "Saves (R:149, R:188)",
        ("L1",),
        {"saved": 1, "left": 1},
    )
    assert events(game, "injury")[0].data == {"value": 4, "result": "Stunned"}
    assert model(game, "L1").state == "face-up"
    assert not dice_left(game)


def test_r1163_tough_save_every_hit_saved_is_a_draw() -> None:
    game = book(
        agent("T1"),
        agent("L1", skills=["tough"]),
        placed={"T1": (10.0, 10.0), "L1": (10.0 + TOUCH + 2.0, 10.0)},
        dice=[
            ("close-combat", 4),
            ("close-combat", 2),  # T1: 4 + 1 = 5
            ("close-combat", 3),
            ("close-combat", 2),  # L1: 3 + 1 = 4: T1 wins by 1
            ("save", 6),
        ],
    )
    apply_all(game, "nominate T1", "charge T1 L1", "wound T1")
    assert events(game, "saved")[0].data == {"saved": 1, "left": 0}
    assert events(game, "draw")[0].models == ("T1", "L1")
    assert model(game, "L1").wounds == 1
    assert not dice_left(game)


def test_r1163_r188_tough_and_prone_saves_combine_to_5_up() -> None:
    # Face Up (6+ against shooting, R:141) and Tough (6+): the better, improved by 1.
    game = book(
        agent("T1", weapons=["unarmed", "handgun_45"]),
        agent("L1", skills=["tough"]),
        placed={"T1": (10.0, 10.0), "L1": {"pos": (18.0, 10.0), "state": "face-up"}},
        dice=[("to-hit", 5), ("save", 4), ("to-wound", 3)],  # 3 + 2 = 5 < Con 6
    )
    apply_all(game, "nominate T1", "shoot T1 L1 handgun_45")
    assert events(game, "shot")[0].data["save"] == 5
    assert events(game, "no-wound")[0].data == {"total": 5, "con": 6}
    assert not dice_left(game)


def test_r1163_tough_alone_saves_shots_on_6() -> None:
    game = book(
        agent("T1", weapons=["unarmed", "handgun_45"]),
        agent("L1", skills=["tough"]),
        placed={"T1": (10.0, 10.0), "L1": (18.0, 10.0)},
        dice=[("to-hit", 5), ("save", 6)],
    )
    apply_all(game, "nominate T1", "shoot T1 L1 handgun_45")
    assert events(game, "shot")[0].data["save"] == 6
    assert events(game, "saved")[0].data == {"saved": 1, "left": 0}
    assert not dice_left(game)


def test_r1070_dodge_saves_shots_on_5_and_combines_with_tough_to_4() -> None:
    game = book(
        agent("T1", weapons=["unarmed", "handgun_45"]),
        agent("L1", skills=["dodge"]),
        agent("L2", skills=["dodge", "tough"]),
        placed={"T1": (10.0, 10.0), "L1": (18.0, 10.0), "L2": (18.0, 14.0)},
        dice=[("to-hit", 5), ("save", 5), ("to-hit", 5), ("save", 3), ("to-wound", 1)],
    )
    apply_all(game, "nominate T1", "shoot T1 L1 handgun_45")
    assert events(game, "shot")[0].data["save"] == 5
    assert events(game, "saved")[0].data == {"saved": 1, "left": 0}
    game.apply("shoot T1 L2 handgun_45")
    assert events(game, "shot")[1].data["save"] == 4  # 5+ and 6+: the better, improved by 1
    assert events(game, "saved")[1].data == {"saved": 0, "left": 1}
    assert not dice_left(game)


def test_r149_notes_7_1_g3_a_5_up_save_negates_each_hit_on_5_or_better() -> None:
    """G3 (R:149): four hits against a 5+ save (Dodge's, R:1070) rolling 5, 6, 4 and 1: the
    5 and the 6 save a hit each, the other two are left to wound."""
    quad = {"id": "quad", "name": "Quad Gun", "kind": "ranged", "damage": 1, "range": 18.0}
    game = book(
        agent("T1", dex=2, weapons=["unarmed", "quad"]),
        agent("L1", skills=["dodge"]),
        placed={"T1": (10.0, 10.0), "L1": (18.0, 10.0)},
        weapons={"quad": {**quad, "rate": 4}},
        dice=script("to-hit", 5, 5, 4, 3, "save", 5, 6, 4, 1, "to-wound", 1, 1),
    )
    apply_all(game, "nominate T1", "shoot T1 L1 quad")
    assert events(game, "shot")[0].data["save"] == 5
    assert events(game, "saved")[0].data == {"saved": 2, "left": 2}
    wound = [e.roll.faces for e in game.log if e.roll is not None and e.roll.purpose == "to-wound"]
    assert wound == [(1, 1)]  # a die for each hit left
    assert not dice_left(game)


def test_r1070_dodge_is_no_save_in_close_combat() -> None:
    game = book(
        agent("T1"),
        agent("L1", skills=["dodge"]),
        placed={"T1": (10.0, 10.0), "L1": (10.0 + TOUCH + 2.0, 10.0)},
        dice=[
            ("close-combat", 4),
            ("close-combat", 2),  # T1: 4 + 1 = 5
            ("close-combat", 3),
            ("close-combat", 2),  # L1: 3 + 1 = 4
            ("to-wound", 3),  # no save: 3 + 1 = 4 against Con 6
        ],
    )
    apply_all(game, "nominate T1", "charge T1 L1", "wound T1")
    assert not events(game, "saved")
    assert not dice_left(game)


def test_r1163_tough_saves_the_unarmed_hit_before_its_roll_to_wound() -> None:
    """R:1163, R:1103 (notes §6 item 46): the automatic hit on an Unarmed model is one of
    all hits: Tough saves it on a 6, and no roll to wound follows."""
    tough = agent("L1", skills=["tough"], weapons=["unarmed"])
    game = duel(agent("T1"), tough, [("save", 6), *cc(3, 2, 4, 2)])  # then 4 against 4
    assert kinds(game)[kinds(game).index("unarmed") + 1] == "saved"
    saved = events(game, "saved")[0]
    assert (saved.rule, saved.models, saved.data) == (
        "Saves (R:149, R:188)",
        ("L1",),
        {"saved": 1, "left": 0},
    )
    assert not events(game, "no-wound") and not events(game, "wounded")
    assert events(game, "draw")[0].models == ("T1", "L1")
    assert not dice_left(game)


def test_r1163_a_failed_save_against_the_unarmed_hit_leaves_its_roll_to_wound() -> None:
    tough = agent("L1", skills=["tough"], weapons=["unarmed"])
    game = duel(agent("T1"), tough, [("save", 5), ("to-wound", 4), *cc(3, 2, 4, 2)])
    assert events(game, "saved")[0].data == {"saved": 0, "left": 1}
    assert events(game, "no-wound")[0].data == {"total": 5, "con": 6}  # 4 + 1 (Knife)
    assert not dice_left(game)


# -- Parry (R:1113) -------------------------------------------------------------------------


def test_r1113_the_parry_skill_forces_a_re_roll() -> None:
    game = book(
        agent("T1", skills=["parry"]),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (10.0 + TOUCH + 2.0, 10.0)},
        dice=[
            ("close-combat", 4),
            ("close-combat", 2),
            ("close-combat", 5),
            ("close-combat", 3),
            ("close-combat", 2),  # L1's 5 re-rolled: 3 + 1 = 4 against T1's 4 + 1 = 5
        ],
    )
    apply_all(game, "nominate T1", "charge T1 L1")
    assert game.decision is not None and game.decision.kind == "parry"
    game.apply("parry T1 1")
    assert events(game, "combat-totals")[0].data == {"totals": [5, 4]}
    assert not dice_left(game)


def test_r1113_each_parry_of_the_opponent_cancels_one() -> None:
    game = book(
        agent("T1", skills=["parry"]),
        agent("L1", skills=["parry"]),
        placed={"T1": (10.0, 10.0), "L1": (10.0 + TOUCH + 2.0, 10.0)},
        dice=[
            ("close-combat", 4),
            ("close-combat", 2),
            ("close-combat", 4),
            ("close-combat", 3),  # 5 against 5: a Draw, no re-roll offered
        ],
    )
    apply_all(game, "nominate T1", "charge T1 L1")
    cancelled = events(game, "parry-cancelled")
    assert [e.models for e in cancelled] == [("T1", "L1"), ("L1", "T1")]
    assert events(game, "draw")
    assert not dice_left(game)


# -- Armour and Armour Piercing (R:1223, notes §0) --------------------------------------------


def test_r1223_ap_removes_armour_points_only() -> None:
    # Rifle 1D+3, AP1, against Con 6 with 2 points of armour: 6 + (2 - 1) = 7.
    game = book(
        agent("T1", weapons=["unarmed", "rifle"]),
        agent("L1", armour=2),
        placed={"T1": (10.0, 10.0), "L1": (18.0, 10.0)},
        dice=[("to-hit", 5), ("to-wound", 3)],
    )
    apply_all(game, "nominate T1", "shoot T1 L1 rifle")
    assert events(game, "no-wound")[0].data == {"total": 6, "con": 7}
    assert not dice_left(game)


def test_r1223_ap_never_lowers_natural_constitution() -> None:
    game = book(
        agent("T1", weapons=["unarmed", "rifle"]),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (18.0, 10.0)},
        dice=[("to-hit", 5), ("to-wound", 2)],  # 2 + 3 = 5 against Con 6 (not 5)
    )
    apply_all(game, "nominate T1", "shoot T1 L1 rifle")
    assert events(game, "no-wound")[0].data == {"total": 5, "con": 6}
    assert not dice_left(game)


# -- Fear and Terror (R:210-211, R:121) --------------------------------------------------------


def test_r210_fear_within_5_makes_a_human_test_without_sight() -> None:
    wall = {"id": "wall", "kind": "impassable", "height": 3.0, "polygon": rect(12, 8, 13, 12)}
    game = book(
        agent("T1"),
        agent("L1", types=["daemon"], skills=["fear"]),
        placed={"T1": (10.0, 10.0), "L1": (15.4, 10.0)},
        board=board(wall),
        dice=[("resolve", 4)],
    )
    apply_all(game, "nominate T1", "pass T1")
    test = events(game, "resolve")[0]
    assert (test.models, test.data) == (
        ("T1",),
        {"situation": "fear:L1", "need": 4, "passed": True},
    )
    apply_all(game, "pass T1")  # the same Fear model still near: no new situation
    assert len(events(game, "resolve")) == 1
    assert not dice_left(game)


def test_r210_fear_beyond_5_or_against_a_humanoid_no_test() -> None:
    game = book(
        agent("T1"),
        agent("T2", types=["humanoid"]),
        agent("L1", types=["daemon"], skills=["fear"]),
        placed={"T1": (10.0, 10.0), "T2": (10.0, 14.0), "L1": (16.1, 10.0)},
        dice=[],
    )
    apply_all(game, "nominate T1", "pass T1", "pass T1", "nominate L1", "pass L1", "pass L1")
    apply_all(game, "nominate T2", "pass T2", "pass T2")
    assert not events(game, "resolve")


def test_r211_terror_within_10_takes_1_off_the_insanity_roll() -> None:
    game = book(
        agent("T1"),
        agent("L1", types=["daemon"], skills=["terror"]),
        placed={"T1": (10.0, 10.0), "L1": (10.0 + TOUCH + 9.0, 10.0)},
        dice=[("resolve", 1), ("insanity", 2)],  # 2 - 1 = 1: Catatonia
    )
    apply_all(game, "nominate T1", "pass T1")
    assert events(game, "terror")[0].data == {"modifier": -1}
    assert events(game, "insanity")[0].data == {"result": "Catatonia"}
    assert model(game, "T1").state == "face-down"
    assert not dice_left(game)


# -- The Civilian and the Child (R:369, R:374) ---------------------------------------------


def test_r369_a_civilian_re_rolls_one_failed_test_a_game() -> None:
    game = book(
        agent("T1", res=5, abilities=["blissful_ignorance"]),
        agent("L1", types=["daemon"], skills=["fear"]),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0)},
        dice=[("resolve", 2), ("resolve", 5)],
    )
    apply_all(game, "nominate T1", "pass T1")
    assert game.decision is not None and game.decision.kind == "bliss"
    game.apply("bliss T1")
    assert events(game, "resolve")[0].data["passed"] is True
    assert game.state.bliss_used == ("T1",)
    assert not dice_left(game)


def test_r374_a_child_takes_1_off_insanity_and_borrows_a_friends_resolve() -> None:
    game = book(
        agent("T1", res=6, abilities=["child_psychology", "father_knows_best"]),
        agent("T2", res=4),
        agent("L1", types=["daemon"], skills=["fear"]),
        placed={"T1": (10.0, 10.0), "T2": (7.0, 13.0), "L1": (14.0, 10.0)},
        dice=[("resolve", 3), ("insanity", 2)],  # 3 < 4; 2 - 1 = 1: Catatonia
    )
    apply_all(game, "nominate T1", "pass T1")
    shared = events(game, "shared-resolve")[0]
    assert (shared.rule, shared.models) == ("Child: Father Knows Best (R:374)", ("T1", "T2"))
    assert events(game, "resolve")[0].data["need"] == 4
    assert events(game, "child")[0].data == {"modifier": -1}
    assert events(game, "insanity")[0].data == {"result": "Catatonia"}
    assert not dice_left(game)


def test_r374_a_child_borrows_a_commanders_resolve_in_base_to_base_with_an_enemy() -> None:
    """R:374, R:153: T2, in base-to-base with L1, lends no Command, but the Child T1 (6+)
    within 5" still tests on T2's 3+ by Father Knows Best, which has no such limit."""
    game = book(
        agent("T1", res=6, abilities=["child_psychology", "father_knows_best"]),
        agent("T2", res=3, skills=["command", "fearless"]),
        agent("L1", types=["daemon"], skills=["fear"]),
        placed={"T1": (10.0, 10.0), "T2": (13.0, 10.0), "L1": (13.0 + TOUCH, 10.0)},
        dice=[("resolve", 3)],
        start="nominate",
    )
    apply_all(game, "nominate T1", "pass T1")
    shared = events(game, "shared-resolve")[0]
    assert (shared.rule, shared.models) == ("Child: Father Knows Best (R:374)", ("T1", "T2"))
    assert events(game, "resolve")[0].data == {"situation": "fear:L1", "need": 3, "passed": True}
    assert not dice_left(game)


def test_r374_a_child_borrows_the_resolve_of_a_friend_lying_face_up() -> None:
    """R:374 names any Threshold model within 5": T2, Face Up, lends its 4+ to the Child."""
    game = book(
        agent("T1", res=6, abilities=["child_psychology", "father_knows_best"]),
        agent("T2", res=4, skills=["command"]),
        agent("L1", types=["daemon"], skills=["fear"]),
        placed={"T1": (10.0, 10.0), "T2": (9.0, 12.0), "L1": (14.0, 10.0)},
        dice=[("resolve", 4)],
        start="nominate",
    )
    game.model("T2").state = FACE_UP
    apply_all(game, "nominate T1", "pass T1")
    shared = events(game, "shared-resolve")[0]
    assert (shared.rule, shared.models) == ("Child: Father Knows Best (R:374)", ("T1", "T2"))
    assert events(game, "resolve")[0].data == {"situation": "fear:L1", "need": 4, "passed": True}
    assert not dice_left(game)


# -- Cover graded by how much it hides (R:183-185) -------------------------------------------


@pytest.mark.parametrize(
    ("height", "cover", "grade", "save"),
    [
        (0.5, "medium", "medium", 5),  # up to half hidden: Medium cover
        (0.3, "heavy", "medium", 5),  # a third hidden by a bunker's wall: Medium still
        (0.3, "light", "light", 6),  # a hedge gives Light cover, however much it hides
        (0.7, "heavy", "heavy", 4),  # more than half hidden: Heavy cover
    ],
)
def test_r185_terrain_hiding_up_to_half_of_the_target_gives_medium_cover(
    height: float, cover: str, grade: str, save: int
) -> None:
    piece = {"id": "wall", "kind": "open", "height": height, "cover": cover}
    game = book(
        agent("T1", weapons=["unarmed", "handgun_45"]),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (17.2 + R + 0.05, 10.0)},  # just behind the wall
        board=board({**piece, "polygon": rect(17.0, 8.0, 17.2, 12.0)}),
        dice=[("to-hit", 5), ("save", save)],
    )
    # The heuristic player's estimates read the grade the shot does.
    assert sight(game, model(game, "T1"), model(game, "L1")).cover.name.lower() == grade
    apply_all(game, "nominate T1", "shoot T1 L1 handgun_45")
    shot = events(game, "shot")[0]
    assert (shot.data["cover"], shot.data["save"]) == (grade, save)
    assert events(game, "saved")[0].data == {"saved": 1, "left": 0}
    assert not dice_left(game)


# -- Several pieces of cover (R:187) ---------------------------------------------------------


def test_r187_each_further_piece_of_cover_betters_the_save_by_1() -> None:
    game = book(
        agent("T1", weapons=["unarmed", "handgun_45"]),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (18.0, 10.0)},
        board=HEDGES,
        dice=[("to-hit", 5), ("save", 5)],  # light cover's 6+, 1 better for the second hedge
    )
    apply_all(game, "nominate T1", "shoot T1 L1 handgun_45")
    further = events(game, "cover-pieces")[0]
    assert (further.rule, further.models, further.data) == (
        "Cover Saves: several pieces of cover (R:187)",
        ("L1",),
        {"bonus": 1},
    )
    shot = events(game, "shot")[0]
    assert (shot.data["cover"], shot.data["save"]) == ("light", 5)
    assert events(game, "saved")[0].data == {"saved": 1, "left": 0}
    assert not dice_left(game)


def test_r187_several_pieces_of_cover_never_save_better_than_3_up() -> None:
    # Notes §7 G5: Heavy cover's 4+, two pieces more: 2+, held at 3+.
    wall = {"id": "wall", "kind": "open", "height": 0.7, "cover": "heavy"}
    game = book(
        agent("T1", weapons=["unarmed", "handgun_45"]),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (18.0, 10.0)},
        board=board(*HEDGE_PIECES, {**wall, "polygon": rect(17.1, 8, 17.3, 12)}),
        dice=[("to-hit", 5), ("save", 3)],
    )
    apply_all(game, "nominate T1", "shoot T1 L1 handgun_45")
    assert events(game, "cover-pieces")[0].data == {"bonus": 2}
    shot = events(game, "shot")[0]
    assert (shot.data["cover"], shot.data["save"]) == ("heavy", 3)
    assert events(game, "saved")[0].data == {"saved": 1, "left": 0}
    assert not dice_left(game)


# -- The rulebook's Insanity table (R:217-223) ----------------------------------------------


def test_r222_revulsion_moves_directly_away_from_the_source() -> None:
    game = book(
        agent("T1"),
        agent("L1", types=["daemon"], skills=["fear"]),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0)},
        dice=[("resolve", 3), ("insanity", 4)],  # 4: Revulsion (2-3 is Stupefaction)
    )
    apply_all(game, "nominate T1", "pass T1")
    assert events(game, "insanity")[0].data == {"result": "Revulsion"}
    x, y = model(game, "T1").pos
    assert abs(x - 5.0) < 0.01 and abs(y - 10.0) < 0.01
    assert not dice_left(game)


def test_r222_r208_an_isolated_revulsion_moves_away_from_the_enemies_that_isolate_it() -> None:
    # L1-L3 to the east isolate T1, their middle (13.33, 10); the Human L4 to the north is
    # Hated (R:239), none of them: T1 moves due west, away from the three alone (item 52).
    game = book(
        agent("T1", abilities=["crazy_with_hate"]),
        agent("L1", types=["daemon"]),
        agent("L2", types=["daemon"]),
        agent("L3", types=["daemon"]),
        agent("L4"),
        placed={
            "T1": (10.0, 10.0),
            "L1": (14.0, 10.0),
            "L2": (13.0, 13.0),
            "L3": (13.0, 7.0),
            "L4": (10.0, 14.0),
        },
        dice=[("resolve", 1), ("insanity", 4)],  # 4: Revulsion
    )
    apply_all(game, "nominate T1", "pass T1")
    assert events(game, "resolve")[0].data["situation"] == "isolated"
    assert events(game, "insanity")[0].data == {"result": "Revulsion"}
    x, y = model(game, "T1").pos
    assert abs(x - 5.0) < 0.01 and abs(y - 10.0) < 0.01
    assert not dice_left(game)


def test_r222_revulsion_without_a_source_heads_for_the_nearest_edge() -> None:
    # The last Threshold model on the table (its team had two) has no source to flee.
    game = book(
        agent("T1"),
        agent("T2"),
        agent("L1"),
        placed={"T1": (10.0, 3.0), "L1": (30.0, 20.0)},
        dice=[("resolve", 1), ("insanity", 5)],
    )
    apply_all(game, "nominate T1", "pass T1")
    assert events(game, "resolve")[0].data["situation"] == "last"
    x, y = model(game, "T1").pos
    assert abs(x - 10.0) < 0.01 and abs(y - model(game, "T1").radius) < 0.01
    assert model(game, "T1").removed is None
    assert not dice_left(game)


def test_r222_a_revulsion_move_rolls_a_rolled_movement() -> None:
    # M 1D3+3, as a Deep One: the Move is rolled as a Move Action's is (R:2116).
    game = book(
        agent("T1", move=3, move_die=3),
        agent("L1", types=["daemon"], skills=["fear"]),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0)},
        dice=[("resolve", 3), ("insanity", 4), ("movement", 6)],  # a D3 of 3: 3 + 3 = 6"
    )
    apply_all(game, "nominate T1", "pass T1")
    assert events(game, "insanity")[0].data == {"result": "Revulsion"}
    assert events(game, "movement-rolled")[0].data == {"movement": 6}
    x, y = model(game, "T1").pos
    assert abs(x - 4.0) < 0.01 and abs(y - 10.0) < 0.01
    assert not dice_left(game)


def test_r214_a_model_that_began_alone_does_not_test_as_the_last() -> None:
    game = book(agent("T1"), agent("L1"), placed={"T1": (10.0, 3.0), "L1": (30.0, 20.0)})
    apply_all(game, "nominate T1", "pass T1")
    assert not events(game, "resolve")


def test_r223_frenzy_charges_and_passes_every_further_test_of_the_turn() -> None:
    game = book(
        agent("T1"),
        agent("L1", types=["daemon"], skills=["fear"]),
        agent("L2", types=["daemon"], skills=["fear"]),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0), "L2": (12.0, 14.0)},
        dice=[
            ("resolve", 1),
            ("insanity", 6),  # Frenzy: a free Charge at the closest enemy, L1
            ("close-combat", 3),
            ("close-combat", 3),
            ("close-combat", 3),
            ("close-combat", 3),  # A 2 doubled: 3 + 1 = 4
            ("close-combat", 3),
            ("close-combat", 2),  # L1: 3 + 1 = 4, a Draw
        ],
    )
    apply_all(game, "nominate T1", "pass T1")
    assert events(game, "insanity")[0].data == {"result": "Frenzy"}
    passed = events(game, "frenzy-passes")[0]
    assert (passed.rule, passed.data) == (
        "Insanity Table: Frenzy (R:223)",
        {"situation": "fear:L2"},
    )
    assert events(game, "draw")[0].models == ("T1", "L1")
    assert "pass T1" in options(game)  # the Charge was free: T1 still has its second Action
    assert not dice_left(game)


def frenzied_between(l1: int, *faces: tuple[str, int]) -> Game:
    """T1 fails its test against L1's Fear and Frenzies: L1 (of ``l1`` Attacks) and L2, both
    causing Fear, stand 4" either side of it, tied for closest."""
    game = book(
        agent("T1"),
        agent("L1", types=["daemon"], skills=["fear"], attacks=l1),
        agent("L2", types=["daemon"], skills=["fear"]),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0), "L2": (6.0, 10.0)},
        dice=[("resolve", 1), ("insanity", 6), *faces],  # a 6: Frenzy
    )
    apply_all(game, "nominate T1", "pass T1")
    return game


def test_r223_a_frenzy_at_enemies_tied_for_closest_is_its_player_s_choice_item_70() -> None:
    # The Threshold player picks L2, the second.
    game = frenzied_between(
        2,
        *[("close-combat", 3)] * 5,  # T1's A 2 doubled: 3 + 1 = 4
        ("close-combat", 2),  # L2: 3 + 1 = 4, a Draw
    )
    decision = game.decision
    assert decision is not None and (decision.player, decision.kind) == (0, "closest")
    assert options(game) == ["closest T1 L1", "closest T1 L2"]
    refused(game, "closest T1 T1", "T1 is not one of the enemies tied closest to T1")
    game.apply("closest T1 L2")
    chosen = events(game, "frenzy-target")[0]
    assert (chosen.rule, chosen.models) == (
        "Insanity Table: Frenzy, closest enemies tied (notes §6 item 70)",
        ("T1", "L2"),
    )
    assert game.ruleset.describe(game, chosen).startswith(
        "Agent T1 (T1) Frenzies at Agent L2 (L2), of the closest enemies tied"
    )
    assert events(game, "draw")[0].models == ("T1", "L2")
    assert not dice_left(game)


def test_r223_a_frenzy_at_enemies_tied_the_heuristic_charges_the_weaker_item_70() -> None:
    game = frenzied_between(4)  # L1 fights with 4 Attacks, L2 with 2
    decision = game.decision
    assert decision is not None
    scores = dict(zip(options(game), ai.score_actions(game, list(decision.options)), strict=True))
    assert scores["closest T1 L1"] < scores["closest T1 L2"]


def test_r223_a_frenzy_move_rolls_a_rolled_movement() -> None:
    # M 1D3, as a Grave Grub: its Movement has no fixed part, the roll is all of it.
    game = book(
        agent("T1", move=0, move_die=3),
        agent("L1", types=["daemon"], skills=["fear"]),
        placed={"T1": (10.0, 10.0), "L1": (10.0 + TOUCH + 2.0, 10.0)},
        dice=[
            ("resolve", 1),
            ("insanity", 6),  # Frenzy: a free Charge at L1, 2" away
            ("movement", 6),  # a D3 of 3: 3"
            ("close-combat", 3),
            ("close-combat", 3),
            ("close-combat", 3),
            ("close-combat", 3),
            ("close-combat", 3),
            ("close-combat", 2),
        ],
    )
    apply_all(game, "nominate T1", "pass T1")
    assert events(game, "insanity")[0].data == {"result": "Frenzy"}
    assert events(game, "movement-rolled")[0].data == {"movement": 3}
    assert events(game, "draw")[0].models == ("T1", "L1")
    assert not dice_left(game)


def test_r1330_a_frenzy_move_short_of_its_target_stops_short_of_an_unseen_wearer() -> None:
    # The Frenzy's 1" toward L1 would end touching L2, unseen in its Invisibility Suit, where
    # no Move ends: T1 stops short of it and fights nobody.
    game = book(
        agent("T1", move=0, move_die=3),
        agent("L1", types=["daemon"], skills=["fear"]),
        agent("L2", equipment=["invisibility_suit"]),
        placed={"T1": (10.0, 10.0), "L1": (10.0 + TOUCH + 4.0, 10.0), "L2": (11.0, 10.0 + TOUCH)},
        dice=[("resolve", 1), ("insanity", 6), ("movement", 1)],  # Frenzy; a D3 of 1: 1"
    )
    apply_all(game, "nominate T1", "pass T1")
    stop = events(game, "suit-short")[0]
    assert (stop.rule, stop.models) == ("Special Branch: Invisibility Suit (R:1330)", ("T1", "L2"))
    assert kinds(game)[-3:] == ["movement-rolled", "suit-short", "moved"]
    assert 10.8 < model(game, "T1").x < 11.0  # within 0.01" of touching L2, diagonally
    assert not events(game, "charge") and not events(game, "combat-totals")
    assert not dice_left(game)


def test_r223_a_frenzied_model_shoots_past_the_closest_with_no_test() -> None:
    game = book(
        agent("T1", weapons=["unarmed", "handgun_45"]),
        agent("L1"),
        agent("L2"),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0), "L2": (10.0, 17.0)},
        dice=[("to-hit", 4)],
    )
    game.apply("nominate T1")
    game.state.frenzied = ("T1",)  # a Frenzy rolled earlier this turn
    game.apply("shoot T1 L2 handgun_45")
    passed = events(game, "frenzy-passes-test")[0]
    assert (passed.rule, passed.models, passed.data) == (
        "Insanity Table: Frenzy (R:223)",
        ("T1",),
        {"test": "Shooting: Choose Target"},
    )
    assert not events(game, "priority-test")
    assert events(game, "shot")[0].models == ("T1", "L2")
    assert not dice_left(game)


# -- Command and Lieutenant (R:1061, R:1097, R:138) -------------------------------------------


def test_r1097_lieutenant_nominates_one_more_model_within_5() -> None:
    game = book(
        agent("T1", skills=["lieutenant"]),
        agent("T2"),
        agent("T3"),
        agent("T4"),
        agent("L1"),
        placed={
            "T1": (10.0, 10.0),
            "T2": (10.0, 10.0 + TOUCH + 4.0),
            "T3": (10.0, 10.0 - TOUCH - 4.5),
            "T4": (10.0 + TOUCH + 6.0, 10.0),
            "L1": (34.0, 22.0),
        },
    )
    game.apply("nominate T1")
    assert game.decision is not None and "has Lieutenant" in game.decision.prompt
    assert options(game) == ["nominate T2", "nominate T3", "done"]
    game.apply("nominate T2")
    assert game.state.nominated == ("T1", "T2")
    assert events(game, "nominated")[1].rule == "Skills: Lieutenant"
    assert game.decision is not None and game.decision.kind == "activate"


def test_r138_command_is_not_used_in_close_combat() -> None:
    game = book(
        agent("T1", skills=["command"]),
        agent("T2"),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "T2": (10.0, 13.0), "L1": (10.0 + TOUCH, 10.0)},
        start="nominate",
    )
    game.apply("nominate T1")
    assert game.decision is not None and game.decision.kind == "action"
    assert game.state.nominated == ("T1",)


def test_r1135_a_smart_model_takes_one_free_nomination_a_game() -> None:
    game = book(
        agent("T1"),
        agent("T2", skills=["smart"]),
        agent("T3"),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "T2": (2.0, 22.0), "T3": (2.0, 2.0), "L1": (34.0, 22.0)},
    )
    game.apply("nominate T1")
    assert game.decision is not None and game.decision.kind == "smart"
    assert options(game) == ["nominate T2", "done"]
    refused(game, "nominate T3", "T3 has no free Nomination: only a Smart model")
    game.apply("nominate T2")
    assert events(game, "nominated")[1].rule == "Skills: Smart"
    assert game.state.nominated == ("T1", "T2")
    apply_all(game, "activate T1", "pass T1", "pass T1", "pass T2", "pass T2")
    apply_all(game, "nominate L1", "pass L1", "pass L1", "nominate T1")
    assert game.decision is not None and game.decision.kind == "action"  # used: none again


def test_r505_heroic_takes_one_more_action_once_a_game() -> None:
    game = book(
        agent("T1", skills=["heroic"]),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (30.0, 10.0)},
    )
    apply_all(game, "nominate T1", "pass T1", "pass T1")
    assert game.decision is not None and game.decision.kind == "heroic"
    game.apply("heroic T1")
    assert game.decision is not None and game.decision.prompt == "Agent T1 (T1): Action 3 of 3"
    assert events(game, "heroic")[0].rule == "Skills: Heroic (R:505, rules notes item 6)"
    apply_all(game, "pass T1", "nominate L1", "pass L1", "pass L1", "nominate T1")
    apply_all(game, "pass T1", "pass T1")  # used: no third Action again
    assert game.decision is not None and game.decision.kind == "nominate"


# -- Breaking from close combat with a Move (R:157; notes §6 item 47) -------------------------


def breaking(l1_state: str, *faces: int | str, grappled: bool = False) -> Game:
    """T1 nominated, in base-to-base with L1 (``l1_state``), the dice
    ``faces``; ``grappled``, held by a Grapple (notes §6 item 6)."""
    l1 = {"pos": (10.0 + TOUCH, 10.0), "state": l1_state}
    game = book(
        agent("T1"),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": l1},
        start="nominate",
        dice=script(*faces),
    )
    game.state.grappled = ("T1",) if grappled else ()
    game.apply("nominate T1")
    return game


def test_r157_a_model_leaves_non_normal_opponents_with_no_roll_to_wound() -> None:
    game = breaking("face-up")
    assert game.decision is not None
    assert options(game) == ["charge T1 L1", "pass T1"]
    assert [p.kind for p in game.decision.points] == ["move"]
    game.apply("move T1 5,10")
    assert model(game, "T1").pos == (5.0, 10.0)
    assert kinds(game)[-2:] == ["breaks-away", "moved"]
    assert events(game, "breaks-away")[0].rule == BREAK
    assert not dice_left(game)


def test_r157_breaking_from_a_normal_opponent_its_free_roll_to_wound_first() -> None:
    game = breaking("normal", "to-wound", 4)  # 4 + 1 (Knife) against Con 6: no Wound
    beside = f"{10.0 + TOUCH:g},{10.0 + TOUCH:g}"
    refused(game, f"move T1 {beside}", "ends out of base-to-base with L1 (R:157)")
    game.apply("move T1 5,10")
    roll = events(game, "no-wound")[0]
    assert (roll.rule, roll.models, roll.data) == (BREAK, ("T1",), {"total": 5, "con": 6})
    assert model(game, "T1").pos == (5.0, 10.0)
    assert not dice_left(game)


def test_r157_the_heuristic_weighs_the_free_rolls_to_wound_of_breaking_away() -> None:
    """R:157 (notes §6 item 47): a Move out of a combat costs the heuristic the harm of each
    Normal opponent's free roll to wound, one die and its Knife's Damage; none to leave an
    opponent Face Up."""
    game, left = breaking("normal"), breaking("face-up")
    t1 = model(game, "T1")
    cat = catalog_of(game)
    knife = cat.close_weapon(cat.profile(model(game, "L1").profile))
    cost = ai.worth(cat, t1) * ai.harm(1, knife.damage, *target_of(cat, t1, knife))
    assert cost > 0.0 and ai._breaking(game, t1) == pytest.approx(cost)
    assert ai._breaking(left, model(left, "T1")) == 0.0


def test_r1073_duck_saves_the_free_roll_to_wound_on_breaking_away() -> None:
    """R:157, R:1073: the opponent's free hit on a model leaving its combat is a close
    combat hit: Duck saves it on a 6, and the model makes its Move."""
    game = book(
        agent("T1", skills=["duck"]),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (10.0 + TOUCH, 10.0)},
        start="nominate",
        dice=[("save", 6)],
    )
    apply_all(game, "nominate T1", "move T1 5,10")
    saved = events(game, "saved")[0]
    assert (saved.models, saved.data) == (("T1",), {"saved": 1, "left": 0})
    assert not events(game, "no-wound") and not events(game, "wounded")
    assert model(game, "T1").pos == (5.0, 10.0)
    assert not dice_left(game)


def test_r157_a_model_the_free_roll_puts_face_up_stays() -> None:
    game = breaking("normal", "to-wound", 5, "injury", 2, 2)  # 6: a Wound; 4: Stunned
    game.apply("move T1 5,10")
    t1 = model(game, "T1")
    assert (t1.pos, t1.state) == ((10.0, 10.0), "face-up")
    assert "moved" not in kinds(game)
    assert not dice_left(game)


def test_r157_a_grappled_model_may_not_break_away() -> None:
    game = breaking("normal", grappled=True)
    assert game.decision is not None and not game.decision.points
    refused(game, "move T1 5,10", "T1 is in base-to-base with L1: it may only Charge or forfeit")


def test_r157_the_introduction_has_no_move_out_of_a_combat() -> None:
    game = scenario({"T1": (10.0, 10.0), "L1": (10.0 + TOUCH, 10.0)}, start="nominate")
    game.apply("nominate T1")
    assert game.decision is not None and not game.decision.points
    refused(game, "move T1 5,10", "T1 is in base-to-base with L1: it may only Charge or forfeit")


def test_sa_r157_a_break_away_cut_short_in_base_to_base_does_not_leave_the_combat() -> None:
    """R:157, R:2116: T1 (M 1D3) breaks away along a path curving round L1's base, 2.3"
    long, after L1's free roll to wound; a D3 of 2 stops it 2" along, still touching L1. It
    has not left (as a winner's withdrawal cut short), and it is no Charge of L1: no round
    is fought, and the two stay in their combat."""
    game = book(
        agent("T1", move=0, move_die=3),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (10.0 + TOUCH, 10.0)},
        start="nominate",
        # 4 + 1 (Knife) against Con 6: no Wound; no close combat dice, which a Charge's round
        # would roll past the script's end
        dice=[("to-wound", 4), ("movement", 3)],
    )
    apply_all(game, "nominate T1", "move T1 11.65,10.79")
    assert events(game, "moved")[0].data["length"] == 2.0
    assert "charge" not in kinds(game), "the cut break-away was played as a Charge of L1"
    held = events(game, "not-left")[0]
    assert (held.rule, held.models) == ("Leaving Close Combat", ("T1", "L1"))
    assert kinds(game)[-2:] == ["moved", "not-left"]
    assert options(game) == ["charge T1 L1", "pass T1"]  # still engaged with L1
    assert not dice_left(game)


def test_sa_r157_a_break_away_its_roll_takes_out_of_base_to_base_leaves() -> None:
    game = book(
        agent("T1", move=0, move_die=3),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (10.0 + TOUCH, 10.0)},
        start="nominate",
        dice=[("to-wound", 4), ("movement", 5)],  # a D3 of 3: the whole 2.3"
    )
    apply_all(game, "nominate T1", "move T1 11.65,10.79")
    assert model(game, "T1").pos == (11.65, 10.79)
    assert "not-left" not in kinds(game) and "charge" not in kinds(game)
    assert not dice_left(game)


# -- A Face Up winner is set down 2" away (R:139, R:159) -------------------------------------


@pytest.mark.parametrize("book_game", [True, False])
def test_r159_a_face_up_winner_in_rough_terrain_is_set_down_2_away_all_the_same(
    book_game: bool,
) -> None:
    """L1, Face Up in the rubble, wins the start-of-turn round 6 to 3: it is no Move, so the
    rubble's -2 on the Movement (R:166) leaves the 2" whole, in the introduction too."""
    placed = {"T1": (12.5 - TOUCH, 10.0), "L1": {"pos": (12.5, 10.0), "state": "face-up"}}
    if book_game:
        placed["L1"]["wounds"] = 0
        dice = script("close-combat", 2, 2, 5)
        game = book(agent("T1"), agent("L1"), placed=placed, board=RUBBLE, dice=dice)
    else:  # alone, Frank Howard tests before the round (R:205), then his three dice against
        # the Face Up Cult Leader's one
        dice = script("resolve", 6, "close-combat", 2, 2, 2, 5)
        game = scenario(placed, dice=dice, board=RUBBLE)
    assert game.decision is not None and game.decision.kind == "escape"
    refused(game, "escape L1 14.6,10", 'the point is 2.1" away, more than the 2" allowed')
    game.apply("escape L1 14.5,10")
    assert model(game, "L1").pos == (14.5, 10.0)
    moved = events(game, "moved")[-1]
    assert (moved.rule, moved.data) == ("States: Face Up", {"to": [14.5, 10.0], "length": 2.0})
    assert "cannot-escape" not in kinds(game)
    assert not dice_left(game)


# -- No Charge through rough terrain (R:166) ---------------------------------------------------


def test_r166_no_charge_through_rough() -> None:
    """L1 stands 2.5" beyond the rubble strip: a Move there crosses it (2.5 + 2 <= 5), but a
    Charge may not, and no way round it is within reach."""
    placed = {"T1": (10.0, 10.0), "L1": (10.0 + TOUCH + 2.5, 10.0)}
    game = book(agent("T1"), agent("L1"), placed=placed, board=RUBBLE)
    game.apply("nominate T1")
    assert "charge T1 L1" not in options(game)
    clear = 'no path into base-to-base with L1 within 5" clear of rough terrain'
    refused(game, "charge T1 L1", f"{clear}, which no Charge goes through (R:166)")
    into = "a Move into base-to-base with L1 is a Charge (R:162), and no Charge goes through"
    refused(game, f"move T1 {10.0 + 2.5:g},10", f"{into} rough terrain (R:166)")
    game.apply("move T1 12.4,10")  # short of L1, a Move may cross
    assert model(game, "T1").pos == (12.4, 10.0)


def test_r166_a_charge_goes_round_rough_terrain_or_over_it_flying() -> None:
    """Round a short stretch of rubble a Charge reaches; a Hovering model, which rough
    terrain does not slow, Charges straight over it (our reading)."""
    stretch = board(
        {"id": "rubble", "kind": "rough", "height": 1.0, "polygon": rect(12, 9, 13, 11)}
    )
    placed = {"T1": (10.0, 10.0), "L1": (10.0 + TOUCH + 2.0, 10.0)}
    game = book(agent("T1"), agent("L1"), placed=placed, board=stretch, dice=cc(1, 1, 1, 1))
    apply_all(game, "nominate T1", "charge T1 L1")
    assert events(game, "charge")[0].models == ("T1", "L1")
    assert events(game, "moved")[0].data["length"] > 2.0  # round the rubble
    assert not dice_left(game)
    flier = book(agent("T1", abilities=["hover"]), agent("L1"), placed=placed, board=RUBBLE)
    flier.apply("nominate T1")
    assert "charge T1 L1" in options(flier)


def test_r166_the_introduction_charges_through_rough_terrain() -> None:
    placed = {"T1": (10.0, 10.0), "T2": (2.0, 22.0), "L1": (10.0 + TOUCH + 2.5, 10.0)}
    game = scenario({**placed, "L2": (34.0, 12.0), "L3": (34.0, 2.0)}, board=RUBBLE)
    game.apply("nominate T1")
    assert "charge T1 L1" in options(game)


# -- Climbing up to the model's Movement (R:170) ----------------------------------------------


def test_r170_a_ladder_is_climbed_up_to_the_models_movement() -> None:
    tower = {"id": "tower", "kind": "climbable", "height": 5.5, "polygon": rect(20, 10, 24, 14)}
    ladder = {"id": "lad", "terrain": "tower", "foot": [22.0, 9.4], "top": [22.0, 10.6]}
    placed = {"T1": (22.0, 9.4), "L1": (2.0, 22.0)}
    game = book(agent("T1"), agent("L1"), placed=placed, board=board(tower, ladders=(ladder,)))
    game.apply("nominate T1")
    refused(game, "climb T1 lad", 'ladder lad is 5.5" high: a Move climbs 5" at most')
    tall = book(
        agent("T1", move=6),
        agent("L1"),
        placed=placed,
        board=board(tower, ladders=(ladder,)),
    )
    apply_all(tall, "nominate T1", "climb T1 lad")
    assert model(tall, "T1").level == "tower"


@pytest.mark.parametrize(("face", "level"), [(1, None), (5, "tower")])
def test_r170_a_rolled_movement_is_rolled_for_the_climb(face: int, level: str | None) -> None:
    """R:170, R:2116: 1D6+1 may reach the 5.5" tower, so the climb is declared; a roll of 2"
    leaves the Agent at the foot, the Action spent as a Move (notes §6 item 49), 6" climbs."""
    tower = {"id": "tower", "kind": "climbable", "height": 5.5, "polygon": rect(20, 10, 24, 14)}
    ladder = {"id": "lad", "terrain": "tower", "foot": [22.0, 9.4], "top": [22.0, 10.6]}
    game = book(
        agent("T1", move=1, move_die=6),
        agent("L1"),
        placed={"T1": (22.0, 9.4), "L1": (2.0, 22.0)},
        board=board(tower, ladders=(ladder,)),
        dice=[("movement", face)],
    )
    apply_all(game, "nominate T1", "climb T1 lad")
    assert model(game, "T1").level == level
    assert events(game, "movement-rolled")[0].data == {"movement": face + 1}
    rule = "Terrain: Ladders: a rolled Movement falls short (R:170, R:2116; notes §6 item 49)"
    short = [] if level else [(rule, {"ladder": "lad", "movement": 2.0})]
    assert [(e.rule, e.data) for e in events(game, "climb-short")] == short
    assert game.decision is not None and game.decision.prompt.endswith("Action 2 of 2")
    assert not dice_left(game)


def test_r1141_r170_a_climb_after_a_move_sprints_2_further() -> None:
    """R:170: a climb is made with a Move Action, so Sprint's 2" after a Move (R:1141) takes
    a Movement of 5 up a 6" ladder; with no Move before it, the climb is refused."""
    tower = {"id": "tower", "kind": "climbable", "height": 6.0, "polygon": rect(20, 10, 24, 14)}
    ladder = {"id": "lad", "terrain": "tower", "foot": [22.0, 9.4], "top": [22.0, 10.6]}
    at_foot = book(
        agent("T1", skills=["sprint"]),
        agent("L1"),
        placed={"T1": (22.0, 9.4), "L1": (2.0, 22.0)},
        board=board(tower, ladders=(ladder,)),
    )
    at_foot.apply("nominate T1")
    refused(at_foot, "climb T1 lad", 'ladder lad is 6" high: a Move climbs 5" at most')
    game = book(
        agent("T1", skills=["sprint"]),
        agent("L1"),
        placed={"T1": (22.0, 5.0), "L1": (2.0, 22.0)},
        board=board(tower, ladders=(ladder,)),
    )
    apply_all(game, "nominate T1", "move T1 22,9.4", "climb T1 lad")
    sprint = events(game, "sprint")[0]
    assert (sprint.rule, sprint.models, sprint.data) == (
        "Skills: Sprint (R:1140; notes §6 item 65)",
        ("T1",),
        {"bonus": 2.0},
    )
    assert (model(game, "T1").pos, model(game, "T1").level) == ((22.0, 10.6), "tower")


# -- Fight: set-up on the short edges (R:1588) ------------------------------------------------


def test_r1588_fight_deploys_on_a_short_edge() -> None:
    game = find_ruleset(BOOK).new_game({"board": "open"}, seed=4)
    assert game.decision is not None and game.decision.kind == "edge"
    assert sorted(options(game)) == ["edge east", "edge west"]


# -- Critical hits and misses (R:246-251) ------------------------------------------------------


def test_r248_critical_hit_adds_two_to_wound_when_shooting() -> None:
    game = book(
        agent("T1", weapons=["unarmed", "handgun_45"]),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (18.0, 10.0)},
        dice=[
            ("to-hit", 6),
            ("critical-hit", 6),  # confirmed: +2
            ("to-wound", 2),  # 2 + 2 + 2 = 6 against Con 6: one Wound
            ("injury", 3),
            ("injury", 3),  # 6: Unconscious
        ],
    )
    apply_all(game, "nominate T1", "shoot T1 L1 handgun_45")
    crit = events(game, "critical-hit")[0]
    assert (crit.rule, crit.models, crit.data) == (
        "Critical Hits and Misses",
        ("T1",),
        {"bonus": 2},
    )
    assert events(game, "wounded")[0].data["total"] == 6
    assert model(game, "L1").state == "face-down"
    assert not dice_left(game)


def test_r248_an_unconfirmed_6_is_no_critical_hit() -> None:
    game = book(
        agent("T1", weapons=["unarmed", "handgun_45"]),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (18.0, 10.0)},
        dice=[("to-hit", 6), ("critical-hit", 5), ("to-wound", 2)],  # 2 + 2 = 4
    )
    apply_all(game, "nominate T1", "shoot T1 L1 handgun_45")
    assert not events(game, "critical-hit")
    assert events(game, "no-wound")[0].data == {"total": 4, "con": 6}
    assert not dice_left(game)


def test_r249_a_confirmed_1_jams_the_weapon_but_the_hits_count() -> None:
    game = book(
        agent("T1", weapons=["unarmed", "handgun_22"]),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (16.0, 10.0)},
        dice=[
            ("to-hit", 5),
            ("to-hit", 1),
            ("jam", 1),  # confirmed: the .22 Handgun Jams
            ("to-wound", 4),  # the hit still counts: 4 + 1 = 5 against Con 6
        ],
    )
    apply_all(game, "nominate T1", "shoot T1 L1 handgun_22")
    jam = events(game, "jammed")[0]
    assert (jam.rule, jam.data) == ("Critical Hits and Misses", {"weapon": "handgun_22"})
    assert events(game, "no-wound")[0].data == {"total": 5, "con": 6}
    assert game.state.jammed == (("T1", "handgun_22"),)
    assert "shoot T1 L1 handgun_22" not in options(game)
    refused(game, "shoot T1 L1 handgun_22", "the .22 Handgun of T1 is Jammed: an Action cleans it")
    game.apply("clear-jam T1 handgun_22")
    assert game.state.jammed == ()
    assert events(game, "cleared")[0].rule == "Critical Hits and Misses: cleaning a Jam"
    assert not dice_left(game)


def jam_and_critical(rate: int, *faces: str | int) -> Game:
    """T1 shoots L1 (Con 9, 2 Wounds) with a gun of ``rate`` dice and 2 damage, ``faces`` the
    dice (:func:`tests.dice_script.script`)."""
    gun = {"id": "gun", "name": "Gun", "kind": "ranged", "damage": 2, "range": 18.0}
    game = book(
        agent("T1", weapons=["unarmed", "gun"]),
        agent("L1", con=9, wounds=2),
        placed={"T1": (10.0, 10.0), "L1": (18.0, 10.0)},
        weapons={"gun": {**gun, "rate": rate}},
        dice=script(*faces),
    )
    apply_all(game, "nominate T1", "shoot T1 L1 gun")
    return game


def test_r249_r251_notes_7_4_d3_a_critical_hit_and_a_jam_in_one_shoot_action() -> None:
    """D3: Rate 2 rolls 6 and 1; the 6 confirms (+2 to wound), the 1 confirms a Jam; the hit
    still counts: 4 + 2 + 2 = 8 against Con 9."""
    game = jam_and_critical(2, "to-hit", 6, 1, "critical-hit", 6, "jam", 1, "to-wound", 4)
    assert [e.data for e in events(game, "critical-hit")] == [{"bonus": 2}]
    assert [e.data for e in events(game, "jammed")] == [{"weapon": "gun"}]
    assert events(game, "no-wound")[0].data == {"total": 8, "con": 9}
    assert game.state.jammed == (("T1", "gun"),)
    assert not dice_left(game)


def test_r251_notes_7_4_d3_a_weapon_jams_only_once_in_one_shoot_action() -> None:
    """D3: Rate 3 rolls 6, 1 and 1; the first 1 confirms a Jam, so the second is not rolled
    to confirm: one Jam."""
    game = jam_and_critical(3, "to-hit", 6, 1, 1, "critical-hit", 6, "jam", 1, "to-wound", 4)
    confirms = [e.roll.faces for e in game.log if e.roll is not None and e.roll.purpose == "jam"]
    assert confirms == [(1,)]
    assert len(events(game, "jammed")) == 1 and game.state.jammed == (("T1", "gun"),)
    assert not dice_left(game)


def test_r251_notes_7_4_d3_a_second_1_confirms_when_the_first_did_not() -> None:
    """D3: Rate 3 rolls 6, 1 and 1; the first 1's confirmation (3) fails, the second's (1)
    Jams the weapon."""
    game = jam_and_critical(3, "to-hit", 6, 1, 1, "critical-hit", 6, "jam", 3, 1, "to-wound", 4)
    confirms = [e.roll.faces for e in game.log if e.roll is not None and e.roll.purpose == "jam"]
    assert confirms == [(3,), (1,)]
    assert len(events(game, "jammed")) == 1 and game.state.jammed == (("T1", "gun"),)
    assert not dice_left(game)


def test_r250_each_close_combat_1_adds_to_the_opponents_highest_die() -> None:
    game = book(
        agent("T1"),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (10.0 + TOUCH + 2.0, 10.0)},
        dice=[
            ("close-combat", 4),
            ("close-combat", 1),  # T1: 4 + 1 = 5
            ("close-combat", 4),
            ("close-combat", 3),  # L1: 4 + 1, +1 for T1's 1 = 6: L1 wins by 1
            ("to-wound", 3),  # 3 + 1 = 4 against Con 6
        ],
    )
    apply_all(game, "nominate T1", "charge T1 L1")
    miss = events(game, "critical-miss")[0]
    assert (miss.models, miss.data) == (("T1", "L1"), {"ones": 1})
    assert events(game, "combat-totals")[0].data == {"totals": [5, 6]}
    game.apply("wound L1")
    assert events(game, "draw")
    assert not dice_left(game)


def test_r248_critical_hit_in_close_combat_adds_two_to_wound() -> None:
    game = book(
        agent("T1"),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (10.0 + TOUCH + 2.0, 10.0)},
        dice=[
            ("close-combat", 6),
            ("close-combat", 2),  # T1: 6 + 1 = 7
            ("close-combat", 2),
            ("close-combat", 2),  # L1: 2 + 1 = 3: T1 wins by 4
            ("critical-hit", 6),
            ("to-wound", 1),
            ("to-wound", 1),
            ("to-wound", 1),
            ("to-wound", 3),  # 3 + 1 + 2 = 6 against Con 6
            ("injury", 3),
            ("injury", 3),
        ],
    )
    apply_all(game, "nominate T1", "charge T1 L1", "wound T1")
    assert events(game, "critical-hit")[0].models == ("T1",)
    assert events(game, "wounded")[0].data["total"] == 6
    assert not dice_left(game)


# -- Ready weapons (notes §6 items 4 and 57) ------------------------------------------------


def test_notes_6_item_57_a_ready_weapon_fires_once_an_action_has_primed_it() -> None:
    game = book(
        agent("T1", weapons=["unarmed", "bolt_action_rifle"]),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (20.0, 10.0)},
        dice=[("to-hit", 2)],
    )
    game.apply("nominate T1")
    assert "ready T1 bolt_action_rifle" in options(game)
    refused(
        game,
        "shoot T1 L1 bolt_action_rifle",
        "the Bolt-Action Rifle of T1 is a Ready weapon: an Action readies it",
    )
    game.apply("ready T1 bolt_action_rifle")
    assert (
        events(game, "readied")[0].rule == "Weapon special rules: Ready (rules notes items 4, 57)"
    )
    assert game.state.readied == (("T1", "bolt_action_rifle"),)
    game.apply("shoot T1 L1 bolt_action_rifle")
    assert game.state.readied == ()
    assert not dice_left(game)


def test_notes_6_item_57_a_model_no_longer_normal_loses_its_primed_weapon() -> None:
    game = book(
        agent("T1", weapons=["unarmed", "bolt_action_rifle"]),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (20.0, 10.0)},
    )
    apply_all(game, "nominate T1", "ready T1 bolt_action_rifle")
    set_state(game, model(game, "T1"), "face-up", "test")
    assert game.state.readied == ()


def test_r245_no_alert_shot_with_a_ready_weapon() -> None:
    game = book(
        agent("T1"),
        agent("L1", weapons=["unarmed", "bolt_action_rifle"]),
        placed={"T1": (10.0, 10.0), "L1": (18.0, 10.0)},
    )
    game.state.readied = (("L1", "bolt_action_rifle"),)
    apply_all(game, "nominate T1", "pass T1")
    assert game.decision is not None and game.decision.kind == "action"


# -- Alert (R:245) -------------------------------------------------------------------------


def test_r245_an_alert_model_shoots_an_enemy_that_acted_within_10_with_one_die() -> None:
    game = book(
        agent("T1"),
        agent("L1", weapons=["unarmed", "handgun_22"]),
        placed={"T1": (10.0, 10.0), "L1": (19.0, 10.0)},
        dice=[("to-hit", 3)],  # one die, though the .22 Handgun's Rate is 2: a miss
    )
    apply_all(game, "nominate T1", "move T1 11,10")
    assert game.decision is not None and game.decision.player == 1
    assert options(game) == ["alert L1 T1 handgun_22", "no-alert"]
    game.apply("alert L1 T1 handgun_22")
    alert = events(game, "alert")[0]
    assert (alert.rule, alert.models) == ("Alert (R:245)", ("L1", "T1"))
    assert events(game, "hits")[0].data == {"hits": 0, "need": 5}
    game.apply("move T1 12,10")  # L1 has taken its Alert shot this turn
    assert game.decision is not None and game.decision.kind == "nominate"
    assert not dice_left(game)


def test_r205_the_psychology_test_an_action_brings_comes_before_the_alert_shot_r245() -> None:
    def fearsome(faces: list[tuple[str, int]]) -> Game:
        game = book(
            agent("T1", types=["daemon"], skills=["fear"]),
            agent("L1", weapons=["unarmed", "handgun_22"]),
            placed={"T1": (10.0, 10.0), "L1": (19.5, 10.0)},
            dice=faces,
        )
        apply_all(game, "nominate T1", "move T1 14,10")  # L1 now within 5" of the Fear
        return game

    failed = fearsome([("resolve", 1), ("insanity", 1)])  # 1: Catatonia
    assert events(failed, "resolve")[0].data == {"situation": "fear:T1", "need": 4, "passed": False}
    assert model(failed, "L1").state == "face-down"
    assert failed.decision is not None and failed.decision.kind == "action"  # no Alert shot
    assert not events(failed, "alert") and not dice_left(failed)
    passed = fearsome([("resolve", 4), ("to-hit", 3)])
    assert options(passed) == ["alert L1 T1 handgun_22", "no-alert"]
    passed.apply("alert L1 T1 handgun_22")
    assert [e.kind for e in passed.log if e.kind in ("resolve", "alert")] == ["resolve", "alert"]
    assert not dice_left(passed)


def test_r245_no_alert_shot_beyond_10_or_declined() -> None:
    game = book(
        agent("T1"),
        agent("L1", weapons=["unarmed", "handgun_22"]),
        placed={"T1": (10.0, 10.0), "L1": (21.5, 10.0)},
    )
    apply_all(game, "nominate T1", "move T1 9,10")  # 11.5" away: out of Alert reach
    assert game.decision is not None and game.decision.kind == "action"
    game.apply("move T1 13,10")  # 7.5" away, within the .22 Handgun's 8"
    game.apply("no-alert")
    assert not events(game, "alert")
    assert game.decision is not None and game.decision.kind == "nominate"


def test_r245_a_model_nominated_in_its_last_turn_is_not_alert() -> None:
    game = book(
        agent("T1"),
        agent("L1", weapons=["unarmed", "handgun_22"]),
        agent("L2", weapons=["unarmed", "handgun_22"]),
        placed={"T1": (10.0, 10.0), "L1": (18.0, 10.0), "L2": (18.0, 14.0)},
    )
    apply_all(game, "nominate T1", "pass T1", "no-alert", "pass T1", "no-alert")
    apply_all(game, "nominate L1", "pass L1", "pass L1")  # T1 acted last turn: not Alert
    game.apply("nominate T1")
    game.apply("pass T1")
    assert options(game) == ["alert L2 T1 handgun_22", "no-alert"]


# -- Leaving Close Combat: a winner's Move out of it cut short (R:157, R:2116) ---------------


def test_sa_r157_a_withdrawal_cut_short_in_base_to_base_does_not_leave_the_combat() -> None:
    # T1 (M 1D3) declares a path curving round L1's base, 2.3" long; a D3 of 2 stops it 2"
    # along, still touching L1: it has not left, and having rolled no die to wound, the
    # round is a Draw (R:153); the two fight again at the start of the next turn.
    game = book(
        agent("T1", move=0, move_die=3),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (10.0 + TOUCH, 10.0)},
        dice=[*cc(6, 1, 2, 2), ("movement", 3)],  # T1 6 + 1 = 7, L1 2 + 1 + 1 = 4
    )
    game.apply("withdraw T1 11.65,10.79")
    assert events(game, "moved")[0].data["length"] == 2.0
    assert model(game, "T1").pos != (11.65, 10.79)
    assert "not-left" in kinds(game), "the cut withdrawal was logged as leaving"
    held = events(game, "not-left")[0]
    assert (held.rule, held.models) == ("Leaving Close Combat", ("T1", "L1"))
    assert game.ruleset.describe(game, held).startswith(
        "Agent T1 (T1) stops still in base-to-base with Agent L1 (L1): it has not left"
    )
    assert events(game, "draw")[0].models == ("T1", "L1")
    assert not dice_left(game)


def test_sa_r157_a_withdrawal_its_roll_takes_out_of_base_to_base_leaves() -> None:
    game = book(
        agent("T1", move=0, move_die=3),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (10.0 + TOUCH, 10.0)},
        dice=[*cc(6, 1, 2, 2), ("movement", 5)],  # a D3 of 3: the whole 2.3"
    )
    game.apply("withdraw T1 11.65,10.79")
    assert model(game, "T1").pos == (11.65, 10.79)
    assert "not-left" not in kinds(game) and "draw" not in kinds(game)
    assert not dice_left(game)
