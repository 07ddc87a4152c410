"""Any number of sides: an outcome places every side, an automaton side is never asked, and
batch runs and the command line take a player for each side.

The test-only ruleset here has three sides: two players take turns claiming tokens from a
heap, and after each turn the third side, an automaton, claims one by a die roll of its own.
The heap's tokens are worth 1 to 3 points; the most points place first, ties share a place.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from tests.command import Ran

from skirmish.contract import random_game
from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.events import Event
from skirmish.engine.game import Game, Outcome
from skirmish.engine.record import Record
from skirmish.engine.registry import register_ruleset
from skirmish.engine.ruleset import Ruleset
from skirmish.engine.step import Step
from skirmish.errors import SkirmishError
from skirmish.geometry.board import Board, load_board
from skirmish.players.factory import RULES, side_kinds, side_players
from skirmish.sim.runner import simulate

HEAP = "heap"
TOKENS = 9


@dataclass(slots=True, eq=False)
class HeapState(Record):
    tokens: int = TOKENS
    scores: tuple[int, ...] = (0, 0, 0)


def _state(game: Game) -> HeapState:
    state = game.state
    assert isinstance(state, HeapState)
    return state


def _claim(game: Game, side: int, worth: int) -> None:
    st = _state(game)
    st.tokens -= 1
    st.scores = tuple(s + (worth if i == side else 0) for i, s in enumerate(st.scores))
    game.emit("claim", HEAP, (), side=side, worth=worth)


def _placing(scores: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(1 + sum(1 for other in scores if other > mine) for mine in scores)


@dataclass(slots=True, eq=False)
class Turn(Step):
    rule = HEAP
    side: int = 0

    def run(self, game: Game, action: Action | None) -> Decision | list[Step]:
        st = _state(game)
        if st.tokens <= 0:
            game.end_placed(_placing(st.scores), "the heap is empty", HEAP)
            return []
        if action is None:
            options = tuple(Action("take", (str(n),)) for n in (1, 2, 3))
            return Decision(self.side, "take", "take a token worth 1, 2 or 3", options)
        _claim(game, self.side, int(action.args[0]))
        return [AutomatonTurn(), Turn(1 - self.side)]


@dataclass(slots=True, eq=False)
class AutomatonTurn(Step):
    """The third side claims by the rules: a D3 says what its token is worth."""

    rule = HEAP

    def run(self, game: Game, action: Action | None) -> Decision | list[Step]:
        if _state(game).tokens > 0:
            _claim(game, 2, game.roll("D3", "automaton claim", HEAP).value)
        return []


@register_ruleset
class HeapRuleset(Ruleset):
    id = "test-heap"
    title = "Heap (test)"
    sides = ("North", "South", "Rules")
    automata = frozenset({2})
    max_actions = 100

    def normalize_setup(self, options: dict[str, Any]) -> dict[str, Any]:
        return {}

    def board(self, setup: dict[str, Any]) -> Board:
        return load_board("open")

    def new_state(self, setup: dict[str, Any]) -> Record:
        return HeapState()

    def start(self, game: Game) -> None:
        game.begin([Turn(0)])

    def describe(self, game: Game, event: Event) -> str:
        return f"{event.kind} {event.data}"

    def where(self, game: Game) -> str:
        return f"{_state(game).tokens} tokens left"


def test_an_outcome_places_every_side() -> None:
    sole = Outcome((2, 1, 3), "r", "R")
    assert (sole.winner, sole.winners, sole.drawn) == (1, (1,), False)
    shared = Outcome((1, 1, 3), "r", "R")
    assert (shared.winner, shared.winners, shared.drawn) == (None, (0, 1), False)
    assert Outcome((1, 1, 1), "r", "R").drawn
    lone = Outcome((1,), "r", "R")
    assert (lone.winner, lone.drawn) == (0, False)


def test_a_placing_must_place_every_side_from_first() -> None:
    game = HeapRuleset().new_game({}, 1)
    with pytest.raises(SkirmishError, match=r"a placing gives each of the sides a place"):
        game.end_placed((1, 2), "short", HEAP)
    with pytest.raises(SkirmishError, match=r"a placing gives each of the sides a place"):
        game.end_placed((2, 2, 3), "nobody first", HEAP)
    assert game.result is None


def test_two_winners_one_side_end_places_the_rest_second() -> None:
    game = HeapRuleset().new_game({}, 1)
    game.end(1, "South wins", HEAP)
    assert game.result is not None and game.result.placing == (2, 1, 2)


@pytest.mark.parametrize("seed", range(30))
def test_three_sides_with_an_automaton_keep_the_contract(seed: int) -> None:
    game = random_game(HeapRuleset(), seed, deep=True)
    assert game.result is not None and len(game.result.placing) == 3
    assert {e.data["side"] for e in game.log if e.kind == "claim"} == {0, 1, 2}


def test_an_automaton_gets_no_player_and_a_player_no_automaton() -> None:
    ruleset = HeapRuleset()
    assert ruleset.player_sides == (0, 1)
    assert len(side_players(ruleset, ["ai", "random", RULES], 3)) == 3
    with pytest.raises(SkirmishError, match="side Rules cannot be played by 'ai'"):
        side_players(ruleset, ["ai", "random", "ai"], 3)
    with pytest.raises(SkirmishError, match="side North cannot be played by 'rules'"):
        side_players(ruleset, [RULES, "random", RULES], 3)
    with pytest.raises(SkirmishError, match="test-heap has 3 sides, not 1"):
        side_players(ruleset, ["ai"], 3)


def test_kinds_for_the_player_sides_leave_the_automata_to_the_rules() -> None:
    ruleset = HeapRuleset()
    assert side_kinds(ruleset, ["ai", "random"]) == ("ai", "random", RULES)
    assert side_kinds(ruleset, ["ai", "random", RULES]) == ("ai", "random", RULES)
    assert len(side_players(ruleset, ["ai", "random"], 3)) == 3


def test_simulate_reports_every_side_and_shared_wins() -> None:
    report = simulate("test-heap", 60, seed=5, players=("random", "random", RULES))
    counted = sum(report.wins(s) + report.shared_wins(s) for s in range(3)) + report.wins(None)
    assert report.games == 60 and report.sides == ("North", "South", "Rules")
    assert counted >= 60  # a win shared by two sides counts for each
    assert all(0.0 <= report.rate(s)[1] <= report.rate(s)[2] <= 1.0 for s in range(3))


def test_the_command_line_names_a_player_for_any_side(cli: Callable[..., Ran]) -> None:
    done = cli(
        "simulate", "test-heap", "--games", "4", "--side", "north=random", "--side", "South=random"
    )
    assert done.status == 0, done.err
    assert "North (random) against South (random) against Rules (rules)" in done.out
    for line in ("North win", "South win", "Rules win", "draws"):
        assert line in done.out
    refused = cli("simulate", "test-heap", "--side", "rules=ai")
    assert refused.status == 2 and "side Rules is played by the rules" in refused.err
    unknown = cli("play", "test-heap", "--side", "east=ai")
    assert unknown.status == 2 and "test-heap has no side 'east'; its sides are" in unknown.err
    malformed = cli("play", "test-heap", "--side", "north")
    assert malformed.status == 2 and "--side takes NAME=KIND" in malformed.err
