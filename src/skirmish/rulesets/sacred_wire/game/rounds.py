"""Rounds (C4.1) and the length of the game (K1.2): each round the players roll their
blessings, tokens are drawn until the bag is empty (:mod:`.activation`), and at the end of the
round effects expire and the game may end. With Loot Markers on the table the Loot Modifier
acts at the edges of each round (K1.3, :mod:`.loot`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.step import Step
from skirmish.rulesets.sacred_wire.game import blessings, casualties
from skirmish.rulesets.sacred_wire.game.bag import ACTIVATION
from skirmish.rulesets.sacred_wire.game.draws import Draws
from skirmish.rulesets.sacred_wire.game.model import ROUND
from skirmish.rulesets.sacred_wire.game.space import in_play
from skirmish.rulesets.sacred_wire.hostiles import arrival
from skirmish.rulesets.sacred_wire.missions import sabotage, signal, solo, zones
from skirmish.rulesets.sacred_wire.missions.loot import ExpireLoot, contamination, in_game
from skirmish.rulesets.sacred_wire.missions.zones import SETUP

if TYPE_CHECKING:
    from skirmish.engine.action import Action
    from skirmish.engine.decision import Decision
    from skirmish.rulesets.sacred_wire.game.state import WireGame


@dataclass(slots=True, eq=False)
class GameLoop(Step):
    """Rounds follow one another until the game ends (K1.2)."""

    rule = ACTIVATION

    def run(self, game: WireGame, action: Action | None) -> Decision | list[Step]:
        st = game.state
        st.round += 1
        st.smoke = tuple(s for s in st.smoke if s.round >= st.round)
        game.emit("round", ACTIVATION, (), round=st.round)
        sabotage.clear_marks(game)
        signal.take_control(game)
        return [*self.round_steps(game), self]

    def round_steps(self, game: WireGame) -> list[Step]:
        """One round's steps: hostiles arriving (I1.4, notes A56), each player's blessings, the
        First Player's first (C4.2), the draws until the bag is empty and the end of the round
        (C4.1); a solo game's missing squad rolls none (X1)."""
        st = game.state
        first = st.first if st.first >= 0 else 0
        players = (first,) if solo.played(game.setup) else (first, 1 - first)
        return [
            *arrival.arrivals(game),
            *(blessings.RollBlessings(side) for side in players),
            Draws(),
            EndRound(),
        ]


@dataclass(slots=True, eq=False)
class EndRound(Step):
    """The end of the round (C4.1): "until end of round" effects and unspent blessings expire,
    Dissolved models go Out of Action (R6.6, notes A74), and the game may end (K1.2)."""

    rule = ACTIVATION

    def run(self, game: WireGame, action: Action | None) -> Decision | list[Step]:
        st = game.state
        steps: list[Step] = []
        for m in in_play(game):
            m.timed = tuple(e for e in m.timed if e.end != ROUND)
            if m.dissolve_round and m.dissolve_round <= st.round:
                steps += casualties.out_of_action(game, m, casualties.DISSOLVE)
        st.blessings = ((), ())
        zones.end_of_round(game)
        game.emit("round-end", ACTIVATION, (), round=st.round)
        if game.is_over:
            return []
        return [*steps, GameLength()]


@dataclass(slots=True, eq=False)
class GameLength(Step):
    """At least 5 rounds; after Round 5 the game ends on a d6 of 3+, after Round 6 on 2+,
    and always after Round 7 (K1.2); a trigger mission may end after a set round instead
    (M13.2). Then the squad with more models on the board wins; the same number is a draw
    (K1.2 tiebreaker)."""

    rule = SETUP

    def run(self, game: WireGame, action: Action | None) -> Decision | list[Step]:
        r = game.state.round
        last = zones.last_round(game)
        if game.is_over or (r < 5 and not last):
            return []
        ends = r >= (last or 7)
        if last and not ends:
            return []
        if not ends:
            need = 3 if r == 5 else 2
            face = game.roll("D6", "game-length", SETUP).value
            ends = face >= need
            game.emit("game-length", SETUP, (), round=r, need=need, ends=ends)
        if ends:
            casualties.finish(game)
        return []


@dataclass(slots=True, eq=False)
class LootRounds(GameLoop):
    """Rounds with Loot Markers about: Contaminated searchers lose Health at the start of each
    later round, Timed markers go at the end of their round (K1.3, notes A89)."""

    def round_steps(self, game: WireGame) -> list[Step]:
        # A slots dataclass cannot call super() without arguments.
        return [*contamination(game), *GameLoop.round_steps(self, game), ExpireLoot()]


def game_loop(game: WireGame) -> GameLoop:
    """The round loop: with Loot Markers, the one that applies the Loot Modifiers."""
    return LootRounds() if in_game(game.setup) else GameLoop()
