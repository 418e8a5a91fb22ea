"""Turn messages (issue 38, item 6): where a seat's person wants to be told that it is
their turn while their tab is closed (a webhook URL), and the move they were last told
about (one message per seat per turn, whichever server sends it).

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("notify_url", sa.String(500), nullable=True))
        batch.add_column(sa.Column("notified_move", sa.Integer, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("notified_move")
        batch.drop_column("notify_url")
