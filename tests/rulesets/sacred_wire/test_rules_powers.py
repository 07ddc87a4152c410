"""Casting (C5.1), the eight Powers (R5.1), the Broadcast Fumble table (R7.3), and the worked
example E1 of notes section 3."""

from __future__ import annotations

from typing import Any

import pytest
from tests.rulesets.sacred_wire.helpers import (
    TOUCH,
    apply_all,
    board,
    dice_left,
    events,
    kinds,
    options,
    rect,
    scenario,
    script,
    specs,
    unchanged,
)

from skirmish.rulesets.sacred_wire.game.activation import Activation
from skirmish.rulesets.sacred_wire.game.state import WireGame
from skirmish.rulesets.sacred_wire.squads.roster import roll_modifiers

# Dmitri Osei (A5): Broadcaster, Wits 2d8, Signal Jam. Corin Hale (B2): Gunner, Wits 2d4.
CAST = {
    "A5": (12.0, 4.0),
    "B2": (12.0, 12.0),
    "B3": (14.0, 12.0),
    "B4": (12.0, 20.0),
    "A1": (1.0, 1.0),
}


def caster(power: str) -> dict[str, object]:
    return {"pos": (12.0, 4.0), "powers": (power,)}


def test_c5_1_example_e1_a_triple_spreads_to_every_valid_target_within_3() -> None:
    game = scenario(CAST, script("cast", 7, 8, "resist", 2, 3), act="A5")
    game.apply("cast A5 B2")
    assert events(game, "cast-result")[0].data == {
        "success": True,
        "multiple": 3,
        "totals": [15, 5],
    }
    jammed = [m for m in ("B2", "B3", "B4") if roll_modifiers(game.model(m), "defense")]
    assert jammed == ["B2", "B3"]  # B4 is 8" away
    assert dice_left(game) == []


def test_c5_1_example_e1_variant_fourteen_hits_only_the_target() -> None:
    game = scenario(CAST, script("cast", 6, 8, "resist", 2, 3), act="A5")
    game.apply("cast A5 B2")
    jammed = [m for m in ("B2", "B3") if roll_modifiers(game.model(m), "defense")]
    assert jammed == ["B2"]


def test_r5_1_signal_jam_lasts_through_the_targets_next_activation() -> None:
    game = scenario(CAST, script("cast", 6, 8, "resist", 2, 3), act="A5")
    game.apply("cast A5 B2")
    b2 = game.model("B2")
    assert roll_modifiers(b2, "attack")[0].steps == -1
    game.stack.append(Activation("B2"))
    game._advance(None)
    assert roll_modifiers(b2, "attack")  # still during its activation (notes A32)
    game.apply("end B2")
    assert roll_modifiers(b2, "attack") == ()


def cast_twice(placed: dict[str, Any], target: str, dice: list[tuple[str, int]]) -> WireGame:
    """A5 casts its Power at ``target`` in two activations, before the target activates."""
    game = scenario(placed, dice, act="A5")
    game.apply(f"cast A5 {target}")
    game.apply("end A5")
    game.stack.append(Activation("A5"))
    game._advance(None)
    game.apply(f"cast A5 {target}")
    game.apply("end A5")
    return game


def test_r5_1_a_second_signal_jam_renews_the_first_and_does_not_add_notes_a73() -> None:
    game = cast_twice(
        CAST, "B2", script("cast", 5, 5, "resist", 2, 2, "cast", 5, 5, "resist", 2, 3)
    )
    assert [m.steps for m in roll_modifiers(game.model("B2"), "attack")] == [-1]
    assert [(e.rule, e.models, e.data) for e in events(game, "renewed")] == [
        ("R5.1", ("B2",), {"power": "Signal Jam"})
    ]


def test_r5_1_a_second_force_field_renews_the_first_and_does_not_add_notes_a73() -> None:
    placed = {**CAST, "A5": caster("Force Field"), "A2": (12.0, 8.0)}
    game = cast_twice(placed, "A2", script("cast", 5, 5, "test", 2, 2, "cast", 5, 5, "test", 2, 2))
    assert [m.steps for m in roll_modifiers(game.model("A2"), "defense", ranged=True)] == [2]
    assert len(events(game, "renewed")) == 1


def test_r5_1_a_signal_jam_and_a_force_field_on_one_model_both_apply() -> None:
    # Two different Powers combine (notes A73 by analogy); B5 is a Broadcaster here.
    placed = {"A5": (12.0, 4.0), "B2": (12.0, 12.0), "B5": caster("Force Field")}
    dice = script("cast", 5, 5, "resist", 2, 2, "cast", 5, 5, "test", 2, 2)
    game = scenario(placed, dice, squads=("wrecking-crew", "wrecking-crew"), act="A5")
    game.apply("cast A5 B2")
    game.apply("end A5")
    game.stack.append(Activation("B5"))
    game._advance(None)
    game.apply("cast B5 B2")
    defense = roll_modifiers(game.model("B2"), "defense", ranged=True)
    assert [(m.source, m.steps) for m in defense] == [("Signal Jam", -1), ("Force Field", 2)]
    assert not events(game, "renewed")


def test_c5_1_offensive_needs_an_enemy_in_sight_support_a_friend() -> None:
    wall = {"id": "wall", "kind": "impassable", "height": 3.0, "polygon": rect(8, 7, 16, 8)}
    game = scenario(CAST, act="A5", board=board(wall))
    assert not [o for o in options(game) if o.startswith("cast")]
    placed = {**CAST, "A5": caster("Force Field"), "A2": (12.0, 8.0)}
    game = scenario(placed, act="A5")
    assert [o for o in options(game) if o.startswith("cast")] == ["cast A5 A1", "cast A5 A2"]


def test_c5_1_support_rolls_against_a_fixed_2d6() -> None:
    placed = {**CAST, "A5": caster("Force Field"), "A2": (12.0, 8.0)}
    game = scenario(placed, script("cast", 4, 4, "test", 3, 3), act="A5")
    game.apply("cast A5 A2")
    assert events(game, "tiers")[0].data["text"] == "caster Wits 2d8; against 2d6 (fixed)"
    defense = roll_modifiers(game.model("A2"), "defense", ranged=True)
    assert [m.steps for m in defense] == [2]
    assert roll_modifiers(game.model("A2"), "defense", ranged=False) == ()


def test_c5_1_once_per_activation() -> None:
    placed = {**CAST, "A5": {"pos": (12.0, 4.0)}}
    game = scenario(
        placed, script("cast", 1, 2, "resist", 2, 2), act="A5", blessings=(("Overtime",), ())
    )
    game.apply("bless A5 overtime")
    game.apply("cast A5 B2")
    assert not [o for o in options(game) if o.startswith("cast")]


def test_r7_3_opponent_triple_rolls_the_broadcast_fumble_table() -> None:
    # 2 against 6: the target triples; Feedback (3): the caster takes d4, armour applies.
    game = scenario(
        CAST, script("cast", 1, 1, "resist", 3, 3, "fumble", 3, "fumble-damage", 4), act="A5"
    )
    game.apply("cast A5 B2")
    assert game.model("A5").health == 14 - (4 - 1)  # Padded Vest
    assert dice_left(game) == []


def test_r7_3_frequency_lock_and_broadcast_storm() -> None:
    game = scenario(
        CAST, script("cast", 1, 1, "resist", 3, 3, "fumble", 5, "fumble-damage", 1), act="A5"
    )
    game.apply("cast A5 B2")
    a5 = game.model("A5")
    assert (a5.locked, a5.forgotten) == (a5.powers, ())
    assert not [o for o in options(game) if o.startswith("cast")]
    game = scenario(CAST, script("cast", 1, 1, "resist", 4, 4, "fumble", 5), act="A5")
    game.apply("cast A5 B2")  # x4: +1 -> 6+, Broadcast Storm
    a5 = game.model("A5")
    assert a5.locked == a5.forgotten == a5.powers


def test_r5_1_weapon_lock_the_caster_picks_the_weapon() -> None:
    placed = {**CAST, "A5": caster("Weapon Lock")}
    game = scenario(placed, script("cast", 5, 5, "resist", 2, 2), act="A5")
    game.apply("cast A5 B2")
    assert game.decision is not None and game.decision.player == 0
    assert options(game) == ["drop B2 laser", "drop B2 pistol", "drop B2 stapler"]
    game.apply("drop B2 laser")
    assert game.model("B2").weapons == ("Pistol", "Stapler")
    assert (game.state.dropped[0].marker, game.state.dropped[0].weapon) == ("W1", "Laser")


def test_r5_1_neural_trap_hurts_if_the_target_moves_next_activation() -> None:
    placed = {**CAST, "A5": caster("Neural Trap")}
    game = scenario(placed, script("cast", 5, 5, "resist", 2, 2, "neural-trap", 4), act="A5")
    game.apply("cast A5 B2")
    game.apply("end A5")
    game.stack.append(Activation("B2"))
    game._advance(None)
    game.apply("move B2 12,13")
    assert game.model("B2").health == 14 - 4  # ignores armour
    assert events(game, "damaged")[0].rule == "R5.1"


def test_r5_1_a_second_neural_trap_renews_the_first_one_d6_springs_notes_a73() -> None:
    placed = {**CAST, "A5": caster("Neural Trap")}
    dice = script("cast", 5, 5, "resist", 2, 2, "cast", 5, 5, "resist", 2, 2, "neural-trap", 4)
    game = cast_twice(placed, "B2", dice)
    assert len(game.model("B2").timed) == 1 and len(events(game, "renewed")) == 1
    game.stack.append(Activation("B2"))
    game._advance(None)
    game.apply("move B2 12,13")
    assert game.model("B2").health == 14 - 4
    assert dice_left(game) == []


def test_r5_1_resonance_push_the_caster_picks_a_direction() -> None:
    placed = {**CAST, "A5": caster("Resonance Push")}
    game = scenario(placed, script("cast", 5, 5, "resist", 2, 2, "push", 3), act="A5")
    game.apply("cast A5 B2")
    assert options(game)[:2] == ["push B2 1", "push B2 2"]
    game.apply("push B2 3")  # 3 o'clock: east, 3"; B3 stands 2" away and stops the push
    assert game.model("B2").pos == pytest.approx((14.0 - TOUCH, 12.0))


@pytest.mark.parametrize(
    ("armor", "gear"),
    [("Padded Vest", ()), ("Industrial Frame", ()), (None, ("Mag Boots",))],
)
def test_c4_6_resonance_push_is_no_knockback_armour_and_mag_boots_do_not_touch_it(
    armor: str | None, gear: tuple[str, ...]
) -> None:
    # C4.6: only weapons with a Knockback value push, so the items that name Knockback
    # (R3.6, R3.8, R3.10) leave the Power's push whole.
    placed = {
        **CAST,
        "A5": caster("Resonance Push"),
        "B2": {"pos": (12.0, 12.0), "armor": armor, "gear": gear},
    }
    del placed["B3"]
    game = scenario(placed, script("cast", 5, 5, "resist", 2, 2, "push", 3), act="A5")
    game.apply("cast A5 B2")
    game.apply("push B2 3")
    assert game.model("B2").pos == pytest.approx((15.0, 12.0))


def test_r5_1_focus_gives_a_bonus_action_next_activation() -> None:
    placed = {**CAST, "A5": caster("Focus"), "A2": (12.0, 8.0)}
    game = scenario(placed, script("cast", 5, 5, "test", 2, 2), act="A5")
    game.apply("cast A5 A2")
    game.apply("end A5")
    game.stack.append(Activation("A2"))
    game._advance(None)
    game.apply("move A2 12,9")
    game.apply("move-again A2 12,10")
    assert "move-again A2 <x,y>" in specs(game)  # a second action


def test_r5_1_swap_changes_places_within_12() -> None:
    placed = {**CAST, "A5": caster("Swap"), "A2": (12.0, 8.0), "A3": (3.0, 23.0)}
    game = scenario(placed, script("cast", 5, 5, "test", 2, 2), act="A5")
    assert "cast A5 A3" not in options(game)  # farther than 12"
    game.apply("cast A5 A2")
    assert game.model("A5").pos == (12.0, 8.0) and game.model("A2").pos == (12.0, 4.0)


def test_r5_1_ping_sees_through_walls_and_ignores_cover() -> None:
    wall = {"id": "wall", "kind": "impassable", "height": 3.0, "polygon": rect(8, 9, 16, 10)}
    placed = {"A5": caster("Ping"), "A4": (12.0, 8.0), "B2": (12.0, 12.0), "A1": (1.0, 1.0)}
    game = scenario(placed, script("cast", 5, 5, "test", 2, 2), act="A5", board=board(wall))
    game.apply("cast A5 A4")
    game.apply("end A5")
    game.stack.append(Activation("A4"))
    game._advance(None)
    assert "shoot A4 B2 pistol" in options(game)


def test_c5_1_cast_is_offered_only_to_broadcasters() -> None:
    game = scenario(CAST, act="A1")
    assert not [o for o in options(game) if o.startswith("cast")]
    unchanged(
        game,
        "cast A1 B2",
        r"Mara Voss \(A1\) cannot Cast: only a Broadcaster with a Power can \(C2\.4, C5\.1\)$",
    )


def test_c4_2_boost_on_the_target_wits() -> None:
    game = scenario(
        CAST, script("cast", 5, 5, "resist", 2, 2), act="A5", blessings=((), ("Boost",))
    )
    game.apply("cast A5 B2")
    assert game.decision is not None and game.decision.player == 1
    apply_all(game, "bless B2 boost")
    assert "target Wits 2d4 +1 DT Boost (C4.2) -> 2d6" in events(game, "tiers")[0].data["text"]
    assert "cast-result" in kinds(game)
