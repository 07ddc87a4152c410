"""Morale and Flee (C4.19), leaving the board (C4.20), and the worked example E2."""

from __future__ import annotations

from tests.rulesets.sacred_wire.helpers import (
    TOUCH,
    apply_all,
    board,
    dice_left,
    events,
    kinds,
    options,
    rect,
    rolls,
    scenario,
    script,
    specs,
    text,
)

from skirmish.rulesets.sacred_wire.game.model import TimedEffect
from skirmish.rulesets.sacred_wire.game.morale import Morale
from skirmish.rulesets.sacred_wire.game.movement import FleeMove

# Tobias (A2, Wits 2d4) alone; Sunita (A3) and Dmitri (A5, Wits 2d8) within 3" of each other.
SQUAD_A = {"A2": (3.0, 6.0), "A3": (12.0, 12.0), "A5": (12.0, 14.0), "B1": (20.0, 20.0)}


def test_c4_19_example_e2_boss_down_every_friend_tests() -> None:
    dice = script(
        "wits",
        2,
        3,
        "test",
        4,
        5,  # Tobias: 5 against 9, fails
        "wits",
        4,
        4,
        "test",
        3,
        3,  # Sunita (2d6 +1 DT = 2d8): 8 against 6, holds
        "wits",
        6,
        8,
        "test",
        3,
        5,  # Dmitri (2d8 +1 DT = 2d10): 14 against 8, holds
    )
    game = scenario(SQUAD_A, dice, steps=[Morale(0)])
    assert [e.models[0] for e in events(game, "wits-test")] == ["A2", "A3", "A5"]
    assert [e.data["passed"] for e in events(game, "wits-test")] == [False, True, True]
    assert game.model("A2").fleeing and not game.model("A5").fleeing
    tiers = [e.data["text"] for e in events(game, "tiers")]
    assert tiers[0] == "Wits 2d4; against 2d6 (fixed)"
    assert tiers[2] == 'Wits 2d8 +1 DT friend within 3" (C4.19) -> 2d10; against 2d6 (fixed)'
    assert dice_left(game) == []


def test_c4_19_the_squad_tests_at_once_a_friend_failing_first_still_steadies() -> None:
    # Sunita fails before Dmitri rolls: he tests as she stood when the Boss fell, at 2d10.
    dice = script(
        "wits", 2, 3, "test", 4, 5, "wits", 1, 1, "test", 5, 5, "wits", 6, 8, "test", 3, 5
    )
    game = scenario(SQUAD_A, dice, steps=[Morale(0)])
    assert [e.data["passed"] for e in events(game, "wits-test")] == [False, False, True]
    tiers = [e.data["text"] for e in events(game, "tiers")]
    assert tiers[2] == 'Wits 2d8 +1 DT friend within 3" (C4.19) -> 2d10; against 2d6 (fixed)'
    assert dice_left(game) == []


def test_c4_19_boss_out_of_action_sets_off_the_test() -> None:
    placed = {
        "A1": {"pos": (10.0, 10.0), "health": 1},
        "B2": (10.0, 10.0 + TOUCH),
        "A2": (3.0, 6.0),
        "B1": (20.0, 20.0),
    }
    dice = script("attack", 4, 4, "defense", 2, 3, "damage", 2, "wits", 1, 1, "test", 5, 5)
    game = scenario(placed, dice, act="B2")
    apply_all(game, "fight B2 A1 improvised", "defend A1")
    assert game.model("A1").removed == "out of action"
    assert events(game, "morale")[0].rule == "C4.19"
    assert game.model("A2").fleeing


def test_c4_19_fixed_2d6_takes_no_overflow() -> None:
    # Tobias at 2d4 with a -1 DT on all rolls: still 2d4 against a plain 2d6 (C1.10).
    jam = TimedEffect("tier", -1, "all", 0, 9, "Signal Jam", "R5.1")
    placed = {"A2": {"pos": (3.0, 6.0), "timed": (jam,)}, "B1": (20.0, 20.0)}
    game = scenario(placed, script("wits", 4, 4, "test", 3, 3), steps=[Morale(0)])
    line = events(game, "tiers")[0].data["text"]
    assert line == (
        "Wits 2d4 -1 DT Signal Jam (R5.1) -> 2d4; against 2d6 (fixed); 1 overflow step(s) lost"
    )


def test_c4_19_fleeing_model_retests_and_flees_toward_the_nearest_edge() -> None:
    placed = {"A2": {"pos": (3.0, 12.0), "fleeing": True}, "A1": (20.0, 12.0), "B1": (12.0, 20.0)}
    game = scenario(placed, script("wits", 1, 1, "test", 5, 5), act="A2")
    m = game.model("A2")
    # Failed: a full 3" toward the west edge, no actions.
    assert m.pos == (3.0 - 3.0, 12.0) or m.removed == "left the board"
    assert m.removed == "left the board"  # 2.51" to the edge: it leaves (C4.20)
    assert "performance-review" in m.post_game
    assert game.decision is None


def test_c4_19_fleeing_model_that_passes_acts_normally() -> None:
    placed = {"A2": {"pos": (10.0, 12.0), "fleeing": True}, "A1": (20.0, 12.0), "B1": (12.0, 20.0)}
    game = scenario(placed, script("wits", 4, 4, "test", 1, 2), act="A2")
    assert not game.model("A2").fleeing
    assert "rallies" in kinds(game)
    assert "move A2 <x,y>" in specs(game)


def test_c4_19_flee_move_stops_short_of_a_far_edge() -> None:
    placed = {"A2": {"pos": (10.0, 12.0), "fleeing": True}, "A1": (20.0, 12.0), "B1": (12.0, 20.0)}
    game = scenario(placed, script("wits", 1, 1, "test", 5, 5), act="A2")
    assert game.model("A2").pos == (7.0, 12.0)  # 3" toward the west edge
    assert game.model("A2").removed is None


def test_c4_19_a_flee_with_no_move_left_stays_on_the_table() -> None:
    # Move 0 (its permanent losses): it flees nowhere, and does not leave the board (C4.20).
    placed = {"A1": {"pos": (12.0, 12.0), "fleeing": True, "move_loss": 20}, "B1": (3.0, 21.0)}
    game = scenario(placed, steps=[FleeMove("A1")])
    assert game.model("A1").removed is None
    assert game.model("A1").pos == (12.0, 12.0)
    assert text(game) == "Mara Voss (A1) flees no further: it has no Move left  [C4.19]"


def test_c4_19_a_flee_from_a_roof_ends_where_its_move_does() -> None:
    # The way to the drop from the middle of a wide 3" roof is 6.5": Move 4 ends on the roof.
    stack = {"id": "stack", "kind": "climbable", "height": 3, "polygon": rect(5.0, 5.0, 19.0, 19.0)}
    placed = {"A1": {"pos": (12.0, 12.0), "fleeing": True, "level": "stack"}, "B1": (3.0, 21.0)}
    game = scenario(placed, board=board(stack), steps=[])
    game.begin([FleeMove("A1")])
    m = game.model("A1")
    assert (m.pos, m.level, m.removed) == ((16.0, 12.0), "stack", None)
    assert text(game) == 'Mara Voss (A1) moves 4.0" to 16,12 on stack  [C4.19]'


def test_c4_5_fleeing_model_provokes_no_free_attacks() -> None:
    placed = {
        "A2": {"pos": (5.0, 12.0), "fleeing": True},
        "B5": (5.0 + TOUCH, 12.0),
        "A1": (20.0, 12.0),
        "B1": (12.0, 20.0),
    }
    game = scenario(placed, script("wits", 1, 1, "test", 5, 5), act="A2")
    assert "free-attack" not in kinds(game)


def test_a60_fleeing_model_defends_only() -> None:
    placed = {
        "A2": (10.0, 10.0),
        "B5": {"pos": (10.0, 10.0 + TOUCH), "fleeing": True},
        "A1": (1.0, 1.0),
        "B1": (23.0, 23.0),
    }
    game = scenario(placed, script("attack", 2, 2, "defense", 3, 3), act="A2")
    game.apply("fight A2 B5 sword")
    assert game.decision is not None and game.decision.kind == "act"  # no Riposte offered


def test_c2_4_agent_rerolls_a_failed_wits_test() -> None:
    placed = {"A4": (3.0, 6.0), "B1": (20.0, 20.0)}
    dice = script("wits", 1, 1, "test", 4, 4, "agent-reroll", 5, 6)
    game = scenario(placed, dice, steps=[Morale(0)])
    assert "agent-reroll" in kinds(game)
    assert not game.model("A4").fleeing
    assert dice_left(game) == []


def test_c4_2_boost_and_reroll_on_a_morale_test() -> None:
    placed = {"A2": (3.0, 6.0), "B1": (20.0, 20.0)}
    # No model receives two blessings a round (C4.2): after the Boost the Brute's failed test
    # stands, with no Reroll offered and no re-roll die.
    dice = script("wits", 1, 2, "test", 3, 3)
    game = scenario(placed, dice, steps=[Morale(0)], blessings=(("Boost", "Reroll"), ()))
    assert options(game) == ["bless A2 boost", "no-blessing"]
    game.apply("bless A2 boost")
    assert game.decision is None
    assert "+1 DT Boost" in events(game, "tiers")[0].data["text"]
    assert [purpose for purpose, _ in rolls(game)] == ["wits", "test"]
    assert game.model("A2").fleeing


def test_c1_9_a_morale_test_tied_by_a_reroll_is_rolled_again() -> None:
    # Sunita (A3, Wits 2d6) alone: 1 + 2 against 2 + 3; Reroll turns the 1 into a 3, a tie at
    # the same tier, so both sides roll again (the Wits test the Search shares, wits.py).
    placed = {"A3": (3.0, 6.0), "B1": (20.0, 20.0)}
    dice = script("wits", 1, 2, "test", 2, 3, "blessing-reroll", 3, "wits", 6, 6, "test", 1, 1)
    game = scenario(placed, dice, steps=[Morale(0)], blessings=(("Reroll",), ()))
    assert options(game) == ["reroll A3 1", "reroll A3 2", "no-blessing"]
    game.apply("reroll A3 1")
    assert [e.rule for e in events(game, "tie")] == ["C1.9"]
    # The Reroll's event names the Wits roll it changes (its die is drawn for the blessing).
    assert [purpose for purpose, _ in rolls(game)] == ["wits", "test", "wits", "wits", "test"]
    assert [e.rule for e in game.log if e.roll is not None and e.roll.purpose == "wits"] == [
        "C4.19",
        "C4.2",
        "C4.19",
    ]
    (test,) = events(game, "wits-test")
    assert test.data == {"reason": "morale", "passed": True, "total": 12, "against": 2}
    assert not game.model("A3").fleeing
    assert dice_left(game) == []
