"""Where Wolsung models stand to one another: the models on the table, base contact, 3D
distances, height, line of sight and cover, and what a Move costs (L10-L14, L72-L83,
L108-L114, L149-L154; rules notes §1.1, §1.5, §5, §7 items 14-18).

- Distances run between the nearest edges of the two bases, the height between the surfaces
  they stand on counted (L10, L12): :func:`gap`.
- Base contact (L14): the bases touch on one surface, or a base touches the other model's body
  above or below it, from its base up to its head (:func:`in_contact`); or a Charge held
  short on another level by enemies in the way left the two counting as in contact while
  neither moves (L150, :func:`link`).
- A melee is every model joined through base contact between enemies, a model touching more
  than one enemy fighting them all (L155): :func:`melee_of`.
- Height (L113-L114, L153): the rise of a base above another's, surface to surface.
- Sight and cover are :mod:`.sight`'s.
- A Move is measured along the path its base takes, in 2D (L11, L74); every inch through rough
  ground costs two (§7 item 16, [HOUSE]), but to a Security Golem, whose Move goes through
  impassable pieces too (:mod:`.juggernaut`, L687). A Move, and a Charge as it is a Move
  (L127), takes the shortest way its allowance pays for, else the shortest that keeps off
  rough ground (:func:`paid_way`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import shapely

from skirmish.geometry.board import Board
from skirmish.geometry.paths import Path, plan_path
from skirmish.geometry.shapes import CONTACT, Point, edge_distance
from skirmish.geometry.terrain import Movement
from skirmish.rulesets.wolsung.game.juggernaut import JUGGERNAUT, ground, strides, walled_in
from skirmish.rulesets.wolsung.game.model import WolsungModel
from skirmish.rulesets.wolsung.game.state import Link, WolsungGame
from skirmish.rulesets.wolsung.table.measure import Spot, distance, inches, no_farther, within

__all__ = [
    "blockers",
    "contacts",
    "disc",
    "enemies",
    "forget_moved_links",
    "gap",
    "ghost",
    "in_contact",
    "in_melee",
    "link",
    "melee_of",
    "move_cost",
    "move_route",
    "on_table",
    "paid_way",
    "rise",
    "surface",
    "touching",
    "within_reach",
]

ROUGH_COST = 2.0
"""What an inch of rough ground costs of a Move (§7 item 16, [HOUSE])."""


def on_table(game: WolsungGame) -> list[WolsungModel]:
    """Models on the table (deployed and not removed)."""
    return [m for m in game.models if m.on_table]


def enemies(game: WolsungGame, m: WolsungModel) -> list[WolsungModel]:
    """Models of the other clubs on the table."""
    return [o for o in game.models if o.side != m.side and o.on_table]


def surface(game: WolsungGame, m: WolsungModel) -> float:
    """The height of the surface ``m`` stands on."""
    return game.board.surface_height(m.level)


def rise(game: WolsungGame, a: WolsungModel, b: WolsungModel) -> float:
    """How far ``b``'s base stands above ``a``'s (negative below) (L113-L114, L153)."""
    return surface(game, b) - surface(game, a)


def disc(game: WolsungGame, m: WolsungModel) -> Spot:
    """``m``'s base as a disc on the surface it stands on (L12)."""
    return base_at(game, m, m.pos, m.level)


def base_at(game: WolsungGame, m: WolsungModel, point: Point, level: str | None) -> Spot:
    """``m``'s base as a disc at ``point`` on ``level``, as distances are measured (L10, L12)."""
    return Spot(point[0], point[1], game.board.surface_height(level), m.radius, level)


def ghost(m: WolsungModel, point: Point, level: str | None) -> WolsungModel:
    """``m`` as it would stand at ``point`` on ``level``: to ask what it would touch there."""
    shade = WolsungModel(m.id, m.side, m.name, point[0], point[1], m.radius, level)
    shade.height = m.height
    return shade


def gap(game: WolsungGame, a: WolsungModel, b: WolsungModel) -> float:
    """The distance between the nearest edges of two bases, in 3D (L10, L12)."""
    return distance(disc(game, a), disc(game, b))


def within_reach(game: WolsungGame, a: WolsungModel, b: WolsungModel, reach: float) -> bool:
    """Whether two models stand ``reach`` or nearer, edge to edge in 3D (L10, L12), a model
    placed at exactly that distance counted whatever float noise the measure carries."""
    return within(disc(game, a), disc(game, b), reach)


def in_contact(game: WolsungGame, a: WolsungModel, b: WolsungModel) -> bool:
    """Base to base (L14): the bases touch, and the higher one stands no higher than the head
    of the lower model (on one surface, always); or a Charge across levels left them counting
    as in contact (L150, :func:`link`)."""
    if game.state.links and _linked(game, a, b):
        return True
    if edge_distance(a.pos, a.radius, b.pos, b.radius) > CONTACT:
        return False
    up = rise(game, a, b)
    lower = a if up >= 0 else b
    return abs(up) <= lower.height + CONTACT


def _holds(game: WolsungGame, link: Link) -> bool:
    """Whether both models of ``link`` stand where they stood when it was made."""
    a, b = game.model(link.a), game.model(link.b)
    return a.on_table and b.on_table and (disc(game, a), disc(game, b)) == (link.a_at, link.b_at)


def _linked(game: WolsungGame, a: WolsungModel, b: WolsungModel) -> bool:
    ends = {a.id: disc(game, a), b.id: disc(game, b)}
    return any(
        (ends[k.a], ends[k.b]) == (k.a_at, k.b_at)
        for k in game.state.links
        if {k.a, k.b} == {a.id, b.id}
    )


def link(game: WolsungGame, a: WolsungModel, b: WolsungModel) -> None:
    """Let ``a`` and ``b`` count as in base contact where they stand (L150)."""
    game.state.links = (*game.state.links, Link(a.id, b.id, disc(game, a), disc(game, b)))


def forget_moved_links(game: WolsungGame) -> None:
    """Forget the links of models that have moved or left the table since: they count as in
    contact no more (L150)."""
    game.state.links = tuple(k for k in game.state.links if _holds(game, k))


def touching(game: WolsungGame, m: WolsungModel) -> list[WolsungModel]:
    """Every other model in base contact with ``m``, friend or foe (L14, L123)."""
    return [o for o in on_table(game) if o.id != m.id and in_contact(game, m, o)]


def contacts(game: WolsungGame, m: WolsungModel) -> list[WolsungModel]:
    """The enemies in base contact with ``m``: those it is in melee with (L126, L155)."""
    return [o for o in enemies(game, m) if in_contact(game, m, o)]


def in_melee(game: WolsungGame, m: WolsungModel) -> bool:
    """Whether ``m`` is in base contact with an enemy (L126)."""
    return any(in_contact(game, m, o) for o in enemies(game, m))


def melee_of(game: WolsungGame, m: WolsungModel) -> list[WolsungModel]:
    """Every model joined to ``m`` through base contact between enemies: its whole melee, the
    models in contact with more than one enemy fighting them all (L155)."""
    found, todo = {m.id: m}, [m]
    while todo:
        for o in contacts(game, todo.pop()):
            if o.id not in found:
                found[o.id] = o
                todo.append(o)
    return list(found.values())


def blockers(game: WolsungGame, m: WolsungModel, ignore: str = "") -> list[tuple[Point, float]]:
    """Bases ``m`` may not move through: every other model on its surface (L73)."""
    return [
        (o.pos, o.radius)
        for o in game.models
        if o.on_table and o.id != m.id and o.id != ignore and o.level == m.level
    ]


def rough_length(board: Board, points: tuple[Point, ...]) -> float:
    """How much of a path's centre line runs over rough ground (§7 item 16)."""
    if len(points) < 2:
        return 0.0
    rough = _rough_ground(board)
    if rough is None:
        return 0.0
    return float(shapely.intersection(shapely.LineString(points), rough).length)


def _rough_ground(board: Board) -> Any:
    memo = board.memo("wolsung-rough")
    found = memo.remember(
        "union",
        lambda: (
            shapely.union_all(
                [shapely.Polygon(t.polygon) for t in board.terrain if t.movement is Movement.ROUGH]
            ),
        ),
    )
    shape = found[0]
    return None if shapely.is_empty(shape) else shape


def move_cost(board: Board, path: Path) -> float:
    """What a path costs of a Move: its length, each inch of rough ground twice (L78, §7 item
    16)."""
    return path.length + (ROUGH_COST - 1.0) * rough_length(board, path.points)


def move_route(
    game: WolsungGame,
    m: WolsungModel,
    goal: Point,
    allowance: float,
    ignore: str = "",
    off_rough: bool = False,
) -> Path | str:
    """The path of a Move of ``m`` to ``goal`` that ``allowance`` pays for, or why there is
    none: the shortest way, else the shortest that keeps off rough ground (§7 item 16); only
    the one that keeps off it when ``off_rough`` (the Wheelchair, L468). A Juggernaut's goes
    over :func:`.juggernaut.ground`: rough ground at no cost, through impassable pieces,
    ending in none (L687)."""
    straight = math.dist(m.pos, goal)
    if not no_farther(straight, allowance):
        shown = inches(straight, (allowance,))
        return f'the point is {shown}" away, more than the {allowance:g}" allowed'
    inside = walled_in(game, m, goal) if strides(game, m) else ""
    if inside:
        piece = game.board.piece(inside).name
        return f"{m.name} may go through {piece} but not end its Move inside it ({JUGGERNAUT})"
    board, others = ground(game, m), blockers(game, m, ignore)

    def search(avoid_rough: bool) -> Path | None:
        return plan_path(board, m.pos, goal, m.radius, others, m.level, avoid_rough=avoid_rough)

    found = paid_way(board, search, allowance, off_rough)
    if found is None:
        where = " off rough ground" if off_rough else ""
        return f"no path to the point{where}: terrain or models are in the way"
    if isinstance(found, float):
        return f'no path within {allowance:g}": the way there costs {inches(found, (allowance,))}"'
    return found


def paid_way(
    board: Board, search: Callable[[bool], Path | None], allowance: float, off_rough: bool
) -> Path | float | None:
    """The way a Move takes that ``allowance`` pays for (§7 item 16), ``search(avoid_rough)``
    finding the shortest over any ground or off rough ground: the shortest, else the shortest
    that keeps off rough ground; only that one when ``off_rough`` (L468). Else what the
    shortest costs; ``None`` when there is no way at all."""
    shortest = search(off_rough)
    if shortest is None:
        return None
    cost = move_cost(board, shortest)
    if no_farther(cost, allowance):
        return shortest
    if shortest.touches_rough and not off_rough:
        clear = search(True)
        if clear is not None and no_farther(clear.length, allowance):
            return clear
    return cost
