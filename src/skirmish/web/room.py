"""A game being played on the server: the live game, its computer players, its seats and who
is looking at it.

Every change to a room runs under its lock, one at a time, on a copy of the game that replaces
the game only once the move is stored, so a refused action or a failed write changes nothing
and a reader always sees a whole state. Computer players answer at once when the room has no
delay; a watched game plays one action per ``delay`` seconds until paused. Whether it is
paused, and its delay, are stored with the game: a restart neither loses a pace nor plays on
a paused game.

Who sees what: a seat's token shows its side's view (``Game.view``); the hot-seat token acts
for every human side and shows the view of the side to decide, behind a pass screen when the
game has secrets; without a token a game is open only while no human's secret can leak (no
hidden information, no human side, or the game is over).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from skirmish.engine.action import Action
from skirmish.engine.events import Event
from skirmish.engine.game import Game
from skirmish.engine.restore import replay
from skirmish.errors import IllegalActionError, SeatError, SkirmishError
from skirmish.legend import outcome_text
from skirmish.players.base import Player
from skirmish.players.factory import RULES, make_player
from skirmish.store.games import GameStore, StoredGame

HUMAN = "human"
WATCH_DELAY = 0.5
"""Seconds between the actions of a watched game of computer players, unless asked otherwise."""


@dataclass(frozen=True, slots=True)
class Viewer:
    """Who is looking: the sides it may act for, whose view it sees (``None``: the whole
    game) and whether it holds the hot-seat token."""

    sides: frozenset[int]
    side: int | None
    hotseat: bool = False


def viewed(game: Game[Any, Any], viewer: Viewer) -> Game[Any, Any]:
    """``game`` as ``viewer`` may know it: its side's view, or the whole game."""
    return game if viewer.side is None else game.view(viewer.side)


def game_status(game: Game[Any, Any]) -> str:
    """Where the game stands and who is to decide, or how it ended."""
    if game.is_over:
        return outcome_text(game)
    assert game.decision is not None
    return f"{game.ruleset.where(game)}: {game.sides.names[game.decision.player]} to decide"


class Room:
    """One game held in memory, with its lock, computer players and listeners."""

    def __init__(self, store: GameStore, stored: StoredGame, game: Game[Any, Any]) -> None:
        self.store = store
        self.id = stored.id
        self.kinds = stored.players
        self.seats = stored.seats
        self.hotseat = stored.hotseat
        self.game = game
        self.sides = list(stored.sides)
        self.lock = asyncio.Lock()
        self.listeners: set[asyncio.Event] = set()
        self.players: dict[int, Player] = {
            side: make_player(kind, game.seed * 2 + 1 + side)
            for side, kind in enumerate(self.kinds)
            if kind not in (HUMAN, RULES)
        }
        self.humans = frozenset(s for s, k in enumerate(self.kinds) if k == HUMAN)
        self.paused = stored.paused
        self.delay = stored.delay if stored.delay is not None else self._own_delay()
        self.facing: int | None = None
        self.trouble = ""
        """Why the computer players stopped, when a move of theirs was refused."""
        self.task: asyncio.Task[None] | None = None

    @classmethod
    def load(cls, store: GameStore, stored: StoredGame) -> Room:
        """The room of a stored game, replayed to its last stored move."""
        return cls(store, stored, replay(stored.record()))

    def _own_delay(self) -> float:
        """The seconds between computer actions a game's players call for: none when a human
        waits for them, else a pace to watch."""
        return 0.0 if self.humans or not self.computers else WATCH_DELAY

    @property
    def computers(self) -> bool:
        """Whether a computer player (not the rules) plays any side."""
        return any(k not in (HUMAN, RULES) for k in self.kinds)

    # -- who looks --------------------------------------------------------------------------

    @property
    def open_to_all(self) -> bool:
        """Whether anyone may see the whole game: nothing a human keeps secret can leak."""
        g = self.game
        return not g.ruleset.keeps_secrets(g) or not self.humans or g.is_over

    def viewer(self, token: str | None) -> Viewer:
        """Who holds ``token`` (``None`` or ``""``: a spectator).

        Raises:
            SeatError: the token is no seat of this game, or the game is not open to all.
        """
        if token:
            if token == self.hotseat:
                return Viewer(self.humans, self._hotseat_side(), True)
            if token in self.seats:
                side = self.seats.index(token)
                return Viewer(frozenset({side}), side)
            raise SeatError(f"no seat of game {self.id} has that token")
        if not self.open_to_all:
            raise SeatError(f"game {self.id} has secrets: open it with a seat's link")
        return Viewer(frozenset(), None)

    def _hotseat_side(self) -> int:
        decision = self.game.decision
        if decision is not None and decision.player in self.humans:
            return decision.player
        return self.facing if self.facing is not None else min(self.humans)

    def passing(self, viewer: Viewer) -> bool:
        """Whether the hot-seat screen must be passed to the side to decide first."""
        return (
            viewer.hotseat
            and self.game.ruleset.keeps_secrets(self.game)
            and not self.game.is_over
            and viewer.side != self.facing
        )

    def screen_passed(self, viewer: Viewer) -> None:
        """Check that the viewer may see its side's secrets: not at a hot-seat screen still to
        be passed on.

        Raises:
            SeatError: the hot-seat screen is not passed.
        """
        if self.passing(viewer):
            raise SeatError("pass the screen first: the next player confirms it is them")

    def screened_viewer(self, token: str | None) -> Viewer:
        """Who holds ``token`` (:meth:`viewer`), for a read of what a hot-seat screen hides
        until passed on (:meth:`screen_passed`)."""
        viewer = self.viewer(token)
        self.screen_passed(viewer)
        return viewer

    def seen(self, viewer: Viewer) -> Game[Any, Any]:
        """The game as ``viewer`` may know it."""
        return viewed(self.game, viewer)

    # -- changes ----------------------------------------------------------------------------

    async def act(self, viewer: Viewer, action: Action, after: int | None = None) -> list[Event]:
        """Play ``action`` for the side ``viewer`` holds, then let computer players answer.
        ``after`` is the number of actions the game had when the action was chosen: a
        request sent twice, or a choice made on a game that has moved on, is refused.

        Raises:
            SeatError: it is not this viewer's decision, or the hot-seat screen is not passed.
            InvalidActionError: the action is an answer cut short (malformed); nothing changed.
            IllegalActionError: the game moved on since ``after``, or the rules refuse the
            action; nothing changed.
            StoreError: the move could not be stored; nothing changed.
        """
        async with self.lock:
            # An out-of-date request is told so first: whose turn it is now is beside the point.
            played = len(self.game.actions)
            if after is not None and after != played:
                raise IllegalActionError(
                    f"the game moved on since: {played} actions played, not {after}"
                )
            decision = self.game.decision
            if decision is not None and decision.player not in viewer.sides:
                side = self.game.sides.names[decision.player]
                raise SeatError(f"it is for {side} to decide, not for you")
            self.screen_passed(viewer)
            events = self._commit(lambda g: g.apply(action))
        await self.answer()
        return events

    def _commit(self, play: Callable[[Game[Any, Any]], list[Event]]) -> list[Event]:
        """Play on a copy of the game, store the move, then make the copy the game."""
        trial = self.game.clone()
        side = self.game.decision.player if self.game.decision is not None else -1
        events = play(trial)
        move = (trial.actions[-1].to_text(), side)
        self.store.append(self.id, len(self.sides), [move], game_status(trial))
        self.game = trial
        self.sides.append(side)
        return events

    def _ai_side(self) -> int | None:
        decision = self.game.decision
        if self.paused or decision is None or decision.player not in self.players:
            return None
        return decision.player

    def _ai_step(self) -> None:
        side = self._ai_side()
        if side is not None:
            action = self.players[side].choose(self.game.view(side))
            self._commit(lambda g: g.apply(action))

    async def answer(self) -> None:
        """Let computer players decide: all at once without a delay, else in the background."""
        if self.delay == 0:
            await self.run_ai()
        elif self.task is None or self.task.done():
            self.task = asyncio.create_task(self.run_ai())
        self.notify()

    async def run_ai(self) -> None:
        """Play the computer players' actions until a human decides, the game ends or the
        room is paused; each is stored and shown before the next."""
        while True:
            async with self.lock:
                if self._ai_side() is None:
                    return
                try:
                    await asyncio.to_thread(self._ai_step)
                except SkirmishError as exc:
                    # A computer player's move the rules or the store refused: stop and say so.
                    self.paused, self.trouble = True, str(exc)
                    # Stored as a pause asked for is, so a restart does not play on into the
                    # same refusal; a store that refused the move may refuse this too, and
                    # the room stays paused all the same.
                    with contextlib.suppress(SkirmishError):
                        self.store.pace(self.id, True, self.delay)
                    self.notify()
                    return
            self.notify()
            await asyncio.sleep(self.delay)

    async def watch(self, viewer: Viewer, paused: bool, delay: float | None) -> None:
        """Pause or go on, and set the seconds between computer actions (None: as they are):
        both stored, so a restart keeps them.

        Raises:
            SeatError: a spectator of a game that has human players.
            StoreError: they could not be stored; nothing changed.
        """
        if self.humans and not viewer.sides:
            raise SeatError("only a seat of this game may pause or pace it")
        pace = self.delay if delay is None else delay
        self.store.pace(self.id, paused, pace)
        self.paused, self.delay = paused, pace
        await self.answer()

    async def ready(self, viewer: Viewer) -> None:
        """The hot-seat screen has been passed to the side to decide."""
        if not viewer.hotseat:
            raise SeatError("only the hot-seat screen is passed from player to player")
        self.facing = viewer.side
        self.notify()

    async def take_back(self, viewer: Viewer) -> int:
        """Undo the viewer's last action and the computer actions that followed it, if no
        other human acted and nothing was learnt since (no die rolled, no card moved or shown,
        no sealed answer); return the actions undone.

        Raises:
            IllegalActionError: no action of the viewer's to take back, another human acted
            since, or something was learnt.
        """
        async with self.lock:
            mine = [n for n, side in enumerate(self.sides) if side in viewer.sides]
            if not mine:
                raise IllegalActionError("there is no action of yours to take back")
            number = mine[-1]
            taken = self.game.actions[number]
            others = [s for s in self.sides[number:] if s in self.humans - viewer.sides]
            if others:
                name = self.game.sides.names[others[0]]
                raise IllegalActionError(f"cannot take back '{taken}': {name} has acted since")
            stored = self.store.game(self.id)
            assert stored is not None
            earlier = replay(stored.record(number))
            learnt = [e for e in self.game.log[len(earlier.log) :] if e.reveals]
            if learnt:
                # Worded as the side that played it reads the log: the event may be a secret.
                seen = self.game.view(self.sides[number])
                line = seen.describe(learnt[0].seen_by(self.sides[number]))
                raise IllegalActionError(f"cannot take back '{taken}': since it, {line}")
            undone = len(self.sides) - number
            self.store.truncate(self.id, number, game_status(earlier))
            self.game, self.sides = earlier, self.sides[:number]
        self.notify()
        return undone

    # -- listeners --------------------------------------------------------------------------

    def listen(self) -> asyncio.Event:
        """A flag set whenever the game changes, for one listener."""
        flag = asyncio.Event()
        flag.set()
        self.listeners.add(flag)
        return flag

    def leave(self, flag: asyncio.Event) -> None:
        self.listeners.discard(flag)

    def notify(self) -> None:
        """Tell every listener the game changed; each renders the latest state when ready,
        so a slow browser skips states rather than holding the game up."""
        for flag in self.listeners:
            flag.set()
