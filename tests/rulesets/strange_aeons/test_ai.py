"""The heuristic player's scoring for the introductory game: what it counts, on an open board.

Frank Howard (T1): Dex 3+, Double-Barrelled Shotgun 10", 2 shots. Cult Leader (L1): Shotgun
10", Command. Cultist (L2) and Zombie (L3) fight in close combat only.
"""

from __future__ import annotations

from typing import cast

import pytest
from tests.rulesets.strange_aeons.helpers import TOUCH, model, scenario

from skirmish.engine.action import Action
from skirmish.geometry.terrain import Cover
from skirmish.rulesets.strange_aeons import ai
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.odds import injury_bands, target_of
from skirmish.rulesets.strange_aeons.state import AeonsState


def test_ai_threat_counts_both_actions_of_a_shooter_in_range() -> None:
    game = scenario({"T1": (10.0, 10.0), "L1": (18.0, 10.0)}, start="nominate")
    frank, leader, cat = model(game, "T1"), model(game, "L1"), catalog_of(game)
    # Within 6" and a Move, Blast adds 1 to the damage.
    bands = injury_bands(cat)
    blast = ai.shot_harm(2, 3, 7, 3, 6, 1, 0, bands)
    one = ai.shot_harm(2, 3, 7, 2, 6, 1, 0, bands)
    assert ai._threat(cat, frank, leader, 8.0, Cover.NONE) == pytest.approx(
        ai.worth(cat, leader) * (1 - (1 - blast) ** 2)
    )
    # Out of range but within a Move of it: one Action goes on moving, and he may not.
    assert ai._threat(cat, frank, leader, 12.0, Cover.NONE) == pytest.approx(
        ai.worth(cat, leader) * 0.5 * one
    )
    assert ai._threat(cat, frank, leader, 16.0, Cover.NONE) == 0.0


def test_ai_enemy_fire_is_shared_with_friends_it_could_shoot_instead() -> None:
    alone = scenario({"T1": (10.0, 10.0), "L1": (18.0, 10.0)}, start="nominate")
    guarded = scenario(
        {"T1": (10.0, 10.0), "L1": (18.0, 10.0), "L2": (16.0, 14.0)}, start="nominate"
    )
    spot = (18.0, 10.0)
    exposed = ai.position_score(ai.Outlook(alone, model(alone, "L1")), spot, None)
    shared = ai.position_score(ai.Outlook(guarded, model(guarded, "L1")), spot, None)
    assert shared > exposed
    assert ai._decoys(guarded, model(guarded, "L1"), model(guarded, "T1")) == 1


def test_ai_caution_doubles_where_the_turn_ends() -> None:
    game = scenario({"T1": (10.0, 10.0), "L1": (18.0, 10.0)}, start="nominate")
    leader = model(game, "L1")
    mid_turn = ai.position_score(ai.Outlook(game, leader), leader.pos, None, action_left=True)
    turn_end = ai.position_score(ai.Outlook(game, leader), leader.pos, None, action_left=False)
    assert turn_end < mid_turn


def test_ai_charge_counts_friends_in_base_to_base_with_the_target() -> None:
    lone = scenario({"T1": (10.0, 10.0), "L2": (10.0 + TOUCH, 10.0)}, start="nominate")
    ganged = scenario(
        {"T1": (10.0, 10.0), "L2": (10.0 + TOUCH, 10.0), "L3": (10.0 - TOUCH, 10.0)},
        start="nominate",
    )
    alone = ai.charge_score(lone, model(lone, "L2"), model(lone, "T1"))
    helped = ai.charge_score(ganged, model(ganged, "L2"), model(ganged, "T1"))
    assert helped > alone


def test_ai_fights_the_enemy_in_base_to_base_it_would_charge_first() -> None:
    # Frank moves between the Cult Leader and the Cultist (R:155): he chooses the one he
    # fights scored as a Charge at each is: the Unarmed Cultist.
    placed = {"T1": (16.5, 10.0), "L1": (20.0 + TOUCH, 10.0), "L2": (20.0, 10.0 + TOUCH)}
    game = scenario(placed, start="nominate")
    game.apply("nominate T1")
    game.apply("move T1 20,10")
    decision = game.decision
    assert decision is not None and decision.kind == "foe"
    scores = ai.score_actions(game, list(decision.options))
    frank = model(game, "T1")
    assert scores == [ai.charge_score(game, frank, model(game, m)) for m in ("L1", "L2")]
    assert scores[1] > scores[0]


def test_ai_charge_counts_nominated_friends_that_can_still_join() -> None:
    placed = {"T1": (10.0, 10.0), "L2": (10.0 + TOUCH, 10.0), "L3": (4.0, 10.0)}
    game = scenario(placed, active=1, start="nominate")
    before = ai.charge_score(game, model(game, "L2"), model(game, "T1"))
    state = cast(AeonsState, game.state)
    state.nominated = ("L2", "L3")
    assert ai._joining(game, model(game, "L2"), model(game, "T1")) == 1
    assert ai.charge_score(game, model(game, "L2"), model(game, "T1")) > before
    # Once the Zombie has acted it cannot join any more.
    state.acted = ("L3",)
    assert ai._joining(game, model(game, "L2"), model(game, "T1")) == 0


def test_ai_a_move_that_sets_up_a_charge_is_worth_the_charge() -> None:
    game = scenario({"T1": (10.0, 10.0), "L1": (20.0, 10.0)}, active=1, start="nominate")
    leader = model(game, "L1")
    near = (10.0 + TOUCH + 2.0, 10.0)
    seen = ai.Outlook(game, leader)
    charge = ai._charge_from(seen, seen.gaps(near), None)
    assert charge == pytest.approx(ai.charge_score(game, leader, model(game, "T1")))
    # Out of a Move's reach there is no Charge to set up.
    assert ai._charge_from(seen, seen.gaps((30.0, 10.0)), None) == 0.0


def test_ai_a_shot_from_where_the_turn_ends_counts_half() -> None:
    # The Cultist has no gun and is beyond a Charge: nothing threatens Frank here.
    game = scenario({"T1": (18.0, 12.0), "L2": (26.5, 12.0)}, start="nominate")
    frank = model(game, "T1")
    shot = ai.shoot_score(game, frank, model(game, "L2"), "double-barrelled-shotgun")
    mid_turn = ai.position_score(ai.Outlook(game, frank), frank.pos, None, action_left=True)
    turn_end = ai.position_score(ai.Outlook(game, frank), frank.pos, None, action_left=False)
    assert shot > 0.0
    assert turn_end == pytest.approx(mid_turn - ai.NEXT_TURN_SHOT * shot)


def test_ai_a_shot_into_a_close_combat_may_strike_the_friend_in_it() -> None:
    # Rules notes item 40: a shot into a close combat strikes one of its models drawn at
    # random. Frank's shot at the Cultist fighting the Agent is worth the mean of a hit on
    # each, the hit on the Agent against him.
    game = scenario(
        {"T1": (18.0, 12.0), "L2": (26.5, 12.0), "T2": (26.5, 12.0 + TOUCH)}, start="nominate"
    )
    frank, cultist, agent = model(game, "T1"), model(game, "L2"), model(game, "T2")
    gun = catalog_of(game).weapon("double-barrelled-shotgun")
    on_cultist, on_agent = (
        ai._shot_at(game, frank, cultist, gun, 0),
        ai._shot_at(game, frank, agent, gun, 0),
    )
    assert on_agent > 0.0
    assert ai.shoot_score(game, frank, cultist, gun.id) == pytest.approx(
        (on_cultist - on_agent) / 2
    )


def test_r177_the_heuristic_weighs_the_test_to_shoot_past_the_closest() -> None:
    # Frank (Resolve 3+) aims past the Cultist 4" away at the Cult Leader: the shot is worth
    # that at the Leader two times in three, else that at the Cultist it turns on.
    game = scenario({"T1": (18.0, 12.0), "L1": (26.0, 12.0), "L2": (18.0, 16.0)})
    game.apply("nominate T1")
    frank, leader, cultist = model(game, "T1"), model(game, "L1"), model(game, "L2")
    gun = "double-barrelled-shotgun"
    at_leader = ai.shoot_score(game, frank, leader, gun)
    at_cultist = ai.shoot_score(game, frank, cultist, gun)
    shots = [Action("shoot", ("T1", e, gun)) for e in ("L1", "L2")]
    assert ai.score_actions(game, shots) == pytest.approx(
        [(2 * at_leader + at_cultist) / 3, at_cultist]
    )


def test_ai_a_charge_ties_up_the_chargers_own_gun_as_well_as_the_enemys(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The Cult Leader charging Frank: neither may shoot while in base-to-base, so the pin is
    # worth Frank's worth less the Leader's; the Cultist, who has no gun, loses none.
    game = scenario(
        {"T1": (10.0, 10.0), "L1": (10.0 + TOUCH + 2.0, 10.0), "L2": (10.0, 10.0 - TOUCH - 2.0)},
        active=1,
        start="nominate",
    )
    cat, frank = catalog_of(game), model(game, "T1")
    leader, cultist = model(game, "L1"), model(game, "L2")
    pin = ai.PIN
    pinned = ai.charge_score(game, leader, frank), ai.charge_score(game, cultist, frank)
    monkeypatch.setattr(ai, "PIN", 0.0)
    fight = ai.charge_score(game, leader, frank), ai.charge_score(game, cultist, frank)
    assert pin > 0.0
    assert pinned[0] - fight[0] == pytest.approx(
        pin * (ai.worth(cat, frank) - ai.worth(cat, leader))
    )
    assert pinned[1] - fight[1] == pytest.approx(pin * ai.worth(cat, frank))


def test_ai_a_charge_at_an_unarmed_model_counts_the_hit_it_suffers_first() -> None:
    # The Cultist has no close combat weapon: charged by Frank, it suffers a hit of his Bowie
    # Knife before the dice, just as when it charges him. Frank's own gun is tied up.
    game = scenario({"T1": (10.0, 10.0), "L2": (10.0 + TOUCH + 2.0, 10.0)}, start="nominate")
    cat, frank, cultist = catalog_of(game), model(game, "T1"), model(game, "L2")
    knife = cat.close_weapon(cat.profile(frank.profile))
    free_hit = ai.worth(cat, cultist) * ai.harm(1, knife.damage, *target_of(cat, cultist, knife))
    fight = ai.melee_harm(
        3, 1, knife.damage, 1, 0, 0, target_of(cat, cultist), target_of(cat, frank)
    )
    fight *= (ai.worth(cat, cultist) + ai.worth(cat, frank)) / 2
    assert free_hit > 0.0
    pinned = ai.PIN * ai.worth(cat, frank)
    assert ai.charge_score(game, frank, cultist) == pytest.approx(fight + free_hit - pinned)


def test_ai_nominates_a_model_left_behind_over_a_commander_with_nothing_to_do() -> None:
    # The Cult Leader stands just out of Frank's reach with no friend within Command range;
    # the Zombie, far behind, gains by moving up: it is nominated, not the Leader.
    placed = {"T1": (6.0, 12.0), "L1": (24.0, 12.0), "L3": (34.0, 20.0)}
    game = scenario(placed, active=1, start="nominate")
    decision = game.decision
    assert decision is not None and decision.kind == "nominate"
    scores = dict(
        zip(decision.options, ai.score_actions(game, list(decision.options)), strict=True)
    )
    best = max(scores, key=lambda a: scores[a])
    assert best.args == ("L3",)
    assert ai._usefulness(game, model(game, "L3")) > ai._usefulness(game, model(game, "L1"))


def test_ai_a_commander_is_nominated_for_the_friends_it_brings() -> None:
    # With the Cultist and the Zombie beside him, the Cult Leader brings both into action.
    placed = {"T1": (6.0, 12.0), "L1": (24.0, 12.0), "L2": (26.0, 10.0), "L3": (26.0, 14.0)}
    game = scenario(placed, active=1, start="nominate")
    decision = game.decision
    assert decision is not None
    scores = dict(
        zip(decision.options, ai.score_actions(game, list(decision.options)), strict=True)
    )
    assert max(scores, key=lambda a: scores[a]).args == ("L1",)
