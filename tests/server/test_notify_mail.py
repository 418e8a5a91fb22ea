"""Turn messages by e-mail (issue 38, item 6), and every turn message in its reader's
language: a local SMTP server on 127.0.0.1 (aiosmtpd) gets one message per seat per turn
while the tab is closed, with the stop link as ``List-Unsubscribe``; a bad address is
refused and changes nothing; the address is the seat's alone."""

from __future__ import annotations

import email
import email.policy
import socket
from collections.abc import Iterator
from email.message import EmailMessage
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from fastapi.testclient import TestClient

from muertos.server import create_app
from muertos.server.notify import Smtp

from .conftest import TOY_GAMES, Table, human, make_table
from .test_notify import Hook, hook, move, settle, until_here  # noqa: F401 (hook: a fixture)

ANA = "ana.lopez+mesa@example.org"


class Mailbox:
    """An SMTP server on 127.0.0.1: keeps what it is sent, refuses while told to."""

    def __init__(self) -> None:
        self.got: list[EmailMessage] = []
        self.tries = 0
        self.refuse = 0
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.controller = Controller(self, hostname="127.0.0.1", port=self.port)
        self.controller.start()

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.tries += 1
        if self.refuse:
            self.refuse -= 1
            return "451 try again later"
        content = envelope.content.replace(b"\r\n", b"\n")  # as it went over the wire: CRLF
        message = email.message_from_bytes(content, policy=email.policy.default)
        assert isinstance(message, EmailMessage)
        self.got.append(message)
        return "250 OK"

    def close(self) -> None:
        self.controller.stop()


@pytest.fixture
def mailbox() -> Iterator[Mailbox]:
    m = Mailbox()
    yield m
    m.close()


def app_for(url: str, mailbox: Mailbox | None, **settings: Any) -> Any:
    """An app of the toy game sending e-mail to ``mailbox``; ``settings`` add to ``create_app``'s."""
    smtp = Smtp("127.0.0.1", mailbox.port, "table@muertos.test") if mailbox else None
    return create_app(
        url,
        games=TOY_GAMES,
        watch_tick=None,
        allow_private_hooks=True,
        hook_retries=(0.0, 0.0),
        smtp=smtp,
        **settings,
    )


@pytest.fixture
def mail_client(store_url: str, mailbox: Mailbox) -> Iterator[TestClient]:
    with TestClient(app_for(store_url, mailbox)) as c:
        yield c


def subscribe(t: Table, seat: int, lang: str = "en", **body: str | None) -> Any:
    return t.client.put(
        f"/api/tables/{t.id}/notify",
        json=body,
        headers={"X-Seat-Token": t.tokens[seat], "Accept-Language": lang},
    )


def settings(t: Table, seat: int) -> dict[str, Any]:
    r = t.client.get(f"/api/tables/{t.id}/notify", headers={"X-Seat-Token": t.tokens[seat]})
    assert r.status_code == 200, r.text
    got: dict[str, Any] = r.json()
    return got


def test_an_email_arrives_once_per_turn(mail_client: TestClient, mailbox: Mailbox) -> None:
    """Issue 38: game, table, "your turn", the link and a one-click stop; nothing else."""
    t = make_table(mail_client, "toy", [human("Ana"), human("Bo")], seed=3)
    r = subscribe(t, 1, email=f"  {ANA} ")
    assert r.status_code == 200, r.text
    assert r.json()["email"] == ANA and r.json()["email_available"] is True
    stop_url = r.json()["stop_url"]
    assert move(t) == 1
    settle(mail_client)
    assert len(mailbox.got) == 1
    m = mailbox.got[0]
    assert (m["To"], m["From"]) == (ANA, "table@muertos.test")
    assert m["Subject"] == f"Your turn at Toy (table {t.id})"
    assert m["List-Unsubscribe"] == f"<{stop_url}>"
    assert m["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    body = m.get_content()
    assert body.startswith(
        f"It is your turn at Toy, table {t.id}.\n\nOpen the table: http://127.0.0.1:8000/table/{t.id}\n"
    )
    assert body.rstrip().endswith(f"To stop these messages, open: {stop_url}")
    mail_client.post(
        f"/api/tables/{t.id}/chat", json={"text": "hurry"}, headers={"X-Seat-Token": t.tokens[0]}
    )
    settle(mail_client)
    assert len(mailbox.got) == 1  # the same turn: not again
    assert move(t) == 0 and move(t) == 1
    settle(mail_client)
    assert len(mailbox.got) == 2


def test_no_email_while_the_tab_is_open(mail_client: TestClient, mailbox: Mailbox) -> None:
    t = make_table(mail_client, "toy", [human(), human()], seed=3)
    assert subscribe(t, 1, email=ANA).status_code == 200
    with mail_client.websocket_connect(f"/ws/tables/{t.id}?token={t.tokens[1]}") as ws:
        ws.receive_json()
        until_here(t, 1)
        move(t)
        ws.receive_json()
        settle(mail_client)
    assert mailbox.got == [] and mailbox.tries == 0


def test_the_one_click_stop_of_an_email(mail_client: TestClient, mailbox: Mailbox) -> None:
    """RFC 8058: the mail client POSTs the List-Unsubscribe link; every way stops."""
    t = make_table(mail_client, "toy", [human(), human()], seed=3)
    assert subscribe(t, 1, email=ANA).status_code == 200
    move(t)
    settle(mail_client)
    link = mailbox.got[0]["List-Unsubscribe"].strip("<>").replace("http://127.0.0.1:8000", "")
    r = mail_client.post(link, content=b"List-Unsubscribe=One-Click")
    assert r.status_code == 200 and r.json() == {"stopped": True}
    assert settings(t, 1)["email"] is None
    move(t)
    move(t)
    settle(mail_client)
    assert len(mailbox.got) == 1


@pytest.mark.parametrize(
    ("address", "key"),
    [
        ("ana@example.org\r\nBcc: everyone@example.org", "email_control"),
        ("ana@example.org\nSubject: hi", "email_control"),
        ("ana lopez@example.org", "email_control"),
        ("ana\x00@example.org", "email_control"),
        ("ana@bo@example.org", "email_at"),
        ("ana.example.org", "email_at"),
        ("ana@", "email_form"),
        ("ana@example", "email_form"),
        ("<ana@example.org>", "email_form"),
        ("ana,bo@example.org", "email_form"),
        ("a" * 250 + "@example.org", "email_too_long"),
    ],
)
def test_a_bad_address_is_refused_and_changes_nothing(
    sqlite_url: str, mailbox: Mailbox, address: str, key: str
) -> None:
    with TestClient(app_for(sqlite_url, mailbox)) as c:
        t = make_table(c, "toy", [human(), human()], seed=3)
        assert subscribe(t, 1, email=ANA).status_code == 200
        for lang, words in (("en", "e-mail address"), ("es", "dirección de correo")):
            r = subscribe(t, 1, lang, email=address)
            assert r.status_code == 422, r.text
            assert r.json()["code"] == "bad_email" and words in r.json()["detail"]
            assert address.strip() not in r.text  # the refusal never repeats it
        assert settings(t, 1)["email"] == ANA
        from muertos.server.notify import NotifyInvalid, check_email

        with pytest.raises(NotifyInvalid) as e:
            check_email(address)
        assert e.value.key == key


def test_another_seats_token_is_refused(mail_client: TestClient, mailbox: Mailbox) -> None:
    t = make_table(mail_client, "toy", [human(), human()], seed=3)
    other = make_table(mail_client, "toy", [human(), human()])
    for headers in ({}, {"X-Seat-Token": other.tokens[1]}):
        r = mail_client.put(f"/api/tables/{t.id}/notify", json={"email": ANA}, headers=headers)
        assert r.status_code == 403 and r.json()["code"] in ("seat_required", "bad_token")
        assert mail_client.get(f"/api/tables/{t.id}/notify", headers=headers).status_code == 403
    assert settings(t, 1)["email"] is None
    move(t)
    settle(mail_client)
    assert mailbox.got == []


def test_the_address_is_shown_to_nobody_else(mail_client: TestClient, mailbox: Mailbox) -> None:
    """Issue 38: never shown to any other seat or spectator, in no view or response."""
    t = make_table(mail_client, "toy", [human("Ana"), human("Bo")], seed=3)
    assert subscribe(t, 1, email=ANA).status_code == 200
    move(t)
    move(t)
    seen = [
        mail_client.get(f"/api/tables/{t.id}", headers={"X-Seat-Token": t.tokens[0]}).text,
        mail_client.get(f"/api/tables/{t.id}").text,
        mail_client.get(f"/api/tables/{t.id}/log").text,
        mail_client.get("/api/tables").text,
        mail_client.get(f"/api/tables/{t.id}/chat").text,
    ]
    for who in (f"token={t.tokens[0]}", ""):
        with mail_client.websocket_connect(f"/ws/tables/{t.id}?{who}") as ws:
            seen.append(str(ws.receive_json()))
    assert all(r and ANA not in r and "ana.lopez" not in r for r in seen)


def test_a_server_without_smtp_takes_no_address(sqlite_url: str) -> None:
    with TestClient(app_for(sqlite_url, None)) as c:
        t = make_table(c, "toy", [human(), human()])
        assert settings(t, 1)["email_available"] is False
        r = subscribe(t, 1, email=ANA)
        assert r.status_code == 422 and r.json()["code"] == "no_email"
        assert settings(t, 1)["email"] is None


def test_a_failing_address_is_dropped_and_the_seat_told(mail_client: TestClient, mailbox: Mailbox) -> None:
    """Retried (here after 0 s twice), then dropped: the seat's settings say so."""
    t = make_table(mail_client, "toy", [human(), human()], seed=3)
    assert subscribe(t, 1, email=ANA).status_code == 200
    mailbox.refuse = 3
    move(t)
    settle(mail_client)
    assert mailbox.tries == 3 and mailbox.got == []
    got = settings(t, 1)
    assert got["email"] is None and got["dropped"] == "email"
    assert subscribe(t, 1, email=ANA).json()["dropped"] is None  # set again: the notice goes


def test_messages_come_in_their_readers_language(
    mail_client: TestClient,
    mailbox: Mailbox,
    hook: Hook,  # noqa: F811
) -> None:
    """The language of the request that set them: Spanish for Bo, English for Ana."""
    t = make_table(mail_client, "toy", [human("Ana"), human("Bo")], seed=3)
    assert t.tokens[1]  # Bo opens his invite first: the table starts before anyone is told of it
    assert subscribe(t, 0, "en", email="ana@example.org", webhook=hook.url).status_code == 200
    assert subscribe(t, 1, "es-MX,es;q=0.9", email="bo@example.org", webhook=hook.url).status_code == 200
    stops = [settings(t, seat)["stop_url"] for seat in (0, 1)]
    move(t)
    settle(mail_client)
    move(t)
    settle(mail_client)
    by_to = {m["To"]: m for m in mailbox.got}
    listed = mail_client.get("/api/tables?lang=es").json()
    titulo = next(x["title"] for x in listed if x["id"] == t.id)  # the game's title in Spanish
    assert by_to["bo@example.org"]["Subject"] == f"Te toca en {titulo} (mesa {t.id})"
    assert by_to["bo@example.org"].get_content().startswith(f"Te toca en {titulo}, mesa {t.id}.")
    assert by_to["ana@example.org"]["Subject"] == f"Your turn at Toy (table {t.id})"
    url = f"http://127.0.0.1:8000/table/{t.id}"
    assert [h["text"] for h in hook.got] == [
        f"Te toca en {titulo} (mesa {t.id}): {url} (para dejar de recibir estos mensajes: {stops[1]})",
        f"It is your turn at Toy (table {t.id}): {url} (to stop these messages: {stops[0]})",
    ]


def test_smtp_settings_from_flags_or_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """``muertos serve --smtp HOST:PORT --smtp-from …`` or ``MUERTOS_SMTP*``; bad ones stop it."""
    from typer.testing import CliRunner

    from muertos.cli import app

    assert Smtp.parse("mail.example.org:587", "t@example.org", "u", "p", True) == Smtp(
        "mail.example.org", 587, "t@example.org", "u", "p", True
    )
    assert Smtp.parse("[::1]:2525", "t@example.org").host == "::1"
    assert Smtp.parse("mail.example.org", "t@example.org").port == 25
    with pytest.raises(ValueError, match="HOST:PORT"):
        Smtp.parse("mail.example.org:smtp", "t@example.org")
    monkeypatch.setenv("MUERTOS_SMTP", "127.0.0.1:2525")
    monkeypatch.setenv("MUERTOS_SMTP_FROM", "not an address")
    r = CliRunner().invoke(app, ["serve", "--db", "memory://"])
    assert r.exit_code != 0 and "--smtp-from" in r.output
