"""What a Strange Aeons model may carry, on either side: ammunition only with a weapon it fits
(R:1243), and one 2-Hand weapon unless Burly (R:1057, the notes' placeholder for 2-Hand: §6 item
4), none for a Re-animated Limb (Body Part, R:907)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from skirmish.rulesets.strange_aeons.lists.costs import own_abilities
from skirmish.rulesets.strange_aeons.lists.wording import counted
from skirmish.rulesets.strange_aeons.rules_data.records import (
    Ammo,
    BookCatalog,
    Item,
    Profile,
    Skill,
    Weapon,
)

__all__ = ["ammo_problems", "is_two_hand", "two_hand_limit", "two_hand_problems"]

TWO_HAND = "two_hand"
"""The special weapon rule of a weapon held in both hands."""
TWO_HAND_WEAPONS = 1
"""The 2-Hand weapons a model carries: one, as the notes' placeholder for 2-Hand says (§6 item
4), since Burly lets a model carry any number (R:1057)."""
BURLY = "burly"
"""The Skill that lifts the one 2-Hand weapon limit (R:1057)."""


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
