"""Invite links are opened once: opening one gives its seat a token of its own, and the
invite's hash is kept here, so that the link opens nothing afterwards and says it was used
(a creator who kept the link could otherwise read and play the seat). Seats of existing
tables keep their token: an invite not yet opened is exchanged when it is.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("invite_hash", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("invite_hash")
