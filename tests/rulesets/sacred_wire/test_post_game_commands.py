"""``skirmish sacred-wire campaign post-game`` stopped and resumed (K3): the owner quits at a
choice or the input ends, the post-game is saved with ``--save`` and the book left byte for
byte; ``--resume`` finishes it and writes the book once, the same book an uninterrupted run
writes. Bad input is one line, exit status 2, nothing written (run in this process by the
``cli`` fixture).

The book is the sample ``data/post-game-book.toml`` and the outcome the sample
``data/post-game-outcome.toml``: seed 3 asks three choices of the owner, the first which
Evidence is lost (K2.4).
"""

from __future__ import annotations

import io
import json
import os
import re
import shutil
from collections.abc import Callable
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest
from tests.conftest import Ran
from tests.rulesets.sacred_wire.helpers import CATALOG, script

from skirmish.dice import ScriptedDice
from skirmish.engine.events import Event
from skirmish.players.base import play
from skirmish.players.heuristic import HeuristicPlayer
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.sacred_wire import cli as sacred_wire_cli
from skirmish.rulesets.sacred_wire.campaign.book import (
    book_to_data,
    load_book,
    new_book,
    squad_for_book,
)
from skirmish.rulesets.sacred_wire.campaign.outcome import (
    Fate,
    ModelOutcome,
    Outcome,
    load_outcome,
)
from skirmish.rulesets.sacred_wire.campaign.post_game import final_book, new_post_game
from skirmish.terminal import Quit, ask_human

Cli = Callable[..., Ran]
DATA = Path(str(files("skirmish.rulesets.sacred_wire") / "data"))
OUTCOME = DATA / "post-game-outcome.toml"
SEED = "3"


def one_line(done: Ran, pattern: str) -> None:
    """The command failed with status 2 and one line on standard error matching ``pattern``."""
    assert done.status == 2, (done.out, done.err)
    assert len(done.err.strip().splitlines()) == 1, done.err
    assert re.search(pattern, done.err), done.err
    assert "Traceback" not in done.err


@pytest.fixture
def book(tmp_path: Path) -> Path:
    path = tmp_path / "crew.toml"
    shutil.copy(DATA / "post-game-book.toml", path)
    return path


def post_game(cli: Cli, book: Path, *args: str, stdin: str = "") -> Ran:
    return cli("sacred-wire", "campaign", "post-game", str(book), *args, stdin=stdin)


def table_game(cli: Cli, book: Path, *args: str, stdin: str = "") -> Ran:
    return post_game(cli, book, "--manual", str(OUTCOME), "--seed", SEED, *args, stdin=stdin)


def test_k3_a_post_game_quit_at_a_choice_is_saved_and_the_book_kept(
    cli: Cli, book: Path, tmp_path: Path
) -> None:
    save = tmp_path / "post-game.json"
    before = book.read_bytes()
    done = table_game(cli, book, "--interactive", "--save", str(save), stdin="quit\n")
    assert done.status == 0, done.err
    assert "[Owner] which Evidence is lost?" in done.out
    assert "Stopped at post-game step 1b (finds and Evidence)" in done.out
    assert f"--resume {save}" in done.out
    assert book.read_bytes() == before
    assert json.loads(save.read_text())["ruleset"] == "sacred-wire-post-game"


def test_k3_the_post_game_prompt_answers_help_status_and_map_as_a_post_game(
    cli: Cli, book: Path
) -> None:
    done = table_game(cli, book, "--interactive", stdin="map\nstatus\nhelp\n?\nquit\n")
    assert done.status == 0, done.err
    shown = done.out.split("(help, status, map, quit)")[-1]
    assert "A post-game has no table to draw: status shows the book and the choice asked." in shown
    assert "+---" not in shown and "Terrain:" not in shown  # no empty table
    # status: the step, the choice asked and the book as it stands, its roster included
    assert "post-game step 1b (finds and Evidence): which Evidence is lost?" in shown
    assert "Campaign book 'Wrecking Crew'" in shown and "1. Mara Voss: Boss" in shown
    # help: what the post-game asks, twice (help and ?), and nothing of points or moves
    assert shown.count("asks the\n  owner only what the rules leave open") == 2
    assert "12.5,4" not in shown and "move T1" not in shown and "distance" not in shown


def test_k3_status_while_a_resource_is_promoted_shows_the_book_without_a_boss() -> None:
    # Mara Voss, the Boss, is Terminated (Injury 1+1): mid-step the book has no Boss, which is
    # what the choice asked gives it; status says so and the prompt goes on to the choice.
    book = new_book(squad_for_book("wrecking-crew", CATALOG))
    mara = ModelOutcome(name="Mara Voss", fate=Fate.OUT_OF_ACTION)
    dice = ScriptedDice(script("exploration", 1, 1, "injury", 1, 1))
    game = new_post_game(book, Outcome(models=(mara,)), dice)
    assert game.decision is not None and "which Resource becomes the Boss" in game.decision.prompt
    shown: list[str] = []
    with pytest.raises(Quit):
        ask_human(game, io.StringIO("status\nquit\n"), shown.append)
    text = "\n".join(shown)
    assert "Campaign book 'Wrecking Crew'" in text and "1. Tobias Valdez: Brute" in text
    assert "Mara Voss" not in text.split("(help, status, map, quit)")[-1]
    assert re.search(r"Pending \(the choices to come settle it\): .*0 Bosses", text)
    assert game.decision is not None  # still asked


def _played_whole_and_saved(cli: Cli, book: Path, tmp_path: Path) -> tuple[Path, Path]:
    """The book an uninterrupted post-game writes (a copy of ``book``), and a save of the
    same post-game left at its first question."""
    whole = tmp_path / "whole.toml"
    shutil.copy(book, whole)
    assert table_game(cli, whole).status == 0
    save = tmp_path / "post-game.json"
    table_game(cli, book, "--interactive", "--save", str(save), stdin="quit\n")
    return whole, save


def test_k3_a_resumed_post_game_writes_the_book_an_uninterrupted_one_writes(
    cli: Cli, book: Path, tmp_path: Path
) -> None:
    whole, save = _played_whole_and_saved(cli, book, tmp_path)
    resumed = post_game(cli, book, "--resume", str(save))
    assert resumed.status == 0, resumed.err
    assert "resumed at post-game step 1b (finds and Evidence)" in resumed.out
    assert f"wrote {book}" in resumed.out
    assert book.read_bytes() == whole.read_bytes() != (DATA / "post-game-book.toml").read_bytes()
    # The save now holds the finished post-game: it cannot be applied a second time.
    one_line(post_game(cli, book, "--resume", str(save)), r"holds a finished post-game")


def _without(data: object, key: str) -> int:
    """Drop ``key`` from every book sheet in a save's data, as a version before it wrote
    them; how many it was dropped from."""
    dropped = 0
    if isinstance(data, dict):
        if str(data.get("type", "")).endswith(".BookSheet") and key in data:
            del data[key]
            dropped += 1
        dropped += sum(_without(v, key) for v in data.values())
    elif isinstance(data, list):
        dropped += sum(_without(v, key) for v in data)
    return dropped


def test_k3_a_post_game_saved_before_signal_elsewhere_resumes_with_the_mark_unset(
    cli: Cli, book: Path, tmp_path: Path
) -> None:
    # A post-game saved mid-sequence before the book kept signal_elsewhere (K1.2) and its
    # slagged Lockers (notes A71), and before kills came with their ids (K3.1): its book sheets
    # lack the fields, which read as not marked and none slagged, its outcome lacks
    # signal_done, not said, and its models their kill_ids; the post-game finishes as an
    # uninterrupted one does.
    whole, save = _played_whole_and_saved(cli, book, tmp_path)
    data = json.loads(save.read_text())
    assert _without(data, "signal_elsewhere") > 0
    assert _without(data, "slagged") > 0
    del data["setup"]["outcome"]["signal_done"]
    for model in data["setup"]["outcome"]["models"]:
        del model["kill_ids"]
    save.write_text(json.dumps(data))
    resumed = post_game(cli, book, "--resume", str(save))
    assert resumed.status == 0, resumed.err
    assert book.read_bytes() == whole.read_bytes()


def _drop_member_sidelined(data: dict[str, Any]) -> None:
    del data["state"]["book"]["members"][0]["sidelined"]


def _drop_book_subs(data: dict[str, Any]) -> None:
    assert _without(data, "subs") > 0


def _drop_outcome_label(data: dict[str, Any]) -> None:
    del data["setup"]["outcome"]["label"]


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (
            _drop_member_sidelined,
            r"field 'state': state value '\S+\.MemberSheet' lacks field 'sidelined'$",
        ),
        (_drop_book_subs, r"field 'state': state value '\S+\.BookSheet' lacks field 'subs'$"),
        (_drop_outcome_label, r"its state is not the one its actions make \(edited by hand, or "),
    ],
    ids=["member-sidelined", "book-subs", "outcome-label"],
)
def test_k3_a_save_lacking_a_field_it_always_had_is_refused_not_filled_in(
    cli: Cli, book: Path, saved: Path, edit: Callable[[dict[str, Any]], None], message: str
) -> None:
    # Only the fields added since post-games were first saved are filled in (signal_elsewhere,
    # signal_done, K1.2): a save lacking any other was edited, and is refused as it always was.
    data = json.loads(saved.read_text())
    edit(data)
    saved.write_text(json.dumps(data))
    before = book.read_bytes()
    one_line(post_game(cli, book, "--resume", str(saved)), r"^error: corrupt save file: " + message)
    assert book.read_bytes() == before


def test_k3_a_save_naming_a_list_or_a_table_for_a_values_type_is_read_as_the_restore_reads_it(
    cli: Cli, book: Path, saved: Path
) -> None:
    # The state's type is a list: refused in one line, nothing written. An event's type is a
    # table: an event has no type, so the restore ignores it, and the post-game finishes.
    data = json.loads(saved.read_text())
    kind, data["state"]["type"] = data["state"]["type"], []
    saved.write_text(json.dumps(data))
    before = book.read_bytes()
    refused = r"^error: corrupt save file: field 'state': unknown state record \[\]$"
    one_line(post_game(cli, book, "--resume", str(saved)), refused)
    assert book.read_bytes() == before
    data["state"]["type"] = kind
    data["log"][0]["type"] = {}
    saved.write_text(json.dumps(data))
    assert post_game(cli, book, "--resume", str(saved)).status == 0


def test_k3_the_owners_answers_at_the_terminal_count_after_a_resume(
    cli: Cli, book: Path, tmp_path: Path
) -> None:
    # Lose recorded type 2 (option 2 of the menu), then stop and let the default policy finish.
    save = tmp_path / "post-game.json"
    start = load_book(book, CATALOG)
    done = table_game(cli, book, "--interactive", "--save", str(save), stdin="2\nquit\n")
    assert "Lost: recorded type 2  [K2.4]" in done.out
    assert post_game(cli, book, "--resume", str(save)).status == 0
    game = new_post_game(start, load_outcome(OUTCOME), seed=int(SEED))
    game.apply("lose 2")
    play(game, [HeuristicPlayer()])
    assert book_to_data(load_book(book, CATALOG)) == book_to_data(final_book(game))


def test_k3_input_ending_at_a_choice_saves_the_post_game(
    cli: Cli, book: Path, tmp_path: Path
) -> None:
    save = tmp_path / "post-game.json"
    before = book.read_bytes()
    done = table_game(cli, book, "--interactive", "--save", str(save))
    one_line(done, r"^error: input ended before the post-game did: .* is unchanged; go on with: ")
    assert book.read_bytes() == before and save.exists()


def test_k3_a_post_game_quit_without_save_leaves_everything_as_it_was(
    cli: Cli, book: Path, tmp_path: Path
) -> None:
    before = book.read_bytes()
    done = table_game(cli, book, "--interactive", stdin="quit\n")
    assert done.status == 0 and "give --save FILE" in done.out
    assert book.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == [
        "crew.toml"
    ]


@pytest.fixture
def saved(cli: Cli, book: Path, tmp_path: Path) -> Path:
    """A post-game of ``book`` stopped at its first choice."""
    save = tmp_path / "post-game.json"
    assert table_game(cli, book, "--interactive", "--save", str(save), stdin="quit\n").status == 0
    return save


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (("--manual", str(OUTCOME)), r"^error: --resume continues a saved post-game as it began: "),
        (("--seed", "4"), r"no --seed$"),
        (("--exploration-excludes-ooa",), r"no --exploration-excludes-ooa$"),
    ],
)
def test_k3_a_resume_takes_no_new_outcome_or_dice(
    cli: Cli, book: Path, saved: Path, extra: tuple[str, ...], message: str
) -> None:
    before = book.read_bytes()
    one_line(post_game(cli, book, "--resume", str(saved), *extra), message)
    assert book.read_bytes() == before


def test_k3_a_resume_needs_the_book_the_post_game_started_from(
    cli: Cli, book: Path, saved: Path
) -> None:
    assert cli("sacred-wire", "campaign", "dismiss", str(book), "Pike").status == 0
    before = book.read_bytes()
    done = post_game(cli, book, "--resume", str(saved))
    one_line(done, r"crew\.toml is not the book the post-game in .* started from: it changed")
    assert book.read_bytes() == before


def test_k3_a_book_changed_while_the_post_game_runs_is_not_written_over(
    cli: Cli, book: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = tmp_path / "post-game.json"
    shown = sacred_wire_cli._print_events

    def meanwhile(events: list[Event]) -> None:
        """The owner changes the book (another command) while the post-game asks."""
        book.write_text(book.read_text().replace("subs = 10", "subs = 11"))
        shown(events)

    assert "subs = 10" in book.read_text()
    monkeypatch.setattr(sacred_wire_cli, "_print_events", meanwhile)
    changed = book.read_text().replace("subs = 10", "subs = 11")
    done = table_game(cli, book, "--save", str(save))
    one_line(done, r"crew\.toml changed while the post-game ran: not written over; run it again$")
    assert book.read_text() == changed
    assert not save.exists()


def test_k3_a_resume_of_a_folder_says_it_cannot_be_read(
    cli: Cli, book: Path, tmp_path: Path
) -> None:
    before = book.read_bytes()
    done = post_game(cli, book, "--resume", str(tmp_path))
    one_line(done, rf"^error: cannot read {re.escape(str(tmp_path))}: it is a folder$")
    assert book.read_bytes() == before


def test_k3_a_resume_of_another_game_is_refused(cli: Cli, book: Path, tmp_path: Path) -> None:
    other = tmp_path / "game.json"
    other.write_text(json.dumps(find_ruleset("sacred-wire").new_game({}, 1).to_json()))
    before = book.read_bytes()
    one_line(post_game(cli, book, "--resume", str(other)), r"holds a sacred-wire game, not a saved")
    one_line(post_game(cli, book, "--resume", str(tmp_path / "none.json")), r"none\.json")
    assert book.read_bytes() == before


def test_k3_a_resume_of_a_post_game_edited_by_hand_is_refused(
    cli: Cli, book: Path, saved: Path
) -> None:
    data = json.loads(saved.read_text())
    data["state"]["book"]["members"][0]["merits"] += 5
    saved.write_text(json.dumps(data))
    before = book.read_bytes()
    done = post_game(cli, book, "--resume", str(saved))
    one_line(done, r"corrupt save file: its state is not the one its actions make \(edited by")
    assert book.read_bytes() == before


@pytest.mark.parametrize("edited", [5, [], "x"], ids=["number", "list", "text"])
def test_k3_a_resume_of_a_post_game_whose_book_is_no_table_is_refused(
    cli: Cli, book: Path, saved: Path, edited: object
) -> None:
    # A restore reads the saved setup as it is, not normalized again: a book edited into a
    # number, a list or text is refused as a part of the save at either door, in one line.
    data = json.loads(saved.read_text())
    data["setup"]["book"] = edited
    saved.write_text(json.dumps(data))
    before = book.read_bytes()
    refused = r"^error: corrupt save file: its setup does not fit .*: its book is not a table: "
    one_line(cli("resume", str(saved)), refused)
    one_line(post_game(cli, book, "--resume", str(saved)), refused)
    assert book.read_bytes() == before


def test_k3_a_save_that_could_not_be_written_is_refused_first(
    cli: Cli, book: Path, tmp_path: Path
) -> None:
    before = book.read_bytes()
    one_line(table_game(cli, book, "--save", str(book)), r"crew\.toml: it is BOOK, which this")
    one_line(table_game(cli, book, "--save", str(tmp_path)), r"cannot write .*: it is a folder$")
    missing = tmp_path / "no" / "save.json"
    one_line(table_game(cli, book, "--save", str(missing)), r"cannot write .*: no folder ")
    assert book.read_bytes() == before


def test_k3_a_save_the_system_refuses_is_refused_before_the_book_is_written(
    cli: Cli, book: Path, read_only_folder: Path
) -> None:
    before = book.read_bytes()
    done = table_game(cli, book, "--save", str(read_only_folder / "post-game.json"))
    one_line(done, r"cannot write .*: Read-only file system$")
    assert "Post-game of" not in done.out
    assert book.read_bytes() == before
    assert os.listdir(read_only_folder) == ["keep.json"]


def test_k3_a_post_game_save_is_not_rendered_as_an_empty_table(
    cli: Cli, book: Path, tmp_path: Path
) -> None:
    save, svg = tmp_path / "post-game.json", tmp_path / "post-game.svg"
    table_game(cli, book, "--interactive", "--save", str(save), stdin="quit\n")
    done = cli("render", str(save), "--svg", str(svg))
    one_line(done, r"is a game of sacred-wire-post-game, which has no table to draw$")
    assert not svg.exists()
