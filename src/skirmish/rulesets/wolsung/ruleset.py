"""Wolsung Steampunk Skirmish Game as a ruleset: clubs fight on a city table under one of the
house scenarios (``wolsung-scenarios.md`` §4; the book has none), with the shared deck,
hidden hands and sealed initiative bids of the book (L28-L52)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision, PointSpec
from skirmish.engine.events import Event
from skirmish.engine.game import View
from skirmish.engine.registry import register_ruleset
from skirmish.engine.ruleset import Area, Marker, ModelStatus, SightReport, TableTemplate
from skirmish.geometry.board import Board, shipped_boards
from skirmish.geometry.shapes import CONTACT, Point, edge_distance
from skirmish.rulesets.wolsung.ai.points import (
    arrival_points,
    beam_points,
    carry_points,
    clue_points,
    deploy_points,
    mist_points,
    mistwalk_points,
    move_points,
    place_points,
    shadow_points,
    shift_points,
)
from skirmish.rulesets.wolsung.ai.scoring import score_actions
from skirmish.rulesets.wolsung.cards.hand import hand_owner
from skirmish.rulesets.wolsung.clubs.club_list import sample_club_lists
from skirmish.rulesets.wolsung.game import log
from skirmish.rulesets.wolsung.game.base import WolsungRuleset, member, scenario_of
from skirmish.rulesets.wolsung.game.blueprints import PlaceClues
from skirmish.rulesets.wolsung.game.crowd import CrowdTokens, in_crowd
from skirmish.rulesets.wolsung.game.despotic import RingActivations
from skirmish.rulesets.wolsung.game.essence import tokens
from skirmish.rulesets.wolsung.game.infiltration import PlaceMarkers
from skirmish.rulesets.wolsung.game.model import WolsungModel
from skirmish.rulesets.wolsung.game.movement import allowance
from skirmish.rulesets.wolsung.game.puppets import ChoosePuppets
from skirmish.rulesets.wolsung.game.scoring import spots
from skirmish.rulesets.wolsung.game.setup import (
    SETUP_KEYS,
    FirstPlayer,
    add_models,
    board_of,
    new_state,
    normalize_setup,
    zone_areas,
    zone_box,
)
from skirmish.rulesets.wolsung.game.sight import sight
from skirmish.rulesets.wolsung.game.state import WolsungGame, WolsungState
from skirmish.rulesets.wolsung.game.turn import GameLoop

__all__ = ["Wolsung"]

OPEN_KINDS = frozenset(
    {
        "activate",
        "zone",
        "deploy",
        "shot-reaction",
        "melee-reaction",
        "into-melee",
        "split",
        "mist-aim",
        "lift-mist",
        "retreat",
        "delay",
        "additional",
        "place",
        "marker",
        "allow",
        "arrive",
        "infiltrate",
        "reroll",
        "top-hat",
        "puppet",
        "ring",
        "draw",
        "attune",
        "engineer",
        "carry",
        "clue",
        "escape",
        "shift",
        "butler",
        "charge-attack",
        "next-shot",
        "instant-shot",
    }
)
"""Decisions whose options show no card: every player's view shows them. An Action's options
do (a spell is offered only when a card in hand pays for it), so another player sees that a
model acts, and then what it did, not what it might have done; so do a Heroic Recovery's, a
Heroic Move's, Power of Blood's and True Identity's, each offered with the cards that pay, and
a Cast's after its Move, whose spells show that a card pays for them."""

SAMPLE_TRIES = 40
"""Random points tried for a random player's point choice before giving up on it."""
FROM_CANDIDATES = frozenset({"place", "carry", "marker", "infiltrate", "shift"})
"""Point choices a random player answers with one of the candidate points: a spot in base
contact, one of a grid over the table, where random points would seldom be legal, or one
within a Shift's roll."""


@register_ruleset
class Wolsung(WolsungRuleset):
    """Two to four clubs of Heroes and Henchmen (as the scenario takes them), six Game Turns,
    the most victory points win; the clubs are sides ``Club 1`` to ``Club 4``, in the order the
    setup lists them, clockwise."""

    id = "wolsung"
    title = "Wolsung Steampunk Skirmish Game"
    aliases = ("wolsung-ssg",)
    sides = ("Club 1", "Club 2")
    max_actions = 20_000
    setup_keys = SETUP_KEYS
    hidden_information = True

    def normalize_setup(self, options: dict[str, Any]) -> dict[str, Any]:
        return normalize_setup(self, options)

    def side_names(self, setup: dict[str, Any]) -> tuple[str, ...]:
        return tuple(f"Club {n}" for n in range(1, len(setup["clubs"]) + 1))

    def board(self, setup: dict[str, Any]) -> Board:
        return board_of(setup)

    def new_state(self, setup: dict[str, Any]) -> WolsungState:
        return new_state(setup)

    def start(self, game: WolsungGame) -> None:
        add_models(self, game)
        clues = [PlaceClues()] if scenario_of(game).clues is not None else []
        game.begin(
            [
                *clues,
                FirstPlayer(),
                PlaceMarkers(),
                CrowdTokens(),
                ChoosePuppets(),
                RingActivations(),
                GameLoop(),
            ]
        )

    def describe(self, game: WolsungGame, event: Event) -> str:
        return log.describe(game, event)

    def where(self, game: WolsungGame) -> str:
        # Who decides is the decision's to say (a status line adds it): not said twice.
        return f"turn {game.state.turn}"

    def markers(self, game: WolsungGame) -> tuple[Marker, ...]:
        st = game.state
        objectives = [Marker((s.x, s.y), name, "objective") for name, s in spots(game).items()]
        clues = [Marker((c.x, c.y), f"C{n + 1}", "clue") for n, c in enumerate(st.clues)]
        dropped = st.blueprints
        found = [] if dropped is None else [Marker((dropped.x, dropped.y), "BP", "blueprints")]
        lying = [
            Marker((k.spot.x, k.spot.y), k.model, "infiltrator") for k in st.infiltrator_markers
        ]
        return (*objectives, *clues, *found, *lying)

    def pile_title(self, game: WolsungGame, name: str) -> str:
        """A hand reads as its club's (L40): ``Club 1's hand``."""
        side = hand_owner(name)
        return name if side is None else f"{game.sides.names[side]}'s hand"

    def templates(self, game: WolsungGame) -> tuple[TableTemplate, ...]:
        """The Fire, Mist and Smoke templates on the table (L575, L723, L615), each on the
        level it was laid on."""
        return tuple(
            TableTemplate(
                t.id,
                log.TEMPLATE_NAMES[t.kind],
                (t.x, t.y),
                t.radius,
                f"on {t.level}" if t.level else "",
            )
            for t in game.state.templates
        )

    def setup_choices(self) -> dict[str, tuple[str, ...]]:
        return {
            "clubs": tuple(sample_club_lists()),
            "scenario": tuple(s.id for s in self.scenarios.scenario),
            "board": shipped_boards(),
        }

    def setup_lists(self) -> dict[str, int]:
        """A club per seat, up to the most any scenario takes (scenarios §4)."""
        return {"clubs": max(s.players[1] for s in self.scenarios.scenario)}

    def hides_options(self, game: WolsungGame, decision: Decision) -> bool:
        return decision.kind not in OPEN_KINDS

    def game_length(self, game: WolsungGame) -> int:
        return game.state.turn

    def invariant_errors(self, game: WolsungGame) -> list[str]:
        errors = []
        placed = [m for m in game.models if m.on_table]
        for m in placed:
            most = member(game, m.id).fighter.profile.W + m.gained
            if not 0 < m.wounds <= most:
                errors.append(f"{m.id} on the table with {m.wounds} of {most} Wounds")
            if not game.board.on_table(m.pos, m.radius):
                errors.append(f"{m.id} is off the table at {m.pos}")
        for i, a in enumerate(placed):
            for b in placed[i + 1 :]:
                overlap = edge_distance(a.pos, a.radius, b.pos, b.radius) < -CONTACT
                if a.level == b.level and overlap:
                    errors.append(f"{a.id} and {b.id} overlap")
        return errors

    def areas(self, game: WolsungGame) -> tuple[Area, ...]:
        return zone_areas(game)

    def model_status(self, game: WolsungGame, model: WolsungModel) -> ModelStatus:
        most = member(game, model.id).fighter.profile.W
        held = tokens(game, model.id)
        conditions = (
            ("Toppled",) * model.toppled
            + (f"{held} Essence tokens",) * bool(held)
            + ("in the Crowd",) * in_crowd(game, model)
        )
        return ModelStatus(f"{max(model.wounds, 0)}/{most} Wounds", model.wounds < most, conditions)

    def sight_report(
        self, game: WolsungGame, viewer: WolsungModel, target: WolsungModel
    ) -> SightReport:
        seen = sight(game, viewer, target)
        hidden = seen.blocked_fraction
        cover = "" if hidden <= 0 else "cover +1R" if hidden <= 0.5 else "cover +2R"
        return SightReport(seen.visible, cover)

    def rough_points(self, game: WolsungGame, spec: PointSpec) -> list[Point]:
        # Judging a Move plans its path, which costs more than weighing where it ends.
        if not spec.args:
            return clue_points(game)
        m = game.model(spec.args[0])
        if spec.kind == "beam":
            return beam_points(game, m, spec.args[2:])
        if spec.kind in ("mist", "mist-aim", "smoke"):
            return mist_points(game, m)
        if spec.kind == "mistwalk":
            return mistwalk_points(game, m, spec.args[1])
        if spec.kind == "retreat":
            return shadow_points(game)
        if spec.kind in ("marker", "infiltrate"):
            return arrival_points(game)
        if spec.kind == "place":
            return place_points(game, m)
        if spec.kind == "carry":
            return carry_points(game, m, game.model(spec.args[1]))
        if spec.kind == "shift":
            return shift_points(game, m)
        return deploy_points(game, m) if spec.kind == "deploy" else move_points(game, m)

    def candidate_points(self, game: WolsungGame, spec: PointSpec) -> list[Point]:
        return [
            p
            for p in self.rough_points(game, spec)
            if game.point_error(Action.at(spec.kind, spec.args, *p)) is None
        ]

    def score_actions(
        self, view: View[WolsungModel, WolsungState], candidates: list[Action]
    ) -> list[float]:
        return score_actions(view, candidates)

    def sample_point(
        self, game: WolsungGame, spec: PointSpec, uniform: Callable[[], float]
    ) -> Point | None:
        if spec.kind in FROM_CANDIDATES:
            return self._candidate(game, spec, uniform)
        m = game.model(spec.args[0]) if spec.args else None
        for _ in range(SAMPLE_TRIES):
            point = _random_point(game, spec, m, uniform)
            if game.point_error(Action.at(spec.kind, spec.args, *point)) is None:
                return (round(point[0], 2), round(point[1], 2))
        # Where little of the area drawn from is open (the last Clues among the others), the
        # draws may all miss: the judged grid then answers.
        return self._candidate(game, spec, uniform)

    def _candidate(
        self, game: WolsungGame, spec: PointSpec, uniform: Callable[[], float]
    ) -> Point | None:
        """One of the judged grid's points for ``spec``, drawn uniformly."""
        found = self.candidate_points(game, spec)
        return found[min(int(uniform() * len(found)), len(found) - 1)] if found else None


def _random_point(
    game: WolsungGame, spec: PointSpec, m: WolsungModel | None, uniform: Callable[[], float]
) -> Point:
    """A point drawn where ``spec`` may be answered: in the band of the table a Clue takes, in
    the zone to deploy, within the Move's reach to move."""
    clues = scenario_of(game).clues
    if m is None and clues is not None:
        width = game.board.width - 2 * clues.side_margin
        x = clues.side_margin + width * uniform()
        return (x, clues.y_min + (clues.y_max - clues.y_min) * uniform())
    assert m is not None
    if spec.kind == "deploy":
        x0, y0, x1, y1 = zone_box(game, m.side, m.radius)
        return (x0 + (x1 - x0) * uniform(), y0 + (y1 - y0) * uniform())
    reach, angle = allowance(game, m) * math.sqrt(uniform()), 2 * math.pi * uniform()
    return (m.x + reach * math.cos(angle), m.y + reach * math.sin(angle))
