"""Movement (C4.4), vertical movement, falling, knockback and AP (C4.6), with the worked example
E13 of notes section 3."""

from __future__ import annotations

import pytest
from tests.rulesets.sacred_wire.helpers import (
    TOUCH,
    R,
    apply_all,
    board,
    dice_left,
    events,
    rect,
    scenario,
    script,
    specs,
    unchanged,
)

from skirmish.rulesets.sacred_wire.game.casualties import fall
from skirmish.rulesets.sacred_wire.game.movement import move_error, push
from skirmish.rulesets.sacred_wire.game.setup import ScoutMoves

AWAY = {"A5": (1.0, 1.0), "B1": (23.0, 23.0)}
GANTRY = {
    "id": "gantry",
    "kind": "climbable",
    "height": 2.0,
    "cover": "heavy",
    "polygon": rect(8.0, 8.0, 16.0, 12.0),
}
TOWER = {
    "id": "tower",
    "kind": "climbable",
    "height": 8.0,
    "cover": "heavy",
    "polygon": rect(8.0, 8.0, 16.0, 12.0),
}
ROCK = {"id": "rock", "kind": "impassable", "height": 3.0, "polygon": rect(9.0, 4.0, 15.0, 6.0)}
FOOT = 8.0 - R - 0.02  # a base touching the south wall, on the ground
TOP = 8.0 + R + 0.02  # a base at the south edge, on the top


def test_c4_4_move_up_to_move_from_the_base_edge() -> None:
    game = scenario({"A1": (5.0, 5.0), **AWAY}, act="A1")  # the Boss: Move 4"
    unchanged(
        game,
        "move A1 9.01,5",
        r'too far: the point is 4\.01" away in a straight line, Move 4" \(C4\.4\)$',
    )
    game.apply("move A1 9,5")
    assert game.model("A1").pos == (9.0, 5.0)
    assert events(game, "moved")[0].data["length"] == 4.0
    assert events(game, "moved")[0].rule == "C4.4"


def test_c4_4_brute_moves_three_despite_armour() -> None:
    game = scenario({"A2": (5.0, 5.0), **AWAY}, act="A2")  # Mesh Wrap -1" ignored (notes A22)
    unchanged(game, "move A2 8.1,5", r'too far: the point is 3\.10" away .*, Move 3"')
    game.apply("move A2 8,5")


def test_c4_4_no_moving_through_bases_or_impassable_terrain() -> None:
    placed = {"A1": (12.0, 3.0), **AWAY}
    game = scenario(placed, act="A1", board=board(ROCK))
    unchanged(  # straight through the rock: the way round is longer
        game,
        "move A1 12,7",
        r'no path within 4": rock blocks the straight line: the way round is 9\.69"',
    )
    placed = {"A1": (5.0, 5.0), "A2": (7.0, 5.0), **AWAY}
    game = scenario(placed, act="A1")
    unchanged(
        game,
        "move A1 9,5",
        r'no path within 4": Tobias Valdez \(A2\) blocks the straight line: the way round is '
        r'4\.51"',
    )
    game.apply("move A1 8.3,5")
    assert events(game, "moved")[0].data["length"] > 3.3


def test_c4_4_a_way_is_planned_anew_wherever_the_bases_stand() -> None:
    """A move's way is worked out once per placement of the models: a base put in the way,
    by hand or in a clone, is met by the next question, and the game it left keeps its way."""
    game = scenario({"A1": (5.0, 5.0), **AWAY}, act="A1")
    a1 = game.model("A1")
    assert move_error(game, a1, (8.0, 5.0), "move") is None
    twin = game.clone()
    twin.model("A5").x, twin.model("A5").y = 8.0, 5.0
    assert "overlap Dmitri Osei (A5)" in str(move_error(twin, twin.model("A1"), (8.0, 5.0), "move"))
    assert move_error(game, a1, (8.0, 5.0), "move") is None
    game.model("A5").x, game.model("A5").y = 8.0, 5.0
    assert "overlap Dmitri Osei (A5)" in str(move_error(game, a1, (8.0, 5.0), "move"))


def test_c4_6_climb_costs_two_inches_per_inch() -> None:
    # The Boss (Move 4") at the foot of a 2" gantry: 4" of climbing reaches the top edge.
    placed = {"A1": (12.0, FOOT), **AWAY}
    game = scenario(placed, act="A1", board=board(GANTRY))
    unchanged(
        game,
        "move A1 12,9.2",
        r'the way there is 4\.69", climbing 2" onto gantry at 2" per 1" \(C4\.6\)$',
    )
    game.apply(f"move A1 12,{TOP:.2f}")
    m = game.model("A1")
    assert m.level == "gantry"
    assert events(game, "moved")[0].rule == "C4.6"


def test_c4_6_climb_must_be_finished_in_one_move() -> None:
    # A 3" stack costs 6": the Boss cannot get up in one move (no partial climbs, notes A16).
    stack = {**GANTRY, "id": "stack", "height": 3.0}
    game = scenario({"A1": (12.0, FOOT), **AWAY}, act="A1", board=board(stack))
    unchanged(game, f"move A1 12,{TOP:.2f}", r'the way there is 6\.00", climbing 3" onto stack')


def test_r3_10_grapple_climbs_for_free_up_to_three_inches() -> None:
    stack = {**GANTRY, "id": "stack", "height": 3.0}
    placed = {"A1": {"pos": (12.0, FOOT), "gear": ("Grapple",)}, **AWAY}
    game = scenario(placed, act="A1", board=board(stack))
    game.apply("move A1 12,11")
    assert game.model("A1").level == "stack"


def test_c4_6_jump_down_is_free_up_to_three_inches() -> None:
    placed = {"A1": (12.0, TOP), **AWAY}
    game = scenario(placed, act="A1", board=board(GANTRY))
    game.apply("move A1 12,4.5")  # 2" drop: no cost, no damage
    m = game.model("A1")
    assert m.level is None and m.pos == (12.0, 4.5)
    assert "fell" not in [e.kind for e in game.log]
    assert dice_left(game) == []


def test_c4_6_falling_damage_past_three_inches() -> None:
    # From 8" up: a move climbs down (16"; too far), a jump is free and falls: 8" is 2d6.
    placed = {"A1": (12.0, TOP), **AWAY}
    game = scenario(placed, script("fall", 3, 5), act="A1", board=board(TOWER))
    unchanged(
        game, "move A1 12,6", r'17\.49", climbing down at 2" per 1" from tower \(8"\) \(C4\.6\)$'
    )
    assert "jump A1 <x,y>" in specs(game)
    game.apply("jump A1 12,6")
    assert events(game, "fell")[0].data == {"height": 8.0, "dice": 2}
    assert game.model("A1").health == 16 - 8  # armour does not help (notes A14)


@pytest.mark.parametrize(
    ("height", "dice"),
    [(3.0, 0), (3.1, 1), (6.0, 1), (6.1, 2), (9.0, 2), (9.1, 3), (12.0, 3), (13.0, 4)],
)
def test_c4_6_falling_dice_by_height(height: float, dice: int) -> None:
    game = scenario({"A1": (5.0, 5.0), **AWAY}, script("fall", *([1] * dice)))
    fall(game, game.model("A1"), height)
    assert events(game, "fell")[0].data["dice"] == dice
    assert dice_left(game) == []


def test_c4_6_jump_a_gap_of_up_to_two_inches() -> None:
    west = {"id": "west", "kind": "climbable", "height": 2.0, "polygon": rect(4.0, 8.0, 8.0, 12.0)}
    east = {"id": "east", "kind": "climbable", "height": 2.0, "polygon": rect(9.5, 8.0, 13.5, 12.0)}
    far = {"id": "far", "kind": "climbable", "height": 2.0, "polygon": rect(10.5, 8.0, 14.0, 12.0)}
    x = 8.0 - R - 0.02
    game = scenario({"A1": (x, 10.0), **AWAY}, act="A1", board=board(west, east))
    game.apply(f"move A1 {9.5 + R + 0.02:.2f},10")  # 1.5" across
    assert game.model("A1").level == "east"
    game = scenario({"A1": (x, 10.0), **AWAY}, act="A1", board=board(west, far))
    unchanged(  # 2.5": too far to jump
        game, f"move A1 {10.5 + R + 0.02:.2f},10", r'no gap of 2" or less to jump from west to far'
    )


def test_c4_6_a_gap_jump_costs_the_centres_flight_with_the_bases_width() -> None:
    # A 2" gap: the Boss's centre flies 2" and its base's width (1.02") from top to top.
    west = {"id": "west", "kind": "climbable", "height": 2.0, "polygon": rect(4.0, 4.0, 8.0, 20.0)}
    east = {**west, "id": "east", "polygon": rect(10.0, 4.0, 14.0, 20.0)}
    game = scenario({"A1": (8.0 - R - 0.02, 12.0), **AWAY}, act="A1", board=board(west, east))
    unchanged(
        game,
        "move A1 12.41,12",
        r'no path within 4": the way there is 4\.92", jumping from west to east at 1" per 1" '
        r"\(C4\.6\)$",
    )
    game.apply("move A1 11.45,12")
    assert game.model("A1").level == "east"
    assert events(game, "moved")[0].data["length"] == 3.96


def test_c4_6_a_move_climbs_over_a_low_wall_and_jumps_down_beyond() -> None:
    # A 1" wall 0.5" thick: 2" of climbing, 1.52" across foot to foot, a free drop, 0.28" on.
    wall = {
        "id": "wall",
        "kind": "climbable",
        "height": 1.0,
        "polygon": rect(10.0, 4.0, 10.5, 20.0),
    }
    placed = {"A1": (10.0 - R - 0.02, 12.0), **AWAY}
    game = scenario(placed, act="A1", board=board({**wall, "height": 2.0}))
    unchanged(  # 2" high: 4" of climbing alone
        game,
        "move A1 11.29,12",
        r'no path within 4": the way there is 5\.80", climbing 2" over wall \(C4\.6\)$',
    )
    game = scenario(placed, act="A1", board=board(wall))
    game.apply("move A1 11.29,12")
    m = game.model("A1")
    assert m.pos == (11.29, 12.0) and m.level is None
    assert [(e.rule, e.data["length"]) for e in events(game, "moved")] == [("C4.6", 3.8)]
    assert "fell" not in [e.kind for e in game.log]


def test_c4_6_no_jumping_up() -> None:
    low = {"id": "low", "kind": "climbable", "height": 1.0, "polygon": rect(4.0, 8.0, 8.0, 12.0)}
    high = {"id": "high", "kind": "climbable", "height": 2.0, "polygon": rect(9.0, 8.0, 13.0, 12.0)}
    game = scenario({"A1": (8.0 - R - 0.02, 10.0), **AWAY}, act="A1", board=board(low, high))
    unchanged(
        game,
        f"move A1 {9.0 + R + 0.02:.2f},10",
        r'no jumping up from low \(1"\) to high \(2", C4\.6, notes A16\)$',
    )


def test_c4_6_example_e13_mace_knocks_a_gunner_off_an_eight_inch_gantry() -> None:
    # Mace d6 (+1 Brute), Knockback 1": the Gunner at the edge falls 8": 2d6 = 3 + 5 = 8.
    y = 12.0 - R - 0.3
    placed = {
        "A2": {"pos": (12.0, y - TOUCH), "weapons": ("Mace",)},
        "B2": (12.0, y),
        **AWAY,
    }
    dice = script("attack", 5, 6, "defense", 3, 3, "damage", 3, "fall", 3, 5)
    game = scenario(placed, dice, act="A2", board=board(TOWER))
    game.apply("fight A2 B2 mace")
    gunner = game.model("B2")
    assert gunner.level is None and gunner.y > 12.0
    assert events(game, "pushed")[0].rule == "C4.6"
    assert events(game, "fell")[0].data == {"height": 8.0, "dice": 2}
    assert gunner.health == 14 - (3 + 1) - 8
    assert dice_left(game) == []


def test_c4_6_knockback_stops_at_obstacles_and_bases() -> None:
    placed = {
        "A1": (12.0, 3.0),
        "B2": (12.0, 3.0 + TOUCH),
        "B3": (12.0, 3.0 + 2 * TOUCH + 0.5),
        **AWAY,
    }
    game = scenario(placed)
    push(game, game.model("B2"), (0.0, 1.0), 2.0, "C4.6")
    assert game.model("B2").y == pytest.approx(3.0 + TOUCH + 0.5)
    game = scenario({"A1": (12.0, 1.5), "B2": (12.0, 1.5 + TOUCH), **AWAY}, board=board(ROCK))
    push(game, game.model("B2"), (0.0, 1.0), 2.0, "C4.6")
    assert game.model("B2").y == pytest.approx(4.0 - R, abs=0.01)


def test_r3_10_mag_boots_and_padded_vest_against_knockback() -> None:
    y = 10.0
    placed = {
        "A2": {"pos": (12.0, y - TOUCH), "weapons": ("Mace",)},
        "B2": {"pos": (12.0, y), "gear": ("Mag Boots",)},
        **AWAY,
    }
    # 11 against 7: a plain hit (a Double would deal maximum damage without a damage die).
    dice = script("attack", 5, 6, "defense", 4, 3, "damage", 3)
    game = scenario(placed, dice, act="A2")
    game.apply("fight A2 B2 mace")
    assert game.model("B2").pos == (12.0, y)
    assert game.model("B2").health == 14 - (3 + 1)  # the Brute's +1 (C2.4)
    placed["B2"] = {"pos": (12.0, y), "armor": "Padded Vest"}
    game = scenario(placed, dice, act="A2")
    game.apply("fight A2 B2 mace")
    assert game.model("B2").pos == (12.0, y)  # 1" - 1" = no push
    assert game.model("B2").health == 14 - (3 + 1 - 1)  # the vest's reduction 1 (R3.6)


def test_c4_6_ap_ignores_armour() -> None:
    placed = {
        "A2": {"pos": (12.0, 10.0 - TOUCH), "weapons": ("Corrosive Blade",)},
        "B2": {"pos": (12.0, 10.0), "armor": "Standard Cuirass"},
        **AWAY,
    }
    dice = script("attack", 5, 6, "defense", 3, 3, "damage", 4)
    game = scenario(placed, dice, act="A2")
    game.apply("fight A2 B2 corrosive-blade")
    assert game.model("B2").health == 14 - (4 + 1 - (2 - 1))


def test_c2_4_zealot_moves_two_more_to_end_engaged() -> None:
    placed = {"A3": (5.0, 5.0), "B2": (5.0, 5.0 + 7.5 + TOUCH), **AWAY}
    game = scenario(placed, act="A3")
    unchanged(
        game,
        "move A3 5,11",
        r'no path within 5" \(\+2" to end Engaged, C2\.4\): the way there is 6\.00" and does '
        r"not end Engaged \(C4\.4\)$",
    )
    game.apply("move A3 5,11.6")  # ends within 1" of the Gunner: 6.6" of 5" + 2"
    assert game.model("A3").pos == (5.0, 11.6)


def test_c4_3_aim_is_lost_when_the_aimer_moves() -> None:
    placed = {"B2": (10.0, 4.0), "A4": (10.0, 9.5), **AWAY}
    game = scenario(placed, act="B2")
    game.apply("aim B2 A4")
    assert game.model("B2").aim == "A4"
    game.apply("move B2 11,4")
    assert game.model("B2").aim == ""


def test_c4_3_aim_gives_plus_one_on_the_next_shot() -> None:
    placed = {"B2": {"pos": (10.0, 4.0), "aim": "A4"}, "A4": (10.0, 9.5), **AWAY}
    game = scenario(placed, script("attack", 2, 2, "defense", 3, 3), act="B2")
    game.apply("shoot B2 A4 pistol")
    line = next(e for e in events(game, "resolution") if e.rule == "C1.10").data["text"]
    assert "+1 DT aimed (C4.3)" in line
    assert game.model("B2").aim == ""


def test_c4_3_aim_after_moving_holds_for_the_shot() -> None:
    # Move, then Aim, then shoot with the Overtime bonus action: the Aim came after the move,
    # so it holds (+1 DT, C4.3) and the shot is on the move (-1 DT, C4.10); the odds command
    # takes --moved --aim together for this case.
    placed = {"B5": (10.0, 2.0), "A4": (10.0, 9.5), **AWAY}
    dice = script("attack", 2, 2, "defense", 3, 3)
    game = scenario(placed, dice, act="B5", blessings=((), ("Overtime",)))
    apply_all(game, "bless B5 overtime", "move B5 10,4", "aim B5 A4", "shoot B5 A4 pistol")
    line = next(e for e in events(game, "resolution") if e.rule == "C1.10").data["text"]
    assert "-1 DT moved this activation (C4.10)" in line and "+1 DT aimed (C4.3)" in line
    assert dice_left(game) == []


def test_c4_20_moving_off_the_board_leaves_it() -> None:
    game = scenario({"A1": (5.0, 2.0), **AWAY}, act="A1")
    game.apply("move A1 5,-1")
    m = game.model("A1")
    assert m.removed == "left the board"
    assert "performance-review" in m.post_game
    assert events(game, "left-board")[0].rule == "C4.20"


def test_c4_20_a_model_up_on_a_crate_jumps_down_and_walks_off_the_board() -> None:
    # No room for a base west of the crate: down its south wall, then 1" west to the edge.
    crate = {"id": "crate", "kind": "climbable", "height": 1.0, "polygon": rect(0.5, 4.0, 4.0, 8.0)}
    game = scenario({"A1": (1.0 + R, 6.0), **AWAY}, act="A1", board=board(crate))
    assert game.model("A1").level == "crate"
    game.apply("move A1 -1,6")
    m = game.model("A1")
    assert m.removed == "left the board"
    assert [(e.rule, e.data["length"]) for e in events(game, "moved")] == [("C4.20", 2.23)]
    assert events(game, "left-board")[0].rule == "C4.20"


def test_c4_20_a_jump_off_a_tower_falls_before_the_model_leaves_the_board() -> None:
    tower = {**TOWER, "polygon": rect(8.0, 2.0, 16.0, 6.0)}
    placed = {"A1": (12.0, 2.0 + R + 0.02), **AWAY}
    game = scenario(placed, script("fall", 3, 5), act="A1", board=board(tower))
    unchanged(  # a move climbs down 8": 16"
        game,
        "move A1 12,-1",
        r'no path within 4": the way there is 17\.00", climbing down at 2" per 1" from tower '
        r'\(8"\) \(C4\.6\)$',
    )
    game.apply("jump A1 12,-1")
    m = game.model("A1")
    assert events(game, "fell")[0].data == {"height": 8.0, "dice": 2}
    assert m.health == 16 - 8 and m.removed == "left the board"
    assert dice_left(game) == []


def test_scout_move_after_deployment_limits() -> None:
    placed = {"B4": (10.0, 21.0), "A1": (12.0, 17.5), **AWAY}
    game = scenario(placed, steps=[ScoutMoves()])
    game.state.deployed = ("B4", "A1")
    game.stack.clear()
    game.begin([ScoutMoves()])
    unchanged(  # 2.69" away, but 0.43" from the Boss (notes A20)
        game,
        "scout-move B4 11,18.5",
        r"^illegal action 'scout-move B4 11,18\.5': the Scout's move may not end within 1\" of "
        r"an enemy: Mara Voss \(A1\) would be 0\.43\" away \(notes A20\)$",
    )
    unchanged(game, "scout-move B4 10,17.9", r'too far: the point is 3\.10" away .*, Move 3"')
    apply_all(game, "scout-move B4 10,18")
    assert game.model("B4").pos == (10.0, 18.0)
    assert [(e.rule, e.data["how"]) for e in events(game, "moved")] == [("C2.4", "scout")]
