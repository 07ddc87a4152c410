"""What a player is, and the loop that drives a game, handing each player its own view."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from skirmish.engine.action import Action
from skirmish.engine.events import Event
from skirmish.engine.game import Game, View


class Player(Protocol):
    """Anything that answers the decision of a game from what its side may know."""

    def choose(self, game: View[Any, Any]) -> Action:
        """An action that answers ``game.decision``, ``game`` being this player's view."""
        ...


def play(
    game: Game[Any, Any],
    players: Sequence[Player],
    on_events: Callable[[list[Event]], None] | None = None,
    max_actions: int | None = None,
) -> Game[Any, Any]:
    """Let ``players[side]`` answer every decision of ``side`` until the game ends.

    ``on_events`` sees the events of each action as they happen. ``max_actions`` stops early
    (for tests and previews); the game is then left unfinished.
    """
    limit = game.ruleset.max_actions if max_actions is None else max_actions
    for _ in range(limit):
        decision = game.decision
        if decision is None:
            break
        events = game.apply(players[decision.player].choose(game.view(decision.player)))
        if on_events is not None:
            on_events(events)
    return game
