"""Gear bought for a set sum of Equipment Points: every set of items a Threshold model may
carry worth exactly that sum, as a list would equip it (R:350, R:459-460, R:1057, R:1243).

The Squad Leader's Back Up calls in an Agent "equipped with 1EP of gear" (R:453): its player
chooses one of these sets when the Agent comes (:mod:`..back_up`). Our reading: the items come
from the Master Weapons Table and the Extra Gear list, as a new list's do (R:350; a Special
Branch prototype needs a promoted team, R:493), and they are worth the whole sum, as a list
spends every point it has left (R:350). An item may come more than once, as far as a list may
buy it so (two Knives; one Extra Gear item for an Agent, R:460); an ammunition type only
once, as a second of it upgrades no weapon further (R:1222, R:1243).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from itertools import combinations_with_replacement

from skirmish.rulesets.strange_aeons.lists.costs import items_ep
from skirmish.rulesets.strange_aeons.lists.list_file import Operative
from skirmish.rulesets.strange_aeons.lists.team import gear_problems
from skirmish.rulesets.strange_aeons.rules_data.records import (
    Ammo,
    BookCatalog,
    Item,
    Personnel,
    Table,
    Weapon,
)

__all__ = ["kits"]

SOLD = (Table.MASTER, Table.EXTRA_GEAR)
"""The tables a new list buys from (R:350)."""


def kits(
    book: BookCatalog, profile: Personnel, ep: float, allows: Callable[[Item], bool]
) -> list[tuple[Item, ...]]:
    """Every set of items that ``allows`` accepts, worth exactly ``ep``, that a model of
    ``profile`` may carry, each set in the order of its items' ids, the sets by size and
    then in that order."""
    sold = {i.id: i for t in SOLD for i in book.on_table(t) if i.ep and i.ep <= ep}
    items = [sold[i] for i in sorted(sold) if allows(sold[i])]
    cheapest = min((i.ep or ep for i in items), default=ep)
    found: list[tuple[Item, ...]] = []
    # An Ammo Choice weapon's first type listed is free (R:1222): a kit may hold one such
    # item for each item it pays for.
    for size in range(1, 2 * int(ep // cheapest) + 1):
        for kit in combinations_with_replacement(items, size):
            if _ammo_repeated(kit):
                continue
            worth = math.isclose(items_ep(kit), ep) and not _standard_listed(book, kit)
            if worth and not any(gear_problems(book, Operative(profile.name, profile, (), kit))):
                found.append(kit)
    return found


def _ammo_repeated(kit: tuple[Item, ...]) -> bool:
    """Whether ``kit`` lists an ammunition type twice: the one upgrade (R:1243)."""
    types = [a.id for a in kit if isinstance(a, Ammo)]
    return len(types) != len(set(types))


def _standard_listed(book: BookCatalog, kit: tuple[Item, ...]) -> bool:
    """Whether ``kit`` lists, as the only type of an Ammo Choice weapon of it, the type that
    weapon comes with anyway: the same kit as the one without it (R:1222)."""
    for weapon in kit:
        if isinstance(weapon, Weapon) and weapon.ammo_choice:
            types = [a for a in kit if isinstance(a, Ammo) and weapon.id in a.weapons]
            if types == [book.standard_ammo(weapon.id)]:
                return True
    return False
