"""What the front doors show of a Strange Aeons game: the model card from the log sheets, the
exact odds of Shoot and Charge options, and the shipped boards offered for the setup."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from tests.rulesets.strange_aeons.helpers import HEDGES, model, scenario
from tests.rulesets.strange_aeons.rulebook import NEAR, agent, book

from skirmish.engine.action import Action
from skirmish.engine.game import Game
from skirmish.odds import binomial, dice_sum, highest
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.strange_aeons import odds
from skirmish.rulesets.strange_aeons.base import catalog_of

RULES = find_ruleset("strange-aeons-intro")
RULES_BOOK = find_ruleset("strange-aeons")


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


# -- The odds as the rulebook plays them ------------------------------------------------------


def _hurt(dice: int, bonus: int, con: int, least: int, injury: int = 0) -> Fraction:
    """The chance the highest of ``dice`` to-wound dice + ``bonus`` against ``con``, on a
    model of one Wound, brings an Injury roll (2D6 + the excess + ``injury``) of ``least``
    or more: 7 removes it; 5 leaves it Face Down, removed beside its winner (R:160)."""
    total = Fraction(0)
    for face, p in highest(dice, 6).items():
        excess = face + bonus - con
        if excess >= 0:
            rolls = dice_sum(2, 6).items()
            total += p * sum((q for r, q in rolls if r + excess + injury >= least), Fraction(0))
    return total


def _charging(t1: dict[str, Any], l1: dict[str, Any], **kwargs: Any) -> Game[Any, Any]:
    """T1 2" from L1, about to charge it."""
    return book(t1, l1, placed={"T1": (10.0, 10.0), "L1": (NEAR, 10.0)}, **kwargs)


def test_r1223_the_shot_odds_pierce_armour_with_the_weapon_s_ap() -> None:
    # Dex 4+, Dam 3, AP1 against Con 6 with 1 armour: the armour pierced, Con 6.
    game = book(
        agent("T1", dex=4, weapons=["unarmed", "bolt_action_rifle"]),
        agent("L1", armour=1),
        placed={"T1": (10.0, 10.0), "L1": (20.0, 10.0)},
    )
    chances = odds.shot_chances(game, model(game, "T1"), model(game, "L1"), "bolt_action_rifle")
    assert chances.out == Fraction(1, 2) * _hurt(1, 3, 6, 7)
    line = RULES_BOOK.action_odds(game, Action("shoot", ("T1", "L1", "bolt_action_rifle")))
    assert line.startswith("a shot gets through 50%, takes L1 out 25%")


def test_r1163_the_shot_odds_count_tough_s_6_up_save() -> None:
    # Two shots, each hitting on 4+ and failing a 6+ save: 5/12 of them get through.
    game = book(
        agent("T1", dex=4, weapons=["unarmed", "handgun_22"]),
        agent("L1", skills=["tough"]),
        placed={"T1": (10.0, 10.0), "L1": (16.0, 10.0)},
    )
    chances = odds.shot_chances(game, model(game, "T1"), model(game, "L1"), "handgun_22")
    assert chances.through == 1 - Fraction(7, 12) ** 2


def test_r1073_the_shot_odds_count_duck_on_the_prone_save() -> None:
    # Face Up, L1 saves on 6+ as prone, 5+ with Duck's +1: 1/2 hit, 4/6 of them fail.
    game = book(
        agent("T1", dex=4, weapons=["unarmed", "handgun_45"]),
        agent("L1", skills=["duck"]),
        placed={"T1": (10.0, 10.0), "L1": {"pos": (18.0, 10.0), "state": "face-up"}},
    )
    chances = odds.shot_chances(game, model(game, "T1"), model(game, "L1"), "handgun_45")
    assert chances.through == Fraction(1, 3)


def test_r187_the_shot_odds_count_a_further_piece_of_cover() -> None:
    # Behind two light hedges L1 saves on 5+: 1/2 hit, 4/6 of them fail.
    game = book(
        agent("T1", dex=4, weapons=["unarmed", "handgun_45"]),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (18.0, 10.0)},
        board=HEDGES,
    )
    chances = odds.shot_chances(game, model(game, "T1"), model(game, "L1"), "handgun_45")
    assert chances.through == Fraction(1, 3)


def test_r1163_the_charge_odds_count_tough_s_save_in_close_combat() -> None:
    # One die each, the Knife's C.C. +1 against the Club's +2; each hit of the Dam 1 Knife
    # gets past Tough's 6+ on 5/6, and Tough takes 2 off the Injury roll.
    game = _charging(
        agent("T1", attacks=1),
        agent("L1", attacks=1, skills=["tough"], weapons=["unarmed", "club"]),
    )
    chances = odds.fight_chances(game, model(game, "T1"), model(game, "L1"))
    margins = [a - b - 1 for a in range(1, 7) for b in range(1, 7) if a - b - 1 > 0]
    through = [binomial(hits, Fraction(5, 6)).items() for hits in margins]
    out = sum((p * _hurt(k, 1, 6, 5, -2) for kept in through for k, p in kept), Fraction(0))
    assert chances.out == out / 36


def test_r159_a_face_up_winner_in_the_charge_odds_takes_nobody_out() -> None:
    game = book(
        agent("T1"),
        agent("L1", weapons=["unarmed", "club"]),
        placed={"T1": (10.0, 10.0), "L1": {"pos": (13.0, 10.0), "state": "face-up"}},
    )
    chances = odds.fight_chances(game, model(game, "T1"), model(game, "L1"))
    assert chances.lose > 0 and chances.taken == 0
