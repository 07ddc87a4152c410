"""Damage: Wounds from the damage total, excess Wounds on the Injury roll, the Injury table,
Tough, and removal.

Shots by Frank Howard (Double-Barrelled Shotgun, 1D+2) from beyond 6" (no Blast): the damage
total is the to-wound die + 2.
"""

from __future__ import annotations

import pytest
from tests.rulesets.strange_aeons.helpers import (
    TOUCH,
    apply_all,
    dice_left,
    events,
    model,
    scenario,
)

from skirmish.engine.game import Game
from skirmish.rulesets.strange_aeons.damage import wounds_caused

DBS = "double-barrelled-shotgun"


def shot_at(target: str, to_wound: int, after: list[tuple[str, int]], **fields: object) -> Game:
    """Frank shoots ``target`` 7" away with one hit and the given to-wound die."""
    placed: dict[str, object] = {
        "T1": (10.0, 10.0),
        "T2": (2.0, 22.0),
        "L1": (34.0, 22.0),
        "L2": (34.0, 12.0),
        "L3": (34.0, 2.0),
    }
    placed[target] = {"pos": (10.0 + TOUCH + 7.0, 10.0), **fields}
    game = scenario(placed, dice=[("to-hit", 3), ("to-hit", 1), ("to-wound", to_wound), *after])
    apply_all(game, "nominate T1", f"shoot T1 {target} {DBS}")
    return game


@pytest.mark.parametrize(
    ("total", "con", "caused"), [(4, 5, 0), (5, 5, 1), (6, 5, 2), (7, 5, 3), (6, 6, 1)]
)
def test_damage_total_equal_to_con_one_wound_each_point_over_one_more(
    total: int, con: int, caused: int
) -> None:
    assert wounds_caused(total, con) == caused


def test_damage_golden_7_vs_con_5_on_w1_three_wounds_injury_plus_2() -> None:
    """Rules notes §7.1 G7: 7 against Con 5 is 3 Wounds; on W1 the Injury roll gets +2."""
    game = shot_at("L2", 5, [("injury", 2), ("injury", 1), ("power", 1)])
    assert events(game, "wounded")[0].data == {"total": 7, "con": 5, "wounds": 3, "left": 0}
    injury = events(game, "injury")[0]
    assert injury.data == {"value": 5, "result": "Unconscious"}  # 2 + 1 + 2
    assert model(game, "L2").state == "face-down"
    assert not dice_left(game)


def test_damage_golden_6_vs_con_6_one_wound_injury_unmodified() -> None:
    """Rules notes §7.1 G8: 6 against Con 6 on W1 is 1 Wound; the Injury roll is unmodified."""
    game = shot_at("L1", 4, [("injury", 3), ("injury", 3), ("power", 1)])
    assert events(game, "wounded")[0].data == {"total": 6, "con": 6, "wounds": 1, "left": 0}
    assert events(game, "injury")[0].data == {"value": 6, "result": "Unconscious"}
    assert not dice_left(game)


def test_damage_below_con_no_wound() -> None:
    game = shot_at("L1", 3, [("power", 1)])
    assert events(game, "no-wound")[0].data == {"total": 5, "con": 6}
    assert model(game, "L1").wounds == 1


def test_damage_wound_not_the_last_no_injury_roll() -> None:
    # The Cult Leader shoots Frank (W2): 4 + 2 = 6 = Con 6: one Wound, one left.
    game = scenario(
        {
            "L1": (10.0, 10.0),
            "T1": (10.0 + TOUCH + 7.0, 10.0),
            "T2": (2.0, 22.0),
            "L2": (2.0, 2.0),
            "L3": (4.0, 2.0),
        },
        active=1,
        dice=[("to-hit", 4), ("to-wound", 4), ("power", 1)],
    )
    apply_all(game, "nominate L1", "done", "shoot L1 T1 shotgun")
    assert events(game, "wounded")[0].data == {"total": 6, "con": 6, "wounds": 1, "left": 1}
    assert "injury" not in [e.kind for e in game.log]
    assert model(game, "T1").wounds == 1
    assert not dice_left(game)


def test_damage_excess_over_the_last_wound_on_two_wounds() -> None:
    # 6 + 2 = 8 against Frank's Con 6: 3 Wounds on W2: one past his last: Injury +1.
    game = scenario(
        {
            "L1": (10.0, 10.0),
            "T1": (10.0 + TOUCH + 7.0, 10.0),
            "T2": (2.0, 22.0),
            "L2": (2.0, 2.0),
            "L3": (4.0, 2.0),
        },
        active=1,
        dice=[("to-hit", 4), ("to-wound", 6), ("injury", 2), ("injury", 1), ("power", 1)],
    )
    apply_all(game, "nominate L1", "done", "shoot L1 T1 shotgun")
    assert events(game, "wounded")[0].data == {"total": 8, "con": 6, "wounds": 3, "left": 0}
    assert events(game, "injury")[0].data == {"value": 4, "result": "Stunned"}  # 3 + 1
    assert model(game, "T1").state == "face-up"
    assert not dice_left(game)


@pytest.mark.parametrize(
    ("dice", "value", "result", "state", "removed"),
    [
        ((1, 1), 2, "Stunned", "face-up", None),
        ((2, 2), 4, "Stunned", "face-up", None),
        ((2, 3), 5, "Unconscious", "face-down", None),
        ((3, 3), 6, "Unconscious", "face-down", None),
        ((3, 4), 7, "Minor Injury", "normal", "Minor Injury"),
        ((4, 4), 8, "Minor Injury", "normal", "Minor Injury"),
        ((4, 5), 9, "Major Injury", "normal", "Major Injury"),
        ((6, 6), 12, "Major Injury", "normal", "Major Injury"),
    ],
)
def test_injury_table_bands(
    dice: tuple[int, int], value: int, result: str, state: str, removed: str | None
) -> None:
    after = [("injury", dice[0]), ("injury", dice[1])] + ([] if removed else [("power", 1)])
    game = shot_at("L1", 4, after)  # 6 = Con 6: one Wound, no excess
    injury = events(game, "injury")[0]
    assert (injury.rule, injury.data) == ("Injuries", {"value": value, "result": result})
    m = model(game, "L1")
    assert (m.state, m.removed) == (state, removed)
    if removed:
        assert events(game, "removed")[0].data == {"reason": removed}
    assert not dice_left(game)


def test_injury_table_clamped_above_12() -> None:
    # 6 + 2 = 8 against the Cultist's Con 5: 4 Wounds on W1: +3 on [6, 6]: 15 is a Major Injury.
    game = shot_at("L2", 6, [("injury", 6), ("injury", 6)])
    assert events(game, "injury")[0].data == {"value": 15, "result": "Major Injury"}
    assert model(game, "L2").removed == "Major Injury"


def test_injury_table_tough() -> None:
    # The Zombie (Con 5, Tough): 3 + 2 = 5: one Wound; Injury [4, 4] = 8 - 2 = 6: Unconscious.
    game = shot_at("L3", 3, [("injury", 4), ("injury", 4), ("power", 1)])
    tough = events(game, "tough")[0]
    assert (tough.rule, tough.models) == ("Skills: Tough", ("L3",))
    assert events(game, "injury")[0].data == {"value": 6, "result": "Unconscious"}
    assert model(game, "L3").state == "face-down"
    assert not dice_left(game)


def test_injury_table_tough_clamped_below_2() -> None:
    game = shot_at("L3", 3, [("injury", 1), ("injury", 1), ("power", 1)])
    assert events(game, "injury")[0].data == {"value": 0, "result": "Stunned"}
    assert model(game, "L3").state == "face-up"


def test_injury_roll_by_the_attacker() -> None:
    game = shot_at("L1", 4, [("injury", 3), ("injury", 4)])
    roll = next(e.roll for e in game.log if e.roll is not None and e.roll.purpose == "injury")
    assert roll is not None and (roll.dice, roll.model) == ("2D6", "T1")
