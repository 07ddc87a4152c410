"""The Golems' Control Range (L556-L557, L698; rules notes §7 items 59, 72, 74; golden test
G49), and where the Juggernaut takes a Golem held by it (L687).

- A Scientist holds every Golem within its Control Range: 12", or 18" while Attunement
  stretches it (L698), the reach its rules give it (``control`` in ``data/keywords.toml``).
  A Scientist of any race or club counts (§7 item 59), and of either side: the book asks
  for any model with the skill on the battlefield (L556), so a Golem lent to the enemy by
  Mind Control is still held by its own club's Scientists. Distances are edge to edge in 3D
  (L10).
- With no Scientist on the table a Golem skips its activation: it counts as activated and
  takes no Action (L556, §7 item 72).
- A Golem that starts its activation beyond the Control Range of every Scientist
  spends its Actions Moving back (L556, §7 item 72): each Action, once a Toppled one has stood
  up (L111), is a Move along the shortest way toward the nearest of them, its whole Move or as
  far as it may end (:func:`way_back`; a Security Golem's through walls, ending in none, or
  round them when that leaves less of the way, L687), a Move out of a melee by the Leaving
  Melee test (L164). It finds no way back only when no such Move leaves it anywhere else.
  Once it is back within the range it acts as it likes.
- Otherwise it must always stay within the range (L556): no Move or climb of it ends beyond
  (:func:`control_error`), and a Charge, declared before anything is measured (L10), stops
  where it would leave the range (:func:`control_holds`, :mod:`.tethers`).
- An extra activation (Command, L563) obeys the same (§7 item 74).
"""

from __future__ import annotations

from collections.abc import Callable

from skirmish.geometry.board import Board
from skirmish.geometry.paths import Path, reach_toward
from skirmish.geometry.shapes import Point
from skirmish.rulesets.wolsung.game.base import rules_of
from skirmish.rulesets.wolsung.game.effects import current
from skirmish.rulesets.wolsung.game.juggernaut import ground, last_fit, nearer_of, strides
from skirmish.rulesets.wolsung.game.model import WolsungModel
from skirmish.rulesets.wolsung.game.space import base_at, blockers, disc, gap
from skirmish.rulesets.wolsung.game.state import WolsungGame
from skirmish.rulesets.wolsung.rules_data.rule_effects import Control
from skirmish.rulesets.wolsung.table.measure import Spot, within

__all__ = [
    "CONTROL",
    "control_error",
    "control_holds",
    "control_reach",
    "idle",
    "out_of_range",
    "way_back",
]

CONTROL = "L556"
GOLEM = "golem"

Held = list[tuple[WolsungModel, float]]
"""The Scientists that hold a Golem, each with its Control Range."""


def control_reach(game: WolsungGame, name: str) -> float | None:
    """The Control Range the rule ``name`` gives, ``None`` if it gives none or is no rule
    (L557, L698)."""
    rule = rules_of(game).catalog.keywords.get(name)
    effects = () if rule is None else rule.effects
    return max((e.reach for e in effects if isinstance(e, Control)), default=None)


def _reach(game: WolsungGame, m: WolsungModel) -> float | None:
    """The Control Range ``m``'s rules give it now, the widest; ``None`` if it has none."""
    reaches = [control_reach(game, ref.id) for ref in current(game, m).rules]
    return max((r for r in reaches if r is not None), default=None)


def _holders(game: WolsungGame, m: WolsungModel) -> Held:
    """The Scientists on the table, of either side, that hold ``m`` if it is a Golem, each with
    its Control Range (L556-L557: any model with the skill, §7 item 59); none for any other
    model."""
    if not current(game, m).has(GOLEM):
        return []
    found = []
    for o in game.models:
        if o.on_table and o.id != m.id:
            reach = _reach(game, o)
            if reach is not None:
                found.append((o, reach))
    return found


def idle(game: WolsungGame, m: WolsungModel) -> bool:
    """Whether ``m`` is a Golem with no Scientist on the table: it skips its activation
    (L556)."""
    return current(game, m).has(GOLEM) and not _holders(game, m)


def _within(game: WolsungGame, held: Held, at: Spot) -> bool:
    return any(within(at, disc(game, s), reach) for s, reach in held)


def out_of_range(game: WolsungGame, m: WolsungModel) -> bool:
    """Whether ``m`` is a Golem standing beyond the Control Range of every Scientist on the
    table (L556, §7 item 72)."""
    held = _holders(game, m)
    return bool(held) and not _within(game, held, disc(game, m))


def control_error(
    game: WolsungGame, m: WolsungModel, point: Point, level: str | None
) -> str | None:
    """Why ``m`` may not end a Move or climb at ``point`` on ``level``: a Golem would leave its
    Control Range (L556); ``None`` if it may."""
    held = _holders(game, m)
    if not held or _within(game, held, base_at(game, m, point, level)):
        return None
    widest = max(reach for _, reach in held)
    return f'{m.name} must stay within its Control Range, {widest:g}" of a Scientist (L556)'


def control_holds(game: WolsungGame, m: WolsungModel) -> Callable[[Spot], bool] | None:
    """Whether ``m``'s base at a spot keeps within the Control Range of a Scientist
    (L556); ``None`` when no Scientist holds it."""
    held = _holders(game, m)
    return (lambda spot: _within(game, held, spot)) if held else None


def way_back(game: WolsungGame, m: WolsungModel, most: float) -> Path | None:
    """The shortest way of ``m``, ``most`` inches at most, toward the nearest
    Scientist, ending in base contact with it at the nearest (L556, §7 item 72); a
    Juggernaut's over the ground it walks, cut short of the pieces its base may not end in,
    else round them as any model's Move goes, whichever leaves less of the way (L687); ``None`` when
    there is none."""
    nearest = min(_holders(game, m), key=lambda held: gap(game, m, held[0]))[0]
    others = blockers(game, m, ignore=nearest.id)

    def toward(board: Board) -> Path | None:
        path = reach_toward(
            board,
            m.pos,
            nearest.pos,
            m.radius,
            others,
            m.level,
            max_length=most,
            stop_distance=m.radius + nearest.radius,
        )
        return None if path is None else last_fit(game, m, path)

    path = toward(ground(game, m))
    if path is None or not strides(game, m):
        return path
    return nearer_of(game, m, path, toward(game.board), nearest, others, most)
