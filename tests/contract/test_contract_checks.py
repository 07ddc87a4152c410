"""The contract's own checks catch what they are there for: a save that loses part of the
game is caught whether it is made at the first checkpoint (its copies play to the end) or
later (they play ``HORIZON`` actions)."""

from __future__ import annotations

from typing import Any

import pytest

from skirmish import contract
from skirmish.contract import ContractError, random_game
from skirmish.dice import SeededDice
from skirmish.engine.game import Game
from skirmish.engine.restore import restore
from skirmish.rulesets import find_ruleset


class ForgottenDice(SeededDice):
    """Dice that say they hold the saved state but roll on from another: a save that lost
    the dice, though the game it gives back looks the same."""

    __slots__ = ("said",)

    def __init__(self, said: dict[str, Any]) -> None:
        super().__init__(0x5EED)
        self.said = said

    def to_json(self) -> dict[str, Any]:
        return self.said


def _losing_dice_from(count: int) -> Any:
    def lossy_restore(data: dict[str, Any]) -> Game[Any, Any]:
        game = restore(data)
        if len(data["actions"]) >= count:
            game.dice = ForgottenDice(data["dice"])
        return game

    return lossy_restore


@pytest.mark.parametrize("count", [1, 16, 64])
def test_a_save_that_loses_the_dice_is_caught(monkeypatch: pytest.MonkeyPatch, count: int) -> None:
    monkeypatch.setattr(contract, "restore", _losing_dice_from(count))
    with pytest.raises(ContractError, match=rf"action {count}: a copy played on differently"):
        random_game(find_ruleset("sacred-wire"), 3, deep=True)


def test_the_same_game_keeps_the_contract_with_a_true_save() -> None:
    game = random_game(find_ruleset("sacred-wire"), 3, deep=True)
    assert len(game.actions) > 64
