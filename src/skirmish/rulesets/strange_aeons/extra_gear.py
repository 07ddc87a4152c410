"""Extra Gear a model carries (R:459-488, rules notes §3.3): which item it has ready and the
once-a-game uses spent, kept in the game's state so that a clone, a save and a load keep them.

The rules of each item live where they act: the Lucky Charm's +1 in :mod:`.lucky`, Tight
Boots in :mod:`.psychology`, the Firearm Cleaning Kit in :mod:`.shooting`, Morphine and
Antivenom in :mod:`.damage`, the Wooden Stake in :mod:`.stake`, Garlic, Wolfsbane and the Holy
Book in :mod:`.wards`, the Detonator in :mod:`.detonator`, Bait in :mod:`.bait`, Table Salt in
:mod:`.salt`, the Whip in :mod:`.jumping`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.rulesets.strange_aeons.base import catalog_of

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.catalog import Equipment
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
NIGHT_STALKER = "night_stalker"
"""The book's profile Garlic and the Wooden Stake act on (R:470, R:486)."""


def carries(game: AeonsGame, m: AeonsModel, item: Equipment) -> bool:
    """Whether ``m`` carries ``item``."""
    return catalog_of(game).profile(m.profile).carries(item)


def unspent(game: AeonsGame, m: AeonsModel, item: Equipment) -> bool:
    """Whether ``m`` carries ``item`` and has not used it up (an item limited to one use a
    game is used once, R:462-482; a model that bought two has two uses)."""
    carried = catalog_of(game).profile(m.profile).equipment.count(item)
    return game.state.gear_used.count((m.id, item)) < carried


def spend(game: AeonsGame, m: AeonsModel, item: Equipment) -> None:
    """Use up ``m``'s once-a-game ``item``."""
    st = game.state
    st.gear_used = (*st.gear_used, (m.id, item))
