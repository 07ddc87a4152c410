"""The heuristic player: ranks a decision's candidates by the ruleset's scoring.

The ruleset scores each candidate (expected damage dealt, exposure to enemy fire, the
value of a position); points come from the ruleset's candidate generator. Ties are broken
at random, so two heuristic players do not play the same game every time.
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
        candidates = list(decision.options)
        for spec in decision.points:
            candidates += [
                Action.at(spec.kind, spec.args, *p)
                for p in game.ruleset.candidate_points(game, spec)
            ]
        if not candidates:
            raise SkirmishError(f"no candidate for {decision.prompt!r}")
        scores = game.ruleset.score_actions(game, candidates)
        best = max(scores)
        top = [a for a, s in zip(candidates, scores, strict=True) if s >= best - 1e-9]
        return top[self.rng.randrange(len(top))]
