"""Dice the combat rules roll, logged by the game: each pool a roll event naming the model
that rolls it and the rule that asks (DESIGN: every roll is an event); a die re-rolled, an
event naming the face it replaces too (L415, L492, L699, L756)."""

from __future__ import annotations

from skirmish.dice import Roll
from skirmish.engine.events import Event
from skirmish.rulesets.wolsung.game.state import WolsungGame

__all__ = ["LoggedDice", "reroll_die"]

SIDES = 6
"""Every die of Wolsung is a D6."""


class LoggedDice:
    """A source of faces for :mod:`..combat` that rolls with the game's dice and logs each
    pool under ``rule``, the pools rolled in turn by the ``rollers`` named (the active model
    first, as the opposed test rolls)."""

    def __init__(self, game: WolsungGame, rule: str, rollers: tuple[str, ...]) -> None:
        self.game, self.rule, self.rollers, self.rolled = game, rule, rollers, 0

    def faces(self, count: int, sides: int, purpose: str) -> tuple[int, ...]:
        """Roll ``count`` dice for ``purpose`` and log them."""
        roller = self.rollers[min(self.rolled, len(self.rollers) - 1)]
        self.rolled += 1
        return self.game.roll(f"{count}D{sides}", purpose, self.rule, roller).faces


def reroll_die(game: WolsungGame, roll: Roll, index: int, rule: str, model: str) -> Roll:
    """Re-roll face ``index`` of ``roll`` for ``model`` under ``rule`` and log it as the
    game's re-roll event, naming the face it replaces (``was``) beside the die: a line of the
    log then says which die changed and how, not only the dice after. The roll with it."""
    (face,) = game.dice.faces(1, SIDES, roll.purpose)
    new = roll.with_face(index, face)
    said = {"die": index + 1, "was": roll.faces[index]}
    game.log.append(Event("reroll", rule, (model,), said, new))
    return new
