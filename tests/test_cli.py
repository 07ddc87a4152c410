"""The command line: byte-identical output per seed, save/replay, render, one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest


def skirmish(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "skirmish.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=600,
    )


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
    ],
)
def test_bad_input_is_one_line_and_a_non_zero_exit(args: list[str], message: str) -> None:
    done = skirmish(*args)
    assert done.returncode != 0
    assert message in done.stderr
    assert "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_a_malformed_board_file_is_one_line(tmp_path: Path) -> None:
    board = tmp_path / "bad.toml"
    board.write_text("width = 'wide'\n", encoding="utf-8")
    done = skirmish("play", "strange-aeons-intro", "--board", str(board))
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_sacred_wire_attack_prints_exact_odds_and_a_rolled_attack() -> None:
    done = skirmish(
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
    assert done.returncode == 0, done.stderr
    assert "hit" in done.stdout and "/" in done.stdout and "%" in done.stdout
    assert "[C4.7]" in done.stdout and "One attack rolled with seed 3" in done.stdout


def test_sacred_wire_check_squad_accepts_a_sample_and_rejects_a_bad_squad(tmp_path: Path) -> None:
    from skirmish.rulesets.sacred_wire.squad import sample_squad_path

    good = skirmish("sacred-wire", "check-squad", str(sample_squad_path("firing-line")))
    assert good.returncode == 0, good.stderr
    bad_file = tmp_path / "bad.toml"
    bad_file.write_text(
        'name = "Broke"\n[[models]]\nname = "A"\ncontract = "Boss"\n', encoding="utf-8"
    )
    bad = skirmish("sacred-wire", "check-squad", str(bad_file))
    assert bad.returncode != 0 and "Traceback" not in bad.stderr
    assert len(bad.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize(
    "args",
    [
        ["--combat", "2d9", "--defense", "2d6", "--weapon", "Sword"],
        ["--combat", "2d8", "--defense", "2d6", "--weapon", "Spork"],
        ["--combat", "2d8", "--defense", "2d6", "--weapon", "Sword", "--riposte"],
    ],
)
def test_sacred_wire_attack_bad_options_are_one_line(args: list[str]) -> None:
    done = skirmish("sacred-wire", "attack", *args)
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
