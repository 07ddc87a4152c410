"""The Alien, Beast and Daemon Lurker profiles' own rules of R:528-698 (notes §3.4), each with
scripted dice on forces written by hand, named after the ability and the rulebook line it
plays."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest
from tests.dice_script import script
from tests.rulesets.strange_aeons.helpers import (
    TOUCH,
    apply_all,
    board,
    dice_left,
    events,
    lurker_profile,
    model,
    options,
    rect,
    refused,
)
from tests.rulesets.strange_aeons.rulebook import agent, book
from tests.rulesets.strange_aeons.test_rulebook_lurkers import rules
from tests.rulesets.strange_aeons.test_rulebook_weapon_more import SHOCK

from skirmish.engine.game import Game
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.forces import load_played, playable
from skirmish.rulesets.strange_aeons.rulebook import StrangeAeons
from skirmish.rulesets.strange_aeons.state import AeonsState

__all__ = ["rules"]  # the ruleset, a fixture of these tests

# -- Mi-Go: Hive Mind, Surgical Precision, Ether Wings (R:550) ---------------------------------

PINCERS = {
    "id": "pincers",
    "name": "Pincers",
    "kind": "close",
    "damage": 1,
    "ccb": 1,
    "ap": 1,
}
"""The Mi-Go's Pincers: C.C.B. +1, Dam. 1D+1, AP1 (R:550)."""
EARTHLY_CLUB = {"id": "club", "name": "Club", "kind": "close", "damage": 1, "ccb": 1}
"""A Club of the Master Weapons Table, "earthly" (R:550)."""
MI_GO_RULES = ["hive_mind", "surgical_precision", "ether_wings"]


def mi_go(model_id: str, **fields: Any) -> dict[str, Any]:
    """A Mi-Go (R:550: 5 | 4+ | 4/7 | 2 | 2 | 4+, Smart left out) with its Pincers."""
    base: dict[str, Any] = {
        "name": f"Mi-Go {model_id}",
        "dex": 4,
        "con": 4,
        "armour": 3,
        "wounds": 2,
        "types": ["alien"],
        "weapons": ["unarmed", "pincers"],
        "abilities": MI_GO_RULES,
        "kind": "mi_go",
    }
    return agent(model_id, **{**base, **fields})


def hive(placed: dict[str, Any], *more: dict[str, Any]) -> Game:
    """A Lurker turn with Mi-Go L1, L2, L3 (those ``placed``) and a Threshold Agent far off."""
    profiles = [mi_go(mid) for mid in ("L1", "L2", "L3") if mid in placed]
    return book(
        agent("T1"),
        *profiles,
        *more,
        placed={"T1": (30.0, 20.0), **placed},
        active=1,
        weapons={"pincers": PINCERS},
    )


def test_sa_hive_mind_a_nominated_mi_go_nominates_another_within_8_inches_r550() -> None:
    game = hive({"L1": (5.0, 5.0), "L2": (13.5, 5.0)})  # 8.5" apart: 7.52" base to base
    game.apply("nominate L1")
    assert options(game) == ["nominate L2", "done"]
    game.apply("nominate L2")
    nominated = events(game, "nominated")
    assert [(e.rule, e.models) for e in nominated] == [
        ("Turns: nomination", ("L1",)),
        ("Mi-Go: Hive Mind (R:550)", ("L2",)),
    ]
    assert game.decision is not None and game.decision.kind == "activate"
    assert not dice_left(game)


def test_sa_hive_mind_chains_from_mi_go_to_mi_go_r550() -> None:
    game = hive({"L1": (5.0, 5.0), "L2": (12.0, 5.0), "L3": (19.0, 5.0)})  # L3 14" from L1
    game.apply("nominate L1")
    assert options(game) == ["nominate L2", "done"]
    game.apply("nominate L2")
    assert options(game) == ["nominate L3", "done"]
    game.apply("nominate L3")
    assert [e.models[0] for e in events(game, "nominated")] == ["L1", "L2", "L3"]
    assert events(game, "nominated")[-1].rule == "Mi-Go: Hive Mind (R:550)"


def test_sa_hive_mind_a_mi_go_beyond_8_inches_is_refused_r550() -> None:
    game = hive({"L1": (5.0, 5.0), "L2": (12.0, 5.0), "L3": (5.0, 14.5)})
    game.apply("nominate L1")
    assert options(game) == ["nominate L2", "done"]
    refused(game, "nominate L3", 'L3 is 8.52" from L1: Hive Mind reaches 8"')


def test_sa_hive_mind_nominates_only_another_mi_go_r550() -> None:
    game = hive({"L1": (5.0, 5.0), "L2": (12.0, 5.0), "L4": (8.0, 5.0)}, agent("L4"))
    game.apply("nominate L1")
    assert options(game) == ["nominate L2", "done"]
    refused(game, "nominate L4", "L4 is no Mi-Go: Hive Mind nominates only another Mi-Go")


def test_sa_hive_mind_a_non_normal_mi_go_is_nominated_but_nominates_none_r550() -> None:
    game = hive(
        {"L1": (5.0, 5.0), "L2": {"pos": (12.0, 5.0), "state": "face-up"}, "L3": (19.0, 5.0)}
    )
    apply_all(game, "nominate L1", "nominate L2")
    assert game.decision is not None and game.decision.kind == "activate"
    assert [e.models[0] for e in events(game, "nominated")] == ["L1", "L2"]


def test_sa_surgical_precision_adds_1_to_its_close_combat_injury_rolls_r550() -> None:
    game = book(
        agent("T1"),
        mi_go("L1"),
        placed={"T1": (10.0, 10.0), "L1": (10.0 + TOUCH + 2.0, 10.0)},
        active=1,
        weapons={"pincers": PINCERS},
        # L1 5 + 1 = 6 against T1's 3 + 1 = 4: hits; 5 + 1 = 6 against Con 6, one Wound;
        # the Injury roll 3 + 3 + 1 = 7, a Minor Injury (6: Unconscious).
        dice=script("close-combat", 5, 2, 3, 2, "to-wound", 5, 1, "injury", 3, 3),
    )
    apply_all(game, "nominate L1", "charge L1 T1", "wound L1")
    precise = events(game, "surgical-precision")[0]
    assert (precise.rule, precise.models, precise.data) == (
        "Mi-Go: Surgical Precision (R:550)",
        ("T1",),
        {"bonus": 1},
    )
    assert events(game, "injury")[0].data == {"value": 7, "result": "Minor Injury"}
    assert not dice_left(game)


def test_sa_surgical_precision_not_with_an_earthly_weapon_r550() -> None:
    club = {**EARTHLY_CLUB, "item": True, "earthly": True}
    game = book(
        agent("T1"),
        mi_go("L1", weapons=["unarmed", "club"]),
        placed={"T1": (10.0, 10.0), "L1": (10.0 + TOUCH + 2.0, 10.0)},
        active=1,
        weapons={"club": club},
        dice=script("close-combat", 5, 2, 3, 2, "to-wound", 5, 1, "injury", 3, 3),
    )
    apply_all(game, "nominate L1", "charge L1 T1", "wound L1")
    assert not events(game, "surgical-precision")
    assert events(game, "injury")[0].data == {"value": 6, "result": "Unconscious"}
    assert not dice_left(game)


def test_sa_surgical_precision_not_on_a_shot_r550() -> None:
    game = book(
        agent("T1"),
        mi_go("L1", weapons=["unarmed", "pincers", "handgun_45"]),
        placed={"T1": (10.0, 10.0), "L1": (15.0, 10.0)},
        active=1,
        weapons={"pincers": PINCERS},
        # A 4 hits; 5 + 2 = 7 against Con 6: two Wounds, one beyond the last: 5 + 1 = 6.
        dice=[("to-hit", 4), ("to-wound", 5), ("injury", 2), ("injury", 3)],
    )
    apply_all(game, "nominate L1", "shoot L1 T1 handgun_45")
    assert not events(game, "surgical-precision")
    assert events(game, "injury")[0].data == {"value": 6, "result": "Unconscious"}
    assert not dice_left(game)


WALL = board({"id": "wall", "kind": "impassable", "height": 3.0, "polygon": rect(11, 6, 12, 14)})
RUBBLE = board({"id": "rubble", "kind": "rough", "height": 1.0, "polygon": rect(12, 0, 13, 24)})


def flying(x: float, on: Any = "open", flier: Any = None) -> Game:
    """The Lurkers' turn, L1 (a Mi-Go, or ``flier``) at (x, 10) with a Movement of 5" on the
    board ``on``, nominated."""
    game = book(
        agent("T1"),
        flier or mi_go("L1"),
        placed={"T1": (30.0, 20.0), "L1": (x, 10.0)},
        board=on,
        active=1,
        weapons={"pincers": PINCERS},
    )
    game.apply("nominate L1")
    return game


def test_sa_ether_wings_flies_over_impassable_terrain_r550() -> None:
    game = flying(9.0, WALL)
    game.apply("move L1 14,10")  # straight over the wall: 5"
    assert model(game, "L1").pos == (14.0, 10.0)
    assert events(game, "moved")[0].data["length"] == 5.0
    assert not dice_left(game)


def test_sa_ether_wings_never_ends_a_move_in_impassable_terrain_r550() -> None:
    refused(flying(9.0, WALL), "move L1 11.5,10", "the base would overlap the wall (impassable)")


def test_sa_ether_wings_terrain_costs_it_no_movement_r550() -> None:
    game = flying(10.0, RUBBLE)
    game.apply("move L1 15,10")  # 5" across the rubble: 3" for others
    assert model(game, "L1").pos == (15.0, 10.0)


def test_sa_ether_wings_a_chill_takes_nothing_off_its_movement_r550() -> None:
    game = flying(10.0)
    state = game.state
    assert isinstance(state, AeonsState)
    state.chilled = (("L1", 2),)
    game.apply("move L1 15,10")  # all 5": a Chill leaves others 4"
    assert model(game, "L1").pos == (15.0, 10.0)


def test_sa_ether_wings_armour_bought_costs_no_movement_r550(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    migo = lurker_profile(
        rules,
        tmp_path,
        '[[models]]\nprofile = "Mi-Go"\ngear = ["Heavy Armoured Vest"]\n\n'
        '[[models]]\nprofile = "Cultist"\ncount = 4\n',
    )
    assert (migo.move, [a.move for a in migo.worn]) == (5, [0])


def test_sa_mi_go_plays_hive_mind_surgical_precision_and_ether_wings(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    assert playable(rules.book, load_played(), rules.book.lurkers["mi_go"])
    entries = (
        '[[models]]\nprofile = "Mi-Go"\ncount = 2\n\n[[models]]\nprofile = "Cultist"\ncount = 2\n'
    )
    migo = lurker_profile(rules, tmp_path, entries)
    assert (migo.kind, set(migo.abilities)) == ("mi_go", set(MI_GO_RULES))


# -- Flying Polyp: Float, Whistling Winds, Highly Conductive (R:533-538) ---------------------

POLYP_RULES = ["float", "partially_visible", "whistling_winds", "highly_conductive"]


def polyp(model_id: str, **fields: Any) -> dict[str, Any]:
    """A Flying Polyp (R:533: 5 | 5+ | 6 | 2 | 3 | 3+, Parry left out), unarmed."""
    base: dict[str, Any] = {
        "name": f"Polyp {model_id}",
        "wounds": 3,
        "res": 3,
        "types": ["alien"],
        "weapons": ["unarmed"],
        "abilities": POLYP_RULES,
        "kind": "flying_polyp",
    }
    return agent(model_id, **{**base, **fields})


def test_sa_float_rough_terrain_costs_it_no_movement_r533() -> None:
    game = flying(10.0, RUBBLE, polyp("L1"))
    game.apply("move L1 15,10")  # 5" across the rubble: 3" for others
    assert model(game, "L1").pos == (15.0, 10.0)


def test_sa_float_crosses_impassable_terrain_but_never_ends_a_move_in_it_r533() -> None:
    game = flying(9.0, WALL, polyp("L1"))
    refused(game, "move L1 11.5,10", "the base would overlap the wall (impassable)")
    game.apply("move L1 14,10")
    assert model(game, "L1").pos == (14.0, 10.0)


def test_sa_float_water_still_slows_it_r533() -> None:
    swamp = board(
        {
            "id": "swamp",
            "kind": "open",
            "height": 0.0,
            "tags": ["shallow-water"],
            "polygon": rect(12, 0, 13, 24),
        }
    )
    game = flying(10.0, swamp, polyp("L1"))
    refused(game, "move L1 15,10", "the terrain on the path costs 2")


def test_sa_highly_conductive_plus_2_to_wound_it_with_a_stun_weapon_r538() -> None:
    game = book(
        agent("T1", weapons=["unarmed", "stun_pistol"]),
        polyp("L1", abilities=["highly_conductive"]),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0)},
        dice=[("to-hit", 5), ("to-wound", 2)],  # 2 + 2 + 2 = 6 against Con 6: one Wound
    )
    apply_all(game, "nominate T1", "shoot T1 L1 stun_pistol")
    conductive = events(game, "conductive")[0]
    assert (conductive.rule, conductive.models, conductive.data) == (
        "Flying Polyp: Highly Conductive (R:538)",
        ("L1",),
        {"bonus": 2},
    )
    assert events(game, "wounded")[0].data["total"] == 6
    assert model(game, "L1").wounds == 2
    assert not dice_left(game)


def test_sa_highly_conductive_plus_2_to_wound_it_with_an_arc_template_r538() -> None:
    game = book(
        agent("T1", weapons=["unarmed", SHOCK["id"]]),
        polyp("L1", abilities=["highly_conductive"]),
        placed={"T1": (10.0, 10.0), "L1": (16.0, 10.0)},
        weapons={SHOCK["id"]: SHOCK},
        dice=[("to-hit", 5), ("to-wound", 3)],  # 3 + 1 + 2 = 6 against Con 6: one Wound
    )
    apply_all(game, "nominate T1", f"ready T1 {SHOCK['id']}", f"shoot T1 L1 {SHOCK['id']}")
    assert events(game, "template")[0].models == ("L1",)
    assert events(game, "conductive")[0].data == {"bonus": 2}
    assert events(game, "wounded")[0].data["total"] == 6
    assert model(game, "L1").wounds == 2
    assert not dice_left(game)


def test_sa_highly_conductive_nothing_with_another_weapon_r538() -> None:
    game = book(
        agent("T1", weapons=["unarmed", "handgun_45"]),
        polyp("L1", abilities=["highly_conductive"]),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0)},
        dice=[("to-hit", 5), ("to-wound", 2)],  # 2 + 2 = 4 against Con 6: no Wound
    )
    apply_all(game, "nominate T1", "shoot T1 L1 handgun_45")
    assert not events(game, "conductive")
    assert model(game, "L1").wounds == 3
    assert not dice_left(game)


def winds(
    *placed: tuple[str, Any], dice: list[tuple[str, int]] | None = None, armed: bool = False
) -> Game:
    """The Lurkers' turn: the Polyp L1 (Whistling Winds alone) at (14, 10) nominated, a Cultist
    L2 far off, and the Agents ``placed`` (model id, position), with a rifle if ``armed``."""
    weapons = ["unarmed", "knife", *(["rifle"] if armed else [])]
    game = book(
        *(agent(mid, weapons=weapons) for mid, _ in placed),
        polyp("L1", abilities=["whistling_winds"]),
        agent("L2"),
        placed={"L1": (14.0, 10.0), "L2": (34.0, 22.0), **dict(placed)},
        active=1,
        dice=dice,
        start="nominate",
    )
    game.apply("nominate L1")
    return game


def test_sa_whistling_winds_fear_until_its_sides_next_turn_once_a_turn_r535() -> None:
    game = winds(("T1", (10.0, 10.0)), dice=[("resolve", 4)])
    assert options(game)[-3:] == ["winds L1 fear", "winds L1 gust", "winds L1 swirl"]
    game.apply("winds L1 fear")
    stirred = events(game, "winds")[0]
    assert (stirred.rule, stirred.data) == (
        "Flying Polyp: Whistling Winds (R:533-537)",
        {"effect": "fear"},
    )
    test = events(game, "resolve")[0]
    assert (test.models, test.data) == (
        ("T1",),
        {"situation": "winds:L1", "need": 4, "passed": True},
    )
    assert game.ruleset.describe(game, test) == (
        "Agent T1 (T1) tests Resolve for the Fear of Polyp L1 (L1)'s Whistling Winds: needs 4+,"
        " passed  [Psychology]"
    )
    refused(game, "winds L1 swirl", "L1 has stirred its Whistling Winds this Turn: once a Turn")
    apply_all(game, "pass L1", "nominate T1")
    assert game.state.surly == ("L1",)  # through the Threshold's turn
    apply_all(game, "pass T1", "pass T1")
    assert (game.state.active, game.state.surly, game.state.winds) == (1, (), ())
    assert not dice_left(game)


def test_r534_whistling_winds_stirred_again_are_the_same_situation_tested_once() -> None:
    # T1 passes its test against the winds' Fear; they lapse as the Lurkers' next Turn begins,
    # an Action passes, and the Polyp stirs them again: the same situation, no second test
    # (R:534).
    game = winds(("T1", (10.0, 10.0)), dice=[("resolve", 4)])
    apply_all(game, "winds L1 fear", "pass L1", "nominate T1", "pass T1", "pass T1")
    assert game.state.surly == ()
    apply_all(game, "nominate L1", "pass L1", "winds L1 fear")
    assert game.state.surly == ("L1",)
    assert [e.data["situation"] for e in events(game, "resolve")] == ["winds:L1"]
    assert model(game, "T1").faced == ("winds:L1",)
    assert not dice_left(game)


def test_sa_whistling_winds_a_gust_pushes_1d3_and_knocks_face_up_who_fails_r536() -> None:
    game = winds(
        ("T1", (14.0 + TOUCH + 1.5, 10.0)),  # 1.5" from the Polyp
        ("T2", (14.0, 10.0 + TOUCH + 1.9)),  # 1.9"
        ("T3", (14.0 - TOUCH - 2.5, 10.0)),  # beyond 2"
        dice=[("dexterity", 4), ("gust", 5), ("dexterity", 5)],
    )
    game.apply("winds L1 gust")
    assert [(e.models, e.data["passed"]) for e in events(game, "gust-test")] == [
        (("T1", "L1"), False),
        (("T2", "L1"), True),
    ]
    t1 = model(game, "T1")
    assert t1.state == "face-up"
    assert t1.pos == (14.0 + TOUCH + 4.5, 10.0)  # a D6 of 5 is a D3 of 3: 3" directly away
    assert model(game, "T2").state == "normal"
    assert not dice_left(game)


def test_r157_a_gust_out_of_a_combat_gives_the_opponent_left_its_free_roll() -> None:
    # The Cultist L2 fights T1 beside it, both within the gust. L2 fails its test and is
    # pushed 3" directly away from the Polyp, out of T1's base-to-base: T1 (its own test
    # passed) rolls to wound it first, then L2 is pushed.
    t1, l2 = (14.0 + TOUCH + 1.5, 10.0), (14.0 + TOUCH + 1.5, 10.0 + TOUCH)
    game = winds(
        ("T1", t1),
        ("L2", l2),
        dice=[("dexterity", 4), ("gust", 5), ("dexterity", 5), ("to-wound", 1)],
    )
    game.apply("winds L1 gust")
    forced = events(game, "forced-to-break")[0]
    assert game.describe(forced).startswith(
        "Agent L2 (L2) is pushed out of combat: Agent T1 (T1) roll(s) to wound it first"
    )
    assert (forced.rule, forced.models) == (
        "Leaving Close Combat: forced to break (R:157; notes §6 item 47)",
        ("L2", "T1"),
    )
    hit = events(game, "no-wound")[0]
    assert (hit.rule, hit.models) == (forced.rule, ("L2",))
    away = math.dist(l2, (14.0, 10.0))
    pushed = (l2[0] + 3.0 * (l2[0] - 14.0) / away, l2[1] + 3.0 * (l2[1] - 10.0) / away)
    assert model(game, "L2").pos == pytest.approx(pushed)
    assert model(game, "T1").pos == t1
    assert not dice_left(game)


def test_r157_the_model_whose_gust_pushes_makes_no_free_roll() -> None:
    # T1 in base-to-base with the Polyp hits it first (R:537), fails its test and is pushed
    # out of the Polyp's base-to-base: the Polyp, whose wind it is, rolls nothing.
    game = winds(
        ("T1", (14.0 - TOUCH, 10.0)),
        dice=[("to-wound", 1), ("dexterity", 4), ("gust", 5)],
    )
    game.apply("winds L1 gust")
    assert not events(game, "forced-to-break")
    assert model(game, "T1").pos == (14.0 - TOUCH - 3.0, 10.0)
    assert not dice_left(game)


def test_sa_whistling_winds_a_swirl_gives_a_5_up_cover_save_r536() -> None:
    game = winds(("T1", (2.0, 10.0)), dice=[("to-hit", 5), ("save", 5)], armed=True)
    apply_all(game, "winds L1 swirl", "pass L1", "nominate T1", "shoot T1 L1 rifle")
    assert events(game, "shot")[0].data["save"] == 5
    assert events(game, "saved")[0].data == {"saved": 1, "left": 0}
    assert not dice_left(game)


def test_sa_whistling_winds_in_base_to_base_the_normal_opponent_hits_first_r537() -> None:
    game = winds(("T1", (14.0 - TOUCH, 10.0)), dice=[("to-wound", 1)])  # 1 + 1 against Con 6
    assert "winds L1 swirl" in options(game)
    game.apply("winds L1 swirl")
    hit = events(game, "no-wound")[0]
    assert (hit.rule, hit.models) == ("Flying Polyp: Whistling Winds (R:533-537)", ("L1",))
    assert game.state.winds == (("L1", "swirl"),)
    assert not dice_left(game)


def test_sa_whistling_winds_fail_when_the_hit_takes_the_polyp_out_r537() -> None:
    game = winds(
        ("T1", (14.0 - TOUCH, 10.0)),
        # 6 + 1 = 7 against Con 6: two Wounds, one beyond its last: 2 + 3 + 1 = 6, Unconscious;
        # Face Down in base-to-base with T1, removed at once (R:160), L2 the last Lurker left.
        dice=[("to-wound", 6), ("injury", 2), ("injury", 3), ("resolve", 4)],
    )
    model(game, "L1").wounds = 1
    game.apply("winds L1 gust")
    assert model(game, "L1").removed == "Major Injury"
    assert events(game, "winds-fail")[0].models == ("L1",)
    assert game.state.winds == (("L1", ""),)
    assert not dice_left(game)


def test_sa_flying_polyp_plays_float_whistling_winds_and_highly_conductive(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    assert playable(rules.book, load_played(), rules.book.lurkers["flying_polyp"])
    entries = '[[models]]\nprofile = "Flying Polyp"\n\n[[models]]\nprofile = "Cultist"\ncount = 3\n'
    assert set(lurker_profile(rules, tmp_path, entries).abilities) == set(POLYP_RULES)


# -- Great Race of Yith: Mind Transfer and Neural Shock (R:543-545) ----------------------------

YITH_RULES = ["mind_transfer", "neural_shock"]


def yithian(dice: list[tuple[str, int]], *skills: str, at: float = 10.0) -> Game:
    """The Lurkers' turn: the Yithian L1 (R:543: 4 | 4+ | 6/7 | 2 | 2 | 3+, its ``skills``)
    nominated 5" from the Agent T1 (Resolve 4+; at ``at`` on the x axis) with Tough and Parry."""
    game = book(
        agent("T1", skills=["tough", "parry"]),
        agent(
            "L1",
            move=4,
            dex=4,
            armour=1,
            wounds=2,
            res=3,
            types=["alien"],
            skills=list(skills),
            abilities=YITH_RULES,
            kind="great_race_of_yith",
        ),
        placed={"T1": (at, 10.0), "L1": (15.0 + TOUCH, 10.0)},
        active=1,
        dice=dice,
    )
    game.apply("nominate L1")
    return game


def skills_of(game: Game, model_id: str) -> tuple[str, ...]:
    """The Skills of the model's profile now."""
    return catalog_of(game).profile(model(game, model_id).profile).skills


def test_sa_mind_transfer_a_lower_total_learns_a_skill_of_the_target_r543() -> None:
    game = yithian([("mind-transfer", 2), ("mind-transfer", 5)])  # 2 + 3 against 5 + 4
    game.apply("transfer L1 T1")
    reach = events(game, "mind-transfer")[0]
    assert (reach.rule, reach.data) == (
        "Great Race of Yith: Mind Transfer (R:543)",
        {"totals": [5, 9], "passed": False},
    )
    assert options(game) == ["learn L1 T1 tough", "learn L1 T1 parry"]
    game.apply("learn L1 T1 tough")
    assert (skills_of(game, "L1"), skills_of(game, "T1")) == (("tough",), ("tough", "parry"))
    assert events(game, "learned")[0].data == {"skill": "tough", "stolen": False}
    assert game.state.transferred == ("T1",)
    assert not dice_left(game)


def test_sa_mind_transfer_a_6_steals_the_skill_r543() -> None:
    game = yithian([("mind-transfer", 6), ("mind-transfer", 6)])  # 6 + 3 against 6 + 4
    apply_all(game, "transfer L1 T1", "learn L1 T1 parry")
    assert (skills_of(game, "L1"), skills_of(game, "T1")) == (("parry",), ("tough",))
    assert not dice_left(game)


def test_sa_mind_transfer_a_1_lets_the_target_steal_a_skill_of_the_yithian_r543() -> None:
    game = yithian([("mind-transfer", 1), ("mind-transfer", 2)], "smart")  # 4 against 6
    game.apply("transfer L1 T1")
    assert options(game) == ["learn T1 L1 smart"]
    game.apply("learn T1 L1 smart")
    assert (skills_of(game, "L1"), skills_of(game, "T1")) == ((), ("tough", "parry", "smart"))
    assert game.state.transferred == ()
    assert not dice_left(game)


def test_sa_mind_transfer_an_equal_total_takes_nothing_r543() -> None:
    game = yithian([("mind-transfer", 5), ("mind-transfer", 4)])  # 8 against 8
    game.apply("transfer L1 T1")
    assert events(game, "mind-transfer")[0].data["passed"] is True
    assert not events(game, "learned")
    assert skills_of(game, "L1") == ()
    assert not dice_left(game)


def test_sa_mind_transfer_only_an_enemy_within_10_inches_r543() -> None:
    game = yithian([], at=4.0)
    refused(game, "transfer L1 T1", 'T1 is 11" away: Mind Transfer reaches 10"')


def test_sa_neural_shock_a_failed_resolve_test_is_a_1d_plus_1_confusion_hit_r545() -> None:
    game = yithian([("resolve", 3), ("to-wound", 4)])  # 4 + 1 against Con 6: no Wound
    game.apply("shock L1 T1")
    shock = events(game, "neural-shock")[0]
    assert (shock.rule, shock.models, shock.data) == (
        "Great Race of Yith: Neural Shock (R:545)",
        ("L1", "T1"),
        {"need": 4, "passed": False},
    )
    assert events(game, "no-wound")[0].data == {"total": 5, "con": 6}
    assert game.state.confused == ("T1",)
    assert not dice_left(game)


def test_sa_neural_shock_a_victim_of_a_mind_transfer_needs_2_more_r545() -> None:
    game = yithian([("resolve", 5), ("to-wound", 1)])
    game.state.transferred = ("T1",)
    game.apply("shock L1 T1")
    assert events(game, "neural-shock")[0].data == {"need": 6, "passed": False}
    assert not dice_left(game)


def test_sa_neural_shock_a_passed_test_leaves_the_target_be_r545() -> None:
    game = yithian([("resolve", 4)])
    game.apply("shock L1 T1")
    assert events(game, "neural-shock")[0].data == {"need": 4, "passed": True}
    assert game.state.confused == ()
    assert not dice_left(game)


def test_sa_great_race_of_yith_plays_mind_transfer_and_neural_shock(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    assert playable(rules.book, load_played(), rules.book.lurkers["great_race_of_yith"])
    entries = (
        '[[models]]\nprofile = "Great Race of Yith"\n\n[[models]]\nprofile = "Cultist"\ncount = 3\n'
    )
    assert set(lurker_profile(rules, tmp_path, entries).abilities) == set(YITH_RULES)


# -- Wolfman: Transmogrify and Infect (R:627) --------------------------------------------------


def wolfman(**fields: Any) -> dict[str, Any]:
    """A Wolfman L1 (R:627: 5 | 4+ | 6 | 2 | 2 | 4+) with a Knife, and the unarmed Cultist
    (R:743: 5 | 5+ | 5 | 1 | 1 | 5+) that takes its place when it Transmogrifies."""
    cultist = agent("L1>", name="Cultist", con=5, res=5, weapons=["unarmed"], kind="cultist")
    base: dict[str, Any] = {
        "name": "Wolfman",
        "dex": 4,
        "wounds": 2,
        "types": ["beast", "humanoid"],
        "abilities": ["transmogrify", "infect"],
        "kind": "wolfman",
        "becomes": cultist,
    }
    return agent("L1", **{**base, **fields})


def shot_wolfman(resolve: int) -> Game:
    """T1's .45 takes one of the Wolfman's two Wounds (a 4 + 2 against Con 6); the
    Transmogrify test follows with a ``resolve`` die."""
    game = book(
        agent("T1", weapons=["unarmed", "handgun_45"]),
        wolfman(),
        agent("L2"),
        placed={"T1": (10.0, 10.0), "L1": (16.0, 10.0), "L2": (34.0, 22.0)},
        dice=[("to-hit", 5), ("to-wound", 4), ("resolve", resolve)],
    )
    apply_all(game, "nominate T1", "shoot T1 L1 handgun_45")
    return game


def test_sa_transmogrify_a_failed_test_leaves_an_unarmed_cultist_in_its_place_r627() -> None:
    game = shot_wolfman(3)
    test = events(game, "transmogrify")[0]
    assert (test.rule, test.models, test.data) == (
        "Wolfman: Transmogrify (R:627)",
        ("L1", "L1"),
        {"need": 4, "passed": False},
    )
    assert model(game, "L1").removed == "Transmogrified"
    heir = model(game, "L1C")
    cultist = catalog_of(game).profile(heir.profile)
    assert (heir.pos, heir.wounds, cultist.kind, cultist.weapons) == (
        (16.0, 10.0),
        1,
        "cultist",
        ("unarmed",),
    )
    assert not events(game, "resolve")  # no friend tests a removal that is no Injury
    assert not dice_left(game)


def test_sa_transmogrify_a_passed_test_keeps_the_wolfman_r627() -> None:
    game = shot_wolfman(4)
    assert events(game, "transmogrify")[0].data == {"need": 4, "passed": True}
    assert (model(game, "L1").removed, model(game, "L1").wounds) == (None, 1)
    assert not dice_left(game)


def bitten(infect: int) -> Game:
    """The Wolfman wins a round against T1 (5 + 1 against 3 + 1), wounds it (5 + 1 against
    Con 6) and the Injury roll 5 + 5 is a Major Injury; the Infect die is ``infect``."""
    game = book(
        agent("T1"),
        agent("T2"),
        wolfman(),
        placed={"T1": (10.0, 10.0), "T2": (30.0, 20.0), "L1": (10.0 + TOUCH + 2.0, 10.0)},
        active=1,
        # T2, now the Threshold's last model, tests its nerve last.
        dice=[
            *script("close-combat", 5, 2, 3, 2, "to-wound", 5, 1, "injury", 5, 5),
            ("infect", infect),
            ("resolve", 6),
        ],
    )
    apply_all(game, "nominate L1", "charge L1 T1", "wound L1")
    assert model(game, "T1").removed == "Major Injury"
    assert not dice_left(game)
    return game


def test_sa_infect_a_6_infects_a_threshold_model_it_removes_with_a_major_injury_r627() -> None:
    game = bitten(6)
    infected = events(game, "infected")[0]
    assert (infected.rule, infected.models) == ("Wolfman and Werewolf: Infect (R:627)", ("T1",))
    assert game.state.infected == ("T1",)


def test_sa_infect_another_face_leaves_it_uninfected_r627() -> None:
    game = bitten(5)
    assert events(game, "uninfected")[0].models == ("T1",)
    assert game.state.infected == ()


def test_sa_wolfman_plays_transmogrify_and_infect(rules: StrangeAeons, tmp_path: Path) -> None:
    assert playable(rules.book, load_played(), rules.book.lurkers["wolfman"])
    entries = '[[models]]\nprofile = "Wolfman"\n\n[[models]]\nprofile = "Cultist"\ncount = 4\n'
    wolf = lurker_profile(rules, tmp_path, entries)
    assert wolf.becomes is not None
    assert (wolf.becomes.id, wolf.becomes.kind, wolf.becomes.weapons) == ("L1>", "cultist", ())
