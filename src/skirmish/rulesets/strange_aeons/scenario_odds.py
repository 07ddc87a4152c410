"""The heuristic player's choices in the scenario roll of the Pre-Game (:mod:`.pregame`): it
moves its die (Tactician, R:1153) or re-rolls it (Cunning, R:1065) toward the scenario it
does best in, by its own measured wins per scenario and side (``data/scenario_odds.toml``).

A throw that gives no played scenario is rolled again, so it is worth what a fresh throw is
worth: the played scenarios' rates weighed by their chances on 2D6. A re-roll is worth the
mean, over the six faces, of the best the die then allows; it is taken only when that beats
the die kept, so a re-roll that cannot help is never spent.
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from typing import TYPE_CHECKING

from skirmish.data_files import read_data
from skirmish.rulesets.strange_aeons import cunning, pregame
from skirmish.rulesets.strange_aeons.rules_data.records import Record

if TYPE_CHECKING:
    from skirmish.engine.action import Action
    from skirmish.rulesets.strange_aeons.state import AeonsGame

FACES = range(1, 7)


class SideWins(Record):
    """Wins of each side, of the table's games."""

    threshold: int
    lurkers: int


class ScenarioOdds(Record):
    """The measured wins per scenario and side, of ``games`` games each."""

    games: int
    wins: dict[str, SideWins]


@cache
def load_odds() -> ScenarioOdds:
    """The heuristic's measured wins, from the package's data."""
    return read_data(files(__package__) / "data", "scenario_odds.toml", ScenarioOdds)


def worth(game: AeonsGame, scenario: str | None) -> float:
    """How well the Threshold heuristic does in ``scenario``; a throw rolled again is worth
    a fresh throw."""
    if scenario is None:
        return _fresh(game)
    odds = load_odds()
    return odds.wins[scenario].threshold / odds.games


def _fresh(game: AeonsGame) -> float:
    """What a throw of the two dice is worth, the throws rolled again left out."""
    thrown = [pregame.thrown(game, a + b) for a in FACES for b in FACES]
    played = [s for s in thrown if s is not None]
    return sum(worth(game, s) for s in played) / len(played)


def _best(game: AeonsGame, die: int, lurker: int) -> float:
    """The most the die ``die`` gives with ``lurker``, Tactician's moves included."""
    return max(worth(game, s) for s in pregame.outcomes(game, die, lurker))


def _dice(game: AeonsGame) -> tuple[int, int]:
    """The throw the pending decision is on."""
    step = game.stack[-1]
    assert isinstance(step, pregame.ScenarioRoll)
    return step.dice


def reroll_scores(game: AeonsGame, candidates: list[Action]) -> list[float]:
    """Re-roll where the faces to come are worth more, on average, than the die kept."""
    die, lurker = _dice(game)
    kept = _best(game, die, lurker)
    again = sum(_best(game, face, lurker) for face in FACES) / len(FACES)
    take = again > kept
    return [1.0 if (a.kind == cunning.REROLL) == take else 0.0 for a in candidates]


def shift_scores(game: AeonsGame, candidates: list[Action]) -> list[float]:
    """Each move of Tactician by the scenario it gives."""
    die, lurker = _dice(game)
    return [worth(game, pregame.thrown(game, die + int(a.args[0]) + lurker)) for a in candidates]
