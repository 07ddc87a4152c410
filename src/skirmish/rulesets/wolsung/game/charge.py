"""A Charge: a Move that must end in base contact with the enemy it is declared at, and the one
melee attack it may make there (L127, L149-L154; rules notes §1.7, §7 items 31, 33).

- It is declared at an enemy before anything is measured (L10, L127) and needs no line of
  sight (§7 item 33).
- It goes as a Move goes (L127): along its level, by the way a Move would take into base
  contact, the shortest else the shortest that keeps off rough ground, rough ground at double
  cost (L73-L78, §7 item 16), none of it in a Wheelchair without a Heroic Move (L468); or
  to another level by a way a Move takes there (L149): up or down a ladder it stands at the
  end of, no higher than its base M and the climb its whole Move (L80, §7 item 17, as in
  :mod:`.movement`); and, for a Hero that paid for a Heroic Move this activation, a climb
  up or down the side of a piece, or a jump (L213-L215, :mod:`.heroic_move`), landing in
  contact with enemies as a Charge may.
- The first of these ways that ends in base contact is taken: along the level, then a ladder
  or a climb, then the shortest jump. A climb lands where any Heroic climb of the charger
  would, at the spot along the edge nearest its start where its base fits, touching enemies
  as a Charge may (:func:`.heroic_move.climb_targets`): it reaches the target only when that
  spot is in base contact with it, of several pieces the landing nearest its start. When
  the far end of a ladder, or the spot a climb would land at were no enemy there, has no
  room because enemy bases take it, the target among them or touching it, the charger stays
  at the near end, as close as its Move gets it, and the two count as in base contact
  (L150, :func:`.space.link`). Otherwise it goes along its level as far as its Move pays
  for, and makes no attack (§7 item 33), and ends where a Move may end: cut back along its
  way until its base touches no enemy, none Concealed in the Crowd among them (L73, L127,
  §7 item 87), and, as it goes toward its target, is no farther from it than it began, our
  reading of §7 item 33: a way whose first inches lead away leaves it where it stands.
- A Security Golem's walk goes over rough ground at no cost and through impassable pieces,
  its base ending in none: when the spot in contact on the straight way lies in a wall, it
  goes to the nearest spot round its target where its base fits; when none is in reach, it
  goes as far as its Move pays for along the straight way stopped short of the wall, along
  the way round the pieces a Move of any model takes, or by a Move of its allowance through
  the pieces to the spot nearest its target where such a Move may end, whichever leaves less
  of the way to its target (L687, §7 item 33; :mod:`.juggernaut`).
- A Golem's Charge stops at the edge of its Control Range, and a Hound's where it would
  stray more than 6" from its pack; neither takes a ladder, a climb or a jump beyond
  (:mod:`.tethers`, L556, L499).
- Once the melee it joins is split if it must be (:mod:`.split`), the charger's player makes
  its one attack (:class:`.MeleeAttack`) or none: the Charge may attack, and only a Charge
  brings a model into base contact (L73, L127). The attack may go at the target or at any
  other enemy the charger then touches, being in melee with them all (L129, L155, L162); a
  Charge short of its target makes none, whatever it touches (§7 item 33). A Charge begun
  3" or more above the model it attacks gives +1F, and ending 1" or more higher +1F more,
  the two adding up (L153-L154, §7 item 31; :mod:`..combat.melee`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.geometry.board import Board
from skirmish.geometry.paths import Path, reach_toward
from skirmish.geometry.shapes import CONTACT, Point, distance, edge_distance
from skirmish.rulesets.wolsung.game.attacks import MeleeAttack, melee_targets
from skirmish.rulesets.wolsung.game.crowd import crowd_problem
from skirmish.rulesets.wolsung.game.heroic_move import (
    CLIMB,
    JUMP,
    climb_targets,
    jump_error,
    land,
)
from skirmish.rulesets.wolsung.game.juggernaut import (
    ground,
    last_fit,
    nearer_of,
    nearest_fit,
    strides,
    walled_in,
)
from skirmish.rulesets.wolsung.game.model import WolsungModel
from skirmish.rulesets.wolsung.game.movement import (
    allowance,
    climb,
    ends_in_contact,
    ladder_end,
    ladder_reach,
    off_rough,
    walk,
)
from skirmish.rulesets.wolsung.game.space import (
    base_at,
    blockers,
    enemies,
    gap,
    ghost,
    in_contact,
    link,
    move_cost,
    move_route,
    paid_way,
    surface,
)
from skirmish.rulesets.wolsung.game.split import SplitMelee
from skirmish.rulesets.wolsung.game.state import WolsungGame
from skirmish.rulesets.wolsung.game.tethers import cut, tethers
from skirmish.rulesets.wolsung.table.measure import no_farther

__all__ = ["CHARGE", "ChargeAt", "ChargeAttack", "Way", "charge_path", "charge_way"]

CHARGE = "L127"
ACROSS = "L150"
STEP = 0.25
"""Inches a short Charge's way is cut back by, again and again, until it may end there."""
HALVINGS = 12
"""Halvings of the last step that find the farthest point where a short Charge may end."""
CONTACT_SPOTS = 16
"""The spots round its target a charging jump, or a Juggernaut's walk, tries."""
WALK, LADDER, HEROIC_CLIMB, HEROIC_JUMP = "walk", "ladder", "climb", "jump"


@dataclass(frozen=True, slots=True)
class Way:
    """How a Charge goes: ``kind`` (a walk along its level, a ladder, a Heroic climb or jump),
    ``via`` the ladder's id, where it ends (``end`` on ``level``), the walk's ``path``, and
    whether enemies taking the room beyond hold it at the near end (``held``, L150)."""

    kind: str
    end: Point
    level: str | None
    path: Path | None = None
    via: str = ""
    held: bool = False


def _affordable(game: WolsungGame, m: WolsungModel, path: Path, most: float) -> Path:
    """``path`` cut back until its cost of ``m``'s Move, rough ground counted twice, is
    within ``most``."""
    board = ground(game, m)
    if no_farther(move_cost(board, path), most):
        return path
    low, high = 0.0, path.length
    for _ in range(20):
        mid = (low + high) / 2
        if move_cost(board, _prefix(path, mid)) <= most:
            low = mid
        else:
            high = mid
    return _prefix(path, low)


def _prefix(path: Path, length: float) -> Path:
    points, left = [path.points[0]], length
    for a, b in zip(path.points, path.points[1:], strict=False):
        step = distance(a, b)
        if step >= left:
            t = left / step if step else 0.0
            points.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
            break
        points.append(b)
        left -= step
    return Path(tuple(points), min(length, path.length), path.touches_rough)


def charge_path(game: WolsungGame, m: WolsungModel, target: WolsungModel) -> Path | None:
    """The way ``m`` charges ``target`` along its level: into base contact the way a Move
    would go there (:func:`.space.paid_way`), else toward it as far as its Move pays for (§7
    item 33). A Juggernaut's goes through impassable pieces, cut back to where its base stands
    in none (L687); short of its target, it takes the way round them instead when that leaves
    less of the way to the target (:func:`.juggernaut.nearer_of`): its rule only adds ways,
    and a building too deep to cross in one Move would else hold it at the wall."""
    path = _way_toward(game, m, target, ground(game, m))
    if path is None or not strides(game, m) or _touches(game, m, path.end, m.level, target):
        return path
    around = _way_toward(game, m, target, game.board)
    others, most = blockers(game, m, ignore=target.id), allowance(game, m)
    nearer = nearer_of(game, m, path, around, target, others, most)
    return nearer_of(game, m, nearer, _closest(game, m, target, most), target, others, most)


def _closest(game: WolsungGame, m: WolsungModel, target: WolsungModel, most: float) -> Path | None:
    """A Juggernaut's Move of its whole allowance toward ``target``: through the pieces to the
    spot nearest it where a Move of it may end, out of every piece and base contact with
    every enemy (L687, L73, §7 item 33); ``None`` if no Move goes there. Its way when the
    spots round the target lie in a wall and the straight way meets one at once."""
    placed = [o for o in game.models if o.on_table and o.id != m.id and o.level == m.level]
    kept_off = [
        (o.pos, m.radius + o.radius + (2 * CONTACT if o.side != m.side else CONTACT))
        for o in placed
    ]
    spot = nearest_fit(game, m, target.pos, most, kept_off)
    if spot is None:
        return None
    route = move_route(game, m, spot, most, ignore=target.id)
    if isinstance(route, str) or not _stops(game, m, target, route.end):
        return None
    return route


def _way_toward(
    game: WolsungGame, m: WolsungModel, target: WolsungModel, board: Board
) -> Path | None:
    """The way of :func:`charge_path` over ``board``, cut back to where ``m``'s base fits."""
    most = allowance(game, m)
    others = blockers(game, m, ignore=target.id)

    def toward(avoid_rough: bool) -> Path | None:
        return reach_toward(
            board,
            m.pos,
            target.pos,
            m.radius,
            others,
            m.level,
            max_length=most,
            stop_distance=m.radius + target.radius,
            avoid_rough=avoid_rough,
        )

    def into_contact(avoid_rough: bool) -> Path | None:
        path = toward(avoid_rough)
        return path if path is not None and _touches(game, m, path.end, m.level, target) else None

    found = paid_way(board, into_contact, most, off_rough(game, m))
    path = found if isinstance(found, Path) else toward(off_rough(game, m))
    return None if path is None else _settled(game, m, target, _fitted(game, m, path, most))


def _fitted(game: WolsungGame, m: WolsungModel, path: Path, most: float) -> Path:
    """``path`` as far as ``m``'s Move pays for, a Juggernaut's short of impassable pieces."""
    return last_fit(game, m, _affordable(game, m, path, most))


def _stops(game: WolsungGame, m: WolsungModel, target: WolsungModel, point: Point) -> bool:
    """Whether a Charge of ``m`` short of ``target`` may end at ``point`` on its level: where a
    Move may end, touching no enemy, none Concealed in the Crowd among them (L73, L127, §7
    item 87), a Juggernaut's base in no impassable piece (L687); and, as it goes toward its
    target, no farther from it than it began (§7 item 33, our reading)."""
    if ends_in_contact(game, m, point, m.level):
        return False
    if strides(game, m) and walled_in(game, m, point):
        return False
    # Strictly: a hair sideways along a wall, within float noise, is no way toward it.
    return gap(game, ghost(m, point, m.level), target) <= gap(game, m, target)


def _settled(game: WolsungGame, m: WolsungModel, target: WolsungModel, path: Path) -> Path:
    """``path``, a Charge of ``m`` at ``target``; if it ends short, cut back to its farthest
    point where the Charge may end (:func:`_stops`), ``m`` staying put if there is none."""
    if _touches(game, m, path.end, m.level, target):
        return path

    def stops(length: float) -> bool:
        return _stops(game, m, target, path.point_at(length))

    if stops(path.length):
        return path
    steps = math.ceil(path.length / STEP)
    low = next((k * STEP for k in range(steps - 1, 0, -1) if stops(k * STEP)), 0.0)
    high = min(low + STEP, path.length)
    for _ in range(HALVINGS):
        mid = (low + high) / 2
        low, high = (mid, high) if stops(mid) else (low, mid)
    return _prefix(path, low) if low > 0.0 else Path((path.start,), 0.0, path.touches_rough)


def _touches(
    game: WolsungGame, m: WolsungModel, point: Point, level: str | None, target: WolsungModel
) -> bool:
    return in_contact(game, ghost(m, point, level), target)


def _room(
    game: WolsungGame, m: WolsungModel, point: Point, level: str | None, target: WolsungModel
) -> tuple[bool, bool]:
    """Whether ``m``'s base fits at ``point`` on ``level``; and, if not, whether only enemy
    bases take the room there, the target among them or touching the spot (L150)."""
    placed = [o for o in game.models if o.on_table and o.id != m.id]
    friends = [(o.pos, o.radius, o.level) for o in placed if o.side == m.side]
    foes = [(o.pos, o.radius, o.level) for o in placed if o.side != m.side]
    board = game.board
    if board.placement_error(point, m.radius, level, friends + foes) is None:
        return True, False
    if board.placement_error(point, m.radius, level, friends) is not None:
        return False, False
    edges = edge_distance(point, m.radius, target.pos, target.radius)
    return False, target.level == level and edges <= CONTACT


def _ladders(game: WolsungGame, m: WolsungModel) -> list[tuple[str, Point, str | None]]:
    """The far ends of the ladders a Move of ``m`` goes up or down: (the ladder's id, the
    spot, its level) (L80)."""
    found: list[tuple[str, Point, str | None]] = []
    for ladder in game.board.ladders:
        end = ladder_end(m, ladder)
        if end is not None and ladder_reach(game, m, ladder) is None:
            found.append((ladder.id, *end))
    return found


def _climb(game: WolsungGame, m: WolsungModel, target: WolsungModel) -> Way | None:
    """A Heroic climb of ``m`` that lands where any climb of it lands, touching enemies as a
    Charge may, in base contact with ``target``, of several pieces the landing nearest its
    start (L214, L127); else, where enemy bases, the target among them or touching the spot,
    take the room a climb would land in were they not there, the climb held at its foot
    (L150); else none: a climb would end short."""
    reached = [
        (point, level)
        for _, point, level in climb_targets(game, m, charge=True)
        if _touches(game, m, point, level, target)
    ]
    if reached:
        point, level = min(reached, key=lambda spot: math.dist(m.pos, spot[0]))
        return Way(HEROIC_CLIMB, point, level)
    spots = climb_targets(game, m, charge=True, foes_aside=True)
    if any(_room(game, m, point, level, target)[1] for _, point, level in spots):
        return Way(HEROIC_CLIMB, m.pos, m.level, held=True)
    return None


def _around(m: WolsungModel, target: WolsungModel) -> list[Point]:
    """The spots all round ``target`` where ``m``'s base would touch it, on the table."""
    reach = m.radius + target.radius + CONTACT / 2
    turns = (2 * math.pi * k / CONTACT_SPOTS for k in range(CONTACT_SPOTS))
    return [(target.x + reach * math.cos(a), target.y + reach * math.sin(a)) for a in turns]


def _jump(game: WolsungGame, m: WolsungModel, target: WolsungModel) -> Way | None:
    """The shortest Heroic jump of ``m`` that lands in base contact with ``target`` (L215)."""
    board = game.board
    landings = [
        (p, board.surface_at(p))
        for p in _around(m, target)
        if board.on_table(p, m.radius) and jump_error(game, m, p, charge=True) is None
    ]
    reached = [(p, level) for p, level in landings if _touches(game, m, p, level, target)]
    if not reached:
        return None
    point, level = min(reached, key=lambda spot: math.dist(m.pos, spot[0]))
    return Way(HEROIC_JUMP, point, level)


def _stride(game: WolsungGame, m: WolsungModel, target: WolsungModel) -> Way | None:
    """The shortest walk of a Juggernaut into base contact with ``target`` that ends in no
    impassable piece, to one of the spots round it (L687): the way to charge a target
    standing against a wall."""
    most = allowance(game, m)
    routes = [move_route(game, m, p, most, ignore=target.id) for p in _around(m, target)]
    walks = [
        r for r in routes if not isinstance(r, str) and _touches(game, m, r.end, m.level, target)
    ]
    if not walks:
        return None
    path = min(walks, key=lambda r: r.length)
    return Way(WALK, path.end, m.level, path)


def charge_way(game: WolsungGame, m: WolsungModel, target: WolsungModel, heroic: bool) -> Way:
    """How a Charge of ``m`` at ``target`` goes (see the module docstring); ``heroic``: its
    Hero paid for a Heroic Move this activation (L213)."""
    path = charge_path(game, m, target)
    if path is not None and _touches(game, m, path.end, m.level, target):
        return Way(WALK, path.end, m.level, path)
    stride = _stride(game, m, target) if strides(game, m) else None
    if stride is not None:
        return stride
    held: Way | None = None
    for via, point, level in _ladders(game, m):
        free, blocked = _room(game, m, point, level, target)
        if free and _touches(game, m, point, level, target):
            return Way(LADDER, point, level, via=via)
        if blocked and held is None:
            held = Way(LADDER, m.pos, m.level, via=via, held=True)
    climb = _climb(game, m, target) if heroic else None
    if climb is not None and not climb.held:
        return climb
    held = held or climb
    jump = _jump(game, m, target) if heroic else None
    if jump is not None:
        return jump
    if held is not None:
        return held
    return Way(WALK, m.pos if path is None else path.end, m.level, path)


def _held_back(game: WolsungGame, m: WolsungModel, target: WolsungModel, way: Way) -> Way:
    """``way``, held by the rules that keep ``m`` near others (:mod:`.tethers`: a Golem's
    Control Range, L556; a Hound's pack, L499): a walk stops where one would break; a way
    that ends breaking one by a ladder, a climb or a jump is not taken."""
    for tether in tethers(game, m):
        if way.kind == WALK and way.path is not None:
            path = cut(game, m, way.path, target.id, tether)
            path = None if path is None else _settled(game, m, target, path)
            if path is not way.path:
                way = Way(WALK, m.pos if path is None else path.end, m.level, path)
        elif not way.held and not tether.holds(base_at(game, m, way.end, way.level)):
            game.emit(tether.event, tether.rule, (m.id,))
            way = Way(WALK, m.pos, m.level)
    return way


def _go(game: WolsungGame, m: WolsungModel, way: Way) -> None:
    """Move ``m`` the way its Charge goes, and log it."""
    if way.held:
        return
    if way.kind == WALK:
        if way.path is not None:
            walk(game, m, way.path, CHARGE)
    elif way.kind == LADDER:
        climb(game, m, next(lad for lad in game.board.ladders if lad.id == way.via))
    else:
        land(game, m, CLIMB if way.kind == HEROIC_CLIMB else JUMP, way.end, way.level)


@dataclass(slots=True, eq=False)
class ChargeAt(Step):
    """A Charge of ``model`` at ``target`` (L127, L149-L154, §7 item 33); ``heroic`` once its
    Hero paid for a Heroic Move this activation (L213)."""

    rule = CHARGE
    model: str = ""
    target: str = ""
    heroic: bool = False

    def run(self, game: WolsungGame, action: Action | None) -> Decision | list[Step]:
        m, target = game.model(self.model), game.model(self.target)
        start = surface(game, m)
        way = _held_back(game, m, target, charge_way(game, m, target, self.heroic))
        _go(game, m, way)
        if way.held:
            link(game, m, target)
            game.emit("charge-held", ACROSS, (m.id, target.id))
        if not in_contact(game, m, target):
            short = gap(game, m, target)
            game.emit("charge-short", "§7 item 33", (m.id, target.id), gap=round(short, 2))
            return []
        game.emit("charged", CHARGE, (m.id, target.id))
        attack = ChargeAttack(charger=m.id, target=target.id, start_height=start)
        return [SplitMelee(charger=m.id), attack]


@dataclass(slots=True, eq=False)
class ChargeAttack(Step):
    """The one melee attack a Charge of ``charger`` at ``target``, begun at ``start_height``,
    may make once in base contact: its player's to make or not, at the target or at any other
    enemy the charger then touches, all of them in melee with it (L127, L129, L155, L162)."""

    rule = CHARGE
    charger: str = ""
    target: str = ""
    start_height: float = 0.0

    def run(self, game: WolsungGame, action: Action | None) -> Decision | list[Step]:
        m, target = game.model(self.charger), game.model(self.target)
        if action is None:
            return self._ask(game, m, target)
        if action.kind == "no-attack":
            game.emit("charge-no-attack", CHARGE, (m.id, target.id))
            return []
        return [
            MeleeAttack(
                attacker=m.id, defender=action.args[1], charge=True, start_height=self.start_height
            )
        ]

    def _ask(self, game: WolsungGame, m: WolsungModel, target: WolsungModel) -> Decision:
        """The attack at the target first, then at each other enemy in base contact, or none."""
        others = [o for o in melee_targets(game, m) if o.id != target.id]
        names = ", ".join(f"{o.name} ({o.id})" for o in others)
        also, rules = (
            (f" or another enemy it touches: {names}", "L127, L155") if others else ("", "L127")
        )
        return Decision(
            m.side,
            "charge-attack",
            f"{m.name} has charged {target.name}: attack it{also}, or not ({rules})",
            (
                *(Action("attack", (m.id, o.id)) for o in (target, *others)),
                Action("no-attack", (m.id, target.id)),
            ),
        )

    def option_error(self, game: WolsungGame, action: Action) -> str | None:
        """An attack at an enemy the charger does not touch, or one Concealed in the Crowd."""
        m = game.model(self.charger)
        if action.kind != "attack" or action.args[:1] != (m.id,) or len(action.args) != 2:
            return None
        foe = next((o for o in enemies(game, m) if o.id == action.args[1]), None)
        if foe is None:
            return None
        if not in_contact(game, m, foe):
            return f"{foe.name} is not in base contact with {m.name} (L129)"
        return crowd_problem(game, foe)
