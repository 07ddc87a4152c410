"""The Plot Points a Lurker list buys, in play (R:927-935, rules notes §3.14), each with
scripted dice on forces written by hand (an Agent: 5 | 5+ | 6 | 2 | 1 | 4+, Knife +1)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.rulesets.strange_aeons import lists
from tests.rulesets.strange_aeons.helpers import (
    TOUCH,
    apply_all,
    dice_left,
    events,
    model,
    refused,
)
from tests.rulesets.strange_aeons.rulebook import agent, book, cc, shot_at
from tests.rulesets.strange_aeons.test_rulebook_lurkers import TEAM, rules
from tests.rulesets.strange_aeons.test_rulebook_lurkers_more import lurker_list

from skirmish.engine.game import Game
from skirmish.errors import SkirmishError
from skirmish.rulesets.strange_aeons.forces import load_played
from skirmish.rulesets.strange_aeons.lists.lurkers import check_lurkers
from skirmish.rulesets.strange_aeons.lists.plot_points import load_plot_points
from skirmish.rulesets.strange_aeons.lists.random_lists import (
    ListFilter,
    random_lurkers,
    random_team,
)
from skirmish.rulesets.strange_aeons.rulebook import StrangeAeons

__all__ = ["rules"]

DAEMON = agent("L1", types=["daemon"])
PROMOTED = TEAM.replace("fight_team", "promoted_team")


def feared(mover: str, fearsome: str, *dice: tuple[str, int], plots: tuple[str, ...] = ()) -> Game:
    """``mover`` nominated and passing one Action 4" from ``fearsome``, a Fear-causing Agent
    (R:210), on its side's turn."""
    game = book(
        agent("T1", skills=["fear"] if fearsome == "T1" else []),
        agent("L1", skills=["fear"] if fearsome == "L1" else []),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0)},
        active=int(mover == "L1"),
        dice=list(dice),
        plots=plots,
    )
    apply_all(game, f"nominate {mover}", f"pass {mover}")
    return game


def test_r932_drug_crazed_human_lurkers_take_no_psychology_test() -> None:
    game = feared("L1", "T1", plots=("drug_crazed",))
    assert not events(game, "resolve")


def test_r932_without_drug_crazed_the_human_lurker_tests_for_fear() -> None:
    game = feared("L1", "T1", ("resolve", 4))
    assert [e.models for e in events(game, "resolve")] == [("L1",)]
    assert not dice_left(game)


def test_r932_drug_crazed_spares_no_threshold_human() -> None:
    game = feared("T1", "L1", ("resolve", 4), plots=("drug_crazed",))
    assert [e.models for e in events(game, "resolve")] == [("T1",)]
    assert not dice_left(game)


def rerolled_by(game: Game) -> list[str]:
    """The rules of the log's re-rolls."""
    return [e.rule for e in game.log if e.roll is not None and e.roll.rerolled]


def test_r929_black_sabbath_human_lurkers_re_roll_a_failed_resolve_test() -> None:
    game = feared("L1", "T1", ("resolve", 2), ("resolve", 4), plots=("black_sabbath",))
    test = events(game, "resolve")[0]
    assert (test.models, test.data["passed"]) == (("L1",), True)
    assert rerolled_by(game) == ["Black Sabbath (R:929)"]
    assert not dice_left(game)


def test_r929_black_sabbath_no_re_roll_for_the_threshold() -> None:
    game = feared("T1", "L1", ("resolve", 2), ("insanity", 2), plots=("black_sabbath",))
    assert events(game, "resolve")[0].data["passed"] is False
    assert rerolled_by(game) == []
    assert not dice_left(game)


def test_r929_black_sabbath_human_lurkers_save_shots_on_6() -> None:
    game = shot_at(agent("L1"), ("to-hit", 5), ("save", 6), plots=["black_sabbath"])
    assert events(game, "shot")[0].data["save"] == 6
    assert events(game, "saved")[0].data == {"saved": 1, "left": 0}
    assert not dice_left(game)


def test_r935_full_moon_beasts_save_shots_on_6() -> None:
    beast = agent("L1", types=["beast"])
    game = shot_at(beast, ("to-hit", 5), ("save", 6), plots=["full_moon"])
    assert events(game, "saved")[0].data == {"saved": 1, "left": 0}
    assert not dice_left(game)


def test_r935_full_moon_beasts_re_roll_a_failed_test_for_fire() -> None:
    game = book(
        agent("T1", weapons=["unarmed", "knife", "molotov_cocktail"]),
        agent("L1", types=["beast"]),
        placed={"T1": (10.0, 10.0), "L1": (14.0, 10.0)},
        dice=[("resolve", 1), ("resolve", 5)],
        plots=["full_moon"],
    )
    apply_all(game, "nominate T1", "pass T1")
    test = events(game, "resolve")[0]
    assert (test.data["situation"], test.data["passed"]) == ("fire:T1", True)
    assert rerolled_by(game) == ["Full Moon (R:935)"]
    assert not dice_left(game)


def test_r930_between_worlds_daemons_save_shots_on_5() -> None:
    game = shot_at(DAEMON, ("to-hit", 5), ("save", 5), plots=["between_worlds"])
    assert events(game, "shot")[0].data["save"] == 5
    assert events(game, "saved")[0].data == {"saved": 1, "left": 0}
    assert not dice_left(game)


def test_r930_between_worlds_daemons_save_close_combat_hits_on_5() -> None:
    game = book(
        agent("T1"),
        DAEMON,
        placed={"T1": (10.0, 10.0), "L1": (10.0 + TOUCH + 2.0, 10.0)},
        plots=["between_worlds"],
        dice=[*cc(4, 2, 3, 2), ("save", 5)],  # T1 4 + 1 against L1 3 + 1: one hit, saved
    )
    apply_all(game, "nominate T1", "charge T1 L1", "wound T1")
    assert events(game, "saved")[0].data == {"saved": 1, "left": 0}
    assert events(game, "draw")
    assert not dice_left(game)


def test_r930_between_worlds_no_save_for_a_human() -> None:
    game = shot_at(agent("L1"), ("to-hit", 5), ("to-wound", 1), plots=["between_worlds"])
    assert not events(game, "saved")
    assert not dice_left(game)


def test_r930_between_worlds_summoned_daemons_cost_2_points_less(
    rules: StrangeAeons, tmp_path: Path
) -> None:
    lurkers = lurker_list(
        tmp_path, 'plot_points = ["Between Worlds"]\n[[models]]\nprofile = "Servitor"'
    )
    game = rules.new_game(
        {"scenario": "monster-attack", "threshold": PROMOTED, "lurkers": lurkers}, 1
    )
    summons = {p: v for p, v, _ in game.setup["lurkers"]["summons"]}
    assert summons["L*fire_daemon"] == 8.0
    assert summons["L*god_spawn"] == 18.0
    assert summons["L*tentacle"] == 5.0
    assert game.setup["lurkers"]["plot-points"] == ["between_worlds"]


def dark(*faces: int, weapons: tuple[str, ...] = ()) -> Game:
    """A Dark Night: T1, a Human, with ``weapons`` and the stumble dice ``faces``; L1, a Beast,
    17" away."""
    return book(
        agent("T1", weapons=["unarmed", *weapons]),
        agent("L1", types=["beast"]),
        placed={"T1": (10.0, 10.0), "L1": (27.0, 10.0)},
        plots=["dark_night"],
        dice=[("stumble", f) for f in faces],
    )


def test_r931_dark_night_a_human_forfeits_its_move_on_a_1() -> None:
    game = dark(1)
    apply_all(game, "nominate T1", "move T1 14,10")
    assert events(game, "stumble")[0].rule == "Dark Night (R:931)"
    assert (model(game, "T1").x, model(game, "T1").y) == (10.0, 10.0)
    assert not dice_left(game)


def test_r931_dark_night_a_human_moves_on_a_2_and_a_beast_rolls_nothing() -> None:
    game = dark(2)
    apply_all(game, "nominate T1", "move T1 14,10", "pass T1")
    assert model(game, "T1").x == 14.0
    assert not events(game, "stumble")
    assert not dice_left(game)


def test_r931_dark_night_no_shot_beyond_15_inches() -> None:
    game = dark(weapons=("rifle",))
    game.apply("nominate T1")
    refused(game, "shoot T1 L1 rifle", 'out of range: 15" Bolt-Action Rifle')


def eating(charger: str, *dice: tuple[str, int]) -> Game:
    """The Lurkers bought Flesh Eaters; ``charger`` charges the other Agent 2" away and wins
    the round (its 6 + 1 against 2 + 1) by 4 hits, to be wounded with ``dice``."""
    other = "T1" if charger == "L1" else "L1"
    game = book(
        agent("T1"),
        agent("L1"),
        placed={charger: (10.0, 10.0), other: (10.0 + TOUCH + 2.0, 10.0)},
        active=int(charger == "L1"),
        plots=["flesh_eaters"],
        dice=[*cc(6, 2, 2, 2), *dice],
    )
    apply_all(game, f"nominate {charger}", f"charge {charger} {other}", f"wound {charger}")
    return game


def test_r934_flesh_eaters_confirm_a_lurkers_close_combat_critical_on_4() -> None:
    wounds = [("to-wound", 1)] * 3 + [("to-wound", 3)]  # the last 3 + 1 + 2 = 6 against Con 6
    game = eating("L1", ("critical-hit", 4), *wounds, ("injury", 3), ("injury", 3))
    crit = events(game, "critical-hit")[0]
    assert (crit.rule, crit.models) == ("Flesh Eaters (R:934)", ("L1",))
    assert events(game, "wounded")[0].data["total"] == 6
    assert not dice_left(game)


def test_r934_flesh_eaters_confirm_no_threshold_critical_on_4() -> None:
    game = eating("T1", ("critical-hit", 4), *[("to-wound", 1)] * 4)
    assert not events(game, "critical-hit")
    assert model(game, "L1").wounds == 1
    assert not dice_left(game)


@pytest.mark.parametrize(
    ("plots", "reason"),
    [
        ('"Drug Crazed", "Drug Crazed"', r"Drug Crazed is bought 2 times; each Plot Point once"),
    ],
)
def test_r928_plot_points_unplayed_or_bought_twice_are_refused(
    rules: StrangeAeons, tmp_path: Path, plots: str, reason: str
) -> None:
    lurkers = lurker_list(tmp_path, f'plot_points = [{plots}]\n[[models]]\nprofile = "Cultist"')
    with pytest.raises(SkirmishError, match=reason):
        rules.new_game({"scenario": "monster-attack", "threshold": TEAM, "lurkers": lurkers}, 1)


def test_r928_random_lurker_lists_buy_a_played_plot_point_now_and_then() -> None:
    plots = tuple(p for p in load_plot_points().values() if p.id in load_played().plot_points)
    team = random_team(lists.book(), lists.promotion(), 1)
    for plot in plots:  # each played one, drawn alone, is bought by some seed soon
        only = ListFilter(plots=(plot,))
        bought = False
        for seed in range(40):
            for rule in lists.restrictions().values():
                drawn = random_lurkers(lists.book(), team, seed, rule, only=only)
                assert check_lurkers(lists.book(), drawn, team, rule) == []
                assert drawn == random_lurkers(lists.book(), team, seed, rule, only=only)
                bought = bought or drawn.plot_points == (plot,)
            if bought:
                break
        assert bought, plot.id
    assert all(len(random_lurkers(lists.book(), team, s).plot_points) == 0 for s in range(10))
