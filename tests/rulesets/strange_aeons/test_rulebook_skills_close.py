"""The General Skills of close combat, nominations and psychology (R:1036-1167, rules notes
§3.8a), each with scripted dice on forces written by hand (an Agent: 5 | 5+ | 6 | 2 | 1 | 4+,
Knife +1, 1D+1, AP1). Each test is named after the skill it plays and cites its line."""

from __future__ import annotations

from typing import Any

from tests.rulesets.strange_aeons.helpers import (
    TOUCH,
    R,
    apply_all,
    board,
    dice_left,
    events,
    model,
    options,
    rect,
    refused,
    scenario,
)
from tests.rulesets.strange_aeons.lists import book as book_data
from tests.rulesets.strange_aeons.lists import lurker_list, threshold_team
from tests.rulesets.strange_aeons.rulebook import BOOK, NEAR, agent, book, cc, duel, forces

from skirmish.dice import SeededDice
from skirmish.engine.game import Game
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.fighter import destroyable
from skirmish.rulesets.strange_aeons.forces import force_setup, load_played, playable
from skirmish.rulesets.strange_aeons.lists.gear import two_hand_limit
from skirmish.rulesets.strange_aeons.rulebook import StrangeAeons

FISTS = ["unarmed"]


# -- Thick Skin (R:1157) ----------------------------------------------------------------------


def test_sa_thick_skin_adds_one_to_constitution() -> None:
    """R:1157: +1 Constitution, so a total of 6 no longer wounds Con 6."""
    game = duel(
        agent("T1"),
        agent("L1", skills=["tough", "thick_skin"]),
        [*cc(4, 2, 3, 2), ("save", 2), ("to-wound", 5)],  # 5 against 4; 5 + 1 = 6 < 7
    )
    game.apply("wound T1")
    assert events(game, "no-wound")[0].data == {"total": 6, "con": 7}
    assert not dice_left(game)


# -- Fearless (R:1081) and Rugged (R:1123) ----------------------------------------------------


def test_sa_fearless_takes_no_test_for_fear() -> None:
    """R:1081: a Fearless model is not tested for a Fear-causing enemy within 5"."""
    game = book(
        agent("T1", skills=["fearless"]),
        agent("L1", types=["daemon"], skills=["fear"]),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0)},
        dice=[],
    )
    apply_all(game, "nominate T1", "pass T1", "pass T1")
    assert not events(game, "resolve")


def test_sa_fearless_still_tests_for_terror() -> None:
    """R:1081 names Fear only: Terror is still tested."""
    game = book(
        agent("T1", skills=["fearless"]),
        agent("L1", types=["daemon"], skills=["terror"]),
        placed={"T1": (10.0, 10.0), "L1": (16.0, 10.0)},
        dice=[("resolve", 4)],
    )
    apply_all(game, "nominate T1", "pass T1")
    assert events(game, "resolve")[0].data["situation"] == "terror:L1"
    assert not dice_left(game)


def test_sa_rugged_takes_no_test_for_a_hideous_enemy() -> None:
    """R:1123: charging a Hideous enemy, a Rugged model takes no Insanity test."""
    game = duel(
        agent("T1", skills=["rugged"]),
        agent("L1", types=["daemon"], skills=["hideous"]),
        cc(4, 2, 3, 2),
    )
    assert not events(game, "resolve")
    assert game.decision is not None and game.decision.kind == "combat-won"
    assert not dice_left(game)


# -- Duck (R:1073) ----------------------------------------------------------------------------


def test_sa_duck_saves_close_combat_hits_on_6() -> None:
    """R:1073: a 6+ save against close combat hits."""
    game = duel(agent("T1"), agent("L1", skills=["duck"]), [*cc(4, 2, 3, 2), ("save", 6)])
    game.apply("wound T1")
    assert events(game, "saved")[0].data == {"saved": 1, "left": 0}
    assert events(game, "draw")[0].models == ("T1", "L1")
    assert not dice_left(game)


def test_sa_duck_adds_one_to_cover_saves() -> None:
    """R:1073: +1 on a cover save die: a hedge's Light cover saves on 5."""
    wall = {
        "id": "wall",
        "kind": "open",
        "height": 0.3,
        "cover": "light",
        "polygon": rect(17.0, 8.0, 17.2, 12.0),
    }
    game = book(
        agent("T1", weapons=["unarmed", "handgun_45"]),
        agent("L1", skills=["duck"]),
        placed={"T1": (10.0, 10.0), "L1": (17.2 + R + 0.05, 10.0)},
        board=board(wall),
        dice=[("to-hit", 5), ("save", 5)],
    )
    apply_all(game, "nominate T1", "shoot T1 L1 handgun_45")
    shot = events(game, "shot")[0].data
    assert (shot["cover"], shot["save"]) == ("light", 5)
    assert events(game, "saved")[0].data == {"saved": 1, "left": 0}
    assert not dice_left(game)


def test_r1073_r141_duck_adds_one_to_the_prone_cover_save() -> None:
    """R:1073, R:141: the prone 6+ is a Cover Save: a Face Up Duck in the open saves on 5."""
    game = book(
        agent("T1", weapons=["unarmed", "handgun_45"]),
        agent("L1", skills=["duck"]),
        placed={"T1": (10.0, 10.0), "L1": {"pos": (18.0, 10.0), "state": "face-up"}},
        dice=[("to-hit", 5), ("save", 5)],
    )
    apply_all(game, "nominate T1", "shoot T1 L1 handgun_45")
    assert events(game, "shot")[0].data["save"] == 5
    assert events(game, "saved")[0].data == {"saved": 1, "left": 0}
    assert not dice_left(game)


# -- Fighting Unarmed: Martial Artist, Strike to Kill, Enlightened, Fists of Iron --------------


def test_sa_martial_artist_adds_one_to_ccb_and_damage_and_takes_no_unarmed_hit() -> None:
    """R:1103: Unarmed, +1 C.C. bonus and +1 Damage, and no automatic hit before the fight."""
    game = duel(
        agent("T1", weapons=FISTS, skills=["martial_artist"]),
        agent("L1"),
        [*cc(4, 2, 3, 2), ("to-wound", 5), ("injury", 2), ("injury", 2)],
    )
    assert not events(game, "unarmed")
    assert events(game, "combat-totals")[0].data == {"totals": [5, 4]}
    game.apply("wound T1")
    assert events(game, "wounded")[0].data["total"] == 6  # 5 + 1
    assert not dice_left(game)


def test_sa_strike_to_kill_adds_to_unarmed_and_cannot_be_parried() -> None:
    """R:1143: Unarmed, +1 C.C. bonus and +1 Damage more; no Parry re-rolls its dice."""
    game = duel(
        agent("T1", weapons=FISTS, skills=["martial_artist", "strike_to_kill"]),
        agent("L1", skills=["parry"]),
        [*cc(5, 2, 5, 3), ("to-wound", 4), ("injury", 2), ("injury", 2)],
    )
    unparried = events(game, "unparried")[0]
    assert (unparried.rule, unparried.models) == ("Skills: Strike to Kill (R:1143)", ("T1", "L1"))
    assert events(game, "combat-totals")[0].data == {"totals": [7, 6]}
    game.apply("wound T1")
    assert events(game, "wounded")[0].data["total"] == 6  # 4 + 2
    assert not dice_left(game)


def test_sa_enlightened_counts_ones_as_twos_and_adds_two_unarmed() -> None:
    """R:1079: Unarmed +2 C.C. bonus; its 1s count as 2, so no critical misses."""
    game = duel(
        agent("T1", weapons=FISTS, skills=["martial_artist", "enlightened"]),
        agent("L1"),
        cc(1, 1, 3, 2),
    )
    assert not events(game, "critical-miss")
    assert events(game, "combat-totals")[0].data == {"totals": [5, 4]}  # 2 + 3 against 3 + 1
    assert not dice_left(game)


def test_sa_fists_of_iron_crits_on_5_and_pierces_two_armour() -> None:
    """R:1087: an Unarmed 5 confirmed on 5 or 6 is a Critical Hit; its attacks are AP2."""
    game = duel(
        agent("T1", weapons=FISTS, skills=["martial_artist", "fists_of_iron"]),
        agent("L1", armour=2),
        [
            *cc(5, 2, 3, 2),  # 5 + 1 against 3 + 1: 2 hits
            ("critical-hit", 5),
            ("to-wound", 3),
            ("to-wound", 1),  # 3 + 1 + 2 = 6 against Con 6, armour 2 pierced
            ("injury", 2),
            ("injury", 2),
        ],
    )
    game.apply("wound T1")
    assert events(game, "critical-hit")[0].data == {"bonus": 2}
    assert events(game, "wounded")[0].data["con"] == 6
    assert not dice_left(game)


def test_sa_fists_of_iron_no_wider_critical_with_a_weapon() -> None:
    """R:1087: with a weapon a 5 is no Critical Hit, but the Knife's AP1 becomes AP2."""
    game = duel(
        agent("T1", skills=["fists_of_iron"]),
        agent("L1", armour=2),
        [*cc(5, 2, 3, 2), ("to-wound", 5), ("to-wound", 1), ("injury", 2), ("injury", 2)],
    )
    game.apply("wound T1")
    assert not events(game, "critical-hit")
    assert events(game, "wounded")[0].data == {"total": 6, "con": 6, "wounds": 1, "left": 0}
    assert not dice_left(game)


# -- Combat Veteran (R:1059) and Thunderous Charge (R:1161) ------------------------------------


def test_sa_combat_veteran_cancels_one_parry() -> None:
    """R:1059: the opponent's one Parry is cancelled, so no re-roll is offered."""
    game = duel(
        agent("T1", skills=["combat_veteran"]), agent("L1", skills=["parry"]), cc(4, 2, 3, 2)
    )
    veteran = events(game, "veteran")[0]
    assert (veteran.rule, veteran.models) == ("Skills: Combat Veteran (R:1059)", ("T1", "L1"))
    assert game.decision is not None and game.decision.kind == "combat-won"
    assert not dice_left(game)


def test_r1059_the_parry_a_veteran_cancels_no_longer_cancels_its_own() -> None:
    """R:1059, R:1113: the Veteran cancels the opponent's one Parry, which then cancels
    nothing, so the Veteran's own Parry forces a re-roll."""
    game = duel(
        agent("T1", skills=["combat_veteran", "parry"]),
        agent("L1", skills=["parry"]),
        cc(4, 3, 5, 3, 2),  # L1's 5 re-rolled to 2: 4 + 1 against 3 + 1
    )
    assert game.decision is not None and game.decision.kind == "parry"
    game.apply("parry T1 1")
    assert not events(game, "parry-cancelled")
    assert events(game, "veteran")[0].models == ("T1", "L1")
    assert events(game, "combat-totals")[0].data == {"totals": [5, 4]}
    assert not dice_left(game)


def test_sa_thunderous_charge_one_die_fewer_and_two_more_ccb() -> None:
    """R:1161: charging into a new combat, one die fewer and +2 C.C. bonus."""
    game = duel(agent("T1", skills=["thunderous_charge"]), agent("L1"), cc(4, 3, 2))
    assert events(game, "thunderous")[0].models == ("T1",)
    assert events(game, "combat-totals")[0].data == {"totals": [7, 4]}  # 4 + 1 + 2
    assert not dice_left(game)


def test_sa_thunderous_charge_not_in_a_combat_already_fought() -> None:
    """R:1161, rules notes item 53: a Charge at a model already in base-to-base is no new
    combat."""
    game = book(
        agent("T1", skills=["thunderous_charge"]),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (10.0 + TOUCH, 10.0)},
        dice=cc(4, 2, 3, 3),
        start="nominate",
    )
    apply_all(game, "nominate T1", "charge T1 L1")
    assert not events(game, "thunderous")
    assert events(game, "combat-totals")[0].data == {"totals": [5, 4]}
    assert not dice_left(game)


# -- Inspire (R:1093), Presence (R:1115), Improved Command (R:1091), Suicidal (R:1145) ---------


def fear_test(lender: dict[str, Any], at: tuple[float, float], *more: tuple[str, int]) -> Game:
    """T1 (Resolve 6+) near a Fear-causing L1, its friend T2 at ``at``; the test rolls 3,
    then ``more``."""
    game = book(
        agent("T1", res=6),
        lender,
        agent("L1", types=["daemon"], skills=["fear"]),
        placed={"T1": (10.0, 10.0), "T2": at, "L1": (14.0, 10.0)},
        dice=[("resolve", 3), *more],
    )
    apply_all(game, "nominate T1", "pass T1")
    return game


def test_sa_inspire_lends_resolve_within_10() -> None:
    """R:1093: friends within 10" use the Inspiring model's Resolve."""
    game = fear_test(agent("T2", res=3, skills=["command", "inspire"]), (10.0, 19.0))
    shared = events(game, "shared-resolve")[0]
    assert (shared.rule, shared.models) == ("Skills: Inspire (R:1093)", ("T1", "T2"))
    assert events(game, "resolve")[0].data["passed"] is True
    assert not dice_left(game)


def test_sa_command_alone_lends_resolve_within_5_only() -> None:
    """R:1061: without Inspire, a Command friend 9" away lends nothing."""
    game = fear_test(agent("T2", res=3, skills=["command"]), (10.0, 19.0), ("insanity", 2))
    assert not events(game, "shared-resolve")
    assert events(game, "resolve")[0].data["need"] == 6
    assert not dice_left(game)


def test_sa_r153_a_commander_in_a_draw_lends_no_resolve() -> None:
    """R:153: a model in base-to-base with an enemy after a Draw may not use Command, so it
    lends its Resolve to nobody, with Presence neither (their lending is Command's)."""
    for skills in (["command"], ["command", "presence"]):
        game = book(
            agent("T1", res=6),
            agent("T2", res=3, skills=skills),
            agent("L1", types=["daemon"], skills=["fear"]),
            agent("L2"),
            placed={
                "T1": (10.0, 10.0),
                "T2": (6.0, 10.0),
                "L1": (14.0, 10.0),
                "L2": (6.0, 10.0 + TOUCH),
            },
            dice=[("resolve", 3), ("insanity", 2)],
            start="nominate",  # the Draw's round fought
        )
        apply_all(game, "nominate T1", "pass T1")
        assert not events(game, "shared-resolve")
        assert events(game, "resolve")[0].data["need"] == 6
        assert not dice_left(game)


def test_sa_presence_lends_resolve_across_the_table() -> None:
    """R:1115: every friend on the table uses the model's Resolve."""
    game = fear_test(agent("T2", res=3, skills=["command", "presence"]), (34.0, 22.0))
    assert events(game, "shared-resolve")[0].rule == "Skills: Presence (R:1115)"
    assert events(game, "resolve")[0].data == {"situation": "fear:L1", "need": 3, "passed": True}
    assert not dice_left(game)


def commander(skill: str, t4_x: float) -> Game:
    """T1 (Command and ``skill``) with T2 and T3 4" away, T4 at ``t4_x`` on T1's row."""
    return book(
        agent("T1", skills=["command", skill]),
        agent("T2"),
        agent("T3"),
        agent("T4"),
        agent("L1"),
        placed={
            "T1": (10.0, 10.0),
            "T2": (10.0, 14.0),
            "T3": (10.0, 6.0),
            "T4": (t4_x, 10.0),
            "L1": (34.0, 22.0),
        },
    )


def test_sa_improved_command_nominates_three() -> None:
    """R:1091: a Command model nominates three more models, not two."""
    game = commander("improved_command", 14.0)
    apply_all(game, "nominate T1", "nominate T2", "nominate T3")
    assert options(game) == ["nominate T4", "done"]
    game.apply("nominate T4")
    assert game.state.nominated == ("T1", "T2", "T3", "T4")
    assert game.decision is not None and game.decision.kind == "activate"


def test_sa_suicidal_adds_two_to_the_insanity_roll() -> None:
    """R:1145: a failed test adds 2 to the Insanity roll: 1 + 2 is Stupefaction."""
    game = book(
        agent("T1", skills=["suicidal"]),
        agent("L1", types=["daemon"], skills=["fear"]),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0)},
        dice=[("resolve", 1), ("insanity", 1)],
    )
    apply_all(game, "nominate T1", "pass T1")
    suicidal = events(game, "suicidal")[0]
    assert (suicidal.rule, suicidal.data) == ("Skills: Suicidal (R:1145)", {"modifier": 2})
    assert events(game, "insanity")[0].data == {"result": "Stupefaction"}
    assert model(game, "T1").state == "face-up"
    assert not dice_left(game)


# -- Med Student (R:1107) and Surly (R:1149) ---------------------------------------------------


def medic() -> Game:
    """T1, a Med Student, in base-to-base with T2 (3 Wounds, 1 left) and T3 (unhurt)."""
    return book(
        agent("T1", skills=["med_student"]),
        agent("T2", wounds=3),
        agent("T3"),
        agent("T4", wounds=3),
        agent("L1"),
        placed={
            "T1": (10.0, 10.0),
            "T2": {"pos": (10.0 + TOUCH, 10.0), "wounds": 1},
            "T3": (10.0 - TOUCH, 10.0),
            "T4": {"pos": (10.0, 16.0), "wounds": 1},
            "L1": (34.0, 22.0),
        },
    )


def test_sa_med_student_restores_a_wound_to_a_friend_in_base_to_base() -> None:
    """R:1107: an Action restores one lost Wound to a friend in base-to-base."""
    game = medic()
    game.apply("nominate T1")
    assert [o for o in options(game) if o.startswith("treat")] == ["treat T1 T2"]
    game.apply("treat T1 T2")
    treated = events(game, "treated")[0]
    assert (treated.rule, treated.models, treated.data) == (
        "Skills: Med Student (R:1107)",
        ("T1", "T2"),
        {"wounds": 2},
    )
    assert model(game, "T2").wounds == 2


def test_sa_med_student_never_above_the_starting_wounds_nor_out_of_reach() -> None:
    """R:1107: not a friend who has lost no Wound, nor one out of base-to-base."""
    game = medic()
    game.apply("nominate T1")
    refused(game, "treat T1 T3", "T3 has lost no Wound")
    refused(game, "treat T1 T4", "T4 is not a friend in base-to-base with T1")
    apply_all(game, "treat T1 T2", "treat T1 T2")
    assert model(game, "T2").wounds == 3
    apply_all(game, "nominate L1", "pass L1", "pass L1", "nominate T1")
    refused(game, "treat T1 T2", "T2 has lost no Wound")


def test_sa_med_student_r1107_a_hurt_student_is_not_its_own_patient() -> None:
    """R:1107: the Wound is a friend's to restore; a hurt Med Student is refused on itself
    for that, not told it has lost none."""
    game = book(
        agent("T1", skills=["med_student"], wounds=3),
        agent("L1"),
        placed={"T1": {"pos": (10.0, 10.0), "wounds": 1}, "L1": (34.0, 22.0)},
    )
    game.apply("nominate T1")
    assert not [o for o in options(game) if o.startswith("treat")]
    refused(game, "treat T1 T1", "T1 is not a friend in base-to-base with T1")


def test_sa_med_student_refused_without_the_skill() -> None:
    """R:1107: only a Med Student treats."""
    game = book(
        agent("T1"),
        agent("T2", wounds=3),
        agent("L1"),
        placed={
            "T1": (10.0, 10.0),
            "T2": {"pos": (10.0 + TOUCH, 10.0), "wounds": 1},
            "L1": (34.0, 22.0),
        },
    )
    game.apply("nominate T1")
    refused(game, "treat T1 T2", "T1 is no Med Student (R:1107)")


def test_sa_surly_causes_fear_until_its_sides_next_turn() -> None:
    """R:1149: an Action makes the model cause Fear; enemies within 5" test at once."""
    game = book(
        agent("T1", skills=["surly"]),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0)},
        dice=[("resolve", 4)],
    )
    apply_all(game, "nominate T1", "menace T1")
    assert events(game, "menace")[0].rule == "Skills: Surly (R:1149)"
    test = events(game, "resolve")[0]
    assert (test.models, test.data) == (
        ("L1",),
        {"situation": "fear:T1", "need": 4, "passed": True},
    )
    refused(game, "menace T1", "T1 already causes Fear until its side's next turn")
    apply_all(game, "pass T1", "nominate L1")
    assert game.state.surly == ("T1",)  # through the Lurkers' turn
    apply_all(game, "pass L1", "pass L1")
    assert (game.state.active, game.state.surly) == (0, ())
    assert not dice_left(game)


# -- Jump Up (R:1095) --------------------------------------------------------------------------


def test_sa_jump_up_changes_state_free_before_the_combats() -> None:
    """R:1095: at the start of its turn, before the combats, a free Change State; the combat
    is then fought with the model Normal."""
    game = book(
        agent("T1", skills=["jump_up"]),
        agent("L1"),
        agent("L2"),
        placed={
            "T1": {"pos": (10.0, 10.0), "state": "face-up"},
            "L1": (10.0 + TOUCH, 10.0),
            "L2": (34.0, 22.0),
        },
        dice=cc(4, 2, 3, 2),
        active=1,
        start="nominate",
    )
    apply_all(game, "nominate L2", "pass L2", "pass L2")
    assert game.decision is not None and game.decision.kind == "jump-up"
    assert options(game) == ["jump-up T1", "stay T1"]
    game.apply("jump-up T1")
    rose = events(game, "changed-state")[0]
    assert (rose.rule, rose.data) == ("Skills: Jump Up (R:1095)", {"state": "normal"})
    assert events(game, "combat-totals")[0].data == {"totals": [5, 4]}  # two dice, not one
    assert not dice_left(game)


def test_sa_jump_up_may_be_declined_and_not_for_a_normal_model() -> None:
    """R:1095: the Change State is the player's choice; a Normal model is not asked."""
    game = book(
        agent("T1", skills=["jump_up"]),
        agent("T2", skills=["jump_up"]),
        agent("L1"),
        placed={
            "T1": {"pos": (10.0, 10.0), "state": "face-down"},
            "T2": (10.0, 16.0),
            "L1": (34.0, 22.0),
        },
        active=1,
    )
    apply_all(game, "nominate L1", "pass L1", "pass L1", "stay T1")
    assert model(game, "T1").state == "face-down"
    assert game.decision is not None and game.decision.kind == "nominate"


def jumping_up(*dice: tuple[str, int]) -> Game:
    """The Lurkers' turn over: T1 (Jump Up, Hide) Face Up and Hidden, L1 6" away with a .22
    Handgun, Alert, L2 far away; T1 is asked whether to Jump Up."""
    game = book(
        agent("T1", skills=["jump_up", "hide"]),
        agent("L1", weapons=["unarmed", "handgun_22"]),
        agent("L2"),
        placed={
            "T1": {"pos": (10.0, 10.0), "state": "face-up"},
            "L1": (16.0, 10.0),
            "L2": (34.0, 22.0),
        },
        dice=list(dice),
        active=1,
        start="nominate",
        before=lambda g: setattr(g.state, "hidden", ("T1",)),  # Hidden before it fell
    )
    apply_all(game, "nominate L2", "pass L2", "pass L2")
    assert options(game) == ["jump-up T1", "stay T1"]
    return game


def test_r1089_r1095_jumping_up_ends_hiding() -> None:
    """R:1095, R:1089: the free Change State is an Action, so the Hidden model that takes it
    is Hidden no more."""
    game = jumping_up()
    game.apply("jump-up T1")
    assert model(game, "T1").state == "normal"
    assert game.state.hidden == ()
    assert events(game, "unhidden")[0].rule == "Skills: Hide (R:1089)"


def test_r245_r1095_an_alert_shot_follows_the_jump_up() -> None:
    """R:245, R:1095: an Alert enemy may shoot a model once it has completed an Action, the
    free Change State of Jump Up too."""
    game = jumping_up(("to-hit", 2))
    game.apply("jump-up T1")
    assert game.decision is not None and game.decision.player == 1
    assert options(game) == ["alert L1 T1 handgun_22", "no-alert"]
    game.apply("alert L1 T1 handgun_22")
    assert events(game, "alert")[0].models == ("L1", "T1")
    assert events(game, "hits")[0].data == {"hits": 0, "need": 5}
    assert game.decision is not None and game.decision.kind == "nominate"
    assert not dice_left(game)


# -- Barbaric Yawp (R:1053) --------------------------------------------------------------------


def yawping() -> Game:
    """T1 (Command, Barbaric Yawp) with T2 and T3 within 10", T4 12" away."""
    return commander("barbaric_yawp", 10.0 + TOUCH + 12.0)


def test_sa_barbaric_yawp_reaches_15_and_one_more_model_once_a_game() -> None:
    """R:1053: for one turn a game, nominations reach 15" and one model more."""
    game = yawping()
    apply_all(game, "nominate T1", "nominate T2", "nominate T3")
    assert options(game) == ["yawp T1", "done"]
    game.apply("yawp T1")
    yawp = events(game, "yawp")[0]
    assert (yawp.rule, yawp.models) == ("Skills: Barbaric Yawp (R:1053)", ("T1",))
    assert options(game) == ["nominate T4", "done"]
    game.apply("nominate T4")
    assert game.state.nominated == ("T1", "T2", "T3", "T4")
    assert game.state.yawp_used == ("T1",)


def test_sa_barbaric_yawp_not_twice() -> None:
    """R:1053: once a game; without it T4, 12" away, is out of Command's reach."""
    game = yawping()
    game.state.yawp_used = ("T1",)
    game.apply("nominate T1")
    assert options(game) == ["nominate T2", "nominate T3", "done"]
    refused(game, "nominate T4", 'T4 is 12" from T1: Command reaches 10"')
    refused(game, "yawp T1", "T1 gives no Barbaric Yawp now: once a game")


# -- Fighting with two weapons (R:283-284) and Two-Fisted (R:1167) ------------------------------

PAIR = ["unarmed", "claws", "knife"]
"""Claws (+2, 1D+2) the better, a Knife (+1, 1D+1, AP1) the second."""


def test_r284_two_weapons_one_more_die_one_off_the_ccb_and_either_to_wound() -> None:
    """R:284: one more die, -1 C.C. bonus; the winner wounds with the weapon it chooses."""
    game = duel(
        agent("T1", weapons=PAIR),
        agent("L1"),
        [*cc(4, 2, 5, 3, 2), ("to-wound", 4), ("to-wound", 1)],
    )
    assert game.decision is not None and game.decision.kind == "two-weapons"
    game.apply("two-weapons T1")
    assert events(game, "two-weapons")[0].rule == "Fighting with Two Weapons (R:284)"
    assert events(game, "combat-totals")[0].data == {"totals": [6, 4]}  # 5 + 2 - 1
    assert options(game) == ["wound T1", "wound T1 knife"]
    game.apply("wound T1 knife")
    assert events(game, "no-wound")[0].data == {"total": 5, "con": 6}  # 4 + 1, not 4 + 2
    assert not dice_left(game)


def test_r284_one_weapon_declined_and_no_second_weapon_to_wound() -> None:
    """R:284: fighting with one weapon is the player's choice; it wounds with its best."""
    game = duel(
        agent("T1", weapons=PAIR),
        agent("L1"),
        [*cc(4, 2, 3, 2), ("to-wound", 4), ("to-wound", 1), ("injury", 2), ("injury", 2)],
    )
    game.apply("one-weapon T1")
    assert events(game, "combat-totals")[0].data == {"totals": [6, 4]}  # 4 + 2
    assert options(game) == ["wound T1"]
    refused(game, "wound T1 knife", "T1 wounds with 'knife' only as the second of two weapons")
    game.apply("wound T1")
    assert events(game, "wounded")[0].data["total"] == 6  # 4 + 2
    assert not dice_left(game)


def test_sa_two_fisted_one_more_attack_and_no_penalty() -> None:
    """R:1167: with two weapons, one more Attack as well, and no -1 C.C. bonus."""
    game = duel(agent("T1", weapons=PAIR, skills=["two_fisted"]), agent("L1"), cc(2, 2, 3, 4, 3, 2))
    game.apply("two-weapons T1")
    assert events(game, "combat-totals")[0].data == {"totals": [6, 4]}  # four dice: 4 + 2
    assert not dice_left(game)


def test_r284_unarmed_is_no_second_weapon() -> None:
    """R:284: two weapons are two close combat weapons; Unarmed is none."""
    game = duel(agent("T1"), agent("L1"), cc(4, 2, 3, 2))
    assert game.decision is not None and game.decision.kind == "combat-won"
    assert not dice_left(game)


# -- Feint (R:1083) -----------------------------------------------------------------------------


def test_sa_feint_wins_without_dice_and_moves_away_once_a_game() -> None:
    """R:1083: once a game the model wins a combat outright and may only move away."""
    game = duel(agent("T1", skills=["feint"]), agent("L1"), [])
    assert options(game) == ["feint T1", "no-feint T1"]
    game.apply("feint T1")
    feint = events(game, "feint")[0]
    assert (feint.rule, feint.models) == ("Skills: Feint (R:1083)", ("T1",))
    assert game.decision is not None and game.decision.kind == "feint-away"
    assert not game.decision.options  # no roll to wound
    refused(game, "withdraw T1 2,10", 'more than the 5" allowed')
    game.apply("withdraw T1 8,10")
    assert model(game, "T1").pos == (8.0, 10.0)
    assert game.state.feint_used == ("T1",)
    assert not events(game, "combat-totals")


def test_sa_feint_declined_the_combat_is_fought() -> None:
    """R:1083: Feinting is the player's choice."""
    game = duel(agent("T1", skills=["feint"]), agent("L1"), cc(4, 2, 3, 2))
    game.apply("no-feint T1")
    assert events(game, "combat-totals")[0].data == {"totals": [5, 4]}
    assert game.state.feint_used == ()
    assert not dice_left(game)


# -- Grapple (R:621, rules notes §6 item 6) -----------------------------------------------------


def test_sa_grapple_the_loser_rolls_one_die_fewer_in_its_next_round() -> None:
    """Notes §6 item 6 (Grapple has no text, R:621): the loser's next round has -1 Attack."""
    game = duel(
        agent("T1", skills=["grapple"]),
        agent("L1"),
        [*cc(4, 2, 3, 2), ("to-wound", 3), *cc(5, 2, 2)],
    )
    grapple = events(game, "grapple")[0]
    assert (grapple.rule, grapple.models) == (
        "Skills: Grapple (R:621, rules notes §6 item 6)",
        ("T1", "L1"),
    )
    assert game.state.grappled == ("L1",)
    apply_all(game, "wound T1", "pass T1")  # 3 + 1 < 6: a Draw, fought again next turn
    assert events(game, "grappled")[0].models == ("L1",)
    assert events(game, "combat-totals")[-1].data == {"totals": [6, 3]}  # L1 rolled one die
    assert game.state.grappled == ()
    assert not dice_left(game)


def test_sa_grapple_the_loser_cannot_leave_by_revulsion() -> None:
    """Notes §6 item 6: a Grappled model does not leave the combat: Revulsion moves it not."""
    game = book(
        agent("T1"),
        agent("L1", types=["daemon"], skills=["fear", "grapple"]),
        placed={"T1": (10.0, 10.0), "L1": (10.0 + TOUCH, 10.0)},
        dice=[("resolve", 1), ("insanity", 4)],
        start="nominate",
    )
    game.state.grappled = ("T1",)
    apply_all(game, "nominate T1", "pass T1")
    assert events(game, "insanity")[0].data == {"result": "Revulsion"}
    assert events(game, "held")[0].models == ("T1",)
    assert model(game, "T1").pos == (10.0, 10.0)
    assert not dice_left(game)


# -- Throw (R:1159) -----------------------------------------------------------------------------


def test_sa_throw_the_loser_1d6_toward_a_point_it_lands_face_up() -> None:
    """R:1159: instead of wounding, the winner throws the loser 1D6" in a chosen direction;
    it lands Face Up, with no free roll to wound as it leaves."""
    game = duel(agent("T1", skills=["throw"]), agent("L1"), [*cc(4, 2, 3, 2), ("throw", 4)])
    x, y = model(game, "L1").pos
    refused(game, f"throw T1 L1 {x},{y}", "a throw needs a point beyond the base of L1")
    game.apply("throw T1 L1 20,10")
    throw = events(game, "throw")[0]
    assert (throw.rule, throw.models, throw.data) == (
        "Skills: Throw (R:1159)",
        ("T1", "L1"),
        {"length": 4},
    )
    assert model(game, "L1").pos == (NEAR + 4.0, 10.0)
    assert model(game, "L1").state == "face-up"
    assert not dice_left(game)


def test_r1159_a_throw_out_of_a_combat_grants_no_opponent_a_free_roll() -> None:
    """R:1159: the thrown model leaves the combat with no free roll to wound against it, from
    the thrower or from T2, its other opponent there (R:157's rolls are not owed)."""
    game = book(
        agent("T1", skills=["throw"]),
        agent("T2"),
        agent("L1"),
        agent("L2"),
        placed={
            "T1": (10.0, 10.0),
            "L1": (NEAR, 10.0),
            "T2": (NEAR, 10.0 + TOUCH),
            "L2": (34.0, 22.0),
        },
        dice=[*cc(3, 2, 3, 2), *cc(4, 2, 3, 3, 2), ("throw", 4)],
    )
    apply_all(game, "nominate T1", "charge T1 L1", "throw T1 L1 20,10")
    assert not events(game, "forced-to-break")
    assert model(game, "L1").pos == (NEAR + 4.0, 10.0)
    assert model(game, "L1").state == "face-up"
    assert not dice_left(game)


def test_sa_throw_off_the_table_is_a_minor_injury() -> None:
    """R:1159: a throw past the table's edge takes the model off it."""
    game = book(
        agent("T1", skills=["throw"]),
        agent("L1"),
        agent("L2"),
        placed={"T1": (10.0, 2.0), "L1": (NEAR, 2.0), "L2": (34.0, 22.0)},
        dice=[*cc(4, 2, 3, 2), ("throw", 6), ("resolve", 6)],  # L2 is the last Lurker
    )
    apply_all(game, "nominate T1", "charge T1 L1", "throw T1 L1 14,0")
    assert model(game, "L1").removed == "Minor Injury"
    assert events(game, "resolve")[0].data["situation"] == "last"
    assert not dice_left(game)


def test_sa_throw_not_offered_without_the_skill() -> None:
    """R:1159: only a model with Throw throws."""
    game = duel(agent("T1"), agent("L1"), cc(4, 2, 3, 2))
    assert game.decision is not None
    assert [p.kind for p in game.decision.points] == ["withdraw"]
    assert not dice_left(game)


# -- Hide (R:1089) ------------------------------------------------------------------------------

WALL = {"id": "wall", "kind": "impassable", "height": 3.0, "polygon": rect(10.0 + R, 8, 11, 12)}
"""A wall touching the east of a base at (10, 10)."""


def by_the_wall(*dice: tuple[str, int]) -> Game:
    """T1 (Hide) against the wall; L1 5" to its west with a .45 and a .22 Handgun."""
    return book(
        agent("T1", skills=["hide"]),
        agent("L1", weapons=["unarmed", "knife", "handgun_45", "handgun_22"]),
        placed={"T1": (10.0, 10.0), "L1": (4.5, 10.0)},
        board=board(WALL),
        dice=list(dice),
    )


def hiding(*dice: tuple[str, int]) -> Game:
    """T1 Hidden by the wall (:func:`by_the_wall`), L1 nominated to act."""
    game = by_the_wall(*dice)
    game.apply("nominate T1")
    assert "hide T1" in options(game)
    apply_all(game, "hide T1", "no-alert", "pass T1", "no-alert", "nominate L1")
    return game


def test_sa_hide_an_enemy_must_pass_resolve_to_shoot_or_the_action_is_spent() -> None:
    """R:1089: Hidden by scenery, a model is shot only after a passed Resolve test."""
    game = hiding(("resolve", 2), ("resolve", 5), ("to-hit", 2))
    assert events(game, "hidden")[0].rule == "Skills: Hide (R:1089)"
    assert game.state.hidden == ("T1",)
    game.apply("shoot L1 T1 handgun_45")
    assert events(game, "dare")[0].data == {"need": 4, "passed": False}
    assert not events(game, "shot")
    game.apply("shoot L1 T1 handgun_45")
    assert events(game, "dare")[1].data == {"need": 4, "passed": True}
    assert events(game, "shot")[0].models == ("L1", "T1")
    assert not dice_left(game)


def test_r1089_shooting_two_weapons_at_a_hidden_model_needs_the_test() -> None:
    """R:1089, R:285: a Shoot Action with two Ranged weapons is a Shoot at the Hidden model:
    a failed Resolve test spends it, no shot fired."""
    game = hiding(("resolve", 3))
    game.apply("shoot-two L1 T1 handgun_45 handgun_22")
    dare = events(game, "dare")[0]
    assert (dare.rule, dare.models, dare.data) == (
        "Skills: Hide (R:1089)",
        ("L1", "T1"),
        {"need": 4, "passed": False},
    )
    assert not events(game, "shot")
    assert game.decision is not None and "Action 2 of 2" in game.decision.prompt
    assert not dice_left(game)


def test_r1089_r177_a_hidden_model_is_no_closest_enemy_to_shoot_first() -> None:
    """R:1089, R:177: the Hidden T1 is the closest enemy, yet no shot is forced onto it (it
    is shot only after its own test): L1 shoots T2, 8" away, with no test at all."""
    game = book(
        agent("T1", skills=["hide"]),
        agent("T2"),
        agent("L1", weapons=["unarmed", "knife", "handgun_45"]),
        placed={"T1": (10.0, 10.0), "T2": (4.5, 18.0), "L1": (4.5, 10.0)},
        board=board(WALL),
        dice=[("to-hit", 2)],
    )
    apply_all(game, "nominate T1", "hide T1", "no-alert", "pass T1", "no-alert", "nominate L1")
    game.apply("shoot L1 T2 handgun_45")
    assert not events(game, "priority-test")
    assert not events(game, "retarget")
    assert events(game, "shot")[0].models == ("L1", "T2")
    assert not dice_left(game)


def test_r1089_an_ability_turned_on_a_hidden_model_needs_the_test() -> None:
    """R:1089: "or target it with ... other abilities": a Watcher's Evil Eye (R:708) at the
    Hidden model asks the test first, and a failure spends the Action."""
    game = book(
        agent("T1", skills=["hide"]),
        agent("L1", types=["daemon", "beast"], abilities=["evil_eye", "strider"]),
        placed={"T1": (10.0, 10.0), "L1": (4.5, 10.0)},
        board=board(WALL),
        dice=[("resolve", 2)],
    )
    apply_all(game, "nominate T1", "hide T1", "pass T1", "nominate L1")
    game.apply("evil-eye L1 T1")
    assert events(game, "dare")[0].data == {"need": 4, "passed": False}
    assert not events(game, "evil-eye")
    assert model(game, "T1").state == "normal"
    assert not dice_left(game)


def test_r223_a_frenzied_model_shoots_a_hidden_enemy_with_no_test() -> None:
    game = hiding(("to-hit", 2))
    game.state.frenzied = ("L1",)  # a Frenzy rolled earlier this turn
    game.apply("shoot L1 T1 handgun_45")
    passed = events(game, "frenzy-passes-test")[0]
    assert (passed.rule, passed.models, passed.data) == (
        "Insanity Table: Frenzy (R:223)",
        ("L1",),
        {"test": "Skills: Hide (R:1089)"},
    )
    assert not events(game, "dare")
    assert events(game, "shot")[0].models == ("L1", "T1")
    assert not dice_left(game)


def test_sa_hide_a_charge_needs_the_test_too_and_acting_reveals() -> None:
    """R:1089: a Charge needs the test; the Hidden model's next Action ends its hiding."""
    game = hiding(("resolve", 3))
    game.apply("charge L1 T1")
    assert events(game, "dare")[0].data == {"need": 4, "passed": False}
    assert model(game, "L1").pos == (4.5, 10.0)
    apply_all(game, "pass L1", "nominate T1", "pass T1")
    assert game.state.hidden == ("T1",)  # a forfeit is no Action taken
    game.apply("move T1 9,10")
    assert events(game, "unhidden")[0].models == ("T1",)
    assert game.state.hidden == ()
    assert not dice_left(game)


def test_sa_hide_only_by_scenery_and_with_the_skill() -> None:
    """R:1089: the model must be in base-to-base with scenery, and have Hide."""
    game = book(
        agent("T1", skills=["hide"]),
        agent("T2"),
        agent("L1"),
        placed={"T1": (20.0, 10.0), "T2": (10.0, 10.0), "L1": (34.0, 22.0)},
        board=board(WALL),
    )
    game.apply("nominate T1")
    assert "hide T1" not in options(game)
    refused(game, "hide T1", "T1 is in base-to-base with no scenery to Hide by")
    apply_all(game, "pass T1", "pass T1", "nominate L1", "pass L1", "pass L1", "nominate T2")
    refused(game, "hide T2", "T2 has no Hide skill (R:1089)")


def test_sa_hide_an_alert_shot_at_the_hidden_model_needs_the_test() -> None:
    """R:1089: an Alert shot aims at the Hidden model by an ability: the test first."""
    game = by_the_wall(("resolve", 1))
    apply_all(game, "nominate T1", "hide T1", "alert L1 T1 handgun_45")
    assert events(game, "dare")[0].models == ("L1", "T1")
    assert not events(game, "shot")
    assert game.state.alert_shots == ("L1",)
    assert not dice_left(game)


# -- Burly (R:1057) -----------------------------------------------------------------------------


def test_sa_burly_is_played_and_lifts_the_2_hand_limit_of_the_list() -> None:
    """R:1057: Burly acts on what the model carries, checked with the list: any number of
    2-Hand weapons (one without it, notes §6 item 4)."""
    rules = find_ruleset(BOOK)
    assert isinstance(rules, StrangeAeons)
    burly, agent_profile = rules.book.skills["burly"], rules.book.personnel["agent"]
    assert playable(rules.book, load_played(), burly)
    assert two_hand_limit(rules.book, agent_profile, [burly]) == (None, "R:1057")
    assert two_hand_limit(rules.book, agent_profile, []) == (1, "R:1057, notes §6 item 4")


# -- Team Player (R:1155, rules notes item 55) --------------------------------------------------


def team(t2_at: tuple[float, float]) -> Game:
    """T1 (Command) at (5, 5) and T2 (Team Player) at ``t2_at``, the Threshold turn about to
    begin after the Lurkers'."""
    game = book(
        agent("T1", skills=["command"]),
        agent("T2", skills=["team_player"]),
        agent("L1"),
        placed={"T1": (5.0, 5.0), "T2": t2_at, "L1": (34.0, 22.0)},
        active=1,
        start="nominate",
    )
    apply_all(game, "nominate L1", "pass L1", "pass L1")
    return game


def test_sa_team_player_takes_the_command_models_actions_in_order() -> None:
    """R:1155, notes item 55: not nominated, within 5" of a Command model as the turn began,
    it takes the same Actions in the same order, with its own targets."""
    game = team((5.0, 8.0))
    assert game.state.teams == (("T2", "T1"),)
    apply_all(game, "nominate T1", "done", "move T1 8,5", "pass T1")
    follows = events(game, "team-player")[0]
    assert (follows.rule, follows.models) == (
        "Skills: Team Player (R:1155, rules notes item 55)",
        ("T2", "T1"),
    )
    assert game.decision is not None and "Team Player" in game.decision.prompt
    assert options(game) == ["pass T2"]
    assert [p.kind for p in game.decision.points] == ["move"]
    game.apply("move T2 8,8")
    assert options(game) == ["pass T2"] and not game.decision.points
    refused(game, "move T2 9,8", "T2 takes the Actions of T1 (Team Player, R:1155)")
    game.apply("pass T2")
    assert model(game, "T2").pos == (8.0, 8.0)
    assert game.state.active == 1  # both have acted: the Lurkers' turn


def test_sa_team_player_beyond_5_or_nominated_does_not_follow() -> None:
    """R:1155: only a model within 5" of the Command model as the turn began, and not
    nominated."""
    game = team((5.0, 12.0))
    assert game.state.teams == ()
    apply_all(game, "nominate T1", "done", "pass T1", "pass T1")
    assert not events(game, "team-player")
    game = team((5.0, 8.0))
    apply_all(game, "nominate T1", "nominate T2", "activate T1", "pass T1", "pass T1")
    assert not events(game, "team-player")
    assert game.decision is not None and game.decision.prompt == "Agent T2 (T2): Action 1 of 2"


# -- Destroy Weapon (R:1069) --------------------------------------------------------------------

VEST = {"id": "light_armoured_vest", "name": "Light Armoured Vest", "con": 1, "move": -1}


def armed_duel(dice: list[tuple[str, int]]) -> Game:
    """T1 (Destroy Weapon) charging L1, who has Claws of its own, a Knife and a .45 Handgun
    of the Weapons Tables and a Light Armoured Vest (M 4, 1 armour point)."""
    setup = forces(
        agent("T1", skills=["destroy_weapon"]),
        agent("L1", weapons=["claws", "knife", "handgun_45"], armour=1, move=4, worn=[VEST]),
    )
    for weapon in setup["lurkers"]["weapons"]:
        weapon["item"] = weapon["id"] != "claws"
    game = scenario({"T1": (10.0, 10.0), "L1": (NEAR, 10.0)}, dice, ruleset_id=BOOK, setup=setup)
    apply_all(game, "nominate T1", "charge T1 L1", "one-weapon L1")
    return game


def test_sa_destroy_weapon_takes_a_piece_of_armour_instead_of_wounding() -> None:
    """R:1069: instead of rolling to wound, the winner destroys an item of the Weapons
    Tables the loser has: its armour goes, and the Movement it cost."""
    game = armed_duel(cc(5, 4, 3, 2))  # 5 + 1 against 3 + 2
    assert options(game) == [
        "wound T1",
        "destroy T1 knife",
        "destroy T1 handgun_45",
        "destroy T1 light_armoured_vest",
    ]
    game.apply("destroy T1 light_armoured_vest")
    destroyed = events(game, "item-destroyed")[0]
    assert (destroyed.rule, destroyed.models, destroyed.data) == (
        "Skills: Destroy Weapon (R:1069)",
        ("T1", "L1"),
        {"item": "Light Armoured Vest"},
    )
    prof = catalog_of(game).profile(model(game, "L1").profile)
    assert (prof.armour, prof.move, prof.worn) == (0, 5, ())
    assert events(game, "draw")[-1].models == ("T1", "L1")
    assert not dice_left(game)


def test_sa_destroy_weapon_takes_a_weapon_never_an_own_one() -> None:
    """R:1069: a weapon of the tables goes; the Claws, the model's own, cannot."""
    game = armed_duel(cc(5, 4, 3, 2))
    refused(game, "destroy T1 claws", "only an item of the Weapons Tables the loser has")
    game.apply("destroy T1 knife")
    prof = catalog_of(game).profile(model(game, "L1").profile)
    assert prof.weapons == ("claws", "handgun_45")
    assert not dice_left(game)


def against_the_puppeteer(side: dict[str, Any], dice: list[tuple[str, int]]) -> Game:
    """T1, the one model of ``side`` as the book's data builds it, 2" from L1, a Dark
    Puppeteer (3 Attacks, Destroy Weapon printed, R:645), on the Lurkers' turn."""
    puppeteer = lurker_list('profile = "Dark Puppeteer"')
    setup = {
        "threshold": side,
        "lurkers": force_setup(book_data(), puppeteer, 1, "l", SeededDice(1)),
    }
    placed = {"T1": (10.0, 10.0), "L1": (NEAR, 10.0)}
    return scenario(placed, dice, active=1, start="nominate", ruleset_id=BOOK, setup=setup)


def test_r1069_r451_destroy_weapon_takes_the_squad_leaders_printed_vest() -> None:
    """R:1069, R:451: the Light Armoured Vest printed with the Squad Leader is a Master table
    item he has equipped; destroyed, its Constitution point and Movement penalty go with it
    (his printed 6/7 and 5/4, notes §6 item 38)."""
    leader = threshold_team('profile = "Squad Leader"')
    side = force_setup(book_data(), leader, 0, "t", SeededDice(1))
    # Hideous and Fear tests passed; 5 + 0 against 3 + 1 (Sword unparried)
    game = against_the_puppeteer(side, [("resolve", 5), ("resolve", 5), *cc(5, 4, 3, 3, 2)])
    apply_all(game, "nominate L1", "charge L1 T1", "no-parry T1")
    assert options(game) == [
        "wound L1",
        "destroy L1 sword",
        "destroy L1 handgun_45",
        "destroy L1 light_armoured_vest",
    ]
    prof = catalog_of(game).profile(model(game, "T1").profile)
    assert (prof.con, prof.armour, prof.move) == (6, 1, 4)
    game.apply("destroy L1 light_armoured_vest")
    assert events(game, "item-destroyed")[0].data == {"item": "Light Armoured Vest"}
    prof = catalog_of(game).profile(model(game, "T1").profile)
    assert (prof.con, prof.armour, prof.move, prof.worn) == (6, 0, 5, ())
    assert prof.weapons == ("sword", "handgun_45")
    assert not dice_left(game)


def test_r460_r1069_the_wooden_stake_is_extra_gear_never_destroyed() -> None:
    """R:460, R:1069: Extra Gear is no item of the Weapons Tables, so the Squad Leader's
    Wooden Stake (R:486) is not offered to Destroy Weapon, though he may fight with it."""
    leader = threshold_team('profile = "Squad Leader"\ngear = ["Wooden Stake"]')
    side = force_setup(book_data(), leader, 0, "t", SeededDice(1))
    game = against_the_puppeteer(side, [("resolve", 5), ("resolve", 5), *cc(5, 4, 3, 3, 2)])
    apply_all(game, "nominate L1", "charge L1 T1", "one-weapon T1", "no-parry T1")
    assert "wooden_stake" in catalog_of(game).profile("T1").weapons
    assert options(game) == [
        "wound L1",
        "destroy L1 sword",
        "destroy L1 handgun_45",
        "destroy L1 light_armoured_vest",
    ]
    refused(game, "destroy L1 wooden_stake", "only an item of the Weapons Tables the loser has")
    assert not dice_left(game)


def test_r1069_the_printed_vests_of_the_rogue_and_the_ancient_warrior_may_be_destroyed() -> None:
    """R:1069: the Rogue Threshold Character's Light Armoured Vest and the Ancient Warrior's
    Light Armour are printed items of the tables too, counted once (M 5/4 C 6/7, M 4/3 C 5/6)."""
    for profile, move in (("Rogue Threshold Character", 4), ("Ancient Warrior", 3)):
        lurker = lurker_list(f'profile = "{profile}"')
        game = against_the_puppeteer(force_setup(book_data(), lurker, 0, "t", SeededDice(1)), [])
        cat = catalog_of(game)
        prof = cat.profile("T1")
        assert (prof.armour, prof.move) == (1, move)
        assert destroyable(cat, prof)["light_armoured_vest"] == "Light Armoured Vest"
        lost = cat.profile("T1~light_armoured_vest")
        assert (lost.armour, lost.move, lost.worn) == (0, move + 1, ())
