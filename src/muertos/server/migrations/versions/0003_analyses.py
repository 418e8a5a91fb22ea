"""Analyses: a finished game's post-game analysis (issue 20) kept once computed, because
a long game's takes minutes of the bot workers' time.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "analyses",
        sa.Column(
            "table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("actions", sa.Integer, primary_key=True),
        sa.Column("iterations", sa.Integer, primary_key=True),
        sa.Column("seed", sa.BigInteger, primary_key=True),
        sa.Column("format", sa.Integer, primary_key=True),
        sa.Column("result", sa.JSON, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("analyses")
