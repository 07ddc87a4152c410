"""The Smoke Canister (R:1309, notes §6 item 56), Enochlophobia (R:233) and the tests taken
before an Action one after another, each with scripted dice on forces written by hand,
named after the rule with its R: line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tests.dice_script import script
from tests.rulesets.strange_aeons.helpers import apply_all, dice_left, events, model, options
from tests.rulesets.strange_aeons.rulebook import agent, book
from tests.rulesets.strange_aeons.test_rulebook_horses import mounted
from tests.rulesets.strange_aeons.test_rulebook_weapon_more import _mi_go

from skirmish.dice import SeededDice
from skirmish.engine.game import Game
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.strange_aeons import mobs
from skirmish.rulesets.strange_aeons.ai import template_score
from skirmish.rulesets.strange_aeons.forces import force_setup, load_played, unplayed
from skirmish.rulesets.strange_aeons.rulebook import StrangeAeons
from skirmish.rulesets.strange_aeons.space import sees
from skirmish.rulesets.strange_aeons.state import Smoke


def crowd(phobias: list[str], dice: list[tuple[str, int]]) -> Game:
    """T1 (carrying ``phobias``) 10" from a Threshold Mob of five Agents T2-T6 centred at
    (10, 10), formed as set-up forms it; L1 far off."""
    mob = [agent(f"T{i}", mob="The squad") for i in range(2, 7)]
    placed: dict[str, Any] = {"T1": (20.0, 10.0), "L1": (30.0, 20.0)}
    placed |= {p["id"]: (10.0, 10.0) for p in mob}
    return book(
        agent("T1", phobias=phobias), *mob, agent("L1"), placed=placed, before=mobs.form, dice=dice
    )


def test_r233_enochlophobia_a_friendly_mob_causes_fear() -> None:
    """R:233: Fear from every Mob, a friendly one too (R:923: an enemy Mob's Fear)."""
    game = crowd(["enochlophobia"], script("resolve", 5))
    apply_all(game, "nominate T1", "move T1 16,10")
    tested = events(game, "resolve")[0]
    assert (tested.models, tested.data["situation"]) == (("T1",), "fear:T2")
    assert not dice_left(game)


def test_r233_without_enochlophobia_a_friendly_mob_causes_no_fear() -> None:
    """R:923: a Mob causes Fear to its enemies; a friend not Enochlophobic tests for none."""
    game = crowd([], [])
    apply_all(game, "nominate T1", "move T1 16,10")
    assert not events(game, "resolve")


SMOKE = {
    "id": "smoke",
    "name": "Canister Launcher (Smoke Canister)",
    "kind": "ranged",
    "damage": 0,
    "range": 12.0,
    "rate": 1,
    "specials": ["blast_template"],
    "template": "L",
    "harmless": True,
    "smoke_die": 3,
    "smoke_turns": 1,
}
"""The Canister Launcher firing a Smoke Canister (R:1301, R:1309), not Readied here."""


def smoked(dice: list[tuple[str, int]]) -> Game:
    """T1 with :data:`SMOKE` at (10, 10) has fired at L1 (16, 10); T2 (10, 4) with a .45
    Handgun, L2 (10, 18) aside."""
    game = book(
        agent("T1", weapons=["unarmed", "smoke"]),
        agent("T2", weapons=["unarmed", "handgun_45"]),
        agent("L1"),
        agent("L2"),
        placed={"T1": (10.0, 10.0), "T2": (10.0, 4.0), "L1": (16.0, 10.0), "L2": (10.0, 18.0)},
        weapons={"smoke": SMOKE},
        dice=dice,
    )
    apply_all(game, "nominate T1", "shoot T1 L1 smoke")
    return game


def test_sa_smoke_canister_hurts_no_one_and_blocks_sight_r1309() -> None:
    """R:1309: a hit lays the Large template on L1, wounding no one; a D3 of 2 + 1: three
    Turns; T2 no longer sees L1 in the smoke, and L2 aside is seen still."""
    game = smoked(script("to-hit", 5, "smoke", 3))
    laid = events(game, "smoke")[0]
    assert (laid.rule, laid.models, laid.data) == (
        "Alien Weapons Table: Smoke Canister (R:1309)",
        ("T1",),
        {"at": (16.0, 10.0), "turns": 3},
    )
    assert game.state.smoke == (Smoke(16.0, 10.0, 2.35, "", 0, 4),)
    assert not events(game, "template") and not events(game, "wounded")
    t2, l1, l2 = (model(game, m) for m in ("T2", "L1", "L2"))
    assert not sees(game, t2, l1) and sees(game, t2, l2)
    apply_all(game, "pass T1")
    assert not dice_left(game)


def test_sa_smoke_canister_a_model_behind_the_smoke_is_not_seen_r1309() -> None:
    """R:1309: the smoke between T2 and a model past it blocks the shot at that model."""
    game = smoked(script("to-hit", 5, "smoke", 1))
    model(game, "L2").x, model(game, "L2").y = 22.0, 16.0  # past the smoke from T2
    t2, l2 = model(game, "T2"), model(game, "L2")
    assert not sees(game, t2, l2)
    apply_all(game, "pass T1", "nominate L1", "pass L1", "pass L1", "nominate T2")
    assert not [o for o in options(game) if o.startswith("shoot T2 L2")]


def test_sa_smoke_canister_lifts_as_its_side_begins_its_turn_rounds_later_item56() -> None:
    """R:1309, notes §6 item 56: three Turns are three Game Rounds: the smoke laid in round 1
    lifts as the Threshold begin round 4."""
    game = smoked(script("to-hit", 5, "smoke", 3))
    apply_all(game, "pass T1")
    for _ in range(3):
        assert game.state.smoke
        apply_all(game, "nominate L1", "pass L1", "pass L1", "nominate T2", "pass T2", "pass T2")
    assert game.state.round == 4 and not game.state.smoke
    lifted = events(game, "smoke-lifts")[0]
    assert (lifted.rule, lifted.data) == (
        "Smoke Canister: the smoke lifts (R:1309; notes §6 item 56)",
        {"at": (16.0, 10.0)},
    )
    assert not dice_left(game)


def test_sa_smoke_canister_a_mi_go_fires_it_from_its_canister_launcher_r1309(
    tmp_path: Path,
) -> None:
    """R:1301, R:1309: the Canister Launcher loaded with Smoke Canisters is played: a Large
    Blast that hurts no one and smokes for 1D3+1 Turns."""
    rules = find_ruleset("sa")
    assert isinstance(rules, StrangeAeons)
    smoky = _mi_go(tmp_path, rules.book, "Canister Launcher", "Smoke Canister")
    assert not unplayed(rules.book, load_played(), smoky)
    side = force_setup(rules.book, smoky, 1, "x", SeededDice(1))
    loaded = next(w for w in side["weapons"] if w["id"] == "canister_launcher+smoke_canister")
    assert (loaded["template"], loaded["harmless"]) == ("L", True)
    assert (loaded["smoke_die"], loaded["smoke_turns"]) == (3, 1)


def test_r1121_a_ballistophobic_rider_tests_after_his_horse_before_a_2d_shot() -> None:
    """R:1121, R:230: the Horse's test before a 2D shot from the saddle passed, the rider's
    Ballistophobia asks its own test before the shot goes on."""
    game = mounted(
        agent("L1"),
        placed={"L1": (16.0, 10.0)},
        weapons=["unarmed", "shotgun"],
        phobias=["ballistophobia"],
        dice=script("resolve", 5, 4, 4, "to-hit", 2, 3),  # the Horse tests with him (R:1121)
    )
    game.apply("shoot T1 L1 shotgun")
    assert events(game, "steady")[0].data == {"need": 5, "passed": True}
    assert events(game, "phobia")[0].rule == "Phobias: Ballistophobia (R:230)"
    tested = [(e.models, e.data["situation"], e.data["passed"]) for e in events(game, "resolve")]
    assert tested == [(("T1",), "ballistophobia", True), (("T2",), "ballistophobia", True)]
    assert len(events(game, "shot")) == 1
    assert not dice_left(game)


def test_sa_smoke_canister_the_heuristic_smokes_an_enemy_that_shoots_r1309() -> None:
    """R:1309: smoke over an enemy with a gun is worth its shots blocked; over one with a
    knife alone, nothing."""
    game = book(
        agent("T1", weapons=["unarmed", "smoke"]),
        agent("L1", weapons=["unarmed", "handgun_45"]),
        agent("L2"),
        placed={"T1": (10.0, 10.0), "L1": (16.0, 10.0), "L2": (10.0, 18.0)},
        weapons={"smoke": SMOKE},
    )
    gunman, knife = model(game, "L1"), model(game, "L2")
    t1 = model(game, "T1")
    assert template_score(game, t1, gunman, "smoke") == pytest.approx(0.2 * 2 / 6)
    assert template_score(game, t1, knife, "smoke") == 0.0
