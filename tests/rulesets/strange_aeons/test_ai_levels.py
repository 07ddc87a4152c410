"""The heuristic player across surfaces and through smoke, and its Werewolf's bark and
Byakhee's lift, on the rulebook's game with models placed by hand.

The Farmstead board (``default``): the Farmhouse's roof (9-15, 10-15), 3" high, reached by
ladder ``house-ladder`` from its foot (12, 8.9) to its top (12, 11.1) (R:169-170). The
Agents fight with a Knife; a Move is 5".
"""

from __future__ import annotations

import math
from typing import Any

import pytest
from tests.rulesets.strange_aeons.helpers import TOUCH, board, heuristic_choice, model, rect
from tests.rulesets.strange_aeons.rulebook import agent, book
from tests.rulesets.strange_aeons.test_rulebook_beasts import werewolf
from tests.rulesets.strange_aeons.test_rulebook_daemons import byakhee, pair

from skirmish.engine.action import Action
from skirmish.engine.game import Game
from skirmish.geometry.terrain import Cover
from skirmish.rulesets.strange_aeons import ai
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.ruleset import _move_spots as ruleset_move_spots
from skirmish.rulesets.strange_aeons.state import Smoke

FOOT, TOP = (12.0, 8.9), (12.0, 11.1)
ROOF = "house"


def farmstead(placed: dict[str, Any], *profiles: dict[str, Any]) -> Game:
    """The Lurkers' turn on the Farmstead, L1 nominated; T1 and L1 Agents unless
    ``profiles`` are given."""
    game = book(
        *(profiles or (agent("T1"), agent("L1"))),
        placed=placed,
        board="default",
        active=1,
        start="nominate",
    )
    game.apply("nominate L1")
    return game


def test_r170_the_heuristic_walks_to_the_ladder_for_an_enemy_on_the_roof() -> None:
    """R:169-170: T1 on the roof is reached by the ladder: L1, beside the house and nearer
    T1 as the crow flies than the ladder is, walks toward the ladder's foot."""
    start = (17.0, 12.5)
    game = farmstead({"T1": {"pos": (14.0, 14.0), "level": ROOF}, "L1": start})
    chosen = heuristic_choice(game)
    assert chosen.kind == "move" and chosen.point is not None
    assert math.dist(chosen.point, FOOT) <= math.dist(start, FOOT) - 4.0


def test_r170_the_heuristic_climbs_the_ladder_from_its_foot() -> None:
    """R:170: at the ladder's foot, L1 climbs it toward T1 on the roof."""
    game = farmstead({"T1": {"pos": (14.0, 14.0), "level": ROOF}, "L1": FOOT})
    assert heuristic_choice(game).to_text() == "climb L1 house-ladder"


def test_r271_the_heuristic_jumps_down_to_an_enemy_below() -> None:
    """R:271: L1 on the roof, T1 below: a jump down, with no gap to test, brings L1 to the
    ground."""
    game = farmstead({"T1": (2.0, 6.0), "L1": {"pos": (14.0, 14.0), "level": ROOF}})
    chosen = heuristic_choice(game)
    assert chosen.kind == "jump" and chosen.point is not None
    assert game.board.surface_at(chosen.point) is None


HALL_TOP = (18.0, 5.1)
HALL = board(
    {
        "id": "hall",
        "kind": "climbable",
        "height": 3.0,
        "cover": "heavy",
        "polygon": rect(8, 4, 28, 20),
    },
    ladders=({"id": "hall-ladder", "terrain": "hall", "foot": [18.0, 2.9], "top": list(HALL_TOP)},),
)
"""A roof too wide to jump from its middle: every edge beyond a Move."""


def test_r170_the_heuristic_walks_to_the_ladder_top_to_come_down() -> None:
    """R:170: L1 in the middle of a wide roof, T1 below to the west: no edge within a Move
    to jump from, L1 walks toward the ladder's top."""
    start = (18.0, 12.0)
    game = book(
        agent("T1"),
        agent("L1"),
        placed={"T1": (3.0, 2.0), "L1": {"pos": start, "level": "hall"}},
        board=HALL,
        active=1,
        start="nominate",
    )
    game.apply("nominate L1")
    chosen = heuristic_choice(game)
    assert chosen.kind == "move" and chosen.point is not None
    assert math.dist(chosen.point, HALL_TOP) <= math.dist(start, HALL_TOP) - 4.0


def test_r170_the_way_by_ladder_counts_a_move_for_the_climb() -> None:
    """R:170: from the ground, T1 on the roof is as far as the walk to the foot, a Move up
    the ladder (5") and the walk from the top, bases apart."""
    game = farmstead({"T1": {"pos": (14.0, 14.0), "level": ROOF}, "L1": (17.0, 12.5)})
    seen = ai.Outlook(game, model(game, "L1"))
    t1 = model(game, "T1")
    way = math.dist((17.0, 12.5), FOOT) + 5.0 + math.dist(TOP, t1.pos) - TOUCH
    assert seen.apart(t1, (17.0, 12.5), None, 0.0) == pytest.approx(way)
    assert seen.apart(t1, (14.0, 12.0), ROOF, 2.0) == 2.0


def test_r1309_the_heuristic_reads_smoke_in_what_a_spot_would_see() -> None:
    """R:1309: smoke between L1's .45 and T1 (a knife, beyond a Charge) blocks the shot L1
    would have from its spot next turn: the spot is worth that shot less with the smoke, and
    as much as ever with the smoke aside."""
    game = book(
        agent("T1"),
        agent("L1", weapons=["unarmed", "handgun_45"]),
        placed={"T1": (10.0, 4.0), "L1": (10.0, 12.0)},
        active=1,
        start="nominate",
    )
    l1, t1 = model(game, "L1"), model(game, "T1")
    open_sky = ai.position_score(ai.Outlook(game, l1), l1.pos, None)
    shot = ai.Outlook(game, l1).offence(t1, 8.0 - TOUCH, Cover.NONE)
    game.state.smoke = (Smoke(10.0, 8.0, 2.35, "", 0, 4),)
    smoked = ai.position_score(ai.Outlook(game, l1), l1.pos, None)
    assert shot > 0.0
    assert smoked == pytest.approx(open_sky - ai.NEXT_TURN_SHOT * shot)
    game.state.smoke = (Smoke(20.0, 8.0, 2.35, "", 0, 4),)  # aside: nothing blocked
    assert ai.position_score(ai.Outlook(game, l1), l1.pos, None) == pytest.approx(open_sky)


def test_sa_bark_at_the_moon_the_heuristic_weighs_the_insanity_roll_at_minus_1_r632() -> None:
    """R:632, R:217-223: a failure at -1 is Face Down on 1-2, Face Up on 3-4, Revulsion on
    5-6, never a Frenzy: worth more than a Face Up alone."""
    game = book(
        agent("T1"),
        werewolf(),
        placed={"T1": (10.0, 18.0), "L1": (10.0, 10.0)},
        active=1,
        start="nominate",
    )
    cat = catalog_of(game)
    failed = (2 * ai._FACE_DOWN_WORTH + 2 * ai._FACE_UP_WORTH + 2 * 0.2) / 6
    assert ai._insanity_worth(cat, -1) == pytest.approx(failed)
    t1_fails = (4 - 1) / 6  # T1's Resolve 4+
    assert ai._howl_score(game, model(game, "L1")) == pytest.approx(failed * t1_fails)


def test_sa_bark_at_the_moon_the_heuristic_barks_when_no_charge_is_near_r632() -> None:
    """R:632: its second Action, T1 and T2 within 10" and beyond a Charge, the Werewolf barks
    rather than walk into their knives."""
    game = farmstead(
        {"T1": (10.0, 18.5), "T2": (16.0, 17.0), "L1": (10.0, 10.0)},
        agent("T1"),
        agent("T2"),
        werewolf(),
    )
    game.apply("pass L1")
    assert heuristic_choice(game).to_text() == "howl L1"


def test_sa_transporter_the_heuristic_flies_to_a_slower_friend_to_lift_it_r639() -> None:
    """R:639: the Byakhee 4" from a slower Agent, the enemy far, flies into base-to-base with
    it, then lifts it."""
    game = book(
        agent("T1"),
        byakhee("L1"),
        agent("L2"),
        placed={"T1": (30.0, 20.0), "L1": (10.0, 10.0), "L2": (10.0, 14.0 + TOUCH)},
        active=1,
        start="nominate",
    )
    game.apply("nominate L1")
    chosen = heuristic_choice(game)
    assert chosen.kind == "move" and chosen.point is not None
    assert math.dist(chosen.point, model(game, "L2").pos) == pytest.approx(TOUCH, abs=0.02)
    game.apply(chosen)
    assert heuristic_choice(game).to_text() == "lift L1 L2"


def test_sa_transporter_the_heuristic_lift_is_worth_the_inches_gained_r639() -> None:
    """R:639: an Agent (5") carried by the Byakhee (7"): 2" more a Move, two Moves a turn."""
    game = pair(lifted=False)
    lift = ai._lift_worth(game, model(game, "L1"), model(game, "L2"))
    assert lift == pytest.approx(ai.MOUNT_WORTH + 2 * 2 * ai.APPROACH[False])


RUBBLE = board({"id": "rubble", "kind": "rough", "height": 0.5, "polygon": rect(9, 9, 11, 11)})
"""Rough terrain, 2" across, costing 2" of a Move that touches it (R:166)."""


def in_rubble(move: int) -> Game:
    """L1, an Agent of Movement ``move``, in the rubble at (10, 10), nominated; T1 far off."""
    game = book(
        agent("T1"),
        agent("L1", move=move),
        placed={"T1": (30.0, 10.0), "L1": (10.0, 10.0)},
        board=RUBBLE,
        active=1,
        start="nominate",
    )
    game.apply("nominate L1")
    return game


def test_r166_the_heuristic_walks_out_of_rough_terrain_with_what_it_leaves() -> None:
    """R:166: a Move of 3" touching rough terrain goes 1": the heuristic weighs Moves that
    short, and walks toward T1 rather than forfeit."""
    game = in_rubble(3)
    chosen = heuristic_choice(game)
    assert chosen.kind == "move" and chosen.point is not None
    assert chosen.point[0] > 10.5


def test_r166_the_heuristic_never_deploys_where_rough_terrain_costs_the_whole_move() -> None:
    """R:166: a Movement of 2 in rough terrain is spent on it: a spot there is worth less
    than any spot to the heuristic deploying; a Movement of 5 is not held."""
    slow, fast = in_rubble(2), in_rubble(5)
    spot = Action.at("deploy", ("L1",), 10.0, 10.0)
    assert ai._stuck(slow, model(slow, "L1"), (10.0, 10.0))
    assert not ai._stuck(fast, model(fast, "L1"), (10.0, 10.0))
    (held,), (free,) = ai._deploy_scores(slow, [spot]), ai._deploy_scores(fast, [spot])
    assert held == pytest.approx(free - ai.STUCK)


def test_r1061_the_heuristic_deploys_within_command_range_of_its_commander() -> None:
    """R:1061: a commander nominates friends within 10" only: on an open board, a spot beyond
    its Command range is worth less to the heuristic deploying, by the inches beyond, than
    one within it as far from the middle."""
    game = book(
        agent("T1"),
        agent("L1", skills=["command"]),
        agent("L2"),
        placed={"T1": (30.0, 10.0), "L1": (4.0, 4.0), "L2": (4.0, 6.0)},
        board="open",
        active=1,
        start="nominate",
    )
    near, far = Action.at("deploy", ("L2",), 4.0, 12.0), Action.at("deploy", ("L2",), 4.0, 20.0)
    beyond = 20.0 - 4.0 - 2 * model(game, "L2").radius - ai.COHESION_RANGE
    within, apart = ai._deploy_scores(game, [near, far])
    assert within - apart == pytest.approx(ai.DEPLOYED_TOGETHER * ai.COHESION_ALL * beyond)


def test_r1061_straying_costs_more_where_command_nominates_the_whole_side() -> None:
    """R:1061: Command nominates two friends more; where they are all the side has, straying
    beyond its range costs the heuristic :data:`ai.COHESION_ALL` an inch, else less."""
    led = [agent("L1", skills=["command"]), agent("L2"), agent("L3")]
    placed = {"T1": (30.0, 10.0), "L1": (4.0, 4.0), "L2": (4.0, 8.0), "L3": (4.0, 12.0)}
    few = book(agent("T1"), *led, placed=placed, active=1, start="nominate")
    many = book(
        agent("T1"),
        *led,
        agent("L4"),
        placed={**placed, "L4": (4.0, 16.0)},
        active=1,
        start="nominate",
    )
    assert ai.Outlook(few, model(few, "L2")).cohesion == (ai.COHESION_RANGE, ai.COHESION_ALL)
    assert ai.Outlook(many, model(many, "L2")).cohesion == (ai.COHESION_RANGE, ai.COHESION)


def test_r162_the_heuristic_weighs_moves_its_full_reach_that_rounding_keeps_legal() -> None:
    """R:162: a Move goes up to the Movement: each straight Move weighed at the full 5" has
    a twin a little short of it, so a point rounded to hundredths is never beyond reach."""
    game = in_rubble(5)
    l1 = model(game, "L1")
    l1.x, l1.y = 18.0, 12.0  # out of the rubble, 5" from everything
    spots = ruleset_move_spots(game, l1)
    for k in range(12):
        angle = math.tau * k / 12
        ahead = [p for p in spots if _along(p, l1.pos, angle)]
        assert any(4.97 <= math.dist(p, l1.pos) <= 5.0 for p in ahead), k


def _along(p: tuple[float, float], start: tuple[float, float], angle: float) -> bool:
    dx, dy = p[0] - start[0], p[1] - start[1]
    return abs(dx * math.sin(angle) - dy * math.cos(angle)) < 0.05 and (
        dx * math.cos(angle) + dy * math.sin(angle) > 0
    )


def test_sa_the_heuristic_presses_a_losing_charge_once_the_game_has_stalled() -> None:
    """A game past round 12 has stalled: a Charge gains 0.05 of its target's worth a round
    beyond it, so L1 charges the stronger T1 at round 30 that it would not at round 1."""
    game = book(
        agent("T1", attacks=3),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (10.0 + TOUCH + 2.0, 10.0)},
        active=1,
        start="nominate",
    )
    game.apply("nominate L1")
    assert ai.press(game) == 0.0
    assert heuristic_choice(game).kind != "charge"
    game.state.round = 30
    assert ai.press(game) == pytest.approx(0.05 * 18)
    assert heuristic_choice(game).to_text() == "charge L1 T1"


def test_r166_the_heuristic_weighs_no_charge_from_rough_terrain_and_walks_out_of_it() -> None:
    """R:166, R:162: T1 in the rubble, L1 just beyond it, no Charge starts there: the
    heuristic weighs none from its spot, so it walks out of the rubble (to Charge with its
    next Action) rather than forfeit as if it could Charge from where it stands."""
    game = book(
        agent("T1", attacks=4, dex=3),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (12.2, 10.0)},
        board=RUBBLE,
        active=0,
        start="nominate",
    )
    game.apply("nominate T1")
    t1 = model(game, "T1")
    assert ai._rough_under(game, t1, t1.pos)
    chosen = heuristic_choice(game)
    assert chosen.kind == "move" and chosen.point is not None
    assert not ai._rough_under(game, t1, chosen.point)


def test_r166_a_stalled_game_leaves_rough_terrain_where_no_fight_starts() -> None:
    """R:166: past the stalled round (ai.press), a spot on rough terrain within a Charge of
    an enemy is worth ai.STALLED_ROUGH less to a model it stops from Charging: two sides in
    it would wait each other out for good. With no enemy so near, it costs nothing more."""
    game = in_rubble(5)
    l1 = model(game, "L1")
    far = ai.Outlook(game, l1).score(l1.pos, None)
    model(game, "T1").x = 13.5  # 2.5" off: within a Charge
    early = ai.Outlook(game, l1).score(l1.pos, None)
    game.state.round = ai.PRESS_ROUND + 1
    assert ai.Outlook(game, l1).score(l1.pos, None) == pytest.approx(early - ai.STALLED_ROUGH)
    model(game, "T1").x = 30.0
    assert ai.Outlook(game, l1).score(l1.pos, None) == pytest.approx(far)


def test_sa_a_stalled_game_closes_in_on_an_enemy_beyond_reach_as_on_one_unseen() -> None:
    """Past the stalled round (ai.press) a shooter closes in on an enemy it cannot see; one
    just beyond its reach, where sight is not read, it closes in on too: else it stood out of
    reach for good, every spot nearer, the enemy unseen behind the wall, seeming worse
    (Retrieve the Artifacts, seed 3, passed to round 100 so)."""
    wall = {"id": "wall", "kind": "impassable", "height": 3.0, "polygon": rect(12, 5, 12.3, 15)}
    game = book(
        agent("T1", weapons=["unarmed", "handgun_45"]),
        agent("L1"),
        placed={"T1": (5.0, 10.0), "L1": (5.0 + 12.0 + TOUCH, 10.0)},
        board=board(wall),
        active=0,
        start="nominate",
    )
    game.state.round = ai.PRESS_ROUND + 1
    t1 = model(game, "T1")
    seen = ai.Outlook(game, t1)
    assert seen.score((8.0, 10.0), None) > seen.score(t1.pos, None)
