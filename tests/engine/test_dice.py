"""Dice owned by the game: seeded, scripted, re-rolls."""

from __future__ import annotations

from pathlib import Path

import pytest

from skirmish.dice import (
    DiceScriptError,
    Roll,
    ScriptedDice,
    SeededDice,
    dice_from_json,
    value_of,
)


def test_a_roll_is_worth_the_sum_of_its_faces() -> None:
    assert value_of("2D6", (3, 5)) == 8
    assert value_of("D3", (2,)) == 2


def test_seeded_dice_repeat_for_the_same_seed_and_copy_continues() -> None:
    a, b = SeededDice(42), SeededDice(42)
    assert a.faces(10, 6, "x") == b.faces(10, 6, "x")
    twin = a.copy()
    assert twin.faces(5, 6, "x") == a.faces(5, 6, "x")
    restored = dice_from_json(a.to_json())
    assert restored.faces(5, 6, "x") == a.faces(5, 6, "x")


def test_seeded_dice_are_fair_enough() -> None:
    faces = SeededDice(1).faces(60_000, 6, "x")
    counts = [faces.count(f) for f in range(1, 7)]
    assert all(9_500 < c < 10_500 for c in counts)


def test_scripted_dice_fail_on_the_wrong_purpose_or_when_exhausted() -> None:
    dice = ScriptedDice([("to-hit", 5)])
    with pytest.raises(DiceScriptError, match="asked for 'save'"):
        dice.faces(1, 6, "save")
    assert dice.faces(1, 6, "to-hit") == (5,)
    with pytest.raises(DiceScriptError, match="after the script ended"):
        dice.faces(1, 6, "to-hit")


@pytest.mark.dice_may_remain
def test_scripted_dice_reject_a_face_the_die_lacks() -> None:
    with pytest.raises(DiceScriptError, match="not on a d6"):
        ScriptedDice([("x", 7)]).faces(1, 6, "x")


def test_reroll_keeps_the_second_result_and_marks_the_die() -> None:
    roll = Roll("to-hit", "2D6", (1, 6), 7)
    again = roll.with_face(0, 4)
    assert again.faces == (4, 6) and again.value == 10 and again.rerolled == (0,)


def test_unused_scripted_faces_fail_the_test(pytester: pytest.Pytester) -> None:
    pytester.makeconftest((Path(__file__).parents[1] / "conftest.py").read_text())
    pytester.makepyfile(
        """
        from skirmish.dice import ScriptedDice

        def test_leaves_a_face():
            ScriptedDice([("to-hit", 3), ("to-hit", 4)]).faces(1, 6, "to-hit")

        def test_a_clone_rolls_them_all():
            dice = ScriptedDice([("to-hit", 3), ("to-hit", 4)])
            dice.copy().faces(2, 6, "to-hit")
        """
    )
    result = pytester.runpytest("-p", "no:xdist", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=2, errors=1)
    result.stdout.fnmatch_lines(["*unused scripted faces: [[]('to-hit', 4)[]]*"])
