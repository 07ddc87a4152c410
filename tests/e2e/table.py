"""Driving the board page as a player does: the new-game form, buttons, clicks on the table
at a point given in inches; and reading back what the page shows to compare it with the
engine."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from fastapi import FastAPI
from playwright.sync_api import Page

from skirmish.engine.action import Action
from skirmish.engine.game import Game
from skirmish.geometry.shapes import Point
from skirmish.legend import on_table, outcome_text
from skirmish.players.base import Player
from skirmish.web.lobby import Lobby

SETTLE_TIMEOUT = 30.0

TO_SCREEN = """([x, y]) => {
  const svg = document.querySelector('#board svg');
  const pt = svg.createSVGPoint();
  pt.x = x;
  pt.y = Number(svg.dataset.height) - y;
  const p = pt.matrixTransform(svg.getScreenCTM());
  const under = document.elementFromPoint(p.x, p.y);
  return [p.x, p.y, Boolean(under && under.closest('g.model'))];
}"""

BASES = """() => Array.from(document.querySelectorAll('#board g.model')).map((g) => {
  const c = g.querySelector('circle.base');
  return [g.dataset.id, Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))];
})"""


@dataclass(frozen=True)
class Server:
    """A running app: its address and the app itself, whose live games a test may read."""

    url: str
    app: FastAPI


def start_game(page: Page, server: Server, ruleset: str, players: dict[int, str], seed: int) -> str:
    """Fill in and send the new-game form (``players``: the kind of each side not left to the
    heuristic AI); open the first seat's link, if any; the game's id, once the board page's
    script runs and its WebSocket is open (before that a click on the table does nothing)."""
    page.goto(server.url + "/")
    chooser = page.locator("select[name=ruleset]")
    if chooser.input_value() != ruleset:
        with page.expect_response(lambda r: "/new/fields" in r.url):
            chooser.select_option(ruleset)
    for side, kind in players.items():
        page.select_option(f"select[name=player_{side}]", kind)
    page.fill("input[name=seed]", str(seed))
    page.click("#create")
    page.wait_for_selector("a.seat, #board svg")
    if page.locator("a.seat").count():  # a game of computers alone opens at once
        page.locator("a.seat").first.click()
    page.wait_for_selector("#board svg")
    page.wait_for_selector("body[data-live=yes]", state="attached")
    game_id = page.locator("#play").get_attribute("data-game")
    assert game_id
    return game_id


def set_delay(page: Page, seconds: str) -> None:
    """Set the seconds per computer action and send the change in one script: the panel is
    redrawn after every computer action, and a field filled in one step and changed in the
    next may be gone in between."""
    page.evaluate(
        """(value) => {
          const field = document.getElementById('delay');
          field.value = value;
          field.dispatchEvent(new Event('change', {bubbles: true}));
        }""",
        seconds,
    )


def live(server: Server, game_id: str) -> Game[Any, Any]:
    """The game the server holds (read, never changed)."""
    lobby: Lobby = server.app.state.lobby
    return lobby.rooms[game_id].game


def shown_moves(page: Page) -> int:
    return int(page.evaluate("() => document.querySelector('.panel').dataset.moves"))


def settle(page: Page, server: Server, game_id: str, side: int, before: int) -> bool:
    """Wait until the engine took an action after ``before``, the computers have answered (the
    game waits for ``side`` or is over) and the page shows it; False if the page refused."""
    deadline = time.monotonic() + SETTLE_TIMEOUT
    while time.monotonic() < deadline:
        if page.locator("#notice .refused").count():
            return False
        game = live(server, game_id)
        done = len(game.actions) > before and (
            game.is_over or (game.decision is not None and game.decision.player == side)
        )
        if done and shown_moves(page) == len(game.actions):
            return True
        page.wait_for_timeout(50)
    game = live(server, game_id)
    waiting = None if game.decision is None else game.decision.player
    raise AssertionError(
        f"game {game_id} did not settle after action {before}: the engine has "
        f"{len(game.actions)} actions and waits for side {waiting}, the page shows "
        f"{shown_moves(page)}; notice {page.inner_text('#notice')!r}"
    )


def await_turn(page: Page, server: Server, game_id: str, side: int) -> None:
    """Wait until the game waits for ``side`` and the page shows every action so far: a game
    may open with the computer to act."""
    deadline = time.monotonic() + SETTLE_TIMEOUT
    while time.monotonic() < deadline:
        game = live(server, game_id)
        waiting = game.decision is not None and game.decision.player == side
        if waiting and shown_moves(page) == len(game.actions):
            return
        assert not game.is_over, f"game {game_id} ended before side {side} could act"
        page.wait_for_timeout(50)
    raise AssertionError(f"game {game_id} never waited for side {side}")


def click_table(page: Page, point: Point) -> bool:
    """Click the table at ``point`` (inches); False, without clicking, where a model is."""
    x, y, on_model = page.evaluate(TO_SCREEN, list(point))
    if on_model:
        return False
    page.mouse.click(x, y)
    return True


def press(page: Page, action: Action) -> None:
    """Press the option button of ``action``."""
    page.locator(f'#panel button.option[data-action="{action.to_text()}"]').click()


def aim(page: Page, action: Action) -> None:
    """Tick the point choice that ``action`` answers."""
    args = " ".join(action.args)
    page.locator(f'#panel input[name=point][data-kind="{action.kind}"][data-args="{args}"]').check()


def bases(page: Page) -> dict[str, Point]:
    """Each model the board shows, at its base's centre in table inches."""
    height = float(page.locator("#board svg").get_attribute("data-height") or "nan")
    return {i: (cx, height - cy) for i, cx, cy in page.evaluate(BASES)}


def engine_bases(game: Game[Any, Any]) -> dict[str, Point]:
    return {m.id: m.pos for m in on_table(game)}


def assert_board_matches(page: Page, game: Game[Any, Any]) -> None:
    """The page draws every model on the table where the engine has it (to the drawing's
    thousandth of an inch), and no other."""
    drawn, kept = bases(page), engine_bases(game)
    assert drawn.keys() == kept.keys()
    for model_id, (x, y) in kept.items():
        dx, dy = drawn[model_id]
        assert abs(dx - x) < 2e-3 and abs(dy - y) < 2e-3, (model_id, (dx, dy), (x, y))


def clear_notice(page: Page) -> None:
    page.evaluate("() => { document.getElementById('notice').innerHTML = ''; }")


def take_turn(page: Page, server: Server, game_id: str, side: int, chooser: Player) -> Action:
    """Answer ``side``'s decision through the page as ``chooser`` would: its option by the
    button, its point by a click on the table. A click the engine refuses (a point at the edge
    of what is allowed, moved by the rounding of a pixel) is followed by the ruleset's own
    candidate points. The action the engine took."""
    await_turn(page, server, game_id, side)
    game = live(server, game_id)
    before = len(game.actions)
    wanted = chooser.choose(game.view(side))
    clear_notice(page)
    if wanted.point is None:
        press(page, wanted)
        assert settle(page, server, game_id, side, before), page.inner_text("#notice")
        return live(server, game_id).actions[before]
    seen = game.view(side)
    assert seen.decision is not None, "a point was chosen with no decision pending"
    spec = next(s for s in seen.decision.points if (s.kind, s.args) == (wanted.kind, wanted.args))
    aim(page, wanted)
    for point in [wanted.point, *seen.ruleset.candidate_points(seen, spec)]:
        clear_notice(page)
        if click_table(page, point) and settle(page, server, game_id, side, before):
            return live(server, game_id).actions[before]
    raise AssertionError(f"no click on the table answered {spec}")


def wait_until_over(page: Page, server: Server, game_id: str) -> Game[Any, Any]:
    """Wait until the game is over and the page shows its last action and, in its heading
    (drawn apart from the panel), its result."""
    deadline = time.monotonic() + SETTLE_TIMEOUT * 4
    while time.monotonic() < deadline:
        game = live(server, game_id)
        if (
            game.is_over
            and shown_moves(page) == len(game.actions)
            and page.inner_text("#status") == outcome_text(game)
        ):
            return game
        page.wait_for_timeout(100)
    raise AssertionError(f"game {game_id} did not end")
