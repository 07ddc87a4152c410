"""Players by name, for the command line and batch runs."""

from __future__ import annotations

from skirmish.errors import SkirmishError
from skirmish.players.base import Player
from skirmish.players.heuristic import HeuristicPlayer
from skirmish.players.random import RandomPlayer

KINDS = ("ai", "random")


def make_player(kind: str, seed: int) -> Player:
    """A computer player: ``"ai"`` (the heuristic player) or ``"random"``.

    Raises:
        SkirmishError: an unknown kind.
    """
    if kind in ("ai", "heuristic"):
        return HeuristicPlayer(seed)
    if kind == "random":
        return RandomPlayer(seed)
    raise SkirmishError(f"unknown player {kind!r}; choose ai or random")
