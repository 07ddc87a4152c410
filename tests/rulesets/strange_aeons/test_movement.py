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
    scenario,
)

from skirmish.engine.game import Game
from skirmish.errors import IllegalActionError

# Everyone but the mover far away (no Command range, no psychology).
AWAY = {"T1": (2.0, 22.0), "L1": (34.0, 22.0), "L2": (34.0, 12.0), "L3": (34.0, 2.0)}


def unchanged(game: Game, action: str) -> None:
    """``action`` is illegal and changes nothing."""
    before = (len(game.log), len(game.actions), [(m.x, m.y) for m in game.models])
    with pytest.raises(IllegalActionError):
        game.apply(action)
    assert (len(game.log), len(game.actions), [(m.x, m.y) for m in game.models]) == before


def test_move_up_to_movement_characteristic() -> None:
    game = scenario({"T2": (10.0, 10.0), **AWAY})
    game.apply("nominate T2")
    unchanged(game, "move T2 15.1,10")
    game.apply("move T2 15,10")
    assert model(game, "T2").pos == (15.0, 10.0)
    assert events(game, "moved")[0].data == {"to": [15.0, 10.0], "length": 5.0}
    unchanged(game, "move T2 18,14.1")  # 5.08" in a straight line
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
    unchanged(game, "move L3 13.1,10")
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
    unchanged(game, "move T2 15,10")
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
    unchanged(game, "move T2 15,10")


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
    unchanged(game, "move T2 13.5,10")


ROUGH = board({"id": "rubble", "kind": "rough", "height": 1.0, "polygon": rect(12, 0, 13, 24)})


def test_rough_terrain_costs_2_movement() -> None:
    """A Move whose path touches rough terrain has 2" less (rules notes item 50)."""
    game = scenario({"T2": (10.0, 10.0), **AWAY}, board=ROUGH)
    game.apply("nominate T2")
    unchanged(game, "move T2 13.5,10")  # 3.5" touching rough: more than 5 - 2
    game.apply("move T2 13,10")  # 3" touching rough
    assert model(game, "T2").pos == (13.0, 10.0)
    # Still in contact with the rubble: the next Move is short by 2" as well.
    unchanged(game, "move T2 16.5,10")
    game.apply("move T2 16,10")
    assert model(game, "T2").pos == (16.0, 10.0)


def test_rough_terrain_not_touched_costs_nothing() -> None:
    game = scenario({"T2": (6.5, 10.0), **AWAY}, board=ROUGH)
    game.apply("nominate T2")
    game.apply(f"move T2 {12 - R - 0.015:.2f},10")  # 4.99", stopping just short of the rubble
    assert model(game, "T2").pos == (11.49, 10.0)


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
    unchanged(game, "move T2 13,10")  # inside the pool
    unchanged(game, f"move T2 {12 - R + 0.1:.2f},10")  # the base would overlap it
    unchanged(game, "move T2 15,10")  # beyond it: the way round is longer than 5"
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
    unchanged(game, "climb T2 lad")
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
    unchanged(game, "move T2 22,16")  # off the roof: only a ladder takes it down
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
    unchanged(game, "charge T1 L2")


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
    unchanged(game, "move T2 -1,10")  # the west edge is 5.5" from the base


def test_leaving_the_table_last_model_ends_the_fight() -> None:
    game = scenario({"T2": (3.0, 10.0), "L1": (34.0, 22.0)})
    game.apply("nominate T2")
    unchanged(game, "move T2 3,-2")  # the south edge is 9.5" away
    game.apply("move T2 -1,10")
    assert game.result is not None
    assert (game.result.winner, game.result.rule) == (1, "Fight: last side standing")


def test_charge_through_rough_terrain_costs_2() -> None:
    """A Charge is a Move: across the rubble the Cultist 4" away is out of reach (4 + 2 > 5)."""
    placed = {"T1": (10.0, 10.0), "T2": (2.0, 22.0), "L1": (34.0, 22.0), "L3": (34.0, 2.0)}
    game = scenario({**placed, "L2": (10.0 + TOUCH + 4.0, 10.0)}, board=ROUGH)
    game.apply("nominate T1")
    assert "charge T1 L2" not in options(game)
    game = scenario({**placed, "L2": (10.0 + TOUCH + 2.9, 10.0)}, board=ROUGH)
    game.apply("nominate T1")
    assert "charge T1 L2" in options(game)
