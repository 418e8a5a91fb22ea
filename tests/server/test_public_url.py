"""The links of turn messages start at the server's public URL (issue 38, follow-up):
``muertos serve --public-url`` or ``MUERTOS_PUBLIC_URL`` (``create_app(public_url=…)``),
for a server behind a proxy or listening on 0.0.0.0; a URL whose links could not open
stops the start, and a server on every interface without one warns once."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from muertos.cli import app as cli
from muertos.server import create_app, serve

from .conftest import TOY_GAMES, human, make_table
from .test_notify import Hook, hook, move, settle  # noqa: F401 (hook: a fixture)
from .test_notify_mail import ANA, Mailbox, app_for, mailbox, subscribe  # noqa: F401 (mailbox: a fixture)

PUBLIC = "https://muertos.example.org/mesas"


def test_every_link_of_a_message_starts_at_the_public_url(
    sqlite_url: str,
    mailbox: Mailbox,  # noqa: F811
    hook: Hook,  # noqa: F811
) -> None:
    with TestClient(app_for(sqlite_url, mailbox, public_url=f" {PUBLIC}/ ")) as c:
        t = make_table(c, "toy", [human("Ana"), human("Bo")], seed=3)
        r = subscribe(t, 1, email=ANA, webhook=hook.url)
        assert r.status_code == 200, r.text
        stop = r.json()["stop_url"]
        assert stop.startswith(f"{PUBLIC}/api/tables/{t.id}/notify/stop?seat=1&key=")
        move(t)
        settle(c)
        table = f"{PUBLIC}/table/{t.id}"
        assert [h["text"] for h in hook.got] == [
            f"It is your turn at Toy (table {t.id}): {table} (to stop these messages: {stop})"
        ]
        [mail] = mailbox.got
        assert mail["List-Unsubscribe"] == f"<{stop}>"
        body = mail.get_content()
        assert f"Open the table: {table}\n" in body and body.rstrip().endswith(f"open: {stop}")
        assert "127.0.0.1:8000" not in mail.as_string() + str(hook.got)
        # The stop link is this seat's: opened at the server, it stops the messages.
        r = c.post(stop.removeprefix(PUBLIC), content=b"List-Unsubscribe=One-Click")
        assert r.json() == {"stopped": True}


@pytest.mark.parametrize(
    ("url", "problem"),
    [
        ("muertos.example.org", "must start with http:// or https:// and name a host"),
        ("ftp://muertos.example.org", "must start with http:// or https:// and name a host"),
        ("https://", "must start with http:// or https:// and name a host"),
        ("https://muertos.example.org:99999", "must start with http:// or https:// and name a host"),
        ("https://[::1", "must start with http:// or https:// and name a host"),
        ("https://muertos.example.org/a b", "with no spaces"),
        ("https://muertos.example.org/\r\nBcc: everyone@example.org", "with no spaces"),
        ("https://ana:secret@muertos.example.org", "may not carry a user name or password"),
        ("https://muertos.example.org/?lang=es", "may not have a query (?…) or a fragment (#…)"),
        ("https://muertos.example.org/#top", "may not have a query (?…) or a fragment (#…)"),
    ],
)
def test_a_public_url_whose_links_could_not_open_stops_the_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, url: str, problem: str
) -> None:
    db = tmp_path / "muertos.db"
    with pytest.raises(ValueError) as e:
        create_app(f"sqlite:///{db}", games=TOY_GAMES, public_url=url)
    assert problem in str(e.value) and "secret" not in str(e.value)
    assert not db.exists()  # refused before anything was opened
    started: list[Any] = []
    monkeypatch.setattr("muertos.server.serve", lambda *a, **kw: started.append(kw))
    r = CliRunner().invoke(cli, ["serve", "--db", "memory://", "--public-url", url])
    assert r.exit_code == 2 and started == []
    assert " ".join(r.output.split()) == f"error: {e.value}"  # the same words, on stderr


def test_serve_reads_the_public_url_from_its_option_or_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    given: list[str | None] = []
    monkeypatch.setattr("muertos.server.serve", lambda *a, **kw: given.append(kw["public_url"]))
    monkeypatch.delenv("MUERTOS_PUBLIC_URL", raising=False)
    runner = CliRunner()
    assert runner.invoke(cli, ["serve", "--db", "memory://"]).exit_code == 0
    assert runner.invoke(cli, ["serve", "--db", "memory://", "--public-url", f"{PUBLIC}/"]).exit_code == 0
    monkeypatch.setenv("MUERTOS_PUBLIC_URL", "http://[2001:db8::1]:8080")
    assert runner.invoke(cli, ["serve", "--db", "memory://"]).exit_code == 0
    assert runner.invoke(cli, ["serve", "--db", "memory://", "--public-url", PUBLIC]).exit_code == 0
    assert given == [None, PUBLIC, "http://[2001:db8::1]:8080", PUBLIC]  # the flag wins


@pytest.mark.parametrize(
    ("host", "public_url", "links", "warned"),
    [
        ("0.0.0.0", None, "http://0.0.0.0:8000", True),
        ("::", None, "http://[::]:8000", True),
        ("127.0.0.1", None, "http://127.0.0.1:8000", False),
        ("0.0.0.0", PUBLIC, PUBLIC, False),
    ],
)
def test_a_server_on_every_interface_without_a_public_url_warns_once(
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    host: str,
    public_url: str | None,
    links: str,
    warned: bool,
) -> None:
    """Without one, links use the address it listens on, as before; from 0.0.0.0 or ::
    they open nowhere else, and the log says so once."""
    import uvicorn

    ran: list[str] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: ran.append(app.state.notifier.public_url))
    with caplog.at_level(logging.WARNING, logger="muertos.server"):
        serve("memory://", host, 8000, bot_workers=1, public_url=public_url)
    assert ran == [links]
    said = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert said == (
        [
            f"listening on {host} with no --public-url (MUERTOS_PUBLIC_URL): "
            f"links in turn messages will start with {links}, which opens from no other "
            "machine; give the address people reach this server at"
        ]
        if warned
        else []
    )
