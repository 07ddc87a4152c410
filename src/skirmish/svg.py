"""Draw a board, its terrain and the models on it as SVG (one unit = one inch, north up).

The table sits at the origin, a scale bar under it and a legend east of it, so neither ever
covers the table. Each model is a disc of its base in its side's colour with its id on it, and
its name and state (``Ruleset.model_status``) in a hover title. A hurt model gets a red ring and
its health written by it; a model with any condition a dashed amber ring and its conditions
written by it. Conditions are the ruleset's own names, so the drawing styles none specially.
Templates lying on the table (``Ruleset.templates``: fire, smoke, mist) are drawn over the
terrain and under the models, translucent, tinted by the first word of their kind, each with
its id as a label.

Text labels (terrain names and heights, marker labels, the models' state tags) never overlap one
another, a base or a marker: each starts at its anchor (a piece's representative point, a model's
centre) and is nudged outward in rings, set smaller or broken into lines until it fits; a label
set away from what it names gets a leader line. Boxes are estimated from font size and text
length (:func:`text_box`). A label that fits nowhere on the table is listed in the legend.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

import shapely

from skirmish.engine.game import Game
from skirmish.engine.model import Model
from skirmish.engine.ruleset import Marker, ModelStatus, TableTemplate
from skirmish.geometry.board import Board
from skirmish.geometry.shapes import Point
from skirmish.geometry.terrain import Movement, Terrain
from skirmish.legend import inches, kinds_present, on_table, side_name

__all__ = [
    "Label",
    "Placed",
    "flip",
    "note_label",
    "place_labels",
    "points_attr",
    "render_svg",
    "text_box",
]

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in drawing units (y grows south)
Shown = tuple[Model, ModelStatus]  # a model on the table and how it stands

FILL = {
    Movement.OPEN: "#d8e8c0",
    Movement.ROUGH: "#b59b6b",
    Movement.IMPASSABLE: "#6b6b6b",
    Movement.CLIMBABLE: "#8a6f5a",
}
SIDE_COLOURS = ("#1f5fbf", "#b3261e", "#2e8b57", "#c06000")  # cycled past four sides
MARKER_COLOURS = {"loot": "#e0b01f", "weapon": "#8c8c8c"}
MARKER_COLOUR = "#7a3fbf"  # any other kind of marker
TEMPLATE_COLOURS = {"fire": "#e4572e", "smoke": "#6f6f6f", "mist": "#6fa8c8"}
TEMPLATE_COLOUR = "#8a5fbf"  # a template of any other kind
HURT_COLOUR = "#e01b1b"
CONDITION_COLOUR = "#e69500"
TABLE_COLOUR = "#eef3e2"
INK = "#222"
LADDER_COLOUR = "#402a10"

MARGIN = 0.5
PIXELS_PER_INCH = 30
MARKER_SIZE = 0.5
RING_WIDTH = 0.08
HURT_RING = 0.1  # how far outside the base the hurt ring runs
CONDITION_RING = 0.24  # and the condition ring

# Text metrics of a sans-serif face, in ems (DejaVu Sans, the usual fallback, is a wide one).
CHAR_WIDTH = 0.62
LINE_HEIGHT = 1.2
ASCENT = 0.9
DESCENT = 0.25

TERRAIN_SIZES = (0.45, 0.38, 0.32, 0.26)
TAG_SIZES = (0.36, 0.3, 0.24)
MARKER_LABEL_SIZES = (0.4, 0.3)
RING_STEP = 0.25  # inches between the rings of places a label tries
RINGS = 16
SIZE_COST = 0.5  # a size smaller is worth half an inch of nudging
LAYOUT_COST = 0.75  # a line break, three quarters
LEADER_GAP = 0.3  # a label farther than this from what it names gets a leader line

SCALE_INCHES = 6
SCALE_BAND = 1.6  # the strip under the table that holds the scale bar
LEGEND_GAP = 1.0
LEGEND_SIZE = 0.5
LEGEND_ROW = 0.8


# --- label boxes and placement ------------------------------------------------------------


def text_box(x: float, baseline: float, size: float, text: str) -> Box:
    """The estimated box of one line of middle-anchored text."""
    half = _width(text, size) / 2
    return (x - half, baseline - ASCENT * size, x + half, baseline + DESCENT * size)


def _width(text: str, size: float) -> float:
    return len(text) * size * CHAR_WIDTH


@dataclass(frozen=True, slots=True)
class Label:
    """A text to set near what it names: its alternative line breaks (best first), its font
    sizes (largest first), where it would sit and the shape it names (drawing coordinates)."""

    layouts: tuple[tuple[str, ...], ...]
    sizes: tuple[float, ...]
    anchor: Point
    home: shapely.Geometry
    css: str
    key: str  # the id of what it names, for ``data-for``


@dataclass(frozen=True, slots=True)
class Placed:
    """A label set: its lines, font size and the centre of its block."""

    label: Label
    lines: tuple[str, ...]
    size: float
    centre: Point

    @property
    def box(self) -> Box:
        width = max(_width(line, self.size) for line in self.lines)
        height = len(self.lines) * self.size * LINE_HEIGHT
        x, y = self.centre
        return (x - width / 2, y - height / 2, x + width / 2, y + height / 2)

    def baselines(self) -> list[float]:
        """Each line's baseline, so that its :func:`text_box` lies inside :attr:`box`."""
        top = self.box[1] + self.size * (LINE_HEIGHT - ASCENT - DESCENT) / 2
        return [top + self.size * (LINE_HEIGHT * i + ASCENT) for i in range(len(self.lines))]


def _ring_offsets() -> list[tuple[float, float, float]]:
    """(distance, dx, dy) of the places around an anchor, nearest first; south first in each
    ring, so a state tag goes under its base when there is room."""
    d = 0.5**0.5
    directions = ((0, 1), (0, -1), (1, 0), (-1, 0), (d, d), (-d, d), (d, -d), (-d, -d))
    rings = [
        (k * RING_STEP, k * RING_STEP * dx, k * RING_STEP * dy)
        for k in range(1, RINGS + 1)
        for dx, dy in directions
    ]
    return [(0.0, 0.0, 0.0), *rings]


OFFSETS = _ring_offsets()


def _candidates(label: Label) -> list[Placed]:
    ax, ay = label.anchor
    options = [
        (dist + LAYOUT_COST * i + SIZE_COST * j, k, Placed(label, lines, size, (ax + dx, ay + dy)))
        for i, lines in enumerate(label.layouts)
        for j, size in enumerate(label.sizes)
        for k, (dist, dx, dy) in enumerate(OFFSETS)
    ]
    options.sort(key=lambda option: option[:2])
    return [placed for _, _, placed in options]


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _inside(a: Box, bounds: Box) -> bool:
    return a[0] >= bounds[0] and a[1] >= bounds[1] and a[2] <= bounds[2] and a[3] <= bounds[3]


def place_labels(
    labels: Sequence[Label], taken: Sequence[Box], bounds: Box
) -> tuple[list[Placed], list[Label]]:
    """Set each label, in order, at its cheapest spot inside ``bounds`` that overlaps neither
    ``taken`` nor a label set before it; returns the labels set and those that fit nowhere."""
    boxes = list(taken)
    placed: list[Placed] = []
    missing: list[Label] = []
    for label in labels:
        spot = next(
            (
                c
                for c in _candidates(label)
                if _inside(c.box, bounds) and not any(_overlap(c.box, b) for b in boxes)
            ),
            None,
        )
        if spot is None:
            missing.append(label)
        else:
            placed.append(spot)
            boxes.append(spot.box)
    return placed, missing


# --- what gets a label ---------------------------------------------------------------------


def flip(board: Board, p: Point) -> Point:
    """A table point in drawing coordinates (north up: y grows south)."""
    return (p[0], board.height - p[1])


def _square(centre: Point, half: float) -> Box:
    x, y = centre
    return (x - half, y - half, x + half, y + half)


def _terrain_label(board: Board, piece: Terrain) -> Label:
    shape = shapely.Polygon([flip(board, p) for p in piece.polygon])
    spot = shape.representative_point()
    height = inches(piece.height)
    layouts = ((f"{piece.name} {height}",), (piece.name, height))
    return Label(layouts, TERRAIN_SIZES, (spot.x, spot.y), shape, "terrain-label", piece.id)


def _tag_lines(m: Model, status: ModelStatus) -> tuple[str, ...]:
    """What a model's tag says: its health when hurt, then its conditions; its id comes
    first, so that a tag nudged away in a crowd still says whose it is."""
    lines = [status.health] if status.hurt else []
    if status.conditions:
        lines.append(", ".join(status.conditions))
    return (f"{m.id}: {lines[0]}", *lines[1:]) if lines else ()


def _marker_label(board: Board, marker: Marker) -> Label:
    spot = flip(board, marker.point)
    home = shapely.Point(spot).buffer(MARKER_SIZE / 2)
    return Label(((marker.label,),), MARKER_LABEL_SIZES, spot, home, "marker-label", marker.label)


def note_label(board: Board, m: Model, lines: tuple[str, ...], css: str) -> Label:
    """``lines`` set by a model, outside its condition ring: its state tag (``css`` "tag")
    or a note a page lays over it (the cover it has from the selected one)."""
    centre = flip(board, m.pos)
    home = shapely.Point(centre).buffer(m.radius + CONDITION_RING)
    return Label((lines,), TAG_SIZES, centre, home, css, m.id)


def _template_label(board: Board, template: TableTemplate) -> Label:
    home = _template_shape(board, template)
    spot = home.representative_point()
    return Label(
        ((template.id,),), MARKER_LABEL_SIZES, (spot.x, spot.y), home, "template-label", template.id
    )


def _labels(
    board: Board,
    shown: Sequence[Shown],
    markers: Sequence[Marker],
    laid: Sequence[TableTemplate],
    notes: Sequence[Label],
) -> list[Label]:
    """Every label, in the order they claim room: state tags first (they must sit by their
    model), then a page's notes on models, then markers, then templates, then terrain,
    smallest pieces first (big ones have room inside)."""
    tagged = ((m, _tag_lines(m, status)) for m, status in shown)
    tags = [note_label(board, m, lines, "tag") for m, lines in tagged if lines]
    pieces = sorted(board.terrain, key=lambda t: shapely.Polygon(t.polygon).area)
    return [
        *tags,
        *notes,
        *(_marker_label(board, mk) for mk in markers),
        *(_template_label(board, t) for t in laid),
        *(_terrain_label(board, t) for t in pieces),
    ]


def _obstacles(board: Board, shown: Sequence[Shown], markers: Sequence[Marker]) -> list[Box]:
    """Boxes no label may cover: each base with its rings, each marker."""
    bases = [_square(flip(board, m.pos), m.radius + CONDITION_RING) for m, _ in shown]
    tokens = [_square(flip(board, mk.point), MARKER_SIZE / 2) for mk in markers]
    return bases + tokens


# --- drawing -------------------------------------------------------------------------------


def _n(value: float) -> str:
    return f"{value:.3f}".rstrip("0").rstrip(".")


def points_attr(board: Board, points: Sequence[Point]) -> str:
    """A polygon's ``points`` attribute: its corners, flipped to the drawing's axes."""
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in (flip(board, p) for p in points))


def _terrain(board: Board, piece: Terrain) -> str:
    # A piece's tags (water, snow...) are what a ruleset makes of it: shown, not shaded.
    tags = "".join(f", {tag}" for tag in piece.tags)
    about = f"{piece.name} ({piece.id}): {piece.movement.value}, {inches(piece.height)} high{tags}"
    return (
        f'<polygon class="terrain {piece.movement.value}" data-id="{escape(piece.id)}" '
        f'points="{points_attr(board, piece.polygon)}" fill="{FILL[piece.movement]}" '
        f'stroke="#333" stroke-width="0.04" fill-opacity="0.85"><title>{escape(about)}</title>'
        "</polygon>"
    )


def _template_shape(board: Board, template: TableTemplate) -> shapely.Polygon:
    """A template's disc in drawing coordinates."""
    return shapely.Point(flip(board, template.centre)).buffer(template.radius)


def _template_colour(kind: str) -> str:
    words = kind.lower().split()
    return TEMPLATE_COLOURS.get(words[0] if words else "", TEMPLATE_COLOUR)


def _template(board: Board, template: TableTemplate) -> str:
    """A template as a translucent area with a dashed rim and a hover title."""
    outline = _template_shape(board, template).exterior.coords[:-1]
    points = " ".join(f"{_n(x)},{_n(y)}" for x, y in outline)
    colour = _template_colour(template.kind)
    about = f"{template.id}: {template.kind}" + (f", {template.about}" if template.about else "")
    return (
        f'<polygon class="template" data-id="{escape(template.id)}" '
        f'data-kind="{escape(template.kind)}" points="{points}" fill="{colour}" '
        f'fill-opacity="0.35" stroke="{colour}" stroke-width="0.06" '
        f'stroke-dasharray="0.2 0.1"><title>{escape(about)}</title></polygon>'
    )


def _ladder(x1: float, y1: float, x2: float, y2: float, css: str = "ladder") -> str:
    return (
        f'<line class="{css}" x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}" '
        f'stroke="{LADDER_COLOUR}" stroke-width="0.15" stroke-dasharray="0.1 0.08"/>'
    )


def _diamond(x: float, y: float, colour: str, css: str, key: str) -> str:
    s = MARKER_SIZE / 2
    points = f"{_n(x)},{_n(y - s)} {_n(x + s)},{_n(y)} {_n(x)},{_n(y + s)} {_n(x - s)},{_n(y)}"
    return (
        f'<polygon class="{css}" data-id="{escape(key)}" points="{points}" fill="{colour}" '
        'stroke="#000" stroke-width="0.03"/>'
    )


def _marker_colour(kind: str) -> str:
    return MARKER_COLOURS.get(kind, MARKER_COLOUR)


def _side_colour(side: int) -> str:
    return SIDE_COLOURS[side % len(SIDE_COLOURS)]


def _ring(x: float, y: float, r: float, colour: str, css: str, dashed: bool) -> str:
    dash = ' stroke-dasharray="0.12 0.08"' if dashed else ""
    return (
        f'<circle class="{css}" cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="none" '
        f'stroke="{colour}" stroke-width="{RING_WIDTH}"{dash}/>'
    )


def _disc(x: float, y: float, r: float, colour: str) -> str:
    return (
        f'<circle class="base" cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="{colour}" '
        'stroke="#000" stroke-width="0.04"/>'
    )


def _model(game: Game[Any, Any], m: Model, status: ModelStatus) -> str:
    """A model's base, its state rings, its id, and a hover title with its name and state."""
    x, y = flip(game.board, m.pos)
    about = "; ".join(
        part
        for part in (
            f"{m.id} {m.name} ({side_name(game, m.side)})",
            status.health,
            *status.conditions,
        )
        if part
    )
    rings = []
    if status.hurt:
        rings.append(_ring(x, y, m.radius + HURT_RING, HURT_COLOUR, "hurt", False))
    if status.conditions:
        rings.append(_ring(x, y, m.radius + CONDITION_RING, CONDITION_COLOUR, "conditioned", True))
    size = m.radius * 1.1
    return (
        f'<g class="model side{m.side}" data-id="{escape(m.id)}"><title>{escape(about)}</title>'
        f"{_disc(x, y, m.radius, _side_colour(m.side))}{''.join(rings)}"
        f'<text class="model-id" x="{_n(x)}" y="{_n(y + 0.36 * size)}" font-size="{_n(size)}" '
        f'text-anchor="middle" fill="#fff">{escape(m.id)}</text></g>'
    )


def _text(x: float, y: float, size: float, text: str, css: str, extra: str = "") -> str:
    # A white halo keeps dark text legible on dark terrain.
    return (
        f'<text class="{css}" x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" '
        f'text-anchor="middle" fill="{INK}" stroke="#fff" stroke-width="{_n(size * 0.18)}" '
        f'stroke-linejoin="round" paint-order="stroke"{extra}>{escape(text)}</text>'
    )


def _label(spot: Placed) -> list[str]:
    key = f' data-for="{escape(spot.label.key)}"'
    x = spot.centre[0]
    css = f"label {spot.label.css}"
    return [
        _text(x, y, spot.size, line, css, key)
        for line, y in zip(spot.lines, spot.baselines(), strict=True)
    ]


def _leader(spot: Placed) -> list[str]:
    """A thin line from a label to what it names, when the label had to move away."""
    block = shapely.box(*spot.box)
    if shapely.distance(spot.label.home, block) <= LEADER_GAP:
        return []
    (x1, y1), (x2, y2) = shapely.shortest_line(block, shapely.Point(spot.label.anchor)).coords
    return [
        f'<line class="leader" x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}" '
        'stroke="#555" stroke-width="0.03"/>'
    ]


def _scale_bar(board: Board) -> list[str]:
    """A bar of alternating inches under the table's south-west corner."""
    length = max(1, min(SCALE_INCHES, int(board.width)))
    y = board.height + 0.5
    out = ['<g class="scale">']
    for i in range(length):
        fill = INK if i % 2 == 0 else "#fff"
        out.append(
            f'<rect x="{i}" y="{_n(y)}" width="1" height="0.25" fill="{fill}" stroke="{INK}" '
            'stroke-width="0.03"/>'
        )
    for x, text in ((0, "0"), (length, inches(length))):
        out.append(_text(x, y + 0.75, 0.4, text, "scale-text"))
    out.append("</g>")
    return out


# --- the legend ----------------------------------------------------------------------------

Swatch = Callable[[float, float], str]  # draws a legend symbol centred at (x, y)


@dataclass(frozen=True, slots=True)
class _Row:
    text: str
    swatch: Swatch | None = None
    heading: bool = False


def _fill_swatch(colour: str) -> Swatch:
    return lambda x, y: (
        f'<rect x="{_n(x - 0.3)}" y="{_n(y - 0.2)}" width="0.6" height="0.4" fill="{colour}" '
        'stroke="#333" stroke-width="0.04"/>'
    )


def _disc_swatch(colour: str) -> Swatch:
    return lambda x, y: _disc(x, y, 0.25, colour)


def _diamond_swatch(kind: str) -> Swatch:
    return lambda x, y: _diamond(x, y, _marker_colour(kind), f"legend-marker {escape(kind)}", kind)


def _template_swatch(kind: str) -> Swatch:
    colour = _template_colour(kind)
    return lambda x, y: (
        f'<circle class="legend-template" cx="{_n(x)}" cy="{_n(y)}" r="0.25" fill="{colour}" '
        f'fill-opacity="0.35" stroke="{colour}" stroke-width="0.06"/>'
    )


def _ring_swatch(colour: str, css: str, dashed: bool) -> Swatch:
    return lambda x, y: _disc(x, y, 0.18, "#999") + _ring(x, y, 0.27, colour, css, dashed)


def _north(x: float, y: float) -> str:
    return (
        f'<polygon class="north" points="{_n(x)},{_n(y - 0.3)} {_n(x + 0.18)},{_n(y + 0.25)} '
        f'{_n(x)},{_n(y + 0.12)} {_n(x - 0.18)},{_n(y + 0.25)}" fill="{INK}"/>'
    )


def _state_rows(shown: Sequence[Shown]) -> list[_Row]:
    statuses = [status for _, status in shown]
    rows = []
    if any(s.hurt for s in statuses):
        rows.append(_Row("hurt (health by it)", _ring_swatch(HURT_COLOUR, "legend-hurt", False)))
    if any(s.conditions for s in statuses):
        swatch = _ring_swatch(CONDITION_COLOUR, "legend-conditioned", True)
        rows.append(_Row("condition (named by it)", swatch))
    return [_Row("State", heading=True), *rows] if rows else []


def _game_rows(
    game: Game[Any, Any],
    shown: Sequence[Shown],
    markers: Sequence[Marker],
    laid: Sequence[TableTemplate],
) -> list[_Row]:
    sides = sorted({*range(len(game.sides.names)), *(m.side for m in game.models)})
    rows = [_Row("Sides", heading=True)]
    rows += [_Row(side_name(game, s), _disc_swatch(_side_colour(s))) for s in sides]
    kinds = sorted({mk.kind for mk in markers})
    if kinds:
        rows += [_Row("Markers", heading=True), *(_Row(k, _diamond_swatch(k)) for k in kinds)]
    shapes = sorted({t.kind for t in laid})
    if shapes:
        rows += [_Row("Templates", heading=True)]
        rows += [_Row(k, _template_swatch(k)) for k in shapes]
    return rows + _state_rows(shown)


def _legend_rows(
    board: Board,
    game: Game[Any, Any] | None,
    shown: Sequence[Shown],
    markers: Sequence[Marker],
    laid: Sequence[TableTemplate],
    missing: Sequence[Label],
) -> list[_Row]:
    rows = [_Row("north", _north), _Row("Terrain", heading=True)]
    rows += [_Row(k.value, _fill_swatch(FILL[k])) for k in kinds_present(board)]
    if board.ladders:
        rows.append(_Row("ladder", lambda x, y: _ladder(x - 0.3, y, x + 0.3, y, "legend-ladder")))
    if game is not None:
        rows += _game_rows(game, shown, markers, laid)
    if missing:
        rows.append(_Row("Not labelled on the table", heading=True))
        rows += [_Row(_named(label)) for label in missing]
    return rows


def _named(label: Label) -> str:
    """A label's text as the legend lists it, naming what it belongs to unless it does."""
    text = " ".join(label.layouts[0])
    return text if label.key in text else f"{text} ({label.key})"


def _legend(rows: Sequence[_Row], x0: float) -> tuple[list[str], Box]:
    """The legend east of the table, and its box."""
    width = 1.3 + max(_width(r.text, LEGEND_SIZE) for r in rows)
    box = (x0, 0.0, x0 + width, (len(rows) + 0.5) * LEGEND_ROW)
    out = [
        f'<g class="legend-box"><rect class="legend" x="{_n(x0)}" y="0" width="{_n(width)}" '
        f'height="{_n(box[3])}" fill="#fff" stroke="#999" stroke-width="0.03"/>'
    ]
    for i, row in enumerate(rows):
        y = (i + 0.75) * LEGEND_ROW
        if row.swatch is not None:
            out.append(row.swatch(x0 + 0.6, y))
        weight = ' font-weight="bold"' if row.heading else ""
        x = x0 + (0.3 if row.heading else 1.1)
        out.append(
            f'<text class="legend-text" x="{_n(x)}" y="{_n(y + 0.18)}" '
            f'font-size="{LEGEND_SIZE}" fill="{INK}"{weight}>{escape(row.text)}</text>'
        )
    out.append("</g>")
    return out, box


# --- the document --------------------------------------------------------------------------


def render_svg(
    board: Board,
    game: Game[Any, Any] | None = None,
    title: str = "",
    notes: Sequence[Label] = (),
) -> str:
    """The board (and the models of ``game`` still on the table) as an SVG document, with
    ``notes`` (:func:`note_label`) set among the other labels so that none overlaps another.

    North (y = height) is at the top; one unit is one inch. Terrain is shaded by movement kind
    and labelled with its name and height; ladders run from foot to top; markers the ruleset
    reports are diamonds coloured by kind, its templates translucent areas; each model is a
    disc of its base size in its side's colour, ringed by its state. A scale bar lies under
    the table, a legend east of it.
    """
    shown: list[Shown] = []
    markers: tuple[Marker, ...] = ()
    laid: tuple[TableTemplate, ...] = ()
    if game is not None:
        shown = [(m, game.ruleset.model_status(game, m)) for m in on_table(game)]
        markers = game.ruleset.markers(game)
        laid = game.ruleset.templates(game)
    w, h = board.width, board.height
    placed, missing = place_labels(
        _labels(board, shown, markers, laid, notes),
        _obstacles(board, shown, markers),
        (0.0, 0.0, w, h),
    )
    rows = _legend_rows(board, game, shown, markers, laid, missing)
    legend, box = _legend(rows, w + LEGEND_GAP)
    vw, vh = box[2] + 2 * MARGIN, max(h + SCALE_BAND, box[3]) + 2 * MARGIN
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{-MARGIN} {-MARGIN} {_n(vw)} '
        f'{_n(vh)}" width="{_n(vw * PIXELS_PER_INCH)}" height="{_n(vh * PIXELS_PER_INCH)}" '
        'font-family="sans-serif">',
        f"<title>{escape(title or board.name)}</title>",
        f'<rect class="table" x="0" y="0" width="{w:g}" height="{h:g}" fill="{TABLE_COLOUR}" '
        'stroke="#333" stroke-width="0.05"/>',
        *(_terrain(board, t) for t in board.terrain),
        *(_ladder(*flip(board, lad.foot), *flip(board, lad.top)) for lad in board.ladders),
        *(_template(board, t) for t in laid),
        *(line for spot in placed for line in _leader(spot)),
        *(_marker(board, mk) for mk in markers),
        *([_model(game, m, status) for m, status in shown] if game is not None else []),
        *(line for spot in placed for line in _label(spot)),
        *_scale_bar(board),
        *legend,
        "</svg>",
    ]
    return "\n".join(out) + "\n"


def _marker(board: Board, marker: Marker) -> str:
    x, y = flip(board, marker.point)
    return _diamond(
        x, y, _marker_colour(marker.kind), f"marker {escape(marker.kind)}", marker.label
    )
