"""A Swarm is bought by the point, and each point fields 1D3 models rolled at the table
(R:613, notes §3.4.2): rolled when the game is set up, with the list seed, and kept in the
setup, whose log opens with the throws. The Queen upgrade is not played yet."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from skirmish.rulesets.strange_aeons.dice import d3

if TYPE_CHECKING:
    from skirmish.dice import Faces
    from skirmish.rulesets.strange_aeons.rules_data.notation import DiceExpr
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Swarm: 1D3 models per point (R:613)"
D3 = 3


def roll_models(per_point: DiceExpr, points: int, dice: Faces) -> list[int]:
    """The models each point bought fields, rolled (a D3 read from a D6)."""
    halved = per_point.sides == D3
    found = []
    for _ in range(points):
        faces = dice.faces(per_point.count, 6 if halved else per_point.sides, "swarm")
        found.append(sum(d3(f) if halved else f for f in faces) + per_point.plus)
    return found


def log_swarms(game: AeonsGame) -> None:
    """Open the log with the models each Swarm rolled at set-up."""
    for side in ("threshold", "lurkers"):
        for entry in game.setup[side].get("swarms", []):
            name, models = entry
            game.emit("swarm", RULE, (), name=name, rolled=models, models=sum(models))


def noted(side: dict[str, Any], swarms: list[list[Any]]) -> dict[str, Any]:
    """A side's setup with its Swarms' throws kept (unchanged without Swarms)."""
    return {**side, "swarms": swarms} if swarms else side
