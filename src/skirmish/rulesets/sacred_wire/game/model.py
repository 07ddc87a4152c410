"""A Sacred Wire model in play: Health, kit still carried, conditions and timed effects.

Timed effects (``timed``) are :class:`TimedEffect` values keyed on the model's own activation
count (notes A32):

* "next activation" effects: ``start = end = N``, where N is the number of the model's next
  activation; they apply only while that activation runs;
* "until next activation" effects: ``start = 0, end = N``; they apply from now through the end
  of activation N;
* ``end = ROUND`` lasts until the end of the round, ``SCENARIO`` the whole game, ``NEXT_ROLL``
  until the next roll of its kind uses it up.

Kinds: ``tier`` (n DT on ``roll``), ``move`` (n inches), ``ignore-cover``, ``see-walls``
(Ping), ``bonus-action`` (Focus), ``neural-trap`` (n = die sides), ``advance`` (Delirium).
``source`` names what set the effect (an item, a Power, a table row).

What of a model makes who is on the table, where, and whose enemy (:data:`STANDING`) holds
the answers that follow from it (:class:`.space.Table`) until it is written: each write is
counted (:data:`.engine.model.STANDING_WRITES`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from skirmish.engine.model import STANDING_WRITES, Model
from skirmish.engine.record import register_value
from skirmish.geometry.shapes import Point

if TYPE_CHECKING:
    from skirmish.rulesets.sacred_wire.game.state import WireGame

ROUND = -1
SCENARIO = -2
NEXT_ROLL = -3

# The kinds of timed effect (see the module docstring).
TIER = "tier"
MOVE = "move"
IGNORE_COVER = "ignore-cover"
SEE_WALLS = "see-walls"
BONUS_ACTION = "bonus-action"
NEURAL_TRAP = "neural-trap"
ADVANCE = "advance"

STANDING = frozenset(
    (
        "id",
        "side",
        "name",
        "radius",
        "x",
        "y",
        "level",
        "removed",
        "hijacked_by",
        "marked",
        "weapons",
    )
)
"""What of a model makes where it stands, whether it is in play, whose enemy it is (its side,
its controller, a Coworker's mark) and how far it engages (its weapons)."""
CONTROL = frozenset(("hijack_at", "active", "activations"))
"""What else makes a Hijacked model's side (R6.7, :attr:`WireModel.hijacked`): part of its
standing only while it has a controller, so an activation that starts or ends changes none."""


@register_value
@dataclass(frozen=True, slots=True)
class TimedEffect:
    """One timed effect on a model (notes A32): its ``kind``, amount ``n`` (DT, inches, die
    sides), the ``roll`` a tier effect touches, the activations it spans (``start``, ``end``),
    what set it (``source``) and the rule it cites."""

    kind: str
    n: int = 0
    roll: str = ""
    start: int = 0
    end: int = 0
    source: str = ""
    rule: str = ""


@register_value
@dataclass(frozen=True, slots=True)
class Losses:
    """Permanent losses of dice tiers (R6): Combat, Defense, Wits, and ranged attacks only
    (Burned Out, notes A72)."""

    combat: int = 0
    defense: int = 0
    wits: int = 0
    ranged: int = 0

    def of(self, attribute: str) -> int:
        """The DT lost on ``attribute`` (``combat``, ``defense``, ``wits`` or ``ranged``)."""
        return {
            "combat": self.combat,
            "defense": self.defense,
            "wits": self.wits,
            "ranged": self.ranged,
        }[attribute]

    def plus(self, attributes: tuple[str, ...], n: int) -> Losses:
        """These losses with ``n`` more DT lost on each of ``attributes``."""
        changed = {a: self.of(a) + n for a in attributes}
        return replace(self, **changed)


@dataclass(slots=True, eq=False)
class WireModel(Model):
    """One contractor on the table.

    ``slot`` is its index in its squad's roster. ``weapons`` are the weapons it still carries
    (names), ``grenades`` and ``consumables`` the one-use items left, ``gear`` its gear.
    ``armor`` is its armour piece (None when it has none or Slag Armor destroyed it) and
    ``slag`` the classes it lost (R6.4). ``powers`` are the Powers it may cast (C2.4, K3.4),
    ``locked`` those (or the Power weapon) a Broadcast Fumble took for the rest of the game and
    ``forgotten`` those it took for good (R7.3). ``losses`` are permanent DT losses of Combat,
    Defense, Wits and ranged attacks (R6); ``move_loss`` permanent inches lost. ``statuses``
    are damage-over-time conditions (R6.1-R6.3, R6.6). ``activations`` counts the
    activations it has started; ``active`` is True while one runs; ``moved`` and
    ``disengaged`` hold for the running activation (C4.10, C4.5).

    Credit for the campaign's Merits (K3.1): ``inflicted`` pairs each damage-over-time
    condition (and ``"dissolved"``, and ``"Neural Trap"``) with the model that inflicted it
    ("" for nobody), recorded when its Critical row or the Power applies it; ``ooa_by`` is the
    model credited with putting it Out of Action ("" for nobody); see :mod:`.casualties`.

    A hostile (I1) belongs to the spawn ``group`` whose token activates it (``"G1"``); a Feral
    Automaton that rolled its Reboot stands up again at the start of round ``reboot`` (I6.1).
    A Coworker (I8.1) is ``marked`` Hostile once attacked, and ``cooperates`` through the end
    of that round (notes A94). ``earned`` counts bonus actions gained since the running
    activation last collected them (:func:`gain_bonus_action`: a blessing as it starts, an
    Interrogate's Misdirection, K2.2).
    """

    slot: int = 0
    health: int = 0
    max_health: int = 0
    weapons: tuple[str, ...] = ()
    grenades: tuple[str, ...] = ()
    consumables: tuple[str, ...] = ()
    gear: tuple[str, ...] = ()
    armor: str | None = None
    slag: int = 0
    powers: tuple[str, ...] = ()
    locked: tuple[str, ...] = ()
    forgotten: tuple[str, ...] = ()
    losses: Losses = Losses()
    move_loss: int = 0
    statuses: tuple[str, ...] = ()
    timed: tuple[TimedEffect, ...] = ()
    fleeing: bool = False
    lose_activation: str = ""
    hijacked_by: int = -1
    hijack_at: int = 0
    dissolve_round: int = 0
    aim: str = ""
    activations: int = 0
    active: bool = False
    moved: bool = False
    disengaged: bool = False
    activated_round: int = 0
    blessed_round: int = 0
    injury: int = 0
    post_game: tuple[str, ...] = ()
    inflicted: tuple[tuple[str, str], ...] = ()
    ooa_by: str = ""
    group: str = ""
    reboot: int = 0
    marked: bool = False
    cooperates: int = 0
    earned: int = 0

    def __setattr__(self, name: str, value: object) -> None:
        object.__setattr__(self, name, value)
        if name in STANDING or (name in CONTROL and self.hijacked_by >= 0):
            STANDING_WRITES.count += 1

    def standing_at(self, p: Point, level: str | None) -> WireModel:
        """A twin of the model standing at ``p`` on ``level``, to measure from (a move's end):
        it is in no game, so placing it drops nothing held."""
        twin = self.copy()
        twin.move_twin(p, level)
        return twin

    def move_twin(self, p: Point, level: str | None) -> None:
        """Stand this twin, a copy in no game, at ``p`` on ``level``: what a game holds stays,
        as no model of a game moved (an AI weighs a move's end with one twin per model)."""
        object.__setattr__(self, "x", p[0])
        object.__setattr__(self, "y", p[1])
        object.__setattr__(self, "level", level)

    @property
    def label(self) -> str:
        """``Mara Voss (A1)``: how messages name the model."""
        return f"{self.name} ({self.id})"

    @property
    def hijacked(self) -> bool:
        """Whether the running activation is the one another player controls (R6.7)."""
        return self.active and self.hijacked_by >= 0 and self.activations == self.hijack_at

    @property
    def wounded(self) -> bool:
        """Below its max Health (C4.18)."""
        return self.health < self.max_health

    @property
    def below_half(self) -> bool:
        """Current Health below half of max (notes A21: 13 -> 6 or less)."""
        return self.health * 2 < self.max_health

    def applies(self, entry: TimedEffect) -> bool:
        """Whether a timed effect applies now (see the module docstring)."""
        start = entry.start
        return start == 0 or (self.active and self.activations >= start)

    def add_timed(self, entry: TimedEffect) -> None:
        """Add a timed effect."""
        self.timed = (*self.timed, entry)

    def start_activation(self, round_number: int) -> None:
        """An activation of the model starts in round ``round_number`` (C4.1)."""
        self.active = True
        self.activations += 1
        self.activated_round = round_number
        self.moved = self.disengaged = False
        self.earned = 0

    def end_activation(self) -> None:
        """The running activation ends: effects that last through it expire (notes A32), and
        control by another side with it (R6.7)."""
        count = self.activations
        self.timed = tuple(e for e in self.timed if not (0 < e.end <= count))
        if self.hijacked:
            self.hijacked_by, self.hijack_at = -1, 0
        self.active = self.moved = self.disengaged = False

    def hijacked_next(self) -> int:
        """The side that controls the model's next activation (R6.7), or -1."""
        return self.hijacked_by if self.hijack_at == self.next_activation() else -1

    def next_activation(self) -> int:
        """The number of the model's next activation."""
        return self.activations + 1

    def inflict(self, condition: str, by: str) -> None:
        """Record that ``by`` ("" for nobody) inflicted ``condition``, replacing whoever
        inflicted it before (K3.1)."""
        kept = tuple(pair for pair in self.inflicted if pair[0] != condition)
        self.inflicted = (*kept, (condition, by))

    def inflicted_by(self, condition: str) -> str | None:
        """Who inflicted ``condition`` (None for nobody, or a condition never inflicted)."""
        return dict(self.inflicted).get(condition) or None


def gain_bonus_action(game: WireGame, m: WireModel, capped: bool, rule: str, source: str) -> None:
    """``m`` gains a bonus action from ``source`` (a blessing, an Interrogate row) for its
    running activation, which collects ``earned``; none when that activation allows two
    actions already (C4.1, notes A9). The log says which, citing ``rule``."""
    if capped:
        game.emit("bonus-action-capped", rule, (m.id,), source=source)
        return
    m.earned += 1
    game.emit("bonus-action", rule, (m.id,), source=source)
