"""Dice the combat rules roll, logged by the game: each pool a roll event naming the model
that rolls it and the rule that asks (DESIGN: every roll is an event). A die re-rolled is the
game's own re-roll (:meth:`Game.reroll`), its event naming the face it replaces too (L415,
L492, L699, L756)."""

from __future__ import annotations

from skirmish.rulesets.wolsung.game.state import WolsungGame

__all__ = ["LoggedDice"]


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
