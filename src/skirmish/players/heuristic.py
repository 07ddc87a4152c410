"""The heuristic player: ranks a decision's candidates by the ruleset's scoring.

The ruleset scores each candidate (expected damage dealt, exposure to enemy fire, the
value of a position); points come from the ruleset's rough points, and the rules judge them
best first, only until the choice is made. Ties are broken at random, so two heuristic
players do not play the same game every time.
"""

from __future__ import annotations

import random
from typing import Any

from skirmish.engine.action import Action
from skirmish.engine.game import View
from skirmish.errors import SkirmishError


class HeuristicPlayer:
    """Chooses the best-scoring candidate of each decision."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: View[Any, Any]) -> Action:
        decision = game.decision
        if decision is None:
            raise SkirmishError("the game is over; there is nothing to choose")
        options = list(decision.options)
        points = [
            Action.at(spec.kind, spec.args, *p)
            for spec in decision.points
            for p in game.ruleset.rough_points(game, spec)
        ]
        candidates = options + points
        scores = game.ruleset.score_actions(game, candidates)
        # Points are judged best first, until one is legal; among the best-scoring, in a
        # random order until one is legal: a uniform choice among the legal ones, at the cost
        # of judging only those that could be chosen.
        judged: dict[int, bool] = {}

        def legal(i: int) -> bool:
            if i < len(options):
                return True
            if i not in judged:
                judged[i] = game.point_error(candidates[i]) is None
            return judged[i]

        ranked = sorted(range(len(candidates)), key=lambda i: -scores[i])
        best = next((scores[i] for i in ranked if legal(i)), None)
        if best is None:
            raise SkirmishError(f"no candidate for {decision.prompt!r}")
        tied = [i for i in ranked if scores[i] >= best - 1e-9]
        self.rng.shuffle(tied)
        return next(candidates[i] for i in tied if legal(i))
