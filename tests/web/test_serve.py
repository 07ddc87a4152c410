"""``skirmish serve``: loopback by default, the store opened before the server starts, and a
store that cannot open refused in one line."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import uvicorn
from tests.command import Ran


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
