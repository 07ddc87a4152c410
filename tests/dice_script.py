"""Scripted dice written the way the rules ask for them: ``scripted("attack", 4, 5, "defense",
3)`` gives faces 4 and 5 for the purpose ``attack``, then 3 for ``defense``."""

from __future__ import annotations

from skirmish.dice import ScriptedDice


def script(*items: str | int) -> list[tuple[str, int]]:
    """The (purpose, face) pairs: each string names the purpose of the faces after it."""
    out: list[tuple[str, int]] = []
    purpose = ""
    for item in items:
        if isinstance(item, str):
            purpose = item
        else:
            out.append((purpose, item))
    return out


def scripted(*items: str | int) -> ScriptedDice:
    """A scripted dice source of :func:`script`'s pairs."""
    return ScriptedDice(script(*items))
