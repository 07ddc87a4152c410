"""The Dark Puppeteer's Compelling Gaze and the Puppet's Node (R:645, R:650; rules notes
§1.13.4, §6 item 62): a Human taken over, made to Move, Shoot and Charge at its own friends,
the close combats between models of one side that follow, and the test to break free; each
with scripted dice on forces written by hand."""

from __future__ import annotations

from typing import Any

from tests.dice_script import script
from tests.rulesets.strange_aeons.helpers import (
    TOUCH,
    apply_all,
    dice_left,
    events,
    model,
    options,
    refused,
)
from tests.rulesets.strange_aeons.rulebook import agent, book

from skirmish.dice import ScriptedDice
from skirmish.engine.action import Action
from skirmish.engine.game import Game
from skirmish.rulesets.strange_aeons import ai

GAZE = "Dark Puppeteer: Compelling Gaze (R:645)"
PUPPETEER = agent("L1", res=2, types=["daemon"], abilities=["compelling_gaze"])
"""An Agent's profile made a Dark Puppeteer: a Resolve of 2+ and the Gaze (R:641, R:645)."""
PUPPET = agent("L2", types=["daemon"], abilities=["node"])
"""An Agent's profile made a Puppet: its Node (R:650)."""
GUNMAN = agent("T1", weapons=["unarmed", "knife", "handgun_45"])


def gazing(*others: dict[str, Any], **placed: Any) -> Game:
    """The Lurkers' turn: the Puppeteer L1 at 10,10, T1 (a .45 Handgun) 10" east of it, T2
    5" beyond, and ``others`` placed as ``placed`` says."""
    return _table(others, placed, active=1, start="nominate")


def held(
    *others: dict[str, Any], active: int = 1, t1: dict[str, Any] = GUNMAN, **placed: Any
) -> Game:
    """:func:`gazing`'s game with T1 (``t1``) Compelled by L1 already, in ``active``'s turn."""
    return _table(others, placed, t1, active=active, start="nominate", before=compel)


def fighting(*faces: int) -> Game:
    """The Threshold's turn beginning with T1, Compelled by L1, in base-to-base with T2: the
    close combat dice are ``faces``."""
    placed = {"T2": (20.0 + TOUCH, 10.0)}
    return _table((), placed, dice=script("close-combat", *faces), before=compel)


def _table(
    others: tuple[dict[str, Any], ...],
    placed: dict[str, Any],
    t1: dict[str, Any] = GUNMAN,
    **kwargs: Any,
) -> Game:
    at = {"T1": (20.0, 10.0), "T2": (25.0, 10.0), "L1": (10.0, 10.0), **placed}
    return book(t1, agent("T2"), PUPPETEER, *others, placed=at, **kwargs)


def compel(game: Game) -> None:
    """T1 is Compelled by L1."""
    game.state.compelled = (("T1", "L1"),)


# -- The Gaze (R:645) --------------------------------------------------------------------------


def test_sa_compelling_gaze_a_passed_resolve_test_compels_a_human_within_15_r645() -> None:
    game = gazing()
    game.dice = ScriptedDice(script("resolve", 2))
    game.apply("nominate L1")
    assert options(game) == ["pass L1", "gaze L1 T1", "gaze L1 T2"]
    game.apply("gaze L1 T1")
    assert game.state.compelled == (("T1", "L1"),)
    test, held_ = events(game, "gaze")[0], events(game, "compelled")[0]
    assert (test.rule, test.data) == (GAZE, {"need": 2, "passed": True})
    assert held_.models == ("L1", "T1")
    assert game.describe(test).startswith(
        "Agent L1 (L1) tests Resolve for its Compelling Gaze: needs 2+, passed"
    )
    assert game.describe(held_).startswith(
        "Agent L1 (L1)'s Gaze Compels Agent T1 (T1): it fights for its "
        "Puppeteer's side until it regains control"
    )
    assert "gaze L1 T2" not in options(game)  # one model at a time
    assert "direct L1" in options(game)
    assert game.ruleset.model_status(game, model(game, "T1")).conditions == ("Compelled",)
    assert not dice_left(game)


def test_sa_compelling_gaze_a_failed_test_compels_no_one_r645() -> None:
    game = gazing()
    game.dice = ScriptedDice(script("resolve", 1))
    apply_all(game, "nominate L1", "gaze L1 T1")
    assert game.state.compelled == ()
    assert events(game, "gaze")[0].data == {"need": 2, "passed": False}
    assert not dice_left(game)


def test_sa_compelling_gaze_only_a_human_enemy_within_15_one_at_a_time_r645() -> None:
    game = gazing(agent("L3"), agent("T3", types=["beast"]), L3=(12.0, 14.0), T3=(14.0, 14.0))
    game.apply("nominate L1")
    refused(game, "gaze L1 L3", "L3 is not a Human enemy on the table")
    refused(game, "gaze L1 T3", "T3 is not a Human enemy on the table")
    game2 = gazing(T2=(27.0, 10.0))
    game2.apply("nominate L1")
    refused(game2, "gaze L1 T2", 'the Gaze reaches 15"')
    game3 = held()
    game3.apply("nominate L1")
    refused(game3, "gaze L1 T2", "L1 Compels T1 already: one model at a time")


def test_sa_compelling_gaze_none_without_the_rule_nor_a_victim_to_direct_r645() -> None:
    game = gazing(agent("L3"), L3=(12.0, 14.0))
    game.apply("nominate L1")
    refused(game, "direct L1", "L1 Compels no model")
    refused(game, "regain L1", "L1 is not Compelled")
    game2 = gazing(agent("L3"), L3=(12.0, 14.0))
    game2.apply("nominate L3")
    refused(game2, "gaze L3 T1", "L3 has no Compelling Gaze")


# -- Its Actions: Move, Shoot or Charge at its friends (R:645) --------------------------------


def test_sa_compelling_gaze_the_puppeteer_s_action_makes_its_victim_shoot_a_friend_r645() -> None:
    game = held()
    game.dice = ScriptedDice(script("to-hit", 5, "to-wound", 4, "injury", 4, 4, "resolve", 5, 5))
    apply_all(game, "nominate L1", "direct L1")
    assert game.decision is not None and game.decision.player == 1  # the Puppeteer's player
    assert options(game) == ["charge T1 T2", "shoot T1 T2 handgun_45"]
    assert [p.kind for p in game.decision.points] == ["move"]
    game.apply("shoot T1 T2 handgun_45")
    assert events(game, "direct")[0].models == ("L1", "T1")
    assert game.describe(events(game, "direct")[0]).startswith(
        "Agent L1 (L1) directs Agent T1 (T1), whom it Compels, to take a Move, a Shoot or a Charge"
    )
    assert model(game, "T2").removed == "Minor Injury"
    # A friend removed by a friend: T1 itself tests, its friend gone (R:204), then as the last.
    tests = [e.data["situation"] for e in events(game, "resolve")]
    assert tests == ["removal:T2", "last"]
    assert options(game) == ["pass L1", "direct L1"]  # the Puppeteer's second Action
    assert not dice_left(game)


def test_sa_compelling_gaze_the_victim_takes_no_other_action_nor_shoots_a_lurker_r645() -> None:
    game = held()
    apply_all(game, "nominate L1", "direct L1")
    refused(game, "pass T1", "L1 makes T1 Move, Shoot or Charge")
    refused(game, "shoot T1 L1 handgun_45", "L1 is not an enemy of T1")
    refused(game, "charge T1 L1", "L1 is not an enemy of T1")


def test_sa_compelling_gaze_the_victim_moves_where_the_puppeteer_s_player_says_r645() -> None:
    game = held()
    apply_all(game, "nominate L1", "direct L1", "move T1 20,14")
    assert model(game, "T1").pos == (20.0, 14.0)
    assert options(game) == ["pass L1", "direct L1"]


def test_sa_compelling_gaze_its_own_side_s_alert_model_shoots_it_as_it_moves_r645() -> None:
    game = held(agent("T3", weapons=["unarmed", "handgun_22"]), T3=(20.0, 20.0))
    game.dice = ScriptedDice(script("to-hit", 3))  # one die: a miss
    apply_all(game, "nominate L1", "direct L1", "move T1 20,14")
    assert game.decision is not None and game.decision.player == 0
    assert options(game) == ["alert T3 T1 handgun_22", "no-alert"]
    game.apply("alert T3 T1 handgun_22")
    assert events(game, "alert")[0].models == ("T3", "T1")
    assert not dice_left(game)


def test_sa_compelling_gaze_its_target_priority_reads_its_friends_not_the_lurkers_r645() -> None:
    # L3 stands 2" from T1, T3 3" off: T3, a friend, is the closest target T1 must shoot.
    game = held(agent("L3"), agent("T3"), L3=(20.0, 12.0 + TOUCH), T3=(20.0, 7.0 - TOUCH))
    game.dice = ScriptedDice(script("resolve", 3, "to-hit", 2))
    apply_all(game, "nominate L1", "direct L1", "shoot T1 T2 handgun_45")
    test = events(game, "priority-test")[0]
    assert (test.models, test.data) == (("T1",), {"need": 4, "passed": False})
    assert events(game, "retarget")[0].models == ("T1", "T3")
    assert not dice_left(game)


def test_sa_compelling_gaze_its_spray_template_hits_its_friends_under_it_as_usual_r645() -> None:
    sprayer = agent("T1", dex=4, weapons=["unarmed", "spray"])
    game = held(agent("T3"), t1=sprayer, T2=(24.0, 10.0), T3=(26.5, 10.6))
    game.dice = ScriptedDice(script("to-hit", 4, "to-wound", 1))  # 1 + 2 = 3: no Wound
    apply_all(game, "nominate L1", "direct L1", "shoot T1 T2 spray")
    assert events(game, "template")[0].models == ("T2", "T3")
    assert [e.models for e in events(game, "no-wound")] == [("T2",), ("T3",)]
    assert not dice_left(game)


def test_sa_compelling_gaze_no_action_for_a_victim_that_cannot_move_shoot_or_charge_r645() -> None:
    game = held(T1={"pos": (20.0, 10.0), "state": "face-down"})
    game.apply("nominate L1")
    assert "direct L1" not in options(game)
    refused(game, "direct L1", "the model L1 Compels may not Move, Shoot or Charge now")


# -- Close combat between one side's models (R:645) -------------------------------------------


def test_sa_compelling_gaze_the_victim_charges_a_friend_and_they_fight_r645() -> None:
    game = held()
    # T1 6 + 1 = 7 against T2 2 + 1 = 3: T1 wins, and its player is the Puppeteer's.
    game.dice = ScriptedDice(script("close-combat", 6, 1, 2, 2))
    apply_all(game, "nominate L1", "direct L1", "charge T1 T2")
    assert game.decision is not None and game.decision.kind == "combat-won"
    assert game.decision.player == 1
    assert options(game) == ["wound T1"]
    assert not dice_left(game)


def test_sa_compelling_gaze_a_combat_of_one_side_is_fought_as_the_turn_begins_r645() -> None:
    # T2 touches T1: in the Threshold's turn T2 fights for its side (T2 1 + 1, T1 6 + 1).
    game = fighting(1, 1, 6, 2)
    assert game.decision is not None and game.decision.kind == "combat-won"
    assert (game.decision.player, options(game)) == (1, ["wound T1"])
    assert not dice_left(game)


def joined(joiner: str, at: tuple[float, float], target: str, active: int) -> Game:
    """T1 fights T2 when ``joiner`` (an Agent at ``at``) Charges ``target`` in ``active``'s
    turn, and wins: its 6 + 1 against 2 + 1."""
    game = held(agent(joiner), T2=(20.0 + TOUCH, 10.0), active=active, **{joiner: at})
    game.dice = ScriptedDice(script("close-combat", 6, 1, 1, 2, 2))
    apply_all(game, f"nominate {joiner}", f"charge {joiner} {target}")
    assert game.decision is not None and game.decision.kind == "combat-won"
    assert not dice_left(game)
    return game


def test_sa_compelling_gaze_a_friend_joins_the_combat_against_the_victim_r645() -> None:
    # T3 Charges T1, which fights T2: T3 gets the bonus die of a friend beside it.
    game = joined("T3", (16.0, 10.0), "T1", 0)
    assert events(game, "outnumbered")[0].models == ("T3", "T1")
    assert game.decision is not None and game.decision.player == 0


def test_sa_compelling_gaze_the_lurkers_neither_fight_nor_charge_the_victim_r645() -> None:
    game = held(agent("L3"), L3=(20.0, 10.0 + TOUCH))
    game.apply("nominate L3")
    refused(game, "charge L3 T1", "T1 is not an enemy of L3")
    assert "charge L3 T2" in options(game)  # T2, 5" away, an enemy still


def test_sa_compelling_gaze_a_lurker_joins_the_combat_against_the_friend_r645() -> None:
    # T2 fights T1; L3 Charges T2 and fights it with T1's bonus die beside it.
    game = joined("L3", (20.0 + TOUCH, 14.0), "T2", 1)
    assert events(game, "outnumbered")[0].models == ("L3", "T2")
    assert game.decision is not None and game.decision.player == 1


def test_sa_compelling_gaze_a_winner_breaks_off_the_combat_of_one_side_r645() -> None:
    game = fighting(6, 1, 1, 2)
    assert game.decision is not None and game.decision.kind == "combat-won"
    refused(game, f"withdraw T2 {20.0 + TOUCH:.2f},10", "the point is still in base-to-base")
    game.apply("withdraw T2 25,10")
    assert model(game, "T2").pos == (25.0, 10.0)
    assert game.decision is not None and game.decision.kind == "nominate"
    assert not dice_left(game)


def test_sa_compelling_gaze_the_combat_ends_once_the_victim_regains_control_r645() -> None:
    game = held(T2=(20.0 + TOUCH, 10.0), active=0)
    game.dice = ScriptedDice(script("resolve", 4))
    apply_all(game, "nominate T1", "regain T1")
    assert game.state.compelled == ()
    # Friends again: neither is engaged, so T1 may go where it will.
    assert [p.kind for p in game.decision.points][:1] == ["move"]
    assert "charge T1 T2" not in options(game)
    game.apply("move T1 20,14")
    assert not dice_left(game)


# -- Regaining control (R:645, notes §6 item 62) and Node (R:650) -----------------------------


def test_sa_compelling_gaze_nominated_by_its_player_its_first_action_tests_to_break_free_r645() -> (
    None
):
    game = held(active=0)
    game.dice = ScriptedDice(script("resolve", 4))
    game.apply("nominate T1")
    assert options(game) == ["regain T1"]
    assert game.decision is not None and game.decision.player == 0
    refused(game, "pass T1", "T1 is Compelled: its Action is the test to regain control")
    refused(game, "move T1 20,12", "T1 is Compelled: its Action is the test to regain control")
    game.apply("regain T1")
    regain = events(game, "regain")[0]
    assert (regain.rule, regain.data) == (GAZE, {"need": 4, "passed": True})
    assert events(game, "regained")[0].models == ("T1",)
    assert game.describe(regain).startswith(
        "Agent T1 (T1) tests Resolve to regain control of itself: needs 4+, passed"
    )
    assert game.describe(events(game, "regained")[0]).startswith(
        "Agent T1 (T1) regains control of itself: it is Compelled no more"
    )
    assert "shoot T1 L1 handgun_45" in options(game)  # its second Action, its own again
    assert not dice_left(game)


def test_sa_compelling_gaze_a_failed_test_spends_the_victim_s_actions_r645() -> None:
    game = held(active=0)
    game.dice = ScriptedDice(script("resolve", 3))
    apply_all(game, "nominate T1", "regain T1")
    assert game.state.compelled == (("T1", "L1"),)
    # Its second Action is spent: the Turn passes to the Lurkers.
    assert (game.state.active, events(game, "pass")) == (1, [])
    assert not dice_left(game)


def test_sa_node_a_puppet_within_5_makes_the_victim_s_resolve_1_worse_r650() -> None:
    game = held(PUPPET, active=0, L2=(20.0, 14.0))
    game.dice = ScriptedDice(script("resolve", 4))
    apply_all(game, "nominate T1", "regain T1")
    assert events(game, "node")[0].models == ("T1", "L2")
    assert game.describe(events(game, "node")[0]).startswith(
        'Agent T1 (T1) is Compelled within 5" of the Puppet Agent L2 (L2): +1 on its Resolve'
    )
    assert events(game, "regain")[0].data == {"need": 5, "passed": False}
    assert game.state.compelled == (("T1", "L1"),)
    assert not dice_left(game)


def test_sa_node_no_penalty_beyond_5_nor_on_a_model_not_compelled_r650() -> None:
    game = held(PUPPET, active=0, L2=(20.0, 16.0))
    game.dice = ScriptedDice(script("resolve", 4))
    apply_all(game, "nominate T1", "regain T1")
    assert not events(game, "node")
    assert game.state.compelled == ()
    assert not dice_left(game)


def test_sa_compelling_gaze_the_hold_ends_when_the_puppeteer_is_removed_r645() -> None:
    game = held(active=0, L1={"pos": (10.0, 10.0), "removed": "Major Injury"})
    game.apply("nominate T1")
    assert "regain T1" not in options(game)
    assert "shoot T1 T2 handgun_45" not in options(game)


# -- The heuristic (R:645) ---------------------------------------------------------------------


def test_sa_compelling_gaze_the_heuristic_gazes_and_steers_the_victim_at_its_friends_r645() -> None:
    game = gazing()
    game.apply("nominate L1")
    pass_, gaze = ai.score_actions(game, [Action("pass", ("L1",)), Action("gaze", ("L1", "T1"))])
    assert gaze > pass_
    game = held()
    apply_all(game, "nominate L1")
    pass_, direct = ai.score_actions(game, [Action("pass", ("L1",)), Action("direct", ("L1",))])
    assert direct > pass_
    game.apply("direct L1")
    (shot,) = ai.score_actions(game, [Action("shoot", ("T1", "T2", "handgun_45"))])
    toward, away = ai.score_actions(
        game, [Action("move", ("T1",), (23.0, 10.0)), Action("move", ("T1",), (15.0, 10.0))]
    )
    assert shot > max(toward, away, 0.0)  # a shot at a friend beats any Move
