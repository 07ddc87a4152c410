"""Measuring the table: base-to-base distances, levels, and line of sight per board."""

from __future__ import annotations

import pytest
from tests.rulesets.strange_aeons.helpers import TOUCH, board, model, rect, scenario

from skirmish.geometry.board import Board
from skirmish.rulesets.strange_aeons import space


def test_distances_are_base_edge_to_base_edge() -> None:
    game = scenario({"T1": (10.0, 10.0), "L1": (10.0 + TOUCH + 3.0, 10.0)}, start="nominate")
    assert space.gap(game, model(game, "T1"), model(game, "L1")) == pytest.approx(3.0)
    assert not space.in_contact(model(game, "T1"), model(game, "L1"))


def test_sight_is_computed_for_the_board_in_play(monkeypatch: pytest.MonkeyPatch) -> None:
    """A sight cached for one board is never reused for another, even when the first board
    is gone and the second gets its address (``id``), as CPython often does."""
    monkeypatch.setattr(space, "id", lambda _obj: 42, raising=False)  # every board "reused"
    game = scenario({"T1": (10.0, 10.0), "L1": (18.0, 10.0)}, start="nominate")
    assert space.sees(game, model(game, "T1"), model(game, "L1"))
    game.board = Board.from_dict(
        board({"id": "wall", "kind": "impassable", "height": 3.0, "polygon": rect(14, 8, 14.4, 12)})
    )
    assert not space.sees(game, model(game, "T1"), model(game, "L1"))
