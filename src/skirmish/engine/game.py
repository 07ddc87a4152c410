"""The game: a state machine that validates actions and runs the rules to the next decision.

``game.decision`` says who must decide what; ``game.apply(action)`` checks the action, resolves
everything up to the next decision and returns the events it caused. The game never calls a
player: the loop that drives it lives outside.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from skirmish.dice import DiceSource, Roll, SeededDice, dice_from_json, value_of
from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.events import Event
from skirmish.engine.record import Record, record_from_json
from skirmish.errors import IllegalActionError, SaveError, SkirmishError

if TYPE_CHECKING:
    from skirmish.engine.model import Model
    from skirmish.engine.ruleset import Ruleset
    from skirmish.engine.step import Step
    from skirmish.geometry.board import Board

SAVE_FORMAT = "skirmish-save"
RECORD_FORMAT = "skirmish-record"

_NOTATION: dict[str, tuple[int, int]] = {}


def _parse_notation(notation: str) -> tuple[int, int]:
    """``"2D6"`` -> (2, 6); ``"D66"`` is read from two D6 faces."""
    cached = _NOTATION.get(notation)
    if cached is None:
        if notation == "D66":
            cached = (2, 6)
        else:
            count, _, sides = notation.upper().partition("D")
            cached = (int(count or 1), int(sides))
        _NOTATION[notation] = cached
    return cached


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: the winning side (``None`` for a draw), why, and the rule."""

    winner: int | None
    reason: str
    rule: str


class Game:
    """One game in progress: models, ruleset state, the step stack, dice and the log."""

    __slots__ = (
        "actions",
        "board",
        "decision",
        "dice",
        "index",
        "log",
        "models",
        "result",
        "ruleset",
        "seed",
        "setup",
        "stack",
        "state",
    )

    def __init__(
        self,
        ruleset: Ruleset,
        setup: dict[str, Any],
        seed: int,
        dice: DiceSource | None = None,
    ) -> None:
        self.ruleset = ruleset
        self.setup = setup
        self.seed = seed
        self.board: Board = ruleset.board(setup)
        self.dice: DiceSource = dice if dice is not None else SeededDice(seed)
        self.models: list[Model] = []
        self.index: dict[str, int] = {}
        self.state: Record = ruleset.new_state(setup)
        self.stack: list[Step] = []
        self.decision: Decision | None = None
        self.log: list[Event] = []
        self.actions: list[Action] = []
        self.result: Outcome | None = None

    # -- building ---------------------------------------------------------------------------

    def add_model(self, model: Model) -> None:
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

    def model(self, model_id: str) -> Model:
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
        """Roll dice (``"D6"``, ``"2D6"``, ``"D3"``, ``"2D8"``, ``"D66"``) and log the roll."""
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
        """End the game; the step loop stops at once."""
        if self.result is None:
            self.result = Outcome(winner, reason, rule)
            self.emit("game-over", rule, (), winner=winner, reason=reason)

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

    def clone(self) -> Game:
        """An independent copy that continues exactly as this game would."""
        twin = object.__new__(Game)
        twin.ruleset = self.ruleset
        twin.setup = self.setup
        twin.seed = self.seed
        twin.board = self.board
        twin.dice = self.dice.copy()
        twin.models = [m.copy() for m in self.models]
        twin.index = self.index
        twin.state = self.state.copy()
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
            else [self.result.winner, self.result.reason, self.result.rule],
        )
        return data

    def dumps(self) -> str:
        """The save as compact JSON text."""
        return json.dumps(self.to_json(), separators=(",", ":"))

    @staticmethod
    def from_json(data: dict[str, Any]) -> Game:
        """Restore a game saved by :meth:`to_json`.

        Raises:
            SaveError: the data is not a save this version can read.
        """
        from skirmish.engine.ruleset import find_registered

        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveError("not a skirmish save file")
        try:
            ruleset = find_registered(data["ruleset"])
            game = Game(ruleset, data["setup"], int(data["seed"]), dice_from_json(data["dice"]))
            for m in data["models"]:
                game.add_model(record_from_json(m))  # type: ignore[arg-type]
            game.state = record_from_json(data["state"])
            game.stack = [record_from_json(s) for s in data["stack"]]  # type: ignore[misc]
            game.decision = (
                None if data["decision"] is None else Decision.from_json(data["decision"])
            )
            game.log = _log_from_json(data["rules"], data["log"])
            game.actions = [Action.parse(t) for t in data["actions"]]
            if data["result"] is not None:
                game.result = Outcome(*data["result"])
        except SkirmishError:
            raise
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise SaveError(f"corrupt save file: {type(exc).__name__} {exc}") from None
        return game

    @staticmethod
    def replay(record: dict[str, Any], dice: DiceSource | None = None) -> Game:
        """Play a record's actions again from its setup and seed.

        Raises:
            SaveError: the record is malformed or an action in it is illegal.
        """
        from skirmish.engine.ruleset import find_registered

        if not isinstance(record, dict) or record.get("format") not in (
            RECORD_FORMAT,
            SAVE_FORMAT,
        ):
            raise SaveError("not a skirmish record or save file")
        try:
            ruleset = find_registered(record["ruleset"])
            game = ruleset.new_game(record["setup"], int(record["seed"]), dice)
            texts = list(record["actions"])
        except SkirmishError:
            raise
        except (KeyError, TypeError, ValueError) as exc:
            raise SaveError(f"corrupt record: {type(exc).__name__} {exc}") from None
        for n, text in enumerate(texts):
            try:
                game.apply(text)
            except SkirmishError as exc:
                raise SaveError(f"record action {n + 1} {text!r} does not replay: {exc}") from None
        return game


def _log_to_json(log: list[Event]) -> dict[str, Any]:
    """The log with each rule citation stored once (saves stay small)."""
    rules: dict[str, int] = {}
    events = []
    for e in log:
        data = e.to_json()
        data["r"] = rules.setdefault(e.rule, len(rules))
        events.append(data)
    return {"rules": list(rules), "log": events}


def _log_from_json(rules: list[str], events: list[dict[str, Any]]) -> list[Event]:
    return [Event.from_json({**e, "r": rules[e["r"]]}) for e in events]
