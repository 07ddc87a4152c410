"""The pages: the new-game form and the stored games, a new game's seat links, the board
page of a seat (kept up to date over the WebSocket by ``static/board.js``), a model's card
and the replay of a stored game. Forms post to small routes that answer with a notice for
the page (htmx swaps it in); what changed reaches every screen over the WebSocket.
"""

from __future__ import annotations

import asyncio
import re
import tempfile
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.datastructures import FormData, UploadFile

from skirmish.dice import read_seed
from skirmish.engine.game import Game
from skirmish.engine.registry import find_registered, registered_ids
from skirmish.engine.restore import replay
from skirmish.engine.ruleset import Ruleset, setup_value
from skirmish.errors import SkirmishError, quoted
from skirmish.files import write_text
from skirmish.web import html
from skirmish.web.api import MAX_ACTION, lobby_of, parse_action, read_delay
from skirmish.web.lobby import PLAYER_KINDS, Created, Lobby, start_game
from skirmish.web.room import HUMAN, Room, game_status, viewed
from skirmish.web.seat import board_for, card_rows, pushed

MAX_UPLOAD = 256 * 1024
"""The largest squad, list or board file a page may upload."""
SUFFIX = re.compile(r"\.[A-Za-z0-9]{1,8}$")

router = APIRouter(include_in_schema=False)


def _page(name: str, code: int = 200, **context: Any) -> HTMLResponse:
    return HTMLResponse(html.render(name, **context), code)


def _notice(message: str = "", kind: str = "done") -> HTMLResponse:
    return _page("notice.html", message=message, kind=kind)


def _form_context(
    chosen: Ruleset[Any, Any], kept: dict[str, list[str]] | None = None
) -> dict[str, Any]:
    """The new-game form of ``chosen``: a player for each side of its default setup (a setup
    of more sides plays those the form does not name by the AI), a choice per place of a
    setup list; filled in with the values ``kept`` of a form refused, by field."""
    return {
        "chosen": chosen,
        "sides": chosen.default_sides(),
        "choices": chosen.setup_choices(),
        "lists": chosen.setup_lists(),
        "kinds": PLAYER_KINDS,
        "kept": kept or {},
    }


def _kept(form: FormData) -> dict[str, list[str]]:
    """The texts of a form by field, in order (a browser never lets a page refill a file)."""
    kept: dict[str, list[str]] = {}
    for key, value in form.multi_items():
        if isinstance(value, str):
            kept.setdefault(key, []).append(value)
    return kept


def _index(
    request: Request, error: str = "", ruleset: str | None = None, form: FormData | None = None
) -> HTMLResponse:
    ids = registered_ids()
    shown = [find_registered(i) for i in ids]
    chosen = find_registered(ruleset) if ruleset in ids else shown[0]
    return _page(
        "index.html",
        422 if error else 200,
        rulesets=shown,
        games=lobby_of(request).store.games(),
        error=error,
        **_form_context(chosen, None if form is None else _kept(form)),
    )


@router.get("/")
def index(request: Request) -> HTMLResponse:
    return _index(request)


@router.get("/new/fields")
def fields(ruleset: str) -> HTMLResponse:
    return _page("fields.html", **_form_context(find_registered(ruleset)))


@router.post("/games")
async def create(request: Request) -> Response:
    form = await request.form()
    chosen = form.get("ruleset")
    try:
        made = await _create(lobby_of(request), form)
    except SkirmishError as exc:
        return _index(request, str(exc), chosen if isinstance(chosen, str) else None, form)
    room = made.room
    await room.answer()
    if not made.seats:
        return RedirectResponse(f"/games/{room.id}", 303)
    title = room.game.ruleset.title
    return _page("created.html", room=room, title=title, seats=made.seats, hotseat=made.hotseat)


async def _create(lobby: Lobby, form: FormData) -> Created:
    """A game from the new-game form; uploads are written to a folder removed afterwards
    (the ruleset embeds what it reads in the setup). The players are read for the sides the
    setup made, by their place on the form."""
    ruleset = find_registered(_field(form, "ruleset"))
    seed = _seed(_field(form, "seed"))
    with tempfile.TemporaryDirectory(prefix="skirmish-upload-") as folder:
        uploads = {}
        for key in ruleset.setup_keys:
            path = await _upload(form, key, Path(folder))
            if path is not None:
                uploads[key] = path
        setup = {
            key: setup_value(key, text)
            for key in ruleset.setup_keys
            if key not in uploads and (text := _setup_text(form, key))
        }
        try:
            game = await asyncio.to_thread(start_game, ruleset.id, setup, seed, uploads)
        except SkirmishError as exc:
            raise SkirmishError(_as_uploaded(str(exc), folder, form)) from None
    sides, taking = game.sides, game.ruleset.taking_part(game.setup)
    # The form offers a player for each side of the default setup: a side this setup leaves
    # out keeps the form's choice unread, unless it was given a human seat that would wait.
    players = {
        sides.names[s]: kind
        for s in sides.players
        if (kind := _field(form, f"player_{s}")) and (s in taking or kind == HUMAN)
    }
    return await asyncio.to_thread(lobby.create, game, players, form.get("hotseat") == "yes")


def _texts(form: FormData, key: str) -> list[str]:
    """The texts the form gives field ``key``, in order.

    Raises:
        SkirmishError: a file was sent for it.
    """
    texts = []
    for value in form.getlist(key):
        if not isinstance(value, str):
            raise SkirmishError(
                f"{key} is a field of text, not a file ({quoted(value.filename or '')})"
            )
        texts.append(value)
    return texts


def _field(form: FormData, key: str) -> str:
    """The text of field ``key`` (its last, as the form reads it), or "" when it is left out.

    Raises:
        SkirmishError: a file was sent for it.
    """
    texts = _texts(form, key)
    return texts[-1] if texts else ""


def _seed(text: str) -> int:
    """The seed written on the form (0 when left empty), read as the command line reads one.

    Raises:
        SkirmishError: no whole number, or one out of range (:func:`.read_seed`).
    """
    return read_seed(text.strip() or "0")


def _setup_text(form: FormData, key: str) -> str:
    """A setup option's text on the form: a list's places chosen (a choice per place, the
    empty ones left out) comma-separated, as a command line writes a list."""
    texts = (text.strip() for text in _texts(form, f"setup_{key}"))
    return ",".join(text for text in texts if text)


def _as_uploaded(message: str, folder: str, form: FormData) -> str:
    """A refusal of the setup that names the files by the names they were uploaded with,
    never by the server's folder they were written to."""
    for key, upload in form.multi_items():
        if key.startswith("upload_") and isinstance(upload, UploadFile) and upload.filename:
            written = Path(folder) / _saved_name(key.removeprefix("upload_"), upload.filename)
            message = message.replace(str(written), upload.filename)
    return message.replace(folder, "the upload")


async def _upload(form: FormData, key: str, folder: Path) -> str | None:
    """The path of the file uploaded for setup option ``key``, written into ``folder``."""
    upload = form.get(f"upload_{key}")
    if isinstance(upload, UploadFile) and upload.filename:
        data = await upload.read(MAX_UPLOAD + 1)
        if len(data) > MAX_UPLOAD:
            raise SkirmishError(f"{key}: {upload.filename} is over {MAX_UPLOAD // 1024} KB")
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise SkirmishError(f"{key}: {upload.filename} is not UTF-8 text") from None
        path = folder / _saved_name(key, upload.filename)
        write_text(path, text)
        return str(path)
    return None


def _saved_name(key: str, filename: str) -> str:
    """The name the server writes the upload for setup option ``key`` under: the option,
    with the uploaded file's suffix, which tells the ruleset its format."""
    suffix = SUFFIX.search(filename)
    return f"{key}{suffix.group(0) if suffix else ''}"


async def _room(request: Request, game_id: str) -> Room:
    return await lobby_of(request).room(game_id)


@router.get("/games/{game_id}")
async def board_page(request: Request, game_id: str, seat: str | None = None) -> HTMLResponse:
    room = await _room(request, game_id)
    first = pushed(room, seat, None)
    viewer = room.viewer(seat)
    return _page(
        "game.html",
        room=room,
        seat=seat or "",
        side=_seat_name(room, viewer.side, viewer.hotseat),
        title=room.game.ruleset.title,
        status=first["status"],
        board=first["board"],
        panel=first["panel"],
        log=first["log"],
    )


def _seat_name(room: Room, side: int | None, hotseat: bool) -> str:
    if hotseat:
        return "hot-seat"
    return "" if side is None else room.game.sides.names[side]


@router.post("/games/{game_id}/act")
async def act(
    request: Request,
    game_id: str,
    action: Annotated[str, Form(max_length=MAX_ACTION)],
    seat: Annotated[str, Form(max_length=64)] = "",
    after: Annotated[int | None, Form(ge=0)] = None,
) -> HTMLResponse:
    room = await _room(request, game_id)
    try:
        await room.act(room.viewer(seat), parse_action(action), after)
    except SkirmishError as exc:
        return _notice(str(exc), "refused")
    return _notice()


@router.post("/games/{game_id}/takeback")
async def take_back(
    request: Request, game_id: str, seat: Annotated[str, Form(max_length=64)] = ""
) -> HTMLResponse:
    room = await _room(request, game_id)
    try:
        undone = await room.take_back(room.viewer(seat))
    except SkirmishError as exc:
        return _notice(str(exc), "refused")
    return _notice(f"Taken back: {undone} action{'s' if undone != 1 else ''}.")


@router.post("/games/{game_id}/watch")
async def watch(
    request: Request,
    game_id: str,
    seat: Annotated[str, Form(max_length=64)] = "",
    paused: Annotated[str, Form(max_length=8)] = "",
    delay: Annotated[str, Form(max_length=32)] = "",
) -> HTMLResponse:
    room = await _room(request, game_id)
    try:
        pace = read_delay(delay) if delay else None
        await room.watch(room.viewer(seat), paused == "yes", pace)
    except SkirmishError as exc:
        return _notice(str(exc), "refused")
    return _notice(_pace(room))


def _pace(room: Room) -> str:
    """What the watch controls now do: nothing once the game is over (without a delay the
    computers may have played it to its end before this answer)."""
    if room.game.is_over:
        return "The game is over."
    return "Paused." if room.paused else f"Playing, {room.delay:g} s per computer action."


@router.post("/games/{game_id}/ready")
async def ready(
    request: Request, game_id: str, seat: Annotated[str, Form(max_length=64)] = ""
) -> HTMLResponse:
    room = await _room(request, game_id)
    try:
        await room.ready(room.viewer(seat))
    except SkirmishError as exc:
        return _notice(str(exc), "refused")
    return _notice()


@router.get("/games/{game_id}/card/{model_id}")
async def card(
    request: Request, game_id: str, model_id: str, seat: str | None = None
) -> HTMLResponse:
    room = await _room(request, game_id)
    viewer = room.screened_viewer(seat)
    seen = room.seen(viewer)
    return _page("card.html", model_id=model_id, rows=card_rows(seen, game_id, model_id))


async def _replayed(room: Room, step: int | None) -> tuple[int, int, Game[Any, Any]]:
    """How many actions the stored game has, the step asked for (the last when None, kept
    within the game) and the game replayed to it."""
    stored = room.store.game(room.id)
    assert stored is not None
    total = len(stored.moves)
    at = total if step is None else max(0, min(step, total))
    return total, at, await asyncio.to_thread(replay, stored.record(at))


@router.get("/games/{game_id}/replay")
async def replay_page(
    request: Request, game_id: str, seat: str | None = None, step: int | None = None
) -> HTMLResponse:
    room = await _room(request, game_id)
    viewer = room.screened_viewer(seat)
    total, at, past = await _replayed(room, step)
    seen = viewed(past, viewer)
    return _page(
        "replay.html",
        room=room,
        seat=seat or "",
        seat_query=f"&seat={seat}" if seat else "",
        title=past.ruleset.title,
        step=at,
        total=total,
        action=seen.actions[at - 1].to_text() if at else "",
        status=game_status(seen),
        board=board_for(room, viewer, None, past),
        log=html.log(seen, html.log_link(room.id, seat, at)),
    )


@router.get("/games/{game_id}/log")
async def whole_log(
    request: Request, game_id: str, seat: str | None = None, step: int | None = None
) -> HTMLResponse:
    """The whole log as the seat reads it, now or after action ``step`` of a replay."""
    room = await _room(request, game_id)
    viewer = room.screened_viewer(seat)
    if step is None:
        seen = room.seen(viewer)
        back = html.address(f"/games/{room.id}", seat=seat)
    else:
        _, step, past = await _replayed(room, step)
        seen = viewed(past, viewer)
        back = html.address(f"/games/{room.id}/replay", step=step, seat=seat)
    return _page(
        "whole_log.html",
        room=room,
        title=seen.ruleset.title,
        step=step,
        back=back,
        log=html.log(seen, None),
    )
