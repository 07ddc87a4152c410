"""The pages' HTML, from the Jinja templates beside this module (escaped by default)."""

from __future__ import annotations

from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape

from skirmish.engine.game import Game
from skirmish.web.room import Room, Viewer, game_status
from skirmish.web.screen import decision_data, log_lines, pile_lines

LOG_LINES = 400
"""The latest lines of the log a page shows; the whole log is in the API and the record."""

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


def log(seen: Game[Any, Any]) -> str:
    """The log's latest lines, each citing its rule."""
    return render("log.html", lines=log_lines(seen)[-LOG_LINES:])
