"""Shooting: Rate against Dexterity, range and sight, target priority, cover, one weapon per
turn, Blast, Power and shots into close combat.

Frank Howard (T1): Dex 3+, Double-Barrelled Shotgun 10", 2D, 1D+2, Blast, Power.
Agent (T2): Dex 5+, .45 Handgun 10", 1D, 1D+2. Cult Leader (L1): Dex 4+, Res 2+, Shotgun
10", 1D, 1D+2, Blast, Power and .22 Handgun 8", 2D, 1D+1. Cultist (L2) Con 5.
"""

from __future__ import annotations

import pytest
from tests.rulesets.strange_aeons.helpers import (
    HEDGES,
    TOUCH,
    R,
    apply_all,
    board,
    dice_left,
    events,
    kinds,
    model,
    options,
    rect,
    refused,
    rolls,
    scenario,
)

DBS = "double-barrelled-shotgun"


def frank_and(target: str, gap: float, **more: object) -> dict[str, object]:
    """Frank at (10, 10), ``target`` ``gap`` inches east of his base, the rest far away."""
    placed: dict[str, object] = {
        "T1": (10.0, 10.0),
        "T2": (2.0, 22.0),
        "L1": (34.0, 22.0),
        "L2": (34.0, 12.0),
        "L3": (34.0, 2.0),
    }
    placed[target] = (10.0 + TOUCH + gap, 10.0)
    placed.update(more)
    return placed


def test_shoot_rate_dice_against_dexterity() -> None:
    game = scenario(
        frank_and("L1", 7.0),
        dice=[
            ("to-hit", 3),
            ("to-hit", 2),  # Dex 3+: one hit
            ("to-wound", 4),  # 4 + 2 = 6 = Con 6: one Wound
            ("injury", 1),
            ("injury", 2),  # 3: Stunned
            ("power", 1),  # pushed 1" away
        ],
    )
    apply_all(game, "nominate T1", f"shoot T1 L1 {DBS}")
    assert game.describe(events(game, "shot")[0]) == (
        "Frank Howard (T1) shoots Cult Leader (L1) with the Double-Barrelled Shotgun "
        "(no cover, no save)  [Shooting]"
    )
    assert events(game, "hits")[0].data == {"hits": 1, "need": 3}
    assert rolls(game)[0] == ("to-hit", (3, 2))
    assert model(game, "L1").state == "face-up"
    assert not dice_left(game)


def test_shoot_no_hit_no_further_rolls() -> None:
    game = scenario(
        {
            "T2": (10.0, 10.0),
            "L1": (10.0 + TOUCH + 7.0, 10.0),
            "T1": (2.0, 22.0),
            "L2": (34.0, 22.0),
            "L3": (34.0, 2.0),
        },
        dice=[("to-hit", 4)],  # the Agent needs 5+
    )
    apply_all(game, "nominate T2", "shoot T2 L1 handgun-45")
    assert options(game)[-1] == "keep T2"  # Lucky is offered on the miss
    game.apply("keep T2")
    assert events(game, "hits")[0].data == {"hits": 0, "need": 5}
    assert [p for p, _ in rolls(game)] == ["to-hit"]
    assert not dice_left(game)


def test_shoot_range_to_any_part_of_the_target() -> None:
    game = scenario(frank_and("L1", 10.0, L2=(10.0, 10.0 + TOUCH + 10.1)))
    game.apply("nominate T1")
    assert f"shoot T1 L1 {DBS}" in options(game)  # exactly 10" base to base
    assert f"shoot T1 L2 {DBS}" not in options(game)  # 10.1"
    far = 'out of range: 10" Double-Barrelled Shotgun, L2 10.1" away'
    refused(game, f"shoot T1 L2 {DBS}", far)


def test_shoot_each_weapon_its_own_range() -> None:
    game = scenario(
        {
            "L1": (10.0, 10.0),
            "T1": (10.0 + TOUCH + 9.0, 10.0),
            "T2": (10.0, 10.0 + TOUCH + 7.0),
            "L2": (2.0, 2.0),
            "L3": (4.0, 2.0),
        },
        active=1,
    )
    game.apply("nominate L1")
    game.apply("done")
    shots = [o for o in options(game) if o.startswith("shoot")]
    assert shots == [
        "shoot L1 T1 shotgun",  # 9": the Shotgun (10") only
        "shoot L1 T2 shotgun",
        "shoot L1 T2 handgun-22",  # 7": the .22 (8") too
    ]


def test_shoot_needs_line_of_sight() -> None:
    tall = board(
        {"id": "wall", "kind": "impassable", "height": 2.0, "polygon": rect(14, 8, 14.4, 12)}
    )
    game = scenario(frank_and("L1", 7.0), board=tall)
    game.apply("nominate T1")
    assert not [o for o in options(game) if o.startswith("shoot")]
    refused(game, f"shoot T1 L1 {DBS}", "L1 is not in sight of T1")


def wall(height: float, cover: str) -> dict[str, object]:
    """A low wall just in front of a target 7" east of Frank (at x = 17.2)."""
    return board(
        {
            "id": "wall",
            "kind": "open",
            "height": height,
            "cover": cover,
            "polygon": rect(17.0, 8.0, 17.2, 12.0),
        }
    )


BEHIND_WALL = 17.2 + R + 0.05  # the Cult Leader's x just behind the wall


@pytest.mark.parametrize(
    ("height", "cover", "grade", "save"),
    [
        (0.3, "heavy", "light", 6),  # a third of the body hidden: Light cover
        (0.7, "medium", "medium", 5),  # ruins hiding more than half, graded Medium
        (0.7, "heavy", "heavy", 4),  # more than half hidden: Heavy cover
    ],
)
def test_cover_saves_from_computed_cover(height: float, cover: str, grade: str, save: int) -> None:
    game = scenario(
        {
            "T1": (10.0, 10.0),
            "L1": (BEHIND_WALL, 10.0),
            "T2": (2.0, 22.0),
            "L2": (34.0, 22.0),
            "L3": (34.0, 2.0),
        },
        board=wall(height, cover),
        dice=[
            ("to-hit", 5),
            ("to-hit", 6),  # two hits
            ("save", save),  # saved
            ("save", save - 1),  # not saved
            ("to-wound", 1),  # 1 + 2 = 3 < Con 6
            ("power", 2),
        ],
    )
    apply_all(game, "nominate T1", f"shoot T1 L1 {DBS}")
    shot = events(game, "shot")[0]
    assert (shot.rule, shot.data["cover"], shot.data["save"]) == ("Shooting", grade, save)
    assert f"({grade} cover, save {save}+)" in game.describe(shot)
    saved = events(game, "saved")[0]
    assert (saved.rule, saved.data) == ("Cover Saves", {"saved": 1, "left": 1})
    assert rolls(game)[2] == ("to-wound", (1,))  # one die for the one hit left
    assert not dice_left(game)


def test_cover_several_pieces_give_the_best_save_alone_in_the_introduction() -> None:
    # The introduction has no rule for several pieces of cover: the rulebook's is R:187.
    game = scenario(
        frank_and("L1", 7.0),
        board=HEDGES,
        dice=[("to-hit", 3), ("to-hit", 1), ("save", 6)],
    )
    apply_all(game, "nominate T1", f"shoot T1 L1 {DBS}")
    assert events(game, "shot")[0].data["save"] == 6
    assert not events(game, "cover-pieces")
    assert not dice_left(game)


def test_cover_all_hits_saved_no_damage_roll() -> None:
    game = scenario(
        {
            "T1": (10.0, 10.0),
            "L1": (BEHIND_WALL, 10.0),
            "T2": (2.0, 22.0),
            "L2": (34.0, 22.0),
            "L3": (34.0, 2.0),
        },
        board=wall(0.7, "heavy"),
        dice=[("to-hit", 5), ("to-hit", 6), ("save", 4), ("save", 6)],
    )
    apply_all(game, "nominate T1", f"shoot T1 L1 {DBS}")
    assert events(game, "saved")[0].data == {"saved": 2, "left": 0}
    assert "power" not in [p for p, _ in rolls(game)]  # no damage, no push
    assert not dice_left(game)


def test_cover_prone_takes_the_better_save() -> None:
    game = scenario(
        {
            "T1": (10.0, 10.0),
            "L1": {"pos": (BEHIND_WALL, 10.0), "state": "face-up"},
            "T2": (2.0, 22.0),
            "L2": (34.0, 22.0),
            "L3": (34.0, 2.0),
        },
        board=wall(0.7, "heavy"),
        dice=[("to-hit", 1), ("to-hit", 1)],
    )
    apply_all(game, "nominate T1", f"shoot T1 L1 {DBS}")
    assert events(game, "shot")[0].data["save"] == 4


def test_target_priority_closest_within_5_needs_no_test() -> None:
    game = scenario(
        frank_and("L2", 3.0, L1=(10.0, 10.0 + TOUCH + 8.0)),
        dice=[("to-hit", 1), ("to-hit", 1)],
    )
    apply_all(game, "nominate T1", f"shoot T1 L2 {DBS}")
    assert "priority-test" not in kinds(game)
    assert not dice_left(game)


def test_target_priority_resolve_test_passed_shoots_another() -> None:
    game = scenario(
        frank_and("L2", 3.0, L1=(10.0, 10.0 + TOUCH + 8.0)),
        dice=[("resolve", 3), ("to-hit", 1), ("to-hit", 1)],  # Frank's Res 3+: passed
    )
    apply_all(game, "nominate T1", f"shoot T1 L1 {DBS}")
    test = events(game, "priority-test")[0]
    assert (test.rule, test.data) == ("Shooting: Choose Target", {"need": 3, "passed": True})
    assert events(game, "shot")[0].models == ("T1", "L1")
    assert not dice_left(game)


def test_i3_target_priority_test_logs_its_need_and_a_lent_resolve() -> None:
    """The Agent (Res 4+) tests on Frank's Resolve, 3+, within 5" of his Command (I:3): the
    log says so, and what the test needs, as a psychology test's does."""
    placed = frank_and("L2", 3.0, T2=(10.0, 10.0 - TOUCH - 1.0), L1=(10.0, 10.0 + TOUCH + 8.0))
    game = scenario(placed, dice=[("resolve", 3), ("to-hit", 1)])
    apply_all(game, "nominate T2", "shoot T2 L1 handgun-45")
    lent = events(game, "shared-resolve")[0]
    assert game.describe(lent) == (
        "Agent (T2) uses the Resolve of Frank Howard (T1) (3+)  [Psychology: Command]"
    )
    assert game.describe(events(game, "priority-test")[0]) == (
        "Agent (T2) tests Resolve to shoot past the closest enemy: needs 3+, passed"
        "  [Shooting: Choose Target]"
    )
    assert not dice_left(game)


def test_target_priority_failed_test_shoots_the_closest() -> None:
    game = scenario(
        frank_and("L2", 3.0, L1=(10.0, 10.0 + TOUCH + 8.0)),
        dice=[("resolve", 2), ("to-hit", 1), ("to-hit", 1)],
    )
    apply_all(game, "nominate T1", f"shoot T1 L1 {DBS}")
    assert events(game, "priority-test")[0].data == {"need": 3, "passed": False}
    assert events(game, "retarget")[0].models == ("T1", "L2")
    assert events(game, "shot")[0].models == ("T1", "L2")
    assert not dice_left(game)


def test_i3_target_priority_closest_enemies_tied_the_shooters_player_chooses() -> None:
    """L1 and L2 stand equally close: a failed test to shoot past them turns the shot on the
    one of them its player names (notes §6 item 70)."""
    tied = frank_and("L2", 3.0, L1=(10.0, 10.0 + TOUCH + 3.0), L3=(10.0, 10.0 - TOUCH - 7.0))
    game = scenario(tied, dice=[("resolve", 1), ("to-hit", 1), ("to-hit", 1)])
    apply_all(game, "nominate T1", f"shoot T1 L3 {DBS}")
    assert game.decision is not None and game.decision.kind == "closest"
    assert options(game) == ["closest T1 L1", "closest T1 L2"]
    game.apply("closest T1 L1")
    assert events(game, "shot")[0].models == ("T1", "L1")
    assert not dice_left(game)


def test_target_priority_a_frenzied_model_still_tests_in_the_introduction() -> None:
    # The introduction's Frenzy passes no test: only the rulebook's does (R:223, notes §1.15).
    game = scenario(
        frank_and("L2", 3.0, L1=(10.0, 10.0 + TOUCH + 8.0)),
        dice=[("resolve", 3), ("to-hit", 1), ("to-hit", 1)],
    )
    game.apply("nominate T1")
    game.state.frenzied = ("T1",)
    game.apply(f"shoot T1 L1 {DBS}")
    assert not events(game, "frenzy-passes-test")
    assert events(game, "priority-test")[0].data == {"need": 3, "passed": True}
    assert not dice_left(game)


def test_target_priority_enemies_in_close_combat_ignored() -> None:
    # The Cultist 3" away is fighting the Agent: Frank may shoot the Cult Leader freely.
    game = scenario(
        frank_and("L2", 3.0, L1=(10.0, 10.0 + TOUCH + 8.0), T2=(10.0 + 2 * TOUCH + 3.0, 10.0)),
        dice=[("to-hit", 1), ("to-hit", 1)],
        start="nominate",
    )
    apply_all(game, "nominate T1", "done", f"shoot T1 L1 {DBS}")
    assert "priority-test" not in kinds(game)
    assert events(game, "shot")[0].models == ("T1", "L1")
    assert not dice_left(game)


def test_target_priority_enemy_out_of_sight_ignored() -> None:
    screen = board(
        {"id": "wall", "kind": "impassable", "height": 2.0, "polygon": rect(11.8, 8.0, 12.2, 12.0)}
    )
    game = scenario(
        frank_and("L2", 3.0, L1=(10.0, 10.0 + TOUCH + 8.0)),
        board=screen,
        dice=[("to-hit", 1), ("to-hit", 1)],
    )
    apply_all(game, "nominate T1", f"shoot T1 L1 {DBS}")
    assert "priority-test" not in kinds(game)


def test_one_ranged_weapon_per_turn() -> None:
    game = scenario(
        {
            "L1": (10.0, 10.0),
            "T2": (10.0 + TOUCH + 7.0, 10.0),
            "T1": (2.0, 22.0),
            "L2": (2.0, 2.0),
            "L3": (4.0, 2.0),
        },
        active=1,
        dice=[("to-hit", 1), ("to-hit", 1)],
    )
    apply_all(game, "nominate L1", "done")
    assert [o for o in options(game) if o.startswith("shoot")] == [
        "shoot L1 T2 shotgun",
        "shoot L1 T2 handgun-22",
    ]
    game.apply("shoot L1 T2 handgun-22")
    assert [o for o in options(game) if o.startswith("shoot")] == ["shoot L1 T2 handgun-22"]
    one = "L1 shoots the .22 Handgun this turn: one ranged weapon per turn"
    refused(game, "shoot L1 T2 shotgun", one)
    assert not dice_left(game)


@pytest.mark.parametrize(("gap", "total", "blast"), [(6.0, 6, True), (6.1, 5, False)])
def test_blast_plus_1_damage_within_6(gap: float, total: int, blast: bool) -> None:
    # 3 + 2 = 5, +1 within 6": 6 = Con 6 wounds the Cult Leader: Injury 6: Unconscious.
    after = [("injury", 3), ("injury", 3)] if blast else []
    game = scenario(
        frank_and("L1", gap),
        dice=[("to-hit", 3), ("to-hit", 1), ("to-wound", 3), *after, ("power", 1)],
    )
    apply_all(game, "nominate T1", f"shoot T1 L1 {DBS}")
    damage = events(game, "wounded" if blast else "no-wound")[0]
    assert damage.data["total"] == total
    assert ("blast" in kinds(game)) is blast
    assert model(game, "L1").state == ("face-down" if blast else "normal")
    assert not dice_left(game)


def test_power_pushes_d3_directly_away() -> None:
    # The Cult Leader is north-east of Frank: the push goes on along the line between them.
    game = scenario(
        {
            "T1": (10.0, 10.0),
            "L1": (14.0, 13.0),
            "T2": (2.0, 22.0),
            "L2": (34.0, 22.0),
            "L3": (34.0, 2.0),
        },
        dice=[("to-hit", 3), ("to-hit", 1), ("to-wound", 1), ("power", 6)],
    )
    apply_all(game, "nominate T1", f"shoot T1 L1 {DBS}")
    l1 = model(game, "L1")
    assert (l1.x, l1.y) == pytest.approx((14.0 + 3 * 0.8, 13.0 + 3 * 0.6))
    pushed = events(game, "pushed")[0]
    assert (pushed.rule, pushed.data["length"]) == ("Weapon special rules: Power", 3.0)
    assert not dice_left(game)


def test_power_no_push_when_the_target_is_removed() -> None:
    game = scenario(
        frank_and("L1", 7.0),
        dice=[("to-hit", 3), ("to-hit", 1), ("to-wound", 6), ("injury", 4), ("injury", 4)],
    )
    apply_all(game, "nominate T1", f"shoot T1 L1 {DBS}")
    # 6 + 2 = 8 vs Con 6: 3 Wounds on W1, Injury 8 + 2 = 10: Major Injury; no push.
    assert model(game, "L1").removed == "Major Injury"
    assert "pushed" not in kinds(game)
    assert not dice_left(game)


POOL = board(
    {
        "id": "pool",
        "kind": "impassable",
        "height": 0.0,
        "polygon": rect(10.0 + TOUCH + 7.0 + R + 1.5, 6.0, 24.0, 14.0),
    }
)


def test_power_push_short_of_impassable_terrain_is_harmless() -> None:
    game = scenario(
        frank_and("L1", 7.0),
        board=POOL,
        dice=[("to-hit", 3), ("to-hit", 1), ("to-wound", 1), ("power", 2)],  # 1"
    )
    apply_all(game, "nominate T1", f"shoot T1 L1 {DBS}")
    assert model(game, "L1").removed is None
    assert model(game, "L1").x == pytest.approx(10.0 + TOUCH + 7.0 + 1.0)


def test_power_push_into_impassable_terrain_is_a_major_injury() -> None:
    game = scenario(
        frank_and("L1", 7.0),
        board=POOL,
        dice=[("to-hit", 3), ("to-hit", 1), ("to-wound", 1), ("power", 3)],  # 2": 1.5" to it
    )
    apply_all(game, "nominate T1", f"shoot T1 L1 {DBS}")
    assert model(game, "L1").removed == "Major Injury"
    removed = events(game, "removed")[0]
    assert (removed.rule, removed.data) == ("Terrain: Impassable", {"reason": "Major Injury"})
    assert events(game, "pushed")[0].data["length"] == pytest.approx(1.5, abs=0.01)
    assert not dice_left(game)


def test_power_push_stopped_by_another_base() -> None:
    game = scenario(
        frank_and("L1", 7.0, L2=(10.0 + TOUCH + 7.0 + TOUCH + 1.0, 10.0)),
        dice=[("to-hit", 3), ("to-hit", 1), ("to-wound", 1), ("power", 6)],  # 3", 1" free
    )
    apply_all(game, "nominate T1", f"shoot T1 L1 {DBS}")
    assert model(game, "L1").removed is None
    assert events(game, "pushed")[0].data["length"] == pytest.approx(1.0, abs=0.01)


@pytest.mark.parametrize("face", [1, 3])
def test_power_push_off_the_table_is_a_minor_injury(face: int) -> None:
    """Off the table: the centre crosses the edge (D3 = 2), or the base ends partly over it."""
    game = scenario(
        {
            "T1": (10.0, 9.0),
            "L1": (10.0, 1.2),
            "T2": (2.0, 22.0),
            "L2": (34.0, 22.0),
            "L3": (34.0, 12.0),
        },
        dice=[("to-hit", 3), ("to-hit", 1), ("to-wound", 1), ("power", face)],
    )
    apply_all(game, "nominate T1", f"shoot T1 L1 {DBS}")
    assert model(game, "L1").removed == "Minor Injury"
    assert events(game, "removed")[0].rule == "Leaving the Table"
    assert not dice_left(game)


def test_shooting_into_close_combat_randomises_the_target() -> None:
    """Rules notes item 40: the shot strikes a model of the combat at random, friends too."""
    game = scenario(
        {
            "T1": (10.0, 10.0),
            "L2": (10.0, 17.0),
            "T2": (10.0 + TOUCH, 17.0),
            "L1": (34.0, 22.0),
            "L3": (34.0, 2.0),
        },
        dice=[
            ("random-target", 4),  # of [Cultist, Agent]: 1-3 the Cultist, 4-6 the Agent
            ("to-hit", 3),
            ("to-hit", 1),
            ("to-wound", 1),  # 1 + 2 = 3 < the Agent's Con 6
            ("power", 1),
        ],
        start="nominate",
    )
    apply_all(game, "nominate T1", "done", f"shoot T1 L2 {DBS}")
    pick = next(e for e in game.log if e.roll is not None and e.roll.purpose == "random-target")
    assert pick.roll is not None and pick.roll.dice == "D6"
    assert events(game, "random-target")[0].models == ("T2",)
    assert events(game, "shot")[0].models == ("T1", "T2")
    assert events(game, "no-wound")[0].models == ("T2",)
    assert not dice_left(game)


def test_shooting_into_close_combat_any_model_of_the_combat() -> None:
    """Rules notes item 40: every model of the combat may be struck, not only those touching
    the target: here Frank fights the Cult Leader and the Cultist, and the Agent shoots the
    Cult Leader; the Cultist, touching Frank only, may be struck too."""
    game = scenario(
        {
            "T1": (10.0, 10.0),
            "L1": (10.0 + TOUCH, 10.0),
            "L2": (10.0 - TOUCH, 10.0),
            "T2": {"pos": (10.0 + TOUCH, 17.0), "lucky_used": True},
            "L3": (34.0, 2.0),
        },
        dice=[
            ("random-target", 5),  # D3 of [Cult Leader, Frank, Cultist]: 5 -> 3, the Cultist
            ("to-hit", 1),
        ],
        start="nominate",
    )
    apply_all(game, "nominate T2", "shoot T2 L1 handgun-45")
    pick = next(
        e.roll for e in game.log if e.roll is not None and e.roll.purpose == "random-target"
    )
    assert pick is not None and (pick.dice, pick.value) == ("D6", 5)
    assert events(game, "shot")[0].models == ("T2", "L2")
    assert not dice_left(game)


def test_power_push_against_a_building_stops_harmlessly() -> None:
    """A climbable piece (a building) is not a crevasse: the push stops at its wall."""
    house = board(
        {
            "id": "house",
            "kind": "climbable",
            "height": 3.0,
            "polygon": rect(10.0 + TOUCH + 7.0 + R + 1.0, 6.0, 24.0, 14.0),
        }
    )
    game = scenario(
        frank_and("L1", 7.0),
        board=house,
        dice=[("to-hit", 3), ("to-hit", 1), ("to-wound", 1), ("power", 5)],  # 3": 1" to the wall
    )
    apply_all(game, "nominate T1", f"shoot T1 L1 {DBS}")
    assert model(game, "L1").removed is None
    assert events(game, "pushed")[0].data["length"] == pytest.approx(1.0, abs=0.01)
    assert not dice_left(game)


def test_i3_power_push_into_the_default_boards_crates_stops_on_them() -> None:
    """Crates 1" high are rough terrain, not a crevasse (I:3, R:166): pushed into them, the
    Cult Leader ends on them unharmed."""
    game = scenario(
        {
            "T1": (1.0, 2.6),
            "L1": (4.4, 2.6),
            "T2": (2.0, 22.0),
            "L2": (34.0, 12.0),
            "L3": (34.0, 2.0),
        },
        board="default",
        dice=[("to-hit", 3), ("to-hit", 1), ("to-wound", 1), ("power", 1)],  # 1": 0.1" to them
    )
    apply_all(game, "nominate T1", f"shoot T1 L1 {DBS}")
    l1 = model(game, "L1")
    assert l1.removed is None and (l1.x, l1.y) == pytest.approx((5.4, 2.6))
    assert game.board.pieces_touching(l1.pos, l1.radius, None)[0].id == "crates-south"
    assert "removed" not in kinds(game)
    assert not dice_left(game)


ROOF = board({"id": "house", "kind": "climbable", "height": 3.0, "polygon": rect(9, 10, 15, 15)})


@pytest.mark.parametrize("face", [1, 5])
def test_power_push_never_leaves_a_base_overhanging_a_roof(face: int) -> None:
    """Power on a roof: the introduction has no falling, so the push stops with the whole
    base on the roof: a 1" push that would leave it overhanging (its centre still on the
    roof) stops short like a 3" one that would take its centre over the edge."""
    game = scenario(
        {
            "T1": {"pos": (10.0, 12.5), "level": "house"},
            "L1": {"pos": (13.8, 12.5), "level": "house"},
            "T2": (2.0, 22.0),
            "L2": (34.0, 22.0),
            "L3": (34.0, 2.0),
        },
        board=ROOF,
        dice=[("to-hit", 3), ("to-hit", 1), ("to-wound", 1), ("power", face)],
    )
    apply_all(game, "nominate T1", f"shoot T1 L1 {DBS}")
    l1 = model(game, "L1")
    assert (l1.removed, l1.level) == (None, "house")
    assert l1.pos == pytest.approx((15.0 - R, 12.5))  # its base touching the roof's edge
    assert game.board.piece("house").boundary_distance(l1.pos) >= l1.radius - 1e-9
    assert events(game, "pushed")[0].data["length"] == pytest.approx(1.2 - R, abs=0.01)
    assert not dice_left(game)
