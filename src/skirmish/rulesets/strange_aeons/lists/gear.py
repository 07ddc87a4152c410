"""What a Strange Aeons model may carry, on either side: ammunition only with a weapon it fits
(R:1243), one 2-Hand weapon unless Burly (R:1057, the notes' placeholder for 2-Hand: §6 item
4), none for a Re-animated Limb (Body Part, R:907), and one piece of armour, printed or bought.

Armour, our reading: the book never lets pieces add up. The Lead Breastplate is the one item it
lets a model wear beside armour (R:474), which says pieces of armour are worn one at a time, and
Constitution past the Human maximum of 8 is for Thick Skin alone (R:1157, R:2088): two Heavy
Armoured Vests on an Agent would make 10. So a model wears at most one armour row of the weapon
tables (R:1256-1257, R:1313-1314; the Ancient Warrior's printed Light Armour, R:886, is one),
and the Lead Breastplate, Extra Gear, beside it."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from skirmish.rulesets.strange_aeons.lists.costs import own_abilities
from skirmish.rulesets.strange_aeons.lists.wording import counted
from skirmish.rulesets.strange_aeons.rules_data.records import (
    Ammo,
    Armour,
    BookCatalog,
    Item,
    Profile,
    Skill,
    Weapon,
)

__all__ = [
    "ARMOUR_WORN",
    "ammo_problems",
    "armour_problems",
    "is_two_hand",
    "two_hand_limit",
    "two_hand_problems",
]

TWO_HAND = "two_hand"
"""The special weapon rule of a weapon held in both hands."""
TWO_HAND_WEAPONS = 1
"""The 2-Hand weapons a model carries: one, as the notes' placeholder for 2-Hand says (§6 item
4), since Burly lets a model carry any number (R:1057)."""
BURLY = "burly"
"""The Skill that lifts the one 2-Hand weapon limit (R:1057)."""
ARMOUR_WORN = 1
"""The pieces of armour a model wears: one, the Lead Breastplate beside it (R:474, R:1157)."""


def ammo_problems(
    book: BookCatalog, name: str, profile: Profile, gear: Sequence[Item]
) -> Iterator[str]:
    carried = {ref.item for ref in profile.gear} | {item.id for item in gear}
    for item in gear:
        if isinstance(item, Ammo) and not carried & set(item.weapons):
            fits = " or ".join(book.weapons[w].name for w in item.weapons)
            yield (
                f"{name}: {item.name} is ammunition for a {fits}, which it does not carry "
                f"(R:{item.line})"
            )


def two_hand_problems(
    book: BookCatalog,
    name: str,
    profile: Profile,
    gear: Sequence[Item],
    skills: Sequence[Skill],
) -> Iterator[str]:
    limit, cite = two_hand_limit(book, profile, skills)
    carried = [book.items[ref.item] for ref in profile.gear] + list(gear)
    held = [item.name for item in carried if is_two_hand(item)]
    if limit is not None and len(held) > limit:
        yield (
            f"{name}: carries {counted(len(held), '2-Hand weapon')} ({', '.join(held)}); "
            f"it may carry {limit} ({cite})"
        )


def armour_problems(
    book: BookCatalog, name: str, profile: Profile, gear: Sequence[Item]
) -> Iterator[str]:
    # The book's own name for printed armour: the Ancient Warrior's Light Armour (R:886).
    printed = [(ref.name, book.items[ref.item]) for ref in profile.gear]
    carried = [(label or item.name, item) for label, item in printed]
    carried += [(item.name, item) for item in gear]
    worn = [label for label, item in carried if isinstance(item, Armour)]
    if len(worn) > ARMOUR_WORN:
        yield (
            f"{name}: wears {counted(len(worn), 'piece')} of armour ({', '.join(worn)}); "
            "a model wears one, a Lead Breastplate beside it (R:474, R:1157)"
        )


def is_two_hand(item: Item) -> bool:
    """Whether ``item`` is a weapon held in both hands."""
    return isinstance(item, Weapon) and any(
        rule.id == TWO_HAND for line in item.lines for rule in line.specials
    )


def two_hand_limit(
    book: BookCatalog, profile: Profile, skills: Sequence[Skill]
) -> tuple[int | None, str]:
    """How many 2-Hand weapons a model may carry (``None``: any, with Burly) and the rule."""
    if BURLY in {ref.id for ref in profile.skills} | {skill.id for skill in skills}:
        return None, "R:1057"
    limit, cite = TWO_HAND_WEAPONS, "R:1057, notes §6 item 4"
    for ability in own_abilities(book, profile):
        if ability.two_hand_weapons is not None and ability.two_hand_weapons < limit:
            limit, cite = ability.two_hand_weapons, f"{ability.name}, R:{ability.lines[0]}"
    return limit, cite
