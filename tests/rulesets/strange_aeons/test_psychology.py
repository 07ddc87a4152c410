"""Psychology: the four situations that make Normal Human models test Resolve, Command's
shared Resolve, and the introductory Insanity table.

Resolve: Frank 3+ (Command), Agent 4+ (Lucky), Cult Leader 2+ (Command), Cultist 5+.
The Zombie is Undead (immune) and Hideous.
"""

from __future__ import annotations

import pytest
from tests.rulesets.strange_aeons.helpers import (
    TOUCH,
    apply_all,
    board,
    dice_left,
    events,
    kinds,
    model,
    options,
    rect,
    rolls,
    scenario,
)

from skirmish.engine.game import Game
from skirmish.rulesets.strange_aeons.state import AeonsState

DBS = "double-barrelled-shotgun"


# -- a friend removed within 5" and in sight -------------------------------------------------


def shoot_cultist_dead(near: dict[str, object], dice: list[tuple[str, int]]) -> Game:
    """Frank shoots the Cultist (at 17.98, 10) off the table: 6 + 2 = 8 vs Con 5, Major."""
    placed: dict[str, object] = {
        "T1": (10.0, 10.0),
        "T2": (2.0, 22.0),
        "L2": (10.0 + TOUCH + 7.0, 10.0),
        "L1": (34.0, 22.0),
        "L3": (34.0, 2.0),
    }
    placed.update(near)
    game = scenario(
        placed,
        dice=[("to-hit", 3), ("to-hit", 1), ("to-wound", 6), ("injury", 6), ("injury", 6), *dice],
    )
    apply_all(game, "nominate T1", f"shoot T1 L2 {DBS}")
    return game


def test_psychology_friend_removed_within_5_in_sight() -> None:
    game = shoot_cultist_dead({"L1": (10.0 + 2 * TOUCH + 11.0, 10.0)}, [("resolve", 2)])
    assert model(game, "L2").removed == "Major Injury"
    test = events(game, "resolve")[0]
    assert (test.rule, test.models) == ("Psychology", ("L1",))
    assert test.data == {"situation": "removal:L2", "need": 2, "passed": True}
    assert not dice_left(game)


def test_psychology_friend_removed_beyond_5_no_test() -> None:
    game = shoot_cultist_dead({"L1": (10.0 + 2 * TOUCH + 12.1, 10.0)}, [])
    assert "resolve" not in kinds(game)
    assert not dice_left(game)


def test_psychology_friend_removed_out_of_sight_no_test() -> None:
    placed = {
        "T1": (10.0, 10.0),
        "T2": (2.0, 22.0),
        "L2": (10.0 + TOUCH + 7.0, 10.0),
        "L1": (10.0 + TOUCH + 7.0, 14.0),  # 3" north of the Cultist, behind a tall wall
        "L3": (34.0, 2.0),
    }
    wall = board(
        {"id": "wall", "kind": "impassable", "height": 3.0, "polygon": rect(15.0, 11.5, 21.0, 12.0)}
    )
    game = scenario(
        placed,
        board=wall,
        dice=[("to-hit", 3), ("to-hit", 1), ("to-wound", 6), ("injury", 6), ("injury", 6)],
    )
    apply_all(game, "nominate T1", f"shoot T1 L2 {DBS}")
    assert model(game, "L2").removed == "Major Injury"
    assert "resolve" not in kinds(game)
    assert not dice_left(game)


def test_psychology_only_normal_models_test() -> None:
    game = shoot_cultist_dead(
        {"L1": {"pos": (10.0 + 2 * TOUCH + 11.0, 10.0), "state": "face-up"}}, []
    )
    assert "resolve" not in kinds(game)
    assert not dice_left(game)


def test_psychology_undead_immune() -> None:
    # The Zombie sees the Cultist fall 3" away: Undead take no test.
    game = shoot_cultist_dead({"L3": (10.0 + 2 * TOUCH + 10.0, 10.0)}, [])
    assert "resolve" not in kinds(game)
    assert not dice_left(game)


def test_psychology_removal_at_turn_start_tests_at_once() -> None:
    """Psychology: tests are taken as soon as the situation happens. The Face Down Cultist,
    engaged with the Agent, is removed at the start of the turn; the Cult Leader, 2" away,
    tests before anything else happens (before nominations)."""
    game = scenario(
        {
            "T2": (10.0, 10.0),
            "L2": {"pos": (10.0 + TOUCH, 10.0), "state": "face-down", "wounds": 0},
            "L1": (10.0 + TOUCH, 10.0 + TOUCH + 2.0),
            "T1": (30.0, 22.0),
            "L3": (34.0, 2.0),
        },
        dice=[("resolve", 2)],
    )
    assert kinds(game) == ["helpless", "removed", "resolve"]
    test = events(game, "resolve")[0]
    assert (test.models, test.data) == (
        ("L1",),
        {"situation": "removal:L2", "need": 2, "passed": True},
    )
    assert game.decision is not None and game.decision.kind == "nominate"
    assert not dice_left(game)


# -- isolated: no friend within 5", three or more enemies within 5" and in sight -------------

# The Agent ends a Move at (11, 10) with the three Lurkers 3" east, 4" north and 4.5" west.
ISOLATED = {
    "T2": {"pos": (7.5, 13.5), "lucky_used": True},
    "T1": (2.0, 22.0),
    "L1": (11.0 + TOUCH + 3.0, 10.0),
    "L2": (11.0, 10.0 + TOUCH + 4.0),
    "L3": (11.0 - TOUCH - 4.5, 10.0),
}


def test_psychology_isolated_three_enemies_within_5() -> None:
    game = scenario(ISOLATED, dice=[("resolve", 4)])
    apply_all(game, "nominate T2", "move T2 11,10")
    test = events(game, "resolve")[0]
    assert test.models == ("T2",)
    assert test.data == {"situation": "isolated", "need": 4, "passed": True}
    assert not dice_left(game)


def test_psychology_isolated_not_with_a_friend_within_5() -> None:
    game = scenario({**ISOLATED, "T1": (11.0, 10.0 - TOUCH - 4.9)})
    apply_all(game, "nominate T2", "move T2 11,10")
    assert "resolve" not in kinds(game)


def test_psychology_isolated_not_with_two_enemies() -> None:
    game = scenario({**ISOLATED, "L3": (11.0 - TOUCH - 5.1, 10.0)})
    apply_all(game, "nominate T2", "move T2 11,10")
    assert "resolve" not in kinds(game)


def test_psychology_no_second_test_for_the_same_situation() -> None:
    game = scenario(ISOLATED, dice=[("resolve", 5)])
    apply_all(game, "nominate T2", "move T2 11,10")
    assert model(game, "T2").faced == ("isolated",)
    game.apply("move T2 11,9.5")  # still alone among three enemies
    assert len(events(game, "resolve")) == 1
    assert not dice_left(game)


def test_psychology_a_new_situation_tests_again() -> None:
    """Rules notes item 44: a lasting situation that ends and arises again is a new one."""
    game = scenario(
        {**ISOLATED, "T1": (11.0 - TOUCH - 9.0, 13.0)}, dice=[("resolve", 5), ("resolve", 6)]
    )
    apply_all(game, "nominate T2", "move T2 11,10", "pass T2")
    apply_all(game, "nominate L2", "pass L2", "pass L2")
    # Frank comes within 5" (the Agent is no longer alone), then walks off again.
    apply_all(game, "nominate T1", "done", "move T1 5.5,12")
    assert model(game, "T2").faced == ()
    game.apply("move T1 2,13")
    assert [e.data["situation"] for e in events(game, "resolve")] == ["isolated", "isolated"]
    assert not dice_left(game)


# -- Hideous in base-to-base ----------------------------------------------------------------


def test_psychology_hideous_in_base_to_base_tested_before_close_combat() -> None:
    game = scenario(
        {
            "L3": (10.0, 10.0),
            "T2": {"pos": (10.0 + TOUCH + 2.0, 10.0), "lucky_used": True},
            "T1": (2.0, 22.0),
            "L1": (34.0, 22.0),
            "L2": (34.0, 2.0),
        },
        active=1,
        dice=[
            ("resolve", 4),  # the Agent passes (4+)
            ("to-wound", 1),  # the Unarmed Zombie suffers a hit first: 1 + 2 < 5
            ("close-combat", 1),
            ("close-combat", 2),  # Zombie 2
            ("close-combat", 1),
            ("close-combat", 1),  # Agent 1 + 2 = 3: wins by 1
        ],
    )
    apply_all(game, "nominate L3", "charge L3 T2", "no-parry T2")
    assert kinds(game)[2:6] == ["charge", "resolve", "unarmed", "no-wound"]
    assert events(game, "resolve")[0].data["situation"] == "hideous:L3"
    assert not dice_left(game)


def test_psychology_hideous_close_combat_fought_regardless_of_the_result() -> None:
    """Rules notes §7.3 E9: Catatonia while in contact: Face Down and removed, no dice."""
    game = scenario(
        {
            "L3": (10.0, 10.0),
            "T2": {"pos": (10.0 + TOUCH + 2.0, 10.0), "lucky_used": True},
            "T1": (2.0, 22.0),
            "L1": (34.0, 22.0),
            "L2": (34.0, 2.0),
        },
        active=1,
        dice=[("resolve", 3), ("insanity", 1), ("resolve", 3)],
    )
    apply_all(game, "nominate L3", "charge L3 T2")
    assert kinds(game)[2:] == [
        "charge",
        "resolve",
        "insanity",
        "face-down",
        "helpless",
        "removed",
        "resolve",
    ]
    assert model(game, "T2").removed == "Major Injury"
    # The last test is Frank's: he is the last of the Threshold.
    assert events(game, "resolve")[1].data == {"situation": "last", "need": 3, "passed": True}
    assert not dice_left(game)


def test_r119_hideous_test_before_a_start_of_turn_round() -> None:
    """Hideous: the test owed for the Zombie in base-to-base comes before the round fought
    at the start of the turn, as before a Charge's; the round is fought after it."""
    game = scenario(
        {
            "L3": (10.0, 10.0),
            "T2": {"pos": (10.0 + TOUCH, 10.0), "lucky_used": True},
            "T1": (2.0, 22.0),
            "L1": (34.0, 22.0),
            "L2": (34.0, 2.0),
        },
        dice=[
            ("resolve", 4),  # the Agent passes (4+)
            ("to-wound", 1),  # the Unarmed Zombie suffers its hit: 1 + 2 < Con 5
            *[("close-combat", 1)] * 2,  # the Agent 1 + 2 = 3
            *[("close-combat", 3)] * 2,  # the Zombie 3: a Draw
        ],
    )
    game.apply("no-parry T2")
    assert kinds(game) == ["resolve", "unarmed", "no-wound", "combat-totals", "draw"]
    test = events(game, "resolve")[0]
    assert (test.models, test.data) == (
        ("T2",),
        {"situation": "hideous:L3", "need": 4, "passed": True},
    )
    assert game.decision is not None and game.decision.kind == "nominate"
    assert not dice_left(game)


def test_hideous_test_before_close_combat_when_face_up_recovers() -> None:
    """Charge Actions: the Hideous test comes before the round. The Face Up Agent, in
    base-to-base with the Zombie, changes state to Normal: she tests, then the round that
    follows a Change State in base-to-base is fought."""
    game = scenario(
        {
            "L3": (10.0, 10.0),
            "T2": {"pos": (10.0 + TOUCH, 10.0), "state": "face-up", "lucky_used": True},
            "T1": (2.0, 22.0),
            "L1": (34.0, 22.0),
            "L2": (34.0, 2.0),
        },
        dice=[
            ("resolve", 4),  # the Agent, now Normal, passes (4+)
            ("to-wound", 1),  # the Unarmed Zombie suffers its hit: 1 + 2 < Con 5
            *[("close-combat", 1)] * 2,  # the Agent 1 + 2 = 3
            *[("close-combat", 3)] * 2,  # the Zombie 3: a Draw
        ],
        start="nominate",
    )
    apply_all(game, "nominate T2", "change-state T2", "no-parry T2")
    assert kinds(game) == [
        "nominated",
        "changed-state",
        "resolve",
        "unarmed",
        "no-wound",
        "combat-totals",
        "draw",
    ]
    test = events(game, "resolve")[0]
    assert (test.models, test.data) == (
        ("T2",),
        {"situation": "hideous:L3", "need": 4, "passed": True},
    )
    assert game.decision is not None
    assert game.decision.prompt == "Agent (T2): Action 2 of 2"
    assert not dice_left(game)


# -- the last model of its side ---------------------------------------------------------------


def test_psychology_last_model_of_its_side() -> None:
    """Rules notes §7.3 E17: a friend falling within 5" and being the last are two tests."""
    game = scenario(
        {
            "L1": (10.0, 10.0),
            "T2": {"pos": (10.0 + TOUCH + 7.0, 10.0), "lucky_used": True},
            "T1": (10.0 + TOUCH + 7.0, 13.0),
            "L2": (2.0, 2.0),
            "L3": (4.0, 2.0),
        },
        active=1,
        dice=[
            ("to-hit", 4),
            ("to-wound", 6),  # 6 + 2 = 8 vs Con 6: 3 Wounds: Injury +2
            ("injury", 4),
            ("injury", 4),  # 10: Major Injury
            ("resolve", 3),
            ("resolve", 4),
        ],
    )
    apply_all(game, "nominate L1", "done", "shoot L1 T2 shotgun")
    assert model(game, "T2").removed == "Major Injury"
    tests = events(game, "resolve")
    assert [(e.models, e.data["situation"], e.data["passed"]) for e in tests] == [
        (("T1",), "removal:T2", True),
        (("T1",), "last", True),
    ]
    assert not dice_left(game)


def test_psychology_last_model_undead_immune() -> None:
    game = scenario({"L3": (10.0, 10.0), "T1": (30.0, 20.0), "T2": (30.0, 2.0)}, active=1)
    apply_all(game, "nominate L3", "pass L3", "pass L3")
    assert "resolve" not in kinds(game)


# -- Command's shared Resolve -----------------------------------------------------------------


def test_psychology_command_shares_resolve_within_5() -> None:
    game = scenario(
        {
            "L3": (10.0, 10.0),
            "T2": {"pos": (10.0 + TOUCH + 2.0, 10.0), "lucky_used": True},
            "T1": (10.0 + 2 * TOUCH + 2.0 + 4.9, 10.0),
            "L1": (34.0, 22.0),
            "L2": (34.0, 2.0),
        },
        active=1,
        dice=[
            ("resolve", 3),  # the Agent tests on Frank's 3+: passed
            ("to-wound", 1),
            ("close-combat", 1),
            ("close-combat", 1),
            ("close-combat", 1),
            ("close-combat", 2),
        ],
    )
    apply_all(game, "nominate L3", "charge L3 T2", "no-parry T2")
    shared = events(game, "shared-resolve")[0]
    assert (shared.rule, shared.models, shared.data) == (
        "Psychology: Command",
        ("T2", "T1"),
        {"need": 3},
    )
    assert events(game, "resolve")[0].data["passed"] is True
    assert not dice_left(game)


@pytest.mark.parametrize(
    ("frank", "why"),
    [
        ({"pos": (10.0 + 2 * TOUCH + 2.0 + 5.1, 10.0)}, "beyond 5 inches"),
        ({"pos": (10.0 + 2 * TOUCH + 2.0 + 4.0, 10.0), "state": "face-up"}, "not Normal"),
    ],
)
def test_psychology_command_resolve_not_shared(frank: dict[str, object], why: str) -> None:
    """The commander must be Normal (rules notes item 74) and within 5"."""
    game = scenario(
        {
            "L3": (10.0, 10.0),
            "T2": {"pos": (10.0 + TOUCH + 2.0, 10.0), "lucky_used": True},
            "T1": frank,
            "L1": (34.0, 22.0),
            "L2": (34.0, 2.0),
        },
        active=1,
        dice=[
            ("resolve", 3),
            ("insanity", 2),
            ("to-wound", 1),
            ("close-combat", 1),
            ("close-combat", 1),
            ("close-combat", 1),
        ],
    )
    apply_all(game, "nominate L3", "charge L3 T2")
    assert "shared-resolve" not in kinds(game), why
    assert events(game, "resolve")[0].data == {
        "situation": "hideous:L3",
        "need": 4,
        "passed": False,
    }


# -- the Insanity table -----------------------------------------------------------------------


def test_insanity_catatonia_face_down() -> None:
    game = scenario(ISOLATED, dice=[("resolve", 1), ("insanity", 1)])
    apply_all(game, "nominate T2", "move T2 11,10")
    insanity = events(game, "insanity")[0]
    assert (insanity.rule, insanity.data) == ("Insanity Table", {"result": "Catatonia"})
    assert model(game, "T2").state == "face-down"
    # It is still the Agent's turn: only Change State now.
    assert options(game) == ["change-state T2", "pass T2"]
    assert not dice_left(game)


def test_insanity_stupefaction_face_up() -> None:
    game = scenario(ISOLATED, dice=[("resolve", 1), ("insanity", 2)])
    apply_all(game, "nominate T2", "move T2 11,10")
    assert events(game, "insanity")[0].data == {"result": "Stupefaction"}
    assert model(game, "T2").state == "face-up"
    assert not dice_left(game)


@pytest.mark.parametrize("face", [3, 4])
def test_insanity_revulsion_free_move_towards_own_edge(face: int) -> None:
    game = scenario(ISOLATED, dice=[("resolve", 1), ("insanity", face)])
    apply_all(game, "nominate T2", "move T2 11,10")
    assert events(game, "insanity")[0].data == {"result": "Revulsion"}
    # The Threshold deployed on the south edge: 5" straight towards it, no Action used.
    assert model(game, "T2").pos == pytest.approx((11.0, 5.0))
    assert events(game, "moved")[-1].rule == "Insanity Table"
    assert game.decision is not None
    assert game.decision.prompt == "Agent (T2): Action 2 of 2"
    assert not dice_left(game)


def test_insanity_revulsion_run_off_the_table() -> None:
    placed = {
        **ISOLATED,
        "T2": {"pos": (7.0, 6.0), "lucky_used": True},
        "L1": (11.0 + TOUCH + 3.0, 4.0),
        "L2": (11.0, 4.0 + TOUCH + 3.0),
        "L3": (11.0 - TOUCH - 4.0, 3.0),
    }
    game = scenario(placed, dice=[("resolve", 1), ("insanity", 3), ("resolve", 3)])
    apply_all(game, "nominate T2", "move T2 11,4")
    assert model(game, "T2").removed == "Minor Injury"
    assert events(game, "removed")[0].rule == "Leaving the Table"
    # Frank is the last of his side now: he tests (the Agent's leaving is no Injury removal).
    assert [e.data["situation"] for e in events(game, "resolve")] == ["isolated", "last"]
    assert not dice_left(game)


def test_insanity_revulsion_breaking_from_combat_free_wound_first() -> None:
    # The Agent fights the Cult Leader, the Zombie is 4" away; the Cultist comes within 3":
    # alone among three enemies, she fails and runs. The Cult Leader strikes first: 1D+1.
    game = scenario(
        {
            "T2": {"pos": (10.0, 10.0), "lucky_used": True},
            "L1": (10.0 + TOUCH, 10.0),
            "L3": (10.0, 10.0 + TOUCH + 4.0),
            "L2": (3.0, 7.0),
            "T1": (2.0, 22.0),
        },
        active=1,
        dice=[
            ("resolve", 1),
            ("insanity", 3),  # Revulsion
            ("to-wound", 4),  # free Wound: 4 + 1 = 5 < Con 6
        ],
        start="nominate",
    )
    apply_all(game, "nominate L2", "move L2 6,10")
    assert kinds(game)[2:] == ["resolve", "insanity", "no-wound", "moved"]
    free = next(e for e in game.log if e.roll is not None and e.roll.purpose == "to-wound")
    assert free.rule == "Leaving Close Combat"
    assert free.roll is not None and free.roll.model == "L1"
    assert events(game, "no-wound")[0].data == {"total": 5, "con": 6}
    # Then the Agent runs 5" south, towards the Threshold's edge and out of the combat.
    assert model(game, "T2").pos == pytest.approx((10.0, 5.0))
    assert options(game) == ["pass L2"]  # the Cultist's second Action: nothing in reach
    assert not dice_left(game)


def test_insanity_revulsion_no_move_if_the_free_wound_takes_the_model_down() -> None:
    game = scenario(
        {
            "T2": {"pos": (10.0, 10.0), "lucky_used": True},
            "L1": (10.0 + TOUCH, 10.0),
            "L3": (10.0, 10.0 + TOUCH + 4.0),
            "L2": (3.0, 7.0),
            "T1": (2.0, 22.0),
        },
        active=1,
        dice=[
            ("resolve", 1),
            ("insanity", 3),
            ("to-wound", 5),  # 5 + 1 = 6 = Con 6: the last Wound
            ("injury", 1),
            ("injury", 2),  # 3: Stunned: Face Up
        ],
        start="nominate",
    )
    apply_all(game, "nominate L2", "move L2 6,10")
    t2 = model(game, "T2")
    assert (t2.state, t2.pos) == ("face-up", (10.0, 10.0))
    assert not dice_left(game)


def test_insanity_revulsion_no_free_wound_from_an_opponent_not_normal() -> None:
    game = scenario(
        {
            "T2": {"pos": (10.0, 10.0), "lucky_used": True},
            "L1": {"pos": (10.0 + TOUCH, 10.0), "state": "face-up"},
            "L3": (10.0, 10.0 + TOUCH + 4.0),
            "L2": (3.0, 7.0),
            "T1": (2.0, 22.0),
        },
        active=1,
        dice=[("resolve", 1), ("insanity", 4)],
        start="nominate",
    )
    apply_all(game, "nominate L2", "move L2 6,10")
    assert "to-wound" not in [p for p, _ in rolls(game)]
    assert model(game, "T2").pos == pytest.approx((10.0, 5.0))
    assert not dice_left(game)


@pytest.mark.parametrize("face", [5, 6])
def test_insanity_frenzy_free_move_to_closest_enemy_and_double_attacks(face: int) -> None:
    game = scenario(
        ISOLATED,
        dice=[
            ("resolve", 1),
            ("insanity", face),  # Frenzy: 5" towards the Cult Leader, 3" away
            ("close-combat", 1),
            ("close-combat", 1),
            ("close-combat", 1),
            ("close-combat", 2),  # the Agent: A2 doubled: 4 dice: 2 + 2 = 4
            ("close-combat", 3),
            ("close-combat", 1),  # Cult Leader 3 + 1 = 4: Draw
        ],
    )
    apply_all(game, "nominate T2", "move T2 11,10", "no-parry T2")
    assert events(game, "insanity")[0].data == {"result": "Frenzy"}
    cc = [
        (e.roll.model, e.roll.dice)
        for e in game.log
        if e.roll is not None and e.roll.purpose == "close-combat"
    ]
    assert cc == [("T2", "4D6"), ("L1", "2D6")]
    assert game.decision is not None
    assert game.decision.prompt == "Agent (T2): Action 2 of 2"  # the free move used none
    state = game.state
    assert isinstance(state, AeonsState) and state.frenzied == ("T2",)
    assert not dice_left(game)


def test_insanity_frenzy_at_enemies_tied_for_closest_is_its_players_choice_item_70() -> None:
    # The Cultist, last of its side, Frenzies between Frank and the Agent, 6" each way.
    game = scenario(
        {"L2": (10.0, 10.0), "T1": (10.0, 16.0), "T2": (10.0, 4.0)},
        active=1,
        dice=[("resolve", 1), ("insanity", 5)],
        start="nominate",
    )
    apply_all(game, "nominate L2", "pass L2")
    assert events(game, "insanity")[0].data == {"result": "Frenzy"}
    assert game.decision is not None and (game.decision.player, game.decision.kind) == (
        1,
        "closest",
    )
    assert options(game) == ["closest L2 T1", "closest L2 T2"]
    assert not dice_left(game)


def test_insanity_frenzy_double_attacks_this_turn_only() -> None:
    game = scenario(
        ISOLATED,
        dice=[
            ("resolve", 1),
            ("insanity", 5),
            *[("close-combat", 1)] * 4,  # the Agent: 4 dice: 1 + 2 = 3
            ("close-combat", 2),
            ("close-combat", 1),  # Cult Leader 2 + 1 = 3: Draw
            *[("close-combat", 1)] * 4,  # second Action: Charge again with 4 dice
            ("close-combat", 2),
            ("close-combat", 1),  # Draw
            ("close-combat", 2),
            ("close-combat", 1),  # next turn (Lurkers): Cult Leader 3
            ("close-combat", 1),
            ("close-combat", 1),  # the Agent back to 2 dice: 1 + 2 = 3: Draw
        ],
    )
    apply_all(
        game,
        "nominate T2",
        "move T2 11,10",
        "no-parry T2",
        "charge T2 L1",
        "no-parry T2",
        "no-parry T2",
    )
    cc = [
        (e.roll.model, e.roll.dice)
        for e in game.log
        if e.roll is not None and e.roll.purpose == "close-combat"
    ]
    assert cc == [
        ("T2", "4D6"),
        ("L1", "2D6"),
        ("T2", "4D6"),
        ("L1", "2D6"),
        ("L1", "2D6"),
        ("T2", "2D6"),
    ]
    assert not dice_left(game)


def test_insanity_frenzy_move_falls_short() -> None:
    """Rules notes §7.3 E18: the free move goes as far as it can towards the closest enemy."""
    # The Cult Leader is the last Lurker: he tests, fails, and runs at the Agent 9" away.
    game = scenario(
        {
            "L1": (6.0, 10.0),
            "T2": {"pos": (6.0 + TOUCH + 9.0, 10.0), "lucky_used": True},
            "T1": (34.0, 22.0),
        },
        active=1,
        dice=[("resolve", 1), ("insanity", 6)],
    )
    apply_all(game, "nominate L1", "pass L1")
    assert events(game, "resolve")[0].data["situation"] == "last"
    assert model(game, "L1").x == pytest.approx(6.0 + 5.0)
    assert "close-combat" not in [p for p, _ in rolls(game)]
    assert game.decision is not None
    assert game.decision.prompt == "Cult Leader (L1): Action 2 of 2"
    assert not dice_left(game)


def test_r160_a_frenzy_move_short_of_its_target_removes_a_face_down_enemy_it_touches() -> None:
    """R:160: the Frenzy's Move ends touching a Face Down enemy, which it engages: removed."""
    # The Cult Leader, the last Lurker, fails and runs at the Agent across the wall: 5" round
    # its south end, which leaves him short, touching the Face Down Frank (farther than the
    # Agent as the crow flies). Frank is removed; the Agent, now the last, tests (4+).
    wall = board(
        {"id": "wall", "kind": "impassable", "height": 3.0, "polygon": rect(8.0, 4.0, 8.5, 16.0)}
    )
    game = scenario(
        {
            "L1": (6.0, 10.0),
            "T2": {"pos": (10.0, 10.0), "lucky_used": True},
            "T1": {"pos": (6.24, 4.91), "state": "face-down"},
        },
        active=1,
        board=wall,
        dice=[("resolve", 1), ("insanity", 6), ("resolve", 4)],
    )
    apply_all(game, "nominate L1", "pass L1")
    assert model(game, "T1").removed == "Major Injury"
    assert kinds(game)[-5:] == ["insanity", "moved", "helpless", "removed", "resolve"]
    assert events(game, "resolve")[1].models == ("T2",)
    assert "close-combat" not in [p for p, _ in rolls(game)]
    assert not dice_left(game)


def test_r162_a_frenzy_move_short_of_its_target_fights_an_enemy_it_ends_touching() -> None:
    """R:162, R:223: the Frenzy's Move ends short of the Agent, touching Frank: a Move into
    base-to-base is a Charge, and the Cult Leader fights Frank with doubled Attacks."""
    wall = board(
        {"id": "wall", "kind": "impassable", "height": 3.0, "polygon": rect(8.0, 4.0, 8.5, 16.0)}
    )
    game = scenario(
        {
            "L1": (6.0, 10.0),
            "T2": {"pos": (10.0, 10.0), "lucky_used": True},
            "T1": {"pos": (6.24, 4.91), "lucky_used": True},
        },
        active=1,
        board=wall,
        dice=[("resolve", 1), ("insanity", 6), *[("close-combat", 3)] * 7],  # 4 against 4
    )
    apply_all(game, "nominate L1", "pass L1")
    assert events(game, "charge")[0].models == ("L1", "T1")
    cc = [
        (e.roll.model, e.roll.dice)
        for e in game.log
        if e.roll is not None and e.roll.purpose == "close-combat"
    ]
    assert cc == [("L1", "4D6"), ("T1", "3D6")]
    assert events(game, "draw")[0].models == ("L1", "T1")
    assert not dice_left(game)


def test_insanity_frenzy_already_in_contact_fights_at_once() -> None:
    """Frenzy charges the closest enemy (the rulebook's wording, R:223): a model already in
    base-to-base with it, and with no round to follow its test, fights a round at once."""
    # The Agent fights the Cult Leader; the Cultist comes within 3": alone among three
    # enemies, she fails her test and frenzies against the Cult Leader, with doubled Attacks.
    game = scenario(
        {
            "T2": {"pos": (10.0, 10.0), "lucky_used": True},
            "L1": (10.0 + TOUCH, 10.0),
            "L3": (10.0, 10.0 + TOUCH + 4.0),
            "L2": (3.0, 7.0),
            "T1": (2.0, 22.0),
        },
        active=1,
        dice=[
            ("resolve", 1),
            ("insanity", 5),  # Frenzy
            *[("close-combat", 1)] * 4,  # the Agent, 4 dice: 1 + 2 = 3
            ("close-combat", 2),
            ("close-combat", 1),  # the Cult Leader 2 + 1 = 3: a Draw
        ],
        start="nominate",
    )
    apply_all(game, "nominate L2", "move L2 6,10", "no-parry T2")
    cc = [
        (e.roll.model, e.roll.dice)
        for e in game.log
        if e.roll is not None and e.roll.purpose == "close-combat"
    ]
    assert cc == [("T2", "4D6"), ("L1", "2D6")]
    assert events(game, "draw")[0].models == ("T2", "L1")
    assert game.decision is not None
    assert game.decision.prompt == "Cultist (L2): Action 2 of 2"
    assert not dice_left(game)


def test_frenzy_from_a_charge_fights_one_round() -> None:
    """Charge Actions: the round is fought right after the Hideous test, whatever its
    result. A Frenzy rolled in that test fights that one round, with doubled Attacks."""
    game = scenario(
        {
            "L3": (10.0, 10.0),
            "T2": {"pos": (10.0 + TOUCH + 2.0, 10.0), "lucky_used": True},
            "T1": (2.0, 22.0),
            "L1": (34.0, 22.0),
            "L2": (34.0, 2.0),
        },
        active=1,
        dice=[
            ("resolve", 1),  # the Hideous Zombie charges: the Agent fails
            ("insanity", 5),  # Frenzy
            ("to-wound", 1),  # the Unarmed Zombie suffers its hit: 1 + 2 < Con 5
            *[("close-combat", 2)] * 2,  # the Zombie: 2
            *[("close-combat", 1)] * 4,  # the Agent, 4 dice: 1 + 2 = 3: wins by 1
            ("to-wound", 1),  # 1 + 2 < Con 5: a Draw
        ],
    )
    apply_all(game, "nominate L3", "charge L3 T2", "no-parry T2", "wound T2")
    cc = [
        (e.roll.model, e.roll.dice)
        for e in game.log
        if e.roll is not None and e.roll.purpose == "close-combat"
    ]
    assert cc == [("L3", "2D6"), ("T2", "4D6")]
    assert len(events(game, "unarmed")) == 1
    assert [e.kind for e in game.log if e.kind in ("resolve", "insanity", "moved", "unarmed")] == [
        "moved",
        "resolve",
        "insanity",
        "unarmed",
    ]
    assert model(game, "T2").pos == (10.0 + TOUCH + 2.0, 10.0)  # no Frenzy move
    assert events(game, "draw")[0].models == ("T2", "L3")
    assert game.decision is not None
    assert game.decision.prompt == "Zombie (L3): Action 2 of 2"
    assert not dice_left(game)
