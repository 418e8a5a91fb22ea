"""Fixtures of the web-table tests: apps on SQLite files or a throwaway PostgreSQL database.

PostgreSQL is expected at 127.0.0.1:5432 (trust auth, user postgres, database ``test``);
one database ``muertos_test_<random>`` is created per test session and dropped after.
Without a reachable server the PostgreSQL tests skip, except under CI, where they fail.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

warnings.filterwarnings("ignore", message=".*httpx2.*")

from fastapi.testclient import TestClient  # noqa: E402

from muertos.engine import Game  # noqa: E402
from muertos.server import create_app  # noqa: E402
from tests.engine.toy import TOY  # noqa: E402

PG_ADMIN = os.environ.get("MUERTOS_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")
# The tests choose the seed of tables two people sit at, for a known deal (a server refuses
# it by default: test_api.py::test_a_seed_is_refused_where_another_person_sits). Servers the
# tests start in other processes inherit it.
os.environ["MUERTOS_SEEDED_TABLES"] = "1"
TOY_GAMES: dict[str, Game] = {"toy": TOY}


def human(name: str | None = None) -> dict[str, Any]:
    return {"kind": "human", "name": name} if name else {"kind": "human"}


def bot(agent: str = "random") -> dict[str, Any]:
    return {"kind": "bot", "agent": agent}


class Tokens(dict[int, str]):
    """A table's tokens by seat as a test holds them: an invite is opened the first time the
    test uses it (``POST …/join``, as the table page opens its link), and the seat's own token
    the server gives then replaces it. A token the server refuses stays, for the test to see
    the refusal."""

    def __init__(self, client: TestClient, table_id: str, tokens: dict[int, str]) -> None:
        super().__init__(tokens)
        self.client = client
        self.table_id = table_id
        self.opened: set[int] = set()

    def __getitem__(self, seat: int) -> str:
        token = super().__getitem__(seat)
        if seat not in self.opened:
            self.opened.add(seat)
            r = self.client.post(f"/api/tables/{self.table_id}/join", headers={"X-Seat-Token": token})
            if r.status_code == 200:
                token = r.json()["token"]
                super().__setitem__(seat, token)
        return token


class Table:
    """A created table with its tokens, and shortcuts for the calls tests make. ``tokens``
    (those of a ``Table`` of the same table on an earlier server) keeps invites opened."""

    def __init__(
        self, client: TestClient, created: dict[str, Any], tokens: dict[int, str] | None = None
    ) -> None:
        self.client = client
        self.created = created
        self.id: str = created["id"]
        self.invites: dict[int, str] = {i["seat"]: i["token"] for i in created["invites"]}
        self.tokens = Tokens(client, self.id, dict(tokens if tokens is not None else self.invites))

    def get(self, seat: int | None = None) -> dict[str, Any]:
        headers = {"X-Seat-Token": self.tokens[seat]} if seat is not None else {}
        r = self.client.get(f"/api/tables/{self.id}", headers=headers)
        assert r.status_code == 200, r.text
        out: dict[str, Any] = r.json()
        return out

    def act(self, seat: int, action: str, index: int | None = None, **kw: Any) -> Any:
        body: dict[str, Any] = {"action": action, **kw}
        if index is not None:
            body["index"] = index
        return self.client.post(
            f"/api/tables/{self.id}/actions", json=body, headers={"X-Seat-Token": self.tokens[seat]}
        )

    def undo(self, seat: int | None, index: int | None = None) -> Any:
        """Ask to take back move ``index`` (default: the table's last, as the page names it)."""
        if index is None:
            index = self.get()["moves"] - 1
        headers = {"X-Seat-Token": self.tokens[seat]} if seat is not None else {}
        return self.client.post(f"/api/tables/{self.id}/undo", json={"index": index}, headers=headers)

    def settle(self) -> None:
        """Wait until the server's bots have stopped thinking."""
        self.client.portal.call(self.client.app.state.bots.idle)  # type: ignore[attr-defined,union-attr]


def opened(base: str, created: dict[str, Any]) -> dict[int, str]:
    """Each person's seat's own token at a table a server at ``base`` (``http://host:port``)
    created: every invite opened (``POST …/join``), as the table page opens its link."""
    import httpx

    out: dict[int, str] = {}
    for i in created["invites"]:
        r = httpx.post(f"{base}/api/tables/{created['id']}/join", headers={"X-Seat-Token": i["token"]})
        assert r.status_code == 200, r.text
        out[i["seat"]] = r.json()["token"]
    return out


def make_table(client: TestClient, game: str, seats: list[dict[str, Any]], **kw: Any) -> Table:
    r = client.post("/api/tables", json={"game": game, "seats": seats, **kw})
    assert r.status_code == 201, r.text
    return Table(client, r.json())


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'muertos.db'}"


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    """A toy-game table server on a fresh SQLite file."""
    with TestClient(create_app(sqlite_url, games=TOY_GAMES)) as c:
        yield c


@pytest.fixture
def real_client(sqlite_url: str) -> Iterator[TestClient]:
    """The server with every game of ``muertos.game_ids()``."""
    with TestClient(create_app(sqlite_url)) as c:
        yield c


def _pg_reachable() -> str | None:
    try:
        import psycopg

        with psycopg.connect(PG_ADMIN, connect_timeout=3) as conn:
            conn.execute("SELECT 1")
        return None
    except Exception as e:
        return f"{type(e).__name__}: {e}"


@contextlib.contextmanager
def _throwaway_database() -> Iterator[str]:
    """URL of a new PostgreSQL database, dropped afterwards."""
    why = _pg_reachable()
    if why is not None:
        if os.environ.get("CI"):
            pytest.fail(f"PostgreSQL is required under CI and not reachable at {PG_ADMIN}: {why}")
        pytest.skip(f"no PostgreSQL at {PG_ADMIN}: {why}")
    import psycopg

    name = f"muertos_test_{secrets.token_hex(4)}"
    with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    base = PG_ADMIN.rsplit("/", 1)[0]
    try:
        yield f"{base}/{name}"
    finally:
        with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture(scope="session")
def pg_url() -> Iterator[str]:
    """URL of a throwaway PostgreSQL database for this test session (the toy game's tables
    of earlier tests may be in it)."""
    with _throwaway_database() as url:
        yield url


@pytest.fixture
def own_pg_url() -> Iterator[str]:
    """A throwaway PostgreSQL database for one test: a server with the real games must not
    meet the toy game's tables that other tests leave in the session's database."""
    with _throwaway_database() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, sqlite_url: str) -> str:
    """Each storage test runs on SQLite and on PostgreSQL."""
    if request.param == "sqlite":
        return sqlite_url
    url: str = request.getfixturevalue("pg_url")
    return url


@pytest.fixture(params=["sqlite", "postgresql", "memory"])
def store_url(request: pytest.FixtureRequest, sqlite_url: str) -> str:
    """Tests of what every store keeps run on each of the three."""
    if request.param == "sqlite":
        return sqlite_url
    if request.param == "memory":
        return "memory://"
    url: str = request.getfixturevalue("pg_url")
    return url


@pytest.fixture
def db_client(store_url: str) -> Iterator[TestClient]:
    """A toy-game table server on each store in turn (SQLite, PostgreSQL, memory)."""
    with TestClient(create_app(store_url, games=TOY_GAMES)) as c:
        yield c


AppFactory = Callable[..., TestClient]


def schema_at(db_url: str, revision: str) -> Any:
    """A store on ``db_url`` whose schema is that of ``revision``, as a server of that
    version left it (every migration undone, then done again up to it)."""
    from alembic import command
    from alembic.config import Config

    import muertos.server
    from muertos.server.storage import open_store

    store = open_store(db_url)
    cfg = Config()
    cfg.set_main_option("script_location", str(Path(muertos.server.__file__).parent / "migrations"))
    with store.engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "base")
        command.upgrade(cfg, revision)
    return store
