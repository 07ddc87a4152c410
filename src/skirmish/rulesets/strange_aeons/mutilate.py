"""Mutilate, the Werewolf's (R:632): a model it removes with a Major Injury is not rolled for
on the Major Injury Table at the game's end; its result is Multiple Injuries, or Dead for a
Civilian, a Child or an Animal. The campaign that reads the result is not played, so the game
keeps it in its state (``mutilated``, with the result) and log, as Infect keeps its roll.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.model import MAJOR_INJURY, AeonsModel

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Werewolf: Mutilate (R:632)"
MULTIPLE = "Multiple Injuries"
DEAD = "Dead"
FRAIL = ("civilian", "child")
"""The book's profiles, by id, that a Mutilation kills, with every Animal."""


def mutilated(game: AeonsGame, m: AeonsModel, reason: str, by: tuple[str, ...]) -> None:
    """Keep the Major Injury result of ``m``, removed for ``reason`` by the models ``by``, if
    one of them Mutilates."""
    cat = catalog_of(game)
    mutilates = any(cat.profile(game.model(b).profile).can("mutilate") for b in by)
    if reason != MAJOR_INJURY or not mutilates:
        return
    prof = cat.profile(m.profile)
    result = DEAD if prof.kind in FRAIL or "animal" in prof.types else MULTIPLE
    game.emit("mutilated", RULE, (m.id,), result=result)
    game.state.mutilated = (*game.state.mutilated, (m.id, result))
