"""The rulebook's special weapon rules (R:1219-1226, notes §3.10), each with scripted dice on
forces written by hand: Blast Templates (R:1226), Dangerous and Poison (notes §6 item 4).
Each test is named after the rule it plays."""

from __future__ import annotations

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
from tests.rulesets.strange_aeons.rulebook import WEAPONS, agent
from tests.rulesets.strange_aeons.test_rulebook_rules import book

from skirmish.engine.action import Action
from skirmish.engine.game import Game
from skirmish.rulesets.strange_aeons.ai import point_score, score_actions, template_score
from skirmish.rulesets.strange_aeons.space import sight
from skirmish.rulesets.strange_aeons.templates import RULE

THROWER = {"dex": 4, "weapons": ["unarmed", "knife", "dynamite"]}
"""Professor Tillinghast as the example of play throws (Dex 4+, Dynamite: R:2122)."""

# -- Blast Template (R:1226) ------------------------------------------------------------------


def test_sa_blast_template_example_of_play_one_roll_wounds_both_models_r2122() -> None:
    # The Cultist (Con 5) and the Fishman (Con 6/7) side by side under the Large template:
    # a 4 hits, one roll of 4 + 5 = 9 wounds both, AP2 leaving the Fishman Con 6.
    game = book(
        agent("T1", **THROWER),
        agent("L1", con=5, types=["humanoid"]),
        agent("L2", con=6, armour=1, types=["humanoid"]),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0), "L2": (14.0 + TOUCH, 10.0)},
        dice=[
            ("to-hit", 4),
            ("to-wound", 4),
            ("injury", 4),
            ("injury", 2),  # 6 + 4 excess = 10: Major Injury
            ("injury", 1),
            ("injury", 2),  # 3 + 3 excess = 6: Unconscious
        ],
    )
    apply_all(game, "nominate T1", "ready T1 dynamite", "shoot T1 L1 dynamite")
    laid = events(game, "template")[0]
    assert (laid.rule, laid.models, laid.data["covered"]) == (
        "Weapon special rules: Blast and Spray Templates (R:1226; notes §6 item 11)",
        ("L1", "L2"),
        2,
    )
    wounded = [(e.models, e.data["total"], e.data["con"]) for e in events(game, "wounded")]
    assert wounded == [(("L1",), 9, 5), (("L2",), 9, 6)]
    assert [e.data["result"] for e in events(game, "injury")] == ["Major Injury", "Unconscious"]
    assert model(game, "L1").removed is not None
    assert model(game, "L2").state == "face-down"
    assert not dice_left(game)


def test_sa_blast_template_miss_the_opponent_moves_it_1d3() -> None:
    game = book(
        agent("T1", **THROWER),
        agent("L1", types=["humanoid"]),
        agent("L2", types=["humanoid"]),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0), "L2": (14.0 + TOUCH, 10.0)},
        dice=[("to-hit", 2), ("scatter", 5), ("to-wound", 1), ("injury", 2), ("injury", 2)],
    )
    apply_all(game, "nominate T1", "ready T1 dynamite", "shoot T1 L1 dynamite")
    decision = game.decision
    assert decision is not None
    assert (decision.player, decision.kind) == (1, "scatter")
    assert options(game) == [f"scatter T1 {d}" for d in range(0, 360, 45)]
    game.apply("scatter T1 0")  # 3" east: off the Cultist, still over the Fishman's base
    assert events(game, "scattered")[0].data == {"inches": 3, "to": (17.0, 10.0)}
    assert events(game, "template")[0].models == ("L2",)
    assert events(game, "wounded")[0].data == {"total": 6, "con": 6, "wounds": 1, "left": 0}
    assert model(game, "L2").state == "face-up"
    assert model(game, "L1").state == "normal"
    assert not dice_left(game)


def test_sa_blast_template_cover_counts_between_the_model_and_the_centre() -> None:
    # A low wall between the Agent aimed at and its friend north of it: the friend saves
    # with the Medium cover it has from the centre (a third of it hidden, R:185), the Agent
    # aimed at has none, and the thrower sees both in the open.
    wall = {
        "id": "wall",
        "kind": "open",
        "height": 0.7,
        "cover": "heavy",
        "polygon": rect(13.0, 10.6, 15.0, 10.7),
    }
    game = book(
        agent("T1", **THROWER),
        agent("L1", types=["humanoid"]),
        agent("L2", types=["humanoid"]),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0), "L2": (14.0, 11.4)},
        board=board(wall),
        dice=[("to-hit", 5), ("save", 5), ("to-wound", 2), ("injury", 2), ("injury", 2)],
    )
    assert not sight(game, model(game, "T1"), model(game, "L2")).pieces
    apply_all(game, "nominate T1", "ready T1 dynamite", "shoot T1 L1 dynamite")
    saved = events(game, "saved")
    assert [(e.models, e.data) for e in saved] == [(("L2",), {"saved": 1, "left": 0, "need": 5})]
    assert [e.models for e in events(game, "wounded")] == [("L1",)]
    assert model(game, "L2").state == "normal"
    assert not dice_left(game)


def test_sa_blast_template_aimed_only_at_an_enemy_in_range_once_readied() -> None:
    game = book(
        agent("T1", **THROWER),
        agent("T2"),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "T2": (12.0, 12.0), "L1": (20.0, 10.0)},
    )
    game.apply("nominate T1")
    refused(game, "shoot T1 L1 dynamite", "is a Ready weapon: an Action readies it")
    game.apply("ready T1 dynamite")
    refused(game, "shoot T1 T2 dynamite", "T2 is not an enemy of T1")
    refused(game, "shoot T1 L1 dynamite", 'out of range: 6" Dynamite')


CULTISTS = {"T1": (10.0, 10.0), "L1": (15.0, 10.0), "L2": (15.0, 13.0)}
"""The thrower and two Cultists 3" apart: a Large Blast (radius 2.35") centred between them
catches both, centred on either only that one."""


def cultists(*dice: tuple[str, int], hidden: tuple[str, ...] = ()) -> Game:
    """The thrower with its Dynamite readied, the Cultists (Con 7) placed as ``CULTISTS``,
    those ``hidden`` names Hidden."""
    game = book(
        agent("T1", **THROWER),
        agent("L1", con=7, types=["humanoid"]),
        agent("L2", con=7, types=["humanoid"]),
        placed=CULTISTS,
        dice=list(dice),
        before=lambda g: setattr(g.state, "hidden", hidden),
    )
    apply_all(game, "nominate T1", "ready T1 dynamite")
    return game


def blast_candidates(game: Game) -> list[tuple[float, float]]:
    """The points the heuristic and random players weigh for the Blast now offered."""
    assert game.decision is not None
    spec = next(p for p in game.decision.points if p.kind == "shoot-at")
    return game.ruleset.candidate_points(game, spec)


def test_r1226_a_blast_aimed_at_a_point_between_two_cultists_catches_both() -> None:
    # A 1 to wound: 6 against Con 7 hurts neither, and no injury is rolled.
    game = cultists(("to-hit", 4), ("to-wound", 1))
    game.apply("shoot-at T1 dynamite 15,11.5")
    aimed = events(game, "template-aimed-at")[0]
    assert (aimed.rule, aimed.models, aimed.data["at"]) == (RULE, ("T1",), (15.0, 11.5))
    assert events(game, "template")[0].models == ("L1", "L2")
    assert [e.models for e in events(game, "no-wound")] == [("L1",), ("L2",)]
    assert not dice_left(game)
    for aimed_at, tested in (("L1", ()), ("L2", (("resolve", 6),))):  # L1 is the closest
        one = cultists(*tested, ("to-hit", 4), ("to-wound", 1))
        one.apply(f"shoot T1 {aimed_at} dynamite")
        assert events(one, "template")[0].models == (aimed_at,)


def test_r1226_a_blast_point_out_of_range_unseen_or_off_the_table_is_refused() -> None:
    wall = {"id": "wall", "kind": "impassable", "height": 3.0, "polygon": rect(12, 6, 12.5, 9)}
    game = book(
        agent("T1", **THROWER),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (15.0, 10.0)},
        board=board(wall),
    )
    apply_all(game, "nominate T1", "ready T1 dynamite")
    refused(game, "shoot-at T1 dynamite 17,10", 'out of range: 6" Dynamite, the point 6.51" away')
    refused(game, "shoot-at T1 dynamite 14,6", "the point is not in sight of T1")
    refused(game, "shoot-at T1 dynamite 10,-0.5", "the point is off the table")
    refused(game, "shoot-at T1 knife 14,10", "T1 carries no ranged weapon 'knife'")


def test_r1226_a_missed_blast_at_a_point_scatters_from_that_point() -> None:
    game = cultists(("to-hit", 2), ("scatter", 5), ("to-wound", 1))
    game.apply("shoot-at T1 dynamite 15,11.5")
    game.apply("scatter T1 90")  # 3" north of the point: over L2 alone
    assert events(game, "scattered")[0].data == {"inches": 3, "to": (15.0, 14.5)}
    assert events(game, "template")[0].models == ("L2",)
    assert not dice_left(game)


def test_r177_a_blast_at_a_point_that_misses_the_closest_enemy_tests_to_shoot_past_it() -> None:
    # L3 is the closest enemy within 5": a point over the two Cultists away from it needs a
    # Resolve test, and a failure turns the template onto L3; a point over L3 needs none.
    # The thrower, alone against three, first tests Resolve for being isolated (passed).
    game = book(
        agent("T1", **THROWER),
        agent("L1", con=7, types=["humanoid"]),
        agent("L2", con=7, types=["humanoid"]),
        agent("L3", con=7, types=["humanoid"]),
        placed={**CULTISTS, "L3": (12.0, 7.0)},
        dice=[("resolve", 6), ("resolve", 2), ("to-hit", 4), ("to-wound", 1)],
    )
    apply_all(game, "nominate T1", "ready T1 dynamite", "shoot-at T1 dynamite 15,11.5")
    assert events(game, "priority-test")[0].data == {"need": 4, "passed": False}
    assert events(game, "retarget")[0].models == ("T1", "L3")
    assert events(game, "template")[0].models == ("L3",)
    near = book(
        agent("T1", **THROWER),
        agent("L1", con=7, types=["humanoid"]),
        agent("L3", con=7, types=["humanoid"]),
        placed={"T1": (10.0, 10.0), "L1": (15.0, 10.0), "L3": (12.0, 7.0)},
        dice=[("to-hit", 4), ("to-wound", 1)],
    )
    apply_all(near, "nominate T1", "ready T1 dynamite", "shoot-at T1 dynamite 12.5,8")
    assert not events(near, "priority-test")
    assert events(near, "template")[0].models == ("L3",)


def test_r177_the_heuristic_weighs_the_test_a_blast_point_owes() -> None:
    # A point over the two Cultists away from L3, the closest enemy, is worth its own worth
    # when the Resolve test (4+) passes, else that of the template turned on L3.
    game = book(
        agent("T1", **THROWER),
        agent("L1", con=7, types=["humanoid"]),
        agent("L2", con=7, types=["humanoid"]),
        agent("L3", con=7, types=["humanoid"]),
        placed={**CULTISTS, "L3": (12.0, 7.0)},
        dice=[("resolve", 6)],
    )
    apply_all(game, "nominate T1", "ready T1 dynamite")
    t1 = model(game, "T1")
    between = point_score(game, t1, (15.0, 11.5), "dynamite")
    on_l3 = template_score(game, t1, model(game, "L3"), "dynamite")
    (scored,) = score_actions(game, [Action.at("shoot-at", ("T1", "dynamite"), 15.0, 11.5)])
    assert scored == pytest.approx((between + on_l3) / 2)


def test_r1226_the_heuristic_offers_a_blast_point_between_two_enemies_and_prefers_it() -> None:
    game = cultists()
    assert blast_candidates(game) == [(15.0, 11.5)]
    shots = [Action.parse(t) for t in ("shoot T1 L1 dynamite", "shoot-at T1 dynamite 15,11.5")]
    one, both = score_actions(game, shots)
    assert both > one > 0.0


def test_r1226_the_heuristic_offers_no_blast_point_over_a_crate_between_two_enemies() -> None:
    # The midpoint of the Cultists lies on a crate: the template would lie on its top,
    # catching neither of them on the ground.
    crate = {"id": "crate", "kind": "climbable", "height": 1.0, "polygon": rect(14.5, 11, 15.5, 12)}
    game = book(
        agent("T1", **THROWER),
        agent("L1", con=7, types=["humanoid"]),
        agent("L2", con=7, types=["humanoid"]),
        placed=CULTISTS,
        board=board(crate),
    )
    apply_all(game, "nominate T1", "ready T1 dynamite")
    assert blast_candidates(game) == []


def test_r1089_a_blast_point_on_a_hidden_enemys_base_needs_the_hide_test() -> None:
    # The point is on the Hidden L1's base: a shot at L1, the failed test spending it.
    game = cultists(("resolve", 3), hidden=("L1",))
    game.apply("shoot-at T1 dynamite 15,10")
    dare = events(game, "dare")[0]
    assert (dare.rule, dare.models, dare.data) == (
        "Skills: Hide (R:1089)",
        ("T1", "L1"),
        {"need": 4, "passed": False},
    )
    assert not events(game, "template-aimed-at")
    assert not dice_left(game)


def test_r1089_a_blast_point_whose_template_lies_over_two_hidden_enemies_tests_each() -> None:
    game = cultists(
        ("resolve", 4), ("resolve", 5), ("to-hit", 4), ("to-wound", 1), hidden=("L1", "L2")
    )
    game.apply("shoot-at T1 dynamite 15,11.5")
    dares = events(game, "dare")
    assert [(d.models, d.data["passed"]) for d in dares] == [
        (("T1", "L1"), True),
        (("T1", "L2"), True),
    ]
    assert events(game, "template")[0].models == ("L1", "L2")
    assert not dice_left(game)


def test_r1089_a_blast_at_a_model_tests_for_a_hidden_enemy_under_its_template() -> None:
    # Aimed at L1, the template lies as one aimed at a point on L1's centre: over the Hidden
    # L2 too, 2" away, whose test fails and spends the shot.
    for command in ("shoot T1 L1 dynamite", "shoot-at T1 dynamite 15,10"):
        game = book(
            agent("T1", **THROWER),
            agent("L1", con=7, types=["humanoid"]),
            agent("L2", con=7, types=["humanoid"]),
            placed={**CULTISTS, "L2": (15.0, 12.0)},
            dice=[("resolve", 3)],
            before=lambda g: setattr(g.state, "hidden", ("L2",)),
        )
        apply_all(game, "nominate T1", "ready T1 dynamite", command)
        dare = events(game, "dare")[0]
        assert (dare.rule, dare.models, dare.data) == (
            "Skills: Hide (R:1089)",
            ("T1", "L2"),
            {"need": 4, "passed": False},
        )
        assert not events(game, "template-aimed") and not events(game, "template-aimed-at")
        assert not dice_left(game)


def test_r1330_a_blast_point_on_an_unseen_wearers_base_is_refused_nor_offered() -> None:
    # T1 in the suit and T2 3" apart: a point on T1's base is a shot at T1, and the
    # heuristic builds no point from the wearer.
    game = book(
        agent("T1", equipment=["invisibility_suit"]),
        agent("T2"),
        agent("L1", **THROWER),
        placed={"T1": (15.0, 10.0), "T2": (15.0, 13.0), "L1": (10.0, 10.0)},
        active=1,
    )
    apply_all(game, "nominate L1", "ready L1 dynamite")
    why = "T1 wears an Invisibility Suit and has not Shot or Charged: it is not a target (R:1330)"
    refused(game, "shoot-at L1 dynamite 15,10", why)
    assert blast_candidates(game) == []


# -- Spray Template (notes §6 items 5 and 11) ---------------------------------------------------


def test_sa_spray_template_from_the_firers_base_hits_every_model_under_it() -> None:
    game = book(
        agent("T1", dex=4, weapons=["unarmed", "spray"]),
        agent("L1", con=7, types=["humanoid"]),
        agent("L2", con=7, types=["humanoid"]),
        agent("L3", con=7, types=["humanoid"]),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0), "L2": (16.5, 10.6), "L3": (14.0, 12.0)},
        dice=[("to-hit", 4), ("to-wound", 1)],  # 1 + 2 = 3: no Wound on either
    )
    game.apply("nominate T1")
    assert "shoot T1 L2 spray" in options(game)
    game.apply("shoot T1 L1 spray")
    assert events(game, "template")[0].models == ("L1", "L2")  # not the firer, not L3
    assert [e.models for e in events(game, "no-wound")] == [("L1",), ("L2",)]
    assert not dice_left(game)


def test_sa_spray_template_reaches_its_length_and_a_miss_sprays_nothing() -> None:
    game = book(
        agent("T1", dex=4, weapons=["unarmed", "spray"]),
        agent("L1", types=["humanoid"]),
        agent("L2", types=["humanoid"]),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0), "L2": (19.6, 14.0)},
        dice=[("to-hit", 3)],
    )
    game.apply("nominate T1")
    refused(game, "shoot T1 L2 spray", 'out of range: 8" Spray')
    game.apply("shoot T1 L1 spray")
    assert not events(game, "template") and not events(game, "scattered")
    assert not dice_left(game)


# -- Dangerous (notes §6 item 4) ----------------------------------------------------------------


def test_sa_dangerous_a_1_brings_the_template_down_on_the_firer() -> None:
    game = book(
        agent("T1", **THROWER),
        agent("T2", types=["humanoid"]),
        agent("L1", types=["humanoid"]),
        placed={"T1": (10.0, 10.0), "T2": (10.0, 10.0 + TOUCH), "L1": (14.0, 10.0)},
        dice=[
            ("to-hit", 1),
            ("jam", 3),  # not confirmed: no Jam
            ("to-wound", 1),  # 1 + 5 = 6 against Con 6: one Wound each
            ("injury", 2),
            ("injury", 2),
            ("injury", 3),
            ("injury", 3),
        ],
    )
    apply_all(game, "nominate T1", "ready T1 dynamite", "shoot T1 L1 dynamite")
    danger = events(game, "dangerous")[0]
    assert (danger.rule, danger.models) == (
        "Weapon special rules: Dangerous (R:1273; notes §6 item 4)",
        ("T1",),
    )
    assert events(game, "template")[0].models == ("T1", "T2")
    assert not events(game, "scatter")
    assert (model(game, "T1").state, model(game, "T2").state) == ("face-up", "face-down")
    assert model(game, "L1").state == "normal"
    assert not dice_left(game)


# -- Poison (notes §6 item 4) -------------------------------------------------------------------


def test_sa_poison_adds_1_to_the_injury_roll() -> None:
    game = book(
        agent("T1", dex=4, weapons=["unarmed", "blow_pipe"]),
        agent("L1", types=["humanoid"]),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0)},
        dice=[("to-hit", 4), ("to-wound", 5), ("injury", 3), ("injury", 3)],
    )
    apply_all(game, "nominate T1", "shoot T1 L1 blow_pipe")
    poisoned = events(game, "poisoned")[0]
    assert (poisoned.rule, poisoned.data) == (
        "Weapon special rules: Poison (R:1240; notes §6 item 4)",
        {"bonus": 1},
    )
    assert events(game, "injury")[0].data == {"value": 7, "result": "Minor Injury"}
    assert model(game, "L1").removed is not None
    assert not dice_left(game)


def test_sa_blast_template_heuristic_weighs_enemies_under_it_less_friends() -> None:
    placed = {"T1": (10.0, 10.0), "L1": (14.0, 10.0), "L2": (14.0 + TOUCH, 10.0)}
    alone = book(agent("T1", **THROWER), agent("L1"), agent("L2"), placed=placed)
    beside = book(
        agent("T1", **THROWER),
        agent("T2"),
        agent("L1"),
        agent("L2"),
        placed={**placed, "T2": (14.0, 11.2)},
    )
    one = template_score(alone, model(alone, "T1"), model(alone, "L2"), "dynamite")
    two = template_score(alone, model(alone, "T1"), model(alone, "L1"), "dynamite")
    mixed = template_score(beside, model(beside, "T1"), model(beside, "L1"), "dynamite")
    # Aimed at L1 both Agents are under it; aimed at L2 too (1" apart): the same worth; a
    # friend beside L1 costs what it is expected to suffer.
    assert one == two > mixed > 0.0


def test_r1062_the_blast_template_heuristic_wounds_with_crack_shot_as_play_does() -> None:
    # A Crack Shot's Dynamite is worth what a plain thrower's would be with 1 more Damage,
    # on L1 under it and on the thrower, should it come down on him (R:1062, R:1226).
    placed = {"T1": (10.0, 10.0), "L1": (14.0, 10.0)}
    heavier = {"dynamite_6": {**WEAPONS["dynamite"], "id": "dynamite_6", "damage": 6}}
    crack = book(agent("T1", skills=["crack_shot"], **THROWER), agent("L1"), placed=placed)
    plain = book(
        agent("T1", dex=4, weapons=["unarmed", "dynamite_6"]),
        agent("L1"),
        placed=placed,
        weapons=heavier,
    )
    thrown = template_score(crack, model(crack, "T1"), model(crack, "L1"), "dynamite")
    heavy = template_score(plain, model(plain, "T1"), model(plain, "L1"), "dynamite_6")
    assert thrown == pytest.approx(heavy)


def test_sa_blast_template_heuristic_moves_a_miss_onto_the_throwers_side() -> None:
    game = book(
        agent("T1", **THROWER),
        agent("T2"),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "T2": (14.0, 7.0), "L1": (14.0, 10.0)},
        dice=[("to-hit", 2), ("scatter", 5)],
    )
    apply_all(game, "nominate T1", "ready T1 dynamite", "shoot T1 L1 dynamite")
    scores = dict(zip(options(game), score_actions(game, list(game.decision.options)), strict=True))
    # 3" south-west lands on both the thrower and its friend; south on the friend alone; east
    # on nobody.
    assert max(scores, key=scores.__getitem__) == "scatter T1 225"
    assert scores["scatter T1 225"] > scores["scatter T1 270"] > scores["scatter T1 0"] == 0.0


def test_sa_poison_in_close_combat_adds_1_to_the_injury_roll() -> None:
    game = book(
        agent("T1", weapons=["unarmed", "venomous_claws"]),
        agent("L1", types=["humanoid"]),
        placed={"T1": (10.0, 10.0), "L1": (10.0 + TOUCH + 2.0, 10.0)},
        # T1 5 + 2 = 7 against L1's 3 + 1 = 4: three hits; 4 + 2 = 6 against Con 6, one
        # Wound; the Injury roll 6 + 1 = 7, a Minor Injury.
        dice=script("close-combat", 5, 2, 3, 2, "to-wound", 4, 1, 1, "injury", 3, 3),
    )
    apply_all(game, "nominate T1", "charge T1 L1", "wound T1")
    assert events(game, "poisoned")[0].models == ("L1",)
    assert events(game, "injury")[0].data == {"value": 7, "result": "Minor Injury"}
    assert not dice_left(game)


# -- Loader (notes §6 item 4) and Action Hero (R:1040) ----------------------------------------


def test_sa_loader_full_rate_only_with_a_friend_in_base_to_base() -> None:
    gunner = {"weapons": ["unarmed", "heavy_gun"], "types": ["humanoid"]}
    alone = book(
        agent("T1", **gunner),
        agent("L1", types=["humanoid"]),
        placed={"T1": (10.0, 10.0), "L1": (18.0, 10.0)},
        dice=[("to-hit", 2)],
    )
    apply_all(alone, "nominate T1", "shoot T1 L1 heavy_gun")
    unloaded = events(alone, "unloaded")[0]
    assert (unloaded.rule, unloaded.models) == (
        "Weapon special rules: Loader (R:1041; notes §6 item 4)",
        ("T1",),
    )
    assert not dice_left(alone)
    for placed, skills in (({"T2": (10.0, 10.0 + TOUCH)}, []), ({}, ["action_hero"])):
        game = book(
            agent("T1", skills=skills, **gunner),
            agent("T2", types=["humanoid"]),
            agent("L1", types=["humanoid"]),
            placed={"T1": (10.0, 10.0), "T2": (2.0, 2.0), "L1": (18.0, 10.0), **placed},
            dice=[("to-hit", 2), ("to-hit", 2), ("to-hit", 2)],  # the full Rate 3D
        )
        apply_all(game, "nominate T1", "shoot T1 L1 heavy_gun")
        assert not events(game, "unloaded")
        assert not dice_left(game)


# -- Stun (notes §6 item 4) ---------------------------------------------------------------------


def test_sa_stun_a_hit_that_wounds_places_the_target_face_up() -> None:
    game = book(
        agent("T1", weapons=["unarmed", "stun_pistol"]),
        agent("L1", wounds=2, types=["humanoid"]),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0)},
        dice=[("to-hit", 5), ("to-wound", 4)],  # 4 + 2 = 6 against Con 6: one of two Wounds
    )
    apply_all(game, "nominate T1", "shoot T1 L1 stun_pistol")
    stunned = events(game, "face-up")[0]
    assert (stunned.rule, stunned.models) == (
        "Weapon special rules: Stun (R:1344; notes §6 item 4)",
        ("L1",),
    )
    assert (model(game, "L1").state, model(game, "L1").wounds) == ("face-up", 1)
    assert not dice_left(game)


def test_sa_dangerous_heuristic_weighs_the_template_coming_down_on_the_thrower() -> None:
    placed = {"T1": (10.0, 10.0), "L1": (14.0, 10.0)}
    plain = book(agent("T1", **THROWER), agent("L1"), placed=placed)
    expert = book(agent("T1", skills=["munitions_expert"], **THROWER), agent("L1"), placed=placed)
    risky = template_score(plain, model(plain, "T1"), model(plain, "L1"), "dynamite")
    safe = template_score(expert, model(expert, "T1"), model(expert, "L1"), "dynamite")
    assert 0.0 < risky < safe  # a 1 in 6 of a Dynamite hit on itself, a dud for the expert
