"""Dice tiers and the opposed roll of Sacred Wire 28 (C1.9, C1.10).

Every test rolls two dice of one size and adds them. The size is the roll's *dice tier* (DT), a
rung of the ladder 2d4 < 2d6 < 2d8 < 2d10 < 2d12 (C1.9). Modifiers move a roll up or down the
ladder; a modifier that would leave the ladder is handed to the opponent with its sign flipped,
once (C1.10). In an opposed roll both sides roll, the higher total wins, a tie goes to the lower
DT and a tie at the same DT is rolled again (C1.9). The winner's multiple
``k = winner total // loser total`` grades the win: 2 is a Double, 3 a Triple, and so on
(C4.16, C4.17, C5.1).

Dice purposes used here: the caller names both sides' purposes (``"attack"``/``"defense"`` in an
attack); a die re-rolled by a "re-roll 1s" rule is rolled under ``"<purpose>-reroll"``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import IntEnum

from skirmish.dice import DiceSource, Roll
from skirmish.errors import SkirmishError

__all__ = [
    "DOUBLE",
    "REROLL_SUFFIX",
    "TRIPLE",
    "DiceTierError",
    "OpposedRoll",
    "SettledTiers",
    "Tier",
    "TierModifier",
    "TierRoll",
    "multiple",
    "opposed_winner",
    "parse_tier",
    "roll_dice",
    "roll_opposed",
    "roll_pair",
    "settle_tiers",
]

#: What a die re-rolled by a "re-roll 1s" rule adds to its roll's purpose (notes A3).
REROLL_SUFFIX = "-reroll"

#: The grades of a won roll's multiple: a Double deals maximum damage; a Triple also rolls the
#: Critical table (C4.16) or makes the loser Fumble (C4.17, C5.1), each multiple above it +1 on
#: that d6, and wins a Signal Examine its Evidence (M13.1).
DOUBLE = 2
TRIPLE = 3

#: The ladder's ends, as ranks (C1.9 "Attribute Caps").
_LOWEST = 0
_HIGHEST = 4

_TIER_RE = re.compile(r"^\s*(?:2\s*)?d\s*(\d+)\s*$", re.IGNORECASE)


class DiceTierError(SkirmishError):
    """A dice tier that is not on the ladder, such as ``"2d7"``."""


class Tier(IntEnum):
    """A dice tier (C1.9); the value is the sides of each of the two dice rolled."""

    D4 = 4
    D6 = 6
    D8 = 8
    D10 = 10
    D12 = 12

    @property
    def sides(self) -> int:
        """The sides of each die of the pair."""
        return int(self)

    @property
    def rank(self) -> int:
        """0 for 2d4 up to 4 for 2d12: the position on the ladder."""
        return _LADDER.index(self)

    @staticmethod
    def at(rank: int) -> Tier:
        """The tier at ``rank`` on the ladder, clamped to 2d4..2d12 (C1.9 caps)."""
        return _LADDER[min(max(rank, _LOWEST), _HIGHEST)]

    def step(self, steps: int) -> Tier:
        """This tier moved ``steps`` rungs (``+1 DT`` = one up), clamped to the ladder."""
        return Tier.at(self.rank + steps)

    @property
    def notation(self) -> str:
        """``"2d8"``: how the rules write it."""
        return f"2d{int(self)}"

    def __str__(self) -> str:
        return self.notation

    def __format__(self, spec: str) -> str:
        return format(self.notation, spec)


_LADDER: tuple[Tier, ...] = (Tier.D4, Tier.D6, Tier.D8, Tier.D10, Tier.D12)


def parse_tier(text: str | int | Tier) -> Tier:
    """Read a dice tier: ``"2d8"``, ``"d8"`` (any case) or the sides ``8``.

    >>> parse_tier("2D10")
    <Tier.D10: 10>

    :raises DiceTierError: one line quoting the text and the ladder.
    """
    if isinstance(text, Tier):
        return text
    sides: int | None = None
    if isinstance(text, int) and not isinstance(text, bool):
        sides = text
    elif isinstance(text, str):
        match = _TIER_RE.match(text)
        sides = int(match[1]) if match else None
    if sides not in (4, 6, 8, 10, 12):
        ladder = ", ".join(tier.notation for tier in _LADDER)
        raise DiceTierError(f"bad dice tier {text!r} (one of {ladder})")
    return Tier(sides)


@dataclass(frozen=True, slots=True)
class TierModifier:
    """A DT modifier with where it comes from, so a log can cite it (``+1 DT`` = ``steps=1``)."""

    steps: int
    source: str
    rule: str

    def __str__(self) -> str:
        return f"{self.steps:+d} DT {self.source} ({self.rule})"


@dataclass(frozen=True, slots=True)
class TierRoll:
    """One side of an opposed roll before C1.10: its base tier and its own modifiers.

    ``fixed`` marks a fixed 2d6 roll (Search, grenades, Morale, support Cast): it has no
    modifiers and neither gives nor takes overflow (C1.10).
    """

    base: Tier
    modifiers: tuple[TierModifier, ...] = ()
    fixed: bool = False

    def __post_init__(self) -> None:
        if self.fixed and (self.base is not Tier.D6 or self.modifiers):
            raise ValueError("a fixed roll is a plain 2d6 without modifiers (C1.10)")

    @staticmethod
    def fixed_2d6() -> TierRoll:
        """The fixed 2d6 a Search, grenade, Morale or support Cast rolls against (C1.10)."""
        return TierRoll(Tier.D6, (), fixed=True)

    @property
    def net(self) -> int:
        """The sum of its own modifiers, in steps (notes A2: net first, then clamp)."""
        return sum(modifier.steps for modifier in self.modifiers)


@dataclass(frozen=True, slots=True)
class SettledTiers:
    """The tiers both sides roll after C1.10, and what overflowed where.

    ``passed_to_first`` is the signed number of steps the second side's overflow changed the
    first side's tier by (after clamping); ``lost`` counts overflow steps that vanished: past a
    ladder end on the receiving side, or given by or to a fixed 2d6 roll.
    """

    first: Tier
    second: Tier
    passed_to_first: int
    passed_to_second: int
    lost: int

    def describe(self, first: TierRoll, second: TierRoll, names: tuple[str, str]) -> str:
        """One line for a log: both sides' modifiers, overflow and final tiers."""
        parts = [
            _describe_side(names[0], first, self.first, self.passed_to_first),
            _describe_side(names[1], second, self.second, self.passed_to_second),
        ]
        if self.lost:
            parts.append(f"{self.lost} overflow step(s) lost")
        return "; ".join(parts)


def _describe_side(name: str, roll: TierRoll, final: Tier, received: int) -> str:
    text = f"{name} {roll.base}"
    if roll.fixed:
        return text + " (fixed)"
    for modifier in roll.modifiers:
        text += f" {modifier}"
    if received:
        text += f" {received:+d} DT overflow (C1.10)"
    if final is not roll.base or roll.modifiers or received:
        text += f" -> {final}"
    return text


def settle_tiers(first: TierRoll, second: TierRoll) -> SettledTiers:
    """Apply both sides' modifiers with overflow handed over once (C1.10, notes A2).

    Each side nets its own modifiers and clamps to the ladder; the excess (signed steps past
    the end) goes to the other side with the sign flipped, and that side clamps again. Nothing
    bounces back. A fixed 2d6 side neither gives nor receives overflow.

    >>> s = settle_tiers(TierRoll(Tier.D6, (TierModifier(-2, "moved, cover", "C4.10"),)),
    ...                  TierRoll(Tier.D6))
    >>> (str(s.first), str(s.second))
    ('2d4', '2d8')
    """
    kept_first, excess_first = _clamp(first)
    kept_second, excess_second = _clamp(second)
    given_first = 0 if first.fixed or second.fixed else excess_first
    given_second = 0 if first.fixed or second.fixed else excess_second
    final_first = Tier.at(kept_first - given_second)
    final_second = Tier.at(kept_second - given_first)
    passed_first = final_first.rank - kept_first
    passed_second = final_second.rank - kept_second
    lost = abs(excess_first) + abs(excess_second) - abs(passed_first) - abs(passed_second)
    return SettledTiers(final_first, final_second, passed_first, passed_second, lost)


def _clamp(side: TierRoll) -> tuple[int, int]:
    own = side.base.rank + side.net
    kept = min(max(own, _LOWEST), _HIGHEST)
    return kept, own - kept


def opposed_winner(first_total: int, first: Tier, second_total: int, second: Tier) -> int | None:
    """0 if the first side wins, 1 if the second does, None for a re-roll (C1.9).

    Higher total wins; a tie goes to the lower dice tier; a tie at the same tier is re-rolled.
    """
    if first_total != second_total:
        return 0 if first_total > second_total else 1
    if first is second:
        return None
    return 0 if first < second else 1


def multiple(winner_total: int, loser_total: int) -> int:
    """How many times the winner's total covers the loser's: 2 = Double, 3 = Triple (C4.16).

    A tie won by the lower tier is a multiple of 1. Totals of two dice are at least 2, so the
    loser's total is never 0.
    """
    return winner_total // loser_total


def roll_dice(
    count: int,
    sides: int,
    dice: DiceSource,
    purpose: str,
    *,
    reroll_up_to: int = 0,
    model: str | None = None,
) -> tuple[tuple[int, ...], tuple[Roll, ...]]:
    """Roll ``count`` dice; each die showing ``reroll_up_to`` or less is re-rolled once.

    Re-rolls keep the new face even if it is low again (notes A3) and are rolled under
    ``"<purpose>-reroll"``. Returns the final faces and the rolls made, first roll first.
    """
    faces = dice.faces(count, sides, purpose)
    rolls = [Roll(purpose, _notation(count, sides), faces, sum(faces), model)]
    low = [index for index, face in enumerate(faces) if face <= reroll_up_to]
    if low:
        again_purpose = f"{purpose}{REROLL_SUFFIX}"
        again = dice.faces(len(low), sides, again_purpose)
        kept = list(faces)
        for index, face in zip(low, again, strict=True):
            kept[index] = face
        faces = tuple(kept)
        notation = _notation(len(low), sides)
        rolls.append(Roll(again_purpose, notation, again, sum(faces), model, tuple(low)))
    return faces, tuple(rolls)


def _notation(count: int, sides: int) -> str:
    return f"{count}D{sides}" if count > 1 else f"D{sides}"


def roll_pair(
    tier: Tier, dice: DiceSource, purpose: str, *, reroll_up_to: int = 0, model: str | None = None
) -> tuple[int, tuple[Roll, ...]]:
    """Roll the two dice of ``tier`` (C1.9), re-rolling low dice once (see :func:`roll_dice`).

    Returns the total and the rolls made.
    """
    faces, rolls = roll_dice(2, tier.sides, dice, purpose, reroll_up_to=reroll_up_to, model=model)
    return sum(faces), rolls


@dataclass(frozen=True, slots=True)
class OpposedRoll:
    """An opposed roll as it happened (C1.9): every attempt's rolls and the deciding totals."""

    first: Tier
    second: Tier
    first_total: int
    second_total: int
    winner: int  # 0: the first side, 1: the second side
    attempts: int  # 1 unless ties at the same tier were re-rolled
    rolls: tuple[Roll, ...]

    @property
    def first_wins(self) -> bool:
        """True if the first side (the attacker, the tester) won."""
        return self.winner == 0

    @property
    def multiple(self) -> int:
        """The winner's multiple of the loser's total (C4.16, C4.17)."""
        if self.winner == 0:
            return multiple(self.first_total, self.second_total)
        return multiple(self.second_total, self.first_total)

    def describe(self, names: tuple[str, str]) -> str:
        """One line for a log, e.g. ``attacker 2d6 = 9 vs defender 2d8 = 9: tie, lower DT wins``."""
        retries = f" after {self.attempts - 1} re-rolled tie(s)" if self.attempts > 1 else ""
        text = (
            f"{names[0]} {self.first} = {self.first_total} vs "
            f"{names[1]} {self.second} = {self.second_total}{retries}: "
        )
        if self.first_total == self.second_total:
            text += "tie, lower DT wins: "
        text += f"{names[self.winner]} wins"
        k = self.multiple
        return text + (f" (x{k})" if k >= DOUBLE else "")


def roll_opposed(
    first: Tier,
    second: Tier,
    dice: DiceSource,
    *,
    purposes: tuple[str, str],
    rerolls: tuple[int, int] = (0, 0),
    models: tuple[str | None, str | None] = (None, None),
) -> OpposedRoll:
    """Both sides roll at once; ties at the same tier re-roll both until decided (C1.9).

    ``rerolls`` gives each side's "re-roll 1s" threshold (armour on Defense, notes A3); the
    first side's dice are rolled before the second's in every attempt.
    """
    rolls: list[Roll] = []
    attempts = 0
    while True:
        attempts += 1
        first_total, first_rolls = roll_pair(
            first, dice, purposes[0], reroll_up_to=rerolls[0], model=models[0]
        )
        second_total, second_rolls = roll_pair(
            second, dice, purposes[1], reroll_up_to=rerolls[1], model=models[1]
        )
        rolls += (*first_rolls, *second_rolls)
        winner = opposed_winner(first_total, first, second_total, second)
        if winner is not None:
            return OpposedRoll(
                first, second, first_total, second_total, winner, attempts, tuple(rolls)
            )
