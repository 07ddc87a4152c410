"""The rulebook's shooting skills (R:1036-1167), each with scripted dice on forces written by
hand (an Agent: 5 | 5+ | 6 | 2 | 1 | 4+, Knife +1, 1D+1, AP1, and a gun). Each test is named
after the skill it plays."""

from __future__ import annotations

from typing import Any

from tests.rulesets.strange_aeons.helpers import (
    TOUCH,
    apply_all,
    dice_left,
    events,
    model,
    options,
    refused,
    scenario,
)
from tests.rulesets.strange_aeons.rulebook import agent
from tests.rulesets.strange_aeons.test_rulebook_rules import book

from skirmish.rulesets.strange_aeons.ai import score_actions
from skirmish.rulesets.strange_aeons.shooting import TIED, shot_error

HANDGUN = ["unarmed", "knife", "handgun_45"]
"""A .45 Handgun: 10", Rate 1D, 1D+2."""


def gunman(model_id: str, *skills: str, **fields: Any) -> dict[str, Any]:
    """An Agent with a .45 Handgun and ``skills``."""
    return agent(model_id, skills=list(skills), weapons=HANDGUN, **fields)


def test_sa_crack_shot_adds_1_to_the_roll_to_wound() -> None:
    game = book(
        gunman("T1", "crack_shot"),
        agent("L1", types=["humanoid"]),
        placed={"T1": (10.0, 10.0), "L1": (18.0, 10.0)},
        dice=[("to-hit", 5), ("to-wound", 3), ("injury", 3), ("injury", 3)],
    )
    apply_all(game, "nominate T1", "shoot T1 L1 handgun_45")
    assert events(game, "wounded")[0].data == {"total": 6, "con": 6, "wounds": 1, "left": 0}
    assert not dice_left(game)


def test_sa_armour_piercing_adds_2_ap_to_every_shot() -> None:
    game = book(
        gunman("T1", "armour_piercing"),
        agent("L1", armour=2, types=["humanoid"]),
        placed={"T1": (10.0, 10.0), "L1": (18.0, 10.0)},
        dice=[("to-hit", 5), ("to-wound", 4), ("injury", 3), ("injury", 3)],
    )
    apply_all(game, "nominate T1", "shoot T1 L1 handgun_45")
    # 4 + 2 = 6 against Con 6 and 2 armour points, both ignored.
    assert events(game, "wounded")[0].data == {"total": 6, "con": 6, "wounds": 1, "left": 0}
    assert not dice_left(game)


def test_sa_master_shot_2_more_inches_and_no_cover_saves() -> None:
    placed = {"T1": (10.0, 10.0), "L1": {"pos": (22.0, 10.0), "state": "face-up"}}  # 11" apart
    plain = book(gunman("T1"), agent("L1", types=["humanoid"]), placed=placed)
    plain.apply("nominate T1")
    refused(plain, "shoot T1 L1 handgun_45", 'out of range: 10" .45 Handgun')
    game = book(
        gunman("T1", "master_shot"),
        agent("L1", types=["humanoid"]),
        placed=placed,
        dice=[("to-hit", 5), ("to-wound", 1)],  # no save roll: prone's 6+ is a Cover Save
    )
    apply_all(game, "nominate T1", "shoot T1 L1 handgun_45")
    assert events(game, "shot")[0].data["save"] == 7
    assert events(game, "no-wound")[0].data == {"total": 3, "con": 6}
    assert not dice_left(game)


def test_sa_deadeye_a_5_makes_and_confirms_a_critical_hit() -> None:
    game = book(
        gunman("T1", "deadeye", dex=4),
        agent("L1", types=["humanoid"]),
        placed={"T1": (10.0, 10.0), "L1": (18.0, 10.0)},
        dice=[("to-hit", 5), ("critical-hit", 5), ("to-wound", 2), ("injury", 3), ("injury", 3)],
    )
    apply_all(game, "nominate T1", "shoot T1 L1 handgun_45")
    assert events(game, "critical-hit")[0].data == {"bonus": 2}
    assert events(game, "wounded")[0].data["total"] == 6  # 2 + 2 + 2
    assert not dice_left(game)


def test_r1066_deadeye_a_5_that_misses_starts_no_critical_hit() -> None:
    game = book(
        agent("T1", dex=6, skills=["deadeye"], weapons=["unarmed", "knife", "shotgun"]),
        agent("L1", types=["humanoid"]),
        placed={"T1": (10.0, 10.0), "L1": (17.0, 10.0)},  # the Shotgun's Rate 2
        dice=[("to-hit", 6), ("to-hit", 5), ("critical-hit", 1), ("to-wound", 1)],
    )
    apply_all(game, "nominate T1", "shoot T1 L1 shotgun")
    assert events(game, "hits")[0].data == {"hits": 1, "need": 6}
    confirms = [e for e in events(game, "roll") if e.roll and e.roll.purpose == "critical-hit"]
    assert len(confirms) == 1  # the 6 alone is confirmed
    assert not events(game, "critical-hit")
    assert events(game, "no-wound")[0].data == {"total": 3, "con": 6}  # 1 + 2: no +2
    assert not dice_left(game)


def test_sa_firearms_enthusiast_reads_1s_as_2s_and_never_jams() -> None:
    game = book(
        agent("T1", dex=2, skills=["firearms_enthusiast"], weapons=["unarmed", "handgun_22"]),
        agent("L1", types=["humanoid"]),
        placed={"T1": (10.0, 10.0), "L1": (16.0, 10.0)},
        dice=[("to-hit", 1), ("to-hit", 1), ("to-wound", 1), ("to-wound", 1)],  # no Jam roll
    )
    apply_all(game, "nominate T1", "shoot T1 L1 handgun_22")
    assert events(game, "hits")[0].data == {"hits": 2, "need": 2}
    assert not events(game, "jammed")
    assert not dice_left(game)


def test_sa_lightning_fast_fires_a_ready_weapon_without_readying() -> None:
    game = book(
        agent("T1", skills=["lightning_fast"], weapons=["unarmed", "bolt_action_rifle"]),
        agent("L1", types=["humanoid"]),
        placed={"T1": (10.0, 10.0), "L1": (18.0, 10.0)},
        dice=[("to-hit", 2), ("to-hit", 2)],
    )
    game.apply("nominate T1")
    assert "ready T1 bolt_action_rifle" not in options(game)
    apply_all(game, "shoot T1 L1 bolt_action_rifle", "shoot T1 L1 bolt_action_rifle")
    assert [e.data["hits"] for e in events(game, "hits")] == [0, 0]
    assert not dice_left(game)


def test_sa_enemy_cover_is_left_out_when_a_shot_into_its_combat_strikes() -> None:
    game = book(
        gunman("T1"),
        agent("T2", types=["humanoid"]),
        agent("L1", skills=["enemy_cover"]),
        placed={"T1": (10.0, 10.0), "L1": (18.0, 10.0), "T2": (18.0 - TOUCH, 10.0)},
        start="nominate",
        dice=[("to-hit", 5), ("to-wound", 1)],  # no die to choose: the friend is struck
    )
    apply_all(game, "nominate T1", "shoot T1 L1 handgun_45")
    hidden = events(game, "enemy-cover")[0]
    assert (hidden.rule, hidden.models) == ("Skills: Enemy Cover (R:1076)", ("L1",))
    assert events(game, "shot")[0].models == ("T1", "T2")
    assert not dice_left(game)


def test_sa_munitions_expert_dynamite_rolling_1_is_a_dud_for_the_game() -> None:
    game = book(
        agent("T1", dex=4, skills=["munitions_expert"], weapons=["unarmed", "dynamite"]),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0)},
        dice=[("to-hit", 1), ("jam", 2)],  # no template: no scatter, nobody hit
    )
    apply_all(game, "nominate T1", "ready T1 dynamite", "shoot T1 L1 dynamite")
    dud = events(game, "dud")[0]
    assert (dud.rule, dud.models) == ("Skills: Munitions Expert (R:1108)", ("T1",))
    assert not events(game, "template") and not events(game, "dangerous")
    t1, l1 = model(game, "T1"), model(game, "L1")
    assert shot_error(game, t1, l1, "dynamite") == (
        "the Dynamite of T1 is a dud: not used again this game"
    )
    assert not dice_left(game)


def test_r1108_a_dud_dynamite_is_no_alert_shot_either() -> None:
    """R:1108, R:245: T1 would throw its Dynamite on Alert (Ever Watchful, Lightning Fast),
    but a dud is not used again: L1 passes and no Alert shot is offered."""
    game = book(
        agent(
            "T1",
            dex=3,
            skills=["lightning_fast", "munitions_expert"],
            abilities=["ever_watchful"],
            weapons=["unarmed", "dynamite"],
        ),
        agent("L1", types=["humanoid"]),
        placed={"T1": (10.0, 10.0), "L1": (15.0, 10.0)},
        active=1,
    )
    game.state.duds = (("T1", "dynamite"),)
    apply_all(game, "nominate L1", "pass L1")
    assert options(game) == ["charge L1 T1", "pass L1"]  # L1's next Action: no Alert asked
    refused(game, "alert T1 L1 dynamite", "not an option")
    assert not events(game, "alert")
    assert not dice_left(game)


def test_r1108_a_dud_dynamite_is_not_readied_either() -> None:
    """R:1108: a dud is not used again, so no Action readies it."""
    game = book(
        agent("T1", skills=["munitions_expert"], weapons=["unarmed", "dynamite"]),
        agent("L1", types=["humanoid"]),
        placed={"T1": (10.0, 10.0), "L1": (25.0, 10.0)},
    )
    game.state.duds = (("T1", "dynamite"),)
    apply_all(game, "nominate T1")
    assert options(game) == ["pass T1"]  # not a dud: ["ready T1 dynamite", "pass T1"]


def test_sa_ambush_alert_though_nominated_last_turn_at_1_more_to_hit() -> None:
    game = book(
        agent("T1"),
        gunman("L1", "ambush"),
        gunman("L2"),
        placed={"T1": (10.0, 10.0), "L1": (18.0, 10.0), "L2": (18.0, 14.0)},
        dice=[("to-hit", 5)],  # would hit on 5+; the Ambush shot needs 6+
    )
    game.state.before = ("L1", "L2")
    apply_all(game, "nominate T1", "move T1 11,10")
    assert [o for o in options(game) if o.startswith("alert")] == ["alert L1 T1 handgun_45"]
    game.apply("alert L1 T1 handgun_45")
    ambush = events(game, "ambush")[0]
    assert (ambush.rule, ambush.data) == ("Skills: Ambush (R:1042)", {"penalty": 1})
    # R:1043: a penalty, worded as the Hunter's bonus is ("1 less to hit").
    assert game.describe(ambush) == (
        "Agent L1 (L1) lies in Ambush though nominated last turn: needs 1 more to hit"
        "  [Skills: Ambush (R:1042)]"
    )
    assert events(game, "hits")[0].data == {"hits": 0, "need": 6}
    assert not dice_left(game)


def test_sa_accurate_aim_then_shoot_at_1_better_and_without_cover_saves() -> None:
    game = book(
        gunman("T1", "accurate"),
        agent("L1", types=["humanoid"]),
        placed={"T1": (10.0, 10.0), "L1": {"pos": (18.0, 10.0), "state": "face-up"}},
        dice=[("to-hit", 4), ("to-wound", 1)],  # a 4 hits; no prone save is rolled
    )
    game.apply("nominate T1")
    assert "aim T1" in options(game)
    apply_all(game, "aim T1", "shoot T1 L1 handgun_45")
    accurate = events(game, "accurate")[0]
    assert (accurate.rule, accurate.data) == ("Skills: Accurate (R:1038)", {"bonus": 1})
    assert events(game, "hits")[0].data == {"hits": 1, "need": 4}
    assert events(game, "shot")[0].data["save"] == 7
    assert game.state.aimed == ()
    assert not dice_left(game)


def test_sa_accurate_aim_is_spent_by_a_rate_2d_weapon_without_effect() -> None:
    game = book(
        agent("T1", skills=["accurate"], weapons=["unarmed", "handgun_22", "handgun_45"]),
        agent("L1", types=["humanoid"]),
        placed={"T1": (10.0, 10.0), "L1": (16.0, 10.0)},
        dice=[("to-hit", 4), ("to-hit", 4)],
    )
    apply_all(game, "nominate T1", "aim T1")
    refused(game, "aim T1", "T1 may not take aim: it needs Accurate, a Rate 1D weapon")
    game.apply("shoot T1 L1 handgun_22")
    assert not events(game, "accurate")
    assert events(game, "hits")[0].data == {"hits": 0, "need": 5}
    assert game.state.aimed == ()
    assert not dice_left(game)


PISTOLS = ["unarmed", "handgun_22", "handgun_45", "shotgun"]
"""A .22 (8", 2D, 1D+1), a .45 (10", 1D, 1D+2) and a 2-Hand Shotgun."""


def test_sa_shoot_em_up_r285_two_weapons_fire_at_1_more_to_hit() -> None:
    game = book(
        agent("T1", dex=4, weapons=PISTOLS),
        agent("L1", types=["humanoid"]),
        placed={"T1": (10.0, 10.0), "L1": (16.0, 10.0)},
        dice=[("to-hit", 4), ("to-hit", 5), ("to-wound", 1), ("to-hit", 4)],
    )
    game.apply("nominate T1")
    assert "shoot-two T1 L1 handgun_22 handgun_45" in options(game)
    assert not [o for o in options(game) if o.startswith("shoot-two") and "shotgun" in o]
    refused(game, "shoot-two T1 L1 handgun_45 shotgun", "the Shotgun is 2-Hand: it is never")
    game.apply("shoot-two T1 L1 handgun_22 handgun_45")
    pair = events(game, "two-guns")[0]
    assert (pair.rule, pair.data["penalty"]) == ("Fighting with Two Weapons: Shooting (R:285)", 1)
    assert [e.data for e in events(game, "hits")] == [
        {"hits": 1, "need": 5},
        {"hits": 0, "need": 5},
    ]
    assert "shoot T1 L1 handgun_45" in options(game)  # either weapon of the turn, alone too
    refused(game, "shoot T1 L1 shotgun", "T1 shoots the .22 Handgun this turn")
    assert not dice_left(game)


def test_sa_shoot_em_up_fires_two_weapons_without_the_penalty() -> None:
    game = book(
        agent("T1", dex=4, skills=["shoot_em_up"], weapons=PISTOLS),
        agent("L1", types=["humanoid"]),
        placed={"T1": (10.0, 10.0), "L1": (16.0, 10.0)},
        dice=[("to-hit", 4), ("to-hit", 3), ("to-wound", 1), ("to-hit", 4), ("to-wound", 1)],
    )
    game.apply("nominate T1")
    game.apply("shoot-two T1 L1 handgun_22 handgun_45")
    pair = events(game, "two-guns")[0]
    assert (pair.rule, pair.data["penalty"]) == ("Skills: Shoot 'em Up (R:1128)", 0)
    assert [e.data["need"] for e in events(game, "hits")] == [4, 4]
    assert not dice_left(game)


def test_r177_a_failed_test_turns_both_weapons_on_the_closest() -> None:
    game = book(
        agent("T1", dex=4, weapons=PISTOLS),
        agent("L1", types=["humanoid"]),
        agent("L2", types=["humanoid"]),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0), "L2": (10.0, 17.0)},
        dice=[("resolve", 1), ("to-hit", 4), ("to-hit", 5), ("to-wound", 1), ("to-hit", 4)],
    )
    apply_all(game, "nominate T1", "shoot-two T1 L2 handgun_22 handgun_45")
    assert events(game, "priority-test")[0].data == {"need": 4, "passed": False}
    assert events(game, "retarget")[0].models == ("T1", "L1")
    assert events(game, "two-guns")[0].models == ("T1", "L1")
    assert [e.models for e in events(game, "shot")] == [("T1", "L1"), ("T1", "L1")]
    assert [e.data for e in events(game, "hits")] == [
        {"hits": 1, "need": 5},
        {"hits": 0, "need": 5},
    ]
    assert not dice_left(game)


def _tied(*dice: tuple[str, int]) -> Any:
    # L1 and L2 stand 3" from T1, tied for closest; L3 7" off.
    return book(
        agent("T1", weapons=["unarmed", "handgun_45"]),
        agent("L1"),
        agent("L2"),
        agent("L3"),
        placed={"T1": (10.0, 10.0), "L1": (13.0, 10.0), "L2": (10.0, 13.0), "L3": (17.0, 10.0)},
        dice=list(dice),
    )


def test_r177_closest_enemies_tied_the_shooters_player_chooses_notes_item_70() -> None:
    game = _tied(("resolve", 1), ("to-hit", 2))
    apply_all(game, "nominate T1", "shoot T1 L3 handgun_45")
    assert events(game, "priority-test")[0].data == {"need": 4, "passed": False}
    decision = game.decision
    assert decision is not None
    assert (decision.player, decision.kind) == (0, "closest")
    assert options(game) == ["closest T1 L1", "closest T1 L2"]
    refused(game, "closest T1 L3", "L3 is not one of the enemies tied closest to T1")
    game.apply("closest T1 L2")
    retarget = events(game, "retarget")[0]
    assert (retarget.rule, retarget.models) == (TIED, ("T1", "L2"))
    assert events(game, "shot")[0].models == ("T1", "L2")
    assert not dice_left(game)


def test_r177_closest_enemies_tied_the_heuristic_shoots_the_one_standing() -> None:
    # L1 lies Face Up, with a prone save: the shot is worth more at L2.
    game = _tied(("resolve", 1))
    model(game, "L1").state = "face-up"
    apply_all(game, "nominate T1", "shoot T1 L3 handgun_45")
    decision = game.decision
    assert decision is not None
    scores = dict(zip(options(game), score_actions(game, list(decision.options)), strict=True))
    assert 0.0 < scores["closest T1 L1"] < scores["closest T1 L2"]
    assert not dice_left(game)


def test_sa_two_weapons_the_introduction_never_fires_two_at_once() -> None:
    placed = {"L1": (10.0, 10.0), "T2": (18.0, 10.0)}
    game = scenario(placed, active=1)  # the introduction's Cult Leader: Shotgun and .22
    game.apply("nominate L1")
    assert "shoot L1 T2 handgun-22" in options(game)
    assert not [o for o in options(game) if o.startswith("shoot-two")]
    refused(
        game,
        "shoot-two L1 T2 shotgun handgun-22",
        "two weapons are never fired in one Shoot Action in this game",
    )


def test_sa_sprint_a_second_move_goes_2_further_but_never_charges() -> None:
    game = book(
        agent("T1", skills=["sprint"]),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (22.0 + TOUCH, 10.0)},
    )
    game.apply("nominate T1")
    refused(game, "move T1 17,10", 'more than the 5" allowed')
    game.apply("move T1 15,10")
    refused(game, "move T1 22,10", "a Sprint-assisted Move never Charges (R:1140)")
    assert not events(game, "sprint")
    game.apply("move T1 21.5,10")  # 6.5": 5 and Sprint's 2
    sprint = events(game, "sprint")[0]
    assert (sprint.rule, sprint.models) == ("Skills: Sprint (R:1140; notes §6 item 65)", ("T1",))
    assert model(game, "T1").pos == (21.5, 10.0)
    plain = book(agent("T1"), agent("L1"), placed={"T1": (10.0, 10.0), "L1": (30.0, 10.0)})
    apply_all(plain, "nominate T1", "move T1 15,10")
    refused(plain, "move T1 22,10", 'more than the 5" allowed')


def test_sa_sprint_adds_2_to_a_rolled_movement() -> None:
    game = book(
        agent("T1", skills=["sprint"], move=1, move_die=3),  # 1D3+1, as a Zombie
        agent("L1"),
        placed={"T1": (5.0, 10.0), "L1": (30.0, 10.0)},
        dice=[("movement", 1), ("movement", 1)],  # a D3 of 1: 2" each time
    )
    apply_all(game, "nominate T1", "move T1 7,10")
    game.apply("move T1 12,10")  # declared within 4" + 2", it goes the roll's 2" + 2"
    assert events(game, "sprint")[0].data == {"bonus": 2.0}
    assert model(game, "T1").x == 11.0
    assert not dice_left(game)


def test_r1141_a_sprint_assisted_move_a_roll_falls_short_of_contact_stops_short_of_it() -> None:
    game = book(
        agent("T1", skills=["sprint"], move=1, move_die=3),  # 1D3+1, as a Zombie
        agent("L1"),
        placed={"T1": (5.0, 10.0), "L1": (11.0 + TOUCH, 10.0)},
        dice=[("movement", 1), ("movement", 1)],  # a D3 of 1: 2" each time
    )
    apply_all(game, "nominate T1", "move T1 7,10")
    game.apply("move T1 11,10")  # base-to-base 4" on: the roll's 2" and Sprint's 2"
    short = events(game, "sprint-short")[0]
    assert (short.rule, short.models) == (
        "Skills: Sprint: never into a Charge (R:1140; notes §6 item 49)",
        ("T1", "L1"),
    )
    assert not events(game, "charge") and not events(game, "combat-totals")
    assert 10.98 <= model(game, "T1").x < 10.99  # up to base-to-base, not into it
    assert not dice_left(game)


def test_r1141_a_move_after_a_move_its_roll_alone_reaches_charges() -> None:
    game = book(
        agent("T1", skills=["sprint"], move=1, move_die=3),
        agent("L1"),
        placed={"T1": (5.0, 10.0), "L1": (11.0 + TOUCH, 10.0)},
        dice=[("movement", 1), ("movement", 6), *[("close-combat", 4)] * 8],  # Draws
    )
    apply_all(game, "nominate T1", "move T1 7,10")
    game.apply("move T1 11,10")  # a D3 of 3: the roll's 4" reach base-to-base
    assert not events(game, "sprint-short") and not events(game, "sprint")
    assert events(game, "charge")[0].models == ("T1", "L1")
    assert model(game, "T1").pos == (11.0, 10.0)
