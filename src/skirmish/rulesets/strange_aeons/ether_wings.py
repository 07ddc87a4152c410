"""The Mi-Go's Ether Wings (R:550): terrain costs its Moves nothing (the catalog's
``terrain_free``, :func:`.space.terrain_free`), it flies over impassable terrain but never ends
a Move in it (``over_impassable``, :func:`.space.route_board`), and nothing takes off its
Movement: not a Chill (:func:`.afflictions.chill_move`), a marker moved along
(:func:`.tokens.penalty`) nor the armour it buys (:mod:`.forces`). Ensnare is no
Movement taken off but a Move forbidden, so it still holds the Mi-Go (our reading).
"""

from __future__ import annotations

from typing import Final

from skirmish.rulesets.strange_aeons.catalog import Ability, Profile

ETHER_WINGS: Final[Ability] = "ether_wings"


def unslowed(prof: Profile) -> bool:
    """Whether nothing reduces the Movement of a model of ``prof`` (R:550)."""
    return prof.can(ETHER_WINGS)
