"""Alembic environment: always run online, on the connection ``storage.migrate`` hands over.

There is no alembic.ini: the server upgrades its own database at start-up, so a user
never runs a migration command by hand. Importing this module outside Alembic (pytest's
doctest collection does) does nothing.
"""

from __future__ import annotations

from alembic import context

from muertos.server.storage.sql import metadata


def run() -> None:
    connection = context.config.attributes["connection"]
    context.configure(connection=connection, target_metadata=metadata)
    with context.begin_transaction():
        context.run_migrations()


if hasattr(context, "config"):  # only while Alembic runs the migrations
    run()
