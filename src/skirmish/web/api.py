"""The JSON API under ``/api``: what the pages do, a script can do (see the OpenAPI page at
``/docs``). A seat is named by its secret token (``seat``); without one a game is open only
while no human's secret can leak (``Room.open_to_all``).

Errors answer with one line in ``detail``: 404 no such game, 403 a seat that may not do
that, 409 an action the rules refuse (the game unchanged), 422 a malformed request or setup.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import Response
from pydantic import AfterValidator, BaseModel, BeforeValidator, Field

from skirmish.dice import MAX_SEED, not_a_seed, seed_error
from skirmish.engine.action import Action
from skirmish.engine.registry import find_registered, registered_ids
from skirmish.engine.restore import replay
from skirmish.errors import InvalidActionError, NotFoundError, SkirmishError
from skirmish.web.lobby import Lobby, start_game
from skirmish.web.room import Room, Viewer
from skirmish.web.screen import game_data, log_lines, model_data
from skirmish.web.seat import board_for, card_rows, pushed, reach_for

MAX_ACTION = 300
FAR = 1000.0
"""How far from the table's corner, in inches, a request may aim a point: far beyond any
table, near enough that no message or record writes out a number of hundreds of digits."""
MAX_DELAY = 10.0
DELAY_RANGE = f"a delay is a number of seconds from 0 to {MAX_DELAY:g}"
UNREADABLE = 1003
"""The WebSocket close code for a frame the server cannot read (binary, or not JSON)."""


def _in_range(delay: float) -> float:
    # One message for a delay out of range or not a number (NaN is within no bounds).
    if not 0 <= delay <= MAX_DELAY:
        raise ValueError(DELAY_RANGE)
    return delay


def _a_seed(given: object) -> int:
    # Checked before pydantic reads it, so that the kernel words what is no whole number (a
    # text, true, 1.5) as it words a number out of range, as for the form and a save.
    if isinstance(given, bool) or not isinstance(given, int):
        raise ValueError(not_a_seed(given))
    wrong = seed_error(given)
    if wrong is not None:
        raise ValueError(wrong)
    return given


Seed = Annotated[
    int,
    Field(json_schema_extra={"minimum": 0, "maximum": MAX_SEED}),
    BeforeValidator(_a_seed),
]
"""The dice's seed, 0 to ``MAX_SEED``."""

Delay = Annotated[
    float,
    AfterValidator(_in_range),
    Field(
        description="seconds per computer action",
        json_schema_extra={"minimum": 0, "maximum": MAX_DELAY},
    ),
]
"""Seconds between the actions of computer players, from 0 to ``MAX_DELAY``."""

router = APIRouter(prefix="/api")
SeatToken = Annotated[str | None, Query(max_length=64, description="the seat's secret token")]


class NewGame(BaseModel):
    """A game to create: the ruleset, its setup options, the seed and who plays each side
    (by side name: human, ai or random; a side not named is played by the ai)."""

    ruleset: str = Field(max_length=64, examples=["strange-aeons-intro"])
    seed: Seed = 0
    players: dict[str, str] = Field(default_factory=dict, examples=[{"Threshold": "human"}])
    setup: dict[str, Any] = Field(default_factory=dict)
    hotseat: bool = False
    delay: Delay | None = None


class Created(BaseModel):
    """A new game: its id, each human side's seat token by side name, the hot-seat token,
    and the game itself when it is open to all."""

    id: str
    seats: dict[str, str]
    hotseat: str | None
    game: dict[str, Any] | None


class Move(BaseModel):
    """An action for the seat to play, as the log writes actions (``move T1 12.5,4``); with
    ``after``, refused (409) unless the game still has that many actions, so a request sent
    twice is played once."""

    seat: str | None = Field(None, max_length=64)
    action: str = Field(max_length=MAX_ACTION, examples=["move T1 12.5,4"])
    after: int | None = Field(
        None, ge=0, description="the game's number of actions when this one was chosen"
    )


class SeatOnly(BaseModel):
    seat: str | None = Field(None, max_length=64)


class Watch(BaseModel):
    seat: str | None = Field(None, max_length=64)
    paused: bool = False
    delay: Delay | None = None
    """None keeps the game's pace."""


def read_delay(text: str) -> float:
    """A delay typed in a form, from 0 to ``MAX_DELAY`` seconds.

    Raises:
        SkirmishError: it is no such number (:data:`DELAY_RANGE`).
    """
    try:
        return _in_range(float(text))
    except ValueError:
        raise SkirmishError(DELAY_RANGE) from None


def parse_action(text: str) -> Action:
    """An action sent over the web (:meth:`Action.parse`), its point within ``FAR``.

    Raises:
        InvalidActionError: the text is no action, or its point is beyond ``FAR``.
    """
    action = Action.parse(text)
    if action.point is not None and max(abs(c) for c in action.point) > FAR:
        x, y = action.point
        raise InvalidActionError(
            f"a point is within {FAR:g} inches of the table's corner, not {x:.4g},{y:.4g}"
        )
    return action


def lobby_of(request: Request) -> Lobby:
    lobby: Lobby = request.app.state.lobby
    return lobby


async def _seated(request: Request, game_id: str, seat: str | None) -> tuple[Room, Viewer]:
    room = await lobby_of(request).room(game_id)
    return room, room.viewer(seat)


async def _screened(request: Request, game_id: str, seat: str | None) -> tuple[Room, Viewer]:
    """The room and viewer of a request for what a hot-seat screen hides until passed on."""
    room = await lobby_of(request).room(game_id)
    return room, room.screened_viewer(seat)


@router.get("/rulesets")
def rulesets() -> list[dict[str, Any]]:
    """Every ruleset: the sides of its default setup and which of them the rules play (a
    setup may choose others), its setup options and named choices."""
    out = []
    for rid in registered_ids():
        rs = find_registered(rid)
        sides = rs.default_sides()
        out.append(
            {
                "id": rs.id,
                "title": rs.title,
                "sides": list(sides.names),
                "automata": sorted(sides.automata),
                "hidden_information": rs.hidden_information,
                "setup_keys": list(rs.setup_keys),
                "choices": {k: list(v) for k, v in rs.setup_choices().items()},
                "lists": rs.setup_lists(),
            }
        )
    return out


@router.post("/games", status_code=201)
async def create_game(request: Request, new: NewGame) -> Created:
    """Create a game; the answer holds each human seat's secret token."""
    game = await asyncio.to_thread(start_game, new.ruleset, new.setup, new.seed)
    lobby = lobby_of(request)
    made = await asyncio.to_thread(lobby.create, game, new.players, new.hotseat, new.delay)
    room = made.room
    await room.answer()
    data = game_data(room, room.viewer(None)) if room.open_to_all else None
    return Created(id=room.id, seats=made.seats, hotseat=made.hotseat, game=data)


@router.get("/games")
def games(request: Request) -> list[dict[str, Any]]:
    """The latest games, newest first."""
    return [
        {"id": i, "ruleset": r, "status": s, "moves": n, "updated": u.isoformat()}
        for i, r, s, n, u in lobby_of(request).store.games()
    ]


@router.get("/games/{game_id}")
async def game(request: Request, game_id: str, seat: SeatToken = None) -> dict[str, Any]:
    """The game as the seat sees it: status, decision, piles and models."""
    room, viewer = await _seated(request, game_id, seat)
    return game_data(room, viewer)


@router.post("/games/{game_id}/actions")
async def act(request: Request, game_id: str, move: Move) -> dict[str, Any]:
    """Play an action for the seat; computer players answer before the reply unless the game
    has a delay. The reply holds the log lines the action caused, as the seat reads them."""
    room, viewer = await _seated(request, game_id, move.seat)
    events = await room.act(viewer, parse_action(move.action), move.after)
    seen = room.seen(viewer)
    side = viewer.side
    lines = [seen.describe(e if side is None else e.seen_by(side)) for e in events]
    return {"events": lines, "game": game_data(room, viewer)}


@router.post("/games/{game_id}/takeback")
async def take_back(request: Request, game_id: str, body: SeatOnly) -> dict[str, Any]:
    """Take back the seat's last action (and the computer's answers to it), while no die was
    rolled, no card moved or shown and no sealed answer given since."""
    room, viewer = await _seated(request, game_id, body.seat)
    undone = await room.take_back(viewer)
    return {"undone": undone, "game": game_data(room, room.viewer(body.seat))}


@router.post("/games/{game_id}/watch")
async def watch(request: Request, game_id: str, body: Watch) -> dict[str, Any]:
    """Pause the computer players or let them go on, with seconds between their actions."""
    room, viewer = await _seated(request, game_id, body.seat)
    await room.watch(viewer, body.paused, body.delay)
    return game_data(room, viewer)


@router.post("/games/{game_id}/ready")
async def ready(request: Request, game_id: str, body: SeatOnly) -> dict[str, Any]:
    """At a hot-seat screen: the player to decide has the screen."""
    room, viewer = await _seated(request, game_id, body.seat)
    await room.ready(viewer)
    return game_data(room, room.viewer(body.seat))


@router.get("/games/{game_id}/record")
async def record(request: Request, game_id: str) -> dict[str, Any]:
    """Setup, seed and actions, to replay the game (``skirmish replay``): only while the
    record holds no secret of a human (see ``Room.open_to_all``)."""
    room, _ = await _seated(request, game_id, None)
    return room.game.record()


@router.get("/games/{game_id}/log")
async def log(request: Request, game_id: str, seat: SeatToken = None) -> list[str]:
    """The log as the seat may read it, a line per event with its rule."""
    room, viewer = await _screened(request, game_id, seat)
    return log_lines(room.seen(viewer))


@router.get("/games/{game_id}/models/{model_id}")
async def model_card(
    request: Request, game_id: str, model_id: str, seat: SeatToken = None
) -> dict[str, Any]:
    """A model's card: its profile and equipment, and how it stands."""
    room, viewer = await _screened(request, game_id, seat)
    seen = room.seen(viewer)
    rows = card_rows(seen, game_id, model_id)
    (state,) = (m for m in model_data(seen) if m["id"] == model_id)
    return {**state, "card": [list(r) for r in rows]}


@router.get("/games/{game_id}/reach")
async def reach(
    request: Request, game_id: str, model: Annotated[str, Query(max_length=32)], seat: SeatToken
) -> dict[str, Any]:
    """Where ``model`` may go: the points of the seat's pending point choice naming it that
    the engine accepts, and the outline of the farthest."""
    room, viewer = await _seated(request, game_id, seat)
    found = await asyncio.to_thread(reach_for, room, viewer, model)
    if found is None:
        raise SkirmishError(f"no point choice of yours names {model!r} now")
    return {
        "action": found.spec.to_text(),
        "points": [list(p) for p in found.points],
        "outline": [list(p) for p in found.outline],
    }


@router.get("/games/{game_id}/board.svg")
async def board(
    request: Request,
    game_id: str,
    seat: SeatToken = None,
    select: Annotated[str | None, Query(max_length=32)] = None,
    step: Annotated[int | None, Query(ge=0)] = None,
) -> Response:
    """The table as the seat sees it, ``select`` ringed with its sight lines and reach; at
    ``step``, the table after that many actions (a replay)."""
    room, viewer = await _screened(request, game_id, seat)
    if step is None:
        svg = await asyncio.to_thread(board_for, room, viewer, select)
    else:
        svg = await asyncio.to_thread(_board_at, room, viewer, step)
    return Response(svg, media_type="image/svg+xml")


def _board_at(room: Room, viewer: Viewer, step: int) -> str:
    stored = room.store.game(room.id)
    assert stored is not None
    past = replay(stored.record(step))
    return board_for(room, viewer, None, past)


@router.websocket("/games/{game_id}/ws")
async def stream(socket: WebSocket, game_id: str, seat: str | None = None) -> None:
    """The game as the seat sees it, pushed after every change: ``{"type": "state", ...}``
    with the board, panel and log drawn for this seat. The page sends ``{"select": id}`` to
    ring a model and see its sight lines and reach. A socket that may not open is closed
    with 4404 (no such game) or 4403 (no such seat), one that sends a frame that is not JSON
    text with 1003; the reason says why."""
    lobby: Lobby = socket.app.state.lobby
    await socket.accept()
    try:
        room = await lobby.room(game_id)
        room.viewer(seat)
    except SkirmishError as exc:
        code = 4404 if isinstance(exc, NotFoundError) else 4403
        await socket.close(code=code, reason=str(exc)[:120])
        return
    flag = room.listen()
    chosen: dict[str, str | None] = {"select": None}
    sender = asyncio.create_task(_send(socket, room, seat, flag, chosen))
    try:
        while True:
            received = await socket.receive()
            if received["type"] == "websocket.disconnect":
                break
            message = _frame(received.get("text"))
            if isinstance(message, dict) and "select" in message:
                pick = message["select"]
                chosen["select"] = pick if isinstance(pick, str) and len(pick) <= 32 else None
                flag.set()
    except WebSocketDisconnect:
        pass
    except ValueError as exc:
        await socket.close(code=UNREADABLE, reason=str(exc))
    finally:
        room.leave(flag)
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await sender


def _frame(text: str | None) -> Any:
    """The JSON a page sent in a text frame.

    Raises:
        ValueError: a binary frame, or text that is not JSON (or nested too deep to read).
    """
    if text is None:
        raise ValueError("a frame is JSON text, not binary")
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise ValueError("a frame is JSON text: this one is not") from None


async def _send(
    socket: WebSocket, room: Room, seat: str | None, flag: asyncio.Event, chosen: dict[str, Any]
) -> None:
    last: dict[str, Any] | None = None
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while True:
            await flag.wait()
            flag.clear()
            message = await asyncio.to_thread(pushed, room, seat, chosen["select"])
            # A state the page already shows is not sent again: redrawing it would undo the
            # point choice ticked on the panel, and could swallow a click under way.
            if message != last:
                await socket.send_json(message)
                last = message
