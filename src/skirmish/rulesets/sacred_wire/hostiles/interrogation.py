"""Interrogate (K2.2): a model within 1" of a Coworker rolls its Wits against the Coworker's
Wits, at +1 DT if the Coworker is wounded (K2.2) and +1 DT while it Cooperates (I8.1); C1.10
settles the dice and a tie at the same dice is rolled again (C1.9). A win removes the Coworker
and rolls 2d4 on the Interrogate table; with the Talkative Coworker Modifier (K1.3) every
multiple past the first adds 1 to that total, and a total past the table reads as its last row.

The odds are exact: :func:`interrogation_odds` walks every pair of totals.

In play (:class:`Interrogate`, ``interrogate A1 C2``): the interrogator's base within 1" of the
Coworker's, allowed while Engaged (notes A95); with Buddy System another friendly model within
1" of the Coworker too (notes A92). Boost, Reroll and the Agent's re-roll work as on any Wits
roll (:mod:`..rolls.wits`). A win removes the Coworker and its finds go to the interrogator's
side for the post-game, as a Search's do (K2.3; False Data's lost Evidence, K2.4), a Merit to
the interrogator (K3.1), Misdirection's bonus action at once; a failure does nothing, but a
Skittish Coworker starts to Flee and a Grudge Holder turns Hostile (notes A95). Where it was
made counts for the Spawn Location (K1.3).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from skirmish.dice import DiceSource
from skirmish.rulesets.sacred_wire.attack.odds import opposed_odds, pair_weights
from skirmish.rulesets.sacred_wire.base import catalog_of
from skirmish.rulesets.sacred_wire.game import morale
from skirmish.rulesets.sacred_wire.game.model import WireModel, gain_bonus_action
from skirmish.rulesets.sacred_wire.game.space import COWORKERS as COWORKER_SIDE
from skirmish.rulesets.sacred_wire.game.space import friends, gap
from skirmish.rulesets.sacred_wire.hostiles import coworkers
from skirmish.rulesets.sacred_wire.hostiles.behaviour import COWORKERS
from skirmish.rulesets.sacred_wire.missions.search import record_find
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
from skirmish.rulesets.sacred_wire.rolls.wits import WitsRoll
from skirmish.rulesets.sacred_wire.rules_data.hostile_tables import (
    HostileTables,
    HostileUnit,
    InterrogateRow,
)
from skirmish.rulesets.sacred_wire.rules_data.loot_tables import FindKind
from skirmish.rulesets.sacred_wire.squads.roster import tier

if TYPE_CHECKING:
    from skirmish.engine.step import Step
    from skirmish.rulesets.sacred_wire.game.state import WireGame

INTERROGATE = "K2.2"
COWORKER_MODIFIER = "K1.3"
TABLE_DICE = (2, 4)  # the table's 2d4
REACH = 1.0  # K2.2: within 1" of the Coworker
EPS = 1e-9


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
    first = TierRoll(wits, tuple(interrogator_modifiers(wounded, cooperates)))
    second = TierRoll(Tier(coworker.wits))
    return Interrogation(first, second, settle_tiers(first, second), talkative)


def interrogator_modifiers(wounded: bool, cooperates: bool) -> list[TierModifier]:
    """The interrogator's DT modifiers: +1 against a wounded Coworker (K2.2), +1 while it
    Cooperates (I8.1)."""
    modifiers = []
    if wounded:
        modifiers.append(TierModifier(1, "the Coworker is wounded", INTERROGATE))
    if cooperates:
        modifiers.append(TierModifier(1, "the Coworker Cooperates", COWORKERS))
    return modifiers


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


# --- the action in play -------------------------------------------------------------------------


def _helpers(game: WireGame, m: WireModel, c: WireModel) -> int:
    """Friendly models of ``m``'s other than itself within 1" of Coworker ``c``."""
    return sum(1 for f in friends(game, m) if gap(game, f, c) <= REACH + EPS)


def _needed(game: WireGame) -> int:
    """Friends the interrogator needs by the Coworker: one with Buddy System (notes A92)."""
    return 1 if coworkers.modifier(game) == coworkers.BUDDY_SYSTEM else 0


def interrogable(game: WireGame, m: WireModel) -> list[str]:
    """The Coworkers ``m`` may Interrogate now (K2.2, notes A92, A95)."""
    near = [
        c
        for c in game.models
        if c.side == COWORKER_SIDE and c.on_table and gap(game, m, c) <= REACH + EPS
    ]
    if not near:  # as in every game without Coworkers: the modifier is not looked up
        return []
    need = _needed(game)
    return [c.id for c in near if _helpers(game, m, c) >= need]


def interrogate_error(game: WireGame, m: WireModel, target: str) -> str | None:
    """Why ``m`` cannot Interrogate ``target`` now (K2.2, notes A92), or None: the refusal's
    reason, on the conditions of :func:`interrogable`."""
    c = next((o for o in game.models if o.id == target), None)
    if c is None or c.side != COWORKER_SIDE:
        return f"{target} is no Coworker: only a Coworker is Interrogated (K2.2)"
    if not c.on_table:
        return f"{c.label} is not on the table"
    distance = gap(game, m, c)
    if distance > REACH + EPS:
        return f'{c.label} is {distance:.2f}" from {m.label}: Interrogate within {REACH:g}" (K2.2)'
    if _helpers(game, m, c) < _needed(game):
        return (
            f'Buddy System: another friendly model must stand within {REACH:g}" of {c.label} '
            "to Interrogate it (K1.3, notes A92)"
        )
    return None


@dataclass(slots=True, eq=False)
class Interrogate(WitsRoll):
    """Interrogate a Coworker (K2.2): the interrogator's Wits against the Coworker's; a win
    removes it and reads the 2d4 table (see the module docstring). ``capped``: the activation
    allows the interrogator two actions already, so Misdirection's bonus action adds none (C4.1,
    notes A9)."""

    rule = INTERROGATE
    purposes = ("interrogate", "coworker-wits")
    labels = ("Wits", "Coworker's Wits")
    blessing_name = "Interrogate"
    reroll_name = "Interrogate"
    coworker: str = ""
    capped: bool = False

    def begin(self, game: WireGame, m: WireModel) -> bool:
        game.state.searched = m.pos
        return True

    def modifiers(self, game: WireGame, m: WireModel) -> list[TierModifier]:
        c = game.model(self.coworker)
        return [
            *self.boosted(),
            *interrogator_modifiers(c.wounded, coworkers.cooperating(game, c)),
        ]

    def opposing(self, game: WireGame) -> tuple[TierRoll, str | None]:
        c = game.model(self.coworker)
        return TierRoll(tier(game, c, "wits")), c.id

    def outcome(self, game: WireGame, m: WireModel, passed: bool) -> list[Step]:
        c = game.model(self.coworker)
        game.emit(
            "interrogated",
            INTERROGATE,
            (m.id, c.id),
            success=passed,
            total=self.total,
            against=self.against,
        )
        if not passed:
            _resisted(game, c)
            return []
        c.removed = "interrogated"
        faces = game.roll(f"{TABLE_DICE[0]}D{TABLE_DICE[1]}", "interrogate-table", INTERROGATE)
        talkative = coworkers.modifier(game) == coworkers.TALKATIVE
        total = table_total(faces.value, multiple(self.total, self.against), talkative)
        row = catalog_of(game).hostiles.interrogation(total)
        game.emit("interrogate-row", INTERROGATE, (m.id,), total=total, row=row.name)
        _learn(game, m, row, self.capped)
        return []


def _resisted(game: WireGame, c: WireModel) -> None:
    """A failed Interrogate: Skittish Flees, Grudge Holder turns Hostile (notes A95)."""
    kind = coworkers.modifier(game)
    if kind == coworkers.SKITTISH and not c.fleeing:
        morale.flee(game, c, COWORKER_MODIFIER, None)
    elif kind == coworkers.GRUDGE_HOLDER:
        coworkers.mark(game, c, "it resisted an Interrogate (Grudge Holder)", COWORKER_MODIFIER)


def _learn(game: WireGame, m: WireModel, row: InterrogateRow, capped: bool) -> None:
    """What the row gives ``m``'s side (K2.2): kept for the post-game like a Search's finds;
    a bonus action past the cap of two actions is lost (notes A9)."""
    if row.bonus_action:
        gain_bonus_action(game, m, capped, INTERROGATE, row.name)
    gains = (
        (FindKind.SUBS, row.subs),
        (FindKind.EVIDENCE, max(0, row.evidence)),
        (FindKind.EVIDENCE_LOST, max(0, -row.evidence)),
        (FindKind.LEAD, row.leads),
        (FindKind.MERIT, row.merits),
    )
    for kind, amount in gains:
        if amount:
            record_find(game, m, kind, amount, rule=INTERROGATE)
