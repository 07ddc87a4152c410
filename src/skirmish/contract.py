"""The engine contract every ruleset must keep, as checks a test suite runs (after OpenSpiel's
``random_sim_test``).

A seeded random game is played to its end, each player answering from its own view. After
every action the ruleset's invariants must hold and the game must stay within its declared
bounds. At power-of-two action counts a clone and a save/load round trip must continue
exactly like the original, and every player's view must keep its secrets: it must not change
when only what is hidden from that player changes (other hands, the deck's order, others'
sealed answers), and a game determinized from it must show the same view and play on. From
the first checkpoint the copies play on to the end; from later ones, for ``HORIZON``
actions: what a copy made mid-game loses shows within a few actions, and playing every
copy's tail to the end cost four times the game itself. The finished game's record must
replay to the identical log.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from dataclasses import replace
from typing import Any

from skirmish.engine.game import Game, View, seen_answer
from skirmish.engine.registry import find_registered
from skirmish.engine.restore import replay, restore
from skirmish.engine.ruleset import Ruleset
from skirmish.players.random import RandomPlayer

HORIZON = 64
"""Actions that copies made after the first checkpoint play on before they are compared."""


class ContractError(AssertionError):
    """A ruleset broke the engine contract."""


def reproduce_line(ruleset_id: str, seed: int, deep: bool) -> str:
    """The command that plays one contract game again, for a failure's message."""
    return f"uv run python -m skirmish.contract {ruleset_id} {seed}{' --deep' if deep else ''}"


def snapshot(game: Game[Any, Any]) -> str:
    """The whole state of a game as canonical JSON text (for comparisons)."""
    return json.dumps(game.to_json(), sort_keys=True)


def _players(game: Game[Any, Any], seed: int) -> list[RandomPlayer]:
    """A random player per side of ``game``, automata included (they are never asked)."""
    return [RandomPlayer(seed * 2 + 1 + side) for side in range(len(game.sides.names))]


def _decision_errors(game: Game[Any, Any]) -> list[str]:
    """A decision must be for a side a player decides for."""
    decision = game.decision
    if decision is not None and decision.player not in game.sides.players:
        return [f"a decision asks side {decision.player}, which no player decides for"]
    return []


def _result_errors(game: Game[Any, Any]) -> list[str]:
    result = game.result
    if result is None:
        return ["no decision but no result"]
    sides = len(game.sides.names)
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
        game.apply(players[game.decision.player].choose(game.view(game.decision.player)))


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
    players = _players(game, seed)
    limit = ruleset.max_actions
    count = 0
    while game.decision is not None:
        if count >= limit:
            raise ContractError(f"seed {seed}: more than {limit} actions")
        if deep and count and count & (count - 1) == 0:
            horizon = limit if count == 1 else HORIZON
            _check_copies(game, players, seed, count, horizon)
            _check_views(game, players, seed, count, horizon)
        game.apply(players[game.decision.player].choose(game.view(game.decision.player)))
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


def _check_copies(
    game: Game[Any, Any], players: list[RandomPlayer], seed: int, count: int, horizon: int
) -> None:
    before = snapshot(game)
    twin = game.clone()
    restored = restore(json.loads(json.dumps(game.to_json())))
    if snapshot(twin) != before or snapshot(restored) != before:
        raise ContractError(f"seed {seed}, action {count}: a copy differs from the original")
    if game.decision != restored.decision:
        raise ContractError(f"seed {seed}, action {count}: the restored decision differs")
    ahead = game.clone()
    _finish(ahead, _copy_players(players), horizon)
    if snapshot(game) != before:
        raise ContractError(f"seed {seed}, action {count}: playing a clone changed the original")
    for other in (twin, restored):
        _finish(other, _copy_players(players), horizon)
        if snapshot(other) != snapshot(ahead):
            raise ContractError(f"seed {seed}, action {count}: a copy played on differently")


def fingerprint(view: View[Any, Any]) -> str:
    """What a view shows, as canonical JSON text (for comparisons)."""
    return json.dumps(view.to_json(), sort_keys=True)


def _check_views(
    game: Game[Any, Any], players: list[RandomPlayer], seed: int, count: int, horizon: int
) -> None:
    before = snapshot(game)
    rng = random.Random(seed * 1_000_003 + count)
    for player in game.sides.players:
        seen = fingerprint(game.view(player))
        if fingerprint(other_secrets(game, player, rng).view(player)) != seen:
            raise ContractError(
                f"seed {seed}, action {count}: side {player}'s view changed when only what "
                "is hidden from it changed"
            )
        sample = game.determinize(player, rng)
        if fingerprint(sample.view(player)) != seen:
            raise ContractError(
                f"seed {seed}, action {count}: a game determinized for side {player} shows it "
                "another view"
            )
        _finish(sample, _copy_players(players), horizon)
        if horizon == game.ruleset.max_actions and sample.decision is not None:
            raise ContractError(f"seed {seed}, action {count}: a determinized game did not end")
    if snapshot(game) != before:
        raise ContractError(f"seed {seed}, action {count}: looking at views changed the game")


def other_secrets(game: Game[Any, Any], player: int, rng: random.Random) -> Game[Any, Any]:
    """A copy of ``game`` that differs only in what is hidden from ``player``: the cards it may
    not look at change places, and others' sealed answers become other options it would see
    alike (of the same kind, where kinds are public)."""
    twin = game.clone()
    hidden = [p for p in twin.piles if p.audience is not None and player not in p.audience]
    cards = [c for p in hidden for c in p.cards]
    rng.shuffle(cards)
    dealt = {}
    for p in hidden:
        dealt[p.name] = p.holding(tuple(cards[: len(p.cards)]))
        cards = cards[len(p.cards) :]
    twin.piles = tuple(dealt.get(p.name, p) for p in twin.piles)
    first = len(twin.actions) - len(twin.commits)
    commits = list(twin.commits)
    for n, (who, given) in enumerate(commits):
        part = twin.sealed[n]
        seen = seen_answer(part, given)
        options = [a for a in part.options if seen_answer(part, a) == seen]
        if who != player and options:
            answer = rng.choice(options)
            commits[n] = (who, answer)
            twin.actions[first + n] = answer
            mark = len(twin.log) - len(commits) + n
            event = twin.log[mark]
            twin.log[mark] = replace(event, data={**event.data, "answer": str(answer)})
    twin.commits = tuple(commits)
    return twin


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
