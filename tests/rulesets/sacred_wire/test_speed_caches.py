"""Answers kept while the state they read stands: each equals the answer worked out anew,
before and after that state changes."""

from __future__ import annotations

from typing import Any

from skirmish.rulesets import find_ruleset
from skirmish.rulesets.sacred_wire.game import points, setup


def _deploying() -> Any:
    game = find_ruleset("sacred-wire").new_game(None, 3)
    while game.decision is not None and game.decision.kind != "deploy":
        game.apply(game.decision.options[0])
    return game


def test_a_deploy_point_is_judged_anew_once_a_base_is_placed_or_the_zones_change() -> None:
    """Why a model may not deploy at a point is kept by the table of the models' standing
    and its side's zones: a base placed there, or other zones, make the answer anew."""
    game = _deploying()
    decision = game.decision
    assert decision is not None
    spec = decision.points[0]
    m = game.model(spec.args[0])
    spot = points.candidate_points(game, spec)[0]
    assert setup.deploy_error(game, m, spot) is None
    assert setup.deploy_error(game, m, spot) == setup._deploy_error(game, m, spot)
    other = next(o for o in game.models if o.side == m.side and o is not m)
    other.x, other.y = spot  # a base placed there by hand
    refused = setup.deploy_error(game, m, spot)
    assert refused is not None and refused == setup._deploy_error(game, m, spot)
    other.x, other.y = -10.0, -10.0
    st = game.state
    zones = list(st.zones)
    zones[m.side] = tuple(z for z in st.zones[1 - m.side])
    st.zones = (zones[0], zones[1])
    assert setup.deploy_error(game, m, spot) == setup._deploy_error(game, m, spot) is not None
