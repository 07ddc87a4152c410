"""The game as a state machine: validation, clone, save/load and replay."""

from __future__ import annotations

import json
import random

import pytest

from skirmish.contract import check_replay, snapshot
from skirmish.dice import Roll, ScriptedDice
from skirmish.engine.events import Event
from skirmish.engine.game import Game
from skirmish.engine.piles import CardTable
from skirmish.engine.restore import replay, restore
from skirmish.errors import IllegalActionError, InvalidActionError, SaveError, SkirmishError
from skirmish.players import HeuristicPlayer, RandomPlayer, play
from skirmish.rulesets import find_ruleset

RULESET = find_ruleset("strange-aeons-intro")


def _players(seed: int) -> list[HeuristicPlayer]:
    return [HeuristicPlayer(seed), HeuristicPlayer(seed + 1)]


def test_an_illegal_action_changes_nothing() -> None:
    game = RULESET.new_game(None, 3)
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="illegal action 'move T1 40,2'") as err:
        game.apply("move T1 40,2")
    assert "\n" not in str(err.value)
    assert snapshot(game) == before


def test_an_answer_cut_short_is_malformed_and_names_the_whole_answer() -> None:
    game = RULESET.new_game(None, 3)
    while game.decision is not None and not game.decision.points:  # to the deployment
        game.apply(RandomPlayer(3).choose(game))
    assert game.decision is not None
    spec = game.decision.points[0]
    short = " ".join([spec.kind, *spec.args])
    before = snapshot(game)
    with pytest.raises(
        InvalidActionError, match=f"^'{short}' is cut short: write it whole, as '{spec.to_text()}'$"
    ):
        game.apply(short)
    assert snapshot(game) == before


def test_clone_is_independent_and_continues_identically() -> None:
    game = RULESET.new_game(None, 5)
    play(game, _players(5), max_actions=30)
    twin = game.clone()
    play(twin, _players(9))
    assert len(game.actions) == 30
    again = game.clone()
    play(game, _players(9))
    play(again, _players(9))
    assert snapshot(game) == snapshot(again)


def test_a_view_and_a_clone_have_every_part_of_the_game() -> None:
    game = RULESET.new_game(None, 5)
    play(game, _players(5), max_actions=10)
    parts = (*CardTable.__slots__, *Game.__slots__)
    view, twin = game.view(0), game.clone()
    hidden = {"dice", "seed"}  # a view hides the dice to come
    assert all(getattr(view, p) is getattr(game, p) for p in parts if p not in hidden)
    assert [p for p in parts if not hasattr(twin, p)] == []
    assert snapshot(twin) == snapshot(game)


def test_a_game_saved_mid_way_ends_exactly_like_the_uninterrupted_one() -> None:
    whole = RULESET.new_game(None, 11)
    play(whole, [RandomPlayer(1), RandomPlayer(2)])
    first = RULESET.new_game(None, 11)
    players = [RandomPlayer(1), RandomPlayer(2)]
    play(first, players, max_actions=25)
    restored = restore(json.loads(first.dumps()))
    play(restored, players)
    assert snapshot(restored) == snapshot(whole)


def test_a_record_replays_to_the_identical_log() -> None:
    game = RULESET.new_game(None, 4)
    play(game, _players(4))
    check_replay(game)
    again = replay(game.record())
    assert [game.describe(e) for e in again.log] == [game.describe(e) for e in game.log]


def test_a_finished_game_has_no_decision_and_refuses_actions() -> None:
    game = RULESET.new_game(None, 2)
    play(game, _players(2))
    assert game.is_over and game.decision is None
    with pytest.raises(IllegalActionError, match="the game is over"):
        game.apply("pass T1")


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"format": "skirmish-save"},
        {"format": "skirmish-save", "ruleset": "strange-aeons-intro", "setup": {}, "seed": 1},
        {"format": "skirmish-record", "ruleset": "nope", "setup": {}, "seed": 1, "actions": []},
        {
            "format": "skirmish-record",
            "ruleset": "strange-aeons-intro",
            "setup": {},
            "seed": 1,
            "actions": ["fly T1"],
        },
    ],
)
def test_corrupt_saves_and_records_give_one_line_errors(data: dict[str, object]) -> None:
    with pytest.raises(Exception) as err:
        if data.get("format") == "skirmish-record":
            replay(data)
        else:
            restore(data)
    assert isinstance(err.value, SaveError) or type(err.value).__name__ == "UnknownRulesetError"
    assert "\n" not in str(err.value)


@pytest.mark.parametrize("notation", ["2d6", "D", "2D", "xD6", "D6+1"])
def test_dice_are_written_in_the_one_notation_of_the_kernel(notation: str) -> None:
    game = RULESET.new_game(None, 3)
    mark = len(game.log)
    with pytest.raises(SkirmishError, match=r"dice are written like D6 or 2D6, not '"):
        game.roll(notation, "test", "T0")
    assert len(game.log) == mark


def test_a_game_of_open_information_determinizes_to_itself_with_other_dice() -> None:
    game = RULESET.new_game(None, 1940)
    players = [RandomPlayer(1), RandomPlayer(2)]
    while game.decision is not None and game.decision.player != 1:
        game.apply(players[game.decision.player].choose(game.view(game.decision.player)))
    sample = game.determinize(0, random.Random(7))
    ours, theirs = game.to_json(), sample.to_json()
    for data in (ours, theirs):
        del data["dice"], data["seed"]
    assert theirs == ours and sample.decision == game.decision


@pytest.mark.parametrize("part", ["models", "stack"])
def test_a_save_whose_state_is_a_model_or_a_step_is_refused_naming_its_state(
    part: str,
) -> None:
    data = RULESET.new_game(None, 3).to_json()
    data["state"] = data[part][0]
    refusal = r"^corrupt save file: field 'state': .* does not belong here: AeonsState expected"
    with pytest.raises(SaveError, match=refusal):
        restore(data)


def test_a_save_with_a_duplicate_model_id_is_refused_naming_the_model() -> None:
    data = RULESET.new_game(None, 3).to_json()
    data["models"] = [*data["models"], data["models"][0]]
    last = len(data["models"]) - 1
    with pytest.raises(
        SaveError, match=rf"^corrupt save file: models\[{last}\]: duplicate model id 'T1'$"
    ):
        restore(data)


def test_a_reroll_event_names_the_die_and_the_face_it_replaces() -> None:
    # Every ruleset's log may then say how the die changed, not only the dice after.
    game = RULESET.new_game(None, 3)
    game.dice = ScriptedDice([("test", 2), ("test", 5), ("test", 4)])
    roll = game.roll("2D6", "test", "T0")
    again = game.reroll(roll, 1, "T0", "L1")
    event = game.log[-1]
    assert (event.kind, event.data, event.roll) == ("reroll", {"die": 2, "was": 5}, again)
    assert again.faces == (2, 4)


def test_a_die_rerolled_by_a_rulesets_own_dice_is_logged_as_the_kernels_reroll() -> None:
    # A ruleset that rolls its own re-rolls (Sacred Wire's re-roll of 1s) logs them with the
    # event Game.reroll makes, so every log reads them alike.
    game = RULESET.new_game(None, 3)
    held = Roll("test", "2D6", (2, 5), 7, "L1")
    again = game.log_reroll(held, 1, 4, "T0", "L1")
    event = game.log[-1]
    assert (event.kind, event.models, event.data) == ("reroll", ("L1",), {"die": 2, "was": 5})
    assert event.roll == again == Roll("test", "2D6", (2, 4), 6, "L1", (1,)), "not as re-rolled"


def test_a_reroll_reads_one_way_in_every_log_who_which_die_the_face_before_and_after() -> None:
    # Game.roll_text writes every ruleset's re-roll line; a ruleset gives only what the dice
    # come to and, where its dice purpose is no name for the roll, the roll's name.
    game = RULESET.new_game(None, 3)
    held = Roll("shoot", "2D6", (2, 5), 7, "T2")
    game.log_reroll(held, 1, 4, "R1", "T2")
    game.log_reroll(held, 0, 6, "R2", "L1")
    game.log_reroll(Roll("table", "D6", (1,), 1), 0, 3, "R3")
    own, forced, nobodys = game.log[-3:]
    assert game.roll_text(own, " = 6") == (
        "Agent (T2) re-rolls die 2 of the shoot 2D6: its 5 becomes 4, the dice now [2, 4] = 6  [R1]"
    )
    assert game.roll_text(own, purpose="").startswith("Agent (T2) re-rolls die 2 of the 2D6:")
    assert game.roll_text(forced) == (
        "Cult Leader (L1) makes Agent (T2) re-roll die 1 of the shoot 2D6: its 2 becomes 6, "
        "the dice now [6, 5]  [R2]"
    ), "not credited to the model that made the re-roll"
    assert game.roll_text(nobodys) == (
        "Re-rolled die 1 of the table D6: its 1 becomes 3, the dice now [3]  [R3]"
    )
    saved_before = Event("reroll", "R1", ("T2",), {}, own.roll)  # no die, no face it replaced
    assert game.roll_text(saved_before) == "Agent (T2) re-rolls a die for shoot 2D6: [2, 4]  [R1]"


def test_a_roll_made_by_a_rulesets_own_dice_is_logged_as_the_kernels_roll() -> None:
    # A ruleset that rolls its own dice (Sacred Wire's opposed rolls) logs them with the event
    # Game.roll makes, so every log reads them alike.
    game = RULESET.new_game(None, 3)
    game.dice = ScriptedDice([("test", 2), ("test", 5)])
    rolled = game.roll("2D6", "test", "T0", "L1")
    made = game.log_roll(Roll("test", "2D6", (2, 5), 7, "L1"), "T0")
    assert made == rolled and repr(game.log[-1]) == repr(game.log[-2]), "not as the kernel's"
    event = game.log[-1]
    assert (event.kind, event.models, event.data, event.roll) == ("roll", ("L1",), {}, made)
