"""Golden tests of the Golems' Control Range in play: the Move back of a Golem that starts its
activation beyond it, staying within it, a Charge held by it, Attunement's 18", and the
activation skipped with no Scientist on the table, Command's extra activation too
(L556-L557, L563, L698; rules notes §7 items 59, 72, 74; golden test G49); and Alice
Tinkerly's Engineer on a Golem (L650-L653). Dice are scripted by purpose, and each test checks
where the models end and the log lines with the rules they cite.

Club 1 is the Inventors: Hilda Cogsworth (1H2), a Gnome and so a Scientist (L357, §7 item
59), the Laboratory Golem (1M2, M 4), the Security Golem (1M1, 40 mm, M 3)."""

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
    on_table,
    options,
    refused,
)
from tests.rulesets.wolsung.test_game_actions import BOARD
from tests.rulesets.wolsung.test_game_magic import HEARTS, INVENTORS, QUIET, SPADES

from skirmish.geometry.paths import Path
from skirmish.rulesets.wolsung.game.effects import current, end_turn_effects
from skirmish.rulesets.wolsung.game.state import WolsungGame
from skirmish.rulesets.wolsung.game.tethers import Tether, cut, tethers
from skirmish.rulesets.wolsung.table.measure import Spot

HILDA = (4.0, 18.0)
"""Where Hilda stands, on the ground: her Control Range reaches 12" east of her base."""
FAR = (30.0, 30.0)
"""Where a Butler of Ash and Oak (2M1) stands, out of everyone's way."""


def east_of_hilda(gap: float) -> tuple[float, float]:
    """The centre of a 30 mm base ``gap`` inches east of Hilda's, edge to edge."""
    return (HILDA[0] + gap + SMALL, HILDA[1])


def golem_at(gap: float, *dice: str | int, **more: tuple[float, float]) -> WolsungGame:
    """The Laboratory Golem ``gap`` inches east of Hilda, a Butler far off and ``more``."""
    at = {"1H2": HILDA, "1M2": east_of_hilda(gap), "2M1": FAR, **more}
    return on_table(*dice, at=at, clubs=["inventors", "ash-and-oak"])


def test_g49_l556_a_golem_beyond_its_control_range_moves_back() -> None:
    game = golem_at(14.0)
    mark = len(game.log)
    activate(game, "1M2")
    # Its Action is a Move back toward the Scientist: nothing else (L556, §7 item 72).
    assert options(game) == ["return 1M2"]
    assert game.decision is not None and game.decision.points == ()
    game.apply("return 1M2")
    assert lines(game, mark) == [
        "Laboratory Golem (1M2) activates with 2 Actions  [L62]",
        "Laboratory Golem (1M2) is beyond its Control Range: "
        "it must Move back toward a Scientist  [L556]",
        'Laboratory Golem (1M2) moves 4" to 15.18,18  [L73]',
    ]
    # 10" from Hilda now: back within, it acts as it likes.
    assert "charge 1M2 2M1" in options(game)


def test_l556_a_golem_still_beyond_spends_its_next_action_moving_back_too() -> None:
    game = golem_at(20.0)
    activate(game, "1M2")
    game.apply("return 1M2")
    # 16" away after 4": still beyond, so its second Action is a Move back too.
    assert options(game) == ["return 1M2"]
    game.apply("return 1M2")
    assert game.model("1M2").pos == pytest.approx(east_of_hilda(12.0))


def test_l556_a_toppled_golem_beyond_stands_up_first() -> None:
    game = golem_at(14.0)
    game.model("1M2").toppled = True
    activate(game, "1M2")
    assert options(game) == ["stand-up 1M2"]
    game.apply("stand-up 1M2")
    assert options(game) == ["return 1M2"]


def test_l556_a_golem_in_melee_beyond_leaves_it_toward_its_scientist() -> None:
    # The Butler holds it from the east: its R 2 against the Butler's F 2, 1 success to 1.
    dice = ("reflex", 4, 1, "fight", 4, 1)
    game = golem_at(14.0, *dice, **{"2M1": (east_of_hilda(14.0)[0] + SMALL, HILDA[1])})
    activate(game, "1M2")
    assert options(game) == ["return 1M2"]
    mark = len(game.log)
    game.apply("return 1M2")
    assert lines(game, mark)[-2:] == [
        "Laboratory Golem (1M2) breaks away from Butler (2M1) (1 to 1 successes)  [L164]",
        'Laboratory Golem (1M2) moves 4" to 15.18,18  [L73]',
    ]


def test_l556_a_golem_with_no_way_back_spends_the_action_standing() -> None:
    # Friends hem it in on four sides, none of them a Scientist.
    x, y = east_of_hilda(14.0)
    ring = {"1H3": (x - SMALL, y), "1M1": (x + SMALL_LARGE, y), "1M3": (x, y - SMALL)}
    game = golem_at(14.0, **ring, **{"1M4": (x, y + SMALL)})
    activate(game, "1M2")
    mark = len(game.log)
    game.apply("return 1M2")
    assert lines(game, mark) == [
        "Laboratory Golem (1M2) finds no way back toward a Scientist  [L556]"
    ]
    assert game.model("1M2").pos == (x, y)


def test_l556_a_golem_within_its_control_range_stays_within_it() -> None:
    game = golem_at(10.0)
    activate(game, "1M2")
    x, y = east_of_hilda(13.0)
    refused(
        game,
        f"move 1M2 {x:g},{y:g}",
        r'Laboratory Golem must stay within its Control Range, 12" of a Scientist \(L556\)',
    )
    x, y = east_of_hilda(12.0)
    game.apply(f"move 1M2 {x:g},{y:g}")
    assert game.model("1M2").pos == pytest.approx((x, y), abs=0.01)


def test_l556_a_golems_charge_stops_at_the_edge_of_its_control_range() -> None:
    # The Butler waits 3" beyond the Golem, which stands 10" from Hilda: the Charge would end
    # 12.99" from her.
    golem = east_of_hilda(10.0)
    game = golem_at(10.0, **{"2M1": (golem[0] + 3.0 + SMALL, golem[1])})
    activate(game, "1M2")
    mark = len(game.log)
    game.apply("charge 1M2 2M1")
    assert lines(game, mark) == [
        "Laboratory Golem (1M2) stops at the edge of its Control Range  [L556]",
        'Laboratory Golem (1M2) moves 2" to 17.18,18  [L127]',
        "Laboratory Golem (1M2)'s charge ends 1\" short of Butler (2M1): no attack  [§7 item 33]",
    ]


def test_l556_a_charge_is_measured_against_its_control_range_no_farther_than_it_breaks() -> None:
    # The same Charge: the Control Range breaks 2" along its 3" way, and no spot beyond the
    # first one tried past that is asked about; where the Golem stops is as before.
    golem = east_of_hilda(10.0)
    game = golem_at(10.0, **{"2M1": (golem[0] + 3.0 + SMALL, golem[1])})
    (leash,) = tethers(game, game.model("1M2"))
    asked: list[Spot] = []

    def holds(spot: Spot) -> bool:
        asked.append(spot)
        return leash.holds(spot)

    way = Path((golem, (golem[0] + 3.0, golem[1])), 3.0, False)
    held = cut(game, game.model("1M2"), way, "2M1", Tether(holds, leash.rule, leash.event))
    assert held is not None and held.end == pytest.approx((golem[0] + 2.0, golem[1]), abs=0.01)
    assert max(spot.x for spot in asked) == pytest.approx(golem[0] + 2.1)


def test_l698_attunement_stretches_the_control_range_to_18_inches() -> None:
    # The Clockwork Servant (1M3), in base contact with Hilda, attunes her (L695).
    servant = (HILDA[0], HILDA[1] - SMALL)
    game = golem_at(14.0, **{"1M3": servant})
    activate(game, "1M3")
    mark = len(game.log)
    game.apply("attune 1M3 1H2 wide_control_range")  # its one Action
    assert lines(game, mark)[1] == (
        "Hilda Cogsworth (1H2): wide_control_range until end of turn  [L698]"
    )
    hand_over(game)
    activate(game, "2M1")
    game.apply("end 2M1")
    hand_over(game)
    activate(game, "1M2")
    # 14" from Hilda, within her 18" now: no Move back, and as far as 18".
    assert "return 1M2" not in options(game)
    x, y = east_of_hilda(18.0)
    game.apply(f"move 1M2 {x:g},{y:g}")
    refused(game, "move 1M2 23.6,18", r'must stay within its Control Range, 18" of a Scientist')


def test_l556_with_no_scientist_on_the_table_a_golem_skips_its_activation() -> None:
    game = on_table(
        at={"1M1": (10.0, 10.0), "1M2": (14.0, 10.0), "2M1": FAR},
        clubs=["inventors", "ash-and-oak"],
    )
    mark = len(game.log)
    game.apply("activate 1M2")
    assert lines(game, mark) == [
        "Laboratory Golem (1M2) has no Scientist on the table: it skips its activation  [L556]"
    ]
    # It counts as activated (§7 item 72): the initiative moves on.
    assert game.model("1M2").activated
    hand_over(game)
    assert game.decision is not None and game.decision.player == 1


def test_l556_an_enemy_scientist_on_the_table_holds_a_golem() -> None:
    # Club 2's Hilda Cogsworth is the only Scientist on the table, 4" from club 1's Golem:
    # any model with the skill holds it (L556), so it acts as it likes.
    game = on_table(at={"1M2": (14.0, 10.0), "2H2": (18.0, 10.0)}, clubs=["inventors"] * 2)
    mark = len(game.log)
    game.apply("activate 1M2")
    assert lines(game, mark) == ["Laboratory Golem (1M2) activates with 2 Actions  [L62]"]
    assert "charge 1M2 2H2" in options(game)


def test_l556_a_golem_beyond_only_an_enemy_scientist_moves_back_toward_it() -> None:
    game = on_table(at={"1M2": (4.0, 10.0), "2H2": (30.0, 10.0)}, clubs=["inventors"] * 2)
    mark = len(game.log)
    game.apply("activate 1M2")
    assert lines(game, mark)[1] == (
        "Laboratory Golem (1M2) is beyond its Control Range: "
        "it must Move back toward a Scientist  [L556]"
    )
    assert options(game) == ["return 1M2"]


def test_l556_a_golem_lent_by_mind_control_is_held_by_its_own_clubs_scientist() -> None:
    # Xen Jidao (club 1) lends himself club 2's Laboratory Golem (2M2); Hilda Cogsworth (2H2),
    # of the Golem's own club, stands 4" from it: the one Scientist on the table holds it.
    game = on_table(
        "casting",
        4,
        4,
        1,
        1,
        "reflex",
        1,
        1,
        at={"1H1": (10.0, 10.0), "2M2": (10.0, 20.0), "2H2": (10.0, 25.0)},
        clubs=["triad", "inventors"],
        hands=(HEARTS, QUIET),
    )
    activate(game, "1H1")
    for answer in ("cast 1H1 mind_control 2M2", "pay 5H", "pass"):
        game.apply(answer)
    mark = len(game.log)
    game.apply("end 1H1")
    assert lines(game, mark) == [
        "Xen Jidao (1H1) ends its activation  [L62]",
        "Xen Jidao (1H1)'s player makes 1 Action(s) with Laboratory Golem (2M2)  [L776]",
    ]
    assert game.decision is not None and game.decision.player == 0
    assert "charge 2M2 2H2" in options(game)


def commanded(**more: tuple[float, float]) -> WolsungGame:
    """Bertram Flux (1H3), a Human Golemologist and no Scientist, gives the Security Golem
    (1M1) 3" east of him Command's extra Action (L563), with ``more`` on the table."""
    at = {"1H3": (10.0, 10.0), "1M1": (13.0, 10.0), "2M1": (10.0, 30.0), **more}
    game = on_table("casting", 4, 1, 1, at=at, clubs=INVENTORS, hands=(SPADES, QUIET))
    activate(game, "1H3")
    for answer in ("cast 1H3 command 1M1", "pay 5S", "pass"):
        game.apply(answer)
    return game


def test_l556_no_scientist_on_the_table_a_commanded_golem_skips_its_extra_activation() -> None:
    game = commanded()
    mark = len(game.log)
    game.apply("end 1H3")
    assert lines(game, mark) == [
        "Bertram Flux (1H3) ends its activation  [L62]",
        "Bertram Flux (1H3)'s player makes 1 Action(s) with Security Golem (1M1)  [L563]",
        "Security Golem (1M1) has no Scientist on the table: it skips its activation  [L556]",
    ]
    # The spell is spent, and the Golem's own activation is still to come (§7 item 74).
    assert not game.state.effects
    assert not game.model("1M1").activated
    assert game.decision is not None and game.decision.kind == "additional"


def test_l556_a_commanded_golem_beyond_its_control_range_moves_back() -> None:
    # Thorvald (1H1), a Scientist, stands far off: the Golem is 29" from him.
    game = commanded(**{"1H1": (34.0, 34.0), "2M1": (13.0, 30.0)})
    mark = len(game.log)
    game.apply("end 1H3")
    assert lines(game, mark)[2] == (
        "Security Golem (1M1) is beyond its Control Range: "
        "it must Move back toward a Scientist  [L556]"
    )
    assert options(game) == ["return 1M1"]
    assert game.decision is not None and game.decision.points == ()
    mark = len(game.log)
    game.apply("return 1M1")
    # Its M 3 along the way toward Thorvald; the Golem's own activation is still to come.
    assert lines(game, mark) == ['Security Golem (1M1) moves 3" to 14.98,12.26  [L73]']
    assert not game.model("1M1").activated


def test_l556_a_scientist_of_another_club_holds_a_golem() -> None:
    # The Security Golem of club 2 stands 5" from Hilda, a Scientist of the other club and the
    # only one on the table: any model with the skill holds it (L556).
    game = on_table(
        at={"1H2": HILDA, "1M4": FAR, "2M1": (HILDA[0] + 5.0 + SMALL_LARGE, HILDA[1])},
        clubs=["inventors", "inventors"],
    )
    activate(game, "1H2")
    game.apply("end 1H2")
    hand_over(game)
    mark = len(game.log)
    game.apply("activate 2M1")
    assert lines(game, mark) == ["Security Golem (2M1) activates with 2 Actions  [L62]"]


def test_l556_a_golems_charge_takes_no_ladder_beyond_its_control_range() -> None:
    # The Golem stands at the foot of the house's ladder, 11.9" from Hilda; the Butler waits
    # on the roof by its top, which is 13.8" from her, 3" up (L80, L149).
    foot, top = (19.2, 11.0), (20.8, 11.0)
    hilda = (foot[0] - 11.9 - SMALL, foot[1])
    at = {"1H2": hilda, "1M2": foot, "2M1": (top[0] + SMALL, top[1])}
    game = on_table(at=at, board=BOARD, clubs=["inventors", "ash-and-oak"])
    game.model("2M1").level = "house"
    activate(game, "1M2")
    mark = len(game.log)
    game.apply("charge 1M2 2M1")
    assert lines(game, mark)[0] == (
        "Laboratory Golem (1M2) stops at the edge of its Control Range  [L556]"
    )
    assert (game.model("1M2").pos, game.model("1M2").level) == (foot, None)


# -- Alice Tinkerly's Engineer (L650-L653) ------------------------------------------------------

ALICE_WORKS: dict[str, Any] = {
    "name": "Tinkerly and Golem",
    "club": "Inventors",
    "heroes": [{"named": "Alice Tinkerly"}],
    "henchmen": [{"henchman": "Security Golem"}],
}
"""Alice Tinkerly (1H1, a Scientist with Engineer) and a Security Golem (1M1, M 3, S 8,
Armour 8, W 6)."""
ALICE_HANDS = (HAND_1[:4], HAND_2)
"""Alice's club of one Hero draws 4 cards (L41)."""
ALICE = (10.0, 10.0)
BESIDE_ALICE = (ALICE[0] + SMALL_LARGE, ALICE[1])
"""The Security Golem's centre in base contact with Alice, east of her."""


def engineering(*dice: str | int, alice: tuple[float, float] = ALICE) -> WolsungGame:
    """Alice activating at ``alice`` (beside her Security Golem by default), two Butlers far
    off."""
    at = {"1H1": alice, "1M1": BESIDE_ALICE, "2M1": FAR, "2M2": (FAR[0], FAR[1] - 3.0)}
    game = on_table(*dice, at=at, clubs=[ALICE_WORKS, "ash-and-oak"], hands=ALICE_HANDS)
    activate(game, "1H1")
    return game


def test_l650_engineer_puts_power_flux_on_a_golem_in_contact() -> None:
    game = engineering()
    assert [o for o in options(game) if o.startswith("engineer")] == [
        "engineer 1H1 1M1 power_flux",
        "engineer 1H1 1M1 overcharge",
        "engineer 1H1 1M1 repair",
    ]
    mark = len(game.log)
    game.apply("engineer 1H1 1M1 power_flux")
    assert lines(game, mark) == [
        "Alice Tinkerly (1H1) works on Security Golem (1M1): Power Flux  [L650]",
        "Security Golem (1M1): Armour +2 until end of turn  [L651]",
    ]
    assert current(game, game.model("1M1")).armour == 10
    end_turn_effects(game)
    assert current(game, game.model("1M1")).armour == 8


def test_l650_engineer_once_an_activation() -> None:
    game = engineering()
    game.apply("engineer 1H1 1M1 power_flux")
    assert not [o for o in options(game) if o.startswith("engineer")]
    assert game.decision is not None
    assert "engineer-move" not in [p.kind for p in game.decision.points]
    refused(game, "engineer 1H1 1M1 repair", "not an option")


def test_l652_overcharge_holds_through_the_golems_next_activation() -> None:
    game = engineering()
    game.apply("engineer 1H1 1M1 overcharge")
    golem = game.model("1M1")
    # It waits for the Golem's activation.
    assert current(game, golem).profile.M == 3
    game.apply("end 1H1")
    hand_over(game)
    activate(game, "2M1")
    game.apply("end 2M1")
    hand_over(game)
    activate(game, "1M1")
    assert (current(game, golem).profile.M, current(game, golem).profile.S) == (5, 10)
    x, y = BESIDE_ALICE
    game.apply(f"move 1M1 {x + 4.99:.2f},{y:g}")  # nearly 5": its M 3 and 2 more
    game.apply("end 1M1")
    assert (current(game, golem).profile.M, current(game, golem).profile.S) == (3, 8)


def test_l652_overcharge_holds_through_a_command_extra_activation() -> None:
    # Alice's second Action casts Command, paid with a Club of her suit, at the Golem she
    # has just overcharged (L563).
    game = engineering("casting", 4, 1, 1)
    for answer in ("engineer 1H1 1M1 overcharge", "cast 1H1 command 1M1", "pay 5C", "pass"):
        game.apply(answer)
    golem = game.model("1M1")
    # The extra Activation is the Golem's next one: M 3 and S 8, each 2 more.
    assert game.decision is not None and game.decision.player == 0
    assert (current(game, golem).profile.M, current(game, golem).profile.S) == (5, 10)
    game.apply("end 1M1")
    assert game.state.effects == ()
    assert (current(game, golem).profile.M, current(game, golem).profile.S) == (3, 8)


def test_l652_overcharge_on_a_golem_done_for_the_turn_ends_with_the_turn() -> None:
    game = engineering()
    game.model("1M1").activated = True
    game.apply("engineer 1H1 1M1 overcharge")
    end_turn_effects(game)
    assert game.state.effects == ()


def test_l653_repair_restores_the_golem_to_its_full_wounds() -> None:
    game = engineering()
    game.model("1M1").wounds = 3
    mark = len(game.log)
    game.apply("engineer 1H1 1M1 repair")
    assert lines(game, mark) == [
        "Alice Tinkerly (1H1) works on Security Golem (1M1): Repair  [L650]",
        "Security Golem (1M1) gains 3 Wounds  [L653]",
    ]
    assert game.model("1M1").wounds == 6


def test_l228_engineer_after_a_quick_move() -> None:
    game = engineering(alice=(ALICE[0] - 3.0, ALICE[1]))
    assert not [o for o in options(game) if o.startswith("engineer")]
    game.apply(f"engineer-move 1H1 {ALICE[0]:g},{ALICE[1]:g}")
    assert game.decision is not None and game.decision.kind == "engineer"
    assert options(game)[-1] == "no-engineer 1H1"
    game.apply("engineer 1H1 1M1 power_flux")
    assert current(game, game.model("1M1")).armour == 10


def test_l126_no_engineer_in_a_melee() -> None:
    at = {"1H1": ALICE, "1M1": BESIDE_ALICE, "2M1": (ALICE[0], ALICE[1] + SMALL)}
    game = on_table(at=at, clubs=[ALICE_WORKS, "ash-and-oak"], hands=ALICE_HANDS)
    activate(game, "1H1")
    refused(game, "engineer 1H1 1M1 repair", r"in melee and may only Move or Fight \(L126\)")
