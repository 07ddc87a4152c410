"""The pages: the new-game form (samples, uploads checked by the ruleset's own messages, size
limits), the seat links of a new game, the notices of the forms on the board page, a model's
card, the replay and the error page."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.engine import heap
from tests.web.helpers import a_club_file, an_answer, live_game, new_game

from skirmish.players import RandomPlayer, play
from skirmish.rulesets import find_ruleset
from skirmish.rulesets.sacred_wire.squads.squad import sample_squad_path
from skirmish.rulesets.wolsung.game.templates import FIRE, lay
from skirmish.web import html
from skirmish.web.board import board_svg
from skirmish.web.pages import MAX_UPLOAD

SA = "strange-aeons-intro"
SW = "sacred-wire"


def form(ruleset: str, **fields: str) -> dict[str, str]:
    return {"ruleset": ruleset, "seed": "3", **fields}


def test_the_start_page_offers_every_ruleset_and_lists_stored_games(client: TestClient) -> None:
    made = new_game(client, SA, seed=1, delay=0)
    page = client.get("/").text
    assert f'<option value="{SA}"' in page and f'<option value="{SW}"' in page
    assert f'href="/games/{made["id"]}"' in page


def test_the_fields_of_a_ruleset_name_its_sides_and_setup_options(client: TestClient) -> None:
    fields = client.get("/new/fields", params={"ruleset": SW}).text
    assert 'name="player_0"' in fields and 'name="player_1"' in fields
    assert 'name="setup_squad_a"' in fields and 'name="upload_squad_a"' in fields
    unknown = client.get("/new/fields", params={"ruleset": "chess"})
    assert unknown.status_code == 422
    assert "unknown ruleset &#39;chess&#39;" in unknown.text


def test_the_form_names_players_by_their_place_among_the_sides_of_the_setup(
    client: TestClient,
) -> None:
    fields = client.get("/new/fields", params={"ruleset": heap.HeapRuleset.id}).text
    assert re.findall(r'name="player_(\d)"', fields) == ["0", "1"]  # the default setup's
    four = form(heap.HeapRuleset.id, setup_sides="4", player_1="human")
    links = re.findall(r'<a class="seat" data-side="(\w+)"', client.post("/games", data=four).text)
    assert links == ["South"]
    # Of two sides, the second is the automaton: the form's second player is no player here.
    two = form(heap.HeapRuleset.id, setup_sides="2", player_1="human")
    made = client.post("/games", data=two, follow_redirects=False)
    assert made.status_code == 303, made.text
    seen = client.get("/api" + made.headers["location"]).json()
    assert seen["sides"] == ["North", "Rules"] and seen["players"] == ["ai", "rules"]


def test_a_game_with_a_human_shows_the_seat_links(client: TestClient) -> None:
    page = client.post("/games", data=form(SA, player_0="human")).text
    links = re.findall(
        r'<a class="seat" data-side="(\w+)" href="/games/([\w-]+)\?seat=([\w-]+)"', page
    )
    assert [side for side, _, _ in links] == ["Threshold"]
    _, game_id, token = links[0]
    board = client.get(f"/games/{game_id}", params={"seat": token})
    assert board.status_code == 200
    assert "Your seat: <b>Threshold</b>" in board.text


def test_a_game_of_computers_opens_its_board_at_once(client: TestClient) -> None:
    response = client.post("/games", data=form(SA), follow_redirects=False)
    assert response.status_code == 303
    assert re.fullmatch(r"/games/[\w-]+", response.headers["location"])


def test_a_bad_form_is_shown_again_with_the_rulesets_reason(client: TestClient) -> None:
    page = client.post("/games", data=form(SW, setup_loot="maybe"))
    assert page.status_code == 422
    assert 'id="form-error"' in page.text
    assert "loot" in re.search(r'id="form-error">([^<]*)<', page.text)[1]  # type: ignore[index]
    assert client.get("/api/games").json() == []
    seed = client.post("/games", data=form(SA, seed="soon"))
    assert f"a seed is 0 to {2**63 - 1}, not &#39;soon&#39;" in seed.text


@pytest.mark.parametrize(("digits", "shown"), [(4000, "9" * 37), (5000, "&#39;" + "9" * 36)])
def test_a_seed_of_thousands_of_digits_is_refused_in_the_kernels_words_cut_short(
    client: TestClient, digits: int, shown: str
) -> None:
    # Past 4300 digits Python reads no number: the text itself is quoted.
    page = client.post("/games", data=form(SA, seed="9" * digits))
    assert page.status_code == 422
    error = re.search(r'id="form-error">([^<]*)<', page.text)[1]  # type: ignore[index]
    assert error == f"a seed is 0 to {2**63 - 1}, not {shown}..."


@pytest.mark.parametrize("seed", [-1, 2**63])
def test_a_seed_out_of_range_on_the_form_is_refused_as_a_save_refuses_it(
    client: TestClient, seed: int
) -> None:
    page = client.post("/games", data=form(SA, seed=str(seed)))
    assert page.status_code == 422
    error = re.search(r'id="form-error">([^<]*)<', page.text)[1]  # type: ignore[index]
    assert error == f"a seed is 0 to {2**63 - 1}, not {seed}"
    assert client.get("/api/games").json() == []


@pytest.mark.parametrize("field", ["ruleset", "seed", "player_0", "setup_board"])
def test_a_field_of_text_sent_as_a_file_is_refused_by_name(client: TestClient, field: str) -> None:
    data = {key: value for key, value in form(SA).items() if key != field}
    page = client.post("/games", data=data, files={field: ("x.txt", b"human")})
    assert page.status_code == 422
    error = re.search(r'id="form-error">([^<]*)<', page.text)[1]  # type: ignore[index]
    assert error == f"{field} is a field of text, not a file (&#39;x.txt&#39;)"
    assert client.get("/api/games").json() == []


def test_a_solo_game_on_the_form_leaves_side_b_without_a_human_seat(client: TestClient) -> None:
    made = client.post("/games", data=form(SW, setup_solo="true"), follow_redirects=False)
    assert made.status_code == 303, made.text
    refused = client.post("/games", data=form(SW, setup_solo="true", player_1="human"))
    assert refused.status_code == 422
    assert "side B takes no part in this game; its sides are A, Hostiles" in refused.text


def test_a_board_name_of_thousands_of_characters_is_refused_on_the_form(
    client: TestClient,
) -> None:
    page = client.post("/games", data=form(SA, setup_board="x" * 5000))
    assert page.status_code == 422
    error = re.search(r'id="form-error">([^<]*)<', page.text)[1]  # type: ignore[index]
    assert error.startswith(f"board: &#39;{'x' * 36}... is no name it knows; choose one of default")
    assert client.get("/api/games").json() == []


def test_a_text_in_a_setup_list_on_the_form_never_names_a_path_on_the_server(
    client: TestClient, tmp_path: Path
) -> None:
    path = a_club_file(tmp_path)
    clubs = json.dumps([path, "inventors"])
    page = client.post("/games", data=form("wolsung", setup_clubs=clubs))
    assert page.status_code == 422
    error = re.search(r'id="form-error">([^<]*)<', page.text)[1]  # type: ignore[index]
    assert error.startswith(f"clubs: &#39;{path[:36]}...")
    assert client.get("/api/games").json() == []


def test_a_broken_json_list_on_the_form_is_refused_naming_its_unknown_part(
    client: TestClient,
) -> None:
    page = client.post("/games", data=form("wolsung", setup_clubs='["ash-and-oak",'))
    assert page.status_code == 422
    error = re.search(r'id="form-error">([^<]*)<', page.text)[1]  # type: ignore[index]
    assert error.startswith("clubs: &#39;[&#34;ash-and-oak&#34;&#39; is no name it knows")


def test_an_uploaded_squad_is_checked_and_embedded(client: TestClient, app: FastAPI) -> None:
    squad = sample_squad_path("night-shift").read_bytes()
    response = client.post(
        "/games",
        data=form(SW),
        files={"upload_squad_a": ("mine.toml", squad, "application/toml")},
        follow_redirects=False,
    )
    assert response.status_code == 303, response.text
    game_id = response.headers["location"].rsplit("/", 1)[1]
    client.get(f"/api/games/{game_id}")
    setup = live_game(app, game_id).setup
    assert isinstance(setup["squad_a"], dict)


def test_an_upload_that_is_not_a_squad_gets_the_rulesets_message(client: TestClient) -> None:
    response = client.post(
        "/games",
        data=form(SW),
        files={"upload_squad_a": ("mine.toml", b"name = 3\n", "text/plain")},
    )
    assert response.status_code == 422
    assert "squad" in response.text
    assert client.get("/api/games").json() == []


def test_a_refused_upload_is_named_as_uploaded_not_by_the_servers_folder(
    client: TestClient,
) -> None:
    response = client.post(
        "/games",
        data=form(SW),
        files={"upload_squad_a": ("mine.exe", b"name = 3\n", "text/plain")},
    )
    assert response.status_code == 422
    assert "mine.exe" in response.text
    assert "skirmish-upload-" not in response.text
    assert client.get("/api/games").json() == []


def test_an_upload_over_the_limit_or_not_text_is_refused(client: TestClient) -> None:
    big = client.post(
        "/games",
        data=form(SW),
        files={"upload_squad_a": ("big.toml", b"#" * (MAX_UPLOAD + 1), "text/plain")},
    )
    assert big.status_code == 422
    assert "squad_a: big.toml is over 256 KB" in big.text
    binary = client.post(
        "/games", data=form(SW), files={"upload_squad_a": ("x.toml", b"\xff\xfe", "text/plain")}
    )
    assert "squad_a: x.toml is not UTF-8 text" in binary.text


def test_the_action_form_answers_with_a_notice(client: TestClient, app: FastAPI) -> None:
    made = new_game(client, SA, seed=3, players={"Threshold": "human"})
    game_id, seat = made["id"], made["seats"]["Threshold"]
    refused = client.post(f"/games/{game_id}/act", data={"seat": seat, "action": "pass T9"})
    assert '<p class="refused">illegal action' in refused.text
    done = client.post(
        f"/games/{game_id}/act", data={"seat": seat, "action": an_answer(live_game(app, game_id))}
    )
    assert "refused" not in done.text
    back = client.post(f"/games/{game_id}/takeback", data={"seat": seat})
    assert re.search(r"Taken back: \d+ actions?\.", back.text)
    paced = client.post(f"/games/{game_id}/watch", data={"seat": seat, "paused": "yes"})
    assert "Paused." in paced.text
    # Refusals of the watch and the hot-seat screen are notices too, as the action's are.
    spectator = client.post(f"/games/{game_id}/watch", data={"paused": "yes"})
    assert spectator.status_code == 200
    assert '<p class="refused">only a seat of this game may pause or pace it' in spectator.text
    ready = client.post(f"/games/{game_id}/ready", data={"seat": seat})
    assert ready.status_code == 200
    assert '<p class="refused">only the hot-seat screen is passed' in ready.text


def test_an_option_clicked_twice_is_played_once(client: TestClient, app: FastAPI) -> None:
    made = new_game(client, SA, seed=3, players={"Threshold": "human"})
    game_id, seat = made["id"], made["seats"]["Threshold"]
    page = client.get(f"/games/{game_id}", params={"seat": seat}).text
    shown = len(live_game(app, game_id).actions)
    assert f'data-moves="{shown}"' in page
    click = {"seat": seat, "action": an_answer(live_game(app, game_id)), "after": str(shown)}
    assert "refused" not in client.post(f"/games/{game_id}/act", data=click).text
    before = live_game(app, game_id).dumps()
    again = client.post(f"/games/{game_id}/act", data=click)
    assert '<p class="refused">the game moved on since: ' in again.text
    assert live_game(app, game_id).dumps() == before


def test_a_model_card_is_drawn_from_the_ruleset(client: TestClient) -> None:
    made = new_game(client, SA, seed=3, players={"Threshold": "human"})
    card = client.get(f"/games/{made['id']}/card/T1", params={"seat": made["seats"]["Threshold"]})
    assert "<th>Name</th><td>Frank Howard</td>" in card.text


def test_the_card_of_an_unknown_model_is_404_as_in_the_api(client: TestClient) -> None:
    made = new_game(client, SA, seed=3, players={"Threshold": "human"})
    seat = made["seats"]["Threshold"]
    card = client.get(f"/games/{made['id']}/card/ZZ", params={"seat": seat})
    assert card.status_code == 404
    assert f"no model &#39;ZZ&#39; in game {made['id']}" in card.text


def test_the_replay_steps_through_the_stored_actions(client: TestClient, app: FastAPI) -> None:
    made = new_game(client, SA, seed=6, delay=0)
    total = len(live_game(app, made["id"]).actions)
    last = client.get(f"/games/{made['id']}/replay").text
    assert f"action {total} of {total}" in last
    second = client.get(f"/games/{made['id']}/replay", params={"step": 2}).text
    assert f"action 2 of {total}" in second
    assert "?step=1" in second and "?step=3" in second
    beyond = client.get(f"/games/{made['id']}/replay", params={"step": total + 50}).text
    assert f"action {total} of {total}" in beyond


def test_an_unknown_game_page_is_a_one_line_error_page(client: TestClient) -> None:
    page = client.get("/games/nothing-here")
    assert page.status_code == 404
    assert '<p class="refused" id="error">no game &#39;nothing-here&#39;</p>' in page.text


def test_the_board_draws_the_templates_lying_on_the_table() -> None:
    game = find_ruleset("wolsung").new_game({}, 1)
    lay(game, FIRE, (10.0, 10.0), 1.5, None, 0, "L575")
    drawing = board_svg(game)
    assert re.search(r'<polygon class="template" data-id="F1" data-kind="Fire Template"', drawing)
    assert "<title>F1: Fire Template</title>" in drawing


def test_sight_lines_show_sight_by_their_style_and_write_only_the_cover_of_those_in_sight() -> None:
    # Ten random actions into seed 1, T1 sees one Lurker in light cover and two not at all.
    game = find_ruleset(SA).new_game({}, 1)
    play(game, [RandomPlayer(1), RandomPlayer(2)], max_actions=10)
    enemies = [m for m in game.models if m.on_table and m.side != game.model("T1").side]
    reports = [game.ruleset.sight_report(game, game.model("T1"), e) for e in enemies]
    assert sorted((r.visible, r.cover) for r in reports) == [
        (False, ""),
        (False, ""),
        (True, "light cover"),
    ]
    drawing = board_svg(game, "T1")
    assert drawing.count('class="sight visible"') == 1
    assert drawing.count('class="sight hidden"') == 2
    assert (
        len(re.findall(r'<text class="label cover"[^>]*data-for="L\d+">light cover<', drawing)) == 1
    )
    assert "no cover" not in drawing and "not in sight" not in drawing


def test_the_log_numbers_its_lines_from_the_first_and_links_the_whole_log(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(html, "LOG_LINES", 5)
    made = new_game(client, SA, seed=6, delay=0)
    game_id = made["id"]
    lines = client.get(f"/api/games/{game_id}/log").json()
    assert len(lines) > 5
    page = client.get(f"/games/{game_id}").text
    assert f'<ol class="log" start="{len(lines) - 4}">' in page
    assert f"{len(lines) - 5} earlier lines not shown here" in page
    link = re.search(r'<a id="whole-log" href="([^"]+)"', page)[1]  # type: ignore[index]
    assert link == f"/games/{game_id}/log"
    whole = client.get(link).text
    assert '<ol class="log" start="1">' in whole and 'id="whole-log"' not in whole
    assert whole.count("<li>") == len(lines)
    replayed = client.get(f"/games/{game_id}/replay", params={"step": 3}).text
    link = re.search(r'<a id="whole-log" href="([^"]+)"', replayed)[1]  # type: ignore[index]
    assert link == f"/games/{game_id}/log?step=3"
    past = client.get(link).text
    assert "after action 3" in past and f'href="/games/{game_id}/replay?step=3"' in past
    assert 0 < past.count("<li>") < len(lines)


def test_a_short_log_is_shown_whole_without_a_link(client: TestClient) -> None:
    made = new_game(client, SA, seed=3, players={"Threshold": "human"})
    page = client.get(f"/games/{made['id']}", params={"seat": made["seats"]["Threshold"]}).text
    assert '<ol class="log" start="1">' in page and 'id="whole-log"' not in page


def test_the_form_offers_a_club_per_seat_and_makes_two_three_and_four_club_games(
    client: TestClient, app: FastAPI
) -> None:
    listed = {r["id"]: r["lists"] for r in client.get("/api/rulesets").json()}
    assert listed["wolsung"] == {"clubs": 4} and listed[SA] == {}
    fields = client.get("/new/fields", params={"ruleset": "wolsung"}).text
    assert fields.count('<select name="setup_clubs">') == 4
    assert 'name="upload_clubs"' not in fields
    for clubs in (
        ["triad", "inventors", "", ""],
        ["ash-and-oak", "inventors", "triad", ""],
        ["ash-and-oak", "inventors", "triad", "inventors"],
    ):
        data = {**form("wolsung", setup_scenario="s4"), "setup_clubs": clubs}
        made = client.post("/games", data=data, follow_redirects=False)
        assert made.status_code == 303, made.text
        game = live_game(app, made.headers["location"].rsplit("/", 1)[1])
        chosen = [c for c in clubs if c]
        assert len(game.sides.names) == len(chosen)
        assert game.setup["clubs"][0]["name"] != game.setup["clubs"][1]["name"]


def test_a_refused_setup_keeps_every_value_chosen_on_the_form(client: TestClient) -> None:
    data = {
        **form("wolsung", seed="41", player_0="human", player_1="random", hotseat="yes"),
        "setup_clubs": ["inventors", "", "", ""],
        "setup_scenario": "s2",
        "setup_extra_turn_roll": "maybe",
    }
    page = client.post("/games", data=data)
    assert page.status_code == 422
    assert "is played by 2 clubs" in page.text
    assert '<option value="wolsung" selected>' in page.text
    assert re.search(r'name="player_0">\s*<option value="human" selected>', page.text)
    assert '<option value="random" selected>random</option>' in page.text
    assert 'name="hotseat" value="yes" checked' in page.text
    assert 'name="seed" value="41"' in page.text
    clubs = page.text.split('data-key="clubs"')[1].split("</fieldset>")[0]
    assert re.findall(r'<option value="([\w-]+)" selected>', clubs) == ["inventors"]
    assert '<option value="s2" selected>s2</option>' in page.text
    assert 'name="setup_extra_turn_roll" placeholder="(default)" value="maybe"' in page.text


def test_wolsung_hands_are_named_by_their_club_and_the_status_says_who_decides_once(
    client: TestClient,
) -> None:
    made = new_game(client, "wolsung", seed=2, players={"Club 1": "human", "Club 2": "human"})
    seat = made["seats"]["Club 1"]
    page = client.get(f"/games/{made['id']}", params={"seat": seat}).text
    assert "Club 1&#39;s hand:" in page and "Club 2&#39;s hand:" in page
    assert "hand 0" not in page and "hand 1" not in page
    status = re.search(r'<span id="status">([^<]*)</span>', page)[1]  # type: ignore[index]
    assert re.fullmatch(r"turn \d+: Club \d to decide", status), status


@pytest.mark.parametrize("delay", ["20", "abc", "nan"])
def test_the_pace_form_answers_a_bad_delay_with_a_notice_and_keeps_the_pace(
    client: TestClient, delay: str
) -> None:
    made = new_game(client, SA, seed=6, delay=2)
    paced = client.post(f"/games/{made['id']}/watch", data={"paused": "yes", "delay": delay})
    assert paced.status_code == 200
    assert "a delay is a number of seconds from 0 to 10" in paced.text
    shown = client.get(f"/api/games/{made['id']}").json()
    assert (shown["paused"], shown["delay"]) == (False, 2)


def test_the_watch_controls_say_the_game_is_over_once_the_computers_end_it(
    client: TestClient,
) -> None:
    made = new_game(client, SA, seed=6, delay=0.5)
    paced = client.post(f"/games/{made['id']}/watch", data={"delay": "0"})
    assert "The game is over." in paced.text and "Playing" not in paced.text
