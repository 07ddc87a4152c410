"""Persistence of game records: SQLAlchemy 2 on SQLite by default, any SQLAlchemy URL, the
schema kept by alembic migrations."""

DEFAULT_URL = "sqlite:///skirmish-games.db"
"""A SQLite file in the working folder."""
