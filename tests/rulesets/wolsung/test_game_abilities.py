"""Golden tests of the named heroes', henchmen's and gadgets' own rules in play, as the game,
the turn or an activation come to them: Man about town's draw, Sir Zachary's Wheelchair, the
Security Golem's Trample, Snorri's Ride and the Magneton Boots carrying a friend along, the
Death Puppet, the Despotic Ring and the Wandering Actor's True Identity (L414, L468, L572,
L664, L686, L752, L754, L806; rules notes §4.3, §6 D5, D7, D12, D13, §7
items 4, 66, 85, 89-91, 98, G46, G47, G57). Dice are scripted by purpose and hands stacked;
each test checks the options offered and the exact outcome, with the log lines and the rules
they cite."""

from __future__ import annotations

from typing import Any

import pytest
from tests.rulesets.wolsung.table_game import (
    HAND_1,
    HAND_2,
    SMALL,
    SMALL_LARGE,
    activate,
    hand_over,
    lines,
    new_game,
    on_table,
    options,
    pass_deeds,
    pass_steal,
    put,
    refused,
    remove_all_but,
)
from tests.rulesets.wolsung.test_game_scenarios import CLUES

from skirmish.geometry.shapes import CONTACT, Point
from skirmish.rulesets.wolsung.cards.hand import hand_pile, spend
from skirmish.rulesets.wolsung.game.activation import Activation
from skirmish.rulesets.wolsung.game.carry import carry_error
from skirmish.rulesets.wolsung.game.effects import current
from skirmish.rulesets.wolsung.game.hands import hand
from skirmish.rulesets.wolsung.game.scoring import end_of_turn
from skirmish.rulesets.wolsung.game.space import in_contact
from skirmish.rulesets.wolsung.game.state import Effect, WolsungGame

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

RINGED: dict[str, Any] = {
    "name": "The Iron Lotus",
    "club": "Triad of Lotus Dragon",
    "heroes": [
        {
            "name": "Lord Fang",
            "race": "Orc",
            "profession": "Bodyguard",
            "gadgets": ["Despotic Ring", "Death Puppet of the Karoa Temple"],
        }
    ],
    "henchmen": [{"henchman": "Fisherman"}, {"henchman": "Trader"}],
}
"""Lord Fang, an Orc Bodyguard (W 10) with the Despotic Ring and the Death Puppet, a Fisherman
and a Trader (W 8 each): Funds 5 - 0 - 1 - 1 leave 3, which hire both."""
ONE_HERO_HAND_2 = HAND_2[:4]


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
        "Draw AS, KH from deck to Club 1's hand  [L414]",
        "Discard 2C from Club 1's hand to discards  [L414]",
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


RUBBLE: dict[str, Any] = {
    "name": "Rubble street",
    "width": 36.0,
    "height": 36.0,
    "terrain": [
        {
            "id": "rubble",
            "name": "Rubble",
            "kind": "rough",
            "height": 2.0,
            "polygon": [[12.0, 6.0], [14.0, 6.0], [14.0, 16.0], [12.0, 16.0]],
        }
    ],
}
"""A street with a heap of rubble (rough ground, L78) from x 12 to 14."""
DIAMONDS_HAND = ("2H", "3H", "4H", "9D")
"""Club 1's hand of 3 + 1 cards with one Diamond, Sir Zachary's suit (L207, L213)."""


def rough_street(heroic: bool, *dice: str | int) -> WolsungGame:
    """Sir Zachary at 10.5,10, 0.9" off the rubble, activating with or without a Heroic Move
    (paid with 9D); a Lab Assistant (2M4) in the rubble at 13.5,14."""
    at = {"1H1": (10.5, 10.0), "2M4": (13.5, 14.0)}
    clubs: list[str | dict[str, Any]] = [WHEELCHAIR, "inventors"]
    hands = (DIAMONDS_HAND, HAND_2)
    game = on_table(*dice, at=at, board=RUBBLE, clubs=clubs, hands=hands)
    game.apply("activate 1H1")
    game.apply("heroic-move 1H1 9D" if heroic else "no-heroic-move")
    return game


def test_l468_g54_the_wheelchair_moves_in_no_rough_ground() -> None:
    game = rough_street(heroic=False)
    # 2": half an inch of it over the rubble costs 2.5" of his 3" (§7 item 16), but he may not
    # go there at all; nor where his base would only touch the rubble.
    refused(game, "move 1H1 12.5,10", r"Wheelchair moves in no rough ground .* \(L468\)")
    refused(game, "move 1H1 11.5,10", r"Wheelchair moves in no rough ground .* \(L468\)")
    mark = len(game.log)
    game.apply("move 1H1 10.5,7")
    assert lines(game, mark) == ['Sir Zachary Fiercebatten (1H1) moves 3" to 10.5,7  [L73]']


def test_l468_a_charge_in_the_wheelchair_stops_at_the_rough_ground() -> None:
    game = rough_street(heroic=False)
    game.apply("charge 1H1 2M4")
    zachary = game.model("1H1")
    # The way to the Lab Assistant crosses the rubble: he stops short of it and attacks
    # nothing (L127, §7 item 33).
    assert zachary.x + zachary.radius <= 12.0 + 1e-6
    assert not any(e.kind == "strike" for e in game.log)


def test_l468_g54_a_heroic_move_takes_the_wheelchair_into_rough_ground() -> None:
    game = rough_street(heroic=True)
    mark = len(game.log)
    game.apply("move 1H1 12.5,10")
    assert lines(game, mark) == ['Sir Zachary Fiercebatten (1H1) moves 2" to 12.5,10  [L73]']
    assert game.model("1H1").heroic
    game.apply("end 1H1")
    # The Heroic Move lasts until the activation ends (L213).
    assert not game.model("1H1").heroic


# -- the Security Golem's Trample (L686) -------------------------------------------------------


def trample(*dice: str | int) -> WolsungGame:
    """The Inventors as club 1: their Security Golem (1M1, 40 mm, F 3, S 8) in base contact
    with a Butler (2M1), a second Butler (2M2) 0.5" off, and Lady Ashgrove (2H3) 2" off; Hilda
    Cogsworth (1H2), the Scientist that holds the Golem (L556), stands by."""
    at = {
        "1H2": (4.0, 16.0),
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
        "Butler (2M1) loses 9 Wounds (10 wounds: +8 Security Golem S (L145), "
        "+2 critical hits (L148)), 0 left  [L145]",
    ]
    # Lady Ashgrove, 2" off, is not attacked; both hits landed at the end of the Action (L44).
    assert not game.model("2M1").on_table
    assert game.model("2H3").wounds == 9


def test_l686_trample_reaches_an_enemy_placed_exactly_1_inch_off() -> None:
    # The Golem touches the Butler 2M1; the Butler 2M2 stands 1" east, a gap measured as
    # 1.0000000000000009": Trample reaches it as every reach between two models is measured.
    at = {
        "1H2": (4.0, 16.0),
        "1M1": (5.9, 10.0),
        "2M1": (5.9 - SMALL_LARGE, 10.0),
        "2M2": (5.9 + SMALL_LARGE + 1.0, 10.0),
    }
    dice = ("fight", 6, 5, 1, "fight", 1, 1, "fight", 6, 1, 1, "fight", 5, 5, 1, 1)
    game = on_table(*dice, at=at, clubs=["inventors", "ash-and-oak"])
    game.apply("activate 1M1")
    game.apply("trample 1M1")
    game.apply("react 2M1 Fence")
    game.apply("react 2M2 Parry")
    pass_deeds(game)
    assert [line for line in lines(game) if "'s attack" in line] == [
        "Security Golem (1M1)'s attack hits Butler (2M1) (2 to 0 successes)  [L128]",
        "Security Golem (1M1)'s attack is parried by Butler (2M2) (1 to 2 successes)  [L128]",
    ]


def test_item_85_no_trample_out_of_melee() -> None:
    game = on_table(
        at={"1M1": (10.0, 10.0), "2M2": (10.0 - SMALL_LARGE - 0.5, 10.0)},
        clubs=["inventors", "ash-and-oak"],
    )
    game.apply("activate 1M1")
    refused(game, "trample 1M1", "not an option")


# -- carried along: Ride (L664) and Magneton Boots (L572, L609) --------------------------------

FLEA_WORKS: dict[str, Any] = {
    "name": "The Flea Circus",
    "club": "Inventors",
    "heroes": [
        {"named": "Snorri Rottstein"},
        {"named": "Thomas Rockheart Jr."},
        {"named": "Alice Tinkerly"},
    ],
    "henchmen": [{"henchman": "Security Golem"}, {"henchman": "Lab Assistant"}],
}
"""Snorri Rottstein (1H1, 40 mm, M 5, Ride), Thomas Rockheart Jr. (1H2, 30 mm, Magneton
Boots), Alice Tinkerly (1H3), a Security Golem (1M1, 40 mm, M 3) and a Lab Assistant (1M2,
30 mm)."""
CENTRE = (10.0, 10.0)
WEST = (CENTRE[0] - SMALL_LARGE, CENTRE[1])
"""A 30 mm base in base contact with a 40 mm one at :data:`CENTRE`, west of it."""


def flea_works(mover: str, **at: tuple[float, float]) -> WolsungGame:
    """``mover`` (Snorri or the Golem) activating at :data:`CENTRE`, Alice 8" off, a Butler
    (2M1) far off, and the models of ``at``."""
    models = {mover: CENTRE, "1H3": (CENTRE[0] + 8.0, CENTRE[1]), "2M1": (30.0, 30.0), **at}
    game = on_table(at=models, clubs=[FLEA_WORKS, "ash-and-oak"])
    activate(game, mover)
    return game


def points(game: WolsungGame) -> list[str]:
    """The kinds of the pending decision's point choices."""
    assert game.decision is not None
    return [p.kind for p in game.decision.points]


def test_l664_ride_carries_a_small_friend_along_after_snorris_move() -> None:
    game = flea_works("1H1", **{"1M2": WEST})
    assert "ride-move" in points(game)
    mark = len(game.log)
    game.apply("ride-move 1H1 10,15")
    assert game.decision is not None and game.decision.kind == "carry"
    assert options(game) == ["no-carry 1H1"]
    assert [(p.kind, p.args) for p in game.decision.points] == [("carry", ("1M2", "1H1"))]
    game.apply("carry 1M2 1H1 8.62,15")
    assert lines(game, mark) == [
        'Snorri Rottstein (1H1) moves 5" to 10,15  [L73]',
        "Lab Assistant (1M2) is carried along with Snorri Rottstein (1H1) to 8.62,15  [L664]",
    ]
    assert game.model("1M2").pos == (8.62, 15.0)


def test_l14_l664_a_friend_is_carried_to_where_the_bases_count_as_touching() -> None:
    # In base contact is one band for every rule: the Lab Assistant carried a hair inside
    # CONTACT of Snorri's base is put there, and touches him; a hair beyond, it is refused.
    game = flea_works("1H1", **{"1M2": WEST})
    game.apply("ride-move 1H1 10,15")
    snorri, lab = game.model("1H1"), game.model("1M2")
    for gap in (CONTACT - 1e-9, CONTACT + 1e-9):
        point = (snorri.x - snorri.radius - lab.radius - gap, snorri.y)
        refusal = carry_error(game, snorri, lab, point, melee=False)
        put(game, "1M2", *point)
        touching = gap < CONTACT
        assert (refusal is None, in_contact(game, snorri, lab)) == (touching, touching), refusal


def test_l664_the_friend_goes_only_in_base_contact_with_snorri() -> None:
    game = flea_works("1H1", **{"1M2": WEST})
    game.apply("ride-move 1H1 10,15")
    refused(game, "carry 1M2 1H1 6,15", r"in base contact with Snorri Rottstein: 2.\d+\" apart")
    game.apply("no-carry 1H1")
    assert game.model("1M2").pos == WEST


def test_l664_ride_carries_a_friend_into_a_melee() -> None:
    # A Butler stands west of the spot Snorri moves to, a little more than a base off.
    game = flea_works("1H1", **{"1M2": WEST, "2M2": (10.0 - SMALL_LARGE - SMALL, 15.0)})
    game.apply("ride-move 1H1 10,15")
    game.apply("carry 1M2 1H1 8.62,15")
    assert game.model("1M2").pos == (8.62, 15.0)


def test_l664_ride_once_an_activation_and_only_with_a_small_friend_in_contact() -> None:
    game = flea_works("1H1", **{"1M2": WEST, "1M1": (CENTRE[0], CENTRE[1] - 1.6)})
    game.apply("ride-move 1H1 10,15")
    game.apply("no-carry 1H1")
    assert "ride-move" not in points(game)
    # Only the 40 mm Security Golem touches him now: no small friend to carry.
    alone = flea_works("1H1", **{"1M1": (CENTRE[0], CENTRE[1] - 1.6)})
    assert "ride-move" not in points(alone)


def test_l572_thomas_in_magneton_boots_moves_along_with_the_security_golem() -> None:
    game = flea_works("1M1", **{"1H2": WEST})
    mark = len(game.log)
    game.apply("move 1M1 10,13")
    assert game.decision is not None and game.decision.kind == "carry"
    assert [(p.kind, p.args) for p in game.decision.points] == [("carry", ("1H2", "1M1"))]
    game.apply("carry 1H2 1M1 8.62,13")
    assert lines(game, mark) == [
        'Security Golem (1M1) moves 3" to 10,13  [L73]',
        "Thomas Rockheart Jr. (1H2) is carried along with Security Golem (1M1) to 8.62,13  [L572]",
    ]


def test_l572_magneton_boots_carry_into_no_melee() -> None:
    butler = (10.0 - SMALL_LARGE - SMALL, 13.0)
    game = flea_works("1M1", **{"1H2": WEST, "2M2": butler})
    game.apply("move 1M1 10,13")
    refused(
        game,
        "carry 1H2 1M1 8.62,13",
        r"may not be carried into base contact with an enemy \(Butler\)",
    )


def test_l572_a_wearer_in_a_melee_stays_behind() -> None:
    butler = (WEST[0] - SMALL, WEST[1])
    game = flea_works("1M1", **{"1H2": WEST, "2M2": butler})
    game.apply("move 1M1 10,13")
    assert game.decision is not None and game.decision.kind == "action"
    assert game.model("1H2").pos == WEST


def test_l572_magneton_boots_no_effect_lowers_thomass_move() -> None:
    game = flea_works("1M1", **{"1H2": WEST})
    game.state.effects = (
        Effect("1H2", "end_of_turn", "L460", "M", -2),
        Effect("1H2", "end_of_turn", "L460", "S", -1),
    )
    thomas = current(game, game.model("1H2")).profile
    assert (thomas.M, thomas.S) == (4, 3)


# -- the Death Puppet (L754, G47) --------------------------------------------------------------


def puppet_on(hero: str, *dice: str | int) -> WolsungGame:
    """The sample Ash and Oak against :data:`RINGED` (club 2): Lord Fang's Death Puppet tied to
    ``hero``, no Ring activation, the Steal passed."""
    game = new_game(*dice, clubs=["ash-and-oak", RINGED], hands=(HAND_1, ONE_HERO_HAND_2))
    game.apply(f"puppet 2H1 {hero}")
    game.apply("no-ring")
    pass_steal(game)
    return game


def test_l754_the_bearer_chooses_an_enemy_hero_at_the_start_of_the_game() -> None:
    game = new_game(clubs=["ash-and-oak", RINGED], hands=(HAND_1, ONE_HERO_HAND_2))
    assert game.state.turn == 0
    assert game.decision is not None and game.decision.player == 1
    assert options(game) == ["puppet 2H1 1H1", "puppet 2H1 1H2", "puppet 2H1 1H3"]
    mark = len(game.log)
    game.apply("puppet 2H1 1H2")
    assert lines(game, mark) == [
        "Lord Fang (2H1)'s Death Puppet is tied to Lord Pemberton (1H2)  [L754]"
    ]
    assert game.state.puppets == (("2H1", "1H2"),)
    game.apply("no-ring")


def test_g47_wounds_one_loses_the_other_gains() -> None:
    dice = ("fight", 6, 6, 1, 1, "fight", 6, 1, 1, 1, "fight", 1, 1, 1, 1, "fight", 6, 6, 6, 1)
    game = puppet_on("1H2", *dice)
    remove_all_but(game, "1H2", "2H1")
    put(game, "1H2", 10.0, 10.0)
    put(game, "2H1", 10.0, 10.0 + SMALL)
    activate(game, "1H2")
    game.apply("fight 1H2 2H1")
    game.apply("react 2H1 Fence")
    game.apply("keep 1H2")
    pass_deeds(game)
    # Lord Pemberton hits for 4: Lord Fang loses them, and Lord Pemberton gains them.
    assert lines(game)[-2:] == [
        "Lord Fang (2H1) loses 4 Wounds (4 wounds: +3 Lord Pemberton S (L145), "
        "+1 critical hits (L148)), 6 left  [L145]",
        "Lord Pemberton (1H2) gains 4 Wounds  [L754]",
    ]
    assert (game.model("2H1").wounds, game.model("1H2").wounds) == (6, 13)
    # The bearer's Fence wins by 3: Lord Pemberton loses 6, which Lord Fang gains.
    game.apply("fight 1H2 2H1")
    game.apply("react 2H1 Fence")
    game.apply("keep 1H2")
    pass_deeds(game)
    assert (game.model("2H1").wounds, game.model("1H2").wounds) == (12, 7)


# -- the Despotic Ring (L752, G46) -------------------------------------------------------------


def test_g46_an_activation_before_the_first_turn_for_half_the_wounds() -> None:
    game = new_game(clubs=["ash-and-oak", RINGED], hands=(HAND_1, ONE_HERO_HAND_2))
    game.apply("puppet 2H1 1H1")
    assert game.decision is not None and game.decision.kind == "ring"
    assert options(game) == ["ring 2H1", "ring 2M1", "ring 2M2", "no-ring"]
    game.apply("ring 2M1")
    mark = len(game.log)
    game.apply("end 2M1")
    assert lines(game, mark)[-1] == (
        "Fisherman (2M1) loses 4 Wounds (half its 8 Wounds, the Despotic Ring's price), "
        "4 left  [L752]"
    )
    # Club 2 alone has a Ring: it chooses again, until it passes.
    assert options(game) == ["ring 2H1", "ring 2M2", "no-ring"]
    game.apply("ring 2H1")
    game.apply("end 2H1")
    assert game.model("2H1").wounds == 5
    game.apply("no-ring")
    # The first turn: every model activates again.
    assert game.state.turn == 1
    assert not game.model("2M1").activated


@pytest.mark.parametrize(
    ("race", "profession", "wounds", "lost", "left"),
    [("Human", "Mage", 9, 4, 5), ("Ogre", "Blademaster", 15, 7, 8)],
    ids=["W9 loses 4", "W15 loses 7"],
)
def test_g46_the_ring_takes_half_the_wounds_rounded_down(
    race: str, profession: str, wounds: int, lost: int, left: int
) -> None:
    # Lord Fang (an Orc, L732: never fewer Orcs than the others) bears the Ring; the other
    # Hero (no Wounds from its Profession) activates with it.
    other = {"name": "Wei", "race": race, "profession": profession}
    ringed = {**RINGED, "heroes": [{**RINGED["heroes"][0], "gadgets": ["Despotic Ring"]}, other]}
    game = new_game(clubs=["ash-and-oak", {**ringed, "henchmen": []}], hands=(HAND_1, HAND_2[:5]))
    assert game.model("2H2").wounds == wounds
    game.apply("ring 2H2")
    mark = len(game.log)
    game.apply("end 2H2")
    assert lines(game, mark)[-1] == (
        f"Wei (2H2) loses {lost} Wounds (half its {wounds} Wounds, the Despotic Ring's price), "
        f"{left} left  [L752]"
    )
    assert game.model("2H2").wounds == left
    game.apply("no-ring")
    assert game.state.turn == 1 and game.model("2H2").wounds == left


def test_item_90_ring_activations_go_round_the_clubs_in_turn() -> None:
    game = new_game(clubs=[RINGED, RINGED], hands=(ONE_HERO_HAND, ONE_HERO_HAND_2))
    game.apply("puppet 1H1 2H1")
    game.apply("puppet 2H1 1H1")
    seats = []
    for model in ("1M1", "2M1", "1M2"):
        assert game.decision is not None
        seats.append(game.decision.player)
        game.apply(f"ring {model}")
        game.apply(f"end {model}")
    assert seats == [0, 1, 0]
    while game.decision is not None and game.decision.kind == "ring":
        game.apply("no-ring")
    assert game.state.turn == 1


def test_item_90_off_each_club_makes_all_of_its_own_first() -> None:
    game = new_game(
        clubs=[RINGED, RINGED],
        hands=(ONE_HERO_HAND, ONE_HERO_HAND_2),
        house={"despotic_in_turn": False},
    )
    game.apply("puppet 1H1 2H1")
    game.apply("puppet 2H1 1H1")
    seats = []
    for model in ("1M1", "1M2"):
        assert game.decision is not None
        seats.append(game.decision.player)
        game.apply(f"ring {model}")
        game.apply(f"end {model}")
    game.apply("no-ring")
    assert game.decision is not None
    seats.append(game.decision.player)
    assert seats == [0, 0, 1]
    game.apply("no-ring")
    assert game.state.turn == 1


CHENG_RINGED: dict[str, Any] = {
    "name": "The Boiling Lotus",
    "club": "Triad of Lotus Dragon",
    "heroes": [
        {"named": "Mr. Cheng"},
        {"name": "Fang", "race": "Orc", "profession": "Bodyguard", "gadgets": ["Despotic Ring"]},
    ],
}
"""Mr. Cheng (2H1, Bloodboil) and Fang (2H2), an Orc Bodyguard (W 10) with the Despotic Ring."""


def test_l752_what_lasts_until_the_end_of_the_turn_ends_with_the_ring_activations() -> None:
    game = new_game(
        "casting", 4, 1, clubs=["ash-and-oak", CHENG_RINGED], hands=(HAND_1, HAND_2[:5])
    )
    game.apply("ring 2H1")
    game.apply("cast 2H1 bloodboil 2H2")
    fang = current(game, game.model("2H2")).profile
    assert (fang.S, fang.F, game.model("2H2").wounds) == (5, 6, 8)
    game.apply("end 2H1")
    mark = len(game.log)
    game.apply("no-ring")
    assert lines(game, mark)[0] == (
        "The Despotic Ring's activations are over: what lasts until the end of the turn ends  "
        "[L752, L52]"
    )
    # Turn 1 begins with Fang's S and F back; the Wounds Bloodboil took stay lost.
    assert game.state.turn == 1
    assert game.state.effects == ()
    fang = current(game, game.model("2H2")).profile
    assert (fang.S, fang.F, game.model("2H2").wounds) == (3, 4, 8)


XEN_RINGED: dict[str, Any] = {
    "name": "The Ringed Mist",
    "club": "Triad of Lotus Dragon",
    "heroes": [
        {"named": "Xen Jidao"},
        {"name": "Fang", "race": "Orc", "profession": "Bodyguard", "gadgets": ["Despotic Ring"]},
    ],
}
"""Xen Jidao (2H1), the club's one Mistmaker, and Fang (2H2) with the Despotic Ring."""


def test_l752_l721_a_mist_surplus_goes_as_the_ring_activations_end() -> None:
    game = new_game(clubs=["ash-and-oak", XEN_RINGED], hands=(HAND_1, HAND_2[:5]))
    game.apply("ring 2H1")
    game.apply("mist 2H1 0.59,25")
    game.apply("end 2H1")
    game.model("2H1").removed = "set aside for the test"
    game.apply("no-ring")
    # No turn has ended yet: the question says only what has.
    assert game.decision is not None and game.decision.kind == "lift-mist"
    assert game.decision.prompt == (
        "The club holds more Mist Templates than Mistmakers as what lasts until the end of the "
        "turn ends: take one of the club's Mist Templates off (L721)"
    )
    game.apply("lift-mist M1")
    assert game.state.templates == ()
    assert game.state.turn == 1


# -- the Wandering Actor's True Identity (L806, G57) --------------------------------------------

ACTORS: dict[str, Any] = {
    "name": "The Masked Troupe",
    "club": "Triad of Lotus Dragon",
    "heroes": [{"named": "Wandering Actor"}, {"named": "Phoenix"}],
}
"""The Wandering Actor (2H1) and Phoenix (2H2, Diamonds, W 10) as club 2: hands of 3 + 2."""
DIAMONDS = ("2D", "3D", "4D", "5D", "6D")
TURN_2 = ("8C", "9C", "10C", "JC", "QC", "KC", "7D", "8D", "9D", "10D", "JD")
"""The second turn's draws: six for club 1, five Diamonds for club 2 (L40)."""


def phoenix_fallen(
    hands: tuple[str, ...] = DIAMONDS,
    later: tuple[str, ...] = TURN_2,
    scenario: str = "s1",
    clues: tuple[Point, ...] = (),
) -> WolsungGame:
    """Turn 1 played with Phoenix out of action (by club 1's hand) and the Wandering Actor at
    12,20, then turn 2 begun: the draw and the discards down to the hand made; ``scenario``
    and its ``clues`` as :func:`.new_game` takes them."""
    game = new_game(
        clubs=["ash-and-oak", ACTORS],
        hands=(HAND_1, hands),
        later=later,
        scenario=scenario,
        clues=clues,
    )
    pass_steal(game)
    remove_all_but(game, "1H1", "2H1")
    put(game, "2H1", 12.0, 20.0)
    game.model("2H2").removed = "out of action"
    game.state.fallen = (("2H2", 0),)
    for m in ("1H1", "2H1"):
        activate(game, m)
        game.apply(f"end {m}")
        hand_over(game)
    while game.decision is not None and game.decision.kind == "discard":
        game.apply(game.decision.options[0])
    return game


def test_g57_true_identity_a_diamond_brings_phoenix_back_in_the_actors_place() -> None:
    game = phoenix_fallen()
    assert game.state.turn == 2
    assert game.decision is not None and game.decision.kind == "true-identity"
    assert game.decision.player == 1
    assert options(game)[-1] == "no-reveal"
    assert all(o.startswith("reveal 2H1 2H2 ") and o.endswith("D") for o in options(game)[:-1])
    mark = len(game.log)
    game.apply("reveal 2H1 2H2 2D")
    assert lines(game, mark) == [
        "Discard 2D from Club 2's hand to discards  [L806]",
        "Wandering Actor (2H1) reveals his true identity: Phoenix (2H2) stands in his place "
        "with 10 Wounds  [L806]",
    ]
    phoenix, actor = game.model("2H2"), game.model("2H1")
    assert (phoenix.on_table, phoenix.pos, phoenix.wounds) == (True, (12.0, 20.0), 10)
    assert not actor.on_table
    # Phoenix may activate this turn (§7 item 98).
    pass_steal(game)
    activate(game, "1H1")
    game.apply("end 1H1")
    hand_over(game)
    assert options(game) == ["activate 2H2"]


def test_l806_a_hand_with_no_card_of_the_suit_is_asked_all_the_same() -> None:
    hearts = ("2H", "3H", "4H", "5H", "6H")
    game = phoenix_fallen(hands=hearts, later=(*TURN_2[:6], "7S", "8S", "9S", "10S", "JS"))
    assert game.decision is not None and game.decision.kind == "true-identity"
    assert options(game) == ["no-reveal"]
    refused(
        game, "reveal 2H1 2H2 2H", r"2H cannot pay for True Identity: it takes Diamonds \(L806\)"
    )
    game.apply("no-reveal")
    assert game.model("2H1").on_table


def test_l806_a_hero_back_scores_nothing_when_it_falls_again() -> None:
    game = phoenix_fallen()
    game.apply("reveal 2H1 2H2 2D")
    game.state.fallen = (*game.state.fallen, ("2H2", 0))
    game.model("2H2").removed = "out of action"
    end_of_turn(game)
    # Phoenix's first fall scored 2; the second none (wolsung-scenarios.md §4.0).
    assert game.state.casualties == (2, 0)


def test_l806_an_actor_carrying_the_blueprints_drops_them_as_he_leaves() -> None:
    game = phoenix_fallen(scenario="s3", clues=CLUES)
    game.state.carrier = "2H1"
    game.apply("reveal 2H1 2H2 2D")
    # The carrier removed, the Blueprints lie where his base was (wolsung-scenarios.md §4.3).
    dropped = game.state.blueprints
    assert game.state.carrier == ""
    assert dropped is not None and (dropped.x, dropped.y) == (12.0, 20.0)
    assert game.log[-1].kind == "blueprints-dropped"


# -- Phoenix's Fireball, Instant (L818) --------------------------------------------------------

PHOENIX: dict[str, Any] = {
    "name": "The Red Bird",
    "club": "Triad of Lotus Dragon",
    "heroes": [{"named": "Phoenix"}],
    "henchmen": [],
}
"""Phoenix (2H1: F6, G3, the Fireball S4 12", Instant and Fire) alone as club 2."""


def phoenix_in_melee(*dice: str | int) -> WolsungGame:
    """Phoenix activating in base contact with the Butler 1M1, the Butler 1M2 6" east of her."""
    at = {"1M1": (10.0, 10.0), "2H1": (10.0, 10.0 + SMALL), "1M2": (16.0 + SMALL, 10.0 + SMALL)}
    game = on_table(*dice, at=at, clubs=["ash-and-oak", PHOENIX], hands=(HAND_1, ONE_HERO_HAND_2))
    activate(game, "1M1")
    game.apply("end 1M1")
    hand_over(game)
    activate(game, "2H1")
    return game


def test_l818_the_fireball_fires_free_as_a_fight_in_a_melee_ends() -> None:
    # Her Fight misses (1 success to the Parry's 2); then the Fireball: 2 to 0 on the Butler
    # 1M2, S4 and 2 critical hits.
    dice = ("fight", 5, 1, 1, 1, 1, 1, "fight", 5, 5, 1, 1, "guns", 5, 5, 1, "reflex", 1, 1, 1)
    game = phoenix_in_melee(*dice)
    game.apply("fight 2H1 1M1")
    game.apply("react 1M1 Parry")
    pass_deeds(game)
    assert game.decision is not None and game.decision.kind == "instant-shot"
    assert game.decision.prompt == (
        "Phoenix may fire Fireball as its Action ends (L818): choose a target or hold fire"
    )
    assert options(game) == [
        "shoot 2H1 fireball 1M1",
        "shoot 2H1 fireball 1M2",
        "hold-fire 2H1",
    ]
    mark = len(game.log)
    game.apply("shoot 2H1 fireball 1M2")
    game.apply("hold-nerves 1M2")
    pass_deeds(game)
    assert game.model("1M2").wounds == 3
    assert [line for line in lines(game, mark) if "dice:" in line or "Wounds" in line] == [
        'Phoenix (2H1) rolls 3 dice: +3 Guns (L97), +0 range 6" up to 12" (L107); '
        "Butler (1M2) rolls 3 dice: +3 Reflex (L101)  [L88]",
        "Butler (1M2) loses 6 Wounds "
        "(6 wounds: +4 Fireball S (L119), +2 critical hits (L121)), 3 left  [L119]",
    ]
    assert game.decision is not None
    assert game.decision.prompt == "Phoenix: Action 2, or end the activation"


def test_l818_the_other_club_sees_the_targets_of_the_fireball() -> None:
    game = phoenix_in_melee("fight", 5, 1, 1, 1, 1, 1, "fight", 5, 5, 1, 1)
    game.apply("fight 2H1 1M1")
    game.apply("react 1M1 Parry")
    pass_deeds(game)
    assert game.decision is not None and game.decision.kind == "instant-shot"
    # No card shows in a target: club 1's view keeps the choice as it stands.
    assert game.view(0).decision == game.decision


def test_l818_l122_the_fireball_at_the_enemy_phoenix_touches_is_no_shot_at_herself() -> None:
    # L122 rolls the Reflex of every model touching the target: never the shooter's own, so
    # the Fireball at the Butler she fights is a plain shot at him.
    dice = ("fight", 5, 1, 1, 1, 1, 1, "fight", 5, 5, 1, 1, "guns", 5, 5, 1, "reflex", 1, 1, 1)
    game = phoenix_in_melee(*dice)
    game.apply("fight 2H1 1M1")
    game.apply("react 1M1 Parry")
    pass_deeds(game)
    mark, hers = len(game.log), game.model("2H1").wounds
    game.apply("shoot 2H1 fireball 1M1")
    game.apply("hold-nerves 1M1")
    pass_deeds(game)
    assert game.model("1M1").wounds == 3 and game.model("2H1").wounds == hers
    assert [line for line in lines(game, mark) if "dice:" in line] == [
        'Phoenix (2H1) rolls 3 dice: +3 Guns (L97), +0 range 0" up to 12" (L107); '
        "Butler (1M1) rolls 3 dice: +3 Reflex (L101)  [L88]",
    ]


def test_l818_phoenix_may_hold_the_fireball_and_no_shoot_action_takes_it_in_a_melee() -> None:
    game = phoenix_in_melee("fight", 5, 1, 1, 1, 1, 1, "fight", 5, 5, 1, 1)
    refused(game, "shoot 2H1 fireball 1M2", r"in melee and may only Move or Fight \(L126\)")
    game.apply("fight 2H1 1M1")
    game.apply("react 1M1 Parry")
    pass_deeds(game)
    mark = len(game.log)
    game.apply("hold-fire 2H1")
    assert lines(game, mark) == []
    assert game.decision is not None
    assert game.decision.prompt == "Phoenix: Action 2, or end the activation"


def test_l111_no_fireball_after_the_action_that_stands_phoenix_up() -> None:
    game = on_table(
        at={"2H1": (10.0, 10.0), "1M2": (16.0 + SMALL, 10.0)},
        clubs=["ash-and-oak", PHOENIX],
        hands=(HAND_1, ONE_HERO_HAND_2),
    )
    game.model("2H1").toppled = True
    activate(game, "1M2")
    game.apply("end 1M2")
    hand_over(game)
    activate(game, "2H1")
    game.apply("stand-up 2H1")
    assert game.decision is not None
    assert game.decision.prompt == "Phoenix: Action 2, or end the activation"
