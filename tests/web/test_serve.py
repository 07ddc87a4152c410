"""``skirmish serve``: loopback by default, the store opened before the server starts, and a
store that cannot open refused in one line."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from importlib.metadata import EntryPoint
from typing import Any

import pytest
import uvicorn
from tests.command import Ran

import skirmish.cli as cli_module
from skirmish.cli import COMMANDS


def test_serve_listens_on_loopback_by_default(
    cli: Callable[..., Ran], db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    served: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", FakeRun(served))
    ran = cli("serve", "--db", db_url)
    assert ran.status == 0, ran.err
    assert (served["host"], served["port"]) == ("127.0.0.1", 8000)
    assert ran.out.startswith("skirmish on http://127.0.0.1:8000/")


def test_serve_takes_a_host_and_port(
    cli: Callable[..., Ran], db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    served: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", FakeRun(served))
    ran = cli("serve", "--db", db_url, "--host", "0.0.0.0", "--port", "8123")
    assert ran.status == 0, ran.err
    assert (served["host"], served["port"]) == ("0.0.0.0", 8123)


def test_serve_refuses_a_store_it_cannot_open(cli: Callable[..., Ran]) -> None:
    ran = cli("serve", "--db", "sqlite:////no/such/dir/games.db")
    assert ran.status == 2
    assert ran.err.startswith("error: cannot open the game store sqlite:////no/such/dir/games.db")
    assert ran.err.count("\n") == 1


class FakeRun:
    """Stands for ``uvicorn.run``: records what it was asked to serve."""

    def __init__(self, served: dict[str, Any]) -> None:
        self.served = served

    def __call__(self, app: object, host: str, port: int, log_level: str) -> None:
        self.served.update(app=app, host=host, port=port)


def test_other_commands_do_not_load_the_web_stack() -> None:
    # The web stack takes seconds to import: only `serve` loads it.
    loaded = subprocess.run(
        [sys.executable, "-c", "import sys, skirmish.cli; print('fastapi' in sys.modules)"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert loaded.stdout.strip() == "False"


def test_a_command_entry_point_that_is_not_a_typer_app_is_refused(
    cli: Callable[..., Ran], monkeypatch: pytest.MonkeyPatch
) -> None:
    wrong = EntryPoint("serve", "skirmish.web.command:serve", COMMANDS)
    monkeypatch.setattr(cli_module, "entry_points", lambda **_: [wrong])
    ran = cli("serve")
    assert ran.status == 2
    assert ran.err == "error: entry point 'serve' is not a Typer app\n"
