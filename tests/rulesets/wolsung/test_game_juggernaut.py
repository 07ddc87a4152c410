"""Golden tests of the Security Golem's Juggernaut in play: through a wall and beneath a roof,
never ending inside either, over rough ground at no cost; a Charge through a wall, at a target
against one, and one that falls short of a wall; a Move back toward a Scientist through a wall,
and round a building too deep to cross; the heuristic player's spots beyond a wall (L687; rules
notes §7 items 19, 33, 72). Each test checks where the models end and the log lines with the
rules they cite; a refused Move leaves the game exactly as it was.

Club 1 is the Inventors: Hilda Cogsworth (1H2), a Scientist (L357), the Security Golem (1M1,
40 mm, M 3, Juggernaut) and the Laboratory Golem (1M2, M 4, no Juggernaut); club 2 is Ash and
Oak, its Butler 2M1."""

from __future__ import annotations

import functools
import math
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from tests.rulesets.wolsung.table_game import (
    SMALL,
    SMALL_LARGE,
    activate,
    lines,
    on_table,
    options,
    put,
    refused,
)

from skirmish.geometry.board import Board
from skirmish.geometry.paths import Path
from skirmish.geometry.shapes import CONTACT, mm_to_inches
from skirmish.rulesets.wolsung.ai.points import move_points
from skirmish.rulesets.wolsung.game.juggernaut import last_fit, walled_in
from skirmish.rulesets.wolsung.game.movement import move_error
from skirmish.rulesets.wolsung.game.state import WolsungGame

BOARD: dict[str, Any] = Board.from_dict(
    {
        "name": "Walled yard",
        "width": 36.0,
        "height": 36.0,
        "terrain": [
            {
                "id": "wall",
                "name": "Yard wall",
                "kind": "impassable",
                "height": 4.0,
                "polygon": [[20.0, 4.0], [20.2, 4.0], [20.2, 20.0], [20.0, 20.0]],
            },
            {
                "id": "kiosk",
                "name": "Kiosk",
                "kind": "climbable",
                "height": 4.0,
                "polygon": [[26.0, 24.0], [27.4, 24.0], [27.4, 30.0], [26.0, 30.0]],
            },
            {
                "id": "rubble",
                "name": "Rubble",
                "kind": "rough",
                "height": 2.0,
                "polygon": [[4.0, 24.0], [8.0, 24.0], [8.0, 30.0], [4.0, 30.0]],
            },
        ],
    }
).to_dict()
"""A yard cut by a 4" wall, 0.2" thick (impassable, L79), with a kiosk 1.4" across whose roof
a model may stand on (climbable, L80) and a heap of rubble (rough ground, L78)."""

GOLEM = mm_to_inches(40) / 2
"""The Security Golem's base radius."""
HILDA = (14.0, 12.0)
"""Where Hilda stands: every spot of these tests is within her Control Range (L556)."""
FAR = (30.0, 34.0)
"""Where the Butler stands when a test needs it out of the way."""


def yard(hilda: tuple[float, float] = HILDA, **at: tuple[float, float]) -> WolsungGame:
    """The yard with Hilda at ``hilda``, the Butler far off, and the models ``at`` where they
    stand; the first of them is activated."""
    game = on_table(
        at={"1H2": hilda, "2M1": FAR, **at},
        board=BOARD,
        clubs=["inventors", "ash-and-oak"],
    )
    activate(game, next(iter(at)))
    return game


def test_l687_juggernaut_moves_through_a_wall() -> None:
    game = yard(**{"1M1": (19.0, 12.0)})
    mark = len(game.log)
    game.apply("move 1M1 21.5,12")
    assert game.model("1M1").pos == (21.5, 12.0)
    assert lines(game, mark) == ['Security Golem (1M1) moves 2.5" to 21.5,12  [L73]']


def test_l79_a_golem_without_juggernaut_goes_round_the_wall() -> None:
    game = yard(**{"1M2": (19.0, 12.0)})
    refused(game, "move 1M2 21.5,12", r'no path within 4": the way there costs 18.17"')


def test_l687_a_move_may_not_end_inside_the_wall() -> None:
    game = yard(**{"1M1": (19.0, 12.0)})
    reason = r"Security Golem may go through Yard wall but not end its Move inside it \(L687\)"
    refused(game, "move 1M1 20.1,12", reason)
    # Its centre clear of the wall, its base still reaching into it.
    refused(game, "move 1M1 20.9,12", reason)
    # Its base clear of the wall's far side.
    game.apply("move 1M1 21,12")
    assert game.model("1M1").pos == (21.0, 12.0)


def test_l687_a_move_through_a_building_stays_beneath_its_roof() -> None:
    # The Butler stands on the kiosk's roof, 4" up: the Golem walks through the kiosk's ground
    # floor beneath him, and stays on the ground (L79, L80).
    game = yard(hilda=(22.0, 27.0), **{"1M1": (25.2, 27.0), "2M1": (26.7, 27.0)})
    game.model("2M1").level = "kiosk"
    refused(
        game,
        "move 1M1 26.7,25",
        r"Security Golem may go through Kiosk but not end its Move inside it \(L687\)",
    )
    mark = len(game.log)
    game.apply("move 1M1 28.2,27")
    golem = game.model("1M1")
    assert (golem.pos, golem.level) == ((28.2, 27.0), None)
    assert lines(game, mark) == ['Security Golem (1M1) moves 3" to 28.2,27  [L73]']


RUBBLE_SIDE = (4.0, 20.0)
"""Where Hilda stands for the tests by the rubble."""


def test_l687_item_19_juggernaut_ignores_rough_ground() -> None:
    # 3" into the rubble, 2.2" of it under the centre: the whole Move, costing no more (§7
    # item 19).
    game = yard(hilda=RUBBLE_SIDE, **{"1M1": (3.2, 27.0)})
    mark = len(game.log)
    game.apply("move 1M1 6.2,27")
    assert lines(game, mark) == ['Security Golem (1M1) moves 3" to 6.2,27  [L73]']


def test_item_16_the_laboratory_golem_pays_double_in_the_rubble() -> None:
    # The same 3" cost it 0.8 + 2 x 2.2 = 5.2" of its 4" (§7 item 16).
    game = yard(hilda=RUBBLE_SIDE, **{"1M2": (3.2, 27.0)})
    refused(game, "move 1M2 6.2,27", r'no path within 4": the way there costs 5.2"')


def test_l687_l127_a_charge_through_a_wall() -> None:
    # The Butler waits 2.42" beyond the wall from the Golem's base, in a straight line.
    game = yard(**{"1M1": (19.0, 12.0), "2M1": (22.8, 12.0)})
    mark = len(game.log)
    game.apply("charge 1M1 2M1")
    assert game.model("1M1").pos == pytest.approx((22.8 - SMALL_LARGE, 12.0))
    assert lines(game, mark) == [
        'Security Golem (1M1) moves 2.42" to 21.42,12  [L127]',
        "Security Golem (1M1) charges into base contact with Butler (2M1)  [L127]",
    ]
    # The Golem's owner picks whether it attacks (L127).
    assert game.decision is not None and game.decision.player == 0
    assert game.decision.kind == "charge-attack"


def test_l687_a_charge_at_a_target_against_the_wall_goes_round_it() -> None:
    # The Butler stands against the wall's far side: the spot in contact on the straight way
    # lies in the wall, so the Golem goes to the nearest spot round him where its base fits.
    butler = (20.2 + SMALL / 2 + CONTACT / 2, 12.0)
    game = yard(**{"1M1": (18.9, 12.0), "2M1": butler})
    mark = len(game.log)
    game.apply("charge 1M1 2M1")
    assert lines(game, mark) == [
        'Security Golem (1M1) moves 2.74" to 21.32,13.28  [L127]',
        "Security Golem (1M1) charges into base contact with Butler (2M1)  [L127]",
    ]


def test_l687_item_33_a_charge_that_would_end_in_the_wall_stops_short_of_it() -> None:
    # 3" toward the Butler ends in the wall: the Golem stops where its base touches it.
    game = yard(**{"1M1": (17.5, 12.0), "2M1": (22.8, 12.0)})
    mark = len(game.log)
    game.apply("charge 1M1 2M1")
    assert game.model("1M1").pos == pytest.approx((20.0 - GOLEM, 12.0), abs=CONTACT)
    assert lines(game, mark) == [
        'Security Golem (1M1) moves 1.71" to 19.21,12  [L127]',
        "Security Golem (1M1)'s charge ends 2.21\" short of Butler (2M1): no attack  [§7 item 33]",
    ]
    assert game.decision is not None
    assert game.decision.prompt == "Security Golem: Action 2, or end the activation"


def test_l687_item_33_a_charge_short_of_a_deep_building_goes_round_it() -> None:
    # On the crossroads the Golem touches the opera's north wall, the Butler 20" beyond it to
    # the south: the straight way ends in the opera, more than a Move deep, and the cut back
    # way would not move the Golem at all; the way round the opera ends nearer the Butler.
    game = on_table(
        at={"1M1": (20.93, 29.5 + GOLEM), "1H2": (20.93, 33.0), "2M1": (13.13, 10.32)},
        board="wolsung",
        clubs=["inventors", "ash-and-oak"],
    )
    activate(game, "1M1")
    mark = len(game.log)
    game.apply("charge 1M1 2M1")
    assert lines(game, mark) == [
        'Security Golem (1M1) moves 3" to 17.93,30.3  [L127]',
        "Security Golem (1M1)'s charge ends 19.17\" short of Butler (2M1): no attack  [§7 item 33]",
    ]


def test_l687_item_33_a_charge_takes_the_way_that_leaves_less_of_it_to_go() -> None:
    # The Golem stands just north of a building's wall, the Butler 14" south of it:
    # the straight way, cut back to where its base fits, ends a little nearer as the crow
    # flies (28,9.21) but leaves the whole building to go round; the way round ends at 25.09,
    # 8.95, with less of the way left to the Butler.
    game = on_table(
        at={"1M1": (28.0, 9.0 - GOLEM), "1H2": (26.0, 4.0), "2M1": (28.0, 23.5)},
        board="wolsung",
        clubs=["inventors", "ash-and-oak"],
    )
    activate(game, "1M1")
    mark = len(game.log)
    game.apply("charge 1M1 2M1")
    assert lines(game, mark) == [
        'Security Golem (1M1) moves 3" to 25.09,8.95  [L127]',
        "Security Golem (1M1)'s charge ends 13.46\" short of Butler (2M1): no attack  [§7 item 33]",
    ]


def test_l687_item_33_a_charge_pressed_against_a_building_moves_its_allowance_toward_it() -> None:
    # The Golem touches the warehouse, Mei Lin beyond its corner with a Fisherman in the way
    # round: the straight way meets the wall at once and every spot round her is in it. A Move
    # of its 3" through the wall may end 0.02" from her, so its Charge goes there (§7 item 33).
    game = on_table(
        at={"1M1": (23.46, 11.97), "1H2": (18.0, 14.0), "2H3": (25.99, 9.41), "2M2": (23.0, 9.67)},
        board="wolsung",
        clubs=["inventors", "triad"],
    )
    activate(game, "1M1")
    mark = len(game.log)
    game.apply("charge 1M1 2H3")
    assert lines(game, mark) == [
        'Security Golem (1M1) moves 3" to 24.61,9.21  [L127]',
        "Security Golem (1M1)'s charge ends 0.02\" short of Mei Lin (2H3): no attack  [§7 item 33]",
    ]


def test_l687_l556_a_charge_held_at_the_control_range_inside_the_wall_stops_short_of_it() -> None:
    # Hilda stands 11.1" west of the Golem: its Charge through the wall would leave her range
    # where its base stands in the wall, so it stops short of the wall.
    game = yard(hilda=(6.5, 12.0), **{"1M1": (19.0, 12.0), "2M1": (22.8, 12.0)})
    mark = len(game.log)
    game.apply("charge 1M1 2M1")
    assert lines(game, mark) == [
        "Security Golem (1M1) stops at the edge of its Control Range  [L556]",
        'Security Golem (1M1) moves 0.21" to 19.21,12  [L127]',
        "Security Golem (1M1)'s charge ends 2.21\" short of Butler (2M1): no attack  [§7 item 33]",
    ]


def test_l687_item_72_a_move_back_toward_a_scientist_goes_through_the_wall() -> None:
    # Hilda stands 15.6" from the Golem, west of the wall: its Move back goes straight through.
    game = yard(hilda=(4.0, 12.0), **{"1M1": (21.0, 12.0)})
    assert options(game) == ["return 1M1"]
    mark = len(game.log)
    game.apply("return 1M1")
    assert lines(game, mark) == ['Security Golem (1M1) moves 3" to 18,12  [L73]']


def test_l687_the_ai_weighs_spots_beyond_the_wall() -> None:
    # A slide east of the Security Golem goes through the wall; the Laboratory Golem's stops
    # at it.
    game = yard(**{"1M1": (19.0, 12.0), "1M2": (19.0, 16.0)})
    golem, lab = game.model("1M1"), game.model("1M2")
    beyond = [p for p in move_points(game, golem) if p[0] - GOLEM > 20.2]
    assert (22.0, 12.0) in beyond
    assert all(move_error(game, golem, p) is None for p in beyond)
    assert (round(20.0 - SMALL / 2, 2), 16.0) in move_points(game, lab)
    assert (23.0, 16.0) not in move_points(game, lab)
    # Farther off, the slide would end in the wall: the spot short of it is weighed too.
    put(game, "1M1", 17.5, 12.0)
    assert (19.21, 12.0) in move_points(game, golem)


@functools.cache
def _standing() -> WolsungGame:
    """The yard with the Security Golem on it, for the questions that change nothing."""
    return yard(**{"1M1": (19.0, 12.0)})


@settings(max_examples=80, deadline=None)
@given(*(st.floats(lo, hi) for lo, hi in ((16.0, 24.0), (2.0, 22.0)) * 2))
def test_l687_a_way_into_the_wall_stops_where_the_base_touches_it(
    ax: float, ay: float, bx: float, by: float
) -> None:
    game = _standing()
    golem = game.model("1M1")
    assume(not walled_in(game, golem, (ax, ay)) and (ax, ay) != (bx, by))
    way = Path(((ax, ay), (bx, by)), math.dist((ax, ay), (bx, by)), False)
    cut = last_fit(game, golem, way)
    # The way itself, or its start up to a spot where the base fits, touching the wall.
    assert not walled_in(game, golem, cut.end)
    assert cut.end == pytest.approx(way.point_at(cut.length), abs=1e-9)
    if cut.length < way.length:
        assert walled_in(game, golem, way.end)
        assert game.board.piece("wall").boundary_distance(cut.end) <= GOLEM + CONTACT


def test_l556_item_72_a_move_back_blocked_by_a_deep_building_goes_round_it() -> None:
    # The Golem touches the foundry's south wall, Hilda 12.64" off to the west-north-west: the
    # straight way ends in the foundry, more than a Move deep, and the cut back way would not
    # move the Golem at all; the way round the foundry's corner takes it nearer her. It walks
    # there straight, its base skimming the corner (L687).
    game = on_table(
        at={"1M1": (16.32, 5.69), "1H2": (2.73, 9.12), "2M1": FAR},
        board="wolsung",
        clubs=["inventors", "ash-and-oak"],
    )
    activate(game, "1M1")
    assert options(game) == ["return 1M1"]
    mark = len(game.log)
    game.apply("return 1M1")
    assert lines(game, mark) == ['Security Golem (1M1) moves 2.98" to 13.34,5.8  [L73]']


def test_l556_item_72_a_golem_pressed_against_a_building_goes_round_it() -> None:
    # The Golem's base touches the warehouse's south wall, Hilda 12.9" off beyond it to the
    # north: the straight way cannot move it, the warehouse being more than a Move deep. The
    # way round the corner ends no nearer her as the crow flies, but leaves less of the way to
    # walk, so the Golem takes it, as the Laboratory Golem does (L556, L687).
    game = on_table(
        at={"1M1": (28.0, 10.0 - GOLEM), "1H2": (28.0, 23.5), "2M1": FAR},
        board="wolsung",
        clubs=["inventors", "ash-and-oak"],
    )
    activate(game, "1M1")
    assert options(game) == ["return 1M1"]
    mark = len(game.log)
    game.apply("return 1M1")
    assert lines(game, mark) == ['Security Golem (1M1) moves 3" to 25,9.18  [L73]']
