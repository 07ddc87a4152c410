"""The command line: byte-identical output per seed, save/replay, render, one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from tests.command import Ran

from skirmish import cli as cli_module
from skirmish.engine.game import Game
from skirmish.players import RandomPlayer, play
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.sacred_wire.squads.squad import sample_squad_path
from skirmish.session import SPECTATOR


def skirmish(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "skirmish", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=600,
    )


@pytest.mark.parametrize("module", ["skirmish", "skirmish.cli"])
def test_both_runnable_modules_run_the_command_line(module: str) -> None:
    # skirmish.cli looks runnable (it holds main), so python -m runs it rather than nothing.
    done = subprocess.run(
        [sys.executable, "-m", module, "play", "nope"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2
    assert done.stderr.startswith("error: unknown ruleset 'nope'; known: "), done.stderr


def test_the_same_seed_twice_gives_byte_identical_output() -> None:
    a = skirmish("play", "strange-aeons-intro", "--seed", "5")
    b = skirmish("play", "strange-aeons-intro", "--seed", "5")
    assert a.returncode == 0, a.stderr
    assert a.stdout == b.stdout
    assert "Result:" in a.stdout and "[Fight: set-up]" in a.stdout


def test_save_then_replay_gives_the_same_log(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    played = skirmish("play", "strange-aeons-intro", "--seed", "8", "--save", str(save))
    replayed = skirmish("replay", str(save))
    assert replayed.returncode == 0, replayed.stderr
    assert played.stdout.splitlines()[1:] == replayed.stdout.splitlines()
    assert json.loads(save.read_text())["format"] == "skirmish-save"


def test_render_draws_board_terrain_and_models(tmp_path: Path) -> None:
    save, svg = tmp_path / "game.json", tmp_path / "board.svg"
    skirmish("play", "strange-aeons-intro", "--seed", "2", "--save", str(save))
    done = skirmish("render", str(save), "--svg", str(svg))
    assert done.returncode == 0, done.stderr
    text = svg.read_text()
    assert text.startswith("<svg") and 'class="terrain' in text and 'class="model' in text


def test_simulate_prints_win_rates_with_intervals() -> None:
    done = skirmish(
        "simulate",
        "strange-aeons-intro",
        "--games",
        "4",
        "--threshold",
        "random",
        "--lurkers",
        "random",
    )
    assert done.returncode == 0, done.stderr
    assert "95% CI" in done.stdout and "mean length" in done.stdout
    # The progress bar goes to stderr: stdout is the figures alone, to pipe or save.
    assert done.stdout.startswith("Strange Aeons: An Introduction")


def test_simulate_shows_the_games_a_safeguard_stopped_after_the_draws(
    cli: Callable[..., Ran], monkeypatch: pytest.MonkeyPatch
) -> None:
    ruleset = find_ruleset("strange-aeons-intro")
    monkeypatch.setattr(type(ruleset), "max_actions", 3)
    done = cli("simulate", "strange-aeons-intro", "--games", "2", "--threshold", "random")
    assert done.status == 0, done.err
    rows = done.out.splitlines()
    assert rows[3].split() == ["draws", "0", "0.0%", "(95%", "CI", "0.0%", "to", "65.8%)"]
    assert rows[4].startswith("  stopped by a safeguard      2  100.0%  (95% CI 34.2% to 100.0%)")
    assert rows[5].startswith("  mean length            ")


def test_a_human_plays_in_the_terminal_and_illegal_input_is_refused() -> None:
    # The Threshold player types a nonsense action, an illegal point, then passes every
    # decision it can; the input then ends, which is reported on one line.
    answers = "fly away\n" + "edge north\n" + "0,0\n" + "\n".join(["1"] * 4000)
    done = skirmish(
        "play", "strange-aeons-intro", "--seed", "1", "--threshold", "human", stdin=answers
    )
    assert "  ! " in done.stdout
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "no-such-game"], "unknown ruleset"),
        (["play", "strange-aeons-intro", "--board", "missing.toml"], "board"),
        (["replay", "missing-save.json"], "no such file"),
        (["play", "strange-aeons-intro", "--threshold", "robot"], "unknown player"),
        (["simulate", "strange-aeons-intro", "--executor", "dask"], "--scheduler"),
        (["play", "sacred-wire", "--option", "mission"], "KEY=VALUE"),
        (["play", "strange-aeons-intro", "--option", "mission=uplink"], "unknown setup option"),
        (["simulate", "sacred-wire", "--games", "2", "-o", "mission=chess"], "mission"),
    ],
)
def test_bad_input_is_one_line_and_a_non_zero_exit(
    cli: Callable[..., Ran], args: list[str], message: str
) -> None:
    done = cli(*args)
    assert done.status != 0
    assert message in done.err
    assert "Traceback" not in done.err
    assert len(done.err.strip().splitlines()) == 1


def test_the_dask_executor_without_dask_says_how_to_install_it(
    cli: Callable[..., Ran], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cli_module, "DaskClient", None)
    done = cli(
        "simulate",
        "strange-aeons-intro",
        "--games",
        "1",
        "--executor",
        "dask",
        "--scheduler",
        "127.0.0.1:1",
    )
    assert done.status != 0
    assert done.err.strip() == "error: the dask executor needs the dask extra: uv sync --extra dask"


def test_the_installed_command_reports_bad_input_on_one_line() -> None:
    done = skirmish("play", "no-such-game")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines() == [done.stderr.strip()]
    assert "unknown ruleset" in done.stderr


def test_setup_options_choose_a_mission_and_loot_for_play_and_simulate(
    cli: Callable[..., Ran],
) -> None:
    options = ["-o", "mission=uplink", "-o", "loot=scattered", "--a", "random", "--b", "random"]
    played = cli("play", "sacred-wire", "--seed", "3", *options)
    assert played.status == 0, played.err
    assert "Relay node" in played.out and "Result:" in played.out
    assert cli("play", "sacred-wire", "--seed", "3", *options).out == played.out
    simulated = cli("simulate", "sacred-wire", "--games", "2", *options)
    assert simulated.status == 0, simulated.err
    assert "A win" in simulated.out
    assert "stopped by a safeguard" not in simulated.out  # shown only where one stopped a game


def test_a_malformed_board_file_is_one_line(cli: Callable[..., Ran], tmp_path: Path) -> None:
    board = tmp_path / "bad.toml"
    board.write_text("width = 'wide'\n", encoding="utf-8")
    done = cli("play", "strange-aeons-intro", "--board", str(board))
    assert done.status != 0 and "Traceback" not in done.err
    assert len(done.err.strip().splitlines()) == 1


def test_sacred_wire_attack_prints_exact_odds_and_a_rolled_attack(cli: Callable[..., Ran]) -> None:
    done = cli(
        "sacred-wire",
        "attack",
        "--combat",
        "2d8",
        "--defense",
        "2d6",
        "--weapon",
        "Sword",
        "--armor",
        "Standard Cuirass",
        "--roll",
        "--seed",
        "3",
    )
    assert done.status == 0, done.err
    assert "hit" in done.out and "/" in done.out and "%" in done.out
    assert "[C4.7]" in done.out and "One attack rolled with seed 3" in done.out


def test_sacred_wire_check_squad_accepts_a_sample_and_rejects_a_bad_squad(
    cli: Callable[..., Ran], tmp_path: Path
) -> None:
    good = cli("sacred-wire", "check-squad", str(sample_squad_path("firing-line")))
    assert good.status == 0, good.err
    bad_file = tmp_path / "bad.toml"
    bad_file.write_text(
        'name = "Broke"\n[[models]]\nname = "A"\ncontract = "Boss"\n', encoding="utf-8"
    )
    bad = cli("sacred-wire", "check-squad", str(bad_file))
    assert bad.status != 0 and "Traceback" not in bad.err
    assert len(bad.err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    "args",
    [
        ["--combat", "2d9", "--defense", "2d6", "--weapon", "Sword"],
        ["--combat", "2d8", "--defense", "2d6", "--weapon", "Spork"],
        ["--combat", "2d8", "--defense", "2d6", "--weapon", "Sword", "--riposte"],
    ],
)
def test_sacred_wire_attack_bad_options_are_one_line(
    cli: Callable[..., Ran], args: list[str]
) -> None:
    done = cli("sacred-wire", "attack", *args)
    assert done.status != 0 and "Traceback" not in done.err
    assert len(done.err.strip().splitlines()) == 1


def test_sacred_wire_campaign_new_show_and_post_game_of_a_record(
    cli: Callable[..., Ran], tmp_path: Path
) -> None:
    game, book = tmp_path / "game.json", tmp_path / "book.toml"
    started = cli("sacred-wire", "campaign", "new", "wrecking-crew", str(book))
    assert started.status == 0, started.err
    assert "Campaign book 'Wrecking Crew'" in started.out and book.exists()
    again = cli("sacred-wire", "campaign", "new", "wrecking-crew", str(book))
    assert again.status != 0 and "exists already" in again.err
    squad = f"squad_a={book}"
    played = cli(
        "play", "sacred-wire", "--a", "random", "--b", "random", "-o", squad, "--save", str(game)
    )
    assert played.status == 0, played.err
    args = ["sacred-wire", "campaign", "post-game", str(book), "--record", str(game), "--side", "A"]
    done = cli(*args)
    assert done.status == 0, done.err
    assert "rolls exploration" in done.out and "[K3.2]" in done.out
    assert "Every model restores full Health  [K3]" in done.out
    shown = cli("sacred-wire", "campaign", "show", str(book))
    assert shown.status == 0 and "1 game played" in shown.out


def test_sacred_wire_campaign_post_game_of_a_table_game(
    cli: Callable[..., Ran], tmp_path: Path
) -> None:
    book, outcome = tmp_path / "book.json", tmp_path / "outcome.toml"
    assert cli("sacred-wire", "campaign", "new", "firing-line", str(book)).status == 0
    outcome.write_text(
        'won = true\n[[models]]\nname = "Wren Okafor"\nfate = "out-of-action"\n'
        'kills = ["Pike"]\n[[models]]\nname = "Gideon Hask"\nfate = "fled"\n',
        encoding="utf-8",
    )
    args = ["sacred-wire", "campaign", "post-game", str(book), "--manual", str(outcome)]
    done = cli(*args, "--seed", "4", "--interactive", stdin="\n" * 20)
    assert done.status == 0, done.err
    assert "Wren Okafor logs 1 Merit (1 for kills): 1 in all" in done.out and "[K3.3]" in done.out
    assert "Gideon Hask takes" in done.out and "[C4.20]" in done.out
    bad = cli(*args[:-1], str(tmp_path / "missing.toml"))
    assert bad.status != 0 and len(bad.err.strip().splitlines()) == 1


def test_sacred_wire_campaign_trading_post_and_a_corrupt_book(
    cli: Callable[..., Ran], tmp_path: Path
) -> None:
    book = tmp_path / "book.toml"
    assert cli("sacred-wire", "campaign", "new", "wrecking-crew", str(book)).status == 0
    sold = cli("sacred-wire", "campaign", "sell", str(book), "Injector", "--from", "Sunita Roche")
    assert sold.status == 0 and "4 subs in the treasury" in sold.out
    bought = cli("sacred-wire", "campaign", "buy", str(book), "Adrenaline", "--to", "Pike")
    assert bought.status == 0 and "0 subs" in bought.out
    moved = cli(
        "sacred-wire", "campaign", "move", str(book), "Sword", "--from", "Pike", "--to", "lockers"
    )
    assert moved.status == 0, moved.err
    dismissed = cli("sacred-wire", "campaign", "dismiss", str(book), "Pike")
    assert dismissed.status == 0, dismissed.err
    hire = ["--name", "Vex", "--contract", "Gunner", "--array", "Operative"]
    hire += ["--combat", "2d6", "--defense", "2d6", "--wits", "2d6"]
    hired = cli("sacred-wire", "campaign", "hire", str(book), *hire)
    assert hired.status == 0, hired.err
    shown = cli("sacred-wire", "campaign", "show", str(book)).out
    assert "Vex: Gunner" in shown and "Lockers: Sword, Pistol, Adrenaline" in shown
    before = book.read_text(encoding="utf-8")
    refused = cli("sacred-wire", "campaign", "buy", str(book), "Trauma Kit")
    assert refused.status != 0 and "costs 14 subs" in refused.err
    assert book.read_text(encoding="utf-8") == before
    book.write_text(before.replace("subs = 0", "subs = -3"), encoding="utf-8")
    corrupt = cli("sacred-wire", "campaign", "show", str(book))
    assert corrupt.status != 0 and "Traceback" not in corrupt.err
    assert len(corrupt.err.strip().splitlines()) == 1


def test_a_game_of_one_side_ends_finished_not_drawn(cli: Callable[..., Ran]) -> None:
    ran = cli("play", "sacred-wire-post-game", "--seed", "1")
    assert ran.status == 0
    assert ran.out.rstrip().endswith("Finished: the post-game sequence is done.")


def _wolsung_save(path: Path, actions: int | None) -> Game:
    """A Wolsung game of random players (hands and sealed bids kept secret), stopped after
    ``actions`` actions (``None``: played to its end), saved to ``path``."""
    game = find_ruleset("wolsung").new_game({}, seed=8)
    play(game, [RandomPlayer(1), RandomPlayer(2)], max_actions=actions)
    path.write_text(json.dumps(game.to_json()))
    return game


def _log_of(game: Game, reader: int | None) -> list[str]:
    return [game.describe(e if reader is None else e.seen_by(reader)) for e in game.log]


def test_replay_of_an_unfinished_game_prints_what_every_player_sees(
    cli: Callable[..., Ran], tmp_path: Path
) -> None:
    save = tmp_path / "game.json"
    game = _wolsung_save(save, 80)
    assert not game.is_over and _log_of(game, None) != _log_of(game, SPECTATOR)
    done = cli("replay", str(save))
    assert done.status == 0, done.err
    assert done.out.splitlines() == [
        "The game goes on: its log as every player sees it (--side NAME for a side's view)",
        *_log_of(game, SPECTATOR),
        "The game is not finished.",
    ]


def test_replay_side_prints_that_sides_view_and_refuses_a_side_not_in_the_game(
    cli: Callable[..., Ran], tmp_path: Path
) -> None:
    save = tmp_path / "game.json"
    game = _wolsung_save(save, 80)
    done = cli("replay", str(save), "--side", "club 2")
    assert done.status == 0, done.err
    assert done.out.splitlines()[1:-1] == _log_of(game, 1) != _log_of(game, SPECTATOR)
    assert done.out.splitlines()[0] == "The log as side Club 2 sees it"
    wrong = cli("replay", str(save), "--side", "Lurkers")
    assert wrong.status == 2 and wrong.out == ""
    assert wrong.err == "error: this game has no side 'Lurkers'; its sides are Club 1, Club 2\n"


def test_replay_side_refuses_a_side_that_takes_no_part(
    cli: Callable[..., Ran], tmp_path: Path
) -> None:
    save = tmp_path / "solo.json"
    played = cli(
        "play", "sacred-wire", "-o", "solo=true", "--a", "ai", "--seed", "5", "--save", str(save)
    )
    assert played.status == 0, played.err
    wrong = cli("replay", str(save), "--side", "B")
    assert wrong.status == 2 and wrong.out == ""
    assert wrong.err == "error: side B takes no part in this game; its sides are A, Hostiles\n"


def test_replay_of_a_finished_game_prints_every_secret(
    cli: Callable[..., Ran], tmp_path: Path
) -> None:
    save = tmp_path / "game.json"
    game = _wolsung_save(save, None)
    assert game.is_over
    done = cli("replay", str(save))
    assert done.status == 0, done.err
    assert done.out.splitlines()[:-1] == _log_of(game, None) != _log_of(game, SPECTATOR)
