"""The Basic Scenarios beyond the Fight and Free For All! (R:1561-1660, rules notes §3.15):
each one's deployment, markers, special actions, objectives and end, with scripted dice, on
the open 36" x 24" board (its short edges west and east, its long edges south and north).
Each test is named after the scenario and cites the lines it plays."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from tests.rulesets.strange_aeons.helpers import (
    TOUCH,
    apply_all,
    as_listed,
    board,
    dice_left,
    events,
    model,
    options,
    rect,
    refused,
    scenario,
)
from tests.rulesets.strange_aeons.rulebook import (
    agent,
    forces,
    from_set_up,
    ghost,
    holding,
    mid_game,
    winner,
)
from tests.rulesets.strange_aeons.test_rulebook_daemons import TAIL, byakhee, nightmare
from tests.rulesets.strange_aeons.test_rulebook_terrain import roofs

from skirmish.contract import random_game
from skirmish.dice import ScriptedDice
from skirmish.engine.action import Action
from skirmish.engine.game import HIDDEN_ACTION, Game
from skirmish.errors import SkirmishError
from skirmish.geometry.board import Edge
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.strange_aeons import ai, objectives, snatch, tokens, transporter
from skirmish.rulesets.strange_aeons.damage import remove, set_state
from skirmish.rulesets.strange_aeons.forces import load_played
from skirmish.rulesets.strange_aeons.log import describe
from skirmish.rulesets.strange_aeons.rulebook import StrangeAeons
from skirmish.rulesets.strange_aeons.state import AeonsGame, Token
from skirmish.terminal import status

BOOK = "strange-aeons"
R = TOUCH / 2


@pytest.fixture(scope="module")
def rules() -> StrangeAeons:
    found = find_ruleset(BOOK)
    assert isinstance(found, StrangeAeons)
    return found


# -- The Bag Man (R:1562-1573) ----------------------------------------------------------------


def test_sa_the_bag_man_lurkers_pick_a_short_edge_deploy_first_and_the_bag_man_is_secret() -> None:
    # R:1565: the Lurker player picks a short edge and deploys within 5"; the Threshold on the
    # opposite edge; R:1566: the Threshold player names the Bag Man in secret; R:1567 roll-off.
    game = from_set_up(
        "the-bag-man",
        agent("T1"),
        agent("T2"),
        agent("L1"),
        dice=[("roll-off first-turn", 5), ("roll-off first-turn", 2)],
    )
    assert game.decision is not None and game.decision.player == 1
    assert options(game) == ["edge east", "edge west"]
    game.apply("edge west")
    refused(game, "place L1 8,12", 'the base must be wholly within 5" of the west edge')
    apply_all(game, "place L1 2,12", "place T1 34,10", "place T2 34,14")
    assert game.decision is not None and game.decision.kind == "bag-man"
    assert options(game) == ["bag-man T1", "bag-man T2"]
    game.apply("bag-man T2")
    assert game.state.first == 0
    chosen = events(game, "bag-man")[0]
    assert chosen.rule == "The Bag Man: the Bag Man (R:1566)"
    lurkers, threshold = game.view(1), game.view(0)
    assert lurkers.state.bag_man == "?" and threshold.state.bag_man == "T2"
    assert [t.holder for t in lurkers.state.tokens] == ["?"]
    assert HIDDEN_ACTION in lurkers.actions and "model" not in chosen.seen_by(1).data
    assert not dice_left(game)


def test_r1566_the_threshold_reads_its_bag_man_in_its_status_the_lurkers_do_not() -> None:
    game = bag_man(T1=(10.0, 4.0), T2=(30.0, 20.0), L1=(14.0, 4.0), L2=(30.0, 12.0))
    assert "  Threshold's secret: the Bag Man is Agent T1 (T1)  [R:1566]" in status(game.view(0))
    assert "Bag Man" not in status(game.view(1))
    game.state.revealed = True  # revealed (R:1569): a secret no more
    assert "Bag Man" not in status(game.view(0))


def bag_man(active: int = 0, **placed: Any) -> Game:
    """The Bag Man mid-game: the Lurker short edge is the west one, T1 holds the package."""
    game = mid_game(
        "the-bag-man",
        agent("T1"),
        agent("T2"),
        agent("L1"),
        agent("L2"),
        placed=placed,
        edges=("east", "west"),
        active=active,
    )
    holding(game, Token("P", "package", holder="T1"), bag_man="T1")
    return game


def test_sa_the_bag_man_drops_the_package_face_up_and_anyone_picks_it_up_moving_over_it() -> None:
    # R:1569: Face Up, the Bag Man is revealed and drops the package; a model Moving over it
    # picks it up; R:1571: a Lurker carrying it off any edge wins.
    game = bag_man(T1=(10.0, 4.0), T2=(30.0, 20.0), L1=(14.0, 4.0), L2=(30.0, 12.0), active=1)
    set_state(game, model(game, "T1"), "face-up", "test")
    assert game.state.revealed
    package = game.state.tokens[0]
    assert package.holder == "" and events(game, "dropped")[0].rule == (
        "The Bag Man: the package (R:1569)"
    )
    apply_all(game, "nominate L1", f"move L1 {package.x + 0.92:g},{package.y}")
    assert game.state.tokens[0].holder == "L1"
    picked = events(game, "picked-up")[0]
    assert picked.models == ("L1",) and picked.rule == "The Bag Man: the package (R:1569)"
    assert events(game, "revealed")[0].rule == "The Bag Man: the package (R:1569)"
    game.apply("move L1 11.9,-1")  # off the south edge: any edge for the Lurkers
    assert winner(game) == 1
    assert game.result is not None and game.result.rule == "The Bag Man: objective (R:1571)"


def loose_package(
    lurker: dict[str, Any], dice: list[tuple[str, int]], active: int, **placed: Any
) -> Game:
    """The Bag Man mid-game, the package dropped at 12,10, L1 the given ``lurker``."""
    game = mid_game(
        "the-bag-man",
        agent("T1"),
        agent("T2"),
        lurker,
        agent("L2"),
        placed={"T1": (30.0, 20.0), "L2": (30.0, 4.0), **placed},
        edges=("east", "west"),
        active=active,
        dice=dice,
    )
    holding(game, Token("P", "package", 12.0, 10.0), bag_man="T1", revealed=True)
    return game


def test_r1569_a_charge_short_of_its_target_picks_up_the_package_on_its_way() -> None:
    # R:1569: any Move over the package picks it up; a Charge short of its target is a Move
    # (notes §6 item 49): L1's 1D6+1 rolls 3 (a die of 2) and goes 3" toward T2.
    fishman = agent("L1", move=1, move_die=6)
    game = loose_package(fishman, [("movement", 2)], 1, T2=(16.0, 10.0), L1=(10.0, 10.0))
    apply_all(game, "nominate L1", "charge L1 T2")
    assert events(game, "charge-short") and model(game, "L1").pos == (13.0, 10.0)
    assert game.state.tokens[0].holder == "L1"
    assert events(game, "picked-up")[0].rule == "The Bag Man: the package (R:1569)"
    assert not dice_left(game)


def test_r1569_a_jump_landing_on_the_package_picks_it_up_r271() -> None:
    # L1 jumps the 1.5" gap between two roofs (no test under 2") onto the package.
    game = mid_game(
        "the-bag-man",
        agent("T1"),
        agent("T2"),
        agent("L1"),
        agent("L2"),
        placed={
            "T1": (30.0, 20.0),
            "T2": (30.0, 16.0),
            "L1": {"pos": (19.3, 10.0), "level": "a"},
            "L2": (30.0, 4.0),
        },
        board=roofs(1.5),
        edges=("east", "west"),
        active=1,
    )
    holding(game, Token("P", "package", 22.8, 10.0), bag_man="T1", revealed=True)
    apply_all(game, "nominate L1", "jump L1 22.8,10")
    assert events(game, "jumped") and game.state.tokens[0].holder == "L1"
    assert events(game, "picked-up")[0].rule == "The Bag Man: the package (R:1569)"


def test_r1569_a_revulsion_move_picks_up_the_package_on_its_way() -> None:
    # R:222: Revulsion is a Move directly away from the source: T2 flees L1 5" west, over
    # the package.
    fearsome = agent("L1", types=["daemon"], skills=["fear"])
    dice = [("resolve", 3), ("insanity", 4)]  # 4: Revulsion
    game = loose_package(fearsome, dice, 0, T2=(14.0, 10.0), L1=(18.0, 10.0))
    apply_all(game, "nominate T2", "pass T2")
    assert events(game, "insanity")[0].data == {"result": "Revulsion"}
    assert model(game, "T2").pos == (9.0, 10.0)
    assert game.state.tokens[0].holder == "T2"
    assert not dice_left(game)


def test_sa_the_bag_man_threshold_wins_off_the_lurker_edge_the_others_enclosed() -> None:
    # R:1568: every edge but the Lurker short edge is Enclosed to Threshold models; R:1570.
    game = bag_man(T1=(3.0, 12.0), T2=(30.0, 20.0), L1=(30.0, 3.0), L2=(20.0, 3.0))
    game.apply("nominate T1")
    refused(game, "move T1 3,-1", "the south edge is Enclosed to T1 (R:1529, R:1568)")
    game.apply("move T1 -1,12")
    assert events(game, "escaped")[0].data == {"edge": "west"}
    assert model(game, "T1").removed == "Escaped"
    assert winner(game) == 0
    assert game.result is not None and game.result.rule == "The Bag Man: objective (R:1570)"


def test_r1566_the_bag_man_escaping_is_shown_to_all_as_the_game_ends() -> None:
    # His escape wins the game: the log shows everyone who he was, the Lurkers' view too,
    # which saw nothing of him before; it is no reveal (R:1569), that would cost him his Map
    # Piece (R:1572).
    game = bag_man(T1=(3.0, 12.0), T2=(30.0, 20.0), L1=(30.0, 3.0), L2=(20.0, 3.0))
    game.apply("nominate T1")
    assert game.view(1).state.bag_man == "?"
    assert "unmasked" not in [e.kind for e in game.seen_log(1)]
    game.apply("move T1 -1,12")
    shown = events(game, "unmasked")[0]
    assert (shown.rule, shown.models) == ("The Bag Man: the Bag Man (R:1566)", ("T1",))
    assert describe(game, shown) == (
        "Agent T1 (T1) was the Bag Man, as the mark under the base shows  "
        "[The Bag Man: the Bag Man (R:1566)]"
    )
    assert [e.kind for e in game.log][-2:] == ["unmasked", "game-over"]
    assert [e.models for e in game.seen_log(1) if e.kind == "unmasked"] == [("T1",)]
    assert not game.state.revealed


def test_r1566_the_bag_man_holding_the_package_as_the_last_lurker_falls_is_shown() -> None:
    game = bag_man(T1=(3.0, 12.0), T2=(30.0, 20.0), L1=(20.0, 3.0))
    remove(game, model(game, "L1"), "Minor Injury", "test")
    assert winner(game) == 0
    assert [e.models for e in events(game, "unmasked")] == [("T1",)]
    # Revealed already (R:1569), he is not shown again.
    dropped = bag_man(T1=(3.0, 12.0), T2=(30.0, 20.0), L1=(20.0, 3.0))
    set_state(dropped, model(dropped, "T1"), "face-down", "test")
    remove(dropped, model(dropped, "L1"), "Minor Injury", "test")
    assert dropped.is_over and not events(dropped, "unmasked")
    assert events(dropped, "revealed")[0].models == ("T1",)


def test_sa_the_bag_man_the_last_lurker_removed_wins_only_holding_the_package() -> None:
    # R:1570: in possession of the package when the last Lurker is removed; not holding it,
    # neither side has met its objective (our reading): a draw.
    game = bag_man(T1=(3.0, 12.0), T2=(30.0, 20.0), L1=(20.0, 3.0))
    remove(game, model(game, "L1"), "Minor Injury", "test")
    assert winner(game) == 0
    dropped = bag_man(T1=(3.0, 12.0), T2=(30.0, 20.0), L1=(20.0, 3.0))
    set_state(dropped, model(dropped, "T1"), "face-down", "test")
    remove(dropped, model(dropped, "L1"), "Minor Injury", "test")
    assert winner(dropped) is None and dropped.is_over


def test_sa_the_bag_man_r1225_a_banished_ghost_still_stands_for_the_lurkers() -> None:
    # R:1570 with R:1225: a Banished Ghost comes back, so the last Lurker is not yet removed.
    game = mid_game(
        "the-bag-man",
        agent("T1"),
        agent("T2"),
        agent("L1"),
        ghost("L2"),
        placed={
            "T1": (3.0, 12.0),
            "T2": (30.0, 20.0),
            "L1": (20.0, 3.0),
            "L2": {"pos": (30.0, 12.0), "removed": "banished"},
        },
        edges=("east", "west"),
    )
    holding(game, Token("P", "package", holder="T1"), bag_man="T1")
    game.state.banished = (("L2", 5, 0),)
    remove(game, model(game, "L1"), "Minor Injury", "test")
    assert not game.is_over


def test_r1569_the_bag_man_taken_to_the_nest_drops_the_package_where_they_left_r713() -> None:
    # R:713: Winged Nightmare L1 carries the snatched Bag Man off the west edge to its nest;
    # R:1569: he is removed, so the package is placed on the board: where they left it.
    game = mid_game(
        "the-bag-man",
        agent("T1"),
        agent("T2"),
        nightmare("L1"),
        agent("L2"),
        placed={"T1": (10.0, 10.0), "T2": (30.0, 20.0), "L1": (4.0, 10.0), "L2": (30.0, 4.0)},
        edges=("east", "west"),
        active=1,
        weapons={"tail": TAIL},
        dice=[("resolve", 6)] * 2,  # L2 and T2, each the last Normal model of its side
    )
    holding(game, Token("P", "package", holder="T1"), bag_man="T1")
    snatch.seize(game, model(game, "L1"), model(game, "T1"))
    apply_all(game, "nominate L1", "move L1 -1,10")
    assert model(game, "T1").removed == "Nest" and game.state.revealed
    dropped = events(game, "dropped")[0]
    assert (dropped.rule, dropped.models) == ("The Bag Man: the package (R:1569)", ("T1",))
    assert dropped.data == {"marker": "P", "at": [1.48, 10.0]}
    assert tokens.on_table(game) == [Token("P", "package", 1.48, 10.0)]
    assert not game.is_over
    assert not dice_left(game)


def test_r1569_a_passenger_removed_while_carried_drops_the_package_beside_its_byakhee_r639() -> (
    None
):
    # R:639: T1's shot strikes L2, carried (a 5), and removes it (6 + 2 against Con 6, then
    # 4 + 3 + 2: a Major Injury); R:1569: the package falls beside the Byakhee.
    game = mid_game(
        "the-bag-man",
        agent("T1", weapons=["unarmed", "handgun_45"]),
        agent("T2"),
        byakhee("L1"),
        agent("L2"),
        placed={
            "T1": (10.0, 18.0),
            "T2": (30.0, 20.0),
            "L1": (10.0, 10.0),
            "L2": (10.0 + TOUCH, 10.0),
        },
        edges=("east", "west"),
        dice=[
            ("random-target", 5),
            ("to-hit", 5),
            ("to-wound", 6),
            ("injury", 4),
            ("injury", 3),
        ],
    )
    holding(game, Token("P", "package", holder="L2"), bag_man="T1", revealed=True)
    transporter.lift(game, model(game, "L1"), model(game, "L2"))
    apply_all(game, "nominate T1", "shoot T1 L1 handgun_45")
    assert model(game, "L2").removed == "Major Injury"
    assert events(game, "dropped")[0].data == {"marker": "P", "at": [10.99, 10.0]}
    assert tokens.on_table(game) == [Token("P", "package", 10.99, 10.0)]
    assert not dice_left(game)


def test_r1571_a_byakhee_flying_off_carries_its_passengers_package_off_and_wins_r639() -> None:
    # R:639: Byakhee L1 carries L2, which holds the package, off the south edge with it;
    # R:1571: the Lurkers escape with the package by any edge.
    game = mid_game(
        "the-bag-man",
        agent("T1"),
        agent("T2"),
        byakhee("L1"),
        agent("L2"),
        placed={"T1": (30.0, 10.0), "T2": (30.0, 20.0), "L1": (4.0, 4.0), "L2": (4.0 + TOUCH, 4.0)},
        edges=("east", "west"),
        active=1,
    )
    holding(game, Token("P", "package", holder="L2"), bag_man="T1", revealed=True)
    transporter.lift(game, model(game, "L1"), model(game, "L2"))
    apply_all(game, "nominate L1", "move L1 4,-1")
    assert (model(game, "L1").removed, model(game, "L2").removed) == ("Escaped", "Escaped")
    assert events(game, "escaped")[0].data == {"edge": "south"} and not events(game, "dropped")
    assert game.state.tokens[0].holder == "L2"
    assert winner(game) == 1
    assert game.result is not None and game.result.rule == "The Bag Man: objective (R:1571)"


def test_sa_the_bag_man_heuristic_carries_the_package_off_and_the_others_escort() -> None:
    # The heuristic player goes for the objective (R:1570): leaving by the Lurker edge with
    # the package outweighs any other Move; a model without it is not drawn to that edge.
    game = bag_man(T1=(4.0, 12.0), T2=(4.0, 4.0), L1=(30.0, 3.0), L2=(30.0, 20.0))
    game.apply("nominate T1")
    off, stay = Action.at("move", ("T1",), -1.0, 12.0), Action.at("move", ("T1",), 8.0, 12.0)
    assert game.decision is not None
    scores = ai.score_actions(game.view(0), [off, stay])
    assert scores[0] == ai.EXIT_WORTH and scores[1] < scores[0]
    assert objectives.goal_edges(game, model(game, "T1")) == (Edge.WEST,)
    assert objectives.goal_edges(game, model(game, "T2")) == ()


# -- Escape ... Into Danger! (R:1574-1584) ----------------------------------------------------


def test_sa_escape_into_danger_threshold_picks_an_edge_lurkers_deploy_in_the_far_half() -> None:
    # R:1577: Threshold within 5" of its short edge, the Lurkers between the opposite edge and
    # the centre; R:1578: a roll-off for the first Turn.
    game = from_set_up(
        "escape-into-danger",
        agent("T1"),
        agent("L1"),
        dice=[("roll-off first-turn", 1), ("roll-off first-turn", 3)],
    )
    assert game.decision is not None and game.decision.player == 0
    apply_all(game, "edge east", "place T1 34,12")
    refused(game, "place L1 20,12", "the base must be wholly in the half of the board at the west")
    game.apply("place L1 17,12")
    assert game.state.first == 1 and game.state.edges == ("east", "west")
    assert not dice_left(game)


def test_sa_escape_into_danger_half_the_squad_off_the_lurker_edge_wins_enclosed_elsewhere() -> None:
    # R:1579: Enclosed but for the Lurker short edge; R:1580: half the squad, rounded down.
    game = mid_game(
        "escape-into-danger",
        agent("T1"),
        agent("T2"),
        agent("T3"),
        agent("T4"),
        agent("L1"),
        placed={
            "T1": (2.0, 4.0),
            "T2": (2.0, 20.0),
            "T3": (30.0, 12.0),
            "T4": (30.0, 16.0),
            "L1": (18.0, 12.0),
        },
        edges=("east", "west"),
    )
    apply_all(game, "nominate T1")
    refused(game, "move T1 2,-1", "the south edge is Enclosed to T1 (R:1529, R:1579)")
    game.apply("move T1 -1,4")
    assert model(game, "T1").removed == "Escaped" and not game.is_over
    apply_all(game, "nominate L1", "pass L1", "pass L1", "nominate T2", "move T2 -1,20")
    assert winner(game) == 0
    assert game.result is not None
    assert game.result.rule == "Escape ... Into Danger!: objective (R:1580)"


def test_sa_escape_into_danger_a_push_stops_against_an_enclosed_edge() -> None:
    # R:1529, R:1579: an Enclosed edge is a wall: Power pushes a model against it, not off.
    lists = forces(agent("T1", weapons=["unarmed"]), agent("L1"))
    shotgun = {"id": "shotgun", "name": "Shotgun", "kind": "ranged", "damage": 2}
    lists["threshold"]["weapons"].append(
        {**shotgun, "range": 8.0, "rate": 1, "specials": ["power"]}
    )
    lists["threshold"]["models"][0]["weapons"].append("shotgun")
    game = scenario(
        {"T1": (10.0, 18.0), "L1": (10.0, 22.5)},
        dice=[("to-hit", 5), ("to-wound", 1), ("power", 6)],
        ruleset_id=BOOK,
        setup={"scenario": "escape-into-danger", **lists},
        edges=("east", "west"),
    )
    apply_all(game, "nominate T1", "shoot T1 L1 shotgun")
    assert model(game, "L1").removed is None
    assert model(game, "L1").y == pytest.approx(24.0 - R)
    assert not dice_left(game)


# -- Monster Attack! (R:1614-1622) ------------------------------------------------------------


def test_sa_monster_attack_threshold_at_the_centre_the_monster_at_an_edge_and_first() -> None:
    # R:1617: Threshold within 8" of the centre, then the Lurker model in base contact with any
    # edge, at least 10" from every Threshold model; R:1618: the Lurker player goes first.
    game = from_set_up("monster-attack", agent("T1"), agent("T2"), agent("L1"), dice=[])
    refused(game, "place T1 27,12", 'the base must be wholly within 8" of the centre point')
    apply_all(game, "place T1 18,12", "place T2 18,5")
    refused(game, "place L1 10,12", "the base must be in base contact with a table edge")
    refused(game, f"place L1 18,{R}", 'from T2: at least 10" apart')
    game.apply(f"place L1 {R},12")
    assert game.state.first == 1
    assert events(game, "first-turn")[0].rule == "Monster Attack!: first Turn (R:1618)"
    assert game.decision is not None and game.decision.kind == "nominate"
    assert game.decision.player == 1


def test_r1617_monster_attack_the_threshold_deploy_first_picking_no_edge() -> None:
    # R:1617: the Threshold deploy first, about the centre, and no edge is picked; R:1565:
    # in The Bag Man the Lurker player picks the edge and deploys first.
    game = from_set_up("monster-attack", agent("T1"), agent("L1"), dice=[])
    first = events(game, "deploys-first")[0]
    assert describe(game, first) == "The Threshold deploy first  [Monster Attack!: set-up (R:1617)]"
    game = from_set_up("the-bag-man", agent("T1"), agent("L1"), dice=[])
    first = events(game, "deploys-first")[0]
    assert describe(game, first) == (
        "The Lurkers pick the edge and deploy first  [The Bag Man: set-up (R:1565)]"
    )


# -- Retrieve the Artifacts (R:1623-1642) -----------------------------------------------------


def retrieve_set_up(dice: list[tuple[str, int]], **options: Any) -> Game:
    """Retrieve the Artifacts from its set-up: an Agent against two."""
    lists = (agent("T1"), agent("L1"), agent("L2"))
    return from_set_up("retrieve-the-artifacts", *lists, dice=dice, **options)


def test_sa_retrieve_the_artifacts_long_edges_in_contact_then_four_markers_8_apart() -> None:
    # R:1626: the roll-off winner picks a long edge, both sides deploy in base contact with
    # their edges; then two Objective Markers each, alternately, the first deployer first, at
    # least 8" from every model and marker.
    game = retrieve_set_up(
        [
            ("roll-off set-up", 2),
            ("roll-off set-up", 6),
            ("roll-off first-turn", 4),
            ("roll-off first-turn", 3),
        ],
    )
    assert options(game) == ["edge north", "edge south"]
    game.apply("edge north")
    refused(game, "place L1 10,22", "the base must be in base contact with the north edge")
    apply_all(game, f"place L1 10,{24 - R}", f"place L2 20,{24 - R}", f"place T1 10,{R}")
    assert game.decision is not None and game.decision.player == 1
    refused(game, "marker M1 10,7", 'from T1: at least 8" apart')
    game.apply("marker M1 6,12")
    assert game.decision is not None and game.decision.player == 0
    refused(game, "marker M2 12,12", 'from M1: at least 8" apart')
    apply_all(game, "marker M2 18,12", "marker M3 30,12", "marker M4 27,3")
    assert [t.id for t in game.state.tokens] == ["M1", "M2", "M3", "M4"]
    assert [m.label for m in game.ruleset.markers(game)] == ["M1", "M2", "M3", "M4"]
    assert game.state.first == 0
    assert not dice_left(game)


def retrieve(dice: list[tuple[str, int]], active: int = 0, **placed: Any) -> Game:
    """Retrieve the Artifacts mid-game: the Lurker edge is the north one, M1 at 10,20."""
    game = mid_game(
        "retrieve-the-artifacts",
        agent("T1"),
        agent("L1"),
        placed=placed,
        dice=dice,
        active=active,
    )
    holding(game, Token("M1", "objective", 10.0, 20.0))
    return game


def test_sa_retrieve_the_artifacts_heuristic_goes_for_the_markers_and_drags_one_off() -> None:
    # R:1628-1629: the Threshold search a marker for its loot, the Lurkers drag it to their
    # edge to keep it from them: both are drawn to it as to the other scenarios' markers; the
    # Lurker touching it is nominated for it, and a drag is weighed where the marker ends,
    # a drag that loses it at the Lurker edge (north) worth the two searches it denies.
    game = retrieve([], active=1, T1=(30.0, 4.0), L1=(10.0, 20.0 - TOUCH))
    assert tokens.wanted(game, model(game, "T1")) == [(10.0, 20.0)]
    assert tokens.wanted(game, model(game, "L1")) == [(10.0, 20.0)]
    assert ai._usefulness(game, model(game, "L1")) == ai.MOVE_UP
    game.apply("nominate L1")
    near, lost = (
        Action.at("drag", ("L1", "M1"), 10.0, 21.0),
        Action.at("drag", ("L1", "M1"), 10.0, 22.6),
    )
    scores = ai.score_actions(game.view(1), [near, lost])
    assert scores == [pytest.approx(ai.MARKER_PULL * 2.0, abs=0.01), ai.LOST_MARKER_WORTH]


ARTIFACT = "Artifact Table, Retrieve the Artifacts"


def test_sa_retrieve_the_artifacts_two_search_actions_roll_the_artifact_table() -> None:
    # R:1628: two Actions in base contact with a marker, then a D6 for the Type and a D6 for
    # the Contents (notes §6 item 13: 5-6 Rare Item, 6 Lucky Idol).
    game = retrieve(
        [(ARTIFACT, 5), (f"{ARTIFACT}: Rare Item contents", 6)],
        T1=(10.0 - TOUCH, 20.0),
        L1=(30.0, 4.0),
    )
    game.apply("nominate T1")
    assert "search T1 M1" in options(game)
    apply_all(game, "search T1 M1", "search T1 M1")
    assert [e.data["done"] for e in events(game, "searched")] == [1, 2]
    found = events(game, "found")[0]
    assert found.data == {"marker": "M1", "found": "Rare Item / Lucky Idol"}
    assert found.rule == "Retrieve the Artifacts: searching (R:1628)"
    assert game.state.tokens[0].holder == "searched" and game.state.tokens[0].x < 0
    assert not dice_left(game)


def test_sa_retrieve_the_artifacts_a_marker_in_heavy_snow_is_dug_out_first() -> None:
    # R:265: searching for an Objective in Heavy Snow takes an Action more, to dig it out.
    snow = {"id": "snow", "kind": "open", "height": 0.0, "tags": ["heavy-snow"]}
    game = mid_game(
        "retrieve-the-artifacts",
        agent("T1"),
        agent("L1"),
        placed={"T1": (10.0 - TOUCH, 20.0), "L1": (30.0, 4.0)},
        dice=[(ARTIFACT, 2), (f"{ARTIFACT}: Common Item contents", 6)],
        board=board({**snow, "polygon": rect(8, 18, 12, 22)}),
    )
    holding(game, Token("M1", "objective", 10.0, 20.0))
    apply_all(game, "nominate T1", "search T1 M1", "search T1 M1")
    assert not events(game, "found")
    apply_all(game, "nominate L1", "pass L1", "pass L1", "nominate T1", "search T1 M1")
    assert [e.data["needed"] for e in events(game, "searched")] == [3, 3, 3]
    assert events(game, "found")[0].data["found"] == "Common Item / Map Piece"
    assert not dice_left(game)


def test_sa_retrieve_the_artifacts_a_lurker_drags_a_marker_at_minus_2_lost_at_its_edge() -> None:
    # R:1629: a Lurker in base contact drags a marker at -2 Movement; touching the Lurker
    # board edge, it is lost to Threshold. A Threshold model drags none.
    game = retrieve([], active=1, T1=(30.0, 4.0), L1=(10.0, 20.0 - TOUCH))
    game.apply("nominate L1")
    refused(game, "drag L1 M1 10,23.2", 'more than the 3" allowed')
    game.apply("drag L1 M1 10,21.9")
    marker = game.state.tokens[0]
    assert (marker.x, marker.y) == (10.0, 22.89)  # in base contact, on its side
    assert events(game, "dragged")[0].rule == "Retrieve the Artifacts: moving a marker (R:1629)"
    game.apply("drag L1 M1 10,22.6")
    assert events(game, "marker-lost")[0].rule == "Retrieve the Artifacts: markers (R:1629)"
    assert game.state.tokens[0].holder == "lost"
    threshold = retrieve([], T1=(10.0, 20.0 - TOUCH), L1=(30.0, 4.0))
    threshold.apply("nominate T1")
    refused(threshold, "drag T1 M1 10,17", "its side must be allowed and touch it (R:1629)")


def test_r1629_a_rolled_movement_drags_a_marker_at_minus_2_too() -> None:
    # R:1629: the -2 comes off a rolled Movement as well (R:2116): a 1D3+1 rolling 2 (a die
    # of 1) moves nothing, marker and all; rolling 4, it drags the marker 2".
    for face, end, at in ((1, 16.0, 16.0 + TOUCH), (6, 18.0, 18.99)):
        game = mid_game(
            "retrieve-the-artifacts",
            agent("T1"),
            agent("L1", move=1, move_die=3),
            placed={"T1": (30.0, 4.0), "L1": (10.0, 16.0)},
            active=1,
            dice=[("movement", face)],
        )
        holding(game, Token("M1", "objective", 10.0, 16.0 + TOUCH))
        apply_all(game, "nominate L1", "drag L1 M1 10,18")
        marker = game.state.tokens[0]
        assert model(game, "L1").pos == (10.0, end)
        assert (marker.x, marker.y) == (10.0, at)  # in base contact, on its side
        assert bool(events(game, "dragged")) == (face == 6)
        assert not dice_left(game)


def test_r1141_a_drag_that_needs_the_sprints_2_inches_logs_the_sprint_r1629() -> None:
    # Movement 5 less the marker's 2 leaves 3": a second Move dragging it 4" needs Sprint.
    game = mid_game(
        "retrieve-the-artifacts",
        agent("T1"),
        agent("L1", skills=["sprint"]),
        placed={"T1": (30.0, 4.0), "L1": (10.0, 12.0)},
        active=1,
    )
    holding(game, Token("M1", "objective", 10.0, 16.0 + TOUCH))
    apply_all(game, "nominate L1", "move L1 10,16", "drag L1 M1 10,20")
    assert model(game, "L1").pos == (10.0, 20.0)
    assert [e.data["bonus"] for e in events(game, "sprint")] == [2.0]


def test_sa_altered_beast_r917_a_zombie_dog_drags_no_marker_nor_picks_up_the_package() -> None:
    # R:917: a Zombie Dog never searches for nor moves an Objective.
    dog = {"abilities": ["altered_beast"], "types": ["undead"]}
    game = mid_game(
        "retrieve-the-artifacts",
        agent("T1"),
        agent("L1", **dog),
        placed={"T1": (30.0, 4.0), "L1": (10.0, 20.0 - TOUCH)},
        active=1,
    )
    holding(game, Token("M1", "objective", 10.0, 20.0))
    game.apply("nominate L1")
    refused(game, "drag L1 M1 10,21.9", "L1 is an Altered Beast: it never searches for nor moves")
    bag = mid_game(
        "the-bag-man",
        agent("T1"),
        agent("T2"),
        agent("L1", **dog),
        agent("L2"),
        placed={"T1": (10.0, 4.0), "T2": (30.0, 20.0), "L1": (14.0, 4.0), "L2": (30.0, 12.0)},
        edges=("east", "west"),
        active=1,
    )
    holding(bag, Token("P", "package", holder="T1"), bag_man="T1")
    set_state(bag, model(bag, "T1"), "face-up", "test")
    package = bag.state.tokens[0]
    apply_all(bag, "nominate L1", f"move L1 {package.x + 0.92:g},{package.y}")
    assert bag.state.tokens[0].holder == "" and not events(bag, "picked-up")


# -- Treasure Hunt (R:1643-1660) --------------------------------------------------------------


def test_sa_treasure_hunt_the_roll_off_winner_picks_a_half_the_other_8_away() -> None:
    # R:1646: the board in halves across the centre line (parallel to the short edges, notes
    # §6 item 69); the other side deploys at least 8" from every enemy.
    game = from_set_up(
        "treasure-hunt",
        agent("T1"),
        agent("L1"),
        dice=[
            ("roll-off set-up", 5),
            ("roll-off set-up", 1),
            ("roll-off first-turn", 1),
            ("roll-off first-turn", 2),
        ],
    )
    apply_all(game, "edge west", "place T1 17,12")
    refused(game, "place L1 24,12", 'from T1: at least 8" apart')
    game.apply("place L1 27,12")
    assert game.state.edges == ("west", "east") and game.state.first == 1
    assert not dice_left(game)


def test_r1646_the_first_deployer_keeps_no_8_inches_its_sneaky_model_neither() -> None:
    # R:1646: only the other player deploys 8" from the enemy; the roll-off winner's Sneaky
    # model, placed after everyone (R:1136), stands anywhere in its half, 5" from L1 here.
    game = from_set_up(
        "treasure-hunt",
        agent("T1"),
        agent("T2", skills=["sneaky"]),
        agent("L1"),
        dice=[
            ("roll-off set-up", 5),
            ("roll-off set-up", 2),
            ("roll-off first-turn", 1),
            ("roll-off first-turn", 2),
        ],
    )
    apply_all(game, "edge west", "place T1 4,12", "place L1 20,12", "sneak T2 14,12")
    assert model(game, "T2").pos == (14.0, 12.0)
    assert not dice_left(game)


def treasure(dice: list[tuple[str, int]], round_: int = 3, active: int = 0, **placed: Any) -> Game:
    """Treasure Hunt mid-game in round ``round_``: the Threshold half is the west one."""
    game = mid_game(
        "treasure-hunt",
        agent("T1"),
        agent("T2"),
        agent("L1"),
        placed=placed,
        dice=dice,
        edges=("west", "east"),
        active=active,
    )
    game.state.round = round_
    return game


def test_sa_treasure_hunt_searches_from_round_3_where_threshold_outnumbers_the_lurkers() -> None:
    # R:1648: no search before Turn 3 (Game Rounds, notes §6 item 56); only in a section where
    # the Threshold has more Normal models; after two search Actions a D6 of 6 finds it.
    early = treasure([], round_=2, T1=(4.0, 4.0), T2=(30.0, 20.0), L1=(30.0, 4.0))
    early.apply("nominate T1")
    refused(early, "search T1 S1", "no model searches before round 3 (R:1648)")
    even = treasure([], T1=(4.0, 4.0), T2=(30.0, 20.0), L1=(8.0, 8.0))
    even.apply("nominate T1")
    assert not [o for o in options(even) if o.startswith("search")]
    game = treasure(
        [("treasure", 4), ("treasure", 6)],
        T1=(4.0, 4.0),
        T2=(6.0, 6.0),
        L1=(8.0, 8.0),
    )
    apply_all(game, "nominate T1", "search T1 S1", "search T1 S1")
    assert not game.state.tokens  # a 4: nothing yet
    apply_all(game, "nominate L1", "pass L1", "pass L1")
    apply_all(game, "nominate T2", "search T2 S1", "search T2 S1")
    found = events(game, "treasure")[0]
    assert found.models == ("T2",) and found.rule == "Treasure Hunt: searching (R:1648)"
    assert [t.kind for t in game.state.tokens] == ["treasure"]
    assert not dice_left(game)


def test_sa_treasure_hunt_the_treasure_off_the_threshold_short_edge_wins() -> None:
    # R:1648: -2 Movement moving with it; R:1649: off the Threshold short edge; R:1646: the
    # long edges are Enclosed; a marker leaves only by an edge that wins with it.
    game = treasure([], T1=(2.0 + R, 12.0), T2=(30.0, 20.0), L1=(30.0, 4.0))
    holding(game, Token("T", "treasure", 2.0 + R, 12.0 + TOUCH))
    game.apply("nominate T1")
    refused(game, "move T1 2.5,-1", "the south edge is Enclosed to T1 (R:1529, R:1646)")
    refused(game, "drag T1 T 6.5,12", 'more than the 3" allowed')
    game.apply("drag T1 T -1,12")
    assert winner(game) == 0
    assert game.result is not None and game.result.rule == "Treasure Hunt: objective (R:1649)"
    lurker = treasure([], active=1, T1=(30.0, 20.0), T2=(30.0, 4.0), L1=(2.0 + R, 12.0))
    holding(lurker, Token("T", "treasure", 2.0 + R, 12.0 + TOUCH))
    lurker.apply("nominate L1")
    refused(lurker, "drag L1 T -1,12", "a marker leaves the table only by an edge that wins")


# -- Variants (R:1536) ------------------------------------------------------------------------


def test_sa_retrieve_the_artifacts_the_stash_two_markers_each_a_rare_item() -> None:
    # R:1642: only two Objective Markers, each holding a Rare Item (its Contents rolled).
    game = retrieve_set_up(
        [
            ("roll-off set-up", 6),
            ("roll-off set-up", 2),
            ("roll-off first-turn", 4),
            ("roll-off first-turn", 3),
            (f"{ARTIFACT}: Rare Item contents", 3),
        ],
        variant="the-stash",
    )
    assert events(game, "variant")[0].rule == "Retrieve the Artifacts: The Stash (R:1642)"
    apply_all(
        game, "edge south", f"place T1 10,{R}", f"place L1 10,{24 - R}", f"place L2 20,{24 - R}"
    )
    apply_all(game, f"marker M1 10,{R + TOUCH + 8.05}", "marker M2 30,12")
    assert [t.id for t in game.state.tokens] == ["M1", "M2"]
    assert game.decision is not None and game.decision.kind == "nominate"
    game.state.tokens = (replace(game.state.tokens[0], y=R + TOUCH), game.state.tokens[1])
    apply_all(game, "nominate T1", "search T1 M1", "search T1 M1")
    assert events(game, "found")[0].data["found"] == "Scroll"
    assert not dice_left(game)


def treasure_map_lurker(*types: str, finds: bool = True) -> Game:
    """Treasure Map in round 3, the Lurker L1 of the Special ``types`` nominated, alone in
    its section, with a 6 to find the Treasure if it ``finds``."""
    setup = {
        "scenario": "treasure-hunt",
        "variant": "treasure map",
        **forces(agent("T1"), agent("L1", types=list(types))),
    }
    game = scenario(
        {"T1": (4.0, 4.0), "L1": (30.0, 20.0)},
        dice=[("treasure", 6)] if finds else [],
        ruleset_id=BOOK,
        setup=setup,
        edges=("west", "east"),
        active=1,
    )
    game.state.round = 3
    game.apply("nominate L1")
    return game


def test_sa_treasure_hunt_treasure_map_the_lurkers_search_where_they_outnumber() -> None:
    # R:1660: the Lurkers search too (where they have more Normal models, our reading).
    game = treasure_map_lurker()
    apply_all(game, "search L1 S6", "search L1 S6")
    assert events(game, "treasure")[0].models == ("L1",)
    assert not dice_left(game)


def test_sa_treasure_hunt_treasure_map_the_lurker_that_finds_the_treasure_is_nominated() -> None:
    # R:1660: the Lurkers carry the Treasure off their edge (east); the finder touches it and
    # is as useful as a model with a winning edge within reach, though no enemy draws it (a
    # Ghost is no target, R:116).
    setup = {
        "scenario": "treasure-hunt",
        "variant": "treasure map",
        **forces(ghost("T1"), agent("L1")),
    }
    game = scenario(
        {"T1": (4.0, 4.0), "L1": (30.0, 20.0)},
        dice=[("treasure", 6)],
        ruleset_id=BOOK,
        setup=setup,
        edges=("west", "east"),
        active=1,
    )
    game.state.round = 3
    apply_all(game, "nominate L1", "search L1 S6", "search L1 S6")
    assert events(game, "treasure")[0].models == ("L1",)
    assert ai._usefulness(game, model(game, "L1")) == ai.MOVE_UP


def test_sa_beast_r113_a_beast_never_searches_for_the_treasure() -> None:
    # R:113: Beasts never search Objectives, even where Treasure Map lets the Lurkers search.
    game = treasure_map_lurker("beast", finds=False)
    assert not [o for o in options(game) if o.startswith("search")]
    refused(game, "search L1 S6", "L1 is a Beast: Beasts never search Objectives (R:113)")


def test_r108_a_daemon_beast_searches_for_the_treasure_a_beast_daemon_never() -> None:
    # R:108: a later Special type's limits yield to the primary one's: a 'Daemon, Beast'
    # searches where Treasure Map lets the Lurkers (R:1660), a 'Beast, Daemon' never (R:113).
    game = treasure_map_lurker("daemon", "beast")
    apply_all(game, "search L1 S6", "search L1 S6")
    assert events(game, "treasure")[0].models == ("L1",)
    assert not dice_left(game)
    game = treasure_map_lurker("beast", "daemon", finds=False)
    assert not [o for o in options(game) if o.startswith("search")]
    refused(game, "search L1 S6", "L1 is a Beast: Beasts never search Objectives (R:113)")


def test_sa_escape_into_danger_run_the_gauntlet_on_a_board_18_wide(rules: StrangeAeons) -> None:
    # R:1583: the board 18" across its short edges: the middle strip, the pieces wholly in it.
    inside = {"id": "in", "kind": "rough", "height": 0.0, "polygon": rect(10, 8, 12, 14)}
    across = {"id": "across", "kind": "rough", "height": 0.0, "polygon": rect(20, 1, 22, 6)}
    options = {"scenario": "escape-into-danger", "variant": "Run the Gauntlet"}
    setup = rules.normalize_setup({**options, "board": board(inside, across)})
    narrow = setup["board"]
    assert (narrow["width"], narrow["height"], narrow["name"]) == (
        36.0,
        18.0,
        'test board, 18" wide',
    )
    assert [(t["id"], t["polygon"][0]) for t in narrow["terrain"]] == [("in", [10, 5.0])]
    assert rules.normalize_setup(setup) == setup
    assert random_game(rules, 2, setup).is_over


def test_sa_escape_into_danger_contain_the_area_half_the_lurkers_escape_past_the_threshold() -> (
    None
):
    # R:1584: the objectives reversed: half the Lurkers (rounded down) off the Threshold short
    # edge, the only one not Enclosed, as the refusal cites.
    setup = {
        "scenario": "escape-into-danger",
        "variant": "contain-the-area",
        **forces(agent("T1"), agent("L1"), agent("L2")),
    }
    game = scenario(
        {"T1": (18.0, 20.0), "L1": (2.0, 12.0), "L2": (34.0, 12.0)},
        ruleset_id=BOOK,
        setup=setup,
        edges=("west", "east"),
        active=1,
    )
    game.apply("nominate L2")
    refused(game, "move L2 37,12", "the east edge is Enclosed to L2 (R:1529, R:1584)")
    apply_all(game, "pass L2", "pass L2", "nominate T1", "pass T1", "pass T1", "nominate L1")
    game.apply("move L1 -1,12")
    assert winner(game) == 1
    assert game.result is not None
    assert game.result.rule == "Escape ... Into Danger!: objective (R:1584)"


SECTION = "Random Deployment: section"


def test_sa_monster_attack_the_monsters_lair_random_deployment_in_six_sections_enclosed() -> None:
    # R:1622: Random Deployment (R:1530-1532: a D6 per model is its section, six of them
    # numbered clockwise from the one the side with more models names 1, here the south-west,
    # 5" from every model), every edge Enclosed.
    game = from_set_up(
        "monster-attack",
        agent("T1"),
        agent("T2"),
        agent("L1"),
        dice=[(SECTION, 3), (SECTION, 5), (SECTION, 3)],
        variant="the-monsters-lair",
    )
    assert game.decision is not None and game.decision.player == 0
    assert [o.split()[1] for o in options(game)] == [
        "south-west",
        "north-west",
        "north-centre",
        "north-east",
        "south-east",
        "south-centre",
    ]
    as_listed(game)
    assert game.decision is not None and game.decision.prompt == "deploy Agent T1 (T1) in section 3"
    refused(game, "deploy T1 3 5,5", "the base must be wholly within section 3")
    apply_all(game, "deploy T1 3 22,22", "deploy L1 5 30,6")
    refused(game, "deploy T2 3 20,20", 'from T1: at least 5" apart')
    game.apply("deploy T2 3 14,14")
    placed = [(e.models[0], e.data["quadrant"]) for e in events(game, "deployed-in")]
    assert placed == [("T1", 3), ("L1", 5), ("T2", 3)]
    assert events(game, "deployed-in")[0].rule == "Monster Attack!: Random Deployment (R:1530-1532)"
    assert game.state.first == 1
    game.apply("nominate L1")
    refused(game, "move L1 30,-1", "the south edge is Enclosed to L1 (R:1529, R:1622)")
    assert not dice_left(game)


def test_sa_an_unknown_scenario_is_refused_naming_those_played(rules: StrangeAeons) -> None:
    played = (
        "fight, free-for-all, the-bag-man, escape-into-danger, monster-attack, "
        "retrieve-the-artifacts, treasure-hunt, or random"
    )
    with pytest.raises(SkirmishError, match=rf"^unknown scenario 'nope'; played: {played}$"):
        rules.normalize_setup({"scenario": "nope"})
    with pytest.raises(
        SkirmishError, match=r"^unknown scenario 'fihgt' \(did you mean 'fight'\?\)"
    ):
        rules.normalize_setup({"scenario": "fihgt"})
    assert rules.normalize_setup({"scenario": "the_bag_man"})["scenario"] == "the_bag_man"


@pytest.mark.parametrize(
    ("wins", "table"),
    [(10, "Advanced Scenario Table"), (15, r"Distinguished Service \(15 wins or more\)")],
)
def test_sa_r1521_a_team_of_10_wins_or_more_rolls_no_basic_scenario(
    rules: StrangeAeons, tmp_path: Path, wins: int, table: str
) -> None:
    # R:1521: 10-14 wins roll on the Advanced Scenario Table, 15 or more select one; neither
    # table's scenarios are played, so a rolled scenario is refused, a named one played.
    team = tmp_path / "team.toml"
    team.write_text(
        f'name = "Veterans"\nfaction = "threshold"\nwins = {wins}\n\n'
        '[[models]]\nprofile = "Character"\n\n[[models]]\nprofile = "Agent"\n',
        "utf-8",
    )
    with pytest.raises(
        SkirmishError,
        match=rf"^a team of {wins} wins finds its scenario by the {table} \(R:1521\), whose "
        "scenarios are not played yet: name a played one with -o scenario=NAME$",
    ):
        rules.normalize_setup({"scenario": "random", "threshold": str(team)})
    assert rules.normalize_setup({"scenario": "fight", "threshold": str(team)})["scenario"] == (
        "fight"
    )


def test_sa_a_variant_is_of_its_named_scenario_and_played(rules: StrangeAeons) -> None:
    # The Stash is Retrieve the Artifacts' Variant (R:1536): the error says so.
    with pytest.raises(
        SkirmishError,
        match=r"^variant 'the-stash' is a Variant of Retrieve the Artifacts, not of The Bag Man: "
        r"play it with -o scenario=retrieve-the-artifacts$",
    ):
        rules.normalize_setup({"scenario": "the-bag-man", "variant": "the-stash"})
    with pytest.raises(SkirmishError, match=r"^variant 'nowhere' of Fight is not played yet"):
        rules.normalize_setup({"scenario": "fight", "variant": "nowhere"})
    with pytest.raises(SkirmishError, match="a variant is played with a named scenario"):
        rules.normalize_setup({"scenario": "random", "variant": "the-stash"})
    named = {"scenario": "retrieve-the-artifacts", "variant": "The Stash"}
    assert rules.normalize_setup(named)["variant"] == "the_stash"


# -- Sneaky (R:1136, R:1532) --------------------------------------------------------------------

WOOD = {"id": "wood", "kind": "rough", "height": 0.0, "polygon": rect(16, 10, 20, 14)}


def test_sa_sneaky_deploys_last_in_scenery_10_from_every_enemy() -> None:
    # R:1136: after every other model, outside its zone provided it is in scenery, at least
    # 10" from every enemy (here the Fight's strips, R:1588).
    setup = {
        "board": board(WOOD),
        **forces(agent("T1", skills=["sneaky"]), agent("T2"), agent("L1")),
    }
    game = find_ruleset(BOOK).new_game(
        setup,
        0,
        ScriptedDice(
            [
                ("roll-off deployment", 5),
                ("roll-off deployment", 2),
                ("roll-off first-turn", 5),
                ("roll-off first-turn", 2),
            ]
        ),
    )
    apply_all(game, "edge west", "deploy T2 2,12", "deploy L1 34,12")
    assert game.decision is not None and game.decision.prompt == "deploy Agent T1 (T1), Sneaky"
    refused(game, "sneak T1 12,4", "the base must touch scenery (R:1136)")
    game.apply("sneak T1 20.3,12")
    assert events(game, "deployed")[-1].rule == "Skills: Sneaky (R:1136)"
    assert model(game, "T1").pos == (20.3, 12.0)
    assert not dice_left(game)


def _sneaky_free_for_all(table: str | dict[str, Any], lurker_quadrant: int) -> AeonsGame:
    """A Free For All of a Sneaky Agent T1 against L1 on ``table``, the Lurkers winning the
    deployment roll-off and rolling ``lurker_quadrant``, as the deployment lists them."""
    setup = {
        "board": table,
        "scenario": "free-for-all",
        **forces(agent("T1", skills=["sneaky"]), agent("L1")),
    }
    quadrant = "Free For All Deployment Table: quadrant"
    game = find_ruleset(BOOK).new_game(
        setup,
        0,
        ScriptedDice(
            [
                ("roll-off deployment", 2),
                ("roll-off deployment", 5),
                (quadrant, lurker_quadrant),
                ("roll-off first-turn", 5),
                ("roll-off first-turn", 2),
            ]
        ),
    )
    as_listed(game)
    return game


def test_sa_sneaky_is_never_queued_and_picks_its_quadrant() -> None:
    # R:1532: never in the Random Deployment queue; it deploys after the rest.
    game = _sneaky_free_for_all("open", 1)
    game.apply("deploy L1 1 5,5")
    refused(game, "sneak T1 8,8", 'from L1: at least 5" apart')
    game.apply("sneak T1 30,20")
    assert model(game, "T1").pos == (30.0, 20.0)
    assert not dice_left(game)


def test_r1136_every_sneaky_spot_offered_in_a_quadrant_is_taken_as_its_action_keeps_it() -> None:
    # R:1136, R:1532: the Sneaky model picks its quadrant. The pool leaves quadrant 1 a strip of
    # room thinner than the hundredth of an inch an action keeps (11.5043-11.5079), holding no
    # point an action can name: a spot found there is not offered, for its action would round
    # it out of the quadrant.
    pool = {"id": "pool", "kind": "impassable", "height": 0.0, "polygon": rect(0, 0, 18, 11.022)}
    game = _sneaky_free_for_all(board(pool), 3)
    game.apply("deploy L1 3 30,20")
    refused(game, "sneak T1 9,11.51", "the base must be wholly within quadrant 1")
    assert game.decision is not None
    spec = game.decision.points[0]
    spots = game.ruleset.candidate_points(game, spec)
    refusals = [(p, game.point_error(Action.at(spec.kind, spec.args, *p))) for p in spots]
    assert spots and [(p, why) for p, why in refusals if why is not None] == []
    game.apply(Action.at(spec.kind, spec.args, *spots[0]))
    assert model(game, "T1").pos == spots[0]
    assert not dice_left(game)


# -- Every Basic Scenario in play -------------------------------------------------------------


def test_sa_basic_scenario_table_lands_on_every_played_scenario(rules: StrangeAeons) -> None:
    # R:1537-1548: a random scenario is rolled until it is played; now all seven are.
    rolled = {
        rules.normalize_setup({"scenario": "random", "list-seed": s})["scenario"]
        for s in range(1, 40)
    }
    assert rolled == set(load_played().scenarios)


@pytest.mark.parametrize(
    "name",
    [
        "the-bag-man",
        "escape-into-danger",
        "monster-attack",
        "retrieve-the-artifacts",
        "treasure-hunt",
    ],
)
def test_sa_basic_scenarios_random_lists_and_games_keep_the_contract(
    rules: StrangeAeons, name: str
) -> None:
    # The Lurker restriction of each (R:1564-1645) holds for the lists drawn at random.
    setup = rules.normalize_setup({"scenario": name, "list-seed": 2})
    if name == "monster-attack":
        assert len(setup["lurkers"]["models"]) == 1
    assert random_game(rules, 3, setup, deep=True).is_over


@pytest.mark.parametrize(
    ("name", "variant"),
    [
        ("retrieve-the-artifacts", "the-stash"),
        ("treasure-hunt", "treasure-map"),
        ("monster-attack", "the-monsters-lair"),
        ("escape-into-danger", "contain-the-area"),
        ("escape-into-danger", "run-the-gauntlet"),
        ("fight", "last-stand"),
        ("fight", "street-fight"),
        ("fight", "the-raid"),
        ("monster-attack", "strength-in-numbers"),
    ],
)
def test_sa_variants_random_games_keep_the_contract(
    rules: StrangeAeons, name: str, variant: str
) -> None:
    setup = rules.normalize_setup({"scenario": name, "variant": variant, "list-seed": 4})
    assert random_game(rules, 5, setup, deep=True).is_over
