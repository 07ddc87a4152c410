"""A room: actions on one game serialized, a failed write changing nothing, and a server
restart losing no stored move."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.helpers import an_answer, live_game, new_game, play

from skirmish.engine.action import Action
from skirmish.errors import IllegalActionError, StoreError
from skirmish.store.games import GameStore
from skirmish.web.app import create_app
from skirmish.web.lobby import Lobby, start_game
from skirmish.web.room import Room

SA = "strange-aeons-intro"
T = TypeVar("T")


def run(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run ``coroutine`` to its end on a loop of its own thread: a browser test in the same
    worker may leave an event loop running in this one."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def a_room(db_url: str) -> tuple[Lobby, Room]:
    lobby = Lobby(GameStore(db_url))
    made = lobby.create(start_game(SA, {}, 3), {"Threshold": "human"})
    return lobby, made.room


def test_two_requests_for_one_decision_are_served_one_after_the_other(db_url: str) -> None:
    lobby, room = a_room(db_url)
    viewer = room.viewer(room.seats[0])
    run(room.answer())
    action = Action.parse(an_answer(room.game))

    async def both() -> list[object]:
        return await asyncio.gather(
            room.act(viewer, action), room.act(viewer, action), return_exceptions=True
        )

    first, second = run(both())
    assert isinstance(first, list)
    assert isinstance(second, IllegalActionError)
    stored = lobby.store.game(room.id)
    assert stored is not None
    assert list(stored.moves) == [a.to_text() for a in room.game.actions]


def test_a_move_the_store_refuses_leaves_the_game_as_it_was(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, room = a_room(db_url)
    run(room.answer())
    before = room.game.dumps()

    def refuse(*args: object) -> None:
        raise StoreError("cannot store move 4 of game g: disk full")

    monkeypatch.setattr(room.store, "append", refuse)
    action = Action.parse(an_answer(room.game))
    with pytest.raises(StoreError, match="disk full"):
        run(room.act(room.viewer(room.seats[0]), action))
    assert room.game.dumps() == before


def test_a_game_its_computer_players_paused_stays_paused_after_a_restart(db_url: str) -> None:
    lobby = Lobby(GameStore(db_url))
    room = lobby.create(start_game(SA, {}, 3), {}).room
    side = next(iter(room.players))
    room.players[side].choose = lambda game: Action("bogus")  # type: ignore[method-assign]
    run(room.run_ai())
    assert room.paused and "illegal action 'bogus'" in room.trouble
    again = run(Lobby(GameStore(db_url)).room(room.id))
    assert again.paused and again.game.actions == room.game.actions


def test_a_restarted_server_holds_every_stored_move(
    client: TestClient, app: FastAPI, db_url: str
) -> None:
    made = new_game(client, SA, seed=3, players={"Threshold": "human"})
    seat = made["seats"]["Threshold"]
    play(client, app, made["id"], seat, 5)
    before = live_game(app, made["id"]).dumps()
    with TestClient(create_app(db_url)) as restarted:
        seen = restarted.get(f"/api/games/{made['id']}", params={"seat": seat})
        assert seen.status_code == 200
        assert live_game(restarted.app, made["id"]).dumps() == before  # type: ignore[arg-type]


def test_a_watched_game_goes_on_after_a_restart(
    client: TestClient, app: FastAPI, db_url: str
) -> None:
    made = new_game(client, SA, seed=8, delay=10)
    # The first server stops playing before the second takes the game over: two servers
    # storing moves of one game race for its move numbers (one server per store, docs/web.md).
    client.post(f"/api/games/{made['id']}/watch", json={"paused": True, "delay": 10})
    room: Room = app.state.lobby.rooms[made["id"]]
    for _ in range(500):  # a computer action under way is stored before the lock is free
        if not room.lock.locked():
            break
        time.sleep(0.01)
    with TestClient(create_app(db_url)) as restarted:
        restarted.post(f"/api/games/{made['id']}/watch", json={"paused": False, "delay": 0})
        assert restarted.get(f"/api/games/{made['id']}").json()["over"] is True


def test_a_paused_game_stays_paused_with_its_pace_after_a_restart(
    client: TestClient, app: FastAPI, db_url: str
) -> None:
    made = new_game(client, SA, seed=8, delay=10)
    paused = client.post(f"/api/games/{made['id']}/watch", json={"paused": True, "delay": 7})
    assert paused.status_code == 200, paused.text
    room: Room = app.state.lobby.rooms[made["id"]]
    for _ in range(500):  # a computer action under way is stored before the lock is free
        if not room.lock.locked():
            break
        time.sleep(0.01)
    moves = len(room.game.actions)
    with TestClient(create_app(db_url)) as restarted:
        seen = restarted.get(f"/api/games/{made['id']}").json()
        again: Room = restarted.app.state.lobby.rooms[made["id"]]  # type: ignore[attr-defined]
        time.sleep(0.2)  # time enough for a game let go at the default pace to play on
        assert (seen["paused"], seen["delay"]) == (True, 7)
        assert (again.paused, again.delay, len(again.game.actions)) == (True, 7, moves)
