"""An action's id is never given twice: a take-back deletes the row of (id, index), and on
SQLite the next move took the deleted row's id (its rowid is the largest plus one), so a
second take-back of the same move, sent at once and stored late, took back the move played
in its place. SQLite's AUTOINCREMENT keeps every id ever given; the table is rebuilt with it,
its rows and ids unchanged. PostgreSQL's sequence never gave an id twice: nothing to do.

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def _rebuild(autoincrement: bool) -> None:
    if op.get_bind().dialect.name != "sqlite":
        return
    with op.batch_alter_table(
        "actions", recreate="always", table_kwargs={"sqlite_autoincrement": autoincrement}
    ):
        pass


def upgrade() -> None:
    _rebuild(True)


def downgrade() -> None:
    _rebuild(False)
