"""The house scenarios in play: what each scores at the end of a turn, and how The Stolen
Blueprints is searched, carried, dropped and escaped with (``wolsung-scenarios.md`` §4.0-§4.4,
golden checks C1, C2, C6). Dice and decks are scripted; models are put where a test needs
them."""

from __future__ import annotations

import pytest
from tests.dice_script import scripted
from tests.rulesets.wolsung.table_game import (
    OPEN,
    activate,
    hand_over,
    lines,
    new_game,
    options,
    pass_steal,
    put,
    refused,
    remove_all_but,
)

from skirmish.cards import ScriptedDeck
from skirmish.engine.action import Action
from skirmish.errors import IllegalActionError
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.wolsung.game.base import rules_of
from skirmish.rulesets.wolsung.game.damage import ApplyDamage
from skirmish.rulesets.wolsung.game.scoring import SCENARIOS, end_of_turn, spots
from skirmish.rulesets.wolsung.game.state import Hit, Template, WolsungGame

CLUES = ((6.0, 12.0), (30.0, 12.0), (6.0, 24.0), (30.0, 24.0))
"""Four Clues for S3, placed in turn by club 1 and club 2 (the centre one is the fifth)."""
HAND_3 = ("2H", "3H", "4H", "5H", "6H", "7H")
"""Club 3's turn-1 hand, stacked beneath the other two."""
TOUCH = 2 * 0.5906
"""Centre to centre, a 30 mm base against a 30 mm marker: in base contact."""


def s3_game(*dice: str | int) -> WolsungGame:
    game = new_game(*dice, scenario="s3", clues=CLUES)
    pass_steal(game)
    return game


def test_s3_clues_are_placed_in_turn_the_last_at_the_centre() -> None:
    game = s3_game()
    assert [(c.x, c.y) for c in game.state.clues] == [*CLUES, (18.0, 18.0)]
    assert [e.kind for e in game.log].count("clue") == 5


def test_s3_a_clue_too_near_another_is_refused() -> None:
    dice = ScriptedDeck([("deck", ())], scripted("clue placer", 1))
    game = find_ruleset("wolsung").new_game({"board": OPEN, "scenario": "s3"}, dice=dice)
    game.apply("clue 6,12")
    with pytest.raises(IllegalActionError, match='6" or more from the others'):
        game.apply("clue 8,12")
    assert len(game.state.clues) == 1
    with pytest.raises(IllegalActionError, match="a Clue goes at 10 <= y <= 26"):
        game.apply("clue 20,30")


def test_s4_3_the_other_club_sees_where_a_clue_may_go() -> None:
    dice = ScriptedDeck([("deck", ())], scripted("clue placer", 1))
    game = find_ruleset("wolsung").new_game({"board": OPEN, "scenario": "s3"}, dice=dice)
    assert game.decision is not None and game.decision.kind == "clue"
    assert game.decision.player == 0
    # No card shows in a Clue's place: club 2's view keeps the choice as it stands.
    assert game.view(1).decision == game.decision


def test_s3_search_of_an_empty_clue_scores_a_point() -> None:
    game = s3_game("search", 2)
    put(game, "1M1", 6.0 + TOUCH, 12.0)
    activate(game, "1M1")
    game.apply("search 1M1 0")
    assert game.state.scored[0] == 1
    assert len(game.state.clues) == 4
    assert game.state.carrier == ""


def test_s3_the_clue_holding_the_blueprints_is_carried_off() -> None:
    game = s3_game("search", 1)
    put(game, "1M1", 6.0 + TOUCH, 12.0)
    activate(game, "1M1")
    game.apply("search 1M1 0")
    assert game.state.carrier == "1M1"
    assert game.state.scored[0] == 0


def test_s3_once_the_blueprints_are_found_every_clue_left_is_empty() -> None:
    game = s3_game("search", 1)
    put(game, "1M1", 6.0 + TOUCH, 12.0)
    activate(game, "1M1")
    game.apply("search 1M1 0")
    game.apply("end 1M1")
    hand_over(game)
    put(game, "2M4", 30.0 - TOUCH, 12.0)
    activate(game, "2M4")
    game.apply("search 2M4 0")  # the Clue at (30, 12), with nothing rolled
    assert game.state.carrier == "1M1"
    assert game.state.scored == (0, 1)
    assert len(game.state.clues) == 3


def test_s3_a_model_not_touching_a_clue_may_not_search() -> None:
    game = s3_game()
    put(game, "1M1", 6.0 + TOUCH + 0.5, 12.0)
    activate(game, "1M1")
    with pytest.raises(IllegalActionError, match="not an option"):
        game.apply("search 1M1 0")
    assert len(game.state.clues) == 5


def test_s3_a_carrier_out_of_action_drops_the_blueprints() -> None:
    game = s3_game()
    game.state.carrier = "1H2"
    put(game, "1H2", 10.0, 10.0)
    game.state.pending = (Hit("1H2", 20, "a test's blow", "L44", scorer=1),)
    ApplyDamage().run(game, None)
    assert game.state.carrier == ""
    dropped = game.state.blueprints
    assert dropped is not None and (dropped.x, dropped.y) == (10.0, 10.0)


def test_s3_a_dropped_blueprints_is_picked_up() -> None:
    game = s3_game()
    game.state.carrier = "1H2"
    put(game, "1H2", 10.0, 10.0)
    game.state.pending = (Hit("1H2", 20, "a test's blow", "L44", scorer=1),)
    ApplyDamage().run(game, None)
    put(game, "1M2", 10.0 + TOUCH, 10.0)
    activate(game, "1M2")
    game.apply("pick-up 1M2")
    assert game.state.carrier == "1M2" and game.state.blueprints is None


def test_c6_a_carrier_reaching_its_own_edge_with_its_last_action_leaves_and_wins() -> None:
    game = s3_game()
    game.state.carrier = "1M1"
    put(game, "1M1", 12.0, 10.5)
    activate(game, "1M1")
    game.apply(Action.at("move", ("1M1",), 12.0, 5.6))
    assert game.decision is not None and game.decision.kind == "action"
    game.apply(Action.at("move", ("1M1",), 12.0, 0.6))  # its last Action, to the south edge
    assert game.decision is not None and game.decision.player == 0
    assert options(game) == ["escape 1M1", "stay"]
    game.apply("escape 1M1")
    assert game.result is not None
    assert game.result.placing == (1, 2)
    assert game.result.reason == "the Blueprints escaped"


def test_s4_3_the_other_club_sees_the_carrier_offered_its_way_out() -> None:
    game = s3_game()
    game.state.carrier = "1M1"
    put(game, "1M1", 12.0, 4.0)
    activate(game, "1M1")
    game.apply(Action.at("move", ("1M1",), 12.0, 0.6))
    assert options(game) == ["escape 1M1", "stay"]
    # No card shows in leaving or staying: club 2's view keeps the choice as it stands.
    assert game.view(1).decision == game.decision


def test_s4_3_a_carrier_at_its_edge_may_stay_on_the_table() -> None:
    game = s3_game()
    game.state.carrier = "1M1"
    put(game, "1M1", 12.0, 4.0)
    activate(game, "1M1")
    game.apply(Action.at("move", ("1M1",), 12.0, 0.6))
    game.apply("stay")
    assert game.decision is not None and game.decision.kind == "action"
    assert game.model("1M1").on_table and game.result is None


def test_s4_3_a_toppled_carrier_at_its_edge_may_leave_once_it_stands() -> None:
    game = s3_game()
    game.state.carrier = "1M1"
    put(game, "1M1", 12.0, 0.6)
    game.model("1M1").toppled = True
    activate(game, "1M1")
    game.apply("stand-up 1M1")  # an Action like any other: its end offers the way out
    assert options(game) == ["escape 1M1", "stay"]


def test_c6_a_carrier_at_the_enemy_edge_may_not_leave() -> None:
    game = s3_game()
    game.state.carrier = "1M1"
    put(game, "1M1", 12.0, 35.4)
    activate(game, "1M1")
    game.apply(Action.at("move", ("1M1",), 14.0, 35.4))  # along the north edge
    assert game.decision is not None and game.decision.kind == "action"
    refused(game, "escape 1M1", "not an option")


def club_2_steals(game: WolsungGame) -> None:
    """Club 2 wins turn 1's Steal and is First Player from now on (L46)."""
    game.apply("no-top-hat 1H1")
    game.apply("pass")
    game.apply("bid 7D")
    assert game.state.first == 1


def test_l46_after_a_steal_a_carrier_still_leaves_by_its_own_edge() -> None:
    game = new_game(scenario="s3", clues=CLUES)
    club_2_steals(game)
    game.state.carrier = "2M4"
    put(game, "2M4", 12.0, 0.6)
    activate(game, "2M4")
    game.apply(Action.at("move", ("2M4",), 14.0, 0.6))  # along club 1's edge, the south one
    assert game.decision is not None and game.decision.kind == "action"
    put(game, "2M4", 12.0, 32.0)
    game.apply(Action.at("move", ("2M4",), 12.0, 35.4))  # to club 2's own edge, the north one
    assert game.decision is not None and game.decision.player == 1
    assert options(game) == ["escape 2M4", "stay"]


def test_s3_carrying_the_blueprints_at_the_end_scores_four() -> None:
    game = s3_game()
    game.state.carrier, game.state.turn = "2M1", 6
    end_of_turn(game)
    assert game.state.scored == (0, 4)
    assert game.result is not None and game.result.placing == (2, 1)


def test_c1_a_hero_outweighs_a_henchman_at_marker_b() -> None:
    game = new_game(scenario="s2")
    pass_steal(game)
    b = spots(game)["B"]
    put(game, "1H1", b.x + 2 * 0.5906 + 0.9, b.y)
    put(game, "2M4", b.x, b.y - 2 * 0.5906 - 0.5)
    game.state.turn = 2
    end_of_turn(game)
    assert game.state.scored == (2, 0)


def test_c2_a_toppled_hero_counts_nothing() -> None:
    game = new_game(scenario="s2")
    pass_steal(game)
    b = spots(game)["B"]
    put(game, "1H1", b.x + 2 * 0.5906 + 0.9, b.y)
    game.model("1H1").toppled = True
    put(game, "2M4", b.x, b.y - 2 * 0.5906 - 0.5)
    game.state.turn = 2
    end_of_turn(game)
    assert game.state.scored == (0, 2)


def test_s2_turn_one_scores_no_marker() -> None:
    game = new_game(scenario="s2")
    pass_steal(game)
    b = spots(game)["B"]
    put(game, "1H1", b.x + 2 * 0.5906, b.y)
    game.state.turn = 1
    end_of_turn(game)
    assert game.state.scored == (0, 0)


def test_s4_a_district_holding_the_enemy_corner_scores_two() -> None:
    game = new_game(scenario="s4")
    pass_steal(game)
    x0, y0 = game.model("2H1").pos  # in club 2's corner
    put(game, "1H1", x0 + 2, y0 + 2 if y0 < 18 else y0 - 2)
    for m in game.models:
        if m.side == 1:
            m.removed = "set aside for the test"
    game.state.turn = 2
    end_of_turn(game)
    assert game.state.scored[0] >= 2


def test_l46_after_a_steal_a_club_scores_its_own_corner_as_its_own() -> None:
    game = new_game(scenario="s4")
    club_2_steals(game)
    remove_all_but(game, "1H1")
    put(game, "1H1", 5.0, 5.0)  # in club 1's own corner, the south-west
    game.state.turn = 2
    end_of_turn(game)
    assert game.state.scored == (1, 0)


def test_casualty_points_go_to_the_club_whose_attack_it_was() -> None:
    game = new_game()
    pass_steal(game)
    game.state.pending = (
        Hit("2H1", 30, "a test's blow", "L44", scorer=0),
        Hit("2M1", 30, "a test's blow", "L44", scorer=0),
        Hit("1M1", 30, "a price paid", "L797", scorer=-1),
    )
    ApplyDamage().run(game, None)
    game.state.turn = 1
    end_of_turn(game)
    assert game.state.casualties == (3, 0)
    assert game.state.vp == (3, 0)  # Back-Alley Brawl's only points (§4.1)


def test_s4_0_the_funds_tally_scores_a_heros_funds_and_a_henchmans_cost(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = new_game()
    rules = rules_of(game)
    common = rules.scenarios.common
    tally = common.casualties.model_copy(update={"tally": "funds"})
    funds = rules.scenarios.model_copy(
        update={"common": common.model_copy(update={"casualties": tally})}
    )
    monkeypatch.setattr(rules, "scenarios", funds)
    pass_steal(game)
    game.state.pending = (
        Hit("2H1", 30, "a test's blow", "L44", scorer=0),  # Thorvald brings 1 Funds
        Hit("2M1", 30, "a test's blow", "L44", scorer=0),  # a Security Golem costs 3
    )
    ApplyDamage().run(game, None)
    game.state.turn = 1
    end_of_turn(game)
    assert game.state.casualties == (4, 0)


def test_s4_0_a_club_wiped_out_scores_nothing_for_its_fire_template_burning_an_enemy() -> None:
    game = new_game(1, scenario="s4", clubs=["ash-and-oak", "inventors", "triad"], later=HAND_3)
    remove_all_but(game, "2M4", "3M1")  # club 1 is wiped out
    put(game, "2M4", 18.0, 18.0)
    put(game, "3M1", 30.0, 30.0)
    game.model("2M4").wounds = 1
    # Club 1 laid this Fire Template earlier in the turn, before its last model fell.
    game.state.templates = (Template("F1", "fire", 18.0, 18.0, 1.5, None, 0),)
    pass_steal(game)
    activate(game, "2M4")
    mark = len(game.log)
    game.apply(Action.at("move", ("2M4",), 20.0, 18.0))
    assert lines(game, mark)[-4:-2] == [
        "Lab Assistant (2M4) is out of the game  [L27]",
        "Club 1 is wiped out and scores nothing for Lab Assistant (2M4)  "
        "[wolsung-scenarios.md §4.0]",
    ]
    assert game.state.fallen == (("2M4", -1),)
    activate(game, "3M1")
    game.apply("end 3M1")
    assert game.state.casualties == (0, 0, 0)
    assert game.result is not None and game.result.placing == (2, 2, 1)


def test_l44_s4_0_a_last_model_falling_in_the_action_of_its_kill_scores_it() -> None:
    # Club 1's last model is burnt in the Action it kills a Lab Assistant in: every hit of the
    # Action lands at its end, and club 1 was in the game as the Action began (L44, §4.0).
    game = new_game(1, scenario="s4", clubs=["ash-and-oak", "inventors", "triad"], later=HAND_3)
    remove_all_but(game, "1M1", "2M4", "2M1", "3M1")
    pass_steal(game)
    game.state.pending = (
        Hit("1M1", 30, "fire", "L575", scorer=2),  # the burn queued first, at the Action's start
        Hit("2M4", 30, "a test's blow", "L44", scorer=0),
    )
    mark = len(game.log)
    ApplyDamage().run(game, None)
    assert "wiped out" not in "\n".join(lines(game, mark))
    assert game.state.fallen == (("1M1", 2), ("2M4", 0))


def test_s4_0_with_two_clubs_a_club_wiped_out_still_scores_its_fire_templates_burn() -> None:
    # "Scores no more" is for three or four clubs: with two, the game ends with the turn, and
    # club 1's template burning the last enemy after club 1 fell counts (§4.0).
    game = new_game()
    remove_all_but(game, "2M4")  # club 1 is wiped out
    put(game, "2M4", 18.0, 18.0)
    game.model("2M4").wounds = 1
    game.state.templates = (Template("F1", "fire", 18.0, 18.0, 1.5, None, 0),)
    pass_steal(game)
    activate(game, "2M4")
    game.apply(Action.at("move", ("2M4",), 20.0, 18.0))
    assert game.state.fallen == (("2M4", 0),)
    assert game.state.casualties == (1, 0)
    assert game.result is not None and game.result.placing == (1, 2)


def test_s4_0_a_clubs_own_casualty_is_no_score_to_deny() -> None:
    # Club 2's last model burns in club 2's own Fire Template: nobody scores it, and no line
    # says club 2 is wiped out for it.
    game = new_game(1, scenario="s4", clubs=["ash-and-oak", "inventors", "triad"], later=HAND_3)
    remove_all_but(game, "2M4", "3M1")
    put(game, "2M4", 18.0, 18.0)
    put(game, "3M1", 30.0, 30.0)
    game.model("2M4").wounds = 1
    game.state.templates = (Template("F1", "fire", 18.0, 18.0, 1.5, None, 1),)
    pass_steal(game)
    activate(game, "2M4")
    mark = len(game.log)
    game.apply(Action.at("move", ("2M4",), 20.0, 18.0))
    assert lines(game, mark)[-3] == "Lab Assistant (2M4) is out of the game  [L27]"
    assert not any("scores nothing" in line for line in lines(game, mark))
    assert game.state.fallen == (("2M4", 1),)


def test_s4_0_casualty_points_are_no_victory_points_in_rooftop_claims() -> None:
    game = new_game(scenario="s2")
    pass_steal(game)
    game.state.pending = (Hit("2H1", 30, "a test's blow", "L44", scorer=0),)
    ApplyDamage().run(game, None)
    a = spots(game)["A"]
    put(game, "2M4", a.x + TOUCH, a.y)
    game.state.turn = 2
    end_of_turn(game)
    assert game.state.casualties == (2, 0)
    assert game.state.vp == (0, 1)  # marker A's point alone (§4.2)


def test_s4_0_casualty_points_break_a_tie_of_victory_points() -> None:
    game = s3_game()
    game.state.pending = (Hit("2M1", 30, "a test's blow", "L44", scorer=0),)
    ApplyDamage().run(game, None)
    game.state.scored, game.state.turn = (1, 1), 6
    end_of_turn(game)
    assert game.state.vp == (1, 1)
    assert game.result is not None and game.result.placing == (1, 2)


@pytest.mark.parametrize(
    ("placing", "line"),
    [
        ((1, 2, 3), "Game over: Club 1 wins (the last of 6 turns is played)"),
        ((1, 3, 1), "Game over: Club 1 and Club 3 share the win (the last of 6 turns is played)"),
        ((1, 1, 1), "Game over: a draw (the last of 6 turns is played)"),
    ],
)
def test_s4_0_clubs_sharing_first_place_share_the_win_only_all_of_them_draw(
    placing: tuple[int, ...], line: str
) -> None:
    game = new_game(1, scenario="s4", clubs=["ash-and-oak", "inventors", "triad"], later=HAND_3)
    mark = len(game.log)
    game.end_placed(placing, "the last of 6 turns is played", SCENARIOS)
    assert lines(game, mark) == [f"{line}  [wolsung-scenarios.md §4.0]"]
