"""What one seat's screen is drawn from: the board with the seat's selection, a model's card,
the reach of a model, and the whole message the WebSocket pushes after every change. Each is
computed from the seat's own view of the game, so nothing the seat may not know is drawn.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from skirmish.engine.game import Game
from skirmish.errors import NotFoundError, quoted
from skirmish.web import html
from skirmish.web.board import board_svg
from skirmish.web.reach import Reach, reach, spec_of
from skirmish.web.room import Room, Viewer, game_status, viewed

REACHES = 64
"""How many reaches are kept: a reach asks the engine about hundreds of points."""
_reaches: OrderedDict[tuple[Any, ...], Reach | None] = OrderedDict()


def reach_for(room: Room, viewer: Viewer, model_id: str) -> Reach | None:
    """Where ``model_id`` may go for the viewer's pending point choice, or ``None`` when no
    point choice of the viewer's names it."""
    seen = room.seen(viewer)
    decision = seen.decision
    if room.passing(viewer) or decision is None or decision.player not in viewer.sides:
        return None
    if model_id not in seen.index:  # a choice's argument that names no model
        return None
    spec = spec_of(seen, model_id)
    if spec is None:
        return None
    last = seen.actions[-1].to_text() if seen.actions else ""
    key = (room.id, len(seen.log), last, viewer.side, model_id, spec)
    if key not in _reaches:
        _reaches[key] = reach(seen, spec, model_id)
        while len(_reaches) > REACHES:
            _reaches.popitem(last=False)
    return _reaches[key]


def board_for(
    room: Room, viewer: Viewer, select: str | None, past: Game[Any, Any] | None = None
) -> str:
    """The table as the viewer sees it now (or ``past``, a replayed earlier state), with
    ``select`` ringed, its sight lines and, now, its reach."""
    if past is not None:
        seen = viewed(past, viewer)
        return board_svg(seen, select)
    found = reach_for(room, viewer, select) if select else None
    return board_svg(room.seen(viewer), select, found)


def card_rows(seen: Game[Any, Any], game_id: str, model_id: str) -> tuple[tuple[str, str], ...]:
    """A model's card as (heading, text) rows, from the ruleset.

    Raises:
        NotFoundError: game ``game_id`` has no such model.
    """
    if model_id not in seen.index:
        raise NotFoundError(f"no model {quoted(model_id)} in game {game_id}")
    return seen.ruleset.model_card(seen, seen.model(model_id))


def pushed(room: Room, seat: str | None, select: str | None) -> dict[str, Any]:
    """The message a seat's WebSocket gets after a change: the board, the decision panel and
    the log drawn for it, or a pass screen at a hot-seat table."""
    viewer = room.viewer(seat)
    seen = room.seen(viewer)
    message: dict[str, Any] = {
        "type": "state",
        "moves": len(seen.actions),
        "status": game_status(seen),
        "over": seen.is_over,
        "panel": html.panel(room, viewer, seat),
    }
    if room.passing(viewer):
        message.update(board="", log="", passing=True)
        return message
    message.update(
        board=board_for(room, viewer, select),
        log=html.log(seen, html.log_link(room.id, seat)),
        passing=False,
    )
    return message
