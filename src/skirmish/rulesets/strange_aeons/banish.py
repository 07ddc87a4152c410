"""Banish (R:1225; Rock Salt, R:1251; rules notes §6 items 56 and 60): a Ghost hit is sent
away for 1D3 Turns, then comes back.

A Banish weapon may target a Ghost (item 60: its Banish is all it does to one, Rock Salt's
Damage being 0): a hit that gets through the saves Banishes it, off the table for 1D3 Turns,
each a Game Round (item 56): it comes back at the start of the Turn that many rounds after the
one it left in (two player Turns a round). A Grave-bound Ghost comes back in base contact with
its Grave Marker, a Lost Soul anywhere in a zone (:mod:`.lost_soul`) other than the one it was
Banished in, its player choosing the spot in either case; where no spot is free, it waits for
the next Turn (our reading). The Resolve tests it brings back are taken as soon as it is
placed, before the next Ghost comes (R:205). While Banished it is no model on the table:
nothing targets it; its remains may still be looked for and purified (:mod:`.lost_soul`), and a
Grave Marker purified meanwhile still dispels it, and then it never comes back. A Banished
Ghost still stands for its side: the game does not end while it is away
(:func:`.damage.remove`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision, PointSpec
from skirmish.engine.step import Step
from skirmish.geometry.shapes import CONTACT, edge_distance
from skirmish.rulesets.strange_aeons import graves, lost_soul
from skirmish.rulesets.strange_aeons.dice import d3
from skirmish.rulesets.strange_aeons.ghosts import BANISHED, contact_error, is_spirit
from skirmish.rulesets.strange_aeons.psychology import PsychologyCheck
from skirmish.rulesets.strange_aeons.space import placement_reason, ring, set_down, table_grid

if TYPE_CHECKING:
    from skirmish.geometry.shapes import Point
    from skirmish.rulesets.strange_aeons.catalog import Weapon
    from skirmish.rulesets.strange_aeons.model import AeonsModel
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Weapon special rules: Banish (R:1225; notes §6 items 56, 60)"
RETURN = "return"
"""The kind of the point a Banished Ghost comes back at."""
RING = 12
"""Spots offered around a Grave Marker to a player who does not pick one."""
GRID = 13
"""Spots along each side of the table offered for a Lost Soul's return."""
TURNS_A_ROUND = 2


def may_target(weapon: Weapon) -> bool:
    """Whether ``weapon`` may target a Ghost by its Banish (notes §6 item 60)."""
    return weapon.has("banish")


def hit(game: AeonsGame, target: AeonsModel, weapon: Weapon) -> None:
    """A hit of ``weapon`` through ``target``'s saves: a Ghost hit by a Banish weapon is
    Banished for 1D3 Turns (R:1225)."""
    if not weapon.has("banish") or not is_spirit(game, target) or target.removed is not None:
        return
    st = game.state
    rounds = d3(game.roll("D6", "banish", RULE, target.id).value)
    left = 0 if graves.is_grave_bound(game, target) else lost_soul.zone(game, target.pos)
    st.banished = (*st.banished, (target.id, st.turn + TURNS_A_ROUND * rounds, left))
    target.removed = BANISHED
    game.emit("banished", RULE, (target.id,), turns=rounds)


@dataclass(slots=True, eq=False)
class Returns(Step):
    """At the start of a Turn, the Ghosts whose Banishment ends come back, one at a time,
    each where its player places it."""

    rule = RULE
    ghost: str = ""

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        st = game.state
        if action is not None:
            assert action.point is not None
            m = game.model(self.ghost)
            set_down(game, m, action.point)
            m.removed = None
            st.banished = tuple(b for b in st.banished if b[0] != m.id)
            game.emit("returned", RULE, (m.id,), at=list(action.point))
            # The Fear tests it brings are taken as soon as it is back (R:205).
            return [PsychologyCheck(), self]
        # A Ghost dispelled while away (its Grave Marker purified) comes back no more.
        st.banished = tuple(b for b in st.banished if game.model(b[0]).removed == BANISHED)
        due = [b[0] for b in st.banished if b[1] <= st.turn]
        if not due:
            return []
        m = game.model(due[0])
        if not spots(game, m):
            # No room anywhere it may come back: it waits for the next Turn (our reading).
            st.banished = tuple(
                (g, st.turn + 1, z) if g == m.id else (g, t, z) for g, t, z in st.banished
            )
            game.emit("no-room", RULE, (m.id,))
            return [self]
        self.ghost = m.id
        bound = graves.is_grave_bound(game, m)
        hint = "a point in base contact with its Grave Marker" if bound else _zone_hint(game, m)
        spec = PointSpec(RETURN, (m.id,), hint)
        prompt = f"{m.name} ({m.id}) comes back from its Banishment"
        return Decision(m.side, RETURN, prompt, (), (spec,))

    def point_error(self, game: AeonsGame, action: Action) -> str | None:
        assert action.point is not None
        return return_error(game, game.model(self.ghost), action.point)


def _zone_hint(game: AeonsGame, m: AeonsModel) -> str:
    return f"a point in any zone but zone {_left(game, m)}, where it was Banished"


def _left(game: AeonsGame, m: AeonsModel) -> int:
    """The zone ``m`` was Banished in; 0 for a Grave-bound Ghost."""
    return next(z for g, _, z in game.state.banished if g == m.id)


def return_error(game: AeonsGame, m: AeonsModel, p: Point) -> str | None:
    """Why the Banished ``m`` cannot come back at ``p``: a Grave-bound Ghost beside its Grave
    Marker, a Lost Soul out of the zone it left; never on a base nor touching an enemy."""
    body = graves.marker(game, m.id)
    if body is not None and edge_distance(p, m.radius, *body) > CONTACT:
        return f"{m.id} comes back in base contact with its Grave Marker ({RULE})"
    left = _left(game, m)
    if left and lost_soul.zone(game, p) == left:
        return f"{m.id} comes back in any zone but zone {left}, where it was Banished ({RULE})"
    level = game.board.surface_at(p)
    return placement_reason(game, m, p, level) or contact_error(game, m, p, level)


def spots(game: AeonsGame, m: AeonsModel) -> list[Point]:
    """Spots where the Banished ``m`` may come back: around its Grave Marker, or over the
    table for a Lost Soul."""
    body = graves.marker(game, m.id)
    if body is None:
        found = table_grid(game.board, m.radius, GRID)
    else:
        grave, radius = body
        found = ring(grave, m.radius + radius, RING)
    return [p for p in found if return_error(game, m, p) is None]
