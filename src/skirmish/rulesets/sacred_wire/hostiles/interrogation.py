"""Interrogate (K2.2): a model within 1" of a Coworker rolls its Wits against the Coworker's
Wits, at +1 DT if the Coworker is wounded (K2.2) and +1 DT while it Cooperates (I8.1); C1.10
settles the dice and a tie at the same dice is rolled again (C1.9). A win removes the Coworker
and rolls 2d4 on the Interrogate table; with the Talkative Coworker Modifier (K1.3) every
multiple past the first adds 1 to that total, and a total past the table reads as its last row.

The odds are exact: :func:`interrogation_odds` walks every pair of totals.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from skirmish.dice import DiceSource
from skirmish.rulesets.sacred_wire.attack.odds import opposed_odds, pair_weights
from skirmish.rulesets.sacred_wire.hostiles.behaviour import COWORKERS
from skirmish.rulesets.sacred_wire.rolls.tiers import (
    OpposedRoll,
    SettledTiers,
    Tier,
    TierModifier,
    TierRoll,
    multiple,
    opposed_winner,
    roll_dice,
    roll_opposed,
    settle_tiers,
)
from skirmish.rulesets.sacred_wire.rules_data.hostile_tables import (
    HostileTables,
    HostileUnit,
    InterrogateRow,
)

INTERROGATE = "K2.2"
COWORKER_MODIFIER = "K1.3"
TABLE_DICE = (2, 4)  # the table's 2d4


@dataclass(frozen=True, slots=True)
class Interrogation:
    """The two sides of one Interrogate before the dice: the interrogator's Wits with its
    modifiers, the Coworker's, both settled (C1.10), and whether the Coworker is Talkative."""

    interrogator: TierRoll
    coworker: TierRoll
    settled: SettledTiers
    talkative: bool = False


@dataclass(frozen=True, slots=True)
class InterrogationOdds:
    """The chance to beat the Coworker, and each table row's chance once it is beaten."""

    success: Fraction
    rows: tuple[tuple[InterrogateRow, Fraction], ...]


@dataclass(frozen=True, slots=True)
class Interrogated:
    """One Interrogate as rolled: the opposed roll and, after a win, the table's faces, the
    total it reads (Talkative added) and the row."""

    roll: OpposedRoll
    faces: tuple[int, ...] = ()
    total: int = 0
    row: InterrogateRow | None = None


def interrogation(
    wits: Tier, coworker: HostileUnit, wounded: bool, cooperates: bool, talkative: bool = False
) -> Interrogation:
    """The sides of an Interrogate of ``coworker`` by a model of Wits ``wits``."""
    modifiers = []
    if wounded:
        modifiers.append(TierModifier(1, "the Coworker is wounded", INTERROGATE))
    if cooperates:
        modifiers.append(TierModifier(1, "the Coworker Cooperates", COWORKERS))
    first = TierRoll(wits, tuple(modifiers))
    second = TierRoll(Tier(coworker.wits))
    return Interrogation(first, second, settle_tiers(first, second), talkative)


def table_total(faces_total: int, won_by: int, talkative: bool) -> int:
    """The total the table reads: the 2d4, plus one per multiple past the first if Talkative."""
    return faces_total + (won_by - 1 if talkative else 0)


def interrogation_odds(it: Interrogation, tables: HostileTables) -> InterrogationOdds:
    """Exact odds: the chance to win, and each row's chance given a win (every pair of Wits
    totals that wins, with its multiple, times every 2d4 total)."""
    a, b = it.settled.first, it.settled.second
    success = opposed_odds(a, b).first_wins
    first_pairs, _ = pair_weights(a.sides)
    second_pairs, _ = pair_weights(b.sides)
    table_pairs, _ = pair_weights(TABLE_DICE[1])
    weights: dict[int, int] = {}
    for x, wx in first_pairs:
        for y, wy in second_pairs:
            if opposed_winner(x, a, y, b) == 0:
                won_by = multiple(x, y)
                for t, wt in table_pairs:
                    row = tables.interrogation(table_total(t, won_by, it.talkative)).roll
                    weights[row] = weights.get(row, 0) + wx * wy * wt
    total = sum(weights.values())
    rows = tuple((row, Fraction(weights.get(row.roll, 0), total)) for row in tables.interrogate)
    return InterrogationOdds(success, rows)


def interrogate(it: Interrogation, tables: HostileTables, dice: DiceSource) -> Interrogated:
    """Roll one Interrogate: Wits against Wits, then the table after a win."""
    roll = roll_opposed(
        it.settled.first,
        it.settled.second,
        dice,
        purposes=("interrogate", "coworker-wits"),
    )
    if not roll.first_wins:
        return Interrogated(roll)
    faces, _ = roll_dice(*TABLE_DICE, dice, "interrogate-table")
    total = table_total(sum(faces), roll.multiple, it.talkative)
    return Interrogated(roll, faces, total, tables.interrogation(total))
