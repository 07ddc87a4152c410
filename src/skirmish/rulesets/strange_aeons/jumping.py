"""Jumping (R:270-271, rules notes §1.13.3): a Move straight from one surface to another, a
roof to the ground or to another roof, or the ground up onto a roof at most 1" high.

The gap is the part of the jump over neither surface (none to or from the ground, which is
everywhere). A gap under 2" is crossed freely; one of 2" to 6" asks for a Dexterity test,
harder on ice (R:266), on which Lucky and the Lucky Charm are offered (R:1101, R:476), which
a Surefooted model re-rolls once when it fails and no re-roll was made (R:1147), and which a
Whip passes when the landing is at most 2" above or below the take-off (R:484); failing, the
model falls from its roof into the gap (R:271). The landing is at most 1" higher than the
take-off (2" with a Whip), and the whole jump within the model's Movement. A rolled Movement
is rolled for it (R:2116): a roll short of the jump takes the model as far as it goes toward
the landing on its own surface, stopping at the edge, and the Action counts as a Move, as a
Charge short of its target does (rules notes item 49). The book makes falls of pushes, Throws
and failed jump tests only (R:268, R:271), so neither a jump down nor a short roll makes one.
A Charge crosses a gap under 2" straight into base-to-base (R:271); the introduction has no
jumping (``jumping`` in its data).
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

from skirmish.dice import Roll
from skirmish.engine.action import KEPT_PLAY, Action, kept
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.geometry.memo import Memo
from skirmish.geometry.shapes import CONTACT, Point, point_segment_distance
from skirmish.geometry.terrain import nearest_in
from skirmish.rulesets.strange_aeons import lucky, tokens
from skirmish.rulesets.strange_aeons.afflictions import dexterity_test
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.damage import fall_down
from skirmish.rulesets.strange_aeons.falling import landing
from skirmish.rulesets.strange_aeons.ice import slip
from skirmish.rulesets.strange_aeons.model import AeonsModel
from skirmish.rulesets.strange_aeons.pace import rolled, sprint_bonus, sprinted, top
from skirmish.rulesets.strange_aeons.space import (
    inches,
    models,
    path_toward,
    placement_reason,
    surface_name,
)

if TYPE_CHECKING:
    import shapely

    from skirmish.geometry.board import Board
    from skirmish.geometry.terrain import Terrain
    from skirmish.rulesets.strange_aeons.state import AeonsGame

JUMP = "Advanced Terrain: Jumping (R:271)"
SHORT = "Advanced Terrain: Jumping: a rolled Movement falls short (R:271, R:2116; notes §6 item 49)"
FREE_GAP = 2.0
"""A gap narrower than this is crossed with no test (R:271)."""
WIDEST = 6.0
"""The widest gap a model may jump (R:271)."""
HIGHER = 1.0
"""How much higher than the take-off a landing may be (R:271)."""
WHIP_HEIGHT = 2.0
"""How much higher or lower a landing may be for a Whip to pass the test (R:484)."""
WHIP = "Extra Gear: Whip (R:484)"
SUREFOOTED = "Skills: Surefooted (R:1147)"
SPOTS = 4
"""Landing spots offered below a roof's edge (the nearest ones)."""
ROOF_SPOTS = "strange-aeons-roof-spots"
ROOF_SPOTS_KEPT = 4096
"""The nearest spot on each roof, by where a base stands: kept by the board, as a model that
has not moved asks again after every Action of another."""
ROOMS = "strange-aeons-roof-rooms"
"""Where a base of each size stands on each roof, kept by the board."""


def gap(game: AeonsGame, m: AeonsModel, point: Point) -> float:
    """The part of a jump of ``m`` to ``point`` over neither surface."""
    board = game.board
    level = board.surface_at(point)
    if m.level is None or level is None:
        return 0.0
    over = sum(board.piece(s).inside_length(m.pos, point) for s in (m.level, level))
    return max(0.0, math.dist(m.pos, point) - over)


def jump_reach(game: AeonsGame, m: AeonsModel) -> float:
    """How far a jump Action of ``m`` goes: its Movement, 2" more with Sprint after a Move
    (a jump is a Move Action, :func:`.pace.sprint_bonus`)."""
    return top(game, m) + sprint_bonus(game, m)


def jump_error(game: AeonsGame, m: AeonsModel, point: Point) -> str | None:
    """Why ``m`` may not jump to ``point`` with a jump Action, or ``None``."""
    return _jump_error(game, m, point, jump_reach(game, m))


def _jump_error(game: AeonsGame, m: AeonsModel, point: Point, most: float) -> str | None:
    """Why ``m`` may not jump to ``point`` within ``most``, or ``None``."""
    if not catalog_of(game).scenario.jumping:
        return "this game has no jumping"
    board = game.board
    level = board.surface_at(point)
    if level == m.level:
        return f"the point is on {surface_name(game, level)} too: a Move goes there"
    rise = board.surface_height(level) - board.surface_height(m.level)
    higher = WHIP_HEIGHT if catalog_of(game).profile(m.profile).carries("whip") else HIGHER
    if rise > higher + 1e-9:
        there = surface_name(game, level)
        return f'{there} is {rise:g}" higher: a jump lands {higher:g}" higher at most'
    length = math.dist(m.pos, point)
    if length > most + 1e-9:
        return f'the point is {inches(length)} away, more than the {most:g}" of a jump'
    wide = gap(game, m, point)
    if wide > WIDEST + 1e-9:
        return f'the gap is {inches(wide)}: a jump clears {WIDEST:g}" at most'
    return placement_reason(game, m, point, level) or _in_the_way(game, m, point, level)


def _in_the_way(game: AeonsGame, m: AeonsModel, point: Point, level: str | None) -> str | None:
    """A model on either surface that the jump would pass through, or ground terrain."""
    ends = (m.level, level)
    for o in models(game):
        if (
            o.id != m.id
            and o.level in ends
            and point_segment_distance(o.pos, m.pos, point) < m.radius + o.radius - 1e-6
        ):
            return f"{o.id} is in the way of the jump"
    if None not in ends:
        return None
    walls = ("impassable", "climbable")
    for t in game.board.terrain:
        if t.id not in ends and t.movement in walls and t.swept_by((m.pos, point), m.radius):
            return f"the {t.name} is in the way of the jump"
    return None


def charge_spot(game: AeonsGame, m: AeonsModel, target: AeonsModel) -> Point | None:
    """Where ``m`` lands in base-to-base with ``target`` on another surface by a Charge
    across a gap under 2" (R:271): straight toward it, or ``None`` if no such jump."""
    d = math.dist(m.pos, target.pos)
    if m.level == target.level or d == 0.0 or not catalog_of(game).scenario.jumping:
        return None
    back = (m.radius + target.radius + CONTACT / 2) / d
    spot = (target.x + (m.x - target.x) * back, target.y + (m.y - target.y) * back)
    if game.board.surface_at(spot) != target.level or gap(game, m, spot) >= FREE_GAP:
        return None
    return spot if _jump_error(game, m, spot, top(game, m)) is None else None


def jump_spots(game: AeonsGame, m: AeonsModel) -> list[Point]:
    """Where ``m`` may jump to: the nearest few spots below its roof's edge, and the nearest
    spot on each other roof, those :func:`jump_error` refuses none of as an Action keeps
    them (:func:`.action.kept`)."""
    if not catalog_of(game).scenario.jumping:
        return []
    board = game.board
    found: list[Point] = []
    if m.level is not None:
        around = board.piece(m.level).spots_around(m.pos, m.radius, 0.5)
        below = (kept(p) for p in around if jump_error(game, m, kept(p)) is None)
        found += itertools.islice(below, SPOTS)
    most = jump_reach(game, m)
    for t in board.terrain:
        if t.movement == "climbable" and t.id != m.level and _within(t, m.pos, most):
            spot = _nearest_on(board, t, m)
            if spot is not None and jump_error(game, m, kept(spot)) is None:
                found.append(kept(spot))
    return found


def _within(t: Terrain, p: Point, most: float) -> bool:
    """Whether the box around ``t`` comes within ``most`` of ``p`` (with a hundredth to spare
    for the rounding of a spot kept): a roof beyond it has no spot a jump reaches, and its
    nearest spot, which a polygon gives, is not worth finding."""
    x0, y0, x1, y1 = t.bbox
    dx, dy = max(x0 - p[0], 0.0, p[0] - x1), max(y0 - p[1], 0.0, p[1] - y1)
    return math.hypot(dx, dy) <= most + KEPT_PLAY


def _nearest_on(board: Board, t: Terrain, m: AeonsModel) -> Point | None:
    """The spot on the roof ``t`` nearest to ``m`` where its base stands wholly on it."""
    rooms: Memo[tuple[str, float], shapely.Polygon] = board.memo(ROOMS)
    nearest: Memo[tuple[str, Point, float], Point | None] = board.memo(ROOF_SPOTS, ROOF_SPOTS_KEPT)
    room = rooms.remember((t.id, m.radius), partial(t.room, m.radius))
    return nearest.remember((t.id, m.pos, m.radius), partial(nearest_in, room, m.pos))


@dataclass(slots=True, eq=False)
class Jump(Step):
    """A jump Action to ``to``: a Dexterity test across a gap of 2" or more, Lucky offered
    (R:1101, R:476), then the model lands or falls."""

    rule = JUMP
    model: str
    to: tuple[float, float]
    reach: float
    """How far it may go: the model's Movement, or more for a Sprint (:func:`jump_reach`)."""
    roll: Roll | None = None

    def option_error(self, game: AeonsGame, action: Action) -> str | None:
        """A Lucky re-roll refused: the die is not one offered."""
        return lucky.refusal(game, action, self.roll)

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.model)
        if self.roll is None:
            if not _take_off(game, m, self.to, self.reach - top(game, m)):
                return []
            if gap(game, m, self.to) < FREE_GAP or _whipped(game, m, self.to):
                _land(game, m, self.to)
                return []
        need, (self.roll, ask) = dexterity_test(game, m, self.roll, action, JUMP)
        if ask is not None:
            return ask
        roll = self.roll
        surefooted = catalog_of(game).profile(m.profile).has("surefooted")
        if roll.value < need and surefooted and 0 not in roll.rerolled:
            roll = game.reroll(roll, 0, SUREFOOTED, m.id)
        passed = roll.value >= need
        game.emit("jump-test", JUMP, (m.id,), need=need, passed=passed)
        if passed:
            _land(game, m, self.to)
            return []
        game.emit("jump-failed", JUMP, (m.id,))
        fall = None if m.level is None else landing(game, m, self.to)
        if fall is not None:
            fall_down(game, m, fall)
        return []


def leap(game: AeonsGame, m: AeonsModel, to: Point) -> None:
    """``m`` jumps a gap under 2" to ``to`` with no test (a Charge's, R:271); a rolled
    Movement short of it leaves it on its own surface (:func:`_short`)."""
    if _take_off(game, m, to, 0.0):
        _land(game, m, to)


def _take_off(game: AeonsGame, m: AeonsModel, to: Point, bonus: float) -> bool:
    """Whether ``m`` jumps to ``to``, going ``bonus`` further for a Sprint: a rolled Movement
    short of the jump leaves it on its own surface (:func:`_short`)."""
    move = rolled(game, m)
    length = math.dist(m.pos, to)
    if move is not None and length > move + bonus + 1e-9:
        _short(game, m, to, move + bonus)
        return False
    sprinted(game, m, length, top(game, m) if move is None else move, bonus)
    return True


def _land(game: AeonsGame, m: AeonsModel, to: Point) -> None:
    """``m`` lands at ``to``, across the gap it jumped."""
    wide = gap(game, m, to)
    m.x, m.y = to
    m.level = game.board.surface_at(to)
    game.emit("jumped", JUMP, (m.id,), to=list(to), gap=round(wide, 2))
    tokens.land(game, m)


def _short(game: AeonsGame, m: AeonsModel, to: Point, move: float) -> None:
    """A rolled Movement short of the jump to ``to``: ``m`` goes as far as it takes it toward
    the landing on its own surface, stopping at the edge, across ice as any Move (R:266);
    the Action counts as a Move and nothing falls (rules notes item 49, R:271)."""
    path = path_toward(game, m, to, move, 0.0, ())
    if path is not None:
        tokens.travel(game, m, path, SHORT)
    game.emit("jump-short", SHORT, (m.id,), movement=move)
    if path is not None:
        slip(game, m, path, move)


def _whipped(game: AeonsGame, m: AeonsModel, to: Point) -> bool:
    """Whether a Whip passes ``m``'s jump test: the landing at most 2" above or below the
    take-off (R:484)."""
    board = game.board
    rise = board.surface_height(board.surface_at(to)) - board.surface_height(m.level)
    if not catalog_of(game).profile(m.profile).carries("whip") or abs(rise) > WHIP_HEIGHT + 1e-9:
        return False
    game.emit("whip", WHIP, (m.id,))
    return True
