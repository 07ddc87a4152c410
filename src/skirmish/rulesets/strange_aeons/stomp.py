"""The Thousand Young's Stomp (R:622): as an Action it shakes the ground, and every other
Normal model within the catalog's ``stomp_range``, friend or foe (the book says "models"),
takes a Dexterity test, harder on ice (R:266); a failure knocks it Face Up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.rulesets.strange_aeons.afflictions import dex_need
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.damage import set_state
from skirmish.rulesets.strange_aeons.model import FACE_UP, AeonsModel
from skirmish.rulesets.strange_aeons.space import gap, models

if TYPE_CHECKING:
    from skirmish.engine.step import Step
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Thousand Young: Stomp (R:622)"


def can_stomp(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` has the rule."""
    return catalog_of(game).profile(m.profile).can("stomp")


def shaken(game: AeonsGame, m: AeonsModel) -> list[AeonsModel]:
    """The models ``m``'s Stomp makes test."""
    reach = catalog_of(game).scenario.stomp_range
    return [o for o in models(game) if o.id != m.id and o.normal and gap(game, m, o) <= reach]


def perform(game: AeonsGame, m: AeonsModel) -> list[Step]:
    """Each model shaken tests its Dexterity; those that fail go Face Up."""
    game.emit("stomp", RULE, (m.id,))
    for o in shaken(game, m):
        footing(game, o, m, RULE, "stomp-test")
    return []


def footing(game: AeonsGame, o: AeonsModel, by: AeonsModel, rule: str, kind: str) -> bool:
    """``o`` tests its Dexterity, harder on ice, or goes Face Up: the ``kind`` of test
    ``by`` owes it (Stomp's; Fish Sauce's, R:569; a gust of Whistling Winds', R:536).
    Whether it fell."""
    need = dex_need(game, o)
    passed = game.roll("D6", "dexterity", rule, o.id).value >= need
    game.emit(kind, rule, (o.id, by.id), need=need, passed=passed)
    if not passed:
        set_state(game, o, FACE_UP, rule)
    return not passed
