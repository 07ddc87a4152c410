"""Models and scripted dice for the shooting and melee tests."""

from __future__ import annotations

from tests.rulesets.wolsung.clubs import catalog

from skirmish.rulesets.wolsung.combat.combatant import Combatant, combatant
from skirmish.rulesets.wolsung.rules_data.records import KeywordRef, RangedWeapon


def model(model_id: str) -> Combatant:
    """A named hero or henchman of the shipped catalogue, as it fights."""
    found = catalog().heroes.get(model_id) or catalog().henchmen[model_id]
    return combatant(catalog(), found)


def ranged(weapon_id: str) -> RangedWeapon:
    """A ranged weapon row of the shipped catalogue."""
    return catalog().ranged[weapon_id]


def refs(*texts: str) -> tuple[KeywordRef, ...]:
    """Keyword references as profiles write them: ``refs("swift", "fast_strike[2]")``."""
    return tuple(_ref(text) for text in texts)


def _ref(text: str) -> KeywordRef:
    name, _, value = text.partition("[")
    return KeywordRef(name, int(value.rstrip("]")) if value else None)
