"""Fixtures of the browser tests: a real server on a free loopback port over a store of its
own, and Debian's Chromium driven by Playwright.

Without a Chromium the tests are skipped, unless ``SKIRMISH_BROWSER=required`` (as CI sets it),
where a missing browser fails them. ``SKIRMISH_CHROMIUM`` names another browser binary.
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn
from playwright.sync_api import Browser, Page, sync_playwright
from tests.e2e.table import Server

from skirmish.web.app import create_app

START_TIMEOUT = 20.0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture(scope="session")
def chromium() -> str:
    path = os.environ.get("SKIRMISH_CHROMIUM") or shutil.which("chromium")
    if path:
        return path
    if os.environ.get("SKIRMISH_BROWSER") == "required":
        pytest.fail("no chromium found, and SKIRMISH_BROWSER=required")
    pytest.skip("no chromium on this machine (set SKIRMISH_CHROMIUM to one)")


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("store") / "games.db"
    app = create_app(f"sqlite:///{db}")
    port = _free_port()
    served = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=served.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + START_TIMEOUT
    while not served.started:
        if time.monotonic() > deadline or not thread.is_alive():
            pytest.fail("the server did not start")
        time.sleep(0.05)
    yield Server(f"http://127.0.0.1:{port}", app)
    served.should_exit = True
    thread.join(START_TIMEOUT)


@pytest.fixture(scope="session")
def browser(chromium: str) -> Iterator[Browser]:
    with sync_playwright() as p:
        launched = p.chromium.launch(
            executable_path=chromium, args=["--no-sandbox", "--disable-gpu"]
        )
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    opened = browser.new_page(viewport={"width": 1500, "height": 1100})
    opened.set_default_timeout(20_000)
    yield opened
    opened.close()


@pytest.fixture(scope="session")
def screenshots() -> Path:
    """Where each ruleset's board is photographed: ``SKIRMISH_SCREENSHOTS`` or build/."""
    folder = Path(os.environ.get("SKIRMISH_SCREENSHOTS", "build/screenshots"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder
