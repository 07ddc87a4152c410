"""Running the ``skirmish`` command inside a test's own process (a subprocess costs a second
of imports): the ``cli`` fixture of ``conftest.py`` calls :func:`run_skirmish`."""

from __future__ import annotations

import io
import sys
from dataclasses import dataclass

import pytest

from skirmish.cli import main


@dataclass(frozen=True)
class Ran:
    """What a ``skirmish`` command did: its exit status and what it printed."""

    status: int
    out: str
    err: str


def run_skirmish(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    args: tuple[str, ...],
    stdin: str,
) -> Ran:
    """Run ``skirmish ARGS`` with ``stdin`` as its input."""
    monkeypatch.setattr(sys, "argv", ["skirmish", *args])
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    with pytest.raises(SystemExit) as done:
        main()
    printed = capsys.readouterr()
    code = done.value.code
    return Ran(code if isinstance(code, int) else 1, printed.out, printed.err)
