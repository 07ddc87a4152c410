"""Measuring the table: sight between two models, kept per pair of bases where they stand."""

from __future__ import annotations

from tests.rulesets.sacred_wire.helpers import board, rect, scenario

from skirmish.rulesets.sacred_wire.game.space import in_cover, sees

WALL = {"id": "wall", "kind": "impassable", "height": 3.0, "polygon": rect(11.8, 4.0, 12.2, 8.0)}


def test_sight_is_asked_anew_wherever_the_bases_stand() -> None:
    """A model moved behind a wall, by hand or in a clone, is out of sight at once; the game
    it left keeps its own sight."""
    game = scenario({"A1": (6.0, 6.0), "B1": (12.0, 14.0)}, board=board(WALL))
    a1, b1 = game.model("A1"), game.model("B1")
    assert sees(game, a1, b1) and not in_cover(game, a1, b1)
    twin = game.clone()
    twin.model("B1").x, twin.model("B1").y = 18.0, 6.0  # behind the wall
    assert not sees(twin, twin.model("A1"), twin.model("B1"))
    assert sees(game, a1, b1)
    b1.x, b1.y = 18.0, 6.0
    assert not sees(game, a1, b1) and in_cover(game, a1, b1)
