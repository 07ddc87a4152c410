"""Sabotage (M8.1): each side's conduit near its deployment zone, two cuts to sever the
enemy's, the mark that lapses with no friend beside it, the win at once with its Merit, and
the most surviving models when nobody severs."""

from __future__ import annotations

import math

from tests.rulesets.sacred_wire.helpers import events, options, script, unchanged
from tests.rulesets.sacred_wire.test_missions import ROLL_OFF_B, ended, new_game, reward

from skirmish.engine.game import Game
from skirmish.rulesets.sacred_wire.campaign.outcome import outcome_of
from skirmish.rulesets.sacred_wire.game.activation import Activation
from skirmish.rulesets.sacred_wire.game.state import Objective, WireState
from skirmish.rulesets.sacred_wire.missions import sabotage

# Side A deploys south, B north (the helper's edges).
CONDUITS = (Objective("CA", 12.0, 6.0, owner=0), Objective("CB", 12.0, 18.0, owner=1))
AT_CB = (12.0, 17.0)  # a base 0.51" from CB


def _state(game: Game) -> WireState:
    st = game.state
    assert isinstance(st, WireState)
    return st


def _cutting(conduits: tuple[Objective, ...] = CONDUITS, placed: dict | None = None) -> Game:
    placed = placed or {"A1": AT_CB, "B1": (2.0, 2.0)}
    return ended("sabotage", placed, conduits, round=2, steps=[Activation("A1")])


def test_m8_1_each_side_places_its_conduit_near_its_own_zone() -> None:
    game = new_game({"mission": "sabotage", "evidence_a": 1}, ROLL_OFF_B)
    game.apply("edge south")  # B, the First Player, deploys south; A north
    assert game.decision is not None
    assert (game.decision.player, game.decision.kind) == (1, "conduit")  # the Defender first
    unchanged(
        game,
        "conduit CB 12,12",
        r'a conduit stands within 6" of its side\'s deployment zone; this point is 9\.00" from '
        r"it \(M8\.1\)$",
    )
    unchanged(game, "conduit CB 12,2", r'3" or more from every table edge')
    unchanged(game, "conduit CA 12,6", r"place the conduit CB$")
    game.apply("conduit CB 12,8")
    game.apply("conduit CA 12,16")
    assert _state(game).objectives == (
        Objective("CB", 12.0, 8.0, owner=1),
        Objective("CA", 12.0, 16.0, owner=0),
    )
    assert [e.rule for e in events(game, "marker-placed")] == ["M8.1", "M8.1"]
    assert game.decision is not None and game.decision.kind == "deploy"


def test_k1_2_a_conduit_moves_the_loot_and_coworkers_within_1_inch_clear() -> None:
    chosen = {"loot": "scattered", "loot_modifier": "standard", "coworkers": "elite-anywhere"}
    dice = ROLL_OFF_B + script("spawn-unit", 1)  # d2 1: two Middle Managers
    game = new_game(
        {"mission": "sabotage", "evidence_a": 1, **chosen, "coworker_modifier": "standard"}, dice
    )
    for p in ("12,7", "6,12", "18,12", "12,16", "7,18"):
        game.apply(f"place-loot {p}")
    game.apply("place-coworker C1 12.5,8.5")
    game.apply("place-coworker C2 15,15")
    game.apply("edge south")
    game.apply("conduit CB 12,7.3")
    conduit = (12.0, 7.3)
    l1, *others = _state(game).loot
    assert (l1.x, l1.y) == (11.43, 6.43) and math.dist(l1.point, conduit) > 1.0
    assert [mk.point for mk in others] == [(6.0, 12.0), (18.0, 12.0), (12.0, 16.0), (7.0, 18.0)]
    c1 = game.model("C1")
    assert math.dist(c1.pos, conduit) - c1.radius >= 1.0
    assert game.model("C2").pos == (15.0, 15.0)
    assert [game.describe(e) for e in events(game, "loot-shifted")] == [
        'Loot Marker L1 lies within 1" of a mission objective: it moves to the nearest clear '
        "spot, 11.43,6.43  [K1.2]"
    ]
    (moved,) = events(game, "coworker-shifted")
    assert (moved.models, moved.rule) == (("C1",), "K1.2")


def test_m8_1_the_conduits_stand_6_inches_apart() -> None:
    placed = (Objective("CB", 6.0, 6.0, owner=1),)
    game = ended("sabotage", {"A1": (2.0, 2.0)}, placed, round=0, steps=[])
    _state(game).zones = (("west",), ("south",))
    assert sabotage.rule_error(game, 0, (6.0, 11.0)) == (
        'the conduits stand 6" or more apart; this point is 5.00" from the other (M8.1)'
    )
    assert sabotage.rule_error(game, 0, (6.0, 12.0)) is None


def test_m8_1_a_model_cuts_the_enemy_conduit_not_its_own() -> None:
    game = _cutting()
    assert "interact A1 CB" in options(game) and "interact A1 CA" not in options(game)
    game.apply("interact A1 CB")
    assert (_state(game).objectives[1].cuts, _state(game).objectives[1].marked) == (1, 2)
    (cut,) = events(game, "cut")
    assert game.describe(cut) == (
        "Mara Voss (A1) cuts conduit CB for side A (Wrecking Crew): 1 of 2  [M8.1]"
    )
    assert game.result is None
    game = _cutting(placed={"A1": (12.0, 5.0), "B1": (2.0, 2.0)})
    unchanged(game, "interact A1 CA", r"CA is side A's own conduit: sever the enemy's \(M8\.1\)$")


def test_m8_1_the_second_cut_severs_and_wins_at_once_with_a_merit() -> None:
    marked = (CONDUITS[0], Objective("CB", 12.0, 18.0, owner=1, cuts=1))
    game = _cutting(marked)
    game.apply("interact A1 CB")
    assert game.result is not None and game.result.winner == 0
    assert game.result.reason == "severed the enemy's conduit CB"
    result = reward(game)
    assert (result.leads, result.merits) == ((1, 0), ("A1",))
    assert outcome_of(game, 0).models[0].merits == 1


def test_m8_1_a_mark_with_no_friend_within_1_inch_is_removed_at_round_start() -> None:
    marked = (CONDUITS[0], Objective("CB", 12.0, 18.0, owner=1, cuts=1, marked=1))
    game = ended("sabotage", {"A1": (12.0, 15.0), "B1": (2.0, 2.0)}, marked, round=2, steps=[])
    sabotage.clear_marks(game)
    assert _state(game).objectives[1].cuts == 0
    (removed,) = events(game, "mark-removed")
    assert game.describe(removed) == (
        'The mark on conduit CB is removed: no model of side A (Wrecking Crew) within 1"  [M8.1]'
    )


def test_m8_1_a_friend_within_1_inch_keeps_the_mark() -> None:
    marked = (CONDUITS[0], Objective("CB", 12.0, 18.0, owner=1, cuts=1, marked=1))
    game = ended("sabotage", {"A1": AT_CB, "B1": (2.0, 2.0)}, marked, round=2, steps=[])
    sabotage.clear_marks(game)
    assert _state(game).objectives[1].cuts == 1
    assert not events(game, "mark-removed")


def test_m8_1_a_mark_kept_at_the_next_round_start_stays() -> None:
    # Made in Round 1 and kept at the start of Round 2; at the start of Round 3 nobody of
    # side A is near, but the mark is checked at the start of the next round only.
    marked = (CONDUITS[0], Objective("CB", 12.0, 18.0, owner=1, cuts=1, marked=1))
    game = ended("sabotage", {"A1": (2.0, 20.0), "B1": (2.0, 2.0)}, marked, round=3, steps=[])
    sabotage.clear_marks(game)
    assert _state(game).objectives[1].cuts == 1
    assert not events(game, "mark-removed")


def test_m8_1_nobody_severs_most_surviving_models_win() -> None:
    placed = {"A1": (2.0, 2.0), "B1": (20.0, 20.0), "B2": (22.0, 20.0)}
    game = ended("sabotage", placed, CONDUITS)
    assert game.result is not None and game.result.winner == 1
    assert game.result.reason == "tied on conduits severed, most surviving models (2 to 1)"
    assert reward(game).merits == ()
