"""Fixtures for every test.

Scripted dice left unused fail the test that scripted them: a fixed-dice test whose rule
stopped rolling a die it expected would otherwise pass with the wrong outcome. A test that
means to leave faces unrolled (a refused action, a game stopped halfway) says so with
``dice_may_remain``.

``cli`` runs the ``skirmish`` command in the test's own process.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

import pytest
from tests.command import Ran, run_skirmish

from skirmish.dice import DiceScriptError, ScriptedDice


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


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "dice_may_remain: the test leaves scripted dice unrolled on purpose"
    )


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Callable[..., Ran]:
    """Run the ``skirmish`` command in this process: ``cli("play", ..., stdin="1\n")``."""

    def run(*args: str, stdin: str = "") -> Ran:
        return run_skirmish(capsys, monkeypatch, args, stdin)

    return run
