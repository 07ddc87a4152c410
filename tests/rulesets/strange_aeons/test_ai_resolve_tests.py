"""The heuristic player weighs each test against Resolve it prices at the chance play passes
it (:func:`.odds.resolve_odds`, :func:`.odds.steady_odds`): a Lucky model re-rolls a failed
die (R:1101), so a 4+ passes 3 times in 4, not the bare die's 1 in 2 (rules notes item 51's
Resolve 4+ Agent), and a test made worse by its rule needs more (a Neural Shock's, R:545)."""

from __future__ import annotations

from typing import Any

import pytest
from tests.rulesets.strange_aeons.helpers import heuristic_choice, model
from tests.rulesets.strange_aeons.rulebook import agent, book
from tests.rulesets.strange_aeons.test_rulebook_horses import (
    BESIDE,
    HERE,
    horse,
    rider,
    scores,
    stable,
)
from tests.rulesets.strange_aeons.test_rulebook_lurkers import watcher
from tests.rulesets.strange_aeons.test_rulebook_lurkers_a import yithian

from skirmish.engine.action import Action
from skirmish.engine.game import Game
from skirmish.rulesets.strange_aeons import ai
from skirmish.rulesets.strange_aeons.scene import SCENE, PlaceScene

PLACED = {"T1": (10.0, 10.0), "L1": (14.0, 10.0)}


def lucky(model_id: str, **fields: Any) -> dict[str, Any]:
    """An Agent (Resolve 4+) that re-rolls a failed test (R:1101)."""
    return agent(model_id, skills=["lucky", *fields.pop("skills", [])], **fields)


def charge(t1: dict[str, Any], l1: dict[str, Any], charger: str = "T1") -> float:
    """:func:`.ai.charge_score` of ``charger`` charging the other of T1 and L1."""
    game = book(t1, l1, placed=PLACED)
    other = "L1" if charger == "T1" else "T1"
    return ai.charge_score(game, model(game, charger), model(game, other))


HIDEOUS = agent("L1", skills=["hideous"])


def test_r117_the_heuristic_weighs_a_charger_s_hideous_test_as_play_takes_it() -> None:
    # A charger's test before a Hideous target costs a Lucky one half what it costs a bare
    # one (1/4 against 1/2 failed).
    bare = charge(agent("T1"), agent("L1")) - charge(agent("T1"), HIDEOUS)
    lucky_cost = charge(lucky("T1"), agent("L1")) - charge(lucky("T1"), HIDEOUS)
    assert bare > 0
    assert lucky_cost == pytest.approx(bare / 2)


def test_r117_the_heuristic_weighs_a_charger_s_hideous_test_where_the_charge_ends() -> None:
    # T1 stands 5.5" from an Unnerving L1 (R:907) and ends its Charge within 5": it tests
    # for the Hideous L1 there on 5+, failing 2 times in 3 (as the odds shown take it), not
    # the 1 in 2 of the 4+ it would need where it stands.
    def cost(unnerving: list[str]) -> float:
        def score(skills: list[str]) -> float:
            l1 = agent("L1", skills=skills, abilities=unnerving)
            game = book(agent("T1", move=8), l1, placed={"T1": (10.0, 10.0), "L1": (16.5, 10.0)})
            game.apply("nominate T1")
            return ai.charge_score(game, model(game, "T1"), model(game, "L1"))

        return score([]) - score(["hideous"])

    plain = cost([])
    assert plain > 0
    assert cost(["unnerving"]) == pytest.approx(plain * 4 / 3)


def test_r117_the_heuristic_weighs_the_hideous_test_it_puts_as_play_takes_it() -> None:
    # A Hideous charger gains half as much from the test it puts to a Lucky target.
    bare = charge(agent("T1"), HIDEOUS, "L1") - charge(agent("T1"), agent("L1"), "L1")
    lucky_gain = charge(lucky("T1"), HIDEOUS, "L1") - charge(lucky("T1"), agent("L1"), "L1")
    assert bare > 0
    assert lucky_gain == pytest.approx(bare / 2)


def test_r113_the_heuristic_weighs_a_beast_s_fear_of_fire_as_play_takes_it() -> None:
    # A Beast charging an enemy on Fire tests first (R:111, R:113): a Lucky one fails a
    # quarter of the time, not half.
    def cost(beast: dict[str, Any]) -> float:
        calm, lit = (book(agent("T1"), beast, placed=PLACED) for _ in range(2))
        lit.state.burning = (("T1", "L1"),)
        return ai.charge_score(calm, model(calm, "L1"), model(calm, "T1")) - ai.charge_score(
            lit, model(lit, "L1"), model(lit, "T1")
        )

    bare = cost(agent("L1", types=["beast"]))
    assert bare > 0
    assert cost(lucky("L1", types=["beast"])) == pytest.approx(bare / 2)


def test_sa_scene_of_horror_the_heuristic_weighs_the_test_as_play_takes_it() -> None:
    # A Lucky T1 fails the Scene's 4+ a quarter of the time: a Move into it costs a quarter
    # of a lost Move's worth, not a half (notes §6 item 8).
    into = Action.parse("move T1 14,10")
    plain = book(lucky("T1"), agent("L1"), placed=PLACED | {"L1": (30.0, 20.0)})
    game = book(
        lucky("T1"),
        agent("L1"),
        placed=PLACED | {"L1": (30.0, 20.0)},
        plots=("scene_of_horror",),
        first=[PlaceScene(1)],
    )
    game.apply(f"{SCENE} 14.5,10")
    for g in (plain, game):
        g.apply("nominate T1")
    assert ai.score_actions(game, [into])[0] == pytest.approx(
        ai.score_actions(plain, [into])[0] - 0.25
    )


def test_r1121_the_heuristic_weighs_the_horses_test_as_play_takes_it() -> None:
    # A Lucky Horse steadies on 5+ 5 times in 9 (1/3, and 2/3 of 1/3 re-rolled), not 1 in 3:
    # the shot from its saddle is worth 5/3 of one from a bare Horse's.
    def shot(steed: dict[str, Any]) -> float:
        game = stable(
            rider("T1", weapons=["unarmed", "shotgun"]),
            steed,
            agent("L1"),
            placed={"T1": HERE, "T2": BESIDE, "L1": (16.0, 10.0)},
        )
        for step in ("nominate T1", "done", "mount T1 T2"):
            game.apply(step)
        return scores(game)["shoot T1 L1 shotgun"]

    bare = shot(horse("T2", "T1"))
    assert bare > 0
    assert shot(horse("T2", "T1", skills=["lucky"])) == pytest.approx(bare * 5 / 3)


def howl(t1: dict[str, Any]) -> float:
    """The worth of L1's Primal Scream (R:601) at T1 alone, 8" off."""
    screamer = agent("L1", types=["beast", "humanoid"], abilities=["primal_scream"])
    game = book(t1, screamer, placed={"T1": (18.0, 10.0), "L1": (10.0, 10.0)}, active=1)
    game.apply("nominate L1")
    return ai.score_actions(game, [Action("howl", ("L1",))])[0]


def test_r601_the_heuristic_weighs_a_howl_s_test_as_play_takes_it() -> None:
    bare = howl(agent("T1"))
    assert bare > 0
    assert howl(lucky("T1")) == pytest.approx(bare / 2)


def evil_eye(t1: dict[str, Any]) -> float:
    """The worth of L1's Evil Eye (R:708) at T1."""
    game = book(t1, watcher("L1"), placed=PLACED, active=1)
    game.apply("nominate L1")
    return ai.score_actions(game, [Action("evil-eye", ("L1", "T1"))])[0]


def test_r708_the_heuristic_weighs_the_evil_eye_s_test_as_play_takes_it() -> None:
    bare = evil_eye(agent("T1"))
    assert bare > 0
    assert evil_eye(lucky("T1")) == pytest.approx(bare / 2)


def shock(game: Game) -> float:
    """The worth of L1's Neural Shock (R:545) at T1."""
    return ai.score_actions(game, [Action("shock", ("L1", "T1"))])[0]


def test_r545_the_heuristic_weighs_a_neural_shock_on_a_transfer_s_victim_at_its_need() -> None:
    # A Mind Transfer's victim needs 2 more: 6+, failed 5 times in 6, not 1 in 2.
    calm, victim = yithian([]), yithian([])
    victim.state.transferred = ("T1",)
    assert shock(calm) > 0
    assert shock(victim) == pytest.approx(shock(calm) * 5 / 3)


def sabbath_fear(*plots: str) -> Game:
    """L1, a Lucky Human Lurker, passes an Action 4" from T1, who causes Fear, and fails its
    test with a 2: asked whether it spends Lucky on the die."""
    game = book(
        agent("T1", skills=["fear"]),
        lucky("L1"),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0)},
        active=1,
        dice=[("resolve", 2)],
        plots=plots,
    )
    game.apply("nominate L1")
    game.apply("pass L1")
    assert game.decision is not None and game.decision.kind == "lucky"
    return game


def test_r929_the_heuristic_keeps_lucky_for_a_test_black_sabbath_re_rolls_for_free() -> None:
    """R:929: Black Sabbath re-rolls the failed test once Lucky is declined, and a die is
    never re-rolled twice: Lucky spent on it first would only waste the free re-roll."""
    assert heuristic_choice(sabbath_fear()).kind == "reroll"
    assert heuristic_choice(sabbath_fear("black_sabbath")).kind == "keep"
