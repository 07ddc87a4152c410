"""The engine contract every ruleset must keep, as checks a test suite runs (after OpenSpiel's
``random_sim_test``).

A seeded random game is played to its end. After every action the ruleset's invariants
must hold and the game must stay within its declared bounds. At power-of-two action counts
a clone and a save/load round trip must continue exactly like the original, and the
finished game's record must replay to the identical log.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from skirmish.engine.game import Game
from skirmish.engine.registry import find_registered
from skirmish.engine.restore import replay, restore
from skirmish.engine.ruleset import Ruleset
from skirmish.players.random import RandomPlayer


class ContractError(AssertionError):
    """A ruleset broke the engine contract."""


def reproduce_line(ruleset_id: str, seed: int, deep: bool) -> str:
    """The command that plays one contract game again, for a failure's message."""
    return f"uv run python -m skirmish.contract {ruleset_id} {seed}{' --deep' if deep else ''}"


def snapshot(game: Game[Any, Any]) -> str:
    """The whole state of a game as canonical JSON text (for comparisons)."""
    return json.dumps(game.to_json(), sort_keys=True)


def _players(ruleset: Ruleset[Any, Any], seed: int) -> list[RandomPlayer]:
    """A random player per side, automata included (they are never asked)."""
    return [RandomPlayer(seed * 2 + 1 + side) for side in range(len(ruleset.sides))]


def _decision_errors(game: Game[Any, Any]) -> list[str]:
    """A decision must be for a side a player decides for."""
    decision = game.decision
    if decision is not None and decision.player not in game.ruleset.player_sides:
        return [f"a decision asks side {decision.player}, which no player decides for"]
    return []


def _result_errors(game: Game[Any, Any]) -> list[str]:
    result = game.result
    if result is None:
        return ["no decision but no result"]
    sides = len(game.ruleset.sides)
    if len(result.placing) != sides or min(result.placing, default=0) != 1:
        return [f"the outcome places {result.placing}, not each of the {sides} sides from 1"]
    return []


def _copy_players(players: list[RandomPlayer]) -> list[RandomPlayer]:
    twins = []
    for p in players:
        twin = RandomPlayer()
        twin.rng.setstate(p.rng.getstate())
        twins.append(twin)
    return twins


def _finish(game: Game[Any, Any], players: list[RandomPlayer], limit: int) -> None:
    for _ in range(limit):
        if game.decision is None:
            return
        game.apply(players[game.decision.player].choose(game))


def random_game(
    ruleset: Ruleset[Any, Any],
    seed: int,
    setup: dict[str, Any] | None = None,
    deep: bool = False,
) -> Game[Any, Any]:
    """Play one seeded random game, checking the contract as it goes; return the game.

    With ``deep``, also check clone and save/load at power-of-two action counts, and replay.

    Raises:
        ContractError: an invariant broke, a bound was exceeded, or a copy diverged.
    """
    game = ruleset.new_game(setup, seed)
    players = _players(ruleset, seed)
    limit = ruleset.max_actions
    count = 0
    while game.decision is not None:
        if count >= limit:
            raise ContractError(f"seed {seed}: more than {limit} actions")
        if deep and count and count & (count - 1) == 0:
            _check_copies(game, players, seed, count)
        game.apply(players[game.decision.player].choose(game))
        count += 1
        errors = ruleset.invariant_errors(game) + _decision_errors(game)
        if errors:
            raise ContractError(f"seed {seed}, action {count} ({game.actions[-1]}): {errors[0]}")
    ended = _result_errors(game)
    if ended:
        raise ContractError(f"seed {seed}: {ended[0]}")
    if deep:
        check_replay(game, seed)
    return game


def _check_copies(game: Game[Any, Any], players: list[RandomPlayer], seed: int, count: int) -> None:
    before = snapshot(game)
    twin = game.clone()
    restored = restore(json.loads(json.dumps(game.to_json())))
    if snapshot(twin) != before or snapshot(restored) != before:
        raise ContractError(f"seed {seed}, action {count}: a copy differs from the original")
    if game.decision != restored.decision:
        raise ContractError(f"seed {seed}, action {count}: the restored decision differs")
    ahead = game.clone()
    _finish(ahead, _copy_players(players), game.ruleset.max_actions)
    if snapshot(game) != before:
        raise ContractError(f"seed {seed}, action {count}: playing a clone changed the original")
    for other in (twin, restored):
        _finish(other, _copy_players(players), game.ruleset.max_actions)
        if snapshot(other) != snapshot(ahead):
            raise ContractError(f"seed {seed}, action {count}: a copy played on differently")


def check_replay(game: Game[Any, Any], seed: int = 0) -> None:
    """The game's record must replay to the identical log and state.

    Raises:
        ContractError: the replay differs.
    """
    again = replay(json.loads(json.dumps(game.record())))
    if snapshot(again) != snapshot(game):
        raise ContractError(f"seed {seed}: the record does not replay to the same game")


def main(argv: list[str] | None = None) -> int:
    """Play one contract game from the command line: ``python -m skirmish.contract ID SEED``."""
    parser = argparse.ArgumentParser(description="Play one seeded contract game and check it.")
    parser.add_argument("ruleset")
    parser.add_argument("seed", type=int)
    parser.add_argument("--deep", action="store_true", help="also check copies and replay")
    args = parser.parse_args(argv)
    ruleset = find_registered(args.ruleset)
    try:
        game = random_game(ruleset, args.seed, deep=args.deep)
    except ContractError as exc:
        print(f"contract broken: {exc}", file=sys.stderr)
        return 1
    print(f"{ruleset.id} seed {args.seed}: {len(game.actions)} actions, contract kept")
    return 0


if __name__ == "__main__":
    sys.exit(main())
