"""Bad input at the command line: one line on standard error, exit status 2, and no file
written or changed (a failed command never replaces a good file)."""

from __future__ import annotations

import json
import math
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from tests.conftest import Ran

from skirmish.documents import file_label
from skirmish.players.random import RandomPlayer
from skirmish.rulesets import find_ruleset

Cli = Callable[..., Ran]

BLOCKED_BOARD = """
name = "blocked"
width = 36.0
height = 24.0
[[terrain]]
id = "wall"
name = "Wall"
kind = "impassable"
height = 3.0
polygon = [[0, 0], [36, 0], [36, 24], [0, 24]]
"""


def _one_line(done: Ran, message: str) -> None:
    assert done.status == 2, (done.out, done.err)
    assert message in done.err
    assert len(done.err.strip().splitlines()) == 1, done.err


def _keep(path: Path) -> bytes:
    path.write_text('{"kept": true}', encoding="utf-8")
    return path.read_bytes()


@pytest.fixture
def keep(tmp_path: Path) -> Path:
    """A good file that a failed command must leave byte for byte."""
    path = tmp_path / "keep.json"
    _keep(path)
    return path


def test_save_into_a_missing_folder_is_refused_before_play(cli: Cli, tmp_path: Path) -> None:
    done = cli("play", "strange-aeons-intro", "--save", str(tmp_path / "no" / "game.json"))
    _one_line(done, "no folder")
    assert "Result:" not in done.out
    assert os.listdir(tmp_path) == []


def test_save_onto_a_folder_is_refused(cli: Cli, tmp_path: Path) -> None:
    done = cli("play", "strange-aeons-intro", "--save", str(tmp_path))
    _one_line(done, "it is a folder")
    assert os.listdir(tmp_path) == []


def test_render_onto_a_folder_writes_no_stray_file(cli: Cli, tmp_path: Path) -> None:
    folder = tmp_path / "svgs"
    folder.mkdir()
    done = cli("render", "src/skirmish/boards/default.toml", "--svg", str(folder))
    _one_line(done, "it is a folder")
    assert os.listdir(tmp_path) == ["svgs"] and os.listdir(folder) == []


@pytest.mark.parametrize(
    ("where", "message"),
    [("full_folder", "No space left on device"), ("read_only_folder", "Read-only file system")],
)
def test_a_save_the_system_refuses_is_one_line_and_keeps_the_old_file(
    cli: Cli, request: pytest.FixtureRequest, where: str, message: str
) -> None:
    folder: Path = request.getfixturevalue(where)
    keep = folder / "keep.json"
    before = keep.read_bytes() if keep.exists() else _keep(keep)
    done = cli("play", "strange-aeons-intro", "--seed", "3", "--save", str(keep))
    _one_line(done, message)
    assert keep.read_bytes() == before
    assert os.listdir(folder) == ["keep.json"]


def test_a_drawing_on_a_full_disk_is_one_line(cli: Cli, full_folder: Path) -> None:
    svg = full_folder / "board.svg"
    done = cli("render", "src/skirmish/boards/sacred-wire.toml", "--svg", str(svg))
    _one_line(done, "No space left on device")
    assert os.listdir(full_folder) == []


@pytest.mark.parametrize("ruleset_id", ["strange-aeons-intro", "sacred-wire"])
def test_a_board_with_no_room_to_deploy_fails_at_setup_and_keeps_the_save(
    cli: Cli, keep: Path, ruleset_id: str
) -> None:
    board = keep.parent / "blocked.toml"
    board.write_text(BLOCKED_BOARD, encoding="utf-8")
    before = keep.read_bytes()
    done = cli("play", ruleset_id, "--board", str(board), "--save", str(keep))
    _one_line(done, "room to deploy")
    assert done.out == ""
    assert keep.read_bytes() == before


SEEDS = f"a seed is 0 to {2**63 - 1}"
"""The kernel's one wording of a seed refused (dice.not_a_seed), which --seed keeps."""


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "strange-aeons-intro", "--seed", "-5"], f"'--seed': {SEEDS}, not -5"),
        (["play", "strange-aeons-intro", "--seed", str(2**64)], f"{SEEDS}, not {2**64}"),
        (["play", "strange-aeons-intro", "--seed", "soon"], f"{SEEDS}, not 'soon'"),
        (["play", "strange-aeons-intro", "--seed", "9" * 5000], f"{SEEDS}, not '{'9' * 36}..."),
        (["sacred-wire", "attack", "--combat", "2d8", "--roll", "--seed", "-1"], SEEDS),
        (["sacred-wire", "hostiles", "--faction", "scrapers", "--seed", str(2**64)], SEEDS),
        (
            ["sacred-wire", "campaign", "post-game", "b.toml", "--seed", "1.5"],
            f"{SEEDS}, not '1.5'",
        ),
        (["strange-aeons", "scenario", "--seed", "-1"], SEEDS),
        (["strange-aeons", "loot", "--seed", "x"], SEEDS),
        (
            ["simulate", "strange-aeons-intro", "--scheduler", "host:8786"],
            "--scheduler is for --executor dask",
        ),
        (
            ["play", "strange-aeons-intro", "--side", "Threshold=ai", "--threshold", "human"],
            "side Threshold is given two players: 'human' and 'ai'",
        ),
        (
            [
                "play",
                "strange-aeons-intro",
                "--side",
                f"Threshold={'k' * 3000}",
                "--threshold",
                "h",
            ],
            f"side Threshold is given two players: 'h' and '{'k' * 36}...",
        ),
        (["simulate", "strange-aeons-intro", "--games", "0"], "--games"),
        (["play", "strange-aeons-intro", "--squad-a", "x.toml"], "--squad-a does not apply"),
        (["play", "strange-aeons-intro", "-o", "squad_a=x"], "unknown setup option"),
        (["play", "strange-aeons-intro", "--a", "ai"], "--a does not apply"),
        (["resume", "missing.json"], "no such file"),
        (["play"], "Missing argument"),
        (["play", "sacred-wire", "-o", f"evidence_a={'9' * 5000}"], "the number is too long"),
        (["play", "strange-aeons-intro", "-o", f"board={'[' * 3000}"], "nested too deeply"),
        (
            ["play", "wolsung", "-o", 'clubs=["ash-and-oak",'],
            """error: unknown club '["ash-and-oak"': a sample (ash-and-oak, inventors, triad)""",
        ),
    ],
)
def test_bad_options_are_one_line(cli: Cli, args: list[str], message: str) -> None:
    _one_line(cli(*args), message)


@pytest.mark.parametrize(
    ("board", "message"),
    [
        ('name = "huge"\nwidth = 1e300\nheight = 24.0\n', "width"),
        (
            'name = "x"\nwidth = 36.0\nheight = 24.0\n[[terrain]]\nid = "a"\nname = "b"\n'
            'kind = "rough"\nheight = 1.0\npolygon = [[0, 0], [nan, 1], [1, 1]]\n',
            "finite",
        ),
        (f'name = "{"n" * 100}"\nwidth = 36.0\nheight = 24.0\n', "name"),
        ('name = "bell\\u0007"\nwidth = 36.0\nheight = 24.0\n', "name"),
    ],
)
def test_a_board_beyond_what_a_game_can_use_is_one_line(
    cli: Cli, tmp_path: Path, board: str, message: str
) -> None:
    path = tmp_path / "board.toml"
    path.write_text(board, encoding="utf-8")
    _one_line(cli("play", "strange-aeons-intro", "--board", str(path)), message)


@pytest.mark.parametrize(
    "args",
    [
        ["render", "BOARD", "--svg", "SVG"],
        ["play", "sacred-wire", "--board", "BOARD", "--save", "SVG"],
        ["simulate", "strange-aeons-intro", "--games", "1", "--board", "BOARD"],
    ],
)
def test_a_board_nested_too_deeply_is_one_line(cli: Cli, tmp_path: Path, args: list[str]) -> None:
    board = tmp_path / "deep.toml"
    board.write_text("a = " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    files = {"BOARD": str(board), "SVG": str(tmp_path / "out")}
    done = cli(*(files.get(arg, arg) for arg in args))
    _one_line(done, "deep.toml: the board is not valid TOML: nested too deeply")
    assert os.listdir(tmp_path) == ["deep.toml"]


def _no_client(*args: object, **kwargs: object) -> None:
    raise AssertionError("a Dask client was started")


@pytest.mark.parametrize("address", ["::::", "tcp://host:port", "host"])
def test_a_dask_scheduler_address_that_does_not_parse_is_one_line(
    cli: Cli, monkeypatch: pytest.MonkeyPatch, address: str
) -> None:
    pytest.importorskip("distributed")
    # Refused before any client starts: a client reads the address on its event loop within
    # its connect timeout, which a loaded machine ran out of, calling the address unreachable.
    monkeypatch.setattr("skirmish.cli.DaskClient", _no_client)
    args = ["--games", "1", "--executor", "dask", "--scheduler", address]
    done = cli("simulate", "strange-aeons-intro", *args)
    _one_line(done, f"error: --scheduler {address!r} is no Dask scheduler address: ")


@pytest.mark.parametrize("scheme", ["ucx", "inproc"])
def test_a_dask_scheduler_address_of_a_scheme_dask_reads_no_port_of_is_named_so(
    cli: Cli, monkeypatch: pytest.MonkeyPatch, scheme: str
) -> None:
    pytest.importorskip("distributed")
    # ucx:// is a scheme Dask knows, but its backend is installed apart (distributed-ucxx).
    monkeypatch.setattr("skirmish.cli.DaskClient", _no_client)
    address = f"{scheme}://host:8786"
    args = ["--games", "1", "--executor", "dask", "--scheduler", address]
    done = cli("simulate", "strange-aeons-intro", *args)
    _one_line(
        done,
        f"error: --scheduler {address!r} is an address of scheme {scheme}, whose host and port "
        "this machine's Dask cannot read; give HOST:PORT or tcp://HOST:PORT",
    )


def test_a_huge_board_file_is_refused_unread(cli: Cli, tmp_path: Path) -> None:
    path = tmp_path / "big.toml"
    with path.open("wb") as out:
        out.truncate(50 * 1024 * 1024)  # sparse: 50 MB on paper, nothing on disk
    _one_line(cli("play", "strange-aeons-intro", "--board", str(path)), "bytes are read")


def test_workers_are_capped_at_what_helps(cli: Cli) -> None:
    done = cli(
        "simulate",
        "strange-aeons-intro",
        "--games",
        "3",
        "--workers",
        "64",
        "--threshold",
        "random",
        "--lurkers",
        "random",
    )
    assert done.status == 0, done.err
    # A notice beside the progress bar, on stderr: stdout holds the figures alone.
    assert "using 1 worker(s): this machine has" in done.err
    assert "3 game(s) make 1 batch(es)" in done.err
    assert done.out.startswith("Strange Aeons: An Introduction")


def test_a_corrupt_save_cannot_be_resumed(cli: Cli, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    save.write_text('{"format": "skirmish-save", "ruleset": "strange-aeons-intro"}')
    done = cli("resume", str(save))
    assert done.status == 2 and len(done.err.strip().splitlines()) == 1


def _half_played_save() -> dict[str, Any]:
    """A save of the introduction stopped at its first decision after deployment, as a human
    and the computer left it."""
    game = find_ruleset("strange-aeons-intro").new_game({}, 1)
    players = [RandomPlayer(1), RandomPlayer(2)]
    while game.decision is not None and any(not m.deployed for m in game.models):
        game.apply(players[game.decision.player].choose(game))
    return {**game.to_json(), "players": ["human", "ai"]}


GOOD = _half_played_save()
RECORD_FIELDS = ("ruleset", "setup", "seed", "actions")
"""The fields a replay reads: of a save's others it needs none."""
CORRUPTIONS = [
    ("ruleset", 5),
    ("ruleset", None),
    ("ruleset", ["strange-aeons-intro"]),
    ("setup", "x"),
    ("setup", None),
    ("setup", [1]),
    ("seed", "x"),
    ("seed", None),
    ("seed", 1.5),
    ("seed", True),
    ("actions", "edge north"),
    ("actions", None),
    ("actions", [*GOOD["actions"], {"kind": "bogus"}]),
    ("actions", [5]),
    ("dice", "x"),
    ("dice", None),
    ("dice", [1]),
    ("dice", {"kind": "bogus"}),
    ("dice", {"kind": "seeded", "state": math.inf}),  # JSON's Infinity
    ("dice", {"kind": "seeded", "state": 1.5}),
    ("models", None),
    ("models", {"kind": "bogus"}),
    ("models", [1, 2]),
    ("models", [None]),
    ("models", [GOOD["state"]]),
    ("state", None),
    ("state", "stack"),
    ("state", [5]),
    ("state", {"type": 5}),
    ("stack", None),
    ("stack", 5),
    ("stack", [5]),
    ("stack", [GOOD["models"][0]]),
    ("decision", 5),
    ("decision", "x"),
    ("decision", [1]),
    ("rules", None),
    ("rules", "x"),
    ("rules", [[]]),
    ("log", None),
    ("log", {"k": "x"}),
    ("log", [5]),
    ("log", [{"k": "roll", "r": "x"}]),
    ("result", 5),
    ("result", "x"),
    ("result", [[None], "r", "x"]),
    ("players", {"Threshold": "bogus"}),
    ("players", ["human"]),
    ("players", ["human", "bogus"]),
    ("players", "human"),
    ("players", None),
    ("players", [5, "ai"]),
]


@pytest.mark.parametrize(("field", "bad"), CORRUPTIONS)
def test_a_save_with_a_field_out_of_shape_is_refused_in_one_line_naming_it(
    cli: Cli, tmp_path: Path, field: str, bad: object
) -> None:
    save = tmp_path / "game.json"
    save.write_text(json.dumps({**GOOD, field: bad}), encoding="utf-8")
    before = save.read_bytes()
    resumed = cli("resume", str(save))
    _one_line(resumed, field)
    assert "corrupt save file" in resumed.err
    assert save.read_bytes() == before
    replayed = cli("replay", str(save))
    if field in RECORD_FIELDS:
        _one_line(replayed, field)
    else:
        assert replayed.status == 0, replayed.err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--b", "human"), "error: side B takes no part in this game; its sides are A, Hostiles"),
        (("--side", "B=human"), "error: side B takes no part in this game; its sides are A, "),
        (("--side", "coworkers=ai"), "error: side Coworkers takes no part in this game; its s"),
        (("--threshold", "ai"), "error: --threshold does not apply to this game; its sides are"),
    ],
)
def test_a_side_that_takes_no_part_in_the_game_is_refused_naming_those_that_do(
    cli: Cli, args: tuple[str, ...], message: str
) -> None:
    done = cli("play", "sacred-wire", "-o", "solo=true", "--seed", "5", *args)
    _one_line(done, message)
    assert done.out == ""


def test_simulate_reports_the_sides_that_take_part_and_no_others(cli: Cli) -> None:
    done = cli("simulate", "sacred-wire", "--games", "2", "--seed", "9")
    assert done.status == 0, done.err
    assert "A win" in done.out and "B win" in done.out and "draws" in done.out
    assert "Hostiles" not in done.out and "Coworkers" not in done.out


SAMPLES = Path(__file__).parents[1] / "src" / "skirmish" / "rulesets"
TRIAD = SAMPLES / "wolsung" / "data" / "samples" / "triad.toml"
INVENTORS = SAMPLES / "wolsung" / "data" / "samples" / "inventors.toml"
NIGHT_SHIFT = SAMPLES / "sacred_wire" / "data" / "squads" / "night-shift.toml"


@pytest.mark.parametrize(
    ("args", "option", "named"),
    [
        (
            ("wolsung", "--club", str(TRIAD), "--club", str(INVENTORS)),
            "clubs=ash-and-oak,triad",
            "--club",
        ),
        (("sacred-wire", "--squad-a", str(NIGHT_SHIFT)), "squad_a=firing-line", "--squad-a"),
        (
            ("sacred-wire", "--board", str(SAMPLES.parent / "boards" / "sacred-wire.toml")),
            "board=conduit-junction",
            "--board",
        ),
    ],
)
def test_a_flag_and_an_option_setting_the_same_thing_are_refused_naming_both(
    cli: Cli, args: tuple[str, ...], option: str, named: str
) -> None:
    done = cli("play", *args, "-o", option)
    key = option.split("=")[0]
    _one_line(done, f"error: {named} and -o {option} both set {key}; give one of them")
    assert done.out == ""


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 3000, "a save or record is not valid JSON: nested too deeply"),
        ("9" * 5000, "a save or record is not valid JSON: Exceeds the limit"),
        ('{"a":', "a save or record is not valid JSON: Expecting value"),
    ],
)
def test_a_save_that_is_no_json_is_one_line(
    cli: Cli, tmp_path: Path, text: str, message: str
) -> None:
    path = tmp_path / "save.json"
    path.write_text(text, encoding="utf-8")
    _one_line(cli("replay", str(path)), message)


SQUADS = Path("src/skirmish/rulesets/sacred_wire/data/squads")
BOOK = Path("src/skirmish/rulesets/sacred_wire/data/post-game-book.toml")
OUTCOME = Path("src/skirmish/rulesets/sacred_wire/data/post-game-outcome.toml")


@pytest.mark.parametrize(
    ("source", "args", "flag"),
    [
        (
            SQUADS / "night-shift.toml",
            ["play", "sacred-wire", "--squad-a", "IN", "--save", "IN"],
            "--squad-a",
        ),
        (
            SQUADS / "night-shift.toml",
            ["play", "sacred-wire", "-o", "squad_b=IN", "--save", "IN"],
            "-o squad_b",
        ),
        (Path("src/skirmish/boards/default.toml"), ["render", "IN", "--svg", "IN"], "FILE"),
        (
            SQUADS / "night-shift.toml",
            ["sacred-wire", "campaign", "new", "IN", "IN", "--force"],
            "SQUAD",
        ),
        (
            BOOK,
            ["sacred-wire", "mission", "--seed", "1", "--play", "--book-a", "IN", "--save", "IN"],
            "--book-a",
        ),
        (
            BOOK,
            [
                "sacred-wire",
                "campaign",
                "post-game",
                "IN",
                "--manual",
                str(OUTCOME),
                "--save",
                "IN",
            ],
            "BOOK",
        ),
        (
            OUTCOME,
            ["sacred-wire", "campaign", "post-game", "CREW", "--manual", "IN", "--save", "IN"],
            "--manual",
        ),
    ],
)
def test_an_output_that_is_an_input_of_the_command_is_refused_and_kept(
    cli: Cli, tmp_path: Path, source: Path, args: list[str], flag: str
) -> None:
    given = tmp_path / source.name
    given.write_bytes(source.read_bytes())
    # The output named another way (through a link) is the same file still.
    (tmp_path / "link").symlink_to(given)
    crew = tmp_path / "crew.toml"  # a book the post-game of an outcome would write
    crew.write_bytes(BOOK.read_bytes())
    named = [str(given), str(tmp_path / "link")]
    args = [str(crew) if arg == "CREW" else arg for arg in args]
    done = cli(*(arg.replace("IN", named.pop(0)) if "IN" in arg else arg for arg in args))
    _one_line(done, f"cannot write {tmp_path / 'link'}: it is {flag}, which this command reads")
    assert given.read_bytes() == source.read_bytes()
    assert crew.read_bytes() == BOOK.read_bytes()
    assert sorted(os.listdir(tmp_path)) == sorted({"link", "crew.toml", source.name})


@pytest.mark.parametrize(
    ("sample", "command"),
    [
        ("src/skirmish/rulesets/wolsung/data/samples/inventors.toml", "wolsung check-club"),
        (
            "src/skirmish/rulesets/strange_aeons/data/samples/sample_list.toml",
            "strange-aeons check-list",
        ),
        (str(SQUADS / "night-shift.toml"), "sacred-wire check-squad"),
    ],
)
@pytest.mark.parametrize("bad", ["\\u001b[2J", "\\n", "\\u0007"])
def test_a_name_with_a_control_character_or_a_line_break_is_one_line(
    cli: Cli, tmp_path: Path, sample: str, command: str, bad: str
) -> None:
    """A name is printed in logs and menus: an escape or a line break would garble them."""
    text = Path(sample).read_text(encoding="utf-8")
    first = text.index('name = "') + len('name = "') + 1  # within it: ends are stripped
    path = tmp_path / "list.toml"
    path.write_text(text[:first] + bad + text[first:], encoding="utf-8")
    before = path.read_bytes()
    done = cli(*command.split(), str(path))
    _one_line(done, "must be printable text on one line (got ")
    assert re.search(r"\bname'?:? must be printable", done.err), done.err
    assert "\x1b" not in done.err and done.out == ""
    assert path.read_bytes() == before


LONG_ACTION = "deploy " + "x" * 10_000


@pytest.mark.parametrize(
    ("command", "field", "bad", "message"),
    [
        (
            "resume",
            "ruleset",
            "wolsung",
            "error: corrupt save file: its setup does not fit the ruleset wolsung: KeyError",
        ),
        ("resume", "rules", [], "log[0]: its rule index 0 is none of the 0 rules saved"),
        ("resume", "seed", -1, f"field 'seed': a seed is 0 to {2**63 - 1}, not -1"),
        ("replay", "seed", -1, f"corrupt record: field 'seed': a seed is 0 to {2**63 - 1}, not -1"),
        ("render", "seed", 2**64, f"field 'seed': a seed is 0 to {2**63 - 1}, not {2**64}"),
        (
            "replay",
            "actions",
            [*GOOD["actions"], LONG_ACTION],
            f"does not replay: illegal action '{LONG_ACTION[:76]}...: ",
        ),
    ],
)
def test_a_save_edited_by_hand_is_refused_saying_what_is_wrong(
    cli: Cli, tmp_path: Path, command: str, field: str, bad: object, message: str
) -> None:
    save = tmp_path / "game.json"
    save.write_text(json.dumps({**GOOD, field: bad}), encoding="utf-8")
    before = save.read_bytes()
    args = ["--svg", str(tmp_path / "game.svg")] if command == "render" else []
    done = cli(command, str(save), *args)
    _one_line(done, message)
    assert len(done.err) < 400  # what a file gave is quoted cut short
    assert save.read_bytes() == before and os.listdir(tmp_path) == ["game.json"]


def test_a_club_list_that_does_not_read_is_named_with_its_place(cli: Cli, tmp_path: Path) -> None:
    squad = tmp_path / "squad.toml"
    squad.write_bytes((SQUADS / "night-shift.toml").read_bytes())
    listed = tmp_path / "list.json"
    listed.write_text("[1, 2]", encoding="utf-8")
    done = cli("play", "wolsung", "--club", "inventors", "--club", str(squad))
    _one_line(
        done, f"error: club 2 ({file_label('club file', squad)}): club list is invalid: club:"
    )
    done = cli("play", "wolsung", "--club", str(listed), "--club", "inventors")
    _one_line(
        done, f"club 1 ({file_label('club file', listed)}): club list is invalid: <top>: must"
    )
    assert "_clublistin" not in done.err.lower()


@pytest.mark.parametrize(
    "clubs",
    ["c1.toml,inventors", "inventors, c1.toml", '["c1.toml","inventors"]', '"c1.toml,inventors"'],
)
def test_a_club_file_in_a_list_of_clubs_is_an_input_the_save_keeps(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, clubs: str
) -> None:
    # Each club of the list is read on its own: the file among them is read too.
    monkeypatch.chdir(tmp_path)
    club = tmp_path / "c1.toml"
    club.write_bytes(INVENTORS.read_bytes())
    done = cli("play", "wolsung", "-o", f"clubs={clubs}", "--save", "c1.toml")
    _one_line(done, "cannot write c1.toml: it is -o clubs, which this command reads")
    assert club.read_bytes() == INVENTORS.read_bytes()


def test_an_option_naming_no_file_is_no_input_of_the_save(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Only a name ending in .toml or .json is read as a file: scenario s1 is no file s1.
    monkeypatch.chdir(tmp_path)
    (tmp_path / "s1").write_text("an old game", encoding="utf-8")
    sides = ("--side", "Club 1=ai", "--side", "Club 2=ai")
    done = cli("play", "wolsung", "-o", "scenario=s1", *sides, "--save", "s1")
    assert done.status == 0, done.err
    assert json.loads((tmp_path / "s1").read_text(encoding="utf-8"))["setup"]["scenario"] == "s1"


@pytest.mark.parametrize("board", ["[draft].toml", '"[draft].toml"'])
def test_a_board_file_named_with_brackets_is_read_as_a_file(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, board: str
) -> None:
    # A text that opens with [ but is no JSON is a name, not a broken list.
    text = (SAMPLES.parent / "boards" / "default.toml").read_text(encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    Path("[draft].toml").write_text(text.replace('name = "', 'name = "draft ', 1), "utf-8")
    done = cli("play", "strange-aeons-intro", "-o", f"board={board}")
    assert done.status == 0, done.err
    assert " on draft " in done.out and "Result:" in done.out


def test_a_club_file_named_with_brackets_is_read_in_a_list_of_clubs(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("[inv].toml").write_bytes(INVENTORS.read_bytes())
    done = cli("play", "wolsung", "-o", "clubs=[inv].toml,ash-and-oak", "--save", "[inv].toml")
    _one_line(done, "cannot write [inv].toml: it is -o clubs, which this command reads")
    done = cli("play", "wolsung", "-o", "clubs=[inv].toml,ash-and-oak")
    assert done.status == 0, done.err
    assert "Thorvald Nielsgaard" in done.out and "Result:" in done.out
