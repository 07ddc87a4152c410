"""Mr. Cheng's Dark Energy: the more Wounds he holds, the stronger he fights (L788; rules
notes §7 items 91 and 92; golden test G42).

From 14 Wounds he has +2 Fight, Strength and Reflex; from 21, +5 in all (the book's
"cumulative +3" read as on top of the +2, §7 item 92). Cheng starts with 10 Wounds and has no
upper limit (§7 item 91), so he reaches these only by gaining Wounds, as Leech Soul gives
him (L794). The bonus follows his Wounds at every moment.
"""

from __future__ import annotations

__all__ = ["DARK_ENERGY", "dark_energy"]

DARK_ENERGY: tuple[tuple[int, int], ...] = ((21, 5), (14, 2))
"""Wounds from which the bonus applies, and the bonus, highest first."""


def dark_energy(wounds: int) -> int:
    """The bonus to Fight, Strength and Reflex Dark Energy gives at ``wounds`` (L788)."""
    return next((bonus for least, bonus in DARK_ENERGY if wounds >= least), 0)
