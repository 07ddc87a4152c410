"""The post-game sequence as a game of the kernel (``sacred-wire-post-game``, K3): its setup
checked in one line, the owner's choices as decisions the heuristic player answers with the
default policy, and a post-game saved halfway, resumed or replayed to the same book and log.

Without setup options it plays the sample book ``data/post-game-book.toml`` (the wrecking-crew
two games in: Evidence 2, 5, 7, 9 and 10 recorded and 1 unrecorded, 2 Leads, Sunita Roche
Sidelined) and the sample outcome ``data/post-game-outcome.toml`` (won; 1 Evidence lost; finds
of 6 subs, a Medkit, 1 Evidence and 1 Lead; Mara Voss and Tobias Valdez Out of Action, Tobias
having taken the Rage Stim he carried).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from tests.rulesets.sacred_wire.helpers import CATALOG, script

from skirmish.contract import snapshot
from skirmish.dice import ScriptedDice
from skirmish.engine.action import Action
from skirmish.engine.restore import replay, restore
from skirmish.errors import IllegalActionError, SkirmishError
from skirmish.players.base import play
from skirmish.players.heuristic import HeuristicPlayer
from skirmish.players.random import RandomPlayer
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.sacred_wire.campaign.book import (
    CampaignError,
    book_from_data,
    book_to_data,
    new_book,
    squad_for_book,
)
from skirmish.rulesets.sacred_wire.campaign.choices import OwnerChoice
from skirmish.rulesets.sacred_wire.campaign.outcome import Fate, ModelOutcome, Outcome
from skirmish.rulesets.sacred_wire.campaign.post_game import (
    final_book,
    new_post_game,
    post_game,
    sequence_events,
)
from skirmish.rulesets.sacred_wire.campaign.setup import post_game_setup
from skirmish.rulesets.sacred_wire.campaign.state import PostGame

RULESET = find_ruleset("sacred-wire-post-game")


def finished(game: PostGame) -> PostGame:
    """``game`` played to its end by the default policy."""
    return play(game, [HeuristicPlayer()])


def lines(game: PostGame) -> list[str]:
    return [game.describe(e) for e in game.log]


# --- the ruleset and its setup -------------------------------------------------------------


def test_k3_the_post_game_is_a_game_of_one_side_the_owner_on_no_table() -> None:
    assert RULESET.sides == ("Owner",)
    assert RULESET.setup_keys == ("book", "outcome", "exploration_excludes_ooa")
    game = RULESET.new_game({}, 3)
    assert game.models == [] and game.board.name == RULESET.board(game.setup).name
    assert game.decision is not None and game.decision.player == 0
    assert RULESET.where(game) == "post-game step 1b (finds and Evidence)"


def test_k3_without_options_the_sample_book_and_outcome_are_played() -> None:
    setup = RULESET.normalize_setup({})
    assert setup["book"]["name"] == "Wrecking Crew" and setup["book"]["evidence"] == [
        2,
        5,
        7,
        9,
        10,
    ]
    assert [m["name"] for m in setup["outcome"]["models"]] == [
        "Mara Voss",
        "Tobias Valdez",
        "Pike",
        "Dmitri Osei",
    ]
    assert setup["exploration_excludes_ooa"] is False
    # Normalizing a normalized setup changes nothing (records replay anywhere).
    assert RULESET.normalize_setup(json.loads(json.dumps(setup))) == setup


def test_k3_a_setup_may_name_the_book_and_outcome_files(tmp_path: Path) -> None:
    book = tmp_path / "crew.json"
    book.write_text(json.dumps(book_to_data(new_book(squad_for_book("wrecking-crew", CATALOG)))))
    outcome = tmp_path / "game.toml"
    outcome.write_text('won = true\n[[models]]\nname = "pike"\n', encoding="utf-8")
    setup = RULESET.normalize_setup({"book": str(book), "outcome": str(outcome)})
    assert setup["outcome"]["won"] and setup["outcome"]["models"][0]["name"] == "pike"
    assert setup["book"] == book_to_data(new_book(squad_for_book("wrecking-crew", CATALOG)))


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"seed": 1}, r"^unknown setup option\(s\): 'seed'; known: book, outcome, "),
        ({"exploration_excludes_ooa": "yes"}, r"^exploration_excludes_ooa is true or false"),
        ({"book": {"name": "X"}}, r"^setup option book is invalid: models: missing field$"),
        ({"book": "missing.toml"}, r"^campaign book: no such file: .*missing\.toml$"),
        (
            {"outcome": {"models": [{"name": "Pike", "fate": "vanished"}]}},
            r"^setup option outcome is invalid: model 1 'Pike': fate",
        ),
        (
            {"outcome": {"models": [{"name": "Pike", "kills": ["Pike"]}]}},
            r"^the outcome is impossible: Pike cannot put itself Out of Action \(K3\.1\)$",
        ),
        ({"outcome": {"models": [{"name": "Nobody"}]}}, r"^no model 'Nobody' in 'Wrecking Crew'"),
        (
            {"outcome": {"models": [{"name": "Sunita Roche"}]}},
            r"^Sunita Roche is Sidelined: it misses this game \(K3\.3\)$",
        ),
        (
            {"outcome": {"models": [{"name": "Pike", "spent": ["Frag"]}]}},
            r"^Pike carries no Frag to have used up$",
        ),
        ({"outcome": {"finds": {"items": ["Laser Sword"]}}}, r"Laser Sword"),
    ],
)
def test_k3_a_setup_that_cannot_be_applied_is_refused_in_one_line(
    options: dict[str, Any], message: str
) -> None:
    with pytest.raises(SkirmishError, match=message) as caught:
        RULESET.new_game(options, 1)
    assert "\n" not in str(caught.value)


def test_k3_a_game_record_the_book_took_is_refused_before_anything_happens() -> None:
    record = "ab" * 32
    data = book_to_data(new_book(squad_for_book("wrecking-crew", CATALOG)))
    data["records"] = [record]
    outcome = {"record": record}
    with pytest.raises(CampaignError, match=r"^'Wrecking Crew' took this game record already"):
        RULESET.normalize_setup({"book": data, "outcome": outcome})


# --- the owner's choices and the default policy ----------------------------------------------


def test_k3_the_owners_choices_are_decisions_whose_options_are_actions() -> None:
    game = RULESET.new_game({}, 3)
    assert game.decision is not None and game.decision.kind == "lose-evidence"
    assert [a.to_text() for a in game.decision.options] == [
        "lose unrecorded",
        *(f"lose {t}" for t in (2, 5, 7, 9, 10)),
    ]
    game.apply("lose 9")
    assert game.state.book.evidence == (2, 5, 7, 10) and game.state.book.unrecorded == 3
    assert lines(game)[-2:] == [
        "Lost: recorded type 9  [K2.4]",
        "The winner gains 1 Evidence to record  [K2.3]",
    ]
    assert game.decision.kind == "spend-leads"  # 2 Leads, 1 found, 1 the mission's
    assert [a.to_text() for a in game.decision.options] == [f"spend {n}" for n in range(5)]


def test_k3_an_answer_that_is_no_option_is_refused_and_changes_nothing() -> None:
    game = RULESET.new_game({}, 3)
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match=r"not an option of post-game step 1b"):
        game.apply("lose 4")
    assert snapshot(game) == before


@pytest.mark.parametrize("seed", range(12))
def test_k3_the_heuristic_player_takes_the_default_policys_pick_over_every_other(
    seed: int,
) -> None:
    game = RULESET.new_game({}, seed)
    rng = RandomPlayer(seed)
    while game.decision is not None:
        options = list(game.decision.options)
        scores = RULESET.score_actions(game, options)
        asking = game.stack[-1]
        assert isinstance(asking, OwnerChoice)
        best = [a for a, s in zip(options, scores, strict=True) if s == max(scores)]
        assert best == [asking.default(game)]
        game.apply(rng.choose(game.view(0)))  # random answers reach every kind of choice


def test_k2_3_the_default_spends_a_lead_only_once_half_the_types_are_recorded() -> None:
    book = new_book(squad_for_book("wrecking-crew", CATALOG))
    book.leads, book.evidence = 2, (1, 2, 3, 4)
    game = new_post_game(book, Outcome(won=True), ScriptedDice(script("evidence", 5)))
    assert HeuristicPlayer().choose(game.view(0)) == Action("spend", ("0",))
    game.apply("spend 0")
    book.evidence = (1, 2, 3, 4, 6)
    dice = ScriptedDice(script("evidence", 5))
    later = new_post_game(book, Outcome(won=True), dice)
    assert HeuristicPlayer().choose(later.view(0)) == Action("spend", ("1",))
    later.apply("spend 1")
    assert final_book(game).evidence == (1, 2, 3, 4, 5)
    assert final_book(later).leads == 1


def test_k3_a_post_game_is_not_finished_until_its_last_choice() -> None:
    game = RULESET.new_game({}, 3)
    with pytest.raises(CampaignError, match=r"^the post-game is not finished: it stopped at post"):
        final_book(game)


# --- saved halfway, resumed, replayed ------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 5])
def test_k3_a_post_game_saved_halfway_finishes_with_the_same_book_and_log(seed: int) -> None:
    whole = finished(RULESET.new_game({}, seed))
    halfway = RULESET.new_game({}, seed)
    play(halfway, [HeuristicPlayer()], max_actions=2)
    assert halfway.decision is not None
    saved = json.loads(json.dumps(halfway.to_json()))
    resumed = finished(restore(saved))
    assert book_to_data(final_book(resumed)) == book_to_data(final_book(whole))
    assert resumed.log == whole.log and lines(resumed) == lines(whole)
    assert snapshot(resumed) == snapshot(whole)


def test_k3_a_post_game_record_replays_to_the_same_book_and_log() -> None:
    game = RULESET.new_game({}, 6)
    game.apply("lose 2")
    finished(game)
    again = replay(json.loads(json.dumps(game.record())))
    assert book_to_data(final_book(again)) == book_to_data(final_book(game))
    assert again.log == game.log and snapshot(again) == snapshot(game)


def test_k3_the_book_in_the_state_is_values_not_text() -> None:
    # Records hold frozen values, nested (the kernel's rule for state): the book is typed.
    game = RULESET.new_game({}, 3)
    saved = game.state.to_json()
    assert saved["book"]["type"].endswith("sheet.BookSheet")
    assert saved["book"]["members"][0]["type"].endswith("sheet.MemberSheet")
    assert not any(isinstance(v, str) and v.startswith("{") for v in saved["book"].values())


def test_k3_post_game_gives_the_book_and_the_events_of_the_sequence() -> None:
    book = new_book(squad_for_book("wrecking-crew", CATALOG))
    outcome = Outcome(models=(ModelOutcome(name="Pike", fate=Fate.LEFT),))
    dice = script("exploration", 2, 3, "review", 4)
    done, events = post_game(book, outcome, ScriptedDice(dice))
    assert done.member("Pike").damage == 4 and done.games == 1
    assert events[-1].kind == "review"  # the kernel's end of the game is left out
    game = finished(new_post_game(book, outcome, ScriptedDice(dice)))
    assert sequence_events(game) == events == game.log[:-1]
    assert re.fullmatch(
        r"The post-game sequence is done: the book is ready  \[K3\]", lines(game)[-1]
    )
    assert book_from_data(post_game_setup(book, outcome)["book"], CATALOG).name == "Wrecking Crew"
