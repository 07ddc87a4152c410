"""Critical hits and misses (R:246-251, rules notes §2.4), where the catalog plays them (the
rulebook does, the introduction does not).

A to-hit 6, in close combat or shooting, is confirmed by another D6: a second 6 is a Critical
Hit, +2 to the roll to wound, once per attack however many are scored. In close combat each 1
rolled to hit adds 1 to the opponent's highest die. In shooting a 1 is confirmed by another D6:
a second 1 Jams the weapon, once per Shoot Action; the hits of that Action still count, and
the weapon fires again only after an Action spent cleaning it. Deadeye widens a shot's
Critical Hit to 5 or 6, the die that starts it and the one that confirms it (R:1066; notes
§1.7 reads the skill as a wider confirmation range); a to-hit die starts one only if it hits,
so a 5 that misses a 6+ starts none. Flesh Eaters confirms a Human, Humanoid or
Undead Lurker's close combat 6 on 4-6 (R:934, :mod:`.plots`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.dice import Roll
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.lists.plot_points import PlotPoint
from skirmish.rulesets.strange_aeons.plots import cite

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Critical Hits and Misses"
CRITICAL_BONUS = 2
FILTHY = "Degenerate: Filthy (R:757)"


def played(game: AeonsGame) -> bool:
    """Whether the game plays critical hits and misses."""
    return catalog_of(game).scenario.critical_hits


def misses(game: AeonsGame, roll: Roll) -> int:
    """What a close combat roll's 1s add to the opponent's highest die."""
    return roll.faces.count(1) if played(game) else 0


def critical_hit(
    game: AeonsGame,
    hits: tuple[int, ...],
    model: str,
    lowest: int = 6,
    plot: PlotPoint | None = None,
) -> int:
    """The bonus to wound the to-hit faces that hit, ``hits``, earn: each face of ``lowest``
    or more (a 6, or a 5 for Deadeye's shots and Fists of Iron's Unarmed blows) confirmed by
    a D6 of ``lowest`` or more until one is; a Plot Point's ``plot`` confirms on its own lower
    die too (Flesh Eaters, R:934)."""
    if not played(game):
        return 0
    confirm = confirming_face(lowest, plot)
    rule = RULE if confirm == lowest or plot is None else cite(plot)
    if _confirmed(game, hits, range(lowest, 7), "critical-hit", model, range(confirm, 7), rule):
        game.emit("critical-hit", rule, (model,), bonus=CRITICAL_BONUS)
        return CRITICAL_BONUS
    return 0


def confirming_face(lowest: int, plot: PlotPoint | None = None) -> int:
    """The lowest face of the D6 that confirms a Critical Hit starting on ``lowest`` or more:
    ``lowest`` itself, or a Plot Point's ``plot`` own lower die (Flesh Eaters, R:934)."""
    return lowest if plot is None or plot.confirm is None else min(lowest, plot.confirm)


def jams(game: AeonsGame, roll: Roll, model: str) -> bool:
    """Whether a shooting to-hit roll Jams its weapon: each 1 confirmed by a D6 until one is;
    a Filthy shooter's weapon Jams on any 1, with no die to confirm it (R:757)."""
    if not played(game):
        return False
    cat = catalog_of(game)
    if 1 in roll.faces and cat.profile(game.model(model).profile).can("filthy"):
        game.emit("filthy", FILTHY, (model,))
        return True
    return _confirmed(game, roll.faces, range(1, 2), "jam", model)


def _confirmed(
    game: AeonsGame,
    rolled: tuple[int, ...],
    faces: range,
    purpose: str,
    model: str,
    confirming: range | None = None,
    rule: str = RULE,
) -> bool:
    for _ in range(sum(1 for f in rolled if f in faces)):
        if game.roll("D6", purpose, rule, model).value in (confirming or faces):
            return True
    return False
