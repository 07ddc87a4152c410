"""Rulesets as the engine sees them: metadata, setup and the hooks the engine calls.

A ruleset is immutable: loaded data, options and metadata. ``new_game`` makes a mutable
:class:`~skirmish.engine.game.Game`. The engine calls the hooks; a ruleset writes only rules.
"""

from __future__ import annotations

import json
import math
import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic

from skirmish.engine.game import Game, M, S, View
from skirmish.engine.sides import Sides
from skirmish.errors import SkirmishError
from skirmish.geometry.shapes import CONTACT, edge_distance

if TYPE_CHECKING:
    from skirmish.dice import DiceSource
    from skirmish.engine.action import Action
    from skirmish.engine.decision import Decision, PointSpec
    from skirmish.engine.events import Event
    from skirmish.geometry.board import Board
    from skirmish.geometry.shapes import Point


def setup_value(key: str, text: str) -> Any:
    """A setup option's value as a person types it: a number, list or table written as JSON;
    any other text is a string.

    Raises:
        SkirmishError: a number too long to read, or lists or tables nested too deeply.
    """
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text
    except ValueError:  # an integer of thousands of digits
        raise SkirmishError(f"setup option {key}: the number is too long") from None
    except RecursionError:
        raise SkirmishError(f"setup option {key}: lists or tables nested too deeply") from None


def list_items(key: str, text: str) -> list[Any]:
    """The items of list option ``key`` written as text: a JSON list's (``["a", "b"]``), else
    the text's parts between its commas, spaces trimmed (``a, b``). Every door reads a list
    this one way, so a file named in a list is found as the setup will read it.

    A text that opens with ``[`` but is no JSON is split at its commas too: a file may be
    named so (``[draft].toml``). A broken JSON list (``["a",``) is then refused by the setup
    naming its part that is no name or file (``["a"``), in one line.

    Raises:
        SkirmishError: a JSON list nested too deeply (:func:`setup_value`).
    """
    if text.lstrip().startswith("["):
        value = setup_value(key, text)
        if isinstance(value, list):
            return value
    return [part.strip() for part in text.split(",")]


@dataclass(frozen=True, slots=True)
class Marker:
    """A token on the table that is not a model (loot, a dropped weapon, an objective), as a
    drawing shows it: where it lies, a short label (``"L2"``) and its ruleset-named kind."""

    point: Point
    label: str
    kind: str


@dataclass(frozen=True, slots=True)
class Area:
    """A stretch of the table a drawing shades (a deployment zone): its outline, a short
    label (``"north"``) and its ruleset-named kind."""

    polygon: tuple[Point, ...]
    label: str
    kind: str


@dataclass(frozen=True, slots=True)
class TableTemplate:
    """A template lying on the table for a while (a fire, a cloud of smoke or mist), as a
    drawing shows it: its id (``"F1"``), its ruleset-named kind (``"Fire Template"``), the
    disc it covers (``centre``, ``radius``) and a note for its hover title (``"lifts in
    round 3"``)."""

    id: str
    kind: str
    centre: Point
    radius: float
    about: str = ""


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


class Ruleset(ABC, Generic[M, S]):
    """A game's rules: what it is, how a game starts, and the hooks the engine calls;
    generic in its model type ``M`` and state type ``S``.

    Class metadata declares its nature and bounds, checked by the contract tests:
    ``sides`` names the sides (one or more) and ``automata`` are those the rules themselves
    drive (no player ever decides for them), in every game unless the setup chooses them
    (:meth:`side_names`, :meth:`side_automata`); ``max_actions`` bounds the decisions of one game;
    ``safeguards`` names the rules a game may end under that are the program's own, not the
    rulebook's (a limit that stops a game which would never end): such an ending is no outcome
    of the rules, and a simulation counts it apart from the rules' draws;
    ``setup_keys`` names the setup options ``normalize_setup`` accepts;
    ``hidden_information`` says whether a player may be kept from knowing something (cards
    in hands, sealed bids, the ruleset's own secrets): without it, a player's view is the
    whole game, shared, and hiding anything is an error. A ruleset may keep secrets in some
    of its games only (:meth:`keeps_secrets`). ``has_table`` is false for a game played on no
    table (a campaign's post-game sequence): its :meth:`board` is only a placeholder, and
    nothing draws it.
    """

    id: ClassVar[str]
    title: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    sides: ClassVar[tuple[str, ...]]
    automata: ClassVar[frozenset[int]] = frozenset()
    max_actions: ClassVar[int]
    safeguards: ClassVar[frozenset[str]] = frozenset()
    setup_keys: ClassVar[tuple[str, ...]] = ("board",)
    hidden_information: ClassVar[bool] = False
    has_table: ClassVar[bool] = True

    def side_names(self, setup: dict[str, Any]) -> tuple[str, ...]:
        """The names of the sides of a game of ``setup`` (normalized), in side order (default:
        the class's ``sides``); a ruleset whose setup chooses how many sides play names them
        here."""
        return self.sides

    def side_automata(self, setup: dict[str, Any]) -> frozenset[int]:
        """The sides of a game of ``setup`` (normalized) that the rules drive (default: the
        class's ``automata``)."""
        return self.automata

    def taking_part(self, setup: dict[str, Any]) -> tuple[int, ...]:
        """The sides that take part in a game of ``setup`` (normalized), the ones a game's
        header and places name (default: every side). A side the ruleset always seats but the
        setup leaves with nothing to play (no hostiles, no second squad) stays a side of the
        game, its seat and save unchanged: it is only not named."""
        return tuple(range(len(self.side_names(setup))))

    def sides_of(self, setup: dict[str, Any]) -> Sides:
        """The sides of a game of ``setup`` (normalized), as a game carries them.

        Raises:
            SkirmishError: the ruleset names no side, one name twice, or an automaton that
                is no side.
        """
        return Sides(self.side_names(setup), self.side_automata(setup))

    def default_sides(self) -> Sides:
        """The sides of a game of the default setup, for a front door that lists them before
        any game exists (a new-game form)."""
        return self.sides_of(self.normalize_setup({}))

    def new_game(
        self, setup: dict[str, Any] | None = None, seed: int = 0, dice: DiceSource | None = None
    ) -> Game[M, S]:
        """A new game from setup options and a seed, run to its first decision.

        Raises:
            SkirmishError: the setup options are invalid.
        """
        game = Game(self, self.normalize_setup(setup or {}), seed, dice)
        self.start(game)
        return game

    @abstractmethod
    def normalize_setup(self, options: dict[str, Any]) -> dict[str, Any]:
        """Validate setup options and fill defaults; the result is JSON-ready and complete."""

    @abstractmethod
    def board(self, setup: dict[str, Any]) -> Board:
        """The board a normalized setup plays on."""

    def catalog_for(self, setup: dict[str, Any]) -> object:
        """The data a game of ``setup`` plays with, built once when the game is (a clone
        shares it, a restored game builds it again from its setup): ``None`` for a ruleset
        whose rules read no per-game data."""
        return None

    @abstractmethod
    def new_state(self, setup: dict[str, Any]) -> S:
        """The ruleset's own slice of game state, fresh."""

    @abstractmethod
    def start(self, game: Game[M, S]) -> None:
        """Place models and push the opening steps (``game.begin``)."""

    @abstractmethod
    def describe(self, game: Game[M, S], event: Event) -> str:
        """An event as a sentence of the log."""

    @abstractmethod
    def where(self, game: Game[M, S]) -> str:
        """Where the game stands, for error messages (``"round 2, Lurker turn"``)."""

    def invariant_errors(self, game: Game[M, S]) -> list[str]:
        """Broken invariants of ``game`` (the contract tests call this after every action)."""
        return []

    def sample_point(
        self, game: Game[M, S], spec: PointSpec, uniform: Callable[[], float]
    ) -> Point | None:
        """A random valid point for ``spec`` (the random player's choice), or ``None``."""
        return None

    def candidate_points(self, game: Game[M, S], spec: PointSpec) -> list[Point]:
        """A finite set of sensible valid points for ``spec``, for AIs to rank."""
        return []

    def rough_points(self, game: Game[M, S], spec: PointSpec) -> list[Point]:
        """The candidate points before the rules have judged them, where judging costs more
        than weighing: an AI weighs them all and asks :meth:`Game.point_error` only about the
        best. Taken in order, the legal ones are :meth:`candidate_points` (the default)."""
        return self.candidate_points(game, spec)

    def markers(self, game: Game[M, S]) -> tuple[Marker, ...]:
        """The tokens on the table that are not models, for drawing (default: none)."""
        return ()

    def areas(self, game: Game[M, S]) -> tuple[Area, ...]:
        """The stretches of the table worth shading now (deployment zones while they are
        chosen and filled), for drawing (default: none)."""
        return ()

    def pile_title(self, game: Game[M, S], name: str) -> str:
        """A pile of cards as a player reads its name, in the log's card lines
        (:meth:`~skirmish.engine.piles.CardTable.card_text`) and on screen (default: its name
        on the table)."""
        return name

    def templates(self, game: Game[M, S]) -> tuple[TableTemplate, ...]:
        """The templates lying on the table, for drawing (default: none)."""
        return ()

    def model_status(self, game: Game[M, S], model: M) -> ModelStatus:
        """How ``model`` stands, for status lines and drawings (default: nothing to show)."""
        return ModelStatus("", False)

    def sight_report(self, game: Game[M, S], viewer: M, target: M) -> SightReport:
        """Line of sight and cover from ``viewer`` to ``target`` as the rules grade them
        (default: always in sight, no cover)."""
        return SightReport(True)

    def engaged(self, game: Game[M, S], model: M) -> tuple[str, ...]:
        """The ids of the enemies ``model`` is engaged with, for drawings (default: those in
        base contact on the same surface)."""
        return tuple(
            e.id
            for e in game.models
            if e.side != model.side
            and e.on_table
            and e.level == model.level
            and edge_distance(model.pos, model.radius, e.pos, e.radius) <= CONTACT
        )

    def setup_choices(self) -> dict[str, tuple[str, ...]]:
        """The named values a setup option takes (sample squads, missions, shipped boards),
        by option, for a front door to offer (default: none; any option still takes a value
        ``normalize_setup`` accepts)."""
        return {}

    def setup_lists(self) -> dict[str, int]:
        """The setup options that take a list of named choices, one per seat in order (the
        clubs of a game), each with the most it may hold, for a front door to offer a choice
        per place (default: none)."""
        return {}

    def model_card(self, game: Game[M, S], model: M) -> tuple[tuple[str, str], ...]:
        """The model's profile and equipment as (heading, text) rows, for a model card
        (default: its name and state)."""
        shown = self.model_status(game, model)
        rows = [("Name", model.name), ("Side", game.sides.names[model.side])]
        if shown.health:
            rows.append(("Health", shown.health))
        if shown.conditions:
            rows.append(("Conditions", ", ".join(shown.conditions)))
        return tuple(rows)

    def prompt_commands(self) -> dict[str, Callable[[Game[M, S]], str]]:
        """The commands of a human's prompt at the terminal (``help``, ``status``, ``map``)
        that this ruleset answers its own way, by name, each given the view of the side that
        decides (default: none; the terminal's own are for a game on a table)."""
        return {}

    def action_odds(self, game: Game[M, S], action: Action) -> str:
        """The exact odds of what an option of the decision would do, as one line
        (``"hits 58%, takes out 21%"``), where the rules give odds; ``""`` otherwise."""
        return ""

    def game_length(self, game: Game[M, S]) -> int:
        """How long the game ran, in the ruleset's rounds (default: its actions)."""
        return len(game.actions)

    def keeps_secrets(self, game: Game[M, S]) -> bool:
        """Whether ``game`` may keep anything from a player (default: every game of a ruleset
        that declares ``hidden_information``); where it does not, every view is the whole
        game, shared, and hiding anything is an error."""
        return self.hidden_information

    def hides_options(self, game: Game[M, S], decision: Decision) -> bool:
        """Whether, in a game that keeps secrets, another player's view withholds the options
        of ``decision`` (default: it does, a hand may show in them); a view that shows them
        lets a determinized game keep the decision as it stands."""
        return True

    def redact(self, view: View[M, S], player: int) -> None:
        """Hide from ``view`` (a copy) what the ruleset's own state keeps from ``player``;
        cards, sealed answers and secret event data the kernel hides itself (default:
        nothing more)."""

    def own_secrets(self, game: Game[M, S], side: int) -> tuple[str, ...]:
        """What ``side`` knows of ``game`` that :meth:`redact` hides from the others, one line
        each, for the side's own ``status`` (``"the Bag Man is Agent (T2)"``);
        cards in hands and sealed answers the kernel shows itself (default: none)."""
        return ()

    def resample(self, game: Game[M, S], player: int, rng: random.Random) -> None:
        """Re-sample, in a determinized ``game``, what :meth:`redact` hid from ``player``,
        consistently with what it knows (default: nothing)."""

    def score_actions(self, view: View[M, S], candidates: list[Action]) -> list[float]:
        """How good each candidate answer to the decision is, for the heuristic player, judged
        from what the deciding side may know (its view)."""
        return [0.0] * len(candidates)

    def takes_point(self, view: View[M, S], action: Action) -> bool:
        """Whether the rules take the point of ``action``, an answer to one of the pending
        decision's point choices (:meth:`Game.point_error` finds nothing), for a player, who
        needs no reason: a ruleset may judge it with less work. Default: that method."""
        return view.point_error(action) is None

    def ties(self, view: View[M, S], candidate: Action, best: float) -> bool:
        """Whether ``candidate``, which :meth:`score_actions` scored within the heuristic
        player's margin of ``best`` (the best legal score) or above, truly ties with it: a
        ruleset may leave such a score an upper bound, and weigh it exactly only when the
        player tries that candidate among the tied (in a shuffled order, until one ties and is
        legal). Default: every score is exact (True)."""
        return True

    def points_ceiling(self, view: View[M, S], spec: PointSpec) -> float:
        """A score that no candidate point of ``spec`` (its :meth:`rough_points`) scores above:
        the heuristic player weighs none of them when an option already scores more. A ruleset
        that gives one scores each option by itself (:meth:`score_actions` of the options
        alone gives them the same scores). Default: none known (infinity)."""
        return math.inf
