"""Exact odds of one Sacred Wire 28 attack: hit, multiples, fumbles and the damage dealt; and
of a grenade throw against the fixed 2d6 (C4.15): where it lands and what its blast deals.

:func:`attack_odds` reads the same :class:`~.resolution.AttackPlan` that
:func:`~.resolution.resolve` rolls, and enumerates every outcome exactly: the two opposed pairs
(with armour re-rolls), the multiple of the winner, the damage dice (with weapon re-rolls, or the
maximum), the Critical d6 and its bonus dice, armour after AP. Ties at the same tier are re-rolled
until decided (C1.9), so every probability is conditioned on the first non-tied roll.

Everything is counted in integer weights over a common denominator and turned into
:class:`~fractions.Fraction` only at the end; the pieces (pair sums, opposed tables, damage
distributions) are cached, so a warm call costs a few hundred microseconds.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from types import MappingProxyType

from skirmish.errors import SkirmishError
from skirmish.odds import Dist
from skirmish.rulesets.sacred_wire.attack.grenade import GrenadeContext, plan_throw
from skirmish.rulesets.sacred_wire.attack.resolution import (
    AttackContext,
    AttackKind,
    AttackPlan,
    Combatant,
    Strike,
    plan_attack,
)
from skirmish.rulesets.sacred_wire.rolls.tiers import (
    DOUBLE,
    TRIPLE,
    SettledTiers,
    Tier,
    TierModifier,
    TierRoll,
    multiple,
    opposed_winner,
    parse_tier,
)
from skirmish.rulesets.sacred_wire.rules_data.catalog import (
    Armor,
    Catalog,
    CriticalTable,
    FumbleTable,
    RangedWeapon,
)
from skirmish.rulesets.sacred_wire.rules_data.effects import DamageDice, ExtraDamage

__all__ = [
    "MAX_STEPS",
    "AttackOdds",
    "GrenadeOdds",
    "OpposedOdds",
    "attack_context_from_options",
    "attack_odds",
    "damage_odds",
    "format_grenade_odds",
    "format_odds",
    "grenade_context_from_options",
    "grenade_odds",
    "opposed_odds",
    "out_of_action_chance",
    "pair_weights",
]

#: Integer weights of outcomes, and the total they are out of.
Weights = dict[int, int]

#: A Critical or Fumble d6 modified by more than +-5 reads the same row on every face.
_MAX_TABLE_SHIFT = 5
#: The most DT steps a plain modifier takes either way: the 2d4..2d12 ladder twice over, all
#: its own side can climb and all the overflow the other side can take (C1.9, C1.10).
MAX_STEPS = 2 * (len(Tier) - 1)


# --------------------------------------------------------------------------------------------
# Dice sums and opposed rolls
# --------------------------------------------------------------------------------------------


@cache
def _dice_weights(count: int, sides: int, reroll_up_to: int) -> tuple[Weights, int]:
    """``count`` dice summed, each die showing ``reroll_up_to`` or less re-rolled once.

    One die with re-rolls has weight ``s * [face > r] + r`` out of ``s**2``: a face is kept
    outright, or any low face is re-rolled into it.
    """
    r = min(reroll_up_to, sides)
    die = {f: (sides * (f > r) + r) if r else 1 for f in range(1, sides + 1)}
    weights: Weights = {0: 1}
    for _ in range(count):
        weights = _convolve(weights, die)
    return weights, (sides * sides if r else sides) ** count


def _convolve(a: Weights, b: Weights) -> Weights:
    out: Weights = {}
    for x, wx in a.items():
        for y, wy in b.items():
            out[x + y] = out.get(x + y, 0) + wx * wy
    return out


@cache
def pair_weights(sides: int, reroll_up_to: int = 0) -> tuple[tuple[tuple[int, int], ...], int]:
    """The sum of two dice, each die showing ``reroll_up_to`` or less re-rolled once (notes A3).

    Returns ((total, weight), ...) and the total weight.
    """
    weights, total = _dice_weights(2, sides, reroll_up_to)
    return tuple(sorted(weights.items())), total


@dataclass(frozen=True, slots=True)
class _Opposed:
    """Integer weights of an opposed roll: who wins by which multiple, and the re-rolled ties."""

    first_wins: tuple[tuple[int, int], ...]  # (multiple, weight)
    second_wins: tuple[tuple[int, int], ...]
    tied: int  # weight of ties at the same tier (re-rolled)
    total: int

    @property
    def decided(self) -> int:
        """The weight of every roll that does not re-roll: the denominator after C1.9."""
        return self.total - self.tied


@cache
def _opposed(first: Tier, second: Tier, first_reroll: int, second_reroll: int) -> _Opposed:
    first_pairs, first_total = pair_weights(first.sides, first_reroll)
    second_pairs, second_total = pair_weights(second.sides, second_reroll)
    wins: Weights = {}
    losses: Weights = {}
    tied = 0
    for x, wx in first_pairs:
        for y, wy in second_pairs:
            weight = wx * wy
            winner = opposed_winner(x, first, y, second)
            if winner is None:
                tied += weight
            elif winner == 0:
                k = multiple(x, y)
                wins[k] = wins.get(k, 0) + weight
            else:
                k = multiple(y, x)
                losses[k] = losses.get(k, 0) + weight
    return _Opposed(
        tuple(sorted(wins.items())), tuple(sorted(losses.items())), tied, first_total * second_total
    )


@dataclass(frozen=True, slots=True)
class OpposedOdds:
    """One opposed roll's raw chances before tie handling, and the decided chances (C1.9)."""

    win: Fraction  # the first side's total is higher
    tie: Fraction
    loss: Fraction
    first: Tier
    second: Tier

    @property
    def first_wins(self) -> Fraction:
        """The first side's chance once ties are settled: lower DT wins, same DT re-rolls."""
        if self.first is self.second:
            return self.win / (self.win + self.loss)
        return self.win + (self.tie if self.first < self.second else 0)

    @property
    def second_wins(self) -> Fraction:
        """The second side's chance once ties are settled."""
        return 1 - self.first_wins


def opposed_odds(
    first: Tier, second: Tier, first_reroll: int = 0, second_reroll: int = 0
) -> OpposedOdds:
    """Exact chances of two opposed pairs (notes 5.3: 2d6 vs 2d8 wins 635/2304)."""
    first_pairs, first_total = pair_weights(first.sides, first_reroll)
    second_pairs, second_total = pair_weights(second.sides, second_reroll)
    win = tie = 0
    for x, wx in first_pairs:
        for y, wy in second_pairs:
            if x > y:
                win += wx * wy
            elif x == y:
                tie += wx * wy
    total = first_total * second_total
    loss = total - win - tie
    return OpposedOdds(
        Fraction(win, total), Fraction(tie, total), Fraction(loss, total), first, second
    )


# --------------------------------------------------------------------------------------------
# Damage
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _DamageTerms:
    """The hashable part of a :class:`~.resolution.Strike` that its damage depends on."""

    dice: DamageDice
    reroll_up_to: int
    always_max: bool
    bonus: int
    armor: int
    extras: tuple[tuple[DamageDice, ...], ...]  # Critical bonus dice of the rows for totals 1..6
    takes_out: tuple[bool, ...] = (False,) * 6  # the rows for totals 1..6 that take it out (R6)

    @staticmethod
    def of(strike: Strike) -> _DamageTerms:
        return _DamageTerms(
            strike.dice,
            strike.reroll_up_to,
            strike.always_max is not None,
            strike.bonus,
            strike.armor,
            _critical_extras(strike.critical),
            tuple(strike.critical.row(total).takes_out for total in range(1, 7)),
        )


@cache
def _critical_extras(table: CriticalTable) -> tuple[tuple[DamageDice, ...], ...]:
    """The bonus damage dice of the row read at each total 1..6 ("6+") of a Critical table."""
    extras: list[tuple[DamageDice, ...]] = []
    for total in range(1, 7):
        effects = table.row(total).effects
        extras.append(tuple(e.dice for e in effects if isinstance(e, ExtraDamage)))
    return tuple(extras)


@cache
def _table_faces(shift: int) -> tuple[int, ...]:
    """The row (1..6, "6+" = 6) each d6 face reads at a modifier of ``shift`` (notes A37)."""
    return tuple(min(max(face + shift, 1), 6) for face in range(1, 7))


def _shifted(wins: tuple[tuple[int, int], ...], modifier: int) -> Weights:
    """Weights of the table modifier ``k - 3 + modifier`` over the wins by a Triple or better,
    clamped where every face already reads the same row."""
    out: Weights = {}
    for k, weight in wins:
        if k >= TRIPLE:
            shift = max(-_MAX_TABLE_SHIFT, min(_MAX_TABLE_SHIFT, k - TRIPLE + modifier))
            out[shift] = out.get(shift, 0) + weight
    return out


@cache
def _damage(terms: _DamageTerms, maximum: bool, critical_shift: int | None) -> tuple[Weights, int]:
    """Damage of one hit (C4.18): roll or max, + bonus, + Critical bonus dice, - armour, >= 0."""
    if critical_shift is None:
        return _dealt(terms, *_rolled(terms, maximum))
    rows = [_row_damage(terms, maximum, row) for row in _table_faces(critical_shift)]
    return _mix([(1, w, d) for w, d in rows])


def _rolled(terms: _DamageTerms, maximum: bool) -> tuple[Weights, int]:
    """The weapon's damage before any Critical and armour: roll or max, + bonus."""
    dice = terms.dice
    if maximum or terms.always_max or dice.is_fixed:
        value = dice.max if (maximum or terms.always_max) else dice.bonus
        weights, denominator = {value: 1}, 1
    else:
        rolled, denominator = _dice_weights(dice.count, dice.sides, terms.reroll_up_to)
        weights = {v + dice.bonus: w for v, w in rolled.items()}
    return {v + terms.bonus: w for v, w in weights.items()}, denominator


@cache
def _row_damage(terms: _DamageTerms, maximum: bool, row: int) -> tuple[Weights, int]:
    """Damage of a hit whose Critical d6 reads ``row``: the row's bonus dice added (C4.16,
    C4.18 step 2)."""
    weights, denominator = _rolled(terms, maximum)
    for bonus_dice in terms.extras[row - 1]:
        rolled, d = _dice_weights(bonus_dice.count, bonus_dice.sides, 0)
        weights = _convolve(weights, {v + bonus_dice.bonus: w for v, w in rolled.items()})
        denominator *= d
    return _dealt(terms, weights, denominator)


def _dealt(terms: _DamageTerms, weights: Weights, denominator: int) -> tuple[Weights, int]:
    """Less armour, never below 0 (C4.18)."""
    out: Weights = {}
    for value, weight in weights.items():
        dealt = max(0, value - terms.armor)
        out[dealt] = out.get(dealt, 0) + weight
    return out, denominator


@cache
def _out_chance(
    terms: _DamageTerms, maximum: bool, critical_shift: int | None, health: int
) -> Fraction:
    """The chance one hit takes a model with ``health`` left Out of Action: damage as high, or
    a Critical row that takes it out whatever its damage (R6), each counted once."""
    if critical_shift is None:
        return _at_least(*_dealt(terms, *_rolled(terms, maximum)), health)
    faces = _table_faces(critical_shift)
    return sum(
        (
            Fraction(1)
            if terms.takes_out[row - 1]
            else _at_least(*_row_damage(terms, maximum, row), health)
            for row in faces
        ),
        Fraction(0),
    ) / len(faces)


def _at_least(weights: Weights, denominator: int, health: int) -> Fraction:
    return Fraction(sum(w for value, w in weights.items() if value >= health), denominator)


def _mix(parts: Sequence[tuple[int, Weights, int]]) -> tuple[Weights, int]:
    """The mixture of distributions ``weights / denominator`` chosen with weight ``share``.

    Returned as integer weights over one denominator: the lcm of the parts' denominators times
    the sum of the shares.
    """
    common = math.lcm(*(d for _, _, d in parts))
    out: Weights = {}
    for share, weights, denominator in parts:
        scale = share * (common // denominator)
        for value, weight in weights.items():
            out[value] = out.get(value, 0) + weight * scale
    return out, common * sum(share for share, _, _ in parts)


def _damage_class(k: int, critical_modifier: int) -> tuple[bool, int | None]:
    """(maximum?, Critical shift or None) for a win by ``k`` (C4.16): classes share damage."""
    if k < DOUBLE:
        return False, None
    if k < TRIPLE:
        return True, None
    shift = k - TRIPLE + critical_modifier
    return True, max(-_MAX_TABLE_SHIFT, min(_MAX_TABLE_SHIFT, shift))


def _damage_dist(strike: Strike | None, wins: tuple[tuple[int, int], ...], decided: int) -> Dist:
    """Damage over every decided roll: the strike's classes where it wins, 0 elsewhere."""
    if strike is None:
        return _NO_DAMAGE
    return _strike_damage(_DamageTerms.of(strike), strike.critical_modifier, wins, decided)


_NO_DAMAGE = Dist.always(0)


@cache
def _strike_damage(
    terms: _DamageTerms, critical_modifier: int, wins: tuple[tuple[int, int], ...], decided: int
) -> Dist:
    classes: dict[tuple[bool, int | None], int] = {}
    for k, weight in wins:
        key = _damage_class(k, critical_modifier)
        classes[key] = classes.get(key, 0) + weight
    parts = [(w, *_damage(terms, maximum, shift)) for (maximum, shift), w in classes.items()]
    parts.append((decided - sum(classes.values()), {0: 1}, 1))
    return _dist(_mix(parts)[0])


def _strike_out(
    strike: Strike | None, wins: tuple[tuple[int, int], ...], decided: int, health: int
) -> Fraction:
    """The chance the strike takes a model with ``health`` left Out of Action, over every
    decided roll: its damage or its Critical row (C4.16, C4.18, R6)."""
    if strike is None:
        return Fraction(0)
    terms = _DamageTerms.of(strike)
    return (
        sum(
            (
                weight * _out_chance(terms, *_damage_class(k, strike.critical_modifier), health)
                for k, weight in wins
            ),
            Fraction(0),
        )
        / decided
    )


def _dist(weights: Weights) -> Dist:
    return Dist({value: weight for value, weight in weights.items() if weight})


# --------------------------------------------------------------------------------------------
# Tables
# --------------------------------------------------------------------------------------------


def _critical_rows(
    strike: Strike | None, wins: tuple[tuple[int, int], ...], decided: int
) -> dict[str, Fraction]:
    """The chance of each Critical row the winner rolls on a Triple or better (C4.16, R6)."""
    if strike is None:
        return {}
    return _rows(strike.critical, _shifted(wins, strike.critical_modifier), decided)


def _fumble_rows(
    table: FumbleTable | None, wins: tuple[tuple[int, int], ...], decided: int
) -> dict[str, Fraction]:
    """The chance of each Fumble row the loser of a Triple rolls (C4.17, R7)."""
    if table is None:
        return {}
    return _rows(table, _shifted(wins, 0), decided)


def _rows(table: CriticalTable | FumbleTable, shifts: Weights, decided: int) -> dict[str, Fraction]:
    weights: Weights = {}
    for shift, weight in shifts.items():
        for row in _table_faces(shift):
            weights[row] = weights.get(row, 0) + weight
    return {table.row(row).name: Fraction(w, decided * 6) for row, w in sorted(weights.items())}


# --------------------------------------------------------------------------------------------
# The odds of an attack
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AttackOdds:
    """Exact chances of one attack (C4.7-C4.18), ties at the same tier re-rolled (C1.9).

    ``multiples[k]``: the attacker wins by exactly ``k`` (1 = a plain hit, 2 = a Double...);
    ``counter_multiples[k]``: the defender wins by exactly ``k``. ``fumble``: the attacker rolls a
    Fumble table; ``defender_fumble``: a Riposting defender does (C4.16). ``hit_back``: a Riposte
    wins and deals its damage. ``redirect``: a missed shot into melee flies on (C4.11).
    ``damage`` and ``damage_back`` cover every outcome (0 where nothing lands), Critical bonus dice
    included. The ``*_rows`` map a table row's name to its chance.
    """

    plan: AttackPlan
    hit: Fraction
    multiples: Mapping[int, Fraction]
    counter_multiples: Mapping[int, Fraction]
    fumble: Fraction
    defender_fumble: Fraction
    hit_back: Fraction
    redirect: Fraction
    damage: Dist
    damage_back: Dist
    critical_rows: Mapping[str, Fraction]
    counter_critical_rows: Mapping[str, Fraction]
    fumble_rows: Mapping[str, Fraction]
    defender_fumble_rows: Mapping[str, Fraction]

    def at_least(self, k: int) -> Fraction:
        """The chance the attacker wins by ``k`` or more (2: Double or better)."""
        return sum((p for m, p in self.multiples.items() if m >= k), Fraction(0))

    @property
    def double(self) -> Fraction:
        """Double or better: maximum damage (C4.16)."""
        return self.at_least(DOUBLE)

    @property
    def triple(self) -> Fraction:
        """Triple or better: maximum damage and a Critical roll (C4.16)."""
        return self.at_least(TRIPLE)

    @property
    def quadruple(self) -> Fraction:
        """Quadruple or better: the Critical roll gets +1 or more (C4.16)."""
        return self.at_least(TRIPLE + 1)

    def out_of_action(self, health: int) -> Fraction:
        """The chance the attack takes a defender with ``health`` left Out of Action: damage as
        high, or a Critical row that takes it out whatever its Health (R6; Dissolved at the end
        of the next round, R6.6), a lethal hit with such a row counted once. A Trauma Kit the
        defender's side may spend on the Critical (R3.9) is not assumed."""
        return _plan_out(self.plan, health)

    @property
    def expected_damage(self) -> Fraction:
        """Mean damage to the defender."""
        return self.damage.mean()

    @property
    def expected_damage_back(self) -> Fraction:
        """Mean damage a Riposte deals back to the attacker."""
        return self.damage_back.mean()


def hit_chance(ctx: AttackContext, catalog: Catalog) -> Fraction:
    """The exact chance that the attack ``ctx`` hits: :attr:`AttackOdds.hit` without the
    damage (a hostile's choice of target or of Defense or Riposte, notes §5.3, A53)."""
    plan = plan_attack(ctx, catalog)
    table = _opposed(plan.attacker_tier, plan.defender_tier, 0, plan.defense_reroll)
    return Fraction(sum(w for _, w in table.first_wins), table.decided)


def damage_odds(ctx: AttackContext, catalog: Catalog) -> tuple[Dist, Dist]:
    """:attr:`AttackOdds.damage` and :attr:`AttackOdds.damage_back` of the attack ``ctx``
    alone, without the tables' rows: what an AI weighs an attack by."""
    plan = plan_attack(ctx, catalog)
    table = _opposed(plan.attacker_tier, plan.defender_tier, 0, plan.defense_reroll)
    return (
        _damage_dist(plan.strike, table.first_wins, table.decided),
        _damage_dist(plan.counter, table.second_wins, table.decided),
    )


def out_of_action_chance(ctx: AttackContext, catalog: Catalog, health: int) -> Fraction:
    """:meth:`AttackOdds.out_of_action` of the attack ``ctx`` alone, without the rest of the
    odds: the chance an AI weighs a kill by, the same figure the attack menu shows."""
    return _plan_out(plan_attack(ctx, catalog), health)


def _plan_out(plan: AttackPlan, health: int) -> Fraction:
    table = _opposed(plan.attacker_tier, plan.defender_tier, 0, plan.defense_reroll)
    return _strike_out(plan.strike, table.first_wins, table.decided, health)


def attack_odds(ctx: AttackContext, catalog: Catalog) -> AttackOdds:
    """The exact odds of the attack ``ctx`` (the same rules as :func:`~.resolution.resolve`)."""
    plan = plan_attack(ctx, catalog)
    table = _opposed(plan.attacker_tier, plan.defender_tier, 0, plan.defense_reroll)
    decided = table.decided
    hit_weight = sum(w for _, w in table.first_wins)
    fumble_weight = _triple_weight(table.second_wins) if plan.fumble_table else 0
    counter_fumble = _triple_weight(table.first_wins) if plan.counter_fumble_table else 0
    damage, back = damage_odds(ctx, catalog)
    redirect = 0
    if ctx.into_melee and ctx.kind.is_ranged:
        redirect = decided - hit_weight - fumble_weight
    return AttackOdds(
        plan=plan,
        hit=Fraction(hit_weight, decided),
        multiples=_fractions(table.first_wins, decided),
        counter_multiples=_fractions(table.second_wins, decided),
        fumble=Fraction(fumble_weight, decided),
        defender_fumble=Fraction(counter_fumble, decided),
        hit_back=Fraction(decided - hit_weight if plan.counter else 0, decided),
        redirect=Fraction(redirect, decided),
        damage=damage,
        damage_back=back,
        critical_rows=_frozen(_critical_rows(plan.strike, table.first_wins, decided)),
        counter_critical_rows=_frozen(_critical_rows(plan.counter, table.second_wins, decided)),
        fumble_rows=_frozen(_fumble_rows(plan.fumble_table, table.second_wins, decided)),
        defender_fumble_rows=_frozen(
            _fumble_rows(plan.counter_fumble_table, table.first_wins, decided)
        ),
    )


@dataclass(frozen=True, slots=True)
class GrenadeOdds:
    """A grenade throw (C4.15): the tiers against the fixed 2d6, the chances that it lands on
    the aim point, scatters d6" or, when the 2d6 triples the thrower, lands at its feet (notes
    A35), and the blast's damage to one model caught in it, armour counted."""

    context: GrenadeContext
    thrower_roll: TierRoll
    tiers: SettledTiers
    on_target: Fraction
    scattered: Fraction
    at_feet: Fraction
    blast: Dist


def grenade_odds(ctx: GrenadeContext, armor: Armor | None = None) -> GrenadeOdds:
    """The exact odds of the throw ``ctx`` (the same rules as :func:`~.grenade.throw_grenade`),
    and the blast's damage to a model wearing ``armor`` (:func:`~.grenade.grenade_blast`)."""
    thrower_roll, tiers = plan_throw(ctx)
    table = _opposed(tiers.first, tiers.second, 0, 0)
    decided = table.decided
    on_target = sum(w for _, w in table.first_wins)
    at_feet = _triple_weight(table.second_wins)
    reduction = armor.reduction if armor is not None else 0
    terms = _DamageTerms(ctx.grenade.damage, 0, False, 0, reduction, ())
    blast, _ = _damage(terms, False, None)
    return GrenadeOdds(
        ctx,
        thrower_roll,
        tiers,
        Fraction(on_target, decided),
        Fraction(decided - on_target - at_feet, decided),
        Fraction(at_feet, decided),
        _dist(blast),
    )


def _triple_weight(wins: tuple[tuple[int, int], ...]) -> int:
    return sum(w for k, w in wins if k >= TRIPLE)


def _fractions(wins: tuple[tuple[int, int], ...], decided: int) -> Mapping[int, Fraction]:
    return MappingProxyType({k: Fraction(w, decided) for k, w in wins})


def _frozen(rows: dict[str, Fraction]) -> Mapping[str, Fraction]:
    return MappingProxyType(rows)


# --------------------------------------------------------------------------------------------
# Report
# --------------------------------------------------------------------------------------------


def _line(label: str, p: Fraction, width: int = 28) -> str:
    return f"  {label:<{width}} {float(p):8.2%}  {p}"


def odds_line(odds: AttackOdds, health: int) -> str:
    """The odds in one line, for a player choosing the attack: a hit, a Double or better, a
    Critical, taking a target of ``health`` Out of Action, the damage to expect, and what a
    Riposte or a Fumble may bring."""
    out = odds.out_of_action(health)
    parts = [
        f"hits {float(odds.hit):.0%}",
        f"double {float(odds.double):.0%}",
        f"critical {float(odds.triple):.0%}",
        f"Out of Action {float(out):.0%}",
        f"damage {float(odds.expected_damage):.2f} expected",
    ]
    if odds.plan.fumble_table is not None:
        parts.append(f"fumbles {float(odds.fumble):.0%}")
    if odds.plan.context.riposte:
        parts.append(f"Riposte hits back {float(odds.hit_back):.0%}")
    return ", ".join(parts)


def format_odds(odds: AttackOdds) -> str:
    """A readable report of ``odds``: chances as percentages and exact fractions."""
    plan = odds.plan
    ctx = plan.context
    lines = [str(step) for step in plan.opening]
    lines.append(_line("hit", odds.hit))
    lines.append(_line("double or better (max damage)", odds.double))
    lines.append(_line("triple or better (critical)", odds.triple))
    lines.append(_line("quadruple or better (+1)", odds.quadruple))
    if plan.fumble_table is not None:
        lines.append(_line("attacker fumbles", odds.fumble))
    if ctx.riposte:
        lines.append(_line("Riposte hits back", odds.hit_back))
        lines.append(_line("defender fumbles", odds.defender_fumble))
    if ctx.into_melee and ctx.kind.is_ranged:
        lines.append(_line("miss redirected (C4.11)", odds.redirect))
    lines += _dist_lines("damage to the defender", odds.damage)
    if ctx.riposte:
        lines += _dist_lines("damage back to the attacker", odds.damage_back)
    lines += _rows_lines("critical rows", odds.critical_rows)
    lines += _rows_lines("Riposte critical rows", odds.counter_critical_rows)
    lines += _rows_lines("attacker fumble rows", odds.fumble_rows)
    lines += _rows_lines("defender fumble rows", odds.defender_fumble_rows)
    return "\n".join(lines)


def format_grenade_odds(odds: GrenadeOdds) -> str:
    """A readable report of a throw's ``odds``, in the same form as :func:`format_odds`."""
    grenade = odds.context.grenade
    tiers = odds.tiers.describe(
        odds.thrower_roll, TierRoll.fixed_2d6(), ("thrower Combat", "grenade")
    )
    lines = [
        f'[C4.15] {grenade.name} grenade ({grenade.damage}, {grenade.blast}" blast): Combat '
        "against a fixed 2d6",
        f"[C1.10] {tiers}",
        _line("lands on the aim point", odds.on_target),
        _line('scatters d6"', odds.scattered),
        _line("at the thrower's feet", odds.at_feet),
    ]
    return "\n".join(lines + _dist_lines("blast damage to a model caught in it", odds.blast))


def _dist_lines(title: str, dist: Dist) -> list[str]:
    lines = [f"{title} (expected {float(dist.mean()):.2f}):"]
    lines += [_line(f"{value:>3}", p, 8) for value, p in dist.items()]
    return lines


def _rows_lines(title: str, rows: Mapping[str, Fraction]) -> list[str]:
    if not rows:
        return []
    return [f"{title}:", *(_line(name, p) for name, p in rows.items())]


# --------------------------------------------------------------------------------------------
# Building a context from command-line options
# --------------------------------------------------------------------------------------------


def attack_context_from_options(
    *,
    combat: str,
    defense: str,
    weapon: str,
    armor: str | None = None,
    cover: bool = False,
    moved: bool = False,
    aim: bool = False,
    into_melee: bool = False,
    riposte: bool = False,
    defender_combat: str | None = None,
    defender_weapon: str | None = None,
    boost: bool = False,
    severance: bool = False,
    overcharge: bool = False,
    free_attack: bool = False,
    wounded: bool = False,
    below_half: bool = False,
    engaged_with_2: bool = False,
    defender_engaged_with_2: bool = False,
    attacker_wounded: bool = False,
    attacker_armor: str | None = None,
    contract: str | None = None,
    defender_contract: str | None = None,
    gear: Sequence[str] = (),
    defender_gear: Sequence[str] = (),
    range_inches: float | None = None,
    modifier: int = 0,
    defense_modifier: int = 0,
    catalog: Catalog,
) -> AttackContext:
    """Build an :class:`AttackContext` from the option values of ``skirmish sacred-wire attack``.

    Names are looked up in the catalogue, in any case; tiers read as ``2d8``. A ranged weapon
    makes a ranged attack. ``modifier``/``defense_modifier`` are extra DT steps for each side,
    at most :data:`MAX_STEPS` either way. ``below_half``: the defender is below half its
    Health, so wounded too (the Veteran's +1 DT Defense, notes A21); ``engaged_with_2``: the
    side is Engaged with two or more enemies (the Zealot, Peripheral Sensors, notes A19).

    :raises SkirmishError: one line for an unknown name, a bad tier or an impossible attack.
    """
    _check_steps("modifier", modifier)
    _check_steps("defense modifier", defense_modifier)
    attack_weapon = catalog.weapon(weapon)
    kind = AttackKind.RANGED if isinstance(attack_weapon, RangedWeapon) else AttackKind.MELEE
    if riposte and (defender_combat is None or defender_weapon is None):
        raise SkirmishError("--riposte needs --defender-combat and --defender-weapon (C4.7)")
    attacker = Combatant(
        combat=parse_tier(combat),
        weapon=attack_weapon,
        armor=catalog.armor(attacker_armor) if attacker_armor else None,
        contract=catalog.contract(contract) if contract else None,
        gear=tuple(catalog.gear(name) for name in gear),
        wounded=attacker_wounded,
        engaged_with_2=engaged_with_2,
        boost=boost,
        modifiers=_extra(modifier),
    )
    defender = Combatant(
        combat=parse_tier(defender_combat) if defender_combat else Tier.D6,
        defense=parse_tier(defense),
        weapon=catalog.weapon(defender_weapon) if defender_weapon else None,
        armor=catalog.armor(armor) if armor else None,
        contract=catalog.contract(defender_contract) if defender_contract else None,
        gear=tuple(catalog.gear(name) for name in defender_gear),
        wounded=wounded or below_half,
        below_half_health=below_half,
        engaged_with_2=defender_engaged_with_2,
        modifiers=_extra(defense_modifier),
    )
    return AttackContext(
        attacker,
        defender,
        kind,
        riposte=riposte,
        cover=cover,
        moved=moved,
        aim=aim,
        into_melee=into_melee,
        free_attack=free_attack,
        severance=severance,
        overcharge=overcharge,
        range_inches=range_inches,
    )


def grenade_context_from_options(
    *,
    combat: str,
    grenade: str,
    moved: bool = False,
    boost: bool = False,
    contract: str | None = None,
    modifier: int = 0,
    catalog: Catalog,
) -> GrenadeContext:
    """Build a :class:`~.grenade.GrenadeContext` from the option values of ``skirmish
    sacred-wire attack --grenade``: the thrower's Combat, contract (the Gunner ignores the -1 DT
    for moving, notes A34), Boost and plain DT steps.

    :raises SkirmishError: one line for an unknown name, a bad tier or too many steps.
    """
    _check_steps("modifier", modifier)
    thrower = Combatant(
        combat=parse_tier(combat),
        contract=catalog.contract(contract) if contract else None,
        boost=boost,
        modifiers=_extra(modifier),
    )
    return GrenadeContext(thrower, catalog.grenade(grenade), moved)


def _check_steps(what: str, steps: int) -> None:
    if abs(steps) > MAX_STEPS:
        raise SkirmishError(
            f"a {what} of {steps:+d} DT: from -{MAX_STEPS} to +{MAX_STEPS}, the dice ladder "
            "twice over (C1.9, C1.10)"
        )


def _extra(steps: int) -> tuple[TierModifier, ...]:
    return (TierModifier(steps, "extra modifier", "C1.9"),) if steps else ()
