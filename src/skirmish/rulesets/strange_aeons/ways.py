"""The way between two surfaces, as the heuristic player counts it: up or down ladders.

A Move stays on its surface; a ladder climbed with a Move takes a model from the ground to a
roof or back (R:169-170). So the way from a spot to a model on another surface walks to a
ladder's end, climbs it (one Move each, whatever the ladder's height), and walks on from its
other end; from one roof to another it goes down and up again. A roof no ladder reaches (a
jump only, R:271) lies beyond every way counted here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from skirmish.geometry.board import Board
from skirmish.geometry.shapes import Point


@dataclass(frozen=True, slots=True)
class Leg:
    """Where a way leaves the start's surface, where it arrives on the goal's, the inches
    walked on the ground between, and the ladders climbed."""

    leave: Point
    arrive: Point
    between: float
    climbs: int


def legs(board: Board, start: str | None, goal: str | None) -> list[Leg]:
    """The ladder ways from surface ``start`` to surface ``goal`` (``None``: the ground)."""
    if start == goal:
        return []
    up = [lad for lad in board.ladders if lad.terrain == goal]
    down = [lad for lad in board.ladders if lad.terrain == start]
    if start is None:
        return [Leg(lad.foot, lad.top, 0.0, 1) for lad in up]
    if goal is None:
        return [Leg(lad.top, lad.foot, 0.0, 1) for lad in down]
    return [Leg(a.top, b.top, math.dist(a.foot, b.foot), 2) for a in down for b in up]


def way(p: Point, q: Point, found: list[Leg], climb: float) -> float:
    """The inches from ``p`` to ``q`` along the shortest of the ways ``found``, each ladder
    climbed counted as ``climb`` inches (a Move spent on it); ``inf`` when there is none."""
    return min(
        (
            math.dist(p, leg.leave) + leg.between + leg.climbs * climb + math.dist(leg.arrive, q)
            for leg in found
        ),
        default=math.inf,
    )


def ladder_ends(board: Board, level: str | None) -> list[Point]:
    """Where a model on ``level`` stands to climb each ladder it may take from there: the
    foot on the ground, the top on a roof."""
    if level is None:
        return [lad.foot for lad in board.ladders]
    return [lad.top for lad in board.ladders if lad.terrain == level]
