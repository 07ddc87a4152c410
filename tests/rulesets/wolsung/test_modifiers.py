"""Pools as explained sums: each term with its reason, Move Penalty's floor and Topple's
fixed pool (L97-L103, L111, L226; rules notes §7 items 22, 25 and 41)."""

from __future__ import annotations

from skirmish.rulesets.wolsung.combat.modifiers import Modifier, Pool


def test_l97_a_pool_is_its_characteristic_plus_its_modifiers() -> None:
    pool = Pool.of(2, "Guns (L97)").plus(Modifier(-1, "range (L107)"))
    assert pool.dice == 1
    assert str(pool) == "1 dice: +2 Guns (L97), -1 range (L107)"


def test_l226_item_41_a_penalty_with_a_floor_never_goes_below_it() -> None:
    pool = Pool.of(2, "G")
    assert pool.lowered(2, 1, "MP").dice == 1
    assert pool.lowered(2, 1, "MP").terms[-1] == Modifier(-1, "MP")
    assert Pool.of(4, "G").lowered(2, 1, "MP").dice == 2


def test_item_22_a_pool_already_below_the_floor_stays_there() -> None:
    assert Pool.of(0, "G").lowered(1, 1, "MP").dice == 0


def test_l111_item_25_a_fixed_pool_is_set_whatever_came_before() -> None:
    pool = Pool.of(9, "F").plus(Modifier(2, "Parry")).fixed(1, "Toppled")
    assert pool.dice == 1
    assert pool.terms[-1] == Modifier(-10, "Toppled")


def test_item_22_a_pool_below_zero_is_logged_as_none() -> None:
    pool = Pool.of(0, "Guns (L97)").plus(Modifier(-1, "Quick (L451)"))
    assert pool.dice == -1
    assert str(pool) == "0 dice: +0 Guns (L97), -1 Quick (L451)"
