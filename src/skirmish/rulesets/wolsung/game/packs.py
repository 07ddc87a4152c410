"""Models that activate together, and the Hounds' reach (L71, L499, L629; rules notes §1.4,
§6 D11).

- The models one rule brings ``together`` (the Hounds, Hunting Pack L499; Ingrid's Mirror
  Servants, L629) activate as one activation: their player activates one, then each of the
  others on the table that has not activated this turn, one after another, every one
  finishing its Actions before the next begins (L71). Only then does the initiative move on
  (:class:`..initiative.JointActivation`).
- A Hound of a Hunting Pack may not end a Move, a climb or a jump more than 6" from another
  Hound of its pack on the table (L499), edge to edge in 3D as every distance (L10); a Charge,
  declared before anything is measured (L10, L127), stops where it would (:func:`pack_holds`,
  :mod:`.tethers`), as a Golem's does at the edge of its Control Range (L556).
"""

from __future__ import annotations

from collections.abc import Callable

from skirmish.geometry.shapes import Point
from skirmish.rulesets.wolsung.game.base import member
from skirmish.rulesets.wolsung.game.model import WolsungModel
from skirmish.rulesets.wolsung.game.space import base_at, disc
from skirmish.rulesets.wolsung.game.state import WolsungGame
from skirmish.rulesets.wolsung.rules_data.rule_effects import Pack
from skirmish.rulesets.wolsung.table.measure import Spot, within

__all__ = ["HUNTING_PACK", "mates", "pack_error", "pack_holds"]

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
    reach = _reach(game, m)
    if reach is None:
        return None
    here = base_at(game, m, point, level)
    stray = next((o for o in mates(game, m) if not _near(game, here, o, reach)), None)
    if stray is None:
        return None
    return f'{m.name} stays within {reach:g}" of {stray.name} (Hunting Pack, {HUNTING_PACK})'


def pack_holds(game: WolsungGame, m: WolsungModel) -> Callable[[Spot], bool] | None:
    """Whether ``m``'s base at a spot keeps within reach of every other model of its pack on
    the table (L499); ``None`` when it is of no pack."""
    reach = _reach(game, m)
    if reach is None:
        return None
    others = mates(game, m)
    return lambda spot: all(_near(game, spot, o, reach) for o in others)


def _reach(game: WolsungGame, m: WolsungModel) -> float | None:
    """The reach of ``m``'s Hunting Pack, ``None`` if it has none."""
    return next((e.reach for e in member(game, m.id).effects if isinstance(e, Pack)), None)


def _near(game: WolsungGame, here: Spot, o: WolsungModel, reach: float) -> bool:
    return within(here, disc(game, o), reach)
