"""What an activating model may do (C4.3, C4.4): its Move (the :class:`MoveTo` step, which
provokes free attacks, C4.5), and its actions: Attack (melee or ranged), Move Again, Disengage,
Aim, Interact (pick up a dropped weapon), Cast, throw a grenade, use a consumable, Search a
Loot Marker within 1" when not Engaged (K2.1, :mod:`.search`; the game has markers when the
setup option ``loot`` puts them down), and Interrogate a Coworker within 1" (K2.2,
:mod:`..hostiles.interrogation`; the setup option ``coworkers`` places them).

Action texts (model ids are args; names are one-word slugs):

* ``move A1 x,y`` / ``move-again A1 x,y`` / ``jump A1 x,y`` (a point, C4.4, C4.6)
* ``fight A1 B2 sword``, ``shoot A1 B2 laser``, ``shoot A1 B2 rifle overcharge``
* ``aim A1 B2``, ``disengage A1``, ``cast A1 B2`` (``cast A1 B2 focus`` for a model of several
  Powers), ``throw A1 frag x,y``
* ``use A1 medkit A3`` (``use A1 coagulant A3 bleed`` where A3 has Bleed and Punctured, R3.9),
  ``pickup A1 W1``, ``search A1 L2``, ``interrogate A1 C2``, ``end A1``
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision, PointSpec
from skirmish.engine.step import Step
from skirmish.rulesets.sacred_wire.attack.combat import (
    ENGAGEMENT,
    Attack,
    free_attacks,
    melee_error,
    melee_targets,
    ranged_targets,
    shot_error,
)
from skirmish.rulesets.sacred_wire.base import catalog_of
from skirmish.rulesets.sacred_wire.game.bag import ACTIVATION
from skirmish.rulesets.sacred_wire.game.items import (
    Throw,
    Use,
    consumable_uses,
    throw_error,
    use_error,
)
from skirmish.rulesets.sacred_wire.game.model import WireModel
from skirmish.rulesets.sacred_wire.game.morale import MORALE
from skirmish.rulesets.sacred_wire.game.movement import (
    FREE_JUMP,
    MOVE,
    Route,
    advance_point,
    move_error,
    plan_route,
    walk,
)
from skirmish.rulesets.sacred_wire.game.space import (
    ADJACENT,
    HOSTILES,
    Looks,
    enemies,
    engaged_text,
    engaged_with,
    gaps,
    point_gap,
    sees,
    threats,
)
from skirmish.rulesets.sacred_wire.hostiles.interrogation import (
    Interrogate,
    interrogable,
    interrogate_error,
)
from skirmish.rulesets.sacred_wire.missions import carry, interact
from skirmish.rulesets.sacred_wire.missions.search import Search, search_error, searchable
from skirmish.rulesets.sacred_wire.powers.casting import (
    Cast,
    cast_error,
    cast_targets,
    power_named,
)
from skirmish.rulesets.sacred_wire.rules_data.catalog import UnknownEntryError, slug
from skirmish.rulesets.sacred_wire.rules_data.effects import CanCast, Overcharge
from skirmish.rulesets.sacred_wire.squads.roster import (
    Weapon,
    castable,
    has,
    holds_source,
    leaves_freely,
    may_carry,
    move_allowance,
    ranged_weapons,
    slug_name,
)
from skirmish.rulesets.sacred_wire.squads.squad import plural

if TYPE_CHECKING:
    from skirmish.rulesets.sacred_wire.game.activation import Activation
    from skirmish.rulesets.sacred_wire.game.state import WireGame

ACTIONS = "C4.3"
MOVES = ("move", "move-again", "jump")


def action_options(
    game: WireGame, m: WireModel, act: Activation
) -> tuple[tuple[Action, ...], tuple[PointSpec, ...]]:
    """Every option of the activating model now, as finite options and point choices."""
    options: list[Action] = []
    points: list[PointSpec] = []
    allowance = move_allowance(game, m)
    raised = m.level is not None and game.board.surface_height(m.level) > FREE_JUMP
    if not act.move_used:
        hint = f'a point within {allowance:g}" along a legal path (climbing 2" per 1")'
        points.append(PointSpec("move", (m.id,), hint))
    left = act.actions_left
    if left > 0:
        if act.move_used:
            points.append(PointSpec("move-again", (m.id,), f'Move Again: up to {allowance:g}"'))
        if raised:
            points.append(PointSpec("jump", (m.id,), "a point on the ground to jump down to"))
        foes = enemies(game, m)
        engaged = bool(engaged_with(game, m))
        looks = Looks(game, m)
        options += _attacks(game, m, gaps(game, m), engaged, looks)
        if not engaged and ranged_weapons(game, m):
            options += [Action("aim", (m.id, e.id)) for e in foes if e.id != m.aim and looks(e)]
        # Most models are neither Engaged nor threatened, and only such a one may Disengage:
        # its other conditions (a Scout's kit) are read only then (notes A17).
        if (engaged or threats(game, m)) and _disengage_error(game, m) is None:
            options.append(Action("disengage", (m.id,)))
        if not act.cast_done:
            options += _casts(game, m)
        if not engaged:
            for grenade in dict.fromkeys(m.grenades):
                points.append(
                    PointSpec("throw", (m.id, slug(grenade)), 'a point within 6" to throw at')
                )
        for item in dict.fromkeys(m.consumables):
            options += [
                Action("use", (m.id, slug(item), *words))
                for words in consumable_uses(game, m, item)
            ]
        if m.side < HOSTILES:  # hostiles never Interact, Search nor Interrogate (notes A43)
            options += [Action("pickup", (m.id, marker)) for marker in pickups(game, m)]
            options += [Action("search", (m.id, marker)) for marker in searchable(game, m)]
            options += [Action("interrogate", (m.id, c)) for c in interrogable(game, m)]
            options += interact.options(game, m)
    elif raised and not act.move_used:
        points.append(PointSpec("jump", (m.id,), "a point on the ground to jump down to"))
    options.append(Action("end", (m.id,)))
    return tuple(options), tuple(points)


def _attacks(
    game: WireGame,
    m: WireModel,
    foes: list[tuple[WireModel, float]],
    engaged: bool,
    looks: Looks,
) -> list[Action]:
    melee = melee_targets(game, m, foes, looks)
    found = [Action("fight", (m.id, e.id, slug(w.name))) for e, w in melee]
    for e, w in ranged_targets(game, m, foes, engaged, looks):
        found.append(Action("shoot", (m.id, e.id, slug(w.name))))
        if any(isinstance(x, Overcharge) for x in w.effects):
            found.append(Action("shoot", (m.id, e.id, slug(w.name), "overcharge")))
    return found


def point_error(game: WireGame, m: WireModel, act: Activation, action: Action) -> str | None:
    """Why the point of a move, jump or throw is not allowed, or None."""
    assert action.point is not None
    if action.kind in MOVES:
        return move_error(game, m, action.point, action.kind)
    if action.kind == "throw":
        return throw_error(game, m, action.point)
    return "this action takes no point"


#: Each action as written (for the message when one is written otherwise), and how many
#: words follow its kind, the point aside.
FORMS: dict[str, tuple[str, tuple[int, ...]]] = {
    "move": ("move A1 x,y", (1,)),
    "move-again": ("move-again A1 x,y", (1,)),
    "jump": ("jump A1 x,y", (1,)),
    "fight": ("fight A1 B2 sword", (3,)),
    "shoot": ("shoot A1 B2 laser [overcharge]", (3, 4)),
    "aim": ("aim A1 B2", (2,)),
    "disengage": ("disengage A1", (1,)),
    "cast": ("cast A5 B2 [power]", (2, 3)),
    "throw": ("throw A1 frag x,y", (2,)),
    "use": ("use A5 coagulant A2 [bleed|punctured]", (3, 4)),
    "pickup": ("pickup A1 W1", (2,)),
    "search": ("search A1 L2", (2,)),
    "interrogate": ("interrogate A1 C2", (2,)),
    "interact": ("interact A1 S2 [set-back|redirect]", (2, 3)),
    "end": ("end A1", (1,)),
}
_POINTED = (*MOVES, "throw")


def option_error(game: WireGame, m: WireModel, act: Activation, action: Action) -> str | None:
    """Why ``action`` is not one of the activating model's options now, with the numbers
    (C4.1, C4.3-C4.6, C4.9, C4.14, C5.1, R3.9), or None when no rule of an activation refuses
    it. A point the options take is judged by :func:`point_error` instead."""
    if action.kind not in FORMS:
        return f"{action.kind!r} is no action of an activation ({', '.join(FORMS)})"
    form, words = FORMS[action.kind]
    args = action.args
    if len(args) not in words or (action.point is None) == (action.kind in _POINTED):
        return f"an action {action.kind} is written {form}"
    if args[0] != m.id:
        return f"{m.label} is activating, not {args[0]} (C4.1)"
    if action.kind == "end":
        return None
    if action.kind == "move":
        return f"{m.label} has made its Move: Move Again takes an action (C4.3)"
    jump = _jump_error(game, m) if action.kind == "jump" else None
    if jump is not None:
        return jump
    if action.kind == "move-again" and not act.move_used:
        return f"{m.label} has not made its Move yet: Move Again is a second move (C4.3)"
    if act.actions_left <= 0 and not (action.kind == "jump" and not act.move_used):
        taken = plural(act.actions_used, "action")
        return f"{m.label} has taken its {taken} this activation (C4.1)"
    return _action_error(game, m, act, action)


def _jump_error(game: WireGame, m: WireModel) -> str | None:
    if m.level is None:
        return f"{m.label} stands on the ground: only a model up on terrain jumps down (C4.6)"
    height = game.board.surface_height(m.level)
    if height <= FREE_JUMP:
        return (
            f'{m.label} is {height:g}" up: from {FREE_JUMP:g}" or lower a move jumps down '
            "(C4.6, notes A16)"
        )
    return None


def _action_error(game: WireGame, m: WireModel, act: Activation, action: Action) -> str | None:
    """The reason of each action's own rules (the model is the one activating, with an action
    left)."""
    kind, args = action.kind, action.args
    if kind in ("fight", "shoot", "aim"):
        target = _enemy(game, m, args[1])
        if isinstance(target, str):
            return target
        if kind == "aim":
            return _aim_error(game, m, target)
        weapon = _named(game, args[2], catalog_of(game).weapon, "weapon")
        if isinstance(weapon, str):
            return weapon
        if kind == "fight":
            return melee_error(game, m, target, weapon)
        return _shot_error(game, m, target, weapon, args[3:])
    if kind == "disengage":
        return _disengage_error(game, m)
    if kind == "cast":
        return _cast_error(game, m, act, args)
    if kind == "throw":
        return _throw_error(game, m, args[1])
    if kind == "use":
        return _use_error(game, m, args[1], args[2], args[3] if len(args) > 3 else None)
    if kind == "pickup":
        return pickup_error(game, m, args[1])
    if kind == "search":
        return search_error(game, m, args[1])
    if kind == "interrogate":
        return interrogate_error(game, m, args[1])
    if kind == "interact":
        return interact.interact_error(game, m, args[1], args[2:])
    return None


def _other(game: WireGame, mid: str) -> WireModel | str:
    """The model ``mid`` on the table, or why there is none."""
    found = next((o for o in game.models if o.id == mid), None)
    if found is None:
        return f"no model {mid!r} in this game"
    if not found.on_table:
        return f"{found.label} is not on the table"
    return found


def _enemy(game: WireGame, m: WireModel, mid: str) -> WireModel | str:
    target = _other(game, mid)
    if isinstance(target, WireModel) and target not in enemies(game, m):
        return f"{target.label} is not an enemy of {m.label} (C4.1)"
    return target


_R = TypeVar("_R")


def _named(game: WireGame, word: str, lookup: Callable[[str], _R], kind: str) -> _R | str:
    """The record of ``kind`` (found by ``lookup``) a slug of an action text names, or why
    there is none."""
    name = catalog_of(game).slug_name(word)
    try:
        return lookup(name) if name is not None else f"no {kind} {word!r}"
    except UnknownEntryError:
        return f"no {kind} {word!r}"


def _shot_error(
    game: WireGame, m: WireModel, target: WireModel, weapon: Weapon, extra: tuple[str, ...]
) -> str | None:
    if extra and extra != ("overcharge",):
        return f"a shot takes one option, overcharge, not {' '.join(extra)!r}"
    if extra and not any(isinstance(x, Overcharge) for x in weapon.effects):
        return f"{weapon.name} has no Overcharge (R3.3)"
    return shot_error(game, m, target, weapon)


def _aim_error(game: WireGame, m: WireModel, target: WireModel) -> str | None:
    """C4.3: Aim needs a ranged weapon, a target in sight, and no engagement."""
    if not ranged_weapons(game, m):
        return f"{m.label} carries no ranged weapon to Aim (C4.3)"
    engaged = engaged_text(game, m)
    if engaged is not None:
        return f"{engaged}: an Engaged model cannot shoot, nor Aim (C4.5)"
    if m.aim == target.id:
        return f"{m.label} aims at {target.label} already (C4.3)"
    if not sees(game, m, target):
        return f"{target.label} is not in sight of {m.label} (C4.9)"
    return None


def _disengage_error(game: WireGame, m: WireModel) -> str | None:
    """Why ``m`` may not Disengage now, or None (C4.5)."""
    if m.disengaged:
        return f"{m.label} has Disengaged this activation already (C4.5)"
    if leaves_freely(game, m):
        return f"{m.label} leaves engagement freely: no Disengage needed (C2.4, R3.10)"
    if not threats(game, m) and not engaged_with(game, m):
        return f"{m.label} is not Engaged: nothing to Disengage from (C4.5)"
    return carry.disengage_error(game, m)


def _casts(game: WireGame, m: WireModel) -> list[Action]:
    """Each Power ``m`` may cast at each target; a model of several Powers names the one it
    casts (K3.4)."""
    found: list[Action] = []
    for name in castable(game, m):
        named = (slug(name),) if len(m.powers) > 1 else ()
        power = catalog_of(game).power(name)
        found += [Action("cast", (m.id, t.id, *named)) for t in cast_targets(game, m, power)]
    return found


def _cast_error(game: WireGame, m: WireModel, act: Activation, args: tuple[str, ...]) -> str | None:
    if not m.powers or not has(game, m, CanCast):
        return f"{m.label} cannot Cast: only a Broadcaster with a Power can (C2.4, C5.1)"
    if holds_source(game, m):
        return f"{m.label} holds the Source: it cannot Cast (M13.2)"
    if act.cast_done:
        return f"{m.label} has Cast this activation already (notes A9)"
    name = power_named(game, m, args[2:])
    if name is None:
        return _power_refusal(m, args[2:])
    if name in m.locked:
        state = "forgotten" if name in m.forgotten else "locked"
        return f"{m.label}'s Power {name} is {state} (R7.3)"
    target = _other(game, args[1])
    if isinstance(target, str):
        return target
    return cast_error(game, m, target, catalog_of(game).power(name))


def _power_refusal(m: WireModel, extra: tuple[str, ...]) -> str:
    if extra:
        return f"{m.label} has no Power {extra[0]!r}: it has {', '.join(m.powers)}"
    slugs = "|".join(slug(p) for p in m.powers)
    return f"{m.label} has {len(m.powers)} Powers: name the one it casts (cast {m.id} B2 {slugs})"


def _throw_error(game: WireGame, m: WireModel, word: str) -> str | None:
    grenade = _named(game, word, catalog_of(game).grenade, "grenade")
    if isinstance(grenade, str):
        return grenade
    if grenade.name not in m.grenades:
        return f"{m.label} carries no {grenade.name} grenade"
    engaged = engaged_text(game, m)
    if engaged is not None:
        return f"{engaged}: no grenade throws while Engaged (notes A34)"
    return None


def _use_error(game: WireGame, m: WireModel, word: str, mid: str, status: str | None) -> str | None:
    item = _named(game, word, catalog_of(game).consumable, "consumable")
    if isinstance(item, str):
        return item
    if item.name not in m.consumables:
        return f"{m.label} carries no {item.name}"
    target = _other(game, mid)
    if isinstance(target, str):
        return target
    return use_error(game, m, item.name, target, status)


def pickups(game: WireGame, m: WireModel) -> list[str]:
    """Dropped weapons within 1" that ``m``'s contract may use (C4.3, C2.3)."""
    found = []
    for d in game.state.dropped:
        if (d.level or None) != m.level:
            continue
        if point_gap(game, m, d.point, m.level) <= ADJACENT and may_carry(
            game, m, catalog_of(game).weapon(d.weapon)
        ):
            found.append(d.marker)
    return found


def pickup_error(game: WireGame, m: WireModel, marker: str) -> str | None:
    """Why ``m`` cannot pick up the dropped weapon ``marker`` now (C4.3, C2.3), or None: the
    refusal's reason, on the conditions of :func:`pickups`."""
    entry = next((d for d in game.state.dropped if d.marker == marker), None)
    if entry is None:
        return f"no dropped weapon {marker!r} on the table"
    name = entry.weapon
    distance = point_gap(game, m, entry.point, entry.level or None)
    if (entry.level or None) != m.level or distance > ADJACENT:
        return (
            f'{name} ({marker}) lies {distance:.2f}" from {m.label}: Interact reaches '
            f'{ADJACENT:g}" on the same surface (C4.3)'
        )
    if not may_carry(game, m, catalog_of(game).weapon(name)):
        return f"{m.label}'s contract may not use {name} (C2.3)"
    return None


@dataclass(slots=True, eq=False)
class PickUp(Step):
    """Interact: pick up a dropped weapon within 1" (C4.3)."""

    rule = ACTIONS
    model: str
    marker: str

    def run(self, game: WireGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.model)
        st = game.state
        entry = next(d for d in st.dropped if d.marker == self.marker)
        st.dropped = tuple(d for d in st.dropped if d.marker != self.marker)
        m.weapons = (*m.weapons, entry.weapon)
        game.emit("picked-up", ACTIONS, (m.id,), weapon=entry.weapon, marker=self.marker)
        return []


DELIRIUM = "R6.6"  # on its next activation a model must move toward the nearest enemy


def delirium_move(game: WireGame, m: WireModel) -> MoveTo | None:
    """Delirium's move, its full Move toward the nearest enemy, logged (R6.6): None where it
    cannot get nearer, as when it is Engaged already."""
    point = advance_point(game, m)
    if point is None:
        return None
    game.emit("delirium", DELIRIUM, (m.id,))
    return MoveTo(m.id, point[0], point[1], "advance")


@dataclass(slots=True, eq=False)
class MoveTo(Step):
    """A move to a point along the route :func:`.movement.plan_route` finds (C4.4). Enemies it
    leaves get their free attacks first, at -1 DT, unless it Disengaged, is a Scout or carries
    an Inhibitor, or is Fleeing (C4.5, notes A18); each is rolled only if its attacker still
    reaches it. Then it walks the route; if a free attack made it Flee (a Critical), it stays
    (C4.19, notes A60); if a Knockback pushed it meanwhile (C4.6), it walks from where it
    stands to the same point where that is still a legal move within its Move, and otherwise
    stays, the log saying why. Either way the move is spent. Before walking on from where it
    was pushed, the enemies it leaves from there that have had no free attack on this move
    get theirs, and so on after each push (C4.5: one each a move). ``kind``: move,
    move-again, jump, advance (Delirium), scout (after deployment). ``attacked``: the
    enemies given their free attack on this move.
    """

    rule = MOVE
    model: str
    x: float
    y: float
    kind: str = "move"
    stage: str = "start"
    from_x: float = 0.0
    from_y: float = 0.0
    attacked: tuple[str, ...] = ()

    def run(self, game: WireGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.model)
        if m.removed is not None:
            return []
        if self.stage == "start":
            self.stage = "go"
            route = plan_route(game, m, (self.x, self.y), jump=self.kind == "jump")
            if route is None:
                return []
            return [*self._free_attacks(game, m, route), self]
        if m.fleeing:
            # Fleeing, it cannot act: no move of its own, and its Flee waits for its next
            # activation (C4.19, notes A60).
            game.emit("move-cancelled", MORALE, (m.id,), why="it Flees")
            return []
        pushed = (m.x, m.y) != (self.from_x, self.from_y)
        if pushed:
            # A Knockback moved it: the move is made from here if still legal (C4.4, C4.6).
            why = move_error(game, m, (self.x, self.y), self.kind)
            if why is not None:
                game.emit("move-cancelled", MOVE, (m.id,), why=why)
                return []
        route = plan_route(game, m, (self.x, self.y), jump=self.kind == "jump")
        if route is None:
            game.emit("move-cancelled", MOVE, (m.id,), why="no way there now")
            return []
        attacks = self._free_attacks(game, m, route) if pushed else []
        if attacks:
            return [*attacks, self]  # then looks again where they leave it
        return walk(game, m, route, self.kind)

    def _free_attacks(self, game: WireGame, m: WireModel, route: Route) -> list[Attack]:
        """The free attacks of the enemies ``m`` leaves walking ``route`` from where it stands
        that have not had theirs on this move (C4.5); none after a Disengage or for a Scout's
        move after deployment. Notes where it stands, to tell a later push."""
        self.from_x, self.from_y = m.x, m.y
        if self.kind == "scout" or m.disengaged:
            return []
        exits = route.exits is not None
        attacks = free_attacks(game, m, route.end, route.level, exits, self.attacked)
        self.attacked += tuple(a.attacker for a in attacks)
        return attacks


def perform(game: WireGame, m: WireModel, act: Activation, action: Action) -> list[Step]:
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
        game.emit("ends", ACTIVATION, (m.id,))
        act.stage = "end"
        return [act]
    act.actions_used += 1
    if kind in ("fight", "shoot"):
        return [Attack.of_option(game, action), act]
    if kind == "aim":
        m.aim = args[1]
        game.emit("aims", ACTIONS, (m.id, args[1]))
        return [act]
    if kind == "disengage":
        m.disengaged = True
        game.emit("disengages", ENGAGEMENT, (m.id,))
        return [act]
    if kind == "cast":
        act.cast_done = True
        power = power_named(game, m, args[2:])
        assert power is not None  # checked by _cast_error
        return [Cast(m.id, args[1], power), act]
    if kind == "throw":
        assert action.point is not None
        return [Throw(m.id, slug_name(game, args[1]), action.point[0], action.point[1]), act]
    if kind == "use":
        status = args[3] if len(args) > 3 else ""
        return [Use(m.id, slug_name(game, args[1]), args[2], status), act]
    if kind == "pickup":
        return [PickUp(m.id, args[1]), act]
    if kind == "search":
        game.emit("search", ACTIONS, (m.id,), marker=args[1])
        return [Search(m.id, args[1]), act]
    if kind == "interrogate":
        game.emit("interrogate", ACTIONS, (m.id, args[1]))
        return [Interrogate(m.id, coworker=args[1], capped=act.capped), act]
    if kind == "interact":
        return [interact.Interact(m.id, args[1], args[2] if len(args) > 2 else ""), act]
    raise AssertionError(f"unhandled option {action}")
