"""Horses and riding (Ride, R:1121; Trick Rider, R:1165; the Horses' Bolt and Mount, R:1387,
R:1392; notes §3.6), each with scripted dice on forces written by hand, named after the rule
they play."""

from __future__ import annotations

import math
from typing import Any

import pytest
from tests.dice_script import script
from tests.rulesets.strange_aeons.helpers import (
    TOUCH,
    apply_all,
    board,
    dice_left,
    events,
    model,
    options,
    rect,
    refused,
)
from tests.rulesets.strange_aeons.rulebook import (
    agent,
    animal,
    book,
    forces,
    ghost,
    holding,
    mid_game,
)

from skirmish.contract import random_game
from skirmish.engine.action import Action
from skirmish.engine.game import Game
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.strange_aeons import ai, riding, tokens
from skirmish.rulesets.strange_aeons.damage import remove
from skirmish.rulesets.strange_aeons.forces import load_played, playable
from skirmish.rulesets.strange_aeons.rulebook import StrangeAeons
from skirmish.rulesets.strange_aeons.state import Token
from skirmish.rulesets.strange_aeons.turn import action_options

RIDE = "Skills: Ride (R:1121)"
THROWN = "Skills: Ride, a thrown rider (R:1121)"
KICKS = {
    "kick": {"id": "kick", "name": "Kick", "kind": "close", "damage": 2, "ccb": 1},
    "heavy_kick": {"id": "heavy_kick", "name": "Kick", "kind": "close", "damage": 3, "ccb": 1},
    "carbine": {"id": "carbine", "name": "Carbine", "kind": "ranged", "damage": 1}
    | {"range": 12.0, "rate": 2},
}
"""The Horses' Kicks (C.C.B. +1, Dam. 1D+2 and 1D+3, R:1387, R:1392), and a Rate 2 gun that
reaches beyond an Alert shot's 10"."""
HERE = (10.0, 10.0)
BESIDE = (10.0 + TOUCH, 10.0)
FAR = (34.0, 22.0)


def rider(model_id: str, *skills: str, **fields: Any) -> dict[str, Any]:
    """An Agent with Animal Handler, Ride and ``skills``."""
    return agent(model_id, skills=["animal_handler", "ride", *skills], **fields)


def horse(model_id: str, handler: str, heavy: bool = False, **fields: Any) -> dict[str, Any]:
    """``handler``'s Light Horse (8 | 3+ | 6 | 1 | 1 | 5+, R:1383) or Heavy Horse (6 | 4+ | 7 |
    1 | 2 | 5+, R:1388), changed by ``fields``."""
    stats = {"move": 6, "dex": 4, "con": 7, "wounds": 2} if heavy else {"move": 8, "dex": 3}
    base: dict[str, Any] = {
        "name": f"Horse {model_id}",
        "con": 6,
        "attacks": 1,
        "res": 5,
        "types": ["animal"],
        "weapons": ["unarmed", "heavy_kick" if heavy else "kick"],
        "abilities": ["bolt", "mount"],
        "handler": handler,
        **stats,
    }
    return agent(model_id, **{**base, **fields})


def stable(*profiles: dict[str, Any], **kwargs: Any) -> Game:
    """A rulebook game of these forces, the Horses' Kicks known."""
    return book(*profiles, weapons=KICKS, **kwargs)


def mounted(
    *extra: dict[str, Any],
    dice: list[tuple[str, int]] | None = None,
    skills: tuple[str, ...] = (),
    **kw: Any,
) -> Game:
    """T1 (with ``skills`` and ``kw`` as his profile's fields) mounted on his Light Horse T2
    at (10, 10) in the Threshold's turn, his first Action spent mounting; ``extra`` others
    placed at ``placed``."""
    placed = kw.pop("placed", {})
    game = stable(
        rider("T1", *skills, **kw),
        horse("T2", "T1"),
        *extra,
        placed={"T1": HERE, "T2": BESIDE, **placed},
        dice=dice,
    )
    apply_all(game, "nominate T1", "done", "mount T1 T2")
    return game


# -- Mounting and dismounting (R:1121) ----------------------------------------------------------


def test_r1120_a_rider_mounts_his_horse_in_base_to_base_with_an_action() -> None:
    game = mounted(agent("L1"), placed={"L1": FAR})
    horse_ = model(game, "T2")
    assert not horse_.on_table and horse_.removed is None
    mount = events(game, "mounted")[0]
    assert (mount.rule, mount.models) == (RIDE, ("T1", "T2"))
    assert "dismount T1" in options(game)
    assert "Action 2 of 2" in game.decision.prompt
    assert not dice_left(game)


def test_r1120_mounting_is_refused_out_of_base_to_base_or_without_ride() -> None:
    game = stable(
        rider("T1"),
        horse("T2", "T1"),
        agent("T3"),
        horse("T4", "T3"),
        agent("L1"),
        placed={"T1": HERE, "T2": (15.0, 10.0), "T3": (10.0, 20.0), "T4": (10.0 + TOUCH, 20.0)}
        | {"L1": FAR},
    )
    apply_all(game, "nominate T1", "done")
    refused(game, "mount T1 T2", "T1 is not in base-to-base with T2 (R:1121)")
    refused(game, "mount T1 T4", "T4 is not a Mount of T1 (R:1121)")
    refused(game, "dismount T1", "T1 is not mounted")
    apply_all(
        game, "pass T1", "pass T1", "nominate L1", "pass L1", "pass L1", "nominate T3", "done"
    )
    refused(game, "mount T3 T4", "T3 has no Ride skill (R:1121)")


def test_r157_a_horse_in_close_combat_is_not_mounted() -> None:
    # T2 fights L1 (a Draw as the turn begins); mounted, it would leave the combat with no
    # free roll to wound.
    game = stable(
        rider("T1"),
        horse("T2", "T1"),
        agent("L1"),
        placed={"T1": HERE, "T2": BESIDE, "L1": (10.0 + 2 * TOUCH, 10.0)},
        dice=script("close-combat", 3, "close-combat", 3, 3),
    )
    apply_all(game, "nominate T1", "done")
    assert "mount T1 T2" not in options(game)
    refused(game, "mount T1 T2", "T2 is in close combat with L1: it is mounted only out of it")
    assert not dice_left(game)


def test_r1120_a_mounted_model_moves_with_the_horses_movement() -> None:
    game = mounted(agent("L1"), placed={"L1": FAR})
    refused(game, "move T1 18.6,10", 'more than the 8" allowed')
    game.apply("move T1 18,10")
    assert model(game, "T1").pos == (18.0, 10.0)
    assert not model(game, "T2").on_table


def test_r1120_dismounting_sets_the_horse_down_in_base_to_base() -> None:
    game = mounted(agent("L1"), placed={"L1": FAR})
    game.apply("dismount T1")
    rider_, horse_ = model(game, "T1"), model(game, "T2")
    assert horse_.on_table
    assert math.dist(rider_.pos, horse_.pos) == pytest.approx(TOUCH, abs=0.01)
    assert events(game, "dismounted")[0].models == ("T1", "T2")
    assert game.state.mounts == ()


def test_r1120_dismounting_is_refused_where_the_horse_has_no_room() -> None:
    ring = {
        f"T{3 + i}": (HERE[0] + TOUCH * math.cos(a), HERE[1] + TOUCH * math.sin(a))
        for i, a in enumerate(math.radians(d) for d in (60, 120, 180, 240, 300))
    }
    friends = [agent(t) for t in (*ring, "T8")]
    game = mounted(*friends, agent("L1"), placed={**ring, "T8": (30.0, 2.0), "L1": FAR})
    t8 = model(game, "T8")
    t8.x, t8.y = BESIDE  # a friend steps where the Horse stood: six bases ring the rider
    assert "dismount T1" not in options(game)
    refused(game, "dismount T1", "there is no room beside T1 to set its Horse down")


def test_r1120_a_horse_keeps_to_the_ground_ridden_or_not() -> None:
    tower = {"id": "tower", "kind": "climbable", "height": 3.0, "polygon": rect(20, 10, 24, 14)}
    ladder = {"id": "lad", "terrain": "tower", "foot": [22.0, 9.4], "top": [22.0, 10.6]}
    game = stable(
        rider("T1"),
        horse("T2", "T1"),
        agent("L1"),
        placed={"T1": (22.0, 9.4), "T2": (22.0 - TOUCH, 9.4), "L1": FAR},
        board=board(tower, ladders=(ladder,)),
    )
    apply_all(game, "nominate T1", "done")
    assert "climb T1 lad" in options(game)
    game.apply("mount T1 T2")
    assert "climb T1 lad" not in options(game)
    assert not [p for p in game.decision.points if p.kind == "jump"]


# -- Shooting from the saddle (R:1121) ----------------------------------------------------------


def test_r1120_a_shot_from_the_saddle_is_one_harder_to_hit() -> None:
    game = mounted(
        agent("L1"),
        placed={"L1": (18.0, 10.0)},
        weapons=["unarmed", "handgun_45"],
        dice=script("to-hit", 5),
    )
    game.apply("shoot T1 L1 handgun_45")
    assert events(game, "hits")[0].data == {"hits": 0, "need": 6}
    assert not events(game, "steady")
    assert not dice_left(game)


def test_r1120_the_odds_shown_count_the_saddle() -> None:
    # Dexterity 4+ and 1 more from the saddle: a 5 or a 6 hits, no save, so 2 in 6 get through.
    game = mounted(
        agent("L1"), placed={"L1": (18.0, 10.0)}, dex=4, weapons=["unarmed", "handgun_45"]
    )
    line = game.ruleset.action_odds(game, Action("shoot", ("T1", "L1", "handgun_45")))
    assert line.startswith("a shot gets through 33%")


def test_r1121_the_odds_of_a_shot_past_the_closest_count_the_horse_s_roll() -> None:
    # His test needs 4+; his Horse's roll beside it his Resolve too, better than its 5+: a
    # quarter of the shots go on to L1, a quarter turn on L2, half are spent as he is thrown.
    game = mounted(
        agent("L1"),
        agent("L2"),
        placed={"L1": (18.0, 10.0), "L2": (10.0, 13.5)},
        weapons=["unarmed", "handgun_45"],
    )
    line = game.ruleset.action_odds(game, Action("shoot", ("T1", "L1", "handgun_45")))
    assert line.startswith("past the closest: needs 4+ (25%); his Horse throws him 50%; ")
    assert "; else at L2: " in line


def test_r1120_a_pistol_of_rate_2d_fires_from_the_saddle_with_no_test() -> None:
    game = mounted(
        agent("L1"),
        placed={"L1": (16.0, 10.0)},
        weapons=["unarmed", "handgun_22"],
        dex=4,
        dice=script("to-hit", 5, 5, "to-wound", 2, 3),
    )
    game.apply("shoot T1 L1 handgun_22")
    assert not events(game, "steady")
    assert events(game, "hits")[0].data == {"hits": 2, "need": 5}
    assert not dice_left(game)


def test_r1120_a_2d_weapon_needs_the_horses_resolve_test_first() -> None:
    game = mounted(
        agent("L1"),
        placed={"L1": (16.0, 10.0)},
        weapons=["unarmed", "shotgun"],
        dice=script("resolve", 5, "to-hit", 2, 3),
    )
    game.apply("shoot T1 L1 shotgun")
    steady = events(game, "steady")[0]
    assert (steady.models, steady.data) == (("T2", "T1"), {"need": 5, "passed": True})
    assert events(game, "hits")[0].data == {"hits": 0, "need": 6}
    assert not dice_left(game)


def test_r1121_the_horse_steadies_on_its_own_resolve_no_friend_lending_it() -> None:
    # T3 (Command and Presence, Resolve 2+) stands 1" from the rider: the Horse's test before
    # the shot is on the Mount's own 5+ all the same.
    game = mounted(
        agent("T3", skills=["command", "presence"], res=2),
        agent("L1"),
        placed={"T3": (12.0, 10.0), "L1": (16.0, 10.0)},
        weapons=["unarmed", "shotgun"],
        dice=script("resolve", 4),
    )
    game.apply("shoot T1 L1 shotgun")
    steady = events(game, "steady")[0]
    assert (steady.models, steady.data) == (("T2", "T1"), {"need": 5, "passed": False})
    assert not events(game, "shared-resolve") and not events(game, "hits")
    assert events(game, "thrown")[0].models == ("T1", "T2")
    assert not dice_left(game)


def test_r1121_the_heuristic_weighs_the_horses_test_on_its_own_worsened_resolve_r735() -> None:
    # T2 failed the Frighteners' test (R:735): it steadies on 6+, not 5+, so the heuristic's
    # shot from the saddle is worth half what it is on a calm Horse, as play's test needs.
    calm, shaken = (
        mounted(agent("L1"), placed={"L1": (16.0, 10.0)}, weapons=["unarmed", "shotgun"])
        for _ in range(2)
    )
    shaken.state.frightened = ("T2",)
    shot = "shoot T1 L1 shotgun"
    assert scores(shaken)[shot] == pytest.approx(scores(calm)[shot] / 2)


def test_r1120_a_horse_failing_before_a_2d_shot_throws_its_rider_face_up() -> None:
    game = mounted(
        agent("L1"),
        placed={"L1": (16.0, 10.0)},
        weapons=["unarmed", "shotgun"],
        dice=script("resolve", 4),
    )
    game.apply("shoot T1 L1 shotgun")
    rider_, horse_ = model(game, "T1"), model(game, "T2")
    assert not events(game, "hits")
    assert rider_.state == "face-up"
    assert horse_.pos == HERE and horse_.on_table
    assert math.dist(rider_.pos, HERE) == pytest.approx(2.0, abs=0.01)
    assert events(game, "thrown")[0].rule == THROWN
    assert game.state.mounts == () and game.state.threw == ("T2",)
    assert not dice_left(game)


# -- Hits on the pair (R:1121) -------------------------------------------------------------------


def shot_at_pair(*faces: str | int, **horse_fields: Any) -> Game:
    """L1 shoots the Mounted T1 (a Carbine, Rate 2, from beyond the reach of an Alert shot)
    in the Lurkers' turn with ``faces``."""
    game = stable(
        rider("T1"),
        horse("T2", "T1", **horse_fields),
        agent("L1", weapons=["unarmed", "carbine"]),
        placed={"T1": HERE, "T2": BESIDE, "L1": (21.5, 10.0)},
        dice=script(*faces),
    )
    apply_all(game, "nominate T1", "done", "mount T1 T2", "pass T1", "nominate L1")
    game.apply("shoot L1 T1 carbine")
    return game


def test_r1120_hits_on_a_mounted_model_go_1_4_to_the_mount_5_6_to_the_rider() -> None:
    game = shot_at_pair("to-hit", 5, 5, "mount-or-rider", 4, 5, "to-wound", 2, "to-wound", 2)
    shared = events(game, "hits-shared")[0]
    assert (shared.models, shared.data) == (("T2", "T1"), {"mount": 1, "rider": 1})
    assert [e.models for e in events(game, "no-wound")] == [("T2",), ("T1",)]
    assert not dice_left(game)


def test_r1120_a_mount_losing_its_last_wound_throws_its_rider_before_its_injury() -> None:
    game = shot_at_pair("to-hit", 5, 2, "mount-or-rider", 2, "to-wound", 6, "injury", 2, 2)
    # Damage 6+1 against Constitution 6 takes 2 Wounds of 1: the Injury roll is 4+1, Unconscious.
    rider_, horse_ = model(game, "T1"), model(game, "T2")
    assert rider_.state == "face-up" and horse_.on_table and horse_.state == "face-down"
    assert math.dist(rider_.pos, HERE) == pytest.approx(2.0, abs=0.01)
    assert [e.kind for e in game.log if e.kind in ("thrown", "injury")] == ["thrown", "injury"]
    assert not dice_left(game)


def test_r1120_a_rider_removed_takes_his_horse_out_of_play() -> None:
    game = shot_at_pair("to-hit", 5, 2, "mount-or-rider", 6, "to-wound", 6, "injury", 6, 6)
    assert model(game, "T1").removed == "Major Injury"
    assert model(game, "T2").removed == "Minor Injury"
    assert game.state.mounts == ()


def test_r1569_a_ridden_horse_leaving_play_with_its_rider_drops_the_package_there_r1366() -> None:
    # The Bag Man: Horse T2 holds the package, ridden by T1; T1 removed, it leaves with him
    # (R:1366), and the package falls where they stood.
    game = mid_game(
        "the-bag-man",
        rider("T1"),
        horse("T2", "T1"),
        agent("L1"),
        placed={"T1": HERE, "T2": BESIDE, "L1": FAR},
        edges=("east", "west"),
        weapons=KICKS,
    )
    holding(game, Token("P", "package", holder="T2"), bag_man="T1", revealed=True)
    riding.mount(game, model(game, "T1"), model(game, "T2"), RIDE)
    remove(game, model(game, "T1"), "Minor Injury", "test", injured=False)
    assert model(game, "T2").removed == "Minor Injury"
    assert events(game, "dropped")[0].data == {"marker": "P", "at": [10.99, 10.0]}
    assert tokens.on_table(game) == [Token("P", "package", 10.99, 10.0)]


# -- Resolve tests: the pair's, Bolt (R:1121, R:1387) --------------------------------------------


def feared_pair(*faces: str | int, skills: tuple[str, ...] = ()) -> Game:
    """T1 (Resolve 3+, with ``skills``) mounted on T2 rides within 5" of the Fear-causing L1:
    both test, with ``faces``."""
    game = stable(
        rider("T1", *skills, res=3),
        horse("T2", "T1"),
        agent("L1", types=["daemon"], skills=["fear"]),
        placed={"T1": HERE, "T2": BESIDE, "L1": (22.5, 10.0)},
        dice=script(*faces),
    )
    apply_all(game, "nominate T1", "done", "mount T1 T2", "move T1 18,10")
    if skills:
        game.apply("stay T1")  # a Trick Rider stays in the saddle at the end of its Move
    return game


def test_r1120_rider_and_mount_both_test_on_the_riders_resolve() -> None:
    game = feared_pair("resolve", 3, 3)
    tests = events(game, "resolve")
    assert [(t.models, t.data["need"], t.data["passed"]) for t in tests] == [
        (("T1",), 3, True),
        (("T2",), 3, True),
    ]
    lent = events(game, "shared-resolve")[0]
    assert (lent.rule, lent.models) == (RIDE, ("T2", "T1"))
    assert not dice_left(game)


def test_r1121_a_ridden_horse_is_lent_resolve_only_near_where_its_rider_stands() -> None:
    # T3 (Command, Resolve 2+) stands by the table's corner, far from the pair: neither T1
    # (Resolve 5+) nor his Horse borrows it for the Fear of L1 (R:1061).
    game = stable(
        rider("T1", res=5),
        horse("T2", "T1"),
        agent("T3", skills=["command"], res=2),
        agent("L1", types=["daemon"], skills=["fear"]),
        placed={"T1": HERE, "T2": BESIDE, "T3": (1.5, 1.5), "L1": (22.5, 10.0)},
        dice=script("resolve", 5, 5),
    )
    apply_all(game, "nominate T1", "done", "mount T1 T2", "move T1 18,10")
    tests = [(e.models, e.data["need"], e.data["passed"]) for e in events(game, "resolve")]
    assert tests == [(("T1",), 5, True), (("T2",), 5, True)]
    assert not events(game, "shared-resolve")
    assert not dice_left(game)


def test_r1047_an_animal_lovers_horse_rolls_for_the_removal_and_never_frenzies() -> None:
    # T1 (Animal Lover, Resolve 4+) rides T2 as his Dog T3, 3" away, is removed: he Frenzies
    # with no test, passes the removal's test, and T2 rolls beside him on his Resolve (R:1121).
    game = mounted(
        animal("T3", "T1"),
        agent("L1"),
        placed={"T3": (10.0, 13.0), "L1": (30.0, 20.0)},
        skills=("animal_lover",),
        res=4,
        dice=script("resolve", 4),
    )
    remove(game, model(game, "T3"), "Major Injury", "test", by=("L1",))
    game.apply("pass T1")
    assert [e.models for e in events(game, "animal-lover")] == [("T1",)]
    passed = [(e.models, e.data["situation"]) for e in events(game, "frenzy-passes")]
    assert passed == [(("T1",), "removal:T3")]
    tests = [(e.models, e.data) for e in events(game, "resolve")]
    assert tests == [(("T2",), {"situation": "removal:T3", "need": 4, "passed": True})]
    assert not dice_left(game)


def test_sa_bolt_a_mount_failing_its_test_throws_its_rider_and_flees() -> None:
    game = feared_pair("resolve", 3, 2)
    rider_, horse_ = model(game, "T1"), model(game, "T2")
    assert rider_.state == "face-up"
    assert events(game, "bolt")[0].models == ("T2",)
    assert not events(game, "insanity")
    assert horse_.on_table and horse_.x < 18.0
    assert not dice_left(game)


def test_sa_bolt_a_horse_failing_a_test_suffers_revulsion_with_no_insanity_roll() -> None:
    game = stable(
        rider("T1", res=3),
        horse("T2", "T1"),
        agent("L1", types=["daemon"], skills=["fear"]),
        placed={"T1": (5.0, 10.0), "T2": (15.5, 10.0), "L1": (20.0, 10.0)},
        dice=script("resolve", 4),
    )
    apply_all(game, "nominate T1", "pass T1")
    assert events(game, "bolt")[0].rule == "Horses: Bolt (R:1387)"
    assert not events(game, "insanity")
    assert model(game, "T2").x < 15.5
    assert not dice_left(game)


def test_r1120_a_horse_that_threw_its_rider_stays_where_it_is() -> None:
    game = feared_pair("resolve", 3, 2)
    found, points = action_options(game, model(game, "T2"))
    assert [a.kind for a in found] == ["pass"] and not points
    assert game.state.threw == ("T2",)


MOUNT_TEST = "Skills: Ride, the Mount's roll beside its rider's test (R:1121)"


def saddled(game: Game) -> None:
    """T1 rides his Horse T2 already, carried off the table: a pair ready in the Lurkers'
    turn."""
    game.state.mounts = (("T1", "T2"),)
    model(game, "T2").x, model(game, "T2").y, model(game, "T2").level = -1.0, -1.0, None


def test_r1121_the_horse_rolls_beside_its_riders_frighteners_test_and_throws_him() -> None:
    """A Restless Spirit moves through T1 (Resolve 4+) on his Light Horse: he fails, and so
    does the Horse on his Resolve, better than its 5+: it throws him 2" Face Up."""
    game = stable(
        rider("T1"),
        horse("T2", "T1"),
        ghost("L1", abilities=["grave_bound", "the_frighteners"]),
        placed={"T1": (12.5, 10.0), "T2": FAR, "L1": HERE},
        active=1,
        dice=script("resolve", 3, 3),
    )
    game.state.graves = (("L1", 10.6, 10.0),)
    saddled(game)
    apply_all(game, "nominate L1", "move L1 15,10")
    assert [e.data["passed"] for e in events(game, "frighteners")] == [False]
    pair = events(game, "mount-test")[0]
    assert (pair.rule, pair.models, pair.data["need"], pair.data["passed"]) == (
        MOUNT_TEST,
        ("T2", "T1"),
        4,
        False,
    )
    assert events(game, "thrown")[0].models == ("T1", "T2")
    assert model(game, "T1").state == "face-up" and not game.state.mounts
    assert not dice_left(game)


def test_r1121_a_horse_throwing_its_rider_at_his_hide_test_spends_his_shot() -> None:
    """T1 passes his test to shoot the Hidden L1 (R:1089), his Horse fails its own beside it:
    he is thrown and his Shoot Action spent."""
    game = mounted(
        agent("L1"),
        placed={"L1": (18.0, 10.0)},
        weapons=["unarmed", "handgun_22"],
        dice=[("resolve", 5), ("resolve", 2)],
    )
    game.state.hidden = ("L1",)
    game.apply("shoot T1 L1 handgun_22")
    assert [e.data["passed"] for e in events(game, "dare")] == [True]
    assert [e.data["passed"] for e in events(game, "mount-test")] == [False]
    assert events(game, "thrown") and not events(game, "shot")
    assert not dice_left(game)


def test_r111_a_ridden_horse_fears_a_fire_weapon_near_its_rider() -> None:
    """L1 with a Molotov Cocktail stands 3" from T1 on his Horse: the pair tests (R:1121)."""
    game = mounted(
        agent("L1", types=["human"], weapons=["unarmed", "molotov_cocktail"]),
        placed={"L1": FAR},
        dice=[("resolve", 6), ("resolve", 6)],
    )
    model(game, "L1").x, model(game, "L1").y = 14.0 + TOUCH, 10.0
    game.apply("move T1 11,10")
    tests = [(e.models, e.data["situation"]) for e in events(game, "resolve")]
    assert tests == [(("T1",), "fire:L1"), (("T2",), "fire:L1")]
    assert not dice_left(game)


def test_r111_a_fire_hit_on_a_rider_tests_his_horse_with_him() -> None:
    """L1, beyond Fear's 5", throws its Molotov Cocktail at T1 on his Horse: the hit, which
    does not wound, owes the pair its test of Fire (R:1121)."""
    game = stable(
        rider("T1", con=12),
        horse("T2", "T1"),
        agent("L1", types=["human"], weapons=["unarmed", "molotov_cocktail"]),
        placed={"T1": HERE, "T2": FAR, "L1": (16.5, 10.0)},
        active=1,
        dice=script("to-hit", 5, "to-wound", 1, "resolve", 6, 6),
    )
    saddled(game)
    apply_all(game, "nominate L1", "ready L1 molotov_cocktail", "shoot L1 T1 molotov_cocktail")
    tests = [(e.models, e.data["situation"]) for e in events(game, "resolve")]
    assert tests == [(("T1",), "fire:L1"), (("T2",), "fire:L1")]
    assert not dice_left(game)


def test_r1121_a_fire_burns_the_rider_never_his_horse() -> None:
    """T1 rides his Horse and burns: in the Threshold's Upkeep the flames stay (a 1) and
    their hit, 6 + 1 against his Constitution 6, is his alone, no D6 sharing it with the
    Horse: 2 Wounds of his 1, and the Injury roll (notes §6 item 4)."""
    game = stable(
        rider("T1"),
        horse("T2", "T1"),
        agent("L1"),
        placed={"T1": HERE, "T2": BESIDE, "L1": FAR},
        active=1,
        dice=script("fire", 1, "to-wound", 6, "injury", 1, 1),
    )
    saddled(game)
    game.state.burning = (("T1", "L1"),)
    apply_all(game, "nominate L1", "pass L1", "pass L1")
    assert not events(game, "hits-shared")
    wounded = events(game, "wounded")[0]
    assert (wounded.models, wounded.data["wounds"]) == (("T1",), 2)
    assert [e.models for e in events(game, "injury")] == [("T1",)]
    assert model(game, "T2").wounds == 1
    assert not dice_left(game)


# -- Trick Rider (R:1165) -------------------------------------------------------------------------


def test_r1164_trick_rider_mounts_for_no_action_at_the_end_of_a_move() -> None:
    game = stable(
        rider("T1", "trick_rider"),
        horse("T2", "T1"),
        agent("L1"),
        placed={"T1": HERE, "T2": (14.0, 10.0), "L1": FAR},
    )
    apply_all(game, "nominate T1", "done", f"move T1 {14.0 - TOUCH:.4f},10")
    assert options(game) == ["mount T1 T2", "stay T1"]
    game.apply("mount T1 T2")
    assert events(game, "mounted")[0].rule == "Skills: Trick Rider (R:1165)"
    assert "Action 2 of 2" in game.decision.prompt


def test_r1164_trick_rider_dismounts_for_no_action_at_the_end_of_a_move() -> None:
    game = mounted(
        agent("L1"), placed={"L1": FAR}, skills=["animal_handler", "ride", "trick_rider"]
    )
    game.apply("move T1 16,10")
    assert options(game) == ["dismount T1", "stay T1"]
    game.apply("dismount T1")
    assert events(game, "dismounted")[0].rule == "Skills: Trick Rider (R:1165)"
    assert model(game, "T2").on_table and game.state.mounts == ()


def test_r1164_no_free_dismount_after_a_move_that_became_a_charge_r162() -> None:
    # T1's Move ends in base-to-base with L1, a Charge whose round is a Draw: still in close
    # combat, he is not asked to dismount, and the Lurkers' turn fights the Draw on.
    game = stable(
        rider("T1", "trick_rider"),
        horse("T2", "T1"),
        agent("L1"),
        placed={"T1": HERE, "T2": BESIDE, "L1": (17.0, 10.0)},
        dice=script("close-combat", 3, 3, 3, 3, "close-combat", 3, 3, 3, 3),
    )
    apply_all(game, "nominate T1", "done", "mount T1 T2")
    game.apply(f"move T1 {17.0 - TOUCH:.4f},10")
    assert [e.models for e in events(game, "draw")] == [("T1", "L1"), ("L1", "T1")]
    assert game.decision.kind == "nominate"
    assert game.state.mounts == (("T1", "T2"),) and not events(game, "dismounted")
    assert not dice_left(game)


def test_r1164_trick_rider_thrown_by_a_failed_test_lands_normal() -> None:
    game = feared_pair("resolve", 3, 2, skills=("trick_rider",))
    rider_ = model(game, "T1")
    assert rider_.normal and not game.state.mounts
    assert events(game, "thrown")[0].rule == "Skills: Trick Rider (R:1165)"


# -- Lists, play, the heuristic ----------------------------------------------------------------


@pytest.fixture(scope="module")
def rules() -> StrangeAeons:
    found = find_ruleset("strange-aeons")
    assert isinstance(found, StrangeAeons)
    return found


def test_r1120_horses_ride_and_trick_rider_are_played(rules: StrangeAeons) -> None:
    played = load_played()
    for entry in (rules.book.animals["light_horse"], rules.book.animals["heavy_horse"]):
        assert playable(rules.book, played, entry)
    for skill in ("ride", "trick_rider"):
        assert playable(rules.book, played, rules.book.skills[skill])


def test_r1120_the_heuristic_rider_mounts_his_horse() -> None:
    game = stable(rider("T1"), horse("T2", "T1"), agent("L1"), placed={"T1": HERE, "T2": BESIDE})
    apply_all(game, "nominate T1", "done")
    assert scores(game)["mount T1 T2"] > scores(game)["pass T1"]
    game.apply("mount T1 T2")
    assert scores(game)["dismount T1"] < scores(game)["pass T1"]


def scores(game: Game) -> dict[str, float]:
    """The heuristic's score of each option of the pending decision."""
    assert game.decision is not None
    found = ai.score_actions(game, list(game.decision.options))
    return dict(zip(options(game), found, strict=True))


@pytest.mark.parametrize("seed", range(3))
def test_r1120_random_games_with_riders_keep_the_contract(rules: StrangeAeons, seed: int) -> None:
    setup = forces(
        rider("T1", weapons=["unarmed", "knife", "shotgun", "handgun_22"]),
        horse("T2", "T1"),
        rider("T3", "trick_rider", weapons=["unarmed", "club", "heavy_gun"]),
        horse("T4", "T3", heavy=True),
        agent("L1", weapons=["unarmed", "claws"]),
        agent("L2", types=["daemon"], skills=["fear"], weapons=["unarmed", "shotgun"]),
        weapons=KICKS,
    )
    assert random_game(rules, seed, setup, deep=seed == 0).is_over


def test_r1121_a_horse_throwing_its_rider_at_his_priority_test_spends_both_his_shots() -> None:
    """T1 passes his test to shoot past the closer L2 with two pistols (R:177, R:285), his
    Horse fails its own beside it: he is thrown and neither pistol fires."""
    game = mounted(
        agent("L1"),
        agent("L2"),
        placed={"L1": (18.0, 10.0), "L2": (10.0, 13.5)},
        weapons=["unarmed", "handgun_22", "handgun_45"],
        dice=[("resolve", 5), ("resolve", 2)],
    )
    game.apply("shoot-two T1 L1 handgun_22 handgun_45")
    assert [e.data["passed"] for e in events(game, "priority-test")] == [True]
    assert [e.data["passed"] for e in events(game, "mount-test")] == [False]
    assert events(game, "thrown") and not events(game, "shot")
    assert not dice_left(game)
