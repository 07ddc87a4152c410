"""What the front doors show of a Strange Aeons game: the model card from the log sheets, the
exact odds of Shoot and Charge options, and the shipped boards offered for the setup."""

from __future__ import annotations

import math
import os
from dataclasses import replace
from fractions import Fraction
from itertools import product
from typing import Any

from tests.rulesets.strange_aeons.helpers import (
    HEDGE_PIECES,
    HEDGES,
    TOUCH,
    apply_all,
    board,
    model,
    rect,
    scenario,
)
from tests.rulesets.strange_aeons.rulebook import NEAR, agent, book

from skirmish.dice import SeededDice
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


def _one_shot_out(
    need: int, bonus: int, con: int, fails: Fraction = Fraction(1), injury: int = 0
) -> Fraction:
    """The chance one Rate 1 shot needing ``need`` takes a model of one Wound out: a hit
    through its save (failed with ``fails``), +2 to wound for a 6 confirmed by a 6 (R:248)."""
    crit = Fraction(1, 36)
    plain = Fraction(7 - need, 6) - crit
    hurt = plain * _hurt(1, bonus, con, 7, injury) + crit * _hurt(1, bonus + 2, con, 7, injury)
    return fails * hurt


Pair = tuple[int, int]


def _round(
    dice: Pair, ccb: Pair, damage: Pair, injury: Pair = (0, 0), saves: Pair = (7, 7)
) -> odds.FightOdds:
    """A round between two models of Con 6 and one Wound, enumerated die by die: the highest
    die + C.C. bonus + the opponent's 1s (R:250); the winner's margin of hits, each saved on
    the loser's ``saves`` (the loser's, indexed by the winner), rolled to wound with its
    Damage, +2 for a 6 of its confirmed by a 6 (R:248); the loser out on 5 or more."""
    win = out = lose = taken = Fraction(0)
    each = Fraction(1, 6 ** sum(dice))
    for faces in product(range(1, 7), repeat=sum(dice)):
        a, b = faces[: dice[0]], faces[dice[0] :]
        margin = (max(a) + ccb[0] + b.count(1)) - (max(b) + ccb[1] + a.count(1))
        side = 0 if margin > 0 else 1
        crit = 1 - Fraction(5, 6) ** (a if side == 0 else b).count(6)
        kept = binomial(abs(margin), Fraction(saves[side] - 1, 6)).items()
        hurt = sum(
            (
                p * (c * _hurt(k, damage[side] + bonus, 6, 5, injury[side]))
                for k, p in kept
                for bonus, c in ((2, crit), (0, 1 - crit))
            ),
            Fraction(0),
        )
        if margin > 0:
            win, out = win + each, out + each * hurt
        elif margin < 0:
            lose, taken = lose + each, taken + each * hurt
    return odds.FightOdds(win, out, lose, taken)


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
    assert chances.out == _one_shot_out(4, 3, 6)
    line = RULES_BOOK.action_odds(game, Action("shoot", ("T1", "L1", "bolt_action_rifle")))
    assert line.startswith("a shot gets through 50%, takes L1 out 26%")


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


def test_r1226_the_template_odds_save_with_the_cover_from_its_centre() -> None:
    # The Dynamite's Blast lies on L1: the hedge between it and T1 gives no save, so the
    # one to-hit die on 4+ gets through 1/2 of the time.
    hedge = {**HEDGE_PIECES[0], "polygon": rect(14.0, 8.0, 14.2, 12.0)}
    game = book(
        agent("T1", dex=4, weapons=["unarmed", "dynamite"]),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (15.5, 10.0)},
        board=board(hedge),
    )
    chances = odds.shot_chances(game, model(game, "T1"), model(game, "L1"), "dynamite")
    assert chances.through == Fraction(1, 2)


def test_r1163_the_charge_odds_count_tough_s_save_in_close_combat() -> None:
    # One die each, the Knife's C.C. +1 against the Club's +2; each hit on L1 is saved on 6,
    # and Tough takes 2 off its Injury roll.
    game = _charging(
        agent("T1", attacks=1),
        agent("L1", attacks=1, skills=["tough"], weapons=["unarmed", "club"]),
    )
    chances = odds.fight_chances(game, model(game, "T1"), model(game, "L1"))
    assert chances == _round((1, 1), (1, 2), (1, 1), injury=(-2, 0), saves=(6, 7))


def test_r159_a_face_up_winner_in_the_charge_odds_takes_nobody_out() -> None:
    game = book(
        agent("T1"),
        agent("L1", weapons=["unarmed", "club"]),
        placed={"T1": (10.0, 10.0), "L1": {"pos": (13.0, 10.0), "state": "face-up"}},
    )
    chances = odds.fight_chances(game, model(game, "T1"), model(game, "L1"))
    assert chances.lose > 0 and chances.taken == 0


def test_r1062_the_shot_odds_count_crack_shot() -> None:
    game = book(
        agent("T1", dex=4, skills=["crack_shot"], weapons=["unarmed", "handgun_45"]),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (18.0, 10.0)},
    )
    chances = odds.shot_chances(game, model(game, "T1"), model(game, "L1"), "handgun_45")
    assert chances.out == _one_shot_out(4, 3, 6)  # Dam 2 + 1


def test_sa_poison_the_shot_odds_add_its_1_to_the_injury_roll() -> None:
    # Notes §6 item 4: the Blow Pipe's Poison adds 1 to the Injury roll.
    game = book(
        agent("T1", dex=4, weapons=["unarmed", "blow_pipe"]),
        agent("L1"),
        placed={"T1": (10.0, 10.0), "L1": (15.0, 10.0)},
    )
    chances = odds.shot_chances(game, model(game, "T1"), model(game, "L1"), "blow_pipe")
    assert chances.out == _one_shot_out(4, 1, 6, injury=1)


def test_sa_dissector_r458_the_shot_odds_add_its_1_against_undead_and_ghouls() -> None:
    """R:458, R:550: the odds sum the Injury roll's modifiers as play does: an Undertaker's
    Blow Pipe adds the Poison's 1 and Dissector's 1 against a Zombie or a Ghoul, the Poison's
    alone against a Human."""
    shooter = agent("T1", dex=4, weapons=["unarmed", "blow_pipe"], abilities=["dissector"])
    for target, injury in (
        (agent("L1", types=["undead"]), 2),
        (agent("L1", types=["humanoid"], kind="ghoul"), 2),
        (agent("L1"), 1),
    ):
        game = book(shooter, target, placed={"T1": (10.0, 10.0), "L1": (15.0, 10.0)})
        chances = odds.shot_chances(game, model(game, "T1"), model(game, "L1"), "blow_pipe")
        assert chances.out == _one_shot_out(4, 1, 6, injury=injury), target


def test_r248_the_charge_odds_count_critical_hits_and_misses() -> None:
    # One die each: the Knife's C.C. +1, Dam 1 against the Club's +2, Dam 1.
    game = _charging(agent("T1", attacks=1), agent("L1", attacks=1, weapons=["unarmed", "club"]))
    chances = odds.fight_chances(game, model(game, "T1"), model(game, "L1"))
    assert chances == _round((1, 1), (1, 2), (1, 1))


def test_r1161_the_charge_odds_count_thunderous_charge() -> None:
    # Two Attacks, one die charging, and the Knife's +1 C.C. bonus +2.
    game = _charging(
        agent("T1", skills=["parry", "thunderous_charge"]),
        agent("L1", attacks=1, weapons=["unarmed", "club"]),
    )
    chances = odds.fight_chances(game, model(game, "T1"), model(game, "L1"))
    assert chances == _round((1, 1), (3, 2), (1, 1))


def test_r1161_the_charge_odds_of_a_draw_fought_on_leave_thunderous_charge_out() -> None:
    # Already in base contact, the Charge that fights on opens no new combat: two dice and the
    # Knife's +1 alone, as play rolls it.
    game = _charging(
        agent("T1", skills=["parry", "thunderous_charge"]),
        agent("L1", attacks=1, weapons=["unarmed", "club"]),
    )
    model(game, "L1").x = 10.0 + TOUCH
    chances = odds.fight_chances(game, model(game, "T1"), model(game, "L1"))
    assert chances == _round((2, 1), (1, 2), (1, 1))


def test_r1103_the_charge_odds_count_martial_artist_s_unarmed_bonuses() -> None:
    # Unarmed, C.C. +0 and Dam 0, each +1 for the skill.
    game = _charging(
        agent("T1", attacks=1, skills=["martial_artist"], weapons=["unarmed"]),
        agent("L1", attacks=1, weapons=["unarmed", "club"]),
    )
    chances = odds.fight_chances(game, model(game, "T1"), model(game, "L1"))
    assert chances == _round((1, 1), (1, 2), (1, 1))


def test_r239_the_charge_odds_count_hate() -> None:
    # A Brute Hates Human Lurkers: one more Attack (two dice) and +1 C.C. bonus.
    game = _charging(
        agent("T1", attacks=1, abilities=["crazy_with_hate"]),
        agent("L1", attacks=1, weapons=["unarmed", "club"]),
    )
    chances = odds.fight_chances(game, model(game, "T1"), model(game, "L1"))
    assert chances == _round((2, 1), (2, 2), (1, 1))


def test_r550_the_charge_odds_count_surgical_precision() -> None:
    game = _charging(
        agent("T1", attacks=1, abilities=["surgical_precision"]),
        agent("L1", attacks=1, weapons=["unarmed", "club"]),
    )
    chances = odds.fight_chances(game, model(game, "T1"), model(game, "L1"))
    assert chances == _round((1, 1), (1, 2), (1, 1), injury=(1, 0))


GAMES = int(os.environ.get("SKIRMISH_AEONS_ODDS_GAMES", "400"))
"""Games played by the check of the odds against play: more make it finer and slower."""


def _within_sampling(p: Fraction, hits: int) -> bool:
    """Whether ``hits`` of :data:`GAMES` lie within four standard errors of the chance ``p``."""
    spread = 4 * math.sqrt(float(p * (1 - p)) / GAMES) + 1 / GAMES
    return abs(hits / GAMES - float(p)) <= spread


def _shooting() -> Game[Any, Any]:
    """T1 (Dex 4+, a rifle: Dam 3, AP1) 10" from L1 (Tough, 1 armour)."""
    return book(
        agent("T1", dex=4, weapons=["unarmed", "rifle"]),
        agent("L1", armour=1, skills=["tough"]),
        placed={"T1": (10.0, 10.0), "L1": (20.0, 10.0)},
    )


def _fighting() -> Game[Any, Any]:
    """T1 (Tough, Knife) about to charge L1 (Club)."""
    return _charging(agent("T1", skills=["tough"]), agent("L1", weapons=["unarmed", "club"]))


def test_sa_the_odds_agree_with_shots_and_rounds_played() -> None:
    shot, fight = _shooting(), _fighting()
    shot_p = odds.shot_chances(shot, model(shot, "T1"), model(shot, "L1"), "rifle")
    fight_p = odds.fight_chances(fight, model(fight, "T1"), model(fight, "L1"))
    shots = outs = taken = 0
    for seed in range(GAMES):
        shot, fight = _shooting(), _fighting()
        shot.dice, fight.dice = SeededDice(seed), SeededDice(seed)
        apply_all(shot, "nominate T1", "shoot T1 L1 rifle")
        shots += model(shot, "L1").removed is not None
        apply_all(fight, "nominate T1", "charge T1 L1")
        while fight.decision is not None and fight.decision.kind == "combat-won":
            fight.apply(fight.decision.options[0])  # the winner rolls to wound
        outs += model(fight, "L1").removed is not None
        taken += model(fight, "T1").removed is not None
    assert _within_sampling(shot_p.out, shots)
    assert _within_sampling(fight_p.out, outs)
    assert _within_sampling(fight_p.taken, taken)


def test_r155_the_charge_odds_count_friends_in_base_to_base_where_the_charge_ends() -> None:
    # T1's Charge ends touching L2 as well as L1: L1 rolls one more die for its friend in
    # base-to-base with T1, who touches nobody before the Charge.
    game = book(
        agent("T1"),
        agent("L1"),
        agent("L2"),
        placed={"T1": (10.0, 10.0), "L1": (13.0, 10.0), "L2": (12.0, 10.0 + TOUCH + 0.005)},
    )
    chances = odds.fight_chances(game, model(game, "T1"), model(game, "L1"))
    assert chances == _round((2, 3), (1, 1), (1, 1)), "L2 beside the Charge's end not counted"


def _hideous(t1: dict[str, Any]) -> Game[Any, Any]:
    """T1 about to charge L1 (an Agent made Hideous) 3" away."""
    l1 = agent("L1", skills=["hideous"])
    return book(t1, l1, placed={"T1": (10.0, 10.0), "L1": (13.0, 10.0)})


def test_r117_the_charge_odds_price_the_hideous_test_before_the_round() -> None:
    # T1 (Resolve 4+) tests before the round (R:117, R:209): passed (1/2), the round as it is;
    # failed, the Insanity Table (R:217-223): Catatonia (1) removes T1 as the round begins;
    # Stupefaction (2-3) leaves it Face Up, one die, wounding nobody; Revulsion (4-5) takes
    # L1's free hit (the Knife: Dam +1), Face Down or out removing it, Face Up leaving it to
    # fight Face Up with no Wound left (each Wound of L1's then adds 1 to its Injury roll),
    # else it is gone with no round; Frenzy (6) doubles its dice.
    game = _hideous(agent("T1"))
    zero, sixth = Fraction(0), Fraction(1, 6)
    taken = odds.FightOdds(zero, zero, zero, Fraction(1))
    face_up = replace(_round((1, 2), (1, 1), (1, 1)), out=zero)
    stunned = replace(_round((1, 2), (1, 1), (1, 1), injury=(0, 1)), out=zero)
    down = _hurt(1, 1, 6, 5)
    revulsion = taken.times(down).plus(stunned.times(_hurt(1, 1, 6, -12) - down))
    failed = (
        taken.times(sixth)
        .plus(face_up.times(2 * sixth))
        .plus(revulsion.times(2 * sixth))
        .plus(_round((4, 2), (1, 1), (1, 1)).times(sixth))
    )
    expected = _round((2, 2), (1, 1), (1, 1)).plus(failed).times(Fraction(1, 2))
    chances = odds.fight_chances(game, model(game, "T1"), model(game, "L1"))
    assert replace(chances, tests=()) == expected, "the Hideous test is not priced as played"
    assert (chances.out, chances.taken) == (
        Fraction(903996314015191, 7312316880125952),
        Fraction(2200938794016607, 7312316880125952),
    )
    assert RULES_BOOK.action_odds(game, Action("charge", ("T1", "L1"))) == (
        "T1 tests for the Hideous L1: needs 4+ (50%); wins the first round 29%, loses it 32%; "
        "takes L1 out 12%, taken out 30%"
    )


def test_r117_a_charger_that_faced_the_hideous_enemy_tests_no_more() -> None:
    game = _hideous(agent("T1"))
    model(game, "T1").faced = ("hideous:L1",)
    chances = odds.fight_chances(game, model(game, "T1"), model(game, "L1"))
    assert chances.tests == () and chances == _round((2, 2), (1, 1), (1, 1))


def _zombie_charge() -> Game[Any, Any]:
    """The introduction: Frank Howard (Resolve 3+) about to charge the Hideous, Unarmed
    Zombie 3" away, the Agent far off."""
    placed = {"T1": (10.0, 10.0), "T2": (2.0, 2.0), "L3": (13.0, 10.0)}
    return scenario(placed, start="nominate")


def test_sa_intro_a_fighter_stunned_before_the_round_fights_it_with_no_wound_left() -> None:
    # Frank Howard charges the Unarmed Cultist: a Cultist left Face Up by the hit before the
    # round has lost its last Wound, so every Wound of the round adds to its Injury roll
    # (intro line 3), as play logs it. Worked out by hand, Wound by Wound.
    game = scenario({"T1": (10.0, 10.0), "T2": (2.0, 2.0), "L2": (13.0, 10.0)}, start="nominate")
    game.apply("nominate T1")
    chances = odds.fight_chances(game, model(game, "T1"), model(game, "L2"))
    assert chances.out == Fraction(31114705591, 39182082048)


def test_sa_intro_the_charge_odds_price_the_zombie_s_hideous_test_and_unarmed_hit() -> None:
    # The introduction's Insanity Table (Revulsion runs to its edge; Frenzy doubles the dice),
    # then the Zombie's Unarmed hit before the round.
    game = _zombie_charge()
    game.apply("nominate T1")
    chances = odds.fight_chances(game, model(game, "T1"), model(game, "L3"))
    assert chances.tests == (odds.HideousTest("T1", "L3", odds.PassOdds((3,), Fraction(2, 3))),)
    assert (chances.out, chances.taken) == (
        Fraction(473400244917601, 914039610015744),
        Fraction(1, 18),
    )
    assert RULES.action_odds(game, Action("charge", ("T1", "L3"))) == (
        "T1 tests for the Hideous L3: needs 3+ (67%); wins the first round 40%, loses it 6%; "
        "takes L3 out 52%, taken out 6%"
    )


def test_r117_the_hideous_charge_odds_agree_with_charges_played() -> None:
    book_game, intro = _hideous(agent("T1")), _zombie_charge()
    pairs = ((book_game, "T1", "L1"), (intro, "T1", "L3"))
    for game, a, _ in pairs:
        game.apply(f"nominate {a}")
    expected = [odds.fight_chances(g, model(g, a), model(g, b)) for g, a, b in pairs]
    outs, taken = [0, 0], [0, 0]
    for seed in range(GAMES):
        for i, game in enumerate((_hideous(agent("T1")), _zombie_charge())):
            a, b = pairs[i][1:]
            game.dice = SeededDice(seed * 7919 + 11)
            apply_all(game, f"nominate {a}", f"charge {a} {b}")
            while game.decision is not None and game.decision.kind == "combat-won":
                game.apply(game.decision.options[0])  # the winner rolls to wound
            outs[i] += model(game, b).removed is not None
            taken[i] += model(game, a).removed is not None
    for i, chances in enumerate(expected):
        assert _within_sampling(chances.out, outs[i]), f"charge {i}: out"
        assert _within_sampling(chances.taken, taken[i]), f"charge {i}: taken out"


# -- The test to shoot past the closest enemy (R:177) -----------------------------------------

SHOTGUN = "double-barrelled-shotgun"
ROCKS = {
    "id": "rocks",
    "kind": "impassable",
    "height": 2.5,
    "cover": "heavy",
    "polygon": [[22.5, 13.0], [25.5, 12.2], [27.0, 14.0], [26.0, 16.5], [23.0, 16.2], [22.0, 14.8]],
}


def test_r177_the_shot_odds_price_the_test_to_shoot_past_the_closest() -> None:
    # A played game's position: Frank Howard (Resolve 3+) aims past the Cultist L2, the one
    # enemy within 5", at the Cult Leader L1: a failed test turns the shot on L2.
    game = scenario(
        {
            "T1": (18.66, 11.25),
            "T2": (16.36, 8.96),
            "L1": (22.66, 16.61),
            "L2": (20.01, 15.04),
            "L3": (21.69, 16.78),
        },
        board=board(ROCKS),
        start="nominate",
    )
    game.apply("nominate T1")
    t1, l1, l2 = model(game, "T1"), model(game, "L1"), model(game, "L2")
    chances = odds.action_chances(game, t1, l1, SHOTGUN)
    assert chances.test is not None and chances.test.passes == Fraction(2, 3)
    assert chances.at_target == odds.shot_chances(game, t1, l1, SHOTGUN).times(Fraction(2, 3))
    assert chances.turned_on == l2
    assert chances.at_turned == odds.shot_chances(game, t1, l2, SHOTGUN).times(Fraction(1, 3))
    assert (chances.at_target.out, chances.at_turned.out) == (
        Fraction(790, 2187),
        Fraction(1955, 8748),
    )
    assert RULES.action_odds(game, Action("shoot", ("T1", "L1", SHOTGUN))) == (
        "past the closest: needs 3+ (67%); a shot gets through 59%, takes L1 out 36%, "
        "Face Down 7%; else at L2: a shot gets through 30%, takes L2 out 22%, Face Down 3%"
    )
    line = RULES.action_odds(game, Action("shoot", ("T1", "L2", SHOTGUN)))
    assert line == "a shot gets through 89%, takes L2 out 67%, Face Down 10%"


def _past_the_closest(t1: dict[str, Any], *friends: dict[str, Any]) -> Game[Any, Any]:
    """T1 (a rifle: Dam 3, AP1) aims at L1 (1 armour) 10" away, past L2 (1 armour) 4" away;
    ``friends`` stand beside T1."""
    placed = {"T1": (10.0, 10.0), "L1": (20.0, 10.0), "L2": (10.0, 14.0)}
    placed |= {f["id"]: (8.0, 10.0 - 2.0 * i) for i, f in enumerate(friends)}
    return book(
        {**t1, "weapons": ["unarmed", "rifle"], "dex": 4},
        agent("L1", armour=1),
        agent("L2", armour=1),
        *friends,
        placed=placed,
    )


def test_r177_the_shot_odds_count_lucky_and_a_friend_s_lent_resolve() -> None:
    # Resolve 5+, but 3+ lent by the Commander beside him: the test walked die by die, the
    # second die Lucky's when the first fails (R:153, R:1100).
    game = _past_the_closest(
        agent("T1", res=5, skills=["lucky"]), agent("T2", res=3, skills=["command"])
    )
    passes = sum(
        (Fraction(1, 36) for a, b in product(range(1, 7), repeat=2) if a >= 3 or b >= 3),
        Fraction(0),
    )
    t1, l1, l2 = model(game, "T1"), model(game, "L1"), model(game, "L2")
    logged = len(game.log)
    chances = odds.action_chances(game, t1, l1, "rifle")
    assert len(game.log) == logged  # the lent Resolve read, not logged as a test's
    assert chances.test is not None and chances.test.passes == passes == Fraction(8, 9)
    assert chances.at_target.out == passes * _one_shot_out(4, 3, 6)
    assert chances.at_turned == odds.shot_chances(game, t1, l2, "rifle").times(1 - passes)


def test_r907_the_shot_odds_read_unnerving_without_logging_it() -> None:
    # An Unnerving Lurker 2" from T1 (Resolve 4+) makes it 5+ (R:907): the odds count it and
    # leave the log alone; the test taken in play logs it.
    game = _past_the_closest(agent("T1"), agent("L3", abilities=["unnerving"]))
    logged = len(game.log)
    chances = odds.action_chances(game, model(game, "T1"), model(game, "L1"), "rifle")
    assert len(game.log) == logged
    assert chances.test is not None and chances.test.passes == Fraction(1, 3)


def test_r476_the_shot_odds_count_the_lucky_charm_on_the_test() -> None:
    # Resolve 4+: a 3 raised to 4 by the Charm passes too, 4 faces of 6.
    game = _past_the_closest(agent("T1", equipment=["lucky_charm"]))
    chances = odds.action_chances(game, model(game, "T1"), model(game, "L1"), "rifle")
    assert chances.test is not None and chances.test.passes == Fraction(2, 3)


def test_r177_the_odds_of_a_shot_past_the_closest_agree_with_shots_played() -> None:
    # Resolve 4+: half the shots go on to L1, half are turned on L2.
    game = _past_the_closest(agent("T1"))
    chances = odds.action_chances(game, model(game, "T1"), model(game, "L1"), "rifle")
    assert chances.test is not None and chances.test.passes == Fraction(1, 2)
    targets = turned = 0
    for seed in range(GAMES):
        game = _past_the_closest(agent("T1"))
        game.dice = SeededDice(seed)
        apply_all(game, "nominate T1", "shoot T1 L1 rifle")
        targets += model(game, "L1").removed is not None
        turned += model(game, "L2").removed is not None
    assert _within_sampling(chances.at_target.out, targets)
    assert _within_sampling(chances.at_turned.out, turned)
