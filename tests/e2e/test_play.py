"""The browser as players use it (issue: play, watch and replay in the browser): a game made
with the new-game form, human moves made by clicking the table, the computer's answers seen
on the page, the drawn bases where the engine has them, replays that end on the same board,
a whole Strange Aeons introductory game and several Sacred Wire rounds played through the
page, and a photograph of each ruleset's board."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from tests.e2e.table import (
    Server,
    assert_board_matches,
    await_turn,
    bases,
    live,
    set_delay,
    settle,
    start_game,
    take_turn,
    wait_until_over,
)

from skirmish.engine.action import Action
from skirmish.legend import on_table, outcome_text
from skirmish.players.heuristic import HeuristicPlayer
from skirmish.rulesets import ruleset_ids

SA = "strange-aeons-intro"
SW = "sacred-wire"
HUMAN, COMPUTER = 0, 1


def test_a_human_move_by_a_click_on_the_table_is_answered_by_the_computer(
    page: Page, server: Server, screenshots: Path
) -> None:
    game_id = start_game(page, server, SA, {HUMAN: "human", COMPUTER: "ai"}, seed=3)
    chooser = HeuristicPlayer(3)
    clicked = None
    while True:
        before = len(live(server, game_id).actions)
        taken = take_turn(page, server, game_id, HUMAN, chooser)
        if taken.kind == "move" and taken.point is not None:
            clicked = taken
        game = live(server, game_id)
        if clicked is not None and len(game.actions) > before + 1:
            break  # the computer has answered since the move made by a click
        assert not game.is_over
    assert clicked in game.actions
    assert game.decision is not None and game.decision.player == HUMAN
    assert_board_matches(page, game)


def test_selecting_a_model_draws_its_sight_and_shows_its_card(
    page: Page, server: Server, screenshots: Path
) -> None:
    game_id = start_game(page, server, SA, {HUMAN: "human", COMPUTER: "ai"}, seed=5)
    chooser = HeuristicPlayer(5)
    game = live(server, game_id)
    while game.state.round < 2:  # a round played: both sides deployed and moved
        take_turn(page, server, game_id, HUMAN, chooser)
        game = live(server, game_id)
    mine = next(m for m in on_table(game) if m.side == HUMAN)
    enemies = [m for m in on_table(game) if m.side != HUMAN]
    page.locator(f'#board g.model[data-id="{mine.id}"]').click()
    page.wait_for_selector("#board circle.selected")
    assert page.locator("#board line.sight").count() == len(enemies)
    page.wait_for_selector("#card .model-card")
    assert mine.name in page.inner_text("#card")
    page.screenshot(path=str(screenshots / f"{SA}.png"), full_page=True)


def test_a_model_to_deploy_is_chosen_in_the_panel_and_a_click_by_a_dot_sends_its_point(
    page: Page, server: Server
) -> None:
    game_id = start_game(page, server, SA, {HUMAN: "human", COMPUTER: "ai"}, seed=3)
    await_turn(page, server, game_id, HUMAN)
    # The socket's first state replaces the panel the page was served with: wait for it.
    page.wait_for_function("() => document.body.dataset.moves !== undefined")
    page.evaluate("() => { window.shownPanel = document.querySelector('#panel .panel'); }")
    page.locator('#panel input[name=point][data-args="T1"]').click()
    page.wait_for_selector("#board circle.reach-point")
    # The board is drawn again with the selection; the panel, unchanged, is kept as it was.
    assert page.evaluate("() => window.shownPanel === document.querySelector('#panel .panel')")
    assert page.locator('#panel input[name=point][data-args="T1"]').is_checked()
    dot = page.locator("#board circle.reach-point").nth(7)
    sent = dot.get_attribute("data-at") or ""
    box = dot.bounding_box()
    assert box is not None
    before = len(live(server, game_id).actions)
    # Three pixels off the dot: the dot's own point is sent, not the pointer's.
    page.mouse.click(box["x"] + box["width"] / 2 + 3, box["y"] + box["height"] / 2 - 2)
    assert settle(page, server, game_id, HUMAN, before), page.inner_text("#notice")
    x, y = (float(v) for v in sent.split(","))
    assert live(server, game_id).actions[before] == Action.at("deploy", ("T1",), x, y)


def test_a_whole_strange_aeons_introductory_game_is_played_through_the_page(
    page: Page, server: Server
) -> None:
    game_id = start_game(page, server, SA, {HUMAN: "human", COMPUTER: "ai"}, seed=11)
    chooser = HeuristicPlayer(11)
    while not live(server, game_id).is_over:
        take_turn(page, server, game_id, HUMAN, chooser)
    game = live(server, game_id)
    assert page.inner_text("#status") == outcome_text(game)
    assert_board_matches(page, game)
    final = bases(page)
    page.click("#replay-link")
    page.click("#last")
    assert page.inner_text("#step") == f"action {len(game.actions)} of {len(game.actions)}"
    assert bases(page) == final
    page.click("#back")
    assert page.inner_text("#step") == f"action {len(game.actions) - 1} of {len(game.actions)}"


def test_sacred_wire_rounds_are_played_through_the_page(
    page: Page, server: Server, screenshots: Path
) -> None:
    game_id = start_game(page, server, SW, {HUMAN: "human", COMPUTER: "ai"}, seed=2)
    chooser = HeuristicPlayer(2)
    while live(server, game_id).state.round < 3 and not live(server, game_id).is_over:
        take_turn(page, server, game_id, HUMAN, chooser)
    game = live(server, game_id)
    assert game.state.round >= 3 or game.is_over
    assert_board_matches(page, game)


def test_a_computer_game_streams_and_holds_still_while_paused(page: Page, server: Server) -> None:
    game_id = start_game(page, server, SA, {}, seed=8)
    page.wait_for_function("() => Number(document.body.dataset.moves || 0) >= 2")
    page.check("#paused")
    page.wait_for_selector("#notice >> text=Paused.")
    held = len(live(server, game_id).actions)
    page.wait_for_timeout(1500)
    assert len(live(server, game_id).actions) == held
    assert not live(server, game_id).is_over
    page.fill("#delay", "0.1")
    page.uncheck("#paused")
    page.wait_for_selector("#notice >> text=Playing, 0.1 s per computer action.")
    page.wait_for_function(f"() => Number(document.body.dataset.moves) > {held}")


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_every_ruleset_plays_out_on_the_page_and_is_photographed(
    page: Page, server: Server, screenshots: Path, ruleset: str
) -> None:
    game_id = start_game(page, server, ruleset, {}, seed=4)
    set_delay(page, "0")
    game = wait_until_over(page, server, game_id)
    assert page.inner_text("#status") == outcome_text(game)
    expect(page.locator("#notice")).not_to_contain_text("Playing")  # nothing plays any more
    assert_board_matches(page, game)
    if ruleset != SA:  # its photograph shows a model selected, taken above
        page.screenshot(path=str(screenshots / f"{ruleset}.png"), full_page=True)
