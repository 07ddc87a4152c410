"""Golden tests of Heroic Move and Fast shot in play: the offer as a Hero's activation begins,
the card of its suit and the rules that waive it, the climb and the jump (L79, L213-L215,
L416, L417, L546, L572, L664), and the shots of a Fast shot weapon, with Quick (L228, L230;
rules notes §1.5, §1.9, §1.10, §4.3; golden tests X9, X10, G22, G45). Dice are scripted by
purpose and hands stacked, and each test checks the exact outcome: the offers, where models
end, the pools and the log lines with the rules they cite. A refused action leaves the game
exactly as it was."""

from __future__ import annotations

import math
from typing import Any

import pytest
from tests.rulesets.wolsung.table_game import (
    HAND_1,
    HAND_2,
    SMALL,
    SMALL_LARGE,
    activate,
    lines,
    on_table,
    options,
    pass_deeds,
    refused,
)

from skirmish.geometry.board import Board
from skirmish.geometry.shapes import CONTACT
from skirmish.rulesets.wolsung.cards.hand import hand_pile
from skirmish.rulesets.wolsung.game.heroic_move import jump_error
from skirmish.rulesets.wolsung.game.space import gap
from skirmish.rulesets.wolsung.game.state import WolsungGame
from skirmish.rulesets.wolsung.game.templates import FIRE, FIRE_RADIUS, lay

R = SMALL / 2
"""The radius of a 30 mm base."""
EDGE = 0.02
"""How far inside a roof's edge, or outside a wall, a Heroic climb sets the base: in contact."""

ROOFS: dict[str, Any] = Board.from_dict(
    {
        "name": "Rooftops",
        "width": 36.0,
        "height": 36.0,
        "terrain": [
            {
                "id": "house",
                "name": "House",
                "kind": "climbable",
                "height": 3.0,
                "polygon": [[4.0, 4.0], [10.0, 4.0], [10.0, 10.0], [4.0, 10.0]],
            },
            {
                "id": "shed",
                "name": "Shed",
                "kind": "climbable",
                "height": 4.5,
                "polygon": [[13.0, 4.0], [17.0, 4.0], [17.0, 10.0], [13.0, 10.0]],
            },
            {
                "id": "tower",
                "name": "Tower",
                "kind": "climbable",
                "height": 6.0,
                "polygon": [[10.0, 12.0], [14.0, 12.0], [14.0, 16.0], [10.0, 16.0]],
            },
            {
                "id": "mansion",
                "name": "Mansion",
                "kind": "climbable",
                "height": 8.0,
                "polygon": [[24.0, 4.0], [30.0, 4.0], [30.0, 10.0], [24.0, 10.0]],
            },
            {
                "id": "wall",
                "name": "Garden wall",
                "kind": "impassable",
                "height": 1.5,
                "polygon": [[2.0, 22.0], [10.0, 22.0], [10.0, 22.2], [2.0, 22.2]],
            },
            {
                "id": "fence",
                "name": "Iron fence",
                "kind": "impassable",
                "height": 3.0,
                "polygon": [[14.0, 22.0], [20.0, 22.0], [20.0, 22.2], [14.0, 22.2]],
            },
            {
                "id": "rubble",
                "name": "Rubble",
                "kind": "rough",
                "height": 2.0,
                "polygon": [[24.0, 18.0], [28.0, 18.0], [28.0, 24.0], [24.0, 24.0]],
            },
        ],
    }
).to_dict()
"""Roofs a Hero climbs and jumps between: a 3" house with a 4.5" shed 3" across the gap, a
6" tower and an 8" mansion (L80); a 1.5" garden wall and a 3" iron fence no Move crosses
(L79); 2" rubble, rough ground (L78)."""

SPADES = ("5S", "6S", "5H", "2C", "3C", "7C")
"""Club 1's hand with two Spades, the suit of Sir Lance Oakroot and Bertram Flux."""
DIAMONDS = ("5D", "6D", "5H", "2C", "3C", "7C")
"""Club 1's hand with two Diamonds, Thorvald Nielsgaard's and a War hero's suit."""
BLACK_2 = ("2S", "3S", "4S", "5S", "6S", "7S")
"""Club 2's hand when club 1 holds Diamonds."""

FAR = (30.0, 32.0)
"""Where the one enemy on the table waits, out of everyone's way."""

WORKSHOP: dict[str, Any] = {
    "name": "The Flying Workshop",
    "club": "Inventors",
    "heroes": [
        {"named": "Thomas Rockheart Jr."},
        {"named": "Snorri Rottstein"},
        {"named": "Thorvald Nielsgaard"},
    ],
    "henchmen": [],
}
"""An Inventors club of Heroes whose gear waives the card of a Heroic Move: Thomas Rockheart
Jr.'s Magneton Boots (1H1, Hearts, L572) and Snorri Rottstein's Golemic Flea (1H2, Spades,
L664); Thorvald Nielsgaard (1H3) has neither."""

VETERANS: dict[str, Any] = {
    "name": "The Old Campaigners",
    "club": "Ash and Oak",
    "heroes": [
        {"name": "Colonel Hardcastle", "race": "Human", "profession": "War hero"},
        {"name": "Miss Wanderwell", "race": "Human", "profession": "Famous Explorer"},
        {"named": "Sir Lance Oakroot"},
    ],
    "henchmen": [{"henchman": "Butler"}],
}
"""An Ash and Oak club with a War hero (1H1, Diamonds, L416) and a Famous Explorer (1H2,
Clubs, L417), both Human (M5); Sir Lance Oakroot is 1H3, a Butler 1M1."""

MARY: dict[str, Any] = {
    "name": "Fearless Company",
    "club": "Ash and Oak",
    "heroes": [
        {"named": "Mary Fearless"},
        {"named": "Sir Lance Oakroot"},
        {"named": "Lady Ellendeanne"},
    ],
    "henchmen": [],
}
"""An Ash and Oak club with Mary Fearless (1H1, G4) and her Colt Navy (Quick, Fast shot [2],
L509)."""


def hero_at(
    model_id: str,
    x: float,
    y: float,
    level: str | None = None,
    *,
    hands: tuple[tuple[str, ...], tuple[str, ...]] = (SPADES, HAND_2),
    clubs: list[str | dict[str, Any]] | None = None,
) -> WolsungGame:
    """``model_id`` of club 1 activating at ``x, y`` on ``level`` of :data:`ROOFS`, the one
    enemy far away; the Heroic Move not yet answered."""
    game = on_table(at={model_id: (x, y), "2M1": FAR}, board=ROOFS, hands=hands, clubs=clubs)
    game.model(model_id).level = level
    game.apply(f"activate {model_id}")
    return game


def heroic(
    model_id: str,
    x: float,
    y: float,
    level: str | None = None,
    card: str = "5S",
    **more: Any,
) -> WolsungGame:
    """:func:`hero_at`, the Heroic Move paid with ``card``."""
    game = hero_at(model_id, x, y, level, **more)
    game.apply(f"heroic-move {model_id} {card}")
    return game


# -- the offer (L213, L416, L417, L546, L572, L664) --------------------------------------------


def test_l213_heroic_move_offered_as_a_heros_activation_begins_for_a_card_of_its_suit() -> None:
    game = hero_at("1H1", 20.0, 20.0)
    # Sir Lance is a Spades Hero: only his Spades may pay (L207, L213).
    assert game.decision is not None and game.decision.kind == "heroic-move"
    assert game.decision.prompt == (
        "Sir Lance Oakroot: a Heroic Move this activation, climbing and jumping? (L213)"
    )
    assert options(game) == ["heroic-move 1H1 6S", "heroic-move 1H1 5S", "no-heroic-move"]
    mark = len(game.log)
    game.apply("heroic-move 1H1 5S")
    assert "5S" in [c.text for c in game.pile("discards").cards]
    assert "5S" not in [c.text for c in game.pile(hand_pile(0)).cards]
    assert lines(game, mark) == [
        "Discard 5S from Club 1's hand to discards  [L213]",
        "Sir Lance Oakroot (1H1) makes a Heroic Move this activation  [L213]",
    ]
    # It takes no Action: both are still to come, and the jump is one of them.
    assert game.decision is not None
    assert game.decision.prompt == "Sir Lance Oakroot: Action 1, or end the activation"
    assert [p.kind for p in game.decision.points] == ["move", "jump"]


def test_l213_a_card_of_another_suit_refused_for_a_heroic_move() -> None:
    game = hero_at("1H1", 20.0, 20.0)
    suit = r"it takes a card of the Hero's suit, Spades \(L213\)"
    refused(game, "heroic-move 1H1 5H", rf"5H cannot pay for Heroic Move: {suit}")
    refused(game, "heroic-move 1H1 7C", rf"7C cannot pay for Heroic Move: {suit}")


def test_l213_no_card_of_its_suit_no_heroic_move() -> None:
    # Club 1 holds Clubs only: Sir Lance has nothing to pay with. He is asked all the same, as
    # a Hero whose hand holds cards, so that the other player learns nothing of them; he may
    # only decline.
    game = hero_at("1H1", 20.0, 20.0, hands=(HAND_1, HAND_2))
    assert game.decision is not None and game.decision.kind == "heroic-move"
    assert options(game) == ["no-heroic-move"]
    refused(game, "heroic-move 1H1 7C", r"7C cannot pay for Heroic Move: .* Spades \(L213\)")
    game.apply("no-heroic-move")
    assert game.decision is not None and game.decision.kind == "action"
    assert game.decision.prompt == "Sir Lance Oakroot: Action 1, or end the activation"
    assert [p.kind for p in game.decision.points] == ["move"]


def test_l213_a_henchman_is_never_offered_a_heroic_move() -> None:
    game = hero_at("1M1", 20.0, 20.0)
    assert game.decision is not None and game.decision.kind == "action"
    assert game.decision.prompt == "Butler: Action 1, or end the activation"
    refused(game, "heroic-move 1M1 5S", r"Butler is no Hero: no Heroic Move \(L204\)")


def test_l213_without_a_heroic_move_no_climb_and_no_jump() -> None:
    # Sir Lance touches the house, and may not climb it or jump without the card (L79).
    game = hero_at("1H1", 4.0 - R, 7.0)
    game.apply("no-heroic-move")
    assert options(game) == ["charge 1H1 2M1", "end 1H1"]
    refused(game, "heroic-climb 1H1 house", r"not an option")
    refused(game, "jump 1H1 4,14", r"not an option")


def test_l417_a_famous_explorer_makes_a_heroic_move_without_a_card() -> None:
    game = hero_at("1H2", 20.0, 20.0, hands=(HAND_1, HAND_2), clubs=[VETERANS, "inventors"])
    assert options(game) == ["heroic-move 1H2", "no-heroic-move"]
    game.apply("heroic-move 1H2")
    # No card was spent on it.
    assert len(game.pile(hand_pile(0)).cards) == 6
    assert lines(game)[-1] == "Miss Wanderwell (1H2) makes a Heroic Move this activation  [L213]"


def test_l572_magneton_boots_make_a_heroic_move_without_a_card() -> None:
    game = hero_at("1H1", 20.0, 20.0, hands=(HAND_1, HAND_2), clubs=[WORKSHOP, "ash-and-oak"])
    assert options(game) == ["heroic-move 1H1", "no-heroic-move"]


def test_l664_flea_jump_makes_a_heroic_move_without_a_card() -> None:
    game = hero_at("1H2", 20.0, 20.0, hands=(HAND_1, HAND_2), clubs=[WORKSHOP, "ash-and-oak"])
    assert options(game) == ["heroic-move 1H2", "no-heroic-move"]


def test_l664_a_hero_without_the_gear_pays_its_card() -> None:
    # Thorvald, beside them, holds no Diamond: no Heroic Move for him, only the offer to
    # decline, as a Hero whose hand holds cards.
    game = hero_at("1H3", 20.0, 20.0, hands=(HAND_1, HAND_2), clubs=[WORKSHOP, "ash-and-oak"])
    assert game.decision is not None and game.decision.kind == "heroic-move"
    assert options(game) == ["no-heroic-move"]
    refused(game, "heroic-move 1H3", r"not an option")
    refused(game, "heroic-move 1H3 5C", r"5C cannot pay for Heroic Move: .* Diamonds \(L213\)")


def test_l416_a_war_hero_recovers_for_free_but_pays_for_a_heroic_move() -> None:
    game = on_table(
        at={"1H1": (20.0, 20.0), "2M1": FAR},
        hands=(DIAMONDS, BLACK_2),
        clubs=[VETERANS, "inventors"],
    )
    game.model("1H1").toppled = True
    game.apply("activate 1H1")
    # War hero waives the card of Heroic Recovery (L416), not that of Heroic Move (L213).
    assert options(game) == ["recover 1H1", "no-recovery"]
    game.apply("recover 1H1")
    assert options(game) == ["heroic-move 1H1 6D", "heroic-move 1H1 5D", "no-heroic-move"]


def test_l546_helping_hand_a_noble_near_a_butler_pays_with_any_card() -> None:
    # Sir Lance Oakroot, a Noble, stands 3" from a friendly Butler with Clubs only in hand.
    game = on_table(at={"1H1": (20.0, 20.0), "1M1": (23.0, 20.0), "2M1": FAR})
    game.apply("activate 1H1")
    assert options(game) == [
        "heroic-move 1H1 7C",
        "heroic-move 1H1 6C",
        "heroic-move 1H1 5C",
        "heroic-move 1H1 4C",
        "heroic-move 1H1 3C",
        "heroic-move 1H1 2C",
        "no-heroic-move",
    ]
    mark = len(game.log)
    game.apply("heroic-move 1H1 7C")
    assert lines(game, mark) == [
        "Discard 7C from Club 1's hand to discards  [L213, L546]",
        "Sir Lance Oakroot (1H1) makes a Heroic Move this activation  [L213, L546]",
    ]


def test_l546_helping_hand_reaches_a_butler_6_inches_away() -> None:
    # Exactly 6" edge to edge, which the measure makes a hair more: within 6" all the same.
    game = on_table(at={"1H1": (20.0, 20.0), "1M1": (20.0 + 6.0 + SMALL, 20.0), "2M1": FAR})
    assert gap(game, game.model("1H1"), game.model("1M1")) > 6.0
    game.apply("activate 1H1")
    assert "heroic-move 1H1 7C" in options(game)


def test_l546_no_helping_hand_beyond_6_inches_of_the_butler() -> None:
    # The Butler stands more than 6" from Sir Lance, edge to edge: his Spades alone would pay.
    game = on_table(at={"1H1": (20.0, 20.0), "1M1": (20.0 + 6.1 + SMALL, 20.0), "2M1": FAR})
    game.apply("activate 1H1")
    assert options(game) == ["no-heroic-move"]
    refused(game, "heroic-move 1H1 7C", r"7C cannot pay for Heroic Move: .* Spades \(L213\)")


# -- climb (L214) ------------------------------------------------------------------------------


def test_x9_climb_up_a_piece_the_hero_touches_onto_its_edge_nearest_the_start() -> None:
    # Sir Lance's base touches the house's west wall.
    game = heroic("1H1", 4.0 - R, 7.0)
    assert options(game) == ["heroic-climb 1H1 house", "charge 1H1 2M1", "end 1H1"]
    mark = len(game.log)
    game.apply("heroic-climb 1H1 house")
    oakroot = game.model("1H1")
    # Straight up 3", onto the roof in base contact with its edge, level with where he stood.
    assert oakroot.pos == pytest.approx((4.0 + R + EDGE, 7.0))
    assert oakroot.level == "house"
    assert lines(game, mark) == ["Sir Lance Oakroot (1H1) climbs onto House  [L214]"]
    # The climb was a Move Action (L214).
    assert game.decision is not None
    assert game.decision.prompt == "Sir Lance Oakroot: Action 2, or end the activation"


def test_l214_a_climb_as_high_as_m_allowed() -> None:
    # The tower is 6" high: Sir Lance's M.
    game = heroic("1H1", 12.0, 16.0 + R)
    game.apply("heroic-climb 1H1 tower")
    oakroot = game.model("1H1")
    assert oakroot.pos == pytest.approx((12.0, 16.0 - R - EDGE))
    assert oakroot.level == "tower"


def test_l214_a_climb_higher_than_m_refused() -> None:
    # Thorvald's M is 5: the 6" tower Sir Lance climbs above is too high for him.
    game = heroic(
        "1H1",
        12.0,
        16.0 + R,
        card="5D",
        hands=(DIAMONDS, BLACK_2),
        clubs=["inventors", "ash-and-oak"],
    )
    assert not [o for o in options(game) if o.startswith("heroic-climb")]
    refused(game, "heroic-climb 1H1 tower", r"not an option")


def test_l214_a_climb_of_8_inches_refused_to_m_6() -> None:
    game = heroic("1H1", 27.0, 10.0 + R)
    assert options(game) == ["charge 1H1 2M1", "end 1H1"]
    refused(game, "heroic-climb 1H1 mansion", r"not an option")


def test_l214_climb_down_any_distance() -> None:
    # On the 8" mansion's roof, more than Sir Lance's M above the street.
    game = heroic("1H1", 27.0, 10.0 - R - EDGE, "mansion")
    assert options(game) == ["heroic-climb 1H1 ground", "charge 1H1 2M1", "end 1H1"]
    mark = len(game.log)
    game.apply("heroic-climb 1H1 ground")
    oakroot = game.model("1H1")
    # Down the nearest wall, in base contact with it.
    assert oakroot.pos == pytest.approx((27.0, 10.0 + R + EDGE))
    assert oakroot.level is None
    assert lines(game, mark) == ["Sir Lance Oakroot (1H1) climbs down to the ground  [L214]"]


def test_l214_no_climb_down_from_the_middle_of_a_roof() -> None:
    # In the middle of the mansion's roof Sir Lance touches no edge to climb down from: the
    # climb is straight down, as the climb up is straight up from beside the wall.
    game = heroic("1H1", 27.0, 7.0, "mansion")
    assert options(game) == ["charge 1H1 2M1", "end 1H1"]
    refused(game, "heroic-climb 1H1 ground", r"not an option")


def test_l214_a_climb_down_lands_only_lower_never_on_a_taller_roof_beside_it() -> None:
    # A 10" spire stands against the house's east wall, where Sir Lance (M6) stands on the
    # roof: down that wall he would land on the spire's top, 7" up. He climbs down round the
    # corner instead, the nearest spot of the edge with the street below it.
    spire = {
        "id": "spire",
        "name": "Spire",
        "kind": "climbable",
        "height": 10.0,
        "polygon": [[10.0, 4.0], [12.0, 4.0], [12.0, 10.0], [10.0, 10.0]],
    }
    board = {**ROOFS, "terrain": [*ROOFS["terrain"], spire]}
    game = on_table(
        at={"1H1": (10.0 - R - EDGE, 7.0), "2M1": FAR}, board=board, hands=(SPADES, HAND_2)
    )
    game.model("1H1").level = "house"
    game.apply("activate 1H1")
    game.apply("heroic-move 1H1 5S")
    assert options(game) == ["heroic-climb 1H1 ground", "charge 1H1 2M1", "end 1H1"]
    refused(game, "heroic-climb 1H1 spire", r"not an option")
    game.apply("heroic-climb 1H1 ground")
    oakroot = game.model("1H1")
    # Beside the spire's wall, to a spot of the edge tried (0.05" apart).
    assert oakroot.x == pytest.approx(10.0 - R - EDGE, abs=0.05)
    assert oakroot.y == pytest.approx(10.0 + R + EDGE)
    assert oakroot.level is None


def test_l214_a_climb_up_lands_at_the_nearest_spot_of_the_edge_with_room() -> None:
    # A friend stands on the house's roof where Sir Lance's base would go (L214: "there must be
    # space to place the model"): he climbs onto the spot of the edge nearest his start where
    # his base fits, touching the friend's, to the north or the south, both as near.
    at = {"1H1": (4.0 - R, 7.0), "1H2": (4.0 + R + EDGE, 7.0), "2M1": FAR}
    game = on_table(at=at, board=ROOFS, hands=(SPADES, HAND_2))
    game.model("1H2").level = "house"
    game.apply("activate 1H1")
    game.apply("heroic-move 1H1 5S")
    assert options(game) == ["heroic-climb 1H1 house", "charge 1H1 2M1", "end 1H1"]
    game.apply("heroic-climb 1H1 house")
    oakroot = game.model("1H1")
    assert oakroot.level == "house"
    assert oakroot.x == pytest.approx(4.0 + R + EDGE)
    assert abs(oakroot.y - 7.0) == pytest.approx(SMALL, abs=0.01)


def _kiosk(*dice: str | int) -> WolsungGame:
    """Sir Lance Oakroot (1H1) against the west wall of a 3" kiosk whose roof is 2" square,
    the Heroic Move paid, the Security Golem (2M1, 40 mm) in the middle of that roof."""
    kiosk = {
        "id": "kiosk",
        "name": "Kiosk",
        "kind": "climbable",
        "height": 3.0,
        "polygon": [[19.0, 4.0], [21.0, 4.0], [21.0, 6.0], [19.0, 6.0]],
    }
    board = {**ROOFS, "terrain": [*ROOFS["terrain"], kiosk]}
    at = {"1H1": (19.0 - R, 5.0), "2M1": (20.0, 5.0)}
    game = on_table(*dice, at=at, board=board, hands=(SPADES, HAND_2))
    game.model("2M1").level = "kiosk"
    game.apply("activate 1H1")
    game.apply("heroic-move 1H1 5S")
    return game


def test_l214_no_room_along_the_edge_no_climb() -> None:
    # The kiosk's roof has no spot for Sir Lance's base out of contact with the enemy on it.
    game = _kiosk()
    assert options(game) == ["charge 1H1 2M1", "end 1H1"]
    refused(game, "heroic-climb 1H1 kiosk", r"not an option")


# -- jump (L215) -------------------------------------------------------------------------------


def test_x10_jump_across_the_gap_between_roofs() -> None:
    # From the 3" house to the 4.5" shed, 3" across the street: 1.5" higher (L215).
    game = heroic("1H1", 9.0, 7.0, "house")
    mark = len(game.log)
    game.apply("jump 1H1 14,7")
    oakroot = game.model("1H1")
    assert (oakroot.pos, oakroot.level) == ((14.0, 7.0), "shed")
    assert lines(game, mark) == ['Sir Lance Oakroot (1H1) jumps 5" to 14,7  [L215]']
    assert game.decision is not None
    assert game.decision.prompt == "Sir Lance Oakroot: Action 2, or end the activation"


def test_x10_a_jump_landing_more_than_2_inches_higher_refused() -> None:
    # From the 3" house onto the 6" tower: 3" higher.
    game = heroic("1H1", 9.0, 9.0, "house")
    refused(
        game, "jump 1H1 11,13", r'a jump may not land more than 2" higher than it began \(L215\)'
    )
    # From the street onto the 3" house, likewise.
    game = heroic("1H1", 7.0, 12.0)
    refused(game, "jump 1H1 7,8", r'a jump may not land more than 2" higher than it began')


def test_l215_a_jump_goes_no_farther_than_m() -> None:
    game = heroic("1H1", 9.0, 7.0, "house")
    refused(game, "jump 1H1 16,7", r'a jump goes 6" at most, not 7" \(L215\)')


def test_l215_a_jump_clears_terrain_up_to_2_inches_high() -> None:
    # The 1.5" garden wall is impassable to a Move (L79); a jump goes over it.
    game = heroic("1H1", 6.0, 20.0)
    refused(game, "move 1H1 6,24", r"no path")
    game.apply("jump 1H1 6,24")
    oakroot = game.model("1H1")
    assert (oakroot.pos, oakroot.level) == ((6.0, 24.0), None)


def test_l215_a_jump_over_a_piece_more_than_2_inches_high_refused() -> None:
    game = heroic("1H1", 17.0, 20.0)
    refused(game, "jump 1H1 17,24", r'Iron fence is more than 2" above the jump \(L215\)')


def test_l73_a_jump_passes_through_no_model() -> None:
    # The Security Golem stands on the street between Sir Lance and where he would land.
    game = on_table(
        at={"1H1": (20.0, 28.0), "2M1": (23.0, 28.0)}, board=ROOFS, hands=(SPADES, HAND_2)
    )
    game.apply("activate 1H1")
    game.apply("heroic-move 1H1 5S")
    refused(
        game,
        "jump 1H1 26,28",
        r"Security Golem is in the way: a jump passes through no model \(L73\)",
    )
    game.apply("jump 1H1 24,24")
    assert game.model("1H1").pos == (24.0, 24.0)


def test_l73_a_charges_jump_passes_not_through_its_target() -> None:
    # A landing beyond the Security Golem, in contact with its far side: the way crosses it.
    game = on_table(
        at={"1H1": (20.0, 28.0), "2M1": (23.0, 28.0)}, board=ROOFS, hands=(SPADES, HAND_2)
    )
    oakroot, golem = game.model("1H1"), game.model("2M1")
    beyond = (23.0 + oakroot.radius + golem.radius + 0.01, 28.0)
    assert jump_error(game, oakroot, beyond, "2M1") == (
        "Security Golem is in the way: a jump passes through no model (L73)"
    )


def test_l73_a_jump_between_roofs_passes_over_a_model_in_the_street() -> None:
    game = on_table(at={"1H1": (9.0, 7.0), "2M1": (11.5, 7.0)}, board=ROOFS, hands=(SPADES, HAND_2))
    game.model("1H1").level = "house"
    game.apply("activate 1H1")
    game.apply("heroic-move 1H1 5S")
    game.apply("jump 1H1 14,7")
    oakroot = game.model("1H1")
    assert (oakroot.pos, oakroot.level) == ((14.0, 7.0), "shed")


def test_l575_a_jump_across_a_fire_template_burns() -> None:
    # A Fire Template laid this turn on the street, 3" across: Sir Lance jumps from 0.91" west
    # of its rim to 0.91" east of it, through it: one S1 Fire hit, a Wound to him.
    game = heroic("1H1", 20.0, 28.0)
    lay(game, FIRE, (23.0, 28.0), FIRE_RADIUS, None, 1, "L575")
    mark = len(game.log)
    game.apply("jump 1H1 26,28")
    assert lines(game, mark) == [
        'Sir Lance Oakroot (1H1) jumps 6" to 26,28  [L215]',
        "Sir Lance Oakroot (1H1) moves through Fire Template F1: an S1 Fire hit  [L575]",
        "Sir Lance Oakroot (1H1) loses 1 Wounds (1 wounds: +1 Fire Template S1 (L575)), 8 left"
        "  [L575]",
    ]
    assert game.model("1H1").wounds == 8


def test_l215_a_jump_down_from_a_roof_any_height() -> None:
    # From the 6" tower down to the street beside it.
    game = heroic("1H1", 13.0, 14.0, "tower")
    game.apply("jump 1H1 17,14")
    oakroot = game.model("1H1")
    assert (oakroot.pos, oakroot.level) == ((17.0, 14.0), None)


def test_g45_a_jump_ignores_rough_ground() -> None:
    # Thorvald (M5) beside 4" of 2" rubble: a Move across it costs double (L78), a jump does not.
    game = heroic(
        "1H1",
        23.3,
        21.0,
        card="5D",
        hands=(DIAMONDS, BLACK_2),
        clubs=["inventors", "ash-and-oak"],
    )
    refused(game, "move 1H1 28.3,21", r"no path within 5\"")
    mark = len(game.log)
    game.apply("jump 1H1 28.3,21")
    assert game.model("1H1").pos == (28.3, 21.0)
    assert lines(game, mark) == ['Thorvald Nielsgaard (1H1) jumps 5" to 28.3,21  [L215]']


def test_l213_the_heroic_move_lasts_until_the_activation_ends() -> None:
    # Up the house with the first Action, across to the shed with the second.
    game = heroic("1H1", 10.0 + R, 7.0)
    game.apply("heroic-climb 1H1 house")
    game.apply("jump 1H1 14,7")
    oakroot = game.model("1H1")
    assert (oakroot.pos, oakroot.level) == ((14.0, 7.0), "shed")


# -- Charge (L127, L149-L154) ------------------------------------------------------------------


def _charging_hero(target: tuple[float, float]) -> WolsungGame:
    """Colonel Hardcastle (1H1, F3) on the house's roof near its east edge, the Heroic Move
    paid, and the Lab Assistant (2M4) on the ground at ``target``."""
    dice = ("fight", 5, 1, 4, 1, "fight", 3, 2)
    game = on_table(
        *dice,
        at={"1H1": (9.4, 7.0), "2M4": target},
        board=ROOFS,
        hands=(DIAMONDS, BLACK_2),
        clubs=[VETERANS, "inventors"],
    )
    game.model("1H1").level = "house"
    game.apply("activate 1H1")
    game.apply("heroic-move 1H1 5D")
    return game


def test_l214_a_heroic_charge_climbs_down_to_its_target_begun_3_inches_above() -> None:
    # The Lab Assistant stands at the foot of the house's east wall, where a climb down lands.
    game = _charging_hero((10.0 + R + EDGE + SMALL, 7.0))
    mark = len(game.log)
    game.apply("charge 1H1 2M4")
    game.apply("attack 1H1 2M4")
    game.apply("react 2M4 Fence")
    game.apply("keep 1H1")  # no Beginner's Luck (L222)
    pass_deeds(game)
    colonel = game.model("1H1")
    assert colonel.pos == pytest.approx((10.0 + R + EDGE, 7.0))
    assert colonel.level is None
    assert lines(game, mark)[:4] == [
        "Colonel Hardcastle (1H1) climbs down to the ground  [L214]",
        "Colonel Hardcastle (1H1) charges into base contact with Lab Assistant (2M4)  [L127]",
        "Lab Assistant (2M4) reacts: Fence  [L131]",
        "Colonel Hardcastle (1H1) rolls 4 dice: +3 Fight (L134), "
        '+1 Charge begun 3" above the target (L154); '
        "Lab Assistant (2M4) rolls 2 dice: +2 Fight (L134)  [L128]",
    ]
    # 2 successes to none: S3 and 2 critical hits.
    assert game.model("2M4").wounds == 4


def _golem_on_the_house(*dice: str | int, at: dict[str, tuple[float, float]]) -> WolsungGame:
    """Sir Lance Oakroot (1H1) against the house's west wall, the Heroic Move paid, the
    Security Golem (2M1, 40 mm) on the house's roof and the models of ``at`` where they
    stand, those of ``at`` on the roof too."""
    game = on_table(*dice, at={"1H1": (4.0 - R, 7.0), **at}, board=ROOFS, hands=(SPADES, HAND_2))
    for model_id in at:
        game.model(model_id).level = "house"
    game.apply("activate 1H1")
    game.apply("heroic-move 1H1 5S")
    return game


def test_l127_a_heroic_charge_climbs_past_a_friend_to_the_spot_touching_its_target() -> None:
    # A friend stands where a climb up would land nearest, a little south of it: the climb
    # lands just north of the friend, the nearest spot of the edge with room, where the
    # Security Golem stands in base contact to the east.
    x, y = 4.0 + R + EDGE, 6.9 + SMALL
    golem = (x + SMALL_LARGE + CONTACT / 2, y)
    game = _golem_on_the_house(at={"1H2": (x, 6.9), "2M1": golem})
    mark = len(game.log)
    game.apply("charge 1H1 2M1")
    oakroot = game.model("1H1")
    assert oakroot.level == "house"
    assert oakroot.pos == pytest.approx((x, y))
    assert lines(game, mark) == [
        "Sir Lance Oakroot (1H1) climbs onto House  [L214]",
        "Sir Lance Oakroot (1H1) charges into base contact with Security Golem (2M1)  [L127]",
    ]


def _golem_along_the_wall(at: dict[str, tuple[float, float]]) -> WolsungGame:
    """Sir Lance Oakroot (1H1) against the west side of a 3" wall 4" wide and 20" long, 1"
    from its south end, the Heroic Move paid; the Security Golem (2M1) on the wall 18" north
    of him, and the models of ``at`` on the wall too."""
    wall = {
        "id": "wall",
        "name": "Long wall",
        "kind": "climbable",
        "height": 3.0,
        "polygon": [[20.0, 8.0], [24.0, 8.0], [24.0, 28.0], [20.0, 28.0]],
    }
    board = {**ROOFS, "name": "Long wall", "terrain": [wall]}
    on_wall = {"2M1": (22.0, 27.0), **at}
    game = on_table(at={"1H1": (20.0 - R, 9.0), **on_wall}, board=board, hands=(SPADES, HAND_2))
    for model_id in on_wall:
        game.model(model_id).level = "wall"
    game.apply("activate 1H1")
    game.apply("heroic-move 1H1 5S")
    return game


def _fell_short_at_the_foot_of_the_wall(game: WolsungGame, mark: int) -> None:
    """Sir Lance's Charge went 6" north along the ground, short of the Golem, no attack."""
    oakroot = game.model("1H1")
    assert oakroot.pos == pytest.approx((20.0 - R, 15.0), abs=0.01)
    assert oakroot.level is None
    assert not game.state.links
    assert lines(game, mark) == [
        'Sir Lance Oakroot (1H1) moves 6" to 19.4,15  [L127]',
        "Sir Lance Oakroot (1H1)'s charge ends 11.31\" short of Security Golem (2M1): "
        "no attack  [§7 item 33]",
    ]


def test_l214_a_heroic_charge_climbs_only_where_a_climb_lands_else_it_ends_short() -> None:
    # A climb lands at the spot of the wall's edge nearest Sir Lance, far from the Security
    # Golem: no climb reaches it, so his Charge ends short (L127, §7 item 33).
    game = _golem_along_the_wall(at={})
    mark = len(game.log)
    game.apply("charge 1H1 2M1")
    _fell_short_at_the_foot_of_the_wall(game, mark)


def test_l150_a_heroic_charge_held_below_only_where_a_climb_would_land() -> None:
    # Two more enemies take every spot of the edge in contact with the Security Golem, 18"
    # away; the spot a climb lands at has room: no enemy blocks the level there (L150).
    inner = (R + EDGE, 28.0 - R - EDGE)
    game = _golem_along_the_wall(
        at={"2M3": (20.0 + inner[0], inner[1]), "2M4": (24.0 - inner[0], inner[1])}
    )
    mark = len(game.log)
    game.apply("charge 1H1 2M1")
    _fell_short_at_the_foot_of_the_wall(game, mark)


def test_l214_a_heroic_charge_climbs_the_piece_whose_landing_is_nearest_its_start() -> None:
    # Sir Lance stands against the south walls of two 3" roofs that meet at x = 22, nearer
    # the house's corner than the terrace's. The Security Golem stands on the terrace where
    # the two meet, in base contact with both landings: he climbs onto the nearer, the house.
    terrace = {
        "id": "terrace",
        "name": "Terrace",
        "kind": "climbable",
        "height": 3.0,
        "polygon": [[22.0, 28.0], [26.0, 28.0], [26.0, 32.0], [22.0, 32.0]],
    }
    house = {**terrace, "id": "house", "name": "House"}
    house["polygon"] = [[18.0, 28.0], [22.0, 28.0], [22.0, 32.0], [18.0, 32.0]]
    board = {**ROOFS, "terrain": [terrace, house]}
    inset = 28.0 + R + EDGE
    rise = math.sqrt((SMALL_LARGE + CONTACT / 2) ** 2 - (R + EDGE) ** 2)
    at = {"1H1": (21.9, 28.0 - R), "2M1": (22.0, inset + rise)}
    game = on_table(at=at, board=board, hands=(SPADES, HAND_2))
    game.model("2M1").level = "terrace"
    game.apply("activate 1H1")
    game.apply("heroic-move 1H1 5S")
    assert options(game) == [
        "heroic-climb 1H1 terrace",
        "heroic-climb 1H1 house",
        "charge 1H1 2M1",
        "end 1H1",
    ]
    mark = len(game.log)
    game.apply("charge 1H1 2M1")
    oakroot = game.model("1H1")
    assert oakroot.pos == pytest.approx((22.0 - R - EDGE, inset))
    assert oakroot.level == "house"
    assert lines(game, mark) == [
        "Sir Lance Oakroot (1H1) climbs onto House  [L214]",
        "Sir Lance Oakroot (1H1) charges into base contact with Security Golem (2M1)  [L127]",
    ]


def test_l150_a_heroic_charge_climbs_beside_a_target_on_its_landing_spot_not_held_below() -> None:
    # The Security Golem stands on the roof where the climb would land: along the edge there
    # is room in contact with it, so no enemy takes all the room (L150). Sir Lance climbs up
    # beside it, and the Golem, level with him, gains no +1F for standing higher (L153).
    golem = (4.0 + SMALL_LARGE - R + EDGE, 7.0)
    game = _golem_on_the_house("fight", 5, 4, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, at={"2M1": golem})
    mark = len(game.log)
    game.apply("charge 1H1 2M1")
    game.apply("attack 1H1 2M1")
    pass_deeds(game)
    oakroot = game.model("1H1")
    assert oakroot.level == "house"
    assert oakroot.x == pytest.approx(4.0 + R + EDGE)
    assert not game.state.links
    assert lines(game, mark)[:4] == [
        "Sir Lance Oakroot (1H1) climbs onto House  [L214]",
        "Sir Lance Oakroot (1H1) charges into base contact with Security Golem (2M1)  [L127]",
        "Security Golem (2M1) reacts: Parry  [L131]",
        "Sir Lance Oakroot (1H1) rolls 9 dice: +9 Fight (L134); "
        "Security Golem (2M1) rolls 5 dice: +3 Fight (L134), +2 Parry (L133)  [L128]",
    ]


def test_l150_a_heroic_charge_held_below_a_roof_its_target_leaves_no_room_on() -> None:
    # The Security Golem takes all the kiosk's roof: Sir Lance's charge stays at the foot of
    # the wall, the two counting as in base contact, the Golem 3" higher (L150, L153).
    game = _kiosk("fight", 5, 4, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)
    mark = len(game.log)
    game.apply("charge 1H1 2M1")
    game.apply("attack 1H1 2M1")
    pass_deeds(game)
    oakroot = game.model("1H1")
    assert (oakroot.pos, oakroot.level) == ((19.0 - R, 5.0), None)
    assert [(k.a, k.b) for k in game.state.links] == [("1H1", "2M1")]
    assert lines(game, mark)[:4] == [
        "Sir Lance Oakroot (1H1) charges Security Golem (2M1), whose level has no room for it: "
        "the two stand as close as they may and count as in base contact  [L150]",
        "Sir Lance Oakroot (1H1) charges into base contact with Security Golem (2M1)  [L127]",
        "Security Golem (2M1) reacts: Parry  [L131]",
        "Sir Lance Oakroot (1H1) rolls 9 dice: +9 Fight (L134); Security Golem (2M1) rolls 6 "
        'dice: +3 Fight (L134), +2 Parry (L133), +1 3" higher than its opponent (L153)  [L128]',
    ]


def test_l215_a_heroic_charge_jumps_to_its_target() -> None:
    # 2" from the wall, the Lab Assistant is out of a climb's reach: the Colonel jumps down to
    # the nearest spot in contact with it (L215).
    game = _charging_hero((12.5, 7.0))
    mark = len(game.log)
    game.apply("charge 1H1 2M4")
    game.apply("attack 1H1 2M4")
    game.apply("react 2M4 Fence")
    game.apply("keep 1H1")  # no Beginner's Luck (L222)
    pass_deeds(game)
    colonel = game.model("1H1")
    assert colonel.pos == pytest.approx((12.5 - SMALL - 0.005, 7.0))
    assert colonel.level is None
    assert lines(game, mark)[:2] == [
        'Colonel Hardcastle (1H1) jumps 1.91" to 11.31,7  [L215]',
        "Colonel Hardcastle (1H1) charges into base contact with Lab Assistant (2M4)  [L127]",
    ]
    assert game.model("2M4").wounds == 4


def test_l127_without_a_heroic_move_no_charge_down_the_wall() -> None:
    game = on_table(
        at={"1H1": (9.4, 7.0), "2M4": (12.5, 7.0)},
        board=ROOFS,
        hands=(DIAMONDS, BLACK_2),
        clubs=[VETERANS, "inventors"],
    )
    game.model("1H1").level = "house"
    activate(game, "1H1")
    game.apply("charge 1H1 2M4")
    assert game.model("1H1").level == "house"
    assert lines(game)[-1].endswith("short of Lab Assistant (2M4): no attack  [§7 item 33]")


# -- Fast shot [x] (L230) ----------------------------------------------------------------------


def test_l230_fast_shot_each_shot_at_a_target_of_its_own_the_later_at_minus_1() -> None:
    # The Triad's Shade fires its Repeater Crossbow, Fast shot [2], at the Lab Assistant, then
    # at the Clockwork Servant.
    dice = ("guns", 4, 4, 1, 1, "reflex", 1, 1, 1, "guns", 4, 1, 1, "reflex", 4, 1, 1, 1)
    game = on_table(
        *dice,
        at={"1M1": (2.0, 12.0), "2M4": (2.0 + 6.0 + SMALL, 12.0), "2M3": (2.0, 18.0 + SMALL)},
        clubs=["triad", "inventors"],
    )
    game.apply("activate 1M1")
    mark = len(game.log)
    game.apply("shoot 1M1 repeater_crossbow 2M4")
    game.apply("hold-nerves 2M4")
    # The second shot's target is chosen now, among the enemies in sight (L230).
    assert game.decision is not None and game.decision.kind == "next-shot"
    assert options(game) == [
        "shoot 1M1 repeater_crossbow 2M3",
        "shoot 1M1 repeater_crossbow 2M4",
        "hold-fire 1M1",
    ]
    game.apply("shoot 1M1 repeater_crossbow 2M3")
    game.apply("hold-nerves 2M3")
    pools = [line for line in lines(game, mark) if " dice: " in line]
    assert pools == [
        'Shade (1M1) rolls 4 dice: +3 Guns (L97), +1 range 6" up to 12" (L107); '
        "Lab Assistant (2M4) rolls 3 dice: +3 Reflex (L101)  [L88]",
        'Shade (1M1) rolls 3 dice: +3 Guns (L97), +1 range 6" up to 12" (L107), '
        "-1 Fast shot: shot 2 (L230); Clockwork Servant (2M3) rolls 4 dice: "
        "+4 Reflex (L101)  [L88]",
    ]
    # The second shot hits on a tie (L104); both hits land at the end of the one Action (L44),
    # the Repeater Crossbow's Armour Piercing [2] taking the Servant's Armour 3 down to 1.
    assert lines(game, mark)[-4:] == [
        "Shade (1M1)'s shot hits Clockwork Servant (2M3) (1 to 1 successes)  [L88]",
        "Lab Assistant (2M4) loses 5 Wounds "
        "(5 wounds: +3 Repeater Crossbow S (L119), +2 critical hits (L121)), 4 left  [L119]",
        "Clockwork Servant (2M3) loses 2 Wounds (2 wounds: +3 Repeater Crossbow S (L119), "
        "-3 Armour (L120), +2 Armour Piercing [2] ([HOUSE] §7 item 55)), 0 left  [L119]",
        "Clockwork Servant (2M3) is out of the game  [L27]",
    ]
    assert game.decision is not None
    assert game.decision.prompt == "Shade: Action 2, or end the activation"


def test_l230_the_other_club_sees_the_targets_of_the_next_shot() -> None:
    dice = ("guns", 4, 4, 1, 1, "reflex", 1, 1, 1)
    game = on_table(
        *dice,
        at={"1M1": (2.0, 12.0), "2M4": (2.0 + 6.0 + SMALL, 12.0), "2M3": (2.0, 18.0 + SMALL)},
        clubs=["triad", "inventors"],
    )
    game.apply("activate 1M1")
    game.apply("shoot 1M1 repeater_crossbow 2M4")
    game.apply("hold-nerves 2M4")
    assert game.decision is not None and game.decision.kind == "next-shot"
    # No card shows in a target: club 2's view keeps the choice as it stands.
    assert game.view(1).decision == game.decision


def test_l230_the_later_shots_may_be_held() -> None:
    dice = ("guns", 4, 4, 1, 1, "reflex", 1, 1, 1)
    game = on_table(
        *dice,
        at={"1M1": (2.0, 12.0), "2M4": (2.0 + 6.0 + SMALL, 12.0)},
        clubs=["triad", "inventors"],
    )
    game.apply("activate 1M1")
    game.apply("shoot 1M1 repeater_crossbow 2M4")
    game.apply("hold-nerves 2M4")
    game.apply("hold-fire 1M1")
    assert game.model("2M4").wounds == 4
    assert game.decision is not None
    assert game.decision.prompt == "Shade: Action 2, or end the activation"


def test_g22_quick_and_fast_shot_a_move_then_two_shots() -> None:
    # Mary Fearless (G4) Moves 1" and fires her Colt Navy twice, at 6": 4 dice, then 3.
    dice = ("guns", 4, 4, 1, 1, "reflex", 1, 1, 1, "guns", 4, 1, 1, "reflex", 1, 1, 1, 1)
    game = on_table(
        *dice,
        at={"1H1": (2.0, 10.0), "2M4": (3.0 + 6.0 + SMALL, 10.0), "2M3": (3.0, 16.0 + SMALL)},
        clubs=[MARY, "inventors"],
    )
    activate(game, "1H1")
    mark = len(game.log)
    game.apply("quick-move 1H1 colt_navy 3,10")
    game.apply("shoot 1H1 colt_navy 2M4")
    game.apply("hold-nerves 2M4")
    # Mary keeps her dice rather than spend her Beginner's Luck (L222), after each shot; her
    # player, holding cards, is asked for Heroic Deeds and passes (L217).
    game.apply("keep 1H1")
    pass_deeds(game)
    game.apply("shoot 1H1 colt_navy 2M3")
    game.apply("hold-nerves 2M3")
    game.apply("keep 1H1")
    pass_deeds(game)
    pools = [line for line in lines(game, mark) if " dice: " in line]
    assert pools == [
        'Mary Fearless (1H1) rolls 4 dice: +4 Guns (L97), +1 range 6" up to 8" (L107), '
        "-1 Quick: shot after a Move in this Action, last (L228); "
        "Lab Assistant (2M4) rolls 3 dice: +3 Reflex (L101)  [L88]",
        'Mary Fearless (1H1) rolls 3 dice: +4 Guns (L97), +1 range 6" up to 8" (L107), '
        "-1 Fast shot: shot 2 (L230), -1 Quick: shot after a Move in this Action, last (L228); "
        "Clockwork Servant (2M3) rolls 4 dice: +4 Reflex (L101)  [L88]",
    ]
    # The Move and both shots were one Action.
    assert game.decision is not None
    assert game.decision.prompt == "Mary Fearless: Action 2, or end the activation"
