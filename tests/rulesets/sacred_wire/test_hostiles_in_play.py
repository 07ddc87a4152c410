"""Hostiles in play (Inhuman Resources I1-I7, K1.2, K1.3): the faction and timing at setup,
spawns and their Spawn Location, the group's token in the bag, the behaviour roll read by
situation, every behaviour and every faction's own rule, with fixed dice."""

from __future__ import annotations

import math
import os
from pathlib import Path
from typing import Any

import pytest
from tests.rulesets.sacred_wire.helpers import (
    CATALOG,
    TOUCH,
    Spawned,
    apply_all,
    board,
    data_copy,
    dice_left,
    edit_data,
    events,
    kinds,
    open_board,
    options,
    played_out,
    rect,
    scenario,
    script,
    text,
)
from tests.rulesets.sacred_wire.test_missions import ended

from skirmish.contract import random_game
from skirmish.dice import ScriptedDice
from skirmish.engine.game import Game
from skirmish.errors import RulesDataError, SkirmishError
from skirmish.geometry.shapes import edge_distance
from skirmish.players.base import play
from skirmish.players.heuristic import HeuristicPlayer
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.sacred_wire.attack.combat import Attack
from skirmish.rulesets.sacred_wire.campaign.outcome import outcome_of
from skirmish.rulesets.sacred_wire.game import casualties, conditions, draws
from skirmish.rulesets.sacred_wire.game.conditions import ChooseDrop
from skirmish.rulesets.sacred_wire.game.draws import Draws
from skirmish.rulesets.sacred_wire.game.model import ADVANCE, NEURAL_TRAP, TimedEffect
from skirmish.rulesets.sacred_wire.game.movement import SLACK, FleeMove, ends_engaged
from skirmish.rulesets.sacred_wire.game.rounds import GameLength, GameLoop
from skirmish.rulesets.sacred_wire.game.setup import add_models
from skirmish.rulesets.sacred_wire.game.space import COWORKERS, HOSTILES, gap
from skirmish.rulesets.sacred_wire.game.state import LootMarker, Objective, WireGame
from skirmish.rulesets.sacred_wire.hostiles.arrival import Arrivals, HostileSetup
from skirmish.rulesets.sacred_wire.hostiles.group import (
    BEHAVIOURS,
    GroupActivation,
    attack_with,
    waiting_groups,
)
from skirmish.rulesets.sacred_wire.rules_data.catalog import (
    RangedWeapon,
    UnknownEntryError,
    load_catalog,
)
from skirmish.rulesets.sacred_wire.rules_data.effects import PowerAttack
from skirmish.rulesets.sacred_wire.squads.roster import roll_modifiers, tier

RULESET = find_ruleset("sacred-wire")
FAR_A = {"A1": (22.0, 22.0)}  # a squad model far off, in sight on the open board
BOTH = {"A1": (22.0, 22.0), "B1": (2.0, 22.0)}  # a model of each squad, so neither is gone


def group_turn(
    placed: dict[str, Any], dice: list[tuple[str, int]], faction: str, spawned: tuple[Spawned, ...]
) -> WireGame:
    """A game of ``faction`` whose hostile group G1 activates at once."""
    return scenario(placed, dice, hostiles=faction, spawned=spawned, steps=[GroupActivation("G1")])


def hostiles(game: WireGame) -> list[str]:
    return [m.id for m in game.models if m.side == HOSTILES and m.on_table]


def attack_rolls(game: WireGame) -> list[str]:
    """The dice of each attack roll, in the kernel's notation (``"2D8"``)."""
    return [e.roll.dice for e in game.log if e.roll is not None and e.roll.purpose == "attack"]


# --- K1.2, K1.3: the faction and the timing --------------------------------------------------


def test_k1_3_hostile_type_and_timing_are_rolled_once_at_setup() -> None:
    setup = RULESET.normalize_setup({"board": open_board(), "hostiles": "random"})
    assert (setup["hostiles"], setup["hostile_timing"]) == ("random", "random")
    game: WireGame = Game(
        RULESET, setup, 0, ScriptedDice(script("hostile-type", 3, "hostile-timing", 5))
    )
    add_models(game)
    game.begin([HostileSetup()])
    assert (game.state.hostiles, game.state.hostile_timing) == ("wave-callers", "surge")
    assert game.state.lineups[HOSTILES].name == "Wave Callers"
    assert "The hostiles are Wave Callers, on the surge Hostile Timing  [K1.2]" in text(game)


def test_k1_2_a_named_faction_and_timing_roll_nothing() -> None:
    setup = RULESET.normalize_setup({"hostiles": "scrapers", "hostile_timing": "late"})
    game: WireGame = Game(RULESET, setup, 0, ScriptedDice([]))
    add_models(game)
    game.begin([HostileSetup()])
    assert (game.state.hostiles, game.state.hostile_timing) == ("scrapers", "late")


@pytest.mark.parametrize(
    ("options", "match"),
    [
        ({"hostiles": "goblins"}, r"^hostiles: no faction 'goblins'; choose one of none, random"),
        ({"hostile_timing": "early"}, r"^hostile_timing: no hostiles play"),
        ({"hostiles": "scrapers", "hostile_timing": "soon"}, r"^hostile_timing: no timing 'soon'"),
        ({"hostiles": 3}, r"^hostiles: no faction 3"),
    ],
)
def test_k1_3_bad_hostile_options_are_refused_in_one_line(options: dict, match: str) -> None:
    with pytest.raises(SkirmishError, match=match):
        RULESET.normalize_setup(options)


def test_k1_2_without_hostiles_the_setup_says_none_and_normalizes_again() -> None:
    setup = RULESET.normalize_setup({})
    assert (setup["hostiles"], setup["hostile_timing"]) == ("none", "none")
    assert RULESET.normalize_setup(setup) == setup


# --- I1.4, I1.5, K1.3 Spawn Location: spawning ---------------------------------------------------


def test_i1_4_a_split_spawn_makes_two_groups_at_the_centre_1in_apart() -> None:
    # Early timing, Round 1: a Swarm spawn; d2 1 is the Gutter Runners, 4+4; location 2, centre.
    game = scenario(
        FAR_A, script("spawn-unit", 1, "spawn-location", 2), hostiles="scrapers", steps=[Arrivals()]
    )
    placed = [game.model(i) for i in hostiles(game)]
    assert [m.name for m in placed] == ["Gutter Runner"] * 8
    assert [m.group for m in placed] == ["G1"] * 4 + ["G2"] * 4
    assert placed[0].pos == (12.0, 12.0)
    for i, m in enumerate(placed):
        for o in placed[i + 1 :]:
            assert edge_distance(m.pos, m.radius, o.pos, o.radius) >= 1.0 - 1e-9
    assert events(game, "spawn")[0].data["location"] == "Centre"
    cited = {e.roll.purpose: e.rule for e in game.log if e.roll is not None}
    assert cited == {"spawn-unit": "I1.4", "spawn-location": "K1.3"}
    assert dice_left(game) == []


def test_k1_3_spawn_location_off_centre_rolls_distance_and_clock() -> None:
    # d2 2: the Cable Rats (2+2); location 6: d4+2 = 4" toward 3 o'clock (east).
    dice = script("spawn-unit", 2, "spawn-location", 6, "spawn-distance", 2, "spawn-direction", 3)
    game = scenario(FAR_A, dice, hostiles="scrapers", steps=[Arrivals()])
    assert events(game, "spawn")[0].data["at"] == [16.0, 12.0]
    assert game.model("H1").pos == (16.0, 12.0)
    assert [game.model(i).group for i in hostiles(game)] == ["G1", "G1", "G2", "G2"]


def test_k1_3_spawn_location_open_edge_avoids_the_deployment_edges() -> None:
    # The squads deploy north and south: east or west by a d2; 2 is west (notes A55).
    dice = script("spawn-unit", 1, "spawn-location", 1, "spawn-edge", 2)
    game = scenario(FAR_A, dice, hostiles="feral-crews", steps=[Arrivals()])
    first = game.model("H1")
    assert first.x < 1.0 and first.y == 12.0


def test_k1_3_spawn_location_aggressor_edge_with_no_mission_rolls_the_aggressor() -> None:
    # No mission names an Aggressor: a d2 picks side A, whose A2 stands nearest an edge.
    placed = {"A1": (8.0, 8.0), "A2": (12.0, 2.0), "B1": (12.0, 20.0)}
    dice = script("spawn-unit", 1, "spawn-location", 4, "aggressor", 1)
    game = scenario(placed, dice, hostiles="feral-crews", steps=[Arrivals()])
    assert events(game, "spawn")[0].data["at"] == [12.0, 0.0]


def test_k1_3_spawn_location_search_edge_is_the_edge_nearest_the_last_search() -> None:
    game = scenario(FAR_A, hostiles="cable-feeders")
    game.state.searched = (20.0, 6.0)
    game.dice = ScriptedDice(script("spawn-unit", 1, "spawn-location", 3))
    game.stack.append(Arrivals())
    game._advance(None)
    assert events(game, "spawn")[0].data["at"] == [24.0, 12.0]


def test_notes_a56_spawns_come_at_the_start_of_their_round_before_the_blessings() -> None:
    game = scenario(FAR_A, hostiles="scrapers", round=2)
    steps = GameLoop().round_steps(game)
    assert isinstance(steps[0], Arrivals)
    # Early: a Normal spawn in Round 2 (d2 2: the Pit Bosses, one group of 2).
    game.dice = ScriptedDice(script("spawn-unit", 2, "spawn-location", 2))
    game.stack.append(Arrivals())
    game._advance(None)
    assert [game.model(i).name for i in hostiles(game)] == ["Pit Boss", "Pit Boss"]
    assert scenario(FAR_A).state.hostiles == ""
    assert not isinstance(GameLoop().round_steps(scenario(FAR_A))[0], Arrivals)


def test_k1_2_a_spawn_keeps_clear_of_a_carried_package_where_its_carrier_stands() -> None:
    # Extraction: A1 took the objective at the centre and carries it at 12,4. The Round 2
    # Normal spawn (d2 2: the Pit Bosses) at the centre (location 2) stands on the empty spot.
    carried = (Objective("objective", 12.0, 12.0, carrier="A1", last="A1"),)
    dice = script("spawn-unit", 2, "spawn-location", 2)
    placed = {"A1": (12.0, 4.0), "B1": (3.0, 20.0)}
    game = ended(
        "extraction",
        placed,
        carried,
        round=2,
        steps=[Arrivals()],
        dice=dice,
        hostiles="scrapers",
        hostile_timing="early",
    )
    assert game.model("H1").pos == (12.0, 12.0)
    assert dice_left(game) == []


# --- I1.1: the token and the group's roll ------------------------------------------------------


def test_i1_1_each_group_has_one_token_in_the_bag() -> None:
    # A1, B1 and groups G1, G2: a d4, 3 is G1's token; then a d3, 3 is G2's; then a d2, 1 is
    # side A's. Feral Automata row 5: Wait unless Engaged.
    placed = {"A1": (3.0, 3.0), "B1": (3.0, 21.0)}
    spawned = (
        ("Heavy Unit", (12.0, 12.0)),
        ("Heavy Unit", (18.0, 12.0), {"group": "G2"}),
    )
    dice = script(
        "token", 3, "hostile-behaviour", 5, "token", 3, "hostile-behaviour", 5, "token", 1
    )
    game = scenario(placed, dice, hostiles="feral-automata", spawned=spawned, steps=[Draws()])
    drawn = events(game, "group-token")
    assert [e.data["group"] for e in drawn] == ["G1", "G2"]
    assert drawn[0].data["tokens"] == [1, 1] and drawn[0].data["groups"] == 2
    assert [e.data["behaviour"] for e in events(game, "behaviour")] == ["Wait", "Wait"]
    assert game.decision is not None and game.decision.player == 0
    assert dice_left(game) == []


def test_i1_1_one_roll_each_model_on_its_own_situation_nearest_first() -> None:
    # Row 5 of the Feral Automata: Wait, Wait, Attack. H2 touches Sunita (A3) and acts first
    # (notes A44); it reads Engaged and attacks; H1, far off, reads Has LoS and waits (A48).
    placed = {"A3": (12.0, 4.0), "B1": (3.0, 21.0)}
    spawned = (("Heavy Unit", (12.0, 16.0)), ("Heavy Unit", (12.0, 4.0 + TOUCH)))
    dice = script("hostile-behaviour", 5, "attack", 4, 3, "defense", 2, 2, "damage", 5)
    game = group_turn(placed, dice, "feral-automata", spawned)
    assert events(game, "group")[0].models == ("H2", "H1")
    apply_all(game, "defend A3")
    said = [
        (e.models[0], e.data["situation"], e.data["behaviour"]) for e in events(game, "behaviour")
    ]
    assert said == [("H2", "Engaged", "Attack"), ("H1", "Has LoS", "Wait")]
    assert events(game, "behaviour")[0].data["table"] == "Feral Automata normal"
    assert events(game, "behaviour")[0].rule == "I1.3, notes A45"
    assert game.model("A3").health == 12 - 5
    assert all(game.model(h).activated_round == 1 for h in ("H1", "H2"))
    assert dice_left(game) == []


def test_notes_a39_a_hijacked_hostile_is_played_by_the_player() -> None:
    spawned = (("Gutter Runner", (12.0, 12.0), {"hijacked_by": 0, "hijack_at": 1}),)
    game = group_turn(FAR_A, script("hostile-behaviour", 1), "scrapers", spawned)
    assert game.decision is not None and game.decision.player == 0
    assert "Gutter Runner (H1)" in game.decision.prompt
    game.apply("end H1")
    assert game.decision is None and game.model("H1").hijacked_by == -1


def test_notes_a38_a_hostile_that_lost_its_activation_does_nothing() -> None:
    spawned = (("Gutter Runner", (12.0, 12.0), {"lose_activation": "R7.2"}),)
    game = group_turn(FAR_A, script("hostile-behaviour", 1), "scrapers", spawned)
    assert "activation-lost" in kinds(game) and events(game, "behaviour") == []


# --- I1.3: Attack, Mob Up, Frenzy and whom they attack ---------------------------------------


def test_i1_3_attack_targets_the_best_chance_to_hit() -> None:
    # A Gutter Runner (Combat 2d6) sees Sunita (Defense 2d4) and Pike (2d6): it shoots Sunita.
    placed = {"A3": (12.0, 18.0), "A4": (12.0, 6.0), "B1": (3.0, 21.0)}
    dice = script("hostile-behaviour", 1, "attack", 3, 2, "defense", 2, 2, "damage", 3)
    game = group_turn(placed, dice, "scrapers", (("Gutter Runner", (12.0, 12.0)),))
    (attack,) = events(game, "attack")
    assert attack.models == ("H1", "A3") and attack.data["weapon"] == "Zip Gun"
    assert game.model("A3").health == 12 - 3
    assert game.model("H1").pos == (12.0, 12.0)  # a gun in sight shoots from where it stands
    assert dice_left(game) == []


def test_i1_3_attack_ties_go_to_the_closest() -> None:
    # Pike and Corin both defend on 2d6 without armour: the nearer, Corin, is shot.
    placed = {"A4": (12.0, 20.0), "B2": (12.0, 7.0)}
    dice = script("hostile-behaviour", 1, "attack", 1, 2, "defense", 3, 3)
    game = group_turn(placed, dice, "scrapers", (("Gutter Runner", (12.0, 12.0)),))
    assert events(game, "attack")[0].models == ("H1", "B2")


def test_i1_3_a_melee_unit_charges_with_its_full_move_then_strikes() -> None:
    placed = {"A4": (12.0, 15.0), "B1": (3.0, 21.0)}
    dice = script("hostile-behaviour", 1, "attack", 4, 3, "defense", 2, 2, "damage", 4)
    game = group_turn(placed, dice, "feral-crews", (("Bruiser", (12.0, 12.0)),))
    (moved,) = events(game, "moved")
    assert moved.data["how"] == "charge"
    assert gap(game, game.model("H1"), game.model("A4")) <= 0.01
    apply_all(game, "defend A4")
    assert events(game, "attack")[0].data["weapon"] == "Cleaver"
    assert game.model("A4").health == 14 - 4
    assert dice_left(game) == []


HIDES_B1 = {"id": "wall", "kind": "impassable", "height": 6, "polygon": rect(0.0, 18.0, 24.0, 19.0)}


def test_c4_6_a_charging_hostile_jumps_down_off_a_stack_to_its_target() -> None:
    # A Drift up on a 3" stack sees Pike on the ground below: its charge jumps down (free,
    # C4.6) by the shortest way and ends in base contact, then it strikes.
    stack = {"id": "stack", "kind": "climbable", "height": 3, "polygon": rect(4.0, 4.0, 8.0, 8.0)}
    dice = script("hostile-behaviour", 1, "attack", 4, 3, "defense", 2, 2, "damage", 4)
    spawned = (("Drift", (4.6, 6.0), {"level": "stack"}),)
    game = scenario(
        {"A4": (2.0, 6.0), "B1": (3.0, 21.0)},
        dice,
        board(stack, HIDES_B1),
        hostiles="static-wraiths",
        spawned=spawned,
        steps=[GroupActivation("G1")],
    )
    (moved,) = events(game, "moved")
    assert moved.data["how"] == "charge" and moved.data["level"] is None
    assert moved.rule == "C4.6" and moved.data["length"] <= 6.0
    h1 = game.model("H1")
    assert h1.level is None and gap(game, h1, game.model("A4")) <= 0.01
    apply_all(game, "defend A4")
    assert events(game, "attack")[0].data["weapon"] == "Phase Claws"
    assert game.model("A4").health == 14 - 4
    assert dice_left(game) == []


def test_c4_6_a_charging_hostile_climbs_onto_a_gantry_within_its_move() -> None:
    # Pike stands on a 1.5" gantry: the Drift (Move 6") below walks to its wall, climbs it
    # for 3" and ends in base contact up there, then strikes.
    gantry = {"id": "gantry", "kind": "climbable", "height": 1.5, "polygon": rect(8, 5.5, 16, 9)}
    dice = script("hostile-behaviour", 1, "attack", 4, 3, "defense", 2, 2, "damage", 4)
    game = scenario(
        {"A4": (12.0, 7.0), "B1": (3.0, 21.0)},
        dice,
        board(gantry, HIDES_B1),
        hostiles="static-wraiths",
        spawned=(("Drift", (12.0, 4.0)),),
        steps=[GroupActivation("G1")],
    )
    (moved,) = events(game, "moved")
    assert moved.data["how"] == "charge" and moved.data["level"] == "gantry"
    assert moved.rule == "C4.6" and moved.data["length"] <= 6.0
    h1 = game.model("H1")
    assert h1.level == "gantry" and gap(game, h1, game.model("A4")) <= 0.01
    apply_all(game, "defend A4")
    assert game.model("A4").health == 14 - 4
    assert dice_left(game) == []


def test_notes_a45_an_engaged_gunner_swings_its_gun_as_improvised_combat() -> None:
    placed = {"A3": (12.0, 12.0 + TOUCH), "B1": (3.0, 21.0)}
    dice = script("hostile-behaviour", 1, "attack", 3, 3, "defense", 3, 4)
    game = group_turn(placed, dice, "scrapers", (("Gutter Runner", (12.0, 12.0)),))
    apply_all(game, "defend A3")
    assert events(game, "attack")[0].data["weapon"] == "Improvised"
    assert events(game, "behaviour")[0].data["situation"] == "Engaged"


def test_i1_3_frenzy_attacks_twice() -> None:
    # Feral Crews row 6 Engaged: Frenzy; both attacks miss (4 against 6).
    placed = {"A4": (12.0, 12.0 + TOUCH), "B1": (3.0, 21.0)}
    dice = script(
        "hostile-behaviour", 6, "attack", 2, 2, "defense", 3, 3, "attack", 2, 2, "defense", 3, 3
    )
    game = group_turn(placed, dice, "feral-crews", (("Bruiser", (12.0, 12.0)),))
    apply_all(game, "defend A4", "defend A4")
    assert events(game, "behaviour")[0].data["behaviour"] == "Frenzy"
    assert [e.models for e in events(game, "attack")] == [("H1", "A4"), ("H1", "A4")]
    assert dice_left(game) == []


def test_c4_19_a_frenzied_hostile_made_to_flee_by_its_first_attack_makes_no_second() -> None:
    # As its first attack resolves, the Bruiser is Fleeing (as a counter-Critical would leave
    # it, R6.7): it attacks no more this activation.
    placed = {"A4": (12.0, 12.0 + TOUCH), "B1": (3.0, 21.0)}
    dice = script("hostile-behaviour", 6, "attack", 2, 2, "defense", 3, 3)
    game = group_turn(placed, dice, "feral-crews", (("Bruiser", (12.0, 12.0)),))
    game.model("H1").fleeing = True
    apply_all(game, "defend A4")
    assert len(events(game, "attack")) == 1
    assert events(game, "stops-acting")[0].rule == "C4.19, notes A43"


def delirious(game: WireGame, mid: str) -> None:
    """``mid`` suffers Delirium (R6.6): its next activation moves it toward the nearest enemy."""
    m = game.model(mid)
    n = m.next_activation()
    m.add_timed(TimedEffect(ADVANCE, 0, "", n, n, "Delirium", "R6.6"))


def test_r6_6_a_delirious_hostile_moves_toward_the_nearest_enemy_then_reads_its_roll() -> None:
    # Feral Automata row 5, Has LoS: Wait. The Heavy Unit first moves its 3" toward A1.
    game = scenario(
        {"A1": (12.0, 20.0)},
        script("hostile-behaviour", 5),
        hostiles="feral-automata",
        spawned=(("Heavy Unit", (12.0, 12.0)),),
    )
    delirious(game, "H1")
    game.stack.append(GroupActivation("G1"))
    game._advance(None)
    assert game.model("H1").pos == pytest.approx((12.0, 15.0))
    assert events(game, "delirium")[0].rule == "R6.6"
    assert events(game, "behaviour")[0].data["behaviour"] == "Wait"


def test_r6_6_a_delirious_hostile_has_no_move_left_for_its_roll() -> None:
    # Cable Feeders row 5 Has LoS: Regroup, toward H2; its Move went toward A1 instead.
    spawned = (("Stalker", (12.0, 12.0)), ("Stalker", (4.0, 4.0)))
    game = scenario(
        {"A1": (12.0, 22.0)},
        script("hostile-behaviour", 5),
        hostiles="cable-feeders",
        spawned=spawned,
    )
    delirious(game, "H1")
    game.stack.append(GroupActivation("G1"))
    game._advance(None)
    h1 = game.model("H1")
    assert h1.x == pytest.approx(12.0) and h1.y > 12.0
    held = [e for e in events(game, "holds") if e.models == ("H1",)]
    assert held[0].rule == "R6.6"


def test_i3_1_mob_up_attacks_at_plus_one_dt() -> None:
    # Feral Crews row 5 Engaged: Mob Up; the Bruiser's Combat 2d8 rolls as 2d10.
    placed = {"A4": (12.0, 12.0 + TOUCH), "B1": (3.0, 21.0)}
    dice = script("hostile-behaviour", 5, "attack", 2, 2, "defense", 3, 3)
    game = group_turn(placed, dice, "feral-crews", (("Bruiser", (12.0, 12.0)),))
    apply_all(game, "defend A4")
    assert events(game, "behaviour")[0].data["behaviour"] == "Mob Up"
    assert attack_rolls(game) == ["2D10"]
    assert game.model("H1").timed == ()  # it lasted the activation only


def test_i2_1_opportunists_attack_a_wounded_target_at_plus_one_dt() -> None:
    placed = {"A4": {"pos": (12.0, 12.0 + TOUCH), "health": 10}, "B1": (3.0, 21.0)}
    dice = script("hostile-behaviour", 1, "attack", 2, 2, "defense", 3, 3)
    game = group_turn(placed, dice, "scrapers", (("Cable Rat", (12.0, 12.0)),))
    apply_all(game, "defend A4")
    assert attack_rolls(game) == ["2D8"]  # Combat 2d6, +1 DT against a wounded target


def test_i1_3_a_power_weapon_rolls_wits_against_defense() -> None:
    # The Rogue Broadcaster's Static Hiss: Wits 2d8 (its Combat is 2d6); no Riposte.
    placed = {"A4": (12.0, 18.0), "B1": (3.0, 21.0)}
    dice = script("hostile-behaviour", 1, "attack", 2, 2, "defense", 3, 3)
    game = group_turn(placed, dice, "scrapers", (("Rogue Broadcaster", (12.0, 12.0)),))
    (attack,) = events(game, "attack")
    assert attack.rule == "I1.3" and attack.data["mode"] == "power"
    assert attack_rolls(game) == ["2D8"]
    assert dice_left(game) == []


def test_r7_3_wave_bounce_of_a_hostile_power_weapon_deals_its_d4_to_an_ally() -> None:
    # The Vessel's Static Burst (d8, Power) fumbles: Wave Bounce, the other Vessel within 6"
    # takes the row's d4 (R7.3, notes A40), not the weapon's d8.
    placed = {"B2": (12.0, 12.0), "B1": (23.0, 23.0), "A1": (1.0, 1.0)}
    spawned = (("Vessel", (12.0, 4.0)), ("Vessel", (14.0, 4.0)))
    dice = script("attack", 1, 1, "defense", 3, 3, "fumble", 4, "fumble-damage", 3)
    game = scenario(
        placed,
        dice,
        hostiles="wave-callers",
        spawned=spawned,
        steps=[Attack("H1", "B2", "Static Burst", "power")],
    )
    h2 = game.model("H2")
    assert h2.health == h2.max_health - 3
    assert [e.roll.dice for e in game.log if e.roll and e.roll.purpose == "fumble-damage"] == ["D4"]


def test_r7_3_feedback_of_a_hostile_power_weapon_is_logged_as_the_fumbles_d4() -> None:
    # The Vessel's Static Burst fumbles: Feedback, the Vessel takes the row's d4, which the log
    # names as the Fumble's, as a squad caster's is, not as its weapon's.
    placed = {"B2": (12.0, 12.0), "B1": (23.0, 23.0), "A1": (1.0, 1.0)}
    dice = script("attack", 1, 1, "defense", 3, 3, "fumble", 3, "fumble-damage", 2)
    game = scenario(
        placed,
        dice,
        hostiles="wave-callers",
        spawned=(("Vessel", (12.0, 4.0)),),
        steps=[Attack("H1", "B2", "Static Burst", "power")],
    )
    log = text(game).splitlines()
    assert "the attacker takes Feedback's d4 damage: d4 2 = 2  [C4.18]" in log
    assert "Vessel (H1) loses 2 Health (Broadcast Fumble), 12 left  [R7.3]" in log


def test_r6_7_a_coworker_hijacked_by_a_hostile_reads_the_hostiles_table_as_their_friend() -> None:
    # A marked Middle Manager, Hijacked by a Flicker's Critical: for that activation it reads
    # the Static Wraiths' row 4 (Attack) and goes for the squads, not for the Flicker.
    coworker = ("Middle Manager", (12.0, 12.0), {"hijacked_by": HOSTILES, "hijack_at": 1})
    game = scenario(
        {"A1": (2.0, 2.0), "B1": (22.0, 22.0)},
        script("hostile-behaviour", 4),
        hostiles="static-wraiths",
        spawned=(("Flicker", (20.0, 4.0)),),
        coworkers=(coworker,),
    )
    c1 = game.model("C1")
    c1.marked = True
    game.begin([GroupActivation("CW1")])
    (reading,) = events(game, "behaviour")
    assert reading.data["table"] == "Static Wraiths normal"
    assert events(game, "out-of-reach")[0].models == ("C1", "A1")
    assert not c1.hijacked and c1.hijacked_by == -1


def test_r7_3_interference_holds_back_a_hostiles_next_power_attack_and_is_spent() -> None:
    # The Rogue Broadcaster's Power weapon rolls Wits (2d8): its cast, for a Broadcast
    # Fumble's "-1 DT next cast" (notes A40). Its next Power attack rolls 2d6, and the penalty
    # is spent.
    placed = {"B2": (12.0, 12.0), "B1": (23.0, 23.0), "A1": (1.0, 1.0)}
    spawned = (("Rogue Broadcaster", (12.0, 4.0)),)
    game = scenario(placed, hostiles="scrapers", spawned=spawned)
    h1 = game.model("H1")
    row = conditions.row(game, "R7.3", "Interference")
    conditions.apply_row(game, h1, row.effects, "R7.3", row.name, None, "Static Hiss")
    assert int(tier(game, h1, "wits")) == 8
    game.dice = ScriptedDice(script("attack", 2, 2, "defense", 3, 3))
    game.begin([Attack("H1", "B2", "Static Hiss", "power")])
    assert attack_rolls(game) == ["2D6"]
    assert roll_modifiers(h1, "cast") == ()
    line = next(e for e in events(game, "resolution") if e.rule == "C1.10").data["text"]
    assert line.startswith("attacker Wits ")  # I1.3: a Power weapon's attack rolls Wits


def test_c4_1_a_hostile_groups_token_leaves_the_bag_with_its_last_model() -> None:
    spawned = (("Cable Rat", (12.0, 12.0)), ("Cable Rat", (14.0, 12.0)))
    game = scenario(BOTH, hostiles="scrapers", spawned=spawned)
    casualties.out_of_action(game, game.model("H1"), "C4.18")
    assert "token-discarded" not in kinds(game) and waiting_groups(game) == ["G1"]
    casualties.out_of_action(game, game.model("H2"), "C4.18")
    assert kinds(game).count("token-discarded") == 1 and waiting_groups(game) == []


def test_c2_4_the_zealot_ends_engaged_with_no_coworker_not_marked_hostile() -> None:
    # Sunita (Zealot) ending beside a Data Clerk: a bystander Engages nobody (notes A42).
    coworker = ("Data Clerk", (5.0, 13.48))
    game = scenario({"A3": (5.0, 5.0), "B1": (22.0, 22.0)}, coworkers=(coworker,), act="A3")
    sunita = game.model("A3")
    assert not ends_engaged(game, sunita, (5.0, 11.6), None)
    game.model("C1").marked = True
    assert ends_engaged(game, sunita, (5.0, 11.6), None)


def test_i1_3_a_tables_flee_stops_at_the_edge_even_for_a_hijacked_squad_model() -> None:
    # Mara, Hijacked by the Coworkers and Engaged, reads their row 6: Flee. The table's Flee
    # stops at the edge (I1.3): she stays on the board, with no Performance Review.
    placed = {
        "A1": {"pos": (12.0, 1.2), "hijacked_by": COWORKERS, "hijack_at": 1},
        "B1": (12.0, 2.9),
        "A5": (2.0, 20.0),
    }
    marked = ("Middle Manager", (20.0, 20.0), {"marked": True})
    game = scenario(
        placed,
        script("hostile-behaviour", 6),
        coworkers=(marked,),
        steps=[GroupActivation("A1", members=("A1",))],
    )
    a1 = game.model("A1")
    assert a1.removed is None and a1.post_game == ()
    assert a1.y == pytest.approx(a1.radius)
    (moved,) = [e for e in events(game, "moved") if e.models == ("A1",)]
    assert moved.rule == "I1.3"


def test_notes_a53_a_hostile_defender_ripostes_when_that_is_less_likely_to_be_hit() -> None:
    # Tobias (Sword) attacks a Feral Crews Boss: Riposte on Combat 2d10 -1 DT beats Defense 2d6.
    placed = {"A2": (12.0, 12.0), "B1": (3.0, 21.0)}
    spawned = (("Boss", (12.0, 12.0 + TOUCH)),)
    dice = script("attack", 4, 3, "riposte", 5, 4, "damage", 5)
    game = scenario(placed, dice, hostiles="feral-crews", spawned=spawned, act="A2")
    game.apply("fight A2 H1 sword")
    assert events(game, "riposte")[0].models == ("H1", "A2")
    assert dice_left(game) == []


def test_notes_a53_a_hostile_defender_defends_when_riposte_is_no_better() -> None:
    # A Bruiser's Riposte (2d8 -1 DT = 2d6) is no better than its Defense 2d6: Defense.
    placed = {"A2": (12.0, 12.0), "B1": (3.0, 21.0)}
    dice = script("attack", 2, 2, "defense", 3, 3)
    game = scenario(
        placed,
        dice,
        hostiles="feral-crews",
        spawned=(("Bruiser", (12.0, 12.0 + TOUCH)),),
        act="A2",
    )
    game.apply("fight A2 H1 sword")
    assert events(game, "defense")[0].models == ("H1", "A2")


# --- I1.3: the moves --------------------------------------------------------------------------


def test_i1_3_regroup_moves_toward_the_nearest_friend_and_stops_within_1in() -> None:
    # Cable Feeders row 5 Has LoS: Regroup. H1 (nearer A1) moves 4" toward H2; then H2 closes in.
    spawned = (("Stalker", (12.0, 12.0)), ("Stalker", (12.0, 4.0)))
    game = group_turn(FAR_A, script("hostile-behaviour", 5), "cable-feeders", spawned)
    h1, h2 = game.model("H1"), game.model("H2")
    assert h1.pos == pytest.approx((12.0, 8.0))
    assert gap(game, h1, h2) == pytest.approx(1.0, abs=1e-6)


def test_i1_3_regroup_a_hair_past_1in_as_points_are_kept_stays_and_says_so() -> None:
    # H1 stands 1.005" from H2, as a move kept to the hundredth leaves it: it has regrouped,
    # and makes no move of a thousandth of an inch (it logged 'moves 0.0"').
    spawned = (("Stalker", (12.0, 12.0)), ("Stalker", (12.0, 12.0 - TOUCH - 1.005)))
    game = group_turn(FAR_A, script("hostile-behaviour", 5), "cable-feeders", spawned)
    assert game.model("H1").pos == (12.0, 12.0) and "moved" not in kinds(game)
    assert (
        'Stalker (H1) stays where it stands: it is within 1" of Stalker (H2) already (regroup)  '
        "[I1.3]"
    ) in text(game).splitlines()


def test_notes_a43_a_fleeing_hostile_makes_for_the_edge_and_stays_on_the_table() -> None:
    # It fails the retest its activation starts with (C4.19, notes A60): 2 against 12.
    spawned = (("Gutter Runner", (3.0, 12.0), {"fleeing": True}),)
    dice = script("hostile-behaviour", 1, "wits", 1, 1, "test", 6, 6)
    game = group_turn(FAR_A, dice, "scrapers", spawned)
    h1 = game.model("H1")
    assert h1.x == pytest.approx(h1.radius) and h1.on_table and h1.fleeing
    assert events(game, "wits-test")[0].data == {
        "reason": "flee",
        "passed": False,
        "total": 2,
        "against": 12,
    }
    assert "hostile-flees" in kinds(game) and events(game, "behaviour") == []


def test_notes_a43_a_fleeing_hostile_at_the_edge_already_makes_no_move() -> None:
    # Its second Flee starts at the edge: the log says so, not 'moves 0.0"' (C4.19, notes A43).
    spawned = (("Gutter Runner", (3.0, 12.0), {"fleeing": True}),)
    turn = ("hostile-behaviour", 1, "wits", 1, 1, "test", 6, 6)
    game = group_turn(FAR_A, script(*turn, *turn), "scrapers", spawned)
    mark = len(game.log)
    game.begin([GroupActivation("G1")])
    lines = [game.describe(e) for e in game.log[mark:]]
    assert (
        "Gutter Runner (H1) flees no further: it stands at the table's edge already  [C4.19]"
        in (lines)
    )
    assert not any(" moves " in line for line in lines)
    assert dice_left(game) == []


def test_c4_19_a_fleeing_hostile_that_passes_its_retest_acts_by_its_roll() -> None:
    # Feral Automata row 5, Has LoS: Wait. The Heavy Unit passes 8 against 2 and waits.
    spawned = (("Heavy Unit", (12.0, 12.0), {"fleeing": True}),)
    dice = script("hostile-behaviour", 5, "wits", 4, 4, "test", 1, 1)
    game = group_turn(FAR_A, dice, "feral-automata", spawned)
    h1 = game.model("H1")
    assert not h1.fleeing and h1.pos == (12.0, 12.0)
    assert "rallies" in kinds(game) and "hostile-flees" not in kinds(game)
    assert events(game, "behaviour")[0].data["behaviour"] == "Wait"


def test_i1_3_patrol_heads_for_the_nearest_loot_marker_in_sight() -> None:
    # A marker in sight: no direction is rolled (the script holds none).
    game = scenario({}, hostiles="scrapers", spawned=(("Gutter Runner", (12.0, 12.0)),))
    game.state.loot = (LootMarker("L1", 12.0, 20.0), LootMarker("L2", 2.0, 2.0))
    game.dice = ScriptedDice(script("hostile-behaviour", 1))
    game.stack.append(GroupActivation("G1"))
    game._advance(None)
    assert events(game, "behaviour")[0].data["situation"] == "No LoS"
    assert game.model("H1").pos == pytest.approx((12.0, 17.0))


def test_i1_3_patrol_with_no_marker_in_sight_moves_toward_the_rolled_clock_face() -> None:
    wall = {"id": "wall", "kind": "impassable", "height": 3, "polygon": rect(0, 14, 24, 15)}
    game = scenario(
        {"A1": (12.0, 20.0)},
        script("hostile-behaviour", 1, "patrol-direction", 3),
        board=board(wall),
        hostiles="scrapers",
        spawned=(("Gutter Runner", (12.0, 6.0)),),
        steps=[GroupActivation("G1")],
    )
    assert game.model("H1").pos == pytest.approx((17.0, 6.0))


def test_i1_3_cover_moves_out_of_sight_of_the_closest_enemy() -> None:
    # Scrapers row 5 Has LoS: Cover. A wall east of the Gutter Runner hides it from Pike.
    wall = {"id": "wall", "kind": "impassable", "height": 3, "polygon": rect(13, 8, 14, 16)}
    placed = {"A4": (20.0, 12.0), "B1": (3.0, 21.0)}
    game = scenario(
        placed,
        script("hostile-behaviour", 5),
        board=board(wall),
        hostiles="scrapers",
        spawned=(("Gutter Runner", (12.0, 5.0)),),
        steps=[GroupActivation("G1")],
    )
    h1 = game.model("H1")
    assert events(game, "behaviour")[0].data["behaviour"] == "Cover"
    assert h1.pos != (12.0, 5.0)
    assert math.dist(h1.pos, (12.0, 5.0)) <= 5.0 + 1e-6
    assert (
        RULESET.sight_report(game, game.model("A4"), h1).cover
        or not RULESET.sight_report(game, game.model("A4"), h1).visible
    )


@pytest.mark.parametrize(("y", "shelter"), [(15.0, "out of sight of"), (17.0, "in Cover from")])
def test_i1_3_cover_already_had_from_the_closest_enemy_stays_and_says_so(
    y: float, shelter: str
) -> None:
    # Scrapers row 5 Has LoS (Ilse sees it): Cover. Behind the wall Pike, the closest, does not
    # see the Gutter Runner or sees it in Cover: it stays, not "cannot get any nearer" (A47).
    wall = {"id": "wall", "kind": "impassable", "height": 3, "polygon": rect(13, 8, 14, 16)}
    game = scenario(
        {"A4": (20.0, 12.0), "B1": (3.0, 21.0)},
        script("hostile-behaviour", 5),
        board=board(wall),
        hostiles="scrapers",
        spawned=(("Gutter Runner", (12.0, y)),),
        steps=[GroupActivation("G1")],
    )
    assert events(game, "behaviour")[0].data["behaviour"] == "Cover"
    assert game.model("H1").pos == (12.0, y) and "holds" not in kinds(game)
    assert (
        f"Gutter Runner (H1) stays where it stands: it is {shelter} {game.label('A4')} "
        "already (cover)  [I1.3, notes A47]"
    ) in text(game).splitlines()


# --- the factions' own rules -----------------------------------------------------------------


def test_i5_1_phase_teleports_d6_toward_the_rolled_clock_face() -> None:
    dice = script("hostile-behaviour", 5, "phase-distance", 4, "phase-direction", 12)
    game = group_turn(FAR_A, dice, "static-wraiths", (("Drift", (12.0, 12.0)),))
    assert game.model("H1").pos == (12.0, 16.0)
    assert events(game, "phased")[0].rule == "I5.1"
    phase_dice = [e for e in game.log if e.roll is not None and e.roll.purpose.startswith("phase")]
    assert [e.rule for e in phase_dice] == ["I5.1", "I5.1"]


def test_notes_a65_a_neural_trap_springs_on_a_phase() -> None:
    trap = TimedEffect(NEURAL_TRAP, 6, "", 1, 1, "Neural Trap", "R5.1")
    dice = script("hostile-behaviour", 5, "phase-distance", 4, "phase-direction", 3)
    dice += script("neural-trap", 2)
    spawned = (("Flicker", (12.0, 12.0), {"timed": (trap,)}),)
    game = group_turn({"A1": (2.0, 2.0), "B1": (22.0, 22.0)}, dice, "static-wraiths", spawned)
    h1 = game.model("H1")
    assert h1.health == h1.max_health - 2 and h1.pos == (16.0, 12.0)


def test_notes_a65_a_neural_trap_springs_not_on_a_flee_that_goes_nowhere() -> None:
    # A hostile Fleeing already at the board edge stops there (I1.3, A43): it does not move,
    # so the trap does not spring (R5.1 "if target moves").
    trap = TimedEffect(NEURAL_TRAP, 6, "", 1, 1, "Neural Trap", "R5.1")
    runner = ("Gutter Runner", (0.4921259842519685, 14.0), {"fleeing": True, "timed": (trap,)})
    game = scenario({"A1": (12.0, 12.0)}, hostiles="scrapers", spawned=(runner,))
    h1 = game.model("H1")
    h1.active, h1.activations = True, 1
    game.begin([FleeMove("H1", table=True)])
    assert h1.health == h1.max_health and not events(game, "damaged")


def test_i5_1_phase_stops_at_the_table_edge() -> None:
    dice = script("hostile-behaviour", 5, "phase-distance", 6, "phase-direction", 9)
    game = group_turn(FAR_A, dice, "static-wraiths", (("Drift", (3.0, 12.0)),))
    h1 = game.model("H1")
    assert h1.pos == pytest.approx((h1.radius, 12.0))


def test_i4_1_summon_brings_the_cluster_less_two_flickers_once_a_round() -> None:
    step = TOUCH + 0.5  # bases 0.5" apart: one cluster of three
    spawned = tuple(("Antenna-Grafted", (12.0 + k * step, 12.0)) for k in range(3))
    game = group_turn(FAR_A, script("hostile-behaviour", 5), "wave-callers", spawned)
    flicker = game.model("H4")
    assert flicker.name == "Flicker" and flicker.group == "G1"
    assert flicker.activated_round == 1  # its group's token is spent: it acts next round
    assert [e.data["flickers"] for e in events(game, "summoned")] == [1]
    assert len(events(game, "summon-spent")) == 2
    for other in ("H1", "H2", "H3"):
        assert gap(game, flicker, game.model(other)) >= 1.0 - 1e-9
    assert min(gap(game, flicker, game.model(o)) for o in ("H1", "H2", "H3")) <= 3.0


def test_i1_4_a_spawns_models_stand_1in_apart_and_make_one_cluster_that_summons() -> None:
    # Antenna-Grafted, 2+2 at the centre: each model as near the spawn point as 1"+ from the
    # others allows, 1" apart to the hundredth of an inch points are kept to. The four make
    # one cluster (I4.1 "within 1"", notes A49): row 5, Summon, brings 4 - 2 Flickers.
    dice = script("spawn-unit", 2, "spawn-location", 2, "hostile-behaviour", 5)
    steps = [Arrivals(), GroupActivation("G1")]
    game = scenario(FAR_A, dice, hostiles="wave-callers", steps=steps)
    spawned = [game.model(i) for i in ("H1", "H2", "H3", "H4")]
    assert spawned[0].pos == (12.0, 12.0)
    for m in spawned[1:]:
        gaps = [gap(game, m, o) for o in spawned if o is not m]
        assert min(gaps) == pytest.approx(1.0, abs=SLACK) and min(gaps) >= 1.0
        assert all(round(c, 2) == c for c in m.pos)
    assert [e.data["size"] for e in events(game, "summoned")] == [4]
    assert [m.name for m in game.models if m.on_table].count("Flicker") == 2
    assert dice_left(game) == []


def test_notes_a49_flickers_come_beside_the_cluster_where_the_summoner_has_no_room() -> None:
    # Pike, Hijacked by the Wave Callers, stands at the closed end of a walled corridor with
    # two of them beyond him: no spot within 3" of him is free, so the Flicker comes beside
    # the far one.
    walls = [
        {"id": "w", "kind": "impassable", "height": 3, "polygon": rect(0.0, 0.0, 3.0, 24.0)},
        {"id": "n", "kind": "impassable", "height": 3, "polygon": rect(3.0, 13.05, 12.0, 24.0)},
        {"id": "s", "kind": "impassable", "height": 3, "polygon": rect(3.0, 0.0, 12.0, 10.95)},
    ]
    game = hijacked_summon(3.5, board(*walls))
    (flicker,) = [m for m in game.models if m.name == "Flicker"]
    assert gap(game, flicker, game.model("H2")) <= 3.0 + 1e-9
    assert "spawn-blocked" not in kinds(game)


def test_i4_1_a_flicker_reads_the_static_wraiths_table() -> None:
    # A summoned Flicker in a Wave Callers group: row 5 is Phase for it, Summon for the rest.
    spawned = (("Flicker", (12.0, 12.0), {"faction": "static-wraiths"}),)
    dice = script("hostile-behaviour", 5, "phase-distance", 1, "phase-direction", 12)
    game = group_turn(FAR_A, dice, "wave-callers", spawned)
    assert events(game, "behaviour")[0].data["table"] == "Static Wraiths normal"


def test_i6_1_reboot_on_a_six_stands_up_next_round_where_it_fell() -> None:
    game = scenario(
        BOTH,
        script("reboot", 6),
        hostiles="feral-automata",
        round=3,
        spawned=(("Security Drone", (12.0, 12.0)),),
    )
    casualties.out_of_action(game, game.model("H1"), "C4.18")
    assert game.model("H1").reboot == 4
    game.state.round = 4
    game.dice = ScriptedDice(script("reboot-health", 3))
    game.stack.append(Arrivals())
    game._advance(None)
    h1 = game.model("H1")
    assert h1.on_table and h1.health == 3 and h1.pos == (12.0, 12.0)
    assert events(game, "rebooted")[0].rule == "I6.1"


def test_i6_1_reboot_below_six_stays_down() -> None:
    game = scenario(
        FAR_A,
        script("reboot", 5),
        hostiles="feral-automata",
        spawned=(("Security Drone", (12.0, 12.0)),),
    )
    casualties.out_of_action(game, game.model("H1"), "C4.18")
    assert game.model("H1").reboot == 0 and "reboots" not in kinds(game)


@pytest.mark.parametrize(
    ("unit", "health", "rolls"),
    [
        # The Larva's 7 against 4: 5 damage takes Sunita's last 2 Health.
        ("Larva", 2, ("attack", 4, 3, "defense", 2, 2, "damage", 5)),
        # The Stalker's Talons (Bladed), 16 against 2: 6 damage leaves her at 8, and the
        # Critical's 11 Severs her (R6.1): her Out of Action is its own attack's too.
        ("Stalker", 14, ("attack", 8, 8, "defense", 1, 1, "critical", 6)),
    ],
)
def test_i7_1_consume_heals_the_feeder_whose_attack_took_its_target_out(
    unit: str, health: int, rolls: tuple[str | int, ...]
) -> None:
    placed = {"A3": {"pos": (12.0, 12.0 + TOUCH), "health": health}, "A1": (22.0, 22.0)}
    placed["B1"] = (3.0, 21.0)
    spawned = ((unit, (12.0, 12.0), {"health": 3}),)
    dice = script("hostile-behaviour", 1, *rolls, "consume", 4)
    game = group_turn(placed, dice, "cable-feeders", spawned)
    apply_all(game, "defend A3")
    assert game.model("A3").removed is not None
    assert game.model("H1").health == 3 + 4
    assert events(game, "healed")[0].rule == "I7.1"
    assert dice_left(game) == []


# --- hostiles and the squads' game -------------------------------------------------------------


def test_notes_a43_a_hostile_that_drops_its_weapon_fights_unarmed() -> None:
    game = scenario(FAR_A, hostiles="scrapers", spawned=(("Gutter Runner", (12.0, 12.0)),))
    h1 = game.model("H1")
    conditions.drop_weapon(game, h1, "Zip Gun", "R6.3")
    assert h1.weapons == () and game.state.dropped == ()
    weapon, kind = attack_with(game, h1, game.model("A1"))
    assert (weapon.name, kind) == ("Unarmed", "melee")


def test_k3_1_hostiles_give_no_merits() -> None:
    placed = {"A4": (3.0, 3.0), "B1": (3.0, 21.0)}
    game = scenario(placed, hostiles="scrapers", spawned=(("Gutter Runner", (12.0, 12.0)),))
    casualties.out_of_action(game, game.model("H1"), "C4.18", by="A4")
    game.end(0, "test", "K1.2")
    pike = next(m for m in outcome_of(game, 0).models if m.name == "Pike")
    assert pike.kills == ()


def test_k1_2_the_squad_left_plays_on_and_wins_at_the_end_whatever_hostiles_remain() -> None:
    placed = {"A4": (3.0, 3.0), "B1": (3.0, 21.0)}
    game = scenario(placed, hostiles="scrapers", spawned=(("Gutter Runner", (12.0, 12.0)),))
    casualties.out_of_action(game, game.model("B1"), "C4.18", by="H1")
    assert game.result is None
    game.state.round = 7
    game.begin([GameLength()])
    assert game.result is not None and game.result.placing == (1, 2, 2, 2)
    assert game.result.reason == "most surviving models (1 to 0)"


def test_i1_3_every_behaviour_of_the_hostile_tables_is_played() -> None:
    named = {
        row.on(s)
        for f in CATALOG.hostiles.factions.values()
        if f.id != "coworkers"
        for rows in f.tables.values()
        for row in rows
        for s in ("no-los", "has-los", "engaged")  # type: ignore[arg-type]
    }
    assert named <= set(BEHAVIOURS)


# --- whole games ----------------------------------------------------------------------------

GAMES = int(os.environ.get("SKIRMISH_HOSTILE_GAMES", "2"))
FACTIONS = tuple(e.id for e in CATALOG.missions.table("hostile_type").entries)


@pytest.mark.parametrize("faction", FACTIONS)
def test_random_games_with_hostiles_keep_the_contract(faction: str) -> None:
    for seed in range(GAMES):
        setup = {"hostiles": faction, "hostile_timing": "random"}
        game = random_game(RULESET, seed, setup, deep=seed == 0)
        played_out(game, HOSTILES)


@pytest.mark.parametrize("faction", FACTIONS)
def test_heuristic_squads_play_games_with_hostiles_to_the_end(faction: str) -> None:
    game = RULESET.new_game({"hostiles": faction, "hostile_timing": "ambush"}, seed=7)
    play(game, [HeuristicPlayer(1), HeuristicPlayer(2)])
    assert game.result is not None


def test_notes_a39_a_squad_model_hijacked_by_hostiles_plays_their_table() -> None:
    # Pike, Hijacked by a hostile, reads the Scrapers' row 1 (Attack) and shoots his own
    # squad's Sunita, the enemy he has the best chance to hit; then he is his own again.
    placed = {
        "A4": {"pos": (12.0, 12.0), "hijacked_by": HOSTILES, "hijack_at": 1},
        "A3": (12.0, 16.0),
        "B1": (3.0, 21.0),
    }
    game = scenario(placed, hostiles="scrapers")
    game.dice = ScriptedDice(script("hostile-behaviour", 1, "attack", 1, 2, "defense", 2, 2))
    game.stack.extend(draws.activation(game, "A4"))
    game._advance(None)
    assert events(game, "behaviour")[0].data["table"] == "Scrapers normal"
    assert events(game, "attack")[0].models == ("A4", "A3")
    assert game.model("A4").hijacked_by == -1
    assert dice_left(game) == []
    # A squad model, not a hostile group, even played as one.
    assert "The Hijacked Pike (A4) activates: behaviour roll 1  [I1.1]" in text(game).splitlines()


def hijacked_summon(x: float, on: dict[str, Any] | None = None) -> WireGame:
    """Pike at (``x``, 12), Hijacked by the Wave Callers, two Antenna-Grafted in a row east of
    him, 0.5" apart: his activation reads row 5, Summon, with a cluster of three."""
    step = TOUCH + 0.5
    placed = {
        "A4": {"pos": (x, 12.0), "hijacked_by": HOSTILES, "hijack_at": 1},
        "A3": (20.0, 20.0),
        "B1": (21.0, 21.0),
    }
    spawned = tuple(("Antenna-Grafted", (x + k * step, 12.0)) for k in (1, 2))
    game = scenario(placed, board=on, hostiles="wave-callers", spawned=spawned)
    game.dice = ScriptedDice(script("hostile-behaviour", 5))
    game.stack.extend(draws.activation(game, "A4"))
    game._advance(None)
    return game


def test_i4_1_flickers_summoned_by_a_hijacked_squad_model_make_a_spawn_group_of_their_own() -> None:
    # Pike, Hijacked by the Wave Callers beside two of them, rolls row 5 (Summon): the
    # Flicker takes a new group's token, never the squads' models' own empty group.
    game = hijacked_summon(12.0)
    (flicker,) = [m for m in game.models if m.name == "Flicker"]
    assert flicker.group == "G2" and flicker.activated_round == 1
    game.state.round += 1
    assert waiting_groups(game) == ["G1", "G2"]


# --- the hostiles' kit in the catalogue (notes A40) ------------------------------------------


def test_notes_a40_hostile_weapons_are_kit_for_play_and_never_bought() -> None:
    gun, power = CATALOG.weapon("Zip Gun"), CATALOG.weapon("Static Hiss")
    assert isinstance(gun, RangedWeapon) and gun.range == 36 and gun.effects == ()
    assert isinstance(power, RangedWeapon) and power.effects == (PowerAttack(),)
    with pytest.raises(UnknownEntryError):
        CATALOG.item("Zip Gun")  # what a squad may buy (C2.3)
    assert CATALOG.model_contract("scrapers").effects != ()
    assert CATALOG.model_contract("Boss").name == "Boss"


@pytest.mark.parametrize(
    ("old", "new", "match"),
    [
        ('"Power Chain", type = "blunt"', '"Pistol", type = "blunt"', "Scrapers weapon 'Pistol'"),
        ('"Cleaver", type = "bladed"', '"Zip Gun", type = "bladed"', "Crews weapon 'Zip Gun'"),
    ],
)
def test_notes_a40_a_hostile_weapon_name_that_clashes_is_refused_at_load(
    tmp_path: Path, old: str, new: str, match: str
) -> None:
    # A player's weapon's name, or another hostile weapon's name for another weapon.
    folder = data_copy(tmp_path)
    edit_data(folder / "hostiles.toml", old, new)
    with pytest.raises(RulesDataError, match=f"hostiles.toml: .*{match} clashes with another"):
        load_catalog(folder)


def test_notes_a65_a_hostile_makes_a_squad_model_drop_its_most_damaging_weapon() -> None:
    placed = {"A1": {"pos": (12.0, 12.0), "weapons": ("Shiv", "Sword")}, "B1": (3.0, 21.0)}
    game = scenario(placed, hostiles="scrapers", steps=[ChooseDrop("A1", HOSTILES, "R6.3")])
    assert game.model("A1").weapons == ("Shiv",)  # the Sword's d6 outdoes the Shiv's d4
    assert events(game, "dropped")[0].data["weapon"] == "Sword"


def test_notes_a51_consume_needs_the_feeders_own_attack() -> None:
    # Sunita bleeds to death from a Larva's old wound at her activation: no Consume.
    placed = {
        "A3": {
            "pos": (12.0, 4.0),
            "health": 1,
            "statuses": ("bleed",),
            "inflicted": (("bleed", "H1"),),
        },
        "A1": (22.0, 22.0),
        "B1": (3.0, 21.0),
    }
    spawned = (("Larva", (12.0, 16.0), {"health": 3}),)
    game = scenario(placed, hostiles="cable-feeders", spawned=spawned, act="A3")
    assert game.model("A3").ooa_by == "H1"
    assert game.model("H1").health == 3 and "healed" not in kinds(game)


def test_notes_a50_a_rebooted_automaton_stands_up_free_of_what_ailed_it() -> None:
    spawned = (("Security Drone", (12.0, 12.0), {"statuses": ("bleed",), "fleeing": True}),)
    game = scenario(BOTH, script("reboot", 6), hostiles="feral-automata", round=3, spawned=spawned)
    casualties.out_of_action(game, game.model("H1"), "C4.18")
    game.state.round = 4
    game.dice = ScriptedDice(script("reboot-health", 6))
    game.stack.append(Arrivals())
    game._advance(None)
    h1 = game.model("H1")
    assert h1.on_table and h1.health == 6 and h1.statuses == () and not h1.fleeing


def test_i5_1_phase_stops_where_its_line_meets_the_edge() -> None:
    # From (2, 12), 6" toward 10 o'clock: the edge stops it 1.74" along, not slid along it.
    dice = script("hostile-behaviour", 5, "phase-distance", 6, "phase-direction", 10)
    game = group_turn(FAR_A, dice, "static-wraiths", (("Drift", (2.0, 12.0)),))
    h1 = game.model("H1")
    assert h1.pos == pytest.approx(
        (h1.radius, 12.0 + 0.5 * (2.0 - h1.radius) / math.sin(math.radians(60)))
    )


def test_notes_a55_with_no_mission_the_aggressor_is_rolled_once_a_game() -> None:
    # Surge: two spawns in Round 2, both on the Aggressor's edge; one d2 names the Aggressor.
    placed = {"A1": (8.0, 8.0), "A2": (12.0, 2.0), "B1": (12.0, 20.0)}
    dice = script(
        "spawn-unit", 1, "spawn-location", 4, "aggressor", 1, "spawn-unit", 1, "spawn-location", 4
    )
    game = scenario(placed, dice, hostiles="feral-crews", round=2, steps=[])
    game.state.hostile_timing = "surge"
    game.stack.append(Arrivals())
    game._advance(None)
    assert [e.data["at"] for e in events(game, "spawn")] == [[12.0, 0.0], [12.0, 0.0]]
    assert game.state.defender == 1
    assert dice_left(game) == []


def test_notes_a40_a_hijacked_broadcaster_casts_its_power_while_engaged() -> None:
    # A player controls the Rogue Broadcaster: Static Hiss rolls its Wits 2d8, Engaged or not.
    placed = {"B1": (12.0, 12.0 + TOUCH), "A1": (22.0, 22.0)}
    spawned = (("Rogue Broadcaster", (12.0, 12.0), {"hijacked_by": 0, "hijack_at": 1}),)
    dice = script("hostile-behaviour", 1, "attack", 2, 2, "defense", 3, 3)
    game = group_turn(placed, dice, "scrapers", spawned)
    assert "shoot H1 B1 static-hiss" in options(game)
    game.apply("shoot H1 B1 static-hiss")
    assert events(game, "attack")[0].data["mode"] == "power"
    assert attack_rolls(game) == ["2D8"]
    assert not any(o.startswith(("search", "pickup", "interact")) for o in options(game))
