"""The Signal (M13.1; notes A96): the relay at the centre.

The Discoverer (the squad at 5+ Evidence; both or neither, the one with more Evidence, then
the Aggressor) picks its table edge and the Interceptor, the Defender of this mission, takes
the opposite one (:mod:`.zones`, :mod:`.deployment`); no Loot Markers; hostiles always play,
spawning as the mission says (:mod:`..hostiles.arrival`).

* **Control**: at the start of each round the squad with more models within 3" of the relay
  controls it; equal, nobody (notes A96).
* **Examine** (``interact A1 relay``): a model within 1" of the relay whose squad controls it
  tests Wits against 2d6: a pass gains 1 Lead, a Triple or better 1 Evidence and 1 Lead. Once
  an action, as often as the squad likes.
* **Redirect** (``interact A1 relay redirect``): once a game per squad, the same at -1 DT: a
  pass wins the game at once (2 Evidence); a fail makes every later spawn one model larger.
* Every Broadcast Power rolls at -1 DT while the relay is active: the whole game.

At the end the squad that controls the relay, found at the start of the last round, wins (1
Evidence); nobody: the most surviving models, then the Interceptor. The rewards are
:func:`.zones._signal_gains`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.step import Step
from skirmish.rulesets.sacred_wire.game.model import WireModel
from skirmish.rulesets.sacred_wire.game.space import side_of
from skirmish.rulesets.sacred_wire.missions import zones
from skirmish.rulesets.sacred_wire.missions.generator import SIGNAL
from skirmish.rulesets.sacred_wire.rolls.tiers import TRIPLE, TierModifier, multiple
from skirmish.rulesets.sacred_wire.rolls.wits import WitsRoll

if TYPE_CHECKING:
    from skirmish.rulesets.sacred_wire.game.state import WireGame

RULE = "M13.1"
REDIRECT = "redirect"
FAILED = "failed"


def played(game: WireGame) -> bool:
    """Whether the game is The Signal."""
    return zones.mission(game) == SIGNAL


def take_control(game: WireGame) -> None:
    """The start of a round: the squad with more models within 3" of the relay controls it."""
    if not played(game):
        return
    st = game.state
    counts = zones.near(game, zones.objectives(game)[0][1])
    st.control = -1 if counts[0] == counts[1] else (0 if counts[0] > counts[1] else 1)
    game.emit("relay-control", RULE, (), side=st.control, counts=list(counts))


def relay_error(game: WireGame, m: WireModel, redirect: bool) -> str | None:
    """Why ``m`` may not Examine (or Redirect) now, or None."""
    st = game.state
    side = side_of(m)
    name = game.ruleset.sides[side]
    if st.control != side:
        return f"side {name} does not control the relay this round ({RULE})"
    if redirect and st.redirects[side]:
        return f"side {name} has tried its Redirect already: once a game ({RULE})"
    return None


def broadcast_penalty(game: WireGame) -> list[TierModifier]:
    """-1 DT to every Broadcast Power while the relay is active."""
    return [TierModifier(-1, "the relay", RULE)] if played(game) else []


@dataclass(slots=True, eq=False)
class _RelayTest(WitsRoll):
    """A Wits test against 2d6 at the relay: nothing stops it once asked."""

    rule = RULE
    labels = ("Wits", "relay")

    def begin(self, game: WireGame, m: WireModel) -> bool:
        return True


@dataclass(slots=True, eq=False)
class Examine(_RelayTest):
    """Examine the relay (see the module docstring)."""

    purposes = ("examine", "fixed")
    blessing_name = "Examine"
    reroll_name = "Examine"

    def modifiers(self, game: WireGame, m: WireModel) -> list[TierModifier]:
        return list(self.boosted())

    def outcome(self, game: WireGame, m: WireModel, passed: bool) -> list[Step]:
        st = game.state
        side = side_of(m)
        found = passed and multiple(self.total, self.against) >= TRIPLE
        if passed:
            st.examined = _more(st.examined, side, 1)
        if found:
            st.signalled = _more(st.signalled, side, 1)
        game.emit(
            "examined",
            RULE,
            (m.id,),
            side=side,
            success=passed,
            evidence=found,
            total=self.total,
            against=self.against,
        )
        return []


@dataclass(slots=True, eq=False)
class Redirect(_RelayTest):
    """Redirect the signal, at -1 DT (see the module docstring)."""

    purposes = ("redirect", "fixed")
    blessing_name = "Redirect"
    reroll_name = "Redirect"

    def modifiers(self, game: WireGame, m: WireModel) -> list[TierModifier]:
        return [*self.boosted(), TierModifier(-1, "Redirect", RULE)]

    def outcome(self, game: WireGame, m: WireModel, passed: bool) -> list[Step]:
        st = game.state
        side = side_of(m)
        redirects = list(st.redirects)
        redirects[side] = zones.REDIRECTED if passed else FAILED
        st.redirects = (redirects[0], redirects[1])
        if not passed:
            st.surge += 1
        game.emit(
            "redirected",
            RULE,
            (m.id,),
            side=side,
            success=passed,
            surge=st.surge,
            total=self.total,
            against=self.against,
        )
        if passed:
            zones.win_now(game, side, "redirected the signal")
        return []


def _more(counts: tuple[int, int], side: int, n: int) -> tuple[int, int]:
    out = list(counts)
    out[side] += n
    return (out[0], out[1])
