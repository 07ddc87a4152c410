"""Coworkers in play (I8.1, K1.2, K1.3) and the Interrogate action (C4.3, K2.2), with fixed
dice: the Coworker Setup and Modifier rows, their placing, the Normal and Attacked tables,
Cooperate, the Hostile mark, the engagement exceptions of notes A42, every Interrogate row and
every Coworker Modifier."""

from __future__ import annotations

import os
from typing import Any

import pytest
from tests.rulesets.sacred_wire.helpers import (
    CATALOG,
    TOUCH,
    apply_all,
    dice_left,
    events,
    kinds,
    open_board,
    options,
    played_out,
    scenario,
    script,
    text,
    unchanged,
)

from skirmish.contract import random_game
from skirmish.dice import ScriptedDice
from skirmish.engine.game import Game
from skirmish.errors import SkirmishError
from skirmish.players.base import play
from skirmish.players.heuristic import HeuristicPlayer
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.sacred_wire.campaign.outcome import outcome_of
from skirmish.rulesets.sacred_wire.game.draws import Draws
from skirmish.rulesets.sacred_wire.game.movement import push
from skirmish.rulesets.sacred_wire.game.setup import add_models
from skirmish.rulesets.sacred_wire.game.space import COWORKERS, enemies, engaged_with, threats
from skirmish.rulesets.sacred_wire.game.state import Find, LootMarker, WireGame
from skirmish.rulesets.sacred_wire.hostiles.coworkers import CoworkerSetup, PlaceCoworkers
from skirmish.rulesets.sacred_wire.hostiles.group import GroupActivation, best_target
from skirmish.rulesets.sacred_wire.rules_data.hostile_tables import Situation

RULESET = find_ruleset("sacred-wire")
CLERK = "Data Clerk"  # Wits 2d8, Health 10, Stun Gun (ranged)
NEXT_TO = (12.0, 12.0 + TOUCH)  # a base touching one at (12, 12)


def setup_game(dice: list[tuple[str, int]], **chosen: Any) -> WireGame:
    """A game at the Coworker setup step (K1.2 step 2), side A the First Player; the Coworker
    Modifier is Standard unless ``chosen`` says otherwise."""
    setup = RULESET.normalize_setup(
        {"board": open_board(), "coworker_modifier": "standard", **chosen}
    )
    game: WireGame = Game(RULESET, setup, 0, ScriptedDice(dice))
    add_models(game)
    game.state.first = 0
    game.begin([CoworkerSetup(), PlaceCoworkers()])
    return game


def coworker_ids(game: WireGame) -> list[str]:
    return [m.id for m in game.models if m.side == COWORKERS]


# --- K1.3: the Coworker Setup and Modifier rows ------------------------------------------------


def test_k1_3_coworker_setup_and_modifier_are_rolled_then_the_tiers_d2() -> None:
    # Row 3: Normal tier, 4" to 8" from the centre; modifier 2: Skittish; d2 2: Data Clerk x3.
    dice = script("coworker-setup", 3, "coworker-modifier", 2, "spawn-unit", 2)
    game = setup_game(dice, coworkers="random", coworker_modifier="random")
    st = game.state
    assert (st.coworker_setup, st.coworker_modifier) == ("normal-ring", "skittish")
    (told,) = events(game, "coworkers")
    assert told.data == {
        "setup": "Normal in a ring",
        "modifier": "Skittish",
        "unit": CLERK,
        "groups": "3",
    }
    assert coworker_ids(game) == ["C1", "C2", "C3"]
    assert {game.model(c).group for c in coworker_ids(game)} == {"CW1"}
    assert st.lineups[COWORKERS].name == "Coworkers" and st.lineups[2].models == ()
    assert game.decision is not None and game.decision.kind == "place-coworker"
    assert dice_left(game) == []


def test_k1_2_coworkers_are_placed_in_turn_first_player_first() -> None:
    # Elite at the centre, d2 1: two Middle Managers; side A (First Player) places C1, B C2.
    game = setup_game(script("spawn-unit", 1), coworkers="elite-centre")
    assert game.decision is not None and game.decision.player == 0
    game.apply("place-coworker C1 12,10")
    assert game.decision is not None and game.decision.player == 1
    game.apply("place-coworker C2 12,14")
    assert game.decision is None
    assert [game.model(c).pos for c in ("C1", "C2")] == [(12.0, 10.0), (12.0, 14.0)]
    assert [e.models for e in events(game, "coworker-placed")] == [("C1",), ("C2",)]


@pytest.mark.parametrize(
    ("row", "point", "match"),
    [
        ("normal-ring", "12,12", r'4" to 8" from the centre \(K1.3\); it would be -0.49" away'),
        ("normal-ring", "12,21.5", r'4" to 8" from the centre \(K1.3\); it would be 9.01" away'),
        ("elite-centre", "12,16", r'within 3" of the centre \(K1.3\)'),
        ("swarm-centre", "3,3", r'within 6" of the centre \(K1.3\)'),
        ("elite-anywhere", "4,12", r'6" or more from every edge \(K1.3\).*west edge'),
    ],
)
def test_k1_3_a_coworker_placed_outside_its_rows_zone_is_refused(
    row: str, point: str, match: str
) -> None:
    game = setup_game(script("spawn-unit", 1), coworkers=row, coworker_modifier="standard")
    unchanged(game, f"place-coworker C1 {point}", match)


def test_k1_3_normal_by_the_loot_measures_from_any_loot_marker() -> None:
    chosen = {"coworkers": "normal-loot", "coworker_modifier": "standard"}
    bare = setup_game(script("spawn-unit", 1), **chosen)
    unchanged(bare, "place-coworker C1 6,6", r'within 3" of the centre')  # no markers: centre
    game = setup_game(script("spawn-unit", 1), **chosen)
    game.state.loot = (LootMarker("L1", 4.0, 4.0), LootMarker("L2", 20.0, 20.0))
    game.apply("place-coworker C1 6,6")  # 2.34" from L1
    assert game.model("C1").pos == (6.0, 6.0)


def test_k1_3_swarm_at_an_edge_stands_at_a_random_edges_middle_in_two_groups() -> None:
    # d2 1: Shift Drones "2+2", two groups, two tokens; the d4 picks the edge (north).
    dice = script("spawn-unit", 1, "spawn-edge", 1)
    game = setup_game(dice, coworkers="swarm-edge", coworker_modifier="standard")
    assert game.decision is None  # nothing left to choose
    assert events(game, "coworker-edge")[0].data == {"edge": "north"}
    placed = [game.model(c) for c in coworker_ids(game)]
    assert [m.group for m in placed] == ["CW1", "CW1", "CW2", "CW2"]
    assert all(m.on_table and m.y > 19.0 and abs(m.x - 12.0) < 4.0 for m in placed)


@pytest.mark.parametrize(
    ("chosen", "match"),
    [
        ({"coworkers": "everywhere"}, "no Coworker Setup 'everywhere'"),
        ({"coworker_modifier": "skittish"}, "coworker_modifier: no Coworkers play"),
        ({"coworkers": "random", "coworker_modifier": "shy"}, "no modifier 'shy'"),
        (
            {"coworkers": "random", "mission": "the-signal", "hostiles": "scrapers"},
            r"The Signal is played without Coworkers \(notes A96\)",
        ),
    ],
)
def test_k1_3_bad_coworker_options_are_refused_in_one_line(
    chosen: dict[str, Any], match: str
) -> None:
    with pytest.raises(SkirmishError, match=match):
        RULESET.normalize_setup(chosen)


# --- I8.1: the token, the tables, Cooperate and the Hostile mark --------------------------------


def test_i8_1_a_coworker_group_has_one_token_in_the_bag() -> None:
    # A1, B1 and group CW1: a d3, 3 is CW1's token; Normal row 1: Wait; then a d2, 2 is B's.
    placed = {"A1": (3.0, 3.0), "B1": (3.0, 21.0)}
    coworkers = (("Commuter", (12.0, 12.0)), ("Commuter", (14.0, 12.0)))
    dice = script("token", 3, "hostile-behaviour", 2, "token", 2)
    game = scenario(placed, dice, coworkers=coworkers, steps=[Draws()])
    (drawn,) = events(game, "group-token")
    assert drawn.data["side"] == COWORKERS and drawn.data["group"] == "CW1"
    assert "The token of Coworker group CW1 is drawn (1 A, 1 B, 1 group(s) in the bag)" in text(
        game
    )
    assert [e.data["behaviour"] for e in events(game, "behaviour")] == ["Wait", "Wait"]
    assert events(game, "behaviour")[0].data["table"] == "Coworkers normal"
    assert game.decision is not None and game.decision.player == 1
    assert dice_left(game) == []


def test_i8_1_cooperate_lasts_through_the_end_of_the_next_round() -> None:
    game = scenario(
        {"A1": (3.0, 3.0)},
        script("hostile-behaviour", 5),
        coworkers=((CLERK, (12.0, 12.0)),),
        steps=[GroupActivation("CW1")],
    )
    c = game.model("C1")
    assert c.cooperates == 2 and events(game, "cooperates")[0].rule == "I8.1"


def test_i8_1_normal_table_engaged_six_flees_toward_the_edge() -> None:
    # A bystander Engages nobody, but reads its Engaged column with an enemy within 1".
    game = scenario(
        {"A1": NEXT_TO},
        script("hostile-behaviour", 6),
        coworkers=((CLERK, (12.0, 12.0)),),
        steps=[GroupActivation("CW1")],
    )
    (said,) = events(game, "behaviour")
    assert (said.data["situation"], said.data["behaviour"]) == ("Engaged", "Flee")
    assert "moved" in kinds(game)


def test_i8_1_a_marked_coworker_reads_the_attacked_table_and_attacks() -> None:
    # Marked, row 1 with an enemy in sight: Attack with its Stun Gun.
    dice = script("hostile-behaviour", 1, "attack", 3, 2, "defense", 2, 2, "damage", 2)
    game = scenario(
        {"A1": (12.0, 18.0)},
        dice,
        coworkers=((CLERK, (12.0, 12.0), {"marked": True}),),
        steps=[GroupActivation("CW1")],
    )
    (said,) = events(game, "behaviour")
    assert said.data["table"] == "Coworkers attacked" and said.data["behaviour"] == "Attack"
    assert events(game, "attack")[0].models == ("C1", "A1")
    assert dice_left(game) == []


def test_i8_1_an_attack_marks_the_coworker_hostile() -> None:
    # Tobias fights the Commuter; it defends (notes A53), and is marked as the attack begins.
    dice = script("attack", 2, 2, "defense", 3, 2)
    game = scenario(
        {"A2": NEXT_TO},
        dice,
        act="A2",
        coworkers=(("Commuter", (12.0, 12.0)),),
    )
    assert not game.model("C1").marked
    game.apply("fight A2 C1 sword")
    assert game.model("C1").marked
    (marked,) = events(game, "coworker-hostile")
    assert marked.rule == "I8.1" and marked.data["why"] == "attacked by Tobias Valdez (A2)"
    assert dice_left(game) == []


def test_i8_1_a_missed_shot_redirected_onto_a_coworker_marks_it() -> None:
    # C4.11: Corin misses Pike, Engaged with Gideon; the d2 sends the shot to the Clerk 0.3" off.
    placed = {"B2": (10.0, 3.0), "A4": (10.0, 10.0), "B5": (10.0 + TOUCH, 10.0)}
    dice = script("attack", 2, 2, "defense", 3, 3, "redirect", 2, "damage", 3)
    game = scenario(placed, dice, act="B2", coworkers=((CLERK, (10.0 - TOUCH - 0.3, 10.0)),))
    game.apply("shoot B2 A4 pistol")
    clerk = game.model("C1")
    assert clerk.health == 10 - 3 and clerk.marked
    (marked,) = events(game, "coworker-hostile")
    assert marked.data["why"] == "hit by Corin Hale (B2)'s missed shot"
    assert dice_left(game) == []


def test_i8_1_a_tesla_guns_chain_hit_marks_the_coworker_it_reaches() -> None:
    # R3.3: the Tesla Gun hits Pike, and the Clerk 0.52" from him too.
    placed = {"B2": {"pos": (10.0, 3.0), "weapons": ("Tesla Gun",)}, "A4": (10.0, 9.0)}
    dice = script("attack", 4, 4, "defense", 2, 3, "damage", 5, "damage", 6)
    game = scenario(placed, dice, act="B2", coworkers=((CLERK, (11.5, 9.0)),))
    game.apply("shoot B2 A4 tesla-gun")
    clerk = game.model("C1")
    assert clerk.health == 10 - 6 and clerk.marked  # no armour
    (marked,) = events(game, "coworker-hostile")
    assert marked.data["why"] == "hit by Corin Hale (B2)'s Tesla Gun"
    assert dice_left(game) == []


def test_i8_1_a_tripled_casts_spread_marks_the_coworker_it_reaches() -> None:
    # C5.1: Dmitri's Signal Jam on Corin triples (15 to 5) and spreads to the Clerk 2" off.
    placed = {"A5": (12.0, 4.0), "B2": (12.0, 12.0), "A1": (1.0, 1.0)}
    dice = script("cast", 7, 8, "resist", 2, 3)
    game = scenario(placed, dice, act="A5", coworkers=((CLERK, (14.0, 12.0)),))
    game.apply("cast A5 B2")
    assert game.model("C1").marked
    (marked,) = events(game, "coworker-hostile")
    assert marked.data["why"] == "hit by Dmitri Osei (A5)'s Signal Jam"
    assert dice_left(game) == []


def test_i8_1_the_model_status_shows_hostile_and_cooperates() -> None:
    game = scenario({"A1": (3.0, 3.0)}, coworkers=((CLERK, (12.0, 12.0), {"cooperates": 1}),))
    clerk = game.model("C1")
    assert RULESET.model_status(game, clerk).conditions == ("Cooperates",)
    clerk.marked, clerk.cooperates = True, 0
    assert RULESET.model_status(game, clerk).conditions == ("Hostile",)


def test_notes_a42_a_bystander_engages_nobody_a_marked_one_does() -> None:
    game = scenario({"A4": NEXT_TO}, coworkers=((CLERK, (12.0, 12.0)),))
    pike, clerk = game.model("A4"), game.model("C1")
    assert clerk in enemies(game, pike) and pike in enemies(game, clerk)
    assert engaged_with(game, pike) == [] and threats(game, pike) == []
    assert engaged_with(game, clerk) == []
    clerk.marked = True
    assert engaged_with(game, pike) == [clerk] and threats(game, pike) == [clerk]


def test_i8_1_a_marked_coworker_treats_every_other_model_as_an_enemy() -> None:
    game = scenario(
        {"A1": (3.0, 3.0)},
        coworkers=((CLERK, (12.0, 12.0), {"marked": True}), (CLERK, (14.0, 12.0))),
    )
    marked, other = game.model("C1"), game.model("C2")
    assert other in enemies(game, marked) and marked in enemies(game, other)


def test_notes_a42_hostiles_may_target_a_coworker() -> None:
    game = scenario(
        {"A1": (3.0, 3.0)},
        hostiles="scrapers",
        spawned=(("Gutter Runner", (12.0, 14.0)),),
        coworkers=((CLERK, (12.0, 12.0)),),
    )
    target = best_target(game, game.model("H1"), Situation.HAS_LOS)
    assert target is not None and target.id == "C1"


# --- K2.2: Interrogate ------------------------------------------------------------------------


def interrogation(
    dice: list[tuple[str, int]], modifier: str = "standard", **clerk: Any
) -> WireGame:
    """Sunita Roche (A3, Wits 2d6) next to a Data Clerk (Wits 2d8), activating."""
    return scenario(
        {"A3": NEXT_TO},
        dice,
        act="A3",
        coworkers=((CLERK, (12.0, 12.0), clerk),),
        coworker_modifier=modifier,
    )


def test_k2_2_worked_example_teodor_interrogates_a_data_clerk() -> None:
    # E20: Wits 2d6 5+3 = 8 against the Clerk's 2d8 4+2 = 6: the Clerk is removed; 2d4 4+2 = 6,
    # Cooperates: 1 Evidence, unrecorded until the post-game.
    dice = script("interrogate", 5, 3, "coworker-wits", 4, 2, "interrogate-table", 4, 2)
    game = interrogation(dice)
    assert "interrogate A3 C1" in options(game)
    game.apply("interrogate A3 C1")
    (result,) = events(game, "interrogated")
    assert (result.data["total"], result.data["against"], result.data["success"]) == (8, 6, True)
    assert game.model("C1").removed == "interrogated"
    assert events(game, "interrogate-row")[0].data == {"total": 6, "row": "Cooperates"}
    assert game.state.finds == (Find(0, "A3", 1, "evidence", 1, rule="K2.2"),)
    assert game.state.searched == NEXT_TO  # the Spawn Location's last Interrogate (K1.3)
    assert dice_left(game) == []


@pytest.mark.parametrize(
    ("table", "finds"),
    [
        ((1, 1), [("evidence-lost", 1)]),
        ((1, 3), [("subs", 10)]),
        ((2, 3), [("lead", 1)]),
        ((3, 4), [("evidence", 1), ("lead", 1)]),
        ((4, 4), [("merit", 1)]),
    ],
)
def test_k2_2_each_interrogate_row_goes_to_the_post_game(
    table: tuple[int, int], finds: list[tuple[str, int]]
) -> None:
    dice = script("interrogate", 5, 3, "coworker-wits", 4, 2, "interrogate-table", *table)
    game = interrogation(dice)
    game.apply("interrogate A3 C1")
    assert [(f.kind, f.amount) for f in game.state.finds] == finds


def test_k2_2_misdirection_gives_the_interrogator_a_bonus_action() -> None:
    dice = script("interrogate", 5, 3, "coworker-wits", 4, 2, "interrogate-table", 1, 2)
    game = interrogation(dice)
    game.apply("interrogate A3 C1")
    assert events(game, "bonus-action")[0].data == {"source": "Misdirection"}
    assert game.decision is not None and "1 action(s) left" in game.decision.prompt
    assert game.state.finds == ()


def test_k2_2_misdirection_past_the_cap_of_two_actions_gives_none() -> None:
    # Overtime's bonus action already makes two actions (notes A9): Misdirection adds none,
    # and the log says so instead of a bonus action the model never gets.
    dice = script("interrogate", 5, 3, "coworker-wits", 4, 2, "interrogate-table", 1, 2)
    game = scenario(
        {"A3": NEXT_TO},
        dice,
        act="A3",
        coworkers=((CLERK, (12.0, 12.0), {}),),
        blessings=(("Overtime",), ()),
    )
    apply_all(game, "bless A3 overtime", "interrogate A3 C1")
    assert text(game).splitlines()[-1] == (
        "Sunita Roche (A3) gains no bonus action (Misdirection): it has the two actions an "
        "activation allows already (C4.1)  [K2.2]"
    )
    assert game.decision is not None and "1 action(s) left" in game.decision.prompt


def test_k2_2_a_wounded_and_cooperating_coworker_gives_plus_two_dt() -> None:
    dice = script("interrogate", 5, 3, "coworker-wits", 4, 2, "interrogate-table", 4, 2)
    game = interrogation(dice, health=9, cooperates=1)
    game.apply("interrogate A3 C1")
    wits = [e.roll.dice for e in game.log if e.roll is not None and e.roll.purpose == "interrogate"]
    assert wits == ["2D10"]
    line = next(e.data["text"] for e in events(game, "tiers"))
    assert "the Coworker is wounded" in line and "the Coworker Cooperates" in line


def test_k2_2_cooperate_has_ended_after_the_next_round() -> None:
    dice = script("interrogate", 5, 3, "coworker-wits", 4, 2, "interrogate-table", 4, 2)
    game = interrogation(dice, cooperates=0)
    game.apply("interrogate A3 C1")
    assert "Cooperates" not in next(e.data["text"] for e in events(game, "tiers"))


def test_notes_a95_interrogate_is_allowed_while_engaged() -> None:
    game = scenario(
        {"A3": NEXT_TO, "B1": (12.0 - TOUCH, 12.0 + TOUCH)},
        act="A3",
        coworkers=((CLERK, (12.0, 12.0)),),
    )
    assert engaged_with(game, game.model("A3"))
    assert "interrogate A3 C1" in options(game)


def test_k2_2_interrogate_beyond_1in_or_of_a_squad_model_is_refused() -> None:
    game = scenario(
        {"A3": (12.0, 14.0), "B1": (12.0, 14.0 + TOUCH)},
        act="A3",
        coworkers=((CLERK, (12.0, 12.0)),),
    )
    unchanged(game, "interrogate A3 C1", r'C1\) is 1\.02" from .*: Interrogate within 1" \(K2\.2\)')
    unchanged(game, "interrogate A3 B1", r"B1 is no Coworker: only a Coworker is Interrogated")


# --- K1.3: the Coworker Modifiers -----------------------------------------------------------


def failed(modifier: str) -> WireGame:
    dice = script("interrogate", 1, 1, "coworker-wits", 4, 4)
    game = interrogation(dice, modifier)
    game.apply("interrogate A3 C1")
    assert events(game, "interrogated")[0].data["success"] is False
    return game


def test_k1_3_standard_a_failed_interrogate_changes_nothing() -> None:
    game = failed("standard")
    c = game.model("C1")
    assert c.on_table and not c.fleeing and not c.marked


def test_k1_3_skittish_a_coworker_that_resists_flees() -> None:
    game = failed("skittish")
    assert game.model("C1").fleeing and events(game, "flees")[0].rule == "K1.3"


def test_k1_3_grudge_holder_a_coworker_that_resists_turns_hostile() -> None:
    game = failed("grudge-holder")
    assert game.model("C1").marked and events(game, "coworker-hostile")[0].rule == "K1.3"


def test_k1_3_buddy_system_needs_another_friend_within_1in() -> None:
    game = interrogation([], "buddy-system")
    assert "interrogate A3 C1" not in options(game)
    unchanged(game, "interrogate A3 C1", r"Buddy System: another friendly model must stand")
    helped = scenario(
        {"A3": NEXT_TO, "A4": (12.0 + TOUCH, 12.0)},
        act="A3",
        coworkers=((CLERK, (12.0, 12.0)),),
        coworker_modifier="buddy-system",
    )
    assert "interrogate A3 C1" in options(helped)


def test_k1_3_talkative_adds_one_per_multiple_past_the_first() -> None:
    # 12 against 3 is x4: +3 on the table's 2d4, 1+1 = 2 reads as 5, a Rumor.
    dice = script("interrogate", 6, 6, "coworker-wits", 1, 2, "interrogate-table", 1, 1)
    game = interrogation(dice, "talkative")
    game.apply("interrogate A3 C1")
    assert events(game, "interrogate-row")[0].data == {"total": 5, "row": "Rumor"}


def test_k1_3_claustrophobic_turns_hostile_with_two_models_within_1in_after_a_move() -> None:
    game = scenario(
        {"A3": NEXT_TO, "A4": (16.0, 12.0)},
        act="A4",
        coworkers=((CLERK, (12.0, 12.0)),),
        coworker_modifier="claustrophobic",
    )
    assert not game.model("C1").marked
    game.apply(f"move A4 {12.0 + TOUCH + 0.5},12")
    assert game.model("C1").marked
    assert events(game, "coworker-hostile")[0].rule == "K1.3"


def test_notes_a92_claustrophobic_is_judged_after_a_forced_move() -> None:
    # A Knockback pushes B1 to within 1" of the Clerk that A3 touches: it turns Hostile then.
    game = scenario(
        {"A3": NEXT_TO, "B1": (14.5, 12.0)},
        coworkers=((CLERK, (12.0, 12.0)),),
        coworker_modifier="claustrophobic",
    )
    push(game, game.model("B1"), (-1.0, 0.0), 1.5, "C4.6")
    assert game.model("C1").marked
    assert events(game, "coworker-hostile")[0].rule == "K1.3"


def test_notes_a92_claustrophobic_is_judged_before_a_token_is_drawn() -> None:
    # Placed there (deployed, spawned, rebooted), not moved: judged before the first draw.
    game = scenario(
        {"A3": NEXT_TO, "B1": (12.0, 12.0 - TOUCH)},
        dice=script("token", 1),
        coworkers=((CLERK, (12.0, 12.0)),),
        coworker_modifier="claustrophobic",
        steps=[Draws()],
    )
    assert game.model("C1").marked
    assert events(game, "coworker-hostile")[0].rule == "K1.3"


def test_k2_2_interrogate_finds_reach_the_campaign_outcome() -> None:
    # False Data before any Evidence was found: the outcome loses 1 Evidence then (K2.4).
    dice = script("interrogate", 5, 3, "coworker-wits", 4, 2, "interrogate-table", 1, 1)
    game = interrogation(dice)
    game.apply("interrogate A3 C1")
    game.end(0, "a test ends it", "K1.2")
    outcome = outcome_of(game, 0)
    assert (outcome.finds.losses, outcome.evidence_lost) == ((0,), 0)


# --- whole games ------------------------------------------------------------------------------

GAMES = int(os.environ.get("SKIRMISH_COWORKER_GAMES", "2"))
ROWS = tuple(e.id for e in CATALOG.missions.table("coworker_setup").entries)


@pytest.mark.parametrize("row", ROWS)
def test_random_games_with_coworkers_keep_the_contract(row: str) -> None:
    for seed in range(GAMES):
        setup = {"coworkers": row, "loot": "scattered", "hostiles": "random"}
        game = random_game(RULESET, seed, setup, deep=seed == 0)
        played_out(game, COWORKERS)


def test_heuristic_squads_interrogate_coworkers_and_play_to_the_end() -> None:
    setup = {"coworkers": "swarm-centre", "coworker_modifier": "standard"}
    game = RULESET.new_game(setup, seed=3)
    play(game, [HeuristicPlayer(1), HeuristicPlayer(2)])
    assert game.result is not None
    assert events(game, "interrogated")
    turned = [e.data["why"] for e in events(game, "coworker-hostile")]
    assert not any("(A" in why or "(B" in why for why in turned)  # no squad turned one (I8.1)
