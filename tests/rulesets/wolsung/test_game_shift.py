"""Golden tests of the Compact Matter Shifter in play: a hit moves the model hit up to a D6
inches, in a straight line, terrain ignored, where the shooter's player says, and deals no
damage; a friend may be its target, its Reflex at 0 (L576-L579; rules notes §7 item 77,
G51). Dice are scripted by purpose; each test checks the options, the refusals and the exact
outcome, with the log lines and the rules they cite."""

from __future__ import annotations

from typing import Any

from tests.rulesets.wolsung.table_game import (
    HAND_1,
    HAND_2,
    activate,
    lines,
    on_table,
    options,
    pass_deeds,
    refused,
)

from skirmish.players import HeuristicPlayer
from skirmish.rulesets.wolsung.game.space import in_contact
from skirmish.rulesets.wolsung.game.state import WolsungGame
from skirmish.rulesets.wolsung.game.templates import FIRE, FIRE_RADIUS, lay

SHIFTERS: dict[str, Any] = {
    "name": "The Displacement Society",
    "club": "Inventors",
    "heroes": [
        {
            "name": "Ada Quill",
            "race": "Human",
            "profession": "Golemologist",
            "suit": "spades",
            "gadgets": ["Compact Matter Shifter"],
        }
    ],
    "henchmen": [{"henchman": "Lab Assistant"}],
}
"""Ada Quill (1H1), a Human Golemologist with the Compact Matter Shifter (Funds 6 - 1 - 2,
§7 item 77), and a Lab Assistant (1M1)."""

WALL: dict[str, Any] = {
    "name": "Walled yard",
    "width": 36.0,
    "height": 36.0,
    "terrain": [
        {
            "id": "wall",
            "name": "Wall",
            "kind": "impassable",
            "height": 1.0,
            "polygon": [[8.0, 13.0], [12.0, 13.0], [12.0, 13.2], [8.0, 13.2]],
        }
    ],
}
"""A 1" wall across x 8 to 12 at y 13, low enough to shoot over, impassable to a Move."""


def shifted(
    *dice: str | int, target: str = "2M1", board: dict[str, Any] | None = None
) -> WolsungGame:
    """Ada at 10,10 shoots the Shifter at ``target``: a Butler (2M1) at 10,15, or her Lab
    Assistant (1M1) at 14,10, holding nerves."""
    at = {"1H1": (10.0, 10.0), "1M1": (14.0, 10.0), "2M1": (10.0, 15.0)}
    clubs: list[str | dict[str, Any]] = [SHIFTERS, "ash-and-oak"]
    hands = (HAND_1[:4], HAND_2)
    game = on_table(*dice, at=at, clubs=clubs, board=WALL, hands=hands)
    activate(game, "1H1")
    game.apply(f"shoot 1H1 matter_shifter {target}")
    game.apply(f"hold-nerves {target}")
    while game.decision is not None and game.decision.kind == "reroll":
        game.apply(game.decision.options[-1])  # keep: no Beginner's Luck (L222)
    pass_deeds(game)
    return game


def test_l579_the_other_club_sees_where_the_shift_may_go() -> None:
    game = shifted("guns", 4, 4, 1, "reflex", 4, 1, 1, 1, 1, "shift", 4)
    assert game.decision is not None and game.decision.kind == "shift"
    # No card shows in a Shift's point: club 2's view keeps the choice as it stands.
    assert game.view(1).decision == game.decision


def test_g51_l579_a_hit_moves_the_model_up_to_the_d6_rolled() -> None:
    game = shifted("guns", 4, 4, 1, "reflex", 4, 1, 1, 1, 1, "shift", 4)
    assert game.decision is not None and game.decision.kind == "shift"
    assert game.decision.prompt == 'Butler is shifted up to 4": choose where (L579)'
    refused(game, "shift 2M1 10,19.5", r'4.5" is more than the 4" rolled \(L579\)')
    refused(game, "shift 2M1 10.2,11.05", r"no room for Butler's base there")
    mark = len(game.log)
    # Back across the wall, terrain ignored, into base contact with Ada, its enemy (L579).
    game.apply("shift 2M1 10,11.18")
    butler = game.model("2M1")
    assert butler.pos == (10.0, 11.18) and butler.wounds == 9  # no damage (L579)
    assert in_contact(game, butler, game.model("1H1"))
    assert lines(game, mark) == ['Butler (2M1) is shifted 3.82" to 10,11.18  [L579]']
    assert game.decision is not None
    assert game.decision.prompt == "Ada Quill: Action 2, or end the activation"


def test_l579_the_model_may_stay_where_it_stands() -> None:
    game = shifted("guns", 4, 4, 1, "reflex", 4, 1, 1, 1, 1, "shift", 2)
    game.apply("shift 2M1 10,15")
    assert game.model("2M1").pos == (10.0, 15.0)


def test_l579_l575_shifted_through_a_fire_template_the_model_is_burnt() -> None:
    game = shifted("guns", 4, 4, 1, "reflex", 4, 1, 1, 1, 1, "shift", 4)
    lay(game, FIRE, (10.0, 13.0), FIRE_RADIUS, None, 0, "L575")
    mark = len(game.log)
    game.apply("shift 2M1 10,11.18")
    assert lines(game, mark)[:2] == [
        'Butler (2M1) is shifted 3.82" to 10,11.18  [L579]',
        "Butler (2M1) moves through Fire Template F1: an S1 Fire hit  [L575]",
    ]


def test_l579_a_miss_moves_nothing() -> None:
    game = shifted("guns", 4, 1, 1, "reflex", 4, 4, 1, 1, 1)
    assert game.model("2M1").pos == (10.0, 15.0)
    assert game.decision is not None and game.decision.kind == "action"
    assert not any(e.kind == "shifted" for e in game.log)


def test_l579_a_friend_may_be_the_target_its_reflex_at_0() -> None:
    game = on_table(
        at={"1H1": (10.0, 10.0), "1M1": (14.0, 10.0), "2M1": (10.0, 25.0)},
        clubs=[SHIFTERS, "ash-and-oak"],
        board=WALL,
        hands=(HAND_1[:4], HAND_2),
    )
    activate(game, "1H1")
    # Her own Lab Assistant is a target of the Shifter alone; the Butler too (L579).
    assert options(game) == [
        "charge 1H1 2M1",
        "shoot 1H1 matter_shifter 1M1",
        "shoot 1H1 matter_shifter 2M1",
        "end 1H1",
    ]
    refused(game, "charge 1H1 1M1", "not an option")


def test_l579_a_friend_shot_rolls_no_reflex() -> None:
    game = shifted("guns", 1, 1, 1, "shift", 3, target="1M1")
    mark = next(i for i, e in enumerate(game.log) if e.kind == "pools")
    assert lines(game, mark)[0] == (
        'Ada Quill (1H1) rolls 3 dice: +3 Guns (L97), +0 range 2.82" up to 12" (L107); '
        "Lab Assistant (1M1) rolls 0 dice: +0 Reflex (L101)  [L88]"
    )
    # 0 successes to 0: the shot hits (L104), and the Lab Assistant is moved 3" at most.
    game.apply("shift 1M1 17,10")
    assert game.model("1M1").pos == (17.0, 10.0)


def test_l579_the_heuristic_player_answers_the_shift_with_a_legal_spot() -> None:
    game = shifted("guns", 4, 4, 1, "reflex", 4, 1, 1, 1, 1, "shift", 4)
    assert game.decision is not None
    choice = HeuristicPlayer(0).choose(game.view(game.decision.player))
    assert choice.kind == "shift" and choice.point is not None
    game.apply(choice)
    assert game.model("2M1").pos == choice.point
