"""The game: a state machine that validates actions and runs the rules to the next decision.

``game.decision`` says who must decide what; ``game.apply(action)`` checks the action, resolves
everything up to the next decision and returns the events it caused. The game never calls a
player: the loop that drives it lives outside.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from skirmish.cards import Card, CardError, Pile, check_seen, shuffled
from skirmish.dice import DiceSource, Roll, SeededDice, value_of
from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.events import Event
from skirmish.engine.model import Model
from skirmish.engine.record import Record, value_to_json
from skirmish.errors import IllegalActionError, SkirmishError

if TYPE_CHECKING:
    from skirmish.engine.ruleset import Ruleset
    from skirmish.engine.step import Step
    from skirmish.geometry.board import Board

M = TypeVar("M", bound=Model)
"""The ruleset's model type."""
S = TypeVar("S", bound=Record)
"""The ruleset's state type."""

SAVE_FORMAT = "skirmish-save"
RECORD_FORMAT = "skirmish-record"

_NOTATION: dict[str, tuple[int, int]] = {}


def _parse_notation(notation: str) -> tuple[int, int]:
    """``"2D6"`` -> (2, 6)."""
    cached = _NOTATION.get(notation)
    if cached is None:
        count, _, sides = notation.upper().partition("D")
        cached = (int(count or 1), int(sides))
        _NOTATION[notation] = cached
    return cached


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: the place of every side, why, and the rule.

    ``placing[side]`` is 1 for first place, 2 for second and so on; sides with the same
    number share that place (two sides placed 1 share the win; all sides placed 1 is a draw).
    """

    placing: tuple[int, ...]
    reason: str
    rule: str

    @property
    def winners(self) -> tuple[int, ...]:
        """The sides placed first."""
        return tuple(side for side, place in enumerate(self.placing) if place == 1)

    @property
    def winner(self) -> int | None:
        """The one side placed first alone, or ``None`` (a draw or a shared win)."""
        first = self.winners
        return first[0] if len(first) == 1 else None

    @property
    def drawn(self) -> bool:
        """Whether every side shares first place."""
        return len(self.winners) == len(self.placing)


class Game(Generic[M, S]):
    """One game in progress: models, ruleset state, piles of cards, the step stack, dice and
    the log; generic in the ruleset's model type ``M`` and state type ``S``, so rules read
    their own types without casts."""

    __slots__ = (
        "actions",
        "board",
        "decision",
        "dice",
        "index",
        "log",
        "models",
        "piles",
        "result",
        "ruleset",
        "seed",
        "setup",
        "stack",
        "state",
    )

    def __init__(
        self,
        ruleset: Ruleset[M, S],
        setup: dict[str, Any],
        seed: int,
        dice: DiceSource | None = None,
    ) -> None:
        self.ruleset = ruleset
        self.setup = setup
        self.seed = seed
        self.board: Board = ruleset.board(setup)
        self.dice: DiceSource = dice if dice is not None else SeededDice(seed)
        self.models: list[M] = []
        self.index: dict[str, int] = {}
        self.state: S = ruleset.new_state(setup)
        self.piles: tuple[Pile, ...] = ()
        self.stack: list[Step] = []
        self.decision: Decision | None = None
        self.log: list[Event] = []
        self.actions: list[Action] = []
        self.result: Outcome | None = None

    # -- building ---------------------------------------------------------------------------

    def add_model(self, model: M) -> None:
        """Put a model into the game (the ruleset does this while setting up)."""
        if model.id in self.index:
            raise SkirmishError(f"duplicate model id {model.id!r}")
        self.index = {**self.index, model.id: len(self.models)}
        self.models.append(model)

    def begin(self, steps: list[Step]) -> None:
        """Push the opening steps and run to the first decision."""
        self.stack = list(reversed(steps))
        self._advance(None)

    # -- reading ----------------------------------------------------------------------------

    def model(self, model_id: str) -> M:
        """The model with this id.

        Raises:
            IllegalActionError: no such model.
        """
        try:
            return self.models[self.index[model_id]]
        except KeyError:
            raise IllegalActionError(f"no model {model_id!r} in this game") from None

    def label(self, model_id: str | None) -> str:
        """How the log names a model: ``"Agent (T2)"``."""
        if model_id is None:
            return "the players"
        m = self.model(model_id)
        return f"{m.name} ({m.id})"

    def roll_text(self, event: Event, result: str = "") -> str:
        """A dice event as a line of the log; ``result`` says what the faces come to."""
        roll = event.roll
        assert roll is not None
        who = self.label(roll.model) if roll.model else "A player"
        faces = ", ".join(str(f) for f in roll.faces)
        verb = "re-rolls a die for" if event.kind == "reroll" else "rolls"
        return f"{who} {verb} {roll.purpose} {roll.dice}: [{faces}]{result}  [{event.rule}]"

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.result is not None

    def describe(self, event: Event) -> str:
        """The event as a sentence of the log."""
        return self.ruleset.describe(self, event)

    # -- rules helpers ----------------------------------------------------------------------

    def emit(self, kind: str, rule: str, models: tuple[str, ...] = (), /, **data: Any) -> Event:
        """Append an event to the log."""
        event = Event(kind, rule, models, data)
        self.log.append(event)
        return event

    def roll(self, notation: str, purpose: str, rule: str, model: str | None = None) -> Roll:
        """Roll dice (``"D6"``, ``"2D6"``, ``"D3"``, ``"2D8"``) and log the roll."""
        count, sides = _parse_notation(notation)
        faces = self.dice.faces(count, sides, purpose) if count else ()
        roll = Roll(purpose, notation, faces, value_of(notation, faces), model)
        self.log.append(Event("roll", rule, (model,) if model else (), {}, roll))
        return roll

    def reroll(self, roll: Roll, index: int, rule: str, model: str | None = None) -> Roll:
        """Re-roll one face of ``roll``; the second result stands and is logged.

        Raises:
            IllegalActionError: that face was already re-rolled.
        """
        if index in roll.rerolled:
            raise IllegalActionError(f"die {index + 1} of the {roll.purpose} roll was re-rolled")
        _, sides = _parse_notation(roll.dice)
        (face,) = self.dice.faces(1, sides, roll.purpose)
        new = roll.with_face(index, face)
        self.log.append(Event("reroll", rule, (model,) if model else (), {"die": index + 1}, new))
        return new

    def end(self, winner: int | None, reason: str, rule: str) -> None:
        """End the game with one winner ahead of every other side, or (``None``) a draw."""
        sides = len(self.ruleset.sides)
        if winner is None:
            self.end_placed((1,) * sides, reason, rule)
        else:
            self.end_placed(tuple(1 if s == winner else 2 for s in range(sides)), reason, rule)

    def end_placed(self, placing: tuple[int, ...], reason: str, rule: str) -> None:
        """End the game with a place for every side (see :class:`Outcome`); the step loop
        stops at once.

        Raises:
            SkirmishError: ``placing`` does not give every side a place from 1 on.
        """
        if len(placing) != len(self.ruleset.sides) or min(placing, default=0) != 1:
            raise SkirmishError(f"a placing gives each of the sides a place from 1: {placing}")
        if self.result is None:
            self.result = Outcome(tuple(placing), reason, rule)
            winner = self.result.winner
            self.emit("game-over", rule, (), winner=winner, placing=list(placing), reason=reason)

    # -- cards ----------------------------------------------------------------------------

    def add_pile(
        self, name: str, cards: Iterable[Card] = (), audience: tuple[int, ...] | None = None
    ) -> None:
        """Lay a pile of cards on the table, top card first.

        ``audience`` is who may look at its cards: ``None`` everyone (a discard pile), some
        sides (a hand: its owner), ``()`` nobody (a face-down draw pile).

        Raises:
            CardError: a pile of that name is on the table already.
        """
        if any(p.name == name for p in self.piles):
            raise CardError(f"a pile named {name!r} is on the table already")
        self.piles = (*self.piles, Pile(name, tuple(cards), audience))

    def pile(self, name: str) -> Pile:
        """The pile of that name.

        Raises:
            CardError: no such pile.
        """
        for pile in self.piles:
            if pile.name == name:
                return pile
        known = ", ".join(p.name for p in self.piles) or "none"
        raise CardError(f"no pile {name!r} on the table; piles: {known}")

    def shuffle(self, name: str, rule: str) -> None:
        """Shuffle a pile with the game's own randomness, and log it."""
        pile = self.pile(name)
        self._lay(pile.holding(shuffled(self.dice, name, pile.cards)))
        self._log_cards("shuffle", rule, None, pile=name, size=len(pile.cards))

    def draw(
        self, name: str, to: str, count: int, rule: str, reshuffle: str | None = None
    ) -> tuple[Card, ...]:
        """Move the top ``count`` cards of pile ``name`` onto pile ``to``; return them.

        When the pile runs out and the rule says so, ``reshuffle`` names the pile (a discard
        pile) shuffled into it before the rest is drawn. The sides that may look at either
        pile see which cards were drawn.

        Raises:
            CardError: the cards do not suffice, counting the reshuffle; nothing changed.
        """
        have = len(self._pair(name, to)[0].cards)
        spare = 0 if reshuffle is None else len(self._pair(reshuffle, name)[0].cards)
        if not 0 <= count <= have + spare:
            also = f" and {reshuffle!r} {spare} to reshuffle" if reshuffle is not None else ""
            raise CardError(f"cannot draw {count} cards from {name!r}: it holds {have}{also}")
        if reshuffle is None or count <= have:
            return self._deal(name, to, count, rule)
        first = self._deal(name, to, have, rule) if have else ()
        self.reshuffle(reshuffle, name, rule)
        return (*first, *self._deal(name, to, count - have, rule))

    def reshuffle(self, name: str, into: str, rule: str) -> None:
        """Shuffle every card of pile ``name`` (a discard pile) into pile ``into``, and log it."""
        pile, dest = self._pair(name, into)
        self._lay(pile.holding(()))
        self._lay(dest.holding(shuffled(self.dice, into, (*dest.cards, *pile.cards))))
        self._log_cards("reshuffle", rule, None, pile=name, to=into, size=len(pile.cards))

    def discard(self, name: str, cards: Iterable[Card], to: str, rule: str) -> None:
        """Move ``cards`` from pile ``name`` (a hand) onto pile ``to`` (a discard pile, a
        face-down bid). The sides that may look at either pile see which cards moved.

        Raises:
            CardError: a card is not in the pile; nothing changed.
        """
        pile, dest = self._pair(name, to)
        moved = tuple(cards)
        self._move("discard", rule, pile, moved, pile.without(moved), dest)

    def reveal(
        self,
        name: str,
        rule: str,
        count: int | None = None,
        audience: tuple[int, ...] | None = None,
    ) -> tuple[Card, ...]:
        """Show the top ``count`` cards of a pile (all if ``None``) to ``audience`` (``None``:
        everyone), and return them; they stay where they are.

        Raises:
            CardError: the pile holds fewer cards.
        """
        pile = self.pile(name)
        if count is not None and not 0 <= count <= len(pile.cards):
            raise CardError(f"cannot reveal {count} cards of {name!r}: it holds {len(pile.cards)}")
        shown = pile.cards if count is None else pile.cards[:count]
        check_seen(self.dice, name, shown)
        self._log_cards("reveal", rule, audience, pile=name, cards=[c.text for c in shown])
        return shown

    def card_text(self, event: Event) -> str:
        """A card event as a line of the log: ``Draw QH, 10S from deck to hand 0  [L40]``."""
        d = event.data
        if event.kind == "shuffle":
            what = f"Shuffle {d['pile']} ({d['size']} cards)"
        elif event.kind == "reshuffle":
            what = f"Shuffle {d['pile']} ({d['size']} cards) into {d['to']}"
        else:
            cards = ", ".join(d["cards"])
            where = f"from {d['pile']} to {d['to']}" if "to" in d else f"of {d['pile']}"
            what = f"{event.kind.capitalize()} {cards} {where}"
        return f"{what}  [{event.rule}]"

    def _deal(self, name: str, to: str, count: int, rule: str) -> tuple[Card, ...]:
        pile, dest = self._pair(name, to)
        drawn = pile.cards[:count]
        self._move("draw", rule, pile, drawn, pile.holding(pile.cards[count:]), dest)
        return drawn

    def _move(
        self, kind: str, rule: str, pile: Pile, moved: tuple[Card, ...], rest: Pile, dest: Pile
    ) -> None:
        """Lay ``moved``, taken from ``pile`` (leaving ``rest``), on ``dest``; log it.

        The cards go one at a time, as at a table: the last one moved ends on top, so a draw
        split by a reshuffle leaves the same pile as one that was not.
        """
        check_seen(self.dice, pile.name, moved)
        self._lay(rest)
        self._lay(dest.holding((*reversed(moved), *dest.cards)))
        audience = _either(pile.audience, dest.audience)
        texts = [c.text for c in moved]
        self._log_cards(kind, rule, audience, pile=pile.name, to=dest.name, cards=texts)

    def _pair(self, name: str, to: str) -> tuple[Pile, Pile]:
        if name == to:
            raise CardError(f"cards cannot move from {name!r} onto itself")
        return self.pile(name), self.pile(to)

    def _lay(self, pile: Pile) -> None:
        """Put ``pile`` in the place of the pile of its name."""
        self.piles = tuple(pile if p.name == pile.name else p for p in self.piles)

    def _log_cards(
        self, kind: str, rule: str, audience: tuple[int, ...] | None, **data: Any
    ) -> None:
        self.log.append(Event(kind, rule, (), data, None, audience))

    # -- the loop ---------------------------------------------------------------------------

    def apply(self, action: Action | str) -> list[Event]:
        """Validate ``action`` against the decision, then run the rules to the next decision.

        Returns the events this action caused.

        Raises:
            InvalidActionError: the text does not parse.
            IllegalActionError: the action does not answer the decision; nothing changed.
        """
        if isinstance(action, str):
            action = Action.parse(action)
        action = action.quantized()
        self._check(action)
        mark = len(self.log)
        self.actions.append(action)
        self._advance(action)
        return self.log[mark:]

    def _check(self, action: Action) -> None:
        decision = self.decision
        if decision is None:
            raise IllegalActionError(f"illegal action '{action}': the game is over")
        if action in decision.options:
            return
        if decision.spec_for(action) is not None:
            error = self.stack[-1].point_error(self, action)
            if error is None:
                return
            raise IllegalActionError(f"illegal action '{action}': {error}")
        why = self.stack[-1].option_error(self, action)
        if why is not None:
            raise IllegalActionError(f"illegal action '{action}': {why}")
        raise IllegalActionError(
            f"illegal action '{action}': not an option of {self.ruleset.where(self)} "
            f"({decision.prompt})"
        )

    def _advance(self, action: Action | None) -> None:
        stack = self.stack
        while stack and self.result is None:
            result = stack[-1].run(self, action)
            action = None
            if isinstance(result, Decision):
                self.decision = result
                return
            stack.pop()
            if result:
                stack.extend(reversed(result))
        stack.clear()
        self.decision = None

    # -- copies, saves, records -------------------------------------------------------------

    def clone(self) -> Game[M, S]:
        """An independent copy that continues exactly as this game would."""
        twin: Game[M, S] = object.__new__(Game)
        twin.ruleset = self.ruleset
        twin.setup = self.setup
        twin.seed = self.seed
        twin.board = self.board
        twin.dice = self.dice.copy()
        twin.models = [m.copy() for m in self.models]
        twin.index = self.index
        twin.state = self.state.copy()
        twin.piles = self.piles
        twin.stack = [s.copy() for s in self.stack]
        twin.decision = self.decision
        twin.log = self.log.copy()
        twin.actions = self.actions.copy()
        twin.result = self.result
        return twin

    def record(self) -> dict[str, Any]:
        """Setup, seed and actions: enough to replay the game to the identical log."""
        return {
            "format": RECORD_FORMAT,
            "ruleset": self.ruleset.id,
            "setup": self.setup,
            "seed": self.seed,
            "actions": [a.to_text() for a in self.actions],
        }

    def to_json(self) -> dict[str, Any]:
        """The whole state, dice included: a restored game continues identically."""
        data = self.record()
        data["format"] = SAVE_FORMAT
        data.update(
            dice=self.dice.to_json(),
            models=[m.to_json() for m in self.models],
            state=self.state.to_json(),
            stack=[s.to_json() for s in self.stack],
            decision=None if self.decision is None else self.decision.to_json(),
            **_log_to_json(self.log),
            result=None
            if self.result is None
            else [list(self.result.placing), self.result.reason, self.result.rule],
        )
        if self.piles:
            data["piles"] = value_to_json(self.piles)
        return data

    def dumps(self) -> str:
        """The save as compact JSON text."""
        return json.dumps(self.to_json(), separators=(",", ":"))


def _log_to_json(log: list[Event]) -> dict[str, Any]:
    """The log with each rule citation stored once (saves stay small)."""
    rules: dict[str, int] = {}
    events = []
    for e in log:
        data = e.to_json()
        data["r"] = rules.setdefault(e.rule, len(rules))
        events.append(data)
    return {"rules": list(rules), "log": events}


def _either(a: tuple[int, ...] | None, b: tuple[int, ...] | None) -> tuple[int, ...] | None:
    """The sides that may look at either of two piles (``None``: everyone)."""
    if a is None or b is None:
        return None
    return tuple(sorted({*a, *b}))
