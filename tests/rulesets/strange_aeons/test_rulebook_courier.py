"""Capture the Courier (R:1573), The Bag Man (R:1562-1572) reversed, with scripted dice on the
open 36" x 24" board: the Lurker short edge is the west one, the Threshold's the east one.
Each test is named after the line it plays (rules notes §3.15; the readings in the docs'
"The other Basic Scenarios")."""

from __future__ import annotations

import random
from typing import Any

import pytest
from tests.rulesets.strange_aeons.helpers import apply_all, dice_left, events, model, refused
from tests.rulesets.strange_aeons.rulebook import agent, from_set_up, holding, mid_game, winner

from skirmish.contract import random_game
from skirmish.engine.action import Action
from skirmish.engine.game import HIDDEN_ACTION, Game
from skirmish.geometry.board import Edge
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.strange_aeons import ai, objectives, tokens
from skirmish.rulesets.strange_aeons.damage import set_state
from skirmish.rulesets.strange_aeons.log import describe
from skirmish.rulesets.strange_aeons.rulebook import StrangeAeons
from skirmish.rulesets.strange_aeons.state import Token

BOOK = "strange-aeons"
COURIER = {"variant": "capture-the-courier"}
GUN = ["unarmed", "handgun_45"]
SHOT = [("to-hit", 5), ("to-wound", 4), ("injury", 4), ("injury", 4)]
"""A .45 Handgun's shot that hits, wounds and removes its target (4 + 4: a Minor Injury)."""


@pytest.fixture(scope="module")
def rules() -> StrangeAeons:
    found = find_ruleset(BOOK)
    assert isinstance(found, StrangeAeons)
    return found


def courier(
    *lurkers: dict[str, Any], dice: list[tuple[str, int]], active: int = 0, **placed: Any
) -> Game:
    """Capture the Courier mid-game at the start of ``active``'s turn: T1 (a .45 Handgun)
    against ``lurkers``, L1 the courier holding the package."""
    game = mid_game(
        "the-bag-man",
        agent("T1", weapons=GUN),
        *lurkers,
        placed=placed,
        setup=COURIER,
        edges=("east", "west"),
        dice=dice,
        active=active,
    )
    holding(game, Token("P", "package", holder="L1"), bag_man="L1")
    return game


def test_r1573_the_lurkers_name_a_human_or_humanoid_courier_in_secret() -> None:
    # R:1573: the Lurker player's Human or Humanoid is the Bag Man, named in secret as the
    # Bag Man is (R:1566, our reading); the set-up is The Bag Man's (R:1565).
    game = from_set_up(
        "the-bag-man",
        agent("T1"),
        agent("L1", types=["beast"]),
        agent("L2", types=["humanoid"]),
        agent("L3"),
        dice=[("roll-off first-turn", 2), ("roll-off first-turn", 5)],
        **COURIER,
    )
    assert events(game, "variant")[0].rule == "The Bag Man: Capture the Courier (R:1573)"
    apply_all(game, "edge west", "place L1 2,4", "place L2 2,12", "place L3 2,20")
    game.apply("place T1 34,12")
    assert game.decision is not None and game.decision.player == 1
    assert game.decision.options == (Action("bag-man", ("L2",)), Action("bag-man", ("L3",)))
    game.apply("bag-man L2")
    chosen = events(game, "bag-man")[0]
    assert chosen.rule == "The Bag Man: the Bag Man (R:1573)"
    assert describe(game, chosen).startswith("The Lurkers name ")
    threshold, lurkers = game.view(0), game.view(1)
    assert threshold.state.bag_man == "?" and lurkers.state.bag_man == "L2"
    assert [t.holder for t in threshold.state.tokens] == ["?"]
    assert HIDDEN_ACTION in threshold.actions and "model" not in chosen.seen_by(0).data
    assert game.state.first == 1
    assert not dice_left(game)


def test_r1573_a_game_determinized_for_the_threshold_gives_the_package_to_a_courier() -> None:
    # What the Threshold do not know is drawn among the Lurkers that may be the courier.
    game = courier(
        agent("L1"),
        agent("L2", types=["beast"]),
        dice=[],
        T1=(30.0, 12.0),
        L1=(4.0, 12.0),
        L2=(4.0, 4.0),
    )
    guessed = game.view(0).determinize(0, random.Random(1))
    assert guessed.state.bag_man == "L1"
    assert [t.holder for t in guessed.state.tokens] == ["L1"]


def test_r1573_threshold_take_the_package_and_carry_it_off_the_lurker_edge() -> None:
    # R:1573, R:1569: the courier shot and removed drops the package, revealed; T1 Moving over
    # it takes it and carries it off the Lurker short edge: a Threshold win.
    game = courier(
        agent("L1"),
        agent("L2"),
        agent("L3"),
        dice=SHOT,
        T1=(4.5, 10.0),
        L1=(0.6, 10.0),
        L2=(30.0, 20.0),
        L3=(30.0, 4.0),
    )
    apply_all(game, "nominate T1", "shoot T1 L1 handgun_45")
    assert model(game, "L1").removed == "Minor Injury" and game.state.revealed
    assert events(game, "revealed")[0].models == ("L1",)
    package = game.state.tokens[0]
    assert package.holder == "" and package.x > 0.6
    game.apply("move T1 -0.5,10")
    assert events(game, "picked-up")[0].models == ("T1",)
    assert model(game, "T1").removed == "Escaped"
    assert winner(game) == 0
    assert game.result is not None and game.result.rule == "The Bag Man: objective (R:1573)"
    assert not dice_left(game)


def test_r1573_threshold_leave_only_by_the_lurker_edge_the_lurkers_by_none() -> None:
    # R:1568: every edge but the Lurker short one is Enclosed to the Threshold; R:1573: the
    # Lurkers consider the whole board Enclosed, the courier too.
    game = courier(agent("L1"), dice=[], T1=(30.0, 1.0), L1=(0.6, 12.0))
    game.apply("nominate T1")
    refused(game, "move T1 30,-1", "the south edge is Enclosed to T1 (R:1529, R:1568)")
    lurkers = courier(agent("L1"), dice=[], active=1, T1=(30.0, 12.0), L1=(0.6, 12.0))
    lurkers.apply("nominate L1")
    refused(lurkers, "move L1 -1,12", "the west edge is Enclosed to L1 (R:1529, R:1573)")
    assert objectives.goal_edges(lurkers, model(lurkers, "L1")) == ()


def test_r1573_the_lurkers_win_by_removing_every_threshold_model() -> None:
    # R:1571: every Threshold model removed wins for the Lurkers, the courier still holding
    # the package.
    game = courier(agent("L1", weapons=GUN), dice=SHOT, active=1, T1=(10.0, 12.0), L1=(16.0, 12.0))
    apply_all(game, "nominate L1", "shoot L1 T1 handgun_45")
    assert model(game, "T1").removed == "Minor Injury"
    assert winner(game) == 1
    assert game.state.tokens[0].holder == "L1"
    assert not dice_left(game)


def test_r1573_the_last_lurker_removed_wins_only_if_threshold_hold_the_package() -> None:
    # R:1570 mirrored: the last Lurker removed with the package lying on the table (the
    # courier dropped it) is a draw; a Threshold model holding it then wins.
    game = courier(agent("L1"), dice=SHOT, T1=(10.0, 12.0), L1=(16.0, 12.0))
    apply_all(game, "nominate T1", "shoot T1 L1 handgun_45")
    assert game.is_over and winner(game) is None
    assert game.result is not None
    assert game.result.reason == "no Lurker is left, but the Threshold do not hold the package"
    assert not dice_left(game)
    held = courier(agent("L1"), dice=SHOT, T1=(10.0, 12.0), L1=(16.0, 12.0))
    held.state.tokens = (Token("P", "package", holder="T1"),)
    held.state.revealed = True
    apply_all(held, "nominate T1", "shoot T1 L1 handgun_45")
    assert winner(held) == 0
    assert held.result is not None
    assert held.result.reason == "the Threshold hold the package and no Lurker is left"
    assert not dice_left(held)


def test_sa_capture_the_courier_heuristic_threshold_chase_the_package_to_the_lurker_edge() -> None:
    # The heuristic player plays R:1573 for the Threshold: the hidden courier is no target of
    # its own, the package dropped is, and holding it, the Lurker edge wins.
    game = courier(
        agent("L1"), agent("L2"), dice=[], T1=(20.0, 12.0), L1=(6.0, 12.0), L2=(6.0, 4.0)
    )
    seen = game.view(0)
    assert tokens.wanted(seen, model(seen, "T1")) == []
    set_state(game, model(game, "L1"), "face-down", "test")
    package = game.state.tokens[0]
    assert tokens.wanted(game.view(0), model(game, "T1")) == [(package.x, package.y)]
    assert tokens.loose_package(game, model(game, "T1")) == [(package.x, package.y)]
    assert tokens.loose_package(game, model(game, "L2")) == []
    game.state.tokens = (Token("P", "package", holder="T1"),)
    game.apply("nominate T1")
    assert objectives.goal_edges(game, model(game, "T1")) == (Edge.WEST,)
    assert ai.score_actions(game.view(0), [Action.at("move", ("T1",), 16.0, 12.0)]) > [0.0]


def test_sa_capture_the_courier_heuristic_lurkers_guard_the_courier_kept_away() -> None:
    # For the Lurkers (R:1571, R:1573): the courier keeps away from the Threshold; the
    # others are drawn to him; the Threshold, not knowing him, are not.
    game = courier(
        agent("L1"), agent("L2"), dice=[], active=1, T1=(20.0, 12.0), L1=(8.0, 12.0), L2=(8.0, 2.0)
    )
    seen = game.view(1)
    assert tokens.wanted(seen, model(seen, "L2")) == [(8.0, 12.0)]
    assert tokens.wanted(seen, model(seen, "L1")) == []
    nominations = [Action("nominate", ("L1",)), Action("nominate", ("L2",))]
    courier_first, guard_first = ai.score_actions(seen, nominations)
    assert guard_first > courier_first  # no enemy within 12": the courier stays put
    game.apply("nominate L1")
    away, toward = (
        Action.at("move", ("L1",), 4.0, 12.0),
        Action.at("move", ("L1",), 12.0, 12.0),
    )
    scores = ai.score_actions(game.view(1), [away, toward])
    assert scores[0] > scores[1]


@pytest.mark.parametrize("seed", [2, 5, 9])
def test_r1573_random_lurker_lists_hold_a_courier_and_games_keep_the_contract(
    rules: StrangeAeons, seed: int
) -> None:
    # R:1573: random Lurker lists hold a Human or Humanoid to be the courier (R:1564's half
    # the points on Human Lurkers draws one); the game plays to its end.
    setup = rules.normalize_setup({"scenario": "the-bag-man", **COURIER, "list-seed": seed})
    kinds = [m["types"] for m in setup["lurkers"]["models"]]
    assert any({"human", "humanoid"} & set(k) and "ghost" not in k for k in kinds)
    assert random_game(rules, seed, setup, deep=seed == 2).is_over
