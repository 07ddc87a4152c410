"""The game engine: state machine, decisions and actions, step stack, events, saves, replay.

The engine knows no ruleset. A ruleset supplies its steps, models and state through the
interfaces defined here.
"""

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision, PointSpec
from skirmish.engine.events import Event
from skirmish.engine.game import Game, Outcome
from skirmish.engine.model import Model
from skirmish.engine.record import Record
from skirmish.engine.registry import register_ruleset
from skirmish.engine.ruleset import Ruleset
from skirmish.engine.sides import Sides
from skirmish.engine.step import Step

__all__ = [
    "Action",
    "Decision",
    "Event",
    "Game",
    "Model",
    "Outcome",
    "PointSpec",
    "Record",
    "Ruleset",
    "Sides",
    "Step",
    "register_ruleset",
]
