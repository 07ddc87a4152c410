"""The random player: uniform over a decision's choices, with random valid points."""

from __future__ import annotations

import random
from typing import Any

from skirmish.engine.action import Action
from skirmish.engine.game import View
from skirmish.errors import SkirmishError


class RandomPlayer:
    """Picks uniformly among the options and point choices of each decision.

    A point choice counts as one choice; when picked, the ruleset samples a random valid
    point for it. Seeded, so a game between random players is reproducible.
    """

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: View[Any, Any]) -> Action:
        decision = game.decision
        if decision is None:
            raise SkirmishError("the game is over; there is nothing to choose")
        n_options = len(decision.options)
        specs = list(decision.points)
        if len(specs) > 1:  # a shuffle of fewer draws nothing: skipping it keeps the dice
            self.rng.shuffle(specs)
        pick = self.rng.randrange(n_options + len(specs))
        if pick < n_options:
            return decision.options[pick]
        for spec in specs:
            point = game.ruleset.sample_point(game, spec, self.rng.random)
            if point is not None:
                return Action.at(spec.kind, spec.args, *point)
        if n_options:
            return decision.options[self.rng.randrange(n_options)]
        raise SkirmishError(f"no valid point found for {decision.prompt!r}")
