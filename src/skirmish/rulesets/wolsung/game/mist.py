"""Mist Templates of the Triad: laying them, how many a club may keep, and walking from one to
another (L721-L725, L744, L787; rules notes §1.13, §5, §6 D23, §7 items 86, 95).

- Mistmaker [A], Quick: a Special Action that lays a Mist Template in base contact with the
  model, after a Move in the same Action if it likes, the Move first (L71, L75, L228, L744);
  not in a melee (L126). The player aims it: the template touches the model's base on the
  side of the point aimed at, on the level the model stands on.
- Under Cover of Mists: a club keeps no more Mist Templates on the table than it has
  Mistmakers there. To lay one more, its player first takes one of its own off; at the end of
  the turn it takes off those one too many, one at a time (L721, §6 D23).
- Mist stays from turn to turn (L52, L721); it hides what lies beyond it and gives Cover [1]
  to the models under it (L723, §7 item 86; :mod:`.sight`, :mod:`.attacks`).
- Mistwalker: as a Move, a model with the rule standing wholly under a Mist Template may be set
  wholly under another and move on from there as far as its M; the one it left is removed
  (L725). It steps across as its Move begins, to the spot under the other template nearest
  where it goes (a reading: "at any moment" of the Move is not played). While Acidic Fumes
  work, no model Mistwalks (L787).
- Retreat to Shadows: when an Action of Ata Kijao puts an enemy out of the game, at its end she
  may be placed anywhere wholly under a Mist Template where her base fits (L834).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision, PointSpec
from skirmish.engine.step import Step
from skirmish.geometry.shapes import CONTACT, Point
from skirmish.rulesets.wolsung.game.base import member, rules_of
from skirmish.rulesets.wolsung.game.effects import current
from skirmish.rulesets.wolsung.game.model import WolsungModel
from skirmish.rulesets.wolsung.game.movement import (
    MOVE,
    allowance,
    ends_in_contact,
    walk,
)
from skirmish.rulesets.wolsung.game.space import ghost, move_route, on_table
from skirmish.rulesets.wolsung.game.state import Template, WolsungGame
from skirmish.rulesets.wolsung.game.templates import (
    MIST,
    MIST_RADIUS,
    aim_error,
    fumes,
    lay,
    lift,
    mists,
    touching_centre,
    under,
)

__all__ = [
    "CAP",
    "MISTMAKER",
    "RETREAT_TO_SHADOWS",
    "LayMist",
    "MistWalk",
    "RetreatToShadows",
    "answer_lift",
    "lift_decision",
    "mist_spot",
    "mistmaker_rule",
    "mistmakers",
    "mistwalk_error",
    "mistwalks",
    "retreat_error",
    "stepping_stone",
    "too_many",
    "walking_from",
]

MISTMAKER = "mistmaker"
MISTWALKER = "mistwalker"
RETREAT_TO_SHADOWS = "retreat_to_shadows"
LAY = "L744"
CAP = "L721"
WALK = "L725"
RETREAT = "L834"
INSIDE = 2 * CONTACT
"""How far inside a template's rim a Mistwalker is set, so that it is wholly under it."""


def mistmakers(game: WolsungGame, side: int) -> int:
    """How many Mistmakers the club of ``side`` has on the table (L721)."""
    return sum(1 for o in on_table(game) if o.side == side and current(game, o).has(MISTMAKER))


def _own(game: WolsungGame, side: int) -> list[Template]:
    return [t for t in mists(game) if t.side == side]


def too_many(game: WolsungGame, side: int) -> bool:
    """Whether the club of ``side`` has more Mist Templates than Mistmakers (L721)."""
    return len(_own(game, side)) > mistmakers(game, side)


def lift_decision(game: WolsungGame, side: int, why: str) -> Decision:
    """The club of ``side`` takes one of its Mist Templates off the table (L721, §6 D23)."""
    return Decision(
        side,
        "lift-mist",
        f"{why}: take one of the club's Mist Templates off (L721)",
        tuple(Action("lift-mist", (t.id,)) for t in _own(game, side)),
    )


def answer_lift(game: WolsungGame, action: Action) -> None:
    """Take off the Mist Template the player chose (L721)."""
    lift(game, next(t for t in mists(game) if t.id == action.args[0]), CAP)


def mistmaker_rule(game: WolsungGame, m: WolsungModel) -> str:
    """The line that makes ``m`` a Mistmaker: its own entry's (Xen Jidao's, Ata Kijao's, the
    Trader's), else Mystic Incense's, the gadget a custom hero buys it with (L744)."""
    catalog = rules_of(game).catalog
    keyword = catalog.keywords[MISTMAKER]
    own = catalog.printed_in(member(game, m.id).record, keyword.also_at)
    return f"L{own or keyword.line}"


def mist_spot(m: WolsungModel, aim: Point) -> Point:
    """The centre of a Mist Template laid in base contact with ``m``, toward ``aim`` (L744)."""
    return touching_centre(m, aim, MIST_RADIUS)


@dataclass(slots=True, eq=False)
class LayMist(Step):
    """``model`` lays a Mist Template toward ``x, y``, asked for the aim once its Quick Move is
    made (``aimed``), one of its club's taken off first when it has as many as Mistmakers
    (``made_room``) (L721, L744)."""

    rule = LAY
    model: str = ""
    x: float = 0.0
    y: float = 0.0
    aimed: bool = False
    made_room: bool = False

    def run(self, game: WolsungGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.model)
        if action is not None and action.kind == "lift-mist":
            answer_lift(game, action)
            self.made_room = True
        elif action is not None and action.point is not None:
            (self.x, self.y), self.aimed = action.point, True
        if not self.aimed:
            hint = "aim the Mist Template: it is laid in base contact, toward the point (L744)"
            prompt = f"{m.name} lays a Mist Template (L744)"
            spec = PointSpec("mist-aim", (m.id,), hint)
            return Decision(m.side, "mist-aim", prompt, points=(spec,))
        if not self.made_room and len(_own(game, m.side)) >= mistmakers(game, m.side):
            why = "The club has as many Mist Templates as Mistmakers and lays another"
            return lift_decision(game, m.side, why)
        spot = mist_spot(m, (self.x, self.y))
        lay(game, MIST, spot, MIST_RADIUS, m.level, m.side, mistmaker_rule(game, m))
        return []

    def point_error(self, game: WolsungGame, action: Action) -> str | None:
        assert action.point is not None
        return aim_error(game, game.model(self.model), action.point, MIST)


# -- Mistwalker (L725) ---------------------------------------------------------------------------


def walking_from(game: WolsungGame, m: WolsungModel) -> Template | None:
    """The Mist Template ``m`` may Mistwalk from: one it stands wholly under, when it has
    Mistwalker and no Acidic Fumes work (L725, L787)."""
    if not current(game, m).has(MISTWALKER) or fumes(game) is not None:
        return None
    return next((t for t in mists(game) if under(t, m) == "full"), None)


def mistwalks(game: WolsungGame, m: WolsungModel) -> list[PointSpec]:
    """A Mistwalk to each other Mist Template, for a Move to a point (L725)."""
    start = walking_from(game, m)
    if start is None:
        return []
    reach = f'a point within {allowance(game, m):g}" of Move'
    return [
        PointSpec("mistwalk", (m.id, t.id), f"step into Mist Template {t.id}, then {reach} (L725)")
        for t in mists(game)
        if t.id != start.id
    ]


def stepping_stone(m: WolsungModel, template: Template, goal: Point) -> Point:
    """The spot wholly under ``template`` nearest ``goal`` for ``m``'s base (L725)."""
    inner = max(0.0, template.radius - m.radius - INSIDE)
    dx, dy = goal[0] - template.x, goal[1] - template.y
    apart = math.hypot(dx, dy)
    if apart <= inner:
        return goal
    return (template.x + dx / apart * inner, template.y + dy / apart * inner)


def mistwalk_error(game: WolsungGame, m: WolsungModel, template_id: str, goal: Point) -> str | None:
    """Why ``m`` may not Mistwalk into ``template_id`` and Move on to ``goal``, or ``None``
    (L725, L73)."""
    start = walking_from(game, m)
    template = next((t for t in mists(game) if t.id == template_id), None)
    if start is None or template is None or template.id == start.id:
        return f"{m.name} may not Mistwalk into {template_id} (L725)"
    stone = ghost(m, stepping_stone(m, template, goal), template.level)
    others = [(o.pos, o.radius, o.level) for o in on_table(game) if o.id != m.id]
    where = game.board.placement_error(stone.pos, m.radius, template.level, others)
    if where is not None:
        return f"no room in Mist Template {template.id}: {where}"
    route = move_route(game, stone, goal, allowance(game, m))
    if isinstance(route, str):
        return route
    touched = ends_in_contact(game, m, goal, template.level)
    if touched:
        return f"a Move may not end in base contact with an enemy ({touched}) (L73)"
    return None


@dataclass(slots=True, eq=False)
class MistWalk(Step):
    """A Move of ``model`` that steps into Mist Template ``to`` and goes on to ``x, y``, as
    :func:`mistwalk_error` passed it (L725)."""

    rule = WALK
    model: str = ""
    to: str = ""
    x: float = 0.0
    y: float = 0.0

    def run(self, game: WolsungGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.model)
        start = walking_from(game, m)
        template = next(t for t in mists(game) if t.id == self.to)
        assert start is not None
        lift(game, start, WALK)
        (m.x, m.y), m.level = stepping_stone(m, template, (self.x, self.y)), template.level
        game.emit("mistwalk", WALK, (m.id,), id=template.id)
        route = move_route(game, m, (self.x, self.y), allowance(game, m))
        assert not isinstance(route, str), route
        walk(game, m, route, MOVE)
        return []


# -- Retreat to Shadows (L834) -------------------------------------------------------------------


def retreat_error(game: WolsungGame, m: WolsungModel, point: Point) -> str | None:
    """Why ``m`` may not be placed at ``point`` by Retreat to Shadows, or ``None``: wholly
    under a Mist Template, its base fitting there (L834)."""
    into = next((t for t in mists(game) if under(t, ghost(m, point, t.level)) == "full"), None)
    if into is None:
        return "a spot wholly under a Mist Template (L834)"
    others = [(o.pos, o.radius, o.level) for o in on_table(game) if o.id != m.id]
    where = game.board.placement_error(point, m.radius, into.level, others)
    return None if where is None else f"no room there: {where}"


@dataclass(slots=True, eq=False)
class RetreatToShadows(Step):
    """The end of an Action of ``model``, which has Retreat to Shadows: if the Action put an
    enemy out of the game (one of the models fallen past the first ``fallen``), its player may
    place it wholly under a Mist Template (L834)."""

    rule = RETREAT
    model: str = ""
    fallen: int = 0

    def run(self, game: WolsungGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.model)
        if action is not None:
            if action.point is not None:
                spot = action.point
                into = next(t for t in mists(game) if under(t, ghost(m, spot, t.level)) == "full")
                (m.x, m.y), m.level = action.point, into.level
                game.emit("retreat", RETREAT, (m.id,), id=into.id)
            return []
        killed = [
            game.model(mid)
            for mid, by in game.state.fallen[self.fallen :]
            if by == m.side and game.model(mid).side != m.side
        ]
        if not (killed and m.on_table and mists(game)):
            return []
        return Decision(
            m.side,
            "retreat",
            f"{m.name} put {killed[0].name} out of the game: retreat into a Mist Template? (L834)",
            (Action("stay", (m.id,)),),
            (PointSpec("retreat", (m.id,), "a spot wholly under a Mist Template (L834)"),),
        )

    def point_error(self, game: WolsungGame, action: Action) -> str | None:
        assert action.point is not None
        return retreat_error(game, game.model(self.model), action.point)
