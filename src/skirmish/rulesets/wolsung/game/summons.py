"""Models called into play during the game: a Special Action [A] puts the henchmen a model
comes with in base contact with it (Release the Hounds! L493, Natural Engineer L356, L668;
rules notes §1.4, §6 D13, §7 items 50, 58, 68).

- The Action is open to a model with a ``summon`` effect (:mod:`..rules_data.rule_effects`)
  while none of the henchmen it brings has come into play (so once a game, §7 items 58, 68),
  out of melee (a model in melee may only Move or Fight, L126), and where there is room for
  all of them in base contact with it. A Quick one may Move first in the same Action (L228):
  the spot it moves to must leave that room.
- Its player places them one by one, each in base contact with the bringer on its surface
  (L14), where the base fits and the others still find room; the book sets no other bound,
  so one may touch an enemy too. They have not activated this turn. With ``then=next``
  (Release the Hounds) they are the next models activated, as one activation, right after
  their bringer's and before any bid (L493, L499, §7 item 68; ``state.next_up``, played by
  :class:`..initiative.AfterActivation`).
- They are Henchmen as printed (notes §2.6), free and outside the henchmen cap (§7 item 50),
  and worth no casualty points (house scenarios §4.0, :mod:`.scoring`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from skirmish.engine.action import Action, kept
from skirmish.engine.decision import Decision, PointSpec
from skirmish.engine.step import Step
from skirmish.geometry.shapes import CONTACT, Point, edge_distance
from skirmish.rulesets.wolsung.game.base import member, rules_of
from skirmish.rulesets.wolsung.game.model import WolsungModel
from skirmish.rulesets.wolsung.game.movement import move_error
from skirmish.rulesets.wolsung.game.roster import Arrival
from skirmish.rulesets.wolsung.game.state import WolsungGame
from skirmish.rulesets.wolsung.rules_data.records import Keyword
from skirmish.rulesets.wolsung.rules_data.rule_effects import Before, Summon, Then
from skirmish.rulesets.wolsung.table.measure import inches

__all__ = [
    "SPECIAL_ACTION",
    "Summoning",
    "called",
    "contact_spots",
    "place_error",
    "quick_summon_error",
    "summon_of",
    "summon_options",
]

SPECIAL_ACTION = "L71"
RING = 72
"""Spots tried around a bringer, evenly spaced, when looking for room in base contact."""

Base = tuple[Point, float, str | None]
"""A base on the table as placing sees it: centre, radius, surface."""


def summon_of(game: WolsungGame, m: WolsungModel) -> Summon | None:
    """The summon ``m``'s rules give it, if any."""
    return next((e for e in member(game, m.id).effects if isinstance(e, Summon)), None)


def called(game: WolsungGame, m: WolsungModel, effect: Summon) -> list[WolsungModel]:
    """The models ``effect`` of ``m`` calls into play."""
    return [
        o
        for o in game.models
        if (brought := member(game, o.id)).bringer == m.id
        and brought.arrival is Arrival.SUMMONED
        and brought.record == effect.model
    ]


def _keyword(game: WolsungGame, m: WolsungModel, effect: Summon) -> Keyword:
    """The special rule of ``m`` that gives ``effect``."""
    keywords = rules_of(game).catalog.keywords
    return next(
        keywords[ref.id]
        for ref in member(game, m.id).fighter.rules
        if effect in keywords[ref.id].effects
    )


def _others(game: WolsungGame, *leave: str) -> list[Base]:
    """The bases on the table, but those of ``leave``."""
    return [(o.pos, o.radius, o.level) for o in game.models if o.on_table and o.id not in leave]


def _ring(centre: Point, reach: float) -> list[Point]:
    """:data:`RING` spots ``reach`` from ``centre``, evenly spaced, anticlockwise from east, to
    the hundredth of an inch an Action keeps (:func:`.action.kept`): a spot that fits only
    unrounded, squeezed against a wall, is no room its player could answer with."""
    x, y = centre
    angles = (math.tau * k / RING for k in range(RING))
    return [kept((x + reach * math.cos(a), y + reach * math.sin(a))) for a in angles]


def contact_spots(
    game: WolsungGame, centre: Point, radius: float, level: str | None, r: float, others: list[Base]
) -> list[Point]:
    """Where a base of radius ``r`` fits in base contact with the base of ``radius`` at
    ``centre``, on ``level``, among ``others`` (:data:`RING` spots around it)."""
    board = game.board
    ring = _ring(centre, radius + r)
    return [p for p in ring if board.placement_error(p, r, level, others) is None]


def _room(
    game: WolsungGame,
    centre: Point,
    radius: float,
    level: str | None,
    radii: Sequence[float],
    others: list[Base],
) -> bool:
    """Whether bases of ``radii`` (one profile's, so alike) all find room in base contact with
    the one at ``centre``: packed round it from the end of a stretch that is taken, each in
    the first spot free, which fits as many as any packing does."""
    if not radii:
        return True
    board, r = game.board, radii[0]
    ring = _ring(centre, radius + r)
    free = [board.placement_error(p, r, level, others) is None for p in ring]
    if not any(free):
        return False
    start = free.index(False) if not all(free) else 0
    placed = list(others)
    for p in ring[start:] + ring[:start]:
        if board.placement_error(p, r, level, placed) is None:
            placed.append((p, r, level))
            if len(placed) - len(others) == len(radii):
                return True
    return False


def _unused(game: WolsungGame, m: WolsungModel, effect: Summon) -> bool:
    """Whether none of the models ``effect`` calls has come into play yet (§7 items 58, 68)."""
    return all(not o.deployed and o.in_play for o in called(game, m, effect))


def summon_options(game: WolsungGame, m: WolsungModel) -> tuple[list[Action], list[PointSpec]]:
    """The summons ``m`` may make now, as it stands and, if Quick, after a Move (L71, L228);
    the caller offers them only out of melee and standing (L111, L126)."""
    effect = summon_of(game, m)
    if effect is None or not _unused(game, m, effect):
        return [], []
    radii = [o.radius for o in called(game, m, effect)]
    args = (m.id, effect.model)
    here = _room(game, m.pos, m.radius, m.level, radii, _others(game))
    options = [Action("summon", args)] if here else []
    name = _keyword(game, m, effect).name
    points = (
        [PointSpec("quick-summon", args, f"a point within M, then {name} (L228)")]
        if effect.before is Before.QUICK
        else []
    )
    return options, points


def quick_summon_error(game: WolsungGame, m: WolsungModel, point: Point) -> str | None:
    """Why ``m`` may not Move to ``point`` and summon there, or ``None`` (L228)."""
    moving = move_error(game, m, point)
    if moving is not None:
        return moving
    effect = summon_of(game, m)
    assert effect is not None
    radii = [o.radius for o in called(game, m, effect)]
    if not _room(game, point, m.radius, m.level, radii, _others(game, m.id)):
        return f"no room there for the models {_keyword(game, m, effect).name} calls in"
    return None


def place_error(
    game: WolsungGame, bringer: WolsungModel, m: WolsungModel, point: Point
) -> str | None:
    """Why ``m`` may not come in at ``point``, or ``None``: in base contact with ``bringer``
    on its surface, where the base fits, leaving room for the others still to come (L14)."""
    gap = edge_distance(point, m.radius, bringer.pos, bringer.radius)
    if gap > CONTACT:
        shown = inches(gap, (CONTACT,))
        return f'{m.name} comes in in base contact with {bringer.name}: {shown}" apart'
    others = _others(game, m.id)
    fits = game.board.placement_error(point, m.radius, bringer.level, others)
    if fits is not None:
        return f"{m.name}'s base does not fit there: {fits}"
    effect = summon_of(game, bringer)
    assert effect is not None
    rest = [o.radius for o in called(game, bringer, effect) if not o.deployed and o.id != m.id]
    placed = [*others, (point, m.radius, bringer.level)]
    if not _room(game, bringer.pos, bringer.radius, bringer.level, rest, placed):
        return "it would leave no room for the others in base contact"
    return None


@dataclass(slots=True, eq=False)
class Summoning(Step):
    """``bringer``'s summon of its henchmen of profile ``henchman``: each placed in turn by its
    player (L71, L356, L493); ``announced`` once the log has it."""

    rule = SPECIAL_ACTION
    bringer: str = ""
    henchman: str = ""
    announced: bool = False

    def run(self, game: WolsungGame, action: Action | None) -> Decision | list[Step]:
        b = game.model(self.bringer)
        effect = summon_of(game, b)
        assert effect is not None and effect.model == self.henchman
        keyword = _keyword(game, b, effect)
        rule, models = f"L{keyword.line}", called(game, b, effect)
        if not self.announced:
            self.announced = True
            game.emit("summons", rule, (b.id,), rule_name=keyword.name, count=len(models))
        if action is not None and action.point is not None:
            m = game.model(action.args[0])
            (m.x, m.y), m.level = action.point, b.level
            game.emit("enters", rule, (m.id,), at=list(action.point))
        coming = [o for o in models if not o.deployed]
        if coming:
            m = coming[0]
            spec = PointSpec("place", (m.id,), f"a point in base contact with {b.name}")
            prompt = f"place {m.name} in base contact with {b.name} ({keyword.name})"
            return Decision(b.side, "place", prompt, points=(spec,))
        if effect.then is Then.NEXT:
            game.state.next_up = tuple(o.id for o in models)
        return []

    def point_error(self, game: WolsungGame, action: Action) -> str | None:
        """Why the model may not come in at the point, or ``None``."""
        assert action.point is not None
        return place_error(game, game.model(self.bringer), game.model(action.args[0]), action.point)
