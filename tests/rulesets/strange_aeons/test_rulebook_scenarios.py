"""The Basic Scenarios the rulebook game plays: Free For All!'s deployment by the D6 in four
quadrants (R:1599-1609, notes §2.16) and a scenario rolled on the Basic Scenario Table at
set-up (R:1537-1548), each with scripted dice."""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

import pytest
from tests.rulesets.strange_aeons.helpers import (
    as_listed,
    dice_left,
    events,
    heuristic_choice,
    model,
    options,
    refused,
)
from tests.rulesets.strange_aeons.rulebook import agent, animal, forces, handler

from skirmish.dice import ScriptedDice
from skirmish.engine.action import Action
from skirmish.engine.game import Game
from skirmish.geometry.shapes import edge_distance
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.strange_aeons.lists.list_file import SAMPLES, ListError

FREE_FOR_ALL = "Free For All!: deployment"


def free_for_all(dice: list[tuple[str, int]]) -> Game:
    """Two Agents against three, on the open 36" x 24" board, from the start of the set-up."""
    rules = find_ruleset("strange-aeons")
    lists = forces(agent("T1"), agent("T2"), agent("L1"), agent("L2"), agent("L3"))
    setup: dict[str, Any] = {"board": "open", "scenario": "free-for-all", **lists}
    game = rules.new_game(setup, 0, ScriptedDice(dice))
    as_listed(game)
    return game


QUADRANT = "Free For All Deployment Table: quadrant"


def test_r1600_free_for_all_places_each_model_by_a_d6_in_four_quadrants() -> None:
    game = free_for_all(
        [
            (QUADRANT, 2),  # L1 (the Lurkers have more models: they roll first): quadrant 2
            (QUADRANT, 5),  # T1 does not appear yet: to the back of its queue
            (QUADRANT, 6),  # L2: its player chooses
            (QUADRANT, 4),  # T2: quadrant 4
            (QUADRANT, 1),  # L3: quadrant 1
            (QUADRANT, 3),  # T1: quadrant 3
            ("roll-off first-turn", 2),
            ("roll-off first-turn", 5),
        ]
    )
    assert (
        game.decision is not None and game.decision.prompt == "deploy Agent L1 (L1) in quadrant 2"
    )
    refused(game, "deploy L1 2 20,20", "the base must be wholly within quadrant 2")
    game.apply("deploy L1 2 5,13")
    assert events(game, "requeued")[0].models == ("T1",)
    assert options(game) == ["quadrant L2 1", "quadrant L2 2", "quadrant L2 3", "quadrant L2 4"]
    game.apply("quadrant L2 3")
    game.apply("deploy L2 3 30,20")
    game.apply("deploy T2 4 30,5")
    refused(game, "deploy L3 1 5,11", 'from L1: at least 5" apart')
    game.apply("deploy L3 1 5,5")
    game.apply("deploy T1 3 20,15")
    placed = [(e.models[0], e.data["quadrant"]) for e in events(game, "deployed-in")]
    assert placed == [("L1", 2), ("L2", 3), ("T2", 4), ("L3", 1), ("T1", 3)]
    assert all(e.rule == FREE_FOR_ALL for e in events(game, "deployed-in"))
    assert model(game, "T1").pos == (20.0, 15.0)
    assert game.state.first == 1 and game.decision is not None
    assert game.decision.kind == "nominate"
    assert not dice_left(game)


def test_r1609_a_5_is_rolled_again_when_the_opponent_has_no_model_to_place() -> None:
    game = free_for_all(
        [
            (QUADRANT, 1),  # L1
            (QUADRANT, 2),  # T1
            (QUADRANT, 3),  # L2
            (QUADRANT, 4),  # T2: the Threshold have placed every model
            (QUADRANT, 5),  # L3: nobody else waits, so rolled again
            (QUADRANT, 4),
            ("roll-off first-turn", 5),
            ("roll-off first-turn", 2),
        ]
    )
    for action in ("deploy L1 1 5,5", "deploy T1 2 5,20", "deploy L2 3 30,20", "deploy T2 4 30,5"):
        game.apply(action)
    assert not events(game, "requeued")
    game.apply("deploy L3 4 22,5")
    assert game.state.first == 0
    assert not dice_left(game)


def test_r1599_animals_are_no_models_when_the_side_with_more_rolls_first_r1366() -> None:
    # The Threshold field two models and two Dogs, the Lurkers three: the Lurkers roll first.
    rules = find_ruleset("strange-aeons")
    threshold = (handler("T1"), agent("T2"), animal("T3", "T1"), animal("T4", "T1"))
    lists = forces(*threshold, agent("L1"), agent("L2"), agent("L3"))
    setup: dict[str, Any] = {"board": "open", "scenario": "free-for-all", **lists}
    game = rules.new_game(setup, 0, ScriptedDice([(QUADRANT, 2)]))
    assert game.state.deploy_first == 1
    as_listed(game)
    assert game.decision is not None
    assert game.decision.prompt == "deploy Agent L1 (L1) in quadrant 2"
    assert not dice_left(game)


def test_r1599_the_side_with_more_models_numbers_the_quadrants_clockwise() -> None:
    # The Lurkers (three models to two) name the north-east quadrant 1: a 1 sends L1 there,
    # and a 2 sends T1 to the next one clockwise, the south-east.
    rules = find_ruleset("strange-aeons")
    lists = forces(agent("T1"), agent("T2"), agent("L1"), agent("L2"), agent("L3"))
    setup: dict[str, Any] = {"board": "open", "scenario": "free-for-all", **lists}
    game = rules.new_game(setup, 0, ScriptedDice([(QUADRANT, 1), (QUADRANT, 2), (QUADRANT, 3)]))
    assert game.decision is not None and game.decision.kind == "first-area"
    assert game.decision.player == 1
    assert options(game) == [
        "first-area south-west",
        "first-area north-west",
        "first-area north-east",
        "first-area south-east",
    ]
    game.apply("first-area north-east")  # the Threshold, with fewer, are not asked
    assert game.state.first_area == 2
    numbered = events(game, "numbered")[0]
    assert game.ruleset.describe(game, numbered).startswith(
        "The Lurkers number the north-east quadrant 1, the rest clockwise from it"
    )
    as_listed(game)
    assert game.decision.prompt == "deploy Agent L1 (L1) in quadrant 1"
    assert game.decision.points[0].hint.startswith("a point with the whole base in quadrant 1 (n")
    refused(game, "deploy L1 1 5,5", "the base must be wholly within quadrant 1")
    game.apply("deploy L1 1 30,20")
    assert game.decision.prompt == "deploy Agent T1 (T1) in quadrant 2"
    refused(game, "deploy T1 2 5,20", "the base must be wholly within quadrant 2")
    game.apply("deploy T1 2 30,5")
    placed = [(e.models[0], e.data["quadrant"]) for e in events(game, "deployed-in")]
    assert placed == [("L1", 1), ("T1", 2)]
    refused(game, "deploy L2 3 30,5", "the base must be wholly within quadrant 3")
    assert game.point_error(Action("deploy", ("L2", "3"), (5.0, 5.0))) is None
    assert not dice_left(game)


def test_r1531_each_side_queues_its_models_and_they_roll_in_that_order() -> None:
    # The Lurkers put L3 then L1 at the front, L2 going last unasked; the Threshold put T2 at
    # the front, T1 last. The dice then go to L3, T2, L1, T1, L2.
    rules = find_ruleset("strange-aeons")
    lists = forces(agent("T1"), agent("T2"), agent("L1"), agent("L2"), agent("L3"))
    setup: dict[str, Any] = {"board": "open", "scenario": "free-for-all", **lists}
    dice = [(QUADRANT, 1), (QUADRANT, 2), (QUADRANT, 3), (QUADRANT, 4), (QUADRANT, 1)]
    game = rules.new_game(setup, 0, ScriptedDice(dice))
    game.apply("first-area south-west")
    assert game.decision is not None and game.decision.kind == "queue"
    assert game.decision.player == 1
    assert options(game) == ["queue L1", "queue L2", "queue L3"]
    game.apply("queue L3")
    assert options(game) == ["queue L1", "queue L2"]
    game.apply("queue L1")
    assert game.decision.player == 0 and options(game) == ["queue T1", "queue T2"]
    game.apply("queue T2")
    queued = events(game, "queued")
    assert [(e.models, e.data["side"]) for e in queued] == [
        (("L3", "L1", "L2"), 1),
        (("T2", "T1"), 0),
    ]
    assert game.ruleset.describe(game, queued[0]).startswith(
        "The Lurkers queue their models, the front first: "
    )
    for mid, spot in (("L3", "5,5"), ("T2", "5,20"), ("L1", "30,20"), ("T1", "30,5")):
        assert game.decision.kind == "deploy" and game.decision.points[0].args[0] == mid
        game.apply(f"deploy {mid} {game.decision.points[0].args[1]} {spot}")
    assert game.decision.prompt == "deploy Agent L2 (L2) in quadrant 1"
    assert not dice_left(game)


def test_r1531_the_heuristic_queues_its_command_model_first_and_numbers_the_first_offered() -> None:
    rules = find_ruleset("strange-aeons")
    lurkers = (agent("L1"), agent("L2", skills=["command"]), agent("L3"))
    setup: dict[str, Any] = {"board": "open", "scenario": "free-for-all"}
    game = rules.new_game({**setup, **forces(agent("T1"), agent("T2"), *lurkers)}, 0)
    assert heuristic_choice(game).to_text() == "first-area south-west"
    game.apply("first-area south-west")
    assert heuristic_choice(game).to_text() == "queue L2"


def test_r1598_free_for_all_needs_half_the_points_on_human_lurkers(tmp_path: Path) -> None:
    fishmen = tmp_path / "fishmen.toml"
    fishmen.write_text(
        'name = "Deep ones"\nfaction = "lurkers"\n\n[[models]]\nprofile = "Fishman"\ncount = 2\n',
        "utf-8",
    )
    team = str(SAMPLES / "fight_team.toml")
    rules = find_ruleset("strange-aeons")
    with pytest.raises(ListError, match=re.escape("Free For All! (R:1598)")):
        rules.normalize_setup(
            {"scenario": "free-for-all", "threshold": team, "lurkers": str(fishmen)}
        )
    # A drawn list is checked by the same rule when it is drawn; Humans are among it.
    drawn = rules.normalize_setup({"scenario": "free-for-all", "list-seed": 4})
    assert any("human" in m["types"] for m in drawn["lurkers"]["models"])


def test_r1521_a_random_scenario_is_rolled_at_set_up_again_until_one_is_played() -> None:
    rules = find_ruleset("strange-aeons")
    setup = rules.normalize_setup({"scenario": "random", "list-seed": 33})
    assert setup["scenario"] == "escape_into_danger"
    assert setup["scenario-roll"] == [[2, 1], [2, 1], [5, 1]]
    assert rules.normalize_setup(setup) == setup
    game = rules.new_game(setup, 5)
    rolled = [e.data["result"] for e in events(game, "scenario-roll")]
    assert rolled == [
        "the lurker player chooses: rolled again",
        "the lurker player chooses: rolled again",
        "Escape ... Into Danger!",
    ]
    assert events(game, "scenario-roll")[0].rule == "Basic Scenario Table (R:1537-1548)"


def test_a_scenario_not_played_yet_is_refused() -> None:
    rules = find_ruleset("strange-aeons")
    with pytest.raises(Exception, match="scenario Surrounded is not played yet"):
        rules.normalize_setup({"scenario": "surrounded"})
    with pytest.raises(Exception, match="scenario-roll is a list"):
        rules.normalize_setup({"scenario": "fight", "scenario-roll": [[7, 1]]})


def test_r1600_a_crowded_table_brings_the_spacing_down_an_inch_at_a_time() -> None:
    # Thirty models placed at the first spot found fill the table until no quadrant has a
    # spot 5" from all of them: the next model keeps the largest spacing some quadrant has.
    profiles = [agent(f"{side}{i}") for side in "TL" for i in range(1, 16)]
    setup: dict[str, Any] = {"board": "open", "scenario": "free-for-all", **forces(*profiles)}
    rolls = [(QUADRANT, 6)] * 30
    dice = [("roll-off deployment", 1), ("roll-off deployment", 2), *rolls]
    dice += [("roll-off first-turn", 2), ("roll-off first-turn", 5)]
    game = find_ruleset("strange-aeons").new_game(setup, 0, ScriptedDice(dice))
    as_listed(game)
    while not events(game, "crowded"):
        game.apply(options(game)[0])
        game.apply(_first_spot(game))
    crowded = events(game, "crowded")[0]
    spacing = crowded.data["spacing"]
    assert 0 <= spacing < 5 and crowded.rule.startswith("Free For All!: deployment, no quadrant")
    assert game.describe(crowded).startswith(
        'No quadrant has room for Agent L10 (L10) 5" from every model: it '
        'stands at least 4" from them'
    )
    game.apply(options(game)[0])
    placing = crowded.models[0]
    quadrant = game.decision.points[0].args[1] if game.decision else ""
    other = next(m for m in game.models if m.on_table)
    refused(game, f"deploy {placing} {quadrant} {other.x},{other.y}", f'{spacing:g}" apart')
    game.apply(_first_spot(game))
    placed = model(game, placing)
    gaps = [
        edge_distance(placed.pos, placed.radius, m.pos, m.radius)
        for m in game.models
        if m.on_table and m.id != placing
    ]
    assert min(gaps) >= spacing
    while game.decision is not None and game.decision.kind in ("quadrant", "deploy"):
        game.apply(options(game)[0] if options(game) else _first_spot(game))
    assert game.decision is not None and game.decision.kind == "nominate"


def _first_spot(game: Game) -> str:
    """The deploy action of the first candidate spot of the decision."""
    assert game.decision is not None
    spec = game.decision.points[0]
    x, y = game.ruleset.candidate_points(game, spec)[0]
    return f"deploy {' '.join(spec.args)} {x},{y}"


def test_r1599_a_quadrant_has_room_wherever_a_base_fits_however_small() -> None:
    # Four Agents leave quadrant 1 one small spot 5" from all of them, between the points of
    # any grid: the fifth, rolled there, is placed there, not handed to its player's choice.
    dice = [(QUADRANT, 1)] * 5 + [("roll-off first-turn", 2), ("roll-off first-turn", 5)]
    game = free_for_all(dice)
    around = {"L1": (4.8, 2.4), "T1": (13.2, 11.4), "L2": (4.0, 11.4), "T2": (13.7, 3.3)}
    for mid, (x, y) in around.items():
        game.apply(f"deploy {mid} 1 {x},{y}")
    assert not events(game, "quadrant-full") and not events(game, "crowded")
    assert game.decision is not None
    assert game.decision.prompt == "deploy Agent L3 (L3) in quadrant 1"
    spots = game.ruleset.candidate_points(game, game.decision.points[0])
    assert spots and all(math.dist(p, (8.9, 7.05)) < 0.5 for p in spots)
    x, y = spots[0]
    game.apply(f"deploy L3 1 {x},{y}")
    l3 = model(game, "L3")
    assert min(edge_distance(l3.pos, l3.radius, model(game, m).pos, l3.radius) for m in around) >= 5
