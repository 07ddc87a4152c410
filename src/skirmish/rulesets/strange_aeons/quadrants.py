"""Free For All!'s deployment (R:1599-1609, rules notes §2.16): every model placed by a D6 on
the Free For All Deployment Table, in one of the table's four quadrants, each at least 5" from
every other model. A Variant's Random Deployment (R:1530-1532, The Monster's Lair) is played
the same way on six sections, two rows of three, where every face is a section.

The player with more models rolls first, Animals counting for none (R:1366; ties rolled off,
rules notes item 70, a Cunning player winning them, R:1065), or the side placed alone (The Raid,
R:1595: our reading, the Fight's lists giving it the most models, R:1587). It names the area
numbered 1 by where it lies, the rest numbered clockwise from it (R:1531, R:1599); every area
number read (a face, a choice on a 6, a Sneaky model's area) is read so. Each side then puts its
models in its queue, one at a time, the front first (R:1531; the first to roll first, a model
left last going to the back unasked), and the players alternate, one model each, from the front
of their queues.
1-4 is the model's quadrant, where its player places it; 5 sends it to the back of its queue
and the opponent rolls next (rolled again when the opponent has none left, R:1609); 6 lets its
player choose the quadrant. Where a quadrant has no room left for a base 5" from the others
(the book is silent), its player places the model in any quadrant that has. Where none has (a
big list on a small table), the spacing comes down an inch at a time until some quadrant has
room, its player choosing among those: the models stay as far apart as the table allows, and
the log says how far. A quadrant's room is worked out as a region (:func:`has_room`), so no
spot where a base fits is missed, however small; its spots are judged at the hundredth of an
inch an action names a point to, so a spot offered (a Sneaky model's too) is taken as played.
The Cunning player may re-roll the die of one of its models, once a game and in all the
Pre-Game (R:1065, :mod:`.cunning`): it is asked after each of its models' dice while the
re-roll is unspent.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import shapely

from skirmish.engine.action import KEPT_PLAY, Action, kept
from skirmish.engine.decision import Decision, PointSpec
from skirmish.engine.step import Step
from skirmish.geometry.board import grown
from skirmish.geometry.shapes import Point, edge_distance
from skirmish.rulesets.strange_aeons import animals, cunning
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.model import AeonsModel
from skirmish.rulesets.strange_aeons.scenarios.deployment import Placement, place
from skirmish.rulesets.strange_aeons.setup import RollOff
from skirmish.rulesets.strange_aeons.sneaky import ZONES, is_sneaky
from skirmish.rulesets.strange_aeons.space import inches, models, placement_reason

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Free For All!: deployment"
SPACING = 5.0
CROWDED = 'Free For All!: deployment, no quadrant with room 5" from every model (a reading)'
QUADRANTS = 4
REROLL = "deployment-cunning"
"""The decision of the Cunning player on the deployment die of one of its models."""
GRID = 7
"""Spots a side of a quadrant is tried at, for the points a computer player weighs (with a
spot of each piece of the quadrant's room, :func:`has_room`)."""
NUMBER = "first-area"
"""The decision of the side rolling first on which area is numbered 1 (R:1531, R:1599)."""
QUEUE = "queue"
"""A side's decision on the next model of its queue, from the front (R:1531)."""
ROWS = ("south", "north")
COLUMNS = {2: ("west", "east"), 3: ("west", "centre", "east")}
"""The names of the areas' rows and columns, by how many columns there are."""


def areas(game: AeonsGame) -> int:
    """How many areas the game's random deployment has: Free For All!'s 4 quadrants, Random
    Deployment's 6 sections (R:1530)."""
    table = catalog_of(game).quadrants
    return QUADRANTS if table is None else table.areas


def rule_of(game: AeonsGame) -> str:
    """The rule the deployment cites: Free For All!'s, or a Basic Scenario's Random
    Deployment (a Variant's, R:1530-1532)."""
    setting = catalog_of(game).setting
    return RULE if setting is None else f"{setting.book.name}: Random Deployment (R:1530-1532)"


def _word(game: AeonsGame) -> str:
    """What an area is called: a quadrant (Free For All!) or a section (R:1530)."""
    table = catalog_of(game).quadrants
    return "quadrant" if table is None else table.area


def _clockwise(count: int) -> list[tuple[int, int]]:
    """The (column, row) of each area, two rows of ``count / 2``, clockwise from the
    south-west one: up the west column, east along the north row, back along the south."""
    cols = count // 2
    return [(0, 0), *((c, 1) for c in range(cols)), *((c, 0) for c in range(cols - 1, 0, -1))]


def _name(cell: tuple[int, int], columns: int) -> str:
    """Where the area at ``cell`` (column, row) lies (``north-east``)."""
    col, row = cell
    return f"{ROWS[row]}-{COLUMNS[columns][col]}"


def area_names(game: AeonsGame) -> list[str]:
    """Where each area lies (``south-west``, ``north-centre``...), clockwise from the
    south-west one."""
    count = areas(game)
    return [_name(cell, count // 2) for cell in _clockwise(count)]


def _cells(game: AeonsGame) -> list[tuple[int, int]]:
    """The (column, row) of each area by its number: clockwise from the one its player
    numbered 1 (R:1531, R:1599)."""
    order = _clockwise(areas(game))
    first = game.state.first_area
    assert first >= 0, "the areas are numbered before one is read"
    return order[first:] + order[:first]


def where(game: AeonsGame, area: int) -> str:
    """Where the area numbered ``area`` lies (``north-east``)."""
    return _name(_cells(game)[area - 1], areas(game) // 2)


def quadrant_box(
    game: AeonsGame, m: AeonsModel, quadrant: int
) -> tuple[float, float, float, float]:
    """Where base centres of ``m`` may stand in ``quadrant`` (an area by its number), as
    (x0, y0, x1, y1)."""
    board, r = game.board, m.radius
    count = areas(game)
    col, row = _cells(game)[quadrant - 1]
    w, h = board.width / (count // 2), board.height / 2
    x0, y0 = col * w + r, row * h + r
    return (x0, y0, x0 + w - 2 * r, y0 + h - 2 * r)


def quadrant_error(
    game: AeonsGame, m: AeonsModel, point: Point, quadrant: int, spacing: float = SPACING
) -> str | None:
    """Why ``m`` cannot be placed at ``point`` in ``quadrant``, ``spacing`` from every other
    model, or ``None``."""
    x0, y0, x1, y1 = quadrant_box(game, m, quadrant)
    x, y = point
    if not (x0 <= x <= x1 and y0 <= y <= y1):
        return f"the base must be wholly within {_word(game)} {quadrant}"
    for o in models(game):
        gap = edge_distance(point, m.radius, o.pos, o.radius)
        if o.id != m.id and gap < spacing:
            return f'the base would be {inches(gap)} from {o.id}: at least {spacing:g}" apart'
    return placement_reason(game, m, point, game.board.surface_at(point))


def _room(game: AeonsGame, m: AeonsModel, quadrant: int, spacing: float) -> shapely.Geometry:
    """Where the centre of ``m``'s base may stand in ``quadrant``, ``spacing`` from every
    other model: :func:`quadrant_error`'s rules drawn as a region, a hair inside their lines."""
    x0, y0, x1, y1 = quadrant_box(game, m, quadrant)
    if x0 > x1 or y0 > y1:
        return shapely.Polygon()  # the base is wider than the quadrant
    stands = shapely.intersection(shapely.box(x0, y0, x1, y1), game.board.standing_room(m.radius))
    others = [o for o in models(game) if o.id != m.id]
    near = [grown(shapely.Point(o.pos), o.radius + m.radius + spacing) for o in others]
    return shapely.difference(stands, shapely.union_all(near))


def room_spots(
    game: AeonsGame, m: AeonsModel, quadrant: int, spacing: float = SPACING
) -> list[Point]:
    """A spot of each piece of the room ``quadrant`` has for ``m``, ``spacing`` from the
    others, kept to the hundredth of an inch an action keeps (:func:`.action.kept`), each one
    :func:`quadrant_error` takes as it will be played: none where no base fits."""
    found = []
    for part in shapely.get_parts(_room(game, m, quadrant, spacing)):
        # A spot a hundredth inside the piece stays in it once kept; a thinner piece is
        # tried as it is.
        inner = shapely.buffer(part, -KEPT_PLAY)
        inside = shapely.point_on_surface(part if inner.is_empty else inner)
        if inside.is_empty:
            continue
        p = kept((float(inside.x), float(inside.y)))
        if quadrant_error(game, m, p, quadrant, spacing) is None:
            found.append(p)
    return found


def has_room(game: AeonsGame, m: AeonsModel, quadrant: int, spacing: float = SPACING) -> bool:
    """Whether ``m`` may be placed anywhere in ``quadrant``, ``spacing`` from the others."""
    return bool(room_spots(game, m, quadrant, spacing))


def quadrant_points(
    game: AeonsGame, m: AeonsModel, quadrant: int, spacing: float = SPACING
) -> list[Point]:
    """Points of ``quadrant`` where ``m`` may be placed ``spacing`` from the others: on a grid,
    and a spot of each piece of its room the grid may miss."""
    x0, y0, x1, y1 = quadrant_box(game, m, quadrant)
    found = []
    for i in range(GRID):
        for j in range(GRID):
            p = kept((x0 + (x1 - x0) * i / (GRID - 1), y0 + (y1 - y0) * j / (GRID - 1)))
            if quadrant_error(game, m, p, quadrant, spacing) is None:
                found.append(p)
    return found + [p for p in room_spots(game, m, quadrant, spacing) if p not in found]


def deployment_spacing(game: AeonsGame) -> float:
    """The spacing the model being deployed keeps from the others (see the module docstring)."""
    top = game.stack[-1] if game.stack else None
    return top.spacing if isinstance(top, QuadrantDeployment) else SPACING


def room_spacing(game: AeonsGame, m: AeonsModel) -> float:
    """The largest spacing, 5" or a whole inch less, at which some quadrant has room for ``m``
    (0: only room for the base itself)."""
    spacing = SPACING
    while spacing > 0 and not any(has_room(game, m, q, spacing) for q in range(1, areas(game) + 1)):
        spacing -= 1.0
    return spacing


class LoggedDice:
    """The game's dice as a scenario table reads them (the Deployment Table, a loot table):
    each roll logged for its model, citing ``rule``."""

    def __init__(self, game: AeonsGame, model: str, rule: str = RULE) -> None:
        self.game, self.model, self.rule = game, model, rule

    def faces(self, count: int, sides: int, purpose: str) -> tuple[int, ...]:
        return self.game.roll(f"{count}D{sides}", purpose, self.rule, self.model).faces


class CunningDice(LoggedDice):
    """The Cunning re-roll, then the table's own dice (a 5 rolled again, R:1609)."""

    def faces(self, count: int, sides: int, purpose: str) -> tuple[int, ...]:
        faces = LoggedDice.faces(self, count, sides, purpose)
        self.rule = rule_of(self.game)
        return faces


class Kept:
    """A face already rolled, read again as the table reads a die."""

    def __init__(self, face: int) -> None:
        self.face = face

    def faces(self, count: int, sides: int, purpose: str) -> tuple[int, ...]:
        return (self.face,)


def _queued(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` rolls for its quadrant in turn: not Sneaky, nor riding on a Mob."""
    return not is_sneaky(game, m) and m.removed is None


@dataclass(slots=True, eq=False)
class QuadrantDeployment(Step):
    """Every model placed by the Free For All Deployment Table, the players alternating."""

    rule = RULE
    queues: tuple[tuple[str, ...], ...] = ()
    side: int = -1
    model: str = ""
    quadrant: int = 0
    spacing: float = SPACING
    only: int = -1
    """The one side placed so, first (The Raid, R:1595), or -1: both."""
    held: int = 0
    """The face the Cunning player may re-roll (0: none)."""
    fronts: tuple[int, int] = (0, 0)
    """How many models at the front of each queue its player has put in order (R:1531)."""

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        if action is not None:
            return self._answer(game, action)
        if self.side < 0 and not self._start(game):
            return [RollOff("deployment", edges=False), self]
        if game.state.first_area < 0:
            return self._numbering(game)
        ordering = self._ordering()
        if ordering is not None:
            return ordering
        while self.queues[0] or self.queues[1]:
            if not self.queues[self.side]:
                self.side = 1 - self.side
            ask = self._roll(game)
            if ask is not None:
                return ask
        return []

    def _start(self, game: AeonsGame) -> bool:
        """The queues, and the side that rolls first: the one placed alone, the one with
        more models, or the winner of a roll-off (:class:`.setup.RollOff`, Cunning's tie and
        re-roll with it, R:1065); False while that roll-off is still to come."""
        roster = catalog_of(game).roster
        # Sneaky models are never queued (R:1532): they pick a quadrant after the rest; the
        # members riding on a Mob's template come with it (R:921).
        queued = [tuple(m for m in side if _queued(game, game.model(m))) for side in roster]
        self.queues = (queued[0], queued[1])
        if self.only >= 0:
            self.queues = (() if self.only else queued[0], queued[1] if self.only else ())
            self.side = game.state.deploy_first = self.only
            return True
        sizes = animals.list_size(game, 0), animals.list_size(game, 1)  # no Animal (R:1366)
        if sizes[0] != sizes[1]:
            self.side = game.state.deploy_first = 0 if sizes[0] > sizes[1] else 1
            return True
        self.side = game.state.deploy_first
        return self.side >= 0

    def _numbering(self, game: AeonsGame) -> Decision:
        """The side rolling first names the area numbered 1 (R:1531, R:1599)."""
        options = tuple(Action(NUMBER, (name,)) for name in area_names(game))
        word = _word(game)
        prompt = f"choose the {word} numbered 1: the others are numbered clockwise from it"
        return Decision(self.side, NUMBER, prompt, options)

    def _ordering(self) -> Decision | None:
        """The next model a side puts in its queue, the side rolling first asking first, or
        ``None`` once each queue is in order: a side with one model left is not asked. The
        queues only shrink once the dice roll, so no side is asked again (R:1531)."""
        for side in (self.side, 1 - self.side):
            placed = self.fronts[side]
            left = self.queues[side][placed:]
            if len(left) > 1:
                options = tuple(Action(QUEUE, (mid,)) for mid in left)
                prompt = f"choose the model at place {placed + 1} of your queue, from the front"
                return Decision(side, QUEUE, prompt, options)
        return None

    def _queue(self, game: AeonsGame, mid: str) -> None:
        """``mid`` next in its side's queue, behind those put in order already; the queue is
        logged once in order (a side with one model to queue is never asked)."""
        side = game.model(mid).side
        placed = self.fronts[side]
        queue = self.queues[side]
        rest = tuple(m for m in queue[placed:] if m != mid)
        self._set_queue(side, (*queue[:placed], mid, *rest))
        fronts = list(self.fronts)
        fronts[side] = placed + 1
        self.fronts = (fronts[0], fronts[1])
        if len(rest) <= 1:
            game.emit("queued", rule_of(game), self.queues[side], side=side)

    def _roll(self, game: AeonsGame) -> Decision | None:
        """Roll for the next model of the side to roll; a Decision where to place it, or
        ``None`` when it went to the back of its queue."""
        mid = self.queues[self.side][0]
        waiting = bool(self.queues[1 - self.side])
        table = catalog_of(game).quadrants
        assert table is not None
        rolled = place(table, LoggedDice(game, mid, rule_of(game)), waiting)
        self.model = mid
        if cunning.unspent(game, self.side):
            # Every face gives another result: the re-roll can always change it (R:1065).
            self.held = rolled.face
            return cunning.ask(self.side, REROLL, f"the {_word(game)} die of {mid}: {rolled.face}")
        return self._rolled(game, rolled)

    def _rolled(self, game: AeonsGame, rolled: Placement) -> Decision | None:
        """Where the die for the model rolling sends it (see :meth:`_roll`)."""
        mid = self.model
        if rolled.result == "requeue":
            game.emit("requeued", rule_of(game), (mid,))
            rest = self.queues[self.side][1:]
            self._set_queue(self.side, (*rest, mid))
            self.side = 1 - self.side
            return None
        m = game.model(mid)
        self.spacing = SPACING
        if rolled.area is not None and has_room(game, m, rolled.area):
            return self._place(game, m, rolled.area)
        if rolled.area is not None:
            game.emit("quadrant-full", rule_of(game), (mid,), quadrant=rolled.area)
        self.spacing = room_spacing(game, m)
        if self.spacing < SPACING:
            game.emit("crowded", CROWDED, (mid,), spacing=self.spacing, area=_word(game))
        return self._choose(game, m)

    def _choose(self, game: AeonsGame, m: AeonsModel) -> Decision:
        self.quadrant = 0
        room = [q for q in range(1, areas(game) + 1) if has_room(game, m, q, self.spacing)]
        options = tuple(Action("quadrant", (m.id, str(q))) for q in room)
        return Decision(
            m.side, "quadrant", f"choose the {_word(game)} {m.name} ({m.id}) deploys in", options
        )

    def _place(self, game: AeonsGame, m: AeonsModel, quadrant: int) -> Decision:
        self.quadrant = quadrant
        apart = f'{self.spacing:g}" from every model'
        area = f"{_word(game)} {quadrant} ({where(game, quadrant)})"
        hint = f"a point with the whole base in {area}, {apart}"
        spec = PointSpec("deploy", (m.id, str(quadrant)), hint)
        return Decision(
            m.side, "deploy", f"deploy {m.name} ({m.id}) in {_word(game)} {quadrant}", (), (spec,)
        )

    def _answer(self, game: AeonsGame, action: Action) -> Decision | list[Step]:
        if action.kind in (cunning.REROLL, cunning.KEEP):
            asked = self._rolled(game, self._cunning(game, action.kind == cunning.REROLL))
            return asked if asked is not None else self.run(game, None)
        if action.kind == NUMBER:
            game.state.first_area = area_names(game).index(action.args[0])
            game.emit(
                "numbered", rule_of(game), (), side=self.side, quadrant=1, where=action.args[0]
            )
            return self.run(game, None)
        if action.kind == QUEUE:
            self._queue(game, action.args[0])
            return self.run(game, None)
        m = game.model(self.model)
        if action.kind == "quadrant":
            return self._place(game, m, int(action.args[1]))
        assert action.point is not None
        m.x, m.y = action.point
        m.level = game.board.surface_at(action.point)
        at = list(action.point)
        game.emit("deployed-in", rule_of(game), (m.id,), at=at, quadrant=self.quadrant)
        self._set_queue(self.side, self.queues[self.side][1:])
        self.side = 1 - self.side
        return self.run(game, None)

    def _cunning(self, game: AeonsGame, again: bool) -> Placement:
        """The held roll, kept or re-rolled by the Cunning player (R:1065)."""
        face, self.held = self.held, 0
        table = catalog_of(game).quadrants
        assert table is not None
        waiting = bool(self.queues[1 - self.side])
        if not again:
            return place(table, Kept(face), waiting)
        rolled = place(table, CunningDice(game, self.model, cunning.RULE), waiting)
        cunning.spent(game, self.side, face, (*rolled.rerolled, rolled.face)[0])
        return rolled

    def _set_queue(self, side: int, queue: tuple[str, ...]) -> None:
        queues = list(self.queues)
        queues[side] = queue
        self.queues = tuple(queues)

    def point_error(self, game: AeonsGame, action: Action) -> str | None:
        assert action.point is not None
        m = game.model(self.model)
        return quadrant_error(game, m, action.point, self.quadrant, self.spacing)


def any_quadrant_error(game: AeonsGame, m: AeonsModel, point: Point) -> str | None:
    """Why ``m`` cannot be placed at ``point`` in the quadrant it lies in, as far from the
    others as the table allows, or ``None``: a Sneaky model picks its quadrant (R:1532)."""
    count = areas(game)
    cell = (int(point[0] * count / 2 // game.board.width), int(point[1] * 2 // game.board.height))
    cells = _cells(game)
    quadrant = cells.index(cell) + 1 if cell in cells else 1
    return quadrant_error(game, m, point, quadrant, room_spacing(game, m))


ZONES["quadrant"] = any_quadrant_error
