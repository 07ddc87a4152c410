"""Corporate Blessings (C4.2): rolled at the start of each round, spent one per model per round,
declared before the roll they change (Reroll after it, notes A8).

Each player rolls d8 three times; a Surplus becomes two more rolls, 8s rolled again (notes A12).
Blessings go to the player's own models only and are lost at the end of the round (A12).
Where they are offered:

* at the start of an activation: Denied and Overtime (a bonus action, notes A7), Synergy (a
  bonus action with an ally within 6" then, notes A10), Wellness (its heal dice of Health, d4
  as printed, if wounded);
* before a roll of that model: Boost (+1 DT);
* after a roll of that model: Reroll (one of its two dice, notes A3), logged as a die of that
  roll, with the face it replaced and the one it shows;
* after an attack hits, before damage: Severance (maximum damage, notes A11).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from skirmish.dice import Roll
from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.rulesets.sacred_wire.game.model import WireModel
from skirmish.rulesets.sacred_wire.game.space import friends, gap
from skirmish.rulesets.sacred_wire.rolls.contest import result
from skirmish.rulesets.sacred_wire.rolls.tiers import DOUBLE, TRIPLE, Tier, multiple
from skirmish.rulesets.sacred_wire.rules_data.catalog import slug

if TYPE_CHECKING:
    from skirmish.rulesets.sacred_wire.game.state import WireGame

BLESSING = "C4.2"
NAMES = ("Denied", "Reroll", "Boost", "Overtime", "Severance", "Synergy", "Wellness", "Surplus")
SURPLUS = "Surplus"
REROLL_PURPOSE = "blessing-reroll"  # the dice purpose a Reroll draws its die for
#: The blessings offered at the start of an activation (their effects: game/activation.py).
AT_START = ("Denied", "Overtime", "Synergy", "Wellness")
NO_BLESSING = Action("no-blessing")
SYNERGY_RANGE = 6.0


@dataclass(slots=True, eq=False)
class RollBlessings(Step):
    """A player rolls d8 three times for the round's blessings (C4.2)."""

    rule = BLESSING
    side: int

    def run(self, game: WireGame, action: Action | None) -> Decision | list[Step]:
        st = game.state
        got: list[str] = []
        for _ in range(3):
            got += _roll_one(game, self.side)
        held = list(st.blessings)
        held[self.side] = tuple(got)
        st.blessings = (held[0], held[1])
        game.emit("blessings", BLESSING, (), side=self.side, blessings=list(got))
        return []


def _roll_one(game: WireGame, side: int) -> list[str]:
    face = game.roll("D8", "blessing", BLESSING).value
    if NAMES[face - 1] != SURPLUS:
        return [NAMES[face - 1]]
    found: list[str] = []
    for _ in range(2):
        again = 8
        while again == 8:
            again = game.roll("D8", "blessing", BLESSING).value
        found.append(NAMES[again - 1])
    return found


def may_bless(game: WireGame, m: WireModel) -> bool:
    """An own, in-play model without a blessing this round (C4.2; notes A12)."""
    return m.removed is None and not m.hijacked and m.blessed_round != game.state.round


def holds(game: WireGame, side: int, name: str) -> bool:
    """Whether ``side`` still holds the blessing ``name`` this round."""
    return name in game.state.held(side)


def take(game: WireGame, m: WireModel, name: str) -> None:
    """Spend a blessing on ``m``: one per model per round (C4.2)."""
    st = game.state
    held = list(st.held(m.side))
    held.remove(name)
    pools = list(st.blessings)
    pools[m.side] = tuple(held)
    st.blessings = (pools[0], pools[1])
    m.blessed_round = st.round
    game.emit("blessed", BLESSING, (m.id,), blessing=name)


def offer(game: WireGame, m: WireModel, names: tuple[str, ...], prompt: str) -> Decision | None:
    """A decision to spend one of ``names`` on ``m`` or not; None if none applies."""
    if not may_bless(game, m):
        return None
    usable = [n for n in names if holds(game, m.side, n)]
    if not usable:
        return None
    options = tuple(Action("bless", (m.id, slug(n))) for n in dict.fromkeys(usable))
    return Decision(m.side, "blessing", f"{m.name} ({m.id}): {prompt}", (*options, NO_BLESSING))


def chosen(game: WireGame, m: WireModel, action: Action | None) -> str | None:
    """The blessing an answer to :func:`offer` spends (and spends it), or None."""
    if action is None or action.kind != "bless":
        return None
    name = next(n for n in NAMES if slug(n) == action.args[1])
    take(game, m, name)
    return name


def start_offer(game: WireGame, m: WireModel) -> Decision | None:
    """Blessings at the start of an activation: Denied, Overtime, Synergy, Wellness."""
    # Offer's own condition, asked first: a model blessed this round is offered nothing.
    if not may_bless(game, m):
        return None
    names = ["Denied", "Overtime"]
    # The friends within 6" are looked for only where Synergy could be offered: most
    # activations start with no blessing to spend.
    if holds(game, m.side, "Synergy") and any(
        gap(game, m, f) <= SYNERGY_RANGE for f in friends(game, m)
    ):
        names.append("Synergy")
    if m.wounded:
        names.append("Wellness")
    return offer(game, m, tuple(names), "spend a blessing on this activation?")


def reroll_offer(game: WireGame, m: WireModel, what: str) -> Decision | None:
    """After a roll: the Reroll blessing on one of ``m``'s two dice (notes A3, A8)."""
    if not may_bless(game, m) or not holds(game, m.side, "Reroll"):
        return None
    options = tuple(Action("reroll", (m.id, str(die))) for die in (1, 2))
    prompt = f"{m.name} ({m.id}): Reroll one die of the {what} roll?"
    return Decision(m.side, "blessing", prompt, (*options, NO_BLESSING))


#: What a loss by the winner's multiple (its total over the loser's, C4.16) costs the loser,
#: as the roll's rules read it: the higher, the worse; 1 where the margin changes nothing.
Margin = Callable[[int], int]


def plain(k: int) -> int:
    """A loss is a loss whatever its margin (a Wits test, C1.9)."""
    return 1


def from_double(k: int) -> int:
    """A Double deals maximum damage, a Triple adds the Critical table, +1 a multiple more
    (C4.16): every multiple from 2 counts."""
    return k if k >= DOUBLE else 1


def from_triple(k: int) -> int:
    """A Triple makes the loser Fumble, +1 a multiple more (C4.17, a Cast's Fumble C5.1):
    only the multiples from 3 count."""
    return k if k >= TRIPLE else 1


def at_triple(k: int) -> int:
    """A Triple lands the grenade at the thrower's feet, whatever more (C4.15)."""
    return TRIPLE if k >= TRIPLE else 1


@dataclass(frozen=True, slots=True)
class RerollChances:
    """A roll on offer to a Reroll (C4.2), ranked for the side that may re-roll (higher is
    better, :func:`rank`): as it stands, and with each face the re-rolled die may show."""

    now: int
    faces: tuple[int, ...]

    def chances(self) -> tuple[tuple[int, int], ...]:
        """Each better result with the number of faces that give it, the best first: of two
        dice, the greater of these gives the best chance of the best result."""
        better = sorted({r for r in self.faces if r > self.now}, reverse=True)
        return tuple((r, self.faces.count(r)) for r in better)


def rank(tiers: tuple[int, int], totals: tuple[int, int], side: int, margin: Margin) -> int:
    """How good an opposed roll is for ``side`` (0 the first roller, 1 the second): any win
    alike and best (a Reroll never risks one), then a tie at the same tier, rolled again
    (C1.9), then a loss, the worse the more its ``margin`` makes of the winner's multiple."""
    winner = result(Tier(tiers[0]), Tier(tiers[1]), totals[0], totals[1])
    if winner is None:
        return 0
    if winner == side:
        return 1
    return -margin(multiple(totals[winner], totals[side]))


def reroll_chances(
    faces: tuple[int, ...],
    against: int,
    tiers: tuple[int, int],
    side: int,
    die: int,
    margin: Margin = plain,
) -> RerollChances:
    """The :class:`RerollChances` of re-rolling die ``die`` (1 or 2) of ``faces``, the dice
    of ``side`` (of ``tiers[side]`` sides) against the other side's total ``against``."""

    def ranked(total: int) -> int:
        totals = (total, against) if side == 0 else (against, total)
        return rank(tiers, totals, side, margin)

    rest = sum(faces) - faces[die - 1]
    after = tuple(ranked(rest + face) for face in range(1, tiers[side] + 1))
    return RerollChances(ranked(sum(faces)), after)


@runtime_checkable
class RerollOffer(Protocol):
    """A step that offers the Reroll blessing on one die of a roll it made (C4.2)."""

    def reroll_chances(self, game: WireGame, die: int) -> RerollChances:
        """What re-rolling die ``die`` (1 or 2) of the roll on offer may make of it."""
        ...


def reroll_die(
    game: WireGame,
    m: WireModel,
    action: Action | None,
    faces: tuple[int, ...],
    sides: int,
    purpose: str,
) -> tuple[int, ...] | None:
    """Spend Reroll and re-roll the die the player picked of ``m``'s roll of ``purpose`` (the
    roll's own dice purpose, ``"attack"``, ``"cast"``); the new faces, or None.

    The die is drawn for :data:`REROLL_PURPOSE` (dice scripted by purpose script it so), and
    logged (:meth:`.Game.reroll`) as a die of the roll it changes, so its line names that
    roll: the die, the face it replaced and the one it shows."""
    if action is None or action.kind != "reroll":
        return None
    take(game, m, "Reroll")
    held = Roll(purpose, f"{len(faces)}D{sides}", faces, sum(faces), m.id)
    return game.reroll(held, int(action.args[1]) - 1, BLESSING, m.id, REROLL_PURPOSE).faces
