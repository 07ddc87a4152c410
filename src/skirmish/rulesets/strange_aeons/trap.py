"""The Big Game Hunter's Trapper (R:388): once a game, as an Action, the Hunter sets a bear
trap, a counter placed on the table within 1" of its base, at a point its player chooses.

Any other model, friend or foe, whose Action Moves it within 4" of the counter (the way
straight from where the Action began to where it ended comes that close to its base, as
Table Salt's way is judged, :mod:`.salt`; the height between their surfaces counted, as
between two models) tests its Dexterity, harder on ice; a failure costs it a Wound, with an
Injury roll if it had no more; Lucky and the Lucky Charm are offered on the test (R:1101,
R:476). Sprung, passed or failed, the trap is removed. The Hunter never springs its own
trap.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.action import KEPT_PLAY, Action
from skirmish.engine.decision import PointSpec
from skirmish.engine.step import Step
from skirmish.geometry.shapes import point_segment_distance
from skirmish.rulesets.strange_aeons.afflictions import DexterityTest
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.damage import suffer
from skirmish.rulesets.strange_aeons.salt import Swept
from skirmish.rulesets.strange_aeons.space import lifted, ring

if TYPE_CHECKING:
    from skirmish.engine.decision import Decision
    from skirmish.geometry.shapes import Point
    from skirmish.rulesets.strange_aeons.model import AeonsModel
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Big Game Hunter: Trapper (R:388)"
SET = "set-trap"
ARITY = {SET: 1}
"""The Trapper's Action, with how many arguments it has, the model first."""
PLACE_REACH = 1.0
"""How far from the Hunter's base the counter may go (R:388)."""
WAYS = 8
"""The ways round the Hunter its counter may be offered, as a compass's points."""
SPRING_REACH = 4.0
"""How near a model's Move must come to the counter to spring it (R:388)."""
HINT = 'a point within 1" of the Hunter: its bear trap (R:388)'


def may_set(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` is a Trapper that has not set its trap yet."""
    trapper = catalog_of(game).profile(m.profile).can("trapper")
    return trapper and m.id not in game.state.trappers


def points(game: AeonsGame, m: AeonsModel) -> list[PointSpec]:
    """Setting the trap, while the Hunter has not."""
    return [PointSpec(SET, (m.id,), HINT)] if may_set(game, m) else []


def spots(game: AeonsGame, m: AeonsModel) -> list[Point]:
    """The points offered for the counter: 1" from the base, eight ways, on the table."""
    board, reach = game.board, m.radius + PLACE_REACH
    return [
        (x, y)
        for x, y in ring(m.pos, reach, WAYS)
        if 0 <= x <= board.width and 0 <= y <= board.height
    ]


def error(game: AeonsGame, m: AeonsModel, action: Action) -> str | None:
    """Why ``m`` may not set its trap at the point of ``action``."""
    if not may_set(game, m):
        return f"{m.id} sets no bear trap: a Big Game Hunter sets one a game (R:388)"
    if action.point is None:
        return f"a bear trap needs its place: {SET} {m.id} x,y"
    x, y = action.point
    if not (0.0 <= x <= game.board.width and 0.0 <= y <= game.board.height):
        return "a bear trap goes on the table"
    if math.dist(m.pos, action.point) > m.radius + PLACE_REACH + KEPT_PLAY:
        return f'a bear trap goes within 1" of {m.id} (R:388): that point is further'
    return None


def perform(game: AeonsGame, m: AeonsModel, action: Action) -> list[Step]:
    """Place the counter at the point chosen."""
    assert action.point is not None
    st = game.state
    st.trappers = (*st.trappers, m.id)
    st.traps = (*st.traps, (m.id, *action.point, m.level or ""))
    game.emit("trap-set", RULE, (m.id,), at=action.point)
    return []


@dataclass(slots=True, eq=False)
class Sprung(Swept):
    """After an Action: each trap the model Moved within 4" of, from ``x``, ``y`` to where it
    stands, springs on it (R:388)."""

    rule = RULE

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.model)
        if not game.state.traps or m.removed is not None or m.pos == (self.x, self.y):
            return []
        way = ((self.x, self.y), m.pos)
        sprung = [
            t
            for t in game.state.traps
            if t[0] != m.id and _near(game, m, self.level, way, t) <= SPRING_REACH
        ]
        st = game.state
        st.traps = tuple(t for t in st.traps if t not in sprung)
        return [Spring(m.id, hunter=trap[0]) for trap in sprung]


def _near(
    game: AeonsGame,
    m: AeonsModel,
    start: str,
    way: tuple[Point, Point],
    trap: tuple[str, float, float, str],
) -> float:
    """How near the base of ``m``, going ``way`` from the surface ``start`` to its own, came
    to ``trap``: the height between the surfaces counted, the nearer of the two (our
    reading: a way straight across gives no point where it changed surface)."""
    flat = point_segment_distance(trap[1:3], *way) - m.radius
    counter = trap[3] or None
    return min(lifted(game, flat, s, counter) for s in (start or None, m.level))


@dataclass(slots=True, eq=False)
class Spring(DexterityTest):
    """A trap of ``hunter`` sprung on ``model``, removed already: its Dexterity test, Lucky
    offered (R:1101, R:476), taken while the model is in play; a failure costs a Wound."""

    rule = RULE
    event = "trap-sprung"
    hunter: str = ""

    def taken(self, game: AeonsGame, m: AeonsModel) -> bool:
        return m.removed is None

    def named(self, m: AeonsModel) -> tuple[str, ...]:
        return (m.id, self.hunter)

    def fails(self, game: AeonsGame, m: AeonsModel) -> list[Step]:
        return suffer(game, self.hunter, m, 1, RULE)
