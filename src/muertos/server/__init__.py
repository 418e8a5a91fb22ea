"""The web table: an ASGI app (FastAPI) with storage, a JSON API, live updates over
WebSocket, bots that move on the server, and a static browser front end.

    >>> from muertos.server import create_app
    >>> app = create_app("sqlite://")        # in memory; serve() runs it with uvicorn

``muertos serve --db URL`` calls :func:`serve`; ``create_app(db_url)`` builds the app.

Layers, each in its own module (details there):

- **Storage** (``storage/``): the :class:`~muertos.server.storage.Storage` contract and
  three stores chosen by URL: SQLite (default; WAL, checkpoints in a thread of its own),
  PostgreSQL (several server processes share tables; changes announced with NOTIFY) and
  ``memory://``. A table is its game, players, options, seed, seats (tokens stored as
  SHA-256) and actions; a move is stored only as the table's next, so of two racing moves
  exactly one is kept. The schema is owned by Alembic migrations (``migrations/``).
- **Service** (``tables.py``): everything a table does, independent of HTTP; it refuses
  with the kinds of ``errors.py`` (illegal, not allowed, not found, not now, invalid).
  States are rebuilt with ``Game.replay`` and cached; the replay viewer starts from
  positions kept every 16 actions. Undo: only the caller's own last move, while the game
  is not over, and only if it revealed nothing (no chance, no secret, nothing hidden).
- **Bots** (``bots.py``): moves computed in worker processes under a hard deadline, a
  cheaper agent after a timeout, tables served in turn.
- **HTTP** (``http.py``, ``routes.py``, ``schemas.py``, ``app.py``): the routes ask for
  the service, the bots and the seat token as dependencies and answer with the Pydantic
  models of ``schemas.py``; ``http.py`` maps refusals to statuses (400 illegal, 403
  token, 404 unknown, 409 not now, 413 too large, 422 malformed), writes every error as
  ``{"detail", "code"}`` and limits request bodies. Seats are 0-based in the API and
  1-based in every message a person reads.
- **Live** (``live.py``): ``/ws/tables/{id}?token=…``; a change only wakes subscribers,
  each then computes its own seat's view and redacted events (one shared read of the
  table after the change, each seat's view computed once for all its subscribers).
- **Front end** (``static/``): plain ES modules, CSS and SVG, no build step: the lobby,
  the table page, and ``static/games/<id>.js`` boards for all five games.
- **Processes** (``processes.py``): ``muertos serve --workers N``, N web processes behind
  one port on one PostgreSQL database, each building its app from the environment
  (``from_environment``, an app factory for uvicorn); ``docs/deploy.md`` runs it behind a
  reverse proxy.
- **Load**: ``benchmarks/load.py`` drives concurrent tables over HTTP and WebSocket, with
  and without tables of bots, and prints move latency percentiles and CPU per move.
"""

from .app import create_app, serve

__all__ = ["create_app", "serve"]
