"""The game store: games and moves kept across openings, each move stored once, a take-back
deleting moves, a game's pace kept, a database of an older schema brought up to date, and a
store that cannot open refused in one line."""

from __future__ import annotations

import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, text

from skirmish.errors import StoreError
from skirmish.store.games import MIGRATIONS, GameStore


def a_game(store: GameStore) -> str:
    return store.create("strange-aeons-intro", {}, 7, ("human", "ai"), ("tok", None), None, "new")


def test_a_stored_game_and_its_moves_outlive_the_store(db_url: str) -> None:
    store = GameStore(db_url)
    game_id = a_game(store)
    store.append(game_id, 0, [("edge north", 0), ("deploy L1 3,3", 1)], "set-up")
    again = GameStore(db_url).game(game_id)
    assert again is not None
    assert again.moves == ("edge north", "deploy L1 3,3")
    assert again.sides == (0, 1)
    assert again.status == "set-up"
    assert again.record()["actions"] == ["edge north", "deploy L1 3,3"]
    assert again.record(1)["actions"] == ["edge north"]


def test_a_move_is_stored_once(db_url: str) -> None:
    store = GameStore(db_url)
    game_id = a_game(store)
    store.append(game_id, 0, [("edge north", 0)], "set-up")
    with pytest.raises(StoreError, match=f"cannot store move 0 of game {game_id}: it is stored"):
        store.append(game_id, 0, [("edge south", 0)], "set-up")
    stored = store.game(game_id)
    assert stored is not None and stored.moves == ("edge north",)


def test_truncate_deletes_the_moves_from_a_number_on(db_url: str) -> None:
    store = GameStore(db_url)
    game_id = a_game(store)
    store.append(game_id, 0, [("a", 0), ("b", 1), ("c", 0)], "x")
    store.truncate(game_id, 1, "taken back")
    stored = store.game(game_id)
    assert stored is not None and stored.moves == ("a",) and stored.status == "taken back"
    assert store.games()[0][2:4] == ("taken back", 1)


def test_an_unknown_game_is_none(db_url: str) -> None:
    assert GameStore(db_url).game("nope") is None


def test_a_store_that_cannot_open_is_one_line() -> None:
    with pytest.raises(
        StoreError, match=r"^cannot open the game store sqlite:////no/such/dir/x\.db: "
    ):
        GameStore("sqlite:////no/such/dir/x.db")
    with pytest.raises(StoreError, match=r"^cannot open the game store nonsense://: "):
        GameStore("nonsense://")


def test_a_game_keeps_its_pause_and_delay(db_url: str) -> None:
    store = GameStore(db_url)
    game_id = a_game(store)
    stored = store.game(game_id)
    assert stored is not None and (stored.paused, stored.delay) == (False, None)
    store.pace(game_id, True, 2.5)
    again = GameStore(db_url).game(game_id)
    assert again is not None and (again.paused, again.delay) == (True, 2.5)


def test_a_database_of_the_first_schema_is_brought_up_to_date(db_url: str) -> None:
    engine = create_engine(db_url)
    with engine.begin() as connection:
        config = Config()
        config.set_main_option("script_location", MIGRATIONS)
        config.attributes["connection"] = connection
        command.upgrade(config, "0001")
        connection.execute(
            text(
                "INSERT INTO games VALUES ('old', 'strange-aeons-intro', '{}', 7, "
                "'[\"ai\", \"ai\"]', '[null, null]', NULL, 'new', "
                "'2026-01-01 00:00:00', '2026-01-01 00:00:00')"
            )
        )
    stored = GameStore(db_url).game("old")
    assert stored is not None
    # A game stored before its pace was: playing, at the pace its players call for.
    assert (stored.players, stored.paused, stored.delay) == (("ai", "ai"), False, None)
