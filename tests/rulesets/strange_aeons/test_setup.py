"""Set-up of the Fight scenario: roll-offs, the choice of edge and deployment within 5"."""

from __future__ import annotations

from tests.rulesets.strange_aeons.helpers import board, dice_left, kinds, model, rect, refused

from skirmish.dice import ScriptedDice
from skirmish.engine.game import Game
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.strange_aeons.state import AeonsState

R = 0.984 / 2  # 25 mm base radius in inches


def new_game(dice: list[tuple[str, int]]) -> Game:
    return find_ruleset("strange-aeons-intro").new_game({"board": "open"}, 0, ScriptedDice(dice))


def state(game: Game) -> AeonsState:
    assert isinstance(game.state, AeonsState)
    return game.state


DEPLOY_LURKERS_FIRST = [("roll-off deployment", 2), ("roll-off deployment", 5)]


def test_fight_setup_roll_off_higher_chooses_edge() -> None:
    game = new_game(DEPLOY_LURKERS_FIRST)
    assert game.decision is not None
    assert game.decision.kind == "edge"
    assert game.decision.player == 1  # the Lurkers rolled higher
    assert {a.args[0] for a in game.decision.options} == {"north", "south", "east", "west"}
    assert state(game).deploy_first == 1
    roll_off = next(e for e in game.log if e.kind == "roll-off")
    assert roll_off.data == {"purpose": "deployment", "winner": 1, "dice": [2, 5]}
    assert not dice_left(game)


def test_fight_setup_roll_off_ties_rolled_again() -> None:
    """Ties are rolled again (rules notes item 70)."""
    game = new_game(
        [
            ("roll-off deployment", 4),
            ("roll-off deployment", 4),
            ("roll-off deployment", 1),
            ("roll-off deployment", 1),
            ("roll-off deployment", 6),
            ("roll-off deployment", 3),
        ]
    )
    assert kinds(game).count("roll-off-tie") == 2
    assert game.decision is not None
    assert game.decision.player == 0
    assert not dice_left(game)


def test_fight_setup_opponent_takes_opposite_edge() -> None:
    game = new_game(DEPLOY_LURKERS_FIRST)
    game.apply("edge west")
    assert state(game).edges == ("east", "west")  # indexed by side: Threshold, Lurkers
    game2 = new_game([("roll-off deployment", 6), ("roll-off deployment", 1)])
    game2.apply("edge north")
    assert state(game2).edges == ("north", "south")


def test_fight_setup_winner_deploys_first_in_roster_order() -> None:
    game = new_game(DEPLOY_LURKERS_FIRST)
    game.apply("edge south")
    assert game.decision is not None
    assert (game.decision.kind, game.decision.player) == ("deploy", 1)
    assert game.decision.points[0].args == ("L1",)
    refused(game, "deploy L2 5,2", "L1 deploys next: the models deploy in roster order")


def test_fight_setup_base_entirely_within_5_inches_of_edge() -> None:
    game = new_game(DEPLOY_LURKERS_FIRST)
    game.apply("edge south")
    # The base's far side exactly 5" from the edge: the centre 5 - r from it.
    game.apply(f"deploy L1 10,{5 - R:.2f}")
    assert model(game, "L1").pos == (10.0, round(5 - R, 2))


def test_fight_setup_deploying_outside_the_zone_is_illegal_and_changes_nothing() -> None:
    game = new_game(DEPLOY_LURKERS_FIRST)
    game.apply("edge south")
    zone = 'the base must be wholly within 5" of the south edge; its far side would be'
    refused(game, "deploy L1 10,4.6", f'{zone} 5.1" from it')
    refused(game, "deploy L1 10,20", f'{zone} 20.5" from it')
    refused(game, "deploy L1 -1,2", "the base would be off the table")
    refused(game, "deploy L1 10,0.2", "the base would be off the table")
    assert model(game, "L1").x < 0  # still not deployed


def test_fight_setup_deploying_on_another_base_is_illegal() -> None:
    game = new_game(DEPLOY_LURKERS_FIRST)
    game.apply("edge south")
    game.apply("deploy L1 10,2")
    refused(game, "deploy L2 10.5,2", "the base would overlap L1")


def full_deployment(game: Game) -> None:
    game.apply("edge south")
    game.apply("deploy L1 10,2")
    game.apply("deploy L2 14,2")
    game.apply("deploy L3 18,2")
    assert game.decision is not None
    assert game.decision.kind == "deploy"
    assert game.decision.player == 0
    # The Threshold deploy on the opposite (north) edge.
    north = 'the base must be wholly within 5" of the north edge; its far side would be 22.5"'
    refused(game, "deploy T1 10,2", north)
    game.apply("deploy T1 10,22")
    game.apply("deploy T2 14,22")


def test_fight_setup_opponent_deploys_within_5_of_opposite_edge() -> None:
    game = new_game([*DEPLOY_LURKERS_FIRST, ("roll-off first-turn", 3), ("roll-off first-turn", 4)])
    full_deployment(game)
    assert model(game, "T1").pos == (10.0, 22.0)
    assert [e.models[0] for e in game.log if e.kind == "deployed"] == ["L1", "L2", "L3", "T1", "T2"]
    assert not dice_left(game)


def test_fight_setup_second_roll_off_for_first_turn() -> None:
    # The Lurkers chose the edge and deployed first; the Threshold win the second roll-off.
    game = new_game([*DEPLOY_LURKERS_FIRST, ("roll-off first-turn", 6), ("roll-off first-turn", 2)])
    full_deployment(game)
    st = state(game)
    assert (st.first, st.active, st.round) == (0, 0, 1)
    assert game.decision is not None
    assert (game.decision.kind, game.decision.player) == ("nominate", 0)
    first = [e for e in game.log if e.kind == "roll-off"][-1]
    assert first.data == {"purpose": "first-turn", "winner": 0, "dice": [6, 2]}
    assert not dice_left(game)


def test_fight_setup_may_deploy_inside_a_building_within_the_zone() -> None:
    shed = board({"id": "shed", "kind": "climbable", "height": 3.0, "polygon": rect(8, 0.5, 14, 4)})
    game = find_ruleset("strange-aeons-intro").new_game(
        {"board": shed}, 0, ScriptedDice(DEPLOY_LURKERS_FIRST)
    )
    game.apply("edge south")
    game.apply("deploy L1 10,2")
    assert (model(game, "L1").pos, model(game, "L1").level) == ((10.0, 2.0), "shed")
    refused(game, "deploy L2 8.2,2", "the base would hang over the edge of the shed")
