"""The Game Turn in play: the roll-off, the hands, the Steal, Additional Activation and Delay
bids, the surplus activations and the end of the game (L30, L38-L52; rules notes §1.3, §4.4;
house scenarios §4.0). Dice and decks are scripted."""

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
    remove_all_but,
)

from skirmish.cards import ScriptedDeck
from skirmish.errors import IllegalActionError, SkirmishError
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.wolsung.cards.hand import hand_pile


def test_l30_roll_off_ties_roll_again() -> None:
    dice = scripted("first player", 4, 4, "first player", 2, 5)
    game = find_ruleset("wolsung").new_game(
        {"board": OPEN}, dice=ScriptedDeck([("deck", ())], dice)
    )
    assert game.state.first == 1
    assert game.decision is not None and game.decision.player == 1
    assert options(game) == ["zone south", "zone north"]


def test_l30_first_player_deploys_all_models_first() -> None:
    game = new_game()
    assert game.state.zones == ("south", "north")
    deployed = [e.models[0] for e in game.log if e.kind == "deployed"]
    assert deployed[:5] == ["1H1", "1H2", "1H3", "1M1", "1M2"]
    assert all(m.deployed for m in game.models)


def test_l30_deployment_outside_the_zone_refused() -> None:
    dice = ScriptedDeck([("deck", ())], scripted("first player", 6, 1))
    game = find_ruleset("wolsung").new_game({"board": OPEN}, dice=dice)
    game.apply("zone south")
    with pytest.raises(IllegalActionError, match="not wholly in its deployment zone"):
        game.apply("deploy 1H1 5,12")
    assert not game.model("1H1").deployed


def test_l40_first_hand_is_three_and_one_per_hero() -> None:
    game = new_game()
    assert len(game.pile(hand_pile(0)).cards) == 6
    assert len(game.pile(hand_pile(1)).cards) == 6


def test_l46_steal_highest_card_becomes_first_player() -> None:
    game = new_game()
    game.apply("no-top-hat 1H1")
    game.apply("bid 2C")
    game.apply("bid 7D")
    assert game.state.first == 1
    assert game.decision is not None and game.decision.kind == "activate"
    assert game.decision.player == 1
    assert [c.text for c in game.pile("discards").cards][-2:] in (["2C", "7D"], ["7D", "2C"])


def test_l434_the_top_hat_takes_the_steal_with_no_card_once_a_game() -> None:
    later = tuple(f"{rank}{suit}" for suit in "HS" for rank in (2, 3, 4, 5, 6, 7))
    game = new_game(clubs=["inventors", "ash-and-oak"], later=later)
    # Sir Lance Oakroot is club 2's: it is asked first, none of club 1 having a top-hat.
    assert game.decision is not None and game.decision.player == 1
    assert options(game) == ["top-hat 2H1", "no-top-hat 2H1"]
    mark = len(game.log)
    game.apply("top-hat 2H1")
    assert lines(game, mark) == [
        "Sir Lance Oakroot (2H1)'s top-hat takes the Steal: Club 2 is First Player  [L434]"
    ]
    # No bid, no card: Club 2 is First Player and activates first.
    assert game.state.first == 1
    assert game.decision is not None and game.decision.kind == "activate"
    assert game.decision.player == 1
    assert len(game.pile(hand_pile(1)).cards) == 6
    # The next turn's Steal is a bid again.
    remove_all_but(game, "1H1", "2H1")
    for m in ("2H1", "1H1"):
        activate(game, m)
        game.apply(f"end {m}")
        hand_over(game)
    while game.decision is not None and game.decision.kind == "discard":
        game.apply(game.decision.options[0])
    assert game.state.turn == 2
    assert game.decision is not None and game.decision.kind == "bid"


def test_l434_the_top_hat_declined_the_bid_goes_on() -> None:
    game = new_game()
    assert options(game) == ["top-hat 1H1", "no-top-hat 1H1"]
    game.apply("no-top-hat 1H1")
    assert game.decision is not None and game.decision.kind == "bid"
    assert game.state.used_this_game == ()


def test_l46_nobody_bids_nothing_changes() -> None:
    game = new_game()
    pass_steal(game)
    assert game.state.first == 0
    assert game.decision is not None and game.decision.player == 0


def test_l47_additional_activation_won_activates_again() -> None:
    game = new_game()
    pass_steal(game)
    game.apply("activate 1M1")
    game.apply("end 1M1")
    assert options(game) == ["additional", "no-additional"]
    game.apply("additional")
    assert "pass" not in options(game)  # the opener laid its card down already
    game.apply("bid 7C")
    game.apply("bid 6D")
    assert game.decision is not None and game.decision.kind == "activate"
    assert game.decision.player == 0


def test_l47_additional_activation_beaten_passes_the_initiative() -> None:
    game = new_game()
    pass_steal(game)
    game.apply("activate 1M1")
    game.apply("end 1M1")
    game.apply("additional")
    game.apply("bid 2C")
    game.apply("bid 3D")
    assert game.decision is not None and game.decision.player == 1


def test_l48_delay_won_makes_the_previous_player_activate_again() -> None:
    game = new_game()
    pass_steal(game)
    game.apply("activate 1M1")
    game.apply("end 1M1")
    game.apply("no-additional")
    assert game.decision is not None and game.decision.player == 1
    assert options(game) == ["delay", "no-delay"]
    game.apply("delay")
    game.apply("bid 7D")
    game.apply("pass")
    assert game.decision is not None and game.decision.player == 0
    game.apply("activate 1M2")
    game.apply("end 1M2")
    # The initiative comes back to the player that delayed.
    assert game.decision is not None and game.decision.player == 1


def test_l50_surplus_activations_take_no_bids() -> None:
    game = new_game()
    pass_steal(game)
    remove_all_but(game, "1H1", "2H1", "2M1")
    activate(game, "1H1")
    game.apply("end 1H1")
    if options(game) == ["delay", "no-delay"]:
        game.apply("no-delay")
    activate(game, "2H1")
    game.apply("end 2H1")
    assert game.decision is not None and game.decision.kind == "activate"
    assert game.decision.prompt.endswith("(surplus activations, L50)")


def test_l44_each_model_activates_once_a_turn() -> None:
    game = new_game()
    pass_steal(game)
    game.apply("activate 1M1")
    game.apply("end 1M1")
    game.apply("no-additional")
    game.apply("no-delay")
    game.apply("activate 2M1")
    game.apply("end 2M1")
    game.apply("no-additional")
    game.apply("no-delay")
    with pytest.raises(IllegalActionError, match="not an option"):
        game.apply("activate 1M1")
    assert game.model("1M1").activated


def test_sudden_death_last_club_on_the_table_wins() -> None:
    game = new_game()
    pass_steal(game)
    remove_all_but(game, "1H1")
    activate(game, "1H1")
    game.apply("end 1H1")
    assert game.result is not None
    assert game.result.placing == (1, 2)
    assert game.result.reason == "one club alone is left on the table"


def test_setup_refuses_an_unknown_club_in_one_line() -> None:
    with pytest.raises(SkirmishError, match=r"unknown club 'nobody'.*ash-and-oak"):
        find_ruleset("wolsung").new_game({"clubs": "nobody,inventors"})


def test_setup_refuses_a_board_of_another_size() -> None:
    with pytest.raises(SkirmishError, match=r'36" x 36" table, not 36" x 24"'):
        find_ruleset("wolsung").new_game({"board": "open"})


def test_setup_refuses_three_clubs_in_a_line_scenario() -> None:
    with pytest.raises(SkirmishError, match=r"Back-Alley Brawl \(s1\) is played by 2 clubs"):
        find_ruleset("wolsung").new_game({"clubs": "triad,inventors,ash-and-oak"})


def test_setup_refuses_an_unknown_house_rule() -> None:
    with pytest.raises(SkirmishError, match="unknown house rule"):
        find_ruleset("wolsung").new_game({"house": {"no_such_rule": True}})
