"""The web table: an ASGI app (FastAPI) with storage, a JSON API, live updates over
WebSocket, bots that move on the server, and a static browser front end.

    >>> from muertos.server import create_app
    >>> app = create_app("sqlite://")        # in memory; serve() runs it with uvicorn

``muertos serve --db URL`` calls :func:`serve`; ``create_app(db_url)`` builds the app.

Design, in short (details in each module):

- **Storage** (``storage.py``): SQLAlchemy 2 Core; SQLite by default, PostgreSQL through a
  ``postgresql://`` URL (psycopg 3). The schema is owned by Alembic migrations
  (``migrations/``), run at start-up; ``alembic_version`` records the revision. A table
  is its game, players, options, seed, seats (tokens stored as SHA-256) and actions; the
  state is rebuilt with ``Game.replay`` (a cache keeps the last state of each table,
  checked against the stored actions on every use). One transaction per move;
  UNIQUE(table_id, index) decides races: the loser gets 409 and nothing is doubled.
  The hot path (a table with its seats and actions: one connection, three queries; a
  move's insert) is plain SQL on the DBAPI cursor with SQLAlchemy's type processors.
  SQLite runs in WAL mode with synchronous=NORMAL (a crash or restart of the server
  loses nothing; only a power cut could lose the last moves) and the server checkpoints
  the WAL in a background thread, so no request waits for a checkpoint's fsync.
- **API** (``app.py``, OpenAPI at ``/openapi.json``): errors are ``{"detail", "code"}``
  with 400 illegal action, 403 token missing/wrong or wrong seat, 404 unknown table,
  409 not your turn / game over / stale index / lost race / undo refused, 422 malformed.
  Seats are 0-based in the API. Seeds, tokens and raw actions are never sent.
- **Undo** (``TableService.undo_refusal``): allowed iff the table's last move is the
  caller's and revealed nothing: no chance (the generator did not move), no event private
  to another seat, and replaying it on several determinizations for the mover gives the
  mover the same view and events.
- **Bots** play in two worker threads of their own after every change, until a human
  is to move; a restarted server resumes them.
- **Live** (``live.py``): ``/ws/tables/{id}?token=…``; a change only wakes subscribers,
  each then computes its own seat's view and redacted events (from one shared read of the
  table made after the change, its token checked again; each seat's view computed once
  for all its subscribers). With SQLite the process that stored a move hands the table
  as stored to its subscribers, so they read nothing and their messages are computed on
  the event loop. With PostgreSQL, changes are announced with NOTIFY on
  ``muertos_tables``, so server processes share tables (and subscribers always re-read).
- **Catalog**: ``GET /api/games/{id}/catalog`` serves ``Game.catalog()`` (the static
  component data views name by id: card faces, objective texts, board layout), cached.
- **Front end** (``static/``): plain ES modules, CSS and SVG, no build step. The lobby,
  the table page, a generic SVG board for any view, and ``static/games/<id>.js`` boards
  for all five games, which draw card faces from the catalog (colour always with a letter
  or symbol) and map clicks to actions; the legal-action list stays beside the board.
- **Load**: ``benchmarks/load.py`` drives concurrent tables over HTTP and WebSocket and
  prints moves/s, move latency percentiles and the server's CPU time per move.
"""

from .app import create_app, serve

__all__ = ["create_app", "serve"]
