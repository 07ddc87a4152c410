"""The web app: the JSON API, the pages, the static files, and one way every error is
answered: one line, with the status its kind calls for (see ``skirmish.web.api``), as JSON
under ``/api`` and as a page elsewhere. Request bodies over ``MAX_BODY`` are refused before
they are read.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib.resources import files
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from skirmish import __version__
from skirmish.errors import (
    IllegalActionError,
    InvalidActionError,
    NotFoundError,
    SeatError,
    SkirmishError,
    StoreError,
)
from skirmish.store import DEFAULT_URL
from skirmish.store.games import GameStore
from skirmish.web import api, html, pages
from skirmish.web.lobby import Lobby

MAX_BODY = 1024 * 1024
STATUS: tuple[tuple[type[SkirmishError], int], ...] = (
    (NotFoundError, 404),
    (SeatError, 403),
    (IllegalActionError, 409),
    (InvalidActionError, 422),
    (StoreError, 503),
)
"""The HTTP status of each kind of error; any other bad input is 422."""


def status_of(exc: SkirmishError) -> int:
    return next((code for kind, code in STATUS if isinstance(exc, kind)), 422)


def _answer(request: Request, status: int, message: str) -> Response:
    if request.url.path.startswith("/api"):
        return JSONResponse({"detail": message}, status)
    return HTMLResponse(html.render("error.html", message=message), status)


def create_app(url: str = DEFAULT_URL) -> FastAPI:
    """The app over the game store at ``url`` (opened, and migrated, now).

    Raises:
        StoreError: the store cannot be opened.
    """
    lobby = Lobby(GameStore(url))

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        for room in lobby.rooms.values():
            if room.task is not None:
                room.task.cancel()

    app = FastAPI(
        title="skirmish",
        version=__version__,
        summary="Play, watch and replay skirmish wargames, every rule enforced.",
        lifespan=lifespan,
    )
    app.state.lobby = lobby
    app.include_router(api.router)
    app.include_router(pages.router)
    app.mount("/static", StaticFiles(directory=str(files("skirmish.web") / "static")), "static")

    @app.exception_handler(SkirmishError)
    async def refused(request: Request, exc: SkirmishError) -> Response:
        return _answer(request, status_of(exc), str(exc))

    @app.exception_handler(RequestValidationError)
    async def malformed(request: Request, exc: RequestValidationError) -> Response:
        return _answer(request, 422, _first_problem(exc))

    app.add_middleware(BodyLimit)
    return app


def _first_problem(exc: RequestValidationError) -> str:
    problems: list[Any] = list(exc.errors())
    if not problems:
        return "malformed request"
    first = problems[0]
    where = ".".join(str(part) for part in first.get("loc", ()))
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    # A check of ours words its own message: pydantic's "Value error, " prefix is dropped.
    own = first.get("type") == "value_error"
    message = str(first["ctx"]["error"]) if own else first.get("msg", "invalid")
    return f"{where}: {message}{more}"


class BodyTooLarge(Exception):
    """A streamed body went over ``MAX_BODY`` bytes while it was read."""


class BodyLimit:
    """Refuse a request whose body is over ``MAX_BODY`` bytes (413), declared or streamed.

    A streamed body (chunked, no length declared) is counted as it is read; once over, the
    reading fails and whatever the app would answer to that is replaced by the 413.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY):
            await _too_large(send)
            return
        seen = 0
        started = False

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > MAX_BODY:
                raise BodyTooLarge
            return message

        async def answer(message: Message) -> None:
            nonlocal started
            if seen <= MAX_BODY:
                await send(message)
            elif message["type"] == "http.response.start":
                await _too_large(send)
            started = True

        try:
            await self.app(scope, counted, answer)
        except BodyTooLarge:
            if not started:
                await _too_large(send)


async def _too_large(send: Send) -> None:
    body = f'{{"detail":"the request is over {MAX_BODY // 1024} KB"}}'.encode()
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [(b"content-type", b"application/json")],
        }
    )
    await send({"type": "http.response.body", "body": body})
