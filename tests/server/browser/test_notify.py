"""Turn messages on the table page (issue 38, item 6): where the server sends e-mail, the
"Tell me when it is my turn" panel takes an address too, in English and Spanish; what was
saved comes back on the next visit; a bad address is refused in words; a way dropped
after failing is said."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from ..conftest import opened
from ..test_notify_mail import Mailbox
from .support import HTTP, serve
from .test_clocks import chromium  # noqa: F401  (fixture)


@pytest.fixture(scope="module")
def mailed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any, Mailbox]]:
    """A server on 127.0.0.1 with SMTP settings (a local mailbox), and its app."""
    from muertos.server import create_app
    from muertos.server.notify import Smtp

    box = Mailbox()
    db = tmp_path_factory.mktemp("notify") / "muertos.db"
    app = create_app(
        f"sqlite:///{db}",
        watch_tick=None,
        bot_workers=1,
        hook_retries=(0.0, 0.0),
        smtp=Smtp("127.0.0.1", box.port, "table@muertos.test"),
    )
    running = serve(app)
    yield next(running), app, box
    next(running, None)
    box.close()


WORDS = {
    "en": ("Tell me when it is my turn", "e-mail address", "Turn messages on.", "exactly one @", "stopped"),
    "es": (
        "Avísame cuando me toque",
        "dirección de correo",
        "Avisos de turno activados.",
        "exactamente una @",
        "dejamos",
    ),
}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_an_email_address_is_given_on_the_table_page(
    mailed: tuple[str, Any, Mailbox],
    chromium: Any,  # noqa: F811
    lang: str,
) -> None:
    base, app, _ = mailed
    title, label, saved, one_at, dropped = WORDS[lang]
    r = HTTP.post(
        f"{base}/api/tables",
        json={
            "game": "ofertu",
            "seats": [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bea"}],
        },
    )
    tid, token = r.json()["id"], opened(base, r.json())[1]
    ctx = chromium.new_context(viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{base}/table/{tid}?token={token}&lang={lang}")
    page.locator(".turn-messages summary", has_text=title).click()
    field = page.locator(".turn-messages input.email")
    field.wait_for(state="visible", timeout=5_000)
    assert field.get_attribute("aria-label") == label
    field.fill("bea@bo@example.org")
    page.locator(".turn-messages button").click()
    page.locator(".toast", has_text=one_at).wait_for(timeout=5_000)
    field.fill("bea@example.org")
    page.locator(".turn-messages button").click()
    page.locator(".toast", has_text=saved).wait_for(timeout=5_000)
    got = HTTP.get(f"{base}/api/tables/{tid}/notify", headers={"X-Seat-Token": token}).json()
    assert got["email"] == "bea@example.org" and got["webhook"] is None
    # A way that failed every try was dropped: the next visit says so, the panel open.
    app.state.store.drop_notify(tid, 1, "email", "bea@example.org")
    page.reload()
    page.locator(".turn-messages .dropped", has_text=dropped).wait_for(timeout=5_000)
    assert page.locator(".turn-messages input.email").input_value() == ""
    assert not errors, errors
    ctx.close()
