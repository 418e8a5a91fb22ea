"""Alembic migrations of the web table's database (run at start-up by ``storage.migrate``)."""
