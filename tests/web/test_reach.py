"""Where a model may go, as the board shows it: the accepted points are the points the page
sends when their dots are clicked, and stand inside the limit."""

from __future__ import annotations

import math
import re
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.helpers import live_game, new_game, play

from skirmish.engine.action import Action
from skirmish.engine.game import Game
from skirmish.web.reach import MARGIN, reach, spec_of

SA = "strange-aeons-intro"


def a_move_of(client: TestClient, app: FastAPI, model_id: str) -> Game[Any, Any]:
    """A Strange Aeons game whose Threshold seat is asked where ``model_id`` moves."""
    made = new_game(client, SA, seed=3, players={"Threshold": "human"})
    game_id, seat = made["id"], made["seats"]["Threshold"]
    for _ in range(40):
        game = live_game(app, game_id)
        spec = spec_of(game, model_id)
        if spec is not None and spec.kind == "move":
            return game
        play(client, app, game_id, seat, 1)
    raise AssertionError(f"{model_id} was never asked to move")


def test_reach_points_are_sent_as_drawn_and_stand_inside_the_limit(
    client: TestClient, app: FastAPI
) -> None:
    game = a_move_of(client, app, "T1")
    spec = spec_of(game, "T1")
    assert spec is not None
    found = reach(game, spec, "T1")
    centre = game.model("T1").pos
    assert found.points
    for x, y in found.points:
        # The dot's point is what a click on it sends (two decimals), and the engine took it.
        assert (round(x, 2), round(y, 2)) == (x, y), "a dot the page cannot send exactly"
        assert game.point_error(Action.at(spec.kind, spec.args, x, y)) is None
        # A click a pixel past the dot, outward, is still accepted: the dot is not on the limit.
        d = math.dist(centre, (x, y))
        out = (
            centre[0] + (x - centre[0]) * (d + MARGIN / 2) / d,
            centre[1] + (y - centre[1]) * (d + MARGIN / 2) / d,
        )
        assert game.point_error(Action.at(spec.kind, spec.args, *out)) is None, "dot on the limit"


def test_a_model_still_to_deploy_gets_its_accepted_points_drawn(client: TestClient) -> None:
    made = new_game(client, SA, seed=3, players={"Threshold": "human"})
    params = {"seat": made["seats"]["Threshold"], "select": "T1"}
    svg = client.get(f"/api/games/{made['id']}/board.svg", params=params).text
    assert 'class="reach-point" data-at="' in svg, "no accepted points of the model to deploy"
    assert 'class="selected"' not in svg  # it has no place on the table to ring yet


def test_a_choice_argument_that_names_no_model_draws_no_reach(client: TestClient) -> None:
    made = new_game(client, SA, seed=3, players={"Threshold": "human"})
    params = {"seat": made["seats"]["Threshold"], "select": "nobody"}
    response = client.get(f"/api/games/{made['id']}/board.svg", params=params)
    assert response.status_code == 200
    assert "reach-point" not in response.text


def test_the_wolsung_zone_choice_draws_the_zones(client: TestClient) -> None:
    made = new_game(client, "wolsung", seed=1, players={"Club 1": "human", "Club 2": "human"})
    params = {"seat": made["seats"]["Club 2"]}  # the roll-off winner, who chooses
    svg = client.get(f"/api/games/{made['id']}/board.svg", params=params).text
    assert re.findall(r'class="area zone" data-label="([^"]+)"', svg) == ["south", "north"]
