"""The Fire Daemon's own rules (R:655): Fire Born and Scorching Burst.

- **Fire Born**: a shot hits a Fire Born model only on a 6, a condition more (a need above 6
  stays), and no Critical Hit is scored against it, shooting or in close combat. A template's
  one to-hit roll strikes a Fire Born model under it only when that roll was a 6 (our
  reading: the template is the shot); a Strafe hit goes to one only from a 6 (:mod:`.strafe`).
- **Scorching Burst**: its shot (Rate 1D, 1D+2, Fire, a Long Spray) is fired once a Turn, as
  a Shoot Action or an Alert shot (an Alert shot is of the other side's Turn).

Its Attacks of 1D3 are rolled for each round of close combat (notes §6 item 51, :mod:`.combat`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.catalog import Weapon
from skirmish.rulesets.strange_aeons.model import AeonsModel

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

FIRE_BORN = "Fire Daemon: Fire Born (R:655)"
SCORCHING_BURST = "Fire Daemon: Scorching Burst (R:655)"
SIX = 6


def fire_born(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` is Fire Born."""
    return catalog_of(game).profile(m.profile).can("fire_born")


def hit_need(game: AeonsGame, dex: int, target: AeonsModel) -> int:
    """What a to-hit die needs against ``target``: the shooter's ``dex``, at least a 6 against
    a Fire Born model (its 6 is a condition more: a need above 6 stays)."""
    return max(dex, SIX) if fire_born(game, target) else dex


def spared(game: AeonsGame, m: AeonsModel, six: bool) -> bool:
    """Whether Fire Born keeps a shot's hit off ``m``: a Fire Born model is struck only when
    the to-hit die that would strike it was a 6 (``six``)."""
    return not six and fire_born(game, m)


def criticals_against(game: AeonsGame, m: AeonsModel, critical: int) -> int:
    """A Critical Hit's bonus against ``m``: none against a Fire Born model."""
    return 0 if fire_born(game, m) else critical


def once_a_turn_error(game: AeonsGame, m: AeonsModel, weapon: Weapon) -> str | None:
    """Why ``m`` may not fire ``weapon`` again this turn: a shot its ability gives once a
    Turn (Scorching Burst, R:655; Spit Goo, R:664) that it has fired."""
    line = catalog_of(game).scenario.once_a_turn.get(weapon.ability) if weapon.ability else None
    if line is not None and (m.id, weapon.id) in game.state.turn_weapons:
        return f"{m.id} has fired its {weapon.name} this turn: once a Turn (R:{line})"
    return None
