"""Heavy Smoker's Smoke Marker (L615, L398, L470; rules notes §5, §7 item 61).

The book names the Smoke Marker without saying what it is; the game plays the notes' house
rule (§7 item 61):

- Heavy Smoker [A]: a Special Action of Thomas Rockheart Jr., not in a melee (L126), that lays
  a Smoke Marker, a 3" disc, in base contact with him toward the point his player aims at, on
  his level (L615; :mod:`.templates`).
- It hides what lies beyond it as a Mist Template does, rays over it included, unless the
  viewer or the target stands in it; a model in it is seen with Cover [1] (L723, §7 items 61,
  86; :mod:`.sight`).
- Night Vision (Dwarves) sees through Smoke Markers (L398); the Arcantric Monocle sees through
  them too, the target then in Cover [2] (L470).
- Smoke Markers are removed at the end of the turn (L52).
"""

from __future__ import annotations

from skirmish.geometry.shapes import Point
from skirmish.rulesets.wolsung.game.model import WolsungModel
from skirmish.rulesets.wolsung.game.state import WolsungGame
from skirmish.rulesets.wolsung.game.templates import SMOKE, SMOKE_RADIUS, lay, touching_centre

__all__ = ["HEAVY_SMOKER", "LAY_SMOKE", "lay_smoke"]

HEAVY_SMOKER = "heavy_smoker"
LAY_SMOKE = "L615"


def lay_smoke(game: WolsungGame, m: WolsungModel, aim: Point) -> None:
    """``m`` lays a Smoke Marker in base contact, toward ``aim`` (L615, §7 item 61)."""
    centre = touching_centre(m, aim, SMOKE_RADIUS)
    lay(game, SMOKE, centre, SMOKE_RADIUS, m.level, m.side, LAY_SMOKE)
