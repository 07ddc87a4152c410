"""Alembic's environment: migrations run on the connection the store hands over."""

from __future__ import annotations

from alembic import context

from skirmish.store.tables import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
