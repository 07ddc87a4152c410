"""Advanced terrain in the rulebook game (R:252-269, rules notes §1.13.3), each rule with
scripted dice on forces written by hand (an Agent: 5 | 5+ | 6 | 2 | 1 | 4+, Knife +1) and on
boards whose pieces carry the tags the rulebook's data reads (water, snow, ice)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.dice_script import script
from tests.rulesets.strange_aeons.helpers import (
    TOUCH,
    apply_all,
    board,
    dice_left,
    events,
    kinds,
    model,
    options,
    rect,
    refused,
    scenario,
)
from tests.rulesets.strange_aeons.lists import padded
from tests.rulesets.strange_aeons.rulebook import agent, book, cc

from skirmish.contract import random_game
from skirmish.engine.game import Game
from skirmish.geometry.board import load_board
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.jumping import SHORT
from skirmish.svg import render_svg

BOOK = "strange-aeons"
GUN = ["unarmed", "handgun_45"]


def piece(tag: str, x0: float, y0: float, x1: float, y1: float) -> dict[str, Any]:
    """A flat open piece carrying one tag."""
    return {
        "id": tag,
        "kind": "open",
        "height": 0.0,
        "tags": [tag],
        "polygon": rect(x0, y0, x1, y1),
    }


def shot_face(face: str) -> list[tuple[str, int]]:
    """A .45 shot that hits and wounds an Agent (2 + 4 against Con 6), and its Injury roll:
    ``face`` "up" Stunned (2 + 2), "down" Unconscious (3 + 3)."""
    injury = [("injury", 2), ("injury", 2)] if face == "up" else [("injury", 3), ("injury", 3)]
    return [("to-hit", 5), ("to-wound", 4), *injury]


# -- Water (R:256-257) -------------------------------------------------------------------------


def test_sa_shallow_water_costs_2_movement() -> None:
    swamp = board(piece("shallow-water", 12, 8, 16, 12))
    game = book(
        agent("T1"), agent("L1"), placed={"T1": (10.0, 10.0), "L1": (30.0, 10.0)}, board=swamp
    )
    game.apply("nominate T1")
    refused(game, "move T1 14,10", 'the terrain on the path costs 2", leaving 3" for a 4" path')
    game.apply("move T1 13,10")
    assert (model(game, "T1").x, model(game, "T1").y) == (13.0, 10.0)


def test_sa_deep_water_costs_3_movement_to_a_minimum_of_1() -> None:
    pond = board(piece("deep-water", 8, 8, 16, 12))
    game = book(
        agent("T1", move=3),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (30.0, 10.0)},
        board=pond,
    )
    game.apply("nominate T1")
    refused(game, "move T1 11.5,10", 'the terrain on the path costs 2", leaving 1" for a 1.5" path')
    game.apply("move T1 11,10")
    assert model(game, "T1").x == 11.0


def test_sa_aquatic_and_swim_ignore_the_water_movement_penalty() -> None:
    pond = board(piece("deep-water", 8, 8, 16, 16))
    game = book(
        agent("T1", types=["humanoid", "aquatic"]),
        agent("T2", skills=["swim"]),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "T2": (10.0, 14.0), "L1": (30.0, 10.0)},
        board=pond,
    )
    apply_all(game, "nominate T1", "move T1 15,10")
    assert model(game, "T1").x == 15.0
    apply_all(game, "pass T1", "nominate L1", "pass L1", "pass L1", "nominate T2")
    game.apply("move T2 15,14")
    assert model(game, "T2").x == 15.0


def test_sa_a_river_costs_every_model_1_more_upstream_r260() -> None:
    river = {**piece("shallow-water", 4, 8, 30, 12), "tags": ["shallow-water", "flows-east"]}
    game = book(
        agent("T1", types=["humanoid", "aquatic"]),
        agent("T2"),
        agent("L1"),
        placed={"T1": (20.0, 9.0), "T2": (20.0, 11.0), "L1": (30.0, 20.0)},
        board=board(river),
    )
    game.apply("nominate T1")
    refused(game, "move T1 15.5,9", 'the terrain on the path costs 1", leaving 4" for a 4.5" path')
    apply_all(game, "move T1 16,9", "move T1 21,9")  # upstream 4", then downstream all 5"
    apply_all(game, "nominate L1", "pass L1", "pass L1", "nominate T2")
    refused(game, "move T2 17.5,11", 'the terrain on the path costs 3", leaving 2" for a 2.5" path')
    game.apply("move T2 18,11")
    assert (model(game, "T1").x, model(game, "T2").x) == (21.0, 18.0)


def test_sa_face_down_in_shallow_water_is_a_major_injury() -> None:
    swamp = board(piece("shallow-water", 16, 8, 20, 12))
    game = book(
        agent("T1", weapons=GUN),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (18.0, 10.0)},
        board=swamp,
        dice=shot_face("down"),
    )
    apply_all(game, "nominate T1", "shoot T1 L1 handgun_45")
    drowned = events(game, "drowned")[0]
    assert (drowned.rule, drowned.data) == (
        "Advanced Terrain: Water (R:256)",
        {"state_name": "Face Down", "feature": "Shallow Water"},
    )
    assert model(game, "L1").removed == "Major Injury"
    assert not dice_left(game)


def shoot_both(
    pieces: dict[str, Any], l1: dict[str, Any], l2: dict[str, Any], faces: list[tuple[str, int]]
) -> Game:
    """T1 with a .45 shoots L1 (south) then L2 (north), both standing in ``pieces``."""
    game = book(
        agent("T1", weapons=GUN),
        agent("L1", **l1),
        agent("L2", **l2),
        placed={"T1": (10.0, 10.0), "L1": (18.0, 6.0), "L2": (18.0, 14.0)},
        board=pieces,
        dice=faces,
    )
    apply_all(game, "nominate T1", "shoot T1 L1 handgun_45", "shoot T1 L2 handgun_45")
    assert not dice_left(game)
    return game


def test_sa_face_up_in_shallow_water_stays_in_deep_water_drowns() -> None:
    pools = board(piece("shallow-water", 16, 4, 20, 8), piece("deep-water", 16, 12, 20, 16))
    game = shoot_both(pools, {}, {}, [*shot_face("up"), *shot_face("up")])
    assert model(game, "L1").state == "face-up" and model(game, "L1").removed is None
    assert events(game, "drowned")[0].data["feature"] == "Deep Water"
    assert model(game, "L2").removed == "Major Injury"


def test_sa_an_aquatic_model_never_drowns_a_swimmer_does() -> None:
    pond = board(piece("deep-water", 16, 4, 20, 16))
    aquatic, swimmer = {"types": ["humanoid", "aquatic"]}, {"skills": ["swim"]}
    game = shoot_both(pond, aquatic, swimmer, [*shot_face("down"), *shot_face("up")])
    assert model(game, "L1").state == "face-down" and model(game, "L1").removed is None
    assert model(game, "L2").removed == "Major Injury"


def test_r257_a_face_up_model_thrown_into_deep_water_drowns() -> None:
    """R:256-257: it drowns for lying Face Up in the water, though the Throw that put it
    there left its state as it was (R:1159)."""
    game = book(
        agent("T1", skills=["throw"]),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": {"pos": (10.0 + TOUCH, 10.0), "state": "face-up"}},
        board=board(piece("deep-water", 13, 6, 20, 14)),
        dice=[*cc(4, 2, 3), ("throw", 4)],
    )
    game.apply("throw T1 L1 20,10")
    drowned = events(game, "drowned")[0]
    assert (drowned.rule, drowned.models, drowned.data) == (
        "Advanced Terrain: Water (R:257)",
        ("L1",),
        {"state_name": "Face Up", "feature": "Deep Water"},
    )
    assert model(game, "L1").removed == "Major Injury"
    assert not dice_left(game)


def test_sa_a_pool_gives_a_6_up_cover_save() -> None:
    pond = board({**piece("deep-water", 16, 8, 20, 12), "tags": ["deep-water", "pool"]})
    game = book(
        agent("T1", weapons=GUN),
        agent("L1", types=["humanoid", "aquatic"]),
        placed={"T1": (10.0, 10.0), "L1": (18.0, 10.0)},
        board=pond,
        dice=[("to-hit", 5), ("save", 6)],
    )
    apply_all(game, "nominate T1", "shoot T1 L1 handgun_45")
    assert events(game, "shot")[0].data["save"] == 6
    assert events(game, "saved")[0].data == {"saved": 1, "left": 0}
    assert not dice_left(game)


def test_r261_r1073_duck_adds_one_to_the_pools_cover_save() -> None:
    """R:1073: the pool's 6+ is a Cover Save: an Aquatic Duck in it saves on 5."""
    pond = board({**piece("deep-water", 16, 8, 20, 12), "tags": ["deep-water", "pool"]})
    game = book(
        agent("T1", weapons=GUN),
        agent("L1", types=["humanoid", "aquatic"], skills=["duck"]),
        placed={"T1": (10.0, 10.0), "L1": (18.0, 10.0)},
        board=pond,
        dice=[("to-hit", 5), ("save", 5)],
    )
    apply_all(game, "nominate T1", "shoot T1 L1 handgun_45")
    assert events(game, "shot")[0].data["save"] == 5
    assert events(game, "saved")[0].data == {"saved": 1, "left": 0}
    assert not dice_left(game)


# -- Snow and ice (R:264-266) ------------------------------------------------------------------


def test_sa_light_snow_costs_1_and_heavy_snow_2() -> None:
    snow = board(piece("light-snow", 12, 4, 16, 8), piece("heavy-snow", 12, 12, 16, 16))
    game = book(
        agent("T1"),
        agent("T2"),
        agent("L1"),
        placed={"T1": (10.0, 6.0), "T2": (10.0, 14.0), "L1": (30.0, 10.0)},
        board=snow,
    )
    game.apply("nominate T1")
    refused(game, "move T1 14.5,6", 'the terrain on the path costs 1", leaving 4" for a 4.5" path')
    apply_all(game, "move T1 14,6", "pass T1", "nominate L1", "pass L1", "pass L1", "nominate T2")
    refused(game, "move T2 13.5,14", 'the terrain on the path costs 2", leaving 3" for a 3.5" path')
    game.apply("move T2 13,14")
    assert model(game, "T1").x == 14.0 and model(game, "T2").x == 13.0


def test_sa_snow_on_rough_terrain_costs_both_and_a_way_round_costs_neither() -> None:
    drift = {**piece("light-snow", 12, 9.5, 12.5, 10.5), "kind": "rough", "height": 1.0}
    placed = {"T1": (10.0, 10.0), "L1": (30.0, 10.0)}
    game = book(agent("T1"), agent("L1"), placed=placed, board=board(drift))
    game.apply("nominate T1")
    why = 'the terrain on the path costs 3", leaving 2" for a 4.5" path; round it, 5.03"'
    refused(game, "move T1 14.5,10", why)
    game.apply("move T1 13.5,10")  # 3.5" straight through; round the drift, within 5"
    assert (model(game, "T1").x, model(game, "T1").y) == (13.5, 10.0)
    assert events(game, "moved")[0].data["length"] > 3.5


def test_sa_heavy_snow_saves_6_up_and_prone_in_it_4_up_notes_6_item_43() -> None:
    snow = board(piece("heavy-snow", 16, 4, 20, 16))
    game = book(
        agent("T1", weapons=GUN),
        agent("L1"),
        agent("L2"),
        placed={
            "T1": (10.0, 10.0),
            "L1": (18.0, 6.0),
            "L2": {"pos": (18.0, 14.0), "state": "face-up"},
        },
        board=snow,
        dice=[("to-hit", 5), ("save", 6), ("to-hit", 5), ("save", 4)],
    )
    apply_all(game, "nominate T1", "shoot T1 L1 handgun_45")
    assert events(game, "shot")[0].data["save"] == 6
    game.apply("shoot T1 L2 handgun_45")  # prone in the snow 5+, the snow's 6+: 4+
    assert events(game, "shot")[1].data["save"] == 4
    assert [e.data["left"] for e in events(game, "saved")] == [0, 0]
    assert not dice_left(game)


def on_ice(face: int) -> Game:
    """T1 west of a patch of ice, the Dexterity die of its slip test scripted as ``face``."""
    ice = board(piece("ice", 11, 8, 14, 12))
    placed = {"T1": (10.0, 10.0), "L1": (30.0, 10.0)}
    return book(agent("T1"), agent("L1"), placed=placed, board=ice, dice=[("dexterity", face)])


def test_sa_ice_crossed_beyond_half_movement_asks_a_dexterity_test() -> None:
    game = on_ice(5)
    apply_all(game, "nominate T1", "move T1 13,10")  # 3" is not more than half of 5, rounded up
    assert not events(game, "slip-test")
    game.apply("move T1 17,10")  # 4": Dex 5+ and the ice's +1 make 6+; a 5 fails
    test = events(game, "slip-test")[0]
    assert (test.rule, test.data["need"], test.data["passed"]) == (
        "Advanced Terrain: Ice (R:266)",
        6,
        False,
    )
    assert model(game, "T1").state == "face-up"
    assert not dice_left(game)


def test_sa_ice_a_passed_dexterity_test_keeps_the_model_up() -> None:
    game = on_ice(6)
    apply_all(game, "nominate T1", "move T1 15,10")
    assert events(game, "slip-test")[0].data["passed"] is True
    assert model(game, "T1").state == "normal"
    assert not dice_left(game)


def test_r550_ether_wings_crosses_ice_with_no_dexterity_test() -> None:
    game = book(
        agent("T1", abilities=["ether_wings"]),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (30.0, 10.0)},
        board=board(piece("ice", 11, 8, 14, 12)),
    )
    apply_all(game, "nominate T1", "move T1 15,10")  # 5" over ice: no die is rolled
    assert not events(game, "slip-test")
    t1 = model(game, "T1")
    assert (t1.pos, t1.state) == ((15.0, 10.0), "normal")


def test_r266_a_revulsion_across_ice_asks_the_dexterity_test_r222() -> None:
    game = book(
        agent("T1"),
        agent("L1", types=["daemon"], skills=["fear"]),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0)},
        board=board(piece("ice", 5.5, 8, 9, 12)),
        dice=[("resolve", 3), ("insanity", 4), ("dexterity", 5)],  # Revulsion; 5 under 6+
    )
    apply_all(game, "nominate T1", "pass T1")  # the Fear within 5" is tested at once
    assert events(game, "insanity")[0].data == {"result": "Revulsion"}
    test = events(game, "slip-test")[0]
    assert (test.rule, test.data["need"], test.data["passed"]) == (
        "Advanced Terrain: Ice (R:266)",
        6,
        False,
    )
    t1 = model(game, "T1")
    assert (t1.pos, t1.state) == ((5.0, 10.0), "face-up")  # 5" west, over 3.5" of ice
    assert not dice_left(game)


def test_r266_a_charge_short_of_its_target_across_ice_asks_the_dexterity_test() -> None:
    game = book(
        agent("T1", move=1, move_die=6),  # a Movement of 1D6+1
        agent("L1"),
        placed={"T1": (5.0, 10.0), "L1": (12.0, 10.0)},
        board=board(piece("ice", 6, 8, 9, 12)),
        dice=[("movement", 3), ("dexterity", 6)],  # 4" of the 6" needed, more than 2"
    )
    apply_all(game, "nominate T1", "charge T1 L1")
    assert events(game, "charge-short")
    assert events(game, "slip-test")[0].data == {"feature": "Ice", "need": 6, "passed": True}
    assert model(game, "T1").pos == (9.0, 10.0)
    assert not dice_left(game)


# -- Falling (R:268-269) and Surefooted (R:1147) -----------------------------------------------

TOWER = {"id": "tower", "kind": "climbable", "height": 3.0, "polygon": rect(16, 8, 22, 12)}


def test_sa_face_down_within_1_of_an_edge_falls_1d_plus_height() -> None:
    game = book(
        agent("T1", weapons=GUN),
        agent("L1", wounds=2),
        placed={"T1": (10.0, 10.0), "L1": {"pos": (17.0, 10.0), "level": "tower"}},
        board=board(TOWER),
        dice=[("to-hit", 5), ("to-wound", 5), ("injury", 3), ("injury", 3), ("fall", 2)],
    )
    apply_all(game, "nominate T1", "shoot T1 L1 handgun_45")  # 5 + 2 = 7: both Wounds
    fell = events(game, "fell")[0]
    assert (fell.rule, fell.data) == (
        "Advanced Terrain: Falling (R:268-269)",
        {"height": 3.0, "piece": "tower"},
    )
    assert events(game, "fall-damage")[0].data == {"total": 5, "con": 6, "wounds": 0}
    l1 = model(game, "L1")
    assert (l1.level, l1.state, l1.removed) == (None, "face-down", None)
    assert l1.x < 16.0
    assert not dice_left(game)


def test_sa_a_fall_wounding_a_model_with_no_wounds_left_is_a_major_injury() -> None:
    game = book(
        agent("T1", weapons=GUN),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": {"pos": (17.0, 10.0), "level": "tower"}},
        board=board(TOWER),
        dice=[*shot_face("down"), ("fall", 3)],
    )
    apply_all(game, "nominate T1", "shoot T1 L1 handgun_45")
    assert events(game, "fall-damage")[0].data == {"total": 6, "con": 6, "wounds": 1}
    removed = events(game, "removed")[0]
    assert (removed.rule, removed.data) == (
        "Advanced Terrain: Falling (R:268-269)",
        {"reason": "Major Injury"},
    )
    assert not dice_left(game)


def test_r160_face_down_engaged_within_1_of_an_edge_is_removed_there_and_does_not_fall() -> None:
    game = book(
        agent("T1"),
        agent("L1"),
        agent("L2"),
        agent("L3"),
        placed={
            "T1": {"pos": (17.0 + TOUCH, 10.0), "level": "tower"},
            "L1": {"pos": (17.0, 10.0), "level": "tower"},
            "L2": (34.0, 22.0),
            "L3": (34.0, 2.0),
        },
        board=board(TOWER),
        # In base-to-base as the turn begins, T1 5 + 1 against L1's 3 + 1: 2 hits; 5 + 1
        # against Con 6 takes its last Wound; an Injury of 2 + 3, Unconscious, 1" from the
        # tower's edge.
        dice=script("close-combat", 5, 4, 2, 3, "to-wound", 5, 5, "injury", 2, 3),
    )
    game.apply("wound T1")  # the start-of-turn round
    assert model(game, "L1").removed == "Major Injury"
    assert kinds(game)[-3:] == ["face-down", "helpless", "removed"]
    assert not events(game, "fell")
    assert not dice_left(game)


def test_sa_face_down_away_from_the_edge_or_surefooted_does_not_fall() -> None:
    roof = {"level": "tower"}
    game = book(
        agent("T1", weapons=GUN),
        agent("L1"),
        agent("L2", skills=["surefooted"]),
        placed={
            "T1": {"pos": (21.0, 8.8), **roof},
            "L1": {"pos": (19.0, 10.0), **roof},
            "L2": {"pos": (17.0, 11.0), **roof},
        },
        board=board(TOWER),
        # L1 is the closer: shooting past it at L2 takes a Resolve test (R:177).
        dice=[*shot_face("down"), ("resolve", 6), *shot_face("down")],
    )
    apply_all(game, "nominate T1", "shoot T1 L1 handgun_45", "shoot T1 L2 handgun_45")
    assert [model(game, m).state for m in ("L1", "L2")] == ["face-down", "face-down"]
    assert not events(game, "fell")
    assert [model(game, m).level for m in ("L1", "L2")] == ["tower", "tower"]
    assert not dice_left(game)


def pushed_off(height: float, faces: list[tuple[str, int]]) -> Game:
    """T1 on a roof ``height`` high shoots L1 near its west edge with a Power weapon: a hit
    that does not wound, and a push of a D3 from a 5 (3") over the edge."""
    roof = {**TOWER, "height": height}
    return book(
        agent("T1", weapons=["unarmed", "elephant_gun"]),
        agent("L1"),
        placed={
            "T1": {"pos": (21.0, 10.0), "level": "tower"},
            "L1": {"pos": (17.0, 10.0), "level": "tower"},
        },
        board=board(roof),
        dice=[("to-hit", 5), ("to-wound", 1), ("power", 5), *faces],
    )


def test_sa_pushed_over_an_edge_a_drop_of_2_or_more_is_a_fall_r268() -> None:
    game = pushed_off(3.0, [("fall", 2)])
    apply_all(game, "nominate T1", "shoot T1 L1 elephant_gun")
    assert events(game, "fell")[0].data == {"height": 3.0, "piece": "tower"}
    assert events(game, "fall-damage")[0].data == {"total": 5, "con": 6, "wounds": 0}
    l1 = model(game, "L1")
    assert (l1.level, l1.state, l1.wounds) == (None, "face-up", 1)  # R:269: placed Face Up
    assert not dice_left(game)


def test_r269_a_fall_is_a_hit_that_toughs_save_against_all_hits_saves_r1163() -> None:
    def tough_pushed_off(faces: list[tuple[str, int]]) -> Game:
        # The shot's hit is saved first (Tough's 6+ fails on a 1), then wounds nothing.
        return book(
            agent("T1", weapons=["unarmed", "elephant_gun"]),
            agent("L1", skills=["tough"]),
            placed={
                "T1": {"pos": (21.0, 10.0), "level": "tower"},
                "L1": {"pos": (17.0, 10.0), "level": "tower"},
            },
            board=board(TOWER),
            dice=[("to-hit", 5), ("save", 1), ("to-wound", 1), ("power", 5), *faces],
        )

    saved = tough_pushed_off([("save", 6)])
    apply_all(saved, "nominate T1", "shoot T1 L1 elephant_gun")
    fall_save = events(saved, "saved")[-1]
    assert (fall_save.rule, fall_save.data) == (
        "Advanced Terrain: Falling (R:268-269)",
        {"saved": 1, "left": 0},
    )
    assert not events(saved, "fall-damage")
    l1 = model(saved, "L1")
    assert (l1.level, l1.state, l1.wounds, l1.removed) == (None, "face-up", 1, None)
    assert not dice_left(saved)
    failed = tough_pushed_off([("save", 5), ("fall", 3)])
    apply_all(failed, "nominate T1", "shoot T1 L1 elephant_gun")
    assert events(failed, "saved")[-1].data == {"saved": 0, "left": 1}
    assert events(failed, "fall-damage")[0].data == {"total": 6, "con": 6, "wounds": 1}
    assert model(failed, "L1").removed is not None
    assert not dice_left(failed)


def test_sa_pushed_over_an_edge_a_drop_under_2_is_no_fall_r268() -> None:
    game = pushed_off(1.5, [])
    apply_all(game, "nominate T1", "shoot T1 L1 elephant_gun")
    assert events(game, "stepped-down")[0].data == {"height": 1.5}
    assert not events(game, "fell")
    l1 = model(game, "L1")
    assert (l1.level, l1.state) == (None, "normal")
    assert not dice_left(game)


def test_sa_the_introduction_has_no_falling() -> None:
    game = scenario(
        {"T2": (10.0, 10.0), "L2": {"pos": (17.0, 10.0), "level": "tower"}},
        board=board(TOWER),
        # Alone on its side, T2 tests Resolve after its Action (the introduction's last model).
        dice=[("to-hit", 5), ("to-wound", 3), ("injury", 3), ("injury", 3), ("resolve", 6)],
    )
    apply_all(game, "nominate T2", "shoot T2 L2 handgun-45", "keep T2", "keep T2")  # 3 + 2: Con 5
    assert model(game, "L2").state == "face-down"
    assert not events(game, "fell") and model(game, "L2").level == "tower"
    assert not dice_left(game)


# -- Boards that carry advanced terrain --------------------------------------------------------


def test_sa_the_winter_fen_board_carries_water_snow_ice_and_objects() -> None:
    fen = load_board("winter-fen")
    tags = {tag for t in fen.terrain for tag in t.tags}
    water = {"deep-water", "pool", "shallow-water", "flows-south"}
    assert tags == {*water, "ice", "heavy-snow", "light-snow", "wooden-crate", "stone-wall"}
    assert fen.to_dict()["terrain"][0]["tags"] == ["deep-water", "pool"]


def test_sa_a_drawn_board_names_each_pieces_tags() -> None:
    drawn = render_svg(load_board("winter-fen"))
    assert "Pond (pond): open, 0&quot; high, deep-water, pool" in drawn


def test_sa_random_games_on_the_winter_fen_keep_the_contract() -> None:
    ruleset = find_ruleset(BOOK)
    for seed in range(3):
        game = random_game(ruleset, seed, setup={"board": "winter-fen", "list-seed": seed + 20})
        assert game.is_over


# -- Destroying inanimate objects (R:272-281, notes §2.6) --------------------------------------

FENCE = {
    "id": "fence",
    "kind": "rough",
    "height": 1.0,
    "tags": ["wooden-crate"],
    "polygon": rect(11, 8, 11.5, 12),
}
WALL = {
    "id": "wall",
    "kind": "impassable",
    "height": 2.5,
    "tags": ["stone-wall"],
    "polygon": rect(11, 8, 11.5, 12),
}


def test_sa_destroy_a_fence_an_action_whose_attacks_all_hit_r278() -> None:
    game = book(
        agent("T1"),
        agent("L1"),
        placed={"T1": (10.5, 10.0), "L1": (30.0, 10.0)},
        board=board(FENCE),
        dice=[("to-wound", 6), ("to-wound", 2)],  # A2: the highest, 6 + 1 (Knife) = 7 against 7
    )
    game.apply("nominate T1")
    assert "smash T1 fence" in options(game)
    game.apply("smash T1 fence")
    hit = events(game, "object-hit")[0]
    assert (hit.rule, hit.data) == (
        "Advanced Terrain: Destroying Inanimate Objects (R:278)",
        {"piece": "fence", "total": 7, "con": 7, "wounds": 1, "left": 0},
    )
    assert events(game, "destroyed")[0].data == {"piece": "fence"}
    assert [t.id for t in game.board.terrain] == []
    assert not dice_left(game)


def test_r1103_r1143_unarmed_skills_add_their_damage_against_an_object_r278() -> None:
    game = book(
        agent("T1", weapons=["unarmed"], skills=["martial_artist", "strike_to_kill"]),
        agent("L1"),
        placed={"T1": (10.5, 10.0), "L1": (30.0, 10.0)},
        board=board(FENCE),
        dice=[("to-wound", 5), ("to-wound", 2)],  # the highest, 5 + 0 (Unarmed) + 1 + 1 = 7
    )
    apply_all(game, "nominate T1", "smash T1 fence")
    hit = events(game, "object-hit")[0]
    assert hit.data == {"piece": "fence", "total": 7, "con": 7, "wounds": 1, "left": 0}
    assert [t.id for t in game.board.terrain] == []
    assert not dice_left(game)


def test_r278_rolled_attacks_are_rolled_to_smash_an_object() -> None:
    """R:278, notes §6 item 51: 1D3 Attacks rolled now (a 5: three), each a die to wound."""
    game = book(
        agent("T1", attacks=0, attacks_die=3),
        agent("L1"),
        placed={"T1": (10.5, 10.0), "L1": (30.0, 10.0)},
        board=board(FENCE),
        dice=[("attacks", 5), ("to-wound", 2), ("to-wound", 6), ("to-wound", 3)],
    )
    apply_all(game, "nominate T1", "smash T1 fence")
    assert events(game, "attacks-rolled")[0].data == {"attacks": 3}
    hit = events(game, "object-hit")[0]
    assert hit.data == {"piece": "fence", "total": 7, "con": 7, "wounds": 1, "left": 0}
    assert not dice_left(game)


def test_sa_a_stone_wall_keeps_the_wounds_it_lost_until_destroyed_r280() -> None:
    game = book(
        agent("T1", weapons=["sledgehammer"]),
        agent("L1"),
        placed={"T1": (10.5, 10.0), "L1": (30.0, 10.0)},
        board=board(WALL),
        dice=[("to-wound", 6), ("to-wound", 1), ("to-wound", 3), ("to-wound", 6)],
    )
    apply_all(game, "nominate T1", "smash T1 wall")  # 6 + 4 = 10 against 10: one Wound of 2
    assert events(game, "object-hit")[0].data["left"] == 1
    assert game.state.damaged == (("wall", 1),)
    game.apply("smash T1 wall")
    assert events(game, "destroyed") and not game.board.terrain
    assert game.state.damaged == ()
    assert not dice_left(game)


def test_sa_a_template_catches_an_object_under_it_r273() -> None:
    # R:273: a Template weapon's blast reaches objects; the one roll to wound, 2 + 5 (Dynamite)
    # = 7 against the fence's Constitution 7, takes its one Wound (notes §6 item 41).
    near = {**FENCE, "polygon": rect(15.0, 8, 15.5, 12)}
    game = book(
        agent("T1", dex=4, weapons=["unarmed", "dynamite"]),
        agent("L1", con=10),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0)},
        board=board(near),
        dice=[("to-hit", 5), ("to-wound", 2)],
    )
    apply_all(game, "nominate T1", "ready T1 dynamite", "shoot T1 L1 dynamite")
    hit = events(game, "object-hit")[0]
    assert (hit.models, hit.data) == (
        ("T1",),
        {"piece": "fence", "total": 7, "con": 7, "wounds": 1, "left": 0},
    )
    assert events(game, "destroyed")[0].data == {"piece": "fence"}
    assert not game.board.terrain
    assert not dice_left(game)
    beyond = book(
        agent("T1", dex=4, weapons=["unarmed", "dynamite"]),
        agent("L1", con=10),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0)},
        board=board(FENCE | {"polygon": rect(18.0, 8, 18.5, 12)}),
        dice=[("to-hit", 5), ("to-wound", 2)],
    )
    apply_all(beyond, "nominate T1", "ready T1 dynamite", "shoot T1 L1 dynamite")
    assert not events(beyond, "object-hit") and beyond.board.terrain


def test_r1062_crack_shot_and_a_critical_add_to_a_templates_roll_against_an_object_r273() -> None:
    # R:273, R:1062: the object takes the roll to wound as the models under the template do:
    # 2 + 5 (Dynamite), +1 for the Crack Shot, +2 for the confirmed Critical Hit, is 10
    # against the wall's Constitution 10, one of its 2 Wounds.
    near = {**WALL, "polygon": rect(15.0, 8, 15.5, 12)}
    game = book(
        agent("T1", dex=4, skills=["crack_shot"], weapons=["unarmed", "dynamite"]),
        agent("L1", con=12),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0)},
        board=board(near),
        dice=[("to-hit", 6), ("critical-hit", 6), ("to-wound", 2)],
    )
    apply_all(game, "nominate T1", "ready T1 dynamite", "shoot T1 L1 dynamite")
    hit = events(game, "object-hit")[0]
    assert hit.data == {"piece": "wall", "total": 10, "con": 10, "wounds": 1, "left": 1}
    assert events(game, "no-wound")[0].data == {"total": 10, "con": 12}
    assert game.state.damaged == (("wall", 1),)
    assert not dice_left(game)


def test_sa_destroying_an_object_needs_base_contact() -> None:
    game = book(
        agent("T1"), agent("L1"), placed={"T1": (8.0, 10.0), "L1": (30.0, 10.0)}, board=board(FENCE)
    )
    game.apply("nominate T1")
    refused(game, "smash T1 fence", "T1 is not in base contact with the fence on the ground")
    refused(game, "smash T1 rocks", "there is no object 'rocks' that can be destroyed")


# -- Jumping (R:270-271) -----------------------------------------------------------------------

ROOF_A = {"id": "a", "kind": "climbable", "height": 3.0, "polygon": rect(16, 8, 20, 12)}


def roofs(gap: float, rise: float = 0.5) -> dict[str, Any]:
    """Roof a (3" high) and roof b ``gap`` east of it, ``rise`` higher."""
    east = {"id": "b", "kind": "climbable", "height": 3.0 + rise}
    return board(ROOF_A, {**east, "polygon": rect(20 + gap, 8, 24 + gap, 12)})


def jumper(gap: float, faces: list[tuple[str, int]], **fields: Any) -> Game:
    """T1 on roof a, 0.7" from its east edge, with roof b ``gap`` beyond it."""
    placed = {"T1": {"pos": (19.3, 10.0), "level": "a"}, "L1": (4.0, 20.0)}
    game = book(agent("T1", **fields), agent("L1"), placed=placed, board=roofs(gap), dice=faces)
    game.apply("nominate T1")
    return game


def test_sa_jump_a_gap_of_2_or_more_passing_the_dexterity_test() -> None:
    game = jumper(2.5, [("dexterity", 5)])
    assert game.decision is not None and [s.kind for s in game.decision.points] == ["move", "jump"]
    game.apply("jump T1 23.3,10")  # 4" in all, 2.5" of it over the gap
    assert events(game, "jump-test")[0].data == {"need": 5, "passed": True}
    assert events(game, "jumped")[0].data == {"to": [23.3, 10.0], "gap": 2.5}
    t1 = model(game, "T1")
    assert (t1.x, t1.level, t1.state) == (23.3, "b", "normal")
    assert not dice_left(game)


def test_sa_jump_failed_the_model_falls_into_the_gap() -> None:
    game = jumper(2.5, [("dexterity", 4), ("fall", 2)])
    game.apply("jump T1 23.3,10")
    assert events(game, "jump-failed")
    assert events(game, "fell")[0].data == {"height": 3.0, "piece": "a"}
    t1 = model(game, "T1")
    assert (t1.level, t1.state) == (None, "face-up")
    assert 20.0 < t1.x < 22.5
    assert not dice_left(game)


def test_sa_surefooted_re_rolls_a_failed_jump_r1147() -> None:
    game = jumper(2.5, [("dexterity", 4), ("dexterity", 6)], skills=["surefooted"])
    game.apply("jump T1 23.3,10")
    assert events(game, "reroll")[0].rule == "Skills: Surefooted (R:1147)"
    assert events(game, "jump-test")[0].data == {"need": 5, "passed": True}
    assert model(game, "T1").level == "b"
    assert not dice_left(game)


def test_r1101_r476_lucky_and_the_lucky_charm_are_offered_on_the_jump_test() -> None:
    game = jumper(2.5, [("dexterity", 4)], skills=["lucky"], equipment=["lucky_charm"])
    game.apply("jump T1 23.3,10")  # a 4 against 5+
    assert game.decision is not None and game.decision.kind == "lucky"
    assert {str(a) for a in game.decision.options} == {"reroll T1 1", "charm T1 1", "keep T1"}
    game.apply("charm T1 1")
    assert events(game, "lucky-charm")[0].rule == "Extra Gear: Lucky Charm (R:476)"
    assert events(game, "jump-test")[0].data == {"need": 5, "passed": True}
    assert model(game, "T1").level == "b"
    assert not dice_left(game)


def test_sa_a_gap_under_2_and_a_jump_down_need_no_test() -> None:
    game = jumper(1.5, [])
    game.apply("jump T1 22.3,10")
    assert events(game, "jumped")[0].data["gap"] == 1.5 and not events(game, "jump-test")
    game.apply("jump T1 26,10")  # down from roof b to the ground beside it
    assert (model(game, "T1").level, model(game, "T1").state) == (None, "normal")
    assert not events(game, "fell")


def test_sa_jump_refused_too_high_too_wide_or_beyond_movement() -> None:
    high = book(
        agent("T1"),
        agent("L1"),
        placed={"T1": {"pos": (19.3, 10.0), "level": "a"}, "L1": (4.0, 20.0)},
        board=roofs(1.0, rise=1.5),
    )
    high.apply("nominate T1")
    refused(high, "jump T1 21.5,10", 'the b is 1.5" higher: a jump lands 1" higher at most')
    far = jumper(2.5, [])
    refused(far, "jump T1 24.5,10", 'the point is 5.2" away, more than the 5" of a jump')
    wide = jumper(6.5, [], move=8)
    refused(wide, "jump T1 27.3,10", 'the gap is 6.5": a jump clears 6" at most')
    refused(far, "jump T1 19,9", "the point is on the a too: a Move goes there")


def test_sa_a_whip_passes_the_jump_and_lands_up_to_2_higher_r484() -> None:
    game = book(
        agent("T1", equipment=["whip"]),
        agent("L1"),
        placed={"T1": {"pos": (19.3, 10.0), "level": "a"}, "L1": (4.0, 20.0)},
        board=roofs(2.5, rise=1.5),
    )
    apply_all(game, "nominate T1", "jump T1 23.3,10")
    assert events(game, "whip")[0].rule == "Extra Gear: Whip (R:484)"
    assert not events(game, "jump-test")
    assert model(game, "T1").level == "b"


def test_sa_a_team_buys_a_whip_and_its_model_carries_it(tmp_path: Path) -> None:
    team = tmp_path / "whip.toml"
    team.write_text(
        padded(
            'name = "Whips"\nfaction = "threshold"\n\n[[models]]\nname = "Indy"\n'
            'profile = "Character"\nskills = ["Lucky"]\ngear = ["Knife", "Whip"]\n'
        ),
        "utf-8",
    )
    game = find_ruleset(BOOK).new_game({"threshold": str(team), "lurkers": "random"}, 1)
    assert catalog_of(game).profile("T1").equipment == ("whip",)


def across(gap: float, faces: list[tuple[str, int]]) -> Game:
    """T1 on roof a facing L1 on roof b, ``gap`` beyond it, T1 nominated."""
    placed = {
        "T1": {"pos": (19.3, 10.0), "level": "a"},
        "L1": {"pos": (22.0 + gap, 10.0), "level": "b"},
    }
    game = book(agent("T1"), agent("L1"), placed=placed, board=roofs(gap), dice=faces)
    game.apply("nominate T1")
    return game


def test_sa_a_charge_crosses_a_gap_under_2_into_base_to_base_r271() -> None:
    game = across(1.5, [("close-combat", 4), ("close-combat", 2)] * 2)
    assert "charge T1 L1" in options(game)
    game.apply("charge T1 L1")
    assert events(game, "jumped")[0].data["gap"] == 1.5 and not events(game, "jump-test")
    assert events(game, "charge")[0].models == ("T1", "L1")
    assert model(game, "T1").level == "b" and events(game, "draw")
    assert not dice_left(game)


def test_r271_a_charge_whose_rolled_movement_falls_short_of_the_gap_stops_at_the_edge() -> None:
    """R:271, R:268: only a failed jump test falls; notes §6 item 49: the Charge counts as a
    Move, the model going as far as its roll takes it toward the target, here to its edge."""
    placed = {"T1": {"pos": (19.3, 10.0), "level": "a"}, "L1": {"pos": (23.5, 10.0), "level": "b"}}
    game = book(
        agent("T1", move=1, move_die=6),  # a Movement of 1D6+1
        agent("L1"),
        placed=placed,
        board=roofs(1.5),
        dice=[("movement", 1)],  # 2": the jump to L1 is 3.2"
    )
    apply_all(game, "nominate T1", "charge T1 L1")
    short = events(game, "jump-short")[0]
    assert short.rule == SHORT and short.data == {"movement": 2.0}
    assert not events(game, "fell") and not events(game, "charge")
    t1 = model(game, "T1")
    assert (t1.level, t1.state, t1.removed) == ("a", "normal", None)
    assert 19.3 < t1.x <= 20.0 - t1.radius + 1e-6  # at roof a's edge, its base wholly on it
    assert not dice_left(game)


def test_sa_a_charge_across_a_gap_of_2_or_more_is_refused() -> None:
    game = across(2.5, [])
    why = 'L1 is on the b, T1 on the a: a Charge stays on its surface or jumps a gap under 2"'
    refused(game, "charge T1 L1", why)
