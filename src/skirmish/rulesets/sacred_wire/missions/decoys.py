"""Decoys kept secret (K1.3 Loot Modifier Decoys, notes A89): which of its Loot Markers a side
marked as fakes is its own knowledge until a Search reveals one.

While the game goes on, another side's view of the game (:meth:`.Game.view`) shows those
markers unmarked; their ``decoy`` answers show as hidden actions, the log line of each mark
names no marker (``side B marks one of its Loot Markers as a decoy``), and the options of a
side's marking decision are its own (they tell which markers are still unmarked). A game
determinized for a player (:meth:`.Game.determinize`) marks at random, among each other side's
markers still on the table, as many fakes as that side has left: the marks it has made so far
(every side saw each mark, not which marker) less those Searches revealed. While a side is still
marking, that is fewer than its share, so its marking decision stays its own.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING

from skirmish.engine.game import HIDDEN_ACTION
from skirmish.rulesets.sacred_wire.missions.loot import in_game, modifier_of

if TYPE_CHECKING:
    from skirmish.engine.decision import Decision
    from skirmish.engine.game import View
    from skirmish.rulesets.sacred_wire.game.model import WireModel
    from skirmish.rulesets.sacred_wire.game.state import WireGame, WireState

DECOY = "decoy"
SQUADS = (0, 1)


def kept(game: WireGame) -> bool:
    """Whether the game has marks to keep: Decoys in play, the game not over."""
    return in_game(game.setup) and modifier_of(game).decoys and not game.is_over


def hides(decision: Decision) -> bool:
    """A side's marking decision is shown to that side only."""
    return decision.kind == DECOY


def redact(view: View[WireModel, WireState], player: int) -> None:
    """Unmark the other sides' fakes in ``player``'s view and hide their answers."""
    if not kept(view):
        return
    st = view.state
    st.loot = tuple(mk if mk.side == player else replace(mk, decoy=False) for mk in st.loot)
    placers = _placers(view)
    view.actions = [
        HIDDEN_ACTION if a.kind == DECOY and placers.get(a.args[0]) != player else a
        for a in view.actions
    ]


def own_secrets(game: WireGame, side: int) -> tuple[str, ...]:
    """The Loot Markers ``side`` marked as fakes and no Search has revealed, to that side."""
    fakes = [mk.marker for mk in game.state.loot if mk.side == side and mk.decoy]
    if not kept(game) or not fakes:
        return ()
    return (f"its decoys are Loot Markers {', '.join(fakes)}  [K1.3]",)


def resample(game: WireGame, player: int, rng: random.Random) -> None:
    """Mark each other side's unrevealed fakes at random among its markers on the table."""
    if not kept(game):
        return
    st = game.state
    for side in SQUADS:
        if side == player:
            continue
        theirs = [mk.marker for mk in st.loot if mk.side == side]
        left = min(len(theirs), max(0, _marked(game, side) - _revealed(game, side)))
        fakes = set(rng.sample(theirs, left))
        st.loot = tuple(
            replace(mk, decoy=mk.marker in fakes) if mk.side == side else mk for mk in st.loot
        )


def _placers(game: WireGame) -> dict[str, int]:
    """The side that placed each Loot Marker (its placing is public)."""
    return {e.data["marker"]: e.data["side"] for e in game.log if e.kind == "loot-placed"}


def _marked(game: WireGame, side: int) -> int:
    """How many fakes ``side`` has marked so far (each mark is seen, its marker is not)."""
    return sum(1 for e in game.log if e.kind == "decoy-marked" and e.data["side"] == side)


def _revealed(game: WireGame, side: int) -> int:
    """How many of ``side``'s fakes Searches have revealed."""
    placers = _placers(game)
    return sum(
        1 for e in game.log if e.kind == "decoy-revealed" and placers.get(e.data["marker"]) == side
    )
