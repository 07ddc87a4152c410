"""Movement: Move up to M, bases, rough and impassable terrain, ladders, Charges by moving,
and leaving the table."""

from __future__ import annotations

import pytest
from tests.rulesets.strange_aeons.helpers import (
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
from tests.rulesets.strange_aeons.rulebook import agent, book, cc

# Everyone but the mover far away (no Command range, no psychology).
AWAY = {"T1": (2.0, 22.0), "L1": (34.0, 22.0), "L2": (34.0, 12.0), "L3": (34.0, 2.0)}


def test_move_up_to_movement_characteristic() -> None:
    game = scenario({"T2": (10.0, 10.0), **AWAY})
    game.apply("nominate T2")
    refused(game, "move T2 15.1,10", 'the point is 5.1" away, more than the 5" allowed')
    game.apply("move T2 15,10")
    assert model(game, "T2").pos == (15.0, 10.0)
    assert events(game, "moved")[0].data == {"to": [15.0, 10.0], "length": 5.0}
    refused(game, "move T2 18,14.1", 'the point is 5.09" away, more than the 5" allowed')
    game.apply("move T2 18,14")  # 5" exactly
    assert model(game, "T2").pos == (18.0, 14.0)


def test_move_zombie_moves_3() -> None:
    game = scenario(
        {
            "L3": (10.0, 10.0),
            "T1": (2.0, 22.0),
            "T2": (6.0, 22.0),
            "L1": (34.0, 22.0),
            "L2": (34.0, 2.0),
        },
        active=1,
    )
    game.apply("nominate L3")
    refused(game, "move L3 13.1,10", 'the point is 3.1" away, more than the 3" allowed')
    game.apply("move L3 13,10")
    assert model(game, "L3").pos == (13.0, 10.0)


def test_move_never_through_another_base() -> None:
    # Frank stands in the way: the Agent must walk round his base, which takes more than 5".
    game = scenario(
        {
            "T2": (10.0, 10.0),
            "T1": (12.5, 10.0),
            "L1": (34.0, 22.0),
            "L2": (34.0, 12.0),
            "L3": (34.0, 2.0),
        }
    )
    apply_all(game, "nominate T2")
    refused(
        game, "move T2 15,10", 'no path within 5": T1 blocks the way, the shortest path is 5.41"'
    )
    game.apply("move T2 14.5,10")
    length = events(game, "moved")[0].data["length"]
    assert length > 4.5  # a detour round the base, not the straight 4.5"
    assert length <= 5.0


def test_move_never_through_an_enemy_base() -> None:
    game = scenario(
        {
            "T2": (10.0, 10.0),
            "L2": (12.5, 10.0),
            "T1": (2.0, 22.0),
            "L1": (34.0, 22.0),
            "L3": (34.0, 2.0),
        }
    )
    apply_all(game, "nominate T2")
    refused(
        game, "move T2 15,10", 'no path within 5": L2 blocks the way, the shortest path is 5.41"'
    )


def test_move_ending_on_another_base_is_illegal() -> None:
    game = scenario(
        {
            "T2": (10.0, 10.0),
            "T1": (13.0, 10.0),
            "L1": (34.0, 22.0),
            "L2": (34.0, 12.0),
            "L3": (34.0, 2.0),
        }
    )
    game.apply("nominate T2")
    if game.decision is not None and game.decision.kind == "command":
        game.apply("done")
    refused(game, "move T2 13.5,10", "the base would overlap T1")


ROUGH = board({"id": "rubble", "kind": "rough", "height": 1.0, "polygon": rect(12, 0, 13, 24)})
ROUGH_COST = 'no path within 5": rough terrain on the path costs 2", leaving 3" for a 3.5" path'


def test_rough_terrain_costs_2_movement() -> None:
    """A Move whose path touches rough terrain has 2" less (rules notes item 50)."""
    game = scenario({"T2": (10.0, 10.0), **AWAY}, board=ROUGH)
    game.apply("nominate T2")
    refused(game, "move T2 13.5,10", ROUGH_COST)  # 3.5" touching rough: more than 5 - 2
    game.apply("move T2 13,10")  # 3" touching rough
    assert model(game, "T2").pos == (13.0, 10.0)
    # Still in contact with the rubble: the next Move is short by 2" as well.
    refused(game, "move T2 16.5,10", ROUGH_COST)
    game.apply("move T2 16,10")
    assert model(game, "T2").pos == (16.0, 10.0)


def test_rough_terrain_not_touched_costs_nothing() -> None:
    game = scenario({"T2": (6.5, 10.0), **AWAY}, board=ROUGH)
    game.apply("nominate T2")
    game.apply(f"move T2 {12 - R - 0.015:.2f},10")  # 4.99", stopping just short of the rubble
    assert model(game, "T2").pos == (11.49, 10.0)


def test_i3_the_default_boards_shell_crater_is_open_ground() -> None:
    """A crater 0.3" deep is under 1" high: open ground, a full Move across it (I:3, R:165)."""
    game = scenario({"T2": (27.0, 7.5), **AWAY}, board="default")
    game.apply("nominate T2")
    game.apply("move T2 32,7.5")  # 5" straight across the crater
    assert model(game, "T2").pos == (32.0, 7.5)


def test_rough_terrain_a_detour_round_it_is_a_full_move() -> None:
    small = board(
        {"id": "rubble", "kind": "rough", "height": 1.0, "polygon": rect(12, 9.5, 13, 10.5)}
    )
    game = scenario({"T2": (10.0, 10.0), **AWAY}, board=small)
    game.apply("nominate T2")
    # Straight through the rubble costs 3.8 + 2 = 5.8; round it, about 4.5".
    game.apply("move T2 13.8,10")
    moved = events(game, "moved")[0].data["length"]
    assert 3.8 < moved <= 5.0


IMPASSABLE = board(
    {"id": "pool", "kind": "impassable", "height": 0.0, "polygon": rect(12, 6, 14, 14)}
)


def test_impassable_terrain_is_never_entered() -> None:
    game = scenario({"T2": (10.0, 10.0), **AWAY}, board=IMPASSABLE)
    game.apply("nominate T2")
    refused(game, "move T2 13,10", "the base would overlap the pool (impassable)")
    refused(game, f"move T2 {12 - R + 0.1:.2f},10", "the base would overlap the pool")
    refused(
        game,
        "move T2 15,10",
        'no path within 5": the pool blocks the way, the shortest path is 11.91"',
    )
    game.apply(f"move T2 {12 - R:.2f},10")  # up to its edge
    assert model(game, "T2").x == pytest.approx(12 - R, abs=0.01)


TOWER = {"id": "tower", "kind": "climbable", "height": 3.0, "polygon": rect(20, 10, 24, 14)}
LADDER = {"id": "lad", "terrain": "tower", "foot": [22.0, 9.4], "top": [22.0, 10.6]}


def test_ladder_climbs_up_to_6_and_back_down() -> None:
    game = scenario({"T2": (22.0, 9.4), **AWAY}, board=board(TOWER, ladders=(LADDER,)))
    game.apply("nominate T2")
    assert "climb T2 lad" in options(game)
    game.apply("climb T2 lad")
    t2 = model(game, "T2")
    assert (t2.pos, t2.level) == ((22.0, 10.6), "tower")
    assert events(game, "climbed")[0].data == {"ladder": "lad", "up": True}
    game.apply("climb T2 lad")
    assert (model(game, "T2").pos, model(game, "T2").level) == ((22.0, 9.4), None)


def test_ladder_higher_than_6_cannot_be_climbed() -> None:
    tall = {**TOWER, "height": 6.5}
    game = scenario({"T2": (22.0, 9.4), **AWAY}, board=board(tall, ladders=(LADDER,)))
    game.apply("nominate T2")
    assert "climb T2 lad" not in options(game)
    refused(game, "climb T2 lad", 'ladder lad is 6.5" high: a Move climbs 6" at most')


def test_ladder_blocked_by_a_model_at_either_end() -> None:
    ladders = board(TOWER, ladders=(LADDER,))
    # A model on the roof at the top of the ladder blocks it.
    game = scenario(
        {
            "T2": (22.0, 9.4),
            "L2": {"pos": (22.0, 10.6), "level": "tower"},
            "T1": (2.0, 22.0),
            "L1": (34.0, 22.0),
            "L3": (34.0, 2.0),
        },
        board=ladders,
    )
    game.apply("nominate T2")
    assert "climb T2 lad" not in options(game)
    refused(game, "climb T2 lad", "L2 blocks ladder lad at its top")
    # A model at the foot blocks the way down.
    game = scenario(
        {
            "T2": {"pos": (22.0, 10.6), "level": "tower"},
            "L2": (22.0, 9.4),
            "T1": (2.0, 22.0),
            "L1": (34.0, 22.0),
            "L3": (34.0, 2.0),
        },
        board=ladders,
    )
    game.apply("nominate T2")
    assert "climb T2 lad" not in options(game)


def test_ladder_clear_once_the_blocking_model_moves() -> None:
    game = scenario(
        {
            "T2": (22.0, 9.4),
            "L2": {"pos": (22.0, 12.0), "level": "tower"},
            "T1": (2.0, 22.0),
            "L1": (34.0, 22.0),
            "L3": (34.0, 2.0),
        },
        board=board(TOWER, ladders=(LADDER,)),
    )
    game.apply("nominate T2")
    assert "climb T2 lad" in options(game)  # the Cultist on the roof is clear of the top


def test_move_stays_on_its_surface() -> None:
    game = scenario(
        {"T2": {"pos": (22.0, 12.0), "level": "tower"}, **AWAY},
        board=board(TOWER, ladders=(LADDER,)),
    )
    game.apply("nominate T2")
    refused(game, "move T2 22,16", "the point is on the ground, T2 on the tower: a Move stays")
    refused(game, "move T2 23.7,13", "the base would hang over the edge of the tower")
    refused(game, "move T2 -1,12", "T2 is on the tower: a model leaves the table from the ground")
    refused(game, "climb T2 lad", "T2 is at neither end of ladder lad")
    game.apply("move T2 23,13")
    assert (model(game, "T2").pos, model(game, "T2").level) == ((23.0, 13.0), "tower")


def test_move_ending_in_base_to_base_is_a_charge() -> None:
    game = scenario(
        {
            "T1": (10.0, 10.0),
            "L2": (14.0, 10.0),
            "T2": (2.0, 22.0),
            "L1": (34.0, 22.0),
            "L3": (34.0, 2.0),
        },
        dice=[
            ("to-wound", 1),  # the Unarmed Cultist suffers a hit: 1 + 1 < Con 5
            ("close-combat", 1),
            ("close-combat", 1),
            ("close-combat", 3),  # Frank 3 + 1 = 4
            ("close-combat", 4),  # Cultist 4: a Draw
        ],
    )
    game.apply("nominate T1")
    game.apply(f"move T1 {14 - TOUCH:.2f},10")
    charge = events(game, "charge")[0]
    assert (charge.rule, charge.models) == ("Charge Actions", ("T1", "L2"))
    assert kinds(game)[1:] == ["moved", "charge", "unarmed", "no-wound", "combat-totals", "draw"]
    assert not dice_left(game)


# T1 moves from (16.5, 10) to (20, 10), touching L1 and L2 there.
TWO_FOES = {"T1": (16.5, 10.0), "L1": (20.0 + TOUCH, 10.0), "L2": (20.0, 10.0 + TOUCH)}


def test_r155_a_move_touching_two_enemies_fights_the_one_its_player_chooses() -> None:
    """R:155, R:162, notes §5.6: the mover's player chooses which of the two it fights."""
    game = book(
        agent("T1"),
        agent("L1"),
        agent("L2"),
        placed=TWO_FOES,
        dice=cc(3, 3, 3, 3, 2),  # T1 3 + 1 against L2 (+1 die for L1) 3 + 1: a Draw
    )
    apply_all(game, "nominate T1", "move T1 20,10")
    assert game.decision is not None
    assert (game.decision.kind, game.decision.player) == ("foe", 0)
    assert options(game) == ["foe T1 L1", "foe T1 L2"]
    game.apply("foe T1 L2")
    assert events(game, "charge")[0].models == ("T1", "L2")
    rolled = [(e.roll.model, e.roll.dice) for e in game.log if e.roll is not None]
    assert rolled == [("T1", "2D6"), ("L2", "3D6")]
    assert events(game, "draw")[0].models == ("T1", "L2")
    assert not dice_left(game)


def test_r160_a_move_touching_a_face_down_enemy_fights_the_other_it_touches() -> None:
    """R:160, R:162: the Face Down L1 is removed at once; the Normal L2 is fought."""
    game = book(
        agent("T1"),
        agent("L1"),
        agent("L2"),
        placed=TWO_FOES,
        dice=[("resolve", 6), ("resolve", 6), *cc(3, 3, 3, 3)],  # L2's tests; 4 against 4
    )
    model(game, "L1").state = "face-down"
    apply_all(game, "nominate T1", "move T1 20,10")
    assert model(game, "L1").removed is not None
    assert events(game, "charge")[0].models == ("T1", "L2")
    assert events(game, "draw")[0].models == ("T1", "L2")
    assert not dice_left(game)


def test_charge_only_within_movement() -> None:
    game = scenario(
        {
            "T1": (10.0, 10.0),
            "L2": (10.0 + TOUCH + 5.1, 10.0),
            "T2": (2.0, 22.0),
            "L1": (34.0, 22.0),
            "L3": (34.0, 2.0),
        }
    )
    game.apply("nominate T1")
    assert "charge T1 L2" not in options(game)
    refused(game, "charge T1 L2", 'L2 is 5.1" away, more than the 5" of a Charge')


def test_leaving_the_table_by_a_move_beyond_the_edge_is_a_minor_injury() -> None:
    # A third Threshold model far away, so that Frank is not the last of his side.
    game = scenario(
        {
            "T2": (3.0, 10.0),
            "T3": {"pos": (20.0, 22.0), "profile": "agent"},
            **{**AWAY, "T1": (6.0, 14.0)},
        }
    )
    game.apply("nominate T2")
    game.apply("move T2 -1,10")
    t2 = model(game, "T2")
    assert t2.removed == "Minor Injury"
    removed = events(game, "removed")[0]
    assert (removed.rule, removed.data) == ("Leaving the Table", {"reason": "Minor Injury"})
    # Leaving the table is no removal "due to Injury": Frank, 5" away and in sight, does
    # not test his Resolve.
    assert "resolve" not in kinds(game)
    assert not dice_left(game)


def test_leaving_the_table_needs_the_edge_within_movement() -> None:
    game = scenario({"T2": (6.0, 10.0), **AWAY})
    game.apply("nominate T2")
    refused(game, "move T2 -1,10", 'the west edge is 5.51" away, more than the 5" allowed')


def test_leaving_the_table_last_model_ends_the_fight() -> None:
    game = scenario({"T2": (3.0, 10.0), "L1": (34.0, 22.0)})
    game.apply("nominate T2")
    refused(game, "move T2 3,-2", 'the south edge is 9.51" away, more than the 5" allowed')
    game.apply("move T2 -1,10")
    assert game.result is not None
    assert (game.result.winner, game.result.rule) == (1, "Fight: last side standing")


def test_charge_through_rough_terrain_costs_2() -> None:
    """A Charge is a Move: across the rubble the Cultist 4" away is out of reach (4 + 2 > 5)."""
    placed = {"T1": (10.0, 10.0), "T2": (2.0, 22.0), "L1": (34.0, 22.0), "L3": (34.0, 2.0)}
    game = scenario({**placed, "L2": (10.0 + TOUCH + 4.0, 10.0)}, board=ROUGH)
    game.apply("nominate T1")
    assert "charge T1 L2" not in options(game)
    reason = 'no path into base-to-base with L2 within 5" (rough terrain costs 2")'
    refused(game, "charge T1 L2", reason)
    game = scenario({**placed, "L2": (10.0 + TOUCH + 2.9, 10.0)}, board=ROUGH)
    game.apply("nominate T1")
    assert "charge T1 L2" in options(game)


def test_move_refused_names_what_is_in_the_way() -> None:
    """A Move or Charge that no legal path allows is refused with what stands in the way."""
    yard = board(
        {"id": "yard-w", "kind": "impassable", "height": 3.0, "polygon": rect(14, 8, 14.3, 14)},
        {"id": "yard-e", "kind": "impassable", "height": 3.0, "polygon": rect(17, 8, 17.3, 14)},
        {"id": "yard-s", "kind": "impassable", "height": 3.0, "polygon": rect(14, 8, 17.3, 8.3)},
        {"id": "yard-n", "kind": "impassable", "height": 3.0, "polygon": rect(14, 13.7, 17.3, 14)},
    )
    game = scenario(
        {"T2": (13.2, 11.0), **AWAY, "L2": (18.5, 11.0)},
        board=yard,
    )
    game.apply("nominate T2")
    refused(game, "move T2 15.6,11", "no path: the yard-w is in the way")
    assert "charge T2 L2" not in options(game)
    blocked = 'no path into base-to-base with L2 within 5": the yard-w is in the way'
    refused(game, "charge T2 L2", blocked)
