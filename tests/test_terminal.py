"""A human at the terminal: help, status and map at every prompt, menus that name models,
refusals that say why, and a game stopped halfway that resumes where it stopped."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from tests.command import Ran

from skirmish.cli import main
from skirmish.engine.game import Game
from skirmish.players.random import RandomPlayer
from skirmish.rulesets import find_ruleset
from skirmish.terminal import (
    CLEAR,
    InputEnded,
    named,
    pass_screen,
    read_answer,
    show_decision,
    status,
)

Cli = Callable[..., Ran]

# The Threshold deploy at two points of their strip, then the player stops.
DEPLOY_AND_QUIT = "2,22\n4,22\nquit\n"


def _as_human(cli: Cli, stdin: str, *more: str) -> Ran:
    """Play the introduction's seed 1 as the Threshold's human, typing ``stdin``."""
    return cli(
        "play", "strange-aeons-intro", "--seed", "1", "--threshold", "human", *more, stdin=stdin
    )


def _deployed_game(seed: int = 1) -> Game:
    game = find_ruleset("strange-aeons-intro").new_game({}, seed)
    players = [RandomPlayer(seed), RandomPlayer(seed + 1)]
    while game.decision is not None and any(not m.deployed for m in game.models):
        game.apply(players[game.decision.player].choose(game))
    return game


def test_help_lists_the_commands(cli: Cli) -> None:
    done = _as_human(cli, "help\nquit\n")
    assert done.status == 0, done.err
    assert "Commands: help" in done.out and "status" in done.out and "map" in done.out


def test_status_shows_each_model_and_what_it_sees_of_each_enemy() -> None:
    game = _deployed_game()
    text = status(game)
    for m in game.models:
        assert f"{m.id} {m.name}" in text
    assert "Wounds" in text and '" away, ' in text
    assert "in sight" in text or "not in sight" in text


def test_status_and_map_answer_at_the_prompt_and_the_decision_waits(cli: Cli) -> None:
    done = _as_human(cli, "2,22\n4,22\nstatus\nmap\nquit\n")
    assert done.status == 0, done.err
    assert "T1 Frank Howard (Threshold) at 2.00,22.00: 2/2 Wounds" in done.out
    assert "L1 Cult Leader:" in done.out and '" away' in done.out
    assert "T1" in done.out.split("\n[Threshold]")[-1]  # the map shows the model labels
    assert "Stopped at round 1" in done.out


def test_a_number_outside_the_menu_says_which_numbers_are_valid(cli: Cli) -> None:
    done = _as_human(cli, "2,22\n4,22\n99\nquit\n")
    assert "there is no option 99; choose 1 to" in done.out


def test_options_name_the_models_they_act_on() -> None:
    game = _deployed_game()
    assert named(game, ("T1", "L2")) == "  - T1 Frank Howard, L2 Cultist"
    assert named(game, ("north",)) == ""


def test_the_menu_gives_an_options_exact_odds_under_it() -> None:
    game = _deployed_game()
    player = RandomPlayer(3)
    while game.decision is not None and not any(a.kind == "shoot" for a in game.decision.options):
        game.apply(player.choose(game))
    assert game.decision is not None, "seed 1 never offered a shot"
    lines: list[str] = []
    show_decision(game, lines.append)
    shot = next(i for i, line in enumerate(lines) if ". shoot " in line)
    assert lines[shot + 1].startswith("      odds: a shot gets through ")
    passing = next(i for i, line in enumerate(lines) if ". pass " in line)
    assert not lines[passing + 1].lstrip().startswith("odds:")


def test_a_point_where_none_is_asked_is_refused_with_the_reason() -> None:
    game = find_ruleset("strange-aeons-intro").new_game({}, 1)
    while game.decision is not None and not game.decision.options:
        game.apply(RandomPlayer(1).choose(game))
    assert game.decision is not None and not game.decision.points
    try:
        read_answer(game, "3,4")
    except ValueError as exc:
        assert "no point is asked for here" in str(exc)
    else:
        raise AssertionError("a point was accepted where none is asked")


def test_a_game_stopped_halfway_resumes_and_finishes(cli: Cli, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    stopped = _as_human(cli, DEPLOY_AND_QUIT, "--save", str(save))
    assert stopped.status == 0, stopped.err
    assert f"continue with: skirmish resume {save}" in stopped.out
    half = json.loads(save.read_text())
    assert half["players"] == ["human", "ai"] and half["result"] is None
    resumed = cli("resume", str(save), "--threshold", "ai")
    assert resumed.status == 0, resumed.err
    assert "resumed at round 1" in resumed.out and "Result:" in resumed.out
    finished = json.loads(save.read_text())
    assert finished["result"] is not None
    assert finished["actions"][: len(half["actions"])] == half["actions"]
    again = cli("resume", str(save))
    assert again.status == 2 and "holds a finished game" in again.err


def test_a_save_edited_by_hand_is_refused_in_one_line_not_played(cli: Cli, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    assert _as_human(cli, DEPLOY_AND_QUIT, "--save", str(save)).status == 0
    half = json.loads(save.read_text())
    half["models"][0]["wounds"] = "two"
    save.write_text(json.dumps(half))
    before = save.read_bytes()
    edited = cli("resume", str(save), "--threshold", "ai")
    assert edited.status == 2
    assert edited.err.strip().startswith(
        "error: corrupt save file: its state is not the one its actions make (edited by hand, "
    )
    assert len(edited.err.strip().splitlines()) == 1
    assert save.read_bytes() == before


def test_input_that_ends_saves_the_game_for_later(cli: Cli, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    done = _as_human(cli, "2,22\n", "--save", str(save))
    assert done.status == 2 and "input ended" in done.err
    assert json.loads(save.read_text())["actions"]


def test_a_refused_answer_says_why_and_the_decision_is_asked_again(cli: Cli) -> None:
    # Round 1: Frank Howard (T1) at 2,22 has the Lurkers 16" and more away, beyond his reach.
    done = _as_human(cli, "2,22\n4,22\n1\n2\nmove T1 30,3\nquit\n")
    assert done.status == 0, done.err
    refusal = next(line for line in done.out.splitlines() if line.startswith("  ! "))
    assert "illegal action 'move T1 30,3'" in refusal and '"' in refusal
    assert done.out.count("(help, status, map, quit)") >= 4


class FakeTty(io.StringIO):
    """Output that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def test_passing_the_screen_on_a_terminal_clears_it_before_and_after_enter() -> None:
    out = FakeTty("Club 1's hand: QH, 7S\n")
    out.seek(0, io.SEEK_END)
    pass_screen("Club 2", io.StringIO("\n"), out, ["Club 1 answers in secret  [L40]"])
    before, prompt, after = out.getvalue().split(CLEAR)
    assert "QH" in before and prompt == "-- Pass the screen to Club 2, then press Enter --\n"
    assert after == "Club 1 answers in secret  [L40]\n"


def test_passing_the_screen_to_a_pipe_prints_plain_text() -> None:
    out = io.StringIO()
    pass_screen("Club 2", io.StringIO("\n"), out, ["Club 1 answers in secret  [L40]"])
    assert out.getvalue() == "\n" * 3 + "-- Pass the screen to Club 2, then press Enter --\n"
    with pytest.raises(InputEnded, match="input ended before the game did"):
        pass_screen("Club 2", io.StringIO(""), FakeTty())


def _hot_seat(monkeypatch: pytest.MonkeyPatch, argv: list[str], stdin: str) -> str:
    """What the command prints to a terminal, typed ``stdin``."""
    out = FakeTty()
    monkeypatch.setattr(sys, "argv", ["skirmish", *argv])
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    monkeypatch.setattr(sys, "stdout", out)
    with pytest.raises(SystemExit):
        main()
    return out.getvalue()


def _wolsung_hot_seat(*more: str) -> list[str]:
    """The command line of a Wolsung game of two clubs, each played by a human."""
    samples = Path("src/skirmish/rulesets/wolsung/data/samples")
    clubs = ("--club", str(samples / "triad.toml"), "--club", str(samples / "inventors.toml"))
    sides = ("--side", "Club 1=human", "--side", "Club 2=human")
    return ["play", "wolsung", *clubs, *sides, "--seed", "3", *more]


# Wolsung seed 3: Club 1 picks the south zone and deploys its six models, then the screen
# goes to Club 2, who stops.
CLUB_1_DEPLOYS = "\n1\n" + "".join(f"{x},2\n" for x in (5, 7, 9, 11, 13, 15)) + "\nquit\n"


def test_a_hot_seat_pass_clears_the_last_players_turn_and_shows_the_public_log(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    *_, passed, screen = _hot_seat(monkeypatch, _wolsung_hot_seat(), CLUB_1_DEPLOYS).split(CLEAR)
    assert passed == "-- Pass the screen to Club 2, then press Enter --\n"
    assert "[Club 1]" not in screen and "[Club 2]" in screen
    assert screen.startswith("Trader (1M3) deploys at 15,2  [L30]\n")


def test_a_hot_seat_game_resumed_shows_its_header_again_after_the_first_pass(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    save = str(tmp_path / "game.json")
    _hot_seat(monkeypatch, _wolsung_hot_seat("--save", save), CLUB_1_DEPLOYS)
    # Resumed, the screen is passed to Club 2 at once.
    resumed = _hot_seat(monkeypatch, ["resume", save], "\nquit\n")
    header, passed, screen = resumed.split(CLEAR)
    assert passed == "-- Pass the screen to Club 2, then press Enter --\n"
    assert header.startswith("Wolsung Steampunk Skirmish Game, seed 3, resumed at turn 0 on ")
    assert screen.startswith(header.splitlines()[0] + "\n\n[Club 2] deploy ")


def test_a_bare_point_among_several_point_choices_says_to_type_one_in_full(cli: Cli) -> None:
    # Sacred Wire seed 7: side A deploys any of its five models, one * line each.
    done = cli("play", "sacred-wire", "--a", "human", "--seed", "7", stdin="3.96,2.13\n1\nquit\n")
    assert done.status == 0, done.err
    refusals = [line for line in done.out.splitlines() if line.startswith("  ! ")]
    assert refusals == [
        "  ! 5 point choices are open (the * lines): type the one you mean in full, "
        "e.g. deploy A1 3.96,2.13",
        "  ! there is no option 1: a number picks a numbered option and none is listed here; "
        "type a * line in full, e.g. deploy A1 12.5,4",
    ]


def test_an_answer_cut_short_at_the_terminal_says_to_write_it_whole(cli: Cli) -> None:
    done = cli("play", "sacred-wire", "--a", "human", "--seed", "7", stdin="deploy A1\nquit\n")
    assert done.status == 0, done.err
    assert "  ! 'deploy A1' is cut short: write it whole, as 'deploy A1 <x,y>'" in (
        done.out.splitlines()
    )


def test_a_number_where_only_a_point_is_asked_says_to_type_the_point(cli: Cli) -> None:
    done = _as_human(cli, "1\nquit\n")
    assert (
        "  ! there is no option 1: a number picks a numbered option and none is listed here; "
        "type a point x,y (12.5,4)"
    ) in done.out.splitlines()
