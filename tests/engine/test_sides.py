"""Any number of sides, as a game's setup makes them: an outcome places every side, an
automaton side is never asked, copies keep the sides, and batch runs and the command line take
a player for each side of the setup. Played on the test-only ruleset of
:mod:`tests.engine.heap`, whose setup seats 2 to 4 sides, the last one an automaton.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest
from tests.command import Ran
from tests.engine.heap import HEAP, HeapRuleset

from skirmish.contract import random_game
from skirmish.engine.game import Outcome
from skirmish.engine.restore import replay, restore
from skirmish.engine.sides import Sides
from skirmish.errors import SkirmishError
from skirmish.players.factory import RULES, side_kinds, side_players
from skirmish.sim.runner import GameResult, SimReport, simulate

NAMES = {
    2: ("North", "Rules"),
    3: ("North", "South", "Rules"),
    4: ("North", "South", "East", "Rules"),
}
"""The sides of a heap game by the ``sides`` option of its setup."""


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


def test_a_placing_counts_the_sides_of_the_setup_not_the_class() -> None:
    game = HeapRuleset().new_game({"sides": 4}, 1)
    with pytest.raises(SkirmishError, match=r"a placing gives each of the sides a place"):
        game.end_placed((1, 2, 3), "the class's three sides", HEAP)
    game.end(2, "East wins", HEAP)
    assert game.result is not None and game.result.placing == (2, 2, 1, 2)


def test_two_winners_one_side_end_places_the_rest_second() -> None:
    game = HeapRuleset().new_game({}, 1)
    game.end(1, "South wins", HEAP)
    assert game.result is not None and game.result.placing == (2, 1, 2)


@pytest.mark.parametrize("seed", range(30))
def test_three_sides_with_an_automaton_keep_the_contract(seed: int) -> None:
    game = random_game(HeapRuleset(), seed, deep=True)
    assert game.result is not None and len(game.result.placing) == 3
    assert {e.data["side"] for e in game.log if e.kind == "claim"} == {0, 1, 2}


@pytest.mark.parametrize("count", [2, 3, 4])
@pytest.mark.parametrize("seed", range(4))
def test_a_game_of_the_sides_its_setup_seats_plays_to_a_place_for_each(
    count: int, seed: int
) -> None:
    game = random_game(HeapRuleset(), seed, {"sides": count}, deep=True)
    assert game.sides == Sides(NAMES[count], frozenset({count - 1}))
    assert game.result is not None and len(game.result.placing) == count
    assert {e.data["side"] for e in game.log if e.kind == "claim"} == set(range(count))


def test_a_setup_seats_two_to_four_sides() -> None:
    for wrong in (1, 5, "many", True):
        with pytest.raises(SkirmishError, match=r"^sides: a heap is played by 2 to 4 sides"):
            HeapRuleset().new_game({"sides": wrong})


def test_clones_views_saves_and_replays_keep_the_sides_of_the_setup() -> None:
    game = HeapRuleset().new_game({"sides": 4}, 2)
    for _ in range(5):
        assert game.decision is not None
        game.apply(game.decision.options[-1])
    restored = restore(json.loads(game.dumps()))
    copies = (
        game.clone(),
        game.view(2),
        game.determinize(1, random.Random(3)),
        restored,
        replay(json.loads(json.dumps(game.record()))),
    )
    assert [c.sides.names for c in copies] == [NAMES[4]] * len(copies)
    assert all(c.sides == game.sides for c in copies)
    while restored.decision is not None:
        restored.apply(restored.decision.options[0])
    assert restored.result is not None and len(restored.result.placing) == 4


def test_a_side_is_found_by_its_name_in_any_case() -> None:
    sides = HeapRuleset().sides_of({"sides": 4})
    assert (sides.find("EAST"), sides.index("rules"), sides.find("west")) == (2, 3, None)
    with pytest.raises(
        SkirmishError, match=r"^this game has no side 'west'; its sides are North, South, East"
    ):
        sides.index("west")


def test_sides_have_distinct_names_and_automata_among_them() -> None:
    with pytest.raises(SkirmishError, match="one or more sides of distinct names"):
        Sides(())
    with pytest.raises(SkirmishError, match="one or more sides of distinct names"):
        Sides(("North", "north"))
    with pytest.raises(SkirmishError, match=r"automata \[2\] are not all sides"):
        Sides(("North", "South"), frozenset({2}))


def test_an_automaton_gets_no_player_and_a_player_no_automaton() -> None:
    sides = HeapRuleset().sides_of({"sides": 3})
    assert sides.players == (0, 1)
    assert len(side_players(sides, ["ai", "random", RULES], 3)) == 3
    with pytest.raises(SkirmishError, match="side Rules cannot be played by 'ai'"):
        side_players(sides, ["ai", "random", "ai"], 3)
    with pytest.raises(SkirmishError, match="side North cannot be played by 'rules'"):
        side_players(sides, [RULES, "random", RULES], 3)
    with pytest.raises(SkirmishError, match=r"the game has 3 sides \(North, South, Rules\), not 1"):
        side_players(sides, ["ai"], 3)


def test_kinds_for_the_player_sides_leave_the_automata_to_the_rules() -> None:
    sides = HeapRuleset().sides_of({"sides": 3})
    assert side_kinds(sides, ["ai", "random"]) == ("ai", "random", RULES)
    assert side_kinds(sides, ["ai", "random", RULES]) == ("ai", "random", RULES)
    assert len(side_players(sides, ["ai", "random"], 3)) == 3


def test_players_are_given_for_the_sides_the_setup_seats() -> None:
    four, two = (HeapRuleset().sides_of({"sides": n}) for n in (4, 2))
    assert side_kinds(four, ["ai", "random", "ai"]) == ("ai", "random", "ai", RULES)
    assert len(side_players(four, ["ai", "random", "ai"], 3)) == 4
    assert side_kinds(two, ["random"]) == ("random", RULES)
    with pytest.raises(SkirmishError, match=r"the game has 4 sides \(North, South, East, Rules\)"):
        side_players(four, ["ai", "random"], 3)
    with pytest.raises(SkirmishError, match="side Rules cannot be played by 'random'"):
        side_players(two, ["ai", "random"], 3)


def test_simulate_reports_every_side_and_shared_wins() -> None:
    report = simulate("test-heap", 60, seed=5, players=("random", "random", RULES))
    counted = sum(report.wins(s) + report.shared_wins(s) for s in range(3)) + report.wins(None)
    assert report.games == 60 and report.sides == ("North", "South", "Rules")
    assert counted >= 60  # a win shared by two sides counts for each
    assert all(0.0 <= report.rate(s)[1] <= report.rate(s)[2] <= 1.0 for s in range(3))


@pytest.mark.parametrize("count", [2, 3, 4])
def test_simulate_reports_every_side_the_setup_seats(count: int) -> None:
    players = ("random",) * (count - 1)
    report = simulate("test-heap", 20, seed=5, players=players, setup={"sides": count})
    assert report.sides == NAMES[count] and report.players == (*players, RULES)
    assert all(len(r.placing) == count for r in report.results)
    placed_first = sum(report.wins(s) + report.shared_wins(s) for s in range(count))
    assert placed_first + report.wins(None) >= 20


def test_simulate_refuses_a_setup_or_players_the_setup_does_not_fit() -> None:
    with pytest.raises(SkirmishError, match="sides: a heap is played by 2 to 4 sides, not 5"):
        simulate("test-heap", 2, setup={"sides": 5})
    with pytest.raises(SkirmishError, match="side Rules cannot be played by 'ai'"):
        simulate("test-heap", 2, players=("ai", "ai"), setup={"sides": 2})


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
    assert unknown.status == 2 and "this game has no side 'east'; its sides are" in unknown.err
    malformed = cli("play", "test-heap", "--side", "north")
    assert malformed.status == 2 and "--side takes NAME=KIND" in malformed.err


def test_the_command_line_takes_the_side_names_of_its_setup(cli: Callable[..., Ran]) -> None:
    three = cli("play", "test-heap", "-o", "sides=3", "--side", "south=random")
    assert three.status == 0, three.err
    assert "North (ai) against South (random) against Rules (rules)" in three.out
    assert "; places: North " in three.out
    four = cli("play", "test-heap", "-o", "sides=4", "--side", "east=random", "--seed", "2")
    assert four.status == 0, four.err
    assert "North (ai) against South (ai) against East (random) against Rules (rules)" in four.out


@pytest.mark.parametrize(
    ("setup", "side", "names"),
    [("sides=3", "east", "North, South, Rules"), ("sides=2", "south", "North, Rules")],
)
def test_the_command_line_refuses_a_side_the_setup_does_not_seat_in_one_line(
    cli: Callable[..., Ran], setup: str, side: str, names: str
) -> None:
    refused = cli("play", "test-heap", "-o", setup, "--side", f"{side}=random")
    assert refused.status == 2 and refused.out == ""
    assert refused.err == f"error: this game has no side '{side}'; its sides are {names}\n"


def test_the_command_line_simulates_every_side_of_its_setup(cli: Callable[..., Ran]) -> None:
    done = cli("simulate", "test-heap", "--games", "6", "-o", "sides=4", "--side", "east=random")
    assert done.status == 0, done.err
    assert "North (ai) against South (ai) against East (random) against Rules (rules)" in done.out
    for line in ("North win", "South win", "East win", "Rules win", "draws"):
        assert line in done.out


def test_simulate_counts_games_a_safeguard_stopped_apart_from_draws(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A game left unfinished when its decisions run out was stopped by the engine's
    safeguard: no draw, no win, shared or not."""
    monkeypatch.setattr(HeapRuleset, "max_actions", 2)
    report = simulate("test-heap", 5, seed=5, players=("random", "random"))
    assert all(r.placing == () and r.reason == "unfinished" for r in report.results)
    assert (report.stops(), report.wins(None)) == (5, 0)
    assert all(report.wins(s) == report.shared_wins(s) == 0 for s in range(3))
    assert report.stop_rate()[0] == 1.0


def test_each_game_of_a_report_counts_once_a_stopped_one_apart() -> None:
    sides = ("North", "South", "Rules")
    report = SimReport("test-heap", ("random", "random", RULES), sides)
    report.results = [
        GameResult(1, (1, 2, 3), 1, 1, "won", False),
        GameResult(2, (1, 1, 2), 1, 1, "shared", False),
        GameResult(3, (1, 1, 1), 1, 1, "drawn", False),
        GameResult(4, (1, 1, 1), 1, 1, "a safeguard", True),
        GameResult(5, (1, 2, 2), 1, 1, "a safeguard with places", True),
        GameResult(6, (), 1, 1, "unfinished", True),
    ]
    assert [report.wins(s) for s in range(3)] == [1, 0, 0]
    assert [report.shared_wins(s) for s in range(3)] == [1, 1, 0]
    assert (report.wins(None), report.stops()) == (1, 3)
    assert report.stop_rate()[0] == 0.5
