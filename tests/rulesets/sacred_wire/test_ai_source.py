"""The heuristic player with a package to carry off (M13.2 The Source; the same scoring serves
M1.1 and M12.1), models placed by hand: the model nearest the package goes to take it and
takes it before any attack, and no other friend is pulled to it."""

from __future__ import annotations

import math

from tests.rulesets.sacred_wire.helpers import R
from tests.rulesets.sacred_wire.test_source import AT_SOURCE, source_game

from skirmish.players import HeuristicPlayer
from skirmish.rulesets.sacred_wire.game.activation import Activation
from skirmish.rulesets.sacred_wire.missions import zones

CENTRE = (12.0, 12.0)  # where the Source lies


def test_m13_2_the_ai_sends_the_model_nearest_the_source_to_take_it() -> None:
    placed = {"A2": (12.0, 8.5), "A4": (12.0, 4.0), "B1": (20.0, 22.0)}
    game = source_game(placed, round=1, steps=[Activation("A2")])
    assert zones.mission_pull(game, game.model("A2")).take is not None
    assert zones.mission_pull(game, game.model("A4")).weight == 0.0  # a friend is nearer
    choice = HeuristicPlayer(0).choose(game)
    assert choice.kind == "move" and choice.point is not None
    assert math.dist(choice.point, CENTRE) - R <= 1.0  # within reach of the Source


def test_m13_2_the_ai_takes_the_source_before_any_attack() -> None:
    game = source_game({"A1": AT_SOURCE, "B2": (12.0, 16.0)}, round=2, steps=[Activation("A1")])
    assert game.decision is not None
    assert any(a.kind == "shoot" for a in game.decision.options)
    assert HeuristicPlayer(0).choose(game).kind == "interact"
