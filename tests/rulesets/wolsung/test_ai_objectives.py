"""The Wolsung heuristic plays the house scenarios' objectives: it heads for the markers of
Rooftop Claims, the districts of Four Districts, the Clues of The Stolen Blueprints and, with
the Blueprints, its own table edge; and it goes after the enemy carrier
(``wolsung-scenarios.md`` §4.2-§4.4; :mod:`skirmish.rulesets.wolsung.ai.objectives`).

The games are the sample clubs on an open 36" table (:mod:`.table_game`), with the models a
test needs put where it needs them.
"""

from __future__ import annotations

import math

from tests.rulesets.wolsung.table_game import activate, new_game, pass_steal, put, remove_all_but
from tests.rulesets.wolsung.test_game_scenarios import CLUES

from skirmish.engine.action import Action
from skirmish.players import HeuristicPlayer
from skirmish.rulesets.wolsung.ai.objectives import goals
from skirmish.rulesets.wolsung.ai.outlook import OBJECTIVE, Outlook, Spot
from skirmish.rulesets.wolsung.game.activation import Activation
from skirmish.rulesets.wolsung.game.charge import charge_way
from skirmish.rulesets.wolsung.game.scoring import spots
from skirmish.rulesets.wolsung.game.state import WolsungGame


def _ai_choice(game: WolsungGame) -> Action:
    assert game.decision is not None
    return HeuristicPlayer(0).choose(game.view(game.decision.player))


def _scenario(scenario: str, at: dict[str, tuple[float, float]]) -> WolsungGame:
    """A game of ``scenario`` past turn 1's Steal, with only the models of ``at`` on the table,
    each at its point."""
    game = new_game(scenario=scenario, clues=CLUES if scenario == "s3" else ())
    remove_all_but(game, *at)
    for model_id, (x, y) in at.items():
        put(game, model_id, x, y)
    pass_steal(game)
    return game


def _moved_to(game: WolsungGame, model_id: str) -> tuple[float, float]:
    """Where the heuristic moves ``model_id``, activated, with its first Action."""
    activate(game, model_id)
    choice = _ai_choice(game)
    assert choice.kind in ("move", "quick-move") and choice.point is not None
    return choice.point


def test_ai_s2_heads_for_the_marker_it_would_hold() -> None:
    # Lord Pemberton 8" from marker B, the enemy far off: his Move ends nearer it.
    game = _scenario("s2", {"1H2": (18.0, 9.0), "2H1": (2.0, 34.0)})
    b = spots(game)["B"]
    x, y = _moved_to(game, "1H2")
    assert math.dist((x, y), (b.x, b.y)) < math.dist((18.0, 9.0), (b.x, b.y)) - 3.0


def test_ai_s2_a_spot_that_holds_a_marker_is_worth_its_points() -> None:
    game = _scenario("s2", {"1H2": (18.0, 9.0), "2H1": (2.0, 34.0)})
    game.state.turn = 2
    seen, m = Outlook(game.view(0), 0), game.model("1H2")
    b = spots(game)["B"]
    holding = seen.objective(m, Spot((b.x, b.y - 1.5)))
    # Marker B scores 2 (§4.2): the spot holding it is worth them, one short of it less.
    assert holding == OBJECTIVE * 2
    assert seen.objective(m, Spot((b.x, b.y - 6.0))) < holding


def test_ai_s4_heads_into_a_district_it_would_take() -> None:
    # Lord Pemberton in his club's south-west corner, which Sir Oakroot holds alone: he goes
    # for a district next to it, which nobody holds.
    game = _scenario("s4", {"1H2": (8.0, 8.0), "1H1": (6.0, 6.0), "2H1": (33.0, 33.0)})
    x, y = _moved_to(game, "1H2")
    assert max(x, y) > 8.0 + 3.0


def test_ai_s3_heads_for_the_nearest_clue_and_searches_it() -> None:
    # A Butler 7" from the centre Clue, no enemy to shoot at first.
    game = _scenario("s3", {"1M1": (18.0, 11.0)})
    centre = (18.0, 18.0)
    x, y = _moved_to(game, "1M1")
    assert math.dist((x, y), centre) < math.dist((18.0, 11.0), centre) - 3.0
    game = _scenario("s3", {"1M1": (18.0, 18.0 - 2 * 0.5906)})  # touching the centre Clue
    activate(game, "1M1")
    assert _ai_choice(game) == Action("search", ("1M1", "4"))


def test_ai_s3_the_carrier_heads_for_its_own_edge_and_leaves() -> None:
    game = _scenario("s3", {"1M1": (12.0, 9.0), "2H1": (2.0, 34.0)})
    game.state.carrier = "1M1"
    x, y = _moved_to(game, "1M1")
    assert y < 9.0 - 3.0
    game.apply(Action.at("move", ("1M1",), x, y))
    game.apply(_ai_choice(game))  # its second Action takes it to the edge
    assert _ai_choice(game) == Action("escape", ("1M1",))


def test_ai_s3_goes_after_the_enemy_carrier() -> None:
    game = _scenario("s3", {"1H2": (18.0, 6.0), "2M4": (30.0, 30.0)})
    game.state.carrier = "2M4"
    seen, m = Outlook(game.view(0), 0), game.model("1H2")
    assert seen.objective(m, Spot((24.0, 18.0))) > seen.objective(m, Spot((18.0, 6.0)))
    # and its Wounds are worth the Blueprints it would drop
    assert seen.stake(game.model("2M4")).points == 1 + 4


def test_ai_s1_has_no_goals() -> None:
    # Back-Alley Brawl scores casualties only (§4.1): no spot is worth more for the scenario.
    game = _scenario("s1", {"1H2": (18.0, 9.0), "2H1": (2.0, 34.0)})
    m = game.model("1H2")
    assert goals(game, m) == []
    assert Outlook(game.view(0), 0).objective(m, Spot((18.0, 18.0))) == 0.0


def test_ai_l459_a_model_lent_by_mind_control_heads_for_no_goal() -> None:
    # Club 2's Lab Assistant, taken by Mind Control, acts for club 1 this Action; where it
    # stands at the end of the turn scores for its own club, so no objective draws it.
    game = _scenario("s2", {"1H2": (18.0, 9.0), "2M4": (18.0, 14.0)})
    game.state.turn = 2
    m = game.model("2M4")
    assert goals(game, m)
    m.side = 0
    game.stack.append(Activation(model="2M4", recovery_asked=True, extra=1, lent_to=0))
    assert goals(game, m) == []


def _by_the_warehouse(mei: tuple[float, float], assistant: tuple[float, float]) -> WolsungGame:
    """S3 on the shipped board: Mei Lin (1H3) and the Lab Assistant (2M4) carrying the
    Blueprints by the warehouse, a Clue on its roof; Mei Lin activated."""
    game = new_game(
        scenario="s3",
        clues=((6.0, 24.0), (28.0, 12.0), (30.0, 24.0), (6.0, 12.0)),
        board="wolsung",
        clubs=["triad", "inventors"],
    )
    remove_all_but(game, "1H3", "2M4")
    put(game, "1H3", *mei)
    put(game, "2M4", *assistant)
    game.state.carrier = "2M4"
    pass_steal(game)
    activate(game, "1H3")
    return game


def test_ai_l127_a_charge_beyond_reach_is_judged_to_end_outside_the_warehouse() -> None:
    # Mei Lin at the foot of the warehouse's ladder, its roof's Clue 3" away; the carrier 16"
    # off beyond the warehouse. Her Charge cannot reach: a Move toward it, it ends at the
    # warehouse's wall, not in the warehouse on the straight line 5" on, nearer the carrier,
    # which outscored the climb (L127, §7 item 33). So she climbs toward the Clue.
    game = _by_the_warehouse((29.0, 9.0), (22.0, 24.0))
    mei, carrier = game.model("1H3"), game.model("2M4")
    end = Outlook(game.view(0), 0).charge_end(mei, carrier)
    assert game.board.surface_at(end.point) is None
    assert math.dist(end.point, mei.pos) < 1.0
    assert _ai_choice(game) == Action("climb", ("1H3", "warehouse-s"))


def test_ai_l127_a_charge_within_reach_goes_the_rules_way_round_the_corner() -> None:
    # The carrier round the warehouse's south-west corner: the straight line cuts the corner,
    # the Charge goes round it as a Move would, the rules' way, a little longer.
    game = _by_the_warehouse((26.0, 9.0), (23.5, 12.0))
    mei, carrier = game.model("1H3"), game.model("2M4")
    seen = Outlook(game.view(0), 0)
    assert seen.charge_end(mei, carrier).point == charge_way(game, mei, carrier, False).end
    assert seen.detour(mei, carrier) > 1.0
