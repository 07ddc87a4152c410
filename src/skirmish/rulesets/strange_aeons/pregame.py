"""The scenario roll of the Pre-Game, played in the game (R:1521): each player rolls a D6 and
the sum is read on the Basic Scenario Table (R:1537-1548), rolled again until it gives a
scenario the game plays, as when it is rolled at set-up (:mod:`.rulebook`).

It is played here, with the game's dice and its players, when the Threshold list holds a
model with Cunning or Tactician, the Skills that act on it: Cunning re-rolls one die of the
Pre-Game, once a game (R:1065, :mod:`.cunning`), and Tactician moves the player's own scenario
die up or down by 1 (R:1153). Only the Threshold's list exists yet (R:1520-1524: the Lurker
list is built for the scenario that comes), so only its skills act. A re-roll is offered when a
new face could give another scenario; Tactician keeps the die a face of a D6 (1 to 6).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision
from skirmish.engine.step import Step
from skirmish.rulesets.strange_aeons import cunning
from skirmish.rulesets.strange_aeons.base import AeonsRuleset, catalog_of
from skirmish.rulesets.strange_aeons.scenarios.selection import LURKER_DIE, THRESHOLD_DIE

if TYPE_CHECKING:
    from skirmish.rulesets.strange_aeons.state import AeonsGame

RULE = "Pre-Game Sequence: Determine Scenario (R:1521)"
TACTICIAN_RULE = "Skills: Tactician (R:1153)"
REROLL = "scenario-cunning"
"""The decision of the Cunning player on its scenario die; answered ``cunning`` or
``keep-die`` as in the roll-offs."""
TACTICIAN = "tactician"
"""The decision and Action of Tactician: ``tactician -1``, ``tactician 0``, ``tactician 1``."""
SHIFTS = (-1, 0, 1)
THRESHOLD = 0
"""The side of the Threshold player, the one whose list exists when the scenario is rolled."""


@dataclass(slots=True, eq=False)
class ScenarioRoll(Step):
    """One throw of the scenario dice after another until a played scenario comes; then the
    game of that scenario (:meth:`.base.AeonsRuleset.scenario_came`)."""

    rule = RULE
    dice: tuple[int, int] = (0, 0)

    def run(self, game: AeonsGame, action: Action | None) -> Decision | list[Step]:
        if action is None:
            self.dice = _throw(game)
            asked = reroll_offer(game, self.dice)
            if asked is not None:
                return asked
        elif action.kind == cunning.REROLL:
            face = cunning.spend(game, THRESHOLD, self.dice[0], THRESHOLD_DIE)
            self.dice = (face, self.dice[1])
        elif action.kind == TACTICIAN:
            self._shift(game, int(action.args[0]))
            return self._read(game)
        asked = tactician_offer(game, self.dice[0])
        return asked if asked is not None else self._read(game)

    def _shift(self, game: AeonsGame, by: int) -> None:
        """Tactician's move of the Threshold die."""
        was, lurker = self.dice
        self.dice = (was + by, lurker)
        if by:
            game.emit("tactician", TACTICIAN_RULE, (), was=was, now=was + by)

    def _read(self, game: AeonsGame) -> Decision | list[Step]:
        """The throw read on the table: the scenario's game, or the dice again."""
        rules = _rules(game)
        scenario, result = rules.scenario_thrown(sum(self.dice))
        game.emit("scenario-throw", RULE, (), dice=list(self.dice), result=result)
        if scenario is not None:
            return rules.scenario_came(game, scenario)
        return self.run(game, None)


def _throw(game: AeonsGame) -> tuple[int, int]:
    """Each player's D6."""
    return (game.roll("D6", THRESHOLD_DIE, RULE).value, game.roll("D6", LURKER_DIE, RULE).value)


def _rules(game: AeonsGame) -> AeonsRuleset:
    rules = game.ruleset
    assert isinstance(rules, AeonsRuleset)
    return rules


def tacticians(game: AeonsGame) -> bool:
    """Whether the Threshold list holds a Tactician."""
    cat = catalog_of(game)
    return any(m.side == THRESHOLD and cat.profile(m.profile).has("tactician") for m in game.models)


def shifts(game: AeonsGame, die: int) -> tuple[int, ...]:
    """The moves Tactician may make of the die ``die``: none without a Tactician."""
    if not tacticians(game):
        return (0,)
    return tuple(s for s in SHIFTS if 1 <= die + s <= 6)


def thrown(game: AeonsGame, total: int) -> str | None:
    """The played scenario a throw of ``total`` gives, or ``None``: rolled again."""
    return _rules(game).scenario_thrown(total)[0]


def outcomes(game: AeonsGame, die: int, lurker: int) -> frozenset[str | None]:
    """The scenarios the Threshold die ``die`` may give with ``lurker``, Tactician's moves
    included (``None``: rolled again)."""
    return frozenset(thrown(game, die + s + lurker) for s in shifts(game, die))


def reroll_offer(game: AeonsGame, dice: tuple[int, int]) -> Decision | None:
    """The Cunning re-roll of the Threshold die, when unspent and a new face could give
    another scenario."""
    if not cunning.unspent(game, THRESHOLD):
        return None
    die, lurker = dice
    now = outcomes(game, die, lurker)
    if all(outcomes(game, face, lurker) == now for face in range(1, 7)):
        return None
    return cunning.ask(THRESHOLD, REROLL, f"your scenario die of {die}")


def tactician_offer(game: AeonsGame, die: int) -> Decision | None:
    """Tactician's choice, when the Threshold list holds one."""
    moves = shifts(game, die)
    if len(moves) == 1:
        return None
    options = tuple(Action(TACTICIAN, (str(s),)) for s in moves)
    prompt = f"move your scenario die of {die} up or down by 1 (Tactician), or keep it?"
    return Decision(THRESHOLD, TACTICIAN, prompt, options)
