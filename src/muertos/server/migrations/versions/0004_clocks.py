"""Clocks and seats that people leave (issue 38): a table's time limit, the time it
started (every person seated), the choices made about a seat whose time ran out, the
seat that resigned; and, for each seat, the move from which a bot plays it and why.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("clock", sa.JSON(none_as_null=True), nullable=True))
        batch.add_column(sa.Column("started_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("votes", sa.JSON(none_as_null=True), nullable=True))
        batch.add_column(sa.Column("resigned", sa.Integer, nullable=True))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("bot_from", sa.Integer, nullable=True))
        batch.add_column(sa.Column("bot_why", sa.String(16), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("bot_why")
        batch.drop_column("bot_from")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("resigned")
        batch.drop_column("votes")
        batch.drop_column("started_at")
        batch.drop_column("clock")
