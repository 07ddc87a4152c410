"""Golden tests of the rules in play: Move, ladders, Charge (between levels too), Fight,
Swift, splitting a melee, leaving a melee, Shoot, Rencontre, bodies blocking sight, Topple,
Heroic Recovery, Beginner's Luck, Heroic Deeds, damage and Armour, the Actions of an
activation, Concealed in the Crowd (L10-L164, L211-L236, L377, L513, L727-L731; rules notes
§1.4-§1.10, §7, §8: X6, X8, G28, G32, G36, G45, G60). Dice are scripted by purpose and hands
stacked, and each test checks the exact outcome: pools, successes, Wounds, where models end,
and the log lines with the rules they cite. A refused action leaves the game exactly as it
was."""

from __future__ import annotations

import itertools
from dataclasses import replace
from typing import Any

import pytest
from tests.dice_script import scripted
from tests.rulesets.wolsung.fighters import model, ranged, refs
from tests.rulesets.wolsung.table_game import (
    HAND_1,
    HAND_2,
    OPEN,
    SMALL,
    SMALL_LARGE,
    activate,
    hand_over,
    lines,
    new_game,
    on_table,
    options,
    pass_deeds,
    put,
    refit,
    refused,
)

from skirmish.geometry.board import Board, load_board
from skirmish.geometry.shapes import CONTACT
from skirmish.geometry.sight import Body
from skirmish.geometry.terrain import Movement
from skirmish.rulesets.wolsung.cards.hand import hand_pile
from skirmish.rulesets.wolsung.combat.combatant import Combatant
from skirmish.rulesets.wolsung.combat.melee import Fight, Fighter, strike
from skirmish.rulesets.wolsung.game.effects import current
from skirmish.rulesets.wolsung.game.sight import sight, stood_in
from skirmish.rulesets.wolsung.game.state import Effect, WolsungGame
from skirmish.rulesets.wolsung.house_rules import HouseRules

BOARD: dict[str, Any] = Board.from_dict(
    {
        "name": "Back alley",
        "width": 36.0,
        "height": 36.0,
        "terrain": [
            {
                "id": "rubble",
                "name": "Rubble",
                "kind": "rough",
                "height": 2.0,
                "polygon": [[12.0, 8.0], [14.0, 8.0], [14.0, 16.0], [12.0, 16.0]],
            },
            {
                "id": "house",
                "name": "House",
                "kind": "climbable",
                "height": 3.0,
                "polygon": [[20.0, 8.0], [26.0, 8.0], [26.0, 14.0], [20.0, 14.0]],
            },
            {
                "id": "tower",
                "name": "Tower",
                "kind": "climbable",
                "height": 6.0,
                "polygon": [[30.0, 8.0], [34.0, 8.0], [34.0, 12.0], [30.0, 12.0]],
            },
            {
                "id": "wall",
                "name": "Garden wall",
                "kind": "impassable",
                "height": 1.0,
                "polygon": [[2.0, 14.0], [8.0, 14.0], [8.0, 14.2], [2.0, 14.2]],
            },
            {
                "id": "hedge",
                "name": "Hedge",
                "kind": "open",
                "height": 0.5,
                "polygon": [[26.0, 18.0], [34.0, 18.0], [34.0, 18.2], [26.0, 18.2]],
            },
        ],
        "ladder": [
            {"id": "L1", "terrain": "house", "foot": [19.2, 11.0], "top": [20.8, 11.0]},
            {"id": "L2", "terrain": "tower", "foot": [29.2, 10.0], "top": [30.8, 10.0]},
        ],
    }
).to_dict()
"""A table with rubble (rough ground, L78), a 3" house and a 6" tower with a ladder each
(L80), a 1" garden wall that hides two thirds of a body behind it and a 0.5" hedge that hides
a third (L109): a board file's table, read once to check it, that a setup takes as its
board."""


MARKSMEN: dict[str, Any] = {
    "name": "Pemberton's Marksmen",
    "club": "Ash and Oak",
    "heroes": [
        {"named": "Sir Lance Oakroot"},
        {
            "name": "Lord Pemberton",
            "race": "Human",
            "profession": "Man about town",
            "gadgets": ["Windbüchse", "Hidden Umbrella Blade"],
        },
        {"named": "Lady Ellendeanne"},
    ],
    "henchmen": [{"henchman": "Abhinav Singh"}, {"henchman": "Butler"}],
}
"""An Ash and Oak club with the weapons the sample lacks: Lady Ellendeanne's Virtue (Hidden,
L451) as 1H3 and Abhinav Singh's Hunting Rifle (Move Penalty [2], L533) as 1M1; a Butler is
1M2. Funds: 1 + 1 + 3 hire Abhinav (2) and the Butler (1)."""

BRUISERS: dict[str, Any] = {
    **MARKSMEN,
    "henchmen": [{"henchman": "Bruiser"}, {"henchman": "Butler"}],
}
"""The club of :data:`MARKSMEN` with a Bruiser (Hard to Kill, L522) as 1M1."""

FEARLESS: dict[str, Any] = {
    "name": "Fearless Company",
    "club": "Ash and Oak",
    "heroes": [{"named": "Mary Fearless"}],
    "henchmen": [],
}
"""An Ash and Oak club of Mary Fearless alone (Guns 4, Colt Navy S4, Rencontre L513) as 1H1."""

SMALL_FOLK: dict[str, Any] = {
    "name": "Small Folk",
    "club": "Ash and Oak",
    "heroes": [{"name": "Pip", "race": "Halfling", "profession": "War hero"}],
    "henchmen": [],
}
"""An Ash and Oak club of one Halfling Hero (F2, R5, Swift L377) as 1H1."""

OLD_GUARD: dict[str, Any] = {
    "name": "The Old Guard",
    "club": "Ash and Oak",
    "heroes": [{"named": "Sir Zachary Fiercebatten"}, {"named": "Mary Fearless"}],
    "henchmen": [],
}
"""An Ash and Oak club of Sir Zachary Fiercebatten (1H1, Military Experience L477) and Mary
Fearless (1H2, a Noble: Guns 4, Colt Navy)."""

SNORRI: dict[str, Any] = {
    "name": "Rottstein's Workshop",
    "club": "Inventors",
    "heroes": [{"named": "Snorri Rottstein"}],
    "henchmen": [],
}
"""An Inventors club of Snorri Rottstein alone (2H1), whose blows Bash (L664)."""

HAND_4 = ("2D", "3D", "4D", "5D")
"""The turn-1 hand of a club with one Hero: 3 + 1 cards (L40)."""


def no_rerolls_nor_deeds(game: WolsungGame) -> None:
    """Every player asked keeps its dice and lays no Heroic Deed (L217, L222)."""
    while game.decision is not None and game.decision.kind in ("luck", "heroic-deed"):
        game.apply(next(o for o in options(game) if o.startswith(("keep", "pass"))))


# -- Move (L73-L80) ----------------------------------------------------------------------------


def test_l73_move_up_to_m_inches_and_no_farther() -> None:
    game = on_table(at={"1M1": (10.0, 10.0), "2M4": (30.0, 20.0)})
    activate(game, "1M1")
    refused(game, "move 1M1 10,16", r'the point is 6" away, more than the 5" allowed')
    refused(game, "move 2M4 30,16", r"Butler is activating, not 2M4")
    mark = len(game.log)
    game.apply("move 1M1 10,15")
    assert game.model("1M1").pos == (10.0, 15.0)
    assert lines(game, mark) == ['Butler (1M1) moves 5" to 10,15  [L73]']
    assert game.decision is not None
    assert game.decision.prompt == "Butler: Action 2, or end the activation"


def test_l73_move_may_not_end_in_base_contact() -> None:
    game = on_table(at={"1M1": (10.0, 10.0), "2M4": (14.0, 10.0)})
    activate(game, "1M1")
    # 14 - 12.82 is one 30 mm base: the Butler's base would touch the Lab Assistant's.
    refused(
        game,
        "move 1M1 12.82,10",
        r"a Move may not end in base contact with an enemy \(Lab Assistant\); Charge it \(L73\)",
    )
    game.apply("move 1M1 12.8,10")
    assert game.model("1M1").pos == (12.8, 10.0)


def test_l74_a_move_goes_around_other_models_measured_along_its_path() -> None:
    game = on_table(at={"1M1": (10.0, 10.0), "1M2": (12.0, 10.0), "2M4": (30.0, 20.0)})
    activate(game, "1M1")
    mark = len(game.log)
    # 4" straight through the other Butler; around its base it is 4.74" (L73, L74).
    game.apply("move 1M1 14,10")
    assert game.model("1M1").pos == (14.0, 10.0)
    assert lines(game, mark) == ['Butler (1M1) moves 4.74" to 14,10  [L73]']


def test_item_16_rough_ground_costs_double() -> None:
    game = on_table(at={"1M1": (11.0, 12.0), "2M4": (30.0, 20.0)}, board=BOARD)
    activate(game, "1M1")
    # 3.5" with 2" of rubble (x 12 to 14) costs 5.5"; around the rubble is farther still.
    refused(game, "move 1M1 14.5,12", r'no path within 5": the way there costs 5.5"')
    mark = len(game.log)
    # 3" with 2" of rubble costs 1 + 2 x 2 = 5": the whole Move.
    game.apply("move 1M1 14,12")
    assert game.model("1M1").pos == (14.0, 12.0)
    assert lines(game, mark) == ['Butler (1M1) moves 3" to 14,12  [L73]']


def test_l80_climb_a_ladder_up_and_down() -> None:
    game = on_table(at={"1M1": (19.2, 11.0), "2M4": (30.0, 20.0)}, board=BOARD)
    activate(game, "1M1")
    assert "climb 1M1 L1" in options(game)
    mark = len(game.log)
    game.apply("climb 1M1 L1")
    butler = game.model("1M1")
    assert (butler.pos, butler.level) == ((20.8, 11.0), "house")
    assert "climb 1M1 L1" in options(game)
    game.apply("climb 1M1 L1")
    assert (butler.pos, butler.level) == ((19.2, 11.0), None)
    assert lines(game, mark) == [
        "Butler (1M1) climbs up ladder L1  [L80]",
        "Butler (1M1) climbs down ladder L1  [L80]",
    ]
    # Two climbs are its two Actions (L62): the activation is over and the other club's begins.
    assert game.decision is not None and game.decision.player == 1
    assert options(game) == ["activate 2M4"]


def test_l80_a_climb_higher_than_m_refused() -> None:
    game = on_table(at={"1M1": (29.2, 10.0), "2M4": (30.0, 20.0)}, board=BOARD)
    activate(game, "1M1")
    assert "climb 1M1 L2" not in options(game)
    refused(game, "climb 1M1 L2", r'ladder L2 climbs 6": more than its base M of 5" \(L80\)')


def test_l80_no_room_at_the_other_end_of_the_ladder_refused() -> None:
    game = on_table(at={"1M1": (19.2, 11.0), "2M4": (20.8, 11.0)}, board=BOARD)
    game.model("2M4").level = "house"
    activate(game, "1M1")
    refused(game, "climb 1M1 L1", r"the other end of ladder L1 is taken: overlaps base")


def test_l80_a_climb_as_high_as_m_allowed() -> None:
    game = on_table(at={"1H1": (29.2, 10.0), "2M4": (30.0, 20.0)}, board=BOARD)
    activate(game, "1H1")
    game.apply("climb 1H1 L2")
    oakroot = game.model("1H1")
    assert (oakroot.pos, oakroot.level) == ((30.8, 10.0), "tower")


def test_l80_overcharge_lifts_no_climb_above_the_base_m() -> None:
    # The Security Golem (M 3) at the foot of the Foundry's 4" ladder, Overcharged to M 5
    # (L652); Hilda Cogsworth, its Scientist, near.
    at = {"1M1": (15.5, 5.3), "1H2": (12.0, 3.0), "2M1": (30.0, 30.0)}
    game = on_table(at=at, board="wolsung", clubs=["inventors", "ash-and-oak"])
    game.state.effects = (Effect("1M1", "end_of_turn", "L652", "M", 2),)
    activate(game, "1M1")
    assert current(game, game.model("1M1")).profile.M == 5
    # The climb is held to the unmodified profile M (§7 item 17).
    assert "climb 1M1 foundry-s" not in options(game)
    refused(game, "climb 1M1 foundry-s", r'ladder foundry-s climbs 4": more than its base M of 3"')


# -- Charge and Fight (L126-L158) --------------------------------------------------------------


def test_l127_charge_into_contact_may_attack_at_once() -> None:
    game = on_table("fight", 5, 1, "fight", 3, 2, at={"1M1": (10.0, 10.0), "2M4": (10.0, 14.0)})
    activate(game, "1M1")
    mark = len(game.log)
    game.apply("charge 1M1 2M4")
    # In contact, the charger's player makes its one attack or none (L127).
    assert game.decision is not None and game.decision.player == 0
    assert game.decision.prompt == "Butler has charged Lab Assistant: attack it, or not (L127)"
    assert options(game) == ["attack 1M1 2M4", "no-attack 1M1 2M4"]
    game.apply("attack 1M1 2M4")
    # The attack of the Charge is met by a reaction: the defender's owner picks (L131).
    assert game.decision is not None and game.decision.player == 1
    assert options(game) == ["react 2M4 Fence", "react 2M4 Parry"]
    game.apply("react 2M4 Fence")
    butler, assistant = game.model("1M1"), game.model("2M4")
    assert butler.pos == (10.0, 14.0 - SMALL)
    assert assistant.wounds == 5
    assert lines(game, mark) == [
        'Butler (1M1) moves 2.82" to 10,12.82  [L127]',
        "Butler (1M1) charges into base contact with Lab Assistant (2M4)  [L127]",
        "Lab Assistant (2M4) reacts: Fence  [L131]",
        "Butler (1M1) rolls 2 dice: +2 Fight (L134); "
        "Lab Assistant (2M4) rolls 2 dice: +2 Fight (L134)  [L128]",
        "Butler (1M1) rolls fight 2D6: [5, 1]  [L128]",
        "Lab Assistant (2M4) rolls fight 2D6: [3, 2]  [L128]",
        "Butler (1M1)'s attack hits Lab Assistant (2M4) (1 to 0 successes)  [L128]",
        "Lab Assistant (2M4) loses 4 Wounds "
        "(4 wounds: +3 Butler S (L145), +1 critical hits (L148)), 5 left  [L145]",
    ]
    # In base contact now, the Butler may only Fight or leave (L126).
    assert options(game) == ["fight 1M1 2M4", "end 1M1"]


def test_l127_a_charger_may_make_no_attack() -> None:
    # A Move may not end in base contact (L73): a Charge with no attack ties the Security
    # Golem up with no blow for it to Fence back.
    game = on_table(at={"1M1": (10.0, 10.0), "2M1": (14.0, 10.0)})
    activate(game, "1M1")
    mark = len(game.log)
    game.apply("charge 1M1 2M1")
    assert options(game) == ["attack 1M1 2M1", "no-attack 1M1 2M1"]
    game.apply("no-attack 1M1 2M1")
    butler, golem = game.model("1M1"), game.model("2M1")
    assert (butler.pos, butler.wounds, golem.wounds) == ((14.0 - SMALL_LARGE, 10.0), 9, 6)
    assert lines(game, mark) == [
        'Butler (1M1) moves 2.62" to 12.62,10  [L127]',
        "Butler (1M1) charges into base contact with Security Golem (2M1)  [L127]",
        "Butler (1M1) makes no attack on Security Golem (2M1) as its charge ends  [L127]",
    ]
    # No die is rolled; in base contact now, the two are in melee (L126).
    assert game.decision is not None
    assert game.decision.prompt == "Butler: Action 2, or end the activation"
    assert options(game) == ["fight 1M1 2M1", "end 1M1"]


def test_l127_the_other_club_sees_whom_the_charger_may_attack() -> None:
    game = on_table(at={"1M1": (10.0, 10.0), "2M1": (14.0, 10.0)})
    activate(game, "1M1")
    game.apply("charge 1M1 2M1")
    assert game.decision is not None and game.decision.kind == "charge-attack"
    # No card shows in the Charge's attack: club 2's view keeps the choice as it stands.
    assert game.view(1).decision == game.decision


def test_item_33_charge_that_falls_short_makes_no_attack() -> None:
    game = on_table(at={"1M1": (10.0, 10.0), "2M4": (10.0, 20.0)})
    activate(game, "1M1")
    mark = len(game.log)
    game.apply("charge 1M1 2M4")
    assert game.model("1M1").pos == (10.0, 15.0)
    assert lines(game, mark) == [
        'Butler (1M1) moves 5" to 10,15  [L127]',
        "Butler (1M1)'s charge ends 3.82\" short of Lab Assistant (2M4): no attack  [§7 item 33]",
    ]
    assert game.decision is not None
    assert game.decision.prompt == "Butler: Action 2, or end the activation"


def test_l73_l127_a_charge_falling_short_ends_touching_no_enemy_in_the_crowd() -> None:
    # 5" straight at the Shade would end with the Butler's base touching the Trader, Concealed
    # in the Crowd: a Charge is a Move (L127), and no Move ends in base contact with an enemy
    # but its target (L73, §7 item 87), so it stops where its base clears the Trader's.
    at = {"1M1": (10.0, 10.0), "2M1": (10.0, 20.0), "2M3": (10.0 + SMALL + 0.005, 15.0)}
    game = on_table(at=at, clubs=["ash-and-oak", "triad"])
    activate(game, "1M1")
    mark = len(game.log)
    game.apply("charge 1M1 2M1")
    assert lines(game, mark) == [
        'Butler (1M1) moves 4.89" to 10,14.89  [L127]',
        "Butler (1M1)'s charge ends 3.93\" short of Shade (2M1): no attack  [§7 item 33]",
    ]
    # Out of any melee: the Butler may Charge again, and the Trader keeps its token.
    assert "charge 1M1 2M1" in options(game)
    assert game.state.crowd == ("2M2", "2M3")


FENCE: dict[str, Any] = Board.from_dict(
    {
        "name": "Fenced lot",
        "width": 36.0,
        "height": 36.0,
        "terrain": [
            {
                "id": "fence",
                "name": "Fence",
                "kind": "impassable",
                "height": 3.0,
                "polygon": [[0.0, 12.0], [30.0, 12.0], [30.0, 12.2], [0.0, 12.2]],
            }
        ],
    }
).to_dict()
"""A lot cut by a 30" fence, open only at its east end."""


def test_item_33_a_charge_falling_short_ends_no_farther_from_its_target() -> None:
    # The Lab Assistant stands just beyond the fence: the way round it runs 10" east along
    # the fence and back, and its first 5" lead the Butler away. A Charge that falls short
    # goes toward its target (§7 item 33): it ends no farther from it than it began, so here,
    # where every step of the way leads away, it stays.
    game = on_table(at={"1M1": (20.0, 11.4), "2M4": (20.0, 13.5)}, board=FENCE)
    activate(game, "1M1")
    mark = len(game.log)
    game.apply("charge 1M1 2M4")
    assert game.model("1M1").pos == (20.0, 11.4)
    assert lines(game, mark) == [
        "Butler (1M1)'s charge ends 0.92\" short of Lab Assistant (2M4): no attack  [§7 item 33]",
    ]


def test_l127_a_charge_goes_round_rough_ground_as_a_move_would() -> None:
    # Straight at the Lab Assistant, 2" of rubble (x 12 to 14) make the Butler's way into
    # contact cost 5.12": more than its Move. Round the rubble's north end it is 4.36" of
    # open ground, the way a Move there takes (§7 item 16), so the Charge takes it too.
    game = on_table(at={"1M1": (11.0, 15.4), "2M4": (15.3, 15.4)}, board=BOARD)
    activate(game, "1M1")
    mark = len(game.log)
    game.apply("charge 1M1 2M4")
    butler = game.model("1M1")
    assert (round(butler.x, 2), round(butler.y, 2)) == (14.56, 16.32)
    assert lines(game, mark) == [
        'Butler (1M1) moves 4.36" to 14.56,16.32  [L127]',
        "Butler (1M1) charges into base contact with Lab Assistant (2M4)  [L127]",
    ]
    assert options(game) == ["attack 1M1 2M4", "no-attack 1M1 2M4"]


def test_l154_charge_begun_3_inches_above_gives_plus_1_fight() -> None:
    # The Butler stands on the 3" roof at the top of the ladder; the Lab Assistant waits at
    # its foot. The Charge is a Move that ends in contact (L127), down the ladder (L80).
    dice = ("fight", 5, 4, 1, "fight", 6, 1)
    game = on_table(*dice, at={"1M1": (20.8, 11.0), "2M4": (19.2 - SMALL, 11.0)}, board=BOARD)
    game.model("1M1").level = "house"
    activate(game, "1M1")
    mark = len(game.log)
    game.apply("charge 1M1 2M4")
    game.apply("attack 1M1 2M4")
    assert game.model("1M1").pos == (19.2, 11.0)
    assert game.model("1M1").level is None
    game.apply("react 2M4 Fence")
    # 2 successes to 1: S3 and a critical hit.
    assert game.model("2M4").wounds == 5
    assert lines(game, mark) == [
        "Butler (1M1) climbs down ladder L1  [L80]",
        "Butler (1M1) charges into base contact with Lab Assistant (2M4)  [L127]",
        "Lab Assistant (2M4) reacts: Fence  [L131]",
        'Butler (1M1) rolls 3 dice: +2 Fight (L134), +1 Charge begun 3" above the target '
        "(L154); Lab Assistant (2M4) rolls 2 dice: +2 Fight (L134)  [L128]",
        "Butler (1M1) rolls fight 3D6: [5, 4, 1]  [L128]",
        "Lab Assistant (2M4) rolls fight 2D6: [6, 1]  [L128]",
        "Butler (1M1)'s attack hits Lab Assistant (2M4) (2 to 1 successes)  [L128]",
        "Lab Assistant (2M4) loses 4 Wounds "
        "(4 wounds: +3 Butler S (L145), +1 critical hits (L148)), 5 left  [L145]",
    ]


def test_l149_a_charge_goes_up_a_ladder_to_its_target_on_the_roof() -> None:
    # The Lab Assistant stands on the house's roof beside the top of the ladder.
    dice = ("fight", 5, 1, "fight", 3, 2)
    game = on_table(*dice, at={"1M1": (19.2, 11.0), "2M4": (20.8 + SMALL, 11.0)}, board=BOARD)
    game.model("2M4").level = "house"
    activate(game, "1M1")
    mark = len(game.log)
    game.apply("charge 1M1 2M4")
    game.apply("attack 1M1 2M4")
    game.apply("react 2M4 Fence")
    butler = game.model("1M1")
    assert (butler.pos, butler.level) == ((20.8, 11.0), "house")
    assert lines(game, mark)[:2] == [
        "Butler (1M1) climbs up ladder L1  [L80]",
        "Butler (1M1) charges into base contact with Lab Assistant (2M4)  [L127]",
    ]
    # Level with its target, the charger has no height bonus (L153, L154).
    assert lines(game, mark)[3] == (
        "Butler (1M1) rolls 2 dice: +2 Fight (L134); "
        "Lab Assistant (2M4) rolls 2 dice: +2 Fight (L134)  [L128]"
    )
    assert game.model("2M4").wounds == 5


def test_l150_enemies_taking_the_room_above_hold_the_charge_in_base_contact() -> None:
    # The Lab Assistant stands on the top of the ladder: there is no room for the Butler up
    # there, but its Move reaches, so the two count as in base contact (L150).
    dice = ("fight", 5, 1, "fight", 3, 2, 1, "reflex", 5, 4, 1, "fight", 1, 1)
    game = on_table(*dice, at={"1M1": (19.2, 11.0), "2M4": (20.8, 11.0)}, board=BOARD)
    game.model("2M4").level = "house"
    activate(game, "1M1")
    mark = len(game.log)
    game.apply("charge 1M1 2M4")
    game.apply("attack 1M1 2M4")
    game.apply("react 2M4 Fence")
    assert game.model("1M1").pos == (19.2, 11.0)
    assert lines(game, mark)[:5] == [
        "Butler (1M1) charges Lab Assistant (2M4), whose level has no room for it: the two "
        "stand as close as they may and count as in base contact  [L150]",
        "Butler (1M1) charges into base contact with Lab Assistant (2M4)  [L127]",
        "Lab Assistant (2M4) reacts: Fence  [L131]",
        "Butler (1M1) rolls 2 dice: +2 Fight (L134); Lab Assistant (2M4) rolls 3 dice: "
        '+2 Fight (L134), +1 3" higher than its opponent (L153)  [L128]',
        "Butler (1M1) rolls fight 2D6: [5, 1]  [L128]",
    ]
    assert game.model("2M4").wounds == 5
    # In melee, the Butler may only Fight or leave (L126); leaving, the two part (L164).
    assert options(game) == ["fight 1M1 2M4", "end 1M1"]
    game.apply("leave 1M1 15,11")
    butler = game.model("1M1")
    assert butler.pos == (15.0, 11.0)
    assert game.state.links == ()


def test_l149_no_way_to_the_roof_the_charge_falls_short() -> None:
    # The Lab Assistant is on the roof, the Butler on the ground away from the ladder: its
    # Move goes toward the target along the ground and stops at the wall (§7 item 33).
    game = on_table(at={"1M1": (18.0, 4.0), "2M4": (21.0, 9.0)}, board=BOARD)
    game.model("2M4").level = "house"
    activate(game, "1M1")
    game.apply("charge 1M1 2M4")
    butler = game.model("1M1")
    assert butler.level is None
    assert lines(game)[-1].endswith("short of Lab Assistant (2M4): no attack  [§7 item 33]")


def test_l10_a_charge_falling_short_of_a_target_on_a_roof_is_short_by_the_3d_distance() -> None:
    # The Butler stops at the house's wall, his base 0.44" across from the Lab Assistant's and
    # 3" below it: 3.03" short, measured in three dimensions.
    game = on_table(at={"1M1": (18.0, 4.0), "2M4": (21.0, 9.0)}, board=BOARD)
    game.model("2M4").level = "house"
    activate(game, "1M1")
    mark = len(game.log)
    game.apply("charge 1M1 2M4")
    assert lines(game, mark) == [
        'Butler (1M1) moves 4.52" to 21,7.38  [L127]',
        "Butler (1M1)'s charge ends 3.03\" short of Lab Assistant (2M4): no attack  [§7 item 33]",
    ]


def test_l139_fence_that_wins_turns_the_damage_on_the_attacker() -> None:
    game = on_table(
        "fight", 3, 2, "fight", 5, 4, at={"1M1": (10.0, 10.0), "2M4": (10.0, 10.0 + SMALL)}
    )
    activate(game, "1M1")
    game.apply("fight 1M1 2M4")
    mark = len(game.log)
    game.apply("react 2M4 Fence")
    # The counter deals the Lab Assistant's S3 and its 1 surplus success (§7 item 30).
    assert (game.model("1M1").wounds, game.model("2M4").wounds) == (4, 9)
    assert lines(game, mark)[-2:] == [
        "Butler (1M1)'s attack is countered by Lab Assistant (2M4) (0 to 2 successes)  [L128]",
        "Butler (1M1) loses 5 Wounds "
        "(5 wounds: +3 Lab Assistant S (L145), +2 critical hits (L148)), 4 left  [L145]",
    ]


def test_g14_the_butlers_pistol_leaves_the_bruiser_11_of_15_wounds() -> None:
    # 10" away: 2 Guns less 1 for the band, a 5 against the Bruiser's 2 and 3.
    at = {"1M1": (2.0, 12.0), "2M1": (2.0 + 10.0 + SMALL, 12.0)}
    game = on_table("guns", 5, "reflex", 2, 3, at=at, clubs=["ash-and-oak", BRUISERS])
    assert game.model("2M1").wounds == 15
    activate(game, "1M1")
    game.apply("shoot 1M1 butler_pistol 2M1")
    game.apply("hold-nerves 2M1")
    assert lines(game)[-1] == (
        "Bruiser (2M1) loses 4 Wounds (4 wounds: +4 Pistol S (L119), +1 critical hits (L121), "
        "-1 Armour (L120)), 11 left  [L119]"
    )
    assert game.model("2M1").wounds == 11


def bruiser_at_a_fencing_butler(*dice: str | int) -> WolsungGame:
    """Club 1's Bruiser (1M1) attacks club 2's Butler (2M2), who Fences."""
    at = {"1M1": (10.0, 10.0), "2M2": (10.0, 10.0 + SMALL)}
    game = on_table(*dice, at=at, clubs=[BRUISERS, BRUISERS])
    activate(game, "1M1")
    game.apply("fight 1M1 2M2")
    game.apply("react 2M2 Fence")
    return game


def test_g29_the_bruiser_leaves_the_fencing_butler_1_of_9_wounds() -> None:
    game = bruiser_at_a_fencing_butler("fight", 6, 4, 1, 1, "fight", 5, 2)
    assert lines(game)[-1] == (
        "Butler (2M2) loses 8 Wounds (8 wounds: +7 Bruiser S (L145), +1 critical hits (L148)), "
        "1 left  [L145]"
    )
    assert (game.model("1M1").wounds, game.model("2M2").wounds) == (15, 1)


def test_g30_the_butlers_fence_leaves_the_bruiser_12_of_15_wounds() -> None:
    game = bruiser_at_a_fencing_butler("fight", 6, 1, 1, 1, "fight", 5, 4)
    assert lines(game)[-1] == (
        "Bruiser (1M1) loses 3 Wounds (3 wounds: +3 Butler S (L145), +1 critical hits (L148), "
        "-1 Armour (L146)), 12 left  [L145]"
    )
    assert (game.model("1M1").wounds, game.model("2M2").wounds) == (12, 9)


def test_l133_parry_adds_2_fight_and_deals_no_counter() -> None:
    game = on_table(
        "fight", 3, 2, "fight", 5, 4, 1, 1, at={"1M1": (10.0, 10.0), "2M4": (10.0, 10.0 + SMALL)}
    )
    activate(game, "1M1")
    game.apply("fight 1M1 2M4")
    mark = len(game.log)
    game.apply("react 2M4 Parry")
    assert (game.model("1M1").wounds, game.model("2M4").wounds) == (9, 9)
    assert lines(game, mark) == [
        "Lab Assistant (2M4) reacts: Parry  [L131]",
        "Butler (1M1) rolls 2 dice: +2 Fight (L134); "
        "Lab Assistant (2M4) rolls 4 dice: +2 Fight (L134), +2 Parry (L133)  [L128]",
        "Butler (1M1) rolls fight 2D6: [3, 2]  [L128]",
        "Lab Assistant (2M4) rolls fight 4D6: [5, 4, 1, 1]  [L128]",
        "Butler (1M1)'s attack is parried by Lab Assistant (2M4) (0 to 2 successes)  [L128]",
    ]


def test_l157_friends_in_contact_with_the_target_support_the_attack() -> None:
    # Both Butlers touch the Lab Assistant, one below it and one to its right.
    dice = ("fight", 4, 4, 1, 1, "fight", 5, 4)
    game = on_table(
        *dice, at={"1M1": (10.0, 10.0 - SMALL), "1M2": (10.0 + SMALL, 10.0), "2M4": (10.0, 10.0)}
    )
    activate(game, "1M1")
    game.apply("fight 1M1 2M4")
    mark = len(game.log)
    game.apply("react 2M4 Fence")
    assert lines(game, mark)[1] == (
        "Butler (1M1) rolls 4 dice: +2 Fight (L134), +2 support of Butler (L157); "
        "Lab Assistant (2M4) rolls 2 dice: +2 Fight (L134)  [L128]"
    )
    # 2 successes to 2: a tie hits (L139), with no critical hit.
    assert game.model("2M4").wounds == 6


def test_l158_support_counts_at_once_for_the_attack_of_a_charge() -> None:
    dice = ("fight", 5, 4, 1, 1, "fight", 4, 1)
    game = on_table(
        *dice, at={"1M1": (10.0, 10.0 - SMALL), "1M2": (14.0, 10.0), "2M4": (10.0, 10.0)}
    )
    activate(game, "1M2")
    mark = len(game.log)
    game.apply("charge 1M2 2M4")
    game.apply("attack 1M2 2M4")
    game.apply("react 2M4 Fence")
    assert lines(game, mark)[3] == (
        "Butler (1M2) rolls 4 dice: +2 Fight (L134), +2 support of Butler (L157); "
        "Lab Assistant (2M4) rolls 2 dice: +2 Fight (L134)  [L128]"
    )
    assert game.model("2M4").wounds == 5


# -- splitting a melee (L159-L162) -------------------------------------------------------------

WALL_EAST: dict[str, Any] = Board.from_dict(
    {
        "name": "Against the wall",
        "width": 36.0,
        "height": 36.0,
        "terrain": [
            {
                "id": "wall",
                "name": "Yard wall",
                "kind": "impassable",
                "height": 2.0,
                "polygon": [[3.6, 6.0], [4.6, 6.0], [4.6, 16.0], [3.6, 16.0]],
            }
        ],
    }
).to_dict()
"""A yard wall from x 3.6 to 4.6: with the table's west edge, a corner no melee splits in."""


def _split_melee(
    *dice: str | int, board: dict[str, Any] | None = None, x: float = 10.0
) -> WolsungGame:
    """Butler 1M1 at ``x`` between the Laboratory Golem 2M2 (west) and the Lab Assistant 2M4
    (east), and the other Butler 1M2 charging the Lab Assistant from the north: the case of
    L160, (1) = 1M2, (A) = 2M4, (2) = 1M1, (B) = 2M2."""
    at = {
        "2M2": (x - SMALL, 10.0),
        "1M1": (x, 10.0),
        "2M4": (x + SMALL, 10.0),
        "1M2": (x + SMALL, 14.0),
    }
    game = on_table(*dice, at=at, board=board or OPEN)
    activate(game, "1M2")
    game.apply("charge 1M2 2M4")
    return game


def test_x8_l161_a_charge_into_a_melee_of_two_splits_it_the_initiative_holder_chooses() -> None:
    game = _split_melee("fight", 5, 1, "fight", 3, 2)
    # The player holding the initiative, the charger's, decides which fight steps aside.
    assert game.decision is not None and game.decision.player == 0
    assert game.decision.prompt == (
        'Butler joins a melee that splits in two: which fight steps 0.5" aside? (L161)'
    )
    assert options(game) == ["step-aside 1M2 2M4", "step-aside 1M1 2M2"]
    mark = len(game.log)
    game.apply("step-aside 1M1 2M2")
    # (2) keeps (B) in contact (L162); the two fights are half an inch apart (X8).
    assert game.model("1M1").pos == (10.0 - 0.5, 10.0)
    assert game.model("2M2").pos == (10.0 - SMALL - 0.5, 10.0)
    game.apply("attack 1M2 2M4")
    game.apply("react 2M4 Fence")
    # (2) no longer touches (A): no support for the Charge's attack (L157).
    assert lines(game, mark)[:3] == [
        'Butler (1M1) and Laboratory Golem (2M2) step 0.5" aside: the melee splits in two  [L161]',
        "Lab Assistant (2M4) reacts: Fence  [L131]",
        "Butler (1M2) rolls 2 dice: +2 Fight (L134); "
        "Lab Assistant (2M4) rolls 2 dice: +2 Fight (L134)  [L128]",
    ]
    assert game.model("2M4").wounds == 5


def test_l161_the_charger_s_fight_may_step_aside_instead() -> None:
    game = _split_melee()
    game.apply("step-aside 1M2 2M4")
    assert game.model("2M4").pos == (10.0 + SMALL + 0.5, 10.0)
    assert game.model("1M2").pos == pytest.approx((10.0 + SMALL + 0.5, 10.0 + SMALL))
    assert game.model("1M1").pos == (10.0, 10.0)


def test_l161_with_room_on_one_side_only_that_fight_steps_aside() -> None:
    # The Laboratory Golem's base touches the table's west edge: the rest of the melee has no
    # room to step west, so the charger's fight steps east, with nothing to choose.
    game = _split_melee(x=SMALL / 2 + SMALL)
    assert game.decision is not None and game.decision.kind == "charge-attack"
    assert lines(game)[-1] == (
        'Butler (1M2) and Lab Assistant (2M4) step 0.5" aside: the melee splits in two  [L161]'
    )


def test_l161_with_room_on_neither_side_the_melee_stays_whole() -> None:
    # The table's edge to the west, a wall to the east: the melee has no room to split, and
    # the friend in it still supports the Charge (L157).
    dice = ("fight", 5, 1, 1, 1, "fight", 3, 2)
    game = _split_melee(*dice, board=WALL_EAST, x=SMALL / 2 + SMALL)
    mark = len(game.log) - 1
    game.apply("attack 1M2 2M4")
    game.apply("react 2M4 Fence")
    assert lines(game, mark)[:3] == [
        "The melee Butler (1M2) joins has no room to split in two: it stays whole  [L161]",
        "Lab Assistant (2M4) reacts: Fence  [L131]",
        "Butler (1M2) rolls 4 dice: +2 Fight (L134), +2 support of Butler (L157); "
        "Lab Assistant (2M4) rolls 2 dice: +2 Fight (L134)  [L128]",
    ]


def test_l162_a_charge_that_touches_both_enemies_of_a_friend_splits_nothing() -> None:
    # The Butler charges the Lab Assistant and ends touching the Laboratory Golem too: its
    # friend's enemies are all in its own fight, which stays whole, the friend supporting.
    dice = ("fight", 5, 1, 1, 1, "fight", 1, 1)
    at = {
        "1M1": (10.0, 10.0),
        "2M4": (10.0, 10.0 + SMALL),
        "2M2": (10.0 + SMALL, 10.0),
        "1M2": (15.0, 10.0 + SMALL),
    }
    game = on_table(*dice, at=at)
    activate(game, "1M2")
    mark = len(game.log)
    game.apply("charge 1M2 2M4")
    game.apply("attack 1M2 2M4")
    game.apply("react 2M4 Fence")
    assert game.model("1M2").pos == pytest.approx((10.0 + SMALL, 10.0 + SMALL))
    assert lines(game, mark)[3] == (
        "Butler (1M2) rolls 4 dice: +2 Fight (L134), +2 support of Butler (L157); "
        "Lab Assistant (2M4) rolls 2 dice: +2 Fight (L134)  [L128]"
    )


def test_l155_a_charge_may_attack_any_enemy_it_ends_touching() -> None:
    # The layout of the L162 test: the Butler charges the Lab Assistant and ends touching the
    # Laboratory Golem too. In melee with both (L155, L162), its one attack may go at either;
    # the Clockwork Servant, far off, it does not touch (L129).
    dice = ("fight", 5, 1, 1, 1, "fight", 1, 1, 1)
    at = {
        "1M1": (10.0, 10.0),
        "2M4": (10.0, 10.0 + SMALL),
        "2M2": (10.0 + SMALL, 10.0),
        "1M2": (15.0, 10.0 + SMALL),
        "2M3": (20.0, 20.0),
    }
    game = on_table(*dice, at=at)
    activate(game, "1M2")
    mark = len(game.log)
    game.apply("charge 1M2 2M4")
    assert game.decision is not None and game.decision.prompt == (
        "Butler has charged Lab Assistant: attack it or another enemy it touches: "
        "Laboratory Golem (2M2), or not (L127, L155)"
    )
    assert options(game) == ["attack 1M2 2M4", "attack 1M2 2M2", "no-attack 1M2 2M4"]
    refused(
        game, "attack 1M2 2M3", r"Clockwork Servant is not in base contact with Butler \(L129\)"
    )
    game.apply("attack 1M2 2M2")
    game.apply("react 2M2 Fence")
    # The Butler beside it supports the attack on the Golem too (L157); Armour 7 stops it.
    assert lines(game, mark)[2:6] == [
        "Laboratory Golem (2M2) reacts: Fence  [L131]",
        "Butler (1M2) rolls 4 dice: +2 Fight (L134), +2 support of Butler (L157); "
        "Laboratory Golem (2M2) rolls 3 dice: +3 Fight (L134)  [L128]",
        "Butler (1M2) rolls fight 4D6: [5, 1, 1, 1]  [L128]",
        "Laboratory Golem (2M2) rolls fight 3D6: [1, 1, 1]  [L128]",
    ]
    assert (game.model("2M2").wounds, game.model("2M4").wounds) == (4, 9)


def test_l731_a_charge_attacks_no_enemy_it_touches_in_the_crowd() -> None:
    # The Butler charges the Shade and ends touching the Fisherman too, Concealed in the Crowd.
    at = {"2M1": (10.0, 10.0 + SMALL), "2M2": (10.0 + SMALL, 10.0), "1M1": (15.0, 10.0 + SMALL)}
    game = on_table(at=at, clubs=["ash-and-oak", "triad"])
    activate(game, "1M1")
    game.apply("charge 1M1 2M1")
    assert options(game) == ["attack 1M1 2M1", "no-attack 1M1 2M1"]
    refused(game, "attack 1M1 2M2", r"Fisherman is Concealed in the Crowd")


def test_l157_a_friend_on_a_smaller_base_gives_no_support() -> None:
    # Both 30 mm Butlers touch the 40 mm Security Golem.
    dice = ("fight", 4, 4, "fight", 1, 1, 1)
    game = on_table(
        *dice,
        at={
            "1M1": (10.0, 10.0 - SMALL_LARGE),
            "1M2": (10.0 + SMALL_LARGE, 10.0),
            "2M1": (10.0, 10.0),
        },
    )
    activate(game, "1M1")
    game.apply("fight 1M1 2M1")
    mark = len(game.log)
    game.apply("react 2M1 Fence")
    assert lines(game, mark)[1] == (
        "Butler (1M1) rolls 2 dice: +2 Fight (L134); "
        "Security Golem (2M1) rolls 3 dice: +3 Fight (L134)  [L128]"
    )
    # Two critical hits: 3 + 2 against Armour 8 do nothing (§7 item 27).
    assert game.model("2M1").wounds == 6


def test_l224_hypnotic_aura_forbids_fence() -> None:
    dice = ("fight", 1, 1, 1, 1, 1, 1, 1, 1, 4, "fight", 5, 1, 1, 1)
    game = on_table(*dice, at={"1H1": (10.0, 10.0), "2M4": (10.0, 10.0 + SMALL)})
    activate(game, "1H1")
    mark = len(game.log)
    # Parry is the one reaction left, so nobody is asked (L131, L224).
    game.apply("fight 1H1 2M4")
    assert lines(game, mark)[:2] == [
        "Lab Assistant (2M4) reacts: Parry  [L131]",
        "Sir Lance Oakroot (1H1) rolls 9 dice: +9 Fight (L134); "
        "Lab Assistant (2M4) rolls 4 dice: +2 Fight (L134), +2 Parry (L133)  [L128]",
    ]
    # Sir Lance is a Hero: black cards may add successes before the damage (L217).
    assert game.decision is not None and game.decision.kind == "heroic-deed"
    game.apply("pass")
    assert lines(game, mark)[-2:] == [
        "Sir Lance Oakroot (1H1)'s attack hits Lab Assistant (2M4) (1 to 1 successes)  [L128]",
        "Lab Assistant (2M4) loses 2 Wounds "
        "(2 wounds: +2 Sir Lance Oakroot S (L145)), 7 left  [L145]",
    ]


def test_item_24_toppled_model_attacked_with_hypnotic_aura_has_no_reaction() -> None:
    dice = ("fight", 1, 1, 1, 1, 1, 1, 1, 1, 1, "fight", 6)
    game = on_table(*dice, at={"1H1": (10.0, 10.0), "2M4": (10.0, 10.0 + SMALL)})
    game.model("2M4").toppled = True
    activate(game, "1H1")
    mark = len(game.log)
    game.apply("fight 1H1 2M4")
    game.apply("pass")
    # Toppled, it may only Fence (L111); the Aura forbids Fence (L224): no reaction, so its one
    # die wins no counter.
    assert lines(game, mark) == [
        "Lab Assistant (2M4) reacts: no reaction  [L131]",
        "Sir Lance Oakroot (1H1) rolls 9 dice: +9 Fight (L134); Lab Assistant (2M4) rolls 1 "
        "dice: +2 Fight (L134), -1 Toppled: the pool is 1 (L111, §7 item 25)  [L128]",
        "Sir Lance Oakroot (1H1) rolls fight 9D6: [1, 1, 1, 1, 1, 1, 1, 1, 1]  [L128]",
        "Lab Assistant (2M4) rolls fight 1D6: [6]  [L128]",
        "Sir Lance Oakroot (1H1)'s player plays no more Heroic Deeds  [L217]",
        "Sir Lance Oakroot (1H1)'s attack is parried by Lab Assistant (2M4) "
        "(0 to 1 successes)  [L128]",
    ]
    assert (game.model("1H1").wounds, game.model("2M4").wounds) == (9, 9)


def test_l126_a_model_in_melee_may_only_move_or_fight() -> None:
    game = on_table(at={"1M1": (10.0, 10.0), "2M4": (10.0, 10.0 + SMALL), "2M1": (20.0, 10.0)})
    activate(game, "1M1")
    assert options(game) == ["fight 1M1 2M4", "end 1M1"]
    refused(game, "shoot 1M1 butler_pistol 2M1", r"Butler is in melee and may only Move or Fight")
    refused(game, "charge 1M1 2M1", r"Butler is in melee and may only Move or Fight \(L126\)")


# -- Swift (L377) ------------------------------------------------------------------------------


def test_g36_l377_a_swift_halfling_defends_with_reflex_in_play() -> None:
    dice = ("fight", 4, 1, "reflex", 4, 4, 1, 1, 1)
    game = on_table(
        *dice,
        at={"1M1": (10.0, 10.0), "2H1": (10.0, 10.0 + SMALL)},
        clubs=["ash-and-oak", SMALL_FOLK],
        hands=(HAND_1, HAND_4),
    )
    activate(game, "1M1")
    game.apply("fight 1M1 2H1")
    assert options(game) == [
        "react 2H1 Fence",
        "react 2H1 Parry",
        "react 2H1 Fence swift",
        "react 2H1 Parry swift",
    ]
    mark = len(game.log)
    game.apply("react 2H1 Fence swift")
    no_rerolls_nor_deeds(game)
    assert lines(game, mark) == [
        "Pip (2H1) reacts: Fence  [L131]",
        "Pip (2H1) defends with its Reflex: Swift  [L377]",
        "Butler (1M1) rolls 2 dice: +2 Fight (L134); "
        "Pip (2H1) rolls 5 dice: +5 Reflex in place of Fight: Swift (L377)  [L128]",
        "Butler (1M1) rolls fight 2D6: [4, 1]  [L128]",
        "Pip (2H1) rolls reflex 5D6: [4, 4, 1, 1, 1]  [L128]",
        "Pip (2H1)'s player plays no more Heroic Deeds  [L217]",
        "Butler (1M1)'s attack is countered by Pip (2H1) (1 to 2 successes)  [L128]",
        "Butler (1M1) loses 2 Wounds "
        "(2 wounds: +1 Pip S (L145), +1 critical hits (L148)), 7 left  [L145]",
    ]
    # 1 success to 2: the Fence turns the blow, S1 and a critical hit.
    assert (game.model("1M1").wounds, game.model("2H1").wounds) == (7, 7)


def test_l377_a_swift_parry_adds_2_to_the_reflex() -> None:
    dice = ("fight", 4, 4, "reflex", 4, 4, 1, 1, 1, 1, 1)
    game = on_table(
        *dice,
        at={"1M1": (10.0, 10.0), "2H1": (10.0, 10.0 + SMALL)},
        clubs=["ash-and-oak", SMALL_FOLK],
        hands=(HAND_1, HAND_4),
    )
    activate(game, "1M1")
    game.apply("fight 1M1 2H1")
    mark = len(game.log)
    game.apply("react 2H1 Parry swift")
    no_rerolls_nor_deeds(game)
    assert lines(game, mark)[2] == (
        "Butler (1M1) rolls 2 dice: +2 Fight (L134); Pip (2H1) rolls 7 dice: "
        "+5 Reflex in place of Fight: Swift (L377), +2 Parry (L133)  [L128]"
    )
    # 2 successes to 2: a tie hits (L139), S3 and no critical hit.
    assert (game.model("1M1").wounds, game.model("2H1").wounds) == (9, 4)


def test_l377_a_toppled_halfling_rolls_its_one_die_with_no_choice() -> None:
    game = on_table(
        "fight",
        1,
        1,
        "fight",
        6,
        at={"1M1": (10.0, 10.0), "2H1": (10.0, 10.0 + SMALL)},
        clubs=["ash-and-oak", SMALL_FOLK],
        hands=(HAND_1, HAND_4),
    )
    game.model("2H1").toppled = True
    activate(game, "1M1")
    mark = len(game.log)
    game.apply("fight 1M1 2H1")
    # Toppled it may only Fence (L111), one die whatever it rolls: nothing to ask.
    assert lines(game, mark)[:2] == [
        "Pip (2H1) reacts: Fence  [L131]",
        "Butler (1M1) rolls 2 dice: +2 Fight (L134); Pip (2H1) rolls 1 dice: "
        "+2 Fight (L134), -1 Toppled: the pool is 1 (L111, §7 item 25)  [L128]",
    ]


def test_l377_only_a_swift_defender_rolls_its_reflex() -> None:
    game = on_table(at={"1M1": (10.0, 10.0), "2M4": (10.0, 10.0 + SMALL)})
    activate(game, "1M1")
    game.apply("fight 1M1 2M4")
    assert options(game) == ["react 2M4 Fence", "react 2M4 Parry"]
    refused(game, "react 2M4 Fence swift", r"not an option")


# -- leaving a melee (L163-L164) ---------------------------------------------------------------


def in_two_melees(*dice: str | int) -> WolsungGame:
    """A Butler activating in base contact with a Lab Assistant (F2) and a Security Golem
    (F3), the one of the two with the highest Fight."""
    game = on_table(
        *dice,
        at={"1M1": (10.0, 10.0), "2M4": (10.0, 10.0 + SMALL), "2M1": (10.0 - SMALL_LARGE, 10.0)},
    )
    activate(game, "1M1")
    return game


def test_l164_leaving_a_melee_passed_moves_on() -> None:
    game = in_two_melees("reflex", 4, 4, 1, "fight", 5, 1, 1)
    mark = len(game.log)
    game.apply("leave 1M1 14,10")
    assert game.model("1M1").pos == (14.0, 10.0)
    assert lines(game, mark) == [
        "Butler (1M1) rolls reflex 3D6: [4, 4, 1]  [L164]",
        "Security Golem (2M1) rolls fight 3D6: [5, 1, 1]  [L164]",
        "Butler (1M1) breaks away from Security Golem (2M1) (2 to 1 successes)  [L164]",
        'Butler (1M1) moves 4" to 14,10  [L73]',
    ]


def test_l164_leaving_a_melee_failed_stays_and_loses_the_action() -> None:
    game = in_two_melees("reflex", 4, 1, 1, "fight", 5, 4, 1)
    mark = len(game.log)
    game.apply("leave 1M1 14,10")
    assert game.model("1M1").pos == (10.0, 10.0)
    assert lines(game, mark) == [
        "Butler (1M1) rolls reflex 3D6: [4, 1, 1]  [L164]",
        "Security Golem (2M1) rolls fight 3D6: [5, 4, 1]  [L164]",
        "Butler (1M1) is held by Security Golem (2M1) (1 to 2 successes)  [L164]",
    ]
    assert game.decision is not None
    assert game.decision.prompt == "Butler: Action 2, or end the activation"
    assert options(game) == ["fight 1M1 2M1", "fight 1M1 2M4", "end 1M1"]


def at_the_ladder_in_melee(*dice: str | int) -> WolsungGame:
    """The Butler at the foot of ladder L1 activating, the Lab Assistant in base contact."""
    at = {"1M1": (19.2, 11.0), "2M4": (19.2 - SMALL, 11.0)}
    game = on_table(*dice, at=at, board=BOARD)
    activate(game, "1M1")
    return game


def test_l80_l164_a_ladder_climb_out_of_a_melee_passed_goes_up() -> None:
    game = at_the_ladder_in_melee("reflex", 4, 1, 1, "fight", 3, 2)
    # A climb is a Move (L80), the one way out of a melee besides the point of a Move (L126).
    assert options(game) == ["fight 1M1 2M4", "climb 1M1 L1", "end 1M1"]
    mark = len(game.log)
    game.apply("climb 1M1 L1")
    butler = game.model("1M1")
    assert (butler.pos, butler.level) == ((20.8, 11.0), "house")
    assert lines(game, mark) == [
        "Butler (1M1) rolls reflex 3D6: [4, 1, 1]  [L164]",
        "Lab Assistant (2M4) rolls fight 2D6: [3, 2]  [L164]",
        "Butler (1M1) breaks away from Lab Assistant (2M4) (1 to 0 successes)  [L164]",
        "Butler (1M1) climbs up ladder L1  [L80]",
    ]


def test_l80_l164_a_ladder_climb_out_of_a_melee_failed_stays_and_loses_the_action() -> None:
    game = at_the_ladder_in_melee("reflex", 4, 1, 1, "fight", 5, 4)
    mark = len(game.log)
    game.apply("climb 1M1 L1")
    butler = game.model("1M1")
    assert (butler.pos, butler.level) == ((19.2, 11.0), None)
    assert lines(game, mark) == [
        "Butler (1M1) rolls reflex 3D6: [4, 1, 1]  [L164]",
        "Lab Assistant (2M4) rolls fight 2D6: [5, 4]  [L164]",
        "Butler (1M1) is held by Lab Assistant (2M4) (1 to 2 successes)  [L164]",
    ]
    assert game.decision is not None
    assert game.decision.prompt == "Butler: Action 2, or end the activation"
    assert options(game) == ["fight 1M1 2M4", "climb 1M1 L1", "end 1M1"]


def test_l126_leaving_a_melee_may_not_end_in_contact_with_an_enemy() -> None:
    game = in_two_melees()
    # Around the Security Golem, still touching it.
    refused(
        game,
        "leave 1M1 8.62,8.62",
        r"a Move may not end in base contact with an enemy \(Security Golem\)",
    )


# -- Shoot (L81-L124) --------------------------------------------------------------------------


def shot_at(gap: float, *dice: str | int, board: str | dict[str, Any] = OPEN) -> WolsungGame:
    """A Butler activating with a Lab Assistant ``gap`` inches from its base, both on the
    ground."""
    game = on_table(*dice, at={"1M1": (2.0, 12.0), "2M4": (2.0 + gap + SMALL, 12.0)}, board=board)
    activate(game, "1M1")
    return game


def test_l82_no_shot_without_line_of_sight_but_a_charge_needs_none() -> None:
    # The 6" tower stands between the Butler and the Lab Assistant.
    game = on_table(at={"1M1": (32.0, 6.0), "2M4": (32.0, 14.0)}, board=BOARD)
    activate(game, "1M1")
    assert options(game) == ["charge 1M1 2M4", "end 1M1"]
    refused(
        game,
        "shoot 1M1 butler_pistol 2M4",
        r"Lab Assistant is not in Butler's line of sight \(L82\)",
    )


def test_l93_hold_nerves_the_target_stands() -> None:
    game = shot_at(6.0, "guns", 5, 4, 1, "reflex", 4, 1, 1)
    mark = len(game.log)
    game.apply("shoot 1M1 butler_pistol 2M4")
    # The distance is checked first (L90), then the target's owner answers (L93).
    assert game.decision is not None and game.decision.player == 1
    assert options(game) == ["hold-nerves 2M4", "dive-for-cover 2M4"]
    game.apply("hold-nerves 2M4")
    assistant = game.model("2M4")
    assert (assistant.wounds, assistant.toppled) == (4, False)
    assert lines(game, mark) == [
        'Lab Assistant (2M4) is 6" from Butler (1M1)  [L10]',
        "Lab Assistant (2M4) reacts: Hold Nerves  [L93]",
        'Butler (1M1) rolls 3 dice: +2 Guns (L97), +1 range 6" up to 8" (L107); '
        "Lab Assistant (2M4) rolls 3 dice: +3 Reflex (L101)  [L88]",
        "Butler (1M1) rolls guns 3D6: [5, 4, 1]  [L88]",
        "Lab Assistant (2M4) rolls reflex 3D6: [4, 1, 1]  [L88]",
        "Butler (1M1)'s shot hits Lab Assistant (2M4) (2 to 1 successes)  [L88]",
        "Lab Assistant (2M4) loses 5 Wounds "
        "(5 wounds: +4 Pistol S (L119), +1 critical hits (L121)), 4 left  [L119]",
    ]


def test_l95_dive_for_cover_gives_2_reflex_and_topples() -> None:
    game = shot_at(6.0, "guns", 5, 4, 1, "reflex", 6, 4, 4, 1, 1)
    game.apply("shoot 1M1 butler_pistol 2M4")
    mark = len(game.log)
    game.apply("dive-for-cover 2M4")
    assistant = game.model("2M4")
    assert (assistant.wounds, assistant.toppled) == (9, True)
    assert lines(game, mark) == [
        "Lab Assistant (2M4) reacts: Dive For Cover  [L93]",
        'Butler (1M1) rolls 3 dice: +2 Guns (L97), +1 range 6" up to 8" (L107); '
        "Lab Assistant (2M4) rolls 5 dice: +3 Reflex (L101), "
        "+2 Dived For Cover, Toppled (L95, L111)  [L88]",
        "Butler (1M1) rolls guns 3D6: [5, 4, 1]  [L88]",
        "Lab Assistant (2M4) rolls reflex 5D6: [6, 4, 4, 1, 1]  [L88]",
        "Butler (1M1)'s shot misses Lab Assistant (2M4) (2 to 3 successes)  [L88]",
    ]


@pytest.mark.parametrize(
    ("gap", "band", "guns", "successes"),
    [
        (6.0, '+1 range 6" up to 8"', (4, 1, 1), 1),
        (12.0, '-1 range 12" up to 16"', (4,), 1),
        # 2 Guns less 2 rolls no dice, and 0 successes to 0 still hits (§7 items 22, 23).
        (20.0, '-2 range 20" up to 24"', (), 0),
    ],
    ids=["first band", "second band", "last band"],
)
def test_l107_range_bands_of_the_pistol(
    gap: float, band: str, guns: tuple[int, ...], successes: int
) -> None:
    game = shot_at(gap, "guns", *guns, "reflex", 1, 1, 1)
    mark = len(game.log)
    game.apply("shoot 1M1 butler_pistol 2M4")
    game.apply("hold-nerves 2M4")
    assert lines(game, mark)[2] == (
        f"Butler (1M1) rolls {len(guns)} dice: +2 Guns (L97), {band} (L107); "
        "Lab Assistant (2M4) rolls 3 dice: +3 Reflex (L101)  [L88]"
    )
    assert lines(game, mark)[5] == (
        f"Butler (1M1)'s shot hits Lab Assistant (2M4) ({successes} to 0 successes)  [L88]"
    )


DWARF: dict[str, Any] = {
    "name": "The Deep Survey",
    "club": "Ash and Oak",
    "heroes": [
        {
            "name": "Brokk Deepdelver",
            "race": "Dwarf",
            "profession": "Famous Explorer",
            "gadgets": ["Uncle Hoggart's Pigeon Gun/Finger Pistol"],
        },
    ],
    "henchmen": [],
}
"""An Ash and Oak club of one custom Dwarf Hero (1H1, G4) with the Pigeon Gun of the Dwarf page
(L396-L397)."""


@pytest.mark.parametrize(
    ("gap", "band", "guns"),
    [(7.0, '+0 range 7" up to 12"', (4, 4, 1, 1)), (14.0, '-2 range 14" up to 24"', (4, 1))],
    ids=["second band", "last band"],
)
def test_l397_a_dwarfs_pigeon_gun_has_the_dwarf_pages_bands(
    gap: float, band: str, guns: tuple[int, ...]
) -> None:
    at = {"1H1": (2.0, 12.0), "2M4": (2.0 + gap + SMALL, 12.0)}
    hands = (HAND_1[:4], HAND_2)
    game = on_table(
        "guns", *guns, "reflex", 1, 1, 1, at=at, hands=hands, clubs=[DWARF, "inventors"]
    )
    activate(game, "1H1")
    mark = len(game.log)
    game.apply("shoot 1H1 pigeon_gun_dwarf 2M4")
    game.apply("hold-nerves 2M4")
    assert lines(game, mark)[2] == (
        f"Brokk Deepdelver (1H1) rolls {len(guns)} dice: +4 Guns (L97), {band} (L107); "
        "Lab Assistant (2M4) rolls 3 dice: +3 Reflex (L101)  [L88]"
    )


def test_l107_shot_beyond_the_last_band_misses_without_a_roll() -> None:
    game = shot_at(25.0)
    mark = len(game.log)
    game.apply("shoot 1M1 butler_pistol 2M4")
    # Declared, then measured (L90): out of range, the target is asked no reaction (L107).
    assert lines(game, mark) == [
        'Lab Assistant (2M4) is 25" from Butler (1M1)  [L10]',
        "Lab Assistant (2M4) is beyond the range of Butler (1M1)'s weapon: the shot misses  [L107]",
    ]
    assistant = game.model("2M4")
    assert (assistant.wounds, assistant.toppled) == (9, False)
    # The Action is spent all the same.
    assert game.decision is not None
    assert game.decision.prompt == "Butler: Action 2, or end the activation"


@pytest.mark.parametrize(
    ("shooter", "target", "hidden", "cover"),
    [
        # Two thirds of the body behind the 1" wall: more than half hidden.
        ((5.0, 8.0), (5.0, 14.0 + SMALL), "67%", 2),
        # A third of the body behind the 0.5" hedge: partly hidden.
        ((30.0, 14.0), (30.0, 18.0 + SMALL), "33%", 1),
    ],
    ids=["behind the wall", "behind the hedge"],
)
def test_l109_cover_from_terrain(
    shooter: tuple[float, float], target: tuple[float, float], hidden: str, cover: int
) -> None:
    reflex = (1,) * (3 + cover)
    game = on_table(
        "guns", 4, 4, 1, "reflex", *reflex, at={"1M1": shooter, "2M4": target}, board=BOARD
    )
    activate(game, "1M1")
    mark = len(game.log)
    game.apply("shoot 1M1 butler_pistol 2M4")
    game.apply("hold-nerves 2M4")
    assert lines(game, mark)[2].endswith(
        f"Lab Assistant (2M4) rolls {3 + cover} dice: +3 Reflex (L101), "
        f"+{cover} cover: {hidden} of the body hidden (L109)  [L88]"
    )


def test_l78_l109_a_model_in_rough_ground_taller_than_it_is_shot_in_cover() -> None:
    # The Lab Assistant stands in the 2" rubble, taller than its body: the rubble hides all of
    # it from the Butler 3" west of the heap, yet hides nothing from sight: cover +2 (L83).
    dice = ("guns", 4, 4, 1, "reflex", 1, 1, 1, 1, 1)
    game = on_table(*dice, at={"1M1": (9.0, 12.0), "2M4": (13.0, 12.0)}, board=BOARD)
    activate(game, "1M1")
    mark = len(game.log)
    game.apply("shoot 1M1 butler_pistol 2M4")
    game.apply("hold-nerves 2M4")
    assert lines(game, mark)[2].endswith(
        "Lab Assistant (2M4) rolls 5 dice: +3 Reflex (L101), "
        "+2 cover: 100% of the body hidden (L109)  [L88]"
    )


def test_l83_a_model_in_rough_ground_is_seen_in_contact_and_across_it_and_sees_out() -> None:
    game = on_table(at={"1M1": (13.0, 10.0), "2M4": (13.0, 10.0 + SMALL)}, board=BOARD)
    butler, lab = game.model("1M1"), game.model("2M4")
    # Both in the 2" rubble, in base contact: seen, the rubble hiding the body (L109).
    seen = sight(game, butler, lab)
    assert (seen.visible, seen.blocked_fraction) == (True, 1.0)
    # The Butler just out of the heap, the Lab Assistant on its far side: seen, in cover.
    put(game, "1M1", 14.0 + SMALL / 2, 12.0)
    put(game, "2M4", 12.0 + SMALL / 2, 12.0)
    seen = sight(game, butler, lab)
    assert (seen.visible, seen.blocked_fraction) == (True, 1.0)
    # From in the heap the Butler sees out over it: the Lab Assistant beyond is not hidden.
    put(game, "1M1", 13.0, 12.0)
    put(game, "2M4", 16.0, 12.0)
    assert sight(game, butler, lab).blocked_fraction == 0.0


def test_l78_the_rough_ground_stood_in_is_every_piece_the_base_reaches_into() -> None:
    # stood_in looks only at the pieces near the base: on the shipped board, for bases small
    # and large, it names every rough piece the base reaches more than CONTACT into, no other.
    board = load_board("wolsung")
    rough = [t for t in board.terrain if t.movement is Movement.ROUGH]
    for radius in (SMALL / 2, 1.0):
        for i, j in itertools.product(range(73), range(73)):
            at = (i / 2, j / 2)
            every = {t.id for t in rough if t.base_overlaps(at, radius, CONTACT)}
            assert stood_in(board, Body(at, radius)) == every, at
    # By a hair each side of the band: 0.02" into the rubble's west side, and 0.005".
    alley, r = Board.from_dict(BOARD), SMALL / 2
    assert stood_in(alley, Body((12.02 - r, 12.0), r)) == {"rubble"}
    assert stood_in(alley, Body((12.005 - r, 12.0), r)) == set()


def test_item_20_a_body_in_the_way_hides_part_of_the_target() -> None:
    # The other Butler stands a little to the side of the line of fire: a third of the Lab
    # Assistant's body is hidden behind it, cover +1 (L109, §7 item 20).
    dice = ("guns", 4, 4, 1, "reflex", 1, 1, 1, 1)
    game = on_table(*dice, at={"1M1": (10.0, 10.0), "1M2": (10.6, 13.0), "2M4": (10.0, 16.0)})
    activate(game, "1M1")
    mark = len(game.log)
    game.apply("shoot 1M1 butler_pistol 2M4")
    game.apply("hold-nerves 2M4")
    assert lines(game, mark)[2].endswith(
        "Lab Assistant (2M4) rolls 4 dice: +3 Reflex (L101), "
        "+1 cover: 33% of the body hidden (L109)  [L88]"
    )


def test_item_20_a_model_wholly_behind_another_is_out_of_sight() -> None:
    game = on_table(at={"1M1": (10.0, 10.0), "1M2": (10.0, 13.0), "2M4": (10.0, 16.0)})
    activate(game, "1M1")
    assert "shoot 1M1 butler_pistol 2M4" not in options(game)
    refused(
        game,
        "shoot 1M1 butler_pistol 2M4",
        r"Lab Assistant is not in Butler's line of sight \(L82\)",
    )


def test_item_20_a_body_hides_only_where_it_stands_now() -> None:
    # The bodies sight meets are kept by where the models stand: one that steps aside, then
    # one that leaves the table, no longer hides the target.
    game = on_table(at={"1M1": (10.0, 10.0), "1M2": (10.0, 13.0), "2M4": (10.0, 16.0)})
    activate(game, "1M1")
    shooter, screen, target = game.model("1M1"), game.model("1M2"), game.model("2M4")
    assert not sight(game, shooter, target).visible
    screen.x = 14.0
    assert sight(game, shooter, target).blocked_fraction == 0.0
    screen.x = 10.0
    assert not sight(game, shooter, target).visible
    screen.removed = "Out of Action"
    assert sight(game, shooter, target).blocked_fraction == 0.0


def test_item_20_switched_off_sight_passes_through_models() -> None:
    dice = ("guns", 4, 4, 1, "reflex", 1, 1, 1)
    at = {"1M1": (10.0, 10.0), "1M2": (10.0, 13.0), "2M4": (10.0, 16.0)}
    game = on_table(*dice, at=at, options={"house": {"models_block_sight": False}})
    activate(game, "1M1")
    mark = len(game.log)
    game.apply("shoot 1M1 butler_pistol 2M4")
    game.apply("hold-nerves 2M4")
    assert lines(game, mark)[2].endswith(
        "Lab Assistant (2M4) rolls 3 dice: +3 Reflex (L101)  [L88]"
    )


def test_l113_shooting_from_3_inches_above_gives_plus_1_guns() -> None:
    # The Butler at the edge of the 3" roof, the Lab Assistant 4" away on the ground below.
    dice = ("guns", 4, 1, 1, 1, "reflex", 1, 1, 1)
    game = on_table(*dice, at={"1M1": (23.0, 13.4), "2M4": (23.0, 17.4 + SMALL)}, board=BOARD)
    game.model("1M1").level = "house"
    activate(game, "1M1")
    mark = len(game.log)
    game.apply("shoot 1M1 butler_pistol 2M4")
    game.apply("hold-nerves 2M4")
    log = lines(game, mark)
    # Distances are 3D (L10): 4" across and 3" down make 5".
    assert [log[0], log[2]] == [
        'Lab Assistant (2M4) is 5" from Butler (1M1)  [L10]',
        'Butler (1M1) rolls 4 dice: +2 Guns (L97), +1 range 5" up to 8" (L107), '
        '+1 3" above the target (L113); Lab Assistant (2M4) rolls 3 dice: +3 Reflex (L101)  [L88]',
    ]


def test_l114_target_3_inches_above_the_shooter_gets_plus_1_reflex() -> None:
    dice = ("guns", 4, 1, 1, "reflex", 1, 1, 1, 1)
    game = on_table(*dice, at={"1M1": (23.0, 20.6 + SMALL), "2M4": (23.0, 13.4)}, board=BOARD)
    game.model("2M4").level = "house"
    activate(game, "1M1")
    mark = len(game.log)
    game.apply("shoot 1M1 butler_pistol 2M4")
    game.apply("hold-nerves 2M4")
    log = lines(game, mark)
    # 7.2" across and 3" up make 7.8".
    assert [log[0], log[2]] == [
        'Lab Assistant (2M4) is 7.8" from Butler (1M1)  [L10]',
        'Butler (1M1) rolls 3 dice: +2 Guns (L97), +1 range 7.8" up to 8" (L107); '
        'Lab Assistant (2M4) rolls 4 dice: +3 Reflex (L101), +1 3" above the shooter (L114)  [L88]',
    ]


def test_l226_move_penalty_after_a_move_never_below_1() -> None:
    dice = ("guns", 4, "reflex", 1, 1, 1)
    game = on_table(
        *dice,
        at={"1M1": (2.0, 12.0), "2M4": (2.0 + 25.0 + SMALL, 12.0)},
        clubs=[MARKSMEN, "inventors"],
    )
    activate(game, "1M1")
    game.apply("move 1M1 7,12")
    mark = len(game.log)
    game.apply("shoot 1M1 hunting_rifle 2M4")
    game.apply("hold-nerves 2M4")
    # 4 Guns, -2 at 20": Move Penalty [2] takes the 2 dice down to 1, not to 0 (§7 item 41).
    assert lines(game, mark)[2] == (
        'Abhinav Singh (1M1) rolls 1 dice: +4 Guns (L97), -2 range 20" up to 24" (L107), '
        "-1 Move Penalty [2], not below 1 (L226, §7 item 41); "
        "Lab Assistant (2M4) rolls 3 dice: +3 Reflex (L101)  [L88]"
    )
    # Hunting Rifle S6 and a critical hit.
    assert game.model("2M4").wounds == 2


TINKERS: dict[str, Any] = {
    "name": "The Tinkers",
    "club": "Inventors",
    "heroes": [{"named": "Snorri Rottstein"}, {"named": "Alice Tinkerly"}],
    "henchmen": [{"henchman": "Lab Assistant"}, {"henchman": "Clockwork Servant"}],
}
"""Snorri Rottstein (1H1, 40 mm, Ride), Alice Tinkerly (1H2, Engineer), a Lab Assistant (1M1,
30 mm) and a Clockwork Servant (1M2, Attunement)."""
WEST_OF_SNORRI = (10.0 - SMALL_LARGE, 10.0)


def armed(fighter: Combatant) -> Combatant:
    """``fighter`` with a Butler's Pistol (Quick) and a Hunting Rifle (Move Penalty [2], L533)
    besides its own weapons, G 3 and two Actions at least."""
    profile = fighter.profile.model_copy(update={"A": max(fighter.profile.A, 2), "G": 3})
    guns = (ranged("butler_pistol"), ranged("hunting_rifle"))
    return replace(fighter, profile=profile, ranged=(*fighter.ranged, *guns))


@pytest.mark.parametrize(
    ("mover", "first", "answer"),
    [
        ("1M1", "quick-move 1M1 butler_pistol 10,13", "hold-fire 1M1"),
        ("1H1", "ride-move 1H1 10,13", "no-carry 1H1"),
        ("1H2", "engineer-move 1H2 10,13", ""),
        ("1M2", "attune-move 1M2 10,13", ""),
    ],
    ids=["quick-move", "ride-move", "engineer-move", "attune-move"],
)
def test_l226_a_quick_actions_move_brings_move_penalty_on_a_later_shot(
    monkeypatch: pytest.MonkeyPatch, mover: str, first: str, answer: str
) -> None:
    # A Quick Action's Move is a Move Action (L228), Ride's the Move it follows (L664): the
    # shot of the next Action pays the rifle's Move Penalty [2], 3 Guns down to 1 die. The
    # Lab Assistant stands beside Snorri to ride; none is in reach to tend after the Move,
    # which is made all the same (L228); the Golem is within its Scientists' Control Range.
    refit(monkeypatch, armed, mover)
    at = {"1H1": (22.0, 4.0), "1H2": (18.0, 4.0), "1M1": WEST_OF_SNORRI, "1M2": (14.0, 4.0)}
    at |= {mover: (10.0, 10.0), "2M1": (10.0, 18.0)}
    dice = ("guns", 4, "reflex", 1, 1, 1)
    game = on_table(*dice, at=at, clubs=[TINKERS, "ash-and-oak"], hands=(HAND_1[:5], HAND_2))
    activate(game, mover)
    game.apply(first)
    if answer:
        game.apply(answer)
    mark = len(game.log)
    game.apply(f"shoot {mover} hunting_rifle 2M1")
    game.apply("hold-nerves 2M1")
    shot = lines(game, mark)[2]
    assert shot.startswith(f"{game.model(mover).name} ({mover}) rolls 1 dice: +3 Guns (L97), ")
    assert "-2 Move Penalty [2], not below 1 (L226, §7 item 41); " in shot


def test_l228_quick_move_then_shot_at_minus_1_guns() -> None:
    game = on_table(
        "guns", 4, 4, "reflex", 4, 1, 1, at={"1M1": (10.0, 10.0), "2M4": (10.0, 19.0 + SMALL)}
    )
    activate(game, "1M1")
    mark = len(game.log)
    game.apply("quick-move 1M1 butler_pistol 10,15")
    # The Move comes first (L75), then the target is chosen, or the shot held.
    assert game.model("1M1").pos == (10.0, 15.0)
    assert options(game) == ["shoot 1M1 butler_pistol 2M4", "hold-fire 1M1"]
    game.apply("shoot 1M1 butler_pistol 2M4")
    game.apply("hold-nerves 2M4")
    assert lines(game, mark)[3] == (
        'Butler (1M1) rolls 2 dice: +2 Guns (L97), +1 range 4" up to 8" (L107), '
        "-1 Quick: shot after a Move in this Action, last (L228); "
        "Lab Assistant (2M4) rolls 3 dice: +3 Reflex (L101)  [L88]"
    )
    assert game.model("2M4").wounds == 4
    # Move and shot were one Action.
    assert game.decision is not None
    assert game.decision.prompt == "Butler: Action 2, or end the activation"


def heavy_pistol(fighter: Combatant) -> Combatant:
    """``fighter`` with its Pistol given Move Penalty [1] besides Quick, as no shipped weapon
    has both."""
    pistol = ranged("butler_pistol")
    heavy = pistol.model_copy(update={"traits": (*pistol.traits, *refs("move_penalty[1]"))})
    return replace(fighter, ranged=tuple(heavy if w == pistol else w for w in fighter.ranged))


def test_l226_a_quick_shot_pays_move_penalty_for_its_own_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The Quick Move is a Move Action made before the shot (L228): 2 Guns +1 range, Move
    # Penalty [1] down to 2, not below 1, then Quick's -1 last (§7 items 41, 42).
    refit(monkeypatch, heavy_pistol, "1M1")
    game = on_table(
        "guns", 4, "reflex", 4, 1, 1, at={"1M1": (10.0, 10.0), "2M4": (10.0, 19.0 + SMALL)}
    )
    activate(game, "1M1")
    mark = len(game.log)
    game.apply("quick-move 1M1 butler_pistol 10,15")
    game.apply("shoot 1M1 butler_pistol 2M4")
    game.apply("hold-nerves 2M4")
    assert lines(game, mark)[3] == (
        'Butler (1M1) rolls 1 dice: +2 Guns (L97), +1 range 4" up to 8" (L107), '
        "-1 Move Penalty [1], not below 1 (L226, §7 item 41), "
        "-1 Quick: shot after a Move in this Action, last (L228); "
        "Lab Assistant (2M4) rolls 3 dice: +3 Reflex (L101)  [L88]"
    )


def test_l451_hidden_gives_plus_1_guns_to_the_first_shot_of_the_activation() -> None:
    dice = ("guns", 1, 1, 1, "reflex", 4, 1, 1, "guns", 1, 1, "reflex", 4, 1, 1)
    game = on_table(
        *dice,
        at={"1H3": (2.0, 12.0), "2M4": (2.0 + 10.0 + SMALL, 12.0)},
        clubs=[MARKSMEN, "inventors"],
    )
    activate(game, "1H3")
    mark = len(game.log)
    for _ in range(2):
        game.apply("shoot 1H3 virtue 2M4")
        game.apply("hold-nerves 2M4")
        pass_deeds(game)
    pools = [line for line in lines(game, mark) if " dice: " in line]
    assert pools == [
        'Lady Ellendeanne (1H3) rolls 3 dice: +2 Guns (L97), +0 range 10" up to 16" (L107), '
        "+1 Hidden: first shot of the activation (L451); "
        "Lab Assistant (2M4) rolls 3 dice: +3 Reflex (L101)  [L88]",
        'Lady Ellendeanne (1H3) rolls 2 dice: +2 Guns (L97), +0 range 10" up to 16" (L107); '
        "Lab Assistant (2M4) rolls 3 dice: +3 Reflex (L101)  [L88]",
    ]


def test_l451_a_shot_held_after_a_quick_move_leaves_hidden_for_the_first_shot_fired() -> None:
    dice = ("guns", 1, 1, 1, "reflex", 4, 1, 1)
    game = on_table(
        *dice,
        at={"1H3": (2.0, 12.0), "2M4": (2.0 + 10.0 + SMALL, 12.0)},
        clubs=[MARKSMEN, "inventors"],
    )
    activate(game, "1H3")
    game.apply("quick-move 1H3 virtue 2.5,12")
    game.apply("hold-fire 1H3")
    mark = len(game.log)
    game.apply("shoot 1H3 virtue 2M4")
    game.apply("hold-nerves 2M4")
    assert lines(game, mark)[2] == (
        'Lady Ellendeanne (1H3) rolls 3 dice: +2 Guns (L97), +0 range 9.5" up to 16" (L107), '
        "+1 Hidden: first shot of the activation (L451); "
        "Lab Assistant (2M4) rolls 3 dice: +3 Reflex (L101)  [L88]"
    )


# -- Rencontre (L513) --------------------------------------------------------------------------


def mary_is_shot(*dice: str | int) -> WolsungGame:
    """The Butler (1M1) shoots its Pistol at Mary Fearless (2H1), 6" away (3 dice, L107): she
    may answer with Rencontre."""
    game = on_table(
        *dice,
        at={"1M1": (2.0, 12.0), "2H1": (2.0 + 6.0 + SMALL, 12.0)},
        clubs=["ash-and-oak", FEARLESS],
        hands=(HAND_1, HAND_4),
    )
    activate(game, "1M1")
    game.apply("shoot 1M1 butler_pistol 2H1")
    assert options(game) == ["hold-nerves 2H1", "dive-for-cover 2H1", "rencontre 2H1"]
    return game


def test_g28_l513_mary_answers_a_shot_with_rencontre_in_play() -> None:
    # The Butler's 2 successes; Mary rolls her Guns 4 in place of R: 3.
    game = mary_is_shot("guns", 5, 5, 1, "guns", 6, 5, 5, 1)
    mark = len(game.log)
    game.apply("rencontre 2H1")
    game.apply("keep 2H1")
    game.apply("pass")
    # The shot turns on the Butler: the Colt Navy's S4 and a critical hit, Armour 0.
    assert (game.model("1M1").wounds, game.model("2H1").wounds) == (4, 9)
    assert lines(game, mark) == [
        "Mary Fearless (2H1) reacts: Rencontre  [L513]",
        'Butler (1M1) rolls 3 dice: +2 Guns (L97), +1 range 6" up to 8" (L107); Mary '
        "Fearless (2H1) rolls 4 dice: +4 Guns in place of Reflex: Rencontre (L513)  [L88]",
        "Butler (1M1) rolls guns 3D6: [5, 5, 1]  [L88]",
        "Mary Fearless (2H1) rolls guns 4D6: [6, 5, 5, 1]  [L88]",
        "Mary Fearless (2H1)'s player plays no more Heroic Deeds  [L217]",
        "Butler (1M1)'s shot misses Mary Fearless (2H1) (2 to 3 successes)  [L88]",
        "Mary Fearless (2H1) turns the shot back on Butler (1M1)  [L513]",
        "Butler (1M1) loses 5 Wounds "
        "(5 wounds: +4 Colt Navy S (L119), +1 critical hits (L121)), 4 left  [L513]",
    ]


def test_g28_item_69_a_rencontre_tie_hits_mary_and_her_luck_rolls_her_guns_again() -> None:
    # 2 successes to 2: the shot hits her (§7 item 69); Beginner's Luck rolls her Guns again.
    game = mary_is_shot("guns", 5, 5, 1, "guns", 6, 5, 1, 1, "guns", 1, 1, 1, 6)
    game.apply("rencontre 2H1")
    mark = len(game.log)
    game.apply("reroll 2H1 beginners_luck")
    game.apply("pass")
    assert lines(game, mark)[:2] == [
        "Mary Fearless (2H1) re-rolls all 4 dice of its guns roll [6, 5, 1, 1] "
        "against Butler (1M1): Beginner's Luck  [L222]",
        "Mary Fearless (2H1) rolls guns 4D6: [1, 1, 1, 6]  [L222]",
    ]
    # 2 to 1 now: S4 and a critical hit.
    assert (game.model("1M1").wounds, game.model("2H1").wounds) == (9, 4)


def test_l513_only_a_model_with_rencontre_may_answer_with_it() -> None:
    game = on_table(at={"1M1": (2.0, 12.0), "2M4": (10.0, 12.0)})
    activate(game, "1M1")
    game.apply("shoot 1M1 butler_pistol 2M4")
    assert options(game) == ["hold-nerves 2M4", "dive-for-cover 2M4"]
    refused(game, "rencontre 2M4", r"not an option")


# -- Military Experience (L477) ----------------------------------------------------------------


def old_guard(*dice: str | int, mary: float = 2.0) -> WolsungGame:
    """Sir Zachary (1H1) at 10,10, Mary Fearless (1H2) ``mary`` inches north of his base and a
    Lab Assistant (2M4) 6" east of hers, in the sight of both."""
    y = 10.0 + mary + SMALL
    game = on_table(
        *dice,
        at={"1H1": (10.0, 10.0), "1H2": (10.0, y), "2M4": (10.0 + 6.0 + SMALL, y)},
        clubs=[OLD_GUARD, "inventors"],
        hands=(HAND_1[:5], HAND_2),
    )
    return game


def test_l477_military_experience_gives_a_noble_within_3_inches_1_guns() -> None:
    game = old_guard("guns", 5, 5, 1, 1, 1, 1, "reflex", 4, 1, 1)
    activate(game, "1H2")
    mark = len(game.log)
    game.apply("shoot 1H2 colt_navy 2M4")
    game.apply("hold-nerves 2M4")
    assert lines(game, mark)[2:4] == [
        'Mary Fearless (1H2) rolls 6 dice: +4 Guns (L97), +1 range 6" up to 8" (L107), '
        '+1 Military Experience: a friend with it within 3" (L477); '
        "Lab Assistant (2M4) rolls 3 dice: +3 Reflex (L101)  [L88]",
        "Mary Fearless (1H2) rolls guns 6D6: [5, 5, 1, 1, 1, 1]  [L88]",
    ]


@pytest.mark.parametrize(
    ("shooter", "weapon", "mary", "pool"),
    [
        # Beyond 3" of Sir Zachary Mary rolls her own Guns and the band.
        ("1H2", "colt_navy", 3.5, 5),
        # Sir Zachary's own shot: the rule is for the other Nobles.
        ("1H1", "girardoni_windbuchse", 2.0, 7 + 1 + 1),
    ],
)
def test_l477_military_experience_is_for_other_nobles_within_3_inches(
    shooter: str, weapon: str, mary: float, pool: int
) -> None:
    game = old_guard("guns", *[1] * pool, "reflex", 1, 1, 1, mary=mary)
    activate(game, shooter)
    mark = len(game.log)
    game.apply(f"shoot {shooter} {weapon} 2M4")
    game.apply("hold-nerves 2M4")
    line = lines(game, mark)[2]
    assert f"rolls {pool} dice" in line
    assert "Military Experience" not in line


# -- shooting into a melee (L122-L124) ---------------------------------------------------------


def into_melee(*dice: str | int, shooter: str = "1M1", golem: bool = False) -> WolsungGame:
    """``shooter`` (the Butler 1M1 or Lord Pemberton 1H2) activating 5" from a Lab Assistant
    in base contact with the Butler 1M2 at its west side, and with the 40 mm Security Golem
    at its east side if ``golem``: none hides another from the shooter (§7 item 20)."""
    target = (10.0, 15.0 + SMALL)
    at = {shooter: (10.0, 10.0), "2M4": target, "1M2": (10.0 - SMALL, target[1])}
    if golem:
        at["2M1"] = (10.0 + SMALL_LARGE, target[1])
    game = on_table(*dice, at=at)
    activate(game, shooter)
    return game


def test_l123_shot_into_a_melee_hits_the_fewest_reflex_successes() -> None:
    game = into_melee("guns", 5, 4, 1, "reflex", 4, 5, 1, "reflex", 1, 2, 3)
    mark = len(game.log)
    game.apply("shoot 1M1 butler_pistol 2M4")
    game.apply("hold-nerves 2M4")
    # The friendly Butler rolled fewer successes than the Lab Assistant: it is hit.
    assert (game.model("1M2").wounds, game.model("2M4").wounds) == (3, 9)
    assert lines(game, mark) == [
        'Lab Assistant (2M4) is 5" from Butler (1M1)  [L10]',
        "Lab Assistant (2M4) reacts: Hold Nerves  [L93]",
        'Into the melee: Butler (1M1) rolls 3 dice: +2 Guns (L97), +1 range 5" up to 8" (L107); '
        "Lab Assistant (2M4) rolls 3 dice: +3 Reflex (L101); "
        "Butler (1M2) rolls 3 dice: +3 Reflex (L101)  [L123]",
        "Butler (1M1) rolls guns 3D6: [5, 4, 1]  [L123]",
        "Lab Assistant (2M4) rolls reflex 3D6: [4, 5, 1]  [L123]",
        "Butler (1M2) rolls reflex 3D6: [1, 2, 3]  [L123]",
        "Butler (1M2) has the fewest successes (0): the shot goes to it  [L123]",
        "Butler (1M1)'s shot hits Butler (1M2) (2 to 0 successes)  [L88]",
        "Butler (1M2) loses 6 Wounds "
        "(6 wounds: +4 Pistol S (L119), +2 critical hits (L121)), 3 left  [L119]",
    ]


def test_l123_the_shooter_picks_among_a_tie_for_the_fewest() -> None:
    game = into_melee("guns", 5, 1, 1, "reflex", 1, 1, 1, "reflex", 1, 1, 1)
    game.apply("shoot 1M1 butler_pistol 2M4")
    game.apply("hold-nerves 2M4")
    assert game.decision is not None and game.decision.player == 0
    assert options(game) == ["hit 0 2M4", "hit 1 1M2"]
    refused(game, "hit 1 1M1", r"not an option")
    game.apply("hit 0 2M4")
    assert (game.model("1M2").wounds, game.model("2M4").wounds) == (9, 4)


def test_l123_the_log_shows_every_pool_into_a_melee_and_the_pick_among_a_tie() -> None:
    # Each model's pool with its terms, as a shot at one model logs them (L88), and then who
    # tied for the fewest successes and which of them the shooter's player picked.
    game = into_melee("guns", 5, 1, 1, "reflex", 1, 1, 1, "reflex", 1, 1, 1)
    mark = len(game.log)
    game.apply("shoot 1M1 butler_pistol 2M4")
    game.apply("hold-nerves 2M4")
    game.apply("hit 0 2M4")
    assert lines(game, mark)[2:7] == [
        'Into the melee: Butler (1M1) rolls 3 dice: +2 Guns (L97), +1 range 5" up to 8" (L107); '
        "Lab Assistant (2M4) rolls 3 dice: +3 Reflex (L101); "
        "Butler (1M2) rolls 3 dice: +3 Reflex (L101)  [L123]",
        "Butler (1M1) rolls guns 3D6: [5, 1, 1]  [L123]",
        "Lab Assistant (2M4) rolls reflex 3D6: [1, 1, 1]  [L123]",
        "Butler (1M2) rolls reflex 3D6: [1, 1, 1]  [L123]",
        "Lab Assistant (2M4) and Butler (1M2) tie with the fewest successes (0): "
        "Butler (1M1)'s player (Club 1) picks Lab Assistant (2M4) to be hit  [L123]",
    ]


def test_l124_smaller_bases_gain_1_reflex_in_a_melee_with_a_larger_one() -> None:
    # The Security Golem, 5" away, has the Butler 1M2 in base contact beside it: the 30 mm
    # Butler rolls 3 + 1 dice, the 40 mm Golem its 2.
    golem = 15.0 + SMALL_LARGE
    dice = ("guns", 5, 4, 1, "reflex", 1, 1, "reflex", 4, 1, 1, 1)
    game = on_table(
        *dice, at={"1M1": (10.0, 10.0), "2M1": (10.0, golem), "1M2": (10.0 - SMALL_LARGE, golem)}
    )
    activate(game, "1M1")
    mark = len(game.log)
    game.apply("shoot 1M1 butler_pistol 2M1")
    game.apply("hold-nerves 2M1")
    assert lines(game, mark)[2:] == [
        'Into the melee: Butler (1M1) rolls 3 dice: +2 Guns (L97), +1 range 5" up to 8" (L107); '
        "Security Golem (2M1) rolls 2 dice: +2 Reflex (L101); Butler (1M2) rolls 4 dice: "
        "+3 Reflex (L101), +1 smaller base in a melee with a larger one (L124)  [L123]",
        "Butler (1M1) rolls guns 3D6: [5, 4, 1]  [L123]",
        "Security Golem (2M1) rolls reflex 2D6: [1, 1]  [L123]",
        "Butler (1M2) rolls reflex 4D6: [4, 1, 1, 1]  [L123]",
        "Security Golem (2M1) has the fewest successes (0): the shot goes to it  [L123]",
        "Butler (1M1)'s shot hits Security Golem (2M1) (2 to 0 successes)  [L88]",
        "Security Golem (2M1) loses 0 Wounds "
        "(0 wounds: +4 Pistol S (L119), +2 critical hits (L121), -8 Armour (L120)), 6 left  [L119]",
    ]


def test_l124_a_larger_base_anywhere_in_the_melee_gives_the_1_reflex() -> None:
    # The 40 mm Security Golem touches only the Butler 1M2, not the declared Lab Assistant: it
    # rolls no Reflex, but it is in the same melee (L155), so both 30 mm models roll 3 + 1.
    target = (10.0, 15.0 + SMALL)
    butler = (10.0 - SMALL, target[1])
    golem = (butler[0] - SMALL_LARGE, target[1])
    dice = ("guns", 5, 4, 1, "reflex", 4, 5, 1, 1, "reflex", 1, 1, 2, 3)
    game = on_table(*dice, at={"1M1": (10.0, 10.0), "2M4": target, "1M2": butler, "2M1": golem})
    activate(game, "1M1")
    mark = len(game.log)
    game.apply("shoot 1M1 butler_pistol 2M4")
    game.apply("hold-nerves 2M4")
    assert lines(game, mark)[3:6] == [
        "Butler (1M1) rolls guns 3D6: [5, 4, 1]  [L123]",
        "Lab Assistant (2M4) rolls reflex 4D6: [4, 5, 1, 1]  [L123]",
        "Butler (1M2) rolls reflex 4D6: [1, 1, 2, 3]  [L123]",
    ]
    assert (game.model("1M2").wounds, game.model("2M4").wounds) == (3, 9)


def test_item_29_every_model_in_contact_with_the_target_rolls_reflex() -> None:
    # G25: the Lab Assistant has the Butler 1M2 and its own Security Golem in base contact.
    # Each rolls its Reflex, the 30 mm models +1 beside the 40 mm Golem (L124); the Golem has
    # the fewest successes and is hit.
    game = into_melee(
        "guns", 5, 4, 1, "reflex", 4, 4, 1, 1, "reflex", 4, 1, 1, 1, "reflex", 1, 1, golem=True
    )
    mark = len(game.log)
    game.apply("shoot 1M1 butler_pistol 2M4")
    game.apply("hold-nerves 2M4")
    assert lines(game, mark)[4:7] == [
        "Lab Assistant (2M4) rolls reflex 4D6: [4, 4, 1, 1]  [L123]",
        "Butler (1M2) rolls reflex 4D6: [4, 1, 1, 1]  [L123]",
        "Security Golem (2M1) rolls reflex 2D6: [1, 1]  [L123]",
    ]
    assert lines(game, mark)[8] == (
        "Butler (1M1)'s shot hits Security Golem (2M1) (2 to 0 successes)  [L88]"
    )


def test_l448_the_umbrella_guards_its_bearer_targeted_not_a_bystander_of_a_melee() -> None:
    # Lord Pemberton shoots the Lab Assistant, in base contact with Lady Ellendeanne: she
    # rolls her Reflex only beside the target, so her Umbrella gives her nothing (L123).
    target = (10.0, 15.0 + SMALL)
    at = {"1H2": (10.0, 10.0), "2M4": target, "1H3": (10.0 - SMALL, target[1])}
    dice = ("guns", 5, 4, 1, 1, "reflex", 4, 5, 1, "reflex", 4, 4, 1, 1)
    game = on_table(*dice, at=at, clubs=[MARKSMEN, "inventors"])
    activate(game, "1H2")
    mark = len(game.log)
    game.apply("shoot 1H2 windbuchse 2M4")
    game.apply("hold-nerves 2M4")
    assert lines(game, mark)[3:6] == [
        "Lord Pemberton (1H2) rolls guns 4D6: [5, 4, 1, 1]  [L123]",
        "Lab Assistant (2M4) rolls reflex 3D6: [4, 5, 1]  [L123]",
        "Lady Ellendeanne (1H3) rolls reflex 4D6: [4, 4, 1, 1]  [L123]",
    ]
    # Lord Pemberton keeps his dice (L222); two successes each: his owner picks the one hit.
    game.apply("keep 1H2")
    assert options(game) == ["hit 0 2M4", "hit 1 1H3"]


def test_l448_the_umbrella_against_a_shooter_placed_exactly_12_inches_off() -> None:
    # The Shade shoots Lady Ellendeanne 12" east of it, a gap measured as 12.000000000000002":
    # within the Umbrella's 12" and the Repeater Crossbow's first band alike.
    at = {"1M1": (4.0, 12.0), "2H3": (4.0 + 12.0 + SMALL, 12.0)}
    dice = ("guns", 1, 1, 1, 1, "reflex", 1, 1, 1, 1, 1)
    game = on_table(*dice, at=at, clubs=["triad", MARKSMEN])
    activate(game, "1M1")
    mark = len(game.log)
    game.apply("shoot 1M1 repeater_crossbow 2H3")
    game.apply("hold-nerves 2H3")
    assert lines(game, mark)[2] == (
        'Shade (1M1) rolls 4 dice: +3 Guns (L97), +1 range 12" up to 12" (L107); '
        "Lady Ellendeanne (2H3) rolls 5 dice: +4 Reflex (L101), "
        '+1 Umbrella: a living shooter within 12" (L448, §7 item 65)  [L88]'
    )


def test_l222_beginners_luck_of_a_shooter_into_a_melee() -> None:
    dice = ("guns", 1, 1, 1, 1, "reflex", 4, 4, 1, "reflex", 4, 1, 1, "guns", 5, 5, 1, 1)
    game = into_melee(*dice, shooter="1H2")
    game.apply("shoot 1H2 windbuchse 2M4")
    game.apply("hold-nerves 2M4")
    # The Butler 1M2 is hit with 1 success to Lord Pemberton's none: he may re-roll (L222).
    assert game.decision is not None and game.decision.kind == "reroll"
    assert options(game) == ["reroll 1H2 beginners_luck", "keep 1H2"]
    game.apply("reroll 1H2 beginners_luck")
    pass_deeds(game)
    # 2 successes to 1: the Windbüchse's S3 and a critical hit.
    assert game.model("1M2").wounds == 5


def test_l222_beginners_luck_of_a_target_in_a_melee_may_change_the_model_hit() -> None:
    # Thorvald, the declared target, has the Butler 1M2 in base contact: each rolled Reflex,
    # Thorvald the fewest. His Luck comes after the shooter's pool, before the model hit is
    # known (§7 item 40); re-rolled, the Butler has the fewest and is hit (L123).
    target = (10.0, 15.0 + SMALL)
    at = {"1M1": (10.0, 10.0), "2H1": target, "1M2": (10.0 - SMALL, target[1])}
    dice = ("guns", 5, 4, 1, "reflex", 1, 1, 1, "reflex", 4, 4, 1, "reflex", 5, 5, 5)
    game = on_table(*dice, at=at)
    activate(game, "1M1")
    game.apply("shoot 1M1 butler_pistol 2H1")
    game.apply("hold-nerves 2H1")
    assert game.decision is not None and game.decision.player == 1
    assert options(game) == ["reroll 2H1 beginners_luck", "keep 2H1"]
    mark = len(game.log)
    game.apply("reroll 2H1 beginners_luck")
    assert lines(game, mark) == [
        "Thorvald Nielsgaard (2H1) re-rolls all 3 dice of its reflex roll [1, 1, 1] "
        "against Butler (1M1): Beginner's Luck  [L222]",
        "Thorvald Nielsgaard (2H1) rolls reflex 3D6: [5, 5, 5]  [L222]",
        "Butler (1M2) has the fewest successes (2): the shot goes to it  [L123]",
        "Butler (1M1)'s shot hits Butler (1M2) (2 to 2 successes)  [L88]",
        "Butler (1M2) loses 4 Wounds (4 wounds: +4 Pistol S (L119)), 5 left  [L119]",
    ]
    assert game.state.used_this_game == (("2H1", "beginners_luck"),)


def test_l222_beginners_luck_of_a_friend_beside_the_target_of_a_shot_into_a_melee() -> None:
    # Lord Pemberton touches the declared Lab Assistant: his Reflex roll is re-rolled in its
    # turn, after the target's, and breaks the tie that would have let the shooter pick (L123).
    target = (10.0, 15.0 + SMALL)
    at = {"1M1": (10.0, 10.0), "2M4": target, "1H2": (10.0 - SMALL, target[1])}
    dice = ("guns", 5, 4, 1, "reflex", 1, 1, 1, "reflex", 1, 1, 1, 1, "reflex", 5, 5, 5, 5)
    game = on_table(*dice, at=at)
    activate(game, "1M1")
    game.apply("shoot 1M1 butler_pistol 2M4")
    game.apply("hold-nerves 2M4")
    assert game.decision is not None and game.decision.player == 0
    assert options(game) == ["reroll 1H2 beginners_luck", "keep 1H2"]
    mark = len(game.log)
    game.apply("reroll 1H2 beginners_luck")
    assert lines(game, mark)[:4] == [
        "Lord Pemberton (1H2) re-rolls all 4 dice of its reflex roll [1, 1, 1, 1] "
        "against Butler (1M1): Beginner's Luck  [L222]",
        "Lord Pemberton (1H2) rolls reflex 4D6: [5, 5, 5, 5]  [L222]",
        "Lab Assistant (2M4) has the fewest successes (0): the shot goes to it  [L123]",
        "Butler (1M1)'s shot hits Lab Assistant (2M4) (2 to 0 successes)  [L88]",
    ]


# -- Topple and Heroic Recovery (L110-L111, L211) ----------------------------------------------


def test_l111_toppled_model_spends_its_first_action_standing_up() -> None:
    game = shot_at(6.0, "guns", 1, 1, 1, "reflex", 1, 1, 1, 1, 1)
    game.apply("shoot 1M1 butler_pistol 2M4")
    game.apply("dive-for-cover 2M4")
    game.apply("end 1M1")
    # Still Toppled when its own activation comes (L111).
    activate(game, "2M4")
    assert options(game) == ["stand-up 2M4", "end 2M4"]
    assert game.decision is not None and game.decision.points == ()
    refused(
        game,
        "shoot 2M4 lab_flask 1M1",
        r"Lab Assistant is Toppled: its first Action stands it up \(L111\)",
    )
    mark = len(game.log)
    game.apply("stand-up 2M4")
    assistant = game.model("2M4")
    assert not assistant.toppled
    assert lines(game, mark) == ["Lab Assistant (2M4) spends an Action standing up  [L111]"]
    assert game.decision is not None
    assert game.decision.prompt == "Lab Assistant: Action 2, or end the activation"


def test_l111_a_toppled_model_ending_with_no_action_stands_up_all_the_same() -> None:
    # A second Butler, still to activate, keeps the turn going.
    at = {"1M1": (2.0, 12.0), "2M4": (2.0 + 6.0 + SMALL, 12.0), "1M2": (2.0, 30.0)}
    game = on_table("guns", 1, 1, 1, "reflex", 1, 1, 1, 1, 1, at=at)
    activate(game, "1M1")
    game.apply("shoot 1M1 butler_pistol 2M4")
    game.apply("dive-for-cover 2M4")
    game.apply("end 1M1")
    hand_over(game)
    activate(game, "2M4")
    mark = len(game.log)
    game.apply("end 2M4")
    # Toppled until it activates (§7 item 26): no +2R against the shots of the next turn.
    assert not game.model("2M4").toppled
    assert lines(game, mark) == [
        "Lab Assistant (2M4) ends its activation  [L62]",
        "Lab Assistant (2M4) stands up as its activation ends  [L111]",
    ]


def test_l111_a_model_toppled_in_its_own_activation_stays_so_until_the_next() -> None:
    # The Butler attacks Snorri, whose Fence wins: his blow Bashes the Butler over (L664).
    at = {"1M1": (10.0, 10.0), "2H1": (10.0, 10.0 + SMALL_LARGE)}
    game = on_table(
        "fight", 1, 1, "fight", 5, 5, at=at, clubs=["ash-and-oak", SNORRI], hands=(HAND_1, HAND_4)
    )
    activate(game, "1M1")
    game.apply("fight 1M1 2H1")
    game.apply("react 2H1 Fence")
    pass_deeds(game)
    butler = game.model("1M1")
    assert butler.toppled
    # Its second Action is no standing up: it stays Toppled until its next activation.
    assert "stand-up 1M1" not in options(game)
    refused(game, "stand-up 1M1", r"not an option")
    game.apply("end 1M1")
    assert butler.toppled


def test_l111_a_toppled_model_fights_with_1_die_and_may_only_fence() -> None:
    game = on_table(
        "fight", 1, 1, "fight", 4, at={"1M1": (10.0, 10.0), "2M4": (10.0, 10.0 + SMALL)}
    )
    game.model("2M4").toppled = True
    activate(game, "1M1")
    mark = len(game.log)
    # Fence is its one reaction: nobody is asked.
    game.apply("fight 1M1 2M4")
    assert lines(game, mark)[:2] == [
        "Lab Assistant (2M4) reacts: Fence  [L131]",
        "Butler (1M1) rolls 2 dice: +2 Fight (L134); Lab Assistant (2M4) rolls 1 dice: "
        "+2 Fight (L134), -1 Toppled: the pool is 1 (L111, §7 item 25)  [L128]",
    ]
    # Its one die wins, and a Fence turns the blow: S3 and a critical hit.
    assert game.model("1M1").wounds == 5


def test_l111_a_toppled_target_gains_2_reflex_against_shots() -> None:
    game = shot_at(6.0, "guns", 4, 1, 1, "reflex", 1, 1, 1, 1, 1)
    game.model("2M4").toppled = True
    mark = len(game.log)
    game.apply("shoot 1M1 butler_pistol 2M4")
    game.apply("hold-nerves 2M4")
    assert lines(game, mark)[2].endswith(
        "Lab Assistant (2M4) rolls 5 dice: +3 Reflex (L101), +2 Toppled (L111)  [L88]"
    )


def steal_for_club_2(game: WolsungGame, card: str) -> None:
    """Club 1 keeps Sir Oakroot's top-hat and passes the Steal, and club 2 bids ``card``: club 2
    activates first (L434, L46)."""
    game.apply("no-top-hat 1H1")
    game.apply("pass")
    game.apply(f"bid {card}")


def test_l211_heroic_recovery_with_a_card_of_the_heros_suit() -> None:
    game = new_game(hands=(HAND_1, ("2D", "3D", "4D", "5D", "6S", "7D")))
    steal_for_club_2(game, "7D")
    thorvald = game.model("2H1")
    thorvald.toppled = True
    game.apply("activate 2H1")
    # Thorvald is a Diamonds Hero: only his diamonds may pay (L207, L211).
    assert game.decision is not None and game.decision.kind == "recovery"
    assert options(game) == [
        "recover 2H1 5D",
        "recover 2H1 4D",
        "recover 2H1 3D",
        "recover 2H1 2D",
        "no-recovery",
    ]
    mark = len(game.log)
    game.apply("recover 2H1 2D")
    assert not thorvald.toppled
    assert "2D" in [c.text for c in game.pile("discards").cards]
    assert "2D" not in [c.text for c in game.pile(hand_pile(1)).cards]
    assert lines(game, mark)[-1] == "Thorvald Nielsgaard (2H1) stands up: Heroic Recovery  [L211]"
    game.apply("no-heroic-move")
    # No Action was spent on it.
    assert game.decision is not None
    assert game.decision.prompt == "Thorvald Nielsgaard: Action 1, or end the activation"


def test_l211_a_card_of_another_suit_refused_for_heroic_recovery() -> None:
    game = new_game(hands=(HAND_1, ("2D", "3D", "4D", "5D", "6S", "7D")))
    steal_for_club_2(game, "7D")
    game.model("2H1").toppled = True
    game.apply("activate 2H1")
    refused(game, "recover 2H1 6S", r"6S.*suit")


def test_l211_a_toppled_hero_that_pays_no_card_stands_up_with_an_action() -> None:
    game = new_game()
    steal_for_club_2(game, "7D")
    game.model("2H1").toppled = True
    game.apply("activate 2H1")
    game.apply("no-recovery")
    game.apply("no-heroic-move")
    assert options(game) == ["stand-up 2H1", "end 2H1"]


# -- Beginner's Luck (L222) --------------------------------------------------------------------


def test_l222_beginners_luck_re_rolls_all_the_dice_once_a_game() -> None:
    first = ("guns", 1, 1, 2, 3, "reflex", 4, 1, 1)
    luck = ("guns", 5, 5, 4, 1)
    second = ("guns", 1, 1, 1, 1, "reflex", 4, 1, 1)
    dice = (*first, *luck, *second)
    game = on_table(*dice, at={"1H2": (2.0, 12.0), "2M4": (2.0 + 10.0 + SMALL, 12.0)})
    activate(game, "1H2")
    game.apply("shoot 1H2 windbuchse 2M4")
    game.apply("hold-nerves 2M4")
    assert game.decision is not None and game.decision.player == 0
    assert options(game) == ["reroll 1H2 beginners_luck", "keep 1H2"]
    mark = len(game.log)
    game.apply("reroll 1H2 beginners_luck")
    # His hand holds no red card, but he is asked all the same (L217).
    pass_deeds(game)
    assert lines(game, mark) == [
        "Lord Pemberton (1H2) re-rolls all 4 dice of its guns roll [1, 1, 2, 3] "
        "against Lab Assistant (2M4): Beginner's Luck  [L222]",
        "Lord Pemberton (1H2) rolls guns 4D6: [5, 5, 4, 1]  [L222]",
        "Lord Pemberton (1H2)'s player plays no more Heroic Deeds  [L217]",
        "Lord Pemberton (1H2)'s shot hits Lab Assistant (2M4) (3 to 1 successes)  [L88]",
        "Lab Assistant (2M4) loses 5 Wounds "
        "(5 wounds: +3 Windbüchse S (L119), +2 critical hits (L121)), 4 left  [L119]",
    ]
    assert game.state.used_this_game == (("1H2", "beginners_luck"),)
    # Once a game: the second shot's dice stand.
    mark = len(game.log)
    game.apply("shoot 1H2 windbuchse 2M4")
    game.apply("hold-nerves 2M4")
    pass_deeds(game)
    assert lines(game, mark)[-1] == (
        "Lord Pemberton (1H2)'s shot misses Lab Assistant (2M4) (0 to 1 successes)  [L88]"
    )


def test_l222_beginners_luck_of_the_target() -> None:
    dice = ("guns", 4, 4, 1, "reflex", 1, 1, 1, "reflex", 5, 5, 5)
    game = on_table(*dice, at={"1M1": (2.0, 12.0), "2H1": (2.0 + 6.0 + SMALL, 12.0)})
    activate(game, "1M1")
    game.apply("shoot 1M1 butler_pistol 2H1")
    game.apply("hold-nerves 2H1")
    assert game.decision is not None and game.decision.player == 1
    assert options(game) == ["reroll 2H1 beginners_luck", "keep 2H1"]
    mark = len(game.log)
    game.apply("reroll 2H1 beginners_luck")
    # Thorvald's club holds red cards, which Shooting takes (L217): it is asked, and passes.
    assert game.decision is not None and game.decision.kind == "heroic-deed"
    game.apply("pass")
    assert lines(game, mark) == [
        "Thorvald Nielsgaard (2H1) re-rolls all 3 dice of its reflex roll [1, 1, 1] "
        "against Butler (1M1): Beginner's Luck  [L222]",
        "Thorvald Nielsgaard (2H1) rolls reflex 3D6: [5, 5, 5]  [L222]",
        "Thorvald Nielsgaard (2H1)'s player plays no more Heroic Deeds  [L217]",
        "Butler (1M1)'s shot misses Thorvald Nielsgaard (2H1) (2 to 3 successes)  [L88]",
    ]


def test_l222_beginners_luck_in_melee_the_attacker_then_the_defender() -> None:
    dice = ("fight", 1, 1, 1, 1, "fight", 4, 4, 4, 4, "fight", 5, 5, 5, 5)
    game = on_table(*dice, at={"1H2": (10.0, 10.0), "2H1": (10.0, 10.0 + SMALL)})
    activate(game, "1H2")
    game.apply("fight 1H2 2H1")
    game.apply("react 2H1 Fence")
    assert game.decision is not None and game.decision.player == 0
    assert options(game) == ["reroll 1H2 beginners_luck", "keep 1H2"]
    mark = len(game.log)
    game.apply("reroll 1H2 beginners_luck")
    assert game.decision is not None and game.decision.player == 1
    assert options(game) == ["reroll 2H1 beginners_luck", "keep 2H1"]
    game.apply("keep 2H1")
    # A tie, the target's club first, though it holds no black card; then Lord Pemberton's.
    assert game.decision is not None and game.decision.kind == "heroic-deed"
    assert game.decision.player == 1
    pass_deeds(game)
    assert lines(game, mark)[:2] == [
        "Lord Pemberton (1H2) re-rolls all 4 dice of its fight roll [1, 1, 1, 1] "
        "against Thorvald Nielsgaard (2H1): Beginner's Luck  [L222]",
        "Lord Pemberton (1H2) rolls fight 4D6: [5, 5, 5, 5]  [L222]",
    ]
    assert lines(game, mark)[-2:] == [
        "Lord Pemberton (1H2)'s attack hits Thorvald Nielsgaard (2H1) (4 to 4 successes)  [L128]",
        "Thorvald Nielsgaard (2H1) loses 3 Wounds "
        "(3 wounds: +3 Lord Pemberton S (L145)), 8 left  [L145]",
    ]


# -- Heroic Deeds (L217-L218) ------------------------------------------------------------------

BLACK_2 = ("2D", "3D", "4D", "5D", "6S", "7S")
"""Club 2's hand with two black cards, for Heroic Deeds in melee (L217)."""


def hero_fight(*dice: str | int) -> WolsungGame:
    """Sir Lance Oakroot attacking Hilda Cogsworth, two Heroes; she can only Parry (L224).
    Club 1 holds clubs and a King of clubs, club 2 :data:`BLACK_2`."""
    game = on_table(
        *dice,
        at={"1H1": (10.0, 10.0), "2H2": (10.0, 10.0 + SMALL)},
        hands=(("2C", "3C", "4C", "5C", "6C", "KC"), BLACK_2),
    )
    activate(game, "1H1")
    game.apply("fight 1H1 2H2")
    return game


def test_l218_the_side_behind_plays_first_then_one_card_at_a_time() -> None:
    game = hero_fight("fight", 4, 4, 1, 1, 1, 1, 1, 1, 1, "fight", 4, 4, 4, 1, 1)
    # Sir Lance rolled 2 successes to Hilda's 3: his player lays first (G6), black cards for
    # a melee (L217).
    assert game.decision is not None and game.decision.kind == "heroic-deed"
    assert game.decision.player == 0
    assert options(game) == [
        "deed KC",
        "deed 6C",
        "deed 5C",
        "deed 4C",
        "deed 3C",
        "deed 2C",
        "pass",
    ]
    mark = len(game.log)
    game.apply("deed KC")
    assert game.decision is not None and game.decision.player == 1
    assert options(game) == ["deed 7S", "deed 6S", "pass"]
    game.apply("deed 6S")
    assert game.decision is not None and game.decision.player == 0
    game.apply("pass")
    # Once one side passes it is done, and the other may lay as many as it likes (L218).
    assert game.decision is not None and game.decision.player == 1
    refused(game, "deed 6C", r"not an option")
    game.apply("deed 7S")
    assert lines(game, mark)[:7] == [
        "Discard KC from Club 1's hand to discards  [L217]",
        "Sir Lance Oakroot (1H1)'s player lays KC: +2 successes (Heroic Deed)  [L217]",
        "Discard 6S from Club 2's hand to discards  [L217]",
        "Hilda Cogsworth (2H2)'s player lays 6S: +1 successes (Heroic Deed)  [L217]",
        "Sir Lance Oakroot (1H1)'s player plays no more Heroic Deeds  [L217]",
        "Discard 7S from Club 2's hand to discards  [L217]",
        "Hilda Cogsworth (2H2)'s player lays 7S: +1 successes (Heroic Deed)  [L217]",
    ]


def test_g5_court_cards_and_aces_add_2_successes_other_cards_1() -> None:
    dice = ("fight", 1, 1, 1, 1, 1, 1, 1, 1, 1, "fight", 4, 1, 1, 1)
    game = on_table(
        *dice,
        at={"1H1": (10.0, 10.0), "2M4": (10.0, 10.0 + SMALL)},
        hands=(("2C", "10C", "JC", "AC", "5C", "6C"), HAND_2),
    )
    activate(game, "1H1")
    game.apply("fight 1H1 2M4")
    mark = len(game.log)
    for card in ("AC", "JC", "10C", "2C"):
        game.apply(f"deed {card}")
    # The Lab Assistant is no Hero: Sir Lance's player goes on until it passes (L218).
    assert game.decision is not None
    assert game.decision.prompt == (
        "Heroic Deed for Sir Lance Oakroot in melee (+6 so far): a card, or pass"
    )
    assert [line for line in lines(game, mark) if "lays" in line] == [
        "Sir Lance Oakroot (1H1)'s player lays AC: +2 successes (Heroic Deed)  [L217]",
        "Sir Lance Oakroot (1H1)'s player lays JC: +2 successes (Heroic Deed)  [L217]",
        "Sir Lance Oakroot (1H1)'s player lays 10C: +1 successes (Heroic Deed)  [L217]",
        "Sir Lance Oakroot (1H1)'s player lays 2C: +1 successes (Heroic Deed)  [L217]",
    ]


def test_l218_a_court_card_adds_2_successes_to_the_melee() -> None:
    game = hero_fight("fight", 4, 4, 1, 1, 1, 1, 1, 1, 1, "fight", 4, 4, 4, 1, 1)
    game.apply("deed KC")
    # Hilda's player passes; Sir Lance's may lay more, and passes too.
    game.apply("pass")
    game.apply("pass")
    # 2 + 2 successes to 3: Sir Lance hits, S2 and a critical hit.
    assert lines(game)[-2:] == [
        "Sir Lance Oakroot (1H1)'s attack hits Hilda Cogsworth (2H2) (4 to 3 successes)  [L128]",
        "Hilda Cogsworth (2H2) loses 3 Wounds "
        "(3 wounds: +2 Sir Lance Oakroot S (L145), +1 critical hits (L148)), 6 left  [L145]",
    ]


def test_l218_on_a_tie_the_target_plays_first() -> None:
    game = hero_fight("fight", 4, 4, 4, 1, 1, 1, 1, 1, 1, "fight", 4, 4, 4, 1, 1)
    assert game.decision is not None and game.decision.kind == "heroic-deed"
    assert game.decision.player == 1
    assert options(game) == ["deed 7S", "deed 6S", "pass"]
    game.apply("pass")
    game.apply("pass")
    # 3 successes to 3 and no card: the tie hits (L139).
    assert game.model("2H2").wounds == 7


def shot_at_hilda() -> WolsungGame:
    """A Butler's shot at Hilda Cogsworth rolled, 2 successes to 1; club 2 holds
    :data:`BLACK_2`."""
    dice = ("guns", 4, 4, 1, "reflex", 4, 1, 1)
    game = on_table(
        *dice, at={"1M1": (2.0, 12.0), "2H2": (2.0 + 6.0 + SMALL, 12.0)}, hands=(HAND_1, BLACK_2)
    )
    activate(game, "1M1")
    game.apply("shoot 1M1 butler_pistol 2H2")
    game.apply("hold-nerves 2H2")
    return game


def test_l217_shooting_takes_red_cards_only() -> None:
    game = shot_at_hilda()
    # The Butler is no Hero: Hilda's player alone lays cards, until it passes (§7 item 38).
    assert game.decision is not None and game.decision.player == 1
    assert options(game) == ["deed 5D", "deed 4D", "deed 3D", "deed 2D", "pass"]
    refused(game, "deed 7S", r"not an option")
    game.apply("deed 5D")
    assert game.decision is not None and game.decision.player == 1
    assert options(game) == ["deed 4D", "deed 3D", "deed 2D", "pass"]


def test_l217_heroic_deeds_add_successes_to_the_target() -> None:
    game = shot_at_hilda()
    game.apply("deed 5D")
    game.apply("deed 4D")
    game.apply("pass")
    # 2 successes to 1 + 2: a miss.
    assert game.model("2H2").wounds == 9
    assert lines(game)[-1] == (
        "Butler (1M1)'s shot misses Hilda Cogsworth (2H2) (2 to 3 successes)  [L88]"
    )


def test_l164_heroic_deeds_in_leaving_a_melee() -> None:
    dice = ("reflex", 1, 1, 1, 1, "fight", 4, 1)
    game = on_table(*dice, at={"1H2": (10.0, 10.0), "2M4": (10.0, 10.0 + SMALL)})
    activate(game, "1H2")
    game.apply("leave 1H2 14,10")
    game.apply("keep 1H2")  # his Beginner's Luck is offered first (L222, §7 item 34)
    # 0 successes to 1: a black card makes it 1 to 1, and Lord Pemberton breaks away.
    assert options(game) == [
        "deed 7C",
        "deed 6C",
        "deed 5C",
        "deed 4C",
        "deed 3C",
        "deed 2C",
        "pass",
    ]
    game.apply("deed 2C")
    game.apply("pass")
    assert game.model("1H2").pos == (14.0, 10.0)


# -- damage and Armour (L27, L44, L115-L121, L140-L146) ----------------------------------------


def test_l44_hits_land_at_the_end_of_the_action_and_0_wounds_is_out() -> None:
    # The Triad's Shade (1M1) fires its Repeater Crossbow, Fast shot [2], twice at one target.
    dice = ("guns", 6, 6, 5, 4, "reflex", 1, 1, 1, "guns", 5, 4, 1, "reflex", 4, 1, 1)
    game = on_table(
        *dice,
        at={"1M1": (2.0, 12.0), "2M4": (2.0 + 6.0 + SMALL, 12.0), "2M1": (30.0, 20.0)},
        clubs=["triad", "inventors"],
    )
    activate(game, "1M1")
    mark = len(game.log)
    game.apply("shoot 1M1 repeater_crossbow 2M4")
    game.apply("hold-nerves 2M4")
    # The first hit waits for the end of the Action: the target is whole and may be shot again
    # (§7 item 43).
    assistant = game.model("2M4")
    assert (assistant.wounds, assistant.on_table) == (9, True)
    assert options(game) == [
        "shoot 1M1 repeater_crossbow 2M1",
        "shoot 1M1 repeater_crossbow 2M4",
        "hold-fire 1M1",
    ]
    game.apply("shoot 1M1 repeater_crossbow 2M4")
    game.apply("hold-nerves 2M4")
    assert assistant.removed == "out of action"
    assert not assistant.on_table
    assert lines(game, mark)[-7:] == [
        'Shade (1M1) rolls 3 dice: +3 Guns (L97), +1 range 6" up to 12" (L107), '
        "-1 Fast shot: shot 2 (L230); Lab Assistant (2M4) rolls 3 dice: +3 Reflex (L101)  [L88]",
        "Shade (1M1) rolls guns 3D6: [5, 4, 1]  [L88]",
        "Lab Assistant (2M4) rolls reflex 3D6: [4, 1, 1]  [L88]",
        "Shade (1M1)'s shot hits Lab Assistant (2M4) (2 to 1 successes)  [L88]",
        "Lab Assistant (2M4) loses 7 Wounds "
        "(7 wounds: +3 Repeater Crossbow S (L119), +4 critical hits (L121)), 2 left  [L119]",
        "Lab Assistant (2M4) loses 2 Wounds "
        "(4 wounds: +3 Repeater Crossbow S (L119), +1 critical hits (L121)), 0 left  [L119]",
        "Lab Assistant (2M4) is out of the game  [L27]",
    ]


def countered_by_thorvald(
    *dice: str | int, clubs: list[str | dict[str, Any]] | None = None, wounds: int = 0
) -> WolsungGame:
    """Club 1's henchman 1M1, left with ``wounds`` (0: all of them), attacks Thorvald (S7),
    whose Fence wins by 4 successes: 11 Wounds for 1M1, less its Armour. Sir Lance Oakroot
    stands aside."""
    game = on_table(
        *dice,
        at={"1M1": (10.0, 10.0), "2H1": (10.0, 10.0 + SMALL), "1H1": (30.0, 2.0)},
        clubs=clubs,
    )
    if wounds:
        game.model("1M1").wounds = wounds
    activate(game, "1M1")
    game.apply("fight 1M1 2H1")
    game.apply("react 2H1 Fence")
    # Thorvald keeps his dice rather than spend his Beginner's Luck.
    game.apply("keep 2H1")
    pass_deeds(game)
    return game


def test_l236_hard_to_kill_leaves_1_wound() -> None:
    # The Bruiser, hurt already down to 5 of its 15 Wounds, takes 10.
    game = countered_by_thorvald(
        "fight", 1, 1, 1, 1, "fight", 4, 4, 4, 4, clubs=[BRUISERS, "inventors"], wounds=5
    )
    bruiser = game.model("1M1")
    assert (bruiser.wounds, bruiser.on_table) == (1, True)


def test_l236_the_log_tells_hard_to_kill() -> None:
    game = countered_by_thorvald(
        "fight", 1, 1, 1, 1, "fight", 4, 4, 4, 4, clubs=[BRUISERS, "inventors"], wounds=5
    )
    assert any("Hard to Kill" in line and line.endswith("[L236]") for line in lines(game))


def test_l439_butlers_are_hard_to_kill_with_sir_lance_on_the_table() -> None:
    # The Butler's 9 Wounds meet 11.
    game = countered_by_thorvald("fight", 1, 1, "fight", 4, 4, 4, 4)
    butler = game.model("1M1")
    assert (butler.wounds, butler.on_table) == (1, True)


def oakroot_hits_the_golem() -> WolsungGame:
    """Sir Lance Oakroot's blow on the Security Golem (Armour 8): 6 successes to none."""
    dice = ("fight", 4, 4, 4, 4, 4, 4, 1, 1, 1, "fight", 1, 1, 1, 1, 1)
    game = on_table(*dice, at={"1H1": (10.0, 10.0), "2M1": (10.0, 10.0 + SMALL_LARGE)})
    activate(game, "1H1")
    game.apply("fight 1H1 2M1")
    pass_deeds(game)
    return game


def test_l146_armour_takes_its_value_off_the_damage() -> None:
    game = oakroot_hits_the_golem()
    # S2 and 6 critical hits less Armour 8, of which the Rapier's Armour Piercing [1] leaves 7
    # ([HOUSE] §7 item 55).
    assert game.model("2M1").wounds == 5
    assert lines(game)[-1].startswith(
        "Security Golem (2M1) loses 1 Wounds (1 wounds: +2 Sir Lance Oakroot S (L145), "
        "+6 critical hits (L148), -8 Armour (L146), "
    )


def test_l146_the_log_gives_armour_piercing_back_with_a_plus() -> None:
    game = oakroot_hits_the_golem()
    assert lines(game)[-1] == (
        "Security Golem (2M1) loses 1 Wounds (1 wounds: +2 Sir Lance Oakroot S (L145), "
        "+6 critical hits (L148), -8 Armour (L146), "
        "+1 Armour Piercing [1] ([HOUSE] §7 item 55)), 5 left  [L145]"
    )


# -- the Actions of an activation (L62) --------------------------------------------------------


@pytest.mark.parametrize(
    ("actions", "dice", "done"),
    [
        (
            ("move 1M1 10,15", "shoot 1M1 butler_pistol 2M4", "hold-nerves 2M4"),
            ("guns", 1, 1, 1, "reflex", 4, 1, 1),
            [
                'Butler (1M1) moves 5" to 10,15  [L73]',
                "Butler (1M1)'s shot misses Lab Assistant (2M4) (0 to 1 successes)  [L88]",
            ],
        ),
        (
            ("move 1M1 10,15", "move 1M1 10,20"),
            (),
            ['Butler (1M1) moves 5" to 10,15  [L73]', 'Butler (1M1) moves 5" to 10,20  [L73]'],
        ),
        (
            (
                "shoot 1M1 butler_pistol 2M4",
                "hold-nerves 2M4",
                "shoot 1M1 butler_pistol 2M4",
                "hold-nerves 2M4",
            ),
            ("guns", 1, "reflex", 4, 1, 1, "guns", 1, "reflex", 4, 1, 1),
            ["Butler (1M1)'s shot misses Lab Assistant (2M4) (0 to 1 successes)  [L88]"] * 2,
        ),
    ],
    ids=["move then shoot", "move twice", "shoot twice"],
)
def test_x6_l62_two_actions_in_any_order(
    actions: tuple[str, ...], dice: tuple[str | int, ...], done: list[str]
) -> None:
    # The Butler (A 2) 12" from the Lab Assistant.
    game = on_table(*dice, at={"1M1": (10.0, 10.0), "2M4": (10.0, 22.0 + SMALL)})
    activate(game, "1M1")
    mark = len(game.log)
    for action in actions:
        game.apply(action)
    assert [line for line in lines(game, mark) if " moves " in line or "'s shot " in line] == done
    # Its two Actions spent, the activation is over: club 2's model is next.
    assert game.decision is not None and game.decision.player == 1
    assert options(game) == ["activate 2M4"]


# -- rough ground (L78) ------------------------------------------------------------------------


def test_g45_l78_m5_goes_2_5_inches_a_move_in_rough_ground() -> None:
    # The Butler (M 5) stands wholly in the rubble and moves along it.
    game = on_table(at={"1M1": (13.0, 9.0), "2M4": (30.0, 30.0)}, board=BOARD)
    activate(game, "1M1")
    refused(game, "move 1M1 13,11.6", r'no path within 5": the way there costs 5.2"')
    mark = len(game.log)
    game.apply("move 1M1 13,11.5")
    assert game.model("1M1").pos == (13.0, 11.5)
    assert lines(game, mark) == ['Butler (1M1) moves 2.5" to 13,11.5  [L73]']


# -- Concealed in the Crowd (L727-L731) --------------------------------------------------------

HATRED: dict[str, Any] = {
    "name": "The Burning Lotus",
    "club": "Triad of Lotus Dragon",
    "heroes": [
        {"named": "Xen Jidao"},
        {
            "name": "Kao",
            "race": "Orc",
            "profession": "Blademaster",
            "gadgets": ["Amulet of Burning Hatred"],
        },
    ],
    "henchmen": [{"henchman": "Fisherman"}, {"henchman": "Trader"}],
}
"""A Triad club whose Kao (2H2) carries the Amulet of Burning Hatred (L750): Xen Jidao brings 2
Funds, Kao keeps 5 - 1 - 1 = 3; the Fisherman (2M1) and the Trader (2M2) cost 1 each."""


def test_l727_the_triads_fisherman_and_trader_start_concealed_in_the_crowd() -> None:
    game = new_game(clubs=["ash-and-oak", "triad"])
    assert game.state.crowd == ("2M2", "2M3")
    assert [line for line in lines(game) if "Crowd" in line] == [
        "Fisherman (2M2) starts the game Concealed in the Crowd  [L727]",
        "Trader (2M3) starts the game Concealed in the Crowd  [L727]",
    ]
    status = game.ruleset.model_status(game, game.model("2M2"))
    assert status.conditions == ("in the Crowd",)


def test_l750_under_the_amulet_of_burning_hatred_no_token_but_gruesome_damage() -> None:
    game = new_game(clubs=["ash-and-oak", HATRED], hands=(HAND_1, HAND_2[:5]))
    assert game.state.crowd == ()
    fisherman = current(game, game.model("2M1"))
    assert fisherman.has("gruesome_damage") and not fisherman.has("concealed_in_the_crowd")


def test_l750_the_amulets_gruesome_damage_goes_with_the_fishermans_shots_too() -> None:
    # Club 1 is the Burning Lotus, the house rule on: its Fisherman's Fishing Net (S0) hits
    # the Butler 1" away with two critical hits, each worth 2 (§7 item 56): 0 + 2 + 2 = 4.
    dice = ("guns", 5, 5, 4, 1, 1, "reflex", 4, 1, 1)
    game = on_table(
        *dice,
        at={"1M1": (10.0, 10.0), "2M1": (10.0, 11.0 + SMALL)},
        clubs=[HATRED, "ash-and-oak"],
        hands=(HAND_1[:5], HAND_2),
        options={"house": {"gruesome_damage": True}},
    )
    activate(game, "1M1")
    game.apply("shoot 1M1 fishing_net 2M1")
    mark = len(game.log)
    game.apply("hold-nerves 2M1")
    pass_deeds(game)
    assert [line for line in lines(game, mark) if "Wounds" in line] == [
        "Butler (2M1) loses 4 Wounds (4 wounds: +0 Fishing Net S (L119), +2 critical hits "
        "(L121), +2 Gruesome Damage ([HOUSE] §7 item 56)), 5 left  [L119]"
    ]
    assert game.model("2M1").wounds == 5


def test_l739_a_blademaster_with_no_melee_weapon_still_strikes_with_armour_piercing() -> None:
    game = new_game(clubs=["ash-and-oak", HATRED], hands=(HAND_1, HAND_2[:5]))
    kao = current(game, game.model("2H2"))
    assert kao.melee is None
    # F5 S3 against the Bruiser's F4 and Armour 1, two critical hits: 3 + 2 - (1 - 1) = 5.
    dice = scripted("fight", 4, 4, 1, 1, 1, "fight", 1, 1, 1, 1)
    blow = strike(dice, Fight(Fighter(kao), Fighter(model("bruiser"))))
    assert blow.damage is not None and blow.damage.wounds == 5
    assert "Armour Piercing [1]" in str(blow.damage)


def test_l735_a_stealth_killers_gruesome_damage_is_on_every_melee_attack() -> None:
    club = {
        "name": "Killers",
        "club": "Triad of Lotus Dragon",
        "heroes": [{"name": "Jun", "race": "Orc", "profession": "Stealth Killer"}],
    }
    game = new_game(clubs=["ash-and-oak", club], hands=(HAND_1, HAND_2[:4]))
    jun = current(game, game.model("2H1"))
    assert jun.melee is None and [ref.id for ref in jun.melee_traits] == ["gruesome_damage"]
    # Bare-handed, with the house rule on, each critical hit adds 2, not 1 (§7 item 56).
    fight = Fight(Fighter(jun), Fighter(model("butler")))
    faces = ("fight", 5, 5, 1, 1, 1, "fight", 1, 1)
    plain = strike(scripted(*faces), fight).damage
    gruesome = strike(scripted(*faces), fight, HouseRules(gruesome_damage=True)).damage
    assert plain is not None and gruesome is not None
    criticals = sum(term.amount for term in plain.criticals)
    assert criticals > 0 and gruesome.wounds == plain.wounds + criticals


def test_g60_l731_a_fisherman_in_the_crowd_is_no_target_until_an_enemy_ends_near() -> None:
    # Club 2 is the Triad: its Fisherman (2M2) stands 6" from the Butler.
    fisherman = (10.0, 16.0 + SMALL)
    game = on_table(at={"1M1": (10.0, 10.0), "2M2": fisherman}, clubs=["ash-and-oak", "triad"])
    activate(game, "1M1")
    # Neither a shot nor a Charge at it is offered (L731, §7 item 87).
    assert options(game) == ["end 1M1"]
    no_target = r"Fisherman is Concealed in the Crowd: no target of a shot or an attack \(L731\)"
    refused(game, "shoot 1M1 butler_pistol 2M2", no_target)
    refused(game, "charge 1M1 2M2", no_target)
    # The Butler ends its activation 2.9" from the Fisherman: the token is lost (L730).
    game.apply("move 1M1 10,13.1")
    mark = len(game.log)
    game.apply("end 1M1")
    assert lines(game, mark) == [
        "Butler (1M1) ends its activation  [L62]",
        'Fisherman (2M2) loses its Crowd Token: Butler (1M1) is within 3"  [L730]',
    ]
    assert "2M2" not in game.state.crowd


def test_l729_a_fisherman_ending_within_3_inches_of_an_enemy_loses_its_token() -> None:
    game = on_table(
        at={"1M2": (10.0, 10.0), "2M1": (10.0, 16.0 + SMALL)}, clubs=["triad", "ash-and-oak"]
    )
    activate(game, "1M2")
    game.apply("move 1M2 10,13")
    mark = len(game.log)
    game.apply("end 1M2")
    assert lines(game, mark) == [
        "Fisherman (1M2) ends its activation  [L62]",
        'Fisherman (1M2) loses its Crowd Token: Butler (2M1) is within 3"  [L729]',
    ]
    assert "1M2" not in game.state.crowd


def test_l729_a_fisherman_ending_beyond_3_inches_keeps_its_token() -> None:
    game = on_table(
        at={"1M2": (10.0, 10.0), "2M1": (10.0, 16.0 + SMALL)}, clubs=["triad", "ash-and-oak"]
    )
    activate(game, "1M2")
    game.apply("move 1M2 10,12.9")
    game.apply("end 1M2")
    assert "1M2" in game.state.crowd  # 3.1" from the Butler


def test_l728_a_fisherman_that_shoots_loses_its_token() -> None:
    # The Fishing Net reaches 2" (L844).
    game = on_table(
        "guns",
        6,
        6,
        6,
        6,
        6,
        "reflex",
        1,
        1,
        1,
        at={"1M2": (10.0, 10.0), "2M1": (10.0, 11.5 + SMALL)},
        clubs=["triad", "ash-and-oak"],
    )
    activate(game, "1M2")
    mark = len(game.log)
    game.apply("shoot 1M2 fishing_net 2M1")
    assert lines(game, mark)[0] == "Fisherman (1M2) loses its Crowd Token: it attacks  [L728]"
    game.apply("hold-nerves 2M1")
    # Now it is a target like any other.
    assert game.state.crowd == ("1M3",)


def test_l731_no_fight_with_a_model_in_the_crowd() -> None:
    # The Butler stands in base contact with the Fisherman, in melee with it (L126).
    game = on_table(
        at={"1M1": (10.0, 10.0), "2M2": (10.0, 10.0 + SMALL)}, clubs=["ash-and-oak", "triad"]
    )
    activate(game, "1M1")
    assert options(game) == ["end 1M1"]
    refused(game, "fight 1M1 2M2", r"Fisherman is Concealed in the Crowd")


def test_l731_no_spell_at_a_model_in_the_crowd() -> None:
    # Thorvald sees the Fisherman 6" away: Lightning reaches 12" (L594).
    game = on_table(at={"1H1": (10.0, 10.0), "2M2": (16.0, 10.0)}, clubs=["inventors", "triad"])
    activate(game, "1H1")
    assert not [o for o in options(game) if o.startswith("cast")]
    refused(game, "cast 1H1 lightning 2M2", r"it is Concealed in the Crowd \(L731\)")


def test_l731_a_trample_passes_over_a_model_in_the_crowd() -> None:
    # The Security Golem (1M1) in base contact with the Shade (2M1), the Fisherman (2M2) 0.5"
    # off; Hilda (1H2) holds the Golem (L556). Trample attacks every enemy within 1" (L686).
    golem = (10.0, 10.0)
    at = {
        "1H2": (4.0, 16.0),
        "1M1": golem,
        "2M1": (golem[0] + SMALL_LARGE, golem[1]),
        "2M2": (golem[0] - SMALL_LARGE - 0.5, golem[1]),
    }
    game = on_table("fight", 6, 5, 1, "fight", 1, 1, 1, 1, at=at, clubs=["inventors", "triad"])
    game.apply("activate 1M1")
    assert options(game) == ["fight 1M1 2M1", "trample 1M1", "end 1M1"]
    mark = len(game.log)
    game.apply("trample 1M1")
    game.apply("react 2M1 Fence")
    pass_deeds(game)
    attacked = [line for line in lines(game, mark) if "'s attack" in line]
    assert attacked == ["Security Golem (1M1)'s attack hits Shade (2M1) (2 to 0 successes)  [L128]"]
    assert game.model("2M2").wounds == 8


def test_l731_no_trample_with_only_a_model_in_the_crowd_in_contact() -> None:
    golem = (10.0, 10.0)
    at = {"1H2": (4.0, 16.0), "1M1": golem, "2M2": (golem[0] + SMALL_LARGE, golem[1])}
    game = on_table(at=at, clubs=["inventors", "triad"])
    game.apply("activate 1M1")
    assert options(game) == ["end 1M1"]
