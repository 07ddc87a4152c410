"""The schema of stored games: one row per game (what it is and who plays each side) and one
row per action, appended as it is played, so a stored game replays to where it stood."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    false,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    """The tables of the store."""


class GameRow(Base):
    """A game: its ruleset, normalized setup and seed (with its moves, its record), the player
    kind of every side, the secret token of each human seat, and whether its computer players
    are paused and the seconds between their actions (``None``: as its players call for)."""

    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    ruleset: Mapped[str] = mapped_column(String(64))
    setup: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    players: Mapped[list[str]] = mapped_column(JSON)
    seats: Mapped[list[str | None]] = mapped_column(JSON)
    hotseat: Mapped[str | None] = mapped_column(String(64), nullable=True)
    status: Mapped[str] = mapped_column(String(200))
    paused: Mapped[bool] = mapped_column(Boolean, server_default=false())
    delay: Mapped[float | None] = mapped_column(Float, nullable=True)
    created: Mapped[datetime] = mapped_column(DateTime)
    updated: Mapped[datetime] = mapped_column(DateTime)


class MoveRow(Base):
    """One action of a game, numbered from 0 in the order played, and the side that chose it."""

    __tablename__ = "moves"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    action: Mapped[str] = mapped_column(Text)
    side: Mapped[int] = mapped_column(Integer)
