"""The game: a state machine that validates actions and runs the rules to the next decision.

``game.decision`` says who must decide what; ``game.apply(action)`` checks the action, resolves
everything up to the next decision and returns the events it caused. The game never calls a
player: the loop that drives it lives outside, and hands each player ``game.view(player)``,
what that player may know (a :class:`View`), of which ``view.sample_game(rng)`` makes a game
whose hidden part is re-sampled, for players that search (``game.determinize(player, rng)``
does both).

A :class:`~skirmish.engine.decision.Sealed` decision is asked of several players in turn; each
answer is logged for its player alone (its kind for everyone, where the decision makes kinds
public), and when the last is in they are revealed together.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from skirmish.cards import Card, Pile
from skirmish.dice import DiceSource, HiddenDice, Roll, SeededDice, value_of
from skirmish.engine.action import SHOWN, Action
from skirmish.engine.decision import Decision, Sealed
from skirmish.engine.events import Event
from skirmish.engine.model import Model
from skirmish.engine.piles import CardTable
from skirmish.engine.record import Record, value_to_json
from skirmish.engine.sides import Sides
from skirmish.errors import IllegalActionError, InvalidActionError, SkirmishError, quoted

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


def _faces(roll: Roll) -> str:
    """A roll's faces as the log lists them: ``3, 5``."""
    return ", ".join(str(f) for f in roll.faces)


def _parse_notation(notation: str) -> tuple[int, int]:
    """``"2D6"`` -> (2, 6)."""
    cached = _NOTATION.get(notation)
    if cached is None:
        count, d, sides = notation.partition("D")
        if not d or not sides.isdigit() or not (count == "" or count.isdigit()):
            raise SkirmishError(f"dice are written like D6 or 2D6, not {notation!r}")
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
        """Whether every side, of two or more, shares first place."""
        return len(self.placing) > 1 and len(self.winners) == len(self.placing)


@dataclass(frozen=True, slots=True)
class SeenLog:
    """The first ``length`` events of a game's log as one player sees them; ``last`` is the
    last of those events as logged, to tell that the log still begins with them."""

    length: int
    last: Event | None
    events: list[Event]


@dataclass(frozen=True, slots=True)
class SeenPiles:
    """The piles of a game as one player sees them: ``shown`` with the cards it may not look
    at face down, and those cards as ``unseen``, in a canonical order; ``piles`` the game's
    piles they were found from."""

    piles: tuple[Pile, ...]
    shown: tuple[Pile, ...]
    unseen: tuple[Card, ...]

    @staticmethod
    def of(piles: tuple[Pile, ...], player: int) -> SeenPiles:
        """How ``player`` sees ``piles``."""
        hidden = [p for p in piles if not _may_look(p, player)]
        unseen = tuple(sorted((c for p in hidden for c in p.cards), key=_card_order))
        shown = tuple(
            p if _may_look(p, player) else p.holding((UNKNOWN_CARD,) * len(p.cards)) for p in piles
        )
        return SeenPiles(piles, shown, unseen)


UNKNOWN_CARD = Card("?")
"""A card as a player sees it when it may not look: face down."""
HIDDEN_ACTION = Action("?")
"""Another player's sealed answer as a player sees it before the reveal."""
HIDDEN_ARGS = ("?",)
"""The arguments of another player's sealed answer whose kind is public, before the reveal."""
HIDDEN_DICE = HiddenDice()
"""The dice of every view: they hold nothing, so one serves all (a view is taken per decision)."""
DEAL_TRIES = 64
"""Deals :meth:`View.sample_game` tries before it gives up on one the viewer's view allows."""


class Game(CardTable, Generic[M, S]):
    """One game in progress: models, ruleset state, piles of cards, the step stack, dice and
    the log; generic in the ruleset's model type ``M`` and state type ``S``, so rules read
    their own types without casts.

    ``sides`` are the sides its setup made (:meth:`Ruleset.sides_of`): a save or a record
    restores them from the setup it holds. ``sealed`` holds the parts of a sealed decision
    being answered, ``commits`` the answers given so far, as (player, action) pairs.
    ``catalog`` is the data the ruleset gives a game of its setup
    (:meth:`Ruleset.catalog_for`), read by the rules in one attribute access.
    """

    __slots__ = (
        "actions",
        "board",
        "catalog",
        "commits",
        "decision",
        "dice",
        "index",
        "log",
        "models",
        "result",
        "ruleset",
        "sealed",
        "seed",
        "seen_logs",
        "seen_piles",
        "setup",
        "sides",
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
        self.sides: Sides = ruleset.sides_of(setup)
        self.board: Board = ruleset.board(setup)
        self.catalog: object = ruleset.catalog_for(setup)
        self.dice: DiceSource = dice if dice is not None else SeededDice(seed)
        self.models: list[M] = []
        self.index: dict[str, int] = {}
        self.state: S = ruleset.new_state(setup)
        self.piles: tuple[Pile, ...] = ()
        self.stack: list[Step] = []
        self.decision: Decision | None = None
        self.sealed: tuple[Decision, ...] = ()
        self.commits: tuple[tuple[int, Action], ...] = ()
        self.log: list[Event] = []
        self.actions: list[Action] = []
        self.result: Outcome | None = None
        self.seen_logs: dict[int, SeenLog] = {}
        self.seen_piles: dict[int, SeenPiles] = {}

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

    def pile_title(self, name: str) -> str:
        """A pile of cards as a player reads its name (:meth:`Ruleset.pile_title`)."""
        return self.ruleset.pile_title(self, name)

    def roll_text(self, event: Event, result: str = "", purpose: str | None = None) -> str:
        """A dice event as a line of the log; ``result`` says what the faces come to and
        ``purpose`` names the roll where its own purpose does not (a ruleset's dice purpose
        of a die rolled again; ``""`` names none).

        A roll of no model's (a table the rules roll on, a roll-off) names no one: "a player"
        would read as a side in a game whose sides are A and B. A re-roll is
        :meth:`_reroll_text`'s line; one of a log saved before re-rolls named their die and
        the face it replaced says only "re-rolls a die for" the roll.
        """
        roll = event.roll
        assert roll is not None
        named = " ".join(filter(None, (roll.purpose if purpose is None else purpose, roll.dice)))
        if event.kind == "reroll" and "was" in event.data:
            return self._reroll_text(event, named, result)
        reroll = event.kind == "reroll"
        if roll.model:
            verb = "re-rolls a die for" if reroll else "rolls"
            said = f"{self.label(roll.model)} {verb}"
        else:
            said = "Re-rolled a die for" if reroll else "Rolled"
        return f"{said} {named}: [{_faces(roll)}]{result}  [{event.rule}]"

    def _reroll_text(self, event: Event, named: str, result: str = "") -> str:
        """A die re-rolled (:meth:`log_reroll`'s event) as a line of the log: who re-rolls it,
        which die of the roll ``named`` (``"fight 8D6"``), the face it had and the one it
        shows, and the dice now; ``result`` says what they come to. A model that re-rolls
        another's die (a Parry, a Master Villain) makes that model re-roll it."""
        roll, d = event.roll, event.data
        assert roll is not None
        by = event.models[0] if event.models else roll.model
        if by is None:
            who = "Re-rolled"
        elif roll.model in (None, by):
            who = f"{self.label(by)} re-rolls"
        else:
            who = f"{self.label(by)} makes {self.label(roll.model)} re-roll"
        now = roll.faces[d["die"] - 1]
        return (
            f"{who} die {d['die']} of the {named}: its {d['was']} becomes {now}, "
            f"the dice now [{_faces(roll)}]{result}  [{event.rule}]"
        )

    def sealed_text(self, event: Event) -> str:
        """A sealed answer or their reveal as a line of the log:
        ``North answers in secret: bid QH  [B2]`` (to another player ``North answers in
        secret``, or ``...: bid ?`` where kinds are public), ``Revealed together: ...``."""
        sides, d = self.sides.names, event.data
        if event.kind == "commit":
            shown = d.get("answer", d.get("shown"))
            what = f": {shown}" if shown is not None else ""
            return f"{sides[d['player']]} answers in secret{what}  [{event.rule}]"
        shown = ", ".join(f"{sides[p]} {answer}" for p, answer in d["answers"])
        return f"Revealed together: {shown}  [{event.rule}]"

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.result is not None

    def describe(self, event: Event) -> str:
        """The event as a sentence of the log."""
        return self.ruleset.describe(self, event)

    # -- rules helpers ----------------------------------------------------------------------

    def emit(
        self,
        kind: str,
        rule: str,
        models: tuple[str, ...] = (),
        /,
        audience: tuple[int, ...] | None = None,
        secret: tuple[str, ...] | None = None,
        **data: Any,
    ) -> Event:
        """Append an event to the log.

        ``audience`` names the sides that may see its ``secret`` keys of ``data`` (all of them
        when ``secret`` is not given); the other keys are public. ``None`` is everyone.
        """
        hidden = () if audience is None else tuple(data) if secret is None else secret
        event = Event(kind, rule, models, data, None, audience, hidden)
        self.log.append(event)
        return event

    def roll(self, notation: str, purpose: str, rule: str, model: str | None = None) -> Roll:
        """Roll dice (``"D6"``, ``"2D6"``, ``"D3"``, ``"2D8"``) and log the roll."""
        count, sides = _parse_notation(notation)
        faces = self.dice.faces(count, sides, purpose) if count else ()
        return self.log_roll(Roll(purpose, notation, faces, value_of(notation, faces), model), rule)

    def log_roll(self, roll: Roll, rule: str) -> Roll:
        """Log ``roll`` (made by :meth:`roll`, or by a ruleset's own dice), the event naming
        the roll's own model; the roll."""
        self.log.append(Event("roll", rule, (roll.model,) if roll.model else (), {}, roll))
        return roll

    def reroll(
        self, roll: Roll, index: int, rule: str, model: str | None = None, drawn_for: str = ""
    ) -> Roll:
        """Re-roll one face of ``roll``; the second result stands and is logged, the event
        naming the die (``die``, from 1) and the face it replaces (``was``). The die is drawn
        for ``drawn_for`` where a rule's re-roll has a dice purpose of its own (so scripted
        dice script it apart from the roll), else for the roll's purpose.

        Raises:
            IllegalActionError: that face was already re-rolled.
        """
        if index in roll.rerolled:
            raise IllegalActionError(f"die {index + 1} of the {roll.purpose} roll was re-rolled")
        _, sides = _parse_notation(roll.dice)
        (face,) = self.dice.faces(1, sides, drawn_for or roll.purpose)
        return self.log_reroll(roll, index, face, rule, model)

    def log_reroll(
        self, roll: Roll, index: int, face: int, rule: str, model: str | None = None
    ) -> Roll:
        """Log a die of ``roll`` re-rolled to ``face`` (by :meth:`reroll`, or by a ruleset's
        own dice), the event naming the die (``die``, from 1) and the face it replaces
        (``was``); the roll as it now stands."""
        new = roll.with_face(index, face)
        said = {"die": index + 1, "was": roll.faces[index]}
        self.log.append(Event("reroll", rule, (model,) if model else (), said, new))
        return new

    def replace_setup(self, setup: dict[str, Any]) -> None:
        """Play with ``setup`` from now on. A rule that settles part of the setup during a
        game (a scenario rolled in its Pre-Game) hands the new setup here, so that the game's
        catalog is built anew from it (:meth:`Ruleset.catalog_for`). Clones share both, saves
        carry the setup and a loaded game builds the catalog from it; a record replays the
        action that settled it."""
        self.setup = setup
        self.catalog = self.ruleset.catalog_for(setup)

    def replace_board(self, board: Board) -> None:
        """Play on ``board`` from now on. A rule that changes the table during a game (terrain
        placed before deployment) makes a new board with :meth:`Board.with_terrain` and hands it
        here, because a board is a value whose caches hold for it alone. Clones share the new
        board, saves carry it (:meth:`to_json`), and a record replays the action that made it."""
        self.board = board

    def end(self, winner: int | None, reason: str, rule: str) -> None:
        """End the game with one winner ahead of every other side, or (``None``) a draw."""
        sides = len(self.sides.names)
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
        if len(placing) != len(self.sides.names) or min(placing, default=0) != 1:
            raise SkirmishError(f"a placing gives each of the sides a place from 1: {placing}")
        if self.result is None:
            self.result = Outcome(tuple(placing), reason, rule)
            winner = self.result.winner
            self.emit("game-over", rule, (), winner=winner, placing=list(placing), reason=reason)

    # -- the loop ---------------------------------------------------------------------------

    def apply(self, action: Action | str) -> list[Event]:
        """Validate ``action`` against the decision, then run the rules to the next decision.

        Returns the events this action caused.

        Raises:
            InvalidActionError: the text does not parse, or it is an answer cut short (its
                last words left out); nothing changed.
            IllegalActionError: the action does not answer the decision; nothing changed.
        """
        if isinstance(action, str):
            action = Action.parse(action)
        action = action.quantized()
        self._check(action)
        mark = len(self.log)
        self.actions.append(action)
        if self.sealed:
            self._commit(action)
        else:
            self._advance(action)
        return self.log[mark:]

    def _check(self, action: Action) -> None:
        decision = self.decision
        if decision is None:
            raise IllegalActionError(
                f"illegal action {quoted(str(action), SHOWN)}: the game is over"
            )
        if action in decision.options:
            return
        if decision.spec_for(action) is not None:
            error = self.point_error(action)
            if error is None:
                return
            raise IllegalActionError(f"illegal action {quoted(str(action), SHOWN)}: {error}")
        wholes = decision.wholes_of(action)
        if wholes:  # before the rules' reasons, which read it as a whole answer
            raise InvalidActionError(
                f"'{action}' is cut short: write it whole, as {_one_of(wholes)}"
            )
        why = self.stack[-1].option_error(self, action)
        if why is not None:
            raise IllegalActionError(f"illegal action {quoted(str(action), SHOWN)}: {why}")
        where = self.ruleset.where(self)
        raise IllegalActionError(
            f"illegal action {quoted(str(action), SHOWN)}: not an option of {where} "
            f"({decision.prompt})"
        )

    def point_error(self, action: Action) -> str | None:
        """Why the rules refuse the point of ``action``, an answer to one of the pending
        decision's point choices, or ``None`` if they take it (nothing changes either way)."""
        return self.stack[-1].point_error(self, action)

    def _advance(self, action: Action | None) -> None:
        stack = self.stack
        while stack and self.result is None:
            if self._settle(stack[-1].run(self, action)):
                return
            action = None
        stack.clear()
        self.decision = None

    def _settle(self, result: Decision | Sealed | list[Step]) -> bool:
        """Take what the top step returned: ask a decision (``True``) or go on."""
        if isinstance(result, Decision):
            self.decision = result
            return True
        if isinstance(result, Sealed):
            if not self.ruleset.keeps_secrets(self):
                raise SkirmishError(
                    f"{self.ruleset.id} asks a sealed decision in a game that keeps no "
                    "secrets (Ruleset.hidden_information, Ruleset.keeps_secrets)"
                )
            public = result.kinds_public
            self.sealed = tuple(
                replace(part, sealed=True, kind_public=public) for part in result.parts
            )
            self.commits = ()
            self.decision = self.sealed[0]
            return True
        self.stack.pop()
        if result:
            self.stack.extend(reversed(result))
        return False

    def _commit(self, action: Action) -> None:
        """Keep one player's sealed answer; once all are in, reveal them and go on."""
        part = self.decision
        assert part is not None
        player, rule = part.player, self.stack[-1].rule
        self.commits = (*self.commits, (player, action))
        shown = {"shown": str(seen_answer(part, action))} if part.kind_public else {}
        self.emit(
            "commit", rule, (), (player,), ("answer",), player=player, answer=str(action), **shown
        )
        if len(self.commits) < len(self.sealed):
            self.decision = self.sealed[len(self.commits)]
            return
        answers = tuple(a for _, a in self.commits)
        self.emit("sealed-reveal", rule, (), answers=[[p, str(a)] for p, a in self.commits])
        self.sealed, self.commits = (), ()
        if not self._settle(self.stack[-1].reveal(self, answers)):
            self._advance(None)

    # -- what a player knows ----------------------------------------------------------------

    def view(self, player: int) -> View[M, S]:
        """What ``player`` may know of this game: all of it in a game of open information;
        else cards it may not look at face down, others' sealed answers and the secret data
        of events withheld, and whatever the ruleset hides (:meth:`Ruleset.redact`).

        A view shares this game's parts where nothing is hidden: read it, do not change it.
        """
        seen: View[M, S] = object.__new__(View)
        self._share(seen)
        seen.dice = HIDDEN_DICE
        seen.seed = -1  # with the seed and the actions, the dice to come could be replayed
        seen.viewer = player
        seen.unseen = ()
        if self.ruleset.keeps_secrets(self):
            seen.withhold(self)
        return seen

    def seen_log(self, player: int) -> list[Event]:
        """The log as ``player`` sees it (:meth:`Event.seen_by`), to read, not to change.

        A view is taken at every decision, so the part already seen is kept per player and
        only the events logged since are added: a whole pass each time made a long game's
        views cost the square of its length.
        """
        log = self.log
        kept = self.seen_logs.get(player)
        if kept is None or kept.length > len(log) or log[kept.length - 1] is not kept.last:
            kept = SeenLog(0, None, [])
        if kept.length == len(log):
            return kept.events
        events = kept.events + [e.seen_by(player) for e in log[kept.length :]]
        self.seen_logs[player] = SeenLog(len(log), log[-1], events)
        return events

    def seen_piles_of(self, player: int) -> SeenPiles:
        """The piles as ``player`` sees them (:meth:`SeenPiles.of`). A view is taken at every
        decision and cards move far less often, so the last answer is kept per player: it
        holds while the game's piles are the tuple it was found from, because a tuple of
        frozen piles cannot change (moving a card lays a new tuple) and the kept answer
        holds that tuple, so no other can take its identity."""
        kept = self.seen_piles.get(player)
        if kept is None or kept.piles is not self.piles:
            kept = SeenPiles.of(self.piles, player)
            self.seen_piles[player] = kept
        return kept

    def determinize(self, player: int, rng: random.Random) -> Game[M, S]:
        """A game ``player`` cannot tell from this one, its hidden part re-sampled with
        ``rng`` (see :meth:`View.sample_game`)."""
        return self.view(player).sample_game(rng)

    # -- copies, saves, records -------------------------------------------------------------

    def clone(self) -> Game[M, S]:
        """An independent copy that continues exactly as this game would."""
        twin: Game[M, S] = object.__new__(Game)
        self._share(twin)
        twin.dice = self.dice.copy()
        twin.models = [m.copy() for m in self.models]
        twin.state = self.state.copy()
        twin.stack = [s.copy() for s in self.stack]
        twin.log = self.log.copy()
        twin.actions = self.actions.copy()
        twin.seen_logs = {}  # a copy's log may be edited in place (contract.other_secrets)
        twin.seen_piles = {}
        return twin

    def _share(self, other: Game[M, S]) -> None:
        """Give ``other`` every part of this game as it is (a view reads them; a clone then
        copies those that change). Written out, not looped over the slots: a view is taken
        at every decision, and this is a third of what a loop costs."""
        other.actions = self.actions
        other.board = self.board
        other.catalog = self.catalog
        other.commits = self.commits
        other.decision = self.decision
        other.dice = self.dice
        other.index = self.index
        other.log = self.log
        other.models = self.models
        other.piles = self.piles
        other.result = self.result
        other.ruleset = self.ruleset
        other.sealed = self.sealed
        other.seed = self.seed
        other.seen_logs = self.seen_logs
        other.seen_piles = self.seen_piles
        other.setup = self.setup
        other.sides = self.sides
        other.stack = self.stack
        other.state = self.state

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
        """The whole state, dice included: a restored game continues identically. The board
        is saved only where the game replaced its setup's (:meth:`replace_board`)."""
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
        if self.board != self.ruleset.board(self.setup):
            data["board"] = self.board.to_dict()  # replaced during the game (replace_board)
        if self.piles:
            data["piles"] = value_to_json(self.piles)
        if self.sealed:
            data["sealed"] = [d.to_json() for d in self.sealed]
            data["commits"] = [[p, str(a)] for p, a in self.commits]
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


class View(Game[M, S]):
    """What one player may know of a game (``game.view(player)``): a game to read, whose
    dice are hidden and which cannot be played.

    ``viewer`` is the player; ``unseen`` the cards it may not look at, wherever they lie, in
    a canonical order (a player knows what the deck holds, not where each card went).
    """

    __slots__ = ("unseen", "viewer")
    viewer: int
    unseen: tuple[Card, ...]

    def withhold(self, game: Game[M, S]) -> None:
        """Hide from the viewer what ``game`` keeps from it (see :meth:`Game.view`)."""
        player = self.viewer
        seen = game.seen_piles_of(player)
        self.unseen = seen.unseen
        self.piles = seen.shown
        self.log = game.seen_log(player)
        self.state = game.state.copy()  # the ruleset's redact may hide parts of it
        self.stack = [s.copy() for s in game.stack]
        if _withheld_from(game, player):
            assert game.decision is not None
            self.decision = game.decision.withheld()
        self.sealed = tuple(d if d.player == player else d.withheld() for d in game.sealed)
        self.commits = tuple(
            (p, a if p == player else seen_answer(part, a))
            for part, (p, a) in zip(game.sealed, game.commits, strict=False)
        )
        open_ = len(game.actions) - len(game.commits)
        self.actions = [*game.actions[:open_], *(a for _, a in self.commits)]
        game.ruleset.redact(self, player)

    def apply(self, action: Action | str) -> list[Event]:
        """Refused: a view is what a player knows, not a game to play.

        Raises:
            SkirmishError: always.
        """
        raise SkirmishError(
            f"a view of side {self.viewer} cannot be played; sample a game of it to play"
        )

    def sample_game(self, rng: random.Random) -> Game[M, S]:
        """A game the viewer cannot tell from the one this view came from: the unseen cards
        dealt afresh into the places it cannot see, others' sealed answers drawn from their
        options (asked again of the re-dealt hands), the ruleset's own hidden state
        re-sampled (:meth:`Ruleset.resample`), and dice of its own seeded from ``rng``.

        A deal under which the pending step, run anew, does not ask again (the hand it
        dealt cannot pay for the spell being cast) contradicts what the viewer saw, that the
        step asked: it is dealt again, up to :data:`DEAL_TRIES` times.

        Raises:
            SkirmishError: no deal made the step ask again (see :meth:`Step.run`).
        """
        for _ in range(DEAL_TRIES):
            game = self._dealt(rng)
            if game is not None:
                return game
        raise SkirmishError("a step of a game with secrets must ask again when run anew")

    def _dealt(self, rng: random.Random) -> Game[M, S] | None:
        """One deal of :meth:`sample_game`; None when the pending step does not ask again."""
        game = Game.clone(self)
        game.dice = SeededDice(rng.getrandbits(63))
        pool = list(self.unseen)
        rng.shuffle(pool)
        game.piles = tuple(
            p if _may_look(p, self.viewer) else p.holding(tuple(pool.pop() for _ in p.cards))
            for p in self.piles
        )
        given = self.commits
        withheld = bool(self.sealed) or _withheld_from(self, self.viewer)
        if given:
            del game.log[len(game.log) - len(given) :]
            del game.actions[len(game.actions) - len(given) :]
        game.sealed, game.commits = (), ()
        game.ruleset.resample(game, self.viewer, rng)
        if withheld:
            # The view withheld the options; the step asks again from the re-dealt cards.
            if not game._settle(game.stack[-1].run(game, None)):
                return None
            for player, answer in given:
                game.apply(answer if player == self.viewer else _any_answer(game, rng, answer))
        return game

    def to_json(self) -> dict[str, Any]:
        """The view as JSON-ready data: the save of what the viewer knows, without dice."""
        data = super().to_json()
        del data["dice"]
        data.update(viewer=self.viewer, unseen=[c.text for c in self.unseen])
        return data


def _withheld_from(game: Game[Any, Any], player: int) -> bool:
    """Whether ``player``'s view of ``game`` withholds the options of the pending decision:
    another player's in a game that keeps secrets, unless the ruleset shows them."""
    decision = game.decision
    return (
        decision is not None
        and decision.player != player
        and game.ruleset.keeps_secrets(game)
        and game.ruleset.hides_options(game, decision)
    )


def _may_look(pile: Pile, player: int) -> bool:
    return pile.audience is None or player in pile.audience


def _card_order(card: Card) -> tuple[str, str]:
    return (card.suit, card.rank)


def seen_answer(part: Decision, answer: Action) -> Action:
    """Another player's sealed ``answer`` to ``part`` as a player sees it before the reveal:
    nothing of it (:data:`HIDDEN_ACTION`), or where the part's kind is public its kind, the
    rest withheld (:data:`HIDDEN_ARGS`) if it has any."""
    if not part.kind_public:
        return HIDDEN_ACTION
    if answer == Action(answer.kind):
        return answer
    return Action(answer.kind, HIDDEN_ARGS)


def _any_answer(game: Game[Any, Any], rng: random.Random, seen: Action) -> Action:
    """A random answer to the sealed decision that another player sees as ``seen`` (an
    option, else a point the ruleset samples)."""
    decision = game.decision
    assert decision is not None
    fitting = [a for a in decision.options if seen_answer(decision, a) == seen]
    if fitting:
        return rng.choice(fitting)
    for spec in decision.points:
        point = game.ruleset.sample_point(game, spec, rng.random)
        if point is None:
            continue
        answer = Action.at(spec.kind, spec.args, *point)
        if seen_answer(decision, answer) == seen:
            return answer
    raise SkirmishError(f"no answer to sample for {decision.prompt!r}")


def _one_of(answers: list[str], shown: int = 4) -> str:
    """Whole answers as a refusal offers them: ``'a'``, or ``one of 'a', 'b'`` (the first few)."""
    quoted_all = [f"'{a}'" for a in answers[:shown]]
    more = ", ..." if len(answers) > shown else ""
    return quoted_all[0] if len(answers) == 1 else f"one of {', '.join(quoted_all)}{more}"
