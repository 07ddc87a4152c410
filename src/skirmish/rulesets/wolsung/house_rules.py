"""Wolsung's switchable readings of the rules the book leaves open (rules notes §7).

Each field is one named option with its notes item; the defaults are the notes' suggested
resolutions. A game takes one :class:`HouseRules` and hands it to the card, bid, casting,
shooting and melee rules.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["HouseRules"]


@dataclass(frozen=True, slots=True)
class HouseRules:
    """The rules' open points, each settled one way or the other.

    - ``reshuffle_discards``: when the draw pile runs out, the discard pile is shuffled into a
      new one (§7 item 6, [HOUSE]); off, only the deck supplies draws: the turn's draw, no
      player's choice, takes what the deck holds and the hand is short, and Man about town's
      draw is not offered while the deck holds fewer than two cards.
    - ``discard_bids``: every revealed bid card is discarded, the winner's too (§7 item 7,
      [HOUSE]); off, the bid cards go back to their owners' hands.
    - ``mindless_blocks_additional``: a player with a Mindless model still to activate may not
      bid for an Additional Activation either, as for Steal and Delay (§7 item 3); off, only
      Steal and Delay are barred, as L43 names them.
    - ``spell_suit_for_cost_2``: a cost-2 spell takes a court card or Ace of the caster's own
      suit (§7 item 35, the stricter reading); off, any court card or Ace.
    - ``out_of_range_loses_card``: a spell found out of range fails and its card stays spent,
      since the cost is paid before measuring (L185-L187, §7 item 36, [HOUSE]); off, the card
      goes back to the hand.
    - ``magic_protection_dice``: Magic Protection [x] gives x more Reflex dice against Magic
      Projectiles and Attacks, the racial and the Triad one not adding up (L314, L719, §7
      item 53, [HOUSE]); off, the undefined rule does nothing.
    - ``aura_covers_caster``: an Aura reaches its caster too (§7 item 37); off, only the
      friends around it.
    - ``buff_on_caster``: a Buff may target its caster (§7 item 37); off, only another friend.
    - ``bloodboil_on_enemies``: Bloodboil, printed "Attack/Buff[1]", may target an enemy as an
      Attack (MA against R) as well as a friend as a Buff (L797, §7 item 96); off, friends only.
    - ``shared_shield``: a Shield Aura is one pool of Wounds shared by every model it reached
      (L597, §7 item 79); off, each model it reached has a pool of its own.
    - ``armour_piercing``: Armour Piercing [x] takes x off the target's Armour for the hit,
      not below 0 (§7 item 55, [HOUSE]); off, the trait does nothing.
    - ``gruesome_damage``: each critical hit of a Gruesome Damage attack adds 2 damage, not 1
      (§7 item 56, [HOUSE]); off by default, as the notes ask until the source is found.
    - ``fire_rules``: Resistance to Fire [x] cuts Fire damage by x after Armour and Fire
      Immunity (every Golem) ignores it (§7 item 54, [HOUSE]); off, Fire is a plain hit.
    - ``defender_support``: friends of a defender in base contact with its attacker add
      their Fight to its pool too, as the attacker's friends do (§7 item 32); off, as
      written, only the active model is supported.
    - ``despotic_in_turn``: the Despotic Ring's activations before the first turn go round the
      clubs with a Ring one model at a time, clockwise from the First Player, as a turn's
      activations do (§7 item 90, [HOUSE]); off, each club makes all of its own, the First
      Player's club first.
    - ``models_block_sight``: the bodies of other models block line of sight and give cover,
      as terrain does (L83, §7 item 20, [HOUSE]); off, sight passes through models.
    """

    reshuffle_discards: bool = True
    discard_bids: bool = True
    mindless_blocks_additional: bool = True
    spell_suit_for_cost_2: bool = True
    out_of_range_loses_card: bool = True
    magic_protection_dice: bool = True
    aura_covers_caster: bool = True
    buff_on_caster: bool = True
    bloodboil_on_enemies: bool = True
    shared_shield: bool = True
    armour_piercing: bool = True
    gruesome_damage: bool = False
    fire_rules: bool = True
    defender_support: bool = False
    despotic_in_turn: bool = True
    models_block_sight: bool = True
