"""Golden tests of damage at the end of the Action: Hard to Kill hit by hit, the last Wound,
the hits of one Action landing one after another, and a Butler taking a shot's Wounds for a
Noble (L27, L44, L236, L409, L439, L547; rules notes §1.3, §1.10, §7 items 43, 71; golden
tests G26, G27, G58). Dice are scripted by purpose, and each
test checks the exact Wounds and the log lines with the rules they cite."""

from __future__ import annotations

import math
from typing import Any

import pytest
from tests.rulesets.wolsung.table_game import (
    HAND_1,
    HAND_2,
    SMALL,
    activate,
    lines,
    on_table,
    options,
    pass_deeds,
)

from skirmish.rulesets.wolsung.game.damage import ApplyDamage, queue_wounds
from skirmish.rulesets.wolsung.game.effects import current
from skirmish.rulesets.wolsung.game.state import Field, WolsungGame

BRUISER: dict[str, Any] = {
    "name": "The Hired Muscle",
    "club": "Ash and Oak",
    "heroes": [{"named": "Lady Ellendeanne"}],
    "henchmen": [{"henchman": "Bruiser"}],
}
"""An Ash and Oak club with a Bruiser (W 15, Hard to Kill, L522) as 1M1: Lady Ellendeanne
brings 3 Funds and the Bruiser costs 2."""


def hired_muscle() -> WolsungGame:
    """The Bruiser on the table, with a Lab Assistant far off; club 1 holds 3 + 1 cards."""
    return on_table(
        at={"1M1": (10.0, 10.0), "2M4": (30.0, 30.0)},
        clubs=[BRUISER, "inventors"],
        hands=(("2C", "3C", "4C", "5C"), HAND_2),
    )


def end_of_action(game: WolsungGame, model_id: str, *hits: int) -> None:
    """``model_id`` takes ``hits`` in one Action: each waits for its end, then lands (L44)."""
    for wounds in hits:
        queue_wounds(game, model_id, wounds, f"{wounds} wounds", "L119", shielded=False, by=1)
    ApplyDamage().run(game, None)


def test_g26_l236_hard_to_kill_leaves_1_wound_but_not_on_the_last() -> None:
    game = hired_muscle()
    bruiser = game.model("1M1")
    mark = len(game.log)
    # No weapon deals 20 Wounds in one hit, so the hit is queued as an Action leaves it.
    end_of_action(game, "1M1", 20)
    assert (bruiser.wounds, bruiser.on_table) == (1, True)
    end_of_action(game, "1M1", 3)
    assert bruiser.removed == "out of action"
    # The lines after these are club 1's, its last model gone, leaving the card game.
    assert lines(game, mark)[:4] == [
        "Bruiser (1M1) is Hard to Kill: left on 1 Wound  [L236]",
        "Bruiser (1M1) loses 14 Wounds (20 wounds), 1 left  [L119]",
        "Bruiser (1M1) loses 1 Wounds (3 wounds), 0 left  [L119]",
        "Bruiser (1M1) is out of the game  [L27]",
    ]


def test_g26_l236_a_model_on_1_wound_dies_of_1() -> None:
    game = hired_muscle()
    game.model("1M1").wounds = 1
    mark = len(game.log)
    end_of_action(game, "1M1", 1)
    assert game.model("1M1").removed == "out of action"
    assert lines(game, mark)[:2] == [
        "Bruiser (1M1) loses 1 Wounds (1 wounds), 0 left  [L119]",
        "Bruiser (1M1) is out of the game  [L27]",
    ]


def test_l119_a_model_loses_only_the_wounds_it_has() -> None:
    # 3 Wounds at a model on 1: it loses the 1, the hit's 3 in the line's detail.
    game = hired_muscle()
    game.model("1M1").wounds = 1
    mark = len(game.log)
    end_of_action(game, "1M1", 3)
    assert game.model("1M1").removed == "out of action"
    assert lines(game, mark)[:2] == [
        "Bruiser (1M1) loses 1 Wounds (3 wounds), 0 left  [L119]",
        "Bruiser (1M1) is out of the game  [L27]",
    ]


def test_g58_item_43_two_fast_shots_on_hard_to_kill_land_one_after_the_other() -> None:
    # The Shade's Repeater Crossbow, Fast shot [2], at a Butler on 2 Wounds, Hard to Kill while
    # Sir Lance Oakroot is on the table (L439). Each shot hits on a tie: S3, no critical hit.
    dice = ("guns", 4, 1, 1, 1, "reflex", 4, 1, 1, "guns", 4, 1, 1, "reflex", 4, 1, 1)
    game = on_table(
        *dice,
        at={"1M1": (2.0, 12.0), "2M1": (2.0 + 6.0 + SMALL, 12.0), "2H1": (30.0, 30.0)},
        clubs=["triad", "ash-and-oak"],
    )
    butler = game.model("2M1")
    butler.wounds = 2
    activate(game, "1M1")
    game.apply("shoot 1M1 repeater_crossbow 2M1")
    game.apply("hold-nerves 2M1")
    # The first hit waits for the end of the Action: the Butler may be shot again.
    assert (butler.wounds, butler.on_table) == (2, True)
    assert "shoot 1M1 repeater_crossbow 2M1" in options(game)
    mark = len(game.log)
    game.apply("shoot 1M1 repeater_crossbow 2M1")
    game.apply("hold-nerves 2M1")
    assert butler.removed == "out of action"
    assert lines(game, mark)[-5:] == [
        "Shade (1M1)'s shot hits Butler (2M1) (1 to 1 successes)  [L88]",
        "Butler (2M1) is Hard to Kill: left on 1 Wound  [L236]",
        "Butler (2M1) loses 1 Wounds (3 wounds: +3 Repeater Crossbow S (L119)), 1 left  [L119]",
        "Butler (2M1) loses 1 Wounds (3 wounds: +3 Repeater Crossbow S (L119)), 0 left  [L119]",
        "Butler (2M1) is out of the game  [L27]",
    ]


PEMBERTON = (2.0 + 6.0 + SMALL, 12.0)
"""Where Lord Pemberton (2H2), an Ash and Oak Hero and so a Noble (L409), stands: 6" east of
the Triad's Shade (1M1) at 2,12."""
HIT_PEMBERTON = ("guns", 4, 4, 1, 1, "reflex", 4, 1, 1, 1)
"""The Shade's Repeater Crossbow hits Lord Pemberton 2 to 1: S3 and a critical hit, 4 Wounds."""


def shoot_pemberton(*more: str | int, butler: tuple[float, float]) -> WolsungGame:
    """The Shade shoots Lord Pemberton once, with its Butler 2M1 standing at ``butler``, and
    holds its second shot: the Action ends."""
    game = on_table(
        *HIT_PEMBERTON,
        *more,
        at={"1M1": (2.0, 12.0), "2H2": PEMBERTON, "2M1": butler},
        clubs=["triad", "ash-and-oak"],
    )
    activate(game, "1M1")
    game.apply("shoot 1M1 repeater_crossbow 2H2")
    game.apply("hold-nerves 2H2")
    game.apply("keep 2H2")
    pass_deeds(game)
    return game


def test_l409_every_ash_and_oak_hero_is_a_noble() -> None:
    game = on_table(at={"1M1": (2.0, 12.0), "2H2": PEMBERTON}, clubs=["triad", "ash-and-oak"])
    # Lord Pemberton is a custom Hero, Sir Lance Oakroot a named one; the Triad's are not.
    assert current(game, game.model("2H2")).has("noble")
    assert current(game, game.model("2H1")).has("noble")
    assert not current(game, game.model("1H2")).has("noble")
    assert not current(game, game.model("2M1")).has("noble")


def test_l409_a_hound_is_no_noble() -> None:
    # Zachary brings two Hounds (L493), models of no race: the club's Heroes are Nobles only.
    zachary = {
        "name": "Z",
        "club": "Ash and Oak",
        "heroes": [{"named": "Zachary Fiercebatten Third"}],
    }
    game = on_table(
        at={"1M1": (2.0, 12.0), "2H1": PEMBERTON},
        clubs=["triad", zachary],
        hands=(HAND_1, HAND_2[:4]),
    )
    assert current(game, game.model("2H1")).has("noble")
    assert not current(game, game.model("2M1")).has("noble")


def test_g27_l547_a_butler_takes_the_nobles_wounds_and_is_toppled() -> None:
    # The Butler 2M1 stands 4" north of him.
    game = shoot_pemberton(butler=(PEMBERTON[0], 16.0))
    game.apply("hold-fire 1M1")
    # The Noble's player may give the Wounds to the Butler, or keep them.
    assert game.decision is not None and game.decision.player == 1
    assert game.decision.kind == "butler"
    assert options(game) == ["butler 2H2 2M1", "no-butler 2H2"]
    mark = len(game.log)
    game.apply("butler 2H2 2M1")
    lord, butler = game.model("2H2"), game.model("2M1")
    assert (lord.wounds, butler.wounds, butler.toppled) == (9, 5, True)
    # In base contact with the Noble, in the line of fire: between him and the Shade.
    assert butler.pos == pytest.approx((PEMBERTON[0] - SMALL, 12.0))
    assert lines(game, mark)[:3] == [
        "Butler (2M1) takes the shot for Lord Pemberton (2H2), "
        "stepping into the line of fire at 8,12  [L547]",
        "Butler (2M1) loses 4 Wounds "
        "(4 wounds: +3 Repeater Crossbow S (L119), +1 critical hits (L121)), 5 left  [L547]",
        "Butler (2M1) is Toppled by What do I pay you for!  [L547]",
    ]


def test_l547_the_noble_may_keep_the_wounds() -> None:
    game = shoot_pemberton(butler=(PEMBERTON[0], 16.0))
    game.apply("hold-fire 1M1")
    game.apply("no-butler 2H2")
    lord, butler = game.model("2H2"), game.model("2M1")
    assert (lord.wounds, butler.wounds, butler.toppled) == (5, 9, False)
    assert butler.pos == (PEMBERTON[0], 16.0)


def test_l547_the_other_club_sees_whether_a_butler_may_take_the_wounds() -> None:
    game = shoot_pemberton(butler=(PEMBERTON[0], 16.0))
    game.apply("hold-fire 1M1")
    assert game.decision is not None and game.decision.kind == "butler"
    # No card shows in a Butler or in keeping the Wounds: club 1's view keeps the choice.
    assert game.view(0).decision == game.decision


def test_l547_a_butler_beyond_6_inches_cannot_take_them() -> None:
    game = shoot_pemberton(butler=(PEMBERTON[0], 18.1 + SMALL))
    mark = len(game.log)
    game.apply("hold-fire 1M1")
    assert game.decision is not None and game.decision.kind == "action"
    assert game.model("2H2").wounds == 5
    assert lines(game, mark)[0].startswith("Lord Pemberton (2H2) loses 4 Wounds")


def test_item_71_a_base_in_the_way_turns_the_butler_round_the_noble() -> None:
    # A second Butler stands on the spot facing the Shade: the first steps in beside it,
    # its base still across the line of fire.
    game = shoot_pemberton(butler=(PEMBERTON[0], 16.0))
    game.model("2M2").x, game.model("2M2").y = PEMBERTON[0] - SMALL, 12.0
    game.apply("hold-fire 1M1")
    game.apply("butler 2H2 2M1")
    lord, butler = game.model("2H2"), game.model("2M1")
    # In base contact with the Noble, the line of fire (y = 12) through its base.
    assert math.dist(butler.pos, lord.pos) == pytest.approx(SMALL)
    assert abs(butler.y - 12.0) <= butler.radius and butler.x < lord.x


def test_l547_a_shield_takes_the_wounds_first() -> None:
    # A Shield of 10 Wounds around the Noble (L597) leaves no Wounds for a Butler to take.
    game = shoot_pemberton(butler=(PEMBERTON[0], 16.0))
    game.state.shields = (Field(("2H2",), 10, 0, "end_of_turn", "L597"),)
    mark = len(game.log)
    game.apply("hold-fire 1M1")
    assert game.decision is not None and game.decision.kind == "action"
    assert game.model("2H2").wounds == 9
    assert lines(game, mark)[0] == "The Shield around Lord Pemberton (2H2) takes 4 Wounds  [L597]"


def test_l547_a_spell_is_no_shot_the_noble_keeps_its_wounds() -> None:
    # Thorvald's Lightning (S3, a Projectile, L594) at Lord Pemberton, the Butler 4" from him.
    dice = ("casting", 4, 1, 1, 1, "reflex", 1, 1, 1, 1)
    game = on_table(
        *dice,
        at={"1H1": (2.0, 12.0), "2H2": PEMBERTON, "2M1": (PEMBERTON[0], 16.0)},
        clubs=["inventors", "ash-and-oak"],
    )
    activate(game, "1H1")
    game.apply("cast 1H1 lightning 2H2")
    game.apply("keep 2H2")  # his Beginner's Luck kept for later (L222)
    pass_deeds(game)
    # S3 and a critical hit, no Butler asked.
    assert game.decision is not None and game.decision.kind == "action"
    assert (game.model("2H2").wounds, game.model("2M1").wounds) == (5, 9)
