"""Sacred Wire 28 as a ruleset: the two-squad game of the Core Rules, to the end of the game
(K1.2), or until no squad model is left on the board."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from skirmish.engine.action import Action
from skirmish.engine.events import Event
from skirmish.engine.registry import register_ruleset
from skirmish.engine.ruleset import Marker, ModelStatus, SightReport, TableTemplate
from skirmish.geometry.board import Board, shipped_boards
from skirmish.geometry.shapes import Point
from skirmish.rulesets.sacred_wire import log
from skirmish.rulesets.sacred_wire.ai import heuristic
from skirmish.rulesets.sacred_wire.attack.combat import Attack
from skirmish.rulesets.sacred_wire.attack.odds import attack_odds, odds_line
from skirmish.rulesets.sacred_wire.base import WireRuleset
from skirmish.rulesets.sacred_wire.game import activation, card, conditions, items, points, rounds
from skirmish.rulesets.sacred_wire.game.activation import Activation
from skirmish.rulesets.sacred_wire.game.model import WireModel
from skirmish.rulesets.sacred_wire.game.setup import (
    SETUP_KEYS,
    BossRollOff,
    Deploy,
    Redeploy,
    ScoutMoves,
    add_models,
    lineups,
    load_board,
    normalize_setup,
)
from skirmish.rulesets.sacred_wire.game.space import (
    COWORKERS,
    HOSTILES,
    engaged_with,
    in_cover,
    in_play,
    sees,
)
from skirmish.rulesets.sacred_wire.game.state import WireState
from skirmish.rulesets.sacred_wire.hostiles import arrival, coworkers
from skirmish.rulesets.sacred_wire.missions import (
    advantages,
    assassination,
    decoys,
    deployment,
    loot,
    sabotage,
    solo,
    zones,
)
from skirmish.rulesets.sacred_wire.missions.loot import PlaceLoot
from skirmish.rulesets.sacred_wire.missions.search import FreeSearch
from skirmish.rulesets.sacred_wire.powers import casting
from skirmish.rulesets.sacred_wire.squads.squad import sample_squad_names

if TYPE_CHECKING:
    import random

    from skirmish.engine.decision import Decision, PointSpec
    from skirmish.engine.game import View
    from skirmish.rulesets.sacred_wire.game.state import WireGame


ATTACK_OPTIONS = ("fight", "shoot")
"""The options of an activation that start an attack (C4.7, C4.8)."""


@register_ruleset
class SacredWire(WireRuleset[WireModel, WireState]):
    """Two squads of five contractors fight it out on a 24" board of dense terrain; the rules
    read the catalogue of ``data_folder`` (:mod:`.base`)."""

    id = "sacred-wire"
    # No count of squads: a solo game has one (X1).
    title = "Sacred Wire 28 (v0.9.0-beta)"
    aliases = ("sw28", "sacred-wire-28")
    sides = ("A", "B", "Hostiles", "Coworkers")
    automata = frozenset({HOSTILES, COWORKERS})
    hidden_information = True  # Assassination's targets (M5.1), Decoys (K1.3); else open
    max_actions = 20_000
    setup_keys = SETUP_KEYS
    effect_tables = (
        conditions.ROWS,
        items.LANDS,
        items.HITS,
        items.USE,
        casting.POWERS,
        activation.AT_START,
    )

    def normalize_setup(self, options: dict[str, Any]) -> dict[str, Any]:
        return normalize_setup(options, self.catalog)

    def taking_part(self, setup: dict[str, Any]) -> tuple[int, ...]:
        """Side A, side B unless the game is solo (X1), the Hostiles when hostiles play (K1.2)
        and the Coworkers when they do (K1.3): the four seats stay, whatever plays."""
        squads = (0,) if solo.played(setup) else (0, 1)
        hostiles = (HOSTILES,) if arrival.in_game(setup) else ()
        return (*squads, *hostiles, *((COWORKERS,) if coworkers.in_game(setup) else ()))

    def board(self, setup: dict[str, Any]) -> Board:
        return load_board(setup["board"])

    def new_state(self, setup: dict[str, Any]) -> WireState:
        chosen = setup.get("mission") or ""
        mission = "" if chosen == zones.RANDOM else chosen  # a random one is rolled at the start
        return WireState(lineups=lineups(setup, self.catalog), mission=mission)

    def start(self, game: WireGame) -> None:
        add_models(game)
        zones.roll_mission(game)  # the setup steps below depend on it
        game.begin(
            [
                *arrival.opening(game),
                BossRollOff(),
                *zones.opening(game),  # objectives before loot (K1.2 placement order)
                *advantages.opening(game),
                FreeSearch(),
                PlaceLoot(),
                *coworkers.opening(game),
                deployment.ChooseZones(),
                *sabotage.opening(game),
                Deploy(),
                Redeploy(),
                ScoutMoves(),
                *assassination.opening(game),
                rounds.game_loop(game),
            ]
        )

    def keeps_secrets(self, game: WireGame) -> bool:
        return assassination.played(game) or decoys.kept(game)

    def hides_options(self, game: WireGame, decision: Decision) -> bool:
        return decoys.hides(decision)  # which markers are still unmarked; targets are open

    def redact(self, view: View[WireModel, WireState], player: int) -> None:
        assassination.redact(view, player)
        decoys.redact(view, player)

    def own_secrets(self, game: WireGame, side: int) -> tuple[str, ...]:
        return (*assassination.own_secrets(game, side), *decoys.own_secrets(game, side))

    def resample(self, game: WireGame, player: int, rng: random.Random) -> None:
        assassination.resample(game, player, rng)
        decoys.resample(game, player, rng)

    def describe(self, game: WireGame, event: Event) -> str:
        return log.describe(game, event)

    def where(self, game: WireGame) -> str:
        st = game.state
        if st.round == 0:
            return "set-up"
        if st.active:
            return f"round {st.round}, {st.active} activating"
        return f"round {st.round}"

    def game_length(self, game: WireGame) -> int:
        return game.state.round

    def markers(self, game: WireGame) -> tuple[Marker, ...]:
        return loot.table_markers(game) + zones.table_markers(game)

    def templates(self, game: WireGame) -> tuple[TableTemplate, ...]:
        """The Smoke grenades' columns standing until the next round begins (R3.4, notes
        A34)."""
        return tuple(
            TableTemplate(f"S{n}", "Smoke", (s.x, s.y), s.radius, f"thrown in round {s.round}")
            for n, s in enumerate(game.state.smoke, start=1)
        )

    def model_status(self, game: WireGame, model: WireModel) -> ModelStatus:
        m = game.model(model.id)
        conditions = tuple(s.capitalize() for s in m.statuses)
        if m.fleeing:
            conditions = ("Fleeing", *conditions)
        if m.marked:
            conditions = ("Hostile", *conditions)
        if coworkers.cooperating(game, m):
            conditions = ("Cooperates", *conditions)
        return ModelStatus(f"{m.health}/{m.max_health} Health", m.wounded, conditions)

    def engaged(self, game: WireGame, model: WireModel) -> tuple[str, ...]:
        return tuple(e.id for e in engaged_with(game, game.model(model.id)))

    def setup_choices(self) -> dict[str, tuple[str, ...]]:
        squads = sample_squad_names()
        return {
            "board": shipped_boards(),
            "squad_a": squads,
            "squad_b": squads,
            "mission": (*zones.MISSIONS, zones.RANDOM),
            "deployment": tuple(e.id for e in self.catalog.missions.table("deployment").entries),
            **arrival.choices(self.catalog.missions),
            **coworkers.choices(self.catalog.missions),
            solo.OPTION: ("false", "true"),
            zones.SIGNAL_DONE: ("false", "true"),
        }

    def model_card(self, game: WireGame, model: WireModel) -> tuple[tuple[str, str], ...]:
        return card.model_card(game, game.model(model.id))

    def action_odds(self, game: WireGame, action: Action) -> str:
        if action.kind not in ATTACK_OPTIONS or len(action.args) < 3:
            return ""
        try:
            step = Attack.of_option(game, action)
        except KeyError:
            return ""
        odds = attack_odds(step.context(game), self.catalog)
        return odds_line(odds, game.model(step.target).health)

    def sight_report(self, game: WireGame, viewer: WireModel, target: WireModel) -> SightReport:
        a, b = game.model(viewer.id), game.model(target.id)
        if not sees(game, a, b):
            return SightReport(False)
        return SightReport(True, "in cover" if in_cover(game, a, b) else "")

    def invariant_errors(self, game: WireGame) -> list[str]:
        errors = []
        if (game.decision is None) != game.is_over:
            errors.append("a decision must be pending exactly while the game is on")
        placed = in_play(game)
        errors += _placement_errors(game, placed)
        for m in placed:
            if not 0 < m.health <= m.max_health:
                errors.append(f"{m.id} in play with {m.health} of {m.max_health} Health")
        for step in game.stack:
            if isinstance(step, Activation) and step.actions_used > 2:
                errors.append(f"{step.model} took {step.actions_used} actions (C4.1: at most 2)")
        actives = [m.id for m in placed if m.active]
        if len(actives) > 1:
            errors.append(f"several models activating at once: {actives}")
        return errors

    def score_actions(self, game: WireGame, candidates: list[Action]) -> list[float]:
        return heuristic.score_actions(game, candidates)

    def takes_point(self, game: WireGame, action: Action) -> bool:
        return points.takes_point(game, action)

    def ties(self, game: WireGame, candidate: Action, best: float) -> bool:
        return heuristic.ties(game, candidate, best)

    def points_ceiling(self, game: WireGame, spec: PointSpec) -> float:
        return heuristic.points_ceiling(game, spec)

    # --- points for players ---------------------------------------------------------------

    def sample_point(
        self, game: WireGame, spec: PointSpec, uniform: Callable[[], float]
    ) -> Point | None:
        if spec.kind == "place-loot":
            return loot.sample_point(game, uniform)
        if spec.kind in zones.SPREAD_KINDS:
            return zones.sample_point(game, uniform)
        if spec.kind == sabotage.CONDUIT:
            return sabotage.sample_point(game, uniform)
        if spec.kind == coworkers.PLACE:
            return coworkers.sample_point(game, spec, uniform)
        return points.sample_point(game, spec, uniform)

    def rough_points(self, game: WireGame, spec: PointSpec) -> list[Point]:
        if spec.kind in points.MOVES:
            return points.rough_points(game, spec, heuristic.seeks_contact(game, spec))
        return self.candidate_points(game, spec)

    def candidate_points(self, game: WireGame, spec: PointSpec) -> list[Point]:
        if spec.kind == "place-loot":
            return loot.candidate_points(game)
        if spec.kind in zones.SPREAD_KINDS:
            return zones.candidate_points(game)
        if spec.kind == sabotage.CONDUIT:
            return sabotage.candidate_points(game)
        if spec.kind == coworkers.PLACE:
            return coworkers.candidate_points(game, spec)
        return points.candidate_points(game, spec)


PLACEMENTS_KEPT = 100_000  # sets of positions remembered per board before it forgets them all


def _placement_errors(game: WireGame, placed: list[WireModel]) -> list[str]:
    """Bases off the table, in terrain or overlapping (checked once per set of positions on
    each board: a board that gains terrain during setup is another board)."""
    key = tuple((m.x, m.y, m.level, m.radius) for m in placed)
    memo = game.board.memo("sacred-wire-placements", PLACEMENTS_KEPT)
    return list(memo.remember(key, lambda: _placements(game, placed)))


def _placements(game: WireGame, placed: list[WireModel]) -> tuple[str, ...]:
    errors = []
    for m in placed:
        rest = [(o.pos, o.radius, o.level) for o in placed if o.id != m.id]
        where = game.board.placement_error(m.pos, m.radius, m.level, rest)
        if where is not None:
            errors.append(f"{m.id} at {m.x:.2f},{m.y:.2f}: {where}")
    return tuple(errors)
