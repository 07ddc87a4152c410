"""Mobs (R:918-926, notes §1.13.7, §6 item 67): five models of one Lurker entry on a Large
Blast Template, each rule with scripted dice on forces written by hand, named after its line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tests.dice_script import script
from tests.rulesets.strange_aeons.helpers import (
    R,
    apply_all,
    board,
    dice_left,
    events,
    model,
    options,
    rect,
    refused,
)
from tests.rulesets.strange_aeons.rulebook import BOOK, agent, book, forces, ghost
from tests.rulesets.strange_aeons.test_rulebook_lurkers import TEAM, rules
from tests.rulesets.strange_aeons.test_rulebook_lurkers_more import lurker_list
from tests.rulesets.strange_aeons.test_rulebook_weapon_status import THROWER

from skirmish.contract import random_game
from skirmish.dice import ScriptedDice
from skirmish.engine.action import Action
from skirmish.engine.game import Game
from skirmish.geometry.shapes import edge_distance
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.strange_aeons import ai, banish, damage, lost_soul, mobs, psychology
from skirmish.rulesets.strange_aeons.combat import parries
from skirmish.rulesets.strange_aeons.forces import load_played, unplayed
from skirmish.rulesets.strange_aeons.ghosts import DISPELLED
from skirmish.rulesets.strange_aeons.lists.list_file import read_list
from skirmish.rulesets.strange_aeons.movement import move_error
from skirmish.rulesets.strange_aeons.rulebook import StrangeAeons
from skirmish.rulesets.strange_aeons.state import Mob

__all__ = ["rules"]

LARGE = 2.35
"""The Large Blast Template's radius, the Mob's template (notes §6 item 5)."""
FAR = (30.0, 20.0)
"""Where T1 stands beyond the Fear a Mob at (10, 10) causes (R:923)."""
CHARGED = (15.0, 10.0)
"""Where T1 stands to be charged by, or to charge, a Mob centred at (10, 10)."""
TOUCHING = (10.0 + LARGE + R, 10.0)
"""Where T1 stands in base-to-base with a Mob's template centred at (10, 10)."""


def mob_game(members: int = 5, placed: dict[str, Any] | None = None, **kwargs: Any) -> Game:
    """A rulebook game with T1 (an Agent, far off) and a Mob of ``members`` Agents L1...
    centred at (10, 10), formed as the set-up forms it; ``placed`` adds or moves models."""
    fields = kwargs.pop("fields", {})
    t1 = kwargs.pop("t1", {})
    others = kwargs.pop("others", ())
    mob = [agent(f"L{i}", mob="The mob", **fields) for i in range(1, members + 1)]
    where = {"T1": FAR, **{p["id"]: (10.0, 10.0) for p in mob}, **(placed or {})}
    return book(agent("T1", **t1), *mob, *others, placed=where, before=mobs.form, **kwargs)


# -- Formation (R:919-921) ------------------------------------------------------------------


def test_r919_a_mob_of_five_cultists_is_played(rules: StrangeAeons, tmp_path: Path) -> None:
    listed = lurker_list(
        tmp_path, '[[models]]\nprofile = "Cultist"\ncount = 5\nmob = true\ngear = ["Knife"]\n'
    )
    assert unplayed(rules.book, load_played(), read_list(listed, rules.book)) == []
    setup = rules.normalize_setup({"threshold": TEAM, "lurkers": listed})
    assert {m["mob"] for m in setup["lurkers"]["models"]} == {"Cultist"}


def test_r919_a_mob_of_swarms_stays_refused(rules: StrangeAeons, tmp_path: Path) -> None:
    listed = lurker_list(tmp_path, '[[models]]\nprofile = "Swarm"\ncount = 5\nmob = true\n')
    assert unplayed(rules.book, load_played(), read_list(listed, rules.book)) == [
        "Swarm (Swarm): a Mob of Swarms (R:918, R:613) is not played yet"
    ]


def test_r921_the_mob_stands_on_a_large_blast_template() -> None:
    game = mob_game(active=1)
    assert game.state.mobs == (Mob("The mob", ("L1", "L2", "L3", "L4", "L5"), "L1"),)
    assert model(game, "L1").radius == LARGE and model(game, "L1").removed is None
    riders = [model(game, f"L{i}") for i in range(2, 6)]
    assert {m.removed for m in riders} == {mobs.CARRIED}
    formed = events(game, "mob")[0]
    assert (formed.rule, formed.data) == (
        "Mobs: Mob Template (R:921)",
        {"name": "The mob", "members": 5},
    )


def test_r921_one_nomination_moves_the_whole_mob() -> None:
    game = mob_game(active=1)
    assert options(game) == ["nominate L1"]
    apply_all(game, "nominate L1", "move L1 10,14")
    assert model(game, "L1").pos == (10.0, 14.0)
    assert not dice_left(game)


def test_r921_the_template_does_not_pass_where_a_single_model_does() -> None:
    walls = board(
        {"id": "west", "kind": "impassable", "height": 3.0, "polygon": rect(0, 12, 8, 12.5)},
        {"id": "east", "kind": "impassable", "height": 3.0, "polygon": rect(11, 12, 36, 12.5)},
    )
    game = mob_game(
        active=1,
        board=walls,
        fields={"move": 10},
        placed={"L1": (9.5, 8.0), "L9": (5.0, 8.0)},
        others=(agent("L9", move=10),),
    )
    apply_all(game, "nominate L1")
    refused(game, "move L1 9.5,16", "no path: the west is in the way")
    assert move_error(game, model(game, "L9"), Action("move", ("L9",), (9.5, 16.0))) is None


# -- Close combat (R:921, R:925-926, notes §6 item 67) -----------------------------------------


def test_r921_a_charging_mob_adds_all_its_members_attacks() -> None:
    game = mob_game(
        active=1,
        placed={"T1": CHARGED},
        dice=script("resolve", 5, "close-combat", *[2] * 9, 5, 3, 3, "to-wound", 2, 2),
    )
    apply_all(game, "nominate L1", "charge L1 T1")
    assert events(game, "mob-attacks")[0].data == {"attacks": 10}
    assert events(game, "combat-totals")[0].data == {"totals": [6, 4]}
    game.apply("wound L1")
    assert not dice_left(game)


def test_r921_a_charged_mob_adds_them_too_item_67() -> None:
    game = mob_game(
        placed={"T1": CHARGED}, dice=script("resolve", 5, "close-combat", 3, 3, *[2] * 9, 5)
    )
    apply_all(game, "nominate T1", "charge T1 L1")
    assert events(game, "mob-attacks")[0].data == {"attacks": 10}
    assert events(game, "combat-totals")[0].data == {"totals": [4, 6]}
    assert not dice_left(game)


def test_r926_face_up_members_attack_one_fewer_and_face_down_ones_not_at_all() -> None:
    game = mob_game(
        placed={"T1": CHARGED}, dice=script("resolve", 5, "close-combat", 3, 3, *[2] * 6, 5)
    )
    model(game, "L2").state = "face-up"
    model(game, "L3").state = "face-down"
    apply_all(game, "nominate T1", "charge T1 L1")
    assert events(game, "mob-attacks")[0].data == {"attacks": 2 + 1 + 0 + 2 + 2}
    assert not dice_left(game)


def test_r926_r139_a_face_up_member_of_one_attack_still_attacks_once() -> None:
    # Five one-Attack members, two of them Face Up: each Face Up one still adds 1, the
    # penalty's minimum (R:139), so the Mob rolls 5 dice.
    game = mob_game(
        placed={"T1": CHARGED},
        fields={"attacks": 1},
        dice=script("resolve", 5, "close-combat", 3, 3, *[2] * 4, 5),
    )
    model(game, "L2").state = "face-up"
    model(game, "L3").state = "face-up"
    apply_all(game, "nominate T1", "charge T1 L1")
    assert events(game, "mob-attacks")[0].data == {"attacks": 5}
    assert events(game, "combat-totals")[0].data == {"totals": [4, 6]}
    assert not dice_left(game)


def test_r1095_r926_a_jump_up_member_riding_on_the_template_may_rise() -> None:
    """R:1095 with R:926: the Face Down L2 and the Face Up L3 ride on in the Mob, and at the
    start of their side's turn each is offered its free Change State, as a single model is."""
    prone = {"L2": "face-down", "L3": "face-up"}
    placed = {mid: {"pos": (10.0, 10.0), "state": state} for mid, state in prone.items()}
    game = mob_game(start="nominate", fields={"skills": ["jump_up"]}, placed=placed)
    apply_all(game, "nominate T1", "pass T1", "pass T1")
    assert options(game) == ["jump-up L2", "stay L2"]
    apply_all(game, "jump-up L2", "stay L3")
    assert [model(game, mid).state for mid in prone] == ["face-up", "face-up"]
    assert {model(game, mid).removed for mid in prone} == {mobs.CARRIED}
    rose = events(game, "changed-state")
    assert [(e.models, e.rule) for e in rose] == [(("L2",), "Skills: Jump Up (R:1095)")]
    assert game.decision is not None and game.decision.kind == "nominate"


def test_r921_the_opponent_fights_the_one_member_on_the_table() -> None:
    game = mob_game(active=1, placed={"T1": CHARGED})
    apply_all(game, "nominate L1")
    assert [o for o in options(game) if o.startswith("charge")] == ["charge L1 T1"]
    game = mob_game(placed={"T1": CHARGED})
    game.apply("nominate T1")
    assert [o for o in options(game) if o.startswith("charge")] == ["charge T1 L1"]


def test_r925_a_mob_counts_two_parries_at_most() -> None:
    parry = {"id": "sword", "name": "Sword", "kind": "close", "damage": 1, "specials": ["parry"]}
    game = mob_game(
        fields={"skills": ["parry"], "weapons": ["unarmed", "sword"]}, weapons={"sword": parry}
    )
    assert parries(game, model(game, "L1")) == 2


def test_r925_a_mob_pools_its_riders_parries() -> None:
    parry = {"id": "sword", "name": "Sword", "kind": "close", "damage": 1, "specials": ["parry"]}
    skilled = agent("L4", mob="The mob", skills=["parry"])
    armed = agent("L5", mob="The mob", weapons=["unarmed", "sword"])
    game = mob_game(
        3,
        others=(skilled, armed),
        placed={"L4": (10.0, 10.0), "L5": (10.0, 10.0)},
        weapons={"sword": parry},
    )
    assert [m.id for m in mobs.riders(game, model(game, "L1"))] == ["L2", "L3", "L4", "L5"]
    assert parries(game, model(game, "L1")) == 2


def test_r925_heroic_comes_once_for_the_whole_mob() -> None:
    game = mob_game(active=1, fields={"skills": ["heroic"]})
    apply_all(game, "nominate L1", "move L1 10,12", "move L1 10,14")
    assert options(game) == ["heroic L1", "no-heroic L1"]
    apply_all(game, "heroic L1", "move L1 10,16")
    assert game.state.heroic_used == ("L1",)
    assert all(f"L{i}" not in game.state.nominated for i in range(2, 6))


# -- Wounds and disbanding (R:922, R:926) ---------------------------------------------------


def shot_at(members: int = 5, wound: int = 6, injury: int = 5) -> Game:
    """T1 shoots the Mob centred at (10, 10) with a .45 Handgun, 7.16" off: a hit whose
    ``wound`` die does 3 Wounds at 6, 1 at 4, and the Injury roll's two dice ``injury``."""
    game = mob_game(
        members,
        t1={"weapons": ["unarmed", "knife", "handgun_45"]},
        placed={"T1": (20.0, 10.0)},
        dice=script("to-hit", 5, "to-wound", wound, "injury", injury, injury),
    )
    apply_all(game, "nominate T1", "shoot T1 L1 handgun_45")
    return game


def test_r926_the_mob_s_player_gives_a_hit_s_wounds_to_a_member() -> None:
    game = shot_at(wound=4, injury=3)
    assert options(game) == [f"mob-wounds L1 L{i}" for i in range(2, 6)]
    game.apply("mob-wounds L1 L4")
    assert events(game, "mob-wounds")[0].models == ("L4", "L1")
    assert (model(game, "L4").wounds, model(game, "L4").state) == (0, "face-down")
    assert (model(game, "L1").wounds, model(game, "L1").state) == (1, "normal")
    assert model(game, "L4").removed == mobs.CARRIED
    assert not dice_left(game)


def test_r926_a_face_down_member_may_take_them_too() -> None:
    game = shot_at()
    model(game, "L2").state = "face-down"
    game.apply("mob-wounds L1 L2")
    assert model(game, "L2").removed == "Major Injury"
    assert game.state.mobs == (Mob("The mob", ("L1", "L3", "L4", "L5"), "L1"),)
    assert not dice_left(game)


def test_r926_wounds_with_no_roll_to_wound_go_to_the_member_its_player_chooses() -> None:
    # A Blasphemous Construct's Deadly Rage (R:892) wounds T1 and the Mob it touches; both
    # are Undead, so neither tests its Resolve.
    game = mob_game(
        placed={"L6": TOUCHING, "T1": (TOUCHING[0] + 2 * R, 10.0)},
        t1={"types": ["undead"]},
        others=(agent("L6", types=["undead"], abilities=["deadly_rage"]),),
        active=1,
        start="nominate",
        dice=script("injury", 1, "injury", 2, "injury", 4, "injury", 5),
    )
    apply_all(game, "nominate L6", "rage L6")  # T1's Injury: 1 + 2, Stunned
    assert model(game, "T1").state == "face-up"
    assert options(game) == [f"mob-wounds L1 L{i}" for i in range(2, 6)]
    game.apply("mob-wounds L1 L3")
    assert events(game, "mob-wounds")[0].data == {"wounds": 1}
    assert model(game, "L3").removed == "Major Injury"  # 4 + 5 = 9
    assert (model(game, "L1").wounds, model(game, "L1").state) == (1, "normal")
    assert game.state.mobs == (Mob("The mob", ("L1", "L2", "L4", "L5"), "L1"),)
    assert not dice_left(game)


def test_r926_a_stun_hit_on_the_mob_places_the_member_it_wounds_face_up() -> None:
    # The Stun Pistol's 4 + 2 = 6 against Con 6: one of L4's two Wounds, and L4 is Stunned.
    game = mob_game(
        t1={"weapons": ["unarmed", "stun_pistol"], "skills": ["fearless"]},
        fields={"wounds": 2},
        placed={"T1": (16.0, 10.0)},
        dice=script("to-hit", 5, "to-wound", 4),
    )
    apply_all(game, "nominate T1", "shoot T1 L1 stun_pistol", "mob-wounds L1 L4")
    stunned = events(game, "face-up")[0]
    assert (stunned.rule, stunned.models) == (
        "Weapon special rules: Stun (R:1344; notes §6 item 4)",
        ("L4",),
    )
    assert (model(game, "L4").wounds, model(game, "L4").state) == (1, "face-up")
    assert (model(game, "L1").wounds, model(game, "L1").state) == (2, "normal")
    assert not dice_left(game)


def test_r926_r550_surgical_precision_adds_to_the_injury_roll_of_the_member_hit() -> None:
    # T1 wins 5 + 1 against 2 + 1 with three hits: 5 + 1 against Con 6 takes L4's Wound, and
    # its Injury roll is 3 + 3 + 1 = 7, a Minor Injury.
    game = mob_game(
        t1={"abilities": ["surgical_precision"], "skills": ["fearless"]},
        placed={"T1": CHARGED},
        dice=script("close-combat", 5, 4, *[2] * 10, "to-wound", 5, 1, 1, "injury", 3, 3),
    )
    apply_all(game, "nominate T1", "charge T1 L1", "wound T1", "mob-wounds L1 L4")
    precise = events(game, "surgical-precision")[0]
    assert (precise.models, precise.data) == (("L4",), {"bonus": 1})
    assert events(game, "injury")[0].data == {"value": 7, "result": "Minor Injury"}
    assert model(game, "L4").removed == "Minor Injury"
    assert not dice_left(game)


def test_r922_below_three_models_the_mob_disbands_inside_its_template() -> None:
    game = shot_at(3)
    game.apply("mob-wounds L1 L3")
    assert game.state.mobs == ()
    disbanded = events(game, "mob-disbanded")[0]
    assert (disbanded.rule, disbanded.models) == ("Mobs: Mob Rule (R:922)", ("L1", "L2"))
    for mid in ("L1", "L2"):
        m = model(game, mid)
        assert (m.removed, m.radius) == (None, R)
        assert edge_distance(m.pos, 0.0, (10.0, 10.0), LARGE - R) <= 1e-9
    assert not dice_left(game)


def test_r922_the_disbanded_members_play_on_as_single_models() -> None:
    game = shot_at(3)
    apply_all(game, "mob-wounds L1 L3", "pass T1")
    assert options(game) == ["nominate L1", "nominate L2"]
    l1 = model(game, "L1").pos
    apply_all(game, "nominate L2", "move L2 9,6")
    assert (model(game, "L2").pos, model(game, "L1").pos) == ((9.0, 6.0), l1)
    assert not dice_left(game)


def test_r922_a_mob_in_combat_disbands_into_base_contact_with_its_attacker() -> None:
    game = mob_game(
        3,
        placed={"T1": TOUCHING},
        start="nominate",
        dice=script(
            "resolve", 5, "close-combat", 5, 5, *[2] * 6, "to-wound", 6, 6, 6, "injury", 5, 5
        ),
    )
    apply_all(game, "nominate T1", "charge T1 L1", "wound T1", "mob-wounds L1 L2")
    assert game.state.mobs == ()
    for mid in ("L1", "L3"):
        m, t1 = model(game, mid), model(game, "T1")
        assert abs(edge_distance(m.pos, m.radius, t1.pos, t1.radius)) <= 0.01
        assert edge_distance(m.pos, 0.0, (10.0, 10.0), LARGE) <= 1e-9
    assert not dice_left(game)


def test_r922_r720_a_grave_bound_member_set_down_beyond_12_inches_is_dispelled() -> None:
    # The Blessed T1 (R:403) takes L2 out of a Mob of three Banshees: it disbands, and L1,
    # whose marker lies 11.9" from the template, is set down against T1, 16.6" from it.
    game = mob_game(
        3,
        placed={"T1": TOUCHING},
        start="nominate",
        fields={"types": ["ghost"], "res": 7, "abilities": ["grave_bound"]},
        t1={"abilities": ["man_of_faith"]},
        dice=script(
            "resolve", 5, "close-combat", 5, 5, *[2] * 6, "to-wound", 6, 6, 6, "injury", 5, 5
        ),
    )
    game.state.graves = (("L1", 10.0 - LARGE - R - 11.9, 10.0),)
    apply_all(game, "nominate T1", "charge T1 L1", "wound T1", "mob-wounds L1 L2")
    assert [e.kind for e in game.log[-2:]] == ["mob-disbanded", "removed"]
    gone = events(game, "removed")[-1]
    assert (gone.rule, gone.models, gone.data) == (
        "Ghosts: Grave-bound (R:720)",
        ("L1",),
        {"reason": DISPELLED},
    )
    assert model(game, "L3").removed is None  # its own marker is not played
    assert not dice_left(game)


def test_sa_r720_r921_a_mob_of_grave_bound_ghosts_lays_its_marker_touching_the_template() -> None:
    # Our reading: the Mob's base is its template (R:921, notes §6 item 5), so the one marker
    # played is laid in base contact with it, toward the centre, not two template radii off.
    mob = [ghost(f"L{i}", abilities=["grave_bound"], mob="The mob") for i in range(1, 6)]
    setup = {"board": "open", **forces(agent("T1"), *mob, agent("L6"))}
    first = script("roll-off deployment", 5, 2, "roll-off first-turn", 5, 2)
    game = find_ruleset(BOOK).new_game(setup, 0, ScriptedDice(first))
    apply_all(game, "edge west", "deploy T1 2,12", "deploy L6 34,12", "grave L1 18,12")
    l1 = model(game, "L1")
    assert (l1.pos, l1.radius) == ((18.0, 12.0), LARGE)
    assert game.state.graves == (("L1", round(18.0 + LARGE + R, 2), 12.0),), "not touching"
    assert abs(edge_distance(l1.pos, LARGE, (game.state.graves[0][1], 12.0), R)) <= 0.01
    assert not dice_left(game)


def test_sa_r720_a_mobs_12_inches_run_from_its_markers_edge_not_a_template_sized_one() -> None:
    # The marker is a model's base in size: a Move taking the template 12.5" off its edge is
    # refused, as a single Ghost's would be.
    game = mob_game(
        active=1,
        fields={"types": ["ghost"], "res": 7, "abilities": ["grave_bound"]},
    )
    game.state.graves = (("L1", 10.0 - LARGE - R - 10.5, 10.0),)
    apply_all(game, "nominate L1")
    refused(game, "move L1 12,10", 'L1 would be 12.5" from its Grave Marker: it stays within 12"')
    game.apply("move L1 11.5,10")
    assert model(game, "L1").pos == (11.5, 10.0)


def threshold_mob(grave: float, dice: list[tuple[str, int]], **fields: Any) -> Game:
    """A built state (the Threshold buys no Mob): a Mob of five Agents T1... (``fields``)
    centred at (10, 10), the Grave-bound Ghost L1 far off with its marker ``grave``" east of
    the template's centre, and L2 beside it; T1 nominated."""
    mob = [agent(f"T{i}", mob="The mob", **fields) for i in range(1, 6)]
    where = {**{p["id"]: (10.0, 10.0) for p in mob}, "L1": (30.0, 30.0), "L2": (34.0, 30.0)}
    bound = ghost("L1", abilities=["grave_bound"])
    game = book(*mob, bound, agent("L2"), placed=where, before=mobs.form, dice=dice)
    game.state.graves = (("L1", 10.0 + grave, 10.0),)
    game.apply("nominate T1")
    return game


def test_sa_r720_a_mob_purifies_a_grave_marker_its_template_touches_not_one_1_86_inches_off() -> (
    None
):
    # The marker is a base in size (graves.marker), not the template's: 1.5" off the
    # template's edge is out of contact, though a template-sized marker would overlap it.
    game = threshold_mob(LARGE + R + 1.5, [])
    refused(game, "purify-grave T1 L1", "T1 is not in base contact with the Grave Marker of L1")
    game = threshold_mob(LARGE + R, script("resolve", 6))  # L2's, its friend dispelled
    apply_all(game, "purify-grave T1 L1", "purify-grave T1 L1")
    assert model(game, "L1").removed == DISPELLED
    assert not dice_left(game)


def test_sa_r403_r720_a_mobs_sermon_reaches_a_grave_marker_10_inches_off_its_template() -> None:
    # 10" edge to edge from the template to a base-sized marker: 10.66" off is beyond it,
    # though a template-sized marker would lie 8.8" off.
    kit = {"abilities": ["sermon"], "equipment": ["holy_book"]}
    game = threshold_mob(LARGE + R + 10.66, [], **kit)
    assert "sermon T1" not in options(game)
    refused(game, "sermon T1", 'no Normal Daemon, Ghost nor Grave Marker is within 10" of T1')
    game = threshold_mob(LARGE + R + 9.9, script("resolve", 6), **kit)
    game.apply("sermon T1")
    assert [e.models for e in events(game, "sermon-grave")] == [("T1", "L1")]
    assert model(game, "L1").removed == DISPELLED and game.state.graves == ()
    assert not dice_left(game)


def test_sa_r1225_r720_a_banished_mob_comes_back_touching_its_grave_marker() -> None:
    # The Mob of Grave-bound Ghosts, Banished whole with its bearer, comes back with its
    # template in base contact with the base-sized marker, not two template radii off it.
    game = mob_game(
        fields={"types": ["ghost"], "res": 7, "abilities": ["grave_bound"]},
        placed={"L1": {"pos": (10.0, 10.0), "removed": "banished"}},
    )
    game.state.banished = (("L1", 2, 0),)
    game.state.graves = (("L1", 20.0, 10.0),)
    apply_all(game, "nominate T1", "pass T1", "pass T1")
    assert game.decision is not None and game.decision.kind == "return"
    l1 = model(game, "L1")
    spots = banish.spots(game, l1)
    assert spots and all(abs(edge_distance(p, LARGE, (20.0, 10.0), R)) <= 0.01 for p in spots)
    refused(game, f"return L1 {20.0 + 2 * LARGE:.2f},10", "L1 comes back in base contact")
    game.apply(f"return L1 {20.0 + LARGE + R:.2f},10")
    assert l1.pos == (round(20.0 + LARGE + R, 2), 10.0) and l1.removed is None


def test_r921_a_mob_of_grave_grubs_that_wins_latches_a_riding_grub_on_r591() -> None:
    game = mob_game(
        placed={"T1": CHARGED},
        fields={"types": ["beast"], "attacks": 1, "abilities": ["engulf"]},
        dice=script("resolve", 5, "close-combat", 2, 2, 2, 2, 2, 2, 5),
    )
    apply_all(game, "nominate T1", "charge T1 L1")
    assert events(game, "engulfed")[0].models == ("L2", "T1")
    assert model(game, "L2").removed == "Engulf" and model(game, "L1").on_table
    assert game.state.mobs == (Mob("The mob", ("L1", "L3", "L4", "L5"), "L1"),)
    assert not dice_left(game)


def test_r922_a_zombie_the_serum_destroys_leaves_a_mob_of_four_r796() -> None:
    scientist = agent("L6", abilities=["diabolical_serum"])
    game = mob_game(
        active=1,
        fields={"name": "Zombie", "types": ["undead"], "kind": "zombie"},
        others=(scientist,),
        placed={"L6": TOUCHING},
        dice=script("reagent", 1, 2),
    )
    apply_all(game, "nominate L6", "inject L6 L1")
    assert events(game, "reagent")[0].data == {"roll": 3, "result": "Failure!"}
    assert model(game, "L1").removed == "destroyed"
    assert game.state.mobs == (Mob("The mob", ("L2", "L3", "L4", "L5"), "L1"),)
    assert model(game, "L2").on_table and model(game, "L2").pos == (10.0, 10.0)
    assert [model(game, f"L{i}").removed for i in range(3, 6)] == [mobs.CARRIED] * 3
    assert not dice_left(game)


POLTERGEIST = {"name": "Poltergeist", "types": ["ghost"], "abilities": ["lost_soul"]}


@pytest.mark.parametrize(("ghost", "bearer"), [("L1", "L2"), ("L3", "L1")])
def test_r922_purifying_one_member_s_remains_dispels_that_ghost_alone_r725(
    ghost: str, bearer: str
) -> None:
    game = mob_game(fields={**POLTERGEIST, "kind": "poltergeist"})
    game.state.remains = ((ghost, lost_soul.zone(game, FAR)),)
    apply_all(game, "nominate T1", f"purify-remains T1 {ghost}", f"purify-remains T1 {ghost}")
    assert model(game, ghost).removed == DISPELLED
    left = tuple(f"L{i}" for i in range(1, 6) if f"L{i}" != ghost)
    assert game.state.mobs == (Mob("The mob", left, "L1"),)
    assert mobs.bears(game, model(game, bearer)) and model(game, bearer).on_table
    assert not dice_left(game)


def test_r725_the_remains_of_a_riding_ghost_are_sought_too() -> None:
    game = mob_game(fields={**POLTERGEIST, "kind": "poltergeist"})
    game.apply("nominate T1")
    assert [o for o in options(game) if o.startswith("seek")] == [
        f"seek-remains T1 L{i}" for i in range(1, 6)
    ]


def test_r921_a_mob_that_leaves_the_table_takes_its_members_along() -> None:
    game = mob_game(active=1, placed={"L1": (3.0, 10.0)})
    apply_all(game, "nominate L1", "move L1 -3,10")
    assert [model(game, f"L{i}").removed for i in range(1, 6)] == ["Minor Injury"] * 5
    assert game.state.mobs == ()
    assert not dice_left(game)


# -- Psychology and shooting (R:923-924) ----------------------------------------------------


def test_r923_a_mob_causes_fear() -> None:
    game = mob_game(placed={"T1": (20.0, 10.0)}, dice=script("resolve", 5))
    apply_all(game, "nominate T1", "move T1 16,10")
    tested = events(game, "resolve")[0]
    assert (tested.models, tested.data["situation"]) == (("T1",), "fear:L1")
    assert not dice_left(game)


def test_r923_r215_a_mob_s_fear_is_one_situation_when_its_template_is_handed_on() -> None:
    # T1 passes its test against the Mob's Fear; the Serum then destroys L1, the member
    # bearing the template, which passes to L2: the same Mob, no new test (notes §6 item 44).
    game = mob_game(
        active=1,
        fields={"name": "Zombie", "types": ["undead"], "kind": "zombie"},
        others=(agent("L6", abilities=["diabolical_serum"]),),
        placed={"L6": TOUCHING, "T1": (16.0, 10.0)},
        dice=script("resolve", 5, "reagent", 1, 2),
    )
    apply_all(game, "nominate L6", "pass L6")
    assert [(e.models, e.data["situation"]) for e in events(game, "resolve")] == [
        (("T1",), "fear:L1")
    ]
    game.apply("inject L6 L1")
    assert model(game, "L1").removed == "destroyed"
    assert mobs.bears(game, model(game, "L2"))
    assert len(events(game, "resolve")) == 1
    assert model(game, "T1").faced == ("fear:L1",)
    assert not dice_left(game)


def test_r923_r215_a_hideous_mob_is_one_situation_when_its_template_is_handed_on() -> None:
    # T1 touches a Mob of Hideous Zombies and has faced it; L1, the member bearing the
    # template, is destroyed and the template passes to L2, still touching T1: the same Mob,
    # no new Hideous test (notes §6 item 44).
    game = mob_game(
        active=1,
        fields={"name": "Zombie", "types": ["undead"], "kind": "zombie", "skills": ["hideous"]},
    )
    t1 = model(game, "T1")
    (t1.x, t1.y), t1.faced = (10.0 - LARGE - R, 10.0), ("fear:L1", "hideous:L1")
    assert psychology.next_test(game) is None
    damage.remove(game, model(game, "L1"), "destroyed", "test")
    assert mobs.bears(game, model(game, "L2"))
    assert psychology.next_test(game) is None


def test_r923_a_mob_takes_no_resolve_test() -> None:
    # L9 falls 3" from the Mob, in its sight: a single model would test (R:207).
    game = mob_game(
        placed={"T1": (14.5 + 2 * R, 14.0), "L9": (14.5, 14.0)},
        others=(agent("L9", attacks=1),),
        start="nominate",
        dice=script("resolve", 5, "close-combat", 5, 5, 2, "to-wound", 6, 6, 6, "injury", 5, 5),
    )
    apply_all(game, "nominate T1", "charge T1 L9", "wound T1")
    assert model(game, "L9").removed == "Major Injury"
    assert [e.models for e in events(game, "resolve")] == [("T1",)]
    assert not dice_left(game)


def test_r923_r935_a_mob_of_beasts_takes_no_fire_test() -> None:
    # T1's Molotov Cocktail is 4" from the template: a single Beast would test its Fear of
    # Fire (R:113), a Mob's members take no psychology's test, the Fire's one of them (R:935).
    game = mob_game(
        placed={"T1": (10.0 + LARGE + 4.0, 10.0)},
        fields={"types": ["beast"]},
        t1=THROWER,
        dice=script("resolve", 6),
    )
    apply_all(game, "nominate T1", "pass T1")
    assert [(e.models, e.data["situation"]) for e in events(game, "resolve")] == [
        (("T1",), "fear:L1")
    ]
    assert not dice_left(game)


def test_r924_a_mob_never_shoots() -> None:
    game = mob_game(
        active=1,
        fields={"weapons": ["unarmed", "knife", "handgun_45"]},
        placed={"T1": (20.0, 10.0)},
    )
    game.apply("nominate L1")
    assert not [o for o in options(game) if o.startswith("shoot")]
    refused(game, "shoot L1 T1 handgun_45", "L1 is in a Mob: its ranged weapons are slung (R:924)")


def test_r924_a_mob_takes_no_alert_shot() -> None:
    game = mob_game(
        fields={"weapons": ["unarmed", "knife", "handgun_45"]}, placed={"T1": (20.0, 10.0)}
    )
    apply_all(game, "nominate T1", "move T1 20,12")
    assert not events(game, "alert")
    assert not dice_left(game)


# -- The heuristic player --------------------------------------------------------------------


def test_r926_the_heuristic_gives_the_wounds_to_the_member_that_spares_the_mob_most() -> None:
    game = shot_at()
    model(game, "L3").state = "face-down"
    assert game.decision is not None
    scores = ai.score_actions(game, list(game.decision.options))
    best = game.decision.options[scores.index(max(scores))]
    assert best.args == ("L1", "L3")
    game.apply(best)


def test_r921_the_heuristic_charges_with_the_mob() -> None:
    game = mob_game(active=1, placed={"T1": (16.0, 10.0)})
    game.apply("nominate L1")
    assert game.decision is not None
    scores = ai.score_actions(game, list(game.decision.options))
    assert game.decision.options[scores.index(max(scores))].to_text() == "charge L1 T1"


# -- Random lists -----------------------------------------------------------------------------


def _with_a_mob(rules: StrangeAeons) -> dict[str, Any]:
    """The setup of the first list seed from 1000 whose random Lurker list buys a Mob (about
    one in fifty do), so that what else the lists draw may change."""
    for seed in range(1000, 1500):
        setup: dict[str, Any] = {"scenario": "fight", "list-seed": seed}
        drawn = rules.normalize_setup(dict(setup))
        if sum(1 for m in drawn["lurkers"]["models"] if m["mob"]) == 5:
            return setup
    raise AssertionError("no list seed of 1000-1499 buys a Mob")


def test_r919_a_random_lurker_list_with_a_mob_keeps_the_contract(rules: StrangeAeons) -> None:
    random_game(rules, 70, _with_a_mob(rules), deep=True)
