"""Dice: the D3 read from a D6, and re-rolls (the second result stands, never re-rolled again)."""

from __future__ import annotations

import pytest
from tests.rulesets.strange_aeons.helpers import (
    TOUCH,
    apply_all,
    dice_left,
    events,
    model,
    options,
    refused,
    rolls,
    scenario,
)

from skirmish.dice import ScriptedDice
from skirmish.errors import IllegalActionError
from skirmish.rulesets.strange_aeons.dice import d3


@pytest.mark.parametrize(("face", "value"), [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_dice_d3_mapping(face: int, value: int) -> None:
    assert d3(face) == value


@pytest.mark.parametrize(("face", "inches"), [(1, 1.0), (2, 1.0), (3, 2.0), (4, 2.0), (5, 3.0)])
def test_dice_d3_in_play_power_push(face: int, inches: float) -> None:
    """The D3 of a Power push is read 1-2 -> 1, 3-4 -> 2, 5-6 -> 3 from the rolled D6."""
    game = scenario(
        {
            "T1": (10.0, 10.0),
            "L2": (10.0 + TOUCH + 7.0, 10.0),
            "T2": (2.0, 2.0),
            "L1": (34.0, 22.0),
            "L3": (34.0, 2.0),
        },
        dice=[("to-hit", 3), ("to-hit", 1), ("to-wound", 1), ("power", face)],
    )
    apply_all(game, "nominate T1", "shoot T1 L2 double-barrelled-shotgun")
    (roll,) = [e.roll for e in game.log if e.roll is not None and e.roll.purpose == "power"]
    assert (roll.dice, roll.faces) == ("D6", (face,))
    assert model(game, "L2").x == pytest.approx(10.0 + TOUCH + 7.0 + inches)
    assert events(game, "pushed")[0].data["length"] == pytest.approx(inches)
    assert not dice_left(game)


def test_dice_reroll_takes_second_result_even_if_worse() -> None:
    # The Agent (Lucky) wins by 2 and rolls two dice to wound: [4, 1] would wound the Cult
    # Leader (4 + 2 = 6 = Con 6). Lucky re-rolls the 4 into a 1 and the 1 stands: no Wound.
    game = scenario(
        {
            "T2": (10.0, 10.0),
            "L1": (10.0 + TOUCH + 2.0, 10.0),
            "T1": (2.0, 22.0),
            "L2": (34.0, 22.0),
            "L3": (34.0, 2.0),
        },
        dice=[
            ("close-combat", 5),
            ("close-combat", 1),  # Agent 5 + 2 (Meat Cleaver) = 7
            ("close-combat", 3),
            ("close-combat", 4),  # Cult Leader 4 + 1 (Bowie Knife) = 5: Agent wins by 2
            ("to-wound", 4),
            ("to-wound", 1),  # [4, 1]: 4 + 2 = 6 = Con 6 would wound
            ("to-wound", 1),  # Lucky re-rolls the 4 into a 1
        ],
    )
    apply_all(game, "nominate T2", "charge T2 L1", "no-parry T2")
    assert game.decision is not None and game.decision.kind == "lucky"
    game.apply("keep T2")  # Lucky is not spent on the close combat dice
    game.apply("wound T2")
    assert options(game) == ["reroll T2 1", "reroll T2 2", "keep T2"]
    game.apply("reroll T2 1")
    assert rolls(game)[-1] == ("to-wound", (1, 1))
    assert game.describe(events(game, "reroll")[0]) == (
        "Agent (T2) re-rolls die 1 of the to-wound 2D6: its 4 becomes 1, the dice now [1, 1]"
        "  [Skills: Lucky]"
    )
    assert events(game, "no-wound")[0].data == {"total": 3, "con": 6}
    assert model(game, "T2").lucky_used is True
    assert model(game, "L1").wounds == 1
    assert not dice_left(game)


def test_dice_rerolled_die_cannot_be_rerolled_again_lucky_vs_parry() -> None:
    """A die re-rolled by an opponent's Parry may not be re-rolled by Lucky."""
    # Two Agents (Meat Cleaver with Parry, Lucky) fight: the Lurker one plays the Agent profile.
    game = scenario(
        {
            "T2": (10.0, 10.0),
            "L1": {"pos": (10.0 + TOUCH + 2.0, 10.0), "profile": "agent"},
            "T1": (2.0, 22.0),
            "L2": (34.0, 22.0),
            "L3": (34.0, 2.0),
        },
        dice=[
            ("close-combat", 2),
            ("close-combat", 3),  # T2 [2, 3]
            ("close-combat", 6),
            ("close-combat", 1),  # L1 [6, 1]
            ("close-combat", 2),  # T2 parries L1's 6: [2, 1]
            ("close-combat", 1),  # L1 parries T2's 3: [2, 1]
            ("close-combat", 5),  # T2's Lucky re-rolls its first die: [5, 1]
        ],
    )
    apply_all(game, "nominate T2", "charge T2 L1", "parry T2 1")
    refused(game, "parry L1 3", "the close-combat roll [2, 3] has no die 3")
    game.apply("parry L1 2")
    # T2's second die was re-rolled by the Parry: only the first may take Lucky.
    assert options(game) == ["reroll T2 1", "keep T2"]
    refused(game, "reroll T2 2", "die 2 of the close-combat roll was re-rolled: the second result")
    game.apply("reroll T2 1")
    # L1's first die was Parried: Lucky is offered on its second die only.
    assert options(game) == ["reroll L1 2", "keep L1"]
    game.apply("keep L1")
    assert events(game, "combat-totals")[0].data["totals"] == [7, 4]
    assert not dice_left(game)


def test_dice_kernel_refuses_a_second_reroll_of_the_same_die() -> None:
    game = scenario({"T1": (10.0, 10.0), "L1": (30.0, 10.0)}, start="nominate")
    game.dice = ScriptedDice([("to-hit", 2), ("to-hit", 4)])
    roll = game.roll("D6", "to-hit", "test")
    again = game.reroll(roll, 0, "test")
    assert (again.faces, again.rerolled) == ((4,), (0,))
    with pytest.raises(IllegalActionError, match="die 1 of the to-hit roll was re-rolled"):
        game.reroll(again, 0, "test")
