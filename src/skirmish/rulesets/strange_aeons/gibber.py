"""The Ghoul King's Maddening Gibber (R:850): as the King is nominated, every friendly Ghoul
within the catalog's ``gibber_range`` not nominated yet this Turn is nominated with it, over
and above any Command; the Ghouls are the book's Ghoul profile (``Profile.kind``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.model import AeonsModel
from skirmish.rulesets.strange_aeons.space import gap, models
from skirmish.rulesets.strange_aeons.spittle import unseeing

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Ghoul King: Maddening Gibber (R:850)"
GHOUL = "ghoul"
"""The profile the King gathers (R:850 names "his own kind")."""


def gathered(game: AeonsGame, king: AeonsModel) -> list[AeonsModel]:
    """The Ghouls nominated with ``king`` now (none unless it gibbers)."""
    cat = catalog_of(game)
    if not cat.profile(king.profile).can("maddening_gibber"):
        return []
    reach, nominated = cat.scenario.gibber_range, game.state.nominated
    return [
        g
        for g in models(game)
        if g.side == king.side
        and g.id not in nominated
        and cat.profile(g.profile).kind == GHOUL
        and gap(game, king, g) <= reach
        and not unseeing(game, g)
    ]
