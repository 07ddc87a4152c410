"""The opposed test: D6 pools, successes on 4+, ties to the active side, critical hits and
damage (L9, L97-L104, L115-L121, L139-L146, L164, L188-L192; rules notes §0, §7 items 22, 23,
27 and 30; golden tests G14, G15, G19, G24, G29, G30, G34, G38 and G42). Dice are scripted."""

from __future__ import annotations

import pytest
from tests.dice_script import scripted

from skirmish.dice import DiceScriptError
from skirmish.rulesets.wolsung.combat.opposed import (
    OpposedTest,
    damage,
    pool_size,
    roll_opposed,
    roll_pool,
    successes,
)


def test_l9_a_success_is_a_four_five_or_six() -> None:
    assert [successes((face,)) for face in range(1, 7)] == [0, 0, 0, 1, 1, 1]
    assert successes((6, 4, 1, 1)) == 2


def test_l97_a_pool_rolls_its_dice_for_the_named_purpose() -> None:
    assert roll_pool(scripted("guns", 6, 2, 4), 3, "guns") == (6, 2, 4)


@pytest.mark.dice_may_remain
def test_l97_a_die_rolled_for_another_purpose_fails_the_script() -> None:
    with pytest.raises(DiceScriptError, match="asked for 'reflex'"):
        roll_pool(scripted("guns", 6), 1, "reflex")


@pytest.mark.dice_may_remain
def test_item_22_a_pool_of_zero_dice_or_fewer_rolls_none() -> None:
    assert pool_size(-2) == pool_size(0) == 0
    dice = scripted("reflex", 6)
    assert roll_pool(dice, -1, "reflex") == ()
    assert dice.remaining == (("reflex", 6),)


def test_g14_butler_shoots_bruiser_one_critical_four_damage() -> None:
    shot = roll_opposed(scripted("guns", 5, "reflex", 2, 3), 2 - 1, 2, ("guns", "reflex"))
    assert (shot.active_successes, shot.defender_successes) == (1, 0)
    assert shot.active_wins
    assert shot.criticals == 1
    assert damage(4, shot.criticals, 1) == 4


def test_g15_l104_zero_against_zero_is_a_hit() -> None:
    shot = roll_opposed(scripted("guns", 1, "reflex", 2, 3), 1, 2, ("guns", "reflex"))
    assert shot.active_wins
    assert damage(4, shot.criticals, 1) == 3


def test_l104_item_23_the_active_side_wins_ties() -> None:
    assert OpposedTest((5, 5), (6, 4)).active_wins
    assert not OpposedTest((5, 1), (6, 4)).active_wins


def test_item_22_an_empty_pool_still_hits_a_target_that_scores_nothing() -> None:
    shot = roll_opposed(scripted("reflex", 3), 0, 1, ("guns", "reflex"))
    assert shot.active == ()
    assert shot.active_wins


def test_l121_each_success_over_the_defenders_is_a_critical_hit() -> None:
    assert OpposedTest((6, 6, 5, 4), (4,)).criticals == 3
    assert OpposedTest((6,), (6, 5)).criticals == 0


def test_g19_item_27_damage_is_never_below_zero() -> None:
    assert damage(3, 2, 2) == 3
    assert damage(3, 1, 6) == 0


def test_g24_nitro_express_one_critical_against_armour_one() -> None:
    assert damage(10, 1, 1) == 10


def test_g29_bruiser_hits_the_fencing_butler_for_eight() -> None:
    strike = roll_opposed(scripted("fight", 6, 4, 1, 1, "fence", 5, 2), 4, 2, ("fight", "fence"))
    assert (strike.active_successes, strike.defender_successes) == (2, 1)
    assert strike.active_wins
    assert damage(7, strike.criticals, 0) == 8


def test_g30_item_30_a_winning_fence_hits_back() -> None:
    strike = roll_opposed(scripted("fight", 6, 1, 1, 1, "fence", 5, 4), 4, 2, ("fight", "fence"))
    assert not strike.active_wins
    assert strike.counter_criticals == 1
    assert damage(3, strike.counter_criticals, 1) == 3


@pytest.mark.parametrize(("leaver", "leaves"), [((5, 4, 1), True), ((5, 1, 1), False)])
def test_g34_l164_leaving_a_melee_needs_as_many_successes(
    leaver: tuple[int, ...], leaves: bool
) -> None:
    dice = scripted("reflex", *leaver, "fight", 6, 4, 2, 1)
    test = roll_opposed(dice, 3, 4, ("reflex", "fight"))
    assert test.active_wins is leaves


def test_g38_ki_strike_three_against_one_two_criticals() -> None:
    cast = roll_opposed(scripted("magic", 6, 5, 4, 1, "reflex", 4, 3, 2), 4, 3, ("magic", "reflex"))
    assert (cast.active_wins, cast.criticals) == (True, 2)
    assert damage(6, cast.criticals, 0) == 8


def test_g42_leech_soul_one_critical_six_damage() -> None:
    assert damage(5, OpposedTest((6, 6), (5,)).criticals, 0) == 6


def test_l217_heroic_deeds_add_successes_after_the_roll() -> None:
    test = OpposedTest((5, 1), (6, 5, 4))
    assert not test.active_wins
    helped = test.with_deeds(2, 0)
    assert (helped.active_successes, helped.defender_successes) == (3, 3)
    assert helped.active_wins
    assert helped.criticals == 0
    assert test.with_deeds(2, 1).counter_criticals == 1
