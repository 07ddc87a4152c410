"""Micro-benchmark of the exact Sacred Wire 28 attack odds (and one die-by-die resolution).

Prints one JSON line: microseconds per warm ``attack_odds`` call for a few typical contexts (best
of several repeats, to damp VM noise), the same with the attack plan rebuilt every call (only the
dice tables cached), and ``resolve`` for comparison. Target: warm calls under 1000 us.
Run: ``uv run python bench/bench_attack_odds.py``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable

from skirmish.dice import SeededDice
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.sacred_wire.attack.odds import attack_context_from_options, attack_odds
from skirmish.rulesets.sacred_wire.attack.resolution import AttackContext, plan_attack, resolve
from skirmish.rulesets.sacred_wire.base import ruleset_catalog

# The registered ruleset's catalogue, loaded before anything is timed.
CATALOG = ruleset_catalog(find_ruleset("sacred-wire"))

CONTEXTS: dict[str, AttackContext] = {
    "melee": attack_context_from_options(
        combat="2d8", defense="2d6", weapon="Sword", armor="Standard Cuirass", catalog=CATALOG
    ),
    "melee_riposte": attack_context_from_options(
        combat="2d8",
        defense="2d6",
        weapon="Sword",
        contract="Brute",
        riposte=True,
        defender_combat="2d6",
        defender_weapon="Mace",
        armor="Patrol Harness",
        catalog=CATALOG,
    ),
    "ranged_cover_armour": attack_context_from_options(
        combat="2d10",
        defense="2d6",
        weapon="Carbine",
        armor="Patrol Harness",
        cover=True,
        catalog=CATALOG,
    ),
    "criticals_2d12_vs_2d4": attack_context_from_options(
        combat="2d12",
        defense="2d4",
        weapon="Arc Claw",
        armor="Protective Lining",
        catalog=CATALOG,
    ),
    "riposte_big_dice": attack_context_from_options(
        combat="2d12",
        defense="2d12",
        weapon="Chain Blade",
        riposte=True,
        defender_combat="2d12",
        defender_weapon="Power Fist",
        armor="Fortress Plating",
        catalog=CATALOG,
    ),
}


def per_call_us(fn: Callable[[], object], n: int, repeats: int = 5) -> float:
    best = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        for _ in range(n):
            fn()
        best = min(best, time.perf_counter() - t0)
    return round(best / n * 1e6, 1)


def main() -> None:
    cold: dict[str, float] = {}
    for name, ctx in CONTEXTS.items():
        t0 = time.perf_counter()
        attack_odds(ctx, CATALOG)
        cold[name] = round((time.perf_counter() - t0) * 1e6, 1)

    def replanned(ctx: AttackContext) -> Callable[[], object]:
        def call() -> object:
            plan_attack.cache_clear()  # measure with the plan rebuilt every time
            return attack_odds(ctx, CATALOG)

        return call

    def warm_call(ctx: AttackContext) -> Callable[[], object]:
        return lambda: attack_odds(ctx, CATALOG)

    def roll(ctx: AttackContext) -> Callable[[], object]:
        return lambda: resolve(ctx, dice, CATALOG)

    dice = SeededDice(1)
    warm = {name: per_call_us(warm_call(ctx), 300) for name, ctx in CONTEXTS.items()}
    plan = {name: per_call_us(replanned(ctx), 200) for name, ctx in CONTEXTS.items()}
    rolls = {name: per_call_us(roll(ctx), 3000) for name, ctx in CONTEXTS.items()}
    print(
        json.dumps(
            {
                "bench": "sacred_wire.attack_odds",
                "attack_odds_warm_us": warm,
                "attack_odds_replanned_us": plan,
                "attack_odds_first_call_us": cold,
                "resolve_us": rolls,
                "target_warm_us": 1000,
                "all_warm_under_target": all(v < 1000 for v in warm.values()),
            }
        )
    )


if __name__ == "__main__":
    main()
