"""Helpers of the web tests: making games over the API and answering their decisions."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from skirmish.engine.action import Action
from skirmish.engine.game import Game
from skirmish.rulesets.wolsung.clubs.club_list import sample_club_lists
from skirmish.web.lobby import Lobby


def new_game(client: TestClient, ruleset: str, **fields: Any) -> dict[str, Any]:
    """Create a game; fail with the server's reason unless it is created."""
    response = client.post("/api/games", json={"ruleset": ruleset, **fields})
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def live_game(app: FastAPI, game_id: str) -> Game[Any, Any]:
    """The game the server holds (a test may read it, never change it)."""
    lobby: Lobby = app.state.lobby
    return lobby.rooms[game_id].game


def an_answer(game: Game[Any, Any]) -> str:
    """A legal answer to the pending decision: its first option, else the first sensible
    point the ruleset offers for its first point choice."""
    decision = game.decision
    assert decision is not None
    seen = game.view(decision.player)
    if decision.options:
        return decision.options[0].to_text()
    for spec in decision.points:
        points = game.ruleset.candidate_points(seen, spec)
        if points:
            return Action.at(spec.kind, spec.args, *points[0]).to_text()
    raise AssertionError(f"no answer found for {decision.prompt!r}")


def play(client: TestClient, app: FastAPI, game_id: str, seat: str, actions: int) -> None:
    """Answer the seat's decisions ``actions`` times (the computer answers in between)."""
    for _ in range(actions):
        game = live_game(app, game_id)
        if game.is_over:
            return
        response = client.post(
            f"/api/games/{game_id}/actions", json={"seat": seat, "action": an_answer(game)}
        )
        assert response.status_code == 200, response.text


def a_club_file(folder: Path) -> str:
    """A club-list file that would be read and played, were its path let through."""
    path = folder / "evil.toml"
    path.write_text(sample_club_lists()["inventors"].read_text("utf-8"), "utf-8")
    return str(path)
