"""The Smoke Canister (R:1309, rules notes §6 item 56): fired from the Canister Launcher, its
Large Blast Template is aimed and lands as any Blast's (:mod:`.templates`: a miss moved 1D3"),
hurts no one under it, and stays where it lands, blocking line of sight for 1D3+1 Turns.

Readings: a Turn is a Game Round (item 56), counted from the shot, so the smoke lifts as its
firer's side begins its turn that many rounds later, in the Upkeep phase (R:127). The template
stands as a column from the surface it lies on, as tall as anything on the table: a ray of
sight through it is blocked, into it, out of it and across it, so a model wholly behind it is
out of sight and one partly behind it is seen with the cover the rays blocked give
(:func:`skirmish.geometry.sight.sight_among`).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from skirmish.geometry.sight import Column
from skirmish.rulesets.strange_aeons.dice import read_die
from skirmish.rulesets.strange_aeons.state import Smoke

if TYPE_CHECKING:
    from skirmish.geometry.board import Board
    from skirmish.geometry.templates import CircleTemplate
    from skirmish.rulesets.strange_aeons.catalog import Weapon
    from skirmish.rulesets.strange_aeons.model import AeonsModel
    from skirmish.rulesets.strange_aeons.state import AeonsGame

LAID = "Alien Weapons Table: Smoke Canister (R:1309)"
LIFTED = "Smoke Canister: the smoke lifts (R:1309; notes §6 item 56)"


def lay(
    game: AeonsGame, shooter: AeonsModel, weapon: Weapon, laid: CircleTemplate, level: str | None
) -> None:
    """The smoke comes down where the template landed, for a roll of its die plus its Turns."""
    face = game.roll("D6", "smoke", LAID, shooter.id).value
    turns = read_die(weapon.smoke_die, face) + weapon.smoke_turns
    st = game.state
    x, y = laid.center
    cloud = Smoke(x, y, laid.radius, level or "", shooter.side, st.round + turns)
    st.smoke = (*st.smoke, cloud)
    game.emit("smoke", LAID, (shooter.id,), at=laid.center, turns=turns)


def lift(game: AeonsGame) -> None:
    """The active side's smoke whose Turns are over lifts (R:1309)."""
    st = game.state
    over = [s for s in st.smoke if s.side == st.active and s.lifts <= st.round]
    for cloud in over:
        game.emit("smoke-lifts", LIFTED, (), at=(cloud.x, cloud.y))
    st.smoke = tuple(s for s in st.smoke if s not in over)


def columns(board: Board, clouds: tuple[Smoke, ...]) -> list[Column]:
    """The smoke as the columns line of sight is blocked by."""
    return [
        Column((s.x, s.y), s.radius, board.surface_height(s.level or None), math.inf)
        for s in clouds
    ]
