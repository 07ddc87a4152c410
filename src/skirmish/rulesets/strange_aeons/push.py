"""Being pushed directly away from a point (Power, R:167, R:268) or thrown (Throw, R:1159):
into impassable terrain is a Major Injury, off the table a Minor Injury (an Enclosed edge,
R:1529, stops it as a wall does); another base or a building's wall stops the push; over a
roof's edge, with falling (the rulebook's, not the introduction's), the model comes down
beside it and may fall (R:268). A model already Face Up or Face Down that comes to rest in
water that drowns it in that state is removed as a Major Injury (R:256-257); one pushed
while Normal is judged when it goes prone (a Throw's landing).

In the rulebook, a push that takes a model out of base-to-base with a Normal opponent forces
it to break from that combat: each such opponent first makes its free roll to wound, as when
a model leaves a combat by choice (R:157, notes §6 item 47). The model whose blow or rule
pushes it (the winner that Repels, the Polyp's gust, the Worm's sweep) makes none: its win
already is its blow (our reading); a Throw grants no free roll to anyone (R:1159). Still on
the table after those rolls, the model is pushed, whatever state they leave it in: the push
is not its choice (our reading; R:157's "still alive and Normal" is for a model that moves
itself). The introduction has no such rule (the catalog's ``break_from_combat``).

A Grave-bound Ghost that a push, a throw or any other move not its own leaves beyond its
Grave Marker's tether is dispelled at once (R:720, :func:`.damage.astray`)."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.geometry.board import Edge
from skirmish.geometry.shapes import CONTACT, Point, edge_distance
from skirmish.geometry.slides import ray_move
from skirmish.rulesets.strange_aeons import objectives
from skirmish.rulesets.strange_aeons.base import catalog_of
from skirmish.rulesets.strange_aeons.damage import astray, drowned, fall_down, free_hit, remove
from skirmish.rulesets.strange_aeons.falling import DROP, FALLING, landing
from skirmish.rulesets.strange_aeons.model import MAJOR_INJURY, MINOR_INJURY, AeonsModel
from skirmish.rulesets.strange_aeons.space import blockers, contacts

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

LEAVE = "Leaving the Table"
IMPASSABLE = "Terrain: Impassable"
FORCED = "Leaving Close Combat: forced to break (R:157; notes §6 item 47)"


def _walled(
    game: AeonsGame, m: AeonsModel, end: Point, stop: str | None
) -> tuple[Point, str | None]:
    """A push over an Enclosed edge stops against it (R:1529); over another, it goes on."""
    board = game.board
    edge = min(Edge, key=lambda e: board.distance_to_edge(end, m.radius, e))
    if edge not in objectives.enclosed(game, m):
        return end, stop
    x = min(max(end[0], m.radius), board.width - m.radius)
    y = min(max(end[1], m.radius), board.height - m.radius)
    return (x, y), None


def over_the_edge(game: AeonsGame, m: AeonsModel) -> None:
    """Pushed over its roof's edge, a model comes down beside it: a drop of 2" or more is
    a fall (R:268); with no room below, it stays at the edge."""
    fall = landing(game, m)
    if fall is None:
        return
    if fall.height >= DROP:
        fall_down(game, m, fall)
        return
    m.x, m.y = fall.point
    m.level = fall.level
    game.emit("stepped-down", FALLING, (m.id,), height=fall.height)


@dataclass(slots=True, eq=False)
class Push(Step):
    """Pushed directly away from a point: into impassable terrain is a Major Injury, off the
    table a Minor Injury; another base, a building's wall or a roof's edge stops the push.
    Out of a combat, the opponents it leaves roll to wound it first (R:157)."""

    rule = "Weapon special rules: Power"
    model: str
    from_x: float
    from_y: float
    length: float
    cite: str
    pusher: str
    """The model whose blow or rule pushes this one ("" for none)."""
    owed: bool = True
    """Whether the opponents it leaves roll to wound it first (R:157): not once they have,
    nor for a Throw, which grants none (R:1159)."""

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        m = game.model(self.model)
        dx, dy = m.x - self.from_x, m.y - self.from_y
        norm = math.hypot(dx, dy)
        if norm == 0.0 or m.removed is not None:
            return []
        # The push stops where the base reaches its roof's edge, never overhanging it; with
        # falling (not the introduction's) the model then goes over the edge (R:268).
        end, stop = ray_move(
            game.board,
            m.pos,
            (dx / norm, dy / norm),
            self.length,
            m.radius,
            blockers(game, m),
            m.level,
            stay_on_roof=True,
        )
        if stop == "edge" or not game.board.on_table(end, m.radius):
            end, stop = _walled(game, m, end, stop)
        left = _left_behind(game, m, end, stop, self.pusher) if self.owed else []
        if left:
            game.emit("forced-to-break", FORCED, (m.id, *(e.id for e in left)))
            hits = [hit for e in left for hit in free_hit(game, e, m, FORCED)]
            return [*hits, replace(self, owed=False)]
        moved = math.dist(m.pos, end)
        m.x, m.y = end
        game.emit(
            "pushed", self.cite, (m.id,), to=[round(m.x, 2), round(m.y, 2)], length=round(moved, 2)
        )
        if stop is not None and stop.startswith("fall:") and catalog_of(game).scenario.falling:
            over_the_edge(game, m)
        elif stop == "edge" or not game.board.on_table(m.pos, m.radius):
            remove(game, m, MINOR_INJURY, LEAVE, injured=False, left_table=True)
        elif stop is not None and stop.startswith("terrain:") and m.level is None:
            piece = game.board.piece(stop.partition(":")[2])
            # Only impassable terrain (a crevasse, lava) takes the model; a building's wall
            # stops the push.
            if piece.movement == "impassable":
                remove(game, m, MAJOR_INJURY, IMPASSABLE)
        if m.removed is None:
            drowned(game, m)  # one already Face Up or Face Down, come to rest in water
        astray(game, m)
        return []


def _left_behind(
    game: AeonsGame, m: AeonsModel, end: Point, stop: str | None, pusher: str
) -> list[AeonsModel]:
    """The Normal opponents in base-to-base with ``m`` that a push to ``end`` takes it away
    from, but ``pusher``: each rolls to wound it first, in the rulebook (R:157). Over a roof's
    edge it leaves them all."""
    if not catalog_of(game).scenario.break_from_combat:
        return []
    over = stop is not None and stop.startswith("fall:")
    return [
        e
        for e in contacts(game, m)
        if e.normal
        and e.id != pusher
        and (over or edge_distance(end, m.radius, e.pos, e.radius) > CONTACT)
    ]
