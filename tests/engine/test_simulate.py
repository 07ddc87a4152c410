"""Simulations give the same results whatever runs them: one process, a pool of warm workers
(forked from the process that played the first game on Linux, spawned and warming themselves
elsewhere) fed in shrinking chunks, any other executor in batches, a Dask cluster."""

from __future__ import annotations

import gc
import multiprocessing
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

try:
    from distributed import Client, LocalCluster
except ImportError:  # dask is an optional extra: skirmish[dask]
    Client = LocalCluster = None

from skirmish.sim import runner
from skirmish.sim.runner import GameResult, collecting_seldom, guided_chunks, simulate


@pytest.mark.parametrize(
    ("ruleset", "players"),
    [("strange-aeons-intro", ("random", "ai")), ("sacred-wire", ("random", "random"))],
)
def test_two_warm_workers_play_the_games_one_process_plays(
    ruleset: str, players: tuple[str, str]
) -> None:
    alone = simulate(ruleset, 12, seed=3, players=players)
    pooled = simulate(ruleset, 12, seed=3, players=players, workers=2)
    assert pooled.results == alone.results


def test_spawned_workers_warm_themselves_and_play_the_same_games(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    alone = simulate("sacred-wire", 8, seed=4, players=("random", "random"))
    monkeypatch.setattr(runner.sys, "platform", "darwin")
    spawned = simulate("sacred-wire", 8, seed=4, players=("random", "random"), workers=2)
    assert spawned.results == alone.results


def test_any_executor_plays_the_games_one_process_plays() -> None:
    thresholds = gc.get_threshold()
    alone = simulate("strange-aeons-intro", 7, seed=5, players=("random", "random"))
    with ThreadPoolExecutor(2) as pool:
        batched = simulate(
            "strange-aeons-intro", 7, seed=5, players=("random", "random"), executor=pool, batch=3
        )
    assert batched.results == alone.results
    assert gc.get_threshold() == thresholds


def test_games_collect_seldom_until_the_last_batch_of_the_process_ends() -> None:
    thresholds = gc.get_threshold()
    first, second = collecting_seldom(), collecting_seldom()
    first.__enter__()
    assert gc.get_threshold() == (runner.YOUNG_ALLOCATIONS, *thresholds[1:])
    second.__enter__()
    first.__exit__(None, None, None)
    assert gc.get_threshold()[0] == runner.YOUNG_ALLOCATIONS
    second.__exit__(None, None, None)
    assert gc.get_threshold() == thresholds


def _on_a_dask_cluster(games: int, seed: int) -> list[GameResult]:
    """The results of random games on a Dask cluster of one in-process worker."""
    cluster = LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    )
    with cluster, Client(cluster) as client:
        players = ("random", "random")
        executor = client.get_executor()
        report = simulate("strange-aeons-intro", games, seed, players, executor, batch=4)
    return report.results


def test_a_dask_cluster_plays_the_games_one_process_plays() -> None:
    if LocalCluster is None:
        pytest.skip("the dask extra is not installed")
    alone = simulate("strange-aeons-intro", 6, seed=6, players=("random", "random"))
    # In a process of its own: Dask leaves a thread running, and a pool forks only from a
    # process of one thread.
    with ProcessPoolExecutor(1, multiprocessing.get_context("spawn")) as child:
        clustered = child.submit(_on_a_dask_cluster, 6, 6).result()
    assert clustered == alone.results


CHUNK_SIZES = """
from skirmish.sim.runner import simulate
sizes = []
simulate("strange-aeons-intro", 40, players=("random", "random"), workers=2, progress=sizes.append)
print(*sizes)
"""
"""A run in a process of one thread, as ``skirmish simulate`` is: a pytest worker runs others
(it talks to its controller), and a pool forks only from a process of one thread."""


@pytest.mark.skipif(sys.platform != "linux", reason="a pool forks from a warm process on Linux")
def test_the_first_game_warms_the_pool_and_the_chunks_shrink_to_one_game() -> None:
    run = subprocess.run(
        [sys.executable, "-c", CHUNK_SIZES], capture_output=True, text=True, check=True
    )
    sizes = [int(size) for size in run.stdout.split()]
    assert sizes[0] == 1  # played in this process before the workers fork from it
    assert sorted(sizes[1:], reverse=True) == [10, 8, 6, 4, 3, 2, 2, 1, 1, 1, 1]


def test_guided_chunks_hold_half_of_what_each_worker_has_left() -> None:
    chunks = guided_chunks(list(range(1000)), 2)
    sizes = [len(c) for c in chunks]
    assert sizes[:4] == [250, 188, 141, 106]
    assert sizes[-4:] == [1, 1, 1, 1]
    assert [s for c in chunks for s in c] == list(range(1000))
