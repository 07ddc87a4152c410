"""Every kind of Critical (R6) and Fumble (R7) result, applied in play (C4.16, C4.17)."""

from __future__ import annotations

import pytest
from tests.rulesets.sacred_wire.helpers import (
    TOUCH,
    apply_all,
    dice_left,
    events,
    kinds,
    options,
    scenario,
    script,
    specs,
    text,
)

from skirmish.engine.game import Game
from skirmish.engine.step import Step
from skirmish.rulesets.sacred_wire.game import conditions
from skirmish.rulesets.sacred_wire.game.activation import Activation
from skirmish.rulesets.sacred_wire.game.rounds import EndRound
from skirmish.rulesets.sacred_wire.squads.roster import (
    armor,
    melee_weapons,
    move_allowance,
    roll_modifiers,
    tier,
)

BASE = {"A2": (10.0, 10.0), "B5": (10.0, 10.0 + TOUCH), "A1": (1.0, 1.0), "B1": (23.0, 23.0)}


def hit(game: Game, target: str, table: str, name: str, by: str | None = "A2") -> list[Step]:
    """Apply a table row to ``target`` as if ``by`` had rolled it (R6) or it fumbled (R7)."""
    row = conditions.row(game, table, name)
    inflicter = game.model(by) if by else None
    return conditions.apply_row(
        game, game.model(target), row.effects, table, name, inflicter, "Pistol"
    )


def run(game: Game, steps: list[Step]) -> None:
    game.stack.extend(reversed(steps))
    game._advance(None)


def test_r6_1_bleed_two_each_activation_ignoring_armour_no_stacking() -> None:
    game = scenario(BASE)
    hit(game, "B5", "R6.1", "Bleed")
    hit(game, "B5", "R6.1", "Bleed")
    hit(game, "B5", "R6.6", "Corroding")  # a different condition stacks (notes A73)
    assert game.model("B5").statuses == ("bleed", "corroding")
    run(game, [Activation("B5")])
    assert game.model("B5").health == 13 - 4
    assert [e.rule for e in events(game, "damaged")] == ["R6.1", "R6.6"]


def test_r6_2_stunned_loses_the_next_activation() -> None:
    game = scenario(BASE)
    hit(game, "B5", "R6.2", "Stunned")
    run(game, [Activation("B5")])
    assert "activation-lost" in kinds(game)
    assert game.decision is None
    assert game.model("B5").lose_activation == ""


@pytest.mark.parametrize(
    ("table", "name", "attribute"),
    [("R6.2", "Rattled", "defense"), ("R6.1", "Maimed", "combat"), ("R6.2", "Concussed", "wits")],
)
def test_r6_permanent_tier_losses(table: str, name: str, attribute: str) -> None:
    game = scenario(BASE)
    before = tier(game, game.model("B5"), attribute)
    hit(game, "B5", table, name)
    assert tier(game, game.model("B5"), attribute) == before.step(-1)


def test_r6_3_riddled_loses_a_tier_on_every_attribute_never_below_2d4() -> None:
    game = scenario({**BASE, "B4": (20.0, 20.0)})
    hit(game, "B4", "R6.3", "Riddled")
    b4 = game.model("B4")
    assert [str(tier(game, b4, a)) for a in ("combat", "defense", "wits")] == ["2d4", "2d4", "2d6"]


def test_r6_1_hamstrung_loses_move() -> None:
    game = scenario(BASE)
    hit(game, "B5", "R6.1", "Hamstrung")
    assert move_allowance(game, game.model("B5")) == 3.0


def test_r6_1_disarmed_the_attacker_picks_the_weapon() -> None:
    game = scenario(BASE)
    run(game, hit(game, "B5", "R6.1", "Disarmed"))
    assert game.decision is not None and game.decision.player == 0
    assert options(game) == ["drop B5 pistol", "drop B5 shiv"]
    game.apply("drop B5 shiv")
    assert game.model("B5").weapons == ("Pistol",)
    assert "dropped" in kinds(game)


def test_r6_4_slag_armor_drops_a_class_and_heavys_move_penalty() -> None:
    game = scenario({**BASE, "B1": {"pos": (23.0, 23.0), "armor": "Heavy Cuirass"}})
    b1 = game.model("B1")
    hit(game, "B1", "R6.4", "Slag Armor")
    piece = armor(game, b1)
    assert piece is not None and (piece.armor_class, piece.reduction) == ("medium", 2)
    assert move_allowance(game, b1) == 4.0  # the Heavy class's -1" went with it (notes A71)
    assert "armour is slagged, classes down: 1  [R6.4]" in text(game)
    game = scenario(BASE)
    hit(game, "B5", "R6.4", "Slag Armor")  # Light Protective Lining: destroyed
    assert armor(game, game.model("B5")) is None


def test_r6_4_burned_out_only_for_ranged_attacks() -> None:
    game = scenario(BASE)
    hit(game, "B5", "R6.4", "Burned Out")
    b5 = game.model("B5")
    assert [m.steps for m in roll_modifiers(b5, "attack", ranged=True)] == [-1]
    assert roll_modifiers(b5, "attack", ranged=False) == ()


def test_r6_5_blown_back_d6_away_from_the_attacker() -> None:
    game = scenario(BASE, script("push", 3))
    run(game, hit(game, "B5", "R6.5", "Blown Back"))
    assert game.model("B5").pos == pytest.approx((10.0, 10.0 + TOUCH + 3.0))


def test_r6_1_severed_keeps_its_minus_2_injury_when_the_damage_alone_takes_the_model_out() -> None:
    # Triple: Severed (6+: Out of Action, -2 Injury roll); the Knife's maximum 4 already
    # takes B5, at 3 Health, Out of Action: the row's Injury modifier still counts (C4.18).
    placed = {
        "A1": {"pos": (10.0, 10.0), "weapons": ("Knife",)},
        "B5": {"pos": (10.0, 10.0 + TOUCH), "armor": None, "health": 3},
        "A2": (1.0, 1.0),
        "B1": (23.0, 23.0),
    }
    game = scenario(placed, script("attack", 3, 3, "defense", 1, 1, "critical", 6), act="A1")
    apply_all(game, "fight A1 B5 knife", "defend B5")
    b5 = game.model("B5")
    assert b5.removed is not None and b5.injury == -2
    (shifted,) = events(game, "injury-modifier")
    assert (shifted.rule, shifted.data) == ("R6.1", {"shift": -2, "injury": -2})


def test_i1_1_a_hostile_severed_out_of_action_rolls_no_injury() -> None:
    # As above on a Gutter Runner at 3 Health: removed from play, it rolls no Injury, so the
    # row's -2 is not logged for it.
    placed = {
        "A1": {"pos": (10.0, 10.0), "weapons": ("Knife",)},
        "A2": (1.0, 1.0),
        "B1": BASE["B1"],
    }
    spawned = (("Gutter Runner", (10.0, 10.0 + TOUCH), {"health": 3}),)
    dice = script("attack", 3, 3, "defense", 1, 1, "critical", 6)
    game = scenario(placed, dice, act="A1", hostiles="scrapers", spawned=spawned)
    apply_all(game, "fight A1 H1 knife")
    h1 = game.model("H1")
    assert h1.removed is not None and [e.data["row"] for e in events(game, "table-result")] == [
        "Severed"
    ]
    assert events(game, "injury-modifier") == [] and "Injury" not in text(game)
    assert dice_left(game) == []


def test_c4_19_a_model_made_to_flee_by_a_counter_critical_acts_no_more_this_activation() -> None:
    # A2 attacks; B5's Riposte triples it: Static Critical 2, Frequency Terror (Flee), and A2
    # fumbles (Off Balance). A2, Fleeing, is offered nothing more: its activation ends.
    placed = {
        "A2": (10.0, 10.0),
        "B5": {"pos": (10.0, 10.0 + TOUCH), "weapons": ("Cable Whip",), "armor": None},
        "A1": (1.0, 1.0),
        "B1": (23.0, 23.0),
    }
    dice = script("attack", 1, 1, "riposte", 3, 3, "critical", 2, "fumble", 2)
    game = scenario(placed, dice, act="A2")
    apply_all(game, "fight A2 B5 sword", "riposte B5 cable-whip")
    assert game.model("A2").fleeing
    assert "stops-acting" in kinds(game) and game.decision is None
    assert kinds(game)[-1] == "activation-end"


def test_r6_6_dissolved_acts_then_goes_out_of_action_at_the_end_of_next_round() -> None:
    game = scenario(BASE)
    hit(game, "B5", "R6.6", "Dissolved")
    assert game.model("B5").dissolve_round == 2
    run(game, [EndRound()])
    assert game.model("B5").removed is None
    game.state.round = 2
    run(game, [EndRound()])
    assert game.model("B5").removed == "out of action"
    assert game.model("B5").injury == -2


def test_r6_6_a_second_dissolved_keeps_the_first_ones_round_and_its_single_minus_2() -> None:
    # notes A74: Out of Action once, at the end of the round after the first Dissolved.
    game = scenario(BASE)
    hit(game, "B5", "R6.6", "Dissolved")
    game.state.round = 2
    hit(game, "B5", "R6.6", "Dissolved", by="A1")
    b5 = game.model("B5")
    assert (b5.dissolve_round, b5.injury) == (2, -2)
    assert len(events(game, "dissolving")) == 1
    run(game, [EndRound()])
    assert (b5.removed, b5.injury, b5.ooa_by) == ("out of action", -2, "A2")


def test_r6_6_delirium_moves_toward_the_nearest_enemy() -> None:
    placed = {**BASE, "B5": (10.0, 16.0)}
    game = scenario(placed)
    hit(game, "B5", "R6.6", "Delirium")
    run(game, [Activation("B5")])
    assert "delirium" in kinds(game)
    assert game.model("B5").y < 16.0  # toward the Brute at 10,10
    assert "move B5 <x,y>" not in specs(game)  # that was its Move


def test_r6_7_frequency_terror_makes_it_flee() -> None:
    game = scenario(BASE)
    hit(game, "B5", "R6.7", "Frequency Terror")
    assert game.model("B5").fleeing


def test_r6_7_hijacked_next_activation_is_run_by_the_dealer() -> None:
    placed = {**BASE, "B3": (10.0, 14.0)}
    game = scenario(placed)
    hit(game, "B5", "R6.7", "Hijacked")
    run(game, [Activation("B5")])
    assert game.decision is not None and game.decision.player == 0
    assert "controlled" in kinds(game)
    # Its own squad mates are now its enemies; the Brute is a friend.
    assert "fight B5 A2 shiv" not in options(game)
    game.apply("end B5")
    run(game, [Activation("B5")])
    assert game.decision is not None and game.decision.player == 1


def test_r6_8_feedback_loop_minus_one_on_all_rolls_next_activation() -> None:
    game = scenario(BASE)
    hit(game, "B5", "R6.8", "Feedback Loop")
    b5 = game.model("B5")
    assert roll_modifiers(b5, "defense") == ()  # not yet: only during its next activation
    run(game, [Activation("B5")])
    assert [m.steps for m in roll_modifiers(b5, "attack")] == [-1]


def test_r7_1_off_balance_is_used_up_by_the_next_defense_roll() -> None:
    game = scenario(BASE)
    hit(game, "B5", "R7.1", "Off Balance", by=None)
    b5 = game.model("B5")
    assert [m.steps for m in roll_modifiers(b5, "defense")] == [-1]
    roll_modifiers(b5, "defense", use=True)
    assert roll_modifiers(b5, "defense") == ()


def test_r7_1_wild_swing_hits_an_ally_within_1() -> None:
    placed = {**BASE, "A3": (10.0 - TOUCH - 0.5, 10.0)}
    dice = script("attack", 1, 1, "defense", 3, 3, "fumble", 4, "fumble-damage", 3)
    game = scenario(placed, dice, act="A2")
    apply_all(game, "fight A2 B5 sword", "defend B5")
    # The Sword's damage, as a fumbler hit by its own takes it: no Brute's +1 (R7.1).
    assert game.model("A3").health == 12 - 3
    (line,) = [e for e in events(game, "resolution") if "an ally takes" in e.data["text"]]
    assert line.rule == "R7.1"
    assert dice_left(game) == []


def test_r7_1_wild_swing_credits_nobody_with_the_ally_it_takes_out() -> None:
    # A Fumble's harm is self-inflicted: no Out-of-Action credit (K3.1), no Consume (A51).
    placed = {**BASE, "A3": {"pos": (10.0 - TOUCH - 0.5, 10.0), "health": 2}}
    dice = script("attack", 1, 1, "defense", 3, 3, "fumble", 4, "fumble-damage", 3)
    game = scenario(placed, dice, act="A2")
    apply_all(game, "fight A2 B5 sword", "defend B5")
    a3 = game.model("A3")
    assert a3.removed is not None and a3.ooa_by == ""


def test_r7_1_wild_swing_with_no_ally_hits_the_fumbler() -> None:
    dice = script("attack", 1, 1, "defense", 3, 3, "fumble", 4, "fumble-damage", 3)
    game = scenario(BASE, dice, act="A2")
    apply_all(game, "fight A2 B5 sword", "defend B5")
    assert game.model("A2").health == 14 - (3 - 1)  # through its own Mesh Wrap


def test_r7_1_dropped_and_shattered() -> None:
    dice = script("attack", 1, 1, "defense", 3, 3, "fumble", 5, "fumble-damage", 2)
    game = scenario(BASE, dice, act="A2")
    apply_all(game, "fight A2 B5 sword", "defend B5")
    assert game.model("A2").weapons == ()
    assert game.state.dropped[0].weapon == "Sword"
    # With its only weapon on the floor the Brute fights Unarmed (R3.1); its action is spent,
    # so picking the Sword up (an action, C4.3) waits for its next activation.
    assert [w.name for w in melee_weapons(game, game.model("A2"))] == ["Unarmed"]
    assert options(game) == ["end A2"]
    dice = script("attack", 1, 1, "defense", 4, 4, "fumble", 5)
    game = scenario(BASE, dice, act="A2")
    apply_all(game, "fight A2 B5 sword", "defend B5")  # x8: +5 -> 6+, Shattered
    assert game.model("A2").weapons == ()
    assert game.state.dropped == ()
    assert game.model("A2").health == 14 - (6 - 1)


def test_r7_2_friendly_fire_hits_an_ally_within_6() -> None:
    placed = {"B2": (10.0, 4.0), "A4": (10.0, 9.5), "B3": (14.0, 4.0), "A1": (1.0, 1.0)}
    dice = script("attack", 1, 1, "defense", 3, 3, "fumble", 4, "fumble-damage", 3)
    game = scenario(placed, dice, act="B2")
    game.apply("shoot B2 A4 pistol")
    assert game.model("B3").health == 14 - 3


def test_c4_16_riposte_triple_both_tables() -> None:
    # The Riposting Veteran triples the Brute: Shiv maximum + Toxic Critical on the Brute, and
    # the Brute rolls the Melee Fumble table (C4.16, notes A26).
    dice = script("attack", 1, 1, "riposte", 3, 3, "critical", 1, "critical-damage", 2, "fumble", 1)
    game = scenario(BASE, dice, act="A2")
    apply_all(game, "fight A2 B5 sword", "riposte B5 shiv")
    a2 = game.model("A2")
    assert a2.health == 14 - (4 + 2 - 1)  # Shiv max 4 + Burned d4 2 - Mesh Wrap 1
    assert a2.lose_activation == "R7.1"  # Stumbled
    assert dice_left(game) == []
