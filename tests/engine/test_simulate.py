"""Simulations give the same results whatever runs them: one process, a pool of warm workers
(forked from the warm process on Linux, spawned and warming themselves elsewhere), chunked."""

from __future__ import annotations

import pytest

from skirmish.sim import runner
from skirmish.sim.runner import simulate


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


def test_a_pool_gets_a_few_chunks_per_worker() -> None:
    sizes: list[int] = []
    simulate(
        "strange-aeons-intro", 40, players=("random", "random"), workers=2, progress=sizes.append
    )
    assert sorted(sizes) == [5] * runner.CHUNKS_PER_WORKER * 2
