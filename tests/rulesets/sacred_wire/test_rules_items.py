"""Grenades (C4.15, R3.4), random direction (C4.12), consumables (R3.9), gear (R3.10) and
picking up dropped weapons (C4.3), with the worked example E6 of notes section 3."""

from __future__ import annotations

import pytest
from tests.rulesets.sacred_wire.helpers import (
    TOUCH,
    apply_all,
    board,
    dice_left,
    events,
    kinds,
    options,
    scenario,
    script,
    specs,
    text,
    unchanged,
)

from skirmish.engine.action import Action
from skirmish.rulesets.sacred_wire.ai.heuristic import score_actions
from skirmish.rulesets.sacred_wire.attack.combat import Attack
from skirmish.rulesets.sacred_wire.game.activation import Activation
from skirmish.rulesets.sacred_wire.game.rounds import GameLoop
from skirmish.rulesets.sacred_wire.game.space import clock_direction, sees
from skirmish.rulesets.sacred_wire.game.state import DroppedWeapon
from skirmish.rulesets.sacred_wire.squads.roster import roll_modifiers


def test_c4_15_example_e6_frag_scatters_and_hits_friend_and_foe() -> None:
    # A Veteran (Combat 2d6) throws a Frag 5" away: 8 against 10, a miss (not a fumble); it
    # scatters 4" toward 3 o'clock (east); every model within 3" takes its own d8.
    placed = {
        "B5": {"pos": (5.0, 5.0), "grenades": ("Frag",)},
        "A2": (15.0, 5.0),
        "B3": (14.0, 7.5),
        "A3": (18.0, 5.0),
        "B1": (23.0, 23.0),
    }
    dice = script(
        "throw",
        3,
        5,
        "throw-target",
        4,
        6,
        "scatter",
        4,
        "scatter-direction",
        3,
        "blast-damage",
        5,
        "blast-damage",
        2,
    )
    game = scenario(placed, dice, act="B5")
    assert "throw B5 frag <x,y>" in specs(game)
    game.apply("throw B5 frag 10,5")
    assert events(game, "lands")[0].data == {"at": [14.0, 5.0], "landing": "scattered"}
    assert game.model("A2").health == 14 - (5 - 1)  # Mesh Wrap
    assert game.model("B3").health == 14 - 2  # friend or foe
    assert game.model("A3").health == 12  # 3.51" away
    assert game.model("B5").grenades == ()
    assert dice_left(game) == []
    assert "Gideon Hask (B5) throws a grenade, Frag, at 10,5" in text(game)


def test_c4_15_grenade_range_is_six_inches() -> None:
    placed = {"B5": {"pos": (5.0, 5.0), "grenades": ("Frag",)}, "A2": (20.0, 20.0)}
    game = scenario(placed, act="B5")
    unchanged(  # 6.6" from the centre, 6.11" from the base
        game,
        "throw B5 frag 11.6,5",
        r'out of range: a grenade is thrown 6", the point is 6\.11" from Gideon Hask \(B5\) '
        r"\(C4\.14\)$",
    )


def test_c4_15_grenade_fumble_lands_at_the_throwers_feet() -> None:
    placed = {"B5": {"pos": (5.0, 5.0), "grenades": ("Frag",)}, "A2": (20.0, 20.0)}
    dice = script("throw", 1, 1, "throw-target", 3, 3, "blast-damage", 4)
    game = scenario(placed, dice, act="B5")
    game.apply("throw B5 frag 10,5")
    assert events(game, "lands")[0].data["landing"] == "at-feet"
    assert game.model("B5").health == 13 - (4 - 1)


def test_c4_2_a_boosted_grenade_throw_rolls_one_die_tier_higher() -> None:
    # Boost: +1 DT, so Gideon Hask's 2d6 throws 2d8 (the 7 a d8's), 9 against the 2d6's 6.
    placed = {"B5": {"pos": (5.0, 5.0), "grenades": ("Frag",)}, "A2": (20.0, 20.0)}
    dice = script("throw", 2, 7, "throw-target", 3, 3)
    game = scenario(placed, dice, act="B5", blessings=((), ("Boost",)))
    apply_all(game, "throw B5 frag 10,5", "bless B5 boost")
    assert "thrower Combat 2d6 +1 DT Boost (C4.2) -> 2d8" in text(game)
    assert events(game, "lands")[0].data == {"at": [10.0, 5.0], "landing": "on-target"}
    assert dice_left(game) == []


def test_c4_2_a_reroll_blessing_on_a_die_of_a_grenade_throw() -> None:
    # Gideon Hask holds Reroll: his throw 2+3 loses to the 2d6's 3+3; the 2 re-rolled into a
    # 6 wins, 9 against 6, and the Frag lands on the aim point, 4.4" from him (C4.2, notes A3).
    placed = {"B5": {"pos": (5.0, 5.0), "grenades": ("Frag",)}, "A2": (20.0, 20.0)}
    dice = script("throw", 2, 3, "throw-target", 3, 3, "blessing-reroll", 6)
    game = scenario(placed, dice, act="B5", blessings=((), ("Reroll",)))
    game.apply("throw B5 frag 10,5")
    assert options(game) == ["reroll B5 1", "reroll B5 2", "no-blessing"]
    game.apply("reroll B5 1")
    assert events(game, "lands")[0].data == {"at": [10.0, 5.0], "landing": "on-target"}
    assert dice_left(game) == []


def test_c4_15_no_throwing_while_engaged() -> None:
    placed = {"B5": {"pos": (5.0, 5.0), "grenades": ("Frag",)}, "A2": (5.0, 5.0 + TOUCH)}
    game = scenario(placed, act="B5")
    assert "throw B5 frag <x,y>" not in specs(game)


def test_r3_4_smoke_blocks_sight_until_the_next_round() -> None:
    placed = {
        "B5": {"pos": (12.0, 4.0), "grenades": ("Smoke",)},
        "A2": (12.0, 16.0),
        "B1": (12.0, 20.0),
    }
    dice = script("throw", 5, 5, "throw-target", 1, 2)  # Smoke deals a fixed 1: no roll
    game = scenario(placed, dice, act="B5")
    game.apply("throw B5 smoke 12,9")
    assert "smoke" in kinds(game)
    assert not sees(game, game.model("B1"), game.model("B5"))
    game.apply("end B5")
    game.stack.append(GameLoop())
    game.dice = type(game.dice)(script("blessing", 1, 1, 1, "blessing", 1, 1, 1, "token", 1))
    game._advance(None)
    assert sees(game, game.model("B1"), game.model("B5"))


def test_r3_4_flash_marks_everyone_caught() -> None:
    placed = {
        "B5": {"pos": (5.0, 5.0), "grenades": ("Flash",)},
        "A2": (10.0, 5.0),
        "B1": (23.0, 23.0),
    }
    dice = script("throw", 5, 5, "throw-target", 1, 2)
    game = scenario(placed, dice, act="B5")
    game.apply("throw B5 flash 10,5")
    assert [e.kind for e in game.log if e.kind in ("no-damage", "marked")] == [
        "no-damage",
        "marked",
    ]  # 1 damage against Mesh Wrap 1; -1 DT still lands (A34)


def test_c4_12_scatter_uses_a_d12_clock_from_board_north() -> None:
    assert clock_direction(12) == pytest.approx((0.0, 1.0))
    assert clock_direction(3) == pytest.approx((1.0, 0.0))
    assert clock_direction(6) == pytest.approx((0.0, -1.0))
    assert clock_direction(9) == pytest.approx((-1.0, 0.0))


# --- consumables ----------------------------------------------------------------------------------


def test_r3_9_medkit_heals_an_adjacent_model() -> None:
    placed = {
        "A5": {"pos": (5.0, 5.0), "consumables": ("Medkit",)},
        "A2": {"pos": (5.0, 5.0 + TOUCH + 0.5), "health": 5},
        "B1": (20.0, 20.0),
    }
    game = scenario(placed, script("heal", 6), act="A5")
    assert "use A5 medkit A2" in options(game)
    assert "use A5 medkit A5" not in options(game)  # unwounded: nothing to heal
    game.apply("use A5 medkit A2")
    assert game.model("A2").health == 11
    assert game.model("A5").consumables == ()


def test_r3_9_notes_a68_a_medkit_heals_an_adjacent_model_of_any_side() -> None:
    # R3.9 says "adjacent model": an enemy and an unmarked Coworker within 1" are ones too.
    placed = {
        "A5": {"pos": (5.0, 5.0), "consumables": ("Medkit",)},
        "B2": {"pos": (5.0 + TOUCH, 5.0), "health": 5},
        "B1": (20.0, 20.0),
    }
    clerk = ("Data Clerk", (5.0, 5.0 + TOUCH + 0.5), {"health": 4})
    for target, healed in (("B2", 5 + 3), ("C1", 4 + 3)):
        game = scenario(placed, script("heal", 3), act="A5", coworkers=(clerk,))
        assert {"use A5 medkit B2", "use A5 medkit C1"} <= set(options(game))
        game.apply(f"use A5 medkit {target}")
        assert game.model(target).health == healed
        assert not game.model("C1").marked  # help is no harm: the Coworker stays unmarked


def test_r3_9_the_heuristic_uses_consumables_on_its_own_side_only() -> None:
    placed = {
        "A5": {"pos": (5.0, 5.0), "consumables": ("Medkit",)},
        "A2": {"pos": (5.0, 5.0 - TOUCH), "health": 5},
        "B2": {"pos": (5.0 + TOUCH, 5.0), "health": 5},
        "B1": (20.0, 20.0),
    }
    game = scenario(placed, act="A5")
    uses = ("use A5 medkit A2", "use A5 medkit B2", "end A5")
    friend, enemy, done = score_actions(game, [Action.parse(a) for a in uses])
    assert friend > done > enemy


def test_r3_9_adrenaline_two_more_inches_until_end_of_round() -> None:
    placed = {"A1": {"pos": (5.0, 5.0), "consumables": ("Adrenaline",)}, "B1": (20.0, 20.0)}
    game = scenario(placed, act="A1")
    game.apply("use A1 adrenaline A1")
    game.apply("move A1 11,5")  # 6": Move 4" + 2"
    assert game.model("A1").pos == (11.0, 5.0)


def test_r3_9_a_consumable_used_is_logged_without_a_wrong_article() -> None:
    placed = {"A1": {"pos": (5.0, 5.0), "consumables": ("Adrenaline",)}, "B1": (20.0, 20.0)}
    game = scenario(placed, act="A1")
    game.apply("use A1 adrenaline A1")
    assert "uses its Adrenaline on" in text(game), text(game)


def test_r3_9_stims_last_the_scenario() -> None:
    placed = {"A1": {"pos": (5.0, 5.0), "consumables": ("Rage Stim",)}, "B1": (20.0, 20.0)}
    game = scenario(placed, act="A1")
    game.apply("use A1 rage-stim A1")
    assert [m.steps for m in roll_modifiers(game.model("A1"), "attack")] == [2]
    assert game.model("A1").post_game == ("rage stim d4",)


@pytest.mark.parametrize(
    ("item", "raised", "untouched"),
    [("Combat Stim", "attack", "defense"), ("Reflex Stim", "defense", "attack")],
)
def test_r3_9_combat_and_reflex_stims_used_give_one_dt_until_the_end_of_the_scenario(
    item: str, raised: str, untouched: str
) -> None:
    placed = {"A1": {"pos": (5.0, 5.0), "consumables": (item,)}, "B1": (20.0, 20.0)}
    game = scenario(placed, act="A1")
    slug = item.lower().replace(" ", "-")
    assert f"use A1 {slug} A1" in options(game)
    game.apply(f"use A1 {slug} A1")
    marked = events(game, "marked")[-1]
    assert (marked.rule, marked.data["source"], marked.data["duration"]) == (
        "R3.9",
        item,
        "end-of-scenario",
    )
    assert [(m.steps, m.source) for m in roll_modifiers(game.model("A1"), raised)] == [(1, item)]
    assert roll_modifiers(game.model("A1"), untouched) == ()
    assert game.model("A1").consumables == ()


def test_r3_9_antidote_ends_corroding_on_an_adjacent_model() -> None:
    placed = {
        "A4": {"pos": (10.0, 10.0), "consumables": ("Antidote",)},
        "A3": {"pos": (10.0, 10.0 + TOUCH), "statuses": ("corroding",)},
        "B1": (20.0, 20.0),
    }
    game = scenario(placed, act="A4")
    assert [o for o in options(game) if o.startswith("use")] == ["use A4 antidote A3"]
    game.apply("use A4 antidote A3")
    assert game.model("A3").statuses == ()
    assert [e.data["statuses"] for e in events(game, "cured")] == [["corroding"]]
    assert game.model("A4").consumables == ()


def test_r3_9_coagulant_ends_bleed() -> None:
    placed = {
        "A5": {"pos": (5.0, 5.0), "consumables": ("Coagulant",), "statuses": ("bleed",)},
        "B1": (20.0, 20.0),
    }
    game = scenario(placed, act="A5")
    game.apply("use A5 coagulant A5")
    assert game.model("A5").statuses == ()


def test_r3_9_notes_a73_a_coagulant_ends_bleed_or_punctured_the_one_named() -> None:
    both = ("bleed", "punctured")
    placed = {
        "A5": {"pos": (5.0, 5.0), "consumables": ("Coagulant",), "statuses": both},
        "B1": (20.0, 20.0),
    }
    game = scenario(placed, act="A5")
    assert [o for o in options(game) if o.startswith("use")] == [
        "use A5 coagulant A5 bleed",
        "use A5 coagulant A5 punctured",
    ]
    game.apply("use A5 coagulant A5 punctured")
    assert game.model("A5").statuses == ("bleed",)
    assert [e.data["statuses"] for e in events(game, "cured")] == [["punctured"]]


def test_r3_9_trauma_kit_negates_a_critical_on_an_adjacent_model() -> None:
    placed = {
        "A2": (10.0, 10.0),
        "B5": (10.0, 10.0 + TOUCH),
        "B1": {"pos": (10.5, 10.0 + 2 * TOUCH), "consumables": ("Trauma Kit",)},
        "A1": (1.0, 1.0),
    }
    dice = script("attack", 6, 6, "defense", 2, 2, "critical", 3)
    game = scenario(placed, dice, act="A2")
    apply_all(game, "fight A2 B5 sword", "defend B5")
    assert options(game) == ["trauma-kit B1 B5", "no-trauma-kit"]
    game.apply("trauma-kit B1 B5")
    assert game.model("B5").statuses == ()  # no Bleed
    assert game.model("B5").health == 13 - (6 + 1 - 1)  # the Triple's maximum stands (A69)
    assert game.model("B1").consumables == ()


def test_r3_9_an_adjacent_enemys_trauma_kit_is_not_offered() -> None:
    # The reaction is the hit side's (R6.7): A2's own kit, adjacent to B5, is not offered.
    placed = {
        "A2": {"pos": (10.0, 10.0), "consumables": ("Trauma Kit",)},
        "B5": (10.0, 10.0 + TOUCH),
        "A1": (1.0, 1.0),
    }
    dice = script("attack", 6, 6, "defense", 2, 2, "critical", 3)
    game = scenario(placed, dice, act="A2")
    apply_all(game, "fight A2 B5 sword", "defend B5")
    assert "trauma-kit A2 B5" not in options(game)
    assert game.model("B5").statuses == ("bleed",)
    assert game.model("A2").consumables == ("Trauma Kit",)


# --- gear -------------------------------------------------------------------------------------

LOW_WALL = {
    "id": "low",
    "kind": "open",
    "height": 0.8,
    "cover": "light",
    "polygon": [[6.0, 8.8], [14.0, 8.8], [14.0, 9.0], [6.0, 9.0]],
}
"""A low wall that gives light cover to a model just north of it from one south of it."""


def test_r3_10_camo_and_mask_add_to_defense() -> None:
    placed = {
        "A4": {"pos": (10.0, 10.0), "weapons": ("Shiv",)},
        "B5": {"pos": (10.0, 10.0 + TOUCH), "gear": ("Mask",)},
        "A1": (1.0, 1.0),
    }
    game = scenario(
        placed,
        script("attack", 2, 2, "defense", 3, 3),
        steps=[Attack("A4", "B5", "Shiv", "melee", free=True)],
    )
    line = next(e for e in events(game, "resolution") if e.rule == "C1.10").data["text"]
    assert "Mask vs-toxic (R3.10)" in line
    placed = {"A4": (10.0, 4.0), "B5": {"pos": (10.0, 9.5), "gear": ("Camo",)}, "A1": (1.0, 1.0)}
    game = scenario(
        placed, script("attack", 2, 2, "defense", 3, 3), act="A4", board=board(LOW_WALL)
    )
    game.apply("shoot A4 B5 pistol")
    line = next(e for e in events(game, "resolution") if e.rule == "C1.10").data["text"]
    assert "Camo in-cover (R3.10)" in line


def test_r3_10_camo_gives_nothing_against_a_weapon_that_ignores_cover() -> None:
    # A Flamer ignores cover (R3.3): the target counts as out of it, for Camo too (notes A28).
    placed = {
        "A4": {"pos": (10.0, 4.0), "weapons": ("Flamer",)},
        "B5": {"pos": (10.0, 9.5), "gear": ("Camo",)},
        "A1": (1.0, 1.0),
    }
    dice = script("attack", 2, 2, "defense", 1, 3, "damage", 3)
    game = scenario(placed, dice, act="A4", board=board(LOW_WALL))
    health = game.model("B5").health
    game.apply("shoot A4 B5 flamer")
    line = next(e for e in events(game, "resolution") if e.rule == "C1.10").data["text"]
    assert "Camo" not in line and "in cover" not in line
    assert game.model("B5").health < health  # 4 against 4: 2d4 against 2d6, the lower DT wins


def test_r3_10_peripheral_sensors_when_engaged_with_two() -> None:
    placed = {
        "A2": (10.0 - TOUCH, 10.0),
        "A4": (10.0 + TOUCH, 10.0),
        "B5": {"pos": (10.0, 10.0), "gear": ("Peripheral Sensors",)},
    }
    game = scenario(
        placed,
        script("attack", 2, 2, "defense", 3, 3),
        steps=[Attack("A2", "B5", "Sword", "melee", free=True)],
    )
    line = next(e for e in events(game, "resolution") if e.rule == "C1.10").data["text"]
    assert "Peripheral Sensors engaged-with-2" in line


# --- Interact: dropped weapons ----------------------------------------------------------------


def test_c4_3_interact_picks_up_a_dropped_weapon_within_1() -> None:
    placed = {"B5": (10.0, 10.0), "A1": (20.0, 20.0)}
    game = scenario(placed, act="B5")
    game.state.dropped = (DroppedWeapon("W1", "Carbine", 10.0, 11.49),)
    game.state.markers = 1
    game.stack.clear()
    game.begin([Activation("B5")])
    assert "pickup B5 W1" in options(game)  # 0.99" from the base edge
    game.apply("pickup B5 W1")
    assert game.model("B5").weapons == ("Pistol", "Shiv", "Carbine")
    assert game.state.dropped == ()


def test_c2_3_contract_weapon_access_for_pickups() -> None:
    placed = {"A2": (10.0, 10.0), "B1": (20.0, 20.0)}
    game = scenario(placed, act="A2")
    game.state.dropped = (DroppedWeapon("W1", "Carbine", 10.0, 11.0),)
    game.stack.clear()
    game.begin([Activation("A2")])
    assert "pickup A2 W1" not in options(game)  # a Brute uses melee weapons only
