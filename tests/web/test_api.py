"""The JSON API, endpoint by endpoint: what each answers, and that a bad request gets one
line with its status and changes nothing."""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from tests.engine import heap
from tests.web.helpers import a_club_file, an_answer, live_game, new_game, play

from skirmish.engine.action import Action
from skirmish.engine.restore import replay
from skirmish.rulesets.wolsung.clubs.club_list import sample_club_lists

SA = "strange-aeons-intro"
SW = "sacred-wire"


def human_threshold(client: TestClient, seed: int = 0) -> tuple[str, str]:
    made = new_game(client, SA, seed=seed, players={"Threshold": "human"})
    return made["id"], made["seats"]["Threshold"]


def test_rulesets_name_their_sides_setup_options_and_choices(client: TestClient) -> None:
    found = {r["id"]: r for r in client.get("/api/rulesets").json()}
    assert {SA, SW} <= set(found)
    assert found[SA]["sides"] == ["Threshold", "Lurkers"]
    assert found[SW]["setup_keys"][:3] == ["board", "squad_a", "squad_b"]
    assert all(set(r["choices"]) <= set(r["setup_keys"]) for r in found.values())


def test_rulesets_name_the_sides_of_their_default_setup(client: TestClient) -> None:
    found = {r["id"]: r for r in client.get("/api/rulesets").json()}
    assert found[heap.HeapRuleset.id]["sides"] == ["North", "South", "Rules"]
    assert found[heap.HeapRuleset.id]["automata"] == [2]


def test_a_new_game_seats_the_sides_its_setup_makes(client: TestClient, app: FastAPI) -> None:
    setup = {"sides": 4}
    made = new_game(client, heap.HeapRuleset.id, setup=setup, players={"east": "human"})
    assert list(made["seats"]) == ["East"]
    assert live_game(app, made["id"]).sides.names == ("North", "South", "East", "Rules")
    seen = client.get(f"/api/games/{made['id']}", params={"seat": made["seats"]["East"]}).json()
    assert seen["sides"] == ["North", "South", "East", "Rules"] and seen["viewer"] == "East"
    assert seen["players"] == ["ai", "ai", "human", "rules"]
    assert seen["decision"]["side"] == "East"


def test_a_new_game_gives_a_seat_token_to_each_human_side_only(client: TestClient) -> None:
    made = new_game(client, SA, seed=4, players={"threshold": "human"})
    assert list(made["seats"]) == ["Threshold"]
    assert made["hotseat"] is None
    assert made["game"]["players"] == ["human", "ai"]
    assert made["game"]["decision"]["side"] == "Threshold"


def test_sacred_wire_with_hostiles_plays_through_the_api_and_draws_them(
    client: TestClient, app: FastAPI
) -> None:
    # The hostiles are a third side the rules play: no seat, no player, drawn on the board.
    setup = {"hostiles": "feral-crews", "hostile_timing": "early"}
    players = {"A": "random", "B": "random"}
    made = new_game(client, SW, seed=3, setup=setup, players=players, delay=0)
    assert made["seats"] == {}
    game = live_game(app, made["id"])
    assert game.result is not None
    assert game.sides.names[2] == "Hostiles" and made["game"]["players"][2] == "rules"
    hostiles = [m for m in game.models if m.side == 2]
    svg = client.get(f"/api/games/{made['id']}/board.svg").text
    assert hostiles
    assert all(f'data-id="{m.id}"' in svg for m in hostiles if m.on_table)


def test_a_solo_sacred_wire_game_plays_through_the_api(client: TestClient, app: FastAPI) -> None:
    # The house variant X1: one squad against the hostiles; side B fields nobody.
    made = new_game(client, SW, seed=5, setup={"solo": True}, players={"A": "human"})
    game = live_game(app, made["id"])
    assert list(made["seats"]) == ["A"] and made["game"]["decision"]["side"] == "A"
    assert not [m for m in game.models if m.side == 1]
    found = {r["id"]: r for r in client.get("/api/rulesets").json()}
    assert found[SW]["choices"]["solo"] == ["false", "true"]


def test_a_game_of_computers_plays_itself_without_a_delay(client: TestClient) -> None:
    made = new_game(client, SA, seed=2, delay=0)
    assert made["seats"] == {}
    assert made["game"]["over"] is True
    assert made["game"]["result"]["text"].startswith("Result:")


@pytest.mark.parametrize(
    ("body", "status", "message"),
    [
        ({"ruleset": "chess"}, 422, "unknown ruleset 'chess'"),
        ({"ruleset": SA, "setup": {"colour": "red"}}, 422, "unknown setup option"),
        ({"ruleset": SA, "players": {"Martians": "human"}}, 422, "no side 'Martians'"),
        ({"ruleset": SA, "players": {"Threshold": "genius"}}, 422, "^unknown player 'genius'; "),
        (
            {"ruleset": heap.HeapRuleset.id, "setup": {"sides": 2}, "players": {"South": "ai"}},
            422,
            "^this game has no side 'South'; its sides are North, Rules$",
        ),
        ({"ruleset": SA, "seed": -1}, 422, rf"^body\.seed: a seed is 0 to {2**63 - 1}, not -1$"),
        (
            {"ruleset": SA, "seed": 2**63},
            422,
            rf"^body\.seed: a seed is 0 to {2**63 - 1}, not {2**63}$",
        ),
        (
            {"ruleset": SA, "seed": "soon"},
            422,
            rf"^body\.seed: a seed is 0 to {2**63 - 1}, not 'soon'$",
        ),
        (
            {"ruleset": SA, "seed": True},
            422,
            rf"^body\.seed: a seed is 0 to {2**63 - 1}, not True$",
        ),
        ({"ruleset": SA, "seed": 1.5}, 422, rf"^body\.seed: a seed is 0 to {2**63 - 1}, not 1\.5$"),
        ({"ruleset": SA, "hotseat": True}, 422, "two or more human sides"),
        ({"seed": 1}, 422, r"body\.ruleset: Field required"),
        ({"ruleset": SA, "delay": 99}, 422, r"^body\.delay: a delay is a number of seconds from"),
        (
            {"ruleset": SA, "players": {"Threshold": "human", "threshold": "ai"}},
            422,
            "^side Threshold is given two players: 'human' and 'ai'$",
        ),
        (
            {"ruleset": SA, "players": {"Threshold": "y" * 3000, "threshold": "x" * 3000}},
            422,
            f"^side Threshold is given two players: '{'y' * 36}... and '{'x' * 36}...$",
        ),
        (
            {"ruleset": SW, "setup": {"hostiles": "feral-crews"}, "players": {"hostiles": "ai"}},
            422,
            "^side Hostiles is played by the rules$",
        ),
        (
            {"ruleset": SA, "players": {"Lurkers": "x" * 1000}},
            422,
            f"^unknown player '{'x' * 36}...; choose ai, random, human$",
        ),
        (
            {"ruleset": SW, "setup": {"solo": True}, "players": {"B": "human"}},
            422,
            "^side B takes no part in this game; its sides are A, Hostiles$",
        ),
        (
            {"ruleset": "strange-aeons", "setup": {"scenario-roll": "zzz"}},
            422,
            "^scenario-roll is given only with the scenario it rolled$",
        ),
        (
            {
                "ruleset": "strange-aeons",
                "setup": {"scenario": "random", "scenario-roll": [[7, 9]]},
            },
            422,
            "^scenario-roll is given only with the scenario it rolled$",
        ),
    ],
)
def test_a_bad_new_game_is_refused_in_one_line_and_nothing_is_stored(
    client: TestClient, body: dict[str, object], status: int, message: str
) -> None:
    response = client.post("/api/games", json=body)
    assert response.status_code == status
    detail = response.json()["detail"]
    assert re.search(message, detail), detail
    assert "\n" not in detail
    assert client.get("/api/games").json() == []


def test_a_board_name_of_thousands_of_characters_is_refused_in_one_line(
    client: TestClient,
) -> None:
    response = client.post("/api/games", json={"ruleset": SA, "setup": {"board": "x" * 5000}})
    assert response.status_code == 422
    assert re.fullmatch(
        r"board: 'x{36}\.\.\. is no name it knows; choose one of default, .+",
        response.json()["detail"],
    )
    assert client.get("/api/games").json() == []


@pytest.mark.parametrize(
    ("ruleset", "setup", "message"),
    [
        (SA, {"board": "/work/main/pyproject.toml"}, "board: '/work/main/pyproject"),
        (
            SW,
            {"squad_a": "pyproject.toml"},
            "squad_a: 'pyproject.toml' is no name it knows; choose ",
        ),
        ("sacred-wire-post-game", {"book": "../../etc/passwd"}, "never a path$"),
        ("strange-aeons", {"threshold": "/etc/hostname"}, "threshold: '/etc/hostname' is no name"),
    ],
)
def test_a_setup_option_never_names_a_path_on_the_server(
    client: TestClient, ruleset: str, setup: dict[str, str], message: str
) -> None:
    response = client.post("/api/games", json={"ruleset": ruleset, "setup": setup})
    assert response.status_code == 422
    assert re.search(message, response.json()["detail"]), response.json()["detail"]
    assert client.get("/api/games").json() == []


def test_a_text_in_a_setup_list_never_names_a_path_on_the_server(
    client: TestClient, tmp_path: Path
) -> None:
    path = a_club_file(tmp_path)
    for clubs in ([path, "inventors"], ["inventors", [path]]):
        response = client.post("/api/games", json={"ruleset": "wolsung", "setup": {"clubs": clubs}})
        assert response.status_code == 422
        assert response.json()["detail"].startswith(f"clubs: '{path[:36]}...")
    assert client.get("/api/games").json() == []


def test_named_choices_may_be_given_comma_separated_as_the_ruleset_reads_them(
    client: TestClient, app: FastAPI
) -> None:
    listed = new_game(client, "wolsung", setup={"clubs": ["ash-and-oak", "inventors"]})
    joined = new_game(client, "wolsung", setup={"clubs": "ash-and-oak,inventors"})
    setup = live_game(app, joined["id"]).setup
    assert setup == live_game(app, listed["id"]).setup
    for text in ("ash-and-oak, inventors", '["ash-and-oak", "inventors"]'):  # as the setup reads
        again = new_game(client, "wolsung", setup={"clubs": text})
        assert live_game(app, again["id"]).setup == setup
    response = client.post(
        "/api/games", json={"ruleset": "wolsung", "setup": {"clubs": "ash-and-oak,/x.toml"}}
    )
    assert response.status_code == 422
    assert response.json()["detail"].startswith("clubs: '/x.toml' is no name it knows; choose some")
    assert len(client.get("/api/games").json()) == 4


def test_a_club_table_in_a_json_list_text_is_data_as_in_a_list_given_as_data(
    client: TestClient, app: FastAPI
) -> None:
    table = tomllib.loads(sample_club_lists()["inventors"].read_text("utf-8"))
    listed = new_game(client, "wolsung", setup={"clubs": [table, "ash-and-oak"]})
    written = new_game(client, "wolsung", setup={"clubs": json.dumps([table, "ash-and-oak"])})
    assert live_game(app, written["id"]).setup == live_game(app, listed["id"]).setup


def test_a_broken_json_list_is_split_at_its_commas_and_refused_naming_its_unknown_part(
    client: TestClient,
) -> None:
    setup = {"clubs": '["ash-and-oak",'}
    response = client.post("/api/games", json={"ruleset": "wolsung", "setup": setup})
    assert response.status_code == 422
    assert response.json()["detail"] == (
        """clubs: '["ash-and-oak"' is no name it knows; choose some, comma-separated, of """
        "ash-and-oak, inventors, triad"
    )


@pytest.mark.parametrize(
    ("ruleset", "setup", "message"),
    [
        *(
            (
                "wolsung",
                {"clubs": clubs},
                r"^clubs: a list of clubs, each a club name \(ash-and-oak",
            )
            for clubs in (3, {"a": 1}, [], [["ash-and-oak", "inventors"]], [[]])
        ),
        ("sacred-wire-post-game", {"book": 5}, r"^setup option book is invalid: must be a table"),
        (
            SW,
            {"squad_a": "firing-line,night-shift"},
            "^squad_a: 'firing-line,night-shift' is no name it knows; choose one of firing-line, ",
        ),
        (
            "strange-aeons",
            {"threshold": "random,fight_team"},
            "^threshold: 'random,fight_team' is no name it knows; choose one of random, "
            "fight_team$",
        ),
        (
            "strange-aeons",
            {"lurkers": ["fight_cult"]},
            "^lurkers: one name, not a list; choose one of random, fight_cult$",
        ),
        (SW, {"evidence_a": 3}, r"^evidence_a needs a mission \(the mission option, one of "),
    ],
)
def test_a_refused_setup_says_what_is_wrong_in_the_webs_terms(
    client: TestClient, ruleset: str, setup: dict[str, object], message: str
) -> None:
    response = client.post("/api/games", json={"ruleset": ruleset, "setup": setup})
    assert response.status_code == 422
    detail = response.json()["detail"]
    assert re.search(message, detail), detail
    # Never a count gone wrong for no list, a class of ours, a file or a command line's option.
    assert not re.search(r"played by|_bookin|file name|-o ", detail), detail


def test_a_delay_that_is_not_a_number_says_what_a_delay_is(client: TestClient) -> None:
    body = b'{"ruleset": "strange-aeons-intro", "delay": NaN}'
    response = client.post("/api/games", content=body, headers={"content-type": "application/json"})
    assert response.status_code == 422
    assert response.json()["detail"] == "body.delay: a delay is a number of seconds from 0 to 10"


def test_an_action_cut_short_is_malformed_not_refused_by_the_rules(
    client: TestClient, app: FastAPI
) -> None:
    game_id, seat = human_threshold(client, seed=3)
    for _ in range(60):  # Threshold answers until it is asked for a point
        decision = live_game(app, game_id).decision
        assert decision is not None
        if decision.points:
            break
        play(client, app, game_id, seat, 1)
    spec = decision.points[0]
    before = live_game(app, game_id).dumps()
    short = " ".join([spec.kind, *spec.args])
    response = client.post(f"/api/games/{game_id}/actions", json={"seat": seat, "action": short})
    assert response.status_code == 422, response.text
    assert response.json()["detail"] == (
        f"'{short}' is cut short: write it whole, as '{spec.to_text()}'"
    )
    assert live_game(app, game_id).dumps() == before


def test_a_body_that_is_not_json_is_refused(client: TestClient) -> None:
    response = client.post(
        "/api/games", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert response.status_code == 422
    assert "JSON" in response.json()["detail"]


def test_a_request_body_over_the_limit_is_refused_before_it_is_read(client: TestClient) -> None:
    response = client.post(
        "/api/games", content=b"x" * (1024 * 1024 + 1), headers={"content-type": "text/plain"}
    )
    assert response.status_code == 413
    assert response.json()["detail"] == "the request is over 1024 KB"


def test_a_streamed_body_over_the_limit_is_refused_as_it_is_read(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"ruleset": "'
        for _ in range(32):
            yield b"x" * 65536
        yield b'"}'

    response = client.post(
        "/api/games", content=chunks(), headers={"content-type": "application/json"}
    )
    assert response.status_code == 413
    assert response.json()["detail"] == "the request is over 1024 KB"
    form = client.post(
        "/games",
        content=chunks(),
        headers={"content-type": "application/x-www-form-urlencoded"},
    )
    assert form.status_code == 413
    assert client.get("/api/games").json() == []


def test_games_are_listed_newest_first(client: TestClient) -> None:
    first, _ = human_threshold(client)
    second, _ = human_threshold(client, seed=5)
    listed = client.get("/api/games").json()
    assert [g["id"] for g in listed] == [second, first]
    assert listed[0]["ruleset"] == SA


def test_a_seat_sees_its_decision_with_options_and_point_choices(client: TestClient) -> None:
    game_id, seat = human_threshold(client, seed=3)
    seen = client.get(f"/api/games/{game_id}", params={"seat": seat}).json()
    assert seen["viewer"] == "Threshold"
    decision = seen["decision"]
    assert decision["yours"] is True
    assert decision["points"][0]["template"] == "deploy T1 <x,y>"
    assert decision["points"][0]["named"] == "T1 Frank Howard"


def test_an_unknown_game_is_404_and_a_wrong_token_403(client: TestClient) -> None:
    game_id, _ = human_threshold(client)
    missing = client.get("/api/games/nothing-here")
    assert missing.status_code == 404
    assert missing.json()["detail"] == "no game 'nothing-here'"
    wrong = client.get(f"/api/games/{game_id}", params={"seat": "guess"})
    assert wrong.status_code == 403
    assert wrong.json()["detail"] == f"no seat of game {game_id} has that token"


def test_an_action_is_played_and_the_computer_answers_before_the_reply(
    client: TestClient, app: FastAPI
) -> None:
    game_id, seat = human_threshold(client, seed=3)
    action = an_answer(live_game(app, game_id))
    response = client.post(f"/api/games/{game_id}/actions", json={"seat": seat, "action": action})
    assert response.status_code == 200
    body = response.json()
    assert any("[Fight: set-up]" in line for line in body["events"])
    game = live_game(app, game_id)
    assert game.decision is not None and game.decision.player == 0
    assert body["game"]["moves"] == len(game.actions)


def test_an_illegal_action_is_409_with_the_engines_reason_and_changes_nothing(
    client: TestClient, app: FastAPI
) -> None:
    game_id, seat = human_threshold(client, seed=3)
    before = live_game(app, game_id).dumps()
    response = client.post(
        f"/api/games/{game_id}/actions", json={"seat": seat, "action": "deploy T1 18,12"}
    )
    assert response.status_code == 409
    assert response.json()["detail"].startswith("illegal action 'deploy T1 18,12': ")
    assert live_game(app, game_id).dumps() == before
    assert client.get("/api/games").json()[0]["moves"] == len(live_game(app, game_id).actions)


@pytest.mark.parametrize(
    ("action", "message"),
    [("", "empty action"), ("deploy T1 x,y", "x,y"), ("a" * 301, r"body\.action: ")],
)
def test_a_malformed_action_is_422_and_changes_nothing(
    client: TestClient, app: FastAPI, action: str, message: str
) -> None:
    game_id, seat = human_threshold(client, seed=3)
    before = live_game(app, game_id).dumps()
    response = client.post(f"/api/games/{game_id}/actions", json={"seat": seat, "action": action})
    assert response.status_code == 422
    assert re.search(message, response.json()["detail"]), response.json()["detail"]
    assert live_game(app, game_id).dumps() == before


def test_an_action_sent_twice_with_after_is_played_once(client: TestClient, app: FastAPI) -> None:
    game_id, seat = human_threshold(client, seed=3)
    game = live_game(app, game_id)
    move = {"seat": seat, "action": an_answer(game), "after": len(game.actions)}
    assert client.post(f"/api/games/{game_id}/actions", json=move).status_code == 200
    before = live_game(app, game_id).dumps()
    again = client.post(f"/api/games/{game_id}/actions", json=move)
    assert again.status_code == 409
    assert again.json()["detail"].startswith("the game moved on since: ")
    assert live_game(app, game_id).dumps() == before
    assert client.get("/api/games").json()[0]["moves"] == len(live_game(app, game_id).actions)


def test_an_action_resent_once_another_seat_decides_is_out_of_date_not_forbidden(
    client: TestClient, app: FastAPI
) -> None:
    made = new_game(client, SA, seed=3, players={"Threshold": "human", "Lurkers": "human"})
    game_id, seats = made["id"], list(made["seats"].values())

    def deciding() -> int:
        decision = live_game(app, game_id).decision
        assert decision is not None
        return decision.player

    side = deciding()
    while deciding() == side:  # the side to decide answers until the other is to
        game = live_game(app, game_id)
        move = {"seat": seats[side], "action": an_answer(game), "after": len(game.actions)}
        assert client.post(f"/api/games/{game_id}/actions", json=move).status_code == 200
    again = client.post(f"/api/games/{game_id}/actions", json=move)
    assert again.status_code == 409, again.text
    assert again.json()["detail"].startswith("the game moved on since: ")


@pytest.mark.parametrize(("point", "shown"), [("-1e308,5", "-1e+308,5"), ("12,1e15", "12,1e+15")])
def test_a_point_far_beyond_the_table_is_refused_in_one_short_line(
    client: TestClient, app: FastAPI, point: str, shown: str
) -> None:
    game_id, seat = human_threshold(client, seed=3)
    before = live_game(app, game_id).dumps()
    action = {"seat": seat, "action": f"deploy T1 {point}"}
    response = client.post(f"/api/games/{game_id}/actions", json=action)
    assert response.status_code == 422
    assert response.json()["detail"] == (
        f"a point is within 1000 inches of the table's corner, not {shown}"
    )
    assert live_game(app, game_id).dumps() == before


def test_acting_out_of_turn_or_without_a_seat_is_403(client: TestClient, app: FastAPI) -> None:
    made = new_game(client, SA, seed=3, players={"Threshold": "human", "Lurkers": "human"})
    game_id = made["id"]
    game = live_game(app, game_id)
    assert game.decision is not None
    idle = made["seats"][game.sides.names[1 - game.decision.player]]
    before = game.dumps()
    response = client.post(
        f"/api/games/{game_id}/actions", json={"seat": idle, "action": an_answer(game)}
    )
    assert response.status_code == 403
    assert response.json()["detail"].endswith(" to decide, not for you")
    nobody = client.post(f"/api/games/{game_id}/actions", json={"action": an_answer(game)})
    assert nobody.status_code == 403
    assert live_game(app, game_id).dumps() == before


def test_take_back_undoes_a_deployment_and_the_computers_answer(
    client: TestClient, app: FastAPI
) -> None:
    game_id, seat = human_threshold(client, seed=3)
    before = live_game(app, game_id).dumps()
    play(client, app, game_id, seat, 1)
    response = client.post(f"/api/games/{game_id}/takeback", json={"seat": seat})
    assert response.status_code == 200
    assert response.json()["undone"] >= 1
    assert live_game(app, game_id).dumps() == before
    stored = client.get("/api/games").json()[0]
    assert stored["moves"] == len(live_game(app, game_id).actions)


def test_take_back_is_refused_once_a_die_was_rolled_since(client: TestClient, app: FastAPI) -> None:
    game_id, seat = human_threshold(client, seed=3)
    for _ in range(60):
        game = live_game(app, game_id)
        mark = len(game.log)
        play(client, app, game_id, seat, 1)
        if any(e.roll is not None for e in live_game(app, game_id).log[mark:]):
            break
    else:
        pytest.fail("no die was rolled after 60 actions of Threshold")
    before = live_game(app, game_id).dumps()
    response = client.post(f"/api/games/{game_id}/takeback", json={"seat": seat})
    assert response.status_code == 409
    # The die is a model's ("X rolls ...") or the rules' own ("Rolled ...", a roll-off).
    rolled = r"cannot take back '.+': since it, (.+ rolls |Rolled )"
    assert re.match(rolled, response.json()["detail"])
    assert live_game(app, game_id).dumps() == before


def test_a_refused_take_back_words_the_event_as_the_seat_reads_it(
    client: TestClient, app: FastAPI
) -> None:
    made = new_game(client, "wolsung", seed=1, players={"Club 1": "human"})
    game_id, seat = made["id"], made["seats"]["Club 1"]
    play(client, app, game_id, seat, 5)
    response = client.post(f"/api/games/{game_id}/takeback", json={"seat": seat})
    assert response.status_code == 409
    found = re.match(r"cannot take back '.+': since it, (.+)$", response.json()["detail"])
    assert found is not None
    log = client.get(f"/api/games/{game_id}/log", params={"seat": seat}).json()
    assert found.group(1) in log
    hidden = [c.text for c in live_game(app, game_id).pile("hand 1").cards]
    assert not [c for c in hidden if re.search(rf"\b{c}\b", found.group(1))]


def test_take_back_is_refused_once_another_human_has_acted_since(
    client: TestClient, app: FastAPI
) -> None:
    made = new_game(client, SA, seed=3, players={"Threshold": "human", "Lurkers": "human"})
    game_id, seats = made["id"], made["seats"]
    deciders: list[str] = []
    while deciders[-2:] != ["Threshold", "Lurkers"]:
        game = live_game(app, game_id)
        assert game.decision is not None and len(deciders) < 40
        side = game.sides.names[game.decision.player]
        action = {"seat": seats[side], "action": an_answer(game)}
        assert client.post(f"/api/games/{game_id}/actions", json=action).status_code == 200
        deciders.append(side)
    before = live_game(app, game_id).dumps()
    response = client.post(f"/api/games/{game_id}/takeback", json={"seat": seats["Threshold"]})
    assert response.status_code == 409
    assert re.match(r"cannot take back '.+': Lurkers has acted since$", response.json()["detail"])
    assert live_game(app, game_id).dumps() == before


def test_take_back_with_nothing_of_yours_is_409(client: TestClient) -> None:
    made = new_game(client, SA, seed=0, players={"Threshold": "human"})
    response = client.post(
        f"/api/games/{made['id']}/takeback", json={"seat": made["seats"]["Threshold"]}
    )
    assert response.status_code == 409
    assert response.json()["detail"] == "there is no action of yours to take back"


def test_watch_pauses_the_computers_and_sets_their_pace(client: TestClient, app: FastAPI) -> None:
    made = new_game(client, SA, seed=1, delay=5)
    game_id = made["id"]
    paused = client.post(f"/api/games/{game_id}/watch", json={"paused": True, "delay": 0.2})
    assert paused.status_code == 200
    assert paused.json()["paused"] is True
    assert paused.json()["delay"] == 0.2
    moves = len(live_game(app, game_id).actions)
    resumed = client.post(f"/api/games/{game_id}/watch", json={"paused": False, "delay": 0})
    assert resumed.json()["over"] is True
    assert len(live_game(app, game_id).actions) > moves


def test_watch_without_a_delay_keeps_the_games_pace(client: TestClient) -> None:
    made = new_game(client, SA, seed=1, delay=3)
    game_id = made["id"]
    paused = client.post(f"/api/games/{game_id}/watch", json={"paused": True})
    assert (paused.json()["paused"], paused.json()["delay"]) == (True, 3)
    going = client.post(f"/api/games/{game_id}/watch", json={"paused": False})
    assert (going.json()["paused"], going.json()["delay"]) == (False, 3)


def test_watch_refuses_a_delay_out_of_range(client: TestClient) -> None:
    made = new_game(client, SA, seed=1, delay=5)
    response = client.post(f"/api/games/{made['id']}/watch", json={"delay": -1})
    assert response.status_code == 422
    assert response.json()["detail"].startswith("body.delay: ")


def test_the_record_replays_to_the_same_log(client: TestClient, app: FastAPI) -> None:
    made = new_game(client, SA, seed=6, delay=0)
    record = client.get(f"/api/games/{made['id']}/record").json()
    again = replay(record)
    assert [e.to_json() for e in again.log] == [e.to_json() for e in live_game(app, made["id"]).log]


def test_the_log_cites_a_rule_on_every_line(client: TestClient) -> None:
    game_id, seat = human_threshold(client, seed=3)
    lines = client.get(f"/api/games/{game_id}/log", params={"seat": seat}).json()
    assert lines
    assert all(re.search(r"\[[^\]]+\]$", line) for line in lines)


def test_a_model_card_gives_its_profile_and_an_unknown_model_is_404(client: TestClient) -> None:
    game_id, seat = human_threshold(client, seed=3)
    card = client.get(f"/api/games/{game_id}/models/T1", params={"seat": seat}).json()
    assert card["name"] == "Frank Howard"
    assert ["Name", "Frank Howard"] in card["card"]
    missing = client.get(f"/api/games/{game_id}/models/Z9", params={"seat": seat})
    assert missing.status_code == 404
    assert missing.json()["detail"] == f"no model 'Z9' in game {game_id}"


def test_reach_lists_only_points_the_engine_accepts(client: TestClient, app: FastAPI) -> None:
    game_id, seat = human_threshold(client, seed=3)
    found = client.get(f"/api/games/{game_id}/reach", params={"seat": seat, "model": "T1"}).json()
    assert found["action"] == "deploy T1 <x,y>"
    assert found["points"]
    game = live_game(app, game_id)
    step = game.stack[-1]
    for x, y in found["points"]:
        assert step.point_error(game, Action.at("deploy", ("T1",), x, y)) is None


def test_reach_of_a_model_no_choice_names_is_refused(client: TestClient) -> None:
    game_id, seat = human_threshold(client, seed=3)
    response = client.get(f"/api/games/{game_id}/reach", params={"seat": seat, "model": "L1"})
    assert response.status_code == 422
    assert response.json()["detail"] == "no point choice of yours names 'L1' now"


def test_the_board_draws_each_model_where_the_engine_has_it(
    client: TestClient, app: FastAPI
) -> None:
    made = new_game(client, SA, seed=6, delay=0)
    svg = client.get(f"/api/games/{made['id']}/board.svg", params={"select": "L1"}).text
    game = live_game(app, made["id"])
    for m in game.models:
        if not m.on_table:
            continue
        group = re.search(
            rf'data-id="{m.id}">.*?<circle class="base" cx="([\d.]+)" cy="([\d.]+)"', svg
        )
        assert group is not None, m.id
        assert float(group[1]) == pytest.approx(m.x, abs=0.01)
        assert float(group[2]) == pytest.approx(game.board.height - m.y, abs=0.01)


def test_the_board_at_a_step_is_the_board_after_that_many_actions(
    client: TestClient, app: FastAPI
) -> None:
    made = new_game(client, SA, seed=6, delay=0)
    at_start = client.get(f"/api/games/{made['id']}/board.svg", params={"step": 0}).text
    assert 'class="model side' not in at_start
    later = client.get(f"/api/games/{made['id']}/board.svg", params={"step": 6}).text
    assert 'class="model side' in later


def test_the_websocket_pushes_the_state_after_every_change(
    client: TestClient, app: FastAPI
) -> None:
    game_id, seat = human_threshold(client, seed=3)
    with client.websocket_connect(f"/api/games/{game_id}/ws?seat={seat}") as socket:
        first = socket.receive_json()
        assert first["type"] == "state"
        assert "<svg" in first["board"]
        play(client, app, game_id, seat, 1)
        later = socket.receive_json()
        while later["moves"] < len(live_game(app, game_id).actions):
            later = socket.receive_json()
        assert later["moves"] == len(live_game(app, game_id).actions)
        socket.send_json({"select": "T1"})
        selected = socket.receive_json()
        assert 'class="selected"' in selected["board"]


def test_the_websocket_does_not_send_a_state_the_page_shows(
    client: TestClient, app: FastAPI
) -> None:
    # A redrawn panel would lose the point choice ticked on it.
    game_id, seat = human_threshold(client, seed=3)
    play(client, app, game_id, seat, 1)  # T1 deployed
    with client.websocket_connect(f"/api/games/{game_id}/ws?seat={seat}") as socket:
        first = socket.receive_json()
        while first["moves"] < len(live_game(app, game_id).actions):
            first = socket.receive_json()
        socket.send_json({"select": None})
        socket.send_json({"select": "T1"})
        after = socket.receive_json()
        assert after != first
        assert 'class="selected"' in after["board"]


def test_the_websocket_of_a_wrong_seat_is_closed(client: TestClient) -> None:
    game_id, _ = human_threshold(client)
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        client.websocket_connect(f"/api/games/{game_id}/ws?seat=guess") as socket,
    ):
        socket.receive_json()
    assert closed.value.code == 4403


def test_the_websocket_of_an_unknown_game_is_closed_with_the_reason(client: TestClient) -> None:
    # Accepted, then closed: a refused handshake would carry no reason to the browser.
    with (
        client.websocket_connect("/api/games/nothing-here/ws") as socket,
        pytest.raises(WebSocketDisconnect) as closed,
    ):
        socket.receive_json()
    assert closed.value.code == 4404
    assert closed.value.reason == "no game 'nothing-here'"


@pytest.mark.parametrize(
    ("frame", "reason"),
    [
        (b"\x00\x01", "a frame is JSON text, not binary"),
        ("hello {", "a frame is JSON text: this one is not"),
        ("[" * 100_000 + "]" * 100_000, "a frame is JSON text: this one is not"),
    ],
)
def test_a_websocket_frame_that_is_not_json_text_closes_it_with_the_reason(
    client: TestClient, frame: str | bytes, reason: str
) -> None:
    game_id, seat = human_threshold(client, seed=3)
    with client.websocket_connect(f"/api/games/{game_id}/ws?seat={seat}") as socket:
        assert socket.receive_json()["type"] == "state"
        if isinstance(frame, bytes):
            socket.send_bytes(frame)
        else:
            socket.send_text(frame)
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
    assert (closed.value.code, closed.value.reason) == (1003, reason)


def test_the_openapi_page_documents_the_api(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    assert "/api/games" in schema["paths"]
    assert "/api/games/{game_id}/actions" in schema["paths"]
    assert client.get("/docs").status_code == 200


def test_only_a_seat_may_pause_a_game_with_human_players(client: TestClient) -> None:
    game_id, seat = human_threshold(client, seed=3)
    response = client.post(f"/api/games/{game_id}/watch", json={"paused": True})
    assert response.status_code == 403
    assert response.json()["detail"] == "only a seat of this game may pause or pace it"
    mine = client.post(f"/api/games/{game_id}/watch", json={"seat": seat, "paused": True})
    assert mine.status_code == 200 and mine.json()["paused"] is True


def test_a_switch_given_as_the_text_of_its_choice_reads_as_the_form_reads_it(
    client: TestClient, app: FastAPI
) -> None:
    # The API lists a switch's choices as "false" and "true"; each text is taken as offered.
    listed = client.get("/api/rulesets").json()
    wire = next(r for r in listed if r["id"] == "sacred-wire")
    assert wire["choices"]["signal_done"] == ["false", "true"]
    made = new_game(client, "sacred-wire", setup={"mission": "extraction", "signal_done": "true"})
    assert live_game(app, made["id"]).setup["signal_done"] is True
    solo = new_game(client, "sacred-wire", setup={"solo": "false"})
    assert "solo" not in live_game(app, solo["id"]).setup
