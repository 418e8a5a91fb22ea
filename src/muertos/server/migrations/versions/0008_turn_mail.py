"""Turn messages by e-mail (issue 38, item 6): a seat's address, the language its person
reads (the messages are written in it), and which of its ways of being told was dropped
after failing (told to the seat on its page).

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("notify_email", sa.String(254), nullable=True))
        batch.add_column(sa.Column("notify_lang", sa.String(8), nullable=True))
        batch.add_column(sa.Column("notify_dropped", sa.String(16), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("notify_dropped")
        batch.drop_column("notify_lang")
        batch.drop_column("notify_email")
