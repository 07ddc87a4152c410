"""Wolsung's opposed test, the one pattern behind shooting, melee, casting and leaving a melee
(rules notes §0; L9, L97-L104, L115-L121, L139-L146, L164, L188-L192).

Each side rolls a pool of D6 and counts successes, a 4, 5 or 6 (L9). The active side (the
shooter, the attacker, the caster, the model leaving a melee) wins with as many successes as
the defender or more, so ties, 0 against 0 included, go to the active side (L104, L139, L192,
L164; §7 item 23). Every success over the defender's is a critical hit (L121). Damage is the
Strength plus the critical hits less the target's Armour (L119, L145), never below 0 (§7
item 27). A pool that modifiers take to 0 dice or fewer rolls no dice and scores 0 successes
(§7 item 22); floors such as Move Penalty's minimum of 1 (L226, §7 item 41) belong to the
modifiers that set them. Heroic Deeds add successes after the roll (L217; :mod:`..cards.deeds`).
Dice are rolled from a :class:`~skirmish.dice.Faces` source under the purpose the caller
names, so tests script them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from skirmish.dice import Faces

__all__ = [
    "D6",
    "SUCCESS",
    "OpposedTest",
    "damage",
    "pool_size",
    "roll_opposed",
    "roll_pool",
    "successes",
]

D6 = 6
SUCCESS = 4
"""The lowest face that counts as a success (L9)."""


def successes(faces: Iterable[int]) -> int:
    """How many faces are successes (L9)."""
    return sum(1 for face in faces if face >= SUCCESS)


def pool_size(dice: int) -> int:
    """The dice a pool of ``dice`` rolls: none when modifiers leave 0 or fewer (§7 item 22)."""
    return max(0, dice)


def roll_pool(source: Faces, dice: int, purpose: str) -> tuple[int, ...]:
    """Roll a pool of D6 for ``purpose``."""
    return source.faces(pool_size(dice), D6, purpose)


@dataclass(frozen=True, slots=True)
class OpposedTest:
    """Both sides' faces and the successes Heroic Deeds added to each (L217-L218)."""

    active: tuple[int, ...]
    defender: tuple[int, ...]
    active_bonus: int = 0
    defender_bonus: int = 0

    @property
    def active_successes(self) -> int:
        """The active side's successes, Heroic Deeds included."""
        return successes(self.active) + self.active_bonus

    @property
    def defender_successes(self) -> int:
        """The defender's successes, Heroic Deeds included."""
        return successes(self.defender) + self.defender_bonus

    @property
    def active_wins(self) -> bool:
        """Whether the active side hits (or leaves the melee): ties are its (L104, L164)."""
        return self.active_successes >= self.defender_successes

    @property
    def criticals(self) -> int:
        """The active side's critical hits: successes over the defender's (L121)."""
        return max(0, self.active_successes - self.defender_successes)

    @property
    def counter_criticals(self) -> int:
        """A Fencing defender's critical hits when it wins: successes over the attacker's
        (L139, §7 item 30)."""
        return max(0, self.defender_successes - self.active_successes)

    def with_deeds(self, active: int, defender: int) -> OpposedTest:
        """This test with the successes a Heroic Deed exchange added to each side."""
        return replace(self, active_bonus=active, defender_bonus=defender)


def roll_opposed(
    source: Faces, active_dice: int, defender_dice: int, purposes: tuple[str, str]
) -> OpposedTest:
    """Roll both pools, the active side first, each under its purpose
    (``("guns", "reflex")``)."""
    active = roll_pool(source, active_dice, purposes[0])
    defender = roll_pool(source, defender_dice, purposes[1])
    return OpposedTest(active, defender)


def damage(strength: int, criticals: int, armour: int) -> int:
    """Wounds a hit takes off: Strength plus critical hits less Armour (L119, L145), at
    least 0 (§7 item 27)."""
    return max(0, strength + criticals - armour)
