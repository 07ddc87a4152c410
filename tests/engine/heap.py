"""A test-only ruleset whose setup says how many sides play (``sides``, 2 to 4, default 3):
the players take turns claiming tokens from a heap, and after each turn the last side, an
automaton named Rules, claims one by a die roll of its own. The heap's tokens are worth 1 to
3 points; the most points place first, ties share a place.

Importing this module registers the ruleset as ``test-heap``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.events import Event
from skirmish.engine.game import Game
from skirmish.engine.model import Model
from skirmish.engine.record import Record
from skirmish.engine.registry import register_ruleset
from skirmish.engine.ruleset import Ruleset
from skirmish.engine.step import Step
from skirmish.errors import SkirmishError
from skirmish.geometry.board import Board, load_board

HEAP = "heap"
TOKENS = 9
PLAYERS = ("North", "South", "East")
"""The names of the player sides, as many as the setup seats, before the Rules side."""
AUTOMATON = "Rules"


@dataclass(slots=True, eq=False)
class HeapState(Record):
    tokens: int = TOKENS
    scores: tuple[int, ...] = (0, 0, 0)


HeapGame = Game[Model, HeapState]


def _claim(game: HeapGame, side: int, worth: int) -> None:
    st = game.state
    st.tokens -= 1
    st.scores = tuple(s + (worth if i == side else 0) for i, s in enumerate(st.scores))
    game.emit("claim", HEAP, (), side=side, worth=worth)


def _placing(scores: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(1 + sum(1 for other in scores if other > mine) for mine in scores)


@dataclass(slots=True, eq=False)
class Turn(Step):
    """A player side claims a token worth what it chooses; the players take turns in order."""

    rule = HEAP
    side: int = 0

    def run(self, game: HeapGame, action: Action | None) -> Decision | list[Step]:
        st = game.state
        if st.tokens <= 0:
            game.end_placed(_placing(st.scores), "the heap is empty", HEAP)
            return []
        if action is None:
            options = tuple(Action("take", (str(n),)) for n in (1, 2, 3))
            return Decision(self.side, "take", "take a token worth 1, 2 or 3", options)
        _claim(game, self.side, int(action.args[0]))
        return [AutomatonTurn(), Turn((self.side + 1) % len(game.sides.players))]


@dataclass(slots=True, eq=False)
class AutomatonTurn(Step):
    """The Rules side claims by the rules: a D3 says what its token is worth."""

    rule = HEAP

    def run(self, game: HeapGame, action: Action | None) -> Decision | list[Step]:
        if game.state.tokens > 0:
            (rules,) = game.sides.automata
            _claim(game, rules, game.roll("D3", "automaton claim", HEAP).value)
        return []


@register_ruleset
class HeapRuleset(Ruleset[Model, HeapState]):
    id = "test-heap"
    title = "Heap (test)"
    sides = (*PLAYERS[:2], AUTOMATON)
    automata = frozenset({2})
    max_actions = 100
    setup_keys = ("sides",)

    def normalize_setup(self, options: dict[str, Any]) -> dict[str, Any]:
        count = options.get("sides", len(self.sides))
        if type(count) is not int or not 2 <= count <= len(PLAYERS) + 1:
            raise SkirmishError(f"sides: a heap is played by 2 to 4 sides, not {count!r}")
        return {"sides": count}

    def side_names(self, setup: dict[str, Any]) -> tuple[str, ...]:
        return (*PLAYERS[: setup["sides"] - 1], AUTOMATON)

    def side_automata(self, setup: dict[str, Any]) -> frozenset[int]:
        return frozenset({setup["sides"] - 1})

    def board(self, setup: dict[str, Any]) -> Board:
        return load_board("open")

    def new_state(self, setup: dict[str, Any]) -> HeapState:
        return HeapState(scores=(0,) * setup["sides"])

    def start(self, game: HeapGame) -> None:
        game.begin([Turn(0)])

    def describe(self, game: HeapGame, event: Event) -> str:
        return f"{event.kind} {event.data}"

    def where(self, game: HeapGame) -> str:
        return f"{game.state.tokens} tokens left"
