"""The game store: games and their moves in any SQLAlchemy database, its schema brought up to
date by the alembic migrations shipped beside this module when the store opens.

A move is a row numbered by its place in the game: appending a number already stored fails,
so a move is applied to the store once; a take-back deletes the moves from a number on. Every
change is one transaction, so a crash leaves the store at the last committed move.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib.resources import files
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, delete, func, select
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.orm import Session

from skirmish.engine.game import RECORD_FORMAT
from skirmish.errors import StoreError
from skirmish.store import DEFAULT_URL
from skirmish.store.tables import GameRow, MoveRow

MIGRATIONS = str(files("skirmish.store") / "migrations")


@dataclass(frozen=True, slots=True)
class StoredGame:
    """A stored game: what it is, who plays each side, the seat tokens, whether its computer
    players are paused and the seconds between their actions (``None``: as its players call
    for), and its moves with the side that chose each."""

    id: str
    ruleset: str
    setup: dict[str, Any]
    seed: int
    players: tuple[str, ...]
    seats: tuple[str | None, ...]
    hotseat: str | None
    status: str
    moves: tuple[str, ...]
    sides: tuple[int, ...]
    updated: datetime
    paused: bool
    delay: float | None

    def record(self, upto: int | None = None) -> dict[str, Any]:
        """The record of the game's first ``upto`` moves (all of them by default)."""
        return {
            "format": RECORD_FORMAT,
            "ruleset": self.ruleset,
            "setup": self.setup,
            "seed": self.seed,
            "actions": list(self.moves[:upto]),
        }


def new_token() -> str:
    """A secret that names a game or a seat in a link."""
    return secrets.token_urlsafe(12)


class GameStore:
    """Games kept in the database at ``url``; opening runs the migrations.

    Raises:
        StoreError: the database cannot be opened or migrated.
    """

    def __init__(self, url: str = DEFAULT_URL) -> None:
        try:
            self.engine: Engine = create_engine(url)
            with self.engine.begin() as connection:
                config = Config()
                config.set_main_option("script_location", MIGRATIONS)
                config.attributes["connection"] = connection
                command.upgrade(config, "head")
        except (SQLAlchemyError, OSError, ValueError) as exc:
            raise StoreError(f"cannot open the game store {url}: {_first_line(exc)}") from None

    @contextmanager
    def _session(self, what: str) -> Iterator[Session]:
        try:
            with Session(self.engine) as session, session.begin():
                yield session
        except IntegrityError:
            raise StoreError(f"cannot {what}: it is stored already") from None
        except SQLAlchemyError as exc:
            raise StoreError(f"cannot {what}: {_first_line(exc)}") from None

    def create(
        self,
        ruleset: str,
        setup: dict[str, Any],
        seed: int,
        players: tuple[str, ...],
        seats: tuple[str | None, ...],
        hotseat: str | None,
        status: str,
        delay: float | None = None,
    ) -> str:
        """Store a new game without moves, playing; return its id."""
        game_id, now = new_token(), _now()
        with self._session("store the game") as session:
            session.add(
                GameRow(
                    id=game_id,
                    ruleset=ruleset,
                    setup=setup,
                    seed=seed,
                    players=list(players),
                    seats=list(seats),
                    hotseat=hotseat,
                    status=status,
                    paused=False,
                    delay=delay,
                    created=now,
                    updated=now,
                )
            )
        return game_id

    def game(self, game_id: str) -> StoredGame | None:
        """The stored game of this id, with its moves in order, or ``None``."""
        with self._session("read the game") as session:
            row = session.get(GameRow, game_id)
            if row is None:
                return None
            moves = session.execute(
                select(MoveRow.action, MoveRow.side)
                .where(MoveRow.game_id == game_id)
                .order_by(MoveRow.number)
            ).all()
            return StoredGame(
                row.id,
                row.ruleset,
                row.setup,
                row.seed,
                tuple(row.players),
                tuple(row.seats),
                row.hotseat,
                row.status,
                tuple(m[0] for m in moves),
                tuple(m[1] for m in moves),
                row.updated,
                row.paused,
                row.delay,
            )

    def games(self, limit: int = 100) -> list[tuple[str, str, str, int, datetime]]:
        """The latest games, newest first: (id, ruleset, status, moves, last change)."""
        count = (
            select(func.count(MoveRow.number))
            .where(MoveRow.game_id == GameRow.id)
            .scalar_subquery()
        )
        query = (
            select(GameRow.id, GameRow.ruleset, GameRow.status, count, GameRow.updated)
            .order_by(GameRow.updated.desc(), GameRow.id)
            .limit(limit)
        )
        with self._session("list the games") as session:
            return [(r[0], r[1], r[2], int(r[3]), r[4]) for r in session.execute(query)]

    def append(self, game_id: str, first: int, moves: list[tuple[str, int]], status: str) -> None:
        """Store ``moves`` (action text, side) numbered from ``first``, and the new status, in
        one transaction.

        Raises:
            StoreError: a number is already stored (the moves were stored before).
        """
        with self._session(f"store move {first} of game {game_id}") as session:
            session.add_all(
                MoveRow(game_id=game_id, number=first + n, action=text, side=side)
                for n, (text, side) in enumerate(moves)
            )
            session.flush()
            self._touch(session, game_id, status)

    def pace(self, game_id: str, paused: bool, delay: float) -> None:
        """Store whether the game's computer players are paused and the seconds between their
        actions, so a restart keeps them (not a change of the game: its time is kept)."""
        with self._session(f"store the pace of game {game_id}") as session:
            row = session.get(GameRow, game_id)
            if row is None:
                raise StoreError(f"no game {game_id!r} in the store")
            row.paused, row.delay = paused, delay

    def truncate(self, game_id: str, number: int, status: str) -> None:
        """Delete the moves from ``number`` on (a take-back), and set the status."""
        with self._session(f"take back the moves of game {game_id}") as session:
            session.execute(
                delete(MoveRow).where(MoveRow.game_id == game_id, MoveRow.number >= number)
            )
            self._touch(session, game_id, status)

    @staticmethod
    def _touch(session: Session, game_id: str, status: str) -> None:
        row = session.get(GameRow, game_id)
        if row is None:
            raise StoreError(f"no game {game_id!r} in the store")
        row.status, row.updated = status, _now()


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def _first_line(exc: BaseException) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0]
