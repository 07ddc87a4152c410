"""``skirmish wolsung check-club``, run in the test process: a sample's summary, every
violation in one message, and one line for a bad file."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tests.command import Ran

from skirmish.documents import file_label
from skirmish.rulesets.wolsung.clubs.club_list import SAMPLES

INVALID = """
name = "Overdrawn"
club = "Ash and Oak"

[[heroes]]
named = "Phoenix"

[[heroes]]
name = "Wiz"
race = "Human"
profession = "Mage"
gadgets = ["Windbüchse", "Pigeon Gun"]

[[henchmen]]
henchman = "Butler"
count = 5
"""


def test_check_club_prints_a_valid_clubs_summary(cli: Callable[..., Ran]) -> None:
    done = cli("wolsung", "check-club", str(Path(str(SAMPLES)) / "triad.toml"))
    assert done.status == 0, done.err
    assert done.out.startswith("Club 'The Jade Lantern' (Triad of Lotus Dragon): 3 heroes")
    assert "1. Xen Jidao: Orc, named, hearts" in done.out


def test_check_club_lists_every_violation_in_one_line(
    cli: Callable[..., Ran], tmp_path: Path
) -> None:
    path = tmp_path / "overdrawn.toml"
    path.write_text(INVALID, encoding="utf-8")
    done = cli("wolsung", "check-club", str(path))
    assert done.status != 0 and done.out == ""
    (line,) = done.err.strip().splitlines()
    label = file_label("club file", path)
    assert line.startswith(f"error: {label} is invalid: Phoenix: a hero of the Triad")
    for rule in ("(L807)", "(L244)", "(L259)", "(L253)", "(L258)"):
        assert rule in line


def test_check_club_bad_file_is_one_line(cli: Callable[..., Ran], tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text("name = [\n", encoding="utf-8")
    done = cli("wolsung", "check-club", str(path))
    assert done.status != 0 and "Traceback" not in done.err
    (line,) = done.err.strip().splitlines()
    assert line.startswith(f"error: {file_label('club file', path)} is not valid TOML:")
    missing = cli("wolsung", "check-club", str(tmp_path / "gone.json"))
    assert missing.err.strip() == f"error: club file: no such file: {tmp_path / 'gone.json'}"


def test_play_takes_each_club_list_with_club(cli: Callable[..., Ran]) -> None:
    samples = Path(str(SAMPLES))
    done = cli(
        "play",
        "wolsung",
        "--club",
        str(samples / "triad.toml"),
        "--club",
        str(samples / "inventors.toml"),
        "--side",
        "club 1=random",
        "--side",
        "club 2=random",
        "--seed",
        "2",
    )
    assert done.status == 0, done.err
    assert "Xen Jidao (1H1)" in done.out
    assert "Thorvald Nielsgaard (2H1)" in done.out
    assert done.out.rstrip().splitlines()[-1].startswith("Result: ")


def test_play_refuses_club_for_another_game_in_one_line(cli: Callable[..., Ran]) -> None:
    done = cli("play", "strange-aeons-intro", "--club", "any.toml")
    assert done.status != 0
    assert done.err.strip() == (
        "error: --club does not apply to strange-aeons-intro; its setup options are board"
    )


def test_play_refuses_a_third_club_in_a_two_club_scenario(cli: Callable[..., Ran]) -> None:
    done = cli("play", "wolsung", "-o", "clubs=triad,inventors,ash-and-oak")
    assert done.status != 0
    assert done.err.strip().startswith("error: clubs: Back-Alley Brawl (s1) is played by 2 clubs")
    assert len(done.err.strip().splitlines()) == 1
