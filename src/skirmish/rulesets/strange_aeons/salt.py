"""Table Salt (R:480, rules notes §3.3 and §6 item 37): Extra Gear laid as a barrier.

Once a game, as an Action, the bearer lays a circle of salt round itself, the edge of a Small
Blast Template centred where it stands, or a line from where it stands to a point up to 4"
away, on the surface it stands on. An Undead or a Daemon whose Move, Charge, drag or jump
would cross salt tests its Resolve first, the way straight from where it stands to where it
goes (a Charge's to its target) judged; failing, the Action is spent. A Ghost may never cross
salt (item 37: a prohibition, not a movement penalty): its Move across is refused. Any model
whose Action takes it across salt, from where the Action began to where it ended, breaks it,
and so does one that psychology moves across it (Revulsion, Frenzy).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.action import KEPT_PLAY, Action
from skirmish.engine.decision import PointSpec
from skirmish.engine.step import Step
from skirmish.geometry.shapes import point_segment_distance, segments_intersect
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.extra_gear import RULES, spend, unspent
from skirmish.rulesets.strange_aeons.ghosts import is_ghost

if TYPE_CHECKING:
    from skirmish.engine.decision import Decision
    from skirmish.geometry.shapes import Point
    from skirmish.rulesets.strange_aeons.model import AeonsModel
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = RULES["table_salt"]
CIRCLE = "salt-circle"
LINE = "salt-line"
ARITY = {CIRCLE: 1, LINE: 1}
"""Table Salt's Actions, with how many arguments each has, the model first."""
LINE_LENGTH = 4.0
"""The longest salt line (R:480)."""
TEST = ("salt", RULE)
"""The event and the rule of the test to cross salt."""
HALTED = ("undead", "daemon")
"""The Special types that test to cross salt (R:480)."""
LINE_HINT = 'a point up to 4" away: the salt line runs from the bearer to it (R:480)'


def options(game: AeonsGame, m: AeonsModel) -> list[Action]:
    """A salt circle, while the bearer has its salt."""
    return [Action(CIRCLE, (m.id,))] if unspent(game, m, "table_salt") else []


def points(game: AeonsGame, m: AeonsModel) -> list[PointSpec]:
    """A salt line, while the bearer has its salt."""
    return [PointSpec(LINE, (m.id,), LINE_HINT)] if unspent(game, m, "table_salt") else []


def line_points(game: AeonsGame, m: AeonsModel) -> list[Point]:
    """The ends a salt line may be given: 4" from the bearer, eight ways, on the table."""
    board = game.board
    ends = []
    for degrees in range(0, 360, 45):
        rad = math.radians(degrees)
        x, y = m.x + LINE_LENGTH * math.cos(rad), m.y + LINE_LENGTH * math.sin(rad)
        if 0.0 <= x <= board.width and 0.0 <= y <= board.height:
            ends.append((round(x, 2), round(y, 2)))
    return ends


def error(game: AeonsGame, m: AeonsModel, action: Action) -> str | None:
    """Why ``m`` may not lay salt so now."""
    if not unspent(game, m, "table_salt"):
        return f"{m.id} has no Table Salt left: one line or circle a game (R:480)"
    if action.kind == LINE:
        if action.point is None:
            return f"a salt line needs its far end: {LINE} {m.id} x,y"
        if math.dist(m.pos, action.point) > LINE_LENGTH + KEPT_PLAY:
            return f'a salt line is 4" long at most (R:480): that point is further from {m.id}'
    return None


def perform(game: AeonsGame, m: AeonsModel, action: Action) -> list[Step]:
    """Lay the circle round ``m``, or the line from it to the point chosen."""
    spend(game, m, "table_salt")
    st = game.state
    level = m.level or ""
    if action.kind == CIRCLE:
        radius = catalog_of(game).scenario.blast_radius[0]
        st.salt = (*st.salt, (m.id, m.x, m.y, radius, -1.0, level))
        game.emit("salt-circle", RULE, (m.id,), at=m.pos, radius=radius)
        return []
    assert action.point is not None
    x, y = action.point
    st.salt = (*st.salt, (m.id, m.x, m.y, x, y, level))
    game.emit("salt-line", RULE, (m.id,), at=m.pos, to=action.point)
    return []


def _crosses(salt: tuple[str, float, float, float, float, str], a: Point, b: Point) -> bool:
    """Whether the way from ``a`` to ``b`` crosses ``salt``: a circle's edge (an ``r`` and a
    negative last number) or a line between two ends."""
    _, x, y, u, v, _ = salt
    if v < 0.0:
        inside_a, inside_b = math.dist(a, (x, y)) < u, math.dist(b, (x, y)) < u
        return inside_a != inside_b or (not inside_a and point_segment_distance((x, y), a, b) < u)
    return _intersect(a, b, (x, y), (u, v))


def _intersect(a: Point, b: Point, p: Point, q: Point) -> bool:
    """Whether the way ``a``-``b`` crosses the line ``p``-``q``: a way from or to a point on
    the line (the bearer stepping off its end) does not."""
    touch = min(point_segment_distance(a, p, q), point_segment_distance(b, p, q))
    return touch > 0.0 and segments_intersect(a, b, p, q)


def _way(game: AeonsGame, action: Action) -> Point | None:
    """Where ``action`` takes its model, straight: a point, or a Charge's target."""
    if action.kind == "charge":
        return game.model(action.args[1]).pos
    if action.kind in ("move", "drag", "jump"):
        return action.point
    return None


def barrier(game: AeonsGame, m: AeonsModel, action: Action) -> str | None:
    """The bearer of the salt that ``m``, an Undead or a Daemon, tests to cross with
    ``action``, if it would cross any."""
    # The salt first: nearly every game has none, and every Action asks.
    if not game.state.salt or not set(HALTED) & set(catalog_of(game).profile(m.profile).types):
        return None
    return _crossed(game, m, action)


def ghost_error(game: AeonsGame, m: AeonsModel, action: Action) -> str | None:
    """Why ``m``, a Ghost, may not take ``action``: it would cross salt (R:480, item 37)."""
    # The salt first: nearly every game has none, and every Move point asks.
    if not game.state.salt or not is_ghost(game, m):
        return None
    bearer = _crossed(game, m, action)
    if bearer is None:
        return None
    return f"{m.id} is a Ghost: it never crosses the salt {bearer} laid (R:480)"


def _crossed(game: AeonsGame, m: AeonsModel, action: Action) -> str | None:
    """The bearer of the salt ``action`` takes ``m`` across, straight, if any."""
    end = _way(game, action)
    if end is None:
        return None
    level = m.level or ""
    crossed = [s for s in game.state.salt if s[5] == level and _crosses(s, m.pos, end)]
    return crossed[0][0] if crossed else None


@dataclass(slots=True, eq=False)
class Swept(Step):
    """After an Action: the salt the model crossed, from ``x``, ``y`` to where it stands, is
    broken (R:480)."""

    rule = RULE
    model: str
    x: float
    y: float
    level: str = ""

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        sweep(game, game.model(self.model), (self.x, self.y), self.level)
        return []


def sweep(game: AeonsGame, m: AeonsModel, start: Point, level: str) -> None:
    """Break the salt ``m`` crossed going from ``start``, on the surface ``level``, to where
    it stands (R:480); none coming back onto the table from off it (Re-emerge, R:713)."""
    st = game.state
    if not st.salt or m.removed is not None or m.pos == start or start[0] < 0:
        return
    crossed = [s for s in st.salt if s[5] == level and _crosses(s, start, m.pos)]
    for s in crossed:
        game.emit("salt-broken", RULE, (m.id, s[0]))
    st.salt = tuple(s for s in st.salt if s not in crossed)
