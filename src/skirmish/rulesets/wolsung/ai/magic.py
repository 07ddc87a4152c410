"""What a spell is worth to the heuristic player: a Projectile by the harm it does in exact
odds, an Attack or a Buff by the chance it works, each less the card it costs and only at a
target judged in range (L165-L203; no pre-measuring: :mod:`.estimate`). A cast after a Move is
worth the best spell at the models it may target from where the Move ends, as the casting rules
judge them (:func:`..magic.casting.target_problem`: the side, the sight, a Crowd Token, the Jade
Amulet, the kind a Buff reaches, the caster itself by §7 item 37), with the sight the player
works out from there (L75, L178, L183-L203, L563, L731, L785). A Buff that
costs its target Wounds (Bloodboil, L797) is weighed against them: never cast where it would
take the friend out or leave it on 2 Wounds or fewer, and worth its gain only to a friend about
to fight, in base contact with an enemy or within a Move of one. A Buff is worth nothing to a
friend that already holds what it gives for as long (:func:`buff_held`): a rule it has of its
own, or gained until as late, as Mistification's Mistwalk (L738); a change to a characteristic
adds to one already made (:func:`..game.effects.current`), so it is never held."""

from __future__ import annotations

import math

from skirmish.rulesets.wolsung.ai.cards import card_worth, club_needs
from skirmish.rulesets.wolsung.ai.odds import blow_harm, hit_chance, rolls
from skirmish.rulesets.wolsung.ai.outlook import Outlook, Spot, here
from skirmish.rulesets.wolsung.game.base import member, rules_of
from skirmish.rulesets.wolsung.game.casting import ALL, cast_subject, payable
from skirmish.rulesets.wolsung.game.effects import magic_ability
from skirmish.rulesets.wolsung.game.model import WolsungModel
from skirmish.rulesets.wolsung.game.state import WolsungGame
from skirmish.rulesets.wolsung.magic.casting import target_problem
from skirmish.rulesets.wolsung.rules_data.records import Spell, SpellType
from skirmish.rulesets.wolsung.rules_data.spell_effects import GainRule, LoseWounds
from skirmish.rulesets.wolsung.table.measure import no_farther

__all__ = ["BUFF_WORTH", "best_cast", "buff_held", "cast_value", "cheapest_card"]

BUFF_WORTH = 0.4
"""What a Buff or an Aura that works is worth: an Action's worth or a little more."""
ATTACK_WORTH = 0.5
"""What an Attack spell that hits is worth (a borrowed Action, Bloodboil's price)."""
SPARED_WOUNDS = 3
"""The fewest Wounds a Buff's price may leave its friend on: 1 or 2 left is one blow from out."""


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


def cast_value(
    seen: Outlook, m: WolsungModel, spell_id: str, target: str, *, at: Spot | None = None
) -> float:
    """What casting ``spell_id`` at ``target`` is worth, ``m`` standing ``at`` (where it
    stands now, if ``None``), less its card."""
    game = seen.game
    spell = rules_of(game).catalog.spells[spell_id]
    dice = magic_ability(game, m) or 0
    cost = cheapest_card(seen, m, spell)
    if target == ALL:
        return BUFF_WORTH * _works(dice, spell.difficulty or 0) - cost
    foe = game.model(target)
    if foe.id != m.id and not no_farther(seen.judge(m, at or here(m), foe), spell.range):
        return -cost
    if foe.side == m.side:
        return _friend_buff(seen, spell, foe, _works(dice, spell.difficulty or 0)) - cost
    reflex = seen.combatant(foe).profile.R
    if spell.type is SpellType.PROJECTILE and spell.strength is not None:
        base = max(0, spell.strength - seen.combatant(foe).armour)
        return blow_harm(dice, reflex, base, seen.stake(foe)) - cost
    return ATTACK_WORTH * hit_chance(dice, reflex) - cost


def _friend_buff(seen: Outlook, spell: Spell, friend: WolsungModel, works: float) -> float:
    """What ``spell`` cast at ``friend`` is worth, working by the chance ``works``, less the
    Wounds it costs the friend (L797): see the module docstring."""
    if buff_held(seen.game, spell, friend):
        return 0.0
    price = sum(e.wounds for e in spell.effects if isinstance(e, LoseWounds))
    if not price:
        return BUFF_WORTH * works
    if friend.wounds - price < SPARED_WOUNDS:
        return -math.inf
    gain = BUFF_WORTH if _about_to_fight(seen, friend) else 0.0
    return (gain - seen.stake(friend).harm(price)) * works


def buff_held(game: WolsungGame, spell: Spell, m: WolsungModel) -> bool:
    """Whether ``m`` already holds all ``spell`` gives: every effect a rule it has of its own,
    or has gained until as late, that ending with no activation of it begun (L52, L460)."""
    return bool(spell.effects) and all(
        isinstance(e, GainRule) and _holds(game, e, m) for e in spell.effects
    )


def _holds(game: WolsungGame, gained: GainRule, m: WolsungModel) -> bool:
    if member(game, m.id).fighter.has(gained.keyword):
        return True
    return any(
        e.model == m.id
        and e.keyword == gained.keyword
        and e.until == gained.until.value
        and not e.started
        for e in game.state.effects
    )


def _about_to_fight(seen: Outlook, m: WolsungModel) -> bool:
    """Whether ``m`` fights this turn: in base contact with an enemy, or one within its Move
    as judged (L126, L127)."""
    spot = here(m)
    return bool(seen.engaged(m)) or any(
        seen.judge(m, spot, e) <= seen.move(m) for e in seen.enemies(m)
    )


def best_cast(seen: Outlook, m: WolsungModel, at: Spot) -> float:
    """What the best cast ``m`` may make after a Move to ``at`` is worth, or nothing when it
    is better given up: each spell at each model it may target from there, an Aura as it is
    worth anywhere (L178, L183-L203)."""
    game = seen.game
    worths = [0.0]
    for spell_id in member(game, m.id).spells:
        spell = rules_of(game).catalog.spells[spell_id]
        if payable(game, m, spell) is None:
            continue
        if spell.type is SpellType.AURA:
            worths.append(cast_value(seen, m, spell_id, ALL))
        else:
            worths += [
                cast_value(seen, m, spell_id, o, at=at) for o in _targets(seen, m, at, spell)
            ]
    return max(worths)


def _targets(seen: Outlook, m: WolsungModel, at: Spot, spell: Spell) -> list[str]:
    """The models judged in range that ``m`` standing ``at`` may cast ``spell`` at, as the
    casting rules judge them; one judged out of range is worth no cast, so it is not looked at."""
    return [
        o.id
        for o in seen.game.models
        if o.on_table
        and (o.id == m.id or no_farther(seen.judge(m, at, o), spell.range))
        and _allowed(seen, m, at, spell, o)
    ]


def _allowed(seen: Outlook, m: WolsungModel, at: Spot, spell: Spell, o: WolsungModel) -> bool:
    """Whether the casting rules let ``m`` standing ``at`` cast ``spell`` at ``o``
    (:func:`..magic.casting.target_problem`). They are asked as if ``o`` were in sight, and
    only then is the sight worked out, the dearest part and the one thing left to refuse."""
    subject = cast_subject(seen.game, m, o, seen.judge(m, at, o), True, seen.current(o))
    if target_problem(spell, m.id, subject, seen.rules) is not None:
        return False
    return o.id == m.id or seen.sight(m, at, o, looking=True).visible
