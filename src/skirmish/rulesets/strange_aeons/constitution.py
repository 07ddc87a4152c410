"""A model's Constitution, what a hit's damage total must reach and what a Byakhee weighs a
passenger by (R:639): the profile's natural value, Thick Skin's +1 with it, which may pass the
Human maximum (R:1157), and its armour points. Armour Piercing takes armour points only, never
the natural value (R:1223); a Disrupt hit leaves none of them (notes §6 item 4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.catalog import Profile

THICK_SKIN = 1
"""What Thick Skin adds to the natural Constitution (R:1157)."""


def constitution(profile: Profile, ap: int = 0, disrupt: bool = False) -> int:
    """The Constitution of a model of ``profile``: natural with Thick Skin, and the armour
    points that ``ap`` leaves, none against a ``disrupt`` hit."""
    natural = profile.con + (THICK_SKIN if profile.has("thick_skin") else 0)
    return natural + (0 if disrupt else max(0, profile.armour - ap))
