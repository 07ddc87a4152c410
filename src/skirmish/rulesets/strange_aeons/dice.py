"""Dice as the introduction reads them: a D3 is a D6 halved, rounding up (Dice)."""

from __future__ import annotations


def d3(face: int) -> int:
    """The D3 read from a D6 face: 1-2 -> 1, 3-4 -> 2, 5-6 -> 3."""
    return (face + 1) // 2


def read_die(sides: int, face: int) -> int:
    """A D6 face read as a die of ``sides`` (3 or 6), as a rolled characteristic's."""
    return face if sides == 6 else d3(face)
