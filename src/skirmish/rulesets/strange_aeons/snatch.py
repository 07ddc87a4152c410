"""The Winged Nightmare's Snatch, Drop, Nest and Re-emerge (R:713).

- **Snatch**: a Winged Nightmare that wins a round of close combat may snatch the loser instead
  of wounding it: no more close combat is fought between them. The snatched model is carried
  off the table with the Nightmare, as a Byakhee's passenger is (:mod:`.transporter`), and
  the Nightmare Moves at half its Movement while it carries it. Its own player may still
  nominate it, only on its own (our reading: from off the table no distance to a Command
  model can be measured), and its one Action then is to wriggle free: a Dexterity test,
  passed, places it Face Up 2" away (:mod:`.wriggle`). A loser riding, ridden, carrying or
  in a Mob is not snatched (our reading).
- **Drop**: an enemy Charging a Nightmare that carries a foe makes it drop the foe, Face Up
  2" away (:class:`.movement.Charge`); so does the Nightmare that stops being Normal or is
  removed (our reading, as the Byakhee's Transporter, R:639). A snatched model removed from
  play (an Animal along with its handler, R:1045) is carried no more.
- **Nest**: a Nightmare that Moves off a short board edge carrying a foe spirits it away: the
  foe is removed ("Nest") where they leave the table, what it holds dropped there (The Bag
  Man's package, R:1569: our reading, the book silent); the post-game search for it belongs
  to the campaign, not played.
  The book does not say which short edge is "its" own: either is (our reading).
- **Re-emerge**: the Nightmare that left so is not removed: its player may nominate it on
  its own, never by Command, and its Action returns it at the spot it left, touching that
  edge, before it goes on with its Turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.geometry.board import Edge
from skirmish.rulesets.strange_aeons import mobs, riding
from skirmish.rulesets.strange_aeons.base import catalog_of

if TYPE_CHECKING:
    from skirmish.geometry.shapes import Point
    from skirmish.rulesets.strange_aeons.model import AeonsModel
    from skirmish.rulesets.strange_aeons.state import AeonsGame

SNATCH = "snatch"
WRIGGLE = "wriggle"
RE_EMERGE = "re-emerge"
ARITY = {WRIGGLE: 1, RE_EMERGE: 1}
SNATCH_RULE = "Winged Nightmare: Snatch (R:713)"
DROP_RULE = "Winged Nightmare: Drop (R:713)"
NEST_RULE = "Winged Nightmare: Nest (R:713)"
RE_EMERGE_RULE = "Winged Nightmare: Re-emerge (R:713)"
NEST = "Nest"
"""The reason a model spirited away to the nest is removed for."""
WRIGGLED = "wriggled-free"
AWAY = 2.0
"""How far from the Nightmare, base to base, a foe it lets go of is placed."""


def victim_of(game: AeonsGame, nightmare: AeonsModel) -> AeonsModel | None:
    """The foe ``nightmare`` carries, if any."""
    return riding.partner(game, game.state.snatched, nightmare, 0)


def snatcher_of(game: AeonsGame, m: AeonsModel) -> AeonsModel | None:
    """The Nightmare carrying ``m``, if any."""
    return riding.partner(game, game.state.snatched, m, 1)


def may_snatch(game: AeonsGame, winner: AeonsModel, loser: AeonsModel) -> bool:
    """Whether ``winner`` may snatch ``loser`` it has beaten: a Nightmare carrying nothing,
    a loser riding, ridden, carrying and in nothing."""
    if not catalog_of(game).profile(winner.profile).can("snatch") or victim_of(game, winner):
        return False
    busy = riding.mount_of(game, loser) or riding.rider_of(game, loser)
    carrying = game.state.carried and any(loser.id in pair for pair in game.state.carried)
    return busy is None and not carrying and not mobs.in_mob(game, loser)


def seize(game: AeonsGame, nightmare: AeonsModel, victim: AeonsModel) -> None:
    """``nightmare`` carries ``victim`` off the table."""
    st = game.state
    st.snatched = (*st.snatched, (nightmare.id, victim.id))
    victim.x, victim.y, victim.level = -1.0, -1.0, None
    game.emit("snatched", SNATCH_RULE, (nightmare.id, victim.id))


def halved(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` carries a snatched foe, which halves its Movement (R:713)."""
    return victim_of(game, m) is not None


def release(game: AeonsGame, nightmare: AeonsModel, event: str) -> AeonsModel | None:
    """The foe ``nightmare`` carries, if any, placed 2" from it and returned; ``event``
    names why."""
    victim = victim_of(game, nightmare)
    if victim is None:
        return None
    far = nightmare.radius + victim.radius + AWAY
    at = riding.free_spot(game, victim, nightmare.pos, far, nightmare.level)
    _unpair(game, nightmare)
    victim.x, victim.y = at
    victim.level = nightmare.level
    game.emit(event, rule_of(event), (nightmare.id, victim.id), at=[round(v, 2) for v in at])
    return victim


def lost(game: AeonsGame, m: AeonsModel) -> None:
    """``m``, removed from play while snatched (an Animal along with its handler), is
    carried no more: its Nightmare holds nothing, at full Movement again."""
    nightmare = snatcher_of(game, m)
    if nightmare is not None:
        _unpair(game, nightmare)


def rule_of(event: str) -> str:
    """The rule a foe let go of lands by: Snatch's when it wriggled free, else Drop's."""
    return SNATCH_RULE if event == WRIGGLED else DROP_RULE


def _unpair(game: AeonsGame, nightmare: AeonsModel) -> None:
    game.state.snatched = tuple(p for p in game.state.snatched if p[0] != nightmare.id)


def short_edges(game: AeonsGame) -> tuple[Edge, ...]:
    """The table's short edges."""
    board = game.board
    if board.width > board.height:
        return (Edge.EAST, Edge.WEST)
    return (Edge.NORTH, Edge.SOUTH)


def nests(game: AeonsGame, m: AeonsModel, edge: Edge) -> bool:
    """Whether ``m`` leaving by ``edge`` takes its foe to the nest and may come back."""
    return victim_of(game, m) is not None and edge in short_edges(game)


def fly_off(game: AeonsGame, nightmare: AeonsModel, edge: Edge) -> AeonsModel:
    """``nightmare`` leaves by the short ``edge``, its foe lost; the foe is returned, to be
    removed where they left the table (what it holds falls there, R:1569)."""
    victim = victim_of(game, nightmare)
    assert victim is not None
    _unpair(game, nightmare)
    x, y = game.board.edge_contact(nightmare.pos, nightmare.radius, edge)
    victim.x, victim.y = x, y
    st = game.state
    st.nested = (*st.nested, (nightmare.id, x, y))
    nightmare.x, nightmare.y, nightmare.level = -1.0, -1.0, None
    game.emit("nested", NEST_RULE, (nightmare.id, victim.id), edge=edge.value)
    return victim


def left_from(game: AeonsGame, m: AeonsModel) -> Point | None:
    """Where ``m`` left the table for its nest, if it is away there."""
    found = next((p for p in game.state.nested if p[0] == m.id), None)
    return None if found is None else (found[1], found[2])


def aloft(game: AeonsGame, side: int) -> list[AeonsModel]:
    """The models of ``side`` off the table that may still be nominated: those snatched, and
    the Nightmares away at their nest."""
    ids = [v for _, v in game.state.snatched] + [n for n, _, _ in game.state.nested]
    return [m for m in map(game.model, ids) if m.side == side and m.removed is None]


def is_aloft(game: AeonsGame, m: AeonsModel) -> bool:
    """Whether ``m`` is snatched, or a Nightmare away at its nest."""
    st = game.state
    if not (st.snatched or st.nested):  # as nearly always: every decision asks
        return False
    return snatcher_of(game, m) is not None or left_from(game, m) is not None


def options(game: AeonsGame, m: AeonsModel) -> tuple[Action, ...]:
    """The Actions of a model aloft: a snatched one wriggles, a Nightmare re-emerges; each
    may forfeit instead."""
    kind = WRIGGLE if snatcher_of(game, m) is not None else RE_EMERGE
    return (Action(kind, (m.id,)), Action("pass", (m.id,)))


def refusal(game: AeonsGame, m: AeonsModel) -> str:
    """Why ``m``, off the table, may take no other Action."""
    if snatcher_of(game, m) is not None:
        return f"{m.id} is snatched: it may only wriggle free or forfeit (R:713)"
    return f"{m.id} is away at its nest: it may only re-emerge or forfeit (R:713)"


def nomination_error(game: AeonsGame, m: AeonsModel) -> str:
    """Why ``m``, off the table, is not nominated now."""
    if is_aloft(game, m):
        return f"{m.id} is off the table: it is nominated only on its own (R:713)"
    return f"{m.id} is not on the table"


def re_emerge(game: AeonsGame, m: AeonsModel) -> None:
    """``m`` comes back at the spot it left, touching that edge (or the nearest free)."""
    at = left_from(game, m)
    assert at is not None
    game.state.nested = tuple(p for p in game.state.nested if p[0] != m.id)
    m.x, m.y = riding.free_spot(game, m, at, 0.0, None)
    game.emit("re-emerged", RE_EMERGE_RULE, (m.id,), at=[round(v, 2) for v in m.pos])
