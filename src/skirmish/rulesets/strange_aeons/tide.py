"""The Leng Spider's Spider Tide (R:596, R:946): on a side whose list has a Leng Spider, five
Swarm models in base-to-base with one another (a chain of bases, each touching another of
the five) may form a Mob at once, whenever they stand so: after each Action, combat or
removal, their player is asked (``tide`` with the five, or ``no-tide``), and a group it
declined is not asked about again. The Mob stands as a bought one does (:mod:`.mobs`): its
template centred amid the five, where its base fits, else where its first member stands, if
it fits there (where it fits neither, the five stay as they are, the group counted as
declined), the others riding on it; it plays as any Mob from then on (R:918-926). The first
five of a larger group, in the order of the table's models, are taken.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.rulesets.strange_aeons import mobs
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.model import AeonsModel
from skirmish.rulesets.strange_aeons.space import (
    Placement,
    in_contact,
    placement,
    placement_reason,
)

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Leng Spider: Spider Tide (R:596, R:946)"
TIDE = "tide"
DECLINE = "no-tide"
SIZE = 5
"""The Swarms that form a Mob."""
SWARM = "swarm"


def _tides(game: AeonsGame, side: int) -> bool:
    """Whether ``side``'s list has a Leng Spider with Spider Tide."""
    cat = catalog_of(game)
    return any(m.side == side and cat.profile(m.profile).can("spider_tide") for m in game.models)


def group(game: AeonsGame, table: Placement, side: int) -> tuple[str, ...] | None:
    """Five Swarms of ``side`` in base-to-base with one another, in no Mob and not declined
    as they stand, or ``None`` (``table`` being the game's placement)."""
    present = _swarms(game, table, side)
    if len(present) < SIZE:  # as after nearly every Action: no model looked at
        return None
    everyone = game.models
    swarms = [everyone[i] for i in present if not mobs.in_mob(game, everyone[i])]
    if len(swarms) < SIZE or not _tides(game, side):
        return None
    seen: set[str] = set()
    for start in swarms:
        if start.id in seen:
            continue
        chain = _chain(start, swarms)
        seen.update(m.id for m in chain)
        found = tuple(m.id for m in chain[:SIZE])
        if len(found) == SIZE and found not in game.state.tides_declined:
            return found
    return None


def _swarms(game: AeonsGame, table: Placement, side: int) -> tuple[int, ...]:
    """The Swarms of ``side`` on the table, by index in the order of the table's models: kept
    by the placement, so that the check after every Action costs nothing where no Swarm
    stands, or carried from the one before (:attr:`.Placement.before`: the same models on
    the table, each of the same side and profile)."""
    known, before = table.swarms, table.before
    if side not in known and before is not None and side in before.swarms:
        known[side] = before.swarms[side]
    elif side not in known:
        cat = catalog_of(game)
        known[side] = tuple(
            i
            for i, m in zip(table.present, table.models(game), strict=True)
            if m.side == side and cat.profile(m.profile).kind == SWARM
        )
    return known[side]


def _chain(start: AeonsModel, swarms: list[AeonsModel]) -> list[AeonsModel]:
    """The Swarms linked to ``start`` base to base, ``start`` first, then as they are met."""
    chain = [start]
    for m in chain:
        chain += [o for o in swarms if o not in chain and in_contact(m, o)]
    return chain


def form(game: AeonsGame, ids: tuple[str, ...]) -> None:
    """The five form a Mob: its template centred amid them if it fits there, else where its
    first member stands; where it fits neither, the five stay as they are and the group
    counts as declined."""
    members = [game.model(mid) for mid in ids]
    body = members[0]
    centre = (sum(m.x for m in members) / SIZE, sum(m.y for m in members) / SIZE)
    radius = catalog_of(game).scenario.blast_radius[mobs.LARGE]
    stood = [(m.x, m.y, m.level, m.removed) for m in members]
    for m in members[1:]:
        mobs.ride(m, body)
    own, body.radius = body.radius, radius
    spot = next(
        (p for p in (centre, body.pos) if placement_reason(game, body, p, body.level) is None),
        None,
    )
    body.radius = own
    if spot is None:
        for m, (x, y, level, removed) in zip(members, stood, strict=True):
            m.x, m.y, m.level, m.removed = x, y, level, removed
        game.state.tides_declined = (*game.state.tides_declined, ids)
        game.emit("spider-tide-blocked", RULE, ids)
        return
    body.x, body.y = spot
    game.emit("spider-tide", RULE, ids)
    mobs.stand(game, f"Spider Tide {body.id}", members, radius)


@dataclass(slots=True, eq=False)
class Tides(Step):
    """Each side's five Swarms that may form a Mob, one group at a time, its player asked."""

    rule = RULE

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        if action is not None:
            ids = action.args
            if action.kind == TIDE:
                form(game, ids)
            else:
                game.state.tides_declined = (*game.state.tides_declined, ids)
        table = placement(game)
        for side in (game.state.active, 1 - game.state.active):
            found = group(game, table, side)
            if found is not None:
                return Decision(
                    side,
                    TIDE,
                    f"Spider Tide: {', '.join(found)} may form a Mob (R:596)",
                    (Action(TIDE, found), Action(DECLINE, found)),
                )
        return []
