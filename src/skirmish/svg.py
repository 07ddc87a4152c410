"""Draw a board, its terrain and the models on it as SVG (one unit = one inch)."""

from __future__ import annotations

from html import escape

from skirmish.engine.game import Game
from skirmish.engine.ruleset import Marker
from skirmish.geometry.board import Board

FILL = {
    "open": "#d8e8c0",
    "rough": "#b59b6b",
    "impassable": "#6b6b6b",
    "climbable": "#8a6f5a",
}
SIDE_COLOURS = ("#1f5fbf", "#b3261e")
MARKER_COLOURS = {"loot": "#e0b01f", "weapon": "#8c8c8c"}
MARKER_COLOUR = "#7a3fbf"  # any other kind of marker
MARKER_SIZE = 0.5
MARGIN = 0.5


def render_svg(board: Board, game: Game | None = None, title: str = "") -> str:
    """The board (and the models of ``game`` still on the table) as an SVG document.

    North (y = height) is at the top. Terrain is shaded by movement kind and labelled with
    its height; ladders are drawn from foot to top; each model is a circle of its base size
    in its side's colour, labelled with its id. Markers the ruleset reports (loot, dropped
    weapons, objectives) are small diamonds coloured by kind, under the models.
    """
    w, h = board.width, board.height
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{-MARGIN} {-MARGIN} '
        f'{w + 2 * MARGIN:g} {h + 2 * MARGIN:g}" width="{(w + 2 * MARGIN) * 20:g}" '
        f'height="{(h + 2 * MARGIN) * 20:g}" font-family="sans-serif">',
        f"<title>{escape(title or board.name)}</title>",
        f'<g transform="translate(0 {h:g}) scale(1 -1)">',
        f'<rect x="0" y="0" width="{w:g}" height="{h:g}" fill="#eef3e2" stroke="#333" '
        'stroke-width="0.05"/>',
    ]
    for piece in board.terrain:
        points = " ".join(f"{x:g},{y:g}" for x, y in piece.polygon)
        out.append(
            f'<polygon class="terrain {piece.movement}" data-id="{escape(piece.id)}" '
            f'points="{points}" fill="{FILL.get(str(piece.movement), "#999")}" '
            'stroke="#333" stroke-width="0.04" fill-opacity="0.85"/>'
        )
    for ladder in board.ladders:
        (x1, y1), (x2, y2) = ladder.foot, ladder.top
        out.append(
            f'<line class="ladder" x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" '
            'stroke="#402a10" stroke-width="0.15" stroke-dasharray="0.1 0.08"/>'
        )
    markers = game.ruleset.markers(game) if game is not None else ()
    for marker in markers:
        out.append(_marker(marker))
    if game is not None:
        for m in game.models:
            if not m.on_table:
                continue
            colour = SIDE_COLOURS[m.side % 2]
            out.append(
                f'<circle class="model side{m.side}" data-id="{escape(m.id)}" cx="{m.x:.3f}" '
                f'cy="{m.y:.3f}" r="{m.radius:.3f}" fill="{colour}" stroke="#000" '
                f'stroke-width="0.04"/>'
            )
    out.append("</g>")
    for piece in board.terrain:
        cx = sum(x for x, _ in piece.polygon) / len(piece.polygon)
        cy = sum(y for _, y in piece.polygon) / len(piece.polygon)
        out.append(_label(cx, h - cy, f'{piece.name} {piece.height:g}"', 0.45, "#222"))
    for marker in markers:
        x, y = marker.point
        out.append(_label(x, h - y - MARKER_SIZE, marker.label, 0.4, "#000"))
    if game is not None:
        for m in game.models:
            if m.on_table:
                out.append(_label(m.x, h - m.y + 0.2, m.id, 0.55, "#fff"))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _marker(marker: Marker) -> str:
    x, y = marker.point
    s = MARKER_SIZE / 2
    points = f"{x:.3f},{y - s:.3f} {x + s:.3f},{y:.3f} {x:.3f},{y + s:.3f} {x - s:.3f},{y:.3f}"
    colour = MARKER_COLOURS.get(marker.kind, MARKER_COLOUR)
    return (
        f'<polygon class="marker {escape(marker.kind)}" data-id="{escape(marker.label)}" '
        f'points="{points}" fill="{colour}" stroke="#000" stroke-width="0.03"/>'
    )


def _label(x: float, y: float, text: str, size: float, colour: str) -> str:
    return (
        f'<text x="{x:.3f}" y="{y:.3f}" font-size="{size:g}" text-anchor="middle" '
        f'fill="{colour}">{escape(text)}</text>'
    )
