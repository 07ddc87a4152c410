"""What the heuristic player leaves unweighed, it could never have chosen (ai/heuristic.py,
players/heuristic.py): a move's ceiling is above every score its rough points get, so a
point choice whose ceiling an option beats is skipped and games play as before; a lure
never gives more than its ceiling, nor a mission's pull more than its ceiling within a move's
reach; an attack's damage is kept per context and catalogue; what
the candidates of a decision share is weighed once while the decision is pending, and anew in
a clone, a save read back, a view or once a model moves, is added or leaves play; a shooter's
spots in contact that only a search among the bases finds are left out only where an option
scores above them; and the
deployment spots a board's terrain and zones take are kept, judged against the bases in play
as they stand. A move's point is judged with its way searched no further than its Move
(a refusal still tells the way's length), takes what the full check takes, and keeps the
way the full search finds, wherever the bases stand."""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import replace
from typing import Any

import pytest
from tests.rulesets.sacred_wire.helpers import CATALOG, scenario

from skirmish.engine.action import Action
from skirmish.engine.restore import restore
from skirmish.geometry.board import Edge
from skirmish.players import HeuristicPlayer, play
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.sacred_wire.ai import heuristic
from skirmish.rulesets.sacred_wire.attack.combat import Attack
from skirmish.rulesets.sacred_wire.attack.odds import damage_odds, out_of_action_chance
from skirmish.rulesets.sacred_wire.game import movement, points
from skirmish.rulesets.sacred_wire.game.setup import deploy_error
from skirmish.rulesets.sacred_wire.hostiles import coworkers
from skirmish.rulesets.sacred_wire.missions import zones
from skirmish.rulesets.sacred_wire.ruleset import SacredWire
from skirmish.rulesets.sacred_wire.squads.roster import ranged_weapons

CLERK = "Data Clerk"
SETUPS: list[dict[str, Any] | None] = [None, {"mission": "random", "hostiles": "random"}]


class _EveryPoint(HeuristicPlayer):
    """A heuristic player that first checks each rough point of each decision
    (:meth:`check`: whether it counts), then chooses as the player does."""

    checked = 0

    def choose(self, game: Any) -> Action:
        decision = game.decision
        assert decision is not None
        for spec in decision.points:
            for p in game.ruleset.rough_points(game, spec):
                if self.check(game, spec, Action.at(spec.kind, spec.args, *p)):
                    type(self).checked += 1
        return super().choose(game)

    def check(self, game: Any, spec: Any, point: Action) -> bool:
        raise NotImplementedError


class _Checking(_EveryPoint):
    """Each move's ceiling against the exact score of every rough point (a candidate weighed
    alone is weighed exactly)."""

    def check(self, game: Any, spec: Any, point: Action) -> bool:
        ceiling = heuristic.points_ceiling(game, spec)
        assert heuristic.score_actions(game, [point])[0] <= ceiling
        return ceiling < math.inf


@pytest.mark.parametrize("setup", SETUPS)
def test_a_moves_ceiling_is_above_every_score_of_its_rough_points(
    setup: dict[str, Any] | None,
) -> None:
    assert _checked(_Checking, setup, (0, 1)) > 500


def _checked(
    player: type[_EveryPoint], setup: dict[str, Any] | None, seeds: tuple[int, ...]
) -> int:
    """The points ``player`` checks in a game of each seed, playing every side."""
    player.checked = 0
    _play_all(player, setup, seeds)
    return player.checked


def _play_all(
    player: type[HeuristicPlayer], setup: dict[str, Any] | None, seeds: tuple[int, ...]
) -> None:
    """A game of each seed, every side played by ``player``."""
    ruleset = find_ruleset("sacred-wire")
    for seed in seeds:
        game = ruleset.new_game(setup, seed)
        play(game, [player(seed * 2 + 1 + side) for side in range(len(game.sides.names))])


def _log_hash(setup: dict[str, Any] | None, seed: int) -> str:
    game = find_ruleset("sacred-wire").new_game(setup, seed)
    play(game, [HeuristicPlayer(seed * 2 + 1 + side) for side in range(len(game.sides.names))])
    return hashlib.sha256("\n".join(game.describe(e) for e in game.log).encode()).hexdigest()


@pytest.mark.parametrize("setup", SETUPS)
def test_skipping_the_moves_an_option_beats_changes_no_choice(
    setup: dict[str, Any] | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    skipping = [_log_hash(setup, seed) for seed in (3, 4)]
    monkeypatch.setattr(SacredWire, "points_ceiling", lambda self, game, spec: math.inf)
    assert [_log_hash(setup, seed) for seed in (3, 4)] == skipping


def test_a_move_has_a_ceiling_and_a_jump_none() -> None:
    game = scenario({"B2": (4.0, 10.0), "A1": (14.0, 10.0)}, act="B2")
    assert game.decision is not None
    (spec,) = [s for s in game.decision.points if s.kind == "move"]
    assert heuristic.points_ceiling(game, spec) < math.inf
    jump = replace(spec, kind="jump")
    assert heuristic.points_ceiling(game, jump) == math.inf


def test_a_coworkers_lure_gives_no_more_than_its_ceiling_even_on_its_base() -> None:
    game = scenario(
        {"A1": (4.0, 10.0), "B1": (20.0, 20.0)}, coworkers=((CLERK, (9.0, 10.0)),), act="A1"
    )
    m = game.model("A1")
    lure = coworkers.lure(game, m)
    assert lure is not None
    ghost = m.copy()
    values = []
    for x in (4.0, 6.0, 8.0, 8.5, 9.0):  # nearer and nearer, then on the Coworker's base
        ghost.x = x
        values.append(lure.value(ghost))
        assert values[-1] <= lure.ceiling()
    assert values == sorted(values)


def test_a_missions_pull_gives_no_more_than_its_ceiling_within_the_reach() -> None:
    game = scenario({"A1": (10.0, 10.0), "B1": (40.0, 40.0)})
    m = game.model("A1")
    targets = (((24.0, 10.0), None, True, 1), ((10.0, 30.0), None, False, 0))
    pull = zones.Pull((), targets, 2.5)
    reach = 6.0
    ceiling = pull.ceiling(m.pos, m.radius, reach)
    assert ceiling < pull.weight
    ghost = m.copy()
    for k in range(24):  # every way, out to the reach, and on the spot
        for share in (0.0, 0.5, 1.0):
            angle = math.tau * k / 24
            ghost.x = m.x + reach * share * math.cos(angle)
            ghost.y = m.y + reach * share * math.sin(angle)
            assert pull.value(game, ghost) <= ceiling
    exits = zones.Pull((Edge.NORTH,), (), 4.0)
    assert exits.ceiling(m.pos, m.radius, reach) == exits.weight


def test_an_attacks_damage_is_kept_per_context() -> None:
    game = scenario({"B2": (4.0, 10.0), "A1": (10.0, 10.0)}, act="B2")
    assert game.decision is not None
    shot = next(o for o in game.decision.options if o.kind == "shoot")
    ctx = Attack.of_option(game, shot).context(game)
    damage, back = damage_odds(ctx, CATALOG)
    assert heuristic._damage(ctx, CATALOG) == (float(damage.mean()), float(back.mean()))
    assert heuristic._damage(ctx, CATALOG) is heuristic._damage(ctx, CATALOG)
    hp = game.model("A1").health
    assert heuristic._kill(ctx, CATALOG, hp) == float(out_of_action_chance(ctx, CATALOG, hp))


def test_the_player_chooses_among_the_legal_candidates_that_truly_tie_with_the_best() -> None:
    game = find_ruleset("sacred-wire").new_game(None, 5)
    played = 0
    while game.decision is not None and played < 80:
        decision = game.decision
        if decision.points:
            options = list(decision.options)
            candidates = options + [
                Action.at(spec.kind, spec.args, *p)
                for spec in decision.points
                for p in game.ruleset.rough_points(game, spec)
            ]
            exact = [heuristic.score_actions(game, [c])[0] for c in candidates]
            legal = [c in options or game.point_error(c) is None for c in candidates]
            best = max(s for s, ok in zip(exact, legal, strict=True) if ok)
            tied = {
                c
                for c, s, ok in zip(candidates, exact, legal, strict=True)
                if ok and s >= best - heuristic.TIE
            }
            for seed in range(4):
                assert HeuristicPlayer(seed).choose(game) in tied
        game.apply(HeuristicPlayer(played).choose(game))
        played += 1
    assert played == 80


def test_an_attack_that_may_tie_is_taken_as_weighed_not_weighed_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = scenario({"B2": (4.0, 10.0), "A1": (10.0, 10.0)}, act="B2")
    assert game.decision is not None
    shot = next(o for o in game.decision.options if o.kind == "shoot")
    (best,) = heuristic.score_actions(game, [shot])

    def weighed_again(game: Any, action: Action) -> float:
        raise AssertionError(f"{action} weighed again")

    monkeypatch.setattr(heuristic, "_attack_score", weighed_again)
    assert heuristic.ties(game, shot, best)


def test_a_melee_models_move_that_may_tie_is_taken_as_weighed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = scenario({"A2": (4.0, 10.0), "B1": (14.0, 10.0)}, act="A2")
    assert game.decision is not None
    assert not ranged_weapons(game, game.model("A2"))
    spec = next(s for s in game.decision.points if s.kind == "move")
    move = Action.at(spec.kind, spec.args, *game.ruleset.rough_points(game, spec)[0])
    (best,) = heuristic.score_actions(game, [move])

    def weighed_again(game: Any, action: Action, weighing: Any) -> float:
        raise AssertionError(f"{action} weighed again")

    monkeypatch.setattr(heuristic, "_move_score", weighed_again)
    assert heuristic.ties(game, move, best)


def _fresh_scores(game: Any, candidates: list[Action]) -> list[float]:
    """The scores with nothing held from an earlier question."""
    heuristic._Weighing.last = None
    return heuristic.score_actions(game, candidates)


def test_a_decisions_weighing_is_held_while_it_is_pending_and_found_anew_after() -> None:
    game = scenario({"B2": (4.0, 10.0), "A1": (10.0, 10.0), "A2": (20.0, 14.0)}, act="B2")
    decision = game.decision
    assert decision is not None
    spec = next(s for s in decision.points if s.kind == "move")
    candidates = list(decision.options) + [
        Action.at(spec.kind, spec.args, *p) for p in game.ruleset.rough_points(game, spec)
    ]
    scores = _fresh_scores(game, candidates)
    held = heuristic._weighing(game)
    assert heuristic.score_actions(game, candidates) == scores
    assert heuristic._weighing(game) is held
    view = game.view(decision.player)
    saved = restore(json.loads(json.dumps(game.to_json())))
    for other in (game.clone(), saved, view):
        assert heuristic._weighing(other) is not held
        assert heuristic.score_actions(other, candidates) == scores
    heuristic.score_actions(game, candidates)
    game.model("A1").x = 7.0  # moved by hand: every gap and odds anew
    assert heuristic._weighing(game) is not held
    moved = heuristic.score_actions(game, candidates)
    assert moved != scores
    assert moved == _fresh_scores(game, candidates)
    game.model("A2").removed = "Out of Action"
    assert heuristic.score_actions(game, candidates) == _fresh_scores(game, candidates)


def test_a_decisions_weighing_is_found_anew_for_a_model_added_or_an_action() -> None:
    game = scenario({"B2": (4.0, 10.0), "A1": (10.0, 10.0)}, act="B2")
    twin = game.model("A1").copy()
    twin.id = "A9"
    held = heuristic._weighing(game)
    game.add_model(twin)
    assert heuristic._weighing(game) is not held
    held = heuristic._weighing(game)
    decision = game.decision
    assert decision is not None
    spec = next(s for s in decision.points if s.kind == "move")
    game.apply(Action.at(spec.kind, spec.args, 4.0, 6.0))  # away from A1: no dice
    assert game.decision is not decision
    assert heuristic._weighing(game) is not held


def _judged_grid(game: Any, spec: Any) -> list[tuple[float, float]]:
    """The deployment grid's spots, each judged in full by the rule."""
    m = game.model(spec.args[0])
    return [p for p in points._grid(game, m) if deploy_error(game, m, p) is None]


@pytest.mark.parametrize("setup", SETUPS)
def test_the_deployment_spots_are_those_the_rule_takes_wherever_the_bases_stand(
    setup: dict[str, Any] | None,
) -> None:
    game = find_ruleset("sacred-wire").new_game(setup, 6)
    player = HeuristicPlayer(1)
    checked = 0
    while game.decision is not None and (checked == 0 or game.decision.kind == "deploy"):
        decision = game.decision
        for spec in decision.points:
            if spec.kind in points.DEPLOYS:
                twin = game.clone()
                assert points.candidate_points(game, spec) == _judged_grid(game, spec)
                assert points.candidate_points(twin, spec) == _judged_grid(twin, spec)
                checked += 1
                last = spec
        if checked > 20:
            break
        game.apply(player.choose(game.view(decision.player)))
    assert checked > 20
    spot = points.candidate_points(game, last)[0]
    placed = next(m for m in game.models if m.on_table)
    placed.x, placed.y = spot  # moved by hand onto a spot: it and those round it are taken
    assert spot not in points.candidate_points(game, last)
    assert points.candidate_points(game, last) == _judged_grid(game, last)


class _CheckingContact(HeuristicPlayer):
    """A heuristic player that checks that each spot left out of a move's rough points
    (:func:`heuristic.seeks_contact`) scores, weighed alone, below the best option."""

    left_out = 0

    def choose(self, game: Any) -> Action:
        decision = game.decision
        assert decision is not None
        for spec in decision.points:
            if spec.kind in points.MOVES and not heuristic.seeks_contact(game, spec):
                best = max(heuristic.score_actions(game, list(decision.options)))
                kept = set(points.rough_points(game, spec, contact=False))
                for p in points.rough_points(game, spec):
                    if p not in kept:
                        point = Action.at(spec.kind, spec.args, *p)
                        assert heuristic.score_actions(game, [point])[0] < best - heuristic.TIE
                        _CheckingContact.left_out += 1
        return super().choose(game)


LEAVING = (503, 504)  # seeds of games with many such spots (Lockdown and Triangulation)


def test_a_shooters_spots_in_contact_are_left_out_only_below_an_option() -> None:
    _CheckingContact.left_out = 0
    _play_all(_CheckingContact, SETUPS[1], LEAVING)
    assert _CheckingContact.left_out > 10


def test_leaving_out_the_spots_in_contact_changes_no_choice(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    leaving = [_log_hash(SETUPS[1], seed) for seed in LEAVING]
    monkeypatch.setattr(heuristic, "seeks_contact", lambda game, spec: True)
    assert [_log_hash(SETUPS[1], seed) for seed in LEAVING] == leaving


# A1 (Move 4") beside Tobias Valdez (A2): the way round him to 9,5 is 4.51", to 8.3,5 shorter.
ROUND_A2 = {"A1": (5.0, 5.0), "A2": (7.0, 5.0), "A5": (1.0, 1.0), "B1": (23.0, 23.0)}
TOO_FAR = Action.parse("move A1 9,5")
IN_REACH = Action.parse("move A1 8.3,5")


def _unasked(*args: Any) -> None:
    raise AssertionError("the whole way planned")


def _full(game: Any, action: Action) -> movement.Route | str | None:
    """The move's way (or why there is none) planned anew with no bound, nothing kept."""
    m = game.model(action.args[0])
    return movement._route(game, m, action.point, action.kind == "jump", math.inf)


def test_a_moves_way_is_searched_no_further_than_its_move_and_refused_with_its_length(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = scenario(ROUND_A2, act="A1")
    with monkeypatch.context() as patch:
        patch.setattr(movement, "plan_path", _unasked)
        assert not points.takes_point(game, TOO_FAR)
        assert not game.ruleset.takes_point(game.view(0), TOO_FAR)
        assert points.takes_point(game, IN_REACH)
        game.apply(IN_REACH)  # the way the check found is the move's: not planned again
    assert str(scenario(ROUND_A2, act="A1").point_error(TOO_FAR)).endswith(
        'Tobias Valdez (A2) blocks the straight line: the way round is 4.51" (C4.4)'
    )
    moved = next(e for e in reversed(game.log) if e.kind == "moved")
    full = _full(scenario(ROUND_A2, act="A1"), IN_REACH)
    assert isinstance(full, movement.Route)
    assert moved.data["length"] == round(full.cost, 2) > 3.3


def test_a_way_kept_by_the_check_is_the_full_searchs_wherever_the_bases_stand() -> None:
    game = scenario(ROUND_A2, act="A1")
    assert points.takes_point(game, IN_REACH)
    a1 = game.model("A1")
    assert movement.plan_route(game, a1, (8.3, 5.0)) == _full(game, IN_REACH)
    decision = game.decision
    assert decision is not None
    saved = restore(json.loads(json.dumps(game.to_json())))
    for other in (game.clone(), saved, game.view(decision.player)):
        assert points.takes_point(other, IN_REACH)
        assert movement.plan_route(other, other.model("A1"), (8.3, 5.0)) == _full(game, IN_REACH)
    twin = game.clone()
    twin.model("A5").x, twin.model("A5").y = 7.0, 6.6  # moved by hand: the ways round close
    twin.model("B1").x, twin.model("B1").y = 7.0, 3.4
    assert not points.takes_point(twin, IN_REACH)
    assert not points.takes_point(twin, TOO_FAR)
    assert twin.point_error(IN_REACH) is not None
    assert points.takes_point(game, IN_REACH)
    game.model("A2").removed = "Out of Action"  # the straight line opens
    assert points.takes_point(game, TOO_FAR)
    straight = movement.plan_route(game, a1, (9.0, 5.0))
    assert straight == _full(game, TOO_FAR) == movement.Route(4.0, (9.0, 5.0), None)


class _CheckingWays(_EveryPoint):
    """Every move point: the check with no reason takes it as the full check does, and the
    way it keeps is the way planned anew with no bound."""

    def check(self, game: Any, spec: Any, point: Action) -> bool:
        if spec.kind not in points.MOVES:
            return False
        taken = points.takes_point(game, point)
        assert taken == (game.point_error(point) is None)
        if taken and spec.kind != "scout-move":
            m = game.model(spec.args[0])
            kept = movement.plan_route(game, m, point.point, point.kind == "jump")
            assert kept == _full(game, point)
        return True


@pytest.mark.parametrize("setup", SETUPS)
def test_a_moves_check_with_no_reason_takes_what_the_full_check_takes(
    setup: dict[str, Any] | None,
) -> None:
    assert _checked(_CheckingWays, setup, (7, 8)) > 500
