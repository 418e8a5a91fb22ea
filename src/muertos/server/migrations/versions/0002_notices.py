"""Notices: what the server told a table's players about its bots (a seat that fell back
to a cheaper agent), kept with the table so its log shows them after a restart.

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
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("notices", sa.JSON, nullable=False, server_default=sa.text("'[]'")))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("notices")
