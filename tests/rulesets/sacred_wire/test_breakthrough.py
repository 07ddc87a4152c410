"""Breakthrough (M6.1): the exit edge, exits from the end of Round 2, Engaged models and
fleeing ones, the count at the end, and a squad gone off the board (K1.2 Mission Exits)."""

from __future__ import annotations

import pytest
from tests.rulesets.sacred_wire.helpers import TOUCH, dice_left, events, script, unchanged
from tests.rulesets.sacred_wire.test_missions import ended, reward

from skirmish.dice import ScriptedDice
from skirmish.engine.game import Game
from skirmish.errors import SkirmishError
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.sacred_wire.campaign.outcome import Fate, outcome_of
from skirmish.rulesets.sacred_wire.game.activation import Activation
from skirmish.rulesets.sacred_wire.game.casualties import OUT_OF_ACTION
from skirmish.rulesets.sacred_wire.game.model import NEURAL_TRAP, TimedEffect
from skirmish.rulesets.sacred_wire.game.movement import FleeMove
from skirmish.rulesets.sacred_wire.game.rounds import EndRound
from skirmish.rulesets.sacred_wire.missions import zones

RULESET = find_ruleset("sacred-wire")
# Side A deployed south, B north: A's exit edge is north, B's south (M6.1).
NEAR_NORTH = (12.0, 22.0)
OTHERS = {"A2": (2.0, 2.0), "B1": (20.0, 2.0), "B2": (22.0, 2.0)}


def _moving(round: int, placed: dict[str, object] | None = None) -> Game:
    return ended(
        "breakthrough",
        placed or {"A1": NEAR_NORTH, **OTHERS},
        round=round,
        steps=[Activation("A1")],
    )


def test_m6_1_breakthrough_is_played_on_the_standard_deployment() -> None:
    always = r"deployment 'corners': Breakthrough is always played on the Standard deployment"
    with pytest.raises(SkirmishError, match=always):
        RULESET.normalize_setup({"mission": "breakthrough", "deployment": "corners"})
    assert RULESET.normalize_setup({"mission": "breakthrough"})["deployment"] == "standard"


def test_m6_1_no_model_exits_before_the_end_of_round_2() -> None:
    game = _moving(2)
    unchanged(
        game,
        "move A1 12,24.5",
        r"no model exits across the north edge before the end of Round 2 \(M6\.1\)$",
    )


def test_m6_1_a_model_exits_across_its_exit_edge_and_scores() -> None:
    game = _moving(3)
    game.apply("move A1 12,24.5")
    a1 = game.model("A1")
    assert a1.removed == zones.EXITED
    (exit_event,) = events(game, "exited")
    assert game.describe(exit_event) == (
        "Mara Voss (A1) exits across the north edge for the mission  [M6.1]"
    )
    assert not events(game, "left-board")
    assert "performance-review" not in a1.post_game


def test_m6_1_another_edge_is_an_ordinary_leave_c4_20() -> None:
    game = _moving(3, {"A1": (1.0, 12.0), **OTHERS})
    game.apply("move A1 -0.5,12")
    assert [e.rule for e in events(game, "left-board")] == ["C4.20"]
    assert "performance-review" in game.model("A1").post_game


def test_m6_1_an_engaged_model_disengages_before_it_exits() -> None:
    placed = {"A1": NEAR_NORTH, "B3": (12.0, 20.9), **OTHERS}
    game = _moving(3, placed)
    unchanged(
        game,
        "move A1 12,24.5",
        r"Mara Voss \(A1\) is Engaged: it must Disengage before it exits \(M6\.1\)$",
    )


def test_m6_1_a_scout_leaves_engagement_freely_and_exits_with_no_disengage() -> None:
    # The Scout B4 leaves engagement freely (C2.4, notes A18): nothing to Disengage from.
    placed = {"B4": (12.0, 2.0), "A2": (12.0, 2.0 + TOUCH), "A1": (2.0, 22.0), "B1": (20.0, 22.0)}
    game = ended("breakthrough", placed, round=3, steps=[Activation("B4")])
    game.apply("move B4 12,-0.5")
    assert game.model("B4").removed is not None
    assert [e.models for e in events(game, "exited")] == [("B4",)]


def test_m6_1_a_cable_whips_holder_is_engaged_at_2_inches_and_disengages_before_it_exits() -> None:
    # Notes A17: the whip holder is Engaged 1.5" from B3, which is not; it must Disengage.
    placed = {
        "A1": {"pos": NEAR_NORTH, "weapons": ("Cable Whip",)},
        "B3": (12.0, NEAR_NORTH[1] - TOUCH - 1.5),
        **OTHERS,
    }
    game = _moving(3, placed)
    unchanged(
        game,
        "move A1 12,24.5",
        r"Mara Voss \(A1\) is Engaged: it must Disengage before it exits \(M6\.1\)$",
    )
    game.apply("disengage A1")
    game.apply("move A1 12,24.5")
    assert [e.models for e in events(game, "exited")] == [("A1",)]


def test_m6_1_a_model_1_5_inches_from_a_cable_whip_is_not_engaged_and_exits() -> None:
    # Notes A17: the whip reaches Mara Voss, who is not Engaged; she exits, and B3 makes its
    # free attack as she leaves its 2" (C4.5): 3+3 against 4+4, a miss.
    placed = {
        "A1": NEAR_NORTH,
        "B3": {"pos": (12.0, NEAR_NORTH[1] - TOUCH - 1.5), "weapons": ("Cable Whip",)},
        **OTHERS,
    }
    game = _moving(3, placed)
    game.dice = ScriptedDice(script("attack", 3, 3, "defense", 4, 4))
    game.apply("move A1 12,24.5")
    assert events(game, "free-attack") and [e.models for e in events(game, "exited")] == [("A1",)]
    assert dice_left(game) == []


def test_m6_1_a_model_fleeing_off_its_own_exit_edge_counts_as_exited() -> None:
    placed = {"A1": {"pos": (12.0, 23.0), "fleeing": True}, **OTHERS}
    game = ended("breakthrough", placed, round=3, steps=[FleeMove("A1")])
    assert game.model("A1").removed == zones.EXITED


def test_r5_1_a_model_the_neural_trap_takes_out_of_action_stops_where_it_stands() -> None:
    # C4.18: Out of Action before its move, it neither moves nor exits (notes A65).
    trap = TimedEffect(NEURAL_TRAP, 6, "", 1, 1, "Neural Trap", "R5.1")
    placed = {"A1": (2.0, 4.0), "A3": {"pos": NEAR_NORTH, "health": 2, "timed": (trap,)}}
    game = ended("breakthrough", {**placed, **OTHERS}, round=3, steps=[Activation("A3")])
    game.dice = ScriptedDice(script("neural-trap", 5))
    game.apply("move A3 12,24.5")
    a3 = game.model("A3")
    assert (a3.removed, a3.pos) == (OUT_OF_ACTION, NEAR_NORTH)
    assert [e.rule for e in events(game, "out-of-action")] == ["C4.18"]
    assert not events(game, "moved") and not events(game, "exited")


def test_m6_1_most_models_exited_win_with_the_bonus() -> None:
    gone = {mid: {"pos": (1.0, 1.0), "removed": zones.EXITED} for mid in ("A3", "A4", "A5")}
    game = ended("breakthrough", {**gone, "A1": (5.0, 5.0), "B1": (20.0, 20.0), "B2": (21, 20)})
    assert game.result is not None and game.result.winner == 0
    assert game.result.reason == "most models exited (3 to 0)"
    assert reward(game).leads == (2, 0)
    fates = {m.name: m.fate for m in outcome_of(game, 0).models}
    assert fates[game.model("A3").name] is Fate.EXITED


def test_m6_1_no_exits_most_surviving_models_win() -> None:
    game = ended("breakthrough", {"A1": (5.0, 5.0), "B1": (20.0, 20.0), "B2": (21.0, 20.0)})
    assert game.result is not None and game.result.winner == 1
    assert game.result.reason == "tied on models exited, most surviving models (2 to 1)"


def test_m6_1_a_squad_gone_by_exiting_is_not_wiped_out_and_the_other_plays_on() -> None:
    # A1 exits as side A's last model on the board; B1-B3 stand 1" from their exit edge.
    placed = {"A1": NEAR_NORTH, "B1": (5.0, 1.0), "B2": (19.0, 1.0), "B3": (12.0, 1.0)}
    steps = [Activation(mid) for mid in ("A1", "B1", "B2", "B3")]
    game = ended("breakthrough", placed, round=3, steps=steps)
    game.apply("move A1 12,24.5")
    assert game.result is None
    for mid, x in (("B1", 5), ("B2", 19), ("B3", 12)):
        game.apply(f"move {mid} {x},-0.5")
    # No squad is left on the board: the count decides at once.
    assert game.result is not None and game.result.winner == 1
    assert game.result.reason == "most models exited (3 to 1)"
    assert reward(game).leads == (0, 2)


def test_m6_1_a_squad_with_a_model_exited_plays_on_after_its_last_leaves_another_edge() -> None:
    placed = {"A1": (1.0, 12.0), "A3": {"pos": (1.0, 1.0), "removed": zones.EXITED}, **OTHERS}
    del placed["A2"]
    game = _moving(3, placed)
    game.apply("move A1 -0.5,12")
    assert game.result is None


def test_m6_1_a_wiped_out_squad_leaves_the_other_to_exit_until_the_end() -> None:
    # A1, side A's last model and none exited, leaves by another edge: B plays on and exits.
    placed = {"A1": (1.0, 12.0), "B1": (20.0, 1.0), "B2": (22.0, 2.0)}
    game = _moving(3, placed)
    game.apply("move A1 -0.5,12")
    assert game.result is None
    game.begin([Activation("B1")])
    game.apply("move B1 20,-0.5")
    assert game.result is None
    game.state.round = 7
    game.begin([EndRound()])
    assert game.result is not None and game.result.winner == 1
    assert game.result.reason == "most models exited (1 to 0)"
