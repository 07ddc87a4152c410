"""Exact attack odds, checked three ways: brute-force enumeration of every face (including an
exhaustive walk of every die :func:`resolve` asks for), known values (notes section 5.3 and
dependencies.md), and seeded resolutions per context within 3 standard errors: 100,000 each,
``SKIRMISH_ODDS_SAMPLES`` for a longer run."""

from __future__ import annotations

import itertools
import math
import os
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.rulesets.sacred_wire.helpers import CATALOG

from skirmish.dice import SeededDice
from skirmish.errors import SkirmishError
from skirmish.odds import Dist
from skirmish.rulesets.sacred_wire.attack.grenade import throw_grenade
from skirmish.rulesets.sacred_wire.attack.odds import (
    AttackOdds,
    attack_context_from_options,
    attack_odds,
    format_grenade_odds,
    format_odds,
    grenade_context_from_options,
    grenade_odds,
    odds_line,
    opposed_odds,
    pair_weights,
)
from skirmish.rulesets.sacred_wire.attack.resolution import (
    AttackContext,
    AttackKind,
    AttackResult,
    Combatant,
    Side,
    resolve,
)
from skirmish.rulesets.sacred_wire.rolls.tiers import Tier, parse_tier

D4, D6, D8, D10, D12 = Tier.D4, Tier.D6, Tier.D8, Tier.D10, Tier.D12


def fighter(
    combat: Tier = D6,
    defense: Tier = D6,
    weapon: str | None = None,
    armor: str | None = None,
    contract: str | None = None,
    **flags: Any,
) -> Combatant:
    return Combatant(
        combat=combat,
        defense=defense,
        weapon=CATALOG.weapon(weapon) if weapon else None,
        armor=CATALOG.armor(armor) if armor else None,
        contract=CATALOG.contract(contract) if contract else None,
        **flags,
    )


# --- known values --------------------------------------------------------------------------------


def test_c1_9_known_2d6_vs_2d8() -> None:
    # dependencies.md: 2d6 vs 2d8 before tie handling: win 635/2304, tie 49/576, loss 491/768.
    odds = opposed_odds(D6, D8)
    assert (odds.win, odds.tie, odds.loss) == (
        Fraction(635, 2304),
        Fraction(49, 576),
        Fraction(491, 768),
    )
    # The tie goes to the lower tier, the 2d6.
    assert odds.first_wins == Fraction(635, 2304) + Fraction(49, 576)


NOTES_5_3 = {  # attacker row x defender column: P(hit), plain dice, ties resolved (notes 5.3)
    D4: (0.5000, 0.3090, 0.1758, 0.1125, 0.0781),
    D6: (0.6910, 0.5000, 0.3607, 0.2386, 0.1661),
    D8: (0.8242, 0.6393, 0.5000, 0.3906, 0.2832),
    D10: (0.8875, 0.7614, 0.6094, 0.5000, 0.4101),
    D12: (0.9219, 0.8339, 0.7168, 0.5899, 0.5000),
}


@pytest.mark.parametrize("attacker", list(Tier))
@pytest.mark.parametrize("defender", list(Tier))
def test_c1_9_notes_5_3_reference_table(attacker: Tier, defender: Tier) -> None:
    p = opposed_odds(attacker, defender).first_wins
    assert round(float(p), 4) == NOTES_5_3[attacker][defender.rank]
    # Once ties are resolved one side always wins.
    assert p + opposed_odds(defender, attacker).first_wins == 1


def test_c1_9_attack_odds_hit_matches_the_reference_table() -> None:
    ctx = AttackContext(fighter(D8, weapon="Knife"), fighter(defense=D10))
    assert round(float(attack_odds(ctx, CATALOG).hit), 4) == 0.3906


# --- brute force over every face -----------------------------------------------------------------


def die_outcomes(sides: int, reroll_up_to: int) -> list[tuple[int, Fraction]]:
    """Every way one die can end, with a re-roll of faces <= reroll_up_to (notes A3)."""
    out: list[tuple[int, Fraction]] = []
    for face in range(1, sides + 1):
        if face > reroll_up_to:
            out.append((face, Fraction(1, sides)))
        else:
            out += [(again, Fraction(1, sides * sides)) for again in range(1, sides + 1)]
    return out


@pytest.mark.parametrize(
    ("first", "second", "first_reroll", "second_reroll"),
    [(D6, D8, 0, 0), (D4, D4, 0, 1), (D6, D6, 0, 2), (D8, D4, 1, 3), (D12, D10, 0, 1)],
)
def test_opposed_odds_match_brute_force(
    first: Tier, second: Tier, first_reroll: int, second_reroll: int
) -> None:
    win = tie = Fraction(0)
    a_dice = die_outcomes(first.sides, first_reroll)
    b_dice = die_outcomes(second.sides, second_reroll)
    for (a1, p1), (a2, p2), (b1, q1), (b2, q2) in itertools.product(a_dice, a_dice, b_dice, b_dice):
        p = p1 * p2 * q1 * q2
        win += p if a1 + a2 > b1 + b2 else 0
        tie += p if a1 + a2 == b1 + b2 else 0
    odds = opposed_odds(first, second, first_reroll, second_reroll)
    assert (odds.win, odds.tie) == (win, tie)


def test_pair_weights_sum_to_their_total() -> None:
    for sides in (4, 6, 8, 10, 12):
        for reroll in range(0, 4):
            pairs, total = pair_weights(sides, reroll)
            assert sum(w for _, w in pairs) == total


class _Tie(Exception):
    """The opposed roll tied at the same tier: the branch is re-rolled, so it is conditioned
    away."""


@dataclass
class _PathDice:
    """Replays a path of faces and extends it with 1s, so every branch can be walked in turn."""

    path: list[list[int]]  # [face, sides]
    pos: int = 0
    attacks: int = 0

    def faces(self, count: int, sides: int, purpose: str) -> tuple[int, ...]:
        if purpose == "attack":
            self.attacks += 1
            if self.attacks > 1:
                raise _Tie
        out = []
        for _ in range(count):
            if self.pos == len(self.path):
                self.path.append([1, sides])
            face, known = self.path[self.pos]
            assert known == sides, "the same prefix must ask for the same die"
            out.append(face)
            self.pos += 1
        return tuple(out)

    def copy(self) -> _PathDice:
        return _PathDice([list(step) for step in self.path], self.pos, self.attacks)

    def to_json(self) -> dict[str, Any]:
        return {}


def every_outcome(
    run: Callable[[_PathDice], AttackResult],
) -> Iterator[tuple[AttackResult | None, Fraction]]:
    """Each leaf of the dice tree (None for a re-rolled tie) and its probability."""
    path: list[list[int]] = []
    while True:
        dice = _PathDice(path)
        try:
            result: AttackResult | None = run(dice)
        except _Tie:
            result = None
        del path[dice.pos :]
        yield result, Fraction(1, math.prod(sides for _, sides in path))
        while path and path[-1][0] == path[-1][1]:
            path.pop()
        if not path:
            return
        path[-1][0] += 1


@dataclass
class _Tally:
    """Weights of what happened, over all decided leaves."""

    total: Fraction = Fraction(0)
    hit: Fraction = Fraction(0)
    multiples: defaultdict[int, Fraction] = field(default_factory=lambda: defaultdict(Fraction))
    counter_multiples: defaultdict[int, Fraction] = field(
        default_factory=lambda: defaultdict(Fraction)
    )
    fumble: Fraction = Fraction(0)
    defender_fumble: Fraction = Fraction(0)
    hit_back: Fraction = Fraction(0)
    redirect: Fraction = Fraction(0)
    damage: defaultdict[int, Fraction] = field(default_factory=lambda: defaultdict(Fraction))
    damage_back: defaultdict[int, Fraction] = field(default_factory=lambda: defaultdict(Fraction))
    critical_rows: defaultdict[str, Fraction] = field(default_factory=lambda: defaultdict(Fraction))
    counter_critical_rows: defaultdict[str, Fraction] = field(
        default_factory=lambda: defaultdict(Fraction)
    )
    fumble_rows: defaultdict[str, Fraction] = field(default_factory=lambda: defaultdict(Fraction))
    defender_fumble_rows: defaultdict[str, Fraction] = field(
        default_factory=lambda: defaultdict(Fraction)
    )
    # (damage to the defender, whether its Critical row takes it out whatever its Health)
    felling: defaultdict[tuple[int, bool], Fraction] = field(
        default_factory=lambda: defaultdict(Fraction)
    )

    def add(self, result: AttackResult, p: Fraction) -> None:
        self.total += p
        self.felling[result.damage_to_defender, _row_takes_out(result)] += p
        mine = result.winner is Side.ATTACKER
        (self.multiples if mine else self.counter_multiples)[result.multiple] += p
        self.hit += p if mine else 0
        self.hit_back += p if result.counter else 0
        self.redirect += p if result.redirect else 0
        self.damage[result.damage_to_defender] += p
        self.damage_back[result.damage_to_attacker] += p
        for hit, rows in (
            (result.hit, self.critical_rows),
            (result.counter, self.counter_critical_rows),
        ):
            if hit is not None and hit.critical is not None:
                rows[hit.critical.row.name] += p
        fumble = result.fumble
        if fumble is not None:
            attacker = fumble.roller is Side.ATTACKER
            if attacker:
                self.fumble += p
            else:
                self.defender_fumble += p
            rows = self.fumble_rows if attacker else self.defender_fumble_rows
            rows[fumble.row.name] += p


def _row_takes_out(result: AttackResult) -> bool:
    hit = result.hit
    return hit is not None and hit.critical is not None and hit.critical.row.takes_out


def exhaustive(ctx: AttackContext) -> tuple[_Tally, int]:
    tally = _Tally()
    leaves = 0
    for result, p in every_outcome(lambda dice: resolve(ctx, dice, CATALOG)):
        leaves += 1
        if result is not None:
            tally.add(result, p)
    return tally, leaves


def _normalised(counts: Mapping[Any, Fraction], total: Fraction) -> dict[Any, Fraction]:
    return {key: value / total for key, value in counts.items() if value}


def assert_same(odds: AttackOdds, tally: _Tally) -> None:
    t = tally.total
    assert odds.hit == tally.hit / t
    assert dict(odds.multiples) == _normalised(tally.multiples, t)
    assert dict(odds.counter_multiples) == _normalised(tally.counter_multiples, t)
    assert (odds.fumble, odds.defender_fumble) == (tally.fumble / t, tally.defender_fumble / t)
    assert (odds.hit_back, odds.redirect) == (tally.hit_back / t, tally.redirect / t)
    assert dict(odds.damage.items()) == _normalised(tally.damage, t)
    assert dict(odds.damage_back.items()) == _normalised(tally.damage_back, t)
    assert dict(odds.critical_rows) == _normalised(tally.critical_rows, t)
    assert dict(odds.counter_critical_rows) == _normalised(tally.counter_critical_rows, t)
    assert dict(odds.fumble_rows) == _normalised(tally.fumble_rows, t)
    assert dict(odds.defender_fumble_rows) == _normalised(tally.defender_fumble_rows, t)
    for health in range(1, max(dmg for dmg, _ in tally.felling) + 3):
        out = sum(p for (dmg, row), p in tally.felling.items() if dmg >= health or row)
        assert odds.out_of_action(health) == out / t, f"Out of Action at {health} Health"


SMALL_CONTEXTS = {
    # A Riposte at 2d4 vs 2d4, +1 vs wounded, armour on the defender, crits and fumbles both ways.
    "riposte": AttackContext(
        fighter(D4, weapon="Knife", wounded=True),
        fighter(D6, weapon="Shiv", armor="Flak Wrap"),
        riposte=True,
    ),
    # A ranged Triple-prone shot into Defensive Mesh (re-roll Defense 1s), Projectile crits.
    "ranged reroll": AttackContext(
        fighter(D6, weapon="Pistol"), fighter(defense=D4, armor="Defensive Mesh"), AttackKind.RANGED
    ),
    # Re-rolled d10 damage, +1 on the Critical roll against Protective Lining's -1.
    "arc claw": AttackContext(
        fighter(D4, weapon="Arc Claw"), fighter(defense=D4, armor="Protective Lining")
    ),
    # Overcharge (always maximum) against Fortress Plating's re-rolls of 1-3.
    "overcharge": AttackContext(
        fighter(D6, weapon="Rifle"),
        fighter(defense=D4, armor="Fortress Plating"),
        AttackKind.RANGED,
        overcharge=True,
    ),
    # No fumbles into melee: a defender's triple is redirected like any miss.
    "arc pistol into melee": AttackContext(
        fighter(D6, weapon="Arc Pistol"), fighter(defense=D4), AttackKind.RANGED, into_melee=True
    ),
    # Severance with a fixed-damage weapon on a Riposted hit (2 -> 4, notes A25, A11); the Brute
    # adds +1 to both its hit and (as defender) nothing.
    "severance knuckles": AttackContext(
        fighter(D4, weapon="Knuckles", contract="Brute", armor="Mesh Wrap"),
        fighter(D6, weapon="Knife"),
        riposte=True,
        severance=True,
    ),
}


@pytest.mark.parametrize("name", list(SMALL_CONTEXTS))
def test_attack_odds_equal_an_exhaustive_walk_of_resolve(name: str) -> None:
    # Every die resolve(CATALOG) asks for is enumerated; re-rolled ties are conditioned away.
    ctx = SMALL_CONTEXTS[name]
    tally, leaves = exhaustive(ctx)
    assert leaves > 100
    assert_same(attack_odds(ctx, CATALOG), tally)


# --- sampling ------------------------------------------------------------------------------------

SAMPLES = int(os.environ.get("SKIRMISH_ODDS_SAMPLES", "100000"))

SAMPLED_CONTEXTS = {
    "melee riposte": AttackContext(
        fighter(D8, weapon="Sword", contract="Brute", armor="Flak Wrap"),
        fighter(D6, weapon="Mace", armor="Standard Cuirass", contract="Veteran"),
        riposte=True,
    ),
    "ranged cover armour": AttackContext(
        fighter(D10, weapon="Carbine"),
        fighter(defense=D6, armor="Patrol Harness"),
        AttackKind.RANGED,
        cover=True,
    ),
    "criticals": AttackContext(
        fighter(D12, weapon="Arc Claw"), fighter(defense=D4, armor="Protective Lining")
    ),
}


#: The defender's Health left in the sampled runs: some hits take it out, some do not.
SAMPLED_HEALTH = 8


def _within(observed: int, p: Fraction, label: str) -> None:
    q = float(p)
    se = math.sqrt(q * (1 - q) / SAMPLES)
    assert abs(observed / SAMPLES - q) <= 3 * se, f"{label}: {observed / SAMPLES:.5f} vs {q:.5f}"


@pytest.mark.parametrize("name", list(SAMPLED_CONTEXTS))
def test_attack_odds_match_seeded_resolutions(name: str) -> None:
    ctx = SAMPLED_CONTEXTS[name]
    odds = attack_odds(ctx, CATALOG)
    dice = SeededDice(20_260_101 + len(name))
    counts: Counter[str] = Counter()
    damage: Counter[int] = Counter()
    back: Counter[int] = Counter()
    for _ in range(SAMPLES):
        result = resolve(ctx, dice, CATALOG)
        won = result.winner is Side.ATTACKER
        counts["hit"] += won
        counts["double"] += won and result.multiple >= 2
        counts["triple"] += won and result.multiple >= 3
        counts["fumble"] += result.fumble is not None and result.fumble.roller is Side.ATTACKER
        counts["hit back"] += result.counter is not None
        counts["out"] += result.damage_to_defender >= SAMPLED_HEALTH or _row_takes_out(result)
        damage[result.damage_to_defender] += 1
        back[result.damage_to_attacker] += 1
    _within(counts["hit"], odds.hit, "hit")
    _within(counts["double"], odds.double, "double")
    _within(counts["triple"], odds.triple, "triple")
    _within(counts["fumble"], odds.fumble, "fumble")
    _within(counts["hit back"], odds.hit_back, "hit back")
    _within(counts["out"], odds.out_of_action(SAMPLED_HEALTH), "Out of Action")
    for value, p in odds.damage.items():
        if p > Fraction(1, 1000):
            _within(damage[value], p, f"damage {value}")
    for value, p in odds.damage_back.items():
        if p > Fraction(1, 1000):
            _within(back[value], p, f"damage back {value}")
    # No outcome the odds call impossible ever happens.
    assert set(damage) <= {v for v, _ in odds.damage.items()}
    assert set(back) <= {v for v, _ in odds.damage_back.items()}


# --- invariants over the catalogue ---------------------------------------------------------------

melee_names = [w.name for w in (*CATALOG.melee_weapons, *CATALOG.improvised_weapons)]
riposte_names = [w.name for w in CATALOG.melee_weapons]
ranged_names = [w.name for w in CATALOG.ranged_weapons]
armor_names = [None, *(a.name for a in CATALOG.armor_pieces)]


@st.composite
def contexts(draw: st.DrawFn) -> AttackContext:
    tier = st.sampled_from(list(Tier))
    shooting = draw(st.booleans())
    riposte = not shooting and draw(st.booleans())
    weapon = draw(st.sampled_from(ranged_names if shooting else melee_names))
    attacker = fighter(draw(tier), weapon=weapon, armor=draw(st.sampled_from(armor_names)))
    defender = fighter(
        draw(tier),
        draw(tier),
        weapon=draw(st.sampled_from(riposte_names)) if riposte else None,
        armor=draw(st.sampled_from(armor_names)),
        wounded=draw(st.booleans()),
    )
    flags = {"cover": draw(st.booleans()), "moved": draw(st.booleans())} if shooting else {}
    kind = AttackKind.RANGED if shooting else AttackKind.MELEE
    return AttackContext(attacker, defender, kind, riposte=riposte, **flags)


@settings(max_examples=60, deadline=None)
@given(contexts())
def test_attack_odds_invariants(ctx: AttackContext) -> None:
    odds = attack_odds(ctx, CATALOG)
    assert sum(odds.multiples.values()) == odds.hit
    assert sum(odds.counter_multiples.values()) == 1 - odds.hit
    assert odds.damage.probability(lambda v: v > 0) <= odds.hit
    assert odds.hit_back == (1 - odds.hit if ctx.riposte else 0)
    assert odds.fumble <= sum(p for k, p in odds.counter_multiples.items() if k >= 3)
    assert sum(odds.critical_rows.values()) == (odds.triple if odds.critical_rows else 0)
    assert odds.double >= odds.triple >= odds.quadruple


def test_r6_a_critical_row_that_takes_the_target_out_counts_as_out_of_action() -> None:
    # The Arc Claw's Critical: 6+ Total Corruption takes any Health out (7/1272). Every Critical
    # already deals the maximum 9 or more, so at 9 Health the row adds nothing (one count per
    # roll); at 10, only Signal Burn's bonus die or the row takes it out: 5/1272 + 7/1272.
    odds = attack_odds(SMALL_CONTEXTS["arc claw"], CATALOG)
    assert odds.critical_rows["Total Corruption"] == Fraction(7, 1272)
    assert odds.out_of_action(30) == Fraction(7, 1272)
    assert odds.out_of_action(10) == Fraction(12, 1272)
    assert (
        odds.out_of_action(9) == odds.damage.probability(lambda v: v >= 9) == Fraction(1829, 10600)
    )
    assert "Out of Action 1%" in odds_line(odds, 30), "the row's Out of Action is left out"


# --- report and options --------------------------------------------------------------------------


def test_format_odds_shows_fractions_and_percentages() -> None:
    ctx = attack_context_from_options(
        combat="2d8",
        defense="2d6",
        weapon="sword",
        armor="standard cuirass",
        riposte=True,
        defender_combat="2d6",
        defender_weapon="SWORD",
        catalog=CATALOG,
    )
    text = format_odds(attack_odds(ctx, CATALOG))
    assert "[C1.10]" in text
    assert "hit" in text and "491/768" in text and "63.93%" in text
    assert "damage back to the attacker" in text
    assert "Riposte critical rows" in text


def test_attack_context_from_options_reads_every_option() -> None:
    ctx = attack_context_from_options(
        combat="2d10",
        defense="2d6",
        weapon="Carbine",
        armor="Patrol Harness",
        cover=True,
        moved=True,
        aim=True,
        contract="gunner",
        gear=["scope"],
        range_inches=14,
        wounded=True,
        modifier=-1,
        defense_modifier=1,
        catalog=CATALOG,
    )
    assert ctx.kind is AttackKind.RANGED
    assert (ctx.cover, ctx.moved, ctx.aim, ctx.defender.wounded) == (True, True, True, True)
    assert ctx.attacker.contract is not None and ctx.attacker.contract.name == "Gunner"
    odds = attack_odds(ctx, CATALOG)
    # 2d10: cover -1, aim +1, Scope +1 (beyond 12"), extra -1, Gunner ignores moving; 2d6 +1.
    assert (odds.plan.attacker_tier, odds.plan.defender_tier) == (D10, D8)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"weapon": "Lightsaber"}, "unknown weapon 'Lightsaber'"),
        ({"combat": "2d7"}, "bad dice tier '2d7'"),
        ({"armor": "Plate"}, "unknown armour piece 'Plate'"),
        ({"riposte": True}, "--riposte needs --defender-combat"),
        ({"contract": "Wizard"}, "unknown contract"),
        (
            {
                "weapon": "Carbine",
                "riposte": True,
                "defender_combat": "2d6",
                "defender_weapon": "Knife",
            },
            "C4.8",
        ),
    ],
)
def test_attack_context_from_options_errors_are_one_line(
    options: dict[str, Any], message: str
) -> None:
    values: dict[str, Any] = {"combat": "2d8", "defense": "2d6", "weapon": "Sword", **options}
    with pytest.raises(SkirmishError, match=message) as info:
        attack_context_from_options(**values, catalog=CATALOG)
    assert "\n" not in str(info.value)


# --- the options the companion command passes ---------------------------------------------------


def test_a21_a_veteran_below_half_health_defends_at_plus_one() -> None:
    base = {"combat": "2d8", "defense": "2d6", "weapon": "Sword", "defender_contract": "Veteran"}
    plain = attack_odds(attack_context_from_options(**base, catalog=CATALOG), CATALOG)
    low = attack_context_from_options(**base, below_half=True, catalog=CATALOG)
    assert low.defender.wounded and low.defender.below_half_health  # below half is wounded too
    assert (plain.plan.defender_tier, attack_odds(low, CATALOG).plan.defender_tier) == (D6, D8)


def test_a19_engaged_with_two_enemies_for_either_side() -> None:
    zealot = {"combat": "2d8", "defense": "2d6", "weapon": "Knife", "contract": "Zealot"}
    assert (
        attack_odds(
            attack_context_from_options(**zealot, catalog=CATALOG), CATALOG
        ).plan.attacker_tier
        == D8
    )
    ctx = attack_context_from_options(**zealot, engaged_with_2=True, catalog=CATALOG)
    assert attack_odds(ctx, CATALOG).plan.attacker_tier == D10
    sensors = {"combat": "2d8", "defense": "2d6", "weapon": "Knife"}
    sensors |= {"defender_gear": ["Peripheral Sensors"], "defender_engaged_with_2": True}
    assert (
        attack_odds(
            attack_context_from_options(**sensors, catalog=CATALOG), CATALOG
        ).plan.defender_tier
        == D8
    )


def test_c4_7_the_attackers_armour_reduces_the_damage_a_riposte_deals_back() -> None:
    riposte = {"combat": "2d8", "defense": "2d6", "weapon": "Sword", "riposte": True}
    riposte |= {"defender_combat": "2d8", "defender_weapon": "Sword"}
    bare = attack_odds(attack_context_from_options(**riposte, catalog=CATALOG), CATALOG)
    armoured = attack_odds(
        attack_context_from_options(**riposte, attacker_armor="Flak Wrap", catalog=CATALOG), CATALOG
    )
    assert armoured.plan.counter is not None and armoured.plan.counter.armor == 1
    assert armoured.expected_damage_back < bare.expected_damage_back
    assert armoured.hit_back == bare.hit_back


@pytest.mark.parametrize("steps", [-9, 9, 100])
def test_c1_10_a_plain_modifier_stays_within_the_ladder_twice_over(steps: int) -> None:
    options = {"combat": "2d8", "defense": "2d6", "weapon": "Sword"}
    with pytest.raises(
        SkirmishError, match=rf"^a modifier of {re.escape(f'{steps:+d}')} DT: from -8 to \+8"
    ):
        attack_context_from_options(**options, modifier=steps, catalog=CATALOG)
    with pytest.raises(
        SkirmishError, match=rf"^a defense modifier of {re.escape(f'{steps:+d}')} DT"
    ):
        attack_context_from_options(**options, defense_modifier=steps, catalog=CATALOG)
    with pytest.raises(SkirmishError, match=rf"^a modifier of {re.escape(f'{steps:+d}')} DT"):
        grenade_context_from_options(combat="2d8", grenade="Frag", modifier=steps, catalog=CATALOG)
    assert (
        attack_context_from_options(**options, modifier=8, catalog=CATALOG)
        .attacker.modifiers[0]
        .steps
        == 8
    )


# --- grenades: Combat against a fixed 2d6 (C4.15) ------------------------------------------------


def _throw_by_enumeration(sides: int) -> tuple[Fraction, Fraction]:
    """(on target, at the thrower's feet) of 2d``sides`` against the fixed 2d6, every face
    counted; a tie at the same tier is rolled again, else the lower tier wins (C1.9)."""
    wins = feet = decided = 0
    for a, b, c, d in itertools.product(
        range(1, sides + 1), range(1, sides + 1), *[range(1, 7)] * 2
    ):
        x, y = a + b, c + d
        if x == y and sides == 6:
            continue
        decided += 1
        if x > y or (x == y and sides < 6):
            wins += 1
        elif y // x >= 3:
            feet += 1
    return Fraction(wins, decided), Fraction(feet, decided)


@pytest.mark.parametrize(
    ("combat", "moved"),
    [("2d4", False), ("2d6", False), ("2d8", False), ("2d8", True), ("2d12", False)],
)
def test_c4_15_grenade_throw_odds_by_enumeration(combat: str, moved: bool) -> None:
    ctx = grenade_context_from_options(combat=combat, grenade="Frag", moved=moved, catalog=CATALOG)
    odds = grenade_odds(ctx)
    sides = Tier.at(parse_tier(combat).rank - moved).sides  # -1 DT after moving (notes A34)
    assert (odds.on_target, odds.at_feet) == _throw_by_enumeration(sides)
    assert odds.on_target + odds.scattered + odds.at_feet == 1


def test_c4_15_a_gunner_throws_on_the_move_without_the_penalty() -> None:
    moving = grenade_context_from_options(combat="2d8", grenade="Frag", moved=True, catalog=CATALOG)
    gunner = grenade_context_from_options(
        combat="2d8", grenade="Frag", moved=True, contract="Gunner", catalog=CATALOG
    )
    assert grenade_odds(moving).tiers.first == D6 and grenade_odds(gunner).tiers.first == D8


def test_c4_15_the_blast_rolls_the_grenade_damage_less_armour() -> None:
    ctx = grenade_context_from_options(combat="2d6", grenade="Frag", catalog=CATALOG)  # d8
    bare, vest = grenade_odds(ctx), grenade_odds(ctx, CATALOG.armor("Flak Wrap"))  # reduction 1
    assert bare.blast == Dist({n: 1 for n in range(1, 9)})
    assert vest.blast == Dist({0: 1, **{n: 1 for n in range(1, 8)}})
    smoke = grenade_odds(
        grenade_context_from_options(combat="2d6", grenade="Smoke", catalog=CATALOG), None
    )
    assert smoke.blast == Dist({1: 1})


def test_c4_15_grenade_odds_match_20000_seeded_throws() -> None:
    ctx = grenade_context_from_options(
        combat="2d8", grenade="Frag", moved=True, boost=True, catalog=CATALOG
    )
    odds = grenade_odds(ctx)
    landed = Counter(throw_grenade(ctx, SeededDice(seed)).landing.value for seed in range(20000))
    for landing, p in (("on-target", odds.on_target), ("at-feet", odds.at_feet)):
        error = math.sqrt(float(p * (1 - p)) / 20000)
        assert abs(landed[landing] / 20000 - float(p)) < 3 * error + 1e-9, landing


def test_c4_15_the_grenade_report_reads_rule_by_rule() -> None:
    ctx = grenade_context_from_options(combat="2d8", grenade="Frag", moved=True, catalog=CATALOG)
    text = format_grenade_odds(grenade_odds(ctx, CATALOG.armor("Flak Wrap")))
    lines = text.splitlines()
    assert lines[0] == '[C4.15] Frag grenade (d8, 3" blast): Combat against a fixed 2d6'
    assert lines[1].startswith("[C1.10] thrower Combat 2d8 -1 DT moved this activation")
    assert "lands on the aim point" in text and "1/2" in text
    assert "blast damage to a model caught in it (expected 3.50):" in text
