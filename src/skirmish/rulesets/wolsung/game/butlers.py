"""What do I pay you for!: a friendly Butler takes the Wounds a shot would take off a Noble
(L547; rules notes §7 item 71; golden test G27).

- When a shot's hit would take Wounds off a Noble, after any Shield around it (L597), its
  player may give them to a friendly Butler within 6" of it (L547). The Butler loses as many
  Wounds, its own Hard to Kill counting (L236), and is Toppled; the hit's Armour is not
  counted again (§7 item 71). Anything else the hit does (a Topple) stays with the Noble.
- The Butler is placed in base contact with the Noble on its side facing the shooter (§7 item
  71): on the line from the Noble to the shooter, or, where another base or the terrain takes
  that spot, turned round the Noble as little as it may be while its base still stands across
  that line (in the line of fire). A Butler with no such spot free cannot take the hit.
- A spell is no shot: its Wounds stay with the Noble.
"""

from __future__ import annotations

import math

from skirmish.geometry.shapes import Point
from skirmish.rulesets.wolsung.game.effects import current
from skirmish.rulesets.wolsung.game.model import WolsungModel
from skirmish.rulesets.wolsung.game.space import within_reach
from skirmish.rulesets.wolsung.game.state import Hit, WolsungGame

__all__ = ["PAY_YOU", "stand_in", "stand_ins"]

PAY_YOU = "L547"
NOBLE = "noble"
BUTLER = "what_do_i_pay_you_for"
REACH = 6.0
"""How near the Noble a Butler must stand to take its Wounds (L547)."""
TURNS = 6
"""How many steps either way the Butler's spot is turned round the Noble, at most, in search of
room, up to the last at which its base still crosses the line of fire."""


def stand_ins(game: WolsungGame, hit: Hit) -> list[tuple[WolsungModel, Point]]:
    """The Butlers that may take ``hit`` for the Noble it falls on, each with the spot it would
    be placed at; none for a hit that is no shot, deals no Wounds or falls on no Noble."""
    noble = game.model(hit.model)
    if not hit.shooter or hit.wounds <= 0 or not noble.on_table:
        return []
    if not current(game, noble).has(NOBLE):
        return []
    shooter = game.model(hit.shooter)
    found = []
    for butler in game.models:
        if not _serves(game, butler, noble):
            continue
        spot = _line_of_fire(game, butler, noble, shooter)
        if spot is not None:
            found.append((butler, spot))
    return found


def _serves(game: WolsungGame, butler: WolsungModel, noble: WolsungModel) -> bool:
    """Whether ``butler`` is a friendly Butler on the table within 6" of ``noble`` (L547)."""
    return (
        butler.on_table
        and butler.side == noble.side
        and butler.id != noble.id
        and current(game, butler).has(BUTLER)
        and within_reach(game, butler, noble, REACH)
    )


def _line_of_fire(
    game: WolsungGame, butler: WolsungModel, noble: WolsungModel, shooter: WolsungModel
) -> Point | None:
    """Where ``butler`` stands in base contact with ``noble``, across the line from it to
    ``shooter``: facing the shooter, else turned as little as room asks (§7 item 71)."""
    heading = math.atan2(shooter.y - noble.y, shooter.x - noble.x)
    reach = noble.radius + butler.radius
    widest = math.asin(min(1.0, butler.radius / reach))
    others = [(o.pos, o.radius, o.level) for o in game.models if o.on_table and o.id != butler.id]
    for step in range(TURNS + 1):
        for sign in (1, -1) if step else (1,):
            angle = heading + sign * widest * step / TURNS
            spot = (noble.x + reach * math.cos(angle), noble.y + reach * math.sin(angle))
            if game.board.placement_error(spot, butler.radius, noble.level, others) is None:
                return spot
    return None


def stand_in(game: WolsungGame, hit: Hit, butler_id: str) -> Hit:
    """Place the Butler ``butler_id`` in the line of fire and give it ``hit``'s Wounds, which
    also topple it (L547): the hit it now takes."""
    butler, noble = game.model(butler_id), game.model(hit.model)
    spot = next(p for b, p in stand_ins(game, hit) if b.id == butler_id)
    (butler.x, butler.y), butler.level = spot, noble.level
    game.emit("stands-in", PAY_YOU, (butler.id, noble.id), at=[round(v, 2) for v in spot])
    return Hit(
        butler.id,
        hit.wounds,
        hit.why,
        PAY_YOU,
        topples="What do I pay you for!",
        scorer=hit.scorer,
    )
