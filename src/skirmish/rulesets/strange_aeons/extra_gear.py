"""Extra Gear a model carries (R:459-488, rules notes §3.3): which item it has ready and the
once-a-game uses spent, kept in the game's state so that a clone, a save and a load keep them.

The rules of each item live where they act: the Lucky Charm's +1 in :mod:`.lucky`, Tight
Boots in :mod:`.psychology`, the Firearm Cleaning Kit in :mod:`.shooting`, Morphine and
Antivenom in :mod:`.damage`, the Wooden Stake in :mod:`.stake`, Garlic, Wolfsbane and the Holy
Book in :mod:`.wards`, the Detonator in :mod:`.detonator`, Bait in :mod:`.bait`, Table Salt in
:mod:`.salt`, the Whip in :mod:`.jumping`. The Medic's Medical Bag holds one dose a game of
Antivenom or Morphine (R:413), used as the item would be.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.rulesets.strange_aeons.base import catalog_of

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.catalog import Ability, Equipment
    from skirmish.rulesets.strange_aeons.model import AeonsModel
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULES: dict[Equipment, str] = {
    "lucky_charm": "Extra Gear: Lucky Charm (R:476)",
    "tight_boots": "Extra Gear: Tight Boots (R:482)",
    "firearm_cleaning_kit": "Extra Gear: Firearm Cleaning Kit (R:468)",
    "garlic": "Extra Gear: Garlic (R:470)",
    "wolfsbane": "Extra Gear: Wolfsbane (R:488)",
    "holy_book": "Extra Gear: Holy Book (R:472)",
    "morphine": "Extra Gear: Morphine (R:478)",
    "detonator": "Extra Gear: Detonator (R:466)",
    "bait": "Extra Gear: Bait (R:464)",
    "antivenom": "Extra Gear: Antivenom (R:462)",
    "table_salt": "Extra Gear: Table Salt (R:480; notes §6 item 37)",
}
"""The rule each item's events cite."""
MEDICAL_BAG: Ability = "medical_bag"
BAG = "Medic: Medical Bag (R:413)"
NIGHT_STALKER = "night_stalker"
"""The book's profile Garlic and the Wooden Stake act on (R:470, R:486)."""


def carries(game: AeonsGame, m: AeonsModel, item: Equipment) -> bool:
    """Whether ``m`` carries ``item``."""
    return catalog_of(game).profile(m.profile).carries(item)


def unspent(game: AeonsGame, m: AeonsModel, item: Equipment) -> bool:
    """Whether ``m`` carries ``item`` and has not used it up (an item limited to one use a
    game is used once, R:462-482; a model that bought two has two uses), or its Medical Bag
    still holds a dose of it."""
    return _own_left(game, m, item) or _in_bag(game, m, item)


def _own_left(game: AeonsGame, m: AeonsModel, item: Equipment) -> bool:
    carried = catalog_of(game).profile(m.profile).equipment.count(item)
    return game.state.gear_used.count((m.id, item)) < carried


def _in_bag(game: AeonsGame, m: AeonsModel, item: Equipment) -> bool:
    """Whether the Medic's bag still holds a dose of ``item``: one of Antivenom or Morphine a
    game (R:413)."""
    cat = catalog_of(game)
    holds = item in cat.scenario.medical_bag and cat.profile(m.profile).can(MEDICAL_BAG)
    return holds and (m.id, MEDICAL_BAG) not in game.state.gear_used


def spend(game: AeonsGame, m: AeonsModel, item: Equipment) -> None:
    """Use up ``m``'s once-a-game ``item``: its own first, else its Medical Bag's dose."""
    st = game.state
    own = _own_left(game, m, item)
    st.gear_used = (*st.gear_used, (m.id, item if own else MEDICAL_BAG))
    if not own:
        game.emit("medical-bag", BAG, (m.id,), item=item)
