"""The Conqueror Worm's Expectorate (R:557): its two shots of goo, each an ordinary Shoot
Action with the one its player picks, a stream (Rate 1D, 1D+3, AP1, Long Spray Template) or a
ball (12", Rate 1D, 1D+2, AP1, Large Blast Template). Each model it hits (under the template,
its save failed, as Blinding Spittle reads a hit) is coated for the rest of the game: 1 more
on the Dexterity it needs, for each coat, never past 6+ (the worst the rules read, notes §0),
whether the hit wounds it or not.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.catalog import CHANGED
from skirmish.rulesets.strange_aeons.mutations import WORST_DEX

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.model import AeonsModel
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Conqueror Worm: Expectorate (R:557)"
EXPECTORATE = "expectorate"
COAT = f"{CHANGED}dex+1"
"""The change a coat of goo makes to a profile."""


def coat(game: AeonsGame, struck: list[AeonsModel]) -> None:
    """Each model the goo hit needs 1 more on its Dexterity for the rest of the game."""
    cat = catalog_of(game)
    for m in struck:
        if cat.profile(m.profile).dex < WORST_DEX:
            m.profile += COAT
        game.emit("coated", RULE, (m.id,), dex=cat.profile(m.profile).dex)
