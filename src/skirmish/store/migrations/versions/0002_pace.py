"""Whether a game's computer players are paused, and the seconds between their actions.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A game stored before is playing at the pace its players call for (no delay stored).
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("paused", sa.Boolean, nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("delay", sa.Float, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("delay")
        batch.drop_column("paused")
