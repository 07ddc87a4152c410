"""Fixtures for every test.

Scripted dice left unused fail the test that scripted them: a fixed-dice test whose rule
stopped rolling a die it expected would otherwise pass with the wrong outcome. A test that
means to leave faces unrolled (a refused action, a game stopped halfway) says so with
``dice_may_remain``. Stacked cards never drawn and scripted shuffles never reached fail a
test the same way, unless it is marked ``cards_may_remain``.

Property tests (hypothesis) draw the same examples on every run, so a run fails only where the
code changed: ``HYPOTHESIS_PROFILE=explore`` draws new ones each time, to look for new
counterexamples.

``private_registry`` lets a test register rulesets of its own, forgotten when it ends, so that
other tests list the real rulesets. ``cli`` runs the ``skirmish`` command in the test's own
process. ``full_folder`` and
``read_only_folder`` are folders on a full and on a read-only file system: small tmpfs
mounts where the machine allows them (root on Linux), else a simulated ``OSError``.
"""

from __future__ import annotations

import errno
import os
import subprocess
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

import pytest
from hypothesis import settings
from tests.command import Ran, run_skirmish

from skirmish.cards import CardScriptError, ScriptedDeck
from skirmish.dice import DiceScriptError, DiceSource, ScriptedDice
from skirmish.engine import registry

settings.register_profile("fixed", derandomize=True, database=None)
settings.register_profile("explore")
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "fixed"))


@pytest.fixture
def private_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """The ruleset registry as a copy of its own for this test."""
    for table in ("_RULESETS", "_ALIASES", "_INSTANCES"):
        monkeypatch.setattr(registry, table, dict(getattr(registry, table)))


@pytest.fixture(autouse=True)
def scripted_dice_are_used_up(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> Iterator[None]:
    """Fail the test if some script's faces were never rolled, by any copy of its dice."""
    scripts: dict[tuple[tuple[str, int], ...], list[ScriptedDice]] = {}
    original_init = ScriptedDice.__init__

    def init(self: ScriptedDice, script: Iterable[tuple[str, int]]) -> None:
        original_init(self, script)
        # Copies (clones, restored saves) carry their original's script, so the faces
        # count as used when any copy rolled them all.
        scripts.setdefault(self.script, []).append(self)

    monkeypatch.setattr(ScriptedDice, "__init__", init)
    yield
    if request.node.get_closest_marker("dice_may_remain"):
        return
    for script, copies in scripts.items():
        used = max(d.pos for d in copies)
        if used < len(script):
            raise DiceScriptError(f"unused scripted faces: {list(script[used:])}")


@pytest.fixture(autouse=True)
def scripted_decks_are_used_up(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> Iterator[None]:
    """Fail the test if no copy of a scripted deck dealt all it stacked and shuffled."""
    scripts: dict[tuple[tuple[str, tuple[str, ...]], ...], list[ScriptedDeck]] = {}
    original_init = ScriptedDeck.__init__

    def init(
        self: ScriptedDeck,
        script: Iterable[tuple[str, Iterable[str]]],
        dice: DiceSource | None = None,
    ) -> None:
        original_init(self, script, dice)
        # As with dice, copies carry their original's script: the deck counts as dealt when
        # any copy dealt it all.
        scripts.setdefault(self.script, []).append(self)

    monkeypatch.setattr(ScriptedDeck, "__init__", init)
    yield
    if request.node.get_closest_marker("cards_may_remain"):
        return
    for copies in scripts.values():
        left = min((d.remaining for d in copies), key=len)
        if left:
            raise CardScriptError(f"unused stacked cards: {list(left)}")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "dice_may_remain: the test leaves scripted dice unrolled on purpose"
    )
    config.addinivalue_line(
        "markers", "cards_may_remain: the test leaves stacked cards undrawn on purpose"
    )


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Callable[..., Ran]:
    """Run the ``skirmish`` command in this process: ``cli("play", ..., stdin="1\n")``."""

    def run(*args: str, stdin: str = "") -> Ran:
        return run_skirmish(capsys, monkeypatch, args, stdin)

    return run


def _mount(folder: Path, options: str) -> bool:
    """Mount a small tmpfs on ``folder`` where this machine allows it (root, Linux)."""
    folder.mkdir()
    try:
        done = subprocess.run(
            ["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(folder)],
            capture_output=True,
            timeout=10,
        )
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 0


def _unmount(folder: Path) -> None:
    subprocess.run(["umount", str(folder)], capture_output=True, timeout=10)


@pytest.fixture
def full_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder on a full file system: a 4 KB tmpfs, or simulated where mounting is refused."""
    folder = tmp_path / "full"
    mounted = _mount(folder, "size=4k")
    if not mounted:
        monkeypatch.setattr(os, "fsync", _raises(errno.ENOSPC))
    yield folder
    if mounted:
        _unmount(folder)


@pytest.fixture
def read_only_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder on a read-only file system (tmpfs mounted ro, or simulated), with one file."""
    folder = tmp_path / "ro"
    if _mount(folder, "size=64k"):
        (folder / "keep.json").write_text("old", encoding="utf-8")
        subprocess.run(["mount", "-o", "remount,ro", str(folder)], check=True, timeout=10)
        yield folder
        _unmount(folder)
        return
    (folder / "keep.json").write_text("old", encoding="utf-8")
    monkeypatch.setattr("tempfile.mkstemp", _raises(errno.EROFS))
    yield folder


def _raises(code: int) -> Callable[..., None]:
    def fail(*args: object, **kwargs: object) -> None:
        raise OSError(code, os.strerror(code))

    return fail
