"""What an activating model may do (C4.3, C4.4): its Move, and its actions: Attack (melee or
ranged), Move Again, Disengage, Aim, Interact (pick up a dropped weapon), Cast, throw a grenade,
use a consumable, and Search a Loot Marker within 1" when not Engaged (K2.1, :mod:`.search`; the
game has markers when the setup option ``loot`` puts them down). Interrogate needs Coworkers,
which the two-squad game has none of.

Action texts (model ids are args; names are one-word slugs):

* ``move A1 x,y`` / ``move-again A1 x,y`` / ``jump A1 x,y`` (a point, C4.4, C4.6)
* ``fight A1 B2 sword``, ``shoot A1 B2 laser``, ``shoot A1 B2 rifle overcharge``
* ``aim A1 B2``, ``disengage A1``, ``cast A1 B2``, ``throw A1 frag x,y``
* ``use A1 medkit A3``, ``pickup A1 W1``, ``search A1 L2``, ``end A1``
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.engine.decision import PointSpec
from skirmish.engine.step import Step
from skirmish.rulesets.sacred_wire.combat import Attack, melee_targets, ranged_targets
from skirmish.rulesets.sacred_wire.effects import Overcharge
from skirmish.rulesets.sacred_wire.items import (
    PickUp,
    Throw,
    Use,
    consumable_targets,
    pickups,
    throw_error,
)
from skirmish.rulesets.sacred_wire.model import WireModel
from skirmish.rulesets.sacred_wire.movement import MoveTo, move_error
from skirmish.rulesets.sacred_wire.powers import Cast, cast_targets
from skirmish.rulesets.sacred_wire.roster import (
    BY_SLUG,
    can_cast,
    free_disengage,
    move_allowance,
    ranged_weapons,
    slug,
)
from skirmish.rulesets.sacred_wire.search import Search, searchable
from skirmish.rulesets.sacred_wire.space import enemies, is_engaged, sees, threats

if TYPE_CHECKING:
    from skirmish.engine.game import Game
    from skirmish.rulesets.sacred_wire.activation import Activation

MOVES = ("move", "move-again", "jump")


def action_options(
    game: Game, m: WireModel, act: Activation
) -> tuple[tuple[Action, ...], tuple[PointSpec, ...]]:
    """Every option of the activating model now, as finite options and point choices."""
    options: list[Action] = []
    points: list[PointSpec] = []
    allowance = move_allowance(game, m)
    raised = m.level is not None and game.board.surface_height(m.level) > 3.0
    if not act.move_used:
        hint = f'a point within {allowance:g}" along a legal path (climbing 2" per 1")'
        points.append(PointSpec("move", (m.id,), hint))
    left = act.actions_left
    if left > 0:
        if act.move_used:
            points.append(PointSpec("move-again", (m.id,), f'Move Again: up to {allowance:g}"'))
        if raised:
            points.append(PointSpec("jump", (m.id,), "a point on the ground to jump down to"))
        options += _attacks(game, m)
        engaged = is_engaged(game, m)
        if not engaged and ranged_weapons(game, m):
            options += [
                Action("aim", (m.id, e.id))
                for e in enemies(game, m)
                if e.id != m.aim and sees(game, m, e)
            ]
        if not m.disengaged and not free_disengage(game, m) and threats(game, m):
            options.append(Action("disengage", (m.id,)))
        if can_cast(game, m) and not act.cast_done:
            options += [Action("cast", (m.id, t.id)) for t in cast_targets(game, m)]
        if not engaged:
            for grenade in dict.fromkeys(m.grenades):
                points.append(
                    PointSpec("throw", (m.id, slug(grenade)), 'a point within 6" to throw at')
                )
        for item in dict.fromkeys(m.consumables):
            options += [
                Action("use", (m.id, slug(item), t.id)) for t in consumable_targets(game, m, item)
            ]
        options += [Action("pickup", (m.id, marker)) for marker in pickups(game, m)]
        options += [Action("search", (m.id, marker)) for marker in searchable(game, m)]
    elif raised and not act.move_used:
        points.append(PointSpec("jump", (m.id,), "a point on the ground to jump down to"))
    options.append(Action("end", (m.id,)))
    return tuple(options), tuple(points)


def _attacks(game: Game, m: WireModel) -> list[Action]:
    found = [Action("fight", (m.id, e.id, slug(w.name))) for e, w in melee_targets(game, m)]
    for e, w in ranged_targets(game, m):
        found.append(Action("shoot", (m.id, e.id, slug(w.name))))
        if any(isinstance(x, Overcharge) for x in w.effects):
            found.append(Action("shoot", (m.id, e.id, slug(w.name), "overcharge")))
    return found


def point_error(game: Game, m: WireModel, act: Activation, action: Action) -> str | None:
    """Why the point of a move, jump or throw is not allowed, or None."""
    assert action.point is not None
    if action.kind in MOVES:
        return move_error(game, m, action.point, action.kind)
    if action.kind == "throw":
        return throw_error(game, m, action.point)
    return "this action takes no point"


def perform(game: Game, m: WireModel, act: Activation, action: Action) -> list[Step]:
    """The steps that carry out an option (the activation continues after them)."""
    kind, args = action.kind, action.args
    if kind in MOVES:
        assert action.point is not None
        if kind == "move" or (kind == "jump" and not act.move_used):
            act.move_used = True
        else:
            act.actions_used += 1
        return [MoveTo(m.id, action.point[0], action.point[1], kind), act]
    if kind == "end":
        game.emit("ends", "C4.1", (m.id,))
        act.stage = "end"
        return [act]
    act.actions_used += 1
    if kind in ("fight", "shoot"):
        weapon = BY_SLUG[args[2]]
        overcharge = len(args) > 3 and args[3] == "overcharge"
        ranged = "ranged" if kind == "shoot" else "melee"
        return [Attack(m.id, args[1], weapon, ranged, overcharge=overcharge), act]
    if kind == "aim":
        m.aim = args[1]
        game.emit("aims", "C4.3", (m.id, args[1]))
        return [act]
    if kind == "disengage":
        m.disengaged = True
        game.emit("disengages", "C4.5", (m.id,))
        return [act]
    if kind == "cast":
        act.cast_done = True
        return [Cast(m.id, args[1]), act]
    if kind == "throw":
        assert action.point is not None
        return [Throw(m.id, BY_SLUG[args[1]], action.point[0], action.point[1]), act]
    if kind == "use":
        return [Use(m.id, BY_SLUG[args[1]], args[2]), act]
    if kind == "pickup":
        return [PickUp(m.id, args[1]), act]
    if kind == "search":
        return [Search(m.id, args[1]), act]
    raise AssertionError(f"unhandled option {action}")
