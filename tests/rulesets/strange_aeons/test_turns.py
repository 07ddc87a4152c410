"""Turns: nomination, two Actions per nominated model, Command and forfeited Actions."""

from __future__ import annotations

from tests.dice_script import script
from tests.rulesets.strange_aeons.helpers import (
    TOUCH,
    apply_all,
    dice_left,
    events,
    kinds,
    model,
    options,
    refused,
    scenario,
)

from skirmish.engine.game import Game
from skirmish.rulesets.strange_aeons.state import AeonsState

# Lurkers around the Cult Leader at (20, 12): the Cultist 6" away, the Zombie 9" away.
# The Threshold far off, beyond 5" of everyone so that no psychology is involved.
LURKERS_CLOSE = {
    "L1": (20.0, 12.0),
    "L2": (26.0, 12.0),
    "L3": (20.0, 3.0),
    "T1": (2.0, 22.0),
    "T2": (6.0, 22.0),
}


def st(game: Game) -> AeonsState:
    assert isinstance(game.state, AeonsState)
    return game.state


def test_turns_nominate_one_model_of_the_active_side() -> None:
    game = scenario(LURKERS_CLOSE, active=1)
    assert game.decision is not None
    assert (game.decision.kind, game.decision.player) == ("nominate", 1)
    assert options(game) == ["nominate L1", "nominate L2", "nominate L3"]
    refused(game, "nominate T1", "T1 is one of the Threshold: it is the Lurkers turn")


def test_turns_nominated_model_performs_two_actions_then_the_turn_passes() -> None:
    game = scenario(LURKERS_CLOSE, active=1)
    game.apply("nominate L2")
    assert game.decision is not None
    assert game.decision.prompt == "Cultist (L2): Action 1 of 2"
    normal = "L2 is Normal: only a model Face Up or Face Down Changes State"
    refused(game, "change-state L2", normal)
    game.apply("move L2 27,12")
    assert game.decision.prompt == "Cultist (L2): Action 2 of 2"
    game.apply("move L2 28,12")
    assert model(game, "L2").pos == (28.0, 12.0)
    # The turn is over: the Threshold player nominates next.
    assert (st(game).active, game.decision.kind, game.decision.player) == (0, "nominate", 0)
    assert kinds(game) == ["nominated", "moved", "moved", "turn"]
    assert not dice_left(game)


def test_turns_model_finishes_both_actions_before_the_next_acts() -> None:
    game = scenario(LURKERS_CLOSE, active=1)
    apply_all(game, "nominate L1", "nominate L2", "done")
    assert game.decision is not None
    assert game.decision.kind == "activate"
    assert options(game) == ["activate L1", "activate L2"]
    refused(game, "activate L3", "L3 is not nominated this turn")
    game.apply("activate L2")
    game.apply("move L2 27,12")
    # L1 may not act until L2 has finished: the decision is still L2's second Action.
    assert game.decision.prompt == "Cultist (L2): Action 2 of 2"
    waits = "L2 is taking its Actions: the others wait until it has finished"
    refused(game, "move L1 21,12", waits)
    game.apply("pass L2")
    # Only L1 is left: it acts without being chosen.
    assert game.decision.prompt == "Cult Leader (L1): Action 1 of 2"
    apply_all(game, "pass L1", "pass L1")
    assert st(game).active == 0


def test_command_nominates_two_more_within_10() -> None:
    game = scenario(LURKERS_CLOSE, active=1)
    game.apply("nominate L1")
    assert game.decision is not None and game.decision.kind == "command"
    assert options(game) == ["nominate L2", "nominate L3", "done"]
    game.apply("nominate L3")
    assert options(game) == ["nominate L2", "done"]
    game.apply("nominate L2")
    # Two extra models: Command is spent.
    assert game.decision.kind == "activate"
    assert st(game).nominated == ("L1", "L3", "L2")
    assert [e.rule for e in events(game, "nominated")] == [
        "Turns: nomination",
        "Skills: Command",
        "Skills: Command",
    ]


def test_command_does_not_reach_beyond_10() -> None:
    placed = {**LURKERS_CLOSE, "L3": (20.0 - 10.0 - 0.984 - 0.2, 12.0)}  # 10.2" edge to edge
    game = scenario(placed, active=1)
    game.apply("nominate L1")
    assert options(game) == ["nominate L2", "done"]
    refused(game, "nominate L3", 'L3 is 10.2" from L1: Command reaches 10"')
    refused(game, "nominate L1", "L1 is already nominated")


def test_command_only_if_commander_started_the_turn_normal() -> None:
    placed = {**LURKERS_CLOSE, "L1": {"pos": (20.0, 12.0), "state": "face-up", "wounds": 0}}
    game = scenario(placed, active=1)
    game.apply("nominate L1")
    # No Command: the Cult Leader goes straight to its (Change State only) Actions.
    assert game.decision is not None
    assert game.decision.prompt == "Cult Leader (L1): Action 1 of 2"
    assert options(game) == ["change-state L1", "pass L1"]
    assert st(game).nominated == ("L1",)


def test_command_not_regained_by_changing_state_during_the_turn() -> None:
    placed = {**LURKERS_CLOSE, "L1": {"pos": (20.0, 12.0), "state": "face-up", "wounds": 0}}
    game = scenario(placed, active=1)
    apply_all(game, "nominate L1", "change-state L1", "pass L1")
    assert model(game, "L1").normal
    # Next Lurker turn the Cult Leader started Normal and commands again.
    apply_all(game, "nominate T2", "pass T2", "pass T2", "nominate L1")
    assert game.decision is not None and game.decision.kind == "command"


def test_intro_command_not_used_by_a_commander_knocked_face_up_in_a_start_of_turn_combat() -> None:
    """Command needs a Normal model that also began the turn Normal (notes §1.15): the Cult
    Leader, Normal as the turn begins, is Stunned in the start-of-turn round."""
    placed = {
        "T1": (10.0, 10.0),
        "L1": (10.0 + TOUCH, 10.0),
        "L2": (20.0, 10.0),
        "L3": (22.0, 10.0),
        "T2": (2.0, 22.0),
    }
    # The Cult Leader 1 + 1 against Frank 6 + 1; 6 + 1 = 7 against Con 6 is 2 Wounds, one
    # past his last: an Injury of 1 + 1 + 1 = 3, Stunned.
    dice = script("close-combat", 1, 1, 6, 1, 1, "to-wound", 6, 1, 1, 1, 1, "injury", 1, 1)
    game = scenario(placed, dice=dice, active=1)
    game.apply("wound T1")
    assert model(game, "L1").state == "face-up"
    assert "L1" in st(game).normal_at_start
    game.apply("nominate L1")
    assert game.decision is not None
    assert game.decision.prompt == "Cult Leader (L1): Action 1 of 2"
    assert options(game) == ["change-state L1", "pass L1"]
    assert st(game).nominated == ("L1",)
    assert not dice_left(game)


def test_command_may_nominate_a_model_that_is_not_normal() -> None:
    placed = {**LURKERS_CLOSE, "L3": {"pos": (20.0, 3.0), "state": "face-down", "wounds": 0}}
    game = scenario(placed, active=1)
    apply_all(game, "nominate L1", "nominate L3", "done", "activate L3")
    assert options(game) == ["change-state L3", "pass L3"]


def test_command_done_nominates_no_more() -> None:
    game = scenario(LURKERS_CLOSE, active=1)
    apply_all(game, "nominate L1", "done")
    assert game.decision is not None
    assert game.decision.prompt == "Cult Leader (L1): Action 1 of 2"
    assert st(game).nominated == ("L1",)


def test_turns_forfeit_an_action() -> None:
    """A nominated model may forfeit its Actions (rules notes item 31)."""
    game = scenario(LURKERS_CLOSE, active=1)
    apply_all(game, "nominate L2", "move L2 27,12", "pass L2")
    assert model(game, "L2").pos == (27.0, 12.0)
    passes = events(game, "pass")
    assert [(e.models, e.rule) for e in passes] == [
        (("L2",), "Actions: forfeit (rules notes item 31)")
    ]
    assert st(game).active == 0
