"""Run many games in parallel; seeds come from one SeedSequence, so results do not depend on
how the games are scheduled across workers or machines.

A local pool is warmed before it plays: on Linux, in a process of one thread, the first game
of the run is played in this process, so the ruleset, its data and the board's paths and
sights are built once, and the workers are forked from it and start with all of it (its
objects frozen out of the collector first, so that no worker's collection copies the pages
it shares); elsewhere each worker is spawned and warms itself with a game of its own. The
games go out in chunks that shrink as the work runs out (guided scheduling): the first are
large, so the workers seldom ask for more, and the last are single games, so no worker idles
long while another finishes. What a warm cache holds is what a cold one would compute, so
the results are the same whatever the pool. While games play, the collector looks for cycles
seldom (:func:`collecting_seldom`): games make many short-lived records and few cycles.
"""

from __future__ import annotations

import gc
import math
import multiprocessing
import os
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from skirmish.engine.sides import Sides
from skirmish.players.base import play
from skirmish.players.factory import side_kinds, side_players
from skirmish.rulesets import find_ruleset
from skirmish.sim.stats import wilson_interval

BATCH = 10
"""Games per task sent to a remote executor, and the fewest games that make a worker worth its
start."""
SHARE = 2
"""A chunk of a local pool holds the games left over ``SHARE`` times the workers: half of
what each worker has still to play."""
YOUNG_ALLOCATIONS = 50_000
"""Allocations between two collections of the collector's youngest generation while games play
(Python's default is 700): a game makes millions of short-lived records and few cycles, and a
collection every 700 of them took 7-10% of a random game."""


@dataclass(frozen=True, slots=True)
class GameResult:
    """One finished game: its seed, the place of every side (empty when unfinished), its
    length, why it ended, and whether a safeguard stopped it (:attr:`stopped`)."""

    seed: int
    placing: tuple[int, ...]
    rounds: int
    actions: int
    reason: str
    stopped: bool
    """Whether a safeguard, not the rules, ended the game: the ruleset's own (one of its
    :attr:`~skirmish.engine.ruleset.Ruleset.safeguards`) or the engine's (the game was left
    unfinished once its ``max_actions`` decisions ran out)."""

    @property
    def winner(self) -> int | None:
        """The one side the rules placed first alone, or ``None`` (also when a safeguard
        stopped the game: whatever placing it gave, the rules won nobody the game)."""
        first = [side for side, place in enumerate(self.placing) if place == 1]
        return first[0] if len(first) == 1 and not self.stopped else None

    @property
    def drawn(self) -> bool:
        """Whether the rules drew the game: every side, of two or more, shares first place, and
        no safeguard stopped it."""
        return not self.stopped and len(self.placing) > 1 and all(p == 1 for p in self.placing)


def play_one(
    ruleset_id: str, seed: int, players: tuple[str, ...], setup: dict[str, Any] | None = None
) -> GameResult:
    """Play one computer game (picklable, for worker processes); ``players[side]`` is the
    kind of player of each side (an automaton's is never asked)."""
    ruleset = find_ruleset(ruleset_id)
    game = ruleset.new_game(setup, seed)
    play(game, side_players(game.sides, players, seed))
    result = game.result
    return GameResult(
        seed,
        () if result is None else result.placing,
        ruleset.game_length(game),
        len(game.actions),
        "unfinished" if result is None else result.reason,
        result is None or result.rule in ruleset.safeguards,
    )


def _play_batch(
    ruleset_id: str, seeds: list[int], players: tuple[str, ...], setup: dict[str, Any] | None
) -> list[GameResult]:
    with collecting_seldom():
        return [play_one(ruleset_id, s, players, setup) for s in seeds]


@dataclass(slots=True)
class _Collector:
    """The batches playing in this process now, and the thresholds the collector had before
    the first of them: batches on several threads of one process share the collector."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    batches: int = 0
    before: tuple[int, ...] = ()


_COLLECTOR = _Collector()


@contextmanager
def collecting_seldom() -> Iterator[None]:
    """While the block runs, the collector looks for cycles after every
    :data:`YOUNG_ALLOCATIONS` allocations; once the last block running in the process ends,
    its thresholds are restored. What is collected, and when, changes no game."""
    with _COLLECTOR.lock:
        if not _COLLECTOR.batches:
            _COLLECTOR.before = gc.get_threshold()
            gc.set_threshold(YOUNG_ALLOCATIONS, *_COLLECTOR.before[1:])
        _COLLECTOR.batches += 1
    try:
        yield
    finally:
        with _COLLECTOR.lock:
            _COLLECTOR.batches -= 1
            if not _COLLECTOR.batches:
                gc.set_threshold(*_COLLECTOR.before)


@dataclass(slots=True)
class SimReport:
    """Results of a batch of games, with win rates and their 95% confidence intervals."""

    ruleset: str
    players: tuple[str, ...]
    sides: tuple[str, ...]
    results: list[GameResult] = field(default_factory=list)

    @property
    def games(self) -> int:
        """Games played."""
        return len(self.results)

    def wins(self, side: int | None) -> int:
        """Games ``side`` won alone (``None`` counts draws)."""
        if side is None:
            return sum(1 for r in self.results if r.drawn)
        return sum(1 for r in self.results if r.winner == side)

    def stops(self) -> int:
        """Games a safeguard stopped (:attr:`GameResult.stopped`): no draw and no win of the
        rules."""
        return sum(1 for r in self.results if r.stopped)

    def shared_wins(self, side: int) -> int:
        """Games ``side`` placed first together with some, not all, other sides."""
        return sum(
            1
            for r in self.results
            if not r.stopped and r.placing[side] == 1 and r.winner is None and not r.drawn
        )

    def rate(self, side: int | None) -> tuple[float, float, float]:
        """The rate of ``side``'s sole wins (``None``: of draws) and its 95% Wilson interval."""
        return self._rate(self.wins(side))

    def shared_rate(self, side: int) -> tuple[float, float, float]:
        """The rate of ``side``'s shared wins and its 95% Wilson interval."""
        return self._rate(self.shared_wins(side))

    def stop_rate(self) -> tuple[float, float, float]:
        """The rate of games a safeguard stopped and its 95% Wilson interval."""
        return self._rate(self.stops())

    def _rate(self, k: int) -> tuple[float, float, float]:
        n = self.games
        low, high = wilson_interval(k, n)
        return (k / n if n else 0.0, low, high)

    def mean_rounds(self) -> float:
        """The mean game length in rounds."""
        return sum(r.rounds for r in self.results) / self.games if self.results else 0.0

    def mean_actions(self) -> float:
        """The mean number of decisions per game."""
        return sum(r.actions for r in self.results) / self.games if self.results else 0.0


def useful_workers(workers: int, games: int, batch: int = BATCH) -> int:
    """The most worker processes that can help: no more than the CPUs, nor than batches."""
    return max(1, min(workers, os.cpu_count() or 1, math.ceil(games / batch)))


def workers_limit_reason(games: int, batch: int = BATCH) -> str:
    """Why :func:`useful_workers` allows no more, as a phrase."""
    return (
        f"this machine has {os.cpu_count() or 1} CPU(s), and {games} game(s) make "
        f"{math.ceil(games / batch)} batch(es) of {batch}"
    )


def game_seeds(seed: int, games: int) -> list[int]:
    """Independent per-game seeds spawned from one root seed."""
    children = np.random.SeedSequence(seed).spawn(games)
    return [int(c.generate_state(2, dtype=np.uint32).view(np.uint64)[0]) for c in children]


def warm(ruleset_id: str, setup: dict[str, Any] | None, sides: Sides) -> None:
    """Build what every game of ``ruleset_id`` on ``setup`` (whose sides are ``sides``) shares:
    its data, and the board's paths and sights, by playing one random game."""
    play_one(ruleset_id, 0, ("random",) * len(sides.players), setup)


@contextmanager
def local_pool(
    workers: int,
    ruleset_id: str,
    setup: dict[str, Any] | None,
    sides: Sides,
    warm_up: Callable[[], None],
) -> Iterator[Executor]:
    """A process pool of warm workers, with an explicit start method (forkserver is Python
    3.14's default): forked on Linux, while this process runs no other thread (a fork takes
    only the calling thread, and a lock another one held stays locked), from this process
    once ``warm_up`` has run in it (a simulation plays its first game); else spawned, each
    warming itself (:func:`warm`)."""
    if sys.platform == "linux" and threading.active_count() == 1:
        warm_up()
        gc.freeze()
        try:
            fork = multiprocessing.get_context("fork")
            with ProcessPoolExecutor(workers, mp_context=fork) as pool:
                yield pool
        finally:
            gc.unfreeze()
    else:
        spawn = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(
            workers, spawn, initializer=warm, initargs=(ruleset_id, setup, sides)
        ) as pool:
            yield pool


def simulate(
    ruleset_id: str,
    games: int,
    seed: int = 0,
    players: tuple[str, ...] = ("ai", "ai"),
    executor: Executor | None = None,
    workers: int = 1,
    setup: dict[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
    batch: int = BATCH,
) -> SimReport:
    """Play ``games`` games and collect their results.

    With ``workers`` = 1 and no executor the games run in this process. Otherwise they run
    in batches on ``executor`` (a local process pool by default); ``progress`` is told how
    many games each finished batch held.

    Raises:
        SkirmishError: an unknown ruleset, a bad setup or player.
    """
    ruleset = find_ruleset(ruleset_id)
    sides = ruleset.sides_of(ruleset.normalize_setup(setup or {}))
    players = side_kinds(sides, players)
    side_players(sides, players, 0)
    report = SimReport(ruleset.id, players, sides.names)
    seeds = game_seeds(seed, games)
    if executor is None and workers <= 1:
        for chunk in _chunks(seeds, batch):
            report.results += _play_batch(ruleset.id, chunk, players, setup)
            if progress:
                progress(len(chunk))
    elif executor is None:

        def first_game() -> None:
            report.results += _play_batch(ruleset.id, seeds[:1], players, setup)
            if progress:
                progress(1)

        with local_pool(workers, ruleset.id, setup, sides, first_game) as pool:
            chunks = guided_chunks(seeds[len(report.results) :], workers)
            _run_on(pool, chunks, ruleset.id, players, setup, report, progress)
    else:
        _run_on(executor, _chunks(seeds, batch), ruleset.id, players, setup, report, progress)
    order = {s: i for i, s in enumerate(seeds)}
    report.results.sort(key=lambda r: order[r.seed])
    return report


def _chunks(seeds: list[int], size: int) -> list[list[int]]:
    return [seeds[i : i + size] for i in range(0, len(seeds), size)]


def guided_chunks(seeds: list[int], workers: int) -> list[list[int]]:
    """``seeds`` cut into chunks for a local pool of ``workers``, in the order they are sent:
    each holds the games left over ``SHARE * workers``, rounded up, so they shrink to one."""
    chunks = []
    start = 0
    while start < len(seeds):
        size = math.ceil((len(seeds) - start) / (SHARE * workers))
        chunks.append(seeds[start : start + size])
        start += size
    return chunks


def _run_on(
    executor: Executor,
    chunks: Sequence[list[int]],
    ruleset_id: str,
    players: tuple[str, ...],
    setup: dict[str, Any] | None,
    report: SimReport,
    progress: Callable[[int], None] | None,
) -> None:
    futures = [executor.submit(_play_batch, ruleset_id, c, players, setup) for c in chunks]
    for future in as_completed(futures):
        done = future.result()
        report.results += done
        if progress:
            progress(len(done))
