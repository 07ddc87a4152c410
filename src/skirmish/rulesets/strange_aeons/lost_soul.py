"""Lost Soul (R:725, R:730, R:740; rules notes §3.4): the Mojo's, the Poltergeist's and the
Spectre's unmarked grave, which the Threshold searches for and purifies.

The Ghost deploys in the Lurkers' zone as any of their models and may Move anywhere. The board
is six equal zones (``lost_soul_zones``: three across its long side, two across its short
one). As an Action a Threshold model searches the zone it stands in for one Lost Soul's
remains (our reading: a search is made where the searcher is, as purifying is): a D6 of
``remains_found`` or more finds them there; otherwise that zone is searched in vain for that
Ghost, and when one zone alone is left unsearched the remains lie in it. A Threshold model in
the zone holding the remains purifies them with ``purify_actions`` Actions, spent by any
models (as the searches of a marker count, :mod:`.tokens`): the Ghost is dispelled, removed
from play (R:116). A zone searched for one Ghost is still unsearched for another. Animals never
search (R:111). Each zone is numbered as the Treasure Hunt's sections are, west to east, then
south to north.

A Mob of Lost Souls (R:918) is five Ghosts, each with remains of its own (the book makes no
exception for a Mob): the remains of a member riding on the template are sought and purified
as those of the member bearing it, and purifying them dispels that member alone (R:922).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.rulesets.strange_aeons import animals
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.ghosts import AWAY
from skirmish.rulesets.strange_aeons.mobs import CARRIED
from skirmish.rulesets.strange_aeons.purifying import purify
from skirmish.rulesets.strange_aeons.space import placement

if TYPE_CHECKING:
    from skirmish.geometry.shapes import Point
    from skirmish.rulesets.strange_aeons.model import AeonsModel
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Ghosts: Lost Soul (R:725)"
SEEK = "seek-remains"
PURIFY = "purify-remains"
ARITY = {SEEK: 2, PURIFY: 2}


def lost_souls(game: AeonsGame, m: AeonsModel) -> list[AeonsModel]:
    """The enemy Lost Souls in play, whose remains ``m`` may look for: on the table, riding on
    a Mob's template, Banished or possessing a model (R:1225, R:725); kept by the placement,
    which holds where and what every model is, or carried from the one before
    (:attr:`.Placement.before`: the same models on the table and away, each of the same side
    and profile)."""
    table = placement(game)
    known, before = table.lost_souls, table.before
    if m.side not in known and before is not None and m.side in before.lost_souls:
        known[m.side] = before.lost_souls[m.side]
    elif m.side not in known:
        cat = catalog_of(game)
        known[m.side] = tuple(
            i
            for i, o in enumerate(game.models)
            if (o.on_table or o.removed in (*AWAY, CARRIED))
            and o.side != m.side
            and cat.profile(o.profile).can("lost_soul")
        )
    return [game.models[i] for i in known[m.side]]


def zone(game: AeonsGame, p: Point) -> int:
    """The zone (1 to 6) of ``p``: columns across the long side, rows across the short."""
    columns, rows = catalog_of(game).scenario.lost_soul_zones
    wide, long, short = _frame(game)
    along, across = (p[0], p[1]) if wide else (p[1], p[0])
    col = min(columns - 1, int(along * columns / long))
    row = min(rows - 1, int(across * rows / short))
    return row * columns + col + 1


def wanted(game: AeonsGame, m: AeonsModel) -> list[Point]:
    """The middles of the zones where ``m`` would search or purify remains: each Lost Soul's
    zone found, else those not searched for it yet (for the heuristic player)."""
    columns, rows = catalog_of(game).scenario.lost_soul_zones
    wide, long, short = _frame(game)
    zones: set[int] = set()
    for g in lost_souls(game, m) if m.side == 0 else []:
        found = remains_of(game, g.id)
        everywhere = set(range(1, columns * rows + 1))
        zones |= {found} if found else everywhere - _sought(game, g.id)
    middles = []
    for z in sorted(zones):
        along = ((z - 1) % columns + 0.5) * long / columns
        across = ((z - 1) // columns + 0.5) * short / rows
        middles.append((along, across) if wide else (across, along))
    return middles


def _frame(game: AeonsGame) -> tuple[bool, float, float]:
    """Whether the board is wider than deep, and its long and short sides."""
    board = game.board
    wide = board.width >= board.height
    return wide, max(board.width, board.height), min(board.width, board.height)


def remains_of(game: AeonsGame, ghost: str) -> int:
    """The zone holding ``ghost``'s remains, or 0 while they are not found."""
    return next((z for g, z in game.state.remains if g == ghost), 0)


def _sought(game: AeonsGame, ghost: str) -> set[int]:
    return {z for g, z in game.state.sought if g == ghost}


def options(game: AeonsGame, m: AeonsModel) -> list[Action]:
    """The searches and purifications ``m`` may take now."""
    if not _seeker(game, m):  # before the Lost Souls, which ask every model's profile
        return []
    return [
        Action(kind, (m.id, g.id))
        for g in lost_souls(game, m)
        for kind in (SEEK, PURIFY)
        if error(game, m, kind, g.id) is None
    ]


def _seeker(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` looks for remains: a Threshold model, not an Animal (R:111)."""
    return m.side == 0 and not animals.is_animal(game, m)


def error(game: AeonsGame, m: AeonsModel, kind: str, ghost_id: str) -> str | None:
    """Why ``m`` may not search for or purify ``ghost_id``'s remains now, or ``None``."""
    if not _seeker(game, m):
        return f"only a Threshold model, not an Animal, looks for a Lost Soul's remains ({RULE})"
    if ghost_id not in [g.id for g in lost_souls(game, m)]:
        return f"{ghost_id} is no Lost Soul on the table ({RULE})"
    here, found = zone(game, m.pos), remains_of(game, ghost_id)
    if kind == SEEK:
        if found:
            return f"{ghost_id}'s remains are found, in zone {found} ({RULE})"
        if here in _sought(game, ghost_id):
            return f"zone {here} has been searched for {ghost_id}'s remains ({RULE})"
        return None
    if found != here:
        return f"{m.id} is not in the zone holding {ghost_id}'s remains ({RULE})"
    return None


def perform(game: AeonsGame, m: AeonsModel, action: Action) -> None:
    """A search of ``m``'s zone for the remains, or an Action purifying them."""
    ghost = action.args[1]
    if action.kind == SEEK:
        _seek(game, m, ghost)
        return
    purify(game, m, ghost, catalog_of(game).scenario.purify_actions, RULE)


def _seek(game: AeonsGame, m: AeonsModel, ghost: str) -> None:
    st = game.state
    here = zone(game, m.pos)
    face = game.roll("D6", "remains", RULE, m.id).value
    if face >= catalog_of(game).scenario.remains_found:
        _found(game, m, ghost, here)
        return
    st.sought = (*st.sought, (ghost, here))
    columns, rows = catalog_of(game).scenario.lost_soul_zones
    left = set(range(1, columns * rows + 1)) - _sought(game, ghost)
    game.emit("sought", RULE, (m.id, ghost), zone=here)
    if len(left) == 1:
        _found(game, m, ghost, left.pop())


def _found(game: AeonsGame, m: AeonsModel, ghost: str, where: int) -> None:
    game.state.remains = (*game.state.remains, (ghost, where))
    game.emit("remains-found", RULE, (m.id, ghost), zone=where)
