"""Rulesets as the engine sees them: metadata, setup, hooks, and a registry by id and alias.

A ruleset is immutable: loaded data, options and metadata. ``new_game`` makes a mutable
:class:`~skirmish.engine.game.Game`. The engine calls the hooks; a ruleset writes only rules.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any, ClassVar

from skirmish.errors import UnknownRulesetError

if TYPE_CHECKING:
    from skirmish.dice import DiceSource
    from skirmish.engine.action import Action
    from skirmish.engine.decision import PointSpec
    from skirmish.engine.events import Event
    from skirmish.engine.game import Game
    from skirmish.engine.model import Model
    from skirmish.engine.record import Record
    from skirmish.geometry.board import Board
    from skirmish.geometry.shapes import Point


@dataclass(frozen=True, slots=True)
class Marker:
    """A token on the table that is not a model (loot, a dropped weapon, an objective), as a
    drawing shows it: where it lies, a short label (``"L2"``) and its ruleset-named kind."""

    point: Point
    label: str
    kind: str


@dataclass(frozen=True, slots=True)
class ModelStatus:
    """How a model stands, as a table display shows it: its wounds or health as text
    (``"1/2 Wounds"``), whether it is hurt, and its conditions by the ruleset's names
    (``("Face Down",)``)."""

    health: str
    hurt: bool
    conditions: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SightReport:
    """What a viewer sees of a target, in the ruleset's terms: whether it is in sight and
    the cover it has, as the ruleset phrases it (``"light cover"``; ``""`` for none)."""

    visible: bool
    cover: str = ""


ENTRY_POINT_GROUP = "skirmish.ruleset"
"""Where installed packages declare what they add, one ``id = "module:Class"`` each."""

_RULESETS: dict[str, type[Ruleset]] = {}
_ALIASES: dict[str, str] = {}
_INSTANCES: dict[str, Ruleset] = {}


class Ruleset(ABC):
    """A game's rules: what it is, how a game starts, and the hooks the engine calls.

    Class metadata declares its nature and bounds, checked by the contract tests:
    ``sides`` names the sides (one or more); ``automata`` are those the rules themselves
    drive (no player ever decides for them); ``max_actions`` bounds the decisions of one game;
    ``setup_keys`` names the setup options ``normalize_setup`` accepts.
    """

    id: ClassVar[str]
    title: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    sides: ClassVar[tuple[str, ...]]
    automata: ClassVar[frozenset[int]] = frozenset()
    max_actions: ClassVar[int]
    setup_keys: ClassVar[tuple[str, ...]] = ("board",)

    @property
    def player_sides(self) -> tuple[int, ...]:
        """The sides a player decides for: every side but the automata."""
        return tuple(s for s in range(len(self.sides)) if s not in self.automata)

    def new_game(
        self, setup: dict[str, Any] | None = None, seed: int = 0, dice: DiceSource | None = None
    ) -> Game:
        """A new game from setup options and a seed, run to its first decision.

        Raises:
            SkirmishError: the setup options are invalid.
        """
        from skirmish.engine.game import Game

        game = Game(self, self.normalize_setup(setup or {}), seed, dice)
        self.start(game)
        return game

    @abstractmethod
    def normalize_setup(self, options: dict[str, Any]) -> dict[str, Any]:
        """Validate setup options and fill defaults; the result is JSON-ready and complete."""

    @abstractmethod
    def board(self, setup: dict[str, Any]) -> Board:
        """The board a normalized setup plays on."""

    @abstractmethod
    def new_state(self, setup: dict[str, Any]) -> Record:
        """The ruleset's own slice of game state, fresh."""

    @abstractmethod
    def start(self, game: Game) -> None:
        """Place models and push the opening steps (``game.begin``)."""

    @abstractmethod
    def describe(self, game: Game, event: Event) -> str:
        """An event as a sentence of the log."""

    @abstractmethod
    def where(self, game: Game) -> str:
        """Where the game stands, for error messages (``"round 2, Lurker turn"``)."""

    def invariant_errors(self, game: Game) -> list[str]:
        """Broken invariants of ``game`` (the contract tests call this after every action)."""
        return []

    def sample_point(
        self, game: Game, spec: PointSpec, uniform: Callable[[], float]
    ) -> Point | None:
        """A random valid point for ``spec`` (the random player's choice), or ``None``."""
        return None

    def candidate_points(self, game: Game, spec: PointSpec) -> list[Point]:
        """A finite set of sensible valid points for ``spec``, for AIs to rank."""
        return []

    def markers(self, game: Game) -> tuple[Marker, ...]:
        """The tokens on the table that are not models, for drawing (default: none)."""
        return ()

    def model_status(self, game: Game, model: Model) -> ModelStatus:
        """How ``model`` stands, for status lines and drawings (default: nothing to show)."""
        return ModelStatus("", False)

    def sight_report(self, game: Game, viewer: Model, target: Model) -> SightReport:
        """Line of sight and cover from ``viewer`` to ``target`` as the rules grade them
        (default: always in sight, no cover)."""
        return SightReport(True)

    def game_length(self, game: Game) -> int:
        """How long the game ran, in the ruleset's rounds (default: its actions)."""
        return len(game.actions)

    def score_actions(self, game: Game, candidates: list[Action]) -> list[float]:
        """How good each candidate answer to the decision is, for the heuristic player."""
        return [0.0] * len(candidates)


def register_ruleset(cls: type[Ruleset]) -> type[Ruleset]:
    """Class decorator: make a ruleset findable by its id and aliases."""
    _RULESETS[cls.id] = cls
    for name in (cls.id, *cls.aliases):
        _ALIASES[name.lower()] = cls.id
    return cls


def discover() -> None:
    """Register every ruleset that an installed package declares in the entry-point group
    ``skirmish.ruleset`` (skirmish's own among them, in its ``pyproject.toml``).

    Raises:
        UnknownRulesetError: an entry point names something that is not a ruleset class.
    """
    for entry in entry_points(group=ENTRY_POINT_GROUP):
        found = entry.load()
        if not (isinstance(found, type) and issubclass(found, Ruleset)):
            raise UnknownRulesetError(f"entry point {entry.name!r} is not a Ruleset class")
        if found.id not in _RULESETS:
            register_ruleset(found)


def find_registered(name: str) -> Ruleset:
    """The shared instance of a registered ruleset, by id or alias.

    Raises:
        UnknownRulesetError: no ruleset has that name.
    """
    rid = _ALIASES.get(str(name).lower())
    if rid is None:
        discover()
        rid = _ALIASES.get(str(name).lower())
    if rid is None:
        known = ", ".join(sorted(_RULESETS))
        raise UnknownRulesetError(f"unknown ruleset {name!r}; known: {known}")
    if rid not in _INSTANCES:
        _INSTANCES[rid] = _RULESETS[rid]()
    return _INSTANCES[rid]


def registered_ids() -> list[str]:
    """Ids of every ruleset registered or declared by an installed package."""
    discover()
    return sorted(_RULESETS)
