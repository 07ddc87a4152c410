"""Infiltrator: a model that is not deployed but comes in later on one of its markers (L535;
rules notes §1.2 step 6, §6 D4, D8, §7 items 4, 60, 70; house scenarios §4.0).

- Once every model is deployed, with the game's other "at the start of the game" business
  (L31, notes §1.2 step 6), each Infiltrator's player lays its markers, three, clockwise from
  the First Player's club. A marker is the model's base: it lies where that base fits, wholly
  outside every enemy deployment zone (§4.0), 12" or more from the model's other markers,
  edge to edge in 3D as every distance (L10).
- At the start of the second turn, once the cards are drawn (§7 item 4), the model rolls
  its Reflex. For each success the enemy (the next club clockwise) allows one of the markers
  the model fits on now, all of them when the successes are as many; the model's player puts
  it on one of those. With no success, or no marker it fits on, the enemy puts it anywhere it
  fits wholly outside the enemy zones (§7 item 70).
- It may not be the first model activated that turn (:func:`barred`), and every shot it
  fires that turn suffers Move Penalty [1], moved or not (G50): a rule it has until the end
  of the turn, Move Penalty's floor of 1 kept (L226).
- Until it comes in it counts for no objective, yet keeps its club in the game
  (:func:`waiting`, read by :mod:`.scoring`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from skirmish.engine.action import Action
from skirmish.engine.decision import Decision, PointSpec
from skirmish.engine.step import Step
from skirmish.geometry.shapes import CONTACT, EPS, Point
from skirmish.rulesets.wolsung.cards.bids import clockwise_from
from skirmish.rulesets.wolsung.combat.opposed import successes
from skirmish.rulesets.wolsung.game.base import member
from skirmish.rulesets.wolsung.game.effects import add_effect, current
from skirmish.rulesets.wolsung.game.model import WolsungModel
from skirmish.rulesets.wolsung.game.roster import Arrival
from skirmish.rulesets.wolsung.game.setup import zone_of
from skirmish.rulesets.wolsung.game.state import Effect, InfiltratorMarker, WolsungGame
from skirmish.rulesets.wolsung.rules_data.rule_effects import Infiltrate
from skirmish.rulesets.wolsung.rules_data.spell_effects import Until
from skirmish.rulesets.wolsung.table.measure import Spot, distance
from skirmish.rulesets.wolsung.table.zones import Zone, deploy_order

__all__ = [
    "INFILTRATOR",
    "Arrivals",
    "PlaceMarkers",
    "arrival_error",
    "barred",
    "enemy_of",
    "infiltration",
    "marker_error",
    "markers_of",
    "waiting",
]

INFILTRATOR = "L535"
MOVE_PENALTY = "move_penalty"


def infiltration(game: WolsungGame, m: WolsungModel) -> Infiltrate | None:
    """How ``m`` infiltrates, if it has Infiltrator."""
    return next((e for e in member(game, m.id).effects if isinstance(e, Infiltrate)), None)


def waiting(game: WolsungGame) -> list[WolsungModel]:
    """The Infiltrators still to come in, the First Player's club's first, then clockwise."""
    st = game.state
    order = deploy_order(st.first, len(st.seats))
    coming = [
        m
        for m in game.models
        if member(game, m.id).arrival is Arrival.INFILTRATES and not m.deployed and m.in_play
    ]
    return sorted(coming, key=lambda m: order.index(m.side))


def markers_of(game: WolsungGame, m: WolsungModel) -> list[Spot]:
    """Where ``m``'s markers lie, in the order they were laid."""
    return [k.spot for k in game.state.infiltrator_markers if k.model == m.id]


def enemy_of(game: WolsungGame, m: WolsungModel) -> int:
    """The seat that plays "the enemy" to ``m``'s arrival: the next club clockwise."""
    return clockwise_from(game.state.seats, m.side)[1]


def _overlaps(zone: Zone, point: Point, radius: float) -> bool:
    """Whether a base at ``point`` reaches into ``zone`` (beyond CONTACT)."""
    x, y = point
    dx = max(zone.x0 - x, 0.0, x - zone.x1)
    dy = max(zone.y0 - y, 0.0, y - zone.y1)
    return math.hypot(dx, dy) < radius - CONTACT


def arrival_error(game: WolsungGame, m: WolsungModel, point: Point) -> str | None:
    """Why ``m`` may not come in at ``point``, or ``None``: its base wholly outside every
    enemy zone (L535, §4.0), where it fits among the models on the table."""
    for seat in game.state.seats:
        zone = zone_of(game, seat)
        if seat != m.side and _overlaps(zone, point, m.radius):
            return f"{m.name}'s base would reach into the enemy's zone ({zone.name}) (L535)"
    others = [(o.pos, o.radius, o.level) for o in game.models if o.on_table and o.id != m.id]
    return game.board.placement_error(point, m.radius, game.board.surface_at(point), others)


def _spot(game: WolsungGame, m: WolsungModel, point: Point) -> Spot:
    """``m``'s base at ``point``, on the surface there."""
    level = game.board.surface_at(point)
    return Spot(point[0], point[1], game.board.surface_height(level), m.radius, level)


def marker_error(game: WolsungGame, m: WolsungModel, point: Point) -> str | None:
    """Why ``m``'s next marker may not lie at ``point``, or ``None`` (L535)."""
    rule = infiltration(game, m)
    assert rule is not None
    where = arrival_error(game, m, point)
    if where is not None:
        return where
    spot = _spot(game, m, point)
    if any(distance(spot, other) < rule.apart - EPS for other in markers_of(game, m)):
        return f"a marker lies {rule.apart:g}\" or more from the model's other markers (L535)"
    return None


def barred(game: WolsungGame, m: WolsungModel) -> bool:
    """Whether ``m`` came in this turn and no model has activated yet: it may not be the
    turn's first (L535). The rule it has until the turn ends says it came in."""
    came = any(e.model == m.id and e.rule == INFILTRATOR for e in game.state.effects)
    return came and not any(o.activated for o in game.models)


@dataclass(slots=True, eq=False)
class PlaceMarkers(Step):
    """Each Infiltrator's player lays its markers, once every model is deployed (L31, L535)."""

    rule = INFILTRATOR

    def run(self, game: WolsungGame, action: Action | None) -> Decision | list[Step]:
        st = game.state
        if action is not None and action.point is not None:
            m = game.model(action.args[0])
            mark = InfiltratorMarker(m.id, _spot(game, m, action.point))
            st.infiltrator_markers = (*st.infiltrator_markers, mark)
            game.emit("marker", INFILTRATOR, (m.id,), at=list(action.point))
        for m in waiting(game):
            rule = infiltration(game, m)
            assert rule is not None
            laid = len(markers_of(game, m))
            if laid < rule.markers:
                hint = f"outside the enemy's zone, {rule.apart:g}\" from its other markers"
                spec = PointSpec("marker", (m.id,), hint)
                prompt = f"lay marker {laid + 1} of {rule.markers} for {m.name} (L535)"
                return Decision(m.side, "marker", prompt, points=(spec,))
        return []

    def point_error(self, game: WolsungGame, action: Action) -> str | None:
        """Why a marker may not lie at the point, or ``None``."""
        assert action.point is not None
        return marker_error(game, game.model(action.args[0]), action.point)


@dataclass(slots=True, eq=False)
class Arrivals(Step):
    """The Infiltrators due this turn come in, one after another (L535): ``model`` is the
    one coming in now, with the ``successes`` of its Reflex roll (-1: not rolled yet) and the
    markers the enemy has ``allowed`` so far, by their place in the order laid."""

    rule = INFILTRATOR
    model: str = ""
    successes: int = -1
    allowed: tuple[int, ...] = ()

    def run(self, game: WolsungGame, action: Action | None) -> Decision | list[Step]:
        if action is not None:
            self._answer(game, action)
        while True:
            if not self.model:
                due = next((m for m in waiting(game) if self._due(game, m)), None)
                if due is None:
                    return []
                self._roll(game, due)
            decision = self._ask(game)
            if decision is not None:
                return decision

    def _due(self, game: WolsungGame, m: WolsungModel) -> bool:
        rule = infiltration(game, m)
        return rule is not None and rule.turn == game.state.turn

    def _roll(self, game: WolsungGame, m: WolsungModel) -> None:
        reflex = current(game, m).profile.R
        faces = game.roll(f"{reflex}D6", "infiltrator", INFILTRATOR, m.id).faces
        self.model, self.successes, self.allowed = m.id, successes(faces), ()
        free = self._free(game, m)
        allows = min(self.successes, len(free))
        enemy = game.sides.names[enemy_of(game, m)]
        game.emit("infiltration", INFILTRATOR, (m.id,), hits=self.successes, allows=allows)
        if allows and allows == len(free):
            for i in free:
                self._allow(game, m, i, enemy)

    def _free(self, game: WolsungGame, m: WolsungModel) -> list[int]:
        """The markers ``m`` fits on now."""
        return [
            i
            for i, spot in enumerate(markers_of(game, m))
            if arrival_error(game, m, (spot.x, spot.y)) is None
        ]

    def _allow(self, game: WolsungGame, m: WolsungModel, i: int, enemy: str) -> None:
        self.allowed = (*self.allowed, i)
        game.emit("marker-allowed", INFILTRATOR, (m.id,), marker=i + 1, club=enemy)

    def _ask(self, game: WolsungGame) -> Decision | None:
        """The next question of ``model``'s arrival, or ``None`` once it has come in."""
        m = game.model(self.model)
        free = self._free(game, m)
        allows = min(self.successes, len(free))
        if not allows:
            hint = "anywhere its base fits outside the enemy zones"
            spec = PointSpec("infiltrate", (m.id,), hint)
            prompt = f"put {m.name} anywhere outside your zone (L535, §7 item 70)"
            return Decision(enemy_of(game, m), "infiltrate", prompt, points=(spec,))
        if len(self.allowed) < allows:
            options = tuple(
                Action("allow", (m.id, str(i + 1))) for i in free if i not in self.allowed
            )
            prompt = f"allow {m.name} a marker to come in on ({len(self.allowed) + 1} of {allows})"
            return Decision(enemy_of(game, m), "allow", prompt, options)
        if len(self.allowed) == 1:
            self._arrive(game, m, markers_of(game, m)[self.allowed[0]])
            return None
        options = tuple(Action("arrive", (m.id, str(i + 1))) for i in self.allowed)
        return Decision(m.side, "arrive", f"{m.name} comes in on one of these markers", options)

    def _answer(self, game: WolsungGame, action: Action) -> None:
        m = game.model(self.model)
        if action.kind == "allow":
            self._allow(game, m, int(action.args[1]) - 1, game.sides.names[enemy_of(game, m)])
        elif action.kind == "arrive":
            self._arrive(game, m, markers_of(game, m)[int(action.args[1]) - 1])
        else:
            assert action.point is not None
            self._arrive(game, m, _spot(game, m, action.point))

    def _arrive(self, game: WolsungGame, m: WolsungModel, spot: Spot) -> None:
        """``m`` comes in at ``spot``, with Move Penalty until the end of the turn (L535)."""
        rule = infiltration(game, m)
        assert rule is not None
        st = game.state
        m.x, m.y, m.level = spot.x, spot.y, spot.level
        st.infiltrator_markers = tuple(k for k in st.infiltrator_markers if k.model != m.id)
        game.emit("infiltrated", INFILTRATOR, (m.id,), at=[m.x, m.y])
        penalty = Effect(
            m.id, Until.END_OF_TURN.value, INFILTRATOR, keyword=MOVE_PENALTY, amount=rule.penalty
        )
        add_effect(game, penalty)
        self.model, self.successes, self.allowed = "", -1, ()

    def point_error(self, game: WolsungGame, action: Action) -> str | None:
        """Why the enemy may not put the model at the point, or ``None`` (§7 item 70)."""
        assert action.point is not None
        return arrival_error(game, game.model(action.args[0]), action.point)
