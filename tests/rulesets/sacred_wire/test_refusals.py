"""Refused actions say why, with the numbers, on one line, and change nothing (C4.1, C4.3-C4.9,
C4.14, C5.1, R3.9, K1.2).

A point the decision takes (a move, a deployment, a throw) is judged by the step's
``point_error``; an action that is not among the options by its ``option_error``, checked here
through ``helpers.unchanged``. The last test plays random games and asks, at every decision of
an activation, for the reason of a refusal of every action a player might write: every option
has none, everything else has one.
"""

from __future__ import annotations

import pytest
from tests.rulesets.sacred_wire.helpers import (
    TOUCH,
    board,
    rect,
    scenario,
    script,
    unchanged,
)

from skirmish.engine.action import Action
from skirmish.engine.game import Game
from skirmish.players.random import RandomPlayer
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.sacred_wire.attack.combat import Attack
from skirmish.rulesets.sacred_wire.game.activation import Activation
from skirmish.rulesets.sacred_wire.game.draws import Draws
from skirmish.rulesets.sacred_wire.game.setup import Deploy
from skirmish.rulesets.sacred_wire.game.state import DroppedWeapon

AWAY = {"A5": (1.0, 1.0), "B1": (23.0, 23.0)}
WALL = {"id": "wall", "kind": "impassable", "height": 3.0, "polygon": rect(4.0, 9.0, 20.0, 10.0)}
BOX = {"id": "box", "kind": "impassable", "height": 3.0, "polygon": rect(8.0, 8.0, 16.0, 9.0)}
HIGH = {"id": "high", "kind": "climbable", "height": 4.0, "polygon": rect(8.0, 8.0, 16.0, 12.0)}
LOW = {"id": "low", "kind": "climbable", "height": 2.0, "polygon": rect(8.0, 8.0, 16.0, 12.0)}


# --- who acts, and how an action is written (C4.1) ----------------------------------------------


def test_c4_1_only_the_activating_model_acts() -> None:
    game = scenario({"A2": (5.0, 5.0), "A4": (8.0, 5.0), **AWAY}, act="A2")
    unchanged(
        game, "end A4", r"^illegal action 'end A4': Tobias Valdez \(A2\) is activating, not A4"
    )
    unchanged(game, "fly A2", r"'fly' is no action of an activation \(move, move-again, jump")
    unchanged(game, "fight A2 B5", r"an action fight is written fight A1 B2 sword$")
    unchanged(game, "move A2", r"'move A2' is cut short: write it whole, as 'move A2 <x,y>'$")


def test_c4_1_at_most_its_actions() -> None:
    placed = {"A2": (10.0, 10.0), "B5": (10.0, 10.0 + TOUCH), **AWAY}
    game = scenario(placed, script("attack", 3, 3, "defense", 4, 4), act="A2")
    game.apply("fight A2 B5 sword")
    game.apply("defend B5")
    unchanged(
        game,
        "fight A2 B5 sword",
        r"Tobias Valdez \(A2\) has taken its 1 action this activation \(C4\.1\)$",
    )


def test_c4_1_the_drawn_side_picks_among_its_waiting_models() -> None:
    placed = {
        "A2": (5.0, 5.0),
        "A4": (8.0, 5.0),
        "A3": {"pos": (11.0, 5.0), "activated_round": 1},
        "B5": (20.0, 20.0),
    }
    game = scenario(placed, script("token", 1), steps=[Draws()])  # A's token: A2 or A4
    assert game.decision is not None and game.decision.kind == "activate"
    unchanged(game, "activate B5", r"Gideon Hask \(B5\) is not of the side whose token was drawn")
    unchanged(
        game, "activate A3", r"Sunita Roche \(A3\) has activated this round already \(C4\.1\)"
    )
    unchanged(game, "activate B9", r"B9 is not a model on the table$")
    game.apply("activate A2")


# --- moving (C4.4, C4.6, C4.20) -------------------------------------------------------------------


def test_c4_4_no_path_names_what_blocks_it() -> None:
    walled = board(
        WALL,
        {"id": "w", "kind": "impassable", "height": 3.0, "polygon": rect(3.0, 0.0, 4.0, 10.0)},
        {"id": "e", "kind": "impassable", "height": 3.0, "polygon": rect(20.0, 0.0, 21.0, 10.0)},
    )
    game = scenario({"A3": (12.0, 8.0), **AWAY}, board=walled, act="A3")
    unchanged(
        game,
        "move A3 12,11",
        r"'move A3 12,11': no path there: wall blocks the straight line and there is no way round$",
    )


def test_c4_4_a_base_that_would_not_fit() -> None:
    placed = {"A2": (8.0, 6.5), "A4": (8.0, 5.0), **AWAY}
    game = scenario(placed, board=board(BOX), act="A2")
    unchanged(game, "move A2 7.6,5", r"the base would overlap Pike \(A4\)$")
    unchanged(game, "move A2 8,8.4", r"the base would overlap box$")


def test_c4_20_a_model_up_high_climbs_down_on_its_way_off_the_board() -> None:
    placed = {"A2": {"pos": (12.0, 10.0), "level": "high"}, **AWAY}
    game = scenario(placed, board=board(HIGH), act="A2")
    game.model("A2").level = "high"
    unchanged(
        game,
        "move A2 12,24.5",
        r'no path within 3": the way there is 20\.48", climbing down at 2" per 1" from high '
        r'\(4"\) \(C4\.6\)$',
    )


def test_c4_3_move_again_needs_an_action_and_a_move_first() -> None:
    game = scenario({"A2": (5.0, 5.0), **AWAY}, act="A2")
    game.apply("move A2 6,5")
    unchanged(game, "move A2 7,5", r"Tobias Valdez \(A2\) has made its Move: Move Again takes an")


def test_c4_6_only_a_model_high_up_jumps() -> None:
    game = scenario({"A2": (5.0, 5.0), **AWAY}, act="A2")
    unchanged(game, "jump A2 5,6", r"Tobias Valdez \(A2\) stands on the ground: only a model up on")
    game = scenario({"A2": (12.0, 10.0), **AWAY}, board=board(LOW), act="A2")
    unchanged(game, "jump A2 12,7", r'\(A2\) is 2" up: from 3" or lower a move jumps down')
    game = scenario({"A2": (12.0, 10.0), **AWAY}, board=board(HIGH), act="A2")
    unchanged(game, "jump A2 12,10.5", r"a jump ends on the ground, not on high \(C4\.6\)$")


def test_k1_2_deployment_is_wholly_within_three_inches() -> None:
    game = scenario({}, steps=[Deploy()])
    assert game.decision is not None and game.decision.player == 1  # the Second Player first
    unchanged(
        game,
        "deploy B1 12,20",
        r'the base must be wholly within 3" of the north edge; its far side would be 4\.49" from '
        r"it \(K1\.2, notes A82\)$",
    )
    unchanged(game, "deploy B1 12,24", r"the base would be off the table$")
    game.apply("deploy B1 12,23")
    game.apply("deploy A1 12,1")
    unchanged(game, "deploy B2 12.5,23", r"the base would overlap Ilse Marrow \(B1\)$")


# --- attacking (C4.5, C4.7, C4.9, C4.14) --------------------------------------------------------


def test_c4_14_out_of_range_names_the_weapon_range_and_the_distance() -> None:
    placed = {"B2": (5.0, 5.0), "A2": (5.0, 15.0), **AWAY}
    game = scenario(placed, act="B2")
    unchanged(
        game,
        "shoot B2 A2 stapler",
        r"^illegal action 'shoot B2 A2 stapler': out of range: Stapler 6\", Tobias Valdez \(A2\) "
        r'is 9\.02" away \(C4\.14\)$',
    )


def test_c4_9_a_target_out_of_sight_is_named() -> None:
    placed = {"B2": (12.0, 5.0), "A2": (12.0, 14.0), **AWAY}
    game = scenario(placed, board=board(WALL), act="B2")
    unchanged(
        game, "shoot B2 A2 laser", r"Tobias Valdez \(A2\) is not in sight of Corin Hale \(B2\)"
    )
    unchanged(
        game, "aim B2 A2", r"Tobias Valdez \(A2\) is not in sight of Corin Hale \(B2\) \(C4\.9\)"
    )


def test_c4_5_an_engaged_model_cannot_shoot_aim_or_throw() -> None:
    placed = {
        "B2": {"pos": (12.0, 5.0), "grenades": ("Frag",)},
        "A2": (12.0, 5.0 + TOUCH),
        "A4": (12.0, 15.0),
        **AWAY,
    }
    game = scenario(placed, act="B2")
    engaged = r"Corin Hale \(B2\) is Engaged with Tobias Valdez \(A2\)"
    unchanged(game, "shoot B2 A4 laser", engaged + r": an Engaged model cannot shoot \(C4\.5\)$")
    unchanged(game, "aim B2 A4", engaged + r": an Engaged model cannot shoot, nor Aim")
    unchanged(game, "throw B2 frag 12,9", engaged + r": no grenade throws while Engaged")


def test_c4_5_reach_and_the_weapons_a_model_fights_with() -> None:
    placed = {"A2": (10.0, 10.0), "B5": (10.0, 12.5), **AWAY}
    game = scenario(placed, act="A2")
    unchanged(
        game,
        "fight A2 B5 sword",
        r'out of reach: Sword reaches 1", Gideon Hask \(B5\) is 1\.52" away \(C4\.5\)$',
    )
    unchanged(
        game, "fight A2 B5 shiv", r"Tobias Valdez \(A2\) fights with sword \(R3\.1\), not shiv$"
    )
    unchanged(game, "fight A2 B5 spoon", r"no weapon 'spoon'$")
    unchanged(game, "fight A2 A5 sword", r"Dmitri Osei \(A5\) is not an enemy of Tobias Valdez")
    unchanged(game, "shoot A2 B5 laser", r"Tobias Valdez \(A2\) shoots with no ranged weapon, not")


def test_r3_3_overcharge_only_on_a_weapon_that_has_it() -> None:
    placed = {"B2": (5.0, 5.0), "A2": (5.0, 15.0), **AWAY}
    game = scenario(placed, act="B2")
    unchanged(game, "shoot B2 A2 laser overcharge", r"Laser has no Overcharge \(R3\.3\)$")
    unchanged(game, "shoot B2 A2 laser twice", r"a shot takes one option, overcharge, not 'twice'")


def test_c4_7_a_riposte_needs_a_weapon_that_reaches_the_attacker() -> None:
    placed = {"A2": (10.0, 10.0), "B5": (10.0, 10.0 + TOUCH), **AWAY}
    game = scenario(placed, act="A2")
    game.apply("fight A2 B5 sword")
    assert isinstance(game.stack[-1], Attack)
    unchanged(game, "riposte B5 sword", r"Gideon Hask \(B5\) fights with shiv \(R3\.1\), not sword")
    unchanged(game, "riposte B1 shiv", r"Gideon Hask \(B5\) is the one attacked, not B1 \(C4\.7\)")


def test_c4_5_a_riposte_is_within_the_weapons_own_reach() -> None:
    gap = 1.5  # the Cable Whip's 2" reaches, the Shiv's 1" does not (notes A17)
    placed = {
        "A2": {"pos": (10.0, 10.0), "weapons": ("Cable Whip",)},
        "B5": {"pos": (10.0, 10.0 + TOUCH + gap), "weapons": ("Cable Whip", "Shiv")},
        **AWAY,
    }
    game = scenario(placed, act="A2")
    game.apply("fight A2 B5 cable-whip")
    unchanged(
        game,
        "riposte B5 shiv",
        r'out of reach: Shiv reaches 1", Tobias Valdez \(A2\) is 1\.50" away: a Riposte is '
        r"within its own reach \(C4\.5\)$",
    )


def test_c4_3_aim_needs_a_ranged_weapon_and_a_new_target() -> None:
    placed = {"A2": (10.0, 10.0), "B2": (10.0, 16.0), "B5": (14.0, 16.0), **AWAY}
    game = scenario(placed, act="A2")
    unchanged(game, "aim A2 B2", r"Tobias Valdez \(A2\) carries no ranged weapon to Aim \(C4\.3\)$")
    game = scenario({**placed, "B2": {"pos": (10.0, 16.0), "aim": "A2"}}, act="B2")
    unchanged(game, "aim B2 B5", r"Gideon Hask \(B5\) is not an enemy of Corin Hale \(B2\)")
    unchanged(
        game, "aim B2 A2", r"Corin Hale \(B2\) aims at Tobias Valdez \(A2\) already \(C4\.3\)$"
    )


def test_c4_5_disengage_only_from_an_engagement() -> None:
    game = scenario({"A2": (10.0, 10.0), **AWAY}, act="A2")
    unchanged(
        game, "disengage A2", r"Tobias Valdez \(A2\) is not Engaged: nothing to Disengage from"
    )
    placed = {"B4": (10.0, 10.0), "A2": (10.0, 10.0 + TOUCH), **AWAY}
    game = scenario(placed, act="B4")
    unchanged(game, "disengage B4", r"Wren Okafor \(B4\) leaves engagement freely: no Disengage")


# --- casting, items, loot (C5.1, R3.9, C4.3) -----------------------------------------------------


def test_c5_1_a_power_targets_what_its_kind_allows() -> None:
    placed = {"A5": (10.0, 10.0), "A2": (10.0, 13.0), "B2": (10.0, 20.0), "B1": (23.0, 23.0)}
    game = scenario(placed, act="A5")
    unchanged(
        game, "cast A5 A2", r"Signal Jam is an Offensive Power: it targets an enemy, not Tobias"
    )
    game = scenario({**placed, "B2": (12.0, 5.0), "A2": (12.0, 14.0)}, board=board(WALL), act="A5")
    game.model("A5").x, game.model("A5").y = 12.0, 15.5
    unchanged(game, "cast A5 B2", r"Corin Hale \(B2\) is not in sight of Dmitri Osei \(A5\)")


def test_c5_1_one_cast_an_activation() -> None:
    placed = {"A5": (10.0, 10.0), "B2": (10.0, 14.0), "B1": (23.0, 23.0)}
    game = scenario(placed, steps=[Activation("A5", cast_done=True)])
    unchanged(
        game, "cast A5 B2", r"Dmitri Osei \(A5\) has Cast this activation already \(notes A9\)$"
    )


def test_r3_9_consumables_say_whom_they_help() -> None:
    placed = {
        "A4": {"pos": (10.0, 10.0), "consumables": ("Medkit", "Rage Stim")},
        "A2": (10.0, 14.0),
        "A3": {"pos": (10.0, 10.0 + TOUCH), "health": 12},
        **AWAY,
    }
    game = scenario(placed, act="A4")
    unchanged(game, "use A4 adrenaline A4", r"Pike \(A4\) carries no Adrenaline$")
    unchanged(game, "use A4 rage-stim A3", r"a Rage Stim is for Pike \(A4\) itself \(R3\.9\)$")
    unchanged(
        game,
        "use A4 medkit A2",
        r'a Medkit is used on Pike \(A4\) or a model within 1": Tobias Valdez \(A2\) is 3\.02" '
        r"away \(notes A68\)$",
    )
    unchanged(game, "use A4 medkit A3", r"a Medkit would do nothing for Sunita Roche \(A3\) now")


def test_r3_9_notes_a73_a_coagulant_on_bleed_and_punctured_names_the_one_it_ends() -> None:
    placed = {
        "A4": {"pos": (10.0, 10.0), "consumables": ("Coagulant", "Medkit")},
        "A3": {"pos": (10.0, 10.0 + TOUCH), "statuses": ("bleed", "punctured"), "health": 8},
        **AWAY,
    }
    game = scenario(placed, act="A4")
    unchanged(
        game,
        "use A4 coagulant A3",
        r"cut short: write it whole, as one of 'use A4 coagulant A3 bleed', "
        r"'use A4 coagulant A3 punctured'$",
    )
    unchanged(
        game, "use A4 coagulant A3 corroding", r"a Coagulant cannot end corroding on Sunita Roche"
    )
    unchanged(game, "use A4 medkit A3 bleed", r"a Medkit cannot end bleed on Sunita Roche")


def test_c4_3_pick_up_within_one_inch_what_the_contract_allows() -> None:
    placed = {"A2": (10.0, 10.0), **AWAY}
    game = scenario(placed, act="A2")
    game.state.dropped = (
        DroppedWeapon("W1", "Laser", 10.0, 13.0),
        DroppedWeapon("W2", "Shiv", 14.0, 10.0),
    )
    unchanged(game, "pickup A2 W9", r"no dropped weapon 'W9' on the table$")
    unchanged(
        game,
        "pickup A2 W2",
        r'Shiv \(W2\) lies 3\.51" from Tobias Valdez \(A2\): Interact reaches 1" on the same',
    )
    game.model("A2").y = 12.4
    unchanged(game, "pickup A2 W1", r"Tobias Valdez \(A2\)'s contract may not use Laser \(C2\.3\)$")


def test_k1_3_a_heavy_marker_needs_a_second_searcher() -> None:
    game = scenario(
        {"A3": (6.0, 12.0), **AWAY}, loot=[[6.0, 12.5]], loot_modifier="heavy", act="A3"
    )
    unchanged(
        game,
        "search A3 L1",
        r"a Heavy Loot Marker needs 1 more friendly model\(s\) within 1\" of it, L1 has 0",
    )
    unchanged(game, "search A3 L7", r"no Loot Marker 'L7' on the table$")


# --- every refusal has a reason, every option none ---------------------------------------------


def _written(game: Game, m: str) -> list[str]:
    """Actions a player might write for the activating model ``m``: every kind, every model
    as target, every weapon, grenade and consumable it has or had."""
    ids = [o.id for o in game.models]
    words = ["sword", "laser", "shiv", "stapler", "needle-gun", "pistol", "prod", "unarmed"]
    texts = [f"end {m}", f"disengage {m}", f"move {m}", "fly A1"]
    for t in ids:
        texts += [f"aim {m} {t}", f"cast {m} {t}", f"use {m} medkit {t}"]
        texts += [f"fight {m} {t} {w}" for w in words]
        texts += [f"shoot {m} {t} {w}" for w in words]
    texts += [f"pickup {m} W{n}" for n in range(1, 4)]
    texts += [f"search {m} L{n}" for n in range(1, 4)]
    return texts


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_c4_3_every_refused_action_says_why_in_random_games(seed: int) -> None:
    ruleset = find_ruleset("sacred-wire")
    game = ruleset.new_game({"loot": "scattered"}, seed)
    player = RandomPlayer(seed)
    checked = 0
    while game.decision is not None and len(game.actions) < 400:
        step = game.stack[-1]
        if isinstance(step, Activation) and game.decision.kind == "act":
            for option in game.decision.options:
                assert step.option_error(game, option) is None, option
            for text in _written(game, step.model):
                action = Action.parse(text)
                if action in game.decision.options or game.decision.spec_for(action):
                    continue
                assert step.option_error(game, action), text
                checked += 1
        game.apply(player.choose(game))
    assert checked > 1000
