"""The scenario roll of the Pre-Game played in the game (R:1521, :mod:`.pregame`): a rolled
scenario and a Threshold list holding Cunning (R:1065) or Tactician (R:1153)."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest
from tests.dice_script import script
from tests.rulesets.strange_aeons.helpers import (
    as_listed,
    dice_left,
    events,
    options,
    refused,
    snapshot,
)
from tests.rulesets.strange_aeons.rulebook import BOOK, agent, forces

from skirmish.contract import random_game
from skirmish.dice import ScriptedDice
from skirmish.engine.game import Game
from skirmish.engine.restore import replay, restore
from skirmish.errors import SkirmishError
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.strange_aeons.lists.list_file import SAMPLES
from skirmish.rulesets.strange_aeons.scenarios.selection import LURKER_DIE, THRESHOLD_DIE

CUNNING_SEED = 44
"""A list seed whose random team holds a Cunning model."""
TEAM = tomllib.loads((SAMPLES / "fight_team.toml").read_text("utf-8"))
"""A team list the Lurkers are drawn against (a list file's data, as the setup keeps it)."""
FIGHT_OFF = script("roll-off deployment", 5, 2)
"""The Fight's first roll-off, won by the Threshold."""


def scenario_dice(*faces: int) -> list[tuple[str, int]]:
    """Throws of the scenario dice: the Threshold's face, then the Lurkers', and again."""
    purposes = (THRESHOLD_DIE, LURKER_DIE)
    return [(purposes[n % 2], face) for n, face in enumerate(faces)]


def tactician_game(dice: list[tuple[str, int]]) -> Game:
    """A rolled scenario for T1, with Command, Cunning and Tactician; the Lurkers drawn
    against the sample team once it comes."""
    team = forces(agent("T1", skills=["command", "cunning", "tactician"]))["threshold"]
    setup = {"scenario": "random", "threshold": team, "pregame-team": TEAM}
    return find_ruleset(BOOK).new_game(setup, 0, ScriptedDice(dice))


def cunning_game(dice: list[tuple[str, int]]) -> Game:
    """A rolled scenario for the random team of :data:`CUNNING_SEED`."""
    setup = {"scenario": "random", "list-seed": CUNNING_SEED}
    return find_ruleset(BOOK).new_game(setup, 0, ScriptedDice(dice))


def test_r1521_a_cunning_team_rolls_its_scenario_in_the_game() -> None:
    """R:1521-1524: the scenario is the game's first step; the Lurker list waits for it."""
    rules = find_ruleset(BOOK)
    setup = rules.normalize_setup({"scenario": "random", "list-seed": CUNNING_SEED})
    assert (setup["scenario"], setup["lurkers"], setup["pregame-team"]) == ("random",) * 3
    assert rules.normalize_setup(setup) == setup
    game = cunning_game(scenario_dice(1, 5))
    assert [m.side for m in game.models] == [0] * len(game.models)
    assert game.decision is not None and game.decision.kind == "scenario-cunning"
    assert options(game) == ["cunning", "keep-die"]
    thrown = [e for e in game.log if e.roll is not None]
    assert [(e.rule, e.roll.purpose) for e in thrown if e.roll is not None] == [
        ("Pre-Game Sequence: Determine Scenario (R:1521)", THRESHOLD_DIE),
        ("Pre-Game Sequence: Determine Scenario (R:1521)", LURKER_DIE),
    ]


def test_r1521_without_cunning_the_scenario_is_still_rolled_at_set_up() -> None:
    setup = find_ruleset(BOOK).normalize_setup({"scenario": "random", "list-seed": 33})
    assert setup["scenario"] == "escape_into_danger" and "pregame-team" not in setup


def test_sa_cunning_re_rolls_the_scenario_die_once_a_game() -> None:
    """R:1065: 1 + 1 is rolled again (kept), 6 + 6 too; the re-roll turns the 6 into a 1:
    the Fight (7). Spent, it is not offered on the roll-off the Threshold lose."""
    dice = [*scenario_dice(1, 1, 6, 6), (THRESHOLD_DIE, 1), *script("roll-off deployment", 2, 4)]
    game = cunning_game(dice)
    refused(game, "edge north", "not an option of set-up")
    game.apply("keep-die")
    assert options(game) == ["cunning", "keep-die"]
    game.apply("cunning")
    assert events(game, "cunning-reroll")[0].data == {"side": 0, "was": 6, "now": 1}
    throws = [(e.data["dice"], e.data["result"]) for e in events(game, "scenario-throw")]
    assert throws == [
        ([1, 1], "the lurker player chooses: rolled again"),
        ([1, 6], "Fight"),
    ]
    assert game.setup["scenario"] == "fight" and game.state.cunning_used == (0,)
    assert any(m.side == 1 for m in game.models)
    assert events(game, "roll-off")[0].data["winner"] == 1
    assert game.decision is not None and game.decision.kind == "edge"
    assert not dice_left(game)


def test_sa_cunning_may_keep_its_scenario_die() -> None:
    """R:1065: kept, the die stands and the re-roll is left for the roll-offs."""
    dice = [*scenario_dice(2, 5), *script("roll-off deployment", 2, 4)]
    game = cunning_game(dice)
    game.apply("keep-die")
    assert events(game, "scenario-throw")[0].data == {"dice": [2, 5], "result": "Fight"}
    assert not game.state.cunning_used
    assert not dice_left(game)


def test_sa_tactician_moves_the_scenario_die_down_by_one() -> None:
    """R:1153: a 6 and a 2 give Retrieve the Artifacts (8); moved down to a 5, the Fight."""
    game = tactician_game([*scenario_dice(6, 2), *FIGHT_OFF])
    game.apply("keep-die")
    assert game.decision is not None and game.decision.kind == "tactician"
    assert options(game) == ["tactician -1", "tactician 0"]  # a D6 shows no 7
    refused(game, "tactician 1", "not an option of set-up")
    game.apply("tactician -1")
    moved = events(game, "tactician")[0]
    assert (moved.rule, moved.data) == ("Skills: Tactician (R:1153)", {"was": 6, "now": 5})
    assert events(game, "scenario-throw")[0].data == {"dice": [5, 2], "result": "Fight"}
    assert game.setup["scenario"] == "fight"
    assert not dice_left(game)


def test_sa_tactician_may_keep_the_die() -> None:
    """R:1153: a move of 0 keeps the throw (1 + 6, the Fight) and logs no move."""
    game = tactician_game([*scenario_dice(1, 6), *FIGHT_OFF])
    game.apply("keep-die")
    assert options(game) == ["tactician 0", "tactician 1"]  # a D6 shows no 0
    game.apply("tactician 0")
    assert not events(game, "tactician")
    assert events(game, "scenario-throw")[0].data == {"dice": [1, 6], "result": "Fight"}
    assert game.setup["scenario"] == "fight"
    assert not dice_left(game)


def test_sa_tactician_game_saved_at_its_decision_and_replayed_reads_the_same() -> None:
    """A game stopped at the Tactician decision restores and replays to the same game; so
    does one saved after the scenario came, whose setup holds it and its Lurker list."""
    game = tactician_game([*scenario_dice(6, 2), *FIGHT_OFF])
    game.apply("keep-die")
    saved = restore(game.to_json())
    assert snapshot(saved) == snapshot(game)
    replayed = replay(game.record(), ScriptedDice(scenario_dice(6, 2)))
    assert replayed.to_json()["log"] == game.to_json()["log"]
    for each in (game, saved):
        each.apply("tactician -1")
    assert snapshot(saved) == snapshot(game)
    after = restore(game.to_json())
    assert after.setup == game.setup and after.setup["scenario"] == "fight"
    again = replay(after.record(), ScriptedDice([*scenario_dice(6, 2), *FIGHT_OFF]))
    assert again.setup == game.setup
    assert again.to_json()["log"] == game.to_json()["log"]


def test_r1524_a_given_lurker_list_is_refused_when_the_scenario_is_rolled_in_the_game() -> None:
    rules = find_ruleset(BOOK)
    options: dict[str, Any] = {"scenario": "random", "list-seed": CUNNING_SEED}
    with pytest.raises(SkirmishError, match=r"^the lurkers option is random here: .*\(R:1524\)"):
        rules.normalize_setup({**options, "lurkers": "fight_cult"})
    team = forces(agent("T1", skills=["command", "cunning"]))["threshold"]
    with pytest.raises(SkirmishError, match="give the team as a list file or random"):
        rules.normalize_setup({"scenario": "random", "threshold": team})


def test_r1521_scenario_throws_are_refused_when_the_scenario_is_rolled_in_the_game() -> None:
    """The throws record a roll made at set-up: with the roll still to make in the game, they
    would be dropped unread."""
    options: dict[str, Any] = {
        "scenario": "random",
        "list-seed": CUNNING_SEED,
        "scenario-roll": [[1, 1]],
    }
    with pytest.raises(SkirmishError, match=r"^scenario-roll is given only with the scenario it"):
        find_ruleset(BOOK).normalize_setup(options)
    assert options["scenario-roll"] == [[1, 1]] and "pregame-team" not in options


def test_sa_cunning_the_heuristic_re_rolls_only_a_die_that_can_do_better() -> None:
    """Retrieve the Artifacts (8) is where the heuristic Threshold do worst: re-rolled;
    The Bag Man (9) where they do best: kept."""
    rules = find_ruleset(BOOK)
    for faces, wanted in (((6, 2), "cunning"), ((4, 5), "keep-die")):
        game = cunning_game(scenario_dice(*faces))
        assert game.decision is not None
        found = list(game.decision.options)
        scores = rules.score_actions(game, found)
        assert found[scores.index(max(scores))].kind == wanted


def test_sa_tactician_the_heuristic_moves_toward_its_best_scenario() -> None:
    """A 6 and a 2: the Fight (7) is better for the heuristic than Retrieve the Artifacts."""
    game = tactician_game(scenario_dice(6, 2))
    game.apply("keep-die")
    assert game.decision is not None
    found = list(game.decision.options)
    scores = find_ruleset(BOOK).score_actions(game, found)
    assert found[scores.index(max(scores))].to_text() == "tactician -1"


def cunning_free_for_all(dice: list[tuple[str, int]]) -> Game:
    """Free For All! for a Cunning T1 and T2 against three Agents, on the open board."""
    lists = forces(agent("T1", skills=["command", "cunning"]), agent("T2"), *LURKERS)
    setup = {"board": "open", "scenario": "free-for-all", **lists}
    game = find_ruleset(BOOK).new_game(setup, 0, ScriptedDice(dice))
    as_listed(game)
    return game


LURKERS = (agent("L1"), agent("L2"), agent("L3"))
QUADRANT = "Free For All Deployment Table: quadrant"


def test_sa_cunning_re_rolls_a_free_for_all_deployment_die() -> None:
    """R:1065, R:1600-1609: T1's 5 (to the back of the queue) re-rolled to a 4: quadrant 4. The
    re-roll spent, T2's die and the first-turn roll-off the Threshold lose are not asked."""
    quadrants = script(QUADRANT, 2, 5, 4, 6, 3, 1)
    game = cunning_free_for_all([*quadrants, *script("roll-off first-turn", 2, 5)])
    game.apply("deploy L1 2 5,13")
    assert game.decision is not None and game.decision.kind == "deployment-cunning"
    assert game.decision.prompt == "re-roll the quadrant die of T1: 5 (Cunning, once a game)?"
    refused(game, "deploy T1 4 30,5", "not an option of set-up")
    game.apply("cunning")
    rerolled = events(game, "cunning-reroll")[0]
    assert (rerolled.rule, rerolled.data) == (
        "Skills: Cunning (R:1065)",
        {"side": 0, "was": 5, "now": 4},
    )
    for action in ("deploy T1 4 30,5", "quadrant L2 3", "deploy L2 3 30,20", "deploy T2 3 20,15"):
        game.apply(action)
    game.apply("deploy L3 1 5,5")
    assert not events(game, "requeued") and game.state.cunning_used == (0,)
    assert game.decision is not None and game.decision.kind == "nominate"
    assert not dice_left(game)


def test_sa_cunning_keeps_a_deployment_die_and_is_asked_again() -> None:
    """R:1065: kept, the 5 sends T1 to the back of its queue; T2's die is offered next."""
    game = cunning_free_for_all(script(QUADRANT, 2, 5, 6, 3))
    game.apply("deploy L1 2 5,13")
    game.apply("keep-die")
    assert events(game, "requeued")[0].models == ("T1",)
    game.apply("quadrant L2 3")
    game.apply("deploy L2 3 30,20")
    assert game.decision is not None and game.decision.kind == "deployment-cunning"
    assert "T2: 3" in game.decision.prompt and not game.state.cunning_used
    assert not dice_left(game)


def test_r1521_random_games_rolling_their_scenario_in_the_game_keep_the_contract() -> None:
    """Clone, save and load, replay and views hold through the roll and the setup it
    changes."""
    setup = {"scenario": "random", "list-seed": CUNNING_SEED}
    random_game(find_ruleset(BOOK), 3, setup, deep=True)


def test_r1524_a_team_file_is_kept_to_draw_the_lurkers_against(tmp_path: Path) -> None:
    """R:1524: the team file's data stays in the setup; the Lurker list comes with the
    scenario, drawn against it, the same again on a replay."""
    text = (SAMPLES / "fight_team.toml").read_text("utf-8")
    path = tmp_path / "team.toml"
    path.write_text(text.replace('skills = ["Lucky"]', 'skills = ["Cunning"]', 1), "utf-8")
    rules = find_ruleset(BOOK)
    setup = rules.normalize_setup({"scenario": "random", "threshold": str(path)})
    assert setup["pregame-team"] == tomllib.loads(path.read_text("utf-8"))
    game = rules.new_game(setup, 0, ScriptedDice([*scenario_dice(3, 4), *FIGHT_OFF]))
    game.apply("keep-die")
    assert game.setup["lurkers"]["list"] == "Random Lurkers (list seed 1)"
    assert replay(game.record(), ScriptedDice([*scenario_dice(3, 4), *FIGHT_OFF])).setup == (
        game.setup
    )


def test_sa_cunning_re_rolled_to_a_5_with_no_opponent_waiting_rolls_again() -> None:
    """R:1065, R:1609: T2's 3 re-rolled comes up 5 while the Lurkers have none left to
    place: rolled again under the Deployment Table's rule, a 4."""
    threshold = (agent("T1", skills=["command", "cunning"]), agent("T2"), agent("T3"))
    setup = {"board": "open", "scenario": "free-for-all", **forces(*threshold, agent("L1"))}
    dice = [*script(QUADRANT, 1, 2, 3, 5, 4, 1), *script("roll-off first-turn", 2, 5)]
    game = find_ruleset(BOOK).new_game(setup, 0, ScriptedDice(dice))
    as_listed(game)
    for action in ("keep-die", "deploy T1 1 5,5", "deploy L1 2 5,20", "cunning"):
        game.apply(action)
    assert events(game, "cunning-reroll")[0].data == {"side": 0, "was": 3, "now": 5}
    again = [e.rule for e in game.log if e.roll is not None][-1]
    assert again.startswith("Free For All!: deployment")
    game.apply("deploy T2 4 30,5")
    game.apply("deploy T3 1 12,5")
    assert game.decision is not None and game.decision.kind == "nominate"
    assert not dice_left(game)


TINY = {"name": "tiny", "width": 4, "height": 4, "terrain": []}
"""A board whose long edges cannot hold Retrieve the Artifacts' deployment strips."""


def test_r1525_a_board_without_room_to_deploy_is_refused_at_set_up() -> None:
    rules = find_ruleset(BOOK)
    setup = {"scenario": "retrieve_the_artifacts", "list-seed": CUNNING_SEED, "board": TINY}
    with pytest.raises(
        SkirmishError, match="board 'tiny' has no room to deploy: no two opposite long"
    ):
        rules.normalize_setup(setup)
    assert rules.normalize_setup({**setup, "scenario": "fight"})["scenario"] == "fight"


def test_r1524_a_scenario_rolled_in_the_game_checks_the_room_of_every_scenario_it_can_give() -> (
    None
):
    """Refused at set-up, before the roll, as a named scenario is: the game would otherwise
    stop at the edge choice of the one scenario whose strips do not fit."""
    setup = {"scenario": "random", "list-seed": CUNNING_SEED, "board": TINY}
    with pytest.raises(SkirmishError, match="board 'tiny' has no room to deploy"):
        find_ruleset(BOOK).new_game(setup, 0)
