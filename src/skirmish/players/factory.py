"""Players by name, for the command line and batch runs."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from skirmish.engine.action import Action
from skirmish.engine.game import View
from skirmish.engine.sides import Sides
from skirmish.errors import SkirmishError
from skirmish.players.base import Player
from skirmish.players.heuristic import HeuristicPlayer
from skirmish.players.random import RandomPlayer

KINDS = ("ai", "random")
RULES = "rules"
"""The kind of an automaton side: the rules decide for it, never a player."""


class RulesSide:
    """Stands for an automaton side; the rules never ask it, so being asked is a bug."""

    def choose(self, game: View[Any, Any]) -> Action:
        raise SkirmishError(f"the rules decide for this side; none may ask it ({game.decision})")


def make_player(kind: str, seed: int) -> Player:
    """A computer player: ``"ai"`` (the heuristic player), ``"random"``, or ``"rules"``.

    Raises:
        SkirmishError: an unknown kind.
    """
    if kind in ("ai", "heuristic"):
        return HeuristicPlayer(seed)
    if kind == "random":
        return RandomPlayer(seed)
    if kind == RULES:
        return RulesSide()
    raise SkirmishError(f"unknown player {kind!r}; choose ai or random")


def side_kinds(sides: Sides, kinds: Sequence[str]) -> tuple[str, ...]:
    """The kind of player of every side of a game of ``sides``: ``kinds`` names one for every
    side, or one for every side a player decides for, the automata then played by the rules
    (``("ai", "random")`` for two squads and the hostiles that the rules play); the automata
    at the end may be left out (a record made before the ruleset gained them)."""
    players, count = sides.players, len(sides.names)
    if len(kinds) == len(players) != count:
        chosen = dict(zip(players, kinds, strict=True))
        return tuple(chosen.get(side, RULES) for side in range(count))
    if len(kinds) < count and all(s in sides.automata for s in range(len(kinds), count)):
        return (*kinds, *(RULES for _ in range(len(kinds), count)))  # a record from before a side
    return tuple(kinds)


def side_players(sides: Sides, kinds: Sequence[str], seed: int) -> list[Player]:
    """The player of every side of a game of ``sides`` seeded ``seed`` (each side's player
    draws from its own seed, so adding a side changes no other side's choices); ``kinds`` as
    :func:`side_kinds` reads them.

    Raises:
        SkirmishError: a kind per side is not given, or an automaton is given a player.
    """
    kinds = side_kinds(sides, kinds)
    if len(kinds) != len(sides.names):
        raise SkirmishError(
            f"the game has {len(sides.names)} sides ({', '.join(sides.names)}), not {len(kinds)}"
        )
    for side, kind in enumerate(kinds):
        if (side in sides.automata) != (kind == RULES):
            raise SkirmishError(f"side {sides.names[side]} cannot be played by {kind!r}")
    return [make_player(kind, seed * 2 + 1 + side) for side, kind in enumerate(kinds)]
