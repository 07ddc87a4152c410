"""Dice tiers, DT overflow and the opposed roll (C1.9, C1.10), with the worked examples of
notes section 3 that only need tiers and opposed rolls (E1, E2, E5, E7, E8, E9, E14, E16, E20,
E21) and the derived vectors listed there."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.dice_script import scripted

from skirmish.dice import DiceScriptError
from skirmish.errors import SkirmishError
from skirmish.rulesets.sacred_wire.rolls.tiers import (
    DiceTierError,
    Tier,
    TierModifier,
    TierRoll,
    multiple,
    opposed_winner,
    parse_tier,
    roll_opposed,
    roll_pair,
    settle_tiers,
)

D4, D6, D8, D10, D12 = Tier.D4, Tier.D6, Tier.D8, Tier.D10, Tier.D12


def mod(steps: int, source: str = "test", rule: str = "C1.9") -> TierModifier:
    return TierModifier(steps, source, rule)


def side(base: Tier, *steps: int) -> TierRoll:
    return TierRoll(base, tuple(mod(s) for s in steps))


def settled(first: TierRoll, second: TierRoll) -> tuple[Tier, Tier]:
    result = settle_tiers(first, second)
    return result.first, result.second


# --- C1.9 the ladder -----------------------------------------------------------------------------


def test_c1_9_ladder_runs_2d4_to_2d12() -> None:
    assert [str(t) for t in Tier] == ["2d4", "2d6", "2d8", "2d10", "2d12"]
    assert [t.rank for t in Tier] == [0, 1, 2, 3, 4]
    assert D4 < D6 < D8 < D10 < D12
    assert f"{D10:>5}" == " 2d10"


@pytest.mark.parametrize(
    ("text", "tier"),
    [("2d8", D8), ("2D10", D10), (" d4 ", D4), ("2d12", D12), (6, D6), (D8, D8)],
)
def test_c1_9_parse_tier(text: str | int | Tier, tier: Tier) -> None:
    assert parse_tier(text) is tier


@pytest.mark.parametrize("text", ["2d7", "3d6", "d20", "", "2d", 5, "twelve"])
def test_c1_9_parse_tier_rejects_dice_off_the_ladder(text: str | int) -> None:
    with pytest.raises(DiceTierError, match="bad dice tier") as info:
        parse_tier(text)
    assert isinstance(info.value, SkirmishError)
    assert "\n" not in str(info.value)


def test_c1_9_caps_never_below_2d4_nor_above_2d12() -> None:
    assert D8.step(+1) is D10
    assert D8.step(-1) is D6
    assert D4.step(-3) is D4
    assert D12.step(+2) is D12


def test_c2_1_example_e9_boss_bonus_on_wits() -> None:
    # E9 (L182): Technician array, Wits 2d4, Boss +1 DT on Wits -> 2d6.
    assert D4.step(+1) is D6


def test_c4_2_example_e16_boost_on_combat() -> None:
    # E16 (L274): Ines, Combat 2d8, has received Boost: she rolls 2d10.
    assert settled(side(D8, +1), side(D6)) == (D10, D6)


def test_c4_5_example_e14_free_attacks_at_minus_one() -> None:
    # E14 (L249): the Brute (Combat 2d8) and the Scout (2d6) each get a free attack at -1 DT.
    assert settled(side(D8, -1), side(D6)) == (D6, D6)
    assert settled(side(D6, -1), side(D6)) == (D4, D6)


# --- C1.10 overflow ------------------------------------------------------------------------------


def test_c1_10_overflow_at_the_bottom_passes_to_the_opponent() -> None:
    # Derived vector: 2d4 -1 vs 2d6 -> 2d4 vs 2d8.
    result = settle_tiers(side(D4, -1), side(D6))
    assert (result.first, result.second) == (D4, D8)
    assert result.passed_to_second == 1
    assert result.lost == 0


def test_c1_10_two_steps_over_the_end() -> None:
    # Derived vector: 2d4 -2 vs 2d10 -> 2d4 vs 2d12.
    assert settled(side(D4, -1, -1), side(D10)) == (D4, D12)


def test_c1_10_overflow_transfers_once() -> None:
    # Derived vector: 2d4 -1 vs 2d12 -> 2d4 vs 2d12; the step never bounces back.
    result = settle_tiers(side(D4, -1), side(D12))
    assert (result.first, result.second) == (D4, D12)
    assert result.lost == 1


def test_c1_10_example_e7_moved_and_cover() -> None:
    # E7 (L159): Veteran Combat 2d6 moved (-1) and shoots at a target in Cover (-1), target
    # Defense 2d6: the Veteran rolls 2d4 and the target 2d8.
    moved = TierModifier(-1, "moved", "C4.10")
    cover = TierModifier(-1, "cover", "C4.13")
    assert settled(TierRoll(D6, (moved, cover)), TierRoll(D6)) == (D4, D8)


def test_c1_10_example_e8_overflow_at_the_top() -> None:
    # E8 (L167): 2d12 with +1 DT still rolls 2d12; the Veteran's Defense 2d6 drops to 2d4.
    result = settle_tiers(side(D12, +1), side(D6))
    assert (result.first, result.second) == (D12, D4)
    assert result.passed_to_second == -1


def test_c1_10_fixed_2d6_rolls_ignore_overflow() -> None:
    # Derived vector: Wits 2d4 -1 vs the fixed 2d6 of a Search -> 2d4 vs 2d6.
    result = settle_tiers(side(D4, -1), TierRoll.fixed_2d6())
    assert (result.first, result.second) == (D4, D6)
    assert result.lost == 1
    # ...and nothing comes from a fixed roll either way.
    assert settled(side(D12, +2), TierRoll.fixed_2d6()) == (D12, D6)


def test_c1_10_fixed_2d6_has_no_modifiers() -> None:
    with pytest.raises(ValueError, match="fixed"):
        TierRoll(D6, (mod(+1),), fixed=True)
    with pytest.raises(ValueError, match="fixed"):
        TierRoll(D8, fixed=True)


def test_c1_10_modifiers_net_before_clamping() -> None:
    # notes A2: +1 and -1 on 2d12 cancel; nothing overflows.
    assert settled(side(D12, +1, -1), side(D6)) == (D12, D6)


def test_c1_10_both_sides_overflow_at_once() -> None:
    # notes A2: each side's excess goes over once; the receivers clamp and nothing bounces.
    result = settle_tiers(side(D12, +1), side(D4, -1))
    assert (result.first, result.second) == (D12, D4)
    assert result.lost == 2
    assert settled(side(D12, +1), side(D12, +1)) == (D10, D10)


def test_c1_10_describe_names_every_modifier() -> None:
    first = TierRoll(D6, (TierModifier(-1, "moved", "C4.10"), TierModifier(-1, "cover", "C4.13")))
    text = settle_tiers(first, TierRoll(D6)).describe(first, TierRoll(D6), ("attacker", "target"))
    assert text == (
        "attacker 2d6 -1 DT moved (C4.10) -1 DT cover (C4.13) -> 2d4; "
        "target 2d6 +1 DT overflow (C1.10) -> 2d8"
    )


tiers = st.sampled_from(list(Tier))
steps = st.lists(st.integers(-3, 3), max_size=3)


@given(tiers, steps, tiers, steps)
def test_c1_10_overflow_properties(a: Tier, a_mods: list[int], b: Tier, b_mods: list[int]) -> None:
    first, second = side(a, *a_mods), side(b, *b_mods)
    result = settle_tiers(first, second)
    # Swapping the sides swaps the outcome: neither side is favoured.
    swapped = settle_tiers(second, first)
    assert (swapped.first, swapped.second) == (result.second, result.first)
    # Without overflow each side just clamps its own net modifier.
    own_a, own_b = a.rank + sum(a_mods), b.rank + sum(b_mods)
    if 0 <= own_a <= 4 and 0 <= own_b <= 4:
        assert (result.first, result.second) == (Tier.at(own_a), Tier.at(own_b))
    # Every overflow step either lands on the other side or is lost.
    excess = abs(own_a - min(max(own_a, 0), 4)) + abs(own_b - min(max(own_b, 0), 4))
    assert abs(result.passed_to_first) + abs(result.passed_to_second) + result.lost == excess


# --- C1.9 opposed rolls --------------------------------------------------------------------------


def test_c1_9_higher_total_wins() -> None:
    dice = scripted("a", 5, 6, "b", 2, 4)
    result = roll_opposed(D8, D6, dice, purposes=("a", "b"))
    assert (result.first_total, result.second_total, result.winner) == (11, 6, 0)
    assert result.first_wins
    assert result.attempts == 1
    dice.assert_done()


def test_c1_9_example_e5_tie_goes_to_the_lower_tier() -> None:
    # E5 (L149): Veteran Combat 2d6 vs Brute Defense 2d8, both total 9: the 2d6 wins.
    dice = scripted("attack", 4, 5, "defense", 3, 6)
    result = roll_opposed(D6, D8, dice, purposes=("attack", "defense"))
    assert result.first_wins
    assert result.multiple == 1
    assert "tie, lower DT wins" in result.describe(("Veteran", "Brute"))
    dice.assert_done()


def test_c1_9_example_e5_tie_at_the_same_tier_rerolls_both() -> None:
    # E5: two Brutes at 2d8 that tie re-roll; the second attempt decides.
    dice = scripted("attack", 4, 5, "defense", 3, 6, "attack", 2, 2, "defense", 7, 1)
    result = roll_opposed(D8, D8, dice, purposes=("attack", "defense"))
    assert result.attempts == 2
    assert (result.first_total, result.second_total) == (4, 8)
    assert result.winner == 1
    assert result.multiple == 2
    assert [roll.faces for roll in result.rolls] == [(4, 5), (3, 6), (2, 2), (7, 1)]
    dice.assert_done()


def test_c1_9_scripted_dice_catch_an_unexpected_reroll() -> None:
    dice = scripted("attack", 4, 5, "defense", 3, 6)
    with pytest.raises(DiceScriptError, match="after the script ended"):
        roll_opposed(D8, D8, dice, purposes=("attack", "defense"))


@pytest.mark.parametrize(
    ("first", "second", "winner"),
    [(9, 9, None), (10, 9, 0), (9, 10, 1)],
)
def test_c1_9_opposed_winner_same_tier(first: int, second: int, winner: int | None) -> None:
    assert opposed_winner(first, D8, second, D8) == winner


def test_c1_9_opposed_winner_tie_lower_tier_either_side() -> None:
    assert opposed_winner(7, D4, 7, D6) == 0
    assert opposed_winner(7, D10, 7, D6) == 1


@pytest.mark.parametrize(
    ("winner", "loser", "k", "critical_bonus"),
    [
        (8, 4, 2, None),
        (11, 4, 2, None),
        (12, 4, 3, 0),
        (16, 4, 4, 1),
        (20, 4, 5, 2),
        (24, 2, 12, 9),
    ],
)
def test_c4_16_multiples_derived_vectors(
    winner: int, loser: int, k: int, critical_bonus: int | None
) -> None:
    # Derived vectors (notes section 3): 8 vs 4 double ... 24 vs 2 is x12, +9 on the d6 -> 6+.
    assert multiple(winner, loser) == k
    assert (k - 3 if k >= 3 else None) == critical_bonus


def test_c5_1_example_e1_cast_triple_and_double() -> None:
    # E1 (L74): caster Wits 2d8 rolls 7+8 = 15 vs the Gunner's Wits 2d4 2+3 = 5: triple.
    dice = scripted("cast", 7, 8, "resist", 2, 3)
    result = roll_opposed(D8, D4, dice, purposes=("cast", "resist"))
    assert (result.winner, result.multiple) == (0, 3)
    # Variant: 14 vs 5 succeeds but is not a triple.
    dice = scripted("cast", 6, 8, "resist", 2, 3)
    assert roll_opposed(D8, D4, dice, purposes=("cast", "resist")).multiple == 2


def test_c4_19_example_e2_morale() -> None:
    # E2 (L80): Dmitri Wits 2d8, a friend within 3" (+1 DT) -> 2d10 vs the fixed 2d6.
    dmitri = settle_tiers(
        TierRoll(D8, (mod(+1, 'friend within 3"', "C4.19"),)), TierRoll.fixed_2d6()
    )
    assert dmitri.first is D10
    dice = scripted("morale", 6, 8, "fixed", 3, 5)
    assert roll_opposed(dmitri.first, D6, dice, purposes=("morale", "fixed")).first_wins
    # Tobias Valdez, Wits 2d4 alone: 2+3 = 5 vs 4+5 = 9 -> fails and Flees.
    dice = scripted("morale", 2, 3, "fixed", 4, 5)
    assert not roll_opposed(D4, D6, dice, purposes=("morale", "fixed")).first_wins


def test_k2_2_example_e20_interrogate() -> None:
    # E20 (L971): Teodor Wits 2d6 5+3 = 8 vs the Data Clerk's Wits 2d8 4+2 = 6: Teodor wins.
    dice = scripted("interrogate", 5, 3, "coworker", 4, 2)
    assert roll_opposed(D6, D8, dice, purposes=("interrogate", "coworker")).first_wins


def test_k2_1_example_e21_search_tie_vs_fixed_2d6() -> None:
    # E21 (L1001): Pike Wits 2d4 3+4 = 7 vs the marker's 2d6 2+5 = 7: tie, the lower DT wins.
    tiers_ = settle_tiers(TierRoll(D4), TierRoll.fixed_2d6())
    dice = scripted("search", 3, 4, "fixed", 2, 5)
    result = roll_opposed(tiers_.first, tiers_.second, dice, purposes=("search", "fixed"))
    assert result.first_wins
    dice.assert_done()


# --- re-rolls (notes A3) -------------------------------------------------------------------------


def test_roll_pair_rerolls_each_low_die_once() -> None:
    dice = scripted("defense", 1, 5, "defense-reroll", 1)
    total, rolls = roll_pair(D6, dice, "defense", reroll_up_to=1, model="defender")
    # The re-rolled 1 is kept even though it is a 1 again.
    assert total == 6
    assert [(r.purpose, r.faces, r.rerolled) for r in rolls] == [
        ("defense", (1, 5), ()),
        ("defense-reroll", (1,), (0,)),
    ]
    dice.assert_done()


def test_roll_pair_rerolls_both_dice_up_to_the_threshold() -> None:
    dice = scripted("defense", 3, 2, "defense-reroll", 6, 4)
    total, rolls = roll_pair(D8, dice, "defense", reroll_up_to=3)
    assert total == 10
    assert rolls[-1].dice == "2D8"
    dice.assert_done()


def test_roll_pair_without_rerolls_rolls_two_dice() -> None:
    dice = scripted("attack", 1, 1)
    total, rolls = roll_pair(D4, dice, "attack")
    assert (total, len(rolls), rolls[0].dice) == (2, 1, "2D4")
