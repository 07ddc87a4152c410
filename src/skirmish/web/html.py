"""The pages' HTML, from the Jinja templates beside this module (escaped by default)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from jinja2 import Environment, PackageLoader, select_autoescape

from skirmish.engine.game import Game
from skirmish.web.room import Room, Viewer, game_status
from skirmish.web.screen import decision_data, log_lines, pile_lines

LOG_LINES = 400
"""The latest lines of the log a page shows; the whole log has a page of its own
(:func:`log_link`), and is in the API and the record."""

templates = Environment(
    loader=PackageLoader("skirmish.web", "templates"),
    autoescape=select_autoescape(("html",)),
    trim_blocks=True,
    lstrip_blocks=True,
)


def render(name: str, **context: Any) -> str:
    """A template filled in."""
    return templates.get_template(name).render(**context)


def panel(room: Room, viewer: Viewer, seat: str | None) -> str:
    """The decision panel: the pass screen at a hot-seat table, else the status, the decision
    (option buttons with their odds, point choices to click on the table), the piles of
    cards, and the take-back and watch controls."""
    seen = room.seen(viewer)
    passing = room.passing(viewer)
    return render(
        "panel.html",
        room=room,
        seat=seat or "",
        viewer=viewer,
        side=None if viewer.side is None else seen.sides.names[viewer.side],
        status=game_status(seen),
        passing=passing,
        decision=None if passing else decision_data(seen, viewer),
        piles=[] if passing else pile_lines(seen),
        computers=room.computers and not seen.is_over,
    )


def log(seen: Game[Any, Any], whole: str | None) -> str:
    """The log, a line per event citing its rule, each numbered from the game's first: its
    latest :data:`LOG_LINES` with, when earlier ones are cut, a link to ``whole``, the page
    of the whole log; or, on that page (``whole`` None), every line."""
    lines = log_lines(seen)
    start = 0 if whole is None else max(0, len(lines) - LOG_LINES)
    return render("log.html", lines=lines[start:], start=start + 1, cut=start, whole=whole)


def log_link(game_id: str, seat: str | None, step: int | None = None) -> str:
    """The address of the page of a game's whole log as the seat reads it (after action
    ``step`` of a replay)."""
    return address(f"/games/{game_id}/log", seat=seat, step=step)


def address(path: str, **query: str | int | None) -> str:
    """``path`` with a query of the values given, those empty or ``None`` left out."""
    shown = urlencode({k: v for k, v in query.items() if v is not None and v != ""})
    return path + (f"?{shown}" if shown else "")
