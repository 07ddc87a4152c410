"""Attacks in play: engagement and free attacks (C4.5), Defense or Riposte (C4.7, C4.8), line
of sight (C4.9), shooting on the move and into melee (C4.10, C4.11), cover and range (C4.13,
C4.14), Criticals, Fumbles and damage (C4.16-C4.18), with the worked examples E5, E7, E10 and
E14 of notes section 3."""

from __future__ import annotations

import pytest
from tests.dice_script import scripted
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
    unchanged,
)

from skirmish.errors import SkirmishError
from skirmish.rulesets.sacred_wire.game.activation import Activation
from skirmish.rulesets.sacred_wire.game.model import TimedEffect
from skirmish.rulesets.sacred_wire.rolls.contest import log_rolls
from skirmish.rulesets.sacred_wire.rolls.tiers import Tier, roll_pair
from skirmish.rulesets.sacred_wire.squads.roster import roll_modifiers

# Bystanders far away, so that neither side runs out of models.
AWAY_A = {"A1": (1.0, 1.0)}
AWAY_B = {"B1": (23.0, 23.0)}


def tiers_line(game: object) -> str:
    """The C1.10 line of the last attack (each side's modifiers and final tiers)."""
    lines = [e for e in events(game, "resolution") if e.rule == "C1.10"]  # type: ignore[arg-type]
    return str(lines[-1].data["text"])


# --- C4.7, C4.8: Defense or Riposte ---------------------------------------------------------


def test_c4_7_the_defender_chooses_defense_or_riposte() -> None:
    placed = {"A2": (10.0, 10.0), "B5": (10.0, 10.0 + TOUCH), **AWAY_A, **AWAY_B}
    game = scenario(placed, act="A2")
    game.apply("fight A2 B5 sword")
    assert game.decision is not None
    assert game.decision.player == 1 and game.decision.kind == "defense"
    assert options(game) == ["defend B5", "riposte B5 shiv"]


def test_c4_7_example_e10a_defense_hit_rolls_normal_damage() -> None:
    # A Brute (Combat 2d8) attacks a Veteran (Defense 2d6): 11 against 6, a hit.
    placed = {"A2": (10.0, 10.0), "B5": (10.0, 10.0 + TOUCH), **AWAY_A, **AWAY_B}
    dice = script("attack", 5, 6, "defense", 2, 4, "damage", 4)
    game = scenario(placed, dice, act="A2")
    apply_all(game, "fight A2 B5 sword", "defend B5")
    # Sword d6 4, Brute +1, Protective Lining 1: 4 damage.
    assert game.model("B5").health == 13 - 4
    assert dice_left(game) == []


def test_c4_7_example_e10b_riposte_doubles_the_damage_dice() -> None:
    # The Veteran Ripostes with a Sword: 2d6 -1 DT +1 DT (Sword) = 2d6, rolls 7; the Brute's
    # 11 still wins and rolls double its weapon dice: 2d6 (re-roll 1s) + 1.
    placed = {
        "A2": (10.0, 10.0),
        "B5": {"pos": (10.0, 10.0 + TOUCH), "weapons": ("Pistol", "Sword")},
        **AWAY_A,
        **AWAY_B,
    }
    dice = script("attack", 5, 6, "riposte", 3, 4, "damage", 1, 5, "damage-reroll", 3)
    game = scenario(placed, dice, act="A2")
    apply_all(game, "fight A2 B5 sword", "riposte B5 sword")
    assert "defender Riposte 2d6 -1 DT Riposte (C4.7) +1 DT Sword riposting (R3.2)" in (
        tiers_line(game)
    )
    assert game.model("B5").health == 13 - (3 + 5 + 1 - 1)
    assert dice_left(game) == []


def test_c4_7_winning_riposte_deals_its_weapon_damage() -> None:
    placed = {"A2": (10.0, 10.0), "B5": (10.0, 10.0 + TOUCH), **AWAY_A, **AWAY_B}
    dice = script("attack", 2, 3, "riposte", 4, 3, "damage", 3)
    game = scenario(placed, dice, act="A2")
    apply_all(game, "fight A2 B5 sword", "riposte B5 shiv")
    # Shiv d4 3 against the Brute's Mesh Wrap 1.
    assert game.model("A2").health == 14 - 2
    assert game.model("B5").health == 13


def test_c4_8_ranged_attacks_allow_defense_only() -> None:
    placed = {"B2": (10.0, 4.0), "A4": (10.0, 9.5), **AWAY_B}
    dice = script("attack", 2, 2, "defense", 3, 3)
    game = scenario(placed, dice, act="B2")
    game.apply("shoot B2 A4 pistol")
    assert game.decision is not None and game.decision.kind == "act"  # no Riposte asked


def test_r3_1_a_gunner_clubs_with_improvised_combat_at_minus_two_dt_for_a_d4() -> None:
    # Corin (Gunner, Combat 2d8, only guns) swings his Laser: 2d8 -2 DT = 2d4; 4 beats Pike's
    # Defense 3 and the club deals d4 (3).
    placed = {"B2": (10.0, 10.0), "A4": (10.0, 10.0 + TOUCH), **AWAY_A, **AWAY_B}
    dice = script("attack", 2, 2, "defense", 1, 2, "damage", 3)
    game = scenario(placed, dice, act="B2")
    apply_all(game, "fight B2 A4 improvised", "defend A4")
    assert "attacker Combat 2d8 -2 DT Improvised (R3.1) -> 2d4" in tiers_line(game)
    damage = [e.data["text"] for e in events(game, "resolution") if e.rule == "C4.18"]
    assert damage == ["Improvised deals d4 3 = 3 to the defender"]
    assert game.model("A4").health == 14 - 3
    assert dice_left(game) == []


def test_r3_1_improvised_combat_never_ripostes() -> None:
    # Pike with a Sword may Riposte with it, never with the club he does not hold (R3.1).
    placed = {"B2": (10.0, 10.0), "A4": (10.0, 10.0 + TOUCH), **AWAY_A, **AWAY_B}
    game = scenario(placed, act="B2")
    game.apply("fight B2 A4 improvised")
    assert options(game) == ["defend A4", "riposte A4 sword"]
    unchanged(game, "riposte A4 improvised", r"fights with sword \(R3\.1\), not improvised")
    # Corin, who holds only guns, is attacked: he only Defends, no Riposte is asked.
    dice = script("attack", 2, 2, "defense", 1, 2, "damage", 3)
    game = scenario(placed, dice, act="A4")
    game.apply("fight A4 B2 sword")
    assert game.decision is not None and game.decision.kind == "act"
    assert [e.data["text"] for e in events(game, "resolution") if e.rule == "C4.7"] == [
        "melee attack with Sword (d6 bladed); the defender rolls Defense"
    ]


# --- C4.5: engagement ----------------------------------------------------------------------


def test_c4_5_engaged_within_one_inch_cannot_shoot() -> None:
    placed = {"B2": (10.0, 10.0), "A4": (10.0, 10.0 + TOUCH + 1.0), **AWAY_A, **AWAY_B}
    game = scenario(placed, act="B2")
    assert not [o for o in options(game) if o.startswith("shoot")]
    assert "fight B2 A4 improvised" in options(game)  # a Gunner in melee clubs (R3.1)
    placed["A4"] = (10.0, 10.0 + TOUCH + 1.05)
    game = scenario(placed, act="B2")
    assert "shoot B2 A4 laser" in options(game)


def test_c4_5_example_e14_leaving_gives_each_enemy_a_free_attack() -> None:
    # A Veteran Engaged with a Brute and a Scout walks away: two free attacks at -1 DT,
    # Defense only, before it moves (notes A18).
    placed = {
        "B5": (10.0, 10.0),
        "A2": (10.0 - TOUCH, 10.0),
        "A4": (10.0 + TOUCH, 10.0),  # the Agent stands in for the Scout: Sword, Combat 2d4
        **AWAY_B,
    }
    dice = script("attack", 2, 2, "defense", 3, 3, "attack", 2, 2, "defense", 3, 3)
    game = scenario(placed, dice, act="B5")
    game.apply("move B5 10,14")
    free = events(game, "free-attack")
    assert [e.models for e in free] == [("A2", "B5"), ("A4", "B5")]
    lines = [e.data["text"] for e in events(game, "resolution") if e.rule == "C1.10"]
    assert lines[0].startswith("attacker Combat 2d8 -1 DT free attack (C4.5) -> 2d6")
    assert lines[1].startswith("attacker Combat 2d4 -1 DT free attack (C4.5)")
    assert game.model("B5").pos == (10.0, 14.0)
    assert dice_left(game) == []


def test_c4_5_a18_a_free_attack_out_of_reach_after_a_knockback_is_lost() -> None:
    # The Shock Maul's free attack knocks the leaver 2" back, out of the Sword's 1" reach:
    # the Sword's free attack, queued before, is never rolled; the leaver then makes its
    # move from where it stands (3.81", within its 4" Move) and has moved (R3.3 Laser).
    placed = {
        "B5": {"pos": (10.0, 10.0), "weapons": ("Laser", "Shiv")},
        "A2": {"pos": (10.0 - TOUCH, 10.0), "weapons": ("Shock Maul",)},
        "A4": (10.0, 10.0 - TOUCH),
        **AWAY_B,
    }
    dice = script("attack", 4, 4, "defense", 2, 3, "damage", 3, "attack", 2, 2, "defense", 3, 3)
    game = scenario(placed, dice, act="B5")
    game.apply("move B5 10.5,13.5")
    assert [e.models for e in events(game, "free-attack")] == [("A2", "B5"), ("A4", "B5")]
    assert [e.models for e in events(game, "attack")] == [("A2", "B5")]
    assert [(e.models, e.rule) for e in events(game, "free-attack-lost")] == [
        (("A4", "B5"), "C4.5")
    ]
    assert [e.data["to"] for e in events(game, "pushed")] == [[12.0, 10.0]]
    b5 = game.model("B5")
    assert b5.pos == (10.5, 13.5) and b5.moved
    assert not [o for o in options(game) if o.startswith("move ")]  # the Move is spent
    game.apply("shoot B5 A4 laser")
    assert "Laser not-moved" not in tiers_line(game)
    assert "moved this activation (C4.10)" in tiers_line(game)
    assert dice_left(game) == []


def test_c4_5_a18_a_knocked_back_leaver_gives_the_enemies_it_leaves_from_there_theirs() -> None:
    # The Shock Maul knocks the leaver 2" back, to touch the Agent; walking on from there
    # leaves the Agent, whose free attack (Sword, 2d4 -1 DT) comes first. The Brute, left
    # again from there, has had its free attack on this move.
    placed = {
        "B5": {"pos": (10.0, 10.0), "weapons": ("Laser", "Shiv")},
        "A2": {"pos": (10.0 - TOUCH, 10.0), "weapons": ("Shock Maul",)},
        "A4": (12.0 + TOUCH, 10.0),
        **AWAY_B,
    }
    dice = script("attack", 4, 4, "defense", 2, 3, "damage", 3, "attack", 2, 2, "defense", 3, 3)
    game = scenario(placed, dice, act="B5")
    game.apply("move B5 10.5,13.5")
    assert [e.models for e in events(game, "free-attack")] == [("A2", "B5"), ("A4", "B5")]
    assert [(e.models, e.data["weapon"]) for e in events(game, "attack")] == [
        (("A2", "B5"), "Shock Maul"),
        (("A4", "B5"), "Sword"),
    ]
    assert [e.data["to"] for e in events(game, "pushed")] == [[12.0, 10.0]]
    steps = [k for k in kinds(game) if k in ("free-attack", "pushed", "moved")]
    assert steps == ["free-attack", "pushed", "free-attack", "moved"]
    assert game.model("B5").pos == (10.5, 13.5)
    assert dice_left(game) == []


def test_c4_5_a_knocked_back_leaver_leaving_its_attacker_again_gives_it_no_second() -> None:
    # The Mace pushes the leaver 1" back, still within 1" of the Brute: walking on from there
    # leaves the Brute again, which has had its one free attack on this move.
    placed = {"B5": (10.0, 10.0), "A2": {"pos": (10.0 - TOUCH, 10.0), "weapons": ("Mace",)}}
    dice = script("attack", 4, 4, "defense", 2, 3, "damage", 3)
    game = scenario(placed | AWAY_B, dice, act="B5")
    game.apply("move B5 11,13.5")
    assert [e.models for e in events(game, "free-attack")] == [("A2", "B5")]
    assert [e.data["to"] for e in events(game, "pushed")] == [[11.0, 10.0]]
    assert game.model("B5").pos == (11.0, 13.5)
    assert dice_left(game) == []


def test_c4_4_a_knocked_back_leaver_pushed_again_stays_where_its_move_is_too_long() -> None:
    # The Brute's Shock Maul pushes the leaver 2" to touch A4; walking on leaves A4, whose
    # Shock Maul pushes it 2" straight away from A4, square to its way: the point is now
    # 4.13" off, past its 4" Move, so it stays there with its Move spent.
    placed = {
        "B5": (10.0, 10.0),
        "A2": {"pos": (10.0 - TOUCH, 10.0), "weapons": ("Shock Maul",)},
        "A4": {"pos": (12.95, 10.28), "weapons": ("Shock Maul",)},
        **AWAY_B,
    }
    push = ("attack", 4, 4, "defense", 2, 3, "damage", 3)
    game = scenario(placed, script(*push, *push), act="B5")
    game.apply("move B5 10.8,13.5")
    assert [e.models for e in events(game, "free-attack")] == [("A2", "B5"), ("A4", "B5")]
    assert [e.data["to"] for e in events(game, "pushed")] == [[12.0, 10.0], [10.08, 9.43]]
    cancelled = events(game, "move-cancelled")
    assert [(e.models, e.rule) for e in cancelled] == [(("B5",), "C4.4")]
    assert cancelled[0].data["why"] == (
        'too far: the point is 4.13" away in a straight line, Move 4" (C4.4)'
    )
    b5 = game.model("B5")
    assert (round(b5.x, 2), round(b5.y, 2)) == (10.08, 9.43) and not b5.moved
    assert not [o for o in options(game) if o.startswith("move ")]  # the Move is spent
    assert dice_left(game) == []


def test_c4_5_a_free_attack_keeps_its_declared_weapon_while_it_reaches() -> None:
    # Only A4's Cable Whip (reach 2") reaches the leaver 1.5" away as the free attacks are
    # queued. The Shock Maul then pushes the leaver into base contact with A4, in reach of
    # its Machete (d8) too: A4 still strikes with the Cable Whip it declared.
    placed = {
        "B5": (10.0, 10.0),
        "A2": {"pos": (10.0 - TOUCH, 10.0), "weapons": ("Shock Maul",)},
        "A4": {"pos": (11.5 + TOUCH, 10.0), "weapons": ("Cable Whip", "Machete")},
        **AWAY_B,
    }
    dice = script("attack", 4, 4, "defense", 2, 3, "damage", 3, "attack", 2, 2, "defense", 3, 3)
    game = scenario(placed, dice, act="B5")
    game.apply("move B5 10.5,13.5")
    assert [(e.models, e.data["weapon"]) for e in events(game, "free-attack")] == [
        (("A2", "B5"), "Shock Maul"),
        (("A4", "B5"), "Cable Whip"),
    ]
    assert [e.data["to"] for e in events(game, "pushed")] == [[11.5, 10.0]]
    assert [(e.models, e.data["weapon"]) for e in events(game, "attack")] == [
        (("A2", "B5"), "Shock Maul"),
        (("A4", "B5"), "Cable Whip"),
    ]
    assert game.model("B5").pos == (10.5, 13.5)
    assert dice_left(game) == []


def test_c4_4_a_knocked_back_leaver_stays_where_its_move_is_too_long() -> None:
    # The Mace pushes the leaver 1" back: the declared point is 4.12" from there, past its
    # 4" Move, so it stays; its Move is spent all the same and it has not moved.
    placed = {"B5": (10.0, 10.0), "A2": {"pos": (10.0 - TOUCH, 10.0), "weapons": ("Mace",)}}
    dice = script("attack", 4, 4, "defense", 2, 3, "damage", 3)
    game = scenario(placed | AWAY_B, dice, act="B5")
    game.apply("move B5 10,14")
    cancelled = events(game, "move-cancelled")
    assert [(e.models, e.rule) for e in cancelled] == [(("B5",), "C4.4")]
    assert cancelled[0].data["why"] == (
        'too far: the point is 4.12" away in a straight line, Move 4" (C4.4)'
    )
    b5 = game.model("B5")
    assert b5.pos == (11.0, 10.0) and not b5.moved
    assert options(game) == ["fight B5 A2 shiv", "disengage B5", "end B5"]
    assert dice_left(game) == []


def test_c4_19_a_leaver_made_to_flee_by_a_free_attack_stays_and_acts_no_more() -> None:
    # The Brute's free attack with a Cable Whip (2d8 -1 DT: 2d6) rolls 12 against the
    # Veteran's Defense 4, exactly x3: Static Critical 2, Frequency Terror. Fleeing, the
    # Veteran makes no move of its own, and its activation ends (C4.19, R6.7, notes A18, A60).
    placed = {
        "B5": {"pos": (10.0, 10.0), "armor": None},
        "A2": {"pos": (10.0 - TOUCH, 10.0), "weapons": ("Cable Whip",)},
        **AWAY_B,
    }
    dice = script("attack", 6, 6, "defense", 2, 2, "critical", 2)
    game = scenario(placed, dice, act="B5")
    game.apply("move B5 10,14")
    b5 = game.model("B5")
    assert b5.fleeing and b5.pos == (10.0, 10.0) and not b5.moved
    assert b5.health == 13 - (6 + 1)  # the Cable Whip's maximum, Brute +1
    assert "moved" not in kinds(game)
    cancelled = events(game, "move-cancelled")
    assert [(e.models, e.rule, e.data["why"]) for e in cancelled] == [
        (("B5",), "C4.19", "it Flees")
    ]
    assert kinds(game)[-3:] == ["move-cancelled", "stops-acting", "activation-end"]
    assert game.decision is None
    assert dice_left(game) == []


def test_c4_5_example_e14_disengage_leaves_without_free_attacks() -> None:
    placed = {"B5": (10.0, 10.0), "A2": (10.0 - TOUCH, 10.0), "A4": (10.0 + TOUCH, 10.0), **AWAY_B}
    game = scenario(placed, act="B5")
    game.apply("disengage B5")
    game.apply("move B5 10,14")
    assert "free-attack" not in kinds(game)
    assert game.model("B5").pos == (10.0, 14.0)


def test_c4_5_scout_and_inhibitor_never_provoke() -> None:
    placed = {"B4": (10.0, 10.0), "A2": (10.0 - TOUCH, 10.0), **AWAY_B}
    game = scenario(placed, act="B4")
    assert "disengage B4" not in options(game)
    game.apply("move B4 10,14")
    assert "free-attack" not in kinds(game)
    placed = {
        "B5": {"pos": (10.0, 10.0), "gear": ("Inhibitor",)},
        "A2": (10.0 - TOUCH, 10.0),
        **AWAY_B,
    }
    game = scenario(placed, act="B5")
    game.apply("move B5 10,14")
    assert "free-attack" not in kinds(game)


def test_c4_5_staying_engaged_gives_no_free_attack() -> None:
    placed = {"B5": (10.0, 10.0), "A2": (10.0 - TOUCH, 10.0), **AWAY_B}
    game = scenario(placed, act="B5")
    game.apply("move B5 10,10.5")  # still within 1" of the Brute
    assert "free-attack" not in kinds(game)


def test_r3_2_reach_engages_at_two_inches_one_sided() -> None:
    # A Cable Whip holder is Engaged with an enemy 1.5" away; that enemy is not (notes A17).
    placed = {
        "A2": {"pos": (10.0, 10.0), "weapons": ("Cable Whip",)},
        "B2": (10.0, 10.0 + TOUCH + 1.5),
        **AWAY_B,
    }
    game = scenario(placed, act="A2")
    assert "fight A2 B2 cable-whip" in options(game)
    game = scenario(placed, act="B2")
    assert "shoot B2 A2 laser" in options(game)  # B2 itself is not Engaged
    # Leaving the whip's reach provokes its free attack.
    game = scenario(placed, script("attack", 2, 2, "defense", 3, 3), act="B2")
    game.apply("move B2 10,16")
    assert [e.models for e in events(game, "free-attack")] == [("A2", "B2")]


def test_c4_5_riposte_only_within_own_reach() -> None:
    # The whip holder attacks from 1.5": the Veteran's Shiv cannot reach back.
    placed = {
        "A2": {"pos": (10.0, 10.0), "weapons": ("Cable Whip",)},
        "B5": (10.0, 10.0 + TOUCH + 1.5),
        **AWAY_B,
    }
    game = scenario(placed, script("attack", 2, 2, "defense", 3, 3), act="A2")
    game.apply("fight A2 B5 cable-whip")
    assert game.decision is not None and game.decision.kind == "act"


# --- C4.9 line of sight, C4.13 cover, C4.14 range ---------------------------------------------


WALL = {"id": "wall", "kind": "impassable", "height": 3.0, "polygon": rect(6.0, 7.0, 14.0, 7.5)}
LOW = {
    "id": "low",
    "kind": "open",
    "height": 0.8,
    "cover": "light",
    "polygon": rect(6.0, 8.8, 14.0, 9.0),
}


def test_c4_9_no_line_of_sight_no_target() -> None:
    placed = {"B2": (10.0, 4.0), "A4": (10.0, 9.5), **AWAY_B}
    game = scenario(placed, act="B2", board=board(WALL))
    assert not [o for o in options(game) if o.startswith(("shoot", "aim"))]
    game = scenario(placed, act="B2")
    assert "shoot B2 A4 pistol" in options(game)


def test_c4_13_any_body_part_obscured_is_cover() -> None:
    placed = {"A4": (10.0, 4.0), "B5": (10.0, 9.5), **AWAY_A}
    dice = script("attack", 2, 2, "defense", 3, 3)
    game = scenario(placed, dice, act="A4", board=board(LOW))
    game.apply("shoot A4 B5 pistol")
    assert "-1 DT target in cover (C4.13)" in tiers_line(game)


def test_c4_13_example_e7_moved_and_cover_overflow_to_the_target() -> None:
    # A Veteran (Combat 2d6) moves, then shoots a target in Cover: 2d4 against 2d8.
    placed = {"B5": (10.0, 3.0), "A4": (10.0, 9.5), **AWAY_B}
    dice = script("attack", 2, 2, "defense", 3, 3)
    game = scenario(placed, dice, act="B5", board=board(LOW))
    game.apply("move B5 10,4")
    game.apply("shoot B5 A4 pistol")
    line = tiers_line(game)
    assert "-1 DT moved this activation (C4.10)" in line
    assert "-> 2d4" in line and "+1 DT overflow (C1.10) -> 2d8" in line


def test_c4_10_gunner_ignores_the_moving_shot_penalty() -> None:
    placed = {"B2": (10.0, 3.0), "A4": (10.0, 9.5), **AWAY_B}
    game = scenario(placed, script("attack", 2, 2, "defense", 3, 3), act="B2")
    game.apply("move B2 10,4")
    game.apply("shoot B2 A4 pistol")
    assert "moved" not in tiers_line(game)


def test_r3_3_laser_plus_one_only_when_not_moved() -> None:
    placed = {"B2": (10.0, 4.0), "A4": (10.0, 9.5), **AWAY_B}
    game = scenario(placed, script("attack", 2, 2, "defense", 3, 3), act="B2")
    game.apply("shoot B2 A4 laser")
    assert "+1 DT Laser not-moved (R3.3)" in tiers_line(game)


def test_c4_14_stapler_reaches_six_inches_pistol_minus_one_beyond() -> None:
    near = {"B2": (10.0, 4.0), "A4": (10.0, 4.0 + TOUCH + 6.0), **AWAY_B}
    game = scenario(near, act="B2")
    assert "shoot B2 A4 stapler" in options(game)
    far = {"B2": (10.0, 4.0), "A4": (10.0, 4.0 + TOUCH + 6.1), **AWAY_B}
    game = scenario(far, script("attack", 2, 2, "defense", 3, 3), act="B2")
    assert "shoot B2 A4 stapler" not in options(game)
    game.apply("shoot B2 A4 pistol")
    assert 'Pistol beyond 6"' in tiers_line(game)


# --- C4.11 shooting into melee ---------------------------------------------------------------


def test_c4_11_into_melee_minus_one_and_a_miss_hits_a_random_neighbour() -> None:
    placed = {
        "B2": (10.0, 3.0),
        "A4": (10.0, 10.0),
        "B5": (10.0 + TOUCH, 10.0),  # Engaged with A4
        "A2": (10.0 - TOUCH - 0.5, 10.0),  # also within 1" of A4
    }
    dice = script("attack", 2, 2, "defense", 3, 3, "redirect", 2, "damage", 3)
    game = scenario(placed, dice, act="B2")
    game.apply("shoot B2 A4 pistol")
    assert "-1 DT shooting into melee (C4.11)" in tiers_line(game)
    # Two candidates within 1" of the target, nearest first (B5 touching it, A2 0.5" off):
    # the d2's 2 picks A2.
    assert game.model("A2").health == 14 - (3 - 1)
    assert dice_left(game) == []


def test_c4_11_a_miss_with_nobody_near_just_misses() -> None:
    placed = {"B2": (10.0, 3.0), "A2": (10.0, 10.0), "B5": (10.0, 10.0 + TOUCH)}
    # A2's only neighbour within 1" is B5, who is the one it is Engaged with: not the target.
    dice = script("attack", 2, 2, "defense", 3, 3, "damage", 2)
    game = scenario(placed, dice, act="B2")
    game.apply("shoot B2 A2 pistol")
    assert game.model("B5").health == 13 - (2 - 1)  # redirected to the only one there


def test_c4_11_fumble_into_melee_is_not_redirected() -> None:
    placed = {"B2": (10.0, 3.0), "A4": (10.0, 10.0), "B5": (10.0 + TOUCH, 10.0)}
    dice = script("attack", 1, 1, "defense", 3, 3, "fumble", 1)
    game = scenario(placed, dice, act="B2")
    game.apply("shoot B2 A4 pistol")
    assert game.model("B5").health == 13
    assert game.model("B2").lose_activation == "R7.2"  # Jammed


# --- C4.16-C4.18 in play -------------------------------------------------------------------------


def test_c4_16_triple_rolls_critical_and_applies_it() -> None:
    # Sword (Bladed): 12 against 4 is a Triple: maximum 6 +1 Brute, Critical d6 2: Bleed.
    placed = {"A2": (10.0, 10.0), "B5": (10.0, 10.0 + TOUCH), **AWAY_A, **AWAY_B}
    dice = script("attack", 6, 6, "defense", 2, 2, "critical", 3)
    game = scenario(placed, dice, act="A2")
    apply_all(game, "fight A2 B5 sword", "defend B5")
    # Protective Lining: -1 on the Critical roll against the wearer (R3.6): 3 - 1 = 2, Bleed.
    assert game.model("B5").statuses == ("bleed",)
    assert game.model("B5").health == 13 - (6 + 1 - 1)
    assert dice_left(game) == []


def test_c4_16_example_e3_double_deals_maximum_damage() -> None:
    # A Veteran (Sword d6) rolls 9 against a Gunner's 4 (Medium armour 2): 6 - 2 = 4.
    placed = {
        "B5": {"pos": (10.0, 10.0), "weapons": ("Sword",)},
        "A2": {"pos": (10.0, 10.0 + TOUCH), "armor": "Standard Cuirass"},
        **AWAY_B,
    }
    game = scenario(placed, script("attack", 4, 5, "defense", 1, 3), act="B5")
    apply_all(game, "fight B5 A2 sword", "defend A2")
    assert game.model("A2").health == 14 - 4


def test_c1_9_example_e5_tie_goes_to_the_lower_tier() -> None:
    # A Veteran (Combat 2d6) attacks a Brute (Defense 2d8 here, with a Reflex Stim): both total
    # 9, the lower DT wins the tie: the attack hits.
    stim = TimedEffect("tier", 1, "defense", 0, -2, "Reflex Stim", "R3.9")
    placed = {"B5": (10.0, 10.0), "A2": {"pos": (10.0, 10.0 + TOUCH), "timed": (stim,)}, **AWAY_B}
    dice = script("attack", 4, 5, "defense", 3, 6, "damage", 2)
    game = scenario(placed, dice, act="B5")
    apply_all(game, "fight B5 A2 shiv", "defend A2")
    assert "defender Defense 2d6 +1 DT Reflex Stim (R3.9) -> 2d8" in tiers_line(game)
    assert events(game, "attack-result")[0].data["winner"] == "attacker"
    assert dice_left(game) == []


def test_c1_9_example_e5_a_tie_at_the_same_tier_rolls_again() -> None:
    placed = {"B5": (10.0, 10.0), "A4": (10.0, 10.0 + TOUCH), **AWAY_B}  # 2d6 against 2d6
    dice = script("attack", 4, 5, "defense", 3, 6, "attack", 2, 2, "defense", 3, 3)
    game = scenario(placed, dice, act="B5")
    apply_all(game, "fight B5 A4 shiv", "defend A4")
    assert events(game, "attack-result")[0].data["winner"] == "defender"
    assert dice_left(game) == []


def test_c1_10_example_e8_overflow_at_the_top() -> None:
    # Combat 2d8 +2 (Rage Stim) +1 (Boost): she rolls 2d12 and the Veteran 2d6 -> 2d4.
    rage = TimedEffect("tier", 2, "combat", 0, -2, "Rage Stim", "R3.9")
    placed = {"A1": {"pos": (10.0, 10.0), "timed": (rage,)}, "B5": (10.0, 10.0 + TOUCH), **AWAY_B}
    dice = script("attack", 2, 2, "defense", 3, 3)
    game = scenario(placed, dice, act="A1", blessings=(("Boost",), ()))
    apply_all(game, "fight A1 B5 shiv", "defend B5", "bless A1 boost")
    line = tiers_line(game)
    assert "-> 2d12" in line and "defender Defense 2d6 -1 DT overflow (C1.10) -> 2d4" in line


def test_c4_17_fumble_takes_effect() -> None:
    # The defender triples: Melee Fumble 1, Stumbled: the Brute loses its next activation.
    placed = {"A2": (10.0, 10.0), "B5": (10.0, 10.0 + TOUCH), **AWAY_A, **AWAY_B}
    dice = script("attack", 1, 1, "defense", 3, 3, "fumble", 1)
    game = scenario(placed, dice, act="A2")
    apply_all(game, "fight A2 B5 sword", "defend B5")
    assert game.model("A2").lose_activation == "R7.1"
    game.apply("end A2")


def test_c4_18_out_of_action_at_zero() -> None:
    placed = {
        "A2": (10.0, 10.0),
        "B5": {"pos": (10.0, 10.0 + TOUCH), "health": 3},
        **AWAY_A,
        **AWAY_B,
    }
    dice = script("attack", 4, 5, "defense", 2, 3, "damage", 3)
    game = scenario(placed, dice, act="A2")
    apply_all(game, "fight A2 B5 sword", "defend B5")
    assert game.model("B5").removed == "out of action"
    assert "out-of-action" in kinds(game)


def test_c4_16_critical_out_of_action_row() -> None:
    # Quadruple +1 and a 5: 6+, Severed: Out of Action with -2 on the Injury roll.
    placed = {"A2": (10.0, 10.0), "B4": (10.0, 10.0 + TOUCH), **AWAY_A, **AWAY_B}
    dice = script("attack", 6, 6, "defense", 1, 2, "critical", 5)
    game = scenario(placed, dice, act="A2")
    game.apply("fight A2 B4 sword")
    assert game.model("B4").removed == "out of action"
    assert game.model("B4").injury == -2


def test_attack_options_are_validated() -> None:
    placed = {"A2": (10.0, 10.0), "B5": (10.0, 15.0), **AWAY_B}
    game = scenario(placed, act="A2")
    unchanged(
        game,
        "fight A2 B5 sword",
        r'out of reach: Sword reaches 1", Gideon Hask \(B5\) is 4\.02" away \(C4\.5\)$',
    )


def test_c4_2_severance_after_the_hit_before_damage() -> None:
    placed = {"A2": (10.0, 10.0), "B5": (10.0, 10.0 + TOUCH), **AWAY_A, **AWAY_B}
    dice = script("attack", 4, 5, "defense", 3, 4)
    game = scenario(placed, dice, act="A2", blessings=(("Severance",), ()))
    apply_all(game, "fight A2 B5 sword", "defend B5")
    assert options(game) == ["bless A2 severance", "no-blessing"]
    game.apply("bless A2 severance")
    assert game.model("B5").health == 13 - (6 + 1 - 1)  # maximum: no damage roll
    assert dice_left(game) == []


def test_r3_3_tesla_gun_also_hits_the_nearest_model_within_2() -> None:
    placed = {
        "B2": {"pos": (10.0, 3.0), "weapons": ("Tesla Gun",)},
        "A4": (10.0, 9.0),
        "A2": (11.5, 9.0),  # 0.52" from A4
        "A3": (8.2, 9.0),  # 0.82": the farther one is spared (one extra hit)
    }
    dice = script("attack", 4, 4, "defense", 2, 3, "damage", 5, "damage", 6)
    game = scenario(placed, dice, act="B2")
    game.apply("shoot B2 A4 tesla-gun")
    assert game.model("A4").health == 14 - 5
    assert game.model("A2").health == 14 - (6 - 1)
    assert game.model("A3").health == 12
    assert dice_left(game) == []


def test_r3_3_rifle_overcharge_is_an_option() -> None:
    placed = {"B2": {"pos": (10.0, 3.0), "weapons": ("Rifle",)}, "A4": (10.0, 9.0), **AWAY_B}
    game = scenario(placed, script("attack", 4, 4, "defense", 2, 3), act="B2")
    assert "shoot B2 A4 rifle overcharge" in options(game)
    game.apply("shoot B2 A4 rifle overcharge")
    assert game.model("A4").health == 14 - 12  # maximum d12, no damage roll


def test_r3_2_prod_marks_the_target_for_its_next_activation() -> None:
    placed = {"A5": (10.0, 10.0), "B4": (10.0, 10.0 + TOUCH), **AWAY_B}
    dice = script("attack", 4, 4, "defense", 2, 3, "damage", 2)
    game = scenario(placed, dice, act="A5")
    game.apply("fight A5 B4 prod")
    b4 = game.model("B4")
    assert "marked" in kinds(game) and roll_modifiers(b4, "defense") == ()
    game.apply("end A5")
    game.stack.append(Activation("B4"))
    game._advance(None)
    assert [m.steps for m in roll_modifiers(b4, "attack")] == [-1]


def test_r3_3_arc_pistol_never_fumbles() -> None:
    placed = {"B4": (10.0, 3.0), "A4": (10.0, 8.0), **AWAY_B}
    game = scenario(placed, script("attack", 1, 1, "defense", 6, 6), act="B4")
    game.apply("shoot B4 A4 arc-pistol")
    assert game.model("B4").lose_activation == "" and "table-result" not in kinds(game)


# --- re-rolls in the log: the kernel's reroll event, with the face it replaced -----------------


def test_c4_2_a_reroll_is_logged_by_the_kernels_event_with_the_face_it_replaced() -> None:
    # Ilse's Defense 1 and 4: her Reroll turns the 1 into a 2 (one event, read as it stands).
    dice = script("attack", 3, 3, "defense", 1, 4, "blessing-reroll", 2)
    placed = {"A3": (10.0, 10.0), "B1": (10.0, 10.0 + TOUCH), **AWAY_A}
    game = scenario(placed, dice, act="A3", blessings=((), ("Reroll",)))
    apply_all(game, "fight A3 B1 injector", "defend B1", "reroll B1 1")
    (reroll,) = events(game, "reroll")
    assert (reroll.rule, reroll.data, reroll.roll and reroll.roll.faces) == (
        "C4.2",
        {"die": 1, "was": 1},
        (2, 4),
    ), "the Reroll is not the kernel's re-roll event"
    line = (
        "Ilse Marrow (B1) re-rolls die 1 of the defense 2D6: its 1 becomes 2, the dice now "
        "[2, 4] = 6  [C4.2]"
    )
    assert line in [game.describe(e) for e in game.log], "the Reroll's line names no roll"
    assert dice_left(game) == []


def test_c4_2_a_reroll_names_the_attack_it_re_rolls() -> None:
    # Sunita's attack 1 and 3 against Defense 4 and 4: her Reroll turns the 1 into a 6; its
    # die is still drawn for the blessing, as scripted dice name it.
    dice = script("attack", 1, 3, "defense", 4, 4, "blessing-reroll", 6, "damage", 2)
    placed = {"A3": (10.0, 10.0), "B1": (10.0, 10.0 + TOUCH), **AWAY_A}
    game = scenario(placed, dice, act="A3", blessings=(("Reroll",), ()))
    apply_all(game, "fight A3 B1 injector", "defend B1", "reroll A3 1")
    (reroll,) = events(game, "reroll")
    assert reroll.roll is not None and reroll.roll.purpose == "attack", "no roll named"
    line = (
        "Sunita Roche (A3) re-rolls die 1 of the attack 2D8: its 1 becomes 6, the dice now "
        "[6, 3] = 9  [C4.2]"
    )
    assert line in [game.describe(e) for e in game.log], "the Reroll's line names no roll"
    assert dice_left(game) == []


def test_r3_2_a_weapons_re_roll_of_damage_ones_cites_the_weapons_entry() -> None:
    # The Sword re-rolls a 1 on its damage die (R3.2, notes A3): the 1 becomes a 5, and the
    # re-roll cites the Sword's entry, not the damage roll's C4.18.
    dice = script("attack", 4, 4, "defense", 3, 4, "damage", 1, "damage-reroll", 5)
    placed = {"A3": {"pos": (10.0, 10.0), "weapons": ("Sword",)}, "B1": (10.0, 10.0 + TOUCH)}
    game = scenario({**placed, **AWAY_A}, dice, act="A3")
    apply_all(game, "fight A3 B1 sword", "defend B1")
    (reroll,) = events(game, "reroll")
    assert reroll.data == {"die": 1, "was": 1}, "the re-roll names no die or face it replaced"
    assert reroll.rule == "R3.2", f"the Sword's re-roll cites {reroll.rule}"
    line = (
        "Sunita Roche (A3) re-rolls die 1 of the damage D6: its 1 becomes 5, the dice now [5] = 5"
        "  [R3.2]"
    )
    assert line in [game.describe(e) for e in game.log]
    assert dice_left(game) == []


@pytest.mark.parametrize(
    ("armor", "rule"),
    [("Defensive Mesh", "R3.6"), ("Patrol Harness", "R3.7"), ("Combat Plating", "R3.8")],
)
def test_r3_6_an_armours_re_roll_of_defense_ones_cites_the_armours_entry(
    armor: str, rule: str
) -> None:
    # Ilse's armour re-rolls her Defense 1 (notes A3): it becomes a 4, 9 against 8, and the
    # re-roll cites the armour's entry, not the opposed roll's C1.9.
    dice = script("attack", 4, 4, "defense", 1, 5, "defense-reroll", 4)
    placed = {"A3": (10.0, 10.0), "B1": {"pos": (10.0, 10.0 + TOUCH), "armor": armor}}
    game = scenario({**placed, **AWAY_A}, dice, act="A3")
    apply_all(game, "fight A3 B1 injector", "defend B1")
    (reroll,) = events(game, "reroll")
    assert reroll.rule == rule, f"the {armor}'s re-roll cites {reroll.rule}"
    line = (
        "Ilse Marrow (B1) re-rolls die 1 of the defense 2D6: its 1 becomes 4, the dice now "
        f"[4, 5] = 9  [{rule}]"
    )
    assert line in [game.describe(e) for e in game.log]
    assert dice_left(game) == []


def test_a3_a_re_roll_of_low_faces_with_no_rule_to_cite_is_not_logged() -> None:
    # Every re-roll of low faces cites what grants it: a caller that names none is refused,
    # rather than the re-roll citing the roll's own rule.
    game = scenario({**AWAY_A, **AWAY_B})
    dice = scripted("defense", 1, 5, "defense-reroll", 4)
    _, rolls = roll_pair(Tier.D6, dice, "defense", reroll_up_to=1)
    with pytest.raises(SkirmishError, match="defense-reroll roll names no rule that grants it"):
        log_rolls(game, rolls, "C1.9", {})
