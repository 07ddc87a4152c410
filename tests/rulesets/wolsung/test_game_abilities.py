"""Golden tests of the named heroes' and henchmen's own rules in play, as their activations or
the turn come to them: Man about town's draw, Sir Zachary's Wheelchair, the Security Golem's
Trample (L414, L468, L686; rules notes §4.3, §6 D12, D13, §7 items 66, 85). Dice are scripted
by purpose and hands stacked; each test checks the options offered and the exact outcome, with
the log lines and the rules they cite."""

from __future__ import annotations

from typing import Any

from tests.rulesets.wolsung.table_game import (
    HAND_1,
    HAND_2,
    SMALL,
    SMALL_LARGE,
    lines,
    on_table,
    options,
    pass_deeds,
    refused,
)

from skirmish.rulesets.wolsung.cards.hand import hand_pile, spend
from skirmish.rulesets.wolsung.game.activation import Activation
from skirmish.rulesets.wolsung.game.hands import hand
from skirmish.rulesets.wolsung.game.state import WolsungGame

ONE_HERO_HAND = HAND_1[:4]
"""A hand of 3 + 1 cards, for a club of one Hero (L40)."""

WHEELCHAIR: dict[str, Any] = {
    "name": "The Colonel's Household",
    "club": "Ash and Oak",
    "heroes": [{"named": "Sir Zachary Fiercebatten"}],
    "henchmen": [{"henchman": "Butler"}, {"henchman": "Bruiser"}],
}
"""Sir Zachary Fiercebatten (1H1, M 3, his Wheelchair) with a Butler (1M1) and a Bruiser (1M2):
his Funds 3 hire both."""


# -- Man about town (L414) ---------------------------------------------------------------------


def test_l414_man_about_town_draws_2_then_discards_1_as_he_activates() -> None:
    game = on_table(at={"1H2": (10.0, 10.0)}, later=("AS", "KH"))
    game.apply("activate 1H2")
    assert game.decision is not None and game.decision.kind == "draw"
    assert options(game) == ["draw 1H2", "no-draw"]
    mark = len(game.log)
    game.apply("draw 1H2")
    # The player picks any card of the hand, the two drawn among them.
    assert game.decision is not None and game.decision.kind == "discard"
    assert sorted(options(game)) == sorted(f"discard {c}" for c in (*HAND_1, "KH", "AS"))
    game.apply("discard 2C")
    assert lines(game, mark) == [
        "Draw AS, KH from deck to hand 0  [L414]",
        "Discard 2C from hand 0 to discards  [L414]",
    ]
    assert len(hand(game, 0)) == 7
    # Then the offers a Hero holding cards is made, and his Actions.
    assert game.decision is not None and game.decision.kind == "heroic-move"


def test_l414_the_draw_is_offered_whatever_the_hand_holds() -> None:
    game = on_table(at={"1H2": (10.0, 10.0)}, later=("AS", "KH"))
    spend(game, 0, hand(game, 0), "L40")
    game.apply("activate 1H2")
    assert options(game) == ["draw 1H2", "no-draw"]
    game.apply("draw 1H2")
    game.apply("discard KH")
    assert [c.text for c in game.pile(hand_pile(0)).cards] == ["AS"]


def test_l414_declined_the_activation_goes_on() -> None:
    game = on_table(at={"1H2": (10.0, 10.0)})
    game.apply("activate 1H2")
    game.apply("no-draw")
    assert len(hand(game, 0)) == 6
    assert game.decision is not None and game.decision.kind == "heroic-move"


def test_l414_no_draw_for_a_hero_of_another_profession() -> None:
    game = on_table(at={"1H3": (10.0, 10.0)})
    game.apply("activate 1H3")
    assert game.decision is not None and game.decision.kind == "heroic-move"


# -- Sir Zachary's Wheelchair (L468) -----------------------------------------------------------


def wheelchair(*dice: str | int, butler: tuple[float, float] | None) -> WolsungGame:
    """Sir Zachary at 10,10 activating, his Butler at ``butler`` (``None``: 10" off); a Lab
    Assistant (2M4) 20" away."""
    at = {"1H1": (10.0, 10.0), "1M1": butler or (20.0, 10.0), "2M4": (10.0, 30.0 + SMALL)}
    game = on_table(*dice, at=at, clubs=[WHEELCHAIR, "inventors"], hands=(ONE_HERO_HAND, HAND_2))
    game.apply("activate 1H1")
    game.apply("no-heroic-move")
    return game


def test_l468_a_free_move_first_beside_a_butler() -> None:
    game = wheelchair(butler=(10.0 + SMALL, 10.0))
    assert game.decision is not None
    assert [p.kind for p in game.decision.points] == ["move", "free-move"]
    mark = len(game.log)
    game.apply("free-move 1H1 10,7")
    assert lines(game, mark) == [
        "Sir Zachary Fiercebatten (1H1) makes the Wheelchair's free Move  [L468]",
        'Sir Zachary Fiercebatten (1H1) moves 3" to 10,7  [L73]',
    ]
    # An Action more: his two are still to come, and the free Move is spent.
    assert game.decision is not None
    assert game.decision.prompt == "Sir Zachary Fiercebatten: Action 1, or end the activation"
    assert [p.kind for p in game.decision.points] == ["move"]


def test_l468_no_free_move_away_from_a_butler_or_bruiser() -> None:
    game = wheelchair(butler=None)
    assert game.decision is not None
    assert [p.kind for p in game.decision.points] == ["move"]
    refused(game, "free-move 1H1 10,7", "not an option")


def test_l468_the_free_move_comes_before_any_other_action() -> None:
    game = wheelchair(butler=(10.0 + SMALL, 10.0))
    game.apply("move 1H1 10,12")
    assert game.decision is not None
    assert [p.kind for p in game.decision.points] == ["move"]


def test_item_66_the_free_move_is_a_move_for_move_penalty() -> None:
    game = wheelchair(butler=(10.0 + SMALL, 10.0))
    game.apply("free-move 1H1 10,7")
    step = game.stack[-1]
    assert isinstance(step, Activation) and step.moved


# -- the Security Golem's Trample (L686) -------------------------------------------------------


def trample(*dice: str | int) -> WolsungGame:
    """The Inventors as club 1: their Security Golem (1M1, 40 mm, F 3, S 8) in base contact
    with a Butler (2M1), a second Butler (2M2) 0.5" off, and Lady Ashgrove (2H3) 2" off."""
    at = {
        "1M1": (10.0, 10.0),
        "2M1": (10.0 + SMALL_LARGE, 10.0),
        "2M2": (10.0 - SMALL_LARGE - 0.5, 10.0),
        "2H3": (10.0, 10.0 + SMALL_LARGE + 2.0),
    }
    game = on_table(*dice, at=at, clubs=["inventors", "ash-and-oak"])
    game.apply("activate 1M1")
    return game


def test_l686_trample_attacks_every_enemy_within_1_inch() -> None:
    dice = ("fight", 6, 5, 1, "fight", 1, 1, "fight", 6, 1, 1, "fight", 5, 5, 1, 1)
    game = trample(*dice)
    assert options(game) == ["fight 1M1 2M1", "trample 1M1", "end 1M1"]
    game.apply("trample 1M1")
    game.apply("react 2M1 Fence")
    game.apply("react 2M2 Parry")
    pass_deeds(game)
    assert [line for line in lines(game) if "attack" in line or "loses" in line] == [
        "Security Golem (1M1)'s attack hits Butler (2M1) (2 to 0 successes)  [L128]",
        "Security Golem (1M1)'s attack is parried by Butler (2M2) (1 to 2 successes)  [L128]",
        "Butler (2M1) loses 10 Wounds (10 wounds: +8 Security Golem S (L145), "
        "+2 critical hits (L121)), 0 left  [L145]",
    ]
    # Lady Ashgrove, 2" off, is not attacked; both hits landed at the end of the Action (L44).
    assert not game.model("2M1").on_table
    assert game.model("2H3").wounds == 9


def test_item_85_no_trample_out_of_melee() -> None:
    game = on_table(
        at={"1M1": (10.0, 10.0), "2M2": (10.0 - SMALL_LARGE - 0.5, 10.0)},
        clubs=["inventors", "ash-and-oak"],
    )
    game.apply("activate 1M1")
    refused(game, "trample 1M1", "not an option")
