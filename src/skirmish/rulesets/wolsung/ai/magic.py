"""What a spell is worth to the heuristic player: a Projectile by the harm it does in exact
odds, an Attack or a Buff by the chance it works, each less the card it costs and only at a
target judged in range (L165-L203; no pre-measuring: :mod:`.estimate`)."""

from __future__ import annotations

from skirmish.rulesets.wolsung.ai.cards import card_worth, club_needs
from skirmish.rulesets.wolsung.ai.odds import blow_harm, hit_chance, rolls
from skirmish.rulesets.wolsung.ai.outlook import Outlook, here
from skirmish.rulesets.wolsung.game.base import rules_of
from skirmish.rulesets.wolsung.game.casting import ALL, payable
from skirmish.rulesets.wolsung.game.effects import magic_ability
from skirmish.rulesets.wolsung.game.model import WolsungModel
from skirmish.rulesets.wolsung.rules_data.records import Spell, SpellType

__all__ = ["BUFF_WORTH", "cast_value", "cheapest_card"]

BUFF_WORTH = 0.4
"""What a Buff or an Aura that works is worth: an Action's worth or a little more."""
ATTACK_WORTH = 0.5
"""What an Attack spell that hits is worth (a borrowed Action, Bloodboil's price)."""


def cheapest_card(seen: Outlook, m: WolsungModel, spell: Spell) -> float:
    """The worth of the card ``m`` would pay for ``spell`` with: its least worth card that
    pays, nothing for a spell that costs none (L171-L174)."""
    cards = payable(seen.game, m, spell)
    if not cards:
        return 0.0
    needs = club_needs(seen.game, seen.side)
    return min(card_worth(c, needs) for c in cards)


def _works(dice: int, difficulty: int) -> float:
    """The chance that ``dice`` roll at least ``difficulty`` successes (L200-L202)."""
    return sum(p for k, p in rolls(dice) if k >= difficulty)


def cast_value(seen: Outlook, m: WolsungModel, spell_id: str, target: str) -> float:
    """What casting ``spell_id`` at ``target`` is worth now, less its card."""
    game = seen.game
    spell = rules_of(game).catalog.spells[spell_id]
    dice = magic_ability(game, m) or 0
    cost = cheapest_card(seen, m, spell)
    if target == ALL:
        return BUFF_WORTH * _works(dice, spell.difficulty or 0) - cost
    foe = game.model(target)
    if seen.judge(m, here(m), foe) > spell.range:
        return -cost
    if foe.side == m.side:
        return BUFF_WORTH * _works(dice, spell.difficulty or 0) - cost
    reflex = seen.combatant(foe).profile.R
    if spell.type is SpellType.PROJECTILE and spell.strength is not None:
        base = max(0, spell.strength - seen.combatant(foe).armour)
        return blow_harm(dice, reflex, base, seen.stake(foe)) - cost
    return ATTACK_WORTH * hit_chance(dice, reflex) - cost
