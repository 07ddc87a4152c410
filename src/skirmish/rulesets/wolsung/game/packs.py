"""Models that activate together, and the Hounds' reach (L71, L499, L629; rules notes §1.4,
§6 D11).

- The models one rule brings ``together`` (the Hounds, Hunting Pack L499; Ingrid's Mirror
  Servants, L629) activate as one activation: their player activates one, then each of the
  others on the table that has not activated this turn, one after another, every one
  finishing its Actions before the next begins (L71). Only then does the initiative move on
  (:class:`..initiative.JointActivation`).
- A Hound of a Hunting Pack may not end a Move, a climb or a jump more than 6" from another
  Hound of its pack on the table (L499), edge to edge in 3D as every distance (L10). A Charge
  is declared before anything is measured (L10, L127) and goes where its target is, so it is
  not held back; the pack's next Moves must close up again.
"""

from __future__ import annotations

from skirmish.geometry.shapes import Point
from skirmish.rulesets.wolsung.game.base import member
from skirmish.rulesets.wolsung.game.model import WolsungModel
from skirmish.rulesets.wolsung.game.state import WolsungGame
from skirmish.rulesets.wolsung.rules_data.rule_effects import Pack
from skirmish.rulesets.wolsung.table.measure import Spot, distance, no_farther

__all__ = ["mates", "pack_error"]

HUNTING_PACK = "L499"


def mates(game: WolsungGame, m: WolsungModel) -> list[WolsungModel]:
    """The others on the table that activate together with ``m`` (L499, L629)."""
    own = member(game, m.id)
    if not own.together:
        return []
    return [
        o
        for o in game.models
        if o.on_table and o.id != m.id and member(game, o.id).bringer == own.bringer
    ]


def pack_error(game: WolsungGame, m: WolsungModel, point: Point, level: str | None) -> str | None:
    """Why ``m`` may not end a Move at ``point`` on ``level``: too far from a model of its pack
    (L499); ``None`` if it may."""
    reach = next((e.reach for e in member(game, m.id).effects if isinstance(e, Pack)), None)
    if reach is None:
        return None
    here = Spot(point[0], point[1], game.board.surface_height(level), m.radius, level)
    for o in mates(game, m):
        there = Spot(o.x, o.y, game.board.surface_height(o.level), o.radius, o.level)
        if not no_farther(distance(here, there), reach):
            return f'{m.name} stays within {reach:g}" of {o.name} (Hunting Pack, {HUNTING_PACK})'
    return None
