"""Wolsung's switchable readings of the rules the book leaves open (rules notes §7).

Each field is one named option with its notes item; the defaults are the notes' suggested
resolutions. A game takes one :class:`HouseRules` and hands it to the card, bid, shooting
and melee rules.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["HouseRules"]


@dataclass(frozen=True, slots=True)
class HouseRules:
    """The rules' open points, each settled one way or the other.

    - ``reshuffle_discards``: when the draw pile runs out, the discard pile is shuffled into a
      new one (§7 item 6, [HOUSE]); off, a draw the deck cannot supply is refused.
    - ``discard_bids``: every revealed bid card is discarded, the winner's too (§7 item 7,
      [HOUSE]); off, the bid cards go back to their owners' hands.
    - ``mindless_blocks_additional``: a player with a Mindless model still to activate may not
      bid for an Additional Activation either, as for Steal and Delay (§7 item 3); off, only
      Steal and Delay are barred, as L43 names them.
    - ``spell_suit_for_cost_2``: a cost-2 spell takes a court card or Ace of the caster's own
      suit (§7 item 35, the stricter reading); off, any court card or Ace.
    - ``armour_piercing``: Armour Piercing [x] takes x off the target's Armour for the hit,
      not below 0 (§7 item 55, [HOUSE]); off, the trait does nothing.
    - ``gruesome_damage``: each critical hit of a Gruesome Damage attack adds 2 damage, not 1
      (§7 item 56, [HOUSE]); off by default, as the notes ask until the source is found.
    - ``fire_rules``: Resistance to Fire [x] cuts Fire damage by x after Armour and Fire
      Immunity (every Golem) ignores it (§7 item 54, [HOUSE]); off, Fire is a plain hit.
    - ``defender_support``: friends of a defender in base contact with its attacker add
      their Fight to its pool too, as the attacker's friends do (§7 item 32); off, as
      written, only the active model is supported.
    """

    reshuffle_discards: bool = True
    discard_bids: bool = True
    mindless_blocks_additional: bool = True
    spell_suit_for_cost_2: bool = True
    armour_piercing: bool = True
    gruesome_damage: bool = False
    fire_rules: bool = True
    defender_support: bool = False
