"""What the front doors show of a Strange Aeons game: the model card from the log sheets, the
exact odds of Shoot and Charge options, and the shipped boards offered for the setup."""

from __future__ import annotations

from fractions import Fraction

from tests.rulesets.strange_aeons.helpers import model, scenario

from skirmish.engine.action import Action
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.strange_aeons import odds
from skirmish.rulesets.strange_aeons.base import catalog_of

RULES = find_ruleset("strange-aeons-intro")


def test_sa_model_card_is_the_log_sheet_profile() -> None:
    game = scenario({"T1": (10.0, 10.0)})
    rows = dict(RULES.model_card(game, model(game, "T1")))
    assert (rows["Name"], rows["Move"], rows["Dex"], rows["Wounds"]) == (
        "Frank Howard",
        '5"',
        "3+",
        "2/2",
    )
    assert rows["Skills"] == "Command"
    assert rows["Weapons"].startswith('Double-Barrelled Shotgun (ranged 10", Rate 2, Damage +2')


def test_sa_shooting_odds_a_shot_gets_through_without_cover() -> None:
    # Dex 3+ hits on 4 faces of 6, no cover save: each of 2 shots gets through with 2/3.
    game = scenario({"T1": (10.0, 10.0), "L2": (18.0, 10.0)}, start="nominate")
    line = RULES.action_odds(game, Action("shoot", ("T1", "L2", "double-barrelled-shotgun")))
    assert line.startswith("a shot gets through 89%, takes L2 out ")
    assert odds.through_chance(3, 7) == Fraction(2, 3)


def test_sa_wound_results_sum_to_certainty() -> None:
    cat = catalog_of(scenario({"L2": (5.0, 5.0)}))
    target = odds.target_of(cat, model(scenario({"L2": (5.0, 5.0)}), "L2"))
    results = odds.wound_results(2, 2, *target)
    assert sum(p for _, _, p in results) == 1


def test_sa_charge_odds_of_a_face_down_target() -> None:
    game = scenario(
        {"T2": (10.0, 10.0), "L2": {"pos": (12.0, 10.0), "state": "face-down"}}, start="nominate"
    )
    line = RULES.action_odds(game, Action("charge", ("T2", "L2")))
    assert line == "L2 is Face Down: it is removed when the fight begins"


def test_sa_charge_odds_name_both_sides_chances() -> None:
    game = scenario({"T2": (10.0, 10.0), "L2": (12.0, 10.0)}, start="nominate")
    line = RULES.action_odds(game, Action("charge", ("T2", "L2")))
    assert line.startswith("wins the first round ") and "loses it " in line


def test_r160_a_face_down_loser_counts_as_taken_out_in_the_charge_odds() -> None:
    # A round's loser left Face Down lies in base-to-base with its winner: removed at once.
    game = scenario({"T2": (10.0, 10.0), "L2": (12.0, 10.0)}, start="nominate")
    cat = catalog_of(game)
    results = odds.wound_results(3, 2, *odds.target_of(cat, model(game, "L2")))
    out, down = odds.chance_of(results, odds.OUT), odds.chance_of(results, odds.FACE_DOWN_RESULT)
    assert down > 0 and odds.taken_out(results) == out + down


def test_sa_other_options_have_no_odds() -> None:
    game = scenario({"T1": (10.0, 10.0)})
    assert RULES.action_odds(game, Action("pass", ("T1",))) == ""


def test_sa_setup_choices_are_boards_the_setup_accepts() -> None:
    boards = RULES.setup_choices()["board"]
    assert "default" in boards
    for name in boards:
        assert RULES.new_game({"board": name}, 1).board.name
