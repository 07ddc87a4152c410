"""The Sacred Wire commands with bad input: one line on standard error, exit status 2, and the
book, squad or save left byte for byte as it was (``skirmish sacred-wire ...`` and ``skirmish
play sacred-wire -o ...``, run in this process by the ``cli`` fixture)."""

from __future__ import annotations

import errno
import os
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from tests.conftest import Ran

from skirmish.files import MAX_INPUT_BYTES
from skirmish.rulesets.sacred_wire.campaign.rolls import post_game_stream
from skirmish.rulesets.sacred_wire.squads.squad import sample_squad_path

Cli = Callable[..., Ran]
OUTCOME = 'won = true\n[[models]]\nname = "Pike"\nfate = "out-of-action"\n'


def one_line(done: Ran, pattern: str) -> None:
    """The command failed with status 2 and one line on standard error matching ``pattern``."""
    assert done.status == 2, (done.out, done.err)
    assert len(done.err.strip().splitlines()) == 1, done.err
    assert re.search(pattern, done.err), done.err
    assert "Traceback" not in done.err


@pytest.fixture
def book(cli: Cli, tmp_path: Path) -> Path:
    """A new campaign book of ``wrecking-crew``."""
    path = tmp_path / "crew.toml"
    assert cli("sacred-wire", "campaign", "new", "wrecking-crew", str(path)).status == 0
    return path


@pytest.fixture
def record(cli: Cli, book: Path, tmp_path: Path) -> Path:
    """A finished game of random players, side A the book's squad, saved."""
    path = tmp_path / "game.json"
    squad = f"squad_a={book}"
    saved = cli(
        "play",
        "sacred-wire",
        "--a",
        "random",
        "--b",
        "random",
        "-o",
        squad,
        "--seed",
        "3",
        "--save",
        str(path),
    )
    assert saved.status == 0, saved.err
    return path


# --- writing and reading the book (files.write_text, files.read_text) ----------------------------


@pytest.mark.parametrize(
    ("broken", "message"),
    [("replace", "Read-only file system"), ("fdopen", "No space left on device")],
)
def test_k3_a_book_write_the_system_refuses_keeps_the_old_book(
    cli: Cli, book: Path, monkeypatch: pytest.MonkeyPatch, broken: str, message: str
) -> None:
    before = book.read_bytes()
    code = errno.EROFS if broken == "replace" else errno.ENOSPC

    def refuse(*args: object, **kwargs: object) -> None:
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(os, broken, refuse)
    done = cli("sacred-wire", "campaign", "dismiss", str(book), "Pike")
    one_line(done, rf"^error: campaign book: cannot write {re.escape(str(book))}: {message}$")
    assert book.read_bytes() == before
    assert os.listdir(book.parent) == [book.name]  # no temporary file left behind


def test_k3_a_read_only_folder_keeps_the_book(
    cli: Cli, book: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = book.read_bytes()
    book.parent.chmod(0o500)
    if os.geteuid() == 0:  # root writes anyway: the refusal the system would give, simulated

        def refuse(*args: object) -> None:
            raise OSError(errno.EACCES, os.strerror(errno.EACCES))

        monkeypatch.setattr(os, "replace", refuse)
    try:
        done = cli("sacred-wire", "campaign", "dismiss", str(book), "Pike")
    finally:
        book.parent.chmod(0o700)
    one_line(done, r"cannot write .*crew\.toml: Permission denied$")
    assert book.read_bytes() == before


def test_k3_a_folder_is_no_book(cli: Cli, tmp_path: Path) -> None:
    folder = tmp_path / "crew.toml"
    folder.mkdir()
    done = cli("sacred-wire", "campaign", "new", "wrecking-crew", str(folder), "--force")
    one_line(done, r"^error: cannot write .*crew\.toml: it is a folder$")
    one_line(cli("sacred-wire", "campaign", "show", str(folder)), r"it is a folder$")
    assert os.listdir(folder) == []


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, r"^error: campaign book: no such file: .*crew\.toml$"),
        (b"\xff\xfe name", r"crew\.toml is not UTF-8 text$"),
        (b"#" * (MAX_INPUT_BYTES + 1), r"crew\.toml is 4,194,305 bytes; files up to 4,194,304"),
    ],
)
def test_k3_a_book_that_cannot_be_read_is_one_line(
    cli: Cli, tmp_path: Path, content: bytes | None, message: str
) -> None:
    path = tmp_path / "crew.toml"
    if content is not None:
        path.write_bytes(content)
    one_line(cli("sacred-wire", "campaign", "show", str(path)), message)
    assert content is None or path.read_bytes() == content


@pytest.mark.parametrize(
    ("field", "where"), [("subs", "subs"), ("games", "games"), ("damage", "'Mara Voss': damage")]
)
def test_k3_a_count_no_toml_file_can_hold_is_refused_and_the_book_kept(
    cli: Cli, book: Path, field: str, where: str
) -> None:
    """A book is written back as TOML, whose integers are 64-bit: 10**30 subs would not be."""
    text = book.read_text(encoding="utf-8")
    if field == "damage":  # the Boss's: each model's fields follow its name
        text = text.replace('name = "Mara Voss"', 'name = "Mara Voss"\ndamage = 0', 1)
    book.write_text(re.sub(rf"(?m)^{field} = \d+$", f"{field} = {10**30}", text), encoding="utf-8")
    before = book.read_bytes()
    done = cli("sacred-wire", "campaign", "buy", str(book), "Sword")
    one_line(
        done,
        rf"invalid: (model 1 )?{re.escape(where)}: input should be less than or equal to 10{{9}}",
    )
    assert book.read_bytes() == before


def test_k3_a_book_saved_with_a_byte_order_mark_reads(cli: Cli, book: Path) -> None:
    book.write_bytes(b"\xef\xbb\xbf" + book.read_bytes())
    shown = cli("sacred-wire", "campaign", "show", str(book))
    assert shown.status == 0 and "Campaign book 'Wrecking Crew'" in shown.out


# --- the post-game of a record, once; a table game's outcome, checked (K3) -----------------------


def test_k3_a_game_record_is_applied_to_a_book_once(cli: Cli, book: Path, record: Path) -> None:
    args = ("sacred-wire", "campaign", "post-game", str(book), "--record", str(record))
    first = cli(*args, "--side", "A")
    assert first.status == 0, first.err
    # Side A's own stream of the game's seed 3, not the game's dice again (K3).
    assert f"Post-game of 'Wrecking Crew', seed {post_game_stream(3, 0)}\n" in first.out
    assert re.search(r'^records = \["[0-9a-f]{64}"\]$', book.read_text(encoding="utf-8"), re.M)
    before = book.read_bytes()
    for side in ("A", "B"):
        again = cli(*args, "--side", side)
        one_line(
            again, r"^error: 'Wrecking Crew' took this game record already \(record [0-9a-f]{12}"
        )
        assert book.read_bytes() == before


def test_k3_a_record_given_for_the_wrong_side_names_the_side_the_book_played(
    cli: Cli, book: Path, record: Path
) -> None:
    before = book.read_bytes()
    args = ("sacred-wire", "campaign", "post-game", str(book), "--record", str(record))
    one_line(
        cli(*args, "--side", "B"),
        r"^error: 'Wrecking Crew' played side A of .*game\.json, not side B: give --side A$",
    )
    assert book.read_bytes() == before


def test_k3_a_game_record_given_as_an_outcome_file_says_to_give_it_as_a_record(
    cli: Cli, book: Path, record: Path
) -> None:
    before = book.read_bytes()
    done = cli("sacred-wire", "campaign", "post-game", str(book), "--manual", str(record))
    one_line(
        done,
        r"^error: outcome file '.*game\.json' is a game record, not an outcome file: give it as "
        r"--record FILE --side A\|B \(the outcome is read from the game\)$",
    )
    assert book.read_bytes() == before


@pytest.mark.parametrize(
    ("outcome", "message"),
    [
        ('[[models]]\nname = "Pike"\nkills = ["Pike"]\n', r"Pike cannot put itself Out of Action"),
        ('[[models]]\nname = "Pike"\nkills = ["Tobias Valdez"]\n', r"is of its own squad"),
        (
            '[[models]]\nname = "Pike"\nmerits = 99\n',
            r"Pike: 99 Merits beyond kills \(at most 17\)",
        ),
        ('[[models]]\nname = "Pike"\ninjury = 3\n', r"Injury modifier \+3"),
        (
            '[[models]]\nname = "Pyke"\n',
            r"no model 'Pyke' in 'Wrecking Crew' \(did you mean 'Pike'\?\)",
        ),
        ('[[models]]\nname = "' + "P" * 100_000 + '"\n', r"name: must be at most 40 characters"),
        ("evidence_lost = 99999999999999999999\n", r"evidence_lost: input should be less than"),
        ("[finds]\nsubs = 1000\n", r"finds\.subs: input should be less than or equal to 999"),
        ("[rewards]\nleads = 150\n", r"rewards\.leads 150 \(at most 99 in one game\)"),
    ],
)
def test_k3_an_impossible_table_game_is_refused_and_the_book_kept(
    cli: Cli, book: Path, tmp_path: Path, outcome: str, message: str
) -> None:
    path = tmp_path / "outcome.toml"
    path.write_text(outcome, encoding="utf-8")
    before = book.read_bytes()
    done = cli(
        "sacred-wire", "campaign", "post-game", str(book), "--manual", str(path), "--seed", "1"
    )
    one_line(done, message)
    assert len(done.err) < 500
    assert book.read_bytes() == before


def test_k3_a_possible_table_game_is_applied_once(cli: Cli, book: Path, tmp_path: Path) -> None:
    path = tmp_path / "outcome.toml"
    path.write_text(OUTCOME, encoding="utf-8")
    command = ("sacred-wire", "campaign", "post-game", str(book), "--manual", str(path))
    done = cli(*command, "--seed", "1")
    assert done.status == 0, done.err
    assert "[K3.3]" in done.out and "games = 1" in book.read_text(encoding="utf-8")
    before = book.read_bytes()
    again = cli(*command, "--seed", "2")  # the same outcome: the same game, taken already
    one_line(again, r"^error: 'Wrecking Crew' took this outcome already \(outcome [0-9a-f]{12}")
    assert book.read_bytes() == before
    path.write_text(f'label = "the rematch"\n{OUTCOME}', encoding="utf-8")
    assert cli(*command, "--seed", "2").status == 0  # another game, with the same outcome
    assert "games = 2" in book.read_text(encoding="utf-8")


# --- the owner's bookkeeping (K3 steps 5-8) -----------------------------------------------------


def test_k3_hire_into_a_full_squad_says_it_is_full(cli: Cli, book: Path) -> None:
    before = book.read_bytes()
    hire = ["--name", "Vex", "--contract", "Gunner", "--array", "Operative"]
    hire += ["--combat", "2d6", "--defense", "2d6", "--wits", "2d6"]
    done = cli("sacred-wire", "campaign", "hire", str(book), *hire)
    one_line(
        done, r"^error: 'Wrecking Crew' is full: 5 models, at most 5 \(C2\); dismiss one first"
    )
    assert book.read_bytes() == before


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["move", "Needle Gun", "--from", "Mara Voss", "--to", "Tobias Valdez"],
            r"^error: cannot move Needle Gun to Tobias Valdez: model 2 'Tobias Valdez' is a Brute",
        ),
        (["move", "Sword", "--from", "Pike", "--to", "Pike"], r"nothing to do$"),
        (["sell", "Sword", "--from", "Mara Voss"], r"^error: Mara Voss does not carry Sword$"),
        (
            ["buy", "Medkit", "--to", "Pike"],
            r"^error: Medkit costs 8 subs; the squad has 0 \(K3\)$",
        ),
        (
            ["dismiss", "Mara Voss"],
            r"^error: Mara Voss is the Boss and cannot be dismissed \(K3\)$",
        ),
        (["dismiss", "Nobody"], r"^error: no model 'Nobody' in 'Wrecking Crew'$"),
    ],
)
def test_k3_each_bookkeeping_refusal_names_the_step(
    cli: Cli, book: Path, args: list[str], message: str
) -> None:
    before = book.read_bytes()
    one_line(cli("sacred-wire", "campaign", args[0], str(book), *args[1:]), message)
    assert book.read_bytes() == before


# --- setup options (K1.2, K1.3) -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("option", "message"),
    [
        ("mission=null", r"^error: mission: null is not a value; leave mission out for its"),
        (
            "evidence_a=3",
            r"^error: evidence_a needs a mission \(the mission option, one of extraction",
        ),
        ("board=null", r"^error: board: null is not a value"),
        ("loot_modifier=decoys", r"^error: loot_modifier 'decoys' needs Loot Markers to modify"),
        ("loot=[[1e999, 2]]", r"^error: loot: point 1 must be \[x, y\] in inches, got \[inf, 2\]$"),
        (
            "squad_a=" + "s" * 5000,
            r"^error: squad file '\.\.\.s{80}': the file name must end in \.toml or \.json$",
        ),
    ],
)
def test_k1_2_a_bad_setup_option_is_one_line_and_plays_nothing(
    cli: Cli, option: str, message: str
) -> None:
    done = cli("play", "sacred-wire", "-o", option)
    one_line(done, message)
    assert done.out == "" and len(done.err) < 400


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (
            ["mission=uplink", "evidence_a=99999999999999999999999"],
            r"^error: evidence_a must be a whole number from 0 to 9, not 99999999999999999999999$",
        ),
        (["mission=uplink", "leads_b=1000"], r"leads_b must be a whole number from 0 to 999"),
        (["mission=uplink", "evidence_b=-1"], r"evidence_b must be a whole number from 0 to 9"),
        (["mission=uplink", "leads_a=1.5"], r"leads_a must be a whole number from 0 to 999"),
    ],
)
def test_k1_3_every_count_is_bounded(cli: Cli, options: list[str], message: str) -> None:
    done = cli("play", "sacred-wire", *(w for o in options for w in ("-o", o)))
    one_line(done, message)


@pytest.mark.parametrize(
    ("flag", "message"),
    [
        (
            ["--evidence-a", "10"],
            r"^error: --evidence-a must be a whole number from 0 to 9, not 10",
        ),
        (["--leads-b", "-1"], r"^error: --leads-b must be a whole number from 0 to 999, not -1$"),
    ],
)
def test_k1_3_the_generator_bounds_its_counts(cli: Cli, flag: list[str], message: str) -> None:
    one_line(cli("sacred-wire", "mission", *flag), message)


# --- squad files (C2) ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("M" * 100_000, r"'name' must be at most 40 characters \(got 100000\)$"),
        ("Mara\\u0007Voss", r"'name' must be printable text on one line \(got 'Mara\\x07Voss'\)$"),
    ],
)
def test_c2_a_squad_name_too_long_or_with_control_characters(
    cli: Cli, tmp_path: Path, name: str, message: str
) -> None:
    text = sample_squad_path("wrecking-crew").read_text(encoding="utf-8")
    path = tmp_path / "squad.toml"
    path.write_text(text.replace('"Mara Voss"', f'"{name}"', 1), encoding="utf-8")
    before = path.read_bytes()
    done = cli("sacred-wire", "check-squad", str(path))
    one_line(done, message)
    assert len(done.err) < 300 and path.read_bytes() == before


def test_c2_3_check_squad_refuses_a_hostile_weapon_at_no_cost(cli: Cli, tmp_path: Path) -> None:
    text = sample_squad_path("wrecking-crew").read_text(encoding="utf-8")
    path = tmp_path / "squad.toml"
    path.write_text(text.replace('"Needle Gun", "Shiv"', '"Slug Gun", "Shiv"', 1), "utf-8")
    done = cli("sacred-wire", "check-squad", str(path))
    one_line(
        done,
        r"model 1 'Mara Voss' lists 'Slug Gun': a hostile's weapon, not on the R3 lists \(C2\.3\)$",
    )


# --- the attack odds (C4.7-C4.18) and grenades (C4.15) --------------------------------------------

ATTACK = ("sacred-wire", "attack", "--combat", "2d8", "--defense", "2d6", "--weapon")


def test_c4_7_the_attack_command_takes_every_side_of_the_odds(cli: Cli) -> None:
    done = cli(
        *ATTACK,
        "Sword",
        "--riposte",
        "--defender-combat",
        "2d6",
        "--defender-weapon",
        "Sword",
        "--attacker-armor",
        "Flak Wrap",
        "--defender-contract",
        "Veteran",
        "--below-half",
        "--modifier",
        "-1",
        "--defense-modifier",
        "1",
        "--gear",
        "Mag Boots",
        "--engaged-with-2",
        "--contract",
        "Zealot",
    )
    assert done.status == 0, done.err
    assert "attacker Combat 2d8 +1 DT Zealot engaged-with-2 (C2.4) -1 DT extra modifier" in done.out
    assert "damage back to the attacker" in done.out


def test_c4_15_the_attack_command_throws_a_grenade(cli: Cli) -> None:
    done = cli("sacred-wire", "attack", "--combat", "2d8", "--grenade", "Frag", "--moved", "--roll")
    assert done.status == 0, done.err
    assert done.out.startswith('[C4.15] Frag grenade (d8, 3" blast): Combat against a fixed 2d6')
    assert "lands on the aim point" in done.out and "One throw rolled with seed 0" in done.out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            [*ATTACK, "Carbine", "--range-inches", "nan"],
            r'^error: a range is a distance of 0" or more, not nan$',
        ),
        ([*ATTACK, "Carbine", "--range-inches", "inf"], r"not inf$"),
        ([*ATTACK, "Carbine", "--range-inches", "-3"], r"not -3\.0$"),
        (
            [*ATTACK, "Carbine", "--range-inches", "40"],
            r'^error: out of range: Carbine reaches 36", the target is 40" away \(C4\.14\)$',
        ),
        ([*ATTACK, "Sword", "--modifier", "9"], r"^error: a modifier of \+9 DT: from -8 to \+8"),
        ([*ATTACK, "Sword", "--gear", "Jetpack"], r"unknown gear 'Jetpack'"),
        ([*ATTACK, "Sword", "--below-half", "--cover"], r"cover applies to ranged attacks only"),
        (
            ["sacred-wire", "attack", "--combat", "2d8", "--weapon", "Sword"],
            r"needs --defense and --weapon",
        ),
        (
            ["sacred-wire", "attack", "--combat", "2d8", "--grenade", "Frag", "--cover"],
            r"^error: --cover does not apply to a grenade: its throw is Combat against a fixed 2d6",
        ),
        (
            [
                "sacred-wire",
                "attack",
                "--combat",
                "2d8",
                "--grenade",
                "Frag",
                "--range-inches",
                "7",
            ],
            r'^error: out of range: Frag is thrown 6", the target is 7" away \(C4\.14\)$',
        ),
        (
            ["sacred-wire", "attack", "--combat", "2d8", "--grenade", "Rock"],
            r"unknown grenade 'Rock'",
        ),
    ],
)
def test_c4_7_bad_attack_options_are_one_line(cli: Cli, args: list[str], message: str) -> None:
    one_line(cli(*args), message)
