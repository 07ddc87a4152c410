"""Players: agents that answer a game's decisions. The game never calls them; :func:`play` does."""

from skirmish.players.base import Player, play
from skirmish.players.heuristic import HeuristicPlayer
from skirmish.players.random import RandomPlayer

__all__ = ["HeuristicPlayer", "Player", "RandomPlayer", "play"]
