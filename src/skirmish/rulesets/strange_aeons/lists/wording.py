"""How list messages and sheets word counts and profile names: ``1 Skill``, ``2 Skills``;
``an Agent``, ``a Civilian``, ``The Kindred``; points as the book writes them."""

from __future__ import annotations

__all__ = ["a", "counted", "points"]


def counted(number: float, noun: str, plural: str | None = None) -> str:
    """``number`` and ``noun``, plural unless exactly one: ``3 models``, ``1 point``."""
    shown = f"{number:g}"
    return f"{shown} {noun}" if number == 1 else f"{shown} {plural or noun + 's'}"


def a(name: str) -> str:
    """A profile's name with its article: ``an Agent``, ``a Cultist``; a name with its own
    (``The Kindred``) as it is."""
    if name.startswith("The "):
        return name
    return f"an {name}" if name[0] in "AEIOU" else f"a {name}"


def points(value: float) -> str:
    """A cost as the book writes it: ``15``, ``0.5``, ``7.5``."""
    return f"{value:g}"
