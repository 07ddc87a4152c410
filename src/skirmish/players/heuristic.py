"""The heuristic player: ranks a decision's candidates by the ruleset's scoring.

The ruleset scores each candidate (expected damage dealt, exposure to enemy fire, the
value of a position); points come from the ruleset's rough points, and the rules judge them
best first, only until the choice is made. A point choice whose ceiling (``points_ceiling``)
an option already beats is not weighed at all: none of its points could be chosen. Ties are
broken at random, so two heuristic players do not play the same game every time.
"""

from __future__ import annotations

import math
import random
from typing import Any

from skirmish.engine.action import Action, kept
from skirmish.engine.decision import Decision
from skirmish.engine.game import View
from skirmish.errors import SkirmishError

TIE = 1e-9  # scores this close to the best tie with it


class HeuristicPlayer:
    """Chooses the best-scoring candidate of each decision."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: View[Any, Any]) -> Action:
        decision = game.decision
        if decision is None:
            raise SkirmishError("the game is over; there is nothing to choose")
        candidates, scores = _weighed(game, decision)
        options = decision.options
        # Points are judged best first, until one is legal; among the best-scoring, in a
        # random order until one is legal and truly tied (a ruleset may score some above what
        # they are worth, Ruleset.ties): a uniform choice among the legal ones that tie, at the
        # cost of judging only those that could be chosen.
        judged: dict[int, bool] = {}

        def legal(i: int) -> bool:
            if i < len(options):
                return True
            if i not in judged:
                judged[i] = game.ruleset.takes_point(game, candidates[i])
            return judged[i]

        ranked = sorted(range(len(candidates)), key=scores.__getitem__, reverse=True)
        best = next((scores[i] for i in ranked if legal(i)), None)
        if best is None:
            raise SkirmishError(f"no candidate for {decision.prompt!r}")
        tied = [i for i in ranked if scores[i] >= best - TIE]
        self.rng.shuffle(tied)
        ruleset = game.ruleset
        return next(
            candidates[i] for i in tied if ruleset.ties(game, candidates[i], best) and legal(i)
        )


def _weighed(game: View[Any, Any], decision: Decision) -> tuple[list[Action], list[float]]:
    """The candidates of ``decision`` with their scores: its options, then the rough points of
    each point choice, but for those whose ceiling the best option's score already beats
    (none of them could be chosen)."""
    options = list(decision.options)
    specs = list(decision.points)
    ceilings = [game.ruleset.points_ceiling(game, spec) for spec in specs] if options else []
    if min(ceilings, default=math.inf) < math.inf:
        scores = game.ruleset.score_actions(game, options)
        top = max(scores)
        specs = [
            spec for spec, ceiling in zip(specs, ceilings, strict=True) if ceiling >= top - TIE
        ]
        if not specs:
            return options, scores
    points = [
        Action(spec.kind, spec.args, kept(p))  # Action.at, as records keep the point
        for spec in specs
        for p in game.ruleset.rough_points(game, spec)
    ]
    candidates = options + points
    return candidates, game.ruleset.score_actions(game, candidates)
