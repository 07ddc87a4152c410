"""How the heuristic weighs a shooter's moves (ai/heuristic.py): sight is looked at only
where it could make the move the best legal candidate, or where the player picks a move that
may tie with it (``ties``), and the player chooses as if every score were exact. An attack's
kill is weighed by the attack menu's Out of Action, Critical rows included (R6)."""

from __future__ import annotations

import pytest
from tests.rulesets.sacred_wire.helpers import CATALOG, board, rect, scenario

from skirmish.engine.action import Action
from skirmish.rulesets.sacred_wire.ai.heuristic import TIE, score_actions, ties
from skirmish.rulesets.sacred_wire.attack.combat import Attack
from skirmish.rulesets.sacred_wire.attack.odds import attack_odds, odds_line
from skirmish.rulesets.sacred_wire.game.state import WireGame

# The Gunner hides behind a wall from the Wrecking Crew 10" away: moves round its ends see
# them, moves back end beyond 12" of them and are worth less whatever they would see.
WALL = board({"id": "w", "kind": "impassable", "height": 3.0, "polygon": rect(6.0, 7.0, 7.0, 13.0)})
PLACED = {"B2": (4.0, 10.0), "A1": (14.0, 10.0), "A2": (14.0, 12.0), "A3": (14.0, 8.0)}


def _candidates(game: WireGame) -> list[Action]:
    """The candidates the heuristic player weighs: the options, then the rough points."""
    assert game.decision is not None
    points = [
        Action.at(spec.kind, spec.args, *p)
        for spec in game.decision.points
        for p in game.ruleset.rough_points(game, spec)
    ]
    return [*game.decision.options, *points]


def test_a_shooters_moves_are_weighed_exactly_down_to_the_best_and_the_rest_at_a_bound() -> None:
    game = scenario(PLACED, board=WALL, act="B2")  # Corin Hale, a Gunner with a Laser
    candidates = _candidates(game)
    scores = score_actions(game, candidates)
    exact = [score_actions(game, [c])[0] for c in candidates]  # one alone is weighed exactly
    options = set(game.decision.options) if game.decision else set()
    legal = [c in options or game.point_error(c) is None for c in candidates]
    best = max(s for s, ok in zip(exact, legal, strict=True) if ok)
    assert max(s for s, ok in zip(scores, legal, strict=True) if ok) == best
    for score, truth in zip(scores, exact, strict=True):
        assert score >= truth
        if score > best:
            assert score == truth  # an illegal candidate, weighed exactly
    assert any(s != t for s, t in zip(scores, exact, strict=True))  # some sight not looked at
    for c, score, truth in zip(candidates, scores, exact, strict=True):
        if score >= best - TIE:
            assert ties(game, c, best) == (truth >= best - TIE)


def test_r6_the_ai_weighs_a_kill_by_the_menus_out_of_action_critical_rows_included() -> None:
    # Sunita's Injector cannot deal Ilse's 16 Health, but its 6+ Critical row, Dissolved, takes
    # her out (R6.6): the AI counts that kill as the attack menu's odds do, one source for both.
    game = scenario({"A3": (10.0, 10.0), "B1": (10.0, 11.984)}, act="A3")
    assert game.decision is not None
    fight = next(a for a in game.decision.options if str(a) == "fight A3 B1 injector")
    odds = attack_odds(Attack.of_option(game, fight).context(game), CATALOG)
    health = game.model("B1").health
    out = odds.out_of_action(health)
    assert odds.damage.probability(lambda v: v >= health) == 0 < out
    assert f"Out of Action {float(out):.0%}" in odds_line(odds, health)
    kill_worth = score_actions(game, [fight])[0] - 1.0 - float(odds.expected_damage)
    assert kill_worth == pytest.approx(4.0 * float(out)), "the AI leaves the Critical row out"
