"""Seats: a seat sees only its player's view, over every door of the app (its page, the API
and its WebSocket); a hot-seat screen hides one player's hand from the next; a game with a
human's secrets is closed to anyone without a seat until it ends."""

from __future__ import annotations

import re
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.contract.bids import BidsRuleset, hand
from tests.web.helpers import an_answer, live_game, new_game

BIDS = BidsRuleset.id
BOTH = {"North": "human", "South": "human"}


def cards_of(app: FastAPI, game_id: str, side: int) -> list[str]:
    return [c.text for c in live_game(app, game_id).pile(hand(side)).cards]


def shows(text: str, card: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(card)}(?![\w-])", text) is not None


def everything_north_sees(client: TestClient, game_id: str, seat: str) -> str:
    parts = [
        client.get(f"/api/games/{game_id}", params={"seat": seat}).text,
        client.get(f"/api/games/{game_id}/log", params={"seat": seat}).text,
        client.get(f"/api/games/{game_id}/board.svg", params={"seat": seat}).text,
        client.get(f"/games/{game_id}", params={"seat": seat}).text,
        client.get(f"/games/{game_id}/replay", params={"seat": seat}).text,
    ]
    return "\n".join(parts)


def test_a_seat_never_sees_another_seats_hand(client: TestClient, app: FastAPI) -> None:
    made = new_game(client, BIDS, seed=5, players=BOTH)
    game_id, seats = made["id"], made["seats"]
    frames: list[dict[str, Any]] = []
    with client.websocket_connect(f"/api/games/{game_id}/ws?seat={seats['North']}") as north:
        frames.append(north.receive_json())
        for _ in range(12):
            game = live_game(app, game_id)
            if game.is_over:
                break
            assert game.decision is not None
            seat = seats[game.sides.names[game.decision.player]]
            response = client.post(
                f"/api/games/{game_id}/actions", json={"seat": seat, "action": an_answer(game)}
            )
            assert response.status_code == 200, response.text
            frame = north.receive_json()
            while frame["moves"] < len(live_game(app, game_id).actions):
                frame = north.receive_json()
            frames.append(frame)
            seen = everything_north_sees(client, game_id, seats["North"])
            hidden = cards_of(app, game_id, 1)
            for text in (seen, *(str(v) for v in frame.values())):
                assert not [c for c in hidden if shows(text, c)], "North saw South's hand"
            assert all(shows(seen, c) for c in cards_of(app, game_id, 0))


def test_a_game_with_secrets_is_closed_to_all_but_its_seats_until_it_ends(
    client: TestClient, app: FastAPI
) -> None:
    made = new_game(client, BIDS, seed=5, players={"North": "human", "South": "ai"})
    game_id = made["id"]
    for path in ("", "/record", "/log", "/board.svg"):
        response = client.get(f"/api/games/{game_id}{path}")
        assert response.status_code == 403
        assert response.json()["detail"] == (
            f"game {game_id} has secrets: open it with a seat's link"
        )
    assert client.get(f"/games/{game_id}").status_code == 403
    seat = made["seats"]["North"]
    while not live_game(app, game_id).is_over:
        action = an_answer(live_game(app, game_id))
        client.post(f"/api/games/{game_id}/actions", json={"seat": seat, "action": action})
    assert client.get(f"/api/games/{game_id}/record").status_code == 200


def test_a_hot_seat_screen_is_passed_before_a_player_sees_their_hand(
    client: TestClient, app: FastAPI
) -> None:
    made = new_game(client, BIDS, seed=5, players=BOTH, hotseat=True)
    game_id, screen = made["id"], made["hotseat"]
    assert screen is not None
    shown = client.get(f"/api/games/{game_id}", params={"seat": screen}).json()
    assert shown["passing"] is True
    assert shown["decision"] is None and shown["piles"] == []
    game = live_game(app, game_id)
    refused = client.post(
        f"/api/games/{game_id}/actions", json={"seat": screen, "action": an_answer(game)}
    )
    assert refused.status_code == 403
    assert refused.json()["detail"] == "pass the screen first: the next player confirms it is them"
    ready = client.post(f"/api/games/{game_id}/ready", json={"seat": screen}).json()
    assert ready["passing"] is False
    assert ready["decision"]["yours"] is True
    north_page = client.get(f"/games/{game_id}", params={"seat": screen}).text
    assert all(shows(north_page, c) for c in cards_of(app, game_id, ready["decision"]["player"]))
    deciding = ready["decision"]["player"]
    while live_game(app, game_id).decision.player == deciding:  # type: ignore[union-attr]
        game = live_game(app, game_id)
        client.post(
            f"/api/games/{game_id}/actions", json={"seat": screen, "action": an_answer(game)}
        )
    after = client.get(f"/games/{game_id}", params={"seat": screen}).text
    assert "Pass the screen to" in after
    assert not [c for c in cards_of(app, game_id, 1 - deciding) if shows(after, c)]
    assert not [c for c in cards_of(app, game_id, deciding) if shows(after, c)]


def test_a_hot_seat_screen_not_yet_passed_hides_the_log_board_and_cards(
    client: TestClient, app: FastAPI
) -> None:
    made = new_game(client, BIDS, seed=5, players=BOTH, hotseat=True)
    game_id, screen = made["id"], made["hotseat"]
    before = live_game(app, game_id).dumps()
    hidden = [
        f"/api/games/{game_id}/log",
        f"/api/games/{game_id}/board.svg",
        f"/api/games/{game_id}/board.svg?step=0",
        f"/api/games/{game_id}/models/N1",
        f"/games/{game_id}/card/N1",
        f"/games/{game_id}/replay",
    ]
    for path in hidden:
        response = client.get(path, params={"seat": screen})
        assert response.status_code == 403, path
        assert "pass the screen first: the next player confirms it is them" in response.text
    assert live_game(app, game_id).dumps() == before
    client.post(f"/api/games/{game_id}/ready", json={"seat": screen})
    log = client.get(f"/api/games/{game_id}/log", params={"seat": screen})
    assert log.status_code == 200


def test_ready_is_only_for_the_hot_seat_screen(client: TestClient) -> None:
    made = new_game(client, BIDS, seed=5, players=BOTH)
    response = client.post(f"/api/games/{made['id']}/ready", json={"seat": made["seats"]["North"]})
    assert response.status_code == 403
    assert response.json()["detail"] == "only the hot-seat screen is passed from player to player"
