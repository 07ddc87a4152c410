"""Placing one model by Random Deployment (R:1530-1532) or by the Free For All Deployment
Table (R:1600-1609, notes §2.16): a D6 gives the model's section or quadrant, sends it to the
back of its queue (Free For All's 5), or lets its player choose. A model sent back while the
opponent has none left to place is rolled for again (R:1609). Where on the area it stands (at
least 5" from every other model) is the player's to decide.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from skirmish.dice import Faces
from skirmish.rulesets.strange_aeons.rules_data.scenario_records import DeploymentTable

__all__ = ["Placement", "place"]


@dataclass(frozen=True, slots=True)
class Placement:
    """Where a model goes: its area (``None`` when sent back or chosen), the face that
    decided, and the faces rolled again before it."""

    result: Literal["area", "requeue", "choose"]
    face: int
    area: int | None
    rerolled: tuple[int, ...] = ()


def place(table: DeploymentTable, dice: Faces, opponent_waiting: bool) -> Placement:
    """Roll where one model deploys; ``opponent_waiting``: the other player still has models
    in its queue, so a model sent back lets the opponent roll next."""
    purpose = f"{table.name}: {table.area}"
    rerolled: list[int] = []
    while True:
        (face,) = dice.faces(1, 6, purpose)
        row = next(r for r in table.row if r.rolls[0] <= face <= r.rolls[1])
        if row.result == "requeue" and not opponent_waiting:
            rerolled.append(face)
            continue
        area = face if row.result == "area" else None
        return Placement(row.result, face, area, tuple(rerolled))
