"""The Game Turn in play: the roll-off, the hands, the Steal, Additional Activation and Delay
bids, the surplus activations and the end of the game (L30, L38-L52; rules notes §1.3, §4.4,
§8: X1, X4, G4; house scenarios §4.0). Dice and decks are scripted."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from tests.dice_script import scripted
from tests.rulesets.wolsung.table_game import (
    HAND_1,
    HAND_2,
    OFFERS,
    OPEN,
    SMALL,
    activate,
    hand_over,
    lines,
    new_game,
    on_table,
    options,
    pass_steal,
    refit,
    refused,
    remove_all_but,
)

from skirmish.cards import ScriptedDeck
from skirmish.engine.action import Action
from skirmish.errors import IllegalActionError, SkirmishError
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.wolsung.cards.hand import hand_pile
from skirmish.rulesets.wolsung.game.base import house_of, rules_of
from skirmish.rulesets.wolsung.game.damage import ApplyDamage
from skirmish.rulesets.wolsung.game.hands import hand
from skirmish.rulesets.wolsung.game.setup import zone_box
from skirmish.rulesets.wolsung.game.state import Hit, WolsungGame
from skirmish.rulesets.wolsung.rules_data.records import KeywordRef

TURN_2 = ("8S", "10S", "JS", "QS", "KS", "AS", "8D", "9D", "10D", "JD", "QD", "KD")
"""The cards both players draw as turn 2 begins: 3 + 3 Heroes each (L40)."""
HAND_3 = ("2H", "3H", "4H", "5H", "6H", "7H")
"""Club 3's turn-1 hand, stacked beneath the other two."""
FOUR_HEROES = {
    "ash-and-oak": ("Sir Lance Oakroot", "Lady Ellendeanne", "Sir Zachary Fiercebatten"),
    "inventors": ("Thorvald Nielsgaard", "Thomas Rockheart Jr.", "Ingrid Rangvaldottir"),
    "triad": ("Xen Jidao", "Mr. Cheng", "Phoenix"),
}
"""Three named Heroes of each club; a fourth makes four."""
DECLINED = ("top-hat", "bid", "additional", "delay", "heroic-deed", *OFFERS)
"""The decisions whose last option declines: no top-hat, no bid, no offer taken."""


def test_l30_roll_off_ties_roll_again() -> None:
    dice = scripted("first player", 4, 4, "first player", 2, 5)
    game = find_ruleset("wolsung").new_game(
        {"board": OPEN}, dice=ScriptedDeck([("deck", ())], dice)
    )
    assert game.state.first == 1
    assert game.decision is not None and game.decision.player == 1
    assert options(game) == ["zone south", "zone north"]


def test_l30_the_zones_are_shown_while_chosen_and_filled() -> None:
    dice = scripted("first player", 2, 5)
    game = find_ruleset("wolsung").new_game(
        {"board": OPEN}, dice=ScriptedDeck([("deck", ())], dice)
    )
    shown = game.ruleset.areas(game)
    assert [a.label for a in shown] == ["south", "north"]
    assert shown[0].polygon[0] == (0.0, 0.0)
    game.apply("zone north")
    # Club 2 deploys in the zone it took, now named with it.
    assert [a.label for a in game.ruleset.areas(game)] == ["south", "north: Club 2"]


def test_l30_first_player_deploys_all_models_first() -> None:
    game = new_game()
    assert game.state.zones == ((0, "south"), (1, "north"))
    deployed = [e.models[0] for e in game.log if e.kind == "deployed"]
    assert deployed[:5] == ["1H1", "1H2", "1H3", "1M1", "1M2"]
    # all but the Golem Hilda Cogsworth (a Gnome) may call in later (L356)
    assert [m.id for m in game.models if not m.deployed] == ["2M5"]


def test_l30_deployment_outside_the_zone_refused() -> None:
    dice = ScriptedDeck([("deck", ())], scripted("first player", 6, 1))
    game = find_ruleset("wolsung").new_game({"board": OPEN}, dice=dice)
    game.apply("zone south")
    with pytest.raises(IllegalActionError, match="not wholly in its deployment zone"):
        game.apply("deploy 1H1 5,12")
    assert not game.model("1H1").deployed


def test_x1_l30_the_roll_off_winner_picks_the_zone_deploys_and_activates_first() -> None:
    dice = scripted("first player", 2, 5)
    game = find_ruleset("wolsung").new_game(
        {"board": OPEN}, dice=ScriptedDeck([("deck", (*HAND_1, *HAND_2))], dice)
    )
    # Club 2 rolled higher: it is the First Player and picks the zone.
    assert game.state.first == 1
    assert game.decision is not None and game.decision.player == 1
    game.apply("zone north")
    deployed: list[str] = []
    while game.decision is not None and game.decision.kind == "deploy":
        m = game.model(game.decision.points[0].args[0])
        x0, y0, _, _ = zone_box(game, m.side, m.radius)
        game.apply(Action.at("deploy", (m.id,), x0 + 1.8 * len(deployed), y0))
        deployed.append(m.id)
    # The First Player's club deploys all its models first (L30, §7 item 103).
    assert deployed[:7] == ["2H1", "2H2", "2H3", "2M1", "2M2", "2M3", "2M4"]
    assert deployed[7:] == ["1H1", "1H2", "1H3", "1M1", "1M2"]
    # Club 1 is not asked: it takes the zone opposite.
    assert game.state.zones == ((1, "north"), (0, "south"))
    placed = [game.model(i) for i in deployed]
    assert all(m.y <= 6 for m in placed if m.side == 0)
    assert all(m.y >= 30 for m in placed if m.side == 1)
    # Nobody steals the initiative: the First Player picks the turn's first model.
    pass_steal(game)
    assert game.decision is not None and game.decision.kind == "activate"
    assert game.decision.player == 1


def test_l30_s4_0_each_club_picks_its_corner_and_deploys_before_the_next() -> None:
    dice = scripted("first player", 6, 1, 2)
    setup = {"board": OPEN, "scenario": "s4", "clubs": ["ash-and-oak", "inventors", "triad"]}
    game = find_ruleset("wolsung").new_game(setup, dice=ScriptedDeck([("deck", ())], dice))
    assert game.decision is not None and game.decision.player == 0
    game.apply("zone north-east")
    # Club 1 deploys all its models before Club 2 picks a corner (L30, §4.0).
    assert game.state.zones == ((0, "north-east"),)
    deployed: list[str] = []
    while game.decision is not None and game.decision.kind == "deploy":
        m = game.model(game.decision.points[0].args[0])
        x0, y0, _, _ = zone_box(game, m.side, m.radius)
        game.apply(Action.at("deploy", (m.id,), x0 + 1.8 * len(deployed), y0))
        deployed.append(m.id)
    assert deployed == ["1H1", "1H2", "1H3", "1M1", "1M2"]
    # Then Club 2, clockwise, picks among the corners left, seeing Club 1's models placed.
    assert game.decision is not None and game.decision.kind == "zone"
    assert game.decision.player == 1
    assert options(game) == ["zone south-west", "zone north-west", "zone south-east"]


def test_l40_first_hand_is_three_and_one_per_hero() -> None:
    game = new_game()
    assert len(game.pile(hand_pile(0)).cards) == 6
    assert len(game.pile(hand_pile(1)).cards) == 6


def club_of_four(club: str, fourth: str) -> dict[str, Any]:
    """A club of four named Heroes and no henchmen: hands of 3 + 4 cards (L40)."""
    heroes = [{"named": name} for name in (*FOUR_HEROES[club], fourth)]
    return {"name": f"Four of {club}", "club": club, "heroes": heroes, "henchmen": []}


def play_declining(game: WolsungGame, until_turn: int) -> None:
    """Play on until ``until_turn`` begins: every offer and bid declined, each player
    activating its first model and ending its activation at once, discarding its first
    cards."""
    while game.decision is not None and game.state.turn < until_turn:
        d = game.decision
        if d.kind in DECLINED:
            game.apply(d.options[-1])
        elif d.kind == "action":
            game.apply(next(a for a in d.options if a.kind == "end"))
        else:
            game.apply(d.options[0])


def four_clubs_of_four() -> WolsungGame:
    """Scenario s4 with four clubs of four named Heroes each, the deck shuffled by the seed."""
    clubs: list[str | dict[str, Any]] = [
        club_of_four("ash-and-oak", "Mary Fearless"),
        club_of_four("inventors", "Alice Tinkerly"),
        club_of_four("triad", "Ata Kijao"),
        club_of_four("ash-and-oak", "Mary Fearless"),
    ]
    return new_game(scenario="s4", clubs=clubs, stacked=False)


def test_item_6_four_clubs_of_four_heroes_play_on_with_short_draws() -> None:
    game = four_clubs_of_four()
    assert game.state.heroes_fielded == (4, 4, 4, 4)
    # Turn 2: four hands of 7 leave 24 cards and no discards yet: the last club draws 3, and
    # keeps its 10 cards but 3. Turns 3 and 4: the discard pile reshuffled gives 24 again.
    play_declining(game, until_turn=4)
    short = [e for e in game.log if e.kind == "short-draw"]
    assert [e.data for e in short] == [{"seat": 3, "drawn": 3, "due": 7}] * 3
    assert game.describe(short[0]) == "Club 4 draws 3 of 7 cards: the deck is out  [§7 item 6]"
    assert game.state.turn == 4


def test_item_6_the_turn_draw_goes_clockwise_from_the_first_player_who_draws_in_full() -> None:
    game = four_clubs_of_four()
    game.state.first = 2  # Club 3 First Player from turn 2: Club 2, last clockwise, is short
    play_declining(game, until_turn=2)
    short = [e.data for e in game.log if e.kind == "short-draw"]
    assert short == [{"seat": 1, "drawn": 3, "due": 7}]


def test_item_6_without_the_reshuffle_the_turn_draw_takes_what_the_deck_holds() -> None:
    game = new_game(house={"reshuffle_discards": False}, stacked=False)
    play_declining(game, until_turn=6)
    short = [e.data for e in game.log if e.kind == "short-draw"]
    # 52 cards, 6 a turn for each club: turn 5 finds 4 left, then none (§7 item 6).
    assert short[:2] == [{"seat": 0, "drawn": 4, "due": 6}, {"seat": 1, "drawn": 0, "due": 6}]
    assert game.state.turn == 6
    assert game.pile("deck").cards == ()
    # An empty deck moves no card: no draw is logged.
    assert all(e.data["count"] for e in game.log if e.kind == "draw")


def test_house_a_club_wiped_out_before_the_steal_is_asked_for_no_bid_and_holds_no_card() -> None:
    # Our house reading beside scenarios §4.0 and §7 item 6: club 3's last model falls, it
    # discards its hand and takes no part in the turn's Steal.
    game = new_game(1, scenario="s4", clubs=["ash-and-oak", "inventors", "triad"], later=HAND_3)
    club_3 = [m.id for m in game.models if m.side == 2]
    game.state.pending = tuple(Hit(mid, 30, "a test's blow", "L44", scorer=0) for mid in club_3)
    mark = len(game.log)
    ApplyDamage().run(game, None)
    assert lines(game, mark)[-2:] == [
        "Club 3 has no model left: it discards its hand and plays no more cards  "
        "[wolsung-scenarios.md §4.0]",
        "Discard 7H, 6H, 5H, 4H, 3H, 2H from Club 3's hand to discards  "
        "[wolsung-scenarios.md §4.0]",
    ]
    assert hand(game, 2) == ()
    game.apply("no-top-hat 1H1")
    asked = []
    while game.decision is not None and game.decision.kind == "bid":
        asked.append(game.decision.player)
        game.apply("pass")
    assert asked == [0, 1]


def test_house_a_club_wiped_out_draws_nothing_and_first_player_passes_on() -> None:
    game = new_game(
        1,
        scenario="s4",
        clubs=["ash-and-oak", "inventors", "triad"],
        later=(*HAND_3, *TURN_2),  # club 1 draws nothing in turn 2
    )
    club_1 = [m.id for m in game.models if m.side == 0]  # the First Player's club
    game.state.pending = tuple(Hit(mid, 30, "a test's blow", "L44", scorer=1) for mid in club_1)
    ApplyDamage().run(game, None)
    mark = len(game.log)
    play_declining(game, until_turn=2)
    turn_2 = lines(game, mark)
    assert "Turn 2 begins; Club 2 is First Player  [L38]" in turn_2
    assert not [line for line in turn_2 if "to Club 1's hand" in line]
    assert hand(game, 0) == ()
    asked = set()
    while game.decision is not None and game.decision.kind in ("discard", "bid"):
        asked.add(game.decision.player)
        game.apply(game.decision.options[-1])
    assert asked == {1, 2}
    assert game.state.first == 1


def test_l46_steal_highest_card_becomes_first_player() -> None:
    game = new_game()
    game.apply("no-top-hat 1H1")
    game.apply("bid 2C")
    game.apply("bid 7D")
    assert game.state.first == 1
    assert game.decision is not None and game.decision.kind == "activate"
    assert game.decision.player == 1
    assert [c.text for c in game.pile("discards").cards][-2:] in (["2C", "7D"], ["7D", "2C"])


@pytest.mark.parametrize(("answer", "seen"), [("pass", "pass"), ("bid 2C", "bid ?")])
def test_l46_notes_4_4_a_later_bidder_sees_whether_a_card_was_laid_not_which(
    answer: str, seen: str
) -> None:
    game = new_game()
    game.apply("no-top-hat 1H1")
    game.apply(answer)
    club_2 = game.view(1)
    assert club_2.commits == ((0, Action.parse(seen)),)
    assert lines(club_2, len(club_2.log) - 1) == [f"Club 1 answers in secret: {seen}  [L45]"]
    assert lines(game.view(0), len(game.log) - 1) == [f"Club 1 answers in secret: {answer}  [L45]"]


def test_g4_l46_the_higher_steal_is_first_player_this_turn_and_later() -> None:
    game = new_game(
        hands=(("2C", "3C", "4C", "5C", "6C", "9C"), ("2D", "3D", "4D", "5D", "6D", "9S")),
        later=TURN_2,
    )
    game.apply("no-top-hat 1H1")  # Sir Lance keeps his top-hat (L434)
    remove_all_but(game, "1M1", "2M4")
    # The First Player is asked first; 9 against 9, Spades beat Clubs (L55).
    assert game.decision is not None and game.decision.player == 0
    game.apply("bid 9C")
    game.apply("bid 9S")
    assert game.state.first == 1
    assert game.decision is not None and game.decision.kind == "activate"
    assert game.decision.player == 1
    game.apply("activate 2M4")
    game.apply("end 2M4")
    hand_over(game)
    game.apply("activate 1M1")
    game.apply("end 1M1")
    assert game.state.turn == 2
    while game.decision is not None and game.decision.kind == "discard":
        game.apply(game.decision.options[0])
    # Turn 2: club 2 is still First Player, asked first for the Steal and first to activate.
    assert game.state.first == 1
    assert game.decision is not None and game.decision.kind == "bid"
    assert game.decision.player == 1
    pass_steal(game)
    assert game.decision is not None and game.decision.kind == "activate"
    assert game.decision.player == 1


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


def test_x4_l45_an_additional_activation_joins_a_melee_of_one_against_one() -> None:
    # The Butler 1M1 is locked with the Lab Assistant; the Butler 1M2 stands 4" away.
    dice = ("fight", 5, 4, 1, 1, "fight", 4, 1)
    game = on_table(
        *dice, at={"1M1": (10.0, 10.0 - SMALL), "1M2": (14.0, 10.0), "2M4": (10.0, 10.0)}
    )
    activate(game, "1M1")
    game.apply("end 1M1")
    game.apply("additional")
    game.apply("bid 7C")
    game.apply("bid 6D")
    # Club 1 won the bid: its second model acts before club 2 may.
    assert game.decision is not None and game.decision.player == 0
    assert options(game) == ["activate 1M2"]
    activate(game, "1M2")
    mark = len(game.log)
    game.apply("charge 1M2 2M4")
    game.apply("attack 1M2 2M4")
    game.apply("react 2M4 Fence")
    # The friend already in the melee supports the Charge's attack at once (L157-L158).
    assert lines(game, mark)[3] == (
        "Butler (1M2) rolls 4 dice: +2 Fight (L134), +2 support of Butler (L157); "
        "Lab Assistant (2M4) rolls 2 dice: +2 Fight (L134)  [L128]"
    )
    # 2 successes to 1: the Butler's S3 and a critical hit.
    assert game.model("2M4").wounds == 5


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


def test_l48_with_three_clubs_a_delay_makes_the_club_that_passed_the_initiative_activate() -> None:
    game = new_game(
        1,
        scenario="s4",
        clubs=["ash-and-oak", "inventors", "triad"],
        later=("2H", "3H", "4H", "5H", "6H", "7H"),  # club 3's hand
    )
    pass_steal(game)
    for m in game.models:
        if m.side == 1:
            m.removed = "wiped out for the test"
    activate(game, "1M1")
    game.apply("end 1M1")
    game.apply("no-additional")
    # Club 2 has nothing left: club 1 passed the initiative to club 3, and is the one delayed.
    assert game.decision is not None and game.decision.player == 2
    assert options(game) == ["delay", "no-delay"]
    game.apply("delay")
    game.apply("bid 7H")
    game.apply("pass")  # club 1; club 2, wiped out, is not asked (our house reading)
    assert game.decision is not None and game.decision.player == 0
    assert game.decision.kind == "activate"
    activate(game, "1M2")
    game.apply("end 1M2")
    assert game.decision is not None and game.decision.player == 2


def test_l48_no_delay_before_the_turns_first_activation() -> None:
    game = new_game(
        1,
        scenario="s4",
        clubs=["ash-and-oak", "inventors", "triad"],
        later=(*HAND_3, *TURN_2),  # club 1, wiped out, draws nothing in turn 2
    )
    remove_all_but(game, "2M4", "3M1")  # club 1, the First Player's, is wiped out
    pass_steal(game)
    activate(game, "2M4")
    game.apply("end 2M4")
    activate(game, "3M1")
    game.apply("end 3M1")  # club 3 activates last in turn 1
    while game.decision is not None and game.decision.kind == "discard":
        game.apply(game.decision.options[0])
    pass_steal(game)
    # Turn 2: club 1 wiped out, club 2 is First Player, and nobody has activated this turn,
    # so club 2 may not Delay club 3, which activated last in turn 1.
    assert game.state.turn == 2
    assert game.decision is not None and game.decision.player == 1
    assert options(game) == ["activate 2M4"]


def make_mindless(monkeypatch: pytest.MonkeyPatch, *model_ids: str) -> None:
    """Give ``model_ids`` the Mindless keyword, which no shipped model has (L43, §7 item 3)."""
    mindless = (KeywordRef("mindless"),)
    refit(monkeypatch, lambda f: replace(f, rules=(*f.rules, *mindless)), *model_ids)


def test_l43_mindless_models_activate_first_and_bar_steal_delay_and_additional(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    make_mindless(monkeypatch, "1M1", "1M2")
    game = new_game()
    # Club 1 may not Steal: Sir Lance's top-hat is not offered, only club 2 is asked to bid.
    assert game.decision is not None and game.decision.kind == "bid"
    assert game.decision.player == 1
    game.apply("pass")
    assert game.decision is not None and game.decision.player == 0
    assert options(game) == ["activate 1M1", "activate 1M2"]
    refused(game, "activate 1H1", "not an option")
    activate(game, "1M1")
    game.apply("end 1M1")
    # 1M2 still to activate: no Additional Activation bid (§7 item 3); club 2 may Delay.
    assert game.decision is not None and game.decision.player == 1
    assert options(game) == ["delay", "no-delay"]
    game.apply("no-delay")
    activate(game, "2M4")
    game.apply("end 2M4")
    hand_over(game)
    # Club 1 may not Delay, and activates its other Mindless model first.
    assert game.decision is not None and game.decision.player == 0
    assert options(game) == ["activate 1M2"]
    activate(game, "1M2")
    game.apply("end 1M2")
    # No Mindless model left: club 1 may bid for an Additional Activation again.
    assert options(game) == ["additional", "no-additional"]


def test_item_3_switched_off_a_mindless_club_may_bid_for_an_additional_activation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    make_mindless(monkeypatch, "1M1", "1M2")
    game = new_game(house={"mindless_blocks_additional": False})
    game.apply("pass")
    activate(game, "1M1")
    game.apply("end 1M1")
    assert options(game) == ["additional", "no-additional"]
    game.apply("additional")
    game.apply("bid 7C")
    game.apply("pass")
    assert game.decision is not None and game.decision.player == 0
    assert options(game) == ["activate 1M2"]


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


def test_item_20_house_rules_are_read_from_each_setup_as_written() -> None:
    # The house rules are kept per setup: the same text read once, another text anew, and a
    # game's clones and views read its own.
    plain, blind = new_game(), new_game(options={"house": {"models_block_sight": False}})
    assert house_of(plain).models_block_sight and not house_of(blind).models_block_sight
    assert house_of(plain.clone()) is house_of(plain)
    assert house_of(blind.view(0)) is house_of(blind)
    assert house_of(new_game()) is house_of(plain)
    assert rules_of(plain).members(plain.setup) is rules_of(plain).members(new_game().setup)
