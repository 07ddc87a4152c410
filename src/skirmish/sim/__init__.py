"""Batch simulation: many games over an Executor, and the statistics of their results."""

from skirmish.sim.runner import GameResult, SimReport, play_one, simulate
from skirmish.sim.stats import wilson_interval

__all__ = ["GameResult", "SimReport", "play_one", "simulate", "wilson_interval"]
