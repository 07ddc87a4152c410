"""Measuring the table: base-to-base distances, levels, line of sight per board, and the
answers kept per placement of the models."""

from __future__ import annotations

import pytest
from tests.rulesets.strange_aeons.helpers import TOUCH, board, model, rect, scenario

from skirmish.geometry.board import Board
from skirmish.rulesets.strange_aeons import space, turn
from skirmish.rulesets.strange_aeons.model import FACE_DOWN


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


def test_answers_are_asked_anew_wherever_a_model_stands() -> None:
    """Contacts, sight and options are worked out once per placement of the models: a model
    moved by hand, or in a clone, is asked about anew, and the game it left keeps its own."""
    wall = {"id": "wall", "kind": "impassable", "height": 3.0, "polygon": rect(20, 8, 20.4, 12)}
    game = scenario(
        {"T1": (10.0, 10.0), "L1": (10.0 + TOUCH, 10.0)}, board=board(wall), start="nominate"
    )
    t1, l1 = model(game, "T1"), model(game, "L1")
    assert space.contacts(game, t1) == [l1]
    assert space.sees(game, t1, l1)
    twin = game.clone()
    model(twin, "L1").x = 25.0  # behind the wall
    assert space.contacts(twin, model(twin, "T1")) == []
    assert not space.sees(twin, model(twin, "T1"), model(twin, "L1"))
    assert space.contacts(game, t1) == [l1]
    assert space.sees(game, t1, l1)
    l1.x = 25.0
    assert space.contacts(game, t1) == []
    assert not space.sees(game, t1, l1)


def test_a_model_that_falls_is_asked_about_anew() -> None:
    """A model's state is part of where it stands: Face Down, it is offered a Change State."""
    game = scenario({"T1": (10.0, 10.0), "L1": (20.0, 10.0)}, start="nominate")
    t1 = model(game, "T1")
    normal = turn.action_options(game, t1)
    t1.state = FACE_DOWN
    assert turn.action_options(game, t1) != normal
    assert [a.kind for a in turn.action_options(game, t1)[0]] == ["change-state", "pass"]
