"""The Deep One's Fish Sauce (R:569), an Ichthyic Adaptation bought with the list: a shot of
its own, Rate 1D with a Long Spray Template, that does no damage. Each model it hits (under
the template, its save failed) tests its Dexterity, harder on ice (R:266), as a Stomp's are
tested (:class:`.stomp.Footing`, Lucky offered), or goes Face Up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.rulesets.strange_aeons.stomp import Footing

if TYPE_CHECKING:
    from skirmish.engine.step import Step
    from skirmish.rulesets.strange_aeons.model import AeonsModel
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Deep One: Fish Sauce (R:569)"
FISH_SAUCE = "deep_one_fish_sauce"


def slick(game: AeonsGame, deep_one: AeonsModel, struck: list[AeonsModel]) -> list[Step]:
    """Each model the vomit hit keeps its footing or goes Face Up."""
    return [Footing(tuple(m.id for m in struck), deep_one.id, RULE, "fish-sauce-test")]
