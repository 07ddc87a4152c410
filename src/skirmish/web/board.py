"""The table as a page shows it: the SVG drawing of ``skirmish.svg`` with what play needs laid
over it, all from the engine's hooks: who is engaged with whom (``Ruleset.engaged``), and for
the selected model its ring, its line of sight and cover to each enemy
(``Ruleset.sight_report``) and where it may go (``skirmish.web.reach``); and the stretches of
table the ruleset shades now (``Ruleset.areas``: deployment zones while they are chosen).

The root element carries the table's height in inches (``data-height``), so a click can be
turned back into table coordinates (y grows north on the table, south in the drawing).
"""

from __future__ import annotations

from html import escape
from typing import Any

from skirmish.engine.game import Game
from skirmish.engine.model import Model
from skirmish.engine.ruleset import SightReport
from skirmish.geometry.board import Board
from skirmish.geometry.shapes import Point
from skirmish.legend import on_table
from skirmish.svg import flip, note_label, points_attr, render_svg
from skirmish.web.reach import Reach

SIGHT_COLOUR = "#1b7f3b"
BLOCKED_COLOUR = "#888"
ENGAGED_COLOUR = "#e01b1b"
SELECTED_COLOUR = "#ffd400"
REACH_COLOUR = "#1f5fbf"
AREA_COLOUR = "#7a3fbf"


def board_svg(game: Game[Any, Any], selected: str | None = None, reach: Reach | None = None) -> str:
    """The drawing of ``game`` (a player's view or the whole game), ``selected`` ringed with
    its sight lines, and ``reach`` (the selected model's accepted points) shaded."""
    chosen = _model(game, selected)
    sights = [] if chosen is None else _sights(game, chosen)
    notes = [
        note_label(game.board, enemy, (report.cover,), "cover")
        for enemy, report in sights
        if report.visible and report.cover
    ]
    drawing = render_svg(game.board, game, game.ruleset.title, notes)
    layers = [*_areas(game), *_engagements(game)]
    if reach is not None:
        layers.extend(_reach(game.board, reach))
    if chosen is not None:
        layers.extend(_sight_line(game.board, chosen, enemy, r.visible) for enemy, r in sights)
        x, y = flip(game.board, chosen.pos)
        layers.append(
            f'<circle class="selected" cx="{x:.3f}" cy="{y:.3f}" r="{chosen.radius + 0.18:.3f}" '
            f'fill="none" stroke="{SELECTED_COLOUR}" stroke-width="0.12"/>'
        )
    head = f'<svg data-height="{game.board.height:g}" data-width="{game.board.width:g}" '
    body = drawing.replace("<svg ", head, 1)
    end = body.rindex("</svg>")
    overlay = f'<g class="overlay" pointer-events="none">{"".join(layers)}</g>'
    return body[:end] + overlay + body[end:]


def _model(game: Game[Any, Any], model_id: str | None) -> Model | None:
    if model_id is None or model_id not in game.index:
        return None
    m = game.model(model_id)
    return m if m.on_table else None


def _line(board: Board, a: Point, b: Point, colour: str, css: str, dashed: bool) -> str:
    (x1, y1), (x2, y2) = flip(board, a), flip(board, b)
    dash = ' stroke-dasharray="0.3 0.2"' if dashed else ""
    return (
        f'<line class="{css}" x1="{x1:.3f}" y1="{y1:.3f}" x2="{x2:.3f}" y2="{y2:.3f}" '
        f'stroke="{colour}" stroke-width="0.08"{dash}/>'
    )


def _areas(game: Game[Any, Any]) -> list[str]:
    """Each area the ruleset shades, outlined, with its label in the middle."""
    out = []
    for area in game.ruleset.areas(game):
        corners = [flip(game.board, p) for p in area.polygon]
        points = points_attr(game.board, area.polygon)
        x = sum(c[0] for c in corners) / len(corners)
        y = sum(c[1] for c in corners) / len(corners)
        out.append(
            f'<g class="area {escape(area.kind)}" data-label="{escape(area.label)}">'
            f'<polygon points="{points}" fill="{AREA_COLOUR}" fill-opacity="0.1" '
            f'stroke="{AREA_COLOUR}" stroke-width="0.1" stroke-dasharray="0.4 0.2"/>'
            f'<text x="{x:.3f}" y="{y:.3f}" font-size="0.8" text-anchor="middle" '
            f'fill="{AREA_COLOUR}" fill-opacity="0.8" font-weight="bold">{escape(area.label)}'
            "</text></g>"
        )
    return out


def _engagements(game: Game[Any, Any]) -> list[str]:
    seen: set[frozenset[str]] = set()
    out = []
    for m in on_table(game):
        for other in game.ruleset.engaged(game, m):
            pair = frozenset((m.id, other))
            if pair not in seen:
                seen.add(pair)
                out.append(
                    _line(
                        game.board, m.pos, game.model(other).pos, ENGAGED_COLOUR, "engaged", False
                    )
                )
    return out


def _sights(game: Game[Any, Any], viewer: Model) -> list[tuple[Model, SightReport]]:
    """Each enemy on the table and how ``viewer`` sees it."""
    return [
        (enemy, game.ruleset.sight_report(game, viewer, enemy))
        for enemy in on_table(game)
        if enemy.side != viewer.side
    ]


def _sight_line(board: Board, viewer: Model, enemy: Model, visible: bool) -> str:
    """Solid green to an enemy in sight, dashed grey to one out of it; the cover an enemy in
    sight has is a label by it, set among the drawing's other labels (``note_label``)."""
    colour = SIGHT_COLOUR if visible else BLOCKED_COLOUR
    css = f"sight {'visible' if visible else 'hidden'}"
    return _line(board, viewer.pos, enemy.pos, colour, css, not visible)


def _reach(board: Board, reach: Reach) -> list[str]:
    out = []
    if len(reach.outline) > 2:
        points = points_attr(board, reach.outline)
        out.append(
            f'<polygon class="reach" points="{points}" fill="{REACH_COLOUR}" fill-opacity="0.12" '
            f'stroke="{REACH_COLOUR}" stroke-width="0.05"/>'
        )
    for p in reach.points:
        x, y = flip(board, p)
        # The point itself, as the page sends it when the dot is clicked.
        out.append(
            f'<circle class="reach-point" data-at="{p[0]:.2f},{p[1]:.2f}" cx="{x:.3f}" '
            f'cy="{y:.3f}" r="0.09" fill="{REACH_COLOUR}" fill-opacity="0.5"/>'
        )
    return out
