"""Where games are made and found: a new game is checked whole (ruleset, setup, seed, then
the players of the sides its setup made) before anything is stored; a stored game is loaded
into a room the first time it is asked for, replayed from its moves, so a server restart
loses no stored move.

Over the web a setup option is given as data, or by a name: one of the ruleset's named choices
where it offers some (several, in a list or comma-separated, where the option takes a list of
them), else a short word; so is every text of a list. A ruleset reads a file named by a path,
but the web never lets a request name a path on the server; a page's upload is written by the
server itself, and passed on apart from what the form says.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from skirmish.dice import seed_error
from skirmish.engine.game import Game
from skirmish.engine.registry import find_registered
from skirmish.engine.ruleset import list_items, setup_value
from skirmish.errors import NotFoundError, SkirmishError, quoted
from skirmish.players.factory import KINDS
from skirmish.session import side_kinds
from skirmish.store.games import GameStore, new_token
from skirmish.web.room import HUMAN, Room, game_status

PLAYER_KINDS = (HUMAN, *KINDS)
"""Who may play a side: a person at a seat, the heuristic player or the random one."""
WORD = re.compile(r"[\w +-]{1,64}", re.ASCII)
"""A setup option named by a word (a model, a side, a number as text): never a path."""


@dataclass(frozen=True, slots=True)
class Created:
    """A new game's room and the secret links of its seats: a token per human side, by
    side name, and the hot-seat token when one screen plays every human side."""

    room: Room
    seats: dict[str, str]
    hotseat: str | None


def check_names(
    choices: Mapping[str, tuple[str, ...]], lists: Collection[str], setup: Mapping[str, Any]
) -> None:
    """Refuse a setup option named by anything but one of its ``choices`` (where the ruleset
    offers some) or a word, whether the name is its value or a text in its lists: over the
    web, a name is never a path on the server. A table is data, never read as a name. Only
    the options in ``lists`` (``Ruleset.setup_lists``) take several choices; any other option
    with choices takes one.

    Raises:
        SkirmishError: the first option so named.
    """
    for key, value in setup.items():
        named = choices.get(key)
        listed = key in lists
        names = list(_names(value))
        if named is not None and not listed and isinstance(value, list) and names:
            raise SkirmishError(f"{key}: one name, not a list; choose one of {', '.join(named)}")
        for name in names:
            _check_name(key, name, named, listed)


def _names(value: Any) -> Iterator[str]:
    """The texts of a setup value a ruleset may read as names: the value itself, or every
    text of its lists, however deep (a list of clubs may name a file)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from _names(item)


def _check_name(key: str, name: str, named: tuple[str, ...] | None, listed: bool) -> None:
    if named is not None:
        # A ruleset reads "a,b" as a list of its choices, as a command line writes one, only
        # where the option takes a list: elsewhere it would be read as a file's name. Read
        # so, a JSON list's tables are data, as in a list given as data.
        items = list_items(key, name) if listed and name not in named else [name]
        parts = [part for item in items for part in _names(item)]
        wrong = next((part for part in parts if part not in named), None)
        if wrong is not None:
            how = "choose some, comma-separated, of" if listed else "choose one of"
            raise SkirmishError(
                f"{key}: {quoted(wrong)} is no name it knows; {how} {', '.join(named)}"
            )
    elif not WORD.fullmatch(name):
        raise SkirmishError(
            f"{key}: {quoted(name)} is not a name; give a word or the data itself, never a path"
        )


def start_game(
    ruleset_id: str, setup: dict[str, Any], seed: int, uploads: Mapping[str, str] | None = None
) -> Game[Any, Any]:
    """A new game, not yet stored: its setup says what sides play, so its players are
    checked against it (:meth:`Lobby.create`). ``uploads`` are the files the server wrote
    for setup options, by option.

    Raises:
        SkirmishError: an unknown ruleset, a bad setup or seed.
    """
    ruleset = find_registered(ruleset_id)
    wrong = seed_error(seed)
    if wrong is not None:
        raise SkirmishError(wrong)
    choices = ruleset.setup_choices()
    check_names(choices, ruleset.setup_lists(), setup)
    return ruleset.new_game({**_chosen(choices, setup), **(uploads or {})}, seed)


def _chosen(choices: Mapping[str, tuple[str, ...]], setup: Mapping[str, Any]) -> dict[str, Any]:
    """``setup`` with each value given as the text of one of its option's ``choices`` read
    as the command line and the form read that text (:func:`.setup_value`): ``"true"``, one
    of a switch's choices, is true."""
    return {
        key: setup_value(key, value)
        if isinstance(value, str) and value in choices.get(key, ())
        else value
        for key, value in setup.items()
    }


class Lobby:
    """The rooms of the games in ``store``, loaded as they are asked for."""

    def __init__(self, store: GameStore) -> None:
        self.store = store
        self.rooms: dict[str, Room] = {}
        self.loading = asyncio.Lock()

    def create(
        self,
        game: Game[Any, Any],
        players: Mapping[str, str],
        hotseat: bool = False,
        delay: float | None = None,
    ) -> Created:
        """Check the players of a new game (:func:`start_game`), store it with its seconds
        between computer actions (``None``: as its players call for) and open its room.

        Raises:
            SkirmishError: a bad player, or a hot seat without two humans; nothing stored.
        """
        kinds = tuple(side_kinds(game.ruleset, game.setup, players, {}, human=True))
        humans = [s for s, k in enumerate(kinds) if k == HUMAN]
        if hotseat and len(humans) < 2:
            raise SkirmishError("a hot-seat game needs two or more human sides")
        seats = tuple(new_token() if k == HUMAN else None for k in kinds)
        shared = new_token() if hotseat else None
        game_id = self.store.create(
            game.ruleset.id, game.setup, game.seed, kinds, seats, shared, game_status(game), delay
        )
        stored = self.store.game(game_id)
        assert stored is not None
        room = Room(self.store, stored, game)
        self.rooms[game_id] = room
        named = {game.sides.names[s]: t for s, t in enumerate(seats) if t is not None}
        return Created(room, named, shared)

    async def room(self, game_id: str) -> Room:
        """The room of a stored game.

        Raises:
            NotFoundError: no game has this id.
            SaveError: its stored moves no longer replay.
        """
        async with self.loading:
            room = self.rooms.get(game_id)
            if room is None:
                stored = self.store.game(game_id)
                if stored is None:
                    raise NotFoundError(f"no game {quoted(game_id)}")
                room = await asyncio.to_thread(Room.load, self.store, stored)
                self.rooms[game_id] = room
        await room.answer()
        return room
