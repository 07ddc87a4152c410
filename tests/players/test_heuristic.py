"""The heuristic player weighs rough points and judges only the best: its choice is the one
among the legal candidates alone, with the rules asked about few of them."""

from __future__ import annotations

import random
from typing import Any

import pytest

from skirmish.contract import snapshot
from skirmish.engine.action import Action
from skirmish.engine.game import Game, View
from skirmish.players import HeuristicPlayer, play
from skirmish.rulesets import find_ruleset

RULESET_IDS = ("strange-aeons-intro", "sacred-wire")


def judging_all(game: View[Any, Any], rng: random.Random) -> Action:
    """The choice made by judging every point before weighing: the reference. Among the
    best-scoring, the player takes the first legal one that truly ties in a random order."""
    decision = game.decision
    assert decision is not None
    options = list(decision.options)
    candidates = options + [
        Action.at(spec.kind, spec.args, *p)
        for spec in decision.points
        for p in game.ruleset.rough_points(game, spec)
    ]
    legal = [i < len(options) or game.point_error(a) is None for i, a in enumerate(candidates)]
    scores = game.ruleset.score_actions(game, candidates)
    best = max(s for s, ok in zip(scores, legal, strict=True) if ok)
    ranked = sorted(range(len(candidates)), key=lambda i: -scores[i])
    tied = [i for i in ranked if scores[i] >= best - 1e-9]
    rng.shuffle(tied)
    ruleset = game.ruleset
    return next(candidates[i] for i in tied if legal[i] and ruleset.ties(game, candidates[i], best))


def played(ruleset_id: str, seed: int, actions: int) -> Game[Any, Any]:
    game = find_ruleset(ruleset_id).new_game(None, seed)
    play(game, [HeuristicPlayer(seed), HeuristicPlayer(seed + 1)], max_actions=actions)
    return game


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
@pytest.mark.parametrize("seed", [1, 2])
def test_judging_the_best_points_chooses_as_judging_all(ruleset_id: str, seed: int) -> None:
    game = find_ruleset(ruleset_id).new_game(None, seed)
    players = [HeuristicPlayer(seed), HeuristicPlayer(seed + 1)]
    references = [random.Random(seed), random.Random(seed + 1)]
    for _ in range(60 if ruleset_id == "sacred-wire" else 120):
        if game.decision is None:
            break
        side = game.decision.player
        seen = game.view(side)
        chosen = players[side].choose(seen)
        assert chosen == judging_all(seen, references[side])
        game.apply(chosen)


def test_the_rules_are_asked_about_few_strange_aeons_moves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = played("strange-aeons-intro", 4, 0)
    asked: list[Action] = []

    def counting(view: View[Any, Any], action: Action) -> str | None:
        asked.append(action)
        return Game.point_error(view, action)

    monkeypatch.setattr(View, "point_error", counting)
    # The first Move chosen: every point was weighed, few were judged.
    while game.decision is not None:
        decision = game.decision
        spec = next((s for s in decision.points if s.kind == "move"), None)
        rough = [] if spec is None else game.ruleset.rough_points(game, spec)
        asked.clear()
        chosen = HeuristicPlayer(0).choose(game.view(decision.player))
        if chosen.kind == "move" and chosen.point is not None:
            assert 1 <= len(asked) < len(rough) / 2
            return
        game.apply(chosen)
    pytest.fail("no Move was chosen")


@pytest.mark.parametrize("seed", [3, 8])
def test_strange_aeons_legal_rough_points_are_the_candidates(seed: int) -> None:
    game = played("strange-aeons-intro", seed, 40)
    while game.decision is not None and not any(s.kind == "move" for s in game.decision.points):
        game.apply(HeuristicPlayer(seed).choose(game.view(game.decision.player)))
    assert game.decision is not None
    spec = next(s for s in game.decision.points if s.kind == "move")
    rough = game.ruleset.rough_points(game, spec)
    legal = [p for p in rough if game.point_error(Action.at(spec.kind, spec.args, *p)) is None]
    assert legal == game.ruleset.candidate_points(game, spec)


def test_point_error_gives_the_reason_and_changes_nothing() -> None:
    game = played("strange-aeons-intro", 3, 40)
    while game.decision is not None and not any(s.kind == "move" for s in game.decision.points):
        game.apply(HeuristicPlayer(3).choose(game.view(game.decision.player)))
    assert game.decision is not None
    spec = next(s for s in game.decision.points if s.kind == "move")
    before = snapshot(game)
    far = Action.at(spec.kind, spec.args, 0.0, 0.0)
    assert game.point_error(far) == game.stack[-1].point_error(game, far)
    assert game.point_error(far) is not None
    assert snapshot(game) == before
