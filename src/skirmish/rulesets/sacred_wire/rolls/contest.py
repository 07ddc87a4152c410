"""Rolls as the game plays them: opposed rolls (C1.9, C1.10) logged die by die, kept as plain
faces between the pauses where a player may spend a blessing on them (C4.2); one die of any
size; an amount of the rules data (damage, Health, inches)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from skirmish.dice import Roll
from skirmish.errors import SkirmishError
from skirmish.rulesets.sacred_wire.rolls.tiers import (
    REROLL_SUFFIX,
    OpposedRoll,
    SettledTiers,
    Tier,
    TierRoll,
    opposed_winner,
    roll_opposed,
    settle_tiers,
)
from skirmish.rulesets.sacred_wire.rules_data.effects import DamageDice

if TYPE_CHECKING:
    from skirmish.rulesets.sacred_wire.game.state import WireGame

OPPOSED = "C1.9"
OVERFLOW = "C1.10"


def log_rolls(
    game: WireGame,
    rolls: Iterable[Roll],
    rule: str,
    ids: Mapping[str | None, str | None],
    reroll_rule: str = "",
) -> None:
    """Append rolls made outside ``game.roll`` to the log, their owners named by model id.

    A roll is logged by :meth:`.Game.log_roll`, as :meth:`.Game.roll` logs one, citing
    ``rule``; a "re-roll 1s" roll (``"<purpose>-reroll"``, notes A3) is logged die by die by
    :meth:`.Game.log_reroll`, as :meth:`.Game.reroll` logs a re-roll: the die, the face it
    replaced (``was``) and the whole roll as it stands after it, citing ``reroll_rule``, the
    entry of what grants the re-roll (an armour's R3.6-R3.8, a weapon's R3.2, R3.3).

    Raises:
        SkirmishError: a re-roll among ``rolls`` with no ``reroll_rule`` to cite.
    """
    held: dict[str, Roll] = {}
    for roll in rolls:
        owner = ids.get(roll.model, roll.model)
        if not roll.rerolled:
            owned = Roll(roll.purpose, roll.dice, roll.faces, roll.value, owner)
            held[roll.purpose] = game.log_roll(owned, rule)
            continue
        if not reroll_rule:
            raise SkirmishError(f"the {roll.purpose} roll names no rule that grants it")
        shown = held[roll.purpose.removesuffix(REROLL_SUFFIX)]
        for index, face in zip(roll.rerolled, roll.faces, strict=True):
            shown = game.log_reroll(shown, index, face, reroll_rule, owner)


def final_faces(rolls: Iterable[Roll], purpose: str) -> tuple[int, ...]:
    """The faces a pair of ``purpose`` ended with in its last attempt, re-rolls applied."""
    faces: list[int] = []
    for roll in rolls:
        if roll.purpose == purpose:
            faces = list(roll.faces)
        elif roll.purpose == f"{purpose}{REROLL_SUFFIX}":
            for index, face in zip(roll.rerolled, roll.faces, strict=True):
                faces[index] = face
    return tuple(faces)


def settle(
    game: WireGame,
    first: TierRoll,
    second: TierRoll,
    names: tuple[str, str],
    ids: tuple[str | None, str | None],
) -> SettledTiers:
    """Net, clamp and hand over overflow once (C1.10), logging the outcome."""
    tiers = settle_tiers(first, second)
    game.emit(
        "tiers", OVERFLOW, tuple(i for i in ids if i), text=tiers.describe(first, second, names)
    )
    return tiers


def contest(
    game: WireGame,
    first: Tier,
    second: Tier,
    purposes: tuple[str, str],
    ids: tuple[str | None, str | None],
    rule: str = OPPOSED,
) -> OpposedRoll:
    """Both sides roll; ties at the same tier are rolled again (C1.9); every die is logged."""
    opposed = roll_opposed(first, second, game.dice, purposes=purposes, models=("first", "second"))
    log_rolls(game, opposed.rolls, rule, {"first": ids[0], "second": ids[1]})
    return opposed


def result(first: Tier, second: Tier, a: int, b: int) -> int | None:
    """0 if the first side wins, 1 if the second, None for a re-roll (C1.9)."""
    return opposed_winner(a, first, b, second)


def rebuilt(first: Tier, second: Tier, a: int, b: int, attempts: int = 1) -> OpposedRoll:
    """An opposed roll from stored totals (after a blessing changed a die)."""
    winner = opposed_winner(a, first, b, second)
    if winner is None:
        raise ValueError("a tie at the same tier is rolled again, not decided")
    return OpposedRoll(first, second, a, b, winner, attempts, ())


class LoggedDice:
    """The game's dice for rules written over any source of faces (the table companion's
    rolls, played in a game): every roll is logged, citing ``rule``."""

    __slots__ = ("game", "rule")

    def __init__(self, game: WireGame, rule: str) -> None:
        self.game = game
        self.rule = rule

    def faces(self, count: int, sides: int, purpose: str) -> tuple[int, ...]:
        """Roll and log ``count`` dice of ``sides`` sides for ``purpose``."""
        return self.game.roll(f"{count}D{sides}", purpose, self.rule).faces


def roll_die(game: WireGame, sides: int, purpose: str, rule: str, model: str | None = None) -> int:
    """Roll one die of any size (a token draw from a bag of ``sides`` tokens, a random pick
    among ``sides`` models) and log it."""
    return game.roll(f"D{sides}", purpose, rule, model).value


def roll_amount(
    game: WireGame, amount: DamageDice, purpose: str, rule: str, model: str | None = None
) -> int:
    """Roll an amount of the rules data (``d6`` inches, ``2d6+1`` damage) and log its dice;
    a fixed amount rolls none."""
    if amount.is_fixed:
        return amount.bonus
    return game.roll(amount.notation, purpose, rule, model).value + amount.bonus
