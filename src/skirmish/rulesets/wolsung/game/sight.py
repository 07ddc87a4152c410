"""What a model sees: line of sight to another model's body and the share of it hidden (L83,
L108-L109, L723; rules notes §5, §7 items 20, 86).

Rays run from the viewer's head to the target's body (:mod:`skirmish.geometry.sight`), and
terrain blocks them. Under :attr:`.HouseRules.models_block_sight`, the bodies of the other
models on the table block them too, the viewer's and the target's aside: an upright cylinder
on each base, as tall as the model (§7 item 20: bodies block sight and give cover as terrain
does; bases, flat, never do). A Mist Template blocks every ray that passes through or over
it, unless the viewer or the target stands under it: a model in the mist sees out and is
seen, with Cover [1] (L723, §7 item 86). The share of the rays blocked is the share of the
body hidden, whatever hides it.
"""

from __future__ import annotations

import math

from skirmish.geometry.sight import Body, Column, Sight, sight_among
from skirmish.rulesets.wolsung.game.base import house_of
from skirmish.rulesets.wolsung.game.model import WolsungModel
from skirmish.rulesets.wolsung.game.space import on_table, surface
from skirmish.rulesets.wolsung.game.state import WolsungGame
from skirmish.rulesets.wolsung.game.templates import mists, under_at

__all__ = ["body", "seen_from", "sight"]


def body(m: WolsungModel) -> Body:
    """The model's body for sight: its base and its height (notes §5)."""
    return Body(m.pos, m.radius, m.level, m.height)


def _bodies(game: WolsungGame, aside: tuple[str, ...]) -> list[Column]:
    """The bodies of the models on the table but those ``aside``, as sight meets them."""
    return [
        Column(o.pos, o.radius, surface(game, o), surface(game, o) + o.height)
        for o in on_table(game)
        if o.id not in aside
    ]


def _mists(game: WolsungGame, viewer: Body, target: Body) -> list[Column]:
    """The Mist Templates neither body stands under, as sight meets them (L723)."""
    board = game.board
    return [
        Column((t.x, t.y), t.radius, board.surface_height(t.level), math.inf)
        for t in mists(game)
        if under_at(t, viewer.center, viewer.radius, viewer.level) is None
        and under_at(t, target.center, target.radius, target.level) is None
    ]


def seen_from(game: WolsungGame, viewer: Body, target: Body, aside: tuple[str, ...]) -> Sight:
    """Line of sight from ``viewer``'s head to ``target``'s body, wherever they stand (a player
    weighs spots a model may move to), the models ``aside`` out of the way: the two models
    themselves (L83, L109, L723)."""
    columns = _bodies(game, aside) if house_of(game).models_block_sight else []
    return sight_among(game.board, viewer, target, [*columns, *_mists(game, viewer, target)])


def sight(game: WolsungGame, viewer: WolsungModel, target: WolsungModel) -> Sight:
    """Line of sight from ``viewer``'s head to ``target``'s body, with the share hidden (L83,
    L109)."""
    return seen_from(game, body(viewer), body(target), (viewer.id, target.id))
