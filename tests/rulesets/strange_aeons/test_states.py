"""States: Normal, Face Up and Face Down, and the Change State Action."""

from __future__ import annotations

import pytest
from tests.dice_script import script
from tests.rulesets.strange_aeons.helpers import (
    TOUCH,
    apply_all,
    board,
    dice_left,
    events,
    kinds,
    model,
    options,
    rect,
    refused,
    rolls,
    scenario,
)
from tests.rulesets.strange_aeons.rulebook import agent, book

from skirmish.engine.game import Game

FAR = {"L2": (34.0, 22.0), "L3": (34.0, 2.0)}  # Lurkers out of the way


def test_change_state_is_the_only_action_of_a_model_not_normal() -> None:
    for state in ("face-up", "face-down"):
        game = scenario(
            {"T2": {"pos": (10.0, 10.0), "state": state, "wounds": 0}, "L1": (10.0, 20.0), **FAR}
        )
        game.apply("nominate T2")
        assert options(game) == ["change-state T2", "pass T2"]
        assert game.decision is not None and not game.decision.points
        why = f"T2 is {model(game, 'T2').state_name}: its Actions are Change State or forfeit"
        refused(game, "move T2 11,10", why)
        refused(game, "shoot T2 L1 handgun-45", why)


def test_change_state_face_down_to_face_up_to_normal_with_one_wound() -> None:
    game = scenario(
        {
            "T1": {"pos": (10.0, 10.0), "state": "face-down", "wounds": 0},
            "T2": (30.0, 2.0),
            "L1": (10.0, 22.0),
            **FAR,
        }
    )
    game.apply("nominate T1")
    game.apply("change-state T1")
    assert model(game, "T1").state == "face-up"
    assert model(game, "T1").wounds == 0
    game.apply("change-state T1")
    t1 = model(game, "T1")
    assert (t1.state, t1.wounds) == ("normal", 1)  # Frank has W2, but returns with 1
    assert [e.data["state"] for e in events(game, "changed-state")] == ["face-up", "normal"]
    assert not dice_left(game)


def test_change_state_keeps_wounds_left() -> None:
    # A model placed Face Up by Insanity keeps its Wounds when it is Normal again.
    game = scenario(
        {
            "T1": {"pos": (10.0, 10.0), "state": "face-up"},
            "T2": (30.0, 2.0),
            "L1": (10.0, 22.0),
            **FAR,
        }
    )
    apply_all(game, "nominate T1", "change-state T1", "pass T1")
    assert (model(game, "T1").state, model(game, "T1").wounds) == ("normal", 2)


def test_change_state_in_base_to_base_fights_a_round_after_each_action() -> None:
    """Rules notes §7.4 D6: a round of close combat follows each Change State in contact."""
    game = scenario(
        {
            "T2": {"pos": (10.0, 10.0), "state": "face-down", "wounds": 0, "lucky_used": True},
            "L1": (10.0 + TOUCH, 10.0),
            "T1": (30.0, 2.0),
            **FAR,
        },
        dice=[
            ("close-combat", 3),  # Face Up Agent: 1 die (A2 - 1): 3 + 2 = 5
            ("close-combat", 4),
            ("close-combat", 2),  # Cult Leader: 4 + 1 = 5: a Draw
            ("close-combat", 6),
            ("close-combat", 1),  # Normal Agent: 2 dice: 6 + 2 = 8
            ("close-combat", 2),
            ("close-combat", 4),  # Cult Leader: 4 + 1 = 5: the Agent wins by 3
        ],
        start="nominate",
    )
    apply_all(game, "nominate T2", "change-state T2", "no-parry T2")
    assert [e.roll.dice for e in game.log if e.roll is not None] == ["1D6", "2D6"]
    assert kinds(game)[-2:] == ["combat-totals", "draw"]
    # The second Action: Change State to Normal, and another round.
    game.apply("change-state T2")
    assert model(game, "T2").normal
    game.apply("no-parry T2")
    assert rolls(game)[2:] == [("close-combat", (6, 1)), ("close-combat", (2, 4))]
    assert events(game, "combat-won")[0].data == {"hits": 3}
    game.apply("withdraw T2 7,10")  # leaves the combat instead of wounding
    assert model(game, "T2").pos == (7.0, 10.0)
    assert game.decision is not None and game.decision.kind == "nominate"
    assert not dice_left(game)


def test_r155_a_change_state_touching_two_enemies_fights_the_one_its_player_chooses() -> None:
    """R:155, notes §5.6: standing up between two enemies, the model's player chooses the
    one it fights."""
    game = book(
        agent("T1"),
        agent("L1"),
        agent("L2"),
        placed={
            "T1": {"pos": (10.0, 10.0), "state": "face-up"},
            "L1": (10.0 + TOUCH, 10.0),
            "L2": (10.0, 10.0 + TOUCH),
        },
        dice=script("close-combat", 3, 3, 3, 3, 2),  # 3 + 1 against 3 + 1: a Draw
        start="nominate",
    )
    apply_all(game, "nominate T1", "change-state T1")
    assert game.decision is not None
    assert (game.decision.kind, game.decision.player) == ("foe", 0)
    assert options(game) == ["foe T1 L1", "foe T1 L2"]
    game.apply("foe T1 L1")
    rolled = [(e.roll.model, e.roll.dice) for e in game.log if e.roll is not None]
    assert rolled == [("T1", "2D6"), ("L1", "3D6")]
    assert events(game, "draw")[0].models == ("T1", "L1")
    assert not dice_left(game)


@pytest.mark.parametrize(("target", "first"), [("L2", "Cultist (A1)"), ("L1", "Cult Leader (A2)")])
def test_face_up_fights_at_minus_one_attack_minimum_one(target: str, first: str) -> None:
    # A Face Up Cultist (A1) still rolls one die; a Face Up Cult Leader (A2) rolls one.
    unarmed = [("to-wound", 1)] if target == "L2" else []  # the Cultist suffers a hit first
    game = scenario(
        {
            "T1": (10.0, 10.0),
            target: {"pos": (10.0 + TOUCH + 1.0, 10.0), "state": "face-up"},
            "T2": (30.0, 22.0),
            "L3": (34.0, 2.0),
            "L1" if target == "L2" else "L2": (34.0, 22.0),
        },
        dice=[
            *unarmed,
            ("close-combat", 2),
            ("close-combat", 2),
            ("close-combat", 2),  # Frank 2 + 1 = 3
            ("close-combat", 3 if target == "L2" else 2),  # one die: 3 + 0 or 2 + 1: a Draw
        ],
    )
    apply_all(game, "nominate T1", f"charge T1 {target}")
    cc = [e.roll for e in game.log if e.roll is not None and e.roll.purpose == "close-combat"]
    assert [(r.model, r.dice) for r in cc] == [("T1", "3D6"), (target, "1D6")], first
    assert len(events(game, "draw")) == 1
    assert not dice_left(game)


def test_face_up_winner_moves_2_out_instead_of_wounding() -> None:
    x = 10.0 + TOUCH + 1.0  # the Face Up Cult Leader
    game = scenario(
        {
            "T1": (10.0, 10.0),
            "L1": {"pos": (x, 10.0), "state": "face-up"},
            "T2": (x + 2.0 + TOUCH, 10.0),  # 2" beyond the Cult Leader
            **FAR,
        },
        dice=[
            ("close-combat", 1),
            ("close-combat", 1),
            ("close-combat", 2),  # Frank 2 + 1 = 3
            ("close-combat", 6),  # Face Up Cult Leader 6 + 1 = 7: wins by 4
        ],
    )
    apply_all(game, "nominate T1", "done", "charge T1 L1")
    assert game.decision is not None
    assert (game.decision.kind, game.decision.player) == ("escape", 1)
    refused(game, f"escape L1 {x:.2f},12.2", 'the point is 2.21" away, more than the 2" allowed')
    refused(game, f"escape L1 {x + 2.0:.2f},10", "the point is still in base-to-base with T2")
    game.apply(f"escape L1 {x:.2f},11.99")  # points are kept to 0.01": just under 2"
    assert model(game, "L1").pos == (round(x, 2), 11.99)
    assert model(game, "L1").state == "face-up"
    assert model(game, "T1").wounds == 2  # no roll to wound
    assert events(game, "moved")[-1].rule == "States: Face Up"
    assert not dice_left(game)


FACE_UP_WIN = [
    ("close-combat", 1),
    ("close-combat", 1),
    ("close-combat", 2),  # Frank 2 + 1 = 3
    ("close-combat", 6),  # Face Up Cult Leader 6 + 1 = 7: wins by 4
]


def test_i3_face_up_winner_is_set_down_2_away_never_short_of_it() -> None:
    """The 2" is the distance it is set down, in the direction its player chooses (I:3,
    R:139): a point 0.3" away is refused, one 2" away in another direction taken."""
    x = 10.0 + TOUCH + 1.0  # the Face Up Cult Leader, 1" beyond contact
    placed = {"T1": (10.0, 10.0), "L1": {"pos": (x, 10.0), "state": "face-up"}, **FAR}
    game = scenario({**placed, "T2": (30.0, 22.0)}, dice=FACE_UP_WIN)
    apply_all(game, "nominate T1", "charge T1 L1")
    assert game.decision is not None and game.decision.kind == "escape"
    assert game.decision.prompt == (
        'Cult Leader (Face Up) won: set it down 2" away, out of base-to-base'
    )
    before = game.to_json()
    refused(game, f"escape L1 {x + 0.3:.2f},10", 'the point is 0.3" away, short of the 2"')
    assert game.to_json() == before
    game.apply(f"escape L1 {x + 2.0:.2f},10")
    moved = events(game, "moved")[-1]
    assert (moved.rule, moved.data["length"]) == ("States: Face Up", 2.0)
    assert not dice_left(game)


# A walled pen 3.2" square round the Cult Leader at (20, 10): 1.57" free toward its corners.
PEN_WALLS = [
    (18.0, 8.0, 18.4, 12.0),
    (21.6, 8.0, 22.0, 12.0),
    (18.0, 8.0, 22.0, 8.4),
    (18.0, 11.6, 22.0, 12.0),
]
PEN = board(
    *(
        {"id": f"wall-{i}", "kind": "impassable", "height": 3.0, "polygon": rect(*corners)}
        for i, corners in enumerate(PEN_WALLS)
    )
)


def test_i3_face_up_winner_with_no_spot_2_away_free_goes_as_far_as_it_can() -> None:
    """Walled in, no spot 2" away is free: the Cult Leader, winning the round that opens the
    turn, is set down at the farthest free distance found, 1.5" toward a corner of the pen,
    no shorter (our reading of I:3, R:139)."""
    placed = {"T1": (20.0 - TOUCH, 10.0), "L1": {"pos": (20.0, 10.0), "state": "face-up"}}
    game = scenario({**placed, "T2": (30.0, 22.0), **FAR}, dice=FACE_UP_WIN, board=PEN)
    assert game.decision is not None and game.decision.kind == "escape"
    assert 'set it down 1.5" away' in game.decision.prompt
    refused(game, "escape L1 21,10", 'the point is 1" away, short of the 1.5" it is set down')
    game.apply("escape L1 21.06,11.06")
    assert model(game, "L1").pos == (21.06, 11.06)
    assert not dice_left(game)


def test_face_down_engaged_in_close_combat_is_removed_as_major_injury() -> None:
    game = scenario(
        {
            "T1": (10.0, 10.0),
            "L2": {"pos": (10.0 + TOUCH + 2.0, 10.0), "state": "face-down", "wounds": 0},
            "T2": (30.0, 22.0),
            "L1": (34.0, 22.0),
            "L3": (34.0, 2.0),
        }
    )
    apply_all(game, "nominate T1", "charge T1 L2")
    assert model(game, "L2").removed == "Major Injury"
    removed = events(game, "removed")[0]
    assert (removed.rule, removed.data) == ("States: Face Down", {"reason": "Major Injury"})
    assert kinds(game) == ["nominated", "moved", "charge", "helpless", "removed"]
    assert not rolls(game)


def test_face_down_in_base_to_base_at_the_start_of_a_turn_is_removed() -> None:
    game = scenario(
        {
            "T2": (10.0, 10.0),
            "L2": {"pos": (10.0 + TOUCH, 10.0), "state": "face-down", "wounds": 0},
            "T1": (30.0, 22.0),
            "L1": (34.0, 22.0),
            "L3": (34.0, 2.0),
        }
    )
    assert model(game, "L2").removed == "Major Injury"
    assert game.decision is not None and game.decision.kind == "nominate"
    assert not rolls(game)


def _start_of_turn_round(book_game: bool) -> Game:
    """T1 and L1 in base-to-base as the Threshold turn begins, a friend of each far off: T1
    wins the round and wounds L1 (Con 6, 1 Wound) with 5+1, an Injury of 2+3+1: Unconscious."""
    injury = script("to-wound", 5, 5, "injury", 2, 3)
    placed = {
        "T1": (10.0, 10.0),
        "L1": (10.0 + TOUCH, 10.0),
        "T2": (2.0, 22.0),
        "L2": (34.0, 22.0),
        "L3": (34.0, 2.0),
    }
    if book_game:
        dice = script("close-combat", 5, 4, 2, 3) + injury
        forces = [agent(mid) for mid in placed]
        return book(*forces, placed=placed, dice=dice)
    # Frank Howard's three dice against the Cult Leader's two.
    dice = script("close-combat", 5, 4, 1, 2, 3) + injury
    return scenario(placed, dice=dice)


@pytest.mark.parametrize("book_game", [False, True])
def test_r160_a_loser_falling_face_down_in_a_start_of_turn_round_is_removed_at_once(
    book_game: bool,
) -> None:
    """Rules notes §7.3 E9: Face Down while engaged, removed as a Major Injury, no dice; so
    it is never nominated to Change State and fight on."""
    game = _start_of_turn_round(book_game)
    game.apply("wound T1")
    assert model(game, "L1").removed == "Major Injury"
    assert kinds(game)[-4:] == ["injury", "face-down", "helpless", "removed"]
    assert events(game, "removed")[0].rule == "States: Face Down"
    assert "draw" not in kinds(game)
    assert game.decision is not None and game.decision.kind == "nominate"
    assert not dice_left(game)


def test_r160_a_loser_falling_face_down_in_a_charge_is_removed_at_once() -> None:
    game = scenario(
        {
            "T1": (10.0, 10.0),
            "L1": (10.0 + TOUCH + 2.0, 10.0),
            "T2": (2.0, 22.0),
            "L2": (34.0, 22.0),
            "L3": (34.0, 2.0),
        },
        # Frank 6 + 1 against the Cult Leader's 1 + 1: 5 hits; 6 + 1 against Con 6 is two
        # Wounds, one past his last: an Injury of 2 + 3 + 1, Unconscious.
        dice=script("close-combat", 6, 1, 1, 1, 1, "to-wound", 6, 1, 1, 1, 1, "injury", 2, 3),
    )
    apply_all(game, "nominate T1", "charge T1 L1", "wound T1")
    assert model(game, "L1").removed == "Major Injury"
    assert kinds(game)[-4:] == ["injury", "face-down", "helpless", "removed"]
    assert "draw" not in kinds(game)
    assert not dice_left(game)


def test_r160_a_model_shot_face_down_in_base_to_base_is_removed_at_once() -> None:
    """A shot's Injury placing a model Face Down while it is engaged removes it there: the
    Power push never comes."""
    game = scenario(
        {
            "T1": (10.0, 10.0),
            "L1": (10.0 + TOUCH, 10.0),
            "T2": {"pos": (10.0, 16.0), "lucky_used": True},
            "L2": (34.0, 22.0),
            "L3": (34.0, 2.0),
        },
        # The shot strikes the Cult Leader of the two in the combat; 4 + 2 against Con 6 is
        # his last Wound, and an Injury of 2 + 3 leaves him Unconscious.
        dice=script("random-target", 1, "to-hit", 6, "to-wound", 4, "injury", 2, 3),
        start="nominate",
    )
    apply_all(game, "nominate T2", "shoot T2 L1 handgun-45")
    assert model(game, "L1").removed == "Major Injury"
    assert kinds(game)[-3:] == ["face-down", "helpless", "removed"]
    assert model(game, "T1").removed is None
    assert not dice_left(game)


@pytest.mark.parametrize("state", ["face-up", "face-down"])
def test_prone_models_get_a_6_save_against_shooting(state: str) -> None:
    game = scenario(
        {
            "T1": (10.0, 10.0),
            "L1": {"pos": (10.0 + TOUCH + 8.0, 10.0), "state": state, "wounds": 0},
            "T2": (30.0, 22.0),
            **FAR,
        },
        dice=[
            ("to-hit", 4),
            ("to-hit", 5),
            ("save", 6),
            ("save", 5),
            ("to-wound", 3),
            ("power", 1),
        ],
    )
    apply_all(game, "nominate T1", "shoot T1 L1 double-barrelled-shotgun")
    shot = events(game, "shot")[0]
    assert (shot.data["cover"], shot.data["save"]) == ("none", 6)
    assert "(no cover, save 6+)" in game.describe(shot)
    assert events(game, "saved")[0].data == {"saved": 1, "left": 1}
    # 3 + 2 = 5 < Con 6: no Wound; Power still pushes the target 1".
    assert events(game, "no-wound")[0].data == {"total": 5, "con": 6}
    assert model(game, "L1").removed is None
    assert not dice_left(game)


def test_r160_a_model_getting_up_beside_a_face_down_enemy_removes_it() -> None:
    """Two Face Down models in base-to-base engage nobody; once T1 Changes State to Face Up
    it engages L1, which is removed as a Major Injury (R:141, R:160)."""
    game = book(
        agent("T1"),
        agent("T2"),
        agent("L1", types=["humanoid"]),
        agent("L2", types=["humanoid"]),
        placed={
            "T1": {"pos": (10.0, 10.0), "state": "face-down"},
            "L1": {"pos": (10.0 + TOUCH, 10.0), "state": "face-down"},
            "T2": (2.0, 2.0),
            "L2": (30.0, 20.0),
        },
    )
    assert model(game, "L1").removed is None
    apply_all(game, "nominate T1", "change-state T1")
    assert model(game, "T1").state == "face-up"
    assert model(game, "L1").removed == "Major Injury"
    assert events(game, "helpless")[0].models == ("L1",)
    assert not dice_left(game)
