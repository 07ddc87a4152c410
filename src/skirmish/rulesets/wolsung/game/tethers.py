"""Where a Charge stops for the rules that keep its model near others (L499, L556; rules notes
§7 item 72).

A Charge is declared before anything is measured (L10, L127), so it is never refused for where
it would end. But a Golem must always stay within the Control Range of a Scientist
(L556, :mod:`.golems`), and every Hound of a Hunting Pack within 6" of the others (L499,
:mod:`.packs`), and a Charge breaks neither: a walk stops at the last point of its way that
keeps them (:func:`cut`), and a way that would end breaking one by a ladder, a Heroic climb or
a jump is not taken.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from skirmish.geometry.paths import Path
from skirmish.geometry.shapes import EPS
from skirmish.rulesets.wolsung.game.golems import CONTROL, control_holds
from skirmish.rulesets.wolsung.game.juggernaut import ground, last_fit
from skirmish.rulesets.wolsung.game.model import WolsungModel
from skirmish.rulesets.wolsung.game.packs import HUNTING_PACK, pack_holds
from skirmish.rulesets.wolsung.game.space import base_at, move_cost, move_route
from skirmish.rulesets.wolsung.game.state import WolsungGame
from skirmish.rulesets.wolsung.table.measure import Spot

__all__ = ["Tether", "cut", "tethers"]

STEP = 0.1
"""Inches between the points of a Charge tried against a tether, before the last step is
halved down to its edge."""
HALVINGS = 12


@dataclass(frozen=True, slots=True)
class Tether:
    """A rule that keeps a model near others: whether it ``holds`` with the model's base at a
    spot, the ``rule`` cited and the ``event`` logged when a Charge stops for it."""

    holds: Callable[[Spot], bool]
    rule: str
    event: str


def tethers(game: WolsungGame, m: WolsungModel) -> list[Tether]:
    """The rules that keep ``m`` near others now."""
    found = [
        (control_holds(game, m), CONTROL, "leashed"),
        (pack_holds(game, m), HUNTING_PACK, "pack-held"),
    ]
    return [Tether(holds, rule, event) for holds, rule, event in found if holds is not None]


def cut(game: WolsungGame, m: WolsungModel, path: Path, ignore: str, tether: Tether) -> Path | None:
    """``path``, a Charge of ``m`` at the model ``ignore``, cut where ``tether`` would break:
    the way to the last point that keeps it, a Juggernaut's short of any impassable piece it
    would stand in there (L687); ``path`` itself if it never breaks. A model that sets off
    with the tether broken already (shifted away, L579) goes as far as its way keeps it
    mended, once mended, and not at all (``None``) if its way never mends it, as a Move
    there is refused."""

    def holds(length: float) -> bool:
        return tether.holds(base_at(game, m, path.point_at(length), m.level))

    steps = int(path.length / STEP) + 1
    lengths = [min(n * STEP, path.length) for n in range(steps + 1)]
    out, held = None, False
    for n, length in enumerate(lengths):
        now = holds(length)
        if held and not now:
            out = n
            break
        held = now
    # Unbroken to its end, the way holds the tether there if it ever mended it.
    if out is None and held:
        return path
    game.emit(tether.event, tether.rule, (m.id,))
    if out is None:
        return None
    low, high = lengths[out - 1], lengths[out]
    for _ in range(HALVINGS):
        mid = (low + high) / 2
        low, high = (mid, high) if holds(mid) else (low, mid)
    # The way to the point costs no more than the whole Charge, which the Move paid for.
    paid = move_cost(ground(game, m), path) + EPS
    route = move_route(game, m, last_fit(game, m, path, low).end, paid, ignore)
    return None if isinstance(route, str) else route
