"""Shared fixtures for the geometry tests."""

from __future__ import annotations

import pytest

from skirmish.geometry import Board, default_board_path


@pytest.fixture(scope="session")
def board() -> Board:
    """The shipped default board."""
    return Board.load(default_board_path())


@pytest.fixture(scope="session")
def open_board() -> Board:
    """The shipped board without terrain."""
    return Board.load(default_board_path("open"))
