"""The Medic's Combat Doctor (R:413): it re-rolls a failed test that a friend's removal
within 5" brought (the Insanity test of the rule is the Resolve test whose failure rolls on
the Insanity Table, R:207). Our reading of "may always re-roll": a failed test re-rolled can
only pass or stay failed, so the re-roll is always taken, once for each such test, unless
Lucky re-rolled its die already (no die is re-rolled twice). Its
Medical Bag is Extra Gear's (:mod:`.extra_gear`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.model import AeonsModel
from skirmish.rulesets.strange_aeons.space import gap

if TYPE_CHECKING:
    from skirmish.dice import Roll
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Medic: Combat Doctor (R:413)"
REMOVAL = "removal:"
"""The situation of a friend's removal, the removed model's id after it (:mod:`.damage`)."""


def rerolls(game: AeonsGame, m: AeonsModel, situation: str, roll: Roll) -> bool:
    """Whether ``m`` re-rolls its failed test of ``situation``: a Combat Doctor's, for a
    friend removed within reach, the die not re-rolled already (by Lucky)."""
    cat = catalog_of(game)
    doctor = cat.profile(m.profile).can("combat_doctor") and not roll.rerolled
    if not (doctor and situation.startswith(REMOVAL)):
        return False
    fallen = game.model(situation.removeprefix(REMOVAL))
    return gap(game, m, fallen) <= cat.scenario.combat_doctor_range
