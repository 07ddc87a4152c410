"""The Strange Aeons heuristic weighs a Move's spot, and a model it might pick, exactly only
where it could be chosen: a spot's bound found without sight is never below its worth, the
scores left as bounds are below the best legal one by more than the player's margin, so the
player chooses as if every candidate were weighed exactly; and the scores are the same on a
clone, a loaded game and the deciding side's view, as nothing is kept beyond the decision."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from functools import partial
from typing import Any

import numpy as np
import pytest

from skirmish.engine.action import Action
from skirmish.engine.game import Game
from skirmish.engine.restore import restore
from skirmish.geometry.board import Board, load_board, shipped_boards
from skirmish.geometry.terrain import Cover
from skirmish.players.heuristic import HeuristicPlayer
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.strange_aeons import ai, frighteners, possession
from skirmish.rulesets.strange_aeons.ruleset import _cover_middles
from skirmish.rulesets.strange_aeons.shooting import AT_A_MODEL

GAMES = {"strange-aeons-intro": (1, 2, 3), "strange-aeons": (4,)}


PICKS = ("nominate", "command", "smart", "handler", "activate", "fight")


def _decisions(
    ruleset_id: str, seed: int, kinds: tuple[str, ...] = ("action",)
) -> Iterator[tuple[Game[Any, Any], list[Action]]]:
    """Each decision of ``kinds`` in a heuristic game, with the candidates the player weighs."""
    game = find_ruleset(ruleset_id).new_game(None, seed)
    players = [HeuristicPlayer(seed + side) for side in range(2)]
    while game.result is None and game.decision is not None:
        decision = game.decision
        view = game.view(decision.player)
        if decision.kind in kinds:
            points = [
                Action.at(spec.kind, spec.args, *p)
                for spec in decision.points
                for p in game.ruleset.rough_points(view, spec)
            ]
            yield game, list(decision.options) + points
        game.apply(players[decision.player].choose(view))


def _cases() -> list[tuple[str, int]]:
    return [(ruleset_id, seed) for ruleset_id, seeds in GAMES.items() for seed in seeds]


@pytest.mark.parametrize(("ruleset_id", "seed"), _cases())
def test_a_spots_bound_is_never_below_its_worth(ruleset_id: str, seed: int) -> None:
    rng = random.Random(seed)
    for game, candidates in _decisions(ruleset_id, seed):
        m = game.model(candidates[0].args[0])
        spots = [a.point for a in candidates if a.point is not None]
        spots += [(rng.uniform(0, game.board.width), rng.uniform(0, game.board.height))]
        for pressed in (False, True):
            seen = ai.Outlook(game, m)
            seen.pressed = pressed  # a stalled game closes in on enemies unseen
            for left in (False, True):
                bounds = ai.position_bounds(seen, spots, m.level, left)
                for p, bound in zip(spots, bounds, strict=True):
                    assert bound >= ai.position_score(seen, p, m.level, left)


@pytest.mark.parametrize(("ruleset_id", "seed"), _cases())
def test_scores_left_as_bounds_could_not_be_chosen(ruleset_id: str, seed: int) -> None:
    for game, candidates in _decisions(ruleset_id, seed, ("action", *PICKS)):
        scores = ai.score_actions(game, candidates)
        outlooks: dict[str, ai.Outlook] = {}
        if game.decision is not None and game.decision.kind in PICKS:
            exact = [ai._pick_score(game, a, partial(ai._usefulness, game)) for a in candidates]
        else:
            exact = [ai._action_score(game, a, outlooks) for a in candidates]
        options = set(game.decision.options) if game.decision else set()
        legal = [a in options or game.point_error(a) is None for a in candidates]
        best = max(s for s, ok in zip(exact, legal, strict=True) if ok)
        for found, truly in zip(scores, exact, strict=True):
            assert found == truly or truly <= found < best - ai.TIE


def test_scores_are_the_same_on_a_clone_a_loaded_game_and_a_view() -> None:
    for game, candidates in _decisions("strange-aeons-intro", 5, ("action", *PICKS)):
        scores = ai.score_actions(game, candidates)
        assert game.decision is not None
        view = game.view(game.decision.player)
        for other in (game.clone(), restore(game.to_json()), view):
            assert ai.score_actions(other, candidates) == scores


@pytest.mark.parametrize(("ruleset_id", "seed"), _cases())
def test_a_plain_moves_bounds_found_at_once_are_each_its_own(ruleset_id: str, seed: int) -> None:
    for game, candidates in _decisions(ruleset_id, seed):
        moves = [a for a in candidates if a.kind == "move" and a.point is not None]
        if not moves:
            continue
        m = game.model(moves[0].args[0])
        after = ai._actions_left(game) > 1
        seen = ai.Outlook(game, m)
        spots = [a.point for a in moves if a.point is not None]
        bounds = seen.weigh_bounds(spots, m.level, after)
        alone = [ai._move_score(game, m, a, {m.id: seen}, bounded=True) for a in moves]
        on_table = [game.board.beyond_edge(p) is None for p in spots]
        found = ai._plain_bounds(seen, spots, bounds, after)
        if seen.plain:
            assert [f for f, ok in zip(found, on_table, strict=True) if ok] == [
                a for a, ok in zip(alone, on_table, strict=True) if ok
            ]


@pytest.mark.parametrize(("ruleset_id", "seed"), _cases())
def test_the_offence_of_each_band_is_the_offence_at_each_gap(ruleset_id: str, seed: int) -> None:
    for game, candidates in _decisions(ruleset_id, seed):
        seen = ai.Outlook(game, game.model(candidates[0].args[0]))
        for e in seen.enemies:
            gaps = np.linspace(0.0, 40.0, 161)
            found = ai._open_offence(seen, e, gaps).tolist()
            at = partial(ai._best_shot, seen.cat, seen.model, e, cover=Cover.NONE, guns=seen.guns)
            assert found == [at(d=d) for d in gaps.tolist()]


def test_the_nearest_corner_is_the_nearest_as_hypot_measures_it() -> None:
    rng = random.Random(7)
    for _ in range(300):
        corners = [(rng.uniform(0, 48), rng.uniform(0, 48)) for _ in range(rng.randrange(1, 40))]
        corners += corners[: rng.randrange(3)]  # corners shared by two pieces
        spots = [(rng.uniform(-2, 50), rng.uniform(-2, 50)) for _ in range(rng.randrange(1, 9))]
        spots += [corners[0]]  # a spot on a corner
        found = ai._nearest_corners(np.array(corners).reshape(-1, 2), spots)
        assert found == [min(math.hypot(x - cx, y - cy) for cx, cy in corners) for x, y in spots]
    assert ai._nearest_corners(np.zeros((0, 2)), [(1.0, 2.0)]) == [math.inf]


@pytest.mark.parametrize(("ruleset_id", "seed"), _cases())
def test_a_plain_model_moving_stirs_nothing_weighed_aside(ruleset_id: str, seed: int) -> None:
    # Its Moves are weighed without the tests they put and the lift they open: there are none.
    for game, candidates in _decisions(ruleset_id, seed):
        for a in candidates:
            m = game.model(a.args[0])
            if a.kind != "move" or a.point is None or not ai.Outlook(game, m).plain:
                continue
            way = (m.pos, a.point)
            assert not frighteners.frights(game, m, way)
            assert not possession.possessions(game, m, way)
            assert ai._fare_worth(game, m, a.point, True) == 0.0


def test_no_point_of_a_combat_won_scores_above_its_ceiling_nor_a_wound() -> None:
    # Leaving or throwing is never weighed against a wound: none of its points could be chosen.
    found = 0
    for seed in range(1, 9):
        for game, candidates in _decisions("strange-aeons", seed, ("combat-won",)):
            assert game.decision is not None
            options = list(game.decision.options)
            scores = ai.score_actions(game, candidates)
            assert scores[: len(options)] == ai.score_actions(game, options)
            for spec in game.decision.points:
                ceiling = ai.points_ceiling(game, spec)
                assert max(scores[: len(options)]) > ceiling + ai.TIE
                for a, score in zip(candidates, scores, strict=True):
                    found += a.kind == spec.kind and a.args == spec.args
                    assert score <= ceiling or (a.kind, a.args) != (spec.kind, spec.args)
    assert found  # some combat was won with points to weigh


@pytest.mark.parametrize(("ruleset_id", "seed"), _cases())
def test_no_move_to_a_rough_point_scores_above_its_ceiling(ruleset_id: str, seed: int) -> None:
    for game, candidates in _decisions(ruleset_id, seed):
        assert game.decision is not None
        for spec in game.decision.points:
            ceiling = ai.points_ceiling(game, spec)
            outlooks: dict[str, ai.Outlook] = {}
            for a in candidates:
                if (a.kind, a.args) == (spec.kind, spec.args):
                    assert ai._action_score(game, a, outlooks) <= ceiling


def test_a_move_is_not_weighed_where_a_shot_beats_any() -> None:
    # Some decisions are made without a Move's spots, and none of their Moves would be chosen.
    spared = 0
    for game, candidates in _decisions("strange-aeons-intro", 2):
        assert game.decision is not None
        options = list(game.decision.options)
        top = max(ai.score_actions(game, options), default=-math.inf)
        for spec in game.decision.points:
            if ai.points_ceiling(game, spec) < top - ai.TIE:
                spared += 1
                scores = ai.score_actions(game, candidates)
                assert max(scores[len(options) :]) < max(scores[: len(options)]) - ai.TIE
    assert spared


def test_a_moves_ceiling_is_looked_for_only_where_a_shot_is_offered() -> None:
    for game, _ in _decisions("strange-aeons-intro", 1):
        assert game.decision is not None
        shots = any(a.kind in AT_A_MODEL for a in game.decision.options)
        for spec in game.decision.points:
            assert shots or ai.points_ceiling(game, spec) == math.inf


@pytest.mark.parametrize("name", shipped_boards())
def test_the_middles_of_cover_the_board_keeps_are_those_of_its_own_pieces(name: str) -> None:
    board = load_board(name)
    middles = _cover_middles(board)
    assert _cover_middles(board) is middles  # found once for the board
    assert middles == _middles_of(board)
    table = board.to_dict()
    # Another board, with a piece fewer: its own middles, not the first board's.
    fewer = Board.from_dict({**table, "terrain": table["terrain"][1:], "ladder": []})
    assert _cover_middles(fewer) == _middles_of(fewer)


def _middles_of(board: Board) -> tuple[tuple[float, float], ...]:
    """The mean of the corners of each piece of ``board`` that gives cover, worked out anew."""
    return tuple(
        (
            sum(x for x, _ in t.polygon) / len(t.polygon),
            sum(y for _, y in t.polygon) / len(t.polygon),
        )
        for t in board.terrain
        if t.cover > Cover.NONE
    )
