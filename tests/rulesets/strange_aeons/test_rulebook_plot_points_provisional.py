"""The Plot Points the book names but never defines, played as notes §6 item 8 suggests (The
Stars are Right's re-rolls, R:667; the Scene of Horror, R:1210, R:1796-1803), and Black
Sabbath's re-roll of every failed Resolve test of a Human Lurker (R:929), each with scripted
dice on forces written by hand (an Agent: 5 | 5+ | 6 | 2 | 1 | 4+, Knife +1)."""

from __future__ import annotations

import math
from typing import Any

import pytest
from tests.dice_script import script
from tests.rulesets.strange_aeons.helpers import (
    TOUCH,
    apply_all,
    board,
    dice_left,
    events,
    heuristic_choice,
    model,
    options,
    refused,
    snapshot,
)
from tests.rulesets.strange_aeons.rulebook import agent, book
from tests.rulesets.strange_aeons.test_rulebook_lurkers import KILL, undead
from tests.rulesets.strange_aeons.test_rulebook_plot_points import rerolled_by
from tests.rulesets.strange_aeons.test_rulebook_skills_close import WALL

from skirmish.engine.action import Action
from skirmish.engine.game import Game
from skirmish.rulesets.strange_aeons import ai
from skirmish.rulesets.strange_aeons.lucky import rerolls_left
from skirmish.rulesets.strange_aeons.scene import HORRIFIED, RULE, SCENE, SITUATION, PlaceScene

SABBATH = ("black_sabbath",)
STARS = ("the_stars_are_right",)
GUNMAN = agent("L1", weapons=["unarmed", "handgun_45"])


# -- Black Sabbath: every failed Resolve test re-rolled (R:929) -----------------------------------


def test_r929_black_sabbath_re_rolls_the_compelling_gaze_test_of_a_human_lurker() -> None:
    puppeteer = agent("L1", res=2, abilities=["compelling_gaze"])
    game = book(
        agent("T1"),
        puppeteer,
        placed={"T1": (20.0, 10.0), "L1": (10.0, 10.0)},
        active=1,
        dice=script("resolve", 1, 2),
        plots=SABBATH,
    )
    apply_all(game, "nominate L1", "gaze L1 T1")
    assert events(game, "gaze")[0].data == {"need": 2, "passed": True}
    assert game.state.compelled == (("T1", "L1"),)
    assert rerolled_by(game) == ["Black Sabbath (R:929)"]
    assert not dice_left(game)


def priority(shooter: str, *dice: tuple[str, int]) -> Game:
    """``shooter`` (T1 or L1, each with a .45 Handgun) shoots the other, 6" off, past a
    closer enemy 3" off (R:177), the Lurkers with Black Sabbath."""
    other, closer = ("L1", "L2") if shooter == "T1" else ("T1", "T2")
    return book(
        agent("T1", weapons=["unarmed", "handgun_45"]),
        GUNMAN,
        agent(closer),
        placed={shooter: (10.0, 10.0), closer: (13.0, 10.0), other: (16.0, 10.0)},
        active=int(shooter == "L1"),
        dice=list(dice),
        plots=SABBATH,
    )


def test_r929_black_sabbath_re_rolls_the_target_priority_test_of_a_human_lurker() -> None:
    game = priority("L1", ("resolve", 3), ("resolve", 4), ("to-hit", 2))
    apply_all(game, "nominate L1", "shoot L1 T1 handgun_45")
    assert events(game, "priority-test")[0].data == {"need": 4, "passed": True}
    assert events(game, "shot")[0].models == ("L1", "T1")
    assert rerolled_by(game) == ["Black Sabbath (R:929)"]
    assert not dice_left(game)


def test_r929_black_sabbath_re_rolls_no_target_priority_test_of_the_threshold() -> None:
    game = priority("T1", ("resolve", 3), ("to-hit", 2))
    apply_all(game, "nominate T1", "shoot T1 L1 handgun_45")
    assert events(game, "priority-test")[0].data == {"need": 4, "passed": False}
    assert events(game, "shot")[0].models == ("T1", "L2")
    assert rerolled_by(game) == []
    assert not dice_left(game)


def test_r929_black_sabbath_re_rolls_the_test_to_shoot_a_hidden_model() -> None:
    game = book(
        agent("T1", skills=["hide"]),
        GUNMAN,
        placed={"T1": (10.0, 10.0), "L1": (4.5, 10.0)},
        board=board(WALL),
        dice=[("resolve", 2), ("resolve", 6), ("to-hit", 2)],
        plots=SABBATH,
    )
    apply_all(game, "nominate T1", "hide T1", "no-alert", "pass T1", "no-alert", "nominate L1")
    game.apply("shoot L1 T1 handgun_45")
    assert events(game, "dare")[0].data == {"need": 4, "passed": True}
    assert events(game, "shot")[0].models == ("L1", "T1")
    assert rerolled_by(game) == ["Black Sabbath (R:929)"]
    assert not dice_left(game)


def test_r929_black_sabbath_a_re_rolled_failure_stands() -> None:
    game = priority("L1", ("resolve", 3), ("resolve", 1), ("to-hit", 2))
    apply_all(game, "nominate L1", "shoot L1 T1 handgun_45")
    assert events(game, "priority-test")[0].data == {"need": 4, "passed": False}
    assert events(game, "shot")[0].models == ("L1", "T2")
    assert rerolled_by(game) == ["Black Sabbath (R:929)"]
    assert not dice_left(game)


def test_r929_black_sabbath_re_rolls_the_hunger_test_of_a_human_lurker() -> None:
    game = book(
        undead("T1"),
        agent("L1", abilities=["infectious_hunger"]),
        undead("L2"),
        agent("L3"),  # 5.5" from L1's base: a host (6"), seeing no friend fall (5")
        placed={
            "T1": (10.0 + TOUCH, 10.0),
            "L1": (10.0, 10.0),
            "L2": (30.0, 20.0),
            "L3": (10.0, 16.5),
        },
        start="nominate",
        # L1's Black Sabbath saves (6+) fail against both hits; L3 fails, then passes.
        dice=[*KILL[:4], ("save", 1), ("save", 1), *KILL[4:], ("resolve", 2), ("resolve", 5)],
        plots=SABBATH,
    )
    apply_all(game, "nominate T1", "charge T1 L1", "wound T1")
    tests = [(e.models, e.data) for e in events(game, "hunger-test")]
    assert tests == [(("L3", "L1"), {"need": 4, "passed": True})]
    assert model(game, "L3").removed is None
    assert rerolled_by(game) == ["Black Sabbath (R:929)"]
    assert not dice_left(game)


# -- The Stars are Right as a Plot Point (R:667, notes §6 item 8) -------------------------------

PLOTTED = "Plot Points: The Stars are Right (R:667, notes §6 item 8)"


def starry(*shooter: str, dice: tuple[int, ...], spent: tuple[str, ...] = ()) -> Game:
    """L1 (a .45 Handgun, with ``shooter``'s abilities) shoots T1 8" off, missing with the
    to-hit ``dice``; L2 stands by; the Lurkers bought The Stars are Right and their models
    spent the re-rolls ``spent``."""
    game = book(
        agent("T1"),
        agent("L1", abilities=list(shooter), weapons=["unarmed", "handgun_45"]),
        agent("L2"),
        placed={"T1": (18.0, 10.0), "L1": (10.0, 10.0), "L2": (10.0, 20.0)},
        active=1,
        dice=script("to-hit", *dice),
        plots=STARS,
    )
    game.state.rerolls_used = spent
    game.apply("nominate L1")
    return game


def test_sa_the_stars_are_right_plot_point_three_re_rolls_the_lurkers_share_r667() -> None:
    game = starry(dice=(2, 3, 4), spent=("L2", "L2"))  # two spent by another Lurker
    assert rerolls_left(game, game.model("L1")) == 1
    game.apply("shoot L1 T1 handgun_45")
    assert options(game) == ["reroll L1 1", "keep L1"]
    game.apply("reroll L1 1")
    assert [(e.rule, e.models) for e in events(game, "reroll")] == [(PLOTTED, ("L1",))]
    assert game.describe(events(game, "reroll")[0]) == (
        "Agent L1 (L1) re-rolls die 1 of the to-hit 1D6: its 2 becomes 3, the dice now [3]"
        f"  [{PLOTTED}]"
    )
    game.apply("shoot L1 T1 handgun_45")  # the third is spent: no offer for this miss
    assert game.state.rerolls_used == ("L2", "L2", "L1")
    assert events(game, "hits")[-1].data == {"hits": 0, "need": 5}
    assert not dice_left(game)


def test_sa_the_stars_are_right_plot_point_after_the_godlings_own_three_r667() -> None:
    game = starry("the_stars_are_right", dice=(2, 3), spent=("L1",) * 3)
    assert rerolls_left(game, game.model("L1")) == 3
    assert rerolls_left(game, game.model("L2")) == 3
    apply_all(game, "shoot L1 T1 handgun_45", "reroll L1 1")
    assert [e.rule for e in events(game, "reroll")] == [PLOTTED]
    assert rerolls_left(game, game.model("L2")) == 2
    assert not dice_left(game)


def test_sa_the_stars_are_right_plot_point_gives_the_threshold_nothing_r667() -> None:
    game = book(
        agent("T1", weapons=["unarmed", "handgun_45"]),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (18.0, 10.0)},
        dice=script("to-hit", 2),
        plots=STARS,
    )
    apply_all(game, "nominate T1", "shoot T1 L1 handgun_45")
    assert not events(game, "reroll")
    assert events(game, "hits")[0].data == {"hits": 0, "need": 5}
    assert not dice_left(game)


# -- The Scene of Horror (R:1210, R:1796-1803, notes §6 item 8) -----------------------------------


def unlaid(**kw: Any) -> Game:
    """T1 and L1 (Agents, L1 of ``l1``'s fields) placed as ``placed`` says, the Lurkers (with
    any other ``plots``) about to lay the Scene of Horror they bought as the set-up ends;
    ``kw`` as :func:`book` takes them."""
    return book(
        agent("T1"),
        agent("L1", **kw.pop("l1", {})),
        plots=("scene_of_horror", *kw.pop("plots", ())),
        first=[PlaceScene(1)],
        **kw,
    )


def horror(*placed: tuple[str, tuple[float, float]], **kw: Any) -> Game:
    """:func:`unlaid`'s game, models ``placed``, the Scene laid at ``at`` (14.5,10 unless
    given); then the Threshold's turn (or ``active``'s)."""
    at = kw.pop("at", (14.5, 10.0))
    game = unlaid(placed=dict(placed), **kw)
    assert game.decision is not None and game.decision.kind == SCENE
    game.apply(f"{SCENE} {at[0]:g},{at[1]:g}")
    return game


def scene_tests(game: Game) -> list[tuple[tuple[str, ...], bool]]:
    """Who tested Resolve for the Scene of Horror, and whether each passed."""
    found = events(game, "resolve")
    return [(e.models, e.data["passed"]) for e in found if e.data["situation"] == SITUATION]


def test_sa_scene_of_horror_laid_at_set_up_by_the_lurkers_r1796() -> None:
    game = unlaid(placed={"T1": (10.0, 10.0), "L1": (30.0, 10.0)})
    assert game.decision is not None and game.decision.player == 1
    before = snapshot(game)
    refused(game, f"{SCENE} 1,10", "the Scene of Horror must lie wholly on the table")
    refused(game, f"{SCENE} 11,10", "the Scene of Horror would lie over T1")
    assert snapshot(game) == before
    game.apply(f"{SCENE} 20,10")
    (piece,) = [t for t in game.board.terrain if SCENE in t.tags]
    assert piece.movement.value == "open" and not piece.blocks_sight
    laid = events(game, SCENE)[0]
    assert (laid.rule, laid.data["at"]) == (RULE, [20.0, 10.0])
    assert "nominate T1" in options(game)


def test_sa_scene_of_horror_a_model_passing_through_it_tests_once_r1796() -> None:
    game = horror(("T1", (12.0, 12.0)), ("L1", (30.0, 20.0)), dice=[("resolve", 4)])
    apply_all(game, "nominate T1", "move T1 17,12")
    assert [e.models for e in events(game, HORRIFIED)] == [("T1",)]
    assert events(game, HORRIFIED)[0].rule == RULE
    assert scene_tests(game) == [(("T1",), True)]
    assert not dice_left(game)


def test_sa_scene_of_horror_each_action_ended_in_it_tests_again_r1796() -> None:
    game = horror(("T1", (10.0, 10.0)), ("L1", (30.0, 20.0)), dice=[("resolve", 5), ("resolve", 6)])
    apply_all(game, "nominate T1", "move T1 14,10", "move T1 15,10")
    assert scene_tests(game) == [(("T1",), True), (("T1",), True)]
    assert not dice_left(game)


def test_sa_scene_of_horror_no_test_for_an_action_away_from_it_r1796() -> None:
    game = horror(("T1", (10.0, 10.0)), ("L1", (30.0, 20.0)), dice=[])
    apply_all(game, "nominate T1", "move T1 6,10")
    assert not events(game, HORRIFIED)
    assert not dice_left(game)


def test_sa_scene_of_horror_a_failed_test_is_revulsion_away_from_it_r222() -> None:
    game = horror(
        ("T1", (10.0, 10.0)), ("L1", (30.0, 20.0)), dice=[("resolve", 2), ("insanity", 4)]
    )
    apply_all(game, "nominate T1", "move T1 13,10")
    assert scene_tests(game) == [(("T1",), False)]
    assert events(game, "insanity")[0].data["result"] == "Revulsion"
    # its 5" straight away from the Scene's centre, 14.5,10
    assert model(game, "T1").pos == pytest.approx((8.0, 10.0), abs=0.01)
    assert not dice_left(game)


def test_sa_scene_of_horror_spares_who_takes_no_psychology_r932() -> None:
    game = horror(
        ("T1", (30.0, 20.0)),
        ("L1", (10.0, 10.0)),
        dice=[],
        active=1,
        plots=("drug_crazed",),
    )
    apply_all(game, "nominate L1", "move L1 14,10")
    assert [e.models for e in events(game, HORRIFIED)] == [("L1",)]
    assert not scene_tests(game)
    assert not dice_left(game)


def test_sa_scene_of_horror_the_heuristic_lays_it_in_the_threshold_way() -> None:
    game = unlaid(placed={"T1": (10.0, 10.0), "L1": (34.0, 10.0)})
    chosen = heuristic_choice(game)
    assert chosen.kind == SCENE and chosen.point is not None
    assert math.dist(chosen.point, (22.0, 10.0)) < 3.0  # halfway from T1 to its foe


def test_sa_scene_of_horror_the_heuristic_counts_the_test_a_move_into_it_risks() -> None:
    placed = {"T1": (10.0, 10.0), "L1": (30.0, 20.0)}
    into, around = Action.parse("move T1 14,10"), Action.parse("move T1 10,14")
    plain = book(agent("T1"), agent("L1"), placed=placed)
    game = horror(*placed.items())
    for g in (plain, game):
        g.apply("nominate T1")
    # Resolve 4+: failed on 1-3, half the time, which costs a lost Move's worth.
    assert ai.score_actions(game, [into])[0] == pytest.approx(
        ai.score_actions(plain, [into])[0] - 0.5
    )
    assert ai.score_actions(game, [around]) == ai.score_actions(plain, [around])
